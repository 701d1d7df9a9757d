//! The score sheet of a tour and the throw-by-throw replay, as one model with several
//! renderers (text, markdown, HTML, JSON). Renderers only read the replay.

use crate::board::{Dialect, Seat};
use crate::notation::{Decision, Game, Header, Record};
use crate::position::Position;
use crate::replay::{Flag, Outcome, Replay};
use crate::score::Score;
use crate::scoring::Jan;
use serde::Serialize;
use std::fmt::Write;

mod html;
pub mod tables;

/// One seat's part of a row.
#[derive(Clone, Debug, Serialize)]
pub struct SeatColumn {
    /// Points marked with this throw (as the books have them).
    pub marked: u16,
    /// Points that should have been marked.
    pub expected: u16,
    /// Holes won with this throw.
    pub holes_won: u16,
    /// Running points after the throw.
    pub points: u16,
    /// Running holes after the throw.
    pub holes: u16,
    /// En bredouille after the throw.
    pub bredouille: bool,
}

/// One row of the sheet: one throw.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The throw number.
    pub throw: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll, higher first.
    pub dice: [u8; 2],
    /// The play (canonical, Soumille letters; `-` for none).
    pub play: String,
    /// The jans of the roll.
    pub jans: Vec<Jan>,
    /// Top's column.
    pub top: SeatColumn,
    /// Bottom's column.
    pub bottom: SeatColumn,
    /// `hold` or `go` after a hole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    /// The relève ended with this throw.
    pub releve: bool,
    /// The seat holding the pavillon after the throw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pavillon: Option<Seat>,
    /// Flags raised at this throw.
    pub flags: Vec<Flag>,
    /// The record's comments on this throw, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The boards before and after the throw, for diagrams.
    #[serde(skip)]
    pub board: Boards,
}

/// The positions and scores around one throw, as the replay has them.
#[derive(Clone, Copy, Debug)]
pub struct Boards {
    /// The position before the throw.
    pub before: Position,
    /// The score before the throw.
    pub score_before: Score,
    /// The position after the throw (after a relève: the new opening).
    pub after: Position,
    /// The score after the throw.
    pub score: Score,
    /// A relève starts with this throw (the first throw, or the one after a relève ended).
    pub releve_start: bool,
}

/// One tag of the record, as the sheet's title block shows it.
#[derive(Clone, Debug, Serialize)]
pub struct TitleTag {
    /// The tag's canonical name (`Event`, `Source`, …).
    pub name: String,
    /// Its value.
    pub value: String,
}

/// One rule option in force.
#[derive(Clone, Debug, Serialize)]
pub struct RuleInForce {
    /// `key=value`, as the `Rules` tag writes it.
    pub option: String,
    /// Whether the record's `Rules` tag gave it (else it is the default).
    pub given: bool,
}

impl Row {
    /// What to note beside the row: the decision, the end of a relève, each flag.
    pub fn notes(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        match self.decision {
            Some(Decision::Hold) => v.push("tient"),
            Some(Decision::Go) => v.push("va"),
            Some(Decision::Prolong) => v.push("prolonge"),
            Some(Decision::Restart) => v.push("recommence"),
            None => {}
        }
        if self.releve {
            v.push("relève");
        }
        v.extend(self.flags.iter().map(Flag::what));
        v
    }
}

/// The score sheet of a record.
#[derive(Clone, Debug, Serialize)]
pub struct Sheet {
    /// Top's name (the `Top` tag), if given.
    pub top: Option<String>,
    /// Bottom's name.
    pub bottom: Option<String>,
    /// One row per throw replayed.
    pub rows: Vec<Row>,
    /// The result of the tour, with its winnings, when it ended.
    pub result: Option<Outcome>,
    /// The replay stopped at this throw.
    pub stopped_at: Option<u32>,
    /// Flags that belong to no row: the `Result` tag's, and those of a throw the replay
    /// could not apply.
    pub other_flags: Vec<Flag>,
    /// Trictrac à écrire: the marqués, with their points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marques: Vec<crate::replay::MarqueResult>,
    /// Trictrac à écrire: the totals of the match from the marqués played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_totals: Option<crate::score::MatchTotals>,
    /// The record's tags, in canonical order (empty when made without the record).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<TitleTag>,
    /// Every rule option in force.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleInForce>,
    /// The record's comments before its throws (the head of the file, the tags').
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// A record of Trictrac à écrire.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub a_ecrire: bool,
    /// The record's letters: the text, markdown and HTML write the plays, the points hit and
    /// the boards in them (the JSON keeps each row's `play` in Soumille's letters).
    #[serde(skip)]
    pub letters: Dialect,
}

