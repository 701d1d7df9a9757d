//! Streams the records of a file: `cargo run --release --example readfile FILE [TIMES]`.
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let times: usize = a.get(2).and_then(|x| x.parse().ok()).unwrap_or(10);
    let t = Instant::now();
    let mut throws = 0;
    for _ in 0..times {
        for r in soumille::notation::records(&text) {
            throws += r.record.throws.len();
        }
    }
    let dt = t.elapsed().as_secs_f64();
    let mb = (text.len() * times) as f64 / 1e6;
    println!("{mb:.1} MB in {dt:.3} s = {:.0} MB/s, {:.2} M throws/s", mb / dt, throws as f64 / dt / 1e6);
}
