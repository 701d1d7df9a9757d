//! The score sheet of a tour and the throw-by-throw replay, as one model with several
//! renderers (text, markdown, HTML, JSON). Renderers only read the replay.

use crate::board::Setup;
use crate::board::{Dialect, Seat};
use crate::notation::{Decision, Game, Header, Record};
use crate::output::{Jan, Score};
use crate::replay::{Flag, Outcome, Replay, Step};
use serde::Serialize;

mod grand_trictrac;
mod html;
pub mod match_page;
mod others;
pub mod replay;

pub use replay::{replay_document, replay_text, replay_text_with, ReplayDocument, ReplayRow};

/// One seat's part of a Grand Trictrac row.
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

/// One row of the sheet: one throw, whatever the game.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The throw number.
    pub throw: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll, higher first (`null`: no dice thrown, a double dropped, docs/games.md §D.9).
    pub dice: Option<[u8; 2]>,
    /// The play (canonical, Soumille letters; `-` for none).
    pub play: String,
    /// Whether the play was lawful.
    pub lawful: bool,
    /// The game's columns: the marks, holes and running score of Grand Trictrac, or the
    /// running score of the other games.
    #[serde(flatten)]
    pub score: RowScore,
    /// Flags raised at this throw.
    pub flags: Vec<Flag>,
    /// The record's comments on this throw, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The boards before and after the throw, for diagrams.
    #[serde(skip)]
    pub board: Boards,
}

/// The columns of a row that depend on the game.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RowScore {
    /// Grand Trictrac (docs/rules.md §4–§9).
    GrandTrictrac(GrandTrictracColumns),
    /// Jacquet, Moultezim, Backgammon, Tric Trac (docs/games.md).
    Tables(TablesColumns),
}

/// Grand Trictrac's columns: the jans, each seat's marks, points and holes, the decision.
#[derive(Clone, Debug, Serialize)]
pub struct GrandTrictracColumns {
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
}

/// The other games' columns: what the throw scored, the running score after it, the note.
#[derive(Clone, Debug, Serialize)]
pub struct TablesColumns {
    /// What each seat scored with the throw (Tric Trac, docs/games.md §E.6–§E.9), `[top, bottom]`.
    pub points: [u16; 2],
    /// The running score after the throw.
    pub running: Running,
    /// The throw's note in words: the cube action, the partie won, the men put back.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The position after the throw (field 1 of a position string, Soumille's letters).
    pub after: String,
}

/// The running score of the other games after a throw, as the position's score fields hold
/// it (docs/format.md §6, docs/games.md §H.7): the men borne off, the cube (backgammon), the points
/// and parties (Tric Trac).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Running {
    /// Men borne off, `[top, bottom]`.
    pub off: [u8; 2],
    /// The cube's value (backgammon, docs/games.md §D.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cube: Option<u32>,
    /// The cube's owner (`null`: centred).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Option<Seat>>,
    /// Each seat's points in the partie (Tric Trac, docs/games.md §E.11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u8; 2]>,
    /// Each seat's parties won (Tric Trac, docs/games.md §E.11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parties: Option<[u16; 2]>,
}

impl Running {
    /// The running score a setup's score fields hold.
    pub fn of(s: &Setup) -> Running {
        Running {
            off: [s.off[Seat::Top], s.off[Seat::Bottom]],
            cube: s.score.cube,
            owner: s.score.cube.map(|_| s.score.owner.flatten()),
            points: s.score.points.map(|p| p.0).or(s.score.parties.map(|_| [0, 0])),
            parties: s.score.parties.map(|p| p.0),
        }
    }

    /// In words: `off 3/0`, `cube 2 (top)`, `points 4/8, parties 1/0`.
    pub fn words(&self) -> String {
        let mut v = vec![format!("off {}/{}", self.off[0], self.off[1])];
        if let Some(c) = self.cube {
            let owner = self.owner.flatten().map_or("centred".to_string(), |o| o.name().to_string());
            v.push(format!("cube {c} ({owner})"));
        }
        if let Some(p) = self.points {
            v.push(format!("points {}/{}", p[0], p[1]));
        }
        if let Some(p) = self.parties {
            v.push(format!("parties {}/{}", p[0], p[1]));
        }
        v.join(", ")
    }
}

/// The positions and scores around one throw, as the replay has them.
#[derive(Clone, Debug)]
pub struct Boards {
    /// The position before the throw, with the game's score fields.
    pub before: Setup,
    /// Grand Trictrac's score before the throw (the default in the other games).
    pub score_before: Score,
    /// The position after the throw (after a relève: the new opening).
    pub after: Setup,
    /// Grand Trictrac's score after the throw.
    pub score: Score,
    /// A relève starts with this throw (the first throw, or the one after a relève ended);
    /// in the other games, the first throw.
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
    /// Grand Trictrac's columns, for a Grand Trictrac row.
    pub fn grand_trictrac(&self) -> Option<&GrandTrictracColumns> {
        match &self.score {
            RowScore::GrandTrictrac(g) => Some(g),
            RowScore::Tables(_) => None,
        }
    }

