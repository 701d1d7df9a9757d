//! Code actions, formatting and document symbols.
//!
//! * A fausse case (docs/rules.md §10, docs/games.md §A.10, §D.10, §E.12) can be replaced by one
//!   of the lawful plays its flag lists, nearest the recorded play first, in the record's
//!   letters.
//! * A Grand Trictrac throw whose marks are not those the roll scores (docs/rules.md §1, §8, §9)
//!   can have the computed marks written: the thrower's and the opponent's (`/ …`); so can a
//!   Tric Trac throw whose `marks` claim is flagged (docs/games.md §E.9).
//! * A flagged record can be replaced by one of the candidates `soumille repair` finds for it
//!   (issue 19, [`repair`]): the transcription slips behind its flags, mended.
//! * Formatting is the canonical printer's ([`crate::notation::print_records`]).
//! * The symbols are the records (games), and in them the relèves (Grand Trictrac, docs/rules.md
//!   §8) or the parties (Tric Trac, docs/games.md §E.10).

mod delta;
mod repair;

pub use repair::{Repairs, Settings};

use super::analysis::{Analysed, Analysis};
use crate::notation::{JanClaim, Mark, OpponentPart, Span};
use crate::replay::FlagKind;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, DocumentSymbol, Range, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};
use std::collections::HashMap;

/// How many lawful plays a fausse case offers as replacements.
const REPLACEMENTS: usize = 5;

/// The code actions for the bytes `span` of the document.
pub fn code_actions(uri: &Uri, a: &Analysis, span: Span, repairs: &Repairs) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    let Some(r) = a.record_at(span.start as usize) else { return out };
    let touches = |s: Span| s.start <= span.end && span.start <= s.end;
    for f in r.flags().filter(|f| f.kind == FlagKind::FausseCase) {
        let Some(at) = f.span.filter(|&s| touches(s)) else { continue };
        for p in f.plays.iter().take(REPLACEMENTS) {
            let play = p.in_letters(r.read.header.letters).to_string();
            let title = format!("Replace the fausse case by {play} (lawful)");
            out.push(action(uri, a, title, at, play, f.plays.first() == Some(p)));
        }
    }
    let tt = tric_trac_claims(r);
    for t in r.read.record.throws.iter().filter(|t| t.span.is_some_and(touches)) {
        out.extend(marks_action(uri, a, r, t, &tt));
    }
    out.extend(repair_actions(uri, a, r, repairs));
    out
}

/// A quick fix replacing `at` by `new_text`.
fn action(uri: &Uri, a: &Analysis, title: String, at: Span, new_text: String, preferred: bool) -> CodeActionOrCommand {
    let edit = TextEdit { range: a.lines.range(&a.text, Some(at)), new_text };
    quick_fix(uri, title, vec![edit], preferred)
}

/// A quick fix making `edits` in the document `uri`.
fn quick_fix(uri: &Uri, title: String, edits: Vec<TextEdit>, preferred: bool) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit { changes: Some(HashMap::from([(uri.clone(), edits)])), ..Default::default() }),
        is_preferred: preferred.then_some(true),
        ..CodeAction::default()
    })
}

/// Writes the marks a throw scores where the written ones differ: Grand Trictrac's roll
/// (the thrower's and the opponent's, docs/rules.md §1), Tric Trac's play (the `marks` claim,
/// docs/games.md §E.9); the throw printed again with them (its holes, decision, play and
/// comments as written).
fn marks_action(
    uri: &Uri,
    a: &Analysis,
    r: &Analysed,
    t: &crate::notation::Throw,
    tt: &HashMap<u32, (u8, u8, u8)>,
) -> Option<CodeActionOrCommand> {
    let fixed = match r.step(t.number).and_then(|s| s.grand_trictrac().map(|g| (s, g))) {
        Some((step, gt)) => grand_trictrac_marks(t, step, gt)?,
        None => tric_trac_marks(t, tt)?,
    };
    let game = r.read.header.game;
    let text = crate::notation::printer::throw_text(&fixed, r.read.header.letters, game);
    let span = t.span?;
    let written = a.text.get(span.start as usize..span.end as usize)?;
    let span = Span { start: span.start, end: span.start + written.trim_end().len() as u32 };
    let title = format!("Write the computed marks of throw {}", t.number);
    Some(action(uri, a, title, span, text, false))
}

