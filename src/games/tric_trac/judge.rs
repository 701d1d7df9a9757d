//! A recorded Tric Trac play judged against the legal plays of its roll (docs/games.md §E.12).
//!
//! A record writes one path per man (docs/games.md §0.3): `from rest… to`, rests optional (the
//! reader chooses any lawful ones), `*` after a point where a man was captured, `#` for a
//! man reaching p24. [`Path`] holds one in the seat's relative points. The judge tries every
//! reading of the record (the order of its men, which die makes which move, the unsaid
//! rests): a reading that is a legal play makes the play lawful; otherwise the reading that
//! gets furthest names the rule broken ([`Rule`]). The position after the play is the play
//! as recorded, whenever its moves can be made at all.

use super::movegen::{
    bosse_fault, legal_plays_into, play_key, pont_points, pont_stands, BosseFault, MoveFault, Play, Plays, Progress,
    Step, ARRIVAL, BOSSE, OPP_BOSSE, START,
};
use super::options::Options;
use crate::board::Seat;
use crate::dice::Dice;
use crate::position::Position;
use std::fmt;

/// One man's path of a recorded play, in the seat's relative points (docs/games.md §0.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    /// The point left.
    pub from: u8,
    /// The rests written, in order (`rests[..n_rests]`).
    pub rests: [u8; 3],
    /// How many rests are written.
    pub n_rests: u8,
    /// The point reached; 24 (the arrival, `#`) bears the man off.
    pub to: u8,
    /// Capture claims: bit i set = `*` after the i-th point following `from` (i < n_rests:
    /// after `rests[i]`; i == n_rests: after `to`).
    pub hits: u8,
}

impl Path {
    /// A path with no rest written.
    pub fn new(from: u8, to: u8) -> Path {
        Path { from, to: to.min(ARRIVAL as u8), ..Path::default() }
    }

    /// A path through `rests` (at most three are kept).
    pub fn via(from: u8, rests: &[u8], to: u8) -> Path {
        let mut p = Path::new(from, to);
        for (i, &r) in rests.iter().take(3).enumerate() {
            p.rests[i] = r;
        }
        p.n_rests = rests.len().min(3) as u8;
        p
    }

    /// The same path with capture claims `hits`.
    pub fn with_hits(mut self, hits: u8) -> Path {
        self.hits = hits;
        self
    }

    /// The written points: from, the rests, to.
    fn points(&self) -> ([u8; 5], usize) {
        let mut pts = [0u8; 5];
        pts[0] = self.from;
        let n = self.n_rests.min(3) as usize;
        pts[1..=n].copy_from_slice(&self.rests[..n]);
        pts[n + 1] = self.to.min(ARRIVAL as u8);
        (pts, n + 2)
    }
}

/// The paths of a record's play for `seat` (`-` or none: no path), into `out`. The bar
/// (`@`, no Tric Trac point) reads as point 0, where no man stands.
pub fn paths_of(seat: Seat, play: &crate::notation::Play, out: &mut impl Extend<Path>) {
    use crate::notation::{Origin, Play as Recorded, Target};
    let Recorded::Moves(moves) = play else { return };
    out.extend(moves.iter().map(|m| {
        let from = match m.from {
            Origin::Point(p) => p.relative(seat),
            Origin::Bar => 0,
        };
        let to = match m.to {
            Target::Point(p) => p.relative(seat),
            Target::Off => ARRIVAL as u8,
        };
        let mut p = Path::new(from, to).with_hits(m.hits);
        for (i, r) in m.rests.iter().take(3).enumerate() {
            p.rests[i] = r.relative(seat);
        }
        p.n_rests = m.rests.len().min(3) as u8;
        p
    }));
}

/// The rules of docs/games.md §E.12 a play may break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A move that no die gives (or backwards).
    Die,
    /// A move of a man that is not there.
    NotThere,
    /// Fewer moves than some legal play uses.
    MovesLeft,
    /// Only one die could be used, and the lower was though the higher could (`plus-fort`).
    HigherDie,
    /// More than two moves (doublets included).
    TooMany,
    /// Onto two or more opposing men.
    Occupied,
    /// Onto (or resting on) the opponent's bosse.
    BosseAdverse,
    /// A man other than one leaving p1, or continuing from it, moved while men remain on p1.
    Entry,
    /// One man alone onto the empty own bosse.
    BosseFirst,
    /// The last two leaving the bosse in different throws, or one man left alone on it.
    BosseLast,
    /// The bosse taken par puissance when it could be taken naturally, or when it cannot be
    /// taken so.
    ParPuissance,
    /// A move beyond p24.
    Overshoot,
    /// Moves played after the partie was won mid-throw.
    AfterWin,
}

