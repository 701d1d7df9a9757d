//! The legal plays of a roll (docs/games.md §0.2, §D.4–§D.6).
//!
//! * A play is a sequence of single-die moves (steps); a man may make several in a row,
//!   resting on each point, which must be a lawful landing point (§0.2).
//! * A man may not land or rest on a point holding two or more opposing men; landing or
//!   resting on a lone opposing man hits it to the bar (§D.4).
//! * While a seat has a man on the bar, only a man of the bar moves; a die d enters on p d
//!   (§D.4).
//! * A die d bears off a man from p = 25 − d once every man is in Q4 (p19–p24) and none on
//!   the bar; from a lower p (a larger die) only the farthest man (§D.5).
//! * A doublet gives four moves; a play uses as many moves as some legal play does; when
//!   only one die of a singleton can be played, the higher if it can be, else the lower
//!   (`un-seul-de=moderne`) or nothing (`un-seul-de=livret`) (§0.2, §D.6).
//!
//! Plays are told apart by the position they leave (the mover's men and the men hit), so a
//! roll's plays are deduplicated by that. Generation works on fixed-size arrays: the plays
//! of a roll go into a [`Plays`] of fixed capacity, allocated once and reused, and nothing
//! is allocated per move.
//!
//! What a roll allows ([`allowance`]: the moves of every legal play, and whether the higher
//! die must be the one played) is told without listing the plays, stopping at the first
//! play of all the dice: a replay judges a recorded play against it
//! ([`super::judge::judge_allowed`]) and lists the plays only for a fausse case's message.
//!
//! Doublets are generated with the steps in non-decreasing order of their starting point:
//! any lawful sequence of moves of one die stays lawful when so sorted (men only move
//! forward: a man needed at a point arrives from a lower one, bearing off needs no man
//! behind, the bar is p0), and each set of steps of one die is one position, so no two
//! sequences give the same play. Singletons try both orders of the dice and drop repeated
//! positions through a small hash set.

use super::board::{Board, BAR, OFF};
use super::options::UnSeulDe;
use crate::board::{Dialect, Seat};
use crate::dice::Dice;
use std::fmt;

/// Bits 0..=18: the bar and p1–p18, the points outside the home quarter Q4.
const OUTSIDE_HOME: u32 = (1 << 19) - 1;

/// The most plays a roll can have that [`Plays`] holds (GNU Backgammon's bound is 3060).
pub const CAPACITY: usize = 4096;

/// Slots of the hash set that deduplicates the plays of a singleton (at most a few hundred).
const SEEN_SLOTS: usize = 2048;

/// One man moved by one die, in the mover's relative points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// The point left (0 = the bar).
    pub from: u8,
    /// The point reached (25 = borne off).
    pub to: u8,
    /// The die played.
    pub die: u8,
    /// Whether a lone opposing man on `to` was hit.
    pub hit: bool,
}

/// The identity of a play: the position it leaves (see [`Play::key`]).
pub type PlayKey = u64;

/// A play: up to four steps, in the order played.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Play {
    /// The steps (the first `len`).
    pub steps: [Step; 4],
    /// How many steps; 0 is a pass.
    pub len: u8,
}

/// One man's path in a play: its points (from, rests, to; 0 = bar, 25 = off) and where it
/// hit (bit i: after `points[i + 1]`), as docs/games.md §D.9 writes it (`MRX*`, `@X*P`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    /// The points: `points[0]` the start, `points[len - 1]` the end.
    pub points: [u8; 5],
    /// How many points (2..=5).
    pub len: u8,
    /// Hit claims: bit i set = a hit on `points[i + 1]`.
    pub hits: u8,
}

impl Path {
    /// The path as a record's move for `seat` (its rests and hits written, docs/games.md
    /// §D.9); `None` when a point is on no board.
    pub fn to_move(&self, seat: Seat) -> Option<crate::notation::Move> {
        use crate::notation::{Move, Origin, Target};
        let letter = |p: u8| crate::board::Point::from_relative(seat, p);
        let (&from, rest) = self.points().split_first()?;
        let (&to, rests) = rest.split_last()?;
        Some(Move {
            from: if usize::from(from) == BAR { Origin::Bar } else { Origin::Point(letter(from)?) },
            rests: rests.iter().filter_map(|&r| letter(r)).collect(),
            to: if usize::from(to) >= OFF { Target::Off } else { Target::Point(letter(to)?) },
            hits: self.hits,
        })
    }

    /// A path of two points with no hit.
    pub fn new(from: u8, to: u8) -> Path {
        Path { points: [from, to, 0, 0, 0], len: 2, hits: 0 }
    }

