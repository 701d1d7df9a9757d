//! `repair`: what the scribe meant (issue 19). A flag of the replay in a transcribed record
//! (a fausse case at throw 57, docs/rules.md §10, docs/games.md §A.10, §D.10, §E.12) is far
//! more often a slip of the pen or of the eye than a player's mistake, and one slip poisons
//! the throws after it. This module searches for the smallest sets of transcription edits
//! ([`Edit`]) that make the record check clean from there on, or leave the fewest flags,
//! ranked by their likelihood under a confusion model ([`Confusions`]).
//!
//! The search is a beam over the flagged places: at the first flagged throw, every edit of
//! the throws just before it and of it ([`propose`]) is made on the parsed [`Record`] and
//! replayed. A candidate is first replayed only up to the throw after the flag
//! ([`crate::replay::replay_books`] on that part, the cheap path `check` uses): one that still
//! leaves a flag between its edit and that throw is dropped; the others are replayed whole.
//! Every candidate at one place is replayed from its edit only (issue 19): the record it
//! edits is replayed once with its checkpoints ([`crate::replay::replay_resumed`]), and each
//! candidate resumes from the state before its first changed throw.
//! The likeliest candidates that leave flags are searched again at their first flag, up to
//! [`Options::max_edits`] edits. The search stops at [`Options::budget`] and says so.

pub mod confusion;
pub mod edit;
pub mod page;
pub mod propose;
pub mod source;
pub mod text;
pub mod unread;

pub use confusion::{ConfusionError, Confusions};
pub use edit::{Edit, Slot, Supplied};

use crate::notation::{Header, Record};
use crate::replay::{Flag, FlagKind, Replay};
use propose::{Context, Proposal};
use serde::Serialize;
use std::time::{Duration, Instant};

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// The confusion model.
    pub confusions: Confusions,
    /// When to stop searching (the output then says the search was cut).
    pub budget: Duration,
    /// How many candidates to give per flagged place.
    pub top: usize,
    /// The most edits a candidate makes (beyond the renumbering of misnumbered throws).
    pub max_edits: usize,
    /// How many throws up to a flag are edited (the flag's own included).
    pub window: u32,
    /// How many partial candidates are searched again at each step.
    pub beam: usize,
    /// The places' flags in backgammon's point numbers (`repair --points`, docs/games.md §I).
    pub points: bool,
    /// A record of more throws than this is searched with its candidates kept dry: their
    /// edits and counts, the record rebuilt from the edits when it is searched further or
    /// shown (memory: a few records, not one a candidate). The candidates are the same.
    pub dry_over: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            confusions: Confusions::default(),
            budget: Duration::from_secs(2),
            top: 3,
            max_edits: 3,
            window: 3,
            beam: 6,
            points: false,
            dry_over: 2_000,
        }
    }
}

/// Why a record cannot be repaired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RepairError {
    /// The record's `Rules` tag names options its game refuses: no edit of its throws helps.
    #[error("the record's game refuses its rules: {0}")]
    Rules(String),
}

/// One candidate: the edits, in the order made, and what they leave.
#[derive(Clone, Debug, Serialize)]
pub struct Candidate {
    /// The edits (each names its throw as the record stands after the edits before it).
    pub edits: Vec<Edit>,
    /// How many of the record's flags it removes.
    pub removes: usize,
    /// How many flags it leaves.
    pub left: usize,
    /// How many throws after the one that stops its replay are not replayed (0: replayed
    /// to the end).
    pub unreplayed: usize,
    /// Its score: the log-likelihood of the edits under the confusion model, less a
    /// penalty for each flag left and each throw not replayed (higher is likelier).
    pub score: f64,
    /// The record as written (its throws numbered again at most): each flag it leaves is
    /// the players' own, something done at the table that the rules punish (issue 26).
    pub as_written: bool,
    /// The record with the edits made (no comment added).
    #[serde(skip)]
    pub record: Record,
}

