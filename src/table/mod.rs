//! Records as tables (issue 29, docs/data.md §3): one row per throw, per flag, per game or
//! per match, with a fixed schema, for DuckDB, pandas or polars. The rows are read from the
//! output model (the replay's steps, flags and end) and the record's tags only.
//!
//! A table is a [`Schema`] (its columns, each a name and a [`Kind`]) and rows of [`Cell`]s;
//! the writers ([`write_csv`], [`write_jsonl`], and with the `parquet` feature
//! `parquet::ParquetSink`) know no table.

#[cfg(feature = "parquet")]
pub mod parquet;

use crate::notation::{Header, Record};
use crate::replay::{Replay, Step, StepDetail};
use crate::Seat;
use std::fmt::Write as _;
use std::io::{self, Write as _};

/// The type of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text (UTF-8).
    Text,
    /// A whole number (64 bits).
    Int,
    /// A number with a fraction (64 bits).
    Float,
    /// True or false.
    Bool,
}

/// One value of a row; `Null` where the column has no value (any column may be null).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// No value.
    Null,
    /// Text.
    Text(String),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// True or false.
    Bool(bool),
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}
impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

/// One value of a row as a row is made, borrowed: a [`RowSink`] keeps it as it must
/// (a [`Cell`] of a row, or straight into an Arrow column).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val<'a> {
    /// No value.
    Null,
    /// Text.
    Text(&'a str),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// True or false.
    Bool(bool),
}

impl<'a> From<&'a str> for Val<'a> {
    fn from(s: &'a str) -> Val<'a> {
        Val::Text(s)
    }
}
impl From<bool> for Val<'_> {
    fn from(b: bool) -> Self {
        Val::Bool(b)
    }
}
impl From<f64> for Val<'_> {
    fn from(v: f64) -> Self {
        Val::Float(v)
    }
}
macro_rules! int_vals {
    ($($t:ty),*) => {$(
        impl From<$t> for Val<'_> {
            fn from(v: $t) -> Self {
                Val::Int(v as i64)
            }
        }
    )*};
}
int_vals!(u8, u16, u32, u64, usize, i64);
impl<'a, T: Into<Val<'a>>> From<Option<T>> for Val<'a> {
    fn from(v: Option<T>) -> Val<'a> {
        v.map_or(Val::Null, Into::into)
    }
}

/// Where the rows of a table go: a row begun, then its values in the schema's order.
pub trait RowSink {
    /// Another row begins.
    fn start_row(&mut self);
    /// The row's next value.
    fn put(&mut self, v: Val);
}

/// Rows kept as [`Cell`]s (for CSV and JSON Lines).
impl RowSink for Vec<Vec<Cell>> {
    fn start_row(&mut self) {
        let width = self.last().map_or(8, Vec::len);
        self.push(Vec::with_capacity(width));
    }
    fn put(&mut self, v: Val) {
        let c = match v {
            Val::Null => Cell::Null,
            Val::Text(s) => Cell::Text(s.to_string()),
            Val::Int(v) => Cell::Int(v),
            Val::Float(v) => Cell::Float(v),
            Val::Bool(b) => Cell::Bool(b),
        };
        if let Some(row) = self.last_mut() {
            row.push(c);
        }
    }
}

/// A row of values into a sink.
fn row<'a, S: RowSink>(out: &mut S, values: impl IntoIterator<Item = Val<'a>>) {
    out.start_row();
    values.into_iter().for_each(|v| out.put(v));
}

/// The columns of a table.
pub type Schema = &'static [(&'static str, Kind)];

/// Which table (docs/data.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// A row per throw.
    Throws,
    /// A row per flag.
    Flags,
    /// A row per game (record).
    Games,
    /// A row per match: the consecutive records of a file with the same `Event`, `Date`,
    /// `Top` and `Bottom`.
    Matches,
}

use Kind::{Bool, Float, Int, Text};

/// The columns of the throws table (docs/data.md §3).
pub const THROWS: Schema = &[
    ("path", Text),
    ("record", Int),
    ("game", Text),
    ("number", Int),
    ("seat", Text),
    ("dice", Text),
    ("play", Text),
    ("applied", Text),
    ("lawful", Bool),
    ("before", Text),
    ("after", Text),
    ("points_top", Int),
    ("points_bottom", Int),
    ("score_top", Int),
    ("score_bottom", Int),
    ("holes_top", Int),
    ("holes_bottom", Int),
    ("cube", Int),
    ("cube_owner", Text),
    ("cube_action", Text),
    ("flags", Text),
    ("flag_count", Int),
];

