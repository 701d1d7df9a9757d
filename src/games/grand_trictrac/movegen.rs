//! Grand Trictrac's legal plays of a roll (docs/rules.md §2–§3) over the shared board model
//! ([`crate::position`]).
//!
//! Move generation works on fixed-size arrays and allocates nothing: a roll's plays are
//! gathered in a [`Plays`] of fixed capacity.

use crate::board::Seat;
use crate::dice::Dice;
use crate::games::grand_trictrac::options::{PassageRest, RuleOptions, Sortie};
use crate::position::{Position, Step, OFF};
use std::fmt;

/// Relative point of the own rest corner.
pub const OWN_CORNER: usize = 12;
/// Relative point of the opponent's rest corner.
pub const OPP_CORNER: usize = 13;

/// The jans a seat can fill (docs/rules.md §5), as bits.
pub mod jans {
    /// The petit jan, p1–p6.
    pub const PETIT: u8 = 1;
    /// The grand jan, p7–p12.
    pub const GRAND: u8 = 2;
    /// The jan de retour, p19–p24.
    pub const RETOUR: u8 = 4;
    /// Each jan bit with its first relative point.
    pub const ALL: [(u8, usize); 3] = [(PETIT, 1), (GRAND, 7), (RETOUR, 19)];
}

impl Position {
    /// Whether every point of the jan starting at `first` holds two men or more.
    #[inline]
    pub fn jan_full(side: &[u8; 26], first: usize) -> bool {
        side[first..first + 6].iter().all(|&c| c >= 2)
    }

    /// The jans (bits of [`jans`]) full for a side.
    #[inline]
    pub fn full_jans(side: &[u8; 26]) -> u8 {
        let mut m = 0;
        for (bit, first) in jans::ALL {
            if Self::jan_full(side, first) {
                m |= bit;
            }
        }
        m
    }

    /// Whether `seat` can still fill the jan whose first relative point is `first`, by the
    /// material test (docs/rules.md §3, Malfilâtre XIV): for every k = 1..6, at least 2k of its
    /// men on the jan's k-th point or behind it (talon included). Dice and blocking ignored.
    pub fn can_still_fill(&self, seat: Seat, first: usize) -> bool {
        let side = &self.men[seat.index()];
        let mut behind: u32 = side[1..first].iter().map(|&c| c as u32).sum();
        for k in 1..=6 {
            behind += side[first + k - 1] as u32;
            if behind < 2 * k as u32 {
                return false;
            }
        }
        true
    }
}

/// One legal play: the men moved, identified by the resulting position (docs/rules.md §2: two
/// move lists that give the same position are one play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Play {
    /// Up to two steps (two dice; a doublet moves at most two men, one die each).
    pub steps: [Step; 2],
    /// How many steps.
    pub len: u8,
    /// Dice used (2 for a play that bore off the last man with one die).
    pub dice_used: u8,
    /// Whether the corner was taken par puissance.
    pub par_puissance: bool,
    /// Whether a die bore a man off by excédant.
    pub excedant: bool,
    /// Jans full after the play (bits of [`jans`]).
    pub full: u8,
    /// The play's identity: where men left and arrived, sorted.
    pub key: u32,
}

impl Play {
    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Net origins and destinations (relative points, 25 = off), sorted, zeros for none.
    pub fn endpoints(&self) -> ([u8; 2], [u8; 2]) {
        key_endpoints(self.key)
    }

    /// The moves in canonical notation for `seat` (docs/commands.md): ordered by origin then
    /// destination along the route, a man moved by both dice written tout d'une.
    pub fn notation(&self, seat: Seat) -> String {
        self.notation_in(seat, crate::board::Dialect::Soumille)
    }

    /// [`Play::notation`] in the letters of `dialect`: the text of [`Play::into_recorded`].
    pub fn notation_in(&self, seat: Seat, dialect: crate::board::Dialect) -> String {
        crate::notation::printer::play_text(&self.into_recorded(seat), dialect)
    }

