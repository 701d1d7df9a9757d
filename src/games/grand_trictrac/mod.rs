//! Grand Trictrac (docs/rules.md), and Trictrac à écrire, its written-score match form (§12).
//!
//! * [`movegen`]: the legal plays of a roll (§2–§3): [`movegen::Board`], [`movegen::Plays`],
//!   [`movegen::MoveRules`], the jans a seat can fill.
//! * [`fausse_case`]: a recorded play judged, the rule it breaks (§10).
//! * [`scoring`]: the jans of a roll, their ways and points (§4–§7).
//! * [`score`]: points, holes, bredouille, pavillon, winnings, marqués (§8, §12).
//!
//! * [`books`]: the replay of a record with its claims: écoles, holes, tient/va, marqués
//!   (§8–§12), kept on the shared [`crate::replay::Ledger`].
//! * [`facts`]: what its flags say, as facts ([`Fact`]); their words are
//!   [`crate::games::grand_trictrac::words`]'s.
//!
//! [`GrandTrictrac`] answers [`Game`] with them.

pub mod books;
pub mod explain;
pub mod facts;
pub mod fausse_case;
pub mod generate;
pub mod movegen;
pub mod options;
pub mod output;
pub mod score;
pub mod scoring;
pub mod words;

use super::{Game, Judged};
use crate::board::Seat;
use crate::dice::Dice;
use crate::games::grand_trictrac::options::RuleOptions;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record};
use crate::position::Position;
use crate::replay::{Outcome, Replay};
use fausse_case::FausseCase;
use movegen::{Board, MoveRules, Play, Plays};
use score::{Bredouille, Score};
use scoring::{roll_jans, History, RollJans};

pub use facts::Fact;

/// Grand Trictrac under the options of a `Rules` tag; `a_ecrire` for Trictrac à écrire.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GrandTrictrac {
    /// The options (docs/rules.md §13).
    pub options: RuleOptions,
    /// The movement options, from `options`.
    pub rules: MoveRules,
    /// Trictrac à écrire: marqués of six holes instead of a tour of twelve (docs/rules.md §12).
    pub a_ecrire: bool,
    /// Every throw judged and scored against the full list of plays, never directly
    /// ([`GrandTrictrac::roll_recorded`]): the reference the direct judge is tested against.
    pub full_list: bool,
}

impl GrandTrictrac {
    /// The game under `options`; `a_ecrire` for Trictrac à écrire.
    pub fn new(options: RuleOptions, a_ecrire: bool) -> GrandTrictrac {
        GrandTrictrac { options, rules: MoveRules::from(&options), a_ecrire, full_list: false }
    }

    /// The movement rules of a throw by the seat to throw in `pos`: the privileges of the
    /// provincial sortie it has left this relève (three, less those `history` used).
    #[inline]
    pub fn move_rules(&self, pos: &Position, history: &History) -> MoveRules {
        let mut rules = self.rules;
        rules.privileges_left = 3u8.saturating_sub(history.privileges_used[pos.turn().index()]);
        rules
    }

    /// [`Game::roll`] with the play recorded for the throw: when the direct judge finds it a
    /// legal play with nothing at stake (no die bearing off, both dice used, no jan filled,
    /// broken or fillable: [`Board::direct_play`]), `out` holds that one play instead of every
    /// play of the roll; it judges ([`Game::judge`]) and scores the throw as the full list
    /// would (docs/rules.md §2, §5, §10). Otherwise, or without a recorded play, or with the
    /// obsolete jans (§7, which weigh every play), every play is listed. `out` then judges
    /// that recorded play only ([`RollPlays::direct`]); [`Game::roll`] lists every play again.
    #[inline]
    pub fn roll_recorded(
        &self,
        pos: &Position,
        state: &History,
        dice: Dice,
        recorded: Option<&RecordedPlay>,
        out: &mut RollPlays,
    ) -> RollJans {
        let board = Board::new(pos, self.move_rules(pos, state));
        let direct = match recorded {
            Some(p) if !self.full_list && self.options.anciens == options::Anciens::Non => board.direct_play(dice, p),
            _ => None,
        };
        out.direct = direct;
        match direct {
            Some(play) => {
                out.dice.set_single(play);
                out.legal.set_single(play);
            }
            None => {
                board.dice_plays_into(dice, &mut out.dice);
                out.legal.copy_from(&out.dice);
                out.legal.apply_jan_obligations();
            }
        }
        roll_jans(&board, dice, &out.dice, state, &self.options)
    }
}

impl Default for GrandTrictrac {
    fn default() -> Self {
        GrandTrictrac::new(RuleOptions::default(), false)
    }
}

