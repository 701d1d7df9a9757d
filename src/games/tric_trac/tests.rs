//! Tric Trac's rules as table tests (docs/games.md §E.2–§E.12, the E.11 example), and an
//! independent brute-force generator, on absolute letters, compared with the engine on
//! thousands of random positions.

use super::board::position;
use super::judge::{judge, paths_text, Judgement, Path, Rule};
use super::movegen::{legal_plays_into, Plays, ARRIVAL};
use super::options::{Options, PlusFort, Pont};
use super::score::{Choice, Score};
use super::series::{Claim, Series, ThrowRecord};
use crate::board::{Dialect, Point, Seat};
use crate::dice::Dice;
use crate::position::Position;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

/// A recorded play in letters (`VO B#`, `&TO*`, `-`) as paths of the seat to throw.
fn paths(seat: Seat, text: &str) -> Vec<Path> {
    if text.trim() == "-" || text.trim().is_empty() {
        return Vec::new();
    }
    text.split_whitespace()
        .map(|tok| {
            let mut pts: Vec<u8> = Vec::new();
            let mut hits = 0u8;
            for c in tok.chars() {
                match c {
                    '*' => hits |= 1 << (pts.len() - 2),
                    '#' => pts.push(ARRIVAL as u8),
                    c => pts.push(Point::from_letter(c, Dialect::Soumille).unwrap().relative(seat)),
                }
            }
            let (from, to) = (pts[0], *pts.last().unwrap());
            Path::via(from, &pts[1..pts.len() - 1], to).with_hits(hits)
        })
        .collect()
}

fn plays_of(pos: &Position, points: u16, d: Dice, o: &Options) -> Plays {
    let mut out = Plays::default();
    legal_plays_into(pos, points, d, o, &mut out);
    out
}

fn texts(pos: &Position, points: u16, d: Dice, o: &Options) -> Vec<String> {
    let mut v: Vec<String> = plays_of(pos, points, d, o).iter().map(|p| p.text(pos.turn())).collect();
    v.sort();
    v
}

/// Judges `play` of `d` in position `p` with `points` for the thrower.
fn judged_with(p: &str, points: u16, d: Dice, o: &Options, play: &str) -> Judgement {
    let pos = position(p);
    let legal = plays_of(&pos, points, d, o);
    judge(&pos, points, d, o, &legal, &paths(pos.turn(), play))
}

fn judged(p: &str, d: Dice, play: &str) -> Judgement {
    judged_with(p, 0, d, &Options::default(), play)
}

fn rule_of(j: &Judgement) -> Option<&'static str> {
    j.fault.map(|f| f.rule.name())
}

// ---------------------------------------------------------------------------------------
// §E.11: the example of docs/games.md

const EXAMPLE: &str = "A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom";

#[test]
fn the_e11_example_scores_pont_and_a_man_borne_off_and_wins_a_single_partie() {
    let o = Options::default();
    let j = judged_with(EXAMPLE, 9, dice(6, 1), &o, "VO B#");
    assert_eq!(j.fault, None);
    assert_eq!((j.pont, j.borne_off, j.captures), (2, 1, 0));
    assert_eq!(j.points(), 3);
    assert!(!j.won_by_move);
    assert!(j.legal.is_some());
    // the series: 9 + 3 = 12, top has 7: a single partie, recommence
    let pos = position(EXAMPLE);
    let mut s = Series::new(pos, Score { points: [7, 9], parties: [0, 0] }, o);
    let ps = paths(Seat::Bottom, "VO B#");
    let t = ThrowRecord {
        number: 17,
        seat: Some(Seat::Bottom),
        dice: dice(6, 1),
        paths: &ps,
        marks: 3,
        claims: true,
        marks_claimed: true,
        partie: Some(1),
        decision: Some(Choice::Recommence),
    };
    let out = s.throw(&t);
    assert!(out.claims.is_empty(), "{:?}", out.claims);
    let w = out.won.unwrap();
    assert_eq!((w.winner, w.value, w.loser_points), (Seat::Bottom, 1, 7));
    assert_eq!(s.score, Score { points: [0, 0], parties: [0, 1] });
    assert_eq!(s.pos, Position::opening(Seat::Top));
    assert!(s.result_right(Some((Seat::Bottom, 1, 0))));
    assert!(!s.result_right(Some((Seat::Top, 1, 0))));
}

#[test]
fn the_e11_example_with_4_2_captures_on_k_and_top_must_enter_it_first() {
    let j = judged(EXAMPLE, dice(4, 2), "OK* VS");
    assert_eq!(j.fault, None, "{j:?}");
    assert_eq!(j.captures, 1);
    let mut after = j.after.unwrap();
    assert_eq!(after.men(Seat::Top, 1), 6, "the captured man is back on A");
    assert_eq!(after.men(Seat::Top, 10), 0);
    // top must now enter from A before any other man moves (§E.4)
    after.set_turn(Seat::Top);
    let legal = plays_of(&after, 0, dice(3, 1), &Options::default());
    for p in legal.iter() {
        assert_eq!(p.steps[0].from, 1, "{}", p.text(Seat::Top));
    }
    let j = judge(&after, 0, dice(3, 1), &Options::default(), &legal, &paths(Seat::Top, "EF GH"));
    assert_eq!(rule_of(&j), Some("entry"));
}

// ---------------------------------------------------------------------------------------
// Lawful plays of the rules

#[test]
fn entering_from_the_start_one_man_each_die_or_tout_d_une() {
    // 003:164: 5/4 puts a man on 5 and another on 6, or a single man on 10
    let pos = position("A15/&15 bottom");
    assert_eq!(texts(&pos, 0, dice(5, 4), &Options::default()), ["&T &V", "&TP"]);
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(5, 4), "&P")), None);
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(5, 4), "&V &T")), None);
}

