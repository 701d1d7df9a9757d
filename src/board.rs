//! The board: seats, points and their letters, and unchecked position setups.
//!
//! Points carry the 24 letters of Soumille's alphabet (docs/format.md §1): `A`..`&`,
//! without J, U or W. Each seat counts its own *relative points* p1..p24 along its
//! route (docs/rules.md, preamble): top p = letter index, bottom p = 25 − index.

use serde::{Deserialize, Serialize};
use std::fmt;

mod game;
pub use game::{Forms, Game};

/// One of the two seats. Seats never change during a game (docs/format.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// `top` (`haut`), whose talon is A.
    Top,
    /// `bottom` (`bas`), whose talon is &.
    Bottom,
}

impl Seat {
    /// Both seats, top first.
    pub const ALL: [Seat; 2] = [Seat::Top, Seat::Bottom];

    /// The other seat.
    #[inline]
    pub fn other(self) -> Seat {
        match self {
            Seat::Top => Seat::Bottom,
            Seat::Bottom => Seat::Top,
        }
    }

    /// 0 for top, 1 for bottom.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The canonical English name.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Top => "top",
            Seat::Bottom => "bottom",
        }
    }

    /// Reads `top`, `bottom`, `haut` or `bas` (case-insensitive).
    pub fn from_name(s: &str) -> Option<Seat> {
        let is = |k: &str| s.eq_ignore_ascii_case(k);
        if is("top") || is("haut") {
            Some(Seat::Top)
        } else if is("bottom") || is("bas") {
            Some(Seat::Bottom)
        } else {
            None
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each seat, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 2]);

impl<T> BySeat<T> {
    /// Builds from the top and bottom values.
    pub fn new(top: T, bottom: T) -> Self {
        BySeat([top, bottom])
    }
}

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s as usize]
    }
}

impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s as usize]
    }
}

/// The letter alphabet a record is written in (docs/format.md §1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// Soumille (1738): capitals `A`..`Z` without J, U, W, and `&` (the default).
    #[default]
    Soumille,
    /// Lepeintre (1818): lowercase `a`..`y` without w; Lepeintre i ↔ Soumille 25 − i.
    Lepeintre,
}

impl Dialect {
    /// The tag value naming the dialect.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Soumille => "soumille",
            Dialect::Lepeintre => "lepeintre",
        }
    }

    /// Reads a dialect name (case-insensitive).
    pub fn from_name(s: &str) -> Option<Dialect> {
        if s.eq_ignore_ascii_case("soumille") {
            Some(Dialect::Soumille)
        } else if s.eq_ignore_ascii_case("lepeintre") {
            Some(Dialect::Lepeintre)
        } else {
            None
        }
    }

    /// The 24 letters in their own order (first = letter number 1).
    pub fn alphabet(self) -> &'static [u8; 24] {
        match self {
            Dialect::Soumille => SOUMILLE,
            Dialect::Lepeintre => LEPEINTRE,
        }
    }
}

/// How a picture or a message names the points: the record's letters (docs/format.md §1), or
/// the backgammon players' numbers 1–24 as GNU Backgammon and FIBS draw them (docs/games.md
/// §I: counted from the side of the player on roll, his 24-point the furthest, his 1-point
/// the last of his home board; `--points`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointNames {
    /// The letters of a dialect (the default, `Letters(Dialect::Soumille)`).
    Letters(Dialect),
    /// Point numbers 1–24 from the side of the seat on roll.
    Numbers,
}

impl Default for PointNames {
    fn default() -> Self {
        PointNames::Letters(Dialect::Soumille)
    }
}

impl From<Dialect> for PointNames {
    fn from(d: Dialect) -> Self {
        PointNames::Letters(d)
    }
}

/// The letters of `names` (the tables games of the seeds keep their letters under
/// [`PointNames::Numbers`]: Soumille's).
impl From<PointNames> for Dialect {
    fn from(names: PointNames) -> Self {
        names.dialect()
    }
}

impl PointNames {
    /// The name of `p` when `on_roll` is to play: its letter, or its point number for
    /// `on_roll` (25 − its relative point, docs/games.md §D.1).
    pub fn name(self, p: Point, on_roll: Seat) -> String {
        match self {
            PointNames::Letters(d) => p.letter(d).to_string(),
            PointNames::Numbers => p.number(on_roll).to_string(),
        }
    }

    /// The dialect of letters, Soumille's for the numbers (where a letter is still written,
    /// e.g. a position string).
    pub fn dialect(self) -> Dialect {
        match self {
            PointNames::Letters(d) => d,
            PointNames::Numbers => Dialect::Soumille,
        }
    }
}

