//! STN, the record format (NOTATION.md): syntax tree, reader, printer, errors.
//!
//! Syntax only: nothing here judges the rules of the game.

pub mod ast;
pub mod check;
pub mod error;
pub mod header;
pub mod parser;
pub mod printer;

pub use ast::*;
pub use error::{line_column, FileErrors, SyntaxError};
pub use header::{Game, Header, ResultBredouille, ResultClaim};
pub use parser::{read, read_bytes, records, ReadRecord, Records};
pub use printer::{print_record, print_records, PrintOptions};

/// A record of `throws` throws of random (not lawful) content in the shape of a real
/// transcription: a few tags, two moves a throw, now and then marks, holes and a comment.
/// For benchmarks and tests of the reader; `seed` advances.
pub fn synthetic_record(seed: &mut u64, throws: u32) -> String {
    use std::fmt::Write;
    let mut next = |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % n
    };
    const L: &[u8; 24] = b"ABCDEFGHIKLMNOPQRSTVXYZ&";
    let mut s = String::with_capacity(throws as usize * 24 + 200);
    s.push_str("[Game \"grand-trictrac\"]\n[Top \"Abbé S***\"]\n[Bottom \"M. de Travanet\"]\n[First \"top\"]\n[Source \"synthetic\"]\n\n");
    for n in 1..=throws {
        let (a, b) = (1 + next(6), 1 + next(6));
        let _ = write!(s, "{n}. {}-{}", a.max(b), a.min(b));
        match next(10) {
            0 => s.push_str(" +4 (vrai x2)"),
            1 => s.push_str(" +6 (petit-jan) 1 trou tient"),
            _ => {}
        }
        for _ in 0..2 {
            let f = next(22) as usize;
            let _ = write!(s, " {}{}", L[f] as char, L[f + 1 + next(2) as usize] as char);
        }
        match next(12) {
            0 => s.push_str(" / +2 (faux)"),
            1 => s.push_str(" { a short note }"),
            _ => {}
        }
        s.push('\n');
    }
    s.push('\n');
    s
}
