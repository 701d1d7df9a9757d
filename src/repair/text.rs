//! The text of a repair: a candidate written as the record's text, with a `{ repaired: … }`
//! comment at each edit (STN comments, docs/format.md §2), and the unified diff of the
//! record's text.

use super::{Candidate, Repairs};
use crate::notation::{print_record, Header, PrintOptions, Record};
use std::fmt::Write;

/// The record with the edits of candidate `c` made, printed in its letters, a comment at
/// each edit.
pub fn applied_text(rec: &Record, c: &Candidate, header: &Header) -> String {
    print_record(&super::apply(rec, c, header), PrintOptions::default())
}

/// The unified diff of the record's text (printed) and the candidate's (`name`: the file).
pub fn diff(rec: &Record, c: &Candidate, header: &Header, name: &str) -> String {
    let before = print_record(rec, PrintOptions::default());
    let after = applied_text(rec, c, header);
    similar::TextDiff::from_lines(&before, &after)
        .unified_diff()
        .context_radius(2)
        .header(name, &format!("{name} (repaired)"))
        .to_string()
}

/// The repairs in words: each flagged place with its candidates, then the whole record's.
pub fn report(r: &Repairs, header: &Header, name: &str) -> String {
    let d = header.letters;
    let mut out = String::new();
    if r.flags == 0 && r.candidates.is_empty() {
        let _ = writeln!(out, "{name}: clean, nothing to repair");
        return out;
    }
    let _ = writeln!(out, "{name}: {} flag{}", r.flags, if r.flags == 1 { "" } else { "s" });
    let line = |out: &mut String, k: usize, c: &Candidate| {
        let _ = write!(out, "  {}. score {:.2}: removes {} flag(s), leaves {}", k + 1, c.score, c.removes, c.left);
        if c.unreplayed > 0 {
            let _ = write!(out, ", {} throw(s) not replayed", c.unreplayed);
        }
        let _ = writeln!(out);
        if c.as_written {
            let _ = writeln!(out, "       the record as written: its flags are the players' own");
        }
        for e in &c.edits {
            let _ = writeln!(out, "       {}", e.describe(d));
        }
    };
    for p in &r.places {
        let _ = writeln!(out, "throw {}:", p.throw);
        for f in &p.flags {
            let _ = writeln!(out, "  flag {f}");
        }
        if let Some(what) = &p.as_written {
            let _ =
                writeln!(out, "  no transcription slip explains throw {} better than {what} by the player", p.throw);
        }
        if p.candidates.is_empty() && p.as_written.is_none() {
            let _ = writeln!(out, "  no candidate found");
        }
        for (k, c) in p.candidates.iter().enumerate() {
            line(&mut out, k, c);
        }
    }
    let _ = writeln!(out, "whole record (--apply N):");
    if r.candidates.is_empty() {
        let _ = writeln!(out, "  no candidate found");
    }
    for (k, c) in r.candidates.iter().take(5).enumerate() {
        line(&mut out, k, c);
    }
    let cut = if r.cut { ", cut by the time budget (--budget)" } else { "" };
    let _ = writeln!(out, "searched: {} replays in {} ms{cut}", r.replays, r.millis);
    out
}