const SOUMILLE: &[u8; 24] = b"ABCDEFGHIKLMNOPQRSTVXYZ&";
const LEPEINTRE: &[u8; 24] = b"abcdefghijklmnopqrstuvxy";

/// ASCII byte -> Soumille letter index (0: no letter), for each alphabet.
const fn index_table(alphabet: &[u8; 24], reversed: bool) -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut k = 0;
    while k < 24 {
        t[alphabet[k] as usize] = if reversed { 24 - k as u8 } else { k as u8 + 1 };
        k += 1;
    }
    t
}

static SOUMILLE_INDEX: [u8; 128] = index_table(SOUMILLE, false);
static LEPEINTRE_INDEX: [u8; 128] = index_table(LEPEINTRE, true);

/// One of the 24 points, by its Soumille letter index 1 (`A`) ..= 24 (`&`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// `A` (letter index 1), top's talon: a constant point, e.g. to fill fixed arrays.
    pub const A: Point = Point(1);

    /// The point with Soumille letter index `index` (1..=24).
    pub fn new(index: u8) -> Option<Point> {
        (1..=24).contains(&index).then_some(Point(index))
    }

    /// The Soumille letter index, 1..=24.
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The seat's relative point p1..p24 (docs/format.md §1): top p = L, bottom p = 25 − L.
    #[inline]
    pub fn relative(self, seat: Seat) -> u8 {
        match seat {
            Seat::Top => self.0,
            Seat::Bottom => 25 - self.0,
        }
    }

    /// The point that is relative point `p` (1..=24) of `seat`.
    #[inline]
    pub fn from_relative(seat: Seat, p: u8) -> Option<Point> {
        if !(1..=24).contains(&p) {
            return None;
        }
        Some(match seat {
            Seat::Top => Point(p),
            Seat::Bottom => Point(25 - p),
        })
    }

    /// The point number of this point for `seat`, as GNU Backgammon and FIBS count it:
    /// 24 its furthest point (its talon), 1 the last point of its home board (docs/games.md
    /// §D.1: 25 − the relative point).
    #[inline]
    pub fn number(self, seat: Seat) -> u8 {
        25 - self.relative(seat)
    }

    /// The letter of this point in `dialect`.
    pub fn letter(self, dialect: Dialect) -> char {
        match dialect {
            Dialect::Soumille => SOUMILLE[self.0 as usize - 1] as char,
            Dialect::Lepeintre => LEPEINTRE[(24 - self.0) as usize] as char,
        }
    }

    /// Reads one letter of `dialect`; `None` when the dialect has no such letter.
    #[inline]
    pub fn from_letter(c: char, dialect: Dialect) -> Option<Point> {
        if !c.is_ascii() {
            return None;
        }
        let table = match dialect {
            Dialect::Soumille => &SOUMILLE_INDEX,
            Dialect::Lepeintre => &LEPEINTRE_INDEX,
        };
        match table[c as usize] {
            0 => None,
            i => Some(Point(i)),
        }
    }

    /// All 24 points in board order A → &.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> {
        (1..=24).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter(Dialect::Soumille))
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut b = [0u8; 4];
        s.serialize_str(self.letter(Dialect::Soumille).encode_utf8(&mut b))
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Point::from_letter(c, Dialect::Soumille)
                .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a Soumille letter (A..&, no J, U, W)"))),
            _ => Err(serde::de::Error::custom(format!("`{s}` is not one point letter"))),
        }
    }
}

/// The highest value of Backgammon's doubling cube that soumille represents: 2^30
/// (docs/games.md §D.7 sets no limit; this is the project's reading). Every value a game can
/// then be worth, 3 × 2^30 at most for a backgammon, fits a `u32` below `u32::MAX`, so no
/// computed value is ever saturated. A position string with a larger cube is refused; a
/// double beyond it is flagged `cube-limit` (docs/games.md §D.10, as documented in
/// `docs/rules.md` §14).
pub const MAX_CUBE: u32 = 1 << 30;

