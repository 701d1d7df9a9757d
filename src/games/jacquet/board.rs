//! The Jacquet board (docs/games.md §0.1, §A.1): both seats run the same way round, top's talon
//! on M, bottom's on &, each seat's men held along its own route.

use super::options::{JacquetOptions, Variant, Victoire};
use crate::board::{BySeat, Point, Seat, Setup};
use crate::position::{PositionError, Route, OFF};
use std::fmt;

/// The routes of Jacquet and Moultezim (docs/games.md §0.1): top p → L = 13 − p for p ≤ 12
/// (M → A), 37 − p for p ≥ 13 (& → N); bottom p → L = 25 − p (& → A). My p is the
/// opponent's p + 12 (p ≤ 12) or p − 12 (p ≥ 13).
pub const JACQUET: Route = {
    let mut letter = [[0u8; 25]; 2];
    let mut mirror = [0u8; 25];
    let mut p = 1;
    while p <= 24 {
        letter[0][p] = if p <= 12 { 13 - p as u8 } else { 37 - p as u8 };
        letter[1][p] = 25 - p as u8;
        mirror[p] = if p <= 12 { p as u8 + 12 } else { p as u8 - 12 };
        p += 1;
    }
    Route { letter, mirror }
};

/// `seat`'s relative point (1..=24) of each Soumille letter index (index 0 unused).
const RELATIVE: [[u8; 25]; 2] = {
    let mut rel = [[0u8; 25]; 2];
    let mut s = 0;
    while s < 2 {
        let mut p = 1;
        while p <= 24 {
            rel[s][JACQUET.letter[s][p] as usize] = p as u8;
            p += 1;
        }
        s += 1;
    }
    rel
};

/// The point (letter) of `seat`'s relative point `p` (1..=24) on the Jacquet route.
#[inline]
pub fn point(seat: Seat, p: usize) -> Option<Point> {
    JACQUET.letter[seat.index()].get(p).and_then(|&l| Point::new(l))
}

/// `seat`'s relative point (1..=24) of a letter on the Jacquet route.
#[inline]
pub fn relative(seat: Seat, point: Point) -> usize {
    RELATIVE[seat.index()][point.index() as usize] as usize
}

/// The opponent's relative point that is my relative point `p` (1..=24).
#[inline]
pub fn mirror(p: usize) -> usize {
    if p <= 12 {
        p + 12
    } else {
        p - 12
    }
}

/// Why a setup is no Jacquet position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not fifteen men a side, or a point shared.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Men on the bar (`@n`): Jacquet has none.
    #[error("{0} has {1} men on the bar, but Jacquet and Moultezim have no bar")]
    Bar(Seat, u8),
}

/// A validated Jacquet position: `men[seat][p]` the men of `seat` on its relative point `p`
/// (1..=24; index 0 unused), `men[seat][25]` those borne off; fifteen men a side, no point
/// shared (docs/games.md §A.3); the seat to throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each seat's men along its own route (index 25: borne off).
    pub men: [[u8; 26]; 2],
    /// The seat to throw.
    pub turn: Seat,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_setup())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_setup())
    }
}

impl Board {
    /// The opening (docs/games.md §A.1): fifteen men on each talon (top's M, bottom's &).
    pub fn opening(first: Seat) -> Board {
        let mut men = [[0u8; 26]; 2];
        men[0][1] = 15;
        men[1][1] = 15;
        Board { men, turn: first }
    }

    /// A position from a setup read from its absolute letters (`Setup.men[seat][letter − 1]`,
    /// `Setup.off`), checked: fifteen men a side, no point holding men of both seats, no man
    /// on a bar (docs/games.md §A.10 `position`).
    pub fn from_setup(s: &Setup) -> Result<Board, SetupError> {
        for seat in Seat::ALL {
            let n = s.total(seat);
            if n != 15 {
                return Err(PositionError::Count(seat, n).into());
            }
            if s.bar[seat] > 0 {
                return Err(SetupError::Bar(seat, s.bar[seat]));
            }
        }
        for p in Point::all() {
            if s.count(Seat::Top, p) > 0 && s.count(Seat::Bottom, p) > 0 {
                return Err(PositionError::Shared(p).into());
            }
        }
        let mut men = [[0u8; 26]; 2];
        for seat in Seat::ALL {
            for p in Point::all() {
                men[seat.index()][relative(seat, p)] = s.count(seat, p);
            }
            men[seat.index()][OFF] = s.off[seat];
        }
        Ok(Board { men, turn: s.turn })
    }

