//! The reports of `check` (docs/commands.md, "check --format json"): one model, printed as text or JSON.

use crate::notation::{self, line_column, ReadRecord, SyntaxError};
use serde::Serialize;

/// `{"files": [...]}`
#[derive(Clone, Debug, Default, Serialize)]
pub struct CheckReport {
    /// One entry per file, in the order given.
    pub files: Vec<FileReport>,
}

/// One file's games.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FileReport {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// The file could not be read at all (missing, unreadable).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<String>,
    /// The records of the file.
    pub games: Vec<GameReport>,
}

/// One record's outcome.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameReport {
    /// Number of throws read.
    pub throws: usize,
    /// Syntax errors.
    pub errors: Vec<ErrorEntry>,
    /// Rule flags (fausses cases, écoles, …) from the replay.
    pub flags: Vec<crate::replay::Flag>,
    /// The score as the record's claims leave it (docs/rules.md §9); absent when not replayed.
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_score: Option<FinalScore>,
    /// The other games (docs/games.md): how the game ended, as replayed; absent when unfinished or
    /// not replayed. (`final` is Grand Trictrac's holes and points.)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndReport>,
}

/// How a game other than Grand Trictrac ended, as `check --format json` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EndReport {
    /// The winner.
    pub winner: crate::board::Seat,
    /// What it won (points; Tric Trac: the series' points).
    pub points: u32,
    /// The kind of win (`gammon`, `backgammon`, `drop`, `partie double`, …), when it has one.
    pub kind: Option<&'static str>,
}

impl From<&crate::replay::End> for EndReport {
    fn from(e: &crate::replay::End) -> EndReport {
        EndReport { winner: e.winner, points: e.points(), kind: e.kind() }
    }
}

impl GameReport {
    /// Takes the end of a replay: the final score of Grand Trictrac, the end of another game.
    pub fn set_end(&mut self, _header: &crate::notation::Header, rp: &crate::replay::Replay) {
        match &rp.grand_trictrac {
            Some(g) => self.final_score = Some(FinalScore::from(&g.score)),
            None => self.end = rp.end.as_ref().map(EndReport::from),
        }
    }
}

/// Holes and points of one seat.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct SeatScore {
    /// Holes.
    pub holes: u16,
    /// Points.
    pub points: u16,
}

/// The score of both seats.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct FinalScore {
    /// Top's.
    pub top: SeatScore,
    /// Bottom's.
    pub bottom: SeatScore,
}

impl From<&crate::output::Score> for FinalScore {
    fn from(s: &crate::output::Score) -> Self {
        FinalScore {
            top: SeatScore { holes: s.holes[0], points: s.points[0] },
            bottom: SeatScore { holes: s.holes[1], points: s.points[1] },
        }
    }
}

/// A syntax error with its place.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorEntry {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ErrorEntry {
    /// The entry for `e` in `src`.
    pub fn new(e: &SyntaxError, src: &str) -> ErrorEntry {
        let (line, column) = line_column(src, e.span.map_or(0, |s| s.start as usize));
        ErrorEntry { line, column, message: format!("{}: {}", e.message, e.label) }
    }
}

/// What reading one file gave.
#[derive(Clone, Debug)]
pub struct FileReading {
    /// The text (lossy where the bytes were not UTF-8).
    pub text: String,
    /// The records.
    pub records: Vec<ReadRecord>,
    /// Errors that belong to no record (invalid UTF-8).
    pub file_errors: Vec<SyntaxError>,
}

impl FileReading {
    /// Reads a file's bytes.
    pub fn of_bytes(bytes: &[u8]) -> FileReading {
        match notation::read_bytes(bytes) {
            Ok((text, mut records)) => {
                // the options of each record's `Rules` tag, judged by its game
                records.iter_mut().for_each(crate::games::registry::check_read);
                FileReading { text, records, file_errors: Vec::new() }
            }
            Err(b) => FileReading { text: b.0, records: Vec::new(), file_errors: vec![b.1] },
        }
    }

    /// Every syntax error of the file, in order.
    pub fn errors(&self) -> Vec<SyntaxError> {
        let mut v = self.file_errors.clone();
        v.extend(self.records.iter().flat_map(|r| r.errors.iter().cloned()));
        v
    }

    /// Whether the file read without error.
    pub fn is_clean(&self) -> bool {
        self.file_errors.is_empty() && self.records.iter().all(|r| r.errors.is_empty())
    }

    /// Replays every record that read without error; the flags of each (in record order;
    /// empty for records with syntax errors).
    pub fn replay(&self) -> Vec<crate::replay::Replay> {
        self.records
            .iter()
            .map(|r| {
                if r.errors.is_empty() {
                    crate::replay::replay(&r.record, &r.header, Some(&self.text))
                } else {
                    crate::replay::Replay::default()
                }
            })
            .collect()
    }

    /// The report of the file, with the replays' flags.
    pub fn report_with(&self, path: &str, replays: &[crate::replay::Replay]) -> FileReport {
        let mut f = self.report(path);
        let off = usize::from(!self.file_errors.is_empty());
        for ((g, r), rec) in f.games.iter_mut().skip(off).zip(replays).zip(&self.records) {
            g.flags = r.flags.clone();
            if rec.errors.is_empty() {
                g.set_end(&rec.header, r);
            }
        }
        f
    }

    /// The report of the file.
    pub fn report(&self, path: &str) -> FileReport {
        let mut games: Vec<GameReport> = self
            .records
            .iter()
            .map(|r| GameReport {
                throws: r.record.throws.len(),
                errors: r.errors.iter().map(|e| ErrorEntry::new(e, &self.text)).collect(),
                flags: Vec::new(),
                final_score: None,
                end: None,
            })
            .collect();
        if !self.file_errors.is_empty() {
            games.insert(
                0,
                GameReport {
                    throws: 0,
                    errors: self.file_errors.iter().map(|e| ErrorEntry::new(e, &self.text)).collect(),
                    flags: Vec::new(),
                    final_score: None,
                    end: None,
                },
            );
        }
        FileReport { path: path.to_string(), unreadable: None, games }
    }
}
