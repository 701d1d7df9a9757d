//! The syntax tree of an STN record: text only, no rules (docs/format.md).
//!
//! Points are held as Soumille letter indexes whatever the record's dialect; the dialect
//! matters only when reading and printing. Spans are byte offsets into the source and are
//! `None` for records built in code or read from JSON.

use crate::board::{Point, Seat};
use crate::dice::Dice;
use crate::notation::jan::JanCode;

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// `start..end` (offsets past 4 GiB are clamped: no record is that large).
    pub fn new(start: usize, end: usize) -> Span {
        let c = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Span { start: c(start), end: c(end) }
    }

    /// The byte range.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start as usize, s.end.saturating_sub(s.start) as usize).into()
    }
}

/// One game (a tour, or a Trictrac à écrire match): tags and numbered throws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Comments before the first token of the file (first record only).
    pub comments: Vec<Comment>,
    /// Tags, canonical names and values, in canonical order (known tags first).
    pub tags: Vec<Tag>,
    /// The throws, numbered from 1.
    pub throws: Vec<Throw>,
    /// Where the record stands in the source.
    pub span: Option<Span>,
}

impl Record {
    /// The value of the tag `name` (canonical English name, e.g. `Game`).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// Moves every span `delta` bytes on: for a record read from a piece of a file, to make
    /// its spans offsets in the whole file.
    pub fn shift_spans(&mut self, delta: usize) {
        let d = u32::try_from(delta).unwrap_or(u32::MAX);
        let sh = |s: &mut Span| {
            s.start = s.start.saturating_add(d);
            s.end = s.end.saturating_add(d);
        };
        if let Some(s) = &mut self.span {
            sh(s);
        }
        for t in &mut self.tags {
            if let Some(ts) = &mut t.spans {
                sh(&mut ts.whole);
                sh(&mut ts.name);
                sh(&mut ts.value);
            }
        }
        for t in &mut self.throws {
            if let Some(s) = &mut t.span {
                sh(s);
            }
            if let Some(ts) = &mut t.spans {
                let ThrowSpans {
                    whole,
                    number,
                    seat,
                    cube,
                    dice,
                    marks,
                    holes,
                    decision,
                    play,
                    opponent_marks,
                    opponent_holes,
                    partie,
                } = &mut **ts;
                for s in [whole, number, seat, cube, dice, holes, decision, play, opponent_holes, partie]
                    .into_iter()
                    .flatten()
                {
                    sh(s);
                }
                marks.iter_mut().chain(opponent_marks.iter_mut()).for_each(sh);
            }
        }
    }

    /// Removes every span, as records read from JSON have none.
    pub fn strip_spans(&mut self) {
        self.span = None;
        for t in &mut self.tags {
            t.spans = None;
        }
        for t in &mut self.throws {
            t.spans = None;
            t.span = None;
        }
    }
}

/// A tag `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The name: canonical English for known tags (held without allocation), as written for
    /// others.
    pub name: std::borrow::Cow<'static, str>,
    /// The value, unescaped; canonical for known tags (docs/format.md §2).
    pub value: String,
    /// Comments after the tag.
    pub comments: Vec<Comment>,
    /// Where the tag, its name and its value stand.
    pub spans: Option<TagSpans>,
}

/// Source spans of a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagSpans {
    /// `[` .. `]`.
    pub whole: Span,
    /// The name.
    pub name: Span,
    /// The value's text between the quotes.
    pub value: Span,
}

/// The `tient` / `va` decision after a hole won on one's own throw; in Tric Trac, the
/// winner's `prolonge` / `recommence` after a partie.
///
/// Serialised (lower case) only by the replay and sheet JSON, whose steps carry it; the
/// record JSON has its own wire type (`json::wire::WireDecision`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// `tient` (`hold`, `je tiens`): play on.
    Hold,
    /// `va` (`go`, `je m'en vais`): end the relève.
    Go,
    /// `prolonge`: after winning a Tric Trac partie, the men stay (docs/games.md §E.10).
    Prolong,
    /// `recommence`: after winning a Tric Trac partie, the men go back (docs/games.md §E.10).
    Restart,
}

