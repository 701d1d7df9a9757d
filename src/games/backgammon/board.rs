//! The backgammon board (docs/games.md §D.1, §D.2, §D.9): each seat's men along its own route,
//! index 0 = the bar, 1..=24 the relative points, 25 = borne off.
//!
//! The routes are Grand Trictrac's (docs/games.md §0.1: contrary movement, top p = letter,
//! bottom p = 25 − letter), so the opponent's point of my relative point p is 25 − p, and a
//! man's usual backgammon "point number" (pips to go) is 25 − p for either seat.

use crate::board::{BySeat, Point, Seat, Setup};
use crate::position::Position;
use std::fmt;

/// Relative point of the bar (docs/games.md §D.1: "the bar is p0").
pub const BAR: usize = 0;
/// Relative point of the men borne off (p25).
pub const OFF: usize = 25;
/// Men a side (docs/games.md §D.2).
pub const MEN: u8 = 15;

/// A backgammon position: the men of each seat along its route and the seat to throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// `men[seat][p]`: men of `seat` on its relative point `p` (0 = bar, 25 = borne off).
    pub men: [[u8; 26]; 2],
    /// The seat to throw.
    pub turn: Seat,
}

/// Why a setup is not a backgammon position (docs/games.md §D.9: "the reader checks 15 men a
/// side, counting bar and borne-off men").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side does not hold exactly fifteen men.
    #[error("{0} has {1} men counting the bar and those borne off; each side holds exactly 15")]
    Count(Seat, u32),
    /// A point holds men of both seats.
    #[error("point {0} holds men of both seats")]
    Shared(Point),
}

impl Board {
    /// The opening of docs/games.md §D.2, `first` to throw: top 2 on A, 5 on M, 3 on R, 5 on T;
    /// bottom the mirror (`A2M5R3T5/F5H3N5&2`).
    pub fn opening(first: Seat) -> Board {
        let mut side = [0u8; 26];
        side[1] = 2;
        side[12] = 5;
        side[17] = 3;
        side[19] = 5;
        Board { men: [side, side], turn: first }
    }

    /// An empty board (no man anywhere), `turn` to throw; for building positions.
    pub fn empty(turn: Seat) -> Board {
        Board { men: [[0; 26]; 2], turn }
    }

    /// Validates a setup (absolute letters, the bar `@n`, borne off `#n`; docs/games.md §D.9):
    /// fifteen men a side, no point shared. The score fields are not read.
    pub fn from_setup(s: &Setup) -> Result<Board, BoardError> {
        let mut b = Board::empty(s.turn);
        for seat in Seat::ALL {
            let total = s.total(seat);
            if total != u32::from(MEN) {
                return Err(BoardError::Count(seat, total));
            }
            for point in Point::all() {
                b.men[seat.index()][point.relative(seat) as usize] = s.count(seat, point);
            }
            b.men[seat.index()][BAR] = s.bar[seat];
            b.men[seat.index()][OFF] = s.off[seat];
        }
        if let Some(p) = Point::all().find(|&p| s.count(Seat::Top, p) > 0 && s.count(Seat::Bottom, p) > 0) {
            return Err(BoardError::Shared(p));
        }
        Ok(b)
    }

    /// The setup of this board (absolute letters, bar, borne off; no score fields).
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::opening(self.turn);
        s.men = BySeat::new([0; 24], [0; 24]);
        for seat in Seat::ALL {
            for point in Point::all() {
                s.men[seat][point.index() as usize - 1] = self.men[seat.index()][point.relative(seat) as usize];
            }
            s.off[seat] = self.men[seat.index()][OFF];
            s.bar[seat] = self.men[seat.index()][BAR];
        }
        s
    }

    /// The shared board model's position with the same men (its relative point 0, unused by
    /// Grand Trictrac, holds the bar).
    pub fn to_position(&self) -> Position {
        Position { men: self.men, turn: self.turn }
    }

    /// The board of a shared-model position (relative point 0 = the bar).
    pub fn from_position(pos: &Position) -> Board {
        Board { men: pos.men, turn: pos.turn }
    }

    /// Men of `seat` on its relative point `p` (0 = bar, 25 = borne off).
    #[inline]
    pub fn men(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.index()][p]
    }

    /// Men of `seat`'s opponent on `seat`'s relative point `p` (1..=24).
    #[inline]
    pub fn opposing(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.other().index()][25 - p]
    }

    /// The men of `seat` along its route.
    #[inline]
    pub fn side(&self, seat: Seat) -> &[u8; 26] {
        &self.men[seat.index()]
    }

    /// Pips `seat` still has to travel: Σ men × (25 − p), the bar counting 25.
    pub fn pips(&self, seat: Seat) -> u32 {
        self.side(seat)[..OFF].iter().enumerate().map(|(p, &c)| u32::from(c) * (25 - p as u32)).sum()
    }

    /// Whether all fifteen men of `seat` are borne off.
    #[inline]
    pub fn all_off(&self, seat: Seat) -> bool {
        self.men(seat, OFF) >= MEN
    }

    /// The point (letter) of `seat`'s relative point `p` (1..=24).
    pub fn point(seat: Seat, p: usize) -> Option<Point> {
        Point::from_relative(seat, u8::try_from(p).ok()?)
    }

    /// The position string's field 1 with the bar (`A2M4R3T5@/F5H3N5X2`, docs/games.md §D.9).
    pub fn men_field(&self) -> String {
        self.to_setup().men_field(crate::board::Dialect::Soumille)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.men_field(), self.turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_that_of_d2() {
        let b = Board::opening(Seat::Top);
        assert_eq!(b.to_string(), "A2M5R3T5/F5H3N5&2 top");
        assert_eq!(b.pips(Seat::Top), 167);
        assert_eq!(b.pips(Seat::Bottom), 167);
        // top's p1 is A, bottom's p1 is &; the opponent's point of my p is 25 − p
        assert_eq!(b.opposing(Seat::Top, 24), 2);
        assert_eq!(b.opposing(Seat::Top, 6), 5);
    }

    #[test]
    fn setups_convert_both_ways_with_the_bar() {
        let b = Board::opening(Seat::Bottom);
        let s = b.to_setup();
        assert_eq!(s.to_string(), "A2M5R3T5/F5H3N5&2 bottom");
        assert_eq!(Board::from_setup(&s).unwrap(), b);
        let mut b2 = b;
        b2.men[0][1] -= 1;
        b2.men[0][BAR] = 1;
        let s2 = b2.to_setup();
        assert_eq!(s2.bar, BySeat::new(1, 0));
        assert_eq!(s2.to_string(), "AM5R3T5@/F5H3N5&2 bottom");
        assert_eq!(Board::from_setup(&s2).unwrap(), b2);
        let mut s3 = s2.clone();
        s3.bar[Seat::Top] = 0;
        assert_eq!(Board::from_setup(&s3), Err(BoardError::Count(Seat::Top, 14)));
        assert_eq!(b2.men_field(), "AM5R3T5@/F5H3N5&2");
        assert_eq!(Board::from_position(&b2.to_position()), b2);
    }

    #[test]
    fn a_shared_point_is_refused() {
        let mut s = Setup::opening(Seat::Top);
        s.men[Seat::Top] = [0; 24];
        s.men[Seat::Top][23] = 15;
        assert_eq!(Board::from_setup(&s).unwrap_err().to_string(), "point & holds men of both seats");
    }
}
