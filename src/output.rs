//! What the renderers ask of the games, as output data (docs/design.md, "The output model").
//!
//! The renderers (`src/sheet/`, `src/show.rs`, `src/view.rs`, `src/render.rs`,
//! `src/report.rs`, `src/json/`) read the replay's output ([`crate::replay`]), the board
//! model, the notation and this module; they name no rules module. This module sits between
//! the replay and the renderers: each question a renderer has about a record or a position is
//! one function here, answered by the game that owns the rule, and the data a game's step
//! carries is named here.
//!
//! * Grand Trictrac's score data, as its [`crate::replay::StepDetail`] and
//!   [`crate::replay::Replay`] carry it: [`Score`] (points, holes, bredouille and pavillon,
//!   docs/rules.md §8–§9), [`Jan`] (a jan marked, §4–§7), [`Bredouille`] (how a tour was won,
//!   §8), [`MarqueBredouille`] and [`MatchTotals`] (Trictrac à écrire, §12). These are the
//!   game's own plain data types, named here so that a renderer reads them as output.
//! * The questions: the options a fiche lists ([`rules_listed`]) and those that depart from
//!   the defaults ([`rules_departing`]), the match totals of the marqués played
//!   ([`match_totals`]), the parsed backgammon `Score` tag ([`match_score`]), GNU
//!   Backgammon's Position ID and Match ID ([`gnubg_position_id`], [`gnubg_match_id`]), a
//!   backgammon file's match table ([`match_lines`]), how a backgammon game ended
//!   ([`how_words`], [`resigned_words`]) and its plays in point numbers ([`play_in_points`],
//!   [`play_written_in_points`], [`step_play_in_points`]).

use crate::board::{Seat, Setup};
use crate::notation::{Header, Record};
use crate::replay::{MarqueResult, Replay};

pub use crate::games::grand_trictrac::score::{Bredouille, MarqueBredouille, MatchTotals, Score};
pub use crate::games::grand_trictrac::scoring::Jan;

/// The rule options of a record that differ from its game's defaults, as `(key, value)`
/// pairs in the order of the game's options (docs/rules.md §13, docs/games.md §F); what a
/// position string's `rules=` carries (docs/games.md §H.7).
pub fn rules_departing(header: &Header) -> Vec<(String, String)> {
    crate::games::rules_departing(header)
}

/// The options a record's fiche lists, as `key=value` with whether the `Rules` tag gave it.
/// Grand Trictrac (`every`): each of its options in the order of docs/rules.md §13, given or
/// default (all the defaults when the game refuses the tag). The other games: the options
/// that depart from the game's defaults (docs/games.md §F), given when the `Rules` tag names
/// the key.
pub fn rules_listed(header: &Header, every: bool) -> Vec<(String, bool)> {
    use crate::games::grand_trictrac::options::RuleOptions;
    if every {
        let rules = RuleOptions::of(header);
        return (0..RuleOptions::KEYS.len())
            .map(|i| (RuleOptions { given: 1 << i, ..rules }.to_string(), rules.given & (1 << i) != 0))
            .collect();
    }
    rules_departing(header)
        .into_iter()
        .map(|(k, v)| {
            let given = header.game_rules.iter().any(|p| p.key == k);
            (format!("{k}={v}"), given)
        })
        .collect()
}

/// Trictrac à écrire: the totals of the match from the marqués played (docs/rules.md §12),
/// with or without the queue des jetons; `None` when no marqué was played.
pub fn match_totals(marques: &[MarqueResult], queue_jetons: bool) -> Option<MatchTotals> {
    if marques.is_empty() {
        return None;
    }
    let won: Vec<(Seat, i64)> = marques.iter().filter_map(|m| m.winner.map(|w| (w, m.value))).collect();
    Some(crate::games::grand_trictrac::score::match_totals(&won, queue_jetons))
}

/// A backgammon `Score` tag (`top 1 bottom 0`, either seat first) as `[top, bottom]`
/// (docs/games.md §I); `None` when it is not of that form.
pub fn match_score(tag: &str) -> Option<[u32; 2]> {
    crate::games::backgammon::session::parse_score(tag).map(|s| s.0)
}

/// GNU Backgammon's Position ID of a backgammon setup (docs/games.md §D), or why the setup is
/// no backgammon board.
pub fn gnubg_position_id(setup: &Setup) -> Result<String, crate::games::backgammon::BoardError> {
    use crate::games::backgammon::{gnubg_id::position_id, Board};
    Board::from_setup(setup).map(|board| position_id(&board))
}

