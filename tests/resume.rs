//! The resumable replay (issue 19): a record edited at throw N, replayed from N given the
//! replay of the record before the edit ([`soumille::replay_from`]), gives what a
//! replay of the edited record from scratch gives: the same flags, steps, end, position
//! reached and stop, for every game (the five games and Trictrac à écrire), for generated
//! games and the samples, clean and flagged.

use proptest::prelude::*;
use soumille::notation::{print_record, Game, Play, PrintOptions, Record, Target};
use soumille::{first_change, replay_from, replay_from_owned, replay_resumable, replay_resumed, Games, Keep, Replay};
use soumille::{Dice, Point};
use std::borrow::Cow;

/// The games `generate` plays.
const GAMES: [Game; 6] =
    [Game::GrandTrictrac, Game::TrictracAEcrire, Game::Jacquet, Game::Moultezim, Game::Backgammon, Game::TricTrac];

/// An edit of one throw: `kind` 0 changes its dice, 1 a letter of its play (its dice when it
/// has none), 2 removes it (the throws after it numbered again); `a`, `b` choose the new
/// values.
#[derive(Clone, Copy, Debug)]
struct Edit {
    kind: u8,
    a: u8,
    b: u8,
}

fn edit() -> impl Strategy<Value = Edit> {
    (0u8..3, any::<u8>(), any::<u8>()).prop_map(|(kind, a, b)| Edit { kind, a, b })
}

/// `rec` with throw of index `n` edited by `e` (nothing when there is no such throw).
fn edited(rec: &Record, n: usize, e: Edit) -> Record {
    let mut rec = rec.clone();
    if n >= rec.throws.len() {
        return rec;
    }
    let dice = Dice::new(e.a % 6 + 1, e.b % 6 + 1);
    match e.kind {
        0 => rec.throws[n].dice = dice,
        1 => match &mut rec.throws[n].play {
            Some(Play::Moves(m)) if !m.is_empty() => {
                let k = e.b as usize % m.len();
                m[k].to = Target::Point(Point::new(e.a % 24 + 1).expect("1..=24"));
            }
            _ => rec.throws[n].dice = dice,
        },
        _ => {
            rec.throws.remove(n);
            for t in &mut rec.throws[n..] {
                t.number -= 1;
            }
        }
    }
    rec
}

/// Everything a replay gives, to compare: the flags (with their spans and words), the
/// steps, the end, the position reached, the stop, Grand Trictrac's books.
fn said(r: &Replay) -> String {
    format!("{:#?}\n{:#?}\n{:?}\n{:?}\n{:?}\n{:?}", r.flags, r.steps, r.end, r.last, r.stopped_at, r.grand_trictrac)
}

/// Reads `rec` printed: the record with its spans, its header and the text.
fn printed(rec: &Record) -> Option<(soumille::ReadRecord, String)> {
    let text = print_record(rec, PrintOptions::default());
    let mut read = soumille::read(&text);
    (read.len() == 1 && read[0].errors.is_empty()).then(|| (read.remove(0), text))
}

/// The original record and its edit at throw `n` (index), both printed and read again:
/// `replay_from` of the edit from `n` given the original's replay is the edit's replay from
/// scratch, and replaying again from the result (the checkpoints carried on) is too.
fn check_resume(orig: &Record, n: usize, e: Edit) -> Result<(), TestCaseError> {
    let Some((old, old_text)) = printed(orig) else { return Ok(()) };
    let Some((new, new_text)) = printed(&edited(&old.record, n, e)) else { return Ok(()) };
    let earlier = replay_resumable(&old.record, &old.header, Some(&old_text));
    let from = first_change(&old.record, &new.record);
    prop_assert!(from >= n.min(old.record.throws.len()).min(new.record.throws.len()), "from {from}, n {n}");
    let fresh = replay_resumable(&new.record, &new.header, Some(&new_text));
    for at in [n.min(from), from] {
        let resumed = replay_from(&new.record, &new.header, Some(&new_text), &earlier, at);
        prop_assert_eq!(said(&resumed), said(&fresh), "resumed from {}", at);
        prop_assert_eq!(resumed.checkpoints.at.len(), fresh.checkpoints.at.len());
        // a second edit after the first: the resumed replay's checkpoints serve again
        let again = replay_from(&new.record, &new.header, Some(&new_text), &resumed, at / 2);
        prop_assert_eq!(said(&again), said(&fresh), "again from {}", at / 2);
        // the earlier replay taken rather than borrowed (the editor's way)
        let owned = replay_from_owned(&new.record, &new.header, Some(&new_text), earlier.clone(), at);
        prop_assert_eq!(said(&owned), said(&fresh), "owned, from {}", at);
        prop_assert_eq!(owned.checkpoints.at.len(), fresh.checkpoints.at.len());
    }
    // repair's way: no steps, no text, the candidates keeping no checkpoint
    let games = Games::of(&new.header);
    let base = replay_resumed(games, &old.record, &old.header, None, None, Keep { steps: false, checkpoints: true });
    let books = soumille::replay_books(&new.record, &new.header, None);
    let keep = Keep { steps: false, checkpoints: false };
    let resumed = replay_resumed(games, &new.record, &new.header, None, Some((Cow::Borrowed(&base), from)), keep);
    prop_assert_eq!(said(&resumed), said(&books), "books from {}", from);
    prop_assert!(resumed.checkpoints.at.is_empty());
    Ok(())
}

