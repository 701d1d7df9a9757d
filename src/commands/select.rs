//! `soumille select` (docs/data.md §1): the records of files and folders that pass a
//! selection, streamed record by record on every core as `check` reads them; written as STN
//! (each record's text untouched), as a list or as JSON Lines, counted, deduplicated or
//! split into files. And `fmt --annotate` / `--strip` (docs/data.md §2).

use super::corpus::CorpusOptions;
use super::{CommandError, Outcome};
use crate::corpus::{Input, Output, Printer, Summary};
use crate::notation::{Header, Record, StreamRecord};
use crate::replay::Replay;
use crate::select::{Criteria, Need};
use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How the records selected are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectFormat {
    /// Each record's text as it is in its file, a blank line between two.
    Stn,
    /// A line a record: `PATH:LINE: record N: GAME, TOP – BOTTOM, RESULT, N throws`.
    List,
    /// A JSON object a line: path, record, line, game, tags, throws (and, replayed, flags,
    /// winner, end).
    Jsonl,
}

/// How `--split-by` names the file each record goes into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitBy {
    /// A file a record: `000001.stn`, … in the order read.
    Record,
    /// A file a game: `backgammon.stn`, …
    Game,
    /// A file a match: the records of one `Event`, `Date`, `Top` and `Bottom`.
    Match,
    /// A file a player (`Top` or `Bottom`): a record goes into both its players' files.
    Player,
}

/// What `select` was asked.
#[derive(Debug)]
pub struct SelectAsked {
    /// The selection.
    pub criteria: Criteria,
    /// Keep the first of records with the same throws (any tags).
    pub dedupe: bool,
    /// Print the number of records selected only.
    pub count: bool,
    /// How the records are written.
    pub format: SelectFormat,
    /// Split into files in this folder, instead of printing.
    pub split: Option<(SplitBy, PathBuf)>,
}

/// The duplicates found: the first (file, record) of each set of throws.
enum Seen {
    None,
    /// One pass over one input: the throws seen so far.
    Running(Mutex<HashSet<u128>>),
    /// The second pass over several inputs: the first place of each set of throws.
    Known(HashMap<u128, (usize, usize)>),
}

/// One run of `select`.
struct Run<'a> {
    asked: &'a SelectAsked,
    need: Need,
    seen: Seen,
    selected: AtomicUsize,
}

/// A record that passed.
struct Found<'r> {
    path: String,
    number: usize,
    line: usize,
    rec: &'r Record,
    header: &'r Header,
    text: &'r str,
    rp: Option<&'r Replay>,
}

/// `select FILES`: the records that pass (docs/data.md §1). Exit 0, or 2 when a file could
/// not be read; records with syntax errors are not selected and are said on stderr with their
/// place.
pub fn select(files: &[PathBuf], asked: &SelectAsked, c: &CorpusOptions) -> Result<Outcome, CommandError> {
    let (inputs, _) = crate::corpus::expand(files);
    if inputs.is_empty() {
        return Err(CommandError::NoFiles(files.to_vec()));
    }
    let need = asked.criteria.need();
    let mut run = Run { asked, need, seen: Seen::None, selected: AtomicUsize::new(0) };
    if asked.dedupe {
        // several inputs, read in parallel: a first pass finds where each set of throws is
        // first selected (in the order of the files), so the output never depends on the threads
        run.seen = if inputs.len() > 1 {
            let first = first_places(&inputs, &run);
            run.selected.store(0, Ordering::Relaxed);
            Seen::Known(first)
        } else {
            Seen::Running(Mutex::new(HashSet::new()))
        };
    }
    let printer = Printer::new(c.quiet, None);
    let sum = match &asked.split {
        Some((by, dir)) => split(&inputs, &run, *by, dir, &printer)?,
        None => crate::corpus::run_all(&inputs, &printer, |k, input, emit| {
            let mut o = Output::default();
            // a blank line between two files' records
            let mut first = k == 0;
            let mut err = Vec::new();
            let sum = select_file(k, input, &run, &mut err, &mut |f| {
                if !asked.count {
                    write_found(&mut o.out, f, asked.format, &mut first);
                    emit(&mut o, false);
                }
            });
            o.err.extend_from_slice(&err);
            emit(&mut o, true);
            sum
        }),
    };
    if let Some(e) = printer.take_error() {
        return Err(e.into());
    }
    if asked.count {
        printer
            .direct(&Output { out: format!("{}\n", run.selected.load(Ordering::Relaxed)).into_bytes(), err: vec![] })?;
    }
    Ok(if sum.failed > 0 && sum.errors > sum.games { Outcome::Failed } else { Outcome::Clean })
}

