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
    /// GNU Backgammon's Position ID (backgammon records only), for gnubg's `set board`.
    Gnubg,
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
    /// new text goes to a temporary file of its own in the same folder, which is then
    /// renamed; a read-only file, a file with hard links, and a file changed while it was
    /// read are refused (exit 2), the new file keeps the old one's mode and owner.
    Fmt {
        /// STN files and directories (`*.stn` under them); `-` for standard input; or JSON
        /// with `--from-json`. Several files are printed one after the other, separated by
        /// a blank line; a file reached by several paths is read once.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Convert the record's letters.
        #[arg(long, value_enum)]
        letters: Option<Letters>,
        /// Rewrite each file in place instead of printing it (a symbolic link stays a link:
        /// the file it names is rewritten).
        #[arg(long, conflicts_with = "from_json")]
        write: bool,
        /// Read the JSON of `soumille json` and print it as STN: one document, or the JSON
        /// Lines that `json` writes for several files (a document or a record a line also).
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
        /// `text`, `svg`, `position` or `gnubg` (GNU Backgammon's Position ID).
        #[arg(long, value_enum, default_value_t = Picture::Text)]
        format: Picture,
    },
    /// Every legal play of a roll in a position (and every jan with its points).
    ///
    /// POSITION is a position string (NOTATION.md §6) such as "A15/&15 top", in Soumille's
    /// or Lepeintre's letters (the answer is in the same letters). A position of another game
    /// names it (`game=jacquet`) and the rules that differ from its defaults
    /// (`rules=postillon:immediat`), as `show --format position` writes them: `--game` and
    /// `--rules` may not contradict them. With `--at N`, POSITION is an STN file and the
    /// position is the one after its throw N, under its game and rules. Plays are in
    /// canonical notation with the resulting men (field 1 of a position string). With
    /// `--batch`, reads `POSITION<TAB>DICE` lines from stdin and writes one JSON object a line,
    /// for any game: what `--format json` writes, or `{"line": N, "error": "…"}` for a bad
    /// line (and exit status 2 at the end).
    Explain {
        /// A position string, e.g. "A9BC2DGH/N2VX&11 bottom" (with --at: an STN file).
        #[arg(required_unless_present = "batch")]
        position: Option<String>,
        /// The roll, e.g. 6-5 or sonnez.
        #[arg(long, required_unless_present = "batch")]
        dice: Option<String>,
        /// Read `POSITION<TAB>DICE` lines from stdin, write JSON Lines (one line out a line in;
        /// blank lines are skipped).
        #[arg(long, conflicts_with_all = ["position", "dice", "at"])]
        batch: bool,
        /// `text` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Rule options as in the `Rules` tag, e.g. "sortie=provinciale" (default: the
        /// position's `rules=`, else the game's defaults).
        #[arg(long)]
        rules: Option<String>,
        /// The game whose rules apply: grand-trictrac, trictrac-a-ecrire, jacquet,
        /// moultezim, backgammon, tric-trac (default: the position's `game=`, else
        /// grand-trictrac). Only Grand Trictrac lists jans.
        #[arg(long, value_parser = game_arg)]
        game: Option<soumille::notation::Game>,
        /// Explain the position after throw N of the record in the file POSITION (`0`: the
        /// start), with the record's game and rules.
        #[arg(long, value_name = "N", conflicts_with_all = ["game", "rules"])]
        at: Option<u32>,
        /// With --at: which record of the file (1 = the first).
        #[arg(long, default_value_t = 1, requires = "at")]
        record: usize,
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
    /// Reads Jellyfish `.mat`/`.gam` files (also FIBS and Snowie text logs, eXtreme Gammon
    /// and BackgammonGalaxy `.mat`) and GNU Backgammon's SGF (told from the text, or
    /// `--from`): one `[Game "backgammon"]` record per game, with its cube actions, hits and
    /// result, and the match length and score in `Match` and `Score` tags. Lines it cannot
    /// read are kept as comments, with a warning on stderr.
    Import {
        /// The match file (`-` for standard input).
        file: PathBuf,
        /// The file's format: mat (Jellyfish, also .gam) or sgf (GNU Backgammon).
        #[arg(long, value_enum)]
        from: Option<MatchFormat>,
    },
    /// STN backgammon records as a match file for other programs, on stdout.
    ///
    /// Writes every record of the file as one match: Jellyfish `.mat` or GNU Backgammon SGF.
    /// What the format cannot hold (a set-up start in `.mat`, the cube of a set-up start in
    /// SGF, options other than the default rules) is refused, exit 2, unless `--force`.
    Export {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// The format to write: mat (Jellyfish) or sgf (GNU Backgammon).
        #[arg(long, value_enum)]
        to: MatchFormat,
        /// Write what the format can hold, and warn on stderr of each thing left out.
        #[arg(long)]
        force: bool,
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
        /// Which game: grand-trictrac (default), trictrac-a-ecrire, jacquet, moultezim, backgammon,
        /// tric-trac.
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
    /// Accept a file that holds no game (empty, or only blanks and comments); without it
    /// such a file is an error (exit status 2).
    #[arg(long)]
    allow_empty: bool,
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
            let sheet = soumille::sheet::Sheet::of_record(&rp, &rec.record, &rec.header);
            let text = match format {
                Format::Text => {
                    let names = [rec.record.tag("Top"), rec.record.tag("Bottom")];
                    soumille::sheet::replay_text_named(&rp, rec.header.letters, names)
                }
                Format::Json => json_text(&soumille::sheet::replay_document(&rp, &sheet, &rec.header))?,
            };
            out(&text)?;
            Ok(one_outcome(&rp, &one))
        }
        Command::Sheet { file, game, format } => {
            let Some((rp, one)) = replay_file(&file, game, st)? else { return Ok(Outcome::Failed) };
            let rec = &one.rec;
            let sheet = soumille::sheet::Sheet::of_record(&rp, &rec.record, &rec.header);
            let text = match format {
                SheetFormat::Text => sheet.text(),
                SheetFormat::Markdown => sheet.markdown(),
                SheetFormat::Html => sheet.html(),
                SheetFormat::Json => json_text(&sheet)?,
            };
            out(&text)?;
            Ok(one_outcome(&rp, &one))
        }
        Command::Show { file, at, game, format } => show(&file, at, game, format, st),
        Command::Explain { position, dice, batch, format, rules, game, at, record } => {
            let asked = Asked { game, rules };
            if batch {
                return explain_batch_lines(&asked);
            }
            let (Some(p), Some(d)) = (position, dice) else {
                eprintln!("soumille explain: give POSITION and --dice, or --batch");
                return Ok(Outcome::Failed);
            };
            let p = match at {
                None => p,
                Some(at) => match position_in_file(Path::new(&p), at, record, st)? {
                    Some(s) => s,
                    None => return Ok(Outcome::Failed),
                },
            };
            explain(&p, &d, format, &asked)
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
        Command::Export { file, to, force } => export(&file, to, force, st),
        Command::Man => {
            out(&man_page()?)?;
            Ok(Outcome::Clean)
        }
        Command::Generate { games, seed, game } if game != soumille::notation::Game::GrandTrictrac => {
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
        rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())
    } else {
        rp.steps.iter().find(|s| s.number == at).map(|s| &s.after)
    }
    .map(soumille::replay::position_of);
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
            let text = soumille::explain::position_string_at(rp, &rec.header, at).expect("the board was found above");
            out(&format!("{text}\n"))?
        }
        Picture::Gnubg => return Ok(not_backgammon(rec)),
    }
    Ok(Outcome::Clean)
}

