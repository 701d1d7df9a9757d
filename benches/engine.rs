//! The engine: legal plays for one position (generated positions and rolls), and the replay
//! of generated games in throws per second.
//!
//! `cargo bench --bench engine`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use soumille::games::grand_trictrac::movegen::MoveRules;
use soumille::notation::Header;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let positions = soumille::games::grand_trictrac::generate::positions(4096);
    let rules = MoveRules::default();
    let mut g = c.benchmark_group("engine");
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut buf = soumille::games::grand_trictrac::movegen::Plays::new();
    g.bench_function("legal_plays/position", |b| {
        b.iter(|| {
            let mut n = 0;
            for (p, d) in &positions {
                p.legal_plays_into(*d, rules, &mut buf);
                n += black_box(&buf).len();
            }
            n
        })
    });
    // plays and jans together, as the replay computes them
    let options = soumille::games::grand_trictrac::options::RuleOptions::default();
    let history = soumille::games::grand_trictrac::scoring::History::default();
    let (mut dice_plays, mut legal) = (
        soumille::games::grand_trictrac::movegen::Plays::new(),
        soumille::games::grand_trictrac::movegen::Plays::new(),
    );
    g.bench_function("plays_and_jans/position", |b| {
        b.iter(|| {
            let mut n = 0;
            for (p, d) in &positions {
                let board = soumille::games::grand_trictrac::movegen::Board::new(p, rules);
                board.dice_plays_into(*d, &mut dice_plays);
                let jans =
                    soumille::games::grand_trictrac::scoring::roll_jans(&board, *d, &dice_plays, &history, &options);
                legal.copy_from(&dice_plays);
                legal.apply_jan_obligations();
                n += black_box(jans.points[0] as usize + legal.len());
            }
            n
        })
    });
    let games = soumille::games::grand_trictrac::generate::games(20, 99);
    let throws: usize = games.iter().map(|g| g.throws.len()).sum();
    let headers: Vec<Header> = games.iter().map(|g| Header::of_tags(&g.tags).unwrap()).collect();
    g.throughput(Throughput::Elements(throws as u64));
    g.bench_function("replay/throw", |b| {
        b.iter_batched(
            || (),
            |_| {
                let mut flags = 0;
                for (g, h) in games.iter().zip(&headers) {
                    flags += soumille::replay(g, h, None).flags.len();
                }
                assert_eq!(flags, 0);
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
