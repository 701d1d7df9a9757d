//! The Jellyfish `.mat` transcript as GNU Backgammon writes it (`interop-samples/README.md`
//! §1), and its one-game `.gam` form.
//!
//! ```text
//! ; [EventDate "2026.11.22"]
//!
//!  3 point match
//!
//!  Game 2
//!  gnubg : 1                      root : 0
//!   1) 51: 13/8 24/23              42: 6/4 8/4
//!   2) 52: 23/18 18/16              Doubles => 2
//!   3)  Takes                      42: 13/9* 13/11
//!   …
//!       Wins 4 points
//! ```
//!
//! Each numbered line holds the left player's action, then the right player's: a throw
//! `dd: from/to …` (one move a die, in the mover's numbering, 25 the bar, 0 off, `*` a hit),
//! ` Doubles => V`, ` Takes`, ` Drops`. The order of the moves within a throw means nothing
//! (the reader does not rely on it). The left player is top.

use super::{number_of, relative_of, Event, InteropError, MatchGame, StepMove, Won};
use crate::board::Seat;
use crate::dice::Dice;

/// Columns before this one are the left player's (gnubg puts the right column at 33).
const RIGHT_COLUMN: usize = 20;

fn err(line: usize, message: impl Into<String>) -> InteropError {
    InteropError::Syntax { line: line + 1, message: message.into() }
}

/// One player's action on a numbered line.
enum Action {
    Throw(Dice, Vec<StepMove>),
    Double(Option<u32>),
    Take,
    Drop,
}

/// The actions of a numbered line's text, each with its column in the line.
fn actions(line_no: usize, text: &str, offset: usize) -> Result<Vec<(usize, Action)>, InteropError> {
    let mut out: Vec<(usize, Action)> = Vec::new();
    let mut tokens = text.split_whitespace().map(|t| {
        // the token's column: its address within `text`
        let col = offset + (t.as_ptr() as usize - text.as_ptr() as usize);
        (col, t)
    });
    while let Some((col, t)) = tokens.next() {
        if let Some(d) = t.strip_suffix(':') {
            let b = d.as_bytes();
            let dice = match b {
                [x, y] if x.is_ascii_digit() && y.is_ascii_digit() => Dice::new(x - b'0', y - b'0'),
                _ => None,
            }
            .ok_or_else(|| err(line_no, format!("`{t}` is no roll")))?;
            out.push((col, Action::Throw(dice, Vec::new())));
        } else if t.eq_ignore_ascii_case("Doubles") {
            let mut value = None;
            // `=> V`
            let mut look = tokens.clone();
            if look.next().map(|x| x.1) == Some("=>") {
                value = look.next().and_then(|x| x.1.parse().ok());
                tokens.next();
                tokens.next();
            }
            out.push((col, Action::Double(value)));
        } else if t.eq_ignore_ascii_case("Takes") {
            out.push((col, Action::Take));
        } else if t.eq_ignore_ascii_case("Drops") || t.eq_ignore_ascii_case("Passes") {
            out.push((col, Action::Drop));
        } else if let Some((a, b)) = t.split_once('/') {
            let hit = b.ends_with('*');
            let b = b.trim_end_matches('*');
            let point = |s: &str| -> Option<u8> {
                match s {
                    "bar" => Some(25),
                    "off" => Some(0),
                    _ => s.parse().ok(),
                }
            };
            let (from, to) = match (point(a).and_then(relative_of), point(b).and_then(relative_of)) {
                (Some(f), Some(t)) => (f, t),
                _ => return Err(err(line_no, format!("`{t}` is no move"))),
            };
            match out.last_mut() {
                Some((_, Action::Throw(_, steps))) if steps.len() < 4 => steps.push(StepMove { from, to, hit }),
                _ => return Err(err(line_no, format!("the move `{t}` follows no roll"))),
            }
        } else {
            return Err(err(line_no, format!("unexpected `{t}`")));
        }
    }
    Ok(out)
}

/// The players of a names line: `gnubg : 0      root : 0` (a match) or `gnubg      root`
/// (`.gam`): names, and the scores when given.
fn names(line: &str) -> (String, String, Option<(u32, u32)>) {
    let parts: Vec<&str> = line.split(':').collect();
    if let [left, middle, right] = parts.as_slice() {
        let mut m = middle.trim().splitn(2, char::is_whitespace);
        let ws = m.next().and_then(|x| x.trim().parse().ok());
        let right_name = m.next().unwrap_or("").trim().to_string();
        let bs = right.trim().parse().ok();
        let score = ws.zip(bs);
        return (left.trim().to_string(), right_name, score);
    }
    let cols: Vec<&str> = line.trim().split("  ").map(str::trim).filter(|s| !s.is_empty()).collect();
    (cols.first().map_or(String::new(), |s| s.to_string()), cols.get(1).map_or(String::new(), |s| s.to_string()), None)
}

