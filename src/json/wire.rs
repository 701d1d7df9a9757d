//! The wire types of the record JSON (`schema_version` 2): what `soumille json` writes and
//! `soumille fmt --from-json` reads, apart from the syntax tree ([`crate::notation`]) so that
//! a change of the reader's types is not a change of the format. Only these types are
//! serialised; [`From<&Record>`](WireRecord) and [`TryFrom<WireRecord>`](Record) convert.
//!
//! Points are Soumille letters; values are canonical; spans appear only when the record
//! has them (`--spans`).

use crate::board::{Dialect, Point, Seat};
use crate::dice::Dice;
use crate::notation::jan::JanCode;
use crate::notation::{self as n, Anchor, Record};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::borrow::Cow;

/// A JSON document: the records of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireDocument {
    /// [`super::SCHEMA_VERSION`] when written; 1 or 2 when read.
    pub schema_version: u32,
    /// The records, in file order.
    pub records: Vec<WireRecord>,
}

/// A byte range in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireSpan {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// One record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireRecord {
    /// Comments before the first token of the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<WireComment>,
    /// The tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<WireTag>,
    /// The throws.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<WireThrow>,
    /// Where the record stands (with `--spans`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<WireSpan>,
}

/// A tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireTag {
    /// Canonical English name for known tags; others as written.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
    /// Comments after the tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<WireComment>,
    /// Where the tag, its name and its value stand (with `--spans`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spans: Option<WireTagSpans>,
}

/// The spans of a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireTagSpans {
    /// `[` .. `]`.
    pub whole: WireSpan,
    /// The name.
    pub name: WireSpan,
    /// The value between the quotes.
    pub value: WireSpan,
}

/// The two comment forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireCommentStyle {
    /// `{ … }`.
    Brace,
    /// `; …` to the end of the line.
    Line,
}

/// A comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireComment {
    /// Brace or line.
    pub style: WireCommentStyle,
    /// The text, byte for byte.
    pub text: String,
    /// The token of the throw it follows (`dice`, `mark:0`, `move:1`, …; throw comments only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
}

/// A seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireSeat {
    /// `top`.
    Top,
    /// `bottom`.
    Bottom,
}

/// A cube action (Backgammon).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireCube {
    /// The new value, when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// `take` or `drop`, when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<WireCubeAnswer>,
    /// Written after the dice; absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_dice: bool,
}

/// The answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireCubeAnswer {
    /// `take`.
    Take,
    /// `drop`.
    Drop,
    /// `beaver` (docs/games.md §I.4).
    Beaver,
}

/// A jan named in a mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireJan {
    /// The jan's canonical code (`vrai`, `petit-jan`, …): the code's own text when written.
    pub code: Cow<'static, str>,
    /// `xN`, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ways: Option<u32>,
}

/// A mark `+6 (vrai x2)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireMark {
    /// The points marked.
    pub points: i64,
    /// The jans named, in order (inline up to three).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub jans: SmallVec<[WireJan; 3]>,
}

/// `tient`, `va`, `prolonge`, `recommence`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireDecision {
    /// `tient`.
    Hold,
    /// `va`.
    Go,
    /// `prolonge` (Tric Trac).
    Prolong,
    /// `recommence` (Tric Trac).
    Restart,
}

/// The hit claims of a move: version 2 writes the places in the path (`from` is 0, its rests
/// 1, 2, …, `to` the last) of the points written with a `*`, in order; version 1 wrote the
/// syntax tree's bit mask (read from version 1 documents only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WireHits {
    /// Version 2: the places followed by `*` (`MRX*P*` → `[2, 3]`).
    Places(SmallVec<[u8; 4]>),
    /// Version 1: bit i set = after the i-th point following `from`.
    Mask(u8),
}

impl WireHits {
    fn is_none(&self) -> bool {
        matches!(self, WireHits::Places(p) if p.is_empty()) || matches!(self, WireHits::Mask(0))
    }
}

impl Default for WireHits {
    fn default() -> WireHits {
        WireHits::Places(SmallVec::new())
    }
}

