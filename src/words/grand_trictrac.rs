//! The words of Grand Trictrac's facts ([`crate::games::grand_trictrac::Fact`]): fausse
//! cases (RULES.md §10), écoles and fausses écoles (§9), holes and tient/va (§8, §9), the
//! `Result` tag. Points and plays are written in the record's letters.

use crate::board::{Dialect, Seat};
use crate::dice::Dice;
use crate::games::grand_trictrac::facts::{Disputed, Fact, ResultDiff};
use crate::games::grand_trictrac::fausse_case::{recorded_text, Breach, DiceLeft, FausseCase, FullJan, HeldRest, Rule};
use crate::games::grand_trictrac::movegen::Play;
use crate::games::grand_trictrac::scoring::Jan;
use crate::notation::{printer::move_text, Play as RecordedPlay, ResultBredouille};

/// The message of a flag saying `fact`, in `letters`.
pub fn message(fact: &Fact, letters: Dialect) -> String {
    match fact {
        Fact::FausseCase { throw, seat, dice, played, case } => {
            format!("throw {throw} ({seat} {dice}): {}", fausse_case(*seat, *dice, played, case, letters))
        }
        Fact::Ecole { throw, seat, claimed, worth, jans } => {
            let (how, amount) = if claimed < worth {
                ("école par moins", worth - claimed)
            } else {
                ("école par trop", claimed - worth)
            };
            format!(
                "throw {throw}: {seat} marked {claimed}, the throw is worth {worth} to {seat} ({}): {how} of {amount} for {}",
                describe(jans, letters),
                seat.other()
            )
        }
        Fact::JanNotKept { throw, seat, rule, dropped, jans, claimed, keeps, amount } => {
            let what =
                if *rule == Rule::MustFill { "could fill a jan and did not" } else { "broke a jan it could keep" };
            format!(
                "throw {throw}: {seat} {what}: the {dropped} points of it are not {seat}'s ({}); {seat} marked {claimed}, keeps {keeps}: école of {amount} for {}",
                describe(jans, letters),
                seat.other()
            )
        }
        Fact::MarkedAfterGo { throw, went, claimed } => {
            let opp = went.other();
            format!("throw {throw}: {went} went, so {opp} marks nothing for this roll, but marked {claimed}: école par trop")
        }
        Fact::FewerHoles { throw, seat, claimed, given, bredouille } => {
            let why = if *bredouille {
                "a bredouille hole not claimed (not an école)"
            } else {
                "fewer holes than the marks give"
            };
            format!(
                "throw {throw}: {seat} claimed {claimed} hole(s), the marks give {given}: {why}; the record's count stands"
            )
        }
        Fact::HolesUnmarked { throw, seat, claimed, given } => {
            format!(
                "throw {throw}: {seat} claimed {claimed} hole(s), the throw gives {given}; the record's count stands"
            )
        }
        Fact::MoreHoles { throw, seat, claimed, given } => format!(
            "throw {throw}: {seat} claimed {claimed} hole(s), the marks give {given}: école of {} points for {}",
            12 * u32::from(claimed.saturating_sub(*given)),
            seat.other()
        ),
        Fact::NoDecision { throw, seat } => {
            format!("throw {throw}: {seat} won a hole and says neither tient nor va; read as tient")
        }
        Fact::NeedlessDecision { throw, seat } => {
            format!("throw {throw}: {seat} won no hole with this throw, so there is nothing to hold or go; ignored")
        }
        Fact::FausseEcole { throw, seat, amount, due, then } => {
            let note = if due.is_empty() {
                "none was due".to_string()
            } else {
                let due: Vec<String> = due.iter().map(u16::to_string).collect();
                format!("the schools due were {}", due.join(", "))
            };
            let other = seat.other();
            let then = match then {
                Disputed::AlreadyDoubled => format!("{other}'s school was already doubled, so nothing more is due"),
                Disputed::Augmentation => format!("{other} may mark {amount} again (augmentation d'école)"),
                Disputed::Marks => format!("{other} may mark {amount}"),
            };
            format!("throw {throw}: {seat} claimed a school of {amount} but {note}: a fausse école; {then}")
        }
        Fact::ResultUnfinished { winner, winner_holes, loser_holes } => format!(
            "the Result tag says the tour is unfinished, but {winner} reached {winner_holes} holes to {loser_holes}"
        ),
        Fact::ResultNotWon { winner, holes } => format!(
            "the Result tag says {winner} won, but the replay ends with holes top {} bottom {}",
            holes[0], holes[1]
        ),
        Fact::ResultDisagrees(diffs) => {
            let diffs: Vec<String> = diffs.iter().map(result_diff).collect();
            format!("the Result tag disagrees with the replay: {}", diffs.join("; "))
        }
        Fact::ResultPoints => "the Result tag gives points won, not a Grand Trictrac result".into(),
    }
}

