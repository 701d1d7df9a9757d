//! The game registry: one row per game, read by everything that lists the games.
//!
//! A row holds what is said about a game rather than how it is played: its `Game` tag and
//! the other spellings the reader accepts, a one-line description, its rule options (key,
//! accepted values, default, a one-line description, where the rules say it), the score
//! fields of its position strings and the forms of its `Result`. The command line's
//! `--game` values and their help, `docs/options.md` and the option errors read it; tests
//! check that it agrees with each game's options parser and with the reader.
//!
//! The reader (`crate::notation`) spells the `Game` tag itself (syntax comes first in the
//! layers and imports no game): a test checks that it reads every tag and alias of the
//! registry as the row's game.
//!
//! The rows are listed by the games' declaration (`src/declare.rs`), each a constant beside
//! its game (`crate::games::plakoto::ROW`) or here for the games before it
//! (`docs/adding-a-game.md`).

use crate::notation::{Game as GameTag, Header, RulePair, Span, SyntaxError, Tag};
use std::fmt;

/// One rule option of a game (docs/games.md §F, docs/rules.md §13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in the `Rules` tag.
    pub key: &'static str,
    /// The accepted values, the default first.
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// What it decides, in one line.
    pub about: &'static str,
    /// Where the rules describe it: a section of the game's rules ([`GameRow::rules`]).
    pub section: &'static str,
}

/// How a game keeps its score: what a replay's score and a report's `final`/`end` are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Holes and points, jans and écoles (Grand Trictrac, Trictrac à écrire): the replay's
    /// throw steps, score and relèves; the report's `final`.
    HolesAndPoints,
    /// Nothing until the end, which is worth points (Jacquet, Moultezim, Backgammon with its
    /// cube): the replay's `game_end`.
    EndPoints,
    /// Points and parties of a series (Tric Trac): the replay's `game_end`.
    Parties,
}

/// One game of the registry.
#[derive(Clone, Copy, Debug)]
pub struct GameRow {
    /// The game (its `Game` tag value is [`GameRow::tag`]).
    pub game: GameTag,
    /// Other spellings of the tag the reader accepts (besides any case).
    pub aliases: &'static [&'static str],
    /// Its name in prose.
    pub title: &'static str,
    /// What it is, in one line, after its name (`--game`'s help).
    pub about: &'static str,
    /// Where its rules are in the repository's docs (`docs/rules.md` for Grand Trictrac,
    /// `docs/games.md` for docs/games.md's games, by docs/games.md's sections).
    pub rules: &'static str,
    /// Its rule options, in canonical order.
    pub options: &'static [OptionSpec],
    /// The score fields its position strings may carry after the seat (`holes=0/0 …`).
    pub score_fields: &'static [&'static str],
    /// The forms of its `Result` tag.
    pub results: &'static [&'static str],
    /// How it keeps its score.
    pub scoring: Scoring,
}

impl GameRow {
    /// The `Game` tag value.
    pub fn tag(&self) -> &'static str {
        self.game.name()
    }

    /// The keys of its options, in canonical order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> {
        self.options.iter().map(|o| o.key)
    }

    /// The option of key `key` (any case).
    pub fn option(&self, key: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.key.eq_ignore_ascii_case(key))
    }

    /// Whether it is Grand Trictrac or Trictrac à écrire (docs/rules.md; the others are
    /// docs/games.md's): scored in holes and points.
    pub fn is_grand_trictrac(&self) -> bool {
        self.scoring == Scoring::HolesAndPoints
    }
}

const fn opt(
    key: &'static str,
    values: &'static [&'static str],
    about: &'static str,
    section: &'static str,
) -> OptionSpec {
    OptionSpec { key, values, default: values[0], about, section }
}

const ON_OFF: &[&str] = &["oui", "non"];

