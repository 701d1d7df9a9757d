//! Which record of a file a command reads (issue 25 §4): `--record N` in every command that
//! picks one (`replay`, `sheet`, `show`, `view`, `repair`, `explain --at`), the old `--game N`
//! kept as a hidden alias that says it is now `--record`, and `--game` in the help only for a
//! game's rules; and `view` of a file of several games: one page for the whole file (the games,
//! their list, the match score), `--record N` one record alone.

use crate::common::{bin, root};
use std::path::{Path, PathBuf};

const MATCH: &str = "samples/backgammon-match/crawford-match.stn";

/// `soumille ARGS` in the repository: (exit status, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = bin().args(args).current_dir(root()).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// `soumille CMD EXTRA FILE` (a picker of [`pickers`], its record option, the file).
fn run_with(cmd: &[&str], extra: &[&str], file: &str) -> (Option<i32>, String, String) {
    let mut a = cmd.to_vec();
    a.extend_from_slice(extra);
    a.push(file);
    run(&a)
}

/// The Crawford match with an unlawful play in game 2 (so that `repair` of game 2 differs from
/// game 1's), in a scratch folder.
fn flagged_match() -> PathBuf {
    let text = std::fs::read_to_string(root().join(MATCH)).unwrap();
    let text = text.replace("1. top: 6-5 T# { the Crawford game: no double }", "1. top: 6-5 S#");
    let path = crate::common::scratch_dir("records", "flagged").join("match.stn");
    std::fs::write(&path, text).unwrap();
    path
}

/// The commands that pick a record, each with what it needs besides the file and the record.
fn pickers() -> Vec<Vec<&'static str>> {
    vec![
        vec!["replay"],
        vec!["replay", "--format", "json"],
        vec!["sheet"],
        vec!["sheet", "--format", "html"],
        vec!["show", "--at", "0"],
        vec!["show", "--at", "0", "--format", "position"],
        vec!["view"],
        vec!["repair", "--format", "json"],
    ]
}

/// `--record 2` gives the second record in every command that picks one: the output is the
/// second game's (its own `Score` tag, its own position, its flags), not the first's, and no
/// note is said on stderr.
#[test]
fn record_picks_a_record_in_every_command() {
    let file = flagged_match();
    let file = file.to_str().unwrap();
    for cmd in pickers() {
        let with = |extra: &[&str]| run_with(&cmd, extra, file);
        let (c1, first, _) = with(&["--record", "1"]);
        let (c2, second, err) = with(&["--record", "2"]);
        assert!(matches!(c2, Some(0 | 1)), "{cmd:?} --record 2: {err}");
        assert_eq!(c1, Some(0), "{cmd:?}: game 1 is clean");
        assert!(!err.contains("--record"), "{cmd:?} --record 2 says something: {err}");
        assert_ne!(first, second, "{cmd:?}: --record 2 gives the first record");
        let (_, third, _) = with(&["--record", "3"]);
        assert_ne!(second, third, "{cmd:?}");
        let (code, _, err) = with(&["--record", "4"]);
        assert_eq!(code, Some(2), "{cmd:?} --record 4");
        assert!(err.contains("has 3 record(s), not 4"), "{cmd:?}: {err}");
    }
    // explain --at N --record R: the position after throw N of record R
    let explain = |r: &str| run(&["explain", MATCH, "--at", "0", "--record", r, "--dice", "2-1", "--format", "json"]);
    let (c1, one, _) = explain("1");
    let (c2, two, err) = explain("2");
    assert_eq!((c1, c2), (Some(0), Some(0)), "{err}");
    assert_ne!(one, two, "explain --record 2 explains the first record");
}

