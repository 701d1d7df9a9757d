//! The race games' one replay (docs/games.md §A.9, §J.8; docs/rules.md §10): the games
//! whose throws score nothing until one seat wins the race (Jacquet, Moultezim, Plakoto)
//! answer a position-level trait, [`RacePosition`], and one generic [`crate::replay::Books`],
//! [`RaceBooks`], replays them all through the one replay loop ([`crate::replay::run`]).
//!
//! The trait is the contract of a race game (as shakmaty's `Position` is a chess variant's):
//! its opening, its positions from and to a [`Setup`], whether a roll leaves anything to play,
//! a recorded play judged and applied, its end, and its `Result` tag checked. The books do
//! the rest, the same way for every race game: the `Rules` tag that cannot be read, the
//! `Position` tag, the seat to throw, the throws after the end, the throws with no dice or no
//! play, the stop when a play cannot be applied, the steps, the state between two throws.
//! The rules never write text: a fault is raised with its facts ([`Judging::raise`]).
//!
//! The same trait plays the games' seeded self-play, one generic loop ([`generate`]).

pub mod generate;

use crate::board::{Seat, Setup};
use crate::dice::Dice;
use crate::games::OptionError;
use crate::notation::{Header, Play as RecordedPlay, Record, ResultClaim, Throw};
use crate::replay::{End, Fact, FlagKind, Flow, Ledger, Replay, Step, StepDetail, Stop};

/// A position of a race game, with what its rules need to judge and apply a play (the men
/// along each seat's route, the seat to throw, Plakoto's pins): what the generic replay
/// ([`RaceBooks`]) asks of the game.
pub trait RacePosition: Copy + Send + Sync + 'static {
    /// The game's engine: its options, read from the `Rules` tag.
    type Game: Copy;
    /// What the judging reuses from throw to throw (the list of legal plays, the recorded
    /// paths), allocated once per record.
    type Scratch;
    /// How a game ended and what it is worth, as the game counts it.
    type End: Copy;

    /// The scratch of a record, empty.
    fn scratch() -> Self::Scratch;

    /// The options of the record's `Rules` tag (`header.game_rules`) judged, or their errors:
    /// a record whose rules are not known is not replayed (docs/games.md §F).
    fn rules(game: &Self::Game, header: &Header) -> Result<(), Vec<OptionError>>;

    /// The seat that throws first (docs/games.md §A.2, §J.1): the `Position` tag's, the
    /// `First` tag, the first throw's recorded seat, or the seat whose men stand where the
    /// first recorded move leaves (as [`crate::replay::first_seat_by`]).
    fn first_seat(rec: &Record, header: &Header) -> Seat;

    /// The opening position, `first` to throw.
    fn opening(first: Seat) -> Self;

    /// The position of a `Position` tag, or the fact of the `position` claim it breaks.
    fn from_setup(game: &Self::Game, setup: &Setup) -> Result<Self, Fact>;

    /// The position as the renderers draw it.
    fn to_setup(&self) -> Setup;

    /// The seat to throw.
    fn turn(&self) -> Seat;

    /// The seat to throw is `seat` (a recorded thrower not the expected one is followed,
    /// docs/rules.md §11).
    fn set_turn(&mut self, seat: Seat);

    /// Whether `dice` leave the seat to throw anything to play: a throw that records no play
    /// then stops the replay (a pass is lawful only when nothing can be played). The legal
    /// plays it lists into `scratch` are those [`RacePosition::play`] then judges the pass by.
    fn must_play(&self, game: &Self::Game, dice: Dice, scratch: &mut Self::Scratch) -> bool;

    /// The recorded `play` of `dice` judged against the rules: its faults raised on `judging`
    /// (with their rule and lawful plays), whether it was lawful and the legal play it is
    /// (kept for the steps); the position after it, the turn passed, or `None` when it
    /// cannot be applied (the replay stops). `listed`: [`RacePosition::must_play`] just listed
    /// the legal plays of `dice` into `scratch` (the throw records no play).
    fn play(
        &self,
        game: &Self::Game,
        dice: Dice,
        play: &RecordedPlay,
        listed: bool,
        scratch: &mut Self::Scratch,
        judging: &mut Judging<'_, '_>,
    ) -> Option<Self>;

    /// Lists the legal plays of `dice` for the seat to throw into `scratch` (for
    /// [`RacePosition::nth_play`]): how many.
    fn legal_plays(&self, game: &Self::Game, dice: Dice, scratch: &mut Self::Scratch) -> usize;

    /// The `k`th play [`RacePosition::legal_plays`] listed, as a record writes it, with the
    /// position after it (the turn passed); `None` when the game cannot go on (the
    /// generator, [`generate::generate`], stops).
    fn nth_play(&self, scratch: &Self::Scratch, k: usize) -> Option<(RecordedPlay, Self)>;

    /// The `Result` tag's value of a game that ended so (`*` for none).
    fn result(end: Option<Self::End>) -> String;

    /// Whether the game has ended in this position, and how.
    fn end(&self, game: &Self::Game) -> Option<Self::End>;

    /// The game-neutral end of a game that ended (`None`: no winner, a draw).
    fn neutral_end(end: Self::End) -> Option<End>;

    /// The `Result` tag's `claim` checked against the replay's end, each fault raised on `l`
    /// (docs/games.md §A.10, §J.8 `result`); asked only when the replay did not stop.
    fn check_result(l: &mut Ledger<'_>, claim: &ResultClaim, end: Option<Self::End>);
}

