//! The words of Grand Trictrac's facts ([`crate::games::grand_trictrac::Fact`]): fausse
//! cases (docs/rules.md §10), écoles and fausses écoles (§9), holes and tient/va (§8, §9), the
//! `Result` tag. Points and plays are written in the record's letters.

use crate::board::{Dialect, Seat};
use crate::dice::Dice;
use crate::games::grand_trictrac::facts::{Disputed, Fact, ResultDiff};
use crate::games::grand_trictrac::fausse_case::{Breach, DiceLeft, FausseCase, FullJan, HeldRest, Rule};
use crate::games::grand_trictrac::movegen::Play;
use crate::games::grand_trictrac::scoring::Jan;
use crate::notation::{Play as RecordedPlay, ResultBredouille};

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
        Fact::FausseEcole { throw, seat, amount, due, then } => fausse_ecole(*throw, *seat, *amount, due, then),
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

/// A school claimed that was not due (a fausse école), and what the other seat may do then.
fn fausse_ecole(throw: u32, seat: Seat, amount: u16, due: &[u16], then: &Disputed) -> String {
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
    let played = played.in_letters(letters).to_string();
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
    let lawful = crate::games::words::first_three(
        nearest_first(&case.lawful, seat, played, letters).into_iter().map(|p| p.notation_in(seat, letters)),
    );
    let t = Telling {
        seat,
        other: seat.other(),
        dice,
        played,
        text: played.in_letters(letters).to_string(),
        lawful,
        letters,
    };
    match &case.breach {
        b @ (Breach::NoManThere { .. }
        | Breach::LandsOnHeld { .. }
        | Breach::Backwards { .. }
        | Breach::NoDieFor { .. }
        | Breach::RestHeld { .. }) => t.a_move(b),
        b @ (Breach::PuissanceImpossible { .. }
        | Breach::PuissanceWhenNatural
        | Breach::CornerSingleMan { .. }
        | Breach::CornerLeaveNotTogether { .. }
        | Breach::OpponentCorner { .. }
        | Breach::ReturnPassage { .. }) => t.a_corner_or_passage(b),
        b @ (Breach::ProvincialBearOff
        | Breach::BearOffNotHome
        | Breach::ExcedantNotFarthest { .. }
        | Breach::NeedlessExcedant) => t.a_bearing_off(b),
        b => t.the_dice_or_jans(b),
    }
}

/// What the words of a fausse case are made of.
struct Telling<'a> {
    seat: Seat,
    other: Seat,
    dice: Dice,
    played: &'a RecordedPlay,
    /// The recorded play, in the record's letters.
    text: String,
    /// The lawful plays, three named, nearest the recorded play first.
    lawful: String,
    letters: Dialect,
}

