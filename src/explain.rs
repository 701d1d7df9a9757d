//! `explain`: every legal play of a roll in a position, and (with the scoring engine) every
//! jan with its ways and points (docs/commands.md, "explain --format json").

use crate::dice::Dice;
use crate::notation::parser::parse_position;
use crate::position::Position;

pub use crate::games::grand_trictrac::explain::{
    explain, explain_with, history_of, write_explanation, Explanation, LetteredExplanation, Scratch,
};

mod question;
pub use question::{
    explain_roll, game_with_rules, rule_pairs, rules_words, Answer, Explained, Question, RulesRefused, RulesSource,
};

/// Why a position or roll cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The position string is malformed.
    #[error("bad position: {0}")]
    Position(String),
    /// The dice are malformed.
    #[error("bad dice `{0}`: expected dice such as 6-5 or a doublet name")]
    Dice(String),
    /// The position names a game and another was asked for.
    #[error(
        "the position is of {said} (game={said}), but --game says {given}: give no --game, or a position of {given}"
    )]
    GameContradicted {
        /// The position's `game=`.
        said: crate::notation::Game,
        /// The game asked for.
        given: crate::notation::Game,
    },
    /// The rule options asked for are not `key=value` pairs.
    #[error("--rules: {}", .0.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; "))]
    RulesSyntax(Vec<crate::notation::RulesError>),
    /// The game refuses rule options (unknown keys or values).
    #[error("{whose}: {refused}")]
    Rules {
        /// Whose options they are.
        whose: RulesSource,
        /// What the game says of them.
        refused: RulesRefused,
    },
    /// The rules asked for are not the position's.
    #[error("{}", rules_contradicted(*.game, .said, .given))]
    RulesContradicted {
        /// The position's game.
        game: crate::notation::Game,
        /// The position's options that differ from the game's defaults.
        said: Vec<(String, String)>,
        /// The options asked for that differ from the game's defaults.
        given: Vec<(String, String)>,
    },
    /// The game cannot explain the position (its board is not one of the game's).
    #[error(transparent)]
    Plays(#[from] crate::games::PlaysError),
    /// A line of `explain --batch` is not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotText,
    /// A line of `explain --batch` is not `POSITION<TAB>DICE`.
    #[error("expected POSITION<TAB>DICE")]
    NotALine,
    /// The answer could not be written as JSON.
    #[error("{0}")]
    Json(String),
}

/// The words of [`ExplainError::RulesContradicted`].
fn rules_contradicted(game: crate::notation::Game, said: &[(String, String)], given: &[(String, String)]) -> String {
    let says = if said.is_empty() {
        format!("its rules are the defaults of {game} (it has no rules= field)")
    } else {
        format!("its rules are {}", rules_words(said))
    };
    format!(
        "--rules says {}, but the position says {says}: give no --rules, or the position's rules",
        rules_words(given)
    )
}

/// Reads dice such as `6-5`, `5-6` or `sonnez`.
pub fn parse_dice(s: &str) -> Result<Dice, ExplainError> {
    let s = s.trim();
    // digits first: no doublet's name is three bytes with a `-` in the middle
    let b = s.as_bytes();
    if b.len() == 3 && b[1] == b'-' && b[0].is_ascii_digit() && b[2].is_ascii_digit() {
        if let Some(d) = Dice::new(b[0] - b'0', b[2] - b'0') {
            return Ok(d);
        }
    }
    if let Some(d) = Dice::from_doublet_name(s) {
        return Ok(d);
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

pub use crate::games::rules_departing;

/// Gives a setup of a record the fields that say its game and rules (docs/games.md §H.7):
/// `game=` for any game but Grand Trictrac, `rules=` where the record's rules differ from
/// the game's defaults; the position string it then prints is the record's for `explain`.
pub fn stamp_position(setup: &mut crate::board::Setup, header: &crate::notation::Header) {
    setup.score.game = (header.game != crate::notation::Game::GrandTrictrac).then_some(header.game);
    let rules = rules_departing(header);
    setup.score.rules = (!rules.is_empty()).then_some(rules);
}

pub use crate::board::{letters_in, men_field_in};

/// The position string after throw `at` of a replayed record (`0`: the start), with its
/// score fields, its game and rules (docs/games.md §H.7), in the record's letters: what `show
/// --format position` writes and `explain` reads back. `None` when the replay did not reach
/// that throw.
pub fn position_string_at(rp: &crate::replay::Replay, header: &crate::notation::Header, at: u32) -> Option<String> {
    let mut setup = if at == 0 {
        rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())?.clone()
    } else {
        rp.steps.iter().find(|s| s.number == at).map(|s| s.after.clone())?
    };
    stamp_position(&mut setup, header);
    Some(setup.to_string_in(header.letters))
}
