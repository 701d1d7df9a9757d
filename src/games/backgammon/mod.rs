//! Backgammon of the 1982 booklet (GAMES.md §D), with the doubling cube.
//!
//! * [`board`]: the men of each seat along its route, the bar p0 and the men borne off p25
//!   (§D.1, §D.2, §D.9), converted from and to the shared [`crate::board::Setup`].
//! * [`options`]: `premier-coup`, `un-seul-de`, `backgammon`, `cube` (§F).
//! * [`movegen`]: the legal plays of a roll (§0.2, §D.4–§D.6).
//! * [`judge`]: a recorded play judged, the rule of §D.10 it breaks, its hit claims, the
//!   position it leaves.
//! * [`cube`]: the doubling cube (§D.7) and the end of a game (§D.8).
//! * [`gnubg_id`]: GNU Backgammon's Position ID, to and from a board.

pub mod board;
pub mod cube;
pub mod gnubg_id;
pub mod judge;
pub mod movegen;
pub mod options;

#[cfg(test)]
mod brute;

pub use board::Board;
pub use movegen::{legal_plays_into, Path, Play, Plays, Step};
pub use options::Options;
