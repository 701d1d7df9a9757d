//! The fuzz targets' checks (`fuzz/checks.rs`) on every seed of their corpora (`fuzz/seeds`,
//! every sample of every game) and on every input the fuzzer once broke
//! (`tests/fuzz-regressions/TARGET/`): what `cargo fuzz` checks by the million in `.ci/run`,
//! checked here on the inputs that matter, without a nightly compiler.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut v: Vec<PathBuf> = rd.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    v.sort();
    v
}

/// Runs `check` on every file of the target's seeds and regressions; at least one.
fn run(target: &str, seeds: &str, check: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for dir in [root.join("fuzz/seeds").join(seeds), root.join("tests/fuzz-regressions").join(target)] {
        for f in files(&dir) {
            let bytes = std::fs::read(&f).unwrap();
            let r = std::panic::catch_unwind(|| check(&bytes));
            assert!(r.is_ok(), "the {target} check fails on {}", f.display());
            n += 1;
        }
    }
    assert!(n > 0, "no input for {target}");
}

#[test]
fn interop() {
    run("interop", "interop", checks::interop);
}

#[test]
fn json() {
    run("json", "json", checks::json);
}

#[test]
fn stream() {
    run("stream", "stream", checks::stream);
}

#[test]
fn position() {
    run("position", "position", checks::position);
}

#[test]
fn games() {
    run("games", "games", checks::games);
}

/// What the interop target found: the importers wrote STN that reads back otherwise or not at
/// all (a tag named as no tag can be, a tag given twice, games with no throw one after the
/// other). A header line that cannot be a tag is now kept as a comment (and said); text with
/// no throw is no match file.
#[test]
fn import_writes_only_what_stn_can_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, line) in [
        ("tests/data/defect-repros/import-mat-bad-tag-name.mat", "[E00: \"v\"]"),
        ("tests/data/defect-repros/import-mat-duplicate-tag.mat", "[Result \"x\"]"),
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let recs = soumille::interop::mat_to_stn(&text).expect(file);
        let stn = soumille::notation::print_records(&recs, soumille::notation::PrintOptions::default());
        assert!(stn.contains(line), "{file}: {stn}");
        let back = soumille::notation::read(&stn);
        assert!(back.iter().all(|r| r.errors.is_empty()), "{file}: {stn}");
        let back: Vec<_> = back
            .into_iter()
            .map(|r| {
                let mut rec = r.record;
                rec.strip_spans();
                rec
            })
            .collect();
        assert_eq!(back, recs, "{file}");
    }
    let file = "tests/fuzz-regressions/interop/stn-read-as-mat-throwless-games.stn";
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let e = soumille::interop::mat_to_stn(&text).expect_err(file).to_string();
    assert!(e.contains("no match file"), "{file}: {e}");
    // a known tag among gnubg's comments is written in its place, and imports
    let text = std::fs::read_to_string(root.join("tests/fuzz-regressions/interop/known-tag-out-of-order.mat")).unwrap();
    let recs = soumille::interop::mat_to_stn(&text).expect("imports");
    assert_eq!(recs[0].tag("Event"), Some("x"));
}
