//! The text of the notation types: `Display` and `FromStr` for [`Move`], [`Play`],
//! [`Throw`], [`Record`] and the position string ([`Setup`]), in either alphabet.
//!
//! Each `Display` is the canonical printer's text, the one `fmt` writes ([`super::printer`]):
//! never a second formatting. `Display` writes Soumille's letters; `x.in_letters(dialect)`
//! writes Lepeintre's (a wrapper that implements `Display`). `FromStr` reads Soumille's;
//! `T::read_in(text, dialect)` reads either. A record is written in its own letters (its
//! `Letters` tag), as `fmt` writes it, and `in_letters` converts it as `fmt --letters` does.
//!
//! ```
//! use soumille::notation::{Play, Record};
//! use soumille::Dialect;
//! let play: Play = "AF AE".parse().unwrap();
//! assert_eq!(play.to_string(), "AF AE");
//! let lep = play.in_letters(Dialect::Lepeintre).to_string();
//! assert_eq!(Play::read_in(&lep, Dialect::Lepeintre), Ok(play));
//! let rec: Record = "[Game \"jacquet\"]\n\n1. 6-5 &T\n".parse().unwrap();
//! assert_eq!(rec.throws[0].to_string(), "1. 6-5 &T");
//! assert!("1. 6-5 &T\n\n[Game \"jacquet\"]\n1. 6-5 &T\n".parse::<Record>().is_err());
//! ```

use super::ast::{Move, Play, Record, Throw};
use super::error::SyntaxError;
use super::header::Game;
use super::parser::{self, ValueError};
use super::printer::{self, PrintOptions};
use crate::board::{Dialect, Setup};
use std::fmt;
use std::str::FromStr;

/// A notation value written in chosen letters (and, for a throw, with the forms of a
/// chosen game): made by `in_letters`, written by `Display`.
#[derive(Clone, Copy, Debug)]
pub struct InLetters<'a, T: ?Sized> {
    item: &'a T,
    dialect: Dialect,
    game: Option<Game>,
}

impl<'a, T: ?Sized> InLetters<'a, T> {
    /// Written with the forms of `game` (a throw of Tric Trac: its marks after the play).
    pub fn of_game(self, game: Game) -> InLetters<'a, T> {
        InLetters { game: Some(game), ..self }
    }
}

macro_rules! lettered {
    ($($t:ty),*) => {$(
        impl $t {
            /// This value written in `dialect`'s letters (`Display`).
            pub fn in_letters(&self, dialect: Dialect) -> InLetters<'_, $t> {
                InLetters { item: self, dialect, game: None }
            }
        }
    )*};
}

lettered!(Move, Play, Throw, Record, Setup);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_letters(Dialect::Soumille).fmt(f)
    }
}

impl fmt::Display for InLetters<'_, Move> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&printer::move_text(self.item, self.dialect))
    }
}

impl FromStr for Move {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Move, SyntaxError> {
        parser::read_move(s, Dialect::Soumille)
    }
}

impl Move {
    /// Reads one move written in `dialect`'s letters.
    pub fn read_in(text: &str, dialect: Dialect) -> Result<Move, SyntaxError> {
        parser::read_move(text, dialect)
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_letters(Dialect::Soumille).fmt(f)
    }
}

impl fmt::Display for InLetters<'_, Play> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&printer::play_text(self.item, self.dialect))
    }
}

impl FromStr for Play {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Play, SyntaxError> {
        parser::read_play(s, Dialect::Soumille)
    }
}

impl Play {
    /// Reads one recorded play (`-` or moves) written in `dialect`'s letters.
    pub fn read_in(text: &str, dialect: Dialect) -> Result<Play, SyntaxError> {
        parser::read_play(text, dialect)
    }
}

/// The game whose forms a throw is written with when none is given: Tric Trac's when it
/// claims a partie or decides after one, else Grand Trictrac's (the cube and the paths are
/// written the same in every game).
fn throw_game(t: &Throw) -> Game {
    if t.partie.is_some() || t.decision.is_some_and(super::ast::Decision::after_partie) {
        Game::TricTrac
    } else {
        Game::GrandTrictrac
    }
}

