//! Every rule and flag of docs/games.md §J, each with the exact rule name.

use super::board::{pinned_field, read_pinned, Board, BoardError, OFF, START};
use super::end::{outcome, Kind, Outcome};
use super::judge::{apply, judge, Rule};
use super::movegen::{legal_plays_into, Plays};
use super::options::Mana;
use crate::board::{Dialect, Point, Seat};
use crate::dice::Dice;
use crate::notation::{Move, Moves, Origin, Play as RecordedPlay, Rests, Target};
use crate::position::Position;

const TOP: Seat = Seat::Top;
const BOTTOM: Seat = Seat::Bottom;

/// A board with `top` and `bottom` men on their relative points; the rest borne off.
fn board(top: &[(usize, u8)], bottom: &[(usize, u8)], turn: Seat) -> Board {
    let mut b = Board::empty(turn);
    for (seat, men) in [(TOP, top), (BOTTOM, bottom)] {
        for &(p, n) in men {
            b.men[seat.index()][p] += n;
        }
        let on: u8 = b.men[seat.index()][1..25].iter().sum();
        b.men[seat.index()][OFF] = 15 - on;
    }
    b
}

/// A path through `seat`'s relative points (25: `#`), `*` after the last when `pin`.
fn mv(seat: Seat, pts: &[usize], pin: bool) -> Move {
    let at = |p: usize| Position::point(seat, p);
    let mut rests = Rests::new();
    for &p in &pts[1..pts.len() - 1] {
        rests.push(at(p));
    }
    let last = pts[pts.len() - 1];
    let to = if last == OFF { Target::Off } else { Target::Point(at(last)) };
    let hits = if pin { 1 << (pts.len() - 2) } else { 0 };
    Move { from: Origin::Point(at(pts[0])), rests, to, hits }
}

fn played(b: &Board, x: u8, y: u8, moves: &[Move]) -> Result<Board, Rule> {
    let dice = Dice::new(x, y).unwrap();
    let mut legal = Plays::new();
    legal_plays_into(b, dice, &mut legal);
    let rec = if moves.is_empty() { RecordedPlay::Pass } else { RecordedPlay::Moves(Moves::from_slice(moves)) };
    judge(b, dice, &legal, &rec)
}

fn rule(r: Result<Board, Rule>) -> &'static str {
    r.map(|_| "lawful").unwrap_or_else(|r| r.name())
}

#[test]
fn the_start_is_fifteen_on_each_first_point_and_plays_from_there() {
    let b = Board::opening(TOP);
    assert_eq!((b.men(TOP, START), b.men(BOTTOM, START)), (15, 15));
    let after = played(&b, 6, 5, &[mv(TOP, &[1, 7], false), mv(TOP, &[1, 6], false)]).unwrap();
    assert_eq!((after.men(TOP, 1), after.men(TOP, 6), after.men(TOP, 7)), (13, 1, 1));
    assert_eq!(rule(played(&b, 6, 5, &[mv(TOP, &[1, 12], false)])), "lawful");
}

#[test]
fn a_lone_man_is_pinned_not_hit_and_the_pin_is_claimed() {
    let b = board(&[(10, 3)], &[(12, 1), (1, 2)], TOP); // bottom's 12 is top's 13
    let after = played(&b, 3, 1, &[mv(TOP, &[10, 13], true), mv(TOP, &[10, 11], false)]).unwrap();
    assert!(after.is_pinned(BOTTOM, 12));
    assert_eq!((after.men(BOTTOM, 12), after.men(TOP, 13)), (1, 1));
    assert_eq!(rule(played(&b, 3, 1, &[mv(TOP, &[10, 13], false), mv(TOP, &[10, 11], false)])), "hit");
    assert_eq!(rule(played(&b, 3, 1, &[mv(TOP, &[10, 13], true), mv(TOP, &[10, 11], true)])), "hit");
}

#[test]
fn two_men_close_a_point() {
    let b = board(&[(10, 3)], &[(12, 2)], TOP);
    assert_eq!(rule(played(&b, 3, 1, &[mv(TOP, &[10, 13], false), mv(TOP, &[10, 11], false)])), "occupied");
}

