//! Match play across the records of a file (docs/games.md §I.1–§I.3): the games of a file that
//! share a `[Match "N"]` and players are one match, each record's `[Score "top A bottom B"]`
//! is the score before it, and the Crawford game allows no double.
//!
//! [`Session`] is fed the records of a file in order, each with its replay, and adds to that
//! replay the flags only the file as a whole can raise:
//!
//! * `score`: a `Score` that is not the sum of the results of the match's earlier games
//!   (the match's first game in the file gives the score it starts from: a log may begin
//!   with a match under way);
//! * `after-match`: a game after a seat reached the match length;
//! * `crawford`: a double in the Crawford game (option `crawford=oui`, the default), or a
//!   `[Crawford "…"]` tag that says the game is (or is not) the Crawford game wrongly.
//!
//! A record with no `Match` tag, or `[Match "0"]`, is money play: no score is kept.

use super::fact::{Fact, MatchFault};
use super::options::Options;
use crate::board::{BySeat, Dialect, Seat};
use crate::notation::{Game as GameTag, Header, Record, ResultClaim};
use crate::replay::{Fact as Said, Flag, FlagKind, Replay};

/// The match the records of a file have played so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Session {
    /// The match being played: its length and players (`Top`, `Bottom`).
    current: Option<(u32, String, String)>,
    /// The score the next game starts from.
    score: BySeat<u32>,
    /// The Crawford game has been played (or is the game just judged).
    crawford_played: bool,
    /// A record of the match could not be read: the score is not known until a record
    /// says it (its `Score` is then taken as written).
    unknown: bool,
    /// The last record judged, when it was a game of a match.
    last: Option<MatchGame>,
}

/// A game of a match as the file's match play counts it (docs/games.md §I.1–§I.2): the
/// match length, the score before the game, and whether it is the Crawford game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The match length (N > 0).
    pub length: u32,
    /// The score before the game, as the earlier games of the file leave it.
    pub before: BySeat<u32>,
    /// The Crawford game.
    pub crawford: bool,
}

/// The value of tag `name`, trimmed.
fn tag<'r>(rec: &'r Record, name: &str) -> Option<&'r str> {
    rec.tags.iter().find(|t| t.name == name).map(|t| t.value.trim())
}

/// `top 1 bottom 0` → (1, 0), either seat first.
pub fn parse_score(v: &str) -> Option<BySeat<u32>> {
    let w: Vec<&str> = v.split_whitespace().collect();
    let (mut top, mut bottom) = (None, None);
    if w.len() != 4 {
        return None;
    }
    for pair in w.chunks(2) {
        let n = pair[1].parse().ok()?;
        match Seat::from_name(pair[0])? {
            Seat::Top => top = Some(n),
            Seat::Bottom => bottom = Some(n),
        }
    }
    Some(BySeat::new(top?, bottom?))
}

impl Session {
    /// A file's first record is next.
    pub fn new() -> Session {
        Session::default()
    }

    /// The next record of the file could not be read: the score it would have added is not
    /// known, so the next record's `Score` is taken as written.
    pub fn skip(&mut self) {
        self.unknown = true;
    }

    /// The game of a match last judged ([`Session::judge`]): its length, the score before it,
    /// whether it is the Crawford game; `None` for money play or another game.
    pub fn last_game(&self) -> Option<MatchGame> {
        self.last
    }