/// One man's path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireMove {
    /// A Soumille letter, or `@` (the bar).
    pub from: char,
    /// Version 1 only: one rest point (older documents); read, never written.
    #[serde(default, skip_serializing)]
    pub rest: Option<char>,
    /// The rest points, in order.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub rests: SmallVec<[char; 3]>,
    /// A Soumille letter, or `#` (borne off).
    pub to: char,
    /// The hit claims `*`.
    #[serde(default, skip_serializing_if = "WireHits::is_none")]
    pub hits: WireHits,
}

/// What was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WirePlay {
    /// `-`.
    #[serde(rename = "pass")]
    Pass,
    /// The moves, in order.
    #[serde(rename = "moves")]
    Moves(Vec<WireMove>),
}

/// The opponent's part `/ +2 (faux)`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireOpponent {
    /// Its marks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<WireMark>,
    /// Its hole claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holes: Option<u32>,
}

/// An annotation glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireGlyph {
    /// `!`
    #[serde(rename = "!")]
    Good,
    /// `?`
    #[serde(rename = "?")]
    Mistake,
    /// `!!`
    #[serde(rename = "!!")]
    Brilliant,
    /// `??`
    #[serde(rename = "??")]
    Blunder,
    /// `!?`
    #[serde(rename = "!?")]
    Interesting,
    /// `?!`
    #[serde(rename = "?!")]
    Dubious,
}

/// `partie [double|triple|quadruple]` (Tric Trac).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WirePartie {
    /// 1 ..= 4.
    pub multiple: u8,
}

/// The spans of a throw's tokens (with `--spans`): only the tokens written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireThrowSpans {
    /// The whole throw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whole: Option<WireSpan>,
    /// The number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<WireSpan>,
    /// The seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<WireSpan>,
    /// The cube action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube: Option<WireSpan>,
    /// The dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<WireSpan>,
    /// Each thrower's mark.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<WireSpan>,
    /// The hole claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holes: Option<WireSpan>,
    /// The decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<WireSpan>,
    /// The whole play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<WireSpan>,
    /// Each opponent's mark.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponent_marks: Vec<WireSpan>,
    /// The opponent's hole claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_holes: Option<WireSpan>,
    /// The `partie …` claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partie: Option<WireSpan>,
}

/// One throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireThrow {
    /// Consecutive from 1.
    pub number: u32,
    /// The seat, when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<WireSeat>,
    /// A cube action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube: Option<WireCube>,
    /// The dice, higher first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// The thrower's marks (inline when there is one).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub marks: SmallVec<[WireMark; 1]>,
    /// The thrower's hole claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holes: Option<u32>,
    /// The decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<WireDecision>,
    /// The play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<WirePlay>,
    /// The opponent's part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<WireOpponent>,
    /// The glyph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<WireGlyph>,
    /// The partie claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partie: Option<WirePartie>,
    /// `resign` after the dice (Backgammon, docs/games.md §I.5); absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resign: bool,
    /// Comments, each after its token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<WireComment>,
    /// Where the throw stands (with `--spans`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<WireSpan>,
    /// Where its tokens stand (with `--spans`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spans: Option<WireThrowSpans>,
}

// ---- syntax tree → wire -------------------------------------------------------------

fn span(s: n::Span) -> WireSpan {
    WireSpan { start: s.start, end: s.end }
}

impl From<&n::Comment> for WireComment {
    fn from(c: &n::Comment) -> WireComment {
        let style = match c.style {
            n::CommentStyle::Brace => WireCommentStyle::Brace,
            n::CommentStyle::Line => WireCommentStyle::Line,
        };
        WireComment { style, text: c.text.clone(), after: c.after.map(Anchor::name) }
    }
}

fn comments(cs: &[n::Comment]) -> Vec<WireComment> {
    cs.iter().map(WireComment::from).collect()
}

impl From<&n::Tag> for WireTag {
    fn from(t: &n::Tag) -> WireTag {
        WireTag {
            name: t.name.to_string(),
            value: t.value.clone(),
            comments: comments(&t.comments),
            spans: t.spans.map(|s| WireTagSpans { whole: span(s.whole), name: span(s.name), value: span(s.value) }),
        }
    }
}

impl From<&n::Mark> for WireMark {
    fn from(m: &n::Mark) -> WireMark {
        let jans = m.jans.iter().map(|j| WireJan { code: Cow::Borrowed(j.code.name()), ways: j.ways }).collect();
        WireMark { points: m.points, jans }
    }
}

