//! A recorded play judged against the legal plays of its roll (docs/games.md §D.10): lawful, or
//! the rule it breaks; its hit claims (`*`, §D.9); the position it leaves.
//!
//! A recorded play is one path per man in the mover's relative points (0 = the bar, 25 =
//! off), with its rests when written and its hit claims ([`Path`]). The men may be taken in
//! any order (§0.2: "in an order the player chooses"; interop-samples/README.md: "a reader
//! must not give meaning to the order of the moves within a throw"), the written order
//! first, each man's path in its order, and the play is lawful when some order makes every
//! step lawful (two men entering from the bar may be written `@ZX @ZX`); a stretch of a path whose rests are left
//! unsaid (`&N`) is made by any dice that reach its end, resting on lawful points (§0.3).
//! Among the readings that make every step lawful, one that is a legal play is taken (one
//! whose hits match the claims first); a reading whose steps are all lawful but that is
//! not a legal play breaks `moves-left`, `higher-die` or `lower-die-lost`. When no reading
//! makes every step lawful, the rule is that of the step where the reading that went
//! farthest failed (a blocked point, a bear-off rule, … before a die that fits nothing).
//!
//! No list of the legal plays is needed: a reading whose every step is lawful is a legal
//! play when it makes the moves the roll allows ([`Allowance`], §0.2, §D.6), so the readings
//! are searched in the order above and the first legal one whose hits are those claimed
//! ends the search. Nothing is allocated: the paths, their stretches and the readings are
//! fixed-size arrays.

use super::board::{Board, BAR, OFF};
use super::movegen::{Allowance, Ground, Path, Play, PlayKey, Plays, Step};
use crate::dice::Dice;
use std::fmt;

/// The rules of docs/games.md §D.10 a play can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A move's length matches no unused move of the throw.
    Die,
    /// No man of the seat on the point a move starts from.
    NotThere,
    /// More moves than the throw gives.
    TooMany,
    /// Fewer moves played than some legal play uses.
    MovesLeft,
    /// The lower die played when only one die could be and the higher could.
    HigherDie,
    /// Landing or resting on a point holding two or more opposing men.
    Occupied,
    /// A man moved while the seat has a man on the bar.
    BarFirst,
    /// A man borne off while a man is outside Q4 or on the bar.
    BearOffEarly,
    /// A larger die used to bear off while a man stood farther.
    Overshoot,
    /// (`un-seul-de=livret`) the lower die played alone.
    LowerDieLost,
}

impl Rule {
    /// The rule's report name (`die`, `not-there`, …).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Die => "die",
            Rule::NotThere => "not-there",
            Rule::TooMany => "too-many",
            Rule::MovesLeft => "moves-left",
            Rule::HigherDie => "higher-die",
            Rule::Occupied => "occupied",
            Rule::BarFirst => "bar-first",
            Rule::BearOffEarly => "bear-off-early",
            Rule::Overshoot => "overshoot",
            Rule::LowerDieLost => "lower-die-lost",
        }
    }

    /// Every rule, in §D.10's order.
    pub const ALL: [Rule; 10] = [
        Rule::Die,
        Rule::NotThere,
        Rule::TooMany,
        Rule::MovesLeft,
        Rule::HigherDie,
        Rule::Occupied,
        Rule::BarFirst,
        Rule::BearOffEarly,
        Rule::Overshoot,
        Rule::LowerDieLost,
    ];
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Hit claims that differ from the hits (the claim `hit` of §D.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitClaims {
    /// The mover's points written with `*` (bit p; bit 25 for a `*` after `#`).
    pub claimed: u32,
    /// The mover's points where a man was hit (bit p).
    pub actual: u32,
}

/// A recorded play judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The rule broken, if the play is not lawful.
    pub fault: Option<Rule>,
    /// The recorded path at fault (its index in the paths judged), when the rule is that of
    /// one man's step: where the reading that went farthest failed, or a path no die makes.
    pub path: Option<usize>,
    /// The hit claims, when they differ from the hits.
    pub hits: Option<HitClaims>,
    /// The legal play it is, when lawful.
    pub legal: Option<Play>,
    /// The steps as read, when every step is lawful (legal or not).
    pub played: Option<Play>,
    /// The position after the play as recorded (the turn passed); `None` when it cannot be
    /// made (a man that is not there, a man put on two or more opposing men).
    pub after: Option<Board>,
}