impl Decision {
    /// Whether it is a Tric Trac decision after a partie (`prolonge`, `recommence`),
    /// written after the play.
    pub fn after_partie(self) -> bool {
        matches!(self, Decision::Prolong | Decision::Restart)
    }
}

/// An annotation glyph after a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// The glyph's text.
    pub fn text(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }
}

/// Where a move ends: a point, or off the board (`#`, the end rail).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A point of the board.
    Point(Point),
    /// Borne off (`#`).
    Off,
}

/// Where a move starts: a point, or the bar (`@`, Backgammon only; docs/games.md §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A point of the board.
    Point(Point),
    /// The bar (`@`): a man re-entering (Backgammon).
    Bar,
}

/// The most rests a path holds (five points in all: docs/games.md §0.3).
pub const MAX_RESTS: usize = 3;

/// Rest points of a path, in order, held inline: a path has at most five points (from, at
/// most [`MAX_RESTS`] rests, to: docs/games.md §0.3), so a [`Move`] is a few bytes and copies
/// cheaply. It reads as a slice of points.
#[derive(Clone, Copy)]
pub struct Rests {
    /// How many of `points` are rests (at most [`MAX_RESTS`]).
    len: u8,
    /// The rests, then [`Point::A`] in the slots not used.
    points: [Point; MAX_RESTS],
}

impl Rests {
    /// No rest.
    #[inline]
    pub const fn new() -> Rests {
        Rests { len: 0, points: [Point::A; MAX_RESTS] }
    }

    /// Appends a rest; `false` (and nothing kept) when the path already has
    /// [`MAX_RESTS`] rests.
    #[inline]
    pub fn push(&mut self, p: Point) -> bool {
        match self.points.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = p;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// How many rests.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no rest.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The rests, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }

    /// The rests of `points`; `None` when there are more than [`MAX_RESTS`].
    pub fn from_slice(points: &[Point]) -> Option<Rests> {
        let mut r = Rests::new();
        points.iter().all(|&p| r.push(p)).then_some(r)
    }
}

impl Default for Rests {
    fn default() -> Rests {
        Rests::new()
    }
}

impl std::ops::Deref for Rests {
    type Target = [Point];
    #[inline]
    fn deref(&self) -> &[Point] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Rests {
    type Item = &'a Point;
    type IntoIter = std::slice::Iter<'a, Point>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The first [`MAX_RESTS`] points of the iterator (a path has no more: docs/games.md §0.3).
impl FromIterator<Point> for Rests {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Rests {
        let mut r = Rests::new();
        for p in iter.into_iter().take(MAX_RESTS) {
            r.push(p);
        }
        r
    }
}

impl PartialEq for Rests {
    fn eq(&self, other: &Rests) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Rests {}

impl std::hash::Hash for Rests {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}

impl std::fmt::Debug for Rests {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// One man's path: `AF`, `AEK` (tout d'une resting on E), `AK`, `Y#` (docs/format.md §4), and in
/// the other games `&TON`, `MRX*`, `@X*P`, `T#` (docs/games.md §0.3, §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the man leaves, or the bar.
    pub from: Origin,
    /// The rest points written, in order (Grand Trictrac: at most one).
    pub rests: Rests,
    /// Where the man ends.
    pub to: Target,
    /// Hit claims: bit i set = `*` written after the i-th point following `from`
    /// (i < rests.len(): after rests[i]; i == rests.len(): after the target).
    pub hits: u8,
}

impl Move {
    /// A move from a point, with at most one rest and no hit claim (Grand Trictrac's forms).
    #[inline]
    pub fn new(from: Point, rest: Option<Point>, to: Target) -> Move {
        let mut rests = Rests::new();
        if let Some(p) = rest {
            rests.push(p);
        }
        Move { from: Origin::Point(from), rests, to, hits: 0 }
    }

    /// The first rest, if any.
    pub fn rest(&self) -> Option<Point> {
        self.rests.first().copied()
    }

    /// The point the man leaves; `None` for the bar.
    pub fn from_point(&self) -> Option<Point> {
        match self.from {
            Origin::Point(p) => Some(p),
            Origin::Bar => None,
        }
    }

    /// Whether a `*` is written after the i-th point following `from` (see [`Move::hits`]).
    pub fn hit_after(&self, i: usize) -> bool {
        i < 8 && self.hits & (1 << i) != 0
    }

    /// Whether the move uses only Grand Trictrac's forms: from a point, at most one rest,
    /// no hit claim.
    pub fn is_plain(&self) -> bool {
        matches!(self.from, Origin::Point(_)) && self.rests.len() <= 1 && self.hits == 0
    }
}

/// A cube action: `double [V] take|drop` (docs/games.md §D.9), written before the dice, or
/// after them (which the replay flags `cube-timing`, §D.10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CubeAction {
    /// The new value, when written (`double 4 take`).
    pub value: Option<u32>,
    /// The opponent's answer, when written.
    pub answer: Option<CubeAnswer>,
    /// Written after the dice (`12. top: 6-4 double take …`), where the double comes too
    /// late; kept where it was written.
    pub after_dice: bool,
}

/// The answer to a double (docs/games.md §D.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeAnswer {
    /// `take` (`prend`): the game goes on at twice the value.
    Take,
    /// `drop` (`passe`, `abandonne`): the game ends.
    Drop,
    /// `beaver` (`double beaver`, `double take beaver`): the taker takes and redoubles at
    /// once, keeping the cube (docs/games.md §I.4, money play with `beaver=oui`).
    Beaver,
}

impl CubeAnswer {
    /// The canonical word.
    pub fn name(self) -> &'static str {
        match self {
            CubeAnswer::Take => "take",
            CubeAnswer::Drop => "drop",
            CubeAnswer::Beaver => "beaver",
        }
    }
}

/// `partie [double|triple|quadruple]` after a Tric Trac play (docs/games.md §E.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartieClaim {
    /// The claimed multiple, 1 (`partie`) ..= 4 (`partie quadruple`).
    pub multiple: u8,
}

