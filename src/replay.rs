//! The replay: a record folded throw by throw over the engine (docs/rules.md §10, §11), with a
//! flag for every fausse case, wrong seat and unreplayable play. It never stops at the
//! first flag; only a play that cannot be applied at all stops the game's replay.
//!
//! Game-neutral: the output ([`Replay`], its steps, [`Flag`] with its [`Fact`]), the books
//! every game keeps ([`Ledger`]), the first seat, and the entry points; each game's books
//! ([`Game::books`], e.g. [`crate::games::grand_trictrac::books`]) hold its claims.

use crate::board::{Dialect, PointNames, Seat, Setup};
use crate::dice::Dice;
use crate::games::grand_trictrac::score::Score;
use crate::games::grand_trictrac::scoring::RollJans;
use crate::games::{Game, Games};
use crate::notation::{parser::throw_spans, Decision, Header, Play as RecordedPlay, Record, Span, Throw};
use crate::position::Position;
use serde::Serialize;
use std::borrow::Cow;

mod file;
pub mod words;
pub use file::{read_records, replay_file, replay_match, ReplayedRecord};

/// What a flag is about (docs/commands.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlagKind {
    /// An illegal play.
    FausseCase,
    /// A wrong count of points.
    Ecole,
    /// A school claimed where there was none.
    FausseEcole,
    /// The recorded thrower is not the one whose turn it is.
    Seat,
    /// A wrong hole claim.
    Holes,
    /// A `tient` / `va` where none belongs, or none where one does.
    Decision,
    /// The `Result` tag disagrees with the replay.
    Result,
    /// Impossible dice.
    Dice,
    /// The replay stopped before this throw.
    NotReplayed,
    /// A wrong claim other than points and holes (the other games, docs/games.md §A.10, §D.10,
    /// §E.12): a hit `*`, Tric Trac's marks and partie, the first throw, a cube value, a
    /// position; the claim is named in the flag's `rule`.
    Claim,
    /// An unlawful cube action (Backgammon, docs/games.md §D.10), named in the flag's `rule`.
    Cube,
}

/// One flag of the replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flag {
    /// The throw number (`None` for the Result tag).
    pub throw: Option<u32>,
    /// What kind of flag.
    pub kind: FlagKind,
    /// The seat concerned.
    pub seat: Option<Seat>,
    /// The rule broken, for a fausse case (`must-fill`, or another game's `occupied`, …), a
    /// wrong claim or a cube action (`hit`, `cube-owner`, …): its report name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// Points claimed (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<i64>,
    /// Points expected (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<i64>,
    /// The school's amount: what the other seat may mark (écoles, fausses écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// How the school came about (écoles): `par-moins` (`seat` marked fewer points than the
    /// throw is worth to it), `par-trop` (more), `plein` (`seat` could fill or keep a jan and
    /// did not: the jan's points become the school, so `claimed` and `expected`, the marks,
    /// may agree), `holes` (more holes claimed than the marks give).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school: Option<&'static str>,
    /// The seat that may mark the school's `amount` (écoles): the other of the seat schooled,
    /// `seat`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school_for: Option<Seat>,
    /// The lawful plays a fausse case's message suggests, nearest the recorded play first
    /// (all of them; the message names three). Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub plays: Vec<RecordedPlay>,
    /// The jans the count is about (écoles: what the throw is worth to the seat that
    /// marked). Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub jans: Vec<crate::games::grand_trictrac::scoring::Jan>,
    /// What the flag says, as facts (the rule's, the replay loop's); its words are
    /// [`Flag::message`]. Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub fact: Fact,
    /// What is wrong, what was lawful or right: the words of [`Flag::fact`], written by the
    /// reporting layer ([`crate::replay::words`]) in the record's letters when the flag is raised.
    pub message: String,
    /// The bytes of the record it is about.
    #[serde(skip)]
    pub span: Option<Span>,
}

