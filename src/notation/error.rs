//! Syntax errors of the reader, as miette diagnostics with a label under the offending bytes.

use super::ast::Span;
use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
use std::fmt;

/// One syntax error: what is wrong, where, and what was expected there (docs/format.md §8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The bytes it is about (`None` for records read from JSON).
    pub span: Option<Span>,
    /// What is wrong.
    pub message: String,
    /// The label under the bytes: what was expected.
    pub label: String,
    /// A hint, when one helps.
    pub help: Option<String>,
    /// The diagnostic code (default `soumille::syntax`).
    pub code: Option<String>,
}

impl SyntaxError {
    /// An error at `span` with `message` and the `label` shown under it.
    pub fn new(span: Option<Span>, message: impl Into<String>, label: impl Into<String>) -> SyntaxError {
        SyntaxError { span, message: message.into(), label: label.into(), help: None, code: None }
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> SyntaxError {
        self.help = Some(help.into());
        self
    }

    /// 1-based line and column (in characters) of the error's start in `src`.
    pub fn line_column(&self, src: &str) -> (usize, usize) {
        line_column(src, self.span.map_or(0, |s| s.start as usize))
    }
}

/// 1-based line and column (in characters) of byte `offset` in `src`.
pub fn line_column(src: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &src[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

impl Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_deref().unwrap_or("soumille::syntax")))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(Some(self.label.clone()), span))))
    }
}

/// All the syntax errors of one file, with its text, as one diagnostic.
#[derive(Debug)]
pub struct FileErrors {
    /// The file's name and text.
    pub src: NamedSource<String>,
    /// Every error, in file order.
    pub errors: Vec<SyntaxError>,
}

impl fmt::Display for FileErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(f, "{}: {} syntax error{}", self.src.name(), n, if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for FileErrors {}

impl Diagnostic for FileErrors {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.errors.iter().map(|e| e as &dyn Diagnostic)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let s = "ab\ncdé f\n";
        assert_eq!(line_column(s, 0), (1, 1));
        assert_eq!(line_column(s, 3), (2, 1));
        assert_eq!(line_column(s, 8), (2, 5));
        assert_eq!(line_column(s, 100), (3, 1));
    }
}

/// How diagnostics are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// miette's graphical report, in colour.
    Colour,
    /// miette's graphical report without colour, at a fixed width (stable for snapshots).
    Plain,
    /// miette's narratable form (screen readers, logs).
    Narrated,
}

/// Renders every error of a file, one report each, in `style`. Each report shows a bounded
/// window of its line (at most [`WINDOW`] columns) and the lines around it, with control
/// characters made visible; the lines are found in one pass (errors in file order).
#[cfg(feature = "fancy")]
pub fn render(name: &str, text: &str, errors: &[SyntaxError], style: Style) -> String {
    let mut out = String::new();
    let mut loc = Locator::new(text, 0, Place { line: 1, column: 1, line_start: Some(0) });
    for err in errors {
        let at = err.span.map_or(0, |s| s.start as usize);
        let place = loc.place(at);
        render_at(&mut out, name, text, place, err, style);
    }
    out
}

/// How many columns of a line a diagnostic shows at most.
pub const WINDOW: usize = 120;

/// Where a byte of a text stands: 1-based line and column (in characters), and the byte
/// offset in the text where its line starts (`None` when the line began before the text,
/// as in a window of a file read piece by piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Where the line starts in the text.
    pub line_start: Option<usize>,
}

/// Finds the line and column of offsets in a text in linear time: a cursor that moves
/// forward from query to query (queries in increasing order cost one pass over the text in
/// all), and starts again from its origin for an offset behind it.
#[derive(Clone, Debug)]
pub struct Locator<'a> {
    text: &'a str,
    origin: (usize, Place),
    at: usize,
    place: Place,
}