#[test]
fn once_the_start_is_empty_any_man_moves_within_the_throw() {
    // the last man enters with the 3, then another man may move the 2
    let p = "A15/&GZ13 bottom";
    assert_eq!(rule_of(&judged(p, dice(3, 2), "&X ZX")), None);
    // written the other way round, the judge orders the men
    let j = judged(p, dice(3, 2), "ZX &X");
    assert_eq!(rule_of(&j), None, "{j:?}");
    // a man other than the entering one while men remain
    assert_eq!(rule_of(&judged("A15/&2GZ12 bottom", dice(3, 2), "&X ZX")), Some("entry"));
    // the entering man may continue
    assert_eq!(rule_of(&judged("A15/&2GZ12 bottom", dice(3, 2), "&XT")), None);
}

#[test]
fn a_doublet_gives_two_moves_and_the_same_seat_throws_again() {
    let pos = position("A15/&15 bottom");
    assert_eq!(texts(&pos, 0, dice(3, 3), &Options::default()), ["&X &X", "&XS"]);
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(3, 3), "&X &X &X")), Some("too-many"));
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(3, 3), "&XSP")), Some("too-many"));
    let mut s = Series::new(pos, Score::default(), Options::default());
    let ps = paths(Seat::Bottom, "&X &X");
    let t = ThrowRecord {
        number: 1,
        seat: Some(Seat::Bottom),
        dice: dice(3, 3),
        paths: &ps,
        marks: 0,
        claims: true,
        marks_claimed: true,
        partie: None,
        decision: None,
    };
    assert!(s.throw(&t).claims.is_empty());
    assert_eq!(s.pos.turn(), Seat::Bottom);
    let ps = paths(Seat::Top, "AE AF");
    let t = ThrowRecord { number: 2, seat: Some(Seat::Top), dice: dice(5, 4), paths: &ps, ..t };
    let out = s.throw(&t);
    assert_eq!(out.claims.as_slice(), [Claim::Seat { expected: Seat::Bottom, recorded: Seat::Top }]);
}

#[test]
fn capture_sends_the_man_back_to_its_start_and_scores_one() {
    // bottom's man on T (p6) hits top's lone man on O (bottom's p11) with a 5
    let j = judged("A14O/TY14 bottom", dice(5, 1), "TO* YX");
    assert_eq!(rule_of(&j), None);
    assert_eq!(j.captures, 1);
    assert_eq!(j.points(), 1);
    let after = j.after.unwrap();
    assert_eq!(after.men(Seat::Top, 1), 15);
    // a capture on the rest point of a tout d'une, then another at its end
    let j = judged("A13LQ/TY14 bottom", dice(5, 3), "TQ*L*");
    assert_eq!(rule_of(&j), None);
    assert_eq!(j.captures, 2);
    assert!(j.hits_ok);
    // a wrong claim is no fault of the play, only of the claim
    let j = judged("A14O/TY14 bottom", dice(5, 1), "TO YX");
    assert_eq!(rule_of(&j), None);
    assert!(!j.hits_ok);
}

#[test]
fn men_on_start_and_arrival_are_out_of_play() {
    // top's men on A (bottom's arrival) do not stop bottom arriving there; bottom bears off
    let j = judged("A15/BC14 bottom", dice(2, 1), "B# C#");
    assert_eq!(rule_of(&j), None);
    assert_eq!(j.borne_off, 2);
    assert_eq!(j.after.unwrap().men(Seat::Top, 1), 15, "nothing captured on A");
}

#[test]
fn bearing_off_is_exactly_at_p24_and_nothing_goes_beyond() {
    // a man on C (p22): a 2 bears it off, a 5 cannot move it (no overshoot)
    let p = "A15/CY14 bottom";
    assert_eq!(rule_of(&judged(p, dice(5, 2), "C# YR")), None);
    assert_eq!(rule_of(&judged(p, dice(5, 3), "C# YR")), Some("overshoot"));
    let pos = position(p);
    // with 5-4, C cannot move at all
    for t in texts(&pos, 0, dice(5, 4), &Options::default()) {
        assert!(!t.contains('C'), "{t}");
    }
    // a tout d'une reaching p24 exactly
    assert_eq!(rule_of(&judged("A15/EY14 bottom", dice(3, 1), "E#")), None);
    assert_eq!(rule_of(&judged("A15/EY14 bottom", dice(3, 1), "EB#")), None);
    assert_eq!(rule_of(&judged("A15/EY14 bottom", dice(3, 2), "E#")), Some("overshoot"));
}

/// docs/games.md §H.4: an overshoot is flagged and kept as played: the man counts as borne off,
/// with its point.
#[test]
fn h4_an_overshoot_is_kept_as_played() {
    let ps = paths(Seat::Bottom, "C# YR");
    let t = ThrowRecord {
        number: 1,
        seat: Some(Seat::Bottom),
        dice: dice(5, 3),
        paths: &ps,
        marks: 1,
        claims: true,
        marks_claimed: true,
        partie: None,
        decision: None,
    };
    let mut s = Series::new(position("A15/CY14 bottom"), Score { points: [0, 0], parties: [0, 0] }, Options::default());
    let out = s.throw(&t);
    assert_eq!(rule_of(&out.judgement), Some("overshoot"));
    assert!(out.claims.is_empty(), "{:?}", out.claims);
    assert_eq!((out.points, s.score.points), (1, [0, 1]));
    assert_eq!(s.pos.men(Seat::Bottom, crate::position::OFF), 1);
    assert_eq!(s.pos.men(Seat::Bottom, 22), 0);
}

/// docs/games.md §H.5: a man reaching p24 is borne off at once, and the die left over when the
/// fifteenth goes off is lost; the bosse's "never one man alone" is judged on the position
/// after the whole play.
#[test]
fn h5_the_arrival_and_the_bosse_after_the_whole_play() {
    let p = "A15/C#14 bottom";
    assert_eq!(texts(&position(p), 0, dice(2, 1), &Options::default()), ["C#"]);
    let j = judged(p, dice(2, 1), "C#");
    assert_eq!((rule_of(&j), j.borne_off), (None, 1));
    // one man leaves the bosse (N2) before another comes: never alone after the play
    for play in ["NI PN", "PN NI"] {
        assert_eq!(rule_of(&judged("A15/N2PY12 bottom", dice(4, 2), play)), None, "{play}");
    }
    // three men, two leave: one left alone after the play
    assert_eq!(rule_of(&judged("A15/N3Y12 bottom", dice(4, 2), "NI NL")), Some("bosse-last"));
}

