//! Text the reader cannot parse (issue 26): a die written 7–9, a letter of the other
//! alphabet, a letter that is no point. `repair` reads past it: at the first syntax error of
//! the record, each character near it is read as each symbol that may stand there (a die
//! 1–6, a letter of the record's alphabet), with its cost under the confusion model
//! ([`Confusions`]); the readings that read further are kept, likeliest first, and searched
//! again at the next error, up to [`MAX_TEXT_EDITS`] characters.

use super::confusion::Confusions;
use crate::board::{Dialect, Point};
use crate::notation::SyntaxError;
use serde::Serialize;

/// The most characters read for others in one reading.
pub const MAX_TEXT_EDITS: usize = 3;

/// How many readings are kept at each error.
const WIDTH: usize = 4;

/// How many bytes either side of an error's start are tried.
const REACH: usize = 4;

/// One character of the text read as another.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TextEdit {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1, in characters).
    pub column: usize,
    /// The character written.
    pub written: char,
    /// The character read.
    pub read: char,
}

impl TextEdit {
    /// The edit in words: `line 12, column 4: `6` read for `9``.
    pub fn describe(&self) -> String {
        format!(
            "line {}, column {}: `{}` read for `{}` (the text did not read)",
            self.line, self.column, self.read, self.written
        )
    }
}

/// A reading of the text: the text with its characters read for others, the edits, their
/// cost (−ln of their likelihood).
#[derive(Clone, Debug)]
pub struct Reading {
    /// The text as read.
    pub text: String,
    /// The characters read for others, in the order made.
    pub edits: Vec<TextEdit>,
    /// −ln of the edits' likelihood.
    pub cost: f64,
}

/// The first error of record `index` of `text` that `unreadable` keeps, and how many there are.
fn first_error(
    text: &str,
    index: usize,
    unreadable: &impl Fn(&SyntaxError) -> bool,
) -> Option<(usize, usize, Dialect)> {
    let rec = crate::notation::read(text).into_iter().nth(index)?;
    let errs: Vec<&SyntaxError> = rec.errors.iter().filter(|e| unreadable(e)).collect();
    let start = errs.first().map_or(usize::MAX, |e| e.span.map_or(0, |s| s.start as usize));
    Some((errs.len(), start, rec.header.letters))
}

/// The symbols `c` may have been written for, with their weights.
fn meant(c: char, d: Dialect, conf: &Confusions) -> Vec<(char, f64)> {
    let mut out = Vec::new();
    if c.is_ascii_digit() && !('1'..='6').contains(&c) {
        for r in '1'..='6' {
            out.push((r, conf.dice.weight(c, r).max(conf.digits.weight(c, r)).max(0.02)));
        }
    } else if c.is_alphabetic() && Point::from_letter(c, d).is_none() {
        let table = conf.letters(d);
        for p in Point::all() {
            let r = p.letter(d);
            // a letter of the other alphabet: the same letter in this one's case
            let w = if r.to_lowercase().eq(c.to_lowercase()) { 0.5 } else { table.weight(c, r).max(0.01) };
            out.push((r, w));
        }
    }
    out
}

/// The readings of `text` whose record `index` reads with no error `unreadable` keeps, each
/// making at most [`MAX_TEXT_EDITS`] characters, likeliest first; none when the record
/// reads already or no such reading is found.
pub fn readings(
    text: &str,
    index: usize,
    conf: &Confusions,
    unreadable: impl Fn(&SyntaxError) -> bool,
) -> Vec<Reading> {
    let mut beam = vec![Reading { text: text.to_string(), edits: Vec::new(), cost: 0.0 }];
    let mut done: Vec<Reading> = Vec::new();
    for _ in 0..MAX_TEXT_EDITS {
        let mut next: Vec<Reading> = Vec::new();
        for r in &beam {
            let Some((errors, at, d)) = first_error(&r.text, index, &unreadable) else { continue };
            if errors == 0 {
                continue;
            }
            let (lo, hi) = (at.saturating_sub(REACH), at.saturating_add(REACH));
            for (k, c) in r.text.char_indices().skip_while(|x| x.0 < lo).take_while(|x| x.0 < hi) {
                for (read, w) in meant(c, d, conf) {
                    let mut t = r.text.clone();
                    t.replace_range(k..k + c.len_utf8(), read.encode_utf8(&mut [0u8; 4]));
                    let Some((now, at2, _)) = first_error(&t, index, &unreadable) else { continue };
                    if now < errors || at2 > at {
                        let (line, column) = line_column(&r.text, k);
                        let mut edits = r.edits.clone();
                        edits.push(TextEdit { line, column, written: c, read });
                        let cost = r.cost - (0.3 * w).ln();
                        let reading = Reading { text: t, edits, cost };
                        if now == 0 {
                            done.push(reading);
                        } else {
                            next.push(reading);
                        }
                    }
                }
            }
        }
        next.sort_by(|a, b| a.cost.total_cmp(&b.cost));
        next.truncate(WIDTH);
        beam = next;
        if beam.is_empty() {
            break;
        }
    }
    done.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    done.dedup_by(|a, b| a.text == b.text);
    done
}

/// The line and column (from 1, the column in characters) of byte `k` of `text`.
fn line_column(text: &str, k: usize) -> (usize, usize) {
    let before = &text[..k];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A syntax error that only says a throw is misnumbered (which `repair` renumbers, an
/// [`super::Edit::Number`]).
pub fn misnumbered(e: &SyntaxError) -> bool {
    e.message.contains("where throw") && e.message.ends_with("was expected")
}

/// The likeliest reading of an unreadable text ([`readings`]; errors other than
/// misnumbered throws) whose record `index` reads, judged with the repairs of that record
/// (the reading's cost and its best candidate's): the reading and the record read.
pub fn read_past(text: &str, index: usize, opts: &super::Options) -> Option<(Reading, crate::notation::ReadRecord)> {
    let found = readings(text, index, &opts.confusions, |e| !misnumbered(e));
    // each reading first judged by its flags (a flag weighs as in the search), the three
    // likeliest then repaired
    let mut judged: Vec<(f64, Reading, crate::notation::ReadRecord)> = found
        .into_iter()
        .take(40)
        .filter_map(|r| {
            let read = crate::notation::read(&r.text).into_iter().nth(index)?;
            let flags = crate::replay::replay_books(&read.record, &read.header, None).flags.len();
            Some((r.cost + super::FLAG_LEFT * flags as f64, r, read))
        })
        .collect();
    judged.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut best: Option<(f64, Reading, crate::notation::ReadRecord)> = None;
    for (_, r, read) in judged.into_iter().take(3) {
        let Ok(rep) = super::candidates(&read.record, &read.header, opts) else { continue };
        let cost = r.cost + rep.candidates.first().map_or(0.0, |c| -c.score);
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((cost, r, read));
        }
    }
    best.map(|b| (b.1, b.2))
}
