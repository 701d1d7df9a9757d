//! Records as data (issue 29, docs/data.md): `select` by each criterion on real matches,
//! the samples and generated games, `--dedupe` finding planted duplicates, `--split-by`
//! and merging back, `fmt --annotate` / `--strip`, and `table`'s rows counted against the
//! library's replay.

use crate::common::{root, run, scratch_dir, text};
use std::path::{Path, PathBuf};

/// The FIBS matches of tests/data/real-matches imported as STN files into a folder, once for
/// the tests of this file (which only read it).
fn real_corpus(_name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(import_real).clone()
}

fn import_real() -> PathBuf {
    let dir = scratch_dir("select", "real");
    let fibs = root().join("tests/data/real-matches/fibs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&fibs).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() > 50, "real matches in {}", fibs.display());
    for f in &files {
        let o = run(&["import", f.to_str().unwrap()]);
        assert!(o.status.code() == Some(0), "import {}: {}", f.display(), text(&o.stderr));
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        std::fs::write(dir.join(format!("{stem}.stn")), &o.stdout).unwrap();
    }
    dir
}

/// Every record of the `.stn` files under `dir`, read by the library: (path, text, record).
fn records_under(dir: &Path) -> Vec<(String, soumille::ReadRecord, String)> {
    let mut files: Vec<PathBuf> = walk(dir);
    files.sort();
    let mut v = Vec::new();
    for f in files {
        let t = std::fs::read_to_string(&f).unwrap_or_default();
        for mut r in soumille::read(&t) {
            soumille::games::registry::check_read(&mut r);
            if r.errors.is_empty() && (!r.record.tags.is_empty() || !r.record.throws.is_empty()) {
                v.push((f.display().to_string(), r, t.clone()));
            }
        }
    }
    v
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "stn") {
            out.push(p);
        }
    }
    out
}

fn count(args: &[&str]) -> usize {
    let mut a = vec!["select"];
    a.extend_from_slice(args);
    a.push("--count");
    let o = run(&a);
    assert_eq!(o.status.code(), Some(0), "{a:?}: {}", text(&o.stderr));
    text(&o.stdout).trim().parse().unwrap_or_else(|_| panic!("{a:?}: {}", text(&o.stdout)))
}

