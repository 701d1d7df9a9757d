//! The binary on `samples/rules/`: records of the rules RULES.md states explicitly (the end
//! of the tour, fill ways by how the man travels, the corner hit with a man on the opponent's
//! corner, closed jans, the Result's optional bredouille). Each file says in its `Flagged`
//! tag every flag it must raise (`throw rule-or-kind [amount]`, `;`-separated, `-` for no
//! throw, empty for none) and, in an optional `Final` tag, the final score
//! (`top HOLES/POINTS bottom HOLES/POINTS`).

use crate::common;
use common::{bin, root};
use std::path::PathBuf;

fn tag<'a>(src: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[{name} \"");
    src.lines().find_map(|l| l.strip_prefix(open.as_str()).and_then(|l| l.strip_suffix("\"]")))
}

#[test]
fn rules_samples_raise_exactly_their_flags_and_end_on_their_score() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("samples/rules"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "stn"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let mut want: Vec<String> = tag(&src, "Flagged")
            .expect("a Flagged tag")
            .split(';')
            .map(|x| x.trim().to_string())
            .filter(|x| !x.is_empty())
            .collect();
        let o = bin().args(["check", "--format", "json"]).arg(f).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let game = &v["files"][0]["games"][0];
        let flags = game["flags"].as_array().unwrap();
        let mut got: Vec<String> = flags
            .iter()
            .map(|x| {
                let throw = x["throw"].as_u64().map_or("-".to_string(), |n| n.to_string());
                let what = x["rule"].as_str().or(x["kind"].as_str()).unwrap();
                match x["amount"].as_i64() {
                    Some(a) => format!("{throw} {what} {a}"),
                    None => format!("{throw} {what}"),
                }
            })
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}: {flags:#?}", f.display());
        assert_eq!(o.status.code(), Some(if want.is_empty() { 0 } else { 1 }), "{}", f.display());
        if let Some(fin) = tag(&src, "Final") {
            let s = &game["final"];
            let printed = format!(
                "top {}/{} bottom {}/{}",
                s["top"]["holes"], s["top"]["points"], s["bottom"]["holes"], s["bottom"]["points"]
            );
            assert_eq!(printed, fin, "{}", f.display());
        }
    }
}

/// The issue's own last line: a tour won on the twelfth hole with `2 trous va` and no play
/// checks clean, and `va` leaves no points in `final`.
#[test]
fn a_tour_ending_with_va_and_no_play_checks_clean() {
    let src = "[Position \"A13DF/I&14 top holes=10/5 points=8/0 bredouille=top pavillon=none\"]\n\n1. 5-3 +6 (vrai x3) 2 trous va\n";
    let dir = std::env::temp_dir().join(format!("soumille-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("va.stn");
    std::fs::write(&path, src).unwrap();
    let o = bin().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &v["files"][0]["games"][0];
    assert_eq!(game["flags"].as_array().unwrap().len(), 0, "{game:#}");
    assert_eq!(game["final"]["top"]["points"], 0);
    assert_eq!(game["final"]["top"]["holes"], 12);
    assert_eq!(o.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}
