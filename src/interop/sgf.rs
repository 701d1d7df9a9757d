//! GNU Backgammon's SGF (`GM[6]`, `interop-samples/README.md` §2).
//!
//! One game tree per game. The root holds `MI[length:L][game:g][ws:W][bs:B]` (match length,
//! 0 for money play; the game's number from 0; the scores before it), `PW`/`PB` (White,
//! Black), `RE[W+1]`, `RE[B+4R]` (`R`: resigned), `DT`. A move node `;W[…]`/`;B[…]` holds the
//! roll and one from/to letter pair per die (`;B[64aggk]`), or `double`, `take`, `drop`;
//! hits are not written (the reader finds them by replaying). Letters `a`..`x` are White's
//! points 1..24 (Black's 24..1), `y` the mover's bar, `z` off. Set-up nodes: `AE[a:y]`
//! clears, `AW[c]`, `AB[t]` add men, `PL[B]` the seat to play; men not placed are borne off.
//! White is top. A move node's other properties (comments `C`, gnubg's analysis `A`, `DA`, …)
//! are kept as STN comments `{ sgf: C[…] }` of the throw and written back on the node
//! (docs/commands.md, import and export). The root's properties that no STN tag holds
//! (gnubg's game statistics `GS`, the program `AP`, any other) are kept as one record comment
//! `; sgf root: PROPS` and written back on the root (docs/games.md §I.7: nothing is lost).

use super::{Event, InteropError, MatchGame, StepMove, Won};
use crate::board::Seat;
use crate::dice::Dice;
use crate::games::backgammon::board::{Board, BAR, MEN, OFF};

struct Node {
    line: usize,
    props: Vec<(String, Vec<String>)>,
}

impl Node {
    fn get(&self, id: &str) -> Option<&[String]> {
        self.props.iter().find(|(k, _)| k == id).map(|(_, v)| v.as_slice())
    }
    fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(String::as_str)
    }
}

fn err(line: usize, message: impl Into<String>) -> InteropError {
    InteropError::Syntax { line, message: message.into() }
}

/// The game trees of a file, each as its nodes in order (variations flattened: gnubg
/// writes none).
fn trees(text: &str) -> Result<Vec<Vec<Node>>, InteropError> {
    let mut out: Vec<Vec<Node>> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut line = 1;
    let mut depth = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'(' => {
                if depth == 0 {
                    out.push(Vec::new());
                }
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.checked_sub(1).ok_or_else(|| err(line, "`)` with no `(`"))?;
                i += 1;
            }
            b';' => {
                let tree =
                    out.last_mut().filter(|_| depth > 0).ok_or_else(|| err(line, "a node outside a game tree"))?;
                tree.push(Node { line, props: Vec::new() });
                i += 1;
            }
            c if c.is_ascii_uppercase() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_uppercase() {
                    i += 1;
                }
                let id = text[start..i].to_string();
                let mut values = Vec::new();
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        if bytes[i] == b'\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    i += 1;
                    let mut v = Vec::new();
                    while i < bytes.len() && bytes[i] != b']' {
                        if bytes[i] == b'\\' && i + 1 < bytes.len() {
                            i += 1;
                        }
                        if bytes[i] == b'\n' {
                            line += 1;
                        }
                        v.push(bytes[i]);
                        i += 1;
                    }
                    if i >= bytes.len() {
                        return Err(err(line, format!("property {id}: a value with no `]`")));
                    }
                    i += 1;
                    values.push(String::from_utf8_lossy(&v).into_owned());
                }
                let node = out
                    .last_mut()
                    .and_then(|t| t.last_mut())
                    .ok_or_else(|| err(line, format!("property {id} outside a node")))?;
                node.props.push((id, values));
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => return Err(err(line, format!("unexpected `{}`", char::from(c)))),
        }
    }
    if depth != 0 {
        return Err(err(line, "a game tree with no closing `)`"));
    }
    Ok(out)
}