/// One stretch of a recorded path between two written points.
#[derive(Clone, Copy, Default)]
struct Segment {
    from: u8,
    to: u8,
    /// The recorded path it is a stretch of.
    path: u8,
}

#[derive(Clone, Copy)]
struct Side {
    men: [u8; 26],
    /// Bit p: a man on p (the bar p0 to p24).
    occ: u32,
}

/// Bits 0..=18: the bar and p1–p18, outside the home quarter Q4.
const OUTSIDE_HOME: u32 = (1 << 19) - 1;

const MAX_SEGMENTS: usize = 16;
/// Readings of distinct positions: every path ends where it is written, so readings differ
/// only in the lone opposing men hit on rests left unsaid, of which four moves leave at most
/// three: at most 2³.
const MAX_FOUND: usize = 8;

/// How far each recorded path has gone: its segments begun (`done`), and the point where
/// its man rests inside the last one begun when its rests are unsaid (`rest`, 0: none).
#[derive(Clone, Copy, Default)]
struct Progress {
    done: [u8; 4],
    rest: [u8; 4],
}

struct Search {
    /// Bit p: two or more opposing men on the mover's p.
    blocked: u32,
    /// Bit p: one opposing man on the mover's p.
    blots: u32,
    segments: [Segment; MAX_SEGMENTS],
    n_segments: usize,
    /// Each path's first segment and number of segments.
    paths: [(u8, u8); 4],
    n_paths: usize,
    /// The readings whose steps are all lawful, each once, with their keys.
    found: [(PlayKey, Play); MAX_FOUND],
    n_found: usize,
    /// The failure of the reading that went farthest: (segments done, rule not `die`, rule,
    /// the path at fault).
    failure: Option<(usize, bool, Rule, u8)>,
    /// What makes a reading the one taken: the roll's allowance, the dice, the mover's men
    /// before the play, the hits claimed.
    allowed: Allowance,
    dice: Dice,
    men: [u8; 26],
    claimed: u32,
    /// The faces of the dice, lower first (one for a doublet, the other 0).
    faces: [u8; 2],
    /// A legal reading whose hits are those claimed was found: it is the one taken (the
    /// first such in the order searched), and the search ends.
    taken: bool,
}

impl Search {
    fn fail(&mut self, done: usize, rule: Rule, path: u8) {
        let rank = (done, rule != Rule::Die);
        if self.failure.is_none_or(|(s, r, _, _)| rank > (s, r)) {
            self.failure = Some((done, rank.1, rule, path));
        }
    }

    /// The next segment of each path in turn (any order of the men, each man's path in
    /// order), `done` segments played, `progress` of each path.
    fn segment(&mut self, done: usize, progress: Progress, side: &Side, pool: &[u8; 7], hits: u32, play: &mut Play) {
        if done == self.n_segments {
            let key = play.key();
            if self.found[..self.n_found].iter().all(|f| f.0 != key) {
                if let Some(slot) = self.found.get_mut(self.n_found) {
                    *slot = (key, *play);
                    self.n_found += 1;
                    self.taken =
                        play.hits() == self.claimed && as_legal(&self.men, self.dice, self.allowed, play).is_some();
                }
            }
            return;
        }
        for k in 0..self.n_paths {
            if self.taken {
                return;
            }
            let (start, len) = self.paths[k];
            let mut next = progress;
            // a man resting inside a stretch whose rests are unsaid goes on from there
            let (i, from) = match std::mem::take(&mut next.rest[k]) {
                0 if progress.done[k] >= len => continue,
                0 => {
                    next.done[k] += 1;
                    let i = usize::from(start + progress.done[k]);
                    (i, usize::from(self.segments[i].from))
                }
                rest => (usize::from(start + progress.done[k] - 1), usize::from(rest)),
            };
            let path = self.segments[i].path;
            if side.men[from] == 0 {
                self.fail(done, Rule::NotThere, path);
                continue;
            }
            if from != BAR && side.men[BAR] > 0 {
                self.fail(done, Rule::BarFirst, path);
                continue;
            }
            self.reach(done, (i, k), next, from, side, pool, hits, play);
        }
    }

