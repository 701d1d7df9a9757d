//! "Apply a repair candidate" (issue 19): for a flagged record, the likeliest transcription
//! slips behind its flags (a letter misread, a die, two throws swapped, a throw left out,
//! docs/rules.md §10, docs/games.md §A.10, §D.10, §E.12), as `soumille repair` finds them
//! ([`crate::repair::candidates`]), offered as code actions. Each action makes the edits as
//! `soumille repair --apply N` makes them ([`crate::repair::text::edited_source`], issue 26):
//! only the edited tokens change, each throw edited getting its `{ repaired: … }` comment,
//! and the rest of the file keeps its layout; the action's `WorkspaceEdit` replaces those
//! tokens only ([`delta`]). A record whose throws have no place in the text is printed again
//! whole, as before.
//!
//! The search runs inside the request, so it is bounded by a time budget
//! ([`Settings::budget`], 300 ms unless the editor's `initializationOptions` say otherwise);
//! a search cut by it says so in the actions' titles. What a record's search found is kept
//! until the record's text changes, so that an editor asking for code actions at every move
//! of the cursor does not search again.

use super::delta;
use crate::lsp::analysis::Analysed;
use crate::notation::{ReadRecord, SyntaxError};
use crate::repair::{self, text::applied_text, Options};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::Range;
use std::rc::Rc;
use std::time::Duration;

/// How many candidates are offered, best first.
pub const OFFERED: usize = 3;

/// The search's budget when the editor sets none.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(300);

/// The longest title, in characters: the edits past it are counted, not said.
pub const LONGEST_TITLE: usize = 100;

/// How many records' searches are kept.
const KEPT: usize = 16;

/// The server's settings for the repair actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long one record's search may take (0: no repair action is offered).
    pub budget: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { budget: DEFAULT_BUDGET }
    }
}

impl Settings {
    /// The settings in the `initialize` request's parameters: `initializationOptions.repair.
    /// budgetMs`, a whole number of milliseconds (docs/editors.md); anything else leaves the
    /// default.
    pub fn of_initialize(params: &serde_json::Value) -> Settings {
        let ms = params.pointer("/initializationOptions/repair/budgetMs").and_then(serde_json::Value::as_u64);
        match ms {
            Some(ms) => Settings { budget: Duration::from_millis(ms.min(600_000)) },
            None => Settings::default(),
        }
    }
}

/// The repair actions of one server: its settings and what the last records' searches
/// found (the newest last), kept until a record's text changes.
#[derive(Debug, Default)]
pub struct Repairs {
    settings: Settings,
    found: RefCell<VecDeque<(Key, Rc<[Offer]>)>>,
}

impl Repairs {
    /// The repair actions under `settings`, nothing searched yet.
    pub fn new(settings: Settings) -> Repairs {
        Repairs { settings, found: RefCell::default() }
    }

    /// The settings they run under.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The candidates offered for record `r` of the document `doc`, best first; none when
    /// the record has no flag of its own, when it has a syntax error other than a
    /// misnumbered throw (as `soumille repair` refuses it: the printer would drop what was
    /// not read), or when the budget is 0.
    pub fn offers(&self, r: &Analysed, doc: &str) -> Rc<[Offer]> {
        let (read, s) = (&r.read, self.settings);
        let Some(at) = r.span() else { return Rc::from(Vec::new()) };
        let Some(written) = doc.get(at.start as usize..at.end as usize) else { return Rc::from(Vec::new()) };
        let flagged = !r.replay.flags.is_empty() || !read.errors.is_empty();
        if s.budget.is_zero() || !flagged || !read.errors.iter().all(misnumbered) {
            return Rc::from(Vec::new());
        }
        let key = Key {
            text: written.to_string(),
            game: read.header.game.name(),
            letters: read.header.letters.name(),
            budget: s.budget,
        };
        if let Some(found) = self.found.borrow().iter().find(|(k, _)| *k == key).map(|(_, o)| o.clone()) {
            return found;
        }
        let found: Rc<[Offer]> = Rc::from(search(read, doc, at.start as usize..at.end as usize, s));
        let mut kept = self.found.borrow_mut();
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((key, found.clone()));
        found
    }
}

/// What a search is kept under: the record's text, its game and letters, the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    text: String,
    game: &'static str,
    letters: &'static str,
    budget: Duration,
}

/// One candidate offered: the action's title and the changes of the record's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// `Repair: throw 57: `E` read for `F` (move 2) (removes 3 flags)`, at most
    /// [`LONGEST_TITLE`] characters.
    pub title: String,
    /// The replacements that make the record's text as `repair --apply N` writes it: byte
    /// ranges of the record's text (from its first byte, so that they hold wherever the
    /// record stands in the document), in order, none overlapping.
    pub changes: Vec<(Range<usize>, String)>,
}

