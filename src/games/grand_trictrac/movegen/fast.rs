//! The dice plays of a roll while no man can bear off (docs/rules.md §2–§3), over bit masks.
//!
//! With two men or more outside the jan de retour no die can bear a man off, so every step
//! lands on the board and the whole-play rules of §3 reduce to masks of relative points:
//! where a step may land, where a play may end, where a tout d'une may rest. A play is then
//! either two men moved one die each (a *pair*) or one man moved by both dice (a *sum*: a
//! tout d'une, or a chain through a man already on the rest point, which ends alike), and
//! its identity ([`Play::key`]) and the jans it leaves full follow from its endpoints alone.
//!
//! The plays come out in the order, and with the steps, of the enumeration of single-die
//! sequences ([`Board::step`], [`Board::play_fault`]) that the general path
//! (`Board::fill_dice_plays`) still uses while men bear off: the higher die's sequences first,
//! by the first man's point then the second's, then the tout d'une that only the lower die
//! first allows. The unit tests compare both play by play.

use super::*;

/// Relative points 1..=24 as bits.
const POINTS: u32 = 0x01ff_fffe;
/// The opponent's grand jan, my p13–p18.
const GRAND_RUN: u32 = 0x3f << 13;
/// My own rest corner.
const CORNER: u32 = 1 << OWN_CORNER;
/// The opponent's rest corner.
const OPP_CORNER_BIT: u32 = 1 << OPP_CORNER;
/// The fillable jans as (bit of [`jans`], mask of their points).
const JAN_MASKS: [(u8, u32); 3] = [(jans::PETIT, 0x3f << 1), (jans::GRAND, 0x3f << 7), (jans::RETOUR, 0x3f << 19)];

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The men of relative points 1..=24 as three little-endian words of eight points each.
#[inline(always)]
pub(super) fn point_words(side: &[u8; 26]) -> [u64; 3] {
    let w = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&side[1 + 8 * i..9 + 8 * i]);
        u64::from_le_bytes(b)
    };
    [w(0), w(1), w(2)]
}

