//! Whole-record round trips of other programs' files (docs/games.md §I.7, §I.8): every real
//! match (`tests/data/real-matches/`) and interop sample (`tests/data/interop/`), imported,
//! exported to its own kind (`.mat`/`.txt`/`.gam` to `.mat`, SGF to SGF) and imported again,
//! gives the same STN records — tags, comments, the dice in the order the file wrote them,
//! plays — but for the differences listed here, each with why.

use crate::common;
use soumille::interop::{export, guess_format, import, Format};
use soumille::notation::{print_record, Comment, CommentStyle, PrintOptions, Record};

fn printed(r: &Record) -> String {
    print_record(r, PrintOptions::default())
}

/// Record `a` as the export and the import give it back where the file cannot hold it as it
/// is: a note the importer made on a throw (a forced play it filled in, docs/games.md §I.6; a
/// last roll after which the log stops, or whose roller wins with no play, §I.5) comes back
/// as a comment of the game, the throw named — a `.mat` file holds comments per game only
/// (§I.7), the play filled in is written as a play and the roll never played is no throw —
/// and a game with no throw says no first player (a `.mat` game says it by its first throw).
fn as_read_back(a: &Record) -> Record {
    let mut a = a.clone();
    let mut moved = Vec::new();
    for t in &mut a.throws {
        let number = t.number;
        t.comments.retain(|c| {
            let note = c.text.contains("filled in by the importer") || c.text.contains("(the file's last roll)");
            if note {
                moved.push(format!(" throw {number}: {}", c.text.trim()));
            }
            !note
        });
    }
    let game = &mut a.tags[0].comments;
    game.extend(moved.into_iter().map(|text| Comment { style: CommentStyle::Line, text, after: None }));
    if a.throws.is_empty() {
        a.tags.retain(|t| t.name != "First");
    }
    a
}

/// The rolls of a `.mat` file as it writes them (`45:`), in order.
fn mat_rolls(text: &str) -> Vec<String> {
    text.split_ascii_whitespace()
        .filter(|t| t.len() == 3 && t.ends_with(':') && t.bytes().take(2).all(|b| (b'1'..=b'6').contains(&b)))
        .map(String::from)
        .collect()
}

#[test]
fn every_real_match_comes_back_from_its_own_format_as_the_same_records() {
    // (file, record): what the export cannot write as it was (see `as_read_back`)
    const READ_BACK_OTHERWISE: [(&str, usize); 4] = [
        // the log stops after a roll: a comment of the throw before
        ("fibs/Kopanze-nori-2009Mar012212.txt", 2),
        // a game whose only roll is never played (the log stops): no throw, no first player
        ("fibs/PghPete-nori-2009Jan242317.txt", 8),
        // forced plays the server did not log, filled in by the importer; the roller's last
        // roll, with no play, that wins the game
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 2),
        ("fibs/Wakagashira-nori-2009Feb092123.txt", 3),
    ];
    let (mut otherwise, mut differ) = (Vec::new(), Vec::new());
    let (mut records, mut lower_first, mut same_rolls) = (0, 0, 0);
    for (name, path) in common::real_match_files() {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let format = guess_format(&text);
        let first = import(&text, format).unwrap_or_else(|e| panic!("{name}: {e}")).records;
        let out = export(&first, format, false).unwrap_or_else(|e| panic!("{name}: {e}")).text;
        let again = import(&out, format).unwrap_or_else(|e| panic!("{name}: export read back: {e}\n{out}")).records;
        assert_eq!(first.len(), again.len(), "{name}: the records");
        for (k, (a, b)) in first.iter().zip(&again).enumerate() {
            records += 1;
            lower_first += a.throws.iter().filter(|t| t.dice.is_some_and(|d| d.lower_first())).count();
            let (x, y) = (printed(a), printed(b));
            if x == y {
                continue;
            }
            otherwise.push((name.clone(), k + 1));
            if printed(&as_read_back(a)) != y {
                let (l, m) = x.lines().zip(y.lines()).find(|(l, m)| l != m).unwrap_or(("<end>", "<end>"));
                differ.push(format!("{name} record {}: `{l}` / `{m}`", k + 1));
            }
        }
        // the rolls as the file wrote them, `45:` as `45:`, but where a roll is no throw
        if format == Format::Mat && !READ_BACK_OTHERWISE.iter().any(|(n, _)| *n == name) {
            assert_eq!(mat_rolls(&out), mat_rolls(&text), "{name}: the rolls as written");
            same_rolls += 1;
        }
    }
    assert_eq!(differ, Vec::<String>::new(), "records that come back otherwise");
    let want: Vec<(String, usize)> = READ_BACK_OTHERWISE.iter().map(|&(n, k)| (n.to_string(), k)).collect();
    assert_eq!(otherwise, want, "the records that come back otherwise than they were");
    assert!(records > 1000 && same_rolls > 200, "{records} records, {same_rolls} files");
    // FIBS writes each roll as thrown: many lower die first, kept so
    assert!(lower_first > 5000, "{lower_first} throws written lower die first");
}
