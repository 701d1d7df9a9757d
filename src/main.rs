//! `soumille`: the command line, a thin layer over the library (CLI.md).
//!
//! Exit status: 0 clean, 1 something was flagged, 2 a file could not be read or parsed, or
//! the command line was wrong. A closed pipe on standard output is not an error.

use clap::{Parser, Subcommand, ValueEnum};
use soumille::corpus::{Input, Output, Printer, Settings, Summary};
use soumille::notation::error::{render, Style};
use soumille::notation::{print_records, PrintOptions};
use soumille::report::FileReading;
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
        /// STN files and directories (every `*.stn` under them, in sorted order); `-` for
        /// standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// `text` (diagnostics on stderr) or `json` (the report of CLI.md on stdout, with a
        /// `summary` object next to `files`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Print a record canonically (higher die first, moves without dashes, tags in order).
    ///
    /// Reads syntax only, never replays. With `--write` the file is replaced safely: the
    /// new text goes to a temporary file in the same folder, which is then renamed.
    Fmt {
        /// STN files and directories (`*.stn` under them); `-` for standard input; or one
        /// JSON document with `--from-json`. Several files are printed one after the other,
        /// separated by a blank line.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Convert the record's letters.
        #[arg(long, value_enum)]
        letters: Option<Letters>,
        /// Rewrite each file in place instead of printing it (a symbolic link stays a link:
        /// the file it names is rewritten).
        #[arg(long, conflicts_with = "from_json")]
        write: bool,
        /// Read the JSON of `soumille json` and print it as STN.
        #[arg(long)]
        from_json: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Convert a record to JSON (the model of `schema/record.schema.json`).
    ///
    /// Reads syntax only. Without `--spans` there are no byte offsets, so
    /// `json(fmt(F)) == json(F)`.
    Json {
        /// STN files and directories (`*.stn` under them); `-` for standard input.
        ///
        /// One file: one JSON document (pretty). Several files, or a directory: JSON Lines,
        /// one line a file: `{"path": "a.stn", "document": {"schema_version": 1,
        /// "records": [...]}}`, in the order of the files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Include the byte offsets of every token (offsets in the file).
        #[arg(long)]
        spans: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
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
    /// men `x`, bottom's `o`. SVG: a drawing of the board, for every game: the men on the
    /// points, on the bar and borne off, the score (Grand Trictrac's points and holes, Tric
    /// Trac's points and parties), the doubling cube, and for the other games the throw's
    /// note and flags. Position: the position string (NOTATION.md §6) with its score fields,
    /// which `soumille explain` reads to explain the next throw.
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
    /// `--batch`, reads `POSITION<TAB>DICE` lines from stdin and writes one JSON object a line,
    /// for any `--game`: what `--format json` writes, or `{"line": N, "error": "…"}` for a bad
    /// line (and exit status 2 at the end).
    Explain {
        /// A position string, e.g. "A9BC2DGH/N2VX&11 bottom".
        #[arg(required_unless_present = "batch")]
        position: Option<String>,
        /// The roll, e.g. 6-5 or sonnez.
        #[arg(long, required_unless_present = "batch")]
        dice: Option<String>,
        /// Read `POSITION<TAB>DICE` lines from stdin, write JSON Lines (one line out a line in).
        #[arg(long, conflicts_with_all = ["position", "dice"])]
        batch: bool,
        /// `text` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Rule options as in the `Rules` tag, e.g. "sortie=provinciale".
        #[arg(long, default_value = "")]
        rules: String,
        /// The game whose rules apply: grand-trictrac (default), jacquet, moultezim,
        /// backgammon, tric-trac. Only Grand Trictrac lists jans.
        #[arg(long, default_value = "grand-trictrac", value_parser = game_arg)]
        game: soumille::notation::Game,
    },
    /// A self-contained HTML page that steps through a game throw by throw.
    ///
    /// The board after each throw with the score, dice, play, jans and flags; buttons and
    /// the arrow keys step through it. No network: CSS, script and the game are inline.
    /// Every game: Jacquet, Moultezim, Backgammon and Tric Trac show the men on the bar and
    /// borne off, the cube, Tric Trac's points and parties, and the flags at their throw.
    /// A replay that stops shows the throws up to the stop and its `not-replayed` flag.
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
    /// A backgammon match written by another program, as STN records on stdout.
    ///
    /// Reads Jellyfish `.mat`/`.gam` files and GNU Backgammon's SGF (chosen by the file's
    /// extension, or `--from`): one `[Game "backgammon"]` record per game, with its cube
    /// actions, hits and result, and the match length and score in `Match` and `Score` tags.
    Import {
        /// The match file (`-` for standard input, then give --from).
        file: PathBuf,
        /// The file's format: mat (Jellyfish, also .gam) or sgf (GNU Backgammon).
        #[arg(long, value_enum)]
        from: Option<MatchFormat>,
    },
    /// STN backgammon records as a match file for other programs, on stdout.
    ///
    /// Writes every record of the file as one match: Jellyfish `.mat` or GNU Backgammon SGF.
    Export {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// The format to write: mat (Jellyfish) or sgf (GNU Backgammon).
        #[arg(long, value_enum)]
        to: MatchFormat,
    },
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
        /// Which game: grand-trictrac (default), jacquet, moultezim, backgammon, tric-trac.
        #[arg(long, default_value = "grand-trictrac", value_parser = game_arg)]
        game: soumille::notation::Game,
    },
}

