//! Grand Trictrac's seeded self-play: tours of random lawful play with every claim right
//! (docs/rules.md), and the positions and corpora the tests and benchmarks draw from them.

use crate::board::Seat;
use crate::games::grand_trictrac::movegen::MoveRules;
use crate::games::grand_trictrac::score::Score;
use crate::games::grand_trictrac::scoring::{roll_jans, History, RollJans};
use crate::generate::Rng;
use crate::notation::{Decision, JanClaim, Mark, Move, OpponentPart, Play as RecordedPlay, Record, Tag, Target, Throw};
use crate::position::{Position, OFF};

/// A legal play as record moves, canonical (tout d'une written origin and end only).
pub fn record_moves(pos: &Position, play: &crate::games::grand_trictrac::movegen::Play) -> RecordedPlay {
    let seat = pos.turn();
    let text = play.notation(seat);
    if text == "-" {
        return RecordedPlay::Pass;
    }
    let moves = text
        .split(' ')
        .map(|m| {
            let b: Vec<char> = m.chars().collect();
            let from = crate::board::Point::from_letter(b[0], crate::board::Dialect::Soumille).expect("letter");
            let to = if b[1] == '#' {
                Target::Off
            } else {
                Target::Point(crate::board::Point::from_letter(b[1], crate::board::Dialect::Soumille).expect("letter"))
            };
            Move::new(from, None, to)
        })
        .collect();
    RecordedPlay::Moves(moves)
}

/// A mark for the jans of `seat` in a roll: `+6 (vrai x2, coin)`.
fn mark_of(jans: &crate::games::grand_trictrac::scoring::RollJans, seat: Seat) -> Option<Mark> {
    let points = jans.points_of(seat);
    if points == 0 {
        return None;
    }
    let list = jans
        .iter()
        .filter(|j| j.seat == seat)
        .map(|j| JanClaim { code: j.code, ways: (j.ways > 1).then_some(j.ways as u32) })
        .collect();
    Some(Mark { points: points as i64, jans: list })
}

/// One complete tour of random lawful play, correctly marked: every mark, hole claim and
/// decision written (going after a hole one time in three), until a seat has twelve holes
/// or `max_throws` have been thrown.
pub fn tour(rng: &mut Rng, first: Seat, max_throws: u32) -> Vec<Throw> {
    tour_and_score(rng, first, max_throws).0
}

/// [`tour`], with the score the tour ends on as the generator kept it. A tour won by the
/// thrower's own marks ends in one of the ways docs/rules.md §8 allows, in turn at random: the
/// play and the opponent's marks as on any throw, `va` with no play (both seats' points
/// wiped), `tient` with no play, or nothing more.
pub fn tour_and_score(rng: &mut Rng, first: Seat, max_throws: u32) -> (Vec<Throw>, Score) {
    play_out(rng, first, max_throws, None)
}

/// À écrire: the end of a marqué (a seat went with six holes or more): the first seat of the
/// next (the one with more holes, else the one who threw first in this one), and whether the
/// marqué was won (an even one is not counted).
fn end_of_marque(score: &Score, marque_first: Seat) -> (Seat, bool) {
    let h = score.holes;
    let winner = match h[0].cmp(&h[1]) {
        std::cmp::Ordering::Greater => Some(Seat::Top),
        std::cmp::Ordering::Less => Some(Seat::Bottom),
        std::cmp::Ordering::Equal => None,
    };
    (winner.unwrap_or(marque_first), winner.is_some())
}

/// How the throw that won the tour ends it: going, holding, nothing said, or (one time in
/// four) the play, as on any throw; whether the record ends there.
fn tour_ends(rng: &mut Rng, t: &mut Throw, score: &mut Score) -> bool {
    match rng.below(4) {
        0 => {
            t.decision = Some(Decision::Go);
            score.wipe_points();
            true
        }
        1 => {
            t.decision = Some(Decision::Hold);
            true
        }
        k => k == 2,
    }
}

