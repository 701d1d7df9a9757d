//! Records as data (issue 29): which records of a corpus a selection keeps, as pgn-extract
//! selects chess games (docs/data.md §1). A [`Criteria`] is read from the command line's
//! words (`Match>=7`, `ecole,per=releve,count>=2`, `cube>=8`, a position string with
//! wildcards) and asked of a record, its header and, when it needs one, its replay.
//!
//! Only the output model is read (the record's tags, the replay's steps, flags and end):
//! no rules module is named here.

mod annotate;
mod pattern;
#[cfg(test)]
mod tests;

pub use annotate::{annotate_flags, strip_annotations};
pub use pattern::{PatternError, PositionPattern};

use crate::notation::{Game, Header, Record};
use crate::replay::{Replay, Step, StepDetail};
use crate::Seat;
use std::cmp::Ordering;

/// What a selection must compute of a record to judge it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// The record's tags and throws are enough.
    Text,
    /// The replay's flags and end (no step kept).
    Books,
    /// The replay with every step (positions, jans, cube, relèves).
    Steps,
}

/// A comparison of a tag's value or a count (docs/data.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Op {
    /// Whether `ord` (the value against the one asked) passes.
    fn holds(self, ord: Ordering) -> bool {
        match self {
            Op::Eq => ord == Ordering::Equal,
            Op::Ne => ord != Ordering::Equal,
            Op::Lt => ord == Ordering::Less,
            Op::Le => ord != Ordering::Greater,
            Op::Gt => ord == Ordering::Greater,
            Op::Ge => ord != Ordering::Less,
        }
    }

    /// The operator at the start of `s`, and its length.
    fn at_start(s: &str) -> Option<(Op, usize)> {
        [("<=", Op::Le), (">=", Op::Ge), ("!=", Op::Ne), ("<", Op::Lt), (">", Op::Gt), ("=", Op::Eq)]
            .into_iter()
            .find(|(w, _)| s.starts_with(w))
            .map(|(w, op)| (op, w.len()))
    }
}

/// What is wrong with a criterion as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{criterion:?}: {message}")]
pub struct CriterionError {
    /// The criterion as written.
    pub criterion: String,
    /// What is wrong with it.
    pub message: String,
}

fn bad(criterion: &str, message: impl Into<String>) -> CriterionError {
    CriterionError { criterion: criterion.to_string(), message: message.into() }
}

/// A test of a tag: `Name`, `Name=value`, `Name!=value`, `Name~regex`, `Name!~regex`,
/// `Name>=value`, … (docs/data.md §1). Values are compared as numbers when both are, as
/// dates (`1750.03`, `1750`, component by component, a shorter date matching every date it
/// begins) when both are, else as text.
#[derive(Clone, Debug)]
pub struct TagTest {
    name: String,
    test: ValueTest,
}

#[derive(Clone, Debug)]
enum ValueTest {
    Present,
    Compare(Op, String),
    Regex(bool, regex::Regex),
}

impl TagTest {
    /// Reads a tag test.
    pub fn parse(s: &str) -> Result<TagTest, CriterionError> {
        let cut = s.find(['=', '!', '<', '>', '~']).unwrap_or(s.len());
        let raw = s[..cut].trim();
        if raw.is_empty() {
            return Err(bad(s, "no tag name before the comparison"));
        }
        let name = crate::notation::canonical_tag_name(raw).map_or_else(|| raw.to_string(), str::to_string);
        let rest = &s[cut..];
        let test = if rest.is_empty() {
            ValueTest::Present
        } else if let Some(re) =
            rest.strip_prefix("!~").map(|r| (false, r)).or(rest.strip_prefix('~').map(|r| (true, r)))
        {
            let rx = regex::Regex::new(re.1).map_err(|e| bad(s, format!("not a regular expression: {e}")))?;
            ValueTest::Regex(re.0, rx)
        } else {
            let (op, n) = Op::at_start(rest).ok_or_else(|| bad(s, "expected =, !=, <, <=, >, >=, ~ or !~"))?;
            ValueTest::Compare(op, rest[n..].trim().to_string())
        };
        Ok(TagTest { name, test })
    }