/// Grand Trictrac's options (docs/rules.md §13), shared by Trictrac à écrire.
const GRAND_TRICTRAC: &[OptionSpec] = &[
    opt("sortie", &["parisienne", "provinciale"], "how men are borne off: the Parisian or the provincial method", "§3"),
    opt(
        "passage-rest",
        &["allowed", "forbidden"],
        "whether a tout d'une may rest in a closed grand jan to pass beyond it",
        "§3",
    ),
    opt("hit-passage", &["ignored", "checked"], "whether hits respect the passage rules", "§4"),
    opt("anciens", &["non", "oui"], "the obsolete jans: rencontre, Margot la fendue, pile de misère", "§7"),
    opt("gains", &["guiton", "ancien", "pont"], "the scheme of winnings", "§8"),
    opt("ecole-plein", &["guiton", "lepeintre"], "how a broken fill or preservation is charged as an école", "§9"),
    opt("consolation", &["lineaire", "double"], "the consolation after refaits (Trictrac à écrire)", "§12"),
    opt("queue-jetons", &["oui", "non"], "whether the queue des jetons is paid (Trictrac à écrire)", "§12"),
    opt("primaute", &["gagnant", "alterne"], "who throws first in the next marqué (Trictrac à écrire)", "§12"),
];

/// Jacquet's options (docs/games.md §F); Moultezim's are [`MOULTEZIM`].
const JACQUET: &[OptionSpec] = &[
    opt(
        "jacquet",
        &["base", "avance"],
        "the basic or the advanced rules (avance sets blocage=avance and victoire=1-5 unless given)",
        "§B",
    ),
    opt(
        "postillon",
        &["tour-suivant", "immediat"],
        "when the other men may move after the postillon arrives",
        "§A.5.3",
    ),
    opt(
        "postillon-repos",
        ON_OFF,
        "whether the postillon rests on each intermediate point or jumps the whole throw",
        "§A.5.4",
    ),
    opt("blocage", &["libre", "avance", "avance-23", "livret"], "which blocks of six a play may not make", "§B.1"),
    opt(
        "retrait",
        &["bord", "talon"],
        "where men are borne off: over the border or onto the opponent's talon",
        "§A.7, §B.2",
    ),
    opt("ordre-sortie", &["libre", "lointaine"], "whether men are borne off farthest first", "§A.7.5"),
    opt("victoire", &["1-2", "1-5"], "the winnings: 1 or 2 points, or 1 to 5", "§A.8, §B.3"),
];

/// Moultezim's options: Jacquet's but `jacquet` and `blocage` (its first quarter is never
/// closed, docs/games.md §C.2).
const MOULTEZIM: &[OptionSpec] = &[JACQUET[1], JACQUET[2], JACQUET[4], JACQUET[5], JACQUET[6]];

/// Backgammon's options (docs/games.md §F, §I.2).
const BACKGAMMON: &[OptionSpec] = &[
    opt(
        "premier-coup",
        &["tirage", "relance"],
        "whether the opener plays the two dice thrown apart or throws both again",
        "§D.3",
    ),
    opt(
        "un-seul-de",
        &["moderne", "livret"],
        "when only one die can be played: the higher if it can be, else the lower (moderne) or nothing (livret)",
        "§D.6",
    ),
    opt("backgammon", &["moderne", "livret"], "when a gammon is a backgammon", "§D.8"),
    opt("cube", ON_OFF, "whether the doubling cube is in play", "§D.7"),
    opt("crawford", ON_OFF, "in a match, no double in the game after a seat first reaches one point short", "§I.2"),
    opt(
        "jacoby",
        &["non", "oui"],
        "money play: gammons and backgammons count single while the cube has not been turned",
        "§I.4",
    ),
    opt(
        "beaver",
        &["non", "oui"],
        "money play: the taker of a double may beaver (redouble at once, keeping the cube); never in a match",
        "§I.4",
    ),
];

/// Tric Trac's options (docs/games.md §F).
const TRIC_TRAC: &[OptionSpec] = &[
    opt(
        "plus-fort",
        ON_OFF,
        "whether a singleton of which one die can be played must play the higher if it can",
        "§E.5",
    ),
    opt("pont", &["chaque-coup", "une-fois"], "how often the grand pont scores its 2 points", "§E.9"),
    opt(
        "points-perdant",
        &["remis", "gardes"],
        "the loser's points when the winner prolongs: set to 0 or kept",
        "§E.10",
    ),
];

