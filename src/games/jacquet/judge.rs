//! A recorded play judged (docs/games.md §A.10): lawful (and which legal play it is), or the rule
//! it breaks; and the position it leaves as recorded, for the play is kept (docs/rules.md §10).
//!
//! A record writes each man's moves as a path of relative points, `from rest… to`, whose
//! rests may be left unsaid (docs/games.md §0.3): a leg between two written points may then be
//! made of several moves, resting on points the judge chooses lawfully. The record does
//! not say which die made which move, nor (for the judge) in which order the men moved; the
//! play is lawful when some reading of it (the dice of each leg, the order of the moves,
//! each man's in his path's order) is a legal play of the roll. When none is, the rule named is the most telling one:
//!
//! 1. `not-there` (a man that is not there) and `occupied` (a man ending on an opposing
//!    man's point) when the play cannot be applied at all, in the order written: the replay
//!    stops there;
//! 2. `too-many` when the paths need more moves than the throw gives, `die` when their
//!    lengths match the dice in no way;
//! 3. among the readings that match the dice, the one whose first unlawful move comes
//!    latest names its rule (`occupied` for a rest, `postillon`, the bearing off rules);
//! 4. a reading whose every move is lawful: the forbidden block it creates, else
//!    `higher-die`, else `moves-left`.

use super::board::Board;
use super::movegen::{moves_of, Path, Plays, Rule, ThrowRules};
use super::options::JacquetOptions;
use crate::dice::Dice;
use crate::position::OFF;

/// The rule a recorded play breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The rule.
    pub rule: Rule,
    /// The recorded path (index in the play) at fault, when one is.
    pub path: Option<usize>,
    /// The play cannot be applied (`not-there`, or a man ending on an opposing man): the
    /// replay stops (docs/rules.md §10).
    pub fatal: bool,
}

/// A recorded play judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The position after the play as recorded, the turn passed; `None` when it cannot be
    /// applied.
    pub after: Option<Board>,
    /// The index of the legal play it is, when lawful.
    pub legal: Option<usize>,
    /// The rule broken, when it is not lawful.
    pub fault: Option<Fault>,
}

impl Judgement {
    /// Whether the play is lawful.
    pub fn lawful(&self) -> bool {
        self.fault.is_none()
    }
}

/// The points a path passes through after its start: its rests, then its end.
fn waypoints(p: &Path) -> ([u8; 4], usize) {
    let mut w = [0u8; 4];
    let n = p.n_rests.min(3) as usize;
    w[..n].copy_from_slice(&p.rests[..n]);
    w[n] = p.to;
    (w, n + 1)
}

/// The fewest moves of `dice` that make a leg from `a` to `b` (25: off), with every rest on
/// the board; `None` when no moves of the throw can.
fn leg_moves(dice: Dice, a: u8, b: u8) -> Option<u8> {
    let (hi, lo) = (dice.high(), dice.low());
    if b as usize >= OFF {
        let dist = OFF as u8 - a;
        if dice.is_doublet() {
            let k = dist.div_ceil(hi);
            (k <= 4).then_some(k)
        } else if hi >= dist {
            Some(1)
        } else {
            (hi + lo >= dist).then_some(2)
        }
    } else {
        let len = b - a;
        if dice.is_doublet() {
            (len % hi == 0 && len / hi <= 4).then_some(len / hi)
        } else if len == hi || len == lo {
            Some(1)
        } else {
            (len == hi + lo).then_some(2)
        }
    }
}

/// Where the men of a reading stand.
#[derive(Clone, Copy, Debug, Default)]
struct Men {
    /// Each path's man's point.
    at: [u8; 4],
    /// Each path's next waypoint.
    wp: [u8; 4],
    /// The path whose man is in the air (must move on at once).
    air: Option<usize>,
}

/// The best reading found so far.
#[derive(Clone, Copy, Debug, Default)]
struct Findings {
    /// A lawful reading: the legal play's index.
    lawful: Option<usize>,
    /// Some reading completed the paths with the dice.
    matched: bool,
    /// The latest first fault of a reading with an unlawful move: (moves before it, rule,
    /// path).
    fault: Option<(u8, Rule, usize)>,
    /// Readings whose moves are all lawful but that are no legal play: the block created,
    /// whether one used as many moves as the legal plays.
    block: Option<Rule>,
    full: bool,
    short: bool,
}