/// The flags' facts: the replay's own, then one variant per game of the games' declaration
/// (`crate::declare::games!`), its folder's `Fact`.
macro_rules! facts {
    ($( $(#[$gdoc:meta])* $engine:ident($module:ident::$ty:ident) { $($tags:tt)* } )*) => {
/// What a flag says, as facts: the rules and the replay loop raise flags with facts and never
/// format text; the reporting layer ([`crate::replay::words`]) writes the words (docs/design.md).
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// The replay stops at throw `throw`, for `why`; `last` is the record's last throw number.
    Stop {
        /// The throw where the replay stops.
        throw: u32,
        /// Why.
        why: Stop,
        /// The record's last throw (the throws after `throw` up to it are not replayed).
        last: u32,
    },
    /// The recorded thrower is not the seat whose turn it was (docs/rules.md §11).
    Seat {
        /// The throw.
        throw: u32,
        /// The seat the record names.
        recorded: Seat,
        /// The seat whose turn it was.
        expected: Seat,
        /// The game gives a doublet's thrower the next throw too (Tric Trac, docs/games.md §E.4):
        /// the words say so.
        again_after_doublet: bool,
    },
    /// The `Position` tag's `rules=` are not the record's rules (docs/games.md §H.7; claim
    /// `position`).
    PositionRules {
        /// The options the position says, as written.
        said: Vec<(String, String)>,
        /// The record's options that differ from the game's defaults.
        record: Vec<(String, String)>,
    },
    $( $(#[$gdoc])* $engine(crate::games::$module::Fact), )*
}

impl Fact {
    /// The words of a game's fact, by its folder's words (`src/games/NAME/words.rs`), its
    /// points named by `names` (a game that writes only letters takes their dialect);
    /// `None` for the replay's own facts.
    pub(crate) fn game_message(&self, names: crate::board::PointNames) -> Option<String> {
        match self {
            $( Fact::$engine(f) => Some(crate::games::$module::words::message(f, names.into())), )*
            Fact::Stop { .. } | Fact::Seat { .. } | Fact::PositionRules { .. } => None,
        }
    }
}

    };
}

crate::declare::games!(facts);

/// Why a replay stops (docs/rules.md §10: only a play or throw that cannot be replayed at all
/// stops it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The throw comes after the end of the game at throw `ended`.
    AfterEnd {
        /// The throw that ended the game.
        ended: u32,
    },
    /// The throw has no dice.
    NoDice,
    /// The throw records no play though `seat` could play.
    NoPlay {
        /// The thrower.
        seat: Seat,
    },
    /// The recorded play cannot be applied (a man not there, a landing on a held point);
    /// `before_marks`: the throw's marks are not counted either (Grand Trictrac).
    CannotApply {
        /// The throw's marks are not counted.
        before_marks: bool,
    },
    /// The `Position` tag is no position of the game.
    NoStart,
    /// The `Rules` tag cannot be read: its errors.
    Rules(Vec<String>),
    /// The engine does not know the rules of the record's game.
    UnknownRules {
        /// The game.
        game: crate::notation::Game,
    },
    /// The record could not be read from this throw on (a syntax error): what was read
    /// before it is replayed and drawn, the rest is not (issue 16).
    NotRead {
        /// The first syntax error, in words.
        error: String,
    },
}

impl FlagKind {
    /// The kind's name in reports (`fausse-case`, …).
    pub fn name(self) -> &'static str {
        match self {
            FlagKind::FausseCase => "fausse-case",
            FlagKind::Ecole => "ecole",
            FlagKind::FausseEcole => "fausse-ecole",
            FlagKind::Seat => "seat",
            FlagKind::Holes => "holes",
            FlagKind::Decision => "decision",
            FlagKind::Result => "result",
            FlagKind::Dice => "dice",
            FlagKind::NotReplayed => "not-replayed",
            FlagKind::Claim => "claim",
            FlagKind::Cube => "cube",
        }
    }
}

impl Flag {
    /// What the flag is, in a word: its rule for a fausse case, else its kind.
    pub fn what(&self) -> &'static str {
        self.rule.unwrap_or(self.kind.name())
    }

    /// A flag of `kind` at `throw` (`None`: the record as a whole) saying `fact`, with no rule
    /// or amounts; its message is written by the reporting layer ([`crate::replay::words::message`])
    /// in `letters`.
    pub fn of(
        throw: Option<u32>,
        kind: FlagKind,
        seat: Option<Seat>,
        fact: Fact,
        letters: Dialect,
        span: Option<Span>,
    ) -> Flag {
        Flag {
            throw,
            kind,
            seat,
            rule: None,
            claimed: None,
            expected: None,
            amount: None,
            school: school_of(&fact).map(|(how, _)| how),
            school_for: school_of(&fact).map(|(_, seat)| seat),
            plays: Vec::new(),
            jans: Vec::new(),
            message: crate::replay::words::message(&fact, letters),
            fact,
            span,
        }
    }

    /// The message without the throw it starts with (`throw 13: `, `throw 1 (bottom 2-1): `):
    /// for the printers that name the throw beside it, so that it is said once.
    pub fn body(&self) -> &str {
        body_of(self.throw, &self.message)
    }

    /// [`Flag::body`] of [`Flag::message_in`]: the message without its throw, its points
    /// named by `names`.
    pub fn body_in(&self, names: PointNames) -> Cow<'_, str> {
        match self.message_in(names) {
            Cow::Borrowed(m) => Cow::Borrowed(body_of(self.throw, m)),
            Cow::Owned(m) => Cow::Owned(body_of(self.throw, &m).to_string()),
        }
    }

    /// The message with its points named by `names`: for [`PointNames::Numbers`], the flag's
    /// message written again from its fact in point numbers (`--points`, docs/games.md §I) by
    /// the one path of every message ([`crate::replay::words::message`]) where its game's
    /// words name points by number (backgammon); else the message as raised, in the record's
    /// letters (the tables games of the seeds keep them).
    pub fn message_in(&self, names: PointNames) -> Cow<'_, str> {
        if names == PointNames::Numbers {
            let numbered = crate::replay::words::message(&self.fact, names);
            if numbered != crate::replay::words::message(&self.fact, PointNames::default()) {
                return numbered.into();
            }
        }
        self.message.as_str().into()
    }

    /// The flag as a diagnostic with a label on the bytes it is about.
    pub fn diagnostic(&self) -> crate::notation::SyntaxError {
        let what = self.what().to_string();
        let code = format!("soumille::{}", what.replace('-', "_"));
        let mut e = crate::notation::SyntaxError::new(self.span, self.message.clone(), what);
        e.code = Some(code);
        e
    }
}

/// A flag's `message` without the throw `throw` it starts with (see [`Flag::body`]).
fn body_of(throw: Option<u32>, message: &str) -> &str {
    let Some(n) = throw else { return message };
    let Some(rest) = message.strip_prefix("throw ").and_then(|r| r.strip_prefix(&*n.to_string())) else {
        return message;
    };
    if let Some(body) = rest.strip_prefix(": ") {
        return body;
    }
    match rest.strip_prefix(" (").and_then(|r| r.split_once("): ")) {
        Some((_, body)) => body,
        None => message,
    }
}

/// How a Grand Trictrac école came about and the seat that may mark it (see
/// [`Flag::school`]), from the fact that raises it.
fn school_of(fact: &Fact) -> Option<(&'static str, Seat)> {
    use crate::games::grand_trictrac::Fact as F;
    match fact {
        Fact::GrandTrictrac(F::Ecole { seat, claimed, worth, .. }) => {
            Some((if claimed < worth { "par-moins" } else { "par-trop" }, seat.other()))
        }
        Fact::GrandTrictrac(F::JanNotKept { seat, .. }) => Some(("plein", seat.other())),
        Fact::GrandTrictrac(F::MarkedAfterGo { went, .. }) => Some(("par-trop", *went)),
        Fact::GrandTrictrac(F::MoreHoles { seat, .. }) => Some(("holes", seat.other())),
        _ => None,
    }
}

/// One throw as replayed, whatever the game: who threw what, the play as written, whether it
/// was lawful, the position before and after it (as setups with the game's score fields,
/// docs/format.md §6, docs/games.md §H.7), what it scored, and the game's own data ([`StepDetail`]).
/// Renderers read only this: they never ask the rules again.
#[derive(Clone, Debug)]
pub struct Step {
    /// The throw number.
    pub number: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll (`None`: no dice were thrown, a double dropped, docs/games.md §D.9).
    pub dice: Option<Dice>,
    /// The play as recorded (`Pass` for `-` or none; a `va` plays nothing, docs/rules.md §8).
    pub play: RecordedPlay,
    /// The legal play the recorded one was found to be, written out canonically (every man's
    /// path, each rest and hit), when the play was lawful and the rules named it; `None`
    /// for an unlawful play or none (a `va`, a double dropped). Jacquet's plainly lawful
    /// plays are given as recorded.
    pub applied: Option<RecordedPlay>,
    /// Whether the play was lawful (docs/rules.md §10, docs/games.md §A.10, §D.10, §E.12).
    pub lawful: bool,
    /// The position before the throw (its turn: the thrower), with the game's score fields:
    /// Grand Trictrac's holes, points, throws, bredouille and pavillon; backgammon's cube
    /// and owner; Tric Trac's points and parties.
    pub before: Setup,
    /// The position after it (after a relève or a partie recommencée: the new opening), with
    /// the score after the throw.
    pub after: Setup,
    /// The points each seat scored with the throw (`[top, bottom]`): Grand Trictrac's marks
    /// as the books have them, Tric Trac's; 0 in the games that score no points.
    pub points: [u16; 2],
    /// What the game adds to a throw, as data (its words are [`crate::replay::words`]').
    pub detail: StepDetail,
}

