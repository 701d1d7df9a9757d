//! Hover: on a rule's name (a flag's rule in a comment, a jan code, a `Rules` option key) its
//! text from the project's rules; on a throw the board before and after it (the text
//! diagram `show` prints), the score and the position string after it, and its flags; with
//! the `points` setting (docs/editors.md) a backgammon throw's play, boards and flags in point
//! numbers from the side of the player on roll (docs/games.md §I).

use super::analysis::{Analysed, Analysis};
use crate::board::{PointNames, Setup};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

/// What a hover at byte `at` of the document shows, if anything; with `numbers`, a
/// backgammon record's points in numbers ([`Analysed::point_names`]).
pub fn hover(a: &Analysis, at: usize, numbers: bool) -> Option<Hover> {
    let (word, range) = word_at(&a.text, at);
    if let Some(text) = super::rule_docs::rule_text(word) {
        let range = a.lines.range(&a.text, Some(range));
        return Some(markdown(text, Some(range)));
    }
    let r = a.record_at(at)?;
    let t = r.throw_at(at)?;
    Some(markdown(throw_text(r, t.number, r.point_names(numbers)), t.span.map(|s| a.lines.range(&a.text, Some(s)))))
}

fn markdown(value: String, range: Option<lsp_types::Range>) -> Hover {
    Hover { contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }), range }
}

/// The word (letters, digits, `-`, `_`) around byte `at`, and its span.
pub fn word_at(text: &str, at: usize) -> (&str, crate::notation::Span) {
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at].char_indices().rev().take_while(|&(_, c)| is_word(c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|&(_, c)| !is_word(c)).map_or(text.len(), |(i, _)| at + i);
    let span = crate::notation::Span { start: start as u32, end: end as u32 };
    (&text[start..end], span)
}

/// A throw's hover, in markdown: its step's boards, score and position string, its flags;
/// or why the replay has no board for it.
fn throw_text(r: &Analysed, n: u32, letters: PointNames) -> String {
    let Some(step) = r.step(n) else {
        if r.replay.stopped_at == Some(n) {
            if let Some(before) = r.setup_before(n) {
                return stopped_text(r, n, &before, letters);
            }
        }
        let why = match r.replay.stopped_at {
            Some(s) if s <= n => format!("the replay stopped at throw {s}"),
            _ => "the throw is not read (a syntax error)".to_string(),
        };
        return format!("**Throw {n}**: no board: {why}.");
    };
    let mut out = format!("**Throw {n}**: {} {}", step.seat.name(), dice_text(step.dice));
    if letters == PointNames::Numbers {
        if let Some(play) = crate::output::step_play_in_points(step) {
            out.push_str(&format!(" `{play}`"));
        }
    }
    if !step.lawful {
        out.push_str(" — unlawful play");
    }
    out.push_str("\n\nBefore:\n```text\n");
    out.push_str(crate::show::setup_text(&step.before, letters).trim_end());
    out.push_str("\n```\nAfter:\n```text\n");
    out.push_str(crate::show::setup_text(&step.after, letters).trim_end());
    out.push_str("\n```\n");
    let position = position_string(&step.after, &r.read.header);
    if let Some((_, score)) = score_fields(&position) {
        out.push_str(&format!("\nScore after: `{score}`\n"));
    }
    out.push_str(&format!("\nPosition after: `{position}`\n"));
    for f in r.flags().filter(|f| f.throw == Some(n)) {
        out.push_str(&format!("\n* `{}`: {}", f.what(), f.body_in(letters)));
    }
    out
}

/// The hover of the throw where the replay stopped (its play could not be made, a fausse
/// case that leaves no position, docs/rules.md §10): the board before it, the score and
/// position string there, and its flags (the lawful plays among them).
fn stopped_text(r: &Analysed, n: u32, before: &Setup, letters: PointNames) -> String {
    let mut out = format!("**Throw {n}**: the replay stopped here (the play as written cannot be made)");
    out.push_str("\n\nBefore:\n```text\n");
    out.push_str(crate::show::setup_text(before, letters).trim_end());
    out.push_str("\n```\n");
    let position = position_string(before, &r.read.header);
    if let Some((_, score)) = score_fields(&position) {
        out.push_str(&format!("\nScore before: `{score}`\n"));
    }
    out.push_str(&format!("\nPosition before: `{position}`\n"));
    for f in r.flags().filter(|f| f.throw == Some(n)) {
        out.push_str(&format!("\n* `{}`: {}", f.what(), f.body_in(letters)));
    }
    out
}

/// The dice as the record writes them (`6-5`; `no dice`).
fn dice_text(d: Option<crate::Dice>) -> String {
    d.map_or("no dice".into(), |d| d.to_string())
}

/// The position string of a setup with the record's game and rules, in its letters.
pub fn position_string(setup: &Setup, header: &crate::notation::Header) -> String {
    let mut s = setup.clone();
    crate::explain::stamp_position(&mut s, header);
    s.to_string_in(header.letters)
}

/// The men and seat of a position string, and its score fields (`holes=… points=…`), when
/// it has some.
fn score_fields(position: &str) -> Option<(&str, &str)> {
    let mut parts = position.splitn(3, ' ');
    let men = parts.next()?;
    let _seat = parts.next()?;
    let rest = parts.next()?.trim();
    (!rest.is_empty()).then_some((men, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_under_the_cursor() {
        let text = "{ must-fill } 1. 6-5 AG";
        let (w, s) = word_at(text, 5);
        assert_eq!((w, s.start, s.end), ("must-fill", 2, 11));
        assert_eq!(word_at(text, text.len()).0, "AG");
        assert_eq!(word_at(text, 0).0, "");
    }
}