impl PartieClaim {
    /// The claim's text: `partie`, `partie double`, `partie triple`, `partie quadruple`.
    pub fn text(self) -> &'static str {
        match self.multiple {
            2 => "partie double",
            3 => "partie triple",
            4 => "partie quadruple",
            _ => "partie",
        }
    }
}

/// The moves of a play, held inline up to four (no allocation for a Grand Trictrac play).
pub type Moves = smallvec::SmallVec<[Move; 4]>;

/// What the thrower played: `-` (nothing could be played) or the men moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// `-`: no die could be played.
    Pass,
    /// The moves, in the order played.
    Moves(Moves),
}

/// One jan named in a mark's list, with its ways (`vrai x2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JanClaim {
    /// The jan's code.
    pub code: JanCode,
    /// `xN`, when given.
    pub ways: Option<u32>,
}

/// The jans named in a mark, held inline up to three.
pub type JanClaims = smallvec::SmallVec<[JanClaim; 3]>;

/// A mark `+6 (vrai x2, coin)`: points claimed, with the jans announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The points marked (the reader rejects negative ones, and odd ones but in Tric Trac).
    pub points: i64,
    /// The jans named, in order.
    pub jans: JanClaims,
}

/// Marks, held inline when there is one.
pub type Marks = smallvec::SmallVec<[Mark; 1]>;

/// The opponent's part of a throw: `/ +2 (faux)` and an optional hole claim.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpponentPart {
    /// The marks the opponent makes because of this throw.
    pub marks: Vec<Mark>,
    /// Holes the opponent claims from them.
    pub holes: Option<u32>,
}

/// Which token of a throw a comment follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The throw number `12.`.
    Number,
    /// `top:`.
    Seat,
    /// The cube action `double [V] take|drop`.
    Cube,
    /// The dice.
    Dice,
    /// The thrower's i-th mark.
    Mark(usize),
    /// The hole claim.
    Holes,
    /// `tient` / `va`.
    Decision,
    /// The i-th move of the play.
    Move(usize),
    /// The `-` of a play that passes.
    Pass,
    /// The glyph.
    Glyph,
    /// The `/`.
    Slash,
    /// The opponent's i-th mark.
    OpponentMark(usize),
    /// The opponent's hole claim.
    OpponentHoles,
    /// The `partie …` claim (Tric Trac).
    Partie,
}

