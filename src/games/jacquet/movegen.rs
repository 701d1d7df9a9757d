//! The legal plays of a Jacquet or Moultezim roll (docs/games.md §0.2, §A.3–§A.7, §B.1, §B.2,
//! §C).
//!
//! A play is a sequence of single-die moves, two on a singleton and four on a doublet, each
//! lawful in turn ([`ThrowRules::step`]); a man may make several in a row, resting on each
//! point. Plays are told apart by the position they leave. Among the sequences whose final
//! position creates no forbidden block ([`ThrowRules::block_fault`]), the legal plays are
//! those that use the most moves, and on a singleton of which only one die can be used, the
//! higher die when it can be (§0.2). A seat that can play nothing has one legal play, the
//! pass.
//!
//! The search is a depth-first walk over the moves with a transposition table keyed by the
//! position reached, the dice left and the man still in the air (see
//! [`ThrowRules::step`]), held in a [`Plays`] reused from roll to roll: its room grows to
//! the largest search met and is kept, so nothing is allocated per move. The books search
//! only when the recorded play is not plainly lawful ([`super::judge::lawful_in_full`]).

use super::board::{mirror, point, Board};
use super::options::{Blocage, JacquetOptions, OrdreSortie, Postillon, PostillonRepos, Retrait, Variant};
use crate::board::{Dialect, Seat};
use crate::dice::Dice;
use crate::position::{Step, OFF};
use std::fmt;

/// The rules a play may break (docs/games.md §A.10), by their report names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A move's length matches no unused move of the throw.
    Die,
    /// No man of the seat on the point a move starts from.
    NotThere,
    /// A man lands or rests on a point holding an opposing man (§A.3).
    Occupied,
    /// Fewer moves played than some legal play uses (§0.2).
    MovesLeft,
    /// The lower die played when only one die could be and the higher could (§0.2).
    HigherDie,
    /// More moves than the throw gives.
    TooMany,
    /// A man other than the postillon moved during the phase, or a second man left the
    /// talon (§A.5).
    Postillon,
    /// A man borne off while a man of the seat is outside p19–p24 (§A.7.1).
    BearOffEarly,
    /// A man borne off by a larger number while a man stood farther back (§A.7.3).
    Overshoot,
    /// A man borne off while one stood farther (`ordre-sortie=lointaine`, §A.7.5).
    BearOffOrder,
    /// A man borne off while the opponent has a man on his talon (`retrait=talon`, §B.2).
    TalonHeld,
    /// A block of six ahead of the opponent's postillon created (§B.1, `avance`).
    PostillonPath,
    /// The thrower's first quarter closed (§B.1 `avance`, §C.2).
    FirstQuarterBlock,
    /// Six consecutive points held with no man on p23 or p24 (§B.1 `livret`).
    SixBlock,
}

impl Rule {
    /// Every rule, in the order of docs/games.md §A.10.
    pub const ALL: [Rule; 14] = [
        Rule::Die,
        Rule::NotThere,
        Rule::Occupied,
        Rule::MovesLeft,
        Rule::HigherDie,
        Rule::TooMany,
        Rule::Postillon,
        Rule::BearOffEarly,
        Rule::Overshoot,
        Rule::BearOffOrder,
        Rule::TalonHeld,
        Rule::PostillonPath,
        Rule::FirstQuarterBlock,
        Rule::SixBlock,
    ];

    /// The rule's name in reports (docs/games.md §A.10).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Die => "die",
            Rule::NotThere => "not-there",
            Rule::Occupied => "occupied",
            Rule::MovesLeft => "moves-left",
            Rule::HigherDie => "higher-die",
            Rule::TooMany => "too-many",
            Rule::Postillon => "postillon",
            Rule::BearOffEarly => "bear-off-early",
            Rule::Overshoot => "overshoot",
            Rule::BearOffOrder => "bear-off-order",
            Rule::TalonHeld => "talon-held",
            Rule::PostillonPath => "postillon-path",
            Rule::FirstQuarterBlock => "first-quarter-block",
            Rule::SixBlock => "six-block",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a lawful single-die move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The relative point reached (25: borne off).
    pub to: usize,
    /// The point reached holds an opposing man: lawful only as an intermediate rest of the
    /// postillon under `postillon-repos=non` (§A.5.4), so the man must move on in this play.
    pub in_air: bool,
}