/// What a game adds to a replayed throw, typed: the words of it are the reporting layer's
/// ([`crate::replay::words::step_note`]), written when a renderer asks.
#[derive(Clone, Debug)]
pub enum StepDetail {
    /// Grand Trictrac: the jans, the marks, the holes, the tient/va, the relève (docs/rules.md
    /// §4–§9).
    GrandTrictrac(Box<GrandTrictracStep>),
    /// Jacquet or Moultezim: nothing more than the play (docs/games.md §A–§C).
    Jacquet,
    /// Backgammon: the cube action of the throw, if any (docs/games.md §D.9).
    Backgammon {
        /// The double offered before the throw and its answer.
        cube: Option<CubeAction>,
        /// The thrower resigned after the dice (`5-2 resign`, docs/games.md §I.5).
        resigned: bool,
    },
    /// Tric Trac: the partie the throw won and the men put back (docs/games.md §E.10).
    TricTrac {
        /// The partie won with this throw, and the winner's choice for the next.
        partie: Option<PartieStep>,
        /// Fifteen men borne off went back to the start point (docs/games.md §E.10).
        put_back: bool,
    },
}

/// A double and its answer (backgammon, docs/games.md §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeAction {
    /// The answer (`None`: the record does not say).
    pub answer: Option<crate::notation::CubeAnswer>,
    /// The cube's value after the action.
    pub value: u32,
}

/// A partie of Tric Trac won with a throw (docs/games.md §E.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartieStep {
    /// Its value, 1 (simple) to 4 (quadruple).
    pub value: u8,
    /// What the winner chose for the next partie.
    pub choice: crate::games::tric_trac::Choice,
}

/// Grand Trictrac's part of a throw (docs/rules.md §4–§9).
#[derive(Clone, Copy, Debug)]
pub struct GrandTrictracStep {
    /// The relève ended with this throw (`va` or a sortie).
    pub releve: bool,
    /// Every jan the roll makes (before any man moved).
    pub jans: RollJans,
    /// What each seat marked in the books (`[top, bottom]`; claims where the record has them).
    pub marked: [u16; 2],
    /// What each seat should have marked (`[top, bottom]`).
    pub expected: [u16; 2],
    /// Holes each seat won with this throw (`[top, bottom]`).
    pub holes_won: [u16; 2],
    /// The thrower held (`tient`) or went (`va`) after a hole; `None` when no hole.
    pub decision: Option<Decision>,
    /// The score after the throw (the books' points, which may pass what a position string
    /// holds).
    pub score: Score,
}

impl Step {
    /// Grand Trictrac's part of the throw, for a Grand Trictrac record.
    pub fn grand_trictrac(&self) -> Option<&GrandTrictracStep> {
        match &self.detail {
            StepDetail::GrandTrictrac(g) => Some(g),
            _ => None,
        }
    }

    /// The position before the throw on Grand Trictrac's route ([`Position`]), for the
    /// renderers that draw it so.
    pub fn position_before(&self) -> Position {
        position_of(&self.before)
    }

    /// The position after the throw on Grand Trictrac's route.
    pub fn position_after(&self) -> Position {
        position_of(&self.after)
    }

    /// The relève ended with this throw (Grand Trictrac); `false` in the other games.
    pub fn releve(&self) -> bool {
        self.grand_trictrac().is_some_and(|g| g.releve)
    }
}

/// A setup as a [`Position`] (its men on Grand Trictrac's route and its turn); a setup that
/// is no such position (never one a replay made) gives the opening.
pub fn position_of(s: &Setup) -> Position {
    Position::from_setup(s).unwrap_or_else(|_| {
        let mut p = Position::opening(s.turn);
        p.set_turn(s.turn);
        p
    })
}

/// How a game ended, whatever the game: the winner, what the win is worth, and how it was
/// won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct End {
    /// The winner.
    pub winner: Seat,
    /// What the win is worth: Grand Trictrac's stakes under the `Rules` tag's scheme
    /// (docs/rules.md §8), the points of the other games (backgammon: the cube included, docs/games.md
    /// §D.8; Tric Trac: the series' points, §E.11).
    pub value: f64,
    /// How it was won.
    pub how: How,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// Grand Trictrac: twelve holes (docs/rules.md §8).
    Tour {
        /// The winner's holes.
        winner_holes: u16,
        /// The loser's holes.
        loser_holes: u16,
        /// Grande bredouille or not.
        bredouille: crate::games::grand_trictrac::score::Bredouille,
    },
    /// Jacquet or Moultezim: every man borne off (docs/games.md §A.9).
    BorneOff,
    /// Backgammon: a single, gammon, backgammon, drop or resignation (docs/games.md §D.8).
    Backgammon(crate::games::backgammon::EndKind),
    /// Another game's way of winning, in a word (Plakoto's `single`, `gammon`, `mana`,
    /// docs/games.md §J.6).
    Kind(&'static str),
    /// Tric Trac: the series, and the value of the partie that ended it when its winner
    /// won it (docs/games.md §E.11).
    Series {
        /// The last partie's value (1 to 4), when the series' winner won it.
        last: Option<u8>,
    },
}

impl End {
    /// The kind of win in a word (`gammon`, `drop`, `partie double`, …), when it has one:
    /// what `check --format json` writes.
    pub fn kind(&self) -> Option<&'static str> {
        match self.how {
            How::Tour { .. } | How::BorneOff => None,
            How::Backgammon(k) => Some(k.name()),
            How::Kind(k) => Some(k),
            How::Series { last } => last.map(|v| match v {
                2 => "partie double",
                3 => "partie triple",
                4 => "partie quadruple",
                _ => "partie",
            }),
        }
    }

    /// The points won (the other games; Grand Trictrac's stakes rounded down).
    pub fn points(&self) -> u32 {
        self.value as u32
    }

    /// A Grand Trictrac tour's outcome, for a tour.
    pub fn tour(&self) -> Option<Outcome> {
        match self.how {
            How::Tour { winner_holes, loser_holes, bredouille } => {
                Some(Outcome { winner: self.winner, winner_holes, loser_holes, bredouille, stakes: self.value })
            }
            _ => None,
        }
    }
}

impl From<Outcome> for End {
    fn from(o: Outcome) -> End {
        End {
            winner: o.winner,
            value: o.stakes,
            how: How::Tour { winner_holes: o.winner_holes, loser_holes: o.loser_holes, bredouille: o.bredouille },
        }
    }
}

