//! Corpus tools (issue 7): many files and directories, one record at a time, files in
//! parallel with their results printed in the order given, and a summary.
//!
//! Memory does not grow with the number of games: each file is streamed record by record
//! ([`crate::notation::stream_records`]); `check` keeps no replay step; line numbers are
//! found in one pass. A file's output is printed as it is made when its turn has come, and
//! held (in memory) only while the files before it are still running.

use crate::notation::error::{render_at, Locator, Place, Style};
use crate::notation::{escape_controls, stream_records, PrintOptions, StreamEnd, SyntaxError};
use crate::report::{ErrorEntry, GameReport};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One input: standard input, a file, or a path that could not be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `-`.
    Stdin,
    /// A file (given, or found in a directory).
    File(PathBuf),
    /// A directory that could not be read, with why.
    Unlisted(PathBuf, String),
}

impl Input {
    /// The name shown for it.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".into(),
            Input::File(p) | Input::Unlisted(p, _) => p.display().to_string(),
        }
    }

    /// Its size in bytes, when known.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            _ => None,
        }
    }

    /// Opens it for reading.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => Ok(Box::new(io::stdin())),
            Input::File(p) => Ok(Box::new(std::fs::File::open(p)?)),
            Input::Unlisted(_, e) => Err(io::Error::other(e.clone())),
        }
    }
}

/// The inputs of `paths`: files as given, directories replaced by the `*.stn` files under
/// them (recursively, each directory's entries in sorted order; the extension in any case,
/// `.STN` too), `-` for standard input. Every file and every directory is taken once, by its
/// identity (device and inode), however many paths lead to it: a file given twice, a
/// symbolic link to a file already listed, or a link back to a folder being walked (a loop)
/// adds nothing. Returns whether a directory was given.
pub fn expand(paths: &[PathBuf]) -> (Vec<Input>, bool) {
    let mut out = Vec::new();
    let mut dirs = false;
    let mut seen = Seen::default();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Input::Stdin);
        } else if p.is_dir() {
            dirs = true;
            if seen.first(p) {
                walk(p, &mut out, &mut seen);
            }
        } else if seen.first(p) {
            out.push(Input::File(p.clone()));
        }
    }
    (out, dirs)
}

/// The files and directories already taken, by identity.
#[derive(Default)]
struct Seen(std::collections::HashSet<FileId>);

impl Seen {
    /// Whether `p` is met for the first time (a path that cannot be looked at always is: its
    /// error is reported when it is read).
    fn first(&mut self, p: &Path) -> bool {
        match FileId::of(p) {
            Some(id) => self.0.insert(id),
            None => true,
        }
    }
}

/// What a file is, whatever path leads to it: its device and inode (on Unix), else its
/// canonical path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileId {
    #[cfg(unix)]
    dev: u64,
    #[cfg(unix)]
    ino: u64,
    #[cfg(not(unix))]
    path: PathBuf,
}

impl FileId {
    /// The identity of the file `p` names (following symbolic links).
    pub fn of(p: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let m = std::fs::metadata(p).ok()?;
            Some(FileId { dev: m.dev(), ino: m.ino() })
        }
        #[cfg(not(unix))]
        {
            Some(FileId { path: std::fs::canonicalize(p).ok()? })
        }
    }
}

/// Whether `p` ends in `.stn`, in any case.
fn is_stn(p: &Path) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case("stn"))
}

fn walk(dir: &Path, out: &mut Vec<Input>, seen: &mut Seen) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Input::Unlisted(dir.to_path_buf(), e.to_string()));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if seen.first(&p) {
                walk(&p, out, seen);
            }
        } else if is_stn(&p) && p.is_file() && seen.first(&p) {
            out.push(Input::File(p));
        }
    }
}

/// What a run found, for one file or many.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Files read (or tried).
    pub files: usize,
    /// Files read without error or flag.
    pub clean: usize,
    /// Files read without error, with flags.
    pub flagged: usize,
    /// Files that could not be read, or had syntax errors.
    pub failed: usize,
    /// Games (records with a tag or a throw).
    pub games: usize,
    /// Throws read.
    pub throws: usize,
    /// Bytes read.
    pub bytes: u64,
    /// Syntax errors (all of them, shown or not).
    pub errors: usize,
    /// Flags.
    pub flags: usize,
    /// Flags per kind (`fausse-case`, `ecole`, …).
    pub flags_by_kind: BTreeMap<&'static str, usize>,
    /// Fausses cases per rule.
    pub flags_by_rule: BTreeMap<&'static str, usize>,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
}

impl Summary {
    /// Adds another file's summary.
    pub fn add(&mut self, o: &Summary) {
        self.files += o.files;
        self.clean += o.clean;
        self.flagged += o.flagged;
        self.failed += o.failed;
        self.games += o.games;
        self.throws += o.throws;
        self.bytes += o.bytes;
        self.errors += o.errors;
        self.flags += o.flags;
        for (k, v) in &o.flags_by_kind {
            *self.flags_by_kind.entry(k).or_default() += v;
        }
        for (k, v) in &o.flags_by_rule {
            *self.flags_by_rule.entry(k).or_default() += v;
        }
    }

    /// The exit status of docs/commands.md: 0 clean, 1 flagged, 2 failed.
    pub fn status(&self) -> u8 {
        if self.failed > 0 {
            2
        } else if self.flagged > 0 {
            1
        } else {
            0
        }
    }

