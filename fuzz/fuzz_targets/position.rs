#![no_main]
//! Position strings and `explain` of every game: on any text they never panic, a position
//! string read prints and reads back as the same setup, and the legal plays are found. The
//! first byte picks the game; the rest is `POSITION\nDICE\nRULES`.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::position(data));
