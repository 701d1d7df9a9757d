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
}

/// The seat en bredouille, if one is.
fn bredouille_seat(s: &Score) -> Option<Seat> {
    Seat::ALL.into_iter().find(|seat| s.bredouille[seat.index()])
}

/// The position a record starts from (before its first throw).
pub fn start_position(rec: &Record, header: &Header, rp: &Replay) -> Position {
    if let Some(s) = rp.steps.first() {
        return s.before;
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
        (Some(s), _) => s.before,
        (None, Some(rec)) => start_position(rec, header, rp),
        (None, None) => rp.end.unwrap_or_else(|| Position::opening(Seat::Top)),
    };
    let mut out = Vec::with_capacity(rp.steps.len() + 1);
    out.push(Frame { position: start, score: crate::replay::start_score(header), throws });
    for s in &rp.steps {
        if s.releve {
            throws = [0, 0];
        } else {
            throws[s.seat.index()] += 1;
        }
        out.push(Frame { position: s.after, score: s.score, throws });
    }
    out
}

/// The frame after throw `at` (`0`: the start), if the replay reached it.
pub fn frame_at(rp: &Replay, header: &Header, at: u32) -> Option<Frame> {
    let fr = frames(rp, header);
    if at == 0 {
        return (!rp.steps.is_empty() || rp.end.is_some()).then(|| fr[0]);
    }
    let k = rp.steps.iter().position(|s| s.number == at)?;
    Some(fr[k + 1])
}

/// One row of `replay --format json`: the sheet's row and the position before the throw.
#[derive(Serialize)]
pub struct ReplayRow<'a> {
    /// The row of the score sheet.
    #[serde(flatten)]
    pub row: &'a crate::sheet::Row,
    /// The position string (NOTATION.md §6) before the throw, every score field given.
    pub position_before: String,
}

/// `soumille replay --format json`: one document.
#[derive(Serialize)]
pub struct ReplayDocument<'a> {
    /// One row per throw replayed.
    pub rows: Vec<ReplayRow<'a>>,
    /// Every flag, in throw order.
    pub flags: &'a [Flag],
    /// The result of the tour, with its winnings, when it ended.
    pub result: Option<crate::replay::Outcome>,
    /// The throw at which the replay stopped, if it did.
    pub stopped_at: Option<u32>,
    /// The score at the end as the record's claims leave it (RULES.md §9).
    #[serde(rename = "final")]
    pub final_score: crate::report::FinalScore,
}

/// The document of `soumille replay --format json` for the rows of `sheet` (made from
/// `rp`): each row with `position_before`, every flag, the result and the final score.
pub fn replay_document<'a>(rp: &'a Replay, sheet: &'a crate::sheet::Sheet, header: &Header) -> ReplayDocument<'a> {
    let fr = frames(rp, header);
    let rows = sheet
        .rows
        .iter()
        .zip(&rp.steps)
        .enumerate()
        .map(|(k, (row, step))| ReplayRow {
            row,
            position_before: Frame { position: step.before, ..fr[k] }.position_string(),
        })
        .collect();
    ReplayDocument {
        rows,
        flags: &rp.flags,
        result: rp.outcome,
        stopped_at: rp.stopped_at,
        final_score: crate::report::FinalScore::from(&rp.score),
    }
}

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
        FlagView { throw: f.throw, what: f.what(), seat: f.seat, message: f.message.clone() }
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

