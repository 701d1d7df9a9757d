//! What Backgammon's flags say, as facts (docs/games.md §D.10): the books raise them with the
//! rules' findings, and the reporting layer ([`crate::games::backgammon::words`]) writes their
//! words. The shared facts of every game (the replay stopped, a wrong seat) are
//! [`crate::replay::Fact::Stop`] and [`crate::replay::Fact::Seat`].

use super::board::BoardError;
use super::cube::{CubeRule, End, EndKind};
use super::judge::Rule;
use super::movegen::{Path, Play};
use crate::board::{BySeat, Seat};
use crate::dice::Dice;
use crate::notation::{Play as RecordedPlay, ResultKind};

/// A Backgammon fact (docs/games.md §D.10's rules and claims).
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// The `Position` tag is no position of backgammon (docs/games.md §D.9; claim `position`).
    Position(PositionFault),
    /// A cube action breaks `rule` (§D.7; `cube-off`, `cube-owner`, `cube-timing`,
    /// `cube-value`, `cube-answer`, `after-drop`; `cube-limit`, beyond [`super::cube::MAX_CUBE`]).
    Cube {
        /// The throw the double is written at.
        throw: u32,
        /// The rule broken.
        rule: CubeRule,
        /// The seat that doubles.
        doubler: Seat,
        /// The cube's owner before the double (`None`: centred).
        owner: Option<Seat>,
        /// The value written with the double, if any.
        written: Option<u32>,
        /// The cube's value before the double.
        value: u32,
        /// Whether the double is written after the dice (too late whenever it comes).
        after_dice: bool,
    },
    /// A throw after a double was dropped, which ended the game (§D.7; `after-drop`).
    AfterDrop {
        /// The throw.
        throw: u32,
        /// The throw where the double was dropped.
        dropped_at: u32,
    },
    /// Dice or a play written at the throw of a dropped double (§D.7; `after-drop`).
    DiceAfterDrop {
        /// The throw.
        throw: u32,
    },
    /// The opening throw is a doublet though each player throws one die
    /// (`premier-coup=tirage`, §D.3; claim `first-throw`).
    OpeningDoublet {
        /// The throw (1).
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice recorded.
        dice: Dice,
    },
    /// A fausse case: the recorded play breaks `rule` (§D.10).
    FausseCase {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice.
        dice: Dice,
        /// The rule broken.
        rule: Rule,
        /// The play as recorded.
        recorded: RecordedPlay,
        /// The recorded man's path at fault, when the rule is that of one man's step.
        path: Option<Path>,
        /// The lawful plays, nearest the recorded play first.
        lawful: Vec<Play>,
    },
    /// The hits claimed (`*`) are not the play's hits (§D.9; claim `hit`).
    Hits {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The dice.
        dice: Dice,
        /// The play as recorded.
        recorded: RecordedPlay,
        /// The thrower's points written with `*` (bit p; bit 25 for a `*` after `#`).
        claimed: u32,
        /// The thrower's points where the play hits (bit p).
        actual: u32,
    },
    /// The `Result` tag disagrees with the replay (§D.10 `result`).
    Result(ResultFault),
    /// A match's claims across the records of a file disagree (docs/games.md §I.1–§I.2).
    Match(MatchFault),
}

/// How a record disagrees with the match the file's earlier records played (docs/games.md
/// §I.1–§I.2; [`super::session::Session`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchFault {
    /// The `Score` tag is not the score the earlier games leave (`score`).
    Score {
        /// The score the tag gives.
        claimed: BySeat<u32>,
        /// The score of the earlier games' results.
        expected: BySeat<u32>,
    },
    /// A game after `winner` reached the match length (`after-match`).
    AfterMatch {
        /// The seat that won the match.
        winner: Seat,
        /// The match length.
        length: u32,
    },
    /// A double in the Crawford game (`crawford`).
    CrawfordDouble {
        /// The throw of the double.
        throw: u32,
        /// The doubler, as written.
        doubler: Option<Seat>,
    },
    /// A `Match` or `Score` tag that does not read (`match`, `score`): `[Match "1.5"]`,
    /// `[Score "top x bottom y"]` (docs/games.md §I.1): the record is not taken for money
    /// play silently.
    Unreadable {
        /// The tag's name, `Match` or `Score`.
        tag: &'static str,
        /// Its value as written.
        value: String,
    },
    /// The `Crawford` tag says the game is (or is not) the Crawford game wrongly (`crawford`).
    CrawfordTag {
        /// What the tag says.
        claimed: bool,
        /// Whether the game is the Crawford game.
        expected: bool,
    },
}

/// Why a `Position` tag is no position of backgammon (docs/games.md §D.7, §D.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionFault {
    /// The men are wrong (not fifteen a side, a point of both seats).
    Board(BoardError),
    /// The cube shows a value that is not a power of two.
    CubeValue(u32),
    /// A cube of 1 has an owner.
    OwnedAtOne,
    /// Both seats have borne off all their men.
    AllOff,
}

/// How a `Result` tag disagrees with the replay (docs/games.md §D.9, §D.10 `result`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultFault {
    /// The tag says `*` (unfinished), but the game ended with `end`.
    Unfinished {
        /// The end of the game.
        end: End,
    },
    /// The tag says `winner` won on a drop, but no double was dropped.
    NoDrop {
        /// The winner claimed.
        winner: Seat,
    },
    /// The tag says `winner` won, but no seat bore off its fifteen men.
    NotOver {
        /// The winner claimed.
        winner: Seat,
    },
    /// The tag's winner, points or kind differ from the end: each difference, as computed.
    Differs {
        /// The winner, when the tag names the other seat.
        winner: Option<Seat>,
        /// The points won, when the tag gives others.
        points: Option<u32>,
        /// The kind of the end, and the tag's, when they differ.
        kind: Option<(EndKind, ResultKind)>,
    },
    /// A resignation's written kind (`resign gammon`) is not worth its points: the kind
    /// is `times` the cube (docs/games.md §I.5).
    ResignKind {
        /// The points the tag gives.
        points: u32,
        /// The cube's value at the end.
        cube: u32,
        /// The written kind's multiple of the cube (1, 2, 3).
        times: u32,
    },
    /// A resignation's points are not 1, 2 or 3 times the cube's value (docs/games.md §I.5).
    ResignValue {
        /// The points the tag gives.
        points: u32,
        /// The cube's value at the end.
        cube: u32,
    },
    /// The tag's points are more than any count holds (`top 18446744073709551616 resign`):
    /// said as written, never as the largest count (issue 24).
    TooLarge {
        /// The number as the tag writes it.
        written: String,
    },
    /// The tag gives a score `W-L`, not the points won; `winner` when the game ended.
    Score {
        /// The winner, when the game ended.
        winner: Option<Seat>,
    },
}
