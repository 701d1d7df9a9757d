//! The replay of any game as text and as one JSON document (`soumille replay`): throw by
//! throw, the dice, the play, what it scored, the running score after it, the game's notes
//! and the flags, from the replay's steps ([`crate::replay::Step`]) alone.

use super::others::points_text;
use super::{terminal_text, Row, RowScore, Sheet};
use crate::board::{Dialect, Seat};
use crate::notation::{Decision, Header};
use crate::replay::{Flag, Replay};
use serde::Serialize;
use std::fmt::Write;

/// The replay as text: throw by throw, the dice, the play, and what the game adds (Grand
/// Trictrac: every jan, the marks of both seats, the score after; the other games: what the
/// throw scored, its note, the position after), the flags, and the end.
pub fn replay_text(rp: &Replay, dialect: Dialect) -> String {
    replay_text_named(rp, dialect, [None, None])
}

/// [`replay_text`] naming the players (`[top, bottom]`, the record's `Top` and `Bottom`
/// tags) in the line that says how the game ended.
pub fn replay_text_named(rp: &Replay, dialect: Dialect, names: [Option<&str>; 2]) -> String {
    replay_text_with(rp, dialect, names, &[])
}

/// [`replay_text_named`], the plays of the throws in `plays` (throw, text) written as given
/// there: backgammon's plays in point numbers (`replay --points`).
pub fn replay_text_with(rp: &Replay, dialect: Dialect, names: [Option<&str>; 2], plays: &[(u32, String)]) -> String {
    if rp.grand_trictrac.is_some() {
        return replay_text_gt(rp, dialect);
    }
    let mut sheet = Sheet::new(rp, names[0].map(String::from), names[1].map(String::from));
    sheet.letters = dialect;
    for row in &mut sheet.rows {
        if let Some((_, p)) = plays.iter().find(|(n, _)| *n == row.throw && row.dice.is_some()) {
            row.play.clone_from(p);
        }
    }
    let mut s = String::new();
    for (r, t) in sheet.tables_rows() {
        let _ = writeln!(s, "{}. {} {}  {}", r.throw, r.seat, r.dice_text(), sheet.play_of(r));
        let pts = points_text(t.points);
        if !pts.is_empty() {
            let _ = writeln!(s, "     scores: {pts}");
        }
        if !t.note.is_empty() {
            let _ = writeln!(s, "     {}", t.note);
        }
        let _ = writeln!(s, "     after: {}", t.after);
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

/// The replay as text: throw by throw, the dice, the play, every jan, the marks of both
/// seats, the score after and the flags.
fn replay_text_gt(rp: &Replay, dialect: Dialect) -> String {
    let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
    let mut s = String::new();
    for (st, g) in rp.steps.iter().filter_map(|s| Some((s, s.grand_trictrac()?))) {
        let _ = writeln!(
            s,
            "{}. {} {}  {}",
            st.number,
            st.seat,
            st.dice.map_or_else(|| "-".to_string(), |d| d.to_string()),
            st.play.in_letters(dialect)
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

/// One row of `soumille replay --format json`: the sheet's row (throw, seat, dice, play,
/// lawful, the game's columns with the score after, flags, comments), the notes of the
/// throw in words, and the positions before and after it.
#[derive(Serialize)]
pub struct ReplayRow<'a> {
    /// The row of the score sheet.
    #[serde(flatten)]
    pub row: &'a Row,
    /// The legal play the recorded one was found to be, canonical (Soumille's letters),
    /// when lawful and named by the rules.
    pub applied: Option<String>,
    /// What the throw did besides its play, in words: `tient`, `va`, `relève` (Grand
    /// Trictrac), the cube action, the partie won (the other games).
    pub notes: Vec<String>,
    /// The position string (docs/format.md §6) before the throw, every score field given.
    pub position_before: String,
    /// The position string after the throw.
    pub position_after: String,
}

/// `soumille replay --format json`: one document, the same for every game.
#[derive(Serialize)]
pub struct ReplayDocument<'a> {
    /// The game (`grand-trictrac`, `jacquet`, …).
    pub game: String,
    /// One row per throw replayed.
    pub rows: Vec<ReplayRow<'a>>,
    /// Every flag, in throw order.
    pub flags: &'a [Flag],
    /// The result of the tour, with its winnings, when it ended (Grand Trictrac).
    pub result: Option<crate::replay::Outcome>,
    /// How the game ended (the other games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<crate::report::EndReport>,
    /// The throw at which the replay stopped, if it did.
    pub stopped_at: Option<u32>,
    /// The score at the end as the record's claims leave it (Grand Trictrac, docs/rules.md §9).
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_score: Option<crate::report::FinalScore>,
}

/// A step's position as the JSON writes it: with its game and rules (docs/games.md §H.7), in
/// Soumille's letters.
fn position_text(setup: &crate::board::Setup, header: &Header) -> String {
    let mut s = setup.clone();
    crate::explain::stamp_position(&mut s, header);
    s.to_string()
}

/// The notes of a row in words.
fn row_notes(row: &Row) -> Vec<String> {
    match &row.score {
        RowScore::GrandTrictrac(g) => {
            let mut v: Vec<String> = Vec::new();
            match g.decision {
                Some(Decision::Hold) => v.push("tient".into()),
                Some(Decision::Go) => v.push("va".into()),
                _ => {}
            }
            if g.releve {
                v.push("relève".into());
            }
            v
        }
        RowScore::Tables(t) => (!t.note.is_empty()).then(|| t.note.clone()).into_iter().collect(),
    }
}

/// The document of `soumille replay --format json` for the rows of `sheet` (made from
/// `rp`): each row with its notes and positions, every flag, the end.
pub fn replay_document<'a>(rp: &'a Replay, sheet: &'a Sheet, header: &Header) -> ReplayDocument<'a> {
    let rows = sheet
        .rows
        .iter()
        .zip(&rp.steps)
        .map(|(row, step)| ReplayRow {
            row,
            applied: step.applied.as_ref().map(|p| p.to_string()),
            notes: row_notes(row),
            position_before: position_text(&step.before, header),
            position_after: position_text(&step.after, header),
        })
        .collect();
    ReplayDocument {
        game: header.game.to_string(),
        rows,
        flags: &rp.flags,
        result: rp.outcome(),
        end: sheet.end,
        stopped_at: rp.stopped_at,
        final_score: rp.grand_trictrac.as_ref().map(|g| crate::report::FinalScore::from(&g.score)),
    }
}
