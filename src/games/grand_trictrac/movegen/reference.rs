//! The move generator as it stood before the bit-mask fast path (issue 7): every sequence of
//! single-die steps, judged whole and kept once per resulting position. Test-only: the
//! differential tests compare it with [`Board::dice_plays`] play by play, fields and order.

use super::*;

/// The plays the dice obligations allow, by the sequence enumeration.
pub(super) fn dice_plays(board: &Board, dice: Dice) -> Plays {
    let mut all = Plays::new();
    let side0 = board.pos.men[board.seat.index()];
    let (a, b) = (dice.high(), dice.low());
    let orders: &[(u8, u8)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
    let occupied = |side: &[u8; 26]| -> u32 {
        let mut m = 0u32;
        for (p, &c) in side.iter().enumerate().take(25).skip(1) {
            m |= u32::from(c != 0) << p;
        }
        m
    };
    let occ0 = occupied(&side0);
    for (order, &(x, y)) in orders.iter().enumerate() {
        let mut m1 = occ0;
        while m1 != 0 {
            let f1 = m1.trailing_zeros() as usize;
            m1 &= m1 - 1;
            let Some((s1, e1)) = board.step(&side0, f1, x) else { continue };
            let mut side1 = side0;
            side1[f1] -= 1;
            side1[s1.to as usize] += 1;
            if side1[OFF] == 15 {
                consider(board, &mut all, &side0, &side1, &[s1], 2, e1, false);
                continue;
            }
            let mut second = false;
            let mut m2 = occ0 | (1u32 << s1.to);
            if side1[f1] == 0 {
                m2 &= !(1u32 << f1);
            }
            m2 &= !(1u32 << 25);
            while m2 != 0 {
                let f2 = m2.trailing_zeros() as usize;
                m2 &= m2 - 1;
                let Some((s2, e2)) = board.step(&side1, f2, y) else { continue };
                let independent = f2 != s1.to as usize && (s1.to as usize) < OFF && (s2.to as usize) < OFF;
                if independent && (order == 1 || (a == b && f2 < f1)) {
                    continue;
                }
                let mut side2 = side1;
                side2[f2] -= 1;
                side2[s2.to as usize] += 1;
                if consider(board, &mut all, &side0, &side2, &[s1, s2], 2, e1 || e2, false) {
                    second = true;
                }
            }
            if !second {
                consider(board, &mut all, &side0, &side1, &[s1], 1, e1, false);
            }
        }
    }
    if let Some(steps) = board.par_puissance_steps(&side0, dice) {
        let mut after = side0;
        for s in &steps {
            after[s.from as usize] -= 1;
            after[s.to as usize] += 1;
        }
        consider(board, &mut all, &side0, &after, &steps, 2, false, true);
    }
    if all.len == 0 {
        all.push(Play { dice_used: 0, full: Position::full_jans(&side0), ..Play::default() });
    }
    let max = all.iter().map(|p| p.dice_used).max().unwrap_or(0);
    all.retain(|p| p.dice_used == max);
    if max == 1 && a != b && all.iter().any(|p| p.steps[0].die == a) {
        all.retain(|p| p.steps[0].die == a);
    }
    if all.iter().any(|p| !p.excedant) {
        all.retain(|p| !p.excedant);
    }
    all.max_dice = max;
    all
}

#[allow(clippy::too_many_arguments)]
fn consider(
    board: &Board,
    all: &mut Plays,
    before: &[u8; 26],
    after: &[u8; 26],
    steps: &[Step],
    dice_used: u8,
    excedant: bool,
    par_puissance: bool,
) -> bool {
    let key = make_key(steps);
    if all.holds_as_good(key, dice_used, excedant) {
        return true;
    }
    if !par_puissance && board.play_fault(before, after, steps).is_some() {
        return false;
    }
    let mut st = [Step::default(); 2];
    st[..steps.len()].copy_from_slice(steps);
    all.push(Play {
        steps: st,
        len: steps.len() as u8,
        dice_used,
        par_puissance,
        excedant,
        full: Position::full_jans(after),
        key,
    });
    true
}

/// A seeded xorshift: each call gives a number below `n`.
fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// A random position along the seats' routes: men spread in one of several styles (early
/// game, anywhere, corners and lone men, men in closed jans, bearing off), no point shared.
pub(crate) fn random_position(seed: u64) -> Position {
    let mut next = xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let turn = if next(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut men = [[0u8; 26]; 2];
    let style = next(9);
    for seat in [turn, turn.other()] {
        let me = seat.index();
        let other = seat.other().index();
        let mut left = 15u8;
        if style == 0 || (style == 4 && seat == turn) {
            let off = next(8) as u8;
            men[me][OFF] = off;
            left -= off;
        }
        let mut tries = 0;
        while left > 0 {
            tries += 1;
            let style = if tries > 200 { 2 } else { style };
            let p = match style {
                0 => 19 + next(6) as usize,
                4 if seat == turn => 19 + next(6) as usize,
                8 if seat == turn => 13 + next(12) as usize,
                4..=6 if seat != turn => 1 + next(7) as usize,
                5 => 1 + next(24) as usize,
                6 => [1, 6, 7, 9, 11, 12, 13, 14, 16][next(9) as usize],
                1 | 7 => 1 + next(12) as usize,
                _ => 1 + next(24) as usize,
            };
            if men[other][25 - p] > 0 {
                continue;
            }
            let k = if style == 7 { 1 } else { (1 + next(3) as u8).min(left) };
            men[me][p] += k;
            left -= k;
        }
    }
    Position { men, turn }
}

/// The identity of a play from the sides before and after, point by point.
pub(crate) fn key_from_sides(before: &[u8; 26], after: &[u8; 26]) -> Option<u32> {
    let mut from = [0u8; 2];
    let mut to = [0u8; 2];
    let (mut nf, mut nt) = (0usize, 0usize);
    for p in 1..=25usize {
        let (b, a) = (before[p], after[p]);
        for _ in a..b {
            *from.get_mut(nf)? = p as u8;
            nf += 1;
        }
        for _ in b..a {
            *to.get_mut(nt)? = p as u8;
            nt += 1;
        }
    }
    Some(pack_key(from, to))
}

/// Each man's move of a play, by sorting its endpoints.
/// Each man's move (from, to), a man moved by both dice once, sorted.
pub(crate) fn man_moves(p: &Play) -> ([(u8, u8); 2], usize) {
    let (o, d) = key_endpoints(p.key);
    let mut pairs: [(u8, u8); 2] = [(0, 0); 2];
    let mut n = 0;
    // endpoints come nonzero first
    let (no, nd) = (o.iter().filter(|&&x| x != 0).count(), d.iter().filter(|&&x| x != 0).count());
    if no == 1 && nd == 1 {
        pairs[0] = (o[0], d[0]);
        n = 1;
    } else if no == 2 && nd == 2 {
        // pair as the steps went (no step cancelled, so they are the endpoints)
        for s in p.steps() {
            pairs[n] = (s.from, s.to);
            n += 1;
        }
    }
    pairs[..n].sort();
    (pairs, n)
}

/// The endpoints of a key, sorted.
pub(crate) fn key_endpoints(key: u32) -> ([u8; 2], [u8; 2]) {
    let f = |k: u32| (key >> k & 31) as u8;
    let mut o = [f(0), f(5)];
    let mut d = [f(10), f(15)];
    o.sort_unstable_by(|a, b| (*a == 0).cmp(&(*b == 0)).then(a.cmp(b)));
    d.sort_unstable_by(|a, b| (*a == 0).cmp(&(*b == 0)).then(a.cmp(b)));
    (o, d)
}