fn letter(p: Point) -> char {
    p.letter(Dialect::Soumille)
}

impl From<&n::Move> for WireMove {
    fn from(m: &n::Move) -> WireMove {
        let from = match m.from {
            n::Origin::Point(p) => letter(p),
            n::Origin::Bar => '@',
        };
        let to = match m.to {
            n::Target::Point(p) => letter(p),
            n::Target::Off => '#',
        };
        let rests = m.rests.iter().map(|&p| letter(p)).collect();
        let hits = (0..8u8).filter(|&i| m.hit_after(usize::from(i))).map(|i| i + 1).collect();
        WireMove { from, rest: None, rests, to, hits: WireHits::Places(hits) }
    }
}

fn throw_spans(s: &n::ThrowSpans) -> WireThrowSpans {
    let o = |s: Option<n::Span>| s.map(span);
    WireThrowSpans {
        whole: o(s.whole),
        number: o(s.number),
        seat: o(s.seat),
        cube: o(s.cube),
        dice: o(s.dice),
        marks: s.marks.iter().copied().map(span).collect(),
        holes: o(s.holes),
        decision: o(s.decision),
        play: o(s.play),
        opponent_marks: s.opponent_marks.iter().copied().map(span).collect(),
        opponent_holes: o(s.opponent_holes),
        partie: o(s.partie),
    }
}

impl From<&n::Throw> for WireThrow {
    fn from(t: &n::Throw) -> WireThrow {
        WireThrow {
            number: t.number,
            seat: t.seat.map(|s| match s {
                Seat::Top => WireSeat::Top,
                Seat::Bottom => WireSeat::Bottom,
            }),
            cube: t.cube.map(|c| WireCube {
                value: c.value,
                answer: c.answer.map(|a| match a {
                    n::CubeAnswer::Take => WireCubeAnswer::Take,
                    n::CubeAnswer::Drop => WireCubeAnswer::Drop,
                    n::CubeAnswer::Beaver => WireCubeAnswer::Beaver,
                }),
                after_dice: c.after_dice,
            }),
            dice: t.dice.map(|d| [d.high(), d.low()]),
            marks: t.marks.iter().map(WireMark::from).collect(),
            holes: t.holes,
            decision: t.decision.map(decision_out),
            play: t.play.as_ref().map(|p| match p {
                n::Play::Pass => WirePlay::Pass,
                n::Play::Moves(ms) => WirePlay::Moves(ms.iter().map(WireMove::from).collect()),
            }),
            opponent: t
                .opponent
                .as_ref()
                .map(|o| WireOpponent { marks: o.marks.iter().map(WireMark::from).collect(), holes: o.holes }),
            glyph: t.glyph.map(glyph_out),
            partie: t.partie.map(|p| WirePartie { multiple: p.multiple }),
            resign: t.resign,
            comments: comments(&t.comments),
            span: t.span.map(span),
            spans: t.spans.as_deref().map(throw_spans),
        }
    }
}

fn decision_out(d: n::Decision) -> WireDecision {
    match d {
        n::Decision::Hold => WireDecision::Hold,
        n::Decision::Go => WireDecision::Go,
        n::Decision::Prolong => WireDecision::Prolong,
        n::Decision::Restart => WireDecision::Restart,
    }
}

fn glyph_out(g: n::Glyph) -> WireGlyph {
    match g {
        n::Glyph::Good => WireGlyph::Good,
        n::Glyph::Mistake => WireGlyph::Mistake,
        n::Glyph::Brilliant => WireGlyph::Brilliant,
        n::Glyph::Blunder => WireGlyph::Blunder,
        n::Glyph::Interesting => WireGlyph::Interesting,
        n::Glyph::Dubious => WireGlyph::Dubious,
    }
}

impl From<&Record> for WireRecord {
    fn from(r: &Record) -> WireRecord {
        WireRecord {
            comments: comments(&r.comments),
            tags: r.tags.iter().map(WireTag::from).collect(),
            throws: r.throws.iter().map(WireThrow::from).collect(),
            span: r.span.map(span),
        }
    }
}

// ---- wire → syntax tree -------------------------------------------------------------

