//! The examples of docs/games.md §A.5, §A.7, §B.1, §B.2 and §C as table tests, and one table test
//! per rule of §A.10.

use super::*;
use crate::board::{Dialect, Point, Seat};
use crate::notation::parser::parse_position;
use std::collections::BTreeSet;

pub(super) fn board(text: &str) -> Board {
    Board::from_setup(&parse_position(text, Dialect::Soumille).expect("a position string")).expect("a position")
}

pub(super) fn dice(text: &str) -> Dice {
    let b = text.as_bytes();
    Dice::new(b[0] - b'0', b[2] - b'0').expect("dice")
}

pub(super) fn options(variant: Variant, pairs: &[(&str, &str)]) -> JacquetOptions {
    let pairs: Vec<crate::notation::RulePair> =
        pairs.iter().map(|(k, v)| crate::notation::RulePair::new(*k, *v)).collect();
    JacquetOptions::parse(variant, &pairs).expect("options")
}

/// A recorded play in Soumille's letters as paths of `seat`'s relative points.
pub(super) fn paths(seat: Seat, record: &str) -> Vec<Path> {
    if record == "-" {
        return Vec::new();
    }
    record
        .split(' ')
        .map(|m| {
            let rel: Vec<u8> = m
                .chars()
                .map(|c| match c {
                    '#' => 25,
                    c => board::relative(seat, Point::from_letter(c, Dialect::Soumille).expect("a letter")) as u8,
                })
                .collect();
            let n = rel.len();
            Path::with_rests(rel[0], &rel[1..n - 1], rel[n - 1])
        })
        .collect()
}

pub(super) fn legal(o: &JacquetOptions, b: &Board, d: Dice) -> Plays {
    let mut plays = Plays::new();
    legal_plays_into(o, b, d, &mut plays);
    assert!(!plays.overflowed());
    plays
}

fn results(plays: &Plays) -> BTreeSet<[u8; 26]> {
    plays.iter().map(|p| p.after).collect()
}

fn notations(plays: &Plays, seat: Seat) -> Vec<String> {
    let mut v: Vec<String> = plays.iter().map(|p| p.notation(seat)).collect();
    v.sort();
    v
}

/// Judges `record` in `position` with `d`.
fn judged(o: &JacquetOptions, position: &str, d: &str, record: &str) -> Judgement {
    let b = board(position);
    let plays = legal(o, &b, dice(d));
    judge(o, &b, dice(d), &plays, &paths(b.turn, record))
}

/// The legal plays of the example are exactly those of `expected` (each lawful, the same
/// results, as many), and each is written canonically as one of `expected`. A play written
/// several ways is `&SN|&TN`: every writing is judged lawful and the same play.
fn example(o: &JacquetOptions, position: &str, d: &str, expected: &[&str]) {
    let b = board(position);
    let plays = legal(o, &b, dice(d));
    let mut want = BTreeSet::new();
    for writings in expected {
        let mut one = BTreeSet::new();
        for rec in writings.split('|') {
            let j = judge(o, &b, dice(d), &plays, &paths(b.turn, rec));
            assert!(j.lawful(), "{position} {d}: `{rec}` judged {j:?}; legal {:?}", notations(&plays, b.turn));
            let after = j.after.expect("applied");
            assert_eq!(Some(after.men[b.turn.index()]), plays.get(j.legal.unwrap()).map(|p| p.after));
            one.insert(after.men[b.turn.index()]);
        }
        assert_eq!(one.len(), 1, "{writings}: one play");
        want.extend(one);
    }
    assert_eq!(results(&plays), want, "{position} {d}: legal {:?}", notations(&plays, b.turn));
    assert_eq!(plays.len(), expected.len(), "{position} {d}: legal {:?}", notations(&plays, b.turn));
    for n in notations(&plays, b.turn) {
        assert!(
            expected.iter().any(|w| w.split('|').any(|x| x == n)),
            "{position} {d}: `{n}` not written as expected {expected:?}"
        );
    }
}

fn jacquet(pairs: &[(&str, &str)]) -> JacquetOptions {
    options(Variant::Jacquet, pairs)
}

fn moultezim(pairs: &[(&str, &str)]) -> JacquetOptions {
    options(Variant::Moultezim, pairs)
}

