//! The changes between a record's text and the same text with a repair's edits made in it
//! ([`crate::repair::text::edited_source`]: only the edited tokens change), as the few
//! replacements an editor applies (a `WorkspaceEdit` of the edited tokens only, issue 26).
//!
//! Both texts are cut into tokens (runs of white space, runs of anything else) and walked
//! together: where they part, the nearest place where they agree again (a few tokens alike)
//! ends one replacement. Each place where they part is looked at once and they agree again
//! within a few tokens (an edit changes a token, puts in a comment or a throw), so the walk
//! is linear in the texts; the replacements, made, always give the new text exactly.

use std::ops::Range;

/// How many tokens past a parting are searched for the texts to agree again; past it, the
/// rest of the old text is replaced by the rest of the new one.
const REACH: usize = 512;

/// How many tokens alike make the texts agree again (at least one of them not white space).
const ALIKE: usize = 3;

/// The replacements that make `new` of `old`: byte ranges of `old` and their new text, in
/// order, none overlapping.
pub fn changes(old: &str, new: &str) -> Vec<(Range<usize>, String)> {
    let (a, b) = (tokens(old), tokens(new));
    let agree = |i: usize, j: usize| (0..ALIKE).all(|k| tok(&a, old, i + k) == tok(&b, new, j + k));
    let (mut i, mut j, mut hunks) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if tok(&a, old, i) == tok(&b, new, j) {
            (i, j) = (i + 1, j + 1);
            continue;
        }
        let again = (1..=REACH).find_map(|s| (0..=s).map(|x| (i + x, j + s - x)).find(|&(x, y)| agree(x, y)));
        let (x, y) = again.unwrap_or((a.len(), b.len()));
        hunks.extend(least(&a[i..x], old, &b[j..y], new).into_iter().map(|(p, q)| (p.start + i..p.end + i, q.start + j..q.end + j)));
        (i, j) = (x, y);
    }
    let mut out: Vec<(Range<usize>, Range<usize>)> = Vec::new();
    for (p, q) in hunks {
        match out.last_mut() {
            // two changes apart by white space only: one change
            Some((lp, lq)) if a[lp.end..p.start].iter().all(|r| old[r.clone()].trim().is_empty()) => {
                (lp.end, lq.end) = (p.end, q.end);
            }
            _ => out.push((p, q)),
        }
    }
    let at = |t: &[Range<usize>], s: &str, k: usize| t.get(k).map_or(s.len(), |r| r.start);
    out.into_iter().map(|(p, q)| (at(&a, old, p.start)..at(&a, old, p.end), new[at(&b, new, q.start)..at(&b, new, q.end)].to_string())).collect()
}

/// The fewest tokens changed between two short parts of the texts (Myers' diff): the parts
/// that differ, as token ranges of each.
fn least(a: &[Range<usize>], old: &str, b: &[Range<usize>], new: &str) -> Vec<(Range<usize>, Range<usize>)> {
    let (x, y): (Vec<&str>, Vec<&str>) = (a.iter().map(|r| &old[r.clone()]).collect(), b.iter().map(|r| &new[r.clone()]).collect());
    similar::capture_diff_slices(similar::Algorithm::Myers, &x, &y)
        .into_iter()
        .map(|op| op.as_tag_tuple())
        .filter(|(tag, _, _)| *tag != similar::DiffTag::Equal)
        .fold(Vec::new(), |mut out: Vec<(Range<usize>, Range<usize>)>, (_, p, q)| {
            match out.last_mut() {
                Some((lp, lq)) if lp.end == p.start && lq.end == q.start => (lp.end, lq.end) = (p.end, q.end),
                _ => out.push((p, q)),
            }
            out
        })
}

/// Token `k` of `s` (cut into `t`), `None` past the last.
fn tok<'a>(t: &[Range<usize>], s: &'a str, k: usize) -> Option<&'a str> {
    t.get(k).map(|r| &s[r.clone()])
}

/// The tokens of `text`: its runs of white space and of anything else, as byte ranges.
fn tokens(text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut last: Option<bool> = None;
    for (k, c) in text.char_indices() {
        let white = c.is_whitespace();
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
        assert!(c.iter().all(|(r, t)| old[r.clone()].ends_with('.') && t.ends_with('.')), "{:?}", &c[..3]);
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
        assert!(c.iter().map(|(_, t)| t.len()).sum::<usize>() < 20, "{c:?}");
    }
}
