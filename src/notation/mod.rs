//! STN, the record format (docs/format.md): syntax tree, reader, printer, errors, and the
//! text of each notation type (`Display` / `FromStr`, [`text`]).
//!
//! Syntax only: nothing here judges the rules of the game.

pub(crate) mod ast;
pub(crate) mod check;
pub(crate) mod error;
pub(crate) mod header;
pub(crate) mod jan;
pub(crate) mod parser;
pub(crate) mod printer;
pub(crate) mod stream;
pub(crate) mod text;

pub use ast::*;
#[cfg(feature = "fancy")]
pub use error::render as render_errors;
pub use error::{escape_controls, line_column, FileErrors, Locator, Place, SyntaxError};
pub use error::{Style, WINDOW};
pub use header::{canonical_tag_name, is_marks_kept, marks_kept_value};
pub use header::{rule_pairs, Forms, Game, Header, ResultBredouille, ResultClaim, ResultKind, RulePair, RulesError};
/// The reader without its fast path for plain throws: the oracle of the fast path's tests
/// and benchmarks.
#[doc(hidden)]
pub use parser::read_without_fast_path;
pub use parser::{fill_spans, parse_position_of, read_position, ReadPosition, ValueError};
pub use parser::{last_anchor, read, read_bytes, records, records_spilling, ReadRecord, Records};
pub use printer::{comment_letters_in, print_record, print_records, record_dialect, record_game, PrintOptions};
pub use stream::{stream_records, stream_records_spilling, StreamEnd, StreamRecord, Unreadable};
pub use text::{InLetters, RecordErrors};

/// Reads a `Rules` value as `(key, value)` pairs, trimmed, in the order written: its form
/// only (each part a `key=value` of words, each key once), as the reader reads a `Rules`
/// tag ([`rule_pairs`]); the game judges the keys and values.
pub fn raw_rule_pairs(text: &str) -> Result<Vec<(String, String)>, Vec<RulesError>> {
    rule_pairs(text).map(|pairs| pairs.into_iter().map(|(p, _)| (p.key, p.value)).collect())
}
