//! The gnubg self-play corpus (`tests/data/gnubg-selfplay/`, made by
//! `scripts/gnubg-selfplay.sh`): matches of 1 to 15 points with the Crawford rule and money
//! sessions, as GNU Backgammon wrote them in `.mat` and SGF (docs/games.md §I).
//!
//! * both imports give the same records (throws, cube actions, results, the tags both
//!   formats hold), and both check clean as a match;
//! * the winners, points, final cube values and the score before each game are the ones
//!   gnubg wrote: read here from gnubg's own files, not through the importer;
//! * the cheap guard of the importer agrees with the whole STN round trip.
//!
//! gnubg reading our exports of the corpus back is `gnubg_readback.rs`.

use crate::common;
use soumille::interop::{import_mat, import_sgf};
use soumille::notation::{read, Record};

/// The corpus's matches, by name (`NAME.mat`, `NAME.sgf`).
pub const NAMES: [&str; 11] =
    ["match1", "match2", "match3", "match5", "match7", "match9", "match11", "match13", "match15", "money1", "money2"];

pub fn corpus(name: &str, ext: &str) -> String {
    let p = common::root().join(format!("tests/data/gnubg-selfplay/{name}.{ext}"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn tag<'a>(r: &'a Record, name: &str) -> Option<&'a str> {
    r.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
}

/// What gnubg wrote of one game, read from its own file: the winner (`top`: gnubg's player
/// 0, White, the left column), the points, the cube at the end, the score before it, and
/// (SGF only) whether it is the Crawford game and whether the loser resigned.
#[derive(Debug, PartialEq, Clone)]
struct Gnubg {
    winner: &'static str,
    points: u32,
    cube: u32,
    score: Option<(u32, u32)>,
    crawford: Option<bool>,
    resigned: Option<bool>,
}

/// The values of `id[…]` properties in a game tree's text (one value each).
fn props<'a>(tree: &'a str, id: &str) -> Vec<&'a str> {
    let open = format!("{id}[");
    let mut out = Vec::new();
    let mut rest = tree;
    while let Some(k) = rest.find(&open) {
        // an identifier, not the end of a longer one (`PW` in `APW`)
        let before = rest[..k].chars().last();
        let v = &rest[k + open.len()..];
        let end = v.find(']').unwrap();
        if !before.is_some_and(|c| c.is_ascii_uppercase()) {
            out.push(&v[..end]);
        }
        rest = &v[end..];
    }
    out
}

/// gnubg's SGF, game by game: `MI`, `RU`, `RE`, and the cube from its `double`/`take` nodes.
fn gnubg_sgf(text: &str) -> Vec<Gnubg> {
    text.split("(;FF[")
        .skip(1)
        .map(|tree| {
            let mi = |k: &str| {
                tree.split("MI[").nth(1).and_then(|m| {
                    m.split(']').take(4).find_map(|p| p.trim_start_matches('[').strip_prefix(&format!("{k}:")))
                })
            };
            let length: u32 = mi("length").unwrap().parse().unwrap();
            let re = props(tree, "RE")[0];
            let winner = if re.starts_with('W') { "top" } else { "bottom" };
            let points = re[2..].trim_end_matches('R').parse().unwrap();
            let mut cube = 1;
            for w in ["W", "B"] {
                cube *= 1 << props(tree, w).iter().filter(|v| **v == "take").count();
            }
            let rules = props(tree, "RU");
            Gnubg {
                winner,
                points,
                cube,
                score: (length > 0).then(|| (mi("ws").unwrap().parse().unwrap(), mi("bs").unwrap().parse().unwrap())),
                crawford: Some(rules.iter().any(|r| r.contains("CrawfordGame"))),
                resigned: Some(re.ends_with('R')),
            }
        })
        .collect()
}