/// The first pass of `--dedupe` over several inputs (in parallel): the first (file, record)
/// of each set of throws among the records selected.
fn first_places(inputs: &[Input], run: &Run) -> HashMap<u128, (usize, usize)> {
    let first: Mutex<HashMap<u128, (usize, usize)>> = Mutex::new(HashMap::new());
    let printer = Printer::new(true, None);
    crate::corpus::run_all(inputs, &printer, |k, input, _| {
        let mut mine: Vec<(u128, usize)> = Vec::new();
        let s = select_file(k, input, run, &mut Vec::new(), &mut |f| mine.push((throws_key(f.rec), f.number)));
        let mut m = first.lock().unwrap_or_else(|e| e.into_inner());
        for (key, n) in mine {
            let e = m.entry(key).or_insert((k, n));
            *e = (*e).min((k, n));
        }
        s
    });
    first.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The key of a record's throws (any tags, any comments): two 64-bit hashes of their
/// canonical text.
pub fn throws_key(rec: &Record) -> u128 {
    use std::hash::{Hash, Hasher};
    let mut bare = Record { comments: Vec::new(), tags: Vec::new(), throws: rec.throws.clone(), span: None };
    for t in &mut bare.throws {
        t.comments.clear();
        t.span = None;
        t.spans = None;
    }
    let text = crate::notation::print_record(&bare, Default::default());
    let mut a = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut a);
    let mut b = std::collections::hash_map::DefaultHasher::new();
    (0x9e37_79b9u32, &text).hash(&mut b);
    (u128::from(a.finish()) << 64) | u128::from(b.finish())
}

/// Reads one file, record by record, and hands each record that passes to `found`; syntax
/// errors are said in `err` with their place.
fn select_file(k: usize, input: &Input, run: &Run, err: &mut Vec<u8>, found: &mut dyn FnMut(&Found)) -> Summary {
    let path = input.name();
    let shown = crate::notation::escape_controls(&path).into_owned();
    let mut sum = Summary { files: 1, ..Summary::default() };
    let mut session = crate::games::backgammon::Session::new();
    let read = input.open().and_then(|reader| {
        crate::notation::stream_records(reader, |mut r| {
            crate::games::registry::check_read(&mut r.read);
            if !r.is_game() && r.read.errors.is_empty() {
                return ControlFlow::Continue(());
            }
            sum.games += 1;
            sum.throws += r.read.record.throws.len();
            if !r.read.errors.is_empty() {
                sum.errors += 1;
                say_errors(err, &shown, &r);
                session.skip();
                return ControlFlow::Continue(());
            }
            if let Some(f) = judge(&r, run, &mut session, &path) {
                if keep(run, k, &f) {
                    run.selected.fetch_add(1, Ordering::Relaxed);
                    found(&f.found());
                }
            }
            ControlFlow::Continue(())
        })
    });
    match read {
        Ok(end) => {
            sum.bytes = end.bytes;
            if let Some(u) = end.unreadable {
                let _ = writeln!(err, "soumille select: {shown}: {}", u.error().message);
                sum.failed = 1;
            }
        }
        Err(e) => {
            let _ = writeln!(err, "soumille select: cannot read {shown}: {e}");
            sum.failed = 1;
            sum.errors += 1;
        }
    }
    sum
}

