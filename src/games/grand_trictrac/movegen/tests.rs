//! Table-driven tests of docs/rules.md §2–§3 on hand-built positions, treatise positions among them.

use super::*;
use crate::explain::{parse_dice, parse_position_string};
use crate::position::GRAND_TRICTRAC;

fn plays_with(pos: &str, dice: &str, rules: MoveRules) -> Vec<String> {
    let p = parse_position_string(pos).unwrap_or_else(|e| panic!("{pos}: {e}"));
    let d = parse_dice(dice).unwrap();
    let mut v: Vec<String> = p.legal_plays(d, rules).iter().map(|x| x.notation(p.turn())).collect();
    v.sort();
    v
}

fn plays(pos: &str, dice: &str) -> Vec<String> {
    plays_with(pos, dice, MoveRules::default())
}

fn has(v: &[String], p: &str) -> bool {
    v.iter().any(|x| x == p)
}

#[test]
fn opening_throws() {
    // the only lawful 6-5: a single man may not take the corner (tout d'une to L would)
    assert_eq!(plays("A15/&15 top", "6-5"), ["AF AG"]);
    // 6-6 to M would put a man on the opponent's corner
    assert_eq!(plays("A15/&15 top", "6-6"), ["AG AG"]);
    // a doublet: two men one die each, or one man tout d'une
    assert_eq!(plays("A15/&15 top", "1-1"), ["AB AB", "AC"]);
    assert_eq!(plays("A15/&15 bottom", "2-1"), ["&X", "&Z &Y"]);
}

#[test]
fn tout_d_une_needs_a_free_rest_point() {
    // F and G held: neither die nor both can be played
    assert_eq!(plays("A15/F2G2&11 top", "6-5"), ["-"]);
    // F held: the 5 cannot be played from A, and after the 6 only by the same man to M,
    // a single man on the corner; so the 6 alone (the higher die)
    assert_eq!(plays("A15/F2&13 top", "6-5"), ["AG"]);
    // G held instead: the 5 then the 6 by one man, resting on F, ends on M alone too
    assert_eq!(plays("A15/G2&13 top", "6-5"), ["AF"]);
    // E held, 5-4: A to K resting on F (E is blocked); both dice must be played
    assert_eq!(plays("A15/E2&13 top", "5-4"), ["AK"]);
}

#[test]
fn higher_die_when_only_one_can_be_played() {
    // one man can move: by 5 or by 3, not by both (I held)
    assert_eq!(plays("A&14/I2Z13 top", "5-3"), ["AF"]);
}

#[test]
fn corner_taken_naturally_and_never_by_one_man() {
    let v = plays("A13GH/&15 top", "5-4");
    assert!(has(&v, "GM HM"), "{v:?}");
    assert!(!v.iter().any(|p| p.matches('M').count() == 1), "a single man on the corner: {v:?}");
}

#[test]
fn corner_left_by_the_last_two_together() {
    // both zones open (bottom can fill neither jan)
    let v = plays("A11G2M2/B3C3D3E3F3 top", "3-2");
    assert!(has(&v, "MO MP"), "{v:?}");
    let leaves_one = |p: &String| p.split(' ').filter(|m| m.starts_with('M')).count() == 1;
    assert!(!v.iter().any(leaves_one), "one man left on the corner: {v:?}");
    // with builders, one may leave
    let v = plays("A10G2M3/B3C3D3E3F3 top", "3-2");
    assert!(v.iter().any(leaves_one), "a builder may leave: {v:?}");
}

#[test]
fn opponent_corner_only_as_an_empty_rest() {
    // L held: K to O must rest on N, bottom's empty corner
    let v = plays("A14K/B3C3D3E2F2L2 top", "3-1");
    assert!(has(&v, "KO"), "{v:?}");
    assert!(!v.iter().any(|p| p.split(' ').any(|m| m.ends_with('N'))), "a man left on N: {v:?}");
}

#[test]
fn corner_par_puissance() {
    // 6-5 cannot take M naturally (no man on F): G and H, each a die from N, go to M
    let v = plays("A13GH/&15 top", "6-5");
    assert!(has(&v, "GM HM"), "{v:?}");
    // with a man on F the corner is taken naturally, not par puissance
    let v = plays("A12FGH/&15 top", "6-5");
    assert!(has(&v, "FM GM"), "{v:?}");
    assert!(!has(&v, "GM HM"), "{v:?}");
    // not with the opponent's corner taken
    let v = plays("A13GH/N2&13 top", "6-5");
    assert!(!has(&v, "GM HM"), "{v:?}");
}