    /// What to note beside the row: the decision, the end of a relève, each flag.
    pub fn notes(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if let Some(g) = self.grand_trictrac() {
            match g.decision {
                Some(Decision::Hold) => v.push("tient"),
                Some(Decision::Go) => v.push("va"),
                Some(Decision::Prolong) => v.push("prolonge"),
                Some(Decision::Restart) => v.push("recommence"),
                None => {}
            }
            if g.releve {
                v.push("relève");
            }
        }
        v.extend(self.flags.iter().map(Flag::what));
        v
    }

    /// The dice as written on the sheet (`6-5`; `—` when none were thrown).
    pub fn dice_text(&self) -> String {
        self.dice.map_or_else(|| "—".to_string(), |[a, b]| format!("{a}-{b}"))
    }
}

/// The match a backgammon game belongs to, as its tags say (docs/games.md §I.1–§I.3): its
/// length, the score before the game, and whether it is the Crawford game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchState {
    /// Points to win the match (`Match`).
    pub length: u32,
    /// The score before this game (`Score`), `[top, bottom]`.
    pub score: [u32; 2],
    /// The Crawford game: the `Crawford` tag's word, else the first game in which one seat
    /// stands one point from the match (docs/games.md §I.3).
    pub crawford: bool,
}

impl MatchState {
    /// The match of a record with a `Match` tag of one point or more; money play has none.
    pub fn of(record: &Record) -> Option<MatchState> {
        let length = record.tag("Match")?.trim().parse::<u32>().ok().filter(|&n| n > 0)?;
        let score = record.tag("Score").and_then(crate::output::match_score);
        let score = score.unwrap_or([0, 0]);
        let away = score.map(|s| s.saturating_add(1) == length);
        let crawford = match record.tag("Crawford").map(str::trim) {
            Some("yes" | "oui" | "true") => true,
            Some(_) => false,
            None => away[0] != away[1],
        };
        Some(MatchState { length, score, crawford })
    }

    /// In words: `match to 7, score 2/4, Crawford game`.
    pub fn words(&self) -> String {
        let crawford = if self.crawford { ", Crawford game" } else { "" };
        format!(
            "match to {}, score before this game top {} bottom {}{crawford}",
            self.length, self.score[0], self.score[1]
        )
    }
}

/// The score sheet of a record, whatever its game.
#[derive(Clone, Debug, Serialize)]
pub struct Sheet {
    /// The game (`grand-trictrac`, `jacquet`, …).
    pub game: String,
    /// Top's name (the `Top` tag), if given.
    pub top: Option<String>,
    /// Bottom's name.
    pub bottom: Option<String>,
    /// One row per throw replayed.
    pub rows: Vec<Row>,
    /// The result of the tour, with its winnings, when it ended (Grand Trictrac).
    pub result: Option<Outcome>,
    /// How the game ended (the other games; what `check --format json` writes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<crate::report::EndReport>,
    /// The match the game belongs to (backgammon with a `Match` tag).
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub match_state: Option<MatchState>,
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
    pub match_totals: Option<crate::output::MatchTotals>,
    /// The record's tags, in canonical order (empty when made without the record).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<TitleTag>,
    /// The rule options the fiche lists (Grand Trictrac: those the `Rules` tag gives; the
    /// other games: those that differ from the game's defaults); the others are the game's
    /// defaults.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleInForce>,
    /// The record's comments before its throws (the head of the file, the tags').
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The one note of a record in which one seat alone writes marks and no `MarksKept`
    /// tag says so (docs/rules.md §9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks_note: Option<String>,
    /// A record of Trictrac à écrire.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub a_ecrire: bool,
    /// The record's letters: the text, markdown and HTML write the plays, the points hit and
    /// the boards in them (the JSON keeps each row's `play` in Soumille's letters).
    #[serde(skip)]
    pub letters: Dialect,
    /// The boards' points in numbers 1–24 from the side of the player on roll instead of
    /// letters (`sheet --points`, docs/games.md §I).
    #[serde(skip)]
    pub numbers: bool,
    /// A sheet of Grand Trictrac (or Trictrac à écrire): its rows have the jans, the marks
    /// and the holes.
    #[serde(skip)]
    pub grand_trictrac: bool,
    /// The other games' columns that some row fills (its Points, its Score), found once.
    #[serde(skip)]
    pub(crate) filled: std::cell::OnceCell<[bool; 2]>,
}

