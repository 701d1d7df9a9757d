//! The text of a rule, from the project's own rules (`docs/rules.md` for Grand Trictrac,
//! `docs/games.md` for the other games), embedded in the binary: what the server shows on a
//! hover over a rule's name (a flag's rule, a jan code, a `Rules` option key).

use crate::games::registry;
use crate::notation::jan::JanCode;

/// Grand Trictrac's rules (docs/rules.md).
const RULES: &str = include_str!("../../docs/rules.md");
/// The other games' rules (docs/games.md).
const GAMES: &str = include_str!("../../docs/games.md");

/// The most lines of a section a hover shows.
const MOST_LINES: usize = 24;

/// The flag kinds that name a section of docs/rules.md (Grand Trictrac's counts and turns).
const KINDS: &[(&str, &str)] = &[
    ("fausse-case", "## 10."),
    ("not-replayed", "## 10."),
    ("ecole", "## 9."),
    ("fausse-ecole", "## 9."),
    ("holes", "## 8."),
    ("decision", "## 8."),
    ("seat", "## 11."),
    ("result", "## 8."),
];

/// The text of the rule named `word` (markdown), or `None` when it names no rule: the rows
/// of docs/games.md's tables of what is flagged, the section of docs/rules.md, a `Rules`
/// option's line from the registry, a jan's section.
pub fn rule_text(word: &str) -> Option<String> {
    if word.len() < 2 {
        return None;
    }
    let mut parts = Vec::new();
    if let Some(o) = option_text(word) {
        parts.push(o);
    }
    parts.extend(table_rows(GAMES, word));
    parts.extend(table_rows(RULES, word));
    if crate::games::grand_trictrac::fausse_case::Rule::ALL.iter().any(|r| r.name() == word) {
        parts.extend(section(RULES, "## 10."));
    }
    if let Some((_, head)) = KINDS.iter().find(|(k, _)| *k == word) {
        parts.extend(section(RULES, head));
    }
    if let Some((doc, head)) = JanCode::from_code(word).map(jan_section) {
        parts.extend(section(doc, head));
    }
    (!parts.is_empty()).then(|| format!("**`{word}`**\n\n{}", parts.join("\n\n---\n\n")))
}

/// Where the text of the rule named `word` is: the document (`rules.md` or `games.md`, of
/// docs/) and the line (from 0) of its row in a table of what is flagged, else of its
/// section's heading; `None` when `word` names no rule. What "go to definition" on a flag's
/// rule opens (docs/editors.md).
pub fn rule_place(word: &str) -> Option<(&'static str, usize)> {
    if word.len() < 2 {
        return None;
    }
    let heading = |doc: &'static str, head: &str| doc.lines().position(|l| l.starts_with(head));
    if crate::games::grand_trictrac::fausse_case::Rule::ALL.iter().any(|r| r.name() == word) {
        return heading(RULES, "## 10.").map(|l| ("rules.md", l));
    }
    let (row, item) = (format!("| `{word}` |"), format!("* `{word}`"));
    for (name, doc) in [("rules.md", RULES), ("games.md", GAMES)] {
        if let Some(l) = doc.lines().position(|l| l.starts_with(&row) || l.starts_with(&item)) {
            return Some((name, l));
        }
    }
    if let Some((_, head)) = KINDS.iter().find(|(k, _)| *k == word) {
        return heading(RULES, head).map(|l| ("rules.md", l));
    }
    let (doc, head) = JanCode::from_code(word).map(jan_section)?;
    let name = if std::ptr::eq(doc, RULES) { "rules.md" } else { "games.md" };
    heading(doc, head).map(|l| (name, l))
}

/// A `Rules` option of some game: its values, its default, what it does, its section.
fn option_text(key: &str) -> Option<String> {
    let mut lines: Vec<(String, Vec<&str>)> = Vec::new();
    for row in &registry::GAMES {
        let Some(o) = row.option(key) else { continue };
        let values = o.values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(" | ");
        let text = format!("option `{}` = {values} (default `{}`): {} ({})", o.key, o.default, o.about, o.section);
        match lines.iter_mut().find(|(t, _)| *t == text) {
            Some((_, games)) => games.push(row.title),
            None => lines.push((text, vec![row.title])),
        }
    }
    let lines: Vec<String> = lines.into_iter().map(|(t, games)| format!("{}: {t}", games.join(", "))).collect();
    (!lines.is_empty()).then(|| lines.join("\n\n"))
}