    /// One paragraph for people: files, games, throws, flags by kind and rule, errors, time.
    pub fn text(&self) -> String {
        let s = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let mut t = format!(
            "{}, {}, {}: {} clean, {} flagged, {} failed",
            s(self.files, "file"),
            s(self.games, "game"),
            s(self.throws, "throw"),
            self.clean,
            self.flagged,
            self.failed
        );
        t.push_str(&format!("; {}", s(self.flags, "flag")));
        if !self.flags_by_kind.is_empty() {
            let kinds: Vec<String> = self.flags_by_kind.iter().map(|(k, v)| format!("{k} {v}")).collect();
            t.push_str(&format!(" ({})", kinds.join(", ")));
        }
        if !self.flags_by_rule.is_empty() {
            let rules: Vec<String> = self.flags_by_rule.iter().map(|(k, v)| format!("{k} {v}")).collect();
            t.push_str(&format!("; fausses cases by rule: {}", rules.join(", ")));
        }
        t.push_str(&format!("; {}", s(self.errors, "syntax error")));
        t.push_str(&format!("; {:.2} s\n", self.seconds));
        t
    }
}

/// Whether to colour: `--color` (`Some(true)` always, `Some(false)` never, `None` auto),
/// whether stderr is a terminal, and the `NO_COLOR` variable (set and not empty: no colour
/// unless asked for with `--color always`).
pub fn colour(choice: Option<bool>, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    match choice {
        Some(c) => c,
        None => terminal && no_color.is_none_or(|v| v.is_empty()),
    }
}

/// What a file's run writes: to stdout and to stderr.
#[derive(Debug, Default)]
pub struct Output {
    /// For stdout.
    pub out: Vec<u8>,
    /// For stderr.
    pub err: Vec<u8>,
}

impl Output {
    fn len(&self) -> usize {
        self.out.len() + self.err.len()
    }
}

/// Prints the outputs of files run in parallel in the order of the files: a file's output
/// goes out as it is made once every file before it is done; until then it waits.
pub struct Printer {
    state: Mutex<State>,
    quiet: bool,
    progress: Option<indicatif::ProgressBar>,
}

struct State {
    next: usize,
    waiting: BTreeMap<usize, (Output, bool)>,
    error: Option<io::Error>,
}

impl Printer {
    /// A printer; `quiet` prints nothing; `progress` is drawn on stderr.
    pub fn new(quiet: bool, progress: Option<indicatif::ProgressBar>) -> Printer {
        Printer { state: Mutex::new(State { next: 0, waiting: BTreeMap::new(), error: None }), quiet, progress }
    }

    /// The progress bar.
    pub fn progress(&self) -> Option<&indicatif::ProgressBar> {
        self.progress.as_ref()
    }

    fn write(&self, o: &Output) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let go = || -> io::Result<()> {
            if !o.err.is_empty() {
                let mut e = io::stderr().lock();
                e.write_all(&o.err)?;
                e.flush()?;
            }
            if !o.out.is_empty() {
                let mut s = io::stdout().lock();
                s.write_all(&o.out)?;
                s.flush()?;
            }
            Ok(())
        };
        match &self.progress {
            Some(p) => p.suspend(go),
            None => go(),
        }
    }

    /// File `k` made `o` (cleared when printed); `done`: it has finished.
    pub fn emit(&self, k: usize, o: &mut Output, done: bool) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if st.error.is_some() {
            o.out.clear();
            o.err.clear();
            return;
        }
        if st.next != k {
            if done {
                st.waiting.insert(k, (std::mem::take(o), true));
            }
            return;
        }
        if let Err(e) = self.write(o) {
            st.error = Some(e);
        }
        o.out.clear();
        o.err.clear();
        if done {
            st.next += 1;
            loop {
                let n = st.next;
                let Some((w, true)) = st.waiting.remove(&n) else { break };
                if st.error.is_none() {
                    if let Err(e) = self.write(&w) {
                        st.error = Some(e);
                    }
                }
                st.next += 1;
            }
        }
    }

    /// Writes `o` at once (before or after the files).
    pub fn direct(&self, o: &Output) -> io::Result<()> {
        self.write(o)
    }

    /// The first write error (a closed pipe).
    pub fn take_error(&self) -> Option<io::Error> {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).error.take()
    }
}

/// Holding a file's output while the files before it run: flushed at this size when its
/// turn has come.
const FLUSH: usize = 64 << 10;