// --- §A.5 the postillon ---

#[test]
fn a5_the_first_throw_takes_one_man_the_whole_throw() {
    let o = jacquet(&[]);
    example(&o, "M15/&15 bottom", "6-5", &["&SN|&TN|&N"]);
    // the fourth 3 would land on M, top's talon: lost
    example(&o, "M15/&15 bottom", "3-3", &["&XSP"]);
    assert_eq!(legal(&o, &board("M15/&15 bottom"), dice("3-3")).max_moves(), 3);
    for pairs in [&[("postillon", "immediat")][..], &[("postillon-repos", "non")][..]] {
        example(&jacquet(pairs), "M15/&15 bottom", "6-5", &["&SN|&TN"]);
    }
}

#[test]
fn a5_the_postillon_jumps_over_the_talon_and_enters_the_last_quarter() {
    let o = jacquet(&[]);
    example(&o, "FM14/N&14 bottom", "3-3", &["NKGDA|NA|NGA"]);
    example(&o, "FM14/N&14 bottom", "6-6", &["NGA"]);
    assert_eq!(legal(&o, &board("FM14/N&14 bottom"), dice("6-6")).max_moves(), 2);
    // immediat: once on D the other men may play the fourth 3, and the last two 6s
    let im = jacquet(&[("postillon", "immediat")]);
    example(&im, "FM14/N&14 bottom", "3-3", &["NKGDA", "NKGD &X|&X NKGD"]);
    example(&im, "FM14/N&14 bottom", "6-6", &["NGA &S &S"]);
}

#[test]
fn a5_the_release_time() {
    example(&jacquet(&[]), "M15/I&14 bottom", "3-2", &["IFD|IGD|ID"]);
    example(&jacquet(&[("postillon", "immediat")]), "M15/I&14 bottom", "3-2", &["IFD|IGD", "IF &Y"]);
    // the other men may not move before the postillon arrives, even with `immediat`
    let j = judged(&jacquet(&[("postillon", "immediat")]), "M15/I&14 bottom", "3-2", "&X IG");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::Postillon));
}

#[test]
fn a5_postillon_repos_non_lets_the_postillon_rest_on_held_points() {
    // bottom's postillon on N (p12) with 1-1: p13 is M, top's talon
    let oui = jacquet(&[]);
    let non = jacquet(&[("postillon-repos", "non")]);
    example(&oui, "M15/N&14 bottom", "1-1", &["-"]);
    example(&non, "M15/N&14 bottom", "1-1", &["NMLKI"]);
    // 6-1: the 1 first would rest on M
    example(&oui, "M15/N&14 bottom", "6-1", &["NGF|NF"]);
    example(&non, "M15/N&14 bottom", "6-1", &["NGF|NMF"]);
    assert!(!judged(&oui, "M15/N&14 bottom", "6-1", "NMF").lawful());
    assert!(judged(&non, "M15/N&14 bottom", "6-1", "NMF").lawful());
    // its landing point may not be held: 1-1 with top on I (bottom p16)
    example(&non, "IM14/N&14 bottom", "1-1", &["NMLK"]);
    // the other men are never in the air
    example(&non, "M15/&15 bottom", "6-6", &["&SMF"]);
    example(&non, "M15/&15 bottom", "3-3", &["&XSP"]);
    example(&oui, "M15/&15 bottom", "6-6", &["&S"]);
}

