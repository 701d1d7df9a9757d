//! The replay of a backgammon record (docs/games.md §D.9, §D.10): the seats in turn (after a
//! take the doubler throws), each cube action judged and applied, each play judged and kept
//! (docs/rules.md §10), the claims checked (`seat`, `hit`, `first-throw`, cube value, `Result`,
//! `Position`), and the game-neutral steps and end filled for the renderers.

use super::board::{Board, BAR, OFF};
use super::cube::{Answer, CubeBooks, CubeRule, Double, End, EndKind, Resignation};
use super::fact::{Fact, PositionFault, ResultFault};
use super::judge::{judge_allowed, Judgement, Rule};
use super::movegen::{allowance, legal_plays_into, Allowance, Path, Play, Plays};
use super::options::{Options, PremierCoup};
use super::Backgammon;
use crate::board::{BySeat, Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::printer::move_text;
use crate::notation::{
    CubeAnswer, Header, Origin, Play as RecordedPlay, Record, ResultClaim, ResultKind, Span, Target, Throw,
};
use crate::replay::{
    CubeAction, End as GameEnd, Fact as Said, Flag, FlagKind, Flow, How, Ledger, Replay, Step, StepDetail, Stop,
};

/// A recorded play as paths of `seat`'s relative points (0 = the bar, 25 = off), with its
/// hit claims; `None` for a path of more than five points (the reader allows none).
pub fn recorded_paths(seat: Seat, play: &RecordedPlay) -> Option<Vec<Path>> {
    let mut paths = Vec::new();
    recorded_paths_into(seat, play, &mut paths).then_some(paths)
}

/// [`recorded_paths`] into `out` (emptied first; its room is reused from throw to throw);
/// `false` for a path of more than five points.
pub fn recorded_paths_into(seat: Seat, play: &RecordedPlay, out: &mut Vec<Path>) -> bool {
    out.clear();
    let RecordedPlay::Moves(moves) = play else { return true };
    for m in moves {
        let n = m.rests.len() + 2;
        if n > 5 {
            return false;
        }
        let mut points = [0u8; 5];
        points[0] = match m.from {
            Origin::Bar => BAR as u8,
            Origin::Point(p) => p.relative(seat),
        };
        for (slot, r) in points[1..].iter_mut().zip(&m.rests) {
            *slot = r.relative(seat);
        }
        points[n - 1] = match m.to {
            Target::Point(p) => p.relative(seat),
            Target::Off => OFF as u8,
        };
        out.push(Path { points, len: n as u8, hits: m.hits });
    }
    true
}

/// The legal plays, those nearest the recorded play first (sharing its paths, or their
/// starts; [`crate::games::nearness`]).
pub fn nearest_plays(plays: &Plays, seat: Seat, recorded: &RecordedPlay) -> Vec<Play> {
    let moves: Vec<String> = match recorded {
        RecordedPlay::Pass => vec!["-".into()],
        RecordedPlay::Moves(m) => m.iter().map(|m| move_text(m, Dialect::Soumille)).collect(),
    };
    let rec: Vec<&str> = moves.iter().map(String::as_str).collect();
    let near = |p: &Play| crate::games::nearness(&rec, &p.notation(seat));
    let mut v: Vec<(usize, Play)> = plays.as_slice().iter().map(|p| (near(p), *p)).collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// An unlawful backgammon play (docs/games.md §D.10), as facts: the words are
/// [`crate::games::backgammon::words`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: Rule,
    /// The play cannot be applied: the replay stops.
    pub fatal: bool,
    /// The recorded man's path at fault, when the rule is that of one man's step.
    pub path: Option<Path>,
    /// The lawful plays, nearest the recorded play first.
    pub lawful: Vec<Play>,
}

impl FausseCase {
    /// The fault of `judged`, a judgement of `paths` read from `play` on a roll whose legal
    /// plays are `plays`.
    fn of(judged: &Judgement, rule: Rule, paths: &[Path], plays: &Plays, seat: Seat, play: &RecordedPlay) -> Self {
        FausseCase {
            rule,
            fatal: judged.after.is_none(),
            path: judged.path.and_then(|k| paths.get(k).copied()),
            lawful: nearest_plays(plays, seat, play),
        }
    }
}

/// Judges a recorded play in `board` against the legal plays of its roll.
pub fn judge_recorded(
    board: &Board,
    dice: Dice,
    plays: &Plays,
    play: &RecordedPlay,
) -> (Judgement, Option<FausseCase>) {
    let mut paths = Vec::new();
    let judged = read_and_judge(board, dice, plays.allowance(), play, &mut paths);
    let fault = judged.fault.map(|rule| FausseCase::of(&judged, rule, &paths, plays, board.turn, play));
    (judged, fault)
}

/// Reads `play` into `paths` and judges it, the roll allowing `allowed`.
fn read_and_judge(
    board: &Board,
    dice: Dice,
    allowed: Allowance,
    play: &RecordedPlay,
    paths: &mut Vec<Path>,
) -> Judgement {
    if recorded_paths_into(board.turn, play, paths) {
        judge_allowed(board, dice, allowed, paths)
    } else {
        paths.clear();
        Judgement { fault: Some(Rule::TooMany), path: None, hits: None, legal: None, played: None, after: None }
    }
}

/// The seat that throws first: the `Position` tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men stand at the start where the first recorded move
/// leaves; top when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    let opening = Board::opening(Seat::Top);
    crate::replay::first_seat_by(rec, header, |s, p| opening.men(s, p.relative(s) as usize) > 0)
}

