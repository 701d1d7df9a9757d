//! Long records (issue 16, item 8): `replay`, `sheet` and `view` are linear in the number of
//! throws. Not timed: a record long enough that a search over every throw and flag at each
//! step (what they did) would take hours is replayed, drawn and viewed whole, and what they
//! give is checked throw by throw. The figures of time against size are those of
//! `cargo run --release --example sizebench`.
//!
//! Long records in little memory (item 9): `json` and `check` read a long record's throws
//! first with the throws dropped as they come (for its errors, and what the games must know
//! of all its throws), then again to write or replay them a batch at a time; what the reader
//! holds at a time is checked here by counting, not by measuring memory, and what they give
//! against the record read whole.

use crate::common;
use soumille::{replay_text, Sheet};

/// Throws in the long record: 10^5 throws and as many flags make 10^10 comparisons for a
/// search per step, well under a second of work for an index.
const N: usize = 100_000;

/// A Backgammon record of `n` throws from the blocked position of the defect reproducer
/// (`bg-blocked-10000-throws.stn`: every man on the bar, both home boards closed, so each
/// throw passes lawfully), every throw written as top's: a `seat` flag at each throw but the
/// first, so that every step has flags to find.
fn blocked(n: usize) -> String {
    let mut s = String::from("[Game \"backgammon\"]\n[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n\n");
    let rolls = ["5-3", "6-2", "6-1", "4-1", "3-3", "2-1"];
    for k in 1..=n {
        s.push_str(&format!("{k}. top: {} - {{ c{k} }}\n", rolls[k % rolls.len()]));
    }
    s
}

#[test]
fn a_long_record_is_replayed_drawn_and_viewed_throw_by_throw() {
    let src = blocked(N);
    let read = soumille::notation::read(&src);
    let r = &read[0];
    assert!(r.errors.is_empty(), "{:?}", &r.errors[..1]);
    assert_eq!(r.record.throws.len(), N);
    let rp = soumille::replay(&r.record, &r.header, Some(&src));
    assert_eq!(rp.steps.len(), N);
    assert_eq!(rp.flags.len(), N - 1);
    assert_eq!(rp.stopped_at, None);

    // the sheet: each row its own throw's flag and comment
    let sheet = Sheet::of_record(&rp, &r.record, &r.header);
    assert_eq!(sheet.rows.len(), N);
    for (k, row) in sheet.rows.iter().enumerate() {
        assert_eq!(row.throw as usize, k + 1);
        assert_eq!(row.comments, vec![format!("c{}", k + 1)]);
        let want: &[u32] = if k == 0 { &[] } else { &[row.throw] };
        assert_eq!(row.flags.iter().map(|f| f.throw.unwrap()).collect::<Vec<_>>(), want);
    }
    assert!(sheet.other_flags.is_empty());

    // the replay as text: one line per throw, its flag under it
    let text = replay_text(&rp, r.header.letters);
    assert_eq!(text.lines().filter(|l| l.contains("[seat] the record says top threw")).count(), N - 1);
    assert!(text.contains(&format!("\n{N}. top ")));

    // the view: a frame per throw and the start, each flag once in its frame, once in all
    let html = soumille::view_html(&r.record, &r.header, &rp);
    assert_eq!(html.matches("\"lawful\":").count(), N + 1);
    assert_eq!(html.matches("the record says top threw").count(), 2 * (N - 1));
}

/// Three records of `n` throws each (Grand Trictrac, Jacquet, Tric Trac), with comments on
/// some throws and before each record's tags (which belong to the throw before them).
fn three(n: usize) -> String {
    let mut s = String::new();
    for game in ["grand-trictrac", "jacquet", "tric-trac"] {
        s.push_str(&format!("{{ before {game} }}\n[Game \"{game}\"]\n[Top \"A\"]\n\n"));
        for k in 1..=n {
            let seat = if k % 2 == 1 { "top" } else { "bottom" };
            let comment = if k % 7 == 0 { format!(" {{ c{k} }}") } else { String::new() };
            s.push_str(&format!("{k}. {seat}: 5-3 -{comment}\n"));
        }
        s.push('\n');
    }
    s
}

