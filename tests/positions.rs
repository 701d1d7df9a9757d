//! Positions out of records: the position string after every throw (`soumille show --at N
//! --format position`) is read back by the reader to the same men and score, a record that
//! starts from it replays the rest of the game the same way, and `explain` on it gives the
//! jans the replay found for the next throw.

use soumille::notation::{print_record, ReadRecord, Tag};
use soumille::Seat;
use soumille::Setup;
use soumille::{explain_with, history_of, parse_setup};
use soumille::{frames, Frame};
use soumille::{replay, Replay};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const SAMPLES: [&str; 5] = [
    "samples/lepeintre-teaching-game.stn",
    "samples/lepeintre-teaching-game.lep.stn",
    "samples/opening.stn",
    "samples/tour-and-position.stn",
    "samples/a-ecrire.stn",
];

/// Each record of the samples and of a few generated tours, with its text.
fn records() -> Vec<(String, ReadRecord)> {
    let mut v = Vec::new();
    for f in SAMPLES {
        let text = std::fs::read_to_string(root().join(f)).unwrap();
        for (k, r) in soumille::notation::read(&text).into_iter().enumerate() {
            assert!(r.errors.is_empty(), "{f}");
            v.push((format!("{f} #{}", k + 1), r));
        }
    }
    for (k, rec) in soumille::games::grand_trictrac::generate::games(3, 11).into_iter().enumerate() {
        let text = print_record(&rec, Default::default());
        let r = soumille::notation::read(&text).remove(0);
        v.push((format!("generated #{k}"), r));
    }
    v
}

/// holes, points, throws, bredouille, pavillon
type ScoreFields = ([u16; 2], [u16; 2], [u16; 2], Option<Seat>, Option<Seat>);

fn setup_score(s: &Setup) -> ScoreFields {
    let sc = &s.score;
    let pair = |b: Option<soumille::BySeat<u16>>| b.map(|b| [b[Seat::Top], b[Seat::Bottom]]).unwrap();
    (
        pair(sc.holes),
        sc.points.map(|p| [p[Seat::Top] as u16, p[Seat::Bottom] as u16]).unwrap(),
        pair(sc.throws),
        sc.bredouille.expect("bredouille given"),
        sc.pavillon.expect("pavillon given"),
    )
}

fn frame_score(f: &Frame) -> ScoreFields {
    let b = Seat::ALL.into_iter().find(|s| f.score.bredouille[s.index()]);
    (f.score.holes, f.score.points, f.throws, b, f.score.pavillon)
}