/// The score fields a position string may carry (docs/format.md §6); `None` = not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreFields {
    /// `holes=T/B`.
    pub holes: Option<BySeat<u16>>,
    /// `points=T/B`: Grand Trictrac's jetons (0..=10, even), Tric Trac's partie score
    /// (0..=11, docs/games.md §E.11).
    pub points: Option<BySeat<u8>>,
    /// `throws=T/B`: throws each seat has made in this relève (default 0/0).
    pub throws: Option<BySeat<u16>>,
    /// `bredouille=top|bottom|none`.
    pub bredouille: Option<Option<Seat>>,
    /// `pavillon=top|bottom|none`.
    pub pavillon: Option<Option<Seat>>,
    /// `cube=V`: the doubling cube's value, 1, 2, 4, … up to [`MAX_CUBE`] (Backgammon,
    /// docs/games.md §D.9).
    pub cube: Option<u32>,
    /// `owner=top|bottom|none`: who owns the cube (Backgammon, docs/games.md §D.9).
    pub owner: Option<Option<Seat>>,
    /// `parties=T/B`: the series points won so far (Tric Trac, docs/games.md §E.11).
    pub parties: Option<BySeat<u16>>,
    /// `pinned=top@F,bottom@Q`: point by point, whose man is pinned there (Plakoto,
    /// docs/games.md §J.7); not written when no man is.
    pub pinned: Option<Vec<(Seat, Point)>>,
    /// `game=NAME`: the game whose position this is (docs/games.md §H.7); not given: Grand
    /// Trictrac's, or the game of the record that holds it.
    pub game: Option<Game>,
    /// `rules=K1:V1,K2:V2`: the rule options in force where they differ from the game's
    /// defaults (docs/games.md §H.7), as `(key, value)` pairs in the order written; checked
    /// against the game's options when read.
    pub rules: Option<Vec<(String, String)>>,
}

/// An unchecked position: the men of each seat, the seat to throw and the optional score
/// fields. May be nonsense; the reader checks the counts (docs/format.md §6), and the engine's
/// validated position is made from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Men per point, per seat, indexed by Soumille letter index − 1.
    pub men: BySeat<[u8; 24]>,
    /// Men already borne off, per seat.
    pub off: BySeat<u8>,
    /// Men on the bar, per seat (`@n`, Backgammon, docs/games.md §D.9).
    pub bar: BySeat<u8>,
    /// The seat to throw.
    pub turn: Seat,
    /// The optional score fields.
    pub score: ScoreFields,
}

impl Setup {
    /// The opening: fifteen men on each talon, `first` to throw.
    pub fn opening(first: Seat) -> Setup {
        let mut men = BySeat::new([0u8; 24], [0u8; 24]);
        men[Seat::Top][0] = 15;
        men[Seat::Bottom][23] = 15;
        Setup { men, off: BySeat::new(0, 0), bar: BySeat::new(0, 0), turn: first, score: ScoreFields::default() }
    }

    /// Men of `seat` on `point`.
    #[inline]
    pub fn count(&self, seat: Seat, point: Point) -> u8 {
        self.men[seat][point.index() as usize - 1]
    }

    /// Total men of `seat` on the board, on the bar and borne off.
    pub fn total(&self, seat: Seat) -> u32 {
        self.men[seat].iter().map(|&c| c as u32).sum::<u32>() + self.bar[seat] as u32 + self.off[seat] as u32
    }

    /// Field 1 of a position string: `top/bottom` men in board order, then the bar (`@n`),
    /// borne-off last.
    pub fn men_field(&self, dialect: Dialect) -> String {
        let mut out = Vec::with_capacity(32);
        self.write_men_field(dialect, &mut out);
        String::from_utf8(out).expect("letters and digits are ASCII")
    }

