//! Grand Trictrac's books: the replay of a record with its claims (RULES.md §8–§12): the
//! écoles and fausses écoles, holes, tient/va, the marqués of Trictrac à écrire and the
//! `Result` tag, kept on the shared [`Ledger`] (the seat check, the stop, the flags). Every
//! flag is raised with a [`Fact`]; its words are the reporting layer's
//! ([`crate::words::grand_trictrac`]).

use super::facts::{Disputed, Fact, ResultDiff};
use super::fausse_case::{FausseCase, Rule};
use super::GrandTrictrac;
use crate::board::{BySeat, Seat, Setup};
use crate::dice::Dice;
use crate::games::grand_trictrac::score::{MarkOutcome, Score};
use crate::games::grand_trictrac::scoring::History;
use crate::games::Game;
use crate::notation::jan::JanCode;
use crate::notation::{Decision, Header, Mark, Play as RecordedPlay, Record, ResultClaim, Span, Throw, ThrowSpans};
use crate::position::Position;
use crate::replay::{
    first_seat, start_score, End, Flag, FlagKind, GrandTrictracBooks, GrandTrictracStep, Ledger, MarqueResult, Replay,
    Step, StepDetail, Stop,
};
use std::cell::OnceCell;

/// A school a seat may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Due {
    amount: u16,
    /// Due because a fausse école disputed a school rightly claimed (RULES.md §9).
    augmentation: bool,
}

/// Claimed points in a list of marks: (ordinary marks, school claims).
fn claimed(marks: &[Mark]) -> (u16, u16) {
    let mut plain = 0i64;
    let mut school = 0i64;
    for m in marks {
        if m.jans.iter().any(|j| j.code == JanCode::Ecole) {
            school += m.points;
        } else {
            plain += m.points;
        }
    }
    (plain.clamp(0, u16::MAX as i64) as u16, school.clamp(0, u16::MAX as i64) as u16)
}

/// The books of one record: the shared [`Ledger`] and the schools each seat may claim.
struct Books<'a> {
    ledger: Ledger<'a>,
    header: &'a Header,
    /// Schools each seat may claim (amounts), from the other's miscounts.
    due: [Vec<Due>; 2],
    /// The last school each seat rightly claimed: its amount, and whether it was an
    /// augmentation (an école proved right after a fausse école against it).
    last_school: [Option<(u16, bool)>; 2],
}

impl Books<'_> {
    /// Raises a flag of `kind` at throw `t` about `seat`, saying `fact`.
    fn raise(&mut self, t: &Throw, kind: FlagKind, seat: Seat, fact: Fact, span: Option<Span>) -> &mut Flag {
        self.ledger.raise(Some(t.number), kind, Some(seat), crate::replay::Fact::GrandTrictrac(fact), span)
    }

    /// A fausse case of `seat`'s play of `dice` at throw `t` (RULES.md §10): the flag names
    /// the rule and carries the lawful plays, nearest the recorded play first.
    fn fausse_case(
        &mut self,
        t: &Throw,
        seat: Seat,
        dice: Dice,
        played: &RecordedPlay,
        case: &FausseCase,
        span: Option<Span>,
    ) {
        let lawful = crate::words::grand_trictrac::nearest_first(&case.lawful, seat, played, self.ledger.letters);
        let fact = Fact::FausseCase { throw: t.number, seat, dice, played: played.clone(), case: case.clone() };
        let fl = self.raise(t, FlagKind::FausseCase, seat, fact, span);
        fl.rule = Some(case.rule.name());
        fl.plays = lawful.iter().map(|p| p.moves(seat)).collect();
    }

    /// An école of `seat`'s marks at throw `t` (RULES.md §8): the flag with the jans it was
    /// worth and `(claimed, owed, amount)`; the other seat may now claim `amount` as a school.
    fn ecole(
        &mut self,
        t: &Throw,
        seat: Seat,
        fact: Fact,
        span: Option<Span>,
        worth: Vec<crate::games::grand_trictrac::scoring::Jan>,
        (claimed, owed, amount): (u16, u16, u16),
    ) {
        let f = self.raise(t, FlagKind::Ecole, seat, fact, span);
        f.jans = worth;
        f.claimed = Some(claimed as i64);
        f.expected = Some(owed as i64);
        f.amount = Some(amount as i64);
        self.due[seat.other().index()].push(Due { amount, augmentation: false });
    }

    /// Records a throw's step (called only when steps are kept): `around` is the positions
    /// before and after with the score and the throws of the relève at each.
    fn step(&mut self, t: &Throw, dice: Dice, play: Played, around: Around, g: GrandTrictracStep) {
        let (play, applied, lawful) = play;
        let (before, after) = around;
        self.ledger.out.steps.push(Step {
            number: t.number,
            seat: before.0.turn(),
            dice: Some(dice),
            play,
            applied,
            lawful,
            before: setup_of(&before.0, &before.1, before.2),
            after: setup_of(&after.0, &after.1, after.2),
            points: g.marked,
            detail: StepDetail::GrandTrictrac(Box::new(g)),
        });
    }

    /// The books at the end (or where the replay stopped): the position reached with its
    /// score and throws, the score, the end.
    fn close(mut self, pos: &Position, score: Score, throws: [u16; 2]) -> Replay {
        self.ledger.out.last = Some(setup_of(pos, &score, throws));
        if let Some(g) = self.ledger.out.grand_trictrac.as_mut() {
            g.score = score;
        }
        self.ledger.out
    }
}

