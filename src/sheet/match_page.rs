//! One HTML page for a whole backgammon match (docs/games.md §I): the match table (each
//! game, the score before it, the cube at its end, the winner, the points, how it ended, the
//! Crawford game), each game linking to its score sheet further down the same page.

use crate::output::MatchLine;
use crate::show::escape;
use std::fmt::Write;

/// The page: `sheets` are the games' own sheet pages ([`crate::sheet::Sheet::html`]), in the
/// order of `lines`; each is put on the page under `id="game-N"`, its own ids prefixed with
/// `gN-` so that the games' anchors stay apart.
/// `names` are the players' (`Top`, `Bottom` tags), when the records give them.
pub fn match_page(title: &str, names: [Option<&str>; 2], lines: &[MatchLine], sheets: &[String]) -> String {
    let style = sheets.first().and_then(|s| between(s, "<style>\n", "</style>")).unwrap_or("");
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{style}table.match td,table.match th{{padding:.2em .6em}}</style>\n</head>\n<body>\n",
        escape(&format!("{title} — match"))
    );
    let length = lines.iter().find_map(|l| l.match_game.map(|m| m.length));
    let kind = length.map_or("money session".to_string(), |n| format!("{n}-point match"));
    let _ = writeln!(
        s,
        "<header>\n<h1>{}</h1>\n<p class=\"kind\">backgammon: {kind}, {} games</p>\n</header>",
        escape(title),
        lines.len()
    );
    let _ = writeln!(
        s,
        "<table class=\"match\">\n<thead>\n<tr><th>Game</th><th>Score before</th><th>Cube</th><th>Winner</th><th>Points</th><th>How it ended</th><th>Crawford</th></tr>\n</thead>\n<tbody>"
    );
    for l in lines {
        let _ = writeln!(s, "{}", line_row(l, names));
    }
    let _ = writeln!(s, "</tbody>\n</table>");
    for (l, sheet) in lines.iter().zip(sheets) {
        let body = between(sheet, "<body>\n", "</body>").unwrap_or("");
        let prefix = format!("g{}-", l.game);
        let body = body.replace(" id=\"", &format!(" id=\"{prefix}")).replace("href=\"#", &format!("href=\"#{prefix}"));
        let _ =
            writeln!(s, "<section class=\"game\" id=\"game-{}\">\n<h2>Game {}</h2>\n{body}</section>", l.game, l.game);
    }
    let _ = writeln!(s, "</body>\n</html>");
    s
}

/// The table row of one game.
fn line_row(l: &MatchLine, names: [Option<&str>; 2]) -> String {
    let score = l.match_game.map_or("—".to_string(), |m| {
        format!("top {} – bottom {}", m.before[crate::Seat::Top], m.before[crate::Seat::Bottom])
    });
    let cube = match l.cube {
        (v, Some(owner)) => format!("{v} ({owner})"),
        (v, None) => v.to_string(),
    };
    let (winner, points) = match &l.end {
        Some(e) => {
            let name = names[e.winner.index()].map_or(String::new(), |n| format!(" ({})", escape(n)));
            (format!("{}{name}", e.winner), e.points().to_string())
        }
        None => ("—".to_string(), "—".to_string()),
    };
    let how = crate::output::how_words(l.end.as_ref().and_then(|e| e.kind()));
    let crawford = if l.match_game.is_some_and(|m| m.crawford) { "Crawford" } else { "" };
    format!(
        "<tr><td><a href=\"#game-{n}\">Game {n}</a></td><td>{score}</td><td>{cube}</td><td>{winner}</td><td>{points}</td><td>{}</td><td>{crawford}</td></tr>",
        escape(&how),
        n = l.game
    )
}

/// The text of `s` between the first `open` and the next `close`.
fn between<'s>(s: &'s str, open: &str, close: &str) -> Option<&'s str> {
    let start = s.find(open)? + open.len();
    let len = s[start..].find(close)?;
    Some(&s[start..start + len])
}
