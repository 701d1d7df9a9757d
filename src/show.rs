//! Pictures of a position: the classic text layout with the letters along both sides, and
//! SVG. Renderers only read.

use crate::board::{Dialect, Point, Seat, Setup};
use crate::notation::{Header, Record};
use crate::position::Position;
use crate::replay::Replay;
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

/// Escapes text for HTML and SVG, in content and in quoted attributes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
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
        let pos = rp.steps.first().map(|s| s.before).or(rp.end)?;
        (pos, crate::replay::start_score(header), "at the start".to_string())
    } else {
        let st = rp.steps.iter().find(|s| s.number == at)?;
        (st.after, st.score, format!("after {} threw {}", st.seat, st.dice))
    };
    let caption =
        Caption { title: &title, throw: (at > 0).then_some(at), top: record.tag("Top"), bottom: record.tag("Bottom") };
    Some(board_svg(&pos, &score, &caption, header.letters))
}