    /// A die from `pool` taking the man on `at` towards the end of segment `i` of path `k`;
    /// on a rest left unsaid, any man may move next (the dice in turn: `4-4 T# V#` is
    /// `TZ V& Z# &#`, docs/games.md §I.11), this one going on later.
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &mut self,
        done: usize,
        (i, k): (usize, usize),
        progress: Progress,
        at: usize,
        side: &Side,
        pool: &[u8; 7],
        hits: u32,
        play: &mut Play,
    ) {
        let target = usize::from(self.segments[i].to);
        let path = self.segments[i].path;
        let mut tried = false;
        // the dice's faces, lower first
        let faces = self.faces;
        for &d in faces.iter().filter(|&&d| d > 0) {
            let d = usize::from(d);
            if self.taken {
                return;
            }
            if pool[d] == 0 || usize::from(play.len) >= 4 {
                continue;
            }
            let next = at + d;
            let to = if target == OFF && next >= OFF {
                // bearing off (§D.5)
                if side.occ & OUTSIDE_HOME != 0 {
                    tried = true;
                    self.fail(done, Rule::BearOffEarly, path);
                    continue;
                }
                // a man on p19 up to the point left
                if next > OFF && side.occ & ((1 << at) - 1) != 0 {
                    tried = true;
                    self.fail(done, Rule::Overshoot, path);
                    continue;
                }
                OFF
            } else if next < target.min(OFF) || (next == target && target < OFF) {
                if self.blocked >> next & 1 == 1 {
                    tried = true;
                    self.fail(done, Rule::Occupied, path);
                    continue;
                }
                next
            } else {
                continue;
            };
            tried = true;
            let hit = to < OFF && (self.blots & !hits) >> to & 1 == 1;
            let mut side2 = *side;
            side2.men[at] -= 1;
            if side2.men[at] == 0 {
                side2.occ &= !(1 << at);
            }
            side2.men[to] += 1;
            if to < OFF {
                side2.occ |= 1 << to;
            }
            let mut pool2 = *pool;
            pool2[d] -= 1;
            play.steps[usize::from(play.len)] = Step { from: at as u8, to: to as u8, die: d as u8, hit };
            play.len += 1;
            let hits2 = if hit { hits | 1 << to } else { hits };
            if to == target {
                self.segment(done + 1, progress, &side2, &pool2, hits2, play);
            } else {
                let mut resting = progress;
                resting.rest[k] = to as u8;
                self.segment(done, resting, &side2, &pool2, hits2, play);
            }
            play.len -= 1;
        }
        if !tried {
            self.fail(done, Rule::Die, path);
        }
    }
}

/// The mover's points written with `*` (bit p).
fn claimed_hits(paths: &[Path]) -> u32 {
    let mut claimed = 0u32;
    for path in paths {
        for (i, &p) in path.points().iter().enumerate().skip(1) {
            if path.hits >> (i - 1) & 1 == 1 {
                claimed |= 1 << u32::from(p).min(25);
            }
        }
    }
    claimed
}

/// The recorded paths applied with no check but that each man is there and no man is put on
/// two or more opposing men; lone opposing men on written points are hit. The board and the
/// hits (bit p).
fn apply_as_written(board: &Board, paths: &[Path]) -> (Option<Board>, u32) {
    let seat = board.turn;
    let (me, them) = (seat.index(), seat.other().index());
    let mut b = *board;
    let mut hits = 0u32;
    for path in paths {
        let points = path.points();
        let Some((&from, rest)) = points.split_first() else { continue };
        let from = usize::from(from).min(OFF);
        if from == OFF || b.men[me][from] == 0 || rest.is_empty() {
            return (None, hits);
        }
        b.men[me][from] -= 1;
        for (k, &q) in rest.iter().enumerate() {
            let q = usize::from(q);
            if q == BAR || q >= OFF {
                continue;
            }
            match b.men[them][25 - q] {
                0 => {}
                1 => {
                    b.men[them][25 - q] = 0;
                    b.men[them][BAR] += 1;
                    hits |= 1 << q;
                }
                _ if k + 1 == rest.len() => return (None, hits),
                _ => {}
            }
        }
        let to = rest.last().map_or(OFF, |&t| usize::from(t).clamp(1, OFF));
        b.men[me][to] += 1;
    }
    b.turn = seat.other();
    (Some(b), hits)
}