/// docs/games.md §H.2: under `postillon=immediat` with `postillon-repos=non`, a postillon resting
/// on a held point of its release quarter does not yet stand there: its jump goes on, each
/// rest may again be held, and the other men are released once it lands on a free point.
#[test]
fn h2_the_postillons_jump_goes_on_over_held_rests_of_its_release_quarter() {
    let im_non = jacquet(&[("postillon", "immediat"), ("postillon-repos", "non")]);
    // docs/games.md's example: rests on G, F (p19, held), E (p20, held), lands on free D
    example(&im_non, "EFM13/H&14 bottom", "1-1", &["HGFED|HD"]);
    let j = judged(&im_non, "EFM13/H&14 bottom", "1-1", "HGFED");
    assert!(j.lawful(), "{j:?}");
    // cut at its first held rest, it would leave two moves unplayed
    assert_eq!(judged(&im_non, "EFM13/H&14 bottom", "1-1", "HG").fault.map(|f| f.rule), Some(Rule::MovesLeft));
    // landing on free E (p20) releases the other men for the fourth move
    let plays = legal(&im_non, &board("FM14/H&14 bottom"), dice("1-1"));
    let all = notations(&plays, Seat::Bottom);
    assert!(all.contains(&"HGFED".to_string()) && all.contains(&"HGFE &Z".to_string()), "{all:?}");
    assert!(judged(&im_non, "FM14/H&14 bottom", "1-1", "&Z HE").lawful());
    // but not while it is in the air: no other man moves before it lands
    assert!(!judged(&im_non, "EFM13/H&14 bottom", "1-1", "HGF &Z").lawful());
    // tour-suivant is unchanged: the phase of the throw's start
    example(&jacquet(&[("postillon-repos", "non")]), "EFM13/H&14 bottom", "1-1", &["HGFED|HD"]);
    // Moultezim: its release quarter is its third (p13, M, is top's talon; L, K held too)
    let m = moultezim(&[("postillon", "immediat"), ("postillon-repos", "non")]);
    example(&m, "KLM13/N&14 bottom", "1-1", &["NMLKI|NI"]);
    let plays = legal(&m, &board("LM14/N&14 bottom"), dice("1-1"));
    let all = notations(&plays, Seat::Bottom);
    assert!(all.contains(&"NMLKI".to_string()) && all.contains(&"NMLK &Z".to_string()), "{all:?}");
}

#[test]
fn a5_with_several_postillons_none_leaves_the_talon() {
    // a kept illegal play put two men off the talon during the phase
    let o = jacquet(&[]);
    let b = board("M15/ZY&13 bottom");
    for d in ["6-6", "2-1", "5-3"] {
        let plays = legal(&o, &b, dice(d));
        assert!(plays.len() > 1);
        assert!(plays.iter().all(|p| p.steps().iter().all(|s| s.from != 1)), "{d}");
    }
    // Z (p2) and Y (p3) with 2-1: Z and Y both move, or one man both dice
    example(&o, "M15/ZY&13 bottom", "2-1", &["ZXV|ZYV|ZY YV|YV ZY", "ZX YX|YX ZX", "YVT|YXT|YT"]);
    assert_eq!(judged(&o, "M15/ZY&13 bottom", "2-1", "ZX &Z").fault.map(|f| f.rule), Some(Rule::Postillon));
}

// --- §A.7 bearing off ---

#[test]
fn a7_bearing_off_farthest_first_when_overshooting() {
    let o = jacquet(&[]);
    example(&o, "M15/A5B10 bottom", "6-5", &["B# B#"]);
    example(&o, "M15/A14D bottom", "6-1", &["D# A#|A# D#", "DC#|DC C#"]);
}

#[test]
fn a7_men_come_home_before_any_is_borne_off_in_one_throw() {
    // the two men of G must both reach A before either bears off: the paths interleave
    example(&jacquet(&[]), "M15/A13G2 bottom", "6-6", &["GA# GA#|GA GA A# A#|GA GA# A#"]);
    let j = judged(&jacquet(&[]), "M15/A13G2 bottom", "6-6", "GA# GA");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::MovesLeft));
}

#[test]
fn a7_ordre_sortie_lointaine() {
    let o = jacquet(&[("ordre-sortie", "lointaine")]);
    // exact bear offs from behind the farthest man are forbidden too
    example(&o, "M15/A13CD bottom", "2-1", &["DBA|DCA|DA|DC CA", "DB CB|CB DB"]);
    // libre: A# exact while D stands farther
    assert!(judged(&jacquet(&[]), "M15/A13CD bottom", "2-1", "A# DB").lawful());
}

#[test]
fn b2_retrait_talon() {
    example(&jacquet(&[("retrait", "talon")]), "M15/A14D bottom", "6-1", &["DC"]);
    // once the opponent's talon is empty, as A.7
    example(&jacquet(&[("retrait", "talon")]), "L15/A14D bottom", "6-1", &["D# A#", "DC#"]);
    example(&jacquet(&[("retrait", "talon")]), "M15/B15 bottom", "2-1", &["BA"]);
    // nothing to play: pass
    example(&jacquet(&[("retrait", "talon")]), "M15/A15 bottom", "6-5", &["-"]);
}