    /// The bridge from Grand Trictrac's play to the record's: the play as the moves of a
    /// record (docs/format.md §4), ordered by origin then destination along the route, a man
    /// moved by both dice written tout d'une (origin and end only); `-` for no move.
    pub fn into_recorded(self, seat: Seat) -> crate::notation::Play {
        use crate::notation::{Move, Target};
        if self.len == 0 {
            return crate::notation::Play::Pass;
        }
        let (pairs, n) = self.man_moves();
        crate::notation::Play::Moves(
            pairs[..n]
                .iter()
                .map(|&(f, t)| {
                    Move::new(
                        Position::point(seat, f as usize),
                        None,
                        if t as usize >= OFF { Target::Off } else { Target::Point(Position::point(seat, t as usize)) },
                    )
                })
                .collect(),
        )
    }

    /// [`Play::into_recorded`], by reference (kept for its callers).
    pub fn moves(&self, seat: Seat) -> crate::notation::Play {
        self.into_recorded(seat)
    }

    /// Each man's move (from, to), a man moved by both dice once, sorted.
    #[inline]
    fn man_moves(&self) -> ([(u8, u8); 2], usize) {
        let (o, d) = self.endpoints();
        let mut pairs: [(u8, u8); 2] = [(0, 0); 2];
        // endpoints come nonzero first
        let n = match (o[0] != 0, o[1] != 0, d[0] != 0, d[1] != 0) {
            (true, false, true, false) => {
                pairs[0] = (o[0], d[0]);
                1
            }
            (true, true, true, true) => {
                // pair as the steps went (no step cancelled, so they are the endpoints)
                let mut n = 0;
                for s in self.steps() {
                    pairs[n] = (s.from, s.to);
                    n += 1;
                }
                n
            }
            _ => 0,
        };
        if n == 2 && pairs[1] < pairs[0] {
            pairs.swap(0, 1);
        }
        (pairs, n)
    }
}

/// The identity of the play that turned `before` into `after` (one seat's men along its
/// route): where men left and arrived, net. `None` when more than two men moved.
pub fn key_from_sides(before: &[u8; 26], after: &[u8; 26]) -> Option<u32> {
    let mut from = [0u8; 2];
    let mut to = [0u8; 2];
    let (mut nf, mut nt) = (0usize, 0usize);
    // only the points whose men changed (bit p; 25: borne off)
    let (wb, wa) = (fast::point_words(before), fast::point_words(after));
    let mut changed = fast::nonzero_bytes(&[wb[0] ^ wa[0], wb[1] ^ wa[1], wb[2] ^ wa[2]]);
    changed |= u32::from(before[OFF] != after[OFF]) << OFF;
    while changed != 0 {
        let p = changed.trailing_zeros() as usize;
        changed &= changed - 1;
        let (b, a) = (before[p], after[p]);
        for _ in a..b {
            *from.get_mut(nf)? = p as u8;
            nf += 1;
        }
        for _ in b..a {
            *to.get_mut(nt)? = p as u8;
            nt += 1;
        }
    }
    Some(pack_key(from, to))
}

/// Encodes net endpoints: origins and destinations sorted, 5 bits each.
fn make_key(steps: &[Step]) -> u32 {
    let mut from = [0u8; 2];
    let mut to = [0u8; 2];
    let (mut nf, mut nt) = (0, 0);
    for s in steps {
        from[nf] = s.from;
        nf += 1;
        to[nt] = s.to;
        nt += 1;
    }
    // a man that arrives and leaves again (tout d'une) nets out
    if nf == 2 && to[0] == from[1] {
        to[0] = to[1];
        to[1] = 0;
        from[1] = 0;
    } else if nf == 2 && to[1] == from[0] {
        from[0] = from[1];
        from[1] = 0;
        to[1] = 0;
    }
    pack_key(from, to)
}

/// Packs two origins and two destinations, each pair sorted, 5 bits each.
#[inline(always)]
fn pack_key(from: [u8; 2], to: [u8; 2]) -> u32 {
    let (f0, f1) = (from[0].min(from[1]), from[0].max(from[1]));
    let (t0, t1) = (to[0].min(to[1]), to[0].max(to[1]));
    (f0 as u32) | (f1 as u32) << 5 | (t0 as u32) << 10 | (t1 as u32) << 15
}