impl Sheet {
    /// The sheet of a replayed record.
    pub fn new(rp: &Replay, top: Option<String>, bottom: Option<String>) -> Sheet {
        let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
        let gt: Vec<(&crate::replay::Step, &crate::replay::GrandTrictracStep)> =
            rp.steps.iter().filter_map(|s| Some((s, s.grand_trictrac()?))).collect();
        let rows = gt
            .iter()
            .enumerate()
            .map(|(k, &(st, s))| {
                let prev = k.checked_sub(1).map(|j| gt[j].1);
                let col = |seat: Seat| {
                    let i = seat.index();
                    SeatColumn {
                        marked: s.marked[i],
                        expected: s.expected[i],
                        holes_won: s.holes_won[i],
                        points: s.score.points[i],
                        holes: s.score.holes[i],
                        bredouille: s.score.bredouille[i],
                    }
                };
                Row {
                    throw: st.number,
                    seat: st.seat,
                    dice: st.dice.map_or([0, 0], |d| [d.high(), d.low()]),
                    play: crate::fausse_case::recorded_text(&st.play, Dialect::Soumille),
                    jans: s.jans.iter().copied().collect(),
                    top: col(Seat::Top),
                    bottom: col(Seat::Bottom),
                    decision: s.decision,
                    releve: s.releve,
                    pavillon: s.score.pavillon,
                    flags: by_throw.at(st.number).iter().map(|&f| f.clone()).collect(),
                    comments: Vec::new(),
                    board: Boards {
                        before: st.position_before(),
                        score_before: prev.map_or_else(Score::default, |p| p.score),
                        after: st.position_after(),
                        score: s.score,
                        releve_start: prev.is_none_or(|p| p.releve),
                    },
                }
            })
            .collect();
        let (marques, queue_jetons) =
            rp.grand_trictrac.as_ref().map_or((&[][..], false), |g| (&g.marques[..], g.queue_jetons));
        Sheet {
            top,
            bottom,
            rows,
            result: rp.outcome(),
            stopped_at: rp.stopped_at,
            other_flags: {
                let shown: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
                rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown.contains(&n))).cloned().collect()
            },
            marques: marques.to_vec(),
            match_totals: (!marques.is_empty()).then(|| {
                let won: Vec<(Seat, i64)> = marques.iter().filter_map(|m| m.winner.map(|w| (w, m.value))).collect();
                crate::score::match_totals(&won, queue_jetons)
            }),
            tags: Vec::new(),
            rules: Vec::new(),
            comments: Vec::new(),
            a_ecrire: false,
            letters: Dialect::Soumille,
        }
    }

    /// The sheet of a replayed record, with what the record says besides its throws: the
    /// names, the tags and rules for the title block, the comments of its head and of
    /// each throw, the score it starts from.
    pub fn of_record(rp: &Replay, record: &Record, header: &Header) -> Sheet {
        let mut sheet = Sheet::new(rp, record.tag("Top").map(String::from), record.tag("Bottom").map(String::from));
        sheet.tags =
            record.tags.iter().map(|t| TitleTag { name: t.name.to_string(), value: t.value.clone() }).collect();
        let rules = crate::options::RuleOptions::of(header);
        sheet.rules = (0..crate::options::RuleOptions::KEYS.len())
            .map(|i| RuleInForce {
                option: crate::options::RuleOptions { given: 1 << i, ..rules }.to_string(),
                given: rules.given & (1 << i) != 0,
            })
            .collect();
        sheet.comments = record
            .comments
            .iter()
            .chain(record.tags.iter().flat_map(|t| t.comments.iter()))
            .map(|c| c.text.trim().to_string())
            .collect();
        let throws = crate::replay::throws_by_number(record);
        for row in &mut sheet.rows {
            if let Some(t) = throws.get(&row.throw) {
                row.comments = t.comments.iter().map(|c| c.text.trim().to_string()).collect();
            }
        }
        if let Some(first) = sheet.rows.first_mut() {
            first.board.score_before = crate::replay::start_score(header);
        }
        sheet.a_ecrire = header.game == Game::TrictracAEcrire;
        sheet.letters = header.letters;
        sheet
    }

    /// A row's play in the record's letters.
    pub fn play_of(&self, r: &Row) -> String {
        crate::explain::letters_in(&r.play, self.letters)
    }

    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    fn names(&self) -> (String, String) {
        let name = |n: &Option<String>, seat: &str| {
            n.as_deref().map_or_else(|| seat.into(), |n| format!("{seat} ({})", crate::notation::escape_controls(n)))
        };
        (name(&self.top, "top"), name(&self.bottom, "bottom"))
    }

    fn result_line(&self) -> String {
        match (&self.result, self.stopped_at) {
            (Some(o), _) => {
                let gb = match o.bredouille {
                    crate::score::Bredouille::None => String::new(),
                    crate::score::Bredouille::Grande => " en grande bredouille".into(),
                    crate::score::Bredouille::GrandeWithPavillon => " en grande bredouille, with the pavillon".into(),
                };
                format!("{} wins {}-{}{gb}: stakes {}", o.winner, o.winner_holes, o.loser_holes, o.stakes)
            }
            (None, Some(n)) => format!("the replay stopped at throw {n}"),
            (None, None) => "unfinished".into(),
        }
    }

    /// The sheet as a text table; the columns are as wide as their longest text, so long
    /// names and plays keep the table aligned.
    pub fn text(&self) -> String {
        let (t, b) = self.names();
        let len = |x: &str| x.chars().count();
        let pad = |x: &str, w: usize| format!("{x}{}", " ".repeat(w.saturating_sub(len(x))));
        let center = |x: &str, w: usize| {
            let room = w.saturating_sub(len(x));
            format!("{}{x}{}", " ".repeat(room / 2), " ".repeat(room - room / 2))
        };
        let right = |x: &str, w: usize| format!("{}{x}", " ".repeat(w.saturating_sub(len(x))));
        let play_w = self.rows.iter().map(|r| len(&r.play)).max().unwrap_or(0).max(12);
        let play = |r: &Row| self.play_of(r);
        let cell = |c: &SeatColumn| {
            let mark = if c.marked == 0 && c.expected == 0 {
                String::new()
            } else if c.marked != c.expected {
                format!("{}≠{}", c.marked, c.expected)
            } else {
                format!("+{}", c.marked)
            };
            let holes = if c.holes_won > 0 {
                format!("{}+{}", c.holes.saturating_sub(c.holes_won), c.holes_won)
            } else {
                c.holes.to_string()
            };
            let br = if c.bredouille { "b" } else { " " };
            format!("{} {}{br} {}", right(&mark, 6), right(&c.points.to_string(), 6), right(&holes, 7))
        };
        let seat_w = |name: &str| len(name).max(22);
        let (tw, bw) = (seat_w(&t), seat_w(&b));
        let labels = format!("{:>6} {:>7} {:>7}", "mark", "points", "holes");
        let mut s = String::new();
        let lead = format!("{:>5}  {:<6} {:<4} {} ", "throw", "seat", "dice", pad("play", play_w));
        let _ = writeln!(s, "{lead}| {} | {} |", center(&t, tw), center(&b, bw));
        let blank = " ".repeat(len(&lead));
        let _ = writeln!(s, "{blank}| {} | {} |", right(&labels, tw), right(&labels, bw));
        let rule = "-".repeat(len(&lead) + tw + bw + 10);
        let _ = writeln!(s, "{rule}");
        for r in &self.rows {
            let note: String = r.notes().iter().map(|n| format!(" [{n}]")).collect();
            let _ = writeln!(
                s,
                "{:>5}  {:<6} {}-{}  {} | {} | {} |{note}",
                r.throw,
                r.seat.name(),
                r.dice[0],
                r.dice[1],
                pad(&play(r), play_w),
                right(&cell(&r.top), tw),
                right(&cell(&r.bottom), bw)
            );
        }
        let _ = writeln!(s, "{rule}");
        for (k, m) in self.marques.iter().enumerate() {
            let who = m.winner.map_or("refait".to_string(), |w| format!("{w} wins {} points", m.value));
            let _ = writeln!(
                s,
                "marqué {} (throw {}): top {} holes, bottom {}: {who}",
                k + 1,
                m.throw,
                m.holes[0],
                m.holes[1]
            );
        }
        if let Some(m) = &self.match_totals {
            let _ = writeln!(
                s,
                "match: total I {}/{}, marqués {}/{} (+{}/+{}), queue des marqués {}/{}, queue des jetons {}/{}: {}/{}",
                m.total_i[0],
                m.total_i[1],
                m.marques_won[0],
                m.marques_won[1],
                m.marque_payments[0],
                m.marque_payments[1],
                m.queue_des_marques[0],
                m.queue_des_marques[1],
                m.queue_des_jetons[0],
                m.queue_des_jetons[1],
                m.total[0],
                m.total[1]
            );
            let _ = match m.winner {
                Some(w) => writeln!(s, "match gain: {w}, {} (rounded to tens)", m.gain),
                None => writeln!(s, "match gain: none, the totals are equal"),
            };
        }
        let _ = writeln!(s, "result: {}", self.result_line());
        for f in &self.other_flags {
            let _ = writeln!(s, "[{}] {}", f.kind.name(), f.message);
        }
        terminal_text(s)
    }

    /// The sheet as a Markdown table; every text of the record is escaped (`|`, `<`, `>`,
    /// `&`), so a name cannot break the table or inject HTML.
    pub fn markdown(&self) -> String {
        let (t, b) = self.names();
        let (t, b) = (md_escape(&t), md_escape(&b));
        let mut s = format!(
            "| throw | seat | dice | play | {t} mark | {t} points | {t} holes | {b} mark | {b} points | {b} holes | notes |\n|---:|---|---|---|---:|---:|---:|---:|---:|---:|---|\n"
        );
        for r in &self.rows {
            let m = |c: &SeatColumn| {
                if c.marked == c.expected {
                    c.marked.to_string()
                } else {
                    format!("{} (should be {})", c.marked, c.expected)
                }
            };
            let notes = r.notes();
            let _ = writeln!(
                s,
                "| {} | {} | {}-{} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.throw,
                r.seat.name(),
                r.dice[0],
                r.dice[1],
                md_escape(&self.play_of(r)),
                m(&r.top),
                r.top.points,
                r.top.holes,
                m(&r.bottom),
                r.bottom.points,
                r.bottom.holes,
                md_escape(&notes.join(", "))
            );
        }
        // flags of no row: the Result tag, the replay's stop, the throws not read
        for f in &self.other_flags {
            let _ = writeln!(s, "\n* **{}**: {}", f.what(), md_escape(&f.message));
        }
        let _ = writeln!(s, "\n**Result:** {}", md_escape(&self.result_line()));
        terminal_text(s)
    }
}

