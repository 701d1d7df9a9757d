//! Tric Trac's legal plays of a roll (docs/games.md §E.2–§E.8, with the moves of §D.4 that §E
//! inherits) over the shared board model ([`crate::position`]).
//!
//! A throw gives two moves (a doublet too, docs/games.md §E.5); a play is a sequence of at most
//! two single-die moves, each lawful in turn ([`Progress::check`]), that keeps the bosse's
//! rules (§E.7), or the bosse taken par puissance. The legal plays are those using the most
//! moves (a play whose move wins the partie counts as using both, §E.9), then, under
//! `plus-fort=oui`, the higher die when only one can be used (§E.5). Plays are identified
//! by the position they leave ([`play_key`]), and gathered in a [`Plays`] of fixed capacity:
//! generation allocates nothing.

use super::options::{Options, PlusFort, Pont};
use crate::board::Seat;
use crate::dice::Dice;
use crate::position::{Position, OFF};

/// Relative point of a seat's start (docs/games.md §E.2): its men there are out of play.
pub const START: usize = 1;
/// Relative point of the own bosse (docs/games.md §E.1, §E.7).
pub const BOSSE: usize = 12;
/// Relative point of the opponent's bosse, never a landing point (docs/games.md §E.6).
pub const OPP_BOSSE: usize = 13;
/// Relative point of arrival (the opponent's start): a man reaching it is borne off
/// (docs/games.md §E.8).
pub const ARRIVAL: usize = 24;
/// First relative point of the grand pont, p7–p12 (docs/games.md §E.9).
pub const PONT_FIRST: usize = 7;
/// The points that win a partie (docs/games.md §E.9).
pub const PARTIE_POINTS: u16 = 12;
/// What the grand pont scores (docs/games.md §E.9).
pub const PONT_POINTS: u8 = 2;

/// Why one move cannot be made (docs/games.md §E.4, §E.6, §E.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveFault {
    /// No man of the seat on the point.
    NotThere,
    /// Men remain on p1 and this man neither leaves p1 nor continues from it (§E.4).
    Entry,
    /// Beyond p24 (§E.8).
    Overshoot,
    /// Onto the opponent's bosse, my p13 (§E.6).
    BosseAdverse,
    /// Onto two or more opposing men (§E.6).
    Occupied,
}

/// One man moved by one die, in relative points of the seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// Relative point left.
    pub from: u8,
    /// Relative point reached ([`OFF`]: borne off at p24).
    pub to: u8,
    /// The die played.
    pub die: u8,
    /// Whether it captured a lone opposing man (§E.6).
    pub capture: bool,
}

impl Step {
    /// Whether the man was borne off.
    #[inline]
    pub fn borne_off(&self) -> bool {
        self.to as usize == OFF
    }
}

/// Whether the grand pont stands on a side: p7–p12 each hold two men or more (§E.9).
#[inline]
pub fn pont_stands(side: &[u8; 26]) -> bool {
    side[PONT_FIRST..=BOSSE].iter().all(|&c| c >= 2)
}

/// A throw being played: the board as its moves leave it and what they scored so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The board (turn unchanged).
    pub pos: Position,
    /// The seat playing.
    pub seat: Seat,
    /// Where the man that left p1 in this throw now stands (0: none), for §E.4.
    pub entering: u8,
    /// Men captured so far.
    pub captures: u8,
    /// Men borne off so far.
    pub borne_off: u8,
    /// The thrower's points: those before the throw and those of the moves so far.
    pub points: u16,
    /// Whether a move has won the partie (§E.9): the rest of the throw is not played.
    pub won: bool,
}

impl Progress {
    /// The start of a throw by the seat to throw in `pos`, which has `points`.
    #[inline]
    pub fn new(pos: &Position, points: u16) -> Progress {
        Progress { pos: *pos, seat: pos.turn(), entering: 0, captures: 0, borne_off: 0, points, won: false }
    }

    /// The playing seat's men along its route.
    #[inline]
    pub fn side(&self) -> &[u8; 26] {
        self.pos.side(self.seat)
    }

    /// Opposing men on the playing seat's relative point `p` (1..=24).
    #[inline]
    pub fn opposing(&self, p: usize) -> u8 {
        self.pos.opposing(self.seat, p)
    }

    /// Where a man on `from` goes with `die`, or why it cannot (§E.4, §E.6, §E.8). The
    /// bosse's rules are the play's ([`bosse_fault`]).
    #[inline]
    pub fn check(&self, from: usize, die: u8) -> Result<usize, MoveFault> {
        let side = self.side();
        if from == 0 || from >= ARRIVAL || side[from] == 0 {
            return Err(MoveFault::NotThere);
        }
        if side[START] > 0 && from != START && from != self.entering as usize {
            return Err(MoveFault::Entry);
        }
        let to = from + die as usize;
        if to > ARRIVAL {
            return Err(MoveFault::Overshoot);
        }
        if to == OPP_BOSSE {
            return Err(MoveFault::BosseAdverse);
        }
        if to < ARRIVAL && self.opposing(to) >= 2 {
            return Err(MoveFault::Occupied);
        }
        Ok(to)
    }

