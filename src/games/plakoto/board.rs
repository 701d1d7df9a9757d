//! The Plakoto board (docs/games.md §J.1, §J.3, §J.7): each seat's men along the backgammon
//! route (relative points 1..=24, 25 = borne off; no bar), and the pins: which points hold a
//! pinned man of which seat beneath the men of the other.
//!
//! The route is the shared one (docs/games.md §0.1, [`crate::position::Route`]): the opponent's
//! point of my relative point p is 25 − p. A pinned man is counted in its seat's `men` on its
//! point; that point then also holds one or more men of the pinner's seat.

use crate::board::{BySeat, Dialect, Point, Seat, Setup};
use crate::position::Position;
use std::fmt;

/// Relative point of the men borne off.
pub const OFF: usize = 25;
/// Men a side (docs/games.md §J.1).
pub const MEN: u8 = 15;
/// Each seat's starting point, the first of its route (docs/games.md §J.1): the mother's point.
pub const START: usize = 1;

/// A Plakoto position: the men of each seat along its route, the pins and the seat to throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// `men[seat][p]`: men of `seat` on its relative point `p` (25 = borne off), pinned men
    /// included.
    pub men: [[u8; 26]; 2],
    /// `pinned[seat]`: bit p set = `seat`'s man on its relative point p is pinned (§J.3).
    pub pinned: [u32; 2],
    /// The seat to throw.
    pub turn: Seat,
}

/// Why a setup or a `pinned` field is not a Plakoto position (docs/games.md §J.7).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side does not hold exactly fifteen men.
    #[error("{0} has {1} men counting those borne off; each side holds exactly 15")]
    Count(Seat, u32),
    /// A point holds men of both seats without a pin, or a pin is not one man beneath others.
    #[error("point {0} holds men of both seats without one of them pinned beneath the other")]
    Shared(Point),
    /// A man on the bar: Plakoto has none.
    #[error("{0} has men on the bar; Plakoto has no bar")]
    Bar(Seat),
    /// A `pinned` entry that does not read as `seat@letter`.
    #[error("`{0}` is not a pin (`top@F`, `bottom@Q`)")]
    Pin(String),
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pinned={} ({} to throw)", self.to_position(), pinned_field(self), self.turn)
    }
}

impl Board {
    /// The start of docs/games.md §J.1, `first` to throw: all fifteen men of each seat on the
    /// first point of its route.
    pub fn opening(first: Seat) -> Board {
        let mut side = [0u8; 26];
        side[START] = MEN;
        Board { men: [side, side], pinned: [0; 2], turn: first }
    }

    /// An empty board (no man anywhere), `turn` to throw; for building positions.
    pub fn empty(turn: Seat) -> Board {
        Board { men: [[0; 26]; 2], pinned: [0; 2], turn }
    }

    /// Men of `seat` on its relative point `p` (25 = borne off).
    #[inline]
    pub fn men(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.index()][p]
    }

    /// Men of `seat`'s opponent on `seat`'s relative point `p` (1..=24).
    #[inline]
    pub fn opposing(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.other().index()][25 - p]
    }

    /// Whether `seat`'s man on its relative point `p` is pinned (§J.3).
    #[inline]
    pub fn is_pinned(&self, seat: Seat, p: usize) -> bool {
        self.pinned[seat.index()] & (1 << p) != 0
    }

    /// Pins `seat`'s man on its relative point `p` (for building positions).
    pub fn pin(&mut self, seat: Seat, p: usize) {
        self.pinned[seat.index()] |= 1 << p;
    }

    /// The shared board model's position with the same men (pins are not in it: see
    /// [`pinned_field`]).
    pub fn to_position(self) -> Position {
        Position { men: self.men, turn: self.turn }
    }

    /// The board of a shared-model position and its pins, checked as [`Board::from_setup`].
    pub fn from_position(pos: &Position, pins: &[(Seat, Point)]) -> Result<Board, BoardError> {
        Board::from_setup(&pos.to_setup(), pins)
    }

    /// The setup of this board (absolute letters, borne off; its pins as the `pinned` score
    /// field, when a man is pinned).
    pub fn to_setup(self) -> Setup {
        let mut s = Setup::opening(self.turn);
        s.men = BySeat::new([0; 24], [0; 24]);
        for seat in Seat::ALL {
            for point in Point::all() {
                s.men[seat][point.index() as usize - 1] = self.men(seat, point.relative(seat) as usize);
            }
            s.off[seat] = self.men(seat, OFF);
        }
        let pins: Vec<(Seat, Point)> = self.pins().collect();
        s.score.pinned = (!pins.is_empty()).then_some(pins);
        s
    }

    /// Validates a setup and its pins (docs/games.md §J.7): fifteen men a side, no bar, and a
    /// point holds both seats' men only where one man of one seat is pinned beneath the other.
    pub fn from_setup(s: &Setup, pins: &[(Seat, Point)]) -> Result<Board, BoardError> {
        let mut b = Board::empty(s.turn);
        for seat in Seat::ALL {
            let total = s.total(seat);
            if total != u32::from(MEN) {
                return Err(BoardError::Count(seat, total));
            }
            if s.bar[seat] > 0 {
                return Err(BoardError::Bar(seat));
            }
            for point in Point::all() {
                b.men[seat.index()][point.relative(seat) as usize] = s.count(seat, point);
            }
            b.men[seat.index()][OFF] = s.off[seat];
        }
        for &(seat, point) in pins {
            b.pin(seat, point.relative(seat) as usize);
        }
        for point in Point::all() {
            let (t, m) = (s.count(Seat::Top, point), s.count(Seat::Bottom, point));
            let pt = b.is_pinned(Seat::Top, point.relative(Seat::Top) as usize);
            let pb = b.is_pinned(Seat::Bottom, point.relative(Seat::Bottom) as usize);
            let lawful = match (pt, pb) {
                (false, false) => t == 0 || m == 0,
                (true, false) => t == 1 && m > 0,
                (false, true) => m == 1 && t > 0,
                (true, true) => false,
            };
            if !lawful {
                return Err(BoardError::Shared(point));
            }
        }
        Ok(b)
    }

    /// The pins, point by point in board order: (whose man is pinned, where).
    pub fn pins(&self) -> impl Iterator<Item = (Seat, Point)> + '_ {
        Point::all().filter_map(move |point| {
            Seat::ALL.into_iter().find(|&s| self.is_pinned(s, point.relative(s) as usize)).map(|s| (s, point))
        })
    }
}

/// Reads the value of a `pinned=top@F,bottom@Q` score field (docs/games.md §J.7): point by
/// point, whose man is pinned there. An empty value is no pin.
pub fn read_pinned(value: &str, dialect: Dialect) -> Result<Vec<(Seat, Point)>, BoardError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|item| {
            let bad = || BoardError::Pin(item.trim().to_string());
            let (seat, letter) = item.trim().split_once('@').ok_or_else(bad)?;
            let seat = Seat::from_name(seat).ok_or_else(bad)?;
            let mut chars = letter.chars();
            let point = match (chars.next(), chars.next()) {
                (Some(c), None) => Point::from_letter(c, dialect).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            Ok((seat, point))
        })
        .collect()
}

/// The value of the `pinned` score field of a board (docs/games.md §J.7), Soumille letters,
/// in board order; empty when no man is pinned.
pub fn pinned_field(board: &Board) -> String {
    let mut out = String::new();
    for (seat, point) in board.pins() {
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str(seat.name());
        out.push('@');
        out.push(point.letter(Dialect::Soumille));
    }
    out
}
