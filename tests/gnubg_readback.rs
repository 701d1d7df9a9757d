//! What `export` writes, GNU Backgammon reads as the same match (docs/games.md §I.8): STN records
//! exported to `.mat` and to SGF, imported by gnubg itself (`import mat`, `load match`) and
//! saved by it as SGF, come back (through `import`) with the same throws, the same boards
//! after each, the same cube actions and the same winners. Needs gnubg (`scripts/test`, the
//! README's test command, installs it; a missing gnubg fails the test).

use crate::common;
use common::run;
use soumille::notation::{print_records, read, CubeAnswer, Record};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One game as both programs must agree on it: each throw's seat, dice and board after,
/// each cube action (seat, value, answer), and the winner.
#[derive(Debug, PartialEq)]
struct Game {
    throws: Vec<String>,
    cube: Vec<String>,
    winner: Option<String>,
}

fn games_of(stn: &str) -> Vec<Game> {
    read(stn)
        .iter()
        .map(|r| {
            assert!(r.errors.is_empty(), "{:?}\n{stn}", r.errors);
            let rp = soumille::replay(&r.record, &r.header, Some(stn));
            let throws = rp
                .steps
                .iter()
                .filter(|s| s.dice.is_some())
                .map(|s| {
                    format!(
                        "{} {} {}",
                        s.seat,
                        s.dice.map(|d| d.to_string()).unwrap_or_default(),
                        s.after.men_field(soumille::Dialect::Soumille)
                    )
                })
                .collect();
            let cube = cube_actions(&r.record);
            let winner = rp.end.as_ref().map(|e| e.winner.to_string()).or_else(|| {
                r.record.tag("Result").and_then(|v| v.split_whitespace().next()).filter(|w| *w != "*").map(String::from)
            });
            Game { throws, cube, winner }
        })
        .collect()
}

fn cube_actions(rec: &Record) -> Vec<String> {
    rec.throws
        .iter()
        .filter_map(|t| {
            let a = t.cube.as_ref()?;
            let answer = match a.answer {
                Some(CubeAnswer::Take) => "take",
                Some(CubeAnswer::Drop) => "drop",
                Some(CubeAnswer::Beaver) => "beaver",
                None => "-",
            };
            Some(format!("{} {answer}", t.seat.map_or("?".into(), |s| s.to_string())))
        })
        .collect()
}