#[test]
fn the_bosse_is_first_taken_by_two_men_together() {
    // bottom's bosse N (p12): men on R (p8) and P (p10) take it with 4-2 (003:166)
    let p = "A15/PR&13 bottom";
    // men on & must enter first: give bottom no men on its start
    let p2 = "A15/P2R2Y11 bottom";
    assert_eq!(rule_of(&judged(p2, dice(4, 2), "RN PN")), None);
    assert_eq!(rule_of(&judged(p2, dice(4, 2), "PN YS")), Some("bosse-first"));
    assert_eq!(rule_of(&judged(p2, dice(4, 2), "RNL")), Some("bosse-first"), "resting alone on it");
    assert_eq!(rule_of(&judged(p, dice(4, 2), "RN PN")), Some("entry"));
    // a doublet: two men d points before it
    assert_eq!(rule_of(&judged("A15/R2Y13 bottom", dice(4, 4), "RN RN")), None);
    let pos = position(p2);
    for t in texts(&pos, 0, dice(4, 2), &Options::default()) {
        let onto = t.split(' ').filter(|m| m.ends_with('N')).count();
        assert!(onto == 0 || onto == 2, "{t}");
    }
}

#[test]
fn once_taken_men_come_and_go_but_the_last_two_leave_together() {
    // bosse N with three men: one may leave
    assert_eq!(rule_of(&judged("A15/N3Y12 bottom", dice(4, 2), "NI YV")), None);
    // with two, one alone may not leave; both may
    assert_eq!(rule_of(&judged("A15/N2Y13 bottom", dice(4, 2), "NI YV")), Some("bosse-last"));
    assert_eq!(rule_of(&judged("A15/N2Y13 bottom", dice(4, 2), "NI NL")), None);
    assert_eq!(rule_of(&judged("A15/N2Y13 bottom", dice(4, 2), "NLG")), Some("bosse-last"));
    // a man may be added one at a time
    assert_eq!(rule_of(&judged("A15/N2PY12 bottom", dice(2, 1), "PN YX")), None);
    // three men, two leave: one alone
    assert_eq!(rule_of(&judged("A15/N3Y12 bottom", dice(4, 2), "NI NL")), Some("bosse-last"));
}

#[test]
fn the_opponents_bosse_is_closed_even_empty() {
    // bottom's p13 is M, top's bosse
    let p = "A15/Q2Y13 bottom";
    assert_eq!(rule_of(&judged(p, dice(4, 1), "QM YX")), Some("bosse-adverse"));
    // nor may a tout d'une rest there
    assert_eq!(rule_of(&judged("A15/R2Y13 bottom", dice(5, 3), "RMI")), Some("bosse-adverse"));
    // through the other rest it may pass
    assert_eq!(rule_of(&judged("A15/R2Y13 bottom", dice(5, 3), "RI")), None);
    assert_eq!(rule_of(&judged("A15/R2Y13 bottom", dice(5, 3), "ROI")), None);
}

#[test]
fn two_opposing_men_close_a_point() {
    let p = "A13O2/TY14 bottom";
    assert_eq!(rule_of(&judged(p, dice(5, 2), "TO YV")), Some("occupied"));
    assert!(judged(p, dice(5, 2), "TO YV").fault.unwrap().fatal);
    assert_eq!(judged(p, dice(5, 2), "TO YV").after, None);
    // nor may a tout d'une rest there
    assert_eq!(rule_of(&judged(p, dice(5, 3), "TOL")), Some("occupied"));
    assert_eq!(rule_of(&judged(p, dice(5, 3), "TQL")), None);
    assert_eq!(rule_of(&judged(p, dice(5, 3), "TL")), None, "the free rest is chosen");
}

#[test]
fn par_puissance_when_the_bosse_cannot_be_taken_naturally() {
    // bottom: men on Q (p9) and O (p11) are 4 and 2 from M (p13, top's bosse): with 4-2 and
    // no men 4 and 2 from N, they take bottom's bosse N par puissance
    let p = "A15/OQY13 bottom";
    let j = judged(p, dice(4, 2), "QN ON");
    assert_eq!(rule_of(&j), None, "{j:?}");
    assert!(j.legal.unwrap().par_puissance);
    assert_eq!(j.after.unwrap().men(Seat::Bottom, 12), 2);
    // when it can be taken naturally (men on R p8 and P p10), par puissance is a fault
    let p = "A15/OPQRY11 bottom";
    assert_eq!(rule_of(&judged(p, dice(4, 2), "QN ON")), Some("par-puissance"));
    assert_eq!(rule_of(&judged(p, dice(4, 2), "RN PN")), None);
    // the bosse already held
    assert_eq!(rule_of(&judged("A15/N2OQY11 bottom", dice(4, 2), "QN ON")), Some("par-puissance"));
    // no man a die from the opponent's bosse
    assert_eq!(rule_of(&judged("A15/QY14 bottom", dice(4, 2), "QN ON")), Some("not-there"));
    // a doublet: two men d points before the opponent's bosse
    assert_eq!(rule_of(&judged("A15/P2Y13 bottom", dice(3, 3), "PN PN")), None);
    // men on the start point must enter first
    assert_eq!(rule_of(&judged("A15/OQ&13 bottom", dice(4, 2), "QN ON")), Some("entry"));
}