// --- §B.1 blocks ---

#[test]
fn b1_blocks_in_the_examples() {
    let pos = "HM13R/&9ZYXVCB bottom";
    let count = |pairs: &[(&str, &str)]| legal(&jacquet(pairs), &board(pos), dice("5-1")).len();
    assert_eq!(count(&[]), 26);
    assert_eq!(count(&[("blocage", "avance")]), 24);
    assert_eq!(count(&[("jacquet", "avance")]), 24);
    assert_eq!(count(&[("blocage", "avance-23")]), 23);
    assert_eq!(count(&[("blocage", "livret")]), 26);
    let plays = |pairs: &[(&str, &str)]| results(&legal(&jacquet(pairs), &board(pos), dice("5-1")));
    let after = |rec: &str| judged(&jacquet(&[]), pos, "5-1", rec).after.unwrap().men[1];
    let basic = plays(&[]);
    for rec in ["&T CB", "&T &Z", "&T BA"] {
        assert!(basic.contains(&after(rec)), "{rec}");
    }
    let avance = plays(&[("blocage", "avance")]);
    let missing: BTreeSet<_> = basic.difference(&avance).copied().collect();
    assert_eq!(missing, BTreeSet::from([after("&T CB"), after("&T &Z")]));
    let avance23 = plays(&[("blocage", "avance-23")]);
    let missing: BTreeSet<_> = basic.difference(&avance23).copied().collect();
    assert_eq!(missing, BTreeSet::from([after("&T CB"), after("&T &Z"), after("&T BA")]));
    assert_eq!(plays(&[("blocage", "livret")]), basic);

    let pos = "HM14/&9IFEDCB bottom";
    let count = |pairs: &[(&str, &str)]| legal(&jacquet(pairs), &board(pos), dice("2-1")).len();
    assert_eq!(count(&[]), 31);
    assert_eq!(count(&[("blocage", "avance")]), 30);
    let j = judged(&jacquet(&[("blocage", "avance")]), pos, "2-1", "IG &Z");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::PostillonPath));
}

#[test]
fn b1_a_block_kept_from_an_earlier_throw_is_no_new_fault() {
    // bottom already holds & Z Y X V T with no man on A: keeping it is lawful
    let o = jacquet(&[("blocage", "avance")]);
    let pos = "HM13R/&9ZYXVTB bottom";
    assert!(judged(&o, pos, "2-1", "&Z &Y").lawful());
    assert_eq!(legal(&o, &board(pos), dice("2-1")).len(), legal(&jacquet(&[]), &board(pos), dice("2-1")).len());
}

#[test]
fn b1_the_first_quarter_once_every_opposing_man_passed_it() {
    // top's men are all past bottom's first quarter (on top's p19, S): no restriction
    let o = jacquet(&[("blocage", "avance")]);
    assert!(judged(&o, "S15/&10ZYXVE bottom", "5-1", "&T ED").lawful());
    // a top man on its talon must still pass
    let j = judged(&o, "MS14/&10ZYXVE bottom", "5-1", "&T ED");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::FirstQuarterBlock));
    // unless bottom has a man on A (p24); avance-23 wants one on B (p23) as well
    assert!(judged(&o, "MS14/A&10ZYXV bottom", "5-1", "&T &Z").lawful());
    let j = judged(&jacquet(&[("blocage", "avance-23")]), "MS14/A&10ZYXV bottom", "5-1", "&T &Z");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::FirstQuarterBlock));
    assert!(judged(&jacquet(&[("blocage", "avance-23")]), "MS14/AB&9ZYXV bottom", "5-1", "&T &Z").lawful());
}

