//! An independent brute-force generator of the legal results of a roll, written apart from
//! the engine (plain recursion over the orders of the dice, the rules restated from docs/games.md
//! in the simplest terms, sets and vectors), and the engine compared with it on thousands of
//! random positions under random options, both seats, both games.

use super::options::{Blocage, OrdreSortie, Postillon, PostillonRepos, Retrait, Victoire};
use super::{judge, legal_plays_into, Board, JacquetOptions, Path, Plays, Variant};
use crate::board::Seat;
use crate::dice::Dice;
use crate::generate::Rng;
use std::collections::BTreeSet;

/// The letter of `seat`'s relative point `p` (docs/games.md §0.1, restated).
fn letter(seat: Seat, p: usize) -> usize {
    match seat {
        Seat::Top if p <= 12 => 13 - p,
        Seat::Top => 37 - p,
        Seat::Bottom => 25 - p,
    }
}

/// The brute force's view of one throw.
struct Reference {
    o: JacquetOptions,
    seat: Seat,
    start: [u8; 26],
    /// The opponent's men by letter (index 1..=24), and on his talon.
    opp_by_letter: [u8; 25],
    opp: [u8; 26],
    dice: Dice,
}

impl Reference {
    fn new(o: JacquetOptions, b: &Board, dice: Dice) -> Reference {
        let seat = b.turn;
        let opp = b.men[seat.other().index()];
        let mut opp_by_letter = [0u8; 25];
        for (q, &c) in opp.iter().enumerate().take(25).skip(1) {
            opp_by_letter[letter(seat.other(), q)] += c;
        }
        Reference { o, seat, start: b.men[seat.index()], opp_by_letter, opp, dice }
    }

    fn opp_on(&self, p: usize) -> bool {
        self.opp_by_letter[letter(self.seat, p)] > 0
    }

    fn released(&self, side: &[u8; 26]) -> bool {
        let from = if self.o.variant == Variant::Moultezim { 13 } else { 19 };
        (from..=25).any(|p| side[p] > 0)
    }

    fn phase(&self, side: &[u8; 26]) -> bool {
        match self.o.postillon {
            Postillon::TourSuivant => !self.released(&self.start),
            Postillon::Immediat => !self.released(side),
        }
    }

    /// The men after moving one from `p` by `d`, and the point of the man left in the air
    /// (on a held point: he must make the next move). A man in the air is the postillon
    /// mid-jump: the phase goes on for his next move (docs/games.md §H.2).
    fn try_move(&self, side: &[u8; 26], from_air: bool, p: usize, d: usize) -> Option<([u8; 26], Option<usize>)> {
        if side[p] == 0 {
            return None;
        }
        let mut air = None;
        let phase = from_air || self.phase(side);
        if phase && p == 1 && side[1] != 15 {
            return None;
        }
        let mut next = *side;
        next[p] -= 1;
        let q = p + d;
        if q >= 25 {
            let home: u32 = (19..=25).map(|x| side[x] as u32).sum();
            let behind = (1..p).any(|x| side[x] > 0);
            if home != 15
                || (self.o.retrait == Retrait::Talon && self.opp[1] > 0)
                || (q > 25 && behind)
                || (self.o.ordre_sortie == OrdreSortie::Lointaine && behind)
            {
                return None;
            }
            next[25] += 1;
        } else {
            if self.opp_on(q) {
                if !(phase && self.o.postillon_repos == PostillonRepos::Non) {
                    return None;
                }
                air = Some(q);
            }
            next[q] += 1;
        }
        Some((next, air))
    }

    /// Whether my men `side` hold all the points of `points` (my relative points).
    fn holds(side: &[u8; 26], points: impl Iterator<Item = usize>) -> bool {
        points.into_iter().all(|p| side[p] > 0)
    }