#[test]
fn passage_to_the_return_run() {
    // bottom can still fill both jans: top may not land beyond M
    let v = plays("A14R/&15 top", "2-1");
    assert!(v.iter().all(|p| !p.contains('R')), "{v:?}");
    // bottom can fill his grand jan but not his petit jan: resting on his empty grand jan
    // point R to pass into the open petit jan is allowed...
    let pos = "A14L/&Y4X2V2T2S2P2 top";
    assert!(has(&plays(pos, "6-6"), "LZ"), "{:?}", plays(pos, "6-6"));
    // ...unless the option forbids it
    let rules = MoveRules { passage_rest: PassageRest::Forbidden, ..MoveRules::default() };
    assert!(!has(&plays_with(pos, "6-6", rules), "LZ"));
}

#[test]
fn material_test_for_filling() {
    let p = parse_position_string("A11F2G2/&15 top").unwrap();
    assert!(p.can_still_fill(Seat::Bottom, 1));
    // eleven men on or behind the petit jan: k = 6 fails (Lepeintre)
    let p = parse_position_string("A15/&8ZYXO4 top").unwrap();
    assert!(!p.can_still_fill(Seat::Bottom, 1));
    // one man on the talon: k = 1 fails
    let p = parse_position_string("A15/&Y4X2V2T2S2P2 top").unwrap();
    assert!(!p.can_still_fill(Seat::Bottom, 1));
    assert!(p.can_still_fill(Seat::Bottom, 7));
}

#[test]
fn bearing_off() {
    // exact
    let v = plays("T2V3X3Y3Z2&2/A15 top", "6-5");
    assert!(has(&v, "T# V#"), "{v:?}");
    // excédant: only the man farthest from the rail
    let v = plays("VX3Y3Z4&4/A15 top", "6-1");
    assert!(has(&v, "V# &#"), "{v:?}");
    assert!(!v.iter().any(|p| p.contains("X#") || p.contains("Y#") || p.contains("Z#")), "{v:?}");
    // an excédant only when the dice cannot be played without one
    let v = plays("XY7Z7/A15 top", "4-2");
    assert!(has(&v, "X# Z#"), "{v:?}");
    assert!(!has(&v, "XZ Y#"), "{v:?}");
    // the last man: one die bears it off, the other is ignored
    assert_eq!(plays("&#14/A15 top", "6-5"), ["&#"]);
    // not before every man is home
    let v = plays("R&14/A15 top", "6-1");
    assert!(v.iter().all(|p| !p.contains('#') || p.contains('R')), "{v:?}");
}

#[test]
fn must_fill_lelasseux_fig_8() {
    // one half-point (T) to cover; surplus men on the talon, the 1st and the 3rd
    let pos = parse_position_string("A15/&3Z4Y2X3V2T bottom").unwrap();
    for roll in ["5-4", "4-1", "2-2", "6-2", "5-1", "3-1"] {
        let d = parse_dice(roll).unwrap();
        let ps = pos.legal_plays(d, MoveRules::default());
        assert!(ps.obligations & jans::PETIT != 0, "{roll} can fill");
        for p in ps.iter() {
            assert!(p.full & jans::PETIT != 0, "{roll}: {} does not fill", p.notation(Seat::Bottom));
        }
    }
}

#[test]
fn must_fill_lepeintre_three_ways() {
    let pos = parse_position_string("A5B3C3G2I2/&3Z2Y3X3V2TS bottom").unwrap();
    let ps = pos.legal_plays(parse_dice("3-2").unwrap(), MoveRules::default());
    assert!(ps.iter().all(|p| p.full & jans::PETIT != 0));
    let v: Vec<String> = ps.iter().map(|p| p.notation(Seat::Bottom)).collect();
    assert!(v.contains(&"&T".to_string()), "{v:?}");
}

#[test]
fn must_preserve_a_full_jan() {
    // bottom's petit jan full with a surplus on the talon: 2-1 can keep it (talon men)
    let pos = parse_position_string("A15/&4Z2Y2X2V2T2S bottom").unwrap();
    let ps = pos.legal_plays(parse_dice("2-1").unwrap(), MoveRules::default());
    assert!(ps.obligations & jans::PETIT != 0);
    assert!(ps.iter().all(|p| p.full & jans::PETIT != 0));
}