#[test]
fn as_many_moves_as_possible_and_the_higher_die() {
    // one man left, on G (p18): 6 bears it off, 3 then 6 overshoots: one die only
    let p = "A15/G#14 bottom";
    let pos = position(p);
    assert_eq!(texts(&pos, 0, dice(6, 3), &Options::default()), ["G#"]);
    assert_eq!(rule_of(&judged(p, dice(6, 3), "GD")), Some("higher-die"));
    let non = Options { plus_fort: PlusFort::Non, ..Options::default() };
    assert_eq!(texts(&pos, 0, dice(6, 3), &non), ["G#", "GD"]);
    assert_eq!(rule_of(&judged_with(p, 0, dice(6, 3), &non, "GD")), None);
    // both dice when possible
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(5, 4), "&T")), Some("moves-left"));
    assert_eq!(rule_of(&judged("A15/&15 bottom", dice(5, 4), "-")), Some("moves-left"));
    // nothing to play: a pass
    let blocked = "A13S2/&15 bottom";
    assert_eq!(texts(&position(blocked), 0, dice(6, 6), &Options::default()), ["-"]);
    assert_eq!(rule_of(&judged(blocked, dice(6, 6), "-")), None);
}

#[test]
fn moves_and_dice_that_do_not_agree() {
    let p = "A15/&15 bottom";
    assert_eq!(rule_of(&judged(p, dice(5, 4), "&S")), Some("die"));
    assert_eq!(rule_of(&judged(p, dice(5, 4), "XT &V")), Some("not-there"));
    assert!(judged(p, dice(5, 4), "XT &V").fault.unwrap().fatal);
    assert_eq!(rule_of(&judged(p, dice(5, 4), "&T &V &S")), Some("too-many"));
    assert_eq!(rule_of(&judged(p, dice(5, 4), "&T &Z")), Some("die"));
}

#[test]
fn twelve_points_win_at_once_and_the_rest_is_not_played() {
    // bottom has 11: the capture on O with the first move wins; the 1 is not played
    let p = "A14O/TY14 bottom";
    let o = Options::default();
    let j = judged_with(p, 11, dice(5, 1), &o, "TO*");
    assert_eq!(rule_of(&j), None, "{j:?}");
    assert!(j.won_by_move);
    assert_eq!(judged_with(p, 11, dice(5, 1), &o, "TO* YX").fault.unwrap().rule, Rule::AfterWin);
    // played the other way round it is lawful: the capture comes second
    assert_eq!(rule_of(&judged_with(p, 11, dice(5, 1), &o, "YX TO*")), None);
    // with 10 points the one capture does not win: both dice
    assert_eq!(rule_of(&judged_with(p, 10, dice(5, 1), &o, "TO*")), Some("moves-left"));
    // the points of a play cut short: the move after the win does not count
    let j = judged_with("A14O/BTY13 bottom", 11, dice(5, 1), &o, "TO* B#");
    assert_eq!(rule_of(&j), Some("after-win"));
    assert_eq!(j.points(), 1);
}

#[test]
fn the_grand_pont_scores_each_throw_or_once() {
    // bottom holds p7–p12 (S R Q P O N) two each: a throw that keeps it scores 2
    let p = "A15/N2O2P2Q2R2S2&3 bottom";
    let j = judged(p, dice(2, 1), "&Y &Z");
    assert_eq!((rule_of(&j), j.pont), (None, 2));
    let une_fois = Options { pont: Pont::UneFois, ..Options::default() };
    assert_eq!(judged_with(p, 0, dice(2, 1), &une_fois, "&Y &Z").pont, 0);
    // made by this throw: 2 either way
    let p = "A15/N2O2P2Q2R2SVY3 bottom";
    let j = judged_with(p, 0, dice(2, 1), &une_fois, "VS YX");
    assert_eq!((rule_of(&j), j.pont), (None, 2));
    // broken, no points
    let p = "A15/N2O2P2Q2R2S2Y3 bottom";
    let j = judged(p, dice(2, 1), "SQ YX");
    assert_eq!((rule_of(&j), j.pont), (None, 0));
    // a throw with nothing to play scores it too
    let p = "A5G2H2I2K2L2/N2O2P2Q2R2S2#3 bottom";
    let pos = position(p);
    assert_eq!(texts(&pos, 0, dice(6, 6), &Options::default()), ["-"]);
    assert_eq!(judged(p, dice(6, 6), "-").pont, 2);
}

#[test]
fn marks_partie_and_decision_claims() {
    let p = position("A14O/TY14 bottom");
    let ps = paths(Seat::Bottom, "TO* YX");
    let t = ThrowRecord {
        number: 5,
        seat: None,
        dice: dice(5, 1),
        paths: &ps,
        marks: 2,
        claims: true,
        marks_claimed: true,
        partie: Some(2),
        decision: Some(Choice::Prolonge),
    };
    let mut s = Series::new(p, Score { points: [3, 4], parties: [0, 0] }, Options::default());
    let out = s.throw(&t);
    assert_eq!(
        out.claims.as_slice(),
        [
            Claim::Marks { claimed: 2, computed: 1 },
            Claim::Partie { claimed: Some(2), computed: None },
            Claim::DecisionWithoutPartie(Choice::Prolonge)
        ]
    );
    // a win without the decision: recommence, flagged when a throw follows
    let mut s = Series::new(p, Score { points: [3, 11], parties: [0, 0] }, Options::default());
    let ps = paths(Seat::Bottom, "TO*");
    let t =
        ThrowRecord { paths: &ps, marks: 1, claims: true, marks_claimed: true, partie: Some(2), decision: None, ..t };
    let out = s.throw(&t);
    assert!(out.claims.is_empty(), "{:?}", out.claims);
    assert_eq!(s.pos, Position::opening(Seat::Top));
    let ps = paths(Seat::Top, "AE AF");
    let t2 = ThrowRecord {
        number: 6,
        seat: Some(Seat::Top),
        dice: dice(5, 4),
        paths: &ps,
        marks: 0,
        claims: true,
        marks_claimed: true,
        partie: None,
        decision: None,
    };
    assert_eq!(s.throw(&t2).claims.as_slice(), [Claim::DecisionMissing { number: 5 }]);
}