/// A flagged place: the first flagged throw, as the record stands after the edits of the
/// best candidate before it, and the candidates found there.
#[derive(Clone, Debug, Serialize)]
pub struct Place {
    /// The throw.
    pub throw: u32,
    /// Its flags: the rule and the message.
    pub flags: Vec<String>,
    /// The best candidates that clear it (edits made before it included).
    pub candidates: Vec<Candidate>,
    /// What the players did there, when no candidate is likelier than the record as
    /// written: "a fausse case", "an école" (`None`: an edit is likelier).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_written: Option<String>,
}

/// What the search found.
#[derive(Clone, Debug, Serialize)]
pub struct Repairs {
    /// The record's flags.
    pub flags: usize,
    /// The flagged places, in order: those along the best candidate, and every other
    /// flagged throw of the record as read.
    pub places: Vec<Place>,
    /// The candidates for the whole record, best first.
    pub candidates: Vec<Candidate>,
    /// Whether the search was cut by the time budget.
    pub cut: bool,
    /// How many records (or parts of them) were replayed.
    pub replays: usize,
    /// How long the search took, in milliseconds.
    pub millis: u64,
}

/// The penalty on the score of a flag left: −ln of the prior of a fault by the player (a
/// fausse case, an école) where the record is taken as written.
const FLAG_LEFT: f64 = 8.0;

/// The penalty on the score of each throw a candidate's replay does not reach: at least a
/// flag's, so that an edit that stops the replay early never hides the flags after it.
const UNREPLAYED: f64 = FLAG_LEFT;

/// How much less likely than the likeliest clean candidate at a place (in nats) an edit may
/// be and still be tried there.
const MARGIN: f64 = 7.0;

/// A record as edited so far.
#[derive(Clone)]
struct State {
    /// The record the edits give; without its throws when the state is dry ([`State::dry`]).
    rec: Record,
    /// `rec` holds its throws.
    whole: bool,
    edits: Vec<Edit>,
    cost: f64,
    left: usize,
    /// The throws after the one that stops the replay.
    unreplayed: usize,
    first: Option<u32>,
    /// The flags at `first`.
    at_first: Vec<String>,
    /// The kind of the first flag at `first`.
    kind: Option<FlagKind>,
}

impl State {
    fn new(rec: Record, edits: Vec<Edit>, cost: f64) -> State {
        State { rec, whole: true, edits, cost, left: 0, unreplayed: 0, first: None, at_first: Vec::new(), kind: None }
    }

    /// The state without its record's throws, which [`rebuilt`] makes again from the record
    /// as read and the edits when the state is searched further or shown: what the search
    /// keeps of the many candidates of a long record (memory: a few records, not one a
    /// candidate).
    fn dry(&mut self) {
        self.rec.throws = Vec::new();
        self.whole = false;
    }

    /// The same edits as `o`, in any order.
    fn same_edits(&self, o: &State) -> bool {
        self.edits.len() == o.edits.len() && self.edits.iter().all(|e| o.edits.contains(e))
    }

    fn rank(&self) -> f64 {
        self.cost + FLAG_LEFT * self.left as f64 + UNREPLAYED * self.unreplayed as f64
    }

    /// What is wrong with the record it gives: flags and throws not replayed.
    fn faults(&self) -> usize {
        self.left + self.unreplayed
    }

    /// Progress over `st`: fewer faults (flags and throws not replayed), or the first one
    /// later without more faults.
    fn improves(&self, st: &State) -> bool {
        let later = match (self.first, st.first) {
            (None, _) => true,
            (Some(a), Some(b)) => a > b && self.faults() <= st.faults(),
            (Some(_), None) => false,
        };
        self.faults() < st.faults() || later
    }

    /// Whether it is the record as written (numbered again at most).
    fn as_written(&self) -> bool {
        self.edits.iter().all(|e| matches!(e, Edit::Number { .. }))
    }

    /// What it explains: each edit's kind and throw (renumbering aside), sorted.
    fn explanation(&self) -> Vec<(&'static str, u32)> {
        let mut v: Vec<_> =
            self.edits.iter().filter(|e| !matches!(e, Edit::Number { .. })).map(|e| (e.kind(), e.throw())).collect();
        v.sort_unstable();
        v
    }
}

