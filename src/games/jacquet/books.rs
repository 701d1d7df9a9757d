//! The replay of a Jacquet or Moultezim record (GAMES.md §A.9, §A.10): the seats in turn,
//! each throw's play judged and kept (RULES.md §10), the claims checked (seat, `Result`,
//! `Position`), and the game-neutral steps and end filled for the renderers.

use super::board::{point, relative, Board};
use super::movegen::{Path, Play, Plays};
use super::options::{JacquetOptions, Variant};
use super::{judge, Jacquet};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{
    parser::throw_spans, Header, Move, Origin, Play as RecordedPlay, Record, ResultClaim, Span, Target, Throw,
    ThrowSpans,
};
use crate::position::OFF;
use crate::replay::{BoardStep, Flag, FlagKind, GameEnd, Replay};

/// A recorded play as paths of `seat`'s relative points on the Jacquet route (GAMES.md
/// §0.3); `None` when a move starts from the bar (`@`, Backgammon's), which no Jacquet man
/// can.
pub fn recorded_paths(seat: Seat, play: &RecordedPlay) -> Option<Vec<Path>> {
    let RecordedPlay::Moves(moves) = play else { return Some(Vec::new()) };
    moves
        .iter()
        .map(|m| {
            let from = relative(seat, m.from_point()?) as u8;
            let rests: Vec<u8> = m.rests.iter().map(|&r| relative(seat, r) as u8).collect();
            let to = match m.to {
                Target::Point(p) => relative(seat, p) as u8,
                Target::Off => OFF as u8,
            };
            Some(Path::with_rests(from, &rests, to))
        })
        .collect()
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

/// The recorded play in Soumille's letters.
fn play_text(play: &RecordedPlay) -> String {
    crate::fausse_case::recorded_text(play, Dialect::Soumille)
}

/// The legal plays, those nearest the recorded play first (sharing its paths, or their
/// starts), in canonical notation.
pub fn nearest_plays(plays: &Plays, seat: Seat, recorded: &str) -> Vec<Play> {
    let rec: Vec<&str> = recorded.split(' ').collect();
    let near = |p: &Play| crate::games::nearness(&rec, &p.notation(seat));
    let mut v: Vec<(usize, Play)> = plays.iter().map(|p| (near(&p), p)).collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// `X, Y, Z or N more`.
fn plays_text(seat: Seat, plays: &[Play]) -> String {
    let mut s = plays.iter().take(3).map(|p| p.notation(seat)).collect::<Vec<_>>().join(", ");
    if plays.len() > 3 {
        s.push_str(&format!(" or {} more", plays.len() - 3));
    }
    s
}

/// A fausse case of Jacquet or Moultezim, in words (GAMES.md §A.10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: super::Rule,
    /// The play cannot be applied: the replay stops.
    pub fatal: bool,
    /// What happened and what was lawful: the rule, the path at fault, up to three lawful
    /// plays.
    pub message: String,
    /// The lawful plays, nearest the recorded play first.
    pub lawful: Vec<Play>,
}

/// Judges `play` (as recorded) in `board` and words the fault.
pub fn judge_recorded(
    options: &JacquetOptions,
    board: &Board,
    dice: Dice,
    plays: &Plays,
    play: &RecordedPlay,
) -> (super::Judgement, Option<FausseCase>) {
    let seat = board.turn;
    let text = play_text(play);
    let judged = match recorded_paths(seat, play) {
        Some(paths) => judge(options, board, dice, plays, &paths),
        None => super::Judgement {
            after: None,
            legal: None,
            fault: Some(super::Fault { rule: super::Rule::NotThere, path: None, fatal: true }),
        },
    };
    let fault = judged.fault.map(|f| {
        let lawful = nearest_plays(plays, seat, &text);
        let at = match (f.path, play) {
            (Some(i), RecordedPlay::Moves(m)) => m
                .get(i)
                .map(|m| format!(" (`{}`)", crate::notation::printer::move_text(m, Dialect::Soumille)))
                .unwrap_or_default(),
            _ => String::new(),
        };
        let message = format!(
            "{}: {}{at}; `{text}` is not lawful, lawful plays were {}",
            f.rule.name(),
            f.rule.meaning(),
            plays_text(seat, &lawful)
        );
        FausseCase { rule: f.rule, fatal: f.fatal, message, lawful }
    });
    (judged, fault)
}

/// The seat that throws first (GAMES.md §A.2): the `Position` tag's, the `First` tag, the
/// first throw's recorded seat, or the seat whose talon the first recorded move leaves; top
/// when nothing tells (as `crate::replay::first_seat`).
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    crate::replay::first_seat_by(rec, header, |s, p| point(s, 1) == Some(p))
}