/// A replayed record, whatever its game.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// The game replayed (the record's `Game` tag).
    pub game: crate::notation::Game,
    /// Each throw replayed, in order (when steps are kept).
    pub steps: Vec<Step>,
    /// Every flag, in throw order.
    pub flags: Vec<Flag>,
    /// The throw at which the replay stopped, if it did.
    pub stopped_at: Option<u32>,
    /// The position at the end (or where the replay stopped), with the game's score fields.
    pub last: Option<Setup>,
    /// How the game (the tour, the Tric Trac series) ended, when it did.
    pub end: Option<End>,
    /// Grand Trictrac's books as a whole, for a Grand Trictrac record.
    pub grand_trictrac: Option<GrandTrictracBooks>,
    /// The game's state before each throw, kept only when asked ([`replay_resumable`]), for
    /// [`replay_from`] to resume from; empty otherwise.
    pub checkpoints: Checkpoints,
}

/// Grand Trictrac's books as a whole (docs/rules.md §8, §9, §12).
#[derive(Clone, Debug, Default)]
pub struct GrandTrictracBooks {
    /// The score at the end, as the record's claims leave it (docs/rules.md §9).
    pub score: Score,
    /// Whether the record has claims (`+` marks); without them the computed marks are used.
    pub has_claims: bool,
    /// Whose marks the record's claims are, `[top, bottom]` (docs/rules.md §9: the
    /// `MarksKept` tag, else the seats that write marks); a seat whose marks were not kept is
    /// scored from the computed marks, with no école against it.
    pub marks_kept: [bool; 2],
    /// A record without the `MarksKept` tag in which only one seat writes marks: the seat
    /// that never does (the one note said of it, docs/rules.md §9).
    pub silent_seat: Option<Seat>,
    /// Trictrac à écrire: the marqués played (winner's and loser's holes).
    pub marques: Vec<MarqueResult>,
    /// Whether the queue des jetons is counted (`queue-jetons`).
    pub queue_jetons: bool,
}

impl Replay {
    /// The tour's outcome (Grand Trictrac), when it ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.and_then(|e| e.tour())
    }

    /// Grand Trictrac's score at the end (the default for the other games).
    pub fn score(&self) -> Score {
        self.grand_trictrac.as_ref().map_or_else(Score::default, |g| g.score)
    }
}

/// How a tour ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// The seat that reached twelve holes.
    pub winner: Seat,
    /// Its holes.
    pub winner_holes: u16,
    /// The loser's holes.
    pub loser_holes: u16,
    /// Grande bredouille or not.
    pub bredouille: crate::games::grand_trictrac::score::Bredouille,
    /// The winnings under the scheme of the `Rules` tag.
    pub stakes: f64,
}

/// One marqué of Trictrac à écrire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MarqueResult {
    /// The throw that ended it.
    pub throw: u32,
    /// Holes of each seat.
    pub holes: [u16; 2],
    /// The winner (more holes); `None` for a refait.
    pub winner: Option<Seat>,
    /// Petite or grande bredouille.
    pub bredouille: crate::games::grand_trictrac::score::MarqueBredouille,
    /// The consolation counted (docs/rules.md §12).
    pub consolation: i64,
    /// The marqué's points for its winner.
    pub value: i64,
}

/// The flags of a replay grouped by throw number, each throw's in replay order, built in one
/// pass: renderers walking the steps look a throw's flags up here rather than searching every
/// flag at every step, so that they stay linear in the record's length (issue 16).
pub struct FlagsByThrow<'a> {
    at: std::collections::HashMap<u32, Vec<&'a Flag>>,
}

impl<'a> FlagsByThrow<'a> {
    /// The index of `flags`.
    pub fn new(flags: &'a [Flag]) -> FlagsByThrow<'a> {
        let mut at: std::collections::HashMap<u32, Vec<&'a Flag>> = std::collections::HashMap::new();
        for f in flags {
            if let Some(n) = f.throw {
                at.entry(n).or_default().push(f);
            }
        }
        FlagsByThrow { at }
    }

    /// The flags raised at throw `n`, in replay order.
    pub fn at(&self, n: u32) -> &[&'a Flag] {
        self.at.get(&n).map_or(&[], Vec::as_slice)
    }
}

/// The record's throws by number (the first throw of each number, as a search from the start
/// finds it), built in one pass: for renderers that look a step's throw up (issue 16).
pub fn throws_by_number(rec: &Record) -> std::collections::HashMap<u32, &Throw> {
    let mut by = std::collections::HashMap::with_capacity(rec.throws.len());
    for t in &rec.throws {
        by.entry(t.number).or_insert(t);
    }
    by
}

/// Where a record with syntax errors stops being readable: the first throw not read and the
/// first error, in words (issue 16: a damaged record still gives its first throws).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRead {
    /// The number of the first throw not read (the one after the last throw kept).
    pub from: u32,
    /// The first syntax error, in words.
    pub error: String,
}

/// Keeps of a record read with `errors` only the throws that stand wholly before the first
/// error, and says where reading stopped; `None` (the record untouched) when it has no error.
/// An error in the tags keeps no throw.
pub fn readable_prefix(rec: &mut Record, errors: &[crate::notation::SyntaxError]) -> Option<NotRead> {
    let first = errors.iter().min_by_key(|e| e.span.map_or(0, |s| s.start))?;
    let at = first.span.map_or(0, |s| s.start);
    let keep = rec.throws.iter().take_while(|t| t.span.is_some_and(|s| s.end <= at)).count();
    rec.throws.truncate(keep);
    let from = rec.throws.last().map_or(1, |t| t.number.saturating_add(1));
    let error = if first.label.is_empty() || first.message.contains(first.label.as_str()) {
        first.message.to_string()
    } else {
        format!("{} ({})", first.message, first.label)
    };
    Some(NotRead { from, error })
}

impl Replay {
    /// Marks the throws of a damaged record that were not read ([`readable_prefix`]): a
    /// `not-replayed` flag `not-read` saying from which throw on and why, and the replay
    /// stopped there unless it stopped before.
    pub fn mark_not_read(&mut self, not_read: &NotRead, letters: Dialect) {
        let fact = Fact::Stop {
            throw: not_read.from,
            why: Stop::NotRead { error: not_read.error.clone() },
            last: not_read.from,
        };
        let at = match self.stopped_at {
            None => {
                self.stopped_at = Some(not_read.from);
                Some(not_read.from)
            }
            Some(_) => None,
        };
        let mut flag = Flag::of(at, FlagKind::NotReplayed, None, fact, letters, None);
        flag.rule = Some("not-read");
        self.flags.push(flag);
    }
}

