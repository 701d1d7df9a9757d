//! Jacquet (basic and advanced rules) and Moultezim, one engine with a variant flag
//! (docs/games.md §A, §B, §C).
//!
//! * [`board`]: the Jacquet routes (both seats the same way round, top's talon on M), the
//!   position held per seat along its route, setups, the postillon phase, the end.
//! * [`options`]: the keys of the `Rules` tag (docs/games.md §F).
//! * [`movegen`]: the legal plays of a roll, the rules a move or a play may break.
//! * [`judge`]: a recorded play judged against them.
//! * [`books`]: the replay of a record, its flags, steps and end.
//! * [`generate`]: seeded self-play.
//!
//! [`Jacquet`] answers [`Game`] with them.

/// What the rules of Jacquet and Moultezim and their books found, as facts (docs/games.md §A.9,
/// §A.10); the reporting layer writes their words ([`crate::games::jacquet::words`]). The stops and
/// wrong seats are the shared [`crate::replay::Fact::Stop`] and [`crate::replay::Fact::Seat`].
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// A fausse case (docs/games.md §A.10): the recorded play breaks `rule`.
    FausseCase {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice.
        dice: Dice,
        /// The rule broken.
        rule: Rule,
        /// The play as recorded.
        play: RecordedPlay,
        /// The recorded move (a man's path, its index in `play`) at fault, when one is.
        at: Option<usize>,
        /// The lawful plays, those nearest the recorded play first.
        lawful: Vec<Play>,
    },
    /// A move claims a hit (`*`), but the game has no hits (docs/games.md §A.3): a wrong claim.
    Hit {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice.
        dice: Dice,
        /// The game.
        variant: Variant,
    },
    /// The `Position` tag is no position of the game (docs/games.md §A.10 `position`).
    NoPosition {
        /// The game.
        variant: Variant,
        /// Why not.
        error: board::SetupError,
    },
    /// The `Result` tag says `*`, but the game ended (docs/games.md §A.10 `result`).
    ResultEnded {
        /// How it ended.
        end: End,
    },
    /// The `Result` tag names a winner, but no seat bore off its fifteen men.
    ResultUnfinished {
        /// The winner the tag names.
        claimed: Seat,
    },
    /// The `Result` tag names a winner and points that are not the replay's: what differs.
    ResultDiffers {
        /// The replay's winner, when the tag names another.
        winner: Option<Seat>,
        /// The replay's points, when the tag says others.
        points: Option<u32>,
        /// The kind of win the tag gives (a Backgammon word; Jacquet has none).
        kind: Option<ResultKind>,
    },
    /// The `Result` tag gives a score `W-L`, not the points won (docs/games.md §A.9).
    ResultScore {
        /// The replay's winner, when the game ended.
        winner: Option<Seat>,
    },
}

pub mod board;
pub mod books;
pub mod generate;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod words;

#[cfg(test)]
mod bruteforce;
#[cfg(test)]
mod tests;

pub use board::{Board, End, JACQUET};
pub use judge::{judge, Fault, Judgement};
pub use movegen::{legal_plays_into, Path, Play, Plays, Rule, ThrowRules};
pub use options::{JacquetOptions, Variant};

pub use generate::generate_record;

use super::{Game, Judged, ShownPlay};
use crate::board::{Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record, ResultKind};
use crate::position::Position;
use crate::replay::Replay;

/// Jacquet or Moultezim under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Jacquet {
    /// The options, the variant among them.
    pub options: JacquetOptions,
    /// The `Rules` tag had keys or values the game does not know (the replay says which,
    /// and replays nothing).
    pub invalid_options: bool,
}

impl Jacquet {
    /// The game under `options`.
    pub fn new(options: JacquetOptions) -> Jacquet {
        Jacquet { options, invalid_options: false }
    }

    /// The game of a record's header: its `Game` tag (jacquet or moultezim) and the options
    /// of its `Rules` tag (the defaults, marked invalid, when they cannot be read).
    pub fn of(header: &Header) -> Jacquet {
        let variant = books::variant_of(header.game);
        match JacquetOptions::parse(variant, &header.game_rules) {
            Ok(options) => Jacquet::new(options),
            Err(_) => Jacquet { options: JacquetOptions::new(variant), invalid_options: true },
        }
    }

