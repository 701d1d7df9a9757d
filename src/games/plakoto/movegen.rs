//! Plakoto's legal plays of a roll (docs/games.md §J.2–§J.4): open points and pins, pinned
//! men that cannot move, both dice else the higher, doublets four times, bearing off.
//!
//! A depth-first search over the dice in each order, on a copied [`Board`] (a few bytes), into
//! a play list allocated once and refilled ([`Plays`]); plays are distinct by the position
//! they leave (the duplicate-play key is the resulting board).

use super::board::{Board, OFF};
use crate::board::Seat;
use crate::dice::Dice;

/// One man moved by one die, in the mover's relative points (`to` = 25: borne off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// The point left.
    pub from: u8,
    /// The point reached (25: borne off).
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// Whether the man pinned a lone opposing man there (§J.3).
    pub pin: bool,
}

/// A play: up to four steps, and the position it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The steps, in order; `steps[..len]` are played.
    pub steps: [Step; 4],
    /// How many steps.
    pub len: u8,
    /// The position after the play (the turn not yet passed).
    pub after: Board,
}

impl Play {
    /// The steps played.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
}

/// The legal plays of a roll, distinct by resulting position; its storage is kept between
/// rolls (no allocation once warm).
#[derive(Clone, Debug, Default)]
pub struct Plays {
    list: Vec<Play>,
    max: u8,
}

impl Plays {
    /// An empty list.
    pub fn new() -> Plays {
        Plays { list: Vec::with_capacity(256), max: 0 }
    }

    /// The plays.
    pub fn as_slice(&self) -> &[Play] {
        &self.list
    }

    /// How many dice every legal play uses (0: the roll cannot be played).
    pub fn max_moves(&self) -> usize {
        usize::from(self.max)
    }

    /// The legal play leaving `after`, if any.
    pub fn find(&self, after: &Board) -> Option<&Play> {
        self.list.iter().find(|p| p.after == *after)
    }

    fn offer(&mut self, play: &Play) {
        if play.len < self.max {
            return;
        }
        if play.len > self.max {
            self.list.clear();
            self.max = play.len;
        }
        if !self.list.iter().any(|p| p.after == play.after) {
            self.list.push(*play);
        }
    }
}

/// Whether `seat` may stop on its relative point `to` (1..=24), and if so whether it pins
/// (docs/games.md §J.3): `None` = closed (`occupied`).
#[inline]
pub fn landing(b: &Board, seat: Seat, to: usize) -> Option<bool> {
    let opp = b.opposing(seat, to);
    match opp {
        0 => Some(false),
        1 if b.is_pinned(seat.other(), 25 - to) => Some(false), // our point, their man beneath
        1 if b.is_pinned(seat, to) => None,                     // a pinner holds it, even on our man
        1 => Some(true),
        _ => None,
    }
}

/// Whether every man of `seat` is in its home quarter and none is pinned (§J.4).
#[inline]
pub fn may_bear_off(b: &Board, seat: Seat) -> bool {
    b.pinned[seat.index()] == 0 && b.men[seat.index()][1..19].iter().all(|&c| c == 0)
}

/// Where die `d` takes `seat`'s man on `from`, if it may move there (§J.2–§J.4), and whether
/// it pins.
#[inline]
pub fn target(b: &Board, seat: Seat, from: usize, d: usize) -> Option<(usize, bool)> {
    let side = &b.men[seat.index()];
    if side[from] == 0 || b.is_pinned(seat, from) {
        return None;
    }
    let to = from + d;
    if to <= 24 {
        return landing(b, seat, to).map(|pin| (to, pin));
    }
    if !may_bear_off(b, seat) || (to > OFF && side[19..from].iter().any(|&c| c > 0)) {
        return None;
    }
    Some((OFF, false))
}

