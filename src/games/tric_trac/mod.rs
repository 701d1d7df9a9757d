//! Tric Trac of the 1982 Ravensburger booklet (docs/games.md §E, `[Game "tric-trac"]`).
//!
//! Backgammon's moves with points: two moves a throw (a doublet too, and the same seat
//! throws again), men entered from their start point first, lone men captured back to their
//! start, the bosse taken by two men together, men borne off on reaching p24 exactly; a
//! point for each man captured or borne off, two for the grand pont, twelve win a partie
//! worth 1 to 4, parties prolonged or started again in a series.
//!
//! * [`board`]: the position (the shared [`crate::position::Position`] with Grand
//!   Trictrac's routes, white = bottom) from and to a [`crate::board::Setup`].
//! * [`options`]: `plus-fort`, `pont`, `points-perdant` (docs/games.md §F).
//! * [`movegen`]: the legal plays of a roll (§E.2–§E.8), in fixed capacity.
//! * [`judge`](mod@judge): a recorded play judged, the rule of §E.12 it breaks; a play of
//!   two lawful moves is judged without generating the roll's plays ([`judge::judge_lazy`]).
//! * [`score`]: points, the value of a partie, prolongation (§E.9, §E.10).
//! * [`series`]: a record's throws in turn with their claims (`marks`, `partie`,
//!   `decision`, `seat`, `result`).
//! * [`books`]: the replay of a record on the shared [`crate::replay::Ledger`], its flags
//!   and steps (docs/games.md §E.12); each flag says a [`Fact`], whose words are written by
//!   [`crate::games::tric_trac::words`].
//! * [`generate`]: seeded self-play, a series with every claim written.

/// What Tric Trac's rules and books found, as facts (docs/games.md §E.12); the reporting layer
/// writes their words ([`crate::games::tric_trac::words`]). The replay's shared facts (a wrong
/// seat, a stop) are [`crate::replay::Fact`]'s.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// The record's start cannot be set (its `Position` tag, docs/games.md §E.11, or its `Rules`
    /// tag, §F, when it has no throw): nothing is replayed.
    NoStart {
        /// Why.
        why: StartFault,
        /// The first throw, where the replay stops, and the record's last; `None` when the
        /// record has no throw.
        throws: Option<(u32, u32)>,
    },
    /// A play that breaks a rule of §E.12 (a fausse case).
    FausseCase(Box<FausseCase>),
    /// `tient` or `va`, Grand Trictrac's decisions, in a Tric Trac record (§E.10).
    ForeignDecision {
        /// The throw.
        throw: u32,
        /// The decision written.
        decision: crate::notation::Decision,
    },
    /// No decision after the partie won by throw `won_by`, and more throws follow:
    /// recommence is taken (§E.10).
    DecisionMissing {
        /// The throw that won the partie.
        won_by: u32,
    },
    /// `prolonge` or `recommence` after a throw that won no partie (§E.10).
    DecisionWithoutPartie {
        /// The throw.
        throw: u32,
        /// The decision written.
        choice: Choice,
    },
    /// The `*` written are not the captures made (§E.11: one after each point where a lone
    /// man was captured).
    Hit {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The play as recorded, in the thrower's relative points.
        played: Vec<Path>,
    },
    /// The marks written are not what the play scores (§E.9).
    Marks {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The points marked (0 when no mark is written).
        claimed: u16,
        /// The points scored.
        computed: u16,
        /// Men captured.
        captures: u8,
        /// Men borne off.
        borne_off: u8,
        /// What the grand pont scored (0 or 2).
        pont: u8,
    },
    /// The `partie` claim is not the partie won, or none was (§E.9).
    Partie {
        /// The throw.
        throw: u32,
        /// The multiple claimed (`None`: no `partie` written).
        claimed: Option<u8>,
        /// The partie won (`None`: none).
        won: Option<PartieWon>,
        /// The partie's points after the throw, `[top, bottom]`.
        points: [u16; 2],
    },
    /// The `Result` tag's series is not the one replayed (§E.11).
    Result {
        /// The winner and parties claimed (`top 5-2`).
        claimed: (Seat, u32, u32),
        /// The series' leader and parties, `None` when level.
        stands: Option<(Seat, u16, u16)>,
        /// The parties replayed, `[top, bottom]`.
        parties: [u16; 2],
    },
    /// The `Result` tag gives points won, not a Tric Trac series (§E.11).
    ResultNotASeries,
    /// The `Result` tag says `*` (unfinished), but the series of the `Parties` tag's length
    /// was played out (§E.11).
    ResultUnfinished {
        /// The series' length.
        length: u16,
        /// The series' leader and parties, `None` when level.
        stands: Option<(Seat, u16, u16)>,
    },
    /// The `Result` tag gives the series' winner, but fewer parties were played than the
    /// `Parties` tag's length (§E.11).
    SeriesUnfinished {
        /// The parties won in the record.
        played: u16,
        /// The series' length.
        length: u16,
    },
    /// The `Parties` tag (the series' length, §E.11) is no number of parties.
    PartiesTag {
        /// The tag's value as written.
        value: String,
    },
}

