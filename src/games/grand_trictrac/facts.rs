//! What Grand Trictrac's flags say, as facts: the fausse cases of the rules, the écoles and
//! fausses écoles of the books, the holes, tient/va and the `Result` tag (docs/rules.md §8–§10).
//! The rules and the books raise them and never format text; the reporting layer writes
//! their words ([`crate::games::grand_trictrac::words`]).

use super::fausse_case::{FausseCase, Rule};
use super::scoring::Jan;
use crate::board::Seat;
use crate::dice::Dice;
use crate::notation::{Play as RecordedPlay, ResultBredouille};

/// What a Grand Trictrac flag says (docs/rules.md).
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// A fausse case (docs/rules.md §10): `seat`'s play of `dice` at `throw`, as recorded, breaks
    /// `case.rule`; `case` holds what the play did and the lawful plays.
    FausseCase {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// The roll.
        dice: Dice,
        /// The play as recorded.
        played: RecordedPlay,
        /// The rule broken, what broke it, the lawful plays.
        case: FausseCase,
    },
    /// An école on a count (docs/rules.md §9): `seat` marked `claimed` for the throw, which is
    /// worth `worth` to it (`jans`): par moins or par trop, the difference going to the other
    /// seat.
    Ecole {
        /// The throw.
        throw: u32,
        /// The seat that marked.
        seat: Seat,
        /// What it marked.
        claimed: u16,
        /// What the throw is worth to it.
        worth: u16,
        /// The jans the throw makes for it.
        jans: Vec<Jan>,
    },
    /// The thrower could fill a jan (or keep it full) and did not (docs/rules.md §2, §9;
    /// `ecole-plein`): the `dropped` points of the jan are not its; it marked `claimed`, keeps
    /// `keeps`, and the other seat may mark `amount`.
    JanNotKept {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
        /// [`Rule::MustFill`] or [`Rule::MustPreserve`].
        rule: Rule,
        /// The jan's points it loses.
        dropped: u16,
        /// The jans the throw makes for it.
        jans: Vec<Jan>,
        /// What it marked.
        claimed: u16,
        /// What it keeps.
        keeps: u16,
        /// The école the other seat may mark.
        amount: u16,
    },
    /// `went` said `va`, so the other seat marks nothing for the roll, but it marked
    /// `claimed` (docs/rules.md §8): an école par trop.
    MarkedAfterGo {
        /// The throw.
        throw: u32,
        /// The thrower, who went.
        went: Seat,
        /// What the other seat marked.
        claimed: u16,
    },
    /// `seat` claimed fewer holes than the marks give (docs/rules.md §9); `bredouille`: the holes
    /// missing are bredouille holes (not an école). The record's count stands.
    FewerHoles {
        /// The throw.
        throw: u32,
        /// The seat.
        seat: Seat,
        /// The holes it claimed.
        claimed: u16,
        /// The holes the marks give.
        given: u16,
        /// Only bredouille holes are missing.
        bredouille: bool,
    },
    /// A record without marks claims a hole count the throw does not give: it is scored, not
    /// schooled; the record's count stands (docs/rules.md §9).
    HolesUnmarked {
        /// The throw.
        throw: u32,
        /// The seat.
        seat: Seat,
        /// The holes it claimed.
        claimed: u16,
        /// The holes the throw gives.
        given: u16,
    },
    /// `seat` claimed more holes than the marks give: an école of twelve points a hole for
    /// the other seat (docs/rules.md §9).
    MoreHoles {
        /// The throw.
        throw: u32,
        /// The seat.
        seat: Seat,
        /// The holes it claimed.
        claimed: u16,
        /// The holes the marks give.
        given: u16,
    },
    /// `seat` won a hole and said neither tient nor va: read as tient (docs/rules.md §8).
    NoDecision {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
    },
    /// `seat` said tient or va but won no hole with the throw: ignored (docs/rules.md §8).
    NeedlessDecision {
        /// The throw.
        throw: u32,
        /// The thrower.
        seat: Seat,
    },
    /// `seat` claimed a school of `amount` that no miscount of the other's gave (`due`: the
    /// schools it could claim): a fausse école (docs/rules.md §9).
    FausseEcole {
        /// The throw.
        throw: u32,
        /// The seat that claimed.
        seat: Seat,
        /// The school claimed.
        amount: u16,
        /// The schools that were due to it.
        due: Vec<u16>,
        /// What the other seat may mark for it.
        then: Disputed,
    },
    /// The `Result` tag says the tour is unfinished, but `winner` reached its holes.
    ResultUnfinished {
        /// The winner.
        winner: Seat,
        /// Its holes.
        winner_holes: u16,
        /// The loser's holes.
        loser_holes: u16,
    },
    /// The `Result` tag says `winner` won, but the replay ends with no winner, with `holes`
    /// (`[top, bottom]`).
    ResultNotWon {
        /// The winner the tag names.
        winner: Seat,
        /// The holes at the end.
        holes: [u16; 2],
    },
    /// The `Result` tag disagrees with the replay: each difference.
    ResultDisagrees(Vec<ResultDiff>),
    /// The `Result` tag gives points won, which is no Grand Trictrac result.
    ResultPoints,
}

/// What the other seat may mark for a fausse école (docs/rules.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disputed {
    /// The school claimed.
    Marks,
    /// The school claimed again: the fausse école disputed a school it rightly claimed
    /// (augmentation d'école).
    Augmentation,
    /// Nothing more: its school was already doubled.
    AlreadyDoubled,
}

/// One way the `Result` tag disagrees with the replay (docs/format.md §7, docs/rules.md §8).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResultDiff {
    /// The winner is another seat.
    Winner(Seat),
    /// The holes are these (winner's, loser's).
    Holes(u16, u16),
    /// The tag says the tour was won en grande bredouille (in this word), and it was not.
    NotGrandeBredouille(ResultBredouille),
    /// The stakes are these.
    Stakes(f64),
}
