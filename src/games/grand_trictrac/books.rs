//! Grand Trictrac's books: the replay of a record with its claims (docs/rules.md §8–§12): the
//! écoles and fausses écoles, holes, tient/va, the marqués of Trictrac à écrire and the
//! `Result` tag, kept on the shared [`Ledger`] (the seat check, the stop, the flags). Every
//! flag is raised with a [`Fact`]; its words are the reporting layer's
//! ([`crate::games::grand_trictrac::words`]).

use super::facts::{Disputed, Fact, ResultDiff};
use super::fausse_case::{FausseCase, Rule};
use super::movegen::Play;
use super::scoring::RollJans;
use super::{GrandTrictrac, RollPlays};
use crate::board::{BySeat, Seat, Setup};
use crate::dice::Dice;
use crate::games::grand_trictrac::score::{MarkOutcome, Score};
use crate::games::grand_trictrac::scoring::History;
use crate::games::{Game, Judged};
use crate::notation::jan::JanCode;
use crate::notation::{Decision, Header, Mark, Play as RecordedPlay, Record, ResultClaim, Span, Throw, ThrowSpans};
use crate::position::Position;
use crate::replay::{
    first_seat, start_score, End, Flag, FlagKind, Flow, GrandTrictracBooks, GrandTrictracStep, Ledger, MarqueResult,
    Replay, Step, StepDetail, Stop,
};
use std::cell::OnceCell;

/// A school a seat may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Due {
    amount: u16,
    /// Due because a fausse école disputed a school rightly claimed (docs/rules.md §9).
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

/// The books of one record: the shared [`Ledger`], the schools each seat may claim, and the
/// game between two throws (the position, the score, the relève's history, the marqués).
struct Books<'a> {
    ledger: Ledger<'a>,
    header: &'a Header,
    /// Schools each seat may claim (amounts), from the other's miscounts.
    due: [Vec<Due>; 2],
    /// The last school each seat rightly claimed: its amount, and whether it was an
    /// augmentation (an école proved right after a fausse école against it).
    last_school: [Option<(u16, bool)>; 2],
    game: GrandTrictrac,
    pos: Position,
    score: Score,
    history: History,
    /// Whose marks the record keeps, `[top, bottom]` (docs/rules.md §9): a seat's claims are
    /// checked only when they are kept; the other is scored from the computed marks.
    kept: [bool; 2],
    /// Trictrac à écrire: who won a hole after the other's first (holes "in a row"), the
    /// refaits in a row, who threw first in the marqué.
    first_hole: [bool; 2],
    broken_row: [bool; 2],
    refaits: u32,
    marque_first: Seat,
    /// The plays of each throw, in two lists reused from throw to throw.
    plays: Box<RollPlays>,
    /// The jans of the throw's roll (before any man moved), once a throw is rolled.
    jans: Option<RollJans>,
}

impl Books<'_> {
    /// Raises a flag of `kind` at throw `t` about `seat`, saying `fact`.
    fn raise(&mut self, t: &Throw, kind: FlagKind, seat: Seat, fact: Fact, span: Option<Span>) -> &mut Flag {
        self.ledger.raise(Some(t.number), kind, Some(seat), crate::replay::Fact::GrandTrictrac(fact), span)
    }

    /// A fausse case of `seat`'s play of `dice` at throw `t` (docs/rules.md §10): the flag names
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
        let lawful =
            crate::games::grand_trictrac::words::nearest_first(&case.lawful, seat, played, self.ledger.letters);
        let fact = Fact::FausseCase { throw: t.number, seat, dice, played: played.clone(), case: case.clone() };
        let fl = self.raise(t, FlagKind::FausseCase, seat, fact, span);
        fl.rule = Some(case.rule.name());
        fl.plays = lawful.iter().map(|p| p.moves(seat)).collect();
    }

    /// An école of `seat`'s marks at throw `t` (docs/rules.md §8): the flag with the jans it was
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

    /// The books at the end (or where the replay stopped): the position reached with its
    /// score and throws, the score, the end.
    fn close(mut self) -> Replay {
        self.ledger.out.last = Some(setup_of(&self.pos, &self.score, self.history.throws));
        if let Some(g) = self.ledger.out.grand_trictrac.as_mut() {
            g.score = self.score;
        }
        self.ledger.out
    }
}

