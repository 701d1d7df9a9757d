//! What a historian sees: the positions a record passes through, as position strings
//! (docs/format.md §6) that `explain` reads back, the replay as one JSON document, and a
//! self-contained HTML page that steps through a game throw by throw, or through every game
//! of a file (a backgammon match, docs/games.md §I.9).
//!
//! Everything here only reads a [`Replay`]; nothing replays twice.
//!
//! ```
//! let text = "[Game \"grand-trictrac\"]\n[First \"top\"]\n\n1. 6-5 AG AF\n2. 4-3 &V &X\n";
//! let recs = soumille::notation::read(text);
//! let r = &recs[0];
//! let rp = soumille::replay(&r.record, &r.header, Some(text));
//! let frames = soumille::frames(&rp, &r.header);
//! assert_eq!(frames.len(), 3); // the start, then after each throw
//! assert_eq!(frames[0].position_string(), "A15/&15 top holes=0/0 points=0/0 throws=0/0 bredouille=none pavillon=none");
//! assert_eq!(frames[1].position_string(), "A13FG/&15 bottom holes=0/0 points=0/0 throws=1/0 bredouille=none pavillon=none");
//! ```

use crate::board::{Dialect, Point, Seat, Setup};
use crate::notation::{Header, Record};
use crate::output::Score;
use crate::position::Position;
use crate::replay::{Flag, Replay};
use serde::Serialize;

/// A position with its score and the throws of the relève: what a position string carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The men and the seat to throw.
    pub position: Position,
    /// Points, holes, bredouille, pavillon.
    pub score: Score,
    /// Throws each seat has made in the current relève (`throws=T/B`).
    pub throws: [u16; 2],
}

impl Frame {
    /// The setup of this frame, every score field given.
    pub fn setup(&self) -> Setup {
        let mut s = self.position.to_setup();
        let by = |a: [u16; 2]| crate::BySeat::new(a[0], a[1]);
        s.score.holes = Some(by(self.score.holes));
        // points are kept below twelve; a record's odd claims can leave odd points, which the
        // reader refuses: they are printed as they are
        s.score.points =
            Some(crate::BySeat::new(self.score.points[0].min(255) as u8, self.score.points[1].min(255) as u8));
        s.score.throws = Some(by(self.throws));
        s.score.bredouille = Some(bredouille_seat(&self.score));
        s.score.pavillon = Some(self.score.pavillon);
        s
    }

    /// The position string (docs/format.md §6) with every score field, in Soumille letters:
    /// what `soumille explain` reads.
    pub fn position_string(&self) -> String {
        self.setup().to_string()
    }

    /// The position string of this frame of a record: with its game and rules (docs/games.md
    /// §H.7), in the record's letters, as `show --format position` writes it.
    pub fn position_string_of(&self, header: &Header) -> String {
        stamped(&self.setup(), header)
    }
}

/// The position string of a setup of a record: with the record's game and rules (docs/games.md
/// §H.7), in its letters.
fn stamped(setup: &Setup, header: &Header) -> String {
    let mut s = setup.clone();
    crate::explain::stamp_position(&mut s, header);
    s.to_string_in(header.letters)
}

/// The seat en bredouille, if one is.
fn bredouille_seat(s: &Score) -> Option<Seat> {
    Seat::ALL.into_iter().find(|seat| s.bredouille[seat.index()])
}

/// The position a record starts from (before its first throw), as the replay gives it: the
/// setup before its first step, else the position where it stopped; a replay that gave
/// neither (its `Rules` tag refused) gives the record's `Position` tag or the opening.
pub fn start_position(_rec: &Record, header: &Header, rp: &Replay) -> Position {
    match rp.steps.first().map(|s| &s.before).or(rp.last.as_ref()).or(header.position.as_ref()) {
        Some(s) => crate::replay::position_of(s),
        None => Position::opening(header.first.unwrap_or(Seat::Top)),
    }
}

/// The frames of a replay: `[0]` the start, `[k]` after the k-th step replayed, each with
/// the score and the throws of the relève the replay's setups carry.
pub fn frames(rp: &Replay, header: &Header) -> Vec<Frame> {
    let frame = |s: &Setup, score: Option<&Score>| Frame {
        position: crate::replay::position_of(s),
        score: score.copied().unwrap_or_else(|| crate::show::setup_score(s)),
        throws: s.score.throws.map_or([0, 0], |t| [t[Seat::Top], t[Seat::Bottom]]),
    };
    let mut out = Vec::with_capacity(rp.steps.len() + 1);
    let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref()).or(header.position.as_ref());
    out.push(match start {
        Some(s) => frame(s, None),
        None => {
            let position = Position::opening(header.first.unwrap_or(Seat::Top));
            Frame { position, score: crate::replay::start_score(header), throws: [0, 0] }
        }
    });
    for (s, g) in rp.steps.iter().filter_map(|s| Some((s, s.grand_trictrac()?))) {
        out.push(frame(&s.after, Some(&g.score)));
    }
    out
}

/// The frame after throw `at` (`0`: the start), if the replay reached it.
pub fn frame_at(rp: &Replay, header: &Header, at: u32) -> Option<Frame> {
    let fr = frames(rp, header);
    if at == 0 {
        return (!rp.steps.is_empty() || rp.last.is_some()).then(|| fr[0]);
    }
    let k = rp.steps.iter().position(|s| s.number == at)?;
    Some(fr[k + 1])
}

/// The men of a setup for the page (docs/games.md §0): per letter (index 0 = A), on the bar,
/// borne off, and the seat to throw.
#[derive(Serialize)]
struct Men {
    top: [u8; 24],
    bottom: [u8; 24],
    bar: [u8; 2],
    off: [u8; 2],
    turn: Seat,
}

impl Men {
    fn of(s: &Setup) -> Men {
        let by = |a: crate::BySeat<u8>| [a[Seat::Top], a[Seat::Bottom]];
        Men { top: s.men[Seat::Top], bottom: s.men[Seat::Bottom], bar: by(s.bar), off: by(s.off), turn: s.turn }
    }
}

/// The doubling cube of a setup (docs/games.md §D.7).
#[derive(Serialize)]
struct CubeView {
    value: u32,
    owner: Option<Seat>,
}

/// The running score of a frame, as the replay's setup (and Grand Trictrac's books) give
/// it: points, holes, bredouille and pavillon (Grand Trictrac), points and parties (Tric
/// Trac), the cube (backgammon); 0 and none where the game has none.
#[derive(Serialize)]
struct ScoreView {
    points: [u16; 2],
    holes: [u16; 2],
    parties: [u16; 2],
    bredouille: Option<Seat>,
    pavillon: Option<Seat>,
    cube: Option<CubeView>,
}

impl ScoreView {
    fn of(s: &Setup, books: Option<&Score>) -> ScoreView {
        let score = books.copied().unwrap_or_else(|| crate::show::setup_score(s));
        ScoreView {
            points: score.points,
            holes: score.holes,
            parties: s.score.parties.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]),
            bredouille: bredouille_seat(&score),
            pavillon: score.pavillon,
            cube: s.score.cube.map(|value| CubeView { value, owner: s.score.owner.flatten() }),
        }
    }
}

#[derive(Serialize)]
struct FlagView {
    throw: Option<u32>,
    what: &'static str,
    seat: Option<Seat>,
    message: String,
}

impl FlagView {
    fn of(f: &Flag) -> FlagView {
        FlagView { throw: f.throw, what: f.what(), seat: f.seat, message: f.body().to_string() }
    }
}