/// The rules of one throw: the options, the seat's opponent's men (they do not move during
/// the throw) and whether the seat was in its postillon phase when it threw.
#[derive(Clone, Copy, Debug)]
pub struct ThrowRules {
    /// The options in force.
    pub options: JacquetOptions,
    /// The thrower.
    pub seat: Seat,
    /// The thrower's men before the throw.
    pub before: [u8; 26],
    /// The opponent's men along the opponent's route.
    pub opp: [u8; 26],
    /// Whether the thrower was in its postillon phase at the start of the throw.
    pub start_phase: bool,
}

/// Whether any of `side`'s men stands on the relative points `range`.
#[inline]
fn any(side: &[u8; 26], range: std::ops::Range<usize>) -> bool {
    side[range].iter().any(|&c| c > 0)
}

impl ThrowRules {
    /// The rules of a throw by the seat to throw in `board`.
    pub fn new(options: JacquetOptions, board: &Board) -> ThrowRules {
        let seat = board.turn;
        let before = *board.side(seat);
        ThrowRules {
            options,
            seat,
            before,
            opp: *board.side(seat.other()),
            start_phase: Board::in_postillon_phase(&before, options.variant),
        }
    }

    /// Whether the postillon phase holds for a move made from `side` (docs/games.md §A.5.3): the
    /// phase at the start of the throw with `postillon=tour-suivant`, the phase of the
    /// position reached so far with `immediat`.
    ///
    /// docs/games.md §H.2: under `immediat` with `postillon-repos=non`, a postillon resting
    /// mid-jump on a point the opponent holds does not yet *stand* in its release quarter
    /// (p19–p24, Moultezim's p13–p24): its jump goes on under the phase, so that its next
    /// rest may again be held, and the other men are released only when it lands on a free
    /// point. A man of the thrower stands on a held point only in the air, so the phase is
    /// that of the men off held points.
    #[inline]
    pub fn phase(&self, side: &[u8; 26]) -> bool {
        match self.options.postillon {
            Postillon::TourSuivant => self.start_phase,
            Postillon::Immediat => {
                let release = self.options.variant.release_point();
                Board::in_postillon_phase(side, self.options.variant)
                    || (self.options.postillon_repos == PostillonRepos::Non
                        && side[OFF] == 0
                        && (release..OFF).all(|p| side[p] == 0 || self.held(p)))
            }
        }
    }

    /// Whether the opponent holds my relative point `p` (1..=24).
    #[inline]
    pub fn held(&self, p: usize) -> bool {
        self.opp[mirror(p)] > 0
    }

    /// One man moved from `from` by `die` in the men `side` (the thrower's, as the throw has
    /// left them so far): where it lands, or the rule the move breaks.
    ///
    /// * §A.5.2: during the postillon phase no man leaves the talon once a man of the seat
    ///   is off it (the postillon, or after a kept illegal play each man off the talon).
    /// * §A.7: bearing off (a move reaching p25 or beyond) needs every man in p19–p24; an
    ///   overshoot needs no man behind the one borne off; §A.7.5 `lointaine`: no man behind
    ///   at all; §B.2 `retrait=talon`: no opposing man on his talon (my p13).
    /// * §A.3: no landing on a point held by the opponent, except a rest of the postillon
    ///   with `postillon-repos=non` ([`Landing::in_air`]).
    pub fn step(&self, side: &[u8; 26], from: usize, die: u8) -> Result<Landing, Rule> {
        if !(1..=24).contains(&from) || side[from] == 0 {
            return Err(Rule::NotThere);
        }
        let phase = self.phase(side);
        if phase && from == 1 && any(side, 2..OFF + 1) {
            return Err(Rule::Postillon);
        }
        let to = from + die as usize;
        if to >= OFF {
            if any(side, 1..19) {
                return Err(Rule::BearOffEarly);
            }
            if self.options.retrait == Retrait::Talon && self.opp[1] > 0 {
                return Err(Rule::TalonHeld);
            }
            if to > OFF && any(side, 1..from) {
                return Err(Rule::Overshoot);
            }
            if self.options.ordre_sortie == OrdreSortie::Lointaine && any(side, 1..from) {
                return Err(Rule::BearOffOrder);
            }
            return Ok(Landing { to: OFF, in_air: false });
        }
        if self.held(to) {
            if phase && self.options.postillon_repos == PostillonRepos::Non {
                return Ok(Landing { to, in_air: true });
            }
            return Err(Rule::Occupied);
        }
        Ok(Landing { to, in_air: false })
    }