#[test]
fn tags_select_by_value_regex_and_number() {
    let dir = real_corpus("tags");
    let d = dir.to_str().unwrap();
    let recs = records_under(&dir);
    let m = |r: &soumille::ReadRecord| r.record.tag("Match").and_then(|v| v.parse::<u32>().ok());
    let at_least_7 = recs.iter().filter(|(_, r, _)| m(r).is_some_and(|v| v >= 7)).count();
    assert!(at_least_7 > 0 && at_least_7 < recs.len());
    assert_eq!(count(&[d, "--tag", "Match>=7"]), at_least_7);
    assert_eq!(count(&[d, "--tag", "Match<7"]) + at_least_7, recs.len());
    assert_eq!(count(&[d]), recs.len());
    let nori =
        recs.iter().filter(|(_, r, _)| [r.record.tag("Top"), r.record.tag("Bottom")].contains(&Some("nori"))).count();
    assert!(nori > 0);
    assert_eq!(count(&[d, "--tag", "Top=nori"]) + count(&[d, "--tag", "Bottom=nori"]), nori);
    assert_eq!(count(&[d, "--tag", "Top~^(nori)$"]), count(&[d, "--tag", "Top=nori"]));
    assert_eq!(count(&[d, "--tag", "Top!~^nori$"]) + count(&[d, "--tag", "Top=nori"]), recs.len());
    // a player, two players: their games
    let pair = recs
        .iter()
        .filter(|(_, r, _)| {
            let p = [r.record.tag("Top").unwrap_or(""), r.record.tag("Bottom").unwrap_or("")];
            p.contains(&"BlueNote") && p.contains(&"nori")
        })
        .count();
    assert!(pair > 0);
    assert_eq!(count(&[d, "--player", "bluenote", "--player", "NORI"]), pair);
    // a criterion not understood names itself, exit 2
    let o = run(&["select", d, "--tag", "Match>=", "--flag", "ecole,per=week"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("per=week"), "{}", text(&o.stderr));
}

#[test]
fn dates_compare_as_dates() {
    let dir = scratch_dir("select", "dates");
    let rec = |date: &str, n: u32| {
        format!("[Game \"grand-trictrac\"]\n[Date \"{date}\"]\n[Event \"e{n}\"]\n\n1. 6-5 AG AF\n")
    };
    let all = [rec("1750.03.02", 1), rec("1750.11", 2), rec("1751", 3), rec("1749.12.31", 4), rec("1750.??.??", 5)];
    std::fs::write(dir.join("d.stn"), all.join("\n")).unwrap();
    let f = dir.join("d.stn");
    let f = f.to_str().unwrap();
    assert_eq!(count(&[f, "--tag", "Date>=1750", "--tag", "Date<1751"]), 3);
    assert_eq!(count(&[f, "--tag", "Date>1750.10"]), 2);
    assert_eq!(count(&[f, "--tag", "Date=1750.03.02"]), 2); // 1750.??.?? may be that day
}

#[test]
fn games_results_flags_and_throws_select_as_the_replay_says() {
    let recs = records_under(&root().join("samples"));
    let jacquet = recs.iter().filter(|(_, r, _)| r.header.game == soumille::notation::Game::Jacquet).count();
    assert!(jacquet > 3);
    assert_eq!(count(&["samples", "--game", "jacquet"]), jacquet);
    let mut flagged = 0;
    let mut ecole = 0;
    let mut top = 0;
    let mut short = 0;
    for (_, r, t) in &recs {
        let rp = soumille::replay_books(&r.record, &r.header, Some(t));
        flagged += usize::from(!rp.flags.is_empty());
        ecole += usize::from(rp.flags.iter().any(|f| f.kind.name() == "ecole"));
        top += usize::from(rp.end.is_some_and(|e| e.winner == soumille::Seat::Top));
        short += usize::from((2..=5).contains(&r.record.throws.len()));
    }
    assert!(ecole > 3 && top > 0 && short > 0);
    // backgammon's match play is judged across a file as check does: each sample file holds
    // one record or one match, and none of their match flags is a record's only flag here
    assert!(count(&["samples", "--flagged"]) >= flagged);
    assert_eq!(count(&["samples", "--flag", "ecole"]), ecole);
    assert_eq!(count(&["samples", "--result", "top"]), top);
    assert_eq!(count(&["samples", "--throws", "2-5"]), short);
    assert_eq!(count(&["samples", "--clean"]) + count(&["samples", "--flagged"]), recs.len());
    // a rule by name, at a seat, in a throw range
    let must_fill = count(&["samples", "--flag", "must-fill"]);
    assert!(must_fill > 0);
    assert!(count(&["samples", "--flag", "must-fill,throws=1-1000"]) == must_fill);
    assert_eq!(count(&["samples", "--flag", "must-fill,throws=5000-"]), 0);
    let by_seat =
        count(&["samples", "--flag", "must-fill,seat=top"]) + count(&["samples", "--flag", "must-fill,seat=bottom"]);
    assert!(by_seat >= must_fill);
}

#[test]
fn an_ecole_twice_by_one_seat_in_a_releve() {
    let dir = scratch_dir("select", "releve");
    // top schooled twice in the first relève; top then bottom once each; top once
    let start = "[Position \"A13DF/I&14 top\"]\n\n1. 5-3 +4 AF AD\n";
    let twice = format!("{start}2. 2-1 &Y &Z\n3. 2-1 +4 AB AC\n");
    let each = format!("{start}2. 2-1 +2 &Y &Z\n");
    let once = format!("{start}2. 2-1 &Y &Z\n");
    std::fs::write(dir.join("a.stn"), format!("{twice}\n{each}\n{once}")).unwrap();
    let f = dir.join("a.stn");
    let f = f.to_str().unwrap();
    let ecoles = |t: &str| {
        let r = &soumille::read(t)[0];
        let rp = soumille::replay(&r.record, &r.header, Some(t));
        rp.flags.iter().filter(|f| f.kind.name() == "ecole").map(|f| (f.throw, f.seat)).collect::<Vec<_>>()
    };
    use soumille::Seat::{Bottom, Top};
    assert_eq!(ecoles(&twice), [(Some(1), Some(Top)), (Some(3), Some(Top))]);
    assert_eq!(ecoles(&each), [(Some(1), Some(Top)), (Some(2), Some(Bottom))]);
    assert_eq!(ecoles(&once), [(Some(1), Some(Top))]);
    assert_eq!(count(&[f, "--flag", "ecole"]), 3);
    assert_eq!(count(&[f, "--flag", "ecole,count>=2"]), 2);
    assert_eq!(count(&[f, "--flag", "ecole,per=seat,count>=2"]), 1);
    assert_eq!(count(&[f, "--flag", "ecole,per=releve,count>=2"]), 1);
    assert_eq!(count(&[f, "--flag", "ecole,per=releve,count>=2,seat=bottom"]), 0);
    assert_eq!(count(&[f, "--flag", "ecole,seat=bottom"]), 1);
    assert_eq!(count(&[f, "--flag", "ecole,throws=2-3"]), 2);
}

#[test]
fn events_cube_resignation_hole_jan_and_end() {
    let dir = real_corpus("events");
    let d = dir.to_str().unwrap();
    let recs = records_under(&dir);
    let mut cube8 = 0;
    for (_, r, t) in &recs {
        let rp = soumille::replay(&r.record, &r.header, Some(t));
        cube8 += usize::from(rp.steps.iter().any(|s| s.after.score.cube.is_some_and(|c| c >= 8)));
    }
    assert!(cube8 > 0);
    assert_eq!(count(&[d, "--event", "cube>=8"]), cube8);
    assert!(count(&[d, "--event", "cube>=2"]) > cube8);
    assert_eq!(count(&[d, "--event", "cube>=8", "--position", "*/* cube=*"]), cube8);
    // the samples: a resignation, a gammon, Grand Trictrac's holes and jans, Tric Trac's parties
    assert!(count(&["samples", "--event", "resign"]) > 0);
    let gammons = count(&["samples", "--event", "end=gammon"]);
    assert!(gammons > 0);
    let o = run(&["select", "samples", "--event", "end=gammon", "--output", "jsonl"]);
    for l in text(&o.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["end"], "gammon", "{l}");
    }
    assert!(count(&["samples", "--event", "hole"]) > 0);
    assert!(count(&["samples", "--event", "hole,count>=2"]) <= count(&["samples", "--event", "hole"]));
    assert!(count(&["samples", "--event", "jan=petit-jan"]) > 0);
    assert_eq!(count(&["samples", "--event", "jan=no-such-jan"]), 0);
    assert!(count(&["samples", "--event", "partie", "--game", "tric-trac"]) > 0);
}

