//! The score sheet of a tour and the throw-by-throw replay, as one model with several
//! renderers (text, markdown, HTML, JSON). Renderers only read the replay.

use crate::board::{Dialect, Seat};
use crate::notation::Decision;
use crate::replay::{Flag, Outcome, Replay};
use crate::scoring::Jan;
use serde::Serialize;
use std::fmt::Write;

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
}

impl Row {
    /// What to note beside the row: the decision, the end of a relève, each flag.
    pub fn notes(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        match self.decision {
            Some(Decision::Hold) => v.push("tient"),
            Some(Decision::Go) => v.push("va"),
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
    /// Flags that belong to no throw (the `Result` tag).
    pub other_flags: Vec<Flag>,
    /// Trictrac à écrire: the marqués, with their points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marques: Vec<crate::replay::MarqueResult>,
    /// Trictrac à écrire: the totals of the match from the marqués played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_totals: Option<crate::score::MatchTotals>,
}

impl Sheet {
    /// The sheet of a replayed record.
    pub fn new(rp: &Replay, top: Option<String>, bottom: Option<String>) -> Sheet {
        let rows = rp
            .steps
            .iter()
            .map(|s| {
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
                    throw: s.number,
                    seat: s.seat,
                    dice: [s.dice.high(), s.dice.low()],
                    play: crate::fausse_case::recorded_text(&s.play, Dialect::Soumille),
                    jans: s.jans.iter().copied().collect(),
                    top: col(Seat::Top),
                    bottom: col(Seat::Bottom),
                    decision: s.decision,
                    releve: s.releve,
                    pavillon: s.score.pavillon,
                    flags: rp.flags.iter().filter(|f| f.throw == Some(s.number)).cloned().collect(),
                }
            })
            .collect();
        Sheet {
            top,
            bottom,
            rows,
            result: rp.outcome,
            stopped_at: rp.stopped_at,
            other_flags: rp.flags.iter().filter(|f| f.throw.is_none()).cloned().collect(),
            marques: rp.marques.clone(),
            match_totals: (!rp.marques.is_empty()).then(|| {
                let won: Vec<(Seat, i64)> = rp.marques.iter().filter_map(|m| m.winner.map(|w| (w, m.value))).collect();
                crate::score::match_totals(&won, rp.queue_jetons)
            }),
        }
    }

    fn names(&self) -> (String, String) {
        (
            self.top.clone().map_or_else(|| "top".into(), |n| format!("top ({n})")),
            self.bottom.clone().map_or_else(|| "bottom".into(), |n| format!("bottom ({n})")),
        )
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

    /// The sheet as a text table.
    pub fn text(&self) -> String {
        let (t, b) = self.names();
        let mut s = String::new();
        let _ = writeln!(s, "{:>5}  {:<6} {:<4} {:<12} | {:^22} | {:^22} |", "throw", "seat", "dice", "play", t, b);
        let _ = writeln!(
            s,
            "{:>5}  {:<6} {:<4} {:<12} | {:>6} {:>7} {:>7} | {:>6} {:>7} {:>7} |",
            "", "", "", "", "mark", "points", "holes", "mark", "points", "holes"
        );
        let _ = writeln!(s, "{}", "-".repeat(86));
        for r in &self.rows {
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
                format!("{mark:>6} {:>6}{br} {holes:>7}", c.points)
            };
            let note: String = r.notes().iter().map(|n| format!(" [{n}]")).collect();
            let _ = writeln!(
                s,
                "{:>5}  {:<6} {}-{}  {:<12} | {} | {} |{note}",
                r.throw,
                r.seat.name(),
                r.dice[0],
                r.dice[1],
                r.play,
                cell(&r.top),
                cell(&r.bottom)
            );
        }
        let _ = writeln!(s, "{}", "-".repeat(86));
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
        s
    }

    /// The sheet as a Markdown table.
    pub fn markdown(&self) -> String {
        let (t, b) = self.names();
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
                r.play,
                m(&r.top),
                r.top.points,
                r.top.holes,
                m(&r.bottom),
                r.bottom.points,
                r.bottom.holes,
                notes.join(", ")
            );
        }
        let _ = writeln!(s, "\n**Result:** {}", self.result_line());
        s
    }

    /// The sheet as an HTML page.
    pub fn html(&self) -> String {
        let esc = |x: &str| x.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let (t, b) = self.names();
        let mut s = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Score sheet</title>\n<style>table{border-collapse:collapse;font-family:serif}td,th{border:1px solid #999;padding:2px 6px;text-align:right}td.l{text-align:left}tr.releve td{border-bottom:3px double #333}.flag{color:#a00}</style></head><body>\n");
        let _ = writeln!(s, "<table>\n<tr><th>throw</th><th>seat</th><th>dice</th><th>play</th><th colspan=3>{}</th><th colspan=3>{}</th><th>notes</th></tr>", esc(&t), esc(&b));
        for r in &self.rows {
            let cls = if r.releve { " class=\"releve\"" } else { "" };
            let m = |c: &SeatColumn| {
                if c.marked == c.expected {
                    c.marked.to_string()
                } else {
                    format!("<span class=\"flag\">{}≠{}</span>", c.marked, c.expected)
                }
            };
            let notes: Vec<String> = r
                .flags
                .iter()
                .map(|f| format!("<span class=\"flag\" title=\"{}\">{}</span>", esc(&f.message), f.what()))
                .collect();
            let _ = writeln!(
                s,
                "<tr{cls}><td>{}</td><td class=l>{}</td><td>{}-{}</td><td class=l>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=l>{}</td></tr>",
                r.throw,
                r.seat.name(),
                r.dice[0],
                r.dice[1],
                esc(&r.play),
                m(&r.top),
                r.top.points,
                r.top.holes,
                m(&r.bottom),
                r.bottom.points,
                r.bottom.holes,
                notes.join(" ")
            );
        }
        let _ = writeln!(s, "</table>\n<p><b>Result:</b> {}</p>\n</body></html>", esc(&self.result_line()));
        s
    }
}

