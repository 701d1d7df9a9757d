//! What Plakoto's books find, as facts (docs/games.md §J.8): the rule a play breaks and the
//! lawful plays, the wrong claims (a `*`, the `Position` and `Result` tags). No text: the
//! words are [`super::words`]'.

use super::board::BoardError;
use super::end::Outcome;
use super::judge::Rule;
use crate::board::Seat;
use crate::dice::Dice;
use crate::notation::Play as RecordedPlay;

/// A fact of a Plakoto replay.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// Throw `throw` of `seat` with `dice`: `play` breaks `rule` (§J.8); `lawful`: the
    /// lawful plays, nearest the recorded one first.
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
        /// The lawful plays, nearest first.
        lawful: Vec<RecordedPlay>,
    },
    /// A lawful play whose `*` claims say a pin where none happens, or none where one does
    /// (§J.7, rule `hit`).
    Hit {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice.
        dice: Dice,
        /// The play as recorded.
        play: RecordedPlay,
        /// The same play with its pins claimed where they happen.
        claimed: RecordedPlay,
    },
    /// The `Position` tag is no Plakoto position (§J.7).
    NoPosition {
        /// Why.
        error: BoardError,
    },
    /// The `Result` tag says `*`, but the game ended.
    ResultEnded {
        /// How it ended.
        end: Outcome,
    },
    /// The `Result` tag names a winner, but the game did not end.
    ResultUnfinished,
    /// The `Result` tag is not how the game ended.
    ResultDiffers {
        /// The tag, as written.
        claimed: String,
        /// How the replay ended it.
        end: Outcome,
    },
}