/// The setup of `board` with the cube's fields (`cube=V owner=…`).
pub fn setup_with_cube(board: &Board, cube: &CubeBooks) -> Setup {
    let mut s = board.to_setup();
    s.score.cube = Some(cube.cube.value);
    s.score.owner = Some(cube.cube.owner);
    s
}

/// Whether a position's cube fields are backgammon's (docs/games.md §D.7, §D.9): a value 1, 2, 4,
/// …, owned by nobody at 1; and not both seats with all their men borne off.
fn cube_fields(setup: &Setup) -> Result<(), PositionFault> {
    let value = setup.score.cube.unwrap_or(1);
    if !value.is_power_of_two() || value > super::cube::MAX_CUBE {
        return Err(PositionFault::CubeValue(value));
    }
    if value == 1 && setup.score.owner.flatten().is_some() {
        return Err(PositionFault::OwnedAtOne);
    }
    if setup.off[Seat::Top] >= 15 && setup.off[Seat::Bottom] >= 15 {
        return Err(PositionFault::AllOff);
    }
    Ok(())
}

/// Raises a Backgammon fact about throw `throw` by `seat`, under `rule`.
fn ruled<'l>(
    l: &'l mut Ledger<'_>,
    throw: u32,
    kind: FlagKind,
    rule: &'static str,
    seat: Seat,
    fact: Fact,
    span: Option<Span>,
) -> &'l mut Flag {
    let f = l.raise(Some(throw), kind, Some(seat), Said::Backgammon(fact), span);
    f.rule = Some(rule);
    f
}

/// Replays a backgammon record through the one replay loop ([`crate::replay::run`]).
/// The throws come from `feed` (`rec`: the tags and the first throw at least);
/// [`crate::games::Game::books`] feeds it a whole record.
pub fn books_fed(
    game: &Backgammon,
    rec: &Record,
    feed: crate::replay::ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let mut l = Ledger::new(rec, header, src, keep_steps);
    l.last_throw = feed.sum.last;
    let throws = feed.sum.len;
    match BgBooks::new(game, l, rec, header, throws) {
        Ok(books) => crate::replay::run(books, feed),
        Err(out) => *out,
    }
}

/// A backgammon game's books between two throws.
struct BgBooks<'r> {
    l: Ledger<'r>,
    header: &'r Header,
    options: Options,
    cube: CubeBooks,
    board: Board,
    /// The legal plays of a roll, listed only for a fausse case's lawful plays; the paths of
    /// a recorded play: both reused from throw to throw.
    plays: Option<Plays>,
    paths: Vec<Path>,
    /// The end by bearing off: (throw, end).
    borne: Option<(u32, End)>,
    /// The throw whose double was dropped.
    dropped_at: Option<u32>,
    /// The throw after whose dice the thrower resigned (`5-2 resign`, docs/games.md §I.5).
    resigned_at: Option<(u32, Seat)>,
    /// The points each seat needs to win the match, in a match (docs/games.md §I.10).
    needed: Option<BySeat<u32>>,
    /// How many throws, and the index of the next.
    throws: usize,
    next: usize,
}