/// The replay as text: throw by throw, the dice, the play, every jan, the marks of both
/// seats, the score after and the flags.
pub fn replay_text(rp: &Replay, dialect: Dialect) -> String {
    let mut s = String::new();
    for st in &rp.steps {
        let _ = writeln!(
            s,
            "{}. {} {}  {}",
            st.number,
            st.seat,
            st.dice,
            crate::fausse_case::recorded_text(&st.play, dialect)
        );
        for j in st.jans.iter() {
            let at = j.at.map(|p| format!(" at {}", p.letter(dialect))).unwrap_or_default();
            let _ = writeln!(s, "     {:<20} {:<6} x{} = {}{at}", j.code.name(), j.seat.name(), j.ways, j.points);
        }
        for seat in Seat::ALL {
            let i = seat.index();
            if st.marked[i] != 0 || st.expected[i] != 0 {
                let should = if st.marked[i] != st.expected[i] {
                    format!(" (should be {})", st.expected[i])
                } else {
                    String::new()
                };
                let _ = writeln!(s, "     {seat} marks {}{should}", st.marked[i]);
            }
        }
        if let Some(d) = st.decision {
            let _ = writeln!(s, "     {}", if d == Decision::Hold { "tient" } else { "va: the relève ends" });
        } else if st.releve {
            let _ = writeln!(s, "     sortie: the relève ends");
        }
        let sc = &st.score;
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
        for f in rp.flags.iter().filter(|f| f.throw == Some(st.number)) {
            let _ = writeln!(s, "     [{}] {}", f.what(), f.message);
        }
    }
    if let Some(n) = rp.stopped_at {
        for f in rp.flags.iter().filter(|f| f.throw == Some(n) && !rp.steps.iter().any(|st| st.number == n)) {
            let _ = writeln!(s, "{n}. [{}] {}", f.what(), f.message);
        }
    }
    for f in rp.flags.iter().filter(|f| f.throw.is_none()) {
        let _ = writeln!(s, "[{}] {}", f.kind.name(), f.message);
    }
    s
}
