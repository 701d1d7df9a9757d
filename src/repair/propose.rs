//! The edits proposed at one throw, each with its cost (−ln of its likelihood under the
//! confusion model, [`super::confusion`]): the letters of the play read for their
//! look-alikes, the dice, the moves swapped, a move's two letters transposed, the seat, the marks and holes, a `*` or a `#`
//! (docs/format.md §3, §4, §10), the throw written twice or in the next one's place, and a
//! throw missing.

use super::confusion::Confusions;
use super::edit::{Edit, Slot};
use crate::board::{Dialect, Point, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game, Play, Record, Target, Throw};

/// How often each kind of slip is made, of all slips (relative priors).
mod prior {
    pub const LETTER: f64 = 0.30;
    pub const DIE: f64 = 0.15;
    pub const SWAP_MOVES: f64 = 0.05;
    pub const TRANSPOSE: f64 = 0.03;
    pub const LEFT_OUT: f64 = 0.03;
    pub const MISCOUNT: f64 = 0.03;
    pub const SWAP_THROWS: f64 = 0.03;
    pub const SEAT: f64 = 0.05;
    pub const LACUNA: f64 = 0.06;
    pub const DUPLICATE: f64 = 0.05;
    pub const MARK: f64 = 0.08;
    pub const HOLES: f64 = 0.03;
    pub const HIT: f64 = 0.05;
    pub const OFF: f64 = 0.03;
    pub const NUMBER: f64 = 0.5;
}

/// The cost of a slip of prior `p` and weight `w`.
fn cost(p: f64, w: f64) -> f64 {
    -(p * w).max(1e-12).ln()
}

/// The cost of a throw misnumbered.
pub fn number_cost() -> f64 {
    cost(prior::NUMBER, 1.0)
}

/// An edit and its cost.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// The edit.
    pub edit: Edit,
    /// −ln of its likelihood.
    pub cost: f64,
}

/// What the proposals need to know of the record.
pub struct Context<'a> {
    /// The confusion model.
    pub confusions: &'a Confusions,
    /// The record's letters.
    pub letters: Dialect,
    /// The record's game.
    pub game: Game,
    /// Propose any letter for any (the weight of pairs not listed), not only look-alikes.
    pub any_letter: bool,
}

/// Every edit within throw number `n` of `rec` (and the copy of the throw before it).
pub fn at_throw(rec: &Record, n: u32, cx: &Context, out: &mut Vec<Proposal>) {
    let Some(t) = rec.throws.get((n as usize).wrapping_sub(1)) else { return };
    letters(t, n, cx, out);
    dice(t, n, cx, out);
    swaps(t, n, out);
    seat(t, n, out);
    marks(t, n, cx, out);
    if cx.game.has_paths() || cx.game.has_bar_and_cube() {
        hits_and_off(t, n, cx, out);
    }
    if let Some(next) = rec.throws.get(n as usize) {
        if next.dice.is_some() {
            out.push(Proposal { edit: Edit::SwapThrows { throw: n }, cost: cost(prior::SWAP_THROWS, 1.0) });
        }
    }
    let before = (n as usize).checked_sub(2).and_then(|k| rec.throws.get(k));
    if before.is_some_and(|b| b.dice == t.dice && b.play == t.play && b.marks == t.marks) {
        out.push(Proposal { edit: Edit::Duplicate { throw: n }, cost: cost(prior::DUPLICATE, 1.0) });
    }
}

/// Every throw that may be missing before throw `n`, the position before it being
/// `before`: each roll and each of its legal plays (`plays` lists them).
pub fn lacunae(n: u32, before: &Setup, plays: impl Fn(&Setup, Dice) -> Vec<String>, out: &mut Vec<Proposal>) {
    for dice in Dice::all() {
        let p_dice = if dice.is_doublet() { 1.0 / 36.0 } else { 2.0 / 36.0 };
        let list = plays(before, dice);
        let p_play = 1.0 / list.len().max(1) as f64;
        for play in list {
            let edit = Edit::Lacuna { throw: n, dice, play, marks: None };
            out.push(Proposal { edit, cost: cost(prior::LACUNA, p_dice * p_play) });
        }
    }
}

