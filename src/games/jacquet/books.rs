//! The replay of a Jacquet or Moultezim record (docs/games.md §A.9, §A.10): the seats in turn,
//! each throw's play judged and kept (RULES.md §10), the claims checked (seat, `Result`,
//! `Position`), and the game-neutral steps and end filled for the renderers.
//!
//! The books are kept on the shared [`Ledger`] (the seat check, the stops, the spans read
//! only when a flag needs them); every flag is raised with its facts ([`Fact`], or the
//! shared stop and seat facts) and the reporting layer writes its words
//! ([`crate::words::jacquet`]). A throw whose recorded play makes every move of the throw
//! lawfully is judged without searching the legal plays ([`judge::lawful_in_full`]); the
//! search runs only for the others (passes, plays that leave moves, faults).

use super::board::{point, relative, Board};
use super::judge::{self, judge};
use super::movegen::{Path, Play, Plays};
use super::options::{JacquetOptions, Variant};
use super::{Fact, Jacquet};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Header, Move, Origin, Play as RecordedPlay, Record, ResultClaim, Target};
use crate::position::OFF;
use crate::replay::{End, FlagKind, How, Ledger, Replay, Step, StepDetail, Stop};

/// A recorded play as paths of `seat`'s relative points on the Jacquet route (docs/games.md
/// §0.3); `None` when a move starts from the bar (`@`, Backgammon's), which no Jacquet man
/// can.
pub fn recorded_paths(seat: Seat, play: &RecordedPlay) -> Option<Vec<Path>> {
    let mut paths = Vec::new();
    recorded_paths_into(seat, play, &mut paths).then_some(paths)
}

/// [`recorded_paths`] into `out` (cleared first, reused from throw to throw); `false` when a
/// move starts from the bar.
pub fn recorded_paths_into(seat: Seat, play: &RecordedPlay, out: &mut Vec<Path>) -> bool {
    out.clear();
    let RecordedPlay::Moves(moves) = play else { return true };
    for m in moves {
        let Some(from) = m.from_point() else { return false };
        let mut path = Path::new(relative(seat, from) as u8, 0);
        for &r in m.rests.iter().take(3) {
            path.rests[path.n_rests as usize] = relative(seat, r) as u8;
            path.n_rests += 1;
        }
        path.to = match m.to {
            Target::Point(p) => relative(seat, p) as u8,
            Target::Off => OFF as u8,
        };
        out.push(path);
    }
    true
}

/// A legal play as the moves of a record, canonical (one path per man, every rest written).
pub fn play_moves(seat: Seat, play: &Play) -> RecordedPlay {
    if play.is_pass() {
        return RecordedPlay::Pass;
    }
    let (paths, n) = play.paths();
    let letter = |p: u8| point(seat, p as usize);
    RecordedPlay::Moves(
        paths[..n]
            .iter()
            .filter_map(|p| {
                Some(Move {
                    from: Origin::Point(letter(p.from)?),
                    rests: p.rests().iter().filter_map(|&r| letter(r)).collect(),
                    to: if p.to as usize >= OFF { Target::Off } else { Target::Point(letter(p.to)?) },
                    hits: 0,
                })
            })
            .collect(),
    )
}

/// The legal plays, those nearest the recorded play first (sharing its paths, or their
/// starts, [`crate::games::nearness`]), in canonical notation.
pub fn nearest_plays(plays: &Plays, seat: Seat, recorded: &RecordedPlay) -> Vec<Play> {
    let moves: Vec<String> = match recorded {
        RecordedPlay::Pass => vec!["-".to_string()],
        RecordedPlay::Moves(m) => m.iter().map(|m| crate::notation::printer::move_text(m, Dialect::Soumille)).collect(),
    };
    let rec: Vec<&str> = moves.iter().map(String::as_str).collect();
    let near = |p: &Play| crate::games::nearness(&rec, &p.notation(seat));
    let mut v: Vec<(usize, Play)> = plays.iter().map(|p| (near(&p), p)).collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// A fausse case of Jacquet or Moultezim (docs/games.md §A.10): the rule, the recorded path at
/// fault, the lawful plays; its words are [`Fact::FausseCase`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: super::Rule,
    /// The play cannot be applied: the replay stops.
    pub fatal: bool,
    /// The recorded path (its index in the play) at fault, when one is.
    pub path: Option<usize>,
    /// The lawful plays, nearest the recorded play first.
    pub lawful: Vec<Play>,
}

impl FausseCase {
    /// The fact of this fausse case at throw `throw` of `seat` with `dice`, `play` as recorded.
    pub fn fact(self, throw: u32, seat: Seat, dice: Dice, play: &RecordedPlay) -> Fact {
        Fact::FausseCase { throw, seat, dice, rule: self.rule, play: play.clone(), at: self.path, lawful: self.lawful }
    }
}

