//! Tric Trac (docs/games.md §E) through the binary and the library: the samples of
//! `samples/tric-trac/` raise exactly the flags their `Flagged` tag names (`throw
//! rule-or-kind`, `;`-separated, `-` for the record as a whole, empty for none: one file per
//! rule of §E.12 and per claim, and clean games), and generated series check clean.

use crate::common;
use common::{assert_sample_flags, bin, root, run_stdin, sample_paths, tag};
use proptest::prelude::*;
use soumille::games::tric_trac::options::{Options, PlusFort, PointsPerdant, Pont};
use soumille::notation::{print_record, read, PrintOptions};
use std::path::PathBuf;

fn samples() -> Vec<PathBuf> {
    sample_paths("samples/tric-trac")
}

#[test]
fn samples_raise_exactly_their_flags() {
    let files = samples();
    assert!(files.len() >= 20, "{files:?}");
    for f in &files {
        assert_sample_flags(f);
    }
}

/// Every rule of docs/games.md §E.12 and every claim has its sample.
#[test]
fn every_rule_and_claim_has_a_sample() {
    let all: Vec<String> = samples()
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|s| tag(&s, "Flagged").map(str::to_string))
        .collect();
    let all = all.join(";");
    for rule in soumille::games::tric_trac::Rule::ALL {
        assert!(all.contains(&format!(" {}", rule.name())), "no sample for {}", rule.name());
    }
    for claim in ["marks", "partie", "hit", "decision", "seat", "result"] {
        assert!(all.contains(&format!(" {claim}")), "no sample for {claim}");
    }
}

/// docs/games.md §H.6: a doublet that wins a partie gives no further throw; a record in which the
/// winner throws again is flagged `seat`, and the flag does not say the doublet's seat
/// throws again.
#[test]
fn a_doublet_that_wins_a_partie_gives_no_further_throw() {
    let src = std::fs::read_to_string(root().join("samples/tric-trac/doublet-wins-partie.stn")).unwrap();
    let again = src.replace("2. top: 2-1 AC AB", "2. bottom: 2-1 &Y &Z").replace("3. bottom: 2-1 &Y &Z", "");
    let o = run_stdin(&["check", "--format", "json", "-"], again.as_bytes());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let flags = v["files"][0]["games"][0]["flags"].as_array().unwrap().clone();
    assert_eq!(flags.len(), 1, "{flags:#?}");
    assert_eq!((flags[0]["kind"].as_str(), flags[0]["throw"].as_u64()), (Some("seat"), Some(2)));
    let m = flags[0]["message"].as_str().unwrap();
    assert!(m.contains("top's turn") && !m.contains("after a doublet"), "{m}");
}

#[test]
fn a_fausse_case_names_the_throw_the_rule_and_lawful_plays() {
    let o = bin().args(["check", "--format", "json", "samples/tric-trac/rule-par-puissance.stn"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let m = v["files"][0]["games"][0]["flags"][0]["message"].as_str().unwrap().to_string();
    assert!(m.starts_with("throw 1 (bottom 4-2)"), "{m}");
    assert!(m.contains("par puissance") && m.contains("lawful plays were RN PN"), "{m}");
    let o = bin().args(["check", "--format", "json", "samples/tric-trac/claim-marks.stn"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let f = &v["files"][0]["games"][0]["flags"][0];
    assert_eq!((f["kind"].as_str(), f["claimed"].as_i64(), f["expected"].as_i64()), (Some("claim"), Some(2), Some(1)));
}

#[test]
fn generated_series_check_clean_through_the_binary() {
    for seed in [1u64, 2, 3] {
        let o = bin().args(["generate", "--game", "tric-trac", "--seed", &seed.to_string()]).output().unwrap();
        assert!(o.status.success());
        let text = String::from_utf8(o.stdout).unwrap();
        let dir = std::env::temp_dir().join(format!("soumille-tric-trac-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.stn");
        std::fs::write(&path, &text).unwrap();
        let c = bin().args(["check", "--format", "json"]).arg(&path).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&c.stdout).unwrap();
        let game = &v["files"][0]["games"][0];
        assert_eq!(game["flags"].as_array().unwrap().len(), 0, "seed {seed}: {game:#}\n{text}");
        assert_eq!(c.status.code(), Some(0));
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn explain_lists_the_plays_of_the_e11_example() {
    let o = bin()
        .args(["explain", "--game", "tric-trac", "A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom", "--dice", "6-1"])
        .output()
        .unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{text}");
    assert!(text.contains("VO B#") && text.contains("+3"), "{text}");
}

fn options() -> impl Strategy<Value = Options> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| Options {
        plus_fort: if a { PlusFort::Oui } else { PlusFort::Non },
        pont: if b { Pont::ChaqueCoup } else { Pont::UneFois },
        points_perdant: if c { PointsPerdant::Remis } else { PointsPerdant::Gardes },
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
    ))]

    /// A generated series, printed and read back, replays with no flag, its Result right.
    #[test]
    fn generated_series_check_clean(seed in any::<u64>(), options in options()) {
        let rec = soumille::games::tric_trac::generate_record(seed, options);
        let text = print_record(&rec, PrintOptions::default());
        let r = &read(&text)[0];
        prop_assert!(r.errors.is_empty(), "{:?}\n{}", r.errors, text);
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        prop_assert!(rp.flags.is_empty(), "{:#?}\n{}", rp.flags, text);
        prop_assert_eq!(rp.steps.len(), r.record.throws.len());
        if r.header.result != Some(soumille::notation::ResultClaim::Unfinished) {
            prop_assert!(rp.end.is_some());
        }
    }
}