/// The mover's relative point of an SGF letter (`a`..`x`, `y` bar, `z` off).
fn relative(seat: Seat, c: u8) -> Option<u8> {
    match c {
        b'y' => Some(BAR as u8),
        b'z' => Some(OFF as u8),
        b'a'..=b'x' => {
            let i = c - b'a';
            Some(match seat {
                Seat::Top => 24 - i,
                Seat::Bottom => i + 1,
            })
        }
        _ => None,
    }
}

/// The SGF letter of the mover's relative point.
fn letter(seat: Seat, p: u8) -> char {
    match usize::from(p) {
        BAR => 'y',
        OFF => 'z',
        _ => char::from(
            b'a' + match seat {
                Seat::Top => 24 - p,
                Seat::Bottom => p - 1,
            },
        ),
    }
}

fn seat_of(color: &str) -> Option<Seat> {
    match color {
        "W" | "w" => Some(Seat::Top),
        "B" | "b" => Some(Seat::Bottom),
        _ => None,
    }
}

/// The board a set-up node leaves: `AE` clears (points or ranges `a:y`), `AW`/`AB` add
/// one man a value, the men not placed are borne off.
fn set_up(board: &Board, node: &Node) -> Result<Board, InteropError> {
    let mut b = *board;
    let points = |v: &str| -> Result<Vec<u8>, InteropError> {
        let bytes = v.as_bytes();
        match bytes {
            [x] => Ok(vec![*x]),
            [x, b':', y] if x <= y => Ok((*x..=*y).collect()),
            _ => Err(err(node.line, format!("`{v}` is no point"))),
        }
    };
    for v in node.get("AE").unwrap_or(&[]) {
        for c in points(v)? {
            for seat in Seat::ALL {
                let p = relative(seat, c).ok_or_else(|| err(node.line, format!("`{v}` is no point")))?;
                if usize::from(p) != OFF {
                    b.men[seat.index()][usize::from(p)] = 0;
                }
            }
        }
    }
    for (id, seat) in [("AW", Seat::Top), ("AB", Seat::Bottom)] {
        for v in node.get(id).unwrap_or(&[]) {
            for c in points(v)? {
                let p = relative(seat, c).filter(|&p| usize::from(p) != OFF);
                let p = p.ok_or_else(|| err(node.line, format!("`{v}` is no point for a man")))?;
                let slot = &mut b.men[seat.index()][usize::from(p)];
                *slot = slot
                    .checked_add(1)
                    .filter(|&n| n <= MEN)
                    .ok_or_else(|| err(node.line, format!("{seat} has more than 15 men")))?;
            }
        }
    }
    for seat in Seat::ALL {
        let on: u32 = b.men[seat.index()][..OFF].iter().map(|&c| u32::from(c)).sum();
        let off =
            u32::from(MEN).checked_sub(on).ok_or_else(|| err(node.line, format!("{seat} has more than 15 men")))?;
        b.men[seat.index()][OFF] = off as u8;
    }
    Ok(b)
}

/// A move node's value (`W[52xyuv]`: the dice, then each step's from and to as gnubg's
/// point letters seen from `seat`) as a throw.
fn throw_event(line: usize, seat: Seat, v: &str) -> Result<Event, InteropError> {
    let b = v.as_bytes();
    if b.len() < 2 || b.len() % 2 != 0 || b.len() > 10 {
        return Err(err(line, format!("`{v}` is no move")));
    }
    let dice = Dice::as_written(b[0].wrapping_sub(b'0'), b[1].wrapping_sub(b'0'))
        .ok_or_else(|| err(line, format!("`{v}`: no roll")))?;
    let mut steps = Vec::new();
    for pair in b[2..].chunks(2) {
        let (from, to) = match (relative(seat, pair[0]), relative(seat, pair[1])) {
            (Some(f), Some(t)) => (f, t),
            _ => return Err(err(line, format!("`{v}`: no point"))),
        };
        steps.push(StepMove { from, to, hit: false });
    }
    Ok(Event::Throw { seat, dice, steps })
}