impl Rule {
    /// Every rule, in the order of docs/games.md §E.12.
    pub const ALL: [Rule; 13] = [
        Rule::Die,
        Rule::NotThere,
        Rule::MovesLeft,
        Rule::HigherDie,
        Rule::TooMany,
        Rule::Occupied,
        Rule::BosseAdverse,
        Rule::Entry,
        Rule::BosseFirst,
        Rule::BosseLast,
        Rule::ParPuissance,
        Rule::Overshoot,
        Rule::AfterWin,
    ];

    /// The rule's name in reports (docs/games.md §E.12).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Die => "die",
            Rule::NotThere => "not-there",
            Rule::MovesLeft => "moves-left",
            Rule::HigherDie => "higher-die",
            Rule::TooMany => "too-many",
            Rule::Occupied => "occupied",
            Rule::BosseAdverse => "bosse-adverse",
            Rule::Entry => "entry",
            Rule::BosseFirst => "bosse-first",
            Rule::BosseLast => "bosse-last",
            Rule::ParPuissance => "par-puissance",
            Rule::Overshoot => "overshoot",
            Rule::AfterWin => "after-win",
        }
    }

    fn of_move(f: MoveFault) -> Rule {
        match f {
            MoveFault::NotThere => Rule::NotThere,
            MoveFault::Entry => Rule::Entry,
            MoveFault::Overshoot => Rule::Overshoot,
            MoveFault::BosseAdverse => Rule::BosseAdverse,
            MoveFault::Occupied => Rule::Occupied,
        }
    }

    /// How far a reading that breaks this rule got, within its move: the reading that gets
    /// furthest explains the fault.
    fn weight(self) -> u32 {
        match self {
            Rule::NotThere => 1,
            Rule::Die | Rule::TooMany => 2,
            Rule::Overshoot => 3,
            Rule::Entry => 4,
            Rule::BosseAdverse | Rule::Occupied => 5,
            Rule::AfterWin => 8,
            _ => 10,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule a recorded play breaks, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fault {
    /// The rule.
    pub rule: Rule,
    /// The recorded path concerned (index as written), for a fault of one move.
    pub path: Option<u8>,
    /// The move concerned, in relative points (`from`, `to`; 24 = arrival), 0/0 for a
    /// fault of the whole play.
    pub from: u8,
    /// See `from`.
    pub to: u8,
    /// The play could not be made at all (a man not there, a point of two opposing men, a
    /// backward move): there is no position after it.
    pub fatal: bool,
}

/// A recorded play judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The position after the play as recorded (turn unchanged), when it could be made.
    pub after: Option<Position>,
    /// The rule broken, if any.
    pub fault: Option<Fault>,
    /// The legal play it is, when lawful.
    pub legal: Option<Play>,
    /// Men the play as recorded captured.
    pub captures: u8,
    /// Men it bore off.
    pub borne_off: u8,
    /// What the grand pont scored at its end (0 or 2).
    pub pont: u8,
    /// Whether one of its moves won the partie.
    pub won_by_move: bool,
    /// Whether the capture claims (`*`) are right: one after each point where a man was
    /// captured, none elsewhere.
    pub hits_ok: bool,
}

impl Judgement {
    /// What the play as recorded scored (docs/games.md §E.9).
    pub fn points(&self) -> u16 {
        self.captures as u16 + self.borne_off as u16 + self.pont as u16
    }
}

/// Most moves a reading holds (more than two is `too-many` anyway).
const MAX_STEPS: usize = 12;
/// Most paths whose orders are tried.
const MAX_PATHS: usize = 8;
/// The rank of a lawful reading with its captures written: no reading beats it.
const BEST: u32 = u32::MAX;

/// One move of a reading of the record.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    from: u8,
    /// 24 = arrival.
    to: u8,
    die: u8,
    /// A rule the reading breaks by its dice alone (die, overshoot, too-many).
    bad: Option<Rule>,
    path: u8,
    /// The claim written after its end point (`None` for an unsaid rest).
    claim: Option<bool>,
}

