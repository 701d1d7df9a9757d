//! The words of Backgammon's facts ([`crate::games::backgammon::Fact`]): what each rule of
//! docs/games.md §D.10 means, the recorded play and the lawful ones, the cube's actions, the
//! `Result` and `Position` claims. Plays are written in Soumille's letters (docs/games.md §0.3:
//! the game is written in them), or in the backgammon players' point numbers when asked
//! (`--points`, docs/games.md §I: the mover's numbers, as GNU Backgammon writes a play).

use crate::board::{BySeat, PointNames, Seat};
use crate::games::backgammon::{Board, CubeRule, Fact, MatchFault, Play, PositionFault, ResultFault, Rule};
use crate::notation::CubeAnswer;

/// The message of a flag saying `fact`, its plays and points named by `names`: Soumille's
/// letters whatever the dialect (Backgammon writes them), or the mover's point numbers.
pub fn message(fact: &Fact, names: PointNames) -> String {
    match fact {
        Fact::Position(why) => format!("the Position tag is no position of backgammon: {}", position(why)),
        Fact::Cube { throw, rule, doubler, owner, written, value, after_dice } => {
            let why = match rule {
                CubeRule::Off => "the cube is not in play (cube=non)".to_string(),
                CubeRule::Owner => format!("{doubler} doubles but {} owns the cube", owner.map_or("nobody", Seat::name)),
                CubeRule::Timing if *after_dice => {
                    "a double written after the dice: it is announced before throwing".to_string()
                }
                CubeRule::Timing => "a double before the game's first throw".to_string(),
                CubeRule::Value => format!(
                    "the double is written {} but the cube goes from {value} to {}",
                    written.unwrap_or(0),
                    u64::from(*value) * 2
                ),
                CubeRule::Answer => "a double with no answer (take or drop)".to_string(),
                CubeRule::AfterDrop => "a double after the game ended by a drop".to_string(),
                CubeRule::Beaver => {
                    "a beaver: only in money play with beaver=oui (docs/games.md §I.4)".to_string()
                }
                CubeRule::Limit => format!(
                    "a double of the cube at {value} goes beyond its highest value, {}: the cube stays there",
                    crate::board::MAX_CUBE
                ),
            };
            format!("throw {throw}: {why}")
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
            "throw {throw} ({seat} {dice}): {}; `{}` is not lawful, lawful plays were {}",
            meaning(*rule),
            written(*seat, recorded, names),
            plays_text(*seat, lawful, names)
        ),
        Fact::Hits { throw, seat, dice, recorded, claimed, actual } => format!(
            "throw {throw} ({seat} {dice}): `{}` claims hits on {}, but the play hits on {}",
            written(*seat, recorded, names),
            points(*seat, *claimed, names),
            points(*seat, *actual, names)
        ),
        Fact::Result(why) => result(why),
        Fact::Match(why) => match_fault(why),
    }
}

/// What a rule of docs/games.md §D.10 says.
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
        Some(CubeAnswer::Beaver) => format!("double, beaver: cube {value}"),
        None => "double, no answer".into(),
    }
}

/// The note of a backgammon throw: its cube action, and `resigns` after the dice
/// (docs/games.md §I.5); empty for neither.
pub fn step_note(cube: Option<crate::replay::CubeAction>, resigned: bool) -> String {
    let mut note = cube.map(|c| cube_note(c.answer, c.value)).unwrap_or_default();
    if resigned {
        if !note.is_empty() {
            note.push_str("; ");
        }
        note.push_str("resigns");
    }
    note
}

/// How a game ended, in a few words, from its end's kind (`gammon`, `drop`, `resign
/// gammon`, …, docs/games.md §D.8, §I.5): `a gammon`, `double dropped`, `resigned, gammon`.
pub fn how_words(kind: Option<&str>) -> String {
    match kind {
        None => "unfinished".into(),
        Some("drop") => "double dropped".into(),
        Some("resign") => "resigned".into(),
        Some(k) => match k.strip_prefix("resign ") {
            Some(r) => format!("resigned, {r}"),
            None => k.to_string(),
        },
    }
}

/// How a resigned game ended, in words (docs/games.md §I.5): `resigned, gammon, 4 points`,
/// from an end's kind (`resign gammon`, `resign`) and points; `None` for another end.
pub fn resigned_words(kind: &str, points: u32) -> Option<String> {
    let rest = kind.strip_prefix("resign")?;
    let pts = if points == 1 { "point" } else { "points" };
    Some(match rest.trim() {
        "" => format!("resigned, {points} {pts}"),
        k => format!("resigned, {k}, {points} {pts}"),
    })
}