    /// A path through `points` (2..=5 of them), hits given by bit.
    pub fn through(points: &[u8], hits: u8) -> Option<Path> {
        if !(2..=5).contains(&points.len()) {
            return None;
        }
        let mut p = Path { points: [0; 5], len: points.len() as u8, hits };
        p.points[..points.len()].copy_from_slice(points);
        Some(p)
    }

    /// The points of the path.
    pub fn points(&self) -> &[u8] {
        &self.points[..usize::from(self.len).min(5)]
    }

    /// The path in letters for `seat` (`MRX*`, `@X*P`, `T#`).
    pub fn write(&self, seat: Seat, dialect: Dialect, out: &mut String) {
        for (i, &p) in self.points().iter().enumerate() {
            match p as usize {
                BAR if i == 0 => out.push('@'),
                OFF => out.push('#'),
                p => match Board::point(seat, p) {
                    Some(point) => out.push(point.letter(dialect)),
                    None => out.push('?'),
                },
            }
            if i > 0 && self.hits >> (i - 1) & 1 == 1 {
                out.push('*');
            }
        }
    }
}

impl Play {
    /// The steps.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len).min(4)]
    }

    /// The mover's points where a man was hit, as bits (bit p).
    pub fn hits(&self) -> u32 {
        self.steps().iter().filter(|s| s.hit).fold(0, |m, s| m | 1 << s.to)
    }

    /// The play's identity, the position it leaves: the mover's net origins and
    /// destinations and the points where it hit, packed (equal keys, equal positions).
    pub fn key(&self) -> PlayKey {
        key_of(self.steps(), self.hits())
    }

    /// Dice used (moves made).
    #[inline]
    pub fn moves(&self) -> usize {
        usize::from(self.len)
    }

    /// `board` after this play by the seat to throw, the turn passed.
    pub fn apply(&self, board: &Board) -> Board {
        let seat = board.turn;
        let mut b = *board;
        for s in self.steps() {
            let (me, opp) = (seat.index(), seat.other().index());
            b.men[me][usize::from(s.from)] = b.men[me][usize::from(s.from)].saturating_sub(1);
            b.men[me][usize::from(s.to).min(OFF)] += 1;
            if s.hit && (1..OFF).contains(&usize::from(s.to)) {
                let theirs = 25 - usize::from(s.to);
                b.men[opp][theirs] = b.men[opp][theirs].saturating_sub(1);
                b.men[opp][BAR] += 1;
            }
        }
        b.turn = seat.other();
        b
    }

    /// The play as one path per man, in the order the men were first moved: a step from
    /// the point where an earlier path ended continues that path (docs/games.md §0.3 canonical
    /// form: all rests written).
    pub fn paths(&self) -> ([Path; 4], usize) {
        let mut paths = [Path::default(); 4];
        let mut n = 0;
        let mut extended = [false; 4];
        for s in self.steps() {
            // the first path ending where this step starts, not yet extended by this point
            let at = (0..n).find(|&k| {
                let p = &paths[k];
                p.points[usize::from(p.len) - 1] == s.from && s.from != OFF as u8 && !extended[k] && p.len < 5
            });
            let k = match at {
                Some(k) => k,
                None => {
                    paths[n] = Path { points: [s.from, 0, 0, 0, 0], len: 1, hits: 0 };
                    n += 1;
                    n - 1
                }
            };
            let p = &mut paths[k];
            p.points[usize::from(p.len)] = s.to;
            if s.hit {
                p.hits |= 1 << (p.len - 1);
            }
            p.len += 1;
            // two men resting on one point continue in turn (`MRY MRY`)
            extended.iter_mut().for_each(|e| *e = false);
            if let Some(j) = at {
                extended[j] = true;
            }
        }
        (paths, n)
    }

    /// The play in letters for `seat` (`AE AG`, `@X*P`, `-` for a pass), the men in the
    /// order of their starting points along the route (a lawful order: docs/games.md §0.2): the
    /// text of [`Play::into_recorded`].
    pub fn notation(&self, seat: Seat) -> String {
        crate::notation::printer::play_text(&self.into_recorded(seat), Dialect::Soumille)
    }

    /// The bridge from Backgammon's play to the record's: the play as the moves of a record,
    /// canonical (one path per man, every rest and hit written, the men in the order of
    /// their starting points along the route, `-` for a pass).
    pub fn into_recorded(self, seat: Seat) -> crate::notation::Play {
        use crate::notation::Play as Recorded;
        if self.len == 0 {
            return Recorded::Pass;
        }
        let (mut paths, n) = self.paths();
        paths[..n].sort_by_key(|p| (p.points[0], p.points[usize::from(p.len) - 1]));
        Recorded::Moves(paths[..n].iter().filter_map(|p| p.to_move(seat)).collect())
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Play[")?;
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}/{}{}", s.from, s.to, if s.hit { "*" } else { "" })?;
        }
        f.write_str("]")
    }
}