/// The options of the commands that read many files.
#[derive(clap::Args, Debug, Clone)]
struct CorpusArgs {
    /// Print nothing: the exit status only.
    #[arg(long, short)]
    quiet: bool,
    /// Colours on stderr: `auto` (on a terminal, unless `NO_COLOR` is set), `always`,
    /// `never`.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    color: Colour,
    /// Syntax errors (and flag drawings) shown per file; the rest are counted. 0: all.
    #[arg(long, default_value_t = 50)]
    max_errors: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Colour {
    Auto,
    Always,
    Never,
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

/// Reads and parses one STN file, keeping the text and what the reader found; prints its
/// syntax errors. `None` when it failed.
fn read_stn_full(path: &Path, st: Style) -> io::Result<Option<FileReading>> {
    Ok(read_stn_any(path, st)?.filter(FileReading::is_clean))
}

/// Reads and parses one STN file, with or without syntax errors (printed); `None` when it
/// cannot be read at all.
fn read_stn_any(path: &Path, st: Style) -> io::Result<Option<FileReading>> {
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
    }
    Ok(Some(r))
}

fn run(cli: Cli) -> io::Result<Outcome> {
    let st = style(cli.diagnostics);
    match cli.command {
        Command::Check { files, format, corpus } => check(&files, format, &corpus, cli.diagnostics),
        Command::Fmt { files, letters, write, from_json, corpus } => {
            fmt(&files, letters, write, from_json, &corpus, cli.diagnostics)
        }
        Command::Json { files, spans, corpus } => json_cmd(&files, spans, &corpus, cli.diagnostics),
        Command::Replay { file, game, format } => {
            let Some((rp, one)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            let rec = &one.rec;
            if !rec.header.game.is_grand_trictrac() {
                let text = match format {
                    Format::Text => soumille::sheet::tables::replay_text(&rp, &rec.record, &rec.header),
                    Format::Json => {
                        json_text(&soumille::sheet::tables::TablesSheet::of_record(&rp, &rec.record, &rec.header))?
                    }
                };
                out(&text)?;
                return Ok(one_outcome(&rp, &one));
            }
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
            Ok(one_outcome(&rp, &one))
        }
        Command::Sheet { file, game, format } => {
            let Some((rp, one)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            let rec = &one.rec;
            if !rec.header.game.is_grand_trictrac() {
                let sheet = soumille::sheet::tables::TablesSheet::of_record(&rp, &rec.record, &rec.header);
                let text = match format {
                    SheetFormat::Text => sheet.text(),
                    SheetFormat::Markdown => sheet.markdown(),
                    SheetFormat::Html => sheet.html(),
                    SheetFormat::Json => json_text(&sheet)?,
                };
                out(&text)?;
                return Ok(one_outcome(&rp, &one));
            }
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
            Ok(one_outcome(&rp, &one))
        }
        Command::Show { file, at, game, format } => show(&file, at, game, format, st),
        Command::Explain { position, dice, batch, format, rules, game } => {
            if !game.is_grand_trictrac() {
                return explain_tables(game, position, dice, batch, format, &rules);
            }
            explain(position, dice, batch, format, &rules)
        }
        Command::View { file, game } => {
            let Some((rp, one)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            let rec = &one.rec;
            out(&soumille::view::view_html(&rec.record, &rec.header, &rp))?;
            Ok(one_outcome(&rp, &one))
        }
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "soumille", &mut buf);
            out(&String::from_utf8_lossy(&buf))?;
            Ok(Outcome::Clean)
        }
        Command::Import { file, from } => import(&file, from),
        Command::Export { file, to } => export(&file, to, st),
        Command::Man => {
            out(&man_page()?)?;
            Ok(Outcome::Clean)
        }
        Command::Generate { games, seed, game } if !game.is_grand_trictrac() => {
            let Some(g) = tables_game(game, "") else { return Ok(Outcome::Failed) };
            let mut o = io::BufWriter::new(io::stdout().lock());
            for k in 0..u64::from(games) {
                let Some(rec) = g.generate(seed.wrapping_add(k)) else {
                    eprintln!("soumille generate: the generator does not play {game} yet");
                    return Ok(Outcome::Failed);
                };
                if k > 0 {
                    o.write_all(b"\n")?;
                }
                o.write_all(soumille::notation::print_record(&rec, PrintOptions::default()).as_bytes())?;
            }
            o.flush()?;
            Ok(Outcome::Clean)
        }
        Command::Generate { games, seed, .. } => {
            let mut o = io::BufWriter::new(io::stdout().lock());
            for (k, rec) in soumille::generate::games_iter(games, seed).enumerate() {
                if k > 0 {
                    o.write_all(b"\n")?;
                }
                o.write_all(soumille::notation::print_record(&rec, PrintOptions::default()).as_bytes())?;
            }
            o.flush()?;
            Ok(Outcome::Clean)
        }
    }
}

fn show(file: &Path, at: u32, game: usize, format: Picture, st: Style) -> io::Result<Outcome> {
    let Some((rp, one)) = replay_file(file, game, st)? else { return Ok(Outcome::Failed) };
    let rec = &one.rec;
    if let Some(n) = &one.not_read {
        // the picture is of what was read; what was not is said beside it
        eprintln!("soumille: {}: throws from {} on not read: {}", file.display(), n.from, n.error);
    }
    let shown = if !rec.header.game.is_grand_trictrac() {
        show_tables(file, at, format, &rp, rec)?
    } else {
        show_trictrac(file, at, format, &rp, rec)?
    };
    Ok(if one.damaged { Outcome::Failed } else { shown })
}

/// `show` for Grand Trictrac: its replay's boards are positions.
fn show_trictrac(
    file: &Path,
    at: u32,
    format: Picture,
    rp: &soumille::replay::Replay,
    rec: &soumille::notation::ReadRecord,
) -> io::Result<Outcome> {
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
        Picture::Svg => out(&soumille::show::svg_after(rp, &rec.record, &rec.header, at).unwrap_or_default())?,
        Picture::Position => {
            let frame = soumille::view::frame_at(rp, &rec.header, at).expect("the board was found above");
            out(&format!("{}\n", frame.position_string()))?
        }
    }
    Ok(Outcome::Clean)
}

/// `show` for the other games: their replay's boards are setups.
fn show_tables(
    file: &Path,
    at: u32,
    format: Picture,
    rp: &soumille::replay::Replay,
    rec: &soumille::notation::ReadRecord,
) -> io::Result<Outcome> {
    let d = rec.header.letters;
    let setup = if at == 0 {
        rp.board_steps.first().map(|s| &s.before).or(rp.end_setup.as_ref())
    } else {
        rp.board_steps.iter().find(|s| s.number == at).map(|s| &s.after)
    };
    let Some(setup) = setup else {
        let how = match rp.stopped_at {
            Some(n) => format!("the replay stopped at throw {n}"),
            None => format!("the record has {} throws", rp.board_steps.len()),
        };
        eprintln!("soumille show: no board after throw {at}: {how}");
        return Ok(Outcome::Failed);
    };
    match format {
        Picture::Text => {
            let title = if at == 0 { "the start".to_string() } else { format!("after throw {at}") };
            out(&format!("{} — {title}\n{}", file.display(), soumille::show::setup_text(setup, d)))?
        }
        Picture::Svg => out(&soumille::show::setup_svg_after(rp, &rec.record, &rec.header, at).unwrap_or_default())?,
        Picture::Position => out(&format!("{}\n", setup.to_string_in(soumille::Dialect::Soumille)))?,
    }
    Ok(Outcome::Clean)
}

/// The match formats of backgammon programs.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MatchFormat {
    /// Jellyfish `.mat` (also `.gam`), as GNU Backgammon exports it.
    Mat,
    /// GNU Backgammon's SGF.
    Sgf,
}

