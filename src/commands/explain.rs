//! `explain`: every legal play of a roll in a position (and Grand Trictrac's jans), for one
//! position or for lines of `POSITION<TAB>DICE` (`--batch`).

use super::{CommandError, Console, Outcome};
use crate::board::Dialect;
use crate::explain::{ExplainError, Explained, Question};
use crate::notation::Game;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

/// What `explain` is asked, besides the position and the dice.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// `--game`.
    pub game: Option<Game>,
    /// `--rules`, as a `Rules` tag writes them.
    pub rules: Option<String>,
    /// `--points`: backgammon's plays in point numbers.
    pub points: bool,
}

/// `explain POSITION --dice D`: every legal play (and Grand Trictrac's jans), as text or
/// JSON (`json`), in the position's letters.
pub fn explain(
    con: &mut Console,
    position: &str,
    dice: &str,
    json: bool,
    asked: &Asked,
) -> Result<Outcome, CommandError> {
    let question = Question::read(position, asked.game, asked.rules.as_deref())?;
    let answer = question.answer(crate::explain::parse_dice(dice)?)?;
    let mut e = Explained { question, answer };
    if asked.points {
        e.plays_in_points();
    }
    if json {
        let mut s = serde_json::to_string_pretty(&e.json(position))?;
        s.push('\n');
        con.out.write_all(s.as_bytes())?;
    } else {
        con.out.write_all(e.text().as_bytes())?;
    }
    Ok(Outcome::Clean)
}

/// The position string after throw `at` of record `record` (1-based) of an STN file, under
/// the record's game and rules, in its letters (what `show --format position` writes), and
/// the dice of the record's next throw (`at + 1`), when it has them.
pub fn position_in_file(
    con: &mut Console,
    file: &Path,
    at: u32,
    record: usize,
) -> Result<(String, Option<crate::Dice>), CommandError> {
    let super::OneRecord { rec, text, .. } = super::read_one_record(con, file, record)?;
    let rp = crate::replay::replay(&rec.record, &rec.header, Some(&text));
    let next = at.checked_add(1).and_then(|n| rec.record.throws.iter().find(|t| t.number == n)).and_then(|t| t.dice);
    let position = crate::explain::position_string_at(&rp, &rec.header, at).ok_or_else(|| {
        let reach = match rp.stopped_at {
            Some(n) => crate::render::Reach::Stopped(n),
            None => crate::render::Reach::Throws(rec.record.throws.len()),
        };
        CommandError::NoBoard { path: file.to_path_buf(), at, reach }
    })?;
    Ok((position, next))
}