/// Every move that may have been left out of throw `n`'s play `t`, the position before it
/// being `before`: each legal play of its dice (`plays` lists them, in Soumille's letters)
/// that is the written moves and one more gives that move, put in after the written ones.
pub fn left_out(
    t: &Throw,
    n: u32,
    before: &Setup,
    plays: impl Fn(&Setup, Dice) -> Vec<String>,
    out: &mut Vec<Proposal>,
) {
    let (Some(dice), Some(Play::Moves(written))) = (t.dice, &t.play) else { return };
    let key = |m: &crate::notation::Move| (m.from, m.to);
    let mut found: Vec<(usize, String)> = Vec::new();
    for text in plays(before, dice) {
        let Ok(Play::Moves(ms)) = text.parse::<Play>() else { continue };
        if ms.len() != written.len() + 1 {
            continue;
        }
        // the one move of the legal play that the written play lacks
        let mut rest: Vec<_> = written.iter().map(key).collect();
        let mut extra = None;
        for (k, m) in ms.iter().enumerate() {
            match rest.iter().position(|w| *w == key(m)) {
                Some(i) => {
                    rest.swap_remove(i);
                }
                None if extra.is_none() => extra = Some(k),
                None => {
                    extra = None;
                    break;
                }
            }
        }
        let Some(k) = extra.filter(|_| rest.is_empty()) else { continue };
        let one: crate::notation::Moves = std::iter::once(ms[k]).collect();
        let read = crate::notation::printer::play_text(&Play::Moves(one), Dialect::Soumille);
        // the move put in last: where a scribe's eye leaves the play (the legal play's order
        // is the engine's, not the scribe's)
        let mv = written.len();
        let _ = k;
        if !found.iter().any(|f| f.1 == read) {
            found.push((mv, read));
        }
    }
    let w = 1.0 / found.len().max(1) as f64;
    for (mv, read) in found {
        out.push(Proposal { edit: Edit::LeftOut { throw: n, mv, read }, cost: cost(prior::LEFT_OUT, w) });
    }
}

fn letters(t: &Throw, n: u32, cx: &Context, out: &mut Vec<Proposal>) {
    let Some(Play::Moves(ms)) = &t.play else { return };
    let table = cx.confusions.letters(cx.letters);
    for (mv, m) in ms.iter().enumerate() {
        let mut slots: Vec<(Slot, Point)> = Vec::with_capacity(5);
        if let Some(p) = m.from_point() {
            slots.push((Slot::From, p));
        }
        slots.extend(m.rests.iter().enumerate().map(|(k, &p)| (Slot::Rest(k), p)));
        if let Target::Point(p) = m.to {
            slots.push((Slot::To, p));
        }
        for (slot, written) in slots {
            let c = written.letter(cx.letters);
            let mut push = |read: Point, w: f64| {
                if read != written {
                    out.push(Proposal {
                        edit: Edit::Letter { throw: n, mv, slot, written, read },
                        cost: cost(prior::LETTER, w),
                    });
                }
            };
            if cx.any_letter {
                for read in Point::all() {
                    push(read, table.weight(c, read.letter(cx.letters)));
                }
            } else {
                for &(other, w) in table.partners(c) {
                    if let Some(read) = Point::from_letter(other, cx.letters) {
                        push(read, w);
                    }
                }
            }
        }
    }
}

fn dice(t: &Throw, n: u32, cx: &Context, out: &mut Vec<Proposal>) {
    let Some(written) = t.dice else { return };
    let (h, l) = (written.high(), written.low());
    // a doublet's two dice are one case
    let which: &[(u8, u8)] = if h == l { &[(h, l)] } else { &[(h, l), (l, h)] };
    for &(die, keep) in which {
        for v in 1..=6u8 {
            let Some(read) = Dice::new(v, keep) else { continue };
            if v == die || read == written {
                continue;
            }
            let w = cx.confusions.dice.weight(digit(die), digit(v));
            out.push(Proposal { edit: Edit::Die { throw: n, written, read }, cost: cost(prior::DIE, w) });
        }
    }
}

fn digit(d: u8) -> char {
    char::from(b'0' + d.min(9))
}

fn swaps(t: &Throw, n: u32, out: &mut Vec<Proposal>) {
    let Some(Play::Moves(ms)) = &t.play else { return };
    // a move's two letters transposed (`GA` for `AG`)
    for (mv, m) in ms.iter().enumerate() {
        if m.rests.is_empty() && m.from_point().is_some_and(|f| Target::Point(f) != m.to && m.to != Target::Off) {
            let edit = Edit::Transpose { throw: n, mv };
            out.push(Proposal { edit, cost: cost(prior::TRANSPOSE, 1.0 / ms.len() as f64) });
        }
    }
    let pairs = ms.len() * ms.len().saturating_sub(1) / 2;
    for first in 0..ms.len() {
        for second in first + 1..ms.len() {
            if ms[first].to != ms[second].to && ms[first].from != ms[second].from {
                let edit = Edit::SwapMoves { throw: n, first, second };
                out.push(Proposal { edit, cost: cost(prior::SWAP_MOVES, 1.0 / pairs as f64) });
            }
        }
    }
}

