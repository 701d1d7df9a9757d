//! A brute-force enumerator of legal plays, written apart from the engine, straight from
//! docs/rules.md §2–§3: every sequence of single-die moves on the letter board, then the rules of
//! the whole play, then the obligations as filters. Obviously correct and slow; the engine
//! must give exactly the same set of resulting positions on thousands of random positions.

use proptest::prelude::*;
use soumille::games::grand_trictrac::movegen::MoveRules;
use soumille::games::grand_trictrac::options::{PassageRest, Sortie};
use soumille::Position;
use soumille::{BySeat, Dice, Seat, Setup};
use std::collections::{BTreeMap, BTreeSet};

/// The letter index (1..=24) of `seat`'s relative point `p`; 25 for off.
fn letter_of(seat: Seat, p: i32) -> usize {
    match seat {
        Seat::Top => p as usize,
        Seat::Bottom => (25 - p) as usize,
    }
}

fn mine(s: &Setup, seat: Seat, p: i32) -> u8 {
    if !(1..=24).contains(&p) {
        return 0;
    }
    s.men[seat][letter_of(seat, p) - 1]
}

fn theirs(s: &Setup, seat: Seat, p: i32) -> u8 {
    if !(1..=24).contains(&p) {
        return 0;
    }
    s.men[seat.other()][letter_of(seat, p) - 1]
}

/// The opponent can still fill his jan starting at his relative point `first` (material test).
fn can_fill(s: &Setup, opp: Seat, first: i32) -> bool {
    (1..=6).all(|k| {
        let upto = first + k - 1;
        let n: u32 = (1..=upto).map(|p| mine(s, opp, p) as u32).sum();
        n >= 2 * k as u32
    })
}

fn full(s: &Setup, seat: Seat, first: i32) -> bool {
    (first..first + 6).all(|p| mine(s, seat, p) >= 2)
}

#[derive(Clone, Debug)]
struct Cand {
    result: Setup,
    dice_used: u32,
    higher_used: bool,
    excedant: bool,
    /// The single-die moves, in order: (from, to, die); empty for the corner par puissance.
    moves: Vec<(i32, i32, i32)>,
}

fn bear_off_ok(s: &Setup, seat: Seat, p: i32, d: i32, rules: MoveRules) -> Option<bool> {
    // all men home?
    if (1..=18).any(|q| mine(s, seat, q) > 0) {
        return None;
    }
    if rules.sortie == Sortie::Provinciale {
        // a die goes off only when it cannot be played on the board, and with the man
        // nearest the rail (farthest from the talon)
        let inside = (19..=24).any(|q| mine(s, seat, q) > 0 && q + d <= 24 && theirs(s, seat, q + d) == 0);
        let nearest = (19..=24).rev().find(|&q| mine(s, seat, q) > 0)?;
        if !inside && nearest == p {
            return Some(p + d > 25);
        }
        // par privilège: a full jan de retour keeps a surplus man going off exactly
        let full = (19..=24).all(|q| mine(s, seat, q) >= 2);
        return (rules.privileges_left > 0 && p + d == 25 && mine(s, seat, p) >= 3 && full).then_some(false);
    }
    if p + d == 25 {
        return Some(false);
    }
    let farthest = (19..=24).find(|&q| mine(s, seat, q) > 0)?;
    if farthest != p {
        return None;
    }
    Some(true)
}

/// One die: every (new setup, from, to, excédant).
fn single_moves(s: &Setup, seat: Seat, d: i32, rules: MoveRules) -> Vec<(Setup, i32, i32, bool)> {
    let mut out = Vec::new();
    for p in 1..=24 {
        if mine(s, seat, p) == 0 {
            continue;
        }
        let t = p + d;
        let mut n = s.clone();
        n.men[seat][letter_of(seat, p) - 1] -= 1;
        if t <= 24 {
            if theirs(s, seat, t) > 0 {
                continue;
            }
            n.men[seat][letter_of(seat, t) - 1] += 1;
            out.push((n, p, t, false));
        } else if let Some(exc) = bear_off_ok(s, seat, p, d, rules) {
            n.off[seat] += 1;
            out.push((n, p, 25, exc));
        }
    }
    out
}

