//! Backgammon plays in point numbers (`--points`, docs/games.md §D.1, §I): the library's
//! [`soumille::games::backgammon::points`] against GNU Backgammon's own notation, and the
//! flag on `sheet`, `view`, `show` and `explain`.

use crate::common;
use common::{bin, root};
use soumille::games::backgammon::points::recorded_in_points;
use soumille::notation::{read, Play};

/// gnubg's plays of a match file: the `* PLAYER moves …` lines of its `export match text`,
/// run live on `sgf`, in order (both games).
fn gnubg_moves(sgf: &std::path::Path) -> Vec<(String, String)> {
    let dir = common::scratch_dir("points", "gnubg-text");
    let out = dir.join("match.txt");
    let commands = format!("load match {}\nexport match text {}\n", sgf.display(), out.display());
    assert!(common::gnubg_session(&commands).status.success());
    // game 1 in match.txt, game n in match_00n.txt
    let mut files = vec![out.clone()];
    files.extend((2..10).map(|n| dir.join(format!("match_{n:03}.txt"))).filter(|p| p.exists()));
    let mut moves = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            if let Some((who, play)) = line.strip_prefix("* ").and_then(|l| l.split_once(" moves ")) {
                moves.push((who.to_string(), play.trim().to_string()));
            }
        }
    }
    moves
}

/// Every play of `match3.mat` (gnubg self-play, imported), written in point numbers, is the
/// play gnubg writes in its own text export of the same match (from `match3.sgf`): `24/14`,
/// `13/3(2)`, `bar/22 24/22`, `6/off 1/off`, hits between (`8/2*/1*`).
#[test]
fn plays_in_points_are_gnubgs() {
    let samples = root().join("tests/data/interop");
    let want = gnubg_moves(&samples.join("match3.sgf"));
    assert!(want.len() > 60, "{want:?}");
    let o = bin().arg("import").arg(samples.join("match3.mat")).output().unwrap();
    let stn = String::from_utf8(o.stdout).unwrap();
    let mut got = Vec::new();
    for r in read(&stn) {
        let rp = soumille::replay(&r.record, &r.header, Some(&stn));
        assert!(rp.stopped_at.is_none());
        let name = |s: soumille::Seat| {
            r.record.tag(if s == soumille::Seat::Top { "Top" } else { "Bottom" }).unwrap().to_string()
        };
        for st in rp.steps.iter().filter(|s| matches!(&s.play, Play::Moves(m) if !m.is_empty())) {
            got.push((name(st.seat), recorded_in_points(&st.before, st.seat, &st.play).unwrap()));
        }
    }
    assert_eq!(got, want);
    // the forms of the brief are among them
    for form in ["bar/", "/off", "(2)", "*"] {
        assert!(got.iter().any(|(_, p)| p.contains(form)), "{form}");
    }
}