/// `import`: a match file to STN.
fn import(file: &Path, from: Option<MatchFormat>) -> io::Result<Outcome> {
    let by_extension = match file.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("mat" | "gam" | "txt") => Some(MatchFormat::Mat),
        Some("sgf") => Some(MatchFormat::Sgf),
        _ => None,
    };
    let Some(format) = from.or(by_extension) else {
        eprintln!("soumille import: cannot tell the format of {}: give --from mat or --from sgf", file.display());
        return Ok(Outcome::Failed);
    };
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("soumille: cannot read {}: {e}", file.display());
            return Ok(Outcome::Failed);
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let records = match format {
        MatchFormat::Mat => soumille::interop::mat_to_stn(&text),
        MatchFormat::Sgf => soumille::interop::sgf_to_stn(&text),
    };
    match records {
        Ok(records) => {
            let mut o = io::BufWriter::new(io::stdout().lock());
            for (k, rec) in records.iter().enumerate() {
                if k > 0 {
                    o.write_all(b"\n")?;
                }
                o.write_all(soumille::notation::print_record(rec, PrintOptions::default()).as_bytes())?;
            }
            o.flush()?;
            Ok(Outcome::Clean)
        }
        Err(e) => {
            eprintln!("soumille import: {}: {e}", file.display());
            Ok(Outcome::Failed)
        }
    }
}

