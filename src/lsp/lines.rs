//! Where a byte of the record's text stands for the editor: the protocol's positions are a
//! line and a column counted in UTF-16 code units (the default `positionEncoding` of LSP
//! 3.17), the reader's spans are bytes. A record written with accents (`Abbé`, `écoles`) in
//! its tags or comments counts differently in both.

use crate::notation::Span;
use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// The line starts of a text, for turning bytes into positions and back.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// The line starts of `text` (a line ends at `\n`; a `\r` before it is part of the line).
    pub fn of(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Lines { starts }
    }

    /// The position of byte `at` of `text` (clamped to the text, and back to a character's
    /// first byte).
    pub fn position(&self, text: &str, at: usize) -> Position {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at).saturating_sub(1);
        let start = self.starts[line];
        let column: usize = text[start..at].chars().map(char::len_utf16).sum();
        Position { line: clamp_u32(line), character: clamp_u32(column) }
    }

    /// The range of a reader's span (`None`: the text's start).
    pub fn range(&self, text: &str, span: Option<Span>) -> Range {
        let (a, b) = span.map_or((0, 0), |s| (s.start as usize, s.end as usize));
        Range { start: self.position(text, a), end: self.position(text, b.max(a)) }
    }

    /// The byte of `text` at position `p`: a column past the line's end is its end, a line
    /// past the text's end is the end.
    pub fn offset(&self, text: &str, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else { return text.len() };
        let end = self.starts.get(p.line as usize + 1).map_or(text.len(), |&e| e - 1);
        let line = text.get(start..end).unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Applies one change the editor sent (a range and its new text, or the whole text) to
/// `text`; returns the byte where the change starts (`0` for a whole text).
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent) -> usize {
    match change.range {
        None => {
            text.clone_from(&change.text);
            0
        }
        Some(r) => {
            let lines = Lines::of(text);
            let a = lines.offset(text, r.start);
            let b = lines.offset(text, r.end).max(a);
            text.replace_range(a..b, &change.text);
            a
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_come_back() {
        let text = "[Top \"Abbé 𝄞\"]\r\n\n1. 6-5 AG AF\n";
        let lines = Lines::of(text);
        let after = text.find("\"]").unwrap();
        // `[Top "` is 6 units, `Abbé` 4, the space 1, the clef 2
        assert_eq!(lines.position(text, after), Position { line: 0, character: 13 });
        assert_eq!(lines.offset(text, Position { line: 0, character: 13 }), after);
        let ag = text.find("AG").unwrap();
        assert_eq!(lines.position(text, ag), Position { line: 2, character: 7 });
        assert_eq!(lines.offset(text, Position { line: 2, character: 7 }), ag);
        // past the line's end: its end, before the `\r`
        assert_eq!(lines.offset(text, Position { line: 0, character: 99 }), text.find('\r').unwrap());
        assert_eq!(lines.offset(text, Position { line: 9, character: 0 }), text.len());
        // inside a character: back to its start
        let e = text.find('é').unwrap();
        assert_eq!(lines.position(text, e + 1), lines.position(text, e));
    }

    #[test]
    fn a_change_replaces_its_range() {
        let mut text = "1. 6-5 AG AF\n2. 4-3 &V &X\n".to_string();
        let change = TextDocumentContentChangeEvent {
            range: Some(Range { start: Position { line: 1, character: 7 }, end: Position { line: 1, character: 9 } }),
            range_length: None,
            text: "&R".into(),
        };
        assert_eq!(apply_change(&mut text, &change), 20);
        assert_eq!(text, "1. 6-5 AG AF\n2. 4-3 &R &X\n");
        let whole = TextDocumentContentChangeEvent { range: None, range_length: None, text: "x".into() };
        assert_eq!(apply_change(&mut text, &whole), 0);
        assert_eq!(text, "x");
    }
}