#[test]
fn positions_reached_with_wildcards() {
    let f = root().join("samples/lepeintre-teaching-game.stn");
    let t = std::fs::read_to_string(&f).unwrap();
    let r = &soumille::read(&t)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&t));
    let after10 = rp.steps[9].after.to_string();
    let f = f.to_str().unwrap();
    assert_eq!(count(&["samples", "--position", &after10]), 2, "{after10}"); // and the Lepeintre copy
    assert_eq!(count(&[f, "--position", &after10]), 1);
    // the men only, the seat any, counts as wildcards
    let men = after10.split_whitespace().next().unwrap();
    let (top, bottom) = men.split_once('/').unwrap();
    assert_eq!(count(&[f, "--position", &format!("{top}/* *")]), 1);
    let wild: String = bottom.chars().filter(|c| !c.is_ascii_digit()).collect::<String>();
    let wild: String = wild.chars().flat_map(|c| [c, '?']).collect();
    assert_eq!(count(&[f, "--position", &format!("*/{wild}")]), 1, "*/{wild}");
    let first = &bottom[..1];
    assert_eq!(count(&[f, "--position", &format!("*/{first}?...")]), 1);
    // a position never reached
    assert_eq!(count(&[f, "--position", "A15/&15 top holes=11/11"]), 0);
    let o = run(&["select", f, "--position", "A15 top"]);
    assert_eq!(o.status.code(), Some(2), "a pattern without `/`");
}

