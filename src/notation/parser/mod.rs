//! The STN reader (nom 8). Each grammar function carries its rule of `grammar/stn.ebnf`
//! in a comment right above it; a test checks that every rule has its function.
//!
//! The reader never judges the rules of the game: it reads text into a [`Record`] and
//! reports what is malformed, recovering at the next throw number or tag so that one file
//! yields all its errors (docs/format.md §8). It never panics, whatever the bytes.

use super::ast::*;
use super::error::SyntaxError;
use super::header::{self, Forms, Game, Header, ResultBredouille, ResultClaim, ResultKind};
use crate::board::{BySeat, Dialect, Point, ScoreFields, Seat, Setup};
use crate::dice::Dice;
use crate::notation::jan::JanCode;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char as ch, digit1};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};
use std::borrow::Cow;

/// A parse failure: where, what is wrong, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PErr {
    ptr: usize,
    len: usize,
    message: Cow<'static, str>,
    label: Cow<'static, str>,
}

impl<'a> ParseError<&'a str> for PErr {
    fn from_error_kind(input: &'a str, kind: ErrorKind) -> Self {
        PErr {
            ptr: input.as_ptr() as usize,
            len: 0,
            message: {
                let _ = kind;
                Cow::Borrowed("unexpected input")
            },
            label: Cow::Borrowed("not expected here"),
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<&'a str, T, PErr>;

/// A fatal error at the start of `i`, `len` bytes long.
fn fail<T>(
    i: &str,
    len: usize,
    message: impl Into<Cow<'static, str>>,
    label: impl Into<Cow<'static, str>>,
) -> PResult<'_, T> {
    Err(nom::Err::Failure(PErr { ptr: i.as_ptr() as usize, len, message: message.into(), label: label.into() }))
}

/// The fatal error of [`fail`] itself, for functions that return no value with the rest.
fn failure(
    i: &str,
    len: usize,
    message: impl Into<Cow<'static, str>>,
    label: impl Into<Cow<'static, str>>,
) -> nom::Err<PErr> {
    nom::Err::Failure(PErr { ptr: i.as_ptr() as usize, len, message: message.into(), label: label.into() })
}

/// "Not this rule": lets the caller try another.
fn no<T>(i: &str) -> PResult<'_, T> {
    Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Alt)))
}

/// The reading context: where the source starts, the record's letters and its game (whose
/// forms the throws may use, docs/games.md §G).
#[derive(Clone, Copy)]
struct Ctx {
    base: usize,
    len: usize,
    dialect: Dialect,
    game: Game,
    /// Whether the marks' spans of [`ThrowSpans`] are kept (the record reader, which drops
    /// a throw's spans, does not build their lists).
    mark_spans: bool,
}

impl Ctx {
    fn new(src: &str, dialect: Dialect, game: Game) -> Ctx {
        Ctx { base: src.as_ptr() as usize, len: src.len(), dialect, game, mark_spans: true }
    }
    /// Paths of up to five points and `*` hit claims (docs/games.md §0.3).
    fn paths(&self) -> bool {
        self.game.has_paths()
    }
    /// `@` (the bar) and the cube (Backgammon, docs/games.md §D.9).
    fn bar_and_cube(&self) -> bool {
        self.game.has_bar_and_cube()
    }
    /// Marks after the play, `partie`, `prolonge` / `recommence` (Tric Trac, docs/games.md §E.11).
    fn tric(&self) -> bool {
        self.game.is_tric_trac()
    }
    fn off(&self, i: &str) -> usize {
        (i.as_ptr() as usize).saturating_sub(self.base)
    }
    fn span(&self, from: &str, to: &str) -> Span {
        Span::new(self.off(from), self.off(to))
    }
    fn error(&self, e: PErr) -> SyntaxError {
        let start = e.ptr.saturating_sub(self.base).min(self.len);
        let end = (start + e.len).min(self.len);
        SyntaxError::new(Some(Span::new(start, end)), e.message, e.label)
    }
}

/// A record as read, with the meaning of its tags and every error found in it.
#[derive(Clone, Debug, Default)]
pub struct ReadRecord {
    /// The record (throws with errors left out).
    pub record: Record,
    /// What its known tags say.
    pub header: Header,
    /// Every syntax error of the record, in file order.
    pub errors: Vec<SyntaxError>,
    /// Throws read and handed on as they came, not kept in `record` (a reader made by
    /// [`records_spilling`]; 0 for the others).
    pub spilled: usize,
}

/// A file that is not UTF-8: its text read lossily, and the error at the first bad byte.
pub type NotUtf8 = (String, SyntaxError);

/// Reads a file's bytes: UTF-8 (a leading BOM skipped), LF or CRLF.
/// Invalid UTF-8 gives one error at the first bad byte; nothing panics.
pub fn read_bytes(bytes: &[u8]) -> Result<(String, Vec<ReadRecord>), Box<NotUtf8>> {
    match std::str::from_utf8(bytes) {
        Ok(s) => {
            let recs = read(s);
            Ok((s.to_string(), recs))
        }
        Err(e) => {
            let good = e.valid_up_to();
            let text = String::from_utf8_lossy(bytes).into_owned();
            // the lossy text has the same bytes up to `good`, then U+FFFD (3 bytes)
            let err = SyntaxError::new(
                Some(Span::new(good, good + 3)),
                format!("the file is not valid UTF-8 (bad byte at offset {good})"),
                "expected UTF-8 text",
            )
            .with_help("STN files are UTF-8; re-save the file as UTF-8");
            Err(Box::new((text, err)))
        }
    }
}

/// Reads every record of an STN text (docs/format.md §2). A file may hold several records,
/// each starting with its tags.
pub fn read(src: &str) -> Vec<ReadRecord> {
    file(src).collect()
}

/// The records of a text one at a time, each complete with its errors, without holding
/// the others: for large files.
pub fn records(src: &str) -> Records<'_> {
    file(src)
}

/// The records of a text one at a time, each record's throws handed to `spill` in batches
/// as they are read rather than kept (all but the last few: the record's `spilled` counts
/// them): a record of a million throws is read in the memory of a few thousand (issue 16).
/// The errors are those [`records`] finds.
pub fn records_spilling<'a>(src: &'a str, spill: impl FnMut(&mut Vec<Throw>) + 'a) -> Records<'a> {
    let mut r = file(src);
    r.spill = Some(Box::new(spill));
    r
}

/// How many throws a spilling reader ([`records_spilling`]) holds before handing them on.
const SPILL_AT: usize = 4096;

/// An iterator over the records of a text (see [`records`]).
pub struct Records<'a> {
    src: &'a str,
    c: Ctx,
    i: &'a str,
    pending: Vec<Comment>,
    done: bool,
    /// Read plain throws (`12. 6-5 AF AG`) by the byte-level fast path.
    fast: bool,
    /// Where throws go as they are read ([`records_spilling`]).
    spill: Option<Box<Spill<'a>>>,
}

/// Where a spilling reader's throws go.
type Spill<'a> = dyn FnMut(&mut Vec<Throw>) + 'a;

/// Hands the throws of `cur` but its last (which may still take comments) to `spill`, each
/// batch checked as [`finish`] checks the throws it keeps.
fn spill_throws(spill: &mut dyn FnMut(&mut Vec<Throw>), src: &str, c: &Ctx, cur: &mut ReadRecord, suspect: bool) {
    let last = cur.record.throws.pop();
    if suspect {
        cur.errors.extend(super::check::check_throws(&cur.record, Some((src, c.dialect))));
    }
    cur.spilled += cur.record.throws.len();
    spill(&mut cur.record.throws);
    cur.record.throws.clear();
    cur.record.throws.extend(last);
}

impl Records<'_> {
    /// Where the next record starts: the byte offset in the text of what is not read yet.
    pub fn offset(&self) -> usize {
        self.c.off(self.i)
    }

    /// Whether the last record returned ended at the end of the text (rather than at the
    /// tag that starts the next one): in a text that is only the first part of a file, that
    /// record may go on in the rest.
    pub fn at_end(&self) -> bool {
        self.done
    }
}

/// Reads a text without the fast path for plain throws: for checking that both agree.
#[doc(hidden)]
pub fn read_without_fast_path(src: &str) -> Vec<ReadRecord> {
    let mut r = file(src);
    r.fast = false;
    r.collect()
}

// file = [ BOM ] , { ws | tag_pair | throw } ;
fn file(src: &str) -> Records<'_> {
    let c = Ctx { mark_spans: false, ..Ctx::new(src, Dialect::Soumille, Game::GrandTrictrac) };
    let i = src.strip_prefix('\u{feff}').unwrap_or(src);
    Records { src, c, i, pending: Vec::new(), done: false, fast: true, spill: None }
}

impl Iterator for Records<'_> {
    type Item = ReadRecord;

    fn next(&mut self) -> Option<ReadRecord> {
        if self.done {
            return None;
        }
        let c = &mut self.c;
        c.dialect = Dialect::Soumille;
        c.game = Game::GrandTrictrac;
        let mut i = self.i;
        let mut st = Reading { rec_start: c.off(i), ..Reading::default() };
        loop {
            // whitespace and comments, attached to the token before them
            self.pending.clear();
            match ws(c, i, &mut self.pending) {
                Ok((rest, ())) => i = rest,
                Err(e) => {
                    st.cur.errors.push(c.error(unwrap_err(e)));
                    i = &i[i.len()..];
                }
            }
            attach(&mut st.cur.record, &mut self.pending, c.game);
            if i.is_empty() {
                break;
            }
            let first = i.as_bytes()[0];
            if first == b'[' {
                if !st.cur.record.throws.is_empty() {
                    // a tag after throws starts the next record
                    finish(self.src, c, &mut st.cur, st.header_done, st.suspect, st.rec_start, i);
                    self.i = i;
                    return Some(st.cur);
                }
                i = st.tag(c, i);
            } else if first.is_ascii_digit() {
                i = st.throws(c, i, self.fast, self.src, self.spill.as_deref_mut());
            } else {
                let len = i.chars().next().map_or(1, char::len_utf8);
                let word_len = i.find(|ch: char| ch.is_whitespace()).unwrap_or(i.len()).max(len);
                st.cur.errors.push(SyntaxError::new(
                    Some(Span::new(c.off(i), c.off(i) + word_len)),
                    format!("unexpected `{}`", &i[..word_len]),
                    "expected a throw number such as `1.` or a tag such as `[Game \"grand-trictrac\"]`",
                ));
                i = sync(i);
            }
        }
        self.done = true;
        self.i = i;
        if st.started || !st.cur.record.comments.is_empty() || !st.cur.errors.is_empty() {
            finish(self.src, c, &mut st.cur, st.header_done, st.suspect, st.rec_start, i);
            return Some(st.cur);
        }
        None
    }
}

/// A record being read by [`Records`].
#[derive(Default)]
struct Reading {
    cur: ReadRecord,
    /// The record has a token.
    started: bool,
    /// The tags are over (a throw was read) and interpreted.
    header_done: bool,
    last_number: u32,
    /// A throw that may hold what `check_throws` reports (see `finish`).
    suspect: bool,
    /// Where the record starts in the text.
    rec_start: usize,
}

impl Reading {
    /// A tag at `i` (the record has no throw yet); where the reading goes on.
    fn tag<'i>(&mut self, c: &Ctx, i: &'i str) -> &'i str {
        let cur = &mut self.cur;
        self.started = true;
        if cur.record.tags.is_empty() {
            // room for a printed record's tags at once
            cur.record.tags.reserve(8);
        }
        match tag_pair(c, i) {
            Ok((rest, t)) => {
                if self.header_done {
                    cur.errors.push(SyntaxError::new(
                        t.spans.map(|s| s.whole),
                        "a tag after the first throw",
                        "tags go before the throws",
                    ));
                } else {
                    cur.record.tags.push(t);
                }
                rest
            }
            Err(e) => {
                cur.errors.push(c.error(unwrap_err(e)));
                sync(i)
            }
        }
    }

    /// Throws from `i` (a digit): the header is interpreted before the first; plain throws go
    /// by the fast path, the others one by one by the full reader. Where the reading goes on.
    fn throws<'i>(
        &mut self,
        c: &mut Ctx,
        mut i: &'i str,
        fast: bool,
        src: &str,
        mut spill: Option<&mut Spill<'_>>,
    ) -> &'i str {
        if !self.header_done {
            header::interpret_into(&mut self.cur.record.tags, true, &mut self.cur.header, &mut self.cur.errors);
            c.dialect = self.cur.header.letters;
            c.game = self.cur.header.game;
            self.header_done = true;
            self.cur.record.throws.reserve(throws_hint(i));
        }
        self.started = true;
        if fast {
            // plain throws one after the other, each read in place by the fast path (which
            // leaves `i` at the next throw number, a tag or the end)
            while let Some(f) = fast_throw(c, i, &mut self.cur.record.throws) {
                let number_end = c.off(i) + f.digits + 1;
                check_number(&mut self.cur.errors, &mut self.last_number, f.number, Span::new(c.off(i), number_end));
                self.suspect |= f.odd_mark;
                i = &i[f.len..];
                self.maybe_spill(c, src, spill.as_deref_mut());
                if !i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                    return i;
                }
            }
        }
        if let Ok((r, n)) = throw_number(c, i) {
            check_number(&mut self.cur.errors, &mut self.last_number, n, c.span(i, r));
        }
        match throw(c, i) {
            Ok((rest, (t, _))) => {
                self.suspect = true;
                self.cur.record.throws.push(t);
                self.maybe_spill(c, src, spill);
                rest
            }
            Err(e) => {
                self.cur.errors.push(c.error(unwrap_err(e)));
                sync(i)
            }
        }
    }

    /// Hands the throws read so far to `spill` once there are [`SPILL_AT`] of them.
    #[inline(always)]
    fn maybe_spill(&mut self, c: &Ctx, src: &str, spill: Option<&mut Spill<'_>>) {
        if self.cur.record.throws.len() >= SPILL_AT {
            if let Some(spill) = spill {
                spill_throws(spill, src, c, &mut self.cur, self.suspect);
            }
        }
    }
}

/// What the fast path read: the throw's number, how many digits it has, and how many bytes
/// it took (the throw and the white space after it).
struct FastThrow {
    number: u32,
    digits: usize,
    len: usize,
    /// A mark of an odd number of points (an error but in Tric Trac: see `finish`).
    odd_mark: bool,
}