/// Reads a gnubg SGF file: one [`MatchGame`] per game tree.
pub fn read(text: &str) -> Result<Vec<MatchGame>, InteropError> {
    let mut games = Vec::new();
    for nodes in trees(text)? {
        let Some(root) = nodes.first() else { continue };
        if root.first("GM").is_some_and(|g| g != "6") {
            return Err(err(root.line, "not a backgammon SGF (GM[6])"));
        }
        let mut g = MatchGame {
            top: root.first("PW").unwrap_or("White").to_string(),
            bottom: root.first("PB").unwrap_or("Black").to_string(),
            number: games.len() as u32 + 1,
            ..MatchGame::default()
        };
        let mut length = None;
        let (mut ws, mut bs) = (None, None);
        for v in root.get("MI").unwrap_or(&[]) {
            if let Some((k, x)) = v.split_once(':') {
                let n: Option<u32> = x.trim().parse().ok();
                match k {
                    "length" => length = n,
                    "game" => g.number = n.map_or(g.number, |n| n + 1),
                    "ws" => ws = n,
                    "bs" => bs = n,
                    _ => {}
                }
            }
        }
        g.match_length = length.filter(|&l| l > 0);
        if g.match_length.is_some() {
            g.score = Some((ws.unwrap_or(0), bs.unwrap_or(0)));
        }
        // gnubg dates the first game of a match only: the others keep its date
        let date = root.first("DT").map(|d| d.replace('-', ".")).or_else(|| {
            games.last().and_then(|p: &MatchGame| p.tags.iter().find(|t| t.0 == "EventDate").map(|t| t.1.clone()))
        });
        if let Some(d) = date {
            g.tags.push(("EventDate".into(), d));
        }
        for (id, name) in ROOT_TAGS {
            if let Some(v) = root.first(id).filter(|v| !v.trim().is_empty()) {
                g.tags.push((name.into(), v.to_string()));
            }
        }
        // the game's comments (`GC`), one a line, as export writes them (docs/games.md §I.7)
        if let Some(gc) = root.first("GC") {
            g.comments.extend(gc.lines().map(String::from));
        }
        // the root's properties that no tag holds, as a comment written back on export
        if let Some(kept) = root_kept(root) {
            g.comments.push(kept);
        }
        // `RU[Crawford]`: the rule; `RU[Crawford:CrawfordGame]`: this is the Crawford game
        let rules = root.first("RU").unwrap_or("");
        g.crawford_rule = rules.split(':').any(|r| r == "Crawford");
        if g.match_length.is_some() && rules.split(':').any(|r| r == "CrawfordGame") {
            g.tags.push(("Crawford".into(), "yes".into()));
        }
        if let Some(re) = root.first("RE") {
            let winner = re.get(..1).and_then(seat_of);
            let rest = re.get(2..).unwrap_or("");
            let resigned = rest.ends_with('R');
            let points = rest.trim_end_matches('R').parse().ok();
            if let (Some(winner), Some(points)) = (winner, points) {
                g.won = Some(Won { winner, points, resigned });
            }
        }
        moves(&mut g, &nodes[1..])?;
        games.push(g);
    }
    Ok(games)
}

