//! One sheet and one replay document for every game: the HTML sheet and `replay --format
//! json` of a Jacquet game, a Moultezim game, a backgammon match game with cube actions and
//! a Tric Trac series have what Grand Trictrac's have (the fiche with the tags and rules, a
//! running score, each flag under its throw, the list of flags, a diagram at a flagged
//! throw, the record's comments), pinned by snapshots; and the library's steps of every
//! game follow one another.

use crate::common;
use common::*;

/// A sample with one change that raises a flag (`from` → `to`, once) and a comment more.
fn flagged(sample: &str, from: &str, to: &str) -> String {
    let src = std::fs::read_to_string(root().join(sample)).unwrap();
    assert!(src.contains(from), "{sample}: {from}");
    src.replacen(from, to, 1)
}

/// The four records: (name, text).
fn records() -> Vec<(&'static str, String)> {
    vec![
        ("jacquet", flagged("samples/jacquet/opening-annotated.stn", "2-1 &YX ", "2-1 &YX*")),
        ("moultezim", flagged("samples/moultezim/release.stn", "4-3 KG YS", "4-3 KG* YS")),
        (
            "backgammon",
            flagged(
                "samples/backgammon/gnubg-match3-game2.stn",
                "1. top: 5-1 MR AB\n",
                "{ the second game of a match to three }\n\n1. top: 5-1 MR* AB { a hit claimed where there is none }\n",
            ),
        ),
        ("tric_trac", flagged("samples/tric-trac/hand-written.stn", "5. top: 4-1 AE AB", "5. top: 4-1 AE* AB")),
    ]
}

/// Writes each record to a file of its own.
fn files() -> Vec<(&'static str, String)> {
    let dir = scratch_dir("sheets", "records");
    records()
        .into_iter()
        .map(|(name, src)| {
            let p = dir.join(format!("{name}.stn"));
            std::fs::write(&p, src).unwrap();
            (name, p.to_str().unwrap().to_string())
        })
        .collect()
}

/// The output of a command that finds flags (exit 1).
fn flagged_out(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn every_game_has_the_sections_of_grand_trictracs_sheet() {
    for (name, file) in files() {
        let html = flagged_out(&["sheet", &file, "--format", "html"]);
        // the fiche: the tags and the rules in force
        assert!(html.contains("<dl class=\"tags\">") && html.contains("<dt>Rules</dt>"), "{name}: fiche");
        assert!(html.contains("<dt>Event</dt>"), "{name}: tags");
        // the running score column
        // the Score column when some throw changes the score (men borne off, the cube, points)
        let changes = html.contains("<td class=\"score\">off ");
        assert_eq!(html.contains("<th class=\"score\">Score</th>"), changes, "{name}");
        assert!(changes || name == "jacquet" || name == "moultezim", "{name}");
        // only the columns the game fills (issue 24): Points for Tric Trac alone, the score
        // where it changes, not `off 0/0` on every row
        assert_eq!(html.contains("<th>Points</th>"), name == "tric_trac", "{name}: the Points column");
        let rows = html.matches("<tr id=\"throw-").count();
        let scores = html.matches("<td class=\"score\">off ").count();
        assert!(scores < rows, "{name}: the score on every row ({scores} of {rows})");
        // the final position, drawn after the last throw
        assert!(html.contains("<p><b>The final position</b>.</p>"), "{name}: the final position");
        // each flag under its throw, the list of flags linked both ways
        assert!(html.contains("<p class=\"flag-text\" id=\"at-flag-1\">"), "{name}: the flag under its throw");
        assert!(html.contains("<ol class=\"flags\">") && html.contains("<li id=\"flag-1\">"), "{name}: the list");
        assert!(html.contains("href=\"#flag-1\"") && html.contains("href=\"#at-flag-1\""), "{name}: links");
        // a diagram at the flagged throw, and at the start
        assert!(html.contains("<tr class=\"detail board\">") && html.contains("<svg"), "{name}: the diagram");
        assert!(html.contains("class=\"board releve-start\"") || html.contains("class=\"releve-start\""), "{name}");
        // the comments, of the record and of its throws
        assert!(html.contains("<h2>The record's notes</h2>"), "{name}: the head's comments");
        assert!(html.contains("<tr class=\"detail") && html.contains("<p class=\"comment\">"), "{name}: comments");
        insta::assert_snapshot!(format!("html_{name}"), html);
    }
}

/// The text and Markdown sheets of every game have the columns of its HTML fiche (issue 24):
/// Points for Tric Trac alone, the score only where a throw changes it (not `off 0/0` on
/// every row), no column no throw fills.
#[test]
fn every_games_text_and_markdown_sheets_have_only_the_columns_it_fills() {
    for (name, file) in files() {
        let html = flagged_out(&["sheet", &file, "--format", "html"]);
        let rows = html.matches("<tr id=\"throw-").count();
        let html_scores = html.matches("<td class=\"score\">off ").count();
        let text = flagged_out(&["sheet", &file]);
        // a throw's line: `  12. top    6-5    play  | score  points  [note]`
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().split_once(". ").is_some_and(|(n, _)| n.parse::<u32>().is_ok()))
            .collect();
        assert_eq!(lines.len(), rows, "{name}: a line a throw\n{text}");
        let scores = lines.iter().filter(|l| l.contains("| off ")).count();
        assert_eq!(scores, html_scores, "{name}: the score where it changes, as the fiche\n{text}");
        assert!(scores < rows, "{name}: the score on every line\n{text}");
        let mut last = None;
        for l in &lines {
            let score = l.split_once("| off ").map(|(_, s)| s.split("  ").next().unwrap());
            assert!(score.is_none() || score != last, "{name}: the same score twice running: {l}");
            last = score.or(last);
        }
        let md = flagged_out(&["sheet", &file, "--format", "markdown"]);
        let head = md.lines().find(|l| l.starts_with("| # |")).unwrap();
        assert_eq!(head.contains("| points |"), name == "tric_trac", "{name}: the Points column: {head}");
        assert_eq!(head.contains("| score |"), html.contains("<th class=\"score\">Score</th>"), "{name}: {head}");
        let table: Vec<&str> = md.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| # |")).collect();
        assert_eq!(table.len(), rows, "{name}");
        let columns = head.matches(" |").count();
        for row in &table {
            assert_eq!(row.matches(" |").count(), columns, "{name}: {row}");
        }
        assert_eq!(table.iter().filter(|r| r.contains("| off ")).count(), html_scores, "{name}\n{md}");
        insta::assert_snapshot!(format!("text_{name}"), text);
        insta::assert_snapshot!(format!("markdown_{name}"), md);
    }
}

