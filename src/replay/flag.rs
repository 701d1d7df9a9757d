//! The flags of the output model: what a flag is about ([`FlagKind`]), the flag ([`Flag`]) and
//! the facts it says ([`Fact`], [`Stop`]); the words are [`crate::replay::words`]'.

use crate::board::{Dialect, PointNames, Seat};
use crate::notation::{Play as RecordedPlay, Span};
use serde::Serialize;
use std::borrow::Cow;

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
            school: fact.school().map(|(how, _)| how),
            school_for: fact.school().map(|(_, seat)| seat),
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
