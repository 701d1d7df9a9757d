//! The backgammon move generator against GNU Backgammon (docs/games.md §D.4–§D.6, modern rules:
//! `un-seul-de=moderne`).
//!
//! * `tests/data/bg-vectors.jsonl`: positions and rolls with every legal play gnubg's `hint`
//!   lists, written by `tests/oracle/gnubg_vectors.py` (see its docs for the format). Every
//!   vector is compared, the position once for each seat on roll (the two routes).
//! * A live differential test runs gnubg itself on fresh random positions; a missing gnubg
//!   fails it (`scripts/test`, the README's test command, installs it).

use crate::common;

use serde_json::Value;
use soumille::games::backgammon::board::{Board, BAR, OFF};
use soumille::games::backgammon::gnubg_id::{from_gnubg_arrays, gnubg_arrays, position_id};
use soumille::games::backgammon::movegen::{legal_plays_into, Plays};
use soumille::games::backgammon::options::UnSeulDe;
use soumille::{Dice, Seat};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// gnubg's number of a mover's relative point: 25 − p, the bar 25, off 0 (docs/games.md §D.1).
fn number(p: usize) -> usize {
    match p {
        BAR => 25,
        OFF => 0,
        p => 25 - p,
    }
}

/// A play in the vectors' canonical form: net origins / net destinations * hits, the
/// mover's numbers, highest first.
fn canon(before: &Board, after: &Board, seat: Seat) -> String {
    let mut froms = Vec::new();
    let mut tos = Vec::new();
    for p in 0..=OFF {
        let (b, a) = (before.men(seat, p), after.men(seat, p));
        froms.extend(std::iter::repeat_n(number(p), usize::from(b.saturating_sub(a))));
        tos.extend(std::iter::repeat_n(number(p), usize::from(a.saturating_sub(b))));
    }
    // a man hit on the mover's point n stood on the opponent's relative point n
    let mut hits: Vec<usize> = (1..OFF).filter(|&q| after.men(seat.other(), q) < before.men(seat.other(), q)).collect();
    if froms.is_empty() {
        return String::new();
    }
    froms.sort_unstable_by(|a, b| b.cmp(a));
    tos.sort_unstable_by(|a, b| b.cmp(a));
    hits.sort_unstable_by(|a, b| b.cmp(a));
    let join = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(".");
    let mut s = format!("{}/{}", join(&froms), join(&tos));
    if !hits.is_empty() {
        s.push('*');
        s.push_str(&join(&hits));
    }
    s
}

/// Compares the engine with every vector of a file; returns how many were compared.
fn compare_file(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut plays = Plays::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let mut arrays = [[0u8; 25]; 2];
        for (k, side) in arrays.iter_mut().enumerate() {
            for (j, slot) in side.iter_mut().enumerate() {
                *slot = v["board"][k][j].as_u64().unwrap() as u8;
            }
        }
        let d = Dice::new(v["dice"][0].as_u64().unwrap() as u8, v["dice"][1].as_u64().unwrap() as u8).unwrap();
        let mut want: Vec<String> = v["plays"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().into()).collect();
        want.sort();
        for seat in Seat::ALL {
            let board = from_gnubg_arrays(&arrays, seat).unwrap();
            assert_eq!(gnubg_arrays(&board), arrays);
            assert_eq!(position_id(&board), v["id"].as_str().unwrap(), "line {}", i + 1);
            legal_plays_into(&board, d, UnSeulDe::Moderne, &mut plays);
            let mut got: Vec<String> = plays.as_slice().iter().map(|p| canon(&board, &p.apply(&board), seat)).collect();
            got.sort();
            assert_eq!(got, want, "line {}: {d} on {board} ({})", i + 1, v["id"]);
            n += 1;
        }
    }
    n
}

#[test]
fn the_engine_lists_gnubgs_plays_for_every_vector() {
    let path = root().join("tests/data/bg-vectors.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    // the opening first, with its 21 rolls (docs/games.md §D.2)
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["id"], "4HPwATDgc/ABMA");
    let opening = Board::opening(Seat::Top);
    assert_eq!(position_id(&opening), "4HPwATDgc/ABMA");
    let openings = text.lines().take(21).filter(|l| l.contains("\"4HPwATDgc/ABMA\"")).count();
    assert_eq!(openings, 21);
    let n = compare_file(&path);
    assert!(n >= 2 * 2500, "{n} comparisons");
}

#[test]
fn the_engine_agrees_with_a_live_gnubg_on_fresh_positions() {
    // gnubg is required: `scripts/test` installs it, and a test never skips
    let exe = common::gnubg_required("live gnubg comparison");
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs());
    let out = std::env::temp_dir().join(format!("soumille-bg-live-{}-{seed}.jsonl", std::process::id()));
    let status = Command::new(&exe)
        .args(["-t", "-q", "-p"])
        .arg(root().join("tests/oracle/gnubg_vectors.py"))
        .env("BG_OUT", &out)
        .env("BG_SEED", seed.to_string())
        .env("BG_COUNT", "120")
        .stdout(std::process::Stdio::null())
        .status()
        .expect("gnubg runs");
    assert!(status.success(), "gnubg failed: {status}");
    let n = compare_file(&out);
    let _ = std::fs::remove_file(&out);
    assert_eq!(n, 240, "seed {seed}");
}