/// The throws a replay walks, one at a time: a record's own, or those of a long record read
/// again as they come (`check`, issue 16: the replay then holds a few throws, not the
/// record's million), with what the games need to know of them all before the first.
pub struct ThrowFeed<'a> {
    throws: Feed<'a>,
    /// The throw handed out last (a fed record's).
    current: Option<Throw>,
    /// How many throws.
    pub len: usize,
    /// The last throw's number.
    pub last: Option<u32>,
    /// Some throw claims marks (its own).
    pub marks: bool,
    /// Some throw claims marks for the opponent (after `/`).
    pub opponent_marks: bool,
    /// The throws with marks written for the seat of the odd throws and of the even ones.
    pub marks_by_turn: [u32; 2],
    /// The seats of the odd and even throws are not known from the text alone
    /// ([`FeedSummary::turns_unsure`]).
    pub turns_unsure: bool,
    /// Some throw claims a partie (Tric Trac).
    pub partie: bool,
    /// Take a checkpoint before every throw ([`replay_resumable`]).
    checkpoints: bool,
    /// Resume from the checkpoint of an earlier replay before the throw of this index
    /// ([`replay_from`]).
    resume: Option<(Cow<'a, Replay>, usize)>,
}

enum Feed<'a> {
    Record(std::slice::Iter<'a, Throw>),
    Stream(Box<dyn Iterator<Item = Throw> + 'a>),
}

/// What a feed must know of all its throws before the first ([`ThrowFeed`]), gathered throw
/// by throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeedSummary {
    /// How many throws.
    pub len: usize,
    /// The last throw's number.
    pub last: Option<u32>,
    /// Some throw claims marks.
    pub marks: bool,
    /// Some throw claims marks for the opponent.
    pub opponent_marks: bool,
    /// The throws with marks written for the seat of the odd throws (the first thrower's,
    /// when the seats alternate) and for the seat of the even ones, by themselves or after `/`.
    pub marks_by_turn: [u32; 2],
    /// A throw follows a relève ended by `va`: the seats of the odd and even throws are no
    /// longer known from the text alone, and `marks_by_turn` says nothing of them.
    pub turns_unsure: bool,
    /// Some throw claims a partie.
    pub partie: bool,
    /// The last throw counted said `va`.
    gone: bool,
}

impl FeedSummary {
    /// Counts throw `t` in.
    pub fn add(&mut self, t: &Throw) {
        self.len += 1;
        self.turns_unsure |= self.gone;
        self.gone = t.decision == Some(Decision::Go);
        self.last = Some(t.number);
        self.marks |= !t.marks.is_empty();
        let opponent = t.opponent.as_ref().is_some_and(|o| !o.marks.is_empty());
        self.opponent_marks |= opponent;
        let odd = (t.number % 2) as usize; // 1 for an odd throw
        self.marks_by_turn[1 - odd] += u32::from(!t.marks.is_empty());
        self.marks_by_turn[odd] += u32::from(opponent);
        self.partie |= t.partie.is_some();
    }
}

impl<'a> ThrowFeed<'a> {
    /// The throws of `rec`.
    pub fn of(rec: &'a Record) -> ThrowFeed<'a> {
        let mut sum = FeedSummary::default();
        rec.throws.iter().for_each(|t| sum.add(t));
        ThrowFeed::with(Feed::Record(rec.throws.iter()), sum)
    }

    /// Throws as they come from `throws`, `sum` telling what they are as a whole.
    pub fn stream(throws: impl Iterator<Item = Throw> + 'a, sum: FeedSummary) -> ThrowFeed<'a> {
        ThrowFeed::with(Feed::Stream(Box::new(throws)), sum)
    }

    fn with(throws: Feed<'a>, sum: FeedSummary) -> ThrowFeed<'a> {
        ThrowFeed {
            throws,
            current: None,
            len: sum.len,
            last: sum.last,
            marks: sum.marks,
            opponent_marks: sum.opponent_marks,
            marks_by_turn: sum.marks_by_turn,
            turns_unsure: sum.turns_unsure,
            partie: sum.partie,
            checkpoints: false,
            resume: None,
        }
    }

    /// What the games read of all the throws before the first: the claims a record makes
    /// (its marks, its opponent marks, its parties), which a resumed replay must share with
    /// the replay it resumes.
    fn claims(&self) -> [bool; 3] {
        [self.marks, self.opponent_marks, self.partie]
    }

    /// The next throw.
    #[allow(clippy::should_implement_trait)] // it lends the throw: no Iterator
    pub fn next(&mut self) -> Option<&Throw> {
        match &mut self.throws {
            Feed::Record(it) => it.next(),
            Feed::Stream(it) => {
                self.current = it.next();
                self.current.as_ref()
            }
        }
    }
}

/// The books every game's replay keeps, whatever its rules: the output, the flags raised
/// with their facts, the spans of a throw read only when a flag needs them, the stop (docs/rules.md
/// §10). A game's replay ([`Game::books`]) holds one and adds its own claims.
pub struct Ledger<'a> {
    /// What the replay gives.
    pub out: Replay,
    /// Keep every throw's step (`false`: flags, score and end only, for corpora).
    pub keep_steps: bool,
    /// The record.
    pub rec: &'a Record,
    /// The text the record was read from, for the flags' spans.
    pub src: Option<&'a str>,
    /// The record's letters, for the flags' words and the spans.
    pub letters: Dialect,
    /// The last throw's number (a fed record's may not be in `rec`, [`ThrowFeed`]).
    pub last_throw: Option<u32>,
}

impl<'a> Ledger<'a> {
    /// The books of `rec` (read from `src`) under `header`.
    pub fn new(rec: &'a Record, header: &Header, src: Option<&'a str>, keep_steps: bool) -> Ledger<'a> {
        let last_throw = rec.throws.last().map(|t| t.number);
        let out = Replay { game: header.game, ..Replay::default() };
        let mut l = Ledger { out, keep_steps, rec, src, letters: header.letters, last_throw };
        l.position_rules(header);
        l
    }

    /// A `Position` tag that says its rules (`rules=`, docs/games.md §H.7) must say the record's:
    /// the options of its `Rules` tag that differ from the game's defaults. Otherwise the
    /// claim `position` is flagged, with both.
    fn position_rules(&mut self, header: &Header) {
        let Some(said) = header.position.as_ref().and_then(|p| p.score.rules.as_ref()) else { return };
        let record = crate::games::rules_departing(header);
        let theirs = crate::games::rules_header(header.game, said).map(|h| crate::games::rules_departing(&h));
        if theirs.as_ref() != Ok(&record) {
            let fact = Fact::PositionRules { said: said.clone(), record };
            let span = self.tag_span("Position");
            self.raise(None, FlagKind::Claim, None, fact, span).rule = Some("position");
        }
    }

    /// The token spans of throw `t`, read again from the text (only when a flag needs them).
    pub fn spans(&self, t: &Throw) -> Option<crate::notation::ThrowSpans> {
        self.src.and_then(|s| throw_spans(s, t, self.letters))
    }

    /// The span of a tag's value.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value))
    }