#[derive(Serialize)]
struct JanView {
    code: &'static str,
    seat: Seat,
    ways: u8,
    points: u16,
    at: Option<String>,
}

/// Grand Trictrac's part of a frame: the relève, the tient/va, the jans, the marks.
#[derive(Serialize, Default)]
struct TrictracView {
    releve: bool,
    decision: Option<&'static str>,
    jans: Vec<JanView>,
    marked: [u16; 2],
    expected: [u16; 2],
}

impl TrictracView {
    fn of(g: &crate::replay::GrandTrictracStep, d: Dialect) -> TrictracView {
        TrictracView {
            releve: g.releve,
            decision: g.decision.map(|x| match x {
                crate::notation::Decision::Hold => "tient",
                crate::notation::Decision::Go => "va",
                crate::notation::Decision::Prolong => "prolonge",
                crate::notation::Decision::Restart => "recommence",
            }),
            jans: g
                .jans
                .iter()
                .map(|j| JanView {
                    code: j.code.name(),
                    seat: j.seat,
                    ways: j.ways,
                    points: j.points,
                    at: j.at.map(|p| p.letter(d).to_string()),
                })
                .collect(),
            marked: g.marked,
            expected: g.expected,
        }
    }
}

/// One frame of the page: the start (no throw) or the board after a throw.
#[derive(Serialize)]
struct FrameView {
    /// The throw number; 0 for the start.
    throw: u32,
    seat: Option<Seat>,
    /// `None`: no dice (the start, or a double dropped).
    dice: Option<[u8; 2]>,
    play: String,
    lawful: bool,
    /// What each seat scored with the throw (Grand Trictrac's marks, Tric Trac's points).
    scored: [u16; 2],
    /// The replay's note: the cube action, the partie won, …
    note: String,
    /// The record's comments on the throw.
    comments: Vec<String>,
    men: Men,
    /// The points whose men the throw moved (Soumille letters).
    moved: Vec<String>,
    score: ScoreView,
    /// Grand Trictrac's jans, marks and decisions.
    trictrac: TrictracView,
    position: String,
    flags: Vec<FlagView>,
}

impl FrameView {
    /// The frame of `setup` with nothing thrown.
    fn start(setup: &Setup, header: &Header) -> FrameView {
        FrameView {
            throw: 0,
            seat: None,
            dice: None,
            play: String::new(),
            lawful: true,
            scored: [0, 0],
            note: String::new(),
            comments: Vec::new(),
            men: Men::of(setup),
            moved: Vec::new(),
            score: ScoreView::of(setup, None),
            trictrac: TrictracView::default(),
            position: stamped(setup, header),
            flags: Vec::new(),
        }
    }

    /// The frame after step `st`, with its flags and the record's comments on it.
    fn after(st: &crate::replay::Step, header: &Header, flags: &[&Flag], comments: Vec<String>) -> FrameView {
        let d = header.letters;
        let g = st.grand_trictrac();
        FrameView {
            throw: st.number,
            seat: Some(st.seat),
            dice: st.dice.map(|x| [x.high(), x.low()]),
            play: st.play.in_letters(d).to_string(),
            lawful: st.lawful,
            scored: st.points,
            note: crate::replay::words::step_note(&st.detail),
            comments,
            men: Men::of(&st.after),
            moved: crate::show::moved_points(&st.before, &st.after)
                .into_iter()
                .map(|p| p.letter(Dialect::Soumille).to_string())
                .collect(),
            score: ScoreView::of(&st.after, g.map(|g| &g.score)),
            trictrac: g.map_or_else(TrictracView::default, |g| TrictracView::of(g, d)),
            position: stamped(&st.after, header),
            flags: flags.iter().map(|f| FlagView::of(f)).collect(),
        }
    }
}

/// What the page shows above the board: the title, the game, the players, the letters, and
/// whether the record was replayed.
#[derive(Serialize)]
struct PageHead {
    title: String,
    game: String,
    top: String,
    bottom: String,
    /// The 24 letters in the record's alphabet, index 0 = Soumille's A.
    letters: Vec<String>,
    /// The 24 Soumille letters (the `data-point` attributes).
    soumille: Vec<String>,
    /// The board's points in numbers 1–24 counted from the side of the player on roll at
    /// each frame, as GNU Backgammon and FIBS draw them (`view --points`, docs/games.md §I),
    /// rather than in `letters`.
    numbers: bool,
    replayed: bool,
}

impl PageHead {
    /// The head of `rec`'s page (`fallback`: the title when the record names no player).
    fn of(rec: &Record, header: &Header, fallback: &str, replayed: bool) -> PageHead {
        let (title, top, bottom) = page_title(rec, fallback);
        PageHead {
            title,
            game: header.game.name().to_string(),
            top,
            bottom,
            letters: Point::all().map(|p| p.letter(header.letters).to_string()).collect(),
            soumille: Point::all().map(|p| p.letter(Dialect::Soumille).to_string()).collect(),
            numbers: false,
            replayed,
        }
    }
}

/// The parts of the page a game shows, from what its setups hold: Grand Trictrac's holes
/// (and jans, marks, bredouille, pavillon), Tric Trac's points and parties, the cube, the
/// bar, a match.
#[derive(Serialize)]
struct Shows {
    holes: bool,
    points: bool,
    parties: bool,
    cube: bool,
    bar: bool,
    scored: bool,
}

impl Shows {
    fn of(rp: &Replay, start: Option<&Setup>) -> Shows {
        let setups = || rp.steps.iter().flat_map(|s| [&s.before, &s.after]).chain(&rp.last).chain(start);
        let any = |f: &dyn Fn(&Setup) -> bool| setups().any(f);
        let holes = any(&|s| s.score.holes.is_some());
        Shows {
            holes,
            points: any(&|s| s.score.points.is_some()),
            parties: any(&|s| s.score.parties.is_some()),
            cube: any(&|s| s.score.cube.is_some()),
            bar: any(&|s| s.score.cube.is_some() || s.bar[Seat::Top] > 0 || s.bar[Seat::Bottom] > 0),
            scored: !holes && rp.steps.iter().any(|s| s.points != [0, 0]),
        }
    }
}

/// The record as a whole, for the page's fiche: its tags, the rule options in force (those
/// that depart from the game's defaults), the comments of its head, the match it belongs to.
#[derive(Serialize)]
struct Fiche {
    tags: Vec<(String, String)>,
    rules: Vec<String>,
    comments: Vec<String>,
    /// The match (backgammon's `Match`, `Score` and `Crawford` tags), in words; empty when
    /// the record says none.
    match_line: String,
}

impl Fiche {
    fn of(rec: &Record, header: &Header) -> Fiche {
        let mut match_line = Vec::new();
        if let Some(m) = rec.tag("Match") {
            match_line.push(format!("match to {m}"));
        }
        if let Some(s) = rec.tag("Score") {
            match_line.push(format!("score before this game: {s}"));
        }
        if let Some(c) = rec.tag("Crawford") {
            match_line.push(format!("Crawford: {c}"));
        }
        Fiche {
            tags: rec.tags.iter().map(|t| (t.name.to_string(), t.value.clone())).collect(),
            rules: crate::output::rules_departing(header).into_iter().map(|(k, v)| format!("{k}={v}")).collect(),
            comments: rec
                .comments
                .iter()
                .chain(rec.tags.iter().flat_map(|t| t.comments.iter()))
                .map(|c| c.text.trim().to_string())
                .collect(),
            match_line: match_line.join("; "),
        }
    }
}

