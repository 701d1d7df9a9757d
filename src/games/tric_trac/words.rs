//! The words of Tric Trac's facts ([`crate::games::tric_trac::Fact`]): the flags of docs/games.md
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
        Fact::ResultUnfinished { length, stands } => {
            let stands = match stands {
                Some((leader, w, l)) => format!("{leader} {w}-{l}"),
                None => "level".to_string(),
            };
            format!("the Result tag says the series is unfinished, but its {length} parties (the Parties tag) were played: it stands {stands}")
        }
        Fact::SeriesUnfinished { played, length } => format!(
            "the Result tag gives the series' winner, but {played} of its {length} parties were played (the Parties tag)"
        ),
        Fact::PartiesTag { value } => {
            format!("the Parties tag `{value}` is no number of parties: the series' length is not known")
        }
    }
}

/// Why `explain` shows nothing under a `Rules` tag Tric Trac cannot read: the options it
/// knows and their values (docs/games.md §F).
pub fn unknown_options() -> String {
    let values = crate::games::tric_trac::Options::VALUES;
    format!(
        "unknown rule options for tric-trac; the options are plus-fort ({}), pont ({}), points-perdant ({})",
        values[0].join(", "),
        values[1].join(", "),
        values[2].join(", ")
    )
}

/// `partie`, `partie double`, …: a partie of `value` (1 to 4) as the records and the words
/// name it (docs/games.md §E.11).
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
    let lawful = crate::games::words::first_three(fc.lawful.iter().map(|p| p.text(seat)));
    format!("throw {throw} ({seat} {dice}): played {played}: {what}; lawful plays were {lawful}")
}

/// What the rule of docs/games.md §E.12 that `fc` breaks says of the play (`played`, its text).
fn rule_broken(fc: &FausseCase, played: &str) -> String {
    let FausseCase { seat, dice, fault: Fault { rule, from: f, to: t, .. }, .. } = *fc;
    let l = |p: u8| letter(seat, p);
    let bosse = l(BOSSE as u8);
    match rule {
        Rule::Die if t <= f && f != 0 => format!("{}{} goes backwards", l(f), l(t)),
        Rule::Die if f != 0 => {
            format!("no die of {dice} moves {}{}, {}", l(f), l(t), crate::games::words::points(t - f))
        }
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
        Rule::Overshoot => {
            format!("{}# needs {}: no man is carried beyond the arrival", l(f), (ARRIVAL as u8).saturating_sub(f))
        }
        Rule::AfterWin => "the partie was won by the move before: the rest of the throw is not played".to_string(),
    }
}

