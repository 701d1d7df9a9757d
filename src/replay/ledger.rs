//! The ledger every game's replay keeps ([`Ledger`]) and the throws it walks ([`ThrowFeed`]).

use super::{Fact, Flag, FlagKind, Replay, Stop};
use crate::board::{Dialect, Seat};
use crate::notation::{parser::throw_spans, Decision, Header, Record, Span, Throw};
use std::borrow::Cow;

/// The throws a replay walks, one at a time: a record's own, or those of a long record read
/// again as they come (`check`, issue 16: the replay then holds a few throws, not the
/// record's million), with what the games need to know of them all before the first.
pub struct ThrowFeed<'a> {
    throws: Feed<'a>,
    /// The throw handed out last (a fed record's).
    current: Option<Throw>,
    /// What the throws are as a whole (their count, last number, claims).
    pub sum: FeedSummary,
    /// Take a checkpoint before every throw ([`replay_resumable`]).
    pub(super) checkpoints: bool,
    /// Resume from the checkpoint of an earlier replay before the throw of this index
    /// ([`replay_from`]).
    pub(super) resume: Option<(Cow<'a, Replay>, usize)>,
}

enum Feed<'a> {
    Record(std::slice::Iter<'a, Throw>),
    Stream(Box<dyn Iterator<Item = Throw> + 'a>),
}

/// What a feed must know of all its throws before the first ([`ThrowFeed`]), gathered throw
/// by throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeedSummary {
    /// How many throws.
    pub len: usize,
    /// The last throw's number.
    pub last: Option<u32>,
    /// Some throw claims marks.
    pub marks: bool,
    /// Some throw claims marks for the opponent.
    pub opponent_marks: bool,
    /// The throws with marks written for the seat of the odd throws (the first thrower's,
    /// when the seats alternate) and for the seat of the even ones, by themselves or after `/`.
    pub marks_by_turn: [u32; 2],
    /// A throw follows a relève ended by `va`: the seats of the odd and even throws are no
    /// longer known from the text alone, and `marks_by_turn` says nothing of them.
    pub turns_unsure: bool,
    /// Some throw claims a partie.
    pub partie: bool,
    /// The last throw counted said `va`.
    gone: bool,
}

impl FeedSummary {
    /// Counts throw `t` in.
    pub fn add(&mut self, t: &Throw) {
        self.len += 1;
        self.turns_unsure |= self.gone;
        self.gone = t.decision == Some(Decision::Go);
        self.last = Some(t.number);
        self.marks |= !t.marks.is_empty();
        let opponent = t.opponent.as_ref().is_some_and(|o| !o.marks.is_empty());
        self.opponent_marks |= opponent;
        let odd = (t.number % 2) as usize; // 1 for an odd throw
        self.marks_by_turn[1 - odd] += u32::from(!t.marks.is_empty());
        self.marks_by_turn[odd] += u32::from(opponent);
        self.partie |= t.partie.is_some();
    }
}

