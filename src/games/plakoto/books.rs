//! A Plakoto position as the race games' one replay asks it ([`RacePosition`], docs/games.md
//! §J.8): each throw's play judged against the legal plays and applied (docs/rules.md §10),
//! the `*` claims, the end (§J.5, §J.6) and the `Result` tag checked. The seats in turn, the
//! stops and the steps are the generic replay's ([`crate::games::race::RaceBooks`]). Every
//! flag is raised with its facts ([`Fact`]).

use super::board::Board;
use super::end::{outcome, Kind, Outcome};
use super::judge::{judge_written, Rule};
use super::movegen::{legal_plays_into, Plays};
use super::options::Options;
use super::{Fact, Plakoto};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::games::race::{At, Judging, RacePosition};
use crate::notation::{Header, Play as RecordedPlay, Record, ResultClaim};
use crate::replay::{End, FlagKind, How, Ledger};

/// The seat that throws first: the `Position` tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose starting point the first move leaves (docs/games.md §J.1).
fn first_seat(rec: &Record, header: &Header) -> Seat {
    crate::replay::first_seat_by(rec, header, |s, p| crate::position::Position::relative(s, p) == super::board::START)
}

/// What a Plakoto replay reuses from throw to throw: the legal plays of the roll.
pub struct Scratch {
    plays: Plays,
}