fn run(args: &[&str]) -> String {
    let o = bin().args(args).output().unwrap();
    assert!(o.status.success() || o.status.code() == Some(1), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

const MONEY: &str = "samples/backgammon/gnubg-money.stn";

/// `--points` on `sheet` (text, Markdown, HTML, JSON), `view`, `show` (text and SVG) and
/// `explain`: the plays in point numbers; without it, in letters as before; another game's
/// sheet is unchanged by it.
#[test]
fn the_points_flag_on_every_command() {
    let money = root().join(MONEY);
    let m = money.to_str().unwrap();
    let text = run(&["sheet", "--points", m]);
    for row in [
        "1. bottom 4-3    24/21 13/9",
        "2. top    5-4    13/4*",
        "3. bottom 6-4    bar/21*/15",
        "24/21(2) 18/15* 13/10",
    ] {
        assert!(text.contains(row), "{row}: {text}");
    }
    assert!(run(&["sheet", m]).contains("1. bottom 4-3    NI &X"));
    assert!(run(&["sheet", "--points", "--format", "markdown", m]).contains("| 3 | bottom | 6-4 | bar/21*/15 |"));
    assert!(run(&["sheet", "--points", "--format", "html", m]).contains("bar/21*/15"));
    let json: serde_json::Value = serde_json::from_str(&run(&["sheet", "--points", "--format", "json", m])).unwrap();
    assert_eq!(json["rows"][2]["play"], "bar/21*/15");
    assert!(run(&["view", "--points", m]).contains("\"play\":\"bar/21*/15\""));
    assert!(!run(&["view", m]).contains("bar/21*/15"));
    assert!(run(&["show", "--points", "--at", "3", m]).contains("after throw 3: bar/21*/15\n"));
    assert!(
        run(&["show", "--points", "--at", "3", "--format", "svg", m]).contains("after bottom threw 6-4: bar/21*/15")
    );
    let e = run(&["explain", "A2M5R3T5/F5H3N5&2 top game=backgammon", "--dice", "5-5", "--points"]);
    assert!(e.contains("  13/3(2)       -> A2M3R3T5Y2/F5H3N5&2\n"), "{e}");
    let e = run(&["explain", "A2M5R3T5/F5H3N5&2 top game=backgammon", "--dice", "5-5", "--points", "--format", "json"]);
    assert!(e.contains("\"notation\": \"13/8(4)\""), "{e}");
    let gt = root().join("samples/opening.stn");
    let gt = gt.to_str().unwrap();
    assert_eq!(run(&["sheet", "--points", gt]), run(&["sheet", gt]));
}

#[test]
fn sheet_in_points_snapshot() {
    let money = root().join(MONEY);
    insta::assert_snapshot!("money_sheet_in_points", run(&["sheet", "--points", money.to_str().unwrap()]));
}

/// `show --points` and `sheet --points --format html`: the board's points in numbers 1–24
/// from the side of the player on roll (top, after throw 3: its talon A is its 24-point, `&`
/// its 1-point), the centred cube on the text board's middle line.
#[test]
fn the_boards_in_point_numbers() {
    let money = root().join(MONEY);
    let m = money.to_str().unwrap();
    let text = run(&["show", "--points", "--at", "3", m]);
    assert!(text.contains("\n  24 23 22 21 20 19 | 18 17 16 15 14 13\n"), "{text}");
    assert!(text.contains("\n   1  2  3  4  5  6 |  7  8  9 10 11 12\n"), "{text}");
    assert!(text.contains(" ---------------- [64] -----------------\n"), "{text}");
    // bottom on roll after throw 2: the numbers are counted from bottom's side
    let text = run(&["show", "--points", "--at", "2", m]);
    assert!(text.contains("\n   1  2  3  4  5  6 |  7  8  9 10 11 12\n"), "{text}");
    assert!(run(&["show", "--at", "3", m]).contains("\n   A  B  C  D  E  F |  G  H  I  K  L  M\n"));
    let svg = run(&["show", "--points", "--at", "3", "--format", "svg", m]);
    for n in 1..=24 {
        assert!(svg.contains(&format!(r#"font-size="14">{n}</text>"#)), "{n}");
    }
    let html = run(&["sheet", "--points", "--format", "html", m]);
    assert!(html.contains(r#"font-size="14">24</text>"#) && !html.contains(r#"font-size="14">M</text>"#));
}

/// A command's (status, stdout, stderr).
fn ran(args: &[&str]) -> (Option<i32>, String, String) {
    let o = bin().args(args).current_dir(root()).output().unwrap();
    (o.status.code(), String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap())
}

const OCCUPIED: &str = "samples/backgammon/rule-occupied.stn";
const HITS: &str = "samples/backgammon/claim-hit.stn";
/// The occupied flag's words in point numbers: the play as written (its rest on 20), the
/// lawful plays as gnubg writes them, all in top's numbers (top on roll).
const OCCUPIED_IN_POINTS: &str = "throw 1 (top 4-1): a man lands or rests on a point held by two or more opposing men; `24/20/19` is not lawful, lawful plays were 24/23 13/9, 24/23 8/4, 24/23 6/2 or 9 more";

/// `check --points` (stderr and the JSON's `message`): a backgammon record's flags name its
/// points and plays in the numbers of the player on roll (top's for throw 1, bottom's for
/// throw 2); the flags' data are unchanged; without `--points` the letters; another game's
/// messages are the same with or without it.
#[test]
fn check_points_writes_the_flags_in_point_numbers() {
    let (status, _, err) = ran(&["check", "--points", "--diagnostics", "narrated", OCCUPIED]);
    assert_eq!(status, Some(1));
    assert!(err.contains(OCCUPIED_IN_POINTS), "{err}");
    let (_, _, letters) = ran(&["check", "--diagnostics", "narrated", OCCUPIED]);
    assert!(letters.contains("`AEF` is not lawful, lawful plays were AB MQ, AB RX, AB TZ or 9 more"), "{letters}");
    let json = |args: &[&str]| -> serde_json::Value { serde_json::from_str(&ran(args).1).unwrap() };
    let flags = |v: &serde_json::Value| v["files"][0]["games"][0]["flags"].as_array().unwrap().clone();
    let (num, let_) = (
        flags(&json(&["check", "--points", "--format", "json", HITS])),
        flags(&json(&["check", "--format", "json", HITS])),
    );
    assert_eq!(num[0]["message"], "throw 1 (top 4-3): `24/20/17` claims hits on nowhere, but the play hits on 20");
    assert_eq!(
        num[1]["message"],
        "throw 2 (bottom 6-5): `bar/19* 19/14` claims hits on 19, but the play hits on nowhere"
    );
    assert_ne!(num[0]["message"], let_[0]["message"]);
    for (a, b) in num.iter().zip(&let_) {
        for field in ["throw", "kind", "seat", "rule"] {
            assert_eq!(a[field], b[field], "{field}");
        }
    }
    let gt = "samples/lepeintre-teaching-game.stn";
    assert_eq!(
        ran(&["check", "--points", "--diagnostics", "narrated", gt]),
        ran(&["check", "--diagnostics", "narrated", gt])
    );
}

/// `replay --points`: the text's play and flag in point numbers (the unlawful play as it is
/// written); the JSON's `play` in Soumille's letters as documented, its flags' `message` in
/// numbers.
#[test]
fn replay_points_writes_the_plays_and_flags_in_point_numbers() {
    let (status, text, _) = ran(&["replay", "--points", OCCUPIED]);
    assert_eq!(status, Some(1));
    assert!(text.starts_with("1. top 4-1  24/20/19\n"), "{text}");
    let body = OCCUPIED_IN_POINTS.split_once("): ").unwrap().1;
    assert!(text.contains(&format!("     [occupied] {body}\n")), "{text}");
    assert!(ran(&["replay", OCCUPIED]).1.starts_with("1. top 4-1  AEF\n"));
    let v: serde_json::Value =
        serde_json::from_str(&ran(&["replay", "--points", "--format", "json", OCCUPIED]).1).unwrap();
    assert_eq!(v["rows"][0]["play"], "AEF");
    assert_eq!(v["flags"][0]["message"], OCCUPIED_IN_POINTS);
    assert_eq!(v["rows"][0]["flags"][0]["message"], OCCUPIED_IN_POINTS);
}

/// `repair --points`: the place's flag and the candidates' edits in words in the thrower's
/// point numbers (the letter slip named with its letters); the edits as data in letters.
#[test]
fn repair_points_writes_the_flags_and_edits_in_point_numbers() {
    let (status, text, _) = ran(&["repair", "--points", OCCUPIED]);
    assert_eq!(status, Some(1));
    assert!(text.contains(&format!("  flag occupied: {OCCUPIED_IN_POINTS}\n")), "{text}");
    assert!(text.contains("       throw 1: point 23 (`B`) read for point 20 (`E`) (move 1)\n"), "{text}");
    assert!(ran(&["repair", OCCUPIED]).1.contains("       throw 1: `B` read for `E` (move 1)\n"));
    let v: serde_json::Value =
        serde_json::from_str(&ran(&["repair", "--points", "--format", "json", OCCUPIED]).1).unwrap();
    assert_eq!(v["described"][0][0], "throw 1: point 23 (`B`) read for point 20 (`E`) (move 1)");
    assert_eq!(
        (v["candidates"][0]["edits"][0]["read"].as_str(), v["candidates"][0]["edits"][0]["written"].as_str()),
        (Some("B"), Some("E"))
    );
    assert_eq!(v["places"][0]["flags"][0], format!("occupied: {OCCUPIED_IN_POINTS}"));
}