    /// Whether the record passes the test (a missing tag passes only `!=` and `!~`).
    pub fn holds(&self, rec: &Record) -> bool {
        let v = rec.tag(&self.name);
        match (&self.test, v) {
            (ValueTest::Present, v) => v.is_some(),
            (ValueTest::Compare(op, _), None) => *op == Op::Ne,
            (ValueTest::Regex(yes, _), None) => !yes,
            (ValueTest::Compare(op, want), Some(v)) => op.holds(compare_values(v, want)),
            (ValueTest::Regex(yes, rx), Some(v)) => rx.is_match(v) == *yes,
        }
    }
}

/// Two values compared: as numbers, as dates or as text (docs/data.md §1).
pub fn compare_values(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.trim(), b.trim());
    // a year first (`1750`, `1750.03.02`): a date, whose parts are numbers
    let datey = |s: &str| s.len() >= 4 && s.bytes().take(4).all(|c| c.is_ascii_digit()) && date_parts(s).is_some();
    if !(datey(a) && datey(b)) {
        if let (Ok(x), Ok(y)) = (a.parse::<f64>(), b.parse::<f64>()) {
            return x.partial_cmp(&y).unwrap_or(Ordering::Equal);
        }
    }
    match (date_parts(a), date_parts(b)) {
        (Some(x), Some(y)) => {
            for (p, q) in x.iter().zip(&y) {
                match (p, q) {
                    (Some(p), Some(q)) if p != q => return p.cmp(q),
                    (Some(_), Some(_)) => {}
                    // an unknown part (`??`) ends the comparison
                    _ => return Ordering::Equal,
                }
            }
            Ordering::Equal
        }
        _ => a.to_lowercase().cmp(&b.to_lowercase()),
    }
}

/// The parts of a date (`1750.03.02`, `1750-03`, `1750.??.??`), `None` for a `?` part.
fn date_parts(s: &str) -> Option<Vec<Option<u32>>> {
    let parts: Vec<&str> = s.split(['.', '-', '/']).collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    parts
        .iter()
        .map(|p| {
            if !p.is_empty() && p.chars().all(|c| c == '?') {
                Some(None)
            } else if !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit()) {
                p.parse().ok().map(Some)
            } else {
                None
            }
        })
        .collect()
}

/// A range of throw numbers or counts: `A-B`, `A-`, `-B`, `A` (docs/data.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least, inclusive.
    pub from: u32,
    /// The most, inclusive.
    pub to: u32,
}

impl Range {
    /// Reads a range.
    pub fn parse(s: &str) -> Result<Range, CriterionError> {
        let num = |t: &str, dflt: u32| -> Result<u32, CriterionError> {
            let t = t.trim();
            if t.is_empty() {
                Ok(dflt)
            } else {
                t.parse().map_err(|_| bad(s, format!("{t:?} is not a number")))
            }
        };
        let (a, b) = match s.split_once("..").or_else(|| s.split_once('-')) {
            Some((a, b)) => (num(a, 0)?, num(b, u32::MAX)?),
            None => {
                let n = num(s, 0)?;
                (n, n)
            }
        };
        if a > b {
            return Err(bad(s, "the range's start is after its end"));
        }
        Ok(Range { from: a, to: b })
    }

    /// Whether `n` is in the range.
    pub fn contains(&self, n: u32) -> bool {
        (self.from..=self.to).contains(&n)
    }
}

/// How occurrences (flags, events) are counted (docs/data.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// Over the whole record.
    Record,
    /// For each seat.
    Seat,
    /// For each seat within each relève (Grand Trictrac).
    Releve,
}

/// The conditions an occurrence must meet, and how many must happen: `seat=top`,
/// `throws=10-20`, `count>=2`, `per=releve`.
#[derive(Clone, Copy, Debug)]
pub struct Occurs {
    seat: Option<Seat>,
    throws: Option<Range>,
    count: (Op, u32),
    per: Per,
}