/// A Tric Trac throw with the marks its play scores, when its `marks` claim is flagged:
/// `+1 (prise)`, `+2 (prise x2)`, `+1 (retiree)`, `+2 (pont)` (docs/games.md §E.11).
fn tric_trac_marks(t: &crate::notation::Throw, tt: &HashMap<u32, (u8, u8, u8)>) -> Option<crate::notation::Throw> {
    use crate::notation::jan::JanCode;
    let (captures, borne_off, pont) = *tt.get(&t.number)?;
    let mut fixed = t.clone();
    fixed.marks.clear();
    for (n, code) in [(captures, JanCode::Prise), (borne_off, JanCode::Retiree), (pont, JanCode::Pont)] {
        if n > 0 {
            let ways = (n > 1 && code != JanCode::Pont).then_some(u32::from(n));
            let jans = std::iter::once(JanClaim { code, ways }).collect();
            fixed.marks.push(Mark { points: i64::from(n), jans });
        }
    }
    Some(fixed)
}

/// The flagged Tric Trac `marks` claims of a record, by throw: what each play scores
/// (captures, men borne off, pont), found once for every throw of a code action's range.
fn tric_trac_claims(r: &Analysed) -> HashMap<u32, (u8, u8, u8)> {
    use crate::games::tric_trac::Fact as T;
    r.flags()
        .filter_map(|f| match &f.fact {
            crate::replay::Fact::TricTrac(T::Marks { throw, captures, borne_off, pont, .. }) => {
                Some((*throw, (*captures, *borne_off, *pont)))
            }
            _ => None,
        })
        .fold(HashMap::new(), |mut m, (n, c)| {
            m.entry(n).or_insert(c); // the first flag of a throw, as before
            m
        })
}

/// A Grand Trictrac throw with the marks its roll scores, when they differ from the written
/// ones.
fn grand_trictrac_marks(
    t: &crate::notation::Throw,
    step: &crate::replay::Step,
    gt: &crate::replay::GrandTrictracStep,
) -> Option<crate::notation::Throw> {
    let mut fixed = t.clone();
    fixed.marks = mark_of(&gt.jans, step.seat).into_iter().collect();
    let theirs = mark_of(&gt.jans, step.seat.other());
    match (&mut fixed.opponent, theirs) {
        (Some(o), m) => o.marks = m.into_iter().collect(),
        (None, Some(m)) => fixed.opponent = Some(OpponentPart { marks: vec![m], holes: None }),
        (None, None) => {}
    }
    if fixed.opponent.as_ref().is_some_and(|o| o.marks.is_empty() && o.holes.is_none()) {
        fixed.opponent = None;
    }
    (fixed.marks != t.marks || fixed.opponent != t.opponent).then_some(fixed)
}

/// A mark for the jans of `seat` in a roll: `+6 (vrai x2, coin)`.
fn mark_of(jans: &crate::games::grand_trictrac::scoring::RollJans, seat: crate::Seat) -> Option<Mark> {
    let points = jans.points_of(seat);
    let list = jans
        .iter()
        .filter(|j| j.seat == seat)
        .map(|j| JanClaim { code: j.code, ways: (j.ways > 1).then_some(j.ways.into()) });
    (points > 0).then(|| Mark { points: points.into(), jans: list.collect() })
}

/// The repair candidates of a flagged record (issue 19, [`repair`]): up to three quick fixes
/// "Repair: <edits in words> (removes K flags)", each making the candidate's edits as
/// `soumille repair --apply N` makes them, in the edited tokens only (issue 26): the
/// `WorkspaceEdit` replaces those and leaves the rest of the file as written; the first (the
/// likeliest) is preferred.
fn repair_actions(uri: &Uri, a: &Analysis, r: &Analysed, repairs: &Repairs) -> Vec<CodeActionOrCommand> {
    let Some(at) = r.span() else { return Vec::new() };
    let offers = repairs.offers(r, &a.text);
    let from = at.start as usize;
    let edit = |(range, text): &(std::ops::Range<usize>, String)| TextEdit {
        range: a.lines.range(&a.text, Some(Span::new(from + range.start, from + range.end))),
        new_text: text.clone(),
    };
    offers
        .iter()
        .enumerate()
        .map(|(k, o)| quick_fix(uri, o.title.clone(), o.changes.iter().map(edit).collect(), k == 0))
        .collect()
}