#[test]
fn a_spilling_reader_holds_a_few_thousand_throws_and_reads_the_same_records() {
    let n = 20_000;
    let src = three(n);
    let whole = soumille::notation::read(&src);
    let mut batches = Vec::new();
    let mut seen = Vec::new();
    let mut left = Vec::new();
    {
        let mut it = soumille::notation::records_spilling(&src, |b: &mut Vec<soumille::notation::Throw>| {
            batches.push(b.len());
            seen.append(b);
        });
        for r in it.by_ref() {
            assert_eq!(r.spilled + r.record.throws.len(), n);
            left.push(r);
        }
    }
    // never more than a batch held, and every throw handed on once, in order, with its comments
    assert!(batches.iter().all(|&b| b < 5000), "{batches:?}");
    assert!(left.iter().all(|r| r.record.throws.len() < 5000));
    let mut k = 0;
    for (r, w) in left.iter().zip(&whole) {
        assert_eq!(r.errors.len(), w.errors.len());
        let held = r.record.throws.len();
        let spilled = &seen[k..k + n - held];
        k += n - held;
        let all: Vec<_> = spilled.iter().chain(&r.record.throws).collect();
        assert_eq!(all.len(), w.record.throws.len());
        assert!(all.iter().zip(&w.record.throws).all(|(a, b)| *a == b));
        assert_eq!(r.record.tags, w.record.tags);
    }
}

#[test]
fn json_of_long_records_is_the_document_of_the_records_read_whole() {
    let src = three(12_000);
    let dir = std::env::temp_dir().join(format!("soumille-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.stn");
    std::fs::write(&file, &src).unwrap();
    let o = common::run(&["json", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    let records = soumille::notation::read(&src).into_iter().map(|r| r.record);
    let want = soumille::json::to_string(&soumille::json::to_document(records, false));
    assert!(common::text(&o.stdout) == want, "json of long records differs from the document");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of `game` with `n` throws, passes from the opening (backgammon's from the blocked
/// position, some throws written as the wrong seat's), a comment every fifth throw, and at
/// throw `stop` a throw with no play, which stops the replay.
fn stopping(game: &str, n: usize, stop: usize) -> String {
    let mut s = format!("[Game \"{game}\"]\n");
    if game == "backgammon" {
        s.push_str("[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n");
    }
    s.push('\n');
    let rolls = ["5-3", "6-2", "6-1", "6-3", "5-1", "5-4"];
    for k in 1..=n {
        let seat = if k % 2 == 1 || (game == "backgammon" && k % 3 == 0) { "top" } else { "bottom" };
        let play = if k == stop { "" } else { " -" };
        let comment = if k % 5 == 0 { " { x }" } else { "" };
        s.push_str(&format!("{k}. {seat}: {}{play}{comment}\n", rolls[k % rolls.len()]));
    }
    s
}

#[test]
fn check_of_long_records_flags_what_the_replay_of_the_whole_record_flags() {
    // `check` replays a record of more than a few thousand throws from a reading thread,
    // a batch at a time: its flags, their throws, words and places are those of the replay
    // of the record read whole
    let dir = std::env::temp_dir().join(format!("soumille-sizes-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for game in ["grand-trictrac", "jacquet", "moultezim", "backgammon", "tric-trac"] {
        let src = stopping(game, 10_000, 6_000);
        let file = dir.join(format!("{game}.stn"));
        std::fs::write(&file, &src).unwrap();
        let o = common::run(&["check", "--format", "json", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{game}: {}", common::text(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let got = &v["files"][0]["games"][0];
        assert_eq!(got["throws"], 10_000, "{game}");
        let read = soumille::notation::read(&src);
        let rp = soumille::replay_books(&read[0].record, &read[0].header, Some(&src));
        assert!(rp.flags.len() > 3000, "{game}: {}", rp.flags.len());
        assert!(got["flags"] == serde_json::to_value(&rp.flags).unwrap(), "{game}: the flags differ");
        // (Backgammon's blocked seat passes lawfully without a play: no stop)
        if game != "backgammon" {
            assert_eq!(rp.stopped_at, Some(6_000), "{game}");
            // and the places of the text report: the stop's, at throw 6000's line
            let o = common::run(&["--diagnostics", "narrated", "check", "--max-errors", "0", file.to_str().unwrap()]);
            let out = common::text(&o.stdout) + &common::text(&o.stderr);
            assert!(out.contains(".stn:6002:") || out.contains("line 6002"), "{game}: {out}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
