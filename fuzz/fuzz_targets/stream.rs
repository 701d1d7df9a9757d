#![no_main]
//! The streaming file reader (`check`, `json`, `fmt` of files) on any bytes cut anywhere: it
//! never panics, and it finds the records the reader finds reading the whole text at once.
//! The first byte sets how many bytes each read gives.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::stream(data));