/// Runs `each` on every input in parallel (rayon), in input order as far as the threads
/// allow, and adds up the summaries.
pub fn run_all(
    inputs: &[Input],
    printer: &Printer,
    each: impl Fn(usize, &Input, &mut dyn FnMut(&mut Output, bool)) -> Summary + Sync,
) -> Summary {
    use rayon::prelude::*;
    let total = Mutex::new(Summary::default());
    inputs.iter().enumerate().par_bridge().for_each(|(k, input)| {
        let mut emit = |o: &mut Output, done: bool| {
            if done || o.len() > FLUSH {
                printer.emit(k, o, done)
            }
        };
        let s = each(k, input, &mut emit);
        if let Some(p) = printer.progress() {
            if input.size().is_none() {
                p.inc(0);
            }
        }
        total.lock().unwrap_or_else(|e| e.into_inner()).add(&s);
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// How a command reports.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The drawing of diagnostics.
    pub style: Style,
    /// Syntax errors (and flag diagnostics) shown per file; 0: all.
    pub max_errors: usize,
    /// JSON rather than text.
    pub json: bool,
    /// A file that holds no game (empty, or only blanks and comments) is accepted
    /// (`--allow-empty`); otherwise it is an error.
    pub allow_empty: bool,
    /// Backgammon's flags in point numbers (`check --points`, docs/games.md §I).
    pub points: bool,
}

/// What is said of a file that holds no game (without `--allow-empty`).
pub const NO_GAME: &str = "no game: the input is empty or holds only blanks and comments (--allow-empty accepts it)";

/// Counts what is shown against `--max-errors`.
struct Shown {
    max: usize,
    shown: usize,
    more: usize,
}

impl Shown {
    fn take(&mut self) -> bool {
        if self.max == 0 || self.shown < self.max {
            self.shown += 1;
            true
        } else {
            self.more += 1;
            false
        }
    }
}

/// A file about to be read: its name as shown (controls escaped), an empty summary of one
/// file, and the count of errors shown against `--max-errors`.
fn file_start(input: &Input, set: &Settings) -> (String, Summary, Shown) {
    let name = escape_controls(&input.name()).into_owned();
    (name, Summary { files: 1, ..Summary::default() }, Shown { max: set.max_errors, shown: 0, more: 0 })
}

/// Counts a record read from a file: its syntax errors (each drawn while `--max-errors`
/// allows), and it as a game with its throws when it is one.
fn count_record(
    r: &crate::notation::StreamRecord<'_>,
    sum: &mut Summary,
    shown: &mut Shown,
    name: &str,
    set: &Settings,
    err: &mut Vec<u8>,
) {
    let mut loc = r.locator();
    for e in &r.read.errors {
        sum.errors += 1;
        if shown.take() {
            let place = loc.place(e.span.map_or(0, |s| s.start as usize));
            let mut s = String::new();
            render_at(&mut s, name, r.text, place, e, set.style);
            err.extend_from_slice(s.as_bytes());
        }
    }
    if r.is_game() {
        sum.games += 1;
        sum.throws += r.read.record.throws.len() + r.read.spilled;
    }
}

/// A file's last words once its records are read: the bytes, unreadable bytes at the end
/// (an error), the count of errors not shown, and whether the file was clean.
fn finish_file(
    mut sum: Summary,
    end: &StreamEnd,
    shown: &mut Shown,
    name: &str,
    set: &Settings,
    err: &mut Vec<u8>,
) -> Summary {
    sum.bytes = end.bytes;
    if end.unreadable.is_some() {
        sum.errors += 1;
        if shown.take() {
            unreadable_report(end, name, set.style, err);
        }
    }
    if shown.more > 0 {
        let _ =
            writeln!(err, "soumille: {name}: … and {} more not shown (--max-errors {})", shown.more, set.max_errors);
    }
    if sum.errors > 0 {
        sum.failed = 1;
    } else if sum.games == 0 && !set.allow_empty {
        let _ = writeln!(err, "soumille: {name}: {NO_GAME}");
        sum.failed = 1;
    } else {
        sum.clean = 1;
    }
    sum
}

fn plural(n: usize, w: &str) -> String {
    format!("{n} {w}{}", if n == 1 { "" } else { "s" })
}

/// Renders a file-level error (unreadable bytes) with the context the stream kept.
fn unreadable_report(end: &StreamEnd, name: &str, st: Style, out: &mut Vec<u8>) -> (SyntaxError, Place) {
    let u = end.unreadable.as_ref().expect("unreadable");
    let mut e = u.error();
    let place = end.end.unwrap_or(Place { line: 1, column: 1, line_start: Some(0) });
    if let Some((ctx, p0, at)) = &end.context {
        let mut loc = Locator::new(ctx, 0, *p0);
        let place = loc.place(*at);
        e.span = Some(crate::notation::Span::new(*at, *at + 3));
        let mut s = String::new();
        render_at(&mut s, name, ctx, place, &e, st);
        out.extend_from_slice(s.as_bytes());
    } else {
        let mut s = String::new();
        render_at(&mut s, name, "", place, &e, st);
        out.extend_from_slice(s.as_bytes());
    }
    (e, place)
}

/// `check` of one file: every record read, replayed (without keeping its steps), its errors
/// and flags written to `o` (text or the file's object of the JSON report) as it goes.
pub fn check_file(
    k: usize,
    input: &Input,
    set: &Settings,
    progress: Option<&indicatif::ProgressBar>,
    emit: &mut dyn FnMut(&mut Output, bool),
) -> Summary {
    let name = input.name();
    let mut fc = FileCheck {
        set,
        shown_name: escape_controls(&name).into_owned(),
        sum: Summary { files: 1, ..Summary::default() },
        o: Output::default(),
        shown: Shown { max: set.max_errors, shown: 0, more: 0 },
        file_errors: Vec::new(),
        games_written: 0,
        failed: false,
        unreadable: None,
        session: crate::games::backgammon::Session::new(),
    };
    if set.json {
        if k > 0 {
            fc.o.out.extend_from_slice(b",\n");
        }
        fc.o.out.extend_from_slice(b"    {\"path\": ");
        let _ = serde_json::to_writer(&mut fc.o.out, &name);
        fc.o.out.extend_from_slice(b", \"games\": [");
    }
    let result = input.open().and_then(|r| {
        crate::notation::stream_records_spilling(r, |mut r| {
            crate::games::registry::check_read(&mut r.read);
            if let (Some(p), Some(sp)) = (progress, r.read.record.span) {
                p.inc(u64::from(sp.end - sp.start));
            }
            fc.record(&r);
            emit(&mut fc.o, false);
            ControlFlow::Continue(())
        })
    });
    let first_line = fc.finish_reading(result);
    if fc.shown.more > 0 {
        let _ = writeln!(
            fc.o.err,
            "soumille: {}: … and {} more not shown (--max-errors {})",
            fc.shown_name, fc.shown.more, set.max_errors
        );
    }
    if fc.failed {
        fc.sum.failed = 1;
    } else if fc.sum.flags > 0 {
        fc.sum.flagged = 1;
    } else {
        fc.sum.clean = 1;
    }
    if set.json {
        fc.json_end();
    } else if let Some(line) = first_line {
        fc.count_line(line);
    }
    emit(&mut fc.o, true);
    fc.sum
}

/// One file being checked: what has been counted and written so far.
struct FileCheck<'s> {
    set: &'s Settings,
    shown_name: String,
    sum: Summary,
    o: Output,
    shown: Shown,
    /// Errors outside any game (a header alone, unreadable bytes, no game).
    file_errors: Vec<ErrorEntry>,
    games_written: usize,
    failed: bool,
    /// Why the file could not be read at all.
    unreadable: Option<String>,
    /// The match the file's backgammon records play (docs/games.md §I.1–§I.2).
    session: crate::games::backgammon::Session,
}

impl FileCheck<'_> {
    /// One record of the file: its syntax errors, then (a game read whole) its replay's flags.
    fn record(&mut self, r: &crate::notation::StreamRecord<'_>) {
        let mut loc = r.locator();
        let mut game = GameReport { throws: r.read.record.throws.len() + r.read.spilled, ..GameReport::default() };
        for e in &r.read.errors {
            self.sum.errors += 1;
            self.failed = true;
            if !self.shown.take() {
                continue;
            }
            let place = loc.place(e.span.map_or(0, |s| s.start as usize));
            let mut s = String::new();
            render_at(&mut s, &self.shown_name, r.text, place, e, self.set.style);
            self.o.err.extend_from_slice(s.as_bytes());
            let entry =
                ErrorEntry { line: place.line, column: place.column, message: format!("{}: {}", e.message, e.label) };
            if r.is_game() {
                game.errors.push(entry);
            } else {
                self.file_errors.push(entry);
            }
        }
        if !r.is_game() {
            return;
        }
        self.sum.games += 1;
        self.sum.throws += game.throws;
        if r.read.errors.is_empty() {
            self.replayed(r, &mut loc, &mut game);
        } else {
            self.session.skip();
        }
        if self.set.json {
            if self.games_written > 0 {
                self.o.out.push(b',');
            }
            self.o.out.extend_from_slice(b"\n      ");
            let _ = serde_json::to_writer(&mut self.o.out, &game);
            self.games_written += 1;
        }
    }

    /// A game read without error, replayed: its flags counted, and drawn on stderr (text).
    fn replayed(&mut self, r: &crate::notation::StreamRecord<'_>, loc: &mut Locator<'_>, game: &mut GameReport) {
        let mut rp = if r.read.spilled == 0 {
            crate::replay::replay_books(&r.read.record, &r.read.header, Some(r.text))
        } else {
            replay_spilled(r)
        };
        self.session.judge(&r.read.record, &r.read.header, &mut rp);
        if self.set.points {
            crate::replay::words::in_points(&mut rp.flags);
        }
        game.set_end(&r.read.header, &rp);
        for f in &rp.flags {
            self.sum.flags += 1;
            *self.sum.flags_by_kind.entry(f.kind.name()).or_default() += 1;
            if let Some(rule) = f.rule {
                *self.sum.flags_by_rule.entry(rule).or_default() += 1;
            }
            // each flag is reported once, drawn on stderr; the file's line counts them
            if !self.set.json && self.shown.take() {
                let place = f.span.map(|s| loc.place(s.start as usize)).unwrap_or(r.start);
                let mut s = String::new();
                render_at(&mut s, &self.shown_name, r.text, place, &f.diagnostic(), self.set.style);
                self.o.err.extend_from_slice(s.as_bytes());
            }
        }
        game.flags = rp.flags;
    }

    /// The end of the reading: an unreadable file, unreadable bytes, no game. The start of
    /// the file's line of counts (`None`: no line, the file was not read).
    fn finish_reading(&mut self, result: io::Result<StreamEnd>) -> Option<String> {
        let shown_name = &self.shown_name;
        let end = match result {
            Err(e) => {
                // said once, on stderr: no line of counts for a file not read
                self.failed = true;
                self.sum.errors += 1;
                let _ = writeln!(self.o.err, "soumille: cannot read {shown_name}: {e}");
                self.unreadable = Some(e.to_string());
                return None;
            }
            Ok(end) => end,
        };
        self.sum.bytes = end.bytes;
        if let Some(u) = &end.unreadable {
            self.failed = true;
            self.sum.errors += 1;
            let mut err = Vec::new();
            let (e, place) = unreadable_report(&end, shown_name, self.set.style, &mut err);
            if self.shown.take() {
                self.o.err.extend_from_slice(&err);
                self.file_errors.push(ErrorEntry {
                    line: place.line,
                    column: place.column,
                    message: e.message.clone(),
                });
            }
            let what = match u {
                crate::notation::Unreadable::NotUtf8(k) => format!("not UTF-8 text from byte {k} on"),
                crate::notation::Unreadable::Binary(k) => format!("binary data from byte {k} on"),
            };
            return Some(if self.sum.games > 0 {
                format!("{shown_name}: {what}, not read; ")
            } else {
                format!("{shown_name}: {what}, not read: no game")
            });
        }
        if self.sum.games == 0 && !self.failed {
            if self.set.allow_empty {
                return Some(format!("{shown_name}: no game (the input is empty or holds only blanks)"));
            }
            self.failed = true;
            let _ = writeln!(self.o.err, "soumille: {shown_name}: {NO_GAME}");
            self.file_errors.push(ErrorEntry { line: 1, column: 1, message: NO_GAME.to_string() });
        }
        Some(String::new())
    }

    /// The end of the file's object in the JSON report.
    fn json_end(&mut self) {
        let out = &mut self.o.out;
        out.extend_from_slice(if self.games_written > 0 { b"\n    ]" } else { b"]" });
        if !self.file_errors.is_empty() {
            out.extend_from_slice(b", \"errors\": ");
            let _ = serde_json::to_writer(&mut *out, &self.file_errors);
        }
        if self.shown.more > 0 {
            let _ = write!(out, ", \"not_shown\": {}", self.shown.more);
        }
        if let Some(u) = &self.unreadable {
            out.extend_from_slice(b", \"unreadable\": ");
            let _ = serde_json::to_writer(&mut *out, u);
        }
        let status = if self.failed {
            "failed"
        } else if self.sum.flags > 0 {
            "flagged"
        } else {
            "clean"
        };
        let _ = write!(out, ", \"status\": \"{status}\"}}");
    }

    /// The file's line of counts (text report), after `line`, its start.
    fn count_line(&mut self, mut line: String) {
        let sum = &self.sum;
        if line.is_empty() || line.ends_with("; ") {
            let head = if line.is_empty() { format!("{}: ", self.shown_name) } else { line };
            line = format!("{head}{}, {}", plural(sum.games, "game"), plural(sum.throws, "throw"));
            if sum.errors > 0 {
                line.push_str(&format!(", {}", plural(sum.errors, "syntax error")));
            }
            if sum.flags > 0 {
                line.push_str(&format!(", {}", plural(sum.flags, "flag")));
            } else if !self.failed {
                line.push_str(", clean");
            }
        }
        line.push('\n');
        self.o.out.extend_from_slice(line.as_bytes());
    }
}