/// The other seat's marks and holes for the roll, marked on `score`.
fn opponent_part(jans: &RollJans, opp: Seat, score: &mut Score) -> Option<OpponentPart> {
    let o_mark = mark_of(jans, opp);
    let o_won = score.mark(opp, jans.points_of(opp)).holes;
    (o_mark.is_some() || o_won > 0)
        .then(|| OpponentPart { marks: o_mark.into_iter().collect(), holes: (o_won > 0).then_some(o_won as u32) })
}

/// Random lawful play, correctly marked: one tour of Grand Trictrac (`marques: None`), or
/// `Some(n)` marqués of Trictrac à écrire (docs/rules.md §12): holes are counted on past twelve,
/// and a marqué ends when a seat that has won a hole goes while either seat has six holes or
/// more; the next marqué starts from the opening, its winner throwing first (`primaute=
/// gagnant`, the default), the same seat after a refait, which is replayed and does not
/// count among the `n`.
fn play_out(rng: &mut Rng, first: Seat, max_throws: u32, marques: Option<u32>) -> (Vec<Throw>, Score) {
    let a_ecrire = marques.is_some();
    let mut marques_left = marques.unwrap_or(0);
    let mut marque_first = first;
    let options = crate::games::grand_trictrac::options::RuleOptions::default();
    let rules = MoveRules::default();
    let mut pos = Position::opening(first);
    let mut score = Score::default();
    let mut history = History { first_releve: true, ..History::default() };
    let mut out = Vec::new();
    for n in 1..=max_throws {
        let dice = rng.dice();
        let seat = pos.turn();
        let opp = seat.other();
        let board = crate::games::grand_trictrac::movegen::Board::new(&pos, rules);
        let dice_plays = board.dice_plays(dice);
        let jans = roll_jans(&board, dice, &dice_plays, &history, &options);
        let mut t = Throw::new(n, dice);
        if let Some(m) = mark_of(&jans, seat) {
            t.marks.push(m);
        }
        let won = score.mark(seat, jans.points_of(seat)).holes;
        if won > 0 {
            t.holes = Some(won as u32);
        }
        let over = !a_ecrire && score.winner().is_some();
        if over && tour_ends(rng, &mut t, &mut score) {
            out.push(t);
            break;
        }
        if won > 0 && !over {
            // à écrire: once a seat has six holes, going ends the marqué; go more often then
            let six = a_ecrire && score.holes.iter().any(|&h| h >= 6);
            let go = rng.below(if six { 2 } else { 3 }) == 0;
            t.decision = Some(if go { Decision::Go } else { Decision::Hold });
            if go {
                out.push(t);
                let mut next_first = seat;
                if six {
                    let won_marque;
                    (next_first, won_marque) = end_of_marque(&score, marque_first);
                    marque_first = next_first;
                    score = Score::default();
                    if won_marque {
                        marques_left -= 1;
                        if marques_left == 0 {
                            break;
                        }
                    }
                }
                score.wipe_points();
                pos = Position::opening(next_first);
                history = History::default();
                continue;
            }
        }
        let plays = board.legal_plays(dice);
        let k = rng.below(plays.len() as u64) as usize;
        let play = *plays.iter().nth(k).expect("a play");
        t.play = Some(record_moves(&pos, &play));
        t.opponent = opponent_part(&jans, opp, &mut score);
        out.push(t);
        pos = pos.after(&play);
        if pos.men(seat, OFF) == 15 {
            pos = Position::opening(seat);
            history = History::default();
        } else {
            if history.throws == [0, 0] {
                history.first_roll = Some(dice);
            }
            history.throws[seat.index()] += 1;
        }
        if !a_ecrire && score.winner().is_some() {
            break;
        }
    }
    (out, score)
}

/// The number of marqués of a generated match of Trictrac à écrire (docs/rules.md §12: 6, 8 or
/// 12).
pub const A_ECRIRE_MARQUES: u32 = 6;

