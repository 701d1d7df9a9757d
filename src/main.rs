//! `soumille`: the command line, a thin layer over the library (CLI.md).
//!
//! Exit status: 0 clean, 1 something was flagged, 2 a file could not be read or parsed, or
//! the command line was wrong. A closed pipe on standard output is not an error.

use clap::{Parser, Subcommand, ValueEnum};
use soumille::notation::error::{render, Style};
use soumille::notation::{print_records, PrintOptions, Record};
use soumille::report::{CheckReport, FileReading};
use soumille::{json, Dialect};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Records of French Grand Trictrac in Soumille's notation (STN): read, check, convert.
#[derive(Parser, Debug)]
#[command(name = "soumille", version, about, long_about = None)]
struct Cli {
    /// How syntax errors are drawn on stderr: `auto` (graphical on a terminal, narrated
    /// otherwise), `graphical` (no colour, 80 columns), `narrated`.
    #[arg(long, global = true, value_enum, default_value_t = Diagnostics::Auto)]
    diagnostics: Diagnostics,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Diagnostics {
    Auto,
    Graphical,
    Narrated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SheetFormat {
    Text,
    Markdown,
    Html,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Picture {
    Text,
    Svg,
    /// The position string (NOTATION.md §6) with every score field, for `explain`.
    Position,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Letters {
    Soumille,
    Lepeintre,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Read, replay and validate records; list every error and flag.
    ///
    /// Syntax errors are shown on stderr with their place in the file. Exit 0 when clean,
    /// 1 when something was flagged, 2 when a file could not be read or parsed.
    /// `-` reads standard input.
    Check {
        /// STN files (`-` for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// `text` (diagnostics on stderr) or `json` (the report of CLI.md on stdout).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print a record canonically (higher die first, moves without dashes, tags in order).
    ///
    /// Reads syntax only, never replays. With `--write` the file is replaced safely: the
    /// new text goes to a temporary file in the same folder, which is then renamed.
    Fmt {
        /// The STN file (`-` for standard input), or a JSON document with `--from-json`.
        file: PathBuf,
        /// Convert the record's letters.
        #[arg(long, value_enum)]
        letters: Option<Letters>,
        /// Rewrite the file in place instead of printing it.
        #[arg(long, conflicts_with = "from_json")]
        write: bool,
        /// Read the JSON of `soumille json` and print it as STN.
        #[arg(long)]
        from_json: bool,
    },
    /// Convert a record to JSON (the model of `schema/record.schema.json`).
    ///
    /// Reads syntax only. Without `--spans` there are no byte offsets, so
    /// `json(fmt(F)) == json(F)`.
    Json {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Include the byte offsets of every token.
        #[arg(long)]
        spans: bool,
    },
    /// The game throw by throw: dice, play, every jan with its ways and points, what each
    /// seat marked and should have marked, the score after, and the flags.
    Replay {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// `text` or `json` (one document: `rows`, `flags`, `result`, `final`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The annotated score sheet of the tour: a row per throw with both seats' marks and
    /// running totals, relèves and holes, and the result with its winnings (`gains` scheme).
    Sheet {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// `text`, `markdown`, `html` or `json`.
        #[arg(long, value_enum, default_value_t = SheetFormat::Text)]
        format: SheetFormat,
    },
    /// The board after throw N (`--at 0`: the start), replaying the record.
    ///
    /// Text: the classic layout, top's side A..M above and bottom's & .. N below, top's
    /// men `x`, bottom's `o`. SVG: a drawing of the board. Position: the position string
    /// (NOTATION.md §6) with holes, points, throws, bredouille and pavillon, which
    /// `soumille explain` reads to explain the next throw.
    Show {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// The throw after which to show the board.
        #[arg(long, default_value_t = 0)]
        at: u32,
        /// Which record of the file (1 = the first).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// `text`, `svg` or `position`.
        #[arg(long, value_enum, default_value_t = Picture::Text)]
        format: Picture,
    },
    /// Every legal play of a roll in a position (and every jan with its points).
    ///
    /// POSITION is a position string (NOTATION.md §6) such as "A15/&15 top". Plays are in
    /// canonical notation with the resulting men (field 1 of a position string). With
    /// `--batch`, reads `POSITION<TAB>DICE` lines from stdin and writes one JSON object a line.
    Explain {
        /// A position string, e.g. "A9BC2DGH/N2VX&11 bottom".
        #[arg(required_unless_present = "batch")]
        position: Option<String>,
        /// The roll, e.g. 6-5 or sonnez.
        #[arg(long, required_unless_present = "batch")]
        dice: Option<String>,
        /// Read `POSITION<TAB>DICE` lines from stdin, write JSON Lines.
        #[arg(long, conflicts_with_all = ["position", "dice"])]
        batch: bool,
        /// `text` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Rule options as in the `Rules` tag, e.g. "sortie=provinciale".
        #[arg(long, default_value = "")]
        rules: String,
    },
    /// A self-contained HTML page that steps through a game throw by throw.
    ///
    /// The board after each throw with the score, dice, play, jans and flags; buttons and
    /// the arrow keys step through it. No network: CSS, script and the game are inline.
    /// Games that are not replayed show their start and the `not-replayed` flag.
    View {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first).
        #[arg(long, default_value_t = 1)]
        game: usize,
    },
    /// Shell completions for SHELL on stdout (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// The manual page (roff) on stdout: `soumille man > soumille.1`.
    Man,
    /// Complete games of seeded self-play (random lawful play), as STN on stdout.
    ///
    /// The same seed gives the same bytes.
    Generate {
        /// How many games.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// The seed; the same seed gives the same bytes.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

/// What a command ended with.
enum Outcome {
    Clean,
    Flagged,
    Failed,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Flagged) => ExitCode::from(1),
        Ok(Outcome::Failed) => ExitCode::from(2),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("soumille: {e}");
            ExitCode::from(2)
        }
    }
}

fn style(d: Diagnostics) -> Style {
    match d {
        Diagnostics::Graphical => Style::Plain,
        Diagnostics::Narrated => Style::Narrated,
        Diagnostics::Auto if io::stderr().is_terminal() => Style::Colour,
        Diagnostics::Auto => Style::Narrated,
    }
}

fn read_input(path: &Path) -> io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut v = Vec::new();
        io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(path)
    }
}

fn out(text: &str) -> io::Result<()> {
    let mut o = io::stdout().lock();
    o.write_all(text.as_bytes())?;
    o.flush()
}

/// Reads and parses one STN file; prints its syntax errors. `None` when it failed.
fn read_stn(path: &Path, st: Style) -> io::Result<Option<Vec<Record>>> {
    Ok(read_stn_full(path, st)?.map(|r| r.records.into_iter().map(|r| r.record).collect()))
}

/// Like [`read_stn`], keeping the text and what the reader found.
fn read_stn_full(path: &Path, st: Style) -> io::Result<Option<FileReading>> {
    let bytes = match read_input(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("soumille: cannot read {}: {e}", path.display());
            return Ok(None);
        }
    };
    let r = FileReading::of_bytes(&bytes);
    if !r.is_clean() {
        eprint!("{}", render(&path.display().to_string(), &r.text, &r.errors(), st));
        return Ok(None);
    }
    Ok(Some(r))
}

fn run(cli: Cli) -> io::Result<Outcome> {
    let st = style(cli.diagnostics);
    match cli.command {
        Command::Check { files, format } => check(&files, format, st),
        Command::Fmt { file, letters, write, from_json } => {
            let records = if from_json {
                let bytes = match read_input(&file) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("soumille: cannot read {}: {e}", file.display());
                        return Ok(Outcome::Failed);
                    }
                };
                match json::from_str(&String::from_utf8_lossy(&bytes)) {
                    Ok(r) => r,
                    Err(e) => {
                        eprintln!("soumille: {}: {e}", file.display());
                        return Ok(Outcome::Failed);
                    }
                }
            } else {
                match read_stn(&file, st)? {
                    Some(r) => r,
                    None => return Ok(Outcome::Failed),
                }
            };
            let opts = PrintOptions {
                letters: letters.map(|l| match l {
                    Letters::Soumille => Dialect::Soumille,
                    Letters::Lepeintre => Dialect::Lepeintre,
                }),
            };
            let text = print_records(&records, opts);
            if write {
                if file.as_os_str() == "-" {
                    eprintln!("soumille: --write needs a file, not standard input");
                    return Ok(Outcome::Failed);
                }
                if let Err(e) = write_atomically(&file, &text) {
                    eprintln!("soumille: cannot write {}: {e}", file.display());
                    return Ok(Outcome::Failed);
                }
            } else {
                out(&text)?;
            }
            Ok(Outcome::Clean)
        }
        Command::Json { file, spans } => match read_stn_full(&file, st)? {
            Some(mut r) => {
                if spans {
                    for rec in &mut r.records {
                        soumille::notation::parser::fill_spans(&r.text, rec);
                    }
                }
                let records = r.records.into_iter().map(|r| r.record);
                out(&json::to_string(&json::to_document(records, spans)))?;
                Ok(Outcome::Clean)
            }
            None => Ok(Outcome::Failed),
        },
        Command::Replay { file, game, format } => {
            let Some((rp, rec)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            match format {
                Format::Text => out(&soumille::sheet::replay_text(&rp, rec.header.letters))?,
                Format::Json => {
                    let sheet = soumille::sheet::Sheet::new(
                        &rp,
                        rec.record.tag("Top").map(String::from),
                        rec.record.tag("Bottom").map(String::from),
                    );
                    let doc = soumille::view::replay_document(&rp, &sheet, &rec.header);
                    let mut s = serde_json::to_string_pretty(&doc).map_err(io::Error::other)?;
                    s.push('\n');
                    out(&s)?
                }
            }
            Ok(if rp.flags.is_empty() { Outcome::Clean } else { Outcome::Flagged })
        }
        Command::Sheet { file, game, format } => {
            let Some((rp, rec)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            let sheet = soumille::sheet::Sheet::of_record(&rp, &rec.record, &rec.header);
            let text = match format {
                SheetFormat::Text => sheet.text(),
                SheetFormat::Markdown => sheet.markdown(),
                SheetFormat::Html => sheet.html(),
                SheetFormat::Json => {
                    let mut s = serde_json::to_string_pretty(&sheet).map_err(io::Error::other)?;
                    s.push('\n');
                    s
                }
            };
            out(&text)?;
            Ok(if rp.flags.is_empty() { Outcome::Clean } else { Outcome::Flagged })
        }
        Command::Show { file, at, game, format } => show(&file, at, game, format, st),
        Command::Explain { position, dice, batch, format, rules } => explain(position, dice, batch, format, &rules),
        Command::View { file, game } => {
            let Some((rp, rec)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            out(&soumille::view::view_html(&rec.record, &rec.header, &rp))?;
            Ok(if rp.flags.is_empty() { Outcome::Clean } else { Outcome::Flagged })
        }
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "soumille", &mut buf);
            out(&String::from_utf8_lossy(&buf))?;
            Ok(Outcome::Clean)
        }
        Command::Man => {
            out(&man_page()?)?;
            Ok(Outcome::Clean)
        }
        Command::Generate { games, seed } => {
            let records = soumille::generate::games(games, seed);
            out(&print_records(&records, PrintOptions::default()))?;
            Ok(Outcome::Clean)
        }
    }
}

