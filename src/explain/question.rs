//! `explain` of any game: a position string read with its game and rules (docs/games.md §H.7),
//! the roll explained under that game's rules, and the answer as text or JSON (docs/commands.md,
//! "explain"). The game is chosen by a `match` on it, never through a record's header.

use super::{ExplainError, LetteredExplanation};
use crate::board::{Dialect, Setup};
use crate::dice::Dice;
use crate::games::{Games, ShownPlay};
use crate::notation::Game;

/// Whose rule options were refused or compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesSource {
    /// The position string's `rules=` field.
    Position,
    /// The rules asked for (`--rules`).
    Asked,
}

impl std::fmt::Display for RulesSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RulesSource::Position => "the position's rules",
            RulesSource::Asked => "--rules",
        })
    }
}

/// The rule options of a `Rules` value as `(key, value)` pairs (`--rules`), or what is
/// wrong with their syntax.
pub fn rule_pairs(rules: &str) -> Result<Vec<(String, String)>, ExplainError> {
    crate::notation::raw_rule_pairs(rules).map_err(ExplainError::RulesSyntax)
}

/// Rule options a game refuses (unknown keys or values): what the game says of each, in
/// the order given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .messages.join("; "))]
pub struct RulesRefused {
    /// What is wrong with each option, and what is accepted.
    pub messages: Vec<String>,
}

impl RulesRefused {
    fn of<T: ToString>(errors: impl IntoIterator<Item = T>) -> RulesRefused {
        RulesRefused { messages: errors.into_iter().map(|e| e.to_string()).collect() }
    }
}

/// The rules of `game` under the options `pairs` (as a `Rules` tag holds them), checked as
/// a record's are.
pub fn game_with_rules(game: Game, pairs: &[(String, String)]) -> Result<Games, RulesRefused> {
    Games::with_rules(game, &crate::games::pairs_of(pairs)).map_err(RulesRefused::of)
}