/// One game of a backgammon file in the match table (docs/games.md §I): its match, score
/// before, cube, end.
pub use crate::games::backgammon::session::MatchLine;

/// The match table of a backgammon file of several games (docs/games.md §I.1–I.3): judges
/// the match across the games (each replay gets the match's flags) and gives one line a game.
pub fn match_lines<'a>(games: impl IntoIterator<Item = (&'a Record, &'a Header, &'a mut Replay)>) -> Vec<MatchLine> {
    crate::games::backgammon::session::match_lines(games)
}

/// How a backgammon game ended, in words ("unfinished", "double dropped", "resigned, gammon,
/// 4 points", …), from its end's kind.
pub fn how_words(kind: Option<&str>) -> String {
    crate::games::backgammon::words::how_words(kind)
}

/// A resigned backgammon game's end in words (docs/games.md §I.5); `None` when `kind` is no
/// resignation.
pub fn resigned_words(kind: &str, points: u32) -> Option<String> {
    crate::games::backgammon::words::resigned_words(kind, points)
}

/// A backgammon play in point numbers, as gnubg and FIBS write them (`24/18 13/11*`), from
/// the setup before it and the seat that played; `None` when the setup is no backgammon
/// board or the play cannot be made on it.
pub fn play_in_points(before: &Setup, seat: Seat, play: &crate::notation::Play) -> Option<String> {
    crate::games::backgammon::points::recorded_in_points(before, seat, play)
}

/// A backgammon play as it is written, in the mover's point numbers (`13/9* 13/9`,
/// `24/20/19`: every rest and `*` of the record kept), with no board: an unlawful play, or a
/// play a flag quotes (docs/games.md §I, `--points`).
pub fn play_written_in_points(seat: Seat, play: &crate::notation::Play) -> String {
    crate::games::backgammon::points::written_in_points(seat, play)
}

/// A replayed backgammon throw's play in point numbers (`--points`): a lawful play as gnubg
/// writes it ([`play_in_points`]), an unlawful one as it is written
/// ([`play_written_in_points`]: its rests and hits, where the fault is); `None` when the
/// setup before it is no backgammon board.
pub fn step_play_in_points(step: &crate::replay::Step) -> Option<String> {
    if !step.lawful {
        return Some(play_written_in_points(step.seat, &step.play));
    }
    play_in_points(&step.before, step.seat, &step.play)
}

/// GNU Backgammon's Match ID of a backgammon setup of a record (cube, score, match length,
/// Crawford, who is on roll: docs/games.md §I); `None` when they do not fit the ID.
pub fn gnubg_match_id(rec: &Record, header: &Header, setup: &Setup) -> Option<String> {
    let key = crate::games::backgammon::session::match_key(rec, header, setup, None);
    crate::games::backgammon::gnubg_id::match_id(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_tag_reads_either_seat_first() {
        assert_eq!(match_score("top 1 bottom 3"), Some([1, 3]));
        assert_eq!(match_score("bottom 3 top 1"), Some([1, 3]));
        assert_eq!(match_score("top 1"), None);
    }

    #[test]
    fn grand_trictrac_lists_every_option_the_others_those_departing() {
        let gt = &crate::notation::read("[Rules \"gains=pont\"]\n")[0].header;
        let listed = rules_listed(gt, true);
        assert_eq!(listed.len(), 9);
        assert!(listed.contains(&("gains=pont".to_string(), true)), "{listed:?}");
        assert_eq!(listed.iter().filter(|(_, given)| *given).count(), 1);
        let jq = &crate::notation::read("[Game \"jacquet\"]\n[Rules \"retrait=talon\"]\n")[0].header;
        assert_eq!(rules_listed(jq, false), [("retrait=talon".to_string(), true)]);
        assert_eq!(rules_departing(jq), [("retrait".to_string(), "talon".to_string())]);
    }

    #[test]
    fn no_marque_played_has_no_totals() {
        assert_eq!(match_totals(&[], true), None);
        let m = MarqueResult {
            throw: 9,
            holes: [12, 3],
            winner: Some(Seat::Top),
            bredouille: MarqueBredouille::None,
            consolation: 0,
            value: 11,
        };
        let t = match_totals(&[m], true).expect("totals");
        assert_eq!((t.total_i, t.marques_won), ([11, 0], [1, 0]));
    }
}