fn seat(t: &Throw, n: u32, out: &mut Vec<Proposal>) {
    if let Some(s) = t.seat {
        out.push(Proposal {
            edit: Edit::Seat { throw: n, written: Some(s), read: Some(Seat::other(s)) },
            cost: cost(prior::SEAT, 0.8),
        });
        out.push(Proposal {
            edit: Edit::Seat { throw: n, written: Some(s), read: None },
            cost: cost(prior::SEAT, 0.2),
        });
    }
}

/// The numbers a figure may have been misread from: each digit read for a look-alike.
fn misread_numbers(x: u64, cx: &Context) -> Vec<(u64, f64)> {
    let text = x.to_string();
    let mut found = Vec::new();
    for (k, c) in text.char_indices() {
        for &(other, w) in cx.confusions.digits.partners(c) {
            let mut s = text.clone();
            s.replace_range(k..k + 1, other.encode_utf8(&mut [0u8; 4]));
            if let Ok(v) = s.parse::<u64>() {
                if v != x {
                    found.push((v, w));
                }
            }
        }
    }
    found
}

fn marks(t: &Throw, n: u32, cx: &Context, out: &mut Vec<Proposal>) {
    let even = !cx.game.is_tric_trac();
    let sides = [(false, t.marks.as_slice()), (true, t.opponent.as_ref().map_or(&[][..], |o| o.marks.as_slice()))];
    for (opponent, ms) in sides {
        for (index, m) in ms.iter().enumerate() {
            // miscounted: one mark's worth more or less (2 points; 1 in Tric Trac)
            let step: u64 = if even { 2 } else { 1 };
            let x = m.points.unsigned_abs();
            let mut reads = misread_numbers(x, cx);
            let miscounts = [x + step, x.saturating_sub(step)];
            reads.extend(miscounts.into_iter().map(|v| (v, prior::MISCOUNT / prior::MARK * 0.5)));
            reads.sort_by_key(|r| r.0);
            reads.dedup_by_key(|r| r.0);
            for (v, w) in reads {
                let read = v as i64;
                if even && read % 2 != 0 || read == 0 {
                    continue;
                }
                let edit = Edit::Mark { throw: n, opponent, index, written: m.points, read };
                out.push(Proposal { edit, cost: cost(prior::MARK, w) });
            }
        }
    }
    let holes = [(false, Some(t.holes)), (true, t.opponent.as_ref().map(|o| o.holes))];
    for (opponent, h) in holes {
        let Some(written) = h else { continue };
        let mut reads: Vec<(Option<u32>, f64)> = match written {
            Some(x) => misread_numbers(u64::from(x), cx).into_iter().map(|(v, w)| (Some(v as u32), w)).collect(),
            None => vec![(Some(1), 0.2)],
        };
        if let Some(x) = written {
            reads.push((None, 0.2));
            // a hole more or less
            reads.push((Some(x + 1), prior::MISCOUNT / prior::HOLES * 0.5));
            if x > 1 {
                reads.push((Some(x - 1), prior::MISCOUNT / prior::HOLES * 0.5));
            }
            reads.sort_by_key(|r| r.0);
            reads.dedup_by_key(|r| r.0);
        }
        for (read, w) in reads {
            if read != Some(0) {
                out.push(Proposal {
                    edit: Edit::Holes { throw: n, opponent, written, read },
                    cost: cost(prior::HOLES, w),
                });
            }
        }
    }
}

fn hits_and_off(t: &Throw, n: u32, cx: &Context, out: &mut Vec<Proposal>) {
    let Some(Play::Moves(ms)) = &t.play else { return };
    for (mv, m) in ms.iter().enumerate() {
        let places = m.rests.len() + 1;
        for after in 0..places {
            let edit = Edit::Hit { throw: n, mv, after, written: m.hit_after(after) };
            out.push(Proposal { edit, cost: cost(prior::HIT, 1.0 / places as f64) });
        }
        match m.to {
            Target::Off => {
                for read in Point::all() {
                    let w = cx.confusions.letters(cx.letters).other.max(1.0 / 24.0);
                    out.push(Proposal {
                        edit: Edit::Off { throw: n, mv, written: None, read: Some(read) },
                        cost: cost(prior::OFF, w),
                    });
                }
            }
            Target::Point(p) => {
                out.push(Proposal {
                    edit: Edit::Off { throw: n, mv, written: Some(p), read: None },
                    cost: cost(prior::OFF, 0.5),
                });
            }
        }
    }
}