/// The columns of the flags table.
pub const FLAGS: Schema = &[
    ("path", Text),
    ("record", Int),
    ("game", Text),
    ("throw", Int),
    ("kind", Text),
    ("rule", Text),
    ("seat", Text),
    ("claimed", Int),
    ("expected", Int),
    ("message", Text),
];

/// The columns of the games table.
pub const GAMES: Schema = &[
    ("path", Text),
    ("record", Int),
    ("game", Text),
    ("event", Text),
    ("site", Text),
    ("date", Text),
    ("top", Text),
    ("bottom", Text),
    ("match_length", Int),
    ("result_tag", Text),
    ("throws", Int),
    ("flags", Int),
    ("winner", Text),
    ("value", Float),
    ("end", Text),
    ("stopped_at", Int),
];

/// The columns of the matches table.
pub const MATCHES: Schema = &[
    ("path", Text),
    ("event", Text),
    ("date", Text),
    ("top", Text),
    ("bottom", Text),
    ("match_length", Int),
    ("games", Int),
    ("points_top", Int),
    ("points_bottom", Int),
    ("flags", Int),
    ("winner", Text),
];

impl Table {
    /// The table's columns.
    pub fn schema(self) -> Schema {
        match self {
            Table::Throws => THROWS,
            Table::Flags => FLAGS,
            Table::Games => GAMES,
            Table::Matches => MATCHES,
        }
    }

    /// Whether the rows need the replay's steps (not only its flags and end).
    pub fn needs_steps(self) -> bool {
        self == Table::Throws
    }
}

/// A record of a file, replayed, as the tables read it.
pub struct Replayed<'a> {
    /// The file's name as given.
    pub path: &'a str,
    /// The record's number in the file (1 = the first).
    pub number: usize,
    /// The record.
    pub rec: &'a Record,
    /// Its header.
    pub header: &'a Header,
    /// Its replay (with steps for the throws table).
    pub rp: &'a Replay,
}

fn seat(s: Seat) -> &'static str {
    s.name()
}

/// The columns every row of a record begins with: its file, its number in it, its game.
fn record_vals<'a>(r: &Replayed<'a>) -> [Val<'a>; 3] {
    [r.path.into(), r.number.into(), r.header.game.name().into()]
}

/// The texts of a throw's row, kept from row to row so that no row allocates.
#[derive(Default)]
struct Texts {
    dice: String,
    play: String,
    applied: String,
    before: String,
    after: String,
    names: String,
}

/// The row of one throw; `texts.before` holds the text of the throw's position before it.
fn throw_row<S: RowSink>(out: &mut S, r: &Replayed, st: &Step, t: &mut Texts) {
    let mut count = 0usize;
    t.names.clear();
    for f in r.rp.flags.iter().filter(|f| f.throw == Some(st.number)) {
        if count > 0 {
            t.names.push(' ');
        }
        t.names.push_str(f.rule.unwrap_or(f.kind.name()));
        count += 1;
    }
    let text = |buf: &mut String, v: &dyn std::fmt::Display| {
        buf.clear();
        let _ = write!(buf, "{v}");
    };
    if let Some(d) = st.dice {
        text(&mut t.dice, &d);
    }
    text(&mut t.play, &st.play);
    if let Some(p) = &st.applied {
        text(&mut t.applied, p);
    }
    text(&mut t.after, &st.after);
    let sc = &st.after.score;
    let (cube_action, owner) = match &st.detail {
        StepDetail::Backgammon { cube, resigned } => (
            cube.map(|c| c.answer.map_or("double", |a| a.name())).or(resigned.then_some("resign")),
            sc.owner.map(|o| o.map_or("centre", seat)),
        ),
        _ => (None, None),
    };
    row(
        out,
        record_vals(r).into_iter().chain([
            st.number.into(),
            seat(st.seat).into(),
            st.dice.map(|_| t.dice.as_str()).into(),
            t.play.as_str().into(),
            st.applied.as_ref().map(|_| t.applied.as_str()).into(),
            st.lawful.into(),
            t.before.as_str().into(),
            t.after.as_str().into(),
            st.points[0].into(),
            st.points[1].into(),
            sc.points.map(|p| p[Seat::Top]).into(),
            sc.points.map(|p| p[Seat::Bottom]).into(),
            sc.holes.map(|h| h[Seat::Top]).into(),
            sc.holes.map(|h| h[Seat::Bottom]).into(),
            sc.cube.into(),
            owner.into(),
            cube_action.into(),
            t.names.as_str().into(),
            count.into(),
        ]),
    );
}