/// The game's columns of a step.
fn row_score(st: &Step, prev: Option<&Step>) -> RowScore {
    match st.grand_trictrac() {
        Some(g) => {
            let col = |seat: Seat| {
                let i = seat.index();
                SeatColumn {
                    marked: g.marked[i],
                    expected: g.expected[i],
                    holes_won: g.holes_won[i],
                    points: g.score.points[i],
                    holes: g.score.holes[i],
                    bredouille: g.score.bredouille[i],
                }
            };
            let _ = prev;
            RowScore::GrandTrictrac(GrandTrictracColumns {
                jans: g.jans.iter().copied().collect(),
                top: col(Seat::Top),
                bottom: col(Seat::Bottom),
                decision: g.decision,
                releve: g.releve,
                pavillon: g.score.pavillon,
            })
        }
        None => RowScore::Tables(TablesColumns {
            points: st.points,
            running: Running::of(&st.after),
            note: crate::replay::words::step_note(&st.detail),
            after: st.after.men_field(Dialect::Soumille),
        }),
    }
}

/// The row of step `st` (`prev`: the step before it), with the flags of its throw.
fn row_of(st: &Step, prev: Option<&Step>, flags: &[&Flag]) -> Row {
    let gt_score = |s: &Step| s.grand_trictrac().map_or_else(Score::default, |g| g.score);
    Row {
        throw: st.number,
        seat: st.seat,
        dice: st.dice.map(|d| [d.high(), d.low()]),
        play: st.play.to_string(),
        lawful: st.lawful,
        score: row_score(st, prev),
        flags: flags.iter().map(|&f| f.clone()).collect(),
        comments: Vec::new(),
        board: Boards {
            before: st.before.clone(),
            score_before: prev.map_or_else(Score::default, gt_score),
            after: st.after.clone(),
            score: gt_score(st),
            releve_start: prev.is_none_or(|p| p.releve()),
        },
    }
}

impl Sheet {
    /// The sheet of a replayed record.
    pub fn new(rp: &Replay, top: Option<String>, bottom: Option<String>) -> Sheet {
        let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
        let rows = rp
            .steps
            .iter()
            .enumerate()
            .map(|(k, s)| row_of(s, k.checked_sub(1).map(|j| &rp.steps[j]), by_throw.at(s.number)))
            .collect();
        let (marques, queue_jetons) =
            rp.grand_trictrac.as_ref().map_or((&[][..], false), |g| (&g.marques[..], g.queue_jetons));
        Sheet {
            game: rp.game.to_string(),
            top,
            bottom,
            rows,
            result: rp.outcome(),
            end: rp.end.as_ref().filter(|_| rp.grand_trictrac.is_none()).map(crate::report::EndReport::from),
            match_state: None,
            stopped_at: rp.stopped_at,
            other_flags: {
                let shown: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
                rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown.contains(&n))).cloned().collect()
            },
            marques: marques.to_vec(),
            match_totals: crate::output::match_totals(marques, queue_jetons),
            tags: Vec::new(),
            rules: Vec::new(),
            comments: Vec::new(),
            marks_note: rp.grand_trictrac.as_ref().and_then(|g| g.silent_seat).map(marks_note),
            a_ecrire: false,
            letters: Dialect::Soumille,
            numbers: false,
            grand_trictrac: rp.grand_trictrac.is_some(),
            filled: std::cell::OnceCell::new(),
        }
    }

    /// The sheet of a replayed record, with what the record says besides its throws: the
    /// names, the tags and rules for the title block, the comments of its head and of
    /// each throw, the score it starts from.
    pub fn of_record(rp: &Replay, record: &Record, header: &Header) -> Sheet {
        let mut sheet = Sheet::new(rp, record.tag("Top").map(String::from), record.tag("Bottom").map(String::from));
        sheet.game = header.game.to_string();
        sheet.tags =
            record.tags.iter().map(|t| TitleTag { name: t.name.to_string(), value: t.value.clone() }).collect();
        sheet.rules = rules_in_force(header, sheet.grand_trictrac);
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
        sheet.match_state = (header.game == Game::Backgammon).then(|| MatchState::of(record)).flatten();
        sheet.letters = header.letters;
        sheet
    }

    /// Whether this is a sheet of Grand Trictrac (or Trictrac à écrire): its rows have the
    /// jans, the marks and the holes.
    pub fn has_jans(&self) -> bool {
        self.grand_trictrac
    }

    /// How the boards name the points: [`crate::PointNames::Numbers`] with `numbers`, else
    /// the record's letters.
    pub fn point_names(&self) -> crate::PointNames {
        if self.numbers {
            crate::PointNames::Numbers
        } else {
            self.letters.into()
        }
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

    /// How the game ended, in words.
    pub fn result_line(&self) -> String {
        match (&self.result, &self.end, self.stopped_at) {
            (Some(o), _, _) => {
                let gb = match o.bredouille {
                    crate::output::Bredouille::None => String::new(),
                    crate::output::Bredouille::Grande => " en grande bredouille".into(),
                    crate::output::Bredouille::GrandeWithPavillon => " en grande bredouille, with the pavillon".into(),
                };
                format!("{} wins {}-{}{gb}: stakes {}", o.winner, o.winner_holes, o.loser_holes, o.stakes)
            }
            (None, Some(e), _) => end_words(e, self.name_line(e.winner)),
            (None, None, Some(n)) => format!("the replay stopped at throw {n}"),
            (None, None, None) => "unfinished".into(),
        }
    }

    /// `seat (name)`, or the seat alone: how the other games' lines name a player.
    fn name_line(&self, seat: Seat) -> String {
        let n = match seat {
            Seat::Top => &self.top,
            Seat::Bottom => &self.bottom,
        };
        n.as_ref().map_or_else(|| seat.name().to_string(), |n| format!("{seat} ({n})"))
    }

    /// The sheet as text: Grand Trictrac's table of marks, points and holes, or the other games'
    /// lines with their running score.
    pub fn text(&self) -> String {
        if self.has_jans() {
            self.text_grand_trictrac()
        } else {
            self.text_tables()
        }
    }

    /// The sheet as Markdown.
    pub fn markdown(&self) -> String {
        if self.has_jans() {
            self.markdown_grand_trictrac()
        } else {
            self.markdown_tables()
        }
    }
}