/// One match of Trictrac à écrire by seeded self-play ([`A_ECRIRE_MARQUES`] marqués, every
/// play lawful and every claim right), tagged `[Game "trictrac-a-ecrire"]` with its
/// `Marques`; the same seed gives the same record. Its `Result` is `*`: a match's result is
/// its sheet's (`sheet`), which the books do not claim in the tag.
pub fn a_ecrire_match(seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let tags = vec![
        tag("Game", "trictrac-a-ecrire".into()),
        tag("Event", "generated".into()),
        tag("First", first.name().into()),
        tag("Marques", A_ECRIRE_MARQUES.to_string()),
        tag("Result", "*".into()),
        tag("Source", format!("soumille generate --game trictrac-a-ecrire --seed {seed}")),
    ];
    let (throws, _) = play_out(&mut rng, first, 100_000, Some(A_ECRIRE_MARQUES));
    Record { comments: Vec::new(), tags, throws, span: None }
}

/// `n` generated tours for `seed`, each with its Result tag.
pub fn games(n: u32, seed: u64) -> Vec<Record> {
    games_iter(n, seed).collect()
}

/// The games of [`games`] one at a time (the same records), for writing them as they come.
pub fn games_iter(n: u32, seed: u64) -> impl Iterator<Item = Record> {
    games_and_scores_iter(n, seed).map(|(r, _)| r)
}

/// [`games`], each with the score its tour ends on as the generator kept it.
pub fn games_and_scores(n: u32, seed: u64) -> Vec<(Record, Score)> {
    games_and_scores_iter(n, seed).collect()
}

fn games_and_scores_iter(n: u32, seed: u64) -> impl Iterator<Item = (Record, Score)> {
    let mut rng = Rng::new(seed);
    (0..n).map(move |k| {
        let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
        let tag =
            |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
        let mut tags = vec![
            tag("Game", "grand-trictrac".into()),
            tag("Event", "generated".into()),
            tag("First", first.name().into()),
            tag("Source", format!("soumille generate --seed {seed}, game {}", k + 1)),
        ];
        let (throws, score) = tour_and_score(&mut rng, first, 20_000);
        let mut rec = Record { comments: Vec::new(), tags: tags.clone(), throws, span: None };
        let header = crate::notation::Header::of_tags(&rec.tags).expect("generated tags are valid");
        let rp = crate::replay::replay_books(&rec, &header, None);
        let result = match rp.outcome() {
            Some(o) => {
                let mut r = format!("{} {}-{}", o.winner, o.winner_holes, o.loser_holes);
                if o.bredouille != crate::games::grand_trictrac::score::Bredouille::None {
                    r.push_str(" grande-bredouille");
                }
                r.push_str(&format!(" stakes={}", o.stakes));
                r
            }
            None => "*".into(),
        };
        tags.insert(3, tag("Result", result));
        rec.tags = tags;
        (rec, score)
    })
}

/// Positions met in generated games, with the roll thrown in each: `n` of them (for
/// benchmarks).
pub fn positions(n: usize) -> Vec<(Position, crate::dice::Dice)> {
    let mut out = Vec::with_capacity(n);
    let mut seed = 1;
    while out.len() < n {
        for rec in games(4, seed) {
            let header = crate::notation::Header::of_tags(&rec.tags).expect("generated tags are valid");
            let rp = crate::replay::replay(&rec, &header, None);
            out.extend(rp.steps.iter().filter_map(|s| Some((Position::from_setup(&s.before).ok()?, s.dice?))));
        }
        seed += 1;
    }
    out.truncate(n);
    out
}

/// About `bytes` of records for reading benchmarks: the `.stn` files of `samples` (in name
/// order), each time followed by eight generated tours unless `samples_only`.
pub fn corpus(samples: &std::path::Path, bytes: usize, samples_only: bool) -> String {
    let mut names: Vec<_> =
        std::fs::read_dir(samples).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    names.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|x| x == "stn"));
    names.sort();
    let mut one = String::new();
    for p in names {
        if let Ok(t) = std::fs::read_to_string(p) {
            one.push_str(t.trim_start_matches('\u{feff}'));
            one.push('\n');
        }
    }
    let mut text = String::with_capacity(bytes + (1 << 20));
    let mut seed = 1;
    while text.len() < bytes {
        text.push_str(&one);
        if !samples_only {
            for g in games(8, seed) {
                text.push_str(&crate::notation::print_record(&g, Default::default()));
                text.push('\n');
            }
            seed += 1;
        }
    }
    text
}