/// The rows of the throws table of a record, in order: a position before a throw that is the
/// position after the throw before it is not printed again.
fn throw_rows<S: RowSink>(r: &Replayed, out: &mut S) {
    let mut t = Texts::default();
    let mut last: Option<&Step> = None;
    for st in &r.rp.steps {
        if last.is_some_and(|p| p.after == st.before) {
            std::mem::swap(&mut t.before, &mut t.after);
        } else {
            t.before.clear();
            let _ = write!(t.before, "{}", st.before);
        }
        throw_row(out, r, st, &mut t);
        last = Some(st);
    }
}

/// The rows a replayed record gives to `table` (the matches table: none, see [`Matches`]).
pub fn rows<S: RowSink>(table: Table, r: &Replayed, out: &mut S) {
    match table {
        Table::Throws => throw_rows(r, out),
        Table::Flags => r.rp.flags.iter().for_each(|f| {
            row(
                out,
                record_vals(r).into_iter().chain([
                    f.throw.into(),
                    f.kind.name().into(),
                    f.rule.into(),
                    f.seat.map(seat).into(),
                    f.claimed.into(),
                    f.expected.into(),
                    f.message.as_str().into(),
                ]),
            )
        }),
        Table::Games => game_row(r, out),
        Table::Matches => {}
    }
}

fn game_row<S: RowSink>(r: &Replayed, out: &mut S) {
    let tag = |t: &str| Val::from(r.rec.tag(t));
    let end = r.rp.end;
    let values = [
        tag("Event"),
        tag("Site"),
        tag("Date"),
        tag("Top"),
        tag("Bottom"),
        r.rec.tag("Match").and_then(|m| m.trim().parse::<u32>().ok()).into(),
        tag("Result"),
        r.rec.throws.len().into(),
        r.rp.flags.len().into(),
        end.map(|e| seat(e.winner)).into(),
        end.map(|e| e.value).into(),
        end.and_then(|e| e.kind()).into(),
        r.rp.stopped_at.into(),
    ];
    row(out, record_vals(r).into_iter().chain(values))
}

/// The matches of a file: consecutive records with the same `Event`, `Date`, `Top` and
/// `Bottom` make one row, with the points each seat won and the winner (the more points).
#[derive(Default)]
pub struct Matches {
    key: Option<[Option<String>; 4]>,
    row: Option<MatchRow>,
}

/// A match being added up: its file, length, games, each seat's points and the flags.
type MatchRow = (String, Option<u32>, usize, [u64; 2], usize);

impl Matches {
    /// A record of the file, in order; a row when it starts another match.
    pub fn add<S: RowSink>(&mut self, r: &Replayed, out: &mut S) {
        let key = ["Event", "Date", "Top", "Bottom"].map(|t| r.rec.tag(t).map(str::to_string));
        if self.key.as_ref() != Some(&key) {
            self.finish(out);
            let length = r.rec.tag("Match").and_then(|m| m.trim().parse().ok());
            self.row = Some((r.path.to_string(), length, 0, [0, 0], 0));
            self.key = Some(key);
        }
        if let Some((_, _, games, points, flags)) = &mut self.row {
            *games += 1;
            *flags += r.rp.flags.len();
            if let Some(e) = r.rp.end {
                points[e.winner.index()] += u64::from(e.points());
            }
        }
    }

    /// The last match's row.
    pub fn finish<S: RowSink>(&mut self, out: &mut S) {
        let (Some(key), Some((path, length, games, points, flags))) = (self.key.take(), self.row.take()) else {
            return;
        };
        let winner = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some("top"),
            std::cmp::Ordering::Less => Some("bottom"),
            std::cmp::Ordering::Equal => None,
        };
        let [event, date, top, bottom] = key;
        let values = [
            path.as_str().into(),
            event.as_deref().into(),
            date.as_deref().into(),
            top.as_deref().into(),
            bottom.as_deref().into(),
            length.into(),
            games.into(),
            points[0].into(),
            points[1].into(),
            flags.into(),
            winner.into(),
        ];
        row(out, values);
    }
}

