//! The words of Jacquet and Moultezim's facts ([`crate::games::jacquet::Fact`]): the
//! fausse cases of docs/games.md §A.10 with the lawful plays, the wrong claims (a hit, the
//! `Position` and `Result` tags). Plays are written in Soumille's letters whatever the
//! record's (the only letters of these games, docs/games.md §0.3).

use crate::board::Dialect;
use crate::games::jacquet::{Fact, Rule};
use crate::games::words::first_three;
use crate::notation::Play as RecordedPlay;

/// The message of a flag saying `fact`, in `letters` (Soumille's, the only ones of the game).
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match fact {
        Fact::FausseCase { throw, seat, dice, rule, play, at, lawful } => {
            let at = match (at, play) {
                (Some(i), RecordedPlay::Moves(m)) => m.get(*i).map(|m| format!(" (`{m}`)")).unwrap_or_default(),
                _ => String::new(),
            };
            format!(
                "throw {throw} ({seat} {dice}): {}{at}; `{play}` is not lawful, lawful plays were {}",
                meaning(*rule),
                first_three(lawful.iter().map(|p| p.notation(*seat)))
            )
        }
        Fact::Hit { throw, seat, dice, variant } => format!(
            "throw {throw} ({seat} {dice}): `*` claims a hit, but {} has no hits (docs/games.md §A.3)",
            variant.name()
        ),
        Fact::NoPosition { variant, error } => {
            format!("the Position tag is no position of {}: {error}", variant.name())
        }
        Fact::ResultEnded { end } => format!(
            "the Result tag says the game is unfinished, but {} bore off its fifteen men and wins {}",
            end.winner, end.points
        ),
        Fact::ResultUnfinished { claimed } => {
            format!("the Result tag says {claimed} won, but the game is unfinished: no seat bore off its fifteen men")
        }
        Fact::ResultDiffers { winner, points, kind } => {
            let mut diffs = Vec::new();
            if let Some(w) = winner {
                diffs.push(format!("the winner is {w}"));
            }
            if let Some(p) = points {
                diffs.push(format!("the points won are {p}"));
            }
            if let Some(k) = kind {
                diffs.push(format!("a win of Jacquet has no kind (the tag says {})", k.name()));
            }
            format!("the Result tag disagrees with the replay: {}", diffs.join("; "))
        }
        Fact::ResultScore { winner } => format!(
            "the Result tag gives a score `W-L`, not the points won (`{} N`, docs/games.md §A.9)",
            winner.map_or("SEAT", |w| w.name())
        ),
    }
}

