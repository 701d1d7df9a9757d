#![no_main]
//! The importers and exporters (`import`, `export`): on any bytes read as a `.mat` or an SGF
//! match they never panic, and what they import is STN that the reader reads back as it is
//! and that the exporters write again; any STN the reader accepts exports without panic, and
//! what is exported imports again.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::interop(data));