/// The nodes after a game's root (`nodes`) into game `g`: set-up positions, moves, cube
/// actions, resignations, and rolls with no move.
fn moves(g: &mut MatchGame, nodes: &[Node]) -> Result<(), InteropError> {
    let mut board = Board::opening(Seat::Top);
    // a resignation offered (Gibbon), until accepted
    let mut offered: Option<Won> = None;
    // a roll with no move (`PL[B]DI[61]`, gnubg's own writing of a throw whose play was
    // not recorded): a throw with no play (`-`), unless the same seat's move with the
    // same dice follows (then it was only the roll, written before its move) or a set-up
    // position replaces the game's position (then the roll belonged to the position left)
    let mut rolled: Option<(usize, Seat, &str)> = None;
    for node in nodes {
        let moved = [("W", Seat::Top), ("B", Seat::Bottom)].into_iter().find_map(|(id, s)| Some((s, node.first(id)?)));
        if let Some((line, seat, dice)) = rolled.take() {
            let same = moved.is_some_and(|(s, v)| s == seat && v.trim().get(..2) == Some(dice));
            let set_up = ["AE", "AW", "AB"].iter().any(|id| node.get(id).is_some());
            if !same && !set_up {
                g.events.push(throw_event(line, seat, dice)?);
            }
        }
        if let (None, Some(seat), Some(dice)) =
            (moved, node.first("PL").and_then(seat_of), node.first("DI").map(str::trim))
        {
            rolled = Some((node.line, seat, dice));
        }
        if node.get("AE").is_some() || node.get("AW").is_some() || node.get("AB").is_some() {
            board = set_up(g.start.as_ref().unwrap_or(&board), node)?;
            g.start = Some(board);
        }
        if let (Some(start), Some(pl)) = (g.start.as_mut(), node.first("PL").and_then(seat_of)) {
            start.turn = pl;
        }
        for (id, seat) in [("W", Seat::Top), ("B", Seat::Bottom)] {
            if let Some(v) = node.first(id) {
                let before = g.events.len();
                move_node(g, &mut offered, node.line, seat, v.trim())?;
                let props = other_props(node);
                if !props.is_empty() && g.events.len() > before {
                    g.kept.push((g.events.len() - 1, props));
                }
            }
        }
    }
    if let Some((line, seat, dice)) = rolled {
        g.events.push(throw_event(line, seat, dice)?);
    }
    Ok(())
}

/// The STN comment text that keeps SGF properties `props` of `e`'s node: ` sgf: PROPS `
/// for a play, ` sgf double: PROPS ` (`take`, `drop`, `beaver`) for a cube action; a `}`
/// (which would end the comment) and a line end are written `\7d` and `\0a`.
pub(super) fn kept_comment(e: &Event, props: &str) -> String {
    let kind = match e {
        Event::Throw { .. } => "",
        Event::Double { .. } => " double",
        Event::Beaver { .. } => " beaver",
        Event::Take => " take",
        Event::Drop => " drop",
    };
    format!(" sgf{kind}: {} ", escape_kept(props))
}

/// `props` with `}` and line ends written `\7d` and `\0a` (read back by [`unescape_kept`]).
fn escape_kept(props: &str) -> String {
    let mut text = String::with_capacity(props.len());
    for c in props.chars() {
        match c {
            '}' => text.push_str("\\7d"),
            '\n' => text.push_str("\\0a"),
            c => text.push(c),
        }
    }
    text
}

/// The kind a root comment names: ` sgf root: PROPS` (see [`root_kept`]).
const ROOT: &str = "root";

/// The root's properties that no tag of the record holds and the reader does not read
/// (`AP`, gnubg's `GS`, any other), as the record comment ` sgf root: PROPS` (`None`: none).
/// `AP[soumille]`, which export writes itself, is not kept.
fn root_kept(root: &Node) -> Option<String> {
    const READ: [&str; 15] = ["FF", "GM", "CA", "MI", "PW", "PB", "DT", "EV", "RO", "PC", "AN", "SO", "GC", "RU", "RE"];
    let mut props = String::new();
    for (id, values) in root.props.iter().filter(|(id, _)| !READ.contains(&id.as_str())) {
        if id == "AP" && values.iter().all(|v| v == "soumille") {
            continue;
        }
        props.push_str(id);
        for v in values {
            props.push_str(&format!("[{}]", escape(v)));
        }
    }
    (!props.is_empty()).then(|| format!(" sgf {ROOT}: {}", escape_kept(&props)))
}

/// The root's properties that a record comment written by [`root_kept`] keeps.
pub(super) fn read_root(comment: &str) -> Option<String> {
    let (kind, props) = comment.trim().strip_prefix("sgf")?.split_once(':')?;
    (kind.trim() == ROOT).then(|| unescape_kept(props))
}

