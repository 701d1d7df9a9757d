//! A release harness: read and print throughput over a large concatenation of records
//! (generated tours with the samples between them; `SAMPLES_ONLY=1` for the samples alone).
//! `cargo run --release --example readbench [MB]`

use soumille::notation::{print_records, read, PrintOptions};
use std::time::Instant;

fn main() {
    let mb: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(32);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "stn"))
        .collect();
    names.sort();
    let mut one = String::new();
    for p in names {
        one.push_str(std::fs::read_to_string(p).unwrap().trim_start_matches('\u{feff}'));
        one.push('\n');
    }
    let long = std::env::var_os("SAMPLES_ONLY").is_none();
    let mut text = String::with_capacity(mb << 20);
    let mut seed = 1u64;
    while text.len() < mb << 20 {
        text.push_str(&one);
        if long {
            for g in soumille::generate::games(8, seed) {
                text.push_str(&soumille::notation::print_record(&g, Default::default()));
                text.push('\n');
            }
            seed += 1;
        }
    }
    let mb_f = text.len() as f64 / 1e6;
    let t = Instant::now();
    let mut throws = 0usize;
    for r in soumille::notation::records(&text) {
        throws += r.record.throws.len();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "read (streaming): {:.1} MB in {:.3} s = {:.0} MB/s, {:.2} M throws/s",
        mb_f,
        dt,
        mb_f / dt,
        throws as f64 / dt / 1e6
    );
    if std::env::var_os("STREAM_ONLY").is_some() {
        return;
    }
    let t = Instant::now();
    let recs = read(&text);
    let dt = t.elapsed().as_secs_f64();
    let throws: usize = recs.iter().map(|r| r.record.throws.len()).sum();
    println!(
        "read (all kept):  {:.1} MB in {:.3} s = {:.0} MB/s, {:.2} M throws/s",
        mb_f,
        dt,
        mb_f / dt,
        throws as f64 / dt / 1e6
    );
    if std::env::var_os("READ_ONLY").is_some() {
        return;
    }
    let recs: Vec<_> = recs.into_iter().map(|r| r.record).collect();
    let t = Instant::now();
    let out = print_records(&recs, PrintOptions::default());
    let dt = t.elapsed().as_secs_f64();
    println!("print: {:.1} MB in {:.3} s = {:.0} MB/s", out.len() as f64 / 1e6, dt, out.len() as f64 / 1e6 / dt);
}
