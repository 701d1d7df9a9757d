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
use crate::replay::{first_seat, End, Fact as Said, FlagKind, How, Ledger, PartieStep, Replay, Step, StepDetail, Stop};

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

/// The start cannot be set: the replay stops at the first throw (RULES.md §10), or there is
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

/// Replays a Tric Trac record and keeps its books (docs/games.md §E.10–§E.12).
/// The throws come from `feed` (`rec`: the tags and the first throw at least);
/// [`crate::games::Game::books`] feeds it a whole record.
pub fn books_fed(
    game: &TricTrac,
    rec: &Record,
    mut feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut b = Ledger::new(rec, header, src, keep_steps);
    b.last_throw = feed.last;
    let (options, pos, score) = match start(game, rec, header) {
        Ok(s) => s,
        Err(why) => {
            no_start(&mut b, why);
            return b.out;
        }
    };
    // docs/games.md §H.3: the marks are claims once any is written; the partie claims too
    let marks_claimed = feed.marks;
    let claims = feed.marks || feed.partie;
    let length = series_length(&mut b);
    // the parties won in the record, and the throw that won the last of the series
    let mut played = 0u16;
    let mut series_over: Option<u32> = None;
    let mut series = Series::new(pos, score, options);
    let mut last_won: Option<PartieWon> = None;
    let mut paths: smallvec::SmallVec<[Path; 4]> = smallvec::SmallVec::new();
    // the last throw was a doublet that won no partie: its seat throws again (docs/games.md §E.5;
    // a doublet that wins a partie gives no further throw, §H.6)
    let mut again_after_doublet = false;
    while let Some(t) = feed.next() {
        if let Some(ended) = series_over {
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(t, t.seat, Stop::AfterEnd { ended }, span);
            break;
        }
        let Some(dice) = t.dice else {
            let span = b.spans(t).and_then(|s| s.number);
            b.stop(t, t.seat, Stop::NoDice, span);
            break;
        };
        let seat = t.seat.unwrap_or(series.pos.turn());
        paths.clear();
        match &t.play {
            Some(p) => paths_of(seat, p, &mut paths),
            None => {
                // no play written: a throw that could play nothing passes
                let mut probe = series.pos;
                probe.set_turn(seat);
                if series.could_play(&probe, seat, dice) {
                    let span = b.spans(t).and_then(|s| s.number);
                    b.stop(t, Some(seat), Stop::NoPlay { seat }, span);
                    break;
                }
            }
        }
        if let Some(decision @ (Decision::Hold | Decision::Go)) = t.decision {
            let span = b.spans(t).and_then(|s| s.decision);
            b.raise(
                Some(t.number),
                FlagKind::Decision,
                Some(seat),
                said(Fact::ForeignDecision { throw: t.number, decision }),
                span,
            );
        }
        let decision = match t.decision {
            Some(Decision::Prolong) => Some(Choice::Prolonge),
            Some(Decision::Restart) => Some(Choice::Recommence),
            _ => None,
        };
        let marks = t.marks.iter().map(|m| m.points.clamp(0, u16::MAX as i64) as u16).fold(0u16, u16::saturating_add);
        let score_before = series.score;
        let record = ThrowRecord {
            number: t.number,
            seat: t.seat,
            dice,
            paths: &paths,
            marks,
            partie: t.partie.map(|p| p.multiple),
            claims,
            marks_claimed,
            decision,
        };
        let o = series.throw(&record);
        let seat = o.seat;
        // the claims made before the play (a decision missing, the seat)
        for c in &o.claims {
            match *c {
                Claim::DecisionMissing { number } => {
                    let span = b.spans(t).and_then(|s| s.number);
                    let fact = said(Fact::DecisionMissing { won_by: number });
                    b.raise(Some(number), FlagKind::Decision, last_won.map(|w| w.winner), fact, span);
                }
                Claim::Seat { expected, recorded } => b.wrong_seat(t, recorded, expected, again_after_doublet),
                _ => {}
            }
        }
        if let Some(fault) = o.judgement.fault {
            let legal = series.legal_plays();
            let lawful = fault.lawful(seat, &paths, legal);
            let plays: Vec<RecordedPlay> = lawful.iter().map(|p| p.moves(seat)).collect();
            let fact = FausseCase {
                throw: t.number,
                seat,
                dice,
                played: paths.to_vec(),
                fault,
                max_moves: legal.max_moves,
                natural_bosse: legal.natural_bosse,
                lawful,
            };
            let span = b.spans(t).and_then(|s| s.play.or(s.dice));
            let fl =
                b.raise(Some(t.number), FlagKind::FausseCase, Some(seat), said(Fact::FausseCase(Box::new(fact))), span);
            fl.rule = Some(fault.rule.name());
            fl.plays = plays;
        }
        if o.stopped {
            b.stop(t, Some(seat), Stop::CannotApply { before_marks: false }, span_of(&b, t, |s| s.number));
            break;
        }
        for c in &o.claims {
            match *c {
                Claim::Hit => {
                    let fact = said(Fact::Hit { throw: t.number, seat, played: paths.to_vec() });
                    let span = span_of(&b, t, |s| s.play);
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
                    let fact = said(Fact::Partie { throw: t.number, claimed, won: o.won, points: series.score.points });
                    let span = span_of(&b, t, |s| s.partie.or(s.play));
                    let fl = b.raise(Some(t.number), FlagKind::Claim, Some(seat), fact, span);
                    fl.rule = Some("partie");
                    fl.claimed = claimed.map(i64::from);
                    fl.expected = computed.map(i64::from);
                }
                Claim::DecisionWithoutPartie(choice) => {
                    let fact = said(Fact::DecisionWithoutPartie { throw: t.number, choice });
                    let span = span_of(&b, t, |s| s.decision);
                    b.raise(Some(t.number), FlagKind::Decision, Some(seat), fact, span);
                }
                Claim::Seat { .. } | Claim::DecisionMissing { .. } => {}
            }
        }
        again_after_doublet = dice.is_doublet() && o.won.is_none();
        if o.won.is_some() {
            last_won = o.won;
            played = played.saturating_add(1);
            if length == Some(played) {
                series_over = Some(t.number);
            }
        }
        if keep_steps {
            let mut before = setup_of(&o.before, &score_before);
            before.turn = seat;
            let mut points = [0u16; 2];
            points[seat.index()] = o.points;
            b.out.steps.push(Step {
                number: t.number,
                seat,
                dice: Some(dice),
                play: t.play.clone().unwrap_or(RecordedPlay::Pass),
                applied: o.judgement.legal.as_ref().map(|p| p.moves(seat)),
                lawful: o.judgement.fault.is_none(),
                before,
                after: setup_of(&series.pos, &series.score),
                points,
                detail: StepDetail::TricTrac {
                    partie: o.won.map(|w| PartieStep { value: w.value, choice: decision.unwrap_or_default() }),
                    put_back: o.put_back,
                },
            });
        }
    }
    b.out.last = Some(setup_of(&series.pos, &series.score));
    b.out.end = series.score.series().map(|(winner, w, _)| End {
        winner,
        value: f64::from(w),
        how: How::Series { last: last_won.filter(|l| l.winner == winner).map(|l| l.value) },
    });
    check_result(&mut b, header, &series, length.map(|n| (played, n)));
    b.out
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