/// The key of steps with hits `hits` (bit p): the net origins (+1) and destinations sorted,
/// five bits each, then the hit points p1..p24.
pub fn key_of(steps: &[Step], hits: u32) -> PlayKey {
    const NONE: u8 = 31;
    let mut f = [NONE; 4];
    let mut t = [NONE; 4];
    for (i, s) in steps.iter().take(4).enumerate() {
        f[i] = s.from + 1;
        t[i] = s.to + 1;
    }
    // a man arriving where one left: the point is unchanged
    for fi in f.iter_mut() {
        if let Some(tj) = t.iter_mut().find(|tj| **tj == *fi && *fi != NONE) {
            *tj = NONE;
            *fi = NONE;
        }
    }
    sort4(&mut f);
    sort4(&mut t);
    let pack = |a: [u8; 4]| a.iter().fold(0u64, |k, &x| k << 5 | u64::from(x));
    pack(f) | pack(t) << 20 | u64::from(hits >> 1) << 40
}

#[inline]
fn sort4(a: &mut [u8; 4]) {
    let mut cs = |i: usize, j: usize| {
        if a[i] > a[j] {
            a.swap(i, j);
        }
    };
    cs(0, 1);
    cs(2, 3);
    cs(0, 2);
    cs(1, 3);
    cs(1, 2);
}

/// The legal plays of one roll, in fixed capacity, reused from roll to roll.
pub struct Plays {
    list: Box<[Play]>,
    len: usize,
    /// Moves of each legal play (0: the seat passes).
    max_moves: u8,
    /// `un-seul-de=livret` took the lower die away (only it could be played).
    lower_die_lost: bool,
    /// Only one die of a singleton could be played, and the higher could: a play of the
    /// lower alone is not legal (§D.6).
    high_only: bool,
    /// More plays than [`CAPACITY`] (never seen; the extra ones are dropped).
    overflow: bool,
    seen: Box<[(u32, PlayKey)]>,
    generation: u32,
}

impl Default for Plays {
    fn default() -> Self {
        Plays::new()
    }
}

impl Clone for Plays {
    fn clone(&self) -> Self {
        let mut p = Plays::new();
        p.list[..self.len].copy_from_slice(self.as_slice());
        p.len = self.len;
        p.max_moves = self.max_moves;
        p.lower_die_lost = self.lower_die_lost;
        p.high_only = self.high_only;
        p.overflow = self.overflow;
        p
    }
}

impl fmt::Debug for Plays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Plays {
    /// An empty list with room for [`CAPACITY`] plays.
    pub fn new() -> Plays {
        Plays {
            list: vec![Play::default(); CAPACITY].into_boxed_slice(),
            len: 0,
            max_moves: 0,
            lower_die_lost: false,
            high_only: false,
            overflow: false,
            seen: vec![(0, 0); SEEN_SLOTS].into_boxed_slice(),
            generation: 0,
        }
    }

    /// The plays (a pass is the one play with no step).
    #[inline]
    pub fn as_slice(&self) -> &[Play] {
        &self.list[..self.len]
    }

    /// How many plays.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no play (never after generation: a pass is a play).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Moves every legal play makes (0 when the seat passes).
    #[inline]
    pub fn max_moves(&self) -> usize {
        usize::from(self.max_moves)
    }

    /// Whether `un-seul-de=livret` made the seat lose the lower die, the only one it could
    /// play (docs/games.md §D.6): the plays are then the pass.
    #[inline]
    pub fn lower_die_lost(&self) -> bool {
        self.lower_die_lost
    }

    /// What the roll allows, as [`allowance`] tells it without listing the plays.
    #[inline]
    pub fn allowance(&self) -> Allowance {
        Allowance { max_moves: self.max_moves, high_only: self.high_only, lower_die_lost: self.lower_die_lost }
    }

    /// Whether the roll had more plays than [`CAPACITY`].
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The play with this key.
    pub fn find(&self, key: PlayKey) -> Option<&Play> {
        self.as_slice().iter().find(|p| p.key() == key)
    }