/// `check`'s replay of a long record whose throws were dropped as they were read
/// ([`crate::notation::stream_records_spilling`]): its throws read again from its text, once
/// for what the games must know of them all before the first, then a batch at a time by a
/// reading thread as the replay walks them. Memory: the text and a few batches, not the
/// record's throws (issue 16).
fn replay_spilled(r: &crate::notation::StreamRecord<'_>) -> crate::replay::Replay {
    use crate::notation::{records_spilling, Span, Throw};
    let Some(sp) = r.read.record.span else {
        return crate::replay::replay_books(&r.read.record, &r.read.header, Some(r.text));
    };
    let own = &r.text[sp.start as usize..sp.end as usize];
    // the throws' spans, from the record's text to the piece of the file `r.text`
    let off = sp.start as usize;
    let shift = move |mut t: Throw| {
        t.span = t.span.map(|s| Span::new(s.start as usize + off, s.end as usize + off));
        t
    };
    let mut sum = crate::replay::FeedSummary::default();
    let mut first: Option<Throw> = None;
    let count = |t: &Throw, sum: &mut crate::replay::FeedSummary, first: &mut Option<Throw>| {
        if first.is_none() {
            *first = Some(shift(t.clone()));
        }
        sum.add(t);
    };
    let rest = {
        let (sum, first) = (&mut sum, &mut first);
        let mut it = records_spilling(own, |b: &mut Vec<Throw>| b.drain(..).for_each(|t| count(&t, sum, first)));
        it.next()
    };
    for t in rest.iter().flat_map(|x| &x.record.throws) {
        count(t, &mut sum, &mut first);
    }
    let mut rec = r.read.record.clone();
    rec.throws = first.into_iter().collect();
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Throw>>(2);
        s.spawn(move || {
            // a send fails once the replay has stopped: the rest is read for nothing
            let rest = {
                let mut it = records_spilling(own, |b: &mut Vec<Throw>| {
                    let _ = tx.send(std::mem::take(b));
                });
                it.next()
            };
            if let Some(x) = rest {
                let _ = tx.send(x.record.throws);
            }
        });
        let feed = crate::replay::ThrowFeed::stream(rx.into_iter().flatten().map(shift), sum);
        crate::games::Games::of(&r.read.header).replay_fed(&rec, feed, &r.read.header, Some(r.text), false)
    })
}