/// `export`: STN backgammon records to a match file.
fn export(file: &Path, to: MatchFormat, st: Style) -> io::Result<Outcome> {
    let Some(r) = read_stn_full(file, st)? else { return Ok(Outcome::Failed) };
    let records: Vec<_> = r.records.into_iter().map(|x| x.record).collect();
    let written = match to {
        MatchFormat::Mat => soumille::interop::stn_to_mat(&records),
        MatchFormat::Sgf => soumille::interop::stn_to_sgf(&records),
    };
    match written {
        Ok(text) => {
            out(&text)?;
            Ok(Outcome::Clean)
        }
        Err(e) => {
            eprintln!("soumille export: {}: {e}", file.display());
            Ok(Outcome::Failed)
        }
    }
}

/// A game's name on the command line.
fn game_arg(s: &str) -> Result<soumille::notation::Game, String> {
    soumille::notation::Game::from_name(s).ok_or_else(|| {
        format!("unknown game `{s}`: grand-trictrac, trictrac-a-ecrire, jacquet, moultezim, backgammon or tric-trac")
    })
}

/// The rules of one of the other games with the options of `rules` (as in a `Rules` tag),
/// read through a record header so that the options are checked as a record's are.
fn tables_game(game: soumille::notation::Game, rules: &str) -> Option<soumille::games::Games> {
    use soumille::notation::Tag;
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags = vec![tag("Game", game.to_string())];
    if !rules.is_empty() {
        tags.push(tag("Rules", rules.to_string()));
    }
    match soumille::notation::Header::of_tags(&tags) {
        Ok(h) => Some(soumille::games::Games::of(&h)),
        Err(errs) => {
            let words: Vec<String> = errs.iter().map(|e| e.message.clone()).collect();
            eprintln!("soumille: --rules: {}", words.join("; "));
            None
        }
    }
}

