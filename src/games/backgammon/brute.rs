//! An independent, slow move generator, written from docs/games.md §0.2 and §D.4–§D.6 without
//! any of [`super::movegen`]'s shortcuts: every order of every die, every man, each
//! resulting position kept whole; compared with the engine on random positions.

use super::board::{Board, BAR, OFF};
use super::movegen::{legal_plays_into, Plays};
use super::options::UnSeulDe;
use crate::board::Seat;
use crate::dice::Dice;
use std::collections::BTreeSet;

/// Whether die `d` may move `seat`'s man on `p`, and where to.
fn lawful(b: &Board, seat: Seat, p: usize, d: usize) -> Option<usize> {
    let me = b.side(seat);
    if me[p] == 0 {
        return None;
    }
    if p != BAR && me[BAR] > 0 {
        return None; // the bar first (§D.4)
    }
    let to = p + d;
    if to <= 24 {
        // two or more opposing men: a ruban
        return (b.opposing(seat, to) < 2).then_some(to);
    }
    // bearing off (§D.5): everyone in Q4, and a larger die only from the farthest point
    let outside: u32 = me[..19].iter().map(|&c| u32::from(c)).sum();
    if outside > 0 {
        return None;
    }
    if to == 25 {
        return Some(OFF);
    }
    let farther: u32 = me[19..p].iter().map(|&c| u32::from(c)).sum();
    (farther == 0).then_some(OFF)
}

fn moved(b: &Board, seat: Seat, p: usize, to: usize) -> Board {
    let mut n = *b;
    n.men[seat.index()][p] -= 1;
    n.men[seat.index()][to] += 1;
    if to < OFF && n.opposing(seat, to) == 1 {
        n.men[seat.other().index()][25 - to] -= 1;
        n.men[seat.other().index()][BAR] += 1;
    }
    n
}

fn explore(b: &Board, seat: Seat, dice: &[usize], used: &mut Vec<usize>, out: &mut Vec<(Board, Vec<usize>)>) {
    out.push((*b, used.clone()));
    for i in 0..dice.len() {
        if dice[..i].contains(&dice[i]) {
            continue;
        }
        let d = dice[i];
        let mut rest = dice.to_vec();
        rest.remove(i);
        for p in 0..OFF {
            if let Some(to) = lawful(b, seat, p, d) {
                used.push(d);
                explore(&moved(b, seat, p, to), seat, &rest, used, out);
                used.pop();
            }
        }
    }
}

/// The positions the legal plays leave (the turn not passed).
pub fn legal_results(b: &Board, dice: Dice, un_seul_de: UnSeulDe) -> BTreeSet<[[u8; 26]; 2]> {
    let (hi, lo) = (usize::from(dice.high()), usize::from(dice.low()));
    let list = if hi == lo { vec![hi; 4] } else { vec![hi, lo] };
    let mut all = Vec::new();
    explore(b, b.turn, &list, &mut Vec::new(), &mut all);
    let most = all.iter().map(|(_, u)| u.len()).max().unwrap_or(0);
    let mut keep: Vec<&(Board, Vec<usize>)> = all.iter().filter(|(_, u)| u.len() == most).collect();
    if hi != lo && most == 1 {
        if keep.iter().any(|(_, u)| u[0] == hi) {
            keep.retain(|(_, u)| u[0] == hi);
        } else if un_seul_de == UnSeulDe::Livret {
            keep = vec![&all[0]];
        }
    }
    keep.iter().map(|(b, _)| b.men).collect()
}

/// A small deterministic generator for tests and benches.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A roll.
    pub fn dice(&mut self) -> Dice {
        Dice::new(self.below(6) as u8 + 1, self.below(6) as u8 + 1).expect("1..=6")
    }
}

/// A random position: men scattered (some on the bar, some borne off, or all home).
pub fn scatter(rng: &mut Rng) -> Board {
    loop {
        let mut b = Board::empty(if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom });
        let mut ok = true;
        for seat in Seat::ALL {
            let home = rng.below(4) == 0;
            let mut left = 15u8;
            if home {
                let off = rng.below(15) as u8;
                b.men[seat.index()][OFF] = off;
                left -= off;
            } else {
                let bar = [0, 0, 0, 1, 1, 2, 3][rng.below(7) as usize];
                b.men[seat.index()][BAR] = bar;
                left -= bar;
            }
            let mut tries = 0;
            while left > 0 && tries < 1000 {
                tries += 1;
                let p = if home { 19 + rng.below(6) as usize } else { 1 + rng.below(24) as usize };
                if b.opposing(seat, p) > 0 {
                    continue;
                }
                b.men[seat.index()][p] += 1;
                left -= 1;
            }
            ok &= left == 0;
        }
        if ok {
            return b;
        }
    }
}

/// A position reached by random legal play from the opening.
pub fn random_game_position(rng: &mut Rng, plays: &mut Plays) -> Board {
    let mut b = Board::opening(Seat::Top);
    for _ in 0..rng.below(120) {
        legal_plays_into(&b, rng.dice(), UnSeulDe::Moderne, plays);
        let k = rng.below(plays.len() as u64) as usize;
        let next = plays.as_slice()[k].apply(&b);
        if next.all_off(Seat::Top) || next.all_off(Seat::Bottom) {
            break;
        }
        b = next;
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine_results(b: &Board, d: Dice, u: UnSeulDe, plays: &mut Plays) -> BTreeSet<[[u8; 26]; 2]> {
        legal_plays_into(b, d, u, plays);
        let set: BTreeSet<_> = plays
            .as_slice()
            .iter()
            .map(|p| {
                let mut a = p.apply(b);
                a.turn = b.turn;
                a.men
            })
            .collect();
        assert_eq!(set.len(), plays.len(), "repeated position among the plays of {d} on {b}");
        set
    }

    #[test]
    fn the_engine_agrees_with_brute_force_on_random_positions() {
        let mut rng = Rng(0x5EED_1982);
        let mut plays = Plays::new();
        let mut plays2 = Plays::new();
        let mut compared = 0;
        for i in 0..1500 {
            let b = if i % 2 == 0 { scatter(&mut rng) } else { random_game_position(&mut rng, &mut plays2) };
            let d = if i < 42 { Dice::all().nth(i % 21).unwrap() } else { rng.dice() };
            for u in [UnSeulDe::Moderne, UnSeulDe::Livret] {
                let want = legal_results(&b, d, u);
                let got = engine_results(&b, d, u, &mut plays);
                assert_eq!(got, want, "{d} on {b} ({u:?})");
                compared += 1;
            }
        }
        assert_eq!(compared, 3000);
    }

    #[test]
    fn the_engine_agrees_on_every_roll_of_some_positions() {
        let mut rng = Rng(77);
        let mut plays = Plays::new();
        for _ in 0..40 {
            let b = scatter(&mut rng);
            for d in Dice::all() {
                assert_eq!(
                    engine_results(&b, d, UnSeulDe::Moderne, &mut plays),
                    legal_results(&b, d, UnSeulDe::Moderne)
                );
            }
        }
    }
}