#[test]
fn every_position_string_reads_back_to_the_same_position_and_score() {
    let mut checked = 0;
    for (name, r) in records() {
        let rp = replay(&r.record, &r.header, None);
        assert!(!rp.steps.is_empty(), "{name} replays");
        for (k, f) in frames(&rp, &r.header).iter().enumerate() {
            let s = f.position_string();
            let (setup, pos) = parse_setup(&s).unwrap_or_else(|e| panic!("{name} frame {k}: `{s}` does not read: {e}"));
            assert_eq!(pos, f.position, "{name} frame {k}: {s}");
            assert_eq!(setup_score(&setup), frame_score(f), "{name} frame {k}: {s}");
            // and through the Position tag of a record
            let tag = format!("[Position \"{s}\"]\n");
            let back = soumille::notation::read(&tag).remove(0);
            assert!(back.errors.is_empty(), "{name} frame {k}: {:?}", back.errors);
            assert_eq!(back.header.position.as_ref(), Some(&setup), "{name} frame {k}");
            assert_eq!(soumille::start_score(&back.header), f.score, "{name} frame {k}: {s}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} frames");
}

/// The record from throw `k` on (0-based), starting from the position string after throw
/// `k - 1`, throws numbered from 1 again.
fn continuation(r: &ReadRecord, k: usize, start: &str) -> ReadRecord {
    let mut rec = r.record.clone();
    rec.tags.retain(|t| !matches!(&*t.name, "Position" | "First" | "Result"));
    rec.tags.push(Tag { name: "Position".into(), value: start.into(), comments: Vec::new(), spans: None });
    rec.throws.drain(..k);
    for (i, t) in rec.throws.iter_mut().enumerate() {
        t.number = i as u32 + 1;
    }
    let text = print_record(&rec, Default::default());
    let mut back = soumille::notation::read(&text);
    assert_eq!(back.len(), 1);
    assert!(back[0].errors.is_empty(), "{:?}\n{text}", back[0].errors);
    back.remove(0)
}

/// What the rest of a game does, throw by throw: men after, score after.
fn course(rp: &Replay, from: usize) -> Vec<(soumille::Position, soumille::games::grand_trictrac::score::Score)> {
    rp.steps[from..].iter().map(|s| (s.position_after(), s.grand_trictrac().unwrap().score)).collect()
}

#[test]
fn a_record_started_from_a_printed_position_replays_the_rest_the_same_way() {
    let mut cuts = 0;
    for (name, r) in records() {
        if name.contains("a-ecrire") {
            // Trictrac à écrire also counts holes "in a row" across a marqué, which a
            // position string does not carry
            continue;
        }
        let rp = replay(&r.record, &r.header, None);
        let fr = frames(&rp, &r.header);
        for (k, frame) in fr.iter().enumerate().take(rp.steps.len()).skip(1) {
            // a school due from a miscount before the cut is in the books, not in the
            // position string: cut only where no flag was raised yet
            if rp.flags.iter().any(|f| f.throw.is_some_and(|n| n <= rp.steps[k - 1].number)) {
                break;
            }
            let start = frame.position_string();
            let c = continuation(&r, k, &start);
            let rp2 = replay(&c.record, &c.header, None);
            assert_eq!(course(&rp2, 0), course(&rp, k), "{name}: from throw {} on, started from `{start}`", k + 1);
            cuts += 1;
        }
    }
    assert!(cuts > 50, "{cuts} cuts");
}

#[test]
fn explain_on_a_printed_position_gives_the_jans_of_the_next_throw() {
    for (name, r) in records() {
        let rp = replay(&r.record, &r.header, None);
        let fr = frames(&rp, &r.header);
        for (k, step) in rp.steps.iter().enumerate() {
            let s = Frame { position: step.position_before(), ..fr[k] }.position_string();
            let (setup, pos) = parse_setup(&s).unwrap();
            let dice = step.dice.unwrap();
            let e = explain_with(&pos, dice, &soumille::RuleOptions::of(&r.header), &history_of(&setup));
            let want: Vec<_> = step.grand_trictrac().unwrap().jans.iter().copied().collect();
            assert_eq!(e.jans, want, "{name} throw {}: explain \"{s}\" --dice {}", step.number, dice);
        }
    }
}

#[test]
fn show_format_position_feeds_explain() {
    let bin = env!("CARGO_BIN_EXE_soumille");
    let f = "samples/lepeintre-teaching-game.stn";
    let o =
        Command::new(bin).args(["show", f, "--at", "15", "--format", "position"]).current_dir(root()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let pos = String::from_utf8(o.stdout).unwrap();
    assert_eq!(pos.lines().count(), 1);
    assert_eq!(
        pos.trim_end(),
        "A5B3C3G2I2/ST2V2X3Y3Z2&2 top holes=0/2 points=0/4 throws=7/8 bredouille=bottom pavillon=none"
    );
    let o = Command::new(bin)
        .args(["explain", pos.trim_end(), "--dice", "6-5", "--format", "json"])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["seat"], "top");
    assert!(!v["plays"].as_array().unwrap().is_empty());
    // the start, and the replay JSON document's position_before agree with show
    let o =
        Command::new(bin).args(["show", f, "--at", "0", "--format", "position"]).current_dir(root()).output().unwrap();
    assert!(String::from_utf8(o.stdout).unwrap().starts_with("A15/&15 bottom holes=0/0 points=0/0 throws=0/0"));
    let o = Command::new(bin).args(["replay", f, "--format", "json"]).current_dir(root()).output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows[15]["throw"], 16);
    assert_eq!(rows[15]["position_before"].as_str().unwrap(), pos.trim_end());
    assert!(doc["flags"].as_array().is_some_and(|f| !f.is_empty()));
    assert!(doc["final"]["top"]["holes"].is_u64() && doc["final"]["bottom"]["points"].is_u64());
    assert!(doc.get("result").is_some());
}
