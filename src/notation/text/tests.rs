//! `x.to_string().parse() == x` for the moves, plays, throws, records and positions of
//! every game (the samples and generated games), and `Display` is what `print_record`
//! writes.

use super::*;
use crate::notation::printer::{print_record, record_dialect, record_game};
use crate::notation::Throw;
use std::path::Path;

/// Every record of the samples read without a syntax error.
fn sample_records() -> Vec<Record> {
    fn walk(dir: &Path, out: &mut Vec<Record>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                if !p.ends_with("invalid") {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|e| e == "stn") {
                let Ok(bytes) = std::fs::read(&p) else { continue };
                let Ok((_, read)) = parser::read_bytes(&bytes) else { continue };
                out.extend(read.into_iter().filter(|r| r.errors.is_empty()).map(|r| r.record));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"), &mut out);
    assert!(out.len() > 50, "the samples: {}", out.len());
    out
}

fn all_records() -> Vec<Record> {
    // the samples hold generated games of every game (`samples/*/generated*.stn`): the
    // reader's tests use no generator nor rules
    sample_records()
}

fn stripped(mut r: Record) -> Record {
    r.strip_spans();
    r
}

fn stripped_throw(mut t: Throw) -> Throw {
    t.span = None;
    t.spans = None;
    t
}

#[test]
fn records_read_back_from_their_text() {
    for rec in all_records() {
        let text = rec.to_string();
        assert_eq!(text, print_record(&rec, PrintOptions::default()));
        let back: Record = text.parse().unwrap_or_else(|e| panic!("{e}:\n{text}"));
        assert_eq!(stripped(back), stripped(rec.clone()), "{text}");
    }
}

#[test]
fn records_in_the_other_letters_are_fmt_letters() {
    for rec in sample_records().into_iter().filter(|r| record_game(r).is_trictrac()) {
        for d in [Dialect::Soumille, Dialect::Lepeintre] {
            let text = rec.in_letters(d).to_string();
            assert_eq!(text, print_record(&rec, PrintOptions { letters: Some(d), ..Default::default() }));
            let back: Record = text.parse().unwrap_or_else(|e| panic!("{e}:\n{text}"));
            assert_eq!(back.to_string(), text);
        }
    }
}

#[test]
fn throws_are_the_lines_print_record_writes() {
    for rec in all_records().into_iter().filter(|r| r.comments.is_empty()) {
        let (dialect, game) = (record_dialect(&rec), record_game(&rec));
        let dialect = if game.is_trictrac() { dialect } else { Dialect::Soumille };
        let lines: String = rec.throws.iter().map(|t| format!("{}\n", t.in_letters(dialect).of_game(game))).collect();
        let printed = print_record(&rec, PrintOptions::default());
        assert!(printed.ends_with(&lines), "{printed}\n---\n{lines}");
        for t in &rec.throws {
            let text = t.in_letters(dialect).of_game(game).to_string();
            let back = Throw::read_of(&text, dialect, game).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(stripped_throw(back), stripped_throw(t.clone()), "{text}");
        }
    }
}

#[test]
fn throws_read_back_from_their_display() {
    for rec in all_records() {
        for t in &rec.throws {
            let text = t.to_string();
            let back: Throw = text.parse().unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(stripped_throw(back), stripped_throw(t.clone()), "{text}");
        }
    }
}

#[test]
fn plays_and_moves_read_back_in_both_letters() {
    for rec in all_records() {
        let letters: &[Dialect] = if record_game(&rec).is_trictrac() {
            &[Dialect::Soumille, Dialect::Lepeintre]
        } else {
            &[Dialect::Soumille]
        };
        for play in rec.throws.iter().filter_map(|t| t.play.as_ref()) {
            let text = play.to_string();
            assert_eq!(text.parse::<Play>().as_ref(), Ok(play), "{text}");
            for &d in letters {
                let text = play.in_letters(d).to_string();
                assert_eq!(Play::read_in(&text, d).as_ref(), Ok(play), "{text}");
            }
            let Play::Moves(moves) = play else { continue };
            for m in moves {
                assert_eq!(m.to_string().parse::<Move>(), Ok(*m), "{m}");
                for &d in letters {
                    assert_eq!(Move::read_in(&m.in_letters(d).to_string(), d), Ok(*m), "{m}");
                }
            }
        }
    }
}

#[test]
fn positions_of_every_game_read_back() {
    let mut n = 0;
    for rec in sample_records() {
        let game = record_game(&rec);
        let Some(value) = rec.tag("Position") else { continue };
        let Ok(mut setup) = parser::parse_position_of(value, record_dialect(&rec), game) else { continue };
        if setup.score.game.is_none() && game != Game::GrandTrictrac {
            setup.score.game = Some(game);
        }
        let text = setup.to_string();
        assert_eq!(text.parse::<Setup>().as_ref(), Ok(&setup), "{text}");
        if game.is_trictrac() {
            let lep = setup.in_letters(Dialect::Lepeintre).to_string();
            assert_eq!(Setup::read_in(&lep, Dialect::Lepeintre).as_ref(), Ok(&setup), "{lep}");
            assert!(Setup::read_in(&lep, Dialect::Soumille).is_err(), "{lep}");
        }
        n += 1;
    }
    assert!(n > 10, "{n} positions");
}

#[test]
fn what_is_not_one_item_is_an_error() {
    assert!("AF AE".parse::<Move>().is_err());
    assert!("".parse::<Move>().is_err());
    assert!("A".parse::<Move>().is_err());
    assert!("AF ?".parse::<Play>().is_err());
    assert!("1. 6-4 AF AE 2. 5-3 -".parse::<Throw>().is_err());
    assert!("[Event \"a\"]\n1. 6-4 AF AE\n\n[Event \"b\"]\n1. 6-4 AF AE\n".parse::<Record>().is_err());
    let one = "1. 6-4 AF AE".parse::<Record>();
    assert!(one.is_ok(), "{one:?}");
    assert!("1. 99 AF".parse::<Record>().is_err());
    assert!("M15/A15 sideways".parse::<Setup>().is_err());
    assert_eq!(" AF ".parse::<Move>().map(|m| m.to_string()), Ok("AF".to_string()));
    assert_eq!("-".parse::<Play>(), Ok(Play::Pass));
}
