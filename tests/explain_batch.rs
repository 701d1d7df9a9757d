//! `explain --batch` for every game (issue 8): one JSON line out for each line in, the same
//! object as `explain --format json` for the same position, roll and options, an error object
//! (`{"line": N, "error": "…"}`) for a bad line with the words `explain` prints for it, exit
//! status 2 when a line was bad; answers written line by line to a pipe; the example of
//! docs/commands.md.

use crate::common;
use common::{bin, root, run, run_stdin, text};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

/// The games, their `--game` names and `--rules` tried with them.
const GAMES: [(&str, &str); 6] = [
    ("grand-trictrac", ""),
    ("grand-trictrac", "sortie=provinciale; anciens=oui"),
    ("jacquet", ""),
    ("moultezim", ""),
    ("backgammon", ""),
    ("tric-trac", ""),
];

/// Rolls tried on each position.
const ROLLS: [&str; 6] = ["6-5", "3-1", "2-2", "sonnez", "5-6", "4-1"];

/// Position strings of `game` along generated games (`show --format position`): the
/// opening, and positions throw after throw.
fn positions(game: &str) -> Vec<String> {
    // one file per call: tests run in parallel and may ask for the same game
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("soumille-explain-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{game}-{call}.stn"));
    let g = run(&["generate", "--game", game, "--games", "1", "--seed", "11"]);
    assert!(g.status.success(), "{}", text(&g.stderr));
    std::fs::write(&file, &g.stdout).unwrap();
    let mut out = Vec::new();
    for at in [0, 1, 2, 5, 9, 14, 20, 30] {
        let o = run(&["show", file.to_str().unwrap(), "--at", &at.to_string(), "--format", "position"]);
        if !o.status.success() {
            break; // the game ended before
        }
        out.push(text(&o.stdout).trim_end().to_string());
    }
    assert!(out.len() >= 4, "{game}: {out:?}");
    out
}

/// `--game G [--rules R]`.
fn game_args<'a>(game: &'a str, rules: &'a str) -> Vec<&'a str> {
    let mut v = vec!["--game", game];
    if !rules.is_empty() {
        v.extend(["--rules", rules]);
    }
    v
}

/// Runs `explain --batch` on `input`: each output line read as JSON, and the exit code.
fn batch(game: &str, rules: &str, input: &[u8]) -> (Vec<Value>, Option<i32>) {
    let mut args = vec!["explain", "--batch"];
    args.extend(game_args(game, rules));
    let o = run_stdin(&args, input);
    let out = text(&o.stdout);
    let lines = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{game}: `{l}` is no JSON: {e}")))
        .collect();
    (lines, o.status.code())
}

/// `explain POSITION --dice D --format json`: its JSON, or the words after
/// `soumille explain: ` on standard error.
fn single(game: &str, rules: &str, position: &str, dice: &str) -> Result<Value, String> {
    let mut args = vec!["explain", position, "--dice", dice, "--format", "json"];
    args.extend(game_args(game, rules));
    let o = run(&args);
    if o.status.success() {
        Ok(serde_json::from_slice(&o.stdout).unwrap())
    } else {
        let err = text(&o.stderr);
        Err(err.trim_end().strip_prefix("soumille explain: ").unwrap_or(&err).to_string())
    }
}

#[test]
fn every_game_answers_each_line_as_explain_does() {
    for (game, rules) in GAMES {
        let positions = positions(game);
        let mut input = String::new();
        let mut asked = Vec::new();
        for (k, p) in positions.iter().enumerate() {
            // two rolls a position, different from one position to the next
            for dice in [ROLLS[k % ROLLS.len()], ROLLS[(k + 3) % ROLLS.len()]] {
                input.push_str(&format!("{p}\t{dice}\n"));
                asked.push((p.clone(), dice));
            }
        }
        let (lines, code) = batch(game, rules, input.as_bytes());
        assert_eq!(code, Some(0), "{game}");
        assert_eq!(lines.len(), asked.len(), "{game}: one line out a line in");
        for ((p, dice), got) in asked.iter().zip(&lines) {
            let want = single(game, rules, p, dice).unwrap_or_else(|e| panic!("{game} `{p}` {dice}: {e}"));
            assert_eq!(got, &want, "{game} `{p}` {dice}");
            assert!(!got["plays"].as_array().unwrap().is_empty(), "{game} `{p}` {dice}: a play, or the pass");
            if game != "grand-trictrac" {
                assert_eq!(got["game"], game);
                assert_eq!(got["position"], p.as_str(), "the position as given");
            }
        }
    }
}

