//! A Jacquet or Moultezim position as the race games' one replay asks it ([`RacePosition`],
//! docs/games.md §A.9, §A.10): each throw's play judged (docs/rules.md §10), the `hit` and
//! `Result` claims checked; the seats in turn, the `Position` tag, the stops and the steps
//! are the generic replay's ([`crate::games::race::RaceBooks`]). Every flag is raised with its
//! facts ([`Fact`]) and the reporting layer writes its words ([`crate::games::jacquet::words`]).
//! A throw whose recorded play makes every move of the throw lawfully is judged without
//! searching the legal plays ([`judge::lawful_in_full`]); the search runs only for the
//! others (passes, plays that leave moves, faults).

use super::board::{point, relative, Board};
use super::judge::{self, judge};
use super::movegen::{Path, Play, Plays};
use super::options::{JacquetOptions, Variant};
use super::{Fact, Jacquet};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Header, Play as RecordedPlay, Record, ResultClaim, Target};
use crate::position::OFF;
use crate::games::race::{At, Judging, RacePosition};
use crate::replay::{End, FlagKind, How, Ledger};

/// A recorded play as paths of `seat`'s relative points on the Jacquet route (docs/games.md
/// §0.3); `None` when a move starts from the bar (`@`, Backgammon's), which no Jacquet man
/// can.
pub fn recorded_paths(seat: Seat, play: &RecordedPlay) -> Option<Vec<Path>> {
    let mut paths = Vec::new();
    recorded_paths_into(seat, play, &mut paths).then_some(paths)
}

/// [`recorded_paths`] into `out` (cleared first, reused from throw to throw); `false` when a
/// move starts from the bar.
pub fn recorded_paths_into(seat: Seat, play: &RecordedPlay, out: &mut Vec<Path>) -> bool {
    out.clear();
    let RecordedPlay::Moves(moves) = play else { return true };
    for m in moves {
        let Some(from) = m.from_point() else { return false };
        let mut path = Path::new(relative(seat, from) as u8, 0);
        for &r in m.rests.iter().take(3) {
            path.rests[path.n_rests as usize] = relative(seat, r) as u8;
            path.n_rests += 1;
        }
        path.to = match m.to {
            Target::Point(p) => relative(seat, p) as u8,
            Target::Off => OFF as u8,
        };
        out.push(path);
    }
    true
}

/// The legal plays, those nearest the recorded play first (sharing its paths, or their
/// starts, [`crate::games::nearness`]), in canonical notation.
pub fn nearest_plays(plays: &Plays, seat: Seat, recorded: &RecordedPlay) -> Vec<Play> {
    let moves: Vec<String> = match recorded {
        RecordedPlay::Pass => vec!["-".to_string()],
        RecordedPlay::Moves(m) => m.iter().map(|m| crate::notation::printer::move_text(m, Dialect::Soumille)).collect(),
    };
    let rec: Vec<&str> = moves.iter().map(String::as_str).collect();
    let near = |p: &Play| crate::games::nearness(&rec, &p.notation(seat));
    let mut v: Vec<(usize, Play)> = plays.iter().map(|p| (near(&p), p)).collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// A fausse case of Jacquet or Moultezim (docs/games.md §A.10): the rule, the recorded path at
/// fault, the lawful plays; its words are [`Fact::FausseCase`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: super::Rule,
    /// The play cannot be applied: the replay stops.
    pub fatal: bool,
    /// The recorded path (its index in the play) at fault, when one is.
    pub path: Option<usize>,
    /// The lawful plays, nearest the recorded play first.
    pub lawful: Vec<Play>,
}

impl FausseCase {
    /// The fact of this fausse case at throw `throw` of `seat` with `dice`, `play` as recorded.
    pub fn fact(self, throw: u32, seat: Seat, dice: Dice, play: &RecordedPlay) -> Fact {
        Fact::FausseCase { throw, seat, dice, rule: self.rule, play: play.clone(), at: self.path, lawful: self.lawful }
    }
}