    /// Moves a man from `from` to `to` (p24 and beyond: borne off) with `die`, capturing a
    /// lone opposing man there (back to its start), scoring as it goes (§E.9). The only
    /// check is the caller's: a man on `from`, fewer than two opposing men on `to`.
    #[inline]
    pub fn apply(&mut self, from: usize, to: usize, die: u8) -> Step {
        let s = self.seat.index();
        let o = 1 - s;
        self.pos.men[s][from] -= 1;
        let mut step = Step { from: from as u8, to: to as u8, die, capture: false };
        let scored = if to >= ARRIVAL {
            self.pos.men[s][OFF] += 1;
            self.borne_off += 1;
            step.to = OFF as u8;
            true
        } else {
            let q = 25 - to;
            if self.pos.men[o][q] == 1 {
                self.pos.men[o][q] = 0;
                self.pos.men[o][START] += 1;
                self.captures += 1;
                step.capture = true;
            }
            self.pos.men[s][to] += 1;
            step.capture
        };
        if from == START || (self.entering != 0 && from == self.entering as usize) {
            self.entering = if to >= ARRIVAL { 0 } else { to as u8 };
        }
        if scored {
            self.points = self.points.saturating_add(1);
            if self.points >= PARTIE_POINTS {
                self.won = true;
            }
        }
        step
    }
}

/// The bosse rule a play breaks (§E.7), from the men on the bosse before it (`before`) and
/// after it (`after`) and its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BosseFault {
    /// One man alone onto (or resting on) the empty bosse.
    First,
    /// One man left alone on it.
    Last,
}

/// Whether a play keeps the bosse's rules (§E.7): onto the empty bosse only two men of the
/// play together, each by its own die (a man resting there alone is one man); never one
/// man alone on it at the end of a play that changed it (the last two leave together).
#[inline]
pub fn bosse_fault(before: u8, steps: &[Step], after: u8) -> Option<BosseFault> {
    let landings = steps.iter().filter(|s| s.to as usize == BOSSE).count();
    if before == 0 && landings == 1 {
        return Some(BosseFault::First);
    }
    if after == 1 && before != 1 {
        return Some(BosseFault::Last);
    }
    None
}

/// The identity of a play: the position it leaves (§E.5 "deduplicated by resulting
/// position"). Net origins and arrivals of the seat's men, sorted, and the points where it
/// captured, sorted, 5 bits each. Two plays of a roll leave the same position exactly when
/// their keys are equal (what they score follows from the position).
pub fn play_key(steps: &[Step]) -> u32 {
    let mut from = [0u8; 4];
    let mut to = [0u8; 4];
    let mut cap = [0u8; 2];
    let mut nc = 0;
    for (i, s) in steps.iter().take(4).enumerate() {
        from[i] = s.from;
        to[i] = s.to;
        if s.capture && nc < 2 {
            cap[nc] = s.to;
            nc += 1;
        }
    }
    // a point both reached and left is a man passing (tout d'une) or two men relaying
    for t in to.iter_mut() {
        if *t == 0 {
            continue;
        }
        if let Some(f) = from.iter_mut().find(|f| **f == *t) {
            *f = 0;
            *t = 0;
        }
    }
    from.sort_unstable_by(|a, b| b.cmp(a));
    to.sort_unstable_by(|a, b| b.cmp(a));
    cap.sort_unstable_by(|a, b| b.cmp(a));
    let mut k = 0u32;
    for v in [from[0], from[1], to[0], to[1], cap[0], cap[1]] {
        k = (k << 5) | v as u32;
    }
    k
}

/// One legal play of a roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Play {
    /// Up to two steps, in the order played.
    pub steps: [Step; 2],
    /// How many steps.
    pub len: u8,
    /// The bosse taken par puissance (§E.7): the two steps end on the own bosse, each one
    /// point short of its die.
    pub par_puissance: bool,
    /// Whether a move won the partie (§E.9): the rest of the throw was not played.
    pub won_by_move: bool,
    /// Men captured.
    pub captures: u8,
    /// Men borne off.
    pub borne_off: u8,
    /// What the grand pont scored at the end of the play (0 or 2).
    pub pont: u8,
    /// The play's identity ([`play_key`]).
    pub key: u32,
}

impl Play {
    /// The steps.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// What the play scores for the thrower (§E.9).
    #[inline]
    pub fn points(&self) -> u16 {
        self.captures as u16 + self.borne_off as u16 + self.pont as u16
    }

