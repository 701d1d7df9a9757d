//! The known tags (NOTATION.md §2): names, canonical values and their meaning.

use super::ast::{Span, Tag};
use super::error::SyntaxError;
use super::parser;
use crate::board::{Dialect, Seat, Setup};
use crate::options::RuleOptions;
use std::fmt;

/// The game a record is of (`Game` tag).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Game {
    /// `grand-trictrac` (the default).
    #[default]
    GrandTrictrac,
    /// `trictrac-a-ecrire`: the written-score match form (RULES.md §12).
    TrictracAEcrire,
    /// `jacquet` (RULES.md §14).
    Jacquet,
    /// `moultezim` (RULES.md §14).
    Moultezim,
    /// `backgammon` (RULES.md §14).
    Backgammon,
    /// `tric-trac`: the simplified game of the 1982 booklet (RULES.md §14).
    TricTrac,
}

const GAMES: [(Game, &str); 6] = [
    (Game::GrandTrictrac, "grand-trictrac"),
    (Game::TrictracAEcrire, "trictrac-a-ecrire"),
    (Game::Jacquet, "jacquet"),
    (Game::Moultezim, "moultezim"),
    (Game::Backgammon, "backgammon"),
    (Game::TricTrac, "tric-trac"),
];

impl Game {
    /// Grand Trictrac or Trictrac à écrire (the games of RULES.md), not one of GAMES.md's.
    pub fn is_grand_trictrac(self) -> bool {
        matches!(self, Game::GrandTrictrac | Game::TrictracAEcrire)
    }

    /// The canonical tag value.
    pub fn name(self) -> &'static str {
        GAMES.iter().find(|g| g.0 == self).map_or("", |g| g.1)
    }

    /// Reads a `Game` value, case-insensitively, accents allowed (`trictrac-à-écrire`).
    pub fn from_name(s: &str) -> Option<Game> {
        let s = s.trim();
        if let Some(g) = GAMES.iter().find(|g| g.1.eq_ignore_ascii_case(s)) {
            return Some(g.0);
        }
        let folded = fold_accents(&s.to_lowercase());
        GAMES.iter().find(|g| g.1 == folded).map(|g| g.0)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn fold_accents(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'à' | 'â' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' => 'o',
            'û' | 'ù' => 'u',
            'ç' => 'c',
            c => c,
        })
        .collect()
}

/// The bredouille a result claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultBredouille {
    /// `bredouille`.
    Bredouille,
    /// `grande-bredouille`.
    Grande,
}

/// A `Result` value (NOTATION.md §7): `*`, or `top 12-7 [grande-bredouille] [stakes=N]`.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultClaim {
    /// `*`: unfinished.
    Unfinished,
    /// A finished tour.
    Won {
        /// The seat that reached twelve holes.
        winner: Seat,
        /// The winner's holes.
        winner_holes: u32,
        /// The loser's holes.
        loser_holes: u32,
        /// A claimed bredouille.
        bredouille: Option<ResultBredouille>,
        /// The claimed winnings (halves allowed: `1.5`).
        stakes: Option<f64>,
    },
}

impl fmt::Display for ResultClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultClaim::Unfinished => f.write_str("*"),
            ResultClaim::Won { winner, winner_holes, loser_holes, bredouille, stakes } => {
                write!(f, "{winner} {winner_holes}-{loser_holes}")?;
                match bredouille {
                    Some(ResultBredouille::Grande) => f.write_str(" grande-bredouille")?,
                    Some(ResultBredouille::Bredouille) => f.write_str(" bredouille")?,
                    None => {}
                }
                if let Some(s) = stakes {
                    write!(f, " stakes={s}")?;
                }
                Ok(())
            }
        }
    }
}

/// What the known tags of a record say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    /// `Game`.
    pub game: Game,
    /// `First`: who throws first (default: bottom — see grammar/README.md).
    pub first: Option<Seat>,
    /// `Letters`.
    pub letters: Dialect,
    /// `Rules`.
    pub rules: RuleOptions,
    /// `Position`: the start, instead of the opening.
    pub position: Option<Setup>,
    /// `Result`.
    pub result: Option<ResultClaim>,
    /// `Marques`: number of marqués (Trictrac à écrire).
    pub marques: Option<u32>,
}

/// The known tags: canonical name, French and accented aliases; their order is the
/// canonical order of the printer.
pub const KNOWN_TAGS: [(&str, &[&str]); 14] = [
    ("Game", &["jeu"]),
    ("Event", &["evenement", "événement"]),
    ("Site", &["lieu"]),
    ("Date", &[]),
    ("Top", &["haut"]),
    ("Bottom", &["bas"]),
    ("First", &["premier"]),
    ("Letters", &["lettres"]),
    ("Rules", &["regles", "règles"]),
    ("Marques", &[]),
    ("Position", &[]),
    ("Result", &["resultat", "résultat"]),
    ("Source", &[]),
    ("Annotator", &["annotateur"]),
];

/// The rank of a tag in the canonical order: its index among the known tags, or 14.
pub fn tag_rank(name: &str) -> usize {
    KNOWN_TAGS.iter().position(|(n, _)| *n == name).unwrap_or(KNOWN_TAGS.len())
}