/// The record the edits make of the record as read: each edit made in turn, as the search
/// made it.
fn rebuilt(written: &Record, edits: &[Edit]) -> Record {
    let mut rec = written.clone();
    for e in edits {
        e.apply(&mut rec, None);
    }
    rec
}

/// A replay's flags and how many throws it did not reach.
struct Replayed {
    flags: Vec<Flag>,
    unreplayed: usize,
}

impl Replayed {
    fn of(rp: Replay, rec: &Record) -> Replayed {
        let unreplayed = rp.stopped_at.map_or(0, |n| rec.throws.len().saturating_sub(n as usize));
        Replayed { flags: rp.flags, unreplayed }
    }
}

/// The search's running state.
struct Search<'a> {
    header: &'a Header,
    /// The record as read.
    written: &'a Record,
    /// It is long: candidates are kept dry ([`State::dry`]).
    long: bool,
    opts: &'a Options,
    games: crate::games::Games,
    start: Instant,
    cut: bool,
    replays: usize,
}

/// The record as read, its misnumbered throws numbered again (an [`Edit::Number`] a run).
fn renumbered(rec: &Record) -> State {
    let mut root = State::new(rec.clone(), Vec::new(), 0.0);
    for e in number_runs(rec) {
        e.apply(&mut root.rec, None);
        root.edits.push(e);
        root.cost += propose::number_cost();
    }
    root
}

/// The candidates for a record with flags (`header`: its tags as read): see the module's
/// documentation. A clean record gives none. A record whose throws are misnumbered is
/// first numbered again (an [`Edit::Number`] at the head of every candidate).
pub fn candidates(rec: &Record, header: &Header, opts: &Options) -> Result<Repairs, RepairError> {
    let games = crate::games::Games::chosen(header)
        .map_err(|e| RepairError::Rules(e.iter().map(|o| o.to_string()).collect::<Vec<_>>().join("; ")))?;
    let long = rec.throws.len() > opts.dry_over;
    let mut s = Search { header, written: rec, long, opts, games, start: Instant::now(), cut: false, replays: 0 };
    let mut root = renumbered(rec);
    let flags = s.flags(&root.rec);
    let total = flags.flags.len();
    let as_read = flags.flags.clone();
    s.settle(&mut root, &flags);
    if long {
        root.dry();
    }
    let mut done: Vec<State> = Vec::new();
    let mut places = Vec::new();
    let mut beam = vec![root.clone()];
    // the record as written is a candidate: its flags may be the players' own
    if !root.edits.is_empty() || total > 0 {
        done.push(root.clone());
    }
    for _ in 0..opts.max_edits {
        let mut next = Vec::new();
        for (k, st) in beam.iter().enumerate() {
            if s.over() {
                break;
            }
            let children = s.expand(st);
            if k == 0 {
                if let Some(throw) = st.first {
                    let mut best: Vec<State> = children.iter().filter(|c| c.improves(st)).cloned().collect();
                    distinct_first(&mut best, opts.top);
                    best.truncate(opts.top);
                    // the record as written there, when no edit is likelier
                    let players = best.first().is_none_or(|b| b.rank() >= st.rank()).then(|| players_fault(st.kind));
                    places.push((st.edits.clone(), throw, st.at_first.clone(), best, players));
                }
            }
            next.extend(children);
        }
        next.sort_by(|a, b| a.rank().total_cmp(&b.rank()));
        dedup(&mut next);
        done.extend(next.iter().take(opts.top.max(opts.beam) * 2).cloned());
        beam = next.into_iter().filter(|c| c.left > 0 && c.first.is_some()).take(opts.beam).collect();
        if beam.is_empty() || s.over() {
            break;
        }
    }
    done.sort_by(|a, b| a.rank().total_cmp(&b.rank()));
    dedup(&mut done);
    dominated(&mut done);
    distinct_first(&mut done, opts.top);
    let candidate = |st: &State| Candidate {
        edits: st.edits.clone(),
        removes: total.saturating_sub(st.left),
        left: st.left,
        unreplayed: st.unreplayed,
        score: -(st.rank() * 100.0).round() / 100.0,
        as_written: st.as_written(),
        record: if st.whole { st.rec.clone() } else { rebuilt(rec, &st.edits) },
    };
    let candidates: Vec<Candidate> = done.iter().map(candidate).collect();
    let best = candidates.first().map(|c| c.edits.clone()).unwrap_or_default();
    let mut places: Vec<Place> = places
        .into_iter()
        .filter(|(pre, ..)| best.starts_with(pre))
        .map(|(_, throw, flags, cs, as_written)| Place {
            throw,
            flags,
            candidates: cs.iter().map(candidate).collect(),
            as_written,
        })
        .collect();
    every_place(&mut places, &as_read, &done, opts, candidate);
    let millis = s.start.elapsed().as_millis() as u64;
    Ok(Repairs { flags: total, places, candidates, cut: s.cut, replays: s.replays, millis })
}

