#![no_main]
//! The JSON reader (`fmt --from-json`) on any text: it never panics, and whatever it accepts
//! prints to STN that the file reader reads back as the same records (issue 16, item 18).

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::json(data));
