//! The corpus tools on the binary (issue 7): many files and directories, summaries, honest
//! reports of bad input, `--quiet`, colours, `--max-errors`, `fmt --write` through a link,
//! escaped control characters, windowed long lines, `explain --batch` line for line.

use crate::common;
use common::{bin, generated, run, run_stdin, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("corpus", name)
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o.stdout)))
}

#[test]
fn many_files_and_a_directory_in_input_order_with_a_summary() {
    let d = scratch("many");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("b.stn"), generated(2, 1)).unwrap();
    std::fs::write(d.join("a.stn"), generated(3, 2)).unwrap();
    std::fs::write(d.join("sub/c.stn"), generated(1, 3)).unwrap();
    std::fs::write(d.join("notes.txt"), "not a record").unwrap();
    let flagged = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/fausse-cases/must-fill.stn");
    let o = run(&["check", "--format", "json", flagged.to_str().unwrap(), d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v = json(&o);
    let paths: Vec<String> =
        v["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap().to_string()).collect();
    let names: Vec<&str> = paths.iter().map(|p| p.rsplit('/').next().unwrap()).collect();
    assert_eq!(names, ["must-fill.stn", "a.stn", "b.stn", "c.stn"]);
    let games: Vec<usize> =
        v["files"].as_array().unwrap().iter().map(|f| f["games"].as_array().unwrap().len()).collect();
    assert_eq!(games, [1, 3, 2, 1]);
    let s = &v["summary"];
    assert_eq!(s["files"], 4);
    assert_eq!(s["games"], 7);
    assert_eq!(s["clean"], 3);
    assert_eq!(s["flagged"], 1);
    assert_eq!(s["failed"], 0);
    assert_eq!(s["errors"], 0);
    let throws: u64 = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["games"].as_array().unwrap().iter().map(|g| g["throws"].as_u64().unwrap()))
        .sum();
    assert_eq!(s["throws"], throws);
    assert_eq!(s["flags_by_rule"]["must-fill"], 1);
    assert!(s["flags_by_kind"]["fausse-case"].as_u64().unwrap() >= 1);
    assert_eq!(
        s["flags"].as_u64().unwrap(),
        s["flags_by_kind"].as_object().unwrap().values().map(|x| x.as_u64().unwrap()).sum::<u64>()
    );
    // text: one line a file, in the same order, and the summary on stderr
    let o = run(&["check", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].contains("a.stn: 3 games") && lines[0].ends_with("clean"), "{out}");
    assert!(lines[1].contains("b.stn: 2 games"), "{out}");
    assert!(lines[2].contains("c.stn: 1 game,"), "{out}");
    let err = text(&o.stderr);
    assert!(err.contains("3 files, 6 games") && err.contains("3 clean, 0 flagged, 0 failed"), "{err}");
    // json over many files: one line a file
    let o = run(&["json", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let docs: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs.len(), 3);
    assert!(docs[0]["path"].as_str().unwrap().ends_with("a.stn"));
    assert_eq!(docs[0]["document"]["records"].as_array().unwrap().len(), 3);
    assert_eq!(docs[0]["document"]["schema_version"], 2);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_file_with_syntax_errors_is_never_clean() {
    let o = run_stdin(&["check", "-"], b"[Game \"grand-trictrac\"]\n1. 6-5 AG AF\n2. 9-9 &S\n");
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    assert!(out.contains("1 syntax error"), "{out}");
    assert!(!out.contains("clean"), "{out}");
    let o = run_stdin(&["check", "--format", "json", "-"], b"[Game \"grand-trictrac\"]\n1. 6-5 AG AF\n2. 9-9 &S\n");
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    assert_eq!(v["files"][0]["status"], "failed");
    assert_eq!(v["summary"]["clean"], 0);
    assert_eq!(v["summary"]["failed"], 1);
}

#[test]
fn binary_bytes_are_not_a_game() {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend_from_slice(&[0u8; 64]);
    let o = run_stdin(&["check", "--format", "json", "-"], &bytes);
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    assert_eq!(v["summary"]["games"], 0);
    assert_eq!(v["files"][0]["games"].as_array().unwrap().len(), 0);
    assert!(v["files"][0]["errors"][0]["message"].as_str().unwrap().contains("UTF-8"));
    let o = run_stdin(&["check", "-"], b"\x00\x00\x00binary");
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    assert!(out.contains("binary data") && out.contains("no game") && !out.contains("1 game"), "{out}");
}

#[test]
fn an_empty_input_is_an_error_unless_allowed() {
    for input in [&b""[..], b"\n  \n", b"{ only a comment }\n"] {
        let o = run_stdin(&["check", "-"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(text(&o.stderr).contains("no game"), "{}", text(&o.stderr));
        assert!(!text(&o.stdout).contains("clean"));
        let o = run_stdin(&["check", "--allow-empty", "-"], input);
        assert_eq!(o.status.code(), Some(0), "{input:?}");
        assert!(text(&o.stdout).contains("no game"), "{}", text(&o.stdout));
    }
}

#[test]
fn quiet_prints_nothing() {
    let flagged = "samples/fausse-cases/must-fill.stn";
    for args in [vec!["check", "--quiet", flagged], vec!["check", "-q", "--format", "json", flagged]] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1));
        assert!(o.stdout.is_empty() && o.stderr.is_empty(), "{args:?}");
    }
    let o = run(&["check", "--quiet", "samples/invalid/bad-die.stn", "samples/opening.stn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
}

#[test]
fn colours_follow_the_flag_and_no_color() {
    let f = "samples/invalid/bad-die.stn";
    let o = run(&["--diagnostics", "graphical", "check", "--color", "always", f]);
    assert!(text(&o.stderr).contains("\x1b["), "--color always gives colours");
    let o = run(&["--diagnostics", "graphical", "check", "--color", "never", f]);
    assert!(!text(&o.stderr).contains("\x1b["));
    let o = bin().args(["--diagnostics", "graphical", "check", f]).env("NO_COLOR", "1").output().unwrap();
    assert!(!text(&o.stderr).contains("\x1b["));
    assert!(text(&o.stderr).contains("impossible die"));
    // on a terminal (through script(1), from Debian's essential bsdutils): colours unless NO_COLOR
    assert!(Path::new("/usr/bin/script").exists(), "script(1) is needed: apt-get install bsdutils");
    let cmd = format!("{} --diagnostics auto check {f}", env!("CARGO_BIN_EXE_soumille"));
    let tty = |no_color: bool| {
        let mut c = Command::new("/usr/bin/script");
        c.args(["-qec", &cmd, "/dev/null"]).current_dir(env!("CARGO_MANIFEST_DIR")).env_remove("NO_COLOR");
        if no_color {
            c.env("NO_COLOR", "1");
        }
        text(&c.output().unwrap().stdout)
    };
    let (coloured, plain) = (tty(false), tty(true));
    assert!(coloured.contains("impossible die") && coloured.contains("\x1b["), "{coloured}");
    assert!(!plain.contains("\x1b[") && plain.contains("impossible die"), "{plain}");
}

#[test]
fn max_errors_counts_the_rest() {
    let mut src = String::from("[Game \"grand-trictrac\"]\n");
    for n in 1..=200 {
        src.push_str(&format!("{n}. 9-9 AB\n"));
    }
    let o = run_stdin(&["--diagnostics", "narrated", "check", "--max-errors", "5", "-"], src.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert_eq!(err.matches("impossible die").count(), 5, "{err}");
    assert!(err.contains("… and 195 more not shown"), "{err}");
    let o = run_stdin(&["check", "--format", "json", "--max-errors", "5", "-"], src.as_bytes());
    let v = json(&o);
    assert_eq!(v["files"][0]["games"][0]["errors"].as_array().unwrap().len(), 5);
    assert_eq!(v["files"][0]["not_shown"], 195);
    assert_eq!(v["summary"]["errors"], 200);
    // the default is 50
    let o = run_stdin(&["--diagnostics", "narrated", "check", "-"], src.as_bytes());
    assert!(text(&o.stderr).contains("… and 150 more not shown"));
}

#[cfg(unix)]
#[test]
fn fmt_write_through_a_symlink_rewrites_the_target_and_keeps_the_link() {
    let d = scratch("link");
    std::fs::create_dir_all(d.join("real")).unwrap();
    let target = d.join("real/game.stn");
    std::fs::write(&target, "[Game \"grand-trictrac\"]\n1. 5-6 A-G A-F\n").unwrap();
    let link = d.join("link.stn");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let other = d.join("other.stn");
    std::fs::write(&other, "1. 6-5 AG AF\n").unwrap();
    let o = run(&["fmt", "--write", link.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
    let new = std::fs::read_to_string(&target).unwrap();
    assert!(new.contains("1. 6-5 AG AF") || new.contains("1. 6-5 AF AG"), "{new}");
    assert!(!new.contains("A-G"));
    // no temporary file left beside the target or the link
    for dir in [d.clone(), d.join("real")] {
        for e in std::fs::read_dir(dir).unwrap() {
            assert!(!e.unwrap().file_name().to_string_lossy().contains(".tmp"));
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn control_characters_are_escaped() {
    let src = b"[Game \"grand-trictrac\"]\n1. 6-5 \x1b[31mAG AF\x07\n";
    for args in [["--diagnostics", "graphical", "check", "-"], ["--diagnostics", "narrated", "check", "-"]] {
        let o = run_stdin(&args, src);
        assert_eq!(o.status.code(), Some(2));
        let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
        assert!(!all.contains('\x1b') && !all.contains('\x07'), "{all:?}");
        assert!(all.contains("soumille::syntax"), "{all}");
    }
}

#[test]
fn long_lines_are_windowed() {
    let mut line = String::from("1. 6-5 AG AF ");
    line.push_str(&"{ a long comment }".repeat(2000));
    line.push_str(" 9-9\n");
    let src = format!("[Game \"grand-trictrac\"]\n{line}");
    let o = run_stdin(&["--diagnostics", "graphical", "check", "-"], src.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("soumille::syntax"), "{err}");
    let widest = err.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest < 200, "a line of {widest} columns: {err}");
    // the column is the file's
    let v = json(&run_stdin(&["check", "--format", "json", "-"], src.as_bytes()));
    let col = v["files"][0]["games"][0]["errors"][0]["column"].as_u64().unwrap();
    assert!(col > 30_000, "{col}");
}

#[test]
fn explain_batch_answers_every_line() {
    let input = "A15/&15 top\t6-5\nnonsense\nA15/&15 top\t9-9\n\nA15/&15 bottom\t4-1\n";
    let o = run_stdin(&["explain", "--batch"], input.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // the blank line (line 4) is skipped
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["dice"], serde_json::json!([6, 5]));
    assert!(!lines[0]["plays"].as_array().unwrap().is_empty());
    for (k, n) in [(1, 2), (2, 3)] {
        assert_eq!(lines[k]["line"], n, "{out}");
        assert!(lines[k]["error"].is_string());
    }
    assert_eq!(lines[3]["seat"], "bottom");
    // the same answers as one position at a time
    let one = run(&["explain", "A15/&15 top", "--dice", "6-5", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(v, lines[0]);
}

#[test]
fn a_large_file_is_streamed_and_fmt_json_agree_with_the_whole() {
    let g = generated(30, 4);
    let d = scratch("stream");
    let f = d.join("g.stn");
    std::fs::write(&f, &g).unwrap();
    let o = run(&["fmt", f.to_str().unwrap()]);
    assert_eq!(o.stdout, g, "fmt of generated games is the identity");
    let one = run(&["json", "--spans", f.to_str().unwrap()]);
    let v = json(&one);
    let recs = v["records"].as_array().unwrap();
    assert_eq!(recs.len(), 30);
    // spans are offsets in the file: the last record's first tag is where the text says
    let last = &recs[29]["tags"][0]["spans"]["whole"];
    let start = last["start"].as_u64().unwrap() as usize;
    assert_eq!(&g[start..start + 6], b"[Game ");
    std::fs::remove_dir_all(&d).unwrap();
}