#[test]
fn dedupe_finds_planted_duplicates() {
    let dir = scratch_dir("select", "dedupe");
    let games = crate::common::generated(12, 29);
    let text_all = String::from_utf8(games).unwrap();
    let recs: Vec<&str> = text_all.split("\n\n[").collect();
    assert_eq!(recs.len(), 12);
    let rec = |k: usize| if k == 0 { recs[0].to_string() } else { format!("[{}", recs[k]) };
    std::fs::write(dir.join("a.stn"), text_all.clone()).unwrap();
    // b: three of a's games again with other tags and comments, and two new games
    let other = String::from_utf8(crate::common::generated(2, 30)).unwrap();
    let planted: Vec<String> = [1, 4, 7]
        .iter()
        .map(|&k| {
            rec(k).replacen("[Event \"generated\"]", "[Event \"copied\"]", 1).replacen("\n1. ", "\n{ a copy }\n1. ", 1)
        })
        .collect();
    std::fs::write(dir.join("b.stn"), format!("{}\n{}", planted.join("\n"), other)).unwrap();
    // c: a's game 2 twice more
    std::fs::write(dir.join("c.stn"), format!("{}\n{}", rec(2), rec(2))).unwrap();
    let d = dir.to_str().unwrap();
    assert_eq!(count(&[d]), 12 + 3 + 2 + 2);
    assert_eq!(count(&[d, "--dedupe"]), 14);
    // the first of each is kept: none of b's copies, whose Event says so
    let o = run(&["select", d, "--dedupe", "--output", "jsonl"]);
    let lines: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 14);
    assert!(lines.iter().all(|v| v["tags"]["Event"] != "copied"));
    // one file: in one pass
    let b = dir.join("c.stn");
    assert_eq!(count(&[b.to_str().unwrap(), "--dedupe"]), 1);
}

