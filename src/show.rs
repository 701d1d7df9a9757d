//! Pictures of a position: the classic text layout with the letters along both sides, and
//! SVG. Renderers only read.

use crate::board::{Dialect, Point, PointNames, Seat, Setup};
use crate::notation::{Header, Record};
use crate::output::Score;
use crate::position::Position;
use crate::replay::{Flag, Replay};
use std::fmt::Write;

/// The board as text: top's side (A..M) above, bottom's (& .. N) below, top's men `x`,
/// bottom's `o`; a column of more than five shows its count.
pub fn board_text(pos: &Position, dialect: Dialect) -> String {
    setup_text(&pos.to_setup(), dialect)
}

/// [`board_text`] of a setup, for any tables game (the men per letter, the bar, the men
/// borne off, the seat to throw): renderers of the other games draw their boards with it.
pub fn setup_text(setup: &Setup, names: impl Into<PointNames>) -> String {
    let names = names.into();
    let top_row: Vec<u8> = (1..=12).collect();
    let bottom_row: Vec<u8> = (13..=24).rev().collect();
    let mut s = String::new();
    let letters = |row: &[u8]| text_letters(setup, names, row);
    let row = |r: &[u8], depth: u8| text_row(setup, r, depth);
    let cube = text_cube(setup);
    if let (Some(c), Some(Seat::Top)) = (&cube, setup.score.owner.flatten()) {
        let _ = writeln!(s, "{c:^41}");
    }
    s.push_str(&letters(&top_row));
    s.push('\n');
    for d in 0..5 {
        s.push_str(&row(&top_row, d));
        s.push('\n');
    }
    match (&cube, setup.score.owner.flatten()) {
        (Some(c), None) => {
            let _ = writeln!(s, " {:-^39}", format!(" {c} "));
        }
        _ => {
            let _ = writeln!(s, " {}", "-".repeat(39));
        }
    }
    for d in (0..5).rev() {
        s.push_str(&row(&bottom_row, d));
        s.push('\n');
    }
    s.push_str(&letters(&bottom_row));
    s.push('\n');
    if let (Some(c), Some(Seat::Bottom)) = (&cube, setup.score.owner.flatten()) {
        let _ = writeln!(s, "{c:^41}");
    }
    if setup.bar[Seat::Top] > 0 || setup.bar[Seat::Bottom] > 0 {
        let _ = writeln!(s, " on the bar: top {}, bottom {}", setup.bar[Seat::Top], setup.bar[Seat::Bottom]);
    }
    let _ = writeln!(
        s,
        " borne off: top {}, bottom {}; {} to throw",
        setup.off[Seat::Top],
        setup.off[Seat::Bottom],
        setup.turn
    );
    s
}

/// The letters (or numbers) of a row of points of a text board, as `names` names them from
/// the thrower's side.
fn text_letters(setup: &Setup, names: PointNames, row: &[u8]) -> String {
    let mut l = String::from(" ");
    for (k, &i) in row.iter().enumerate() {
        if k == 6 {
            l.push_str(" |");
        }
        let _ = write!(l, "{:>3}", names.name(Point::new(i).expect("letter"), setup.turn));
    }
    l
}

/// One line of a text board's row of points: the men `depth` deep on each point.
fn text_row(setup: &Setup, r: &[u8], depth: u8) -> String {
    let mut l = String::from(" ");
    for (k, &i) in r.iter().enumerate() {
        if k == 6 {
            l.push_str(" |");
        }
        l.push_str(&text_cell(setup, i, depth));
    }
    l.trim_end().to_string()
}

/// The man `depth` deep on the point of letter index `i` of a text board: top's `x`,
/// bottom's `o`, a point shared by both seats (a kept fausse case in some games) `?`, the
/// count of a column of more than five on its fifth line.
fn text_cell(setup: &Setup, i: u8, depth: u8) -> String {
    let p = Point::new(i).expect("letter index");
    let (t, b) = (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p));
    let (n, ch) = if t > 0 && b > 0 {
        (t + b, '?')
    } else if t > 0 {
        (t, 'x')
    } else {
        (b, 'o')
    };
    if n == 0 || depth >= 5 || depth >= n {
        return "  .".replace('.', if depth == 0 && n == 0 { "." } else { " " });
    }
    if depth == 4 && n > 5 {
        return format!("{n:>3}");
    }
    format!("  {ch}")
}