    /// Whether the thrower's men `side` hold each of the relative points `first..first + 6`.
    #[inline]
    fn holds_six(side: &[u8; 26], first: usize) -> bool {
        side[first..first + 6].iter().all(|&c| c > 0)
    }

    /// Whether the thrower's men `side` hold each of the opponent's relative points
    /// `first..first + 6`.
    #[inline]
    fn holds_six_of_opponent(side: &[u8; 26], first: usize) -> bool {
        (first..first + 6).all(|q| side[mirror(q)] > 0)
    }

    /// The forbidden block (docs/games.md §B.1, §C.2) that the play leaving the thrower's men at
    /// `after` creates: a block of six points forbidden in `after` whose six points were not
    /// all held before the throw (a block kept from an earlier throw is no new fault).
    pub fn block_fault(&self, after: &[u8; 26]) -> Option<Rule> {
        let before = &self.before;
        if self.options.variant == Variant::Moultezim {
            // C.2: the first quarter is never closed
            return (Self::holds_six(after, 1) && !Self::holds_six(before, 1)).then_some(Rule::FirstQuarterBlock);
        }
        match self.options.blocage {
            Blocage::Libre => None,
            Blocage::Avance | Blocage::Avance23 => {
                // B.1.1: the opponent's postillon's path
                if Board::in_postillon_phase(&self.opp, Variant::Jacquet) {
                    let k = (2..=24).find(|&q| self.opp[q] > 0).unwrap_or(1);
                    for j in k + 1..=19 {
                        if Self::holds_six_of_opponent(after, j) && !Self::holds_six_of_opponent(before, j) {
                            return Some(Rule::PostillonPath);
                        }
                    }
                }
                // B.1.2: the first quarter, while an opposing man must still pass it
                let excepted = after[24] > 0 && (self.options.blocage == Blocage::Avance || after[23] > 0);
                let must_pass = any(&self.opp, 1..13);
                if must_pass && !excepted && Self::holds_six(after, 1) && !Self::holds_six(before, 1) {
                    return Some(Rule::FirstQuarterBlock);
                }
                None
            }
            Blocage::Livret => {
                if after[23] > 0 || after[24] > 0 {
                    return None;
                }
                (1..=19).any(|j| Self::holds_six(after, j) && !Self::holds_six(before, j)).then_some(Rule::SixBlock)
            }
        }
    }
}

/// How many single-die moves a throw gives (§0.2): four on a doublet, two on a singleton.
#[inline]
pub fn moves_of(dice: Dice) -> u8 {
    if dice.is_doublet() {
        4
    } else {
        2
    }
}

/// One man's path in a play (docs/games.md §0.3): from, the points it rested on, where it ends
/// (relative points; 25 = borne off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    /// The point left.
    pub from: u8,
    /// The rests, in order (`n_rests` of them).
    pub rests: [u8; 3],
    /// How many rests.
    pub n_rests: u8,
    /// The point reached (25: borne off).
    pub to: u8,
}

impl Path {
    /// A path with no rest.
    pub fn new(from: u8, to: u8) -> Path {
        Path { from, to, ..Path::default() }
    }

    /// A path with rests.
    pub fn with_rests(from: u8, rests: &[u8], to: u8) -> Path {
        let mut p = Path::new(from, to);
        for &r in rests.iter().take(3) {
            p.rests[p.n_rests as usize] = r;
            p.n_rests += 1;
        }
        p
    }

    /// The rests.
    pub fn rests(&self) -> &[u8] {
        &self.rests[..self.n_rests as usize]
    }

    /// The path in Soumille's (or Lepeintre's) letters along `seat`'s Jacquet route:
    /// `&SN`, `B#`. Points off the board are written `?`.
    pub fn write(&self, seat: Seat, dialect: Dialect, out: &mut String) {
        let letter = |p: u8| point(seat, p as usize).map_or('?', |x| x.letter(dialect));
        out.push(letter(self.from));
        for &r in self.rests() {
            out.push(letter(r));
        }
        if self.to as usize >= OFF {
            out.push('#');
        } else {
            out.push(letter(self.to));
        }
    }
}