fn whole_play_ok(start: &Setup, end: &Setup, seat: Seat, moves: &[(i32, i32)], rules: MoveRules) -> bool {
    let grand_closed = can_fill(start, seat.other(), 7);
    let petit_closed = can_fill(start, seat.other(), 1);
    let closed = |p: i32| ((13..=18).contains(&p) && grand_closed) || ((19..=24).contains(&p) && petit_closed);
    // rest corners
    let c0 = mine(start, seat, 12);
    let c1 = mine(end, seat, 12);
    if c1 == 1 && c0 != 1 {
        return false;
    }
    if mine(end, seat, 13) > mine(start, seat, 13) {
        return false;
    }
    // each man's landing, one die at a time: never in a closed jan (even on a point where the
    // thrower has men, left by a kept fausse case), never on the opponent's corner. The
    // point a tout d'une rests on is no landing: it may be an empty point of a closed grand
    // jan (unless passage-rest=forbidden) or the empty opponent's corner.
    let tout_d_une = moves.len() == 2 && moves[1].0 == moves[0].1;
    for (i, &(_, t)) in moves.iter().enumerate() {
        if t > 24 {
            continue;
        }
        let empty_before = mine(start, seat, t) == 0;
        let rest = tout_d_une && i == 0;
        if t == 13 && !(rest && empty_before) {
            return false;
        }
        let rest_ok = rest && empty_before && (13..=18).contains(&t) && rules.passage_rest == PassageRest::Allowed;
        if closed(t) && !rest_ok {
            return false;
        }
    }
    true
}

/// Every lawful move sequence that the dice obligations allow (docs/rules.md §2: both dice, the
/// higher die, no avoidable excédant), before the jan obligations.
fn dice_level(s: &Setup, dice: Dice, rules: MoveRules) -> Vec<Cand> {
    let seat = s.turn;
    let (a, b) = (dice.high() as i32, dice.low() as i32);
    let orders: Vec<(i32, i32)> = if a == b { vec![(a, a)] } else { vec![(a, b), (b, a)] };
    let mut cands: Vec<Cand> = Vec::new();
    for (x, y) in orders {
        for (s1, f1, t1, e1) in single_moves(s, seat, x, rules) {
            if s1.off[seat] == 15 {
                if whole_play_ok(s, &s1, seat, &[(f1, t1)], rules) {
                    cands.push(Cand {
                        result: s1.clone(),
                        dice_used: 2,
                        higher_used: true,
                        excedant: e1,
                        moves: vec![(f1, t1, x)],
                    });
                }
                continue;
            }
            if whole_play_ok(s, &s1, seat, &[(f1, t1)], rules) {
                cands.push(Cand {
                    result: s1.clone(),
                    dice_used: 1,
                    higher_used: x == a,
                    excedant: e1,
                    moves: vec![(f1, t1, x)],
                });
            }
            for (s2, f2, t2, e2) in single_moves(&s1, seat, y, rules) {
                if whole_play_ok(s, &s2, seat, &[(f1, t1), (f2, t2)], rules) {
                    cands.push(Cand {
                        result: s2,
                        dice_used: 2,
                        higher_used: true,
                        excedant: e1 || e2,
                        moves: vec![(f1, t1, x), (f2, t2, y)],
                    });
                }
            }
        }
    }
    // the corner par puissance
    let own_empty = mine(s, seat, 12) == 0 && theirs(s, seat, 12) == 0;
    let opp_empty = theirs(s, seat, 13) == 0 && mine(s, seat, 13) == 0;
    let two_at = |p1: i32, p2: i32| {
        if p1 == p2 {
            mine(s, seat, p1) >= 2
        } else {
            mine(s, seat, p1) >= 1 && mine(s, seat, p2) >= 1
        }
    };
    if own_empty && opp_empty && two_at(13 - a, 13 - b) && !two_at(12 - a, 12 - b) {
        let mut r = s.clone();
        r.men[seat][letter_of(seat, 13 - a) - 1] -= 1;
        r.men[seat][letter_of(seat, 13 - b) - 1] -= 1;
        r.men[seat][letter_of(seat, 12) - 1] += 2;
        cands.push(Cand { result: r, dice_used: 2, higher_used: true, excedant: false, moves: Vec::new() });
    }
    if cands.is_empty() {
        cands.push(Cand { result: s.clone(), dice_used: 0, higher_used: false, excedant: false, moves: Vec::new() });
    }
    let max = cands.iter().map(|c| c.dice_used).max().unwrap();
    cands.retain(|c| c.dice_used == max);
    if max == 1 && a != b && cands.iter().any(|c| c.higher_used) {
        cands.retain(|c| c.higher_used);
    }
    if cands.iter().any(|c| !c.excedant) {
        cands.retain(|c| !c.excedant);
    }
    cands
}