    /// [`Setup::men_field`] appended to `out`, allocating nothing more.
    pub fn write_men_field(&self, dialect: Dialect, out: &mut Vec<u8>) {
        fn number(out: &mut Vec<u8>, n: u8) {
            if n >= 10 {
                out.push(b'0' + n / 10);
            }
            out.push(b'0' + n % 10);
        }
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            if i == 1 {
                out.push(b'/');
            }
            // board order in the dialect's own alphabet: Soumille's letter k is point k + 1,
            // Lepeintre's point 24 - k
            let men = &self.men[seat];
            for (k, &letter) in dialect.alphabet().iter().enumerate() {
                let c = match dialect {
                    Dialect::Soumille => men[k],
                    Dialect::Lepeintre => men[23 - k],
                };
                if c > 0 {
                    out.push(letter);
                    if c != 1 {
                        number(out, c);
                    }
                }
            }
            if self.bar[seat] > 0 {
                out.push(b'@');
                if self.bar[seat] != 1 {
                    number(out, self.bar[seat]);
                }
            }
            if self.off[seat] > 0 {
                out.push(b'#');
                number(out, self.off[seat]);
            }
        }
    }

    /// The whole position string in `dialect` (docs/format.md §6), score fields as given.
    pub fn to_string_in(&self, dialect: Dialect) -> String {
        let mut out = Vec::with_capacity(48);
        self.write_in(dialect, &mut out);
        String::from_utf8(out).expect("letters, digits and names are ASCII")
    }

    /// [`Setup::to_string_in`] appended to `out`, written byte by byte (no formatting
    /// machinery: the reader compares a `Position` value with it).
    pub fn write_in(&self, dialect: Dialect, out: &mut Vec<u8>) {
        /// A whole number in decimal.
        fn number(out: &mut Vec<u8>, n: u32) {
            out.extend_from_slice(Decimal::new(n).as_bytes());
        }
        fn pair(out: &mut Vec<u8>, name: &[u8], top: u32, bottom: u32) {
            out.extend_from_slice(name);
            number(out, top);
            out.push(b'/');
            number(out, bottom);
        }
        fn seat(out: &mut Vec<u8>, name: &[u8], o: Option<Seat>) {
            out.extend_from_slice(name);
            out.extend_from_slice(o.map_or("none", Seat::name).as_bytes());
        }
        self.write_men_field(dialect, out);
        out.push(b' ');
        out.extend_from_slice(self.turn.name().as_bytes());
        let sc = &self.score;
        // the game and its rules first: the other fields are the game's (docs/games.md §H.7)
        if let Some(g) = sc.game {
            out.extend_from_slice(b" game=");
            out.extend_from_slice(g.name().as_bytes());
        }
        if let Some(rules) = sc.rules.as_ref().filter(|r| !r.is_empty()) {
            out.extend_from_slice(b" rules=");
            for (k, (key, value)) in rules.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(key.as_bytes());
                out.push(b':');
                out.extend_from_slice(value.as_bytes());
            }
        }
        if let Some(h) = sc.holes {
            pair(out, b" holes=", h[Seat::Top].into(), h[Seat::Bottom].into());
        }
        if let Some(p) = sc.points {
            pair(out, b" points=", p[Seat::Top].into(), p[Seat::Bottom].into());
        }
        if let Some(t) = sc.throws {
            pair(out, b" throws=", t[Seat::Top].into(), t[Seat::Bottom].into());
        }
        if let Some(b) = sc.bredouille {
            seat(out, b" bredouille=", b);
        }
        if let Some(p) = sc.pavillon {
            seat(out, b" pavillon=", p);
        }
        if let Some(v) = sc.cube {
            out.extend_from_slice(b" cube=");
            number(out, v);
        }
        if let Some(o) = sc.owner {
            seat(out, b" owner=", o);
        }
        if let Some(p) = sc.parties {
            pair(out, b" parties=", p[Seat::Top].into(), p[Seat::Bottom].into());
        }
        if let Some(pins) = sc.pinned.as_ref().filter(|p| !p.is_empty()) {
            out.extend_from_slice(b" pinned=");
            for (k, (s, p)) in pins.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(s.name().as_bytes());
                out.push(b'@');
                let mut buf = [0; 4];
                out.extend_from_slice(p.letter(dialect).encode_utf8(&mut buf).as_bytes());
            }
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_in(Dialect::Soumille))
    }
}

/// A text in Soumille's letters (plays, men) with each letter written in `dialect`'s:
/// Soumille's letters are capitals and `&`, nothing else in a play or a men field is, so
/// each is replaced alone.
pub fn letters_in(s: &str, dialect: Dialect) -> String {
    use crate::board::{Dialect, Point};
    if dialect == Dialect::Soumille {
        return s.to_string();
    }
    s.chars().map(|c| Point::from_letter(c, Dialect::Soumille).map_or(c, |p| p.letter(dialect))).collect()
}