/// `play` (every step lawful) as a legal play of the roll, if it is one: as read, or a man
/// borne off by the lower die of a singleton where only one die could be played and the
/// higher could, which the higher bears off too when no man stands farther back (§D.5,
/// §D.6: the same play).
fn as_legal(men: &[u8; 26], dice: Dice, allowed: Allowance, play: &Play) -> Option<Play> {
    if allowed.allows(play, dice) {
        return Some(*play);
    }
    let s = play.steps[0];
    let nobody_behind = men.get(19..usize::from(s.from)).is_some_and(|b| b.iter().all(|&c| c == 0));
    if allowed.high_only && play.len == 1 && usize::from(s.to) == OFF && nobody_behind {
        let mut high = *play;
        high.steps[0].die = dice.high();
        return allowed.allows(&high, dice).then_some(high);
    }
    None
}

/// Judges the recorded `paths` of `dice` by the seat to throw on `board`, against `legal`
/// (the plays [`super::movegen::legal_plays_into`] left for this board and roll).
pub fn judge(board: &Board, dice: Dice, legal: &Plays, paths: &[Path]) -> Judgement {
    judge_allowed(board, dice, legal.allowance(), paths)
}

/// Judges the recorded `paths` of `dice` by the seat to throw on `board`, the roll allowing
/// `allowed` ([`super::movegen::allowance`]): the play is read, and a reading whose every
/// step is lawful is legal when it makes the moves the roll allows (no list of the legal
/// plays is needed).
pub fn judge_allowed(board: &Board, dice: Dice, allowed: Allowance, paths: &[Path]) -> Judgement {
    let claimed = claimed_hits(paths);
    let mut search = Search::new(board, dice, allowed, claimed);
    let mut pool = [0u8; 7];
    let (hi, lo) = (usize::from(dice.high()), usize::from(dice.low()));
    if hi == lo {
        pool[hi] = 4;
    } else {
        pool[hi] = 1;
        pool[lo] = 1;
    }
    let moves: usize = pool.iter().map(|&c| usize::from(c)).sum();
    // the first path no die makes (a rest off the board, a start at the end, …)
    let malformed = search.load(paths);
    let unlawful = |rule: Rule, path: Option<usize>| {
        let written = apply_as_written(board, paths);
        Judgement {
            fault: Some(rule),
            path,
            hits: (claimed != written.1).then_some(HitClaims { claimed, actual: written.1 }),
            legal: None,
            played: None,
            after: written.0,
        }
    };
    if search.n_segments > moves || search.n_paths > 4 {
        return unlawful(Rule::TooMany, None);
    }
    if malformed.is_some() {
        return unlawful(Rule::Die, malformed);
    }
    // a stretch on the board no sum of the dice makes breaks `die` whatever else the play
    // does (a 6-6 play whose first move is seven points: docs/games.md §D.10)
    if let Some(path) = search.no_sum_of_dice() {
        return unlawful(Rule::Die, Some(path));
    }
    let occ = search.men[..OFF].iter().enumerate().fold(0u32, |m, (p, &c)| m | u32::from(c > 0) << p);
    let side = Side { men: search.men, occ };
    let mut play = Play::default();
    search.segment(0, Progress::default(), &side, &pool, 0, &mut play);
    let found = &search.found[..search.n_found];
    if found.is_empty() {
        return match search.failure {
            Some((_, _, rule, path)) => unlawful(rule, Some(usize::from(path))),
            None => unlawful(Rule::Die, None),
        };
    }
    // a legal reading, the claims matching first; else the reading to classify
    let matching = |p: &&(PlayKey, Play)| p.1.hits() == claimed;
    let legal_reading = |p: &&(PlayKey, Play)| as_legal(&search.men, dice, allowed, &p.1).is_some();
    let chosen = found
        .iter()
        .filter(legal_reading)
        .find(matching)
        .or_else(|| found.iter().find(legal_reading))
        .or_else(|| found.iter().find(matching))
        .or_else(|| found.first());
    let Some(&(_, played)) = chosen else {
        return unlawful(Rule::Die, None);
    };
    verdict(board, &search, played)
}

/// The judgement of the reading `played` of the recorded play: lawful, or the rule of the
/// dice it breaks (docs/games.md §D.5: the lower die lost, the higher die, the moves left).
fn verdict(board: &Board, search: &Search, played: Play) -> Judgement {
    let (dice, allowed, claimed) = (search.dice, search.allowed, search.claimed);
    let hits = (played.hits() != claimed).then_some(HitClaims { claimed, actual: played.hits() });
    let after = Some(played.apply(board));
    if let Some(legal) = as_legal(&search.men, dice, allowed, &played) {
        return Judgement { fault: None, path: None, hits, legal: Some(legal), played: Some(played), after };
    }
    let n = played.moves();
    let rule = if allowed.lower_die_lost && n == 1 {
        Rule::LowerDieLost
    } else if n == 1 && allowed.max_moves == 1 && played.steps[0].die != dice.high() {
        Rule::HigherDie
    } else {
        Rule::MovesLeft
    };
    Judgement { fault: Some(rule), path: None, hits, legal: None, played: Some(played), after }
}