/// The note of a record whose `silent` seat never writes marks while the other does
/// (docs/rules.md §9).
fn marks_note(silent: Seat) -> String {
    let kept = silent.other();
    format!(
        "only {kept} writes marks: {silent}'s are scored from the computed marks, with no école against {silent} ([MarksKept \"{kept}\"] says so)"
    )
}

/// The rule options in force that the fiche lists: Grand Trictrac's options the `Rules`
/// tag gives; the other games' options that differ from the game's defaults (given when the
/// `Rules` tag names the key). The others are "the game's defaults" (docs/rules.md §13).
fn rules_in_force(header: &Header, grand_trictrac: bool) -> Vec<RuleInForce> {
    crate::output::rules_listed(header, grand_trictrac)
        .into_iter()
        .filter(|&(_, given)| given || !grand_trictrac)
        .map(|(option, given)| RuleInForce { option, given })
        .collect()
}

/// The end of one of the other games in words: `top (Name) wins 2 points (gammon)`.
pub fn end_words(e: &crate::report::EndReport, winner: String) -> String {
    // a resignation (backgammon, docs/games.md §I.5): `resigned, gammon, 4 points`
    if let Some(r) = e.kind.and_then(|k| crate::output::resigned_words(k, e.points)) {
        return format!("{winner} wins: {r}");
    }
    let kind = e.kind.map(|k| format!(" ({k})")).unwrap_or_default();
    let pts = if e.points == 1 { "point" } else { "points" };
    format!("{winner} wins {} {pts}{kind}", e.points)
}

/// How a replayed record ended, in words, naming the players as its `Top` and `Bottom` tags
/// do (the line under a sheet, a viewer's result).
pub fn end_line(rp: &Replay, record: &Record) -> String {
    // the sheet's head alone: no row is built
    let mut sheet =
        Sheet::new(&Replay::default(), record.tag("Top").map(String::from), record.tag("Bottom").map(String::from));
    sheet.result = rp.outcome();
    sheet.end = rp.end.as_ref().filter(|_| rp.grand_trictrac.is_none()).map(crate::report::EndReport::from);
    sheet.stopped_at = rp.stopped_at;
    sheet.result_line()
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

/// Escapes text for a Markdown table cell: `|` (the cell's end), `<` and `>` as HTML
/// entities so that no markup passes through, and `&` where it would start an entity.
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        match c {
            '|' => out.push_str("\\|"),
            // `&` only where it would start an entity (`&amp;`, `&#38;`): `&S` stays as it is
            '&' if entity_follows(&s[i + 1..]) => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether the text after a `&` would make it an HTML entity: a name or `#` number then `;`.
fn entity_follows(rest: &str) -> bool {
    let name = rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'#').count();
    name > 0 && rest.as_bytes().get(name) == Some(&b';')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escapes_cells_and_markup() {
        assert_eq!(md_escape("a|b <i>&</i>"), "a\\|b &lt;i&gt;&&lt;/i&gt;");
        // `&` is escaped only where it would start an entity (issue 24)
        assert_eq!(md_escape("&S &V"), "&S &V");
        assert_eq!(md_escape("&amp; &#38;"), "&amp;amp; &amp;#38;");
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
