//! Tric Trac's points, parties and series (docs/games.md §E.9, §E.10).
//!
//! * A throw scores for its thrower: 1 for each man captured, 1 for each man borne off,
//!   2 for the grand pont standing at the end of the play ([`super::movegen::Play::points`]).
//! * The first seat to reach 12 wins the partie; its value is 1 to 4 by the loser's points
//!   ([`partie_value`]).
//! * The winner then prolongs (men stay, the winner keeps his points beyond 12, the loser's
//!   are set to 0 or kept by `points-perdant`) or starts again (men back on their start
//!   points, both at 0): [`Score::next_partie`]. The loser throws first.
//! * A seat that has borne off all fifteen men puts them back on its start point
//!   ([`put_back_if_all_off`]).

use super::movegen::{PARTIE_POINTS, START};
use super::options::{Options, PointsPerdant};
use crate::board::Seat;
use crate::position::{Position, OFF};

/// The value of a partie by the loser's points (docs/games.md §E.9): more than 6 → 1, 3 to 6 →
/// 2 (*double*), 1 or 2 → 3 (*triple*), 0 → 4 (*quadruple*).
pub fn partie_value(loser_points: u16) -> u8 {
    match loser_points {
        0 => 4,
        1..=2 => 3,
        3..=6 => 2,
        _ => 1,
    }
}

/// The name of a partie's value as the record writes it after `partie`: `""` (1),
/// `double`, `triple`, `quadruple` (docs/games.md §E.11).
pub fn partie_name(value: u8) -> &'static str {
    match value {
        2 => "double",
        3 => "triple",
        4 => "quadruple",
        _ => "",
    }
}

/// What the winner of a partie chooses for the next (docs/games.md §E.10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Choice {
    /// `recommence`: men back on their start points, points back to 0 (the default when
    /// the record says nothing).
    #[default]
    Recommence,
    /// `prolonge`: men stay; the winner keeps his points beyond 12.
    Prolonge,
}

impl Choice {
    /// The word of the record.
    pub fn word(self) -> &'static str {
        match self {
            Choice::Recommence => "recommence",
            Choice::Prolonge => "prolonge",
        }
    }
}

/// A partie won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartieWon {
    /// Who won it.
    pub winner: Seat,
    /// Its value, 1 to 4.
    pub value: u8,
    /// The winner's points (12 or more).
    pub winner_points: u16,
    /// The loser's points.
    pub loser_points: u16,
}

/// The running score of a series (docs/games.md §E.10, §E.11 `points=`, `parties=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Each seat's points in the partie (`[top, bottom]`), 0–11 between throws.
    pub points: [u16; 2],
    /// Each seat's points of the series: the values of the parties it won.
    pub parties: [u16; 2],
}

impl Score {
    /// Adds `gained` to `seat`'s points; the partie won when it reaches 12 (§E.9).
    pub fn add(&mut self, seat: Seat, gained: u16) -> Option<PartieWon> {
        let i = seat.index();
        let before = self.points[i];
        self.points[i] = self.points[i].saturating_add(gained);
        (before < PARTIE_POINTS && self.points[i] >= PARTIE_POINTS).then(|| {
            let loser_points = self.points[1 - i];
            PartieWon { winner: seat, value: partie_value(loser_points), winner_points: self.points[i], loser_points }
        })
    }

    /// After `won`, the next partie as the winner chooses (§E.10): the value goes to the
    /// winner's series; `recommence` puts every man back on its start point and both seats
    /// at 0; `prolonge` leaves the men, keeps the winner's points beyond 12, and sets the
    /// loser's to 0 (`points-perdant=remis`) or keeps them (`gardes`). The loser throws
    /// first either way.
    pub fn next_partie(&mut self, pos: &mut Position, won: &PartieWon, choice: Choice, options: &Options) {
        let w = won.winner.index();
        self.parties[w] = self.parties[w].saturating_add(won.value as u16);
        match choice {
            Choice::Recommence => {
                *pos = Position::opening(won.winner.other());
                self.points = [0, 0];
            }
            Choice::Prolonge => {
                self.points[w] = self.points[w].saturating_sub(PARTIE_POINTS);
                if options.points_perdant == PointsPerdant::Remis {
                    self.points[1 - w] = 0;
                }
                put_back_if_all_off(pos, won.winner);
                pos.set_turn(won.winner.other());
            }
        }
    }