const GT_RESULTS: &[&str] =
    &["*", "top 12-7", "top 12-0 bredouille", "top 12-0 grande-bredouille", "top 12-7 stakes=2"];
const JACQUET_RESULTS: &[&str] = &["*", "top 2"];

/// The row of `grand-trictrac`.
pub const GRAND_TRICTRAC_ROW: GameRow = GameRow {
    game: GameTag::GrandTrictrac,
    aliases: GameTag::GrandTrictrac.aliases(),
    title: "Grand Trictrac",
    about: "jans and écoles, tours of twelve holes; the default game",
    rules: "docs/rules.md",
    options: GRAND_TRICTRAC,
    score_fields: GameTag::GrandTrictrac.score_fields(),
    results: GT_RESULTS,
    scoring: Scoring::HolesAndPoints,
};

/// The row of `trictrac-a-ecrire`.
pub const TRICTRAC_A_ECRIRE_ROW: GameRow = GameRow {
    game: GameTag::TrictracAEcrire,
    aliases: GameTag::TrictracAEcrire.aliases(),
    title: "Trictrac à écrire",
    about: "Grand Trictrac scored in marqués, the written-score match form",
    rules: "docs/rules.md §12",
    options: GRAND_TRICTRAC,
    score_fields: GameTag::TrictracAEcrire.score_fields(),
    results: GT_RESULTS,
    scoring: Scoring::HolesAndPoints,
};

/// The row of `jacquet`.
pub const JACQUET_ROW: GameRow = GameRow {
    game: GameTag::Jacquet,
    aliases: GameTag::Jacquet.aliases(),
    title: "Jacquet",
    about: "both seats run the same way round, the postillon first; basic or advanced rules",
    rules: "docs/games.md §A, §B",
    options: JACQUET,
    score_fields: GameTag::Jacquet.score_fields(),
    results: JACQUET_RESULTS,
    scoring: Scoring::EndPoints,
};

/// The row of `moultezim`.
pub const MOULTEZIM_ROW: GameRow = GameRow {
    game: GameTag::Moultezim,
    aliases: GameTag::Moultezim.aliases(),
    title: "Moultezim",
    about: "Jacquet released in the third quarter, the first quarter never closed",
    rules: "docs/games.md §C",
    options: MOULTEZIM,
    score_fields: GameTag::Moultezim.score_fields(),
    results: JACQUET_RESULTS,
    scoring: Scoring::EndPoints,
};

/// The row of `backgammon`.
pub const BACKGAMMON_ROW: GameRow = GameRow {
    game: GameTag::Backgammon,
    aliases: GameTag::Backgammon.aliases(),
    title: "Backgammon",
    about: "of the 1982 booklet, with the doubling cube, matches and money play",
    rules: "docs/games.md §D, §I",
    options: BACKGAMMON,
    score_fields: GameTag::Backgammon.score_fields(),
    results: &[
        "*",
        "top 2",
        "top 2 single",
        "top 4 gammon",
        "top 6 backgammon",
        "top 2 drop",
        "top 1 resign",
        "top 4 resign gammon",
    ],
    scoring: Scoring::EndPoints,
};

/// The row of `tric-trac`.
pub const TRIC_TRAC_ROW: GameRow = GameRow {
    game: GameTag::TricTrac,
    aliases: GameTag::TricTrac.aliases(),
    title: "Tric Trac",
    about: "of the 1982 booklet: captures, the pont, parties of twelve points",
    rules: "docs/games.md §E",
    options: TRIC_TRAC,
    score_fields: GameTag::TricTrac.score_fields(),
    results: &["*", "top 5-2"],
    scoring: Scoring::Parties,
};

