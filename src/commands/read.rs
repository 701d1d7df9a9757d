//! Reading the files of the commands: a whole file (`-`: standard input), and one record of
//! a file for the commands that show one record.

use super::{CommandError, Console};
use crate::report::FileReading;
use std::io::{self, Read};
use std::path::Path;

/// The most a command that reads one file whole reads of it: 64 MiB (`check` and `json`
/// stream files of any size).
pub const MAX_INPUT: u64 = 64 << 20;

/// The bytes of a file, or of standard input for `-`, read whole: refused at once when they
/// hold a NUL byte (binary data, not text: as `check` refuses it), and when there are more
/// than [`MAX_INPUT`] of them (`/dev/zero` or an endless pipe is not read to the end).
pub fn read_input(path: &Path) -> io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        read_bounded(&mut io::stdin().lock(), MAX_INPUT)
    } else {
        read_bounded(&mut std::fs::File::open(path)?, MAX_INPUT)
    }
}

/// At most `max` bytes of text from `input`, read in blocks: an error as soon as a block
/// holds a NUL byte or the text grows past `max`.
pub fn read_bounded(input: &mut dyn Read, max: u64) -> io::Result<Vec<u8>> {
    let mut v = Vec::new();
    let mut block = vec![0u8; 64 << 10];
    loop {
        let n = match input.read(&mut block) {
            Ok(0) => return Ok(v),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if let Some(k) = memchr::memchr(0, &block[..n]) {
            let at = v.len() + k;
            let why = format!("binary data, not text (a NUL byte at offset {at}); nothing is read");
            return Err(io::Error::new(io::ErrorKind::InvalidData, why));
        }
        if (v.len() + n) as u64 > max {
            let why =
                format!("more than {} MiB: too large for one record's command (`check` reads any size)", max >> 20);
            return Err(io::Error::new(io::ErrorKind::InvalidData, why));
        }
        v.extend_from_slice(&block[..n]);
    }
}

/// The bytes of a file, or what stopped their reading.
fn read_bytes(path: &Path) -> Result<Vec<u8>, CommandError> {
    read_input(path).map_err(|source| CommandError::Read { path: path.to_path_buf(), source })
}

/// Reads and parses one STN file, without syntax errors (those it has are drawn on the
/// console's error side, and it is then `None`).
pub fn read_stn_full(con: &mut Console, path: &Path) -> Result<Option<FileReading>, CommandError> {
    Ok(Some(read_stn_any(con, path)?).filter(FileReading::is_clean))
}

/// Reads and parses one STN file, with or without syntax errors (drawn on the console's
/// error side).
pub fn read_stn_any(con: &mut Console, path: &Path) -> Result<FileReading, CommandError> {
    let bytes = read_bytes(path)?;
    let r = FileReading::of_bytes(&bytes);
    if !r.is_clean() {
        let drawn = crate::notation::error::render(&path.display().to_string(), &r.text, &r.errors(), con.style);
        con.warn(format_args!("{drawn}"));
    }
    Ok(r)
}

/// One record of a file as the one-record commands read it (`replay`, `sheet`, `view`,
/// `show`): a file with syntax errors still gives its record's throws before the first error
/// (issue 16), `not_read` saying where reading stopped, and `damaged` the exit status 2.
pub struct OneRecord {
    /// The record.
    pub rec: crate::notation::ReadRecord,
    /// The text its spans point into.
    pub text: String,
    /// Where reading stopped, in a damaged record.
    pub not_read: Option<crate::replay::NotRead>,
    /// Whether the file has syntax errors (exit status 2).
    pub damaged: bool,
}

impl OneRecord {
    /// Reads a file and replays its record number `game` (1-based); the throws of a damaged
    /// record that were not read are marked in the replay (a `not-read` flag).
    pub fn replayed(
        con: &mut Console,
        file: &Path,
        game: usize,
    ) -> Result<(crate::replay::Replay, OneRecord), CommandError> {
        let one = read_one_record(con, file, game)?;
        let mut rp = crate::replay::replay(&one.rec.record, &one.rec.header, Some(&one.text));
        if let Some(n) = &one.not_read {
            rp.mark_not_read(n, one.rec.header.letters);
        }
        Ok((rp, one))
    }

    /// The outcome of a one-record command: failed when the file could not be fully read,
    /// else by the replay's flags.
    pub fn outcome(&self, rp: &crate::replay::Replay) -> super::Outcome {
        if self.damaged {
            super::Outcome::Failed
        } else if rp.flags.is_empty() {
            super::Outcome::Clean
        } else {
            super::Outcome::Flagged
        }
    }
}

/// Record `game` (1-based) of a file read whole (standard input, or a file with syntax
/// errors: reported with the file's lines, the damaged record's readable throws kept).
fn whole_record(con: &mut Console, file: &Path, game: usize) -> Result<OneRecord, CommandError> {
    let r = read_stn_any(con, file)?;
    let damaged = !r.is_clean();
    let n = r.records.len();
    let Some(mut rec) = game.checked_sub(1).and_then(|g| r.records.into_iter().nth(g)) else {
        return Err(CommandError::NoSuchRecord { path: file.to_path_buf(), has: n, asked: game });
    };
    let not_read = crate::replay::readable_prefix(&mut rec.record, &rec.errors);
    Ok(OneRecord { rec, text: r.text, not_read, damaged })
}

/// Record number `game` (1-based) of a file, with the text its spans point into. A file is
/// streamed record by record and only that record is kept (memory: one record, issue 7);
/// standard input, and a file with syntax errors (to report them with the file's lines, and
/// to keep the damaged record's readable throws), are read whole.
pub fn read_one_record(con: &mut Console, file: &Path, game: usize) -> Result<OneRecord, CommandError> {
    if file.as_os_str() == "-" {
        return whole_record(con, file, game);
    }
    if file.is_dir() {
        return Err(CommandError::Folder { path: file.to_path_buf() });
    }
    let cannot = |source| CommandError::Read { path: file.to_path_buf(), source };
    let input = std::fs::File::open(file).map_err(cannot)?;
    let mut found = None;
    let mut games = 0usize;
    let mut broken = false;
    let end = crate::notation::stream_records(io::BufReader::new(input), |mut r| {
        crate::games::registry::check_read(&mut r.read);
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
    })
    .map_err(cannot)?;
    if broken || end.unreadable.is_some() {
        // the errors, with the lines and columns of the whole file
        return whole_record(con, file, game);
    }
    match found {
        Some((rec, text)) => Ok(OneRecord { rec, text, not_read: None, damaged: false }),
        None => Err(CommandError::NoSuchRecord { path: file.to_path_buf(), has: games, asked: game }),
    }
}
