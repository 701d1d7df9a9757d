//! The known tags (docs/format.md §2): names, canonical values and their meaning.

use super::ast::{Span, Tag};
use super::error::SyntaxError;
use super::parser;
use crate::board::{Dialect, Seat, Setup};
pub use crate::board::{Forms, Game};
use std::borrow::Cow;
use std::fmt;

impl Forms {
    /// The kinds a `Result` may name after the points won (`top 2 gammon`).
    pub fn result_kinds(self) -> &'static [ResultKind] {
        match self {
            Forms::BarAndCube => &[
                ResultKind::Single,
                ResultKind::Gammon,
                ResultKind::Backgammon,
                ResultKind::Drop,
                ResultKind::Resign,
                ResultKind::ResignSingle,
                ResultKind::ResignGammon,
                ResultKind::ResignBackgammon,
            ],
            Forms::Pins => &[ResultKind::Single, ResultKind::Gammon, ResultKind::Mana],
            Forms::Trictrac | Forms::Paths | Forms::TricTrac => &[],
        }
    }
}

impl Game {
    /// Its place in [`Game::ALL`] (the game registry's rows are in the same order).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Grand Trictrac or Trictrac à écrire (the games of docs/rules.md), not one of docs/games.md's.
    ///
    /// What a game is played and scored like is the game registry's
    /// (`games::registry::is_grand_trictrac`, `Games::is_grand_trictrac`): this stays only
    /// until the last callers outside the registry move to it. The reader itself asks
    /// [`Game::is_trictrac`] (which forms the record may use: syntax).
    pub fn is_grand_trictrac(self) -> bool {
        self.is_trictrac()
    }

    /// Reads a `Game` value, case-insensitively, accents allowed (`trictrac-à-écrire`).
    pub fn from_name(s: &str) -> Option<Game> {
        let s = s.trim();
        // as written by the printer (the usual case), then in any case
        let all = Game::ALL.iter().copied();
        if let Some(g) = all.clone().find(|g| g.name() == s) {
            return Some(g);
        }
        if let Some(g) = all.clone().find(|g| g.name().eq_ignore_ascii_case(s) || g.aliases().contains(&s)) {
            return Some(g);
        }
        let folded = fold_accents(&s.to_lowercase());
        all.into_iter().find(|g| g.name() == folded)
    }

    /// Grand Trictrac or Trictrac à écrire: the games of docs/format.md, whose records keep
    /// its forms strictly (moves of at most three points, no `@`, `*`, cube, `partie`).
    pub fn is_trictrac(self) -> bool {
        self.forms() == Forms::Trictrac
    }

    /// Paths of up to five points and `*` hit claims (docs/games.md §0.3, §D.9, §E.11).
    pub fn has_paths(self) -> bool {
        !self.is_trictrac()
    }

    /// The bar (`@` in moves and positions) and the doubling cube: Backgammon (docs/games.md §D.9).
    pub fn has_bar_and_cube(self) -> bool {
        self.forms() == Forms::BarAndCube
    }

    /// Tric Trac's forms: marks after the play (odd ones too), `partie …`, `prolonge` /
    /// `recommence`, `parties=` (docs/games.md §E.11).
    pub fn is_tric_trac(self) -> bool {
        self.forms() == Forms::TricTrac
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

/// The kind of a Backgammon win (docs/games.md §D.8, §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultKind {
    /// `single`: V × 1.
    Single,
    /// `gammon`: V × 2.
    Gammon,
    /// `backgammon`: V × 3.
    Backgammon,
    /// `drop`: the double was dropped, V.
    Drop,
    /// `resign`: a player resigned, the kind not written (docs/games.md §I.5).
    Resign,
    /// `resign single`: a resignation worth the cube (§I.5).
    ResignSingle,
    /// `resign gammon`: a resignation worth twice the cube (§I.5).
    ResignGammon,
    /// `resign backgammon`: a resignation worth three times the cube (§I.5).
    ResignBackgammon,
    /// `mana`: Plakoto's mother pinned on its starting point (docs/games.md §J.5).
    Mana,
}

const RESULT_KINDS: [(ResultKind, &str); 9] = [
    (ResultKind::Single, "single"),
    (ResultKind::Gammon, "gammon"),
    (ResultKind::Backgammon, "backgammon"),
    (ResultKind::Drop, "drop"),
    (ResultKind::Resign, "resign"),
    (ResultKind::ResignSingle, "resign single"),
    (ResultKind::ResignGammon, "resign gammon"),
    (ResultKind::ResignBackgammon, "resign backgammon"),
    (ResultKind::Mana, "mana"),
];

impl ResultKind {
    /// The canonical word.
    pub fn name(self) -> &'static str {
        RESULT_KINDS.iter().find(|k| k.0 == self).map_or("", |k| k.1)
    }