/// Reads a `.mat` or `.gam` file: one [`MatchGame`] per game.
pub fn read(text: &str) -> Result<Vec<MatchGame>, InteropError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut match_length = None;
    let mut number = 0u32;
    let mut current: Option<MatchGame> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(rest) = t.strip_prefix(';') {
            // `; [Name "value"]`
            let rest = rest.trim();
            if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                // the name runs to the value's opening quote (eXtreme Gammon writes names
                // with spaces: `Player 1`)
                if let Some((name, value)) = inner.split_once('"') {
                    let value = value.trim_end();
                    tags.push((name.trim().to_string(), value.strip_suffix('"').unwrap_or(value).to_string()));
                }
            }
            continue;
        }
        if let Some(n) = t.strip_suffix("point match") {
            match_length = Some(n.trim().parse().map_err(|_| err(i, format!("`{t}`: no match length")))?);
            continue;
        }
        if let Some(n) = t.strip_prefix("Game ") {
            games.extend(current.take());
            number = n.trim().parse().map_err(|_| err(i, format!("`{t}`: no game number")))?;
            continue;
        }
        let numbered = t.split_once(')').filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if let Some((_, _)) = numbered {
            let game = current.as_mut().ok_or_else(|| err(i, "a throw before the players' names"))?;
            let close = line.find(')').unwrap_or(0);
            let acts = actions(i, &line[close + 1..], close + 1)?;
            let two = acts.len() == 2;
            let seat_of = |k: usize, col: usize| {
                if two {
                    if k == 0 {
                        Seat::Top
                    } else {
                        Seat::Bottom
                    }
                } else if col < RIGHT_COLUMN {
                    Seat::Top
                } else {
                    Seat::Bottom
                }
            };
            if acts.len() > 2 {
                return Err(err(i, "more than two players' actions on one line"));
            }
            for (k, (col, a)) in acts.into_iter().enumerate() {
                let seat = seat_of(k, col);
                game.events.push(match a {
                    Action::Throw(dice, steps) => Event::Throw { seat, dice, steps },
                    Action::Double(value) => Event::Double { seat, value },
                    Action::Take => Event::Take,
                    Action::Drop => Event::Drop,
                });
            }
            continue;
        }
        if t.starts_with("Wins") {
            let game = current.as_mut().ok_or_else(|| err(i, "`Wins` before the players' names"))?;
            let col = line.find("Wins").unwrap_or(0);
            let points = t
                .split_whitespace()
                .nth(1)
                .and_then(|p| p.parse().ok())
                .ok_or_else(|| err(i, "`Wins` with no points"))?;
            let winner = if col < RIGHT_COLUMN { Seat::Top } else { Seat::Bottom };
            game.won = Some(Won { winner, points, resigned: false });
            continue;
        }
        // the players' names start a game
        games.extend(current.take());
        let (top, bottom, score) = names(line);
        if number == 0 {
            number = games.len() as u32 + 1;
        }
        current = Some(MatchGame {
            top,
            bottom,
            match_length,
            number,
            score: if match_length.is_some() { score } else { None },
            start: None,
            events: Vec::new(),
            won: None,
            tags: tags.clone(),
            notes: Vec::new(),
        });
        number = 0;
    }
    games.extend(current);
    Ok(games)
}

/// One player's action as `.mat` writes it.
fn action_text(e: &Event) -> String {
    match e {
        Event::Throw { dice, steps, .. } => {
            let mut s = format!("{}{}:", dice.high(), dice.low());
            for m in steps {
                s.push_str(&format!(" {}/{}{}", number_of(m.from), number_of(m.to), if m.hit { "*" } else { "" }));
            }
            s.push(' ');
            s
        }
        Event::Double { value, .. } => format!(" Doubles => {}", value.unwrap_or(2)),
        Event::Take => " Takes".into(),
        Event::Drop => " Drops".into(),
    }
}

/// Writes games as a `.mat` file (a match: `N point match`, `Game n`, the scores) when the
/// first has a match length, else as `.gam` games (the names line and the throws).
pub fn write(games: &[MatchGame]) -> Result<String, InteropError> {
    let mut out = String::new();
    let Some(first) = games.first() else { return Ok(out) };
    for (k, v) in &first.tags {
        out.push_str(&format!("; [{k} \"{v}\"]\n"));
    }
    if !first.tags.is_empty() {
        out.push('\n');
    }
    let in_match = first.match_length.is_some();
    if let Some(l) = first.match_length {
        out.push_str(&format!(" {l} point match\n\n"));
    }
    for (i, g) in games.iter().enumerate() {
        if in_match {
            let (ws, bs) = g.score.unwrap_or((0, 0));
            out.push_str(&format!(" Game {}\n", i + 1));
            out.push_str(&format!("{:<32}{} : {bs}\n", format!(" {} : {ws}", g.top), g.bottom));
        } else {
            out.push_str(&format!("{:<32}{}\n", format!(" {}", g.top), g.bottom));
        }
        // the actions in lines: left (top) then right (bottom)
        let mut lines: Vec<(Option<String>, Option<String>)> = Vec::new();
        let mut doubler = Seat::Top;
        for e in &g.events {
            let seat = match e {
                Event::Throw { seat, .. } => *seat,
                Event::Double { seat, .. } => {
                    doubler = *seat;
                    *seat
                }
                Event::Take | Event::Drop => doubler.other(),
            };
            let new_line = match (lines.last(), seat) {
                (None, _) => true,
                (Some((l, r)), Seat::Top) => l.is_some() || r.is_some(),
                (Some((_, r)), Seat::Bottom) => r.is_some(),
            };
            if new_line {
                lines.push((None, None));
            }
            if let Some(line) = lines.last_mut() {
                match seat {
                    Seat::Top => line.0 = Some(action_text(e)),
                    Seat::Bottom => line.1 = Some(action_text(e)),
                }
            }
        }
        for (n, (l, r)) in lines.iter().enumerate() {
            let l = l.as_deref().unwrap_or("");
            let r = r.as_deref().unwrap_or("");
            let sep = if l.len() >= 28 { " " } else { "" };
            out.push_str(format!("{:>3}) {l:<28}{sep}{r}", n + 1).trim_end());
            out.push('\n');
        }
        if let Some(w) = g.won {
            let indent = if w.winner == Seat::Top { 6 } else { 34 };
            let unit = if w.points == 1 { "point" } else { "points" };
            out.push_str(&format!("{:indent$}Wins {} {unit}\n", "", w.points));
        }
        out.push('\n');
    }
    Ok(out)
}
