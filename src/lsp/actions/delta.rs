//! The changes between a record's text and the same text with a repair's edits made in it
//! ([`crate::repair::text::edited_source`]: only the edited tokens change), as the few
//! replacements an editor applies (a `WorkspaceEdit` of the edited tokens only, issue 26).
//!
//! The lines of both texts are matched first, each known by what follows its throw's number
//! (so that a throw renumbered after a throw put in or taken out is still the same line): a
//! diff of lines (Myers', linear in the lines when the edits are few). Then, in each pair of
//! lines that differ and in each run of lines put in, taken out or changed, the fewest tokens
//! (runs of white space, runs of anything else) are changed. The replacements, made, always
//! give the new text exactly.

use similar::{capture_diff_slices_deadline, Algorithm, DiffTag};
use std::ops::Range;
use std::time::{Duration, Instant};

/// How long each diff may look for the fewest changes; past it, a diff with more changes
/// (still exact) is taken.
const PATIENCE: Duration = Duration::from_millis(500);

/// The replacements that make `new` of `old`: byte ranges of `old` and their new text, in
/// order, none overlapping.
pub fn changes(old: &str, new: &str) -> Vec<(Range<usize>, String)> {
    let (a, b) = (lines(old), lines(new));
    let (ka, kb): (Vec<&str>, Vec<&str>) =
        (a.iter().map(|r| key(&old[r.clone()])).collect(), b.iter().map(|r| key(&new[r.clone()])).collect());
    let deadline = Some(Instant::now() + PATIENCE);
    let span = |t: &[Range<usize>], s: &str, r: Range<usize>| {
        t.get(r.start).map_or(s.len(), |x| x.start)..t.get(r.end).map_or(s.len(), |x| x.start)
    };
    let mut hunks = Vec::new();
    for op in capture_diff_slices_deadline(Algorithm::Myers, &ka, &kb, deadline) {
        let (tag, p, q) = op.as_tag_tuple();
        if tag != DiffTag::Equal {
            hunks.extend(least(old, span(&a, old, p), new, span(&b, new, q)));
            continue;
        }
        for (x, y) in p.zip(q) {
            // the same but for what stands before the key: the number (and the spaces before it)
            let (p, q) = (a[x].start..a[x].end - ka[x].len(), b[y].start..b[y].end - kb[y].len());
            if old[p.clone()] != new[q.clone()] {
                let same = old[p.clone()].len() - old[p.clone()].trim_start().len();
                let blank = new[q.clone()].len() - new[q.clone()].trim_start().len();
                let from = if old[p.start..p.start + same] == new[q.start..q.start + blank] { same } else { 0 };
                hunks.push((p.start + from..p.end, q.start + from..q.end));
            }
        }
    }
    let mut out: Vec<(Range<usize>, Range<usize>)> = Vec::new();
    for (p, q) in hunks {
        match out.last_mut() {
            // two changes of a line apart by white space only: one change
            Some((lp, lq)) if old[lp.end..p.start].chars().all(|c| c.is_whitespace() && c != '\n') => {
                (lp.end, lq.end) = (p.end, q.end);
            }
            _ => out.push((p, q)),
        }
    }
    out.into_iter().map(|(p, q)| (p, new[q].to_string())).collect()
}

/// What a line is known by: what follows its first figures (a throw's number), the spaces
/// before them left out too.
fn key(line: &str) -> &str {
    line.trim_start().trim_start_matches(|c: char| c.is_ascii_digit())
}

/// The fewest tokens changed between the bytes `p` of `old` and `q` of `new` (Myers' diff):
/// the parts that differ, as byte ranges of each.
fn least(old: &str, p: Range<usize>, new: &str, q: Range<usize>) -> Vec<(Range<usize>, Range<usize>)> {
    let (a, b) = (tokens(&old[p.clone()], p.start), tokens(&new[q.clone()], q.start));
    let x: Vec<&str> = a.iter().map(|r| &old[r.clone()]).collect();
    let y: Vec<&str> = b.iter().map(|r| &new[r.clone()]).collect();
    let at = |t: &[Range<usize>], end: usize, k: usize| t.get(k).map_or(end, |r| r.start);
    let mut out: Vec<(Range<usize>, Range<usize>)> = Vec::new();
    for op in capture_diff_slices_deadline(Algorithm::Myers, &x, &y, Some(Instant::now() + PATIENCE)) {
        let (tag, i, j) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            continue;
        }
        let (i, j) = (at(&a, p.end, i.start)..at(&a, p.end, i.end), at(&b, q.end, j.start)..at(&b, q.end, j.end));
        match out.last_mut() {
            Some((li, lj)) if li.end == i.start && lj.end == j.start => (li.end, lj.end) = (i.end, j.end),
            _ => out.push((i, j)),
        }
    }
    out
}