/// The plays of a Grand Trictrac roll: those the dice allow (from which the jans are
/// counted, docs/rules.md §1) and the legal ones (after the jan obligations, §2).
#[derive(Clone, Copy, Debug, Default)]
pub struct RollPlays {
    /// The plays the dice allow.
    pub dice: Plays,
    /// The legal plays: the dice plays that meet the most jan obligations.
    pub legal: Plays,
    /// The play recorded for the throw, found legal directly ([`GrandTrictrac::roll_recorded`]):
    /// then the lists hold that one play, and [`Game::judge`] of that recorded play answers
    /// it without reading its moves again.
    pub direct: Option<Play>,
}

impl Game for GrandTrictrac {
    type Options = RuleOptions;
    type Play = Play;
    type Plays = RollPlays;
    type State = History;
    type Marks = RollJans;
    type Fault = FausseCase;
    type Score = Score;
    type Outcome = Outcome;

    fn from_rules(tag: GameTag, pairs: &[crate::notation::RulePair]) -> Result<Self, Vec<super::OptionError>> {
        Ok(GrandTrictrac::new(options::RuleOptions::from_pairs(tag, pairs)?, tag == GameTag::TrictracAEcrire))
    }

    fn from_header(header: &Header) -> Self {
        GrandTrictrac::new(options::RuleOptions::of(header), header.game == GameTag::TrictracAEcrire)
    }

    fn departing_rules(&self) -> String {
        self.options.departures().to_string()
    }

    fn canonical_rules(&self) -> Option<String> {
        Some(self.options.to_string())
    }

    fn tag(&self) -> GameTag {
        if self.a_ecrire {
            GameTag::TrictracAEcrire
        } else {
            GameTag::GrandTrictrac
        }
    }

    fn options(&self) -> &RuleOptions {
        &self.options
    }

    fn opening(&self, first: Seat) -> Position {
        Position::opening(first)
    }

    fn new_plays(&self) -> RollPlays {
        RollPlays::default()
    }

    #[inline]
    fn legal_plays_into(&self, pos: &Position, state: &History, dice: Dice, out: &mut RollPlays) {
        out.direct = None;
        let board = Board::new(pos, self.move_rules(pos, state));
        board.dice_plays_into(dice, &mut out.dice);
        out.legal.copy_from(&out.dice);
        out.legal.apply_jan_obligations();
    }

    #[inline]
    fn roll(&self, pos: &Position, state: &History, dice: Dice, out: &mut RollPlays) -> RollJans {
        out.direct = None;
        let board = Board::new(pos, self.move_rules(pos, state));
        board.dice_plays_into(dice, &mut out.dice);
        let jans = roll_jans(&board, dice, &out.dice, state, &self.options);
        out.legal.copy_from(&out.dice);
        out.legal.apply_jan_obligations();
        jans
    }

    #[inline]
    fn judge(
        &self,
        pos: &Position,
        state: &History,
        dice: Dice,
        legal: &RollPlays,
        play: &RecordedPlay,
    ) -> Judged<Play, FausseCase> {
        if let Some(p) = legal.direct {
            return Judged { after: Some(pos.after(&p)), fault: None, legal: Some(p) };
        }
        fausse_case::judge_in(pos, self.move_rules(pos, state), &legal.legal, dice, play)
    }

    /// A tour of Grand Trictrac, or a match of Trictrac à écrire ([`crate::generate`]).
    fn generate(&self, seed: u64) -> Option<Record> {
        Some(if self.a_ecrire {
            crate::games::grand_trictrac::generate::a_ecrire_match(seed)
        } else {
            crate::games::grand_trictrac::generate::games(1, seed).remove(0)
        })
    }

    /// A tour ends at twelve holes (docs/rules.md §8); Trictrac à écrire's marqués are its books'.
    fn outcome(&self, score: &Score, before: &Score) -> Option<Outcome> {
        if self.a_ecrire {
            return None;
        }
        let w = score.winner()?;
        let loser_holes = score.holes[w.other().index()];
        // grande bredouille: the winner could still win it when the deciding throw began (or
        // no hole had been won by anyone)
        let could = before.can_grande(w) || before.holes == [0, 0];
        let bredouille = if !could {
            Bredouille::None
        } else if loser_holes == 0 {
            Bredouille::Grande
        } else {
            Bredouille::GrandeWithPavillon
        };
        Some(Outcome {
            winner: w,
            winner_holes: score.holes[w.index()],
            loser_holes,
            bredouille,
            stakes: score::winnings(self.options.gains, loser_holes, bredouille),
        })
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