    fn forbidden_block(&self, after: &[u8; 26]) -> bool {
        let before = &self.start;
        let new = |points: &dyn Fn() -> Vec<usize>| {
            Self::holds(after, points().into_iter()) && !Self::holds(before, points().into_iter())
        };
        if self.o.variant == Variant::Moultezim {
            return new(&|| (1..=6).collect());
        }
        match self.o.blocage {
            Blocage::Libre => false,
            Blocage::Avance | Blocage::Avance23 => {
                let other = self.seat.other();
                // my relative point of the opponent's relative point q
                let mine = |q: usize| (1..=24).find(|&p| letter(self.seat, p) == letter(other, q)).unwrap();
                let opp_phase = (19..=25).all(|q| self.opp[q] == 0);
                if opp_phase {
                    let k = (2..=24).find(|&q| self.opp[q] > 0).unwrap_or(1);
                    for j in k + 1..=19 {
                        if new(&|| (j..j + 6).map(mine).collect()) {
                            return true;
                        }
                    }
                }
                let must_pass = (1..=12).any(|q| self.opp[q] > 0);
                let excepted = after[24] > 0 && (self.o.blocage == Blocage::Avance || after[23] > 0);
                must_pass && !excepted && new(&|| (1..=6).collect())
            }
            Blocage::Livret => after[23] == 0 && after[24] == 0 && (1..=19).any(|j| new(&|| (j..j + 6).collect())),
        }
    }

    /// Every move sequence over every order of the dice, each prefix a candidate:
    /// (men after, moves, first die).
    fn candidates(&self) -> Vec<([u8; 26], usize, usize)> {
        let (hi, lo) = (self.dice.high() as usize, self.dice.low() as usize);
        let orders: Vec<Vec<usize>> = if hi == lo { vec![vec![hi; 4]] } else { vec![vec![hi, lo], vec![lo, hi]] };
        let mut out = Vec::new();
        for order in &orders {
            self.walk(&self.start, None, order, 0, &mut out);
        }
        out
    }

    fn walk(
        &self,
        side: &[u8; 26],
        air: Option<usize>,
        order: &[usize],
        i: usize,
        out: &mut Vec<([u8; 26], usize, usize)>,
    ) {
        out.push((*side, i, if i > 0 { order[0] } else { 0 }));
        if i == order.len() {
            return;
        }
        for p in 1..=24 {
            if air.is_some_and(|a| a != p) {
                continue;
            }
            if let Some((next, air)) = self.try_move(side, air.is_some(), p, order[i]) {
                self.walk(&next, air, order, i + 1, out);
            }
        }
    }

    /// The legal results and the most moves.
    fn results(&self) -> (BTreeSet<[u8; 26]>, usize) {
        let lawful: Vec<_> = self
            .candidates()
            .into_iter()
            .filter(|(side, _, _)| !(1..=24).any(|p| side[p] > 0 && self.opp_on(p)) && !self.forbidden_block(side))
            .collect();
        let max = lawful.iter().map(|c| c.1).max().unwrap_or(0);
        let hi = self.dice.high() as usize;
        let one_die = !self.dice.is_doublet() && max == 1;
        let hi_used = lawful.iter().any(|c| c.1 == max && c.2 == hi);
        let set = lawful.iter().filter(|c| c.1 == max && !(one_die && hi_used && c.2 != hi)).map(|c| c.0).collect();
        (set, max)
    }
}

/// A random position: fifteen men a seat, none on a point of the other, of several shapes
/// (spread, postillon phases, men home, the first quarter crowded).
fn random_board(rng: &mut Rng) -> Board {
    let mut men = [[0u8; 26]; 2];
    let mut held = [None::<usize>; 25]; // by letter: the seat holding it
    let turn = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    for seat in [turn, turn.other()] {
        let shape = rng.below(6);
        let off_talon = rng.below(3);
        let mut placed = 0;
        let mut tries = 0;
        while placed < 15 {
            tries += 1;
            let p = match shape {
                0 => 1 + rng.below(25) as usize,
                1 if placed as u64 >= off_talon && tries < 1000 => 1,
                1 => 2 + rng.below(17) as usize,
                2 => 19 + rng.below(7) as usize,
                3 => 1 + rng.below(9) as usize,
                4 => 13 + rng.below(13) as usize,
                _ if placed < 6 => 1 + placed as usize,
                _ => 1 + rng.below(24) as usize,
            };
            let p = if tries > 2000 { 25 } else { p };
            if p <= 24 {
                let l = letter(seat, p);
                if held[l].is_some_and(|s| s != seat.index()) {
                    continue;
                }
                held[l] = Some(seat.index());
            }
            men[seat.index()][p] += 1;
            placed += 1;
        }
    }
    Board { men, turn }
}

