//! STN, the record format (docs/format.md): syntax tree, reader, printer, errors, and the
//! text of each notation type (`Display` / `FromStr`, [`text`]).
//!
//! Syntax only: nothing here judges the rules of the game.

pub mod ast;
pub mod check;
pub mod error;
pub mod header;
pub mod jan;
pub mod parser;
pub mod printer;
pub mod stream;
pub mod text;

pub use ast::*;
pub use error::{escape_controls, line_column, FileErrors, Locator, Place, SyntaxError};
pub use header::{rule_pairs, Game, Header, ResultBredouille, ResultClaim, ResultKind, RulePair, RulesError};
pub use parser::{read, read_bytes, records, records_spilling, ReadRecord, Records};
pub use printer::{print_record, print_records, PrintOptions};
pub use stream::{stream_records, stream_records_spilling, StreamEnd, StreamRecord, Unreadable};
pub use text::{InLetters, RecordErrors};

/// Reads a `Rules` value as `(key, value)` pairs, trimmed, in the order written: its form
/// only (each part a `key=value` of words, each key once), as the reader reads a `Rules`
/// tag ([`rule_pairs`]); the game judges the keys and values.
pub fn raw_rule_pairs(text: &str) -> Result<Vec<(String, String)>, Vec<RulesError>> {
    rule_pairs(text).map(|pairs| pairs.into_iter().map(|(p, _)| (p.key, p.value)).collect())
}