    /// Raises a flag saying `fact`; the flag is returned for its rule and amounts.
    pub fn raise(
        &mut self,
        throw: Option<u32>,
        kind: FlagKind,
        seat: Option<Seat>,
        fact: Fact,
        span: Option<Span>,
    ) -> &mut Flag {
        self.out.flags.push(Flag::of(throw, kind, seat, fact, self.letters, span));
        self.out.flags.last_mut().expect("just pushed")
    }

    /// The recorded thrower of `t` is not `expected` (docs/rules.md §11): a `seat` flag.
    pub fn wrong_seat(&mut self, t: &Throw, recorded: Seat, expected: Seat, again_after_doublet: bool) {
        let span = self.spans(t).and_then(|s| s.seat.or(s.number));
        let fact = Fact::Seat { throw: t.number, recorded, expected, again_after_doublet };
        self.raise(Some(t.number), FlagKind::Seat, Some(recorded), fact, span);
    }

    /// Stops the replay at throw `t` (docs/rules.md §10): a `not-replayed` flag saying why and
    /// which throws are not replayed.
    pub fn stop(&mut self, t: &Throw, seat: Option<Seat>, why: Stop, span: Option<Span>) {
        let last = self.last_throw.unwrap_or(t.number);
        self.raise(Some(t.number), FlagKind::NotReplayed, seat, Fact::Stop { throw: t.number, why, last }, span);
        self.out.stopped_at = Some(t.number);
    }
}

/// What a hook tells the replay loop ([`run`]) to do next with the throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on to the throw's next hook.
    On,
    /// The throw is done (a double dropped, a `va`): its step is kept, the next throw comes.
    Done,
    /// The replay stops here (the hook raised the stop, docs/rules.md §10, or the record ends
    /// early): no step is kept for this throw, no throw comes after it.
    Stop,
}

/// A game's books: what the one replay loop ([`run`]) asks of a game at each throw, in this
/// order (docs/design.md, "The replay and the books"). The game's state between throws is
/// the fields of the books; what one throw carries from hook to hook is its [`Books::Turn`].
///
/// 1. [`Books::seat`]: is there a throw to replay (not after the end, dice thrown where the
///    game needs them at once), and who throws (the wrong-seat flag);
/// 2. [`Books::before_dice`]: what comes before the dice (backgammon's cube action; a double
///    dropped ends the game);
/// 3. [`Books::play`]: the play, judged against the legal plays and applied;
/// 4. [`Books::claims`]: what the throw scores and what was claimed (marks, holes, hits,
///    parties, decisions);
/// 5. [`Books::after`]: the end of a game and what it is worth, the relève, the partie, the
///    doublet's next throw;
/// 6. [`Books::step`]: the throw's step, asked only when steps are kept;
///
/// and after the last throw (or the stop) [`Books::finish`]: the position reached, the end,
/// the `Result` tag.
pub trait Books<'r> {
    /// What one throw carries from hook to hook (its thrower, dice, positions, judgement).
    type Turn;

    /// The shared books the hooks raise their flags on.
    fn ledger(&mut self) -> &mut Ledger<'r>;

    /// Whether throw `t` is replayed and who throws it: `None` stops the replay (the hook
    /// raised the stop).
    fn seat(&mut self, t: &Throw) -> Option<Self::Turn>;

    /// What comes before the dice (backgammon's cube action).
    fn before_dice(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// The play: judged against the legal plays, flagged, applied.
    fn play(&mut self, t: &Throw, turn: &mut Self::Turn) -> Flow;

    /// What the throw scores and what was claimed.
    fn claims(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// After the throw: the end of a game, a relève or a partie, the next thrower.
    fn after(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// The throw's step (asked only when steps are kept).
    fn step(&mut self, t: &Throw, turn: &Self::Turn) -> Step;

    /// The books at the end: the position reached, the end, the `Result` tag.
    fn finish(self) -> Replay;

    /// The game's state between two throws, owned (no borrow of the record): what
    /// [`Books::restore`] rebuilds the books from, taken only when checkpoints are asked
    /// ([`replay_resumable`]). `None`: the game cannot be resumed, and [`replay_from`]
    /// replays its records whole.
    fn save(&self) -> Option<State> {
        None
    }

    /// Puts back the state [`Books::save`] took (the books were just built from the same
    /// tags); `false` when `state` is not this game's (then nothing changed).
    fn restore(&mut self, _state: &State) -> bool {
        false
    }
}

/// A game's state between two throws ([`Books::save`]), whatever the game.
pub type State = std::sync::Arc<dyn std::any::Any + Send + Sync>;

/// What a replay kept before one throw ([`replay_resumable`]): the game's state, and how much
/// of the output was made before it (the flags, the steps, the end and the marqués set
/// during the throws before; the position reached is set only before the first throw and
/// at the end).
#[derive(Clone)]
pub struct Checkpoint {
    /// The throw's index in the record's throws (0: the first).
    pub index: usize,
    flags: usize,
    steps: usize,
    end: Option<End>,
    /// Trictrac à écrire's marqués played (they are only added to during the throws).
    marques: usize,
    state: State,
}

impl std::fmt::Debug for Checkpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkpoint").field("index", &self.index).field("flags", &self.flags).finish_non_exhaustive()
    }
}

/// The checkpoints of a replay ([`Replay::checkpoints`]): one before each throw replayed,
/// in order (`at[i].index == i`), with what the replay read of the whole record.
#[derive(Clone, Debug, Default)]
pub struct Checkpoints {
    /// One before each throw replayed.
    pub at: Vec<Checkpoint>,
    /// The record's claims as a whole (marks, opponent marks, parties): the games read them
    /// before the first throw.
    claims: Option<[bool; 3]>,
    /// The replay kept its steps.
    keep_steps: bool,
}

/// Takes the checkpoint before the throw of index `index` (when asked: never in the ordinary
/// replay).
#[cold]
fn checkpoint<'r, B: Books<'r>>(books: &mut B, index: usize) {
    let Some(state) = books.save() else { return };
    let out = &mut books.ledger().out;
    let cp = Checkpoint {
        index,
        flags: out.flags.len(),
        steps: out.steps.len(),
        end: out.end,
        marques: out.grand_trictrac.as_ref().map_or(0, |g| g.marques.len()),
        state,
    };
    out.checkpoints.at.push(cp);
}

