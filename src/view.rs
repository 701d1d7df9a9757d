//! What a historian sees: the positions a record passes through, as position strings
//! (NOTATION.md §6) that `explain` reads back, the replay as one JSON document, and a
//! self-contained HTML page that steps through a game throw by throw.
//!
//! Everything here only reads a [`Replay`]; nothing replays twice.
//!
//! ```
//! let text = "[Game \"grand-trictrac\"]\n[First \"top\"]\n\n1. 6-5 AG AF\n2. 4-3 &V &X\n";
//! let recs = soumille::notation::read(text);
//! let r = &recs[0];
//! let rp = soumille::replay::replay(&r.record, &r.header, Some(text));
//! let frames = soumille::view::frames(&rp, &r.header);
//! assert_eq!(frames.len(), 3); // the start, then after each throw
//! assert_eq!(frames[0].position_string(), "A15/&15 top holes=0/0 points=0/0 throws=0/0 bredouille=none pavillon=none");
//! assert_eq!(frames[1].position_string(), "A13FG/&15 bottom holes=0/0 points=0/0 throws=1/0 bredouille=none pavillon=none");
//! ```

use crate::board::{Dialect, Point, Seat, Setup};
use crate::notation::{Header, Record};
use crate::position::Position;
use crate::replay::{Flag, Replay};
use crate::score::Score;
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

    /// The position string (NOTATION.md §6) with every score field, in Soumille letters:
    /// what `soumille explain` reads.
    pub fn position_string(&self) -> String {
        self.setup().to_string()
    }

    /// The position string of this frame of a record: with its game and rules (GAMES.md
    /// §H.7), in the record's letters, as `show --format position` writes it.
    pub fn position_string_of(&self, header: &Header) -> String {
        stamped(&self.setup(), header)
    }
}

/// The position string of a setup of a record: with the record's game and rules (GAMES.md
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

/// The position a record starts from (before its first throw).
pub fn start_position(rec: &Record, header: &Header, rp: &Replay) -> Position {
    if let Some(s) = rp.steps.first() {
        return s.position_before();
    }
    let first = crate::replay::first_seat(rec, header);
    let mut pos =
        header.position.as_ref().and_then(|s| Position::from_setup(s).ok()).unwrap_or_else(|| Position::opening(first));
    pos.set_turn(first);
    pos
}

/// The frames of a replay: `[0]` the start, `[k]` after the k-th step replayed. The throws
/// of the relève are counted from the steps: one per throw, back to zero after a relève.
pub fn frames(rp: &Replay, header: &Header) -> Vec<Frame> {
    frames_of(None, rp, header)
}