/// The fast path for throws written as the printer writes them (`12. 6-5 +4 (vrai x2) AF AG
/// / +2 (faux)`), alone on their line: read byte by byte, with no backtracking and no
/// allocation but the lists it fills. The throw is pushed on `throws` and filled where it
/// stands (a throw is large: it is not moved). It also reads a seat (`top: `), a doublet's
/// name, dashes inside moves and a glyph right after the last move (`AF!`), written in lower
/// case and one space apart; when the line
/// has any other form (glyphs elsewhere, comments inside the throw, French or English keywords, other
/// spacing or case) it is taken off again and left to [`throw`], which reads it to the same
/// record; a test checks that both agree.
fn fast_throw(c: &Ctx, i: &str, throws: &mut Vec<Throw>) -> Option<FastThrow> {
    let b = i.as_bytes();
    let mut k = 0;
    let mut number: u32 = 0;
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        if k >= 9 {
            return None;
        }
        number = number * 10 + (d - b'0') as u32;
        k += 1;
    }
    let digits = k;
    let (seat, dice, after) = match b.get(k..)? {
        [b'.', b' ', d1 @ b'1'..=b'6', b'-', d2 @ b'1'..=b'6', ..] if k > 0 => {
            (None, Dice::as_written(d1 - b'0', d2 - b'0')?, k + 5)
        }
        [b'.', b' ', ..] if k > 0 => fast_seat_and_dice(b, k + 2)?,
        _ => return None,
    };
    // built in place after the room is made (a push would build it aside and copy it)
    throws.extend(std::iter::once_with(|| Throw::new(number, dice)));
    let t = throws.last_mut()?;
    t.seat = seat;
    match fast_throw_after_dice::<false>(c, i, b, after, t, Stage::Marks) {
        Some((len, odd_mark)) => {
            t.span = Some(Span::new(c.off(i), c.off(i) + len));
            Some(FastThrow { number, digits, len, odd_mark })
        }
        None => {
            throws.pop();
            None
        }
    }
}

/// The fast path's seat and dice other than `6-5` right after the number, from `k`: a
/// seat written in lower case and one space before the dice (`top: 6-5`), then the dice or
/// a doublet's name in lower case (where the word ends is checked after them). The seat,
/// the dice and where they end.
#[inline(never)]
fn fast_seat_and_dice(b: &[u8], mut k: usize) -> Option<(Option<Seat>, Dice, usize)> {
    let seat = match b.get(k..).unwrap_or_default() {
        [b't', b'o', b'p', b':', b' ', ..] => Some((Seat::Top, 5)),
        [b'b', b'o', b't', b't', b'o', b'm', b':', b' ', ..] => Some((Seat::Bottom, 8)),
        [b'h', b'a', b'u', b't', b':', b' ', ..] => Some((Seat::Top, 6)),
        [b'b', b'a', b's', b':', b' ', ..] => Some((Seat::Bottom, 5)),
        _ => None,
    };
    k += seat.map_or(0, |(_, len)| len);
    let (dice, len) = match b.get(k..).unwrap_or_default() {
        [d1 @ b'1'..=b'6', b'-', d2 @ b'1'..=b'6', ..] => (Dice::as_written(d1 - b'0', d2 - b'0')?, 3),
        rest => fast_doublet_name(rest)?,
    };
    Some((seat.map(|(s, _)| s), dice, k + len))
}

/// A doublet's name in lower case at the start of `b` (`sonnez`: the names of
/// [`crate::dice::DOUBLET_NAMES`] and `ambesas`, docs/format.md §3): the dice and the name's
/// length. Whether
/// the word ends there is the caller's to check.
#[inline]
fn fast_doublet_name(b: &[u8]) -> Option<(Dice, usize)> {
    let (v, len) = match b {
        [b'b', b'e', b'z', b'a', b's', ..] => (1, 5),
        [b'a', b'm', b'b', b'e', b's', b'a', b's', ..] => (1, 7),
        [b'd', b'o', b'u', b'b', b'l', b'e', b'-', b'd', b'e', b'u', b'x', ..] => (2, 11),
        [b't', b'e', b'r', b'n', b'e', b's', ..] => (3, 6),
        [b'c', b'a', b'r', b'm', b'e', b's', ..] => (4, 6),
        [b'q', b'u', b'i', b'n', b'e', b's', ..] => (5, 6),
        [b's', b'o', b'n', b'n', b'e', b'z', ..] => (6, 6),
        _ => return None,
    };
    Some((Dice::new(v, v)?, len))
}

/// The fast path's glyph right after the last move, at `k`, and the rest of the throw after
/// it: as [`fast_throw_after_dice`] (`odd_mark`: whether a mark before it was odd).
#[cold]
#[inline(never)]
fn fast_after_glyph(c: &Ctx, i: &str, b: &[u8], k: usize, t: &mut Throw, odd_mark: bool) -> Option<(usize, bool)> {
    let (g, len) = match b.get(k..).unwrap_or_default() {
        [b'!', b'!', ..] => (Glyph::Brilliant, 2),
        [b'?', b'?', ..] => (Glyph::Blunder, 2),
        [b'!', b'?', ..] => (Glyph::Interesting, 2),
        [b'?', b'!', ..] => (Glyph::Dubious, 2),
        [b'!', ..] => (Glyph::Good, 1),
        [b'?', ..] => (Glyph::Mistake, 1),
        _ => return None,
    };
    if !ends_at(b, k + len) {
        return None;
    }
    t.glyph = Some(g);
    let (end, odd) = fast_throw_after_dice::<true>(c, i, b, k + len, t, Stage::Glyph)?;
    Some((end, odd || odd_mark))
}

/// Whether a word ends at `k`: a space, a line end or the end of the text.
#[inline]
fn ends_at(b: &[u8], k: usize) -> bool {
    matches!(b.get(k), None | Some(b' ' | b'\n' | b'\r'))
}

/// A number of at most `max` digits from `k`: its value and where it ends.
#[inline]
fn number_at(b: &[u8], mut k: usize, max: usize) -> Option<(u32, usize)> {
    let d0 = k;
    let mut v: u32 = 0;
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        if k - d0 >= max {
            break;
        }
        v = v * 10 + (d - b'0') as u32;
        k += 1;
    }
    (k > d0).then_some((v, k))
}

