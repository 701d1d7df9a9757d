//! `repair FILE`: what the scribe meant (issue 19): the likeliest transcription edits that
//! make a flagged record check clean ([`crate::repair`]), as text or JSON, as a diff, or
//! applied.

use super::{CommandError, Console, Outcome};
use crate::repair::{self, text, Options};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `repair` is asked.
#[derive(Clone, Debug, Default)]
pub struct RepairAsked {
    /// Which record of the file (1 = the first).
    pub game: usize,
    /// JSON rather than text.
    pub json: bool,
    /// The unified diff of the best candidate (or of `apply`'s).
    pub diff: bool,
    /// Write the file with candidate N's edits (1 = the best) made in it.
    pub apply: Option<usize>,
    /// The time budget (default: the library's).
    pub budget: Option<Duration>,
    /// A historian's confusion file, added to the built-in model.
    pub confusions: Option<PathBuf>,
    /// Backgammon's flags and edits in point numbers (`--points`).
    pub points: bool,
}

/// Reads a duration: `2s`, `500ms`, `1.5s`, or seconds alone (`2`).
pub fn parse_budget(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1.0)
    } else {
        (s, 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 && v * scale < 1e6 => Ok(Duration::from_secs_f64(v * scale)),
        _ => Err(format!("`{s}` is not a duration (2s, 500ms)")),
    }
}

/// The JSON of `repair --format json`.
#[derive(Serialize)]
struct Document<'a> {
    file: String,
    game: &'static str,
    letters: &'static str,
    /// The characters read for others so that the text reads (issue 26).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    read_as: Vec<repair::unread::TextEdit>,
    #[serde(flatten)]
    repairs: &'a repair::Repairs,
    /// Each candidate's edits in words, in the record's letters (as `candidates`), or with
    /// `--points` a backgammon record's in point numbers.
    described: Vec<Vec<String>>,
}

/// `repair FILE`: exit 0 when the record checks clean (with `--apply`: when the record
/// written does), 1 when it is flagged, 2 when it cannot be read (syntax errors other than
/// misnumbered throws, docs/commands.md `check`).
pub fn repair(con: &mut Console, file: &Path, asked: &RepairAsked) -> Result<Outcome, CommandError> {
    let mut opts = Options { points: asked.points, ..Options::default() };
    if let Some(b) = asked.budget {
        opts.budget = b;
    }
    if let Some(path) = &asked.confusions {
        let cannot = |source| CommandError::Read { path: path.clone(), source };
        let bytes = super::read_input(path).map_err(cannot)?;
        let t =
            String::from_utf8(bytes).map_err(|e| cannot(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))?;
        opts.confusions.add_text(&t).map_err(|error| CommandError::Confusions { path: path.clone(), error })?;
    }
    let reading = super::read_input(file).map_err(|source| CommandError::Read { path: file.to_path_buf(), source })?;
    let reading = crate::report::FileReading::of_bytes(&reading);
    let n = reading.records.len();
    let Some(read) = asked.game.checked_sub(1).and_then(|g| reading.records.get(g)) else {
        return Err(CommandError::NoSuchRecord { path: file.to_path_buf(), has: n, asked: asked.game });
    };
    // misnumbered throws are repaired; any other syntax error is read past when a few
    // characters read for others make the record read (issue 26), else the file is unreadable
    let unreadable: Vec<_> = read.errors.iter().filter(|e| !repair::unread::misnumbered(e)).cloned().collect();
    let utf8 = reading.errors().iter().any(|e| e.message.contains("UTF-8"));
    let past = if unreadable.is_empty() || utf8 {
        None
    } else {
        repair::unread::read_past(&reading.text, asked.game - 1, &opts)
    };
    if past.is_none() && (!unreadable.is_empty() || utf8) {
        let drawn = crate::notation::error::render(&file.display().to_string(), &reading.text, &unreadable, con.style);
        con.warn(format_args!("{drawn}"));
        return Ok(Outcome::Failed);
    }
    let read_as = past.as_ref().map(|p| p.0.edits.clone()).unwrap_or_default();
    let (src, rec, header) = match &past {
        Some((reading, r)) => (reading.text.as_str(), &r.record, &r.header),
        None => (reading.text.as_str(), &read.record, &read.header),
    };
    let r = repair::candidates(rec, header, &opts)?;
    let name = file.display().to_string();
    if let Some(k) = asked.apply {
        let Some(c) = k.checked_sub(1).and_then(|k| r.candidates.get(k)) else {
            return Err(CommandError::NoCandidate { path: file.to_path_buf(), has: r.candidates.len(), asked: k });
        };
        let out = if asked.diff {
            text::diff_from(&reading.text, src, rec, c, header, &name)
        } else {
            text::applied_source(src, rec, c, header)
        };
        con.out.write_all(out.as_bytes())?;
        return Ok(if c.left == 0 { Outcome::Clean } else { Outcome::Flagged });
    }
    if asked.json {
        let d = header.letters;
        let described = r.candidates.iter().map(|c| text::described(c, header, asked.points)).collect();
        let doc = Document { file: name, game: header.game.name(), letters: d.name(), read_as, repairs: &r, described };
        serde_json::to_writer_pretty(&mut *con.out, &doc)?;
        con.out.write_all(b"\n")?;
    } else if asked.diff {
        if let Some(c) = r.candidates.first() {
            con.out.write_all(text::diff_from(&reading.text, src, rec, c, header, &name).as_bytes())?;
        }
    } else {
        for e in &read_as {
            writeln!(con.out, "{name}: {}", e.describe())?;
        }
        con.out.write_all(text::report_in(&r, header, &name, asked.points).as_bytes())?;
    }
    // a text read past is not clean: its characters were read for others
    Ok(if r.flags == 0 && r.candidates.is_empty() && past.is_none() { Outcome::Clean } else { Outcome::Flagged })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        assert_eq!(parse_budget("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_budget("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_budget("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_budget("-1s").is_err());
        assert!(parse_budget("soon").is_err());
        assert!(parse_budget("1e300s").is_err());
    }
}