#[test]
fn the_pinners_seat_holds_the_point_even_over_the_others_pinned_man() {
    // bottom's man on its 12 (top's 13) pinned beneath one top man
    let mut b = board(&[(13, 1), (10, 2)], &[(12, 1), (9, 2)], BOTTOM);
    b.pin(BOTTOM, 12);
    assert_eq!(rule(played(&b, 3, 1, &[mv(BOTTOM, &[9, 12], false), mv(BOTTOM, &[9, 10], false)])), "occupied");
    assert_eq!(rule(played(&b, 3, 1, &[mv(BOTTOM, &[12, 15], false), mv(BOTTOM, &[9, 10], false)])), "pinned");
    // top may join its pinner; the pin stays
    b.turn = TOP;
    let after = played(&b, 3, 1, &[mv(TOP, &[10, 13], false), mv(TOP, &[10, 11], false)]).unwrap();
    assert!(after.is_pinned(BOTTOM, 12) && after.men(TOP, 13) == 2);
}

#[test]
fn a_pinner_leaving_frees_the_man() {
    let mut b = board(&[(13, 1), (10, 2)], &[(12, 1), (5, 2)], TOP);
    b.pin(BOTTOM, 12);
    let after = played(&b, 3, 1, &[mv(TOP, &[13, 16], false), mv(TOP, &[10, 11], false)]).unwrap();
    assert!(!after.is_pinned(BOTTOM, 12));
    let next = apply(&after);
    assert_eq!(next.turn, BOTTOM);
    let mut plays = Plays::new();
    legal_plays_into(&next, Dice::new(2, 1).unwrap(), &mut plays);
    assert!(plays.as_slice().iter().any(|p| p.steps().iter().any(|s| s.from == 12)));
}

#[test]
fn a_pinner_cannot_be_pinned() {
    // top's pinner alone on its 13, over bottom's man: closed to bottom though it is one man
    let mut b = board(&[(13, 1)], &[(12, 1), (10, 1)], BOTTOM);
    b.pin(BOTTOM, 12);
    assert_eq!(rule(played(&b, 2, 1, &[mv(BOTTOM, &[10, 12], false), mv(BOTTOM, &[12, 13], false)])), "occupied");
}

#[test]
fn the_mother_pinned_ends_the_game() {
    let b = board(&[(21, 1), (20, 14)], &[(1, 1), (2, 14)], TOP); // bottom's 1 is top's 24
    let after = played(&b, 3, 1, &[mv(TOP, &[21, 24], true), mv(TOP, &[20, 21], false)]).unwrap();
    assert!(after.is_pinned(BOTTOM, START));
    let won = outcome(&after, Mana::Double).unwrap();
    assert_eq!(won, Outcome::Win { winner: TOP, points: 2, kind: Kind::Mana });
    assert_eq!(won.to_string(), "top 2 mana");
    assert_eq!(outcome(&after, Mana::Simple).unwrap().to_string(), "top 1 mana");
    assert_eq!(outcome(&after, Mana::Non), None);
}

#[test]
fn no_mother_win_while_the_pinners_own_mother_is_at_home() {
    let b = board(&[(21, 1), (1, 14)], &[(1, 1), (2, 14)], TOP);
    let after = played(&b, 3, 1, &[mv(TOP, &[21, 24], true), mv(TOP, &[1, 2], false)]).unwrap();
    assert!(after.is_pinned(BOTTOM, START));
    assert_eq!(outcome(&after, Mana::Double), None);
}

#[test]
fn both_mothers_pinned_is_a_draw() {
    let mut b = board(&[(1, 1), (24, 1)], &[(1, 1), (24, 1)], TOP);
    b.pin(TOP, 1);
    b.pin(BOTTOM, 1);
    assert_eq!(outcome(&b, Mana::Double), Some(Outcome::Draw));
    assert_eq!("draw".parse::<Outcome>().unwrap(), Outcome::Draw);
}

#[test]
fn a_pinned_man_at_home_stops_bearing_off() {
    let mut b = board(&[(20, 1), (23, 1)], &[(5, 1)], TOP);
    b.pin(TOP, 20);
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[23, OFF], false), mv(TOP, &[23, 24], false)])), "bear-off-early");
    let mut plays = Plays::new();
    legal_plays_into(&b, Dice::new(2, 1).unwrap(), &mut plays);
    assert!(plays.as_slice().iter().all(|p| p.steps().iter().all(|s| s.to != OFF as u8)));
}

