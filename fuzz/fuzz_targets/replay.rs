#![no_main]
//! The replay on any record the reader accepts: it never panics, and neither do the
//! renderers over what it found.

use libfuzzer_sys::fuzz_target;
use soumille::notation::read_bytes;

fuzz_target!(|data: &[u8]| {
    let Ok((text, records)) = read_bytes(data) else { return };
    for r in records.iter().filter(|r| r.errors.is_empty()) {
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        let sheet = soumille::Sheet::new(&rp, None, None);
        let _ = (sheet.text(), sheet.markdown(), sheet.html());
        let _ = soumille::replay_text(&rp, r.header.letters);
        if let Some(s) = &rp.last {
            let _ = soumille::setup_text(s, r.header.letters);
        }
    }
});