fn random_options(rng: &mut Rng) -> JacquetOptions {
    let variant = if rng.below(3) == 0 { Variant::Moultezim } else { Variant::Jacquet };
    let mut o = JacquetOptions::new(variant);
    o.postillon = [Postillon::TourSuivant, Postillon::Immediat][rng.below(2) as usize];
    o.postillon_repos = [PostillonRepos::Oui, PostillonRepos::Non][rng.below(2) as usize];
    if variant == Variant::Jacquet {
        o.blocage = [Blocage::Libre, Blocage::Avance, Blocage::Avance23, Blocage::Livret][rng.below(4) as usize];
    }
    o.retrait = [Retrait::Bord, Retrait::Talon][rng.below(2) as usize];
    o.ordre_sortie = [OrdreSortie::Libre, OrdreSortie::Lointaine][rng.below(2) as usize];
    o.victoire = [Victoire::UnDeux, Victoire::UnCinq][rng.below(2) as usize];
    o
}

/// The engine's legal plays against the brute force's, and every legal play judged lawful
/// as written canonically, in another order, and with its rests unsaid.
fn compare(o: &JacquetOptions, b: &Board, d: Dice, plays: &mut Plays) {
    legal_plays_into(o, b, d, plays);
    assert!(!plays.overflowed());
    let (want, max) = Reference::new(*o, b, d).results();
    let got: BTreeSet<[u8; 26]> = plays.iter().map(|p| p.after).collect();
    let seat = b.turn;
    let shown = |s: &BTreeSet<[u8; 26]>| -> Vec<String> {
        s.iter()
            .map(|side| {
                let mut x = *b;
                x.men[seat.index()] = *side;
                x.to_setup().men_field(crate::board::Dialect::Soumille)
            })
            .collect()
    };
    assert!(
        got == want,
        "{b} {d:?} {o:?}\nengine only: {:?}\nbrute force only: {:?}",
        shown(&got.difference(&want).copied().collect()),
        shown(&want.difference(&got).copied().collect())
    );
    assert_eq!(got.len(), plays.len(), "one play per result");
    assert_eq!(plays.max_moves() as usize, max);
    for (i, p) in plays.iter().enumerate() {
        let (paths, n) = p.paths();
        let mut readings: Vec<Vec<Path>> = vec![paths[..n].to_vec()];
        readings.push(paths[..n].iter().rev().copied().collect());
        readings.push(paths[..n].iter().map(|x| Path::new(x.from, x.to)).collect());
        for r in readings {
            let j = judge(o, b, d, plays, &r);
            assert_eq!(j.legal, Some(i), "{b} {d:?} {o:?}: {} read as {r:?}: {j:?}", p.notation(seat));
            assert_eq!(j.after.map(|a| a.men[seat.index()]), Some(p.after));
            assert_eq!(j.after.map(|a| a.turn), Some(seat.other()));
            // the plain path: lawful without the search exactly when the play uses every move
            let plain = super::judge::lawful_in_full(o, b, d, &r);
            if plays.max_moves() == super::movegen::moves_of(d) {
                assert_eq!(plain, j.after, "{b} {d:?} {o:?}: {} read as {r:?}", p.notation(seat));
            } else {
                assert_eq!(plain, None, "{b} {d:?} {o:?}: {} read as {r:?}", p.notation(seat));
            }
        }
    }
}

