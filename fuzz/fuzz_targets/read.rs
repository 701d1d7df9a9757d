#![no_main]
//! The reader on any bytes: it never panics, and whatever it reads without error prints
//! canonically and reads back to the same record (parse∘print∘parse = parse).

use libfuzzer_sys::fuzz_target;
use soumille::notation::{print_record, read, read_bytes, PrintOptions};

fuzz_target!(|data: &[u8]| {
    let Ok((_, records)) = read_bytes(data) else { return };
    for r in records {
        if !r.errors.is_empty() {
            continue;
        }
        let mut rec = r.record;
        rec.strip_spans();
        let text = print_record(&rec, PrintOptions::default());
        let again = read(&text);
        assert_eq!(again.len(), 1, "printed text reads as {} records:\n{text}", again.len());
        assert!(again[0].errors.is_empty(), "printed text has errors {:?}:\n{text}", again[0].errors);
        let mut back = again[0].record.clone();
        back.strip_spans();
        assert_eq!(back, rec, "round trip changed the record:\n{text}");
    }
});
