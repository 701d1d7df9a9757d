//! `soumille table` (docs/data.md §3): every record of files and folders replayed into a
//! table (a row per throw, flag, game or match) as CSV, JSON Lines or Parquet. Files are
//! read on every core a window at a time and their rows written in the order of the files:
//! memory is the rows of a window of files.

use super::corpus::CorpusOptions;
use super::{CommandError, Outcome};
use crate::corpus::Input;
use crate::table::{Matches, Replayed, RowSink, Table, TextRows};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

/// The format of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Comma-separated values with a header line.
    Csv,
    /// A JSON object a row.
    Jsonl,
    /// Apache Parquet (the `parquet` feature).
    Parquet,
}

/// One file's rows, what it said on stderr, and whether it could be read.
struct FileRows {
    /// The rows as CSV or JSON Lines text, made on the worker's thread.
    text: Vec<u8>,
    /// The rows as an Arrow batch, made on the worker's thread (Parquet).
    #[cfg(feature = "parquet")]
    batch: Option<arrow_array::RecordBatch>,
    err: Vec<u8>,
    failed: bool,
}

/// `table FILES --of TABLE --to FORMAT [--output FILE]`.
pub fn table(
    files: &[PathBuf],
    table: Table,
    to: TableFormat,
    output: Option<&std::path::Path>,
    c: &CorpusOptions,
) -> Result<Outcome, CommandError> {
    use rayon::prelude::*;
    let (inputs, _) = crate::corpus::expand(files);
    if inputs.is_empty() {
        return Err(CommandError::NoFiles(files.to_vec()));
    }
    let out: Box<dyn Write + Send> = match output {
        Some(p) => {
            Box::new(std::fs::File::create(p).map_err(|e| CommandError::Read { path: p.to_path_buf(), source: e })?)
        }
        None => Box::new(io::stdout()),
    };
    let mut sink = Sink::new(to, table, io::BufWriter::with_capacity(1 << 20, out))?;
    let window = 4 * rayon::current_num_threads().max(1);
    let mut failed = false;
    for chunk in inputs.chunks(window) {
        let done: Vec<FileRows> = chunk.par_iter().map(|input| file_rows(input, table, to)).collect();
        for f in done {
            if !c.quiet && !f.err.is_empty() {
                let _ = io::stderr().write_all(&f.err);
            }
            failed |= f.failed;
            #[cfg(feature = "parquet")]
            if let (Sink::Parquet(p), Some(b)) = (&mut sink, &f.batch) {
                p.write_batch(b)?;
                continue;
            }
            sink.write(&f.text)?;
        }
    }
    sink.finish()?;
    Ok(if failed { Outcome::Failed } else { Outcome::Clean })
}

/// Where the rows go.
enum Sink<W: Write + Send> {
    Csv(W),
    Jsonl(W),
    #[cfg(feature = "parquet")]
    Parquet(Box<crate::table::parquet::ParquetSink<W>>),
}

impl<W: Write + Send> Sink<W> {
    fn new(to: TableFormat, table: Table, mut w: W) -> Result<Sink<W>, CommandError> {
        Ok(match to {
            TableFormat::Csv => {
                crate::table::csv_header(table.schema(), &mut w)?;
                Sink::Csv(w)
            }
            TableFormat::Jsonl => Sink::Jsonl(w),
            #[cfg(feature = "parquet")]
            TableFormat::Parquet => {
                Sink::Parquet(Box::new(crate::table::parquet::ParquetSink::new(w, table.schema())?))
            }
            #[cfg(not(feature = "parquet"))]
            TableFormat::Parquet => {
                return Err(io::Error::other("this soumille was built without the `parquet` feature").into())
            }
        })
    }

    /// Rows already written as text.
    fn write(&mut self, text: &[u8]) -> io::Result<()> {
        match self {
            Sink::Csv(w) | Sink::Jsonl(w) => w.write_all(text),
            #[cfg(feature = "parquet")]
            Sink::Parquet(_) => Ok(()),
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Sink::Csv(mut w) | Sink::Jsonl(mut w) => w.flush(),
            #[cfg(feature = "parquet")]
            Sink::Parquet(p) => p.finish(),
        }
    }
}

/// The rows of one file: each record read without error, replayed (backgammon's match play
/// judged across the file as `check` does); a record with syntax errors gives no row and is
/// said at its place. Parquet's rows go straight into Arrow columns.
fn file_rows(input: &Input, table: Table, to: TableFormat) -> FileRows {
    let mut fr = FileRows {
        text: Vec::new(),
        #[cfg(feature = "parquet")]
        batch: None,
        err: Vec::new(),
        failed: false,
    };
    #[cfg(feature = "parquet")]
    if to == TableFormat::Parquet {
        let mut columns = crate::table::parquet::ArrowRows::new(table.schema());
        (fr.err, fr.failed) = rows_into(input, table, &mut columns);
        if !columns.is_empty() {
            match columns.finish() {
                Ok(b) => fr.batch = Some(b),
                Err(e) => {
                    let _ =
                        writeln!(fr.err, "soumille table: {}: {e}", crate::notation::escape_controls(&input.name()));
                    fr.failed = true;
                }
            }
        }
        return fr;
    }
    let mut text = if to == TableFormat::Jsonl { TextRows::jsonl(table.schema()) } else { TextRows::csv() };
    (fr.err, fr.failed) = rows_into(input, table, &mut text);
    fr.text = text.finish();
    fr
}

/// The rows of one file into `out`; what it said on stderr, and whether it failed.
fn rows_into<S: RowSink>(input: &Input, table: Table, out: &mut S) -> (Vec<u8>, bool) {
    let path = input.name();
    let shown = crate::notation::escape_controls(&path).into_owned();
    let (mut err, mut failed) = (Vec::new(), false);
    let mut session = crate::games::backgammon::Session::new();
    let mut matches = Matches::default();
    let read = input.open().and_then(|reader| {
        crate::notation::stream_records(reader, |mut r| {
            crate::games::registry::check_read(&mut r.read);
            if !r.read.errors.is_empty() {
                let mut loc = r.locator();
                for e in &r.read.errors {
                    let p = loc.place(e.span.map_or(0, |s| s.start as usize));
                    let _ = writeln!(
                        err,
                        "soumille table: {shown}:{}:{}: record {} not read: {}",
                        p.line, p.column, r.number, e.message
                    );
                }
                session.skip();
                failed = true;
                return ControlFlow::Continue(());
            }
            if !r.is_game() {
                return ControlFlow::Continue(());
            }
            let (rec, header) = (&r.read.record, &r.read.header);
            let mut rp = if table.needs_steps() {
                crate::replay(rec, header, Some(r.text))
            } else {
                crate::replay_books(rec, header, Some(r.text))
            };
            session.judge(rec, header, &mut rp);
            let one = Replayed { path: &path, number: r.number, rec, header, rp: &rp };
            if table == Table::Matches {
                matches.add(&one, out);
            } else {
                crate::table::rows(table, &one, out);
            }
            ControlFlow::Continue(())
        })
    });
    matches.finish(out);
    match read {
        Ok(end) => {
            if let Some(u) = end.unreadable {
                let _ = writeln!(err, "soumille table: {shown}: {}", u.error().message);
                failed = true;
            }
        }
        Err(e) => {
            let _ = writeln!(err, "soumille table: cannot read {shown}: {e}");
            failed = true;
        }
    }
    (err, failed)
}