/// `X, Y, Z or N more`: the first three lawful plays, and how many more.
fn plays_text(seat: Seat, plays: &[Play], names: PointNames) -> String {
    let each = |p: &Play| match names {
        PointNames::Numbers => super::points::lawful_in_points(p),
        PointNames::Letters(_) => p.notation(seat),
    };
    crate::games::words::first_three(plays.iter().map(each))
}

/// A play of `seat` as the record writes it, in Soumille's letters or the seat's numbers.
fn written(seat: Seat, play: &crate::notation::Play, names: PointNames) -> String {
    match names {
        PointNames::Numbers => super::points::written_in_points(seat, play),
        PointNames::Letters(_) => play.to_string(),
    }
}

/// The points of `seat`'s bits (bit p: its relative point p), `nowhere` for none.
fn points(seat: Seat, bits: u32, names: PointNames) -> String {
    let name = |x: crate::board::Point| match names {
        PointNames::Numbers => x.number(seat).to_string(),
        PointNames::Letters(_) => x.to_string(),
    };
    let v: Vec<String> =
        (1..25).filter(|&p| bits >> p & 1 == 1).filter_map(|p| Board::point(seat, p).map(name)).collect();
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
        ResultFault::ResignKind { points, cube, times } => format!(
            "the Result tag's resignation of a {} is worth {} times the cube ({}), not {points}",
            ["single", "gammon", "backgammon"][(*times as usize).clamp(1, 3) - 1],
            times,
            cube.saturating_mul(*times)
        ),
        ResultFault::ResignValue { points, cube } => format!(
            "the Result tag's resignation is worth {points}, but a resignation is worth 1, 2 or 3 times the cube: {}, {} or {}",
            cube,
            cube.saturating_mul(2),
            cube.saturating_mul(3)
        ),
        ResultFault::TooLarge { written } => format!(
            "the Result tag's {written} points are more than any game is worth (the cube goes no higher than 2^30)"
        ),
        ResultFault::Score { winner } => format!(
            "the Result tag gives a score `W-L`, not the points won (`{} N [kind]`, docs/games.md §D.9)",
            winner.map_or("SEAT", Seat::name)
        ),
    }
}