/// One generated game of `game` from `seed`.
fn generated(game: Game, seed: u64) -> Record {
    soumille::generate(game, 1, seed).next().expect("one game").expect("the generator plays it")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A generated game (clean) edited at a random throw.
    #[test]
    fn resuming_a_clean_game_is_replaying_it(g in 0usize..6, seed in 0u64..10_000, at in 0.0f64..1.0, e in edit()) {
        let rec = generated(GAMES[g], seed);
        let n = (at * rec.throws.len() as f64) as usize;
        check_resume(&rec, n, e)?;
    }

    /// A generated game already flagged before the edit (a first edit at an earlier throw),
    /// edited again at a later one.
    #[test]
    fn resuming_a_flagged_game_is_replaying_it(
        g in 0usize..6,
        seed in 0u64..10_000,
        first in 0.0f64..1.0,
        at in 0.0f64..1.0,
        e0 in edit(),
        e in edit(),
    ) {
        let rec = generated(GAMES[g], seed);
        let m = (first * rec.throws.len() as f64) as usize;
        let flagged = edited(&rec, m, e0);
        let n = m + ((at * (flagged.throws.len().saturating_sub(m)) as f64) as usize);
        check_resume(&flagged, n, e)?;
    }
}

/// Every record of the samples (those read without error), edited at a random throw: the
/// samples hold the flagged records of every game (fausses cases, écoles, cube, claims).
#[test]
fn resuming_the_samples_is_replaying_them() {
    let mut records = 0;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for path in sample_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")) {
        // the samples of bytes that are no text (samples/invalid) are not records
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for read in soumille::read(&text).into_iter().filter(|r| r.errors.is_empty()) {
            // a record that does not read back printed is not edited (counted out)
            if printed(&read.record).is_none() {
                continue;
            }
            records += 1;
            let len = read.record.throws.len();
            let cases = (0..len.min(6), edit());
            runner
                .run(&cases, |(k, e)| check_resume(&read.record, k * len / 6 + k % 2, e))
                .unwrap_or_else(|f| panic!("{}: {f}", path.display()));
        }
    }
    assert!(records > 50, "only {records} sample records");
    eprintln!("{records} sample records edited");
}

fn sample_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("samples").flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(sample_files(&p));
        } else if p.extension().is_some_and(|e| e == "stn") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The ordinary replay keeps no checkpoint; the resumable one keeps one before each throw
/// replayed, and the resumed replay of an unchanged record is its replay.
#[test]
fn checkpoints_are_kept_only_when_asked() {
    for game in GAMES {
        let rec = generated(game, 3);
        let (read, text) = printed(&rec).expect("a generated record reads back");
        let plain = soumille::replay(&read.record, &read.header, Some(&text));
        assert!(plain.checkpoints.at.is_empty(), "{game:?}");
        let resumable = replay_resumable(&read.record, &read.header, Some(&text));
        assert_eq!(said(&resumable), said(&plain), "{game:?}");
        assert_eq!(resumable.checkpoints.at.len(), read.record.throws.len(), "{game:?}");
        assert!(resumable.checkpoints.at.iter().enumerate().all(|(i, c)| c.index == i));
        let n = read.record.throws.len() / 2;
        let again = replay_from(&read.record, &read.header, Some(&text), &resumable, n);
        assert_eq!(said(&again), said(&plain), "{game:?}");
        // the steps before throw n are the earlier replay's, not replayed again: one marked
        // in the earlier replay comes back marked; the steps from n on are replayed
        let mut marked = resumable.clone();
        marked.steps[0].points = [999, 999];
        marked.steps[n].points = [999, 999];
        let again = replay_from(&read.record, &read.header, Some(&text), &marked, n);
        assert_eq!(again.steps[0].points, [999, 999], "{game:?}: resumed");
        assert_eq!(again.steps[n].points, plain.steps[n].points, "{game:?}: replayed from {n}");
        let whole = replay_from(&read.record, &read.header, Some(&text), &marked, 0);
        assert_eq!(whole.steps[0].points, plain.steps[0].points, "{game:?}: replayed whole");
    }
}

/// An edit that changes what the whole record claims (a mark written where the record had
/// none: Tric Trac's marks are then claims from the first throw on, docs/games.md §H.3) is
/// replayed whole, and still right.
#[test]
fn a_change_of_the_records_claims_replays_it_whole() {
    let text = "[Game \"tric-trac\"]\n\n1. 3-1 AB\n2. 4-2 CD\n3. 5-5 EF\n";
    let old = &soumille::read(text)[0];
    let earlier = replay_resumable(&old.record, &old.header, Some(text));
    let mut rec = old.record.clone();
    let m = soumille::read("[Game \"tric-trac\"]\n\n1. 3-1 AB +4\n").remove(0).record.throws[0].marks.clone();
    rec.throws[2].marks = m;
    let (new, new_text) = printed(&rec).expect("reads back");
    let fresh = replay_resumable(&new.record, &new.header, Some(&new_text));
    let resumed = replay_from(&new.record, &new.header, Some(&new_text), &earlier, 2);
    assert_eq!(said(&resumed), said(&fresh));
}
