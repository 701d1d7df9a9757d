//! # soumille
//!
//! Records of French Grand Trictrac in the lettered notation of the abbé Soumille (1738):
//! the STN reader and printer, JSON both ways, and (in coming work) the rules engine that
//! replays a record and flags every fausse case and école.
//!
//! ```
//! let text = "[Game \"grand-trictrac\"]\n\n1. 5-6 A-G A-F\n";
//! let recs = soumille::notation::read(text);
//! assert!(recs[0].errors.is_empty());
//! let canonical = soumille::notation::print_record(&recs[0].record, Default::default());
//! assert_eq!(canonical, "[Game \"grand-trictrac\"]\n\n1. 6-5 AG AF\n");
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod corpus;
pub mod dice;
pub mod explain;
pub mod fausse_case;
pub mod generate;
pub mod jan;
pub mod json;
pub mod notation;
pub mod options;
pub mod position;
pub mod replay;
pub mod report;
pub mod score;
pub mod scoring;
pub mod sheet;
pub mod show;

pub use board::{BySeat, Dialect, Point, Seat, Setup};
pub use dice::Dice;
pub use jan::JanCode;
pub use notation::{Record, SyntaxError};
pub use options::RuleOptions;
