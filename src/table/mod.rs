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
use std::io::{self, Write};

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
impl From<bool> for Cell {
    fn from(b: bool) -> Cell {
        Cell::Bool(b)
    }
}
impl From<f64> for Cell {
    fn from(v: f64) -> Cell {
        Cell::Float(v)
    }
}
macro_rules! int_cells {
    ($($t:ty),*) => {$(
        impl From<$t> for Cell {
            fn from(v: $t) -> Cell {
                Cell::Int(v as i64)
            }
        }
    )*};
}
int_cells!(u8, u16, u32, u64, usize, i64);
impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map_or(Cell::Null, Into::into)
    }
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

/// The rows of one throw.
fn throw_row(r: &Replayed, st: &Step) -> Vec<Cell> {
    let here: Vec<&crate::Flag> = r.rp.flags.iter().filter(|f| f.throw == Some(st.number)).collect();
    let names: Vec<&str> = here.iter().map(|f| f.rule.unwrap_or(f.kind.name())).collect();
    let sc = &st.after.score;
    let (cube_action, owner) = match &st.detail {
        StepDetail::Backgammon { cube, resigned } => (
            cube.map(|c| c.answer.map_or("double", |a| a.name())).or(resigned.then_some("resign")),
            sc.owner.map(|o| o.map_or("centre", seat)),
        ),
        _ => (None, None),
    };
    vec![
        r.path.into(),
        r.number.into(),
        r.header.game.name().into(),
        st.number.into(),
        seat(st.seat).into(),
        st.dice.map(|d| d.to_string()).into(),
        st.play.to_string().into(),
        st.applied.as_ref().map(|p| p.to_string()).into(),
        st.lawful.into(),
        st.before.to_string().into(),
        st.after.to_string().into(),
        st.points[0].into(),
        st.points[1].into(),
        sc.points.map(|p| p[Seat::Top]).into(),
        sc.points.map(|p| p[Seat::Bottom]).into(),
        sc.holes.map(|h| h[Seat::Top]).into(),
        sc.holes.map(|h| h[Seat::Bottom]).into(),
        sc.cube.into(),
        owner.into(),
        cube_action.into(),
        names.join(" ").into(),
        here.len().into(),
    ]
}

/// The rows a replayed record gives to `table` (the matches table: none, see [`Matches`]).
pub fn rows(table: Table, r: &Replayed, out: &mut Vec<Vec<Cell>>) {
    match table {
        Table::Throws => {
            out.reserve(r.rp.steps.len());
            out.extend(r.rp.steps.iter().map(|st| throw_row(r, st)))
        }
        Table::Flags => out.extend(r.rp.flags.iter().map(|f| {
            vec![
                r.path.into(),
                r.number.into(),
                r.header.game.name().into(),
                f.throw.into(),
                f.kind.name().into(),
                f.rule.into(),
                f.seat.map(seat).into(),
                f.claimed.into(),
                f.expected.into(),
                f.message.as_str().into(),
            ]
        })),
        Table::Games => out.push(game_row(r)),
        Table::Matches => {}
    }
}

fn game_row(r: &Replayed) -> Vec<Cell> {
    let tag = |t: &str| Cell::from(r.rec.tag(t));
    let end = r.rp.end;
    vec![
        r.path.into(),
        r.number.into(),
        r.header.game.name().into(),
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
    ]
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
    pub fn add(&mut self, r: &Replayed, out: &mut Vec<Vec<Cell>>) {
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
    pub fn finish(&mut self, out: &mut Vec<Vec<Cell>>) {
        let (Some(key), Some((path, length, games, points, flags))) = (self.key.take(), self.row.take()) else {
            return;
        };
        let winner = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some("top"),
            std::cmp::Ordering::Less => Some("bottom"),
            std::cmp::Ordering::Equal => None,
        };
        let [event, date, top, bottom] = key;
        out.push(vec![
            path.into(),
            event.into(),
            date.into(),
            top.into(),
            bottom.into(),
            length.into(),
            games.into(),
            points[0].into(),
            points[1].into(),
            flags.into(),
            winner.into(),
        ]);
    }
}

/// The header line of a CSV table.
pub fn csv_header(schema: Schema, w: &mut dyn Write) -> io::Result<()> {
    let names: Vec<&str> = schema.iter().map(|c| c.0).collect();
    writeln!(w, "{}", names.join(","))
}

/// Rows as CSV (RFC 4180: a field with a comma, a quote or a line end is quoted, its quotes
/// doubled; a null is an empty field).
pub fn write_csv(rows: &[Vec<Cell>], w: &mut dyn Write) -> io::Result<()> {
    let mut line = String::new();
    for row in rows {
        line.clear();
        for (k, c) in row.iter().enumerate() {
            if k > 0 {
                line.push(',');
            }
            match c {
                Cell::Null => {}
                Cell::Text(s) if s.contains([',', '"', '\n', '\r']) => {
                    line.push('"');
                    line.push_str(&s.replace('"', "\"\""));
                    line.push('"');
                }
                Cell::Text(s) => line.push_str(s),
                Cell::Int(v) => line.push_str(&v.to_string()),
                Cell::Float(v) => line.push_str(&v.to_string()),
                Cell::Bool(b) => line.push_str(if *b { "true" } else { "false" }),
            }
        }
        line.push('\n');
        w.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// Rows as JSON Lines: an object a row, its columns in the schema's order.
pub fn write_jsonl(schema: Schema, rows: &[Vec<Cell>], w: &mut dyn Write) -> io::Result<()> {
    let mut line = String::new();
    for row in rows {
        line.clear();
        line.push('{');
        for (k, ((name, _), c)) in schema.iter().zip(row).enumerate() {
            if k > 0 {
                line.push(',');
            }
            line.push('"');
            line.push_str(name);
            line.push_str("\":");
            match c {
                Cell::Null => line.push_str("null"),
                Cell::Text(s) => line.push_str(&serde_json::to_string(s).map_err(io::Error::other)?),
                Cell::Int(v) => line.push_str(&v.to_string()),
                Cell::Float(v) if v.is_finite() => line.push_str(&v.to_string()),
                Cell::Float(_) => line.push_str("null"),
                Cell::Bool(b) => line.push_str(if *b { "true" } else { "false" }),
            }
        }
        line.push_str("}\n");
        w.write_all(line.as_bytes())?;
    }
    Ok(())
}