/// Rebuilds `books` (just built from the same tags) as `earlier` left them before the throw
/// of index `from`, and skips the feed's first `from` throws: how many were skipped. Nothing
/// changes (the replay runs whole, 0 skipped) when `earlier` has no checkpoint there, read
/// other claims from its record, kept steps differently, or its state is not this game's.
/// `earlier` taken ([`Cow::Owned`]) gives its flags and steps up; borrowed, they are copied.
fn resume<'r, B: Books<'r>>(books: &mut B, feed: &mut ThrowFeed<'_>, earlier: Cow<'_, Replay>, from: usize) -> usize {
    let Some(cp) = earlier.checkpoints.at.get(from) else { return 0 };
    let keep_steps = books.ledger().keep_steps;
    let same = earlier.checkpoints.claims == Some(feed.claims()) && earlier.checkpoints.keep_steps == keep_steps;
    let marques = |r: &Replay| r.grand_trictrac.as_ref().map_or(0, |g| g.marques.len());
    let short = earlier.flags.len() < cp.flags || earlier.steps.len() < cp.steps || marques(&earlier) < cp.marques;
    if cp.index != from || !same || short || !books.restore(&cp.state) {
        return 0;
    }
    let (flags, steps, marques, end) = (cp.flags, cp.steps, cp.marques, cp.end);
    let checkpoints = feed.checkpoints;
    let out = &mut books.ledger().out;
    match earlier {
        Cow::Owned(mut e) => {
            e.flags.truncate(flags);
            e.steps.truncate(steps);
            out.flags = e.flags;
            out.steps = e.steps;
            if let (Some(g), Some(mut eg)) = (out.grand_trictrac.as_mut(), e.grand_trictrac) {
                eg.marques.truncate(marques);
                g.marques = eg.marques;
            }
            if checkpoints {
                e.checkpoints.at.truncate(from);
                out.checkpoints.at = e.checkpoints.at;
            }
        }
        Cow::Borrowed(e) => {
            out.flags = e.flags[..flags].to_vec();
            out.steps = e.steps[..steps].to_vec();
            if let (Some(g), Some(eg)) = (out.grand_trictrac.as_mut(), e.grand_trictrac.as_ref()) {
                g.marques = eg.marques[..marques].to_vec();
            }
            if checkpoints {
                out.checkpoints.at = e.checkpoints.at[..from].to_vec();
            }
        }
    }
    out.end = end;
    for _ in 0..from {
        feed.next();
    }
    from
}

/// The one replay loop: takes each throw of `feed`, asks `books`' hooks in their order
/// ([`Books`]), keeps the throw's step when steps are kept, and stops when a hook says so.
/// Generic over the books (one copy per game, no dispatch per throw).
pub fn run<'r, B: Books<'r>>(mut books: B, mut feed: ThrowFeed<'_>) -> Replay {
    books.ledger().last_throw = feed.last;
    let checkpoints = feed.checkpoints;
    if checkpoints {
        books.ledger().out.checkpoints.claims = Some(feed.claims());
        books.ledger().out.checkpoints.keep_steps = books.ledger().keep_steps;
        books.ledger().out.checkpoints.at.reserve(feed.len);
    }
    let mut index = match feed.resume.take() {
        Some((earlier, from)) => resume(&mut books, &mut feed, earlier, from),
        None => 0,
    };
    while let Some(t) = feed.next() {
        if checkpoints {
            checkpoint(&mut books, index);
            index += 1;
        }
        let Some(mut turn) = books.seat(t) else { break };
        match throw_hooks(&mut books, t, &mut turn) {
            Flow::Stop => break,
            Flow::On | Flow::Done => {
                if books.ledger().keep_steps {
                    let step = books.step(t, &turn);
                    books.ledger().out.steps.push(step);
                }
            }
        }
    }
    books.finish()
}

/// The hooks of one throw after its seat, in order, until one ends the throw.
#[inline(always)]
fn throw_hooks<'r, B: Books<'r>>(books: &mut B, t: &Throw, turn: &mut B::Turn) -> Flow {
    match books.before_dice(t, turn) {
        Flow::On => {}
        f => return f,
    }
    match books.play(t, turn) {
        Flow::On => {}
        f => return f,
    }
    match books.claims(t, turn) {
        Flow::On => {}
        f => return f,
    }
    books.after(t, turn)
}

/// The seat that throws first: the Position tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men the first recorded move takes (docs/rules.md §11); top
/// when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    let opening = Position::opening(Seat::Top);
    first_seat_by(rec, header, |s, p| opening.men(s, Position::relative(s, p)) > 0)
}

/// [`first_seat`] for any game: `starts_on(seat, point)` tells whether `seat` has men on
/// `point` at the game's opening (its talon, its start), which decides when the first move
/// is all the record says (docs/games.md §A.2, §D.3, §E.3).
pub fn first_seat_by(rec: &Record, header: &Header, starts_on: impl Fn(Seat, crate::board::Point) -> bool) -> Seat {
    if let Some(p) = &header.position {
        return p.turn;
    }
    if let Some(s) = header.first {
        return s;
    }
    if let Some(t) = rec.throws.first() {
        if let Some(s) = t.seat {
            return s;
        }
        if let Some(RecordedPlay::Moves(m)) = &t.play {
            if let Some(p) = m.first().and_then(|m| m.from_point()) {
                if let Some(s) = Seat::ALL.into_iter().find(|&s| starts_on(s, p)) {
                    return s;
                }
            }
        }
    }
    Seat::Top
}

/// The score a record starts from: the score fields of its `Position` tag (docs/format.md §6),
/// or nothing. Without `bredouille=`, the only seat holding points is en bredouille, if just
/// one does.
pub fn start_score(header: &Header) -> Score {
    let mut score = Score::default();
    let Some(sc) = header.position.as_ref().map(|s| &s.score) else { return score };
    if let Some(p) = sc.points {
        score.points = [p[Seat::Top] as u16, p[Seat::Bottom] as u16];
    }
    if let Some(h) = sc.holes {
        score.holes = [h[Seat::Top], h[Seat::Bottom]];
    }
    score.bredouille = match sc.bredouille {
        Some(b) => [b == Some(Seat::Top), b == Some(Seat::Bottom)],
        None => [score.points[0] > 0 && score.points[1] == 0, score.points[1] > 0 && score.points[0] == 0],
    };
    if let Some(p) = sc.pavillon {
        score.pavillon = p;
    }
    score
}

/// Replays a record (docs/rules.md §10, §11) and keeps its books (§8, §9). `src` (the text it
/// was read from) lets flags point at the play or the marks. The game is chosen once, from
/// the `Game` tag ([`Games::of`]).
pub fn replay(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, true)
}

/// Like [`replay`], keeping no step (`steps` stays empty): the flags, the score, the end and
/// the outcome only, for checking many records in little memory.
pub fn replay_books(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, false)
}

/// Like [`replay`], keeping a checkpoint of the game's state before each throw
/// ([`Replay::checkpoints`]), so that [`replay_from`] can replay an edited copy of the record
/// from its first changed throw only.
pub fn replay_resumable(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    replay_resumed(Games::of(header), rec, header, src, None, Keep { steps: true, checkpoints: true })
}