/// One legal play: its single-die moves in an order in which they are lawful, and the
/// thrower's men after it (its identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The moves, `len` of them.
    pub steps: [Step; 4],
    /// How many moves.
    pub len: u8,
    /// The thrower's men after the play, along its route (index 25: borne off).
    pub after: [u8; 26],
}

impl Play {
    /// The moves.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Whether the play moves nothing (a pass).
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The play as paths, one per man, in the order played (docs/games.md §0.3, canonical form):
    /// a move that starts where an earlier move ended continues that man's path.
    pub fn paths(&self) -> ([Path; 4], usize) {
        let mut paths = [Path::default(); 4];
        let mut n = 0;
        for s in self.steps() {
            match paths[..n].iter_mut().find(|p| p.to == s.from && (p.to as usize) < OFF && p.n_rests < 3) {
                Some(p) => {
                    p.rests[p.n_rests as usize] = p.to;
                    p.n_rests += 1;
                    p.to = s.to;
                }
                None => {
                    paths[n] = Path::new(s.from, s.to);
                    n += 1;
                }
            }
        }
        (paths, n)
    }

    /// The play in canonical notation for `seat`: one path per man, every rest written, men
    /// in the order played, `-` for a pass (`&SN`, `D# A#`).
    pub fn notation(&self, seat: Seat) -> String {
        self.notation_in(seat, Dialect::Soumille)
    }

    /// [`Play::notation`] in the letters of `dialect`: the text of [`Play::into_recorded`].
    pub fn notation_in(&self, seat: Seat, dialect: Dialect) -> String {
        crate::notation::printer::play_text(&self.into_recorded(seat), dialect)
    }

    /// The bridge from Jacquet's (and Moultezim's) play to the record's: the play as the
    /// moves of a record, canonical (one path per man, every rest written, the men in the
    /// order played, `-` for a pass).
    pub fn into_recorded(self, seat: Seat) -> crate::notation::Play {
        use crate::notation::{Move, Origin, Play as Recorded, Target};
        if self.is_pass() {
            return Recorded::Pass;
        }
        let (paths, n) = self.paths();
        let letter = |p: u8| point(seat, p as usize);
        Recorded::Moves(
            paths[..n]
                .iter()
                .filter_map(|p| {
                    Some(Move {
                        from: Origin::Point(letter(p.from)?),
                        rests: p.rests().iter().filter_map(|&r| letter(r)).collect(),
                        to: if p.to as usize >= OFF { Target::Off } else { Target::Point(letter(p.to)?) },
                        hits: 0,
                    })
                })
                .collect(),
        )
    }
}

/// The most nodes (position reached, dice left, man in the air) a throw's search can
/// visit. A node's men are set by the multiset of the points its moves started from: at
/// most C(27,4) + C(26,3) + C(25,2) + 24 + 1 = 20 475 of them after up to four moves of one
/// die, and as many again with a man in the air.
pub const CAPACITY: usize = 40_960;
/// The fewest slots of the transposition table's index (a power of two); it doubles as
/// the nodes grow, so that it stays less than two-thirds full.
const MIN_SLOTS: usize = 256;

/// A position reached in a throw's search.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The thrower's men.
    side: [u8; 26],
    /// The moves that reached it.
    steps: [Step; 4],
    /// How many moves.
    len: u8,
    /// The dice left: a singleton's bits (1: the higher, 2: the lower), a doublet's count.
    left: u8,
    /// The point of a man in the air (0: none).
    air: u8,
    /// The slot of the index that holds this node.
    slot: u32,
}

/// The legal plays of one roll, and the search that found them: reused from roll to roll,
/// its room grown to the largest search met (most rolls visit a few dozen nodes) and never
/// beyond [`CAPACITY`], so that a search allocates nothing once the room is there.
#[derive(Clone, Default)]
pub struct Plays {
    /// The nodes visited by the last search.
    nodes: Vec<Node>,
    /// Transposition index: node index + 1 (0: empty). A slot is live when its node points
    /// back to it. Empty until the first search.
    slots: Vec<u32>,
    /// The legal plays: indices into `nodes`.
    legal: Vec<u32>,
    /// The most moves a lawful play of the roll uses.
    max_moves: u8,
    /// The roll.
    dice: Option<Dice>,
    /// Whether the search ran out of room (never, by [`CAPACITY`]).
    overflow: bool,
}