/// A record's syntax errors on stderr, each at its line and column: the record is not
/// selected.
fn say_errors(err: &mut Vec<u8>, shown: &str, r: &StreamRecord) {
    let mut loc = r.locator();
    for e in &r.read.errors {
        let p = loc.place(e.span.map_or(0, |s| s.start as usize));
        let _ = writeln!(
            err,
            "soumille select: {shown}:{}:{}: record {} not read: {}: {}",
            p.line, p.column, r.number, e.message, e.label
        );
    }
}

/// A record read and judged: owned pieces of the streamed record.
struct Judged<'r> {
    r: &'r StreamRecord<'r>,
    path: &'r str,
    rp: Option<Replay>,
}

impl Judged<'_> {
    fn found(&self) -> Found<'_> {
        let rec = &self.r.read.record;
        let text = rec.span.map_or(self.r.text, |sp| &self.r.text[sp.start as usize..sp.end as usize]);
        Found {
            path: self.path.to_string(),
            number: self.r.number,
            line: self.r.start.line,
            rec,
            header: &self.r.read.header,
            text,
            rp: self.rp.as_ref(),
        }
    }
}

/// The record against the criteria, replayed when they need it (backgammon's match play
/// judged across the file as `check` judges it).
fn judge<'r>(
    r: &'r StreamRecord<'r>,
    run: &Run,
    session: &mut crate::games::backgammon::Session,
    path: &'r str,
) -> Option<Judged<'r>> {
    let (rec, header) = (&r.read.record, &r.read.header);
    let c = &run.asked.criteria;
    let text_ok = c.text_holds(rec, header);
    if run.need == Need::Text {
        return text_ok.then_some(Judged { r, path, rp: None });
    }
    if !text_ok {
        // a record failed by its text is replayed (without steps) only for backgammon's match
        // play, which judges the next record of the file from it
        if header.game == crate::notation::Game::Backgammon {
            let mut rp = crate::replay_books(rec, header, Some(r.text));
            session.judge(rec, header, &mut rp);
        }
        return None;
    }
    let mut rp = match run.need {
        Need::Steps => crate::replay(rec, header, Some(r.text)),
        _ => crate::replay_books(rec, header, Some(r.text)),
    };
    session.judge(rec, header, &mut rp);
    (text_ok && c.replay_holds(&rp)).then_some(Judged { r, path, rp: Some(rp) })
}

/// Whether a record that passed is kept: not a duplicate of one before it.
fn keep(run: &Run, k: usize, j: &Judged) -> bool {
    match &run.seen {
        Seen::None => true,
        Seen::Running(set) => set.lock().unwrap_or_else(|e| e.into_inner()).insert(throws_key(&j.r.read.record)),
        Seen::Known(first) => first.get(&throws_key(&j.r.read.record)) == Some(&(k, j.r.number)),
    }
}

/// A record selected, written as asked.
fn write_found(out: &mut Vec<u8>, f: &Found, format: SelectFormat, first: &mut bool) {
    match format {
        SelectFormat::Stn => {
            if !*first {
                out.push(b'\n');
            }
            out.extend_from_slice(f.text.trim_end_matches(['\n', '\r']).as_bytes());
            out.push(b'\n');
        }
        SelectFormat::List => {
            let tag = |t| f.rec.tag(t).unwrap_or("?");
            let _ = writeln!(
                out,
                "{}:{}: record {}: {}, {} – {}, {}, {} throws",
                crate::notation::escape_controls(&f.path),
                f.line,
                f.number,
                f.header.game.name(),
                tag("Top"),
                tag("Bottom"),
                f.rec.tag("Result").unwrap_or("*"),
                f.rec.throws.len()
            );
        }
        SelectFormat::Jsonl => {
            let _ = serde_json::to_writer(&mut *out, &json_line(f));
            out.push(b'\n');
        }
    }
    *first = false;
}

