//! Fausse case: a recorded play judged against the legal ones, and the rule it breaks.
//! Grand Trictrac's, now in [`crate::games::grand_trictrac::fausse_case`]; this path is kept
//! so that existing code keeps compiling.

pub use crate::games::grand_trictrac::fausse_case::*;
