//! The columns of the other games (Jacquet, Moultezim, Backgammon, Tric Trac; docs/games.md) on
//! the sheet as text and Markdown: each throw with what it scored, the running score after
//! it (men borne off, the cube, Tric Trac's points and parties), the note of its cube action
//! or partie, its comments and flags.

use super::{md_escape, terminal_text, Row, Sheet, TablesColumns};
use crate::board::Seat;
use std::fmt::Write;

/// A comment on one line: its runs of white space (line ends included) as one space.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What each seat scored with a throw, in words (`top +4`), empty for nothing.
pub(crate) fn points_text(p: [u16; 2]) -> String {
    match p {
        [0, 0] => String::new(),
        [t, 0] => format!("top +{t}"),
        [0, b] => format!("bottom +{b}"),
        [t, b] => format!("top +{t}, bottom +{b}"),
    }
}

/// The running score after row `r`'s throw in words, when the throw changes it (the first
/// row: when it is not the start's): what the Score column of every sheet of the other
/// games shows (issue 24), not `off 0/0` on every row.
pub(crate) fn score_change(r: &Row, t: &TablesColumns) -> Option<String> {
    (t.running != super::Running::of(&r.board.before)).then(|| t.running.words())
}

impl Sheet {
    /// Whether some throw of the other games changes the running score (men borne off, the
    /// cube, Tric Trac's points): the Score column.
    pub(crate) fn score_changes(&self) -> bool {
        self.filled_columns()[1]
    }

    /// Whether some throw of the other games scored points (Tric Trac): the Points column.
    pub(crate) fn scores_points(&self) -> bool {
        self.filled_columns()[0]
    }

    /// Which of the other games' Points and Score columns some row fills (found once).
    fn filled_columns(&self) -> [bool; 2] {
        *self.filled.get_or_init(|| {
            let points = self.tables_rows().any(|(_, t)| t.points != [0, 0]);
            let score = self.tables_rows().any(|(r, t)| score_change(r, t).is_some());
            [points, score]
        })
    }

    /// The rows of the other games with their columns.
    pub(crate) fn tables_rows(&self) -> impl Iterator<Item = (&Row, &TablesColumns)> {
        self.rows.iter().filter_map(|r| match &r.score {
            super::RowScore::Tables(t) => Some((r, t)),
            super::RowScore::GrandTrictrac(_) => None,
        })
    }

    /// The head of the other games' sheets: `jacquet: top (A) against bottom (B)`.
    pub(crate) fn title_line(&self) -> String {
        format!("{}: {} against {}", self.game, self.name_line(Seat::Top), self.name_line(Seat::Bottom))
    }

    /// Whether the head of a sheet shows a tag: not the names and the game, not an empty
    /// one, not the `Rules` tag when the rules in force are listed.
    fn heads_tag(&self, name: &str, value: &str) -> bool {
        let shown_apart = matches!(name, "Top" | "Bottom" | "Game") || (name == "Rules" && !self.rules.is_empty());
        !shown_apart && !value.trim().is_empty()
    }

    /// The head of a sheet as text, whatever the game: the title line, the tags (but the
    /// names and the game, and empty ones), the rules that depart from the defaults, the
    /// match, the record's notes; a blank line after it.
    pub(crate) fn text_head(&self) -> String {
        let mut s = format!("{}\n", self.title_line());
        for t in &self.tags {
            if self.heads_tag(&t.name, &t.value) {
                let _ = writeln!(s, "  {}: {}", t.name, one_line(&t.value));
            }
        }
        if !self.rules.is_empty() {
            let r: Vec<&str> = self.rules.iter().map(|r| r.option.as_str()).collect();
            let _ = writeln!(s, "  rules in force: {} (the others: the game's defaults)", r.join("; "));
        }
        if let Some(m) = &self.match_state {
            let _ = writeln!(s, "  {}", m.words());
        }
        if let Some(n) = &self.marks_note {
            let _ = writeln!(s, "  note: {n}");
        }
        for c in &self.comments {
            let _ = writeln!(s, "  {{ {} }}", one_line(c));
        }
        s.push('\n');
        s
    }

