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
use crate::notation::{Game, Origin, Play, Target, Throw};

/// How many partial runs of supplied throws are kept at each throw.
const WIDTH: usize = 12;

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
    /// Per seat, how many of its next written plays it can make ([`ahead`]).
    seen: [usize; 2],
}

impl Run {
    fn seen(&self) -> usize {
        self.seen[0] + self.seen[1]
    }
}

/// Every legal play of `dice` for `setup`'s seat, in Soumille's letters, with field 1 of the
/// position after it: the game's `explain` (Grand Trictrac's and Trictrac à écrire's through
/// [`crate::explain`], whose moves are the same).
pub fn shown(games: Games, setup: &Setup, dice: Dice) -> Vec<(String, String)> {
    if let Games::GrandTrictrac(g) = &games {
        let Ok(pos) = crate::position::Position::from_setup(setup) else { return Vec::new() };
        let history = crate::explain::history_of(setup);
        let e = crate::explain::explain_with(&pos, dice, &g.options, &history);
        return e.plays.into_iter().map(|p| (p.notation, p.result)).collect();
    }
    let Ok(shown) = games.explain_plays(setup, dice) else { return Vec::new() };
    shown.into_iter().map(|p| (p.notation, p.result)).collect()
}

/// The plays of `setup`'s seat with `dice`, each with the position after it.
fn plays(games: Games, game: Game, setup: &Setup, dice: Dice) -> Vec<(String, Setup)> {
    shown(games, setup, dice)
        .into_iter()
        .filter_map(|(notation, result)| {
            let text = format!("{result} {}", setup.turn.other().name());
            let mut after = crate::notation::parse_position_of(&text, Dialect::Soumille, game).ok()?;
            after.score = setup.score.clone();
            Some((notation, after))
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
    let shown = shown(games, setup, dice);
    shown.is_empty() || shown.iter().any(|p| p.0.parse::<Play>().ok().as_ref().and_then(key).as_ref() == Some(&want))
}

/// How many of a seat's next written plays the look ahead tries.
pub const LOOK: usize = 6;

/// How many of seat `s`'s written plays `mine` (its next ones, in order) can be made one after
/// the other from `setup`, the other seat passing: each move from a point where the seat has
/// a man, the dice aside. A seat's men move only by its own plays, so this ranks the plays
/// supplied for it by how much of the record after the break they let replay; cheap, with no
/// replay (issue 26).
fn ahead<'a>(setup: &Setup, s: Seat, mine: impl Iterator<Item = &'a Throw>) -> usize {
    let mut men = setup.men[s];
    let mut bar = setup.bar[s];
    let mut n = 0;
    for t in mine.take(LOOK) {
        let ms = match &t.play {
            Some(Play::Moves(ms)) => ms,
            Some(Play::Pass) => {
                n += 1;
                continue;
            }
            None => break,
        };
        for m in ms.iter() {
            let from = match m.from {
                Origin::Point(p) => &mut men[p.index() as usize - 1],
                Origin::Bar => &mut bar,
            };
            if *from == 0 {
                return n;
            }
            *from -= 1;
            if let Target::Point(q) = m.to {
                men[q.index() as usize - 1] += 1;
            }
        }
        n += 1;
    }
    n
}

/// The written throws of `next` that are seat `s`'s: their seats when written, else every
/// other one from the first (`first` its seat).
fn own(next: &[Throw], first: Seat, s: Seat) -> impl Iterator<Item = &Throw> {
    next.iter()
        .enumerate()
        .filter(move |(i, t)| t.seat.unwrap_or(if i % 2 == 0 { first } else { first.other() }) == s)
        .map(|x| x.1)
}

/// The page breaks of `k` throws that may be missing before throw `n`, whose written throws
/// from there on are `next` (at least one; the more, the better the look ahead), the position
/// after throw `n - 1` being `before`. At each lost throw, every roll and legal play is ranked
/// by how many of its seat's next written plays it lets be made ([`ahead`]), then by its
/// likelihood.
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
    let mut runs = vec![Run { setup: start, lost: Vec::new(), cost: 0.0, seen: [0; 2] }];
    for j in 1..=k {
        let mut grown: Vec<Run> = Vec::new();
        for run in &runs {
            let r = run.setup.turn;
            for dice in Dice::all() {
                let p_dice: f64 = if dice.is_doublet() { 1.0 / 36.0 } else { 2.0 / 36.0 };
                let list = plays(games, game, &run.setup, dice);
                let p_play = 1.0 / list.len().max(1) as f64;
                for (play, after) in list {
                    let mut seen = run.seen;
                    seen[r as usize] = ahead(&after, r, own(next, written_seat, r));
                    let mut lost = run.lost.clone();
                    lost.push(Supplied { dice, play, marks: None, goes: None });
                    let cost = run.cost - (p_dice * p_play).ln();
                    grown.push(Run { setup: after, lost, cost, seen });
                }
            }
        }
        grown.sort_by(|a, b| b.seen().cmp(&a.seen()).then(a.cost.total_cmp(&b.cost)));
        let width = if j == k { LAST } else { WIDTH };
        let mut kept: Vec<Run> = Vec::with_capacity(width);
        for mut run in grown {
            if kept.len() >= width {
                break;
            }
            let r = run.setup.turn.other();
            let fits = if j == k {
                lawful(games, &run.setup, first)
            } else {
                // the seat that played makes its next written play, the other passing
                let mut again = run.setup.clone();
                again.turn = r;
                own(next, written_seat, r).next().is_none_or(|t| lawful(games, &again, t))
            };
            if !fits {
                continue;
            }
            // at the last throw, those after which the second written throw is lawful too
            // come first
            let second = j < k
                || after_written(games, game, &run.setup, first)
                    .is_none_or(|s| next.get(1).is_none_or(|t| lawful(games, &s, t)));
            run.cost += if second { 0.0 } else { 5.0 };
            kept.push(run);
        }
        if kept.is_empty() {
            return;
        }
        runs = kept;
    }
    for run in runs {
        let cost = run.cost - PRIOR.ln();
        out.push(Proposal { edit: Edit::PageBreak { throw: n, lost: run.lost }, cost });
    }
}