/// A backgammon game's state between two throws, owned ([`crate::replay::Books::save`]).
struct BgState {
    board: Board,
    cube: CubeBooks,
    borne: Option<(u32, End)>,
    dropped_at: Option<u32>,
    resigned_at: Option<(u32, Seat)>,
    next: usize,
}

/// One backgammon throw from hook to hook.
struct Turn {
    thrower: Seat,
    before: Board,
    cube_before: CubeBooks,
    action: Option<CubeAction>,
    /// The dice (`None`: a double dropped, no dice thrown).
    dice: Option<Dice>,
    applied: Option<RecordedPlay>,
    lawful: bool,
    after: Board,
}

impl<'r> BgBooks<'r> {
    /// The books at the start: the options and the position (with its cube) of the record's
    /// tags, or the replay that stops because they cannot be used.
    fn new(
        game: &Backgammon,
        mut l: Ledger<'r>,
        rec: &'r Record,
        header: &'r Header,
        throws: usize,
    ) -> Result<Self, Box<Replay>> {
        let options = match Options::from_pairs(&header.game_rules) {
            Ok(o) => o,
            Err(errors) => {
                // nothing is replayed under options that are not backgammon's (docs/games.md §F)
                let why = Stop::Rules(errors.iter().map(ToString::to_string).collect());
                let span = l.tag_span("Rules");
                match rec.throws.first() {
                    Some(t) => l.stop(t, None, why, span),
                    None => {
                        let fact = Said::Stop { throw: 0, why, last: 0 };
                        l.raise(None, FlagKind::NotReplayed, None, fact, span);
                    }
                }
                return Err(Box::new(l.out));
            }
        };
        debug_assert_eq!(options, game.options);
        // Jacoby and beavers are money play's (docs/games.md §I.4)
        let options = if match_length(rec) > 0 { options.in_match() } else { options };
        unreadable_match_tags(&mut l, rec);
        let first = first_seat(rec, header);
        let mut cube = CubeBooks::default();
        let board = match &header.position {
            Some(setup) => {
                match Board::from_setup(setup).map_err(PositionFault::Board).and_then(|b| cube_fields(setup).map(|_| b))
                {
                    Ok(board) => {
                        // a game set up is a game begun (§D.7: the cube's first use needs no throw 1)
                        cube.started = true;
                        cube.cube.value = setup.score.cube.unwrap_or(1);
                        cube.cube.owner = setup.score.owner.unwrap_or(None);
                        board
                    }
                    Err(why) => {
                        let span = l.tag_span("Position");
                        let f = l.raise(None, FlagKind::Claim, None, Said::Backgammon(Fact::Position(why)), span);
                        f.rule = Some("position");
                        if let Some(t) = rec.throws.first() {
                            l.stop(t, None, Stop::NoStart, span);
                            l.out.last = Some(Board::opening(first).to_setup());
                        }
                        return Err(Box::new(l.out));
                    }
                }
            }
            None => Board::opening(first),
        };
        let paths = Vec::with_capacity(4);
        Ok(BgBooks {
            l,
            header,
            options,
            cube,
            board,
            plays: None,
            paths,
            borne: None,
            dropped_at: None,
            resigned_at: None,
            needed: points_needed(rec),
            throws,
            next: 0,
        })
    }

    /// The position reached where the replay stops, with the cube.
    fn stopped_here(&mut self) {
        self.l.out.last = Some(setup_with_cube(&self.board, &self.cube));
    }

    /// The cube's faults of `a`, offered by `thrower` at throw `t` when the cube was `value`
    /// owned by `owner`: each flagged.
    fn cube_faults(&mut self, t: &Throw, a: &crate::notation::CubeAction, thrower: Seat, before: (u32, Option<Seat>)) {
        let double = Double {
            doubler: thrower,
            after_dice: a.after_dice,
            value: a.value,
            answer: a.answer.map(|x| match x {
                CubeAnswer::Take => Answer::Take,
                CubeAnswer::Drop => Answer::Drop,
                CubeAnswer::Beaver => Answer::Beaver,
            }),
        };
        let (value, owner) = before;
        let faults = self.cube.double(&double, &self.options);
        if faults.is_empty() {
            return;
        }
        let span = self.l.spans(t).and_then(|s| s.cube.or(s.number));
        for rule in faults.iter() {
            let fact = Fact::Cube {
                throw: t.number,
                rule,
                doubler: thrower,
                owner,
                written: a.value,
                value,
                after_dice: a.after_dice,
            };
            let kind = if rule == CubeRule::Value { FlagKind::Claim } else { FlagKind::Cube };
            ruled(&mut self.l, t.number, kind, rule.name(), thrower, fact, span);
        }
    }

