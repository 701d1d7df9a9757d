//! The replay of a Plakoto record (docs/games.md §J.8): the seats in turn, each throw's play
//! judged against the legal plays and applied (docs/rules.md §10), the `*` claims, the end
//! (§J.5, §J.6) and the `Result` tag checked, the game-neutral steps and end filled for the
//! renderers. Every flag is raised with its facts ([`Fact`]) on the shared [`Ledger`].

use super::board::Board;
use super::end::{outcome, Kind, Outcome};
use super::judge::{judge_written, Rule};
use super::movegen::{legal_plays_into, Plays};
use super::options::Options;
use super::{Fact, Plakoto};
use crate::board::{Dialect, Seat};
use crate::dice::Dice;
use crate::notation::{Header, Play as RecordedPlay, Record, ResultClaim, Throw};
use crate::replay::{End, FlagKind, Flow, How, Ledger, Replay, Step, StepDetail, Stop};

/// Replays a Plakoto record on the shared [`Ledger`] through the one replay loop
/// ([`crate::replay::run`]); the throws come from `feed`.
pub fn books_fed(
    game: &Plakoto,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut l = Ledger::new(rec, header, src, keep_steps);
    l.last_throw = feed.last;
    match PlakotoBooks::new(game, l, rec, header) {
        Ok(books) => crate::replay::run(books, feed),
        Err(out) => *out,
    }
}

/// A Plakoto game's books between two throws.
struct PlakotoBooks<'r> {
    l: Ledger<'r>,
    header: &'r Header,
    options: Options,
    board: Board,
    plays: Plays,
    /// The throw that ended the game.
    ended: Option<u32>,
}

/// One throw from hook to hook.
struct Turn {
    thrower: Seat,
    dice: Dice,
    before: Board,
    applied: Option<RecordedPlay>,
    lawful: bool,
    after: Board,
}

/// The state between two throws ([`crate::replay::Books::save`]).
struct PlakotoState {
    board: Board,
    ended: Option<u32>,
}

/// The seat that throws first: the `Position` tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose starting point the first move leaves (docs/games.md §J.1).
fn first_seat(rec: &Record, header: &Header) -> Seat {
    crate::replay::first_seat_by(rec, header, |s, p| crate::position::Position::relative(s, p) == super::board::START)
}

impl<'r> PlakotoBooks<'r> {
    fn new(game: &Plakoto, mut l: Ledger<'r>, rec: &'r Record, header: &'r Header) -> Result<Self, Box<Replay>> {
        if let Err(errors) = Options::from_pairs(header.game, &header.game_rules) {
            let span = l.tag_span("Rules");
            let why = Stop::Rules(errors.iter().map(ToString::to_string).collect());
            match rec.throws.first() {
                Some(t) => l.stop(t, None, why, span),
                None => {
                    let fact = crate::replay::Fact::Stop { throw: 0, why, last: 0 };
                    l.raise(None, FlagKind::NotReplayed, None, fact, span);
                }
            }
            return Err(Box::new(l.out));
        }
        let first = first_seat(rec, header);
        let board = match &header.position {
            Some(setup) => match Board::from_setup(setup, setup.score.pinned.as_deref().unwrap_or_default()) {
                Ok(board) => board,
                Err(error) => {
                    let span = l.tag_span("Position");
                    let fact = crate::replay::Fact::Plakoto(Fact::NoPosition { error });
                    l.raise(None, FlagKind::Claim, None, fact, span).rule = Some("position");
                    if let Some(t) = rec.throws.first() {
                        l.stop(t, None, Stop::NoStart, span);
                        l.out.last = Some(Board::opening(first).to_setup());
                    }
                    return Err(Box::new(l.out));
                }
            },
            None => Board::opening(first),
        };
        Ok(PlakotoBooks { l, header, options: game.options, board, plays: Plays::new(), ended: None })
    }

    /// The lawful plays, nearest the recorded one first, as a record writes them.
    fn nearest(&self, seat: Seat, play: &RecordedPlay) -> Vec<RecordedPlay> {
        let recorded: Vec<String> = match play {
            RecordedPlay::Pass => vec!["-".to_string()],
            RecordedPlay::Moves(m) => {
                m.iter().map(|m| crate::notation::printer::move_text(m, Dialect::Soumille)).collect()
            }
        };
        let rec: Vec<&str> = recorded.iter().map(String::as_str).collect();
        let mut v: Vec<(usize, RecordedPlay)> = self
            .plays
            .as_slice()
            .iter()
            .map(|p| p.to_recorded(seat))
            .map(|p| (crate::games::nearness(&rec, &p.to_string()), p))
            .collect();
        v.sort_by_key(|e| std::cmp::Reverse(e.0));
        v.into_iter().map(|(_, p)| p).collect()
    }

