//! An independent, slow move generator, written from docs/games.md §J.2–§J.4 without any of
//! [`super::movegen`]'s code: every order of the dice, every man, each resulting position
//! kept whole; compared with the engine on random positions.

use super::board::{Board, OFF};
use crate::board::Seat;
use crate::dice::Dice;
use std::collections::HashSet;

/// Where die `d` takes `seat`'s man on `p`, and whether it pins; `None` if it may not move.
fn lawful(b: &Board, seat: Seat, p: usize, d: usize) -> Option<(usize, bool)> {
    let (me, them) = (seat.index(), seat.other().index());
    if b.men[me][p] == 0 || b.pinned[me] & (1 << p) != 0 {
        return None;
    }
    let to = p + d;
    if to > 24 {
        let all_home = (1..19).all(|q| b.men[me][q] == 0);
        let farther = (19..p).any(|q| b.men[me][q] > 0);
        let ok = all_home && b.pinned[me] == 0 && (to == 25 || !farther);
        return ok.then_some((OFF, false));
    }
    let opp = b.men[them][25 - to];
    let their_man_pinned = b.pinned[them] & (1 << (25 - to)) != 0;
    let my_man_pinned = b.pinned[me] & (1 << to) != 0;
    if opp == 0 || (opp == 1 && their_man_pinned) {
        Some((to, false))
    } else if opp == 1 && !my_man_pinned {
        Some((to, true))
    } else {
        None
    }
}

fn moved(b: &Board, seat: Seat, p: usize, to: usize, pin: bool) -> Board {
    let (me, them) = (seat.index(), seat.other().index());
    let mut n = *b;
    n.men[me][p] -= 1;
    n.men[me][to] += 1;
    if n.men[me][p] == 0 && p <= 24 {
        n.pinned[them] &= !(1 << (25 - p));
    }
    if pin {
        n.pinned[them] |= 1 << (25 - to);
    }
    n
}

/// Every sequence of the dice in `order`, recorded as (dice used, die of a lone move, result).
fn walk(b: &Board, seat: Seat, order: &[u8], used: usize, first: u8, out: &mut Vec<(usize, u8, Board)>) {
    let mut any = false;
    if let Some((&d, rest)) = order.split_first() {
        for p in 1..=24 {
            if let Some((to, pin)) = lawful(b, seat, p, usize::from(d)) {
                any = true;
                let f = if used == 0 { d } else { first };
                walk(&moved(b, seat, p, to, pin), seat, rest, used + 1, f, out);
            }
        }
    }
    if !any {
        out.push((used, first, *b));
    }
}

/// The positions the legal plays of `dice` leave (the turn not passed).
pub fn brute_plays(b: &Board, dice: Dice) -> HashSet<Board> {
    let seat = b.turn;
    let mut all = Vec::new();
    let (h, l) = (dice.high(), dice.low());
    if h == l {
        walk(b, seat, &[h; 4], 0, 0, &mut all);
    } else {
        walk(b, seat, &[h, l], 0, 0, &mut all);
        walk(b, seat, &[l, h], 0, 0, &mut all);
    }
    let most = all.iter().map(|e| e.0).max().unwrap_or(0);
    all.retain(|e| e.0 == most);
    if most == 1 && h != l && all.iter().any(|e| e.1 == h) {
        all.retain(|e| e.1 == h);
    }
    all.into_iter().map(|e| e.2).collect()
}

#[cfg(test)]
mod tests {
    use super::super::movegen::{legal_plays_into, Plays};
    use super::*;
    use proptest::prelude::*;

    /// A position reached from the start by `throws` random lawful plays (the engine's own,
    /// picked by `picks`), stopping when a seat has borne everyone off.
    fn reached(throws: &[(u8, u8, usize)]) -> Board {
        let mut b = Board::opening(Seat::Top);
        let mut plays = Plays::new();
        for &(x, y, pick) in throws {
            let dice = Dice::new(x, y).expect("die faces");
            legal_plays_into(&b, dice, &mut plays);
            if let Some(p) = plays.as_slice().get(pick % plays.as_slice().len().max(1)) {
                b = p.after;
            }
            if b.men[0][OFF] == 15 || b.men[1][OFF] == 15 {
                break;
            }
            b.turn = b.turn.other();
        }
        b
    }

    fn engine(b: &Board, dice: Dice) -> HashSet<Board> {
        let mut plays = Plays::new();
        legal_plays_into(b, dice, &mut plays);
        let set: HashSet<Board> = plays.as_slice().iter().map(|p| p.after).collect();
        assert_eq!(set.len(), plays.as_slice().len(), "plays are distinct by position");
        set
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn movegen_agrees_with_brute_force(
            throws in prop::collection::vec((1u8..=6, 1u8..=6, 0usize..400), 0..120),
            x in 1u8..=6, y in 1u8..=6,
        ) {
            let b = reached(&throws);
            let dice = Dice::new(x, y).unwrap();
            prop_assert_eq!(engine(&b, dice), brute_plays(&b, dice));
        }

        #[test]
        fn movegen_agrees_on_home_boards_with_pins(
            top in prop::collection::vec(13usize..=24, 15), bottom in prop::collection::vec(1usize..=24, 15),
            pin_at in 13usize..=24, x in 1u8..=6, y in 1u8..=6,
        ) {
            // top's men spread over its last half, bottom's anywhere not on them; one top man
            // pinned beneath a bottom man, or one bottom man beneath a top man
            let mut b = Board::empty(Seat::Top);
            for p in top { b.men[0][p] += 1; }
            for p in bottom {
                let q = if b.men[0][25 - p] > 0 { 25 } else { p };
                b.men[1][q] += 1;
            }
            if b.men[0][pin_at] == 1 && b.men[1][25 - pin_at] == 0 && b.men[1][25] > 0 {
                b.men[1][25] -= 1;
                b.men[1][25 - pin_at] = 1;
                b.pin(Seat::Top, pin_at);
            }
            let dice = Dice::new(x, y).unwrap();
            prop_assert_eq!(engine(&b, dice), brute_plays(&b, dice));
            b.turn = Seat::Bottom;
            prop_assert_eq!(engine(&b, dice), brute_plays(&b, dice));
        }
    }
}