/// The books of one record.
struct Books<'a> {
    out: Replay,
    keep_steps: bool,
    src: Option<&'a str>,
}

impl Books<'_> {
    fn spans(&self, t: &Throw) -> Option<ThrowSpans> {
        self.src.and_then(|s| throw_spans(s, t, Dialect::Soumille))
    }

    fn flag(&mut self, throw: Option<u32>, kind: FlagKind, seat: Option<Seat>, message: String, span: Option<Span>) {
        self.out.flags.push(Flag::new(throw, kind, seat, message, span));
    }

    /// Stops the replay at throw `t` (its number), after a flag saying why.
    fn stop(&mut self, rec: &Record, t: &Throw, seat: Option<Seat>, why: String, span: Option<Span>, board: &Board) {
        let rest = match rec.throws.last().map(|x| x.number).filter(|&n| n > t.number) {
            Some(last) if last == t.number + 1 => format!("; throw {last} is not replayed"),
            Some(last) => format!("; throws {}..{last} are not replayed", t.number + 1),
            None => String::new(),
        };
        self.flag(Some(t.number), FlagKind::NotReplayed, seat, format!("{why}: the replay stops here{rest}"), span);
        self.out.stopped_at = Some(t.number);
        self.out.end_setup = Some(board.to_setup());
    }
}

fn tag_span(rec: &Record, name: &str) -> Option<Span> {
    rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value))
}