/// The registry's rows, from the games' declaration (`crate::declare::games!`).
macro_rules! rows {
    ($( $(#[$gdoc:meta])* $engine:ident($module:ident::$ty:ident) {
        $( $(#[$doc:meta])* $tag:ident {
            name: $name:literal, aliases: [$($alias:literal),*], shared: $shared:literal, forms: $forms:ident,
            fields: [$($field:literal),*], results: $results:literal, row: $row:path,
        }, )+
    } )*) => {
        /// Every game, in the order of the `Game` tag's values ([`GameTag::ALL`]).
        pub static GAMES: [GameRow; GameTag::ALL.len()] = [$($($row,)+)*];
    };
}

crate::declare::games!(rows);

/// The row of `game`.
pub fn row(game: GameTag) -> &'static GameRow {
    // the rows are in the order of the tags (a test checks it)
    &GAMES[game.index()]
}

/// Whether `game` is Grand Trictrac or Trictrac à écrire ([`GameRow::is_grand_trictrac`]).
pub fn is_grand_trictrac(game: GameTag) -> bool {
    row(game).is_grand_trictrac()
}

/// The table of every game and its options in Markdown, as `docs/options.md` holds it
/// (a test checks that it does): a section per game with its tag, what it is, where its
/// rules are, then each option (key, values with the default first and in bold, what it
/// decides, where).
pub fn options_markdown() -> String {
    let mut out = String::new();
    for g in &GAMES {
        out.push_str(&format!("## {} (`{}`)\n\n{}: {}. Rules: {}.\n\n", g.title, g.tag(), g.title, g.about, g.rules));
        if g.options.is_empty() {
            out.push_str("No options.\n\n");
            continue;
        }
        out.push_str("| key | values (default first) | what it decides | section |\n| --- | --- | --- | --- |\n");
        for o in g.options {
            let values: Vec<String> = o
                .values
                .iter()
                .map(|v| if *v == o.default { format!("**`{v}`**") } else { format!("`{v}`") })
                .collect();
            out.push_str(&format!("| `{}` | {} | {} | {} |\n", o.key, values.join(", "), o.about, o.section));
        }
        out.push('\n');
    }
    out
}

/// One option of a record's game as it is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InForce {
    /// The option.
    pub spec: &'static OptionSpec,
    /// Its value in force (canonical spelling).
    pub value: &'static str,
    /// Whether the record's `Rules` tag gave it (else it is the default).
    pub given: bool,
}

/// Every option of a record's game (in the registry's order) with its value in force and
/// whether the `Rules` tag gave it: what a sheet's fiche lists. Options the game refuses
/// are left out (their record is flagged). Jacquet's `jacquet=avance` sets the defaults of
/// `blocage` and `victoire` (docs/games.md §B).
pub fn options_in_force(header: &Header) -> Vec<InForce> {
    let given = |key: &str| header.game_rules.iter().find(|p| p.key.eq_ignore_ascii_case(key));
    let avance =
        header.game == GameTag::Jacquet && given("jacquet").is_some_and(|p| p.value.eq_ignore_ascii_case("avance"));
    row(header.game)
        .options
        .iter()
        .map(|spec| {
            let written = given(spec.key).and_then(|p| spec.values.iter().find(|v| v.eq_ignore_ascii_case(&p.value)));
            let default = match spec.key {
                "blocage" if avance => "avance",
                "victoire" if avance => "1-5",
                _ => spec.default,
            };
            InForce { spec, value: written.copied().unwrap_or(default), given: written.is_some() }
        })
        .collect()
}

/// What is wrong with one option of a `Rules` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionFault {
    /// The game has no option of that key.
    UnknownKey,
    /// The key does not take that value.
    UnknownValue,
    /// The key is another game's of the family, refused here (why, in a parenthesis:
    /// Moultezim's `blocage`).
    NotForGame(&'static str),
    /// The key is given twice.
    Twice,
}

/// An option of a `Rules` tag that its game refuses: the one error of every game's options
/// parser (docs/rules.md §13, docs/games.md §F).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Message(self))]
pub struct OptionError {
    /// The game whose options were read.
    pub game: GameTag,
    /// What is wrong.
    pub fault: OptionFault,
    /// The key, as written (its canonical spelling, when known).
    pub key: String,
    /// The value, as written.
    pub value: String,
    /// What is accepted instead: the game's keys (for a key), the key's values (for a value).
    pub accepted: &'static [&'static str],
    /// Where the `key=value` is in the record, when known.
    pub span: Option<Span>,
}