/// The page's data.
#[derive(Serialize)]
struct PageData {
    #[serde(flatten)]
    head: PageHead,
    fiche: Fiche,
    shows: Shows,
    /// How the game ended, in words.
    result: String,
    frames: Vec<FrameView>,
    /// Flags of the record as a whole (no throw), and the replay's stop.
    record_flags: Vec<FlagView>,
    flags: Vec<FlagView>,
}

/// How the game ended, in words, from the replay's end.
fn result_line(rp: &Replay, names: &PageHead) -> String {
    let name = |s: Seat| {
        let n = if s == Seat::Top { &names.top } else { &names.bottom };
        if n.is_empty() {
            s.name().to_string()
        } else {
            format!("{s} ({n})")
        }
    };
    match (rp.end, rp.stopped_at) {
        (Some(e), _) => match e.how {
            crate::replay::How::Tour { winner_holes, loser_holes, .. } => {
                format!("{} wins {winner_holes}-{loser_holes}: stakes {}", name(e.winner), e.value)
            }
            // a resignation (backgammon, docs/games.md §I.5): `resigned, gammon, 4 points`
            _ if e.kind().and_then(|k| crate::output::resigned_words(k, e.points())).is_some() => {
                let r = e.kind().and_then(|k| crate::output::resigned_words(k, e.points()));
                format!("{} wins: {}", name(e.winner), r.unwrap_or_default())
            }
            _ => {
                let kind = e.kind().map(|k| format!(" ({k})")).unwrap_or_default();
                let pts = if e.points() == 1 { "point" } else { "points" };
                format!("{} wins {} {pts}{kind}", name(e.winner), e.points())
            }
        },
        (None, Some(n)) => format!("the replay stopped at throw {n}"),
        (None, None) => "unfinished".into(),
    }
}

/// The page of a record, in the order it is written: the head, the panel, the data `json`,
/// the script.
fn page(title: &str, json: &str) -> String {
    let panel = [PANEL_TOP, PANEL_BODY, PANEL_FLAGS, PANEL_END];
    let script = [SCRIPT_OPEN, SCRIPT_PRELUDE, SCRIPT_BOARD, SCRIPT_SHOW, SCRIPT_STEPS];
    let parts = panel.iter().chain(&script).map(|p| p.len()).sum::<usize>();
    let mut s = String::with_capacity(json.len() + PAGE_HEAD.len() + PAGE_BODY_TOP.len() + parts + 256);
    s.push_str(&PAGE_HEAD.replace("{{TITLE}}", &crate::show::escape(title)));
    s.push_str(PAGE_BODY_TOP);
    panel.iter().for_each(|p| s.push_str(p));
    s.push_str("<script type=\"application/json\" id=\"game-data\">");
    s.push_str(json);
    s.push_str("</script>\n<script>\n");
    script.iter().for_each(|p| s.push_str(p));
    s.push_str("  document.body.setAttribute(\"data-ready\", \"1\");\n})();\n</script>\n</body>\n</html>\n");
    s
}

/// The page's title (the players, else `fallback`, then the Event and Date tags), and the
/// players' names (empty when not given).
fn page_title(rec: &Record, fallback: &str) -> (String, String, String) {
    let tag = |n: &str| rec.tag(n).unwrap_or("").to_string();
    let (top, bottom) = (tag("Top"), tag("Bottom"));
    let mut title = match (top.is_empty(), bottom.is_empty()) {
        (false, false) => format!("{top} – {bottom}"),
        _ => fallback.to_string(),
    };
    for t in ["Event", "Date"] {
        if let Some(v) = rec.tag(t) {
            title.push_str(&format!(", {v}"));
        }
    }
    (title, top, bottom)
}

/// The page's data as JSON to stand inside `<script>`: no `<`, `>` or `&` in the text, and
/// no control character or noncharacter that XML 1.0 or HTML refuses (JSON allows their
/// `\u` escapes, which give the same data).
fn script_json<T: Serialize>(data: &T) -> String {
    let json = serde_json::to_string(data).expect("page data serializes");
    let mut out = String::with_capacity(json.len());
    use std::fmt::Write;
    for c in json.chars() {
        match c {
            c if matches!(c, '<' | '>' | '&') || c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}') => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The frames of the page: the start, then the board after each step of the replay with its
/// flags and the record's comments on the throw.
fn frame_views(rec: &Record, header: &Header, rp: &Replay, start: Option<&Setup>) -> Vec<FrameView> {
    let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
    let throws = crate::replay::throws_by_number(rec);
    let mut frames = Vec::with_capacity(rp.steps.len() + 1);
    frames.push(start.map_or_else(|| FrameView::start(&empty_setup(), header), |s| FrameView::start(s, header)));
    for st in &rp.steps {
        let comments = throws
            .get(&st.number)
            .map(|t| t.comments.iter().map(|c| c.text.trim().to_string()).collect())
            .unwrap_or_default();
        frames.push(FrameView::after(st, header, by_throw.at(st.number), comments));
    }
    frames
}

/// The step-through viewer of every game: one self-contained HTML page (inline CSS and JS,
/// the game as JSON, no network) drawn from the replay's steps alone
/// ([`crate::replay::Step`]). Above, the fiche: the record's tags, the rule options in force,
/// its comments, the match it belongs to. Then the board after each throw (the men just
/// moved outlined; the men on the bar and borne off; the cube) beside the throw's dice,
/// play, note, the record's comments on it, its flags, the running score (Grand Trictrac's
/// points, holes, marks, jans, bredouille and pavillon; Tric Trac's points and parties; the
/// cube), the position string and the result; below, every throw as a link (the flagged
/// ones marked, with their flags) and every flag as a link to its throw.
///
/// Prev/Next/First/Last buttons, the arrow keys, Home and End, and the links step through
/// it; the URL follows the step (`#throw-N`, `#start`). The page opens at the step its URL
/// names: `#throw-N` or `?at=N` (throw N, 0 = the start), `#step=K` (frame K), `#throw=N`;
/// for tests, `keys=right,left,home,end` and `clicks=next,prev,first,last,throw-N,flag-K`
/// (dispatched as events after loading), joined by `&`. Ids: `#throw-number`, `#step-index`,
/// `#main[data-step][data-url]`, each point `g[data-point][data-top][data-bottom]` (class
/// `moved` when the throw moved its men; its name, letter or number, in `text.point-name`), `#bar-top`/`#off-top`… with `data-count`,
/// `#cube[data-value][data-owner]`; the body carries `data-ready="1"` once the script has
/// run (`data-script-error` if a script failed).
///
/// Knows no game's rules: only what the replay gives. A record the replay could not start
/// (its `Rules` tag or its position refused) shows an empty board and its flags.
pub fn view_html(rec: &Record, header: &Header, rp: &Replay) -> String {
    view_html_with_plays(rec, header, rp, &[])
}

/// [`view_html`], the plays of the throws in `plays` (throw, text) written as given there:
/// backgammon's plays in point numbers (`view --points`).
pub fn view_html_with_plays(rec: &Record, header: &Header, rp: &Replay, plays: &[(u32, String)]) -> String {
    let data = page_data(rec, header, rp, plays);
    page(&data.head.title, &script_json(&data))
}

/// [`view_html_with_plays`], the board's points in numbers 1–24 counted from the side of the
/// player on roll at each step, as GNU Backgammon and FIBS draw them: they turn with the
/// player on roll as the page steps (`view --points`, docs/games.md §I). `rp`'s flags are
/// shown as they are (in numbers: [`crate::replay::words::in_points`]).
pub fn view_html_in_points(rec: &Record, header: &Header, rp: &Replay, plays: &[(u32, String)]) -> String {
    let mut data = page_data(rec, header, rp, plays);
    data.head.numbers = true;
    page(&data.head.title, &script_json(&data))
}

/// The data of `rec`'s page: its head, fiche, frames and flags.
fn page_data(rec: &Record, header: &Header, rp: &Replay, plays: &[(u32, String)]) -> PageData {
    let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref());
    let numbers: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
    let record_flags =
        rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !numbers.contains(&n))).map(FlagView::of).collect();
    let head = PageHead::of(rec, header, header.game.name(), !rp.steps.is_empty());
    PageData {
        result: result_line(rp, &head),
        head,
        fiche: Fiche::of(rec, header),
        shows: Shows::of(rp, start),
        frames: with_plays(frame_views(rec, header, rp, start), plays),
        record_flags,
        flags: rp.flags.iter().map(FlagView::of).collect(),
    }
}