    /// Whether it is a resignation, of a written kind or not (docs/games.md §I.5).
    pub fn is_resign(self) -> bool {
        matches!(
            self,
            ResultKind::Resign | ResultKind::ResignSingle | ResultKind::ResignGammon | ResultKind::ResignBackgammon
        )
    }

    /// A resignation's multiple of the cube, when its kind is written: 1 (`resign single`),
    /// 2 (`resign gammon`), 3 (`resign backgammon`) (docs/games.md §I.5).
    pub fn resign_times(self) -> Option<u32> {
        match self {
            ResultKind::ResignSingle => Some(1),
            ResultKind::ResignGammon => Some(2),
            ResultKind::ResignBackgammon => Some(3),
            _ => None,
        }
    }

    /// `resign` followed by the kind `k` (`single`, `gammon`, `backgammon`): `resign gammon`.
    pub fn resign_of(self, k: ResultKind) -> Option<ResultKind> {
        match (self, k) {
            (ResultKind::Resign, ResultKind::Single) => Some(ResultKind::ResignSingle),
            (ResultKind::Resign, ResultKind::Gammon) => Some(ResultKind::ResignGammon),
            (ResultKind::Resign, ResultKind::Backgammon) => Some(ResultKind::ResignBackgammon),
            _ => None,
        }
    }

    /// Reads a kind, case-insensitively.
    pub fn from_name(s: &str) -> Option<ResultKind> {
        RESULT_KINDS.iter().find(|k| k.1.eq_ignore_ascii_case(s)).map(|k| k.0)
    }
}

/// A `Result` value (docs/format.md §7, docs/games.md §A.9, §D.9, §E.11): `*`,
/// `top 12-7 [grande-bredouille] [stakes=N]`, `top 2`, `top 2 gammon`, `top 5-2`.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultClaim {
    /// `*`: unfinished.
    Unfinished,
    /// A finished tour (Grand Trictrac), or a Tric Trac series `top 5-2`.
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
    /// `top 2` (Jacquet, Moultezim), `top 2 gammon` (Backgammon): the points won.
    Points {
        /// The winner.
        winner: Seat,
        /// The points won.
        points: u32,
        /// How (Backgammon only).
        kind: Option<ResultKind>,
    },
}

impl fmt::Display for ResultClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultClaim::Unfinished => f.write_str("*"),
            ResultClaim::Won { winner, winner_holes, loser_holes, bredouille, stakes } => {
                f.write_str(winner.name())?;
                f.write_str(" ")?;
                write_number(f, *winner_holes)?;
                f.write_str("-")?;
                write_number(f, *loser_holes)?;
                match bredouille {
                    Some(ResultBredouille::Grande) => f.write_str(" grande-bredouille")?,
                    Some(ResultBredouille::Bredouille) => f.write_str(" bredouille")?,
                    None => {}
                }
                match stakes {
                    // whole stakes (the usual case) as `Display` writes them, without the
                    // float formatting
                    Some(s) if s.fract() == 0.0 && (0.0..1e9).contains(s) => {
                        f.write_str(" stakes=")?;
                        write_number(f, *s as u32)?;
                    }
                    Some(s) => write!(f, " stakes={s}")?,
                    None => {}
                }
                Ok(())
            }
            ResultClaim::Points { winner, points, kind } => {
                f.write_str(winner.name())?;
                f.write_str(" ")?;
                write_number(f, *points)?;
                if let Some(k) = kind {
                    f.write_str(" ")?;
                    f.write_str(k.name())?;
                }
                Ok(())
            }
        }
    }
}

