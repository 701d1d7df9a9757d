//! The words of Tric Trac's facts ([`crate::games::tric_trac::Fact`]): the flags of GAMES.md
//! §E.12 as a historian reads them, plays in Soumille letters (the game's records write
//! them so).

use crate::board::Dialect;
use crate::games::tric_trac::judge::{letter, paths_text, Fault, Rule};
use crate::games::tric_trac::movegen::{ARRIVAL, BOSSE, OPP_BOSSE, START};
use crate::games::tric_trac::score::partie_name;
use crate::games::tric_trac::{Fact, FausseCase, StartFault};
use crate::notation::Decision;

/// The message of a flag saying `fact` (Tric Trac writes Soumille letters whatever the
/// record's).
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match fact {
        Fact::NoStart { why, throws } => {
            let why = match why {
                StartFault::Rules(e) => format!("the Rules tag: {e}"),
                StartFault::Position(e) => format!("Position: {e}"),
            };
            match throws {
                None => why,
                Some((throw, last)) => format!("{why}: the replay stops here{}", not_replayed(*throw, *last)),
            }
        }
        Fact::FausseCase(f) => fausse_case(f),
        Fact::ForeignDecision { throw, decision } => {
            let word = if *decision == Decision::Hold { "tient" } else { "va" };
            format!("throw {throw}: `{word}` is Grand Trictrac's; a Tric Trac partie ends with prolonge or recommence")
        }
        Fact::DecisionMissing { won_by } => format!(
            "throw {won_by} won the partie, but the winner's decision (prolonge or recommence) is missing and more throws follow: recommence is taken"
        ),
        Fact::DecisionWithoutPartie { throw, choice } => {
            format!("throw {throw}: `{}` after a throw that won no partie", choice.word())
        }
        Fact::Hit { throw, seat, played } => format!(
            "throw {throw}: the captures written ({}) are not those made: a `*` goes after each point where a lone man was captured",
            paths_text(*seat, played)
        ),
        Fact::Marks { throw, seat, claimed, computed, captures, borne_off, pont } => format!(
            "throw {throw}: {seat} marked {claimed}, the play scores {computed} ({captures} captured, {borne_off} borne off, pont {pont})"
        ),
        Fact::Partie { throw, claimed, won, points } => {
            let said = claimed.map_or("no partie".to_string(), partie_words);
            let is = match won {
                Some(w) => format!(
                    "{} won the {} ({} to {})",
                    w.winner,
                    partie_words(w.value),
                    w.winner_points,
                    w.loser_points
                ),
                None => format!("no partie was won (top {}, bottom {})", points[0], points[1]),
            };
            format!("throw {throw}: the record says {said}, but {is}")
        }
        Fact::Result { claimed: (winner, w, l), stands, parties: [t, b] } => match stands {
            Some((leader, lw, ll)) => {
                format!("the Result tag says {winner} {w}-{l}, but the series stands {leader} {lw}-{ll}")
            }
            None => format!("the Result tag says {winner} {w}-{l}, but the series stands level, {t}-{b}"),
        },
        Fact::ResultNotASeries => {
            "the Result tag gives points won, not a Tric Trac series (`top 5-2`, the parties' values)".to_string()
        }
    }
}

/// `partie`, `partie double`, …: a partie of `value` (1 to 4) as the records and the words
/// name it (GAMES.md §E.11).
pub fn partie_words(value: u8) -> String {
    match partie_name(value) {
        "" => "partie".to_string(),
        name => format!("partie {name}"),
    }
}

/// What follows a stop at `throw` when the record goes on to `last`.
fn not_replayed(throw: u32, last: u32) -> String {
    match last {
        l if l <= throw => String::new(),
        l if l == throw + 1 => format!("; throw {l} is not replayed"),
        l => format!("; throws {}..{l} are not replayed", throw + 1),
    }
}

/// A fausse case: the throw, the play, the rule broken in words, up to three lawful plays.
fn fausse_case(fc: &FausseCase) -> String {
    let FausseCase { throw, seat, dice, .. } = *fc;
    let played = paths_text(seat, &fc.played);
    let what = rule_broken(fc, &played);
    let lawful = super::first_three(fc.lawful.iter().map(|p| p.text(seat)));
    format!("throw {throw} ({seat} {dice}): {seat} played {played} with {dice}: {what}; lawful plays were {lawful}")
}

/// What the rule of GAMES.md §E.12 that `fc` breaks says of the play (`played`, its text).
fn rule_broken(fc: &FausseCase, played: &str) -> String {
    let FausseCase { seat, dice, fault: Fault { rule, from: f, to: t, .. }, .. } = *fc;
    let l = |p: u8| letter(seat, p);
    let bosse = l(BOSSE as u8);
    match rule {
        Rule::Die if t <= f && f != 0 => format!("{}{} goes backwards", l(f), l(t)),
        Rule::Die if f != 0 => format!("no die of {dice} moves {}{}, {} points", l(f), l(t), t - f),
        Rule::Die => format!("{played} is not a play of {dice}"),
        Rule::NotThere => format!("{seat} has no man on {}", l(f)),
        Rule::MovesLeft => {
            let n = fc.max_moves;
            format!("a play of {dice} uses {n} move{} here", if n == 1 { "" } else { "s" })
        }
        Rule::HigherDie => format!("only one die of {dice} can be played and it must be the higher, {}", dice.high()),
        Rule::TooMany => "a throw gives two moves, a doublet too".to_string(),
        Rule::Occupied => format!("{} holds {} with two men or more", seat.other(), l(t)),
        Rule::BosseAdverse => format!("{} is {}'s bosse, closed even empty", l(t), seat.other()),
        Rule::Entry => format!("men remain on {}: they enter before any other man moves", l(START as u8)),
        Rule::BosseFirst => format!("the bosse {bosse} is first taken by two men together, one die each"),
        Rule::BosseLast => format!("one man would stand alone on the bosse {bosse}: the last two leave together"),
        Rule::ParPuissance if fc.natural_bosse => {
            format!("the bosse {bosse} is taken par puissance only when it cannot be taken naturally")
        }
        Rule::ParPuissance => format!(
            "the bosse {bosse} is taken par puissance only while it is empty, by two men a die each from {}",
            l(OPP_BOSSE as u8)
        ),
        Rule::Overshoot => format!("{}# needs {}: no man is carried beyond the arrival", l(f), ARRIVAL as u8 - f),
        Rule::AfterWin => "the partie was won by the move before: the rest of the throw is not played".to_string(),
    }
}

/// The note of a replayed throw for the renderers: the partie it won (its value) and the
/// winner's decision, fifteen men put back on the start point (GAMES.md §E.10).
pub fn step_note(won: Option<(u8, crate::games::tric_trac::Choice)>, put_back: bool) -> String {
    let mut note = Vec::new();
    if let Some((value, choice)) = won {
        note.push(format!("{} {}", partie_words(value), choice.word()));
    }
    if put_back {
        note.push("fifteen off: back on the start point".to_string());
    }
    note.join(", ")
}