fn show(file: &Path, at: u32, game: usize, format: Picture, st: Style) -> io::Result<Outcome> {
    let Some(r) = read_stn_full(file, st)? else { return Ok(Outcome::Failed) };
    let Some(rec) = game.checked_sub(1).and_then(|g| r.records.get(g)) else {
        eprintln!("soumille show: {} has {} record(s), not {game}", file.display(), r.records.len());
        return Ok(Outcome::Failed);
    };
    let rp = soumille::replay::replay(&rec.record, &rec.header, Some(&r.text));
    let pos = if at == 0 {
        rp.steps.first().map(|s| s.before).or(rp.end)
    } else {
        rp.steps.iter().find(|s| s.number == at).map(|s| s.after)
    };
    let Some(pos) = pos else {
        let how = match rp.stopped_at {
            Some(n) => format!("the replay stopped at throw {n}"),
            None => format!("the record has {} throws", rec.record.throws.len()),
        };
        eprintln!("soumille show: no board after throw {at}: {how}");
        return Ok(Outcome::Failed);
    };
    let d = rec.header.letters;
    match format {
        Picture::Text => {
            let title = if at == 0 { "the start".to_string() } else { format!("after throw {at}") };
            out(&format!("{} — {title}\n{}", file.display(), soumille::show::board_text(&pos, d)))?
        }
        Picture::Svg => out(&soumille::show::svg_after(&rp, &rec.record, &rec.header, at).unwrap_or_default())?,
        Picture::Position => {
            let frame = soumille::view::frame_at(&rp, &rec.header, at).expect("the board was found above");
            out(&format!("{}\n", frame.position_string()))?
        }
    }
    Ok(Outcome::Clean)
}