/// The event's kind and SGF properties that a comment written by [`kept_comment`] keeps.
pub(super) fn read_kept(comment: &str) -> Option<(&'static str, String)> {
    let (kind, props) = comment.trim().strip_prefix("sgf")?.split_once(':')?;
    let kind = ["", "double", "beaver", "take", "drop"].into_iter().find(|k| *k == kind.trim())?;
    Some((kind, unescape_kept(props)))
}

/// The SGF text of kept properties written by [`escape_kept`].
fn unescape_kept(props: &str) -> String {
    let mut out = String::with_capacity(props.len());
    let mut rest = props.trim();
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let (text, n) = if tail.starts_with("\\7d") {
            ("}", 3)
        } else if tail.starts_with("\\0a") {
            ("\n", 3)
        } else {
            // an SGF escape (`\]`, `\\`): kept as it is
            (tail.get(..2).unwrap_or(tail), 2.min(tail.len()))
        };
        out.push_str(text);
        rest = &tail[n..];
    }
    out.push_str(rest);
    out
}

/// A move node's properties other than its move (`W`, `B`), as SGF text.
fn other_props(node: &Node) -> String {
    let mut out = String::new();
    for (id, values) in node.props.iter().filter(|(id, _)| id != "W" && id != "B") {
        out.push_str(id);
        for v in values {
            out.push_str(&format!("[{}]", escape(v)));
        }
    }
    out
}

/// A move node's value `v` of `seat` (line `line`) into game `g`: a throw, a cube action, or
/// Gibbon's resignation as moves (`resign:N` then `accept`/`reject`, docs/games.md §I.11,
/// §I.5), `offered` holding the resignation until it is answered.
fn move_node(
    g: &mut MatchGame,
    offered: &mut Option<Won>,
    line: usize,
    seat: Seat,
    v: &str,
) -> Result<(), InteropError> {
    match v {
        // a double answering the other seat's double is a beaver (docs/games.md §I.4)
        "double" if matches!(g.events.last(), Some(Event::Double { seat: d, .. }) if *d != seat) => {
            g.events.push(Event::Beaver { seat, value: None })
        }
        "double" => g.events.push(Event::Double { seat, value: None }),
        "take" => g.events.push(Event::Take),
        "drop" => g.events.push(Event::Drop),
        "accept" => {
            if let Some(won) = offered.take() {
                g.won = Some(g.won.filter(|w| w.points == won.points).unwrap_or(won));
                g.won.as_mut().into_iter().for_each(|w| w.resigned = true);
            }
        }
        "reject" => *offered = None,
        _ if v.starts_with("resign") => {
            let points = v.strip_prefix("resign:").and_then(|n| n.trim().parse().ok());
            let points = points.ok_or_else(|| err(line, format!("`{v}`: no resignation's value")))?;
            *offered = Some(Won { winner: seat.other(), points, resigned: true });
        }
        _ => g.events.push(throw_event(line, seat, v)?),
    }
    Ok(())
}

/// The root properties gnubg writes for the match's place in the world, and their STN
/// tags (docs/games.md §I.7): event, round, place, annotator, source.
const ROOT_TAGS: [(&str, &str); 5] =
    [("EV", "Event"), ("RO", "Round"), ("PC", "Site"), ("AN", "Annotator"), ("SO", "Source")];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes games as one SGF file, a game tree each.
