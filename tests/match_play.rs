//! Backgammon as its players record it (docs/games.md §I): the money-play options `jacoby`
//! and `beaver` (§I.4) and resignations of each kind (§I.5), on files through the binary and
//! the library. The samples' own flags are checked by `backgammon::samples_raise_exactly_their_flags`.

use crate::common;
use common::{assert_sample_flags, bin, root};
use soumille::notation::{print_record, print_records, read, CubeAnswer, PrintOptions, ResultClaim, ResultKind};

fn sample(name: &str) -> std::path::PathBuf {
    root().join("samples/backgammon").join(name)
}

fn out(args: &[&str], file: &str) -> String {
    let o = bin().args(args).arg(sample(file)).output().unwrap();
    String::from_utf8(o.stdout).unwrap()
}

fn json(args: &[&str], file: &str) -> serde_json::Value {
    serde_json::from_str(&out(args, file)).unwrap()
}

/// `double beaver`, `double take beaver`, `5-2 resign` and `resign gammon` are read, and
/// printed back as `double beaver`, `5-2 resign`, `resign gammon`.
#[test]
fn the_notation_reads_and_prints_beavers_and_resignations() {
    let src = std::fs::read_to_string(sample("cube-beaver.stn")).unwrap();
    let r = &read(&src)[0];
    let t = &r.record.throws[4];
    assert_eq!(t.cube.and_then(|a| a.answer), Some(CubeAnswer::Beaver));
    assert!(t.resign && t.play.is_none());
    assert_eq!(
        r.header.result,
        Some(ResultClaim::Points { winner: soumille::Seat::Top, points: 4, kind: Some(ResultKind::ResignSingle) })
    );
    let printed = print_record(&r.record, PrintOptions::default());
    assert!(printed.contains("5. bottom: double beaver 5-2 resign {"), "{printed}");
    assert!(printed.contains("[Result \"top 4 resign single\"]"), "{printed}");
    let unspanned = |text: &str| -> Vec<soumille::notation::Throw> {
        read(text)[0].record.throws.iter().map(|t| soumille::notation::Throw { span: None, ..t.clone() }).collect()
    };
    assert_eq!(unspanned(&printed), unspanned(&src));
    // `beaver` and `resign` are backgammon's: elsewhere, syntax errors
    let o = bin()
        .args(["check", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(b"[Game \"backgammon\"]\n[Result \"top 2 resign drop\"]\n\n1. top: 3-1 RV TV\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The samples of §I.4 and §I.5 raise exactly their flags.
#[test]
fn money_play_and_resignation_samples() {
    for f in [
        "money-beaver-resign.stn",
        "money-jacoby.stn",
        "money-jacoby-turned.stn",
        "cube-beaver.stn",
        "match-beaver.stn",
        "resign-gammon.stn",
        "resign-then-throw.stn",
        "claim-resign-kind.stn",
        "claim-resign-winner.stn",
    ] {
        assert_sample_flags(&sample(f));
    }
}

/// `jacoby=oui`: the gammon of `money-jacoby.stn` ends as a single worth 1; without the
/// option the same game is a gammon worth 2; with the cube turned, a gammon worth 4.
#[test]
fn jacoby_counts_a_gammon_single_until_the_cube_turns() {
    let end = |file: &str| json(&["replay", "--format", "json"], file)["end"].clone();
    assert_eq!(end("money-jacoby.stn"), serde_json::json!({"winner": "bottom", "points": 1, "kind": "single"}));
    assert_eq!(end("money-jacoby-turned.stn"), serde_json::json!({"winner": "bottom", "points": 4, "kind": "gammon"}));
    let src = std::fs::read_to_string(sample("money-jacoby.stn")).unwrap().replace("jacoby=oui", "jacoby=non");
    let dir = common::scratch_dir("match_play", "jacoby");
    let path = dir.join("no-jacoby.stn");
    std::fs::write(&path, src).unwrap();
    let o = bin().args(["replay", "--format", "json"]).arg(&path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["end"], serde_json::json!({"winner": "bottom", "points": 2, "kind": "gammon"}));
}

/// A beaver with `beaver=oui`: the cube goes from 1 to 4, owned by the taker; the
/// resignation of a gammon at 4 is worth 8.
#[test]
fn a_beaver_makes_the_cube_four_owned_by_the_taker() {
    let v = json(&["replay", "--format", "json"], "money-beaver-resign.stn");
    assert_eq!(v["end"], serde_json::json!({"winner": "top", "points": 8, "kind": "resign gammon"}));
    let src = std::fs::read_to_string(sample("money-beaver-resign.stn")).unwrap();
    let r = &read(&src)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&src));
    let last = rp.steps.last().unwrap();
    assert_eq!((last.after.score.cube, last.after.score.owner), (Some(4), Some(Some(soumille::Seat::Top))));
}

/// A resigned game has an end: the JSON `end`, and the sheets' and the viewer's line say
/// `resigned, gammon, 2 points`, not `unfinished`.
#[test]
fn a_resigned_game_has_an_end_in_every_output() {
    let f = "resign-gammon.stn";
    let v = json(&["replay", "--format", "json"], f);
    assert_eq!(v["end"], serde_json::json!({"winner": "top", "points": 2, "kind": "resign gammon"}));
    assert_eq!(v["stopped_at"], serde_json::Value::Null);
    let check = json(&["check", "--format", "json"], f);
    assert_eq!(check["files"][0]["games"][0]["end"]["kind"], "resign gammon");
    for format in ["text", "markdown", "html"] {
        let s = out(&["sheet", "--format", format], f);
        assert!(s.contains("top wins: resigned, gammon, 2 points"), "{format}: {s}");
        assert!(!s.contains("unfinished"), "{format}: {s}");
    }
    let page = out(&["view"], f);
    assert!(page.contains("top wins: resigned, gammon, 2 points"), "{page}");
    // the kind unwritten: known from the points against the cube
    let v = json(&["replay", "--format", "json"], "resign-then-throw.stn");
    assert_eq!(v["stopped_at"], 6);
    // a Result naming the seat that resigned as the winner is flagged, and the end's winner
    // is the seat that did not resign
    let check = json(&["check", "--format", "json"], "claim-resign-winner.stn");
    let game = &check["files"][0]["games"][0];
    assert_eq!(game["flags"][0]["kind"], "result");
    assert_eq!(game["end"], serde_json::json!({"winner": "top", "points": 1, "kind": "resign single"}));
}

#[test]
fn resignation_sheets_snapshots() {
    insta::assert_snapshot!("resign_gammon_json", out(&["replay", "--format", "json"], "resign-gammon.stn"));
    insta::assert_snapshot!("resign_gammon_text", out(&["sheet"], "resign-gammon.stn"));
    insta::assert_snapshot!("resign_gammon_markdown", out(&["sheet", "--format", "markdown"], "resign-gammon.stn"));
    insta::assert_snapshot!("beaver_resign_text", out(&["sheet"], "money-beaver-resign.stn"));
}

/// What gnubg shows as the Match ID after `commands` (its last `Match ID   :` line).
fn gnubg_match_id(commands: &str) -> String {
    let out = common::gnubg_session(commands);
    let text = String::from_utf8_lossy(&out.stdout);
    let id = text.lines().filter_map(|l| l.split_once("Match ID   :")).map(|(_, id)| id.trim().to_string()).next_back();
    id.unwrap_or_else(|| panic!("no Match ID in gnubg's output:\n{text}"))
}

/// `show --format gnubg-id` writes gnubg's own Match ID (docs/games.md §I): for positions
/// of a match game (score, cube taken) and of a money game, gnubg is given the score, the
/// seat on roll, the board (our Position ID, checked against gnubg elsewhere), the cube
/// and its owner by its own commands, and its Match ID is ours.
#[test]
fn match_ids_are_gnubgs_own() {
    let cases = [
        ("gnubg-match3-game2.stn", 0),
        ("gnubg-match3-game2.stn", 4),
        ("gnubg-match3-game2.stn", 11),
        ("gnubg-money.stn", 0),
        ("gnubg-money.stn", 9),
    ];
    for (file, at) in cases {
        let path = sample(file);
        let src = std::fs::read_to_string(&path).unwrap();
        let at_s = at.to_string();
        let ours = out(&["show", "--format", "gnubg-id", "--at", &at_s], file);
        let (pos, id) = ours.trim().split_once(':').unwrap_or_else(|| panic!("{file} {at}: {ours}"));
        let position = out(&["show", "--format", "position", "--at", &at_s], file);
        let field = |k: &str| {
            position.split_whitespace().find_map(|w| w.strip_prefix(k).map(str::to_string)).unwrap_or_default()
        };
        let on_roll = position.split_whitespace().nth(1).unwrap();
        let player = |seat: &str| if seat == "top" { "gnubg" } else { "root" };
        let mut c = String::from("set player gnubg human\nset player root human\nset jacoby off\n");
        match common::tag(&src, "Match") {
            Some(n) => {
                c.push_str(&format!("new match {n}\n"));
                let s: Vec<&str> = common::tag(&src, "Score").unwrap().split_whitespace().collect();
                c.push_str(&format!("set score {} {}\n", s[1], s[3]));
            }
            None => c.push_str("new session\n"),
        }
        c.push_str(&format!("set turn {}\nset board {pos}\n", player(on_roll)));
        c.push_str(&format!("set cube value {}\n", field("cube=")));
        match field("owner=").as_str() {
            "none" | "" => c.push_str("set cube centre\n"),
            o => c.push_str(&format!("set cube owner {}\n", player(o))),
        }
        c.push_str("show board\n");
        assert_eq!(gnubg_match_id(&c), id, "{file} after throw {at}: {position}\n{c}");
    }
}

/// `explain` of a backgammon position gives gnubg's Position ID and Match ID, the roll in it
/// (gnubg 1.07 shows `4HPwATDgc/ABMA` and `MIESAAAAAAAE` for the opening 5-4 of player 0 in
/// money play, Jacoby off).
#[test]
fn explain_gives_gnubgs_ids() {
    let o = bin().args(["explain", "A2M5R3T5/F5H3N5&2 top game=backgammon", "--dice", "5-4"]).output().unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.ends_with("Position ID: 4HPwATDgc/ABMA\nMatch ID: MIESAAAAAAAE\n"), "{text}");
    let o = bin()
        .args(["explain", "A2M5R3T5/F5H3N5&2 top game=backgammon", "--dice", "5-4", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["gnubg"], serde_json::json!({"position_id": "4HPwATDgc/ABMA", "match_id": "MIESAAAAAAAE"}));
    // Jacoby played: gnubg's bit 66 clear
    let o = bin()
        .args(["explain", "A2M5R3T5/F5H3N5&2 top game=backgammon rules=jacoby:oui", "--dice", "5-4"])
        .output()
        .unwrap();
    assert!(String::from_utf8(o.stdout).unwrap().ends_with("Match ID: MIESAAAAAAAA\n"));
}

/// `sheet --format html` of a backgammon file of several games is one page: the match table
/// (game, score before, cube, winner, points, how it ended, Crawford), each game linking to
/// its sheet on the same page, whose anchors are kept apart; `--record N` still gives game N
/// alone.
#[test]
fn one_html_page_for_a_whole_match() {
    let file = root().join("samples/backgammon-match/crawford-match.stn");
    let f = file.to_str().unwrap();
    let o = bin().args(["sheet", "--format", "html", f]).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let page = String::from_utf8(o.stdout).unwrap();
    assert_eq!(page.matches("<!DOCTYPE html>").count(), 1);
    assert!(page.contains("<p class=\"kind\">backgammon: 3-point match, 3 games</p>"), "{page}");
    for row in [
        "<tr><td><a href=\"#game-1\">Game 1</a></td><td>top 0 – bottom 0</td><td>1</td><td>bottom (Bob)</td><td>2</td><td>gammon</td><td></td></tr>",
        "<tr><td><a href=\"#game-2\">Game 2</a></td><td>top 0 – bottom 2</td><td>1</td><td>top (Ann)</td><td>2</td><td>gammon</td><td>Crawford</td></tr>",
        "<tr><td><a href=\"#game-3\">Game 3</a></td><td>top 2 – bottom 2</td><td>2 (top)</td><td>bottom (Bob)</td><td>2</td><td>single</td><td></td></tr>",
    ] {
        assert!(page.contains(row), "{row}\n{page}");
    }
    for n in 1..=3 {
        assert!(page.contains(&format!("<section class=\"game\" id=\"game-{n}\">")));
        assert!(page.contains(&format!("id=\"g{n}-throw-1\"")), "game {n}'s throws keep their own anchors");
    }
    assert!(!page.contains(" id=\"throw-1\""));
    // every link points at an anchor of the page
    let ids: std::collections::HashSet<&str> =
        page.split(" id=\"").skip(1).filter_map(|s| s.split('"').next()).collect();
    for target in page.split("href=\"#").skip(1).filter_map(|s| s.split('"').next()) {
        assert!(ids.contains(target), "#{target} has no anchor");
    }
    let one = bin().args(["sheet", "--format", "html", "--record", "2", f]).output().unwrap();
    let one = String::from_utf8(one.stdout).unwrap();
    assert!(!one.contains("table class=\"match\"") && one.contains("Crawford"));
    insta::assert_snapshot!("crawford_match_page_table", {
        let start = page.find("<header>").unwrap();
        let end = page.find("<section class=\"game\"").unwrap();
        page[start..end].to_string()
    });
}

/// A match whose Score tag disagrees with the earlier games: the page's game carries the
/// `score` flag, as `check` raises it.
#[test]
fn the_match_page_carries_the_match_flags() {
    let src = std::fs::read_to_string(root().join("samples/backgammon-match/crawford-match.stn"))
        .unwrap()
        .replace("[Score \"top 2 bottom 2\"]", "[Score \"top 1 bottom 2\"]");
    let dir = common::scratch_dir("match_play", "score");
    let path = dir.join("wrong-score.stn");
    std::fs::write(&path, src).unwrap();
    let o = bin().args(["sheet", "--format", "html"]).arg(&path).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let page = String::from_utf8(o.stdout).unwrap();
    let game3 = &page[page.find("id=\"game-3\"").unwrap()..];
    assert!(
        game3.contains("the Score tag says top 1 bottom 2, but the earlier games of the match leave top 2 bottom 2"),
        "{game3}"
    );
}

/// gnubg's beavers (docs/games.md §I.4): its `.gam` writes ` Beavers => 4`, its SGF a
/// `double` answering the double; both import as `double 2 beaver` under `beaver=oui`, and
/// export back in gnubg's forms; gnubg reads the exported SGF as the same game (its `.gam`
/// export of it is its own).
#[test]
fn gnubgs_beavers_import_and_export() {
    let dir = root().join("tests/data/beaver");
    let mut imported = Vec::new();
    for f in ["gnubg-beaver.gam", "gnubg-beaver.sgf"] {
        let o = bin().arg("import").arg(dir.join(f)).output().unwrap();
        assert!(o.status.success() && o.stderr.is_empty(), "{f}: {}", String::from_utf8_lossy(&o.stderr));
        let stn = String::from_utf8(o.stdout).unwrap();
        assert!(
            stn.contains("[Rules \"beaver=oui\"]") && stn.contains("2. bottom: double 2 beaver 4-2 HD FD"),
            "{stn}"
        );
        imported.push(stn);
    }
    let scratch = common::scratch_dir("match_play", "beaver");
    let stn = scratch.join("beaver.stn");
    std::fs::write(&stn, &imported[1]).unwrap();
    assert_eq!(bin().arg("check").arg(&stn).output().unwrap().status.code(), Some(0));
    let mat = bin().args(["export", "--to", "mat"]).arg(&stn).output().unwrap();
    let mat = String::from_utf8(mat.stdout).unwrap();
    assert!(mat.contains("  2)  Beavers => 4               42: 8/4 6/4") && !mat.contains("Takes"), "{mat}");
    let sgf = bin().args(["export", "--to", "sgf"]).arg(&stn).output().unwrap();
    let sgf = String::from_utf8(sgf.stdout).unwrap();
    assert!(sgf.contains(";B[double]\n;W[double]\n;B[take]\n"), "{sgf}");
    let ours = scratch.join("ours.sgf");
    std::fs::write(&ours, sgf).unwrap();
    let back = scratch.join("back.gam");
    let _ = std::fs::remove_file(&back);
    common::gnubg_session(&format!("load game {}\nexport game gam {}\n", ours.display(), back.display()));
    let theirs = std::fs::read_to_string(dir.join("gnubg-beaver.gam")).unwrap();
    assert_eq!(std::fs::read_to_string(&back).unwrap(), theirs);
}

/// `check --format json` of a turn-4 reproducer (tests/data/defect-repros/t4/): each flag as
/// `rule@game` (games from 1).
fn t4_flags(name: &str) -> Vec<String> {
    let path = root().join("tests/data/defect-repros/t4").join(name);
    let o = bin().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut flags = Vec::new();
    collect_flags(&v, &mut flags);
    flags
}

/// Every `"rule"` of a flag object in a check report, in order.
fn collect_flags(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            // a flag: its rule, else its kind (`not-replayed`)
            if let (Some(rule), Some(_)) = (m.get("rule").or(m.get("kind")).and_then(|r| r.as_str()), m.get("message"))
            {
                out.push(rule.to_string());
            }
            m.values().for_each(|x| collect_flags(x, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_flags(x, out)),
        _ => {}
    }
}

/// One fault stays where it is (docs/games.md §I.12): a game whose replay stops counts its
/// `Result` for the match, so the later games' `Score` tags are not flagged.
#[test]
fn a_stopped_game_counts_its_result_and_later_scores_stay_clean() {
    assert_eq!(t4_flags("score-cascade.stn"), ["not-there", "not-replayed"]);
}

/// `4-4 T# V#`: each man bears off over two dice, the dice in turn (`TZ V& Z# &#`) as gnubg
/// plays it (docs/games.md §I.11); the same play with its rests written is lawful too.
#[test]
fn a_compound_bear_off_is_judged_as_the_dice_in_turn_play_it() {
    assert_eq!(t4_flags("compound-bearoff.stn"), Vec::<String>::new());
    assert_eq!(t4_flags("compound-bearoff-paths.stn"), Vec::<String>::new());
    // the reproducer's `6-3 DO` goes ten points with nine: it is flagged `die`
    assert_eq!(t4_flags("compound-move.stn"), ["die"]);
}

/// The match-winning game's points capped at what the match needed (BackgammonGalaxy's `Wins
/// 3 point and the match` for a resignation at a cube of 4) are no fault (docs/games.md §I.10).
#[test]
fn capped_points_of_the_match_winning_game_are_no_fault() {
    let text = std::fs::read_to_string(root().join("tests/data/defect-repros/t4/capped-resign.mat")).unwrap();
    let imported = soumille::interop::import_mat(&text).unwrap();
    let stn = print_records(&imported.records, PrintOptions::default());
    let r = &read(&stn)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&stn));
    assert!(rp.flags.is_empty(), "{stn}\n{:?}", rp.flags);
    // the same claim where it does not end the match is flagged
    let not_last = stn.replace("[Match \"3\"]", "[Match \"5\"]");
    let r = &read(&not_last)[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&not_last));
    assert_eq!(rp.flags.iter().map(|f| f.what()).collect::<Vec<_>>(), ["result"]);
}

