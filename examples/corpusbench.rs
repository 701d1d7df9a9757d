//! The corpus figures of issue 7, through the release binary:
//! `cargo build --release && cargo run --release --example corpusbench`.
//! Prints: `check` throws/s on one core and peak RSS at 100 and 6,400 games; a directory of
//! 2,000 files on 1 and 2 threads; reading MB/s streaming; 100 k syntax errors; explain
//! --batch µs a line. Peak RSS needs /usr/bin/time.
use std::process::{Command, Stdio};
use std::time::Instant;

fn main() {
    let bin = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/soumille");
    let tmp = std::env::temp_dir().join("soumille-corpusbench");
    let _ = std::fs::create_dir_all(&tmp);
    if std::env::args().any(|a| a == "explain") {
        // `cargo run --release --example corpusbench -- explain`: that figure alone
        explain_batch(bin, &tmp);
        return;
    }
    let gen = |n: u32| {
        let p = tmp.join(format!("g{n}.stn"));
        let o = Command::new(bin).args(["generate", "--games", &n.to_string(), "--seed", "7"]).output().unwrap();
        std::fs::write(&p, o.stdout).unwrap();
        p
    };
    let timed = |args: &[&str], threads: &str| {
        let t = Instant::now();
        let o = Command::new("/usr/bin/time")
            .arg("-f")
            .arg("%M")
            .arg(bin)
            .args(args)
            .env("RAYON_NUM_THREADS", threads)
            .stdout(Stdio::null())
            .output()
            .unwrap();
        let dt = t.elapsed().as_secs_f64();
        let kb: u64 =
            String::from_utf8_lossy(&o.stderr).lines().last().and_then(|l| l.trim().parse().ok()).unwrap_or(0);
        (dt, kb)
    };
    for n in [100u32, 6400] {
        let p = gen(n);
        let text = std::fs::read_to_string(&p).unwrap();
        let throws: usize = soumille::notation::records(&text).map(|r| r.record.throws.len()).sum();
        let (dt, kb) = timed(&["check", p.to_str().unwrap()], "1");
        println!(
            "check {n} games ({:.1} MB, {throws} throws), 1 thread: {dt:.2} s = {:.0} k throws/s, peak RSS {:.1} MiB",
            text.len() as f64 / 1e6,
            throws as f64 / dt / 1e3,
            kb as f64 / 1024.0
        );
        if n == 6400 {
            let t = Instant::now();
            let mut k = 0;
            let end = soumille::notation::stream_records(std::fs::File::open(&p).unwrap(), |r| {
                k += r.read.record.throws.len();
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
            let dt = t.elapsed().as_secs_f64();
            println!("streaming read: {:.0} MB/s ({k} throws)", end.bytes as f64 / 1e6 / dt);
        }
    }
    // a directory of 2,000 files of 3 games each
    let dir = tmp.join("dir");
    if !dir.join("f1999.stn").exists() {
        let _ = std::fs::create_dir_all(&dir);
        let g = std::fs::read_to_string(gen(3)).unwrap();
        for k in 0..2000 {
            std::fs::write(dir.join(format!("f{k:04}.stn")), &g).unwrap();
        }
    }
    let (t1, _) = timed(&["check", "-q", dir.to_str().unwrap()], "1");
    let (t2, _) = timed(&["check", "-q", dir.to_str().unwrap()], "2");
    println!("check of 2,000 files: 1 thread {t1:.2} s, 2 threads {t2:.2} s = {:.2}x", t1 / t2);
    // 100 k syntax errors in one file
    let bad = tmp.join("bad.stn");
    let mut s = String::from("[Game \"grand-trictrac\"]\n");
    for n in 1..=100_000 {
        s.push_str(&format!("{n}. 9-9\n"));
    }
    std::fs::write(&bad, &s).unwrap();
    let (dt, _) = timed(&["check", "--max-errors", "0", bad.to_str().unwrap()], "1");
    println!("100 k syntax errors ({:.1} MB), all rendered: {dt:.2} s", s.len() as f64 / 1e6);
    let (dt, _) = timed(&["check", "--format", "json", "--max-errors", "0", "-q", bad.to_str().unwrap()], "1");
    println!("100 k syntax errors, JSON only (quiet): {dt:.2} s");
    explain_batch(bin, &tmp);
}

/// `explain --batch` µs a line, best of three, on 100,000 lines (20,000 positions of generated
/// games with their rolls, five times over) written to a file.
fn explain_batch(bin: &str, tmp: &std::path::Path) {
    let tsv = tmp.join("pos.tsv");
    let lines: String = soumille::games::grand_trictrac::generate::positions(20_000)
        .iter()
        .map(|(p, d)| format!("{p}\t{d}\n"))
        .collect();
    let lines = lines.repeat(5);
    std::fs::write(&tsv, &lines).unwrap();
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        let out = std::fs::File::create(tmp.join("out.jsonl")).unwrap();
        Command::new(bin)
            .args(["explain", "--batch"])
            .stdin(std::fs::File::open(&tsv).unwrap())
            .stdout(out)
            .status()
            .unwrap();
        best = best.min(t.elapsed().as_secs_f64());
    }
    let written = std::fs::read(tmp.join("out.jsonl")).unwrap();
    assert_eq!(written.iter().filter(|&&b| b == b'\n').count(), 100_000, "one line out a line in");
    println!("explain --batch to a file: {:.2} µs a line (100,000 lines, best of 3)", best * 1e6 / 100_000.0);
}