impl Offer {
    /// The record's text `written` with the changes made.
    pub fn applied(&self, written: &str) -> String {
        let mut out = written.to_string();
        for (r, t) in self.changes.iter().rev() {
            out.replace_range(r.clone(), t);
        }
        out
    }
}

/// A throw numbered other than its place: the one syntax error `soumille repair` mends
/// ([`crate::repair::Edit::Number`]).
fn misnumbered(e: &SyntaxError) -> bool {
    e.message.contains("where throw") && e.message.ends_with("was expected")
}

/// Searches the record's candidates within the budget and writes the first [`OFFERED`] that
/// remove a flag and are likelier than the record as written (or, in a record with
/// misnumbered throws, number them again).
fn search(read: &ReadRecord, doc: &str, at: Range<usize>, s: Settings) -> Vec<Offer> {
    let opts = Options { budget: s.budget, ..Options::default() };
    let Ok(found) = repair::candidates(&read.record, &read.header, &opts) else { return Vec::new() };
    let cut = found.cut.then_some(s.budget);
    let d = read.header.letters;
    // the throws the record as written leaves unreplayed (its replay stopped early)
    let stopped = found.candidates.iter().find(|c| c.as_written).map_or(0, |c| c.unreplayed);
    found
        .candidates
        .iter()
        // none below the record as written: its flags are then likelier the players' own
        .take_while(|c| !c.as_written || !read.errors.is_empty())
        .filter(|c| c.removes > 0 || c.unreplayed < stopped || !read.errors.is_empty())
        .take(OFFERED)
        .map(|c| {
            let words: Vec<String> = c.edits.iter().map(|e| e.describe(d)).collect();
            // the throws it lets the replay reach, said when it removes no flag
            let more = if c.removes == 0 { stopped.saturating_sub(c.unreplayed) } else { 0 };
            let title = title(&words, c.removes, more, cut);
            Offer { title, changes: changes(read, c, doc, at.clone()) }
        })
        .collect()
}

/// `Repair: <edits in words> (removes K flags)`, `(removes 0 flags; replays N more throws)`
/// when it removes none but lets the replay go further than the record as written, and when
/// the search was cut by its budget `(removes K flags; search cut at 300 ms)`: a better
/// candidate may not have been reached. At most [`LONGEST_TITLE`] characters: the edits that
/// do not fit are counted (`; 2 more edits`), an edit too long for it cut with `…` (a run of
/// renumbered throws is one edit, said once).
fn title(words: &[String], removes: usize, more: usize, cut: Option<Duration>) -> String {
    let flags = if removes == 1 { "flag" } else { "flags" };
    let more = match more {
        0 => String::new(),
        1 => "; replays 1 more throw".to_string(),
        n => format!("; replays {n} more throws"),
    };
    let cut = cut.map(|b| format!("; search cut at {} ms", b.as_millis())).unwrap_or_default();
    let tail = format!(" (removes {removes} {flags}{more}{cut})");
    let room = LONGEST_TITLE.saturating_sub("Repair: ".len() + tail.chars().count());
    let counted = |n: usize| match n {
        0 => String::new(),
        1 => "; 1 more edit".to_string(),
        n => format!("; {n} more edits"),
    };
    let mut said = String::new();
    for (k, w) in words.iter().enumerate() {
        let next = if k == 0 { w.clone() } else { format!("{said}; {w}") };
        if next.chars().count() + counted(words.len() - k - 1).chars().count() > room {
            if k == 0 {
                let rest = counted(words.len() - 1);
                let keep = room.saturating_sub(rest.chars().count() + 1);
                let cut: String = w.chars().take(keep).collect();
                // at a word's end when there is one in its second half
                let cut = cut.rfind(' ').filter(|&at| at > cut.len() / 2).map_or(cut.as_str(), |at| &cut[..at]);
                said = format!("{cut}…{rest}");
            } else {
                said.push_str(&counted(words.len() - k));
            }
            break;
        }
        said = next;
    }
    format!("Repair: {said}{tail}")
}

/// The replacements of the record's text (bytes `at` of `doc`) that make candidate `c`'s
/// edits in it as `repair --apply` makes them: the edited tokens only
/// ([`crate::repair::text::edited_source`], [`delta::changes`]); when its throws have no
/// place in the text, the whole record replaced by its print with the edits made.
fn changes(read: &ReadRecord, c: &repair::Candidate, doc: &str, at: Range<usize>) -> Vec<(Range<usize>, String)> {
    let written = &doc[at.clone()];
    match repair::text::edited_source(doc, &read.record, c, &read.header) {
        // the text before and after the record's throws is kept as it was
        Some(edited) if edited.len() >= at.start + (doc.len() - at.end) => {
            delta::changes(written, &edited[at.start..edited.len() - (doc.len() - at.end)])
        }
        _ => vec![(0..written.len(), ending_as(&applied_text(&read.record, c, &read.header), written))],
    }
}