#[test]
fn the_engine_agrees_with_the_brute_force_on_random_positions() {
    let mut rng = Rng::new(0x05AC_90E7);
    let mut plays = Plays::new();
    // how often each rule mattered, so that the positions are known to exercise them
    let (mut bore_off, mut passed, mut blocked, mut in_air, mut higher, mut lost) = (0, 0, 0, 0, 0, 0);
    for _ in 0..2500 {
        let b = random_board(&mut rng);
        let o = random_options(&mut rng);
        let d = rng.dice();
        compare(&o, &b, d, &mut plays);
        let rules = super::ThrowRules::new(o, &b);
        let steps = || plays.iter().flat_map(|p| p.steps().to_vec());
        bore_off += usize::from(steps().any(|s| s.to == 25));
        in_air += usize::from(steps().any(|s| s.to < 25 && rules.held(s.to as usize)));
        passed += usize::from(plays.max_moves() == 0);
        lost += usize::from(plays.max_moves() > 0 && plays.max_moves() < super::movegen::moves_of(d));
        higher +=
            usize::from(!d.is_doublet() && plays.max_moves() == 1 && plays.iter().all(|p| p.steps[0].die == d.high()));
        if o.variant == Variant::Moultezim || o.blocage != Blocage::Libre {
            let free = JacquetOptions { variant: Variant::Jacquet, blocage: Blocage::Libre, ..o };
            let (a, _) = Reference::new(o, &b, d).results();
            let (f, _) = Reference::new(free, &b, d).results();
            blocked += usize::from(a != f);
        }
    }
    let counts = [bore_off, passed, blocked, in_air, higher, lost];
    assert!(counts.iter().all(|&c| c >= 20), "bear off, pass, block, in the air, higher die, moves lost: {counts:?}");
}

#[test]
fn the_engine_agrees_with_the_brute_force_on_every_roll() {
    let mut rng = Rng::new(77);
    let mut plays = Plays::new();
    for _ in 0..60 {
        let b = random_board(&mut rng);
        let o = random_options(&mut rng);
        for a in 1..=6 {
            for c in 1..=a {
                compare(&o, &b, Dice::new(a, c).unwrap(), &mut plays);
            }
        }
    }
}

#[test]
fn random_recorded_plays_are_judged_without_panic_and_lawful_only_when_legal() {
    let mut rng = Rng::new(4242);
    let mut plays = Plays::new();
    let (mut lawful, mut plain) = (0, 0);
    for _ in 0..3000 {
        let b = random_board(&mut rng);
        let o = random_options(&mut rng);
        let d = rng.dice();
        legal_plays_into(&o, &b, d, &mut plays);
        let (want, _) = Reference::new(o, &b, d).results();
        let seat = b.turn;
        // paths from the seat's men, by sums of the dice, now and then a wrong length
        let n = rng.below(5) as usize;
        let mut paths = Vec::new();
        for _ in 0..n {
            let men: Vec<usize> = (1..=24).filter(|&p| b.men[seat.index()][p] > 0).collect();
            let from = if men.is_empty() || rng.below(10) == 0 {
                1 + rng.below(24) as u8
            } else {
                men[rng.below(men.len() as u64) as usize] as u8
            };
            let mut at = from;
            let mut rests = Vec::new();
            let legs = 1 + rng.below(3);
            for _ in 0..legs {
                let step = if rng.below(8) == 0 {
                    1 + rng.below(6) as u8
                } else {
                    d.high().min(d.low() + rng.below(2) as u8 * 6)
                };
                at = (at + step).min(25);
                rests.push(at);
                if at == 25 {
                    break;
                }
            }
            let to = rests.pop().unwrap_or(25);
            paths.push(Path::with_rests(from, &rests, to));
        }
        let j = judge(&o, &b, d, &plays, &paths);
        if let Some(after) = super::judge::lawful_in_full(&o, &b, d, &paths) {
            assert!(j.lawful() && j.after == Some(after), "{b} {d:?} {paths:?}: {j:?}");
            plain += 1;
        }
        if j.lawful() {
            lawful += 1;
            let after = j.after.expect("a lawful play applies");
            assert!(want.contains(&after.men[seat.index()]), "{b} {d:?} {paths:?}");
        } else {
            let f = j.fault.unwrap();
            assert_eq!(f.fatal, j.after.is_none());
        }
    }
    assert!(lawful > 50 && plain > 20, "{lawful} lawful random plays, {plain} plainly");
}