/// Replays `rec` (read from `src`) from its throw of index `from` (0: the first throw) on,
/// given `earlier`, the [`replay_resumable`] of a record with the same tags (`header`) and the
/// same first `from` throws at the same places in the text: `earlier`'s flags, steps and
/// books before that throw are kept, and the replay resumes from the game's state there
/// (issue 19; the replay itself is docs/rules.md §10, §11). The result is the one
/// [`replay_resumable`] gives of `rec` (the same flags,
/// steps, end and position reached), with its checkpoints, so that edits can follow.
///
/// Every game resumes exactly (each game's books save their state between throws:
/// Grand Trictrac's position, score, relève history, schools due and marqués; Jacquet's and
/// Moultezim's board and end; Backgammon's board, cube, ends and throw count; Tric Trac's
/// series, parties and doublet). The record is replayed whole when `earlier` cannot be
/// resumed from there: it kept no checkpoint at `from` (it stopped before, or it was not
/// a [`replay_resumable`]), or the whole-record claims the games read before the first throw
/// (whether any throw claims marks, opponent marks or a partie, docs/games.md §H.3) differ.
pub fn replay_from(rec: &Record, header: &Header, src: Option<&str>, earlier: &Replay, from: usize) -> Replay {
    let keep = Keep { steps: true, checkpoints: true };
    replay_resumed(Games::of(header), rec, header, src, Some((Cow::Borrowed(earlier), from)), keep)
}

/// [`replay_from`] taking the earlier replay: its steps and flags before throw `from` are
/// moved into the result, not copied (the editor's case: the record's last replay is
/// replaced by the new one).
pub fn replay_from_owned(rec: &Record, header: &Header, src: Option<&str>, earlier: Replay, from: usize) -> Replay {
    let keep = Keep { steps: true, checkpoints: true };
    replay_resumed(Games::of(header), rec, header, src, Some((Cow::Owned(earlier), from)), keep)
}

/// What a replay keeps ([`replay_resumed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    /// Each throw's step (`false`: the flags, the books and the end only, as
    /// [`replay_books`]).
    pub steps: bool,
    /// A checkpoint before each throw, to resume from later ([`Replay::checkpoints`]).
    pub checkpoints: bool,
}

/// [`replay_resumable`] (`earlier`: `None`) or [`replay_from`] (`Some((earlier, from))`)
/// under the rules of `games`, keeping what `keep` says. `earlier` must have kept its steps
/// as this replay does, or the record is replayed whole.
pub fn replay_resumed(
    games: Games,
    rec: &Record,
    header: &Header,
    src: Option<&str>,
    earlier: Option<(Cow<'_, Replay>, usize)>,
    keep: Keep,
) -> Replay {
    let mut feed = ThrowFeed::of(rec);
    feed.checkpoints = keep.checkpoints;
    feed.resume = earlier.filter(|(_, from)| *from > 0 && *from <= rec.throws.len());
    games.replay_fed(rec, feed, header, src, keep.steps)
}

/// The index of the first throw of `new` that is not the same as `old`'s (the same throw
/// at the same place in the text), `old`'s length or `new`'s when one is the start of the
/// other: where [`replay_from`] resumes after an edit. 0 when the tags differ.
pub fn first_change(old: &Record, new: &Record) -> usize {
    if old.tags != new.tags {
        return 0;
    }
    old.throws.iter().zip(&new.throws).take_while(|(a, b)| a == b).count()
}

/// Replays a record under the rules of `game`, keeping each throw's step or not. A game the
/// engine does not know ([`Game::replayable`]) gives one `not-replayed` flag at the first
/// throw.
pub fn replay_game<G: Game>(game: &G, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    replay_fed(game, rec, ThrowFeed::of(rec), header, src, keep_steps)
}

/// [`replay_game`] over the throws of `feed` (`rec`'s tags, and its first throw at least:
/// the games read the first seat from it).
pub fn replay_fed<G: Game>(
    game: &G,
    rec: &Record,
    feed: ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    if game.replayable() {
        return game.books_fed(rec, feed, header, src, keep_steps);
    }
    // a game whose rules are not known: its records are read, printed and converted
    let mut ledger = Ledger::new(rec, header, src, keep_steps);
    if let Some(t) = rec.throws.first() {
        ledger.stop(t, None, Stop::UnknownRules { game: game.tag() }, None);
    }
    ledger.out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Books that record the hooks the loop calls, a throw's being done early at `done` and
    /// the replay's stopping at `stop`.
    struct Toy<'r, 'c> {
        l: Ledger<'r>,
        calls: &'c mut Vec<String>,
        done: u32,
        stop: u32,
    }

    impl<'r> Books<'r> for Toy<'r, '_> {
        type Turn = u32;

        fn ledger(&mut self) -> &mut Ledger<'r> {
            &mut self.l
        }
        fn seat(&mut self, t: &Throw) -> Option<u32> {
            self.calls.push(format!("seat {}", t.number));
            (t.number != self.stop).then_some(t.number)
        }
        fn before_dice(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("before_dice {n}"));
            if *n == self.done {
                Flow::Done
            } else {
                Flow::On
            }
        }
        fn play(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("play {n}"));
            Flow::On
        }
        fn claims(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("claims {n}"));
            Flow::On
        }
        fn after(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("after {n}"));
            Flow::On
        }
        fn step(&mut self, t: &Throw, n: &u32) -> Step {
            self.calls.push(format!("step {n}"));
            let s = crate::games::jacquet::board::Board::opening(Seat::Top).to_setup();
            Step {
                number: t.number,
                seat: Seat::Top,
                dice: t.dice,
                play: RecordedPlay::Pass,
                applied: None,
                lawful: true,
                before: s.clone(),
                after: s,
                points: [0, 0],
                detail: StepDetail::Jacquet,
            }
        }
        fn finish(self) -> Replay {
            self.calls.push("finish".into());
            self.l.out
        }
    }

    #[test]
    fn the_loop_calls_the_hooks_in_order() {
        let text = "[Game \"jacquet\"]\n\n1. 3-1 AB\n2. 4-2 CD\n3. 5-5 EF\n4. 6-1 GH\n";
        let read = &crate::notation::read(text)[0];
        let (rec, header) = (&read.record, &read.header);
        for keep in [true, false] {
            let mut calls = Vec::new();
            let toy = Toy { l: Ledger::new(rec, header, None, keep), calls: &mut calls, done: 1, stop: 3 };
            let out = run(toy, ThrowFeed::of(rec));
            let mut want = vec!["seat 1", "before_dice 1", "step 1"];
            want.extend(["seat 2", "before_dice 2", "play 2", "claims 2", "after 2", "step 2", "seat 3", "finish"]);
            if !keep {
                want.retain(|c| !c.starts_with("step"));
            }
            assert_eq!(calls, want);
            assert_eq!(out.steps.iter().map(|s| s.number).collect::<Vec<_>>(), if keep { vec![1, 2] } else { vec![] });
        }
    }
}
