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

/// The points each seat marks for the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatPoints {
    /// Top's.
    pub top: u16,
    /// Bottom's.
    pub bottom: u16,
}

/// The plays and the jans of a roll in a position.
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
    /// Every jan the roll makes, for either seat.
    pub jans: Vec<crate::scoring::Jan>,
    /// The total each seat marks for the roll.
    pub points: SeatPoints,
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
    Ok(parse_setup(s)?.1)
}

/// Reads a position string into its setup (with the score fields) and its position.
pub fn parse_setup(s: &str) -> Result<(crate::board::Setup, Position), ExplainError> {
    let setup = parse_position(s, crate::board::Dialect::Soumille)
        .map_err(|e| ExplainError::Position(format!("{} ({})", e.message, e.label)))?;
    let pos = Position::from_setup(&setup).map_err(|e| ExplainError::Position(e.to_string()))?;
    Ok((setup, pos))
}

/// The relève history a position string gives (its `throws=` field).
pub fn history_of(setup: &crate::board::Setup) -> crate::scoring::History {
    let throws = setup.score.throws.map_or([0, 0], |t| [t[Seat::Top], t[Seat::Bottom]]);
    crate::scoring::History { throws, ..Default::default() }
}

/// Every legal play of `dice` in `pos`, and every jan, with the default options.
pub fn explain(pos: &Position, dice: Dice, rules: MoveRules) -> Explanation {
    let options =
        crate::options::RuleOptions { sortie: rules.sortie, passage_rest: rules.passage_rest, ..Default::default() };
    explain_with(pos, dice, &options, &crate::scoring::History::default())
}

/// Every legal play of `dice` in `pos`, and every jan under `options` and `history`.
pub fn explain_with(
    pos: &Position,
    dice: Dice,
    options: &crate::options::RuleOptions,
    history: &crate::scoring::History,
) -> Explanation {
    let (plays, roll) = plays_and_jans(pos, dice, options, history);
    let seat = pos.turn();
    let mut entries: Vec<PlayEntry> =
        plays.iter().map(|p| PlayEntry { notation: p.notation(seat), result: pos.after(p).men_field() }).collect();
    entries.sort_by(|a, b| a.notation.cmp(&b.notation));
    let jans: Vec<crate::scoring::Jan> = roll.iter().copied().collect();
    let points = SeatPoints { top: roll.points_of(Seat::Top), bottom: roll.points_of(Seat::Bottom) };
    Explanation { position: pos.to_string(), dice: [dice.high(), dice.low()], seat, plays: entries, jans, points }
}

/// The legal plays of a roll and every jan it makes (RULES.md §2–§7): what `explain` reports.
fn plays_and_jans(
    pos: &Position,
    dice: Dice,
    options: &crate::options::RuleOptions,
    history: &crate::scoring::History,
) -> (crate::position::Plays, crate::scoring::RollJans) {
    let board = crate::position::Board::new(pos, MoveRules::from(options));
    let mut plays = board.dice_plays(dice);
    let roll = crate::scoring::roll_jans(&board, dice, &plays, history, options);
    plays.apply_jan_obligations();
    (plays, roll)
}

/// Lists reused from line to line by [`write_explanation`].
#[derive(Default)]
pub struct Scratch {
    /// Each play's notation then its result, one after the other.
    text: Vec<u8>,
    /// Each play's (start, end of notation, end of result) in `text`.
    plays: Vec<(u32, u32, u32)>,
    /// The other seat's half of the results.
    other: Vec<u8>,
}

/// Writes the JSON of [`explain_with`] (the same bytes as `serde_json::to_writer` of the
/// [`Explanation`]) straight into `out`, building no [`Explanation`]: for `explain --batch`.
pub fn write_explanation(
    out: &mut Vec<u8>,
    scratch: &mut Scratch,
    pos: &Position,
    dice: Dice,
    options: &crate::options::RuleOptions,
    history: &crate::scoring::History,
) {
    use std::io::Write;
    let (plays, roll) = plays_and_jans(pos, dice, options, history);
    let seat = pos.turn();
    scratch.text.clear();
    scratch.plays.clear();
    // the other seat's half of every result is the same: written once
    let other = seat.other();
    scratch.other.clear();
    Position::write_side_field(other, pos.side(other), &mut scratch.other);
    for p in plays.iter() {
        let start = scratch.text.len() as u32;
        p.write_notation(seat, crate::board::Dialect::Soumille, &mut scratch.text);
        let mid = scratch.text.len() as u32;
        let mut side = *pos.side(seat);
        for st in p.steps() {
            side[st.from as usize] -= 1;
            side[st.to as usize] += 1;
        }
        if seat == Seat::Top {
            Position::write_side_field(seat, &side, &mut scratch.text);
            scratch.text.push(b'/');
            scratch.text.extend_from_slice(&scratch.other);
        } else {
            scratch.text.extend_from_slice(&scratch.other);
            scratch.text.push(b'/');
            Position::write_side_field(seat, &side, &mut scratch.text);
        }
        scratch.plays.push((start, mid, scratch.text.len() as u32));
    }
    let text = &scratch.text;
    scratch.plays.sort_unstable_by(|a, b| text[a.0 as usize..a.1 as usize].cmp(&text[b.0 as usize..b.1 as usize]));
    // position strings, notations and men fields hold letters, digits, `/&#=` and spaces:
    // nothing that JSON escapes
    out.extend_from_slice(b"{\"position\":\"");
    pos.to_setup().write_men_field(crate::board::Dialect::Soumille, out);
    let _ = write!(
        out,
        " {}\",\"dice\":[{},{}],\"seat\":\"{}\",\"plays\":[",
        pos.turn().name(),
        dice.high(),
        dice.low(),
        seat.name()
    );
    for (k, &(a, m, e)) in scratch.plays.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"notation\":\"");
        out.extend_from_slice(&text[a as usize..m as usize]);
        out.extend_from_slice(b"\",\"result\":\"");
        out.extend_from_slice(&text[m as usize..e as usize]);
        out.extend_from_slice(b"\"}");
    }
    out.extend_from_slice(b"],\"jans\":[");
    for (k, j) in roll.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        let _ = serde_json::to_writer(&mut *out, j);
    }
    let _ = write!(
        out,
        "],\"points\":{{\"top\":{},\"bottom\":{}}}}}",
        roll.points_of(Seat::Top),
        roll.points_of(Seat::Bottom)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batch_writer_writes_what_serde_writes() {
        let options = crate::options::RuleOptions::default();
        let history = crate::scoring::History::default();
        let mut scratch = Scratch::default();
        for (pos, dice) in crate::generate::positions(300) {
            let mut out = Vec::new();
            write_explanation(&mut out, &mut scratch, &pos, dice, &options, &history);
            let e = explain_with(&pos, dice, &options, &history);
            assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&e).unwrap());
        }
    }
}
