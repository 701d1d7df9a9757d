//! A backgammon play in point numbers, as GNU Backgammon and FIBS write it (docs/games.md
//! §D.1, §I): `24/18 13/11*`, `bar/22`, `6/off`, `13/3(2)`, `8/2*/1*`.
//!
//! A man's point number is its distance from bearing off, counted from the mover's side: 25 −
//! p for its relative point p (§D.1), the bar `bar` (25), borne off `off` (0). The play's
//! steps, one a die, are written as gnubg writes them (its `FormatMove`):
//!
//! * in decreasing order of the point left (the bar first), then of the point reached;
//! * the steps of one man joined: the point between two steps is kept, with `*`, when the man
//!   hit there, and left out otherwise (`24/18 18/14` → `24/14`, `8/2* 2/1*` → `8/2*/1*`);
//! * the same move made by several men written once with their number (`13/8 13/8` →
//!   `13/8(2)`);
//! * `*` after a point where a lone opposing man stood before the play, once a point.

use super::board::{Board, BAR, OFF};
use super::books::recorded_paths;
use super::movegen::Play;
use crate::board::{Seat, Setup};
use crate::notation::Play as RecordedPlay;
use std::fmt::Write;

/// A point number as gnubg writes it: `bar`, `off`, or 1..=24.
fn number(n: u8) -> String {
    match n {
        25 => "bar".into(),
        0 => "off".into(),
        n => n.to_string(),
    }
}

/// The steps `(from, to)` of `seat` in its point numbers (25 = the bar, 0 = off), one a die,
/// written in point numbers against `before` (the board before the play).
pub fn steps_in_points(before: &Board, seat: Seat, steps: &[(u8, u8)]) -> String {
    // a point number n of `seat` holds a lone opposing man before the play (n in 1..=24): a
    // man that stops there hits it (an unlawful play onto a point held by two hits nothing)
    let opposed = |n: u8| (1..=24).contains(&n) && before.opposing(seat, 25 - usize::from(n)) == 1;
    write_steps(&opposed, steps)
}

/// The steps `(from, to)` in point numbers, `opposed(n)`: point number n held an opposing man
/// before the play (asked only of the points the steps reach).
fn write_steps(opposed: &dyn Fn(u8) -> bool, steps: &[(u8, u8)]) -> String {
    let mut sorted: Vec<(u8, u8)> = steps.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    // each man's points, from where it left to where it ends
    let mut men: Vec<Vec<u8>> = Vec::with_capacity(4);
    let mut used = vec![false; sorted.len()];
    for i in 0..sorted.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut path = vec![sorted[i].0, sorted[i].1];
        for j in i + 1..sorted.len() {
            let end = path[path.len() - 1];
            if !used[j] && sorted[j].0 == end {
                used[j] = true;
                if opposed(end) {
                    path.push(sorted[j].1);
                } else if let Some(last) = path.last_mut() {
                    *last = sorted[j].1;
                }
            }
        }
        men.push(path);
    }
    // the same path made by several men: once, with their number
    let mut counted: Vec<(Vec<u8>, usize)> = Vec::with_capacity(men.len());
    for path in men {
        match counted.iter_mut().find(|(p, _)| *p == path) {
            Some((_, n)) => *n += 1,
            None => counted.push((path, 1)),
        }
    }
    let mut hit = [false; 26];
    let mut out = String::new();
    for (k, (path, n)) in counted.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&number(path[0]));
        let last = path.len() - 1;
        for (i, &p) in path.iter().enumerate().skip(1) {
            out.push('/');
            out.push_str(&number(p));
            // a point between is kept only where the man hit; the end is marked once a play
            let between = i < last;
            if between || (p != 0 && opposed(p) && !hit[usize::from(p)]) {
                out.push('*');
                hit[usize::from(p)] = true;
            }
        }
        if *n > 1 {
            let _ = write!(out, "({n})");
        }
    }
    out
}

/// A legal play of the seat on roll of `before`, in point numbers.
pub fn play_in_points(before: &Board, play: &Play) -> String {
    let seat = before.turn;
    let steps: Vec<(u8, u8)> = play.steps().iter().map(|s| (25 - s.from, 25 - s.to)).collect();
    steps_in_points(before, seat, &steps)
}

/// A legal play in its mover's point numbers, without the board: where it hit is the play's
/// own (each step's `hit`), so it is written as [`play_in_points`] writes it from the board
/// (the lawful plays of a flag's message, `--points`).
pub fn lawful_in_points(play: &Play) -> String {
    let hit: Vec<u8> = play.steps().iter().filter(|s| s.hit).map(|s| 25 - s.to).collect();
    let steps: Vec<(u8, u8)> = play.steps().iter().map(|s| (25 - s.from, 25 - s.to)).collect();
    write_steps(&|n| hit.contains(&n), &steps)
}