/// The cube of a text board, `[2]` (docs/games.md §D.7: a cube nobody has turned shows 64),
/// drawn at its owner's edge of the board, on the middle line when nobody owns it.
fn text_cube(setup: &Setup) -> Option<String> {
    let value = setup.score.cube?;
    let owner = setup.score.owner.flatten();
    let face = if value == 1 && owner.is_none() { 64 } else { value };
    Some(format!("[{face}]"))
}

/// Escapes text for HTML and SVG, in content and in quoted attributes. Control characters
/// (which XML 1.0 refuses, or which move a terminal's cursor) and the noncharacters U+FFFE
/// and U+FFFF (which XML 1.0 refuses) are written as `check` writes them (`\u{1b}`), so
/// every page and picture is well-formed XML whatever a record's names and comments hold.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            c if crate::notation::error::is_control(c) || matches!(c, '\u{fffe}' | '\u{ffff}') => {
                crate::notation::error::push_control(&mut out, c)
            }
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What the caption of a board says, besides the position and the score.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caption<'a> {
    /// What the board shows, e.g. `after throw 15` or `before throw 13: bottom throws 1-1`.
    pub title: &'a str,
    /// The throw the board belongs to (`None`: the start).
    pub throw: Option<u32>,
    /// Top's name, if the record gives it.
    pub top: Option<&'a str>,
    /// Bottom's name.
    pub bottom: Option<&'a str>,
}

impl Caption<'_> {
    fn name(&self, seat: Seat) -> String {
        let n = match seat {
            Seat::Top => self.top,
            Seat::Bottom => self.bottom,
        };
        n.map_or_else(|| seat.name().to_string(), |n| format!("{n} ({seat})"))
    }
}

const POINT_W: f64 = 40.0;
const BAND: f64 = 58.0;
const BOARD_H: f64 = 460.0;
const TRAY: f64 = 64.0;
/// Width of the bar between the two halves of a board whose men may stand on it
/// (backgammon's, docs/games.md §D.9, `@n`), and of the narrow bar of the others.
const BAR_W: f64 = 44.0;
const NARROW_BAR_W: f64 = 20.0;
/// Characters of a caption line before it wraps.
const CAPTION_CHARS: usize = 88;

/// What a board picture shows besides its setup: the caption, the game, what each seat
/// scored with the throw, the replay's note, the flags raised at the throw and the points
/// whose men just moved. Everything here was decided by the game's rules in the replay.
#[derive(Clone, Copy, Debug, Default)]
pub struct Notes<'a> {
    /// The caption: what the board shows, the throw, the names.
    pub caption: Caption<'a>,
    /// The game's name (`jacquet`, …), shown in the caption (nothing when empty).
    pub game: &'a str,
    /// What each seat scored with the throw, `[top, bottom]` (Tric Trac).
    pub scored: [u16; 2],
    /// The replay's note on the throw: the cube action, the partie won, …
    pub note: &'a str,
    /// The flags raised at the throw.
    pub flags: &'a [Flag],
    /// Whether to show each seat's points and parties (Tric Trac, docs/games.md §E.11), even when
    /// the setup leaves them out (zero).
    pub points: bool,
    /// The points whose men the throw moved (drawn highlighted).
    pub moved: &'a [Point],
}

/// The geometry of a picture, from what its setup holds: a setup with Grand Trictrac's
/// score fields (holes) is drawn on a trictrac (narrow bar, talons and coins marked, holes
/// and jetons in the bands); the others with a bar wide enough for men.
struct Layout {
    trictrac: bool,
    bar_w: f64,
    board_w: f64,
    width: f64,
    height: f64,
    y0: f64,
    y1: f64,
}

impl Layout {
    fn of(setup: &Setup, caption_lines: usize) -> Layout {
        let trictrac = setup.score.holes.is_some();
        let bar_w = if trictrac { NARROW_BAR_W } else { BAR_W };
        let board_w = 12.0 * POINT_W + 40.0 + bar_w;
        let caption_h = 12.0 + 19.0 * caption_lines as f64;
        Layout {
            trictrac,
            bar_w,
            board_w,
            width: board_w + TRAY,
            height: BAND + BOARD_H + BAND + caption_h,
            y0: BAND,
            y1: BAND + BOARD_H,
        }
    }

    fn x_of(&self, col: usize) -> f64 {
        20.0 + col as f64 * POINT_W + if col >= 6 { self.bar_w } else { 0.0 }
    }

    fn mid(&self) -> f64 {
        self.y0 + BOARD_H / 2.0
    }

    /// The middle of the tray beside the board.
    fn tray_x(&self) -> f64 {
        self.board_w + TRAY / 2.0
    }
}