#[test]
fn b1_livret_six_consecutive_points_anywhere() {
    let o = jacquet(&[("blocage", "livret")]);
    let pos = "HM13R/&9ZYXVSE bottom";
    assert_eq!(judged(&o, pos, "5-1", "&T ED").fault.map(|f| f.rule), Some(Rule::SixBlock));
    // seven are no better than six; a man on p23 (B) or p24 (A) allows them
    assert!(judged(&o, "HM13R/&9ZYXVSC bottom", "5-1", "&T CB").lawful());
    assert!(judged(&jacquet(&[]), pos, "5-1", "&T ED").lawful());
}

// --- §C Moultezim ---

#[test]
fn c1_the_release_in_the_third_quarter() {
    example(&jacquet(&[]), "M15/L&14 bottom", "2-1", &["LIH"]);
    example(
        &moultezim(&[]),
        "M15/L&14 bottom",
        "2-1",
        &["LIH|LKH|LH", "LK &Y|&Y LK", "LI &Z|&Z LI", "&ZX|&YX|&X", "&Z &Y|&Y &Z"],
    );
}

#[test]
fn c2_the_first_quarter_is_never_closed() {
    let pos = "M14A/&10ZYXVL bottom";
    let o = moultezim(&[]);
    let plays = legal(&o, &board(pos), dice("5-1"));
    assert_eq!(plays.len(), 31);
    let closing = judged(&o, pos, "5-1", "&T LK");
    assert_eq!(closing.fault.map(|f| f.rule), Some(Rule::FirstQuarterBlock));
    assert!(!results(&plays).contains(&closing.after.unwrap().men[1]));
    // in Jacquet, bottom is still in its postillon phase (L is p14)
    let j = judged(&jacquet(&[]), pos, "5-1", "&T LK");
    assert_eq!(j.fault.map(|f| f.rule), Some(Rule::Postillon));
}

// --- §A.10 a table test per rule ---

#[test]
fn a10_each_rule_by_name() {
    let libre = jacquet(&[]);
    let rows: &[(JacquetOptions, &str, &str, &str, Rule, bool)] = &[
        (libre, "M15/&15 bottom", "6-5", "&R", Rule::Die, false),
        (libre, "M15/&15 bottom", "6-5", "&S &S", Rule::Die, false),
        (libre, "M15/&15 bottom", "6-5", "ZN", Rule::NotThere, true),
        (libre, "M15/&15 bottom", "6-6", "&SM", Rule::Occupied, true),
        (libre, "M15/N&14 bottom", "5-1", "NMG", Rule::Occupied, false),
        (libre, "M15/&15 bottom", "6-5", "&S", Rule::MovesLeft, false),
        (libre, "M15/&15 bottom", "6-5", "-", Rule::MovesLeft, false),
        (libre, "M15/Z&14 bottom", "6-5", "ZS", Rule::HigherDie, false),
        (libre, "M15/&15 bottom", "6-5", "&SN NG", Rule::TooMany, false),
        (libre, "M15/&15 bottom", "2-2", "&Y &Y &Y &Y &Y", Rule::TooMany, false),
        (libre, "M15/&15 bottom", "6-5", "&S &T", Rule::Postillon, false),
        (libre, "M15/A14H bottom", "6-1", "A# HG", Rule::BearOffEarly, false),
        (libre, "M15/A14D bottom", "6-1", "A# A#", Rule::Overshoot, false),
        (jacquet(&[("ordre-sortie", "lointaine")]), "M15/A13CD bottom", "2-1", "A# DB", Rule::BearOffOrder, false),
        (jacquet(&[("retrait", "talon")]), "M15/A14D bottom", "6-1", "D# A#", Rule::TalonHeld, false),
        (jacquet(&[("blocage", "avance")]), "HM14/&9IFEDCB bottom", "2-1", "IG &Z", Rule::PostillonPath, false),
        (jacquet(&[("blocage", "avance")]), "HM13R/&9ZYXVCB bottom", "5-1", "&T CB", Rule::FirstQuarterBlock, false),
        (moultezim(&[]), "M14A/&10ZYXVL bottom", "5-1", "&T LK", Rule::FirstQuarterBlock, false),
        (jacquet(&[("blocage", "livret")]), "HM13R/&9ZYXVSE bottom", "5-1", "&T ED", Rule::SixBlock, false),
    ];
    let mut seen = BTreeSet::new();
    for (o, pos, d, rec, rule, fatal) in rows {
        let j = judged(o, pos, d, rec);
        let f = j.fault.unwrap_or_else(|| panic!("{pos} {d} `{rec}`: lawful"));
        assert_eq!((f.rule, f.fatal), (*rule, *fatal), "{pos} {d} `{rec}`");
        assert_eq!(j.after.is_none(), *fatal, "{pos} {d} `{rec}`");
        seen.insert(*rule);
    }
    assert_eq!(seen.len(), Rule::ALL.len(), "a row for every rule");
}