impl Occurs {
    fn parse_key(&mut self, whole: &str, key: &str) -> Result<bool, CriterionError> {
        if let Some(v) = key.strip_prefix("seat=") {
            self.seat = Some(match v {
                "top" => Seat::Top,
                "bottom" => Seat::Bottom,
                _ => return Err(bad(whole, "seat= is top or bottom")),
            });
        } else if let Some(v) = key.strip_prefix("throws=") {
            self.throws = Some(Range::parse(v)?);
        } else if let Some(v) = key.strip_prefix("count") {
            let (op, n) = Op::at_start(v).ok_or_else(|| bad(whole, "count needs =, >=, <=, > or <"))?;
            let c = v[n..].trim().parse().map_err(|_| bad(whole, "count needs a number"))?;
            self.count = (op, c);
        } else if let Some(v) = key.strip_prefix("per=") {
            self.per = match v {
                "record" => Per::Record,
                "seat" => Per::Seat,
                "releve" | "relève" => Per::Releve,
                _ => return Err(bad(whole, "per= is record, seat or releve")),
            };
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// Whether the occurrences (each its seat and throw) pass; `releves` gives each throw's
    /// relève (numbered from 0) when counting per relève.
    fn holds(&self, found: impl Iterator<Item = (Option<Seat>, Option<u32>)>, releves: &dyn Fn(u32) -> u32) -> bool {
        let mut groups: std::collections::HashMap<(u32, u8), u32> = std::collections::HashMap::new();
        for (seat, throw) in found {
            if self.seat.is_some_and(|s| seat != Some(s)) {
                continue;
            }
            if self.throws.is_some_and(|r| !throw.is_some_and(|t| r.contains(t))) {
                continue;
            }
            let s = seat.map_or(2, |s| s.index() as u8);
            let key = match self.per {
                Per::Record => (0, 0),
                Per::Seat => (0, s),
                Per::Releve => (throw.map_or(0, releves), s),
            };
            *groups.entry(key).or_default() += 1;
        }
        let (op, n) = self.count;
        if groups.is_empty() {
            return op.holds(0.cmp(&n));
        }
        groups.values().any(|c| op.holds(c.cmp(&n)))
    }
}

impl Default for Occurs {
    fn default() -> Occurs {
        Occurs { seat: None, throws: None, count: (Op::Ge, 1), per: Per::Record }
    }
}

/// A flag test: `WHAT[,seat=S][,throws=A-B][,count>=N][,per=releve]`, WHAT a flag's kind
/// (`ecole`, `fausse-case`, …), its rule (`must-fill`, `hit`, …) or `any`.
#[derive(Clone, Debug)]
pub struct FlagTest {
    what: String,
    occurs: Occurs,
}

impl FlagTest {
    /// Reads a flag test.
    pub fn parse(s: &str) -> Result<FlagTest, CriterionError> {
        let mut parts = s.split(',').map(str::trim);
        let what = parts.next().unwrap_or_default().to_string();
        if what.is_empty() {
            return Err(bad(s, "name a flag's kind, its rule, or any"));
        }
        let mut occurs = Occurs::default();
        for p in parts {
            if !occurs.parse_key(s, p)? {
                return Err(bad(s, format!("unknown {p:?}: seat=, throws=, count…, per=")));
            }
        }
        Ok(FlagTest { what, occurs })
    }

    fn holds(&self, rp: &Replay, releves: &dyn Fn(u32) -> u32) -> bool {
        let w = self.what.as_str();
        let hits = rp.flags.iter().filter(|f| w == "any" || f.kind.name() == w || f.rule == Some(w));
        self.occurs.holds(hits.map(|f| (f.seat, f.throw)), releves)
    }
}

/// Something that happens in a game (docs/data.md §1).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The cube's value after a throw compares so to N (`cube>=8`).
    Cube(Op, u32),
    /// A resignation (backgammon).
    Resign,
    /// A hole won (Grand Trictrac).
    Hole,
    /// A relève ended (Grand Trictrac).
    Releve,
    /// A partie won (Tric Trac).
    Partie,
    /// A jan scored, by its code (`petit-jan`, `contre-jan`, …).
    Jan(String),
    /// An unlawful play.
    Unlawful,
    /// The game ended so: `gammon`, `backgammon`, `drop`, `resign`, `partie double`, `tour`,
    /// `borne-off`, `bredouille`, `unfinished`.
    End(String),
}

/// An event test: `EVENT[,seat=S][,throws=A-B][,count>=N][,per=releve]`.
#[derive(Clone, Debug)]
pub struct EventTest {
    event: Event,
    occurs: Occurs,
}

impl EventTest {
    /// Reads an event test.
    pub fn parse(s: &str) -> Result<EventTest, CriterionError> {
        let mut parts = s.split(',').map(str::trim);
        let head = parts.next().unwrap_or_default();
        let event = match head {
            "resign" | "resignation" => Event::Resign,
            "hole" => Event::Hole,
            "releve" | "relève" => Event::Releve,
            "partie" => Event::Partie,
            "unlawful" => Event::Unlawful,
            h if h.starts_with("cube") => {
                let (op, n) = Op::at_start(&h[4..]).ok_or_else(|| bad(s, "cube needs a comparison: cube>=8"))?;
                Event::Cube(op, h[4 + n..].trim().parse().map_err(|_| bad(s, "cube needs a number"))?)
            }
            h if h.starts_with("jan=") => Event::Jan(h[4..].to_string()),
            h if h.starts_with("end=") => Event::End(h[4..].to_string()),
            _ => return Err(bad(s, "events: cube>=N, resign, hole, releve, partie, jan=CODE, unlawful, end=KIND")),
        };
        let mut occurs = Occurs::default();
        for p in parts {
            if !occurs.parse_key(s, p)? {
                return Err(bad(s, format!("unknown {p:?}: seat=, throws=, count…, per=")));
            }
        }
        Ok(EventTest { event, occurs })
    }