/// Streams the records of `input` into canonical STN, written to `w` (records separated
/// by a blank line, as [`crate::notation::print_records`] does). Syntax errors are rendered
/// into `err`. Returns the summary and whether the file read without error.
pub fn fmt_stream(
    input: &Input,
    opts: PrintOptions,
    set: &Settings,
    w: &mut dyn Write,
    err: &mut Vec<u8>,
) -> io::Result<Summary> {
    let (name, mut sum, mut shown) = file_start(input, set);
    let mut first = true;
    let mut werr: Option<io::Error> = None;
    let end = stream_records(input.open()?, |mut r| {
        crate::games::registry::check_read(&mut r.read);
        count_record(&r, &mut sum, &mut shown, &name, set, err);
        if sum.errors > 0 {
            return ControlFlow::Continue(());
        }
        if !first {
            if let Err(e) = w.write_all(b"\n") {
                werr = Some(e);
                return ControlFlow::Break(());
            }
        }
        first = false;
        if let Err(e) = w.write_all(crate::notation::print_record(&r.read.record, opts).as_bytes()) {
            werr = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(e) = werr {
        return Err(e);
    }
    Ok(finish_file(sum, &end, &mut shown, &name, set, err))
}

/// One record of the JSON document, the `n`th (from 0). A long record, whose throws were
/// dropped as they were read, is read again from its own text `own`, each throw written as
/// it comes (memory: the text, issue 16).
fn record_json(
    w: &mut dyn Write,
    jbuf: &mut Vec<u8>,
    (compact, n): (bool, usize),
    read: &crate::notation::ReadRecord,
    own: &str,
) -> io::Result<()> {
    if read.spilled == 0 {
        return write_json(w, jbuf, compact, n, &crate::json::WireRecord::from(&read.record));
    }
    let rec = &read.record;
    let spilled = SpilledRecord {
        comments: rec.comments.iter().map(crate::json::wire::WireComment::from).collect(),
        tags: rec.tags.iter().map(crate::json::WireTag::from).collect(),
        throws: Reread(own),
    };
    write_json(w, jbuf, compact, n, &spilled)
}

/// Streams the records of `input` as the JSON document of [`crate::json`] (pretty, as
/// `json::to_string` prints it) or, `compact`, on one line. Spans (`--spans`) are offsets
/// in the file.
pub fn json_stream(
    input: &Input,
    spans: bool,
    compact: bool,
    set: &Settings,
    w: &mut dyn Write,
    err: &mut Vec<u8>,
) -> io::Result<Summary> {
    let (name, mut sum, mut shown) = file_start(input, set);
    // opened first: a file that cannot be read writes no half document
    let reader = input.open()?;
    let mut n = 0usize;
    let mut werr: Option<io::Error> = None;
    // held until the file's first game: a file of comments only writes no document
    let w = &mut Held { w, held: Some(Vec::new()) };
    let mut jbuf = Vec::new();
    if compact {
        w.write_all(b"{\"path\":")?;
        serde_json::to_writer(&mut *w, &input.name()).map_err(io::Error::other)?;
        write!(w, ",\"document\":{{\"schema_version\":{},\"records\":[", crate::json::SCHEMA_VERSION)?;
    } else {
        write!(w, "{{\n  \"schema_version\": {},\n  \"records\": [", crate::json::SCHEMA_VERSION)?;
    }
    let visit = |mut r: crate::notation::StreamRecord<'_>| {
        crate::games::registry::check_read(&mut r.read);
        count_record(&r, &mut sum, &mut shown, &name, set, err);
        if sum.errors > 0 {
            return ControlFlow::Continue(());
        }
        if r.is_game() {
            if let Err(e) = w.release() {
                werr = Some(e);
                return ControlFlow::Break(());
            }
        }
        // the record's own text (its span, before spans are stripped)
        let own = r.read.record.span.map_or(r.text, |sp| &r.text[sp.start as usize..sp.end as usize]);
        if spans {
            crate::notation::parser::fill_spans(r.text, &mut r.read);
            r.read.record.shift_spans(r.base as usize);
        } else {
            r.read.record.strip_spans();
        }
        if let Err(e) = record_json(&mut *w, &mut jbuf, (compact, n), &r.read, own) {
            werr = Some(e);
            return ControlFlow::Break(());
        }
        n += 1;
        ControlFlow::Continue(())
    };
    // without spans, a record's throws are not kept while it is read
    let end =
        if spans { stream_records(reader, visit)? } else { crate::notation::stream_records_spilling(reader, visit)? };
    if let Some(e) = werr {
        return Err(e);
    }
    if compact {
        w.write_all(b"]}}\n")?;
    } else if n > 0 {
        w.write_all(b"\n  ]\n}\n")?;
    } else {
        w.write_all(b"]\n}\n")?;
    }
    let sum = finish_file(sum, &end, &mut shown, &name, set, err);
    if sum.games > 0 || sum.errors > 0 || set.allow_empty {
        w.release()?;
    }
    Ok(sum)
}

/// A writer that holds what is written until [`Held::release`] (then writes through).
struct Held<'a> {
    w: &'a mut dyn Write,
    held: Option<Vec<u8>>,
}

impl Held<'_> {
    /// Writes what was held, and from now on writes through.
    fn release(&mut self) -> io::Result<()> {
        match self.held.take() {
            Some(b) => self.w.write_all(&b),
            None => Ok(()),
        }
    }
}