/// A position with its score and the throws each seat has made in the relève.
type Moment = (Position, Score, [u16; 2]);

/// A pass, for a throw that records no play when none could be played.
const PASS: RecordedPlay = RecordedPlay::Pass;

/// A Grand Trictrac position as a setup with every score field (docs/format.md §6): holes,
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
struct Spans {
    read: OnceCell<Option<ThrowSpans>>,
}

impl Spans {
    fn new() -> Spans {
        Spans { read: OnceCell::new() }
    }

    /// The spans of `t` (`None`: no text to read them from).
    fn get(&self, ledger: &Ledger, t: &Throw) -> Option<&ThrowSpans> {
        self.read.get_or_init(|| ledger.spans(t)).as_ref()
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

/// Grand Trictrac's books: the replay of a record with its claims (docs/rules.md §8–§12), through
/// the one replay loop ([`crate::replay::run`]). The throws come from `feed` (`rec`: the tags
/// and the first throw at least).
pub(crate) fn books_fed(
    game: &GrandTrictrac,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let first = first_seat(rec, header);
    let mut pos = match &header.position {
        Some(setup) => Position::from_setup(setup).unwrap_or_else(|_| Position::opening(first)),
        None => Position::opening(first),
    };
    pos.set_turn(first);
    let mut b = Books {
        ledger: Ledger::new(rec, header, src, keep_steps),
        header,
        due: [Vec::new(), Vec::new()],
        last_school: [None, None],
        game: *game,
        pos,
        score: start_score(header),
        history: History { first_releve: header.position.is_none(), ..History::default() },
        kept: [false; 2],
        first_hole: [false; 2],
        broken_row: [false; 2],
        refaits: 0,
        marque_first: first,
        plays: Box::new(game.new_plays()),
        jans: None,
    };
    if let Some(sc) = header.position.as_ref().map(|s| &s.score) {
        if sc.holes.is_some() {
            // holes won before the record: a run "in a row" cannot be told when both have some
            b.first_hole = [b.score.holes[0] > 0, b.score.holes[1] > 0];
            b.broken_row = [b.first_hole[0] && b.first_hole[1]; 2];
        }
        if let Some(t) = sc.throws {
            b.history.throws = [t[Seat::Top], t[Seat::Bottom]];
        }
    }
    let queue_jetons = game.options.queue_jetons == crate::games::grand_trictrac::options::QueueJetons::Oui;
    let (marks_kept, silent_seat) = marks_kept(rec, first, &feed);
    b.kept = marks_kept;
    let (score, has_claims) = (b.score, marks_kept.contains(&true));
    let marques = Vec::new();
    let books = GrandTrictracBooks { score, has_claims, marks_kept, silent_seat, marques, queue_jetons };
    b.ledger.out.grand_trictrac = Some(books);
    b.ledger.last_throw = feed.sum.last;
    let mut out = crate::replay::run(b, feed);
    // the note is said of a seat that had something to mark (the steps kept tell it)
    if let Some(g) = out.grand_trictrac.as_mut() {
        if let Some(silent) = g.silent_seat {
            let marked = |st: &crate::replay::Step| st.grand_trictrac().is_some_and(|d| d.marked[silent.index()] > 0);
            if keep_steps && !out.steps.iter().any(marked) {
                g.silent_seat = None;
            }
        }
    }
    out
}

/// The throws with marks a seat writes, the other none, for a record without the
/// `MarksKept` tag to be read as keeping that seat's marks alone (docs/rules.md §9).
const ONE_SIDED_MARKS: u32 = 3;

/// Whose marks a record keeps, `[top, bottom]`, and the seat the one note is said of
/// (docs/rules.md §9). The `MarksKept` tag (`MarquesTenues`: `both`, `top`, `bottom`, `none`)
/// says it; without it, a seat's marks are kept when the record writes any, and a record in
/// which one seat writes marks (on [`ONE_SIDED_MARKS`] throws or more) and the other never
/// does keeps the first's alone, the other (`silent`) being scored from the computed marks. `first`: the seat of the odd throws.
fn marks_kept(rec: &Record, first: Seat, feed: &crate::replay::ThrowFeed<'_>) -> ([bool; 2], Option<Seat>) {
    let tag = rec.tags.iter().find(|t| crate::notation::is_marks_kept(&t.name));
    let by_turn = feed.sum.marks_by_turn;
    let mut count = [0u32; 2];
    count[first.index()] = by_turn[0];
    count[first.other().index()] = by_turn[1];
    let written = count.map(|n| n > 0);
    // a scribe's habit, not one mark: the seat that writes marks does so on three throws
    // and only where the text tells whose throws are whose (no relève ended by `va` before
    // the last throw: after it, the seats of the odd and even throws are not known)
    let habit = count.iter().any(|&n| n >= ONE_SIDED_MARKS) && !feed.sum.turns_unsure;
    let given = tag.and_then(|t| crate::notation::marks_kept_value(&t.value));
    match given {
        // a record with no marks at all is scored, whatever the tag says
        Some(k) => (if written.contains(&true) { k } else { [false; 2] }, None),
        None if habit && written == [true, false] => (written, Some(Seat::Bottom)),
        None if habit && written == [false, true] => (written, Some(Seat::Top)),
        None => ([written.contains(&true); 2], None),
    }
}

/// A Grand Trictrac game's state between two throws, owned ([`crate::replay::Books::save`]).
struct GtState {
    due: [Vec<Due>; 2],
    last_school: [Option<(u16, bool)>; 2],
    pos: Position,
    score: Score,
    history: History,
    first_hole: [bool; 2],
    broken_row: [bool; 2],
    refaits: u32,
    marque_first: Seat,
}

/// One Grand Trictrac throw from hook to hook.
struct Turn {
    thrower: Seat,
    dice: Dice,
    spans: Spans,
    before: Position,
    score_before: Score,
    throws_before: [u16; 2],
    /// What the roll is worth to each seat.
    expected: [u16; 2],
    /// The judgement of the play as recorded.
    judged: Option<Judged<Play, FausseCase>>,
    /// The rule of a jan broken, and the points of the jans it drops.
    broken: Option<Rule>,
    dropped: u16,
    /// What the thrower owes and marks.
    owed: u16,
    marked_t: u16,
    holes_won: [u16; 2],
    decision: Option<Decision>,
    tour_over: bool,
    /// The step's legal play (when kept) and whether the play was lawful, what each seat
    /// marked and should have, the relève, the moment after.
    applied: Option<RecordedPlay>,
    lawful: bool,
    marked: [u16; 2],
    exp: [u16; 2],
    releve: bool,
    after: Moment,
}

impl Books<'_> {
    /// The play of `t` as recorded; a pass when nothing could be played; `None`: none
    /// written though a play could be made.
    fn recorded<'t>(&self, t: &'t Throw) -> Option<&'t RecordedPlay> {
        match &t.play {
            Some(p) => Some(p),
            None if self.plays.dice.max_dice == 0 => Some(&PASS),
            None => None,
        }
    }

    /// The jans of the throw being replayed.
    fn jans(&self) -> &RollJans {
        self.jans.as_ref().expect("rolled in seat")
    }

    /// The thrower's marks (docs/rules.md §8, §9): the école of a miscount or of a jan not kept,
    /// the holes and their claim, the school claims.
    fn thrower_marks(&mut self, t: &Throw, turn: &mut Turn) {
        let (thrower, broken, dropped) = (turn.thrower, turn.broken, turn.dropped);
        let expected = turn.expected[thrower.index()];
        turn.owed = expected - dropped.min(expected);
        let owed = turn.owed;
        let (claim_t, school_t) = claimed(&t.marks);
        let kept = self.kept[thrower.index()];
        turn.marked_t = if kept { claim_t } else { owed };
        if kept && (claim_t != owed || dropped > 0) {
            let worth: Vec<_> = self.jans().iter().filter(|j| j.seat == thrower).copied().collect();
            let (fact, amount) = match broken {
                Some(rule) if dropped > 0 => {
                    // école du plein (docs/rules.md §9, `ecole-plein`): the jan's points, and with
                    // Lepeintre the points marked for it too
                    let marked_jan = if claim_t >= expected { dropped } else { 0 };
                    let amount = match self.game.options.ecole_plein {
                        crate::games::grand_trictrac::options::EcolePlein::Guiton => dropped,
                        crate::games::grand_trictrac::options::EcolePlein::Lepeintre => {
                            marked_jan.saturating_add(dropped)
                        }
                    };
                    let (throw, seat, jans) = (t.number, thrower, worth.clone());
                    let fact =
                        Fact::JanNotKept { throw, seat, rule, dropped, jans, claimed: claim_t, keeps: owed, amount };
                    (fact, amount)
                }
                _ => {
                    let jans = worth.clone();
                    let fact = Fact::Ecole { throw: t.number, seat: thrower, claimed: claim_t, worth: owed, jans };
                    (fact, claim_t.abs_diff(owed))
                }
            };
            let span = marks_span(turn.spans.get(&self.ledger, t), false);
            self.ecole(t, thrower, fact, span, worth, (claim_t, owed, amount));
        }
        let before_holes = self.score.holes;
        let outcome = self.score.mark(thrower, turn.marked_t);
        check_holes(self, t, thrower, t.holes, outcome, before_holes, &turn.spans, false);
        let won = self.score.holes[thrower.index()] - before_holes[thrower.index()];
        turn.holes_won[thrower.index()] = won;
        note_row(&mut self.first_hole, &mut self.broken_row, thrower, won);
        // school claims in the thrower's marks
        if school_t > 0 {
            claim_school(self, t, thrower, school_t, &turn.spans, false);
        }
    }

    /// Hold or go (docs/rules.md §8): the decision a hole asks for, or one given without a hole.
    fn hold_or_go(&mut self, t: &Throw, turn: &mut Turn) {
        let thrower = turn.thrower;
        let won = turn.holes_won[thrower.index()] > 0;
        turn.tour_over = !self.game.a_ecrire && self.score.winner().is_some();
        if won && !turn.tour_over {
            turn.decision = Some(t.decision.unwrap_or(Decision::Hold));
            if t.decision.is_none() && self.kept[thrower.index()] {
                let span = turn.spans.get(&self.ledger, t).and_then(|s| s.holes.or(s.dice));
                self.raise(t, FlagKind::Decision, thrower, Fact::NoDecision { throw: t.number, seat: thrower }, span);
            }
        } else if won {
            // the twelfth hole: no decision is needed, one given is kept (docs/rules.md §8)
            turn.decision = t.decision;
        } else if t.decision.is_some() {
            let span = turn.spans.get(&self.ledger, t).and_then(|s| s.decision);
            self.raise(t, FlagKind::Decision, thrower, Fact::NeedlessDecision { throw: t.number, seat: thrower }, span);
        }
    }

    /// `va`: the relève ends, nothing is played, the opponent marks nothing; at Trictrac à
    /// écrire a marqué may end (docs/rules.md §8, §12).
    fn go(&mut self, t: &Throw, turn: &mut Turn) {
        let thrower = turn.thrower;
        // the twelfth hole ends the tour: `va` there still wipes both seats' points (docs/rules.md §8)
        if turn.tour_over && self.ledger.out.end.is_none() {
            self.ledger.out.end = self.game.outcome(&self.score, &turn.score_before).map(End::from);
        }
        let (claim_o, _) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
        if self.kept[thrower.other().index()] && claim_o > 0 {
            let span = marks_span(turn.spans.get(&self.ledger, t), true);
            let fact = Fact::MarkedAfterGo { throw: t.number, went: thrower, claimed: claim_o };
            let f = self.raise(t, FlagKind::Ecole, thrower.other(), fact, span);
            f.claimed = Some(claim_o as i64);
            f.expected = Some(0);
            f.amount = Some(claim_o as i64);
        }
        let mut next_first = thrower;
        if self.game.a_ecrire && self.score.holes.iter().any(|&h| h >= 6) {
            next_first = self.marque(t);
        }
        self.score.wipe_points();
        self.pos = Position::opening(next_first);
        self.history = History::default();
        turn.releve = true;
        turn.marked[thrower.index()] = turn.marked_t;
        turn.exp = [0; 2];
        turn.exp[thrower.index()] = turn.owed;
        turn.after = (self.pos, self.score, [0, 0]);
    }

    /// A marqué of Trictrac à écrire ends with throw `t` (docs/rules.md §12): its result kept,
    /// the score new; the seat that throws first in the next.
    fn marque(&mut self, t: &Throw) -> Seat {
        let options = self.game.options;
        let h = self.score.holes;
        let winner = match h[0].cmp(&h[1]) {
            std::cmp::Ordering::Greater => Some(Seat::Top),
            std::cmp::Ordering::Less => Some(Seat::Bottom),
            std::cmp::Ordering::Equal => None,
        };
        let consolation = crate::games::grand_trictrac::score::consolation(self.refaits, options.consolation);
        let (bredouille, value) = match winner {
            Some(w) => {
                let (wh, lh) = (h[w.index()], h[w.other().index()]);
                let br = crate::games::grand_trictrac::score::marque_bredouille(wh, !self.broken_row[w.index()]);
                (br, crate::games::grand_trictrac::score::marque_value(wh, lh, br, consolation))
            }
            None => (crate::games::grand_trictrac::score::MarqueBredouille::None, 0),
        };
        self.refaits = if winner.is_none() { self.refaits + 1 } else { 0 };
        let marques = &mut self.ledger.out.grand_trictrac.as_mut().expect("set above").marques;
        marques.push(MarqueResult { throw: t.number, holes: h, winner, bredouille, consolation, value });
        self.score = Score::default();
        self.first_hole = [false; 2];
        self.broken_row = [false; 2];
        // primauté (docs/rules.md §12): the winner throws first, or in turn; a refait keeps it
        let next_first = match (options.primaute, winner) {
            (_, None) => self.marque_first,
            (crate::games::grand_trictrac::options::Primaute::Gagnant, Some(w)) => w,
            (crate::games::grand_trictrac::options::Primaute::Alterne, Some(_)) => self.marque_first.other(),
        };
        self.marque_first = next_first;
        next_first
    }

    /// The play, after the marks and the decision; after the twelfth hole nothing more need
    /// be played (docs/rules.md §8). `false`: the replay stops (a play missing).
    fn the_play(&mut self, t: &Throw, turn: &mut Turn) -> bool {
        let (thrower, dice) = (turn.thrower, turn.dice);
        let at_end_without_play = t.play.is_none() && turn.tour_over;
        let play = match self.recorded(t) {
            Some(p) => p,
            None if turn.tour_over => &PASS,
            None => {
                let span = turn.spans.get(&self.ledger, t).and_then(|s| s.dice);
                self.ledger.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                return false;
            }
        };
        let j = if at_end_without_play {
            None
        } else {
            let (pos, history) = (&self.pos, &self.history);
            Some(turn.judged.take().unwrap_or_else(|| self.game.judge(pos, history, dice, &self.plays, play)))
        };
        let lawful = j.as_ref().is_none_or(|j| j.fault.is_none());
        if let Some(f) = j.as_ref().and_then(|j| j.fault.as_ref()) {
            let span = turn.spans.get(&self.ledger, t).and_then(|s| s.play.or(s.dice));
            self.fausse_case(t, thrower, dice, play, f, span);
        }
        // a full jan de retour kept par privilège counts one of the three (provincial)
        let sortie = self.game.rules.sortie;
        if let (Some(p), crate::games::grand_trictrac::options::Sortie::Provinciale) =
            (j.as_ref().and_then(|j| j.legal), sortie)
        {
            if p.steps().iter().any(|s| s.to as usize == crate::position::OFF) {
                let rules = self.game.move_rules(&self.pos, &self.history);
                let strict = crate::games::grand_trictrac::movegen::MoveRules { privileges_left: 0, ..rules };
                if crate::games::grand_trictrac::movegen::Board::new(&self.pos, strict)
                    .legal_plays(dice)
                    .find(p.key)
                    .is_none()
                {
                    self.history.privileges_used[thrower.index()] += 1;
                }
            }
        }
        if at_end_without_play && t.opponent.is_none() {
            turn.expected[thrower.other().index()] = 0;
        }
        turn.after.0 = j.as_ref().and_then(|j| j.after).unwrap_or(self.pos);
        // nothing is built for a replay that keeps no step (check replays millions)
        let applied =
            if self.ledger.keep_steps { j.as_ref().and_then(|j| j.legal).map(|p| p.moves(thrower)) } else { None };
        (turn.applied, turn.lawful) = (applied, lawful);
        true
    }
}