/// Judges a recorded play (`paths`; empty for `-`) of `dice` by the seat to throw in `pos`,
/// which has `points` in the partie, against `legal` (as
/// [`super::movegen::legal_plays_into`] left it for this position and roll).
pub fn judge(pos: &Position, points: u16, dice: Dice, options: &Options, legal: &Plays, paths: &[Path]) -> Judgement {
    let bosse_before = pos.side(pos.turn())[BOSSE];
    judge_in(Ctx { pos, points, dice, options, legal: Legal::Known(legal), bosse_before }, paths).0
}

/// [`judge`] without the legal plays of the roll at hand: they are generated into `plays`
/// only when the play cannot be judged without them (fewer than two moves, the bosse taken
/// par puissance). A reading of two moves each lawful in turn that keeps the bosse's rules
/// is a legal play (§E.5: no legal play uses more), whatever the others are. Whether `plays`
/// now holds the legal plays of the roll is the second value.
pub fn judge_lazy(
    pos: &Position,
    points: u16,
    dice: Dice,
    options: &Options,
    plays: &mut Plays,
    paths: &[Path],
) -> (Judgement, bool) {
    let bosse_before = pos.side(pos.turn())[BOSSE];
    judge_in(Ctx { pos, points, dice, options, legal: Legal::Lazy { plays, filled: false }, bosse_before }, paths)
}

fn judge_in(mut ctx: Ctx, paths: &[Path]) -> (Judgement, bool) {
    let j = judge_readings(&mut ctx, paths);
    let filled = match ctx.legal {
        Legal::Known(_) => true,
        Legal::Lazy { filled, .. } => filled,
    };
    (j, filled)
}

fn judge_readings(ctx: &mut Ctx, paths: &[Path]) -> Judgement {
    let dice = ctx.dice;
    if let Some(j) = ctx.par_puissance(paths) {
        return j;
    }
    // the best reading of each order of the men: the written order, then the other
    let mut best: [Option<Trial>; 2] = [None, None];
    let n = paths.len().min(MAX_PATHS);
    let mut order = [0u8; MAX_PATHS];
    for (i, o) in order.iter_mut().enumerate().take(n) {
        *o = i as u8;
    }
    let orders = if n == 2 { 2 } else { 1 };
    for k in 0..orders {
        if k == 1 {
            order.swap(0, 1);
        }
        let mut segs = [(0u8, 0u8, 0u8, None); MAX_STEPS];
        let mut ns = 0;
        for &pi in &order[..n] {
            let p = &paths[pi as usize];
            let (pts, np) = p.points();
            for w in 1..np {
                if ns < MAX_STEPS {
                    segs[ns] = (pts[w - 1], pts[w], pi, Some(p.hits & (1 << (w - 1)) != 0));
                    ns += 1;
                }
            }
        }
        let dice_left = if dice.is_doublet() { [dice.high(); 2] } else { [dice.high(), dice.low()] };
        let mut moves = [Move::default(); MAX_STEPS];
        let best = &mut best[k];
        // a lawful reading with its captures written is the best there is: the search
        // stops there
        let found = expand(&segs[..ns], dice_left, &mut moves, 0, &mut |m| {
            let t = ctx.trial(m);
            let top = t.rank == BEST;
            if best.as_ref().is_none_or(|b| t.rank > b.rank) {
                *best = Some(t);
            }
            top
        });
        if found {
            break;
        }
    }
    // the men may be written in any order, but moves written after the move that won the
    // partie were played after it
    let [written, other] = best;
    let t = match (written, other) {
        (Some(w), _) if w.fault.is_some_and(|f| f.rule == Rule::AfterWin) => w,
        (Some(w), Some(o)) => {
            if o.rank > w.rank {
                o
            } else {
                w
            }
        }
        (Some(w), None) => w,
        (None, _) => ctx.trial(&[]),
    };
    t.judgement()
}

