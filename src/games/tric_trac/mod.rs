//! Tric Trac of the 1982 Ravensburger booklet (GAMES.md §E, `[Game "tric-trac"]`).
//!
//! Backgammon's moves with points: two moves a throw (a doublet too, and the same seat
//! throws again), men entered from their start point first, lone men captured back to their
//! start, the bosse taken by two men together, men borne off on reaching p24 exactly; a
//! point for each man captured or borne off, two for the grand pont, twelve win a partie
//! worth 1 to 4, parties prolonged or started again in a series.
//!
//! * [`board`]: the position (the shared [`crate::position::Position`] with Grand
//!   Trictrac's routes, white = bottom) from and to a [`crate::board::Setup`].
//! * [`options`]: `plus-fort`, `pont`, `points-perdant` (GAMES.md §F).
//! * [`movegen`]: the legal plays of a roll (§E.2–§E.8), in fixed capacity.
//! * [`judge`]: a recorded play judged, the rule of §E.12 it breaks.
//! * [`score`]: points, the value of a partie, prolongation (§E.9, §E.10).
//! * [`series`]: a record's throws in turn with their claims (`marks`, `partie`,
//!   `decision`, `seat`, `result`).

pub mod board;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod score;
pub mod series;

#[cfg(test)]
mod tests;

use crate::board::Seat;
use crate::dice::Dice;
use crate::position::Position;
pub use judge::{judge, Fault, Judgement, Path, Rule};
pub use movegen::{legal_plays_into, Play, Plays, Step};
pub use options::Options;
pub use score::{Choice, PartieWon, Score};

/// Tric Trac under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TricTrac {
    /// The options (GAMES.md §F).
    pub options: Options,
}

impl TricTrac {
    /// The game under `options`.
    pub fn new(options: Options) -> TricTrac {
        TricTrac { options }
    }

    /// The legal plays of `dice` for the seat to throw in `pos`, which has `points`.
    pub fn plays_into(&self, pos: &Position, points: u16, dice: Dice, out: &mut Plays) {
        legal_plays_into(pos, points, dice, &self.options, out)
    }

    /// The opening: fifteen men on each start point (A for top, & for bottom).
    pub fn opening(first: Seat) -> Position {
        Position::opening(first)
    }
}