impl Anchor {
    /// The anchor's JSON name: `dice`, `mark:0`, `move:1`, …
    pub fn name(self) -> String {
        match self {
            Anchor::Number => "number".into(),
            Anchor::Seat => "seat".into(),
            Anchor::Cube => "cube".into(),
            Anchor::Dice => "dice".into(),
            Anchor::Mark(i) => format!("mark:{i}"),
            Anchor::Holes => "holes".into(),
            Anchor::Decision => "decision".into(),
            Anchor::Move(i) => format!("move:{i}"),
            Anchor::Pass => "pass".into(),
            Anchor::Glyph => "glyph".into(),
            Anchor::Slash => "slash".into(),
            Anchor::OpponentMark(i) => format!("opponent-mark:{i}"),
            Anchor::OpponentHoles => "opponent-holes".into(),
            Anchor::Partie => "partie".into(),
        }
    }

    /// Reads an anchor's JSON name.
    pub fn from_name(s: &str) -> Option<Anchor> {
        let idx = |p: &str| s.strip_prefix(p).and_then(|n| n.parse::<usize>().ok());
        Some(match s {
            "number" => Anchor::Number,
            "seat" => Anchor::Seat,
            "cube" => Anchor::Cube,
            "partie" => Anchor::Partie,
            "dice" => Anchor::Dice,
            "holes" => Anchor::Holes,
            "decision" => Anchor::Decision,
            "pass" => Anchor::Pass,
            "glyph" => Anchor::Glyph,
            "slash" => Anchor::Slash,
            "opponent-holes" => Anchor::OpponentHoles,
            _ => {
                if let Some(i) = idx("mark:") {
                    Anchor::Mark(i)
                } else if let Some(i) = idx("move:") {
                    Anchor::Move(i)
                } else if let Some(i) = idx("opponent-mark:") {
                    Anchor::OpponentMark(i)
                } else {
                    return None;
                }
            }
        })
    }
}

/// The two comment forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentStyle {
    /// `{ ... }`, may span lines.
    Brace,
    /// `; ...` to the end of the line.
    Line,
}

/// A comment, its text byte for byte (line ends as LF).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// Brace or line comment.
    pub style: CommentStyle,
    /// The text between `{` and `}`, or after `;` to the end of the line.
    pub text: String,
    /// The token of the throw it follows (for throw comments; absent elsewhere).
    pub after: Option<Anchor>,
}

/// One throw (coup): a roll by one player and all that follows from it (docs/format.md §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Throw {
    /// The throw number, consecutive from 1.
    pub number: u32,
    /// The seat, when the record names it.
    pub seat: Option<Seat>,
    /// A cube action before the dice (Backgammon, docs/games.md §D.9).
    pub cube: Option<CubeAction>,
    /// The roll; `None` only after a cube action with no throw (`22. top: double drop`).
    pub dice: Option<Dice>,
    /// The thrower's marks, in the order announced (Tric Trac: the play's points, printed
    /// after the play).
    pub marks: Marks,
    /// Holes the thrower claims.
    pub holes: Option<u32>,
    /// `tient` or `va`; in Tric Trac `prolonge` or `recommence` (printed after the partie).
    pub decision: Option<Decision>,
    /// The play, when recorded.
    pub play: Option<Play>,
    /// The `/` part: what the opponent marks because of this throw.
    pub opponent: Option<OpponentPart>,
    /// An annotation glyph.
    pub glyph: Option<Glyph>,
    /// `partie [double|triple|quadruple]` (Tric Trac, docs/games.md §E.11).
    pub partie: Option<PartieClaim>,
    /// `resign` after the dice, with no play (Backgammon, docs/games.md §I.5): the thrower
    /// resigned; the `Result` tag says what it is worth.
    pub resign: bool,
    /// Comments, each after the token it followed.
    pub comments: Vec<Comment>,
    /// Where the throw stands in the source (from its number to the next throw).
    pub span: Option<Span>,
    /// Where each token stands: filled on request (see `parser::fill_spans`).
    pub spans: Option<Box<ThrowSpans>>,
}