#[test]
fn bearing_off_before_all_are_home_and_overshooting() {
    let b = board(&[(10, 1), (23, 1)], &[(1, 15)], TOP);
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[23, OFF], false), mv(TOP, &[10, 11], false)])), "bear-off-early");
    let b = board(&[(20, 1), (23, 1)], &[(1, 15)], TOP);
    assert_eq!(rule(played(&b, 6, 5, &[mv(TOP, &[23, OFF], false), mv(TOP, &[20, OFF], false)])), "overshoot");
    assert_eq!(rule(played(&b, 6, 5, &[mv(TOP, &[20, OFF], false), mv(TOP, &[23, OFF], false)])), "lawful");
}

#[test]
fn bearing_all_off_wins_single_or_gammon() {
    let b = board(&[(24, 1)], &[(1, 15)], TOP);
    let after = played(&b, 2, 1, &[mv(TOP, &[24, OFF], false)]).unwrap();
    assert_eq!(outcome(&after, Mana::Double).unwrap().to_string(), "top 2 gammon");
    let b = board(&[(24, 1)], &[(1, 14)], TOP);
    let after = played(&b, 2, 1, &[mv(TOP, &[24, OFF], false)]).unwrap();
    assert_eq!(outcome(&after, Mana::Double).unwrap().to_string(), "top 1 single");
}

#[test]
fn the_higher_die_when_only_one_can_be_played() {
    // 10+5 and 10+3 open, 18 (bottom's 7) closed: one die only, the 5
    let b = board(&[(10, 1)], &[(7, 2), (1, 13)], TOP);
    assert_eq!(rule(played(&b, 5, 3, &[mv(TOP, &[10, 13], false)])), "higher-die");
    assert_eq!(rule(played(&b, 5, 3, &[mv(TOP, &[10, 15], false)])), "lawful");
}

#[test]
fn both_dice_when_both_can_be_played() {
    let b = board(&[(10, 1)], &[(1, 15)], TOP);
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[10, 12], false)])), "moves-left");
    assert_eq!(rule(played(&b, 2, 1, &[])), "moves-left");
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[10, 13], false)])), "lawful");
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[10, 11, 13], false)])), "lawful");
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[10, 14], false)])), "die");
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[11, 13], false)])), "not-there");
}

#[test]
fn the_sum_needs_an_open_point_between() {
    // 10+2 and 10+1 both closed: no sum
    let b = board(&[(10, 1)], &[(13, 2), (14, 2), (1, 11)], TOP);
    assert_eq!(rule(played(&b, 2, 1, &[mv(TOP, &[10, 13], false)])), "occupied");
    assert_eq!(rule(played(&b, 2, 1, &[])), "lawful");
}

#[test]
fn doublets_move_four_times() {
    let b = board(&[(1, 15)], &[(1, 15)], TOP);
    let mut plays = Plays::new();
    legal_plays_into(&b, Dice::new(2, 2).unwrap(), &mut plays);
    assert_eq!(plays.max_moves(), 4);
    assert_eq!(rule(played(&b, 2, 2, &[mv(TOP, &[1, 9], false)])), "lawful");
    assert_eq!(rule(played(&b, 2, 2, &[mv(TOP, &[1, 7], false)])), "moves-left");
}

#[test]
fn the_pinned_field_reads_and_prints() {
    let mut b = board(&[(13, 1)], &[(12, 1)], TOP);
    b.pin(BOTTOM, 12);
    let field = pinned_field(&b);
    let letter = Position::point(BOTTOM, 12).letter(Dialect::Soumille);
    assert_eq!(field, format!("bottom@{letter}"));
    let pins = read_pinned(&field, Dialect::Soumille).unwrap();
    assert_eq!(Board::from_setup(&b.to_setup(), &pins).unwrap(), b);
    assert_eq!(Board::from_position(&b.to_position(), &pins).unwrap(), b);
    assert!(matches!(read_pinned("middle@F", Dialect::Soumille), Err(BoardError::Pin(_))));
    assert!(matches!(Board::from_setup(&b.to_setup(), &[]), Err(BoardError::Shared(_))));
    assert_eq!(read_pinned("", Dialect::Soumille).unwrap(), Vec::<(Seat, Point)>::new());
}

#[test]
fn the_result_forms_read_and_print() {
    for s in ["top 1 single", "bottom 2 gammon", "top 2 mana", "bottom 1 mana", "draw"] {
        assert_eq!(s.parse::<Outcome>().unwrap().to_string(), s);
    }
    for s in ["top 2 single", "top 1 gammon", "top 3 mana", "nobody 1 single", "top single"] {
        assert!(s.parse::<Outcome>().is_err(), "{s}");
    }
}