    /// A fausse case of `play` judged in `judged`: the lawful plays listed, the flag raised.
    fn fausse_case(
        &mut self,
        t: &Throw,
        thrower: Seat,
        dice: Dice,
        play: &RecordedPlay,
        judged: &Judgement,
        rule: Rule,
    ) {
        // the lawful plays are listed for the flag only
        let plays = self.plays.get_or_insert_with(Plays::new);
        legal_plays_into(&self.board, dice, self.options.un_seul_de, plays);
        let f = FausseCase::of(judged, rule, &self.paths, plays, thrower, play);
        let span = self.l.spans(t).and_then(|s| s.play.or(s.dice));
        let moves = f.lawful.iter().map(|p| p.into_recorded(thrower)).collect();
        let fact = Fact::FausseCase {
            throw: t.number,
            seat: thrower,
            dice,
            rule,
            recorded: play.clone(),
            path: f.path,
            lawful: f.lawful,
        };
        ruled(&mut self.l, t.number, FlagKind::FausseCase, rule.name(), thrower, fact, span).plays = moves;
    }
}

impl<'r> crate::replay::Books<'r> for BgBooks<'r> {
    type Turn = Turn;

    fn ledger(&mut self) -> &mut Ledger<'r> {
        &mut self.l
    }

    #[inline(always)]
    fn seat(&mut self, t: &Throw) -> Option<Turn> {
        let expected = self.board.turn;
        let thrower = t.seat.unwrap_or(expected);
        if let Some(ended) = self.borne.map(|b| b.0).or(self.resigned_at.map(|r| r.0)) {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::AfterEnd { ended }, span);
            self.stopped_here();
            return None;
        }
        if let Some(at) = self.dropped_at {
            let span = self.l.spans(t).and_then(|s| s.whole.or(s.number));
            let fact = Fact::AfterDrop { throw: t.number, dropped_at: at };
            ruled(&mut self.l, t.number, FlagKind::Cube, CubeRule::AfterDrop.name(), thrower, fact, span);
            return None;
        }
        if thrower != expected {
            self.l.wrong_seat(t, thrower, expected, false);
            self.board.turn = thrower;
        }
        let before = self.board;
        Some(Turn {
            thrower,
            before,
            cube_before: self.cube,
            action: None,
            dice: None,
            applied: None,
            lawful: true,
            after: before,
        })
    }

    #[inline(always)]
    fn before_dice(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let Some(a) = &t.cube else { return Flow::On };
        let thrower = turn.thrower;
        self.cube_faults(t, a, thrower, (self.cube.cube.value, self.cube.cube.owner));
        turn.action = Some(CubeAction { answer: a.answer, value: self.cube.cube.value });
        if self.cube.dropped.is_none() {
            return Flow::On;
        }
        self.dropped_at = Some(t.number);
        // a drop written after the dice (flagged `cube-timing`) came after the throw
        if !a.after_dice && (t.dice.is_some() || t.play.is_some()) {
            let span = self.l.spans(t).and_then(|s| s.dice.or(s.play));
            let fact = Fact::DiceAfterDrop { throw: t.number };
            ruled(&mut self.l, t.number, FlagKind::Cube, CubeRule::AfterDrop.name(), thrower, fact, span);
        }
        Flow::Done
    }

    #[inline(always)]
    fn play(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        let thrower = turn.thrower;
        let k = self.next;
        self.next += 1;
        let Some(dice) = t.dice else {
            if k + 1 == self.throws && t.cube.is_some() {
                // a record ending on a double taken: the throw is still to come
                self.board.turn = thrower;
                return Flow::Stop;
            }
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::NoDice, span);
            self.stopped_here();
            return Flow::Stop;
        };
        turn.dice = Some(dice);
        let _ = self.cube.throw();
        if t.number == 1
            && self.header.position.is_none()
            && self.options.premier_coup == PremierCoup::Tirage
            && dice.is_doublet()
        {
            let span = self.l.spans(t).and_then(|s| s.dice);
            let fact = Fact::OpeningDoublet { throw: t.number, seat: thrower, dice };
            ruled(&mut self.l, t.number, FlagKind::Claim, "first-throw", thrower, fact, span);
        }
        let allowed = allowance(&self.board, dice, self.options.un_seul_de);
        let play = match &t.play {
            Some(p) => p,
            None if t.resign => {
                // the dice thrown, then a resignation: no fault, the game ends (§I.5)
                self.resigned_at = Some((t.number, thrower));
                return Flow::Done;
            }
            None if allowed.max_moves == 0 => &PASS,
            None => {
                let span = self.l.spans(t).and_then(|s| s.dice);
                self.l.stop(t, Some(thrower), Stop::NoPlay { seat: thrower }, span);
                self.stopped_here();
                return Flow::Stop;
            }
        };
        let judged = read_and_judge(&self.board, dice, allowed, play, &mut self.paths);
        if let Some(rule) = judged.fault {
            self.fausse_case(t, thrower, dice, play, &judged, rule);
        }
        if let Some(h) = judged.hits {
            let span = self.l.spans(t).and_then(|s| s.play);
            let (claimed, actual) = (h.claimed, h.actual);
            let fact = Fact::Hits { throw: t.number, seat: thrower, dice, recorded: play.clone(), claimed, actual };
            ruled(&mut self.l, t.number, FlagKind::Claim, "hit", thrower, fact, span);
        }
        let Some(after) = judged.after else {
            let span = self.l.spans(t).and_then(|s| s.number);
            self.l.stop(t, Some(thrower), Stop::CannotApply { before_marks: false }, span);
            self.stopped_here();
            return Flow::Stop;
        };
        if self.l.keep_steps {
            turn.applied = judged.legal.as_ref().map(|p| p.into_recorded(thrower));
        }
        turn.lawful = judged.fault.is_none();
        turn.after = after;
        Flow::On
    }

    #[inline(always)]
    fn after(&mut self, t: &Throw, turn: &mut Turn) -> Flow {
        self.board = turn.after;
        if self.borne.is_none() {
            if let Some(e) = super::cube::end_of(&self.board, &self.cube.cube, &self.options) {
                self.borne = Some((t.number, e));
            }
        }
        Flow::On
    }

    fn step(&mut self, t: &Throw, turn: &Turn) -> Step {
        let play = match turn.dice {
            Some(_) => t.play.clone().unwrap_or(RecordedPlay::Pass),
            None => RecordedPlay::Pass,
        };
        Step {
            number: t.number,
            seat: turn.thrower,
            dice: turn.dice,
            play,
            applied: turn.applied.clone(),
            lawful: turn.lawful,
            before: setup_with_cube(&turn.before, &turn.cube_before),
            after: setup_with_cube(&turn.after, &self.cube),
            points: [0, 0],
            detail: StepDetail::Backgammon { cube: turn.action, resigned: t.resign && t.play.is_none() },
        }
    }

    /// The state between two throws (docs/games.md §D): the board (with the seat to throw),
    /// the cube's books, the end by bearing off, the double dropped, the resignation, and the
    /// index of the next throw; the options and the throw count come again from the tags and
    /// the record.
    fn save(&self) -> Option<crate::replay::State> {
        let s = BgState {
            board: self.board,
            cube: self.cube,
            borne: self.borne,
            dropped_at: self.dropped_at,
            resigned_at: self.resigned_at,
            next: self.next,
        };
        Some(std::sync::Arc::new(s))
    }

    fn restore(&mut self, state: &crate::replay::State) -> bool {
        let Some(s) = state.downcast_ref::<BgState>() else { return false };
        (self.board, self.cube, self.borne) = (s.board, s.cube, s.borne);
        (self.dropped_at, self.resigned_at, self.next) = (s.dropped_at, s.resigned_at, s.next);
        true
    }

    fn finish(mut self) -> Replay {
        if self.l.out.stopped_at.is_none() {
            self.stopped_here();
        }
        let end = if self.l.out.stopped_at.is_none() { self.cube.dropped.or(self.borne.map(|e| e.1)) } else { None };
        let how = |e: End| GameEnd { winner: e.winner, value: f64::from(e.points), how: How::Backgammon(e.kind) };
        let needed = self.needed;
        check_result(&mut self.l, self.header, end, (self.cube.cube.value, needed));
        // a game resigned has an end: the Result tag's resignation (§I.5)
        let end = match end {
            None if self.l.out.stopped_at.is_none() => {
                resignation(&mut self.l, self.header, self.cube.cube.value, self.resigned_at)
            }
            e => e,
        };
        self.l.out.end = end.map(how);
        self.l.out
    }
}

