//! The replay of a Jacquet or Moultezim record (docs/games.md §A.9, §A.10): the seats in turn,
//! each throw's play judged and kept (docs/rules.md §10), the claims checked (seat, `Result`,
//! `Position`), and the game-neutral steps and end filled for the renderers.
//!
//! The books are kept on the shared [`Ledger`] (the seat check, the stops, the spans read
//! only when a flag needs them); every flag is raised with its facts ([`Fact`], or the
//! shared stop and seat facts) and the reporting layer writes its words
//! ([`crate::games::jacquet::words`]). A throw whose recorded play makes every move of the throw
//! lawfully is judged without searching the legal plays ([`judge::lawful_in_full`]); the
//! search runs only for the others (passes, plays that leave moves, faults).

use super::board::{point, relative, Board};
use super::judge::{self, judge};
use super::movegen::{Path, Play, Plays};
use super::options::{JacquetOptions, Variant};
use super::{Fact, Jacquet};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Header, Play as RecordedPlay, Record, ResultClaim, Target};
use crate::position::OFF;
use crate::replay::{End, FlagKind, Flow, How, Ledger, Replay, Step, StepDetail, Stop};

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

/// Replays a Jacquet or Moultezim record on the shared [`Ledger`] through the one replay
/// loop ([`crate::replay::run`]). The throws come from `feed` (`rec`: the tags and the first
/// throw at least); [`crate::games::Game::books`] feeds it a whole record.
pub fn books_fed(
    game: &Jacquet,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut l = Ledger::new(rec, header, src, keep_steps);
    l.last_throw = feed.last;
    match JacquetBooks::new(game, l, rec, header) {
        Ok(books) => crate::replay::run(books, feed),
        Err(out) => *out,
    }
}

/// A Jacquet or Moultezim game's books between two throws.
struct JacquetBooks<'r> {
    l: Ledger<'r>,
    header: &'r Header,
    options: JacquetOptions,
    board: Board,
    /// The legal plays (searched only when the recorded play is not plainly lawful) and the
    /// recorded paths, reused from throw to throw.
    plays: Plays,
    paths: Vec<Path>,
    /// The throw that bore the last man off.
    ended: Option<u32>,
}

/// A Jacquet or Moultezim game's state between two throws, owned ([`crate::replay::Books::save`]).
struct JacquetState {
    board: Board,
    ended: Option<u32>,
}

/// One Jacquet throw from hook to hook.
struct Turn {
    thrower: Seat,
    dice: Dice,
    before: Board,
    /// The legal plays were searched.
    searched: bool,
    applied: Option<RecordedPlay>,
    lawful: bool,
    after: Board,
}

impl<'r> JacquetBooks<'r> {
    /// The books at the start: the options and the position of the record's tags, or the
    /// replay that stops because they cannot be used.
    fn new(game: &Jacquet, mut l: Ledger<'r>, rec: &'r Record, header: &'r Header) -> Result<Self, Box<Replay>> {
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
            return Err(Box::new(l.out));
        }
        let first = first_seat(rec, header);
        let board = match &header.position {
            Some(setup) => match Board::from_setup(setup) {
                Ok(board) => board,
                Err(error) => {
                    let span = l.tag_span("Position");
                    let fact = Fact::NoPosition { variant, error };
                    let f = l.raise(None, FlagKind::Claim, None, crate::replay::Fact::Jacquet(fact), span);
                    f.rule = Some("position");
                    if let Some(t) = rec.throws.first() {
                        l.stop(t, None, Stop::NoStart, span);
                        l.out.last = Some(Board::opening(first).to_setup());
                    }
                    return Err(Box::new(l.out));
                }
            },
            None => Board::opening(first),
        };
        let (plays, paths) = (Plays::new(), Vec::with_capacity(4));
        Ok(JacquetBooks { l, header, options: game.options, board, plays, paths, ended: None })
    }

    /// The play judged against the legal plays (it is not plainly lawful): the fausse case
    /// flagged; the position after it, if it can be applied.
    fn judged(&mut self, t: &crate::notation::Throw, turn: &mut Turn, play: &RecordedPlay) -> Option<Board> {
        let (thrower, dice) = (turn.thrower, turn.dice);
        if !turn.searched {
            super::movegen::legal_plays_into(&self.options, &self.board, dice, &mut self.plays);
        }
        let (judged, fault) = judge_recorded(&self.options, &self.board, dice, &self.plays, play);
        turn.lawful = fault.is_none();
        if let Some(f) = fault {
            let span = self.l.spans(t).and_then(|s| s.play.or(s.dice));
            let (rule, moves) = (f.rule.name(), f.lawful.iter().map(|p| p.into_recorded(thrower)).collect());
            let fact = crate::replay::Fact::Jacquet(f.fact(t.number, thrower, dice, play));
            let flag = self.l.raise(Some(t.number), FlagKind::FausseCase, Some(thrower), fact, span);
            flag.rule = Some(rule);
            flag.plays = moves;
        }
        if self.l.keep_steps {
            turn.applied = judged.legal.and_then(|i| self.plays.get(i)).map(|p| p.into_recorded(thrower));
        }
        judged.after
    }
}

