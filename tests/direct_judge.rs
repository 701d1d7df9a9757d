//! The direct judge of Grand Trictrac's recorded plays (issue 28) against the full list of
//! plays it stands in for: every generated and damaged record, and every sample, replays to
//! the same flags, messages, steps, score and end both ways (`GrandTrictrac::full_list` is
//! the reference, docs/rules.md §2, §5, §10).

use proptest::prelude::*;
use soumille::games::grand_trictrac::generate;
use soumille::notation::{Decision, Header, Move, Play, Record, Target};
use soumille::{replay_game, Games};

/// The replay of `rec` directly and with the full list, keeping the steps or not: its Debug
/// text (every flag with its fact and message, every step, the score and the end) both ways.
fn both_ways(rec: &Record, src: Option<&str>, keep_steps: bool) -> Option<(String, String)> {
    let header = Header::of_tags(&rec.tags).ok()?;
    let Games::GrandTrictrac(g) = Games::of(&header) else { return None };
    assert!(!g.full_list);
    let reference = soumille::games::GrandTrictrac { full_list: true, ..g };
    let direct = replay_game(&g, rec, &header, src, keep_steps);
    let full = replay_game(&reference, rec, &header, src, keep_steps);
    // the messages, as the reports print them
    let messages = |r: &soumille::Replay| r.flags.iter().map(|f| format!("{:?}", f.diagnostic())).collect::<Vec<_>>();
    assert_eq!(messages(&direct), messages(&full));
    Some((format!("{direct:?}"), format!("{full:?}")))
}

/// Damages a record as a scribe might: dice, moves, marks, holes, decisions, seats.
fn damage(rec: &mut Record, damage: &[(u16, u8, u8)]) {
    let n = rec.throws.len();
    for &(at, what, v) in damage {
        let t = &mut rec.throws[at as usize % n];
        match what {
            0 => t.dice = soumille::Dice::new(1 + v % 6, 1 + (v / 6) % 6),
            1 => {
                if let Some(Play::Moves(m)) = &mut t.play {
                    let k = v as usize % m.len();
                    let to = soumille::Point::new(1 + v % 24).unwrap();
                    m[k].to = if v % 7 == 0 { Target::Off } else { Target::Point(to) };
                }
            }
            2 => t.marks.clear(),
            3 => t.holes = Some(1 + v as u32 % 3),
            4 => t.decision = Some(if v % 2 == 0 { Decision::Hold } else { Decision::Go }),
            5 => t.seat = Some(if v % 2 == 0 { soumille::Seat::Top } else { soumille::Seat::Bottom }),
            6 => t.play = if v % 3 == 0 { None } else { Some(Play::Pass) },
            _ => {
                if let Some(Play::Moves(m)) = &mut t.play {
                    let (f, to) = (soumille::Point::new(1 + v % 24).unwrap(), soumille::Point::new(1 + (v / 3) % 24));
                    m.push(Move::new(f, None, Target::Point(to.unwrap())));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse::<u32>().ok()).map_or(48, |n| n / 4 + 1)
    ))]

    /// Generated tours and matches of Trictrac à écrire, as generated and damaged, give the
    /// same replay directly and with the full list.
    #[test]
    fn direct_and_full_list_judges_agree(
        seed in 0u64..1_000_000,
        a_ecrire in any::<bool>(),
        harm in proptest::collection::vec((any::<u16>(), 0u8..8, any::<u8>()), 0..12),
    ) {
        let mut rec = if a_ecrire { generate::a_ecrire_match(seed) } else { generate::games(1, seed).remove(0) };
        damage(&mut rec, &harm);
        let (direct, full) = both_ways(&rec, None, true).expect("a Grand Trictrac record");
        prop_assert_eq!(direct, full);
        let (direct, full) = both_ways(&rec, None, false).expect("a Grand Trictrac record");
        prop_assert_eq!(direct, full);
    }
}

/// Every Grand Trictrac sample (the flagged ones too) replays the same directly and with the
/// full list.
#[test]
fn every_sample_replays_the_same_both_ways() {
    let mut files = Vec::new();
    let mut dirs = vec![crate::common::root().join("samples"), crate::common::root().join("docs")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "stn") {
                files.push(p);
            }
        }
    }
    let mut records = 0;
    for path in files {
        // a sample that is not UTF-8 (an invalid one) has no record to replay
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for r in soumille::read(&text) {
            if let Some((direct, full)) = both_ways(&r.record, Some(&text), true) {
                assert_eq!(direct, full, "{}", path.display());
                records += 1;
            }
        }
    }
    assert!(records > 30, "{records} Grand Trictrac records");
}
