//! What a roll is worth: the jans, their ways and points. Grand Trictrac's, now in
//! [`crate::games::grand_trictrac::scoring`]; this path is kept so that existing code keeps
//! compiling.

pub use crate::games::grand_trictrac::scoring::*;