impl<'r> crate::replay::Books<'r> for JacquetBooks<'r> {
    type Turn = Turn;

    fn ledger(&mut self) -> &mut Ledger<'r> {
        &mut self.l
    }

    #[inline(always)]
    fn seat(&mut self, t: &crate::notation::Throw) -> Option<Turn> {
        let expected = self.board.turn;
        let thrower = t.seat.unwrap_or(expected);
        if let Some(ended) = self.ended {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::AfterEnd { ended }, span);
            return None;
        }
        let Some(dice) = t.dice else {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::NoDice, span);
            return None;
        };
        if thrower != expected {
            self.l.wrong_seat(t, thrower, expected, false);
            self.board.turn = thrower;
        }
        let before = self.board;
        Some(Turn { thrower, dice, before, searched: false, applied: None, lawful: true, after: before })
    }

    #[inline(always)]
    fn play(&mut self, t: &crate::notation::Throw, turn: &mut Turn) -> Flow {
        let (thrower, dice) = (turn.thrower, turn.dice);
        let play = match &t.play {
            Some(p) => p,
            None => {
                super::movegen::legal_plays_into(&self.options, &self.board, dice, &mut self.plays);
                turn.searched = true;
                if self.plays.max_moves() > 0 {
                    let span = self.l.spans(t).and_then(|s| s.dice);
                    self.l.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                    return Flow::Stop;
                }
                &PASS
            }
        };
        // Jacquet has no hits: a `*` is a wrong claim
        if let RecordedPlay::Moves(m) = play {
            if m.iter().any(|m| m.hits != 0) {
                let span = self.l.spans(t).and_then(|s| s.play);
                let fact = Fact::Hit { throw: t.number, seat: thrower, dice, variant: self.options.variant };
                let fact = crate::replay::Fact::Jacquet(fact);
                self.l.raise(Some(t.number), FlagKind::Claim, Some(thrower), fact, span).rule = Some("hit");
            }
        }
        // the play as recorded: plainly lawful when it uses every move of the throw lawfully
        // (then no legal play uses more), else judged against the legal plays
        let plain = if recorded_paths_into(thrower, play, &mut self.paths) {
            judge::lawful_in_full(&self.options, &self.board, dice, &self.paths)
        } else {
            None
        };
        let after = match plain {
            Some(after) => {
                if self.l.keep_steps {
                    turn.applied = Some(play.clone());
                }
                Some(after)
            }
            None => self.judged(t, turn, play),
        };
        let Some(after) = after else {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::CannotApply { before_marks: false }, span);
            return Flow::Stop;
        };
        turn.after = after;
        Flow::On
    }

    #[inline(always)]
    fn after(&mut self, t: &crate::notation::Throw, turn: &mut Turn) -> Flow {
        self.board = turn.after;
        if self.ended.is_none() && self.board.end(&self.options).is_some() {
            self.ended = Some(t.number);
        }
        Flow::On
    }

    fn step(&mut self, t: &crate::notation::Throw, turn: &Turn) -> Step {
        Step {
            number: t.number,
            seat: turn.thrower,
            dice: Some(turn.dice),
            play: t.play.clone().unwrap_or(RecordedPlay::Pass),
            applied: turn.applied.clone(),
            lawful: turn.lawful,
            before: turn.before.to_setup(),
            after: turn.after.to_setup(),
            points: [0, 0],
            detail: StepDetail::Jacquet,
        }
    }

    /// The state between two throws (docs/games.md §A.9): the board (with the seat to throw)
    /// and the throw that bore the last man off; the options come again from the tags.
    fn save(&self) -> Option<crate::replay::State> {
        Some(std::sync::Arc::new(JacquetState { board: self.board, ended: self.ended }))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<JacquetState>() else { return false };
        (self.board, self.ended) = (s.board, s.ended);
        true
    }

    fn finish(mut self) -> Replay {
        // the position reached: where the replay stopped, or the last throw's
        self.l.out.last = Some(self.board.to_setup());
        let end = if self.l.out.stopped_at.is_none() { self.board.end(&self.options) } else { None };
        self.l.out.end = end.map(|e| End { winner: e.winner, value: f64::from(e.points), how: How::BorneOff });
        check_result(&mut self.l, self.header, end);
        self.l.out
    }
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
pub fn explain_plays(
    options: &JacquetOptions,
    setup: &Setup,
    dice: Dice,
) -> Result<Vec<super::ShownPlay>, crate::games::PlaysError> {
    if setup.bar[Seat::Top] > 0 || setup.bar[Seat::Bottom] > 0 {
        return Err(crate::games::PlaysError::NoBar(options.variant.name()));
    }
    let board = Board::from_setup(setup)?;
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