/// A position with its score and the throws each seat has made in the relève.
type Moment = (Position, Score, [u16; 2]);

/// The moments before and after a throw.
type Around = (Moment, Moment);

/// A play as recorded, the legal play it is (when lawful), and whether it was lawful.
type Played = (RecordedPlay, Option<RecordedPlay>, bool);

/// A Grand Trictrac position as a setup with every score field (NOTATION.md §6): holes,
/// points (kept below 256: a record's odd claims can leave odd points, printed as they are),
/// the throws of the relève, bredouille and pavillon.
pub fn setup_of(pos: &Position, score: &Score, throws: [u16; 2]) -> Setup {
    let mut s = pos.to_setup();
    let by = |a: [u16; 2]| BySeat::new(a[0], a[1]);
    s.score.holes = Some(by(score.holes));
    s.score.points = Some(BySeat::new(score.points[0].min(255) as u8, score.points[1].min(255) as u8));
    s.score.throws = Some(by(throws));
    s.score.bredouille = Some(Seat::ALL.into_iter().find(|seat| score.bredouille[seat.index()]));
    s.score.pavillon = Some(score.pavillon);
    s
}

/// The token spans of one throw, read again from the text only when a flag first needs them
/// (issue 7), then kept for the throw's other flags.
struct Spans<'t> {
    throw: &'t Throw,
    read: OnceCell<Option<ThrowSpans>>,
}