#[test]
fn the_backgammon_sheet_has_the_cube_and_the_match() {
    let (_, file) = files().into_iter().find(|(n, _)| *n == "backgammon").unwrap();
    let html = flagged_out(&["sheet", &file, "--format", "html"]);
    assert!(html.contains("match to 3, score before this game top 1 bottom 0"), "the match");
    assert!(html.contains("cube 2 (top)") && html.contains("double, take: cube 2"), "the cube and its action");
    // the boards where something happens: a man hit, the cube turned, the end (issue 24)
    assert!(html.contains("a man hit</b>.</p>") || html.contains(": double, take"), "a board at an event");
    assert!(html.matches("<tr class=\"board after\"").count() >= 2, "the boards after the events");
    let json: serde_json::Value = serde_json::from_str(&flagged_out(&["sheet", &file, "--format", "json"])).unwrap();
    assert_eq!(json["match"]["length"], 3);
    assert_eq!(json["match"]["crawford"], false);
    let text = flagged_out(&["sheet", &file]);
    assert!(text.contains("match to 3") && text.contains("cube 2 (top)"), "{text}");
}

#[test]
fn the_tric_trac_sheet_has_the_points_and_parties() {
    let (_, file) = files().into_iter().find(|(n, _)| *n == "tric_trac").unwrap();
    let text = flagged_out(&["sheet", &file]);
    assert!(text.contains("points 0/12, parties 0/1") || text.contains("parties 0/1"), "{text}");
    assert!(text.contains("partie prolonge"), "{text}");
}

#[test]
fn one_replay_document_for_every_game() {
    for (name, file) in files() {
        let doc = flagged_out(&["replay", &file, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&doc).unwrap();
        let rows = v["rows"].as_array().unwrap();
        assert!(!rows.is_empty(), "{name}");
        for r in rows {
            for key in ["throw", "seat", "dice", "play", "applied", "lawful", "running", "notes", "flags"] {
                assert!(r.get(key).is_some(), "{name}: {key} in {r}");
            }
            assert!(r["position_before"].is_string() && r["position_after"].is_string(), "{name}");
        }
        // each row's position after is the next row's position before
        for w in rows.windows(2) {
            assert_eq!(w[0]["position_after"], w[1]["position_before"], "{name}");
        }
        assert!(rows.iter().any(|r| !r["flags"].as_array().unwrap().is_empty()), "{name}: a flag in its row");
        assert!(v["flags"].as_array().is_some_and(|f| !f.is_empty()), "{name}");
        insta::assert_snapshot!(format!("replay_json_{name}"), doc);
    }
}

#[test]
fn grand_trictracs_replay_document_keeps_its_fields() {
    let o = run(&["replay", "samples/lepeintre-teaching-game.stn", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["game"], "grand-trictrac");
    let r = &v["rows"][0];
    for key in ["jans", "top", "bottom", "releve", "position_before", "position_after", "lawful", "notes"] {
        assert!(r.get(key).is_some(), "{key} in {r}");
    }
    assert!(v.get("final").is_some() && v.get("result").is_some());
}

/// Every game's replay through the library: steps, each one's `before` the `after` of the
/// one before, the last one's `after` the position reached.
#[test]
fn the_steps_of_every_game_follow_one_another() {
    let mut all: Vec<(String, String)> = records().into_iter().map(|(n, s)| (n.to_string(), s)).collect();
    let gt = std::fs::read_to_string(root().join("samples/lepeintre-teaching-game.stn")).unwrap();
    all.push(("grand-trictrac".into(), gt));
    for (name, src) in all {
        let recs = soumille::notation::read(&src);
        let r = &recs[0];
        let rp = soumille::replay(&r.record, &r.header, Some(&src));
        assert!(!rp.steps.is_empty(), "{name}");
        for w in rp.steps.windows(2) {
            assert_eq!(w[0].after, w[1].before, "{name}: throw {}", w[1].number);
            assert!(w[0].number < w[1].number, "{name}");
        }
        assert_eq!(rp.last.as_ref(), rp.steps.last().map(|s| &s.after), "{name}: the position reached");
        assert_eq!(rp.grand_trictrac.is_some(), name == "grand-trictrac", "{name}");
        // a lawful play is a legal play the rules name; an unlawful one is none
        for s in &rp.steps {
            if s.applied.is_some() {
                assert!(s.lawful, "{name}: throw {}", s.number);
            }
        }
        assert!(rp.steps.iter().any(|s| s.applied.is_some()), "{name}: the plays applied");
    }
}