fn frames_of(rec: Option<&Record>, rp: &Replay, header: &Header) -> Vec<Frame> {
    let mut throws =
        header.position.as_ref().and_then(|s| s.score.throws).map_or([0, 0], |t| [t[Seat::Top], t[Seat::Bottom]]);
    let start = match (rp.steps.first(), rec) {
        (Some(s), _) => s.position_before(),
        (None, Some(rec)) => start_position(rec, header, rp),
        (None, None) => rp.last.as_ref().map_or_else(|| Position::opening(Seat::Top), crate::replay::position_of),
    };
    let mut out = Vec::with_capacity(rp.steps.len() + 1);
    out.push(Frame { position: start, score: crate::replay::start_score(header), throws });
    for (s, g) in rp.steps.iter().filter_map(|s| Some((s, s.grand_trictrac()?))) {
        if g.releve {
            throws = [0, 0];
        } else {
            throws[s.seat.index()] += 1;
        }
        out.push(Frame { position: s.position_after(), score: g.score, throws });
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

/// `replay --format json` (its document is the sheet's, [`crate::sheet::replay`]).
pub use crate::sheet::{replay_document, ReplayDocument, ReplayRow};

/// The men of a position for the page: per letter (index 0 = A), and borne off.
#[derive(Serialize)]
struct Men {
    top: [u8; 24],
    bottom: [u8; 24],
    off: [u8; 2],
    turn: Seat,
}

impl Men {
    fn of(p: &Position) -> Men {
        let s = p.to_setup();
        Men {
            top: s.men[Seat::Top],
            bottom: s.men[Seat::Bottom],
            off: [s.off[Seat::Top], s.off[Seat::Bottom]],
            turn: s.turn,
        }
    }
}

#[derive(Serialize)]
struct ScoreView {
    points: [u16; 2],
    holes: [u16; 2],
    bredouille: Option<Seat>,
    pavillon: Option<Seat>,
}

impl ScoreView {
    fn of(s: &Score) -> ScoreView {
        ScoreView { points: s.points, holes: s.holes, bredouille: bredouille_seat(s), pavillon: s.pavillon }
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

/// One frame of the page: the start (no throw) or the board after a throw.
#[derive(Serialize)]
struct FrameView {
    /// The throw number; 0 for the start.
    throw: u32,
    seat: Option<Seat>,
    dice: Option<[u8; 2]>,
    play: String,
    lawful: bool,
    releve: bool,
    decision: Option<&'static str>,
    jans: Vec<JanView>,
    marked: [u16; 2],
    expected: [u16; 2],
    men: Men,
    score: ScoreView,
    position: String,
    flags: Vec<FlagView>,
}

/// What both pages show above the board: the title, the game, the players, the letters, and
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
            replayed,
        }
    }
}

/// The page of a record of a game, in the order it is written: the head, the panel, the
/// script's parts, the end of the script. The page's data is `json`.
fn page(title: &str, panel: &[&str], json: &str, script: &[&str], end: &str) -> String {
    let parts = panel.iter().chain(script).map(|p| p.len()).sum::<usize>();
    let mut s = String::with_capacity(json.len() + PAGE_HEAD.len() + PAGE_BODY_TOP.len() + parts + 256);
    s.push_str(&PAGE_HEAD.replace("{{TITLE}}", &crate::show::escape(title)));
    s.push_str(PAGE_BODY_TOP);
    panel.iter().for_each(|p| s.push_str(p));
    s.push_str("<script type=\"application/json\" id=\"game-data\">");
    s.push_str(json);
    s.push_str("</script>\n<script>\n");
    script.iter().for_each(|p| s.push_str(p));
    s.push_str(end);
    s.push_str("})();\n</script>\n</body>\n</html>\n");
    s
}

/// Grand Trictrac's page data.
#[derive(Serialize)]
struct PageData {
    #[serde(flatten)]
    head: PageHead,
    frames: Vec<FrameView>,
    /// Flags of the record as a whole (no throw), and the replay's stop.
    record_flags: Vec<FlagView>,
    flags: Vec<FlagView>,
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

/// The step-through viewer: one self-contained HTML page (inline CSS and JS, the game as
/// JSON, no network) that draws the board after each throw with the score, the dice, the
/// play, the jans and the flags; Prev/Next/First/Last buttons and the arrow keys step
/// through it. A game that is not replayed (another tables game) shows its start and its
/// `not-replayed` flag.
///
/// The page drives itself from its URL fragment, for tests and links: `#step=K` (frame K,
/// 0 = the start), `#throw=N`, and `keys=right,left,home,end` / `clicks=next,prev,first,last`
/// (dispatched as events after loading), joined by `&`.
///
/// The other tables games (GAMES.md) get the page of [`view_setups_html`].
pub fn view_html(rec: &Record, header: &Header, rp: &Replay) -> String {
    if !header.game.is_grand_trictrac() {
        return view_setups_html(rec, header, rp);
    }
    let d = header.letters;
    let fr = frames_of(Some(rec), rp, header);
    let point_letter = |p: Option<Point>| p.map(|p| p.letter(d).to_string());
    let mut frames = Vec::with_capacity(fr.len());
    let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
    for (k, f) in fr.iter().enumerate() {
        let step = k.checked_sub(1).and_then(|i| rp.steps.get(i)).and_then(|s| Some((s, s.grand_trictrac()?)));
        let view = match step {
            None => FrameView {
                throw: 0,
                seat: None,
                dice: None,
                play: String::new(),
                lawful: true,
                releve: false,
                decision: None,
                jans: Vec::new(),
                marked: [0, 0],
                expected: [0, 0],
                men: Men::of(&f.position),
                score: ScoreView::of(&f.score),
                position: f.position_string_of(header),
                flags: Vec::new(),
            },
            Some((s, g)) => FrameView {
                throw: s.number,
                seat: Some(s.seat),
                dice: s.dice.map(|x| [x.high(), x.low()]),
                play: crate::fausse_case::recorded_text(&s.play, d),
                lawful: s.lawful,
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
                        at: point_letter(j.at),
                    })
                    .collect(),
                marked: g.marked,
                expected: g.expected,
                men: Men::of(&f.position),
                score: ScoreView::of(&f.score),
                position: f.position_string_of(header),
                flags: by_throw.at(s.number).iter().map(|x| FlagView::of(x)).collect(),
            },
        };
        frames.push(view);
    }
    let replayed = !rp.steps.is_empty();
    // flags of no throw, and flags at throws the replay never reached (not-replayed)
    let shown: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
    let record_flags =
        rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown.contains(&n))).map(FlagView::of).collect();
    let data = PageData {
        head: PageHead::of(rec, header, "Trictrac", replayed),
        frames,
        record_flags,
        flags: rp.flags.iter().map(FlagView::of).collect(),
    };
    let panel = [PANEL_TOP, PAGE_BODY, PANEL_FLAGS, PAGE_BODY_END];
    let script = [SCRIPT_OPEN, SCRIPT_PRELUDE, PAGE_SCRIPT, PAGE_SCRIPT_STEPS];
    page(&data.head.title, &panel, &script_json(&data), &script, "")
}

