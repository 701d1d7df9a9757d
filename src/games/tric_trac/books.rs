//! Tric Trac's books: a record replayed throw by throw ([`super::series::Series`]) with a
//! flag for every illegal play (kind `fausse-case`, the rule names of docs/games.md §E.12) and
//! every wrong claim (`claim` with rule `marks`, `partie`, `hit`; `decision`; `seat`;
//! `result`), and the game-neutral steps the renderers draw ([`crate::replay::Step`]).
//! The books are the shared [`Ledger`]'s: flags are raised with Tric Trac's facts
//! ([`super::Fact`]) or the shared ones (a wrong seat, a stop), their words written by the
//! reporting layer; a throw's spans are read only when one of its flags needs them.

use super::board::{position_from_setup, score_from_setup, setup_of};
use super::judge::{paths_of, Path};
use super::options::Options;
use super::score::{Choice, PartieWon, Score};
use super::series::{Claim, Series, ThrowRecord};
use super::{Fact, FausseCase, StartFault, TricTrac};
use crate::notation::{Decision, Header, Play as RecordedPlay, Record, ResultClaim, Span, Throw};
use crate::position::Position;
use crate::replay::{
    first_seat, End, Fact as Said, FlagKind, Flow, How, Ledger, PartieStep, Replay, Step, StepDetail, Stop,
};

/// What a record's `Rules` and `Position` tags give: the options, the start and its score,
/// or why the record cannot be replayed.
fn start(game: &TricTrac, rec: &Record, header: &Header) -> Result<(Options, Position, Score), StartFault> {
    let options =
        if game.bad_rules { Options::from_pairs(&header.game_rules).map_err(StartFault::rules)? } else { game.options };
    let first = first_seat(rec, header);
    let (mut pos, score) = match &header.position {
        Some(setup) => {
            let pos = position_from_setup(setup).map_err(StartFault::Position)?;
            (pos, score_from_setup(setup).map_err(StartFault::Position)?)
        }
        None => (Position::opening(first), Score::default()),
    };
    pos.set_turn(first);
    Ok((options, pos, score))
}

/// A Tric Trac fact.
fn said(f: Fact) -> Said {
    Said::TricTrac(f)
}

/// The start cannot be set: the replay stops at the first throw (docs/rules.md §10), or there is
/// none. A `Rules` tag's errors are the shared stop's; a `Position`'s are Tric Trac's.
fn no_start(b: &mut Ledger, why: StartFault) {
    let first = b.rec.throws.first();
    match (first, why) {
        (Some(t), StartFault::Rules(e)) => {
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(t, None, Stop::Rules(vec![e.to_string()]), span);
        }
        (Some(t), why) => {
            let last = b.last_throw.unwrap_or(t.number);
            let span = b.spans(t).and_then(|s| s.number);
            b.raise(
                Some(t.number),
                FlagKind::NotReplayed,
                None,
                said(Fact::NoStart { why, throws: Some((t.number, last)) }),
                span,
            );
            b.out.stopped_at = Some(t.number);
        }
        (None, why) => {
            b.raise(None, FlagKind::NotReplayed, None, said(Fact::NoStart { why, throws: None }), None);
        }
    }
}

/// Replays a Tric Trac record and keeps its books (docs/games.md §E.10–§E.12) through the one
/// replay loop ([`crate::replay::run`]). The throws come from `feed` (`rec`: the tags and the
/// first throw at least); [`crate::games::Game::books`] feeds it a whole record.
pub fn books_fed(
    game: &TricTrac,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut b = Ledger::new(rec, header, src, keep_steps);
    b.last_throw = feed.sum.last;
    let (options, pos, score) = match start(game, rec, header) {
        Ok(s) => s,
        Err(why) => {
            no_start(&mut b, why);
            return b.out;
        }
    };
    let length = series_length(&mut b);
    let books = TtBooks {
        b,
        header,
        // docs/games.md §H.3: the marks are claims once any is written; the partie claims too
        marks_claimed: feed.sum.marks,
        claims: feed.sum.marks || feed.sum.partie,
        length,
        played: 0,
        series_over: None,
        series: Series::new(pos, score, options),
        last_won: None,
        paths: smallvec::SmallVec::new(),
        again_after_doublet: false,
    };
    crate::replay::run(books, feed)
}

