//! Completion on a throw's line. After the dice: the lawful plays of that roll in the
//! position the replay reached before the throw (docs/rules.md §2–§5, docs/games.md §0.2), in
//! the record's letters, those nearest what is typed first, then in the engine's order
//! (`explain`'s). After a lawful play (or before it, in Grand Trictrac, where the roll
//! scores before any man moves, docs/rules.md §1): the marks it scores.

use super::analysis::Analysis;
use crate::board::Dialect;
use crate::dice::Dice;
use crate::explain::{Answer, Question};
use crate::notation::Span;
use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Range, TextEdit};

/// A throw's line as written up to the cursor: its number, its dice, where its play starts
/// and what of it is typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The throw's number.
    pub number: u32,
    /// The roll.
    pub dice: Dice,
    /// The byte just after the dice.
    pub after_dice: usize,
    /// The byte where the play starts (the cursor when nothing of it is typed).
    pub play_start: usize,
    /// The play typed so far (its moves).
    pub typed: String,
    /// Marks are written already (`+…`).
    pub has_marks: bool,
    /// The opponent's part (`/`) is begun: the play is over.
    pub after_slash: bool,
}

/// The words of a throw that come between the dice and the play, or that follow the play:
/// hole claims and decisions (docs/format.md §3).
const CLAIM_WORDS: &[&str] =
    &["trou", "trous", "hole", "holes", "tient", "va", "hold", "go", "je", "tiens", "m'en", "vais", "partie"];

/// Reads the throw line that ends at byte `at` of `text`: `N. [seat:] dice …`.
pub fn line_at(text: &str, at: usize) -> Option<Line> {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i))?;
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut tokens = tokens(&text[start..at], start);
    let (first, _) = tokens.next()?;
    let number = first.strip_suffix('.')?.parse::<u32>().ok()?;
    let (dice, dice_end) = tokens.by_ref().find_map(|(t, end)| crate::explain::parse_dice(t).ok().map(|d| (d, end)))?;
    let mut line = Line {
        number,
        dice,
        after_dice: dice_end,
        play_start: at,
        typed: String::new(),
        has_marks: false,
        after_slash: false,
    };
    let mut in_parens = false;
    let mut play = false;
    for (t, end) in tokens {
        let t0 = end - t.len();
        if play || !(in_parens || t.starts_with(['+', '(']) || is_claim(t)) {
            if t.starts_with('/') {
                line.after_slash = true;
                break;
            }
            if !play {
                line.play_start = t0;
                play = true;
            }
            continue;
        }
        line.has_marks |= t.starts_with('+');
        in_parens = (in_parens || t.starts_with('(')) && !t.ends_with(')');
    }
    if play {
        line.typed = text[line.play_start..at].trim_end().to_string();
    }
    (at > dice_end).then_some(line)
}

fn is_claim(t: &str) -> bool {
    CLAIM_WORDS.contains(&t.to_ascii_lowercase().as_str()) || t.bytes().all(|b| b.is_ascii_digit())
}

/// The whitespace-separated tokens of `s` (which starts at byte `base`), each with the byte
/// just after it; a comment (`{…}`, `;…`) ends the reading.
fn tokens(s: &str, base: usize) -> impl Iterator<Item = (&str, usize)> {
    let s = s.split(['{', ';']).next().unwrap_or("");
    let origin = s.as_ptr() as usize;
    s.split_whitespace().map(move |t| (t, base + (t.as_ptr() as usize - origin) + t.len()))
}

/// The lawful plays of a roll, in letters, and what each scores for the thrower; Grand
/// Trictrac's marks of the roll (the thrower's, the opponent's).
struct Plays {
    plays: Vec<(String, u16)>,
    marks: [Option<String>; 2],
}

/// The completions at byte `at` of the document.
pub fn completions(a: &Analysis, at: usize) -> Vec<CompletionItem> {
    let Some(line) = line_at(&a.text, at) else { return Vec::new() };
    let Some(r) = a.record_at(at) else { return Vec::new() };
    let Some(setup) = r.setup_before(line.number) else { return Vec::new() };
    let letters = r.read.header.letters;
    let Some(plays) = lawful_plays(&setup, &r.read.header, line.dice, letters) else { return Vec::new() };
    let range = |s: usize, e: usize| a.lines.range(&a.text, Some(Span { start: s as u32, end: e as u32 }));
    let mut items = Vec::new();
    if line.after_slash {
        return items;
    }
    let typed_play = plays.plays.iter().find(|(p, _)| *p == line.typed);
    match typed_play {
        Some((_, points)) if a.text[..at].ends_with(char::is_whitespace) => {
            items.extend(marks_items(&plays, &line, *points, range(at, at), range(line.after_dice, line.after_dice)));
        }
        _ => {
            if line.typed.is_empty() && !line.has_marks {
                items.extend(marks_items(&plays, &line, 0, range(at, at), range(at, at)).into_iter().take(1));
            }
            items.extend(play_items(&plays, &line, range(line.play_start, at)));
        }
    }
    items
}

