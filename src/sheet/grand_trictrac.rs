//! Grand Trictrac's columns of the sheet as text and Markdown: each seat's marks, points and
//! holes (docs/rules.md §4–§9), the marqués of Trictrac à écrire and the totals of the match.

use super::{md_escape, terminal_text, GrandTrictracColumns, Row, SeatColumn, Sheet};
use std::fmt::Write;

impl Sheet {
    /// The Grand Trictrac rows with their columns.
    pub(crate) fn gt_rows(&self) -> impl Iterator<Item = (&Row, &GrandTrictracColumns)> {
        self.rows.iter().filter_map(|r| Some((r, r.grand_trictrac()?)))
    }

    /// The sheet as a text table; the columns are as wide as their longest text, so long
    /// names and plays keep the table aligned.
    pub(crate) fn text_grand_trictrac(&self) -> String {
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
        let mut s = self.text_head();
        let lead = format!("{:>5}  {:<6} {:<4} {} ", "throw", "seat", "dice", pad("play", play_w));
        let _ = writeln!(s, "{lead}| {} | {} |", center(&t, tw), center(&b, bw));
        let blank = " ".repeat(len(&lead));
        let _ = writeln!(s, "{blank}| {} | {} |", right(&labels, tw), right(&labels, bw));
        let rule = "-".repeat(len(&lead) + tw + bw + 10);
        let _ = writeln!(s, "{rule}");
        for (r, g) in self.gt_rows() {
            let note: String = r.notes().iter().map(|n| format!(" [{n}]")).collect();
            let _ = writeln!(
                s,
                "{:>5}  {:<6} {}-{}  {} | {} | {} |{note}",
                r.throw,
                r.seat.name(),
                r.dice.unwrap_or_default()[0],
                r.dice.unwrap_or_default()[1],
                pad(&play(r), play_w),
                right(&cell(&g.top), tw),
                right(&cell(&g.bottom), bw)
            );
            for c in &r.comments {
                let _ = writeln!(s, "        {{ {} }}", super::others::one_line(c));
            }
            for f in &r.flags {
                let _ = writeln!(s, "        [{}] {}", f.what(), f.body());
            }
        }
        let _ = writeln!(s, "{rule}");
        self.text_marques(&mut s);
        let _ = writeln!(s, "result: {}", self.result_line());
        for f in &self.other_flags {
            let _ = writeln!(s, "[{}] {}", f.kind.name(), f.message);
        }
        terminal_text(s)
    }

    /// The marqués of Trictrac à écrire and the match's totals, after the text table
    /// (docs/rules.md §12).
    fn text_marques(&self, s: &mut String) {
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
    }

    /// The sheet as a Markdown table; every text of the record is escaped (`|`, `<`, `>`,
    /// `&`), so a name cannot break the table or inject HTML.
    pub(crate) fn markdown_grand_trictrac(&self) -> String {
        let (t, b) = self.names();
        let (t, b) = (md_escape(&t), md_escape(&b));
        let mut s = self.markdown_head();
        let _ = write!(
            s,
            "| throw | seat | dice | play | {t} mark | {t} points | {t} holes | {b} mark | {b} points | {b} holes | notes |\n|---:|---|---|---|---:|---:|---:|---:|---:|---:|---|\n"
        );
        for (r, g) in self.gt_rows() {
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
                r.dice.unwrap_or_default()[0],
                r.dice.unwrap_or_default()[1],
                md_escape(&self.play_of(r)),
                m(&g.top),
                g.top.points,
                g.top.holes,
                m(&g.bottom),
                g.bottom.points,
                g.bottom.holes,
                md_escape(&notes.join(", "))
            );
        }
        // each flag written out under the table, then those of no row: the Result tag, the
        // replay's stop, the throws not read
        for (r, _) in self.gt_rows() {
            for f in &r.flags {
                let _ = writeln!(s, "\n* **{}. {}**: {}", r.throw, f.what(), md_escape(f.body()));
            }
        }
        for f in &self.other_flags {
            let _ = writeln!(s, "\n* **{}**: {}", f.what(), md_escape(&f.message));
        }
        let _ = writeln!(s, "\n**Result:** {}", md_escape(&self.result_line()));
        terminal_text(s)
    }
}