impl Write for Held<'_> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        match &mut self.held {
            Some(h) => {
                h.extend_from_slice(b);
                Ok(b.len())
            }
            None => self.w.write(b),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// One record of `json`'s document, the `n`th of its file, written into `w` through `buf`
/// (reused from record to record, handed on in chunks of 64 KiB: no copy of a long record's
/// whole JSON is held), then `w` flushed (the end of a record): on one line (`compact`) or as
/// `to_writer_pretty` writes it, each line after the first indented four more spaces.
fn write_json<T: Serialize>(
    w: &mut dyn Write,
    buf: &mut Vec<u8>,
    compact: bool,
    n: usize,
    value: &T,
) -> io::Result<()> {
    buf.clear();
    let mut out = Chunked { buf, w: &mut *w };
    if compact {
        out.buf.extend_from_slice(if n > 0 { b"," } else { b"" });
        serde_json::to_writer(&mut out, value).map_err(io::Error::other)?;
    } else {
        out.buf.extend_from_slice(if n > 0 { b",\n    " } else { b"\n    " });
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Nested::default());
        value.serialize(&mut ser).map_err(io::Error::other)?;
    }
    out.w.write_all(out.buf)?;
    out.buf.clear();
    w.flush()
}

/// A writer into a reused buffer, handed on to `w` past 64 KiB.
struct Chunked<'a> {
    buf: &'a mut Vec<u8>,
    w: &'a mut dyn Write,
}