fn explain(
    position: Option<String>,
    dice: Option<String>,
    batch: bool,
    format: Format,
    rules: &str,
) -> io::Result<Outcome> {
    use soumille::explain::{explain_with, history_of, parse_dice, parse_setup};
    let rules = match soumille::options::RuleOptions::parse(rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "soumille explain: --rules: {}",
                e.iter().map(|x| x.message.clone()).collect::<Vec<_>>().join("; ")
            );
            return Ok(Outcome::Failed);
        }
    };
    if batch {
        let mut input = String::new();
        io::stdin().read_to_string(&mut input)?;
        let mut o = io::BufWriter::new(io::stdout().lock());
        let mut failed = false;
        for (k, line) in input.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let Some((p, d)) = line.split_once('\t') else {
                eprintln!("soumille explain --batch: line {}: expected POSITION<TAB>DICE", k + 1);
                failed = true;
                continue;
            };
            match parse_setup(p).and_then(|sp| parse_dice(d).map(|d| (sp, d))) {
                Ok(((setup, pos), d)) => {
                    let e = explain_with(&pos, d, &rules, &history_of(&setup));
                    serde_json::to_writer(&mut o, &e).map_err(io::Error::other)?;
                    o.write_all(b"\n")?;
                }
                Err(e) => {
                    eprintln!("soumille explain --batch: line {}: {e}", k + 1);
                    failed = true;
                }
            }
        }
        o.flush()?;
        return Ok(if failed { Outcome::Failed } else { Outcome::Clean });
    }
    let (Some(p), Some(d)) = (position, dice) else {
        eprintln!("soumille explain: give POSITION and --dice, or --batch");
        return Ok(Outcome::Failed);
    };
    let parsed = parse_setup(&p).and_then(|sp| parse_dice(&d).map(|d| (sp, d)));
    let ((setup, pos), d) = match parsed {
        Ok(x) => x,
        Err(e) => {
            eprintln!("soumille explain: {e}");
            return Ok(Outcome::Failed);
        }
    };
    let e = explain_with(&pos, d, &rules, &history_of(&setup));
    match format {
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&e).map_err(io::Error::other)?;
            s.push('\n');
            out(&s)?;
        }
        Format::Text => {
            let mut s = format!(
                "{} to throw {}-{}: {} legal play{}\n",
                e.seat,
                e.dice[0],
                e.dice[1],
                e.plays.len(),
                if e.plays.len() == 1 { "" } else { "s" }
            );
            let w = e.plays.iter().map(|p| p.notation.len()).max().unwrap_or(1);
            for p in &e.plays {
                s.push_str(&format!("  {:w$}  {}\n", p.notation, p.result));
            }
            if e.jans.is_empty() {
                s.push_str("jans: none\n");
            } else {
                s.push_str("jans:\n");
                for j in &e.jans {
                    let at = j.at.map(|p| format!(" at {p}")).unwrap_or_default();
                    s.push_str(&format!(
                        "  {:<20} {:<6} x{}  {:>2} points{at}\n",
                        j.code.name(),
                        j.seat.name(),
                        j.ways,
                        j.points
                    ));
                }
            }
            s.push_str(&format!("points: top {}, bottom {}\n", e.points.top, e.points.bottom));
            out(&s)?;
        }
    }
    Ok(Outcome::Clean)
}