/// Moves `seat`'s man from `from` to `to` (25: off): pins a lone opposing man there when
/// `pin`, and frees the man this seat was pinning on `from` when its last man leaves.
#[inline]
pub fn apply_step(b: &mut Board, seat: Seat, from: usize, to: usize, pin: bool) {
    let (me, them) = (seat.index(), seat.other().index());
    b.men[me][from] -= 1;
    if b.men[me][from] == 0 {
        b.pinned[them] &= !(1u32 << (25 - from));
    }
    b.men[me][to] += 1;
    if pin {
        b.pinned[them] |= 1 << (25 - to);
    }
}

fn search(b: &Board, seat: Seat, dice: &[u8], min_from: usize, play: &mut Play, out: &mut Plays) {
    let Some((&d, rest)) = dice.split_first() else {
        return out.offer(play);
    };
    let mut moved = false;
    for from in min_from..25 {
        if let Some((to, pin)) = target(b, seat, from, usize::from(d)) {
            moved = true;
            let mut next = *b;
            apply_step(&mut next, seat, from, to, pin);
            play.steps[usize::from(play.len)] = Step { from: from as u8, to: to as u8, die: d, pin };
            play.len += 1;
            let after = play.after;
            play.after = next;
            // a doublet's men in order of their points: the same plays, fewer orders
            let next_min = if rest.first() == Some(&d) { from } else { 1 };
            search(&next, seat, rest, next_min, play, out);
            play.after = after;
            play.len -= 1;
        }
    }
    if !moved {
        out.offer(play);
    }
}

/// All legal plays of `dice` for the seat to throw on `board`, into `out` (cleared first):
/// the most dice that can be played, and with one die of a singleton the higher if it can
/// be (§J.2, as backgammon §D.6).
pub fn legal_plays_into(board: &Board, dice: Dice, out: &mut Plays) {
    out.list.clear();
    out.max = 0;
    let seat = board.turn;
    let mut play = Play { steps: [Step::default(); 4], len: 0, after: *board };
    let (hi, lo) = (dice.high(), dice.low());
    if dice.is_doublet() {
        search(board, seat, &[hi; 4], 1, &mut play, out);
    } else {
        search(board, seat, &[hi, lo], 1, &mut play, out);
        search(board, seat, &[lo, hi], 1, &mut play, out);
    }
    if out.max == 1 && !dice.is_doublet() && out.list.iter().any(|p| p.steps[0].die == hi) {
        out.list.retain(|p| p.steps[0].die == hi);
    }
}

impl Play {
    /// The play as a record writes it (docs/games.md §J.7): each man's steps as one path from
    /// the point it leaves through the points it rests on, `*` after each point where it pins,
    /// `#` for a man borne off; `-` for no step.
    pub fn to_recorded(self, seat: Seat) -> crate::notation::Play {
        use crate::notation::{Move, Origin, Play as Recorded, Rests, Target};
        use crate::position::Position;
        let letter = |p: u8| Position::point(seat, usize::from(p));
        let mut moves: Vec<Move> = Vec::new();
        let mut ends: Vec<u8> = Vec::new();
        for s in self.steps() {
            let target = if usize::from(s.to) >= OFF { Target::Off } else { Target::Point(letter(s.to)) };
            let continued = ends.last().is_some_and(|&e| e == s.from && usize::from(e) < OFF);
            match moves.last_mut() {
                Some(m) if continued && m.rests.len() < crate::notation::MAX_RESTS => {
                    if let Target::Point(p) = m.to {
                        m.rests.push(p);
                    }
                    m.to = target;
                    *ends.last_mut().expect("a move") = s.to;
                    if s.pin {
                        m.hits |= 1 << m.rests.len();
                    }
                }
                _ => {
                    let hits = u8::from(s.pin);
                    moves.push(Move { from: Origin::Point(letter(s.from)), rests: Rests::new(), to: target, hits });
                    ends.push(s.to);
                }
            }
        }
        if moves.is_empty() {
            Recorded::Pass
        } else {
            Recorded::Moves(moves.into_iter().collect())
        }
    }
}