/// Judges `play` (as recorded) in `board` against `plays`, the legal plays of `dice` there.
pub fn judge_recorded(
    options: &JacquetOptions,
    board: &Board,
    dice: Dice,
    plays: &Plays,
    play: &RecordedPlay,
) -> (super::Judgement, Option<FausseCase>) {
    let seat = board.turn;
    let judged = match recorded_paths(seat, play) {
        Some(paths) => judge(options, board, dice, plays, &paths),
        None => super::Judgement {
            after: None,
            legal: None,
            fault: Some(super::Fault { rule: super::Rule::NotThere, path: None, fatal: true }),
        },
    };
    let fault = judged.fault.map(|f| FausseCase {
        rule: f.rule,
        fatal: f.fatal,
        path: f.path,
        lawful: nearest_plays(plays, seat, play),
    });
    (judged, fault)
}

/// The seat that throws first (docs/games.md §A.2): the `Position` tag's, the `First` tag, the
/// first throw's recorded seat, or the seat whose talon the first recorded move leaves; top
/// when nothing tells (as `crate::replay::first_seat`).
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    crate::replay::first_seat_by(rec, header, |s, p| point(s, 1) == Some(p))
}

/// A pass, for a throw that records no play when none could be made.
const PASS: RecordedPlay = RecordedPlay::Pass;

/// Replays a Jacquet or Moultezim record on the shared
/// [`Ledger`].
/// The throws come from `feed` (`rec`: the tags and the first throw at least);
/// [`crate::games::Game::books`] feeds it a whole record.
pub fn books_fed(
    game: &Jacquet,
    rec: &Record,
    mut feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut l = Ledger::new(rec, header, src, keep_steps);
    l.last_throw = feed.last;
    let variant = game.options.variant;
    // the options: a record whose rules are not known is not replayed
    if let Err(errors) = JacquetOptions::parse(variant, &header.game_rules) {
        let span = l.tag_span("Rules");
        match rec.throws.first() {
            Some(t) => l.stop(t, None, Stop::Rules(errors.iter().map(ToString::to_string).collect()), span),
            None => {
                // no throw to stop at: the flag alone says why
                let why = Stop::Rules(errors.iter().map(ToString::to_string).collect());
                let fact = crate::replay::Fact::Stop { throw: 0, why, last: 0 };
                l.raise(None, FlagKind::NotReplayed, None, fact, span);
            }
        }
        return l.out;
    }
    let options = game.options;
    let first = first_seat(rec, header);
    let mut board = match &header.position {
        Some(setup) => match Board::from_setup(setup) {
            Ok(board) => board,
            Err(error) => {
                let span = l.tag_span("Position");
                let fact = Fact::NoPosition { variant, error };
                l.raise(None, FlagKind::Claim, None, crate::replay::Fact::Jacquet(fact), span).rule = Some("position");
                if let Some(t) = rec.throws.first() {
                    l.stop(t, None, Stop::NoStart, span);
                    l.out.last = Some(Board::opening(first).to_setup());
                }
                return l.out;
            }
        },
        None => Board::opening(first),
    };
    // reused from throw to throw: the legal plays (searched only when the recorded play is
    // not plainly lawful) and the recorded paths
    let mut plays = Plays::new();
    let mut paths: Vec<Path> = Vec::with_capacity(4);
    let mut ended: Option<u32> = None;
    while let Some(t) = feed.next() {
        let expected = board.turn;
        let thrower = t.seat.unwrap_or(expected);
        if let Some(ended) = ended {
            let span = l.spans(t).and_then(|s| s.number);
            l.stop(t, Some(thrower), Stop::AfterEnd { ended }, span);
            break;
        }
        let Some(dice) = t.dice else {
            let span = l.spans(t).and_then(|s| s.number);
            l.stop(t, Some(thrower), Stop::NoDice, span);
            break;
        };
        if thrower != expected {
            l.wrong_seat(t, thrower, expected, false);
            board.turn = thrower;
        }
        let before = board;
        let mut searched = false;
        let play = match &t.play {
            Some(p) => p,
            None => {
                super::movegen::legal_plays_into(&options, &board, dice, &mut plays);
                searched = true;
                if plays.max_moves() > 0 {
                    let span = l.spans(t).and_then(|s| s.dice);
                    l.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                    break;
                }
                &PASS
            }
        };
        // Jacquet has no hits: a `*` is a wrong claim
        if let RecordedPlay::Moves(m) = play {
            if m.iter().any(|m| m.hits != 0) {
                let span = l.spans(t).and_then(|s| s.play);
                let fact = Fact::Hit { throw: t.number, seat: thrower, dice, variant };
                let f =
                    l.raise(Some(t.number), FlagKind::Claim, Some(thrower), crate::replay::Fact::Jacquet(fact), span);
                f.rule = Some("hit");
            }
        }
        // the play as recorded: plainly lawful when it uses every move of the throw lawfully
        // (then no legal play uses more), else judged against the legal plays
        let plain = if recorded_paths_into(thrower, play, &mut paths) {
            judge::lawful_in_full(&options, &board, dice, &paths)
        } else {
            None
        };
        let mut applied = None;
        let (after, lawful) = match plain {
            Some(after) => {
                if l.keep_steps {
                    applied = Some(play.clone());
                }
                (Some(after), true)
            }
            None => {
                if !searched {
                    super::movegen::legal_plays_into(&options, &board, dice, &mut plays);
                }
                let (judged, fault) = judge_recorded(&options, &board, dice, &plays, play);
                let lawful = fault.is_none();
                if let Some(f) = fault {
                    let span = l.spans(t).and_then(|s| s.play.or(s.dice));
                    let (rule, moves) = (f.rule.name(), f.lawful.iter().map(|p| play_moves(thrower, p)).collect());
                    let fact = crate::replay::Fact::Jacquet(f.fact(t.number, thrower, dice, play));
                    let flag = l.raise(Some(t.number), FlagKind::FausseCase, Some(thrower), fact, span);
                    flag.rule = Some(rule);
                    flag.plays = moves;
                }
                if l.keep_steps {
                    applied = judged.legal.and_then(|i| plays.get(i)).map(|p| play_moves(thrower, &p));
                }
                (judged.after, lawful)
            }
        };
        let Some(after) = after else {
            let span = l.spans(t).and_then(|s| s.number);
            l.stop(t, Some(thrower), Stop::CannotApply { before_marks: false }, span);
            break;
        };
        if l.keep_steps {
            l.out.steps.push(Step {
                number: t.number,
                seat: thrower,
                dice: Some(dice),
                play: play.clone(),
                applied,
                lawful,
                before: before.to_setup(),
                after: after.to_setup(),
                points: [0, 0],
                detail: StepDetail::Jacquet,
            });
        }
        board = after;
        if ended.is_none() && board.end(&options).is_some() {
            ended = Some(t.number);
        }
    }
    // the position reached: where the replay stopped, or the last throw's
    l.out.last = Some(board.to_setup());
    let end = if l.out.stopped_at.is_none() { board.end(&options) } else { None };
    l.out.end = end.map(|e| End { winner: e.winner, value: f64::from(e.points), how: How::BorneOff });
    check_result(&mut l, header, end);
    l.out
}

