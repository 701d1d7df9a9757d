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

use super::{number_of, relative_of, Event, InteropError, MatchGame, Note, StepMove, Won};
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
    Beaver(Option<u32>),
    Take,
    Drop,
}

/// What a numbered line holds: the players' actions, each with its column, a `Wins` that
/// ends the game on the same line (gnubg after a left player's drop, FIBS after a
/// resignation), and the words not understood (kept as a comment, never a refused file).
#[derive(Default)]
struct Line {
    actions: Vec<(usize, Action)>,
    wins: Option<(usize, u32)>,
    unread: Vec<String>,
}

/// The actions of a numbered line's text, each with its column in the line.
fn actions(line_no: usize, text: &str, offset: usize) -> Result<Line, InteropError> {
    let mut line = Line::default();
    let out = &mut line.actions;
    let mut tokens = text.split_ascii_whitespace().map(|t| {
        // the token's column: its address within `text`
        let col = offset + (t.as_ptr() as usize - text.as_ptr() as usize);
        (col, t)
    });
    while let Some((col, t)) = tokens.next() {
        if let Some(d) = t.strip_suffix(':') {
            let b = d.as_bytes();
            let dice = match b {
                [x, y] if x.is_ascii_digit() && y.is_ascii_digit() => Dice::as_written(x - b'0', y - b'0'),
                _ => None,
            }
            .ok_or_else(|| err(line_no, format!("`{t}` is no roll")))?;
            out.push((col, Action::Throw(dice, Vec::new())));
        } else if t.eq_ignore_ascii_case("Doubles") || t.eq_ignore_ascii_case("Beavers") {
            let beaver = t.eq_ignore_ascii_case("Beavers");
            let mut value = None;
            // `=> V`
            let mut look = tokens.clone();
            if look.next().map(|x| x.1) == Some("=>") {
                value = look.next().and_then(|x| x.1.parse::<u32>().ok());
                // a cube holds 2, 4, 8, … (what STN can write back: docs/format.md)
                if let Some(v) = value.filter(|v| *v < 2 || !v.is_power_of_two() || *v > crate::board::MAX_CUBE) {
                    return Err(err(line_no, format!("`{t} => {v}`: no cube value (2, 4, 8, …)")));
                }
                tokens.next();
                tokens.next();
            }
            out.push((col, if beaver { Action::Beaver(value) } else { Action::Double(value) }));
        } else if t.eq_ignore_ascii_case("Takes") {
            out.push((col, Action::Take));
        } else if t.eq_ignore_ascii_case("Drops") || t.eq_ignore_ascii_case("Passes") {
            out.push((col, Action::Drop));
        } else if t.contains('/') {
            let moved = steps_of_token(t).ok_or_else(|| err(line_no, format!("`{t}` is no move")))?;
            if moved.iter().any(|s| s.hit && usize::from(s.to) >= crate::games::backgammon::board::OFF) {
                return Err(err(line_no, format!("`{t}`: a man borne off hits nothing")));
            }
            match out.last_mut() {
                Some((_, Action::Throw(_, steps))) if steps.len() + moved.len() <= 4 => steps.extend(moved),
                Some((_, Action::Throw(..))) => return Err(err(line_no, format!("`{t}`: more than four moves"))),
                _ => return Err(err(line_no, format!("the move `{t}` follows no roll"))),
            }
        } else if t.eq_ignore_ascii_case("Cannot")
            && tokens.clone().next().is_some_and(|(_, m)| m.eq_ignore_ascii_case("Move"))
        {
            // eXtreme Gammon's dance (docs/games.md §I.11): the roll with no move
            tokens.next();
        } else if t.len() >= 3 && t.bytes().all(|b| b == b'?') {
            // `????`: a play the program did not record (docs/games.md §I.11), read as none
        } else if t == "Wins" || t == "Losses" {
            // `Wins 1 point [and the match]`: the rest of the line; `Losses` says the same
            let points = tokens.next().and_then(|(_, p)| p.parse().ok());
            if tokens.clone().next().is_some_and(|(_, u)| u.starts_with("point")) {
                tokens.next();
            }
            if t == "Wins" {
                line.wins = Some((col, points.ok_or_else(|| err(line_no, "`Wins` with no points"))?));
                // `and the match`
                tokens.by_ref().for_each(drop);
            }
        } else {
            line.unread.push(t.to_string());
        }
    }
    Ok(line)
}