impl<'t> Spans<'t> {
    fn new(throw: &'t Throw) -> Spans<'t> {
        Spans { throw, read: OnceCell::new() }
    }

    /// The spans (`None`: no text to read them from).
    fn get(&self, ledger: &Ledger) -> Option<&ThrowSpans> {
        self.read.get_or_init(|| ledger.spans(self.throw)).as_ref()
    }
}

/// The span of a list of marks in a throw (the first to the last), else the dice.
fn marks_span(spans: Option<&ThrowSpans>, opponent: bool) -> Option<Span> {
    let sp = spans?;
    let v = if opponent { &sp.opponent_marks } else { &sp.marks };
    match (v.first(), v.last()) {
        (Some(a), Some(b)) => Some(Span { start: a.start, end: b.end }),
        _ => sp.dice,
    }
}

/// Grand Trictrac's books: the replay of a record with its claims (RULES.md §8–§12).
/// The throws come from `feed` (`rec`: the tags and the first throw at least).
pub(crate) fn books_fed(
    game: &GrandTrictrac,
    rec: &Record,
    mut feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let options = game.options;
    let a_ecrire = game.a_ecrire;
    let first = first_seat(rec, header);
    let mut pos = match &header.position {
        Some(setup) => Position::from_setup(setup).unwrap_or_else(|_| Position::opening(first)),
        None => Position::opening(first),
    };
    pos.set_turn(first);
    // Trictrac à écrire: who won a hole after the other's first (holes "in a row")
    let mut first_hole = [false; 2];
    let mut broken_row = [false; 2];
    let mut refaits = 0u32;
    let mut marque_first = first;
    let mut history = History { first_releve: header.position.is_none(), ..History::default() };
    let mut score = start_score(header);
    if let Some(sc) = header.position.as_ref().map(|s| &s.score) {
        if sc.holes.is_some() {
            // holes won before the record: a run "in a row" cannot be told when both have some
            first_hole = [score.holes[0] > 0, score.holes[1] > 0];
            broken_row = [first_hole[0] && first_hole[1]; 2];
        }
        if let Some(t) = sc.throws {
            history.throws = [t[Seat::Top], t[Seat::Bottom]];
        }
    }
    let has_claims = feed.marks || feed.opponent_marks;
    let queue_jetons = options.queue_jetons == crate::games::grand_trictrac::options::QueueJetons::Oui;
    let mut b = Books {
        ledger: Ledger::new(rec, header, src, keep_steps),
        header,
        due: [Vec::new(), Vec::new()],
        last_school: [None, None],
    };
    b.ledger.out.grand_trictrac = Some(GrandTrictracBooks { score, has_claims, marques: Vec::new(), queue_jetons });
    b.ledger.last_throw = feed.last;
    // the plays of each throw, in two lists reused from throw to throw
    let mut plays = Box::new(game.new_plays());
    while let Some(t) = feed.next() {
        // Grand Trictrac throws always have dice (the reader requires them)
        let Some(dice) = t.dice else { break };
        let spans = Spans::new(t);
        let expected_turn = pos.turn();
        let thrower = t.seat.unwrap_or(expected_turn);
        let opp = thrower.other();
        if thrower != expected_turn {
            b.ledger.wrong_seat(t, thrower, expected_turn, false);
            pos.set_turn(thrower);
        }
        let before = pos;
        let score_before = score;
        let jans = game.roll(&pos, &history, dice, &mut plays);
        let mut expected = [0u16; 2];
        expected[thrower.index()] = jans.points_of(thrower);
        expected[opp.index()] = jans.points_of(opp);
        let going = t.decision == Some(Decision::Go);
        // the play, judged first (a broken jan changes what the thrower may keep)
        let play: Option<RecordedPlay> = match &t.play {
            Some(p) => Some(p.clone()),
            None if plays.dice.max_dice == 0 => Some(RecordedPlay::Pass),
            None => None,
        };
        let judged = if going { None } else { play.as_ref().map(|p| game.judge(&pos, &history, dice, &plays, p)) };
        if let (Some(f), Some(p)) = (judged.as_ref().and_then(|j| j.fault.as_ref()).filter(|f| f.fatal), &play) {
            // a play that cannot be applied stops the replay before the throw's marks are
            // counted: the fausse case and one not-replayed flag at this throw (RULES.md §10)
            let (at_play, at_number) = spans.get(&b.ledger).map_or((None, None), |s| (s.play.or(s.dice), s.number));
            b.fausse_case(t, thrower, dice, p, f, at_play);
            b.ledger.stop(t, Some(thrower), Stop::CannotApply { before_marks: true }, at_number);
            return b.close(&pos, score_before, history.throws);
        }
        let broken = judged.as_ref().and_then(|j| j.fault.as_ref()).and_then(|f| match f.rule {
            Rule::MustFill => Some(f.rule),
            Rule::MustPreserve => Some(f.rule),
            _ => None,
        });
        let mut dropped = 0u16;
        if let (Some(rule), Some(j)) = (broken, &judged) {
            let after_full = j.after.map(|a| Position::full_jans(a.side(thrower))).unwrap_or(0);
            for (bit, fill, keep) in [
                (crate::games::grand_trictrac::movegen::jans::PETIT, JanCode::PetitJan, JanCode::ConservePetitJan),
                (crate::games::grand_trictrac::movegen::jans::GRAND, JanCode::GrandJan, JanCode::ConserveGrandJan),
                (crate::games::grand_trictrac::movegen::jans::RETOUR, JanCode::Retour, JanCode::ConserveRetour),
            ] {
                if after_full & bit == 0 {
                    dropped += jans.points_for(thrower, if rule == Rule::MustFill { fill } else { keep });
                }
            }
        }
        let owed = expected[thrower.index()] - dropped.min(expected[thrower.index()]);
        // 1. the thrower marks
        let (claim_t, school_t) = claimed(&t.marks);
        let marked_t = if has_claims { claim_t } else { owed };
        if has_claims && (claim_t != owed || dropped > 0) {
            let worth: Vec<_> = jans.iter().filter(|j| j.seat == thrower).copied().collect();
            let (fact, amount) = match broken {
                Some(rule) if dropped > 0 => {
                    // école du plein (RULES.md §9, `ecole-plein`): the jan's points, and with
                    // Lepeintre the points marked for it too
                    let marked_jan = if claim_t >= expected[thrower.index()] { dropped } else { 0 };
                    let amount = match options.ecole_plein {
                        crate::games::grand_trictrac::options::EcolePlein::Guiton => dropped,
                        crate::games::grand_trictrac::options::EcolePlein::Lepeintre => {
                            marked_jan.saturating_add(dropped)
                        }
                    };
                    let fact = Fact::JanNotKept {
                        throw: t.number,
                        seat: thrower,
                        rule,
                        dropped,
                        jans: worth.clone(),
                        claimed: claim_t,
                        keeps: owed,
                        amount,
                    };
                    (fact, amount)
                }
                _ => {
                    let fact = Fact::Ecole {
                        throw: t.number,
                        seat: thrower,
                        claimed: claim_t,
                        worth: owed,
                        jans: worth.clone(),
                    };
                    (fact, claim_t.abs_diff(owed))
                }
            };
            let span = marks_span(spans.get(&b.ledger), false);
            b.ecole(t, thrower, fact, span, worth, (claim_t, owed, amount));
        }
        let mut holes_won = [0u16; 2];
        let before_holes = score.holes;
        let outcome = score.mark(thrower, marked_t);
        holes_won[thrower.index()] = outcome.holes;
        check_holes(&mut b, t, thrower, t.holes, outcome, &mut score, before_holes, &spans, false);
        holes_won[thrower.index()] = score.holes[thrower.index()] - before_holes[thrower.index()];
        note_row(&mut first_hole, &mut broken_row, thrower, holes_won[thrower.index()]);
        // school claims in the thrower's marks
        if school_t > 0 {
            claim_school(&mut b, t, thrower, school_t, &mut score, &spans, false);
        }
        // 2. hold or go
        let won = holes_won[thrower.index()] > 0;
        let tour_over = !a_ecrire && score.winner().is_some();
        let mut decision = None;
        if won && !tour_over {
            decision = Some(t.decision.unwrap_or(Decision::Hold));
            if t.decision.is_none() && has_claims {
                let span = spans.get(&b.ledger).and_then(|s| s.holes.or(s.dice));
                b.raise(t, FlagKind::Decision, thrower, Fact::NoDecision { throw: t.number, seat: thrower }, span);
            }
        } else if won {
            // the twelfth hole: no decision is needed, one given is kept (RULES.md §8)
            decision = t.decision;
        } else if t.decision.is_some() {
            let span = spans.get(&b.ledger).and_then(|s| s.decision);
            b.raise(t, FlagKind::Decision, thrower, Fact::NeedlessDecision { throw: t.number, seat: thrower }, span);
        }
        // the twelfth hole ends the tour: `va` there still wipes both seats' points (RULES.md §8)
        let goes = decision == Some(Decision::Go);
        if goes {
            if tour_over && b.ledger.out.end.is_none() {
                b.ledger.out.end = game.outcome(&score, &score_before).map(End::from);
            }
            // va: the relève ends, nothing is played, the opponent marks nothing
            let (claim_o, _) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
            if has_claims && claim_o > 0 {
                let span = marks_span(spans.get(&b.ledger), true);
                let fact = Fact::MarkedAfterGo { throw: t.number, went: thrower, claimed: claim_o };
                let f = b.raise(t, FlagKind::Ecole, opp, fact, span);
                f.claimed = Some(claim_o as i64);
                f.expected = Some(0);
                f.amount = Some(claim_o as i64);
            }
            let mut next_first = thrower;
            if a_ecrire && score.holes.iter().any(|&h| h >= 6) {
                let h = score.holes;
                let winner = match h[0].cmp(&h[1]) {
                    std::cmp::Ordering::Greater => Some(Seat::Top),
                    std::cmp::Ordering::Less => Some(Seat::Bottom),
                    std::cmp::Ordering::Equal => None,
                };
                let consolation = crate::games::grand_trictrac::score::consolation(refaits, options.consolation);
                let (bredouille, value) = match winner {
                    Some(w) => {
                        let (wh, lh) = (h[w.index()], h[w.other().index()]);
                        let br = crate::games::grand_trictrac::score::marque_bredouille(wh, !broken_row[w.index()]);
                        (br, crate::games::grand_trictrac::score::marque_value(wh, lh, br, consolation))
                    }
                    None => (crate::games::grand_trictrac::score::MarqueBredouille::None, 0),
                };
                refaits = if winner.is_none() { refaits + 1 } else { 0 };
                let marques = &mut b.ledger.out.grand_trictrac.as_mut().expect("set above").marques;
                marques.push(MarqueResult { throw: t.number, holes: h, winner, bredouille, consolation, value });
                score = Score::default();
                first_hole = [false; 2];
                broken_row = [false; 2];
                // primauté (RULES.md §12): the winner throws first, or in turn; a refait keeps it
                next_first = match (options.primaute, winner) {
                    (_, None) => marque_first,
                    (crate::games::grand_trictrac::options::Primaute::Gagnant, Some(w)) => w,
                    (crate::games::grand_trictrac::options::Primaute::Alterne, Some(_)) => marque_first.other(),
                };
                marque_first = next_first;
            }
            score.wipe_points();
            pos = Position::opening(next_first);
            let throws_before = history.throws;
            history = History::default();
            let around = ((before, score_before, throws_before), (pos, score, [0, 0]));
            // nothing is built for a replay that keeps no step (check replays millions)
            if b.ledger.keep_steps {
                b.step(
                    t,
                    dice,
                    (RecordedPlay::Pass, None, true),
                    around,
                    GrandTrictracStep {
                        releve: true,
                        jans,
                        marked: {
                            let mut m = [0; 2];
                            m[thrower.index()] = marked_t;
                            m
                        },
                        expected: {
                            let mut e = [0; 2];
                            e[thrower.index()] = owed;
                            e
                        },
                        holes_won,
                        decision,
                        score,
                    },
                );
            }
            continue;
        }
        // 3. the play; after the twelfth hole nothing more need be played (RULES.md §8)
        let at_end_without_play = t.play.is_none() && tour_over;
        let play = match play {
            Some(p) => p,
            None if tour_over => RecordedPlay::Pass,
            None => {
                let span = spans.get(&b.ledger).and_then(|s| s.dice);
                b.ledger.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                return b.close(&pos, score, history.throws);
            }
        };
        let j = if at_end_without_play {
            None
        } else {
            Some(judged.unwrap_or_else(|| game.judge(&pos, &history, dice, &plays, &play)))
        };
        let lawful = j.as_ref().is_none_or(|j| j.fault.is_none());
        if let Some(f) = j.as_ref().and_then(|j| j.fault.as_ref()) {
            let span = spans.get(&b.ledger).and_then(|s| s.play.or(s.dice));
            b.fausse_case(t, thrower, dice, &play, f, span);
        }
        // a full jan de retour kept par privilège counts one of the three (provincial)
        if let (Some(p), crate::games::grand_trictrac::options::Sortie::Provinciale) =
            (j.as_ref().and_then(|j| j.legal), game.rules.sortie)
        {
            if p.steps().iter().any(|s| s.to as usize == crate::position::OFF) {
                let strict = crate::games::grand_trictrac::movegen::MoveRules {
                    privileges_left: 0,
                    ..game.move_rules(&pos, &history)
                };
                if crate::games::grand_trictrac::movegen::Board::new(&pos, strict)
                    .legal_plays(dice)
                    .find(p.key)
                    .is_none()
                {
                    history.privileges_used[thrower.index()] += 1;
                }
            }
        }
        // 4. the opponent marks (at the end of the tour with no play, only what he wrote)
        let (claim_o, school_o) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
        if at_end_without_play && t.opponent.is_none() {
            expected[opp.index()] = 0;
        }
        let owed_o = expected[opp.index()];
        let marked_o = if has_claims { claim_o } else { owed_o };
        if school_o > 0 {
            claim_school(&mut b, t, opp, school_o, &mut score, &spans, true);
        }
        if has_claims && claim_o != owed_o {
            let amount = claim_o.abs_diff(owed_o);
            let worth: Vec<_> = jans.iter().filter(|j| j.seat == opp).copied().collect();
            let span = marks_span(spans.get(&b.ledger), true);
            let fact = Fact::Ecole { throw: t.number, seat: opp, claimed: claim_o, worth: owed_o, jans: worth.clone() };
            b.ecole(t, opp, fact, span, worth, (claim_o, owed_o, amount));
        }
        let before_holes = score.holes;
        let o_out = score.mark(opp, marked_o);
        let opp_claim = t.opponent.as_ref().and_then(|o| o.holes);
        check_holes(&mut b, t, opp, opp_claim, o_out, &mut score, before_holes, &spans, true);
        holes_won[opp.index()] += score.holes[opp.index()] - before_holes[opp.index()];
        note_row(&mut first_hole, &mut broken_row, opp, holes_won[opp.index()]);
        // 5. after the play: a sortie ends the relève
        let mut after = j.as_ref().and_then(|j| j.after).unwrap_or(pos);
        let throws_before = history.throws;
        let mut releve = false;
        if after.all_off(thrower) {
            after = Position::opening(thrower);
            releve = true;
            history = History::default();
        } else {
            if history.throws == [0, 0] {
                history.first_roll = Some(dice);
            }
            history.throws[thrower.index()] += 1;
        }
        let mut marked = [0u16; 2];
        marked[thrower.index()] = marked_t;
        marked[opp.index()] = marked_o;
        let mut exp = expected;
        exp[thrower.index()] = owed;
        let around = ((before, score_before, throws_before), (after, score, history.throws));
        if b.ledger.keep_steps {
            b.step(
                t,
                dice,
                (play, j.as_ref().and_then(|j| j.legal).map(|p| p.moves(thrower)), lawful),
                around,
                GrandTrictracStep { releve, jans, marked, expected: exp, holes_won, decision, score },
            );
        }
        pos = after;
        if b.ledger.out.end.is_none() {
            b.ledger.out.end = game.outcome(&score, &score_before).map(End::from);
        }
    }
    if let Some(g) = b.ledger.out.grand_trictrac.as_mut() {
        g.score = score;
    }
    check_result(&mut b);
    b.close(&pos, score, history.throws)
}

/// Notes holes won by `seat`: the other's run is broken if it had begun (RULES.md §12).
fn note_row(first: &mut [bool; 2], broken: &mut [bool; 2], seat: Seat, holes: u16) {
    if holes == 0 {
        return;
    }
    if first[seat.other().index()] {
        broken[seat.other().index()] = true;
    }
    first[seat.index()] = true;
}

/// Checks a hole claim against the holes the marks gave (RULES.md §9): an under-claimed
/// bredouille hole is flagged `holes` and the record's count stands; holes claimed beyond
/// the marks are an école of twelve points each.
#[allow(clippy::too_many_arguments)]
fn check_holes(
    b: &mut Books,
    t: &Throw,
    seat: Seat,
    claim: Option<u32>,
    out: MarkOutcome,
    score: &mut Score,
    before: [u16; 2],
    spans: &Spans,
    opponent: bool,
) {
    let Some(c) = claim else { return };
    let c = c.min(u16::MAX as u32) as u16;
    let won = out.holes;
    if c == won {
        return;
    }
    // the spans are read only now, when there is something to flag (issue 7)
    let span = spans.get(&b.ledger).and_then(|s| if opponent { s.opponent_holes } else { s.holes });
    let i = seat.index();
    let throw = t.number;
    if c < won {
        let bredouille = won - c <= out.doubled;
        let fact = Fact::FewerHoles { throw, seat, claimed: c, given: won, bredouille };
        let f = b.raise(t, FlagKind::Holes, seat, fact, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        score.holes[i] = before[i] + c;
    } else if !b.ledger.out.grand_trictrac.as_ref().is_some_and(|g| g.has_claims) {
        // a record without marks is scored, not schooled: a wrong hole count is only that
        let fact = Fact::HolesUnmarked { throw, seat, claimed: c, given: won };
        let f = b.raise(t, FlagKind::Holes, seat, fact, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        score.win_holes(seat, c - won);
    } else {
        let extra = c - won;
        let f = b.raise(t, FlagKind::Ecole, seat, Fact::MoreHoles { throw, seat, claimed: c, given: won }, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        f.amount = Some(12 * extra as i64);
        b.due[seat.other().index()].push(Due { amount: extra.saturating_mul(12), augmentation: false });
        score.win_holes(seat, extra);
    }
}

/// A school claimed by `seat` (RULES.md §9): due from the other's miscount, or a fausse école.
fn claim_school(b: &mut Books, t: &Throw, seat: Seat, amount: u16, score: &mut Score, spans: &Spans, opponent: bool) {
    let pool = &mut b.due[seat.index()];
    if let Some(k) = pool.iter().position(|d| d.amount == amount) {
        let d = pool.remove(k);
        b.last_school[seat.index()] = Some((amount, d.augmentation));
    } else {
        let due: Vec<u16> = pool.iter().map(|d| d.amount).collect();
        // the other may mark what was claimed wrongly: when the fausse école disputed a
        // school the other rightly claimed, that is the augmentation d'école (the school
        // doubled), once; a dispute of the augmentation itself gives nothing more
        let other = seat.other();
        let disputes_augmentation = b.last_school[other.index()] == Some((amount, true));
        let augmentation = b.last_school[other.index()].is_some_and(|(a, _)| a == amount);
        let then = if disputes_augmentation {
            Disputed::AlreadyDoubled
        } else if augmentation {
            Disputed::Augmentation
        } else {
            Disputed::Marks
        };
        let span = marks_span(spans.get(&b.ledger), opponent);
        let fact = Fact::FausseEcole { throw: t.number, seat, amount, due, then };
        let f = b.raise(t, FlagKind::FausseEcole, seat, fact, span);
        f.claimed = Some(amount as i64);
        f.expected = Some(0);
        f.amount = Some(amount as i64);
        if !disputes_augmentation {
            b.due[other.index()].push(Due { amount, augmentation });
        }
    }
    score.mark(seat, amount);
}

/// The `Result` tag against the replay (RULES.md §9).
fn check_result(b: &mut Books) {
    let Some(claim) = &b.header.result else { return };
    let computed = b.ledger.out.outcome();
    let fact = match (claim, computed) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(o)) => {
            Some(Fact::ResultUnfinished { winner: o.winner, winner_holes: o.winner_holes, loser_holes: o.loser_holes })
        }
        (ResultClaim::Won { winner, .. }, None) => {
            if b.ledger.out.stopped_at.is_some() {
                None
            } else {
                Some(Fact::ResultNotWon { winner: *winner, holes: b.ledger.out.score().holes })
            }
        }
        (ResultClaim::Won { winner, winner_holes, loser_holes, bredouille, stakes }, Some(o)) => {
            let mut diffs = Vec::new();
            if *winner != o.winner {
                diffs.push(ResultDiff::Winner(o.winner));
            }
            // compared whole: a claim beyond u16 is wrong, never wrapped into agreement
            if *winner_holes != u32::from(o.winner_holes) || *loser_holes != u32::from(o.loser_holes) {
                diffs.push(ResultDiff::Holes(o.winner_holes, o.loser_holes));
            }
            // the word is optional; claimed where the tour was not so won, it is wrong
            // (NOTATION.md §7). `bredouille` in a Result is read as the grande bredouille,
            // the only one a tour is won in.
            let gb = o.bredouille != crate::games::grand_trictrac::score::Bredouille::None;
            if let (Some(said), false) = (bredouille, gb) {
                diffs.push(ResultDiff::NotGrandeBredouille(*said));
            }
            if let Some(s) = stakes {
                if (s - o.stakes).abs() > 1e-9 {
                    diffs.push(ResultDiff::Stakes(o.stakes));
                }
            }
            (!diffs.is_empty()).then_some(Fact::ResultDisagrees(diffs))
        }
        (ResultClaim::Points { .. }, _) => Some(Fact::ResultPoints),
    };
    if let Some(fact) = fact {
        let span = b.ledger.tag_span("Result");
        b.ledger.raise(None, FlagKind::Result, None, crate::replay::Fact::GrandTrictrac(fact), span);
    }
}
