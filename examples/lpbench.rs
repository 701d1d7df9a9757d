//! Legal plays only, over positions met in generated games (for profiling).
use soumille::notation::Header;
use soumille::position::MoveRules;
use std::time::Instant;
fn main() {
    let mut positions = Vec::new();
    let mut seed = 1;
    while positions.len() < 20_000 {
        for rec in soumille::generate::games(4, seed) {
            let header = Header::of_tags(&rec.tags).unwrap();
            let rp = soumille::replay::replay(&rec, &header, None);
            positions.extend(rp.steps.iter().map(|s| (s.before, s.dice)));
        }
        seed += 1;
    }
    let rules = MoveRules::default();
    let t = Instant::now();
    let mut total = 0;
    for _ in 0..20 {
        for (p, d) in &positions {
            total += std::hint::black_box(p.legal_plays(*d, rules)).len();
        }
    }
    let dt = t.elapsed().as_nanos() as f64 / (20 * positions.len()) as f64;
    println!("legal plays (by value): mean {dt:.0} ns per position ({total})");
    let mut buf = soumille::position::Plays::new();
    let t = Instant::now();
    let mut total = 0;
    for _ in 0..20 {
        for (p, d) in &positions {
            p.legal_plays_into(*d, rules, &mut buf);
            total += std::hint::black_box(&buf).len();
        }
    }
    let dt = t.elapsed().as_nanos() as f64 / (20 * positions.len()) as f64;
    println!("legal plays (into a reused list): mean {dt:.0} ns per position ({total})");
}