    /// The setup of this position, in absolute letters (no score fields).
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::opening(self.turn);
        s.men = BySeat::new([0; 24], [0; 24]);
        for seat in Seat::ALL {
            for p in 1..=24 {
                let letter = JACQUET.letter[seat.index()][p];
                s.men[seat][letter as usize - 1] = self.men[seat.index()][p];
            }
            s.off[seat] = self.men[seat.index()][OFF];
        }
        s
    }

    /// The men of `seat` along its route (index 25: borne off).
    #[inline]
    pub fn side(&self, seat: Seat) -> &[u8; 26] {
        &self.men[seat.index()]
    }

    /// The men of `seat`'s opponent on `seat`'s relative point `p` (1..=24).
    #[inline]
    pub fn opposing(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.other().index()][mirror(p)]
    }

    /// Whether `seat` is in its postillon phase (docs/games.md §A.5.2, §C.1): none of its men on
    /// its release quarter or beyond (p19–p24 in Jacquet, p13–p24 in Moultezim) nor borne off.
    #[inline]
    pub fn in_postillon_phase(side: &[u8; 26], variant: Variant) -> bool {
        side[variant.release_point()..=OFF].iter().all(|&c| c == 0)
    }

    /// The end of the game (docs/games.md §A.8, §B.3): the first seat with its fifteen men borne
    /// off wins, and what it wins under `options.victoire`. `None` while both play on.
    pub fn end(&self, options: &JacquetOptions) -> Option<End> {
        let winner = Seat::ALL.into_iter().find(|&s| self.men[s.index()][OFF] == 15)?;
        let loser = &self.men[winner.other().index()];
        let points = if loser[OFF] > 0 {
            1
        } else {
            match options.victoire {
                Victoire::UnDeux => 2,
                Victoire::UnCinq => {
                    let any = |r: std::ops::RangeInclusive<usize>| loser[r].iter().any(|&c| c > 0);
                    if any(1..=6) {
                        5
                    } else if any(7..=12) {
                        4
                    } else if any(13..=18) {
                        3
                    } else {
                        2
                    }
                }
            }
        };
        Some(End { winner, points })
    }
}