/// Writes a number in decimal with one `write_str` (headers are read and compared with
/// their canonical text for every record: this is on the reader's path).
fn write_number(f: &mut fmt::Formatter<'_>, n: u32) -> fmt::Result {
    f.write_str(crate::board::Decimal::new(n).as_str())
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
    /// `Rules`: the `key=value` pairs as written (trimmed), in order, each with its span.
    /// The reader checks only their form (each part a `key=value` of words, each key once);
    /// the game validates its own keys and values when it is chosen (docs/rules.md §13, docs/games.md
    /// §F: `games::registry`).
    pub game_rules: Vec<RulePair>,
    /// `Position`: the start, instead of the opening.
    pub position: Option<Setup>,
    /// `Result`.
    pub result: Option<ResultClaim>,
    /// `Marques`: number of marqués (Trictrac à écrire).
    pub marques: Option<u32>,
}

/// One `key=value` option of a `Rules` tag, as written (trimmed), not judged: which keys
/// and values a game accepts is the game's (`games::registry`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulePair {
    /// The key as written.
    pub key: String,
    /// The value as written.
    pub value: String,
    /// The `key=value` text in the source (the whole tag value when it was escaped), when
    /// the record has spans.
    pub span: Option<Span>,
}

impl RulePair {
    /// A pair with no span (an option given elsewhere than in a record: `--rules`, a
    /// position's `rules=`).
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> RulePair {
        RulePair { key: key.into(), value: value.into(), span: None }
    }
}

/// An error in the form of a `Rules` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// Byte range of the offending text within the value.
    pub at: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
}

/// Reads a `Rules` value (docs/rules.md §13, docs/games.md §F) as syntax: the `key=value` pairs
/// separated by `;`, trimmed, in the order written, each with its byte range in `text`.
/// Only the form is checked (each part a `key=value` of words: letters, digits, `-`, `_`;
/// each key once); the game validates its keys and values.
pub fn rule_pairs(text: &str) -> Result<Vec<(RulePair, std::ops::Range<usize>)>, Vec<RulesError>> {
    let mut pairs: Vec<(RulePair, std::ops::Range<usize>)> = Vec::new();
    let mut errors = Vec::new();
    let mut start = 0;
    for part in text.split(';') {
        let range = start..start + part.len();
        start += part.len() + 1;
        let trimmed = part.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = part.len() - part.trim_start().len();
        let at = range.start + lead..range.start + lead + trimmed.len();
        let Some((k, v)) = trimmed.split_once('=') else {
            errors.push(RulesError { at, message: format!("expected `key=value`, found `{trimmed}`") });
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
        if !word(k) || !word(v) {
            errors.push(RulesError {
                at,
                message: format!(
                    "malformed rule option `{trimmed}`: expected `key=value`, each a word such as cube=non"
                ),
            });
            continue;
        }
        if pairs.iter().any(|(p, _)| p.key.eq_ignore_ascii_case(k)) {
            errors.push(RulesError { at, message: format!("rule option `{k}` is given twice") });
            continue;
        }
        pairs.push((RulePair::new(k, v), at));
    }
    if errors.is_empty() {
        Ok(pairs)
    } else {
        Err(errors)
    }
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

/// The rank of a tag in the canonical order: its index among the known tags, or 14 (one
/// `match`, which compares the lengths first; a test checks it follows [`KNOWN_TAGS`]).
pub fn tag_rank(name: &str) -> usize {
    match name {
        "Game" => 0,
        "Event" => 1,
        "Site" => 2,
        "Date" => 3,
        "Top" => 4,
        "Bottom" => 5,
        "First" => 6,
        "Letters" => 7,
        "Rules" => 8,
        "Marques" => 9,
        "Position" => 10,
        "Result" => 11,
        "Source" => 12,
        "Annotator" => 13,
        _ => KNOWN_TAGS.len(),
    }
}

/// A tag's name as held: a known tag's canonical name without allocation, others as written.
pub fn tag_name_of(name: &str) -> Cow<'static, str> {
    match KNOWN_TAGS.get(tag_rank(name)) {
        Some((n, _)) => Cow::Borrowed(n),
        None => Cow::Owned(name.to_string()),
    }
}

/// The canonical name of a known tag written `name` (any case, French or English).
pub fn canonical_tag_name(name: &str) -> Option<&'static str> {
    known_tag(name).map(|k| KNOWN_TAGS[k].0)
}

