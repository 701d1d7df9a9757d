//! The words of the output model: every flag's message, written from the facts that the
//! rules and the replay loop raise ([`crate::replay::Fact`]). Rules never format text; what a
//! historian reads (the throw, the rule, what was lawful or right, in the record's letters)
//! is written by each game's words (`src/games/NAME/words.rs`, for the facts of its rules),
//! and here for the replay's own facts (a stop, a wrong seat, the Position tag's rules) and
//! the dispatch from a [`Fact`] to its game's words (docs/design.md).

use crate::board::PointNames;
use crate::games::{backgammon, tric_trac};
use crate::replay::{Fact, StepDetail, Stop};

/// The message of a flag saying `fact`, its points named by `names`: the record's letters
/// (a [`crate::board::Dialect`]), or backgammon's point numbers (`--points`, docs/games.md §I; the tables
/// games of the seeds keep their letters, Soumille's for [`PointNames::Numbers`]).
pub fn message(fact: &Fact, names: impl Into<PointNames>) -> String {
    let names = names.into();
    match fact {
        Fact::Stop { throw, why, last } => stop(*throw, why, *last),
        Fact::Seat { throw, recorded, expected, again_after_doublet } => {
            let why = if *again_after_doublet { " (after a doublet the same seat throws again)" } else { "" };
            format!("throw {throw}: the record says {recorded} threw, but it was {expected}'s turn{why}")
        }
        Fact::PositionRules { said, record } => {
            let words = |pairs: &[(String, String)]| {
                if pairs.is_empty() {
                    "the game's defaults".to_string()
                } else {
                    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
                }
            };
            format!("the Position tag says the rules {} (rules=), but the record's are {}", words(said), words(record))
        }
        game => game.game_message(names).unwrap_or_default(),
    }
}

/// The flags' messages with their points named in backgammon's point numbers, counted from
/// the side of the player on roll (`--points`, docs/games.md §I): each backgammon flag's
/// message written again from its fact by [`message`], the one path of every message; the
/// other games' flags keep the record's letters.
pub fn in_points(flags: &mut [crate::replay::Flag]) {
    for f in flags.iter_mut() {
        if let std::borrow::Cow::Owned(m) = f.message_in(PointNames::Numbers) {
            f.message = m;
        }
    }
}

/// The note of a replayed throw, in words, for the sheets and the replay: a backgammon
/// throw's cube action (docs/games.md §D.9), a Tric Trac throw's partie won and men put back
/// (§E.10); empty for a throw with nothing to note. (Grand Trictrac's jans, marks and
/// decisions are the sheet's own columns.)
pub fn step_note(detail: &StepDetail) -> String {
    match detail {
        StepDetail::Backgammon { cube, resigned } => backgammon::words::step_note(*cube, *resigned),
        StepDetail::TricTrac { partie, put_back } => {
            tric_trac::words::step_note(partie.map(|p| (p.value, p.choice)), *put_back)
        }
        _ => String::new(),
    }
}

/// Why the replay stops at `throw`, and what is not replayed (up to `last`).
fn stop(throw: u32, why: &Stop, last: u32) -> String {
    let rest = match last {
        l if l <= throw => String::new(),
        l if l == throw + 1 => format!("; throw {l} is not replayed"),
        l => format!("; throws {}..{l} are not replayed", throw + 1),
    };
    let why = match why {
        Stop::AfterEnd { ended } => format!("throw {throw} comes after the end of the game (throw {ended})"),
        Stop::NoDice => format!("throw {throw} has no dice"),
        Stop::NoPlay { seat } => format!("throw {throw} records no play though {seat} could play"),
        Stop::CannotApply { before_marks: false } => format!("the play of throw {throw} cannot be applied"),
        Stop::CannotApply { before_marks: true } => {
            return format!(
                "the play of throw {throw} cannot be applied: the replay stops here, before its marks{rest}"
            )
        }
        Stop::NoStart => "the start is no position".to_string(),
        Stop::Rules(errors) => format!("the Rules tag: {}", errors.join("; ")),
        Stop::UnknownRules { game } => format!("the engine does not know the rules of {game}"),
        Stop::NotRead { error } => return format!("throws from {throw} on not read: {error}"),
    };
    format!("{why}: the replay stops here{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Dialect, Seat};

    #[test]
    fn a_stop_names_the_throws_not_replayed() {
        let f = |throw, last| message(&Fact::Stop { throw, why: Stop::NoDice, last }, Dialect::Soumille);
        assert_eq!(f(4, 4), "throw 4 has no dice: the replay stops here");
        assert_eq!(f(4, 5), "throw 4 has no dice: the replay stops here; throw 5 is not replayed");
        assert_eq!(f(4, 9), "throw 4 has no dice: the replay stops here; throws 5..9 are not replayed");
    }

    #[test]
    fn a_wrong_seat_names_both_seats() {
        let fact = Fact::Seat { throw: 3, recorded: Seat::Top, expected: Seat::Bottom, again_after_doublet: false };
        assert_eq!(message(&fact, Dialect::Soumille), "throw 3: the record says top threw, but it was bottom's turn");
    }
}