/// A recorded play of `seat` as it is written, in the seat's point numbers: each move a man's
/// path, its rests kept, `*` where the record writes one (`13/9* 13/9`, `bar/21*/15`,
/// `6/off`); `-` for a pass. What a flag says the record wrote (docs/games.md §I: `--points`),
/// unlawful plays too, with no board.
pub fn written_in_points(seat: Seat, play: &RecordedPlay) -> String {
    use crate::notation::{Origin, Target};
    let RecordedPlay::Moves(moves) = play else { return "-".into() };
    let mut out = String::new();
    for (k, m) in moves.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&match m.from {
            Origin::Point(p) => p.number(seat).to_string(),
            Origin::Bar => "bar".into(),
        });
        let ends = m.rests.iter().map(|p| p.number(seat).to_string()).chain([match m.to {
            Target::Point(p) => p.number(seat).to_string(),
            Target::Off => "off".into(),
        }]);
        for (i, n) in ends.enumerate() {
            out.push('/');
            out.push_str(&n);
            if m.hit_after(i) {
                out.push('*');
            }
        }
    }
    out
}

/// A recorded play of `seat` from the position `before`, in point numbers: each stretch of a
/// written path a step (`MRX*` is 13/8 8/4*, joined as 13/4* when the man hit on X); `-` for
/// a pass; `None` when `before` is no backgammon board or a path is longer than the reader
/// allows.
pub fn recorded_in_points(before: &Setup, seat: Seat, play: &RecordedPlay) -> Option<String> {
    let mut board = Board::from_setup(before).ok()?;
    board.turn = seat;
    if matches!(play, RecordedPlay::Pass) {
        return Some("-".into());
    }
    let paths = recorded_paths(seat, play)?;
    let steps: Vec<(u8, u8)> =
        paths.iter().flat_map(|p| p.points().windows(2).map(|w| (25 - w[0], 25 - w[1])).collect::<Vec<_>>()).collect();
    debug_assert_eq!((BAR, OFF), (0, 25));
    Some(steps_in_points(&board, seat, &steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read;

    /// Plays as gnubg 1.07 writes them (`export match text` of interop-samples/match3.sgf).
    #[test]
    fn gnubgs_forms() {
        let opening = Board::opening(Seat::Bottom);
        // 64 played 24/18 18/14: one man, no hit between
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(24, 18), (18, 14)]), "24/14");
        // 51: the higher point left first
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(13, 8), (24, 23)]), "24/23 13/8");
        // 55: two men twice
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(13, 8), (13, 8), (8, 3), (8, 3)]), "13/3(2)");
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(6, 5), (6, 5), (8, 7), (8, 7)]), "8/7(2) 6/5(2)");
        // bearing off, entering
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(6, 0), (1, 0)]), "6/off 1/off");
        assert_eq!(steps_in_points(&opening, Seat::Bottom, &[(25, 22), (24, 22)]), "bar/22 24/22");
    }

    /// A lawful play is written from its own hits as from the board; a written play as it is
    /// written, in the mover's numbers.
    #[test]
    fn lawful_and_written_plays_without_the_board() {
        use crate::games::backgammon::movegen::Step;
        let mut play = Play::default();
        // bottom's 8 to 2, hitting, then 2 to 1, hitting (relative points 17 -> 23 -> 24)
        play.steps[0] = Step { from: 17, to: 23, die: 6, hit: true };
        play.steps[1] = Step { from: 23, to: 24, die: 1, hit: true };
        play.len = 2;
        assert_eq!(lawful_in_points(&play), "8/2*/1*");
        let text = "[Game \"backgammon\"]\n[First \"bottom\"]\n\n1. bottom: 6-4 @X*P &X MI*#\n";
        let r = &read(text)[0];
        let play = r.record.throws[0].play.as_ref().unwrap();
        assert_eq!(written_in_points(Seat::Bottom, play), "bar/21*/15 24/21 12/9*/off");
        assert_eq!(written_in_points(Seat::Top, play), "bar/4*/10 1/4 13/16*/off");
        assert_eq!(written_in_points(Seat::Top, &RecordedPlay::Pass), "-");
    }

    #[test]
    fn hits_between_and_at_the_end() {
        // top has lone men on bottom's points 2 and 1: 8/2*/1*
        let bottom = Seat::Bottom;
        let mut b = Board::empty(bottom);
        b.men[bottom.index()][17] = 5; // bottom's 8 point
        b.men[bottom.index()][19] = 8; // its 6 point
        b.men[Seat::Top.index()][2] = 1; // bottom's 2 point
        b.men[Seat::Top.index()][1] = 1; // bottom's 1 point
        assert_eq!(b.opposing(bottom, 25 - 2), 1);
        assert_eq!(steps_in_points(&b, bottom, &[(8, 2), (2, 1)]), "8/2*/1*");
        assert_eq!(steps_in_points(&b, bottom, &[(8, 1)]), "8/1*");
        // the same point hit by two men: one `*`
        assert_eq!(steps_in_points(&b, bottom, &[(6, 2), (8, 2)]), "8/2* 6/2");
    }

    #[test]
    fn recorded_plays_in_points() {
        let text = "[Game \"backgammon\"]\n[First \"bottom\"]\n\n1. bottom: 4-3 NI &X\n2. top: 5-4 MRX*\n3. bottom: 6-4 @X*P\n";
        let r = &read(text)[0];
        let rp = crate::replay::replay(&r.record, &r.header, Some(text));
        let shown: Vec<String> =
            rp.steps.iter().map(|s| recorded_in_points(&s.before, s.seat, &s.play).unwrap_or_default()).collect();
        assert_eq!(shown, ["24/21 13/9", "13/4*", "bar/21*/15"]);
        assert_eq!(recorded_in_points(&rp.steps[0].before, Seat::Bottom, &RecordedPlay::Pass).as_deref(), Some("-"));
    }
}
