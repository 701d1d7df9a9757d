//! Grand Trictrac (RULES.md), and Trictrac à écrire, its written-score match form (§12).

pub mod fausse_case;
pub mod movegen;
pub mod score;
pub mod scoring;