/// The rule options of a game's rules that differ from the game's defaults, in the order
/// of the game's options: what a position string's `rules=` carries (docs/games.md §H.7).
pub fn departing(rules: &Games) -> Vec<(String, String)> {
    let text = rules.departing_rules();
    text.split("; ").filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Rule options written as a `Rules` tag writes them (`the defaults` for none): for
/// messages.
pub fn rules_words(pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return "the defaults".to_string();
    }
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

/// A position string read for `explain`, with the game and rules it is explained under.
#[derive(Clone, Debug)]
pub struct Question {
    /// The men, the seat to throw, the fields.
    pub setup: Setup,
    /// Its letters (the answer is written in them).
    pub dialect: Dialect,
    /// The game.
    pub game: Game,
    /// The game's rules, with their options.
    pub rules: Games,
}

impl Question {
    /// Reads a position string (docs/games.md §H.7): its game is its `game=` field, else `game`,
    /// else Grand Trictrac; its rules its `rules=` field when it names its game or rules,
    /// else `rules` (as a `Rules` tag writes them). A `game` or `rules` that contradicts
    /// what the position says is refused.
    pub fn read(position: &str, game: Option<Game>, rules: Option<&str>) -> Result<Question, ExplainError> {
        let read = crate::notation::parser::read_position(position, game.unwrap_or(Game::GrandTrictrac))
            .map_err(|e| ExplainError::Position(format!("{} ({})", e.message, e.label)))?;
        let setup = read.setup;
        if let (Some(said), Some(given)) = (setup.score.game, game) {
            if said != given {
                return Err(ExplainError::GameContradicted { said, given });
            }
        }
        let game = read.game;
        let asked = rules.map(rule_pairs).transpose()?;
        let says_rules = setup.score.game.is_some() || setup.score.rules.is_some();
        let said = setup.score.rules.clone().unwrap_or_default();
        let checked = |pairs: &[(String, String)], whose| {
            game_with_rules(game, pairs).map_err(|refused| ExplainError::Rules { whose, refused })
        };
        let rules = match (says_rules, asked) {
            (true, Some(given)) => {
                let ours = checked(&said, RulesSource::Position)?;
                let (a, b) = (departing(&ours), departing(&checked(&given, RulesSource::Asked)?));
                if a != b {
                    return Err(ExplainError::RulesContradicted { game, said: a, given: b });
                }
                ours
            }
            (true, None) => checked(&said, RulesSource::Position)?,
            (false, given) => checked(&given.unwrap_or_default(), RulesSource::Asked)?,
        };
        Ok(Question { setup, dialect: read.dialect, game, rules })
    }

    /// Explains `dice` in this position: Grand Trictrac's plays and jans, or another game's
    /// plays; in the position's letters.
    pub fn answer(&self, dice: Dice) -> Result<Answer, ExplainError> {
        let Games::GrandTrictrac(g) = &self.rules else { return self.tables_answer(&self.rules, dice) };
        let pos =
            crate::position::Position::from_setup(&self.setup).map_err(|e| ExplainError::Position(e.to_string()))?;
        let history = super::history_of(&self.setup);
        let e = super::explain_with(&pos, dice, &g.options, &history);
        Ok(Answer::Trictrac(e.in_letters(self.dialect)))
    }

    /// The plays of another game than Grand Trictrac, in the position's letters.
    fn tables_answer(&self, rules: &Games, roll: Dice) -> Result<Answer, ExplainError> {
        let mut plays = rules.explain_plays(&self.setup, roll).map_err(ExplainError::Plays)?;
        if self.dialect != Dialect::Soumille {
            for p in plays.iter_mut() {
                p.notation = super::letters_in(&p.notation, self.dialect);
                p.result = super::men_field_in(&p.result, self.dialect);
            }
            plays.sort_by(|a, b| a.notation.cmp(&b.notation));
        }
        Ok(Answer::Tables { roll, plays })
    }

    /// What `explain` says of its game and rules on its first line, when they are not Grand
    /// Trictrac's defaults: ` (jacquet; postillon=immediat)`.
    pub fn game_words(&self) -> String {
        let rules = departing(&self.rules);
        let mut words = Vec::new();
        if self.game != Game::GrandTrictrac {
            words.push(self.game.to_string());
        }
        if !rules.is_empty() {
            words.push(rules_words(&rules));
        }
        if words.is_empty() {
            String::new()
        } else {
            format!(" ({})", words.join("; "))
        }
    }
}

/// The answer of `explain` to one question: Grand Trictrac's plays and jans, or another
/// game's plays; in the letters of the question.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Grand Trictrac or Trictrac à écrire, in the position's letters.
    Trictrac(LetteredExplanation),
    /// Another game.
    Tables {
        /// The roll.
        roll: Dice,
        /// Every legal play, sorted as ASCII strings.
        plays: Vec<ShownPlay>,
    },
}

/// The JSON of an answer (docs/commands.md, "explain --format json"): Grand Trictrac's explanation,
/// or another game's: the game, the position string as given, the dice, the seat to throw
/// and the plays.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum AnswerJson<'a> {
    /// Grand Trictrac's.
    Trictrac(&'a LetteredExplanation),
    /// Another game's.
    Tables(serde_json::Value),
}

/// A question and its answer: what `explain` writes.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The position, game and rules.
    pub question: Question,
    /// The plays (and Grand Trictrac's jans).
    pub answer: Answer,
}