/// The printed record `printed` as it will stand in the document: with the record's line
/// ends (`\r\n` when it has them), its byte order mark if it starts with one, and ending with
/// the white space `written` ends with, so that the records after it stay apart as they were.
fn ending_as(printed: &str, written: &str) -> String {
    let tail = &written[written.trim_end().len()..];
    let bom = if written.starts_with('\u{feff}') { "\u{feff}" } else { "" };
    let body = printed.trim_end();
    let body = if written.contains("\r\n") { body.replace('\n', "\r\n") } else { body.to_string() };
    format!("{bom}{body}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::analysis::Analysis;

    #[test]
    fn the_budget_comes_from_the_initialization_options() {
        let p = serde_json::json!({ "initializationOptions": { "repair": { "budgetMs": 1500 } } });
        assert_eq!(Settings::of_initialize(&p).budget, Duration::from_millis(1500));
        let p = serde_json::json!({ "initializationOptions": { "repair": { "budgetMs": "soon" } } });
        assert_eq!(Settings::of_initialize(&p), Settings::default());
        assert_eq!(Settings::of_initialize(&serde_json::Value::Null).budget, DEFAULT_BUDGET);
        let none = serde_json::json!({ "initializationOptions": { "repair": { "budgetMs": 0 } } });
        assert!(Repairs::new(Settings::of_initialize(&none)).settings().budget.is_zero());
    }

    #[test]
    fn the_record_ends_as_it_did() {
        assert_eq!(ending_as("[Game \"x\"]\n\n1. 1-1\n", "[Game \"x\"]\n1. 1-1\n\n\n"), "[Game \"x\"]\n\n1. 1-1\n\n\n");
        assert_eq!(ending_as("a\n", "b"), "a");
        assert_eq!(ending_as("a\nb\n", "\u{feff}a\r\nc\r\n\r\n"), "\u{feff}a\r\nb\r\n\r\n");
    }

    #[test]
    fn the_title_names_the_edits_the_flags_removed_and_a_cut() {
        let words = ["throw 3: `A` read for `E` (move 2)".to_string(), "throw 6: dice 5-3 read for 5-5".into()];
        assert_eq!(title(&words[..1], 2, 0, None), "Repair: throw 3: `A` read for `E` (move 2) (removes 2 flags)");
        assert_eq!(
            title(&words, 1, 0, Some(DEFAULT_BUDGET)),
            "Repair: throw 3: `A` read for `E` (move 2); 1 more edit (removes 1 flag; search cut at 300 ms)"
        );
        let short = ["throw 3: `A` read for `E` (move 2)".to_string(), "throw 6: dice 5-3 read for 5-5".into()];
        assert_eq!(
            title(&short, 1, 0, None),
            "Repair: throw 3: `A` read for `E` (move 2); throw 6: dice 5-3 read for 5-5 (removes 1 flag)"
        );
        let long = vec!["throws 6–100,001 numbered one less ".repeat(8); 3];
        let t = title(&long, 0, 99_995, Some(DEFAULT_BUDGET));
        assert!(
            t.chars().count() <= LONGEST_TITLE && t.contains("…; 2 more edits (removes 0 flags; replays 99995"),
            "{t}"
        );
        let run = ["throws 6–100001 numbered one less (5–100000)".to_string(), "throw 5 written twice".into()];
        assert_eq!(
            title(&run, 1, 0, Some(DEFAULT_BUDGET)),
            "Repair: throws 6–100001 numbered one less (5–100000); 1 more edit (removes 1 flag; search cut at 300 ms)"
                .replace(" (5–100000)", "…")
        );
        for n in 0..6 {
            let t = title(&long[..n.min(3)], n, n, None);
            assert!(t.chars().count() <= LONGEST_TITLE, "{t}");
        }
    }

    /// A budget for a debug build on a busy machine: the search ends long before it.
    fn slow() -> Repairs {
        Repairs::new(Settings { budget: Duration::from_secs(60) })
    }

    const GT: &str = include_str!("../../../tests/data/lsp/grand-trictrac.stn");

    /// The fausse case of throw 3 (`AH AE` for a 4-3) is an `A` written for an `E`: the first
    /// offer makes it, with its comment, and the record then checks clean.
    #[test]
    fn a_fausse_case_is_repaired_and_the_record_checks_clean() {
        let a = Analysis::of(GT.into(), None);
        let r = &a.records[0];
        let repairs = slow();
        let offers = repairs.offers(r, GT);
        assert!(!offers.is_empty() && offers.len() <= OFFERED, "{offers:?}");
        assert_eq!(offers[0].title, "Repair: throw 3: `A` read for `E` (move 2) (removes 2 flags)");
        let text = offers[0].applied(GT);
        assert_eq!(text, GT.replace("3. 4-3 AH AE", "3. 4-3 { repaired: throw 3: `A` read for `E` (move 2) } AH AA"));
        // the edited tokens only: the comment put in, the letter changed
        assert_eq!(offers[0].changes.len(), 2, "{offers:?}");
        let fixed = Analysis::of(text.clone(), None);
        assert_eq!(fixed.records.len(), 1);
        assert_eq!(fixed.records[0].flags().count(), 0, "{text}");
        // asked again (an editor asks at each move of the cursor): not searched again
        assert!(Rc::ptr_eq(&offers, &repairs.offers(r, GT)));
        // no budget, no offer
        assert!(Repairs::new(Settings { budget: Duration::ZERO }).offers(r, GT).is_empty());
    }

    #[test]
    fn a_clean_record_and_unreadable_ones_get_no_offer() {
        let clean = "[Game \"grand-trictrac\"]\n[First \"top\"]\n\n1. 6-5 AG AF\n";
        let a = Analysis::of(clean.into(), None);
        assert!(slow().offers(&a.records[0], clean).is_empty());
        let broken = GT.replace("4. 4-2 VO", "4. 9-2 VO");
        let a = Analysis::of(broken.clone(), None);
        assert!(!a.records[0].read.errors.is_empty());
        assert!(slow().offers(&a.records[0], &broken).is_empty());
        // options its game refuses: no edit of the throws helps
        let refused = GT.replace("[First \"top\"]", "[First \"top\"]\n[Rules \"nonsense=7\"]");
        let a = Analysis::of(refused.clone(), None);
        assert!(!a.records[0].read.errors.is_empty());
        assert!(slow().offers(&a.records[0], &refused).is_empty());
    }

    /// A throw numbered wrong is a syntax error `soumille repair` mends: numbered again, with
    /// the flags the record had once numbered right.
    #[test]
    fn a_misnumbered_throw_is_numbered_again() {
        let text = "[Game \"grand-trictrac\"]\n[First \"bottom\"]\n\n1. 2-1 &Z &Y\n3. 4-3 AD AE\n";
        let a = Analysis::of(text.into(), None);
        assert_eq!(a.records[0].read.errors.len(), 1);
        let offers = slow().offers(&a.records[0], text);
        assert_eq!(offers.len(), 1, "{offers:?}");
        assert_eq!(offers[0].title, "Repair: throw 2: numbered 3 (removes 0 flags)");
        let fixed = offers[0].applied(text);
        assert!(fixed.ends_with("\n2. 4-3 { repaired: throw 2: numbered 3 } AD AE\n"), "{fixed}");
        let text = GT.replace("4. 4-2 VO", "14. 4-2 VO");
        let a = Analysis::of(text.clone(), None);
        let offers = slow().offers(&a.records[0], &text);
        let first = offers.first().expect("an offer");
        assert!(first.title.starts_with("Repair: throw 4: numbered 14; throw 3: "), "{}", first.title);
        let fixed = first.applied(&text);
        assert!(fixed.contains("\n4. 4-2 { repaired: throw 4: numbered 14 } VO\n"), "{fixed}");
    }

    /// A record saved on Windows keeps its byte order mark and its line ends.
    #[test]
    fn a_windows_record_keeps_its_line_ends() {
        let text = format!("\u{feff}{}", GT.replace('\n', "\r\n"));
        let a = Analysis::of(text.clone(), None);
        let r = &a.records[0];
        let span = r.span().unwrap();
        let written = &text[span.start as usize..span.end as usize];
        let offers = slow().offers(r, &text);
        let first = offers.first().expect("an offer");
        let record = first.applied(written);
        assert!(record.contains("AH AA\r\n") && !record.replace("\r\n", "").contains('\n'), "{record:?}");
        let mut fixed = text.clone();
        fixed.replace_range(span.start as usize..span.end as usize, &record);
        assert!(fixed.starts_with('\u{feff}') && !fixed[3..].contains('\u{feff}'), "{fixed:?}");
        let a = Analysis::of(fixed, None);
        assert_eq!(a.records[0].flags().count(), 0);
    }
}