/// Whether standard output is a terminal, a pipe or a socket (not a file): `explain --batch`
/// then writes each answer at once.
pub fn stdout_is_interactive() -> bool {
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

/// `explain --batch`: each line of `input` (`POSITION<TAB>DICE`) answered on one JSON line
/// of the console's output, read as [`explain`] reads one position (its own game and rules,
/// else those asked); `{"line": N, "error": "…"}` for a line that cannot be answered (and
/// the outcome is then failed). With `per_line`, each answer is flushed at once. Rules asked
/// for that are wrong stop it before any line. A Grand Trictrac line in Soumille's letters
/// that names no game or rules (the usual line) is written straight by
/// [`crate::explain::write_explanation`].
pub fn batch(
    con: &mut Console,
    input: &mut dyn BufRead,
    per_line: bool,
    asked: &Asked,
) -> Result<Outcome, CommandError> {
    let default_game = asked.game.unwrap_or(Game::GrandTrictrac);
    let pairs = asked.rules.as_deref().map(crate::explain::rule_pairs).transpose()?.unwrap_or_default();
    let rules = crate::explain::game_with_rules(default_game, &pairs)
        .map_err(|refused| ExplainError::Rules { whose: crate::explain::RulesSource::Asked, refused })?;
    let fast = if let crate::games::Games::GrandTrictrac(g) = rules { Some(g.options) } else { None };
    let mut scratch = crate::explain::Scratch::default();
    let answer = |p: &str, d: &str, out: &mut Vec<u8>| {
        if let Some(options) = &fast {
            if let Some((pos, history)) = plain_trictrac(p, default_game)? {
                let roll = crate::explain::parse_dice(d)?;
                crate::explain::write_explanation(out, &mut scratch, &pos, roll, options, &history);
                return Ok(());
            }
        }
        let question = Question::read(p, asked.game, asked.rules.as_deref())?;
        let answer = question.answer(crate::explain::parse_dice(d)?)?;
        let e = Explained { question, answer };
        serde_json::to_writer(out, &e.json(p)).map_err(|e| ExplainError::Json(e.to_string()))
    };
    let failed = batch_lines(input, &mut *con.out, per_line, answer)?;
    Ok(if failed { Outcome::Failed } else { Outcome::Clean })
}

/// A Grand Trictrac position string in Soumille's letters that names no game or rules: its
/// position and relève history; `None` for another.
fn plain_trictrac(
    p: &str,
    game: Game,
) -> Result<Option<(crate::position::Position, crate::games::grand_trictrac::scoring::History)>, ExplainError> {
    let read = crate::notation::parser::read_position(p, game)
        .map_err(|e| ExplainError::Position(format!("{} ({})", e.message, e.label)))?;
    let sc = &read.setup.score;
    if read.dialect != Dialect::Soumille || sc.game.is_some() || sc.rules.is_some() {
        return Ok(None);
    }
    let pos = crate::position::Position::from_setup(&read.setup).map_err(|e| ExplainError::Position(e.to_string()))?;
    Ok(Some((pos, crate::explain::history_of(&read.setup))))
}

/// The lines of `explain --batch`: one JSON line out for each line in (blank lines are
/// skipped), `answer(position, dice, out)` writing it (`{"line": N, "error": "…"}` for a
/// line that cannot be read or answered). The input is read in blocks, split into lines
/// where they end (a line may straddle two blocks); the answers go into one reused buffer,
/// flushed line by line with `per_line` (an interactive consumer gets each answer at once),
/// in large blocks without. Whether a line failed.
fn batch_lines(
    input: &mut dyn BufRead,
    o: &mut dyn Write,
    per_line: bool,
    mut answer: impl FnMut(&str, &str, &mut Vec<u8>) -> Result<(), ExplainError>,
) -> io::Result<bool> {
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
    Ok(failed)
}

/// Answers line `n` of `explain --batch` (without its line end) into `buf`, ending it with
/// a line end: `answer`'s JSON, or `{"line": N, "error": "…"}`; nothing for a blank line.
/// Whether it was answered (or skipped).
fn batch_line(
    n: usize,
    line: &[u8],
    answer: &mut impl FnMut(&str, &str, &mut Vec<u8>) -> Result<(), ExplainError>,
    buf: &mut Vec<u8>,
) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        // a blank line is skipped: no answer (the lines after keep their numbers)
        return true;
    }
    let mark = buf.len();
    let result = match std::str::from_utf8(line) {
        Err(_) => Err(ExplainError::NotText),
        Ok(text) => match text.split_once('\t') {
            None => Err(ExplainError::NotALine),
            Some((p, d)) => answer(p, d, buf),
        },
    };
    let answered = result.is_ok();
    if let Err(e) = result {
        buf.truncate(mark);
        buf.extend_from_slice(format!("{{\"line\":{n},\"error\":").as_bytes());
        let _ = serde_json::to_writer(&mut *buf, &e.to_string());
        buf.push(b'}');
    }
    buf.push(b'\n');
    answered
}

/// `explain`: a position and dice, `--batch` lines, or a throw of a file (`--at`).
pub fn command(
    con: &mut Console,
    (position, dice): (Option<String>, Option<String>),
    (batch_lines, json): (bool, bool),
    (at, record): (Option<u32>, usize),
    asked: &Asked,
) -> Result<Outcome, CommandError> {
    if batch_lines {
        let per_line = stdout_is_interactive();
        return batch(con, &mut io::stdin().lock(), per_line, asked);
    }
    let Some(p) = position else { return Err(CommandError::ExplainWhat) };
    let (p, d) = match at {
        None => (p, dice.ok_or(CommandError::ExplainWhat)?),
        Some(at) => {
            let (pos, next) = position_in_file(con, Path::new(&p), at, record)?;
            let missing = || CommandError::NoNextDice { path: p.clone().into(), at };
            (pos, dice.or(next.map(|d| d.to_string())).ok_or_else(missing)?)
        }
    };
    explain(con, &p, &d, json, asked)
}