/// Adds a place for each flagged throw of the record as read that the search along the best
/// candidate did not reach (issue 26: every flagged place is reported, Lepeintre's throws
/// 13, 15 and 20): its flags, the candidates whose edits are at it or in the window before
/// it, and what the players did there when none is likelier than the record as written.
fn every_place(
    places: &mut Vec<Place>,
    as_read: &[Flag],
    done: &[State],
    opts: &Options,
    candidate: impl Fn(&State) -> Candidate,
) {
    let mut throws: Vec<u32> = as_read.iter().filter_map(|f| f.throw).collect();
    throws.sort_unstable();
    throws.dedup();
    let written = done.iter().find(|d| d.as_written()).map_or(f64::INFINITY, State::rank);
    for throw in throws {
        if places.iter().any(|p| p.throw == throw) {
            continue;
        }
        let at: Vec<&Flag> = as_read.iter().filter(|f| f.throw == Some(throw)).collect();
        let near = |e: &Edit| e.throw() <= throw && e.throw() + opts.window > throw;
        let cs: Vec<&State> = done
            .iter()
            .filter(|d| !d.as_written())
            .filter(|d| d.edits.iter().any(|e| !matches!(e, Edit::Number { .. }) && near(e)))
            .take(opts.top)
            .collect();
        let kind = at.iter().find(|f| f.kind == FlagKind::FausseCase).or(at.first()).map(|f| f.kind);
        let players = cs.first().is_none_or(|b| b.rank() >= written).then(|| players_fault(kind));
        places.push(Place {
            throw,
            flags: at.iter().map(|f| flag_words(f, opts)).collect(),
            candidates: cs.into_iter().map(&candidate).collect(),
            as_written: players,
        });
    }
    places.sort_by_key(|p| p.throw);
}

/// A flag of a place in words: its rule and its message, in point numbers with
/// [`Options::points`].
fn flag_words(f: &Flag, opts: &Options) -> String {
    let names = if opts.points { crate::board::PointNames::Numbers } else { crate::board::PointNames::default() };
    format!("{}: {}", f.what(), f.message_in(names))
}

/// The misnumbered throws of a record, as edits: each run of throws numbered wrong by the
/// same amount is one [`Edit::Number`] (a doubled throw makes every number after it one
/// less: one edit, not one per throw).
fn number_runs(rec: &Record) -> Vec<Edit> {
    let mut out: Vec<Edit> = Vec::new();
    for (k, t) in rec.throws.iter().enumerate() {
        let place = k as u32 + 1;
        if t.number == place {
            continue;
        }
        let by = i64::from(t.number) - i64::from(place);
        if let Some(Edit::Number { throw, written, through }) = out.last_mut() {
            let last = through.unwrap_or(*throw);
            if last + 1 == place && i64::from(*written) - i64::from(*throw) == by {
                *through = Some(place);
                continue;
            }
        }
        out.push(Edit::Number { throw: place, written: t.number, through: None });
    }
    out
}

/// Puts the first `top` candidates in an order where each is a different explanation (other
/// kinds of edit, or at other throws) from those before it; a variation of one of them (the
/// same kinds at the same throws) comes after them (issue 26).
fn distinct_first(v: &mut Vec<State>, top: usize) {
    let mut firsts: Vec<State> = Vec::with_capacity(top);
    let mut rest: Vec<State> = Vec::with_capacity(v.len());
    for st in v.drain(..) {
        if firsts.len() < top && !firsts.iter().any(|f| f.explanation() == st.explanation()) {
            firsts.push(st);
        } else {
            rest.push(st);
        }
    }
    firsts.extend(rest);
    *v = firsts;
}