impl<'a> Locator<'a> {
    /// A locator over `text`, knowing that byte `from` stands at `place`.
    pub fn new(text: &'a str, from: usize, place: Place) -> Locator<'a> {
        let from = floor_char(text, from);
        Locator { text, origin: (from, place), at: from, place }
    }

    /// The place of byte `offset` (clamped to the text, floored to a character boundary).
    pub fn place(&mut self, offset: usize) -> Place {
        let offset = floor_char(self.text, offset);
        if offset < self.at {
            (self.at, self.place) = self.origin;
            if offset < self.at {
                // before the origin: count from the origin backwards is not needed by callers;
                // give the origin
                return self.place;
            }
        }
        let seg = &self.text.as_bytes()[self.at..offset];
        // counted, then the last found from the end (both vectorised; walking the newlines
        // one by one costs a search per line)
        let count = memchr::memchr_iter(b'\n', seg).count();
        let last = if count == 0 { None } else { memchr::memrchr(b'\n', seg) };
        match last {
            Some(k) => {
                let ls = self.at + k + 1;
                self.place.line += count;
                self.place.line_start = Some(ls);
                self.place.column = 1 + self.text[ls..offset].chars().count();
            }
            None => self.place.column += self.text[self.at..offset].chars().count(),
        }
        self.at = offset;
        self.place
    }
}

fn floor_char(text: &str, k: usize) -> usize {
    let mut k = k.min(text.len());
    while !text.is_char_boundary(k) {
        k -= 1;
    }
    k
}

#[cfg(feature = "fancy")]
fn ceil_char(text: &str, k: usize) -> usize {
    let mut k = k.min(text.len());
    while !text.is_char_boundary(k) {
        k += 1;
    }
    k
}

/// `s` with control characters written as escapes (`\u{1b}`), so that a record cannot
/// move the cursor or change the colours of a terminal.
pub fn escape_controls(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(is_control) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_control(c) {
            push_control(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Appends the escape of a control character, as [`escape_controls`] writes it (`\u{1b}`).
pub(crate) fn push_control(out: &mut String, c: char) {
    use std::fmt::Write;
    let _ = write!(out, "\\u{{{:x}}}", c as u32);
}

/// A control character other than the tab (and line ends, which never reach a window).
pub(crate) fn is_control(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

#[cfg(feature = "fancy")]
/// What a control character is shown as in a snippet: its Unicode control picture.
fn picture(c: char) -> char {
    match c as u32 {
        k @ 0..=0x1f => char::from_u32(0x2400 + k).unwrap_or('\u{fffd}'),
        0x7f => '\u{2421}',
        _ => '\u{fffd}',
    }
}

/// A bounded piece of a file around one error, as miette source code: the error's line
/// (cut to [`WINDOW`] columns around the error) and the lines before and after it (cut to
/// the same columns), numbered as in the file.
#[cfg(feature = "fancy")]
struct Window {
    name: String,
    text: String,
    /// The 0-based file line of the window's first line.
    first_line: usize,
    /// The label in the window.
    label: (usize, usize),
    /// The 0-based column (characters) of the label's start in the file.
    column: usize,
}

#[cfg(feature = "fancy")]
impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let c = self.text.read_span(span, before, after)?;
        let column = if span.offset() == self.label.0 && before == 0 { self.column } else { c.column() };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            *c.span(),
            c.line() + self.first_line,
            column,
            c.line_count(),
        )))
    }
}

#[cfg(feature = "fancy")]
/// How far back or forward a neighbouring line is looked for.
const NEIGHBOUR: usize = 4096;

#[cfg(feature = "fancy")]
/// The byte range of line `ls..` of `text` cut to the characters `from..from + width`.
fn cut(text: &str, ls: usize, from: usize, width: usize) -> (usize, usize) {
    let line = &text[ls..];
    let end_of_line = memchr::memchr(b'\n', &line.as_bytes()[..line.len().min(NEIGHBOUR * 4)])
        .map_or(line.len().min(NEIGHBOUR * 4), |k| k);
    let line = &line[..floor_char(line, end_of_line)];
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut it = line.char_indices().map(|(k, _)| k).chain(std::iter::once(line.len()));
    let a = it.nth(from).unwrap_or(line.len());
    let b =
        line.char_indices().map(|(k, _)| k).chain(std::iter::once(line.len())).nth(from + width).unwrap_or(line.len());
    (ls + a, ls + b.max(a))
}

#[cfg(feature = "fancy")]
/// Appends `text[a..b]` to `out` with control characters as pictures; returns where `marks`
/// (offsets in `a..=b`) went.
fn push_escaped(out: &mut String, text: &str, a: usize, b: usize, marks: &mut [(usize, usize)]) {
    for (k, c) in text[a..b].char_indices() {
        for m in marks.iter_mut() {
            if m.0 == a + k {
                m.1 = out.len();
            }
        }
        out.push(if is_control(c) { picture(c) } else { c });
    }
    for m in marks.iter_mut() {
        if m.0 >= b {
            m.1 = out.len();
        }
    }
}