    /// Judges the next record of the file: adds the match's flags to `replay`, then counts
    /// the game's result into the score. Records of other games, and money play, pass.
    pub fn judge(&mut self, rec: &Record, header: &Header, replay: &mut Replay) {
        self.last = None;
        if header.game != GameTag::Backgammon {
            return;
        }
        let length = tag(rec, "Match").and_then(|v| v.parse::<u32>().ok()).filter(|&n| n > 0);
        let Some(length) = length else {
            self.current = None;
            return;
        };
        let players = (tag(rec, "Top").unwrap_or("").to_string(), tag(rec, "Bottom").unwrap_or("").to_string());
        let same = self.current.as_ref().is_some_and(|(l, t, b)| *l == length && (t, b) == (&players.0, &players.1));
        let over = Seat::ALL.into_iter().any(|s| self.score[s] >= length);
        let restarts = over && tag(rec, "Score").and_then(parse_score) == Some(BySeat::new(0, 0));
        if !same || restarts {
            // a new match: the file's first game of it says the score it starts from (a log
            // may begin with a match under way, its earlier games not in the file)
            *self = Session { current: Some((length, players.0, players.1)), unknown: true, ..Session::default() };
        }
        let options = Options::from_pairs(&header.game_rules).unwrap_or_default();
        if std::mem::take(&mut self.unknown) {
            if let Some(said) = tag(rec, "Score").and_then(parse_score) {
                self.score = said;
                self.crawford_played |= Seat::ALL.into_iter().any(|s| said[s] + 1 == length) && !crawford_now(rec);
            }
        }
        let before = self.score;
        self.last = Some(MatchGame { length, before, crawford: false });
        let span = |name: &str| rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value));
        let mut raise = |rule: &'static str, kind: FlagKind, throw: Option<u32>, seat: Option<Seat>, f: MatchFault| {
            let span = match f {
                MatchFault::Score { .. } => span("Score"),
                MatchFault::CrawfordTag { .. } => span("Crawford"),
                MatchFault::AfterMatch { .. } => span("Match"),
                MatchFault::CrawfordDouble { .. } | MatchFault::Unreadable { .. } => None,
            };
            let mut flag = Flag::of(throw, kind, seat, Said::Backgammon(Fact::Match(f)), Dialect::Soumille, span);
            flag.rule = Some(rule);
            replay.flags.push(flag);
        };
        if let Some(winner) = Seat::ALL.into_iter().find(|&s| before[s] >= length) {
            raise("after-match", FlagKind::Claim, None, None, MatchFault::AfterMatch { winner, length });
            return;
        }
        if let Some(claimed) = tag(rec, "Score").and_then(parse_score) {
            if claimed != before {
                raise("score", FlagKind::Claim, None, None, MatchFault::Score { claimed, expected: before });
            }
        }
        // the first game after a seat first reaches length − 1 (§I.2)
        let crawford =
            options.crawford && !self.crawford_played && Seat::ALL.into_iter().any(|s| before[s] + 1 == length);
        self.last = Some(MatchGame { length, before, crawford });
        if let Some(said) = tag(rec, "Crawford").and_then(yes_no) {
            if said != crawford {
                raise(
                    "crawford",
                    FlagKind::Claim,
                    None,
                    None,
                    MatchFault::CrawfordTag { claimed: said, expected: crawford },
                );
            }
        }
        if crawford {
            self.crawford_played = true;
            crawford_double(rec, replay);
        }
        // the game's points: as replayed, else the `Result` as written, a resignation or a
        // game whose replay stopped, flagged or not: a fault stays in its own game (§I.3,
        // §I.5, §I.12)
        if let Some((winner, points)) = game_points(header, replay) {
            self.score[winner] = self.score[winner].saturating_add(points);
        }
    }
}

/// A double in the Crawford game (§I.2) flagged at its throw.
fn crawford_double(rec: &Record, replay: &mut Replay) {
    let Some(t) = rec.throws.iter().find(|t| t.cube.is_some()) else { return };
    let (doubler, throw) = (t.seat, t.number);
    let said = Said::Backgammon(Fact::Match(MatchFault::CrawfordDouble { throw, doubler }));
    let mut flag = Flag::of(Some(throw), FlagKind::Cube, doubler, said, Dialect::Soumille, t.span);
    flag.rule = Some("crawford");
    replay.flags.push(flag);
}

/// The game's winner and points: as replayed, else the `Result` as written for a resignation
/// or a game whose replay stopped.
fn game_points(header: &Header, replay: &Replay) -> Option<(Seat, u32)> {
    let claimed = match &header.result {
        Some(ResultClaim::Points { winner, points, kind })
            if replay.stopped_at.is_some() || kind.is_some_and(|k| k.is_resign()) =>
        {
            Some((*winner, *points))
        }
        _ => None,
    };
    replay.end.as_ref().map(|e| (e.winner, e.points())).or(claimed)
}

