//! Plakoto (docs/games.md §J) through the binary and the library: every sample of
//! `samples/plakoto/` raises exactly the flags of its `Flagged` tag, every rule of §J.8 has
//! a sample, generated games check clean and end as their `Result` says, `explain` lists the
//! plays of a position, and the sheets and the viewer name the game.

use crate::common;
use common::{assert_sample_flags, run, sample_paths, text};

#[test]
fn samples_raise_exactly_their_flags_and_every_rule_has_one() {
    let mut seen = std::collections::BTreeSet::new();
    let files = sample_paths("samples/plakoto");
    for f in &files {
        for w in assert_sample_flags(f) {
            seen.insert(w.split(' ').nth(1).unwrap().to_string());
        }
    }
    assert!(files.len() >= 15, "{} samples", files.len());
    let rules = ["die", "occupied", "pinned", "moves-left", "higher-die", "bear-off-early", "overshoot", "not-there"];
    for rule in rules.iter().chain(&["hit", "result", "position", "seat", "not-replayed"]) {
        assert!(seen.contains(*rule), "no sample flags `{rule}`: {seen:?}");
    }
}

#[test]
fn generated_games_check_clean_and_end_as_their_result_says() {
    for seed in 0..40 {
        let o = run(&["generate", "--game", "plakoto", "--seed", &seed.to_string()]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let src = text(&o.stdout);
        let read = soumille::notation::read(&src);
        assert!(read[0].errors.is_empty(), "seed {seed}: {:?}", read[0].errors);
        let rp = soumille::replay(&read[0].record, &read[0].header, Some(&src));
        assert!(rp.flags.is_empty(), "seed {seed}: {:#?}", rp.flags);
        let result = common::tag(&src, "Result").unwrap();
        match rp.end {
            Some(end) => assert_eq!(result, format!("{} {} {}", end.winner, end.points(), end.kind().unwrap())),
            None => assert_eq!(result, "*"),
        }
    }
}

#[test]
fn explain_lists_the_plays_of_a_position() {
    let o = run(&["explain", "--game", "plakoto", "A15/&15 bottom", "--dice", "6-5"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "bottom to throw 6-5 (plakoto): 2 legal plays\n  &S &T  -> A15/ST&13\n  &SN    -> A15/N&14\n"
    );
    let o = run(&["explain", "--game", "plakoto", "G#14/S2&13 top", "--dice", "6-5"]);
    assert_eq!(text(&o.stdout), "top to throw 6-5 (plakoto): 1 legal play\n  GN  -> N#14/S2&13\n");
    // a pinned man (`pinned=`, docs/games.md §J.7) is no man to move: the position `show`
    // writes after a pin reads back with it
    let f = "samples/plakoto/rule-pinned.stn";
    let position = text(&run(&["show", f, "--at", "2", "--format", "position"]).stdout);
    assert_eq!(position.trim(), "A13GT/TY&13 top game=plakoto pinned=top@T");
    let o = run(&["explain", position.trim(), "--dice", "2-1"]);
    let plays = text(&o.stdout);
    assert!(plays.contains("5 legal plays") && !plays.contains("  T") && !plays.contains(" T"), "{plays}");
}

#[test]
fn the_sheets_and_the_viewer_name_the_game() {
    let f = "samples/plakoto/generated.stn";
    let html = text(&run(&["sheet", "--format", "html", f]).stdout);
    assert!(html.contains("Plakoto: score sheet"), "{}", &html[..html.len().min(2000)]);
    assert!(!html.contains("Grand Trictrac"), "the sheet of a Plakoto game names Grand Trictrac");
    let md = text(&run(&["sheet", "--format", "markdown", f]).stdout);
    assert!(md.starts_with("# plakoto: "), "{md}");
    let o = run(&["view", f]);
    assert!(o.status.success() && text(&o.stdout).contains("plakoto"), "{}", text(&o.stderr));
    let json = text(&run(&["check", "--format", "json", f]).stdout);
    assert!(json.contains(r#""end":{"winner":"bottom","points":2,"kind":"mana"}"#), "{json}");
}