/// What a rule of docs/games.md §A.10 forbids, in a few words.
pub fn meaning(rule: Rule) -> &'static str {
    match rule {
        Rule::Die => "a move's length matches no unused move of the throw",
        Rule::NotThere => "no man of the seat on the point a move starts from",
        Rule::Occupied => "a man lands or rests on a point holding an opposing man",
        Rule::MovesLeft => "fewer moves played than the throw allows",
        Rule::HigherDie => "the lower die played when only the higher could be",
        Rule::TooMany => "more moves than the throw gives",
        Rule::Postillon => "a man other than the postillon moved before its release, or a second man left the talon",
        Rule::BearOffEarly => "a man borne off before all fifteen are in the last quarter",
        Rule::Overshoot => "a man borne off by a larger number while a man stood farther back",
        Rule::BearOffOrder => "a man borne off while one stood farther from the border",
        Rule::TalonHeld => "a man borne off while the opponent has a man on his talon",
        Rule::PostillonPath => "a block of six made ahead of the opponent's postillon",
        Rule::FirstQuarterBlock => "the first quarter closed while the opponent must pass it",
        Rule::SixBlock => "six consecutive points held with no man on the last two points",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::dice::Dice;
    use crate::games::jacquet::board::SetupError;
    use crate::games::jacquet::{End, Jacquet, Variant};
    use crate::notation::ResultKind;
    use crate::position::PositionError;

    fn words(fact: Fact) -> String {
        message(&fact, Dialect::Soumille)
    }

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).expect("dice")
    }

    /// The recorded play of `text` (a Jacquet throw's play).
    fn recorded(text: &str) -> RecordedPlay {
        let src = format!("[Game \"jacquet\"]\n\n1. 6-1 {text}\n");
        let r = crate::notation::read(&src).into_iter().next().expect("a record");
        r.record.throws[0].play.clone().expect("a play")
    }

    #[test]
    fn every_rule_has_its_meaning() {
        assert!(Rule::ALL.iter().all(|&r| !meaning(r).is_empty()));
        assert_eq!(meaning(Rule::Occupied), "a man lands or rests on a point holding an opposing man");
    }

    #[test]
    fn a_fausse_case_names_the_throw_the_rule_the_move_and_three_lawful_plays() {
        // bottom on A14D throws 6-1 (docs/games.md §A.7.3): the lawful plays, as the engine finds them
        let setup = crate::notation::parser::parse_position("M15/A14D bottom", Dialect::Soumille).expect("a setup");
        let board = crate::games::jacquet::Board::from_setup(&setup).expect("a board");
        let mut plays = crate::games::jacquet::Plays::new();
        Jacquet::default().legal_plays_into(&board, dice(6, 1), &mut plays);
        let lawful: Vec<_> = plays.iter().collect();
        let fact = |at, lawful: Vec<_>| Fact::FausseCase {
            throw: 1,
            seat: Seat::Bottom,
            dice: dice(6, 1),
            rule: Rule::Overshoot,
            play: recorded("A# A#"),
            at,
            lawful,
        };
        assert_eq!(
            words(fact(Some(1), lawful.clone())),
            "throw 1 (bottom 6-1): a man borne off by a larger number while a man stood farther back \
             (`A#`); `A# A#` is not lawful, lawful plays were D# A#, DC#"
        );
        assert_eq!(
            words(fact(None, lawful[..1].to_vec())),
            "throw 1 (bottom 6-1): a man borne off by a larger number while a man stood farther back; \
             `A# A#` is not lawful, lawful plays were D# A#"
        );
        let five = [lawful[0]; 5].to_vec();
        assert!(words(fact(None, five)).ends_with("lawful plays were D# A#, D# A#, D# A# or 2 more"));
        let pass = Fact::FausseCase {
            throw: 7,
            seat: Seat::Top,
            dice: dice(6, 5),
            rule: Rule::MovesLeft,
            play: RecordedPlay::Pass,
            at: Some(0),
            lawful: lawful[..1].to_vec(),
        };
        assert_eq!(
            words(pass),
            "throw 7 (top 6-5): fewer moves played than the throw allows; `-` is not lawful, \
             lawful plays were Q# N#"
        );
    }

    #[test]
    fn a_hit_is_no_jacquet_word() {
        let fact = Fact::Hit { throw: 3, seat: Seat::Top, dice: dice(5, 2), variant: Variant::Moultezim };
        assert_eq!(words(fact), "throw 3 (top 5-2): `*` claims a hit, but moultezim has no hits (docs/games.md §A.3)");
    }

    #[test]
    fn a_start_that_is_no_position() {
        let fact = Fact::NoPosition { variant: Variant::Jacquet, error: SetupError::Bar(Seat::Top, 1) };
        assert_eq!(
            words(fact),
            "the Position tag is no position of jacquet: top has 1 men on the bar, but Jacquet and Moultezim have no bar"
        );
        let fact = Fact::NoPosition {
            variant: Variant::Moultezim,
            error: SetupError::Position(PositionError::Count(Seat::Bottom, 14)),
        };
        assert_eq!(
            words(fact),
            "the Position tag is no position of moultezim: bottom has 14 men; each side holds exactly 15"
        );
    }

    #[test]
    fn the_result_tag_against_the_replay() {
        let end = End { winner: Seat::Bottom, points: 2 };
        assert_eq!(
            words(Fact::ResultEnded { end }),
            "the Result tag says the game is unfinished, but bottom bore off its fifteen men and wins 2"
        );
        assert_eq!(
            words(Fact::ResultUnfinished { claimed: Seat::Top }),
            "the Result tag says top won, but the game is unfinished: no seat bore off its fifteen men"
        );
        assert_eq!(
            words(Fact::ResultDiffers { winner: Some(Seat::Bottom), points: Some(2), kind: Some(ResultKind::Gammon) }),
            "the Result tag disagrees with the replay: the winner is bottom; the points won are 2; \
             a win of Jacquet has no kind (the tag says gammon)"
        );
        assert_eq!(
            words(Fact::ResultDiffers { winner: None, points: Some(1), kind: None }),
            "the Result tag disagrees with the replay: the points won are 1"
        );
        assert_eq!(
            words(Fact::ResultScore { winner: Some(Seat::Top) }),
            "the Result tag gives a score `W-L`, not the points won (`top N`, docs/games.md §A.9)"
        );
        assert_eq!(
            words(Fact::ResultScore { winner: None }),
            "the Result tag gives a score `W-L`, not the points won (`SEAT N`, docs/games.md §A.9)"
        );
    }
}