/// The line before the error's (when the window starts near the line's start) into `w`;
/// whether there was one.
#[cfg(feature = "fancy")]
fn line_before(w: &mut String, text: &str, place: Place, from: usize) -> bool {
    let Some(ls) = place.line_start.filter(|&ls| ls > 0 && from <= NEIGHBOUR) else { return false };
    let back = ls.saturating_sub(NEIGHBOUR + 1);
    let start = memchr::memrchr(b'\n', &text.as_bytes()[back..ls - 1]).map(|k| back + k + 1).or(if back == 0 {
        Some(0)
    } else {
        None
    });
    let Some(k) = start else { return false };
    let (a, b) = cut(text, k, from, WINDOW);
    push_escaped(w, text, a, b, &mut []);
    w.push('\n');
    true
}

/// The line after the error's window (ending at `b`), when it is near, into `w`.
#[cfg(feature = "fancy")]
fn line_after(w: &mut String, text: &str, b: usize, from: usize) {
    let line_end = memchr::memchr(b'\n', &text.as_bytes()[b..text.len().min(b + NEIGHBOUR)]).map(|k| b + k + 1);
    if let Some(next) = line_end.filter(|&next| next < text.len() && from <= NEIGHBOUR) {
        let (a, b) = cut(text, next, from, WINDOW);
        w.push('\n');
        push_escaped(w, text, a, b, &mut []);
        if text[b..].starts_with('\n') || text[b..].starts_with("\r\n") {
            w.push('\n');
        }
    }
}

/// Renders one error at `place` (its start's place in `text`) into `out`, showing a bounded
/// window of the text.
#[cfg(feature = "fancy")]
pub fn render_at(out: &mut String, name: &str, text: &str, place: Place, err: &SyntaxError, style: Style) {
    use miette::{GraphicalReportHandler, GraphicalTheme, NarratableReportHandler};
    let (s0, s1) = err.span.map_or((0, 0), |s| (s.start as usize, s.end as usize));
    let s0 = floor_char(text, s0);
    let s1 = ceil_char(text, s1.max(s0));
    let col0 = place.column - 1;
    // the columns shown: the error's start in a window of WINDOW columns
    let from = if col0 < WINDOW - 20 { 0 } else { col0 - WINDOW / 2 };
    let mut w = String::new();
    let mut first_line = place.line - 1;
    let mut label = (s0, 0usize);
    let mut label_end = (s1, 0usize);
    if line_before(&mut w, text, place, from) {
        first_line -= 1;
    }
    // the error's line: from its start (or WINDOW/2 characters back) to WINDOW columns on
    let (a, b) = {
        let mut a = s0;
        for _ in 0..(col0 - from) {
            if a == 0 || Some(a) == place.line_start {
                break;
            }
            a = floor_char(text, a - 1);
        }
        cut(text, a, 0, WINDOW)
    };
    let line_end_in_window;
    {
        let mut marks = [label, label_end];
        marks[1].0 = marks[1].0.min(b);
        let base = w.len();
        push_escaped(&mut w, text, a, b, &mut marks);
        if s0 < a {
            marks[0].1 = base;
        }
        if marks[1].0 < a {
            marks[1].1 = base;
        }
        label = marks[0];
        label_end = marks[1];
        line_end_in_window = w.len();
    }
    line_after(&mut w, text, b, from);
    let mut e = err.clone();
    e.message = escape_controls(&e.message).into_owned();
    e.label = escape_controls(&e.label).into_owned();
    e.help = e.help.map(|h| escape_controls(&h).into_owned());
    let l0 = label.1.min(line_end_in_window);
    let l1 = label_end.1.clamp(l0, line_end_in_window);
    e.span = err.span.map(|_| Span::new(l0, l1));
    let src = Window { name: escape_controls(name).into_owned(), text: w, first_line, label: (l0, l1), column: col0 };
    let d = InWindow { src: &src, err: &e };
    let _ = match style {
        Style::Colour => GraphicalReportHandler::new_themed(GraphicalTheme::unicode()).render_report(out, &d),
        Style::Plain => {
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80).render_report(out, &d)
        }
        Style::Narrated => NarratableReportHandler::new().render_report(out, &d),
    };
}

/// One error with its window, as a diagnostic of its own.
#[cfg(feature = "fancy")]
struct InWindow<'a> {
    src: &'a Window,
    err: &'a SyntaxError,
}

#[cfg(feature = "fancy")]
impl fmt::Debug for InWindow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.err.fmt(f)
    }
}

#[cfg(feature = "fancy")]
impl fmt::Display for InWindow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.err.message)
    }
}

#[cfg(feature = "fancy")]
impl std::error::Error for InWindow<'_> {}

#[cfg(feature = "fancy")]
impl Diagnostic for InWindow<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.err.code()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.err.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.err.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self.src)
    }
}