struct Message<'a>(&'a OptionError);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.0;
        let accepted = e.accepted.join(", ");
        match e.fault {
            OptionFault::UnknownKey => {
                write!(f, "unknown rule option `{}` for {}; the options are {accepted}", e.key, e.game)
            }
            OptionFault::UnknownValue => write!(f, "unknown value `{}` for `{}`; accepted: {accepted}", e.value, e.key),
            OptionFault::NotForGame(why) => {
                write!(f, "rule option `{}` may not be given for {}{why}; the options are {accepted}", e.key, e.game)
            }
            OptionFault::Twice => write!(f, "rule option `{}` is given twice", e.key),
        }
    }
}

impl OptionError {
    /// An error about `pair` of a record of `game`.
    pub fn new(game: GameTag, fault: OptionFault, pair: &RulePair, accepted: &'static [&'static str]) -> OptionError {
        OptionError { game, fault, key: pair.key.clone(), value: pair.value.clone(), accepted, span: pair.span }
    }

    /// The same, with the key spelled canonically.
    pub fn key(mut self, key: &str) -> OptionError {
        key.clone_into(&mut self.key);
        self
    }

    /// As a syntax error of the record, at the option (`this rule option`).
    pub fn to_syntax_error(&self) -> SyntaxError {
        SyntaxError::new(self.span, self.to_string(), "this rule option")
    }
}

/// Reads the `Rules` pairs of a record of `game` whose keys are `keys` (canonical order)
/// and values `values` (per key, the default first): `set(key, value)` (indices) for each
/// pair; every wrong pair is an [`OptionError`]. Keys and values are read in any case.
/// Returns which keys were given (a bit per key).
pub fn read_options(
    game: GameTag,
    keys: &'static [&'static str],
    values: &[&'static [&'static str]],
    pairs: &[RulePair],
    mut set: impl FnMut(usize, usize),
) -> Result<u32, Vec<OptionError>> {
    let mut given = 0u32;
    let mut errors = Vec::new();
    for p in pairs {
        let (k, v) = (p.key.trim(), p.value.trim());
        let Some(ki) = keys.iter().position(|key| key.eq_ignore_ascii_case(k)) else {
            errors.push(OptionError::new(game, OptionFault::UnknownKey, p, keys));
            continue;
        };
        if given & (1 << ki) != 0 {
            errors.push(OptionError::new(game, OptionFault::Twice, p, keys).key(keys[ki]));
            continue;
        }
        given |= 1 << ki;
        let Some(vi) = values[ki].iter().position(|x| x.eq_ignore_ascii_case(v)) else {
            errors.push(OptionError::new(game, OptionFault::UnknownValue, p, values[ki]).key(keys[ki]));
            continue;
        };
        set(ki, vi);
    }
    if errors.is_empty() {
        Ok(given)
    } else {
        Err(errors)
    }
}

/// The options of a record's `Rules` tag judged by its game: every option it refuses.
pub fn option_errors(header: &Header) -> Vec<OptionError> {
    match super::Games::chosen(header) {
        Ok(_) => Vec::new(),
        Err(es) => es,
    }
}

/// The tags of a record read under its game's rules, as the reader leaves them: the
/// options of its `Rules` tag judged by the game (the errors, at their options), and, for
/// Grand Trictrac, the tag written canonically (docs/rules.md §13 order, values in lower case).
pub fn check_tags(header: &Header, tags: &mut [Tag]) -> Vec<SyntaxError> {
    if header.game_rules.is_empty() {
        return Vec::new();
    }
    match super::Games::chosen(header) {
        Ok(g) => {
            if let (Some(t), Some(written)) = (tags.iter_mut().find(|t| t.name == "Rules"), g.canonical_rules()) {
                if t.value != written {
                    t.value = written;
                }
            }
            Vec::new()
        }
        Err(es) => es.iter().map(OptionError::to_syntax_error).collect(),
    }
}

