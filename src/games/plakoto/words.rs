//! The words of Plakoto's facts ([`super::Fact`]): the fausse cases of docs/games.md §J.8
//! with the lawful plays, the wrong claims. Plays are written in Soumille's letters (the only
//! letters of the game, docs/games.md §0.3).

use super::judge::Rule;
use super::Fact;
use crate::board::Dialect;
use crate::games::words::first_three;

/// The message of a flag saying `fact`, in `letters` (Soumille's, the only ones of the game).
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match fact {
        Fact::FausseCase { throw, seat, dice, rule, play, lawful } => format!(
            "throw {throw} ({seat} {dice}): {}; `{play}` is not lawful, lawful plays were {}",
            meaning(*rule),
            first_three(lawful.iter().map(ToString::to_string))
        ),
        Fact::Hit { throw, seat, dice, play, claimed } => format!(
            "throw {throw} ({seat} {dice}): `{play}` claims a pin (`*`) where none happens or leaves one \
             unclaimed; the play pins as `{claimed}` (docs/games.md §J.7)"
        ),
        Fact::NoPosition { error } => format!("the Position tag is no Plakoto position: {error}"),
        Fact::ResultEnded { end } => {
            format!("the Result tag says the game is unfinished, but it ended: `{end}`")
        }
        Fact::ResultUnfinished => {
            "the Result tag says the game ended, but it is unfinished: no seat bore off its fifteen men and \
             no mother is lost"
                .to_string()
        }
        Fact::ResultDiffers { claimed, end } => {
            format!("the Result tag says `{claimed}`, but the game ended `{end}`")
        }
    }
}

/// What a rule of docs/games.md §J.8 forbids, in a few words.
pub fn meaning(rule: Rule) -> &'static str {
    match rule {
        Rule::Die => "a move's length matches no unused die of the throw",
        Rule::Occupied => "a man stops on a point closed to it (two opposing men, or a pinner's)",
        Rule::Pinned => "a pinned man moves",
        Rule::MovesLeft => "fewer dice played than the throw allows",
        Rule::HigherDie => "the lower die played when only one could be and the higher could",
        Rule::BearOffEarly => "a man borne off before all fifteen are home and free",
        Rule::Overshoot => "a man borne off by a larger number while a man stood farther back",
        Rule::NotThere => "no free man of the seat on the point a move starts from",
        Rule::Hit => "a `*` where no pin happens, or a pin left unclaimed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::dice::Dice;
    use crate::notation::Play;

    #[test]
    fn a_fausse_case_names_the_rule_and_the_lawful_plays() {
        let fact = Fact::FausseCase {
            throw: 3,
            seat: Seat::Top,
            dice: Dice::new(6, 5).unwrap(),
            rule: Rule::Pinned,
            play: Play::Pass,
            lawful: vec![Play::Pass],
        };
        assert_eq!(
            message(&fact, Dialect::Soumille),
            "throw 3 (top 6-5): a pinned man moves; `-` is not lawful, lawful plays were -"
        );
        assert_eq!(
            message(&Fact::ResultUnfinished, Dialect::Soumille),
            "the Result tag says the game ended, but it is unfinished: no seat bore off its fifteen men and no \
             mother is lost"
        );
    }
}