#[test]
fn both_dice_before_the_jans() {
    // a player is never made to leave a die unplayed to keep a jan: with only talon
    // men to spare, 6-6 must be played even if it breaks the jan
    let pos = parse_position_string("A15/&2Z2Y2X2V2T2S3 bottom").unwrap();
    let ps = pos.legal_plays(parse_dice("6-6").unwrap(), MoveRules::default());
    assert_eq!(ps.max_dice, 2);
    assert!(ps.iter().all(|p| p.dice_used == 2));
}

#[test]
fn plays_are_identified_by_their_result() {
    // & to Z then Z to Y, or & to Y tout d'une with Z's man staying: one play
    let v = plays("A15/&14Z bottom", "2-1");
    let n = v.len();
    let mut d = v.clone();
    d.dedup();
    assert_eq!(n, d.len());
}

#[test]
fn route_is_data() {
    assert_eq!(GRAND_TRICTRAC.letter[0][1], 1);
    assert_eq!(GRAND_TRICTRAC.letter[1][1], 24);
    for p in 1..=24usize {
        assert_eq!(GRAND_TRICTRAC.mirror[GRAND_TRICTRAC.mirror[p] as usize] as usize, p);
    }
}

#[test]
fn bearing_off_the_provincial_way() {
    let prov = MoveRules { sortie: crate::games::grand_trictrac::options::Sortie::Provinciale, ..MoveRules::default() };
    // a 6 from T would go off exactly the Parisian way; provincially the 6 cannot be played
    // inside, so the man nearest the rail (&) goes
    let v = plays_with("T2V3X3Y3Z2&2/A15 top", "6-1", prov);
    assert!(v.iter().all(|p| !p.contains("T#")), "{v:?}");
    assert!(v.iter().any(|p| p.contains("&#")), "{v:?}");
    // while a die can be played inside, nothing goes off (but par privilège)
    let v = plays_with("T2V3X3Y3Z2&2/A15 top", "2-1", MoveRules { privileges_left: 0, ..prov });
    assert!(v.iter().all(|p| !p.contains('#')), "{v:?}");
    let v = plays("T2V3X3Y3Z2&2/A15 top", "6-1");
    assert!(v.iter().any(|p| p.contains("T#")), "Parisian: {v:?}");
}

#[test]
fn provincial_privilege_keeps_a_full_jan_de_retour() {
    let with = MoveRules { sortie: crate::games::grand_trictrac::options::Sortie::Provinciale, ..MoveRules::default() };
    let without = MoveRules { privileges_left: 0, ..with };
    // the jan de retour full with a surplus man on &: the ace may take it off exactly
    let pos = "T2V2X2Y2Z2&3#2/A15 top";
    let v = plays_with(pos, "2-1", with);
    assert!(v.iter().any(|p| p.contains("&#")), "{v:?}");
    let v = plays_with(pos, "2-1", without);
    assert!(v.iter().all(|p| !p.contains('#')), "{v:?}");
}

/// docs/rules.md §3: while a jan is closed no man lands on any of its points, whether or not the
/// thrower already has men there (a kept fausse case); a tout d'une rests only on an empty
/// point of a closed grand jan, never on a point of a closed petit jan.
#[test]
fn closed_jans_whatever_men_the_thrower_left_there() {
    // X and Y in bottom's petit jan, which he can still fill: only Y# (X# would rest on Y)
    assert_eq!(plays("XY#13/&15 top", "3-1"), ["Y#"]);
    // a man already in a closed grand jan may not move to another of its points
    let v = plays("A14O/&11S4 top", "2-1");
    assert!(!v.iter().any(|p| p.contains("OQ") || p.contains("OP")), "{v:?}");
    // leaving it is lawful: O to T (p19) by the 5, bottom's petit jan being open
    assert!(has(&plays("A14O/&11S4 top", "5-4"), "AE OT"), "{:?}", plays("A14O/&11S4 top", "5-4"));
}

