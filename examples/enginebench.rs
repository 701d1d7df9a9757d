//! A release harness for the engine: the median time of `legal_plays` over positions met in
//! generated games, and replay throughput in throws per second.
//! `cargo run --release --example enginebench`
//!
//! `enginebench --once` runs one pass of each loop and nothing else, in functions of their
//! own, to count instructions per position with callgrind:
//! `valgrind --tool=callgrind --toggle-collect='enginebench::plays_and_jans_pass' target/release/examples/enginebench --once`
//! (or `enginebench::legal_plays_pass`), the count divided by 20,000.

use soumille::games::grand_trictrac::movegen::{MoveRules, Plays};
use soumille::notation::Header;
use soumille::Position;
use std::time::Instant;

/// The legal plays of every position once.
#[inline(never)]
fn legal_plays_pass(positions: &[(Position, soumille::Dice)], buf: &mut Plays) -> usize {
    let rules = MoveRules::default();
    let mut total = 0;
    for (p, d) in positions {
        p.legal_plays_into(*d, rules, buf);
        total += std::hint::black_box(&*buf).len();
    }
    total
}

/// The plays and the jans of every position once, as the replay computes them.
#[inline(never)]
fn plays_and_jans_pass(positions: &[(Position, soumille::Dice)], dice_plays: &mut Plays, legal: &mut Plays) -> usize {
    let rules = MoveRules::default();
    let options = soumille::games::grand_trictrac::options::RuleOptions::default();
    let history = soumille::games::grand_trictrac::scoring::History::default();
    let mut total = 0;
    for (p, d) in positions {
        let board = soumille::games::grand_trictrac::movegen::Board::new(p, rules);
        board.dice_plays_into(*d, dice_plays);
        let jans = soumille::games::grand_trictrac::scoring::roll_jans(&board, *d, dice_plays, &history, &options);
        legal.copy_from(dice_plays);
        legal.apply_jan_obligations();
        total += std::hint::black_box(jans.points[0] as usize + legal.len());
    }
    total
}

fn main() {
    let positions = soumille::games::grand_trictrac::generate::positions(20_000);
    if std::env::args().any(|a| a == "--once") {
        let (mut a, mut b) = (Plays::new(), Plays::new());
        let n = legal_plays_pass(&positions, &mut a) + plays_and_jans_pass(&positions, &mut a, &mut b);
        println!("{n}");
        return;
    }
    // `enginebench --tsv FILE` also writes the positions for `soumille explain --batch`
    let args: Vec<String> = std::env::args().collect();
    if let Some(k) = args.iter().position(|a| a == "--tsv") {
        let lines: String = positions.iter().map(|(p, d)| format!("{p}\t{d}\n")).collect();
        std::fs::write(&args[k + 1], lines).unwrap();
    }
    let rules = MoveRules::default();
    let mut times = Vec::with_capacity(positions.len());
    let mut total = 0usize;
    let mut buf = soumille::games::grand_trictrac::movegen::Plays::new();
    for _ in 0..5 {
        times.clear();
        for (p, d) in &positions {
            let t = Instant::now();
            p.legal_plays_into(*d, rules, &mut buf);
            total += std::hint::black_box(&buf).len();
            times.push(t.elapsed().as_nanos() as u64);
        }
    }
    times.sort_unstable();
    let med = times[times.len() / 2];
    let p90 = times[times.len() * 9 / 10];
    let t = Instant::now();
    for (p, d) in &positions {
        p.legal_plays_into(*d, rules, &mut buf);
        total += std::hint::black_box(&buf).len();
    }
    let mean = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    println!(
        "legal plays: {} positions, median {med} ns, p90 {p90} ns, mean {mean:.0} ns ({total} plays)",
        positions.len()
    );

    // plays and jans together, as the replay computes them
    let options = soumille::games::grand_trictrac::options::RuleOptions::default();
    let history = soumille::games::grand_trictrac::scoring::History::default();
    times.clear();
    for _ in 0..3 {
        times.clear();
        let mut dice_plays = soumille::games::grand_trictrac::movegen::Plays::new();
        let mut legal = soumille::games::grand_trictrac::movegen::Plays::new();
        for (p, d) in &positions {
            let t = Instant::now();
            let board = soumille::games::grand_trictrac::movegen::Board::new(p, rules);
            board.dice_plays_into(*d, &mut dice_plays);
            let jans = soumille::games::grand_trictrac::scoring::roll_jans(&board, *d, &dice_plays, &history, &options);
            legal.copy_from(&dice_plays);
            legal.apply_jan_obligations();
            total += std::hint::black_box(jans.points[0] as usize + legal.len());
            times.push(t.elapsed().as_nanos() as u64);
        }
    }
    times.sort_unstable();
    println!("plays and jans: median {} ns, p90 {} ns", times[times.len() / 2], times[times.len() * 9 / 10]);
    assert!(total > 0);

    let games = soumille::games::grand_trictrac::generate::games(200, 42);
    let headers: Vec<Header> = games.iter().map(|g| Header::of_tags(&g.tags).unwrap()).collect();
    let throws: usize = games.iter().map(|g| g.throws.len()).sum();
    let t = Instant::now();
    let mut flags = 0;
    for (g, h) in games.iter().zip(&headers) {
        flags += soumille::replay(g, h, None).flags.len();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "replay and validation: {throws} throws in {dt:.3} s = {:.0} throws/s ({flags} flags)",
        throws as f64 / dt
    );
}