/// A wire record that no record can hold: where (the path of fields from the record down,
/// `throws[3].play.moves[0].`) and what is wrong there. Its text names the field, as
/// `fmt --from-json` and `json` report it (docs/json-migration.md).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{fault}", Within(&self.path))]
pub struct WireError {
    /// The fields that lead to the fault, outermost first.
    pub path: Vec<WirePlace>,
    /// What is wrong.
    pub fault: WireFault,
}

/// A field of the record that holds the fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WirePlace {
    /// `throws[i].`
    Throw(usize),
    /// `tags[i].`
    Tag(usize),
    /// `play.moves[i].`
    Move(usize),
}

/// The path of a [`WireError`] as its text writes it.
struct Within<'a>(&'a [WirePlace]);

impl std::fmt::Display for Within<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for p in self.0 {
            match p {
                WirePlace::Throw(i) => write!(f, "throws[{i}].")?,
                WirePlace::Tag(i) => write!(f, "tags[{i}].")?,
                WirePlace::Move(i) => write!(f, "play.moves[{i}].")?,
            }
        }
        Ok(())
    }
}

/// The field of a move that holds a letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LetterField {
    /// `from`
    From,
    /// `to`
    To,
    /// `rests[i]`
    Rest(usize),
}

impl std::fmt::Display for LetterField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LetterField::From => f.write_str("from"),
            LetterField::To => f.write_str("to"),
            LetterField::Rest(i) => write!(f, "rests[{i}]"),
        }
    }
}

/// What no record can hold (docs/format.md: the points, dice, paths and jans of a record).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireFault {
    /// A comment anchored to no token of a throw.
    #[error("comments[{index}].after `{anchor}` is no token of a throw")]
    Anchor {
        /// The comment's index.
        index: usize,
        /// The anchor written.
        anchor: String,
    },
    /// A letter that names no point in Soumille's alphabet.
    #[error("{field} `{letter}` is not a Soumille letter (A..&, no J, U, W)")]
    Letter {
        /// Where the letter is.
        field: LetterField,
        /// The letter written.
        letter: char,
    },
    /// A jan code of no jan.
    #[error("{field}[{mark}].jans[{jan}].code `{code}` is no jan code")]
    JanCode {
        /// `marks` or `opponent.marks`.
        field: &'static str,
        /// The mark's index.
        mark: usize,
        /// The jan's index in the mark.
        jan: usize,
        /// The code written.
        code: String,
    },
    /// Dice that no die shows.
    #[error("dice: impossible dice {0}-{1}: each die is 1 to 6")]
    Dice(u8, u8),
    /// Schema version 1's `rest` in a version 2 document.
    #[error("rest: schema_version 2 writes every rest in `rests`")]
    RestInVersion2,
    /// More rests than a path has.
    #[error("rests: a move with {0} rests: a path has at most five points")]
    TooManyRests(usize),
    /// Schema version 1's hit mask in a version 2 document.
    #[error("hits: schema_version 2 writes the places of the points hit (`[2, 3]`)")]
    MaskInVersion2,
    /// A hit at no place of the path, or not after the hit before it.
    #[error("hits[{index}] {place} is not a place of the path after `from` and the hits before it (1 to {last})")]
    HitPlace {
        /// The hit's index.
        index: usize,
        /// The place written.
        place: u8,
        /// The last place of the path.
        last: usize,
    },
}

impl From<WireFault> for WireError {
    fn from(fault: WireFault) -> WireError {
        WireError { path: Vec::new(), fault }
    }
}

impl WireError {
    /// The same fault, within `place`.
    fn within(mut self, place: WirePlace) -> WireError {
        self.path.insert(0, place);
        self
    }
}

/// A wire record read as a record of the given schema version: the field that no record
/// can hold is named in the error (`throws[3].play.moves[0].from …`). Spans are dropped.
pub fn record_of(w: WireRecord, version: u32) -> Result<Record, WireError> {
    let mut throws = Vec::with_capacity(w.throws.len());
    for (j, t) in w.throws.into_iter().enumerate() {
        throws.push(throw_of(t, version).map_err(|e| e.within(WirePlace::Throw(j)))?);
    }
    let mut tags = Vec::with_capacity(w.tags.len());
    for (j, t) in w.tags.into_iter().enumerate() {
        let comments = comments_of(t.comments).map_err(|e| WireError::from(e).within(WirePlace::Tag(j)))?;
        tags.push(n::Tag { name: t.name.into(), value: t.value, comments, spans: None });
    }
    Ok(Record { comments: comments_of(w.comments)?, tags, throws, span: None })
}