fn key_endpoints(key: u32) -> ([u8; 2], [u8; 2]) {
    let f = |k: u32| (key >> k & 31) as u8;
    // each pair is packed smaller first, a missing end as 0: list it last
    let nonzero_first = |lo: u8, hi: u8| if lo == 0 { [hi, 0] } else { [lo, hi] };
    (nonzero_first(f(0), f(5)), nonzero_first(f(10), f(15)))
}

/// The legal plays of a roll, in a fixed-capacity list (no allocation).
#[derive(Clone, Copy)]
pub struct Plays {
    items: [Play; Plays::CAP],
    len: usize,
    /// A 256-bit filter of the keys present: most new keys need no search.
    seen: [u64; 4],
    /// The most dice any legal play uses (0: nothing can be played).
    pub max_dice: u8,
    /// The jans some legal play keeps or makes full: obligations (bits of [`jans`]).
    pub obligations: u8,
    /// The jans some listed play leaves full: the union of their [`Play::full`].
    fulls: u8,
}

impl fmt::Debug for Plays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Default for Plays {
    fn default() -> Self {
        Plays::new()
    }
}

impl Plays {
    /// Capacity: more than the distinct plays any roll can have (at most 15 × 15 pairs of
    /// men and the tout d'une of each).
    pub const CAP: usize = 255;

    /// An empty list, to be filled by [`Board::legal_plays_into`] and reused.
    pub fn new() -> Plays {
        Plays { items: [Play::default(); Plays::CAP], len: 0, seen: [0; 4], max_dice: 0, obligations: 0, fulls: 0 }
    }

    /// Empties the list for reuse (without touching its storage).
    pub fn clear(&mut self) {
        self.len = 0;
        self.seen = [0; 4];
        self.max_dice = 0;
        self.obligations = 0;
        self.fulls = 0;
    }

    /// Makes this list a copy of `other`, copying only the plays it holds.
    pub fn copy_from(&mut self, other: &Plays) {
        self.items[..other.len].copy_from_slice(&other.items[..other.len]);
        self.len = other.len;
        self.seen = other.seen;
        self.max_dice = other.max_dice;
        self.obligations = other.obligations;
        self.fulls = other.fulls;
    }

    /// The jans some listed play leaves full (bits of [`jans`]): the union of their
    /// [`Play::full`].
    #[inline]
    pub fn full_any(&self) -> u8 {
        self.fulls
    }

    #[inline]
    fn bit(key: u32) -> (usize, u64) {
        let h = key.wrapping_mul(0x9E37_79B1) >> 24;
        ((h >> 6) as usize & 3, 1u64 << (h & 63))
    }

    /// The held play with this key, if any.
    #[inline]
    fn held(&self, key: u32) -> Option<usize> {
        let (w, b) = Plays::bit(key);
        if self.seen[w] & b == 0 {
            return None;
        }
        self.items[..self.len].iter().position(|q| q.key == key)
    }

    /// Whether a play with this key is already held, as good (dice used, no excédant).
    #[inline]
    fn holds_as_good(&self, key: u32, dice_used: u8, excedant: bool) -> bool {
        self.held(key).is_some_and(|i| {
            let q = &self.items[i];
            q.dice_used >= dice_used && (!q.excedant || excedant)
        })
    }

    /// The plays.
    pub fn iter(&self) -> impl Iterator<Item = &Play> {
        self.items[..self.len].iter()
    }

    /// How many plays.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none (never: passing is a play).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The play with this identity, if legal.
    pub fn find(&self, key: u32) -> Option<&Play> {
        self.iter().find(|p| p.key == key)
    }

    /// Appends a play known to be new (the bit-mask path lists each play once); the filter
    /// of keys is not kept, so [`Plays::push`] must not follow on the same list.
    #[inline(always)]
    fn push_new(&mut self, p: Play) {
        debug_assert!(self.len < Plays::CAP, "more plays than Plays::CAP");
        if self.len < Plays::CAP {
            self.items[self.len] = p;
            self.len += 1;
            self.fulls |= p.full;
        }
    }

    fn push(&mut self, p: Play) {
        if let Some(i) = self.held(p.key) {
            // same resulting position: keep the one that says most (dice used)
            let q = &mut self.items[i];
            if p.dice_used > q.dice_used || (p.dice_used == q.dice_used && !p.excedant && q.excedant) {
                *q = p;
            }
            return;
        }
        debug_assert!(self.len < Plays::CAP, "more plays than Plays::CAP");
        if self.len < Plays::CAP {
            self.items[self.len] = p;
            self.len += 1;
            self.fulls |= p.full;
            let (w, b) = Plays::bit(p.key);
            self.seen[w] |= b;
        }
    }

