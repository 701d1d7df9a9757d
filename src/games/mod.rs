//! The games.

pub mod grand_trictrac;