/// Judges `play` (as recorded) in `board` against `plays`, the legal plays of `dice` there.
pub fn judge_recorded(
    options: &JacquetOptions,
    board: &Board,
    dice: Dice,
    plays: &Plays,
    play: &RecordedPlay,
) -> (super::Judgement, Option<FausseCase>) {
    let seat = board.turn;
    let judged = match recorded_paths(seat, play) {
        Some(paths) => judge(options, board, dice, plays, &paths),
        None => super::Judgement {
            after: None,
            legal: None,
            fault: Some(super::Fault { rule: super::Rule::NotThere, path: None, fatal: true }),
        },
    };
    let fault = judged.fault.map(|f| FausseCase {
        rule: f.rule,
        fatal: f.fatal,
        path: f.path,
        lawful: nearest_plays(plays, seat, play),
    });
    (judged, fault)
}

/// The seat that throws first (docs/games.md §A.2): the `Position` tag's, the `First` tag, the
/// first throw's recorded seat, or the seat whose talon the first recorded move leaves; top
/// when nothing tells (as `crate::replay::first_seat`).
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    crate::replay::first_seat_by(rec, header, |s, p| point(s, 1) == Some(p))
}

/// What a Jacquet replay reuses from throw to throw: the legal plays (searched only when the
/// recorded play is not plainly lawful) and the recorded paths.
pub struct Scratch {
    plays: Plays,
    paths: Vec<Path>,
}

/// A Jacquet or Moultezim position as the race games' replay asks it (docs/games.md §A).
impl RacePosition for Board {
    type Game = Jacquet;
    type Scratch = Scratch;
    type End = super::End;

    fn scratch() -> Scratch {
        Scratch { plays: Plays::new(), paths: Vec::with_capacity(4) }
    }

    fn rules(game: &Jacquet, header: &Header) -> Result<(), Vec<crate::games::OptionError>> {
        JacquetOptions::parse(game.options.variant, &header.game_rules).map(|_| ())
    }

    fn first_seat(rec: &Record, header: &Header) -> Seat {
        first_seat(rec, header)
    }

    fn opening(first: Seat) -> Board {
        Board::opening(first)
    }

    fn from_setup(game: &Jacquet, setup: &Setup) -> Result<Board, crate::replay::Fact> {
        let variant = game.options.variant;
        Board::from_setup(setup).map_err(|error| crate::replay::Fact::Jacquet(Fact::NoPosition { variant, error }))
    }

    fn to_setup(&self) -> Setup {
        Board::to_setup(self)
    }

    fn turn(&self) -> Seat {
        self.turn
    }

    fn set_turn(&mut self, seat: Seat) {
        self.turn = seat;
    }

    fn must_play(&self, game: &Jacquet, dice: Dice, scratch: &mut Scratch) -> bool {
        super::movegen::legal_plays_into(&game.options, self, dice, &mut scratch.plays);
        scratch.plays.max_moves() > 0
    }

    #[inline(always)]
    fn play(
        &self,
        game: &Jacquet,
        dice: Dice,
        play: &RecordedPlay,
        listed: bool,
        scratch: &mut Scratch,
        judging: &mut Judging<'_, '_>,
    ) -> Option<Board> {
        let options = &game.options;
        let thrower = judging.seat;
        // Jacquet has no hits: a `*` is a wrong claim
        if let RecordedPlay::Moves(m) = play {
            if m.iter().any(|m| m.hits != 0) {
                let fact = Fact::Hit { throw: judging.throw(), seat: thrower, dice, variant: options.variant };
                judging.raise(FlagKind::Claim, "hit", crate::replay::Fact::Jacquet(fact), At::Play, Vec::new());
            }
        }
        // the play as recorded: plainly lawful when it uses every move of the throw lawfully
        // (then no legal play uses more), else judged against the legal plays
        let plain = if recorded_paths_into(thrower, play, &mut scratch.paths) {
            judge::lawful_in_full(options, self, dice, &scratch.paths)
        } else {
            None
        };
        match plain {
            Some(after) => {
                if judging.keep_steps() {
                    judging.applied = Some(play.clone());
                }
                Some(after)
            }
            None => judged(options, self, dice, play, &mut scratch.plays, listed, judging),
        }
    }

    fn legal_plays(&self, game: &Jacquet, dice: Dice, scratch: &mut Scratch) -> usize {
        super::movegen::legal_plays_into(&game.options, self, dice, &mut scratch.plays);
        scratch.plays.len()
    }

    fn nth_play(&self, scratch: &Scratch, k: usize) -> Option<(RecordedPlay, Board)> {
        let play = scratch.plays.get(k)?;
        let mut after = *self;
        after.men[self.turn.index()] = play.after;
        after.turn = self.turn.other();
        Some((play.into_recorded(self.turn), after))
    }