    /// The series' leader and its points against the other's, as a Result writes them
    /// (`top 5-2`); `None` while the series is level.
    pub fn series(&self) -> Option<(Seat, u16, u16)> {
        let [t, b] = self.parties;
        match t.cmp(&b) {
            std::cmp::Ordering::Greater => Some((Seat::Top, t, b)),
            std::cmp::Ordering::Less => Some((Seat::Bottom, b, t)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// When `seat` has borne off all fifteen men, puts them back on its start point
/// (docs/games.md §E.10: not a throw; it goes on as at the start). Whether it did.
pub fn put_back_if_all_off(pos: &mut Position, seat: Seat) -> bool {
    let s = seat.index();
    if pos.men[s][OFF] == 15 {
        pos.men[s][OFF] = 0;
        pos.men[s][START] = 15;
        true
    } else {
        false
    }
}

/// The seat to throw after `seat`'s throw of a doublet or not (docs/games.md §E.5, §E.10):
/// the same seat after a doublet, the other otherwise, the loser after a partie won.
pub fn next_turn(seat: Seat, doublet: bool, won: Option<&PartieWon>) -> Seat {
    match won {
        Some(w) => w.winner.other(),
        None if doublet => seat,
        None => seat.other(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Setup;

    #[test]
    fn the_value_of_a_partie_goes_by_the_losers_points() {
        let table = [(0, 4), (1, 3), (2, 3), (3, 2), (4, 2), (5, 2), (6, 2), (7, 1), (9, 1), (11, 1)];
        for (loser, value) in table {
            assert_eq!(partie_value(loser), value, "loser {loser}");
        }
        assert_eq!([1, 2, 3, 4].map(partie_name), ["", "double", "triple", "quadruple"]);
    }

    #[test]
    fn twelve_points_win_the_partie_once() {
        let mut s = Score { points: [10, 4], parties: [0, 0] };
        assert_eq!(s.add(Seat::Top, 1), None);
        let w = s.add(Seat::Top, 2).expect("won");
        assert_eq!(w, PartieWon { winner: Seat::Top, value: 2, winner_points: 13, loser_points: 4 });
        assert_eq!(s.add(Seat::Bottom, 0), None);
    }

    #[test]
    fn recommence_resets_men_and_points_and_the_loser_throws() {
        let mut pos = super::super::board::position("A14#/C2&13 top");
        let mut s = Score { points: [13, 8], parties: [1, 2] };
        let won = PartieWon { winner: Seat::Top, value: 1, winner_points: 13, loser_points: 8 };
        s.next_partie(&mut pos, &won, Choice::Recommence, &Options::default());
        assert_eq!(s, Score { points: [0, 0], parties: [2, 2] });
        assert_eq!(pos, Position::opening(Seat::Bottom));
    }

    #[test]
    fn prolonge_keeps_men_and_the_winners_excess_the_losers_by_the_option() {
        let setup = Setup::opening(Seat::Top);
        let start = Position::from_setup(&setup).unwrap();
        let won = PartieWon { winner: Seat::Bottom, value: 2, winner_points: 13, loser_points: 5 };
        let mut pos = start;
        let mut s = Score { points: [5, 13], parties: [0, 0] };
        s.next_partie(&mut pos, &won, Choice::Prolonge, &Options::default());
        assert_eq!(s, Score { points: [0, 1], parties: [0, 2] });
        assert_eq!(pos, start);
        let gardes = Options { points_perdant: PointsPerdant::Gardes, ..Options::default() };
        let mut s = Score { points: [5, 13], parties: [0, 0] };
        s.next_partie(&mut pos, &won, Choice::Prolonge, &gardes);
        assert_eq!(s, Score { points: [5, 1], parties: [0, 2] });
        assert_eq!(pos.turn(), Seat::Top);
    }

    #[test]
    fn fifteen_men_off_go_back_to_the_start() {
        let mut pos = Position::opening(Seat::Top);
        pos.men[0][START] = 0;
        pos.men[0][OFF] = 15;
        assert!(put_back_if_all_off(&mut pos, Seat::Top));
        assert_eq!(pos.men(Seat::Top, START), 15);
        assert_eq!(pos.men(Seat::Top, OFF), 0);
        assert!(!put_back_if_all_off(&mut pos, Seat::Top));
    }

    #[test]
    fn turn_order_doublets_and_won_parties() {
        assert_eq!(next_turn(Seat::Top, false, None), Seat::Bottom);
        assert_eq!(next_turn(Seat::Top, true, None), Seat::Top);
        let w = PartieWon { winner: Seat::Top, value: 1, winner_points: 12, loser_points: 9 };
        assert_eq!(next_turn(Seat::Top, true, Some(&w)), Seat::Bottom);
    }

    #[test]
    fn the_series_leader() {
        assert_eq!(Score { points: [0, 0], parties: [5, 2] }.series(), Some((Seat::Top, 5, 2)));
        assert_eq!(Score { points: [0, 0], parties: [1, 3] }.series(), Some((Seat::Bottom, 3, 1)));
        assert_eq!(Score::default().series(), None);
    }
}