/// The document printed canonically, as one edit of the whole text; `None` when it has
/// syntax errors (the printer would drop what was not read) or is canonical already.
pub fn formatting(a: &Analysis) -> Option<Vec<TextEdit>> {
    if !a.file_errors.is_empty() || a.records.iter().any(|r| !r.read.errors.is_empty()) || a.records.is_empty() {
        return None;
    }
    let opts = crate::notation::PrintOptions { higher_die_first: true, ..Default::default() };
    let printed = crate::notation::print_records(a.records.iter().map(|r| &r.read.record), opts);
    if printed == a.text {
        return Some(Vec::new());
    }
    let end = a.lines.position(&a.text, a.text.len());
    let range = Range { start: lsp_types::Position { line: 0, character: 0 }, end };
    Some(vec![TextEdit { range, new_text: printed }])
}

/// The records of the document, each with its relèves or parties.
pub fn symbols(a: &Analysis) -> Vec<DocumentSymbol> {
    a.records.iter().enumerate().filter_map(|(k, r)| record_symbol(a, r, k + 1)).collect()
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be given
fn symbol(name: String, detail: Option<String>, kind: SymbolKind, range: Range) -> DocumentSymbol {
    DocumentSymbol { name, detail, kind, tags: None, deprecated: None, range, selection_range: range, children: None }
}

/// A record: `Game 1: grand-trictrac, Abbé S*** – M. de Travanet`, with its parts.
fn record_symbol(a: &Analysis, r: &Analysed, k: usize) -> Option<DocumentSymbol> {
    let span = r.span()?;
    let rec = &r.read.record;
    let names = match (rec.tag("Top"), rec.tag("Bottom")) {
        (Some(t), Some(b)) => format!(", {t} – {b}"),
        _ => String::new(),
    };
    let detail = format!("{} throws", rec.throws.len());
    let name = format!("Game {k}: {}{names}", r.read.header.game);
    let mut s = symbol(name, Some(detail), SymbolKind::NAMESPACE, a.lines.range(&a.text, Some(span)));
    let parts = parts(a, r);
    s.children = (!parts.is_empty()).then_some(parts);
    Some(s)
}

/// The relèves (Grand Trictrac) or parties (Tric Trac) of a record, by the throws that end
/// them; the last runs to the record's last throw.
fn parts(a: &Analysis, r: &Analysed) -> Vec<DocumentSymbol> {
    use crate::replay::StepDetail;
    let (word, ends): (&str, Vec<u32>) = match r.replay.steps.first().map(|s| &s.detail) {
        Some(StepDetail::GrandTrictrac(_)) => {
            ("Relève", r.replay.steps.iter().filter(|s| s.releve()).map(|s| s.number).collect())
        }
        Some(StepDetail::TricTrac { .. }) => (
            "Partie",
            r.replay
                .steps
                .iter()
                .filter(|s| matches!(s.detail, StepDetail::TricTrac { partie: Some(_), .. }))
                .map(|s| s.number)
                .collect(),
        ),
        _ => return Vec::new(),
    };
    let throws = &r.read.record.throws;
    let mut out = Vec::new();
    let mut from = 0usize;
    let last = throws.last().map_or(0, |t| t.number);
    for (k, end) in ends.iter().copied().chain((ends.last() != Some(&last)).then_some(last)).enumerate() {
        let Some(to) = throws.iter().rposition(|t| t.number <= end) else { continue };
        if to < from {
            continue;
        }
        let (Some(a0), Some(b0)) = (throws[from].span, throws[to].span) else { continue };
        let range = a.lines.range(&a.text, Some(Span { start: a0.start, end: b0.end }));
        let detail = format!("throws {}–{}", throws[from].number, throws[to].number);
        out.push(symbol(format!("{word} {}", k + 1), Some(detail), SymbolKind::EVENT, range));
        from = to + 1;
        if from >= throws.len() {
            break;
        }
    }
    out
}