/// The men of a setup for the page (GAMES.md §0): per letter (index 0 = A), on the bar,
/// borne off, and the seat to throw.
#[derive(Serialize)]
struct SetupMen {
    top: [u8; 24],
    bottom: [u8; 24],
    bar: [u8; 2],
    off: [u8; 2],
    turn: Seat,
}

/// The doubling cube of a setup (GAMES.md §D.7).
#[derive(Serialize)]
struct CubeView {
    value: u32,
    owner: Option<Seat>,
}

/// One frame of the page of another game: the start, or the board after a throw.
#[derive(Serialize)]
struct SetupFrameView {
    /// The throw number; 0 for the start.
    throw: u32,
    seat: Option<Seat>,
    /// `None`: no dice (the start, or a double dropped).
    dice: Option<[u8; 2]>,
    play: String,
    lawful: bool,
    /// What each seat scored with the throw (Tric Trac).
    scored: [u16; 2],
    /// The replay's note: the cube action, the partie won, …
    note: String,
    men: SetupMen,
    cube: Option<CubeView>,
    /// Tric Trac's points and parties (GAMES.md §E.11), 0 when the setup leaves them out.
    points: [u8; 2],
    parties: [u16; 2],
    position: String,
    flags: Vec<FlagView>,
}

impl SetupFrameView {
    /// The frame of `setup`, with nothing thrown.
    fn of(setup: &Setup, header: &Header) -> SetupFrameView {
        let by = |a: crate::BySeat<u8>| [a[Seat::Top], a[Seat::Bottom]];
        SetupFrameView {
            throw: 0,
            seat: None,
            dice: None,
            play: String::new(),
            lawful: true,
            scored: [0, 0],
            note: String::new(),
            men: SetupMen {
                top: setup.men[Seat::Top],
                bottom: setup.men[Seat::Bottom],
                bar: by(setup.bar),
                off: by(setup.off),
                turn: setup.turn,
            },
            cube: setup.score.cube.map(|value| CubeView { value, owner: setup.score.owner.flatten() }),
            points: setup.score.points.map_or([0, 0], by),
            parties: setup.score.parties.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]),
            position: stamped(setup, header),
            flags: Vec::new(),
        }
    }
}

#[derive(Serialize)]
struct SetupPageData {
    #[serde(flatten)]
    head: PageHead,
    /// Whether the page shows the cube (some setup holds one: Backgammon).
    cube: bool,
    /// Whether the page shows points and parties (Tric Trac).
    points: bool,
    /// How the game ended, in words.
    result: String,
    frames: Vec<SetupFrameView>,
    /// Flags of the record as a whole (no throw), and the replay's stop.
    record_flags: Vec<FlagView>,
    flags: Vec<FlagView>,
}

