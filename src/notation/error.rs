//! Syntax errors of the reader, as miette diagnostics with a label under the offending bytes.

use super::ast::Span;
use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
use std::fmt;

/// One syntax error: what is wrong, where, and what was expected there (NOTATION.md §8).
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

/// One error of a file, with the file's text, as a diagnostic of its own.
#[cfg(feature = "fancy")]
struct InFile<'a> {
    src: &'a NamedSource<String>,
    err: &'a SyntaxError,
}

#[cfg(feature = "fancy")]
impl fmt::Debug for InFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.err.fmt(f)
    }
}

#[cfg(feature = "fancy")]
impl fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.err.fmt(f)
    }
}

#[cfg(feature = "fancy")]
impl std::error::Error for InFile<'_> {}

#[cfg(feature = "fancy")]
impl Diagnostic for InFile<'_> {
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

/// Renders every error of a file, one report each, in `style`.
#[cfg(feature = "fancy")]
pub fn render(name: &str, text: &str, errors: &[SyntaxError], style: Style) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme, NarratableReportHandler};
    let src = NamedSource::new(name, text.to_string());
    let mut out = String::new();
    let floor = |mut k: usize| {
        k = k.min(text.len());
        while !text.is_char_boundary(k) {
            k -= 1;
        }
        k
    };
    for err in errors {
        let mut err = err.clone();
        err.span =
            err.span.map(|s| Span::new(floor(s.start as usize), floor(s.end as usize).max(floor(s.start as usize))));
        let d = InFile { src: &src, err: &err };
        let _ = match style {
            Style::Colour => GraphicalReportHandler::new_themed(GraphicalTheme::unicode()).render_report(&mut out, &d),
            Style::Plain => GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                .with_width(80)
                .render_report(&mut out, &d),
            Style::Narrated => NarratableReportHandler::new().render_report(&mut out, &d),
        };
    }
    out
}