    /// Keeps the plays that meet the largest number of the jan obligations: each jan some
    /// play makes or keeps full (docs/rules.md §2, after the dice obligations). Turns the plays
    /// of [`Board::dice_plays`] into the legal plays.
    pub fn apply_jan_obligations(&mut self) {
        let obligations = self.fulls;
        debug_assert_eq!(obligations, self.iter().fold(0u8, |m, p| m | p.full));
        self.obligations = obligations;
        if obligations == 0 {
            // no play leaves a jan full: no obligation, every play meets none
            return;
        }
        let best = self.iter().map(|p| (p.full & obligations).count_ones()).max().unwrap_or(0);
        self.retain(|p| (p.full & obligations).count_ones() == best);
    }

    fn retain(&mut self, f: impl Fn(&Play) -> bool) {
        let mut k = 0;
        let mut fulls = 0;
        for i in 0..self.len {
            if f(&self.items[i]) {
                self.items[k] = self.items[i];
                fulls |= self.items[i].full;
                k += 1;
            }
        }
        self.len = k;
        self.fulls = fulls;
    }
}

/// The movement options of docs/rules.md §13.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRules {
    /// §3 bearing off.
    pub sortie: Sortie,
    /// §3 resting in a closed grand jan.
    pub passage_rest: PassageRest,
    /// §3, provincial method: how many more times the thrower may keep a full jan de
    /// retour "par privilège" (three a relève).
    pub privileges_left: u8,
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules { sortie: Sortie::default(), passage_rest: PassageRest::default(), privileges_left: 3 }
    }
}

impl From<&RuleOptions> for MoveRules {
    fn from(o: &RuleOptions) -> Self {
        MoveRules { sortie: o.sortie, passage_rest: o.passage_rest, ..MoveRules::default() }
    }
}

/// What the thrower may and may not do in a position, computed once per roll.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pos: &'a Position,
    seat: Seat,
    /// Opposing men on each of my relative points.
    opp: [u8; 26],
    /// The relative points holding opposing men, as bits.
    opp_mask: u32,
    /// The relative points holding two opposing men or more (their full points), as bits.
    opp_full: u32,
    /// My relative points 13–18 are closed (the opponent can still fill his grand jan).
    closed_grand: bool,
    /// My relative points 19–24 are closed (he can still fill his petit jan).
    closed_petit: bool,
    /// The points a play must be judged on beyond its single steps: both rest corners and
    /// the closed points (bits by relative point).
    special: u32,
    rules: MoveRules,
}