impl Throw {
    /// This throw written as a record of `game` writes it, in Soumille's letters.
    pub fn in_game(&self, game: Game) -> InLetters<'_, Throw> {
        self.in_letters(Dialect::Soumille).of_game(game)
    }

    /// Reads one throw written in `dialect`'s letters, of whichever game reads it (Grand
    /// Trictrac's forms first, then Tric Trac's, then Backgammon's).
    pub fn read_in(text: &str, dialect: Dialect) -> Result<Throw, SyntaxError> {
        parser::read_throw(text, dialect)
    }

    /// Reads one throw of `game` written in `dialect`'s letters.
    pub fn read_of(text: &str, dialect: Dialect, game: Game) -> Result<Throw, SyntaxError> {
        parser::read_throw_of(text, dialect, game)
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_letters(Dialect::Soumille).fmt(f)
    }
}

impl fmt::Display for InLetters<'_, Throw> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game.unwrap_or_else(|| throw_game(self.item));
        f.write_str(&printer::throw_text(self.item, self.dialect, game))
    }
}

impl FromStr for Throw {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Throw, SyntaxError> {
        parser::read_throw(s, Dialect::Soumille)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&printer::print_record(self, PrintOptions::default()))
    }
}

impl fmt::Display for InLetters<'_, Record> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&printer::print_record(
            self.item,
            PrintOptions { letters: Some(self.dialect), ..Default::default() },
        ))
    }
}

/// Why a text is not one record: its syntax errors, or the records were not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordErrors(pub Vec<SyntaxError>);

impl fmt::Display for RecordErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, e) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&e.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for RecordErrors {}

impl FromStr for Record {
    type Err = RecordErrors;
    /// Exactly one record read without a syntax error; its letters are its `Letters` tag's.
    fn from_str(s: &str) -> Result<Record, RecordErrors> {
        let mut read = parser::read(s);
        if read.len() != 1 {
            let n = read.len();
            let what = if n == 0 { "no record".to_string() } else { format!("{n} records") };
            return Err(RecordErrors(vec![SyntaxError::new(
                None,
                format!("{what} where one was expected"),
                "expected one record",
            )]));
        }
        let r = read.pop().unwrap_or_default();
        if r.errors.is_empty() {
            Ok(r.record)
        } else {
            Err(RecordErrors(r.errors))
        }
    }
}

impl fmt::Display for InLetters<'_, Setup> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.item.to_string_in(self.dialect))
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// The position string of [`Setup`] (its `Display` is the board model's, in Soumille's
/// letters): of the game its `game=` names, else Grand Trictrac's; in Lepeintre's letters
/// when its men are written in lower case (docs/games.md §H.7).
impl FromStr for Setup {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Setup, ValueError> {
        parser::read_position(s, Game::GrandTrictrac).map(|r| r.setup)
    }
}

impl Setup {
    /// Reads a position string written in `dialect`'s letters ([`FromStr`] otherwise).
    pub fn read_in(text: &str, dialect: Dialect) -> Result<Setup, ValueError> {
        let r = parser::read_position(text, Game::GrandTrictrac)?;
        if r.dialect == dialect {
            return Ok(r.setup);
        }
        let men = text.trim_start().split([' ', '\t']).next().unwrap_or("");
        let lead = text.len() - text.trim_start().len();
        Err(ValueError {
            at: lead..lead + men.len(),
            message: format!("the men are written in {} letters, not {}", whose(r.dialect), whose(dialect)),
            label: format!("expected {} letters", whose(dialect)),
        })
    }
}

/// `Soumille's`, `Lepeintre's`.
fn whose(d: Dialect) -> &'static str {
    match d {
        Dialect::Soumille => "Soumille's",
        Dialect::Lepeintre => "Lepeintre's",
    }
}

#[cfg(test)]
mod tests;
