//! Pictures of a position: the classic text layout with the letters along both sides, and
//! SVG. Renderers only read.

use crate::board::{Dialect, Point, Seat, Setup};
use crate::notation::{Header, Record};
use crate::position::Position;
use crate::replay::{Flag, Replay};
use crate::score::Score;
use std::fmt::Write;

/// Men of each seat on a letter point.
fn on(pos: &Position, letter: u8) -> (u8, u8) {
    let p = Point::new(letter).expect("letter index");
    (pos.men(Seat::Top, p.relative(Seat::Top) as usize), pos.men(Seat::Bottom, p.relative(Seat::Bottom) as usize))
}

/// The board as text: top's side (A..M) above, bottom's (& .. N) below, top's men `x`,
/// bottom's `o`; a column of more than five shows its count.
pub fn board_text(pos: &Position, dialect: Dialect) -> String {
    setup_text(&pos.to_setup(), dialect)
}

/// [`board_text`] of a setup, for any tables game (the men per letter, the bar, the men
/// borne off, the seat to throw): renderers of the other games draw their boards with it.
pub fn setup_text(setup: &Setup, dialect: Dialect) -> String {
    let top_row: Vec<u8> = (1..=12).collect();
    let bottom_row: Vec<u8> = (13..=24).rev().collect();
    let on = |letter: u8| -> (u8, u8) {
        let p = Point::new(letter).expect("letter index");
        (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p))
    };
    let mut s = String::new();
    let letters = |row: &[u8]| -> String {
        let mut l = String::from(" ");
        for (k, &i) in row.iter().enumerate() {
            if k == 6 {
                l.push_str(" |");
            }
            let _ = write!(l, "  {}", Point::new(i).expect("letter").letter(dialect));
        }
        l
    };
    let cell = |i: u8, depth: u8| -> String {
        let (t, b) = on(i);
        // a point shared by both seats (a kept fausse case in some games) shows its count
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
    };
    let row = |r: &[u8], depth: u8| -> String {
        let mut l = String::from(" ");
        for (k, &i) in r.iter().enumerate() {
            if k == 6 {
                l.push_str(" |");
            }
            l.push_str(&cell(i, depth));
        }
        l.trim_end().to_string()
    };
    s.push_str(&letters(&top_row));
    s.push('\n');
    for d in 0..5 {
        s.push_str(&row(&top_row, d));
        s.push('\n');
    }
    s.push(' ');
    s.push_str(&"-".repeat(39));
    s.push('\n');
    for d in (0..5).rev() {
        s.push_str(&row(&bottom_row, d));
        s.push('\n');
    }
    s.push_str(&letters(&bottom_row));
    s.push('\n');
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
const CAPTION_H: f64 = 66.0;