/// The least font size of a picture's text, in its own units. The fiche and the viewer draw
/// a picture at its own size (a unit to a CSS pixel, 0.75 pt on paper), so its smallest
/// label prints at 9.75 pt, no smaller than a printed page's body text (issue 24).
const SMALLEST_FONT: u32 = 13;

const TITLE: &str = r#" font-size="15" font-weight="bold""#;
const PLAIN: &str = r#" font-size="13""#;
const FLAG: &str = r##" font-size="13" class="flag" fill="#8b1a1a""##;

/// The caption's lines, each with its attributes: the title, the players, the men, the
/// note, the flags.
fn caption_lines(setup: &Setup, notes: &Notes<'_>) -> Vec<(String, &'static str)> {
    let caption = &notes.caption;
    let mut lines: Vec<(String, &'static str)> = Vec::new();
    let throw = caption.throw.map(|n| format!("Throw {n}: ")).unwrap_or_default();
    lines.push((format!("{throw}{}", caption.title), TITLE));
    let game = if notes.game.is_empty() { String::new() } else { format!("{}: ", notes.game) };
    let names = format!("{} (dark men) against {} (light men)", caption.name(Seat::Top), caption.name(Seat::Bottom));
    lines.push((format!("{game}{names}"), PLAIN));
    let mut men = format!("borne off: top {}, bottom {}", setup.off[Seat::Top], setup.off[Seat::Bottom]);
    if setup.bar[Seat::Top] > 0 || setup.bar[Seat::Bottom] > 0 {
        let _ = write!(men, "; on the bar: top {}, bottom {}", setup.bar[Seat::Top], setup.bar[Seat::Bottom]);
    }
    if let Some(c) = cube_words(setup, |s| s.name().to_string()) {
        let _ = write!(men, "; {c}");
    }
    let _ = write!(men, "; {} to throw", setup.turn);
    lines.push((men, PLAIN));
    lines.extend(wrap(notes.note, CAPTION_CHARS).into_iter().map(|l| (l, PLAIN)));
    for f in notes.flags {
        lines.extend(wrap(&format!("[{}] {}", f.what(), f.body()), CAPTION_CHARS).into_iter().map(|l| (l, FLAG)));
    }
    lines
}

/// The board of any tables game as SVG, drawn from a setup alone (docs/games.md §0): two rows of
/// twelve flèches with their letters in the record's alphabet (top's men dark, bottom's
/// light), the points whose men just moved outlined, the men on the bar in the middle of
/// the board (`@n`, docs/games.md §D.9), the men borne off in a tray beside it, the doubling cube
/// with its value beside the owner's side (centred when no one owns it, docs/games.md §D.7);
/// above and below the board each seat's band: Grand Trictrac's points (the jeton, two en
/// bredouille), holes pegged and pavillon (when the setup holds holes), or the men borne off
/// and on the bar and Tric Trac's points and parties (docs/games.md §E.11). Under everything a
/// caption: the throw, the dice and the play, the names, the replay's note and the flags of
/// the throw with their messages.
///
/// Every point is a group `<g data-point="A" data-top="2" data-bottom="0">`; the bar and the
/// men borne off (`<g class="bar" data-seat="top" data-count="1">`, `class="off"`) and the
/// cube (`<g class="cube" data-value="2" data-owner="top">`) say what they hold, so that
/// tests and scripts read the picture; no element has an id, so that a page may hold many. Knows no game's rules: only what the setup holds.
pub fn board_picture(setup: &Setup, notes: &Notes<'_>, names: impl Into<PointNames>) -> String {
    let names = names.into();
    let lines = caption_lines(setup, notes);
    let l = Layout::of(setup, lines.len());
    let mut s = String::with_capacity(16 * 1024);
    open_svg(&mut s, &l, notes);
    board_frame(&mut s, &l);
    for (row, letters) in [(0, (1..=12u8).collect::<Vec<_>>()), (1, (13..=24u8).rev().collect::<Vec<_>>())] {
        for (col, &i) in letters.iter().enumerate() {
            if let Some(p) = Point::new(i) {
                point(&mut s, &l, setup, (row, col, p), notes.moved.contains(&p), names);
            }
        }
    }
    bar_men(&mut s, &l, setup);
    tray(&mut s, &l, setup);
    cube(&mut s, &l, setup);
    for seat in Seat::ALL {
        let band_y = match seat {
            Seat::Top => 0.0,
            Seat::Bottom => l.y1,
        };
        if l.trictrac {
            let score = setup_score(setup);
            score_band(&mut s, seat, &score, &notes.caption.name(seat), band_y, l.width);
        } else {
            tables_band(&mut s, seat, setup, notes, band_y);
        }
    }
    let mut y = l.y1 + BAND + 22.0;
    for (line, attrs) in &lines {
        let _ =
            writeln!(s, r#"<text x="{}" y="{y}" text-anchor="middle"{attrs}>{}</text>"#, l.width / 2.0, escape(line));
        y += 19.0;
    }
    s.push_str("</svg>\n");
    s
}

/// The `<svg>` element with its label, and the background.
fn open_svg(s: &mut String, l: &Layout, notes: &Notes<'_>) {
    let caption = &notes.caption;
    let label = match caption.throw {
        Some(n) => format!("The board, throw {n}: {}", caption.title),
        None => format!("The board: {}", caption.title),
    };
    let game = if notes.game.is_empty() { String::new() } else { format!(r#" data-game="{}""#, escape(notes.game)) };
    let (width, height) = (l.width, l.height);
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board"{game} width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="serif" role="img" aria-label="{}">"##,
        escape(&label)
    );
    let _ = writeln!(s, r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>"##);
}

/// The board and its bar: a line on a trictrac, a band that holds men on the others.
fn board_frame(s: &mut String, l: &Layout) {
    let _ = writeln!(
        s,
        r##"<rect x="0" y="{}" width="{}" height="{BOARD_H}" fill="#f4ecd8" stroke="#5a3b1e" stroke-width="4"/>"##,
        l.y0, l.board_w
    );
    let bar_x = l.x_of(6) - l.bar_w;
    if l.trictrac {
        let _ = writeln!(
            s,
            r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#5a3b1e" stroke-width="6"/>"##,
            bar_x + l.bar_w / 2.0,
            l.y0 + 2.0,
            l.y1 - 2.0
        );
    } else {
        let _ = writeln!(
            s,
            r##"<rect x="{bar_x}" y="{}" width="{}" height="{}" fill="#8b5a2b"/>"##,
            l.y0 + 2.0,
            l.bar_w,
            BOARD_H - 4.0
        );
    }
}

/// One point (`row` 0: top's side; column `col`; the point `p`): its flèche, its letter (on
/// a trictrac, the talons and coins marked), its men, top's first; outlined when `moved`.
fn point(s: &mut String, l: &Layout, setup: &Setup, (row, col, p): (u8, usize, Point), moved: bool, d: PointNames) {
    let x = l.x_of(col);
    let i = p.index();
    let (base, tip, ly) =
        if row == 0 { (l.y0 + 30.0, l.y0 + 200.0, l.y0 + 20.0) } else { (l.y1 - 30.0, l.y1 - 200.0, l.y1 - 9.0) };
    // a talon's or a coin's box: its letter over its word, between the frame and the flèche
    let box_top = if row == 0 { l.y0 + 2.0 } else { l.y1 - 29.0 };
    let (t, b) = (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p));
    let class = if moved { r#" class="moved""# } else { "" };
    let soumille = escape(&p.letter(Dialect::Soumille).to_string());
    let _ = writeln!(s, r#"<g data-point="{soumille}" data-top="{t}" data-bottom="{b}"{class}>"#);
    let corner = l.trictrac && (i == 12 || i == 13);
    let talon = l.trictrac && (i == 1 || i == 24);
    let fill = if col % 2 == 0 { "#a0522d" } else { "#e8d5a9" };
    let stroke = if moved {
        r##"stroke="#d4a017" stroke-width="4""##
    } else if corner {
        r##"stroke="#1d5e2e" stroke-width="3""##
    } else {
        r##"stroke="#5a3b1e""##
    };
    let _ = writeln!(
        s,
        r##"<polygon points="{},{base} {},{base} {},{tip}" fill="{fill}" {stroke}/>"##,
        x + 2.0,
        x + POINT_W - 2.0,
        x + POINT_W / 2.0
    );
    let letter = escape(&d.name(p, setup.turn));
    let cx = x + POINT_W / 2.0;
    if corner || talon {
        let c = if corner { "#1d5e2e" } else { "#5a3b1e" };
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{box_top}" width="{}" height="27" rx="3" fill="none" stroke="{c}"/>"##,
            x + 2.0,
            POINT_W - 4.0
        );
        let what = if corner { "coin" } else { "talon" };
        let _ = writeln!(
            s,
            r##"<text x="{cx}" y="{}" text-anchor="middle" font-size="{SMALLEST_FONT}" fill="{c}">{letter}<tspan x="{cx}" dy="12">{what}</tspan></text>"##,
            box_top + 12.0
        );
    } else {
        let _ = writeln!(s, r#"<text x="{cx}" y="{ly}" text-anchor="middle" font-size="14">{letter}</text>"#);
    }
    let n = u16::from(t) + u16::from(b);
    for k in 0..n.min(5) {
        let top_man = k < u16::from(t);
        let cy = if row == 0 { base + 18.0 + 34.0 * f64::from(k) } else { base - 18.0 - 34.0 * f64::from(k) };
        let fill = if top_man { "#222" } else { "#fafafa" };
        let _ = writeln!(s, r##"<circle cx="{cx}" cy="{cy}" r="16" fill="{fill}" stroke="#333"/>"##);
        if k == 4 && n > 5 {
            let tc = if top_man { "#fff" } else { "#000" };
            let _ = writeln!(
                s,
                r#"<text x="{cx}" y="{}" text-anchor="middle" font-size="14" fill="{tc}">{n}</text>"#,
                cy + 5.0
            );
        }
    }
    s.push_str("</g>\n");
}

/// The men on the bar: top's above the middle, bottom's below.
fn bar_men(s: &mut String, l: &Layout, setup: &Setup) {
    let bar_cx = l.x_of(6) - l.bar_w / 2.0;
    for seat in Seat::ALL {
        let n = setup.bar[seat];
        let (fill, tc, dir) = match seat {
            Seat::Top => ("#222", "#fff", -1.0),
            Seat::Bottom => ("#fafafa", "#000", 1.0),
        };
        let _ = writeln!(s, r#"<g class="bar" data-seat="{seat}" data-count="{n}">"#);
        for k in 0..n.min(4) {
            let cy = l.mid() + dir * (40.0 + 34.0 * f64::from(k));
            let _ = writeln!(s, r##"<circle cx="{bar_cx}" cy="{cy}" r="16" fill="{fill}" stroke="#333"/>"##);
            if k == n.min(4) - 1 && n > 1 {
                let _ = writeln!(
                    s,
                    r#"<text x="{bar_cx}" y="{}" text-anchor="middle" font-size="14" fill="{tc}">{n}</text>"#,
                    cy + 5.0
                );
            }
        }
        s.push_str("</g>\n");
    }
}

/// The men borne off, in a tray beside the board: top's above, bottom's below.
fn tray(s: &mut String, l: &Layout, setup: &Setup) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{BOARD_H}" fill="#efe4c8" stroke="#5a3b1e" stroke-width="2"/>"##,
        l.board_w + 4.0,
        l.y0,
        TRAY - 8.0
    );
    let cx = l.tray_x();
    for seat in Seat::ALL {
        let off = setup.off[seat];
        let (fill, ty) = match seat {
            Seat::Top => ("#222", l.y0 + 22.0),
            Seat::Bottom => ("#fafafa", l.y1 - 10.0),
        };
        let _ = writeln!(s, r#"<g class="off" data-seat="{seat}" data-count="{off}">"#);
        let _ =
            writeln!(s, r#"<text x="{cx}" y="{ty}" text-anchor="middle" font-size="{SMALLEST_FONT}">off {off}</text>"#);
        for k in 0..off.min(15) {
            let y = match seat {
                Seat::Top => l.y0 + 30.0 + 9.0 * f64::from(k),
                Seat::Bottom => l.y1 - 30.0 - 9.0 * f64::from(k + 1) + 2.0,
            };
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{y}" width="36" height="7" rx="2" fill="{fill}" stroke="#333"/>"##,
                cx - 18.0
            );
        }
        s.push_str("</g>\n");
    }
}

/// The cube, in the tray: beside its owner's side, or in the middle; a cube nobody has
/// turned shows 64 (docs/games.md §D.7).
fn cube(s: &mut String, l: &Layout, setup: &Setup) {
    let Some(value) = setup.score.cube else { return };
    let owner = setup.score.owner.flatten();
    let y = match owner {
        Some(Seat::Top) => l.y0 + 175.0,
        Some(Seat::Bottom) => l.y1 - 175.0 - 36.0,
        None => l.mid() - 18.0,
    };
    let face = if value == 1 && owner.is_none() { 64 } else { value };
    let cx = l.tray_x();
    let _ = writeln!(s, r#"<g class="cube" data-value="{value}" data-owner="{}">"#, owner.map_or("none", Seat::name));
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{y}" width="36" height="36" rx="5" fill="#fff" stroke="#222" stroke-width="2"/>"##,
        cx - 18.0
    );
    let _ = writeln!(
        s,
        r#"<text x="{cx}" y="{}" text-anchor="middle" font-size="16" font-weight="bold">{face}</text>"#,
        y + 24.0
    );
    s.push_str("</g>\n");
}

/// Grand Trictrac's score as a setup's fields hold it (docs/format.md §6): points, holes,
/// bredouille, pavillon (0 and none where the setup leaves them out).
pub fn setup_score(setup: &Setup) -> Score {
    let sc = &setup.score;
    let pair16 = |b: Option<crate::BySeat<u16>>| b.map_or([0, 0], |b| [b[Seat::Top], b[Seat::Bottom]]);
    let bredouille = sc.bredouille.flatten();
    Score {
        points: sc.points.map_or([0, 0], |p| [u16::from(p[Seat::Top]), u16::from(p[Seat::Bottom])]),
        holes: pair16(sc.holes),
        bredouille: [bredouille == Some(Seat::Top), bredouille == Some(Seat::Bottom)],
        pavillon: sc.pavillon.flatten(),
    }
}

/// A Grand Trictrac position and score as a setup with the score fields the picture reads.
pub fn trictrac_setup(pos: &Position, score: &Score) -> Setup {
    let mut s = pos.to_setup();
    let by = |a: [u16; 2]| crate::BySeat::new(a[0], a[1]);
    s.score.holes = Some(by(score.holes));
    s.score.points = Some(crate::BySeat::new(score.points[0].min(255) as u8, score.points[1].min(255) as u8));
    s.score.bredouille = Some(Seat::ALL.into_iter().find(|x| score.bredouille[x.index()]));
    s.score.pavillon = Some(score.pavillon);
    s
}

/// One seat's band in the other games: its men borne off and on the bar, Tric Trac's points
/// (pegged) and parties, what the throw scored, the cube it owns.
fn tables_band(s: &mut String, seat: Seat, setup: &Setup, notes: &Notes<'_>, band_y: f64) {
    let i = seat.index();
    let score = setup.score.points.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]);
    let parties = setup.score.parties.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]);
    let mut words = format!("{}: {} borne off", notes.caption.name(seat), setup.off[seat]);
    if setup.bar[seat] > 0 {
        let _ = write!(words, ", {} on the bar", setup.bar[seat]);
    }
    let points = notes.points || setup.score.points.is_some();
    if points || setup.score.parties.is_some() {
        let partie = if parties[i] == 1 { "partie" } else { "parties" };
        let _ = write!(words, ", {} points, {} {partie}", score[i], parties[i]);
    }
    if notes.scored[i] > 0 {
        let _ = write!(words, " (+{} this throw)", notes.scored[i]);
    }
    if setup.score.cube.is_some() && setup.score.owner.flatten() == Some(seat) {
        words.push_str(", owns the cube");
    }
    let _ = writeln!(
        s,
        r#"<text class="band" data-seat="{seat}" x="10" y="{}" font-size="14">{}</text>"#,
        band_y + 20.0,
        escape(&words)
    );
    if points {
        // the points as twelve pegs
        let row = band_y + 40.0;
        let _ = writeln!(s, r#"<text x="10" y="{}" font-size="{SMALLEST_FONT}">points</text>"#, row + 4.0);
        for k in 0..12u8 {
            let f = if k < score[i] { "#5a3b1e" } else { "none" };
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{row}" r="5" fill="{f}" stroke="#333"/>"##,
                56.0 + 14.0 * f64::from(k)
            );
        }
    }
}

/// What the picture of a throw shows besides its setup (owned, for [`Notes`]).
struct Shown<'a> {
    setup: &'a Setup,
    title: String,
    scored: [u16; 2],
    note: String,
    flags: Vec<Flag>,
    moved: Vec<Point>,
}

/// What the picture after throw `at` of a replay shows (the dice and the play in letters
/// `d`), for [`picture_after`].
fn shown_after<'a>(rp: &'a Replay, at: u32, d: Dialect, play: Option<&str>) -> Option<Shown<'a>> {
    let st = rp.steps.iter().find(|s| s.number == at)?;
    let play = play.map_or_else(|| st.play.in_letters(d).to_string(), str::to_string);
    let title = match st.dice {
        Some(d) => format!("after {} threw {d}: {play}", st.seat),
        None => format!("after {}'s throw without dice", st.seat),
    };
    Some(Shown {
        setup: &st.after,
        title,
        scored: st.points,
        note: crate::replay::words::step_note(&st.detail),
        flags: rp.flags.iter().filter(|f| f.throw == Some(at)).cloned().collect(),
        moved: moved_points(&st.before, &st.after),
    })
}