/// The JSON Lines object of a record selected (docs/data.md §1).
fn json_line(f: &Found) -> serde_json::Value {
    let tags: serde_json::Map<String, serde_json::Value> =
        f.rec.tags.iter().map(|t| (t.name.to_string(), t.value.clone().into())).collect();
    let mut v = serde_json::json!({
        "path": f.path,
        "record": f.number,
        "line": f.line,
        "game": f.header.game.name(),
        "tags": tags,
        "throws": f.rec.throws.len(),
    });
    if let Some(rp) = f.rp {
        v["flags"] = rp.flags.len().into();
        v["winner"] = rp.end.map(|e| e.winner.name()).into();
        v["end"] = rp.end.and_then(|e| e.kind()).into();
    }
    v
}

/// `--split-by`: the records selected written into files in `dir`, in the order read (one
/// input after the other).
fn split(inputs: &[Input], run: &Run, by: SplitBy, dir: &Path, printer: &Printer) -> Result<Summary, CommandError> {
    std::fs::create_dir_all(dir).map_err(|e| CommandError::Read { path: dir.to_path_buf(), source: e })?;
    let mut files = Splitter {
        dir: dir.to_path_buf(),
        open: HashMap::new(),
        made: HashSet::new(),
        current: HashMap::new(),
        ended: HashSet::new(),
        n: 0,
        error: None,
    };
    let mut sum = Summary::default();
    for (k, input) in inputs.iter().enumerate() {
        let mut o = Output::default();
        let s = select_file(k, input, run, &mut o.err, &mut |f| {
            for name in split_names(f, by, &mut files.n) {
                files.write(&name, f.text, !f.rec.throws.is_empty());
            }
        });
        printer.direct(&o)?;
        sum.add(&s);
    }
    if let Some(e) = files.error.take() {
        return Err(e.into());
    }
    for (_, mut w) in files.open.drain() {
        w.flush()?;
    }
    Ok(sum)
}

/// The file names a record selected goes into.
fn split_names(f: &Found, by: SplitBy, n: &mut usize) -> Vec<String> {
    let tag = |t: &str| f.rec.tag(t).unwrap_or_default().to_string();
    match by {
        SplitBy::Record => {
            *n += 1;
            vec![format!("{n:06}")]
        }
        SplitBy::Game => vec![f.header.game.name().to_string()],
        SplitBy::Match => {
            let parts = [tag("Event"), tag("Date"), tag("Top"), tag("Bottom")];
            if parts.iter().all(String::is_empty) {
                let stem = Path::new(&f.path).file_stem().map(|s| s.to_string_lossy().into_owned());
                vec![file_name(&stem.unwrap_or_default())]
            } else {
                vec![file_name(&parts.join("_"))]
            }
        }
        SplitBy::Player => {
            let mut v: Vec<String> = ["Top", "Bottom"].iter().map(|t| tag(t)).filter(|p| !p.is_empty()).collect();
            v.dedup();
            if v.is_empty() {
                v.push("unknown".into());
            }
            v.iter().map(|p| file_name(p)).collect()
        }
    }
}

