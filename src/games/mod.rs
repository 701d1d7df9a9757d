//! The games: one shared board model, and each game's rules behind one trait.
//!
//! Every tables game of the project (Grand Trictrac, and after it Jacquet, Moultezim,
//! Backgammon and the Tric Trac of the 1982 booklet, docs/games.md) is played on the board of
//! [`crate::position`]: two seats, 24 points named by letters, each seat's men counted along
//! its own route ([`crate::position::Route`], docs/games.md §0.1), men borne off on relative point
//! 25, two dice ([`crate::dice::Dice`]). What differs from game to game is the rules, and they
//! are what a [`Game`] answers:
//!
//! * the legal plays of a roll ([`Game::legal_plays_into`]),
//! * the rule a recorded play breaks, if any ([`Game::judge`]),
//! * what a throw scores, per seat ([`Game::roll`], [`Game::play_marks`]),
//! * when a game ends and what it is worth ([`Game::outcome`]),
//! * its options, from the `Rules` tag ([`Game::options`]), judged when the game is chosen
//!   ([`Games::chosen`]): the reader keeps the tag as pairs and judges none.
//!
//! What is said about each game (its tag, options with their values and defaults, score
//! fields, result forms) is one row of the [`registry`], which `--game`, `docs/options.md`
//! and the option errors ([`OptionError`], one type for every game) read.
//!
//! A game's rules live in a module of its own named for it ([`grand_trictrac`]); the shared
//! pieces (seats, points and letters, routes, dice, the record and its reader, the replay's
//! output and flags, the renderers) know no game's rules. [`Games`] picks the game of a record
//! once, from its `Game` tag; the replay is then generic over the game
//! ([`crate::replay::replay_game`]).
//!
//! # Speed
//!
//! The engine is hot (every throw of every record replayed): dispatch is static. A caller
//! generic over `G: Game` is compiled once per game, and [`Games`] is an enum, matched once
//! per record, never per move. A game's plays of a roll are held in its own fixed-capacity
//! list ([`Game::Plays`]), filled again and again without allocation.
//!
//! # How a new game plugs in
//!
//! A module `src/games/NAME/` with the game's rules, its `impl Game`, its books, facts and
//! words and its registry row, and **one entry of the games' declaration**
//! (`src/declare.rs`), from which this module's `pub mod NAME`, the variant of [`Games`] and
//! its one dispatch, the registry's row and the replay's facts are generated
//! (docs/adding-a-game.md, the contract).

pub mod race;
pub mod registry;
pub mod words;

use crate::board::{Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Game as GameTag, Header, Play as RecordedPlay, Record, RulePair};
use crate::position::Position;
use crate::replay::Replay;
use std::fmt::Debug;

pub use backgammon::Backgammon;
pub use grand_trictrac::GrandTrictrac;
pub use jacquet::Jacquet;
pub use registry::{OptionError, OptionFault};
pub use tric_trac::TricTrac;

/// One legal play as `explain` shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ShownPlay {
    /// The play in canonical notation (Soumille letters; `-` when nothing can be played).
    pub notation: String,
    /// Field 1 of the position string after the play (the men, bar and borne off).
    pub result: String,
    /// What the play scores for the thrower (Tric Trac's captures, men borne off, pont;
    /// 0 in the games that score nothing before their end).
    #[serde(skip_serializing_if = "is_zero")]
    pub points: u16,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// How near a lawful play is to the recorded one, for the order in which a fausse case's
/// message names the lawful plays (every game): 2 for each of its moves (`notation`, moves
/// separated by spaces) that the record has (`recorded`, its moves), 1 for each that only
/// starts where a recorded move starts.
pub fn nearness(recorded: &[&str], notation: &str) -> usize {
    notation
        .split(' ')
        .map(|m| if recorded.contains(&m) { 2 } else { usize::from(recorded.iter().any(|r| r.get(..1) == m.get(..1))) })
        .sum()
}

/// A recorded play judged against the legal plays of its roll.
#[derive(Clone, Debug)]
pub struct Judged<P, F> {
    /// The position after the play as recorded (the turn passed), when it could be applied.
    pub after: Option<Position>,
    /// The fault, if the play is not lawful: the rule broken and its facts.
    pub fault: Option<F>,
    /// The legal play it is, when lawful.
    pub legal: Option<P>,
}

