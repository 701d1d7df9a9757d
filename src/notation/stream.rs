//! Reading a file record by record through one reusable buffer: memory bounded by the
//! largest record, not by the file (issue 7). Each record comes with the text its spans
//! point into and the place in the file where that text starts.

use super::error::{Locator, Place, SyntaxError};
use super::parser::{records, ReadRecord};
use std::io::{self, Read};
use std::ops::ControlFlow;

/// How far around a bad byte its context is looked for.
const NEAR: usize = 1024;

/// How many bytes are read at a time.
const CHUNK: usize = 256 << 10;

/// One record of a file as streamed.
pub struct StreamRecord<'a> {
    /// The record, its header and its syntax errors; spans are offsets in `text`.
    pub read: ReadRecord,
    /// The text the record's spans point into (a piece of the file).
    pub text: &'a str,
    /// The byte offset in the file of `text[0]`.
    pub base: u64,
    /// Where the record starts (`read.record.span.start`) in the file.
    pub start: Place,
    /// 1-based number of the record in the file.
    pub number: usize,
}

impl<'a> StreamRecord<'a> {
    /// A locator for offsets in `text` within this record (lines and columns in the file).
    pub fn locator(&self) -> Locator<'a> {
        let from = self.read.record.span.map_or(0, |s| s.start as usize);
        Locator::new(self.text, from, self.start)
    }

    /// Whether the record holds anything of a game: a tag or a throw. A piece of text with
    /// neither (stray words, an unclosed comment) is reported as errors, not as a game.
    pub fn is_game(&self) -> bool {
        !self.read.record.tags.is_empty() || !self.read.record.throws.is_empty()
    }
}

/// Why reading stopped before the end of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Bytes that are not UTF-8, at this file offset.
    NotUtf8(u64),
    /// A NUL byte: binary data, not text, at this file offset.
    Binary(u64),
}

impl Unreadable {
    /// The file offset.
    pub fn offset(&self) -> u64 {
        match *self {
            Unreadable::NotUtf8(k) | Unreadable::Binary(k) => k,
        }
    }

    /// The error to report.
    pub fn error(&self) -> SyntaxError {
        match *self {
            Unreadable::NotUtf8(k) => SyntaxError::new(
                None,
                format!("the file is not valid UTF-8 (bad byte at offset {k}); nothing after it is read"),
                "expected UTF-8 text",
            )
            .with_help("STN files are UTF-8; re-save the file as UTF-8"),
            Unreadable::Binary(k) => SyntaxError::new(
                None,
                format!("binary data, not text (a NUL byte at offset {k}); nothing after it is read"),
                "expected STN text",
            ),
        }
    }
}

/// What streaming a file found besides its records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StreamEnd {
    /// Bytes read.
    pub bytes: u64,
    /// Records handed to the visitor.
    pub records: usize,
    /// Where reading stopped on bytes that are not text.
    pub unreadable: Option<Unreadable>,
    /// The place of the end of what was read (for an error there).
    pub end: Option<Place>,
    /// The visitor stopped the reading.
    pub stopped: bool,
    /// With `unreadable`: the lines around the bad byte (read lossily), the place of their
    /// start, and the bad byte's offset in them, to show where it is.
    pub context: Option<(String, Place, usize)>,
}