/// The board as SVG: two rows of twelve flèches (top's men dark, bottom's light) with the
/// letters along both sides, the talons and the rest corners marked, the men borne off in a
/// tray beside the board; above and below, each seat's score (the jeton at its points, two
/// jetons en bredouille, its holes pegged, the pavillon); under everything a caption with
/// the throw, the names and the men borne off, which the central bar does not cross.
/// Only reads: the position and the score are the replay's.
pub fn board_svg(pos: &Position, score: &Score, caption: &Caption<'_>, dialect: Dialect) -> String {
    let board_w = 12.0 * POINT_W + 60.0;
    let width = board_w + TRAY;
    let height = BAND + BOARD_H + BAND + CAPTION_H;
    let y0 = BAND;
    let y1 = BAND + BOARD_H;
    let mut s = String::new();
    let label = match caption.throw {
        Some(n) => format!("The board, throw {n}: {}", caption.title),
        None => format!("The board: {}", caption.title),
    };
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="serif" role="img" aria-label="{}">"##,
        escape(&label)
    );
    let _ = writeln!(s, r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>"##);
    // the board
    let _ = writeln!(
        s,
        r##"<rect x="0" y="{y0}" width="{board_w}" height="{BOARD_H}" fill="#f4ecd8" stroke="#5a3b1e" stroke-width="4"/>"##
    );
    let x_of = |col: usize| 20.0 + col as f64 * POINT_W + if col >= 6 { 20.0 } else { 0.0 };
    // the central bar, within the board only
    let _ = writeln!(
        s,
        r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#5a3b1e" stroke-width="6"/>"##,
        x_of(6) - 10.0,
        y0 + 2.0,
        y1 - 2.0
    );
    let corner = |i: u8| i == 12 || i == 13;
    let talon = |i: u8| i == 1 || i == 24;
    for (row, letters) in [(0, (1..=12u8).collect::<Vec<_>>()), (1, (13..=24u8).rev().collect::<Vec<_>>())] {
        for (col, &i) in letters.iter().enumerate() {
            let x = x_of(col);
            let fill = if col % 2 == 0 { "#a0522d" } else { "#e8d5a9" };
            let (base, tip, ly) =
                if row == 0 { (y0 + 30.0, y0 + 200.0, y0 + 20.0) } else { (y1 - 30.0, y1 - 200.0, y1 - 9.0) };
            let stroke = if corner(i) { r##"stroke="#1d5e2e" stroke-width="3""## } else { r##"stroke="#5a3b1e""## };
            let _ = writeln!(
                s,
                r##"<polygon points="{},{base} {},{base} {},{tip}" fill="{fill}" {stroke}/>"##,
                x + 2.0,
                x + POINT_W - 2.0,
                x + POINT_W / 2.0
            );
            let letter = escape(&Point::new(i).expect("letter").letter(dialect).to_string());
            if corner(i) || talon(i) {
                let c = if corner(i) { "#1d5e2e" } else { "#5a3b1e" };
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="{}" height="17" rx="3" fill="none" stroke="{c}"/>"##,
                    x + 3.0,
                    ly - 13.0,
                    POINT_W - 6.0
                );
                let what = if corner(i) { "coin" } else { "talon" };
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{ly}" text-anchor="middle" font-size="13" fill="{c}">{letter}<tspan font-size="8"> {what}</tspan></text>"##,
                    x + POINT_W / 2.0
                );
            } else {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{ly}" text-anchor="middle" font-size="14">{letter}</text>"#,
                    x + POINT_W / 2.0
                );
            }
            let (t, b) = on(pos, i);
            let (n, fill) = if t > 0 { (t, "#222") } else { (b, "#fafafa") };
            for k in 0..n.min(5) {
                let cy = if row == 0 { base + 18.0 + 34.0 * k as f64 } else { base - 18.0 - 34.0 * k as f64 };
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{cy}" r="16" fill="{fill}" stroke="#333"/>"##,
                    x + POINT_W / 2.0
                );
                if k == 4 && n > 5 {
                    let tc = if t > 0 { "#fff" } else { "#000" };
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}" text-anchor="middle" font-size="14" fill="{tc}">{n}</text>"#,
                        x + POINT_W / 2.0,
                        cy + 5.0
                    );
                }
            }
        }
    }
    // the men borne off, in a tray beside the board: top's above, bottom's below
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{y0}" width="{}" height="{BOARD_H}" fill="#efe4c8" stroke="#5a3b1e" stroke-width="2"/>"##,
        board_w + 4.0,
        TRAY - 8.0
    );
    for seat in Seat::ALL {
        let off = pos.men(seat, 25);
        let (fill, ty) = match seat {
            Seat::Top => ("#222", y0 + 22.0),
            Seat::Bottom => ("#fafafa", y1 - 10.0),
        };
        let cx = board_w + TRAY / 2.0;
        let _ = writeln!(s, r#"<text x="{cx}" y="{ty}" text-anchor="middle" font-size="12">off {off}</text>"#);
        for k in 0..off.min(15) {
            let y = match seat {
                Seat::Top => y0 + 30.0 + 9.0 * k as f64,
                Seat::Bottom => y1 - 30.0 - 9.0 * (k + 1) as f64 + 2.0,
            };
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{y}" width="36" height="7" rx="2" fill="{fill}" stroke="#333"/>"##,
                cx - 18.0
            );
        }
    }
    // the scores: top's above the board, bottom's below
    for seat in Seat::ALL {
        let top_y = match seat {
            Seat::Top => 0.0,
            Seat::Bottom => y1,
        };
        score_band(&mut s, seat, score, &caption.name(seat), top_y, width);
    }
    // the caption, below everything the bar crosses
    let cy = y1 + BAND;
    let throw = match caption.throw {
        Some(n) => format!("Throw {n}: "),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-size="15" font-weight="bold">{}</text>"#,
        width / 2.0,
        cy + 22.0,
        escape(&format!("{throw}{}", caption.title))
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-size="13">{}</text>"#,
        width / 2.0,
        cy + 42.0,
        escape(&format!("{} (dark men) against {} (light men)", caption.name(Seat::Top), caption.name(Seat::Bottom)))
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-size="13">borne off: top {}, bottom {}; {} to throw</text>"#,
        width / 2.0,
        cy + 60.0,
        pos.men(Seat::Top, 25),
        pos.men(Seat::Bottom, 25),
        pos.turn()
    );
    s.push_str("</svg>\n");
    s
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
    let _ = writeln!(s, r#"<text x="10" y="{}" font-size="14">{}</text>"#, y + 20.0, escape(&words));
    // twelve holes
    let row = y + 40.0;
    let _ = writeln!(s, r#"<text x="10" y="{}" font-size="11">holes</text>"#, row + 4.0);
    for k in 0..12u16 {
        let cx = 50.0 + 14.0 * k as f64;
        let f = if k < holes { "#5a3b1e" } else { "none" };
        let _ = writeln!(s, r##"<circle cx="{cx}" cy="{row}" r="5" fill="{f}" stroke="#333"/>"##);
    }
    if holes > 12 {
        let _ = writeln!(s, r#"<text x="222" y="{}" font-size="11">+{}</text>"#, row + 4.0, holes - 12);
    }
    // the jeton rail
    let x0 = 260.0;
    let _ = writeln!(s, r#"<text x="{x0}" y="{}" font-size="11">points</text>"#, row + 4.0);
    let rail = |p: u16| x0 + 50.0 + 24.0 * (p / 2) as f64;
    let _ = writeln!(s, r##"<line x1="{}" y1="{row}" x2="{}" y2="{row}" stroke="#999"/>"##, rail(0), rail(10));
    for p in (0..=10).step_by(2) {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="9" fill="#666">{p}</text>"##,
            rail(p),
            row - 8.0
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
        let _ = writeln!(s, r#"<text x="{}" y="{}" font-size="11">pavillon</text>"#, px + 20.0, row + 4.0);
    }
}

/// The board of `show --at N --format svg`: after throw `at` (0: the start), with the score
/// then, the throw number and the players' names. `None` when the replay has no such board.
pub fn svg_after(rp: &Replay, record: &Record, header: &Header, at: u32) -> Option<String> {
    let (pos, score, title) = if at == 0 {
        let pos = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref()).map(crate::replay::position_of)?;
        (pos, crate::replay::start_score(header), "at the start".to_string())
    } else {
        let st = rp.steps.iter().find(|s| s.number == at)?;
        let (g, dice) = (st.grand_trictrac()?, st.dice?);
        (st.position_after(), g.score, format!("after {} threw {dice}", st.seat))
    };
    let caption =
        Caption { title: &title, throw: (at > 0).then_some(at), top: record.tag("Top"), bottom: record.tag("Bottom") };
    Some(board_svg(&pos, &score, &caption, header.letters))
}

/// What a board of one of the other tables games (GAMES.md) shows besides its setup: the
/// caption, what each seat scored with the throw, the replay's note and the flags raised at
/// the throw. Everything here was decided by the game's rules in the replay.
#[derive(Clone, Copy, Debug, Default)]
pub struct SetupNotes<'a> {
    /// The caption: what the board shows, the throw, the names.
    pub caption: Caption<'a>,
    /// The game's name (`jacquet`, …), shown in the caption.
    pub game: &'a str,
    /// What each seat scored with the throw, `[top, bottom]` (Tric Trac).
    pub scored: [u16; 2],
    /// The replay's note on the throw: the cube action, the partie won, …
    pub note: &'a str,
    /// The flags raised at the throw.
    pub flags: &'a [Flag],
    /// Whether to show each seat's points and parties (Tric Trac, GAMES.md §E.11), even when
    /// the setup leaves them out (zero).
    pub points: bool,
}

/// Width of the bar between the two halves of the board of the other games, which holds
/// the men on the bar (GAMES.md §D.9, `@n`).
const BAR_W: f64 = 44.0;
/// Characters of a caption line before it wraps.
const CAPTION_CHARS: usize = 88;

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

/// The cube of a setup in words (GAMES.md §D.7): `cube 2, owned by bottom`, `cube 1,
/// centred`; `None` when the setup has no cube.
pub fn cube_words(setup: &Setup, name: impl Fn(Seat) -> String) -> Option<String> {
    let value = setup.score.cube?;
    Some(match setup.score.owner.flatten() {
        Some(owner) => format!("cube {value}, owned by {}", name(owner)),
        None => format!("cube {value}, centred"),
    })
}

/// The board of any tables game as SVG, drawn from a setup alone (GAMES.md §0): two rows of
/// twelve flèches with their letters (top's men dark, bottom's light), the men on the bar
/// in the middle of the board (`@n`, GAMES.md §D.9), the men borne off in a tray beside it,
/// the doubling cube with its value beside the owner's side (centred when no one owns it,
/// GAMES.md §D.7), and above and below the board each seat's men borne off and on the bar
/// and, for Tric Trac, its points and parties (GAMES.md §E.11). Under everything a caption:
/// the throw, the names, the replay's note and the flags of the throw with their messages.
///
/// Every point is a group `<g data-point="A" data-top="2" data-bottom="0">`; the bar, the
/// men borne off and the cube carry `data-count`, `data-value` and `data-owner`, so that
/// tests and scripts read the picture. Knows no game's rules: only what the setup holds.
pub fn setup_svg(setup: &Setup, notes: &SetupNotes<'_>, dialect: Dialect) -> String {
    let caption = &notes.caption;
    let board_w = 12.0 * POINT_W + 40.0 + BAR_W;
    let width = board_w + TRAY;
    // the caption's lines, each with its attributes: the title, the players, the men, the
    // note, the flags
    const TITLE: &str = r#" font-size="15" font-weight="bold""#;
    const PLAIN: &str = r#" font-size="13""#;
    const FLAG: &str = r##" font-size="13" class="flag" fill="#8b1a1a""##;
    let mut lines: Vec<(String, &str)> = Vec::new();
    let throw = caption.throw.map(|n| format!("Throw {n}: ")).unwrap_or_default();
    lines.push((format!("{throw}{}", caption.title), TITLE));
    lines.push((
        format!(
            "{}: {} (dark men) against {} (light men)",
            notes.game,
            caption.name(Seat::Top),
            caption.name(Seat::Bottom)
        ),
        PLAIN,
    ));
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
    let caption_h = 12.0 + 19.0 * lines.len() as f64;
    let height = BAND + BOARD_H + BAND + caption_h;
    let (y0, y1) = (BAND, BAND + BOARD_H);
    let mid = y0 + BOARD_H / 2.0;
    let mut s = String::new();
    let label = match caption.throw {
        Some(n) => format!("The board, throw {n}: {}", caption.title),
        None => format!("The board: {}", caption.title),
    };
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" data-game="{}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="serif" role="img" aria-label="{}">"##,
        escape(notes.game),
        escape(&label)
    );
    let _ = writeln!(s, r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>"##);
    let _ = writeln!(
        s,
        r##"<rect x="0" y="{y0}" width="{board_w}" height="{BOARD_H}" fill="#f4ecd8" stroke="#5a3b1e" stroke-width="4"/>"##
    );
    let x_of = |col: usize| 20.0 + col as f64 * POINT_W + if col >= 6 { BAR_W } else { 0.0 };
    let bar_x = x_of(6) - BAR_W;
    let bar_cx = bar_x + BAR_W / 2.0;
    let _ = writeln!(
        s,
        r##"<rect x="{bar_x}" y="{}" width="{BAR_W}" height="{}" fill="#8b5a2b"/>"##,
        y0 + 2.0,
        BOARD_H - 4.0
    );
    for (row, letters) in [(0, (1..=12u8).collect::<Vec<_>>()), (1, (13..=24u8).rev().collect::<Vec<_>>())] {
        for (col, &i) in letters.iter().enumerate() {
            let Some(p) = Point::new(i) else { continue };
            let x = x_of(col);
            let fill = if col % 2 == 0 { "#a0522d" } else { "#e8d5a9" };
            let (base, tip, ly) =
                if row == 0 { (y0 + 30.0, y0 + 200.0, y0 + 20.0) } else { (y1 - 30.0, y1 - 200.0, y1 - 9.0) };
            let (t, b) = (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p));
            let _ = writeln!(
                s,
                r#"<g data-point="{}" data-top="{t}" data-bottom="{b}">"#,
                escape(&p.letter(Dialect::Soumille).to_string())
            );
            let _ = writeln!(
                s,
                r##"<polygon points="{},{base} {},{base} {},{tip}" fill="{fill}" stroke="#5a3b1e"/>"##,
                x + 2.0,
                x + POINT_W - 2.0,
                x + POINT_W / 2.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{ly}" text-anchor="middle" font-size="14">{}</text>"#,
                x + POINT_W / 2.0,
                escape(&p.letter(dialect).to_string())
            );
            // top's men first, then bottom's (a point both hold shows both colours)
            let n = u16::from(t) + u16::from(b);
            for k in 0..n.min(5) {
                let top_man = k < u16::from(t);
                let cy = if row == 0 { base + 18.0 + 34.0 * f64::from(k) } else { base - 18.0 - 34.0 * f64::from(k) };
                let fill = if top_man { "#222" } else { "#fafafa" };
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{cy}" r="16" fill="{fill}" stroke="#333"/>"##,
                    x + POINT_W / 2.0
                );
                if k == 4 && n > 5 {
                    let tc = if top_man { "#fff" } else { "#000" };
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}" text-anchor="middle" font-size="14" fill="{tc}">{n}</text>"#,
                        x + POINT_W / 2.0,
                        cy + 5.0
                    );
                }
            }
            s.push_str("</g>\n");
        }
    }
    // the men on the bar: top's above the middle, bottom's below
    for seat in Seat::ALL {
        let n = setup.bar[seat];
        let (fill, tc, dir) = match seat {
            Seat::Top => ("#222", "#fff", -1.0),
            Seat::Bottom => ("#fafafa", "#000", 1.0),
        };
        let _ = writeln!(s, r#"<g id="bar-{seat}" data-count="{n}">"#);
        for k in 0..n.min(4) {
            let cy = mid + dir * (40.0 + 34.0 * f64::from(k));
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
    // the men borne off, in a tray beside the board: top's above, bottom's below
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{y0}" width="{}" height="{BOARD_H}" fill="#efe4c8" stroke="#5a3b1e" stroke-width="2"/>"##,
        board_w + 4.0,
        TRAY - 8.0
    );
    let cx = board_w + TRAY / 2.0;
    for seat in Seat::ALL {
        let off = setup.off[seat];
        let (fill, ty) = match seat {
            Seat::Top => ("#222", y0 + 22.0),
            Seat::Bottom => ("#fafafa", y1 - 10.0),
        };
        let _ = writeln!(s, r#"<g id="off-{seat}" data-count="{off}">"#);
        let _ = writeln!(s, r#"<text x="{cx}" y="{ty}" text-anchor="middle" font-size="12">off {off}</text>"#);
        for k in 0..off.min(15) {
            let y = match seat {
                Seat::Top => y0 + 30.0 + 9.0 * f64::from(k),
                Seat::Bottom => y1 - 30.0 - 9.0 * f64::from(k + 1) + 2.0,
            };
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{y}" width="36" height="7" rx="2" fill="{fill}" stroke="#333"/>"##,
                cx - 18.0
            );
        }
        s.push_str("</g>\n");
    }
    // the cube, in the tray: beside its owner's side, or in the middle
    if let Some(value) = setup.score.cube {
        let owner = setup.score.owner.flatten();
        let y = match owner {
            Some(Seat::Top) => y0 + 175.0,
            Some(Seat::Bottom) => y1 - 175.0 - 36.0,
            None => mid - 18.0,
        };
        // a cube nobody has turned shows 64 (GAMES.md §D.7)
        let face = if value == 1 && owner.is_none() { 64 } else { value };
        let _ = writeln!(s, r#"<g id="cube" data-value="{value}" data-owner="{}">"#, owner.map_or("none", Seat::name));
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
    // each seat's band: top's above the board, bottom's below
    let score = setup.score.points.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]);
    let parties = setup.score.parties.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]);
    for seat in Seat::ALL {
        let i = seat.index();
        let band_y = match seat {
            Seat::Top => 0.0,
            Seat::Bottom => y1,
        };
        let mut words = format!("{}: {} borne off", caption.name(seat), setup.off[seat]);
        if setup.bar[seat] > 0 {
            let _ = write!(words, ", {} on the bar", setup.bar[seat]);
        }
        if notes.points || setup.score.points.is_some() || setup.score.parties.is_some() {
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
            r#"<text id="band-{seat}" x="10" y="{}" font-size="14">{}</text>"#,
            band_y + 20.0,
            escape(&words)
        );
        if notes.points || setup.score.points.is_some() {
            // the points as twelve pegs
            let row = band_y + 40.0;
            let _ = writeln!(s, r#"<text x="10" y="{}" font-size="11">points</text>"#, row + 4.0);
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
    // the caption, below the board
    let mut y = y1 + BAND + 22.0;
    for (line, attrs) in &lines {
        let _ = writeln!(s, r#"<text x="{}" y="{y}" text-anchor="middle"{attrs}>{}</text>"#, width / 2.0, escape(line));
        y += 19.0;
    }
    s.push_str("</svg>\n");
    s
}

/// The board of `show --at N --format svg` for one of the other tables games: the setup
/// after throw `at` (0: the start) from the replay's game-neutral steps, with the throw's
/// note and flags. `None` when the replay has no such board.
pub fn setup_svg_after(rp: &Replay, record: &Record, header: &Header, at: u32) -> Option<String> {
    let names = (record.tag("Top"), record.tag("Bottom"));
    let (setup, title, scored, note, flags): (&Setup, String, [u16; 2], String, Vec<Flag>) = if at == 0 {
        let setup = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())?;
        (setup, "at the start".to_string(), [0, 0], String::new(), Vec::new())
    } else {
        let st = rp.steps.iter().find(|s| s.number == at)?;
        let play = crate::fausse_case::recorded_text(&st.play, Dialect::Soumille);
        let title = match st.dice {
            Some(d) => format!("after {} threw {d}: {play}", st.seat),
            None => format!("after {}'s throw without dice", st.seat),
        };
        let flags = rp.flags.iter().filter(|f| f.throw == Some(at)).cloned().collect();
        (&st.after, title, st.points, crate::words::step_note(&st.detail), flags)
    };
    let notes = SetupNotes {
        caption: Caption { title: &title, throw: (at > 0).then_some(at), top: names.0, bottom: names.1 },
        game: header.game.name(),
        scored,
        note: &note,
        flags: &flags,
        points: header.game == crate::notation::Game::TricTrac,
    };
    Some(setup_svg(setup, &notes, header.letters))
}