/// [`check_tags`] of a record as read: the option errors join its syntax errors, in file
/// order. What every reader of records for users calls after the notation's reader (which
/// reads the `Rules` tag as pairs and judges none of them).
pub fn check_read(read: &mut crate::notation::ReadRecord) {
    let errors = check_tags(&read.header, &mut read.record.tags);
    for e in errors {
        let at = e.span.map_or(0, |s| s.start);
        let k = read.errors.iter().position(|x| x.span.is_some_and(|s| s.start > at)).unwrap_or(read.errors.len());
        read.errors.insert(k, e);
    }
}

/// The records of a text as its users read them: [`crate::notation::read`] (syntax), then
/// the options of each record's `Rules` tag judged by its game ([`check_read`]).
pub fn read(src: &str) -> Vec<crate::notation::ReadRecord> {
    let mut records = crate::notation::read(src);
    records.iter_mut().for_each(check_read);
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_follow_the_tags() {
        for g in &GAMES {
            assert_eq!(row(g.game).tag(), g.tag());
            assert_eq!(GameTag::from_name(g.tag()), Some(g.game));
            assert_eq!(GameTag::from_name(&g.tag().to_uppercase()), Some(g.game));
            for a in g.aliases {
                assert_eq!(GameTag::from_name(a), Some(g.game), "{a}");
            }
            for o in g.options {
                assert_eq!(o.values.first(), Some(&o.default), "{}", o.key);
            }
        }
        let tags: Vec<&str> = GAMES.iter().map(GameRow::tag).collect();
        assert_eq!(tags, GameTag::ALL.iter().map(|g| g.name()).collect::<Vec<_>>());
        assert_eq!(GameTag::default(), GameTag::GrandTrictrac);
        assert!(is_grand_trictrac(GameTag::TrictracAEcrire) && !is_grand_trictrac(GameTag::TricTrac));
    }

    #[test]
    fn option_errors_say_what_is_accepted() {
        let p = RulePair { key: "Speed".into(), value: "fast".into(), span: Some(Span::new(3, 13)) };
        let e = OptionError::new(GameTag::Backgammon, OptionFault::UnknownKey, &p, &["cube", "crawford"]);
        assert_eq!(e.to_string(), "unknown rule option `Speed` for backgammon; the options are cube, crawford");
        let s = e.to_syntax_error();
        assert_eq!((s.span, s.label.as_str()), (Some(Span::new(3, 13)), "this rule option"));
        let e = OptionError::new(GameTag::Jacquet, OptionFault::UnknownValue, &p, &["a", "b"]).key("speed");
        assert_eq!(e.to_string(), "unknown value `fast` for `speed`; accepted: a, b");
        let e = OptionError::new(GameTag::Moultezim, OptionFault::NotForGame(" (why)"), &p, &["x"]).key("speed");
        assert_eq!(e.to_string(), "rule option `speed` may not be given for moultezim (why); the options are x");
        let e = OptionError::new(GameTag::TricTrac, OptionFault::Twice, &p, &["x"]).key("speed");
        assert_eq!(e.to_string(), "rule option `speed` is given twice");
    }

    #[test]
    fn the_score_fields_are_the_readers() {
        let value = |field: &str| match field {
            "pinned" => "top@F",
            "bredouille" | "pavillon" | "owner" => "none",
            "cube" => "2",
            _ => "0/0",
        };
        let every = ["holes", "points", "throws", "bredouille", "pavillon", "cube", "owner", "parties", "pinned"];
        for g in &GAMES {
            let men = if g.game.is_trictrac() { "A15/&15 bottom" } else { "M15/&15 bottom" };
            for f in every {
                let s = format!("{men} {f}={}", value(f));
                let read = crate::notation::parser::parse_position_of(&s, crate::board::Dialect::Soumille, g.game);
                assert_eq!(read.is_ok(), g.score_fields.contains(&f), "{}: {s}: {read:?}", g.tag());
            }
        }
    }

    #[test]
    fn the_defaults_and_keys_are_the_parsers() {
        use crate::games::{backgammon, grand_trictrac, jacquet, tric_trac};
        let defaults =
            |g: GameTag| -> Vec<RulePair> { row(g).options.iter().map(|o| RulePair::new(o.key, o.default)).collect() };
        let keys = |g: GameTag| -> Vec<&str> { row(g).keys().collect() };
        for g in [GameTag::GrandTrictrac, GameTag::TrictracAEcrire] {
            let o = grand_trictrac::options::RuleOptions::from_pairs(g, &defaults(g)).unwrap();
            assert_eq!(grand_trictrac::options::RuleOptions { given: 0, ..o }, Default::default());
            assert_eq!(keys(g), grand_trictrac::options::RuleOptions::KEYS);
            assert_eq!(
                row(g).options.iter().map(|o| o.values).collect::<Vec<_>>(),
                grand_trictrac::options::RuleOptions::VALUES
            );
        }
        for v in [jacquet::options::Variant::Jacquet, jacquet::options::Variant::Moultezim] {
            let o = jacquet::options::JacquetOptions::parse(v, &defaults(v.tag())).unwrap();
            assert_eq!(o, jacquet::options::JacquetOptions::new(v));
            assert_eq!(keys(v.tag()), jacquet::options::JacquetOptions::keys(v));
        }
        for o in JACQUET {
            let k = jacquet::options::JacquetOptions::JACQUET_KEYS.iter().position(|k| *k == o.key).unwrap();
            assert_eq!(o.values, jacquet::options::JacquetOptions::VALUES[k]);
        }
        let g = GameTag::Backgammon;
        assert_eq!(backgammon::options::Options::from_pairs(&defaults(g)).unwrap(), Default::default());
        assert_eq!(keys(g), backgammon::options::Options::KEYS);
        assert_eq!(row(g).options.iter().map(|o| o.values).collect::<Vec<_>>(), backgammon::options::Options::VALUES);
        let g = GameTag::TricTrac;
        assert_eq!(tric_trac::options::Options::from_pairs(&defaults(g)).unwrap(), Default::default());
        assert_eq!(keys(g), tric_trac::options::Options::KEYS);
        assert_eq!(row(g).options.iter().map(|o| o.values).collect::<Vec<_>>(), tric_trac::options::Options::VALUES);
    }

    #[test]
    fn the_options_in_force_are_the_games() {
        let text = "[Game \"jacquet\"]\n[Rules \"jacquet=avance; retrait=TALON\"]\n";
        let r = &crate::notation::read(text)[0];
        let got: Vec<(&str, &str, bool)> =
            options_in_force(&r.header).iter().map(|o| (o.spec.key, o.value, o.given)).collect();
        assert_eq!(
            got,
            [
                ("jacquet", "avance", true),
                ("postillon", "tour-suivant", false),
                ("postillon-repos", "oui", false),
                ("blocage", "avance", false),
                ("retrait", "talon", true),
                ("ordre-sortie", "libre", false),
                ("victoire", "1-5", false),
            ]
        );
    }

    #[test]
    fn the_result_forms_are_read_for_their_game_only() {
        for g in &GAMES {
            for r in g.results {
                let claim = crate::notation::parser::parse_result_of(r, g.game);
                assert!(claim.is_ok(), "{}: {r}: {claim:?}", g.tag());
            }
        }
        let forms = |g: GameTag| row(g).results;
        assert!(crate::notation::parser::parse_result_of(forms(GameTag::Backgammon)[3], GameTag::Jacquet).is_err());
        assert!(crate::notation::parser::parse_result_of(forms(GameTag::GrandTrictrac)[2], GameTag::TricTrac).is_err());
    }

    #[test]
    fn read_judges_the_options() {
        let text = "[Rules \"gains=florins\"]\n\n1. 6-5 AG AF\n";
        assert!(crate::notation::read(text)[0].errors.is_empty());
        let r = &read(text)[0];
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].message, "unknown value `florins` for `gains`; accepted: guiton, ancien, pont");
        assert_eq!(r.errors[0].span, Some(Span::new(8, 21)));
    }
}