/// The search over readings of a recorded play: one reading at a time, its men moved in
/// place and moved back (nothing copied or allocated per move).
struct Reader<'a> {
    rules: &'a ThrowRules,
    dice: Dice,
    /// The legal plays of the roll; `None` when only a reading that uses every move of the
    /// throw is sought ([`lawful_in_full`]).
    legal: Option<&'a Plays>,
    /// Each path's waypoints ([`waypoints`]), and how many.
    waypoints: [[u8; 4]; 4],
    n_waypoints: [u8; 4],
    n_paths: usize,
    /// The thrower's men as the reading has left them so far.
    side: [u8; 26],
    /// Where each path's man stands and how far along his path he is.
    men: Men,
    /// The waypoints not reached yet, all paths together.
    remaining: u8,
    found: Findings,
}

impl Reader<'_> {
    /// The dice values left, with the `left` each leaves (as the generator counts them).
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

    /// Reads on: `left` the dice left, `len` the moves so far, `first` the die of the first
    /// move, `fault` the first unlawful move of this reading. The next move is any path's
    /// next die (the men may take turns: a man may bear off only once another has come
    /// home), except that a man in the air moves on at once.
    fn read(&mut self, left: u8, len: u8, first: u8, fault: Option<(u8, Rule, usize)>) {
        if self.found.lawful.is_some() {
            return;
        }
        if self.remaining == 0 {
            self.complete(len, first, fault);
            return;
        }
        let (choices, n) = self.choices(left);
        for k in 0..self.n_paths {
            if self.men.air.is_some_and(|a| a != k) {
                continue;
            }
            let (nw, wp) = (self.n_waypoints[k] as usize, self.men.wp[k] as usize);
            if wp == nw {
                continue;
            }
            let (pos, target) = (self.men.at[k], self.waypoints[k][wp]);
            for &(die, rest) in &choices[..n] {
                let next = pos + die;
                let off = target as usize >= OFF;
                if !off && next > target {
                    continue;
                }
                let reaches = if off { next as usize >= OFF } else { next == target };
                let last = reaches && wp + 1 == nw;
                let mut fault = fault;
                let mut air = None;
                let to = match self.rules.step(&self.side, pos as usize, die) {
                    Ok(l) if l.in_air && last => {
                        fault = fault.or(Some((len, Rule::Occupied, k)));
                        l.to
                    }
                    Ok(l) => {
                        if l.in_air {
                            air = Some(k);
                        }
                        l.to
                    }
                    Err(rule) => {
                        fault = fault.or(Some((len, rule, k)));
                        (next as usize).min(OFF)
                    }
                };
                let moved = (1..=24).contains(&pos) && self.side[pos as usize] > 0;
                if moved {
                    self.side[pos as usize] -= 1;
                    self.side[to] += 1;
                }
                let men = self.men;
                self.men.at[k] = to as u8;
                self.men.wp[k] += u8::from(reaches);
                self.men.air = air;
                self.remaining -= u8::from(reaches);
                self.read(rest, len + 1, if len == 0 { die } else { first }, fault);
                self.remaining += u8::from(reaches);
                self.men = men;
                if moved {
                    self.side[pos as usize] += 1;
                    self.side[to] -= 1;
                }
            }
        }
    }

    /// A reading that made every path with the dice, the first move with `first`.
    fn complete(&mut self, len: u8, first: u8, fault: Option<(u8, Rule, usize)>) {
        self.found.matched = true;
        if let Some(f) = fault {
            if self.found.fault.is_none_or(|g| f.0 > g.0) {
                self.found.fault = Some(f);
            }
            return;
        }
        if let Some(rule) = self.rules.block_fault(&self.side) {
            self.found.block = Some(rule);
            return;
        }
        let Some(legal) = self.legal else {
            // every move of the throw made lawfully: no play uses more (§0.2), so it is legal
            if len == moves_of(self.dice) {
                self.found.lawful = Some(0);
            }
            return;
        };
        let max = legal.max_moves();
        if len < max {
            self.found.short = true;
            return;
        }
        let (hi, one_die) = (self.dice.high(), !self.dice.is_doublet() && max == 1);
        if one_die && first != hi && legal.some_play_uses(hi) {
            self.found.full = true;
            return;
        }
        match legal.find(&self.side) {
            Some(i) => self.found.lawful = Some(i),
            None => self.found.short = true,
        }
    }
}