/// `explain` for the other games: their legal plays (GAMES.md), no jans; `--batch` reads
/// `POSITION<TAB>DICE` lines as Grand Trictrac's does and writes each line what `--format
/// json` writes, on one line.
fn explain_tables(
    game: soumille::notation::Game,
    position: Option<String>,
    dice: Option<String>,
    batch: bool,
    format: Format,
    rules: &str,
) -> io::Result<Outcome> {
    let Some(g) = tables_game(game, rules) else { return Ok(Outcome::Failed) };
    if batch {
        return explain_batch(|p, d, out| {
            let (setup, roll, plays) = tables_plays(&g, game, p, d)?;
            serde_json::to_writer(out, &tables_json(game, p, roll, setup.turn, plays)).map_err(|e| e.to_string())
        });
    }
    let (Some(p), Some(d)) = (position, dice) else {
        eprintln!("soumille explain: give POSITION and --dice, or --batch");
        return Ok(Outcome::Failed);
    };
    let (setup, roll, plays) = match tables_plays(&g, game, &p, &d) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("soumille explain: {e}");
            return Ok(Outcome::Failed);
        }
    };
    match format {
        Format::Json => out(&json_text(&tables_json(game, &p, roll, setup.turn, plays))?)?,
        Format::Text => {
            let mut s = format!(
                "{} to throw {roll} ({game}): {} legal play{}\n",
                setup.turn,
                plays.len(),
                if plays.len() == 1 { "" } else { "s" }
            );
            let w = plays.iter().map(|p| p.notation.len()).max().unwrap_or(1);
            for p in &plays {
                let pts = if p.points > 0 { format!("  +{}", p.points) } else { String::new() };
                s.push_str(&format!("  {:<w$}  -> {}{pts}\n", p.notation, p.result));
            }
            out(&s)?;
        }
    }
    Ok(Outcome::Clean)
}

/// A position string and a roll of another game read, and its legal plays (GAMES.md), or
/// what is wrong, in words: the position first, then the dice, then the plays.
fn tables_plays(
    g: &soumille::games::Games,
    game: soumille::notation::Game,
    position: &str,
    dice: &str,
) -> Result<(soumille::Setup, soumille::Dice, Vec<soumille::games::ShownPlay>), String> {
    let setup = soumille::notation::parser::parse_position_of(position, soumille::Dialect::Soumille, game)
        .map_err(|e| format!("{} ({})", e.message, e.label))?;
    let roll = soumille::explain::parse_dice(dice).map_err(|e| e.to_string())?;
    let plays = g.explain_plays(&setup, roll)?;
    Ok((setup, roll, plays))
}

/// The JSON of another game's `explain` (CLI.md): the game, the position string as given,
/// the dice, the seat to throw and the plays; the same for `--format json` and `--batch`.
fn tables_json(
    game: soumille::notation::Game,
    position: &str,
    roll: soumille::Dice,
    seat: soumille::Seat,
    plays: Vec<soumille::games::ShownPlay>,
) -> serde_json::Value {
    serde_json::json!({
        "game": game.to_string(),
        "position": position,
        "dice": [roll.high(), roll.low()],
        "seat": seat,
        "plays": plays,
    })
}