fn brute(s: &Setup, dice: Dice, rules: MoveRules) -> BTreeSet<String> {
    let seat = s.turn;
    let mut cands = dice_level(s, dice, rules);
    let jans = |r: &Setup| [1, 7, 19].iter().filter(|&&f| full(r, seat, f)).copied().collect::<BTreeSet<i32>>();
    let obligations: BTreeSet<i32> = cands.iter().flat_map(|c| jans(&c.result)).collect();
    let score = |c: &Cand| jans(&c.result).intersection(&obligations).count();
    let best = cands.iter().map(score).max().unwrap();
    cands.retain(|c| score(c) == best);
    cands.iter().map(|c| c.result.men_field(soumille::Dialect::Soumille)).collect()
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

/// A random position: fifteen men a side spread over the board (sometimes all home, to bear
/// off), no point shared.
fn random_setup(seed: u64) -> Setup {
    let mut next = xorshift(seed);
    let mut s = Setup::opening(if next(2) == 0 { Seat::Top } else { Seat::Bottom });
    s.men = BySeat::new([0; 24], [0; 24]);
    let style = next(8);
    let thrower = s.turn;
    for seat in Seat::ALL {
        let mut left = 15u8;
        if style == 0 || style == 4 && seat == thrower {
            let off = next(8) as u8;
            s.off[seat] = off;
            left -= off;
        }
        let mut tries = 0;
        while left > 0 {
            tries += 1;
            let style = if tries > 200 { 2 } else { style };
            let p = match style {
                0 => 19 + next(6) as i32,                                // all home: bearing off
                4 if seat == thrower => 19 + next(6) as i32,             // bearing off past a petit jan
                4..=6 if seat != thrower => 1 + next(7) as i32,          // still able to fill
                5 => 1 + next(24) as i32, // men left in closed jans by kept fausses cases
                6 => [1, 6, 7, 9, 11, 12, 13, 14, 16][next(9) as usize], // corners, alone or not
                1 | 7 => 1 + next(12) as i32, // first half: corners, petit and grand jans
                _ => 1 + next(24) as i32, // anywhere
            };
            let l = letter_of(seat, p) - 1;
            if s.men[seat.other()][l] > 0 {
                continue;
            }
            // style 7: lone men (a single man on a rest corner)
            let k = if style == 7 { 1 } else { (1 + next(3) as u8).min(left) };
            s.men[seat][l] += k;
            left -= k;
        }
    }
    s
}

fn engine(s: &Setup, dice: Dice, rules: MoveRules) -> BTreeSet<String> {
    let pos = Position::from_setup(s).unwrap();
    let plays = pos.legal_plays(dice, rules);
    let mut out = BTreeSet::new();
    for p in plays.iter() {
        assert!(out.insert(pos.after(p).men_field()), "a play listed twice: {}", p.notation(s.turn));
    }
    out
}

fn compare(seed: u64, rules: MoveRules) -> Result<(), TestCaseError> {
    let s = random_setup(seed);
    for dice in Dice::all() {
        let want = brute(&s, dice, rules);
        let got = engine(&s, dice, rules);
        prop_assert_eq!(&got, &want, "position {} dice {} rules {:?}", s, dice, rules);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400)
    ))]

    #[test]
    fn engine_equals_brute_force(seed in 1u64..) {
        compare(seed, MoveRules::default())?;
    }

    #[test]
    fn engine_equals_brute_force_with_options(seed in 1u64..) {
        compare(seed, MoveRules { sortie: Sortie::Provinciale, passage_rest: PassageRest::Forbidden, privileges_left: 3 })?;
        compare(seed, MoveRules { sortie: Sortie::Provinciale, passage_rest: PassageRest::Allowed, privileges_left: 0 })?;
    }
}

