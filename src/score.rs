//! Points, holes, bredouille, pavillon, winnings and the marqués of Trictrac à écrire.
//! Grand Trictrac's score book, now in [`crate::games::grand_trictrac::score`]; this path is
//! kept so that existing code keeps compiling.

pub use crate::games::grand_trictrac::score::*;