/// One game of a file shown whole by [`view_file_html`]: the record, its replay (with the
/// match's flags, [`crate::output::match_lines`]), its plays as they are to be written
/// (`plays`, as in [`view_html_with_plays`]), and its line in the match table (backgammon,
/// docs/games.md §I; `None` for the other games).
pub struct FileGame<'a> {
    /// The record.
    pub rec: &'a Record,
    /// Its header.
    pub header: &'a Header,
    /// Its replay.
    pub replay: &'a Replay,
    /// The plays written otherwise (throw, text); empty: as recorded.
    pub plays: Vec<(u32, String)>,
    /// The board's points in numbers from the side of the player on roll (as
    /// [`view_html_in_points`]), else in the record's letters.
    pub numbers: bool,
    /// Its line in the match table.
    pub line: Option<crate::output::MatchLine>,
}

/// A game of the page's game list: its number in the file, players, result, and in a match
/// the score before and after it (top, bottom), the match length and the Crawford game.
#[derive(Serialize)]
struct GameLine {
    game: usize,
    top: String,
    bottom: String,
    result: String,
    length: Option<u32>,
    before: Option<[u32; 2]>,
    after: Option<[u32; 2]>,
    crawford: bool,
}

/// The data of a page of several games: the title, what the file is (`3-point match, 3
/// games`), the games' lines and the games' own data.
#[derive(Serialize)]
struct FileData {
    title: String,
    kind: String,
    lines: Vec<GameLine>,
    games: Vec<PageData>,
}

/// The game lines of `games`: in a match, the score after a game is the score before the next
/// one (the match's own account, docs/games.md §I.3), after the last its score before and
/// the points it won.
fn game_lines(games: &[FileGame], pages: &[PageData]) -> Vec<GameLine> {
    let befores: Vec<Option<[u32; 2]>> = games
        .iter()
        .map(|g| g.line.as_ref().and_then(|l| l.match_game).map(|m| [m.before[Seat::Top], m.before[Seat::Bottom]]))
        .collect();
    let mut lines = Vec::with_capacity(games.len());
    for (k, (g, p)) in games.iter().zip(pages).enumerate() {
        let m = g.line.as_ref().and_then(|l| l.match_game);
        let won = |mut b: [u32; 2]| {
            if let Some(e) = g.line.as_ref().and_then(|l| l.end.as_ref()) {
                b[e.winner.index()] += e.points();
            }
            b
        };
        let after = befores.get(k + 1).copied().flatten().or_else(|| befores[k].map(won));
        lines.push(GameLine {
            game: k + 1,
            top: p.head.top.clone(),
            bottom: p.head.bottom.clone(),
            result: p.result.clone(),
            length: m.map(|m| m.length),
            before: befores[k],
            after: m.and(after),
            crawford: m.is_some_and(|m| m.crawford),
        });
    }
    lines
}

/// The step-through viewer of a whole file of several games (a backgammon match, the parties
/// of a file): one self-contained page, as [`view_html`]'s, whose steps run through every
/// game in turn (the buttons and the arrow keys go on from a game's last throw to the next
/// game's start), with the list of the games (number, players, result, the match score
/// before and after, the Crawford game) as links, and the match score beside each board.
/// The URL follows the step as `#game-G-throw-N` (`#game-G`: its start); `clicks=game-G`
/// opens game G. Ids added to [`view_html`]'s: `#game-list` (a row `tr[data-game]` a game,
/// class `current` on the game shown), `#game-number`, `#game-count`, `#match-score`,
/// `#main[data-game]`.
pub fn view_file_html(games: &[FileGame]) -> String {
    let pages: Vec<PageData> = games
        .iter()
        .map(|g| {
            let mut p = page_data(g.rec, g.header, g.replay, &g.plays);
            p.head.numbers = g.numbers;
            p
        })
        .collect();
    let lines = game_lines(games, &pages);
    let first = pages.first();
    let names = first.map_or((String::new(), String::new()), |p| (p.head.top.clone(), p.head.bottom.clone()));
    let name = |n: &str, seat: &str| if n.is_empty() { seat.to_string() } else { n.to_string() };
    let title = format!("{} against {}", name(&names.0, "top"), name(&names.1, "bottom"));
    let game = first.map_or(String::new(), |p| p.head.game.clone());
    let kind = match lines.iter().find_map(|l| l.length) {
        Some(n) => format!("{game}: {n}-point match, {} games", lines.len()),
        None => format!("{game}: {} games", lines.len()),
    };
    let data = FileData { title: format!("{title} — {kind}"), kind, lines, games: pages };
    page(&data.title, &script_json(&data))
}

/// The frames with the plays of `plays` (throw, text) in place of theirs.
fn with_plays(mut frames: Vec<FrameView>, plays: &[(u32, String)]) -> Vec<FrameView> {
    for f in frames.iter_mut().filter(|f| f.throw > 0) {
        if let Some((_, p)) = plays.iter().find(|(n, _)| *n == f.throw) {
            f.play.clone_from(p);
        }
    }
    frames
}

/// A board with no man: what the page shows when the replay gave no setup at all.
fn empty_setup() -> Setup {
    let mut s = Setup::opening(Seat::Top);
    s.men = crate::BySeat::new([0; 24], [0; 24]);
    s
}