#[test]
fn opening_rolls_match() {
    let mut seen = BTreeMap::new();
    for dice in Dice::all() {
        let s = Setup::opening(Seat::Top);
        let got = engine(&s, dice, MoveRules::default());
        assert_eq!(got, brute(&s, dice, MoveRules::default()), "{dice}");
        seen.insert(dice.to_string(), got.len());
    }
    assert!(seen.values().all(|&n| n >= 1));
}

/// The random positions include the irregular ones a kept fausse case leaves (docs/rules.md §10):
/// a lone man on a rest corner, a man on the opponent's corner, men in a closed jan.
#[test]
fn random_positions_include_irregular_ones() {
    let (mut lone_corner, mut on_opp_corner, mut in_closed) = (0, 0, 0);
    for seed in 1..2000u64 {
        let s = random_setup(seed);
        let seat = s.turn;
        lone_corner += usize::from(mine(&s, seat, 12) == 1);
        on_opp_corner += usize::from(mine(&s, seat, 13) > 0);
        let grand = can_fill(&s, seat.other(), 7);
        let petit = can_fill(&s, seat.other(), 1);
        in_closed += usize::from(
            (13..=18).any(|p| grand && mine(&s, seat, p) > 0) || (19..=24).any(|p| petit && mine(&s, seat, p) > 0),
        );
    }
    assert!(lone_corner >= 100, "{lone_corner} lone men on a corner");
    assert!(on_opp_corner >= 100, "{on_opp_corner} men on the opponent's corner");
    assert!(in_closed >= 100, "{in_closed} positions with men in a closed jan");
}

/// The ways a roll fills each jan, straight from docs/rules.md §5 on move sequences: with one
/// half-point missing, a way for each die whose move brings a surplus man (from outside the
/// jan, or from a point of it holding three or more) onto it, and one for the sum (one man
/// tout d'une), in some lawful sequence the dice obligations allow that ends with the jan
/// full; otherwise one way if some such play fills it. Keyed by the jan's first point.
fn brute_fill_ways(s: &Setup, dice: Dice, rules: MoveRules) -> BTreeMap<i32, usize> {
    let seat = s.turn;
    let lawful = dice_level(s, dice, rules);
    let sum = (dice.high() + dice.low()) as i32;
    let mut out = BTreeMap::new();
    for first in [1, 7, 19] {
        if full(s, seat, first) || !lawful.iter().any(|c| full(&c.result, seat, first)) {
            continue;
        }
        let jan = first..first + 6;
        let missing: Vec<i32> = jan.clone().filter(|&p| mine(s, seat, p) < 2).collect();
        let ways = match missing.as_slice() {
            &[target] if mine(s, seat, target) == 1 => {
                let surplus = |f: i32| !jan.contains(&f) || mine(s, seat, f) >= 3;
                let mut kinds = BTreeSet::new();
                for c in lawful.iter().filter(|c| full(&c.result, seat, first)) {
                    let m = &c.moves;
                    let tout_d_une = m.len() == 2 && m[1].0 == m[0].1;
                    if tout_d_une && m[1].1 == target && m[0].0 == target - sum {
                        kinds.insert(0);
                    }
                    for (i, &(f, t, d)) in m.iter().enumerate() {
                        // the second leg of a tout d'une is the same man, not a die way
                        if t == target && !(i == 1 && tout_d_une) && surplus(f) {
                            kinds.insert(d);
                        }
                    }
                }
                kinds.len()
            }
            _ => 1,
        };
        if ways > 0 {
            out.insert(first, ways);
        }
    }
    out
}