/// A value as pretty JSON with a final line end.
fn json_text<T: serde::Serialize>(v: &T) -> io::Result<String> {
    let mut s = serde_json::to_string_pretty(v).map_err(io::Error::other)?;
    s.push('\n');
    Ok(s)
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
        let mut scratch = soumille::explain::Scratch::default();
        return explain_batch(|p, d, out| {
            let ((setup, pos), d) =
                parse_setup(p).and_then(|sp| parse_dice(d).map(|d| (sp, d))).map_err(|e| e.to_string())?;
            soumille::explain::write_explanation(out, &mut scratch, &pos, d, &rules, &history_of(&setup));
            Ok(())
        });
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

/// `explain --batch`: one JSON line out for each line in, `answer(position, dice, out)`
/// writing it (`{"line": N, "error": "…"}` for a line that cannot be read or answered).
/// Standard input is read in blocks, split into lines where they end (a line may straddle
/// two blocks); the answers go into one reused buffer, flushed line by line when standard
/// output is a pipe or a terminal (an interactive consumer gets each answer at once), in
/// large blocks when it is a file.
fn explain_batch(mut answer: impl FnMut(&str, &str, &mut Vec<u8>) -> Result<(), String>) -> io::Result<Outcome> {
    use io::BufRead;
    let per_line = stdout_is_interactive();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut o = stdout.lock();
    let mut buf: Vec<u8> = Vec::with_capacity(64 << 10);
    // the start of a line whose end is in a later block
    let mut straddling: Vec<u8> = Vec::new();
    let mut failed = false;
    let mut n = 0usize;
    let mut one = |line: &[u8], buf: &mut Vec<u8>| {
        n += 1;
        if !batch_line(n, line, &mut answer, buf) {
            failed = true;
        }
    };
    loop {
        let block = input.fill_buf()?;
        if block.is_empty() {
            break;
        }
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', block) {
            if straddling.is_empty() {
                one(&block[start..end], &mut buf);
            } else {
                straddling.extend_from_slice(&block[start..end]);
                one(&straddling, &mut buf);
                straddling.clear();
            }
            start = end + 1;
            if per_line || buf.len() >= 60 << 10 {
                o.write_all(&buf)?;
                if per_line {
                    o.flush()?;
                }
                buf.clear();
            }
        }
        straddling.extend_from_slice(&block[start..]);
        let len = block.len();
        input.consume(len);
    }
    // a last line without its line end
    if !straddling.is_empty() {
        one(&straddling, &mut buf);
    }
    o.write_all(&buf)?;
    o.flush()?;
    Ok(if failed { Outcome::Failed } else { Outcome::Clean })
}

/// Answers line `n` of `explain --batch` (without its line end) into `buf`, ending it with
/// a line end: `answer`'s JSON, or `{"line": N, "error": "…"}`. Whether it was answered.
fn batch_line(
    n: usize,
    line: &[u8],
    answer: &mut impl FnMut(&str, &str, &mut Vec<u8>) -> Result<(), String>,
    buf: &mut Vec<u8>,
) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let mark = buf.len();
    let result = match std::str::from_utf8(line) {
        Err(_) => Err("the line is not UTF-8 text".to_string()),
        Ok(text) => match text.split_once('\t') {
            None => Err("expected POSITION<TAB>DICE".to_string()),
            Some((p, d)) => answer(p, d, buf),
        },
    };
    let answered = result.is_ok();
    if let Err(e) = result {
        buf.truncate(mark);
        buf.extend_from_slice(format!("{{\"line\":{n},\"error\":").as_bytes());
        let _ = serde_json::to_writer(&mut *buf, &e);
        buf.push(b'}');
    }
    buf.push(b'\n');
    answered
}

/// Whether standard output is a terminal, a pipe or a socket (not a file).
fn stdout_is_interactive() -> bool {
    if io::stdout().is_terminal() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(m) = std::fs::metadata("/dev/stdout") {
            let t = m.file_type();
            return t.is_fifo() || t.is_socket();
        }
    }
    false
}

/// One record of a file as the one-record commands read it (`replay`, `sheet`, `view`,
/// `show`): a file with syntax errors still gives its record's throws before the first error
/// (issue 16), `not_read` saying where reading stopped, and `damaged` the exit status 2.
struct OneRecord {
    rec: soumille::notation::ReadRecord,
    text: String,
    not_read: Option<soumille::replay::NotRead>,
    damaged: bool,
}

/// Reads a file and replays its record number `game` (1-based); the throws of a damaged
/// record that were not read are marked in the replay (a `not-read` flag).
fn replay_file(file: &Path, game: usize, st: Style) -> io::Result<Option<(soumille::replay::Replay, OneRecord)>> {
    let Some(one) = read_one_record(file, game, st)? else { return Ok(None) };
    let mut rp = soumille::replay::replay(&one.rec.record, &one.rec.header, Some(&one.text));
    if let Some(n) = &one.not_read {
        rp.mark_not_read(n, one.rec.header.letters);
    }
    Ok(Some((rp, one)))
}

/// The outcome of a one-record command: failed when the file could not be fully read, else
/// by the replay's flags.
fn one_outcome(rp: &soumille::replay::Replay, one: &OneRecord) -> Outcome {
    if one.damaged {
        Outcome::Failed
    } else if rp.flags.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Flagged
    }
}

