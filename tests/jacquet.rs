//! Jacquet and Moultezim through the binary and the library: every sample of
//! `samples/jacquet/` and `samples/moultezim/` raises exactly the flags of its `Flagged` tag
//! (`throw rule-or-kind`, `;`-separated, `-` for no throw, empty for none), generated games
//! check clean and end as their `Result` says, and `explain` lists the plays of docs/games.md's
//! examples.

use crate::common;
use common::{assert_sample_flags, bin, root, run, run_stdin, sample_paths, tag, text};
use proptest::prelude::*;
use soumille::games::jacquet::generate_record;
use soumille::games::jacquet::options::{
    Blocage, JacquetOptions, OrdreSortie, Postillon, PostillonRepos, Retrait, Variant, Victoire,
};
use std::path::PathBuf;

fn samples(dir: &str) -> Vec<PathBuf> {
    sample_paths(dir)
}

/// The flags of `check --format json` on one file, as `throw what`, sorted; and the exit code.
fn flags_of(path: &std::path::Path) -> (Vec<String>, Option<i32>, serde_json::Value) {
    let o = bin().args(["check", "--format", "json"]).arg(path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = v["files"][0]["games"][0].clone();
    assert_eq!(game["errors"].as_array().map(Vec::len), Some(0), "{}: {game:#}", path.display());
    let mut got: Vec<String> = game["flags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let throw = x["throw"].as_u64().map_or("-".to_string(), |n| n.to_string());
            format!("{throw} {}", x["rule"].as_str().or(x["kind"].as_str()).unwrap())
        })
        .collect();
    got.sort();
    (got, o.status.code(), game)
}

#[test]
fn samples_raise_exactly_their_flags() {
    let mut n = 0;
    let mut rules_seen = std::collections::BTreeSet::new();
    for dir in ["samples/jacquet", "samples/moultezim"] {
        for f in samples(dir) {
            let want = assert_sample_flags(&f);
            for w in &want {
                rules_seen.insert(w.split(' ').nth(1).unwrap().to_string());
            }
            n += 1;
        }
    }
    assert!(n >= 30, "{n} samples");
    // a sample for every rule of docs/games.md A.10 and the claims
    for rule in [
        "die",
        "not-there",
        "occupied",
        "moves-left",
        "higher-die",
        "too-many",
        "postillon",
        "bear-off-early",
        "overshoot",
        "bear-off-order",
        "talon-held",
        "postillon-path",
        "first-quarter-block",
        "six-block",
        "seat",
        "result",
        "hit",
        "not-replayed",
    ] {
        assert!(rules_seen.contains(rule), "no sample flags {rule}");
    }
}

#[test]
fn a_fausse_case_message_names_the_throw_the_rule_and_lawful_plays() {
    let (_, _, game) = flags_of(&root().join("samples/jacquet/overshoot.stn"));
    let m = game["flags"][0]["message"].as_str().unwrap();
    // the rule is the flag's `rule`, not said again in its words
    assert!(m.starts_with("throw 1 (bottom 6-1): a man borne off by a larger number"), "{m}");
    assert!(m.contains("D# A#") && m.contains("DC#"), "{m}");
    let (_, _, game) = flags_of(&root().join("samples/jacquet/postillon-path.stn"));
    let m = game["flags"][0]["message"].as_str().unwrap();
    assert_eq!(game["flags"][0]["rule"], "postillon-path");
    assert!(!m.contains("postillon-path") && m.contains(" or 27 more"), "{m}");
}

#[test]
fn the_end_of_a_game_is_reported() {
    let (_, code, game) = flags_of(&root().join("samples/jacquet/endgame-annotated.stn"));
    assert_eq!(code, Some(0));
    assert_eq!(game["end"]["winner"], "bottom");
    assert_eq!(game["end"]["points"], 1);
    let (_, _, game) = flags_of(&root().join("samples/jacquet/opening-annotated.stn"));
    assert!(game.get("end").is_none_or(|e| e.is_null()), "{game:#}");
}

#[test]
fn the_replay_keeps_board_steps_and_the_end() {
    let src = std::fs::read_to_string(root().join("samples/jacquet/opening-annotated.stn")).unwrap();
    let r = &soumille::notation::read(&src)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&src));
    assert!(rp.flags.is_empty(), "{:?}", rp.flags);
    assert_eq!(rp.steps.len(), 11);
    let s = &rp.steps[2];
    assert_eq!((s.number, s.seat), (3, soumille::Seat::Bottom));
    assert_eq!(s.before.to_string(), "FM14/N&14 bottom");
    assert_eq!(s.after.to_string(), "FM14/A&14 top");
    assert!(s.lawful);
    assert_eq!(rp.last.as_ref(), Some(&rp.steps[10].after));
    assert_eq!(rp.end, None);
    // the kept illegal play is the position after it
    let src = std::fs::read_to_string(root().join("samples/jacquet/postillon.stn")).unwrap();
    let r = &soumille::notation::read(&src)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&src));
    assert!(!rp.steps[0].lawful);
    assert_eq!(rp.steps[0].after.to_string(), "M15/ST&13 top");
}

