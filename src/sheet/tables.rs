//! The score sheet and replay of the other tables games (Jacquet, Moultezim, Backgammon,
//! Tric Trac; GAMES.md): one row per throw from the replay's game-neutral steps
//! ([`crate::replay::Step`]), the flags under their throws, the end. Renderers only read:
//! everything shown was decided by the game's rules in the replay.

use super::terminal_text;
use crate::board::{Dialect, Seat};
use crate::notation::{Header, Record};
use crate::replay::{Flag, Replay};
use crate::report::EndReport as GameEnd;
use crate::show::escape;
use serde::Serialize;
use std::fmt::Write;

/// A comment on one line: its runs of white space (line ends included) as one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One throw of the sheet.
#[derive(Clone, Debug, Serialize)]
pub struct TablesRow {
    /// The throw number.
    pub throw: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll, higher first (`None`: a double dropped, no dice thrown).
    pub dice: Option<[u8; 2]>,
    /// The play, canonical (`-` for none).
    pub play: String,
    /// Whether the play was lawful.
    pub lawful: bool,
    /// What each seat scored with the throw (Tric Trac), `[top, bottom]`.
    pub points: [u16; 2],
    /// The game's note: the cube, the partie won, …
    #[serde(skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The position after the throw (field 1 of a position string).
    pub after: String,
    /// Flags raised at this throw.
    pub flags: Vec<Flag>,
    /// The record's comments on this throw.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

/// The sheet of a record of one of the other games.
#[derive(Clone, Debug, Serialize)]
pub struct TablesSheet {
    /// The game (`jacquet`, …).
    pub game: String,
    /// Top's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// Bottom's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bottom: Option<String>,
    /// The tags, as the record gives them.
    pub tags: Vec<(String, String)>,
    /// One row per throw.
    pub rows: Vec<TablesRow>,
    /// How the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEnd>,
    /// The throw at which the replay stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u32>,
    /// Flags not tied to a replayed throw (the Result tag, a position).
    pub other_flags: Vec<Flag>,
    /// The record's head comments.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

impl TablesSheet {
    /// The sheet of a replayed record.
    pub fn of_record(rp: &Replay, record: &Record, header: &Header) -> TablesSheet {
        // each throw's flags and comments found once, not searched for at every step
        let flags = crate::replay::FlagsByThrow::new(&rp.flags);
        let throws = crate::replay::throws_by_number(record);
        let mut sheet = TablesSheet::head(rp, record, header);
        sheet.rows = rp
            .steps
            .iter()
            .map(|s| TablesRow {
                throw: s.number,
                seat: s.seat,
                dice: s.dice.map(|d| [d.high(), d.low()]),
                play: crate::fausse_case::recorded_text(&s.play, Dialect::Soumille),
                lawful: s.lawful,
                points: s.points,
                note: crate::words::step_note(&s.detail),
                after: s.after.men_field(Dialect::Soumille),
                flags: flags.at(s.number).iter().map(|&f| f.clone()).collect(),
                comments: throws
                    .get(&s.number)
                    .map(|t| t.comments.iter().map(|c| one_line(&c.text)).collect())
                    .unwrap_or_default(),
            })
            .collect();
        let shown: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
        sheet.other_flags = rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown.contains(&n))).cloned().collect();
        sheet
    }

    /// The sheet's head alone: names, tags, comments and end, no row and no flag (what
    /// [`TablesSheet::result_line`] needs, without the rows).
    pub fn head(rp: &Replay, record: &Record, header: &Header) -> TablesSheet {
        TablesSheet {
            game: header.game.to_string(),
            top: record.tag("Top").map(String::from),
            bottom: record.tag("Bottom").map(String::from),
            tags: record.tags.iter().map(|t| (t.name.to_string(), t.value.clone())).collect(),
            rows: Vec::new(),
            end: rp.end.as_ref().map(GameEnd::from),
            stopped_at: rp.stopped_at,
            other_flags: Vec::new(),
            comments: record
                .comments
                .iter()
                .chain(record.tags.iter().flat_map(|t| t.comments.iter()))
                .map(|c| one_line(&c.text))
                .collect(),
        }
    }

    fn name(&self, seat: Seat) -> String {
        let n = match seat {
            Seat::Top => &self.top,
            Seat::Bottom => &self.bottom,
        };
        n.as_ref().map_or_else(|| seat.name().to_string(), |n| format!("{seat} ({n})"))
    }

    /// How the game ended, in words.
    pub fn result_line(&self) -> String {
        match (&self.end, self.stopped_at) {
            (Some(e), _) => {
                let kind = e.kind.map(|k| format!(" ({k})")).unwrap_or_default();
                let pts = if e.points == 1 { "point" } else { "points" };
                format!("{} wins {} {pts}{kind}", self.name(e.winner), e.points)
            }
            (None, Some(n)) => format!("the replay stopped at throw {n}"),
            (None, None) => "unfinished".into(),
        }
    }

    fn dice_text(d: Option<[u8; 2]>) -> String {
        d.map_or_else(|| "—".to_string(), |[a, b]| format!("{a}-{b}"))
    }

    fn points_text(p: [u16; 2]) -> String {
        match p {
            [0, 0] => String::new(),
            [t, 0] => format!("top +{t}"),
            [0, b] => format!("bottom +{b}"),
            [t, b] => format!("top +{t}, bottom +{b}"),
        }
    }