impl Write for Chunked<'_> {
    #[inline]
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.write_all(b).map(|_| b.len())
    }
    #[inline]
    fn write_all(&mut self, b: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= 64 << 10 {
            self.w.write_all(self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `serde_json`'s pretty layout (two spaces a level) with every line after the first
/// indented four spaces more: a record inside the document's `records`.
#[derive(Default)]
struct Nested {
    level: usize,
    has_value: bool,
}

impl Nested {
    /// A line ended by `lead` (`\n` or `,\n`) and the next one's indent, in one write when
    /// the indent is under 127 spaces (a write a line: most of the document's writes).
    fn line<W: ?Sized + Write>(&self, w: &mut W, lead: &'static [u8]) -> io::Result<()> {
        const LINE: &[u8; 129] = b",\n                                                                                                                               ";
        let start = if lead.len() == 1 { 1 } else { 0 };
        let mut n = 4 + 2 * self.level;
        let first = n.min(LINE.len() - 2);
        w.write_all(&LINE[start..2 + first])?;
        n -= first;
        while n > 0 {
            let k = n.min(LINE.len() - 2);
            w.write_all(&LINE[2..2 + k])?;
            n -= k;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Nested {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b"[")
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(w, b"\n")?;
        }
        w.write_all(b"]")
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.line(w, if first { b"\n" } else { b",\n" })
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b"{")
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(w, b"\n")?;
        }
        w.write_all(b"}")
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.line(w, if first { b"\n" } else { b",\n" })
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// A record read with its throws spilled ([`crate::notation::stream_records_spilling`]), as
/// [`crate::json::WireRecord`] serializes without spans: its throws read again from its text.
#[derive(Serialize)]
struct SpilledRecord<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments: Vec<crate::json::wire::WireComment>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tags: Vec<crate::json::WireTag>,
    throws: Reread<'a>,
}

/// The throws of one record's text, read again and serialized one by one (as
/// [`crate::json::WireThrow`]) as the reader hands them on, without spans.
struct Reread<'a>(&'a str);

impl Serialize for Reread<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        let mut failed: Option<S::Error> = None;
        let one = |seq: &mut S::SerializeSeq, mut t: crate::notation::Throw, failed: &mut Option<S::Error>| {
            if failed.is_none() {
                t.span = None;
                t.spans = None;
                if let Err(e) = seq.serialize_element(&crate::json::WireThrow::from(&t)) {
                    *failed = Some(e);
                }
            }
        };
        let rest = {
            let (seq, failed) = (&mut seq, &mut failed);
            let mut it = crate::notation::records_spilling(self.0, |batch: &mut Vec<crate::notation::Throw>| {
                for t in batch.drain(..) {
                    one(seq, t, failed);
                }
            });
            it.next()
        };
        for t in rest.map(|r| r.record.throws).unwrap_or_default() {
            one(&mut seq, t, &mut failed);
        }
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

/// Writes `fill`'s bytes to `path` safely: into a temporary file of its own in the folder
/// of the file `path` names (following symbolic links, so that a link stays a link and its
/// target is rewritten), then renamed onto it. On an error (or when `fill` says `false`) the
/// temporary file is removed and the file is left as it was.
///
/// The new file keeps the mode and the owner of the old one. The file is refused (an error,
/// the file untouched) when it is read-only, when it has several hard links (a rename would
/// split them), when its owner cannot be kept, and when it changed between the moment it was
/// read and the rename (an editor saved it meanwhile). Each write has its own temporary name,
/// `.NAME.soumille-PID-N.tmp`; those of the same file left by a process that no longer runs
/// (killed) are removed first.
pub fn write_atomically(path: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<bool>) -> io::Result<bool> {
    let target = std::fs::canonicalize(path)?;
    let before = std::fs::metadata(&target)?;
    refuse_to_replace(&target, &before)?;
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    remove_stale_temporaries(dir, &name);
    let (tmp, f) = create_temporary(dir, &name)?;
    let result = (|| {
        let mut bw = io::BufWriter::new(f);
        if !fill(&mut bw)? {
            return Ok(false);
        }
        let f = bw.into_inner().map_err(|e| e.into_error())?;
        keep_owner_and_mode(&f, &before)?;
        f.sync_all()?;
        drop(f);
        let now = std::fs::metadata(&target)?;
        if changed(&before, &now) {
            return Err(io::Error::other("changed while it was being formatted: not rewritten (run again)"));
        }
        std::fs::rename(&tmp, &target)?;
        Ok(true)
    })();
    if !matches!(result, Ok(true)) {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Refuses a file that `--write` must not replace: a read-only one (no write permission
/// bit, or not writable by this user), one that is not a plain file, one with hard links.
fn refuse_to_replace(target: &Path, m: &std::fs::Metadata) -> io::Result<()> {
    if !m.is_file() {
        return Err(io::Error::other("not a plain file: not rewritten"));
    }
    let writable = !m.permissions().readonly() && std::fs::OpenOptions::new().append(true).open(target).is_ok();
    if !writable {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "read-only: not rewritten (make it writable to format it in place)",
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if m.nlink() > 1 {
            return Err(io::Error::other(format!(
                "has {} hard links: replacing it would split them, so it is not rewritten \
                 (print it with `soumille fmt FILE` and copy the text over it)",
                m.nlink()
            )));
        }
    }
    Ok(())
}

/// Gives the new file the owner (when it differs from the new file's) and the mode of the
/// old one; an owner that cannot be kept is an error.
fn keep_owner_and_mode(f: &std::fs::File, old: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = f.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            std::os::unix::fs::fchown(f, Some(old.uid()), Some(old.gid())).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot keep its owner ({}:{}): not rewritten: {e}", old.uid(), old.gid()),
                )
            })?;
        }
    }
    f.set_permissions(old.permissions())
}

