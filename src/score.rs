//! The score of a tour (RULES.md §8): points and holes, bredouille, the pavillon, holding or
//! going, the end of the tour and the schemes of winnings.

use crate::board::Seat;
use crate::options::Gains;
use serde::Serialize;

/// Points, holes, bredouille and pavillon of both seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Points (jetons), 0..=10, per seat.
    pub points: [u16; 2],
    /// Holes, per seat.
    pub holes: [u16; 2],
    /// Whether each seat is en bredouille.
    pub bredouille: [bool; 2],
    /// The seat holding the pavillon: it won the second "first hole" and may still win
    /// grande bredouille (NOTATION.md §6).
    pub pavillon: Option<Seat>,
}

/// What one mark did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkOutcome {
    /// Holes won by this mark.
    pub holes: u16,
    /// How many of the twelves were bredouille (double) holes.
    pub doubled: u16,
}

impl Score {
    /// Whether `seat` can still win the tour en grande bredouille (RULES.md §8).
    pub fn can_grande(&self, seat: Seat) -> bool {
        let (me, other) = (self.holes[seat.index()], self.holes[seat.other().index()]);
        (me > 0 && other == 0) || self.pavillon == Some(seat)
    }

    /// `seat` marks `n` points (RULES.md §8): bredouille, holes (several from one mark, in
    /// double holes after the first), the opponent wiped at each hole, the surplus kept.
    pub fn mark(&mut self, seat: Seat, n: u16) -> MarkOutcome {
        let mut out = MarkOutcome::default();
        if n == 0 {
            return out;
        }
        let (i, o) = (seat.index(), seat.other().index());
        if self.points[i] == 0 {
            self.bredouille[i] = true;
        }
        self.bredouille[o] = false;
        self.points[i] += n;
        while self.points[i] >= 12 {
            self.points[i] -= 12;
            let won = if self.bredouille[i] { 2 } else { 1 };
            if won == 2 {
                out.doubled += 1;
            }
            out.holes += won;
            self.win_holes(seat, won);
            // the opponent is wiped; the winner is en bredouille again with his surplus
            self.points[o] = 0;
            self.bredouille[o] = false;
            self.bredouille[i] = true;
        }
        if self.points[i] == 0 {
            self.bredouille[i] = false;
        }
        out
    }

    /// Adds holes to `seat` and moves the pavillon (RULES.md §8).
    pub fn win_holes(&mut self, seat: Seat, n: u16) {
        if n == 0 {
            return;
        }
        let (i, o) = (seat.index(), seat.other().index());
        if self.holes[i] == 0 && self.holes[o] > 0 {
            // the second "first hole": the pavillon
            self.pavillon = Some(seat);
        } else if self.pavillon == Some(seat.other()) {
            self.pavillon = None;
        }
        self.holes[i] += n;
    }

    /// Going (`va`), or a relève ending: both seats' points wiped.
    pub fn wipe_points(&mut self) {
        self.points = [0, 0];
        self.bredouille = [false, false];
    }

    /// The seat that has reached twelve holes, if any.
    pub fn winner(&self) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.holes[s.index()] >= 12)
    }
}

/// How a tour was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bredouille {
    /// A plain win.
    None,
    /// En grande bredouille, holding the pavillon.
    GrandeWithPavillon,
    /// En grande bredouille, without having needed the pavillon (the loser never scored a hole).
    Grande,
}

/// The winnings of a tour under a scheme (RULES.md §8), in halves of a stake unit.
pub fn winnings(scheme: Gains, loser_holes: u16, bredouille: Bredouille) -> f64 {
    match scheme {
        Gains::Guiton => match bredouille {
            Bredouille::Grande => 4.0,
            Bredouille::GrandeWithPavillon => 3.0,
            Bredouille::None if loser_holes >= 6 => 1.0,
            Bredouille::None => 2.0,
        },
        Gains::Ancien => match bredouille {
            Bredouille::None => 1.0,
            _ => 2.0,
        },
        Gains::Pont => match bredouille {
            Bredouille::None if loser_holes >= 7 => 1.0,
            Bredouille::None => 1.5,
            _ => 2.0,
        },
    }
}

/// How a marqué of Trictrac à écrire was won (RULES.md §12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarqueBredouille {
    /// Plain.
    None,
    /// All the winner's holes in a row, 6 to 11 of them: doubled.
    Petite,
    /// Twelve or more in a row: quadrupled.
    Grande,
}

/// The consolation after `refaits` refaits (RULES.md §12): 2, 4, 6, … (`lineaire`) or
/// 2, 4, 8, … (`double`, Malfilâtre).
pub fn consolation(refaits: u32, scheme: crate::options::Consolation) -> i64 {
    match scheme {
        crate::options::Consolation::Lineaire => 2 + 2 * refaits as i64,
        crate::options::Consolation::Double => 2i64 << refaits.min(30),
    }
}