/// The steps of one move token, in the mover's relative points: `13/11`, `bar/20*`,
/// `6/off`, a man's rests written (`24/18*/13`), and eXtreme Gammon's count of men moved
/// the same way (`13/11(2)`, `6/4*(2)`); `bar` and `off` in any case (docs/games.md §I.11).
/// `None` when the token is no move. Nothing is allocated (the reader's speed).
fn steps_of_token(t: &str) -> Option<smallvec::SmallVec<[StepMove; 4]>> {
    let (body, count) = match t.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        Some((body, n)) => (body, n.parse::<usize>().ok().filter(|n| (1..=4).contains(n))?),
        None => (t, 1),
    };
    let point = |s: &str| -> Option<(u8, bool)> {
        let hit = s.ends_with('*');
        let s = s.trim_end_matches('*');
        let n = if s.eq_ignore_ascii_case("bar") {
            25
        } else if s.eq_ignore_ascii_case("off") {
            0
        } else {
            s.parse().ok()?
        };
        Some((relative_of(n)?, hit))
    };
    let mut one: smallvec::SmallVec<[StepMove; 4]> = smallvec::SmallVec::new();
    let mut parts = body.split('/');
    let mut from = point(parts.next()?)?.0;
    for part in parts {
        let (to, hit) = point(part)?;
        one.push(StepMove { from, to, hit });
        from = to;
    }
    if one.is_empty() || one.len() * count > 4 {
        return None;
    }
    let mut all = smallvec::SmallVec::new();
    for _ in 0..count {
        all.extend_from_slice(&one);
    }
    Some(all)
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
    // lines not understood before the first game, kept for it
    let mut notes: Vec<Note> = Vec::new();
    // comment lines before the first game, kept for it
    let mut comments: Vec<String> = Vec::new();
    let mut numbered_lines = 0usize;
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    // the players' names stand on the line before a game's first numbered line
    let next_is_numbered = |i: usize| {
        lines[i + 1..].iter().map(|l| l.trim()).find(|l| !l.is_empty()).is_some_and(|l| numbered(l).is_some())
    };
    let mut after_game_line = false;
    for (i, &line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let game_line = std::mem::take(&mut after_game_line);
        if let Some(rest) = t.strip_prefix(';') {
            // a comment line: the game's it stands in, else the next game's (docs/games.md §I.7)
            match (tag_line(rest), current.as_mut()) {
                (Some(tag), _) => tags.push(tag),
                (None, Some(g)) => g.comments.push(rest.to_string()),
                (None, None) => comments.push(rest.to_string()),
            }
            continue;
        }
        if let Some(n) = t.strip_suffix("point match") {
            let n: u32 = n.trim().parse().map_err(|_| err(i, format!("`{t}`: no match length")))?;
            // ` 0 point match`: a money session
            match_length = (n > 0).then_some(n);
            continue;
        }
        if let Some(n) = t.strip_prefix("Game ") {
            games.extend(current.take());
            number = n.trim().parse().map_err(|_| err(i, format!("`{t}`: no game number")))?;
            after_game_line = true;
            continue;
        }
        if numbered(t).is_some() {
            numbered_lines += 1;
            let game = current.as_mut().ok_or_else(|| err(i, "a throw before the players' names"))?;
            numbered_line(game, i, line)?;
            continue;
        }
        if t.starts_with("Wins") {
            let game = current.as_mut().ok_or_else(|| err(i, "`Wins` before the players' names"))?;
            wins_line(game, i, line)?;
            continue;
        }
        if !game_line && !next_is_numbered(i) {
            note(&mut current, &mut notes, i, t);
            continue;
        }
        // the players' names start a game
        games.extend(current.take());
        if number == 0 {
            number = games.len() as u32 + 1;
        }
        let mut game = start_game(line, &tags, match_length, number, std::mem::take(&mut notes));
        game.comments = std::mem::take(&mut comments);
        current = Some(game);
        number = 0;
    }
    games.extend(current);
    if numbered_lines == 0 {
        return Err(err(
            0,
            "no match file: no numbered throw line such as `  1) 31: 8/5 6/5` (a .mat file has \
             ` N point match`, ` Game 1`, the players' names, then the throws)",
        ));
    }
    Ok(games)
}

/// A header line's tag, `; [Name "value"]` (after the `;`); `None` for a comment line.
fn tag_line(rest: &str) -> Option<(String, String)> {
    let rest = rest.trim();
    let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
    // the name runs to the value's opening quote (eXtreme Gammon writes names with spaces:
    // `Player 1`)
    let (name, value) = inner.split_once('"')?;
    let value = value.trim_end();
    Some((name.trim().to_string(), value.strip_suffix('"').unwrap_or(value).to_string()))
}