/// Whether the file changed between two looks: another file in its place, another size,
/// another modification or change time.
fn changed(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if (a.dev(), a.ino(), a.ctime(), a.ctime_nsec()) != (b.dev(), b.ino(), b.ctime(), b.ctime_nsec()) {
            return true;
        }
    }
    a.len() != b.len() || a.modified().ok() != b.modified().ok()
}

/// The start of the temporary names of the file `name`.
fn temporary_prefix(name: &str) -> String {
    format!(".{name}.soumille-")
}

/// A new temporary file beside `name`, of this write alone: `.NAME.soumille-PID-N.tmp`,
/// created only if no file has that name.
fn create_temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!("{}{}-{n}.tmp", temporary_prefix(name), std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Removes the temporary files of `name` in `dir` (`.NAME.soumille-PID-N.tmp`, or
/// `.NAME.soumille-PID.tmp` as earlier versions named them) whose process no longer runs.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let prefix = temporary_prefix(name);
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(prefix.as_str())) else { continue };
        let Some(middle) = rest.strip_suffix(".tmp") else { continue };
        let pid = middle.split_once('-').map_or(middle, |(p, _)| p);
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(pid) || !middle.split_once('-').is_none_or(|(_, n)| digits(n)) {
            continue;
        }
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid != std::process::id() && !process_runs(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether the process `pid` runs (when that cannot be told: yes, so nothing is removed).
fn process_runs(pid: u32) -> bool {
    #[cfg(target_os = "linux")]
    {
        // without /proc mounted nothing can be told
        !Path::new("/proc/self").exists() || Path::new("/proc").join(pid.to_string()).exists()
    }
    #[cfg(all(unix, not(target_os = "linux")))]
    {
        // `kill -0` fails for a process that does not run, and for another user's (which runs)
        std::process::Command::new("kill")
            .args(["-0", &pid.to_string()])
            .output()
            .map_or(true, |o| o.status.success() || String::from_utf8_lossy(&o.stderr).contains("ermitted"))
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder.
    fn scratch(what: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("soumille-corpus-unit-{what}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_file_saved_while_it_is_formatted_is_not_replaced() {
        let d = scratch("changed");
        let f = d.join("a.stn");
        std::fs::write(&f, "1. 6-5 AG AF\n").unwrap();
        let r = write_atomically(&f, |w| {
            w.write_all(b"formatted\n")?;
            // an editor saves the file meanwhile
            std::thread::sleep(std::time::Duration::from_millis(20));
            std::fs::write(&f, "1. 6-5 AG AF\n2. 4-1 &S &V\n")?;
            Ok(true)
        });
        let e = r.expect_err("a changed file is refused");
        assert!(e.to_string().contains("changed"), "{e}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "1. 6-5 AG AF\n2. 4-1 &S &V\n");
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn every_write_has_its_own_temporary_file() {
        let d = scratch("unique");
        let (a, _fa) = create_temporary(&d, "x.stn").unwrap();
        let (b, _fb) = create_temporary(&d, "x.stn").unwrap();
        assert_ne!(a, b);
        let name = a.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".x.stn.soumille-") && name.ends_with(".tmp"), "{name}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn colour_follows_the_flag_then_no_color_then_the_terminal() {
        use std::ffi::OsStr;
        assert!(colour(Some(true), false, Some(OsStr::new("1"))));
        assert!(!colour(Some(false), true, None));
        assert!(colour(None, true, None));
        assert!(colour(None, true, Some(OsStr::new(""))));
        assert!(!colour(None, true, Some(OsStr::new("1"))));
        assert!(!colour(None, false, None));
    }
}
