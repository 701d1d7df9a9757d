//! Time against size for every command and every game (issue 16, items 8 and 9): one record
//! of each game with 1k, 2k, 4k, 8k and 16k throws, and the wall time of `check`, `replay`,
//! `sheet` (text and HTML), `view`, `json` and `show` on it, run as a user runs them (the
//! release binary, output thrown away). The last column is the time at 16k over the time at
//! 1k: linear work gives about 16, quadratic about 256.
//!
//! `cargo build --release && cargo run --release --example sizebench [MAX_THROWS]`
//!
//! The records stay replayable at any length: Backgammon's is the blocked position of the
//! defect reproducer (every throw a lawful pass); the others' are passes from the opening
//! (each flagged, the replay going on), so that the flags' paths are measured too.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const GAMES: [&str; 5] = ["grand-trictrac", "jacquet", "moultezim", "backgammon", "tric-trac"];

/// The commands timed: a name and the arguments before the file.
const COMMANDS: [(&str, &[&str]); 7] = [
    ("check", &["check"]),
    ("replay", &["replay"]),
    ("sheet", &["sheet"]),
    ("sheet html", &["sheet", "--format", "html"]),
    ("view", &["view"]),
    ("json", &["json"]),
    ("show", &["show", "--at", "1"]),
];

/// A record of `game` with `n` throws that replays to its end (see the module's docs).
fn record(game: &str, n: u32) -> String {
    let mut s = format!("[Game \"{game}\"]\n");
    if game == "backgammon" {
        s.push_str("[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n");
    }
    s.push('\n');
    // no doublet: in Tric Trac a doublet's thrower throws again
    let rolls = ["5-3", "6-2", "6-1", "6-3", "5-1", "5-4", "6-4", "3-2", "4-2", "2-1", "4-1", "6-5"];
    for k in 1..=n {
        let seat = if k % 2 == 1 { "top" } else { "bottom" };
        let roll = rolls[(k as usize * 7 + k as usize / 3) % rolls.len()];
        s.push_str(&format!("{k}. {seat}: {roll} -\n"));
    }
    s
}

fn binary() -> PathBuf {
    // target/release/examples/sizebench -> target/release/soumille
    let exe = std::env::current_exe().expect("the example's path");
    let bin = exe.parent().and_then(Path::parent).map(|d| d.join("soumille")).expect("target/release");
    if !bin.exists() {
        eprintln!("sizebench: {} not found: run `cargo build --release` first", bin.display());
        std::process::exit(2);
    }
    bin
}

/// The best wall time of a few runs of `soumille ARGS FILE`, in seconds.
fn time(bin: &Path, args: &[&str], file: &Path) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t0 = Instant::now();
        let status = Command::new(bin)
            .args(args)
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("soumille runs");
        let dt = t0.elapsed().as_secs_f64();
        assert!(status.code().is_some_and(|c| c <= 1), "soumille {args:?} {} failed: {status}", file.display());
        best = best.min(dt);
    }
    best
}

fn main() {
    let max: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(16_000);
    let sizes: Vec<u32> = std::iter::successors(Some(1000u32), |&n| (n * 2 <= max).then_some(n * 2)).collect();
    let bin = binary();
    let dir = std::env::temp_dir().join(format!("soumille-sizebench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    print!("{:<15} {:<11}", "game", "command");
    for n in &sizes {
        print!(" {:>8}", format!("{}k", n / 1000));
    }
    println!(" {:>8}", "last/1k");
    for game in GAMES {
        let files: Vec<PathBuf> = sizes
            .iter()
            .map(|&n| {
                let f = dir.join(format!("{game}-{n}.stn"));
                std::fs::write(&f, record(game, n)).expect("the record written");
                f
            })
            .collect();
        for (name, args) in COMMANDS {
            print!("{game:<15} {name:<11}");
            let _ = std::io::stdout().flush();
            let times: Vec<f64> = files.iter().map(|f| time(&bin, args, f)).collect();
            for t in &times {
                print!(" {:>7.3}s", t);
            }
            println!(" {:>8.1}", times[times.len() - 1] / times[0]);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