/// Text for a terminal or a Markdown page: its control characters (from names, comments,
/// tags) written as escapes, as `check` writes them ([`crate::notation::escape_controls`]),
/// so that a record cannot move the cursor or change the colours of a terminal.
pub(crate) fn terminal_text(s: String) -> String {
    match crate::notation::escape_controls(&s) {
        std::borrow::Cow::Borrowed(_) => s,
        std::borrow::Cow::Owned(o) => o,
    }
}

/// Escapes text for a Markdown table cell: `|` (the cell's end), and `&`, `<`, `>` as HTML
/// entities so that no markup passes through.
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// The replay as text: throw by throw, the dice, the play, every jan, the marks of both
/// seats, the score after and the flags.
pub fn replay_text(rp: &Replay, dialect: Dialect) -> String {
    let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
    let mut s = String::new();
    for (st, g) in rp.steps.iter().filter_map(|s| Some((s, s.grand_trictrac()?))) {
        let _ = writeln!(
            s,
            "{}. {} {}  {}",
            st.number,
            st.seat,
            st.dice.map_or_else(|| "-".to_string(), |d| d.to_string()),
            crate::fausse_case::recorded_text(&st.play, dialect)
        );
        for j in g.jans.iter() {
            let at = j.at.map(|p| format!(" at {}", p.letter(dialect))).unwrap_or_default();
            let _ = writeln!(s, "     {:<20} {:<6} x{} = {}{at}", j.code.name(), j.seat.name(), j.ways, j.points);
        }
        for seat in Seat::ALL {
            let i = seat.index();
            if g.marked[i] != 0 || g.expected[i] != 0 {
                let should = if g.marked[i] != g.expected[i] {
                    format!(" (should be {})", g.expected[i])
                } else {
                    String::new()
                };
                let _ = writeln!(s, "     {seat} marks {}{should}", g.marked[i]);
            }
        }
        if let Some(d) = g.decision {
            let _ = writeln!(s, "     {}", if d == Decision::Hold { "tient" } else { "va: the relève ends" });
        } else if g.releve {
            let _ = writeln!(s, "     sortie: the relève ends");
        }
        let sc = &g.score;
        let b = |i: usize| if sc.bredouille[i] { " en bredouille" } else { "" };
        let pav = sc.pavillon.map(|p| format!(", pavillon {p}")).unwrap_or_default();
        let _ = writeln!(
            s,
            "     score: top {} points {} holes{}, bottom {} points {} holes{}{pav}",
            sc.points[0],
            sc.holes[0],
            b(0),
            sc.points[1],
            sc.holes[1],
            b(1)
        );
        for f in by_throw.at(st.number) {
            let _ = writeln!(s, "     [{}] {}", f.what(), f.body());
        }
    }
    if let Some(n) = rp.stopped_at {
        let replayed = rp.steps.iter().any(|st| st.number == n);
        for f in rp.flags.iter().filter(|f| f.throw == Some(n) && !replayed) {
            let _ = writeln!(s, "{n}. [{}] {}", f.what(), f.body());
        }
    }
    for f in rp.flags.iter().filter(|f| f.throw.is_none()) {
        let _ = writeln!(s, "[{}] {}", f.kind.name(), f.message);
    }
    terminal_text(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escapes_cells_and_markup() {
        assert_eq!(md_escape("a|b <i>&</i>"), "a\\|b &lt;i&gt;&amp;&lt;/i&gt;");
        assert_eq!(md_escape("Kermadeuc"), "Kermadeuc");
    }

    #[test]
    fn html_escapes_content_and_attributes() {
        assert_eq!(
            crate::show::escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