/// The rank of the known tag written `name` (any case, French or English).
fn known_tag(name: &str) -> Option<usize> {
    // the canonical spelling (no alias is another tag's name), then any
    let rank = tag_rank(name);
    if rank < KNOWN_TAGS.len() {
        return Some(rank);
    }
    if name.is_ascii() {
        return known_ascii_tag(name.as_bytes());
    }
    if let Some(k) = KNOWN_TAGS
        .iter()
        .position(|(n, aliases)| n.eq_ignore_ascii_case(name) || aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
    {
        return Some(k);
    }
    if name.is_ascii() {
        return None;
    }
    let lower = name.to_lowercase();
    KNOWN_TAGS.iter().position(|(_, aliases)| aliases.contains(&lower.as_str()))
}

/// [`known_tag`] of an ASCII name: folded to lower case and matched against the names and
/// the ASCII aliases of [`KNOWN_TAGS`] at once (a test checks it against the table).
fn known_ascii_tag(name: &[u8]) -> Option<usize> {
    let mut folded = [0u8; 10];
    let low = folded.get_mut(..name.len())?;
    for (l, b) in low.iter_mut().zip(name) {
        *l = b.to_ascii_lowercase();
    }
    Some(match &*low {
        b"game" | b"jeu" => 0,
        b"event" | b"evenement" => 1,
        b"site" | b"lieu" => 2,
        b"date" => 3,
        b"top" | b"haut" => 4,
        b"bottom" | b"bas" => 5,
        b"first" | b"premier" => 6,
        b"letters" | b"lettres" => 7,
        b"rules" | b"regles" => 8,
        b"marques" => 9,
        b"position" => 10,
        b"result" | b"resultat" => 11,
        b"source" => 12,
        b"annotator" | b"annotateur" => 13,
        _ => return None,
    })
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
    interpret_into(tags, position_in_dialect, &mut h, &mut errors);
    (h, errors)
}

/// [`interpret`] into `h` (a default header) and `errors` (its errors appended), without
/// moving them: the reader fills the record's own.
pub fn interpret_into(tags: &mut [Tag], position_in_dialect: bool, h: &mut Header, errors: &mut Vec<SyntaxError>) {
    let mut seen = [false; KNOWN_TAGS.len()];
    // whether the tags are in the canonical order already (ranks of their canonical names)
    let mut sorted = true;
    let mut last_rank = 0;
    for t in tags.iter_mut() {
        let rank = known_tag(&t.name).unwrap_or(KNOWN_TAGS.len());
        sorted &= last_rank <= rank;
        last_rank = rank;
        if let Some(&(canon, _)) = KNOWN_TAGS.get(rank) {
            if seen[rank] {
                errors.push(SyntaxError::new(
                    t.spans.map(|s| s.name),
                    format!("tag {canon} is given twice"),
                    "a tag may be given once",
                ));
            }
            seen[rank] = true;
            t.name = Cow::Borrowed(canon);
        }
    }
    // Game and Letters first: the Position, Result and Rules values depend on them.
    read_game_and_letters(tags, h, errors);
    for t in tags.iter_mut() {
        let span = t.spans.map(|s| s.value);
        match &*t.name {
            "First" => match Seat::from_name(t.value.trim()) {
                Some(s) => {
                    h.first = Some(s);
                    set_canonical(&mut t.value, s.name());
                }
                None => errors.push(SyntaxError::new(
                    span,
                    format!("unknown First value `{}`", t.value),
                    "expected top or bottom (haut, bas)",
                )),
            },
            "Rules" => read_rules(t, h, errors),
            "Position" => read_position(t, position_in_dialect, h, errors),
            "Result" => match h.game.is_trictrac().then(|| canonical_trictrac_result(&t.value)).flatten() {
                // written as it is printed: read without the parser, and left as it is
                Some(r) => h.result = Some(r),
                None => match parser::parse_result_of(&t.value, h.game) {
                    Ok(r) => {
                        set_written(&mut t.value, &r);
                        h.result = Some(r);
                    }
                    Err(e) => errors.push(SyntaxError::new(span, e.message, e.label)),
                },
            },
            "Marques" => match t.value.trim().parse::<u32>() {
                Ok(n) if n > 0 => {
                    h.marques = Some(n);
                    set_written(&mut t.value, &n);
                }
                _ => errors.push(SyntaxError::new(
                    span,
                    format!("`{}` is not a number of marqués", t.value),
                    "expected a whole number such as 6, 8 or 12",
                )),
            },
            name if is_marks_kept(name) && marks_kept_value(&t.value).is_none() => errors.push(SyntaxError::new(
                span,
                format!("unknown {name} value `{}`", t.value),
                "expected both, top, bottom or none (les-deux, haut, bas, aucun)",
            )),
            _ => {}
        }
    }
    if !sorted {
        tags.sort_by_key(|t| tag_rank(&t.name));
    }
}

/// Whether a tag is `MarksKept` (`MarquesTenues`), whose marks the scribe kept
/// (docs/rules.md §9, docs/format.md §2).
pub fn is_marks_kept(name: &str) -> bool {
    name.eq_ignore_ascii_case("MarksKept") || name.eq_ignore_ascii_case("MarquesTenues")
}

/// The value of a `MarksKept` tag, `[top, bottom]`: `both` (`les-deux`, `tous`), `top`
/// (`haut`), `bottom` (`bas`), `none` (`aucun`); `None` for a value that does not read
/// (a syntax error at the tag, docs/rules.md §9).
pub fn marks_kept_value(value: &str) -> Option<[bool; 2]> {
    match value.trim().to_ascii_lowercase().as_str() {
        "both" | "les-deux" | "tous" => Some([true, true]),
        "top" | "haut" => Some([true, false]),
        "bottom" | "bas" => Some([false, true]),
        "none" | "aucun" => Some([false, false]),
        _ => None,
    }
}

/// Reads the `Game` and `Letters` tags into `h` (the other tags' values depend on them).
fn read_game_and_letters(tags: &mut [Tag], h: &mut Header, errors: &mut Vec<SyntaxError>) {
    if let Some(t) = tags.iter_mut().find(|t| t.name == "Game") {
        match Game::from_name(&t.value) {
            Some(g) => {
                h.game = g;
                set_canonical(&mut t.value, g.name());
            }
            None => errors.push(SyntaxError::new(
                t.spans.map(|s| s.value),
                format!("unknown Game value `{}`", t.value),
                format!("expected one of {}", Game::ALL.iter().map(|g| g.name()).collect::<Vec<_>>().join(", ")),
            )),
        }
    }
    if let Some(t) = tags.iter_mut().find(|t| t.name == "Letters") {
        match Dialect::from_name(t.value.trim()) {
            Some(d) => {
                set_canonical(&mut t.value, d.name());
                if d == Dialect::Lepeintre && !h.game.is_trictrac() {
                    // docs/games.md §0.3: Lepeintre's lower-case letters would make `take`,
                    // `drop`, `prise` spell moves; these games are written in Soumille's.
                    errors.push(
                        SyntaxError::new(
                            t.spans.map(|s| s.value),
                            format!("Lepeintre's letters are for Grand Trictrac records, not {}", h.game),
                            "expected soumille (or no Letters tag)",
                        )
                        .with_help("write this game in Soumille's letters (docs/games.md §0.3)"),
                    );
                } else {
                    h.letters = d;
                }
            }
            None => errors.push(SyntaxError::new(
                t.spans.map(|s| s.value),
                format!("unknown Letters value `{}`", t.value),
                "expected soumille or lepeintre",
            )),
        }
    }
}

/// Reads a `Position` tag into `h.position`, its value written canonically.
fn read_position(t: &mut Tag, position_in_dialect: bool, h: &mut Header, errors: &mut Vec<SyntaxError>) {
    let dialect = if position_in_dialect { h.letters } else { Dialect::Soumille };
    match parser::parse_position_of(&t.value, dialect, h.game) {
        Ok(setup) => {
            // compared with how it is printed, written without `fmt`
            let mut written = Vec::with_capacity(t.value.len() + 8);
            setup.write_in(Dialect::Soumille, &mut written);
            if t.value.as_bytes() != written {
                t.value = String::from_utf8_lossy(&written).into_owned();
            }
            h.position = Some(setup);
        }
        Err(e) => {
            let raw_equal = raw_matches(t);
            errors.push(SyntaxError::new(value_sub_span(t, e.at.clone(), raw_equal), e.message, e.label).with_help(
                if h.game.is_trictrac() {
                    "a position string: `A13FG/&15 top` (docs/format.md §6)"
                } else {
                    "a position string: `M15/&15 bottom`, `A2M4R3T5@/F5H3N5X2 top cube=2` (docs/games.md)"
                },
            ));
        }
    }
}

/// Reads a `Rules` tag into `h.game_rules` as pairs with their spans (syntax only: the game
/// judges them), its value written canonically (`key=value; …` in the order written).
fn read_rules(t: &mut Tag, h: &mut Header, errors: &mut Vec<SyntaxError>) {
    let raw_equal = raw_matches(t);
    match rule_pairs(&t.value) {
        Ok(pairs) => {
            h.game_rules = pairs
                .into_iter()
                .map(|(mut p, at)| {
                    p.span = value_sub_span(t, at, raw_equal);
                    p
                })
                .collect();
            let canonical = RulesText(&h.game_rules);
            set_written(&mut t.value, &canonical);
        }
        Err(es) => {
            for e in es {
                errors.push(SyntaxError::new(
                    value_sub_span(t, e.at.clone(), raw_equal),
                    e.message,
                    "this rule option",
                ));
            }
        }
    }
}

/// Pairs written as a `Rules` value: `key=value; …`.
struct RulesText<'a>(&'a [RulePair]);

