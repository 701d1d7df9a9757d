//! The binary on the files of `samples/`: exit codes, diagnostics (snapshots), canonical
//! printing, letters, JSON round trips, atomic rewriting.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_soumille"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    bin().current_dir(root()).args(args).output().expect("binary runs")
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = bin()
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn samples(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "stn"))
        .map(|p| p.strip_prefix(root()).unwrap().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn every_invalid_sample_exits_2_with_its_diagnostic() {
    let files = samples("samples/invalid");
    assert!(files.len() >= 20);
    for f in files {
        let o = run(&["--diagnostics", "graphical", "check", &f]);
        assert_eq!(o.status.code(), Some(2), "{f} should fail");
        let err = text(&o.stderr);
        assert!(err.contains("soumille::syntax"), "{f}: {err}");
        let name = Path::new(&f).file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("invalid__{name}"), err);
    }
}

#[test]
fn invalid_samples_report_json_with_line_and_column() {
    let o = run(&["check", "--format", "json", "samples/invalid/throw-number-skipped.stn"]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let e = &v["files"][0]["games"][0]["errors"][0];
    assert_eq!(e["line"], 3);
    assert_eq!(e["column"], 1);
    assert!(e["message"].as_str().unwrap().contains("throw 4 where throw 3"));
    assert_eq!(v["files"][0]["games"][0]["throws"], 3);
}

#[test]
fn all_errors_of_a_file_at_once() {
    let src = b"[Game \"chess\"]\n1. 6-5 AG AF\n2. 9-9 &S\n3. 6-5 +3 &S\n4. 2-1 AJ\n";
    let o = run_stdin(&["check", "--format", "json", "-"], src);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let lines: Vec<u64> =
        v["files"][0]["games"][0]["errors"].as_array().unwrap().iter().map(|e| e["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, vec![1, 3, 4, 5]);
}

#[test]
fn well_formed_samples_read_and_print_idempotently() {
    for f in samples("samples").into_iter().chain(samples("samples/fausse-cases")) {
        let o = run(&["check", &f]);
        assert!(matches!(o.status.code(), Some(0) | Some(1)), "{f}: {}", text(&o.stderr));
        assert!(!text(&o.stderr).contains("soumille::syntax"), "{f}: {}", text(&o.stderr));
        let once = run(&["fmt", &f]);
        assert_eq!(once.status.code(), Some(0), "{f}");
        let twice = run_stdin(&["fmt", "-"], &once.stdout);
        assert_eq!(text(&once.stdout), text(&twice.stdout), "fmt is not idempotent on {f}");
        let name = Path::new(&f).file_name().unwrap().to_string_lossy().replace('.', "_");
        insta::assert_snapshot!(format!("fmt__{name}"), text(&once.stdout));
    }
}

#[test]
fn json_round_trips_on_every_sample() {
    for f in samples("samples") {
        let j1 = run(&["json", &f]);
        assert_eq!(j1.status.code(), Some(0), "{f}");
        // json(fmt(F)) == json(F)
        let formatted = run(&["fmt", &f]).stdout;
        let j2 = run_stdin(&["json", "-"], &formatted);
        assert_eq!(text(&j1.stdout), text(&j2.stdout), "json(fmt(F)) != json(F) for {f}");
        // json -> fmt --from-json -> json is the identity
        let back = run_stdin(&["fmt", "--from-json", "-"], &j1.stdout);
        assert_eq!(back.status.code(), Some(0), "{f}: {}", text(&back.stderr));
        let j3 = run_stdin(&["json", "-"], &back.stdout);
        assert_eq!(text(&j1.stdout), text(&j3.stdout), "json round trip lost something for {f}");
        // and the STN printed from JSON is the canonical form
        assert_eq!(text(&back.stdout), text(&formatted), "{f}");
    }
}

#[test]
fn json_has_schema_version_and_spans_only_on_request() {
    let plain = run(&["json", "samples/opening.stn"]);
    let v: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert!(!text(&plain.stdout).contains("\"start\""));
    let spans = run(&["json", "--spans", "samples/opening.stn"]);
    let v: serde_json::Value = serde_json::from_slice(&spans.stdout).unwrap();
    let dice = &v["records"][0]["throws"][0]["spans"]["dice"];
    let src = std::fs::read_to_string(root().join("samples/opening.stn")).unwrap();
    let (s, e) = (dice["start"].as_u64().unwrap() as usize, dice["end"].as_u64().unwrap() as usize);
    assert_eq!(&src[s..e], "6-5");
}

#[test]
fn bad_json_is_refused() {
    for bad in [
        "{}",
        "{\"schema_version\": 2, \"records\": []}",
        "{\"schema_version\": 1, \"records\": [{\"throws\": [{\"number\": 1, \"dice\": [7, 1]}]}]}",
        "{\"schema_version\": 1, \"records\": [{\"throws\": [{\"number\": 2, \"dice\": [6, 1]}]}]}",
        "{\"schema_version\": 1, \"records\": [{\"throws\": [{\"number\": 1, \"dice\": [6, 1], \"marks\": [{\"points\": 3}]}]}]}",
        "{\"schema_version\": 1, \"records\": [{\"tags\": [{\"name\": \"Game\", \"value\": \"chess\"}]}]}",
        "{\"schema_version\": 1, \"records\": [{\"throws\": [{\"number\": 1, \"dice\": [6, 1], \"play\": {\"moves\": [{\"from\": \"J\", \"to\": \"A\"}]}}]}]}",
    ] {
        let o = run_stdin(&["fmt", "--from-json", "-"], bad.as_bytes());
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(!text(&o.stderr).is_empty());
    }
}

#[test]
fn letters_convert_both_ways() {
    let lep = run(&["fmt", "--letters", "soumille", "samples/lepeintre-teaching-game.lep.stn"]);
    let plays: Vec<String> = text(&lep.stdout)
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| {
            let l = l.split('{').next().unwrap();
            l.split_whitespace()
                .skip(2)
                .filter(|w| w.chars().all(|c| c.is_ascii_uppercase() || c == '&'))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    // the Soumille plays of treatise case LEP-GAME-1, throw by throw
    let expected = [
        "&Z &Y", "AD AE", "&X &V", "DG EG", "&T &S", "AE AF", "&Z &Y", "EI FI", "&X &V", "AB AC", "&X", "AB AC", "&ZY",
        "AB AC", "&T", "BD CD", "YO", "AC AD", "SO", "DE", "OKF", "AG AG", "",
    ];
    assert_eq!(plays, expected);
    // and back
    let soum = run(&["fmt", "--letters", "lepeintre", "samples/lepeintre-teaching-game.stn"]);
    let lep_again = run(&["fmt", "samples/lepeintre-teaching-game.lep.stn"]);
    let moves_only = |s: &str| {
        s.lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.split('{').next().unwrap().trim().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves_only(&text(&soum.stdout)), moves_only(&text(&lep_again.stdout)));
}

#[test]
fn fmt_write_replaces_the_file_and_leaves_no_temporary() {
    let dir = std::env::temp_dir().join(format!("soumille-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("game.stn");
    std::fs::write(&f, "1. 5-6 A-G A-F\n").unwrap();
    let o = bin().arg("fmt").arg("--write").arg(&f).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "1. 6-5 AG AF\n");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "a temporary file was left behind");
    // a file with errors is not rewritten
    std::fs::write(&f, "1. 7-5 A-G\n").unwrap();
    let o = bin().arg("fmt").arg("--write").arg(&f).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "1. 7-5 A-G\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exit_codes_and_usage() {
    assert_eq!(run(&["check", "no/such/file.stn"]).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(run(&["check"]).status.code(), Some(2));
    let help = run(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    for cmd in ["check", "replay", "sheet", "show", "explain", "fmt", "json", "generate"] {
        assert!(text(&help.stdout).contains(cmd), "--help does not list {cmd}");
        let h = run(&[cmd, "--help"]);
        assert_eq!(h.status.code(), Some(0), "{cmd} --help");
    }
}

#[test]
fn check_reads_stdin_and_several_files() {
    let o = run_stdin(&["check", "-", "samples/opening.stn"], b"1. 6-5 AG AF\n");
    assert_eq!(o.status.code(), Some(0));
    let o = run_stdin(&["check", "--format", "json", "-", "samples/invalid/bad-die.stn"], b"1. 6-5 AG AF\n");
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["files"].as_array().unwrap().len(), 2);
    assert_eq!(v["files"][0]["path"], "-");
}

#[test]
fn random_bytes_give_errors_not_crashes() {
    let mut x: u64 = 0x9e3779b97f4a7c15;
    for _ in 0..50 {
        let mut bytes = Vec::new();
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push((x & 0xff) as u8);
        }
        let o = run_stdin(&["check", "-"], &bytes);
        assert!(matches!(o.status.code(), Some(0) | Some(2)), "crash: {:?}", o.status);
        assert!(!text(&o.stderr).contains("panicked"));
    }
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut big = String::new();
    for n in 1..=20000 {
        big.push_str(&format!("{n}. 6-5 AG AF\n"));
    }
    let mut child =
        bin().args(["fmt", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(big.as_bytes());
    });
    drop(child.stdout.take()); // close the reading end at once
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// Each file of `samples/fausse-cases/` says in its `Flagged` tag the throw and the rule
/// (or flag kind) it must be flagged for, and nothing else.
#[test]
fn fausse_case_samples_are_flagged_at_the_right_throw_with_the_right_rule() {
    let files = samples("samples/fausse-cases");
    let mut rules_seen = std::collections::BTreeSet::new();
    for f in &files {
        let src = std::fs::read_to_string(root().join(f)).unwrap();
        let want = src.lines().find_map(|l| l.strip_prefix("[Flagged \"")).and_then(|l| l.strip_suffix("\"]")).unwrap();
        let (throw, rule) = want.split_once(' ').unwrap();
        let o = run(&["check", "--format", "json", f]);
        assert_eq!(o.status.code(), Some(1), "{f} should be flagged");
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let flags = v["files"][0]["games"][0]["flags"].as_array().unwrap().clone();
        let main: Vec<_> = flags.iter().filter(|x| x["kind"] != "not-replayed").collect();
        assert_eq!(main.len(), 1, "{f}: {flags:?}");
        let flag = main[0];
        assert_eq!(flag["throw"].as_u64().unwrap().to_string(), throw, "{f}: {flag}");
        let got = flag["rule"].as_str().or(flag["kind"].as_str()).unwrap();
        assert_eq!(got, rule, "{f}: {flag}");
        assert!(flag["message"].as_str().unwrap().len() > 20);
        rules_seen.insert(rule.to_string());
        let name = Path::new(f).file_stem().unwrap().to_string_lossy().into_owned();
        let human = run(&["--diagnostics", "graphical", "check", f]);
        insta::assert_snapshot!(
            format!("fausse_case__{name}"),
            format!("{}{}", text(&human.stdout), text(&human.stderr))
        );
    }
    for rule in [
        "die-mismatch",
        "blocked",
        "rest-point-blocked",
        "must-play-both",
        "must-play-higher",
        "doublet-too-many-men",
        "corner-single-man",
        "corner-by-force-when-natural",
        "corner-leave-not-together",
        "opponent-corner",
        "must-fill",
        "must-preserve",
        "return-passage",
        "bear-off",
        "not-own-man",
    ] {
        assert!(rules_seen.contains(rule), "no sample for {rule}");
    }
}

#[test]
fn the_lepeintre_fragment_flags_exactly_throws_13_and_20() {
    for f in ["samples/lepeintre-teaching-game.stn", "samples/lepeintre-teaching-game.lep.stn"] {
        let o = run(&["check", "--format", "json", f]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let flags = v["files"][0]["games"][0]["flags"].as_array().unwrap();
        let got: Vec<(u64, &str)> = flags
            .iter()
            .filter(|x| x["kind"] == "fausse-case")
            .map(|x| (x["throw"].as_u64().unwrap(), x["rule"].as_str().unwrap()))
            .collect();
        assert_eq!(got, vec![(13, "must-fill"), (20, "must-play-both")], "{f}");
    }
}