/// gnubg's `.mat`, game by game: the names line's scores, `Doubles => V` / `Takes`, and
/// `Wins N point(s)` (its column says who: the left column is top).
fn gnubg_mat(text: &str) -> Vec<Gnubg> {
    let money = text.contains(" 0 point match");
    let mut out: Vec<Gnubg> = Vec::new();
    let mut offered = 1;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("Game ") {
            let names = lines[i + 1];
            let nums: Vec<u32> =
                names.split(':').skip(1).filter_map(|p| p.split_whitespace().next()?.parse().ok()).collect();
            out.push(Gnubg {
                winner: "",
                points: 0,
                cube: 1,
                score: (!money).then(|| (nums[0], nums[1])),
                crawford: None,
                resigned: None,
            });
        }
        let Some(g) = out.last_mut() else { continue };
        if let Some(k) = line.find("Doubles => ") {
            offered = line[k + 11..].split_whitespace().next().unwrap().parse().unwrap();
        }
        if line.contains("Takes") {
            g.cube = offered;
        }
        if let Some(k) = line.find("Wins ") {
            g.winner = if k < 20 { "top" } else { "bottom" };
            g.points = line[k + 5..].split_whitespace().next().unwrap().parse().unwrap();
        }
    }
    out
}

/// The same of our records (their `Result` and `Score` tags, the replay's last cube, the
/// `Crawford` tag and the result's kind).
fn ours(records: &[Record], sgf: bool) -> Vec<Gnubg> {
    let stn = soumille::notation::print_records(records, Default::default());
    read(&stn)
        .iter()
        .map(|r| {
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            let rp = soumille::replay(&r.record, &r.header, Some(&stn));
            let cube = rp.steps.last().and_then(|s| s.after.score.cube).unwrap_or(1);
            let result: Vec<&str> = tag(&r.record, "Result").unwrap().split_whitespace().collect();
            // the replay's end, where it finds one (a resignation is taken as written)
            match rp.end.as_ref() {
                Some(end) => {
                    assert_eq!(end.winner.to_string(), result[0]);
                    assert_eq!(end.points().to_string(), result[1]);
                }
                None => assert_eq!(result[2], "resign"),
            }
            let score = tag(&r.record, "Score").map(|s| {
                let w: Vec<&str> = s.split_whitespace().collect();
                (w[1].parse().unwrap(), w[3].parse().unwrap())
            });
            Gnubg {
                winner: if result[0] == "top" { "top" } else { "bottom" },
                points: result[1].parse().unwrap(),
                cube,
                score,
                crawford: sgf.then(|| tag(&r.record, "Crawford") == Some("yes")),
                resigned: sgf.then(|| result[2] == "resign"),
            }
        })
        .collect()
}

#[test]
fn mat_and_sgf_import_as_the_same_records() {
    for name in NAMES {
        let mat = import_mat(&corpus(name, "mat")).unwrap();
        let sgf = import_sgf(&corpus(name, "sgf")).unwrap();
        assert!(mat.warnings.is_empty(), "{name}.mat: {:?}", mat.warnings);
        assert!(sgf.warnings.is_empty(), "{name}.sgf: {:?}", sgf.warnings);
        assert_eq!(mat.records.len(), sgf.records.len(), "{name}");
        for (k, (m, s)) in mat.records.iter().zip(&sgf.records).enumerate() {
            assert_eq!(m.throws, s.throws, "{name} game {}", k + 1);
            // the tags both formats hold (SGF also says which game is the Crawford game)
            for t in ["Game", "Top", "Bottom", "First", "Result", "Match", "Score", "EventDate"] {
                assert_eq!(tag(m, t), tag(s, t), "{name} game {}: tag {t}", k + 1);
            }
            let only_sgf: Vec<&str> = s.tags.iter().map(|t| t.name.as_ref()).filter(|n| tag(m, n).is_none()).collect();
            assert!(only_sgf.iter().all(|n| *n == "Crawford"), "{name} game {}: {only_sgf:?}", k + 1);
            assert!(m.tags.iter().all(|t| tag(s, &t.name).is_some()), "{name} game {}", k + 1);
        }
    }
}