/// Every reading of the segments `segs` (from, to, path, claim) with the dice left: each
/// segment one die, or two with the rest unsaid; a segment no die gives is read with the
/// rule it breaks. `visit` returns whether the search can stop (a reading nothing beats was
/// found); so does `expand`.
fn expand(
    segs: &[(u8, u8, u8, Option<bool>)],
    dice: [u8; 2],
    moves: &mut [Move; MAX_STEPS],
    n: usize,
    visit: &mut dyn FnMut(&[Move]) -> bool,
) -> bool {
    let Some(&(from, to, path, claim)) = segs.first() else {
        return visit(&moves[..n]);
    };
    if n >= MAX_STEPS {
        return visit(&moves[..n]);
    }
    let rest = &segs[1..];
    let len = to.saturating_sub(from);
    let mut any = false;
    if to > from {
        // one die
        for k in 0..2 {
            if dice[k] != 0 && dice[k] == len && !(k == 1 && dice[0] == dice[1]) {
                let mut left = dice;
                left[k] = 0;
                moves[n] = Move { from, to, die: len, bad: None, path, claim };
                if expand(rest, left, moves, n + 1, visit) {
                    return true;
                }
                any = true;
            }
        }
        // two dice, the rest unsaid
        if dice[0] != 0 && dice[1] != 0 && dice[0] + dice[1] == len && n + 1 < MAX_STEPS {
            let firsts: &[u8] = if dice[0] == dice[1] { &[dice[0]] } else { &[dice[0], dice[1]] };
            for &d in firsts {
                let r = from.saturating_add(d);
                moves[n] = Move { from, to: r, die: d, bad: None, path, claim: None };
                moves[n + 1] = Move { from: r, to, die: len - d, bad: None, path, claim };
                if expand(rest, [0, 0], moves, n + 2, visit) {
                    return true;
                }
            }
            any = true;
        }
    }
    if !any {
        let left = dice.iter().filter(|&&d| d != 0).count();
        let (bad, left_after) = if left == 0 {
            (Rule::TooMany, dice)
        } else if to as usize == ARRIVAL && to > from && (dice.iter().any(|&d| d > len) || dice[0] + dice[1] > len) {
            // bearing off with more than the man needs: the smallest die that would carry
            // it beyond, or both
            let mut l = dice;
            match (0..2).filter(|&k| dice[k] > len).min_by_key(|&k| dice[k]) {
                Some(k) => l[k] = 0,
                None => l = [0, 0],
            }
            (Rule::Overshoot, l)
        } else {
            (Rule::Die, dice)
        };
        moves[n] = Move { from, to, die: 0, bad: Some(bad), path, claim };
        return expand(rest, left_after, moves, n + 1, visit);
    }
    false
}

/// The legal plays of the roll as the judge has them.
enum Legal<'a> {
    /// Generated by the caller.
    Known(&'a Plays),
    /// Generated into `plays` on first need.
    Lazy { plays: &'a mut Plays, filled: bool },
}

/// What the judge knows of the throw.
struct Ctx<'a> {
    pos: &'a Position,
    points: u16,
    dice: Dice,
    options: &'a Options,
    legal: Legal<'a>,
    bosse_before: u8,
}

/// One reading of the record played out.
struct Trial {
    rank: u32,
    /// Captures and men borne off that count: those up to the move that won the partie.
    counted: (u8, u8),
    fault: Option<Fault>,
    progress: Progress,
    fatal: bool,
    hits_ok: bool,
    legal: Option<Play>,
    pont: u8,
}

impl Trial {
    fn judgement(self) -> Judgement {
        Judgement {
            after: (!self.fatal).then_some(self.progress.pos),
            fault: self.fault,
            legal: self.legal,
            captures: self.counted.0,
            borne_off: self.counted.1,
            pont: self.pont,
            won_by_move: self.progress.won,
            hits_ok: self.hits_ok,
        }
    }
}