impl fmt::Debug for Plays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plays").field("dice", &self.dice).field("legal", &self.legal.len()).finish()
    }
}

/// A hash of a node's key (men, dice left, man in the air).
#[inline]
fn node_hash(side: &[u8; 26], left: u8, air: u8) -> usize {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15 ^ ((left as u64) << 8 | air as u64);
    for chunk in side.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x2545_F491_4F6C_DD1D);
        h ^= h >> 29;
    }
    h as usize
}

impl Plays {
    /// An empty list (it takes room at its first search).
    pub fn new() -> Plays {
        Plays::default()
    }

    /// How many legal plays.
    pub fn len(&self) -> usize {
        self.legal.len()
    }

    /// Whether there is no legal play (only before a search: a search always finds one).
    pub fn is_empty(&self) -> bool {
        self.legal.is_empty()
    }

    /// The `i`-th legal play.
    pub fn get(&self, i: usize) -> Option<Play> {
        let &k = self.legal.get(i)?;
        let node = self.nodes.get(k as usize)?;
        Some(Play { steps: node.steps, len: node.len, after: node.side })
    }

    /// The legal plays.
    pub fn iter(&self) -> impl Iterator<Item = Play> + '_ {
        (0..self.legal.len()).filter_map(|i| self.get(i))
    }

    /// The most moves a lawful play of the roll uses (0: the seat passes).
    pub fn max_moves(&self) -> u8 {
        self.max_moves
    }

    /// The roll searched last.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// Whether the search ran out of room (it cannot: see [`CAPACITY`]).
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The index of the legal play that leaves the thrower's men at `after`.
    pub fn find(&self, after: &[u8; 26]) -> Option<usize> {
        self.legal.iter().position(|&k| self.nodes.get(k as usize).is_some_and(|n| n.side == *after))
    }

    /// Whether some legal play uses the die `die` as its first move (the higher-die rule:
    /// meaningful when the legal plays use one move).
    pub fn some_play_uses(&self, die: u8) -> bool {
        self.iter().any(|p| p.steps().iter().any(|s| s.die == die))
    }

    /// Forgets the last search (its room is kept).
    fn clear(&mut self) {
        // only live slots need clearing: each node knows its slot
        for node in &self.nodes {
            if let Some(s) = self.slots.get_mut(node.slot as usize) {
                *s = 0;
            }
        }
        self.nodes.clear();
        self.legal.clear();
        self.max_moves = 0;
        self.overflow = false;
        if self.slots.is_empty() {
            self.slots = vec![0; MIN_SLOTS];
        }
    }

    /// Doubles the index and puts every node in it again.
    fn grow_slots(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        self.slots = vec![0; size];
        let mask = size - 1;
        for (k, node) in self.nodes.iter_mut().enumerate() {
            let mut slot = node_hash(&node.side, node.left, node.air) & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = k as u32 + 1;
            node.slot = slot as u32;
        }
    }

    /// Adds a node unless its key was visited; `false` when it was (or there is no room).
    fn insert(&mut self, side: &[u8; 26], left: u8, air: u8, steps: &[Step; 4], len: u8) -> bool {
        if (self.nodes.len() + 1) * 3 > self.slots.len() * 2 {
            self.grow_slots();
        }
        let mask = self.slots.len() - 1;
        let mut slot = node_hash(side, left, air) & mask;
        loop {
            let v = self.slots[slot];
            if v == 0 {
                break;
            }
            let node = &self.nodes[v as usize - 1];
            if node.left == left && node.air == air && node.side == *side {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        if self.nodes.len() >= CAPACITY {
            self.overflow = true;
            return false;
        }
        self.nodes.push(Node { side: *side, steps: *steps, len, left, air, slot: slot as u32 });
        self.slots[slot] = self.nodes.len() as u32;
        true
    }
}

/// The search of one roll.
struct Search<'a> {
    rules: &'a ThrowRules,
    dice: Dice,
    out: &'a mut Plays,
}