/// A name made safe as a file name: letters, digits, `-`, `_` and `.`; the rest `_`.
fn file_name(s: &str) -> String {
    let mut n: String =
        s.chars().map(|c| if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' }).take(80).collect();
    n = n.trim_start_matches('.').to_string();
    if n.is_empty() {
        "unnamed".into()
    } else {
        n
    }
}

/// The files of `--split-by`, kept open (at most [`Splitter::MAX_OPEN`] at once).
struct Splitter {
    dir: PathBuf,
    open: HashMap<String, io::BufWriter<std::fs::File>>,
    made: HashSet<String>,
    /// The file a name writes into now, and how many it has had (`name`, `name-2`, …).
    current: HashMap<String, (String, usize)>,
    /// The files whose last record has no throw: a tag after it would join that record
    /// (a record's tags end at its first throw, docs/format.md §2), so the next goes into
    /// another file.
    ended: HashSet<String>,
    n: usize,
    error: Option<io::Error>,
}

impl Splitter {
    const MAX_OPEN: usize = 128;

    /// Writes a record's text into the file `name.stn` (made empty the first time in the run;
    /// `name-2.stn`, … after a record with no throw).
    fn write(&mut self, base: &str, text: &str, throws: bool) {
        if self.error.is_some() {
            return;
        }
        let (mut name, mut k) = self.current.get(base).cloned().unwrap_or_else(|| (base.to_string(), 1));
        if self.ended.contains(&name) {
            k += 1;
            name = format!("{base}-{k}");
            self.current.insert(base.to_string(), (name.clone(), k));
        }
        if !throws {
            self.ended.insert(name.clone());
        }
        let name = name.as_str();
        let fresh = !self.made.contains(name);
        if !self.open.contains_key(name) {
            if self.open.len() >= Self::MAX_OPEN {
                for (_, mut w) in self.open.drain() {
                    if let Err(e) = w.flush() {
                        self.error = Some(e);
                    }
                }
            }
            let path = self.dir.join(format!("{name}.stn"));
            let f = std::fs::OpenOptions::new().create(true).write(true).append(!fresh).truncate(fresh).open(path);
            match f {
                Ok(f) => {
                    self.open.insert(name.to_string(), io::BufWriter::new(f));
                    self.made.insert(name.to_string());
                }
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            }
        }
        let Some(w) = self.open.get_mut(name) else { return };
        let sep: &[u8] = if fresh { b"" } else { b"\n" };
        let r = w.write_all(sep).and_then(|_| w.write_all(text.trim_end_matches(['\n', '\r']).as_bytes()));
        if let Err(e) = r.and_then(|_| w.write_all(b"\n")) {
            self.error = Some(e);
        }
    }
}

impl super::cli::SelectArgs {
    /// What the command line asks of `select`: its criteria read (an error names the
    /// criterion).
    pub fn asked(&self) -> Result<SelectAsked, CommandError> {
        use super::cli::{SelectOutput, SplitArg};
        use crate::select::{CriterionError, EventTest, FlagTest, PositionPattern, Range, TagTest, Winner};
        let criteria = Criteria {
            tags: self.tag.iter().map(|t| TagTest::parse(t)).collect::<Result<_, _>>()?,
            games: self.game.clone(),
            players: self.player.clone(),
            winner: self.result.as_deref().map(|r| match r {
                "top" => Winner::Seat(crate::Seat::Top),
                "bottom" => Winner::Seat(crate::Seat::Bottom),
                _ => Winner::Unfinished,
            }),
            clean: if self.clean {
                Some(true)
            } else if self.flagged {
                Some(false)
            } else {
                None
            },
            throws: self.throws.as_deref().map(Range::parse).transpose()?,
            flags: self.flag.iter().map(|f| FlagTest::parse(f)).collect::<Result<_, _>>()?,
            events: self.event.iter().map(|e| EventTest::parse(e)).collect::<Result<_, _>>()?,
            positions: self
                .position
                .iter()
                .map(|p| {
                    PositionPattern::parse(p)
                        .map_err(|e| CriterionError { criterion: e.pattern.clone(), message: e.message.clone() })
                })
                .collect::<Result<_, _>>()?,
        };
        let format = match self.output {
            SelectOutput::Stn => SelectFormat::Stn,
            SelectOutput::List => SelectFormat::List,
            SelectOutput::Jsonl => SelectFormat::Jsonl,
        };
        let by = |s: SplitArg| match s {
            SplitArg::Record => SplitBy::Record,
            SplitArg::Game => SplitBy::Game,
            SplitArg::Match => SplitBy::Match,
            SplitArg::Player => SplitBy::Player,
        };
        let split = self.split_by.zip(self.into.clone()).map(|(s, d)| (by(s), d));
        Ok(SelectAsked { criteria, dedupe: self.dedupe, count: self.count, format, split })
    }
}

/// `fmt --annotate` / `fmt --strip` (docs/data.md §2): every record printed canonically as
/// `fmt` prints it, with `check`'s findings written in as `{ soumille: … }` comments or such
/// comments taken out; on the output or (`write`) into each file. A file with syntax errors
/// is said on stderr at their places and left as it is (exit 2).
pub fn annotate(
    files: &[PathBuf],
    (letters, write, strip): (Option<crate::Dialect>, bool, bool),
    c: &CorpusOptions,
) -> Result<Outcome, CommandError> {
    let (inputs, _) = crate::corpus::expand(files);
    if inputs.is_empty() {
        return Err(CommandError::NoFiles(files.to_vec()));
    }
    let opts = crate::notation::PrintOptions { letters, higher_die_first: true, ..Default::default() };
    let printer = Printer::new(c.quiet, None);
    let sum = crate::corpus::run_all(&inputs, &printer, |k, input, emit| {
        let mut o = Output::default();
        let mut sum = Summary { files: 1, ..Summary::default() };
        let mut each = |w: &mut dyn Write, err: &mut Vec<u8>| annotate_stream(input, opts, strip, w, err, &mut sum);
        let r = match (write, input) {
            (true, Input::File(path)) => crate::corpus::write_atomically(path, |w| each(w, &mut o.err)).map(|_| ()),
            (true, _) => Err(io::Error::other("--write needs a file, not standard input")),
            (false, _) => {
                if k > 0 {
                    o.out.push(b'\n');
                }
                let mut text = Vec::new();
                let r = each(&mut text, &mut o.err).map(|_| ());
                o.out.extend_from_slice(&text);
                r
            }
        };
        if let Err(e) = r {
            let _ = writeln!(o.err, "soumille fmt: {}: {e}", crate::notation::escape_controls(&input.name()));
            sum.failed = 1;
        }
        emit(&mut o, true);
        sum
    });
    if let Some(e) = printer.take_error() {
        return Err(e.into());
    }
    Ok(if sum.failed > 0 { Outcome::Failed } else { Outcome::Clean })
}

/// One file's records, annotated or stripped, into `w`; `Ok(false)` when a record had syntax
/// errors (said in `err`): the file is not written.
fn annotate_stream(
    input: &Input,
    opts: crate::notation::PrintOptions,
    strip: bool,
    w: &mut dyn Write,
    err: &mut Vec<u8>,
    sum: &mut Summary,
) -> io::Result<bool> {
    let shown = crate::notation::escape_controls(&input.name()).into_owned();
    let mut session = crate::games::backgammon::Session::new();
    let mut first = true;
    let mut werr = None;
    let end = crate::notation::stream_records(input.open()?, |mut r| {
        crate::games::registry::check_read(&mut r.read);
        if !r.read.errors.is_empty() {
            say_errors(err, &shown, &r);
            sum.failed = 1;
            return ControlFlow::Continue(());
        }
        if !r.is_game() || sum.failed > 0 {
            return ControlFlow::Continue(());
        }
        sum.games += 1;
        let mut rec = r.read.record.clone();
        if strip {
            crate::select::strip_annotations(&mut rec);
        } else {
            let mut rp = crate::replay_books(&rec, &r.read.header, Some(r.text));
            session.judge(&rec, &r.read.header, &mut rp);
            sum.flags += crate::select::annotate_flags(&mut rec, &rp);
        }
        let sep: &[u8] = if first { b"" } else { b"\n" };
        first = false;
        let text = crate::notation::print_record(&rec, opts);
        if let Err(e) = w.write_all(sep).and_then(|_| w.write_all(text.as_bytes())) {
            werr = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(e) = werr {
        return Err(e);
    }
    if let Some(u) = end.unreadable {
        let _ = writeln!(err, "soumille fmt: {shown}: {}", u.error().message);
        sum.failed = 1;
    }
    Ok(sum.failed == 0)
}
