//! The command line of `soumille` (docs/commands.md) as clap parses it: the commands, their
//! arguments and options, and their help texts (the doc comments below are the `--help`
//! texts, the manual page and the completions: a word changed here changes them).
//!
//! Here rather than in `main.rs` so that the binary is only the dispatch and the printing,
//! and so that the manual page and the completions are made from the same definitions.

#![allow(missing_docs)] // the doc comments are help texts; not every item has one

use clap::{Parser, Subcommand, ValueEnum};
use std::io::{self, IsTerminal};
use std::path::PathBuf;

/// Reads, replays and checks records of seven tables games — Grand Trictrac, Trictrac à écrire,
/// Jacquet, Moultezim, Tric Trac 1982, Backgammon, Plakoto — and backgammon players' files (.mat, SGF,
/// FIBS logs).
#[derive(Parser, Debug)]
#[command(name = "soumille", version, about, long_about = None)]
pub struct Cli {
    /// How syntax errors are drawn on stderr: `auto` (graphical on a terminal, narrated
    /// otherwise), `graphical` (no colour, 80 columns), `narrated`.
    #[arg(long, global = true, value_enum, default_value_t = Diagnostics::Auto)]
    pub diagnostics: Diagnostics,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Diagnostics {
    Auto,
    Graphical,
    Narrated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    Text,
    Markdown,
    Html,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Picture {
    Text,
    Svg,
    /// The position string (docs/format.md §6) with every score field, for `explain`.
    Position,
    /// GNU Backgammon's Position ID (backgammon records only), for gnubg's `set board`.
    Gnubg,
    /// GNU Backgammon's Position ID and Match ID, `POSITION:MATCH`, for gnubg's `set gnubgid`.
    GnubgId,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Letters {
    Soumille,
    Lepeintre,
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
        /// `text` (diagnostics on stderr) or `json` (the report of docs/commands.md on stdout, with a
        /// `summary` object next to `files`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Backgammon: the flags' messages name the points and plays in point numbers, as GNU
        /// Backgammon and FIBS write them, counted from the side of the player on roll.
        #[arg(long)]
        points: bool,
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
        /// With --letters, also convert the board letters a comment quotes: everything
        /// between backquotes, and a letter standing alone or joined by - or / (`x-t`,
        /// `on o`); not a letter inside a word, nor a, y, A, I alone (quote them).
        #[arg(long, requires = "letters")]
        letters_in_comments: bool,
        /// Rewrite each file in place instead of printing it (a symbolic link stays a link:
        /// the file it names is rewritten).
        #[arg(long, conflicts_with = "from_json")]
        write: bool,
        /// Read the JSON of `soumille json` and print it as STN: one document, or the JSON
        /// Lines that `json` writes for several files (a document or a record a line also).
        #[arg(long)]
        from_json: bool,
        /// Write `check`'s findings into the records as `{ soumille: … }` comments, each after
        /// its throw (docs/data.md §2).
        #[arg(long, conflicts_with_all = ["from_json", "strip"])]
        annotate: bool,
        /// Remove the `{ soumille: … }` comments `--annotate` wrote.
        #[arg(long, conflicts_with = "from_json")]
        strip: bool,
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
        /// Which record of the file (1 = the first, the default).
        #[arg(long, value_name = "N")]
        record: Option<usize>,
        #[arg(long = "game", value_name = "N", hide = true, conflicts_with = "record")]
        old_game: Option<usize>,
        /// `text` or `json` (one document: `rows`, `flags`, `result`, `final`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Backgammon: the plays and the flags' messages in point numbers, as GNU Backgammon
        /// and FIBS write them (the JSON's `play` stays in Soumille's letters).
        #[arg(long)]
        points: bool,
    },
    /// The annotated score sheet of the tour: a row per throw with both seats' marks and
    /// running totals, relèves and holes, and the result with its winnings (`gains` scheme).
    Sheet {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first, the default; in HTML, a backgammon file of
        /// several games gives the whole match on one page unless a record is asked).
        #[arg(long, value_name = "N")]
        record: Option<usize>,
        #[arg(long = "game", value_name = "N", hide = true, conflicts_with = "record")]
        old_game: Option<usize>,
        /// `text`, `markdown`, `html` or `json`.
        #[arg(long, value_enum, default_value_t = SheetFormat::Text)]
        format: SheetFormat,
        /// Backgammon: the plays in point numbers, as GNU Backgammon and FIBS write them
        /// (`24/18 13/11*`, `bar/22`, `6/off`, `13/8(2)`).
        #[arg(long)]
        points: bool,
    },
    /// The board after throw N (`--at 0`: the start), replaying the record.
    ///
    /// Text: the classic layout, top's side A..M above and bottom's & .. N below, top's
    /// men `x`, bottom's `o`. SVG: a drawing of the board, for every game: the men on the
    /// points, on the bar and borne off, the score (Grand Trictrac's points and holes, Tric
    /// Trac's points and parties), the doubling cube, and for the other games the throw's
    /// note and flags. Position: the position string (docs/format.md §6) with its score fields,
    /// which `soumille explain` reads to explain the next throw.
    Show {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// The throw after which to show the board.
        #[arg(long, default_value_t = 0)]
        at: u32,
        /// Which record of the file (1 = the first, the default).
        #[arg(long, value_name = "N")]
        record: Option<usize>,
        #[arg(long = "game", value_name = "N", hide = true, conflicts_with = "record")]
        old_game: Option<usize>,
        /// `text`, `svg`, `position`, `gnubg` (GNU Backgammon's Position ID) or `gnubg-id`
        /// (its Position ID and Match ID, `POSITION:MATCH`, as gnubg's `set gnubgid` reads them).
        #[arg(long, value_enum, default_value_t = Picture::Text)]
        format: Picture,
        /// Backgammon: the throw's play in point numbers, as GNU Backgammon writes it, in the
        /// picture's title, and the board's points numbered 1–24 from the side of the player
        /// on roll.
        #[arg(long)]
        points: bool,
    },
    /// Every legal play of a roll in a position (and every jan with its points).
    ///
    /// POSITION is a position string (docs/format.md §6) such as "A15/&15 top", in Soumille's
    /// or Lepeintre's letters (the answer is in the same letters). A position of another game
    /// names it (`game=jacquet`) and the rules that differ from its defaults
    /// (`rules=postillon:immediat`), as `show --format position` writes them: `--game` and
    /// `--rules` may not contradict them. With `--at N`, the argument is an STN FILE and the
    /// position is the one after its throw N, under its game and rules, and the dice are
    /// those of its throw N+1 unless `--dice` gives others. Plays are in
    /// canonical notation with the resulting men (field 1 of a position string). With
    /// `--batch`, reads `POSITION<TAB>DICE` lines from stdin and writes one JSON object a line,
    /// for any game: what `--format json` writes, or `{"line": N, "error": "…"}` for a bad
    /// line (and exit status 2 at the end).
    Explain {
        /// A position string, e.g. "A9BC2DGH/N2VX&11 bottom" (with --at: an STN file).
        #[arg(required_unless_present = "batch", value_name = "POSITION|FILE")]
        position: Option<String>,
        /// The roll, e.g. 6-5 or sonnez (with --at: by default the record's next throw).
        #[arg(long, required_unless_present_any = ["batch", "at"])]
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
        /// The game whose rules apply (default: the position's `game=`, else
        /// grand-trictrac). Only Grand Trictrac lists jans.
        #[arg(long, value_parser = GameArg)]
        game: Option<crate::notation::Game>,
        /// Explain the position after throw N of the record in the file FILE (`0`: the
        /// start), with the record's game and rules, and the dice of its throw N+1 unless
        /// --dice gives others.
        #[arg(long, value_name = "N", conflicts_with_all = ["game", "rules"])]
        at: Option<u32>,
        /// With --at: which record of the file (1 = the first).
        #[arg(long, value_name = "N", default_value_t = 1, requires = "at")]
        record: usize,
        /// Backgammon: the plays in point numbers, as GNU Backgammon writes them.
        #[arg(long)]
        points: bool,
    },
    /// A self-contained HTML page that steps through a game throw by throw.
    ///
    /// The board after each throw with the score, dice, play, jans and flags; buttons and
    /// the arrow keys step through it. No network: CSS, script and the game are inline.
    /// Every game: Jacquet, Moultezim, Backgammon and Tric Trac show the men on the bar and
    /// borne off, the cube, Tric Trac's points and parties, and the flags at their throw.
    /// A replay that stops shows the throws up to the stop and its `not-replayed` flag. A file
    /// of several records of one game (a backgammon match) is one page for the whole file
    /// unless `--record` asks for one: the steps go on from game to game, with the list of the
    /// games and the match score beside each board.
    View {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first) shown alone; without it, a file of
        /// several records of one game (a match) is shown whole, else its first record.
        #[arg(long, value_name = "N")]
        record: Option<usize>,
        #[arg(long = "game", value_name = "N", hide = true, conflicts_with = "record")]
        old_game: Option<usize>,
        /// Backgammon: the plays in point numbers, as GNU Backgammon writes them.
        #[arg(long)]
        points: bool,
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
    /// What the scribe meant: the likeliest transcription edits that make a flagged record
    /// check clean.
    ///
    /// Searches for the smallest sets of edits (a letter read for a look-alike, a die
    /// misread, two moves swapped between the dice, two throws swapped, a seat or a throw
    /// number wrong, a throw missing or written twice, a mark or hole count misread, a `*`
    /// or `#` missing or extra) that clear the record's flags, ranked by likelihood under a
    /// confusion model (built in; `--confusions` adds a historian's own). Prints each
    /// flagged place with its best candidates (their edits, the flags each removes, a
    /// score), then the candidates for the whole record. Exit 0 when the record is clean
    /// (with `--apply`: when the record written is), 1 when it is flagged, 2 when it cannot
    /// be read (misnumbered throws are repaired, other syntax errors are not).
    Repair {
        /// The STN file (`-` for standard input).
        file: PathBuf,
        /// Which record of the file (1 = the first, the default).
        #[arg(long, value_name = "N")]
        record: Option<usize>,
        #[arg(long = "game", value_name = "N", hide = true, conflicts_with = "record")]
        old_game: Option<usize>,
        /// `text` or `json` (`flags`, `places`, `candidates` with their edits as data,
        /// `described`, `cut`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Print the unified diff of the record's text and the best candidate's (or
        /// `--apply`'s).
        #[arg(long)]
        diff: bool,
        /// Write the file with candidate N's edits (1 = the best) made in it: only the edited
        /// tokens change, a `{ repaired: … }` comment at each edit; the layout is kept.
        #[arg(long, value_name = "N")]
        apply: Option<usize>,
        /// Stop searching after this long (`2s`, `500ms`); the output says when the search
        /// was cut.
        #[arg(long, default_value = "2s", value_parser = super::repair::parse_budget)]
        budget: std::time::Duration,
        /// A confusion file of one's own (`[soumille]` then `I L 0.3` lines: see
        /// docs/commands.md), added to the built-in model.
        #[arg(long, value_name = "FILE")]
        confusions: Option<PathBuf>,
        /// Backgammon: the flags and the candidates' edits in point numbers, as GNU
        /// Backgammon and FIBS write them (the JSON's edits as data stay in letters).
        #[arg(long)]
        points: bool,
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
        /// Which game.
        #[arg(long, default_value = "grand-trictrac", value_parser = GameArg)]
        game: crate::notation::Game,
    },
    /// Select records by tag, game, player, result, flag, event or position reached, as
    /// pgn-extract selects chess games (docs/data.md §1).
    ///
    /// Every criterion given must hold. Reads files and folders as `check` does, on every
    /// core; writes each record selected as it is in its file (STN), as a list, or as JSON
    /// Lines, in the order of the files. Records with syntax errors are not selected (said on
    /// stderr at their place). Exit 0, or 2 when a file cannot be read.
    Select {
        /// STN files and directories; `-` for standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        select: SelectArgs,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Every record replayed into a table: a row per throw, flag, game or match, as CSV,
    /// JSON Lines or Parquet, for DuckDB, pandas or polars (the columns: docs/data.md §3).
    ///
    /// Reads files and folders on every core; rows in the order of the files. Records with
    /// syntax errors give no row (said on stderr at their place, exit 2).
    Table {
        /// STN files and directories; `-` for standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Which table: a row per throw, flag, game or match.
        #[arg(long = "of", value_enum, default_value_t = TableOf::Throws)]
        of: TableOf,
        /// `csv`, `jsonl` or `parquet` (Parquet: built with the `parquet` feature).
        #[arg(long, value_enum, default_value_t = TableTo::Csv)]
        to: TableTo,
        /// Write the table into this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// A Language Server on stdin/stdout, for checking records live in an editor.
    ///
    /// Speaks LSP (JSON-RPC) on standard input and output; an editor starts it, for `*.stn`
    /// files (docs/editors.md: Neovim, Helix, VS Code). It publishes the syntax errors and
    /// the flags of every game as you type, shows the boards, score and position string of
    /// a throw (and a rule's text) on hover, completes the lawful plays after a throw's dice
    /// and the marks after a play, offers the lawful plays for a fausse case and the
    /// computed marks as code actions, formats by the canonical printer, and lists the
    /// games, relèves and parties as document symbols.
    Lsp,
}

/// The record a command reads: `--record N`, else the deprecated `--game N` (a hidden alias
/// kept for old scripts: `--game` names a game's rules, as in `explain` and `generate`), with
/// a one-line note on `err` that it is now `--record`.
pub fn record_asked(record: Option<usize>, old_game: Option<usize>, err: &mut dyn io::Write) -> Option<usize> {
    if let Some(n) = old_game {
        let _ = writeln!(err, "soumille: --game {n} is now --record {n} (--game names a game's rules)");
    }
    record.or(old_game)
}

/// The criteria and the output of `select` (docs/data.md §1).
#[derive(clap::Args, Debug, Clone)]
pub struct SelectArgs {
    /// A tag test: `Name` (present), `Name=v`, `Name!=v`, `Name~regex`, `Name!~regex`,
    /// `Name>=v` (also `>`, `<`, `<=`): numbers and dates (`Date>=1750.03`) compared as such.
    #[arg(long, value_name = "TEST")]
    pub tag: Vec<String>,
    /// The game (repeat for several).
    #[arg(long, value_parser = GameArg)]
    pub game: Vec<crate::notation::Game>,
    /// A player, as `Top` or `Bottom` (part of the name, any case); two: their games.
    #[arg(long)]
    pub player: Vec<String>,
    /// Who won by the replay: `top`, `bottom` or `unfinished`.
    #[arg(long, value_parser = ["top", "bottom", "unfinished"])]
    pub result: Option<String>,
    /// A flag: `KIND|RULE|any[,seat=S][,throws=A-B][,count>=N][,per=seat|releve]`.
    #[arg(long, value_name = "FLAG")]
    pub flag: Vec<String>,
    /// Only records the replay does not flag.
    #[arg(long, conflicts_with = "flagged")]
    pub clean: bool,
    /// Only records the replay flags.
    #[arg(long)]
    pub flagged: bool,
    /// The number of throws: `A-B`, `A-`, `-B` or `N`.
    #[arg(long, value_name = "RANGE")]
    pub throws: Option<String>,
    /// Something that happens: `cube>=N`, `resign`, `hole`, `releve`, `partie`, `jan=CODE`,
    /// `unlawful`, `end=KIND`; with `,seat=`, `,throws=`, `,count>=N`, `,per=`.
    #[arg(long, value_name = "EVENT")]
    pub event: Vec<String>,
    /// A position reached (docs/format.md §6) with wildcards: `?` a count, `*` a side or a
    /// value, `...` other points; `A?FG.../* bottom holes=*/3`.
    #[arg(long, value_name = "PATTERN")]
    pub position: Vec<String>,
    /// Keep only the first of records with the same throws (whatever their tags).
    #[arg(long)]
    pub dedupe: bool,
    /// Print the number of records selected, not the records.
    #[arg(long)]
    pub count: bool,
    /// `stn` (the records as they are), `list` (a line a record) or `jsonl`.
    #[arg(long, value_enum, default_value_t = SelectOutput::Stn)]
    pub output: SelectOutput,
    /// Write the records into files in `--into`: a file a record, game, match or player.
    #[arg(long, value_enum, requires = "into")]
    pub split_by: Option<SplitArg>,
    /// The folder of `--split-by`.
    #[arg(long, value_name = "DIR", requires = "split_by")]
    pub into: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SelectOutput {
    Stn,
    List,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SplitArg {
    Record,
    Game,
    Match,
    Player,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableOf {
    Throws,
    Flags,
    Games,
    Matches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableTo {
    Csv,
    Jsonl,
    Parquet,
}

impl From<TableOf> for crate::table::Table {
    fn from(t: TableOf) -> Self {
        use crate::table::Table as T;
        match t {
            TableOf::Throws => T::Throws,
            TableOf::Flags => T::Flags,
            TableOf::Games => T::Games,
            TableOf::Matches => T::Matches,
        }
    }
}

impl From<TableTo> for super::table::TableFormat {
    fn from(t: TableTo) -> Self {
        use super::table::TableFormat as F;
        match t {
            TableTo::Csv => F::Csv,
            TableTo::Jsonl => F::Jsonl,
            TableTo::Parquet => F::Parquet,
        }
    }
}

/// The options of the commands that read many files.
#[derive(clap::Args, Debug, Clone)]
pub struct CorpusArgs {
    /// Print nothing: the exit status only.
    #[arg(long, short)]
    pub quiet: bool,
    /// Colours on stderr: `auto` (on a terminal, unless `NO_COLOR` is set), `always`,
    /// `never`.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    pub color: Colour,
    /// Syntax errors (and flag drawings) shown per file; the rest are counted. 0: all.
    #[arg(long, default_value_t = 50)]
    pub max_errors: usize,
    /// Accept a file that holds no game (empty, or only blanks and comments); without it
    /// such a file is an error (exit status 2).
    #[arg(long)]
    pub allow_empty: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    Auto,
    Always,
    Never,
}

/// The match formats of backgammon programs.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// Jellyfish `.mat` (also `.gam`), as GNU Backgammon exports it.
    Mat,
    /// GNU Backgammon's SGF.
    Sgf,
}

/// A game's name on the command line (any case, accents allowed), its values and their help
/// from the game registry.
#[derive(Clone, Copy)]
pub struct GameArg;

impl clap::builder::TypedValueParser for GameArg {
    type Value = crate::notation::Game;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let text = value.to_string_lossy();
        crate::notation::Game::from_name(&text).ok_or_else(|| {
            let tags: Vec<&str> = crate::games::registry::GAMES.iter().map(|g| g.tag()).collect();
            let arg = arg.map_or("--game".to_string(), ToString::to_string);
            let e = format!("invalid value '{text}' for '{arg}': unknown game; the games are {}", tags.join(", "));
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")).with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let games = crate::games::registry::GAMES.iter();
        Some(Box::new(games.map(|g| clap::builder::PossibleValue::new(g.tag()).aliases(g.aliases).help(g.about))))
    }
}

impl Diagnostics {
    /// How syntax errors are drawn on stderr for the one-file commands.
    pub fn style(self) -> crate::notation::error::Style {
        use crate::notation::error::Style;
        match self {
            Diagnostics::Graphical => Style::Plain,
            Diagnostics::Narrated => Style::Narrated,
            Diagnostics::Auto if io::stderr().is_terminal() => Style::Colour,
            Diagnostics::Auto => Style::Narrated,
        }
    }
}

impl CorpusArgs {
    /// The options of a corpus command, its diagnostics drawn for `--diagnostics` and
    /// `--color`.
    pub fn options(&self, d: Diagnostics) -> super::corpus::CorpusOptions {
        use crate::notation::error::Style;
        let terminal = io::stderr().is_terminal();
        let choice = match self.color {
            Colour::Auto => None,
            Colour::Always => Some(true),
            Colour::Never => Some(false),
        };
        let colour = crate::corpus::colour(choice, terminal, std::env::var_os("NO_COLOR").as_deref());
        let style = match d {
            Diagnostics::Narrated => Style::Narrated,
            Diagnostics::Graphical if colour => Style::Colour,
            Diagnostics::Graphical => Style::Plain,
            Diagnostics::Auto if colour => Style::Colour,
            Diagnostics::Auto if terminal => Style::Plain,
            Diagnostics::Auto => Style::Narrated,
        };
        super::corpus::CorpusOptions {
            quiet: self.quiet,
            style,
            max_errors: self.max_errors,
            allow_empty: self.allow_empty,
        }
    }
}

impl From<Format> for crate::render::ReplayFormat {
    fn from(f: Format) -> Self {
        match f {
            Format::Text => crate::render::ReplayFormat::Text,
            Format::Json => crate::render::ReplayFormat::Json,
        }
    }
}

impl From<SheetFormat> for crate::render::SheetFormat {
    fn from(f: SheetFormat) -> Self {
        use crate::render::SheetFormat as S;
        match f {
            SheetFormat::Text => S::Text,
            SheetFormat::Markdown => S::Markdown,
            SheetFormat::Html => S::Html,
            SheetFormat::Json => S::Json,
        }
    }
}

impl From<Picture> for crate::render::Picture {
    fn from(p: Picture) -> Self {
        use crate::render::Picture as P;
        match p {
            Picture::Text => P::Text,
            Picture::Svg => P::Svg,
            Picture::Position => P::Position,
            Picture::Gnubg => P::Gnubg,
            Picture::GnubgId => P::GnubgId,
        }
    }
}

impl From<Letters> for crate::Dialect {
    fn from(l: Letters) -> Self {
        match l {
            Letters::Soumille => crate::Dialect::Soumille,
            Letters::Lepeintre => crate::Dialect::Lepeintre,
        }
    }
}

impl From<MatchFormat> for crate::interop::Format {
    fn from(f: MatchFormat) -> Self {
        match f {
            MatchFormat::Mat => crate::interop::Format::Mat,
            MatchFormat::Sgf => crate::interop::Format::Sgf,
        }
    }
}

/// The shell completions of the command line for `shell`.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "soumille", &mut buf);
    buf
}

/// The manual page: the main page of clap_mangen, its title line first, then a section
/// for each command with its description and options (the same clap definitions as
/// `--help`, so the page never drifts from the program).
pub fn man_page() -> io::Result<String> {
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