/// The table rows (`| \`word\` | …`) and list items (`* \`word\`: …`) of `doc` that define
/// `word`, each under its section's heading.
fn table_rows(doc: &str, word: &str) -> Vec<String> {
    let (row, item) = (format!("| `{word}` |"), format!("* `{word}`"));
    let mut out = Vec::new();
    let mut heading = "";
    for line in doc.lines() {
        if line.starts_with('#') {
            heading = line.trim_start_matches('#').trim();
        } else if line.starts_with(&row) || line.starts_with(&item) {
            let text = line.trim_start_matches(['|', '*', ' ']).trim_end_matches(['|', ' ']).replace(" | ", ": ");
            out.push(format!("*{heading}*: {text}"));
        }
    }
    out
}

/// The section of `doc` whose heading starts with `head`, its first lines.
fn section(doc: &str, head: &str) -> Option<String> {
    let start = doc.lines().position(|l| l.starts_with(head))?;
    Some(section_from(doc, start))
}

/// The section that says what a jan scores: docs/rules.md §4 (hits), §5 (filling and
/// preserving), §6 (the rare jans), §7 (the others), §9 (schools); Tric Trac's marks in
/// docs/games.md §E.9.
fn jan_section(code: JanCode) -> (&'static str, &'static str) {
    use JanCode as J;
    match code {
        J::SixTables | J::DeuxTables | J::ContreDeuxTables | J::Mezeas | J::ContreMezeas => (RULES, "## 6."),
        J::PetitJan | J::GrandJan | J::Retour | J::ConservePetitJan | J::ConserveGrandJan | J::ConserveRetour => {
            (RULES, "## 5.")
        }
        J::Vrai | J::Faux | J::Coin => (RULES, "## 4."),
        J::Impuissance | J::Sortie | J::Rencontre | J::Margot | J::Misere | J::ConserveMisere => (RULES, "## 7."),
        J::Ecole => (RULES, "## 9."),
        J::Prise | J::Retiree | J::Pont => (GAMES, "### §E.9"),
    }
}

/// The lines of `doc` from line `start` (a heading) to the next heading of its level or
/// above, at most [`MOST_LINES`].
fn section_from(doc: &str, start: usize) -> String {
    let lines: Vec<&str> = doc.lines().skip(start).collect();
    let level = lines.first().map_or(0, |h| h.chars().take_while(|&c| c == '#').count());
    let end = lines
        .iter()
        .skip(1)
        .position(|l| l.starts_with('#') && l.chars().take_while(|&c| c == '#').count() <= level)
        .map_or(lines.len(), |p| p + 1);
    let mut text = lines[..end.min(MOST_LINES)].join("\n");
    if end > MOST_LINES {
        text.push_str("\n…");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_name_gives_its_text() {
        let t = rule_text("must-fill").unwrap();
        assert!(t.contains("## 10. Fausse case"), "{t}");
        let t = rule_text("occupied").unwrap();
        assert!(t.contains("lands or rests a man on a point holding an opposing man"), "{t}");
        assert!(t.contains("What is flagged (Jacquet, Moultezim)"), "{t}");
        let t = rule_text("postillon").unwrap();
        assert!(t.contains("option `postillon`"), "{t}");
        let t = rule_text("petit-jan").unwrap();
        assert!(t.contains("## 5. Filling and preserving"), "{t}");
        let t = rule_text("pont").unwrap();
        assert!(t.contains("### §E.9 Points and the end of a partie"), "{t}");
        assert_eq!(rule_text("AG"), None);
        assert_eq!(rule_text("top"), None);
    }

    #[test]
    fn a_rule_name_gives_its_place() {
        let line = |doc: &str, l: usize| doc.lines().nth(l).unwrap().to_string();
        let (d, l) = rule_place("must-fill").unwrap();
        assert_eq!((d, line(RULES, l).starts_with("## 10.")), ("rules.md", true));
        let (d, l) = rule_place("occupied").unwrap();
        assert_eq!(d, "games.md");
        assert!(line(GAMES, l).contains("`occupied`"));
        let (d, l) = rule_place("ecole").unwrap();
        assert!(d == "rules.md" && line(RULES, l).contains("cole"), "{}", line(RULES, l));
        assert_eq!(rule_place("AG"), None);
    }
}