    /// Moves the play counts as using: a play won by a move used the whole throw.
    #[inline]
    pub fn moves_used(&self) -> u8 {
        if self.won_by_move {
            2
        } else {
            self.len
        }
    }

    /// The position after the play (turn unchanged).
    pub fn after(&self, pos: &Position) -> Position {
        let mut pr = Progress::new(pos, 0);
        for s in self.steps() {
            let to = if s.borne_off() { ARRIVAL } else { s.to as usize };
            pr.apply(s.from as usize, to, s.die);
        }
        pr.pos
    }

    /// [`Play::into_recorded`], by reference (kept for its callers).
    pub fn moves(&self, seat: Seat) -> crate::notation::Play {
        self.into_recorded(seat)
    }

    /// The bridge from Tric Trac's play to the record's: the play as the moves of a record
    /// (docs/games.md §0.3), one path per man, all rests written, men in the order played, `*`
    /// after a capture, `#` for a man borne off, `-` for no move.
    pub fn into_recorded(self, seat: Seat) -> crate::notation::Play {
        use crate::notation::{Move, Origin, Play as Recorded, Target};
        let steps = self.steps();
        if steps.is_empty() {
            return Recorded::Pass;
        }
        let target = |p: u8| {
            if p as usize >= ARRIVAL {
                Target::Off
            } else {
                Target::Point(Position::point(seat, p as usize))
            }
        };
        let path = |s: &Step| Move {
            from: Origin::Point(Position::point(seat, s.from as usize)),
            rests: crate::notation::Rests::new(),
            to: target(s.to),
            hits: u8::from(s.capture),
        };
        let mut moves: crate::notation::Moves = smallvec::SmallVec::new();
        moves.push(path(&steps[0]));
        if let Some(s) = steps.get(1) {
            if self.continues() {
                let m = &mut moves[0];
                m.rests.push(Position::point(seat, steps[0].to as usize));
                m.to = target(s.to);
                m.hits = u8::from(steps[0].capture) | (u8::from(s.capture) << 1);
            } else {
                moves.push(path(s));
            }
        }
        Recorded::Moves(moves)
    }

    /// Whether the second step carries on the first's man (a tout d'une).
    fn continues(&self) -> bool {
        self.len == 2 && !self.steps[0].borne_off() && self.steps[1].from == self.steps[0].to && !self.par_puissance
    }

    /// The play in canonical notation for `seat` (docs/games.md §0.3): the text of
    /// [`Play::into_recorded`].
    pub fn text(&self, seat: Seat) -> String {
        crate::notation::printer::play_text(&self.into_recorded(seat), crate::board::Dialect::Soumille)
    }

    /// [`Play::text`] appended to `out`.
    pub fn write_text(&self, seat: Seat, out: &mut String) {
        out.push_str(&self.text(seat));
    }
}

/// Most plays a roll can have: 15 occupied points, two men by one die each (225), tout
/// d'une by either die first (30), one move alone (30), par puissance (1), with room.
pub const CAPACITY: usize = 320;

/// The legal plays of one roll, in fixed capacity, reused from roll to roll.
#[derive(Clone, Debug)]
pub struct Plays {
    list: [Play; CAPACITY],
    len: usize,
    /// The roll.
    pub dice: Option<Dice>,
    /// The most moves a legal play uses ([`Play::moves_used`]).
    pub max_moves: u8,
    /// Whether the bosse could be taken naturally with this roll (§E.7).
    pub natural_bosse: bool,
    /// Whether only one die could be used and `plus-fort` kept the higher (§E.5).
    pub higher_only: bool,
}

impl Default for Plays {
    fn default() -> Self {
        Plays {
            list: [Play::default(); CAPACITY],
            len: 0,
            dice: None,
            max_moves: 0,
            natural_bosse: false,
            higher_only: false,
        }
    }
}

impl Plays {
    /// The plays.
    #[inline]
    pub fn as_slice(&self) -> &[Play] {
        &self.list[..self.len]
    }

    /// The plays, in the order found.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Play> {
        self.as_slice().iter()
    }

    /// How many plays.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none (never after generation: passing is a play).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The play with identity `key`.
    #[inline]
    pub fn find(&self, key: u32) -> Option<&Play> {
        self.as_slice().iter().find(|p| p.key == key)
    }

    fn push(&mut self, p: Play) {
        if self.find(p.key).is_none() && self.len < CAPACITY {
            self.list[self.len] = p;
            self.len += 1;
        }
    }
}

/// What generation needs to judge a candidate play.
struct Gen<'a> {
    options: &'a Options,
    bosse_before: u8,
    pont_before: bool,
    out: &'a mut Plays,
}