/// The lines of `text`, each with its line end, as byte ranges.
fn lines(text: &str) -> Vec<Range<usize>> {
    let mut at = 0;
    text.split_inclusive('\n')
        .map(|l| {
            at += l.len();
            at - l.len()..at
        })
        .collect()
}

/// The tokens of `text` (which stands at byte `from`): its runs of white space and of
/// anything else, as byte ranges.
fn tokens(text: &str, from: usize) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut last: Option<bool> = None;
    for (k, c) in text.char_indices() {
        let white = c.is_whitespace();
        let k = from + k;
        match out.last_mut() {
            Some(r) if last == Some(white) => r.end = k + c.len_utf8(),
            _ => out.push(k..k + c.len_utf8()),
        }
        last = Some(white);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(old: &str, changes: &[(Range<usize>, String)]) -> String {
        let mut out = old.to_string();
        for (r, t) in changes.iter().rev() {
            out.replace_range(r.clone(), t);
        }
        out
    }

    #[test]
    fn a_changed_token_is_the_only_change() {
        let old = "1.  6-5   AG    AF   { two men }\n2. 4-2 &X  &Z\n";
        let new = "1.  6-5   AG    AE   { two men }\n2. 4-2 &X  &Z\n";
        assert_eq!(changes(old, new), [(16..18, "AE".to_string())]);
        let new = "1.  6-5 { repaired: x }   AG    AF   { two men }\n2. 4-2 &X  &Z\n";
        let c = changes(old, new);
        assert_eq!(made(old, &c), new);
        assert_eq!(c.len(), 1, "{c:?}");
        assert!(c[0].0.len() <= 3 && c[0].1.contains("{ repaired: x }"), "{c:?}");
        assert_eq!(changes(old, old), []);
    }

    #[test]
    fn a_renumbered_run_changes_the_numbers_only() {
        let old: String = (1..=2000).map(|k| format!("{}. 4-2 AB AC\n", if k > 5 { k + 1 } else { k })).collect();
        let new: String = (1..=2000).map(|k| format!("{k}. 4-2 AB AC\n")).collect();
        let c = changes(&old, &new);
        assert_eq!(c.len(), 1995);
        let figures = |t: &str| t.chars().all(|c| c.is_ascii_digit());
        assert!(c.iter().all(|(r, t)| figures(&old[r.clone()]) && figures(t)), "{:?}", &c[..3]);
        assert_eq!(made(&old, &c), new);
    }

    #[test]
    fn lines_put_in_and_taken_out_and_any_text_are_made_exactly() {
        let old = "1. 4-2 AB AC\n2. 3-1 AD AE\n3. 6-6 AB\n";
        for new in [
            "1. 4-2 AB AC\n2. 5-5 ZZ\n3. 3-1 AD AE\n4. 6-6 AB\n",
            "1. 4-2 AB AC\n2. 6-6 AB\n",
            "",
            "é\r\n  x",
            "1. 4-2 AB AC\n2. 3-1 AD AE\n3. 6-6 AB\n4. 1-1 #\n",
        ] {
            assert_eq!(made(old, &changes(old, new)), new, "{new:?}");
            assert_eq!(made(new, &changes(new, old)), old, "{new:?}");
        }
        let c = changes(old, "1. 4-2 AB AC\n2. 5-5 ZZ\n3. 3-1 AD AE\n4. 6-6 AB\n");
        // the line put in (with the number after it changed), then the number of the next
        assert_eq!(c, [(13..14, "2. 5-5 ZZ\n3".to_string()), (26..27, "4".into())]);
    }
}