/// The lawful plays, nearest the typed play first, then in the engine's order.
fn play_items(plays: &Plays, line: &Line, range: Range) -> Vec<CompletionItem> {
    let typed: Vec<&str> = line.typed.split_whitespace().collect();
    let mut ranked: Vec<(usize, &(String, u16))> = plays.plays.iter().enumerate().collect();
    ranked.sort_by_key(|(k, (p, _))| {
        (!p.starts_with(line.typed.as_str()), std::cmp::Reverse(crate::games::nearness(&typed, p)), *k)
    });
    ranked
        .into_iter()
        .enumerate()
        .map(|(rank, (_, (p, points)))| CompletionItem {
            label: p.clone(),
            kind: Some(CompletionItemKind::VALUE),
            detail: Some(match points {
                0 => format!("lawful play of {}", line.dice),
                n => format!("lawful play of {}, scores {n}", line.dice),
            }),
            sort_text: Some(format!("{rank:04}")),
            filter_text: Some(p.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit { range, new_text: p.clone() })),
            ..CompletionItem::default()
        })
        .collect()
}

/// The marks a lawful play scores: Grand Trictrac's thrower's marks (written after the dice,
/// docs/rules.md §1) and the opponent's (`/ …`, after the play); another game's points after the
/// play (Tric Trac's captures, men borne off and pont, docs/games.md §E.9).
fn marks_items(plays: &Plays, line: &Line, points: u16, here: Range, dice: Range) -> Vec<CompletionItem> {
    let item = |label: String, new_text: String, extra: Option<TextEdit>| CompletionItem {
        label: label.clone(),
        kind: Some(CompletionItemKind::EVENT),
        detail: Some(format!("the marks of {}", line.dice)),
        sort_text: Some("0000".into()),
        filter_text: Some(label),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit { range: here, new_text })),
        additional_text_edits: extra.map(|e| vec![e]),
        ..CompletionItem::default()
    };
    match &plays.marks {
        [None, None] if points > 0 => vec![item(format!("+{points}"), format!("+{points}"), None)],
        [None, None] => Vec::new(),
        [own, theirs] if line.typed.is_empty() => own
            .iter()
            .map(|m| item(m.clone(), m.clone(), None))
            .chain(theirs.iter().filter(|_| own.is_none()).map(|m| item(format!("/ {m}"), format!("/ {m}"), None)))
            .collect(),
        [own, theirs] => {
            let own = own.as_ref().filter(|_| !line.has_marks);
            let extra = own.map(|m| TextEdit { range: dice, new_text: format!(" {m}") });
            let label = [own.cloned(), theirs.as_ref().map(|m| format!("/ {m}"))].into_iter().flatten();
            let label = label.collect::<Vec<_>>().join(" … ");
            let here = theirs.as_ref().map(|m| format!("/ {m}")).unwrap_or_default();
            if label.is_empty() {
                return Vec::new();
            }
            vec![item(label, here, extra)]
        }
    }
}

/// The lawful plays of `dice` from `setup` under the record's game and rules, in `letters`.
fn lawful_plays(
    setup: &crate::board::Setup,
    header: &crate::notation::Header,
    dice: Dice,
    letters: Dialect,
) -> Option<Plays> {
    let mut s = setup.clone();
    crate::explain::stamp_position(&mut s, header);
    let q = Question::read(&s.to_string_in(Dialect::Soumille), None, None).ok()?;
    let in_letters = |p: &str| crate::explain::letters_in(p, letters);
    Some(match q.answer(dice).ok()? {
        Answer::Trictrac(e) => {
            let mark = |seat| {
                let jans: Vec<String> = e
                    .jans
                    .iter()
                    .filter(|j| j.seat == seat)
                    .map(|j| if j.ways > 1 { format!("{} x{}", j.code.name(), j.ways) } else { j.code.name().into() })
                    .collect();
                let points: u16 = e.jans.iter().filter(|j| j.seat == seat).map(|j| j.points).sum();
                (points > 0).then(|| format!("+{points} ({})", jans.join(", ")))
            };
            let plays = e.plays.iter().map(|p| (in_letters(&p.notation), 0)).collect();
            Plays { plays, marks: [mark(e.seat), mark(e.seat.other())] }
        }
        Answer::Tables { plays, .. } => {
            let plays = plays.iter().map(|p| (in_letters(&p.notation), p.points)).collect();
            Plays { plays, marks: [None, None] }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_line_is_read_up_to_the_cursor() {
        let text = "[Game \"grand-trictrac\"]\n\n12. top: 6-5 +4 (petit-jan x2) AG A";
        let l = line_at(text, text.len()).unwrap();
        assert_eq!((l.number, l.dice.to_string(), l.typed.as_str(), l.has_marks), (12, "6-5".into(), "AG A", true));
        assert_eq!(l.play_start, text.find("AG").unwrap());
        let text = "3. 4-3 ";
        let l = line_at(text, text.len()).unwrap();
        assert_eq!((l.typed.as_str(), l.play_start, l.after_dice), ("", 7, 6));
        assert_eq!(line_at("3. 4-3", 6), None);
        assert_eq!(line_at("[Game \"x\"]", 5), None);
        let l = line_at("3. 4-3 AG AF / +2", 17).unwrap();
        assert!(l.after_slash);
    }
}