/// Replays a Jacquet or Moultezim record (see the [module docs](self)).
pub fn books(game: &Jacquet, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    let mut b = Books { out: Replay::default(), keep_steps, src };
    let variant = game.options.variant;
    // the options: a record whose rules are not known is not replayed
    if let Err(errors) = JacquetOptions::parse(variant, &header.game_rules) {
        let message = format!("the Rules tag: {}; the record is not replayed", errors.join("; "));
        b.flag(rec.throws.first().map(|t| t.number), FlagKind::NotReplayed, None, message, tag_span(rec, "Rules"));
        b.out.stopped_at = rec.throws.first().map(|t| t.number);
        return b.out;
    }
    let options = game.options;
    let first = first_seat(rec, header);
    let mut board = match &header.position {
        Some(setup) => match Board::from_setup(setup) {
            Ok(board) => board,
            Err(e) => {
                let message = format!("the Position tag is no position of {}: {e}", variant.name());
                let mut f = Flag::new(None, FlagKind::Claim, None, message, tag_span(rec, "Position"));
                f.rule = Some("position");
                b.out.flags.push(f);
                if let Some(t) = rec.throws.first() {
                    let opening = Board::opening(first);
                    b.stop(rec, t, None, "the start is no position".into(), tag_span(rec, "Position"), &opening);
                }
                return b.out;
            }
        },
        None => Board::opening(first),
    };
    let mut plays = Plays::new();
    let mut ended: Option<u32> = None;
    for t in &rec.throws {
        let expected = board.turn;
        let thrower = t.seat.unwrap_or(expected);
        if let Some(end_throw) = ended {
            let why = format!("throw {} comes after the end of the game (throw {end_throw})", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, &board);
            break;
        }
        let Some(dice) = t.dice else {
            let why = format!("throw {} has no dice", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, &board);
            break;
        };
        if thrower != expected {
            let message = format!("throw {}: the record says {thrower} threw, but it was {expected}'s turn", t.number);
            let span = b.spans(t).and_then(|s| s.seat.or(s.number));
            b.flag(Some(t.number), FlagKind::Seat, Some(thrower), message, span);
            board.turn = thrower;
        }
        let before = board;
        super::movegen::legal_plays_into(&options, &board, dice, &mut plays);
        let play = match &t.play {
            Some(p) => p.clone(),
            None if plays.max_moves() == 0 => RecordedPlay::Pass,
            None => {
                let why = format!("throw {} records no play though {thrower} could play", t.number);
                let span = b.spans(t).and_then(|s| s.dice);
                b.stop(rec, t, Some(thrower), why, span, &board);
                break;
            }
        };
        // Jacquet has no hits: a `*` is a wrong claim
        if let RecordedPlay::Moves(m) = &play {
            if m.iter().any(|m| m.hits != 0) {
                let message = format!(
                    "throw {} ({thrower} {dice}): `*` claims a hit, but {} has no hits (GAMES.md §A.3)",
                    t.number,
                    variant.name()
                );
                let span = b.spans(t).and_then(|s| s.play);
                let mut f = Flag::new(Some(t.number), FlagKind::Claim, Some(thrower), message, span);
                f.rule = Some("hit");
                b.out.flags.push(f);
            }
        }
        let (judged, fault) = judge_recorded(&options, &board, dice, &plays, &play);
        if let Some(f) = &fault {
            let message = format!("throw {} ({thrower} {dice}): {}", t.number, f.message);
            let span = b.spans(t).and_then(|s| s.play.or(s.dice));
            let mut fl = Flag::new(Some(t.number), FlagKind::FausseCase, Some(thrower), message, span);
            fl.rule = Some(f.rule.name());
            fl.plays = f.lawful.iter().map(|p| play_moves(thrower, p)).collect();
            b.out.flags.push(fl);
        }
        let Some(after) = judged.after else {
            let why = format!("the play of throw {} cannot be applied", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, &board);
            break;
        };
        if b.keep_steps {
            b.out.board_steps.push(BoardStep {
                number: t.number,
                seat: thrower,
                dice: Some(dice),
                before: before.to_setup(),
                after: after.to_setup(),
                play,
                lawful: fault.is_none(),
                points: [0, 0],
                note: String::new(),
            });
        }
        board = after;
        if ended.is_none() && board.end(&options).is_some() {
            ended = Some(t.number);
        }
    }
    if b.out.stopped_at.is_none() {
        b.out.end_setup = Some(board.to_setup());
    }
    let end = if b.out.stopped_at.is_none() { board.end(&options) } else { None };
    b.out.game_end = end.map(|e| GameEnd { winner: e.winner, points: e.points, kind: None });
    check_result(&mut b, header, end, tag_span(rec, "Result"));
    b.out
}

/// The `Result` tag against the replay (GAMES.md §A.10 `result`): the winner and the points,
/// `*` only while the game is unfinished; not judged when the replay stopped.
fn check_result(b: &mut Books, header: &Header, end: Option<super::End>, span: Option<Span>) {
    let Some(claim) = &header.result else { return };
    if b.out.stopped_at.is_some() {
        return;
    }
    let message = match (claim, end) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(e)) => Some(format!(
            "the Result tag says the game is unfinished, but {} bore off its fifteen men and wins {}",
            e.winner, e.points
        )),
        (ResultClaim::Points { winner, .. }, None) => Some(format!(
            "the Result tag says {winner} won, but the game is unfinished: no seat bore off its fifteen men"
        )),
        (ResultClaim::Points { winner, points, kind }, Some(e)) => {
            let mut diffs = Vec::new();
            if *winner != e.winner {
                diffs.push(format!("the winner is {}", e.winner));
            }
            if *points != e.points {
                diffs.push(format!("the points won are {}", e.points));
            }
            if let Some(k) = kind {
                diffs.push(format!("a win of Jacquet has no kind (the tag says {})", k.name()));
            }
            (!diffs.is_empty()).then(|| format!("the Result tag disagrees with the replay: {}", diffs.join("; ")))
        }
        (ResultClaim::Won { .. }, _) => Some(format!(
            "the Result tag gives a score `W-L`, not the points won (`{} N`, GAMES.md §A.9)",
            end.map_or("SEAT", |e| e.winner.name())
        )),
    };
    if let Some(message) = message {
        b.flag(None, FlagKind::Result, None, message, span);
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
