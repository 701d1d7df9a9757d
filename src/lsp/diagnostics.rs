//! The diagnostics of a document: every syntax error of the reader (an error, with its
//! span, its label and its help), every flag of the replay (a warning at the bytes it is
//! about; its code is the rule, as `check` names it: `must-fill`, `ecole`, `occupied`, …),
//! the lawful plays of a fausse case as related information, in the record's letters or
//! (the `points` setting, docs/editors.md) a backgammon record's in point numbers.

use super::analysis::{Analysed, Analysis};
use crate::notation::SyntaxError;
use crate::replay::{Flag, FlagKind};
use lsp_types::{Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};

/// Where the diagnostics say they come from.
pub const SOURCE: &str = "soumille";

/// How many lawful plays a fausse case lists as related information.
const PLAYS_SHOWN: usize = 8;

/// Every diagnostic of the document, in text order; with `numbers`, a backgammon record's
/// points in numbers ([`Analysed::point_names`]).
pub fn diagnostics(uri: &Uri, a: &Analysis, numbers: bool) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = a.file_errors.iter().map(|e| syntax(a, e)).collect();
    for r in &a.records {
        out.extend(r.read.errors.iter().map(|e| syntax(a, e)));
        out.extend(r.flags().map(|f| flag(uri, a, r, f, numbers)));
    }
    out
}

/// A syntax error: what is wrong and what was expected, at its bytes.
fn syntax(a: &Analysis, e: &SyntaxError) -> Diagnostic {
    let mut message = e.message.clone();
    if !e.label.is_empty() && !message.contains(e.label.as_str()) {
        message = format!("{message} ({})", e.label);
    }
    if let Some(help) = &e.help {
        message = format!("{message}\nhelp: {help}");
    }
    Diagnostic {
        range: a.lines.range(&a.text, e.span),
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(e.code.clone().unwrap_or_else(|| "syntax".into()))),
        source: Some(SOURCE.into()),
        message,
        ..Diagnostic::default()
    }
}

/// A flag of the replay: its rule as the code, its message (the lawful plays or the right
/// count are in it), the lawful plays as related information.
fn flag(uri: &Uri, a: &Analysis, r: &Analysed, f: &Flag, numbers: bool) -> Diagnostic {
    let range = a.lines.range(&a.text, flag_span(r, f));
    let letters = r.read.header.letters;
    let names = r.point_names(numbers);
    // in numbers, a lawful play as gnubg writes it from the board before the throw
    let before = match (names, f.throw, f.seat) {
        (crate::board::PointNames::Numbers, Some(n), Some(seat)) => r.setup_before(n).map(|b| (b, seat)),
        _ => None,
    };
    let shown = |p: &crate::notation::Play| {
        let numbered = before.as_ref().and_then(|(b, seat)| crate::output::play_in_points(b, *seat, p));
        numbered.unwrap_or_else(|| p.in_letters(letters).to_string())
    };
    let related: Vec<DiagnosticRelatedInformation> = f
        .plays
        .iter()
        .take(PLAYS_SHOWN)
        .map(|p| DiagnosticRelatedInformation {
            location: Location { uri: uri.clone(), range },
            message: format!("lawful: {}", shown(p)),
        })
        .collect();
    Diagnostic {
        range,
        severity: Some(if f.kind == FlagKind::NotReplayed {
            DiagnosticSeverity::INFORMATION
        } else {
            DiagnosticSeverity::WARNING
        }),
        code: Some(NumberOrString::String(f.what().to_string())),
        source: Some(SOURCE.into()),
        message: f.message_in(names).into_owned(),
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// The bytes a flag is about: its own span, else its throw's, else the record's first line.
pub fn flag_span(r: &Analysed, f: &Flag) -> Option<crate::notation::Span> {
    f.span
        .or_else(|| f.throw.and_then(|n| r.read.record.throws.iter().find(|t| t.number == n)).and_then(|t| t.span))
        .or_else(|| r.span().map(|s| crate::notation::Span { start: s.start, end: s.start }))
}