/// One line of the table of a file's games (docs/games.md §I): the game's number in the
/// file (1-based), its match (`None`: money play), the cube at its end (value and owner),
/// and its end.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchLine {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Its match, the score before it and the Crawford game; `None` in money play.
    pub match_game: Option<MatchGame>,
    /// The cube where the replay ends: value and owner.
    pub cube: (u32, Option<Seat>),
    /// Its end: winner, points and how.
    pub end: Option<crate::replay::End>,
}

/// Judges the records of a file in order through a [`Session`] (each replay gets its match
/// flags: `score`, `after-match`, `crawford`) and gives the line of each game.
pub fn match_lines<'a>(games: impl IntoIterator<Item = (&'a Record, &'a Header, &'a mut Replay)>) -> Vec<MatchLine> {
    let mut session = Session::new();
    let mut lines = Vec::new();
    for (k, (rec, header, replay)) in games.into_iter().enumerate() {
        session.judge(rec, header, replay);
        let cube = replay.last.as_ref().map_or((1, None), |s| (s.score.cube.unwrap_or(1), s.score.owner.flatten()));
        lines.push(MatchLine { game: k + 1, match_game: session.last_game(), cube, end: replay.end });
    }
    lines
}

/// Whether a record read alone is a match's Crawford game (docs/games.md §I.2): its
/// `[Crawford "yes"|"no"]` tag, else, in a match under `crawford=oui`, a `Score` with one seat
/// one point short of the match and the other not (the first such game is the Crawford
/// game; a later one, post-Crawford, says so with `[Crawford "no"]`).
pub fn crawford_game(rec: &Record, header: &Header) -> bool {
    if let Some(said) = tag(rec, "Crawford").and_then(yes_no) {
        return said;
    }
    let length = super::books::match_length(rec);
    let options = Options::from_pairs(&header.game_rules).unwrap_or_default();
    let score = tag(rec, "Score").and_then(parse_score).unwrap_or_default();
    let short = |s: Seat| length > 0 && score[s] + 1 == length;
    options.crawford && short(Seat::Top) != short(Seat::Bottom)
}

/// GNU Backgammon's Match ID key of `setup` in record `rec` (docs/games.md §I): its cube and
/// seat on roll, `dice` when thrown, the `Match` length and `Score` (0 and 0-0: money play),
/// the Crawford game ([`crawford_game`]), Jacoby (`jacoby=oui` in money play).
pub fn match_key(
    rec: &Record,
    header: &Header,
    setup: &crate::board::Setup,
    dice: Option<crate::dice::Dice>,
) -> super::gnubg_id::MatchKey {
    let cube = super::Cube { value: setup.score.cube.unwrap_or(1), owner: setup.score.owner.flatten() };
    let length = super::books::match_length(rec);
    let score =
        if length > 0 { tag(rec, "Score").and_then(parse_score).unwrap_or_default() } else { BySeat::default() };
    let options = Options::from_pairs(&header.game_rules).unwrap_or_default();
    super::gnubg_id::MatchKey {
        crawford: length > 0 && crawford_game(rec, header),
        jacoby: length == 0 && options.jacoby,
        ..super::gnubg_id::MatchKey::playing(cube, setup.turn, dice, length, score)
    }
}

/// Whether the record says it is the Crawford game (`[Crawford "yes"]`).
fn crawford_now(rec: &Record) -> bool {
    tag(rec, "Crawford").and_then(yes_no) == Some(true)
}