#[test]
fn split_and_merge_round_trip() {
    let src = real_corpus("split");
    let d = src.to_str().unwrap();
    let all = run(&["select", d]);
    assert_eq!(all.status.code(), Some(0));
    let recs = records_under(&src);
    for by in ["record", "game", "match", "player"] {
        let out = scratch_dir("select", &format!("split-{by}"));
        let o = run(&["select", d, "--split-by", by, "--into", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let back = records_under(&out);
        let key = |r: &soumille::ReadRecord| soumille::print_record(&r.record, Default::default());
        let mut a: Vec<String> = recs.iter().map(|(_, r, _)| key(r)).collect();
        let mut b: Vec<String> = back.iter().map(|(_, r, _)| key(r)).collect();
        a.sort();
        b.sort();
        if by == "player" {
            // each record in both its players' files
            b.dedup();
            a.dedup();
        }
        assert_eq!(a, b, "--split-by {by}");
        if by == "record" {
            assert_eq!(walk(&out).len(), recs.len());
        }
        if by == "player" {
            for (p, r, _) in &back {
                let name = Path::new(p).file_stem().unwrap().to_string_lossy().into_owned();
                // `NAME-2.stn`, …: after a record with no throw, which ends its file
                let safe = |v: &str| -> String {
                    v.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect()
                };
                let is = |t: &str| {
                    r.record.tag(t).map(safe).is_some_and(|v| name == v || name.starts_with(&format!("{v}-")))
                };
                assert!(is("Top") || is("Bottom"), "{p}");
            }
        }
    }
    // merged back: the same records as the originals (their text untouched)
    let out = scratch_dir("select", "merge");
    run(&["select", d, "--split-by", "record", "--into", out.to_str().unwrap()]);
    let merged = run(&["select", out.to_str().unwrap()]);
    let mut a: Vec<&str> = text(&all.stdout).leak().split("\n\n[").collect();
    let mut b: Vec<&str> = text(&merged.stdout).leak().split("\n\n[").collect();
    a.sort();
    b.sort();
    assert_eq!(a.len(), recs.len());
    assert_eq!(a, b);
}

#[test]
fn the_records_are_written_untouched_and_listed() {
    let f = "samples/syntax-tour.stn";
    let o = run(&["select", f]);
    let orig = std::fs::read_to_string(root().join(f)).unwrap();
    assert_eq!(text(&o.stdout).trim_end(), orig.trim_end());
    let o = run(&["select", f, "--output", "list"]);
    assert!(text(&o.stdout).starts_with("samples/syntax-tour.stn:1: record 1: grand-trictrac"), "{}", text(&o.stdout));
    // records with syntax errors are not selected: said at their place
    let o = run(&["select", "samples/invalid/bad-die.stn"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stderr).contains("bad-die.stn:3:4: record 1 not read"), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
}

#[test]
fn annotate_then_strip_is_fmt() {
    let dir = scratch_dir("select", "annotate");
    for sample in [
        "samples/lepeintre-teaching-game.stn",
        "samples/backgammon-match/crawford-match.stn",
        "samples/ecoles/par-trop.stn",
    ] {
        let fmt = run(&["fmt", sample]);
        let ann = run(&["fmt", "--annotate", sample]);
        assert_eq!(ann.status.code(), Some(0), "{}", text(&ann.stderr));
        let a = text(&ann.stdout);
        let t = std::fs::read_to_string(root().join(sample)).unwrap();
        let r = &soumille::read(&t)[0];
        let flags = soumille::replay(&r.record, &r.header, Some(&t)).flags.len();
        assert!(a.matches("{ soumille: ").count() >= flags, "{a}");
        // the annotated record reads without error and replays to the same flags
        let back = soumille::read(&a);
        assert!(back.iter().all(|r| r.errors.is_empty()), "{a}");
        let f = dir.join("annotated.stn");
        std::fs::write(&f, &a).unwrap();
        let stripped = run(&["fmt", "--strip", f.to_str().unwrap()]);
        assert_eq!(text(&stripped.stdout), text(&fmt.stdout), "{sample}");
        // annotating twice writes each finding once
        let twice = run(&["fmt", "--annotate", f.to_str().unwrap()]);
        assert_eq!(text(&twice.stdout), a);
    }
}

#[test]
fn tables_count_the_replays_rows() {
    let dir = real_corpus("tables");
    let d = dir.to_str().unwrap();
    let recs = records_under(&dir);
    let (mut steps, mut flags) = (0, 0);
    for (_, r, t) in &recs {
        let rp = soumille::replay(&r.record, &r.header, Some(t));
        steps += rp.steps.len();
        flags += rp.flags.len();
    }
    let rows = |of: &str, to: &str| {
        let o = run(&["table", d, "--of", of, "--to", to]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let csv = rows("throws", "csv");
    assert!(csv.starts_with("path,record,game,number,seat,dice,play,"));
    assert_eq!(csv.lines().count(), steps + 1);
    let games = rows("games", "jsonl");
    assert_eq!(games.lines().count(), recs.len());
    let v: serde_json::Value = serde_json::from_str(games.lines().next().unwrap()).unwrap();
    assert_eq!(v["game"], "backgammon");
    // the flags: at least the replay's (match play judged across the file adds some)
    assert!(rows("flags", "csv").lines().count() > flags);
    let matches = rows("matches", "jsonl");
    assert_eq!(matches.lines().count(), walk(&dir).len());
}