    fn reset(&mut self, max_moves: u8) {
        self.len = 0;
        self.max_moves = max_moves;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.iter_mut().for_each(|s| *s = (0, 0));
            self.generation = 1;
        }
    }

    #[inline]
    fn push(&mut self, play: &Play) {
        match self.list.get_mut(self.len) {
            Some(slot) => {
                *slot = *play;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// Whether `key` is new since the last reset (and now remembered).
    #[inline]
    fn first_seen(&mut self, key: PlayKey) -> bool {
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 53) as usize & (SEEN_SLOTS - 1);
        for _ in 0..SEEN_SLOTS {
            let slot = &mut self.seen[i];
            if slot.0 != self.generation {
                *slot = (self.generation, key);
                return true;
            }
            if slot.1 == key {
                return false;
            }
            i = (i + 1) & (SEEN_SLOTS - 1);
        }
        true
    }
}

/// The mover's men during generation.
#[derive(Clone, Copy)]
struct Side {
    men: [u8; 26],
    /// Bit p set: a man on p (0..=24).
    occ: u32,
}

impl Side {
    #[inline(always)]
    fn origins(&self) -> u32 {
        if self.men[BAR] > 0 {
            1
        } else {
            self.occ
        }
    }

    #[inline(always)]
    fn moved(&self, from: usize, to: usize) -> Side {
        let mut s = *self;
        s.men[from] -= 1;
        if s.men[from] == 0 {
            s.occ &= !(1 << from);
        }
        s.men[to] += 1;
        if to < OFF {
            s.occ |= 1 << to;
        }
        s
    }
}

/// The opposing men as the mover meets them (§D.4).
#[derive(Clone, Copy)]
pub(crate) struct Ground {
    /// Bit p: two or more opposing men on the mover's p.
    pub(crate) blocked: u32,
    /// Bit p: one opposing man on the mover's p.
    pub(crate) blots: u32,
}

impl Ground {
    /// The opposing men on `board` as the seat to throw meets them.
    #[inline]
    pub(crate) fn of(board: &Board) -> Ground {
        let (one, two) = counts(board.side(board.turn.other()));
        // their q is the mover's 25 − q; the points p1..p24 only
        let mine = |m: u32| (m.reverse_bits() >> 6) & POINTS;
        Ground { blocked: mine(two), blots: mine(one & !two) }
    }

    /// Where die `d` takes the man on `p`, if it may move (the bar rule is the caller's).
    #[inline(always)]
    fn target(&self, s: &Side, p: usize, d: usize) -> Option<usize> {
        let to = p + d;
        if to < OFF {
            (self.blocked >> to & 1 == 0).then_some(to)
        } else if s.occ & OUTSIDE_HOME != 0 || (to > OFF && s.occ & ((1 << p) - 1) != 0) {
            None
        } else {
            Some(OFF)
        }
    }

    #[inline(always)]
    fn step(&self, p: usize, to: usize, d: usize, hits: u32) -> (Step, u32) {
        let hit = to < OFF && (self.blots & !hits) >> to & 1 == 1;
        (Step { from: p as u8, to: to as u8, die: d as u8, hit }, if hit { hits | 1 << to } else { hits })
    }
}

struct Gen<'a> {
    ground: Ground,
    out: &'a mut Plays,
}

impl Gen<'_> {
    #[inline(always)]
    fn target(&self, s: &Side, p: usize, d: usize) -> Option<usize> {
        self.ground.target(s, p, d)
    }

    #[inline(always)]
    fn step(&self, p: usize, to: usize, d: usize, hits: u32) -> (Step, u32) {
        self.ground.step(p, to, d, hits)
    }

    /// Keeps `play` if it makes as many moves as the most seen so far.
    #[inline(always)]
    fn record(&mut self, play: &Play, dedup: Option<u32>) {
        if play.len < self.out.max_moves {
            return;
        }
        if play.len > self.out.max_moves {
            self.out.reset(play.len);
        }
        if let Some(hits) = dedup {
            if !self.out.first_seen(key_of(play.steps(), hits)) {
                return;
            }
        }
        self.out.push(play);
    }

    /// The four moves of a doublet of `d`, steps from `min_from` on.
    fn doublet(&mut self, s: &Side, d: usize, min_from: usize, hits: u32, play: &mut Play) {
        let depth = usize::from(play.len);
        let mut origins = s.origins() & !((1u32 << min_from) - 1);
        let mut any = false;
        while origins != 0 {
            let p = origins.trailing_zeros() as usize;
            origins &= origins - 1;
            if let Some(to) = self.target(s, p, d) {
                any = true;
                let (step, h) = self.step(p, to, d, hits);
                play.steps[depth] = step;
                play.len += 1;
                if depth == 3 {
                    self.record(play, None);
                } else {
                    let next = s.moved(p, to);
                    self.doublet(&next, d, p, h, play);
                }
                play.len -= 1;
            }
        }
        if !any {
            self.record(play, None);
        }
    }

    /// A singleton: both orders of the dice.
    fn singleton(&mut self, s: &Side, hi: usize, lo: usize) {
        let mut play = Play::default();
        for (d1, d2) in [(hi, lo), (lo, hi)] {
            let mut o1 = s.origins();
            while o1 != 0 {
                let p1 = o1.trailing_zeros() as usize;
                o1 &= o1 - 1;
                let Some(t1) = self.target(s, p1, d1) else { continue };
                let (step1, h1) = self.step(p1, t1, d1, 0);
                play.steps[0] = step1;
                let s1 = s.moved(p1, t1);
                let mut o2 = s1.origins();
                let mut any = false;
                while o2 != 0 {
                    let p2 = o2.trailing_zeros() as usize;
                    o2 &= o2 - 1;
                    let Some(t2) = self.target(&s1, p2, d2) else { continue };
                    any = true;
                    let (step2, h2) = self.step(p2, t2, d2, h1);
                    play.steps[1] = step2;
                    play.len = 2;
                    self.record(&play, Some(h2));
                }
                if !any && self.out.max_moves <= 1 {
                    play.len = 1;
                    self.record(&play, Some(h1));
                }
            }
        }
    }
}

