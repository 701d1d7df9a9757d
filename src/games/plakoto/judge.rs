//! Judging a recorded Plakoto play (docs/games.md §J.7, §J.8): the moves as written (paths,
//! `*` claiming a pin, `#` borne off) replayed die by die against the rules, and the rule name
//! of the first fault.

use super::board::{Board, OFF};
use super::movegen::{apply_step, landing, may_bear_off, Plays};
use crate::board::Seat;
use crate::dice::Dice;
use crate::notation::{Move, Origin, Play as RecordedPlay, Target};
use crate::position::Position;

/// A rule a recorded play breaks (docs/games.md §J.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A move no die (or sum of dice) of the throw makes.
    Die,
    /// Stopping on a closed point (§J.3).
    Occupied,
    /// Moving a pinned man (§J.3).
    Pinned,
    /// Fewer dice played than could be (§J.2).
    MovesLeft,
    /// The lower die played when only one could be and the higher could (§J.2).
    HigherDie,
    /// Bearing off before all fifteen are home, or with one of them pinned (§J.4).
    BearOffEarly,
    /// Bearing off with a larger die while a man is farther from home (§J.4).
    Overshoot,
    /// No man of the mover on the point left.
    NotThere,
    /// A `*` where no pin happens, or a pin left unclaimed (§J.7).
    Hit,
}

impl Rule {
    /// The rule name of docs/games.md §J.8.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Die => "die",
            Rule::Occupied => "occupied",
            Rule::Pinned => "pinned",
            Rule::MovesLeft => "moves-left",
            Rule::HigherDie => "higher-die",
            Rule::BearOffEarly => "bear-off-early",
            Rule::Overshoot => "overshoot",
            Rule::NotThere => "not-there",
            Rule::Hit => "hit",
        }
    }
}

/// The replay of a play as written: the board, the dice still to play, the steps made.
struct Written {
    board: Board,
    dice: [u8; 4],
    left: usize,
    steps: usize,
    used_high: bool,
    claims_wrong: bool,
}

impl Written {
    fn take(&mut self, d: u8) -> bool {
        match self.dice[..self.left].iter().position(|&x| x == d) {
            Some(i) => {
                self.dice.swap(i, self.left - 1);
                self.left -= 1;
                true
            }
            None => false,
        }
    }

    /// One die's step from `from` towards `to` (25: off), checked (§J.3, §J.4); the pin made.
    fn step(&mut self, seat: Seat, from: usize, d: u8, high: u8) -> Result<bool, Rule> {
        let b = &self.board;
        if b.men(seat, from) == 0 {
            return Err(Rule::NotThere);
        }
        if b.is_pinned(seat, from) {
            return Err(Rule::Pinned);
        }
        let to = from + usize::from(d);
        let pin = if to <= 24 {
            landing(b, seat, to).ok_or(Rule::Occupied)?
        } else if !may_bear_off(b, seat) {
            return Err(Rule::BearOffEarly);
        } else if to > OFF && b.men[seat.index()][19..from].iter().any(|&c| c > 0) {
            return Err(Rule::Overshoot);
        } else {
            false
        };
        if !self.take(d) {
            return Err(Rule::Die);
        }
        self.used_high |= d == high;
        apply_step(&mut self.board, seat, from, to.min(OFF), pin);
        self.steps += 1;
        Ok(pin)
    }
}

/// The dice, one per step, that take a man `dist` points on (or off from `from` when `off`).
fn split(w: &Written, from: usize, dist: usize, off: bool) -> Option<([u8; 4], usize)> {
    let left = &w.dice[..w.left];
    if let Some(&d) = left.iter().find(|&&d| usize::from(d) == dist) {
        return Some(([d, 0, 0, 0], 1));
    }
    let (a, b) = (left.first().copied()?, left.get(1).copied().unwrap_or(0));
    if a == b {
        let k = (1..=w.left).find(|&k| k * usize::from(a) == dist || (off && k * usize::from(a) > dist))?;
        return Some(([a; 4], k));
    }
    if b > 0 && usize::from(a + b) == dist {
        // the higher first, unless its point is closed: the sum needs an open point between
        let (hi, lo) = (a.max(b), a.min(b));
        let hi_first = landing(&w.board, w.board.turn, from + usize::from(hi)).is_some();
        return Some((if hi_first { [hi, lo, 0, 0] } else { [lo, hi, 0, 0] }, 2));
    }
    if !off {
        return None;
    }
    if let Some(d) = left.iter().copied().filter(|&d| usize::from(d) > dist).min() {
        return Some(([d, 0, 0, 0], 1));
    }
    // both dice, the second one bearing off from beyond its point
    let (hi, lo) = (a.max(b), a.min(b));
    (lo > 0 && usize::from(a + b) > dist).then_some(([hi, lo, 0, 0], 2))
}

