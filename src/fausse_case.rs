//! Fausse case: a recorded play judged against the legal ones, and the rule it breaks.
//! Grand Trictrac's, now in [`crate::games::grand_trictrac::fausse_case`]; this path is kept
//! so that existing code keeps compiling.

pub use crate::games::grand_trictrac::fausse_case::*;

/// The recorded play in canonical notation, in the letters of `dialect`.
///
/// Deprecated: write `play.in_letters(dialect)` (or `play` in Soumille's letters), the
/// notation's own `Display`. Kept, as a thin wrapper over it, until its last callers move.
pub fn recorded_text(play: &crate::notation::Play, dialect: crate::board::Dialect) -> String {
    play.in_letters(dialect).to_string()
}
