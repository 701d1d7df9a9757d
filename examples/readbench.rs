//! A release harness: read and print throughput over a large concatenation of records
//! (generated tours with the samples between them; `SAMPLES_ONLY=1` for the samples alone).
//! `cargo run --release --example readbench [MB]`
//! `READBENCH_FILE=path`: read the corpus from that file, writing it there first if it is
//! not there (to profile the reading alone, without the generation); with `STREAM_RECORDS=1`
//! it is also read from the file through `stream_records`. `COMPARE_SLOW=1`: check first
//! that the reader without its fast path reads the corpus to the same records and errors.

use soumille::notation::{print_records, read, PrintOptions};
use std::time::Instant;

fn main() {
    let mb: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(32);
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"));
    let cached = std::env::var_os("READBENCH_FILE").map(std::path::PathBuf::from);
    let text = match cached.as_deref().map(std::fs::read_to_string) {
        Some(Ok(text)) => text,
        _ => {
            let text = soumille::games::grand_trictrac::generate::corpus(
                dir,
                mb << 20,
                std::env::var_os("SAMPLES_ONLY").is_some(),
            );
            if let Some(p) = &cached {
                std::fs::write(p, &text).expect("the corpus file is written");
            }
            text
        }
    };
    let mb_f = text.len() as f64 / 1e6;
    let rate = |what: &str, t: Instant, throws: usize| {
        let dt = t.elapsed().as_secs_f64();
        println!(
            "{what}: {mb_f:.1} MB in {dt:.3} s = {:.0} MB/s, {:.2} M throws/s ({throws} throws)",
            mb_f / dt,
            throws as f64 / dt / 1e6
        );
    };
    if std::env::var_os("SIZES").is_some() {
        use soumille::notation::{Move, OpponentPart, Play, Throw};
        let sizes = [
            ("Throw", size_of::<Throw>()),
            ("Play", size_of::<Play>()),
            ("Move", size_of::<Move>()),
            ("Option<OpponentPart>", size_of::<Option<OpponentPart>>()),
        ];
        println!("sizes: {sizes:?}");
    }
    if std::env::var_os("COMPARE_SLOW").is_some() {
        // `COMPARE_SLOW=1`: the corpus read with and without the fast path gives the same
        let fast = read(&text);
        let slow = soumille::notation::read_without_fast_path(&text);
        let same = fast.len() == slow.len()
            && fast.iter().zip(&slow).all(|(a, b)| a.record == b.record && a.errors == b.errors);
        println!("fast and full readers agree on {} records: {same}", fast.len());
        assert!(same, "the fast path read the corpus differently");
    }
    let t = Instant::now();
    let throws: usize = soumille::notation::records(&text).map(|r| r.record.throws.len()).sum();
    rate("read (streaming)", t, throws);
    if let Some(p) = cached.as_deref().filter(|p| p.exists() && std::env::var_os("STREAM_RECORDS").is_some()) {
        // `STREAM_RECORDS=1`: the same through `stream_records`, from the file, one buffer
        // at a time
        let t = Instant::now();
        let mut k = 0;
        let file = std::fs::File::open(p).expect("the corpus file opens");
        let _ = soumille::notation::stream_records(file, |r| {
            k += r.read.record.throws.len();
            std::ops::ControlFlow::Continue(())
        });
        rate("read (stream_records, from the file)", t, k);
    }
    if std::env::var_os("STREAM_ONLY").is_some() {
        return;
    }
    let t = Instant::now();
    let recs = read(&text);
    rate("read (all kept)", t, throws);
    let recs: Vec<_> = recs.into_iter().map(|r| r.record).collect();
    let t = Instant::now();
    let out = print_records(&recs, PrintOptions::default());
    let dt = t.elapsed().as_secs_f64();
    println!("print: {:.1} MB in {:.3} s = {:.0} MB/s", out.len() as f64 / 1e6, dt, out.len() as f64 / 1e6 / dt);
}
