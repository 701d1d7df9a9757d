//! Backgammon (docs/games.md §D) through the binary and the library: the samples of
//! `samples/backgammon/` raise exactly the flags their `Flagged` tag names (`throw
//! rule-or-kind`, `;`-separated, `-` for the record as a whole, empty for none: one file per
//! rule of §D.10, per cube rule and per claim, and clean games), and generated games check
//! clean.

use crate::common;
use common::{assert_sample_flags, bin, root, run_stdin, sample_paths, tag};
use proptest::prelude::*;
use soumille::games::backgammon::options::{Options, PremierCoup, Triple, UnSeulDe};
use soumille::notation::{print_record, read, PrintOptions};
use std::path::PathBuf;

fn samples() -> Vec<PathBuf> {
    sample_paths("samples/backgammon")
}

fn check_json(path: &std::path::Path) -> (serde_json::Value, Option<i32>) {
    let o = bin().args(["check", "--format", "json"]).arg(path).output().unwrap();
    (serde_json::from_slice(&o.stdout).unwrap(), o.status.code())
}

#[test]
fn samples_raise_exactly_their_flags() {
    let files = samples();
    assert!(files.len() >= 28, "{files:?}");
    for f in &files {
        assert_sample_flags(f);
    }
}

/// Every rule of docs/games.md §D.10, every cube rule and every claim has its sample.
#[test]
fn every_rule_and_claim_has_a_sample() {
    let all: Vec<String> = samples()
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|s| tag(&s, "Flagged").map(str::to_string))
        .collect();
    let all = all.join(";");
    for rule in soumille::games::backgammon::Rule::ALL {
        assert!(all.contains(&format!(" {}", rule.name())), "no sample for {}", rule.name());
    }
    for rule in ["cube-off", "cube-owner", "cube-timing", "cube-value", "cube-answer", "after-drop", "cube-limit"] {
        assert!(all.contains(&format!(" {rule}")), "no sample for {rule}");
    }
    for claim in ["hit", "first-throw", "seat", "result", "position"] {
        assert!(all.contains(&format!(" {claim}")), "no sample for {claim}");
    }
}