impl fmt::Display for RulesText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&p.key)?;
            f.write_str("=")?;
            f.write_str(&p.value)?;
        }
        Ok(())
    }
}

/// Sets a tag value to its canonical spelling, unless it is already written so (most
/// values are: reading a printed record then allocates nothing).
fn set_canonical(value: &mut String, canon: &str) {
    if value != canon {
        canon.clone_into(value);
    }
}

/// Sets a tag value to how `v` is written, unless it is already written so: the value is
/// compared with `v`'s text as it is written, piece by piece, without building it.
fn set_written(value: &mut String, v: &impl fmt::Display) {
    /// Follows `v`'s text along `rest` while it is the same.
    struct Same<'a> {
        rest: &'a str,
        same: bool,
    }
    impl fmt::Write for Same<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.rest.strip_prefix(s) {
                Some(rest) if self.same => self.rest = rest,
                _ => self.same = false,
            }
            Ok(())
        }
    }
    let mut same = Same { rest: value, same: true };
    let written = fmt::write(&mut same, format_args!("{v}")).is_ok();
    if !(written && same.same && same.rest.is_empty()) {
        *value = v.to_string();
    }
}

/// A Grand Trictrac result written as [`ResultClaim`]'s `Display` writes it (`top 12-5`,
/// `bottom 12-0 bredouille stakes=4`, docs/format.md §7), read without the parser to the claim
/// [`parser::parse_result_of`] reads from it; `None` for any other text, which is left to
/// the parser (a test checks both agree).
fn canonical_trictrac_result(s: &str) -> Option<ResultClaim> {
    let (winner, r) = match s.strip_prefix("top ") {
        Some(r) => (Seat::Top, r),
        None => (Seat::Bottom, s.strip_prefix("bottom ")?),
    };
    let (winner_holes, r) = canonical_number(r)?;
    let (loser_holes, r) = canonical_number(r.strip_prefix('-')?)?;
    let (bredouille, r) = if let Some(r) = r.strip_prefix(" grande-bredouille") {
        (Some(ResultBredouille::Grande), r)
    } else if let Some(r) = r.strip_prefix(" bredouille") {
        (Some(ResultBredouille::Bredouille), r)
    } else {
        (None, r)
    };
    let (stakes, r) = match r.strip_prefix(" stakes=") {
        Some(r) => {
            let (n, r) = canonical_number(r)?;
            (Some(n as f64), r)
        }
        None => (None, r),
    };
    r.is_empty().then_some(ResultClaim::Won { winner, winner_holes, loser_holes, bredouille, stakes })
}