/// A numbered line `N) left  right` of `game` (line `i`): the two columns' actions, and a
/// `Wins` that shares the line (gnubg after a drop, FIBS after a resignation).
fn numbered_line(game: &mut MatchGame, i: usize, line: &str) -> Result<(), InteropError> {
    let close = line.find(')').unwrap_or(0);
    let Line { actions: acts, wins, unread } = actions(i, &line[close + 1..], close + 1)?;
    if let Some((col, points)) = wins {
        let winner = if col < RIGHT_COLUMN { Seat::Top } else { Seat::Bottom };
        game.won = Some(Won { winner, points, resigned: false });
    }
    if !unread.is_empty() {
        game.notes.push(Note::NotRead { line: i + 1, text: unread.join(" ") });
    }
    if acts.len() > 2 {
        return Err(err(i, "more than two players' actions on one line"));
    }
    let two = acts.len() == 2;
    for (k, (col, a)) in acts.into_iter().enumerate() {
        // two actions: left then right; one: its column says whose
        let left = if two { k == 0 } else { col < RIGHT_COLUMN };
        let seat = if left { Seat::Top } else { Seat::Bottom };
        game.events.push(match a {
            Action::Throw(dice, steps) => Event::Throw { seat, dice, steps },
            Action::Double(value) => Event::Double { seat, value },
            Action::Beaver(value) => Event::Beaver { seat, value },
            Action::Take => Event::Take,
            Action::Drop => Event::Drop,
        });
    }
    Ok(())
}

/// A `Wins N point(s)` line of its own: its column says who won.
fn wins_line(game: &mut MatchGame, i: usize, line: &str) -> Result<(), InteropError> {
    let col = line.find("Wins").unwrap_or(0);
    let points =
        line.split_whitespace().nth(1).and_then(|p| p.parse().ok()).ok_or_else(|| err(i, "`Wins` with no points"))?;
    let winner = if col < RIGHT_COLUMN { Seat::Top } else { Seat::Bottom };
    game.won = Some(Won { winner, points, resigned: false });
    Ok(())
}

/// A game started by the players' names `line`, under the file's header `tags`.
fn start_game(
    line: &str,
    tags: &[(String, String)],
    match_length: Option<u32>,
    number: u32,
    notes: Vec<Note>,
) -> MatchGame {
    let (top, bottom, score) = names(line);
    // FIBS writes a player's rating after the name: `BlueNote,1780`
    let (mut top, top_rating) = rated(&top);
    let (mut bottom, bottom_rating) = rated(&bottom);
    let mut game_tags = dialect_tags(tags, &mut top, &mut bottom);
    game_tags.extend(top_rating.map(|r| ("TopElo".to_string(), r)));
    game_tags.extend(bottom_rating.map(|r| ("BottomElo".to_string(), r)));
    MatchGame {
        top,
        bottom,
        match_length,
        number,
        score: if match_length.is_some() { score } else { None },
        start: None,
        events: Vec::new(),
        won: None,
        // `.mat` matches are played with the Crawford rule (gnubg's reading), unless
        // eXtreme Gammon's header says `[Crawford "Off"]`
        crawford_rule: !tags.iter().any(|(k, v)| k == "Crawford" && v.eq_ignore_ascii_case("off")),
        tags: game_tags,
        comments: Vec::new(),
        kept: Vec::new(),
        notes,
    }
}

/// A line that starts with its number: `12)`, the text after the parenthesis.
fn numbered(t: &str) -> Option<&str> {
    t.split_once(')').filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).map(|(_, r)| r)
}

/// The header tags of eXtreme Gammon and BackgammonGalaxy (docs/games.md §I.7) as STN tags:
/// `Player 1`/`Player 2` give the players' full names (the names line may cut them),
/// `Player 1 Elo` is `TopElo`, and another name with spaces loses them (`Match ID` →
/// `MatchID`).
fn dialect_tags(tags: &[(String, String)], top: &mut String, bottom: &mut String) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(tags.len());
    for (name, value) in tags {
        match name.as_str() {
            "Player 1" if !value.trim().is_empty() => *top = value.trim().to_string(),
            "Player 2" if !value.trim().is_empty() => *bottom = value.trim().to_string(),
            "Player 1 Elo" => out.push(("TopElo".to_string(), value.clone())),
            "Player 2 Elo" => out.push(("BottomElo".to_string(), value.clone())),
            _ => out.push((name.split_whitespace().collect::<String>(), value.clone())),
        }
    }
    out
}

/// A name with FIBS's rating after it (`BlueNote,1780`): the name and the rating.
fn rated(name: &str) -> (String, Option<String>) {
    match name.rsplit_once(',') {
        Some((n, r)) if !n.is_empty() && !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit() || b == b'.') => {
            (n.to_string(), Some(r.to_string()))
        }
        _ => (name.to_string(), None),
    }
}

/// A line not understood: kept as a comment of the game it stands in (or the next one).
fn note(current: &mut Option<MatchGame>, notes: &mut Vec<Note>, i: usize, t: &str) {
    let text = Note::NotRead { line: i + 1, text: t.to_string() };
    match current {
        Some(g) => g.notes.push(text),
        None => notes.push(text),
    }
}