impl Search {
    /// A search for the readings of a recorded play of `dice` by the seat to play.
    fn new(board: &Board, dice: Dice, allowed: Allowance, claimed: u32) -> Search {
        let Ground { blocked, blots } = Ground::of(board);
        Search {
            blocked,
            blots,
            segments: [Segment::default(); MAX_SEGMENTS],
            n_segments: 0,
            paths: [(0, 0); 4],
            n_paths: 0,
            found: [(0, Play::default()); MAX_FOUND],
            n_found: 0,
            failure: None,
            allowed,
            dice,
            men: *board.side(board.turn),
            claimed,
            faces: if dice.is_doublet() { [dice.high(), 0] } else { [dice.low(), dice.high()] },
            taken: false,
        }
    }

    /// The first path with a stretch on the board (not borne off) whose length is no sum
    /// of the dice (d, 2d, 3d, 4d for a doublet; either die or both for a singleton).
    fn no_sum_of_dice(&self) -> Option<usize> {
        let (lo, hi) = (self.dice.low(), self.dice.high());
        let sums: [u8; 4] = if lo == hi { [lo, 2 * lo, 3 * lo, 4 * lo] } else { [lo, hi, lo + hi, lo + hi] };
        self.segments[..self.n_segments.min(MAX_SEGMENTS)]
            .iter()
            .find(|s| usize::from(s.to) < OFF && s.to > s.from && !sums.contains(&(s.to - s.from)))
            .map(|s| usize::from(s.path))
    }

    /// The recorded paths as segments, one a die; the first path no die makes (a rest off
    /// the board, a start at the end, a path of one point), if any.
    fn load(&mut self, paths: &[Path]) -> Option<usize> {
        let mut malformed: Option<usize> = None;
        for (n, path) in paths.iter().enumerate() {
            let points = path.points();
            if points.len() < 2 {
                malformed = malformed.or(Some(n));
            }
            if let Some(slot) = self.paths.get_mut(self.n_paths) {
                *slot = (self.n_segments.min(MAX_SEGMENTS) as u8, (points.len().saturating_sub(1)) as u8);
            }
            self.n_paths += 1;
            for (k, w) in points.windows(2).enumerate() {
                // a rest off the board, or a start at the end: no die makes it
                let bad = (k > 0 && (w[0] == BAR as u8 || usize::from(w[0]) >= OFF)) || usize::from(w[1]) > OFF;
                if bad || w[1] == BAR as u8 {
                    malformed = malformed.or(Some(n));
                }
                if let Some(s) = self.segments.get_mut(self.n_segments) {
                    *s = Segment { from: w[0].min(OFF as u8), to: w[1].min(OFF as u8), path: n.min(255) as u8 };
                }
                self.n_segments += 1;
            }
        }
        malformed
    }
}

#[cfg(test)]
mod tests {
    use super::super::movegen::legal_plays_into;
    use super::super::options::UnSeulDe;
    use super::*;
    use crate::board::{Dialect, Point, Seat};

    fn board(text: &str) -> Board {
        super::super::movegen::tests::board(text)
    }

    /// A recorded play in letters for the seat to throw (`AE* EH`, `@C`, `T#`, `-`).
    fn paths(b: &Board, text: &str) -> Vec<Path> {
        if text == "-" {
            return Vec::new();
        }
        text.split(' ')
            .map(|m| {
                let mut pts = Vec::new();
                let mut hits = 0u8;
                for c in m.chars() {
                    match c {
                        '*' => hits |= 1 << (pts.len() - 2),
                        '@' => pts.push(BAR as u8),
                        '#' => pts.push(OFF as u8),
                        c => pts.push(Point::from_letter(c, Dialect::Soumille).unwrap().relative(b.turn)),
                    }
                }
                Path::through(&pts, hits).unwrap()
            })
            .collect()
    }