/// Runs gnubg on `commands` (its command language, one a line).
fn gnubg(exe: &Path, commands: &str) {
    let mut child = Command::new(exe)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(commands.as_bytes()).unwrap();
        stdin.write_all(b"\nexit\ny\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("not a valid"), "gnubg: {err}");
}

fn scratch() -> PathBuf {
    common::scratch_dir("gnubg-readback", "x")
}

/// `export --to FORMAT` of `stn`, read by gnubg and saved as SGF, imported back.
fn through_gnubg(exe: &Path, dir: &Path, name: &str, stn: &str, format: &str) -> String {
    let src = dir.join(format!("{name}.stn"));
    std::fs::write(&src, stn).unwrap();
    let o = run(&["export", src.to_str().unwrap(), "--to", format]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let exported = dir.join(format!("{name}.{format}"));
    std::fs::write(&exported, &o.stdout).unwrap();
    let saved = dir.join(format!("{name}-{format}-gnubg.sgf"));
    let load = if format == "mat" { "import mat" } else { "load match" };
    gnubg(exe, &format!("{load} {}\nsave match {}", exported.display(), saved.display()));
    assert!(saved.is_file(), "gnubg saved nothing for {name}.{format}:\n{}", String::from_utf8_lossy(&o.stdout));
    let o = run(&["import", saved.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn gnubg_reads_our_exports_as_the_same_match() {
    let exe = common::gnubg_required("the gnubg read-back of exports");
    let dir = scratch();
    // a 3-point match gnubg played (Crawford game included), and a money session of
    // generated games with cube actions (doubles, takes, drops, redoubles)
    let mat = std::fs::read_to_string(common::root().join("tests/data/interop/match3.mat")).unwrap();
    let records = soumille::interop::mat_to_stn(&mat).unwrap();
    let match3 = print_records(&records, soumille::notation::PrintOptions::default());
    let o = run(&["generate", "--game", "backgammon", "--games", "6", "--seed", "5"]);
    let money = String::from_utf8(o.stdout).unwrap();
    assert!(money.contains("double"), "the session has cube actions");
    // a throw with no play where a play was lawful (`-`): gnubg keeps the roll alone
    let dash = "[Game \"backgammon\"]\n[First \"bottom\"]\n[Result \"top 1 drop\"]\n\n1. bottom: 6-1 -\n2. top: 6-5 RY RZ\n3. bottom: 6-2 NL NG\n4. top: 3-1 -\n5. bottom: 5-2 NI NL\n6. top: double 2 drop\n";
    for (name, stn) in [("match3", match3), ("money", money), ("no-play", dash.to_string())] {
        let want = games_of(&stn);
        for format in ["mat", "sgf"] {
            let back = through_gnubg(&exe, &dir, name, &stn, format);
            assert_eq!(games_of(&back), want, "{name} through {format} and gnubg:\n{back}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One game of the self-play corpus as gnubg must read it back: [`Game`] and the tags of the
/// match (`Result`, `Match`, `Score`, `Crawford`).
#[derive(Debug, PartialEq)]
struct MatchGame {
    game: Game,
    tags: Vec<(String, Option<String>)>,
}

fn match_games(records: &[Record]) -> Vec<MatchGame> {
    let stn = print_records(records, soumille::notation::PrintOptions::default());
    let games = games_of(&stn);
    records
        .iter()
        .zip(games)
        .map(|(r, game)| MatchGame {
            game,
            tags: ["Result", "Match", "Score", "Crawford"]
                .iter()
                .map(|t| (t.to_string(), r.tag(t).map(String::from)))
                .collect(),
        })
        .collect()
}

/// The gnubg self-play corpus (`tests/data/gnubg-selfplay/`, docs/games.md §I.8): every
/// match imported from gnubg's `.mat` and SGF, exported again by us (`.mat → STN → .mat`,
/// `SGF → STN → SGF`, `SGF → STN → .mat`), read by gnubg (`import mat`, `load match`) and
/// saved by it as SGF, imported back: the same match as gnubg's own SGF of it, game by game
/// (each throw's seat, dice and board after, the cube actions, the winner, the result, the
/// match length, the score before the game, the Crawford game). One gnubg run per path.
#[test]
fn gnubg_reads_the_self_play_corpus_back_as_the_same_matches() {
    let exe = common::gnubg().unwrap_or_else(|| panic!("gnubg is not installed: {}", common::needs("gnubg")));
    let dir = common::scratch_dir("gnubg-readback", "selfplay");
    let names = crate::selfplay::NAMES;
    let truth: Vec<Vec<MatchGame>> = names
        .iter()
        .map(|n| match_games(&soumille::interop::import_sgf(&crate::selfplay::corpus(n, "sgf")).unwrap().records))
        .collect();
    use soumille::interop::{export, import_mat, import_sgf, Format};
    for (path, from, to) in
        [("mat-mat", "mat", Format::Mat), ("sgf-sgf", "sgf", Format::Sgf), ("sgf-mat", "sgf", Format::Mat)]
    {
        let mut commands = String::from("set confirm new off\nset confirm save off\n");
        for n in names {
            let text = crate::selfplay::corpus(n, from);
            let records = if from == "mat" { import_mat(&text) } else { import_sgf(&text) }.unwrap().records;
            let ext = if to == Format::Mat { "mat" } else { "sgf" };
            let exported = dir.join(format!("{n}-{path}.{ext}"));
            std::fs::write(&exported, export(&records, to, false).unwrap().text).unwrap();
            let load = if to == Format::Mat { "import mat" } else { "load match" };
            let saved = dir.join(format!("{n}-{path}-gnubg.sgf"));
            commands.push_str(&format!("{load} {}\nsave match {}\n", exported.display(), saved.display()));
        }
        gnubg(&exe, &commands);
        for (n, want) in names.iter().zip(&truth) {
            let saved = dir.join(format!("{n}-{path}-gnubg.sgf"));
            let text =
                std::fs::read_to_string(&saved).unwrap_or_else(|_| panic!("gnubg saved nothing for {n} ({path})"));
            let back = match_games(&import_sgf(&text).unwrap().records);
            assert_eq!(back.len(), want.len(), "{n} through {path} and gnubg");
            for (k, (b, w)) in back.iter().zip(want).enumerate() {
                assert_eq!(b, w, "{n} game {} through {path} and gnubg", k + 1);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The turn-4 reproducers of `export --to mat` (tests/data/defect-repros/t4/): a take then
/// the doubler's resignation (no second double), a single money game (a ` 0 point match`,
/// the only layout gnubg's `import mat` reads): gnubg reads the export as the same game.
#[test]
fn gnubg_reads_a_resignation_after_a_take_and_a_money_game_as_written() {
    let exe = common::gnubg_required("the gnubg read-back of the turn-4 exports");
    let dir = common::scratch_dir("gnubg-readback", "t4");
    let t4 =
        |name: &str| std::fs::read_to_string(common::root().join("tests/data/defect-repros/t4").join(name)).unwrap();
    let records = soumille::interop::mat_to_stn(&t4("take-then-resign.mat")).unwrap();
    let resign = print_records(&records, soumille::notation::PrintOptions::default());
    for (name, stn) in [("take-then-resign", resign), ("money-game", t4("export-mat-single-money-game.stn"))] {
        let want = games_of(&stn);
        assert_eq!(want.len(), 1, "{name}");
        let back = through_gnubg(&exe, &dir, name, &stn, "mat");
        assert_eq!(games_of(&back), want, "{name} through mat and gnubg:\n{back}");
        let result = |s: &str| read(s)[0].record.tag("Result").map(String::from);
        assert_eq!(result(&back), result(&stn), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every real match of `tests/data/real-matches/` and every interop sample of
/// `tests/data/interop/` (docs/games.md §I.8): imported, exported
/// back to its own format (`.mat`/`.txt` to `.mat`, SGF to SGF), the export read by gnubg
/// (`import mat`, `load match`) and saved as SGF is the same match, game by game, as gnubg's
/// reading of the original file (each throw's seat, dice and board after, the cube actions,
/// the winner, the result, the match length, the score before the game, the Crawford game).
/// One gnubg run for the originals and one for the exports.
#[test]
fn gnubg_reads_the_export_of_every_real_match_as_the_original() {
    use soumille::interop::{export, guess_format, import, import_sgf, Format};
    let exe = common::gnubg_required("the gnubg read-back of the real matches");
    let dir = common::scratch_dir("gnubg-readback", "real");
    let mut files: Vec<PathBuf> = common::real_match_files().into_iter().map(|(_, p)| p).collect();
    // gnubg 1.07 aborts (`*** buffer overflow detected ***`) importing this one: no reading to
    // compare with (`every_real_match_imports_and_checks_clean` imports and checks it)
    const GNUBG_ABORTS: [&str; 1] = ["galaxy/match8562506.txt"];
    files.retain(|p| !GNUBG_ABORTS.iter().any(|n| p.ends_with(n)));
    // gnubg reads none of its own `.gam` exports (`not a valid .mat file`): the same games'
    // `.sgf` samples are compared instead
    let gam = files.iter().filter(|p| p.extension().is_some_and(|e| e == "gam")).count();
    files.retain(|p| p.extension().is_none_or(|e| e != "gam"));
    let (mut originals, mut exports) = (String::new(), String::new());
    for (k, path) in files.iter().enumerate() {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let format = guess_format(&text);
        let records = import(&text, format).unwrap_or_else(|e| panic!("{}: {e}", path.display())).records;
        let (ext, load) = if format == Format::Sgf { ("sgf", "load match") } else { ("mat", "import mat") };
        let exported = dir.join(format!("{k}.{ext}"));
        let written = export(&records, format, false).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        std::fs::write(&exported, written.text).unwrap();
        let copy = dir.join(format!("{k}-original.{ext}"));
        std::fs::write(&copy, &text).unwrap();
        originals.push_str(&format!(
            "{load} {}\nsave match {}\n",
            copy.display(),
            dir.join(format!("{k}-a.sgf")).display()
        ));
        exports.push_str(&format!(
            "{load} {}\nsave match {}\n",
            exported.display(),
            dir.join(format!("{k}-b.sgf")).display()
        ));
    }
    let confirm = "set confirm new off\nset confirm save off\n";
    gnubg(&exe, &format!("{confirm}{originals}"));
    gnubg(&exe, &format!("{confirm}{exports}"));
    let read_back = |k: usize, s: &str| {
        let p = dir.join(format!("{k}-{s}.sgf"));
        let text =
            std::fs::read_to_string(&p).unwrap_or_else(|_| panic!("gnubg saved nothing for {}", files[k].display()));
        match_games(&import_sgf(&text).unwrap().records)
    };
    // every file, the games' last rolls written with no play (`32:` then `Wins`) too: the
    // import writes the dice then `resign` (docs/games.md §I.5) where the other player wins,
    // which the export writes back as the roll alone, and the last men borne off where the
    // roller wins (FIBS did not log them), as gnubg plays them
    let mut differ = Vec::new();
    for (k, path) in files.iter().enumerate() {
        let (a, b) = (read_back(k, "a"), read_back(k, "b"));
        if a != b {
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            differ.push(format!("{} game {}: {:?} / {:?}", path.display(), first + 1, a.get(first), b.get(first)));
        }
    }
    assert_eq!(differ, Vec::<String>::new(), "gnubg reads these exports otherwise than the originals");
    assert_eq!(files.len() + gam + GNUBG_ABORTS.len(), 239 + 7, "the real matches and the interop samples");
    let _ = std::fs::remove_dir_all(&dir);
}