/// The points each seat needs to win the match (docs/games.md §I.10): the `Match` length
/// less the `Score` before the game; `None` in money play or without a readable `Score`.
fn points_needed(rec: &Record) -> Option<BySeat<u32>> {
    let length = match_length(rec);
    let score = rec.tags.iter().find(|t| t.name == "Score").and_then(|t| super::session::parse_score(&t.value))?;
    (length > 0)
        .then(|| BySeat::new(length.saturating_sub(score[Seat::Top]), length.saturating_sub(score[Seat::Bottom])))
}

/// Flags a `Match` tag that is no match length and a `Score` that is no score, each at its
/// value (docs/games.md §I.1): such a record is not taken for money play silently.
fn unreadable_match_tags(l: &mut Ledger<'_>, rec: &Record) {
    for t in &rec.tags {
        let (tag, rule) = match t.name.as_ref() {
            "Match" if t.value.trim().parse::<u32>().is_err() => ("Match", "match"),
            "Score" if super::session::parse_score(&t.value).is_none() => ("Score", "score"),
            _ => continue,
        };
        let fact = Said::Backgammon(Fact::Match(super::fact::MatchFault::Unreadable { tag, value: t.value.clone() }));
        let span = l.tag_span(tag);
        let f = l.raise(None, FlagKind::Claim, None, fact, span);
        f.rule = Some(rule);
    }
}