/// The lawful plays, nearest the recorded one first, as a record writes them.
fn nearest(plays: &Plays, seat: Seat, play: &RecordedPlay) -> Vec<RecordedPlay> {
    let recorded: Vec<String> = match play {
        RecordedPlay::Pass => vec!["-".to_string()],
        RecordedPlay::Moves(m) => m.iter().map(|m| crate::notation::printer::move_text(m, Dialect::Soumille)).collect(),
    };
    let rec: Vec<&str> = recorded.iter().map(String::as_str).collect();
    let mut v: Vec<(usize, RecordedPlay)> = plays
        .as_slice()
        .iter()
        .map(|p| p.to_recorded(seat))
        .map(|p| (crate::games::nearness(&rec, &p.to_string()), p))
        .collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// Raises a fault of `play`: a fausse case, or a wrong `*` claim (the play is lawful but for
/// its claims).
fn fault(plays: &Plays, dice: Dice, rule: Rule, play: &RecordedPlay, after: Option<Board>, j: &mut Judging<'_, '_>) {
    let (throw, seat) = (j.throw(), j.seat);
    let lawful = nearest(plays, seat, play);
    match (rule, after.and_then(|a| plays.find(&a))) {
        (Rule::Hit, Some(p)) => {
            let claimed = p.to_recorded(seat);
            let fact = Fact::Hit { throw, seat, dice, play: play.clone(), claimed };
            j.raise(FlagKind::Claim, rule.name(), crate::replay::Fact::Plakoto(fact), At::PlayOrDice, Vec::new());
        }
        _ => {
            let fact = Fact::FausseCase { throw, seat, dice, rule, play: play.clone(), lawful: lawful.clone() };
            j.raise(FlagKind::FausseCase, rule.name(), crate::replay::Fact::Plakoto(fact), At::PlayOrDice, lawful);
        }
    }
}

/// A Plakoto position, its pins with it, as the race games' replay asks it (docs/games.md §J).
impl RacePosition for Board {
    type Game = Plakoto;
    type Scratch = Scratch;
    type End = Outcome;

    fn scratch() -> Scratch {
        Scratch { plays: Plays::new() }
    }

    fn rules(_: &Plakoto, header: &Header) -> Result<(), Vec<crate::games::OptionError>> {
        Options::from_pairs(header.game, &header.game_rules).map(|_| ())
    }

    fn first_seat(rec: &Record, header: &Header) -> Seat {
        first_seat(rec, header)
    }

    fn opening(first: Seat) -> Board {
        Board::opening(first)
    }

    fn from_setup(_: &Plakoto, setup: &Setup) -> Result<Board, crate::replay::Fact> {
        Board::from_setup(setup, setup.score.pinned.as_deref().unwrap_or_default())
            .map_err(|error| crate::replay::Fact::Plakoto(Fact::NoPosition { error }))
    }

    fn to_setup(&self) -> Setup {
        Board::to_setup(*self)
    }

    fn turn(&self) -> Seat {
        self.turn
    }

    fn set_turn(&mut self, seat: Seat) {
        self.turn = seat;
    }

    fn must_play(&self, _: &Plakoto, dice: Dice, scratch: &mut Scratch) -> bool {
        legal_plays_into(self, dice, &mut scratch.plays);
        scratch.plays.max_moves() > 0
    }

    #[inline(always)]
    fn play(
        &self,
        _: &Plakoto,
        dice: Dice,
        play: &RecordedPlay,
        listed: bool,
        scratch: &mut Scratch,
        judging: &mut Judging<'_, '_>,
    ) -> Option<Board> {
        if !listed {
            legal_plays_into(self, dice, &mut scratch.plays);
        }
        let judged = judge_written(self, dice, &scratch.plays, play);
        if let Some(rule) = judged.fault {
            judging.lawful = rule == Rule::Hit;
            fault(&scratch.plays, dice, rule, play, judged.after, judging);
        }
        let after = judged.after?;
        if judging.keep_steps() {
            judging.applied = scratch.plays.find(&after).map(|p| p.to_recorded(judging.seat));
        }
        Some(super::judge::apply(&after))
    }

    fn legal_plays(&self, _: &Plakoto, dice: Dice, scratch: &mut Scratch) -> usize {
        legal_plays_into(self, dice, &mut scratch.plays);
        scratch.plays.as_slice().len()
    }

    /// A seat with no legal play passes (docs/games.md §J.2).
    fn nth_play(&self, scratch: &Scratch, k: usize) -> Option<(RecordedPlay, Board)> {
        Some(match scratch.plays.as_slice().get(k) {
            Some(play) => (play.to_recorded(self.turn), super::judge::apply(&play.after)),
            None => (RecordedPlay::Pass, Board { turn: self.turn.other(), ..*self }),
        })
    }

    fn result(end: Option<Outcome>) -> String {
        match end {
            Some(o @ Outcome::Win { .. }) => o.to_string(),
            Some(Outcome::Draw) | None => "*".into(),
        }
    }

    fn end(&self, game: &Plakoto) -> Option<Outcome> {
        outcome(self, game.options.mana)
    }

    fn neutral_end(end: Outcome) -> Option<End> {
        match end {
            Outcome::Win { winner, points, kind } => {
                Some(End { winner, value: f64::from(points), how: How::Kind(kind_name(kind)) })
            }
            Outcome::Draw => None,
        }
    }

    fn check_result(l: &mut Ledger<'_>, claim: &ResultClaim, end: Option<Outcome>) {
        check_result(l, claim, end);
    }
}

/// The word of a kind of win (docs/games.md §J.7).
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Single => "single",
        Kind::Gammon => "gammon",
        Kind::Mana => "mana",
    }
}

/// The `Result` tag against the replay (docs/games.md §J.8 `result`); not judged when the
/// replay stopped.
fn check_result(l: &mut Ledger, claim: &ResultClaim, end: Option<Outcome>) {
    let fact = match (claim, end) {
        // a draw (both mothers pinned) has no `Result` form yet but `*` (docs/games.md §J.5)
        (ResultClaim::Unfinished, None | Some(Outcome::Draw)) => None,
        (ResultClaim::Unfinished, Some(end)) => Some(Fact::ResultEnded { end }),
        (_, None) => Some(Fact::ResultUnfinished),
        (claim, Some(end)) => {
            let same = match (claim, end) {
                (ResultClaim::Points { winner, points, kind }, Outcome::Win { winner: w, points: p, kind: k }) => {
                    *winner == w && *points == p && kind.is_none_or(|c| c.name() == kind_name(k))
                }
                _ => false,
            };
            (!same).then(|| Fact::ResultDiffers { claimed: claim.to_string(), end })
        }
    };
    if let Some(fact) = fact {
        let span = l.tag_span("Result");
        l.raise(None, FlagKind::Result, None, crate::replay::Fact::Plakoto(fact), span);
    }
}