#[test]
fn both_imports_check_clean_as_a_match() {
    let dir = common::scratch_dir("selfplay", "check");
    for name in NAMES {
        for (ext, records) in [
            ("mat", import_mat(&corpus(name, "mat")).unwrap().records),
            ("sgf", import_sgf(&corpus(name, "sgf")).unwrap().records),
        ] {
            let file = dir.join(format!("{name}-{ext}.stn"));
            std::fs::write(&file, soumille::notation::print_records(&records, Default::default())).unwrap();
            let o = common::run(&["check", "--format", "json", file.to_str().unwrap()]);
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let games = v["files"][0]["games"].as_array().unwrap();
            assert_eq!(games.len(), records.len(), "{name}.{ext}");
            for g in games {
                assert_eq!(g["flags"].as_array().unwrap().len(), 0, "{name}.{ext}: {g:#}");
                assert_eq!(g["errors"].as_array().map_or(0, Vec::len), 0, "{name}.{ext}: {g:#}");
            }
            assert_eq!(o.status.code(), Some(0), "{name}.{ext}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn results_cube_and_score_are_the_ones_gnubg_wrote() {
    let mut seen = (0, 0, 0, 0);
    for name in NAMES {
        let from_sgf = gnubg_sgf(&corpus(name, "sgf"));
        let from_mat = gnubg_mat(&corpus(name, "mat"));
        // gnubg's two files agree with each other (what the .mat does not hold aside)
        let strip = |g: &Gnubg| Gnubg { crawford: None, resigned: None, ..g.clone() };
        assert_eq!(from_sgf.iter().map(strip).collect::<Vec<_>>(), from_mat, "{name}: gnubg's .mat and SGF");
        let sgf = ours(&import_sgf(&corpus(name, "sgf")).unwrap().records, true);
        assert_eq!(sgf, from_sgf, "{name}.sgf imported");
        let mat = ours(&import_mat(&corpus(name, "mat")).unwrap().records, false);
        assert_eq!(mat, from_mat, "{name}.mat imported");
        for g in &from_sgf {
            seen.0 += usize::from(g.crawford == Some(true));
            seen.1 += usize::from(g.resigned == Some(true));
            seen.2 += usize::from(g.cube >= 4);
        }
        seen.3 += from_sgf.len();
    }
    // what the corpus is there for: Crawford games, resignations, redoubles
    // (Crawford games, resignations, games ended with the cube at 4 or more, games)
    assert_eq!(seen, (4, 24, 4, 68));
}

#[test]
fn the_importers_guard_agrees_with_the_whole_round_trip() {
    let mut files: Vec<(String, String)> = Vec::new();
    for name in NAMES {
        for ext in ["mat", "sgf"] {
            files.push((format!("{name}.{ext}"), corpus(name, ext)));
        }
    }
    for dir in [
        "tests/data/interop",
        "tests/data/real-matches/fibs",
        "tests/data/real-matches/gnubg-scripts",
        "tests/data/real-matches/gnubgparser",
    ] {
        for e in std::fs::read_dir(common::root().join(dir)).unwrap().flatten() {
            let text = String::from_utf8_lossy(&std::fs::read(e.path()).unwrap()).into_owned();
            files.push((e.path().display().to_string(), text));
        }
    }
    assert!(files.len() >= 22 + 141, "{}", files.len());
    let mut imported = 0;
    for (name, text) in files {
        // (the interop folder holds a README and scripts, which are no match files)
        let Ok(i) = soumille::interop::import(&text, soumille::interop::guess_format(&text)) else { continue };
        // printed whole and read back, they are the same records
        assert_eq!(soumille::json::unwritable(&i.records), None, "{name}");
        imported += 1;
    }
    assert!(imported >= 22 + 141, "{imported}");
}

// ---------------------------------------------------------------------------------------
// Injected faults: clean games of the corpus with one fault each, flagged at the right
// throw (or tag) with the rule's name (docs/games.md §D.10, §I).

use soumille::notation::{CubeAction, CubeAnswer};

/// Each game's flags as `check --format json` gives them for the match written as one file
/// (so that the session's rules, `score` and `crawford`, are judged): `(throw, rule)`, the
/// throw `None` for a flag on the record (a tag).
fn flags(records: &[Record], what: &str) -> Vec<Vec<(Option<u64>, String)>> {
    let dir = common::scratch_dir("selfplay", what);
    let file = dir.join("match.stn");
    std::fs::write(&file, soumille::notation::print_records(records, Default::default())).unwrap();
    let o = common::run(&["check", "--format", "json", file.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    v["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            assert_eq!(g["errors"].as_array().map_or(0, Vec::len), 0, "{what}: {g:#}");
            g["flags"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| (f["throw"].as_u64(), f["rule"].as_str().or(f["kind"].as_str()).unwrap().to_string()))
                .collect()
        })
        .collect()
}

/// The corpus match `name` imported from its SGF (which says which game is the Crawford game).
fn clean(name: &str) -> Vec<Record> {
    let records = import_sgf(&corpus(name, "sgf")).unwrap().records;
    assert!(flags(&records, name).iter().all(Vec::is_empty), "{name} is clean");
    records
}

/// Asserts that game `game` (from 0) alone is flagged, with exactly `want`.
fn assert_only(got: &[Vec<(Option<u64>, String)>], game: usize, want: &[(Option<u64>, &str)], what: &str) {
    for (k, g) in got.iter().enumerate() {
        let want: Vec<(Option<u64>, String)> =
            if k == game { want.iter().map(|(t, r)| (*t, r.to_string())).collect() } else { Vec::new() };
        assert_eq!(*g, want, "{what}: game {}", k + 1);
    }
}

fn set_tag(r: &mut Record, name: &str, value: String) {
    r.tags.iter_mut().find(|t| t.name == name).unwrap_or_else(|| panic!("a {name} tag")).value = value;
}

#[test]
fn an_illegal_move_is_flagged_at_its_throw() {
    let mut records = clean("match5");
    // game 2, throw 7: the same moves under another roll (each die one higher, a doublet
    // kept a doublet): no move matches its die
    let t = &mut records[1].throws[6];
    let d = t.dice.unwrap();
    let bump = |x: u8| if x == 6 { 1 } else { x + 1 };
    t.dice = soumille::Dice::new(bump(d.high()), bump(d.low()));
    assert_only(&flags(&records, "illegal"), 1, &[(Some(7), "die")], "an illegal move");
}

#[test]
fn a_double_by_the_seat_that_does_not_own_the_cube_is_flagged() {
    let mut records = clean("money1");
    // the first game whose cube is taken and never turned again, ending in a resignation or
    // a finished game: a double by the taker's opponent at its next throw, dropped
    let (g, k) = records
        .iter()
        .enumerate()
        .find_map(|(g, r)| {
            let takes: Vec<usize> = r
                .throws
                .iter()
                .enumerate()
                .filter(|(_, t)| t.cube.as_ref().is_some_and(|a| a.answer == Some(CubeAnswer::Take)))
                .map(|(k, _)| k)
                .collect();
            let doubles = r.throws.iter().filter(|t| t.cube.is_some()).count();
            // the doubler throws again two throws later, with the cube now the opponent's
            (takes.len() == 1 && doubles == 1 && takes[0] + 2 < r.throws.len()).then(|| (g, takes[0] + 2))
        })
        .expect("a game with one double, taken");
    let r = &mut records[g];
    let doubler = r.throws[k].seat.unwrap();
    r.throws[k].cube = Some(CubeAction { value: Some(4), answer: Some(CubeAnswer::Drop), after_dice: false });
    r.throws[k].dice = None;
    r.throws[k].play = None;
    r.throws.truncate(k + 1);
    set_tag(r, "Result", format!("{doubler} 2 drop"));
    assert_only(&flags(&records, "owner"), g, &[(Some(k as u64 + 1), "cube-owner")], "a double by the wrong seat");
}

#[test]
fn a_throw_after_a_drop_is_flagged() {
    let mut records = clean("match11");
    // the first game ended by a drop: the dropper's opponent doubles again and is taken
    let g = records
        .iter()
        .position(|r| r.throws.last().and_then(|t| t.cube.as_ref()).is_some_and(|a| a.answer == Some(CubeAnswer::Drop)))
        .expect("a game ended by a drop");
    let r = &mut records[g];
    let last = r.throws.last().unwrap().clone();
    let mut t = last.clone();
    t.number += 1;
    t.cube = Some(CubeAction { value: None, answer: Some(CubeAnswer::Take), after_dice: false });
    r.throws.push(t);
    let n = r.throws.len() as u64;
    let got = flags(&records, "after-drop");
    assert_only(&got, g, &[(Some(n), "after-drop")], "a take after a drop");
}

#[test]
fn a_double_in_the_crawford_game_is_flagged() {
    let mut records = clean("match3");
    // game 2 is the Crawford game (gnubg says so), and the match's last: a double by the
    // trailer at its first throw after throw 2, taken, the result at the cube's value
    let r = &mut records[1];
    assert_eq!(tag(r, "Crawford"), Some("yes"));
    let result: Vec<String> = tag(r, "Result").unwrap().split_whitespace().map(String::from).collect();
    let trailer = if result[0] == "top" { "bottom" } else { "top" };
    let k = (2..r.throws.len()).find(|&k| r.throws[k].seat.unwrap().to_string() == trailer).unwrap();
    r.throws[k].cube = Some(CubeAction { value: Some(2), answer: Some(CubeAnswer::Take), after_dice: false });
    let points: u32 = result[1].parse().unwrap();
    set_tag(r, "Result", format!("{} {} {}", result[0], points * 2, result[2]));
    assert_only(&flags(&records, "crawford"), 1, &[(Some(k as u64 + 1), "crawford")], "a double in the Crawford game");
}

#[test]
fn a_wrong_score_tag_is_flagged_on_its_record() {
    let mut records = clean("match11");
    // game 4's score, one point more for top
    let score = tag(&records[3], "Score").unwrap().to_string();
    let w: Vec<&str> = score.split_whitespace().collect();
    let top: u32 = w[1].parse().unwrap();
    set_tag(&mut records[3], "Score", format!("top {} bottom {}", top + 1, w[3]));
    assert_only(&flags(&records, "score"), 3, &[(None, "score")], "a wrong Score tag");
}

#[test]
fn a_resignation_worth_no_multiple_of_the_cube_is_flagged() {
    let mut records = clean("money2");
    // a money game ended by a resignation: one point more than it was worth, so that it is
    // no single, gammon or backgammon of the cube (money play keeps no score to upset)
    let mut done = 0;
    for (g, r) in records.iter().enumerate().collect::<Vec<_>>() {
        let result: Vec<String> = tag(r, "Result").unwrap().split_whitespace().map(String::from).collect();
        if result[2] != "resign" {
            continue;
        }
        let cube = soumille::replay(r, &soumille::notation::Header::of_tags(&r.tags).unwrap(), None)
            .steps
            .last()
            .and_then(|s| s.after.score.cube)
            .unwrap_or(1);
        let points: u32 = result[1].parse().unwrap();
        let wrong = if points == 3 * cube { 3 * cube + 1 } else { points + 1 };
        if wrong % cube == 0 && wrong / cube <= 3 {
            continue;
        }
        let mut records = records.clone();
        set_tag(&mut records[g], "Result", format!("{} {wrong} resign", result[0]));
        assert_only(&flags(&records, "resign"), g, &[(None, "result")], "a wrong resignation value");
        done += 1;
    }
    assert!(done >= 2, "{done} resignations changed");
    records.clear();
}