    fn result(end: Option<super::End>) -> String {
        end.map_or("*".into(), |e| format!("{} {}", e.winner, e.points))
    }

    fn end(&self, game: &Jacquet) -> Option<super::End> {
        Board::end(self, &game.options)
    }

    fn neutral_end(e: super::End) -> Option<End> {
        Some(End { winner: e.winner, value: f64::from(e.points), how: How::BorneOff })
    }

    fn check_result(l: &mut Ledger<'_>, claim: &ResultClaim, end: Option<super::End>) {
        check_result(l, claim, end);
    }
}

/// The play judged against the legal plays (it is not plainly lawful): the fausse case
/// raised; the position after it, if it can be applied.
fn judged(
    options: &JacquetOptions,
    board: &Board,
    dice: Dice,
    play: &RecordedPlay,
    plays: &mut Plays,
    listed: bool,
    judging: &mut Judging<'_, '_>,
) -> Option<Board> {
    let thrower = judging.seat;
    if !listed {
        super::movegen::legal_plays_into(options, board, dice, plays);
    }
    let (judged, fault) = judge_recorded(options, board, dice, plays, play);
    judging.lawful = fault.is_none();
    if let Some(f) = fault {
        let (rule, moves) = (f.rule.name(), f.lawful.iter().map(|p| p.into_recorded(thrower)).collect());
        let fact = crate::replay::Fact::Jacquet(f.fact(judging.throw(), thrower, dice, play));
        judging.raise(FlagKind::FausseCase, rule, fact, At::PlayOrDice, moves);
    }
    if judging.keep_steps() {
        judging.applied = judged.legal.and_then(|i| plays.get(i)).map(|p| p.into_recorded(thrower));
    }
    judged.after
}

/// The `Result` tag against the replay (docs/games.md §A.10 `result`): the winner and the points,
/// `*` only while the game is unfinished; not judged when the replay stopped.
fn check_result(l: &mut Ledger, claim: &ResultClaim, end: Option<super::End>) {
    let fact = match (claim, end) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(end)) => Some(Fact::ResultEnded { end }),
        (ResultClaim::Points { winner, .. }, None) => Some(Fact::ResultUnfinished { claimed: *winner }),
        (ResultClaim::Points { winner, points, kind }, Some(e)) => {
            let differs = Fact::ResultDiffers {
                winner: (*winner != e.winner).then_some(e.winner),
                points: (*points != e.points).then_some(e.points),
                kind: *kind,
            };
            (differs != Fact::ResultDiffers { winner: None, points: None, kind: None }).then_some(differs)
        }
        (ResultClaim::Won { .. }, _) => Some(Fact::ResultScore { winner: end.map(|e| e.winner) }),
    };
    if let Some(fact) = fact {
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, crate::replay::Fact::Jacquet(fact), span);
    }
}

/// Every legal play of a position string's setup for `explain`: canonical notation, the
/// position after, sorted as plain ASCII strings.
pub fn explain_plays(
    options: &JacquetOptions,
    setup: &Setup,
    dice: Dice,
) -> Result<Vec<super::ShownPlay>, crate::games::PlaysError> {
    if setup.bar[Seat::Top] > 0 || setup.bar[Seat::Bottom] > 0 {
        return Err(crate::games::PlaysError::NoBar(options.variant.name()));
    }
    let board = Board::from_setup(setup)?;
    let mut plays = Plays::new();
    super::movegen::legal_plays_into(options, &board, dice, &mut plays);
    let seat = board.turn;
    let mut shown: Vec<super::ShownPlay> = plays
        .iter()
        .map(|p| {
            let mut after = board;
            after.men[seat.index()] = p.after;
            super::ShownPlay {
                notation: p.notation(seat),
                result: after.to_setup().men_field(Dialect::Soumille),
                points: 0,
            }
        })
        .collect();
    shown.sort_by(|a, b| a.notation.cmp(&b.notation));
    Ok(shown)
}

/// The variant of a game tag.
pub fn variant_of(tag: crate::notation::Game) -> Variant {
    if tag == crate::notation::Game::Moultezim {
        Variant::Moultezim
    } else {
        Variant::Jacquet
    }
}