/// Where a fault of a play is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The recorded play.
    Play,
    /// The recorded play, or the dice when there is none.
    PlayOrDice,
}

/// One recorded play being judged ([`RacePosition::play`]): where its faults are raised, and
/// what the judging found for the throw's step.
pub struct Judging<'a, 'r> {
    l: &'a mut Ledger<'r>,
    t: &'a Throw,
    /// The thrower.
    pub seat: Seat,
    /// The play broke no rule (a wrong claim leaves it lawful).
    pub lawful: bool,
    /// The legal play it is, as a record writes it (set only when steps are kept).
    pub applied: Option<RecordedPlay>,
}

impl Judging<'_, '_> {
    /// Whether the throws' steps are kept (else [`Judging::applied`] is not asked for).
    pub fn keep_steps(&self) -> bool {
        self.l.keep_steps
    }

    /// The throw's number.
    pub fn throw(&self) -> u32 {
        self.t.number
    }

    /// Raises a flag of `kind` on the throw, saying `fact` (the rule `rule`, the lawful plays
    /// `plays` for a fausse case), shown `at`.
    pub fn raise(&mut self, kind: FlagKind, rule: &'static str, fact: Fact, at: At, plays: Vec<RecordedPlay>) {
        let span = self.l.spans(self.t).and_then(|s| match at {
            At::Play => s.play,
            At::PlayOrDice => s.play.or(s.dice),
        });
        let flag = self.l.raise(Some(self.t.number), kind, Some(self.seat), fact, span);
        flag.rule = Some(rule);
        flag.plays = plays;
    }
}

/// Replays a record of a race game whose engine is `game` on the shared [`Ledger`] through
/// the one replay loop ([`crate::replay::run`]); the throws come from `feed` (`rec`: the
/// tags and the first throw at least).
pub fn books_fed<P: RacePosition>(
    game: &P::Game,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut l = Ledger::new(rec, header, src, keep_steps);
    l.last_throw = feed.sum.last;
    match RaceBooks::<P>::new(game, l, rec, header) {
        Ok(books) => crate::replay::run(books, feed),
        Err(out) => *out,
    }
}

/// A race game's books between two throws.
pub struct RaceBooks<'r, P: RacePosition> {
    l: Ledger<'r>,
    header: &'r Header,
    game: P::Game,
    pos: P,
    scratch: P::Scratch,
    /// The throw that ended the game.
    ended: Option<u32>,
}

/// A race game's state between two throws, owned ([`crate::replay::Books::save`]): the
/// position and the throw that ended the game; the options come again from the tags.
struct RaceState<P> {
    pos: P,
    ended: Option<u32>,
}

/// One throw from hook to hook.
pub struct Turn<P> {
    thrower: Seat,
    dice: Dice,
    before: P,
    applied: Option<RecordedPlay>,
    lawful: bool,
    after: P,
}