impl<'a> ThrowFeed<'a> {
    /// The throws of `rec`.
    pub fn of(rec: &'a Record) -> ThrowFeed<'a> {
        let mut sum = FeedSummary::default();
        rec.throws.iter().for_each(|t| sum.add(t));
        ThrowFeed::with(Feed::Record(rec.throws.iter()), sum)
    }

    /// Throws as they come from `throws`, `sum` telling what they are as a whole.
    pub fn stream(throws: impl Iterator<Item = Throw> + 'a, sum: FeedSummary) -> ThrowFeed<'a> {
        ThrowFeed::with(Feed::Stream(Box::new(throws)), sum)
    }

    fn with(throws: Feed<'a>, sum: FeedSummary) -> ThrowFeed<'a> {
        ThrowFeed { throws, current: None, sum, checkpoints: false, resume: None }
    }

    /// What the games read of all the throws before the first: the claims a record makes
    /// (its marks, its opponent marks, its parties), which a resumed replay must share with
    /// the replay it resumes.
    pub(super) fn claims(&self) -> [bool; 3] {
        [self.sum.marks, self.sum.opponent_marks, self.sum.partie]
    }

    /// The next throw.
    #[allow(clippy::should_implement_trait)] // it lends the throw: no Iterator
    pub fn next(&mut self) -> Option<&Throw> {
        match &mut self.throws {
            Feed::Record(it) => it.next(),
            Feed::Stream(it) => {
                self.current = it.next();
                self.current.as_ref()
            }
        }
    }
}

/// The books every game's replay keeps, whatever its rules: the output, the flags raised
/// with their facts, the spans of a throw read only when a flag needs them, the stop (docs/rules.md
/// §10). A game's replay ([`Game::books`]) holds one and adds its own claims.
pub struct Ledger<'a> {
    /// What the replay gives.
    pub out: Replay,
    /// Keep every throw's step (`false`: flags, score and end only, for corpora).
    pub keep_steps: bool,
    /// The record.
    pub rec: &'a Record,
    /// The text the record was read from, for the flags' spans.
    pub src: Option<&'a str>,
    /// The record's letters, for the flags' words and the spans.
    pub letters: Dialect,
    /// The last throw's number (a fed record's may not be in `rec`, [`ThrowFeed`]).
    pub last_throw: Option<u32>,
}

impl<'a> Ledger<'a> {
    /// The books of `rec` (read from `src`) under `header`.
    pub fn new(rec: &'a Record, header: &Header, src: Option<&'a str>, keep_steps: bool) -> Ledger<'a> {
        let last_throw = rec.throws.last().map(|t| t.number);
        let out = Replay { game: header.game, ..Replay::default() };
        let mut l = Ledger { out, keep_steps, rec, src, letters: header.letters, last_throw };
        l.position_rules(header);
        l
    }

    /// A `Position` tag that says its rules (`rules=`, docs/games.md §H.7) must say the record's:
    /// the options of its `Rules` tag that differ from the game's defaults. Otherwise the
    /// claim `position` is flagged, with both.
    fn position_rules(&mut self, header: &Header) {
        let Some(said) = header.position.as_ref().and_then(|p| p.score.rules.as_ref()) else { return };
        let record = crate::games::rules_departing(header);
        let theirs = crate::games::rules_header(header.game, said).map(|h| crate::games::rules_departing(&h));
        if theirs.as_ref() != Ok(&record) {
            let fact = Fact::PositionRules { said: said.clone(), record };
            let span = self.tag_span("Position");
            self.raise(None, FlagKind::Claim, None, fact, span).rule = Some("position");
        }
    }

    /// The token spans of throw `t`, read again from the text (only when a flag needs them).
    pub fn spans(&self, t: &Throw) -> Option<crate::notation::ThrowSpans> {
        self.src.and_then(|s| throw_spans(s, t, self.letters))
    }

    /// The span of a tag's value.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value))
    }

    /// Raises a flag saying `fact`; the flag is returned for its rule and amounts.
    pub fn raise(
        &mut self,
        throw: Option<u32>,
        kind: FlagKind,
        seat: Option<Seat>,
        fact: Fact,
        span: Option<Span>,
    ) -> &mut Flag {
        self.out.flags.push(Flag::of(throw, kind, seat, fact, self.letters, span));
        self.out.flags.last_mut().expect("just pushed")
    }

    /// The recorded thrower of `t` is not `expected` (docs/rules.md §11): a `seat` flag.
    pub fn wrong_seat(&mut self, t: &Throw, recorded: Seat, expected: Seat, again_after_doublet: bool) {
        let span = self.spans(t).and_then(|s| s.seat.or(s.number));
        let fact = Fact::Seat { throw: t.number, recorded, expected, again_after_doublet };
        self.raise(Some(t.number), FlagKind::Seat, Some(recorded), fact, span);
    }

    /// Stops the replay at throw `t` (docs/rules.md §10): a `not-replayed` flag saying why and
    /// which throws are not replayed.
    pub fn stop(&mut self, t: &Throw, seat: Option<Seat>, why: Stop, span: Option<Span>) {
        let last = self.last_throw.unwrap_or(t.number);
        self.raise(Some(t.number), FlagKind::NotReplayed, seat, Fact::Stop { throw: t.number, why, last }, span);
        self.out.stopped_at = Some(t.number);
    }
}