#[test]
fn flags_have_their_kinds_and_messages_name_the_throw_the_rule_and_lawful_plays() {
    let kind = |file: &str| -> Vec<(String, String)> {
        let (v, _) = check_json(&root().join("samples/backgammon").join(file));
        v["files"][0]["games"][0]["flags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| (f["kind"].as_str().unwrap().to_string(), f["message"].as_str().unwrap().to_string()))
            .collect()
    };
    let f = kind("rule-die.stn");
    assert_eq!(f[0].0, "fausse-case");
    assert!(f[0].1.starts_with("throw 1 (top 6-4): a move's length"), "{}", f[0].1);
    assert!(f[0].1.contains("lawful plays were AE AG, ") && f[0].1.ends_with(" more"), "{}", f[0].1);
    assert_eq!(kind("cube-owner.stn")[0].0, "cube");
    assert_eq!(kind("cube-after-drop.stn")[0].0, "cube");
    assert_eq!(kind("cube-value.stn")[0].0, "claim");
    assert_eq!(kind("claim-hit.stn")[0].0, "claim");
    assert_eq!(kind("claim-first-throw.stn")[0].0, "claim");
    assert_eq!(kind("claim-seat.stn")[0].0, "seat");
    assert_eq!(kind("claim-result.stn")[0].0, "result");
}

#[test]
fn the_end_of_a_game_is_reported() {
    let (v, _) = check_json(&root().join("samples/backgammon/generated-backgammon.stn"));
    let game = &v["files"][0]["games"][0];
    let end = &game["end"];
    assert_eq!(
        (end["winner"].as_str(), end["points"].as_u64(), end["kind"].as_str()),
        (Some("bottom"), Some(6), Some("backgammon")),
        "{game:#}"
    );
}

#[test]
fn generated_games_check_clean_through_the_binary() {
    for seed in [1u64, 2, 3] {
        let o = bin().args(["generate", "--game", "backgammon", "--seed", &seed.to_string()]).output().unwrap();
        assert!(o.status.success());
        let text = String::from_utf8(o.stdout).unwrap();
        let dir = std::env::temp_dir().join(format!("soumille-backgammon-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.stn");
        std::fs::write(&path, &text).unwrap();
        let (v, code) = check_json(&path);
        let game = &v["files"][0]["games"][0];
        assert_eq!(game["flags"].as_array().unwrap().len(), 0, "seed {seed}: {game:#}\n{text}");
        assert_eq!(code, Some(0));
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// The flags of `check --format json` on `src`, as `throw rule-or-kind`.
fn flags_of_text(src: &str) -> Vec<String> {
    let o = run_stdin(&["check", "--format", "json", "-"], src.as_bytes());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &v["files"][0]["games"][0];
    assert_eq!(game["errors"].as_array().map_or(0, Vec::len), 0, "{game:#}");
    game["flags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let throw = x["throw"].as_u64().map_or("-".to_string(), |n| n.to_string());
            format!("{throw} {}", x["rule"].as_str().or(x["kind"].as_str()).unwrap())
        })
        .collect()
}

/// The cube stops at 2^30 (`soumille::MAX_CUBE`, docs/games.md §D.7 setting no limit):
/// 80 doubles no longer saturate at 4294967295 and check clean. Each take beyond the limit
/// is flagged `cube-limit`, the Result claims of 2^32, 2^33, 2^64 (or of 4294967295) are
/// flagged `result`, and the position `show` prints is one `explain` reads.
#[test]
fn the_cube_never_saturates() {
    let path = root().join("tests/data/cube-saturates-u32.stn");
    let src = std::fs::read_to_string(&path).unwrap();
    let flags = flags_of_text(&src);
    let limits: Vec<&String> = flags.iter().filter(|f| f.ends_with(" cube-limit")).collect();
    // the cube reaches 2^30 at throw 30; throws 31 to 79 take beyond it, 80 drops
    assert_eq!(limits.len(), 49, "{flags:?}");
    assert_eq!((limits[0].as_str(), limits[48].as_str()), ("31 cube-limit", "79 cube-limit"));
    assert!(flags.contains(&"- result".to_string()), "{flags:?}");
    for claim in ["4294967296", "8589934592", "18446744073709551616", "4294967295", "2147483648"] {
        let text = src.replace("bottom 18446744073709551616 drop", &format!("bottom {claim} drop"));
        assert!(flags_of_text(&text).contains(&"- result".to_string()), "{claim}");
    }
    // the computed value: the drop at 2^30
    let text = src.replace("bottom 18446744073709551616 drop", "bottom 1073741824 drop");
    assert!(!flags_of_text(&text).contains(&"- result".to_string()));
    // show's position at the last throw is one explain reads
    let o = bin().args(["show", "--format", "position", "--at", "79"]).arg(&path).output().unwrap();
    let position = String::from_utf8(o.stdout).unwrap().trim().to_string();
    assert!(position.contains("cube=1073741824 owner=bottom"), "{position}");
    let o = bin().args(["explain", "--game", "backgammon", &position, "--dice", "2-1"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // a cube that is no power of two, or beyond 2^30, is no position
    for cube in ["4294967295", "2147483648", "4294967296", "3", "0"] {
        let p = format!("A2M5R3T5/F5H3N5&2 top cube={cube} owner=top");
        let o = bin().args(["explain", "--game", "backgammon", &p, "--dice", "2-1"]).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{cube}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("impossible cube value"), "{cube}");
    }
}

#[test]
fn explain_lists_the_plays_of_a_roll() {
    let o = bin().args(["explain", "--game", "backgammon", "A2M5R3T5/F5H3N5&2 top", "--dice", "6-4"]).output().unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{text}");
    assert!(text.contains("AE AG") && text.contains("14 legal plays"), "{text}");
    let o = bin()
        .args(["explain", "--game", "backgammon", "M4R3T5Y@2/A2B2D2E2F2&5 top", "--dice", "6-3"])
        .output()
        .unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("@C ") && text.contains("1 legal play"), "{text}");
}

/// Every interop sample of GNU Backgammon converts to STN that `check` finds clean (but the
/// `.mat`/`.gam` of a set-up game, which that format cannot say), and back to the format.
#[test]
fn interop_samples_convert_and_check_clean_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("soumille-bg-interop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["match3.mat", "match3.sgf", "money.gam", "money.sgf", "short.sgf", "short.mat", "short.gam"] {
        let text = std::fs::read_to_string(root().join("tests/data/interop").join(name)).unwrap();
        let recs = if name.ends_with(".sgf") {
            soumille::interop::sgf_to_stn(&text).unwrap()
        } else {
            soumille::interop::mat_to_stn(&text).unwrap()
        };
        let stn = soumille::notation::print_records(&recs, PrintOptions::default());
        let path = dir.join(format!("{name}.stn"));
        std::fs::write(&path, &stn).unwrap();
        let (v, code) = check_json(&path);
        let set_up_lost = name == "short.mat" || name == "short.gam";
        for game in v["files"][0]["games"].as_array().unwrap() {
            assert_eq!(game["errors"].as_array().map_or(0, Vec::len), 0, "{name}: {game:#}");
            assert_eq!(game["flags"].as_array().unwrap().is_empty(), !set_up_lost, "{name}: {game:#}\n{stn}");
        }
        assert_eq!(code, Some(if set_up_lost { 1 } else { 0 }), "{name}");
        let back = read(&stn).into_iter().map(|r| r.record).collect::<Vec<_>>();
        assert!(soumille::interop::stn_to_sgf(&back).is_ok(), "{name}");
        // a set-up start cannot be written in `.mat`: refused, not dropped
        let set_up = back.iter().any(|r| r.tags.iter().any(|t| t.name == "Position"));
        assert_eq!(soumille::interop::stn_to_mat(&back).is_ok(), !set_up, "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn options() -> impl Strategy<Value = Options> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c, d)| Options {
        premier_coup: if a { PremierCoup::Tirage } else { PremierCoup::Relance },
        un_seul_de: if b { UnSeulDe::Moderne } else { UnSeulDe::Livret },
        backgammon: if c { Triple::Moderne } else { Triple::Livret },
        cube: d,
        crawford: true,
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
    ))]

    /// A generated game, printed and read back, replays with no flag, its Result right.
    #[test]
    fn generated_games_check_clean(seed in any::<u64>(), options in options()) {
        let rec = soumille::games::backgammon::generate_record(seed, &options);
        let text = print_record(&rec, PrintOptions::default());
        let r = &read(&text)[0];
        prop_assert!(r.errors.is_empty(), "{:?}\n{}", r.errors, text);
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        prop_assert!(rp.flags.is_empty(), "{:#?}\n{}", rp.flags, text);
        prop_assert_eq!(rp.steps.len(), r.record.throws.len());
        prop_assert!(rp.end.is_some());
    }
}

/// `show --format gnubg` gives GNU Backgammon's Position ID of the board after a throw: the
/// opening's is gnubg's own, and each ID is the board `show --format position` gives.
#[test]
fn show_gives_gnubgs_position_id() {
    use soumille::games::backgammon::{gnubg_id::from_position_id, Board};
    let o = bin().args(["generate", "--game", "backgammon", "--seed", "3"]).output().unwrap();
    let file = std::env::temp_dir().join(format!("soumille-gnubg-id-{}.stn", std::process::id()));
    std::fs::write(&file, &o.stdout).unwrap();
    let show = |at: u32, format: &str| {
        let o =
            bin().args(["show", file.to_str().unwrap(), "--at", &at.to_string(), "--format", format]).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap().trim_end().to_string()
    };
    assert_eq!(show(0, "gnubg"), "4HPwATDgc/ABMA");
    for at in 1..=4 {
        let id = show(at, "gnubg");
        let setup = soumille::notation::read_position(&show(at, "position"), soumille::notation::Game::Backgammon)
            .unwrap()
            .setup;
        let board = Board::from_setup(&setup).unwrap();
        assert_eq!(from_position_id(&id, board.turn), Some(board), "throw {at}: {id}");
    }
    // no other game has one
    let o = bin().args(["show", "samples/opening.stn", "--format", "gnubg"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_file(file);
}