/// The fast path's jan list ` (code xN, code)` after a mark's points, from `k` (at the
/// space, if any), into `jans`: where the mark ends.
fn fast_jans(b: &[u8], mut k: usize, jans: &mut JanClaims) -> Option<usize> {
    if b.get(k..k + 2) == Some(b" (") {
        k += 2;
        loop {
            let s0 = k;
            while b.get(k).is_some_and(|&x| x.is_ascii_lowercase() || x.is_ascii_digit() || x == b'-') {
                k += 1;
            }
            let code = JanCode::from_lower_code(&b[s0..k])?;
            let mut ways = None;
            if b.get(k..k + 2) == Some(b" x") {
                let (w, e) = number_at(b, k + 2, 4)?;
                if !(1..=1000).contains(&w) {
                    return None;
                }
                k = e;
                ways = Some(w);
            }
            jans.push(JanClaim { code, ways });
            match b.get(k..).unwrap_or_default() {
                [b',', b' ', ..] => k += 2,
                [b')', ..] => {
                    k += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    ends_at(b, k).then_some(k)
}

/// The fast path's hole claim `N trou(s)`, from `k` at the digit: the holes and where the
/// claim ends.
fn fast_holes(b: &[u8], k: usize) -> Option<(u32, usize)> {
    let (v, e) = number_at(b, k, 4)?;
    if !(1..=1000).contains(&v) {
        return None;
    }
    match b.get(e..).unwrap_or_default() {
        [b' ', b't', b'r', b'o', b'u', b's', ..] if ends_at(b, e + 6) => Some((v, e + 6)),
        [b' ', b't', b'r', b'o', b'u', ..] if ends_at(b, e + 5) => Some((v, e + 5)),
        _ => None,
    }
}

/// Whether `w` (two bytes) is `va` or `go` in any case (`| 0x20` folds the capitals and
/// maps no other byte to these letters).
#[inline]
fn is_two_letter_decision(w: [u8; 2]) -> bool {
    matches!((w[0] | 0x20, w[1] | 0x20), (b'v', b'a') | (b'g', b'o'))
}

/// Where the fast path stands in a throw: each token may only follow those before it in
/// the throw's order.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Stage {
    Marks,
    Holes,
    Decision,
    Play,
    Glyph,
    /// Tric Trac's marks after the play (docs/games.md §E.11).
    PlayMarks,
    Slash,
    OppMarks,
    OppHoles,
}

/// The fast path after the dice (or, with `AFTER_GLYPH`, after a glyph, at `stage`: a
/// second glyph is then the full reader's), from `k` in `i` (whose bytes are `b`), into `t`: how many
/// bytes of `i` the throw and the white space and comments after it take, and whether a
/// mark is odd; `None` for a form left to [`throw`].
/// Each token follows one space; the first thing that is not ` token` ends the tokens, and
/// only white space and comments may come between them and the next throw, a tag or the end.
fn fast_throw_after_dice<const AFTER_GLYPH: bool>(
    c: &Ctx,
    i: &str,
    b: &[u8],
    mut k: usize,
    t: &mut Throw,
    stage: Stage,
) -> Option<(usize, bool)> {
    let mut f = FastTokens { t, stage, pass: false, odd_mark: false };
    // each token after one space, until the b's end, a comment or anything else
    while b.get(k) == Some(&b' ') {
        let Some(&x) = b.get(k + 1) else { break };
        k = match x {
            b' ' | b'\n' | b'\r' | b'{' | b';' => break,
            b'+' => f.read_mark(c, b, k + 2)?,
            b'0'..=b'9' => f.read_holes(b, k + 1)?,
            b'/' if ends_at(b, k + 2) => f.slash(k + 2)?,
            b'-' if ends_at(b, k + 2) => f.nothing_played(k + 2)?,
            _ => f.word(c, b, k + 1)?,
        };
    }
    if !matches!(b.get(k), None | Some(b' ' | b'\t' | b'\n' | b'\r')) {
        if !AFTER_GLYPH && f.stage == Stage::Play && !f.pass && matches!(b.get(k), Some(b'!' | b'?')) {
            // a glyph written right after the last move (`AF!`): the tokens go on after it
            return fast_after_glyph(c, i, b, k, f.t, f.odd_mark);
        }
        // a token glued to the last one (`6-51.`): the full reader's
        return None;
    }
    if f.t.opponent.as_ref().is_some_and(|o| o.marks.is_empty() && o.holes.is_none()) {
        // a bare `/`: leave it to the full reader
        return None;
    }
    if f.pass {
        f.t.play = Some(Play::Pass);
    }
    let k = fast_throw_end(c, i, b, k, f.t)?;
    Some((k, f.odd_mark))
}

/// The fast path's throw so far: where it stands, whether `-` was read, whether a mark is odd.
struct FastTokens<'t> {
    t: &'t mut Throw,
    stage: Stage,
    pass: bool,
    odd_mark: bool,
}

impl FastTokens<'_> {
    /// A mark `+N (code xN, code)` whose number starts at `k`, filled where it stands: the
    /// thrower's before the play, the opponent's after `/`. The end of the mark.
    #[inline(always)]
    fn read_mark(&mut self, c: &Ctx, b: &[u8], k: usize) -> Option<usize> {
        let (points, e) = number_at(b, k, 6)?;
        self.odd_mark |= points % 2 != 0;
        let mark = Mark { points: points as i64, jans: JanClaims::new() };
        // Tric Trac's marks stand after the play when none came before it (docs/games.md §E.11)
        let after_play = c.tric()
            && (self.stage == Stage::PlayMarks
                || matches!(self.stage, Stage::Play | Stage::Glyph) && self.t.marks.is_empty());
        let jans = if self.stage <= Stage::Marks || after_play {
            if after_play {
                self.stage = Stage::PlayMarks;
            }
            self.t.marks.push(mark);
            &mut self.t.marks.last_mut()?.jans
        } else if self.stage == Stage::Slash || self.stage == Stage::OppMarks {
            self.stage = Stage::OppMarks;
            let o = self.t.opponent.get_or_insert_with(OpponentPart::default);
            o.marks.push(mark);
            &mut o.marks.last_mut()?.jans
        } else {
            return None;
        };
        fast_jans(b, e, jans)
    }

    /// A hole count starting at `k`: the thrower's, or the opponent's after `/`.
    #[inline(always)]
    fn read_holes(&mut self, b: &[u8], k: usize) -> Option<usize> {
        let (h, e) = fast_holes(b, k)?;
        if self.stage < Stage::Holes {
            self.t.holes = Some(h);
            self.stage = Stage::Holes;
        } else if self.stage == Stage::Slash || self.stage == Stage::OppMarks {
            self.t.opponent.get_or_insert_with(OpponentPart::default).holes = Some(h);
            self.stage = Stage::OppHoles;
        } else {
            return None;
        }
        Some(e)
    }

    /// `/`, the opponent's part, ending at `e`.
    #[inline(always)]
    fn slash(&mut self, e: usize) -> Option<usize> {
        if self.stage >= Stage::Slash {
            return None;
        }
        self.t.opponent = Some(OpponentPart::default());
        self.stage = Stage::Slash;
        Some(e)
    }

    /// `-`: nothing could be played; ends at `e`.
    #[inline(always)]
    fn nothing_played(&mut self, e: usize) -> Option<usize> {
        if self.stage > Stage::Play || self.pass || self.t.play.is_some() {
            return None;
        }
        self.stage = Stage::Play;
        self.pass = true;
        Some(e)
    }

    /// A tient/va decision, ending at `e`.
    #[inline(always)]
    fn read_decision(&mut self, d: Decision, e: usize) -> Option<usize> {
        if self.stage >= Stage::Decision {
            return None;
        }
        self.t.decision = Some(d);
        self.stage = Stage::Decision;
        Some(e)
    }

    /// A word starting at `k`: a move of two or three letters, `tient` or `va`; other
    /// spellings of the decisions (`GO`, `Va`, `hold`) are the full reader's.
    #[inline(always)]
    fn word(&mut self, c: &Ctx, b: &[u8], k: usize) -> Option<usize> {
        let rest = &b[k..];
        let (len, from, mid, to) = match *rest {
            [a, z] | [a, z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => {
                if is_two_letter_decision([a, z]) {
                    if [a, z] != *b"va" {
                        return None;
                    }
                    if self.t.holes.is_some() || !c.dialect_reads_move("va") {
                        return self.read_decision(Decision::Go, k + 2);
                    }
                }
                (2, a, None, z)
            }
            // dashes between the points (`A-F`, `A-E-K`, `X-Z#`) say nothing more
            [a, b'-', z] | [a, b'-', z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => (3, a, None, z),
            [a, b'-', m, b'-', z] | [a, b'-', m, b'-', z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => (5, a, Some(m), z),
            [a, b'-', m, z] | [a, b'-', m, z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => (4, a, Some(m), z),
            [a, m, b'-', z] | [a, m, b'-', z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => (4, a, Some(m), z),
            [a, m, z] | [a, m, z, b' ' | b'\n' | b'\r' | b'!' | b'?', ..] => (3, a, Some(m), z),
            [b't', b'i', b'e', b'n', b't', ..] if ends_at(rest, 5) => return self.read_decision(Decision::Hold, k + 5),
            _ => (0, 0, None, 0),
        };
        let pt = |x: u8| Point::from_letter(x as char, c.dialect);
        let short = || {
            let to = if to == b'#' { Target::Off } else { Target::Point(pt(to)?) };
            let rest = match mid {
                Some(m) => Some(pt(m)?),
                None => None,
            };
            Some(Move::new(pt(from)?, rest, to))
        };
        if len > 0 {
            if let Some(m) = short() {
                return self.push_move(m, k + len);
            }
        }
        if c.paths() {
            self.long_word(c, rest, k)
        } else {
            None
        }
    }

    /// A path with a hit, the bar or more than three points at `k`, whose bytes from there
    /// are `rest` (docs/games.md §0.3, §D.9): kept out of line, the short moves go first.
    #[inline(never)]
    fn long_word(&mut self, c: &Ctx, rest: &[u8], k: usize) -> Option<usize> {
        let n = long_path(rest)?;
        self.push_move(fast_path(c, &rest[..n])?, k + n)
    }

    /// Appends move `m` to the play, which ends at `e`.
    #[inline(always)]
    fn push_move(&mut self, m: Move, e: usize) -> Option<usize> {
        if self.stage > Stage::Play || self.pass {
            return None;
        }
        self.stage = Stage::Play;
        if let Play::Moves(moves) = self.t.play.get_or_insert_with(|| Play::Moves(Moves::new())) {
            moves.push(m);
        }
        Some(e)
    }
}

/// The length of the word at the start of `b` when it is a path only the games with paths
/// have — a `*`, a `@` or more than three points (docs/games.md §0.3, §D.9) — and it ends
/// where the fast path's words end; `None` for any other word (a shorter path is read as
/// Grand Trictrac's moves are, anything else is the full reader's).
#[inline]
fn long_path(b: &[u8]) -> Option<usize> {
    let n = b.iter().position(|&x| !(x.is_ascii_alphabetic() || matches!(x, b'&' | b'#' | b'-' | b'*' | b'@')));
    let n = n.unwrap_or(b.len());
    if !matches!(b.get(n), None | Some(b' ' | b'\n' | b'\r' | b'!' | b'?')) {
        return None;
    }
    let w = &b[..n];
    let points = w.iter().filter(|&&x| !matches!(x, b'-' | b'*')).count();
    (points > 3 || w.iter().any(|&x| matches!(x, b'*' | b'@'))).then_some(n)
}

/// The fast path's path `w` (a whole word) as [`move_`] reads it: the origin (a point or
/// the bar), up to [`MAX_RESTS`] rests, the target, a `*` after each point where a man is
/// hit (docs/games.md §0.3, §D.9). `None` for any form [`move_`] refuses or reads otherwise
/// (a keyword, a claim word): those are the full reader's, which says what is wrong.
fn fast_path(c: &Ctx, w: &[u8]) -> Option<Move> {
    if w.first() == Some(&b'-')
        || w.last() == Some(&b'-')
        || w.windows(2).any(|p| p == b"--" || p == b"-*" || p == b"**")
    {
        return None;
    }
    let points = w.iter().filter(|&&x| !matches!(x, b'-' | b'*')).count();
    let word = std::str::from_utf8(w).ok()?;
    if !(2..=2 + MAX_RESTS).contains(&points) || is_keyword(word) || is_claim_word(word) {
        return None;
    }
    let pt = |x: u8| Point::from_letter(x as char, c.dialect);
    let from = match w[0] {
        b'@' if c.bar_and_cube() => Origin::Bar,
        b'@' | b'#' | b'*' => return None,
        x => Origin::Point(pt(x)?),
    };
    let (mut rests, mut hits, mut to, mut k) = (Rests::new(), 0u8, None, 1);
    while k < w.len() {
        let x = w[k];
        k += 1;
        match x {
            b'-' => continue,
            // `@` inside, `*` after the origin: misplaced; a point after `#`
            b'@' | b'*' => return None,
            _ if to.is_some() => return None,
            _ => {}
        }
        let tg = if x == b'#' { Target::Off } else { Target::Point(pt(x)?) };
        if w.get(k) == Some(&b'*') {
            if x == b'#' {
                return None;
            }
            hits |= 1 << rests.len();
            k += 1;
        }
        match tg {
            Target::Point(p) if k < w.len() => {
                if !rests.push(p) {
                    return None;
                }
            }
            Target::Off if k < w.len() => return None,
            tg => to = Some(tg),
        }
    }
    Some(Move { from, rests, to: to?, hits })
}

/// The end of a throw read by the fast path, from `k`: white space and comments, then the
/// next throw, a tag or the end (anything else is the full reader's: `None`). Where the
/// next thing starts.
#[inline(always)]
fn fast_throw_end(c: &Ctx, i: &str, b: &[u8], mut k: usize, t: &mut Throw) -> Option<usize> {
    while matches!(b.get(k), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        k += 1;
    }
    if matches!(b.get(k), Some(&x) if x == b'{' || x == b';' || x >= 0x80) {
        if c.tric() {
            // Tric Trac's marks stand after the play: where its comments go is the full
            // reader's to say
            return None;
        }
        let (r, ()) = ws(c, &i[k..], &mut t.comments).ok()?;
        let anchor = last_anchor(t, c.game);
        for cm in &mut t.comments {
            cm.after = Some(anchor);
        }
        k = i.len() - r.len();
    }
    match b.get(k) {
        None | Some(b'[') => {}
        Some(b'0'..=b'9') => {
            // a throw number, not a hole count on the next line
            let digits = b[k..].iter().take_while(|x| x.is_ascii_digit()).count();
            if b.get(k + digits) != Some(&b'.') {
                return None;
            }
        }
        _ => return None,
    }
    Some(k)
}

/// Room for the throws of a record whose first throw starts `i`: a guess from its length
/// up to the next `[` (its end is the next record's first tag; a printed throw takes some
/// 20 to 30 bytes), so that the list of throws, whose items are large, is seldom moved as it
/// grows. It looks no further than the next `[`, so that reading stays linear.
fn throws_hint(i: &str) -> usize {
    let b = i.as_bytes();
    let b = &b[..b.len().min(MAX_HINT_SCAN)];
    let end = memchr::memchr(b'[', b).unwrap_or(b.len());
    (end / BYTES_PER_THROW + 1).clamp(16, 1 << 14)
}

/// How far ahead [`throws_hint`] looks.
const MAX_HINT_SCAN: usize = 1 << 20;

/// The fewest bytes [`throws_hint`] counts for a throw.
const BYTES_PER_THROW: usize = 20;

/// Checks that throw `n` (whose number is at `span`) follows the last one (docs/format.md §3).
#[inline]
fn check_number(errors: &mut Vec<SyntaxError>, last_number: &mut u32, n: u32, span: Span) {
    let expected = last_number.saturating_add(1);
    if n != expected {
        errors.push(number_error(n, expected, span));
    }
    *last_number = n;
}

/// The error of a throw number that does not follow the last one.
#[cold]
fn number_error(n: u32, expected: u32, span: Span) -> SyntaxError {
    SyntaxError::new(
        Some(span),
        format!("throw {n} where throw {expected} was expected"),
        format!("expected {expected}."),
    )
    .with_help("throw numbers run consecutively from 1 across the whole game")
}

fn unwrap_err(e: nom::Err<PErr>) -> PErr {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e,
        nom::Err::Incomplete(_) => PErr { ptr: 0, len: 0, message: "incomplete input".into(), label: "".into() },
    }
}

/// Closes a record: reads its header if no throw did, and checks what needs no rules.
/// `suspect`: whether a throw may hold what [`super::check::check_throws`] reports (odd or
/// negative marks, no ways, no holes): any throw of the full reader, and those of the fast
/// path with an odd mark (its marks, ways and holes are never negative or 0); with none,
/// the check would find nothing and is not made.
fn finish(src: &str, c: &Ctx, cur: &mut ReadRecord, header_done: bool, suspect: bool, start: usize, end: &str) {
    if !header_done {
        header::interpret_into(&mut cur.record.tags, true, &mut cur.header, &mut cur.errors);
    }
    cur.record.span = Some(Span::new(start, c.off(end)));
    let throws = &mut cur.record.throws;
    if throws.capacity() > 2 * throws.len() + 16 {
        // the room guessed from the lines (`throws_hint`) was far too much: lines of comments
        throws.shrink_to_fit();
    }
    if suspect {
        cur.errors.extend(super::check::check_throws(&cur.record, Some((src, c.dialect))));
    }
    cur.errors.sort_by_key(|e| e.span.map_or(0, |s| s.start));
}

/// Gives comments to the last token read: the last throw's, the last tag, or the record.
fn attach(rec: &mut Record, pending: &mut Vec<Comment>, game: Game) {
    if pending.is_empty() {
        return;
    }
    if let Some(t) = rec.throws.last_mut() {
        let a = last_anchor(t, game);
        for mut cm in pending.drain(..) {
            cm.after = Some(a);
            t.comments.push(cm);
        }
    } else if let Some(t) = rec.tags.last_mut() {
        t.comments.append(pending);
    } else {
        rec.comments.append(pending);
    }
}

/// The last token of a throw in canonical order (what a comment after it follows); in Tric
/// Trac the marks, the partie and `prolonge` / `recommence` come after the play.
pub fn last_anchor(t: &Throw, game: Game) -> Anchor {
    if let Some(o) = &t.opponent {
        if o.holes.is_some() {
            return Anchor::OpponentHoles;
        }
        if !o.marks.is_empty() {
            return Anchor::OpponentMark(o.marks.len() - 1);
        }
        return Anchor::Slash;
    }
    if t.decision.is_some_and(Decision::after_partie) {
        return Anchor::Decision;
    }
    if t.partie.is_some() {
        return Anchor::Partie;
    }
    if game.is_tric_trac() && !t.marks.is_empty() {
        return Anchor::Mark(t.marks.len() - 1);
    }
    if t.glyph.is_some() {
        return Anchor::Glyph;
    }
    match &t.play {
        Some(Play::Pass) => return Anchor::Pass,
        Some(Play::Moves(m)) if !m.is_empty() => return Anchor::Move(m.len() - 1),
        _ => {}
    }
    if t.decision.is_some() {
        Anchor::Decision
    } else if t.holes.is_some() {
        Anchor::Holes
    } else if !t.marks.is_empty() {
        Anchor::Mark(t.marks.len() - 1)
    } else if t.dice.is_none() && t.cube.is_some() {
        Anchor::Cube
    } else {
        Anchor::Dice
    }
}

/// Skips to the next place a record can go on: a `[` or a throw number `N.` after
/// whitespace, passing over comments.
fn sync(i: &str) -> &str {
    let b = i.as_bytes();
    let mut k = i.chars().next().map_or(0, char::len_utf8);
    while k < b.len() {
        match b[k] {
            b'{' => match memchr(b'}', &b[k..]) {
                Some(e) => k += e + 1,
                None => return &i[i.len()..],
            },
            b';' => match memchr(b'\n', &b[k..]) {
                Some(e) => k += e + 1,
                None => return &i[i.len()..],
            },
            c if b[k - 1].is_ascii_whitespace() && (c == b'[' || c.is_ascii_digit()) => {
                if c == b'[' {
                    return &i[k..];
                }
                let mut e = k;
                while e < b.len() && b[e].is_ascii_digit() {
                    e += 1;
                }
                if e < b.len() && b[e] == b'.' {
                    return &i[k..];
                }
                k = e;
            }
            _ => k += 1,
        }
    }
    &i[i.len()..]
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&b| b == needle)
}

// ws = { WHITE_SPACE | comment } ;
fn ws<'a>(c: &Ctx, mut i: &'a str, out: &mut Vec<Comment>) -> PResult<'a, ()> {
    loop {
        let skip = i.bytes().position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')).unwrap_or(i.len());
        i = &i[skip..];
        match i.as_bytes().first() {
            Some(b'{') | Some(b';') => {
                let (rest, cm) = comment(c, i)?;
                out.push(cm);
                i = rest;
            }
            Some(&b) if b >= 0x80 && i.starts_with(char::is_whitespace) => {
                i = i.trim_start();
            }
            _ => return Ok((i, ())),
        }
    }
}

// comment = brace_comment | line_comment ;
fn comment<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Comment> {
    if i.starts_with('{') {
        brace_comment(c, i)
    } else if i.starts_with(';') {
        line_comment(c, i)
    } else {
        no(i)
    }
}

// brace_comment = "{" , { ANY_CHAR - "}" } , "}" ;
fn brace_comment<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Comment> {
    let (body, _) = ch('{').parse(i)?;
    match memchr::memchr(b'}', body.as_bytes()) {
        Some(e) => {
            let raw = &body[..e];
            let crlf = memchr::memchr(b'\r', raw.as_bytes()).is_some();
            let text = if crlf { strip_cr_before_lf(raw) } else { raw.to_string() };
            Ok((&body[e + 1..], Comment { style: CommentStyle::Brace, text, after: None }))
        }
        None => fail(i, 1, "unterminated comment", "this `{` has no closing `}`"),
    }
}

/// Line ends are not text: every run of CR before an LF goes (so that printing, which
/// writes LF, and reading again give the same text).
fn strip_cr_before_lf(raw: &str) -> String {
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'\r' {
            let mut e = k;
            while e < b.len() && b[e] == b'\r' {
                e += 1;
            }
            if e < b.len() && b[e] == b'\n' {
                k = e;
                continue;
            }
            out.push_str(&raw[k..e]);
            k = e;
            continue;
        }
        let next = raw[k..].find('\r').map_or(raw.len(), |n| k + n);
        out.push_str(&raw[k..next]);
        k = next;
    }
    out
}

// line_comment = ";" , { ANY_CHAR - NEWLINE } , ( NEWLINE | END_OF_FILE ) ;
fn line_comment<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Comment> {
    let (body, _) = ch(';').parse(i)?;
    let e = memchr::memchr(b'\n', body.as_bytes()).unwrap_or(body.len());
    let text = body[..e].trim_end_matches('\r').to_string();
    let rest = if e < body.len() { &body[e + 1..] } else { &body[e..] };
    Ok((rest, Comment { style: CommentStyle::Line, text, after: None }))
}

// tag_pair = "[" , ws , tag_name , ws , tag_value , ws , "]" ;
fn tag_pair<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Tag> {
    match fast_tag(c, i) {
        Some(t) => Ok(t),
        None => tag_pair_any(c, i),
    }
}

/// [`tag_pair`] in any of its written forms.
fn tag_pair_any<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Tag> {
    let start = i;
    let (r, _) = ch('[').parse(i)?;
    let mut comments = Vec::new();
    let (r, ()) = ws(c, r, &mut comments)?;
    let name_start = r;
    let (r, name) = tag_name(c, r)?;
    let name_span = c.span(name_start, r);
    let (r, ()) = ws(c, r, &mut comments)?;
    let (after_value, (value, value_span)) = tag_value(c, r)?;
    let (r, ()) = ws(c, after_value, &mut comments)?;
    let r = match ch::<&str, PErr>(']').parse(r) {
        Ok((r, _)) => r,
        Err(_) => return fail(after_value, 0, "the tag is not closed", "expected `]` here"),
    };
    let spans = TagSpans { whole: c.span(start, r), name: name_span, value: value_span };
    Ok((r, Tag { name: header::tag_name_of(name), value, comments, spans: Some(spans) }))
}

/// The fast path for a tag written as the printer writes it, `[Name "value"]`: an ASCII
/// name, one space, a value with no escape, the `]` right after it. Any other form (white
/// space, comments, escapes, other letters, errors) is left to [`tag_pair_any`], which
/// reads this one to the same tag (a test checks it).
fn fast_tag<'a>(c: &Ctx, i: &'a str) -> Option<(&'a str, Tag)> {
    let b = i.as_bytes();
    if b.first() != Some(&b'[') {
        return None;
    }
    let mut k = 1;
    while k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'_' || b[k] == b'-') {
        k += 1;
    }
    if k == 1 || b.get(k) != Some(&b' ') || b.get(k + 1) != Some(&b'"') {
        return None;
    }
    let name_end = k;
    let v0 = k + 2;
    let v1 = v0 + memchr::memchr3(b'"', b'\\', b'\n', &b[v0..])?;
    if b[v1] != b'"' || b.get(v1 + 1) != Some(&b']') {
        return None;
    }
    let start = c.off(i);
    let spans = TagSpans {
        whole: Span::new(start, start + v1 + 2),
        name: Span::new(start + 1, start + name_end),
        value: Span::new(start + v0, start + v1),
    };
    let tag = Tag {
        name: header::tag_name_of(&i[1..name_end]),
        value: i[v0..v1].to_string(),
        comments: Vec::new(),
        spans: Some(spans),
    };
    Some((&i[v1 + 2..], tag))
}