    fn holds(&self, rp: &Replay, releves: &dyn Fn(u32) -> u32) -> bool {
        if let Event::End(kind) = &self.event {
            return end_is(rp, kind);
        }
        let mut found: Vec<(Option<Seat>, Option<u32>)> = Vec::new();
        for st in &rp.steps {
            step_events(&self.event, st, &mut found);
        }
        self.occurs.holds(found.into_iter(), releves)
    }
}

/// The occurrences of `event` in one step: each its seat and throw.
fn step_events(event: &Event, st: &Step, found: &mut Vec<(Option<Seat>, Option<u32>)>) {
    let at = Some(st.number);
    match (event, &st.detail) {
        (Event::Cube(op, n), _) => {
            let doubled = matches!(st.detail, StepDetail::Backgammon { cube: Some(_), .. });
            if let Some(v) = st.after.score.cube.filter(|v| op.holds(v.cmp(n))) {
                if doubled || st.number == 1 || st.before.score.cube != Some(v) {
                    found.push((Some(st.seat), at));
                }
            }
        }
        (Event::Resign, StepDetail::Backgammon { resigned: true, .. }) => found.push((Some(st.seat), at)),
        (Event::Hole, StepDetail::GrandTrictrac(g)) => {
            for s in Seat::ALL {
                if g.holes_won[s.index()] > 0 {
                    found.push((Some(s), at));
                }
            }
        }
        (Event::Releve, StepDetail::GrandTrictrac(g)) if g.releve => found.push((Some(st.seat), at)),
        (Event::Partie, StepDetail::TricTrac { partie: Some(_), .. }) => found.push((Some(st.seat), at)),
        (Event::Jan(code), StepDetail::GrandTrictrac(g)) => {
            for j in g.jans.iter().filter(|j| j.code.name() == code) {
                found.push((Some(j.seat), at));
            }
        }
        (Event::Unlawful, _) if !st.lawful => found.push((Some(st.seat), at)),
        _ => {}
    }
}

/// Whether the game ended as `kind` says.
fn end_is(rp: &Replay, kind: &str) -> bool {
    let Some(end) = rp.end else { return kind == "unfinished" };
    match end.how {
        crate::How::Tour { bredouille, .. } => {
            kind == "tour" || (kind.contains("bredouille") && format!("{bredouille:?}").to_lowercase() != "none")
        }
        crate::How::BorneOff => kind == "borne-off",
        _ => end.kind() == Some(kind) || end.kind().is_some_and(|k| k.starts_with(kind)),
    }
}

/// Who won, as `--result` asks (docs/data.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// This seat won the game.
    Seat(Seat),
    /// The game did not end.
    Unfinished,
}