/// A Tric Trac series' books between two throws.
struct TtBooks<'r> {
    b: Ledger<'r>,
    header: &'r Header,
    marks_claimed: bool,
    claims: bool,
    /// The series' length (the `Parties` tag).
    length: Option<u16>,
    /// The parties won in the record, and the throw that won the last of the series.
    played: u16,
    series_over: Option<u32>,
    series: Series,
    last_won: Option<PartieWon>,
    paths: smallvec::SmallVec<[Path; 4]>,
    /// The last throw was a doublet that won no partie: its seat throws again (docs/games.md
    /// §E.5; a doublet that wins a partie gives no further throw, §H.6).
    again_after_doublet: bool,
}

/// A Tric Trac series' state between two throws, owned ([`crate::replay::Books::save`]).
struct TtState {
    played: u16,
    series_over: Option<u32>,
    series: Series,
    last_won: Option<PartieWon>,
    again_after_doublet: bool,
}

/// One Tric Trac throw from hook to hook.
struct Turn {
    dice: crate::dice::Dice,
    decision: Option<Choice>,
    score_before: Score,
    o: super::series::ThrowOutcome,
}

impl TtBooks<'_> {
    /// The claims made after the play (hit, marks, partie, a decision without partie).
    fn claim(&mut self, t: &Throw, o: &super::series::ThrowOutcome, c: Claim) {
        let seat = o.seat;
        let b = &mut self.b;
        match c {
            Claim::Hit => {
                let fact = said(Fact::Hit { throw: t.number, seat, played: self.paths.to_vec() });
                let span = span_of(b, t, |s| s.play);
                b.raise(Some(t.number), FlagKind::Claim, Some(seat), fact, span).rule = Some("hit");
            }
            Claim::Marks { claimed, computed } => {
                let j = &o.judgement;
                let fact = said(Fact::Marks {
                    throw: t.number,
                    seat,
                    claimed,
                    computed,
                    captures: j.captures,
                    borne_off: j.borne_off,
                    pont: j.pont,
                });
                let span = b.spans(t).as_ref().and_then(marks_span);
                let fl = b.raise(Some(t.number), FlagKind::Claim, Some(seat), fact, span);
                fl.rule = Some("marks");
                fl.claimed = Some(claimed as i64);
                fl.expected = Some(computed as i64);
            }
            Claim::Partie { claimed, computed } => {
                let points = self.series.score.points;
                let fact = said(Fact::Partie { throw: t.number, claimed, won: o.won, points });
                let span = span_of(b, t, |s| s.partie.or(s.play));
                let fl = b.raise(Some(t.number), FlagKind::Claim, Some(seat), fact, span);
                fl.rule = Some("partie");
                fl.claimed = claimed.map(i64::from);
                fl.expected = computed.map(i64::from);
            }
            Claim::DecisionWithoutPartie(choice) => {
                let fact = said(Fact::DecisionWithoutPartie { throw: t.number, choice });
                let span = span_of(b, t, |s| s.decision);
                b.raise(Some(t.number), FlagKind::Decision, Some(seat), fact, span);
            }
            Claim::Seat { .. } | Claim::DecisionMissing { .. } => {}
        }
    }
}