#[test]
fn explain_lists_the_plays_of_the_examples() {
    let o = run(&["explain", "--game", "jacquet", "--dice", "6-1", "M15/A14D bottom"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("2 legal plays") && out.contains("D# A#") && out.contains("DC#"), "{out}");
    let o = run(&["explain", "--game", "jacquet", "--rules", "retrait=talon", "--dice", "6-1", "M15/A14D bottom"]);
    assert!(text(&o.stdout).contains("1 legal play"), "{}", text(&o.stdout));
    let o = run(&["explain", "--game", "moultezim", "--dice", "2-1", "M15/L&14 bottom"]);
    assert!(text(&o.stdout).contains("5 legal plays"), "{}", text(&o.stdout));
    let o = run(&["explain", "--game", "moultezim", "--rules", "blocage=livret", "--dice", "2-1", "M15/L&14 bottom"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(text(&o.stderr).contains("postillon, postillon-repos"), "{}", text(&o.stderr));
    // docs/games.md §H.2: the postillon's jump goes on over held rests of its release quarter
    let rules = "postillon=immediat;postillon-repos=non";
    let o = run(&["explain", "EFM13/H&14 bottom", "--dice", "1-1", "--game", "jacquet", "--rules", rules]);
    let out = text(&o.stdout);
    assert!(out.contains("1 legal play") && out.contains("HGFED"), "{out}");
    let o = run(&["explain", "KLM13/N&14 bottom", "--dice", "1-1", "--game", "moultezim", "--rules", rules]);
    let out = text(&o.stdout);
    assert!(out.contains("1 legal play") && out.contains("NMLKI"), "{out}");
}

#[test]
fn generate_writes_games_that_check_clean() {
    for game in ["jacquet", "moultezim"] {
        let a = run(&["generate", "--game", game, "--seed", "7", "--games", "3"]);
        assert_eq!(a.status.code(), Some(0), "{}", text(&a.stderr));
        let b = run(&["generate", "--game", game, "--seed", "7", "--games", "3"]);
        assert_eq!(a.stdout, b.stdout, "the same seed gives the same bytes");
        let c = run_stdin(&["check", "-"], &a.stdout);
        assert_eq!(c.status.code(), Some(0), "{}{}", text(&c.stdout), text(&c.stderr));
    }
}

fn options_strategy() -> impl Strategy<Value = JacquetOptions> {
    (any::<bool>(), 0..2usize, 0..2usize, 0..4usize, 0..2usize, 0..2usize, 0..2usize).prop_map(
        |(moultezim, po, pr, bl, re, os, vi)| {
            let variant = if moultezim { Variant::Moultezim } else { Variant::Jacquet };
            let mut o = JacquetOptions::new(variant);
            o.postillon = [Postillon::TourSuivant, Postillon::Immediat][po];
            o.postillon_repos = [PostillonRepos::Oui, PostillonRepos::Non][pr];
            if !moultezim {
                o.blocage = [Blocage::Libre, Blocage::Avance, Blocage::Avance23, Blocage::Livret][bl];
            }
            o.retrait = [Retrait::Bord, Retrait::Talon][re];
            o.ordre_sortie = [OrdreSortie::Libre, OrdreSortie::Lointaine][os];
            o.victoire = [Victoire::UnDeux, Victoire::UnCinq][vi];
            o
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A generated game, printed and read back, replays with no flag, and ends as its Result
    /// says (docs/games.md A.8, B.3), whatever the options.
    #[test]
    fn generated_games_replay_clean(seed in any::<u64>(), options in options_strategy()) {
        let rec = generate_record(seed, &options);
        let text = soumille::notation::print_record(&rec, Default::default());
        let read = &soumille::notation::read(&text)[0];
        prop_assert!(read.errors.is_empty(), "{:?}\n{text}", read.errors);
        let rp = soumille::replay(&read.record, &read.header, Some(&text));
        prop_assert!(rp.flags.is_empty(), "{:?}\n{text}", rp.flags);
        prop_assert_eq!(rp.steps.len(), rec.throws.len());
        let result = tag(&text, "Result").unwrap();
        match rp.end {
            Some(e) => prop_assert_eq!(result, format!("{} {}", e.winner, e.points())),
            None => prop_assert_eq!(result, "*"),
        }
    }
}
