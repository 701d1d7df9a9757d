//! Tric Trac's part of the output model (docs/design.md, "The output model"): the partie a
//! throw won ([`PartieStep`]), the data of its `StepDetail`. The shared model (`src/replay/`)
//! re-exports it so that `crate::replay::PartieStep` keeps its path.

use super::score::Choice;

/// A partie of Tric Trac won with a throw (docs/games.md §E.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartieStep {
    /// Its value, 1 (simple) to 4 (quadruple).
    pub value: u8,
    /// What the winner chose for the next partie.
    pub choice: Choice,
}