impl TryFrom<WireRecord> for Record {
    type Error = WireError;
    /// A record of the current schema version ([`record_of`]).
    fn try_from(w: WireRecord) -> Result<Record, WireError> {
        record_of(w, super::SCHEMA_VERSION)
    }
}

fn comments_of(cs: Vec<WireComment>) -> Result<Vec<n::Comment>, WireFault> {
    let mut out = Vec::with_capacity(cs.len());
    for (j, c) in cs.into_iter().enumerate() {
        let after = match c.after {
            None => None,
            Some(a) => {
                let anchor = Anchor::from_name(&a);
                Some(anchor.ok_or(WireFault::Anchor { index: j, anchor: a })?)
            }
        };
        let style = match c.style {
            WireCommentStyle::Brace => n::CommentStyle::Brace,
            WireCommentStyle::Line => n::CommentStyle::Line,
        };
        out.push(n::Comment { style, text: c.text, after });
    }
    Ok(out)
}

fn point_of(c: char, field: LetterField) -> Result<Point, WireFault> {
    Point::from_letter(c, Dialect::Soumille).ok_or(WireFault::Letter { field, letter: c })
}

fn marks_of(ms: impl IntoIterator<Item = WireMark>, field: &'static str) -> Result<Vec<n::Mark>, WireFault> {
    let mut out = Vec::new();
    for (k, m) in ms.into_iter().enumerate() {
        let mut jans = n::JanClaims::new();
        for (i, j) in m.jans.into_iter().enumerate() {
            let code = JanCode::all().find(|c| c.name() == j.code).ok_or_else(|| WireFault::JanCode {
                field,
                mark: k,
                jan: i,
                code: j.code.to_string(),
            })?;
            jans.push(n::JanClaim { code, ways: j.ways });
        }
        out.push(n::Mark { points: m.points, jans });
    }
    Ok(out)
}

fn throw_of(t: WireThrow, version: u32) -> Result<n::Throw, WireError> {
    let dice = match t.dice {
        None => None,
        Some([a, b]) => Some(Dice::new(a, b).ok_or(WireFault::Dice(a, b))?),
    };
    let mut out = n::Throw::bare(t.number, dice);
    out.seat = t.seat.map(|s| match s {
        WireSeat::Top => Seat::Top,
        WireSeat::Bottom => Seat::Bottom,
    });
    out.cube = t.cube.map(|c| n::CubeAction {
        value: c.value,
        answer: c.answer.map(|a| match a {
            WireCubeAnswer::Take => n::CubeAnswer::Take,
            WireCubeAnswer::Drop => n::CubeAnswer::Drop,
            WireCubeAnswer::Beaver => n::CubeAnswer::Beaver,
        }),
        after_dice: c.after_dice,
    });
    out.marks = marks_of(t.marks, "marks")?.into_iter().collect();
    out.holes = t.holes;
    out.decision = t.decision.map(|d| match d {
        WireDecision::Hold => n::Decision::Hold,
        WireDecision::Go => n::Decision::Go,
        WireDecision::Prolong => n::Decision::Prolong,
        WireDecision::Restart => n::Decision::Restart,
    });
    out.play = match t.play {
        None => None,
        Some(WirePlay::Pass) => Some(n::Play::Pass),
        Some(WirePlay::Moves(ms)) => Some(n::Play::Moves(moves_of(ms, version)?)),
    };
    out.opponent = match t.opponent {
        None => None,
        Some(o) => Some(n::OpponentPart { marks: marks_of(o.marks, "opponent.marks")?, holes: o.holes }),
    };
    out.glyph = t.glyph.map(glyph_in);
    out.partie = t.partie.map(|p| n::PartieClaim { multiple: p.multiple });
    out.resign = t.resign;
    out.comments = comments_of(t.comments)?;
    Ok(out)
}

fn glyph_in(g: WireGlyph) -> n::Glyph {
    match g {
        WireGlyph::Good => n::Glyph::Good,
        WireGlyph::Mistake => n::Glyph::Mistake,
        WireGlyph::Brilliant => n::Glyph::Brilliant,
        WireGlyph::Blunder => n::Glyph::Blunder,
        WireGlyph::Interesting => n::Glyph::Interesting,
        WireGlyph::Dubious => n::Glyph::Dubious,
    }
}