impl Gen<'_> {
    /// Keeps a sequence of moves as a candidate play when it keeps the bosse's rules.
    fn consider(&mut self, pr: &Progress, steps: &[Step], par_puissance: bool) {
        let side = pr.side();
        if !par_puissance && bosse_fault(self.bosse_before, steps, side[BOSSE]).is_some() {
            return;
        }
        if !par_puissance && steps.len() == 2 && self.bosse_before == 0 && steps.iter().all(|s| s.to as usize == BOSSE)
        {
            self.out.natural_bosse = true;
        }
        let pont = pont_points(self.options, pr.won, self.pont_before, side);
        let mut play = Play {
            len: steps.len() as u8,
            par_puissance,
            won_by_move: pr.won,
            captures: pr.captures,
            borne_off: pr.borne_off,
            pont,
            key: play_key(steps),
            ..Play::default()
        };
        play.steps[..steps.len()].copy_from_slice(steps);
        self.out.push(play);
    }
}

/// What the grand pont scores at the end of a play (§E.9): 2 when it stands, under
/// `pont=une-fois` only when it did not stand before the play; nothing once a move has won
/// the partie (the throw ended there).
#[inline]
pub fn pont_points(options: &Options, won_by_move: bool, before: bool, side: &[u8; 26]) -> u8 {
    if won_by_move || !pont_stands(side) || (options.pont == Pont::UneFois && before) {
        0
    } else {
        PONT_POINTS
    }
}

/// Every legal play of `dice` for the seat to throw in `pos`, which has `points` in the
/// partie, into `out` (passing, when nothing can be played, is the one play with no move).
pub fn legal_plays_into(pos: &Position, points: u16, dice: Dice, options: &Options, out: &mut Plays) {
    out.len = 0;
    out.dice = Some(dice);
    out.max_moves = 0;
    out.natural_bosse = false;
    out.higher_only = false;
    let seat = pos.turn();
    let start = Progress::new(pos, points);
    let side = *pos.side(seat);
    let (hi, lo) = (dice.high(), dice.low());
    let orders: &[[u8; 2]] = if dice.is_doublet() { &[[hi, hi]] } else { &[[hi, lo], [lo, hi]] };
    let mut g = Gen { options, bosse_before: side[BOSSE], pont_before: pont_stands(&side), out };
    g.consider(&start, &[], false);
    for order in orders {
        for (p, &men) in side.iter().enumerate().take(ARRIVAL).skip(START) {
            if men == 0 {
                continue;
            }
            let Ok(t) = start.check(p, order[0]) else { continue };
            let mut one = start;
            let first = one.apply(p, t, order[0]);
            g.consider(&one, &[first], false);
            if one.won {
                continue;
            }
            for q in START..ARRIVAL {
                if one.side()[q] == 0 {
                    continue;
                }
                let Ok(t2) = one.check(q, order[1]) else { continue };
                let mut two = one;
                let second = two.apply(q, t2, order[1]);
                g.consider(&two, &[first, second], false);
            }
        }
    }
    // the bosse par puissance (§E.7): two men a die each from the opponent's bosse
    if let Some((a, b)) = par_puissance_men(&start, dice) {
        if !g.out.natural_bosse {
            let mut pr = start;
            let s1 = pr.apply(a, BOSSE, hi);
            let s2 = pr.apply(b, BOSSE, lo);
            g.consider(&pr, &[s1, s2], true);
        }
    }
    // as many moves as possible, then the higher die (§E.5)
    let max = out.iter().map(Play::moves_used).max().unwrap_or(0);
    out.max_moves = max;
    retain(out, |p| p.moves_used() == max);
    if max == 1 && !dice.is_doublet() && options.plus_fort == PlusFort::Oui && out.iter().any(|p| p.steps[0].die == hi)
    {
        retain(out, |p| p.steps[0].die == hi);
        out.higher_only = true;
    }
}

/// The men that could take the bosse par puissance with `dice` (§E.7), whether or not it
/// could be taken naturally: the bosse empty, no man on p1 (§E.4), two men each a die from
/// the opponent's bosse (`13 − high`, `13 − low`; two men there for a doublet).
pub fn par_puissance_men(pr: &Progress, dice: Dice) -> Option<(usize, usize)> {
    let side = pr.side();
    let (hi, lo) = (dice.high() as usize, dice.low() as usize);
    if side[BOSSE] != 0 || side[START] != 0 || lo < 2 || pr.opposing(BOSSE) != 0 {
        return None;
    }
    let (a, b) = (OPP_BOSSE - hi, OPP_BOSSE - lo);
    let there = if a == b { side[a] >= 2 } else { side[a] >= 1 && side[b] >= 1 };
    there.then_some((a, b))
}

fn retain(out: &mut Plays, keep: impl Fn(&Play) -> bool) {
    let mut n = 0;
    for i in 0..out.len {
        if keep(&out.list[i]) {
            out.list[n] = out.list[i];
            n += 1;
        }
    }
    out.len = n;
}