#[test]
fn a10_the_play_is_kept_as_recorded() {
    let j = judged(&jacquet(&[]), "M15/&15 bottom", "6-5", "&S &T");
    assert_eq!(j.after.unwrap().to_string(), "M15/ST&13 top");
    let j = judged(&jacquet(&[]), "M15/&15 bottom", "6-5", "-");
    assert_eq!(j.after.unwrap().to_string(), "M15/&15 top");
    let j = judged(&jacquet(&[]), "M15/&15 bottom", "6-5", "&SN");
    assert_eq!(j.after.unwrap().to_string(), "M15/N&14 top");
}

#[test]
fn a_seat_that_can_play_nothing_passes() {
    // bottom's postillon on N, every point it could reach held
    let o = jacquet(&[]);
    example(&o, "GM14/N&14 bottom", "6-6", &["-"]);
    assert!(judged(&o, "GM14/N&14 bottom", "6-6", "-").lawful());
    assert_eq!(judged(&o, "GM14/N&14 bottom", "6-6", "NG").fault.map(|f| f.rule), Some(Rule::Occupied));
}

#[test]
fn top_plays_along_its_own_route() {
    let o = jacquet(&[]);
    example(&o, "M15/&15 top", "6-5", &["MFA|MGA"]);
    // top's route crosses from A to &
    example(&o, "AM14/N15 top", "2-1", &["AZY|A&Y"]);
}

// --- the books and the Game trait ---

fn read(text: &str) -> crate::notation::ReadRecord {
    crate::notation::read(text).into_iter().next().expect("a record")
}

#[test]
fn books_flag_a_start_that_is_no_position() {
    let r = read("[Game \"jacquet\"]\n[First \"bottom\"]\n\n1. 6-5 &SN\n");
    let mut header = r.header.clone();
    let mut s = crate::board::Setup::opening(Seat::Bottom);
    s.men[Seat::Top][0] = 14;
    s.bar[Seat::Top] = 1;
    header.position = Some(s);
    let rp = Game::books(&Jacquet::of(&header), &r.record, &header, None, true);
    let what: Vec<(Option<u32>, &str)> = rp.flags.iter().map(|f| (f.throw, f.what())).collect();
    assert_eq!(what, [(None, "position"), (Some(1), "not-replayed")]);
    assert_eq!(rp.flags[0].kind, crate::replay::FlagKind::Claim);
    assert_eq!(rp.stopped_at, Some(1));
}

#[test]
fn the_first_seat_is_the_one_whose_talon_the_first_move_leaves() {
    for (text, seat) in [("1. 6-5 MFA\n", Seat::Top), ("1. 6-5 &SN\n", Seat::Bottom), ("1. 6-5 -\n", Seat::Top)] {
        let r = read(&format!("[Game \"jacquet\"]\n\n{text}"));
        assert_eq!(books::first_seat(&r.record, &r.header), seat, "{text}");
    }
    let r = read("[Game \"jacquet\"]\n\n1. 6-5 MFA\n2. 6-5 &SN\n");
    let rp = crate::replay::replay(&r.record, &r.header, None);
    assert!(rp.flags.is_empty(), "{:?}", rp.flags);
}