    fn judged(pos: &str, d: (u8, u8), play: &str, u: UnSeulDe) -> Judgement {
        let b = board(pos);
        let dice = Dice::new(d.0, d.1).unwrap();
        let mut legal = Plays::new();
        legal_plays_into(&b, dice, u, &mut legal);
        judge(&b, dice, &legal, &paths(&b, play))
    }

    fn rule(pos: &str, d: (u8, u8), play: &str) -> Option<&'static str> {
        judged(pos, d, play, UnSeulDe::Moderne).fault.map(Rule::name)
    }

    const OPEN: &str = "A2M5R3T5/F5H3N5&2 top";

    #[test]
    fn lawful_plays_and_their_positions() {
        let j = judged(OPEN, (6, 4), "AE AG", UnSeulDe::Moderne);
        assert_eq!(j.fault, None);
        assert_eq!(j.hits, None);
        assert!(j.legal.is_some());
        assert_eq!(j.after.unwrap().to_string(), "EGM5R3T5/F5H3N5&2 bottom");
        // the order of the men and the rests left unsaid (§0.3)
        assert_eq!(rule(OPEN, (6, 4), "AG AE"), None);
        assert_eq!(rule(OPEN, (2, 1), "AD"), None);
        assert_eq!(rule(OPEN, (2, 1), "ACD"), None);
        assert_eq!(rule(OPEN, (5, 5), "MRY MRY"), None);
        assert_eq!(rule(OPEN, (5, 5), "MY MY"), None);
        assert_eq!(rule(OPEN, (5, 5), "MR MR RY RY"), None);
        // bottom on its own route
        assert_eq!(rule("A2M5R3T5/F5H3N5&2 bottom", (6, 4), "&V &S"), None);
    }

    #[test]
    fn die() {
        assert_eq!(rule(OPEN, (6, 4), "AF AG"), Some("die"));
        assert_eq!(rule(OPEN, (6, 4), "AG AG"), Some("die"));
        assert_eq!(rule(OPEN, (2, 1), "AE"), Some("die"));
        // a man moving backward
        assert_eq!(rule(OPEN, (2, 1), "TS TR"), Some("die"));
    }

    #[test]
    fn not_there() {
        assert_eq!(rule(OPEN, (6, 4), "BF BH"), Some("not-there"));
        // the second man of a point that had one
        assert_eq!(rule("AM6R3T5/F5H3N5&2 top", (6, 4), "AE AG"), Some("not-there"));
    }

    #[test]
    fn too_many() {
        assert_eq!(rule(OPEN, (6, 4), "AE AG MN"), Some("too-many"));
        assert_eq!(rule(OPEN, (1, 1), "AB AB MN MN TV"), Some("too-many"));
        assert_eq!(rule(OPEN, (2, 1), "ACDE"), Some("too-many"));
    }

    #[test]
    fn moves_left() {
        assert_eq!(rule(OPEN, (6, 4), "AE"), Some("moves-left"));
        assert_eq!(rule(OPEN, (3, 3), "AD AD MP"), Some("moves-left"));
        assert_eq!(rule(OPEN, (3, 3), "-"), Some("moves-left"));
    }

    #[test]
    fn higher_die_and_lower_die_lost() {
        // only one die can be played, and the higher can: A+6 = G, then G+1 = H is blocked
        let pos = "A&14/B2H2M11 top";
        assert_eq!(rule(pos, (6, 1), "AG"), None);
        let pos3 = "A&14/H2I2M11 top"; // 6: A→G then 1 G→H blocked; 1: A→B then 6 B→H blocked
        assert_eq!(rule(pos3, (6, 1), "AG"), None);
        assert_eq!(rule(pos3, (6, 1), "AB"), Some("higher-die"));
        // only the lower can be played: moderne plays it, livret loses it
        let pos4 = "A&14/C2G2H2M9 top";
        assert_eq!(rule(pos4, (6, 1), "AB"), None);
        assert_eq!(rule(pos4, (6, 1), "-"), Some("moves-left"));
        assert_eq!(judged(pos4, (6, 1), "AB", UnSeulDe::Livret).fault, Some(Rule::LowerDieLost));
        assert_eq!(judged(pos4, (6, 1), "-", UnSeulDe::Livret).fault, None);
    }

    #[test]
    fn occupied() {
        // bottom holds E (top's p5) with two men
        let pos = "A2M5R3T5/E2H3N5&5 top";
        assert_eq!(rule(pos, (6, 4), "AE AG"), Some("occupied"));
        // a rest on it, written or not
        assert_eq!(rule(pos, (4, 1), "AEF"), Some("occupied"));
        assert_eq!(rule(pos, (4, 1), "ABF"), None);
        assert_eq!(rule(pos, (4, 1), "AF"), None); // the lawful rest is chosen
        assert_eq!(rule("A2M5R3T5/B2E2H3N5&3 top", (4, 1), "AF"), Some("occupied"));
    }

    #[test]
    fn bar_first() {
        let pos = "M5R3T5Y@/A2B2D2E2F2&5 top";
        assert_eq!(rule(pos, (6, 3), "@C MS"), None);
        assert_eq!(rule(pos, (6, 3), "MS @C"), None); // the men in another order
        assert_eq!(rule(pos, (6, 3), "@I"), None); // resting on C
        assert_eq!(rule("M4R3T5Y@2/A2B2D2E2F2&5 top", (6, 3), "@C MS"), Some("bar-first"));
        assert_eq!(rule(pos, (6, 3), "MS MP"), Some("bar-first"));
    }

    #[test]
    fn bear_off_early_and_overshoot() {
        // a man on S (p18): no bearing off before it is home
        let pos = "S&14/A15 top";
        assert_eq!(rule(pos, (6, 1), "&# S&"), None); // S& first
        assert_eq!(rule(pos, (6, 1), "&# &#"), Some("bear-off-early"));
        assert_eq!(rule(pos, (6, 1), "ST &#"), Some("overshoot")); // T stands farther
        assert_eq!(rule(pos, (6, 1), "S& &#"), None);
        // a man on the bar: entered first, it is still outside Q4
        assert_eq!(rule("&14@/A15 top", (6, 1), "&# @F"), Some("bear-off-early"));
        assert_eq!(rule("&14@/A15 top", (6, 1), "&# &#"), Some("bar-first"));
        // the larger die from X (p21) while T (p19) stands farther
        let pos2 = "T2X3#10/A15 top";
        assert_eq!(rule(pos2, (6, 5), "X# T#"), Some("overshoot"));
        assert_eq!(rule(pos2, (6, 5), "T# T&"), None);
        // in any order, a man is left on T while X bears off with a 6
        assert_eq!(rule(pos2, (6, 6), "X# X# X# T#"), Some("overshoot"));
        assert_eq!(rule(pos2, (6, 6), "X# X# T# T#"), None);
        assert_eq!(rule(pos2, (6, 6), "T# T# X# X#"), None);
        // a 6-6 play whose first move is seven points breaks `die`, not a bear-off rule
        assert_eq!(rule("L2&13/A15 top", (6, 6), "LS L#"), Some("die"));
        // each man over two dice, the dice in turn (docs/games.md §I.11): TZ V& Z# &#
        assert_eq!(rule("TV#13/A15 top", (4, 4), "T# V#"), None);
        assert_eq!(rule("TV#13/A15 top", (4, 4), "TZ# V&#"), None);
    }

    #[test]
    fn hit_claims() {
        let pos = "A15/D2E&12 top"; // a lone bottom man on E (top's p5)
        let j = judged(pos, (4, 3), "AE*H", UnSeulDe::Moderne);
        assert_eq!((j.fault, j.hits), (None, None));
        assert_eq!(j.after.unwrap().to_string(), "A14H/D2&12@ bottom");
        let j = judged(pos, (4, 3), "AEH", UnSeulDe::Moderne);
        assert_eq!(j.fault, None);
        assert_eq!(j.hits, Some(HitClaims { claimed: 0, actual: 1 << 5 }));
        let j = judged(pos, (4, 3), "AE*H*", UnSeulDe::Moderne);
        assert_eq!(j.hits, Some(HitClaims { claimed: 1 << 5 | 1 << 8, actual: 1 << 5 }));
        // the hit on an unsaid rest is a hit without `*`
        let j = judged(pos, (4, 3), "AH", UnSeulDe::Moderne);
        assert_eq!(j.fault, None);
        assert_eq!(j.hits.map(|h| h.actual), Some(1 << 5));
        // the rests chosen to match the claims: 4-1 around E or through it
        let pos2 = "A15/E&14 top";
        let j = judged(pos2, (4, 1), "AF", UnSeulDe::Moderne);
        assert_eq!((j.fault, j.hits), (None, None));
        assert_eq!(j.after.unwrap().men(Seat::Bottom, 0), 0);
        let j = judged(pos2, (4, 1), "AE*F", UnSeulDe::Moderne);
        assert_eq!((j.fault, j.hits), (None, None));
        assert_eq!(j.after.unwrap().men(Seat::Bottom, 0), 1);
    }

    #[test]
    fn an_unlawful_play_still_leaves_its_position() {
        let j = judged(OPEN, (6, 4), "AD AG", UnSeulDe::Moderne);
        assert_eq!(j.fault, Some(Rule::Die));
        assert_eq!(j.after.unwrap().to_string(), "DGM5R3T5/F5H3N5&2 bottom");
        // onto two opposing men: no position
        assert_eq!(judged(OPEN, (6, 5), "AF", UnSeulDe::Moderne).after, None);
        // a man that is not there: no position
        assert_eq!(judged(OPEN, (6, 5), "BH", UnSeulDe::Moderne).after, None);
    }

    #[test]
    fn every_legal_play_is_lawful_as_its_notation() {
        let mut rng = super::super::brute::Rng(4242);
        let mut legal = Plays::new();
        let mut scratch = Plays::new();
        for i in 0..300 {
            let b = if i % 2 == 0 {
                super::super::brute::scatter(&mut rng)
            } else {
                super::super::brute::random_game_position(&mut rng, &mut scratch)
            };
            let d = rng.dice();
            legal_plays_into(&b, d, UnSeulDe::Moderne, &mut legal);
            for p in legal.as_slice() {
                let text = p.notation(b.turn);
                let j = judge(&b, d, &legal, &paths(&b, &text));
                assert_eq!((j.fault, j.hits), (None, None), "{text} with {d} on {b}");
                assert_eq!(j.after, Some(p.apply(&b)), "{text} with {d} on {b}");
            }
        }
    }

    #[test]
    fn a_play_judged_by_the_allowance_is_legal_as_the_list_says() {
        let mut rng = super::super::brute::Rng(2024);
        let (mut legal, mut scratch) = (Plays::new(), Plays::new());
        for i in 0..3000 {
            let b = if i % 2 == 0 {
                super::super::brute::scatter(&mut rng)
            } else {
                super::super::brute::random_game_position(&mut rng, &mut scratch)
            };
            let d = rng.dice();
            let u = if i % 3 == 0 { UnSeulDe::Livret } else { UnSeulDe::Moderne };
            legal_plays_into(&b, d, u, &mut legal);
            // a man's single moves and the legal plays' paths, each man from a point it holds
            let seat = b.turn;
            let from: Vec<u8> = (0..25u8).filter(|&p| b.men(seat, usize::from(p)) > 0).collect();
            let n = 1 + rng.below(2) as usize;
            let paths: Vec<Path> = (0..n)
                .map(|_| {
                    let f = from[rng.below(from.len() as u64) as usize];
                    Path::new(f, (f + 1 + rng.below(12) as u8).min(OFF as u8))
                })
                .collect();
            let j = judge(&b, d, &legal, &paths);
            if let Some(p) = j.legal {
                assert!(legal.find(p.key()).is_some(), "{paths:?} with {d} on {b}");
            } else if let (Some(p), Some(Rule::MovesLeft | Rule::HigherDie | Rule::LowerDieLost)) = (j.played, j.fault)
            {
                assert!(legal.find(p.key()).is_none(), "{paths:?} with {d} on {b}");
            }
        }
    }

    #[test]
    fn any_recorded_paths_are_judged_without_panic() {
        let mut rng = super::super::brute::Rng(99);
        let mut legal = Plays::new();
        for _ in 0..3000 {
            let b = super::super::brute::scatter(&mut rng);
            let d = rng.dice();
            legal_plays_into(&b, d, UnSeulDe::Moderne, &mut legal);
            let n = rng.below(6) as usize;
            let paths: Vec<Path> = (0..n)
                .map(|_| {
                    let len = 2 + rng.below(4) as usize;
                    let pts: Vec<u8> = (0..len).map(|_| rng.below(26) as u8).collect();
                    Path::through(&pts, rng.below(256) as u8).unwrap()
                })
                .collect();
            let j = judge(&b, d, &legal, &paths);
            assert_eq!(j.fault.is_none(), j.legal.is_some(), "{paths:?} with {d} on {b}");
            if let Some(l) = j.legal {
                assert_eq!(j.after, Some(l.apply(&b)));
            }
        }
    }
}