impl<'a> Board<'a> {
    /// The thrower's view of `pos` (the seat to throw).
    pub fn new(pos: &'a Position, rules: MoveRules) -> Board<'a> {
        let seat = pos.turn;
        let other = seat.other();
        let theirs = &pos.men[other.index()];
        // my relative point p is their 25 − p (the route's mirror): their points 1–24 as
        // three words of eight, each word byte-reversed and the words in reverse order
        let w = fast::point_words(theirs);
        let mirrored = [w[2].swap_bytes(), w[1].swap_bytes(), w[0].swap_bytes()];
        let mut opp = [0u8; 26];
        for (k, m) in mirrored.iter().enumerate() {
            opp[1 + 8 * k..9 + 8 * k].copy_from_slice(&m.to_le_bytes());
        }
        debug_assert!((1..=24).all(|p| opp[p] == theirs[crate::position::GRAND_TRICTRAC.mirror[p] as usize]));
        let opp_mask = fast::at_least(&mirrored, 1);
        let opp_full = fast::at_least(&mirrored, 2);
        // the material test (docs/rules.md §3) for both of their jans in one pass
        let (mut behind, mut petit, mut grand) = (0u32, true, true);
        for (k, &men) in (1..=6u32).zip(&theirs[1..7]) {
            behind += men as u32;
            petit &= behind >= 2 * k;
        }
        for (k, &men) in (1..=6u32).zip(&theirs[7..13]) {
            behind += men as u32;
            grand &= behind >= 2 * k;
        }
        debug_assert_eq!((petit, grand), (pos.can_still_fill(other, 1), pos.can_still_fill(other, 7)));
        let (closed_grand, closed_petit) = (grand, petit);
        let special = 1 << OWN_CORNER
            | 1 << OPP_CORNER
            | if closed_grand { 0x3f << 13 } else { 0 }
            | if closed_petit { 0x3f << 19 } else { 0 };
        Board { pos, seat, opp, opp_mask, opp_full, closed_grand, closed_petit, special, rules }
    }

    /// My relative points holding opposing men (bit `p`), and those holding two or more.
    #[inline]
    pub(crate) fn opp_masks(&self) -> (u32, u32) {
        (self.opp_mask, self.opp_full)
    }

    /// My relative points holding `k` men or more in `side` (bit `p`, p = 1..=24).
    #[inline]
    pub(crate) fn points_with(side: &[u8; 26], k: u8) -> u32 {
        fast::at_least(&fast::point_words(side), k)
    }

    /// The points of the return run I may not land on, as bits (my p13–p18 while the
    /// opponent can still fill his grand jan, p19–p24 while he can fill his petit jan).
    #[inline]
    pub(crate) fn closed_mask(&self) -> u32 {
        (if self.closed_grand { 0x3f << 13 } else { 0 }) | if self.closed_petit { 0x3f << 19 } else { 0 }
    }

    /// Whether my relative point `p` is in a part of the return run I may not land on.
    #[inline]
    pub fn closed(&self, p: usize) -> bool {
        (13..=18).contains(&p) && self.closed_grand || (19..=24).contains(&p) && self.closed_petit
    }

    /// Whether my relative points 13–18 are closed.
    pub fn grand_closed(&self) -> bool {
        self.closed_grand
    }

    /// Whether my relative points 19–24 are closed.
    pub fn petit_closed(&self) -> bool {
        self.closed_petit
    }

    /// Opposing men on my relative point `p`.
    #[inline]
    pub fn opp(&self, p: usize) -> u8 {
        self.opp[p]
    }

    /// One die from `from` in `side` (the thrower's men as they stand mid-play): the step,
    /// or `None` when the die cannot move that man. Checks what a single step can: the man is
    /// there, the landing point holds no opposing man, bearing off is allowed. Corner,
    /// passage and rest rules are judged on the whole play.
    #[inline(always)]
    pub(crate) fn step(&self, side: &[u8; 26], from: usize, die: u8) -> Option<(Step, bool)> {
        if side[from] == 0 || from == 0 || from > 24 {
            return None;
        }
        let to = from + die as usize;
        if to <= 24 {
            if self.opp[to] != 0 {
                return None;
            }
            return Some((Step { from: from as u8, to: to as u8, die }, false));
        }
        // bearing off: all men in the jan de retour (or off)
        if side[1..19].iter().any(|&c| c != 0) {
            return None;
        }
        if self.rules.sortie == Sortie::Provinciale {
            // provincial (docs/rules.md §3): a die goes off only when it cannot be played on the
            // board, and then with the man farthest from the talon (nearest the rail)
            let inside = (19..=24).any(|p| side[p] > 0 && p + (die as usize) <= 24 && self.opp[p + die as usize] == 0);
            let nearest_rail = (19..=24).rev().find(|&p| side[p] > 0)?;
            if !inside && nearest_rail == from {
                return Some((Step { from: from as u8, to: OFF as u8, die }, to > OFF));
            }
            // conserver par privilège: with the jan de retour full, a surplus man goes off
            // exactly, a limited number of times
            let full = side[19..=24].iter().all(|&c| c >= 2);
            if self.rules.privileges_left > 0 && to == OFF && side[from] >= 3 && full {
                return Some((Step { from: from as u8, to: OFF as u8, die }, false));
            }
            return None;
        }
        if to == OFF {
            return Some((Step { from: from as u8, to: OFF as u8, die }, false));
        }
        // excédant: only the man farthest from the rail
        let farthest = (19..=24).find(|&p| side[p] > 0)?;
        if farthest != from {
            return None;
        }
        Some((Step { from: from as u8, to: OFF as u8, die }, true))
    }

    /// Judges a whole play (after its steps): rest corners, the opponent's corner, passage,
    /// rests of a tout d'une (docs/rules.md §3). `None` when lawful, else the rule broken.
    #[inline]
    pub fn play_fault(&self, before: &[u8; 26], after: &[u8; 26], steps: &[Step]) -> Option<PlayFault> {
        // a play that touches neither rest corner nor a closed point breaks none of these
        let touched = steps.iter().fold(0u32, |m, s| m | 1 << s.from | 1 << s.to);
        if touched & self.special == 0 {
            return None;
        }
        let c0 = before[OWN_CORNER];
        let c1 = after[OWN_CORNER];
        if c1 == 1 && c0 != 1 {
            return Some(if c0 == 0 { PlayFault::CornerSingleMan } else { PlayFault::CornerLeaveNotTogether });
        }
        if after[OPP_CORNER] > before[OPP_CORNER] {
            return Some(PlayFault::OpponentCorner);
        }
        // the passage (docs/rules.md §3): no man lands on a point of a closed jan, whether or not
        // the thrower already has men there; a tout d'une may rest on an empty point of a
        // closed grand jan (`passage-rest=allowed`), never on a point of a closed petit jan.
        // The opponent's corner is never landed on; only an empty one may be a rest.
        let tout_d_une = steps.len() == 2 && steps[1].from == steps[0].to;
        for (i, s) in steps.iter().enumerate() {
            let t = s.to as usize;
            let rest = tout_d_une && i == 0;
            if t == OPP_CORNER && !(rest && before[t] == 0) {
                return Some(PlayFault::OpponentCorner);
            }
            if t > 24 || !self.closed(t) {
                continue;
            }
            let rest_allowed =
                rest && (13..=18).contains(&t) && before[t] == 0 && self.rules.passage_rest == PassageRest::Allowed;
            if !rest_allowed {
                return Some(PlayFault::ReturnPassage { at: t as u8, rest });
            }
        }
        None
    }

    /// The thrower's men after the single-die moves `moves` (`(from, die)`, in order), when
    /// each step and the whole play are lawful (not the obligations): the men after, the
    /// play's identity (as [`Play::key`]) and whether a die bore a man off by excédant.
    /// Used to count fill ways by how the men travel (docs/rules.md §5).
    pub fn try_moves(&self, moves: &[(usize, u8)]) -> Option<([u8; 26], u32, bool)> {
        let before = self.pos.men[self.seat.index()];
        let mut side = before;
        let mut steps = [Step::default(); 2];
        let mut excedant = false;
        for (k, &(from, die)) in moves.iter().enumerate().take(2) {
            let (st, e) = self.step(&side, from, die)?;
            side[from] -= 1;
            side[st.to as usize] += 1;
            steps[k] = st;
            excedant |= e;
        }
        let steps = &steps[..moves.len().min(2)];
        if self.play_fault(&before, &side, steps).is_some() {
            return None;
        }
        Some((side, make_key(steps), excedant))
    }

    /// Every legal play of `dice` for the thrower (docs/rules.md §2–§3), each once.
    pub fn legal_plays(&self, dice: Dice) -> Plays {
        let mut all = Plays::new();
        self.legal_plays_into(dice, &mut all);
        all
    }

    /// [`Board::legal_plays`] into a list the caller reuses (no copy of the list).
    pub fn legal_plays_into(&self, dice: Dice, out: &mut Plays) {
        out.clear();
        self.fill_dice_plays(dice, out);
        out.apply_jan_obligations();
    }

    /// [`Board::dice_plays`] into a list the caller reuses.
    pub fn dice_plays_into(&self, dice: Dice, out: &mut Plays) {
        out.clear();
        self.fill_dice_plays(dice, out);
    }

    /// The plays the dice obligations allow (both dice, the higher die, no avoidable
    /// excédant), before the obligations to fill and preserve (docs/rules.md §2).
    pub fn dice_plays(&self, dice: Dice) -> Plays {
        let mut all = Plays::new();
        self.fill_dice_plays(dice, &mut all);
        all
    }

    fn fill_dice_plays(&self, dice: Dice, all: &mut Plays) {
        let side0 = self.pos.men[self.seat.index()];
        // with two men or more on p1–p18 no die can bear a man off: the bit-mask path
        if side0[1..19].iter().map(|&c| c as u32).sum::<u32>() >= 2 {
            self.fast_dice_plays(&side0, dice, all);
            return;
        }
        let (a, b) = (dice.high(), dice.low());
        let orders: &[(u8, u8)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
        let occupied = |side: &[u8; 26]| -> u32 {
            let mut m = 0u32;
            for (p, &c) in side.iter().enumerate().take(25).skip(1) {
                m |= u32::from(c != 0) << p;
            }
            m
        };
        let occ0 = occupied(&side0);
        for (order, &(x, y)) in orders.iter().enumerate() {
            let mut m1 = occ0;
            while m1 != 0 {
                let f1 = m1.trailing_zeros() as usize;
                m1 &= m1 - 1;
                let Some((s1, e1)) = self.step(&side0, f1, x) else { continue };
                let mut side1 = side0;
                side1[f1] -= 1;
                side1[s1.to as usize] += 1;
                if side1[OFF] == 15 {
                    // the last man went off with one die: the other is ignored
                    self.consider(all, &side0, &side1, &[s1], 2, e1, false);
                    continue;
                }
                let mut second = false;
                let mut m2 = occ0 | (1u32 << s1.to);
                if side1[f1] == 0 {
                    m2 &= !(1u32 << f1);
                }
                m2 &= !(1u32 << 25);
                while m2 != 0 {
                    let f2 = m2.trailing_zeros() as usize;
                    m2 &= m2 - 1;
                    let Some((s2, e2)) = self.step(&side1, f2, y) else { continue };
                    // two men moved independently (no tout d'une, no bearing off) give the
                    // same play in either order: enumerate it once
                    let independent = f2 != s1.to as usize && (s1.to as usize) < OFF && (s2.to as usize) < OFF;
                    if independent && (order == 1 || (a == b && f2 < f1)) {
                        continue;
                    }
                    let mut side2 = side1;
                    side2[f2] -= 1;
                    side2[s2.to as usize] += 1;
                    if self.consider(all, &side0, &side2, &[s1, s2], 2, e1 || e2, false) {
                        second = true;
                    }
                }
                if !second {
                    self.consider(all, &side0, &side1, &[s1], 1, e1, false);
                }
            }
        }
        self.par_puissance(all, &side0, dice);
        if all.len == 0 {
            all.push(Play { dice_used: 0, full: Position::full_jans(&side0), ..Play::default() });
        }
        // dice obligations: both dice, then the higher die, then no excédant if avoidable
        let max = all.iter().map(|p| p.dice_used).max().unwrap_or(0);
        all.retain(|p| p.dice_used == max);
        if max == 1 && a != b && all.iter().any(|p| p.steps[0].die == a) {
            all.retain(|p| p.steps[0].die == a);
        }
        if all.iter().any(|p| !p.excedant) {
            all.retain(|p| !p.excedant);
        }
        all.max_dice = max;
    }

    /// Adds a candidate play if the whole of it is lawful; returns whether it was.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn consider(
        &self,
        all: &mut Plays,
        before: &[u8; 26],
        after: &[u8; 26],
        steps: &[Step],
        dice_used: u8,
        excedant: bool,
        par_puissance: bool,
    ) -> bool {
        let key = make_key(steps);
        if all.holds_as_good(key, dice_used, excedant) {
            // the same result is already held: nothing to learn (see `legal_plays`)
            return true;
        }
        if !par_puissance && self.play_fault(before, after, steps).is_some() {
            return false;
        }
        let mut st = [Step::default(); 2];
        st[..steps.len()].copy_from_slice(steps);
        all.push(Play {
            steps: st,
            len: steps.len() as u8,
            dice_used,
            par_puissance,
            excedant,
            full: full_after(before, after, steps),
            key,
        });
        true
    }

    /// The corner par puissance (docs/rules.md §3): both corners empty, two men each one die
    /// from the opponent's corner, and the corner not takeable naturally with this roll.
    fn par_puissance(&self, all: &mut Plays, side: &[u8; 26], dice: Dice) {
        if let Some(steps) = self.par_puissance_steps(side, dice) {
            let mut after = *side;
            for s in &steps {
                after[s.from as usize] -= 1;
                after[s.to as usize] += 1;
            }
            self.consider(all, side, &after, &steps, 2, false, true);
        }
    }

    /// The two steps of the corner par puissance, when it may be taken.
    pub fn par_puissance_steps(&self, side: &[u8; 26], dice: Dice) -> Option<[Step; 2]> {
        if !self.puissance_possible(side, dice) || self.corner_natural_possible(side, dice) {
            return None;
        }
        let (a, b) = (dice.high(), dice.low());
        Some([
            Step { from: (OPP_CORNER - a as usize) as u8, to: OWN_CORNER as u8, die: a },
            Step { from: (OPP_CORNER - b as usize) as u8, to: OWN_CORNER as u8, die: b },
        ])
    }

    /// Both corners empty and two men each one die from the opponent's corner.
    pub fn puissance_possible(&self, side: &[u8; 26], dice: Dice) -> bool {
        if side[OWN_CORNER] != 0 || self.opp[OWN_CORNER] != 0 || self.opp[OPP_CORNER] != 0 || side[OPP_CORNER] != 0 {
            return false;
        }
        let (a, b) = (dice.high() as usize, dice.low() as usize);
        if a == b {
            side[OPP_CORNER - a] >= 2
        } else {
            side[OPP_CORNER - a] >= 1 && side[OPP_CORNER - b] >= 1
        }
    }

    /// Whether two men can take the (empty) own corner naturally with this roll.
    pub fn corner_natural_possible(&self, side: &[u8; 26], dice: Dice) -> bool {
        if side[OWN_CORNER] != 0 || self.opp[OWN_CORNER] != 0 {
            return false;
        }
        let (a, b) = (dice.high() as usize, dice.low() as usize);
        if a == b {
            a < OWN_CORNER && side[OWN_CORNER - a] >= 2
        } else {
            side[OWN_CORNER - a] >= 1 && side[OWN_CORNER - b] >= 1
        }
    }

    /// The movement options in force.
    pub fn rules(&self) -> MoveRules {
        self.rules
    }

    /// The seat to throw.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The position.
    pub fn position(&self) -> &Position {
        self.pos
    }
}

/// The jans full after a play, recomputing only those its steps touched.
#[inline]
fn full_after(before: &[u8; 26], after: &[u8; 26], steps: &[Step]) -> u8 {
    let mut touched = 0u32;
    for s in steps {
        touched |= 1 << s.from | 1 << s.to;
    }
    let mut m = 0;
    for (bit, first) in jans::ALL {
        let range = ((1u32 << 6) - 1) << first;
        let side = if touched & range != 0 { after } else { before };
        if Position::jan_full(side, first) {
            m |= bit;
        }
    }
    m
}

/// What a whole play can break beyond its single steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayFault {
    /// A single man put on a rest corner.
    CornerSingleMan,
    /// The last two men of the corner left it separately.
    CornerLeaveNotTogether,
    /// A man put on the opponent's corner.
    OpponentCorner,
    /// A man landed (or rested) where the passage rules forbid.
    ReturnPassage {
        /// The relative point landed or rested on.
        at: u8,
        /// It was the rest of a tout d'une.
        rest: bool,
    },
}

impl Position {
    /// The position after `play` by the seat to throw; the turn passes.
    pub fn after(&self, play: &Play) -> Position {
        let mut p = *self;
        let seat = self.turn;
        for s in play.steps() {
            p.shift(seat, s.from as usize, s.to as usize);
        }
        p.turn = seat.other();
        p
    }

    /// Every legal play of `dice` for the seat to throw (docs/rules.md §2–§3).
    pub fn legal_plays(&self, dice: Dice, rules: MoveRules) -> Plays {
        Board::new(self, rules).legal_plays(dice)
    }

    /// [`Position::legal_plays`] into a list the caller reuses.
    pub fn legal_plays_into(&self, dice: Dice, rules: MoveRules, out: &mut Plays) {
        Board::new(self, rules).legal_plays_into(dice, out)
    }
}

mod direct;
mod fast;
#[cfg(test)]
pub(crate) mod reference;
#[cfg(test)]
mod tests;
