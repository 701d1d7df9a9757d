//! A record with a syntax error still gives its first throws (issue 16, item 14): `replay`,
//! `sheet`, `view` and `show` replay and draw what was read before the first error, mark the
//! rest as not read, and exit 2 (docs/commands.md: a file that could not be fully read).

use crate::common;
use common::*;

/// A Backgammon record from the blocked position of the defect reproducer, 30 throws, the
/// 20th unreadable (`3-Q`).
fn backgammon() -> String {
    let mut s = String::from("[Game \"backgammon\"]\n[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n\n");
    for k in 1..=30 {
        let seat = if k % 2 == 1 { "top" } else { "bottom" };
        let roll = if k == 20 { "3-Q" } else { "5-3" };
        s.push_str(&format!("{k}. {seat}: {roll} -\n"));
    }
    s
}

/// A Grand Trictrac record whose 4th throw has an impossible die.
const TRICTRAC: &str = "[Top \"Kermadeuc\"]\n\n1. 4-1 AF\n2. 6-4 &V &S\n3. 3-1 FK\n4. 9-3 VO\n5. 6-2 AI\n";

/// Writes `text` to a file of its own (the tests run at once: no two share a file).
fn write(name: &str, text: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("soumille-damaged-{}-{k}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f
}

fn run_on(args: &[&str], file: &std::path::Path) -> (Option<i32>, String, String) {
    let mut all: Vec<&str> = args.to_vec();
    let f = file.to_str().unwrap();
    all.push(f);
    let o = run(&all);
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

const MARK_BG: &str = "throws from 20 on not read";
const MARK_GT: &str = "throws from 4 on not read";

#[test]
fn replay_of_a_damaged_record_gives_the_throws_read_and_marks_the_rest() {
    let (code, out, err) = run_on(&["replay"], &write("bg.stn", &backgammon()));
    assert_eq!(code, Some(2), "{err}");
    assert!(out.contains("\n19. top 5-3"), "{out}");
    assert!(!out.contains("\n21. "), "{out}");
    assert!(out.contains(&format!("{MARK_BG}: incomplete dice")), "{out}");
    assert!(err.contains("expected a die"), "the syntax error is reported: {err}");

    let (code, out, _) = run_on(&["replay"], &write("gt.stn", TRICTRAC));
    assert_eq!(code, Some(2));
    assert!(out.contains("3. top 3-1"), "{out}");
    assert!(out.contains(MARK_GT), "{out}");
    let (code, out, _) = run_on(&["replay", "--format", "json"], &write("gt.stn", TRICTRAC));
    assert_eq!(code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 3);
    assert!(v["flags"].as_array().unwrap().iter().any(|f| f["rule"] == "not-read"), "{out}");
}

#[test]
fn sheet_of_a_damaged_record_in_every_format() {
    for (file, mark, last, rows) in
        [(write("bg.stn", &backgammon()), MARK_BG, "5-3", 19), (write("gt.stn", TRICTRAC), MARK_GT, "3-1", 3)]
    {
        for format in ["text", "markdown", "html", "json"] {
            let (code, out, err) = run_on(&["sheet", "--format", format], &file);
            assert_eq!(code, Some(2), "{format}: {err}");
            assert!(out.contains(mark), "{format}: {out}");
            if format == "json" {
                let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["rows"].as_array().unwrap().len(), rows, "{out}");
            } else {
                assert!(out.contains(last), "{format}: {out}");
            }
        }
    }
}

#[test]
fn view_of_a_damaged_record_draws_the_throws_read() {
    let (code, out, _) = run_on(&["view"], &write("bg.stn", &backgammon()));
    assert_eq!(code, Some(2));
    assert!(out.contains(MARK_BG));
    // the start and the 19 throws read
    assert_eq!(out.matches("\"lawful\":").count(), 20);
    let (code, out, _) = run_on(&["view"], &write("gt.stn", TRICTRAC));
    assert_eq!(code, Some(2));
    assert!(out.contains(MARK_GT));
    assert_eq!(out.matches("\"lawful\":").count(), 4);
}

#[test]
fn show_of_a_damaged_record_draws_a_board_read_and_says_what_was_not() {
    let bg = write("bg.stn", &backgammon());
    let (code, out, err) = run_on(&["show", "--at", "19"], &bg);
    assert_eq!(code, Some(2));
    assert!(out.contains("on the bar: top 3, bottom 3"), "{out}");
    assert!(err.contains(MARK_BG), "{err}");
    let (code, out, err) = run_on(&["show", "--at", "20"], &bg);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no board after throw 20"), "{err}");
    let (code, out, err) = run_on(&["show", "--at", "3", "--format", "position"], &write("gt.stn", TRICTRAC));
    assert_eq!(code, Some(2));
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(err.contains(MARK_GT), "{err}");
}

#[test]
fn an_error_in_the_tags_keeps_no_throw() {
    let src = "[Game \"backgammon\"\n\n1. top: 5-3 -\n2. bottom: 6-2 -\n";
    let read = soumille::notation::read(src);
    let mut rec = read[0].clone();
    assert!(!rec.errors.is_empty());
    let n = soumille::readable_prefix(&mut rec.record, &rec.errors).unwrap();
    assert_eq!(n.from, 1);
    assert!(rec.record.throws.is_empty());
    // a clean record is left whole
    let mut clean = soumille::notation::read("1. 4-1 AF\n2. 6-4 &V &S\n")[0].clone();
    assert_eq!(soumille::readable_prefix(&mut clean.record, &clean.errors), None);
    assert_eq!(clean.record.throws.len(), 2);
}