/// Bits 1..=24: the points p1–p24.
const POINTS: u32 = ((1 << OFF) - 1) & !1;

/// The points of a side's men holding one man or more and two or more (bit p for `men[p]`,
/// p0–p25), eight points at a time (a point holds at most fifteen men, so no byte carries
/// into the next).
#[inline]
fn counts(men: &[u8; 26]) -> (u32, u32) {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // the high bit of each byte, gathered into the top byte
    let gather = |x: u64| ((x >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    let mut bytes = [0u8; 32];
    bytes[..26].copy_from_slice(men);
    let (mut one, mut two) = (0u32, 0u32);
    for (k, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let w = u64::from_le_bytes(w) & 0x7f7f_7f7f_7f7f_7f7f;
        one |= gather((w + 0x7f7f_7f7f_7f7f_7f7f) & HIGH) << (8 * k);
        two |= gather((w + 0x7e7e_7e7e_7e7e_7e7e) & HIGH) << (8 * k);
    }
    (one, two)
}

/// The mover's men, and the opposing men as the mover meets them (§D.4).
#[inline]
fn mover(board: &Board) -> (Side, Ground) {
    let side = board.side(board.turn);
    let occ = counts(side).0 & ((1 << OFF) - 1);
    (Side { men: *side, occ }, Ground::of(board))
}

/// What a roll allows, told without listing its plays (docs/games.md §0.2, §D.6): a play whose
/// every step is lawful is legal when it makes [`Allowance::max_moves`] moves and, when only
/// one die of a singleton could be played and the higher could, plays the higher.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allowance {
    /// Moves of each legal play (0: the seat passes).
    pub max_moves: u8,
    /// Only one die of a singleton could be played, and the higher could (§D.6).
    pub high_only: bool,
    /// `un-seul-de=livret` took the lower die away, the only one that could be played.
    pub lower_die_lost: bool,
}

impl Allowance {
    /// Whether `play`, every step of it lawful in turn, is a legal play of `dice`.
    #[inline]
    pub fn allows(&self, play: &Play, dice: Dice) -> bool {
        play.len == self.max_moves && !(self.high_only && play.len == 1 && play.steps[0].die != dice.high())
    }
}

/// The most moves a doublet of `d` allows from `s`, men starting from `min_from` on
/// (the steps taken in order of their starting points, as [`Gen::doublet`] does); `left`
/// moves are still to be made. Stops at the first sequence of all `left`.
fn doublet_depth(g: &Ground, s: &Side, d: usize, min_from: usize, left: u8) -> u8 {
    let mut origins = s.origins() & !((1u32 << min_from) - 1);
    let mut best = 0;
    while origins != 0 {
        let p = origins.trailing_zeros() as usize;
        origins &= origins - 1;
        if let Some(to) = g.target(s, p, d) {
            let n = if left == 1 { 1 } else { 1 + doublet_depth(g, &s.moved(p, to), d, p, left - 1) };
            if n == left {
                return n;
            }
            best = best.max(n);
        }
    }
    best
}

/// What `dice` allow the seat to throw on `board` (see [`Allowance`]), as
/// [`legal_plays_into`] would leave it in [`Plays::allowance`], without listing the plays:
/// the search stops at the first play of as many moves as the dice give.
pub fn allowance(board: &Board, dice: Dice, un_seul_de: UnSeulDe) -> Allowance {
    let (s, g) = mover(board);
    let (hi, lo) = (usize::from(dice.high()), usize::from(dice.low()));
    if hi == lo {
        return Allowance { max_moves: doublet_depth(&g, &s, hi, 0, 4), ..Allowance::default() };
    }
    let (mut high, mut low) = (false, false);
    for (d1, d2) in [(hi, lo), (lo, hi)] {
        let mut o1 = s.origins();
        while o1 != 0 {
            let p1 = o1.trailing_zeros() as usize;
            o1 &= o1 - 1;
            let Some(t1) = g.target(&s, p1, d1) else { continue };
            if d1 == hi {
                high = true;
            } else {
                low = true;
            }
            let s1 = s.moved(p1, t1);
            let mut o2 = s1.origins();
            while o2 != 0 {
                let p2 = o2.trailing_zeros() as usize;
                o2 &= o2 - 1;
                if g.target(&s1, p2, d2).is_some() {
                    return Allowance { max_moves: 2, ..Allowance::default() };
                }
            }
        }
    }
    match (high, low) {
        (true, _) => Allowance { max_moves: 1, high_only: true, lower_die_lost: false },
        (false, true) if un_seul_de == UnSeulDe::Livret => {
            Allowance { max_moves: 0, high_only: false, lower_die_lost: true }
        }
        (false, true) => Allowance { max_moves: 1, ..Allowance::default() },
        (false, false) => Allowance::default(),
    }
}

/// Every legal play of `dice` for the seat to throw on `board`, into `out` (docs/games.md §0.2,
/// §D.4–§D.6); when nothing can be played, the one play with no step.
pub fn legal_plays_into(board: &Board, dice: Dice, un_seul_de: UnSeulDe, out: &mut Plays) {
    let (s, ground) = mover(board);
    out.reset(0);
    out.lower_die_lost = false;
    out.high_only = false;
    out.overflow = false;
    let mut g = Gen { ground, out };
    let (hi, lo) = (usize::from(dice.high()), usize::from(dice.low()));
    if hi == lo {
        let mut play = Play::default();
        g.doublet(&s, hi, 0, 0, &mut play);
    } else {
        g.singleton(&s, hi, lo);
        if out.max_moves == 1 {
            // only one die can be played: the higher if it can be (§0.2, §D.6)
            let high_ok = out.as_slice().iter().any(|p| usize::from(p.steps[0].die) == hi);
            if high_ok {
                out.high_only = true;
                let mut k = 0;
                for i in 0..out.len {
                    if usize::from(out.list[i].steps[0].die) == hi {
                        out.list[k] = out.list[i];
                        k += 1;
                    }
                }
                out.len = k;
            } else if un_seul_de == UnSeulDe::Livret {
                out.reset(0);
                out.lower_die_lost = true;
            }
        }
    }
    if out.max_moves == 0 {
        out.reset(0);
        out.push(&Play::default());
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{Point, Setup};

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    /// Builds a board from a men field with `@n` for the bar (docs/games.md §D.9).
    pub(crate) fn board(text: &str) -> Board {
        let (field, turn) = text.split_once(' ').unwrap();
        let mut b = Board::empty(Seat::from_name(turn).unwrap());
        for (seat, half) in Seat::ALL.into_iter().zip(field.split('/')) {
            let mut chars = half.chars().peekable();
            while let Some(c) = chars.next() {
                let mut n = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    n.push(d);
                    chars.next();
                }
                let n: u8 = if n.is_empty() { 1 } else { n.parse().unwrap() };
                let p = match c {
                    '@' => BAR,
                    '#' => OFF,
                    _ => Point::from_letter(c, Dialect::Soumille).unwrap().relative(seat) as usize,
                };
                b.men[seat.index()][p] += n;
            }
            let total: u32 = b.men[seat.index()].iter().map(|&c| u32::from(c)).sum();
            assert_eq!(total, 15, "{text}");
        }
        b
    }

    pub(crate) fn notations(b: &Board, d: Dice, u: UnSeulDe) -> Vec<String> {
        let mut plays = Plays::new();
        legal_plays_into(b, d, u, &mut plays);
        let mut v: Vec<String> = plays.as_slice().iter().map(|p| p.notation(b.turn)).collect();
        v.sort();
        v
    }

    fn plays_of(text: &str, a: u8, b: u8) -> Vec<String> {
        notations(&board(text), dice(a, b), UnSeulDe::Moderne)
    }

    #[test]
    fn the_booklet_openings_are_legal_d2() {
        // docs/games.md §D.2: 6/4 "1A - 5A et 1A - 7A" = AE AG, 5/5 = MRY MRY, 2/1 = ACD
        let open = "A2M5R3T5/F5H3N5&2 top";
        assert!(plays_of(open, 6, 4).contains(&"AE AG".to_string()));
        assert!(plays_of(open, 5, 5).contains(&"MRY MRY".to_string()));
        assert!(plays_of(open, 2, 1).contains(&"ACD".to_string()));
        // the opening's counts of plays, as GNU Backgammon lists them
        assert_eq!(plays_of(open, 2, 1).len(), 15);
        assert_eq!(plays_of(open, 1, 1).len(), 42);
        // bottom's mirror: the same plays on its own route
        assert_eq!(plays_of("A2M5R3T5/F5H3N5&2 bottom", 6, 4).len(), plays_of(open, 6, 4).len());
        assert!(plays_of("A2M5R3T5/F5H3N5&2 bottom", 6, 4).contains(&"&V &S".to_string()));
    }

    #[test]
    fn a_lone_man_is_hit_and_a_point_of_two_blocks_d4() {
        // top's man on A; bottom's lone man on E (top's p5), two on D (top's p4)
        let b = "A15/D2E&12 top";
        let v = plays_of(b, 4, 3);
        // 4 lands on E hitting; 3 on D is blocked; A+7 = H resting on E (hit) only
        assert_eq!(v, ["AE*H"]);
        let after = {
            let mut plays = Plays::new();
            legal_plays_into(&board(b), dice(4, 3), UnSeulDe::Moderne, &mut plays);
            let p = plays.as_slice().iter().find(|p| p.len == 2).copied().unwrap();
            p.apply(&board(b))
        };
        assert_eq!(after.to_string(), "A14H/D2&12@ bottom");
    }

    #[test]
    fn the_bar_enters_first_d4() {
        // top has a man on the bar; bottom holds top's p1..p5 except p3
        let b = "M5R3T5Y@/A2B2D2E2F2&5 top";
        // 6-3: enter on C (p3) or F... F (p6) is held, so the 3 enters and then any man moves 6
        let v = plays_of(b, 6, 3);
        assert!(v.iter().all(|p| p.starts_with("@C") || p.contains("@C")), "{v:?}");
        // 5-4: both entry points held: nothing
        assert_eq!(plays_of(b, 5, 4), ["-"]);
        // two men on the bar with 3-3: both enter, then two more moves
        let b2 = "M4R3T5Y@2/A2B2D2E2F2&5 top";
        assert!(plays_of(b2, 3, 3).iter().all(|p| p.matches("@C").count() == 2));
    }

    #[test]
    fn a_closed_board_passes_d4() {
        assert_eq!(plays_of("M4R3T5Y2@/A2B2C2D2E2F2&3 top", 6, 6), ["-"]);
    }

    #[test]
    fn bearing_off_and_the_overshoot_d5() {
        // top's men all in Q4 (p19..p24 = T..&)
        let b = "T2X3#10/A15 top";
        // a 6 bears off from T (p19 = 25 − 6); a 5 bears off nothing from X (p21) while a man
        // stands on T: it moves T to & (p24)
        assert_eq!(plays_of(b, 6, 5), ["T& T#"]);
        assert_eq!(plays_of(b, 6, 6), ["T# T# X# X#"]);
        // only the farthest man is borne off by a larger die
        let b2 = "X2Z3#10/A15 top";
        assert_eq!(plays_of(b2, 6, 6), ["X# X# Z# Z#"]);
        // a man outside Q4 must come in before any is borne off; one die brings it, the other bears off
        let b3 = "S&14/A15 top"; // p18 and p24
                                 // S& then &# and ST then T# leave one position
        assert_eq!(plays_of(b3, 6, 1), ["S&#"]);
    }

    #[test]
    fn as_many_moves_as_possible_and_the_higher_die_d6() {
        // top: one man on A, bottom blocks A+1 (B) and A+6+1 (H) and A+1+6: only one die
        let b = "A&14/B2H2M11 top";
        // 6-1: the 1 is blocked (B), the 6 lands on G, then the 1 to H is blocked: one die, the 6
        assert_eq!(plays_of(b, 6, 1), ["AG"]);
        // the lower die alone when the higher cannot be played (moderne), nothing (livret)
        let b2 = "A&14/B2G2M11 top";
        assert_eq!(plays_of(b2, 6, 1), ["-"]);
        let b3 = "A&14/C2G2H2M9 top";
        assert_eq!(plays_of(b3, 6, 1), ["AB"]);
        assert_eq!(notations(&board(b3), dice(6, 1), UnSeulDe::Livret), ["-"]);
        let mut plays = Plays::new();
        legal_plays_into(&board(b3), dice(6, 1), UnSeulDe::Livret, &mut plays);
        assert!(plays.lower_die_lost());
        legal_plays_into(&board(b3), dice(6, 1), UnSeulDe::Moderne, &mut plays);
        assert!(!plays.lower_die_lost());
        assert_eq!(plays.max_moves(), 1);
        // both dice when possible: with 6-1 and the 1 after the 6 open, one-die plays are out
        let b4 = "A&14/B2M13 top";
        assert_eq!(plays_of(b4, 6, 1), ["AGH"]);
    }

    #[test]
    fn four_moves_on_a_doublet_and_fewer_when_blocked_d4() {
        let v = plays_of("A2M5R3T5/F5H3N5&2 top", 6, 6);
        assert!(v.iter().all(|p| p.split(' ').map(|m| m.len() - 1).sum::<usize>() == 4), "{v:?}");
        // only two moves possible: a man on A, the bottom's men on T (A+6+6+6 = T blocked)
        assert_eq!(plays_of("A&14/T2Z13 top", 6, 6), ["AGN"]);
    }

    #[test]
    fn plays_are_deduplicated_by_the_position_they_leave() {
        // 2-1 from two men: AB BD and AC CD and AB AC… distinct positions only
        let b = board("A2M5R3T5/F5H3N5&2 top");
        let mut plays = Plays::new();
        for d in Dice::all() {
            legal_plays_into(&b, d, UnSeulDe::Moderne, &mut plays);
            let mut keys: Vec<_> = plays.as_slice().iter().map(Play::key).collect();
            keys.sort();
            let n = keys.len();
            keys.dedup();
            assert_eq!(keys.len(), n, "{d}");
        }
        // a hit on the rest point is another play than the same man going round it
        let v = plays_of("A15/E&14 top", 4, 1);
        assert!(v.contains(&"AE*F".to_string()) && v.contains(&"ABF".to_string()), "{v:?}");
    }

    #[test]
    fn keys_are_the_positions() {
        let s = |from, to, die| Step { from, to, die, hit: false };
        // a man through a point where another stood: the same position as the other moving
        assert_eq!(key_of(&[s(1, 4, 3), s(4, 6, 2)], 0), key_of(&[s(4, 6, 2), s(1, 4, 3)], 0));
        assert_ne!(key_of(&[s(1, 4, 3)], 0), key_of(&[s(1, 4, 3)], 1 << 4));
        assert_eq!(key_of(&[s(23, 25, 6), s(24, 25, 5)], 0), key_of(&[s(23, 25, 5), s(24, 25, 6)], 0));
    }

    #[test]
    fn the_allowance_is_that_of_the_listed_plays() {
        let mut rng = super::super::brute::Rng(77);
        let (mut plays, mut scratch) = (Plays::new(), Plays::new());
        for i in 0..600 {
            let b = if i % 2 == 0 {
                super::super::brute::scatter(&mut rng)
            } else {
                super::super::brute::random_game_position(&mut rng, &mut scratch)
            };
            for d in Dice::all() {
                for u in [UnSeulDe::Moderne, UnSeulDe::Livret] {
                    legal_plays_into(&b, d, u, &mut plays);
                    let a = allowance(&b, d, u);
                    assert_eq!(a, plays.allowance(), "{d} on {b}");
                    assert!(plays.as_slice().iter().all(|p| a.allows(p, d)), "{d} on {b}");
                }
            }
        }
    }

    #[test]
    fn the_points_held_are_read_eight_at_a_time() {
        let mut rng = super::super::brute::Rng(5);
        for _ in 0..2000 {
            let mut men = [0u8; 26];
            men.iter_mut().for_each(|c| *c = rng.below(16) as u8 * u8::from(rng.below(3) == 0));
            let (one, two) = counts(&men);
            for (p, &c) in men.iter().enumerate() {
                assert_eq!((one >> p & 1 == 1, two >> p & 1 == 1), (c >= 1, c >= 2), "{men:?} {p}");
            }
            let b = Board { men: [men, [0; 26]], turn: Seat::Bottom };
            let g = Ground::of(&b);
            for p in 1..OFF {
                let c = men[25 - p];
                assert_eq!((g.blots >> p & 1 == 1, g.blocked >> p & 1 == 1), (c == 1, c >= 2));
            }
            assert_eq!((g.blots | g.blocked) & !POINTS, 0);
        }
    }

    #[test]
    fn a_setup_round_trip_keeps_the_board() {
        let b = board("A2M4R3T5@/F5H3N5X2 top");
        let s: Setup = b.to_setup();
        assert_eq!(s.to_string(), "A2M4R3T5@/F5H3N5X2 top");
        assert_eq!(Board::from_setup(&s).unwrap(), b);
    }
}
