//! `soumille import` and `soumille export` on the match files GNU Backgammon wrote
//! (`tests/data/interop/`): every game converts to STN records that check clean, and back.

use crate::common;
use common::{root, run};

/// The STN records of `import FILE`.
fn import(name: &str) -> String {
    let path = root().join("tests/data/interop").join(name);
    let o = run(&["import", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "import {name}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// A scratch file holding `text`.
fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("soumille-interop-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn gnubg_matches_import_as_backgammon_records_that_check_clean() {
    for (name, games) in [("match3.sgf", 2), ("match3.mat", 2), ("money.sgf", 1), ("money.gam", 1), ("short.sgf", 1)] {
        let stn = import(name);
        assert_eq!(stn.matches("[Game \"backgammon\"]").count(), games, "{name}:\n{stn}");
        assert!(stn.contains("[Result \""), "{name}");
        let file = scratch(&name.replace('.', "-"), &stn);
        let o = run(&["check", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stdout));
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn a_match_converts_to_stn_and_back_with_the_same_moves_cube_and_results() {
    for (name, to) in [("match3.sgf", "sgf"), ("match3.mat", "mat"), ("money.sgf", "sgf")] {
        let stn = import(name);
        let file = scratch(&format!("{name}.stn"), &stn);
        let o = run(&["export", file.to_str().unwrap(), "--to", to]);
        assert_eq!(o.status.code(), Some(0), "export {name}: {}", String::from_utf8_lossy(&o.stderr));
        let back = scratch(&format!("back.{to}"), &String::from_utf8(o.stdout).unwrap());
        let o = run(&["import", back.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0));
        let again = String::from_utf8(o.stdout).unwrap();
        // the throws (dice, moves, hits, cube actions) and the results are the same
        let body = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) || l.starts_with("[Result"))
                .map(String::from)
                .collect()
        };
        assert_eq!(body(&again), body(&stn), "{name} via {to}");
        let _ = std::fs::remove_file(file);
        let _ = std::fs::remove_file(back);
    }
}

/// The format is told from the text; text that is no match file is refused clearly.
#[test]
fn import_tells_the_format_and_refuses_what_is_no_match_file() {
    let file = scratch("match.xyz", "nothing");
    let o = run(&["import", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no match file"), "{}", String::from_utf8_lossy(&o.stderr));
    // an SGF file under another name is read as SGF
    let sgf = std::fs::read_to_string(root().join("tests/data/interop/money.sgf")).unwrap();
    let named = scratch("money.txt", &sgf);
    let o = run(&["import", named.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("[Game \"backgammon\"]"));
    let _ = std::fs::remove_file(named);
    let o = run(&["import", file.to_str().unwrap(), "--from", "sgf"]);
    assert_eq!(o.status.code(), Some(2), "not an SGF file");
    let _ = std::fs::remove_file(file);
}

/// Every real match of `tests/data/real-matches/` (FIBS logs, BackgammonGalaxy, Backgammon
/// Studio, eXtreme Gammon and gnubg files that people played; sources in its README) imports, and every game checks clean
/// but for what the file itself lacks, listed here by name with the reason.
#[test]
fn every_real_match_imports_and_checks_clean() {
    use soumille::notation::{print_records, read, PrintOptions};
    // (file, game from 1, throw, rule): FIBS logged a resignation as 100 points (docs/games.md
    // I.5: 1, 2 or 3 times the cube); the log leaves rolls unplayed where the player had a
    // choice of plays, so the importer cannot fill them in (docs/games.md I.6)
    const FILE_FAULTS: [(&str, usize, u32, &str); 5] = [
        ("fibs/Amirrr-nori-2009Feb151603.txt", 5, 0, "result"),
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 3, 27, "moves-left"),
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 3, 29, "moves-left"),
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 3, 31, "moves-left"),
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 3, 37, "moves-left"),
    ];
    let dir = root().join("tests/data/real-matches");
    let mut files = 0;
    let mut found = Vec::new();
    // BackgammonGalaxy's capped points of the match-winning game (docs/games.md I.10), Backgammon
    // Studio's and eXtreme Gammon's `13/11(2)`, `Bar/20`, `2/Off`, `Cannot Move`, `????`, a
    // byte-order mark and CR line ends (I.11)
    for sub in ["fibs", "galaxy", "gnubg-scripts", "gnubgparser", "studio", "xg"] {
        let mut names: Vec<_> = std::fs::read_dir(dir.join(sub)).unwrap().map(|e| e.unwrap().path()).collect();
        names.sort();
        for path in names {
            let name = format!("{sub}/{}", path.file_name().unwrap().to_string_lossy());
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let format = soumille::interop::guess_format(&text);
            let imported = soumille::interop::import(&text, format).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!imported.records.is_empty(), "{name}");
            let stn = print_records(&imported.records, PrintOptions::default());
            // the match across the file's games (docs/games.md I.1-I.2), as `check` judges it
            let mut session = soumille::games::backgammon::Session::new();
            for (k, r) in read(&stn).iter().enumerate() {
                assert!(r.errors.is_empty(), "{name} game {}: {:?}", k + 1, r.errors);
                let mut rp = soumille::replay(&r.record, &r.header, Some(&stn));
                session.judge(&r.record, &r.header, &mut rp);
                for f in &rp.flags {
                    found.push((name.clone(), k + 1, f.throw.unwrap_or(0), f.what().to_string()));
                }
            }
            files += 1;
        }
    }
    assert_eq!(files, 239, "the real matches");
    let want: Vec<_> = FILE_FAULTS.iter().map(|&(n, g, t, r)| (n.to_string(), g, t, r.to_string())).collect();
    assert_eq!(found, want);
}