#[test]
fn the_game_trait_answers_on_the_jacquet_board() {
    use crate::games::Game;
    let g = Jacquet::default();
    assert_eq!(g.tag(), crate::notation::Game::Jacquet);
    let pos = g.opening(Seat::Bottom);
    let mut plays = g.new_plays();
    Game::legal_plays_into(&g, &pos, &(), dice("6-5"), &mut plays);
    assert_eq!(plays.len(), 1);
    let r = read("[Game \"jacquet\"]\n\n1. 6-5 &TN\n");
    let play = r.record.throws[0].play.clone().unwrap();
    let j = Game::judge(&g, &pos, &(), dice("6-5"), &plays, &play);
    assert!(j.fault.is_none() && j.legal.is_some());
    assert_eq!(j.after.map(|p| p.men[1][12]), Some(1)); // the postillon on N, bottom's p12
    let j = Game::judge(&g, &pos, &(), dice("6-5"), &plays, &crate::notation::Play::Pass);
    let f = j.fault.unwrap();
    assert_eq!(f.rule, Rule::MovesLeft);
    assert!(f.lawful.iter().any(|p| p.notation(Seat::Bottom) == "&SN"), "{f:?}");
    let end = board("N15/#15 top");
    assert_eq!(g.outcome(&end.men, &end.men), Some(End { winner: Seat::Bottom, points: 2 }));
    let moultezim = Jacquet::of(&read("[Game \"moultezim\"]\n[Rules \"blocage=livret\"]\n\n").header);
    assert!(moultezim.invalid_options);
    assert_eq!(moultezim.tag(), crate::notation::Game::Moultezim);
    assert!(moultezim.explain_plays(&crate::board::Setup::opening(Seat::Top), dice("6-5")).is_err());
}

#[test]
fn every_flag_of_the_samples_is_raised_with_its_facts() {
    use crate::replay::Fact as Said;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut kinds = BTreeSet::new();
    for dir in ["samples/jacquet", "samples/moultezim"] {
        let mut files: Vec<_> =
            std::fs::read_dir(root.join(dir)).expect("the samples").flatten().map(|e| e.path()).collect();
        files.sort();
        for path in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "stn")) {
            let text = std::fs::read_to_string(&path).expect("a sample");
            for r in crate::notation::read(&text) {
                for f in crate::replay::replay(&r.record, &r.header, Some(&text)).flags {
                    // the message is the words of the fact, one of this game's or the loop's
                    let ours = matches!(f.fact, Said::Jacquet(_) | Said::Stop { .. } | Said::Seat { .. });
                    assert!(ours, "{}: {}", path.display(), f.message);
                    assert_eq!(f.message, crate::replay::words::message(&f.fact, Dialect::Soumille));
                    kinds.insert(match &f.fact {
                        Said::Stop { .. } => "stop",
                        Said::Seat { .. } => "seat",
                        Said::Jacquet(Fact::FausseCase { .. }) => "fausse-case",
                        Said::Jacquet(Fact::Hit { .. }) => "hit",
                        Said::Jacquet(_) => "result",
                        _ => "another game's",
                    });
                }
            }
        }
    }
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["fausse-case", "hit", "result", "seat", "stop"]);
}

#[test]
fn a_record_whose_rules_cannot_be_read_stops_at_its_first_throw() {
    use crate::replay::{Fact as Said, Stop};
    let r = read("[Game \"jacquet\"]\n[Rules \"blocage=total\"]\n\n1. 6-5 &SN\n2. 6-5 MFA\n3. 2-1 NKL\n");
    let rp = Game::books(&Jacquet::of(&r.header), &r.record, &r.header, None, true);
    assert_eq!(rp.flags.len(), 1);
    let Said::Stop { throw: 1, why: Stop::Rules(errors), last: 3 } = &rp.flags[0].fact else {
        panic!("{:?}", rp.flags[0].fact)
    };
    assert_eq!(errors.len(), 1);
    assert!(rp.flags[0].message.starts_with("the Rules tag: unknown value `total` for `blocage`"));
    assert!(rp.flags[0].message.ends_with(": the replay stops here; throws 2..3 are not replayed"));
    assert_eq!(rp.stopped_at, Some(1));
    // with no throw, the flag alone
    let r = read("[Game \"moultezim\"]\n[Rules \"blocage=libre\"]\n\n");
    let rp = Game::books(&Jacquet::of(&r.header), &r.record, &r.header, None, true);
    assert_eq!(rp.flags.iter().map(|f| (f.throw, f.what())).collect::<Vec<_>>(), [(None, "not-replayed")]);
    assert!(rp.flags[0].message.ends_with(": the replay stops here"), "{}", rp.flags[0].message);
    assert_eq!(rp.stopped_at, None);
}