impl<'r> crate::replay::Books<'r> for TtBooks<'r> {
    type Turn = Turn;

    fn ledger(&mut self) -> &mut Ledger<'r> {
        &mut self.b
    }

    /// Whether the throw is replayed, and who throws: the series plays the throw (the seat
    /// after a doublet is its own, [`Series::throw`]) and the claims made before the play
    /// (a decision missing, the seat) are flagged.
    #[inline(always)]
    fn seat(&mut self, t: &Throw) -> Option<Turn> {
        let b = &mut self.b;
        if let Some(ended) = self.series_over {
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(t, t.seat, Stop::AfterEnd { ended }, span);
            return None;
        }
        let Some(dice) = t.dice else {
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(t, t.seat, Stop::NoDice, span);
            return None;
        };
        let seat = t.seat.unwrap_or(self.series.pos.turn());
        self.paths.clear();
        match &t.play {
            Some(p) => paths_of(seat, p, &mut self.paths),
            None => {
                // no play written: a throw that could play nothing passes
                let mut probe = self.series.pos;
                probe.set_turn(seat);
                if self.series.could_play(&probe, seat, dice) {
                    let span = b.spans(t).and_then(|s| s.number);
                    b.stop(t, Some(seat), Stop::NoPlay { seat }, span);
                    return None;
                }
            }
        }
        if let Some(decision @ (Decision::Hold | Decision::Go)) = t.decision {
            let span = b.spans(t).and_then(|s| s.decision);
            let fact = said(Fact::ForeignDecision { throw: t.number, decision });
            b.raise(Some(t.number), FlagKind::Decision, Some(seat), fact, span);
        }
        let decision = match t.decision {
            Some(Decision::Prolong) => Some(Choice::Prolonge),
            Some(Decision::Restart) => Some(Choice::Recommence),
            _ => None,
        };
        let marks = t.marks.iter().map(|m| m.points.clamp(0, u16::MAX as i64) as u16).fold(0u16, u16::saturating_add);
        let score_before = self.series.score;
        let record = ThrowRecord {
            number: t.number,
            seat: t.seat,
            dice,
            paths: &self.paths,
            marks,
            partie: t.partie.map(|p| p.multiple),
            claims: self.claims,
            marks_claimed: self.marks_claimed,
            decision,
        };
        let o = self.series.throw(&record);
        // the claims made before the play (a decision missing, the seat)
        for c in &o.claims {
            match *c {
                Claim::DecisionMissing { number } => {
                    let span = b.spans(t).and_then(|s| s.number);
                    let fact = said(Fact::DecisionMissing { won_by: number });
                    b.raise(Some(number), FlagKind::Decision, self.last_won.map(|w| w.winner), fact, span);
                }
                Claim::Seat { expected, recorded } => b.wrong_seat(t, recorded, expected, self.again_after_doublet),
                _ => {}
            }
        }
        Some(Turn { dice, decision, score_before, o })
    }

    #[inline(always)]
    fn play(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let (o, seat, dice) = (&turn.o, turn.o.seat, turn.dice);
        if let Some(fault) = o.judgement.fault {
            let legal = self.series.legal_plays();
            let lawful = fault.lawful(seat, &self.paths, legal);
            let plays: Vec<RecordedPlay> = lawful.iter().map(|p| p.moves(seat)).collect();
            let fact = FausseCase {
                throw: t.number,
                seat,
                dice,
                played: self.paths.to_vec(),
                fault,
                max_moves: legal.max_moves,
                natural_bosse: legal.natural_bosse,
                lawful,
            };
            let span = self.b.spans(t).and_then(|s| s.play.or(s.dice));
            let fact = said(Fact::FausseCase(Box::new(fact)));
            let fl = self.b.raise(Some(t.number), FlagKind::FausseCase, Some(seat), fact, span);
            fl.rule = Some(fault.rule.name());
            fl.plays = plays;
        }
        if o.stopped {
            let span = span_of(&self.b, t, |s| s.number);
            self.b.stop(t, Some(seat), Stop::CannotApply { before_marks: false }, span);
            return Flow::Stop;
        }
        Flow::On
    }

    #[inline(always)]
    fn claims(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        for &c in &turn.o.claims {
            self.claim(t, &turn.o, c);
        }
        Flow::On
    }

    #[inline(always)]
    fn after(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let o = &turn.o;
        self.again_after_doublet = turn.dice.is_doublet() && o.won.is_none();
        if o.won.is_some() {
            self.last_won = o.won;
            self.played = self.played.saturating_add(1);
            if self.length == Some(self.played) {
                self.series_over = Some(t.number);
            }
        }
        Flow::On
    }

    fn step(&mut self, t: &Throw, turn: &Turn) -> Step {
        let (o, seat) = (&turn.o, turn.o.seat);
        let mut before = setup_of(&o.before, &turn.score_before);
        before.turn = seat;
        let mut points = [0u16; 2];
        points[seat.index()] = o.points;
        Step {
            number: t.number,
            seat,
            dice: Some(turn.dice),
            play: t.play.clone().unwrap_or(RecordedPlay::Pass),
            applied: o.judgement.legal.as_ref().map(|p| p.moves(seat)),
            lawful: o.judgement.fault.is_none(),
            before,
            after: setup_of(&self.series.pos, &self.series.score),
            points,
            detail: StepDetail::TricTrac {
                partie: o.won.map(|w| PartieStep { value: w.value, choice: turn.decision.unwrap_or_default() }),
                put_back: o.put_back,
            },
        }
    }

    /// The state between two throws (docs/games.md §E): the series (position, score, the
    /// seat to throw and its doublets), the parties won and the last, the throw that ended
    /// the series, whether the last doublet gives its seat the next throw; the options, the
    /// series' length and what the record claims come again from the tags and the record.
    fn save(&self) -> Option<crate::replay::State> {
        let s = TtState {
            played: self.played,
            series_over: self.series_over,
            series: self.series.clone(),
            last_won: self.last_won,
            again_after_doublet: self.again_after_doublet,
        };
        Some(std::sync::Arc::new(s))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<TtState>() else { return false };
        (self.played, self.series_over, self.series) = (s.played, s.series_over, s.series.clone());
        (self.last_won, self.again_after_doublet) = (s.last_won, s.again_after_doublet);
        true
    }

    fn finish(mut self) -> Replay {
        let series = &self.series;
        self.b.out.last = Some(setup_of(&series.pos, &series.score));
        self.b.out.end = series.score.series().map(|(winner, w, _)| End {
            winner,
            value: f64::from(w),
            how: How::Series { last: self.last_won.filter(|l| l.winner == winner).map(|l| l.value) },
        });
        check_result(&mut self.b, self.header, series, self.length.map(|n| (self.played, n)));
        self.b.out
    }
}