    /// The head of a sheet as Markdown, whatever the game: the title, the tags as a list,
    /// the rules that depart from the defaults, the match, the record's notes.
    pub(crate) fn markdown_head(&self) -> String {
        let esc = md_escape;
        let mut s = format!("# {}\n\n", esc(&self.title_line()));
        let mut items = Vec::new();
        for t in &self.tags {
            if self.heads_tag(&t.name, &t.value) {
                items.push(format!("**{}**: {}", esc(&t.name), esc(&one_line(&t.value))));
            }
        }
        if !self.rules.is_empty() {
            let r: Vec<String> = self.rules.iter().map(|r| format!("`{}`", r.option)).collect();
            items.push(format!("**Rules**: {} (the others: the game's defaults)", r.join(", ")));
        }
        if let Some(m) = &self.match_state {
            items.push(esc(&m.words()));
        }
        if let Some(n) = &self.marks_note {
            items.push(format!("**Note**: {}", esc(n)));
        }
        for i in &items {
            let _ = writeln!(s, "* {i}");
        }
        if !items.is_empty() {
            s.push('\n');
        }
        for c in &self.comments {
            let _ = writeln!(s, "> {}\n", esc(&one_line(c)));
        }
        s
    }

    /// The sheet of one of the other games as text: the fiche (tags, rules, match, the
    /// record's notes), one line per throw with its running score and note, its comments
    /// and flags under it, the end.
    pub(crate) fn text_tables(&self) -> String {
        let mut s = self.text_head();
        let play_w = self.rows.iter().map(|r| self.play_of(r).chars().count()).max().unwrap_or(0).max(4);
        for (r, t) in self.tables_rows() {
            let mark = if r.lawful { ' ' } else { '✗' };
            let (dice, play) = (r.dice_text(), self.play_of(r));
            let mut line = format!("{:>4}. {:<6} {dice:<4} {mark} {play:<play_w$}", r.throw, r.seat.name());
            // what the throw scored and the score where it changes, as the fiche's columns
            let mut said: Vec<String> = score_change(r, t).into_iter().collect();
            said.extend(Some(points_text(t.points)).filter(|p| !p.is_empty()));
            said.extend((!t.note.is_empty()).then(|| format!("[{}]", t.note)));
            if !said.is_empty() {
                let _ = write!(line, "  | {}", said.join("  "));
            }
            let _ = writeln!(s, "{}", line.trim_end());
            for c in &r.comments {
                let _ = writeln!(s, "        {{ {} }}", one_line(c));
            }
            for f in &r.flags {
                let _ = writeln!(s, "        [{}] {}", f.what(), f.body());
            }
        }
        for f in &self.other_flags {
            let at = f.throw.map(|n| format!("{n}. ")).unwrap_or_default();
            let _ = writeln!(s, "{at}[{}] {}", f.what(), f.body());
        }
        let _ = writeln!(s, "\n{}", self.result_line());
        terminal_text(s)
    }

    /// The sheet of one of the other games as a Markdown table: the columns the game fills
    /// (as the HTML fiche: Points when a throw scores, Score where a throw changes it, the
    /// notes and flags when there are some).
    pub(crate) fn markdown_tables(&self) -> String {
        let esc = md_escape;
        let mut s = self.markdown_head();
        let notes = self.tables_rows().any(|(_, t)| !t.note.is_empty());
        let flags = self.tables_rows().any(|(r, _)| !r.flags.is_empty());
        let filled = [self.scores_points(), self.score_changes(), notes, flags];
        let names = ["points", "score", "note", "flags"];
        let heads: Vec<&str> = names.iter().zip(filled).filter(|(_, f)| *f).map(|(n, _)| *n).collect();
        let _ =
            writeln!(s, "| # | seat | dice | play |{}", heads.iter().map(|h| format!(" {h} |")).collect::<String>());
        let _ = writeln!(s, "|---|---|---|---|{}", "---|".repeat(heads.len()));
        for (r, t) in self.tables_rows() {
            let flags: Vec<String> = r.flags.iter().map(|f| format!("**{}**: {}", f.what(), esc(f.body()))).collect();
            let cells = [
                points_text(t.points),
                score_change(r, t).map(|w| esc(&w)).unwrap_or_default(),
                esc(&t.note),
                flags.join("<br>"),
            ];
            let cells: String = cells.iter().zip(filled).filter(|(_, f)| *f).map(|(c, _)| format!(" {c} |")).collect();
            let unlawful = if r.lawful { "" } else { " ✗" };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {}{unlawful} |{cells}",
                r.throw,
                r.seat,
                r.dice_text(),
                esc(&self.play_of(r)),
            );
        }
        for f in &self.other_flags {
            let _ = writeln!(s, "\n* **{}**: {}", f.what(), esc(&f.message));
        }
        let _ = writeln!(s, "\n**{}**", esc(&self.result_line()));
        terminal_text(s)
    }
}
