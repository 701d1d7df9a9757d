//! The sheet as an HTML page: the fiche of the tour, to be read on screen and printed. One
//! self-contained file (no network, no external style, script or font): a title block, the
//! record's notes, the table of throws with every mark, hole and decision, each flag written
//! out beside its throw and listed at the end (linked both ways), a board at the start of
//! each relève and at each flagged throw, and for Trictrac à écrire the marqués and the
//! totals of the match. Every text that comes from the record is escaped.

use super::{Row, RowScore, SeatColumn, Sheet};
use crate::board::{Dialect, Seat};
use crate::output::MarqueBredouille;
use crate::replay::position_of;
use crate::replay::{Flag, FlagKind};
use crate::show::{board_picture, escape, trictrac_setup, Caption, Notes};
use std::fmt::Write;

/// Columns of the table of throws.
const COLUMNS: usize = 12;

const STYLE: &str = "body{font-family:Georgia,'Times New Roman',serif;color:#1b1b1b;background:#fff;margin:1.5em auto;max-width:64em;padding:0 1em;line-height:1.35}
h1{font-size:1.5em;margin:0 0 .2em}h2{font-size:1.15em;margin:1.4em 0 .4em;border-bottom:1px solid #999}
.kind{margin:0 0 .8em;font-style:italic}
dl.tags{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;margin:.5em 0}dl.tags dt{font-weight:bold}dl.tags dd{margin:0}
ul.rules{margin:0;padding-left:1.2em}.default{color:#666}
.comment{white-space:pre-line;font-style:italic;margin:.3em 0;padding-left:.8em;border-left:3px solid #c9b98f}
table{border-collapse:collapse;width:100%;font-size:.92em}
th,td{border:1px solid #999;padding:2px 5px;vertical-align:top}
th{background:#efe8d6}td.n{text-align:right;white-space:nowrap}td.play{font-family:'Courier New',monospace;white-space:nowrap}
td.jans{font-size:.88em}tr.releve-end td{border-bottom:3px double #333}
tr.flagged td{background:#fdf0ee}.wrong{color:#a00;font-weight:bold}a.flag{color:#a00}
tr.detail td{background:#fbfaf6}tr.board td{background:#fff;text-align:center}
.flag-text{margin:.3em 0}.flag-text b{color:#a00}
.diagram{display:flex;gap:1em;align-items:flex-start;flex-wrap:wrap}.diagram>div{flex:1;min-width:16em;text-align:left}
svg.board{max-width:100%;height:auto}
ol.flags li{margin:.35em 0}.legend{font-size:.88em;color:#333}
table.totals{width:auto}table.totals td,table.totals th{text-align:right}table.totals th.l,table.totals td.l{text-align:left}
@media print{body{margin:0;max-width:none;font-size:10pt}thead{display:table-header-group}tfoot{display:table-footer-group}tr{break-inside:avoid;page-break-inside:avoid}a{color:inherit;text-decoration:none}tr.flagged td,tr.detail td,th{background:none}.diagram{break-inside:avoid}h2{break-after:avoid}}
";

/// A flag kind in words, for a reader of the sheet.
fn kind_words(kind: FlagKind) -> &'static str {
    match kind {
        FlagKind::FausseCase => "Fausse case",
        FlagKind::Ecole => "École",
        FlagKind::FausseEcole => "Fausse école",
        FlagKind::Seat => "Wrong thrower",
        FlagKind::Holes => "Wrong hole count",
        FlagKind::Decision => "Tient or va",
        FlagKind::Result => "Result",
        FlagKind::Dice => "Impossible dice",
        FlagKind::NotReplayed => "Not replayed",
        FlagKind::Claim => "Wrong claim",
        FlagKind::Cube => "Cube",
    }
}

/// The heading of a flag: its kind, its rule for a fausse case, the seat concerned.
fn flag_heading(f: &Flag) -> String {
    let mut h = kind_words(f.kind).to_string();
    if let Some(r) = f.rule {
        let _ = write!(h, " ({r})");
    }
    if let Some(s) = f.seat {
        let _ = write!(h, ", {s}");
    }
    h
}

fn mark_cell(c: &SeatColumn) -> String {
    if c.marked != c.expected {
        format!("<span class=\"wrong\">{}≠{}</span>", c.marked, c.expected)
    } else if c.marked == 0 {
        String::new()
    } else {
        format!("+{}", c.marked)
    }
}

fn points_cell(c: &SeatColumn) -> String {
    if c.bredouille {
        format!("{} <abbr title=\"en bredouille\">b</abbr>", c.points)
    } else {
        c.points.to_string()
    }
}

/// The holes: those held before the throw and the ones it won (`6+1`), else the running
/// count; the holes before are the replay's score before the throw, so a marqué that ends
/// with the throw still shows what it ended at.
fn holes_cell(c: &SeatColumn, before: u16, pavillon: bool) -> String {
    let mut s = if c.holes_won > 0 { format!("{before}<b>+{}</b>", c.holes_won) } else { c.holes.to_string() };
    if pavillon {
        s.push_str(" <abbr title=\"pavillon\">⚑</abbr>");
    }
    s
}

fn jans_cell(jans: &[crate::output::Jan], letters: Dialect) -> String {
    jans.iter()
        .map(|j| {
            let mut s = format!("{} ({}) {}", j.code.name(), j.seat, j.points);
            if j.ways > 1 {
                let _ = write!(s, " ×{}", j.ways);
            }
            if let Some(p) = j.at {
                let _ = write!(s, " at {}", escape(&p.letter(letters).to_string()));
            }
            s
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

/// Every flag of a sheet numbered, in the order of the list at the end: those of the rows in
/// throw order, then the others.
struct Numbered<'a> {
    flags: Vec<&'a Flag>,
    numbers: std::collections::HashMap<*const Flag, usize>,
}

impl<'a> Numbered<'a> {
    fn of(sheet: &'a Sheet) -> Numbered<'a> {
        let mut flags: Vec<&Flag> = sheet.rows.iter().flat_map(|r| r.flags.iter()).collect();
        flags.extend(sheet.other_flags.iter());
        let numbers = flags.iter().enumerate().map(|(k, g)| (std::ptr::from_ref::<Flag>(g), k + 1)).collect();
        Numbered { flags, numbers }
    }

    fn number(&self, f: &Flag) -> usize {
        self.numbers.get(&std::ptr::from_ref(f)).copied().unwrap_or(0)
    }
}

impl Sheet {
    fn name_of(&self, seat: Seat) -> String {
        let n = match seat {
            Seat::Top => &self.top,
            Seat::Bottom => &self.bottom,
        };
        n.as_ref().map_or_else(|| seat.name().to_string(), |n| format!("{n} ({seat})"))
    }

    fn caption<'a>(&'a self, title: &'a str, throw: Option<u32>) -> Caption<'a> {
        Caption { title, throw, top: self.top.as_deref(), bottom: self.bottom.as_deref() }
    }

    /// The game in words, for the title block.
    fn game_words(&self) -> &str {
        let game = crate::notation::Game::from_name(&self.game).unwrap_or_default();
        crate::games::registry::row(game).title
    }

    /// The board before row `r`'s throw, as a diagram: Grand Trictrac's board with its
    /// score, or the board of the other games from the setup.
    fn diagram(&self, r: &Row, title: &str, throw: Option<u32>) -> String {
        let caption = self.caption(title, throw);
        if r.grand_trictrac().is_some() {
            let setup = trictrac_setup(&position_of(&r.board.before), &r.board.score_before);
            return board_picture(&setup, &Notes { caption, ..Notes::default() }, self.point_names());
        }
        let notes = Notes {
            caption,
            game: &self.game,
            points: r.board.before.score.points.is_some() || r.board.before.score.parties.is_some(),
            ..Notes::default()
        };
        board_picture(&r.board.before, &notes, self.point_names())
    }

    /// The sheet as an HTML page (see the module's documentation).
    pub fn html(&self) -> String {
        let numbered = Numbered::of(self);
        let (t, b) = (self.name_of(Seat::Top), self.name_of(Seat::Bottom));
        let title = format!("{t} against {b}");
        let mut s = String::new();
        let _ = write!(
            s,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
            escape(&format!("{title} — score sheet"))
        );
        self.html_fiche(&mut s, &title);
        self.html_table_head(&mut s, &t, &b);
        let mut releve = 0;
        for r in &self.rows {
            if r.board.releve_start {
                releve += 1;
                self.html_start(&mut s, r, releve);
            }
            self.html_row(&mut s, r, &numbered);
            self.html_detail(&mut s, r, &numbered);
            let last = std::ptr::eq(r, self.rows.last().unwrap_or(r));
            if let Some(what) = self.event_after(r, last) {
                self.html_after(&mut s, r, &what);
            }
        }
        let _ = writeln!(s, "</tbody>\n</table>");
        let _ = writeln!(s, "<p><b>Result:</b> {}</p>", escape(&self.result_line()));
        if !self.marques.is_empty() {
            self.html_marques(&mut s);
        }
        self.html_flags(&mut s, &numbered);
        let _ = writeln!(s, "</section>\n</body>\n</html>");
        s
    }

    /// The fiche: the title, the game, the tags, the rules in force, the match, the record's
    /// notes.
    fn html_fiche(&self, s: &mut String, title: &str) {
        let _ = writeln!(
            s,
            "<header>\n<h1>{}</h1>\n<p class=\"kind\">{}: score sheet</p>",
            escape(title),
            self.game_words()
        );
        let _ = writeln!(s, "<dl class=\"tags\">");
        for tag in &self.tags {
            if matches!(tag.name.as_str(), "Game" | "Rules") || tag.value.trim().is_empty() {
                continue;
            }
            let _ = writeln!(s, "<dt>{}</dt><dd>{}</dd>", escape(&tag.name), escape(&tag.value));
        }
        if !self.rules.is_empty() {
            let _ = writeln!(s, "<dt>Rules</dt><dd><ul class=\"rules\">");
            for r in &self.rules {
                let how = if r.given { "" } else { " <span class=\"default\">(default)</span>" };
                let _ = writeln!(s, "<li>{}{how}</li>", escape(&r.option));
            }
            let _ = writeln!(s, "<li class=\"default\">every other option: the game's default</li>");
            let _ = writeln!(s, "</ul></dd>");
        } else {
            let _ = writeln!(s, "<dt>Rules</dt><dd><span class=\"default\">the game's defaults</span></dd>");
        }
        if let Some(m) = &self.match_state {
            let _ = writeln!(s, "<dt>The match</dt><dd class=\"match\">{}</dd>", escape(&m.words()));
        }
        if let Some(n) = &self.marks_note {
            let _ = writeln!(s, "<dt>Note</dt><dd class=\"marks-note\">{}</dd>", escape(n));
        }
        let _ = writeln!(s, "</dl>\n</header>");
        if !self.comments.is_empty() {
            let _ = writeln!(s, "<section class=\"notes\">\n<h2>The record's notes</h2>");
            for c in &self.comments {
                let _ = writeln!(s, "<p class=\"comment\">{}</p>", escape(c));
            }
            let _ = writeln!(s, "</section>");
        }
    }

    /// The legend and the head of the table of throws.
    fn html_table_head(&self, s: &mut String, t: &str, b: &str) {
        if self.has_jans() {
            let _ = writeln!(
                s,
                "<h2>The throws</h2>\n<p class=\"legend\">Mark: the points marked with the throw; <span class=\"wrong\">a≠b</span>: marked a, should have marked b. Points: the running points (jetons), <b>b</b> en bredouille. Holes: the running holes, <b>+n</b> the holes won with the throw, ⚑ the pavillon. Each flag is written out under its throw and listed at the end.</p>"
            );
            let _ = writeln!(
                s,
                "<table class=\"fiche\">\n<thead>\n<tr><th rowspan=\"2\">Throw</th><th rowspan=\"2\">Seat</th><th rowspan=\"2\">Dice</th><th rowspan=\"2\">Play</th><th rowspan=\"2\">Jans</th><th colspan=\"3\">{}</th><th colspan=\"3\">{}</th><th rowspan=\"2\">Notes</th></tr>\n<tr><th>Mark</th><th>Points</th><th>Holes</th><th>Mark</th><th>Points</th><th>Holes</th></tr>\n</thead>\n<tbody>",
                escape(t),
                escape(b)
            );
            return;
        }
        let (legend, th) =
            if self.scores_points() { ("Points: what the throw scored. ", "<th>Points</th>") } else { ("", "") };
        let (score_legend, score_th) = if self.score_changes() {
            ("Score: the running score where the throw changes it: the men borne off (top/bottom), the cube and its owner, the points and parties. ", "<th class=\"score\">Score</th>")
        } else {
            ("", "")
        };
        let _ = writeln!(
            s,
            "<h2>The throws</h2>\n<p class=\"legend\">{legend}{score_legend}<span class=\"wrong\">✗</span>: an unlawful play. Each flag is written out under its throw and listed at the end; the board is drawn where a man is hit, at a cube action and at the end.</p>"
        );
        let _ = writeln!(
            s,
            "<table class=\"fiche\">\n<thead>\n<tr><th>Throw</th><th>Seat</th><th>Dice</th><th>Play</th>{th}{score_th}<th>Notes</th></tr>\n</thead>\n<tbody>"
        );
    }

    /// Columns of the table of throws.
    fn columns(&self) -> usize {
        if self.has_jans() {
            COLUMNS
        } else {
            5 + usize::from(self.scores_points()) + usize::from(self.score_changes())
        }
    }

    /// What happens at row `r` of the other games that the fiche draws the board after: a
    /// man hit (one more on the bar), a cube action, men put back, a partie; and the end.
    fn event_after(&self, r: &Row, last: bool) -> Option<String> {
        if last {
            return Some("The final position".to_string());
        }
        let RowScore::Tables(t) = &r.score else { return None };
        let (b, a) = (&r.board.before, &r.board.after);
        let hit = Seat::ALL.iter().any(|&s| a.bar[s] > b.bar[s]);
        if hit {
            Some(format!("After throw {}: a man hit", r.throw))
        } else if !t.note.is_empty() {
            Some(format!("After throw {}: {}", r.throw, t.note))
        } else {
            None
        }
    }

    /// The board after row `r`'s throw, titled `what`, on a row of its own.
    fn html_after(&self, s: &mut String, r: &Row, what: &str) {
        let cols = self.columns();
        let svg = match r.grand_trictrac() {
            Some(_) => {
                let setup = trictrac_setup(&position_of(&r.board.after), &r.board.score);
                board_picture(
                    &setup,
                    &Notes { caption: self.caption(what, None), ..Notes::default() },
                    self.point_names(),
                )
            }
            None => {
                let after = &r.board.after;
                let notes = Notes {
                    caption: self.caption(what, None),
                    game: &self.game,
                    points: after.score.points.is_some() || after.score.parties.is_some(),
                    ..Notes::default()
                };
                board_picture(after, &notes, self.point_names())
            }
        };
        let _ = writeln!(
            s,
            "<tr class=\"board after\" id=\"after-{}\"><td colspan=\"{cols}\"><div class=\"diagram\">{svg}<div><p><b>{}</b>.</p></div></div></td></tr>",
            r.throw,
            escape(what)
        );
    }

    /// The board where a relève (or the game) starts, before row `r`: drawn here, or with
    /// the row's flag when it has one.
    fn html_start(&self, s: &mut String, r: &Row, releve: usize) {
        let cols = self.columns();
        let what = if releve == 1 && self.tag("Position").is_some() {
            "The position the record starts from".to_string()
        } else if !self.has_jans() {
            "The game begins".to_string()
        } else {
            format!("Relève {releve} begins")
        };
        if !r.flags.is_empty() {
            // the flagged throw's board, drawn below, is this one
            let _ = writeln!(
                s,
                "<tr class=\"releve-start\" id=\"releve-{releve}\"><td colspan=\"{cols}\"><b>{}</b>, before throw {}; the board is drawn with its flag, below.</td></tr>",
                escape(&what),
                r.throw
            );
        } else {
            let caption_title = format!("{what}; {} to throw", r.board.before.turn);
            let svg = self.diagram(r, &caption_title, None);
            let _ = writeln!(
                s,
                "<tr class=\"board releve-start\" id=\"releve-{releve}\"><td colspan=\"{cols}\"><div class=\"diagram\">{svg}<div><p><b>{}</b>, before throw {}.</p></div></div></td></tr>",
                escape(&what),
                r.throw
            );
        }
    }

    /// What to note beside a row: the decision, the relève, the marqué, the game's note,
    /// each flag linked to the list.
    fn html_notes(&self, r: &Row, numbered: &Numbered) -> Vec<String> {
        let mut notes: Vec<String> = Vec::new();
        match &r.score {
            RowScore::GrandTrictrac(g) => {
                match g.decision {
                    Some(crate::notation::Decision::Hold) => notes.push("tient".into()),
                    Some(crate::notation::Decision::Go) => notes.push("va".into()),
                    Some(crate::notation::Decision::Prolong) => notes.push("prolonge".into()),
                    Some(crate::notation::Decision::Restart) => notes.push("recommence".into()),
                    None => {}
                }
                if g.releve {
                    notes.push("relève ends".into());
                }
            }
            RowScore::Tables(t) if !t.note.is_empty() => notes.push(escape(&t.note)),
            RowScore::Tables(_) => {}
        }
        for (k, m) in self.marques.iter().enumerate() {
            if m.throw == r.throw {
                notes.push(format!("marqué {} ends, {}–{}", k + 1, m.holes[0], m.holes[1]));
            }
        }
        for f in &r.flags {
            let k = numbered.number(f);
            notes.push(format!("<a class=\"flag\" href=\"#flag-{k}\">{} [{k}]</a>", f.what()));
        }
        notes
    }

    /// One row of the table of throws.
    fn html_row(&self, s: &mut String, r: &Row, numbered: &Numbered) {
        let mut classes = Vec::new();
        if !r.flags.is_empty() {
            classes.push("flagged");
        }
        if r.grand_trictrac().is_some_and(|g| g.releve) {
            classes.push("releve-end");
        }
        let cls = if classes.is_empty() { String::new() } else { format!(" class=\"{}\"", classes.join(" ")) };
        let notes = self.html_notes(r, numbered).join("; ");
        let n = r.throw;
        let (seat, dice, play) = (r.seat.name(), r.dice_text(), escape(&self.play_of(r)));
        let cells = match &r.score {
            RowScore::GrandTrictrac(g) => format!(
                "<td class=\"jans\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                jans_cell(&g.jans, self.letters),
                mark_cell(&g.top),
                points_cell(&g.top),
                holes_cell(&g.top, r.board.score_before.holes[0], g.pavillon == Some(Seat::Top)),
                mark_cell(&g.bottom),
                points_cell(&g.bottom),
                holes_cell(&g.bottom, r.board.score_before.holes[1], g.pavillon == Some(Seat::Bottom)),
            ),
            RowScore::Tables(t) => {
                // the score when it changes (the first row: when it is not the start's)
                let score = super::others::score_change(r, t).map(|w| escape(&w)).unwrap_or_default();
                let points = if self.scores_points() {
                    format!("<td>{}</td>", escape(&super::others::points_text(t.points)))
                } else {
                    String::new()
                };
                let score = if self.score_changes() { format!("<td class=\"score\">{score}</td>") } else { String::new() };
                format!("{points}{score}")
            }
        };
        // the other games mark an unlawful play in its cell (Grand Trictrac's flag says it)
        let play_cell = match &r.score {
            RowScore::Tables(_) if !r.lawful => format!("{play} <span class=\"wrong\">✗</span>"),
            _ => play,
        };
        let _ = writeln!(
            s,
            "<tr id=\"throw-{n}\"{cls}><td class=\"n\">{n}</td><td>{seat}</td><td class=\"n\">{dice}</td><td class=\"play\">{play_cell}</td>{cells}<td>{notes}</td></tr>"
        );
    }

    /// The comments and flags of a row, under it; a flagged row with the board before it.
    fn html_detail(&self, s: &mut String, r: &Row, numbered: &Numbered) {
        if r.comments.is_empty() && r.flags.is_empty() {
            return;
        }
        let cols = self.columns();
        let mut text = String::new();
        for c in &r.comments {
            let _ = writeln!(text, "<p class=\"comment\">{}</p>", escape(c));
        }
        for f in &r.flags {
            let k = numbered.number(f);
            let _ = writeln!(
                text,
                "<p class=\"flag-text\" id=\"at-flag-{k}\"><b>{}:</b> {} <a href=\"#flag-{k}\">[flag {k}]</a></p>",
                escape(&flag_heading(f)),
                escape(f.body())
            );
        }
        if r.flags.is_empty() {
            let _ = writeln!(s, "<tr class=\"detail\"><td colspan=\"{cols}\">{text}</td></tr>");
        } else {
            let caption_title = match r.dice {
                Some([a, b]) => format!("before the throw: {} throws {a}-{b}", r.seat),
                None => format!("before the throw: {} throws no dice", r.seat),
            };
            let svg = self.diagram(r, &caption_title, Some(r.throw));
            let _ = writeln!(
                s,
                "<tr class=\"detail board\"><td colspan=\"{cols}\"><div class=\"diagram\">{svg}<div>{text}</div></div></td></tr>"
            );
        }
    }

    /// The list of the flags, each linked to its throw and back.
    fn html_flags(&self, s: &mut String, numbered: &Numbered) {
        let _ = writeln!(s, "<section id=\"flags\">\n<h2>Flags</h2>");
        if numbered.flags.is_empty() {
            let _ = writeln!(s, "<p>None: every play is lawful and every count right.</p>");
            return;
        }
        let _ = writeln!(s, "<ol class=\"flags\">");
        for (k, f) in numbered.flags.iter().enumerate() {
            let k = k + 1;
            let at = match f.throw {
                Some(n) if self.rows.iter().any(|r| r.throw == n && r.flags.contains(f)) => {
                    format!("<a href=\"#throw-{n}\">Throw {n}</a> (<a href=\"#at-flag-{k}\">beside the throw</a>)")
                }
                Some(n) => format!("Throw {n}"),
                None => "The record".to_string(),
            };
            let _ = writeln!(
                s,
                "<li id=\"flag-{k}\">{at} — <b>{}:</b> {}</li>",
                escape(&flag_heading(f)),
                escape(f.body())
            );
        }
        let _ = writeln!(s, "</ol>");
    }

    /// Trictrac à écrire: the marqués and the totals of the match.
    fn html_marques(&self, s: &mut String) {
        let (t, b) = (escape(&self.name_of(Seat::Top)), escape(&self.name_of(Seat::Bottom)));
        let _ = writeln!(
            s,
            "<section class=\"marques\">\n<h2>The marqués</h2>\n<table class=\"totals\">\n<thead><tr><th>Marqué</th><th>Ended at throw</th><th>Holes {t}</th><th>Holes {b}</th><th class=\"l\">Won by</th><th class=\"l\">Bredouille</th><th>Consolation</th><th>Points</th></tr></thead>\n<tbody>"
        );
        for (k, m) in self.marques.iter().enumerate() {
            let who = m.winner.map_or_else(|| "refait".to_string(), |w| escape(&self.name_of(w)));
            let br = match m.bredouille {
                MarqueBredouille::None => "",
                MarqueBredouille::Petite => "petite",
                MarqueBredouille::Grande => "grande",
            };
            let _ = writeln!(
                s,
                "<tr><td>{}</td><td><a href=\"#throw-{n}\">{n}</a></td><td>{}</td><td>{}</td><td class=\"l\">{who}</td><td class=\"l\">{br}</td><td>{}</td><td>{}</td></tr>",
                k + 1,
                m.holes[0],
                m.holes[1],
                m.consolation,
                m.value,
                n = m.throw
            );
        }
        let _ = writeln!(s, "</tbody>\n</table>");
        if let Some(m) = &self.match_totals {
            let _ = writeln!(
                s,
                "<h2>The totals of the match</h2>\n<table class=\"totals\">\n<thead><tr><th class=\"l\"></th><th>{t}</th><th>{b}</th></tr></thead>\n<tbody>"
            );
            let rows: [(&str, [i64; 2]); 6] = [
                ("Total I: points of the marqués won", m.total_i),
                ("Marqués won", [m.marques_won[0] as i64, m.marques_won[1] as i64]),
                ("Payments for the marqués (4 each)", m.marque_payments),
                ("Queue des marqués", m.queue_des_marques),
                ("Queue des jetons", m.queue_des_jetons),
                ("Total", m.total),
            ];
            for (label, v) in rows {
                let _ = writeln!(s, "<tr><th class=\"l\">{label}</th><td>{}</td><td>{}</td></tr>", v[0], v[1]);
            }
            let _ = writeln!(s, "</tbody>\n</table>");
            let _ = match m.winner {
                Some(w) => writeln!(
                    s,
                    "<p><b>Match gain:</b> {}, {} (the difference rounded to tens).</p>",
                    escape(&self.name_of(w)),
                    m.gain
                ),
                None => writeln!(s, "<p><b>Match gain:</b> none, the totals are equal.</p>"),
            };
        }
        let _ = writeln!(s, "</section>");
    }
}