#[test]
fn tout_d_une_through_a_closed_grand_jan_and_the_opponents_corner() {
    // bottom can fill his grand jan (top's N..S) but not his petit jan (top's T..&): H to T
    // by 6-5 rests on N (the empty opponent's corner) or O (an empty point of the closed
    // grand jan)
    assert!(has(&plays("A14H/S4&11 top", "6-5"), "HT"));
    // passage-rest=forbidden: no rest in a closed jan, the opponent's corner included
    let forbidden = MoveRules { passage_rest: PassageRest::Forbidden, ..MoveRules::default() };
    assert_eq!(plays_with("A14H/S4&11 top", "6-5", forbidden), ["AF AG"]);
    // O held by bottom: H to T can rest only on N, the empty opponent's corner
    assert!(has(&plays("A14H/O2S4&9 top", "6-5"), "HT"));
    let v = plays_with("A14H/O2S4&9 top", "6-5", forbidden);
    assert!(!has(&v, "HT"), "{v:?}");
}

/// A man of the thrower on the opponent's corner (a kept fausse case) makes the corner not
/// empty: no tout d'une rests there, and no other man may land on it.
#[test]
fn the_opponents_corner_held_by_a_kept_fausse_case() {
    let v = plays("A13HN/&15 top", "5-1");
    assert!(!v.iter().any(|p| p.split(' ').any(|m| m.ends_with('N'))), "{v:?}");
}

/// The bit-mask path gives the plays of the sequence enumeration it replaced, play by play:
/// the same plays, steps, flags, keys and order, on generated and random positions, every
/// roll, every movement option.
#[test]
fn fast_path_matches_the_sequence_enumeration() {
    // fewer in a debug build; `cargo test --release` runs them all
    let n = if cfg!(debug_assertions) { 5_000 } else { 20_000 };
    let mut positions: Vec<Position> =
        crate::games::grand_trictrac::generate::positions(n / 5).into_iter().map(|(p, _)| p).collect();
    positions.extend((0..n as u64).map(reference::random_position));
    let variants = [
        MoveRules::default(),
        MoveRules { passage_rest: PassageRest::Forbidden, ..MoveRules::default() },
        MoveRules { sortie: Sortie::Provinciale, ..MoveRules::default() },
        MoveRules { sortie: Sortie::Provinciale, privileges_left: 0, ..MoveRules::default() },
    ];
    let mut checked = 0;
    for pos in &positions {
        for rules in variants {
            let board = Board::new(pos, rules);
            for dice in Dice::all() {
                let want = reference::dice_plays(&board, dice);
                let got = board.dice_plays(dice);
                let w: Vec<Play> = want.iter().copied().collect();
                let g: Vec<Play> = got.iter().copied().collect();
                assert_eq!(g, w, "{pos} {dice} {rules:?}");
                assert_eq!(got.max_dice, want.max_dice, "{pos} {dice}");
                checked += 1;
            }
        }
    }
    assert!(checked > 400_000);
}

/// [`key_from_sides`] over the changed points only gives what the point-by-point scan gave:
/// on the results of every play, and on random changes of one to four men (more than two
/// men moved: no key).
#[test]
fn key_from_sides_matches_the_point_scan() {
    let mut next = {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    };
    let mut n = 0;
    for k in 0..4000u64 {
        let pos = reference::random_position(k);
        let before = *pos.side(pos.turn());
        for dice in Dice::all() {
            for p in pos.legal_plays(dice, MoveRules::default()).iter() {
                let after = *pos.after(p).side(pos.turn());
                assert_eq!(key_from_sides(&before, &after), Some(p.key), "{pos} {dice}");
                n += 1;
            }
        }
        for _ in 0..20 {
            let mut after = before;
            for _ in 0..1 + next(4) {
                let f = 1 + next(25) as usize;
                if after[f] > 0 {
                    after[f] -= 1;
                    after[1 + next(25) as usize] += 1;
                }
            }
            assert_eq!(key_from_sides(&before, &after), reference::key_from_sides(&before, &after));
            n += 1;
        }
    }
    assert!(n > 100_000);
}

/// The men's moves a play is written with ([`Play::notation`], [`Play::moves`]) are those the
/// sorting of its endpoints gave.
#[test]
fn man_moves_match_the_sorted_endpoints() {
    let mut n = 0;
    for k in 0..3000u64 {
        let pos = reference::random_position(k);
        for dice in Dice::all() {
            for p in pos.legal_plays(dice, MoveRules::default()).iter() {
                assert_eq!(p.endpoints(), reference::key_endpoints(p.key));
                assert_eq!(p.man_moves(), reference::man_moves(p), "{pos} {dice}");
                n += 1;
            }
        }
    }
    assert!(n > 100_000);
}
