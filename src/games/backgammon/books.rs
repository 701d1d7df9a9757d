//! The replay of a backgammon record (GAMES.md §D.9, §D.10): the seats in turn (after a
//! take the doubler throws), each cube action judged and applied, each play judged and kept
//! (RULES.md §10), the claims checked (`seat`, `hit`, `first-throw`, cube value, `Result`,
//! `Position`), and the game-neutral steps and end filled for the renderers.

use super::board::{Board, BAR, OFF};
use super::cube::{Answer, CubeBooks, CubeRule, Double, End};
use super::judge::{judge, Judgement, Rule};
use super::movegen::{legal_plays_into, Path, Play, Plays};
use super::options::{Options, PremierCoup};
use super::Backgammon;
use crate::board::{Dialect, Point, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{
    parser::throw_spans, CubeAnswer, Header, Move, Origin, Play as RecordedPlay, Record, ResultClaim, ResultKind, Span,
    Target, Throw, ThrowSpans,
};
use crate::replay::{BoardStep, Flag, FlagKind, GameEnd, Replay};

/// A recorded play as paths of `seat`'s relative points (0 = the bar, 25 = off), with its
/// hit claims; `None` for a path of more than five points (the reader allows none).
pub fn recorded_paths(seat: Seat, play: &RecordedPlay) -> Option<Vec<Path>> {
    let RecordedPlay::Moves(moves) = play else { return Some(Vec::new()) };
    moves
        .iter()
        .map(|m| {
            let mut points = Vec::with_capacity(5);
            points.push(match m.from {
                Origin::Bar => BAR as u8,
                Origin::Point(p) => p.relative(seat),
            });
            points.extend(m.rests.iter().map(|r| r.relative(seat)));
            points.push(match m.to {
                Target::Point(p) => p.relative(seat),
                Target::Off => OFF as u8,
            });
            Path::through(&points, m.hits)
        })
        .collect()
}

/// A legal play as the moves of a record, canonical (one path per man, every rest and hit
/// written, the men in the order of [`Play::notation`]).
pub fn play_moves(seat: Seat, play: &Play) -> RecordedPlay {
    if play.len == 0 {
        return RecordedPlay::Pass;
    }
    let (mut paths, n) = play.paths();
    paths[..n].sort_by_key(|p| (p.points[0], p.points[usize::from(p.len) - 1]));
    let letter = |p: u8| Point::from_relative(seat, p);
    RecordedPlay::Moves(
        paths[..n]
            .iter()
            .filter_map(|p| {
                let pts = p.points();
                let (&from, rest) = pts.split_first()?;
                let (&to, rests) = rest.split_last()?;
                Some(Move {
                    from: if usize::from(from) == BAR { Origin::Bar } else { Origin::Point(letter(from)?) },
                    rests: rests.iter().filter_map(|&r| letter(r)).collect(),
                    to: if usize::from(to) >= OFF { Target::Off } else { Target::Point(letter(to)?) },
                    hits: p.hits,
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
/// starts).
pub fn nearest_plays(plays: &Plays, seat: Seat, recorded: &str) -> Vec<Play> {
    let rec: Vec<&str> = recorded.split(' ').collect();
    let near = |p: &Play| crate::games::nearness(&rec, &p.notation(seat));
    let mut v: Vec<(usize, Play)> = plays.as_slice().iter().map(|p| (near(p), *p)).collect();
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

/// An unlawful backgammon play, in words (GAMES.md §D.10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: Rule,
    /// The play cannot be applied: the replay stops.
    pub fatal: bool,
    /// The rule, the recorded play and up to three lawful plays.
    pub message: String,
    /// The lawful plays, nearest the recorded play first.
    pub lawful: Vec<Play>,
}

/// Judges a recorded play in `board` and words the fault.
pub fn judge_recorded(
    board: &Board,
    dice: Dice,
    plays: &Plays,
    play: &RecordedPlay,
) -> (Judgement, Option<FausseCase>) {
    let seat = board.turn;
    let text = play_text(play);
    let judged = match recorded_paths(seat, play) {
        Some(paths) => judge(board, dice, plays, &paths),
        None => Judgement { fault: Some(Rule::TooMany), hits: None, legal: None, played: None, after: None },
    };
    let fault = judged.fault.map(|rule| {
        let lawful = nearest_plays(plays, seat, &text);
        let message = format!(
            "{}: {}; `{text}` is not lawful, lawful plays were {}",
            rule.name(),
            rule.meaning(),
            plays_text(seat, &lawful)
        );
        FausseCase { rule, fatal: judged.after.is_none(), message, lawful }
    });
    (judged, fault)
}

/// The seat that throws first: the `Position` tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men stand at the start where the first recorded move
/// leaves; top when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    let opening = Board::opening(Seat::Top);
    crate::replay::first_seat_by(rec, header, |s, p| opening.men(s, p.relative(s) as usize) > 0)
}

/// The setup of `board` with the cube's fields (`cube=V owner=…`).
pub fn setup_with_cube(board: &Board, cube: &CubeBooks) -> Setup {
    let mut s = board.to_setup();
    s.score.cube = Some(cube.cube.value);
    s.score.owner = Some(cube.cube.owner);
    s
}

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

    #[allow(clippy::too_many_arguments)]
    fn ruled(
        &mut self,
        throw: u32,
        kind: FlagKind,
        rule: &'static str,
        seat: Seat,
        message: String,
        span: Option<Span>,
    ) {
        let mut f = Flag::new(Some(throw), kind, Some(seat), message, span);
        f.rule = Some(rule);
        self.out.flags.push(f);
    }

    /// Stops the replay at throw `t`, after a flag saying why.
    fn stop(&mut self, rec: &Record, t: &Throw, seat: Option<Seat>, why: String, span: Option<Span>, end: Setup) {
        let rest = match rec.throws.last().map(|x| x.number).filter(|&n| n > t.number) {
            Some(last) if last == t.number + 1 => format!("; throw {last} is not replayed"),
            Some(last) => format!("; throws {}..{last} are not replayed", t.number + 1),
            None => String::new(),
        };
        self.flag(Some(t.number), FlagKind::NotReplayed, seat, format!("{why}: the replay stops here{rest}"), span);
        self.out.stopped_at = Some(t.number);
        self.out.end_setup = Some(end);
    }
}

fn tag_span(rec: &Record, name: &str) -> Option<Span> {
    rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value))
}

/// Whether a position's cube fields are backgammon's (GAMES.md §D.7, §D.9): a value 1, 2, 4,
/// …, owned by nobody at 1; and not both seats with all their men borne off.
fn cube_fields(setup: &Setup) -> Result<(), String> {
    let value = setup.score.cube.unwrap_or(1);
    if !value.is_power_of_two() {
        return Err(format!("the cube shows 1, 2, 4, 8, …, not {value}"));
    }
    if value == 1 && setup.score.owner.flatten().is_some() {
        return Err("a cube of 1 is owned by nobody (it is owned after a take, at 2 or more)".into());
    }
    if setup.off[Seat::Top] >= 15 && setup.off[Seat::Bottom] >= 15 {
        return Err("both seats have borne off all their men".into());
    }
    Ok(())
}

/// The cube's words for a sheet: `double, take: cube 2`.
fn cube_note(answer: Option<CubeAnswer>, cube: &CubeBooks) -> String {
    match answer {
        Some(CubeAnswer::Take) => format!("double, take: cube {}", cube.cube.value),
        Some(CubeAnswer::Drop) => "double, drop".into(),
        None => "double, no answer".into(),
    }
}

/// Replays a backgammon record (see the [module docs](self)).
pub fn books(game: &Backgammon, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    let mut b = Books { out: Replay::default(), keep_steps, src };
    let options = match Options::from_pairs(&header.game_rules) {
        Ok(o) => o,
        Err(errors) => {
            let words: Vec<String> = errors.iter().map(ToString::to_string).collect();
            let message = format!("the Rules tag: {}; the record is not replayed", words.join("; "));
            b.flag(rec.throws.first().map(|t| t.number), FlagKind::NotReplayed, None, message, tag_span(rec, "Rules"));
            b.out.stopped_at = rec.throws.first().map(|t| t.number);
            return b.out;
        }
    };
    debug_assert_eq!(options, game.options);
    let first = first_seat(rec, header);
    let mut cube = CubeBooks::default();
    let mut board = match &header.position {
        Some(setup) => {
            match Board::from_setup(setup).map_err(|e| e.to_string()).and_then(|b| cube_fields(setup).map(|_| b)) {
                Ok(board) => {
                    // a game set up is a game begun (§D.7: the cube's first use needs no throw 1)
                    cube.started = true;
                    cube.cube.value = setup.score.cube.unwrap_or(1);
                    cube.cube.owner = setup.score.owner.unwrap_or(None);
                    board
                }
                Err(e) => {
                    let message = format!("the Position tag is no position of backgammon: {e}");
                    let mut f = Flag::new(None, FlagKind::Claim, None, message, tag_span(rec, "Position"));
                    f.rule = Some("position");
                    b.out.flags.push(f);
                    if let Some(t) = rec.throws.first() {
                        let opening = Board::opening(first).to_setup();
                        b.stop(rec, t, None, "the start is no position".into(), tag_span(rec, "Position"), opening);
                    }
                    return b.out;
                }
            }
        }
        None => Board::opening(first),
    };
    let mut plays = Plays::new();
    // the end by bearing off: (throw, end)
    let mut borne: Option<(u32, End)> = None;
    let mut dropped_at: Option<u32> = None;
    for (k, t) in rec.throws.iter().enumerate() {
        let expected = board.turn;
        let thrower = t.seat.unwrap_or(expected);
        if let Some((end_throw, _)) = borne {
            let why = format!("throw {} comes after the end of the game (throw {end_throw})", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, setup_with_cube(&board, &cube));
            break;
        }
        if let Some(at) = dropped_at {
            let message = format!("throw {}: the game ended when a double was dropped at throw {at}", t.number);
            let span = b.spans(t).and_then(|s| s.whole.or(s.number));
            b.ruled(t.number, FlagKind::Cube, CubeRule::AfterDrop.name(), thrower, message, span);
            break;
        }
        if thrower != expected {
            let message = format!("throw {}: the record says {thrower} threw, but it was {expected}'s turn", t.number);
            let span = b.spans(t).and_then(|s| s.seat.or(s.number));
            b.flag(Some(t.number), FlagKind::Seat, Some(thrower), message, span);
            board.turn = thrower;
        }
        let before = board;
        let cube_before = cube;
        let mut note = String::new();
        if let Some(a) = &t.cube {
            let double = Double {
                doubler: thrower,
                value: a.value,
                answer: a.answer.map(|x| match x {
                    CubeAnswer::Take => Answer::Take,
                    CubeAnswer::Drop => Answer::Drop,
                }),
            };
            let value_before = cube.cube.value;
            let owner_before = cube.cube.owner;
            let faults = cube.double(&double, &options);
            let span = b.spans(t).and_then(|s| s.cube.or(s.number));
            for rule in faults.iter() {
                let why = match rule {
                    CubeRule::Off => "the cube is not in play (cube=non)".to_string(),
                    CubeRule::Owner => {
                        format!("{thrower} doubles but {} owns the cube", owner_before.map_or("nobody", Seat::name))
                    }
                    CubeRule::Timing => "a double before the game's first throw".to_string(),
                    CubeRule::Value => format!(
                        "the double is written {} but the cube goes from {value_before} to {}",
                        a.value.unwrap_or(0),
                        value_before.saturating_mul(2)
                    ),
                    CubeRule::Answer => "a double with no answer (take or drop)".to_string(),
                    CubeRule::AfterDrop => "a double after the game ended by a drop".to_string(),
                };
                let message = format!("throw {}: {}: {why}", t.number, rule.name());
                let kind = if rule == CubeRule::Value { FlagKind::Claim } else { FlagKind::Cube };
                b.ruled(t.number, kind, rule.name(), thrower, message, span);
            }
            note = cube_note(a.answer, &cube);
            if cube.dropped.is_some() {
                dropped_at = Some(t.number);
                if t.dice.is_some() || t.play.is_some() {
                    let message =
                        format!("throw {}: dice thrown after the double was dropped: the game had ended", t.number);
                    let span = b.spans(t).and_then(|s| s.dice.or(s.play));
                    b.ruled(t.number, FlagKind::Cube, CubeRule::AfterDrop.name(), thrower, message, span);
                }
                if b.keep_steps {
                    b.out.board_steps.push(BoardStep {
                        number: t.number,
                        seat: thrower,
                        dice: None,
                        before: setup_with_cube(&before, &cube_before),
                        after: setup_with_cube(&board, &cube),
                        play: RecordedPlay::Pass,
                        lawful: true,
                        points: [0, 0],
                        note,
                    });
                }
                continue;
            }
        }
        let Some(dice) = t.dice else {
            if k + 1 == rec.throws.len() && t.cube.is_some() {
                // a record ending on a double taken: the throw is still to come
                board.turn = thrower;
                break;
            }
            let why = format!("throw {} has no dice", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, setup_with_cube(&board, &cube));
            break;
        };
        let _ = cube.throw();
        if t.number == 1
            && header.position.is_none()
            && options.premier_coup == PremierCoup::Tirage
            && dice.is_doublet()
        {
            let message = format!(
                "throw 1 ({thrower} {dice}): the opening dice are thrown one by each player, so they cannot be a doublet (premier-coup=tirage)"
            );
            let span = b.spans(t).and_then(|s| s.dice);
            b.ruled(t.number, FlagKind::Claim, "first-throw", thrower, message, span);
        }
        legal_plays_into(&board, dice, options.un_seul_de, &mut plays);
        let play = match &t.play {
            Some(p) => p.clone(),
            None if plays.max_moves() == 0 => RecordedPlay::Pass,
            None => {
                let why = format!("throw {} records no play though {thrower} could play", t.number);
                let span = b.spans(t).and_then(|s| s.dice);
                b.stop(rec, t, Some(thrower), why, span, setup_with_cube(&board, &cube));
                break;
            }
        };
        let (judged, fault) = judge_recorded(&board, dice, &plays, &play);
        if let Some(f) = &fault {
            let message = format!("throw {} ({thrower} {dice}): {}", t.number, f.message);
            let span = b.spans(t).and_then(|s| s.play.or(s.dice));
            let mut fl = Flag::new(Some(t.number), FlagKind::FausseCase, Some(thrower), message, span);
            fl.rule = Some(f.rule.name());
            fl.plays = f.lawful.iter().map(|p| play_moves(thrower, p)).collect();
            b.out.flags.push(fl);
        }
        if let Some(h) = judged.hits {
            let points = |m: u32| -> String {
                let v: Vec<String> = (1..OFF)
                    .filter(|&p| m >> p & 1 == 1)
                    .filter_map(|p| Board::point(thrower, p).map(|x| x.to_string()))
                    .collect();
                if v.is_empty() {
                    "nowhere".into()
                } else {
                    v.join(", ")
                }
            };
            let message = format!(
                "throw {} ({thrower} {dice}): hit: `{}` claims hits on {}, but the play hits on {}",
                t.number,
                play_text(&play),
                points(h.claimed),
                points(h.actual)
            );
            let span = b.spans(t).and_then(|s| s.play);
            b.ruled(t.number, FlagKind::Claim, "hit", thrower, message, span);
        }
        let Some(after) = judged.after else {
            let why = format!("the play of throw {} cannot be applied", t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(rec, t, Some(thrower), why, span, setup_with_cube(&board, &cube));
            break;
        };
        if b.keep_steps {
            b.out.board_steps.push(BoardStep {
                number: t.number,
                seat: thrower,
                dice: Some(dice),
                before: setup_with_cube(&before, &cube_before),
                after: setup_with_cube(&after, &cube),
                play,
                lawful: fault.is_none(),
                points: [0, 0],
                note,
            });
        }
        board = after;
        if borne.is_none() {
            if let Some(e) = super::cube::end_of(&board, &cube.cube, &options) {
                borne = Some((t.number, e));
            }
        }
    }
    if b.out.stopped_at.is_none() {
        b.out.end_setup = Some(setup_with_cube(&board, &cube));
    }
    let end = if b.out.stopped_at.is_none() { cube.dropped.or(borne.map(|e| e.1)) } else { None };
    b.out.game_end = end.map(|e| GameEnd { winner: e.winner, points: e.points, kind: Some(e.kind.name()) });
    check_result(&mut b, header, end, tag_span(rec, "Result"));
    b.out
}

/// The `Result` tag against the replay (GAMES.md §D.10 `result`): winner, points and kind
/// as computed, a drop only after a drop, `*` only while the game is unfinished; a
/// resignation (`resign`, imported records) is taken as written on an unfinished game. Not
/// judged when the replay stopped.
fn check_result(b: &mut Books, header: &Header, end: Option<End>, span: Option<Span>) {
    let Some(claim) = &header.result else { return };
    if b.out.stopped_at.is_some() {
        return;
    }
    let message = match (claim, end) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(e)) => Some(format!(
            "the Result tag says the game is unfinished, but {} won {} ({})",
            e.winner,
            e.points,
            e.kind.name()
        )),
        (ResultClaim::Points { kind: Some(ResultKind::Resign), .. }, None) => None,
        (ResultClaim::Points { winner, kind, .. }, None) => Some(if *kind == Some(ResultKind::Drop) {
            format!("the Result tag says {winner} won on a drop, but no double was dropped")
        } else {
            format!("the Result tag says {winner} won, but the game is unfinished: no seat bore off its fifteen men")
        }),
        (ResultClaim::Points { winner, points, kind }, Some(e)) => {
            let mut diffs = Vec::new();
            if *winner != e.winner {
                diffs.push(format!("the winner is {}", e.winner));
            }
            if *points != e.points {
                diffs.push(format!("the points won are {}", e.points));
            }
            if let Some(k) = kind {
                if k.name() != e.kind.name() {
                    diffs.push(format!("the game ended by a {} (the tag says {})", e.kind.name(), k.name()));
                }
            }
            (!diffs.is_empty()).then(|| format!("the Result tag disagrees with the replay: {}", diffs.join("; ")))
        }
        (ResultClaim::Won { .. }, _) => Some(format!(
            "the Result tag gives a score `W-L`, not the points won (`{} N [kind]`, GAMES.md §D.9)",
            end.map_or("SEAT", |e| e.winner.name())
        )),
    };
    if let Some(message) = message {
        b.flag(None, FlagKind::Result, None, message, span);
    }
}

/// Every legal play of a position string's setup for `explain`: canonical notation, the
/// position after, sorted as plain ASCII strings.
pub fn explain_plays(options: &Options, setup: &Setup, dice: Dice) -> Result<Vec<super::ShownPlay>, String> {
    let board = Board::from_setup(setup).map_err(|e| e.to_string())?;
    let mut plays = Plays::new();
    legal_plays_into(&board, dice, options.un_seul_de, &mut plays);
    let seat = board.turn;
    let mut shown: Vec<super::ShownPlay> = plays
        .as_slice()
        .iter()
        .map(|p| {
            let mut after = p.apply(&board);
            after.turn = seat;
            super::ShownPlay { notation: p.notation(seat), result: after.men_field(), points: 0 }
        })
        .collect();
    shown.sort_by(|a, b| a.notation.cmp(&b.notation));
    Ok(shown)
}