impl Telling<'_> {
    /// The recorded move `k`.
    fn moved(&self, k: u32) -> Option<&crate::notation::Move> {
        match self.played {
            RecordedPlay::Moves(m) => m.get(k as usize),
            RecordedPlay::Pass => None,
        }
    }

    /// The recorded move `k` as written (`-` when there is none).
    fn move_at(&self, k: u32) -> String {
        self.moved(k).map_or_else(|| "-".to_string(), |m| m.in_letters(self.letters).to_string())
    }

    /// `top played AB: why; lawful plays were …`.
    fn but(&self, why: &str) -> String {
        played_but(self.seat, &self.text, why, &self.lawful)
    }

    /// A move that cannot be made as written: no man, a held point, backwards, no die, a held
    /// rest point.
    fn a_move(&self, b: &Breach) -> String {
        let (seat, other, lawful, l) = (self.seat, self.other, &self.lawful, self.letters);
        match b {
            Breach::NoManThere { mv: k, opponent_there } => {
                let whose = if *opponent_there { format!("no {seat} man, only {other}'s") } else { "no man".into() };
                let on = self.moved(*k).and_then(|m| m.from_point()).map_or('@', |p| p.letter(l));
                format!("{seat} moved {} but there is {whose} on {on}: lawful plays were {lawful}", self.move_at(*k))
            }
            Breach::LandsOnHeld { mv: k, at } => {
                format!(
                    "{seat} moved {} but {other} holds {}: lawful plays were {lawful}",
                    self.move_at(*k),
                    at.letter(l)
                )
            }
            Breach::Backwards { mv: k } => format!("{seat} moved {} backwards", self.move_at(*k)),
            Breach::NoDieFor { mv: k, points, left } => {
                let left = match left {
                    DiceLeft::None => "no die is left for it".to_string(),
                    DiceLeft::One(d) => format!("the die left is {d}"),
                    DiceLeft::Two(x, y) => format!("the dice are {x} and {y}"),
                };
                let (m, p) = (self.move_at(*k), crate::games::words::points(*points));
                format!("{seat} moved {m}, {p}, but {left}: lawful plays were {lawful}")
            }
            Breach::RestHeld { mv: k, held } => {
                let held = match held {
                    HeldRest::Both(a, b) => format!("both rest points, {} and {}", a.letter(l), b.letter(l)),
                    HeldRest::One(q) => format!("the rest point {}", q.letter(l)),
                };
                format!(
                    "{seat} played {} tout d'une but {other} holds {held}: lawful plays were {lawful}",
                    self.move_at(*k)
                )
            }
            _ => self.the_dice_or_jans(b),
        }
    }

    /// The rest corners (docs/rules.md §3) and the passage of the return run.
    fn a_corner_or_passage(&self, b: &Breach) -> String {
        let (seat, other, text, lawful, l) = (self.seat, self.other, &self.text, &self.lawful, self.letters);
        match b {
            Breach::PuissanceImpossible { corner } => format!(
                "{text} is a corner par puissance, which needs both corners empty and two men each a die from {}: lawful plays were {lawful}",
                corner.letter(l),
            ),
            Breach::PuissanceWhenNatural => {
                format!("{seat} took the corner par puissance ({text}) though the roll takes it naturally ({lawful})")
            }
            Breach::CornerSingleMan { corner } => self.but(&format!("a single man on the corner {}", corner.letter(l))),
            Breach::CornerLeaveNotTogether { corner } => {
                self.but(&format!("the last two men of the corner {} must leave it together", corner.letter(l)))
            }
            Breach::OpponentCorner { corner } => {
                self.but(&format!("no man may go to {other}'s corner {}", corner.letter(l)))
            }
            Breach::ReturnPassage { at, rest, jan, rest_forbidden } => {
                let may = match (jan, rest_forbidden) {
                    (FullJan::Grand, false) => {
                        "no man may land there, and a tout d'une rests only on an empty point of it"
                    }
                    (FullJan::Grand, true) => "no man may land or rest there (passage-rest=forbidden)",
                    _ => "no man may land or rest there",
                };
                let how = if *rest { "rests on" } else { "lands on" };
                self.but(&format!(
                    "it {how} {}, a point of {other}'s {}, which {other} can still fill: {may}",
                    at.letter(l),
                    jan_name(*jan)
                ))
            }
            _ => self.the_dice_or_jans(b),
        }
    }

    /// Bearing off (docs/rules.md §3).
    fn a_bearing_off(&self, b: &Breach) -> String {
        let (seat, lawful) = (self.seat, &self.lawful);
        match b {
            Breach::ProvincialBearOff => self.but(
                "in the provincial manner a man goes off only when the die cannot be played on the board, and then the man nearest the rail",
            ),
            Breach::BearOffNotHome => {
                format!("{seat} bore off with men still outside the jan de retour: lawful plays were {lawful}")
            }
            Breach::ExcedantNotFarthest { from } => format!(
                "{seat} bore off from {} by excédant, which may take only the man farthest from the rail: lawful plays were {lawful}",
                from.letter(self.letters),
            ),
            Breach::NeedlessExcedant => format!(
                "{seat} bore a man off by excédant though the dice could be played without: lawful plays were {lawful}",
            ),
            _ => self.the_dice_or_jans(b),
        }
    }

    /// The dice (too many moves, both dice, the higher die), the jans to fill or keep, or no
    /// lawful play at all.
    fn the_dice_or_jans(&self, b: &Breach) -> String {
        let (seat, dice, text, lawful) = (self.seat, self.dice, &self.text, &self.lawful);
        match b {
            Breach::TooManyMoves => {
                let what = if dice.is_doublet() {
                    "a doublet moves at most two men, one die each"
                } else {
                    "more moves than the dice give"
                };
                format!("{seat} played {text}: {what}; lawful plays were {lawful}")
            }
            Breach::MustPlayBoth { playable } => {
                let what = match (playable, dice.is_doublet()) {
                    (2, true) => "both moves of the doublet could be played",
                    (2, false) => "both dice could be played",
                    _ => "a die could be played",
                };
                format!("{seat} played {text} but {what}: lawful plays were {lawful}")
            }
            Breach::MustPlayHigher => format!(
                "{seat} played the {} ({text}) but only one die could be played and the {} could: lawful plays were {lawful}",
                dice.low(),
                dice.high(),
            ),
            Breach::MissedJan { jan, keep: true } => {
                format!("{seat} could keep the {} full ({lawful}) but played {text}", jan_name(*jan))
            }
            Breach::MissedJan { jan, keep: false } => {
                format!("{seat} could fill the {} ({lawful}) but played {text}", jan_name(*jan))
            }
            _ => format!("{seat} played {text}, which is not a lawful play of {dice}: lawful plays were {lawful}"),
        }
    }
}