/// Field 1 of a position string written in Soumille's letters (board order A → &), written
/// in `dialect`'s, in its own board order (Lepeintre: a → y, the other way round), the bar
/// and the men borne off last: what [`crate::Setup::men_field`] writes in `dialect`.
pub fn men_field_in(field: &str, dialect: Dialect) -> String {
    use crate::board::{Dialect, Point};
    if dialect == Dialect::Soumille {
        return field.to_string();
    }
    let mut out = String::with_capacity(field.len());
    for (k, side) in field.split('/').enumerate() {
        if k > 0 {
            out.push('/');
        }
        // each entry: a letter, `@` or `#`, then its count
        let mut entries: Vec<&str> = Vec::new();
        let mut start = 0;
        for (i, c) in side.char_indices().skip(1) {
            if !c.is_ascii_digit() {
                entries.push(&side[start..i]);
                start = i;
            }
        }
        if !side.is_empty() {
            entries.push(&side[start..]);
        }
        let is_letter = |e: &str| e.chars().next().is_some_and(|c| Point::from_letter(c, Dialect::Soumille).is_some());
        for e in entries.iter().filter(|e| is_letter(e)).rev() {
            out.push_str(&letters_in(e, dialect));
        }
        for e in entries.iter().filter(|e| !is_letter(e)) {
            out.push_str(e);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_numbers_count_from_the_side_of_the_seat_on_roll() {
        let n = PointNames::Numbers;
        // each seat's talon is its 24-point, the point beside the other's talon its 1-point
        let a = Point::new(1).unwrap();
        let amp = Point::new(24).unwrap();
        assert_eq!((n.name(a, Seat::Top), n.name(a, Seat::Bottom)), ("24".into(), "1".into()));
        assert_eq!((n.name(amp, Seat::Top), n.name(amp, Seat::Bottom)), ("1".into(), "24".into()));
        for p in Point::all() {
            assert_eq!(p.number(Seat::Top) + p.number(Seat::Bottom), 25, "{p}");
            assert_eq!(Point::from_relative(Seat::Bottom, 25 - p.number(Seat::Bottom)), Some(p));
        }
        assert_eq!(PointNames::Letters(Dialect::Lepeintre).name(a, Seat::Top), "y");
        assert_eq!(PointNames::from(Dialect::Soumille).name(amp, Seat::Bottom), "&");
        assert_eq!(PointNames::Numbers.dialect(), Dialect::Soumille);
    }

    #[test]
    fn letters_map_both_dialects() {
        let a = Point::from_letter('A', Dialect::Soumille).unwrap();
        assert_eq!(a.index(), 1);
        assert_eq!(a.letter(Dialect::Lepeintre), 'y');
        let amp = Point::from_letter('&', Dialect::Soumille).unwrap();
        assert_eq!(amp.index(), 24);
        assert_eq!(amp.letter(Dialect::Lepeintre), 'a');
        // Lepeintre i <-> Soumille 25 - i for every letter
        for (i, &c) in LEPEINTRE.iter().enumerate() {
            let p = Point::from_letter(c as char, Dialect::Lepeintre).unwrap();
            assert_eq!(p.index() as usize, 25 - (i + 1));
        }
        assert!(Point::from_letter('J', Dialect::Soumille).is_none());
        assert!(Point::from_letter('w', Dialect::Lepeintre).is_none());
        assert!(Point::from_letter('z', Dialect::Lepeintre).is_none());
    }

    #[test]
    fn relative_points() {
        let m = Point::from_letter('M', Dialect::Soumille).unwrap();
        let n = Point::from_letter('N', Dialect::Soumille).unwrap();
        assert_eq!(m.relative(Seat::Top), 12);
        assert_eq!(n.relative(Seat::Bottom), 12);
        assert_eq!(Point::from_relative(Seat::Bottom, 1).unwrap().letter(Dialect::Soumille), '&');
        assert_eq!(Point::from_relative(Seat::Top, 13), Some(n));
    }

    #[test]
    fn opening_prints() {
        assert_eq!(Setup::opening(Seat::Top).to_string(), "A15/&15 top");
        assert_eq!(Setup::opening(Seat::Bottom).to_string_in(Dialect::Lepeintre), "y15/a15 bottom");
    }

    #[test]
    fn score_fields_print() {
        let mut s = Setup::opening(Seat::Top);
        s.score = ScoreFields {
            holes: Some(BySeat::new(0, 11)),
            points: Some(BySeat::new(10, 4)),
            throws: Some(BySeat::new(105, 7)),
            bredouille: Some(Some(Seat::Bottom)),
            pavillon: Some(None),
            cube: Some(4_294_967_295),
            owner: Some(Some(Seat::Top)),
            parties: Some(BySeat::new(65_535, 0)),
            pinned: None,
            game: None,
            rules: None,
        };
        assert_eq!(
            s.to_string(),
            "A15/&15 top holes=0/11 points=10/4 throws=105/7 bredouille=bottom pavillon=none \
             cube=4294967295 owner=top parties=65535/0"
        );
        s.score = ScoreFields {
            game: Some(crate::notation::Game::Jacquet),
            rules: Some(vec![("postillon".into(), "immediat".into()), ("retrait".into(), "talon".into())]),
            ..ScoreFields::default()
        };
        assert_eq!(s.to_string(), "A15/&15 top game=jacquet rules=postillon:immediat,retrait:talon");
    }
}

/// A whole number's decimal digits, made without the formatting machinery (the reader's
/// header check and `explain --batch` write numbers on their hot paths).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decimal {
    digits: [u8; 10],
    start: usize,
}

impl Decimal {
    /// The digits of `n`.
    pub(crate) fn new(mut n: u32) -> Decimal {
        let mut digits = [0u8; 10];
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        Decimal { digits, start: k }
    }

    /// The digits, as bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    /// The digits, as text.
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}