#[test]
fn prolonged_parties_keep_the_men_and_fifteen_off_go_back() {
    // bottom at 11 bears off its last man: wins (top 0: quadruple), prolongs; its men go back
    let p = position("A15/B#14 bottom");
    let mut s = Series::new(p, Score { points: [0, 11], parties: [0, 0] }, Options::default());
    let ps = paths(Seat::Bottom, "B#");
    let t = ThrowRecord {
        number: 1,
        seat: Some(Seat::Bottom),
        dice: dice(1, 1),
        paths: &ps,
        marks: 1,
        claims: true,
        marks_claimed: true,
        partie: Some(4),
        decision: Some(Choice::Prolonge),
    };
    let out = s.throw(&t);
    assert!(out.claims.is_empty(), "{:?}", out.claims);
    assert_eq!(s.score, Score { points: [0, 0], parties: [0, 4] });
    assert_eq!(s.pos.men(Seat::Bottom, 1), 15);
    assert_eq!(s.pos.turn(), Seat::Top);
}

// ---------------------------------------------------------------------------------------
// Every play the engine generates is judged lawful, as written and with rests unsaid.

#[test]
fn every_generated_play_judges_lawful() {
    let mut rng = crate::generate::Rng::new(7);
    for _ in 0..1500 {
        let (pos, points) = random_position(&mut rng);
        let d = rng.dice();
        let o = random_options(&mut rng);
        let legal = plays_of(&pos, points, d, &o);
        for p in legal.iter() {
            let text = p.text(pos.turn());
            let printed = p.moves(pos.turn()).to_string();
            assert_eq!(printed, text, "{pos} {d}");
            let j = judge(&pos, points, d, &o, &legal, &paths(pos.turn(), &text));
            assert_eq!(j.fault, None, "{pos} {d} {text}");
            assert_eq!(j.after, Some(p.after(&pos)), "{pos} {d} {text}");
            assert_eq!(j.points(), p.points(), "{pos} {d} {text}");
            assert!(j.hits_ok, "{pos} {d} {text}");
            // rests unsaid, captures claimed at the end only where the rest captured nothing
            let short: String = text
                .split(' ')
                .map(|m| {
                    let c: Vec<char> = m.chars().filter(|&c| c != '*').collect();
                    if c.len() == 3 && !m[..m.len() - 1].contains('*') {
                        let mut s = format!("{}{}", c[0], c[2]);
                        if m.ends_with('*') {
                            s.push('*');
                        }
                        s
                    } else {
                        m.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            let j = judge(&pos, points, d, &o, &legal, &paths(pos.turn(), &short));
            assert_eq!(j.fault, None, "{pos} {d} {text} as {short}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The brute-force generator

fn random_options(rng: &mut crate::generate::Rng) -> Options {
    Options {
        plus_fort: if rng.below(3) == 0 { PlusFort::Non } else { PlusFort::Oui },
        pont: if rng.below(3) == 0 { Pont::UneFois } else { Pont::ChaqueCoup },
        ..Options::default()
    }
}

/// A random reachable-looking position: some men on the start, lone men to capture, near
/// the arrival, on or around the bosses and ponts; the seat to throw's points.
fn random_position(rng: &mut crate::generate::Rng) -> (Position, u16) {
    let mut men = [[0u8; 26]; 2];
    // letters taken: 0 none, 1 top, 2 bottom
    let mut taken = [0u8; 25];
    for (s, seat_men) in men.iter_mut().enumerate() {
        let opp_bosse_letter = if s == 0 { 13 } else { 12 };
        let mut left = 15u8;
        let off = match rng.below(4) {
            0 => rng.below(15) as u8,
            _ => 0,
        };
        seat_men[25] = off;
        left -= off;
        let start = match rng.below(4) {
            0 => 0,
            1 => left.min(rng.below(3) as u8),
            _ => left.min(rng.below(16) as u8),
        };
        seat_men[1] = start;
        let start_letter = if s == 0 { 1 } else { 24 };
        if start > 0 {
            taken[start_letter] = s as u8 + 1;
        }
        left -= start;
        let spread = 1 + rng.below(6) as u8;
        let mut tries = 0;
        while left > 0 && tries < 200 {
            tries += 1;
            // relative point 2..=23, biased to the pont, the bosse and the end
            let p = match rng.below(4) {
                0 => 7 + rng.below(6) as usize,
                1 => 18 + rng.below(6) as usize,
                _ => 2 + rng.below(22) as usize,
            };
            let letter = if s == 0 { p } else { 25 - p };
            if letter == opp_bosse_letter || (taken[letter] != 0 && taken[letter] != s as u8 + 1) {
                continue;
            }
            let n = left.min(1 + rng.below(spread as u64) as u8);
            seat_men[p] += n;
            taken[letter] = s as u8 + 1;
            left -= n;
        }
        seat_men[1] += left;
        if seat_men[1] > 0 && taken[start_letter] != 0 && taken[start_letter] != s as u8 + 1 {
            // the start letter is held by the other seat's men: put the rest off instead
            seat_men[25] += seat_men[1];
            seat_men[1] = 0;
        }
    }
    let turn = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let pos = Position { men, turn };
    let points = match rng.below(3) {
        0 => 10 + rng.below(2) as u16,
        _ => rng.below(12) as u16,
    };
    (pos, points)
}

mod brute {
    //! The legal plays by brute force, written from docs/games.md §E alone, on absolute letters
    //! (top runs A → &, bottom & → A), with vectors and sets.

    use crate::board::{BySeat, Dialect, Seat, Setup};
    use crate::dice::Dice;
    use std::collections::BTreeSet;

    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Board {
        /// men[seat][letter 1..=24]
        pub men: [[u8; 25]; 2],
        pub off: [u8; 2],
    }

    /// The letter of seat `s`'s n-th point along its route.
    fn letter(s: usize, n: usize) -> usize {
        if s == 0 {
            n
        } else {
            25 - n
        }
    }

    impl Board {
        pub fn text(&self) -> String {
            let mut setup = Setup::opening(Seat::Top);
            setup.men = BySeat::new([0; 24], [0; 24]);
            for s in 0..2 {
                let seat = Seat::ALL[s];
                for l in 1..=24 {
                    setup.men[seat][l - 1] = self.men[s][l];
                }
                setup.off[seat] = self.off[s];
            }
            setup.men_field(Dialect::Soumille)
        }
    }

    #[derive(Clone, Debug)]
    struct Line {
        board: Board,
        /// (from n, to n) along the route, to = 24 borne off
        moves: Vec<(usize, usize, u8)>,
        scored: u16,
        won: bool,
        /// n of the man that came off the start this throw
        entered: Option<usize>,
    }

    /// Every line of single-die moves of `dice` in order from `l`, kept at each step.
    fn go(l: Line, dice: &[u8], s: usize, o: usize, points: u16, out: &mut Vec<Line>) {
        out.push(l.clone());
        if l.won || dice.is_empty() {
            return;
        }
        let d = dice[0] as usize;
        for n in 1..=23 {
            if l.board.men[s][letter(s, n)] == 0 {
                continue;
            }
            // men on the start go first, or the man that left it goes on
            if l.board.men[s][letter(s, 1)] > 0 && n != 1 && l.entered != Some(n) {
                continue;
            }
            let m = n + d;
            if m > 24 || m == 13 {
                continue;
            }
            let mut b = l.board.clone();
            let mut scored = l.scored;
            b.men[s][letter(s, n)] -= 1;
            if m == 24 {
                b.off[s] += 1;
                scored += 1;
            } else {
                let at = letter(s, m);
                match b.men[o][at] {
                    0 => {}
                    1 => {
                        b.men[o][at] = 0;
                        b.men[o][letter(o, 1)] += 1;
                        scored += 1;
                    }
                    _ => continue,
                }
                b.men[s][at] += 1;
            }
            let entered = if n == 1 || l.entered == Some(n) { Some(m) } else { l.entered };
            let mut moves = l.moves.clone();
            moves.push((n, m, d as u8));
            let won = points + scored >= 12;
            go(Line { board: b, moves, scored, won, entered }, &dice[1..], s, o, points, out);
        }
    }

    /// The bosse taken par puissance: two men each one short of their die onto the empty
    /// bosse, when no man is on the start and the opponent is not on it.
    fn bosse_par_puissance(board: &Board, s: usize, dice: Dice) -> Option<Line> {
        let o = 1 - s;
        let bosse = letter(s, 12);
        let (hi, lo) = (dice.high() as usize, dice.low() as usize);
        if board.men[s][bosse] != 0 || board.men[s][letter(s, 1)] != 0 || lo < 2 || board.men[o][bosse] != 0 {
            return None;
        }
        let (a, b) = (13 - hi, 13 - lo);
        let ok = if a == b {
            board.men[s][letter(s, a)] >= 2
        } else {
            board.men[s][letter(s, a)] >= 1 && board.men[s][letter(s, b)] >= 1
        };
        if !ok {
            return None;
        }
        let mut bd = board.clone();
        bd.men[s][letter(s, a)] -= 1;
        bd.men[s][letter(s, b)] -= 1;
        bd.men[s][bosse] += 2;
        Some(Line {
            board: bd,
            moves: vec![(a, 12, hi as u8), (b, 12, lo as u8)],
            scored: 0,
            won: false,
            entered: None,
        })
    }

    /// Every (men field after, points scored) of the legal plays.
    pub fn plays(
        board: &Board,
        s: usize,
        dice: Dice,
        points: u16,
        plus_fort: bool,
        pont_each: bool,
    ) -> BTreeSet<(String, u16)> {
        let o = 1 - s;
        let orders: Vec<Vec<u8>> = if dice.is_doublet() {
            vec![vec![dice.high(); 2]]
        } else {
            vec![vec![dice.high(), dice.low()], vec![dice.low(), dice.high()]]
        };
        let mut lines: Vec<Line> = Vec::new();
        for order in &orders {
            let l = Line { board: board.clone(), moves: vec![], scored: 0, won: false, entered: None };
            go(l, order, s, o, points, &mut lines);
        }
        let bosse = letter(s, 12);
        let b0 = board.men[s][bosse];
        let keeps_bosse = |l: &Line| {
            let onto = l.moves.iter().filter(|m| m.1 == 12).count();
            let end = l.board.men[s][bosse];
            !(b0 == 0 && onto == 1 || end == 1 && b0 != 1)
        };
        let mut lines: Vec<Line> = lines.into_iter().filter(|l| keeps_bosse(l)).collect();
        let natural = b0 == 0 && lines.iter().any(|l| l.moves.len() == 2 && l.moves.iter().all(|m| m.1 == 12));
        let hi = dice.high() as usize;
        if !natural {
            lines.extend(bosse_par_puissance(board, s, dice));
        }
        let used = |l: &Line| if l.won { 2 } else { l.moves.len() };
        let max = lines.iter().map(used).max().unwrap_or(0);
        let mut lines: Vec<Line> = lines.into_iter().filter(|l| used(l) == max).collect();
        if plus_fort && max == 1 && !dice.is_doublet() && lines.iter().any(|l| l.moves[0].2 as usize == hi) {
            lines.retain(|l| l.moves[0].2 as usize == hi);
        }
        let pont = |b: &Board| (7..=12).all(|n| b.men[s][letter(s, n)] >= 2);
        let before = pont(board);
        lines
            .into_iter()
            .map(|l| {
                let p = if !l.won && pont(&l.board) && (pont_each || !before) { 2 } else { 0 };
                (l.board.text(), l.scored + p)
            })
            .collect()
    }
}

fn brute_board(pos: &Position) -> brute::Board {
    let setup = pos.to_setup();
    let mut b = brute::Board { men: [[0; 25]; 2], off: [0; 2] };
    for (s, seat) in Seat::ALL.into_iter().enumerate() {
        for l in 1..=24 {
            b.men[s][l] = setup.men[seat][l - 1];
        }
        b.off[s] = setup.off[seat];
    }
    b
}

#[test]
fn the_engine_agrees_with_brute_force_on_random_positions() {
    let mut rng = crate::generate::Rng::new(20240611);
    let mut plays = Plays::default();
    let (mut captures, mut wins, mut puissance, mut bosse, mut passes) = (0, 0, 0, 0, 0);
    for _ in 0..6000 {
        let (pos, points) = random_position(&mut rng);
        let d = rng.dice();
        let o = random_options(&mut rng);
        legal_plays_into(&pos, points, d, &o, &mut plays);
        let seat = pos.turn();
        let engine: std::collections::BTreeSet<(String, u16)> =
            plays.iter().map(|p| (p.after(&pos).to_setup().men_field(Dialect::Soumille), p.points())).collect();
        assert_eq!(engine.len(), plays.len(), "duplicate plays for {pos} {d}");
        let brute = brute::plays(
            &brute_board(&pos),
            seat.index(),
            d,
            points,
            o.plus_fort == PlusFort::Oui,
            o.pont == Pont::ChaqueCoup,
        );
        assert_eq!(engine, brute, "{pos} points {points} dice {d} {o:?}");
        for p in plays.iter() {
            captures += usize::from(p.captures > 0);
            wins += usize::from(p.won_by_move);
            puissance += usize::from(p.par_puissance);
            bosse += usize::from(p.steps().iter().any(|s| s.to == 12 || s.from == 12));
            passes += usize::from(p.len == 0);
        }
    }
    // the random positions reach every rule
    assert!(
        captures > 100 && wins > 20 && puissance > 0 && bosse > 100 && passes > 10,
        "{captures} {wins} {puissance} {bosse} {passes}"
    );
}

/// Judged plays that are lawful are among the brute force's, whatever is written.
#[test]
fn random_records_judged_lawful_are_legal_plays() {
    let mut rng = crate::generate::Rng::new(99);
    let mut plays = Plays::default();
    let mut lawful = 0;
    for _ in 0..4000 {
        let (pos, points) = random_position(&mut rng);
        let d = rng.dice();
        let o = Options::default();
        legal_plays_into(&pos, points, d, &o, &mut plays);
        let seat = pos.turn();
        // one or two random paths from occupied points, 1 to 12 points long
        let occupied: Vec<u8> = (1..24u8).filter(|&p| pos.men(seat, p as usize) > 0).collect();
        if occupied.is_empty() {
            continue;
        }
        let n = 1 + rng.below(2) as usize;
        let rec: Vec<Path> = (0..n)
            .map(|_| {
                let f = occupied[rng.below(occupied.len() as u64) as usize];
                let len = match rng.below(4) {
                    0 => d.high(),
                    1 => d.low(),
                    2 => d.high() + d.low(),
                    _ => 1 + rng.below(12) as u8,
                };
                let to = (f + len).min(24);
                Path::new(f, to)
            })
            .collect();
        let j = judge(&pos, points, d, &o, &plays, &rec);
        if let Some(fault) = j.fault {
            // a play faulted for where it leaves the men leaves them where no legal play does
            // (other faults are of the moves written: a relay of two men, a rest written, may
            // leave a position a legal play leaves)
            let rule = fault.rule;
            if let (Some(a), Rule::MovesLeft | Rule::HigherDie | Rule::BosseLast) = (j.after, rule) {
                let after = a.to_setup().men_field(Dialect::Soumille);
                let brute = brute::plays(&brute_board(&pos), seat.index(), d, points, true, true);
                assert!(
                    !brute.iter().any(|(b, _)| *b == after),
                    "{pos} {d} {} judged {rule} but legal",
                    paths_text(seat, &rec)
                );
            }
        } else {
            lawful += 1;
            let brute = brute::plays(&brute_board(&pos), seat.index(), d, points, true, true);
            let after = j.after.unwrap().to_setup().men_field(Dialect::Soumille);
            assert!(brute.contains(&(after.clone(), j.points())), "{pos} {d} {}: {after}", paths_text(seat, &rec));
        }
    }
    assert!(lawful > 200, "{lawful}");
}

/// Any paths at all, sense or nonsense, are judged without a panic, and a play judged
/// lawful leaves a legal play's position.
#[test]
fn judging_never_panics_on_any_paths() {
    let mut rng = crate::generate::Rng::new(4242);
    let mut plays = Plays::default();
    for _ in 0..20000 {
        let (pos, points) = random_position(&mut rng);
        let d = rng.dice();
        let o = Options::default();
        legal_plays_into(&pos, points, d, &o, &mut plays);
        let n = rng.below(5) as usize;
        let rec: Vec<Path> = (0..n)
            .map(|_| {
                let rests: Vec<u8> = (0..rng.below(4)).map(|_| rng.below(30) as u8).collect();
                Path::via(rng.below(30) as u8, &rests, rng.below(30) as u8).with_hits(rng.below(256) as u8)
            })
            .collect();
        let j = judge(&pos, points, d, &o, &plays, &rec);
        if j.fault.is_none() {
            let after = j.after.expect("a lawful play has a position after it");
            assert!(plays.iter().any(|p| p.after(&pos) == after), "{pos} {d} {rec:?}");
        } else if let Some(f) = j.fault {
            let seat = pos.turn();
            let fc = super::FausseCase {
                throw: 1,
                seat,
                dice: d,
                played: rec.clone(),
                fault: f,
                max_moves: plays.max_moves,
                natural_bosse: plays.natural_bosse,
                lawful: f.lawful(seat, &rec, &plays),
            };
            let m = crate::games::tric_trac::words::message(&super::Fact::FausseCase(Box::new(fc)), Dialect::Soumille);
            assert!(m.starts_with(&format!("throw 1 ({seat} {d}): played ")), "{m}");
        }
    }
}

#[test]
fn the_pont_carries_a_winner_beyond_twelve_and_prolonge_keeps_it() {
    // bottom at 11 keeps its pont: 13, a partie, prolonged with 1 point
    let p = position("A15/N2O2P2Q2R2S2Y3 bottom");
    let mut s = Series::new(p, Score { points: [4, 11], parties: [0, 0] }, Options::default());
    let ps = paths(Seat::Bottom, "YX YV");
    let t = ThrowRecord {
        number: 1,
        seat: Some(Seat::Bottom),
        dice: dice(2, 1),
        paths: &ps,
        marks: 2,
        partie: Some(2),
        claims: true,
        marks_claimed: true,
        decision: Some(Choice::Prolonge),
    };
    let out = s.throw(&t);
    assert!(out.claims.is_empty(), "{:?}", out.claims);
    assert_eq!(out.won.unwrap().winner_points, 13);
    assert_eq!(s.score, Score { points: [0, 1], parties: [0, 2] });
    assert_eq!(s.pos.turn(), Seat::Top);
    // a move that wins the partie ends the throw: the pont standing after it is not counted
    let j = judged_with("A14K/LN2O2P2Q2R2S2Y2 bottom", 11, dice(5, 1), &Options::default(), "LK*");
    assert_eq!((rule_of(&j), j.points(), j.won_by_move), (None, 1, true));
}

#[test]
fn the_game_trait_answers_for_tric_trac() {
    use super::TricTrac;
    use crate::games::{Game, Games};
    use crate::notation::Game as GameTag;
    let mut h = crate::notation::Header::of_tags(&[]).unwrap();
    h.game = GameTag::TricTrac;
    h.game_rules = vec![crate::notation::RulePair::new("pont", "une-fois")];
    let Games::TricTrac(g) = Games::of(&h) else { panic!("tric-trac") };
    assert_eq!((g.options.pont, g.bad_rules), (Pont::UneFois, false));
    h.game_rules = vec![crate::notation::RulePair::new("cube", "oui")];
    let Games::TricTrac(g) = Games::of(&h) else { panic!("tric-trac") };
    assert!(g.bad_rules);
    let e = g.explain_plays(&crate::board::Setup::opening(Seat::Top), dice(2, 1)).unwrap_err().to_string();
    assert!(e.contains("plus-fort") && e.contains("chaque-coup"), "{e}");
    // the trait's plays, marks, judge and outcome
    let g = TricTrac::default();
    let pos = position(EXAMPLE);
    let state = Score { points: [7, 9], parties: [0, 0] };
    let mut plays = g.new_plays();
    assert_eq!(g.roll(&pos, &state, dice(6, 1), &mut plays), [0, 0]);
    let p = *plays.iter().find(|p| p.text(Seat::Bottom) == "VO B#").expect("the example's play");
    let mut marks = [0, 0];
    g.play_marks(&pos, &state, &p, &mut marks);
    assert_eq!(marks, [0, 3]);
    let j = g.judge(&pos, &state, dice(6, 1), &plays, &p.moves(Seat::Bottom));
    assert!(j.fault.is_none() && j.legal == Some(p));
    assert_eq!(j.after.unwrap().turn(), Seat::Top);
    let won = g.outcome(&Score { points: [7, 12], parties: [0, 0] }, &state).unwrap();
    assert_eq!((won.winner, won.value), (Seat::Bottom, 1));
    assert_eq!(g.outcome(&state, &state), None);
    // explain: sorted, with the points of each play
    let mut setup = pos.to_setup();
    setup.score.points = Some(crate::board::BySeat::new(7, 9));
    let shown = g.explain_plays(&setup, dice(6, 1)).unwrap();
    assert!(shown.windows(2).all(|w| w[0].notation <= w[1].notation));
    let e11 = shown.iter().find(|s| s.notation == "VO B#").unwrap();
    assert_eq!((e11.points, e11.result.as_str()), (3, "A5E2G3H2KM2/C2N2O2P2Q2R2S2#1"));
}

/// The judge that generates the roll's plays only when it needs them judges every record
/// as the judge given them all: every legal play written canonically, and random paths;
/// a lawful play is one of the legal plays, its position theirs.
#[test]
fn the_lazy_judge_judges_as_the_judge_given_every_legal_play() {
    use super::judge::judge_lazy;
    let mut rng = crate::generate::Rng::new(2024);
    let mut plays = Plays::default();
    let mut lazy_plays = Plays::default();
    let (mut generated, mut skipped) = (0, 0);
    for i in 0..6000 {
        let (pos, points) = random_position(&mut rng);
        let d = rng.dice();
        let o = if i % 3 == 0 {
            Options { plus_fort: PlusFort::Non, pont: Pont::UneFois, ..Options::default() }
        } else {
            Options::default()
        };
        legal_plays_into(&pos, points, d, &o, &mut plays);
        let seat = pos.turn();
        let mut records: Vec<Vec<Path>> = plays.iter().map(|p| paths(seat, &p.text(seat))).collect();
        for _ in 0..4 {
            let n = rng.below(3) as usize;
            records.push(
                (0..n)
                    .map(|_| {
                        let f = 1 + rng.below(23) as u8;
                        let to = (f + 1 + rng.below(12) as u8).min(24);
                        Path::new(f, to).with_hits(rng.below(4) as u8)
                    })
                    .collect(),
            );
        }
        for (k, rec) in records.iter().enumerate() {
            let full = judge(&pos, points, d, &o, &plays, rec);
            if k < plays.len() {
                assert_eq!(full.fault, None, "{pos} {d} {}: a legal play", paths_text(seat, rec));
            }
            let (lazy, filled) = judge_lazy(&pos, points, d, &o, &mut lazy_plays, rec);
            assert_eq!(lazy, full, "{pos} {d} {}", paths_text(seat, rec));
            if filled {
                generated += 1;
            } else {
                skipped += 1;
            }
            if let (None, Some(p)) = (full.fault, full.legal) {
                let found = plays.find(p.key).expect("a lawful play is a legal play");
                assert_eq!(found.after(&pos), p.after(&pos), "{pos} {d} {}", paths_text(seat, rec));
                assert_eq!(found.points(), p.points());
            }
        }
    }
    // most plays are judged without generating the roll's plays
    assert!(skipped > generated, "{skipped} {generated}");
}