// tag_name = NAME_CHAR , { NAME_CHAR } ;
fn tag_name<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, &'a str> {
    match take_while1::<_, &str, PErr>(|ch: char| ch.is_alphanumeric() || ch == '_' || ch == '-').parse(i) {
        Ok(x) => Ok(x),
        Err(_) => fail(i, 1, "a tag without a name", "expected a tag name such as Game"),
    }
}

// tag_value = '"' , { ( ANY_CHAR - ( '"' | "\" | NEWLINE ) ) | escape } , '"' ;
fn tag_value<'a>(c: &Ctx, i: &'a str) -> PResult<'a, (String, Span)> {
    let Ok((body, _)) = ch::<&str, PErr>('"').parse(i) else {
        return fail(i, 1, "a tag without a quoted value", "expected a value in double quotes");
    };
    let mut k = 0;
    let b = body.as_bytes();
    while k < b.len() {
        match b[k] {
            b'"' => {
                let span = c.span(body, &body[k..]);
                return Ok((&body[k + 1..], (unescape(&body[..k]), span)));
            }
            b'\\' => {
                let (r, _) = escape(c, &body[k..])?;
                k = c.off(r) - c.off(body);
            }
            b'\n' => return fail(i, k + 1, "the tag value is not closed on its line", "expected a closing `\"`"),
            _ => k += 1,
        }
    }
    fail(i, 1, "the tag value is not closed", "expected a closing `\"`")
}

// escape = "\" , ( '"' | "\" ) ;
fn escape<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, char> {
    let (r, _) = ch('\\').parse(i)?;
    match r.chars().next() {
        Some(e @ ('"' | '\\')) => Ok((&r[1..], e)),
        other => {
            let len = 1 + other.map_or(0, char::len_utf8);
            fail(i, len, "unknown escape in a tag value", "only \\\" and \\\\ are escapes")
        }
    }
}

fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut s = String::with_capacity(raw.len());
    let mut it = raw.chars();
    while let Some(ch) = it.next() {
        if ch == '\\' {
            if let Some(n) = it.next() {
                s.push(n);
            }
        } else {
            s.push(ch);
        }
    }
    s
}

/// True at a token boundary: end, whitespace, or punctuation that ends a word.
fn boundary(i: &str) -> bool {
    match i.as_bytes().first() {
        None => true,
        // a match, not a search of the list (which would call `memchr` for each byte)
        Some(&b) => {
            b.is_ascii_whitespace()
                || matches!(b, b'{' | b'}' | b';' | b'(' | b')' | b'/' | b'[' | b']' | b'!' | b'?' | b',' | b'"')
        }
    }
}

/// A cube word where the game has no cube: refused, the game named.
fn no_cube_in<'a, T>(c: &Ctx, r: &'a str) -> PResult<'a, T> {
    let w = first_word(r);
    fail(r, w.len(), format!("`{w}`: the doubling cube is Backgammon's, not {}'s", c.game), "expected dice such as 6-5")
}

/// A cube action, the comments inside it anchored to it.
fn cube_anchored<'a>(c: &Ctx, r: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, CubeAction> {
    let n0 = cm.len();
    let (r2, a) = cube_action(c, r, cm)?;
    for x in &mut cm[n0..] {
        x.after = Some(Anchor::Cube);
    }
    Ok((r2, a))
}

// throw = throw_number , ws , [ seat_prefix , ws ] , [ cube_action , ws ] , [ dice ,
//         [ ws , cube_action ] , ( ws , "resign" | { ws , mark } , [ ws , holes ] , [ ws , decision ] ,
//         [ ws , play ] , [ ws , glyph ] ,
//         [ ws , partie_part ] ,
//         [ ws , opponent_part ] , [ ws , glyph ] ) ] ;
fn throw<'a>(c: &Ctx, i: &'a str) -> PResult<'a, (Throw, ThrowSpans)> {
    let start = i;
    let mut sp = ThrowSpans::default();
    let (r, number) = throw_number(c, i)?;
    sp.number = Some(c.span(i, r));
    let mut cm: Vec<Comment> = Vec::new();
    let mut anchor = Anchor::Number;
    macro_rules! skip {
        ($r:expr) => {{
            let n0 = cm.len();
            let (r2, ()) = ws(c, $r, &mut cm)?;
            for x in &mut cm[n0..] {
                x.after = Some(anchor);
            }
            r2
        }};
    }
    let mut r = skip!(r);
    let mut seat = None;
    if let Ok((r2, s)) = seat_prefix(c, r) {
        sp.seat = Some(c.span(r, r2));
        seat = Some(s);
        anchor = Anchor::Seat;
        r = skip!(r2);
    }
    let mut cube = None;
    if is_cube_word(first_word(r)) {
        if !c.bar_and_cube() {
            return no_cube_in(c, r);
        }
        let (r2, a) = cube_anchored(c, r, &mut cm)?;
        sp.cube = Some(c.span(r, r2));
        cube = Some(a);
        anchor = Anchor::Cube;
        r = skip!(r2);
    }
    let mut t = Throw::bare(number, None);
    t.seat = seat;
    t.cube = cube;
    if cube.is_some() && at_throw_end(r) {
        // `22. top: double drop`: a cube action with no throw after it
        t.dice = None;
    } else {
        let dice_start = r;
        let (r2, d) = dice(c, r)?;
        sp.dice = Some(c.span(dice_start, r2));
        anchor = Anchor::Dice;
        t.dice = Some(d);
        r = skip!(r2);
        if c.bar_and_cube() && t.cube.is_none() && is_cube_word(first_word(r)) {
            // a double written after the dice: read, and flagged `cube-timing` when replayed
            // (docs/games.md §D.10)
            let (r2, a) = cube_anchored(c, r, &mut cm)?;
            sp.cube = Some(c.span(r, r2));
            t.cube = Some(CubeAction { after_dice: true, ..a });
            anchor = Anchor::Cube;
            r = skip!(r2);
        }
        if c.bar_and_cube() && first_word(r).eq_ignore_ascii_case("resign") {
            // `31. bottom: 5-2 resign`: the dice thrown, then a resignation, no play
            // (docs/games.md §I.5)
            t.resign = true;
            r = skip!(&r[6..]);
        } else {
            r = throw_after_dice(c, r, &mut t, &mut sp, &mut cm, &mut anchor)?;
        }
    }
    let _ = anchor;
    // what may follow a throw: the next throw, a tag, or the end
    if r.as_bytes().first().is_some_and(|&b| b != b'[' && !b.is_ascii_digit()) {
        return Err(nom::Err::Failure(misplaced(c, r, &t)));
    }
    // trailing whitespace belongs to the record driver; comments stay with this throw
    sp.whole = Some(c.span(start, r));
    t.comments = cm;
    t.normalize_comments();
    t.span = sp.whole;
    Ok((r, (t, sp)))
}

/// Whether `r` is where a throw ends: the end, a tag, or the next throw number `N.`.
fn at_throw_end(r: &str) -> bool {
    let b = r.as_bytes();
    match b.first() {
        None | Some(b'[') => true,
        Some(d) if d.is_ascii_digit() => {
            let digits = b.iter().take_while(|x| x.is_ascii_digit()).count();
            b.get(digits) == Some(&b'.')
        }
        _ => false,
    }
}

/// The parts of a throw after its dice: marks, holes, decision, play, glyph, Tric Trac's
/// partie part, the opponent's part. Returns what follows them.
/// The play of a throw (and the comments after it, which go with a glyph when one follows);
/// the text after it, or `r` when no play is written.
fn play_into<'a>(
    c: &Ctx,
    r: &'a str,
    t: &mut Throw,
    sp: &mut ThrowSpans,
    cm: &mut Vec<Comment>,
    anchor: &mut Anchor,
) -> Result<&'a str, nom::Err<PErr>> {
    let play_start = r;
    let n_play = cm.len();
    let (r2, p) = match play(c, r, cm) {
        Ok(read) => read,
        Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
        Err(_) => {
            cm.truncate(n_play);
            return Ok(r);
        }
    };
    sp.play = Some(c.span(play_start, r2));
    *anchor = match &p {
        Play::Pass => Anchor::Pass,
        Play::Moves(m) => Anchor::Move(m.len().saturating_sub(1)),
    };
    t.play = Some(p);
    // comments between the play and a glyph go with the glyph
    let n0 = cm.len();
    let (r3, ()) = ws(c, r2, cm)?;
    let a = if glyph(c, r3).is_ok() { Anchor::Glyph } else { *anchor };
    for x in &mut cm[n0..] {
        x.after = Some(a);
    }
    Ok(r3)
}

fn throw_after_dice<'a>(
    c: &Ctx,
    mut r: &'a str,
    t: &mut Throw,
    sp: &mut ThrowSpans,
    cm: &mut Vec<Comment>,
    anchor: &mut Anchor,
) -> Result<&'a str, nom::Err<PErr>> {
    macro_rules! skip {
        ($r:expr) => {{
            let n0 = cm.len();
            let (r2, ()) = ws(c, $r, cm)?;
            for x in &mut cm[n0..] {
                x.after = Some(*anchor);
            }
            r2
        }};
    }
    // the thrower's marks
    r = marks_into(c, r, t, sp, cm, anchor)?;
    if let Ok((r2, h)) = holes(c, r) {
        sp.holes = Some(c.span(r, r2));
        t.holes = Some(h);
        *anchor = Anchor::Holes;
        r = skip!(r2);
    }
    if let Ok((r2, d)) = decision(c, r) {
        // in a dialect where `va` / `go` are also moves, they are decisions only after holes
        let is_word_move = c.dialect_reads_move(&r[..c.off(r2) - c.off(r)]);
        if !is_word_move || t.holes.is_some() {
            sp.decision = Some(c.span(r, r2));
            t.decision = Some(d);
            *anchor = Anchor::Decision;
            r = skip!(r2);
        }
    }
    r = play_into(c, r, t, sp, cm, anchor)?;
    if let Ok((r2, g)) = glyph(c, r) {
        t.glyph = Some(g);
        *anchor = Anchor::Glyph;
        r = skip!(r2);
    }
    if c.tric() {
        r = partie_part(c, r, t, sp, cm, anchor)?;
        if t.glyph.is_none() {
            if let Ok((r2, g)) = glyph(c, r) {
                t.glyph = Some(g);
                *anchor = Anchor::Glyph;
                r = skip!(r2);
            }
        }
    }
    if r.starts_with('/') {
        let (r2, o) = opponent_part(c, r, cm, sp)?;
        t.opponent = Some(o);
        *anchor = last_anchor(t, c.game);
        r = skip!(r2);
        if t.glyph.is_none() {
            if let Ok((r2, g)) = glyph(c, r) {
                t.glyph = Some(g);
                *anchor = Anchor::Glyph;
                r = skip!(r2);
            }
        }
    }
    Ok(r)
}

/// The thrower's marks from `r`, into `t.marks`; a negative mark is an error.
fn marks_into<'a>(
    c: &Ctx,
    mut r: &'a str,
    t: &mut Throw,
    sp: &mut ThrowSpans,
    cm: &mut Vec<Comment>,
    anchor: &mut Anchor,
) -> Result<&'a str, nom::Err<PErr>> {
    loop {
        if r.starts_with('-') && r[1..].starts_with(|ch: char| ch.is_ascii_digit()) {
            let len = 1 + r[1..].find(|ch: char| !ch.is_ascii_digit()).unwrap_or(r.len() - 1);
            return Err(failure(r, len, "a negative mark", "marks are never negative: expected +N"));
        }
        if !r.starts_with('+') {
            return Ok(r);
        }
        let m0 = r;
        let n = t.marks.len();
        let (r2, m) = mark_with(c, r, cm, Anchor::Mark(n))?;
        if c.mark_spans {
            sp.marks.push(c.span(m0, r2));
        }
        t.marks.push(m);
        *anchor = Anchor::Mark(n);
        let n0 = cm.len();
        let (r3, ()) = ws(c, r2, cm)?;
        for x in &mut cm[n0..] {
            x.after = Some(*anchor);
        }
        r = r3;
    }
}

// partie_part = { mark , ws } , [ partie , ws ] , [ partie_decision ] ;
//             (* Tric Trac: the play's marks (when none came before the play), the
//                partie won, the winner's decision *)
fn partie_part<'a>(
    c: &Ctx,
    mut r: &'a str,
    t: &mut Throw,
    sp: &mut ThrowSpans,
    cm: &mut Vec<Comment>,
    anchor: &mut Anchor,
) -> Result<&'a str, nom::Err<PErr>> {
    if r.starts_with('+') || (r.starts_with('-') && r[1..].starts_with(|ch: char| ch.is_ascii_digit())) {
        if !t.marks.is_empty() {
            let len = first_word(r).len().max(1);
            return Err(failure(
                r,
                len,
                "marks on both sides of the play",
                "write the play's marks either before the play or after it (canonical: after)",
            ));
        }
        r = marks_into(c, r, t, sp, cm, anchor)?;
    }
    let p0 = r;
    let n0 = cm.len();
    if let Ok((r2, p)) = partie(c, r, cm) {
        for x in &mut cm[n0..] {
            x.after = Some(Anchor::Partie);
        }
        sp.partie = Some(c.span(p0, r2));
        t.partie = Some(p);
        *anchor = Anchor::Partie;
        let n1 = cm.len();
        let (r3, ()) = ws(c, r2, cm)?;
        for x in &mut cm[n1..] {
            x.after = Some(Anchor::Partie);
        }
        r = r3;
    }
    if let Ok((r2, d)) = partie_decision(c, r) {
        if t.decision.is_some() {
            let w = first_word(r);
            return Err(failure(r, w.len(), format!("`{w}` after `tient` / `va`"), "a throw has one decision"));
        }
        sp.decision = Some(c.span(r, r2));
        t.decision = Some(d);
        *anchor = Anchor::Decision;
        let n1 = cm.len();
        let (r3, ()) = ws(c, r2, cm)?;
        for x in &mut cm[n1..] {
            x.after = Some(Anchor::Decision);
        }
        r = r3;
    }
    Ok(r)
}