/// The points whose men changed between two setups: the men a throw moved (and took).
pub fn moved_points(before: &Setup, after: &Setup) -> Vec<Point> {
    Point::all().filter(|&p| Seat::ALL.into_iter().any(|seat| before.count(seat, p) != after.count(seat, p))).collect()
}

/// The board of `show --at N --format svg`, for any game: the setup after throw `at` (0: the
/// start) from the replay's steps, with the throw's dice and play, its note and flags, the
/// men it moved outlined, the score then and the players' names. `None` when the replay has
/// no such board.
pub fn picture_after(rp: &Replay, record: &Record, header: &Header, at: u32) -> Option<String> {
    picture_after_with_play(rp, record, header, at, None, header.letters.into())
}

/// [`picture_after`], the throw's play written as `play` when given (backgammon's play in
/// point numbers, `show --points`), the points named by `point_names`.
pub fn picture_after_with_play(
    rp: &Replay,
    record: &Record,
    header: &Header,
    at: u32,
    play: Option<&str>,
    point_names: PointNames,
) -> Option<String> {
    let names = (record.tag("Top"), record.tag("Bottom"));
    let shown = if at == 0 {
        let setup = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())?;
        let title = "at the start".to_string();
        Shown { setup, title, scored: [0, 0], note: String::new(), flags: Vec::new(), moved: Vec::new() }
    } else {
        shown_after(rp, at, header.letters, play)?
    };
    let setup = shown.setup;
    let notes = Notes {
        caption: Caption { title: &shown.title, throw: (at > 0).then_some(at), top: names.0, bottom: names.1 },
        game: header.game.name(),
        scored: shown.scored,
        note: &shown.note,
        flags: &shown.flags,
        points: setup.score.points.is_some() || setup.score.parties.is_some(),
        moved: &shown.moved,
    };
    Some(board_picture(setup, &notes, point_names))
}

