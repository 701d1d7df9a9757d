//! The score of a tour (docs/rules.md §8): points and holes, bredouille, the pavillon, holding or
//! going, the end of the tour and the schemes of winnings.

use crate::board::Seat;
use crate::games::grand_trictrac::options::Gains;
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
    /// grande bredouille (docs/format.md §6).
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
    /// Whether `seat` can still win the tour en grande bredouille (docs/rules.md §8).
    pub fn can_grande(&self, seat: Seat) -> bool {
        let (me, other) = (self.holes[seat.index()], self.holes[seat.other().index()]);
        (me > 0 && other == 0) || self.pavillon == Some(seat)
    }

    /// `seat` marks `n` points (docs/rules.md §8): bredouille, holes (several from one mark, in
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

    /// Adds holes to `seat` and moves the pavillon (docs/rules.md §8).
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

/// The winnings of a tour under a scheme (docs/rules.md §8), in halves of a stake unit.
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

/// How a marqué of Trictrac à écrire was won (docs/rules.md §12).
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

/// The consolation after `refaits` refaits (docs/rules.md §12): 2, 4, 6, … (`lineaire`) or
/// 2, 4, 8, … (`double`, Malfilâtre).
pub fn consolation(refaits: u32, scheme: crate::games::grand_trictrac::options::Consolation) -> i64 {
    match scheme {
        crate::games::grand_trictrac::options::Consolation::Lineaire => 2 + 2 * refaits as i64,
        crate::games::grand_trictrac::options::Consolation::Double => 2i64 << refaits.min(30),
    }
}

/// The points of a marqué for its winner (docs/rules.md §12): (winner's holes + consolation),
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
        let c = consolation(0, crate::games::grand_trictrac::options::Consolation::Lineaire);
        assert_eq!(c, 2);
        assert_eq!(marque_value(9, 8, MarqueBredouille::None, c), 3);
        assert_eq!(marque_value(9, 8, marque_bredouille(9, true), c), 14);
        assert_eq!(marque_value(18, 6, marque_bredouille(18, true), c), 74);
        assert_eq!(marque_value(18, 6, MarqueBredouille::None, c), 14);
        assert_eq!(consolation(1, crate::games::grand_trictrac::options::Consolation::Lineaire), 4);
        assert_eq!(consolation(2, crate::games::grand_trictrac::options::Consolation::Lineaire), 6);
        assert_eq!(consolation(2, crate::games::grand_trictrac::options::Consolation::Double), 8);
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

/// The end of a match of Trictrac à écrire (docs/rules.md §12): what each seat counts, and the
/// final gain rounded to tens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MatchTotals {
    /// Total I: the points of the marqués each seat won.
    pub total_i: [i64; 2],
    /// Marqués won by each seat.
    pub marques_won: [u32; 2],
    /// 4 for each marqué won.
    pub marque_payments: [i64; 2],
    /// 20 to the seat that won more marqués.
    pub queue_des_marques: [i64; 2],
    /// 2 per marqué won to the seat with the larger Total I (1 per marqué more, on equal
    /// totals, to the seat with more marqués); 0 with `queue-jetons=non`.
    pub queue_des_jetons: [i64; 2],
    /// Everything each seat counts.
    pub total: [i64; 2],
    /// The winner of the match, if the totals differ.
    pub winner: Option<Seat>,
    /// The difference rounded to tens (units 5–9 up, 1–4 down).
    pub gain: i64,
}

/// The totals of a match from its marqués: `(winner, points)` for each marqué won.
pub fn match_totals(won: &[(Seat, i64)], queue_jetons: bool) -> MatchTotals {
    let mut m = MatchTotals::default();
    for &(seat, points) in won {
        m.total_i[seat.index()] += points;
        m.marques_won[seat.index()] += 1;
    }
    for i in 0..2 {
        m.marque_payments[i] = 4 * m.marques_won[i] as i64;
    }
    let (a, b) = (m.marques_won[0], m.marques_won[1]);
    if a != b {
        m.queue_des_marques[if a > b { 0 } else { 1 }] = 20;
    }
    if queue_jetons {
        match m.total_i[0].cmp(&m.total_i[1]) {
            std::cmp::Ordering::Greater => m.queue_des_jetons[0] = 2 * a as i64,
            std::cmp::Ordering::Less => m.queue_des_jetons[1] = 2 * b as i64,
            std::cmp::Ordering::Equal if a != b => {
                m.queue_des_jetons[if a > b { 0 } else { 1 }] = a.abs_diff(b) as i64;
            }
            _ => {}
        }
    }
    for i in 0..2 {
        m.total[i] = m.total_i[i] + m.marque_payments[i] + m.queue_des_marques[i] + m.queue_des_jetons[i];
    }
    let d = m.total[0] - m.total[1];
    m.winner = match d.cmp(&0) {
        std::cmp::Ordering::Greater => Some(Seat::Top),
        std::cmp::Ordering::Less => Some(Seat::Bottom),
        std::cmp::Ordering::Equal => None,
    };
    m.gain = (d.abs() + 5) / 10 * 10;
    m
}

#[cfg(test)]
mod match_tests {
    use super::*;

    #[test]
    fn the_payments_can_turn_a_match() {
        // B leads by 5 points of marqués, A won four marqués to two
        let won = [
            (Seat::Top, 10),
            (Seat::Top, 10),
            (Seat::Top, 10),
            (Seat::Top, 10),
            (Seat::Bottom, 20),
            (Seat::Bottom, 25),
        ];
        let m = match_totals(&won, true);
        assert_eq!(m.total_i, [40, 45]);
        assert_eq!(m.marque_payments, [16, 8]);
        assert_eq!(m.queue_des_marques, [20, 0]);
        assert_eq!(m.queue_des_jetons, [0, 4]);
        assert_eq!(m.total, [76, 57]);
        assert_eq!(m.winner, Some(Seat::Top));
        assert_eq!(m.gain, 20); // 19 rounds up
                                // equal totals: one point per marqué more to the seat with more marqués
        let won = [(Seat::Top, 10), (Seat::Top, 10), (Seat::Top, 10), (Seat::Bottom, 30)];
        assert_eq!(match_totals(&won, true).queue_des_jetons, [2, 0]);
        assert_eq!(match_totals(&won, false).queue_des_jetons, [0, 0]);
    }

    #[test]
    fn rounding_to_tens() {
        for (d, g) in [(51, 50), (54, 50), (55, 60), (59, 60), (0, 0)] {
            let won = [(Seat::Top, d)];
            let m = match_totals(&won, false);
            // top: d + 4 + 20
            assert_eq!(m.gain, (d + 24 + 5) / 10 * 10);
            let _ = g;
        }
        let m = match_totals(&[(Seat::Top, 31)], false); // 31 + 4 + 20 = 55
        assert_eq!(m.gain, 60);
        let m = match_totals(&[(Seat::Top, 30)], false); // 54
        assert_eq!(m.gain, 50);
    }
}