impl Explained {
    /// The JSON of the answer; `position` is the position string as given.
    pub fn json<'a>(&'a self, position: &str) -> AnswerJson<'a> {
        match &self.answer {
            Answer::Trictrac(e) => AnswerJson::Trictrac(e),
            Answer::Tables { roll, plays } => {
                let mut v = serde_json::json!({
                    "game": self.question.game.to_string(),
                    "position": position,
                    "dice": [roll.high(), roll.low()],
                    "seat": self.question.setup.turn,
                    "plays": plays,
                });
                if let Some((pos, id)) = self.gnubg_ids() {
                    v["gnubg"] = serde_json::json!({ "position_id": pos, "match_id": id });
                }
                AnswerJson::Tables(v)
            }
        }
    }

    /// GNU Backgammon's Position ID and Match ID of a backgammon question, the roll thrown
    /// (money play; docs/games.md §I).
    pub fn gnubg_ids(&self) -> Option<(String, String)> {
        let (Games::Backgammon(g), Answer::Tables { roll, .. }) = (&self.question.rules, &self.answer) else {
            return None;
        };
        crate::games::backgammon::gnubg_id::ids_of_setup(&self.question.setup, Some(*roll), &g.options)
    }

    /// Backgammon's plays written in point numbers, as gnubg writes them (`explain --points`,
    /// [`crate::games::backgammon::points`]); another game's are left as they are.
    pub fn plays_in_points(&mut self) {
        let (Games::Backgammon(_), Answer::Tables { plays, .. }) = (&self.question.rules, &mut self.answer) else {
            return;
        };
        let setup = &self.question.setup;
        for p in plays.iter_mut() {
            let read = crate::notation::Play::read_in(&p.notation, Dialect::Soumille).ok();
            let shown = read.and_then(|r| crate::games::backgammon::points::recorded_in_points(setup, setup.turn, &r));
            if let Some(s) = shown {
                p.notation = s;
            }
        }
    }

    /// The answer as text: the seat and roll, every legal play, and Grand Trictrac's jans and
    /// points.
    pub fn text(&self) -> String {
        let said = self.question.game_words();
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        match &self.answer {
            Answer::Tables { roll, plays } => {
                let seat = self.question.setup.turn;
                let mut s =
                    format!("{seat} to throw {roll}{said}: {} legal play{}\n", plays.len(), plural(plays.len()));
                let w = plays.iter().map(|p| p.notation.len()).max().unwrap_or(1);
                for p in plays {
                    let pts = if p.points > 0 { format!("  +{}", p.points) } else { String::new() };
                    s.push_str(&format!("  {:<w$}  -> {}{pts}\n", p.notation, p.result));
                }
                if let Some((pos, id)) = self.gnubg_ids() {
                    s.push_str(&format!("Position ID: {pos}\nMatch ID: {id}\n"));
                }
                s
            }
            Answer::Trictrac(e) => trictrac_text(e, &said),
        }
    }
}

/// Grand Trictrac's answer as text; `said` is the game and rules said on the first line.
fn trictrac_text(e: &LetteredExplanation, said: &str) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let (n, seat) = (e.plays.len(), e.seat);
    let mut s = format!("{seat} to throw {}-{}{said}: {n} legal play{}\n", e.dice[0], e.dice[1], plural(n));
    let w = e.plays.iter().map(|p| p.notation.len()).max().unwrap_or(1);
    for p in &e.plays {
        s.push_str(&format!("  {:w$}  {}\n", p.notation, p.result));
    }
    if e.jans.is_empty() {
        s.push_str("jans: none\n");
    } else {
        s.push_str("jans:\n");
        for j in &e.jans {
            let at = j.at.as_ref().map(|p| format!(" at {p}")).unwrap_or_default();
            s.push_str(&format!(
                "  {:<20} {:<6} x{}  {:>2} points{at}\n",
                j.code.name(),
                j.seat.name(),
                j.ways,
                j.points
            ));
        }
    }
    s.push_str(&format!("points: top {}, bottom {}\n", e.points.top, e.points.bottom));
    s
}