/// How a game of Jacquet or Moultezim ended (docs/games.md §A.8, §B.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// The seat that bore off its fifteen men first.
    pub winner: Seat,
    /// What it wins: 1–2, or 1–5 with `victoire=1-5`.
    pub points: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dialect;

    fn setup(text: &str) -> Setup {
        crate::notation::parser::parse_position(text, Dialect::Soumille).expect("a setup")
    }

    #[test]
    fn the_routes_are_those_of_the_table() {
        let top: String = (1..=24).map(|p| point(Seat::Top, p).unwrap().letter(Dialect::Soumille)).collect();
        let bottom: String = (1..=24).map(|p| point(Seat::Bottom, p).unwrap().letter(Dialect::Soumille)).collect();
        assert_eq!(top, "MLKIHGFEDCBA&ZYXVTSRQPON");
        assert_eq!(bottom, "&ZYXVTSRQPONMLKIHGFEDCBA");
        for seat in Seat::ALL {
            for p in 1..=24 {
                assert_eq!(relative(seat, point(seat, p).unwrap()), p);
                // my p is the opponent's mirror(p): the same letter
                assert_eq!(point(seat, p), point(seat.other(), mirror(p)));
            }
        }
        assert_eq!(point(Seat::Top, 0), None);
        assert_eq!(point(Seat::Top, 25), None);
    }

    #[test]
    fn setups_convert_both_ways() {
        let b = Board::from_setup(&setup("M15/&15 bottom")).unwrap();
        assert_eq!(b, Board::opening(Seat::Bottom));
        for text in ["FM14/N&14 bottom", "HM13R/BCVXYZ&9 bottom", "M15/A5B10 top", "M14#1/A14#1 bottom"] {
            let s = setup(text);
            let b = Board::from_setup(&s).unwrap();
            assert_eq!(b.to_setup().to_string(), text);
        }
        let b = Board::from_setup(&setup("HM13R/&9ZYXVCB bottom")).unwrap();
        assert_eq!(b.side(Seat::Top)[5], 1); // H is top's p5
        assert_eq!(b.side(Seat::Top)[20], 1); // R is top's p20
        assert_eq!(b.side(Seat::Bottom)[23], 1); // B is bottom's p23
        assert_eq!(b.opposing(Seat::Bottom, 13), 13); // bottom's p13 is M, top's talon
    }

    #[test]
    fn setups_that_are_no_position_are_refused() {
        let mut s = setup("M15/&15 top");
        s.men[Seat::Top][11] = 14;
        assert_eq!(Board::from_setup(&s), Err(SetupError::Position(PositionError::Count(Seat::Top, 14))));
        s.men[Seat::Top][11] = 15;
        s.men[Seat::Bottom][23] = 14;
        s.men[Seat::Bottom][11] = 1; // a bottom man on M
        assert!(
            matches!(Board::from_setup(&s), Err(SetupError::Position(PositionError::Shared(p))) if p.index() == 12)
        );
        let mut s = setup("M15/&15 top");
        s.men[Seat::Top][11] = 14;
        s.bar[Seat::Top] = 1;
        assert_eq!(Board::from_setup(&s), Err(SetupError::Bar(Seat::Top, 1)));
    }

    #[test]
    fn the_phase_is_a_function_of_the_position() {
        let b = Board::from_setup(&setup("M15/I&14 bottom")).unwrap();
        assert!(Board::in_postillon_phase(b.side(Seat::Bottom), Variant::Jacquet));
        assert!(!Board::in_postillon_phase(b.side(Seat::Bottom), Variant::Moultezim)); // I = p16
        let b = Board::from_setup(&setup("M15/L&14 bottom")).unwrap();
        assert!(!Board::in_postillon_phase(b.side(Seat::Bottom), Variant::Moultezim)); // L = p14
        let b = Board::from_setup(&setup("M15/N&14 bottom")).unwrap();
        assert!(Board::in_postillon_phase(b.side(Seat::Bottom), Variant::Moultezim));
        // N = p12
    }

    #[test]
    fn the_winnings() {
        let base = JacquetOptions::default();
        let five = JacquetOptions { victoire: Victoire::UnCinq, ..base };
        assert_eq!(Board::opening(Seat::Top).end(&base), None);
        for (text, points) in [("M15/#15 top", 2), ("N15/#15 top", 2), ("N14#1/#15 top", 1), ("#15/A14#1 top", 1)] {
            let e = Board::from_setup(&setup(text)).unwrap().end(&base).unwrap();
            assert_eq!(e.points, points, "{text}");
        }
        let expect = |text: &str, points: u32, winner: Seat| {
            let e = Board::from_setup(&setup(text)).unwrap().end(&five).unwrap();
            assert_eq!((e.winner, e.points), (winner, points), "{text}");
        };
        expect("M15/#15 top", 5, Seat::Bottom);
        expect("G15/#15 top", 5, Seat::Bottom); // G is top's p6
        expect("F15/#15 top", 4, Seat::Bottom); // F is top's p7
        expect("A14N/#15 top", 4, Seat::Bottom); // A is top's p12
        expect("&14N/#15 top", 3, Seat::Bottom); // & is top's p13
        expect("T14N/#15 top", 3, Seat::Bottom); // T is top's p18
        expect("S14N/#15 top", 2, Seat::Bottom); // S is top's p19
        expect("N15/#15 top", 2, Seat::Bottom);
        expect("N14#1/#15 top", 1, Seat::Bottom);
        expect("#15/&15 top", 5, Seat::Top);
        expect("#15/N15 top", 4, Seat::Top); // N is bottom's p12
        expect("#15/M15 top", 3, Seat::Top); // M is bottom's p13
        expect("#15/O3M12 top", 4, Seat::Top); // O is bottom's p11
        expect("#15/A15 top", 2, Seat::Top);
    }
}