/// The manual page: the main page of clap_mangen, its title line first, then a section
/// for each command with its description and options (the same clap definitions as
/// `--help`, so the page never drifts from the program).
fn man_page() -> io::Result<String> {
    let cmd = <Cli as clap::CommandFactory>::command();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    let page = String::from_utf8_lossy(&buf).into_owned();
    // the title first (roff's apostrophe set-up may follow it)
    let (title, rest): (Vec<&str>, Vec<&str>) = page.lines().partition(|l| l.starts_with(".TH "));
    let mut s = String::new();
    for l in title.iter().chain(&rest) {
        s.push_str(l);
        s.push('\n');
    }
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let name = format!("soumille {}", sub.get_name());
        let sub = sub.clone().bin_name(name.clone());
        let man = clap_mangen::Man::new(sub);
        let mut b = Vec::new();
        man.render_synopsis_section(&mut b)?;
        man.render_description_section(&mut b)?;
        man.render_options_section(&mut b)?;
        s.push_str(&format!(".SH \"{}\"\n", name.to_uppercase()));
        for l in String::from_utf8_lossy(&b).lines() {
            if l.starts_with(".ie ") || l.starts_with(".el ") {
                continue;
            }
            match l.strip_prefix(".SH ") {
                Some(h) => s.push_str(&format!(".SS {h}\n")),
                None => {
                    s.push_str(l);
                    s.push('\n');
                }
            }
        }
    }
    Ok(s)
}