impl Ctx<'_> {
    fn seat(&self) -> Seat {
        self.pos.turn()
    }

    /// The legal plays of the roll, generated now if they are not yet.
    fn plays(&mut self) -> &Plays {
        let (pos, points, dice, options) = (self.pos, self.points, self.dice, self.options);
        match &mut self.legal {
            Legal::Known(p) => p,
            Legal::Lazy { plays, filled } => {
                if !*filled {
                    legal_plays_into(pos, points, dice, options, plays);
                    *filled = true;
                }
                plays
            }
        }
    }

    /// Plays a reading out: the first rule its moves break, then the play's rules.
    fn trial(&mut self, moves: &[Move]) -> Trial {
        let mut pr = Progress::new(self.pos, self.points);
        let mut fault: Option<(Fault, u32)> = None;
        let mut fatal = false;
        let mut hits_ok = true;
        let mut steps = [Step::default(); MAX_STEPS];
        let mut n = 0;
        let mut counted = (0, 0);
        for (i, m) in moves.iter().enumerate() {
            if !fatal {
                let rule = move_rule(&pr, m);
                if let (Some(rule), None) = (rule, fault) {
                    let f = Fault { rule, path: Some(m.path), from: m.from, to: m.to, fatal: false };
                    fault = Some((f, i as u32 * 16 + rule.weight()));
                }
                // the move as recorded, when it can be made at all
                let (f, t) = (m.from as usize, m.to as usize);
                if t <= f || pr.side().get(f).is_none_or(|&c| c == 0) || (t < ARRIVAL && pr.opposing(t) >= 2) {
                    fatal = true;
                } else {
                    let s = pr.apply(f, t, m.die.max((t - f).min(6) as u8));
                    if m.claim.unwrap_or(false) != s.capture {
                        hits_ok = false;
                    }
                    steps[n] = s;
                    n += 1;
                    if rule != Some(Rule::AfterWin) {
                        counted = (pr.captures, pr.borne_off);
                    }
                }
            }
        }
        if fatal {
            if let Some((f, _)) = fault.as_mut() {
                f.fatal = true;
            }
        }
        let steps = &steps[..n];
        let pont = pont_points(self.options, pr.won, pont_stands(self.pos.side(self.seat())), pr.side());
        let mut t = Trial { rank: 0, counted, fault: None, progress: pr, fatal, hits_ok, legal: None, pont };
        if let Some((f, rank)) = fault {
            t.fault = Some(f);
            t.rank = rank;
            return t;
        }
        let whole = |rule| Fault { rule, path: None, from: 0, to: 0, fatal: false };
        let end_rank = n as u32 * 16 + 10;
        if let Some(b) = bosse_fault(self.bosse_before, steps, pr.side()[BOSSE]) {
            t.fault = Some(whole(bosse_rule(b)));
            t.rank = end_rank;
            return t;
        }
        let used = if pr.won { 2 } else { n as u8 };
        let key = play_key(steps);
        if used == 2 {
            // every move lawful in turn, the bosse kept, the whole throw used: no legal play
            // uses more (§E.5), so this is one
            t.legal = Some(made_play(&pr, steps, pont, key));
            t.rank = BEST - u32::from(!hits_ok);
            return t;
        }
        let legal = self.plays();
        if let Some(p) = legal.find(key) {
            t.legal = Some(*p);
            t.rank = BEST - u32::from(!hits_ok);
            return t;
        }
        let rule = if used < legal.max_moves {
            Rule::MovesLeft
        } else if legal.higher_only && n == 1 && steps[0].die == self.dice.low() {
            Rule::HigherDie
        } else {
            Rule::Die
        };
        t.fault = Some(whole(rule));
        t.rank = end_rank;
        t
    }

    /// A record that takes the bosse par puissance (§E.7): two paths, no rest, onto the own
    /// bosse from `13 − high` and `13 − low`. `None` for any other record.
    fn par_puissance(&mut self, paths: &[Path]) -> Option<Judgement> {
        let (hi, lo) = (self.dice.high(), self.dice.low());
        let [a, b] = paths else { return None };
        if lo < 2 || a.n_rests != 0 || b.n_rests != 0 || a.to as usize != BOSSE || b.to as usize != BOSSE {
            return None;
        }
        let (fa, fb) = ((OPP_BOSSE as u8) - hi, (OPP_BOSSE as u8) - lo);
        let (pa, pb) = if (a.from, b.from) == (fa, fb) {
            (0u8, 1u8)
        } else if (a.from, b.from) == (fb, fa) {
            (1, 0)
        } else {
            return None;
        };
        let mut pr = Progress::new(self.pos, self.points);
        let side = *pr.side();
        let there = if fa == fb { side[fa as usize] >= 2 } else { side[fa as usize] >= 1 && side[fb as usize] >= 1 };
        let fault = |rule, path: Option<u8>, from: u8, fatal| Fault { rule, path, from, to: BOSSE as u8, fatal };
        let rule = if !there {
            let (p, f) = if side[fa as usize] == 0 { (pa, fa) } else { (pb, fb) };
            return Some(Judgement {
                after: None,
                fault: Some(fault(Rule::NotThere, Some(p), f, true)),
                legal: None,
                captures: 0,
                borne_off: 0,
                pont: 0,
                won_by_move: false,
                hits_ok: a.hits == 0 && b.hits == 0,
            });
        } else if side[START] > 0 {
            Some(Rule::Entry)
        } else if self.bosse_before != 0 || pr.opposing(BOSSE) != 0 || self.plays().natural_bosse {
            Some(Rule::ParPuissance)
        } else {
            None
        };
        let s1 = pr.apply(fa as usize, BOSSE, hi);
        let s2 = pr.apply(fb as usize, BOSSE, lo);
        let key = play_key(&[s1, s2]);
        let legal = if rule.is_none() { self.plays().find(key).copied() } else { None };
        let rule = if rule.is_none() && legal.is_none() { Some(Rule::ParPuissance) } else { rule };
        let pont = pont_points(self.options, false, pont_stands(self.pos.side(self.seat())), pr.side());
        Some(Judgement {
            after: Some(pr.pos),
            fault: rule.map(|r| fault(r, None, 0, false)),
            legal,
            captures: 0,
            borne_off: 0,
            pont,
            won_by_move: false,
            hits_ok: a.hits == 0 && b.hits == 0,
        })
    }
}

