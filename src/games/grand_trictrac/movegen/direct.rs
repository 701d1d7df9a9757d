//! The direct judge of a recorded play (docs/rules.md §2–§3, §10): the recorded moves checked
//! as one legal play without listing every play of the roll, when nothing the full list
//! decides is at stake.
//!
//! The full list ([`Board::dice_plays_into`], then [`Plays::apply_jan_obligations`]) is needed
//! to judge a play, and to count the jans of the roll (docs/rules.md §5: a jan filled or kept
//! only by a play the obligations allow), only when
//!
//! * a die may bear a man off (fewer than two men outside the jan de retour), or the corner
//!   may be taken par puissance (§3);
//! * the recorded play does not use both dice (then the dice obligations, both dice or the
//!   higher, must be weighed against every play);
//! * a jan is at stake (§2, §5): the play fills one, or breaks a full one, or another jan
//!   could be filled by some play of the dice.
//!
//! Otherwise the recorded play, lawful step by step and as a whole (§3), is a legal play: it
//! uses both dice, bears nothing off, and meets every jan obligation there is (it keeps the
//! full jans; no play can fill another). It is the [`Play`] the full list would hold for the
//! same resulting position, with the same steps (those of the enumeration's order, see
//! [`super::fast`]), so a list of that one play judges and scores the throw word for word
//! as the full list does.

use super::*;
use crate::notation::{Move, Play as RecordedPlay, Target};

/// The relative points of each fillable jan, as bits, with its bit of [`jans`].
const JAN_POINTS: [(u8, u32); 3] = [(jans::PETIT, 0x3f << 1), (jans::GRAND, 0x3f << 7), (jans::RETOUR, 0x3f << 19)];

/// A recorded play read as the men it moves: one man from a point to another, or two men.
#[derive(Clone, Copy)]
enum Net {
    One(u8, u8),
    Two((u8, u8), (u8, u8)),
}

