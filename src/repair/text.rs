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

/// The file `src` the record `rec` was read from with the edits of candidate `c` made in it
/// ([`edited_source`]: only the edited tokens change, the file keeps its layout), as
/// `repair --apply N` writes it (issue 26); the record printed with the edits made when its
/// throws have no spans.
pub fn applied_source(src: &str, rec: &Record, c: &Candidate, header: &Header) -> String {
    edited_source(src, rec, c, header).unwrap_or_else(|| applied_text(rec, c, header))
}

/// The unified diff of the file `src` the record was read from and the file with the
/// candidate's edits made in it ([`edited_source`]: only the throws edited change, the
/// rest of the file keeps its layout, so that `patch` applies the diff to the file as it is;
/// `name`: the file). A record without spans is diffed as printed.
pub fn diff(src: &str, rec: &Record, c: &Candidate, header: &Header, name: &str) -> String {
    diff_from(src, src, rec, c, header, name)
}

/// As [`diff`], the record having been read from `src`, a reading of the file `original`
/// with some characters read for others ([`super::unread`]): the diff is of the file as it is.
pub fn diff_from(original: &str, src: &str, rec: &Record, c: &Candidate, header: &Header, name: &str) -> String {
    let (before, after) = match edited_source(src, rec, c, header) {
        Some(after) => (original.to_string(), after),
        None => (print_record(rec, PrintOptions::default()), applied_text(rec, c, header)),
    };
    similar::TextDiff::from_lines(&before, &after)
        .unified_diff()
        .context_radius(2)
        .header(name, &format!("{name} (repaired)"))
        .to_string()
}

/// The file `src` with the edits of candidate `c` made in the text of record `rec` (read
/// from it): a throw the edits leave alone stays as written; one renumbered only has its
/// number changed; one edited has its edited tokens changed in place and its
/// `{ repaired: … }` comment put after its dice ([`super::source::patched`]), or, when a
/// change has no token to go in, is printed again in its place, its line end kept; a throw
/// supplied is put in on a line of its own; a copy taken out is taken out with its line.
/// `None` when a throw has no span.
pub fn edited_source(src: &str, rec: &Record, c: &Candidate, header: &Header) -> Option<String> {
    let after = super::apply(rec, c, header);
    let origins = origins(rec.throws.len(), &c.edits);
    let spans: Vec<crate::notation::Span> = rec.throws.iter().map(|t| t.span).collect::<Option<_>>()?;
    let (Some(first), Some(last)) = (spans.first(), spans.last()) else { return Some(src.to_string()) };
    let game = crate::notation::printer::record_game(rec);
    let text = |t: &crate::notation::Throw| crate::notation::printer::throw_text(t, header.letters, game);
    let mut out = src.get(..first.start as usize)?.to_string();
    for (k, t) in after.throws.iter().enumerate() {
        let Some(j) = origins.get(k).copied().flatten() else {
            let _ = writeln!(out, "{}", text(t));
            continue;
        };
        let piece = src.get(spans[j].start as usize..spans[j].end as usize)?;
        let body = piece.trim_end();
        let tail = &piece[body.len()..];
        let was = &rec.throws[j];
        if same_but_number(was, t) {
            let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if was.number == t.number || digits == 0 {
                out.push_str(piece);
            } else {
                let _ = write!(out, "{}{}{tail}", t.number, &body[digits..]);
            }
        } else if let Some(edited) = super::source::patched(src, was, t, header.letters, game) {
            out.push_str(&edited);
        } else {
            let _ = write!(out, "{}{}", text(t), if tail.is_empty() { "\n" } else { tail });
        }
    }
    out.push_str(src.get(last.end as usize..)?);
    Some(out)
}

/// For each throw of the record the edits give, the throw of the record as read it stands
/// for (`None`: a throw supplied).
fn origins(n: usize, edits: &[super::Edit]) -> Vec<Option<usize>> {
    let mut v: Vec<Option<usize>> = (0..n).map(Some).collect();
    for e in edits {
        match *e {
            super::Edit::Lacuna { throw, .. } if (throw as usize) >= 1 && throw as usize <= v.len() + 1 => {
                v.insert(throw as usize - 1, None)
            }
            super::Edit::PageBreak { throw, ref lost } if (throw as usize) >= 1 && throw as usize <= v.len() + 1 => {
                for _ in lost {
                    v.insert(throw as usize - 1, None);
                }
            }
            super::Edit::Duplicate { throw } if (throw as usize) >= 1 && throw as usize <= v.len() => {
                v.remove(throw as usize - 1);
            }
            _ => {}
        }
    }
    v
}

/// Whether two throws are the same but for their numbers (and where they stand).
fn same_but_number(a: &crate::notation::Throw, b: &crate::notation::Throw) -> bool {
    let strip = |t: &crate::notation::Throw| {
        let mut t = t.clone();
        t.number = 0;
        t.span = None;
        t.spans = None;
        t
    };
    strip(a) == strip(b)
}

/// The repairs in words: each flagged place with its candidates, then the whole record's.
pub fn report(r: &Repairs, header: &Header, name: &str) -> String {
    report_in(r, header, name, false)
}

/// A candidate's edits in words: in the record's letters, or with `points` a backgammon
/// record's points and plays in the numbers of the thrower at each edit's throw, as the
/// candidate's record names it (`repair --points`, docs/games.md §I).
pub fn described(c: &Candidate, header: &Header, points: bool) -> Vec<String> {
    let numbers = points && header.game == crate::notation::Game::Backgammon;
    c.edits
        .iter()
        .map(|e| {
            if !numbers {
                return e.describe(header.letters);
            }
            let seat = c.record.throws.iter().find(|t| t.number == e.throw()).and_then(|t| t.seat);
            e.describe_in(crate::board::PointNames::Numbers, seat)
        })
        .collect()
}

/// [`report`], with `points` a backgammon record's edits in point numbers ([`described`]);
/// the places' flags are as the search wrote them ([`super::Options::points`]).
pub fn report_in(r: &Repairs, header: &Header, name: &str, points: bool) -> String {
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
        for e in described(c, header, points) {
            let _ = writeln!(out, "       {e}");
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