/// `top played AB: why; lawful plays were …`.
fn played_but(seat: Seat, text: &str, why: &str, lawful: &str) -> String {
    format!("{seat} played {text}: {why}; lawful plays were {lawful}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::games::grand_trictrac::movegen::{Board, MoveRules};
    use crate::notation::jan::JanCode;
    use crate::notation::{Move, Target};
    use crate::position::Position;

    fn pt(c: char) -> Point {
        Point::from_letter(c, Dialect::Soumille).unwrap()
    }

    fn mv(from: char, to: char) -> Move {
        Move::new(pt(from), None, Target::Point(pt(to)))
    }

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    /// The legal plays of `d` for top at the opening.
    fn opening_plays(d: Dice) -> Vec<Play> {
        let pos = Position::opening(Seat::Top);
        Board::new(&pos, MoveRules::default()).legal_plays(d).iter().copied().collect()
    }

    /// The words of a fausse case at throw 3 by top, the recorded play `played` of `d`, the
    /// lawful plays those of the opening.
    fn fc(d: Dice, played: &[Move], rule: Rule, breach: Breach, letters: Dialect) -> String {
        let case = FausseCase { rule, breach, fatal: false, lawful: opening_plays(d) };
        let played = RecordedPlay::Moves(played.iter().cloned().collect());
        message(&Fact::FausseCase { throw: 3, seat: Seat::Top, dice: d, played, case }, letters)
    }

    #[test]
    fn a_fausse_case_names_three_lawful_plays_nearest_the_recorded_one_first() {
        let d = dice(2, 1);
        let s = |l| fc(d, &[mv('A', 'B')], Rule::MustPlayBoth, Breach::MustPlayBoth { playable: 2 }, l);
        assert_eq!(
            s(Dialect::Soumille),
            "throw 3 (top 2-1): top played AB but both dice could be played: lawful plays were AB AC, AD"
        );
        assert_eq!(
            s(Dialect::Lepeintre),
            "throw 3 (top 2-1): top played yx but both dice could be played: lawful plays were yx yv, yu"
        );
        // as near as each other (the recorded move, or two of the same man's start): by their letters
        let s = fc(d, &[mv('A', 'D')], Rule::MustFill, Breach::NotLawful, Dialect::Soumille);
        assert_eq!(
            s,
            "throw 3 (top 2-1): top played AD, which is not a lawful play of 2-1: lawful plays were AB AC, AD"
        );
    }

    #[test]
    fn the_words_of_each_way_a_move_breaks_the_rules() {
        let d = dice(2, 1);
        let lawful = "lawful plays were AB AC, AD";
        // a move at fault: the second of the recorded play, after AB
        let moved = [
            (
                mv('C', 'D'),
                Rule::NotOwnMan,
                Breach::NoManThere { mv: 1, opponent_there: false },
                format!("top moved CD but there is no man on C: {lawful}"),
            ),
            (
                mv('Z', '&'),
                Rule::NotOwnMan,
                Breach::NoManThere { mv: 1, opponent_there: true },
                format!("top moved Z& but there is no top man, only bottom's on Z: {lawful}"),
            ),
            (
                mv('A', 'C'),
                Rule::Blocked,
                Breach::LandsOnHeld { mv: 1, at: pt('C') },
                format!("top moved AC but bottom holds C: {lawful}"),
            ),
            (mv('C', 'B'), Rule::DieMismatch, Breach::Backwards { mv: 1 }, "top moved CB backwards".to_string()),
            (
                mv('A', 'E'),
                Rule::DieMismatch,
                Breach::NoDieFor { mv: 1, points: 4, left: DiceLeft::Two(2, 1) },
                format!("top moved AE, 4 points, but the dice are 2 and 1: {lawful}"),
            ),
            (
                mv('A', 'E'),
                Rule::DieMismatch,
                Breach::NoDieFor { mv: 1, points: 4, left: DiceLeft::One(1) },
                format!("top moved AE, 4 points, but the die left is 1: {lawful}"),
            ),
            (
                mv('A', 'E'),
                Rule::DieMismatch,
                Breach::NoDieFor { mv: 1, points: 4, left: DiceLeft::None },
                format!("top moved AE, 4 points, but no die is left for it: {lawful}"),
            ),
            (
                mv('A', 'D'),
                Rule::RestPointBlocked,
                Breach::RestHeld { mv: 1, held: HeldRest::One(pt('C')) },
                format!("top played AD tout d'une but bottom holds the rest point C: {lawful}"),
            ),
            (
                mv('A', 'D'),
                Rule::RestPointBlocked,
                Breach::RestHeld { mv: 1, held: HeldRest::Both(pt('B'), pt('C')) },
                format!("top played AD tout d'une but bottom holds both rest points, B and C: {lawful}"),
            ),
        ];
        for (at_fault, rule, breach, words) in moved {
            let played = [mv('A', 'B'), at_fault];
            assert_eq!(fc(d, &played, rule, breach, Dialect::Soumille), format!("throw 3 (top 2-1): {words}"));
        }
        // a move the play does not have (no panic)
        let s = fc(d, &[], Rule::Blocked, Breach::LandsOnHeld { mv: 5, at: pt('C') }, Dialect::Soumille);
        assert_eq!(s, format!("throw 3 (top 2-1): top moved - but bottom holds C: {lawful}"));
        // the play as a whole
    }

    /// Each rule a whole play of 2-1 (`AB`) breaks, and its words.
    /// Each way a whole play breaks the rules, with its words after the throw.
    fn whole_play_cases(lawful: &str) -> Vec<(Rule, Breach, String)> {
        let mut cases = corner_and_passage_cases(lawful);
        cases.extend(bear_off_and_must_cases(lawful));
        cases
    }

    /// The corners' and the passage's cases of [`whole_play_cases`].
    fn corner_and_passage_cases(lawful: &str) -> Vec<(Rule, Breach, String)> {
        vec![
            (
                Rule::DieMismatch,
                Breach::PuissanceImpossible { corner: pt('N') },
                format!("AB is a corner par puissance, which needs both corners empty and two men each a die from N: {lawful}"),
            ),
            (
                Rule::CornerByForceWhenNatural,
                Breach::PuissanceWhenNatural,
                "top took the corner par puissance (AB) though the roll takes it naturally (AB AC, AD)".to_string(),
            ),
            (Rule::DieMismatch, Breach::TooManyMoves, format!("top played AB: more moves than the dice give; {lawful}")),
            (
                Rule::CornerSingleMan,
                Breach::CornerSingleMan { corner: pt('M') },
                format!("top played AB: a single man on the corner M; {lawful}"),
            ),
            (
                Rule::CornerLeaveNotTogether,
                Breach::CornerLeaveNotTogether { corner: pt('M') },
                format!("top played AB: the last two men of the corner M must leave it together; {lawful}"),
            ),
            (
                Rule::OpponentCorner,
                Breach::OpponentCorner { corner: pt('N') },
                format!("top played AB: no man may go to bottom's corner N; {lawful}"),
            ),
            (
                Rule::ReturnPassage,
                Breach::ReturnPassage { at: pt('T'), rest: false, jan: FullJan::Petit, rest_forbidden: false },
                format!("top played AB: it lands on T, a point of bottom's petit jan, which bottom can still fill: no man may land or rest there; {lawful}"),
            ),
            (
                Rule::ReturnPassage,
                Breach::ReturnPassage { at: pt('P'), rest: true, jan: FullJan::Grand, rest_forbidden: false },
                format!("top played AB: it rests on P, a point of bottom's grand jan, which bottom can still fill: no man may land there, and a tout d'une rests only on an empty point of it; {lawful}"),
            ),
            (
                Rule::ReturnPassage,
                Breach::ReturnPassage { at: pt('P'), rest: true, jan: FullJan::Grand, rest_forbidden: true },
                format!("top played AB: it rests on P, a point of bottom's grand jan, which bottom can still fill: no man may land or rest there (passage-rest=forbidden); {lawful}"),
            ),
        ]
    }

    /// The bear-off's and the obligations' cases of [`whole_play_cases`].
    fn bear_off_and_must_cases(lawful: &str) -> Vec<(Rule, Breach, String)> {
        vec![
            (
                Rule::BearOff,
                Breach::ProvincialBearOff,
                format!("top played AB: in the provincial manner a man goes off only when the die cannot be played on the board, and then the man nearest the rail; {lawful}"),
            ),
            (
                Rule::BearOff,
                Breach::BearOffNotHome,
                format!("top bore off with men still outside the jan de retour: {lawful}"),
            ),
            (
                Rule::BearOff,
                Breach::ExcedantNotFarthest { from: pt('X') },
                format!("top bore off from X by excédant, which may take only the man farthest from the rail: {lawful}"),
            ),
            (
                Rule::BearOff,
                Breach::NeedlessExcedant,
                format!("top bore a man off by excédant though the dice could be played without: {lawful}"),
            ),
            (
                Rule::MustPlayBoth,
                Breach::MustPlayBoth { playable: 1 },
                format!("top played AB but a die could be played: {lawful}"),
            ),
            (
                Rule::MustPlayHigher,
                Breach::MustPlayHigher,
                format!("top played the 1 (AB) but only one die could be played and the 2 could: {lawful}"),
            ),
            (
                Rule::MustFill,
                Breach::MissedJan { jan: FullJan::Grand, keep: false },
                "top could fill the grand jan (AB AC, AD) but played AB".to_string(),
            ),
            (
                Rule::MustPreserve,
                Breach::MissedJan { jan: FullJan::Retour, keep: true },
                "top could keep the jan de retour full (AB AC, AD) but played AB".to_string(),
            ),
            (
                Rule::DieMismatch,
                Breach::NotLawful,
                format!("top played AB, which is not a lawful play of 2-1: {lawful}"),
            ),
        ]
    }

    #[test]
    fn the_words_of_each_way_a_whole_play_breaks_the_rules() {
        let d = dice(2, 1);
        let ab = [mv('A', 'B')];
        let w = |rule, breach| fc(d, &ab, rule, breach, Dialect::Soumille);
        let cases = whole_play_cases("lawful plays were AB AC, AD");
        for (rule, breach, words) in cases {
            assert_eq!(w(rule, breach), format!("throw 3 (top 2-1): {words}"));
        }
        // a doublet
        let d = dice(3, 3);
        let s = |breach| fc(d, &ab, Rule::DoubletTooManyMen, breach, Dialect::Soumille);
        assert_eq!(
            s(Breach::TooManyMoves),
            "throw 3 (top 3-3): top played AB: a doublet moves at most two men, one die each; lawful plays were AD AD, AG"
        );
        assert_eq!(
            s(Breach::MustPlayBoth { playable: 2 }),
            "throw 3 (top 3-3): top played AB but both moves of the doublet could be played: lawful plays were AD AD, AG"
        );
    }

    #[test]
    fn an_ecole_names_the_jans_and_the_school() {
        let vrai = Jan { code: JanCode::Vrai, seat: Seat::Top, ways: 2, points: 4, at: Some(pt('G')) };
        let plein = Jan { code: JanCode::PetitJan, seat: Seat::Top, ways: 1, points: 4, at: None };
        let f = |claimed, worth, jans: Vec<Jan>| {
            message(&Fact::Ecole { throw: 7, seat: Seat::Top, claimed, worth, jans }, Dialect::Soumille)
        };
        assert_eq!(
            f(2, 8, vec![vrai, plein]),
            "throw 7: top marked 2, the throw is worth 8 to top (vrai at G x2 = 4, petit-jan x1 = 4): école par moins of 6 for bottom"
        );
        assert_eq!(
            f(4, 0, vec![]),
            "throw 7: top marked 4, the throw is worth 0 to top (nothing): école par trop of 4 for bottom"
        );
        assert_eq!(
            message(
                &Fact::Ecole { throw: 7, seat: Seat::Top, claimed: 6, worth: 4, jans: vec![vrai] },
                Dialect::Lepeintre
            ),
            "throw 7: top marked 6, the throw is worth 4 to top (vrai at r x2 = 4): école par trop of 2 for bottom"
        );
        let jan = |rule| Fact::JanNotKept {
            throw: 9,
            seat: Seat::Bottom,
            rule,
            dropped: 4,
            jans: vec![Jan { seat: Seat::Bottom, ..plein }],
            claimed: 4,
            keeps: 0,
            amount: 8,
        };
        assert_eq!(
            message(&jan(Rule::MustFill), Dialect::Soumille),
            "throw 9: bottom could fill a jan and did not: the 4 points of it are not bottom's (petit-jan x1 = 4); bottom marked 4, keeps 0: école of 8 for top"
        );
        assert_eq!(
            message(&jan(Rule::MustPreserve), Dialect::Soumille),
            "throw 9: bottom broke a jan it could keep: the 4 points of it are not bottom's (petit-jan x1 = 4); bottom marked 4, keeps 0: école of 8 for top"
        );
        assert_eq!(
            message(&Fact::MarkedAfterGo { throw: 5, went: Seat::Top, claimed: 2 }, Dialect::Soumille),
            "throw 5: top went, so bottom marks nothing for this roll, but marked 2: école par trop"
        );
    }

    #[test]
    fn a_fausse_ecole_says_what_was_due_and_what_the_other_may_mark() {
        let f = |due: Vec<u16>, then| {
            message(&Fact::FausseEcole { throw: 4, seat: Seat::Bottom, amount: 4, due, then }, Dialect::Soumille)
        };
        assert_eq!(
            f(vec![], Disputed::Marks),
            "throw 4: bottom claimed a school of 4 but none was due: a fausse école; top may mark 4"
        );
        assert_eq!(
            f(vec![2, 6], Disputed::Augmentation),
            "throw 4: bottom claimed a school of 4 but the schools due were 2, 6: a fausse école; top may mark 4 again (augmentation d'école)"
        );
        assert_eq!(
            f(vec![2], Disputed::AlreadyDoubled),
            "throw 4: bottom claimed a school of 4 but the schools due were 2: a fausse école; top's school was already doubled, so nothing more is due"
        );
    }

    #[test]
    fn hole_claims_and_decisions() {
        let m = |fact| message(&fact, Dialect::Soumille);
        let (throw, seat) = (6, Seat::Top);
        assert_eq!(
            m(Fact::FewerHoles { throw, seat, claimed: 1, given: 2, bredouille: true }),
            "throw 6: top claimed 1 hole(s), the marks give 2: a bredouille hole not claimed (not an école); the record's count stands"
        );
        assert_eq!(
            m(Fact::FewerHoles { throw, seat, claimed: 0, given: 1, bredouille: false }),
            "throw 6: top claimed 0 hole(s), the marks give 1: fewer holes than the marks give; the record's count stands"
        );
        assert_eq!(
            m(Fact::HolesUnmarked { throw, seat, claimed: 2, given: 0 }),
            "throw 6: top claimed 2 hole(s), the throw gives 0; the record's count stands"
        );
        assert_eq!(
            m(Fact::MoreHoles { throw, seat, claimed: 3, given: 1 }),
            "throw 6: top claimed 3 hole(s), the marks give 1: école of 24 points for bottom"
        );
        assert_eq!(
            m(Fact::NoDecision { throw, seat }),
            "throw 6: top won a hole and says neither tient nor va; read as tient"
        );
        assert_eq!(
            m(Fact::NeedlessDecision { throw, seat }),
            "throw 6: top won no hole with this throw, so there is nothing to hold or go; ignored"
        );
    }

    #[test]
    fn the_result_tag_against_the_replay() {
        let m = |fact| message(&fact, Dialect::Soumille);
        assert_eq!(
            m(Fact::ResultUnfinished { winner: Seat::Bottom, winner_holes: 12, loser_holes: 3 }),
            "the Result tag says the tour is unfinished, but bottom reached 12 holes to 3"
        );
        assert_eq!(
            m(Fact::ResultNotWon { winner: Seat::Top, holes: [7, 9] }),
            "the Result tag says top won, but the replay ends with holes top 7 bottom 9"
        );
        assert_eq!(
            m(Fact::ResultDisagrees(vec![
                ResultDiff::Winner(Seat::Top),
                ResultDiff::Holes(12, 4),
                ResultDiff::NotGrandeBredouille(ResultBredouille::Bredouille),
                ResultDiff::Stakes(2.5),
            ])),
            "the Result tag disagrees with the replay: the winner is top; the holes are 12-4; it was not won en grande bredouille (the tag says bredouille); the stakes are 2.5"
        );
        assert_eq!(
            m(Fact::ResultDisagrees(vec![ResultDiff::NotGrandeBredouille(ResultBredouille::Grande)])),
            "the Result tag disagrees with the replay: it was not won en grande bredouille (the tag says grande-bredouille)"
        );
        assert_eq!(m(Fact::ResultPoints), "the Result tag gives points won, not a Grand Trictrac result");
    }

    #[test]
    fn the_shared_words_of_a_stop_and_a_wrong_seat_serve_grand_trictrac() {
        use crate::replay::{Fact as Any, Stop};
        let stop = |why, last| crate::replay::words::message(&Any::Stop { throw: 4, why, last }, Dialect::Soumille);
        assert_eq!(
            stop(Stop::CannotApply { before_marks: true }, 9),
            "the play of throw 4 cannot be applied: the replay stops here, before its marks; throws 5..9 are not replayed"
        );
        assert_eq!(
            stop(Stop::NoPlay { seat: Seat::Top }, 5),
            "throw 4 records no play though top could play: the replay stops here; throw 5 is not replayed"
        );
        let seat = Any::Seat { throw: 2, recorded: Seat::Top, expected: Seat::Bottom, again_after_doublet: false };
        assert_eq!(
            crate::replay::words::message(&seat, Dialect::Soumille),
            "throw 2: the record says top threw, but it was bottom's turn"
        );
    }
}