/// Explains a roll in a position under `game`'s rules (those the position's `rules=` field
/// gives, else the game's defaults): every legal play, and Grand Trictrac's jans. A
/// position that names another game is refused.
///
/// ```
/// use soumille::notation::Game;
/// let e = soumille::explain_roll(Game::GrandTrictrac, "A13FG/&15 bottom", "4-3").unwrap();
/// assert!(e.text().starts_with("bottom to throw 4-3: 2 legal plays\n"));
/// let j = soumille::explain_roll(Game::Jacquet, "M15/&15 top", "6-5").unwrap();
/// assert_eq!(j.text(), "top to throw 6-5 (jacquet): 1 legal play\n  MFA  -> AM14/&15\n");
/// ```
pub fn explain_roll(game: Game, position: &str, dice: &str) -> Result<Explained, ExplainError> {
    let question = Question::read(position, Some(game), None)?;
    let answer = question.answer(super::parse_dice(dice)?)?;
    Ok(Explained { question, answer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grand_trictrac_is_explained_with_its_jans() {
        let e = explain_roll(Game::GrandTrictrac, "A13FG/&15 bottom", "4-3").unwrap();
        let Answer::Trictrac(t) = &e.answer else { panic!("Grand Trictrac's answer") };
        let plays: Vec<&str> = t.plays.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(plays, ["&R", "&X &V"]);
        assert!(e.text().starts_with("bottom to throw 4-3: 2 legal plays\n"), "{}", e.text());
        assert!(e.text().ends_with("jans: none\npoints: top 0, bottom 0\n"), "{}", e.text());
        let json = serde_json::to_value(e.json("A13FG/&15 bottom")).unwrap();
        assert_eq!(json["dice"], serde_json::json!([4, 3]));
        assert!(json.get("game").is_none());
    }

    #[test]
    fn backgammon_and_jacquet_are_explained_under_their_rules() {
        let e = explain_roll(Game::Backgammon, "A2M5R3T5/F5H3N5&2 top", "6-5").unwrap();
        assert_eq!(e.question.game, Game::Backgammon);
        assert!(matches!(e.question.rules, Games::Backgammon(_)));
        let Answer::Tables { plays, .. } = &e.answer else { panic!("backgammon's answer") };
        assert!(!plays.is_empty());
        assert!(e.text().starts_with("top to throw 6-5 (backgammon): "), "{}", e.text());
        let json = serde_json::to_value(e.json("A2M5R3T5/F5H3N5&2 top")).unwrap();
        assert_eq!(json["game"], "backgammon");
        let j = explain_roll(Game::Jacquet, "M15/&15 top", "6-5").unwrap();
        assert_eq!(j.text(), "top to throw 6-5 (jacquet): 1 legal play\n  MFA  -> AM14/&15\n");
    }

    #[test]
    fn a_position_of_another_game_or_bad_rules_are_refused_with_their_kind() {
        let e = explain_roll(Game::Backgammon, "M15/&15 top game=jacquet", "6-5").unwrap_err();
        assert_eq!(e, ExplainError::GameContradicted { said: Game::Jacquet, given: Game::Backgammon });
        let e = Question::read("M15/&15 top", Some(Game::Jacquet), Some("postillon=jamais")).unwrap_err();
        assert!(matches!(e, ExplainError::Rules { whose: RulesSource::Asked, .. }), "{e:?}");
        let e = Question::read("M15/&15 top", Some(Game::Jacquet), Some("postillon")).unwrap_err();
        assert!(matches!(e, ExplainError::RulesSyntax(_)), "{e:?}");
        assert!(e.to_string().starts_with("--rules: "), "{e}");
        let e = explain_roll(Game::Jacquet, "M15/&15 top", "7-1").unwrap_err();
        assert!(matches!(e, ExplainError::Dice(_)), "{e:?}");
    }

    #[test]
    fn rules_the_position_does_not_have_are_a_contradiction() {
        let e = Question::read("M15/&15 top game=jacquet", None, Some("postillon=immediat")).unwrap_err();
        assert!(matches!(e, ExplainError::RulesContradicted { game: Game::Jacquet, .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            "--rules says postillon=immediat, but the position says its rules are the defaults of jacquet \
             (it has no rules= field): give no --rules, or the position's rules"
        );
    }
}