/// The old `--game N` of the commands that pick a record still works, as `--record N`, with a
/// one-line note on stderr; given with `--record` it is refused; the help says `--record` and
/// no `--game` for them, and `--game` still names a game in `explain` and `generate`.
#[test]
fn the_old_game_number_still_works_with_a_note() {
    let file = flagged_match();
    let file = file.to_str().unwrap();
    for cmd in pickers() {
        let with = |extra: &[&str]| run_with(&cmd, extra, file);
        // the same output (but `repair`'s time taken)
        let timeless = |s: String| s.lines().filter(|l| !l.contains("\"millis\"")).collect::<Vec<_>>().join("\n");
        let (code, out, err) = with(&["--record", "2"]);
        let (old_code, old_out, old_err) = with(&["--game", "2"]);
        assert_eq!((old_code, timeless(old_out)), (code, timeless(out)), "{cmd:?} --game 2");
        let note: Vec<&str> = old_err.lines().filter(|l| l.contains("--game 2 is now --record 2")).collect();
        assert_eq!(note.len(), 1, "{cmd:?}: {old_err}");
        assert_eq!(old_err.replace(note[0], "").trim(), err.trim(), "{cmd:?}: one line more than --record");
        let (code, _, err) = with(&["--game", "2", "--record", "2"]);
        assert_eq!(code, Some(2), "{cmd:?}: both given");
        assert!(err.contains("cannot be used with"), "{cmd:?}: {err}");
        let (_, help, _) = run(&[cmd[0], "--help"]);
        assert!(help.contains("--record <N>"), "{}'s help: {help}", cmd[0]);
        assert!(!help.contains("--game"), "{}'s help still shows --game: {help}", cmd[0]);
    }
    for cmd in ["explain", "generate"] {
        let (_, help, _) = run(&[cmd, "--help"]);
        assert!(help.contains("--game <GAME>"), "{cmd}'s help: {help}");
    }
    let (_, man, _) = run(&["man"]);
    let view = &man[man.find(".SH \"SOUMILLE VIEW\"").unwrap()..];
    let view = &view[..view[1..].find(".SH ").map_or(view.len(), |k| k + 1)];
    assert!(view.contains("record") && !view.contains("\\-\\-game"), "{view}");
    let (_, bash, _) = run(&["completions", "bash"]);
    assert!(bash.contains("--record"), "completions offer --record");
}

/// The JSON of a viewer page (`<script id="game-data">`).
fn page_data(page: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"game-data\">";
    let at = page.find(open).expect("the page's data") + open.len();
    let end = at + page[at..].find("</script>").unwrap();
    serde_json::from_str(&page[at..end]).unwrap()
}

/// A real FIBS match imported as STN into a scratch file: its path.
pub fn imported_match(dir: &Path) -> PathBuf {
    let o = bin().arg("import").arg(root().join("tests/data/real-matches/fibs/1857896.txt")).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let path = dir.join("match.stn");
    std::fs::write(&path, &o.stdout).unwrap();
    path
}

