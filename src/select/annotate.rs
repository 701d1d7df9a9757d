//! `fmt --annotate` and `fmt --strip` (docs/data.md §2): `check`'s findings written into a
//! record as comments, `{ soumille: KIND RULE: message }`, each after the last token of its
//! throw (a flag of no throw: after the `Result` tag, else before the first throw), and
//! taken out again. Only comments that start with `soumille:` are touched.

use crate::notation::{Comment, CommentStyle, Record};
use crate::replay::{Flag, Replay};

/// The start of every comment `--annotate` writes.
pub const MARK: &str = "soumille:";

/// Whether a comment is one `--annotate` wrote.
pub fn is_annotation(c: &Comment) -> bool {
    c.text.trim_start().starts_with(MARK)
}

/// Takes every annotation out of the record; returns how many.
pub fn strip_annotations(rec: &mut Record) -> usize {
    let mut n = 0;
    let mut keep = |v: &mut Vec<Comment>| {
        let before = v.len();
        v.retain(|c| !is_annotation(c));
        n += before - v.len();
    };
    keep(&mut rec.comments);
    for t in &mut rec.tags {
        keep(&mut t.comments);
    }
    for t in &mut rec.throws {
        keep(&mut t.comments);
    }
    n
}

/// The comment of a flag: its kind, its rule and its message, on one line, with no `}`.
pub fn comment_of(f: &Flag) -> Comment {
    let rule = f.rule.map(|r| format!(" {r}")).unwrap_or_default();
    let message: String = f
        .message
        .chars()
        .map(|c| {
            if c == '}' {
                ')'
            } else if c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    Comment {
        style: CommentStyle::Brace,
        text: format!(" {MARK} {}{rule}: {} ", f.kind.name(), message.trim()),
        after: None,
    }
}

/// Writes the replay's flags into the record (its annotations first taken out): each after the
/// last token of its throw.
pub fn annotate_flags(rec: &mut Record, rp: &Replay) -> usize {
    strip_annotations(rec);
    let game = crate::notation::record_game(rec);
    for f in &rp.flags {
        let mut c = comment_of(f);
        let at = f.throw.and_then(|n| rec.throws.iter().position(|t| t.number == n));
        match at {
            Some(k) => {
                let t = &mut rec.throws[k];
                c.after = Some(crate::notation::last_anchor(t, game));
                t.comments.push(c);
            }
            None => match rec.tags.iter().position(|t| t.name == "Result").or(rec.tags.len().checked_sub(1)) {
                Some(k) => rec.tags[k].comments.push(c),
                None => rec.comments.push(c),
            },
        }
    }
    rp.flags.len()
}
