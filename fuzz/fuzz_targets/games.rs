#![no_main]
//! The replay and every renderer of every game (`replay`, `sheet`, `show`, `view` of Grand
//! Trictrac, Trictrac à écrire, Jacquet, Moultezim, Backgammon, Tric Trac), and `explain` at
//! each board of the other games: they never panic. The first byte may set the game (a
//! `Game` tag put before the text).

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::games(data));