const PAGE_HEAD: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>{{TITLE}}</title>
<style>
body { font-family: Georgia, "Times New Roman", serif; margin: 1em 2em; background: #fbf7ee; color: #222; }
h1 { font-size: 1.4em; margin: 0 0 .3em 0; }
h2 { font-size: 1.1em; margin: 1em 0 .3em 0; }
#controls button { font-size: 1em; padding: .3em .9em; margin-right: .3em; }
#main { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
#board { border: 1px solid #5a3b1e; background: #f4ecd8; }
#board g.moved polygon { stroke: #d4a017; stroke-width: 4; }
#panel { min-width: 22em; max-width: 34em; }
table.score { border-collapse: collapse; margin: .5em 0; }
table.score td, table.score th { border: 1px solid #b89b72; padding: .2em .7em; text-align: center; }
.label { color: #6b5234; }
#flags li, #record-flags li, #all-flags li { color: #8b1a1a; }
#jans li { list-style: square; }
#position { font-family: monospace; font-size: .9em; overflow-wrap: break-word; }
.unlawful { color: #8b1a1a; font-weight: bold; }
#status { color: #8b1a1a; font-weight: bold; }
.comment { font-style: italic; margin: .2em 0; }
#fiche th { text-align: left; padding-right: 1em; vertical-align: top; }
#throw-list { columns: 4 14em; font-size: .95em; }
#throw-list li.flagged a { color: #8b1a1a; font-weight: bold; }
#throw-list li.current, #game-list tr.current { background: #f1e2b8; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 .3em; font-size: .85em; }
[hidden] { display: none !important; }
</style>
</head>
<body>
"##;

/// The top of the page's body: the title, the record's flags, the buttons.
const PAGE_BODY_TOP: &str = r##"<h1 id="title"></h1>
<div id="game-line" class="label"></div>
<p id="status" hidden></p>
<ul id="record-flags"></ul>
<div id="controls">
<button id="first" type="button" title="First (Home)">&#x00AB; First</button>
<button id="prev" type="button" title="Previous (Left arrow)">&#x25C0; Prev</button>
<button id="next" type="button" title="Next (Right arrow)">Next &#x25B6;</button>
<button id="last" type="button" title="Last (End)">Last &#x00BB;</button>
<span class="c-file"><button id="prev-game" type="button" title="Previous game (Page Up)">&#x21E4; Game</button>
<button id="next-game" type="button" title="Next game (Page Down)">Game &#x21E5;</button></span>
<span class="label">keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> <kbd>Home</kbd> <kbd>End</kbd><span class="c-file"> <kbd>PgUp</kbd> <kbd>PgDn</kbd></span></span>
<a id="permalink" href="#start">link to this throw</a>
</div>
<section id="games" class="c-file">
<h2>The games</h2>
<p id="file-kind" class="label"></p>
<table id="game-list" class="score">
<thead><tr><th>Game</th><th>Top</th><th>Bottom</th><th>Result</th><th>Score before</th><th>Score after</th><th>Crawford</th></tr></thead>
<tbody></tbody>
</table>
</section>
"##;

/// The panel begins with the game of a file of several and the match score, the throw, its
/// number and the dice (the board's box before it).
const PANEL_TOP: &str = r##"<div id="main" data-step="0" data-game="1" data-url="">
<div id="board-box"></div>
<div id="panel">
<p class="c-file"><span class="label">Game</span> <strong id="game-number">1</strong> <span class="label">of</span> <span id="game-count">1</span>
 &nbsp; <span id="match-score"></span></p>
<p><span class="label">Throw</span> <strong id="throw-number">0</strong> <span class="label">of</span> <span id="throw-count">0</span>
 &nbsp; <span class="label">step</span> <span id="step-index">0</span></p>
<p><span class="label">Thrower</span> <span id="seat"></span> &nbsp; <span class="label">Dice</span> <strong id="dice"></strong></p>
"##;

/// The panel's body: the play and its note, the running score (each column shown for the
/// games that have it), the cube, the match, the jans, the comments.
const PANEL_BODY: &str = r##"<p><span class="label">Play</span> <strong id="play"></strong> <span id="note"></span> <span id="decision"></span></p>
<table class="score">
<tr><th></th><th class="c-off">borne off</th><th class="c-bar">on the bar</th><th class="c-points">points</th><th class="c-holes">holes</th><th class="c-parties">parties</th><th class="c-holes">marked</th><th class="c-scored">scored</th></tr>
<tr><th id="name-top">top</th><td class="c-off" id="score-top-off">0</td><td class="c-bar" id="score-top-bar">0</td><td class="c-points" id="score-top-points">0</td><td class="c-holes" id="score-top-holes">0</td><td class="c-parties" id="score-top-parties">0</td><td class="c-holes" id="marked-top">0</td><td class="c-scored" id="scored-top"></td></tr>
<tr><th id="name-bottom">bottom</th><td class="c-off" id="score-bottom-off">0</td><td class="c-bar" id="score-bottom-bar">0</td><td class="c-points" id="score-bottom-points">0</td><td class="c-holes" id="score-bottom-holes">0</td><td class="c-parties" id="score-bottom-parties">0</td><td class="c-holes" id="marked-bottom">0</td><td class="c-scored" id="scored-bottom"></td></tr>
</table>
<p><span class="c-holes"><span class="label">Bredouille</span> <span id="bredouille">none</span> &nbsp; <span class="label">Pavillon</span> <span id="pavillon">none</span> &nbsp; </span><span id="cube-line" class="c-cube"><span class="label">Cube</span> <span id="cube-text"></span> &nbsp; </span><span class="label">To throw</span> <span id="turn"></span></p>
<p id="match-line" class="c-match"></p>
<div class="c-holes"><p class="label">Jans</p>
<ul id="jans"></ul></div>
<p class="label">Comments</p>
<div id="comments"></div>
"##;

/// The panel shows the throw's flags and the position string.
const PANEL_FLAGS: &str = r##"<p class="label">Flags</p>
<ul id="flags"></ul>
<p class="label">Position</p>
<p id="position"></p>
"##;

/// The end of the panel (the result), and below the board the fiche, the throws and the
/// flags.
const PANEL_END: &str = r##"<p class="label">Result</p>
<p id="result"></p>
</div>
</div>
<section id="record">
<h2>The record</h2>
<table id="fiche"></table>
<p><span class="label">Rules in force</span> <span id="rules"></span></p>
<div id="head-comments"></div>
</section>
<section>
<h2>Throws</h2>
<p class="label">Each throw is a link; the flagged ones are marked &#x2691;.</p>
<ol id="throw-list"></ol>
</section>
<section>
<h2>Flags</h2>
<ol id="all-flags"></ol>
</section>
"##;

/// The start of the page's script: the function it is in; any error is noted on the page
/// (`data-script-error`, for tests).
const SCRIPT_OPEN: &str = r##""use strict";
(function () {
  window.addEventListener("error", function (e) {
    document.body.setAttribute("data-script-error", String(e.message));
  });
"##;

/// What the script uses: the game's data, the frames, the step shown, SVG elements, text,
/// seat names, lists.
const SCRIPT_PRELUDE: &str = r##"  var file = JSON.parse(document.getElementById("game-data").textContent);
  // a file of several games (`games`, `lines`), or one record (the data itself); the frames
  // of every game one after the other, `starts[g]` the index of game g's start
  var games = file.games || [file];
  var data = games[0], gi = 0;
  var frames = [], starts = [];
  games.forEach(function (g, j) {
    starts.push(frames.length);
    g.frames.forEach(function (f) { f.game = j; frames.push(f); });
  });
  var k = 0;
  function anyShows(p) { return games.some(function (g) { return g.shows[p]; }); }
  var SEATS = ["top", "bottom"];
  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var a in attrs) e.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(name, attrs, parent) {
    var e = document.createElement(name);
    for (var a in attrs) e.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function text(id, s) { document.getElementById(id).textContent = s; }
  function seatName(s) {
    if (!s) return "";
    var n = s === "top" ? data.top : data.bottom;
    return n ? s + " (" + n + ")" : s;
  }
  function clear(g) { while (g.firstChild) g.removeChild(g.firstChild); }
  // a flag as an item of a list: its throw, what it is, its message
  function flagItem(f) {
    var li = html("li", { "data-kind": f.what });
    li.textContent = (f.throw ? "throw " + f.throw + ": " : "") + f.what + " — " + f.message;
    return li;
  }
  // the list `id` made again from `items`, each by `make`
  function list(id, items, make) {
    var ul = document.getElementById(id);
    clear(ul);
    items.forEach(function (x) { ul.appendChild(make(x)); });
  }
  // the frame of throw n of game g (of the game shown), if the replay reached it
  function stepIn(g, n) {
    for (var j = starts[g]; j < starts[g] + games[g].frames.length; j++) if (frames[j].throw === n) return j;
    return -1;
  }
  function stepOf(n) { return stepIn(gi, n); }
"##;

/// The board (after [`SCRIPT_PRELUDE`]): top's side A..M above, bottom's & .. N below, the
/// bar between the halves (narrow on a trictrac), a tray on the right for the men borne off
/// and the cube; the functions that draw a frame's men.
const SCRIPT_BOARD: &str = r##"  var W = 40, BAR = anyShows("holes") ? 20 : 44, H = 460, TRAY = 64, boardW = 12 * W + 40 + BAR, width = boardW + TRAY, mid = H / 2;
  var svg = el("svg", { id: "board", width: width, height: H + 30, viewBox: "0 0 " + width + " " + (H + 30) });
  document.getElementById("board-box").appendChild(svg);
  function xOf(col) { return 20 + col * W + (col >= 6 ? BAR : 0); }
  var barX = xOf(6) - BAR / 2;
  if (anyShows("holes")) {
    el("line", { x1: barX, y1: 12, x2: barX, y2: H - 12, stroke: "#5a3b1e", "stroke-width": 6 }, svg);
  } else {
    el("rect", { x: xOf(6) - BAR, y: 10, width: BAR, height: H - 20, fill: "#8b5a2b" }, svg);
  }
  // the 24 points, each a group holding its men, by letter index
  var points = [];
  for (var row = 0; row < 2; row++) {
    for (var col = 0; col < 12; col++) {
      var idx = row === 0 ? col : 23 - col; // letter index - 1
      var x = xOf(col);
      var g = el("g", { "data-point": data.soumille[idx], "data-top": 0, "data-bottom": 0 }, svg);
      var base = row === 0 ? 30 : H - 30, tip = row === 0 ? 200 : H - 200, ly = row === 0 ? 20 : H - 8;
      el("polygon", { points: (x + 2) + "," + base + " " + (x + W - 2) + "," + base + " " + (x + W / 2) + "," + tip,
        fill: col % 2 === 0 ? "#a0522d" : "#e8d5a9", stroke: "#5a3b1e" }, g);
      var t = el("text", { "class": "point-name", x: x + W / 2, y: ly, "text-anchor": "middle", "font-size": 14 }, g);
      t.textContent = data.letters[idx];
      points[idx] = { g: g, name: t, men: el("g", { "class": "men" }, g), x: x + W / 2, row: row };
    }
  }
  var bars = {}, offs = {};
  SEATS.forEach(function (seat) { bars[seat] = el("g", { id: "bar-" + seat, "data-count": 0 }, svg); });
  el("rect", { x: boardW + 4, y: 10, width: TRAY - 8, height: H - 20, fill: "#efe4c8", stroke: "#5a3b1e", "stroke-width": 2 }, svg);
  var cx = boardW + TRAY / 2;
  SEATS.forEach(function (seat) { offs[seat] = el("g", { id: "off-" + seat, "data-count": 0 }, svg); });
  var cube = anyShows("cube") ? el("g", { id: "cube", "data-value": 1, "data-owner": "none" }, svg) : null;
  var caption = el("text", { id: "board-caption", x: width / 2, y: H + 20, "text-anchor": "middle", "font-size": 13 }, svg);
  function man(g, x, y, seat, label) {
    el("circle", { cx: x, cy: y, r: 16, fill: seat === "top" ? "#222" : "#fafafa", stroke: "#333" }, g);
    if (label) {
      var t = el("text", { x: x, y: y + 5, "text-anchor": "middle", "font-size": 14, fill: seat === "top" ? "#fff" : "#000" }, g);
      t.textContent = label;
    }
  }
  // a point's men, top's first, then bottom's (a point both hold shows both colours)
  function drawPoint(p, t, b, moved) {
    p.g.setAttribute("data-top", t);
    p.g.setAttribute("data-bottom", b);
    if (moved) p.g.setAttribute("class", "moved"); else p.g.removeAttribute("class");
    clear(p.men);
    var n = t + b;
    for (var i = 0; i < Math.min(n, 5); i++) {
      man(p.men, p.x, p.row === 0 ? 48 + 34 * i : H - 48 - 34 * i, i < t ? "top" : "bottom", i === 4 && n > 5 ? n : "");
    }
  }
  function drawBar(seat, n) {
    var g = bars[seat], m = Math.min(n, 4), dir = seat === "top" ? -1 : 1;
    clear(g);
    g.setAttribute("data-count", n);
    for (var i = 0; i < m; i++) man(g, barX, mid + dir * (40 + 34 * i), seat, i === m - 1 && n > 1 ? n : "");
  }
  function drawOff(seat, n) {
    var g = offs[seat];
    clear(g);
    g.setAttribute("data-count", n);
    var label = el("text", { x: cx, y: seat === "top" ? 26 : H - 14, "text-anchor": "middle", "font-size": 13 }, g);
    label.textContent = "off " + n;
    for (var i = 0; i < Math.min(n, 15); i++) {
      el("rect", { x: cx - 18, y: seat === "top" ? 32 + 9 * i : H - 39 - 9 * i, width: 36, height: 7, rx: 2,
        fill: seat === "top" ? "#222" : "#fafafa", stroke: "#333" }, g);
    }
  }
  // the cube beside its owner's side, in the middle when no one owns it; unturned it shows 64
  function drawCube(c) {
    if (!cube) return;
    clear(cube);
    cube.setAttribute("data-value", c ? c.value : "");
    cube.setAttribute("data-owner", c && c.owner ? c.owner : "none");
    if (!c) return;
    var y = c.owner === "top" ? 175 : c.owner === "bottom" ? H - 211 : mid - 18;
    el("rect", { x: cx - 18, y: y, width: 36, height: 36, rx: 5, fill: "#fff", stroke: "#222", "stroke-width": 2 }, cube);
    var t = el("text", { x: cx, y: y + 24, "text-anchor": "middle", "font-size": 16, "font-weight": "bold" }, cube);
    t.textContent = c.value === 1 && !c.owner ? 64 : c.value;
  }
  // a point's name: its letter, or (`view --points`) its number from the side of the player
  // on roll, as gnubg draws it: top's talon A is top's 24-point, bottom's talon & bottom's
  function pointName(i, turn) {
    if (!data.numbers) return data.letters[i];
    return String(turn === "top" ? 24 - i : i + 1);
  }
  function drawMen(f) {
    for (var i = 0; i < 24; i++) {
      drawPoint(points[i], f.men.top[i], f.men.bottom[i], f.moved.indexOf(data.soumille[i]) >= 0);
      points[i].name.textContent = pointName(i, f.men.turn);
    }
    SEATS.forEach(function (seat, i) {
      drawBar(seat, f.men.bar[i]);
      drawOff(seat, f.men.off[i]);
    });
    drawCube(f.score.cube);
  }
"##;

/// The panel, the fiche and the lists (after [`SCRIPT_BOARD`]): `show(n)` draws frame n.
const SCRIPT_SHOW: &str = r##"  // the buttons that cannot step further are off
  function buttons() {
    document.getElementById("prev").disabled = k === 0;
    document.getElementById("first").disabled = k === 0;
    document.getElementById("next").disabled = k === frames.length - 1;
    document.getElementById("last").disabled = k === frames.length - 1;
    document.getElementById("prev-game").disabled = gi === 0;
    document.getElementById("next-game").disabled = gi === games.length - 1;
  }
  // the title, the game and players, the fiche, the parts of the panel the game has
  function heading() {
    var title = file.games ? file.title : data.title;
    text("title", title);
    document.title = title;
    text("game-line", data.game + (data.top || data.bottom ? " — top: " + (data.top || "?") + ", bottom: " + (data.bottom || "?") : ""));
    text("name-top", data.top ? "top (" + data.top + ")" : "top");
    text("name-bottom", data.bottom ? "bottom (" + data.bottom + ")" : "bottom");
    text("throw-count", data.frames.length > 1 ? data.frames[data.frames.length - 1].throw : 0);
    text("result", data.result);
    text("match-line", data.fiche.match_line);
    var fiche = document.getElementById("fiche");
    clear(fiche);
    data.fiche.tags.forEach(function (t) {
      var tr = html("tr", {}, fiche);
      html("th", {}, tr).textContent = t[0];
      html("td", {}, tr).textContent = t[1];
    });
    text("rules", data.fiche.rules.length ? data.fiche.rules.join("; ") + " (the others: the game's defaults)" : "the game's defaults");
    list("head-comments", data.fiche.comments, comment);
    var on = { "c-holes": data.shows.holes, "c-points": data.shows.points || data.shows.holes, "c-parties": data.shows.parties,
      "c-cube": data.shows.cube, "c-bar": data.shows.bar, "c-off": !data.shows.holes, "c-scored": data.shows.scored,
      "c-match": !!data.fiche.match_line, "c-file": !!file.games };
    Object.keys(on).forEach(function (c) {
      Array.prototype.forEach.call(document.getElementsByClassName(c), function (e) { e.hidden = !on[c]; });
    });
  }
  function comment(c) {
    var p = html("p", { "class": "comment" });
    p.textContent = c;
    return p;
  }
  // every throw as a link, the flagged ones marked with their flags; every flag as a link
  function throwList() {
    var ol = document.getElementById("throw-list");
    clear(ol);
    frames.forEach(function (f, j) {
      if (f.game !== gi || j === starts[gi]) return;
      var li = html("li", { value: f.throw, "data-throw": f.throw }, ol);
      var a = html("a", { href: "#throw-" + f.throw, "data-throw": f.throw }, li);
      a.textContent = seatName(f.seat) + " " + (f.dice ? f.dice[0] + "-" + f.dice[1] : "") + " " + f.play;
      if (f.flags.length) {
        li.className = "flagged";
        li.setAttribute("data-flags", f.flags.map(function (x) { return x.what; }).join(" "));
        a.textContent += " \u2691 " + f.flags.map(function (x) { return x.what; }).join(", ");
      }
      a.addEventListener("click", function (e) { e.preventDefault(); show(j); });
    });
    list("all-flags", data.flags, function (f) {
      var li = flagItem(f), j = f.throw ? stepOf(f.throw) : -1;
      if (j >= 0) {
        var a = html("a", { href: "#throw-" + f.throw, "data-throw": f.throw });
        a.textContent = "go";
        a.addEventListener("click", function (e) { e.preventDefault(); show(j); });
        li.appendChild(document.createTextNode(" "));
        li.appendChild(a);
      }
      return li;
    });
  }
  function markCurrent(f) {
    Array.prototype.forEach.call(document.querySelectorAll("#throw-list li"), function (li) {
      li.classList.toggle("current", k > starts[gi] && li.getAttribute("data-throw") === String(f.throw));
    });
  }
  // what the record as a whole says: not replayed (its start only), its flags
  function recordStatus() {
    var st = document.getElementById("status");
    st.hidden = true;
    st.removeAttribute("data-flag");
    if (!data.replayed) {
      st.hidden = false;
      st.setAttribute("data-flag", "not-replayed");
      st.textContent = "This record is not replayed: only its start is shown.";
    }
    list("record-flags", data.record_flags, flagItem);
  }
  // the throw's line: number, step, seat, dice, the play (marked unlawful), note, decision
  function throwLine(f) {
    caption.textContent = (file.games ? "game " + (gi + 1) + ", " : "") + (k === starts[gi] ? "the start" : "after throw " + f.throw) +
      (matchScore() ? " — " + matchScore() : "");
    text("throw-number", f.throw);
    text("step-index", k);
    text("seat", seatName(f.seat));
    text("dice", f.dice ? f.dice[0] + "-" + f.dice[1] : "");
    var play = document.getElementById("play");
    play.textContent = f.play;
    play.className = f.lawful ? "" : "unlawful";
    text("note", f.note ? "(" + f.note + ")" : "");
    text("decision", (f.trictrac.decision || "") + (f.trictrac.releve ? " (relève)" : ""));
  }
  // the running score
  function scoreLines(f) {
    var s = f.score, g = f.trictrac;
    SEATS.forEach(function (seat, i) {
      text("score-" + seat + "-off", f.men.off[i]);
      text("score-" + seat + "-bar", f.men.bar[i]);
      text("score-" + seat + "-points", s.points[i]);
      text("score-" + seat + "-holes", s.holes[i]);
      text("score-" + seat + "-parties", s.parties[i]);
      text("marked-" + seat, g.marked[i] + (g.marked[i] !== g.expected[i] ? " (owed " + g.expected[i] + ")" : ""));
      text("scored-" + seat, f.scored[i] ? "+" + f.scored[i] : "");
    });
    text("bredouille", s.bredouille || "none");
    text("pavillon", s.pavillon || "none");
    text("cube-text", s.cube ? "cube " + s.cube.value + (s.cube.owner ? ", owned by " + seatName(s.cube.owner) : ", centred") : "");
    text("turn", f.men.turn);
  }
  // the players of a game line, named
  function named2(l, seat) {
    var n = seat === "top" ? l.top : l.bottom;
    return n || seat;
  }
  // the match score with the board: before the game, after it at its last step
  function matchScore() {
    var l = file.lines ? file.lines[gi] : null;
    if (!l || !l.before) return "";
    var last = k === starts[gi] + data.frames.length - 1 && l.after;
    var s = last ? l.after : l.before;
    return "match to " + l.length + ": " + named2(l, "top") + " " + s[0] + ", " + named2(l, "bottom") + " " + s[1] +
      (last ? " after game " : " before game ") + l.game + (l.crawford ? " (the Crawford game)" : "");
  }
  // the list of the games of a file, each a link to its start
  function gameList() {
    if (!file.games) return;
    text("file-kind", file.kind);
    text("game-count", games.length);
    var body = document.querySelector("#game-list tbody");
    var score = function (s) { return s ? s[0] + "–" + s[1] : ""; };
    file.lines.forEach(function (l) {
      var tr = html("tr", { "data-game": l.game }, body);
      var a = html("a", { href: "#game-" + l.game, "data-game": l.game }, html("td", {}, tr));
      a.textContent = "Game " + l.game;
      a.addEventListener("click", function (e) { e.preventDefault(); show(starts[l.game - 1]); });
      [l.top, l.bottom, l.result, score(l.before), score(l.after), l.crawford ? "Crawford" : ""].forEach(function (c) {
        html("td", {}, tr).textContent = c;
      });
    });
  }
  // game j of the file becomes the one shown: its head, fiche, throws and flags
  function enter(j) {
    gi = j;
    data = games[j];
    heading();
    recordStatus();
    throwList();
    text("game-number", j + 1);
    document.getElementById("main").setAttribute("data-game", j + 1);
    Array.prototype.forEach.call(document.querySelectorAll("#game-list tr[data-game]"), function (tr) {
      tr.classList.toggle("current", tr.getAttribute("data-game") === String(j + 1));
    });
  }
  var following = false;
  // the URL follows the step: #throw-N, #start; in a file of several games #game-G-throw-N,
  // #game-G
  function follow(f) {
    var first = k === starts[gi];
    var h = file.games ? "#game-" + (gi + 1) + (first ? "" : "-throw-" + f.throw) : first ? "#start" : "#throw-" + f.throw;
    document.getElementById("permalink").setAttribute("href", h);
    if (following && location.hash !== h) {
      try { history.replaceState(null, "", location.pathname + h); } catch (e) { location.hash = h; }
    }
    document.getElementById("main").setAttribute("data-url", following ? location.hash : "");
  }
  // step `n` (clamped)
  function show(n) {
    k = Math.max(0, Math.min(frames.length - 1, n));
    var f = frames[k];
    if (f.game !== gi) enter(f.game);
    text("match-score", matchScore());
    document.getElementById("main").setAttribute("data-step", k);
    drawMen(f);
    throwLine(f);
    scoreLines(f);
    text("position", f.position);
    list("jans", f.trictrac.jans, function (j) {
      var li = html("li", { "data-code": j.code, "data-seat": j.seat });
      li.textContent = j.code + " — " + j.seat + ", " + j.ways + (j.ways === 1 ? " way" : " ways") + ", " + j.points + " points" + (j.at ? " at " + j.at : "");
      return li;
    });
    list("comments", f.comments, comment);
    list("flags", f.flags, flagItem);
    markCurrent(f);
    buttons();
    follow(f);
  }
  gameList();
  enter(0);
"##;

/// How the page steps: the buttons, the keys, the links, and the URL (`#throw-N`, `?at=N`,
/// `#step=K&keys=…&clicks=…`); the function it is in is closed after it.
const SCRIPT_STEPS: &str = r##"  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(k - 1); });
  document.getElementById("next").addEventListener("click", function () { show(k + 1); });
  document.getElementById("last").addEventListener("click", function () { show(frames.length - 1); });
  document.getElementById("prev-game").addEventListener("click", function () { if (gi > 0) show(starts[gi - 1]); });
  document.getElementById("next-game").addEventListener("click", function () { if (gi + 1 < games.length) show(starts[gi + 1]); });
  document.addEventListener("keydown", function (e) {
    var to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: frames.length - 1,
      PageUp: starts[gi - 1], PageDown: starts[gi + 1] }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  // the step a URL names: #throw-N, #start, ?at=N (of the game shown), #game-G-throw-N,
  // #game-G; -1 when it names none
  function named(hash, search) {
    var m = /^#throw-(\d+)$/.exec(hash);
    if (m) return stepOf(parseInt(m[1], 10));
    if (hash === "#start") return starts[gi];
    m = /^#game-(\d+)(?:-throw-(\d+))?$/.exec(hash);
    if (m) {
      var g = parseInt(m[1], 10) - 1;
      if (g < 0 || g >= games.length) return -1;
      return m[2] ? stepIn(g, parseInt(m[2], 10)) : starts[g];
    }
    m = /[?&]at=(\d+)/.exec(search);
    if (m) return m[1] === "0" ? starts[gi] : stepOf(parseInt(m[1], 10));
    return -1;
  }
  window.addEventListener("hashchange", function () {
    var j = named(location.hash, "");
    if (j >= 0 && j !== k) show(j);
  });
  var hash = location.hash || "", search = location.search || "";
  show(Math.max(0, named(hash, search)));
  // #step=K, #throw=N, keys=right,left,home,end,pageup,pagedown,
  // clicks=next,prev,first,last,prev-game,next-game,throw-N,flag-K,game-G
  var KEYS = { right: "ArrowRight", left: "ArrowLeft", home: "Home", end: "End", pageup: "PageUp", pagedown: "PageDown" };
  function target(name) {
    var b = document.getElementById(name), m = /^(throw|flag|game)-(\d+)$/.exec(name);
    if (b || !m) return b;
    if (m[1] === "throw") return document.querySelector("#throw-list a[data-throw=\"" + m[2] + "\"]");
    if (m[1] === "game") return document.querySelector("#game-list a[data-game=\"" + m[2] + "\"]");
    return document.querySelector("#all-flags li:nth-child(" + m[2] + ") a");
  }
  var args = hash.replace(/^#/, "") + "&" + search.replace(/^\?/, "");
  args.split("&").forEach(function (kv) {
    var i = kv.indexOf("=");
    if (i < 0) return;
    var key = kv.slice(0, i), val = decodeURIComponent(kv.slice(i + 1));
    if (key === "step") show(parseInt(val, 10) || 0);
    else if (key === "throw") {
      var j = stepOf(parseInt(val, 10));
      if (j >= 0) show(j);
    } else if (key === "keys") {
      val.split(",").forEach(function (name) {
        if (KEYS[name]) document.dispatchEvent(new KeyboardEvent("keydown", { key: KEYS[name], bubbles: true }));
      });
    } else if (key === "clicks") {
      val.split(",").forEach(function (name) {
        var b = target(name);
        if (b) b.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      });
    }
  });
  following = true;
  if (hash || search) follow(frames[k]);
"##;

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-game match to 3 from set-up positions: Bob wins a gammon, then Ann a gammon
    /// in the Crawford game.
    const MATCH: &str = "[Game \"backgammon\"]\n[Top \"Ann\"]\n[Bottom \"Bob\"]\n[Match \"3\"]\n[Score \"top 0 bottom 0\"]\n[Position \"T15/A1#14 bottom\"]\n[Result \"bottom 2 gammon\"]\n\n1. bottom: 2-1 A#\n\n[Game \"backgammon\"]\n[Top \"Ann\"]\n[Bottom \"Bob\"]\n[Match \"3\"]\n[Score \"top 0 bottom 2\"]\n[Position \"T1#14/A15 top\"]\n[Result \"top 2 gammon\"]\n\n1. top: 6-5 T#\n";

    /// The data of a page of a whole file: every game's frames, one after the other, and the
    /// game lines with the match score before and after each game (after the last: its score
    /// before and the points it won) and the Crawford game.
    #[test]
    fn a_file_page_holds_every_game_and_the_match_score() {
        let recs = crate::notation::read(MATCH);
        let mut replays: Vec<Replay> =
            recs.iter().map(|r| crate::replay::replay(&r.record, &r.header, Some(MATCH))).collect();
        let lines =
            crate::output::match_lines(recs.iter().zip(replays.iter_mut()).map(|(r, rp)| (&r.record, &r.header, rp)));
        let games: Vec<FileGame> = recs
            .iter()
            .zip(&replays)
            .zip(lines)
            .map(|((r, rp), line)| FileGame {
                rec: &r.record,
                header: &r.header,
                replay: rp,
                plays: Vec::new(),
                numbers: false,
                line: Some(line),
            })
            .collect();
        let page = view_file_html(&games);
        let open = "id=\"game-data\">";
        let at = page.find(open).unwrap() + open.len();
        let data: serde_json::Value =
            serde_json::from_str(&page[at..at + page[at..].find("</script>").unwrap()]).unwrap();
        assert_eq!(data["kind"], "backgammon: 3-point match, 2 games");
        assert_eq!(data["games"].as_array().unwrap().len(), 2);
        assert!(data["games"].as_array().unwrap().iter().all(|g| g["frames"].as_array().unwrap().len() == 2));
        let l = &data["lines"];
        assert_eq!((l[0]["before"].to_string(), l[0]["after"].to_string()), ("[0,0]".into(), "[0,2]".into()));
        assert_eq!((l[1]["before"].to_string(), l[1]["after"].to_string()), ("[0,2]".into(), "[2,2]".into()));
        assert_eq!((l[0]["crawford"].as_bool(), l[1]["crawford"].as_bool()), (Some(false), Some(true)));
        assert_eq!(l[1]["result"], "top (Ann) wins 2 points (gammon)");
        assert_eq!(page.matches("<script type=\"application/json\"").count(), 1, "one page");
    }
}