/// A number written as [`write_number`] writes it (no leading zero, at most nine digits):
/// its value and what follows it.
fn canonical_number(s: &str) -> Option<(u32, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 || (digits > 1 && s.starts_with('0')) {
        return None;
    }
    Some((s[..digits].parse().ok()?, &s[digits..]))
}

/// Whether the tag's value span covers exactly its (unescaped) value.
fn raw_matches(t: &Tag) -> bool {
    t.spans.is_some_and(|s| s.value.range().len() == t.value.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_tag_names_are_matched_as_by_the_table() {
        let by_table = |name: &str| {
            KNOWN_TAGS.iter().position(|(n, aliases)| {
                n.eq_ignore_ascii_case(name) || aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
            })
        };
        let mut names: Vec<String> = Vec::new();
        for (n, aliases) in KNOWN_TAGS {
            for &w in std::iter::once(&n).chain(aliases.iter()) {
                names.extend([
                    w.to_string(),
                    w.to_uppercase(),
                    w.to_lowercase(),
                    format!("{w}s"),
                    w.chars().skip(1).collect(),
                ]);
            }
        }
        names.extend(["", "x", "Transcriber", "annotateurs", "gamee"].map(String::from));
        for name in names.iter().filter(|n| n.is_ascii()) {
            assert_eq!(known_ascii_tag(name.as_bytes()), by_table(name), "{name}");
            assert_eq!(known_tag(name), by_table(name), "{name}");
        }
    }

    #[test]
    fn tag_ranks_follow_the_known_tags() {
        for (k, (name, aliases)) in KNOWN_TAGS.iter().enumerate() {
            assert_eq!(tag_rank(name), k, "{name}");
            assert_eq!(tag_name_of(name), Cow::Borrowed(*name));
            assert_eq!(canonical_tag_name(&name.to_uppercase()), Some(*name));
            for a in *aliases {
                assert_eq!(tag_rank(a), KNOWN_TAGS.len(), "{a}");
                assert_eq!(canonical_tag_name(a), Some(*name), "{a}");
            }
        }
        assert_eq!(tag_rank("game"), KNOWN_TAGS.len());
        // names given as static text are made canonical too, and the tags put in order
        let tag = |name: &'static str, value: &str| Tag {
            name: name.into(),
            value: value.into(),
            comments: Vec::new(),
            spans: None,
        };
        let mut tags = vec![tag("Other", "x"), tag("premier", "bas"), tag("jeu", "Grand-Trictrac")];
        let (h, errors) = interpret(&mut tags, false);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((h.game, h.first), (Game::GrandTrictrac, Some(Seat::Bottom)));
        let names: Vec<&str> = tags.iter().map(|t| &*t.name).collect();
        assert_eq!(names, ["Game", "First", "Other"]);
        assert_eq!(tags[0].value, "grand-trictrac");
        assert_eq!(tag_name_of("Other"), Cow::<str>::Owned("Other".into()));
        assert_eq!(canonical_tag_name("Other"), None);
    }

    #[test]
    fn canonical_results_are_read_as_the_parser_reads_them() {
        for s in [
            "top 12-5",
            "bottom 12-0 bredouille",
            "top 13-2 grande-bredouille stakes=4",
            "bottom 0-0 stakes=0",
            "top 123456789-1 stakes=999999999",
        ] {
            let fast = canonical_trictrac_result(s).unwrap_or_else(|| panic!("not canonical: {s:?}"));
            for game in [Game::GrandTrictrac, Game::TrictracAEcrire] {
                assert_eq!(parser::parse_result_of(s, game).ok(), Some(fast.clone()), "{s:?}");
            }
            assert_eq!(fast.to_string(), s);
        }
        for s in [
            "*",
            "top 012-5",
            "top 12-05",
            "Top 12-5",
            "top  12-5",
            "top 12-5 ",
            " top 12-5",
            "top 12",
            "top 12-",
            "top 1234567890-1",
            "top 12-5 stakes=1.5",
            "top 12-5 stakes=02",
            "top 12-5 stakes=",
            "top 12-5 stakes=2 bredouille",
            "top 12-5 bredouillex",
            "top 12-5 BREDOUILLE",
            "haut 12-5",
        ] {
            assert_eq!(canonical_trictrac_result(s), None, "{s:?}");
        }
    }
}
