//! The commands that read many files at once, in parallel: `check`, `fmt`, `json` (the
//! work is [`crate::corpus`]'s; here the progress bar, the settings and the end of a run).

use super::{CommandError, Console, Outcome};
use crate::corpus::{Input, Output, Printer, Settings, Summary};
use crate::json;
use crate::notation::error::Style;
use crate::notation::PrintOptions;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// The options of the commands that read many files.
#[derive(Clone, Copy, Debug)]
pub struct CorpusOptions {
    /// Print nothing: the exit status only.
    pub quiet: bool,
    /// How diagnostics are drawn (with colour or not).
    pub style: Style,
    /// Syntax errors (and flag drawings) shown per file; the rest are counted. 0: all.
    pub max_errors: usize,
    /// Accept a file that holds no game.
    pub allow_empty: bool,
}

/// The inputs of a corpus command, the printer (with a progress bar on a terminal) and the
/// settings. No file found is an error, or (quiet) `None`.
#[allow(clippy::type_complexity)]
fn setup(
    files: &[PathBuf],
    c: &CorpusOptions,
    json: bool,
) -> Result<Option<(Vec<Input>, bool, Printer, Settings)>, CommandError> {
    let (inputs, dirs) = crate::corpus::expand(files);
    if inputs.is_empty() {
        return if c.quiet { Ok(None) } else { Err(CommandError::NoFiles(files.to_vec())) };
    }
    let total: u64 = inputs.iter().filter_map(Input::size).sum();
    let progress = (!c.quiet && io::stderr().is_terminal() && (inputs.len() > 1 || total > 8 << 20)).then(|| {
        let p = indicatif::ProgressBar::new(total);
        p.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        p
    });
    let set = Settings { style: c.style, max_errors: c.max_errors, json, allow_empty: c.allow_empty, points: false };
    Ok(Some((inputs, dirs, Printer::new(c.quiet, progress), set)))
}

/// `check FILES`: read, replay and validate every record; the report as diagnostics on
/// stderr or (`json`) as the JSON report on stdout; with `points`, backgammon's flags in point
/// numbers (`--points`: the diagnostics and the JSON's `message`).
pub fn check(files: &[PathBuf], (json, points): (bool, bool), c: &CorpusOptions) -> Result<Outcome, CommandError> {
    let Some((inputs, dirs, printer, mut set)) = setup(files, c, json)? else { return Ok(Outcome::Failed) };
    set.points = points;
    let t0 = std::time::Instant::now();
    if json {
        printer.direct(&Output { out: b"{\n  \"files\": [\n".to_vec(), err: Vec::new() })?;
    }
    let mut sum = crate::corpus::run_all(&inputs, &printer, |k, input, emit| {
        crate::corpus::check_file(k, input, &set, printer.progress(), emit)
    });
    sum.seconds = t0.elapsed().as_secs_f64();
    if let Some(p) = printer.progress() {
        p.finish_and_clear();
    }
    if let Some(e) = printer.take_error() {
        return Err(e.into());
    }
    let mut end = Output::default();
    if json {
        end.out.extend_from_slice(b"\n  ],\n  \"summary\": ");
        serde_json::to_writer(&mut end.out, &sum)?;
        end.out.extend_from_slice(b"\n}\n");
    } else if inputs.len() > 1 || dirs {
        end.err.extend_from_slice(sum.text().as_bytes());
    }
    printer.direct(&end)?;
    Ok(Outcome::of_status(sum.status()))
}

/// A writer into a file's output, buffered once: the many small writes of a record gather in
/// the output, handed on when it has grown past [`EMIT_AT`], when flushed (at the end of a
/// record) and when the file is done (issue 28: handing it on after every small write, with
/// its lock and its flush, was 44 % of `json`).
struct EmitWriter<'a> {
    o: &'a mut Output,
    emit: &'a mut dyn FnMut(&mut Output, bool),
}

/// The size past which a file's gathered output is handed on.
const EMIT_AT: usize = 64 << 10;

impl Write for EmitWriter<'_> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.o.out.extend_from_slice(b);
        if self.o.out.len() >= EMIT_AT {
            (self.emit)(self.o, false);
        }
        Ok(b.len())
    }
    fn write_all(&mut self, b: &[u8]) -> io::Result<()> {
        self.write(b).map(|_| ())
    }
    fn flush(&mut self) -> io::Result<()> {
        if !self.o.out.is_empty() {
            (self.emit)(self.o, false);
        }
        Ok(())
    }
}

/// `fmt FILES`: every record printed canonically (in `opts`' letters, if given), on the
/// output or (`write`) into each file in place.
pub fn fmt(files: &[PathBuf], opts: PrintOptions, write: bool, c: &CorpusOptions) -> Result<Outcome, CommandError> {
    let Some((inputs, _, printer, set)) = setup(files, c, false)? else { return Ok(Outcome::Failed) };
    let sum = crate::corpus::run_all(&inputs, &printer, |k, input, emit| {
        let mut o = Output::default();
        let mut err = Vec::new();
        let name = crate::notation::escape_controls(&input.name()).into_owned();
        let result = if write {
            match input {
                Input::File(path) => {
                    let mut sum = None;
                    let r = crate::corpus::write_atomically(path, |w| {
                        let s = crate::corpus::fmt_stream(input, opts, &set, w, &mut err)?;
                        let ok = s.failed == 0;
                        sum = Some(s);
                        Ok(ok)
                    });
                    r.map(|_| sum.unwrap_or_default())
                }
                _ => Err(io::Error::other("--write needs a file, not standard input")),
            }
        } else {
            if k > 0 {
                o.out.push(b'\n');
            }
            let mut w = EmitWriter { o: &mut o, emit };
            crate::corpus::fmt_stream(input, opts, &set, &mut w, &mut err)
        };
        file_done(&mut o, err, result, &name, emit)
    });
    corpus_done(&printer, sum)
}