/// The header line of a CSV table.
pub fn csv_header(schema: Schema, w: &mut dyn io::Write) -> io::Result<()> {
    let names: Vec<&str> = schema.iter().map(|c| c.0).collect();
    writeln!(w, "{}", names.join(","))
}

/// Rows written as text as they are made: CSV (RFC 4180: a field with a comma, a quote or a
/// line end is quoted, its quotes doubled; a null is an empty field) or JSON Lines (an object
/// a row, its columns in the schema's order; a number that is not finite is null).
pub struct TextRows {
    /// The text of the rows so far, each ended by a line end.
    pub text: Vec<u8>,
    /// The columns' names for JSON Lines; `None` for CSV.
    names: Option<Schema>,
    /// The column the next value goes to.
    at: usize,
    /// Whether a row was begun.
    open: bool,
}

impl TextRows {
    /// No rows yet, as CSV.
    pub fn csv() -> TextRows {
        TextRows { text: Vec::new(), names: None, at: 0, open: false }
    }

    /// No rows yet, as JSON Lines of the table `schema`.
    pub fn jsonl(schema: Schema) -> TextRows {
        TextRows { text: Vec::new(), names: Some(schema), at: 0, open: false }
    }

    /// The last row ended; the text of every row.
    pub fn finish(mut self) -> Vec<u8> {
        self.end_row();
        self.text
    }

    fn end_row(&mut self) {
        if std::mem::take(&mut self.open) {
            self.text.extend_from_slice(if self.names.is_some() { b"}\n" } else { b"\n" });
        }
    }
}

impl RowSink for TextRows {
    fn start_row(&mut self) {
        self.end_row();
        if self.names.is_some() {
            self.text.push(b'{');
        }
        (self.at, self.open) = (0, true);
    }

    fn put(&mut self, v: Val) {
        let t = &mut self.text;
        if self.at > 0 {
            t.push(b',');
        }
        if let Some(names) = self.names {
            let Some((name, _)) = names.get(self.at) else { return };
            t.push(b'"');
            t.extend_from_slice(name.as_bytes());
            t.extend_from_slice(b"\":");
        }
        self.at += 1;
        let json = self.names.is_some();
        match v {
            Val::Null if json => t.extend_from_slice(b"null"),
            Val::Null => {}
            Val::Text(s) if json => {
                let _ = serde_json::to_writer(&mut *t, s);
            }
            Val::Text(s) if s.contains([',', '"', '\n', '\r']) => {
                t.push(b'"');
                t.extend_from_slice(s.replace('"', "\"\"").as_bytes());
                t.push(b'"');
            }
            Val::Text(s) => t.extend_from_slice(s.as_bytes()),
            Val::Int(v) => {
                let _ = write!(t, "{v}");
            }
            Val::Float(v) if json && !v.is_finite() => t.extend_from_slice(b"null"),
            Val::Float(v) => {
                let _ = write!(t, "{v}");
            }
            Val::Bool(b) => t.extend_from_slice(if b { b"true" } else { b"false" }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: Schema = &[("a", Text), ("b", Int), ("c", Float), ("d", Bool)];

    fn rows_of(mut out: TextRows) -> String {
        for values in [
            [Val::Text("x, \"y\""), Val::Int(-3), Val::Float(0.5), Val::Bool(true)],
            [Val::Null, Val::Null, Val::Float(f64::NAN), Val::Bool(false)],
        ] {
            row(&mut out, values);
        }
        String::from_utf8(out.finish()).unwrap()
    }

    #[test]
    fn text_rows_quote_csv_and_write_json_lines() {
        assert_eq!(rows_of(TextRows::csv()), "\"x, \"\"y\"\"\",-3,0.5,true\n,,NaN,false\n");
        assert_eq!(
            rows_of(TextRows::jsonl(TWO)),
            "{\"a\":\"x, \\\"y\\\"\",\"b\":-3,\"c\":0.5,\"d\":true}\n{\"a\":null,\"b\":null,\"c\":null,\"d\":false}\n"
        );
        assert!(TextRows::csv().finish().is_empty());
    }
}
