//! The end of a Plakoto game (docs/games.md §J.5, §J.6) and its `Result` forms (§J.7):
//! `top 1 single`, `top 2 gammon`, `top 2 mana` (`top 1 mana` with `mana=simple`), `draw`.

use super::board::{Board, MEN, OFF, START};
use super::options::Mana;
use crate::board::Seat;
use std::fmt;
use std::str::FromStr;

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// All fifteen borne off, the loser has borne off some (§J.6).
    Single,
    /// All fifteen borne off, the loser none (§J.6).
    Gammon,
    /// The loser's mother pinned on its starting point (§J.5).
    Mana,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Gammon => "gammon",
            Kind::Mana => "mana",
        }
    }
}

/// How a game ended: a seat won so many points, or a draw (both mothers pinned, §J.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won `points` by `kind`.
    Win {
        /// The seat that won.
        winner: Seat,
        /// The points won.
        points: u32,
        /// How.
        kind: Kind,
    },
    /// Both mothers pinned.
    Draw,
}

/// Whether `seat`'s mother is pinned on its starting point (§J.5): a pinned man there is its
/// last (the pinner holds the point) and has never left (men only move on).
fn mother_pinned(b: &Board, seat: Seat) -> bool {
    b.is_pinned(seat, START)
}

/// Whether the game is over after a play, and how (docs/games.md §J.5, §J.6). A pinned mother
/// ends it while the pinner's seat has no man left on its own starting point.
pub fn outcome(b: &Board, mana: Mana) -> Option<Outcome> {
    for seat in Seat::ALL {
        if b.men(seat, OFF) == MEN {
            let gammon = b.men(seat.other(), OFF) == 0;
            let (points, kind) = if gammon { (2, Kind::Gammon) } else { (1, Kind::Single) };
            return Some(Outcome::Win { winner: seat, points, kind });
        }
    }
    let points = mana.points()?;
    match (mother_pinned(b, Seat::Top), mother_pinned(b, Seat::Bottom)) {
        (true, true) => Some(Outcome::Draw),
        (false, false) => None,
        (top, _) => {
            let winner = if top { Seat::Bottom } else { Seat::Top };
            (b.men(winner, START) == 0).then_some(Outcome::Win { winner, points, kind: Kind::Mana })
        }
    }
}

impl fmt::Display for Outcome {
    /// The `Result` tag's value (§J.7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, points, kind } => write!(f, "{} {} {}", winner.name(), points, kind.name()),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A `Result` value that is not one of Plakoto's forms.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a Plakoto result (`top 1 single`, `bottom 2 gammon`, `top 2 mana`, `draw`)")]
pub struct ResultError(pub String);

impl FromStr for Outcome {
    type Err = ResultError;

    /// Reads a `Result` value (§J.7): `SEAT N single|gammon|mana` or `draw`; a single is worth
    /// 1, a gammon 2, a mana 1 or 2 (`mana=simple|double`).
    fn from_str(s: &str) -> Result<Outcome, ResultError> {
        let bad = || ResultError(s.to_string());
        let words: Vec<&str> = s.split_whitespace().collect();
        if let [w] = words[..] {
            return w.eq_ignore_ascii_case("draw").then_some(Outcome::Draw).ok_or_else(bad);
        }
        let [seat, points, kind] = words[..] else {
            return Err(bad());
        };
        let winner = Seat::from_name(seat).ok_or_else(bad)?;
        let points: u32 = points.parse().map_err(|_| bad())?;
        let kind = [Kind::Single, Kind::Gammon, Kind::Mana]
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(kind))
            .ok_or_else(bad)?;
        let lawful = match kind {
            Kind::Single => points == 1,
            Kind::Gammon => points == 2,
            Kind::Mana => points == 1 || points == 2,
        };
        lawful.then_some(Outcome::Win { winner, points, kind }).ok_or_else(bad)
    }
}