/// `fmt --from-json FILES`: the records of the JSON of `soumille json`, printed as STN.
pub fn fmt_from_json(
    con: &mut Console,
    files: &[PathBuf],
    letters: Option<crate::Dialect>,
) -> Result<Outcome, CommandError> {
    let mut records = Vec::new();
    for file in files {
        let bytes =
            super::read_input(file).map_err(|source| CommandError::Read { path: file.to_path_buf(), source })?;
        let r = records_of_json(&String::from_utf8_lossy(&bytes))
            .map_err(|error| CommandError::FromJson { path: file.to_path_buf(), error })?;
        records.extend(r);
    }
    con.out.write_all(
        crate::notation::print_records(
            &records,
            PrintOptions { letters, higher_die_first: true, ..Default::default() },
        )
        .as_bytes(),
    )?;
    Ok(Outcome::Clean)
}

/// Why the text given to `fmt --from-json` is not what `soumille json` writes.
#[derive(Debug, thiserror::Error)]
pub enum FromJsonError {
    /// One document, refused.
    #[error(transparent)]
    Document(#[from] json::JsonError),
    /// A line of JSON Lines that is no JSON.
    #[error("line {line}: not a soumille JSON document: {error}")]
    NotJson {
        /// The line where the value starts.
        line: usize,
        /// What is wrong.
        error: serde_json::Error,
    },
    /// A line of JSON Lines that is no soumille document or record.
    #[error("line {line}: {error}")]
    Line {
        /// The line where the value starts.
        line: usize,
        /// What is wrong.
        error: json::JsonError,
    },
}

/// The records of what `soumille json` writes: one document (pretty or not), or JSON Lines
/// (one value after the other): the lines of `json` with several files or a folder
/// (`{"path": "a.stn", "document": {…}}`), documents, or single records.
pub fn records_of_json(text: &str) -> Result<Vec<crate::notation::Record>, FromJsonError> {
    use serde_json::Value;
    let line_of = |at: usize| {
        let at = text[at..].find(|c: char| !c.is_whitespace()).map_or(text.len(), |k| at + k);
        text[..at].matches('\n').count() + 1
    };
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut found: Vec<(usize, Value)> = Vec::new();
    loop {
        let at = values.byte_offset();
        match values.next() {
            None => break,
            Some(Ok(v)) => found.push((at, v)),
            // the reader's own words for one document
            Some(Err(_)) if found.is_empty() => return Ok(json::from_str(text)?),
            Some(Err(error)) => return Err(FromJsonError::NotJson { line: line_of(at), error }),
        }
    }
    // a record has tags or throws; anything else is read as a document (and refused as one)
    let is_document = |v: &Value| v.get("tags").is_none() && v.get("throws").is_none();
    if found.is_empty() {
        return Ok(json::from_str(text)?);
    }
    if let [(_, v)] = found.as_slice() {
        if is_document(v) && v.get("document").is_none() {
            return Ok(json::from_str(text)?);
        }
    }
    let mut records = Vec::new();
    for (at, v) in found {
        let v = match v {
            Value::Object(mut o) if o.contains_key("document") => o.remove("document").unwrap_or_default(),
            v => v,
        };
        let doc = if is_document(&v) {
            v
        } else {
            serde_json::json!({ "schema_version": json::SCHEMA_VERSION, "records": [v] })
        };
        let r = json::from_str(&doc.to_string()).map_err(|error| FromJsonError::Line { line: line_of(at), error })?;
        records.extend(r);
    }
    Ok(records)
}

/// A file's output once it is handled: its diagnostics, or the error that stopped it.
fn file_done(
    o: &mut Output,
    err: Vec<u8>,
    result: io::Result<Summary>,
    name: &str,
    emit: &mut dyn FnMut(&mut Output, bool),
) -> Summary {
    o.err.extend_from_slice(&err);
    let sum = result.unwrap_or_else(|e| {
        let _ = writeln!(o.err, "soumille: {name}: {e}");
        Summary { files: 1, failed: 1, ..Summary::default() }
    });
    emit(o, true);
    sum
}

/// The end of a run over many files: the progress bar cleared, a write error reported.
fn corpus_done(printer: &Printer, sum: Summary) -> Result<Outcome, CommandError> {
    if let Some(p) = printer.progress() {
        p.finish_and_clear();
    }
    if let Some(e) = printer.take_error() {
        return Err(e.into());
    }
    Ok(Outcome::of_status(sum.status()))
}

/// `json FILES`: every file's records as JSON (`spans`: with byte offsets); one document
/// for one file, JSON Lines for several.
pub fn json(files: &[PathBuf], spans: bool, c: &CorpusOptions) -> Result<Outcome, CommandError> {
    let Some((inputs, dirs, printer, set)) = setup(files, c, true)? else { return Ok(Outcome::Failed) };
    let compact = inputs.len() > 1 || dirs;
    let sum = crate::corpus::run_all(&inputs, &printer, |_, input, emit| {
        let mut o = Output::default();
        let mut err = Vec::new();
        let result = {
            let mut w = EmitWriter { o: &mut o, emit };
            crate::corpus::json_stream(input, spans, compact, &set, &mut w, &mut err)
        };
        let name = format!("cannot read {}", input.name());
        file_done(&mut o, err, result, &name, emit)
    });
    corpus_done(&printer, sum)
}