/// `text` cut into lines of at most `width` characters at its spaces (a longer word stands
/// alone on its line).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The cube of a setup in words (docs/games.md §D.7): `cube 2, owned by bottom`, `cube 1,
/// centred`; `None` when the setup has no cube.
pub fn cube_words(setup: &Setup, name: impl Fn(Seat) -> String) -> Option<String> {
    let value = setup.score.cube?;
    Some(match setup.score.owner.flatten() {
        Some(owner) => format!("cube {value}, owned by {}", name(owner)),
        None => format!("cube {value}, centred"),
    })
}

/// One seat's score in a band of the picture: the figures in words, the holes as twelve
/// pegs, the points as a jeton on a rail of 2..10 (two jetons en bredouille), the pavillon.
fn score_band(s: &mut String, seat: Seat, score: &Score, name: &str, y: f64, width: f64) {
    let i = seat.index();
    let (points, holes, bred) = (score.points[i], score.holes[i], score.bredouille[i]);
    let pav = score.pavillon == Some(seat);
    let mut words = format!("{name}: {points} points, {holes} holes");
    if bred {
        words.push_str(", en bredouille");
    }
    if pav {
        words.push_str(", pavillon");
    }
    let fill = match seat {
        Seat::Top => "#222",
        Seat::Bottom => "#fafafa",
    };
    let _ = writeln!(
        s,
        r#"<text class="band" data-seat="{seat}" x="10" y="{}" font-size="14">{}</text>"#,
        y + 20.0,
        escape(&words)
    );
    // twelve holes
    let row = y + 40.0;
    let _ = writeln!(s, r#"<text x="10" y="{}" font-size="{SMALLEST_FONT}">holes</text>"#, row + 4.0);
    for k in 0..12u16 {
        let cx = 50.0 + 14.0 * k as f64;
        let f = if k < holes { "#5a3b1e" } else { "none" };
        let _ = writeln!(s, r##"<circle cx="{cx}" cy="{row}" r="5" fill="{f}" stroke="#333"/>"##);
    }
    if holes > 12 {
        let _ = writeln!(s, r#"<text x="222" y="{}" font-size="{SMALLEST_FONT}">+{}</text>"#, row + 4.0, holes - 12);
    }
    // the jeton rail
    let x0 = 260.0;
    let _ = writeln!(s, r#"<text x="{x0}" y="{}" font-size="{SMALLEST_FONT}">points</text>"#, row + 4.0);
    let rail = |p: u16| x0 + 50.0 + 24.0 * (p / 2) as f64;
    let _ = writeln!(s, r##"<line x1="{}" y1="{row}" x2="{}" y2="{row}" stroke="#999"/>"##, rail(0), rail(10));
    for p in (0..=10).step_by(2) {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="{SMALLEST_FONT}" fill="#666">{p}</text>"##,
            rail(p),
            row - 9.0
        );
    }
    if points > 0 {
        let n = if bred { 2 } else { 1 };
        for k in 0..n {
            let cx = rail(points.min(10)) + if n == 2 { -5.0 + 10.0 * k as f64 } else { 0.0 };
            let _ = writeln!(s, r##"<circle cx="{cx}" cy="{row}" r="7" fill="{fill}" stroke="#333"/>"##);
        }
    }
    if pav {
        let px = width - 90.0;
        let _ = writeln!(
            s,
            r##"<line x1="{px}" y1="{}" x2="{px}" y2="{}" stroke="#333" stroke-width="2"/>"##,
            row + 8.0,
            row - 14.0
        );
        let _ = writeln!(
            s,
            r##"<polygon points="{px},{} {},{} {px},{}" fill="#b22"/>"##,
            row - 14.0,
            px + 16.0,
            row - 9.0,
            row - 4.0
        );
        let _ = writeln!(s, r#"<text x="{}" y="{}" font-size="{SMALLEST_FONT}">pavillon</text>"#, px + 20.0, row + 4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_boards_cube_stands_at_its_owners_edge() {
        let mut setup = Setup::opening(Seat::Bottom);
        assert!(!setup_text(&setup, Dialect::Soumille).contains('['));
        setup.score.cube = Some(1);
        setup.score.owner = Some(None);
        let lines: Vec<String> = setup_text(&setup, Dialect::Soumille).lines().map(str::to_string).collect();
        assert!(lines[6].contains("[64]") && lines[6].contains("---"), "{lines:#?}");
        setup.score.cube = Some(4);
        setup.score.owner = Some(Some(Seat::Top));
        let text = setup_text(&setup, PointNames::Numbers);
        assert_eq!(text.lines().next().map(str::trim), Some("[4]"), "{text}");
        // bottom on roll: top's talon A is bottom's 1-point
        assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("   1  2")), "{text}");
        setup.score.owner = Some(Some(Seat::Bottom));
        let text = setup_text(&setup, Dialect::Soumille);
        let below = text.lines().position(|l| l.contains("&")).map(|k| k + 1);
        assert_eq!(below.and_then(|k| text.lines().nth(k)).map(str::trim), Some("[4]"), "{text}");
    }

    #[test]
    fn the_men_moved_are_the_points_whose_counts_changed() {
        let before = Setup::opening(Seat::Top);
        let mut after = before.clone();
        let (a, f, g) = (Point::A, Point::new(6).unwrap(), Point::new(7).unwrap());
        after.men[Seat::Top][0] -= 2;
        after.men[Seat::Top][5] += 1;
        after.men[Seat::Top][6] += 1;
        assert_eq!(moved_points(&before, &after), vec![a, f, g]);
        assert!(moved_points(&before, &before).is_empty());
    }

    #[test]
    fn one_picture_draws_a_trictrac_and_the_other_boards() {
        let pos = Position::opening(Seat::Top);
        let gt = board_picture(&trictrac_setup(&pos, &Score::default()), &Notes::default(), Dialect::Soumille);
        assert!(gt.contains("talon</tspan>") && gt.contains("coin</tspan>") && gt.contains(">holes</text>"));
        assert_eq!(gt.matches("<g data-point=").count(), 24);
        let mut setup = Setup::opening(Seat::Bottom);
        setup.score.cube = Some(2);
        setup.score.owner = Some(Some(Seat::Bottom));
        setup.bar[Seat::Top] = 1;
        setup.men[Seat::Top][0] -= 1;
        let moved = [Point::A];
        let notes = Notes { game: "backgammon", moved: &moved, ..Notes::default() };
        let bg = board_picture(&setup, &notes, Dialect::Lepeintre);
        assert!(!bg.contains("talon</tspan>") && !bg.contains(">holes</text>"));
        assert!(bg.contains(r#"<g class="cube" data-value="2" data-owner="bottom">"#));
        assert!(bg.contains(r#"<g class="bar" data-seat="top" data-count="1">"#));
        assert!(bg.contains(r#"<g data-point="A" data-top="14" data-bottom="0" class="moved">"#));
        assert!(bg.contains("cube 2, owned by bottom; bottom to throw"));
        assert!(!bg.contains(" id="), "no ids: a page may hold many pictures");
    }
}