/// Issue 24: a `Match` or `Score` that does not read is flagged at its value, never taken for
/// money play silently; `[Match "5"]` reads (and the beaver is then flagged).
#[test]
fn an_unreadable_match_or_score_tag_is_flagged() {
    assert_eq!(t4_flags("match-tag-unreadable-is-money.stn"), ["match", "score"]);
    assert_eq!(t4_flags("match-tag-5.stn"), ["score", "beaver"]);
    let src =
        std::fs::read_to_string(root().join("tests/data/defect-repros/t4/match-tag-unreadable-is-money.stn")).unwrap();
    for bad in ["-1", "1.5", ""] {
        let text = src.replace("4294967296", bad);
        let r = &read(&text)[0];
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        let rules: Vec<_> = rp.flags.iter().map(|f| f.what()).collect();
        assert_eq!(rules, ["match", "score"], "{bad}");
        let span = rp.flags[0].span.expect("the Match tag's span");
        assert_eq!(&text[span.start as usize..span.end as usize], bad, "{bad}");
    }
}

/// Issue 24: a resignation of 2^64 points is said as written, not as 4294967295.
#[test]
fn a_resignation_beyond_any_count_is_said_as_written() {
    let path = root().join("tests/data/defect-repros/t4/result-resign-saturates.stn");
    let o = bin().arg("check").arg(&path).output().unwrap();
    let all = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(all.contains("18446744073709551616"), "{all}");
    assert!(!all.contains("worth 4294967295"), "{all}");
    assert!(!o.status.success());
}