/// The step-through viewer of the other tables games (Jacquet, Moultezim, Backgammon, Tric
/// Trac; GAMES.md), drawn from the replay's game-neutral steps alone
/// ([`crate::replay::Step`]): the board after each throw with the men on the bar and
/// borne off, the cube (value and owner), Tric Trac's points and parties, the dice, the play,
/// what it scored, the replay's note and the flags with their messages at their throw, and
/// how the game ended. The page is that of [`view_html`]: the same buttons, keys and URL
/// fragment, the same ids; besides, `#bar-top`/`#bar-bottom` and `#off-top`/`#off-bottom`
/// carry `data-count`, `#cube` carries `data-value` and `data-owner`, and the body carries
/// `data-ready="1"` once the script has run (`data-script-error` if a script failed).
///
/// Knows no game's rules: only what a setup holds. A record the replay could not start
/// (its `Rules` tag or its position refused) shows an empty board and its flags.
pub fn view_setups_html(rec: &Record, header: &Header, rp: &Replay) -> String {
    let d = header.letters;
    let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref());
    let mut frames = Vec::with_capacity(rp.steps.len() + 1);
    let by_throw = crate::replay::FlagsByThrow::new(&rp.flags);
    frames.push(start.map_or_else(|| SetupFrameView::of(&empty_setup(), header), |s| SetupFrameView::of(s, header)));
    for st in &rp.steps {
        let mut f = SetupFrameView::of(&st.after, header);
        f.throw = st.number;
        f.seat = Some(st.seat);
        f.dice = st.dice.map(|x| [x.high(), x.low()]);
        f.play = crate::fausse_case::recorded_text(&st.play, d);
        f.lawful = st.lawful;
        f.scored = st.points;
        f.note = crate::words::step_note(&st.detail);
        f.flags = by_throw.at(st.number).iter().map(|x| FlagView::of(x)).collect();
        frames.push(f);
    }
    let numbers: std::collections::HashSet<u32> = rp.steps.iter().map(|s| s.number).collect();
    let shown = |n: u32| numbers.contains(&n);
    let record_flags = rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown(n))).map(FlagView::of).collect();
    let setups = || rp.steps.iter().flat_map(|s| [&s.before, &s.after]).chain(&rp.last);
    let data = SetupPageData {
        head: PageHead::of(rec, header, header.game.name(), !rp.steps.is_empty()),
        cube: setups().any(|s| s.score.cube.is_some()),
        points: header.game == crate::notation::Game::TricTrac
            || setups().any(|s| s.score.points.is_some() || s.score.parties.is_some()),
        result: crate::sheet::end_line(rp, rec),
        frames,
        record_flags,
        flags: rp.flags.iter().map(FlagView::of).collect(),
    };
    let panel = [PANEL_TOP, SETUP_BODY, PANEL_FLAGS, SETUP_BODY_END];
    let script = [SCRIPT_OPEN, SETUP_SCRIPT_ERRORS, SCRIPT_PRELUDE, SETUP_SCRIPT, PAGE_SCRIPT_STEPS];
    let ready = "  document.body.setAttribute(\"data-ready\", \"1\");\n";
    page(&data.head.title, &panel, &script_json(&data), &script, ready)
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
#controls button { font-size: 1em; padding: .3em .9em; margin-right: .3em; }
#main { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
#board { border: 1px solid #5a3b1e; background: #f4ecd8; }
#panel { min-width: 22em; max-width: 34em; }
table.score { border-collapse: collapse; margin: .5em 0; }
table.score td, table.score th { border: 1px solid #b89b72; padding: .2em .7em; text-align: center; }
.label { color: #6b5234; }
#flags li, #record-flags li { color: #8b1a1a; }
#jans li { list-style: square; }
#position { font-family: monospace; font-size: .9em; word-break: break-all; }
.unlawful { color: #8b1a1a; font-weight: bold; }
#status { color: #8b1a1a; font-weight: bold; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 .3em; font-size: .85em; }
</style>
</head>
<body>
"##;

/// The top of every page's body: the title, the record's flags, the buttons.
const PAGE_BODY_TOP: &str = r##"<h1 id="title"></h1>
<div id="game-line" class="label"></div>
<p id="status" hidden></p>
<ul id="record-flags"></ul>
<div id="controls">
<button id="first" type="button" title="First (Home)">&#x00AB; First</button>
<button id="prev" type="button" title="Previous (Left arrow)">&#x25C0; Prev</button>
<button id="next" type="button" title="Next (Right arrow)">Next &#x25B6;</button>
<button id="last" type="button" title="Last (End)">Last &#x00BB;</button>
<span class="label">keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> <kbd>Home</kbd> <kbd>End</kbd></span>
</div>
"##;

/// Every page's panel begins with the throw, its number and the dice (the board's box
/// before it).
const PANEL_TOP: &str = r##"<div id="main" data-step="0">
<div id="board-box"></div>
<div id="panel">
<p><span class="label">Throw</span> <strong id="throw-number">0</strong> <span class="label">of</span> <span id="throw-count">0</span>
 &nbsp; <span class="label">step</span> <span id="step-index">0</span></p>
<p><span class="label">Thrower</span> <span id="seat"></span> &nbsp; <span class="label">Dice</span> <strong id="dice"></strong></p>
"##;

/// Every page's panel shows the throw's flags and the position string.
const PANEL_FLAGS: &str = r##"<p class="label">Flags</p>
<ul id="flags"></ul>
<p class="label">Position</p>
<p id="position"></p>
"##;

/// Grand Trictrac's panel (after [`PANEL_TOP`]): the play, points and holes, the jans.
const PAGE_BODY: &str = r##"<p><span class="label">Play</span> <strong id="play"></strong> <span id="decision"></span></p>
<table class="score">
<tr><th></th><th>points</th><th>holes</th><th>marked</th></tr>
<tr><th id="name-top">top</th><td id="score-top-points">0</td><td id="score-top-holes">0</td><td id="marked-top">0</td></tr>
<tr><th id="name-bottom">bottom</th><td id="score-bottom-points">0</td><td id="score-bottom-holes">0</td><td id="marked-bottom">0</td></tr>
</table>
<p><span class="label">Bredouille</span> <span id="bredouille">none</span> &nbsp; <span class="label">Pavillon</span> <span id="pavillon">none</span> &nbsp; <span class="label">To throw</span> <span id="turn"></span></p>
<p class="label">Jans</p>
<ul id="jans"></ul>
"##;

/// The end of Grand Trictrac's panel.
const PAGE_BODY_END: &str = r##"</div>
</div>
"##;

/// The start of every page's script: the function it is in, and what both pages use (the
/// game's data, the frames, the step shown, SVG elements, text, seat names).
const SCRIPT_OPEN: &str = r##""use strict";
(function () {
"##;

/// What both pages' scripts use (after [`SCRIPT_OPEN`]).
const SCRIPT_PRELUDE: &str = r##"  var data = JSON.parse(document.getElementById("game-data").textContent);
  var frames = data.frames;
  var k = 0;
  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
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
  // the 24 points of a board W wide a point and H high, column c at xOf(c): top's side
  // A..M above, bottom's & .. N below; each a group holding its men, by letter index
  function drawPoints(svg, W, H, xOf) {
    var points = [];
    for (var row = 0; row < 2; row++) {
      for (var col = 0; col < 12; col++) {
        var idx = row === 0 ? col : 23 - col; // letter index - 1
        var x = xOf(col);
        var g = el("g", { "data-point": data.soumille[idx], "data-top": 0, "data-bottom": 0 }, svg);
        var base = row === 0 ? 30 : H - 30, tip = row === 0 ? 200 : H - 200, ly = row === 0 ? 20 : H - 8;
        el("polygon", { points: (x + 2) + "," + base + " " + (x + W - 2) + "," + base + " " + (x + W / 2) + "," + tip,
          fill: col % 2 === 0 ? "#a0522d" : "#e8d5a9", stroke: "#5a3b1e" }, g);
        var t = el("text", { x: x + W / 2, y: ly, "text-anchor": "middle", "font-size": 14 }, g);
        t.textContent = data.letters[idx];
        var men = el("g", { "class": "men" }, g);
        points[idx] = { g: g, men: men, x: x + W / 2, row: row };
      }
    }
    return points;
  }
  // the buttons that cannot step further are off
  function buttons() {
    document.getElementById("prev").disabled = k === 0;
    document.getElementById("first").disabled = k === 0;
    document.getElementById("next").disabled = k === frames.length - 1;
    document.getElementById("last").disabled = k === frames.length - 1;
  }
  // the title, the game and players, the number of throws
  function heading() {
    text("title", data.title);
    document.title = data.title;
    text("game-line", data.game + (data.top || data.bottom ? " — top: " + (data.top || "?") + ", bottom: " + (data.bottom || "?") : ""));
    text("name-top", data.top ? "top (" + data.top + ")" : "top");
    text("name-bottom", data.bottom ? "bottom (" + data.bottom + ")" : "bottom");
    text("throw-count", frames.length > 1 ? frames[frames.length - 1].throw : 0);
  }
  // step `n` (clamped): the page's step, each point's men counted and drawn by
  // draw(point, top's men, bottom's men); the frame
  function frame(n, draw) {
    k = Math.max(0, Math.min(frames.length - 1, n));
    var f = frames[k];
    document.getElementById("main").setAttribute("data-step", k);
    for (var i = 0; i < 24; i++) {
      var p = points[i], t = f.men.top[i], b = f.men.bottom[i];
      p.g.setAttribute("data-top", t);
      p.g.setAttribute("data-bottom", b);
      draw(p, t, b);
    }
    return f;
  }
  // the caption and the throw's line: number, step, seat, dice, the play (marked unlawful)
  function throwLine(f) {
    caption.textContent = k === 0 ? "the start" : "after throw " + f.throw;
    text("throw-number", f.throw);
    text("step-index", k);
    text("seat", seatName(f.seat));
    text("dice", f.dice ? f.dice[0] + "-" + f.dice[1] : "");
    var play = document.getElementById("play");
    play.textContent = f.play;
    play.className = f.lawful ? "" : "unlawful";
  }
  // what the record as a whole says: not replayed (its start only), its flags
  function recordStatus() {
    if (!data.replayed) {
      var st = document.getElementById("status");
      st.hidden = false;
      st.setAttribute("data-flag", "not-replayed");
      st.textContent = "This record is not replayed: only its start is shown.";
    }
    list("record-flags", data.record_flags, flagItem);
  }
  function clear(g) { while (g.firstChild) g.removeChild(g.firstChild); }
  // a flag as an item of a list: its throw, what it is, its message
  function flagItem(f) {
    var li = document.createElement("li");
    li.setAttribute("data-kind", f.what);
    li.textContent = (f.throw ? "throw " + f.throw + ": " : "") + f.what + " — " + f.message;
    return li;
  }
  // the list `id` made again from `items`, each by `make`
  function list(id, items, make) {
    var ul = document.getElementById(id);
    clear(ul);
    items.forEach(function (x) { ul.appendChild(make(x)); });
  }
"##;

/// Grand Trictrac's script (after [`SCRIPT_PRELUDE`]): its board, jans and panel.
const PAGE_SCRIPT: &str = r##"  // the board: top's side A..M above, bottom's & .. N below
  var W = 40, H = 460, width = 12 * W + 60;
  var svg = el("svg", { id: "board", width: width, height: H + 30, viewBox: "0 0 " + width + " " + (H + 30) });
  document.getElementById("board-box").appendChild(svg);
  function xOf(col) { return 20 + col * W + (col >= 6 ? 20 : 0); }
  el("line", { x1: xOf(6) - 10, y1: 30, x2: xOf(6) - 10, y2: 205, stroke: "#5a3b1e", "stroke-width": 6 }, svg);
  el("line", { x1: xOf(6) - 10, y1: H - 205, x2: xOf(6) - 10, y2: H - 30, stroke: "#5a3b1e", "stroke-width": 6 }, svg);
  var points = drawPoints(svg, W, H, xOf);
  var offTop = el("text", { id: "off-top", x: width / 2, y: H / 2 - 8, "text-anchor": "middle", "font-size": 13, "data-count": 0 }, svg);
  var offBottom = el("text", { id: "off-bottom", x: width / 2, y: H / 2 + 14, "text-anchor": "middle", "font-size": 13, "data-count": 0 }, svg);
  var caption = el("text", { id: "board-caption", x: width / 2, y: H + 20, "text-anchor": "middle", "font-size": 13 }, svg);
  function drawMen(p, n, seat) {
    while (p.men.firstChild) p.men.removeChild(p.men.firstChild);
    var fill = seat === "top" ? "#222" : "#fafafa";
    for (var i = 0; i < Math.min(n, 5); i++) {
      var cy = p.row === 0 ? 48 + 34 * i : H - 48 - 34 * i;
      el("circle", { cx: p.x, cy: cy, r: 16, fill: fill, stroke: "#333" }, p.men);
      if (i === 4 && n > 5) {
        var c = el("text", { x: p.x, y: cy + 5, "text-anchor": "middle", "font-size": 14, fill: seat === "top" ? "#fff" : "#000" }, p.men);
        c.textContent = n;
      }
    }
  }
  function show(n) {
    var f = frame(n, function (p, t, b) { drawMen(p, t > 0 ? t : b, t > 0 ? "top" : "bottom"); });
    offTop.setAttribute("data-count", f.men.off[0]);
    offBottom.setAttribute("data-count", f.men.off[1]);
    offTop.textContent = "borne off: top " + f.men.off[0];
    offBottom.textContent = "borne off: bottom " + f.men.off[1];
    throwLine(f);
    text("decision", (f.decision ? f.decision : "") + (f.releve ? " (relève)" : ""));
    text("score-top-points", f.score.points[0]);
    text("score-top-holes", f.score.holes[0]);
    text("score-bottom-points", f.score.points[1]);
    text("score-bottom-holes", f.score.holes[1]);
    text("marked-top", f.marked[0] + (f.marked[0] !== f.expected[0] ? " (owed " + f.expected[0] + ")" : ""));
    text("marked-bottom", f.marked[1] + (f.marked[1] !== f.expected[1] ? " (owed " + f.expected[1] + ")" : ""));
    text("bredouille", f.score.bredouille || "none");
    text("pavillon", f.score.pavillon || "none");
    text("turn", f.men.turn);
    text("position", f.position);
    list("jans", f.jans, function (j) {
      var li = document.createElement("li");
      li.setAttribute("data-code", j.code);
      li.setAttribute("data-seat", j.seat);
      li.textContent = j.code + " — " + j.seat + ", " + j.ways + (j.ways === 1 ? " way" : " ways") + ", " + j.points + " points" + (j.at ? " at " + j.at : "");
      return li;
    });
    list("flags", f.flags, flagItem);
    buttons();
  }
  heading();
  recordStatus();
"##;

/// How every page steps: the buttons, the keys, and the URL's `#step=K&keys=…&clicks=…`;
/// `show(n)` and `frames` come before it. The function it is in is closed after it.
const PAGE_SCRIPT_STEPS: &str = r##"  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(k - 1); });
  document.getElementById("next").addEventListener("click", function () { show(k + 1); });
  document.getElementById("last").addEventListener("click", function () { show(frames.length - 1); });
  document.addEventListener("keydown", function (e) {
    var to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: frames.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(0);
  // #step=K, #throw=N, keys=right,left,home,end, clicks=next,prev,first,last
  var KEYS = { right: "ArrowRight", left: "ArrowLeft", home: "Home", end: "End" };
  var args = (location.hash || "").replace(/^#/, "") + "&" + (location.search || "").replace(/^\?/, "");
  args.split("&").forEach(function (kv) {
    var i = kv.indexOf("=");
    if (i < 0) return;
    var key = kv.slice(0, i), val = decodeURIComponent(kv.slice(i + 1));
    if (key === "step") show(parseInt(val, 10) || 0);
    else if (key === "throw") {
      var n = parseInt(val, 10);
      for (var j = 0; j < frames.length; j++) if (frames[j].throw === n) { show(j); break; }
    } else if (key === "keys") {
      val.split(",").forEach(function (name) {
        if (KEYS[name]) document.dispatchEvent(new KeyboardEvent("keydown", { key: KEYS[name], bubbles: true }));
      });
    } else if (key === "clicks") {
      val.split(",").forEach(function (name) {
        var b = document.getElementById(name);
        if (b) b.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
    }
  });
"##;

/// The panel of the other games' page (after [`PANEL_TOP`]): the play and its note, each
/// seat's men borne off and on the bar, Tric Trac's points and parties, the cube, the end.
const SETUP_BODY: &str = r##"<p><span class="label">Play</span> <strong id="play"></strong> <span id="note"></span></p>
<table class="score">
<tr><th></th><th>borne off</th><th>on the bar</th><th class="points">points</th><th class="points">parties</th><th>scored</th></tr>
<tr><th id="name-top">top</th><td id="score-top-off">0</td><td id="score-top-bar">0</td><td class="points" id="score-top-points">0</td><td class="points" id="score-top-parties">0</td><td id="scored-top"></td></tr>
<tr><th id="name-bottom">bottom</th><td id="score-bottom-off">0</td><td id="score-bottom-bar">0</td><td class="points" id="score-bottom-points">0</td><td class="points" id="score-bottom-parties">0</td><td id="scored-bottom"></td></tr>
</table>
<p><span id="cube-line"><span class="label">Cube</span> <span id="cube-text"></span> &nbsp; </span><span class="label">To throw</span> <span id="turn"></span></p>
"##;

/// The end of the other games' panel: the result.
const SETUP_BODY_END: &str = r##"<p class="label">Result</p>
<p id="result"></p>
</div>
</div>
"##;

/// The other games' script first notes any error on the page (`data-script-error`, for tests).
const SETUP_SCRIPT_ERRORS: &str = r##"  window.addEventListener("error", function (e) {
    document.body.setAttribute("data-script-error", String(e.message));
  });
"##;

/// The other games' script (after [`SCRIPT_PRELUDE`]): their board and panel.
const SETUP_SCRIPT: &str = r##"  var SEATS = ["top", "bottom"];
  // the board: top's side A..M above, bottom's & .. N below, the bar between the halves,
  // a tray on the right for the men borne off and the cube
  var W = 40, BAR = 44, H = 460, TRAY = 64, boardW = 12 * W + 40 + BAR, width = boardW + TRAY, mid = H / 2;
  var svg = el("svg", { id: "board", width: width, height: H + 30, viewBox: "0 0 " + width + " " + (H + 30) });
  document.getElementById("board-box").appendChild(svg);
  function xOf(col) { return 20 + col * W + (col >= 6 ? BAR : 0); }
  var barX = xOf(6) - BAR / 2;
  el("rect", { x: xOf(6) - BAR, y: 10, width: BAR, height: H - 20, fill: "#8b5a2b" }, svg);
  var points = drawPoints(svg, W, H, xOf);
  var bars = {}, offs = {};
  SEATS.forEach(function (seat) { bars[seat] = el("g", { id: "bar-" + seat, "data-count": 0 }, svg); });
  el("rect", { x: boardW + 4, y: 10, width: TRAY - 8, height: H - 20, fill: "#efe4c8", stroke: "#5a3b1e", "stroke-width": 2 }, svg);
  var cx = boardW + TRAY / 2;
  SEATS.forEach(function (seat) { offs[seat] = el("g", { id: "off-" + seat, "data-count": 0 }, svg); });
  var cube = data.cube ? el("g", { id: "cube", "data-value": 1, "data-owner": "none" }, svg) : null;
  var caption = el("text", { id: "board-caption", x: width / 2, y: H + 20, "text-anchor": "middle", "font-size": 13 }, svg);
  function man(g, x, y, seat, label) {
    el("circle", { cx: x, cy: y, r: 16, fill: seat === "top" ? "#222" : "#fafafa", stroke: "#333" }, g);
    if (label) {
      var t = el("text", { x: x, y: y + 5, "text-anchor": "middle", "font-size": 14, fill: seat === "top" ? "#fff" : "#000" }, g);
      t.textContent = label;
    }
  }
  // top's men first, then bottom's (a point both hold shows both colours)
  function drawPoint(p, t, b) {
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
    var label = el("text", { x: cx, y: seat === "top" ? 26 : H - 14, "text-anchor": "middle", "font-size": 12 }, g);
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
  function show(n) {
    var f = frame(n, drawPoint);
    SEATS.forEach(function (seat, i) {
      drawBar(seat, f.men.bar[i]);
      drawOff(seat, f.men.off[i]);
      text("score-" + seat + "-off", f.men.off[i]);
      text("score-" + seat + "-bar", f.men.bar[i]);
      text("score-" + seat + "-points", f.points[i]);
      text("score-" + seat + "-parties", f.parties[i]);
      text("scored-" + seat, f.scored[i] ? "+" + f.scored[i] : "");
    });
    drawCube(f.cube);
    throwLine(f);
    text("note", f.note ? "(" + f.note + ")" : "");
    text("cube-text", f.cube ? "cube " + f.cube.value + (f.cube.owner ? ", owned by " + seatName(f.cube.owner) : ", centred") : "");
    text("turn", f.men.turn);
    text("position", f.position);
    list("flags", f.flags, flagItem);
    buttons();
  }
  heading();
  text("result", data.result);
  if (!data.points) {
    Array.prototype.forEach.call(document.querySelectorAll(".points"), function (e) { e.hidden = true; });
  }
  document.getElementById("cube-line").hidden = !data.cube;
  recordStatus();
"##;
