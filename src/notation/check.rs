//! Checks of a record that need no rules engine (issue: the reader's own errors):
//! marks even and not negative, ways at least one, throw numbers consecutive.

use super::ast::{Mark, Record, Span, ThrowSpans};
use super::error::SyntaxError;
use crate::board::Dialect;

/// Marks that are odd or negative (points are marked two by two, RULES.md §8).
/// With the source, errors point at the marks.
pub fn check_throws(rec: &Record, src: Option<(&str, Dialect)>) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    for t in &rec.throws {
        let bad = |m: &Mark| m.points < 0 || m.points % 2 != 0 || m.jans.iter().any(|j| j.ways == Some(0));
        let suspect = t.marks.iter().any(bad)
            || t.holes == Some(0)
            || t.opponent.as_ref().is_some_and(|o| o.holes == Some(0) || o.marks.iter().any(bad));
        if !suspect {
            continue;
        }
        let found: Option<ThrowSpans> = match src {
            Some((s, d)) => super::parser::throw_spans(s, t, d),
            None => t.spans.as_deref().cloned(),
        };
        let spans = found.as_ref();
        let mut check = |m: &Mark, span: Option<Span>, whose: &str| {
            if m.points < 0 {
                errors.push(SyntaxError::new(
                    span,
                    format!("throw {}: a negative mark", t.number),
                    "marks are never negative",
                ));
            } else if m.points % 2 != 0 {
                errors.push(
                    SyntaxError::new(
                        span,
                        format!("throw {}: an odd mark +{} by {whose}", t.number, m.points),
                        "expected an even number of points",
                    )
                    .with_help("points are always even: jans score 2, 4 or 6 a way"),
                );
            }
            for j in &m.jans {
                if j.ways == Some(0) {
                    errors.push(SyntaxError::new(
                        span,
                        format!("throw {}: `{} x0`", t.number, j.code),
                        "a jan is made at least one way",
                    ));
                }
            }
        };
        for (k, m) in t.marks.iter().enumerate() {
            check(m, spans.and_then(|s| s.marks.get(k).copied()), "the thrower");
        }
        if let Some(o) = &t.opponent {
            for (k, m) in o.marks.iter().enumerate() {
                check(m, spans.and_then(|s| s.opponent_marks.get(k).copied()), "the opponent");
            }
        }
        if t.holes == Some(0) || t.opponent.as_ref().is_some_and(|o| o.holes == Some(0)) {
            errors.push(SyntaxError::new(
                spans.and_then(|s| s.holes),
                format!("throw {}: a claim of no holes", t.number),
                "expected 1 trou or more",
            ));
        }
    }
    errors
}

/// Throw numbers consecutive from 1 (for records that did not come from text, whose
/// reader checks this as it goes).
pub fn check_numbering(rec: &Record) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    for (k, t) in rec.throws.iter().enumerate() {
        let expected = k as u64 + 1;
        if t.number as u64 != expected {
            errors.push(SyntaxError::new(
                t.spans.as_ref().and_then(|s| s.number),
                format!("throw {} where throw {expected} was expected", t.number),
                format!("expected {expected}."),
            ));
            break;
        }
    }
    errors
}