/// The number of a `Result` value (`top 18446744073709551616 resign`) when it is more than
/// a count holds, as written.
fn too_large(value: &str) -> Option<String> {
    let n = value.split_whitespace().nth(1)?;
    let digits = n.split('-').next().unwrap_or(n);
    (digits.bytes().all(|b| b.is_ascii_digit()) && !digits.is_empty() && digits.parse::<u32>().is_err())
        .then(|| digits.to_string())
}

/// `[Match "N"]`: the match length, 0 for money play (no tag, or not a number).
pub fn match_length(rec: &Record) -> u32 {
    rec.tags.iter().find(|t| t.name == "Match").and_then(|t| t.value.trim().parse().ok()).unwrap_or(0)
}

/// The end of an unfinished game resigned (docs/games.md §I.5): the `Result` tag's
/// resignation, its kind as written or as its points make it against the cube `cube`
/// (1, 2 or 3 times: single, gammon, backgammon; else a resignation of no known kind). A
/// throw `resign` with no resignation in the `Result` tag leaves the game without an end
/// (what it is worth is not written); a `Result` naming the seat that resigned (`at`) as the
/// winner is flagged `result`, and the end's winner is the seat that did not resign.
fn resignation(l: &mut Ledger<'_>, header: &Header, cube: u32, at: Option<(u32, Seat)>) -> Option<End> {
    let Some(ResultClaim::Points { winner, points, kind: Some(k) }) = &header.result else { return None };
    if !k.is_resign() {
        return None;
    }
    if let Some((_, resigner)) = at.filter(|a| a.1 == *winner) {
        let why = ResultFault::Differs { winner: Some(resigner.other()), points: None, kind: None };
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, Said::Backgammon(Fact::Result(why)), span);
    }
    let kind = match k.resign_times().and_then(Resignation::of_times) {
        Some(r) => EndKind::Resigned(r),
        None => (1..=3)
            .find(|m| cube.checked_mul(*m) == Some(*points))
            .and_then(Resignation::of_times)
            .map_or(EndKind::Resign, EndKind::Resigned),
    };
    let winner = at.map_or(*winner, |(_, resigner)| resigner.other());
    Some(End { winner, points: *points, kind })
}

/// A pass, for a throw that records no play when none could be made.
const PASS: RecordedPlay = RecordedPlay::Pass;