    /// Flags a fault of the play at throw `t`: a fausse case, or a wrong `*` claim.
    fn fault(&mut self, t: &Throw, turn: &Turn, rule: Rule, play: &RecordedPlay, after: Option<Board>) {
        let (throw, seat, dice) = (t.number, turn.thrower, turn.dice);
        let span = self.l.spans(t).and_then(|s| s.play.or(s.dice));
        let lawful = self.nearest(seat, play);
        let (kind, fact) = match (rule, after.and_then(|a| self.plays.find(&a))) {
            (Rule::Hit, Some(p)) => {
                let claimed = p.to_recorded(seat);
                (FlagKind::Claim, Fact::Hit { throw, seat, dice, play: play.clone(), claimed })
            }
            _ => (
                FlagKind::FausseCase,
                Fact::FausseCase { throw, seat, dice, rule, play: play.clone(), lawful: lawful.clone() },
            ),
        };
        let flag = self.l.raise(Some(throw), kind, Some(seat), crate::replay::Fact::Plakoto(fact), span);
        flag.rule = Some(rule.name());
        if kind == FlagKind::FausseCase {
            flag.plays = lawful;
        }
    }
}

/// A pass, for a throw that records no play when none could be made.
const PASS: RecordedPlay = RecordedPlay::Pass;

impl<'r> crate::replay::Books<'r> for PlakotoBooks<'r> {
    type Turn = Turn;

    fn ledger(&mut self) -> &mut Ledger<'r> {
        &mut self.l
    }

    fn seat(&mut self, t: &Throw) -> Option<Turn> {
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
        Some(Turn { thrower, dice, before, applied: None, lawful: true, after: before })
    }

    fn play(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let (thrower, dice) = (turn.thrower, turn.dice);
        legal_plays_into(&self.board, dice, &mut self.plays);
        let play = match &t.play {
            Some(p) => p,
            None if self.plays.max_moves() > 0 => {
                let span = self.l.spans(t).and_then(|s| s.dice);
                self.l.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                return Flow::Stop;
            }
            None => &PASS,
        };
        let judged = judge_written(&self.board, dice, &self.plays, play);
        if let Some(rule) = judged.fault {
            turn.lawful = rule == Rule::Hit;
            self.fault(t, turn, rule, play, judged.after);
        }
        let Some(after) = judged.after else {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::CannotApply { before_marks: false }, span);
            return Flow::Stop;
        };
        if self.l.keep_steps {
            turn.applied = self.plays.find(&after).map(|p| p.to_recorded(thrower));
        }
        turn.after = super::judge::apply(&after);
        Flow::On
    }

    fn after(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        self.board = turn.after;
        if self.ended.is_none() && outcome(&self.board, self.options.mana).is_some() {
            self.ended = Some(t.number);
        }
        Flow::On
    }

    fn step(&mut self, t: &Throw, turn: &Turn) -> Step {
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

    fn save(&self) -> Option<crate::replay::State> {
        Some(std::sync::Arc::new(PlakotoState { board: self.board, ended: self.ended }))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<PlakotoState>() else { return false };
        (self.board, self.ended) = (s.board, s.ended);
        true
    }

    fn finish(mut self) -> Replay {
        self.l.out.last = Some(self.board.to_setup());
        let end = if self.l.out.stopped_at.is_none() { outcome(&self.board, self.options.mana) } else { None };
        self.l.out.end = end.and_then(|e| match e {
            Outcome::Win { winner, points, kind } => {
                Some(End { winner, value: f64::from(points), how: How::Kind(kind_name(kind)) })
            }
            Outcome::Draw => None,
        });
        check_result(&mut self.l, self.header, end);
        self.l.out
    }
}

/// The word of a kind of win (docs/games.md §J.7).
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Single => "single",
        Kind::Gammon => "gammon",
        Kind::Mana => "mana",
    }
}

/// The `Result` tag against the replay (docs/games.md §J.8 `result`); not judged when the
/// replay stopped.
fn check_result(l: &mut Ledger, header: &Header, end: Option<Outcome>) {
    let Some(claim) = &header.result else { return };
    if l.out.stopped_at.is_some() {
        return;
    }
    let fact = match (claim, end) {
        // a draw (both mothers pinned) has no `Result` form yet but `*` (docs/games.md §J.5)
        (ResultClaim::Unfinished, None | Some(Outcome::Draw)) => None,
        (ResultClaim::Unfinished, Some(end)) => Some(Fact::ResultEnded { end }),
        (_, None) => Some(Fact::ResultUnfinished),
        (claim, Some(end)) => {
            let same = match (claim, end) {
                (ResultClaim::Points { winner, points, kind }, Outcome::Win { winner: w, points: p, kind: k }) => {
                    *winner == w && *points == p && kind.is_none_or(|c| c.name() == kind_name(k))
                }
                _ => false,
            };
            (!same).then(|| Fact::ResultDiffers { claimed: claim.to_string(), end })
        }
    };
    if let Some(fact) = fact {
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, crate::replay::Fact::Plakoto(fact), span);
    }
}