/// Record number `game` (1-based) of a file, with the text its spans point into. A file is
/// streamed record by record and only that record is kept (memory: one record, issue 7);
/// standard input, and a file with syntax errors (to report them with the file's lines, and
/// to keep the damaged record's readable throws), are read whole.
fn read_one_record(file: &Path, game: usize, st: Style) -> io::Result<Option<OneRecord>> {
    let whole = |st: Style| -> io::Result<Option<OneRecord>> {
        let Some(r) = read_stn_any(file, st)? else { return Ok(None) };
        let damaged = !r.is_clean();
        let n = r.records.len();
        let Some(mut rec) = game.checked_sub(1).and_then(|g| r.records.into_iter().nth(g)) else {
            eprintln!("soumille: {} has {n} record(s), not {game}", file.display());
            return Ok(None);
        };
        let not_read = soumille::replay::readable_prefix(&mut rec.record, &rec.errors);
        Ok(Some(OneRecord { rec, text: r.text, not_read, damaged }))
    };
    if file.as_os_str() == "-" {
        return whole(st);
    }
    let input = match std::fs::File::open(file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("soumille: cannot read {}: {e}", file.display());
            return Ok(None);
        }
    };
    let mut found = None;
    let mut games = 0usize;
    let mut broken = false;
    let end = soumille::notation::stream_records(io::BufReader::new(input), |r| {
        if !r.read.errors.is_empty() {
            broken = true;
            return std::ops::ControlFlow::Break(());
        }
        if r.is_game() {
            games += 1;
            if games == game {
                found = Some((r.read, r.text.to_string()));
                return std::ops::ControlFlow::Break(());
            }
        }
        std::ops::ControlFlow::Continue(())
    })?;
    if broken || end.unreadable.is_some() {
        // the errors, with the lines and columns of the whole file
        return whole(st);
    }
    match found {
        Some((rec, text)) => Ok(Some(OneRecord { rec, text, not_read: None, damaged: false })),
        None => {
            eprintln!("soumille: {} has {games} record(s), not {game}", file.display());
            Ok(None)
        }
    }
}

/// The drawing of diagnostics for `--diagnostics` and `--color`.
fn corpus_style(d: Diagnostics, c: &CorpusArgs) -> Style {
    let terminal = io::stderr().is_terminal();
    let choice = match c.color {
        Colour::Auto => None,
        Colour::Always => Some(true),
        Colour::Never => Some(false),
    };
    let colour = soumille::corpus::colour(choice, terminal, std::env::var_os("NO_COLOR").as_deref());
    match d {
        Diagnostics::Narrated => Style::Narrated,
        Diagnostics::Graphical if colour => Style::Colour,
        Diagnostics::Graphical => Style::Plain,
        Diagnostics::Auto if colour => Style::Colour,
        Diagnostics::Auto if terminal => Style::Plain,
        Diagnostics::Auto => Style::Narrated,
    }
}

/// The inputs of a corpus command, the printer (with a progress bar on a terminal) and the
/// settings. `None` (after a message) when no file was found.
fn corpus_setup(
    files: &[PathBuf],
    c: &CorpusArgs,
    d: Diagnostics,
    json: bool,
) -> Option<(Vec<Input>, bool, Printer, Settings)> {
    let (inputs, dirs) = soumille::corpus::expand(files);
    if inputs.is_empty() {
        if !c.quiet {
            eprintln!(
                "soumille: no .stn file in {}",
                files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
            );
        }
        return None;
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
    let set = Settings { style: corpus_style(d, c), max_errors: c.max_errors, json };
    Some((inputs, dirs, Printer::new(c.quiet, progress), set))
}

fn outcome_of(status: u8) -> Outcome {
    match status {
        0 => Outcome::Clean,
        1 => Outcome::Flagged,
        _ => Outcome::Failed,
    }
}

fn check(files: &[PathBuf], format: Format, c: &CorpusArgs, d: Diagnostics) -> io::Result<Outcome> {
    let json = format == Format::Json;
    let Some((inputs, dirs, printer, set)) = corpus_setup(files, c, d, json) else { return Ok(Outcome::Failed) };
    let t0 = std::time::Instant::now();
    if json {
        printer.direct(&Output { out: b"{\n  \"files\": [\n".to_vec(), err: Vec::new() })?;
    }
    let mut sum = soumille::corpus::run_all(&inputs, &printer, |k, input, emit| {
        soumille::corpus::check_file(k, input, &set, printer.progress(), emit)
    });
    sum.seconds = t0.elapsed().as_secs_f64();
    if let Some(p) = printer.progress() {
        p.finish_and_clear();
    }
    if let Some(e) = printer.take_error() {
        return Err(e);
    }
    let mut end = Output::default();
    if json {
        end.out.extend_from_slice(b"\n  ],\n  \"summary\": ");
        serde_json::to_writer(&mut end.out, &sum).map_err(io::Error::other)?;
        end.out.extend_from_slice(b"\n}\n");
    } else if inputs.len() > 1 || dirs {
        end.err.extend_from_slice(sum.text().as_bytes());
    }
    printer.direct(&end)?;
    Ok(outcome_of(sum.status()))
}

/// A writer into a file's output that hands it on as it grows.
struct EmitWriter<'a> {
    o: &'a mut Output,
    emit: &'a mut dyn FnMut(&mut Output, bool),
}