impl Search<'_> {
    /// The dice values left, with the `left` each leaves: a singleton's higher then lower
    /// die, a doublet's die once.
    #[inline]
    fn choices(&self, left: u8) -> ([(u8, u8); 2], usize) {
        let mut c = [(0u8, 0u8); 2];
        let mut n = 0;
        if self.dice.is_doublet() {
            if left > 0 {
                c[0] = (self.dice.high(), left - 1);
                n = 1;
            }
        } else {
            if left & 1 != 0 {
                c[n] = (self.dice.high(), left & !1);
                n += 1;
            }
            if left & 2 != 0 {
                c[n] = (self.dice.low(), left & !2);
                n += 1;
            }
        }
        (c, n)
    }

    fn walk(&mut self, side: &[u8; 26], left: u8, air: u8, steps: &[Step; 4], len: u8) {
        if !self.out.insert(side, left, air, steps, len) {
            return;
        }
        let (choices, n) = self.choices(left);
        for &(die, rest) in &choices[..n] {
            let froms = if air != 0 { air as usize..=air as usize } else { 1..=24 };
            for from in froms {
                if side[from] == 0 {
                    continue;
                }
                if let Ok(landing) = self.rules.step(side, from, die) {
                    let mut next = *side;
                    next[from] -= 1;
                    next[landing.to] += 1;
                    let mut s = *steps;
                    s[len as usize] = Step { from: from as u8, to: landing.to as u8, die };
                    let air = if landing.in_air { landing.to as u8 } else { 0 };
                    self.walk(&next, rest, air, &s, len + 1);
                }
            }
        }
    }
}

/// Every legal play of `dice` for the seat to throw in `board` under `options`, into `out`
/// (see the [module docs](self)).
pub fn legal_plays_into(options: &JacquetOptions, board: &Board, dice: Dice, out: &mut Plays) {
    let rules = ThrowRules::new(*options, board);
    plays_of(&rules, dice, out);
}

/// [`legal_plays_into`] for the rules of a throw already made.
pub fn plays_of(rules: &ThrowRules, dice: Dice, out: &mut Plays) {
    out.clear();
    out.dice = Some(dice);
    let left = if dice.is_doublet() { 4 } else { 3 };
    let start = rules.before;
    Search { rules, dice, out }.walk(&start, left, 0, &[Step::default(); 4], 0);
    // the lawful sequences: no man in the air, no forbidden block created
    let mut max = 0;
    let mut high_used = false;
    for (k, node) in out.nodes.iter().enumerate() {
        if node.air != 0 || rules.block_fault(&node.side).is_some() {
            continue;
        }
        if node.len > max {
            max = node.len;
            high_used = false;
        }
        if node.len == max && node.len > 0 && node.steps[0].die == dice.high() {
            high_used = true;
        }
        out.legal.push(k as u32);
    }
    out.max_moves = max;
    // as many moves as possible; on a singleton with one move, the higher die if it can be
    let one_die = !dice.is_doublet() && max == 1;
    let nodes = &out.nodes;
    out.legal.retain(|&k| {
        let node = &nodes[k as usize];
        node.len == max && !(one_die && high_used && node.steps[0].die != dice.high())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_are_those_of_the_spec() {
        let names: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(
            names,
            [
                "die",
                "not-there",
                "occupied",
                "moves-left",
                "higher-die",
                "too-many",
                "postillon",
                "bear-off-early",
                "overshoot",
                "bear-off-order",
                "talon-held",
                "postillon-path",
                "first-quarter-block",
                "six-block"
            ]
        );
    }

    #[test]
    fn a_play_writes_one_path_per_man() {
        let mut play = Play { steps: [Step::default(); 4], len: 3, after: [0; 26] };
        play.steps[0] = Step { from: 1, to: 4, die: 3 };
        play.steps[1] = Step { from: 4, to: 7, die: 3 };
        play.steps[2] = Step { from: 1, to: 4, die: 3 };
        assert_eq!(play.notation(Seat::Bottom), "&XS &X");
        assert_eq!(play.notation(Seat::Top), "MIF MI");
        play.len = 0;
        assert_eq!(play.notation(Seat::Top), "-");
    }
}
