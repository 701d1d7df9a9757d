//! The renderers of the other games (docs/games.md) on their clean samples: every sheet format,
//! the replay, the boards, and what each shows of the game's end.

use crate::common;
use common::run;

/// A clean sample of each game of the registry but Grand Trictrac's: `samples/TAG/generated.stn`,
/// and two more written by others.
fn clean() -> Vec<(String, &'static str)> {
    let mut files: Vec<(String, &str)> = soumille::games::registry::GAMES
        .iter()
        .filter(|g| !g.is_grand_trictrac())
        .map(|g| (format!("samples/{}/generated.stn", g.tag()), g.tag()))
        .collect();
    files.push(("samples/backgammon/gnubg-money.stn".into(), "backgammon"));
    files.push(("samples/tric-trac/e11-example.stn".into(), "tric-trac"));
    files
}

fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn every_sheet_format_shows_the_throws_and_the_end() {
    for (file, game) in clean() {
        let file = file.as_str();
        let text = ok(&["sheet", file]);
        assert!(text.starts_with(&format!("{game}: ")), "{file}:\n{text}");
        assert!(text.contains("   1. "), "{file}: the first throw");
        assert!(text.contains(" wins "), "{file}: the end:\n{text}");
        let md = ok(&["sheet", file, "--format", "markdown"]);
        assert!(md.contains("| # | seat | dice | play |") && md.contains(" wins "), "{file}");
        let html = ok(&["sheet", file, "--format", "html"]);
        assert!(html.starts_with("<!DOCTYPE html>") && html.contains("id=\"throw-1\""), "{file}");
        // no network: the only address is the SVG namespace of the diagrams
        let svg_ns = html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count();
        assert!(html.matches("http://").count() == svg_ns && !html.contains("https://"), "{file}: no network");
        let json: serde_json::Value = serde_json::from_str(&ok(&["sheet", file, "--format", "json"])).unwrap();
        assert_eq!(json["game"], game, "{file}");
        let rows = json["rows"].as_array().unwrap();
        assert!(
            !rows.is_empty() && rows.iter().all(|r| r["lawful"] == true && r["flags"].as_array().unwrap().is_empty())
        );
        assert!(json["end"]["winner"].is_string() && json["end"]["points"].as_u64().unwrap() >= 1, "{file}");
    }
}

#[test]
fn the_replay_and_the_boards_follow_the_game() {
    for (file, _) in clean() {
        let file = file.as_str();
        let replay = ok(&["replay", file]);
        assert!(replay.contains("1. ") && replay.contains("after: "), "{file}:\n{replay}");
        let start = ok(&["show", file, "--at", "0", "--format", "position"]);
        let after = ok(&["show", file, "--at", "1", "--format", "position"]);
        assert_ne!(start, after, "{file}: throw 1 moves men");
        // the position written after throw 1 reads back as the game's position
        let board = ok(&["show", file, "--at", "1"]);
        assert!(board.contains("borne off: top "), "{file}:\n{board}");
        let o = run(&["show", file, "--at", "9999"]);
        assert_eq!(o.status.code(), Some(2), "{file}: no such throw");
    }
}

#[test]
fn check_json_gives_the_end_of_the_other_games() {
    for (file, _) in clean() {
        let file = file.as_str();
        let v: serde_json::Value = serde_json::from_str(&ok(&["check", "--format", "json", file])).unwrap();
        let g = &v["files"][0]["games"][0];
        assert!(g["end"]["winner"].is_string(), "{file}: {g}");
        assert!(g.get("final").is_none(), "{file}: final is Grand Trictrac's score");
    }
}
