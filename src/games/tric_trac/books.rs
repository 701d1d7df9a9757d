//! Tric Trac's books: a record replayed throw by throw ([`super::series::Series`]) with a
//! flag for every illegal play (kind `fausse-case`, the rule names of GAMES.md §E.12) and
//! every wrong claim (`claim` with rule `marks`, `partie`, `hit`; `decision`; `seat`;
//! `result`), and the game-neutral steps the renderers draw ([`crate::replay::BoardStep`]).

use super::board::{position_from_setup, score_from_setup, setup_of};
use super::judge::{paths_of, paths_text, Path};
use super::options::Options;
use super::score::{partie_name, Choice, PartieWon, Score};
use super::series::{Claim, Series, ThrowRecord};
use super::TricTrac;
use crate::board::Seat;
use crate::notation::{Decision, Header, Play as RecordedPlay, Record, ResultClaim, Span, Throw};
use crate::position::Position;
use crate::replay::{first_seat, BoardStep, Flag, FlagKind, GameEnd, Replay};

/// `partie`, `partie double`, …: the claim's words for a value.
pub fn partie_words(value: u8) -> String {
    match partie_name(value) {
        "" => "partie".to_string(),
        name => format!("partie {name}"),
    }
}

/// What a record's `Rules` and `Position` tags give: the options, the start and its score,
/// or why the record cannot be replayed.
fn start(game: &TricTrac, rec: &Record, header: &Header) -> Result<(Options, Position, Score), String> {
    let options = if game.bad_rules {
        Options::from_pairs(&header.game_rules).map_err(|e| format!("Rules: {e}"))?
    } else {
        game.options
    };
    let first = first_seat(rec, header);
    let (mut pos, score) = match &header.position {
        Some(setup) => {
            let pos = position_from_setup(setup).map_err(|e| format!("Position: {e}"))?;
            (pos, score_from_setup(setup).map_err(|e| format!("Position: {e}"))?)
        }
        None => (Position::opening(first), Score::default()),
    };
    pos.set_turn(first);
    Ok((options, pos, score))
}

struct Books<'a> {
    out: Replay,
    src: Option<&'a str>,
    letters: crate::board::Dialect,
}

impl Books<'_> {
    fn flag(
        &mut self,
        number: u32,
        kind: FlagKind,
        seat: Option<Seat>,
        message: String,
        span: Option<Span>,
    ) -> &mut Flag {
        self.out.flags.push(Flag::new(Some(number), kind, seat, message, span));
        self.out.flags.last_mut().expect("just pushed")
    }

    fn spans(&self, t: &Throw) -> Option<crate::notation::ThrowSpans> {
        self.src.and_then(|s| crate::notation::parser::throw_spans(s, t, self.letters))
    }

    /// Stops the replay at throw `t`: one `not-replayed` flag saying why and which throws
    /// are left.
    fn stop(&mut self, rec: &Record, t: &Throw, seat: Option<Seat>, why: &str) {
        let rest = match rec.throws.last().map(|x| x.number).filter(|&n| n > t.number) {
            Some(last) if last == t.number + 1 => format!("; throw {last} is not replayed"),
            Some(last) => format!("; throws {}..{last} are not replayed", t.number + 1),
            None => String::new(),
        };
        let span = self.spans(t).and_then(|s| s.number);
        self.flag(t.number, FlagKind::NotReplayed, seat, format!("{why}: the replay stops here{rest}"), span);
        self.out.stopped_at = Some(t.number);
    }
}