impl Write for EmitWriter<'_> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.o.out.extend_from_slice(b);
        (self.emit)(self.o, false);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn fmt(
    files: &[PathBuf],
    letters: Option<Letters>,
    write: bool,
    from_json: bool,
    c: &CorpusArgs,
    d: Diagnostics,
) -> io::Result<Outcome> {
    let opts = PrintOptions {
        letters: letters.map(|l| match l {
            Letters::Soumille => Dialect::Soumille,
            Letters::Lepeintre => Dialect::Lepeintre,
        }),
    };
    if from_json {
        let [file] = files else {
            eprintln!("soumille fmt --from-json: one JSON document at a time");
            return Ok(Outcome::Failed);
        };
        let bytes = match read_input(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("soumille: cannot read {}: {e}", file.display());
                return Ok(Outcome::Failed);
            }
        };
        let records = match json::from_str(&String::from_utf8_lossy(&bytes)) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("soumille: {}: {e}", file.display());
                return Ok(Outcome::Failed);
            }
        };
        out(&print_records(&records, opts))?;
        return Ok(Outcome::Clean);
    }
    let Some((inputs, _, printer, set)) = corpus_setup(files, c, d, false) else { return Ok(Outcome::Failed) };
    let sum = soumille::corpus::run_all(&inputs, &printer, |k, input, emit| {
        let mut o = Output::default();
        let mut err = Vec::new();
        let name = soumille::notation::escape_controls(&input.name()).into_owned();
        let result = if write {
            match input {
                Input::File(path) => {
                    let mut sum = None;
                    let r = soumille::corpus::write_atomically(path, |w| {
                        let s = soumille::corpus::fmt_stream(input, opts, &set, w, &mut err)?;
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
            soumille::corpus::fmt_stream(input, opts, &set, &mut w, &mut err)
        };
        file_done(&mut o, err, result, &name, emit)
    });
    corpus_done(&printer, sum)
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
fn corpus_done(printer: &soumille::corpus::Printer, sum: Summary) -> io::Result<Outcome> {
    if let Some(p) = printer.progress() {
        p.finish_and_clear();
    }
    if let Some(e) = printer.take_error() {
        return Err(e);
    }
    Ok(outcome_of(sum.status()))
}

fn json_cmd(files: &[PathBuf], spans: bool, c: &CorpusArgs, d: Diagnostics) -> io::Result<Outcome> {
    let Some((inputs, dirs, printer, set)) = corpus_setup(files, c, d, true) else { return Ok(Outcome::Failed) };
    let compact = inputs.len() > 1 || dirs;
    let sum = soumille::corpus::run_all(&inputs, &printer, |_, input, emit| {
        let mut o = Output::default();
        let mut err = Vec::new();
        let result = {
            let mut w = EmitWriter { o: &mut o, emit };
            soumille::corpus::json_stream(input, spans, compact, &set, &mut w, &mut err)
        };
        let name = format!("cannot read {}", input.name());
        file_done(&mut o, err, result, &name, emit)
    });
    corpus_done(&printer, sum)
}
