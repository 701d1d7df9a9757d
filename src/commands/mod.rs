//! The commands of the `soumille` binary (docs/commands.md), as library functions: each takes typed
//! inputs (paths, formats, options) and a [`Console`] (where its output, its warnings and
//! its syntax diagnostics go), and returns an [`Outcome`] (the exit status) or a
//! [`CommandError`] (what stopped it). The binary parses the command line ([`cli`]),
//! calls one of them and prints the error.
//!
//! Only with the `fancy` feature (the binary's): the diagnostics are drawn by miette's
//! `fancy` handlers.

pub mod cli;
pub mod corpus;
pub mod explain;
pub mod interop;
pub mod lsp;
mod read;
pub mod record;
pub mod repair;
pub mod select;
pub mod table;

use std::io::{self, Write};
use std::path::PathBuf;

pub use read::{read_bounded, read_input, read_one_record, read_stn_any, read_stn_full, OneRecord, MAX_INPUT};

/// What a command ended with: its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exit 0: nothing was flagged.
    Clean,
    /// Exit 1: something was flagged.
    Flagged,
    /// Exit 2: a file could not be read or parsed (said on the console).
    Failed,
}

impl Outcome {
    /// The outcome of an exit status (0, 1, 2).
    pub fn of_status(status: u8) -> Outcome {
        match status {
            0 => Outcome::Clean,
            1 => Outcome::Flagged,
            _ => Outcome::Failed,
        }
    }

    /// The exit status: 0, 1 or 2.
    pub fn status(self) -> u8 {
        match self {
            Outcome::Clean => 0,
            Outcome::Flagged => 1,
            Outcome::Failed => 2,
        }
    }
}

/// Where a command writes: its output, its warnings and diagnostics, and how syntax errors
/// are drawn.
pub struct Console<'a> {
    /// The output (standard output).
    pub out: &'a mut dyn Write,
    /// Warnings and diagnostics (standard error); a failure to write them is ignored.
    pub err: &'a mut dyn Write,
    /// How syntax errors are drawn.
    pub style: crate::notation::error::Style,
}

impl Console<'_> {
    /// A warning or a diagnostic, as given (a failure to write it is ignored).
    pub fn warn(&mut self, text: std::fmt::Arguments<'_>) {
        let _ = self.err.write_fmt(text);
    }
}

/// What stopped a command (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The output could not be written (a closed pipe is no error).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A value could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A folder was given where one file is read.
    #[error("{} is a folder: give one .stn file (`soumille check` reads folders)", crate::notation::escape_controls(&path.display().to_string()))]
    Folder {
        /// The folder.
        path: PathBuf,
    },
    /// The file has fewer records than the number asked for.
    #[error("{} has {has} record(s), not {asked}", path.display())]
    NoSuchRecord {
        /// The file.
        path: PathBuf,
        /// How many records it has.
        has: usize,
        /// The number asked for (1 = the first).
        asked: usize,
    },
    /// No `.stn` file in the paths given.
    #[error("no .stn file in {}", .0.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "))]
    NoFiles(Vec<PathBuf>),
    /// The JSON given to `fmt --from-json` is not soumille's.
    #[error("{}: {error}", path.display())]
    FromJson {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        error: corpus::FromJsonError,
    },
    /// `show` has no picture.
    #[error(transparent)]
    Show(#[from] crate::render::ShowError),
    /// `explain` was given neither a position and dice nor `--batch`.
    #[error("give POSITION and --dice, or --batch")]
    ExplainWhat,
    /// `explain --at N`: the replay of the file has no board after throw N.
    #[error("no board after throw {at} of {}: {reach}", path.display())]
    NoBoard {
        /// The file.
        path: PathBuf,
        /// The throw.
        at: u32,
        /// How far the replay went.
        reach: crate::render::Reach,
    },
    /// `explain --at N` without `--dice`: the record has no dice at throw N+1.
    #[error("no dice at throw {} of {} to explain: give --dice", u64::from(*at) + 1, path.display())]
    NoNextDice {
        /// The file.
        path: PathBuf,
        /// The throw whose position is explained.
        at: u32,
    },
    /// `explain` cannot explain.
    #[error(transparent)]
    Explain(#[from] crate::explain::ExplainError),
    /// `generate` cannot generate.
    #[error(transparent)]
    Generate(#[from] crate::generate::GenerateError),
    /// `import` cannot read a match file.
    #[error("{}: {error}", path.display())]
    Import {
        /// The file.
        path: PathBuf,
        /// Why.
        error: crate::interop::InteropError,
    },
    /// The language server stopped on an error.
    #[error(transparent)]
    Lsp(#[from] crate::lsp::LspError),
    /// `repair` cannot repair the record.
    #[error(transparent)]
    Repair(#[from] crate::repair::RepairError),
    /// `repair --confusions FILE`: the file is not a confusion table.
    #[error("{}: {error}", path.display())]
    Confusions {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        error: crate::repair::ConfusionError,
    },
    /// `repair --apply N`: fewer candidates than N.
    #[error("{}: {has} candidate(s), not {asked}", path.display())]
    NoCandidate {
        /// The file.
        path: PathBuf,
        /// How many candidates were found.
        has: usize,
        /// The number asked for (1 = the best).
        asked: usize,
    },
    /// A criterion of `select` (or a table's) is not understood (docs/data.md §1).
    #[error("select: {0}")]
    Criterion(#[from] crate::select::CriterionError),
    /// `export` cannot write the records of a file.
    #[error("{}: {error}", path.display())]
    Export {
        /// The file.
        path: PathBuf,
        /// Why.
        error: crate::interop::InteropError,
    },
}

impl CommandError {
    /// The command that names itself in the message (`soumille show: …`), if any.
    pub fn command(&self) -> Option<&'static str> {
        match self {
            CommandError::Show(_) => Some("show"),
            CommandError::ExplainWhat
            | CommandError::NoBoard { .. }
            | CommandError::NoNextDice { .. }
            | CommandError::Explain(_) => Some("explain"),
            CommandError::Generate(_) => Some("generate"),
            CommandError::Import { .. } => Some("import"),
            CommandError::Export { .. } => Some("export"),
            CommandError::Lsp(_) => Some("lsp"),
            CommandError::Repair(_) | CommandError::Confusions { .. } | CommandError::NoCandidate { .. } => {
                Some("repair")
            }
            _ => None,
        }
    }

    /// Whether it is a closed pipe on the output: no error at all.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CommandError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// `generate`: `count` games of `game` by seeded self-play, as STN, separated by blank lines.
pub fn generate(
    con: &mut Console,
    game: crate::notation::Game,
    count: u32,
    seed: u64,
) -> Result<Outcome, CommandError> {
    let mut o = io::BufWriter::new(&mut *con.out);
    for (k, rec) in crate::generate::generate(game, count, seed).enumerate() {
        let rec = rec?;
        if k > 0 {
            o.write_all(b"\n")?;
        }
        o.write_all(crate::notation::print_record(&rec, Default::default()).as_bytes())?;
    }
    o.flush()?;
    Ok(Outcome::Clean)
}