#[test]
fn every_game_answers_a_bad_line_with_an_error_object_and_goes_on() {
    for (game, rules) in GAMES {
        let p = &positions(game)[1];
        // (line, whether explain answers it); a last line without its line end
        let lines: Vec<(Vec<u8>, bool)> = vec![
            (format!("{p}\t6-5\n").into_bytes(), true),
            (b"no tab here\n".to_vec(), false),
            (format!("{p}\t9-9\n").into_bytes(), false),
            (b"A14/&15 top\t6-5\n".to_vec(), false),
            (b"A15/A15 top\t6-5\n".to_vec(), false),
            (b"\xff\xfe\t6-5\n".to_vec(), false),
            (format!("{p}\t3-1\r\n").into_bytes(), true),
            (format!("{p}\t 5-2 ").into_bytes(), true),
        ];
        let input: Vec<u8> = lines.iter().flat_map(|(l, _)| l.clone()).collect();
        let (out, code) = batch(game, rules, &input);
        assert_eq!(code, Some(2), "{game}: a bad line makes the exit status 2");
        assert_eq!(out.len(), lines.len(), "{game}: one line out a line in");
        // a blank line is skipped, and the lines after it keep their numbers
        let mut blank = input.clone();
        blank.splice(0..0, b"\n  \n".iter().copied());
        let (skipped, _) = batch(game, rules, &blank);
        assert_eq!(skipped.len(), lines.len(), "{game}: no answer to a blank line");
        assert_eq!(skipped[1]["line"], 4, "{game}: {}", skipped[1]);
        for (k, ((line, good), got)) in lines.iter().zip(&out).enumerate() {
            let shown = String::from_utf8_lossy(line);
            if *good {
                assert!(got.get("error").is_none(), "{game} line {}: {got}", k + 1);
                assert!(got["plays"].is_array(), "{game} line {}: {got}", k + 1);
                continue;
            }
            assert_eq!(got["line"], k + 1, "{game}: {got}");
            let error = got["error"].as_str().unwrap_or_else(|| panic!("{game}: {got}"));
            // the words of explain for the same position and dice
            let line = std::str::from_utf8(line).ok().map(|l| l.trim_end_matches(['\n', '\r']));
            match line.and_then(|l| l.split_once('\t')) {
                Some((p, d)) => assert_eq!(Err(error.to_string()), single(game, rules, p, d), "{game} `{shown}`"),
                None if line.is_some() => assert_eq!(error, "expected POSITION<TAB>DICE", "{game} `{shown}`"),
                None => assert_eq!(error, "the line is not UTF-8 text", "{game}"),
            }
        }
    }
}

#[test]
fn bad_rules_stop_before_any_line() {
    for game in ["grand-trictrac", "jacquet", "backgammon"] {
        let o = run_stdin(&["explain", "--batch", "--game", game, "--rules", "nonsense=1"], b"A15/&15 top\t6-5\n");
        assert_eq!(o.status.code(), Some(2), "{game}");
        assert!(o.stdout.is_empty(), "{game}: {}", text(&o.stdout));
        assert!(text(&o.stderr).contains("--rules"), "{game}: {}", text(&o.stderr));
    }
}

#[test]
fn no_input_no_output() {
    for game in ["grand-trictrac", "tric-trac"] {
        let o = run_stdin(&["explain", "--batch", "--game", game], b"");
        assert_eq!(o.status.code(), Some(0));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn a_pipe_gets_each_answer_before_the_next_line_is_written() {
    for (game, position) in [("grand-trictrac", "A15/&15 top"), ("jacquet", "M15/&15 top")] {
        let mut child = bin()
            .args(["explain", "--batch", "--game", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        // a watchdog: an answer kept back would block the read below for ever
        let id = child.id();
        let (done, waiting) = std::sync::mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if waiting.recv_timeout(std::time::Duration::from_secs(60)).is_err() {
                let _ = std::process::Command::new("kill").arg(id.to_string()).status();
            }
        });
        for (k, dice) in ["6-5", "bad", "2-1"].iter().enumerate() {
            writeln!(stdin, "{position}\t{dice}").unwrap();
            stdin.flush().unwrap();
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{game}: `{line}`: {e}"));
            if k == 1 {
                assert_eq!(v["line"], 2, "{game}: {v}");
            } else {
                assert_eq!(v["position"], position, "{game}: {v}");
            }
        }
        drop(stdin);
        let status = child.wait().unwrap();
        let _ = done.send(());
        watchdog.join().unwrap();
        assert_eq!(status.code(), Some(2), "{game}");
    }
}

/// A fenced block of docs/commands.md after `from`: its info string and body.
fn block_after(doc: &str, from: usize, info: &str) -> (usize, String) {
    let open = format!("```{info}\n");
    let start = doc[from..].find(&open).map(|k| from + k + open.len()).unwrap_or_else(|| panic!("no ```{info}"));
    let end = start + doc[start..].find("```").unwrap();
    (end, doc[start..end].to_string())
}

#[test]
fn the_example_of_the_docs_is_what_explain_batch_writes() {
    let doc = std::fs::read_to_string(root().join("docs/commands.md")).unwrap();
    let from = doc.find("`soumille explain --batch`").expect("explain --batch is documented");
    let (at, input) = block_after(&doc, from, "tsv");
    let (at, command) = block_after(&doc, at, "sh");
    let (_, want) = block_after(&doc, at, "jsonl");
    assert!(input.contains('\t'), "the input lines hold a tab");
    let words: Vec<&str> = command.split_whitespace().take_while(|w| *w != "<").collect();
    assert_eq!(words[..3], ["soumille", "explain", "--batch"]);
    let o = run_stdin(&words[1..], input.as_bytes());
    assert_eq!(text(&o.stdout), want);
    let bad = want.lines().any(|l| l.starts_with("{\"line\":"));
    assert_eq!(o.status.code(), Some(if bad { 2 } else { 0 }));
}