    /// The sheet as text: one line per throw, the flags under it, the end.
    pub fn text(&self) -> String {
        let mut s = format!("{}: {} against {}\n", self.game, self.name(Seat::Top), self.name(Seat::Bottom));
        for (k, v) in &self.tags {
            if !matches!(k.as_str(), "Top" | "Bottom" | "Game") {
                let _ = writeln!(s, "  {k}: {v}");
            }
        }
        for c in &self.comments {
            let _ = writeln!(s, "  {{ {c} }}");
        }
        s.push('\n');
        let play_w = self.rows.iter().map(|r| r.play.chars().count()).max().unwrap_or(0).max(4);
        for r in &self.rows {
            let mark = if r.lawful { ' ' } else { '✗' };
            let mut line = format!(
                "{:>4}. {:<6} {:<4} {mark} {:<play_w$}",
                r.throw,
                r.seat.name(),
                Self::dice_text(r.dice),
                r.play
            );
            let pts = Self::points_text(r.points);
            if !pts.is_empty() {
                let _ = write!(line, "  {pts}");
            }
            if !r.note.is_empty() {
                let _ = write!(line, "  [{}]", r.note);
            }
            let _ = writeln!(s, "{}", line.trim_end());
            for c in &r.comments {
                let _ = writeln!(s, "        {{ {c} }}");
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

    /// The sheet as a markdown table.
    pub fn markdown(&self) -> String {
        let esc = super::md_escape;
        let mut s = format!(
            "# {}: {} against {}\n\n",
            esc(&self.game),
            esc(&self.name(Seat::Top)),
            esc(&self.name(Seat::Bottom))
        );
        s.push_str("| # | seat | dice | play | points | note | flags |\n|---|---|---|---|---|---|---|\n");
        for r in &self.rows {
            let flags: Vec<String> = r.flags.iter().map(|f| format!("**{}**: {}", f.what(), esc(f.body()))).collect();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {}{} | {} | {} | {} |",
                r.throw,
                r.seat,
                Self::dice_text(r.dice),
                esc(&r.play),
                if r.lawful { "" } else { " ✗" },
                Self::points_text(r.points),
                esc(&r.note),
                flags.join("<br>")
            );
        }
        for f in &self.other_flags {
            let _ = writeln!(s, "\n* **{}**: {}", f.what(), esc(&f.message));
        }
        let _ = writeln!(s, "\n**{}**", esc(&self.result_line()));
        terminal_text(s)
    }

    /// The sheet as a standalone HTML page (no network use).
    pub fn html(&self) -> String {
        let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
        let _ = write!(
            s,
            "<title>{}</title><style>body{{font-family:serif;max-width:60em;margin:2em auto}}table{{border-collapse:collapse}}td,th{{border:1px solid #999;padding:.2em .5em}}tr.flagged td{{background:#fde8e8}}.flag{{color:#a00}}</style></head><body>",
            escape(&format!("{}: {} against {}", self.game, self.name(Seat::Top), self.name(Seat::Bottom)))
        );
        let _ = write!(
            s,
            "<h1>{}</h1><p>{} against {}</p>",
            escape(&self.game),
            escape(&self.name(Seat::Top)),
            escape(&self.name(Seat::Bottom))
        );
        if !self.tags.is_empty() {
            s.push_str("<dl>");
            for (k, v) in &self.tags {
                let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", escape(k), escape(v));
            }
            s.push_str("</dl>");
        }
        for c in &self.comments {
            let _ = write!(s, "<p class=\"comment\">{}</p>", escape(c));
        }
        s.push_str("<table><thead><tr><th>#</th><th>seat</th><th>dice</th><th>play</th><th>points</th><th>note</th><th>position after</th></tr></thead><tbody>");
        for r in &self.rows {
            let class = if r.flags.is_empty() { "" } else { " class=\"flagged\"" };
            let _ = write!(
                s,
                "<tr id=\"throw-{}\"{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
                r.throw,
                r.throw,
                r.seat,
                Self::dice_text(r.dice),
                escape(&r.play),
                escape(&Self::points_text(r.points)),
                escape(&r.note),
                escape(&r.after)
            );
            for c in &r.comments {
                let _ = write!(s, "<tr><td></td><td colspan=\"6\"><em>{}</em></td></tr>", escape(c));
            }
            for f in &r.flags {
                let _ = write!(
                    s,
                    "<tr><td></td><td colspan=\"6\" class=\"flag\"><strong>{}</strong>: {}</td></tr>",
                    escape(f.what()),
                    escape(f.body())
                );
            }
        }
        s.push_str("</tbody></table>");
        for f in &self.other_flags {
            let _ = write!(s, "<p class=\"flag\"><strong>{}</strong>: {}</p>", escape(f.what()), escape(&f.message));
        }
        let _ = writeln!(s, "<p><strong>{}</strong></p></body></html>", escape(&self.result_line()));
        s
    }
}

/// The replay of one of the other games as text: each throw, its play, what it scored, the
/// position after it and its flags.
pub fn replay_text(rp: &Replay, record: &Record, header: &Header) -> String {
    let sheet = TablesSheet::of_record(rp, record, header);
    let mut s = String::new();
    for r in &sheet.rows {
        let _ = writeln!(s, "{}. {} {}  {}", r.throw, r.seat, TablesSheet::dice_text(r.dice), r.play);
        let pts = TablesSheet::points_text(r.points);
        if !pts.is_empty() {
            let _ = writeln!(s, "     scores: {pts}");
        }
        if !r.note.is_empty() {
            let _ = writeln!(s, "     {}", r.note);
        }
        let _ = writeln!(s, "     after: {}", r.after);
        for f in &r.flags {
            let _ = writeln!(s, "     [{}] {}", f.what(), f.body());
        }
    }
    for f in &sheet.other_flags {
        let at = f.throw.map(|n| format!("{n}. ")).unwrap_or_default();
        let _ = writeln!(s, "{at}[{}] {}", f.what(), f.body());
    }
    let _ = writeln!(s, "{}", sheet.result_line());
    terminal_text(s)
}