// partie = "partie" , [ ws , ( "double" | "triple" | "quadruple" ) ] ;
fn partie<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, PartieClaim> {
    let w = first_word(i);
    if !w.eq_ignore_ascii_case("partie") {
        return no(i);
    }
    let r = &i[w.len()..];
    let mut tmp = Vec::new();
    let (r2, ()) = ws(c, r, &mut tmp)?;
    let w2 = first_word(r2);
    let multiple = ["double", "triple", "quadruple"].iter().position(|k| k.eq_ignore_ascii_case(w2));
    match multiple {
        Some(k) if r2.len() < r.len() || !tmp.is_empty() => {
            cm.append(&mut tmp);
            Ok((&r2[w2.len()..], PartieClaim { multiple: k as u8 + 2 }))
        }
        _ => Ok((r, PartieClaim { multiple: 1 })),
    }
}

// partie_decision = "prolonge" | "recommence" ;
fn partie_decision<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Decision> {
    let w = first_word(i);
    if w.eq_ignore_ascii_case("prolonge") {
        Ok((&i[w.len()..], Decision::Prolong))
    } else if w.eq_ignore_ascii_case("recommence") {
        Ok((&i[w.len()..], Decision::Restart))
    } else {
        no(i)
    }
}

// cube_action = ( "double" | "doubler" ) , [ ws , NUMBER ] , [ ws , cube_answer ] ;
fn cube_action<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, CubeAction> {
    let w = first_word(i);
    if !is_cube_word(w) {
        return no(i);
    }
    let mut r = &i[w.len()..];
    let mut a = CubeAction { value: None, answer: None, after_dice: false };
    let mut tmp = Vec::new();
    let (r2, ()) = ws(c, r, &mut tmp)?;
    if r2.len() < r.len() {
        // a value: digits standing alone (not dice `6-4`, not the next throw `23.`, not a
        // hole claim `2 trous` after a double written after the dice)
        let digits = r2.bytes().take_while(u8::is_ascii_digit).count();
        let after = &r2[digits..];
        if digits > 0
            && (after.is_empty() || after.starts_with(|ch: char| ch.is_whitespace() || ch == '{' || ch == ';'))
            && holes(c, r2).is_err()
        {
            match r2[..digits].parse::<u32>() {
                Ok(v) if v >= 1 => a.value = Some(v),
                _ => {
                    return fail(
                        r2,
                        digits,
                        format!("impossible cube value `{}`", &r2[..digits]),
                        "expected 2, 4, 8, …",
                    )
                }
            }
            cm.append(&mut tmp);
            r = after;
            let (r3, ()) = ws(c, r, &mut tmp)?;
            if let Ok((r4, ans)) = cube_answer(c, r3) {
                cm.append(&mut tmp);
                a.answer = Some(ans);
                r = r4;
            }
            return Ok((r, a));
        }
        if let Ok((r3, ans)) = cube_answer(c, r2) {
            cm.append(&mut tmp);
            a.answer = Some(ans);
            r = r3;
        }
    }
    Ok((r, a))
}

// cube_answer = ( "take" | "prend" ) , [ ws , "beaver" ] | "beaver" | "drop" | "passe" | "abandonne" ;
fn cube_answer<'a>(c: &Ctx, i: &'a str) -> PResult<'a, CubeAnswer> {
    let w = first_word(i);
    let is = |k: &str| w.eq_ignore_ascii_case(k);
    let a = if is("take") || is("prend") {
        // `double take beaver` (docs/games.md §I.4): the taker beavers
        let r = &i[w.len()..];
        let mut tmp = Vec::new();
        if let Ok((r2, ())) = ws(c, r, &mut tmp) {
            let w2 = first_word(r2);
            if tmp.is_empty() && r2.len() < r.len() && w2.eq_ignore_ascii_case("beaver") {
                return Ok((&r2[w2.len()..], CubeAnswer::Beaver));
            }
        }
        CubeAnswer::Take
    } else if is("beaver") {
        CubeAnswer::Beaver
    } else if is("drop") || is("passe") || is("abandonne") {
        CubeAnswer::Drop
    } else {
        return no(i);
    };
    Ok((&i[w.len()..], a))
}

/// `double` / `doubler` (any case), the word that opens a cube action.
fn is_cube_word(w: &str) -> bool {
    w.eq_ignore_ascii_case("double") || w.eq_ignore_ascii_case("doubler")
}

/// The words of Tric Trac's partie part and of the cube, which end a play.
fn is_claim_word(w: &str) -> bool {
    (4..=10).contains(&w.len())
        && [
            "partie",
            "prolonge",
            "recommence",
            "double",
            "doubler",
            "take",
            "prend",
            "drop",
            "passe",
            "abandonne",
            "beaver",
            "resign",
        ]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(w))
}

impl Ctx {
    /// Whether `word` reads as a move in this record's letters (`go`, `va` in Lepeintre's,
    /// `GO` in Soumille's).
    fn dialect_reads_move(&self, word: &str) -> bool {
        // a word with a character no move has (a letter of the other alphabet) is none,
        // found without building the error [`move_`] would give
        let move_char =
            |ch: char| matches!(ch, '-' | '*' | '#' | '@') || Point::from_letter(ch, self.dialect).is_some();
        word.chars().all(move_char) && matches!(move_(self, word), Ok((rest, _)) if rest.is_empty())
    }
}

/// The error for a token found where none of the throw's remaining parts can stand.
fn misplaced(c: &Ctx, r: &str, t: &Throw) -> PErr {
    let word_len = r
        .char_indices()
        .find(|&(k, ch)| k > 0 && (ch.is_whitespace() || "{};".contains(ch)))
        .map_or(r.len(), |(k, _)| k);
    let word = &r[..word_len];
    let ptr = r.as_ptr() as usize;
    let lower = word.to_ascii_lowercase();
    let (message, label) = if is_claim_word(word) && ["partie", "prolonge", "recommence"].contains(&lower.as_str()) {
        if c.tric() {
            (
                format!("`{word}` is out of place"),
                "a Tric Trac throw reads: dice, play, marks, partie, prolonge or recommence, / marks".to_string(),
            )
        } else {
            (
                format!("`{word}` is a Tric Trac claim, not written in {} records", c.game),
                "expected a move, a glyph, `/` and the opponent's marks, or the next throw number".to_string(),
            )
        }
    } else if is_claim_word(word) {
        if c.bar_and_cube() {
            (
                format!("`{word}` after the play"),
                "the cube action comes before the dice: `12. top: double take 6-4 …`".to_string(),
            )
        } else {
            (
                format!("`{word}`: the doubling cube is Backgammon's, not {}'s", c.game),
                "expected a move, a glyph, `/` and the opponent's marks, or the next throw number".to_string(),
            )
        }
    } else if holes(c, r).is_ok() || decision(c, r).is_ok() {
        (
            format!("`{word}` is out of place"),
            "a throw reads: dice, marks, holes, decision, play, glyph, / marks".to_string(),
        )
    } else if t.opponent.is_some() && starts_move(r) {
        (format!("`{word}` after the opponent's marks"), "the play comes before `/`".to_string())
    } else if r.starts_with('(') {
        ("a jan list without a mark".to_string(), "expected +N before the list".to_string())
    } else if r.starts_with('+') && t.play.is_some() {
        (
            format!("`{word}` after the play"),
            "the thrower's marks come before the play; the opponent's after `/`".to_string(),
        )
    } else {
        (
            format!("unexpected `{word}`"),
            "expected a move, a glyph, `/` and the opponent's marks, or the next throw number".to_string(),
        )
    };
    PErr { ptr, len: word_len, message: message.into(), label: label.into() }
}

// throw_number = DIGIT , { DIGIT } , "." ;
fn throw_number<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, u32> {
    let (r, digits) = digit1.parse(i)?;
    let Ok(n) = digits.parse::<u32>() else {
        return fail(i, digits.len(), "throw number too large", "expected a throw number such as 12.");
    };
    match ch::<&str, PErr>('.').parse(r) {
        Ok((r, _)) => Ok((r, n)),
        Err(_) => fail(i, digits.len(), "a throw number without its dot", "expected `.` after the number"),
    }
}

// seat_prefix = seat , ":" ;
fn seat_prefix<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Seat> {
    let (r, s) = seat(c, i)?;
    let (r, _) = ch(':').parse(r)?;
    Ok((r, s))
}

// seat = "top" | "bottom" | "haut" | "bas" ;
fn seat<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Seat> {
    match i.as_bytes().first() {
        Some(b) if matches!(b.to_ascii_lowercase(), b't' | b'b' | b'h') => {}
        _ => return no(i),
    }
    let (r, w) = take_while1(|ch: char| ch.is_ascii_alphabetic()).parse(i)?;
    match Seat::from_name(w) {
        Some(s) => Ok((r, s)),
        None => no(i),
    }
}

// dice = die , "-" , die | doublet_name ;
fn dice<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Dice> {
    if i.starts_with(|ch: char| ch.is_ascii_digit()) {
        let r0 = i;
        let (r, a) = die(c, i)?;
        let Ok((r, _)) = ch::<&str, PErr>('-').parse(r) else {
            return fail(r0, 1, "incomplete dice", "expected dice such as 6-5");
        };
        let (r, b) = die(c, r)?;
        if !boundary(r) && !r.starts_with('+') {
            return fail(r0, c.off(r) - c.off(r0) + 1, "malformed dice", "expected dice such as 6-5");
        }
        return Ok((r, Dice::as_written(a, b).expect("dice checked")));
    }
    match doublet_name(c, i) {
        Ok(x) => Ok(x),
        Err(_) => {
            let len = i.find(|ch: char| ch.is_whitespace()).unwrap_or(i.len()).clamp(1, 12);
            let len = (0..=len).rev().find(|&k| i.is_char_boundary(k)).unwrap_or(0);
            fail(i, len, "a throw without dice", "expected dice such as 6-5 or a doublet name (sonnez)")
        }
    }
}

// die = "1" | "2" | "3" | "4" | "5" | "6" ;
fn die<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, u8> {
    match i.as_bytes().first() {
        Some(&b @ b'1'..=b'6') if !i[1..].starts_with(|ch: char| ch.is_ascii_digit()) => Ok((&i[1..], b - b'0')),
        Some(b) if b.is_ascii_digit() => {
            let len = i.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(i.len());
            fail(i, len, format!("impossible die `{}`", &i[..len]), "a die shows 1 to 6")
        }
        _ => fail(i, 1, "incomplete dice", "expected a die, 1 to 6"),
    }
}

// doublet_name = "bezas" | "ambesas" | "double-deux" | "ternes" | "carmes" | "quines" | "sonnez" ;
fn doublet_name<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Dice> {
    let (r, w) = take_while1(|ch: char| ch.is_ascii_alphabetic() || ch == '-').parse(i)?;
    match Dice::from_doublet_name(w) {
        Some(d) if boundary(r) || r.starts_with('+') => Ok((r, d)),
        _ => no(i),
    }
}

/// A mark, its list's comments anchored to it.
fn mark_with<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>, a: Anchor) -> PResult<'a, Mark> {
    let n0 = cm.len();
    let res = mark(c, i, cm);
    for x in &mut cm[n0..] {
        x.after = Some(a);
    }
    res
}

// mark = "+" , NUMBER , [ ws , jan_list ] ;
fn mark<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, Mark> {
    let (r, _) = ch('+').parse(i)?;
    let Ok((r, digits)) = digit1::<&str, PErr>.parse(r) else {
        return fail(i, 1, "a mark without points", "expected points such as +4");
    };
    let points: i64 = match digits.parse() {
        Ok(p) if p <= 1_000_000 => p,
        _ => return fail(i, 1 + digits.len(), "a mark too large", "expected points such as +4"),
    };
    if !boundary(r) {
        return fail(i, c.off(r) - c.off(i) + 1, "malformed mark", "expected points such as +4");
    }
    // a jan list may follow after whitespace
    let mut tmp = Vec::new();
    let (r2, ()) = ws(c, r, &mut tmp)?;
    if r2.starts_with('(') {
        cm.append(&mut tmp);
        let (r3, jans) = jan_list(c, r2, cm)?;
        return Ok((r3, Mark { points, jans }));
    }
    Ok((r, Mark { points, jans: JanClaims::new() }))
}

// jan_list = "(" , ws , jan_item , { ws , [ "," , ws ] , jan_item } , ws , ")" ;
fn jan_list<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, JanClaims> {
    let (mut r, _) = ch('(').parse(i)?;
    let mut jans = JanClaims::new();
    loop {
        let (r2, ()) = ws(c, r, cm)?;
        r = r2;
        if let Some(r2) = r.strip_prefix(')') {
            if jans.is_empty() {
                return fail(i, c.off(r2) - c.off(i), "an empty jan list", "expected jan codes such as (vrai x2)");
            }
            return Ok((r2, jans));
        }
        if !jans.is_empty() {
            if let Some(r2) = r.strip_prefix(',') {
                let (r3, ()) = ws(c, r2, cm)?;
                r = r3;
            }
        }
        if r.is_empty() {
            return fail(i, 1, "the jan list is not closed", "expected `)`");
        }
        let (r2, j) = jan_item(c, r)?;
        jans.push(j);
        r = r2;
    }
}

// jan_item = jan_code , [ SPACES , ways ] ;
fn jan_item<'a>(c: &Ctx, i: &'a str) -> PResult<'a, JanClaim> {
    let (r, code) = jan_code(c, i)?;
    let r2 = r.trim_start_matches([' ', '\t']);
    if let Ok((r3, w)) = ways(c, r2) {
        return Ok((r3, JanClaim { code, ways: Some(w) }));
    }
    Ok((r, JanClaim { code, ways: None }))
}

// ways = "x" , NUMBER ;
fn ways<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, u32> {
    let (r, _) = ch('x').parse(i)?;
    let (r, digits) = digit1.parse(r)?;
    match digits.parse::<u32>() {
        Ok(n) if (1..=1000).contains(&n) => Ok((r, n)),
        _ => fail(i, 1 + digits.len(), "impossible number of ways", "expected ways such as x2"),
    }
}

// jan_code = JAN_CODE ;
// (the codes and short aliases of docs/format.md §3, any case)
fn jan_code<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, JanCode> {
    let (r, w) = match take_while1::<_, &str, PErr>(|ch: char| ch.is_alphanumeric() || ch == '-' || ch == '_').parse(i)
    {
        Ok(x) => x,
        Err(_) => {
            let len = i.chars().next().map_or(1, char::len_utf8);
            return fail(
                i,
                len,
                "unexpected text in a jan list",
                "expected a jan code such as vrai, faux or petit-jan",
            );
        }
    };
    match JanCode::from_code(w) {
        Some(code) => Ok((r, code)),
        None => fail(i, w.len(), format!("unknown jan code `{w}`"), "expected a jan code of docs/format.md §3")
            .map_err(|e| {
                e.map(|mut p| {
                    p.label =
                        "expected a jan code such as vrai, faux, coin, petit-jan, conserve-grand-jan, impuissance"
                            .into();
                    p
                })
            }),
    }
}