/// The series' length from the `Parties` tag (docs/games.md §E.11), when it has one; a value
/// that is no number of parties is flagged (`claim`, rule `parties`) and not used.
fn series_length(b: &mut Ledger) -> Option<u16> {
    let tag = b.rec.tags.iter().find(|t| t.name == "Parties")?;
    match tag.value.trim().parse::<u16>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            let fact = said(Fact::PartiesTag { value: tag.value.clone() });
            let span = b.tag_span("Parties");
            b.raise(None, FlagKind::Claim, None, fact, span).rule = Some("parties");
            None
        }
    }
}

/// The span `pick` takes of throw `t`'s tokens (read only when a flag needs it).
fn span_of(b: &Ledger, t: &Throw, pick: impl Fn(&crate::notation::ThrowSpans) -> Option<Span>) -> Option<Span> {
    b.spans(t).as_ref().and_then(pick)
}

/// The span of the thrower's marks, else the play.
fn marks_span(sp: &crate::notation::ThrowSpans) -> Option<Span> {
    match (sp.marks.first(), sp.marks.last()) {
        (Some(a), Some(b)) => Some(Span { start: a.start, end: b.end }),
        _ => sp.play.or(sp.dice),
    }
}

/// The `Result` tag against the series (docs/games.md §E.11: `top 5-2`, the parties' values).
/// With a `Parties` tag (`length`: the parties won in the record and the series' length),
/// `*` is wrong once the series is played out, and a winner is wrong before.
fn check_result(b: &mut Ledger, header: &Header, series: &Series, length: Option<(u16, u16)>) {
    let Some(claim) = &header.result else { return };
    let fact = match claim {
        ResultClaim::Unfinished => match length {
            Some((played, length)) if played >= length => {
                Some(Fact::ResultUnfinished { length, stands: series.score.series() })
            }
            _ => None,
        },
        ResultClaim::Won { .. } if b.out.stopped_at.is_some() => None,
        ResultClaim::Won { winner, winner_holes, loser_holes, .. } => {
            let claimed = (*winner, *winner_holes, *loser_holes);
            if !series.result_right(Some(claimed)) {
                Some(Fact::Result { claimed, stands: series.score.series(), parties: series.score.parties })
            } else {
                length
                    .filter(|(played, length)| played < length)
                    .map(|(played, length)| Fact::SeriesUnfinished { played, length })
            }
        }
        ResultClaim::Points { .. } => Some(Fact::ResultNotASeries),
    };
    if let Some(f) = fact {
        let span = b.tag_span("Result");
        b.raise(None, FlagKind::Result, None, said(f), span);
    }
}