/// The note of a replayed throw for the renderers: the partie it won (its value) and the
/// winner's decision, fifteen men put back on the start point (docs/games.md §E.10).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::dice::Dice;
    use crate::games::tric_trac::board::SetupError;
    use crate::games::tric_trac::judge::Path;
    use crate::games::tric_trac::movegen::{legal_plays_into, Plays};
    use crate::games::tric_trac::options::Options;
    use crate::games::tric_trac::score::{Choice, PartieWon};
    use crate::games::OptionError;
    use crate::position::Position;

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    fn words(f: Fact) -> String {
        message(&f, Dialect::Soumille)
    }

    /// A fausse case of bottom's at throw 1 from the opening, breaking `rule` at `from`→`to`
    /// of the play `played`, the lawful plays those of the roll.
    fn fausse_case(d: Dice, played: Vec<Path>, rule: Rule, from: u8, to: u8) -> FausseCase {
        let pos = Position::opening(Seat::Bottom);
        let mut plays = Plays::default();
        legal_plays_into(&pos, 0, d, &Options::default(), &mut plays);
        let fault = Fault { rule, path: Some(0), from, to, fatal: false };
        let lawful = fault.lawful(Seat::Bottom, &played, &plays);
        FausseCase {
            throw: 1,
            seat: Seat::Bottom,
            dice: d,
            played,
            fault,
            max_moves: plays.max_moves,
            natural_bosse: plays.natural_bosse,
            lawful,
        }
    }

    #[test]
    fn a_fausse_case_names_the_throw_the_play_the_rule_and_three_lawful_plays() {
        let f = fausse_case(dice(5, 4), vec![Path::new(1, 7)], Rule::Die, 1, 7);
        assert_eq!(
            words(Fact::FausseCase(Box::new(f))),
            "throw 1 (bottom 5-4): played &S: no die of 5-4 moves &S, 6 points; lawful plays were &T &V, &TP"
        );
        let f = fausse_case(dice(6, 5), vec![Path::new(1, 2), Path::new(1, 3)], Rule::Die, 1, 2);
        assert_eq!(
            words(Fact::FausseCase(Box::new(f))),
            "throw 1 (bottom 6-5): played &Z &Y: no die of 6-5 moves &Z, 1 point; lawful plays were &S &T"
        );
        // the E.11 example: the plays nearest the recorded one first, then how many more
        let pos = crate::games::tric_trac::board::position("A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom");
        let mut plays = Plays::default();
        legal_plays_into(&pos, 9, dice(6, 1), &Options::default(), &mut plays);
        let played = vec![Path::new(5, 11), Path::new(23, 24)];
        let fault = Fault { rule: Rule::MovesLeft, path: None, from: 0, to: 0, fatal: false };
        let lawful = fault.lawful(Seat::Bottom, &played, &plays);
        let f = FausseCase {
            throw: 17,
            seat: Seat::Bottom,
            dice: dice(6, 1),
            played,
            fault,
            max_moves: 2,
            natural_bosse: false,
            lawful,
        };
        assert_eq!(
            words(Fact::FausseCase(Box::new(f))),
            "throw 17 (bottom 6-1): played VO B#: a play of 6-1 uses 2 moves here; lawful plays were VO B#, PI B#, QK* B# or 29 more"
        );
    }

    #[test]
    fn each_rule_of_e12_has_its_words() {
        let said = |rule, from, to, d: Dice| {
            let mut f = fausse_case(d, vec![Path::new(from, to)], rule, from, to);
            f.natural_bosse = rule == Rule::ParPuissance && from == 1;
            rule_broken(&f, "XY")
        };
        let d = dice(5, 4);
        assert_eq!(said(Rule::Die, 7, 3, d), "SY goes backwards");
        assert_eq!(said(Rule::Die, 0, 0, d), "XY is not a play of 5-4");
        assert_eq!(said(Rule::NotThere, 9, 14, d), "bottom has no man on Q");
        assert_eq!(said(Rule::MovesLeft, 1, 6, d), "a play of 5-4 uses 2 moves here");
        assert_eq!(said(Rule::HigherDie, 1, 5, d), "only one die of 5-4 can be played and it must be the higher, 5");
        assert_eq!(said(Rule::TooMany, 1, 5, d), "a throw gives two moves, a doublet too");
        assert_eq!(said(Rule::Occupied, 1, 5, d), "top holds V with two men or more");
        assert_eq!(said(Rule::BosseAdverse, 9, 13, d), "M is top's bosse, closed even empty");
        assert_eq!(said(Rule::Entry, 6, 10, d), "men remain on &: they enter before any other man moves");
        assert_eq!(said(Rule::BosseFirst, 7, 12, d), "the bosse N is first taken by two men together, one die each");
        assert_eq!(
            said(Rule::BosseLast, 12, 17, d),
            "one man would stand alone on the bosse N: the last two leave together"
        );
        assert_eq!(
            said(Rule::ParPuissance, 1, 12, d),
            "the bosse N is taken par puissance only when it cannot be taken naturally"
        );
        assert_eq!(
            said(Rule::ParPuissance, 8, 12, d),
            "the bosse N is taken par puissance only while it is empty, by two men a die each from M"
        );
        assert_eq!(said(Rule::Overshoot, 21, 24, d), "D# needs 3: no man is carried beyond the arrival");
        assert_eq!(
            said(Rule::AfterWin, 20, 24, d),
            "the partie was won by the move before: the rest of the throw is not played"
        );
        let one = fausse_case(dice(6, 6), vec![], Rule::MovesLeft, 0, 0);
        let one = FausseCase { max_moves: 1, ..one };
        assert_eq!(rule_broken(&one, "-"), "a play of 6-6 uses 1 move here");
    }

    #[test]
    fn a_start_that_cannot_be_set_stops_the_replay() {
        let e = SetupError::Bar(Seat::Top);
        assert_eq!(
            words(Fact::NoStart { why: StartFault::Position(e.clone()), throws: Some((1, 9)) }),
            "Position: top has men on the bar, which Tric Trac has not: captured men go back to the start point: the replay stops here; throws 2..9 are not replayed"
        );
        assert_eq!(
            words(Fact::NoStart { why: StartFault::Position(e.clone()), throws: Some((1, 2)) }),
            "Position: top has men on the bar, which Tric Trac has not: captured men go back to the start point: the replay stops here; throw 2 is not replayed"
        );
        assert_eq!(
            words(Fact::NoStart { why: StartFault::Position(e), throws: None }),
            "Position: top has men on the bar, which Tric Trac has not: captured men go back to the start point"
        );
        let pair = crate::notation::RulePair::new("pont", "une-fois");
        let e = OptionError::new(crate::notation::Game::TricTrac, crate::games::OptionFault::Twice, &pair, &[]);
        assert_eq!(
            words(Fact::NoStart { why: StartFault::Rules(e), throws: None }),
            "the Rules tag: rule option `pont` is given twice"
        );
    }

    #[test]
    fn decisions_name_the_throw_and_the_word() {
        assert_eq!(
            words(Fact::ForeignDecision { throw: 4, decision: Decision::Hold }),
            "throw 4: `tient` is Grand Trictrac's; a Tric Trac partie ends with prolonge or recommence"
        );
        assert_eq!(
            words(Fact::ForeignDecision { throw: 4, decision: Decision::Go }),
            "throw 4: `va` is Grand Trictrac's; a Tric Trac partie ends with prolonge or recommence"
        );
        assert_eq!(
            words(Fact::DecisionMissing { won_by: 12 }),
            "throw 12 won the partie, but the winner's decision (prolonge or recommence) is missing and more throws follow: recommence is taken"
        );
        assert_eq!(
            words(Fact::DecisionWithoutPartie { throw: 5, choice: Choice::Prolonge }),
            "throw 5: `prolonge` after a throw that won no partie"
        );
    }

    #[test]
    fn claims_give_what_was_written_and_what_was_made() {
        let played = vec![Path::new(7, 12).with_hits(1), Path::new(20, 24)];
        assert_eq!(
            words(Fact::Hit { throw: 3, seat: Seat::Bottom, played }),
            "throw 3: the captures written (SN* E#) are not those made: a `*` goes after each point where a lone man was captured"
        );
        let marks =
            Fact::Marks { throw: 17, seat: Seat::Bottom, claimed: 2, computed: 3, captures: 0, borne_off: 1, pont: 2 };
        assert_eq!(words(marks), "throw 17: bottom marked 2, the play scores 3 (0 captured, 1 borne off, pont 2)");
        let won = PartieWon { winner: Seat::Top, value: 2, winner_points: 13, loser_points: 4 };
        assert_eq!(
            words(Fact::Partie { throw: 9, claimed: None, won: Some(won), points: [13, 4] }),
            "throw 9: the record says no partie, but top won the partie double (13 to 4)"
        );
        assert_eq!(
            words(Fact::Partie { throw: 9, claimed: Some(3), won: None, points: [7, 11] }),
            "throw 9: the record says partie triple, but no partie was won (top 7, bottom 11)"
        );
        assert_eq!(
            words(Fact::Partie { throw: 9, claimed: Some(1), won: None, points: [0, 2] }),
            "throw 9: the record says partie, but no partie was won (top 0, bottom 2)"
        );
    }

    #[test]
    fn the_result_tag_against_the_series() {
        let claimed = (Seat::Top, 3, 1);
        assert_eq!(
            words(Fact::Result { claimed, stands: Some((Seat::Top, 2, 1)), parties: [2, 1] }),
            "the Result tag says top 3-1, but the series stands top 2-1"
        );
        assert_eq!(
            words(Fact::Result { claimed, stands: None, parties: [2, 2] }),
            "the Result tag says top 3-1, but the series stands level, 2-2"
        );
        assert_eq!(
            words(Fact::ResultNotASeries),
            "the Result tag gives points won, not a Tric Trac series (`top 5-2`, the parties' values)"
        );
        assert_eq!(
            words(Fact::ResultUnfinished { length: 3, stands: Some((Seat::Bottom, 4, 1)) }),
            "the Result tag says the series is unfinished, but its 3 parties (the Parties tag) were played: it stands bottom 4-1"
        );
        assert_eq!(
            words(Fact::SeriesUnfinished { played: 2, length: 12 }),
            "the Result tag gives the series' winner, but 2 of its 12 parties were played (the Parties tag)"
        );
        assert_eq!(
            words(Fact::PartiesTag { value: "douze".into() }),
            "the Parties tag `douze` is no number of parties: the series' length is not known"
        );
    }

    #[test]
    fn a_steps_note_names_the_partie_and_the_decision() {
        assert_eq!(step_note(Some((1, Choice::Recommence)), false), "partie recommence");
        assert_eq!(
            step_note(Some((4, Choice::Prolonge)), true),
            "partie quadruple prolonge, fifteen off: back on the start point"
        );
        assert_eq!(step_note(None, false), "");
    }
}