// holes = [ NUMBER , SPACES ] , ( "trous" | "trou" | "holes" | "hole" ) ;
fn holes<'a>(c: &Ctx, i: &'a str) -> PResult<'a, u32> {
    match i.as_bytes().first() {
        Some(b) if b.is_ascii_digit() || matches!(b.to_ascii_lowercase(), b't' | b'h') => {}
        _ => return no(i),
    }
    let (r, n) = match digit1::<&str, PErr>.parse(i) {
        Ok((r, d)) => {
            let r2 = r.trim_start_matches([' ', '\t']);
            if r2.len() == r.len() {
                return no(i);
            }
            (r2, d.parse::<u32>().ok())
        }
        Err(_) => (i, Some(1)),
    };
    let (r2, w) = take_while1(|ch: char| ch.is_ascii_alphabetic()).parse(r)?;
    if !["trou", "trous", "hole", "holes"].iter().any(|k| k.eq_ignore_ascii_case(w)) || !boundary(r2) {
        return no(i);
    }
    // a bare word that is also a path in the record's letters (`HOLE`, `HOLES` in the other
    // games) is the path
    if r.len() == i.len() && c.dialect_reads_move(w) {
        return no(i);
    }
    match n {
        Some(n) if (1..=1000).contains(&n) => Ok((r2, n)),
        _ => fail(
            i,
            r2.as_ptr() as usize - i.as_ptr() as usize,
            "impossible number of holes",
            "expected 1 trou, 2 trous, …",
        ),
    }
}

// decision = "tient" | "hold" | "je" , SPACES , "tiens"
//          | "va" | "go" | "je" , SPACES , ( "m'en" | "m’en" ) , SPACES , "vais" ;
fn decision<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Decision> {
    match i.as_bytes().first() {
        Some(b) if matches!(b.to_ascii_lowercase(), b't' | b'h' | b'v' | b'g' | b'j') => {}
        _ => return no(i),
    }
    let (r, w) = take_while1(|ch: char| ch.is_ascii_alphabetic()).parse(i)?;
    let is = |k: &str| w.eq_ignore_ascii_case(k);
    let (r, d) = if is("tient") || is("hold") {
        (r, Decision::Hold)
    } else if is("va") || is("go") {
        (r, Decision::Go)
    } else if is("je") {
        {
            let r = r.trim_start_matches([' ', '\t']);
            let (r2, w2) = take_while1(|ch: char| ch.is_ascii_alphabetic() || ch == '\'' || ch == '’').parse(r)?;
            match w2.to_lowercase().as_str() {
                "tiens" => (r2, Decision::Hold),
                "m'en" | "m’en" => {
                    let r3 = r2.trim_start_matches([' ', '\t']);
                    let (r4, _) = tag("vais").parse(r3)?;
                    (r4, Decision::Go)
                }
                _ => return no(i),
            }
        }
    } else {
        return no(i);
    };
    if boundary(r) {
        Ok((r, d))
    } else {
        no(i)
    }
}

// play = "-" | move , { ws , move } ;
fn play<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>) -> PResult<'a, Play> {
    if let Some(r) = i.strip_prefix('-') {
        if boundary(r) {
            return Ok((r, Play::Pass));
        }
    }
    if !starts_move(i) || ends_play(c, first_word(i)) {
        return no(i);
    }
    let mut moves = Moves::new();
    let mut r = i;
    loop {
        let (r2, m) = move_(c, r)?;
        moves.push(m);
        r = r2;
        let n0 = cm.len();
        let (r3, ()) = ws(c, r, cm)?;
        if r3.len() == r.len() || !starts_move(r3) {
            cm.truncate(n0);
            return Ok((r, Play::Moves(moves)));
        }
        let w = first_word(r3);
        if ends_play(c, w) {
            cm.truncate(n0);
            return Ok((r, Play::Moves(moves)));
        }
        if is_keyword(w) && !c.dialect_reads_move(w) {
            cm.truncate(n0);
            if holes(c, r3).is_ok() || decision(c, r3).is_ok() {
                return fail(
                    r3,
                    w.len(),
                    format!("`{w}` after the play"),
                    "holes and the decision come before the play",
                );
            }
            return Ok((r, Play::Moves(moves)));
        }
        for x in &mut cm[n0..] {
            x.after = Some(Anchor::Move(moves.len() - 1));
        }
        r = r3;
    }
}

fn starts_move(i: &str) -> bool {
    matches!(i.as_bytes().first(), Some(b) if b.is_ascii_alphabetic() || matches!(b, b'&' | b'#' | b'@'))
}

/// A word that ends a play rather than being a move: Tric Trac's `partie`, `prolonge`,
/// `recommence` and the cube's words, in lower case in Soumille's letters (upper-case
/// `DROP` is a path).
fn ends_play(c: &Ctx, w: &str) -> bool {
    c.dialect == Dialect::Soumille && is_claim_word(w) && w.bytes().any(|b| b.is_ascii_lowercase())
}

fn first_word(i: &str) -> &str {
    let e = i
        .bytes()
        .position(|b| {
            b.is_ascii_whitespace()
                || matches!(b, b'{' | b'}' | b';' | b'(' | b')' | b'/' | b'[' | b']' | b'!' | b'?' | b',')
        })
        .unwrap_or(i.len());
    &i[..e]
}

fn is_keyword(w: &str) -> bool {
    (2..=5).contains(&w.len())
        && matches!(w.as_bytes()[0].to_ascii_lowercase(), b't' | b'h' | b'v' | b'g' | b'j')
        && ["trou", "trous", "hole", "holes", "tient", "hold", "va", "go", "je"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(w))
}

// move = origin , { [ "-" ] , point , [ "*" ] } , [ "-" ] , target , [ "*" ] ;
//      (* Grand Trictrac: two or three points, no "*"; the other games: two to five points
//         in all, "*" after a point where a man is hit (docs/games.md §0.3, §D.9) *)
fn move_<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Move> {
    let n = i
        .bytes()
        .position(|b| !(b.is_ascii_alphabetic() || matches!(b, b'&' | b'#' | b'-' | b'*' | b'@')))
        .unwrap_or(i.len());
    if n == 0 {
        return no(i);
    }
    let (word, r) = i.split_at(n);
    if !boundary(r) {
        let extra = r.chars().next().map_or(0, char::len_utf8);
        return fail(
            i,
            word.len() + extra,
            format!("malformed move `{}`", &i[..word.len() + extra]),
            if c.paths() {
                "expected a move such as AF, AEK, MRX* or Y#"
            } else {
                "expected a move such as AF, AEK or Y#"
            },
        );
    }
    let label = if c.paths() {
        "expected a move such as AF, &TON, MRX*, @X*P or Y#"
    } else {
        "expected a move such as AF, A-F, AEK or Y#"
    };
    let bad = |msg: String| fail(i, word.len(), msg, label);
    let bytes = word.as_bytes();
    if bytes.first() == Some(&b'-')
        || bytes.last() == Some(&b'-')
        || bytes.windows(2).any(|w| w == b"--" || w == b"-*" || w == b"**")
    {
        return bad(format!("malformed move `{word}`"));
    }
    let max_points = if c.paths() { 2 + MAX_RESTS } else { 3 };
    let n_points = bytes.iter().filter(|&&b| !matches!(b, b'-' | b'*')).count();
    if !(2..=max_points).contains(&n_points) {
        let many = if c.paths() { "two to five" } else { "two or three" };
        return bad(format!("`{word}` is not a move: a move names {many} points"));
    }
    misplaced_marks(c, i, word)?;
    let (r0, from) = origin(c, i)?;
    let (rests, to, hits) = move_points(c, i, word, i.len() - r0.len(), label)?;
    Ok((r, Move { from, rests, to, hits }))
}

/// A `*` or `@` where no move can have it, in `word` (the move at the start of `i`).
fn misplaced_marks<'a>(c: &Ctx, i: &'a str, word: &str) -> PResult<'a, ()> {
    let bytes = word.as_bytes();
    for (k, &b) in bytes.iter().enumerate() {
        match b {
            b'*' if !c.paths() => {
                return fail(
                    &i[k..],
                    1,
                    format!("a hit claim `*` in `{word}`: Grand Trictrac records write no `*`"),
                    "expected a move such as AF, AEK or Y#",
                );
            }
            b'*' if k <= 1 => {
                return fail(
                    &i[k..],
                    1,
                    format!("a `*` after the point a man leaves, in `{word}`"),
                    "a `*` follows a point where a man is hit",
                );
            }
            b'*' if bytes[k - 1] == b'#' => {
                return fail(
                    &i[k..],
                    1,
                    format!("a `*` after `#`, in `{word}`"),
                    "a `*` follows a point where a man is hit",
                );
            }
            b'@' if k > 0 => {
                return fail(&i[k..], 1, format!("`@` (the bar) inside `{word}`"), "`@` can only start a move");
            }
            _ => {}
        }
    }
    Ok((i, ()))
}

/// The points of `word` (the move at the start of `i`) after its origin, from byte `k`: its
/// rest points, its target, and which points a `*` follows.
fn move_points(
    c: &Ctx,
    i: &str,
    word: &str,
    mut k: usize,
    label: &'static str,
) -> Result<(Rests, Target, u8), nom::Err<PErr>> {
    let bad = |msg: String| Err(failure(i, word.len(), msg, label));
    let bytes = word.as_bytes();
    let mut rests = Rests::new();
    let mut hits = 0u8;
    let mut to = None;
    while k < word.len() {
        if bytes[k] == b'-' {
            k += 1;
            continue;
        }
        if to.is_some() {
            // a point after `#`
            return bad(format!("`#` (off the board) can only end a move, in `{word}`"));
        }
        let (r2, tg) = target(c, &i[k..])?;
        k = i.len() - r2.len();
        if bytes.get(k) == Some(&b'*') {
            hits |= 1 << rests.len();
            k += 1;
        }
        let last = bytes[k..].iter().all(|&b| b == b'-' || b == b'*');
        match tg {
            Target::Point(p) if !last => {
                if !rests.push(p) {
                    return bad(format!("`{word}` is not a move: a move names two to five points"));
                }
            }
            Target::Off if !last => return bad(format!("`#` (off the board) can only end a move, in `{word}`")),
            tg => to = Some(tg),
        }
    }
    match to {
        Some(to) => Ok((rests, to, hits)),
        None => bad(format!("malformed move `{word}`")),
    }
}

// origin = point | "@" ;
fn origin<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Origin> {
    if let Some(r) = i.strip_prefix('@') {
        if !c.bar_and_cube() {
            return fail(
                i,
                1,
                format!("`@` (the bar) in a {} record: only Backgammon has a bar", c.game),
                "expected a point letter",
            );
        }
        return Ok((r, Origin::Bar));
    }
    if i.starts_with('#') {
        let w = first_word(i);
        return fail(
            i,
            w.len().max(1),
            format!("`#` (off the board) can only end a move, in `{w}`"),
            "expected a point letter",
        );
    }
    let (r, p) = point(c, i)?;
    Ok((r, Origin::Point(p)))
}

// target = point | "#" ;
fn target<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Target> {
    if let Some(r) = i.strip_prefix('#') {
        return Ok((r, Target::Off));
    }
    let (r, p) = point(c, i)?;
    Ok((r, Target::Point(p)))
}

// point = SOUMILLE_LETTER | LEPEINTRE_LETTER ;
fn point<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Point> {
    let Some(chr) = i.chars().next() else { return no(i) };
    if let Some(p) = Point::from_letter(chr, c.dialect) {
        return Ok((&i[chr.len_utf8()..], p));
    }
    let (message, label) = match c.dialect {
        Dialect::Soumille if chr.is_ascii_lowercase() => (
            format!("`{chr}` is a Lepeintre letter, but this record is in Soumille's letters (add [Letters \"lepeintre\"] for Lepeintre's)"),
            "expected a Soumille letter, A..Z (no J, U, W) or &",
        ),
        Dialect::Soumille => (format!("{chr} is no Soumille letter"), "expected a Soumille letter, A..Z (no J, U, W) or &"),
        Dialect::Lepeintre if chr.is_ascii_uppercase() || chr == '&' => (
            format!("`{chr}` is a Soumille letter, but this record is in Lepeintre's letters"),
            "expected a Lepeintre letter, a..y (no w)",
        ),
        Dialect::Lepeintre => (format!("{chr} is no Lepeintre letter"), "expected a Lepeintre letter, a..y (no w)"),
    };
    fail(i, chr.len_utf8(), message, label)
}

// glyph = "!!" | "??" | "!?" | "?!" | "!" | "?" ;
fn glyph<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, Glyph> {
    let g = if i.starts_with("!!") {
        Glyph::Brilliant
    } else if i.starts_with("??") {
        Glyph::Blunder
    } else if i.starts_with("!?") {
        Glyph::Interesting
    } else if i.starts_with("?!") {
        Glyph::Dubious
    } else if i.starts_with('!') {
        Glyph::Good
    } else if i.starts_with('?') {
        Glyph::Mistake
    } else {
        return no(i);
    };
    let r = &i[g.text().len()..];
    if r.starts_with(['!', '?']) {
        return fail(i, g.text().len() + 1, "unknown glyph", "expected !, ?, !!, ??, !? or ?!");
    }
    Ok((r, g))
}

// opponent_part = "/" , { ws , mark } , [ ws , holes ] ;
fn opponent_part<'a>(c: &Ctx, i: &'a str, cm: &mut Vec<Comment>, sp: &mut ThrowSpans) -> PResult<'a, OpponentPart> {
    let (mut r, _) = ch('/').parse(i)?;
    let mut o = OpponentPart::default();
    let mut anchor = Anchor::Slash;
    loop {
        let n0 = cm.len();
        let (r2, ()) = ws(c, r, cm)?;
        for x in &mut cm[n0..] {
            x.after = Some(anchor);
        }
        r = r2;
        if r.starts_with('+') {
            let n = o.marks.len();
            let (r2, m) = mark_with(c, r, cm, Anchor::OpponentMark(n))?;
            if c.mark_spans {
                sp.opponent_marks.push(c.span(r, r2));
            }
            o.marks.push(m);
            anchor = Anchor::OpponentMark(n);
            r = r2;
            continue;
        }
        if r.starts_with('-') && r[1..].starts_with(|ch: char| ch.is_ascii_digit()) {
            return fail(r, 2, "a negative mark", "marks are never negative: expected +N");
        }
        if let Ok((r2, h)) = holes(c, r) {
            sp.opponent_holes = Some(c.span(r, r2));
            o.holes = Some(h);
            r = r2;
        }
        return Ok((r, o));
    }
}

/// An error inside a position string or another tag value: byte range in the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// Byte range within the value.
    pub at: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
    /// What was expected.
    pub label: String,
}

fn value_error(base: &str, e: nom::Err<PErr>) -> ValueError {
    let e = unwrap_err(e);
    let start = e.ptr.saturating_sub(base.as_ptr() as usize).min(base.len());
    ValueError {
        at: start..(start + e.len).min(base.len()),
        message: e.message.into_owned(),
        label: e.label.into_owned(),
    }
}

/// The `Game` tag's values, for messages: `a|b|…`.
fn game_names() -> String {
    Game::ALL.iter().map(|g| g.name()).collect::<Vec<_>>().join("|")
}