impl<'a> crate::replay::Books<'a> for Books<'a> {
    type Turn = Turn;

    fn ledger(&mut self) -> &mut Ledger<'a> {
        &mut self.ledger
    }

    #[inline(always)]
    fn seat(&mut self, t: &Throw) -> Option<Turn> {
        // Grand Trictrac throws always have dice (the reader requires them)
        let dice = t.dice?;
        let expected_turn = self.pos.turn();
        let thrower = t.seat.unwrap_or(expected_turn);
        if thrower != expected_turn {
            self.ledger.wrong_seat(t, thrower, expected_turn, false);
            self.pos.set_turn(thrower);
        }
        let recorded = t.play.as_ref();
        let jans = self.jans.insert(self.game.roll_recorded(&self.pos, &self.history, dice, recorded, &mut self.plays));
        let mut expected = [0u16; 2];
        expected[thrower.index()] = jans.points_of(thrower);
        expected[thrower.other().index()] = jans.points_of(thrower.other());
        let (pos, score) = (self.pos, self.score);
        Some(Turn {
            thrower,
            dice,
            spans: Spans::new(),
            before: pos,
            score_before: score,
            throws_before: self.history.throws,
            expected,
            judged: None,
            broken: None,
            dropped: 0,
            owed: 0,
            marked_t: 0,
            holes_won: [0; 2],
            decision: None,
            tour_over: false,
            applied: None,
            lawful: true,
            marked: [0; 2],
            exp: [0; 2],
            releve: false,
            after: (pos, score, [0, 0]),
        })
    }

    /// The play is judged first (a broken jan changes what the thrower may keep); a play that
    /// cannot be applied stops the replay before the throw's marks are counted (docs/rules.md §10).
    /// The roll scores before any man moves (docs/rules.md §1): the thrower's marks and the
    /// tient/va come before the men move; `va` ends the throw.
    #[inline(always)]
    fn play(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let (thrower, dice) = (turn.thrower, turn.dice);
        let going = t.decision == Some(Decision::Go);
        let play = self.recorded(t);
        turn.judged = match (play, going) {
            (Some(p), false) => Some(self.game.judge(&self.pos, &self.history, dice, &self.plays, p)),
            _ => None,
        };
        let fault = turn.judged.as_ref().and_then(|j| j.fault.as_ref());
        if let (Some(f), Some(p)) = (fault.filter(|f| f.fatal), play) {
            let spans = turn.spans.get(&self.ledger, t);
            let (at_play, at_number) = spans.map_or((None, None), |s| (s.play.or(s.dice), s.number));
            self.fausse_case(t, thrower, dice, p, f, at_play);
            self.ledger.stop(t, Some(thrower), Stop::CannotApply { before_marks: true }, at_number);
            return Flow::Stop;
        }
        turn.broken = fault.and_then(|f| matches!(f.rule, Rule::MustFill | Rule::MustPreserve).then_some(f.rule));
        if let (Some(rule), Some(j)) = (turn.broken, &turn.judged) {
            let after_full = j.after.map(|a| Position::full_jans(a.side(thrower))).unwrap_or(0);
            for (bit, fill, keep) in [
                (crate::games::grand_trictrac::movegen::jans::PETIT, JanCode::PetitJan, JanCode::ConservePetitJan),
                (crate::games::grand_trictrac::movegen::jans::GRAND, JanCode::GrandJan, JanCode::ConserveGrandJan),
                (crate::games::grand_trictrac::movegen::jans::RETOUR, JanCode::Retour, JanCode::ConserveRetour),
            ] {
                if after_full & bit == 0 {
                    turn.dropped += self.jans().points_for(thrower, if rule == Rule::MustFill { fill } else { keep });
                }
            }
        }
        self.thrower_marks(t, turn);
        self.hold_or_go(t, turn);
        if turn.decision == Some(Decision::Go) {
            self.go(t, turn);
            return Flow::Done;
        }
        if self.the_play(t, turn) {
            Flow::On
        } else {
            Flow::Stop
        }
    }

    /// The opponent's marks (at the end of the tour with no play, only what he wrote).
    #[inline(always)]
    fn claims(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let opp = turn.thrower.other();
        let (claim_o, school_o) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
        let owed_o = turn.expected[opp.index()];
        let kept_o = self.kept[opp.index()];
        let marked_o = if kept_o { claim_o } else { owed_o };
        if school_o > 0 {
            claim_school(self, t, opp, school_o, &turn.spans, true);
        }
        if kept_o && claim_o != owed_o {
            let amount = claim_o.abs_diff(owed_o);
            let worth: Vec<_> = self.jans().iter().filter(|j| j.seat == opp).copied().collect();
            let span = marks_span(turn.spans.get(&self.ledger, t), true);
            let jans = worth.clone();
            let fact = Fact::Ecole { throw: t.number, seat: opp, claimed: claim_o, worth: owed_o, jans };
            self.ecole(t, opp, fact, span, worth, (claim_o, owed_o, amount));
        }
        let before_holes = self.score.holes;
        let o_out = self.score.mark(opp, marked_o);
        let opp_claim = t.opponent.as_ref().and_then(|o| o.holes);
        check_holes(self, t, opp, opp_claim, o_out, before_holes, &turn.spans, true);
        turn.holes_won[opp.index()] += self.score.holes[opp.index()] - before_holes[opp.index()];
        note_row(&mut self.first_hole, &mut self.broken_row, opp, turn.holes_won[opp.index()]);
        turn.marked[opp.index()] = marked_o;
        Flow::On
    }

    /// After the play: a sortie ends the relève; the tour's end at twelve holes.
    #[inline(always)]
    fn after(&mut self, _t: &Throw, turn: &mut Turn) -> Flow {
        let thrower = turn.thrower;
        let mut after = turn.after.0;
        if after.all_off(thrower) {
            after = Position::opening(thrower);
            turn.releve = true;
            self.history = History::default();
        } else {
            if self.history.throws == [0, 0] {
                self.history.first_roll = Some(turn.dice);
            }
            self.history.throws[thrower.index()] += 1;
        }
        turn.marked[thrower.index()] = turn.marked_t;
        turn.exp = turn.expected;
        turn.exp[thrower.index()] = turn.owed;
        turn.after = (after, self.score, self.history.throws);
        self.pos = after;
        if self.ledger.out.end.is_none() {
            self.ledger.out.end = self.game.outcome(&self.score, &turn.score_before).map(End::from);
        }
        Flow::On
    }

    fn step(&mut self, t: &Throw, turn: &Turn) -> Step {
        let (before, after) = ((turn.before, turn.score_before, turn.throws_before), turn.after);
        let g = GrandTrictracStep {
            releve: turn.releve,
            jans: *self.jans(),
            marked: turn.marked,
            expected: turn.exp,
            holes_won: turn.holes_won,
            decision: turn.decision,
            score: after.1,
        };
        Step {
            number: t.number,
            seat: before.0.turn(),
            dice: Some(turn.dice),
            play: match turn.decision {
                Some(Decision::Go) => RecordedPlay::Pass,
                _ => self.recorded(t).cloned().unwrap_or(RecordedPlay::Pass),
            },
            applied: turn.applied.clone(),
            lawful: turn.lawful,
            before: setup_of(&before.0, &before.1, before.2),
            after: setup_of(&after.0, &after.1, after.2),
            points: turn.marked,
            detail: StepDetail::GrandTrictrac(Box::new(g)),
        }
    }

    /// The score, the `Result` tag (not after a stop), the position reached.
    /// The state between two throws (docs/rules.md §4–§12): the position (with the seat to
    /// throw), the score, the relève's history (its throws, its first roll, the privileges
    /// used), the schools due and the last claimed, Trictrac à écrire's holes in a row,
    /// refaits and the marqué's first seat; the game's options and whether the record has
    /// claims come again from the tags and the record (the roll's jans are each throw's own,
    /// rolled again in `seat`).
    fn save(&self) -> Option<crate::replay::State> {
        let s = GtState {
            due: self.due.clone(),
            last_school: self.last_school,
            pos: self.pos,
            score: self.score,
            history: self.history,
            first_hole: self.first_hole,
            broken_row: self.broken_row,
            refaits: self.refaits,
            marque_first: self.marque_first,
        };
        Some(std::sync::Arc::new(s))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<GtState>() else { return false };
        (self.due, self.last_school, self.pos, self.score) = (s.due.clone(), s.last_school, s.pos, s.score);
        (self.history, self.first_hole, self.broken_row) = (s.history, s.first_hole, s.broken_row);
        (self.refaits, self.marque_first) = (s.refaits, s.marque_first);
        true
    }

    fn finish(mut self) -> Replay {
        if self.ledger.out.stopped_at.is_none() {
            if let Some(g) = self.ledger.out.grand_trictrac.as_mut() {
                g.score = self.score;
            }
            check_result(&mut self);
        }
        self.close()
    }
}