/// What the record as written says the player did, by the kind of the flag.
fn players_fault(kind: Option<FlagKind>) -> String {
    match kind {
        Some(FlagKind::FausseCase) => "a fausse case",
        Some(FlagKind::Ecole | FlagKind::FausseEcole) => "an école",
        Some(FlagKind::Holes) => "holes miscounted",
        Some(FlagKind::Decision) => "a tient or va miscalled",
        Some(FlagKind::Cube) => "an unlawful cube action",
        _ => "a fault",
    }
    .to_string()
}

/// Drops each candidate that makes the edits of another and more, and leaves no fewer
/// faults: its extra edits explain nothing.
fn dominated(v: &mut Vec<State>) {
    let keep: Vec<bool> = v
        .iter()
        .map(|c| {
            !v.iter().any(|o| {
                o.edits.len() < c.edits.len() && o.faults() <= c.faults() && o.edits.iter().all(|e| c.edits.contains(e))
            })
        })
        .collect();
    let mut k = keep.into_iter();
    v.retain(|_| k.next().unwrap_or(true));
}

/// Keeps the first of candidates that give the same record (dry ones, those of a long record:
/// that make the same edits, in any order).
fn dedup(v: &mut Vec<State>) {
    let mut kept: Vec<State> = Vec::with_capacity(v.len());
    for st in v.drain(..) {
        let same = |k: &State| if k.whole && st.whole { k.rec.throws == st.rec.throws } else { k.same_edits(&st) };
        if !kept.iter().any(same) {
            kept.push(st);
        }
    }
    *v = kept;
}