pub fn write(games: &[MatchGame]) -> String {
    let mut out = String::new();
    let mut crawford_played = false;
    for (k, g) in games.iter().enumerate() {
        let (ws, bs) = g.score.unwrap_or((0, 0));
        // the root's properties a comment keeps (docs/games.md §I.7), the source's program
        // instead of ours
        let root: String = g.comments.iter().filter_map(|c| read_root(c)).collect();
        let ap = if root.starts_with("AP[") || root.contains("]AP[") { "" } else { "AP[soumille]" };
        out.push_str(&format!(
            "(;FF[4]GM[6]CA[UTF-8]{ap}MI[length:{}][game:{k}][ws:{ws}][bs:{bs}]PW[{}]PB[{}]",
            g.match_length.unwrap_or(0),
            escape(&g.top),
            escape(&g.bottom)
        ));
        if let Some((_, d)) = g.tags.iter().find(|(n, _)| n == "EventDate") {
            out.push_str(&format!("DT[{}]", escape(&d.replace('.', "-"))));
        }
        for (id, name) in ROOT_TAGS {
            if let Some((_, v)) = g.tags.iter().find(|(n, _)| n == name) {
                out.push_str(&format!("{id}[{}]", escape(v)));
            }
        }
        // the throws' comments that keep a node's properties go back on their nodes
        let comments: Vec<&str> = g
            .comments
            .iter()
            .map(String::as_str)
            .filter(|c| {
                read_root(c).is_none()
                    && c.split_once(':')
                        .is_none_or(|(t, rest)| !t.trim().starts_with("throw ") || read_kept(rest).is_none())
            })
            .collect();
        if !comments.is_empty() {
            out.push_str(&format!("GC[{}]", escape(&comments.join("\n"))));
        }
        if let Some(length) = g.match_length.filter(|_| g.crawford_rule) {
            // the Crawford game: the first after one seat reaches length − 1 (docs/games.md
            // §I.2); both at length − 1 (a 1-point match, or double match point) is none
            let (ws, bs) = g.score.unwrap_or((0, 0));
            let now = !crawford_played && ((ws + 1 == length) != (bs + 1 == length));
            crawford_played |= now || ws + 1 >= length || bs + 1 >= length;
            out.push_str(if now { "RU[Crawford:CrawfordGame]" } else { "RU[Crawford]" });
        }
        if let Some(w) = g.won {
            let color = if w.winner == Seat::Top { 'W' } else { 'B' };
            out.push_str(&format!("RE[{color}+{}{}]", w.points, if w.resigned { "R" } else { "" }));
        }
        out.push_str(&root);
        out.push('\n');
        if let Some(b) = &g.start {
            setup_node(&mut out, b);
        }
        event_nodes(&mut out, g);
        out.push_str(")\n");
    }
    out
}

/// The node of a game that starts from a set-up position `b`: the men placed, the seat on roll.
fn setup_node(out: &mut String, b: &Board) {
    let color = if b.turn == Seat::Top { 'W' } else { 'B' };
    out.push_str(&format!(";PL[{color}]AE[a:y]"));
    for (id, seat) in [("AW", Seat::Top), ("AB", Seat::Bottom)] {
        let mut first = true;
        for p in 0..OFF {
            for _ in 0..b.men(seat, p) {
                if first {
                    out.push_str(id);
                    first = false;
                }
                out.push_str(&format!("[{}]", letter(seat, p as u8)));
            }
        }
    }
    out.push('\n');
}

/// A node per event of the game (a throw, a double, a take, a drop), with the properties its
/// comments kept.
fn event_nodes(out: &mut String, g: &MatchGame) {
    let mut doubler = Seat::Top;
    for (k, e) in g.events.iter().enumerate() {
        let (seat, value) = match e {
            Event::Throw { seat, dice, steps } => {
                let mut v = format!("{}{}", dice.first(), dice.second());
                for s in steps {
                    v.push(letter(*seat, s.from));
                    v.push(letter(*seat, s.to));
                }
                (*seat, v)
            }
            Event::Double { seat, .. } | Event::Beaver { seat, .. } => {
                doubler = *seat;
                (*seat, "double".to_string())
            }
            Event::Take => (doubler.other(), "take".to_string()),
            Event::Drop => (doubler.other(), "drop".to_string()),
        };
        let color = if seat == Seat::Top { 'W' } else { 'B' };
        out.push_str(&format!(";{color}[{value}]"));
        g.kept.iter().filter(|(i, _)| *i == k).for_each(|(_, p)| out.push_str(p));
        out.push('\n');
    }
}