/// The value of a position's `rules=` field (docs/games.md §H.7): `KEY:VALUE` pairs separated
/// by `,`, no spaces; what is wrong, in words, if it is not. Syntax only: the options are
/// the game's to judge when it is chosen (`explain`, and the replay's `position` claim).
fn position_rules(val: &str) -> Result<Vec<(String, String)>, String> {
    let word = |w: &str| !w.is_empty() && w.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_');
    let mut pairs: Vec<(String, String)> = Vec::new();
    for part in val.split(',').filter(|_| !val.is_empty()) {
        match part.split_once(':') {
            Some((k, v)) if word(k) && word(v) => pairs.push((k.to_string(), v.to_string())),
            _ => return Err(format!("`{part}` is no KEY:VALUE option")),
        }
    }
    Ok(pairs)
}

/// A position string read for `explain` (docs/games.md §H.7): its setup (with `game` and
/// `rules` as given), the game it is of, and the letters it is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPosition {
    /// The men, the seat to throw and the fields.
    pub setup: Setup,
    /// The game: its `game=` field, else the game asked for.
    pub game: Game,
    /// Soumille's capitals, or Lepeintre's lower-case letters.
    pub dialect: Dialect,
}

/// Reads a position string on its own, as `explain` does (docs/games.md §H.7): of the game its
/// `game=` field names, else of `default_game`; in Lepeintre's letters when its men are
/// written in lower case (Soumille's letters are capitals and `&`, Lepeintre's lower case:
/// the two never meet), else in Soumille's.
pub fn read_position(s: &str, default_game: Game) -> Result<ReadPosition, ValueError> {
    let trimmed = s.trim_start();
    let lead = s.len() - trimmed.len();
    let men_end = trimmed.find([' ', '\t']).unwrap_or(trimmed.len());
    let dialect =
        if trimmed[..men_end].bytes().any(|b| b.is_ascii_lowercase()) { Dialect::Lepeintre } else { Dialect::Soumille };
    // the game first: the fields that may follow depend on it
    let mut game = default_game;
    let mut at = lead + men_end;
    for field in trimmed[men_end..].split([' ', '\t']) {
        let start = at;
        at += field.len() + 1;
        if let Some(name) = field.strip_prefix("game=") {
            match Game::from_name(name) {
                Some(g) => game = g,
                None => {
                    return Err(ValueError {
                        at: start..start + field.len(),
                        message: format!("unknown game `{name}` in the position"),
                        label: format!("expected game={}", game_names()),
                    })
                }
            }
            break;
        }
    }
    if dialect == Dialect::Lepeintre && !game.is_trictrac() {
        return Err(ValueError {
            at: lead..lead + men_end,
            message: format!("Lepeintre's letters are for Grand Trictrac positions, not {game}"),
            label: "expected Soumille's letters (A..Z, no J, U, W, and &)".into(),
        });
    }
    let setup = parse_position_of(s, dialect, game)?;
    Ok(ReadPosition { setup, game, dialect })
}

/// Reads a Grand Trictrac position string (docs/format.md §6) in `dialect`, checking that
/// each side holds exactly fifteen men and that no point holds men of both seats.
pub fn parse_position(s: &str, dialect: Dialect) -> Result<Setup, ValueError> {
    parse_position_of(s, dialect, Game::GrandTrictrac)
}

/// Reads a position string of `game` (docs/format.md §6; docs/games.md §A.9, §D.9, §E.11): the bar
/// `@n` (Backgammon), the fields of the game (Grand Trictrac: holes, points even 0..=10,
/// throws, bredouille, pavillon; Backgammon: cube, owner; Tric Trac: points 0..=11,
/// parties; Jacquet and Moultezim: none). Fifteen men a side, bar and borne-off included;
/// no point holding men of both seats, except in Jacquet and Moultezim, whose replay flags
/// such a start as a `position` claim (docs/games.md §A.10).
pub fn parse_position_of(s: &str, dialect: Dialect, game: Game) -> Result<Setup, ValueError> {
    let c = Ctx::new(s, dialect, game);
    let trimmed = s.trim();
    match position(&c, trimmed) {
        Ok(("", setup)) => Ok(setup),
        Ok((rest, _)) => {
            let k = c.off(rest);
            Err(ValueError {
                at: k..s.len(),
                message: format!("unexpected `{rest}` in the position"),
                label: "expected key=value fields".into(),
            })
        }
        Err(e) => Err(value_error(s, e)),
    }
}

// position = men_list , "/" , men_list , SPACES , seat , { SPACES , position_field } ;
fn position<'a>(c: &Ctx, i: &'a str) -> PResult<'a, Setup> {
    let mut setup = Setup::opening(Seat::Top);
    setup.men = BySeat::new([0; 24], [0; 24]);
    let top_start = i;
    let (r, (men, bar, off)) = men_list(c, i)?;
    setup.men[Seat::Top] = men;
    setup.bar[Seat::Top] = bar;
    setup.off[Seat::Top] = off;
    let top_span = (top_start, r);
    let Ok((r, _)) = ch::<&str, PErr>('/').parse(r) else {
        return fail(r, 1, "a position needs both sides", "expected `/` between top's men and bottom's");
    };
    let bottom_start = r;
    let (r, (men, bar, off)) = men_list(c, r)?;
    setup.men[Seat::Bottom] = men;
    setup.bar[Seat::Bottom] = bar;
    setup.off[Seat::Bottom] = off;
    let bottom_span = (bottom_start, r);
    for (seat, (a, b)) in [(Seat::Top, top_span), (Seat::Bottom, bottom_span)] {
        let n = setup.total(seat);
        if n != 15 {
            let len = b.as_ptr() as usize - a.as_ptr() as usize;
            return fail(
                a,
                len.max(1),
                format!("{seat} has {n} men; each side holds exactly 15"),
                if c.bar_and_cube() {
                    "15 men, bar (@) and borne-off (#) included"
                } else {
                    "15 men, borne-off (#) included"
                },
            );
        }
    }
    // Jacquet and Moultezim flag such a start as a `position` claim when replayed (docs/games.md
    // §A.10): the reader keeps it for them
    let shared_is_a_claim = c.game.keeps_shared_points();
    for p in Point::all() {
        if !shared_is_a_claim && setup.count(Seat::Top, p) > 0 && setup.count(Seat::Bottom, p) > 0 {
            let letter = p.letter(c.dialect);
            let at = top_start.find(letter).map_or(top_start, |k| &top_start[k..]);
            return fail(at, 1, format!("point {letter} holds men of both seats"), "a point holds one seat's men");
        }
    }
    let r2 = r.trim_start_matches([' ', '\t']);
    if r2.len() == r.len() && !r.is_empty() {
        return fail(r, 1, "unexpected text after the men", "expected a space and the seat to throw");
    }
    let Ok((mut r, turn)) = seat(c, r2) else {
        let len = r2.find(' ').unwrap_or(r2.len()).max(1).min(r2.len().max(1));
        return fail(r2, len.min(r2.len()), "a position without the seat to throw", "expected top or bottom");
    };
    setup.turn = turn;
    loop {
        let r2 = r.trim_start_matches([' ', '\t']);
        if r2.is_empty() {
            return Ok((r2, setup));
        }
        if r2.len() == r.len() {
            return fail(r, 1, "unexpected text in the position", "expected a space before the next field");
        }
        let (r3, ()) = position_field(c, r2, &mut setup.score)?;
        r = r3;
    }
}

// men_list = { men_entry } ;
fn men_list<'a>(c: &Ctx, mut i: &'a str) -> PResult<'a, ([u8; 24], u8, u8)> {
    let mut men = [0u8; 24];
    let mut off: Option<u8> = None;
    let mut bar: Option<u8> = None;
    while !i.is_empty() && !i.starts_with(['/', ' ', '\t']) {
        let entry = i;
        let (r, (p, count)) = men_entry(c, i)?;
        let len = c.off(r) - c.off(entry);
        match p {
            Some(p) => {
                let slot = &mut men[p.index() as usize - 1];
                if *slot > 0 {
                    let letter = p.letter(c.dialect);
                    return fail(entry, len, format!("point {letter} is given twice"), "give each point once");
                }
                *slot = count;
            }
            None if entry.starts_with('@') => {
                if bar.is_some() {
                    return fail(entry, len, "men on the bar given twice", "give @ once");
                }
                bar = Some(count);
            }
            None => {
                if off.is_some() {
                    return fail(entry, len, "borne-off men given twice", "give # once");
                }
                off = Some(count);
            }
        }
        i = r;
    }
    Ok((i, (men, bar.unwrap_or(0), off.unwrap_or(0))))
}

// men_entry = ( point | "@" | "#" ) , [ COUNT ] ;
//           (* "@": men on the bar, Backgammon only *)
fn men_entry<'a>(c: &Ctx, i: &'a str) -> PResult<'a, (Option<Point>, u8)> {
    let (r, p) = if let Some(r) = i.strip_prefix('#') {
        (r, None)
    } else if let Some(r) = i.strip_prefix('@') {
        if !c.bar_and_cube() {
            return fail(
                i,
                1,
                format!("`@` (the bar) in a {} position: only Backgammon has a bar", c.game),
                "expected a point letter or #",
            );
        }
        (r, None)
    } else {
        let (r, p) = point(c, i)?;
        (r, Some(p))
    };
    match digit1::<&str, PErr>.parse(r) {
        Ok((r2, d)) => match d.parse::<u8>() {
            Ok(n) if (1..=15).contains(&n) => Ok((r2, (p, n))),
            _ => fail(r, d.len(), format!("impossible count `{d}`"), "expected a count from 1 to 15"),
        },
        Err(_) => Ok((r, (p, 1))),
    }
}

// position_field = ( "holes" | "points" | "throws" | "parties" ) , "=" , NUMBER , "/" , NUMBER
//                | ( "bredouille" | "pavillon" | "owner" ) , "=" , ( seat | "none" )
//                | "cube" , "=" , NUMBER
//                | "game" , "=" , GAME_NAME
//                | "rules" , "=" , [ RULE_KEY , ":" , RULE_WORD , { "," , RULE_KEY , ":" , RULE_WORD } ] ;
//                (* the keys of the position's game: see README.md; game and rules:
//                   docs/games.md §H.7, any game *)
fn position_field<'a>(c: &Ctx, i: &'a str, sc: &mut ScoreFields) -> PResult<'a, ()> {
    let (r, key) = take_while1(|ch: char| ch.is_ascii_alphabetic())
        .parse(i)
        .or_else(|_: nom::Err<PErr>| fail(i, 1, "unexpected text in the position", "expected key=value"))?;
    let Ok((r, _)) = ch::<&str, PErr>('=').parse(r) else {
        return fail(i, key.len(), format!("`{key}` without a value"), "expected key=value");
    };
    let (r, val) = take_while(|ch: char| !ch.is_whitespace()).parse(r)?;
    let whole = r.as_ptr() as usize - i.as_ptr() as usize;
    if field_given(sc, key) {
        return fail(i, whole, format!("`{key}` is given twice"), "give each field once");
    }
    // every game's position may say its game and rules (docs/games.md §H.7)
    let read = match key {
        "game" => position_game(c, val, sc),
        "rules" => match position_rules(val) {
            // `rules=` with no option says the defaults, as no `rules=` does (the printer
            // writes none)
            Ok(pairs) => {
                sc.rules = (!pairs.is_empty()).then_some(pairs);
                Ok(())
            }
            Err(why) => Err((format!("bad rules in the position: {why}"), "expected rules=KEY:VALUE,KEY:VALUE".into())),
        },
        _ => {
            let keys = c.game.score_fields();
            if !keys.contains(&key) {
                let expected = match keys {
                    [] => format!("a {} position has no fields after the seat", c.game),
                    [a] => format!("expected {a}"),
                    [init @ .., last] => format!("expected {} or {last}", init.join(", ")),
                };
                return fail(i, key.len(), format!("unknown position field `{key}`"), expected);
            }
            score_field(c.game, key, val, sc)
        }
    };
    match read {
        Ok(()) => Ok((r, ())),
        Err((message, label)) => fail(i, whole, message, label),
    }
}

