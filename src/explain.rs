//! `explain`: every legal play of a roll in a position, and (with the scoring engine) every
//! jan with its ways and points (CLI.md, "explain --format json").

use crate::board::Seat;
use crate::dice::Dice;
use crate::notation::parser::parse_position;
use crate::position::{MoveRules, Position};
use serde::Serialize;

/// One legal play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayEntry {
    /// Canonical notation (CLI.md).
    pub notation: String,
    /// Field 1 of the position string after the play.
    pub result: String,
}

/// The plays of a roll in a position.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The position string as given, canonical.
    pub position: String,
    /// The roll, higher die first.
    pub dice: [u8; 2],
    /// The seat to throw.
    pub seat: Seat,
    /// Every legal play, sorted as ASCII strings.
    pub plays: Vec<PlayEntry>,
}

/// Why a position or roll cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The position string is malformed.
    #[error("bad position: {0}")]
    Position(String),
    /// The dice are malformed.
    #[error("bad dice `{0}`: expected dice such as 6-5 or a doublet name")]
    Dice(String),
}

/// Reads dice such as `6-5`, `5-6` or `sonnez`.
pub fn parse_dice(s: &str) -> Result<Dice, ExplainError> {
    let s = s.trim();
    if let Some(d) = Dice::from_doublet_name(s) {
        return Ok(d);
    }
    let b = s.as_bytes();
    if b.len() == 3 && b[1] == b'-' && b[0].is_ascii_digit() && b[2].is_ascii_digit() {
        if let Some(d) = Dice::new(b[0] - b'0', b[2] - b'0') {
            return Ok(d);
        }
    }
    Err(ExplainError::Dice(s.to_string()))
}

/// Reads a position string (Soumille letters) into a position.
pub fn parse_position_string(s: &str) -> Result<Position, ExplainError> {
    let setup = parse_position(s, crate::board::Dialect::Soumille)
        .map_err(|e| ExplainError::Position(format!("{} ({})", e.message, e.label)))?;
    Position::from_setup(&setup).map_err(|e| ExplainError::Position(e.to_string()))
}

/// Every legal play of `dice` in `pos`.
pub fn explain(pos: &Position, dice: Dice, rules: MoveRules) -> Explanation {
    let plays = pos.legal_plays(dice, rules);
    let seat = pos.turn();
    let mut entries: Vec<PlayEntry> =
        plays.iter().map(|p| PlayEntry { notation: p.notation(seat), result: pos.after(p).men_field() }).collect();
    entries.sort_by(|a, b| a.notation.cmp(&b.notation));
    Explanation { position: pos.to_string(), dice: [dice.high(), dice.low()], seat, plays: entries }
}
