//! Jacquet (basic and advanced rules) and Moultezim, one engine with a variant flag
//! (GAMES.md §A, §B, §C).
//!
//! * [`board`]: the Jacquet routes (both seats the same way round, top's talon on M), the
//!   position held per seat along its route, setups, the postillon phase, the end.
//! * [`options`]: the keys of the `Rules` tag (GAMES.md §F).
//! * [`movegen`]: the legal plays of a roll, the rules a move or a play may break.
//! * [`judge`]: a recorded play judged against them.

pub mod board;
pub mod judge;
pub mod movegen;
pub mod options;

#[cfg(test)]
mod bruteforce;
#[cfg(test)]
mod tests;

pub use board::{Board, End, JACQUET};
pub use judge::{judge, Fault, Judgement};
pub use movegen::{legal_plays_into, Path, Play, Plays, Rule, ThrowRules};
pub use options::{JacquetOptions, Variant};

use crate::dice::Dice;

/// Jacquet or Moultezim under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Jacquet {
    /// The options, the variant among them.
    pub options: JacquetOptions,
}

impl Jacquet {
    /// The game under `options`.
    pub fn new(options: JacquetOptions) -> Jacquet {
        Jacquet { options }
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