/// `replay_file` replays a whole match file as `check` does (issue 24): the same flags per
/// record, the match's games with their scores and the Crawford game; a wrong `Score` in a
/// later game is flagged by it as by `check`.
#[test]
fn replay_file_replays_a_match_as_check_does() {
    let file = "samples/backgammon-match/crawford-match.stn";
    let text = std::fs::read_to_string(file).unwrap();
    let games = soumille::replay_file(&text);
    assert_eq!(games.len(), 3);
    let m: Vec<_> = games.iter().map(|g| g.match_game.unwrap()).collect();
    assert!(m.iter().all(|g| g.length == 3));
    assert_eq!([m[1].before[soumille::Seat::Top], m[1].before[soumille::Seat::Bottom]], [0, 2]);
    assert_eq!([m[1].crawford, m[2].crawford], [true, false]);
    // a second game that says the match starts again at 0-0 is flagged, as check flags it
    let wrong = text.replacen("[Score \"top 0 bottom 2\"]", "[Score \"top 0 bottom 0\"]", 1);
    let games = soumille::replay_file(&wrong);
    let ours: Vec<Vec<String>> =
        games.iter().map(|g| g.replay.flags.iter().map(|f| f.kind.name().to_string()).collect()).collect();
    let o = crate::common::run_stdin(&["check", "--format", "json", "-"], wrong.as_bytes());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let checks: Vec<Vec<String>> = v["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["flags"].as_array().unwrap().iter().map(|f| f["kind"].as_str().unwrap().to_string()).collect())
        .collect();
    assert_eq!(ours, checks);
    assert!(!ours[1].is_empty(), "the wrong score is flagged: {ours:?}");
    // a match file converted by the library replays the same way
    let mat = std::fs::read_to_string("tests/data/interop/match3.mat").unwrap();
    let records = soumille::interop::mat_to_stn(&mat).unwrap();
    let stn = soumille::notation::print_records(&records, Default::default());
    let games = soumille::replay_file(&stn);
    assert_eq!(games.len(), records.len());
    assert!(games.iter().all(|g| g.match_game.is_some_and(|m| m.length == 3)), "every game of the match");
}

/// `replay_match` replays records imported from a `.mat` file directly, without printing
/// them (issue 24): the same games, match scores, Crawford games and flags as `replay_file`
/// of the same records printed as STN, and a wrong `Score` in a later game is flagged.
#[test]
fn replay_match_replays_imported_records_as_replay_file_does() {
    let mat = std::fs::read_to_string("tests/data/interop/match3.mat").unwrap();
    let records = soumille::interop::mat_to_stn(&mat).unwrap();
    let stn = soumille::notation::print_records(&records, Default::default());
    let by_text = soumille::replay_file(&stn);
    let direct = soumille::replay_match(soumille::read_records(records.clone()), None);
    assert_eq!(direct.len(), records.len());
    assert!(direct.len() > 1, "a match of several games");
    for (d, t) in direct.iter().zip(&by_text) {
        assert_eq!(d.match_game, t.match_game);
        assert!(d.match_game.is_some_and(|m| m.length == 3));
        let kinds = |r: &soumille::ReplayedRecord| r.replay.flags.iter().map(|f| f.kind).collect::<Vec<_>>();
        assert_eq!(kinds(d), kinds(t));
        assert_eq!(d.replay.end, t.replay.end);
        assert_eq!(d.replay.steps.len(), t.replay.steps.len());
    }
    // the match's checks: a later game that says the match starts again at 0-0 is flagged
    let mut wrong = records;
    let score = wrong[1].tags.iter_mut().find(|t| t.name == "Score").expect("a Score tag");
    assert_ne!(score.value, "top 0 bottom 0", "the second game starts from the first one's points");
    score.value = "top 0 bottom 0".into();
    let games = soumille::replay_match(soumille::read_records(wrong), None);
    assert!(!games[1].replay.flags.is_empty(), "the wrong score is flagged");
}