/// A pass, for a throw that records no play when none could be made.
const PASS: RecordedPlay = RecordedPlay::Pass;

impl<'r, P: RacePosition> RaceBooks<'r, P> {
    /// The books at the start: the options and the position of the record's tags, or the
    /// replay that stops because they cannot be used.
    fn new(game: &P::Game, mut l: Ledger<'r>, rec: &'r Record, header: &'r Header) -> Result<Self, Box<Replay>> {
        if let Err(errors) = P::rules(game, header) {
            let span = l.tag_span("Rules");
            let why = Stop::Rules(errors.iter().map(ToString::to_string).collect());
            match rec.throws.first() {
                Some(t) => l.stop(t, None, why, span),
                None => {
                    // no throw to stop at: the flag alone says why
                    let fact = Fact::Stop { throw: 0, why, last: 0 };
                    l.raise(None, FlagKind::NotReplayed, None, fact, span);
                }
            }
            return Err(Box::new(l.out));
        }
        let first = P::first_seat(rec, header);
        let pos = match &header.position {
            Some(setup) => match P::from_setup(game, setup) {
                Ok(pos) => pos,
                Err(fact) => {
                    let span = l.tag_span("Position");
                    l.raise(None, FlagKind::Claim, None, fact, span).rule = Some("position");
                    if let Some(t) = rec.throws.first() {
                        l.stop(t, None, Stop::NoStart, span);
                        l.out.last = Some(P::opening(first).to_setup());
                    }
                    return Err(Box::new(l.out));
                }
            },
            None => P::opening(first),
        };
        Ok(RaceBooks { l, header, game: *game, pos, scratch: P::scratch(), ended: None })
    }
}

impl<'r, P: RacePosition> crate::replay::Books<'r> for RaceBooks<'r, P> {
    type Turn = Turn<P>;

    fn ledger(&mut self) -> &mut Ledger<'r> {
        &mut self.l
    }

    #[inline(always)]
    fn seat(&mut self, t: &Throw) -> Option<Turn<P>> {
        let expected = self.pos.turn();
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
            self.pos.set_turn(thrower);
        }
        let before = self.pos;
        Some(Turn { thrower, dice, before, applied: None, lawful: true, after: before })
    }

    #[inline(always)]
    fn play(&mut self, t: &Throw, turn: &mut Turn<P>) -> Flow {
        let (thrower, dice) = (turn.thrower, turn.dice);
        let play = match &t.play {
            Some(p) => p,
            None if self.pos.must_play(&self.game, dice, &mut self.scratch) => {
                let span = self.l.spans(t).and_then(|s| s.dice);
                self.l.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                return Flow::Stop;
            }
            None => &PASS,
        };
        let listed = t.play.is_none();
        let mut judging = Judging { l: &mut self.l, t, seat: thrower, lawful: true, applied: None };
        let after = self.pos.play(&self.game, dice, play, listed, &mut self.scratch, &mut judging);
        (turn.lawful, turn.applied) = (judging.lawful, judging.applied);
        let Some(after) = after else {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::CannotApply { before_marks: false }, span);
            return Flow::Stop;
        };
        turn.after = after;
        Flow::On
    }

    #[inline(always)]
    fn after(&mut self, t: &Throw, turn: &mut Turn<P>) -> Flow {
        self.pos = turn.after;
        if self.ended.is_none() && self.pos.end(&self.game).is_some() {
            self.ended = Some(t.number);
        }
        Flow::On
    }

    fn step(&mut self, t: &Throw, turn: &Turn<P>) -> Step {
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
        Some(std::sync::Arc::new(RaceState { pos: self.pos, ended: self.ended }))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<RaceState<P>>() else { return false };
        (self.pos, self.ended) = (s.pos, s.ended);
        true
    }

    fn finish(mut self) -> Replay {
        // the position reached: where the replay stopped, or the last throw's
        self.l.out.last = Some(self.pos.to_setup());
        let end = if self.l.out.stopped_at.is_none() { self.pos.end(&self.game) } else { None };
        self.l.out.end = end.and_then(P::neutral_end);
        if let (Some(claim), None) = (&self.header.result, self.l.out.stopped_at) {
            P::check_result(&mut self.l, claim, end);
        }
        self.l.out
    }
}