/// `show --format gnubg` of a record that is no backgammon game: said, exit 2.
fn not_backgammon(rec: &soumille::notation::ReadRecord) -> Outcome {
    eprintln!("soumille show: --format gnubg is GNU Backgammon's Position ID: a {} record has none", rec.header.game);
    Outcome::Failed
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
        rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())
    } else {
        rp.steps.iter().find(|s| s.number == at).map(|s| &s.after)
    };
    let Some(setup) = setup else {
        let how = match rp.stopped_at {
            Some(n) => format!("the replay stopped at throw {n}"),
            None => format!("the record has {} throws", rp.steps.len()),
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
        Picture::Position => {
            let text = soumille::explain::position_string_at(rp, &rec.header, at).expect("the board was found above");
            out(&format!("{text}\n"))?
        }
        Picture::Gnubg => {
            use soumille::games::backgammon::{gnubg_id::position_id, Board};
            if rec.header.game != soumille::notation::Game::Backgammon {
                return Ok(not_backgammon(rec));
            }
            match Board::from_setup(setup) {
                Ok(board) => out(&format!("{}\n", position_id(&board)))?,
                Err(e) => {
                    eprintln!("soumille show: no backgammon board after throw {at}: {e}");
                    return Ok(Outcome::Failed);
                }
            }
        }
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
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("soumille: cannot read {}: {e}", file.display());
            return Ok(Outcome::Failed);
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    // --from, else the text tells
    let format = match from {
        Some(MatchFormat::Mat) => soumille::interop::Format::Mat,
        Some(MatchFormat::Sgf) => soumille::interop::Format::Sgf,
        None => soumille::interop::guess_format(&text),
    };
    let imported = soumille::interop::import(&text, format);
    match imported {
        Ok(soumille::interop::Imported { records, warnings }) => {
            for w in &warnings {
                eprintln!("soumille import: warning: {}: {w}", file.display());
            }
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
fn export(file: &Path, to: MatchFormat, force: bool, st: Style) -> io::Result<Outcome> {
    let Some(r) = read_stn_full(file, st)? else { return Ok(Outcome::Failed) };
    let records: Vec<_> = r.records.into_iter().map(|x| x.record).collect();
    let format = match to {
        MatchFormat::Mat => soumille::interop::Format::Mat,
        MatchFormat::Sgf => soumille::interop::Format::Sgf,
    };
    match soumille::interop::export(&records, format, force) {
        Ok(soumille::interop::Written { text, dropped }) => {
            for d in &dropped {
                eprintln!("soumille export: warning: {}: {d} left out", file.display());
            }
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

/// The game and rules `explain` was given on its command line, if any.
struct Asked {
    /// `--game`.
    game: Option<soumille::notation::Game>,
    /// `--rules`, as a `Rules` tag writes them.
    rules: Option<String>,
}

/// A position string read for `explain`, with the game and rules it is explained under.
struct Question {
    /// The men, the seat to throw, the fields.
    setup: soumille::Setup,
    /// Its letters (the answer is written in them).
    dialect: Dialect,
    /// The game and its rule options, as a record's header holds them.
    header: soumille::notation::Header,
}

/// The rule options of `--rules` as `(key, value)` pairs, or what is wrong with them.
fn asked_pairs(rules: &str) -> Result<Vec<(String, String)>, String> {
    soumille::options::raw_pairs(rules)
        .map_err(|es| format!("--rules: {}", es.into_iter().map(|e| e.message).collect::<Vec<_>>().join("; ")))
}

/// The options of `pairs` for `game` that differ from the game's defaults, written as a
/// `Rules` tag writes them (`none` for the defaults): for messages.
fn rules_words(pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return "the defaults".to_string();
    }
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

/// Reads a position string for `explain` (GAMES.md §H.7): its game is its `game=` field,
/// else `--game`, else Grand Trictrac; its rules its `rules=` field when it names its game
/// or rules, else `--rules`. A `--game` or `--rules` that contradicts what the position
/// says is refused, in words.
fn question(p: &str, asked: &Asked) -> Result<Question, String> {
    use soumille::explain::{rules_departing, rules_header};
    use soumille::notation::Game;
    let read = soumille::notation::parser::read_position(p, asked.game.unwrap_or(Game::GrandTrictrac))
        .map_err(|e| format!("bad position: {} ({})", e.message, e.label))?;
    let setup = read.setup;
    if let (Some(said), Some(given)) = (setup.score.game, asked.game) {
        if said != given {
            return Err(format!(
                "the position is of {said} (game={said}), but --game says {given}: give no --game, or a position of {given}"
            ));
        }
    }
    let game = read.game;
    let asked_rules = asked.rules.as_deref().map(asked_pairs).transpose()?;
    let says_rules = setup.score.game.is_some() || setup.score.rules.is_some();
    let pairs = match (says_rules, asked_rules) {
        (true, Some(given)) => {
            let said = setup.score.rules.clone().unwrap_or_default();
            let header = |pairs: &[(String, String)], whose: &str| {
                rules_header(game, pairs).map_err(|es| format!("{whose}: {}", es.join("; ")))
            };
            let (a, b) = (
                rules_departing(&header(&said, "the position's rules")?),
                rules_departing(&header(&given, "--rules")?),
            );
            if a != b {
                let says = if a.is_empty() {
                    format!("its rules are the defaults of {game} (it has no rules= field)")
                } else {
                    format!("its rules are {}", rules_words(&a))
                };
                return Err(format!(
                    "--rules says {}, but the position says {says}: give no --rules, or the position's rules",
                    rules_words(&b)
                ));
            }
            said
        }
        (true, None) => setup.score.rules.clone().unwrap_or_default(),
        (false, given) => given.unwrap_or_default(),
    };
    let whose = if says_rules { "the position's rules" } else { "--rules" };
    let header = rules_header(game, &pairs).map_err(|es| format!("{whose}: {}", es.join("; ")))?;
    Ok(Question { setup, dialect: read.dialect, header })
}

/// The position string after throw `at` of record `record` of an STN file, under the
/// record's game and rules, in its letters (what `show --format position` writes), or
/// `None` when it cannot be had (said on stderr).
fn position_in_file(file: &Path, at: u32, record: usize, st: Style) -> io::Result<Option<String>> {
    let Some(OneRecord { rec, text, .. }) = read_one_record(file, record, st)? else { return Ok(None) };
    let rp = soumille::replay::replay(&rec.record, &rec.header, Some(&text));
    let found = soumille::explain::position_string_at(&rp, &rec.header, at);
    if found.is_none() {
        let how = match rp.stopped_at {
            Some(n) => format!("the replay stopped at throw {n}"),
            None => format!("the record has {} throws", rec.record.throws.len()),
        };
        eprintln!("soumille explain: no board after throw {at} of {}: {how}", file.display());
    }
    Ok(found)
}

/// The answer of `explain` to one question: Grand Trictrac's plays and jans, or another
/// game's plays; in the letters of the question.
enum Answer {
    /// Grand Trictrac or Trictrac à écrire, in the position's letters.
    Trictrac(soumille::explain::LetteredExplanation),
    /// Another game.
    Tables { roll: soumille::Dice, plays: Vec<soumille::games::ShownPlay> },
}

/// Explains a roll in a position read by [`question`]: in Soumille's letters (see
/// [`in_letters`]).
fn answer(q: &Question, dice: &str) -> Result<Answer, String> {
    let roll = soumille::explain::parse_dice(dice).map_err(|e| e.to_string())?;
    if q.header.game.is_grand_trictrac() {
        let pos = soumille::position::Position::from_setup(&q.setup).map_err(|e| format!("bad position: {e}"))?;
        let history = soumille::explain::history_of(&q.setup);
        let e = soumille::explain::explain_with(&pos, roll, &q.header.rules, &history);
        return Ok(Answer::Trictrac(e.in_letters(q.dialect)));
    }
    let mut plays = soumille::games::Games::of(&q.header).explain_plays(&q.setup, roll)?;
    if q.dialect != Dialect::Soumille {
        use soumille::explain::{letters_in, men_field_in};
        for p in plays.iter_mut() {
            p.notation = letters_in(&p.notation, q.dialect);
            p.result = men_field_in(&p.result, q.dialect);
        }
        plays.sort_by(|a, b| a.notation.cmp(&b.notation));
    }
    Ok(Answer::Tables { roll, plays })
}

/// The JSON of an answer (CLI.md, "explain --format json"): Grand Trictrac's explanation,
/// or another game's: the game, the position string as given, the dice, the seat to throw
/// and the plays.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum AnswerJson {
    /// Grand Trictrac's.
    Trictrac(soumille::explain::LetteredExplanation),
    /// Another game's.
    Tables(serde_json::Value),
}

fn answer_json(q: &Question, position: &str, a: Answer) -> AnswerJson {
    match a {
        Answer::Trictrac(e) => AnswerJson::Trictrac(e),
        Answer::Tables { roll, plays } => AnswerJson::Tables(serde_json::json!({
            "game": q.header.game.to_string(),
            "position": position,
            "dice": [roll.high(), roll.low()],
            "seat": q.setup.turn,
            "plays": plays,
        })),
    }
}

/// What `explain` says of its game and rules on its first line, when they are not Grand
/// Trictrac's defaults: ` (jacquet; postillon=immediat)`.
fn game_words(header: &soumille::notation::Header) -> String {
    let rules = soumille::explain::rules_departing(header);
    let mut words = Vec::new();
    if header.game != soumille::notation::Game::GrandTrictrac {
        words.push(header.game.to_string());
    }
    if !rules.is_empty() {
        words.push(rules_words(&rules));
    }
    if words.is_empty() {
        String::new()
    } else {
        format!(" ({})", words.join("; "))
    }
}

/// `explain POSITION --dice D`: every legal play (and Grand Trictrac's jans), as text or
/// JSON, in the position's letters.
fn explain(p: &str, d: &str, format: Format, asked: &Asked) -> io::Result<Outcome> {
    let q = match question(p, asked) {
        Ok(q) => q,
        Err(e) => {
            eprintln!("soumille explain: {e}");
            return Ok(Outcome::Failed);
        }
    };
    let a = match answer(&q, d) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("soumille explain: {e}");
            return Ok(Outcome::Failed);
        }
    };
    if format == Format::Json {
        out(&json_text(&answer_json(&q, p, a))?)?;
        return Ok(Outcome::Clean);
    }
    let said = game_words(&q.header);
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let text = match a {
        Answer::Tables { roll, plays } => {
            let mut s =
                format!("{} to throw {roll}{said}: {} legal play{}\n", q.setup.turn, plays.len(), plural(plays.len()));
            let w = plays.iter().map(|p| p.notation.len()).max().unwrap_or(1);
            for p in &plays {
                let pts = if p.points > 0 { format!("  +{}", p.points) } else { String::new() };
                s.push_str(&format!("  {:<w$}  -> {}{pts}\n", p.notation, p.result));
            }
            s
        }
        Answer::Trictrac(e) => {
            let mut s = format!(
                "{} to throw {}-{}{said}: {} legal play{}\n",
                e.seat,
                e.dice[0],
                e.dice[1],
                e.plays.len(),
                plural(e.plays.len())
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
                    let at = j.at.as_ref().map(|p| format!(" at {p}")).unwrap_or_default();
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
            s
        }
    };
    out(&text)?;
    Ok(Outcome::Clean)
}

/// `explain --batch`: each line's position read as [`explain`] reads one (its own game and
/// rules, else `--game` and `--rules`). A Grand Trictrac line in Soumille's letters that
/// names no game or rules (the usual line) is written straight by the batch writer; the
/// others go through [`answer`].
fn explain_batch_lines(asked: &Asked) -> io::Result<Outcome> {
    use soumille::notation::Game;
    let default_game = asked.game.unwrap_or(Game::GrandTrictrac);
    let pairs = match asked.rules.as_deref().map(asked_pairs).transpose() {
        Ok(p) => p.unwrap_or_default(),
        Err(e) => {
            eprintln!("soumille explain: {e}");
            return Ok(Outcome::Failed);
        }
    };
    let asked_header = match soumille::explain::rules_header(default_game, &pairs) {
        Ok(h) => h,
        Err(es) => {
            eprintln!("soumille explain: --rules: {}", es.join("; "));
            return Ok(Outcome::Failed);
        }
    };
    let mut scratch = soumille::explain::Scratch::default();
    explain_batch(|p, d, out| {
        if default_game.is_grand_trictrac() {
            let read = soumille::notation::parser::read_position(p, default_game)
                .map_err(|e| format!("bad position: {} ({})", e.message, e.label))?;
            let sc = &read.setup.score;
            if read.dialect == Dialect::Soumille && sc.game.is_none() && sc.rules.is_none() {
                let pos =
                    soumille::position::Position::from_setup(&read.setup).map_err(|e| format!("bad position: {e}"))?;
                let roll = soumille::explain::parse_dice(d).map_err(|e| e.to_string())?;
                let history = soumille::explain::history_of(&read.setup);
                soumille::explain::write_explanation(out, &mut scratch, &pos, roll, &asked_header.rules, &history);
                return Ok(());
            }
        }
        let q = question(p, asked)?;
        let a = answer(&q, d)?;
        serde_json::to_writer(out, &answer_json(&q, p, a)).map_err(|e| e.to_string())
    })
}

/// The rules of one of the other games with the options of `rules` (as in a `Rules` tag),
/// read through a record header so that the options are checked as a record's are.
fn tables_game(game: soumille::notation::Game, rules: &str) -> Option<soumille::games::Games> {
    let pairs = match asked_pairs(rules) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("soumille: {e}");
            return None;
        }
    };
    match soumille::explain::rules_header(game, &pairs) {
        Ok(h) => Some(soumille::games::Games::of(&h)),
        Err(errs) => {
            eprintln!("soumille: --rules: {}", errs.join("; "));
            None
        }
    }
}

/// A value as pretty JSON with a final line end.
fn json_text<T: serde::Serialize>(v: &T) -> io::Result<String> {
    let mut s = serde_json::to_string_pretty(v).map_err(io::Error::other)?;
    s.push('\n');
    Ok(s)
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
        // clap_mangen names a page per command (`soumille-check(1)`), which is not written:
        // every command is a section of this page
        match l.strip_prefix("soumille\\-").and_then(|c| c.strip_suffix("(1)")) {
            Some("help") => s.push_str("\\fBsoumille help\\fR [\\fICOMMAND\\fR]\n"),
            Some(c) => s.push_str(&format!("\\fBsoumille {c}\\fR (section SOUMILLE {})\n", c.to_uppercase())),
            None => {
                s.push_str(l);
                s.push('\n');
            }
        }
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

/// `explain --batch`: one JSON line out for each line in (blank lines are skipped),
/// `answer(position, dice, out)`
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
/// a line end: `answer`'s JSON, or `{"line": N, "error": "…"}`; nothing for a blank line.
/// Whether it was answered (or skipped).
fn batch_line(
    n: usize,
    line: &[u8],
    answer: &mut impl FnMut(&str, &str, &mut Vec<u8>) -> Result<(), String>,
    buf: &mut Vec<u8>,
) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        // a blank line is skipped: no answer (the lines after keep their numbers)
        return true;
    }
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
    if file.is_dir() {
        eprintln!(
            "soumille: {} is a folder: give one .stn file (`soumille check` reads folders)",
            soumille::notation::escape_controls(&file.display().to_string())
        );
        return Ok(None);
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
    });
    let end = match end {
        Ok(end) => end,
        Err(e) => {
            eprintln!("soumille: cannot read {}: {e}", file.display());
            return Ok(None);
        }
    };
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
    let set = Settings { style: corpus_style(d, c), max_errors: c.max_errors, json, allow_empty: c.allow_empty };
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
        let mut records = Vec::new();
        for file in files {
            let bytes = match read_input(file) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("soumille: cannot read {}: {e}", file.display());
                    return Ok(Outcome::Failed);
                }
            };
            match records_of_json(&String::from_utf8_lossy(&bytes)) {
                Ok(r) => records.extend(r),
                Err(e) => {
                    eprintln!("soumille: {}: {e}", file.display());
                    return Ok(Outcome::Failed);
                }
            }
        }
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

/// The records of what `soumille json` writes: one document (pretty or not), or JSON Lines
/// (one value after the other): the lines of `json` with several files or a folder
/// (`{"path": "a.stn", "document": {…}}`), documents, or single records.
fn records_of_json(text: &str) -> Result<Vec<soumille::notation::Record>, String> {
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
            Some(Err(_)) if found.is_empty() => return json::from_str(text).map_err(|e| e.to_string()),
            Some(Err(e)) => return Err(format!("line {}: not a soumille JSON document: {e}", line_of(at))),
        }
    }
    // a record has tags or throws; anything else is read as a document (and refused as one)
    let is_document = |v: &Value| v.get("tags").is_none() && v.get("throws").is_none();
    if found.is_empty() {
        return json::from_str(text).map_err(|e| e.to_string());
    }
    if let [(_, v)] = found.as_slice() {
        if is_document(v) && v.get("document").is_none() {
            return json::from_str(text).map_err(|e| e.to_string());
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
        let r = json::from_str(&doc.to_string()).map_err(|e| format!("line {}: {e}", line_of(at)))?;
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