/// Why a record's start cannot be set (a [`Fact::NoStart`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartFault {
    /// The `Rules` tag (docs/games.md §F): its first refused option.
    Rules(crate::games::OptionError),
    /// The `Position` tag (docs/games.md §E.11).
    Position(board::SetupError),
}

impl StartFault {
    /// The fault of options the game refuses (the first of `errors`, which the options
    /// parser never leaves empty).
    pub fn rules(errors: Vec<crate::games::OptionError>) -> StartFault {
        match errors.into_iter().next() {
            Some(e) => StartFault::Rules(e),
            None => StartFault::Rules(crate::games::OptionError {
                game: crate::notation::Game::TricTrac,
                fault: crate::games::OptionFault::UnknownKey,
                key: String::new(),
                value: String::new(),
                accepted: &Options::KEYS,
                span: None,
            }),
        }
    }
}

/// A play that breaks a rule of docs/games.md §E.12: the throw, the play as recorded, the rule
/// and where, and the lawful plays.
#[derive(Clone, Debug, PartialEq)]
pub struct FausseCase {
    /// The throw.
    pub throw: u32,
    /// The thrower.
    pub seat: Seat,
    /// The dice.
    pub dice: Dice,
    /// The play as recorded, in the thrower's relative points.
    pub played: Vec<Path>,
    /// The rule broken and where.
    pub fault: Fault,
    /// The most moves a legal play of the roll uses.
    pub max_moves: u8,
    /// Whether the bosse could be taken naturally with the roll (§E.7).
    pub natural_bosse: bool,
    /// The lawful plays the fault suggests, nearest the recorded play first
    /// ([`Fault::lawful`]).
    pub lawful: Vec<Play>,
}

pub mod board;
pub mod books;
pub mod generate;
pub mod judge;
pub mod movegen;
pub mod options;
pub mod output;
pub mod score;
pub mod series;
pub mod words;

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
    /// The options (docs/games.md §F).
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

    /// The game under a `Rules` tag's raw pairs (docs/games.md §F).
    pub fn of_rules(pairs: &[crate::notation::RulePair]) -> TricTrac {
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

    fn from_rules(_tag: GameTag, pairs: &[crate::notation::RulePair]) -> Result<Self, Vec<super::OptionError>> {
        Ok(TricTrac::new(Options::from_pairs(pairs)?))
    }

    fn from_header(header: &crate::notation::Header) -> Self {
        TricTrac::of_rules(&header.game_rules)
    }

    fn departing_rules(&self) -> String {
        self.options.to_string()
    }

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

    /// Nothing scores before the men move (docs/games.md §E.9): the points come from the play.
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

    /// A partie is won when a seat reaches 12 (docs/games.md §E.9).
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

    fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, crate::games::PlaysError> {
        if self.bad_rules {
            return Err(crate::games::PlaysError::Options(crate::games::tric_trac::words::unknown_options()));
        }
        let pos = board::position_from_setup(setup)?;
        let score = board::score_from_setup(setup)?;
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