/// One way the `Result` tag disagrees with the replay.
fn result_diff(d: &ResultDiff) -> String {
    match d {
        ResultDiff::Winner(w) => format!("the winner is {w}"),
        ResultDiff::Holes(w, l) => format!("the holes are {w}-{l}"),
        ResultDiff::NotGrandeBredouille(said) => {
            let word = match said {
                ResultBredouille::Bredouille => "bredouille",
                ResultBredouille::Grande => "grande-bredouille",
            };
            format!("it was not won en grande bredouille (the tag says {word})")
        }
        ResultDiff::Stakes(s) => format!("the stakes are {s}"),
    }
}

/// The jans of a seat in words: `vrai at G x2 = 4, petit-jan x1 = 4` (`nothing` for none).
pub fn describe(jans: &[Jan], letters: Dialect) -> String {
    if jans.is_empty() {
        return "nothing".into();
    }
    let v: Vec<String> = jans
        .iter()
        .map(|j| {
            let at = j.at.map(|p| format!(" at {}", p.letter(letters))).unwrap_or_default();
            format!("{}{at} x{} = {}", j.code, j.ways, j.points)
        })
        .collect();
    v.join(", ")
}

/// The name of a jan that can be full.
fn jan_name(jan: FullJan) -> &'static str {
    match jan {
        FullJan::Petit => "petit jan",
        FullJan::Grand => "grand jan",
        FullJan::Retour => "jan de retour",
    }
}

/// `plays` ordered as a fausse case's message names them: those nearest the recorded play
/// `played` first ([`crate::games::nearness`]), then by their notation in `letters`.
pub fn nearest_first(plays: &[Play], seat: Seat, played: &RecordedPlay, letters: Dialect) -> Vec<Play> {
    let played = recorded_text(played, letters);
    let rec: Vec<&str> = played.split(' ').collect();
    let mut v: Vec<(usize, String, Play)> = plays
        .iter()
        .map(|p| (p.notation_in(seat, letters), *p))
        .map(|(n, p)| (crate::games::nearness(&rec, &n), n, p))
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    v.into_iter().map(|x| x.2).collect()
}