fn moves_of(ms: Vec<WireMove>, version: u32) -> Result<n::Moves, WireError> {
    let mut out = n::Moves::new();
    for (k, m) in ms.into_iter().enumerate() {
        out.push(move_of(m, version).map_err(|e| WireError::from(e).within(WirePlace::Move(k)))?);
    }
    Ok(out)
}

fn move_of(m: WireMove, version: u32) -> Result<n::Move, WireFault> {
    let from = match m.from {
        '@' => n::Origin::Bar,
        c => n::Origin::Point(point_of(c, LetterField::From)?),
    };
    let to = match m.to {
        '#' => n::Target::Off,
        c => n::Target::Point(point_of(c, LetterField::To)?),
    };
    let mut letters = m.rests;
    if let Some(r) = m.rest {
        if version >= 2 {
            return Err(WireFault::RestInVersion2);
        }
        letters.insert(0, r);
    }
    if letters.len() > n::MAX_RESTS {
        return Err(WireFault::TooManyRests(letters.len()));
    }
    let mut rests = n::Rests::new();
    for (i, &c) in letters.iter().enumerate() {
        rests.push(point_of(c, LetterField::Rest(i))?);
    }
    let hits = hits_of(m.hits, letters.len(), version)?;
    Ok(n::Move { from, rests, to, hits })
}