/// The `Result` tag against the replay (docs/games.md §D.10 `result`): winner, points and kind
/// as computed, a drop only after a drop, `*` only while the game is unfinished; a
/// resignation (`resign`, imported records) is taken as written on an unfinished game. Not
/// judged when the replay stopped.
fn check_result(l: &mut Ledger<'_>, header: &Header, end: Option<End>, (cube, needed): (u32, Option<BySeat<u32>>)) {
    let Some(claim) = &header.result else { return };
    if l.out.stopped_at.is_some() {
        return;
    }
    // points no count holds, read as the largest: said as written (issue 24)
    // (the tag's value as the file writes it: the record keeps the number read)
    let span = l.tag_span("Result");
    let written = span.zip(l.src).and_then(|(s, src)| src.get(s.start as usize..s.end as usize));
    if let Some(written) = written.and_then(too_large) {
        let fact = Said::Backgammon(Fact::Result(ResultFault::TooLarge { written }));
        l.raise(None, FlagKind::Result, None, fact, span);
        return;
    }
    // the match-winning game's points capped by the writer at what the match needed
    // (BackgammonGalaxy: `Wins 3 point and the match` for a game worth 4; docs/games.md §I.10)
    if let (ResultClaim::Points { winner, points, kind }, Some(needed)) = (claim, needed) {
        // a resignation's own value is not known: capped, it says just what was needed
        let (least, worth) = match end {
            Some(e) if e.winner == *winner => (needed[*winner], Some(e.points)),
            None if kind.is_some_and(|k| k.is_resign()) => (*points, cube.checked_mul(3)),
            _ => (0, None),
        };
        if worth.is_some_and(|w| needed[*winner] == least && least <= *points && *points < w) {
            return;
        }
    }
    let fault = match (claim, end) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(end)) => Some(ResultFault::Unfinished { end }),
        // a resignation is worth a single, a gammon or a backgammon at the cube, and its
        // kind, when written, says which (§I.5)
        (ResultClaim::Points { kind: Some(k), points, .. }, None) if k.is_resign() => match k.resign_times() {
            Some(times) if cube.checked_mul(times) != Some(*points) => {
                Some(ResultFault::ResignKind { points: *points, cube, times })
            }
            _ => (![1, 2, 3].iter().any(|k| cube.checked_mul(*k) == Some(*points)))
                .then_some(ResultFault::ResignValue { points: *points, cube }),
        },
        (ResultClaim::Points { winner, kind, .. }, None) => Some(if *kind == Some(ResultKind::Drop) {
            ResultFault::NoDrop { winner: *winner }
        } else {
            ResultFault::NotOver { winner: *winner }
        }),
        (ResultClaim::Points { winner, points, kind }, Some(e)) => {
            let kind = kind.filter(|k| k.name() != e.kind.name()).map(|k| (e.kind, k));
            let winner = (*winner != e.winner).then_some(e.winner);
            let points = (*points != e.points).then_some(e.points);
            (winner.is_some() || points.is_some() || kind.is_some()).then_some(ResultFault::Differs {
                winner,
                points,
                kind,
            })
        }
        (ResultClaim::Won { .. }, _) => Some(ResultFault::Score { winner: end.map(|e| e.winner) }),
    };
    if let Some(why) = fault {
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, Said::Backgammon(Fact::Result(why)), span);
    }
}

/// Every legal play of a position string's setup for `explain`: canonical notation, the
/// position after, sorted as plain ASCII strings.
pub fn explain_plays(
    options: &Options,
    setup: &Setup,
    dice: Dice,
) -> Result<Vec<super::ShownPlay>, crate::games::PlaysError> {
    thread_local! {
        // one list of plays for every question (`explain --batch`), not one zeroed a line
        static PLAYS: std::cell::RefCell<Plays> = std::cell::RefCell::new(Plays::new());
    }
    let board = Board::from_setup(setup)?;
    PLAYS.with(|cell| {
        let mut plays = cell.borrow_mut();
        legal_plays_into(&board, dice, options.un_seul_de, &mut plays);
        Ok(shown_plays(&board, &plays))
    })
}

/// The plays of `plays` as `explain` shows them, sorted as plain ASCII strings.
fn shown_plays(board: &Board, plays: &Plays) -> Vec<super::ShownPlay> {
    let seat = board.turn;
    let mut shown: Vec<super::ShownPlay> = plays
        .as_slice()
        .iter()
        .map(|p| {
            let mut after = p.apply(board);
            after.turn = seat;
            super::ShownPlay { notation: p.notation(seat), result: after.men_field(), points: 0 }
        })
        .collect();
    shown.sort_by(|a, b| a.notation.cmp(&b.notation));
    shown
}