/// The engine's fill ways (the jan codes `petit-jan`, `grand-jan`, `retour`).
fn engine_fill_ways(s: &Setup, dice: Dice, rules: MoveRules) -> BTreeMap<i32, usize> {
    use soumille::games::grand_trictrac::scoring::{roll_jans, History};
    let pos = Position::from_setup(s).unwrap();
    let board = soumille::games::grand_trictrac::movegen::Board::new(&pos, rules);
    let plays = board.dice_plays(dice);
    let jans = roll_jans(&board, dice, &plays, &History::default(), &soumille::RuleOptions::default());
    let mut out = BTreeMap::new();
    for j in jans.iter().filter(|j| j.seat == s.turn) {
        let first = match j.code.name() {
            "petit-jan" => 1,
            "grand-jan" => 7,
            "retour" => 19,
            _ => continue,
        };
        out.insert(first, j.ways as usize);
    }
    out
}

/// A position with one jan of the thrower nearly full (one or two half-points, or a point
/// to cover), the other men behind it, the opponent's men anywhere else.
fn near_fill_setup(seed: u64) -> Setup {
    let mut next = xorshift(seed);
    let thrower = if next(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut s = Setup::opening(thrower);
    s.men = BySeat::new([0; 24], [0; 24]);
    let first = [1, 7, 19][next(3) as usize];
    let mut left = 15i32;
    let gap = first + next(6) as i32;
    for p in first..first + 6 {
        let k = if p == gap { next(2) as i32 } else { 2 + i32::from(next(4) == 0) };
        let k = if p != gap && next(12) == 0 { 1 } else { k };
        s.men[thrower][letter_of(thrower, p) - 1] = k as u8;
        left -= k;
    }
    while left > 0 {
        let p = if first == 1 { 1 + next(6) as i32 } else { 1 + next(first as u64 + 5) as i32 };
        s.men[thrower][letter_of(thrower, p) - 1] += 1;
        left -= 1;
    }
    // the opponent: on his own first points (so he may still fill his jans) or anywhere
    let opp = thrower.other();
    let near = next(2) == 0;
    let mut left = 15;
    let mut tries = 0;
    while left > 0 {
        tries += 1;
        let p = if near && tries < 500 { 1 + next(8) as i32 } else { 1 + next(24) as i32 };
        let l = letter_of(opp, p) - 1;
        if s.men[thrower][l] > 0 {
            continue;
        }
        s.men[opp][l] += 1;
        left -= 1;
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400)
    ))]

    /// docs/rules.md §5: the engine counts fill ways as the brute force does, from the moves,
    /// never from the distinct resulting positions.
    #[test]
    fn fill_ways_equal_brute_force(seed in 1u64..) {
        let s = near_fill_setup(seed);
        if s.men[s.turn].iter().map(|&c| c as u32).sum::<u32>() != 15 {
            return Ok(());
        }
        for dice in Dice::all() {
            let want = brute_fill_ways(&s, dice, MoveRules::default());
            let got = engine_fill_ways(&s, dice, MoveRules::default());
            prop_assert_eq!(&got, &want, "position {} dice {}", s, dice);
        }
    }
}

/// The fill positions are not vacuous: many rolls fill, many in two or three ways.
#[test]
fn near_fill_positions_fill_in_several_ways() {
    let (mut fills, mut several) = (0, 0);
    for seed in 1..300u64 {
        let s = near_fill_setup(seed);
        for dice in Dice::all() {
            for (_, w) in brute_fill_ways(&s, dice, MoveRules::default()) {
                fills += 1;
                several += usize::from(w >= 2);
            }
        }
    }
    assert!(fills >= 500 && several >= 100, "{fills} fills, {several} in several ways");
}