/// What is wrong with a field of a position: the message and what was expected.
type FieldError = (String, Cow<'static, str>);

/// Whether the position already has the field `key`.
fn field_given(sc: &ScoreFields, key: &str) -> bool {
    match key {
        "game" => sc.game.is_some(),
        "rules" => sc.rules.is_some(),
        "holes" => sc.holes.is_some(),
        "points" => sc.points.is_some(),
        "throws" => sc.throws.is_some(),
        "parties" => sc.parties.is_some(),
        "bredouille" => sc.bredouille.is_some(),
        "pavillon" => sc.pavillon.is_some(),
        "owner" => sc.owner.is_some(),
        "cube" => sc.cube.is_some(),
        _ => false,
    }
}

/// `game=NAME`: the position's game, which must be the one it is read as (docs/games.md §H.7).
fn position_game(c: &Ctx, val: &str, sc: &mut ScoreFields) -> Result<(), FieldError> {
    let Some(g) = Game::from_name(val) else {
        return Err((
            format!("unknown game `{val}` in the position"),
            format!("expected game={}", game_names()).into(),
        ));
    };
    if g != c.game {
        return Err((
            format!("this position says game={g}, but it is read as a {} position", c.game),
            format!("expected game={} or no game field", c.game).into(),
        ));
    }
    sc.game = Some(g);
    Ok(())
}

/// The value of one of the game's score fields (`key` is one of them).
fn score_field(game: Game, key: &str, val: &str, sc: &mut ScoreFields) -> Result<(), FieldError> {
    let pair = |v: &str| -> Option<(u16, u16)> {
        let (a, b) = v.split_once('/')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    let seat_or_none = |v: &str| -> Option<Option<Seat>> {
        if v.eq_ignore_ascii_case("none") {
            Some(None)
        } else {
            Seat::from_name(v).map(Some)
        }
    };
    let bad = |message: String, label: &'static str| Err((message, label.into()));
    match key {
        "holes" => match pair(val) {
            Some((t, b)) => sc.holes = Some(BySeat::new(t, b)),
            None => return bad("malformed holes".into(), "expected holes=T/B"),
        },
        "points" if game.is_tric_trac() => match pair(val) {
            Some((t, b)) if t <= 11 && b <= 11 => sc.points = Some(BySeat::new(t as u8, b as u8)),
            _ => return bad(format!("impossible points `{val}`"), "expected points=T/B, each 0 to 11"),
        },
        "points" => match pair(val) {
            Some((t, b)) if t <= 10 && b <= 10 && t % 2 == 0 && b % 2 == 0 => {
                sc.points = Some(BySeat::new(t as u8, b as u8))
            }
            _ => return bad(format!("impossible points `{val}`"), "expected points=T/B, each even, 0 to 10"),
        },
        "throws" => match pair(val) {
            Some((t, b)) => sc.throws = Some(BySeat::new(t, b)),
            None => return bad("malformed throws".into(), "expected throws=T/B"),
        },
        "parties" => match pair(val) {
            Some((t, b)) => sc.parties = Some(BySeat::new(t, b)),
            None => return bad("malformed parties".into(), "expected parties=T/B"),
        },
        "bredouille" => match seat_or_none(val) {
            Some(s) => sc.bredouille = Some(s),
            None => return bad("malformed bredouille".into(), "expected bredouille=top|bottom|none"),
        },
        "pavillon" => match seat_or_none(val) {
            Some(s) => sc.pavillon = Some(s),
            None => return bad("malformed pavillon".into(), "expected pavillon=top|bottom|none"),
        },
        "owner" => match seat_or_none(val) {
            Some(s) => sc.owner = Some(s),
            None => return bad("malformed owner".into(), "expected owner=top|bottom|none"),
        },
        "pinned" => {
            let pin = |item: &str| -> Option<(Seat, Point)> {
                let (seat, letter) = item.split_once('@')?;
                let mut chars = letter.chars();
                let point = match (chars.next(), chars.next()) {
                    (Some(c), None) => Point::from_letter(c, Dialect::Soumille)?,
                    _ => return None,
                };
                Some((Seat::from_name(seat)?, point))
            };
            match val.split(',').map(pin).collect::<Option<Vec<_>>>() {
                Some(pins) => sc.pinned = Some(pins),
                None => return bad(format!("malformed pins `{val}`"), "expected pinned=top@F,bottom@Q"),
            }
        }
        // a power of two up to the cube's highest value (crate::board::MAX_CUBE)
        _ => match val.parse::<u32>() {
            Ok(v) if v.is_power_of_two() && v <= crate::board::MAX_CUBE => sc.cube = Some(v),
            _ => {
                return bad(
                    format!("impossible cube value `{val}`"),
                    "expected cube=1, 2, 4, 8, … up to 1073741824 (2^30)",
                )
            }
        },
    }
    Ok(())
}

/// Reads a Grand Trictrac `Result` value (docs/format.md §7).
#[cfg(test)]
pub fn parse_result(s: &str) -> Result<ResultClaim, ValueError> {
    parse_result_of(s, Game::GrandTrictrac)
}

/// Reads a `Result` value of `game`: Grand Trictrac's `top 12-7 [bredouille] [stakes=N]`
/// (docs/format.md §7), Jacquet's and Moultezim's `top 2` (docs/games.md §A.9), Backgammon's
/// `top 2 [single|gammon|backgammon|drop|resign]` (§D.9), Tric Trac's series `top 5-2` (§E.11).
pub fn parse_result_of(s: &str, game: Game) -> Result<ResultClaim, ValueError> {
    let c = Ctx::new(s, Dialect::Soumille, game);
    match result(&c, s.trim()) {
        Ok(("", r)) => Ok(r),
        Ok((rest, _)) => {
            let k = c.off(rest);
            Err(ValueError {
                at: k..s.len(),
                message: format!("unexpected `{}` in the result", rest.trim()),
                label: "expected bredouille, grande-bredouille or stakes=N".into(),
            })
        }
        Err(e) => Err(value_error(s, e)),
    }
}

enum Extra {
    Bredouille(ResultBredouille),
    Stakes(f64),
    Kind(ResultKind),
}

// result_extra = "grande-bredouille" | "bredouille" | "stakes=" , stakes | result_kind ;
fn result_extra<'a>(c: &Ctx, w: &'a str) -> PResult<'a, Extra> {
    if w.eq_ignore_ascii_case("grande-bredouille") {
        return Ok(("", Extra::Bredouille(ResultBredouille::Grande)));
    }
    if w.eq_ignore_ascii_case("bredouille") {
        return Ok(("", Extra::Bredouille(ResultBredouille::Bredouille)));
    }
    if let Ok((r, k)) = result_kind(c, w) {
        return Ok((r, Extra::Kind(k)));
    }
    match w.get(..7) {
        Some(k) if k.eq_ignore_ascii_case("stakes=") => {
            let (r, x) = stakes(c, &w[7..])?;
            Ok((r, Extra::Stakes(x)))
        }
        _ => no(w),
    }
}

// result_kind = "single" | "gammon" | "backgammon" | "drop" | "mana"
//             | "resign" , [ SPACES , ( "single" | "gammon" | "backgammon" ) ] ;
fn result_kind<'a>(_c: &Ctx, w: &'a str) -> PResult<'a, ResultKind> {
    match ResultKind::from_name(w) {
        Some(k) => Ok(("", k)),
        None => no(w),
    }
}

// stakes = NUMBER , [ "." , DIGIT , { DIGIT } | "½" ] ;
fn stakes<'a>(_c: &Ctx, i: &'a str) -> PResult<'a, f64> {
    let bad = || fail(i, i.len(), format!("malformed stakes `{i}`"), "expected stakes=N such as 2 or 1.5");
    let Ok((r, whole)) = digit1::<&str, PErr>.parse(i) else { return bad() };
    let (r, frac) = if let Some(r2) = r.strip_prefix('½') {
        (r2, 0.5)
    } else if let Some(r2) = r.strip_prefix('.') {
        match digit1::<&str, PErr>.parse(r2) {
            Ok((r3, d)) => (r3, format!("0.{d}").parse::<f64>().unwrap_or(0.0)),
            Err(_) => return bad(),
        }
    } else {
        (r, 0.0)
    };
    match whole.parse::<u32>() {
        Ok(n) if r.is_empty() => Ok((r, n as f64 + frac)),
        _ => bad(),
    }
}

// result = "*" | seat , SPACES , NUMBER , [ "-" , NUMBER ] , { SPACES , result_extra } ;
//        (* Grand Trictrac: W-L, bredouille and stakes; Tric Trac: W-L alone; Jacquet,
//           Moultezim: N alone; Backgammon: N and at most one result_kind; Plakoto: N
//           and at most one of single, gammon, mana *)
fn result<'a>(c: &Ctx, i: &'a str) -> PResult<'a, ResultClaim> {
    if let Some(r) = i.strip_prefix('*') {
        return Ok((r, ResultClaim::Unfinished));
    }
    let score_form = c.game.is_trictrac() || c.game.is_tric_trac();
    let expect = c.game.results_expected();
    let Ok((r, winner)) = seat(c, i) else { return fail(i, i.len(), format!("malformed result `{i}`"), expect) };
    let r = r.trim_start();
    let number = |r: &'a str| -> PResult<'a, u32> {
        let (r, a) = digit1(r)?;
        Ok((r, a.parse().unwrap_or(u32::MAX)))
    };
    let Ok((r, wh)) = number(r) else { return fail(i, i.len(), format!("malformed result `{i}`"), expect) };
    let (mut r, lh) = match r.strip_prefix('-') {
        Some(r2) if score_form => match number(r2) {
            Ok((r3, lh)) => (r3, lh),
            Err(_) => return fail(i, i.len(), format!("malformed result `{i}`"), expect),
        },
        _ if score_form => return fail(i, i.len(), format!("malformed result `{i}`"), expect),
        Some(_) => return fail(i, i.len(), format!("a {} result names the points won, not a score", c.game), expect),
        None => (r, 0),
    };
    let mut bredouille = None;
    let mut stakes = None;
    let mut kind = None;
    loop {
        let r2 = r.trim_start();
        if r2.is_empty() {
            return Ok((
                r2,
                if score_form {
                    ResultClaim::Won { winner, winner_holes: wh, loser_holes: lh, bredouille, stakes }
                } else {
                    ResultClaim::Points { winner, points: wh, kind }
                },
            ));
        }
        let w = r2.split_whitespace().next().unwrap_or("");
        let unexpected = |label: &'static str| fail(r2, w.len(), format!("unexpected `{w}` in the result"), label);
        match result_extra(c, w) {
            Ok(("", Extra::Bredouille(b))) if bredouille.is_none() && c.game.is_trictrac() => bredouille = Some(b),
            Ok(("", Extra::Stakes(x))) if stakes.is_none() && c.game.is_trictrac() => stakes = Some(x),
            Ok(("", Extra::Kind(k))) if kind.is_none() && c.game.forms().result_kinds().contains(&k) => kind = Some(k),
            // `resign gammon` (docs/games.md §I.5)
            Ok(("", Extra::Kind(k))) if kind.and_then(|r| r.resign_of(k)).is_some() => {
                kind = kind.and_then(|r| r.resign_of(k))
            }
            Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
            _ => {
                return unexpected(match c.game.forms() {
                    Forms::Trictrac => "expected bredouille, grande-bredouille or stakes=N",
                    Forms::BarAndCube => {
                        "expected one of single, gammon, backgammon, drop, resign [single|gammon|backgammon]"
                    }
                    Forms::Pins => "expected one of single, gammon, mana",
                    Forms::Paths | Forms::TricTrac => "nothing follows the result",
                })
            }
        }
        r = &r2[w.len()..];
    }
}

#[cfg(test)]
// rules_value = [ RULE_KEY , "=" , RULE_WORD , { ";" , RULE_KEY , "=" , RULE_WORD } ] ;
/// Reads the value of a `Rules` tag as `key=value` pairs (docs/rules.md §13, docs/games.md §F):
/// syntax only, the game judges the keys and values ([`super::header::rule_pairs`]).
pub fn rules_value(s: &str) -> Result<Vec<super::RulePair>, Vec<super::RulesError>> {
    super::header::rule_pairs(s).map(|pairs| pairs.into_iter().map(|(p, _)| p).collect())
}

/// The spans of every token of a throw read from `src` (whose `span` it has), by reading
/// the throw's text again: the reader keeps only the throw's whole span, to stay small.
/// The record's game is not needed: the throw is read with the forms of Grand Trictrac,
/// then of the other games, and the reading that gives back `t` is taken.
pub fn throw_spans(src: &str, t: &Throw, dialect: Dialect) -> Option<ThrowSpans> {
    let mut first = None;
    for game in [Game::GrandTrictrac, Game::Backgammon, Game::TricTrac] {
        let Some((u, sp)) = reread_throw(src, t, dialect, game) else { continue };
        if same_tokens(&u, t) {
            return Some(sp);
        }
        first.get_or_insert(sp);
    }
    first
}

/// [`throw_spans`] for a throw of a record of `game`.
pub fn throw_spans_of(src: &str, t: &Throw, dialect: Dialect, game: Game) -> Option<ThrowSpans> {
    reread_throw(src, t, dialect, game).map(|(_, sp)| sp)
}

fn reread_throw(src: &str, t: &Throw, dialect: Dialect, game: Game) -> Option<(Throw, ThrowSpans)> {
    let range = t.span?.range();
    let c = Ctx::new(src, dialect, game);
    let (_, (u, sp)) = throw(&c, src.get(range)?).ok()?;
    Some((u, sp))
}

/// Whether two throws say the same, comments and spans aside.
fn same_tokens(a: &Throw, b: &Throw) -> bool {
    a.number == b.number
        && a.seat == b.seat
        && a.cube == b.cube
        && a.dice == b.dice
        && a.dice.map(|d| d.lower_first()) == b.dice.map(|d| d.lower_first())
        && a.marks == b.marks
        && a.holes == b.holes
        && a.decision == b.decision
        && a.play == b.play
        && a.opponent == b.opponent
        && a.glyph == b.glyph
        && a.partie == b.partie
}

/// Fills every throw's token spans (`spans`) from the source it was read from.
pub fn fill_spans(src: &str, rec: &mut ReadRecord) {
    let dialect = rec.header.letters;
    let game = rec.header.game;
    for t in &mut rec.record.throws {
        t.spans = throw_spans_of(src, t, dialect, game).map(Box::new);
    }
}

/// Reads one position string (Soumille letters), for the tests.
#[cfg(test)]
pub fn position_from_str(s: &str) -> Result<Setup, ValueError> {
    parse_position(s, Dialect::Soumille)
}

/// The game whose forms a move or a play alone is read with: every form of the other games
/// (paths, `*`, `@`) in Soumille's letters; Grand Trictrac's in Lepeintre's (docs/games.md §0.3).
fn lone_game(dialect: Dialect) -> Game {
    match dialect {
        Dialect::Soumille => Game::Backgammon,
        Dialect::Lepeintre => Game::GrandTrictrac,
    }
}

/// `text` after what was read (`rest`): nothing but spaces, else the error of what is left.
fn nothing_after(c: &Ctx, rest: &str, what: &str) -> Result<(), SyntaxError> {
    let left = rest.trim();
    if left.is_empty() {
        return Ok(());
    }
    let start = c.off(left);
    Err(SyntaxError::new(
        Some(Span::new(start, start + left.len())),
        format!("unexpected `{left}` after the {what}"),
        format!("expected one {what}"),
    ))
}

/// The error of a reading of `text` as a `what` that failed.
fn nothing_read(text: &str, what: &str, e: nom::Err<PErr>) -> SyntaxError {
    let e = match e {
        nom::Err::Failure(e) => e,
        _ => {
            return SyntaxError::new(
                Some(Span::new(0, text.len())),
                format!("`{}` is not a {what}", text.trim()),
                format!("expected a {what}"),
            )
        }
    };
    let start = e.ptr.saturating_sub(text.as_ptr() as usize).min(text.len());
    SyntaxError::new(Some(Span::new(start, (start + e.len).min(text.len()))), e.message, e.label)
}

/// Reads one move alone (`AF`, `MRX*`, `@X*P`; in Lepeintre's letters `ay`), the whole of
/// `text` but spaces around it.
pub fn read_move(text: &str, dialect: Dialect) -> Result<Move, SyntaxError> {
    let c = Ctx::new(text, dialect, lone_game(dialect));
    let i = text.trim_start();
    let (rest, m) = move_(&c, i).map_err(|e| nothing_read(text, "move", e))?;
    nothing_after(&c, rest, "move")?;
    Ok(m)
}

/// Reads one recorded play alone: `-`, or its moves separated by spaces.
pub fn read_play(text: &str, dialect: Dialect) -> Result<Play, SyntaxError> {
    let c = Ctx::new(text, dialect, lone_game(dialect));
    let i = text.trim_start();
    let (rest, p) = play(&c, i, &mut Vec::new()).map_err(|e| nothing_read(text, "play", e))?;
    nothing_after(&c, rest, "play")?;
    Ok(p)
}

/// Reads one throw alone (`12. 64 +4 (direct) AF AE`), with the forms of `game`; its
/// comments kept, its spans dropped.
pub fn read_throw_of(text: &str, dialect: Dialect, game: Game) -> Result<Throw, SyntaxError> {
    let c = Ctx::new(text, dialect, game);
    let i = text.trim_start();
    let (rest, (mut t, _)) = throw(&c, i).map_err(|e| nothing_read(text, "throw", e))?;
    nothing_after(&c, rest, "throw")?;
    t.span = None;
    Ok(t)
}

/// Reads one throw alone, of whichever game reads it: Grand Trictrac's forms first, then
/// Tric Trac's (marks after the play, `partie`), then Backgammon's (the cube); the first
/// game's error when none does.
pub fn read_throw(text: &str, dialect: Dialect) -> Result<Throw, SyntaxError> {
    let mut first = None;
    for game in [Game::GrandTrictrac, Game::TricTrac, Game::Backgammon] {
        match read_throw_of(text, dialect, game) {
            Ok(t) => return Ok(t),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or_else(|| SyntaxError::new(None, "no throw", "expected a throw")))
}

#[cfg(test)]
mod tests;
