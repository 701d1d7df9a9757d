//! Tric Trac of the 1982 Ravensburger booklet (GAMES.md §E, `[Game "tric-trac"]`).
//!
//! Backgammon's moves with points: two moves a throw (a doublet too, and the same seat
//! throws again), men entered from their start point first, lone men captured back to their
//! start, the bosse taken by two men together, men borne off on reaching p24 exactly; a
//! point for each man captured or borne off, two for the grand pont, twelve win a partie
//! worth 1 to 4, parties prolonged or started again in a series.
//!
//! * [`board`]: the position (the shared [`crate::position::Position`] with Grand
//!   Trictrac's routes, white = bottom) from and to a [`crate::board::Setup`].
//! * [`options`]: `plus-fort`, `pont`, `points-perdant` (GAMES.md §F).
//! * [`movegen`]: the legal plays of a roll (§E.2–§E.8), in fixed capacity.
//! * [`judge`](mod@judge): a recorded play judged, the rule of §E.12 it breaks.
//! * [`score`]: points, the value of a partie, prolongation (§E.9, §E.10).
//! * [`series`]: a record's throws in turn with their claims (`marks`, `partie`,
//!   `decision`, `seat`, `result`).
//! * [`books`]: the replay of a record, its flags and steps (GAMES.md §E.12).
//! * [`generate`]: seeded self-play, a series with every claim written.

/// What this game's rules found, as facts; the reporting layer writes their words
/// ([`crate::words`]). (Being filled as the rules stop writing text.)
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {}

pub mod board;
pub mod books;
pub mod generate;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod score;
pub mod series;

#[cfg(test)]
mod tests;

use super::{Game, Judged, ShownPlay};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record};
use crate::position::Position;
use crate::replay::Replay;
pub use generate::generate_record;
pub use judge::{judge, Fault, Judgement, Path, Rule};
pub use movegen::{legal_plays_into, Play, Plays, Step};
pub use options::Options;
pub use score::{Choice, PartieWon, Score};

/// Tric Trac under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TricTrac {
    /// The options (GAMES.md §F).
    pub options: Options,
    /// The `Rules` tag has a key or value Tric Trac does not know: the books say which and
    /// replay nothing.
    pub bad_rules: bool,
}

impl TricTrac {
    /// The game under `options`.
    pub fn new(options: Options) -> TricTrac {
        TricTrac { options, bad_rules: false }
    }

    /// The game under a `Rules` tag's raw pairs (GAMES.md §F).
    pub fn of_rules(pairs: &[(String, String)]) -> TricTrac {
        match Options::from_pairs(pairs) {
            Ok(options) => TricTrac::new(options),
            Err(_) => TricTrac { options: Options::default(), bad_rules: true },
        }
    }

    /// The legal plays of `dice` for the seat to throw in `pos`, which has `points`.
    pub fn plays_into(&self, pos: &Position, points: u16, dice: Dice, out: &mut Plays) {
        legal_plays_into(pos, points, dice, &self.options, out)
    }
}

impl Game for TricTrac {
    type Options = Options;
    type Play = Play;
    type Plays = Plays;
    /// The score: the thrower's points decide whether a move wins the partie mid-throw.
    type State = Score;
    /// What the throw scored, `[top, bottom]`.
    type Marks = [u16; 2];
    type Fault = Fault;
    type Score = Score;
    type Outcome = PartieWon;

    fn tag(&self) -> GameTag {
        GameTag::TricTrac
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn opening(&self, first: Seat) -> Position {
        Position::opening(first)
    }

    fn new_plays(&self) -> Plays {
        Plays::default()
    }

    fn legal_plays_into(&self, pos: &Position, state: &Score, dice: Dice, out: &mut Plays) {
        legal_plays_into(pos, state.points[pos.turn().index()], dice, &self.options, out)
    }

    /// Nothing scores before the men move (GAMES.md §E.9): the points come from the play.
    fn roll(&self, pos: &Position, state: &Score, dice: Dice, out: &mut Plays) -> [u16; 2] {
        Game::legal_plays_into(self, pos, state, dice, out);
        [0, 0]
    }

    fn play_marks(&self, pos: &Position, _state: &Score, play: &Play, marks: &mut [u16; 2]) {
        marks[pos.turn().index()] += play.points();
    }

    /// The position after is the play's, the turn passed (kept after a doublet); a partie
    /// won changes the turn again (the books').
    fn judge(
        &self,
        pos: &Position,
        state: &Score,
        dice: Dice,
        legal: &Plays,
        play: &RecordedPlay,
        _letters: Dialect,
    ) -> Judged<Play, Fault> {
        let seat = pos.turn();
        let mut paths: smallvec::SmallVec<[Path; 4]> = smallvec::SmallVec::new();
        judge::paths_of(seat, play, &mut paths);
        let j = judge(pos, state.points[seat.index()], dice, &self.options, legal, &paths);
        let after = j.after.map(|mut a| {
            a.set_turn(score::next_turn(seat, dice.is_doublet(), None));
            a
        });
        Judged { after, fault: j.fault, legal: j.legal }
    }

    /// A partie is won when a seat reaches 12 (GAMES.md §E.9).
    fn outcome(&self, score: &Score, before: &Score) -> Option<PartieWon> {
        Seat::ALL.into_iter().find_map(|s| {
            let i = s.index();
            (before.points[i] < movegen::PARTIE_POINTS && score.points[i] >= movegen::PARTIE_POINTS).then(|| {
                let loser_points = score.points[1 - i];
                PartieWon {
                    winner: s,
                    value: score::partie_value(loser_points),
                    winner_points: score.points[i],
                    loser_points,
                }
            })
        })
    }

    fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, String> {
        if self.bad_rules {
            return Err(format!(
                "unknown rule options for tric-trac; the options are plus-fort ({}), pont ({}), points-perdant ({})",
                Options::VALUES[0].join(", "),
                Options::VALUES[1].join(", "),
                Options::VALUES[2].join(", ")
            ));
        }
        let pos = board::position_from_setup(setup).map_err(|e| e.to_string())?;
        let score = board::score_from_setup(setup).map_err(|e| e.to_string())?;
        let seat = pos.turn();
        let mut plays = Plays::default();
        self.plays_into(&pos, score.points[seat.index()], dice, &mut plays);
        let mut shown: Vec<ShownPlay> = plays
            .iter()
            .map(|p| ShownPlay {
                notation: p.text(seat),
                result: p.after(&pos).to_setup().men_field(Dialect::Soumille),
                points: p.points(),
            })
            .collect();
        shown.sort_by(|a, b| a.notation.cmp(&b.notation));
        Ok(shown)
    }

    fn generate(&self, seed: u64) -> Option<Record> {
        Some(generate_record(seed, self.options))
    }

    fn books(&self, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
        books::books(self, rec, header, src, keep_steps)
    }
}
