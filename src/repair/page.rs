//! A page break: two or three consecutive throws lost (issue 26). The throws supplied are
//! searched throw by throw from the position before the break: each roll and each of its
//! legal plays ([`crate::games::Games::explain_plays`]), keeping at each throw the likeliest
//! few after which the seat that played can still make its next written play (the other seat
//! passing), and at the last throw those after which the first written throw is lawful.
//! Any roll and play that fit are as good: no record can tell them.

use super::edit::{Edit, Supplied};
use super::propose::Proposal;
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::games::Games;
use crate::notation::{Game, Play, Throw};

/// How many partial runs of supplied throws are kept at each throw.
const WIDTH: usize = 6;

/// How many page breaks are proposed (each is replayed whole).
const LAST: usize = 12;

/// The prior of a page break (relative, as those of [`super::propose`]).
const PRIOR: f64 = 0.04;

/// A run of throws supplied so far.
#[derive(Clone)]
struct Run {
    setup: Setup,
    lost: Vec<Supplied>,
    cost: f64,
}

/// The plays of `setup`'s seat with `dice`, each with the position after it.
fn plays(games: Games, game: Game, setup: &Setup, dice: Dice) -> Vec<(String, Setup)> {
    let Ok(shown) = games.explain_plays(setup, dice) else { return Vec::new() };
    shown
        .into_iter()
        .filter_map(|p| {
            let text = format!("{} {}", p.result, setup.turn.other().name());
            let mut after = crate::notation::parse_position_of(&text, Dialect::Soumille, game).ok()?;
            after.score = setup.score.clone();
            Some((p.notation, after))
        })
        .collect()
}

/// What a play does to the board: for each place a man leaves or reaches (points, the bar,
/// the rail; a point's name is the same as an origin and as an end), the men it gains, sorted; a man's rests cancel out, so that a play written as
/// one man's path and as its moves compare equal.
fn key(play: &Play) -> Option<Vec<(String, i32)>> {
    let Play::Moves(ms) = play else { return None };
    let mut net: std::collections::BTreeMap<String, i32> = std::collections::BTreeMap::new();
    for m in ms {
        *net.entry(format!("{:?}", m.from)).or_default() -= 1;
        *net.entry(format!("{:?}", m.to)).or_default() += 1;
    }
    let mut v: Vec<(String, i32)> = net.into_iter().filter(|x| x.1 != 0).collect();
    v.sort_unstable();
    Some(v)
}

/// The position after throw `t`'s written play from `setup` (`None` when it is not lawful
/// or cannot be told).
fn after_written(games: Games, game: Game, setup: &Setup, t: &Throw) -> Option<Setup> {
    let (Some(dice), Some(play)) = (t.dice, &t.play) else { return None };
    let want = key(play)?;
    plays(games, game, setup, dice)
        .into_iter()
        .find(|(p, _)| p.parse::<Play>().ok().as_ref().and_then(key).as_ref() == Some(&want))
        .map(|x| x.1)
}

/// Whether throw `t`'s written play is lawful for `setup`'s seat (true when it cannot be told).
fn lawful(games: Games, setup: &Setup, t: &Throw) -> bool {
    let (Some(dice), Some(play)) = (t.dice, &t.play) else { return true };
    let Some(want) = key(play) else { return true };
    let Ok(shown) = games.explain_plays(setup, dice) else { return true };
    shown.iter().any(|p| p.notation.parse::<Play>().ok().as_ref().and_then(key).as_ref() == Some(&want))
}

/// The page breaks of `k` throws that may be missing before throw `n`, whose written throws
/// from there on are `next` (at least one), the position after throw `n - 1` being `before`.
pub fn page_breaks(
    games: Games,
    game: Game,
    n: u32,
    k: usize,
    before: &Setup,
    next: &[Throw],
    out: &mut Vec<Proposal>,
) {
    let Some(first) = next.first() else { return };
    // the lost throws' seats alternate and end with the other of the first written one's
    let mut start = before.clone();
    if let Some(s) = first.seat {
        start.turn = if k % 2 == 0 { s } else { s.other() };
    }
    let written_seat: Seat = if k % 2 == 0 { start.turn } else { start.turn.other() };
    let mut runs = vec![Run { setup: start, lost: Vec::new(), cost: 0.0 }];
    for j in 1..=k {
        let mut grown: Vec<Run> = Vec::new();
        for run in &runs {
            let r = run.setup.turn;
            for dice in Dice::all() {
                let p_dice: f64 = if dice.is_doublet() { 1.0 / 36.0 } else { 2.0 / 36.0 };
                let list = plays(games, game, &run.setup, dice);
                let p_play = 1.0 / list.len().max(1) as f64;
                for (play, after) in list {
                    let fits = if j == k {
                        lawful(games, &after, first)
                    } else {
                        // the seat that played makes its next written play, the other passing
                        let mine = if r == written_seat { next.first() } else { next.get(1) };
                        let mut again = after.clone();
                        again.turn = r;
                        mine.is_none_or(|t| lawful(games, &again, t))
                    };
                    if fits {
                        let mut lost = run.lost.clone();
                        lost.push(Supplied { dice, play, marks: None });
                        // at the last throw, those after which the second written throw is
                        // lawful too come first
                        let second = j < k
                            || after_written(games, game, &after, first)
                                .is_none_or(|s| next.get(1).is_none_or(|t| lawful(games, &s, t)));
                        let cost = run.cost - (p_dice * p_play).ln() + if second { 0.0 } else { 5.0 };
                        grown.push(Run { setup: after, lost, cost });
                    }
                }
            }
        }
        grown.sort_by(|a, b| a.cost.total_cmp(&b.cost));
        grown.truncate(if j == k { LAST } else { WIDTH });
        if grown.is_empty() {
            return;
        }
        runs = grown;
    }
    for run in runs {
        let cost = run.cost - PRIOR.ln();
        out.push(Proposal { edit: Edit::PageBreak { throw: n, lost: run.lost }, cost });
    }
}
