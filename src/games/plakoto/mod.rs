//! Plakoto, the Greek tables game of pinning (docs/games.md §J): the backgammon board and
//! route (§J.1), the throw as backgammon's (§J.2), lone men pinned rather than hit (§J.3),
//! bearing off (§J.4), the mother (`mana`, §J.5) and the end (§J.6), judged with the rule
//! names of §J.8.
//!
//! * [`board`] holds the position, its pins and the `pinned=` score field (§J.7);
//! * [`options`] reads `mana=double|simple|non`;
//! * [`movegen`] finds the legal plays of a roll, and [`brute`] checks it;
//! * [`judge`] judges a recorded play against the rules;
//! * [`end`] says whether and how the game ended, and reads and prints the `Result` forms;
//! * [`books`] replays a record, [`facts`] and [`words`] say what its flags find,
//!   the race games' generator ([`crate::games::race::generate`]) plays seeded games.
//!
//! The game is one entry of the games' declaration (`src/declare.rs`) and its [`ROW`] of the
//! registry; nothing outside this folder knows its rules.

pub mod board;
pub mod books;
pub mod brute;
pub mod end;
pub mod facts;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod words;

#[cfg(test)]
mod tests;

pub use facts::Fact;

use super::registry::{GameRow, Scoring};
use super::{Game, Judged, OptionError, PlaysError, ShownPlay};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record, RulePair};
use crate::position::Position;
use crate::replay::Replay;
use board::Board;
use options::Options;

/// Plakoto's row of the game registry (docs/games.md §J).
pub const ROW: GameRow = GameRow {
    game: GameTag::Plakoto,
    aliases: GameTag::Plakoto.aliases(),
    title: "Plakoto",
    about: "the Greek tables game of pinning: a lone man is pinned, not hit; the mother",
    rules: "docs/games.md §J",
    options: options::OPTION_SPECS,
    score_fields: GameTag::Plakoto.score_fields(),
    results: &["*", "top 1 single", "top 2 gammon", "top 2 mana"],
    scoring: Scoring::EndPoints,
};

/// Plakoto under the options of a `Rules` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plakoto {
    /// The options.
    pub options: Options,
    /// The `Rules` tag had keys or values the game does not know (the replay says which).
    pub bad_rules: bool,
}

fn board_of(pos: &Position, pins: &[u32; 2]) -> Board {
    Board { men: pos.men, pinned: *pins, turn: pos.turn }
}

impl Game for Plakoto {
    type Options = Options;
    type Play = movegen::Play;
    type Plays = movegen::Plays;
    /// The pins (`pinned[seat]`, a bit per relative point, §J.3).
    type State = [u32; 2];
    type Marks = ();
    type Fault = judge::Rule;
    /// Both seats' men along their routes, and the pins.
    type Score = ([[u8; 26]; 2], [u32; 2]);
    type Outcome = end::Outcome;

    fn from_rules(tag: GameTag, pairs: &[RulePair]) -> Result<Self, Vec<OptionError>> {
        Ok(Plakoto { options: Options::from_pairs(tag, pairs)?, bad_rules: false })
    }

    fn from_header(header: &Header) -> Self {
        Plakoto::from_rules(header.game, &header.game_rules)
            .unwrap_or(Plakoto { options: Options::default(), bad_rules: true })
    }

    fn departing_rules(&self) -> String {
        self.options.to_string()
    }

    fn tag(&self) -> GameTag {
        GameTag::Plakoto
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn opening(&self, first: Seat) -> Position {
        Board::opening(first).to_position()
    }

    fn new_plays(&self) -> movegen::Plays {
        movegen::Plays::new()
    }

    fn legal_plays_into(&self, pos: &Position, pins: &[u32; 2], dice: Dice, out: &mut movegen::Plays) {
        movegen::legal_plays_into(&board_of(pos, pins), dice, out);
    }

    fn roll(&self, pos: &Position, pins: &[u32; 2], dice: Dice, out: &mut movegen::Plays) {
        Game::legal_plays_into(self, pos, pins, dice, out);
    }

    fn judge(
        &self,
        pos: &Position,
        pins: &[u32; 2],
        dice: Dice,
        legal: &movegen::Plays,
        play: &RecordedPlay,
    ) -> Judged<movegen::Play, judge::Rule> {
        let j = judge::judge_written(&board_of(pos, pins), dice, legal, play);
        let legal_play = j.after.filter(|_| j.fault.is_none()).and_then(|a| legal.find(&a).copied());
        Judged { after: j.after.map(|b| judge::apply(&b).to_position()), fault: j.fault, legal: legal_play }
    }

    fn outcome(&self, score: &Self::Score, _before: &Self::Score) -> Option<end::Outcome> {
        end::outcome(&Board { men: score.0, pinned: score.1, turn: Seat::Top }, self.options.mana)
    }

    fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, PlaysError> {
        if self.bad_rules {
            let keys = Options::KEYS.join(", ");
            return Err(PlaysError::Options(format!(
                "the rule options given are not those of plakoto; the options are {keys}"
            )));
        }
        let pins = setup.score.pinned.as_deref().unwrap_or_default();
        let board = Board::from_setup(setup, pins).map_err(|e| PlaysError::Position(e.to_string()))?;
        let mut plays = movegen::Plays::new();
        movegen::legal_plays_into(&board, dice, &mut plays);
        let seat = board.turn;
        let mut shown: Vec<ShownPlay> = plays
            .as_slice()
            .iter()
            .map(|p| ShownPlay {
                notation: p.to_recorded(seat).to_string(),
                result: p.after.to_setup().men_field(Dialect::Soumille),
                points: 0,
            })
            .collect();
        shown.sort_by(|a, b| a.notation.cmp(&b.notation));
        Ok(shown)
    }

    fn generate(&self, seed: u64) -> Option<Record> {
        (!self.bad_rules).then(|| crate::games::race::generate::generate::<Board>(self, seed))
    }

    fn books_fed(
        &self,
        rec: &Record,
        feed: crate::replay::ThrowFeed<'_>,
        header: &Header,
        src: Option<&str>,
        keep_steps: bool,
    ) -> Replay {
        crate::games::race::books_fed::<Board>(self, rec, feed, header, src, keep_steps)
    }
}
