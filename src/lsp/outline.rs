//! The shape of a document for the editor (docs/editors.md): folding ranges (each record,
//! and in it its relèves or parties, as the outline has them), semantic tokens (the dice,
//! the plays, the marks, each marked `flagged` when a flag of the replay stands on it), and
//! "go to definition" from a flag's rule to its text in docs/rules.md or docs/games.md.

use super::analysis::Analysis;
use crate::notation::Span;
use lsp_types::{
    DocumentSymbol, FoldingRange, FoldingRangeKind, Location, Position, Range, SemanticToken, SemanticTokenModifier,
    SemanticTokenType, SemanticTokens, SemanticTokensLegend, Uri,
};

/// The folding ranges: every record, every relève or partie, of more than one line.
pub fn folding_ranges(a: &Analysis) -> Vec<FoldingRange> {
    fn walk(s: &DocumentSymbol, out: &mut Vec<FoldingRange>) {
        if s.range.end.line > s.range.start.line {
            out.push(FoldingRange {
                start_line: s.range.start.line,
                start_character: None,
                end_line: s.range.end.line,
                end_character: None,
                kind: Some(FoldingRangeKind::Region),
                collapsed_text: Some(s.name.clone()),
            });
        }
        for c in s.children.iter().flatten() {
            walk(c, out);
        }
    }
    let mut out = Vec::new();
    for s in super::actions::symbols(a) {
        walk(&s, &mut out);
    }
    out
}

/// The token types, in the legend's order: dice, plays, marks (and holes).
const TYPES: [&str; 3] = ["number", "variable", "enumMember"];
/// The one modifier: a flag of the replay stands on the token.
const FLAGGED: &str = "flagged";

/// The legend the server's capabilities give.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
        token_modifiers: vec![SemanticTokenModifier::new(FLAGGED)],
    }
}

/// The semantic tokens of the whole document, in the protocol's relative encoding.
pub fn semantic_tokens(a: &Analysis) -> SemanticTokens {
    let mut spans: Vec<(Span, u32, bool)> = Vec::new();
    for r in &a.records {
        let flagged: Vec<Span> = r.flags().filter_map(|f| f.span).collect();
        let on_flag = |s: Span| flagged.iter().any(|f| f.start < s.end.max(s.start + 1) && s.start < f.end);
        let mut read = r.read.clone();
        crate::notation::fill_spans(&a.text, &mut read);
        for t in &read.record.throws {
            let Some(ts) = &t.spans else { continue };
            let marks = ts.marks.iter().chain(&ts.holes).chain(&ts.opponent_marks).chain(&ts.opponent_holes);
            let typed =
                ts.dice.map(|s| (s, 0)).into_iter().chain(ts.play.map(|s| (s, 1))).chain(marks.map(|&s| (s, 2)));
            spans.extend(typed.map(|(s, k)| (s, k, on_flag(s))));
        }
    }
    spans.sort_by_key(|(s, _, _)| s.start);
    let mut data = Vec::with_capacity(spans.len());
    let mut last = Position::default();
    for (s, kind, flag) in spans {
        let (p, q) = (a.lines.position(&a.text, s.start as usize), a.lines.position(&a.text, s.end as usize));
        if q.line != p.line || q.character <= p.character {
            continue; // a token over two lines: not said (the protocol's default)
        }
        let delta_line = p.line - last.line;
        let delta_start = if delta_line == 0 { p.character - last.character } else { p.character };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: q.character - p.character,
            token_type: kind,
            token_modifiers_bitset: u32::from(flag),
        });
        last = p;
    }
    SemanticTokens { result_id: None, data }
}

/// Where the rule named at byte `at` is written: the word under the cursor when it names a
/// rule, else the rule of the first flag of the throw there; `None` when the docs are not
/// found ([`docs_dir`]).
pub fn definition(a: &Analysis, at: usize) -> Option<Location> {
    let (word, _) = super::hover::word_at(&a.text, at);
    let place = super::rule_docs::rule_place(word).or_else(|| {
        let r = a.record_at(at)?;
        let t = r.throw_at(at)?;
        r.flags()
            .filter(|f| f.throw == Some(t.number))
            .find_map(|f| super::rule_docs::rule_place(f.rule.unwrap_or(f.what())))
    })?;
    let (doc, line) = place;
    let path = docs_dir()?.join(doc);
    let uri: Uri = file_uri(&path)?;
    let at = Position { line: u32::try_from(line).ok()?, character: 0 };
    Some(Location { uri, range: Range { start: at, end: at } })
}

/// The folder of the rules' texts: `$SOUMILLE_DOCS`, else the docs/ of the source the
/// server was built from, when it is there.
fn docs_dir() -> Option<std::path::PathBuf> {
    let from_env = std::env::var_os("SOUMILLE_DOCS").filter(|v| !v.is_empty()).map(std::path::PathBuf::from);
    let built = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/docs"));
    from_env.into_iter().chain([built]).find(|d| d.join("rules.md").is_file())
}

/// A `file://` URI for an absolute path (bytes outside the unreserved set escaped).
fn file_uri(path: &std::path::Path) -> Option<Uri> {
    let path = std::fs::canonicalize(path).ok()?;
    let mut s = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s.parse().ok()
}