/// `check` judges the match across the records of a file (docs/games.md I.1): a wrong `Score`
/// is flagged `score` on its record.
#[test]
fn check_flags_a_wrong_score_across_the_records() {
    let game = |score: &str, result: &str| {
        format!("[Game \"backgammon\"]\n[Top \"a\"]\n[Bottom \"b\"]\n[First \"top\"]\n[Result \"{result}\"]\n[Match \"5\"]\n[Score \"{score}\"]\n\n1. top: 4-3 AE MP\n")
    };
    let text = [game("top 0 bottom 0", "top 1 resign"), game("top 0 bottom 1", "top 1 resign")].join("\n");
    let file = scratch("score.stn", &text);
    let o = run(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let games = v["files"][0]["games"].as_array().unwrap();
    assert!(games[0]["flags"].as_array().unwrap().is_empty());
    let flags = games[1]["flags"].as_array().unwrap();
    assert_eq!(flags.len(), 1, "{flags:?}");
    assert_eq!(flags[0]["rule"], "score");
    assert!(flags[0]["message"].as_str().unwrap().contains("top 1 bottom 0"), "{flags:?}");
    let _ = std::fs::remove_file(file);
}

/// docs/games.md §I.7: a `.mat` file's comment lines and header lines are kept on import (as
/// STN comments and tags) and written back on export: every `.mat` of the real matches, the
/// samples and the self-play corpus, imported, exported as `.mat` and imported again, gives
/// the same tags and the same comments, and the comment lines of the file are in the
/// export as they were.
#[test]
fn mat_comment_and_header_lines_are_kept_and_written_back() {
    use soumille::interop::{export, import_mat, Format};
    let mut paths = Vec::new();
    for dir in [
        "tests/data/interop",
        "tests/data/gnubg-selfplay",
        "tests/data/real-matches/fibs",
        "tests/data/real-matches/gnubg-scripts",
        "tests/data/real-matches/gnubgparser",
    ] {
        for e in std::fs::read_dir(root().join(dir)).unwrap().flatten() {
            paths.push(e.path());
        }
    }
    paths.sort();
    let mut read = 0;
    let mut with_header = 0;
    for path in paths {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        if soumille::interop::guess_format(&text) != Format::Mat {
            continue;
        }
        let Ok(first) = import_mat(&text) else { continue };
        let name = path.display().to_string();
        let out = export(&first.records, Format::Mat, false).unwrap_or_else(|e| panic!("{name}: {e}")).text;
        let again = import_mat(&out).unwrap_or_else(|e| panic!("{name}: {e}\n{out}"));
        assert_eq!(again.records.len(), first.records.len(), "{name}");
        for (k, (a, b)) in first.records.iter().zip(&again.records).enumerate() {
            // (a game with no throw, a log that stops after a roll, has no first seat in `.mat`)
            let no_throw = a.throws.is_empty();
            let tags = |r: &soumille::notation::Record| {
                r.tags
                    .iter()
                    .filter(|t| !(no_throw && t.name == "First"))
                    .map(|t| (t.name.to_string(), t.value.clone(), t.comments.clone()))
                    .collect::<Vec<_>>()
            };
            // a throw's comments come back as the game's, the throw named
            let moved: Vec<String> = a
                .throws
                .iter()
                .flat_map(|t| t.comments.iter().map(move |c| format!(" throw {}: {}", t.number, c.text.trim())))
                .collect();
            let mut b = b.clone();
            let kept = b.tags[0].comments.len();
            b.tags[0].comments.retain(|c| !moved.contains(&c.text));
            assert_eq!(kept - b.tags[0].comments.len(), moved.len(), "{name} game {}: the throws' comments", k + 1);
            assert_eq!(tags(a), tags(&b), "{name} game {}:\n{out}", k + 1);
        }
        // the file's comment lines that are no tags, as written
        for line in text.lines().map(|l| l.trim_end_matches('\r')).filter(|l| l.trim_start().starts_with(';')) {
            let rest = line.trim_start().trim_start_matches(';').trim();
            if !rest.starts_with('[') {
                assert!(out.lines().any(|l| l.trim_end() == line.trim()), "{name}: `{line}` not written back:\n{out}");
            }
        }
        with_header += usize::from(text.trim_start().starts_with(';'));
        read += 1;
    }
    assert!(read >= 100 && with_header >= 10, "{read} files, {with_header} with a header");
    // a file's own comment lines, in the header and after a game, go both ways
    let text = "; [EventDate \"2026.11.22\"]\n; annotated by hand\n;no space\n\n 3 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5\n      Wins 3 points\n; game 1 was short\n\n Game 2\n a : 3      b : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n; the end\n";
    let imported = import_mat(text).unwrap();
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let comments =
        |k: usize| -> Vec<String> { imported.records[k].tags[0].comments.iter().map(|c| c.text.clone()).collect() };
    assert_eq!(comments(0), [" annotated by hand", "no space", " game 1 was short"]);
    assert_eq!(comments(1), [" the end"]);
    let stn = soumille::notation::print_records(&imported.records, soumille::notation::PrintOptions::default());
    assert!(stn.contains("; annotated by hand") && stn.contains(";no space") && stn.contains("; the end"), "{stn}");
    let out = export(&imported.records, Format::Mat, false).unwrap().text;
    for line in ["; annotated by hand", ";no space", "; game 1 was short", "; the end"] {
        assert!(out.lines().any(|l| l == line), "`{line}`:\n{out}");
    }
}

/// The turn-4 reproducers of the backgammon issues (tests/data/defect-repros/t4/, from the
/// contract's defect-repros): eXtreme Gammon's `24/22(2)` is two men each, `Bar/20` any case
/// (docs/games.md I.11), the path the dice allow written for a man's moves over several dice,
/// Gibbon's SGF resignation as moves.
#[test]
fn turn_four_reproducers_import_as_the_programs_wrote_them() {
    let t4 = |name: &str| std::fs::read_to_string(root().join("tests/data/defect-repros/t4").join(name)).unwrap();
    let stn = |name: &str| {
        let text = t4(name);
        let imported = soumille::interop::import(&text, soumille::interop::guess_format(&text))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        soumille::notation::print_records(&imported.records, soumille::notation::PrintOptions::default())
    };
    // gnubg: 24/22 24/22 13/11 13/11
    let count = stn("xg-count.mat");
    assert!(count.contains("2. top: 2-2 AC AC MO MO"), "{count}");
    let bar = stn("xg-capital-bar.mat");
    assert!(bar.contains("4. top: 5-1 @E BC"), "{bar}");
    // Gibbon: `;B[resign:1]` then `;W[accept]`: bottom wins 1 by resignation, as gnubg reads it
    let gibbon = stn("gibbon-resign.sgf");
    assert!(gibbon.contains("[Result \"bottom 1 resign\"]"), "{gibbon}");
    for text in [count, bar, gibbon] {
        let r = &soumille::notation::read(&text)[0];
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        assert!(rp.flags.is_empty(), "{text}\n{:?}", rp.flags);
    }
}

/// A man's moves over several dice written as one (`20/4` with 4-4, `6/off(2)` with 6-6 in
/// Backgammon Studio): the importer writes the dice's path, every rest (docs/games.md I.11).
#[test]
fn a_move_over_several_dice_is_imported_as_the_dice_path() {
    let text = " 1 point match\n\n Game 1\n Alice : 0                             Bob : 0\n  1) 44: 24/16 13/5                   \n";
    let imported = soumille::interop::import(text, soumille::interop::Format::Mat).unwrap();
    let stn = soumille::notation::print_records(&imported.records, soumille::notation::PrintOptions::default());
    assert!(stn.contains("1. top: 4-4 AEI MQV"), "{stn}");
}

/// `export` writes a record as it is or refuses it with a clear error naming the record
/// (docs/games.md §I.8; tests/data/defect-repros/t4/): two matches in one `.mat` file,
/// `beaver=oui` where no beaver was played, a double to another value than twice the cube;
/// `Source` and the comments come back through
/// `export` and `import`.
#[test]
fn export_keeps_the_record_or_refuses_it_naming_the_record() {
    let t4 = |name: &str| root().join("tests/data/defect-repros/t4").join(name);
    for (name, to, why) in [
        ("export-mat-two-matches.stn", "mat", "record 6: another match than record 1's"),
        ("export-drops-beaver-rule.stn", "mat", "record 1: the Rules tag `beaver=oui`"),
        ("export-drops-beaver-rule.stn", "sgf", "record 1: the Rules tag `beaver=oui`"),
    ] {
        let o = run(&["export", t4(name).to_str().unwrap(), "--to", to]);
        assert_eq!(o.status.code(), Some(2), "{name} --to {to}");
        assert!(o.stdout.is_empty(), "{name} --to {to}: nothing written");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{name} --to {to}: {err}");
    }
    // a double to another value than twice the cube: the files say a double, not its value
    let cube = "[Game \"backgammon\"]\n[First \"top\"]\n[Result \"top 3 drop\"]\n\n1. top: 4-3 AE MP\n2. bottom: double 3 drop\n";
    for to in ["mat", "sgf"] {
        let o = run(&["export", scratch(&format!("cube3-{to}.stn"), cube).to_str().unwrap(), "--to", to]);
        assert_eq!(o.status.code(), Some(2), "{to}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("record 1: throw 2: a double to 3 with the cube at 1"), "{to}: {err}");
    }
    // the record comes back with its Source, its comments, a throw's as the game's (the
    // files hold a game's comments only), the throw named
    let text = std::fs::read_to_string(t4("export-drops-source-and-comments.stn")).unwrap();
    for to in ["mat", "sgf"] {
        let o = run(&["export", scratch(&format!("source-{to}.stn"), &text).to_str().unwrap(), "--to", to]);
        assert_eq!(o.status.code(), Some(0), "{to}: {}", String::from_utf8_lossy(&o.stderr));
        let file = scratch(&format!("source.{to}"), &String::from_utf8(o.stdout).unwrap());
        let o = run(&["import", file.to_str().unwrap()]);
        let back = String::from_utf8(o.stdout).unwrap();
        for kept in [
            "[Source \"a book\"]",
            "; head comment",
            "; throw 2: top takes and owns the cube at 2",
            "; throw 2: throw comment",
            "; throw 5: top redoubles to 4; bottom drops and loses 2",
            "[Event \"My Event\"]",
            "[Result \"top 2 drop\"]",
        ] {
            assert!(back.contains(kept), "{to}: {kept} lost:\n{back}");
        }
    }
}