impl Search<'_> {
    fn over(&mut self) -> bool {
        if self.start.elapsed() >= self.opts.budget {
            self.cut = true;
        }
        self.cut
    }

    fn flags(&mut self, rec: &Record) -> Replayed {
        self.replays += 1;
        Replayed::of(self.games.replay(rec, self.header, None, false), rec)
    }

    /// The replay of `rec` (flags and books, no steps) with its checkpoints: what the
    /// candidates that edit it resume from.
    fn base(&mut self, rec: &Record) -> Replay {
        self.replays += 1;
        let keep = crate::replay::Keep { steps: false, checkpoints: true };
        crate::replay::replay_resumed(self.games, rec, self.header, None, None, keep)
    }

    /// The flags of `rec`, an edit of `base`'s record `of` (or of a part of it), replayed from
    /// its first changed throw on: as [`Search::flags`] gives them.
    fn flags_from(&mut self, rec: &Record, of: &Record, base: &Replay) -> Replayed {
        self.replays += 1;
        let from = crate::replay::first_change(of, rec);
        let (keep, earlier) =
            (crate::replay::Keep { steps: false, checkpoints: false }, std::borrow::Cow::Borrowed(base));
        Replayed::of(
            crate::replay::replay_resumed(self.games, rec, self.header, None, Some((earlier, from)), keep),
            rec,
        )
    }

    /// Fills a state's flag count, throws not replayed and first flagged place.
    fn settle(&self, st: &mut State, r: &Replayed) {
        let flags = &r.flags;
        st.left = flags.len();
        st.unreplayed = r.unreplayed;
        st.first = flags.iter().filter_map(|f| f.throw).min();
        let at: Vec<&Flag> = flags.iter().filter(|f| f.throw.is_some() && f.throw == st.first).collect();
        // a fausse case there names the fault (an école often comes with it)
        st.kind = at.iter().find(|f| f.kind == FlagKind::FausseCase).or(at.first()).map(|f| f.kind);
        st.at_first = at.iter().map(|f| flag_words(f, self.opts)).collect();
    }

    /// The edits at a state's first flag, each replayed; the ones that clear it, best first.
    fn expand(&mut self, st: &State) -> Vec<State> {
        let Some(f) = st.first else { return Vec::new() };
        let wet;
        let st = if st.whole {
            st
        } else {
            wet = State { rec: rebuilt(self.written, &st.edits), whole: true, ..st.clone() };
            &wet
        };
        let base = self.base(&st.rec);
        let mut found = self.try_window(st, &base, f, false);
        if found.is_empty() && !self.over() {
            found = self.try_window(st, &base, f, true);
        }
        if !found.iter().any(|c| c.left == 0) && !self.over() {
            found.extend(self.page_breaks(st, &base, f));
        }
        found.sort_by(|a, b| a.rank().total_cmp(&b.rank()));
        if self.long {
            // the same record by two edits: known while the records are whole
            dedup(&mut found);
            found.iter_mut().for_each(State::dry);
        }
        found
    }

    fn proposals(&mut self, st: &State, f: u32, any_letter: bool) -> Vec<Proposal> {
        let cx = Context {
            confusions: &self.opts.confusions,
            letters: self.header.letters,
            game: self.header.game,
            any_letter,
        };
        let mut out = Vec::new();
        let lo = if any_letter { f } else { f.saturating_sub(self.opts.window.saturating_sub(1)).max(1) };
        for n in lo..=f {
            propose::at_throw(&st.rec, n, &cx, &mut out);
        }
        if !any_letter {
            for n in f.saturating_sub(1).max(1)..=f {
                self.lacunae(st, n, &mut out);
            }
            self.left_out(st, f, &mut out);
        }
        out.sort_by(|a, b| a.cost.total_cmp(&b.cost));
        out
    }

    /// The throws that may be missing before throw `n`: the position is the one after
    /// throw `n - 1`, the missing throw's seat the other of throw `n`'s when it is written.
    fn lacunae(&mut self, st: &State, n: u32, out: &mut Vec<Proposal>) {
        let Some(k) = (n as usize).checked_sub(1).filter(|&k| k >= 1 && k <= st.rec.throws.len()) else { return };
        let part = Record { throws: st.rec.throws[..k].to_vec(), ..head(&st.rec) };
        self.replays += 1;
        let rp = self.games.replay(&part, self.header, None, true);
        let Some(step) = rp.steps.iter().find(|s| s.number + 1 == n) else { return };
        let mut before = step.after.clone();
        if let Some(s) = st.rec.throws.get(k).and_then(|t| t.seat) {
            before.turn = s.other();
        }
        let games = self.games;
        let plays =
            |setup: &crate::board::Setup, dice| page::shown(games, setup, dice).into_iter().map(|p| p.0).collect();
        propose::lacunae(n, &before, plays, out);
    }

    /// The moves that may have been left out of throw `n` (the position after throw `n - 1`).
    fn left_out(&mut self, st: &State, n: u32, out: &mut Vec<Proposal>) {
        let Some(t) = st.rec.throws.get((n as usize).wrapping_sub(1)) else { return };
        let Some(before) = self.position_before(st, n) else { return };
        let games = self.games;
        let plays =
            |setup: &crate::board::Setup, dice| page::shown(games, setup, dice).into_iter().map(|p| p.0).collect();
        propose::left_out(t, n, &before, plays, out);
    }

    /// The position before throw `n` of `st`'s record (after throw `n - 1`; the start before
    /// throw 1).
    fn position_before(&mut self, st: &State, n: u32) -> Option<crate::board::Setup> {
        let k = (n as usize).checked_sub(1).filter(|&k| k >= 1 && k <= st.rec.throws.len())?;
        let part = Record { throws: st.rec.throws[..k].to_vec(), ..head(&st.rec) };
        self.replays += 1;
        let rp = self.games.replay(&part, self.header, None, true);
        rp.steps.iter().find(|s| s.number + 1 == n).map(|s| s.after.clone())
    }

    /// The page breaks of two or three throws before throw `f` or one of the two before it, each
    /// made on the whole record (with the marks its throws score, docs/rules.md §9) and
    /// replayed; those that leave fewer faults.
    fn page_breaks(&mut self, st: &State, base: &Replay, f: u32) -> Vec<State> {
        let mut out = Vec::new();
        for n in [f, f.saturating_sub(1), f.saturating_sub(2)] {
            let Some(before) = self.position_before(st, n) else { continue };
            let next = &st.rec.throws[n as usize - 1..(n as usize + 2 * page::LOOK).min(st.rec.throws.len())];
            for k in 2..=3 {
                if !self.over() {
                    page::page_breaks(self.games, self.header.game, n, k, &before, next, &mut out);
                }
            }
        }
        out.sort_by(|a, b| a.cost.total_cmp(&b.cost));
        let mut kept = Vec::new();
        for mut p in out {
            if self.over() {
                break;
            }
            for _ in 0..3 {
                let mut rec = st.rec.clone();
                if !p.edit.apply(&mut rec, None) {
                    break;
                }
                let flags = self.flags_from(&rec, &st.rec, base);
                match self.break_marked(&p.edit, &flags.flags) {
                    Some(e) => p.edit = e,
                    None => break,
                }
            }
            // a throw supplied that holds after its hole may have gone (`va`)
            let goes = match &p.edit {
                Edit::PageBreak { throw, lost } if lost.iter().any(|s| s.goes == Some(false)) => {
                    let mut lost = lost.clone();
                    lost.iter_mut().filter(|s| s.goes == Some(false)).for_each(|s| s.goes = Some(true));
                    Some(Proposal { edit: Edit::PageBreak { throw: *throw, lost }, cost: p.cost })
                }
                _ => None,
            };
            for q in std::iter::once(p).chain(goes) {
                if let Some(c) = self.whole(st, base, &q) {
                    kept.push(c);
                }
            }
        }
        kept
    }

    /// A page break whose supplied throws get the marks they score, when the replay flags the
    /// école of marks left out at one of them, and a decision (`tient`) where one wins a hole
    /// (Grand Trictrac, Trictrac à écrire; docs/rules.md §8, §9).
    fn break_marked(&self, e: &Edit, flags: &[Flag]) -> Option<Edit> {
        let Edit::PageBreak { throw, lost } = e else { return None };
        if !self.header.game.is_trictrac() {
            return None;
        }
        let mut lost = lost.clone();
        let mut changed = false;
        for (k, s) in lost.iter_mut().enumerate() {
            let n = throw + k as u32;
            let at =
                flags.iter().find(|f| f.throw == Some(n) && f.kind == FlagKind::Ecole && f.claimed.unwrap_or(0) == 0);
            if let Some(e) = at.and_then(|f| f.expected).filter(|&e| e > 0 && s.marks.is_none()) {
                s.marks = Some(e);
                changed = true;
            }
            // a hole won asks for a decision (docs/rules.md §8): `tient` first
            if s.goes.is_none() && flags.iter().any(|f| f.throw == Some(n) && f.kind == FlagKind::Decision) {
                s.goes = Some(false);
                changed = true;
            }
        }
        changed.then_some(Edit::PageBreak { throw: *throw, lost })
    }

    /// Tries the proposals at flag `f`; `wide`: any letter at the flagged throw, and a
    /// candidate kept when it only moves the first flag on.
    fn try_window(&mut self, st: &State, base: &Replay, f: u32, wide: bool) -> Vec<State> {
        let mut kept = Vec::new();
        let mut moved_on = Vec::new();
        // proposals come likeliest first: past a clean candidate, only those near it in
        // likelihood may still rank among the best
        let mut clean_at = f64::INFINITY;
        for mut p in self.proposals(st, f, wide) {
            if self.over() || p.cost > clean_at + MARGIN {
                break;
            }
            if st.edits.iter().any(|e| p.edit.same_token(e)) {
                continue;
            }
            // the part of the record up to the throw after the flag (after the edit)
            let shift: i64 = match p.edit {
                Edit::Lacuna { .. } => 1,
                Edit::PageBreak { ref lost, .. } => lost.len() as i64,
                Edit::Duplicate { .. } => -1,
                _ => 0,
            };
            let take = (f as usize + 1).min(st.rec.throws.len());
            let mut part = Record { throws: st.rec.throws[..take].to_vec(), ..head(&st.rec) };
            if !p.edit.apply(&mut part, None) {
                continue;
            }
            let from = p.edit.throw().min(f);
            let last = part.throws.len() as u32;
            let flagged = |fl: &Flag| fl.throw.is_some_and(|n| n >= from && n <= last);
            let mut flags = self.flags_from(&part, &st.rec, base).flags;
            if let Some(q) = self.marked(&p, &flags) {
                let mut again = Record { throws: st.rec.throws[..take].to_vec(), ..head(&st.rec) };
                if q.edit.apply(&mut again, None) {
                    flags = self.flags_from(&again, &st.rec, base).flags;
                    p = q;
                }
            }
            if flags.iter().any(flagged) {
                let flag_end = (i64::from(f) + shift) as u32;
                let still = flags.iter().any(|fl| fl.throw.is_some_and(|n| n >= from && n <= flag_end));
                if wide || still || moved_on.len() >= 2 * self.opts.beam {
                    continue;
                }
                moved_on.push(p);
                continue;
            }
            if let Some(c) = self.whole(st, base, &p) {
                if c.left == 0 {
                    clean_at = clean_at.min(p.cost);
                }
                kept.push(c);
            }
        }
        if kept.is_empty() {
            for p in moved_on {
                if let Some(c) = self.whole(st, base, &p) {
                    kept.push(c);
                }
            }
        }
        if kept.is_empty() && wide && st.edits.len() + 1 < self.opts.max_edits {
            // two slips in one throw: the likeliest single edits, searched again at the same place
            for p in self.proposals(st, f, false).into_iter().take(self.opts.beam) {
                let mut rec = st.rec.clone();
                if !self.over() && !st.edits.iter().any(|e| p.edit.same_token(e)) && p.edit.apply(&mut rec, None) {
                    let flags = self.flags_from(&rec, &st.rec, base);
                    let mut edits = st.edits.clone();
                    edits.push(p.edit.clone());
                    let mut c = State::new(rec, edits, st.cost + p.cost);
                    self.settle(&mut c, &flags);
                    kept.push(c);
                }
            }
        }
        kept
    }

    /// In Grand Trictrac and Trictrac à écrire, a throw supplied for a lacuna with the marks
    /// it scored (docs/rules.md §9: the record's marks are claims), when its only flags are the
    /// école of marks left out.
    fn marked(&self, p: &Proposal, flags: &[Flag]) -> Option<Proposal> {
        let Edit::Lacuna { throw, dice, play, marks: None } = &p.edit else { return None };
        if !self.header.game.is_trictrac() {
            return None;
        }
        let at: Vec<&Flag> = flags.iter().filter(|f| f.throw == Some(*throw)).collect();
        if at.is_empty() || at.iter().any(|f| f.kind != crate::replay::FlagKind::Ecole) {
            return None;
        }
        let e = at.iter().find(|f| f.claimed.unwrap_or(0) == 0).and_then(|f| f.expected).filter(|&e| e > 0)?;
        let edit = Edit::Lacuna { throw: *throw, dice: *dice, play: play.clone(), marks: Some(e) };
        Some(Proposal { edit, cost: p.cost })
    }

    /// A proposal made on the whole record and replayed (from its edit on).
    fn whole(&mut self, st: &State, base: &Replay, p: &Proposal) -> Option<State> {
        // never an edit and its inverse (nor two edits of one token)
        if st.edits.iter().any(|e| p.edit.same_token(e)) {
            return None;
        }
        let mut rec = st.rec.clone();
        if !p.edit.apply(&mut rec, None) {
            return None;
        }
        let flags = self.flags_from(&rec, &st.rec, base);
        let mut edits = st.edits.clone();
        edits.push(p.edit.clone());
        let mut c = State::new(rec, edits, st.cost + p.cost);
        self.settle(&mut c, &flags);
        c.improves(st).then_some(c)
    }
}

/// A record's tags without its throws.
fn head(rec: &Record) -> Record {
    Record { comments: Vec::new(), tags: rec.tags.clone(), throws: Vec::new(), span: None }
}

/// A record with the edits of `c` made on `rec` (as `candidates` was given it), each leaving
/// a `{ repaired: … }` comment in the record's letters.
pub fn apply(rec: &Record, c: &Candidate, header: &Header) -> Record {
    let mut out = rec.clone();
    for e in &c.edits {
        e.apply(&mut out, Some(header.letters));
    }
    out
}
