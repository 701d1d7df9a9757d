//! The words of Backgammon's facts ([`crate::games::backgammon::Fact`]): what each rule of
//! GAMES.md §D.10 means, the recorded play and the lawful ones, the cube's actions, the
//! `Result` and `Position` claims. Plays are written in Soumille's letters (GAMES.md §0.3:
//! the game is written in them).

use crate::board::{Dialect, Seat};
use crate::games::backgammon::{Board, CubeRule, Fact, Play, PositionFault, ResultFault, Rule};
use crate::notation::{CubeAnswer, Play as RecordedPlay};

/// The message of a flag saying `fact`, in `letters` (Backgammon writes Soumille's).
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match fact {
        Fact::Position(why) => format!("the Position tag is no position of backgammon: {}", position(why)),
        Fact::Cube { throw, rule, doubler, owner, written, value } => {
            let why = match rule {
                CubeRule::Off => "the cube is not in play (cube=non)".to_string(),
                CubeRule::Owner => format!("{doubler} doubles but {} owns the cube", owner.map_or("nobody", Seat::name)),
                CubeRule::Timing => "a double before the game's first throw".to_string(),
                CubeRule::Value => format!(
                    "the double is written {} but the cube goes from {value} to {}",
                    written.unwrap_or(0),
                    value.saturating_mul(2)
                ),
                CubeRule::Answer => "a double with no answer (take or drop)".to_string(),
                CubeRule::AfterDrop => "a double after the game ended by a drop".to_string(),
            };
            format!("throw {throw}: {}: {why}", rule.name())
        }
        Fact::AfterDrop { throw, dropped_at } => {
            format!("throw {throw}: the game ended when a double was dropped at throw {dropped_at}")
        }
        Fact::DiceAfterDrop { throw } => {
            format!("throw {throw}: dice thrown after the double was dropped: the game had ended")
        }
        Fact::OpeningDoublet { throw, seat, dice } => format!(
            "throw {throw} ({seat} {dice}): the opening dice are thrown one by each player, so they cannot be a doublet (premier-coup=tirage)"
        ),
        Fact::FausseCase { throw, seat, dice, rule, recorded, lawful, .. } => format!(
            "throw {throw} ({seat} {dice}): {}: {}; `{}` is not lawful, lawful plays were {}",
            rule.name(),
            meaning(*rule),
            recorded_text(recorded),
            plays_text(*seat, lawful)
        ),
        Fact::Hits { throw, seat, dice, recorded, claimed, actual } => format!(
            "throw {throw} ({seat} {dice}): hit: `{}` claims hits on {}, but the play hits on {}",
            recorded_text(recorded),
            points(*seat, *claimed),
            points(*seat, *actual)
        ),
        Fact::Result(why) => result(why),
    }
}

/// What a rule of GAMES.md §D.10 says.
pub fn meaning(rule: Rule) -> &'static str {
    match rule {
        Rule::Die => "a move's length matches no unused die of the throw",
        Rule::NotThere => "no man of the seat stands on the point a move starts from",
        Rule::TooMany => "more moves than the throw gives",
        Rule::MovesLeft => "fewer moves played than the throw allows",
        Rule::HigherDie => "only one die could be played and the higher could, but the lower was played",
        Rule::Occupied => "a man lands or rests on a point held by two or more opposing men",
        Rule::BarFirst => "a man moved while the seat has a man on the bar",
        Rule::BearOffEarly => "a man borne off while a man of the seat is outside its last quarter or on the bar",
        Rule::Overshoot => "a man borne off by a larger number while a man stood farther back",
        Rule::LowerDieLost => "only the lower die could be played, and un-seul-de=livret loses it",
    }
}

/// The cube's words on a sheet's step (`double, take: cube 2`), `value` the cube after the
/// action.
pub fn cube_note(answer: Option<CubeAnswer>, value: u32) -> String {
    match answer {
        Some(CubeAnswer::Take) => format!("double, take: cube {value}"),
        Some(CubeAnswer::Drop) => "double, drop".into(),
        None => "double, no answer".into(),
    }
}

/// The recorded play in Soumille's letters (`AE* EH`, `-`).
fn recorded_text(play: &RecordedPlay) -> String {
    match play {
        RecordedPlay::Pass => "-".into(),
        RecordedPlay::Moves(m) => {
            m.iter().map(|m| crate::notation::printer::move_text(m, Dialect::Soumille)).collect::<Vec<_>>().join(" ")
        }
    }
}

/// `X, Y, Z or N more`: the first three lawful plays, and how many more.
fn plays_text(seat: Seat, plays: &[Play]) -> String {
    super::first_three(plays.iter().map(|p| p.notation(seat)))
}

/// The points of `seat`'s bits (bit p: its relative point p), `nowhere` for none.
fn points(seat: Seat, bits: u32) -> String {
    let v: Vec<String> =
        (1..25).filter(|&p| bits >> p & 1 == 1).filter_map(|p| Board::point(seat, p).map(|x| x.to_string())).collect();
    if v.is_empty() {
        "nowhere".into()
    } else {
        v.join(", ")
    }
}

/// Why a `Position` tag is no position of backgammon.
fn position(why: &PositionFault) -> String {
    match why {
        PositionFault::Board(e) => e.to_string(),
        PositionFault::CubeValue(v) => format!("the cube shows 1, 2, 4, 8, …, not {v}"),
        PositionFault::OwnedAtOne => "a cube of 1 is owned by nobody (it is owned after a take, at 2 or more)".into(),
        PositionFault::AllOff => "both seats have borne off all their men".into(),
    }
}

/// How the `Result` tag disagrees with the replay.
fn result(why: &ResultFault) -> String {
    match why {
        ResultFault::Unfinished { end } => format!(
            "the Result tag says the game is unfinished, but {} won {} ({})",
            end.winner,
            end.points,
            end.kind.name()
        ),
        ResultFault::NoDrop { winner } => {
            format!("the Result tag says {winner} won on a drop, but no double was dropped")
        }
        ResultFault::NotOver { winner } => {
            format!("the Result tag says {winner} won, but the game is unfinished: no seat bore off its fifteen men")
        }
        ResultFault::Differs { winner, points, kind } => {
            let mut diffs = Vec::new();
            if let Some(w) = winner {
                diffs.push(format!("the winner is {w}"));
            }
            if let Some(p) = points {
                diffs.push(format!("the points won are {p}"));
            }
            if let Some((end, tag)) = kind {
                diffs.push(format!("the game ended by a {} (the tag says {})", end.name(), tag.name()));
            }
            format!("the Result tag disagrees with the replay: {}", diffs.join("; "))
        }
        ResultFault::Score { winner } => format!(
            "the Result tag gives a score `W-L`, not the points won (`{} N [kind]`, GAMES.md §D.9)",
            winner.map_or("SEAT", Seat::name)
        ),
    }
}
