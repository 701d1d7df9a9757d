//! Backgammon of the 1982 booklet (docs/games.md §D), with the doubling cube.
//!
//! * [`board`]: the men of each seat along its route, the bar p0 and the men borne off p25
//!   (§D.1, §D.2, §D.9), converted from and to the shared [`crate::board::Setup`].
//! * [`options`]: `premier-coup`, `un-seul-de`, `backgammon`, `cube` (§F).
//! * [`movegen`]: the legal plays of a roll (§0.2, §D.4–§D.6).
//! * [`judge`](mod@judge): a recorded play judged, the rule of §D.10 it breaks, its hit claims, the
//!   position it leaves.
//! * [`cube`]: the doubling cube (§D.7) and the end of a game (§D.8).
//! * [`gnubg_id`]: GNU Backgammon's Position ID, to and from a board, and its Match ID.
//! * [`points`]: a play in point numbers, as gnubg and FIBS write it (`24/18 13/11*`).
//! * [`books`]: the replay of a record on the shared [`crate::replay::Ledger`], its flags
//!   and steps (§D.10).
//! * [`session`]: match play across the records of a file (docs/games.md §I.1–§I.3).
//! * [`fact`]: what its flags say, as facts; [`crate::games::backgammon::words`] writes their words.
//! * [`generate`](mod@generate): seeded self-play, a game with its cube actions and result.
//!
//! [`Backgammon`] answers [`Game`] with them.

pub mod board;
pub mod books;
pub mod cube;
pub mod fact;
pub mod generate;
pub mod gnubg_id;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod points;
pub mod session;
pub mod words;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;

use super::{Game, Judged, ShownPlay};
use crate::board::{Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record};
use crate::position::Position;
use crate::replay::Replay;
pub use board::Board;
pub use board::BoardError;
pub use cube::{Cube, CubeBooks, CubeRule, End, EndKind};
pub use fact::{Fact, MatchFault, PositionFault, ResultFault};
pub use generate::generate_record;
pub use judge::{judge, judge_allowed, Judgement, Rule};
pub use movegen::{allowance, legal_plays_into, Allowance, Path, Play, Plays, Step};
pub use options::Options;
pub use session::Session;

/// Backgammon under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backgammon {
    /// The options (docs/games.md §F).
    pub options: Options,
    /// The `Rules` tag has a key or value backgammon does not know: the books say which and
    /// replay nothing.
    pub bad_rules: bool,
}

impl Backgammon {
    /// The game under `options`.
    pub fn new(options: Options) -> Backgammon {
        Backgammon { options, bad_rules: false }
    }

    /// The game under a `Rules` tag's raw pairs (docs/games.md §F).
    pub fn of_rules(pairs: &[crate::notation::RulePair]) -> Backgammon {
        match Options::from_pairs(pairs) {
            Ok(options) => Backgammon::new(options),
            Err(_) => Backgammon { options: Options::default(), bad_rules: true },
        }
    }
}

/// What the end of a game is counted from: both seats' men and the cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Each seat's men along its route.
    pub men: [[u8; 26]; 2],
    /// The cube and a drop.
    pub cube: CubeBooks,
}

impl Game for Backgammon {
    type Options = Options;
    type Play = Play;
    type Plays = Plays;
    type State = ();
    type Marks = ();
    type Fault = books::FausseCase;
    type Score = Score;
    type Outcome = End;

    fn from_rules(_tag: GameTag, pairs: &[crate::notation::RulePair]) -> Result<Self, Vec<super::OptionError>> {
        Ok(Backgammon::new(Options::from_pairs(pairs)?))
    }

    fn from_header(header: &crate::notation::Header) -> Self {
        Backgammon::of_rules(&header.game_rules)
    }

    fn departing_rules(&self) -> String {
        self.options.to_string()
    }

    fn tag(&self) -> GameTag {
        GameTag::Backgammon
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn opening(&self, first: Seat) -> Position {
        Board::opening(first).to_position()
    }

    fn new_plays(&self) -> Plays {
        Plays::new()
    }

    fn legal_plays_into(&self, pos: &Position, _: &(), dice: Dice, out: &mut Plays) {
        movegen::legal_plays_into(&Board::from_position(pos), dice, self.options.un_seul_de, out);
    }

    fn roll(&self, pos: &Position, state: &(), dice: Dice, out: &mut Plays) {
        Game::legal_plays_into(self, pos, state, dice, out);
    }

    fn judge(
        &self,
        pos: &Position,
        _: &(),
        dice: Dice,
        legal: &Plays,
        play: &RecordedPlay,
    ) -> Judged<Play, books::FausseCase> {
        let (j, fault) = books::judge_recorded(&Board::from_position(pos), dice, legal, play);
        Judged { after: j.after.map(|b| b.to_position()), fault, legal: j.legal }
    }

    fn outcome(&self, score: &Score, _before: &Score) -> Option<End> {
        score.cube.end(&Board { men: score.men, turn: Seat::Top }, &self.options)
    }

    fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, crate::games::PlaysError> {
        if self.bad_rules {
            return Err(crate::games::PlaysError::Options(format!(
                "the rule options given are not those of backgammon; the options are {}",
                Options::KEYS.join(", ")
            )));
        }
        books::explain_plays(&self.options, setup, dice)
    }

    fn generate(&self, seed: u64) -> Option<Record> {
        (!self.bad_rules).then(|| generate_record(seed, &self.options))
    }

    fn books_fed(
        &self,
        rec: &Record,
        feed: crate::replay::ThrowFeed<'_>,
        header: &Header,
        src: Option<&str>,
        keep_steps: bool,
    ) -> Replay {
        books::books_fed(self, rec, feed, header, src, keep_steps)
    }
}