/// The play of `paths` applied in the order written (step 1 of the [module docs](self)):
/// the thrower's men after it, or the path that cannot be applied and the rule it breaks.
fn applied(rules: &ThrowRules, paths: &[Path]) -> Result<[u8; 26], (Rule, usize)> {
    let mut side = rules.before;
    for (i, p) in paths.iter().enumerate() {
        let (from, to) = (p.from as usize, p.to as usize);
        if !(1..=24).contains(&from) || side[from] == 0 {
            return Err((Rule::NotThere, i));
        }
        if !(1..=OFF).contains(&to) || (to < OFF && rules.held(to)) {
            return Err((Rule::Occupied, i));
        }
        side[from] -= 1;
        side[to] += 1;
    }
    Ok(side)
}

/// The moves the legs of `paths` need at the fewest (step 2), or the path whose legs the
/// dice cannot make.
fn needed_moves(dice: Dice, paths: &[Path]) -> Result<u32, usize> {
    let mut needed = 0u32;
    for (i, p) in paths.iter().enumerate() {
        let (w, nw) = waypoints(p);
        let mut at = p.from;
        for (j, &b) in w[..nw].iter().enumerate() {
            // forward, rests on the board, the end on the board or off
            let ok = b > at && if j + 1 == nw { b as usize <= OFF } else { (b as usize) < OFF };
            match if ok { leg_moves(dice, at, b) } else { None } {
                Some(m) => needed += m as u32,
                None => return Err(i),
            }
            at = b;
        }
    }
    Ok(needed)
}

/// The readings of `paths` (step 3), against `legal` when given.
fn readings(rules: &ThrowRules, dice: Dice, legal: Option<&Plays>, paths: &[Path]) -> Findings {
    let mut reader = Reader {
        rules,
        dice,
        legal,
        waypoints: [[0; 4]; 4],
        n_waypoints: [0; 4],
        n_paths: paths.len().min(4),
        side: rules.before,
        men: Men::default(),
        remaining: 0,
        found: Findings::default(),
    };
    for (k, p) in paths.iter().take(4).enumerate() {
        let (w, n) = waypoints(p);
        reader.waypoints[k] = w;
        reader.n_waypoints[k] = n as u8;
        reader.remaining += n as u8;
        reader.men.at[k] = p.from;
    }
    let left = if dice.is_doublet() { 4 } else { 3 };
    reader.read(left, 0, 0, None);
    reader.found
}

/// The die of throw `dice` for a leg of `dist` points, among those `left` (a singleton's
/// bits, a doublet's count, as [`Reader::choices`]), taken from `left`: the die of that
/// length, or for a man borne off (`off`) the lowest larger one.
#[inline]
fn leg_die(dice: Dice, left: &mut u8, dist: u8, off: bool) -> Option<u8> {
    let (hi, lo) = (dice.high(), dice.low());
    if dice.is_doublet() {
        let fits = hi == dist || (off && hi > dist);
        if *left == 0 || !fits {
            return None;
        }
        *left -= 1;
        return Some(hi);
    }
    let bit = if *left & 1 != 0 && hi == dist {
        1
    } else if *left & 2 != 0 && (lo == dist || (off && lo > dist)) {
        2
    } else if *left & 1 != 0 && off && hi > dist {
        1
    } else {
        return None;
    };
    *left &= !bit;
    Some(if bit == 1 { hi } else { lo })
}

