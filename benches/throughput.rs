//! Reading and printing throughput over a large concatenation of records (MB/s).
//!
//! `cargo bench --bench throughput`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use soumille::notation::{print_records, read, PrintOptions};
use std::hint::black_box;

/// About 8 MB of records: generated tours, with the well-formed samples between them.
fn corpus() -> String {
    soumille::games::grand_trictrac::generate::corpus(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples")),
        8 << 20,
        false,
    )
}

fn bench(c: &mut Criterion) {
    let text = corpus();
    let records = read(&text);
    assert!(records.iter().all(|r| r.errors.is_empty()));
    let recs: Vec<_> = records.into_iter().map(|r| r.record).collect();
    let mut g = c.benchmark_group("stn");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("read", |b| b.iter(|| black_box(read(black_box(&text))).len()));
    g.bench_function("read_streaming", |b| {
        b.iter(|| soumille::notation::records(black_box(&text)).map(|r| r.record.throws.len()).sum::<usize>())
    });
    g.bench_function("print", |b| b.iter(|| black_box(print_records(black_box(&recs), PrintOptions::default())).len()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