impl Throw {
    /// A bare throw: number and dice.
    pub fn new(number: u32, dice: Dice) -> Throw {
        Throw::bare(number, Some(dice))
    }

    /// A bare throw: number and dice, if any (`None` only after a cube action).
    pub fn bare(number: u32, dice: Option<Dice>) -> Throw {
        Throw {
            number,
            seat: None,
            cube: None,
            dice,
            marks: Marks::new(),
            holes: None,
            decision: None,
            play: None,
            opponent: None,
            glyph: None,
            partie: None,
            resign: false,
            comments: Vec::new(),
            span: None,
            spans: None,
        }
    }
}

/// Source spans of a throw's tokens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThrowSpans {
    /// The whole throw.
    pub whole: Option<Span>,
    /// The number.
    pub number: Option<Span>,
    /// The seat.
    pub seat: Option<Span>,
    /// The cube action.
    pub cube: Option<Span>,
    /// The dice.
    pub dice: Option<Span>,
    /// Each thrower's mark.
    pub marks: Vec<Span>,
    /// The hole claim.
    pub holes: Option<Span>,
    /// The decision.
    pub decision: Option<Span>,
    /// The whole play.
    pub play: Option<Span>,
    /// Each opponent's mark.
    pub opponent_marks: Vec<Span>,
    /// The opponent's hole claim.
    pub opponent_holes: Option<Span>,
    /// The `partie …` claim.
    pub partie: Option<Span>,
}

impl Anchor {
    /// The anchor's place in a fixed order of a throw's tokens (for sorting comments; in
    /// Tric Trac the marks and the decision are printed after the play, which changes
    /// nothing here since comments are printed per token).
    pub fn order(self) -> (u8, usize) {
        match self {
            Anchor::Number => (0, 0),
            Anchor::Seat => (1, 0),
            Anchor::Cube => (2, 0),
            Anchor::Dice => (3, 0),
            Anchor::Mark(k) => (4, k),
            Anchor::Holes => (5, 0),
            Anchor::Decision => (6, 0),
            Anchor::Move(k) => (7, k),
            Anchor::Pass => (7, 0),
            Anchor::Glyph => (8, 0),
            Anchor::Partie => (9, 0),
            Anchor::Slash => (10, 0),
            Anchor::OpponentMark(k) => (11, k),
            Anchor::OpponentHoles => (12, 0),
        }
    }
}

impl Throw {
    /// Puts the comments in canonical token order. A glyph is printed glued to the play,
    /// so the comments after the play's last token go with the glyph.
    pub fn normalize_comments(&mut self) {
        if self.glyph.is_some() {
            let last = match &self.play {
                Some(Play::Pass) => Some(Anchor::Pass),
                Some(Play::Moves(m)) if !m.is_empty() => Some(Anchor::Move(m.len() - 1)),
                _ => None,
            };
            for c in &mut self.comments {
                if c.after.is_some() && c.after == last {
                    c.after = Some(Anchor::Glyph);
                }
            }
        }
        self.comments.sort_by_key(|c| c.after.map_or((u8::MAX, 0), Anchor::order));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(c: char) -> Point {
        Point::from_letter(c, crate::board::Dialect::Soumille).expect("a Soumille letter")
    }

    #[test]
    fn rests_hold_three_points_inline() {
        let mut r = Rests::new();
        assert!(r.is_empty());
        assert!(r.push(p('B')) && r.push(p('C')) && r.push(p('D')));
        assert!(!r.push(p('E')), "a path has at most three rests");
        assert_eq!(r.as_slice(), &[p('B'), p('C'), p('D')]);
        assert_eq!(r, [p('B'), p('C'), p('D'), p('E')].into_iter().collect());
        assert_eq!(Rests::from_slice(&[p('B'), p('C'), p('D'), p('E')]), None);
        assert_eq!(Rests::from_slice(&[p('B')]), Some([p('B')].into_iter().collect()));
        assert_ne!(Rests::from_slice(&[p('B')]), Rests::from_slice(&[p('B'), p('A')]));
        assert!(std::mem::size_of::<Move>() <= 10);
    }
}