    /// Every legal play of `dice` for the seat to throw in `board`, into `out`.
    pub fn legal_plays_into(&self, board: &Board, dice: Dice, out: &mut Plays) {
        movegen::legal_plays_into(&self.options, board, dice, out);
    }

    /// A recorded play (`paths` in the thrower's relative points, none for a pass) judged
    /// against `legal`, the legal plays of the roll in `board`.
    pub fn judge(&self, board: &Board, dice: Dice, legal: &Plays, paths: &[Path]) -> Judgement {
        judge::judge(&self.options, board, dice, legal, paths)
    }

    /// The end of the game in `board`, if it has ended: winner and points.
    pub fn end(&self, board: &Board) -> Option<End> {
        board.end(&self.options)
    }
}

/// A position of the shared board model holding a Jacquet board (the same arrays, each seat
/// along its Jacquet route).
fn position_of(board: &Board) -> Position {
    Position { men: board.men, turn: board.turn }
}

fn board_of(pos: &Position) -> Board {
    Board { men: pos.men, turn: pos.turn }
}

impl Game for Jacquet {
    type Options = JacquetOptions;
    type Play = Play;
    type Plays = Plays;
    type State = ();
    type Marks = ();
    type Fault = books::FausseCase;
    /// Both seats' men along their routes (what the end is counted from).
    type Score = [[u8; 26]; 2];
    type Outcome = End;

    fn from_rules(tag: GameTag, pairs: &[crate::notation::RulePair]) -> Result<Self, Vec<super::OptionError>> {
        Ok(Jacquet::new(JacquetOptions::parse(books::variant_of(tag), pairs)?))
    }

    fn from_header(header: &Header) -> Self {
        Jacquet::of(header)
    }

    fn departing_rules(&self) -> String {
        self.options.to_string()
    }

    fn tag(&self) -> GameTag {
        match self.options.variant {
            Variant::Jacquet => GameTag::Jacquet,
            Variant::Moultezim => GameTag::Moultezim,
        }
    }

    fn options(&self) -> &JacquetOptions {
        &self.options
    }

    fn opening(&self, first: Seat) -> Position {
        position_of(&Board::opening(first))
    }

    fn new_plays(&self) -> Plays {
        Plays::new()
    }

    fn legal_plays_into(&self, pos: &Position, _: &(), dice: Dice, out: &mut Plays) {
        movegen::legal_plays_into(&self.options, &board_of(pos), dice, out);
    }

    fn roll(&self, pos: &Position, state: &(), dice: Dice, out: &mut Plays) {
        Game::legal_plays_into(self, pos, state, dice, out);
    }

    fn judge(
        &self,
        pos: &Position,
        _: &(),
        dice: Dice,
        legal: &Plays,
        play: &RecordedPlay,
    ) -> Judged<Play, books::FausseCase> {
        let (j, fault) = books::judge_recorded(&self.options, &board_of(pos), dice, legal, play);
        Judged { after: j.after.map(|b| position_of(&b)), fault, legal: j.legal.and_then(|i| legal.get(i)) }
    }

    fn outcome(&self, score: &[[u8; 26]; 2], _before: &[[u8; 26]; 2]) -> Option<End> {
        Board { men: *score, turn: Seat::Top }.end(&self.options)
    }

    fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, crate::games::PlaysError> {
        if self.invalid_options {
            let v = self.options.variant;
            return Err(crate::games::PlaysError::Options(format!(
                "the rule options given are not those of {}; the options are {}",
                v.name(),
                JacquetOptions::keys(v).join(", ")
            )));
        }
        books::explain_plays(&self.options, setup, dice)
    }

    fn generate(&self, seed: u64) -> Option<Record> {
        (!self.invalid_options).then(|| generate_record(seed, &self.options))
    }

    fn books_fed(
        &self,
        rec: &Record,
        feed: crate::replay::ThrowFeed<'_>,
        header: &Header,
        src: Option<&str>,
        keep_steps: bool,
    ) -> Replay {
        crate::games::race::books_fed::<Board>(self, rec, feed, header, src, keep_steps)
    }
}