/// The bit mask of [`n::Move::hits`] from the wire's places: each a place of the path
/// after `from` (1 ..= the number of rests + 1), in increasing order.
fn hits_of(h: WireHits, rests: usize, version: u32) -> Result<u8, WireFault> {
    match h {
        WireHits::Mask(m) if version < 2 => Ok(m),
        WireHits::Mask(_) => Err(WireFault::MaskInVersion2),
        WireHits::Places(places) => {
            let (mut mask, mut last) = (0u8, 0u8);
            for (k, p) in places.into_iter().enumerate() {
                if p <= last || usize::from(p) > rests + 1 {
                    return Err(WireFault::HitPlace { index: k, place: p, last: rests + 1 });
                }
                mask |= 1 << (p - 1);
                last = p;
            }
            Ok(mask)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Record {
        let mut r = crate::notation::read(text).remove(0).record;
        r.strip_spans();
        r
    }

    #[test]
    fn a_record_goes_to_the_wire_and_back() {
        let rec = one("[Game \"backgammon\"]\n\n1. top: 4-3 {c} MRX*P* MQ ?\n2. bottom: double take 6-5 @X* T#\n");
        let w = WireRecord::from(&rec);
        let json = serde_json::to_string(&w).expect("serialises");
        assert!(json.contains(r#""hits":[2,3]"#), "{json}");
        let back: WireRecord = serde_json::from_str(&json).expect("reads");
        assert_eq!(Record::try_from(back).expect("a record"), rec);
    }

    /// Whether `T` is serialisable, asked of a concrete type: the inherent method when
    /// `T: Serialize`, else the trait's.
    struct Probe<T>(std::marker::PhantomData<T>);
    trait NotSerialize {
        fn serialize(&self) -> bool {
            false
        }
    }
    impl<T> NotSerialize for Probe<T> {}
    impl<T: Serialize> Probe<T> {
        fn serialize(&self) -> bool {
            true
        }
    }
    macro_rules! serialize {
        ($t:ty) => {
            Probe::<$t>(std::marker::PhantomData).serialize()
        };
    }

    #[test]
    fn only_the_wire_types_are_serialised() {
        assert!(serialize!(WireRecord) && serialize!(WireThrow) && serialize!(super::super::Document));
        assert!(!serialize!(Record), "the syntax tree is not the format");
        assert!(!serialize!(n::Throw) && !serialize!(n::Tag) && !serialize!(n::Comment));
        assert!(!serialize!(n::Move) && !serialize!(n::Play) && !serialize!(n::Mark) && !serialize!(n::Anchor));
    }

    #[test]
    fn version_one_hits_and_rest_are_read_from_version_one_only() {
        let v1: WireMove = serde_json::from_str(r#"{"from":"M","rest":"R","to":"X","hits":3}"#).expect("reads");
        let m = move_of(v1.clone(), 1).expect("version 1");
        assert_eq!(m.rests.len(), 1);
        assert_eq!(m.hits, 3);
        assert!(move_of(v1, 2).unwrap_err().to_string().starts_with("rest"));
        let mask: WireMove = serde_json::from_str(r#"{"from":"M","rests":["R"],"to":"X","hits":3}"#).expect("reads");
        assert!(move_of(mask, 2).unwrap_err().to_string().starts_with("hits"));
    }

    #[test]
    fn hits_are_places_of_the_path() {
        let m: WireMove = serde_json::from_str(r#"{"from":"M","rests":["R"],"to":"X","hits":[3]}"#).expect("reads");
        assert!(move_of(m, 2).unwrap_err().to_string().contains("hits[0] 3"));
        let m: WireMove = serde_json::from_str(r#"{"from":"M","rests":["R"],"to":"X","hits":[2, 1]}"#).unwrap();
        assert!(move_of(m, 2).is_err(), "hits are in path order");
        for bad in [r#"[0]"#, r#"[1, 1]"#, r#"[-1]"#, r#"[256]"#, r#"["R"]"#, r#"256"#] {
            let m = serde_json::from_str::<WireMove>(&format!(r#"{{"from":"M","rests":["R"],"to":"X","hits":{bad}}}"#));
            assert!(m.map_or(true, |m| move_of(m, 2).is_err()), "{bad}");
        }
        // the same letter twice in a path: the places tell which
        let rec = one("[Game \"jacquet\"]\n\n1. 1-1 ABB*EE*\n");
        let w = WireRecord::from(&rec);
        let json = serde_json::to_string(&w).unwrap();
        assert!(json.contains(r#""rests":["B","B","E"],"to":"E","hits":[2,4]"#), "{json}");
        let back: WireRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(Record::try_from(back).expect("a record"), rec);
    }

    /// Each fault is typed and its text names the field from the record down, as it did when
    /// the errors were strings.
    #[test]
    fn a_wire_error_names_the_field_and_the_fault() {
        let doc = |throw: &str| format!(r#"{{"tags":[],"throws":[{{"number":1}},{throw}]}}"#);
        let err = |throw: &str| {
            let w: WireRecord = serde_json::from_str(&doc(throw)).expect("wire");
            record_of(w, 2).expect_err("a fault")
        };
        let e =
            err(r#"{"number":2,"play":{"moves":[{"from":"A","rests":[],"to":"B"},{"from":"J","rests":[],"to":"B"}]}}"#);
        assert_eq!(e.path, [WirePlace::Throw(1), WirePlace::Move(1)]);
        assert_eq!(e.fault, WireFault::Letter { field: LetterField::From, letter: 'J' });
        assert_eq!(e.to_string(), "throws[1].play.moves[1].from `J` is not a Soumille letter (A..&, no J, U, W)");
        let e = err(r#"{"number":2,"dice":[7,1]}"#);
        assert_eq!(e.to_string(), "throws[1].dice: impossible dice 7-1: each die is 1 to 6");
        let e = err(r#"{"number":2,"marks":[{"points":4,"jans":[{"code":"nowhere"}]}]}"#);
        assert_eq!(e.to_string(), "throws[1].marks[0].jans[0].code `nowhere` is no jan code");
        let e = err(r#"{"number":2,"comments":[{"style":"brace","text":"x","after":"nowhere"}]}"#);
        assert_eq!(e.to_string(), "throws[1].comments[0].after `nowhere` is no token of a throw");
        let e = err(r#"{"number":2,"play":{"moves":[{"from":"A","rests":["B","C","D","E","F","G"],"to":"H"}]}}"#);
        assert_eq!(e.to_string(), "throws[1].play.moves[0].rests: a move with 6 rests: a path has at most five points");
        let e = err(r#"{"number":2,"play":{"moves":[{"from":"A","rests":["U"],"to":"H"}]}}"#);
        assert_eq!(e.to_string(), "throws[1].play.moves[0].rests[0] `U` is not a Soumille letter (A..&, no J, U, W)");
        let w: WireRecord =
            serde_json::from_str(r#"{"tags":[{"name":"Event","value":"x","comments":[{"style":"brace","text":"c","after":"no"}]}],"throws":[]}"#)
                .expect("wire");
        assert_eq!(
            Record::try_from(w).expect_err("a fault").to_string(),
            "tags[0].comments[0].after `no` is no token of a throw"
        );
    }
}