/// Replays a Tric Trac record and keeps its books (GAMES.md §E.10–§E.12).
pub fn books(game: &TricTrac, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    let mut b = Books { out: Replay::default(), src, letters: header.letters };
    let (options, pos, score) = match start(game, rec, header) {
        Ok(s) => s,
        Err(why) => {
            if let Some(t) = rec.throws.first() {
                b.stop(rec, t, None, &why);
            } else {
                b.out.flags.push(Flag::new(None, FlagKind::NotReplayed, None, why, None));
            }
            return b.out;
        }
    };
    let claims = rec.throws.iter().any(|t| !t.marks.is_empty() || t.partie.is_some());
    let mut series = Series::new(pos, score, options);
    let mut last_won: Option<PartieWon> = None;
    let mut paths: smallvec::SmallVec<[Path; 4]> = smallvec::SmallVec::new();
    for t in &rec.throws {
        let Some(dice) = t.dice else {
            b.stop(rec, t, t.seat, &format!("throw {} has no dice", t.number));
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
                super::movegen::legal_plays_into(
                    &probe,
                    series.score.points[seat.index()],
                    dice,
                    &options,
                    &mut series.plays,
                );
                if series.plays.max_moves > 0 {
                    b.stop(rec, t, Some(seat), &format!("throw {} ({seat} {dice}) has no play written", t.number));
                    break;
                }
            }
        }
        if matches!(t.decision, Some(Decision::Hold | Decision::Go)) {
            let span = b.spans(t).and_then(|s| s.decision);
            let word = if t.decision == Some(Decision::Hold) { "tient" } else { "va" };
            b.flag(
                t.number,
                FlagKind::Decision,
                Some(seat),
                format!(
                    "throw {}: `{word}` is Grand Trictrac's; a Tric Trac partie ends with prolonge or recommence",
                    t.number
                ),
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
            decision,
        };
        let o = series.throw(&record);
        let seat = o.seat;
        let played = paths_text(seat, &paths);
        let spans = b.spans(t);
        // the claims made before the play (a decision missing, the seat)
        for c in &o.claims {
            match *c {
                Claim::DecisionMissing { number } => {
                    let f = b.flag(
                        number,
                        FlagKind::Decision,
                        last_won.map(|w| w.winner),
                        format!(
                            "throw {number} won the partie, but the winner's decision (prolonge or recommence) is missing and more throws follow: recommence is taken"
                        ),
                        None,
                    );
                    f.span = spans.as_ref().and_then(|s| s.number);
                }
                Claim::Seat { expected, recorded } => {
                    b.flag(
                        t.number,
                        FlagKind::Seat,
                        Some(recorded),
                        format!(
                            "throw {}: the record says {recorded} threw, but it was {expected}'s turn (after a doublet the same seat throws again)",
                            t.number
                        ),
                        spans.as_ref().and_then(|s| s.seat.or(s.number)),
                    );
                }
                _ => {}
            }
        }
        if let Some(f) = o.judgement.fault {
            let lawful = f.lawful(seat, &paths, &series.plays);
            let message = f.message(seat, dice, &paths, &series.plays, &lawful);
            let lawful: Vec<RecordedPlay> = lawful.into_iter().map(|(p, _)| p.moves(seat)).collect();
            let fl = b.flag(
                t.number,
                FlagKind::FausseCase,
                Some(seat),
                format!("throw {} ({seat} {dice}): {message}", t.number),
                spans.as_ref().and_then(|s| s.play.or(s.dice)),
            );
            fl.rule = Some(f.rule.name());
            fl.plays = lawful;
        }
        if o.stopped {
            b.stop(rec, t, Some(seat), &format!("the play of throw {} cannot be made", t.number));
            break;
        }
        for c in &o.claims {
            match *c {
                Claim::Hit => {
                    let fl = b.flag(
                        t.number,
                        FlagKind::Claim,
                        Some(seat),
                        format!(
                            "throw {}: the captures written ({played}) are not those made: a `*` goes after each point where a lone man was captured",
                            t.number
                        ),
                        spans.as_ref().and_then(|s| s.play),
                    );
                    fl.rule = Some("hit");
                }
                Claim::Marks { claimed, computed } => {
                    let j = &o.judgement;
                    let fl = b.flag(
                        t.number,
                        FlagKind::Claim,
                        Some(seat),
                        format!(
                            "throw {}: {seat} marked {claimed}, the play scores {computed} ({} captured, {} borne off, pont {})",
                            t.number, j.captures, j.borne_off, j.pont
                        ),
                        marks_span(&spans),
                    );
                    fl.rule = Some("marks");
                    fl.claimed = Some(claimed as i64);
                    fl.expected = Some(computed as i64);
                }
                Claim::Partie { claimed, computed } => {
                    let said = claimed.map_or("no partie".to_string(), partie_words);
                    let is = match (computed, o.won) {
                        (Some(v), Some(w)) => format!(
                            "{} won the {} ({} to {})",
                            w.winner,
                            partie_words(v),
                            w.winner_points,
                            w.loser_points
                        ),
                        _ => format!(
                            "no partie was won (top {}, bottom {})",
                            series.score.points[0], series.score.points[1]
                        ),
                    };
                    let fl = b.flag(
                        t.number,
                        FlagKind::Claim,
                        Some(seat),
                        format!("throw {}: the record says {said}, but {is}", t.number),
                        spans.as_ref().and_then(|s| s.partie.or(s.play)),
                    );
                    fl.rule = Some("partie");
                    fl.claimed = claimed.map(i64::from);
                    fl.expected = computed.map(i64::from);
                }
                Claim::DecisionWithoutPartie(d) => {
                    b.flag(
                        t.number,
                        FlagKind::Decision,
                        Some(seat),
                        format!("throw {}: `{}` after a throw that won no partie", t.number, d.word()),
                        spans.as_ref().and_then(|s| s.decision),
                    );
                }
                Claim::Seat { .. } | Claim::DecisionMissing { .. } => {}
            }
        }
        if o.won.is_some() {
            last_won = o.won;
        }
        if keep_steps {
            let mut before = setup_of(&o.before, &score_before);
            before.turn = seat;
            let mut points = [0u16; 2];
            points[seat.index()] = o.points;
            let mut note = Vec::new();
            if let Some(w) = &o.won {
                note.push(format!("{} {}", partie_words(w.value), decision.unwrap_or_default().word()));
            }
            if o.put_back {
                note.push("fifteen off: back on the start point".to_string());
            }
            b.out.board_steps.push(BoardStep {
                number: t.number,
                seat,
                dice: Some(dice),
                before,
                after: setup_of(&series.pos, &series.score),
                play: t.play.clone().unwrap_or(RecordedPlay::Pass),
                lawful: o.judgement.fault.is_none(),
                points,
                note: note.join(", "),
            });
        }
    }
    b.out.end_setup = Some(setup_of(&series.pos, &series.score));
    b.out.game_end = series.score.series().map(|(winner, w, _)| GameEnd {
        winner,
        points: u32::from(w),
        kind: last_won.filter(|l| l.winner == winner).map(|l| match l.value {
            2 => "partie double",
            3 => "partie triple",
            4 => "partie quadruple",
            _ => "partie",
        }),
    });
    check_result(&mut b, rec, header, &series);
    b.out
}

