//! Plakoto, the Greek tables game of pinning (docs/games.md §J): the backgammon board and
//! route (§J.1), the throw as backgammon's (§J.2), lone men pinned rather than hit (§J.3),
//! bearing off (§J.4), the mother (`mana`, §J.5) and the end (§J.6), judged with the rule
//! names of §J.8.
//!
//! * [`board`] holds the position, its pins and the `pinned=` score field (§J.7);
//! * [`options`] reads `mana=double|simple|non`;
//! * [`movegen`] finds the legal plays of a roll, and [`brute`] checks it;
//! * [`judge`] judges a recorded play against the rules;
//! * [`end`] says whether and how the game ended, and reads and prints the `Result` forms.

pub mod board;
pub mod brute;
pub mod end;
pub mod judge;
pub mod movegen;
pub mod options;

#[cfg(test)]
mod tests;
