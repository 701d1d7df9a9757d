//! Speed of `import`: a `.mat` file of 1,000 games (generated backgammon games with their
//! cube actions, written by `export --to mat` as one money session) read into STN records.
//!
//! `cargo run --release --example importbench [GAMES]` prints the file's size and the best
//! of five reads in MB/s and games/s: the `.mat` reader alone, and the whole import (the
//! reader, each play read through the rules, the records checked to print back as read), and
//! the whole import with the STN text printed, as `soumille import` writes it.

use soumille::games::backgammon::{generate_record, Options};
use soumille::interop::{export, import_mat, Format};
use std::hint::black_box;
use std::time::Instant;

fn best_of<F: FnMut()>(mut f: F) -> f64 {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let records: Vec<_> = (0..games).map(|seed| generate_record(seed, &Options::default())).collect();
    let mat = export(&records, Format::Mat, false).expect("generated games export").text;
    let mb = mat.len() as f64 / 1e6;
    println!("{games} games, {:.2} MB of .mat", mb);
    let reader = best_of(|| {
        black_box(soumille::interop::mat::read(black_box(&mat)).unwrap());
    });
    let whole = best_of(|| {
        black_box(import_mat(black_box(&mat)).unwrap());
    });
    let with_text = best_of(|| {
        let i = import_mat(black_box(&mat)).unwrap();
        black_box(soumille::notation::print_records(&i.records, soumille::notation::PrintOptions::default()));
    });
    println!("reader alone: {:.3} s, {:.0} MB/s, {:.0} games/s", reader, mb / reader, games as f64 / reader);
    println!("whole import: {:.3} s, {:.0} MB/s, {:.0} games/s", whole, mb / whole, games as f64 / whole);
    println!(
        "import + STN text: {:.3} s, {:.0} MB/s, {:.0} games/s",
        with_text,
        mb / with_text,
        games as f64 / with_text
    );
}