/// Reads `input` record by record, handing each to `visit` (which may stop the reading with
/// `ControlFlow::Break`). Memory: one buffer as large as the largest record plus [`CHUNK`].
pub fn stream_records<R: Read>(
    input: R,
    visit: impl FnMut(StreamRecord<'_>) -> ControlFlow<()>,
) -> io::Result<StreamEnd> {
    stream(input, false, visit)
}

/// [`stream_records`], each record read by [`super::parser::records_spilling`] with its throws
/// dropped as they are read (all but its last few; `read.spilled` counts them): for a reader
/// that wants a record's tags and errors first, then reads its throws again from `text`.
/// Memory: the record's text, not its throws (issue 16).
pub fn stream_records_spilling<R: Read>(
    input: R,
    visit: impl FnMut(StreamRecord<'_>) -> ControlFlow<()>,
) -> io::Result<StreamEnd> {
    stream(input, true, visit)
}

fn stream<R: Read>(
    mut input: R,
    spill: bool,
    mut visit: impl FnMut(StreamRecord<'_>) -> ControlFlow<()>,
) -> io::Result<StreamEnd> {
    let mut ch = Chunks { buf: Vec::with_capacity(CHUNK * 2), valid: 0, filled: 0, eof: false, base: 0 };
    // the place of buf[0] in the file
    let mut place = Place { line: 1, column: 1, line_start: Some(0) };
    let mut end = StreamEnd::default();
    let mut want = CHUNK;
    // reading on a record larger than the buffer: it is read again only once what is read
    // may end it (a tag at a line's start, or the end of the input), not at every chunk,
    // which made a long record's reading quadratic (issue 16)
    let mut long = false;
    loop {
        ch.fill(&mut input, want, long, &mut end)?;
        let text = std::str::from_utf8(&ch.buf[..ch.valid]).expect("checked");
        let mut loc = Locator::new(text, 0, place);
        let (consumed, need_more) = match visit_records(text, spill, ch.eof, ch.base, &mut loc, &mut end, &mut visit) {
            Visited::Stopped(at) => {
                end.stopped = true;
                end.end = Some(at);
                return Ok(end);
            }
            Visited::Upto(consumed) => (consumed, true),
            Visited::All => (text.len(), false),
        };
        let next_place = loc.place(consumed);
        if ch.eof && !need_more {
            end.end = Some(next_place);
            if end.unreadable.is_some() {
                let (ctx, from) = ch.bad_bytes_context(text);
                end.context = Some((ctx, loc.place(from), ch.valid - from));
                end.end = Some(loc.place(ch.valid));
            }
            return Ok(end);
        }
        // one record larger than the buffer: read more of it
        long = consumed == 0;
        want = if long { ch.valid + CHUNK } else { CHUNK };
        ch.drop_front(consumed);
        place = Place { line_start: next_place.line_start.and_then(|k| k.checked_sub(consumed)), ..next_place };
        if next_place.line_start == Some(consumed) {
            place.line_start = Some(0);
        }
    }
}

/// The input read so far: `buf[..valid]` is checked UTF-8 text, `buf[valid..filled]` bytes
/// read but not yet checked; `base` is the place of `buf[0]` in the file.
struct Chunks {
    buf: Vec<u8>,
    valid: usize,
    filled: usize,
    eof: bool,
    base: u64,
}

impl Chunks {
    /// Reads until at least `want` bytes are checked (on a `long` record: until what is read
    /// may end it), or the end of the input; bytes that are no UTF-8 text end the reading
    /// (`end.unreadable`).
    fn fill<R: Read>(&mut self, input: &mut R, want: usize, long: bool, end: &mut StreamEnd) -> io::Result<()> {
        let mut may_end = false;
        while !self.eof && (self.valid < want || (long && !may_end)) {
            if self.buf.len() < self.filled.max(want) + CHUNK {
                self.buf.resize(self.filled.max(want) + CHUNK, 0);
            }
            let n = loop {
                match input.read(&mut self.buf[self.filled..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            self.filled += n;
            end.bytes += n as u64;
            if n == 0 {
                self.eof = true;
            }
            // check what is new
            let new = &self.buf[self.valid..self.filled];
            let nul = memchr::memchr(0, new);
            let upto = nul.unwrap_or(new.len());
            match std::str::from_utf8(&new[..upto]) {
                Ok(_) => {
                    let seen = &self.buf[self.valid.saturating_sub(1)..self.valid + upto];
                    if long && memchr::memmem::find(seen, b"\n[").is_some() {
                        may_end = true;
                    }
                    self.valid += upto
                }
                Err(e) => {
                    let incomplete = e.error_len().is_none() && nul.is_none() && !self.eof;
                    self.valid += e.valid_up_to();
                    if !incomplete {
                        end.unreadable = Some(Unreadable::NotUtf8(self.base + self.valid as u64));
                        self.eof = true;
                    }
                    continue;
                }
            }
            if nul.is_some() {
                end.unreadable = Some(Unreadable::Binary(self.base + self.valid as u64));
                self.eof = true;
            }
        }
        Ok(())
    }

    /// The lines around the first bad byte (two before it, the rest of its line), and where
    /// they start in the buffer.
    fn bad_bytes_context(&self, text: &str) -> (String, usize) {
        let (bytes, valid) = (&self.buf[..self.filled], self.valid);
        let back = valid.saturating_sub(NEAR);
        let mut from = match memchr::memrchr(b'\n', &bytes[back..valid]) {
            Some(k) => back + k + 1,
            None => back,
        };
        if from > 0 {
            let back = (from - 1).saturating_sub(NEAR);
            from = memchr::memrchr(b'\n', &bytes[back..from - 1]).map_or(back, |k| back + k + 1);
        }
        while from < valid && !text.is_char_boundary(from) {
            from += 1;
        }
        let stop = (valid + NEAR).min(self.filled);
        let to = memchr::memchr(b'\n', &bytes[valid..stop]).map_or(stop, |k| valid + k);
        (String::from_utf8_lossy(&bytes[from..to]).into_owned(), from)
    }

    /// Forgets the first `consumed` bytes (records handed over).
    fn drop_front(&mut self, consumed: usize) {
        self.buf.copy_within(consumed..self.filled, 0);
        self.filled -= consumed;
        self.valid -= consumed;
        self.base += consumed as u64;
    }
}

/// How far the records of a buffer were handed over.
enum Visited {
    /// The visitor stopped, after the record ending at this place.
    Stopped(Place),
    /// Up to this offset; the last record may go on after the buffer.
    Upto(usize),
    /// The whole buffer.
    All,
}

/// Hands the records of `text` to `visit`, but the last when more input may follow it.
fn visit_records(
    text: &str,
    spill: bool,
    eof: bool,
    base: u64,
    loc: &mut Locator<'_>,
    end: &mut StreamEnd,
    visit: &mut impl FnMut(StreamRecord<'_>) -> ControlFlow<()>,
) -> Visited {
    let mut it = if spill { super::parser::records_spilling(text, Vec::clear) } else { records(text) };
    let mut consumed = 0usize;
    while let Some(read) = it.next() {
        if it.at_end() && !eof {
            return Visited::Upto(consumed);
        }
        if it.at_end() && end.unreadable.is_some() {
            // the record the bad bytes cut: not a record
            break;
        }
        let start_off = read.record.span.map_or(consumed, |s| s.start as usize);
        let start = loc.place(start_off);
        end.records += 1;
        let r = StreamRecord { read, text, base, start, number: end.records };
        consumed = it.offset();
        if visit(r).is_break() {
            return Visited::Stopped(loc.place(consumed));
        }
    }
    Visited::All
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives a few bytes at a time, to cut records everywhere.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(self.0.len()).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn streamed_records_are_the_records_read_at_once() {
        // every record of the samples (the reader's tests use no game's rules)
        let mut games = Vec::new();
        for f in ["lepeintre-teaching-game.stn", "tour-and-position.stn", "two-records.stn", "jacquet/generated.stn"] {
            let text = std::fs::read_to_string(format!("{}/samples/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap();
            games.extend(crate::notation::read(&text).into_iter().map(|r| r.record));
        }
        let games: Vec<_> = (0..8).flat_map(|_| games.iter().cloned()).collect();
        let text = crate::notation::print_records(&games, Default::default());
        let text = format!("{text}\n{{ a comment\n [not a tag] }}\n{text}");
        let whole = crate::notation::read(&text);
        for step in [7usize, 1000, 1 << 20] {
            let mut got = Vec::new();
            let end = stream_records(Trickle(text.as_bytes(), step), |r| {
                let mut rec = r.read.record.clone();
                rec.strip_spans();
                let start = r.start;
                let (l, c) =
                    crate::notation::line_column(&text, r.base as usize + r.read.record.span.unwrap().start as usize);
                assert_eq!((start.line, start.column), (l, c));
                got.push(rec);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(end.records, whole.len());
            assert_eq!(end.bytes, text.len() as u64);
            for (a, b) in got.iter().zip(&whole) {
                let mut b = b.record.clone();
                b.strip_spans();
                assert_eq!(a, &b);
            }
        }
    }

    #[test]
    fn bad_bytes_stop_the_reading() {
        let end =
            stream_records(&b"[Game \"grand-trictrac\"]\n1. 6-5 AF AG\n\xff\xfe"[..], |_| ControlFlow::Continue(()))
                .unwrap();
        assert_eq!(end.unreadable, Some(Unreadable::NotUtf8(37)));
        // the record the bad bytes cut is not handed on; one before them is
        assert_eq!(end.records, 0);
        let two = b"[Game \"grand-trictrac\"]\n1. 6-5 AF AG\n[Game \"grand-trictrac\"]\n1. \xff";
        let end = stream_records(&two[..], |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(end.records, 1);
        assert!(end.context.is_some());
        let end = stream_records(&b"\x00\x01binary"[..], |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(end.unreadable, Some(Unreadable::Binary(0)));
        assert_eq!(end.records, 0);
    }
}