impl Board<'_> {
    /// The recorded play as the legal play it is, found directly (see the module's text), or
    /// `None` when the full list of plays must judge it (the play may be a fausse case, a die
    /// may bear off, a jan is at stake).
    pub fn direct_play(&self, dice: Dice, play: &RecordedPlay) -> Option<Play> {
        let before = &self.pos.men[self.seat.index()];
        let words = fast::point_words(before);
        let (occ, ge2) = (fast::at_least(&words, 1), fast::at_least(&words, 2));
        // a die can bear a man off only with fewer than two men on p1–p18
        let outside = occ & 0x7_fffe;
        if outside & outside.wrapping_sub(1) == 0 && ge2 & outside == 0 || self.puissance_possible(before, dice) {
            return None;
        }
        let net = self.net_of(before, play)?;
        let steps = self.steps_of(before, net, dice)?;
        let mut after = *before;
        for s in &steps {
            after[s.from as usize] -= 1;
            after[s.to as usize] += 1;
        }
        let full_of = |ge2: u32| JAN_POINTS.iter().filter(|&&(_, m)| m & !ge2 == 0).fold(0, |f, &(bit, _)| f | bit);
        let full_before = full_of(ge2);
        let full = full_of(fast::at_least(&fast::point_words(&after), 2));
        // a jan filled or broken: the obligations and the ways of filling need every play
        if full != full_before || some_jan_fillable(occ, ge2, dice, full) {
            return None;
        }
        Some(Play { steps, len: 2, dice_used: 2, par_puissance: false, excedant: false, full, key: make_key(&steps) })
    }

    /// The men the recorded moves move, net, when they apply as written (each from a point
    /// holding one of the thrower's men, forward, onto a point no opposing man holds, none
    /// off), one or two moves: the reading of the full judge's lookup among the legal plays
    /// (`fausse_case`), for the plays this judge can take.
    fn net_of(&self, before: &[u8; 26], play: &RecordedPlay) -> Option<Net> {
        let seat = self.seat;
        let RecordedPlay::Moves(moves) = play else { return None };
        let mv = |m: &Move| -> Option<(u8, u8)> {
            let f = Position::relative(seat, m.from_point()?);
            let Target::Point(to) = m.to else { return None };
            let t = Position::relative(seat, to);
            (t > f && before[f] > 0 && self.opp[t] == 0).then_some((f as u8, t as u8))
        };
        match moves.as_slice() {
            [m] => mv(m).map(|(f, t)| Net::One(f, t)),
            [m1, m2] => {
                let ((f1, t1), (f2, t2)) = (mv(m1)?, mv(m2)?);
                if f2 == t1 {
                    Some(Net::One(f1, t2))
                } else if t2 == f1 {
                    Some(Net::One(f2, t1))
                } else if f1 == f2 && before[f1 as usize] < 2 {
                    None
                } else {
                    Some(Net::Two((f1, t1), (f2, t2)))
                }
            }
            _ => None,
        }
    }

    /// The two single-die steps of the play `net` (both dice, nothing borne off), lawful step
    /// by step, as the enumeration of plays first finds them (the higher die's sequences
    /// first, by the first man's point then the second's: [`super::fast`]).
    fn steps_of(&self, before: &[u8; 26], net: Net, dice: Dice) -> Option<[Step; 2]> {
        let (a, b) = (dice.high(), dice.low());
        let step = |from: u8, to: u8, die: u8| Step { from, to, die };
        let lawful = |st: [Step; 2]| self.steps_lawful(before, &st).then_some(st);
        match net {
            Net::One(f0, t0) => {
                // one man by both dice: through the higher die's point; or, a man already on
                // the lower die's point, that one moved by the higher die and the first man
                // onto its point (an other order of the same men, not for a doublet); or
                // through the lower die's point
                if (t0 - f0) != a + b {
                    return None;
                }
                let m = f0 + a;
                let higher_first = lawful([step(f0, m, a), step(m, t0, b)]);
                if higher_first.is_some() || a == b {
                    return higher_first;
                }
                let l = f0 + b;
                let second_first = if before[l as usize] > 0 { lawful([step(l, t0, a), step(f0, l, b)]) } else { None };
                second_first.or_else(|| lawful([step(f0, l, b), step(l, t0, a)]))
            }
            Net::Two((f0, t0), (f1, t1)) => {
                // two men, one die each: pair the origins with the destinations by the dice
                let pair = |(p, q): (u8, u8), (r, s): (u8, u8)| -> Option<[Step; 2]> {
                    let (d1, d2) = (q.checked_sub(p)?, s.checked_sub(r)?);
                    let steps = if d1 == a && d2 == b {
                        if a == b && r < p {
                            [step(r, s, b), step(p, q, a)]
                        } else {
                            [step(p, q, a), step(r, s, b)]
                        }
                    } else if d1 == b && d2 == a {
                        if a == b && p < r {
                            [step(p, q, b), step(r, s, a)]
                        } else {
                            [step(r, s, a), step(p, q, b)]
                        }
                    } else {
                        return None;
                    };
                    lawful(steps)
                };
                pair((f0, t0), (f1, t1)).or_else(|| pair((f0, t1), (f1, t0)))
            }
        }
    }

    /// Each step in turn moves a man of the thrower's (docs/rules.md §3: [`Board::step`]), and the
    /// whole play keeps the corner, passage and rest rules ([`Board::play_fault`]).
    fn steps_lawful(&self, before: &[u8; 26], steps: &[Step; 2]) -> bool {
        let mut side = *before;
        for s in steps {
            match self.step(&side, s.from as usize, s.die) {
                Some((got, false)) if got == *s => {
                    side[s.from as usize] -= 1;
                    side[s.to as usize] += 1;
                }
                _ => return false,
            }
        }
        self.play_fault(before, &side, steps).is_none()
    }
}

/// Whether some play of `dice` might leave full a jan not full now (`full`: those full now;
/// `occ`, `ge2`: the thrower's points holding a man, two men) — a test that never misses one
/// (docs/rules.md §5): the men a jan lacks, two at most, must each be able to arrive by a die
/// from a man there before the throw, one lacking man by both dice too.
#[inline]
fn some_jan_fillable(occ: u32, ge2: u32, dice: Dice, full: u8) -> bool {
    let (a, b) = (dice.high() as u32, dice.low() as u32);
    let by_one_die = (occ << a) | (occ << b);
    let by_both = occ << (a + b);
    JAN_POINTS.iter().filter(|&&(bit, _)| full & bit == 0).any(|&(_, jan)| {
        let (empty, half) = (jan & !occ, jan & occ & !ge2);
        // the men the jan lacks (one for a half-point, two for an empty point), without a
        // count of bits: none, one, two or more
        let single = |m: u32| m != 0 && m & (m - 1) == 0;
        let pair = |m: u32| m != 0 && single(m & (m - 1));
        if empty == 0 && single(half) {
            half & (by_one_die | by_both) != 0
        } else if empty == 0 && pair(half) || half == 0 && single(empty) {
            (empty | half) & !by_one_die == 0
        } else {
            false
        }
    })
}