#[derive(Serialize)]
struct PageData {
    title: String,
    game: String,
    top: String,
    bottom: String,
    /// The 24 letters in the record's alphabet, index 0 = Soumille's A.
    letters: Vec<String>,
    /// The 24 Soumille letters (the `data-point` attributes).
    soumille: Vec<String>,
    replayed: bool,
    frames: Vec<FrameView>,
    /// Flags of the record as a whole (no throw), and the replay's stop.
    record_flags: Vec<FlagView>,
    flags: Vec<FlagView>,
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
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
pub fn view_html(rec: &Record, header: &Header, rp: &Replay) -> String {
    let d = header.letters;
    let fr = frames_of(Some(rec), rp, header);
    let point_letter = |p: Option<Point>| p.map(|p| p.letter(d).to_string());
    let mut frames = Vec::with_capacity(fr.len());
    for (k, f) in fr.iter().enumerate() {
        let step = k.checked_sub(1).map(|i| &rp.steps[i]);
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
                position: f.position_string(),
                flags: Vec::new(),
            },
            Some(s) => FrameView {
                throw: s.number,
                seat: Some(s.seat),
                dice: Some([s.dice.high(), s.dice.low()]),
                play: crate::fausse_case::recorded_text(&s.play, d),
                lawful: s.lawful,
                releve: s.releve,
                decision: s.decision.map(|x| match x {
                    crate::notation::Decision::Hold => "tient",
                    crate::notation::Decision::Go => "va",
                    crate::notation::Decision::Prolong => "prolonge",
                    crate::notation::Decision::Restart => "recommence",
                }),
                jans: s
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
                marked: s.marked,
                expected: s.expected,
                men: Men::of(&f.position),
                score: ScoreView::of(&f.score),
                position: f.position_string(),
                flags: rp.flags.iter().filter(|x| x.throw == Some(s.number)).map(FlagView::of).collect(),
            },
        };
        frames.push(view);
    }
    let replayed = !rp.steps.is_empty();
    // flags of no throw, and flags at throws the replay never reached (not-replayed)
    let shown: Vec<u32> = rp.steps.iter().map(|s| s.number).collect();
    let record_flags =
        rp.flags.iter().filter(|f| f.throw.is_none_or(|n| !shown.contains(&n))).map(FlagView::of).collect();
    let tag = |n: &str| rec.tag(n).unwrap_or("").to_string();
    let (top, bottom) = (tag("Top"), tag("Bottom"));
    let mut title = match (top.is_empty(), bottom.is_empty()) {
        (false, false) => format!("{top} – {bottom}"),
        _ => "Trictrac".to_string(),
    };
    for t in ["Event", "Date"] {
        if let Some(v) = rec.tag(t) {
            title.push_str(&format!(", {v}"));
        }
    }
    let data = PageData {
        title: title.clone(),
        game: header.game.name().to_string(),
        top,
        bottom,
        letters: Point::all().map(|p| p.letter(d).to_string()).collect(),
        soumille: Point::all().map(|p| p.letter(Dialect::Soumille).to_string()).collect(),
        replayed,
        frames,
        record_flags,
        flags: rp.flags.iter().map(FlagView::of).collect(),
    };
    let json = serde_json::to_string(&data)
        .expect("page data serializes")
        // inside <script>: no `<`, `>` or `&` in the text (JSON allows their \u escapes)
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let mut s = String::with_capacity(json.len() + PAGE_HEAD.len() + PAGE_BODY.len() + PAGE_SCRIPT.len() + 256);
    s.push_str(&PAGE_HEAD.replace("{{TITLE}}", &esc(&title)));
    s.push_str(PAGE_BODY);
    s.push_str("<script type=\"application/json\" id=\"game-data\">");
    s.push_str(&json);
    s.push_str("</script>\n<script>\n");
    s.push_str(PAGE_SCRIPT);
    s.push_str("</script>\n</body>\n</html>\n");
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

const PAGE_BODY: &str = r##"<h1 id="title"></h1>
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
<div id="main" data-step="0">
<div id="board-box"></div>
<div id="panel">
<p><span class="label">Throw</span> <strong id="throw-number">0</strong> <span class="label">of</span> <span id="throw-count">0</span>
 &nbsp; <span class="label">step</span> <span id="step-index">0</span></p>
<p><span class="label">Thrower</span> <span id="seat"></span> &nbsp; <span class="label">Dice</span> <strong id="dice"></strong></p>
<p><span class="label">Play</span> <strong id="play"></strong> <span id="decision"></span></p>
<table class="score">
<tr><th></th><th>points</th><th>holes</th><th>marked</th></tr>
<tr><th id="name-top">top</th><td id="score-top-points">0</td><td id="score-top-holes">0</td><td id="marked-top">0</td></tr>
<tr><th id="name-bottom">bottom</th><td id="score-bottom-points">0</td><td id="score-bottom-holes">0</td><td id="marked-bottom">0</td></tr>
</table>
<p><span class="label">Bredouille</span> <span id="bredouille">none</span> &nbsp; <span class="label">Pavillon</span> <span id="pavillon">none</span> &nbsp; <span class="label">To throw</span> <span id="turn"></span></p>
<p class="label">Jans</p>
<ul id="jans"></ul>
<p class="label">Flags</p>
<ul id="flags"></ul>
<p class="label">Position</p>
<p id="position"></p>
</div>
</div>
"##;