/// The points of a marqué for its winner (RULES.md §12): (winner's holes + consolation),
/// doubled for a petite bredouille, quadrupled for a grande, minus the loser's holes.
pub fn marque_value(winner_holes: u16, loser_holes: u16, bredouille: MarqueBredouille, consolation: i64) -> i64 {
    let base = winner_holes as i64 + consolation;
    let factor = match bredouille {
        MarqueBredouille::None => 1,
        MarqueBredouille::Petite => 2,
        MarqueBredouille::Grande => 4,
    };
    base * factor - loser_holes as i64
}

/// The bredouille of a marqué won with `holes`, all in a row or not.
pub fn marque_bredouille(holes: u16, in_a_row: bool) -> MarqueBredouille {
    match (in_a_row, holes) {
        (true, 12..) => MarqueBredouille::Grande,
        (true, 6..=11) => MarqueBredouille::Petite,
        _ => MarqueBredouille::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::*;

    /// The score-sheet cases of Lelasseux §222–224 (treatise-cases.json).
    #[test]
    fn marque_values_of_lelasseux() {
        let c = consolation(0, crate::options::Consolation::Lineaire);
        assert_eq!(c, 2);
        assert_eq!(marque_value(9, 8, MarqueBredouille::None, c), 3);
        assert_eq!(marque_value(9, 8, marque_bredouille(9, true), c), 14);
        assert_eq!(marque_value(18, 6, marque_bredouille(18, true), c), 74);
        assert_eq!(marque_value(18, 6, MarqueBredouille::None, c), 14);
        assert_eq!(consolation(1, crate::options::Consolation::Lineaire), 4);
        assert_eq!(consolation(2, crate::options::Consolation::Lineaire), 6);
        assert_eq!(consolation(2, crate::options::Consolation::Double), 8);
    }

    #[test]
    fn twelve_points_make_a_hole_and_the_surplus_stays() {
        let mut s = Score::default();
        s.mark(Top, 4);
        s.mark(Bottom, 2);
        // top lost bredouille when bottom marked
        let o = s.mark(Top, 10);
        assert_eq!(o.holes, 1);
        assert_eq!(s.points, [2, 0]);
        assert_eq!(s.holes, [1, 0]);
        assert!(s.bredouille[0], "the winner with a surplus is en bredouille again");
    }

    #[test]
    fn bredouille_doubles_the_hole() {
        let mut s = Score::default();
        s.mark(Bottom, 4);
        let o = s.mark(Bottom, 12);
        assert_eq!((o.holes, o.doubled), (2, 1));
        assert_eq!(s.points[1], 4);
        // the Lepeintre fragment: 4 + 12 = 16 -> two holes, 4 left
        let mut s = Score::default();
        s.mark(Bottom, 4);
        assert_eq!(s.mark(Bottom, 12).holes, 2);
        assert_eq!(s.points[1], 4);
    }

    #[test]
    fn second_jeton_and_wipes() {
        let mut s = Score::default();
        s.mark(Top, 2);
        assert!(s.bredouille[0]);
        s.mark(Bottom, 4);
        assert!(!s.bredouille[0] && s.bredouille[1], "the second jeton");
        let o = s.mark(Top, 10);
        assert_eq!(o.holes, 1, "top had been interrupted");
        assert_eq!(s.points[1], 0, "bottom wiped");
    }

    #[test]
    fn a_great_mark_goes_on_in_double_holes() {
        let mut s = Score::default();
        s.mark(Top, 4);
        s.mark(Bottom, 2);
        let o = s.mark(Top, 28); // 32: a simple hole, then a double one, 8 left
        assert_eq!(o.holes, 3);
        assert_eq!(s.points[0], 8);
        let mut s = Score::default();
        let o = s.mark(Top, 30);
        assert_eq!(o.holes, 4);
    }

    #[test]
    fn pavillon() {
        let mut s = Score::default();
        s.win_holes(Top, 1);
        assert!(s.can_grande(Top) && !s.can_grande(Bottom));
        s.win_holes(Bottom, 1);
        assert_eq!(s.pavillon, Some(Bottom));
        assert!(s.can_grande(Bottom) && !s.can_grande(Top));
        s.win_holes(Bottom, 2);
        assert!(s.can_grande(Bottom));
        s.win_holes(Top, 1);
        assert!(!s.can_grande(Bottom) && !s.can_grande(Top));
    }

    #[test]
    fn schemes_of_winnings() {
        assert_eq!(winnings(Gains::Guiton, 6, Bredouille::None), 1.0);
        assert_eq!(winnings(Gains::Guiton, 5, Bredouille::None), 2.0);
        assert_eq!(winnings(Gains::Guiton, 3, Bredouille::GrandeWithPavillon), 3.0);
        assert_eq!(winnings(Gains::Guiton, 0, Bredouille::Grande), 4.0);
        assert_eq!(winnings(Gains::Ancien, 0, Bredouille::Grande), 2.0);
        assert_eq!(winnings(Gains::Pont, 7, Bredouille::None), 1.0);
        assert_eq!(winnings(Gains::Pont, 6, Bredouille::None), 1.5);
    }
}