/// The letter of `seat`'s relative point `p` (24 and beyond: `#`).
pub fn letter(seat: Seat, p: u8) -> char {
    if p == 0 || p as usize >= ARRIVAL {
        '#'
    } else {
        Position::point(seat, p as usize).letter(crate::board::Dialect::Soumille)
    }
}

/// A recorded play in the record's letters: `GK* B#`, `-` for none.
pub fn paths_text(seat: Seat, paths: &[Path]) -> String {
    if paths.is_empty() {
        return "-".into();
    }
    let mut out = String::with_capacity(paths.len() * 4);
    for (k, p) in paths.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let (pts, n) = p.points();
        for (i, &q) in pts[..n].iter().enumerate() {
            out.push(letter(seat, q));
            if i > 0 && p.hits & (1 << (i - 1)) != 0 {
                out.push('*');
            }
        }
    }
    out
}

/// The lawful plays that pass `filter`, those nearest the recorded play (`recorded`, as
/// [`paths_text`] writes it) first ([`crate::games::nearness`]), then in notation order.
pub fn ordered_plays(seat: Seat, legal: &Plays, recorded: &str, filter: impl Fn(&Play) -> bool) -> Vec<Play> {
    let rec: Vec<&str> = recorded.split(' ').collect();
    let near = |t: &str| crate::games::nearness(&rec, t);
    let mut v: Vec<(usize, Play, String)> = legal
        .iter()
        .filter(|p| filter(p))
        .map(|p| {
            let t = p.text(seat);
            (near(&t), *p, t)
        })
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.2.cmp(&b.2)));
    v.into_iter().map(|(_, p, _)| p).collect()
}

impl Fault {
    /// The lawful plays a fausse case suggests, those nearest the recorded play first: for a
    /// bosse taken par puissance when it could be taken naturally (§E.7), the natural
    /// takings; else every legal play.
    pub fn lawful(&self, seat: Seat, paths: &[Path], legal: &Plays) -> Vec<Play> {
        let played = paths_text(seat, paths);
        if self.rule == Rule::ParPuissance && legal.natural_bosse {
            ordered_plays(seat, legal, &played, |p| {
                !p.par_puissance && p.len == 2 && p.steps().iter().all(|s| s.to as usize == BOSSE)
            })
        } else {
            ordered_plays(seat, legal, &played, |_| true)
        }
    }
}

/// The rule a fault of the bosse breaks (§E.7).
fn bosse_rule(b: BosseFault) -> Rule {
    match b {
        BosseFault::First => Rule::BosseFirst,
        BosseFault::Last => Rule::BosseLast,
    }
}

/// The first rule a recorded move breaks where the men stand (`pr`), if any.
fn move_rule(pr: &Progress, m: &Move) -> Option<Rule> {
    if pr.won {
        Some(Rule::AfterWin)
    } else if pr.side().get(m.from as usize).is_none_or(|&c| c == 0) || m.from as usize >= ARRIVAL {
        Some(Rule::NotThere)
    } else if let Some(bad) = m.bad {
        Some(bad)
    } else {
        pr.check(m.from as usize, m.die).err().map(Rule::of_move)
    }
}

/// The play the lawful `steps` made, the men then as `pr` holds them.
fn made_play(pr: &Progress, steps: &[Step], pont: u8, key: u32) -> Play {
    let mut play = Play {
        len: steps.len() as u8,
        won_by_move: pr.won,
        captures: pr.captures,
        borne_off: pr.borne_off,
        pont,
        key,
        ..Play::default()
    };
    play.steps[..steps.len()].copy_from_slice(steps);
    play
}