/// A `Crawford` tag's value as yes or no (`yes`, `oui`, `true`; `no`, `non`, `false`).
/// eXtreme Gammon's and BackgammonGalaxy's `[Crawford "On"]` says the rule is played, not
/// that this game is the Crawford game: it is no claim.
fn yes_no(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "yes" | "oui" | "true" => Some(true),
        "no" | "non" | "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read;

    /// The flags of each record of `text` after the file's match is judged: `rule@throw`.
    fn judged(text: &str) -> Vec<Vec<String>> {
        let mut session = Session::new();
        read(text)
            .iter()
            .map(|r| {
                assert!(r.errors.is_empty(), "{:?}", r.errors);
                let mut rp = crate::replay::replay(&r.record, &r.header, Some(text));
                session.judge(&r.record, &r.header, &mut rp);
                rp.flags.iter().map(|f| format!("{}@{}", f.what(), f.throw.unwrap_or(0))).collect()
            })
            .collect()
    }

    /// A game of a 3-point match: `Score` and `Result` as given, a double at throw 2 when
    /// `double`.
    fn game(score: &str, result: &str, double: bool, extra: &str) -> String {
        let cube = if double { "double take " } else { "" };
        format!(
            "[Game \"backgammon\"]\n[Top \"a\"]\n[Bottom \"b\"]\n[First \"top\"]\n[Result \"{result}\"]\n[Match \"3\"]\n[Score \"{score}\"]\n{extra}\n1. top: 4-3 AE MP\n2. bottom: {cube}6-5 &SN\n"
        )
    }

    #[test]
    fn scores_add_up_and_a_wrong_one_is_flagged() {
        let text = [
            game("top 0 bottom 0", "top 1 resign", false, ""),
            game("top 1 bottom 0", "bottom 1 resign", false, ""),
            game("top 2 bottom 0", "bottom 1 resign", false, ""),
        ]
        .join("\n");
        assert_eq!(judged(&text), vec![vec![], vec![], vec!["score@0".to_string()]]);
    }

    #[test]
    fn the_crawford_game_allows_no_double_and_post_crawford_games_do() {
        let text = [
            game("top 0 bottom 0", "top 2 resign", false, ""),
            // top has 2 of 3: the Crawford game
            game("top 2 bottom 0", "bottom 2 resign", true, ""),
            // post-Crawford: doubling allowed
            game("top 2 bottom 2", "bottom 2 resign", true, ""),
        ]
        .join("\n");
        assert_eq!(judged(&text), vec![vec![], vec!["crawford@2".to_string()], vec![]]);
        // without the rule, no flag
        let off = text.replace("[Match \"3\"]", "[Rules \"crawford=non\"]\n[Match \"3\"]");
        assert_eq!(judged(&off), vec![Vec::<String>::new(); 3]);
        // a Crawford tag is a claim
        let text = [
            game("top 0 bottom 0", "top 2 resign", false, "[Crawford \"no\"]"),
            game("top 2 bottom 0", "bottom 1 resign", false, "[Crawford \"no\"]"),
        ]
        .join("\n");
        assert_eq!(judged(&text), vec![vec![], vec!["crawford@0".to_string()]]);
    }

    #[test]
    fn a_game_after_the_match_is_flagged_and_a_new_match_starts_at_nought() {
        let text = [
            game("top 0 bottom 0", "top 3 resign", false, ""),
            game("top 3 bottom 0", "top 1 resign", false, ""),
            game("top 0 bottom 0", "top 1 resign", false, ""),
        ]
        .join("\n");
        assert_eq!(judged(&text), vec![vec![], vec!["after-match@0".to_string()], vec![]]);
    }

    #[test]
    fn a_resignation_is_worth_one_two_or_three_cubes() {
        let text = game("top 0 bottom 0", "top 5 resign", true, "");
        assert_eq!(judged(&text), vec![vec!["result@0".to_string()]]);
        let text = game("top 0 bottom 0", "top 6 resign", true, "");
        assert_eq!(judged(&text), vec![Vec::<String>::new()]);
    }

    #[test]
    fn money_play_keeps_no_score() {
        let text =
            [game("top 5 bottom 0", "top 1 resign", false, ""), game("top 9 bottom 9", "top 1 resign", false, "")]
                .join("\n")
                .replace("[Match \"3\"]\n", "");
        assert_eq!(judged(&text), vec![Vec::<String>::new(); 2]);
    }
}