/// The span of the thrower's marks, else the play.
fn marks_span(spans: &Option<crate::notation::ThrowSpans>) -> Option<Span> {
    let sp = spans.as_ref()?;
    match (sp.marks.first(), sp.marks.last()) {
        (Some(a), Some(b)) => Some(Span { start: a.start, end: b.end }),
        _ => sp.play.or(sp.dice),
    }
}

/// The `Result` tag against the series (GAMES.md §E.11: `top 5-2`, the parties' values).
fn check_result(b: &mut Books, rec: &Record, header: &Header, series: &Series) {
    let Some(claim) = &header.result else { return };
    let [t, bo] = series.score.parties;
    let message = match claim {
        ResultClaim::Unfinished => None,
        ResultClaim::Won { .. } if b.out.stopped_at.is_some() => None,
        ResultClaim::Won { winner, winner_holes, loser_holes, .. } => {
            let claimed = Some((*winner, *winner_holes, *loser_holes));
            (!series.result_right(claimed)).then(|| match series.score.series() {
                Some((w, wp, lp)) => format!(
                    "the Result tag says {winner} {winner_holes}-{loser_holes}, but the series stands {w} {wp}-{lp}"
                ),
                None => format!(
                    "the Result tag says {winner} {winner_holes}-{loser_holes}, but the series stands level, {t}-{bo}"
                ),
            })
        }
        ResultClaim::Points { .. } => {
            Some("the Result tag gives points won, not a Tric Trac series (`top 5-2`, the parties' values)".to_string())
        }
    };
    if let Some(m) = message {
        let span = rec.tags.iter().find(|t| t.name == "Result").and_then(|t| t.spans.map(|s| s.value));
        b.out.flags.push(Flag::new(None, FlagKind::Result, None, m, span));
    }
}