/// Notes holes won by `seat`: the other's run is broken if it had begun (docs/rules.md §12).
fn note_row(first: &mut [bool; 2], broken: &mut [bool; 2], seat: Seat, holes: u16) {
    if holes == 0 {
        return;
    }
    if first[seat.other().index()] {
        broken[seat.other().index()] = true;
    }
    first[seat.index()] = true;
}

/// Checks a hole claim against the holes the marks gave (docs/rules.md §9): an under-claimed
/// bredouille hole is flagged `holes` and the record's count stands; holes claimed beyond
/// the marks are an école of twelve points each.
#[allow(clippy::too_many_arguments)]
fn check_holes(
    b: &mut Books,
    t: &Throw,
    seat: Seat,
    claim: Option<u32>,
    out: MarkOutcome,
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
    let span = spans.get(&b.ledger, t).and_then(|s| if opponent { s.opponent_holes } else { s.holes });
    let i = seat.index();
    let throw = t.number;
    if c < won {
        let bredouille = won - c <= out.doubled;
        let fact = Fact::FewerHoles { throw, seat, claimed: c, given: won, bredouille };
        let f = b.raise(t, FlagKind::Holes, seat, fact, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        b.score.holes[i] = before[i] + c;
    } else if !b.kept[i] {
        // a record without marks is scored, not schooled: a wrong hole count is only that
        let fact = Fact::HolesUnmarked { throw, seat, claimed: c, given: won };
        let f = b.raise(t, FlagKind::Holes, seat, fact, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        b.score.win_holes(seat, c - won);
    } else {
        let extra = c - won;
        let f = b.raise(t, FlagKind::Ecole, seat, Fact::MoreHoles { throw, seat, claimed: c, given: won }, span);
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        f.amount = Some(12 * extra as i64);
        b.due[seat.other().index()].push(Due { amount: extra.saturating_mul(12), augmentation: false });
        b.score.win_holes(seat, extra);
    }
}

/// A school claimed by `seat` (docs/rules.md §9): due from the other's miscount, or a fausse école.
fn claim_school(b: &mut Books, t: &Throw, seat: Seat, amount: u16, spans: &Spans, opponent: bool) {
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
        let span = marks_span(spans.get(&b.ledger, t), opponent);
        let fact = Fact::FausseEcole { throw: t.number, seat, amount, due, then };
        let f = b.raise(t, FlagKind::FausseEcole, seat, fact, span);
        f.claimed = Some(amount as i64);
        f.expected = Some(0);
        f.amount = Some(amount as i64);
        if !disputes_augmentation {
            b.due[other.index()].push(Due { amount, augmentation });
        }
    }
    b.score.mark(seat, amount);
}

/// The `Result` tag against the replay (docs/rules.md §9).
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
            // (docs/format.md §7). `bredouille` in a Result is read as the grande bredouille,
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