impl Plays {
    /// Makes this list the one play `p` (found by [`Board::direct_play`]): both dice used, its
    /// full jans the obligations (docs/rules.md §2).
    pub fn set_single(&mut self, p: Play) {
        self.clear();
        self.push(p);
        self.max_dice = p.dice_used;
        self.obligations = p.full;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grand_trictrac::movegen::reference;
    use crate::notation::Play as RecordedPlay;

    use crate::games::grand_trictrac::fausse_case::moved_side;

    /// The recorded plays to try in `pos`: every play the dice allow, written as the record
    /// writes it and step by step, and moves that are no play (one man, two men, any points).
    fn candidates(pos: &Position, board: &Board, dice: Dice, k: u64) -> Vec<RecordedPlay> {
        let seat = pos.turn();
        let mut v = Vec::new();
        for p in board.dice_plays(dice).iter() {
            v.push(p.into_recorded(seat));
            let steps: Vec<Move> = p
                .steps()
                .iter()
                .map(|s| {
                    let to = if s.to as usize >= OFF {
                        Target::Off
                    } else {
                        Target::Point(Position::point(seat, s.to as usize))
                    };
                    Move::new(Position::point(seat, s.from as usize), None, to)
                })
                .collect();
            v.push(RecordedPlay::Moves(steps.into()));
        }
        let mut seed = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..30 {
            let men = 1 + next(2) as usize;
            let moves = (0..men)
                .map(|_| {
                    let f = 1 + next(24) as usize;
                    let t = f + 1 + next(12) as usize;
                    let to = if t > 24 { Target::Off } else { Target::Point(Position::point(seat, t)) };
                    Move::new(Position::point(seat, f), None, to)
                })
                .collect::<Vec<Move>>();
            v.push(RecordedPlay::Moves(moves.into()));
        }
        v
    }

    /// Whatever the direct judge finds is the legal play the full list holds for the same
    /// result, with the same steps, jans and flags; the dice obligations (both dice) and the
    /// jan obligations (the play's full jans, and only them) are the full list's. On generated
    /// and random positions, every roll, every movement option; most legal plays of generated
    /// positions are found directly.
    #[test]
    fn the_direct_judge_finds_the_full_lists_play() {
        let n = if cfg!(debug_assertions) { 600 } else { 6_000 };
        let generated = crate::games::grand_trictrac::generate::positions(n);
        let mut positions: Vec<Position> = generated.iter().map(|(p, _)| *p).collect();
        positions.extend((0..n as u64).map(reference::random_position));
        let variants = [
            MoveRules::default(),
            MoveRules { passage_rest: PassageRest::Forbidden, ..MoveRules::default() },
            MoveRules { sortie: Sortie::Provinciale, ..MoveRules::default() },
        ];
        let (mut direct, mut tried) = (0usize, 0usize);
        for (k, pos) in positions.iter().enumerate() {
            for rules in variants {
                let board = Board::new(pos, rules);
                for dice in Dice::all() {
                    let all = board.dice_plays(dice);
                    let legal = board.legal_plays(dice);
                    for rec in candidates(pos, &board, dice, k as u64) {
                        let lawful = moved_side(pos, &rec)
                            .and_then(|s| key_from_sides(pos.side(pos.turn()), &s))
                            .and_then(|key| legal.find(key));
                        tried += usize::from(lawful.is_some() && k < n);
                        let Some(p) = board.direct_play(dice, &rec) else { continue };
                        direct += usize::from(k < n);
                        assert_eq!(lawful, Some(&p), "{pos} {dice} {rec:?}");
                        assert_eq!(all.find(p.key), Some(&p), "{pos} {dice}");
                        assert_eq!((all.max_dice, all.full_any(), legal.obligations), (2, p.full, p.full));
                    }
                }
            }
        }
        // the lawful plays of generated positions are mostly judged directly
        assert!(direct * 10 > tried * 6, "{direct} of {tried}");
    }
}