/// Bit `p` set for each relative point `p` (1..=24) holding `k` men or more (`k` ≤ 127; a
/// point holds at most fifteen).
#[inline(always)]
pub(super) fn at_least(words: &[u64; 3], k: u8) -> u32 {
    let sub = LOW_BITS * k as u64;
    let mut m = 0u32;
    for (i, &w) in words.iter().enumerate() {
        // each byte becomes 0x80 + men − k: its high bit says men ≥ k, no borrow between bytes
        let v = ((w | HIGH_BITS) - sub) & HIGH_BITS;
        // gather the eight high bits into one byte
        let bits = ((v >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        m |= bits << (1 + 8 * i);
    }
    m
}

/// Bit `p` set for each relative point `p` (1..=24) whose byte in `words` (as
/// [`point_words`] lays them out) is not zero.
#[inline(always)]
pub(super) fn nonzero_bytes(words: &[u64; 3]) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut m = 0u32;
    for (i, &w) in words.iter().enumerate() {
        // the high bit of each byte: some bit of the byte is set
        let v = (((w & LOW7) + LOW7) | w) & HIGH_BITS;
        let bits = ((v >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        m |= bits << (1 + 8 * i);
    }
    m
}

#[inline(always)]
fn bit(p: usize) -> u32 {
    1 << p
}

/// What a play's endpoints need to be judged and described: the men before, as masks.
struct Side {
    /// Men on my own corner before the play.
    corner: u8,
    /// Points with two men or more.
    ge2: u32,
    /// Points with exactly one man.
    eq1: u32,
    /// Points with exactly two men: one man leaving breaks them.
    eq2: u32,
    /// Points with two or three men: two men leaving break them.
    eq23: u32,
    /// The jans some play could leave full (at most two men missing): 0 spares the work.
    fillable: u8,
}

impl Side {
    /// The jans full after a play that took men from `from` and put men on `to` (net, as
    /// bits), `two_from`/`two_to` when both men left from, or arrived on, one point.
    #[inline(always)]
    fn full_after(&self, from: u32, to: u32, two_from: bool, two_to: bool) -> u8 {
        if self.fillable == 0 {
            return 0;
        }
        let lose = from & if two_from { self.eq23 } else { self.eq2 };
        let gain = to & if two_to { !0 } else { self.eq1 };
        let after = (self.ge2 & !lose) | gain;
        let mut m = 0;
        for (jan, r) in JAN_MASKS {
            if after & r == r {
                m |= jan;
            }
        }
        m
    }

    /// Whether the net change `d` of the men on my own corner leaves a single man there
    /// where there was not one (docs/rules.md §3: never a single man on a rest corner; the last
    /// two leave together).
    #[inline(always)]
    fn corner_broken(&self, d: i32) -> bool {
        self.corner as i32 + d == 1 && self.corner != 1
    }

    /// The first points of one-man moves of `dist` points that would leave a single man on
    /// my own corner.
    #[inline(always)]
    fn lone_corner_sources(&self, dist: usize) -> u32 {
        let mut m = 0;
        if self.corner == 2 {
            m |= CORNER;
        }
        if self.corner == 0 && dist < OWN_CORNER {
            m |= bit(OWN_CORNER - dist);
        }
        m
    }
}

#[inline(always)]
fn step(from: usize, to: usize, die: usize) -> Step {
    Step { from: from as u8, to: to as u8, die: die as u8 }
}

/// One man from `s` to `t` (both dice, or one die alone).
#[inline(always)]
fn one_man_key(s: usize, t: usize) -> u32 {
    (s as u32) << 5 | (t as u32) << 15
}

impl Board<'_> {
    /// The plays the dice obligations allow ([`Board::dice_plays`]) when no man can bear off:
    /// the men on p1–p18 number two or more.
    pub(super) fn fast_dice_plays(&self, side: &[u8; 26], dice: Dice, all: &mut Plays) {
        let words = point_words(side);
        let occ = at_least(&words, 1);
        let ge2 = at_least(&words, 2);
        let eq1 = occ & !ge2;
        let mut s = Side { corner: side[OWN_CORNER], ge2, eq1, eq2: 0, eq23: 0, fillable: 0 };
        for (jan, r) in JAN_MASKS {
            // men missing: one for a half-point, two for an empty point
            let missing = (r & eq1).count_ones() + 2 * (r & !occ).count_ones();
            if missing <= 2 {
                s.fillable |= jan;
            }
        }
        if s.fillable != 0 {
            // what leaving men break, needed only to tell full jans
            let (ge3, ge4) = (at_least(&words, 3), at_least(&words, 4));
            s.eq2 = ge2 & !ge3;
            s.eq23 = ge2 & !ge4;
        }
        // where a step may land: no opposing man (and never off the board here)
        let land = !self.opp_mask & POINTS;
        let closed = self.closed_mask();
        // where a man may end: not in a closed jan, never on the opponent's corner
        let end = land & !closed & !OPP_CORNER_BIT;
        // where a tout d'une may rest: an empty point of a closed grand jan (passage-rest),
        // the opponent's corner if empty of my men
        let restable = if self.rules.passage_rest == PassageRest::Allowed { closed & GRAND_RUN & !occ } else { 0 };
        let my_opp_corner = if side[OPP_CORNER] > 0 { OPP_CORNER_BIT } else { 0 };
        let rest = land & !(closed & !restable) & !my_opp_corner;

        let (a, b) = (dice.high() as usize, dice.low() as usize);
        all.len = 0;
        if a != b {
            Self::singleton_pairs(&s, side, occ, land, end, rest, a, b, all);
        } else {
            Self::doublet_pairs(&s, side, occ, land, end, rest, a, all);
        }
        if let Some(steps) = self.par_puissance_steps(side, dice) {
            let key = make_key(&steps);
            if all.find(key).is_none() {
                let mut after = *side;
                for st in &steps {
                    after[st.from as usize] -= 1;
                    after[st.to as usize] += 1;
                }
                all.push_new(Play {
                    steps,
                    len: 2,
                    dice_used: 2,
                    par_puissance: true,
                    excedant: false,
                    full: Position::full_jans(&after),
                    key,
                });
            }
        }
        if all.len > 0 {
            all.max_dice = 2;
            return;
        }
        // one die only: the higher if it can be played (docs/rules.md §2)
        for d in if a == b { [a, 0] } else { [a, b] } {
            if d == 0 {
                break;
            }
            let mut m = occ & (end >> d) & !s.lone_corner_sources(d);
            while m != 0 {
                let f = m.trailing_zeros() as usize;
                m &= m - 1;
                let t = f + d;
                all.push_new(Play {
                    steps: [step(f, t, d), Step::default()],
                    len: 1,
                    dice_used: 1,
                    par_puissance: false,
                    excedant: false,
                    full: s.full_after(bit(f), bit(t), false, false),
                    key: one_man_key(f, t),
                });
            }
            if all.len > 0 {
                all.max_dice = 1;
                return;
            }
        }
        all.push_new(Play { dice_used: 0, full: Position::full_jans(side), ..Play::default() });
        all.max_dice = 0;
    }

    /// One man moved by both dice (`steps`), from `from` to `to`.
    #[inline]
    fn push_one_man(s: &Side, steps: [Step; 2], (from, to): (usize, usize), all: &mut Plays) {
        all.push_new(Play {
            steps,
            len: 2,
            dice_used: 2,
            par_puissance: false,
            excedant: false,
            full: s.full_after(bit(from), bit(to), false, false),
            key: one_man_key(from, to),
        });
    }

    /// The two-dice plays of a singleton roll `a` > `b`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn singleton_pairs(
        s: &Side,
        side: &[u8; 26],
        occ: u32,
        land: u32,
        end: u32,
        rest: u32,
        a: usize,
        b: usize,
        all: &mut Plays,
    ) {
        let sum = a + b;
        let lone = s.lone_corner_sources(sum);
        // one man by both dice, resting on the higher die's point, or on the lower's
        let sum_a = occ & (rest >> a) & (end >> sum) & !lone;
        let sum_b = occ & (rest >> b) & (end >> sum) & !lone;
        // a man the higher die can move (it may still only rest there)
        let first = occ & (land >> a);
        let end_a = occ & (end >> a);
        let end_b = occ & (end >> b);
        let mut m1 = first;
        while m1 != 0 {
            let f1 = m1.trailing_zeros() as usize;
            m1 &= m1 - 1;
            let t1 = f1 + a;
            let mut m2 = 0u32;
            if end_a & bit(f1) != 0 {
                m2 = end_b & !bit(t1);
                if side[f1] < 2 {
                    m2 &= !bit(f1);
                }
                // the lower die bringing a man onto f1 first: one man by both dice, already
                // listed when it may rest on its higher die's point
                if f1 > b && sum_a & bit(f1 - b) != 0 {
                    m2 &= !bit(f1 - b);
                }
            }
            if sum_a & bit(f1) != 0 {
                m2 |= bit(t1);
            }
            while m2 != 0 {
                let f2 = m2.trailing_zeros() as usize;
                m2 &= m2 - 1;
                if f2 == t1 {
                    // tout d'une (or a chain through a man on t1): f1 to t1 + b
                    let t = t1 + b;
                    Self::push_one_man(s, [step(f1, t1, a), step(t1, t, b)], (f1, t), all);
                    continue;
                }
                let t2 = f2 + b;
                if t2 == f1 {
                    // the chain f2 → f1 → t1, written higher die first: one man f2 to t1
                    if s.corner_broken(i32::from(t1 == OWN_CORNER) - i32::from(f2 == OWN_CORNER)) {
                        continue;
                    }
                    Self::push_one_man(s, [step(f1, t1, a), step(f2, f1, b)], (f2, t1), all);
                    continue;
                }
                Self::push_pair(s, f1, t1, a, f2, t2, b, all);
            }
        }
        // tout d'une that only the lower die first allows, unless a man already on its rest
        // point made it a chain listed above
        let mut m = sum_b & !sum_a & !(occ >> b);
        while m != 0 {
            let f = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, t) = (f + b, f + sum);
            Self::push_one_man(s, [step(f, r, b), step(r, t, a)], (f, t), all);
        }
    }

    /// The two-dice plays of a doublet of `a`: two men one die each, or one man tout d'une.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn doublet_pairs(s: &Side, side: &[u8; 26], occ: u32, land: u32, end: u32, rest: u32, a: usize, all: &mut Plays) {
        let sum = 2 * a;
        let tout_d_une = occ & (rest >> a) & (end >> sum) & !s.lone_corner_sources(sum);
        let first = occ & (land >> a);
        let end_a = occ & (end >> a);
        let mut m1 = first;
        while m1 != 0 {
            let f1 = m1.trailing_zeros() as usize;
            m1 &= m1 - 1;
            let t1 = f1 + a;
            let mut m2 = 0u32;
            if end_a & bit(f1) != 0 {
                // the second man from f1 or beyond (each pair once)
                m2 = end_a & !bit(t1) & !(bit(f1) - 1);
                if side[f1] < 2 {
                    m2 &= !bit(f1);
                }
            }
            if tout_d_une & bit(f1) != 0 {
                m2 |= bit(t1);
            }
            while m2 != 0 {
                let f2 = m2.trailing_zeros() as usize;
                m2 &= m2 - 1;
                if f2 == t1 {
                    let t = t1 + a;
                    all.push_new(Play {
                        steps: [step(f1, t1, a), step(t1, t, a)],
                        len: 2,
                        dice_used: 2,
                        par_puissance: false,
                        excedant: false,
                        full: s.full_after(bit(f1), bit(t), false, false),
                        key: one_man_key(f1, t),
                    });
                    continue;
                }
                Self::push_pair(s, f1, t1, a, f2, f2 + a, a, all);
            }
        }
    }

    /// Two men, `f1` to `t1` by `x` then `f2` to `t2` by `y`, each landing where a man may
    /// end: lawful unless it leaves a single man on my corner.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_pair(s: &Side, f1: usize, t1: usize, x: usize, f2: usize, t2: usize, y: usize, all: &mut Plays) {
        let from = bit(f1) | bit(f2);
        let to = bit(t1) | bit(t2);
        if (from | to) & CORNER != 0 {
            let d = i32::from(t1 == OWN_CORNER) + i32::from(t2 == OWN_CORNER)
                - i32::from(f1 == OWN_CORNER)
                - i32::from(f2 == OWN_CORNER);
            if s.corner_broken(d) {
                return;
            }
        }
        let (lo_f, hi_f) = (f1.min(f2), f1.max(f2));
        let (lo_t, hi_t) = (t1.min(t2), t1.max(t2));
        all.push_new(Play {
            steps: [step(f1, t1, x), step(f2, t2, y)],
            len: 2,
            dice_used: 2,
            par_puissance: false,
            excedant: false,
            full: s.full_after(from, to, f1 == f2, t1 == t2),
            key: (lo_f as u32) | (hi_f as u32) << 5 | (lo_t as u32) << 10 | (hi_t as u32) << 15,
        });
    }
}