/// Reads a file and replays its record number `game` (1-based).
fn replay_file(
    file: &Path,
    game: usize,
    st: Style,
) -> io::Result<Option<(soumille::replay::Replay, soumille::notation::ReadRecord)>> {
    let Some(r) = read_stn_full(file, st)? else { return Ok(None) };
    let n = r.records.len();
    let Some(rec) = game.checked_sub(1).and_then(|g| r.records.into_iter().nth(g)) else {
        eprintln!("soumille: {} has {n} record(s), not {game}", file.display());
        return Ok(None);
    };
    let rp = soumille::replay::replay(&rec.record, &rec.header, Some(&r.text));
    Ok(Some((rp, rec)))
}

fn check(files: &[PathBuf], format: Format, st: Style) -> io::Result<Outcome> {
    let mut report = CheckReport::default();
    let mut failed = false;
    let mut flagged = false;
    for path in files {
        let name = path.display().to_string();
        let bytes = match read_input(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("soumille: cannot read {name}: {e}");
                failed = true;
                report.files.push(soumille::report::FileReport {
                    path: name,
                    unreadable: Some(e.to_string()),
                    games: Vec::new(),
                });
                continue;
            }
        };
        let r = FileReading::of_bytes(&bytes);
        if !r.is_clean() {
            failed = true;
            eprint!("{}", render(&name, &r.text, &r.errors(), st));
        }
        let replays = r.replay();
        let flags: Vec<_> = replays.iter().flat_map(|x| x.flags.iter()).map(|f| f.diagnostic()).collect();
        if !flags.is_empty() {
            flagged = true;
            if format == Format::Text {
                eprint!("{}", render(&name, &r.text, &flags, st));
            }
        }
        let fr = r.report_with(&name, &replays);
        if format == Format::Text {
            let throws: usize = fr.games.iter().map(|g| g.throws).sum();
            let nflags: usize = fr.games.iter().map(|g| g.flags.len()).sum();
            let nerr: usize = fr.games.iter().map(|g| g.errors.len()).sum();
            let s = |n: usize| if n == 1 { "" } else { "s" };
            let mut line = format!("{name}: {} game{}, {throws} throw{}", fr.games.len(), s(fr.games.len()), s(throws));
            if nerr > 0 {
                line.push_str(&format!(", {nerr} syntax error{}", if nerr == 1 { "" } else { "s" }));
            }
            line.push_str(&match nflags {
                0 => ", clean".to_string(),
                1 => ", 1 flag".to_string(),
                n => format!(", {n} flags"),
            });
            out(&format!("{line}\n"))?;
            for g in &fr.games {
                for f in &g.flags {
                    let place = match f.span {
                        Some(s) => {
                            let (l, c) = soumille::notation::line_column(&r.text, s.start as usize);
                            format!("{name}:{l}:{c}")
                        }
                        None => name.clone(),
                    };
                    let what = f.what();
                    out(&format!("  {place}: {what}: {}\n", f.message))?;
                }
            }
        }
        report.files.push(fr);
    }
    if format == Format::Json {
        let mut s = serde_json::to_string_pretty(&report).expect("report serializes");
        s.push('\n');
        out(&s)?;
    }
    Ok(if failed {
        Outcome::Failed
    } else if flagged {
        Outcome::Flagged
    } else {
        Outcome::Clean
    })
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so
/// that an interrupted run never leaves a half-written record.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.soumille-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            let _ = std::fs::set_permissions(&tmp, meta.permissions());
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