/// What a fausse case broke, and the lawful plays (three named, nearest the recorded play
/// first).
fn fausse_case(seat: Seat, dice: Dice, played: &RecordedPlay, case: &FausseCase, letters: Dialect) -> String {
    let text = recorded_text(played, letters);
    let lawful = || {
        super::first_three(
            nearest_first(&case.lawful, seat, played, letters).into_iter().map(|p| p.notation_in(seat, letters)),
        )
    };
    let other = seat.other();
    match &case.breach {
        Breach::NoManThere { mv, opponent_there } => {
            let whose = if *opponent_there { format!("no {seat} man, only {other}'s") } else { "no man".into() };
            format!(
                "{seat} moved {} but there is {whose} on {}: lawful plays were {}",
                move_text(mv, letters),
                mv.from_point().map_or('@', |p| p.letter(letters)),
                lawful()
            )
        }
        Breach::LandsOnHeld { mv, at } => format!(
            "{seat} moved {} but {other} holds {}: lawful plays were {}",
            move_text(mv, letters),
            at.letter(letters),
            lawful()
        ),
        Breach::Backwards { mv } => format!("{seat} moved {} backwards", move_text(mv, letters)),
        Breach::NoDieFor { mv, points, left } => {
            let left = match left {
                DiceLeft::None => "no die is left for it".to_string(),
                DiceLeft::One(d) => format!("the die left is {d}"),
                DiceLeft::Two(x, y) => format!("the dice are {x} and {y}"),
            };
            format!("{seat} moved {}, {points} points, but {left}: lawful plays were {}", move_text(mv, letters), lawful())
        }
        Breach::PuissanceImpossible { corner } => format!(
            "{text} is a corner par puissance, which needs both corners empty and two men each a die from {}: lawful plays were {}",
            corner.letter(letters),
            lawful()
        ),
        Breach::PuissanceWhenNatural => {
            format!("{seat} took the corner par puissance ({text}) though the roll takes it naturally ({})", lawful())
        }
        Breach::RestHeld { mv, held } => {
            let held = match held {
                HeldRest::Both(a, b) => format!("both rest points, {} and {}", a.letter(letters), b.letter(letters)),
                HeldRest::One(q) => format!("the rest point {}", q.letter(letters)),
            };
            format!(
                "{seat} played {} tout d'une but {other} holds {held}: lawful plays were {}",
                move_text(mv, letters),
                lawful()
            )
        }
        Breach::TooManyMoves => {
            let what = if dice.is_doublet() {
                "a doublet moves at most two men, one die each"
            } else {
                "more moves than the dice give"
            };
            format!("{seat} played {text}: {what}; lawful plays were {}", lawful())
        }
        Breach::CornerSingleMan { corner } => played_but(
            seat,
            &text,
            &format!("a single man on the corner {}", corner.letter(letters)),
            &lawful(),
        ),
        Breach::CornerLeaveNotTogether { corner } => played_but(
            seat,
            &text,
            &format!("the last two men of the corner {} must leave it together", corner.letter(letters)),
            &lawful(),
        ),
        Breach::OpponentCorner { corner } => played_but(
            seat,
            &text,
            &format!("no man may go to {other}'s corner {}", corner.letter(letters)),
            &lawful(),
        ),
        Breach::ReturnPassage { at, rest, jan, rest_forbidden } => {
            let may = match (jan, rest_forbidden) {
                (FullJan::Grand, false) => "no man may land there, and a tout d'une rests only on an empty point of it",
                (FullJan::Grand, true) => "no man may land or rest there (passage-rest=forbidden)",
                _ => "no man may land or rest there",
            };
            let how = if *rest { "rests on" } else { "lands on" };
            let why = format!(
                "it {how} {}, a point of {other}'s {}, which {other} can still fill: {may}",
                at.letter(letters),
                jan_name(*jan)
            );
            played_but(seat, &text, &why, &lawful())
        }
        Breach::ProvincialBearOff => played_but(
            seat,
            &text,
            "in the provincial manner a man goes off only when the die cannot be played on the board, and then the man nearest the rail",
            &lawful(),
        ),
        Breach::BearOffNotHome => {
            format!("{seat} bore off with men still outside the jan de retour: lawful plays were {}", lawful())
        }
        Breach::ExcedantNotFarthest { from } => format!(
            "{seat} bore off from {} by excédant, which may take only the man farthest from the rail: lawful plays were {}",
            from.letter(letters),
            lawful()
        ),
        Breach::NeedlessExcedant => format!(
            "{seat} bore a man off by excédant though the dice could be played without: lawful plays were {}",
            lawful()
        ),
        Breach::MustPlayBoth { playable } => {
            let what = match (playable, dice.is_doublet()) {
                (2, true) => "both moves of the doublet could be played",
                (2, false) => "both dice could be played",
                _ => "a die could be played",
            };
            format!("{seat} played {text} but {what}: lawful plays were {}", lawful())
        }
        Breach::MustPlayHigher => format!(
            "{seat} played the {} ({text}) but only one die could be played and the {} could: lawful plays were {}",
            dice.low(),
            dice.high(),
            lawful()
        ),
        Breach::MissedJan { jan, keep: true } => {
            format!("{seat} could keep the {} full ({}) but played {text}", jan_name(*jan), lawful())
        }
        Breach::MissedJan { jan, keep: false } => {
            format!("{seat} could fill the {} ({}) but played {text}", jan_name(*jan), lawful())
        }
        Breach::NotLawful => {
            format!("{seat} played {text}, which is not a lawful play of {dice}: lawful plays were {}", lawful())
        }
    }
}

/// `top played AB: why; lawful plays were …`.
fn played_but(seat: Seat, text: &str, why: &str, lawful: &str) -> String {
    format!("{seat} played {text}: {why}; lawful plays were {lawful}")
}
