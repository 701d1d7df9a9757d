//! Pictures of a position: the classic text layout with the letters along both sides, and
//! SVG. Renderers only read.

use crate::board::{Dialect, Point, Seat};
use crate::position::Position;
use std::fmt::Write;

/// Men of each seat on a letter point.
fn on(pos: &Position, letter: u8) -> (u8, u8) {
    let p = Point::new(letter).expect("letter index");
    (pos.men(Seat::Top, p.relative(Seat::Top) as usize), pos.men(Seat::Bottom, p.relative(Seat::Bottom) as usize))
}

/// The board as text: top's side (A..M) above, bottom's (& .. N) below, top's men `x`,
/// bottom's `o`; a column of more than five shows its count.
pub fn board_text(pos: &Position, dialect: Dialect) -> String {
    let top_row: Vec<u8> = (1..=12).collect();
    let bottom_row: Vec<u8> = (13..=24).rev().collect();
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
    let cell = |pos: &Position, i: u8, depth: u8| -> String {
        let (t, b) = on(pos, i);
        let (n, ch) = if t > 0 { (t, 'x') } else { (b, 'o') };
        if n == 0 || depth >= 5 || depth >= n {
            return "  .".replace('.', if depth == 0 && n == 0 { "." } else { " " });
        }
        if depth == 4 && n > 5 {
            return format!("{n:>3}");
        }
        format!("  {ch}")
    };
    let row = |pos: &Position, r: &[u8], depth: u8| -> String {
        let mut l = String::from(" ");
        for (k, &i) in r.iter().enumerate() {
            if k == 6 {
                l.push_str(" |");
            }
            l.push_str(&cell(pos, i, depth));
        }
        l.trim_end().to_string()
    };
    s.push_str(&letters(&top_row));
    s.push('\n');
    for d in 0..5 {
        s.push_str(&row(pos, &top_row, d));
        s.push('\n');
    }
    s.push(' ');
    s.push_str(&"-".repeat(39));
    s.push('\n');
    for d in (0..5).rev() {
        s.push_str(&row(pos, &bottom_row, d));
        s.push('\n');
    }
    s.push_str(&letters(&bottom_row));
    s.push('\n');
    let _ = writeln!(
        s,
        " borne off: top {}, bottom {}; {} to throw",
        pos.men(Seat::Top, 25),
        pos.men(Seat::Bottom, 25),
        pos.turn()
    );
    s
}

/// The board as SVG: two rows of twelve flèches, top's men dark, bottom's light, letters
/// along both sides.
pub fn board_svg(pos: &Position, dialect: Dialect) -> String {
    let w = 40.0;
    let (width, height) = (12.0 * w + 60.0, 460.0);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="serif">
<rect x="0" y="0" width="{width}" height="{height}" fill="#f4ecd8" stroke="#5a3b1e" stroke-width="4"/>
"##
    );
    let x_of = |col: usize| 20.0 + col as f64 * w + if col >= 6 { 20.0 } else { 0.0 };
    let _ = writeln!(
        s,
        r##"<line x1="{0}" y1="30" x2="{0}" y2="{1}" stroke="#5a3b1e" stroke-width="6"/>"##,
        x_of(6) - 10.0,
        height - 30.0
    );
    for (row, letters) in [(0, (1..=12u8).collect::<Vec<_>>()), (1, (13..=24u8).rev().collect::<Vec<_>>())] {
        for (col, &i) in letters.iter().enumerate() {
            let x = x_of(col);
            let fill = if col % 2 == 0 { "#a0522d" } else { "#e8d5a9" };
            let (base, tip, ly) =
                if row == 0 { (30.0, 200.0, 20.0) } else { (height - 30.0, height - 200.0, height - 8.0) };
            let _ = writeln!(
                s,
                r##"<polygon points="{},{base} {},{base} {},{tip}" fill="{fill}" stroke="#5a3b1e"/>"##,
                x + 2.0,
                x + w - 2.0,
                x + w / 2.0
            );
            let letter = Point::new(i).expect("letter").letter(dialect);
            let letter = if letter == '&' { "&amp;".to_string() } else { letter.to_string() };
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{ly}" text-anchor="middle" font-size="14">{letter}</text>"#,
                x + w / 2.0
            );
            let (t, b) = on(pos, i);
            let (n, fill) = if t > 0 { (t, "#222") } else { (b, "#fafafa") };
            for k in 0..n.min(5) {
                let cy = if row == 0 { 30.0 + 18.0 + 34.0 * k as f64 } else { height - 30.0 - 18.0 - 34.0 * k as f64 };
                let _ = writeln!(s, r##"<circle cx="{}" cy="{cy}" r="16" fill="{fill}" stroke="#333"/>"##, x + w / 2.0);
                if k == 4 && n > 5 {
                    let tc = if t > 0 { "#fff" } else { "#000" };
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}" text-anchor="middle" font-size="14" fill="{tc}">{n}</text>"#,
                        x + w / 2.0,
                        cy + 5.0
                    );
                }
            }
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-size="13">borne off: top {}, bottom {}; {} to throw</text>"#,
        width / 2.0,
        height / 2.0 + 4.0,
        pos.men(Seat::Top, 25),
        pos.men(Seat::Bottom, 25),
        pos.turn()
    );
    s.push_str("</svg>\n");
    s
}