/// Replays one written path (§J.7): each segment from point to point (or `#`) by the dice
/// that make it, the pin at its end checked against its `*`.
fn path(w: &mut Written, seat: Seat, m: &Move, high: u8) -> Result<(), Rule> {
    let Origin::Point(start) = m.from else {
        return Err(Rule::NotThere); // Plakoto has no bar
    };
    let mut from = Position::relative(seat, start);
    let rests = m.rests.iter().map(|&p| Some(Position::relative(seat, p)));
    let to = match m.to {
        Target::Point(p) => Some(Position::relative(seat, p)),
        Target::Off => None,
    };
    for (i, end) in rests.chain(std::iter::once(to)).enumerate() {
        let dist = end.unwrap_or(OFF).checked_sub(from).filter(|&d| d > 0).ok_or(Rule::Die)?;
        let (dice, k) = split(w, from, dist, end.is_none()).ok_or(Rule::Die)?;
        let mut pin = false;
        for &d in &dice[..k] {
            pin = w.step(seat, from, d, high)?;
            from = (from + usize::from(d)).min(OFF);
        }
        if end.is_some_and(|e| from != e) {
            return Err(Rule::Die);
        }
        w.claims_wrong |= pin != m.hit_after(i);
    }
    Ok(())
}

/// Judges a recorded play of `dice` on `board` against its legal plays `legal` (from
/// [`super::movegen::legal_plays_into`]): the position after it, or the rule of its first
/// fault (docs/games.md §J.8). The turn is not passed.
pub fn judge(board: &Board, dice: Dice, legal: &Plays, played: &RecordedPlay) -> Result<Board, Rule> {
    let j = judge_written(board, dice, legal, played);
    match j.fault {
        Some(rule) => Err(rule),
        None => j.after.ok_or(Rule::NotThere),
    }
}

/// A recorded play judged: the position the play as written leaves, when every one of its
/// moves could be made (the turn not passed), and its first fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The position after the play as written, when it could be played through.
    pub after: Option<Board>,
    /// The rule broken (docs/games.md §J.8; `hit`: a wrong `*` claim of a lawful play).
    pub fault: Option<Rule>,
}

/// [`judge`], keeping the position the play as written leaves when it can be played
/// through (a play that leaves dice unplayed, the lower die, a wrong `*`): what the replay
/// goes on from.
pub fn judge_written(board: &Board, dice: Dice, legal: &Plays, played: &RecordedPlay) -> Judgement {
    let seat = board.turn;
    let dice4 = if dice.is_doublet() { [dice.high(); 4] } else { [dice.high(), dice.low(), 0, 0] };
    let left = if dice.is_doublet() { 4 } else { 2 };
    let mut w = Written { board: *board, dice: dice4, left, steps: 0, used_high: false, claims_wrong: false };
    if let RecordedPlay::Moves(moves) = played {
        for m in moves {
            if let Err(rule) = path(&mut w, seat, m, dice.high()) {
                return Judgement { after: None, fault: Some(rule) };
            }
        }
    }
    let after = Some(w.board);
    let fault = if w.steps < legal.max_moves() {
        let only_one = legal.max_moves() == 1 && w.steps == 1 && !dice.is_doublet();
        Some(if only_one && !w.used_high { Rule::HigherDie } else { Rule::MovesLeft })
    } else if legal.find(&w.board).is_none() {
        Some(Rule::HigherDie)
    } else if w.claims_wrong {
        Some(Rule::Hit)
    } else {
        None
    };
    Judgement { after, fault }
}

/// Applies a legal play's result: the position after it, the other seat to throw.
pub fn apply(after: &Board) -> Board {
    Board { turn: after.turn.other(), ..*after }
}