const PAGE_SCRIPT: &str = r##""use strict";
(function () {
  var data = JSON.parse(document.getElementById("game-data").textContent);
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
  // the board: top's side A..M above, bottom's & .. N below
  var W = 40, H = 460, width = 12 * W + 60;
  var svg = el("svg", { id: "board", width: width, height: H + 30, viewBox: "0 0 " + width + " " + (H + 30) });
  document.getElementById("board-box").appendChild(svg);
  function xOf(col) { return 20 + col * W + (col >= 6 ? 20 : 0); }
  el("line", { x1: xOf(6) - 10, y1: 30, x2: xOf(6) - 10, y2: 205, stroke: "#5a3b1e", "stroke-width": 6 }, svg);
  el("line", { x1: xOf(6) - 10, y1: H - 205, x2: xOf(6) - 10, y2: H - 30, stroke: "#5a3b1e", "stroke-width": 6 }, svg);
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
  function flagItem(f) {
    var li = document.createElement("li");
    li.setAttribute("data-kind", f.what);
    li.textContent = (f.throw ? "throw " + f.throw + ": " : "") + f.what + " — " + f.message;
    return li;
  }
  function list(id, items, make) {
    var ul = document.getElementById(id);
    while (ul.firstChild) ul.removeChild(ul.firstChild);
    items.forEach(function (x) { ul.appendChild(make(x)); });
  }
  function show(n) {
    k = Math.max(0, Math.min(frames.length - 1, n));
    var f = frames[k];
    document.getElementById("main").setAttribute("data-step", k);
    for (var i = 0; i < 24; i++) {
      var p = points[i], t = f.men.top[i], b = f.men.bottom[i];
      p.g.setAttribute("data-top", t);
      p.g.setAttribute("data-bottom", b);
      drawMen(p, t > 0 ? t : b, t > 0 ? "top" : "bottom");
    }
    offTop.setAttribute("data-count", f.men.off[0]);
    offBottom.setAttribute("data-count", f.men.off[1]);
    offTop.textContent = "borne off: top " + f.men.off[0];
    offBottom.textContent = "borne off: bottom " + f.men.off[1];
    caption.textContent = k === 0 ? "the start" : "after throw " + f.throw;
    text("throw-number", f.throw);
    text("step-index", k);
    text("seat", seatName(f.seat));
    text("dice", f.dice ? f.dice[0] + "-" + f.dice[1] : "");
    var play = document.getElementById("play");
    play.textContent = f.play;
    play.className = f.lawful ? "" : "unlawful";
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
    document.getElementById("prev").disabled = k === 0;
    document.getElementById("first").disabled = k === 0;
    document.getElementById("next").disabled = k === frames.length - 1;
    document.getElementById("last").disabled = k === frames.length - 1;
  }
  text("title", data.title);
  document.title = data.title;
  text("game-line", data.game + (data.top || data.bottom ? " — top: " + (data.top || "?") + ", bottom: " + (data.bottom || "?") : ""));
  text("name-top", data.top ? "top (" + data.top + ")" : "top");
  text("name-bottom", data.bottom ? "bottom (" + data.bottom + ")" : "bottom");
  text("throw-count", frames.length > 1 ? frames[frames.length - 1].throw : 0);
  if (!data.replayed) {
    var st = document.getElementById("status");
    st.hidden = false;
    st.setAttribute("data-flag", "not-replayed");
    st.textContent = "This record is not replayed: only its start is shown.";
  }
  list("record-flags", data.record_flags, flagItem);
  document.getElementById("first").addEventListener("click", function () { show(0); });
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
})();
"##;