/// Why a game cannot list the legal plays of a setup for `explain` (docs/commands.md).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaysError {
    /// The game has no move generator for `explain`.
    #[error("explain does not know the rules of {0}")]
    NoRules(crate::notation::Game),
    /// Jacquet and Moultezim have no bar (the variant's name).
    #[error("{0} has no bar: no man may stand on `@`")]
    NoBar(&'static str),
    /// The record's rule options are refused: what the game accepts, in words.
    #[error("{0}")]
    Options(String),
    /// The setup is no backgammon board.
    #[error(transparent)]
    Backgammon(#[from] backgammon::BoardError),
    /// The setup is no Jacquet or Moultezim position.
    #[error(transparent)]
    Jacquet(#[from] jacquet::board::SetupError),
    /// The setup is no Tric Trac position.
    #[error(transparent)]
    TricTrac(#[from] tric_trac::board::SetupError),
    /// The setup is no position of the game, in words.
    #[error("{0}")]
    Position(String),
}

/// What a game must answer: its rules over the shared board model (see the [module
/// docs](self)).
///
/// Everything a rule needs and the position does not show is the game's [`Game::State`]
/// (Grand Trictrac: the relève's history, for the rare jans and the privileges of the
/// provincial sortie). Everything counted is in the game's [`Game::Score`], so that one
/// record replays the same way whatever reads it.
///
/// What the games of docs/games.md will need of it:
///
/// * **Plays.** §0.2: a play is a sequence of single-die moves, up to four on a doublet in
///   Jacquet, Moultezim and Backgammon (two in Grand Trictrac and Tric Trac), a man may make
///   several in a row resting on each point; a seat that can play nothing passes.
///   [`Game::Play`] is the game's own type for that reason, and [`Game::Plays`] its
///   fixed-capacity list.
/// * **State.** Backgammon's men on the bar and Tric Trac's men on their start point are men
///   of the position (the bar as a relative point of the route, docs/games.md §D.9 `@n`); the cube
///   (value, owner), Tric Trac's series and the Jacquet postillon's release are state.
/// * **Scores.** Grand Trictrac scores the roll before any man moves (§1 of docs/rules.md): its
///   jans come with the legal plays, from [`Game::roll`]. Tric Trac scores the play itself
///   (captures, men borne off, the pont, docs/games.md §E.9): [`Game::play_marks`]. Jacquet,
///   Moultezim and Backgammon score nothing until the end.
/// * **The end.** The first to bear off fifteen (Jacquet, Backgammon: 1, 2 or 3 times the
///   cube), twelve points (Tric Trac, a partie worth 1 to 4), twelve holes (Grand Trictrac):
///   [`Game::outcome`].
/// * **Faults.** Each game names its own rules (docs/games.md §A.10, §D.10, §E.12):
///   [`Game::Fault`], structured (rule, seat, the lawful plays); the reporting layer writes
///   the words.
pub trait Game {
    /// The rule options of the `Rules` tag that this game reads (docs/games.md §F).
    type Options: Copy + Debug + Default;
    /// One legal play of a roll, identified by the position it leaves.
    type Play: Copy + Debug;
    /// The legal plays of one roll, in fixed capacity, reused from roll to roll.
    type Plays;
    /// What the rules need that the position does not show.
    type State: Copy + Debug + Default;
    /// What a throw scores, per seat, as facts (each item: what, whose, how many ways,
    /// points, where).
    type Marks;
    /// The rule a recorded play breaks, with its facts.
    type Fault: Debug;
    /// The running score.
    type Score: Copy + Debug + Default;
    /// How a game (a tour, a partie) ended and what it is worth.
    type Outcome: Copy + Debug;

    /// The game `tag` (one of the tags this engine plays, `crate::declare::games!`) under
    /// the rule options `pairs`, judged: every option it refuses, each at its span.
    fn from_rules(tag: GameTag, pairs: &[RulePair]) -> Result<Self, Vec<OptionError>>
    where
        Self: Sized;

    /// The game of a record's header, with its options; options it refuses leave the
    /// defaults (and are marked, for the replay to say why it stops, where the game does).
    fn from_header(header: &Header) -> Self
    where
        Self: Sized;

    /// The options that differ from the defaults, as `key=value; …` in the registry's order:
    /// what a position string's `rules=` carries (docs/games.md §H.7).
    fn departing_rules(&self) -> String;

    /// The `Rules` tag written canonically, where the game rewrites it as read (Grand
    /// Trictrac, docs/rules.md §13); `None` leaves it as written.
    fn canonical_rules(&self) -> Option<String> {
        None
    }

    /// The game's tag (`[Game "…"]`).
    fn tag(&self) -> GameTag;

    /// Its options.
    fn options(&self) -> &Self::Options;

    /// Whether the engine knows the game's rules: `false` gives the record a `not-replayed`
    /// flag at its first throw, and nothing else.
    fn replayable(&self) -> bool {
        true
    }

    /// The opening position, `first` to throw.
    fn opening(&self, first: Seat) -> Position;

    /// An empty list of plays, to be filled by [`Game::legal_plays_into`] and reused.
    fn new_plays(&self) -> Self::Plays;

    /// Every legal play of `dice` for the seat to throw in `pos`, into `out` (passing, when
    /// nothing can be played, is the one play with no move).
    fn legal_plays_into(&self, pos: &Position, state: &Self::State, dice: Dice, out: &mut Self::Plays);

    /// The legal plays of `dice` into `out`, and what the roll scores for each seat before
    /// any man moves (Grand Trictrac's jans; nothing for games that score the play).
    fn roll(&self, pos: &Position, state: &Self::State, dice: Dice, out: &mut Self::Plays) -> Self::Marks;

    /// Adds what the play itself scores (Tric Trac's captures, men borne off, pont) to the
    /// roll's `marks`. Nothing, for games whose throws score before the men move.
    fn play_marks(&self, _pos: &Position, _state: &Self::State, _play: &Self::Play, _marks: &mut Self::Marks) {}

    /// Judges a recorded play of `dice` against `legal` (as [`Game::roll`] or
    /// [`Game::legal_plays_into`] left it for this position and roll). The fault is facts
    /// only; its words are the reporting layer's ([`crate::replay::words`]).
    fn judge(
        &self,
        pos: &Position,
        state: &Self::State,
        dice: Dice,
        legal: &Self::Plays,
        play: &RecordedPlay,
    ) -> Judged<Self::Play, Self::Fault>;

    /// Whether `score` ends the game, after the throw that began at `before`, and what it is
    /// worth.
    fn outcome(&self, score: &Self::Score, before: &Self::Score) -> Option<Self::Outcome>;

    /// `explain` for this game (docs/commands.md): every legal play of `dice` for the seat to throw in
    /// `setup` (a position string read with the game's routes and score fields), each once, in
    /// canonical notation with Soumille letters, with the position after it; sorted as plain
    /// ASCII strings. An error, in words, when the setup is no position of this game. Every
    /// game of docs/games.md answers it; Grand Trictrac's `explain` also lists its jans and goes
    /// through [`crate::explain`].
    fn explain_plays(&self, _setup: &Setup, _dice: Dice) -> Result<Vec<ShownPlay>, PlaysError> {
        Err(PlaysError::NoRules(self.tag()))
    }

    /// One complete game by seeded self-play, every play legal and every claim right, ending
    /// with its `Result` (`generate --game`); the same seed gives the same record. `None` for
    /// a game the generator does not play.
    fn generate(&self, _seed: u64) -> Option<Record> {
        None
    }

    /// Replays a record under these rules, keeping the game's books (its claims: marks,
    /// holes, decisions). Called by [`crate::replay::replay_game`] for a replayable game.
    /// `keep_steps: false` keeps only the flags, the score and the end (for corpora).
    fn books(&self, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
        self.books_fed(rec, crate::replay::ThrowFeed::of(rec), header, src, keep_steps)
    }

    /// [`Game::books`] over the throws of `feed` ([`crate::replay::ThrowFeed`]; `rec` holds
    /// the tags and the first throw at least).
    fn books_fed(
        &self,
        rec: &Record,
        feed: crate::replay::ThrowFeed<'_>,
        header: &Header,
        src: Option<&str>,
        keep_steps: bool,
    ) -> Replay;
}

/// The games' modules, their engines and the one dispatch, from the games' declaration
/// (`crate::declare::games!`): the only `match` over the games.
macro_rules! games_enum {
    ($( $(#[$gdoc:meta])* $engine:ident($module:ident::$ty:ident) {
        $( $(#[$doc:meta])* $tag:ident { $($about:tt)* }, )+
    } )*) => {
        $( pub mod $module; )*

        /// The game of a record, chosen once from its `Game` tag.
        #[derive(Clone, Copy, Debug)]
        pub enum Games {
            $( $(#[$gdoc])* $engine($module::$ty), )*
        }

        /// Calls `$call` with the engine of `$games` as `$g` (static dispatch).
        macro_rules! dispatch {
            ($games:expr, $g:ident => $call:expr) => {
                match $games { $( Games::$engine($g) => $call, )* }
            };
        }

        impl Games {
            /// The game of a record's header, with its options. Options the game refuses
            /// leave the defaults (Jacquet, Tric Trac and Backgammon mark them, and their
            /// replay says why it stops: see [`Games::chosen`] for the errors).
            pub fn of(header: &Header) -> Games {
                match header.game {
                    $( $(GameTag::$tag)|+ => Games::$engine(<$module::$ty as Game>::from_header(header)), )*
                }
            }

            /// The game `game` under the rule options `pairs` (a `Rules` tag's, `--rules`:
            /// see [`pairs_of`]), judged by the game: what `explain` and `generate` need,
            /// with no record.
            pub fn with_rules(game: GameTag, pairs: &[RulePair]) -> Result<Games, Vec<OptionError>> {
                Ok(match game {
                    $( $(GameTag::$tag)|+ => Games::$engine(<$module::$ty as Game>::from_rules(game, pairs)?), )*
                })
            }
        }
    };
}

crate::declare::games!(games_enum);

impl Games {
    /// The game of a record's header with the options of its `Rules` tag, judged by the
    /// game (docs/rules.md §13, docs/games.md §F): every option it refuses, each at its span.
    pub fn chosen(header: &Header) -> Result<Games, Vec<OptionError>> {
        Games::with_rules(header.game, &header.game_rules)
    }

    /// Its `Game` tag.
    pub fn tag(&self) -> GameTag {
        dispatch!(self, g => g.tag())
    }

    /// The game's row in the registry ([`registry::row`]).
    pub fn row(&self) -> &'static registry::GameRow {
        registry::row(self.tag())
    }

    /// Whether it is Grand Trictrac or Trictrac à écrire ([`registry::GameRow::is_grand_trictrac`]).
    pub fn is_grand_trictrac(&self) -> bool {
        self.row().is_grand_trictrac()
    }

    /// The options that differ from the defaults ([`Game::departing_rules`]).
    pub fn departing_rules(&self) -> String {
        dispatch!(self, g => g.departing_rules())
    }

    /// The `Rules` tag written canonically, if the game rewrites it ([`Game::canonical_rules`]).
    pub fn canonical_rules(&self) -> Option<String> {
        dispatch!(self, g => g.canonical_rules())
    }

    /// `explain` for this game's rules ([`Game::explain_plays`]).
    pub fn explain_plays(&self, setup: &Setup, dice: Dice) -> Result<Vec<ShownPlay>, PlaysError> {
        dispatch!(self, g => g.explain_plays(setup, dice))
    }

    /// One generated game of this game ([`Game::generate`]).
    pub fn generate(&self, seed: u64) -> Option<Record> {
        dispatch!(self, g => g.generate(seed))
    }

    /// Replays a record whose throws come from `feed` ([`crate::replay::replay_fed`]).
    pub fn replay_fed(
        &self,
        rec: &Record,
        feed: crate::replay::ThrowFeed<'_>,
        header: &Header,
        src: Option<&str>,
        keep_steps: bool,
    ) -> Replay {
        dispatch!(self, g => crate::replay::replay_fed(g, rec, feed, header, src, keep_steps))
    }

    /// Replays a record under this game's rules.
    pub fn replay(&self, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
        dispatch!(self, g => crate::replay::replay_game(g, rec, header, src, keep_steps))
    }
}

/// The rule options of a record that differ from its game's defaults, in the order of the
/// game's options (docs/rules.md §13, docs/games.md §F): what a position string's `rules=` carries
/// (docs/games.md §H.7). Jacquet's `jacquet=avance` is written as the options it sets.
pub fn rules_departing(header: &crate::notation::Header) -> Vec<(String, String)> {
    let text = Games::of(header).departing_rules();
    text.split("; ").filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The header of a record of `game` with the rule options `pairs` (as a `Rules` tag holds
/// them), read as a record's is: the options checked by the game, or what is wrong with them.
pub fn rules_header(
    game: crate::notation::Game,
    pairs: &[(String, String)],
) -> Result<crate::notation::Header, Vec<String>> {
    use crate::notation::Tag;
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags = vec![tag("Game", game.to_string())];
    if !pairs.is_empty() {
        let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        tags.push(tag("Rules", text.join("; ")));
    }
    let header = crate::notation::Header::of_tags(&tags)
        .map_err(|errs| errs.into_iter().map(|e| e.message).collect::<Vec<_>>())?;
    match registry::option_errors(&header) {
        es if es.is_empty() => Ok(header),
        es => Err(es.iter().map(ToString::to_string).collect()),
    }
}

/// The pairs of a `Rules` value given elsewhere than in a record (`--rules`, a position's
/// `rules=`), with no span.
pub fn pairs_of(pairs: &[(String, String)]) -> Vec<RulePair> {
    pairs.iter().map(|(k, v)| RulePair::new(k.as_str(), v.as_str())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay_sample(path: &str) -> Replay {
        let text = std::fs::read_to_string(format!("{}/samples/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let r = &crate::notation::read(&text)[0];
        crate::replay::replay(&r.record, &r.header, Some(&text))
    }

    #[test]
    fn the_game_is_chosen_with_its_rules() {
        let g = Games::with_rules(GameTag::TricTrac, &pairs_of(&[("pont".into(), "une-fois".into())])).unwrap();
        assert!(matches!(g, Games::TricTrac(t) if t.options.pont == tric_trac::options::Pont::UneFois));
        let e = Games::with_rules(GameTag::Moultezim, &pairs_of(&[("blocage".into(), "libre".into())])).unwrap_err();
        assert_eq!(e[0].fault, OptionFault::NotForGame(" (its first quarter is never closed, docs/games.md §C.2)"));
        assert!(!Games::with_rules(GameTag::Backgammon, &[]).unwrap().is_grand_trictrac());
    }

    #[test]
    fn the_game_is_chosen_from_the_tag() {
        let mut h = crate::notation::Header::of_tags(&[]).unwrap();
        assert!(Games::of(&h).is_grand_trictrac());
        assert!(matches!(Games::of(&h), Games::GrandTrictrac(g) if !g.a_ecrire));
        h.game = GameTag::TrictracAEcrire;
        assert!(matches!(Games::of(&h), Games::GrandTrictrac(g) if g.a_ecrire));
        h.game = GameTag::Backgammon;
        assert!(matches!(Games::of(&h), Games::Backgammon(g) if g.replayable() && g.tag() == GameTag::Backgammon));
    }

    #[test]
    fn a_fausse_case_flag_carries_the_lawful_plays_its_message_names() {
        let rp = replay_sample("lepeintre-teaching-game.stn");
        let f = rp.flags.iter().find(|f| f.rule.is_some()).unwrap();
        assert!(!f.plays.is_empty());
        for p in f.plays.iter().take(3) {
            let text = p.to_string();
            assert!(f.message.contains(&text), "{text} not in {}", f.message);
        }
    }

    #[test]
    fn an_ecole_flag_carries_the_jans_of_the_count() {
        let rp = replay_sample("ecoles/par-moins.stn");
        let ecoles: Vec<_> = rp.flags.iter().filter(|f| f.kind == crate::replay::FlagKind::Ecole).collect();
        assert!(!ecoles.is_empty());
        assert!(ecoles.iter().any(|f| !f.jans.is_empty()));
        for f in ecoles {
            let step = rp.steps.iter().find(|s| Some(s.number) == f.throw).unwrap();
            let seat = f.seat.unwrap();
            let want: Vec<_> = step.grand_trictrac().unwrap().jans.iter().filter(|j| j.seat == seat).copied().collect();
            assert_eq!(f.jans, want);
        }
    }
}