/// A selection: every criterion given must hold (docs/data.md §1).
#[derive(Clone, Debug, Default)]
pub struct Criteria {
    /// Tag tests.
    pub tags: Vec<TagTest>,
    /// The games allowed (empty: any).
    pub games: Vec<Game>,
    /// Players who must both play (each matches `Top` or `Bottom`, case-insensitive, in part).
    pub players: Vec<String>,
    /// Who won, by the replay.
    pub winner: Option<Winner>,
    /// `Some(true)`: clean records only; `Some(false)`: flagged ones only.
    pub clean: Option<bool>,
    /// The number of throws.
    pub throws: Option<Range>,
    /// Flag tests.
    pub flags: Vec<FlagTest>,
    /// Event tests.
    pub events: Vec<EventTest>,
    /// Positions reached (any one of them).
    pub positions: Vec<PositionPattern>,
}

impl Criteria {
    /// What must be computed of a record to judge it.
    pub fn need(&self) -> Need {
        let per_releve = |o: &Occurs| o.per == Per::Releve;
        if !self.events.is_empty() || !self.positions.is_empty() || self.flags.iter().any(|f| per_releve(&f.occurs)) {
            Need::Steps
        } else if self.winner.is_some() || self.clean.is_some() || !self.flags.is_empty() {
            Need::Books
        } else {
            Need::Text
        }
    }

    /// Whether an event asked cannot happen in `game` at all (a cube in Grand Trictrac, a
    /// hole in backgammon): the record fails without a replay.
    pub fn impossible_in(&self, game: Game) -> bool {
        self.events.iter().any(|e| {
            let possible = match e.event {
                Event::Cube(..) | Event::Resign => game.has_bar_and_cube(),
                Event::Hole | Event::Releve | Event::Jan(_) => game.is_trictrac(),
                Event::Partie => game.is_tric_trac(),
                Event::Unlawful | Event::End(_) => true,
            };
            // `count=0` and the like hold where the event never happens
            let (op, n) = e.occurs.count;
            !possible && !op.holds(0.cmp(&n))
        })
    }

    /// Whether the record passes the tests of its text (tags, game, players, throws).
    pub fn text_holds(&self, rec: &Record, header: &Header) -> bool {
        if !self.games.is_empty() && !self.games.contains(&header.game) || self.impossible_in(header.game) {
            return false;
        }
        if self.throws.is_some_and(|r| !r.contains(rec.throws.len() as u32)) {
            return false;
        }
        let names: Vec<String> = ["Top", "Bottom"].iter().filter_map(|t| rec.tag(t)).map(str::to_lowercase).collect();
        if !self.players.iter().all(|p| names.iter().any(|n| n.contains(&p.to_lowercase()))) {
            return false;
        }
        self.tags.iter().all(|t| t.holds(rec))
    }

    /// Whether the replayed record passes the other tests (`rp` as [`Criteria::need`] asks).
    pub fn replay_holds(&self, rp: &Replay) -> bool {
        let ends: Vec<u32> = rp.steps.iter().filter(|s| s.releve()).map(|s| s.number).collect();
        let releves = |t: u32| ends.iter().filter(|&&e| e < t).count() as u32;
        if let Some(w) = self.winner {
            let got = rp.end.map_or(Winner::Unfinished, |e| Winner::Seat(e.winner));
            if got != w {
                return false;
            }
        }
        if self.clean.is_some_and(|c| c != rp.flags.is_empty()) {
            return false;
        }
        if !self.flags.iter().all(|f| f.holds(rp, &releves)) || !self.events.iter().all(|e| e.holds(rp, &releves)) {
            return false;
        }
        self.positions.is_empty() || self.positions.iter().any(|p| p.reached(rp))
    }
}