/// How a record disagrees with the match of the file (docs/games.md §I.1–§I.2).
fn match_fault(why: &MatchFault) -> String {
    let score = |s: &BySeat<u32>| format!("top {} bottom {}", s[Seat::Top], s[Seat::Bottom]);
    match why {
        MatchFault::Score { claimed, expected } => format!(
            "the Score tag says {}, but the earlier games of the match leave {}",
            score(claimed),
            score(expected)
        ),
        MatchFault::AfterMatch { winner, length } => {
            format!("a game after the match ended: {winner} had reached the {length} points of the match")
        }
        MatchFault::CrawfordDouble { throw, doubler } => format!(
            "throw {throw}: {} doubles in the Crawford game (the first game after a seat reached one point short of the match), where no double is allowed",
            doubler.map_or("a seat", Seat::name)
        ),
        MatchFault::Unreadable { tag: "Match", value } => format!(
            "the Match tag `{value}` is no match length (a whole number of points, 0 for money play): the game is not judged as a match"
        ),
        MatchFault::Unreadable { tag, value } => {
            format!("the {tag} tag `{value}` does not read as the score before the game (`top A bottom B`)")
        }
        MatchFault::CrawfordTag { claimed, expected } => format!(
            "the Crawford tag says the game {} the Crawford game, but it {}",
            if *claimed { "is" } else { "is not" },
            if *expected { "is" } else { "is not" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Dialect, Point};
    use crate::dice::Dice;
    use crate::games::backgammon::{BoardError, End, EndKind, Path, Step};
    use crate::notation::{Move, Origin, Play as RecordedPlay, ResultKind, Target};

    fn say(fact: Fact) -> String {
        message(&fact, PointNames::default())
    }

    fn dice(a: u8, b: u8) -> Dice {
        Dice::new(a, b).unwrap()
    }

    /// A recorded play of moves `(from, to, hits)` in Soumille's letters.
    fn recorded(moves: &[(char, char, u8)]) -> RecordedPlay {
        let point = |c| Point::from_letter(c, Dialect::Soumille).unwrap();
        RecordedPlay::Moves(
            moves
                .iter()
                .map(|&(f, t, hits)| Move {
                    from: Origin::Point(point(f)),
                    rests: Default::default(),
                    to: Target::Point(point(t)),
                    hits,
                })
                .collect(),
        )
    }

    /// A play of top's single steps `(from, to)`.
    fn play(steps: &[(u8, u8)]) -> Play {
        let mut p = Play::default();
        for (slot, &(from, to)) in p.steps.iter_mut().zip(steps) {
            *slot = Step { from, to, die: to - from, hit: false };
        }
        p.len = steps.len() as u8;
        p
    }

    #[test]
    fn a_fausse_case_names_the_rule_the_play_and_three_lawful_plays() {
        let lawful = vec![play(&[(1, 5), (1, 7)]), play(&[(1, 7), (12, 16)]), play(&[(1, 7), (17, 21)])];
        let mut fact = Fact::FausseCase {
            throw: 1,
            seat: Seat::Top,
            dice: dice(6, 4),
            rule: Rule::Die,
            recorded: recorded(&[('A', 'D', 0), ('A', 'G', 0)]),
            path: Path::through(&[1, 4], 0),
            lawful: lawful.clone(),
        };
        assert_eq!(
            say(fact.clone()),
            "throw 1 (top 6-4): a move's length matches no unused die of the throw; `AD AG` is not lawful, lawful plays were AE AG, AG MQ, AG RX"
        );
        if let Fact::FausseCase { lawful: l, rule, .. } = &mut fact {
            l.push(play(&[(12, 16), (12, 18)]));
            *rule = Rule::MovesLeft;
        }
        assert_eq!(
            say(fact),
            "throw 1 (top 6-4): fewer moves played than the throw allows; `AD AG` is not lawful, lawful plays were AE AG, AG MQ, AG RX or 1 more"
        );
    }

    /// In point numbers (`--points`): the play as written, the lawful plays and the points
    /// hit, each in the mover's numbers; the rest of the words as in letters.
    #[test]
    fn in_point_numbers_the_plays_and_points_are_the_movers() {
        let lawful = vec![play(&[(1, 5), (1, 7)]), play(&[(1, 7), (12, 16)])];
        let fact = Fact::FausseCase {
            throw: 1,
            seat: Seat::Top,
            dice: dice(6, 4),
            rule: Rule::Die,
            recorded: recorded(&[('A', 'D', 0), ('A', 'G', 0)]),
            path: Path::through(&[1, 4], 0),
            lawful,
        };
        assert_eq!(
            message(&fact, PointNames::Numbers),
            "throw 1 (top 6-4): a move's length matches no unused die of the throw; `24/21 24/18` is not lawful, lawful plays were 24/20 24/18, 24/18 13/9"
        );
        let fact = Fact::Hits {
            throw: 3,
            seat: Seat::Bottom,
            dice: dice(4, 3),
            recorded: recorded(&[('&', 'S', 1)]),
            claimed: 1 << 7 | 1 << 4,
            actual: 1 << 7,
        };
        assert_eq!(
            message(&fact, PointNames::Numbers),
            "throw 3 (bottom 4-3): `24/18*` claims hits on 21, 18, but the play hits on 18"
        );
    }

    #[test]
    fn every_rule_has_its_meaning() {
        assert_eq!(Rule::ALL.map(meaning).len(), 10);
        assert_eq!(meaning(Rule::LowerDieLost), "only the lower die could be played, and un-seul-de=livret loses it");
        assert_eq!(meaning(Rule::BarFirst), "a man moved while the seat has a man on the bar");
    }

    #[test]
    fn a_hit_claim_names_the_points_claimed_and_hit() {
        let fact = Fact::Hits {
            throw: 3,
            seat: Seat::Top,
            dice: dice(4, 3),
            recorded: recorded(&[('A', 'H', 0)]),
            claimed: 0,
            actual: 1 << 5,
        };
        assert_eq!(say(fact), "throw 3 (top 4-3): `AH` claims hits on nowhere, but the play hits on E");
        let fact = Fact::Hits {
            throw: 3,
            seat: Seat::Bottom,
            dice: dice(4, 3),
            recorded: recorded(&[('&', 'S', 1)]),
            claimed: 1 << 7 | 1 << 4,
            actual: 1 << 7,
        };
        assert_eq!(say(fact), "throw 3 (bottom 4-3): `&S*` claims hits on X, S, but the play hits on S");
    }

    #[test]
    fn the_cube_rules_say_what_the_double_broke() {
        let cube = |rule, owner, written| Fact::Cube {
            throw: 5,
            rule,
            doubler: Seat::Top,
            owner,
            written,
            value: 2,
            after_dice: false,
        };
        let cases = [
            (cube(CubeRule::Off, None, None), "throw 5: the cube is not in play (cube=non)"),
            (cube(CubeRule::Owner, Some(Seat::Bottom), None), "throw 5: top doubles but bottom owns the cube"),
            (cube(CubeRule::Timing, None, None), "throw 5: a double before the game's first throw"),
            (
                Fact::Cube {
                    throw: 5,
                    rule: CubeRule::Timing,
                    doubler: Seat::Top,
                    owner: None,
                    written: None,
                    value: 2,
                    after_dice: true,
                },
                "throw 5: a double written after the dice: it is announced before throwing",
            ),
            (cube(CubeRule::Value, None, Some(8)), "throw 5: the double is written 8 but the cube goes from 2 to 4"),
            (cube(CubeRule::Answer, None, None), "throw 5: a double with no answer (take or drop)"),
            (cube(CubeRule::AfterDrop, None, None), "throw 5: a double after the game ended by a drop"),
            (
                Fact::Cube {
                    throw: 5,
                    rule: CubeRule::Limit,
                    doubler: Seat::Top,
                    owner: Some(Seat::Top),
                    written: None,
                    value: 1 << 30,
                    after_dice: false,
                },
                "throw 5: a double of the cube at 1073741824 goes beyond its highest value, 1073741824: the cube stays there",
            ),
        ];
        for (fact, words) in cases {
            assert_eq!(say(fact), words);
        }
        assert_eq!(
            say(Fact::AfterDrop { throw: 6, dropped_at: 5 }),
            "throw 6: the game ended when a double was dropped at throw 5"
        );
        assert_eq!(
            say(Fact::DiceAfterDrop { throw: 5 }),
            "throw 5: dice thrown after the double was dropped: the game had ended"
        );
        assert_eq!(cube_note(Some(CubeAnswer::Take), 4), "double, take: cube 4");
        assert_eq!(cube_note(Some(CubeAnswer::Drop), 2), "double, drop");
        assert_eq!(cube_note(None, 1), "double, no answer");
    }

    #[test]
    fn the_opening_doublet_and_the_position_claims() {
        assert_eq!(
            say(Fact::OpeningDoublet { throw: 1, seat: Seat::Bottom, dice: dice(3, 3) }),
            "throw 1 (bottom 3-3): the opening dice are thrown one by each player, so they cannot be a doublet (premier-coup=tirage)"
        );
        let pos = |why| say(Fact::Position(why));
        assert_eq!(
            pos(PositionFault::Board(BoardError::Count(Seat::Top, 14))),
            "the Position tag is no position of backgammon: top has 14 men counting the bar and those borne off; each side holds exactly 15"
        );
        assert_eq!(
            pos(PositionFault::CubeValue(3)),
            "the Position tag is no position of backgammon: the cube shows 1, 2, 4, 8, …, not 3"
        );
        assert_eq!(
            pos(PositionFault::OwnedAtOne),
            "the Position tag is no position of backgammon: a cube of 1 is owned by nobody (it is owned after a take, at 2 or more)"
        );
        assert_eq!(
            pos(PositionFault::AllOff),
            "the Position tag is no position of backgammon: both seats have borne off all their men"
        );
    }

    #[test]
    fn the_result_claims_give_each_difference() {
        let r = |why| say(Fact::Result(why));
        let end = End { winner: Seat::Bottom, points: 4, kind: EndKind::Gammon };
        assert_eq!(
            r(ResultFault::Unfinished { end }),
            "the Result tag says the game is unfinished, but bottom won 4 (gammon)"
        );
        assert_eq!(
            r(ResultFault::NoDrop { winner: Seat::Top }),
            "the Result tag says top won on a drop, but no double was dropped"
        );
        assert_eq!(
            r(ResultFault::NotOver { winner: Seat::Top }),
            "the Result tag says top won, but the game is unfinished: no seat bore off its fifteen men"
        );
        assert_eq!(
            r(ResultFault::Differs { winner: None, points: Some(4), kind: Some((EndKind::Gammon, ResultKind::Single)) }),
            "the Result tag disagrees with the replay: the points won are 4; the game ended by a gammon (the tag says single)"
        );
        assert_eq!(
            r(ResultFault::Differs { winner: Some(Seat::Bottom), points: None, kind: None }),
            "the Result tag disagrees with the replay: the winner is bottom"
        );
        assert_eq!(
            r(ResultFault::Score { winner: None }),
            "the Result tag gives a score `W-L`, not the points won (`SEAT N [kind]`, docs/games.md §D.9)"
        );
        assert_eq!(
            r(ResultFault::Score { winner: Some(Seat::Top) }),
            "the Result tag gives a score `W-L`, not the points won (`top N [kind]`, docs/games.md §D.9)"
        );
    }
}