/// The reading of `paths` straight as written: the paths in their order, each man's legs
/// one after the other, each leg one die. The thrower's men after it when its every move is
/// lawful, it makes every move of the throw and creates no forbidden block; `None`
/// otherwise (other readings may still be lawful). This is how most records write their
/// plays, and it costs a few moves' checks.
fn straight_reading(rules: &ThrowRules, dice: Dice, paths: &[Path]) -> Option<[u8; 26]> {
    let mut side = rules.before;
    let mut left = if dice.is_doublet() { 4 } else { 3 };
    let mut made = 0;
    for p in paths {
        let (w, nw) = waypoints(p);
        let mut at = p.from;
        for (j, &b) in w[..nw].iter().enumerate() {
            let (off, last) = (b as usize >= OFF, j + 1 == nw);
            if b <= at || (off && !last) {
                return None;
            }
            let die = leg_die(dice, &mut left, b.min(OFF as u8) - at, off)?;
            let landing = rules.step(&side, at as usize, die).ok()?;
            if landing.in_air && last {
                return None;
            }
            side[at as usize] -= 1;
            side[landing.to] += 1;
            at = landing.to as u8;
            made += 1;
        }
    }
    (made == moves_of(dice) && rules.block_fault(&side).is_none()).then_some(side)
}

/// The position after the recorded `paths` when they are plainly lawful: some reading makes
/// every move of the throw, each lawful, and creates no forbidden block. Then no legal play
/// uses more moves (§0.2), so the play is one of the legal plays, and the legal plays need
/// not be searched; `None` otherwise (the play is then judged by [`judge`]).
pub fn lawful_in_full(options: &JacquetOptions, board: &Board, dice: Dice, paths: &[Path]) -> Option<Board> {
    let moves = moves_of(dice);
    if paths.is_empty() || paths.len() > moves as usize {
        return None;
    }
    let rules = ThrowRules::new(*options, board);
    let side = match straight_reading(&rules, dice, paths) {
        Some(side) => side,
        None => {
            let side = applied(&rules, paths).ok()?;
            if needed_moves(dice, paths).ok()? > moves as u32 {
                return None;
            }
            readings(&rules, dice, None, paths).lawful?;
            side
        }
    };
    let mut after = *board;
    after.men[board.turn.index()] = side;
    after.turn = board.turn.other();
    Some(after)
}

/// Judges the recorded `paths` (relative points of the seat to throw in `board`, in the
/// order written; 25 = off) of a throw of `dice` under `options`, against `legal`, the legal
/// plays of that roll ([`super::movegen::legal_plays_into`]). No path is a pass (`-`).
pub fn judge(options: &JacquetOptions, board: &Board, dice: Dice, legal: &Plays, paths: &[Path]) -> Judgement {
    let rules = ThrowRules::new(*options, board);
    let seat = board.turn;
    let fault = |rule, path: Option<usize>, fatal| Some(Fault { rule, path, fatal });
    // 1. the play as recorded, applied in the order written
    let side = match applied(&rules, paths) {
        Ok(side) => side,
        Err((rule, i)) => return Judgement { after: None, legal: None, fault: fault(rule, Some(i), true) },
    };
    let mut after = *board;
    after.men[seat.index()] = side;
    after.turn = seat.other();
    let judged = |fault| Judgement { after: Some(after), legal: None, fault };
    if paths.is_empty() {
        return match legal.find(&side) {
            Some(i) if legal.max_moves() == 0 => Judgement { after: Some(after), legal: Some(i), fault: None },
            _ => judged(fault(Rule::MovesLeft, None, false)),
        };
    }
    // 2. the lengths against the dice
    let needed = match needed_moves(dice, paths) {
        Ok(n) => n,
        Err(i) => return judged(fault(Rule::Die, Some(i), false)),
    };
    if paths.len() > moves_of(dice) as usize || needed > moves_of(dice) as u32 {
        return judged(fault(Rule::TooMany, None, false));
    }
    // 3. every reading of the paths with the dice
    let f = readings(&rules, dice, Some(legal), paths);
    if let Some(i) = f.lawful {
        return Judgement { after: Some(after), legal: Some(i), fault: None };
    }
    if let Some(rule) = f.block {
        return judged(fault(rule, None, false));
    }
    if f.full {
        return judged(fault(Rule::HigherDie, None, false));
    }
    if f.short {
        return judged(fault(Rule::MovesLeft, None, false));
    }
    match f.fault {
        Some((_, rule, path)) => judged(fault(rule, Some(path), false)),
        None => judged(fault(if f.matched { Rule::MovesLeft } else { Rule::Die }, None, false)),
    }
}