/// One player's action as `.mat` writes it.
fn action_text(e: &Event) -> String {
    match e {
        Event::Throw { dice, steps, .. } => {
            let mut s = format!("{}{}:", dice.first(), dice.second());
            for m in steps {
                s.push_str(&format!(" {}/{}{}", number_of(m.from), number_of(m.to), if m.hit { "*" } else { "" }));
            }
            s.push(' ');
            s
        }
        Event::Double { value, .. } => format!(" Doubles => {}", value.unwrap_or(2)),
        Event::Beaver { value, .. } => format!(" Beavers => {}", value.unwrap_or(4)),
        Event::Take => " Takes".into(),
        Event::Drop => " Drops".into(),
    }
}

/// Writes games as a `.mat` file: `N point match` (`0` for money play, as gnubg reads it),
/// then each game's `Game n`, the scores and the throws.
pub fn write(games: &[MatchGame]) -> Result<String, InteropError> {
    let mut out = String::new();
    let Some(first) = games.first() else { return Ok(out) };
    for (k, v) in &first.tags {
        // eXtreme Gammon's names for the ratings
        let k = match k.as_str() {
            "TopElo" => "Player 1 Elo",
            "BottomElo" => "Player 2 Elo",
            k => k,
        };
        out.push_str(&format!("; [{k} \"{v}\"]\n"));
    }
    // the first game's comments stand in the header (a comment line is read as the next
    // game's, or the game's it stands in: docs/games.md §I.7)
    for c in &first.comments {
        out.push_str(&format!(";{c}\n"));
    }
    if !first.tags.is_empty() || !first.comments.is_empty() {
        out.push('\n');
    }
    // money play is a ` 0 point match` with its games numbered: gnubg's `import mat` reads
    // no other layout, not even of one game (it refuses the `.gam` of its `export game`)
    out.push_str(&format!(" {} point match\n\n", first.match_length.unwrap_or(0)));
    for (i, g) in games.iter().enumerate() {
        let (ws, bs) = g.score.unwrap_or((0, 0));
        out.push_str(&format!(" Game {}\n", i + 1));
        out.push_str(&format!("{:<32}{} : {bs}\n", format!(" {} : {ws}", g.top), g.bottom));
        let mut lines = action_lines(g);
        let unit = |w: &Won| if w.points == 1 { "point" } else { "points" };
        // the right player's win after the left player's last action (a drop, a
        // resignation) stands on that numbered line, as gnubg writes it: on a line of its
        // own it would be read as the right player's next action
        let mut won = g.won;
        if let (Some(w), Some(last)) = (won, lines.last_mut()) {
            if w.winner == Seat::Bottom && last.0.is_some() && last.1.is_none() {
                last.1 = Some(format!(" Wins {} {}", w.points, unit(&w)));
                won = None;
            }
        }
        for (n, (l, r)) in lines.iter().enumerate() {
            let l = l.as_deref().unwrap_or("");
            let r = r.as_deref().unwrap_or("");
            let sep = if l.len() >= 28 { " " } else { "" };
            let line = format!("{:>3}) {l:<28}{sep}{r}", n + 1);
            // a left take (or beaver) alone on its line keeps its padding, as gnubg writes
            // it: trimmed, gnubg reads the right player's resignation after it as a second
            // double (docs/games.md §I.8)
            let padded = r.is_empty() && [" Takes", " Beavers"].iter().any(|a| l.starts_with(a));
            out.push_str(if padded { &line } else { line.trim_end() });
            out.push('\n');
        }
        if let Some(w) = won {
            let indent = if w.winner == Seat::Top { 6 } else { 34 };
            out.push_str(&format!("{:indent$}Wins {} {}\n", "", w.points, unit(&w)));
        }
        // a later game's comments after its lines, where they are read as its own
        if i > 0 {
            for c in &g.comments {
                out.push_str(&format!(";{c}\n"));
            }
        }
        out.push('\n');
    }
    Ok(out)
}

/// A game's actions in numbered lines: left (top) then right (bottom).
fn action_lines(g: &MatchGame) -> Vec<(Option<String>, Option<String>)> {
    let mut lines: Vec<(Option<String>, Option<String>)> = Vec::new();
    let mut doubler = Seat::Top;
    let mut beavered = false;
    for e in &g.events {
        let seat = match e {
            Event::Throw { seat, .. } => *seat,
            Event::Double { seat, .. } | Event::Beaver { seat, .. } => {
                beavered = matches!(e, Event::Beaver { .. });
                doubler = *seat;
                *seat
            }
            // gnubg writes no take after ` Beavers => V` (docs/games.md §I.4)
            Event::Take if std::mem::take(&mut beavered) => continue,
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
    lines
}