/// The canonical name of a known tag written `name` (any case, French or English).
pub fn canonical_tag_name(name: &str) -> Option<&'static str> {
    if let Some((n, _)) = KNOWN_TAGS
        .iter()
        .find(|(n, aliases)| n.eq_ignore_ascii_case(name) || aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
    {
        return Some(n);
    }
    if name.is_ascii() {
        return None;
    }
    let lower = name.to_lowercase();
    KNOWN_TAGS.iter().find(|(_, aliases)| aliases.contains(&lower.as_str())).map(|(n, _)| *n)
}

impl Header {
    /// Reads the header of canonical tags (as held in a [`super::Record`]); positions in
    /// Soumille letters.
    pub fn of_tags(tags: &[Tag]) -> Result<Header, Vec<SyntaxError>> {
        let mut tags = tags.to_vec();
        let (h, errors) = interpret(&mut tags, false);
        if errors.is_empty() {
            Ok(h)
        } else {
            Err(errors)
        }
    }
}

/// A span inside a tag's value, when the tag has spans and its value needed no unescaping.
fn value_sub_span(tag: &Tag, range: std::ops::Range<usize>, raw_equal: bool) -> Option<Span> {
    let v = tag.spans?.value;
    let r = v.range();
    if raw_equal && range.end <= r.len() {
        Some(Span::new(r.start + range.start, r.start + range.end))
    } else {
        Some(v)
    }
}

/// Canonicalises the tags in place (English names, canonical values, canonical order) and
/// reads their meaning. `position_in_dialect`: the `Position` value is written in the
/// record's letters (as in a file) rather than Soumille's (as in JSON).
pub fn interpret(tags: &mut [Tag], position_in_dialect: bool) -> (Header, Vec<SyntaxError>) {
    let mut h = Header::default();
    let mut errors = Vec::new();
    let mut seen = [false; KNOWN_TAGS.len()];
    for t in tags.iter_mut() {
        if let Some(canon) = canonical_tag_name(&t.name) {
            let rank = tag_rank(canon);
            if seen[rank] {
                errors.push(SyntaxError::new(
                    t.spans.map(|s| s.name),
                    format!("tag {canon} is given twice"),
                    "a tag may be given once",
                ));
            }
            seen[rank] = true;
            t.name = canon.to_string();
        }
    }
    // Letters first: the Position value depends on it.
    if let Some(t) = tags.iter_mut().find(|t| t.name == "Letters") {
        match Dialect::from_name(t.value.trim()) {
            Some(d) => {
                h.letters = d;
                t.value = d.name().to_string();
            }
            None => errors.push(SyntaxError::new(
                t.spans.map(|s| s.value),
                format!("unknown Letters value `{}`", t.value),
                "expected soumille or lepeintre",
            )),
        }
    }
    for t in tags.iter_mut() {
        let span = t.spans.map(|s| s.value);
        match t.name.as_str() {
            "Game" => match Game::from_name(&t.value) {
                Some(g) => {
                    h.game = g;
                    if t.value != g.name() {
                        t.value = g.name().to_string();
                    }
                }
                None => errors.push(SyntaxError::new(
                    span,
                    format!("unknown Game value `{}`", t.value),
                    format!("expected one of {}", GAMES.map(|g| g.1).join(", ")),
                )),
            },
            "First" => match Seat::from_name(t.value.trim()) {
                Some(s) => {
                    h.first = Some(s);
                    if t.value != s.name() {
                        t.value = s.name().to_string();
                    }
                }
                None => errors.push(SyntaxError::new(
                    span,
                    format!("unknown First value `{}`", t.value),
                    "expected top or bottom (haut, bas)",
                )),
            },
            "Rules" => match RuleOptions::parse(&t.value) {
                Ok(o) => {
                    h.rules = o;
                    t.value = o.to_string();
                }
                Err(es) => {
                    let raw_equal = raw_matches(t);
                    for e in es {
                        errors.push(SyntaxError::new(
                            value_sub_span(t, e.at.clone(), raw_equal),
                            e.message,
                            "this rule option",
                        ));
                    }
                }
            },
            "Position" => {
                let dialect = if position_in_dialect { h.letters } else { Dialect::Soumille };
                match parser::parse_position(&t.value, dialect) {
                    Ok(setup) => {
                        t.value = setup.to_string();
                        h.position = Some(setup);
                    }
                    Err(e) => {
                        let raw_equal = raw_matches(t);
                        errors.push(
                            SyntaxError::new(value_sub_span(t, e.at.clone(), raw_equal), e.message, e.label)
                                .with_help("a position string: `A13FG/&15 top` (NOTATION.md §6)"),
                        );
                    }
                }
            }
            "Result" => match parser::parse_result(&t.value) {
                Ok(r) => {
                    t.value = r.to_string();
                    h.result = Some(r);
                }
                Err(e) => errors.push(SyntaxError::new(span, e.message, e.label)),
            },
            "Marques" => match t.value.trim().parse::<u32>() {
                Ok(n) if n > 0 => {
                    h.marques = Some(n);
                    t.value = n.to_string();
                }
                _ => errors.push(SyntaxError::new(
                    span,
                    format!("`{}` is not a number of marqués", t.value),
                    "expected a whole number such as 6, 8 or 12",
                )),
            },
            _ => {}
        }
    }
    tags.sort_by_key(|t| tag_rank(&t.name));
    (h, errors)
}

/// Whether the tag's value span covers exactly its (unescaped) value.
fn raw_matches(t: &Tag) -> bool {
    t.spans.is_some_and(|s| s.value.range().len() == t.value.len())
}