/// `view` of a backgammon match holds every game: as many games in its data as the file has
/// records, each with a frame a throw replayed and its start, the list of the games with the
/// players, how each ended, the match score before and after it (after one game: before the
/// next), the Crawford game, and the final score; `--record 2` is game 2 alone.
#[test]
fn view_of_a_match_holds_every_game() {
    let dir = crate::common::scratch_dir("records", "match");
    let file = imported_match(&dir);
    let text = std::fs::read_to_string(&file).unwrap();
    let recs = soumille::notation::read(&text);
    assert_eq!(recs.len(), 5);
    let o = bin().arg("view").arg(&file).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let page = String::from_utf8(o.stdout).unwrap();
    assert_eq!(page.matches("<!DOCTYPE html>").count(), 1);
    let data = page_data(&page);
    assert_eq!(data["kind"], "backgammon: 5-point match, 5 games");
    assert_eq!(data["title"], "bgnori against i1awin — backgammon: 5-point match, 5 games");
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), recs.len(), "every game is on the page");
    for (k, (g, r)) in games.iter().zip(&recs).enumerate() {
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        assert_eq!(g["frames"].as_array().unwrap().len(), rp.steps.len() + 1, "game {}", k + 1);
        let score = r.record.tag("Score").unwrap();
        assert!(g["fiche"]["tags"].to_string().contains(score), "game {}'s own tags", k + 1);
    }
    let lines = data["lines"].as_array().unwrap();
    let scores: Vec<(String, String)> =
        lines.iter().map(|l| (l["before"].to_string(), l["after"].to_string())).collect();
    let want = [("[0,0]", "[1,0]"), ("[1,0]", "[3,0]"), ("[3,0]", "[3,1]"), ("[3,1]", "[4,1]"), ("[4,1]", "[5,1]")];
    assert_eq!(scores, want.map(|(a, b)| (a.to_string(), b.to_string())), "the match score before and after each game");
    let crawford: Vec<bool> = lines.iter().map(|l| l["crawford"].as_bool().unwrap()).collect();
    assert_eq!(crawford, [false, false, false, false, true], "game 5 is the Crawford game");
    assert!(lines.iter().all(|l| l["top"] == "bgnori" && l["bottom"] == "i1awin" && l["length"] == 5));
    assert_eq!(lines[1]["result"], "top (bgnori) wins 2 points (single)");
    for id in ["game-list", "prev-game", "next-game", "match-score", "game-number"] {
        assert!(page.contains(&format!("id=\"{id}\"")), "#{id}");
    }
    // --points: every game's plays in point numbers
    let o = bin().arg("view").arg(&file).arg("--points").output().unwrap();
    let points = page_data(&String::from_utf8(o.stdout).unwrap());
    for (k, g) in points["games"].as_array().unwrap().iter().enumerate() {
        let play = g["frames"][1]["play"].as_str().unwrap();
        assert!(play.contains('/') && play.chars().any(|c| c.is_ascii_digit()), "game {}: {play}", k + 1);
    }
    // --record 2: game 2 alone, the page of one record
    let o = bin().arg("view").arg(&file).args(["--record", "2"]).output().unwrap();
    let one = page_data(&String::from_utf8(o.stdout).unwrap());
    assert!(one.get("games").is_none() && one.get("frames").is_some(), "one record's page");
    assert!(one["fiche"]["tags"].to_string().contains("top 1 bottom 0"), "game 2");
    assert!(one["fiche"]["match_line"].as_str().unwrap().contains("score before this game: top 1 bottom 0"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Grand Trictrac file of two parties is one page too, with its two games listed (no match
/// score: that is backgammon's); standard input, a file of several games, and a file with
/// syntax errors give their first record as before.
#[test]
fn view_of_a_file_of_parties_and_what_stays_one_record() {
    let (code, page, err) = run(&["view", "samples/two-records.stn"]);
    assert!(matches!(code, Some(0 | 1)), "{err}");
    let data = page_data(&page);
    assert_eq!(data["games"].as_array().unwrap().len(), 2);
    assert_eq!(data["kind"], "grand-trictrac: 2 games");
    assert!(data["lines"].as_array().unwrap().iter().all(|l| l["before"].is_null() && l["length"].is_null()));
    let input = std::fs::read(root().join(MATCH)).unwrap();
    let o = crate::common::run_stdin(&["view", "-"], &input);
    let one = page_data(&String::from_utf8(o.stdout).unwrap());
    assert!(one.get("games").is_none(), "standard input: its first record");
    let mixed = format!(
        "{}\n{}",
        std::fs::read_to_string(root().join(MATCH)).unwrap(),
        std::fs::read_to_string(root().join("samples/opening.stn")).unwrap()
    );
    let dir = crate::common::scratch_dir("records", "mixed");
    let path = dir.join("mixed.stn");
    std::fs::write(&path, mixed).unwrap();
    let o = bin().arg("view").arg(&path).output().unwrap();
    let one = page_data(&String::from_utf8(o.stdout).unwrap());
    assert!(one.get("games").is_none(), "records of several games: the first");
    let _ = std::fs::remove_dir_all(&dir);
}