/// The `Result` tag against the replay (docs/games.md §A.10 `result`): the winner and the points,
/// `*` only while the game is unfinished; not judged when the replay stopped.
fn check_result(l: &mut Ledger, header: &Header, end: Option<super::End>) {
    let Some(claim) = &header.result else { return };
    if l.out.stopped_at.is_some() {
        return;
    }
    let fact = match (claim, end) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(end)) => Some(Fact::ResultEnded { end }),
        (ResultClaim::Points { winner, .. }, None) => Some(Fact::ResultUnfinished { claimed: *winner }),
        (ResultClaim::Points { winner, points, kind }, Some(e)) => {
            let differs = Fact::ResultDiffers {
                winner: (*winner != e.winner).then_some(e.winner),
                points: (*points != e.points).then_some(e.points),
                kind: *kind,
            };
            (differs != Fact::ResultDiffers { winner: None, points: None, kind: None }).then_some(differs)
        }
        (ResultClaim::Won { .. }, _) => Some(Fact::ResultScore { winner: end.map(|e| e.winner) }),
    };
    if let Some(fact) = fact {
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, crate::replay::Fact::Jacquet(fact), span);
    }
}

/// Every legal play of a position string's setup for `explain`: canonical notation, the
/// position after, sorted as plain ASCII strings.
pub fn explain_plays(options: &JacquetOptions, setup: &Setup, dice: Dice) -> Result<Vec<super::ShownPlay>, String> {
    if setup.bar[Seat::Top] > 0 || setup.bar[Seat::Bottom] > 0 {
        return Err(format!("{} has no bar: no man may stand on `@`", options.variant.name()));
    }
    let board = Board::from_setup(setup).map_err(|e| e.to_string())?;
    let mut plays = Plays::new();
    super::movegen::legal_plays_into(options, &board, dice, &mut plays);
    let seat = board.turn;
    let mut shown: Vec<super::ShownPlay> = plays
        .iter()
        .map(|p| {
            let mut after = board;
            after.men[seat.index()] = p.after;
            super::ShownPlay {
                notation: p.notation(seat),
                result: after.to_setup().men_field(Dialect::Soumille),
                points: 0,
            }
        })
        .collect();
    shown.sort_by(|a, b| a.notation.cmp(&b.notation));
    Ok(shown)
}

/// The variant of a game tag.
pub fn variant_of(tag: crate::notation::Game) -> Variant {
    if tag == crate::notation::Game::Moultezim {
        Variant::Moultezim
    } else {
        Variant::Jacquet
    }
}
