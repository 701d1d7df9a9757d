//! The commands that show one record of a file: `replay`, `sheet`, `show`, `view`. Each
//! reads the record, replays it, and writes what [`crate::render`] draws of it; `sheet
//! --format html` and `view` of a file of several games show them all.

use super::{CommandError, Console, OneRecord, Outcome};
use crate::render::{Picture, ReplayFormat, SheetFormat};
use std::path::Path;

/// `replay FILE`: record `game` (1-based) throw by throw, as text or JSON; with `points`,
/// backgammon's plays and flags in point numbers (`--points`).
pub fn replay(
    con: &mut Console,
    file: &Path,
    game: usize,
    format: ReplayFormat,
    points: bool,
) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::replay_in(&rp, &one.rec, format, points)?.as_bytes())?;
    Ok(one.outcome(&rp))
}

/// `sheet FILE`: the score sheet of record `game` (1-based).
/// With `points`, backgammon's plays in point numbers (`--points`). In HTML, with no `game`
/// asked, a backgammon file of several games (a match) gives one page for the whole match
/// ([`crate::render::match_sheet`]); otherwise `game` defaults to the first.
pub fn sheet(
    con: &mut Console,
    file: &Path,
    game: Option<usize>,
    format: SheetFormat,
    points: bool,
) -> Result<Outcome, CommandError> {
    if game.is_none() && format == SheetFormat::Html {
        if let Some(outcome) = match_sheet(con, file, points)? {
            return Ok(outcome);
        }
    }
    let game = game.unwrap_or(1);
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::sheet_in(&rp, &one.rec, format, points)?.as_bytes())?;
    Ok(one.outcome(&rp))
}

/// The page of a whole match (`sheet --format html` of a backgammon file of several games,
/// read clean): `None` when the file is not one (standard input is not tried: it is read once,
/// by the one-record path).
fn match_sheet(con: &mut Console, file: &Path, points: bool) -> Result<Option<Outcome>, CommandError> {
    let backgammon =
        |recs: &[crate::notation::ReadRecord]| recs.iter().all(|r| r.header.game == crate::notation::Game::Backgammon);
    whole_file(con, file, backgammon, |games| crate::render::match_sheet(games, points))
}

/// `view FILE`: the HTML page that steps through record `game` (1-based), alone.
/// With `points`, backgammon's plays in point numbers (`--points`). With no `game` asked, a
/// file of several records of one game (a backgammon match, a file of parties) gives one page
/// that steps through them all ([`file_view`]); otherwise `game` defaults to the first.
pub fn view(con: &mut Console, file: &Path, game: Option<usize>, points: bool) -> Result<Outcome, CommandError> {
    if game.is_none() {
        if let Some(outcome) = file_view(con, file, points)? {
            return Ok(outcome);
        }
    }
    let (rp, one) = OneRecord::replayed(con, file, game.unwrap_or(1))?;
    con.out.write_all(crate::render::view_in(&rp, &one.rec, points).as_bytes())?;
    Ok(one.outcome(&rp))
}

/// The page of a whole file (`view` of a file of several records of one game, read clean;
/// [`crate::render::view_file`]): `None` when the file is not one (standard input is not
/// tried: it is read once, by the one-record path).
fn file_view(con: &mut Console, file: &Path, points: bool) -> Result<Option<Outcome>, CommandError> {
    let one_game = |recs: &[crate::notation::ReadRecord]| recs.iter().all(|r| r.header.game == recs[0].header.game);
    whole_file(con, file, one_game, |games| crate::render::view_file(games, points))
}

/// A page of every record of `file` (read clean, two records or more, all passing `fits`),
/// each replayed, drawn by `page`; `None` when the file is not one (standard input is not
/// tried: it is read once, by the one-record path). Flagged when any record is.
fn whole_file(
    con: &mut Console,
    file: &Path,
    fits: impl Fn(&[crate::notation::ReadRecord]) -> bool,
    page: impl FnOnce(&mut [(crate::notation::ReadRecord, crate::replay::Replay)]) -> String,
) -> Result<Option<Outcome>, CommandError> {
    if file.as_os_str() == "-" || file.is_dir() {
        return Ok(None);
    }
    let bytes = super::read_input(file).map_err(|source| CommandError::Read { path: file.to_path_buf(), source })?;
    let reading = crate::report::FileReading::of_bytes(&bytes);
    if !reading.is_clean() || reading.records.len() < 2 || !fits(&reading.records) {
        return Ok(None);
    }
    let text = reading.text;
    let mut games: Vec<_> = reading
        .records
        .into_iter()
        .map(|rec| {
            let rp = crate::replay::replay(&rec.record, &rec.header, Some(&text));
            (rec, rp)
        })
        .collect();
    con.out.write_all(page(&mut games).as_bytes())?;
    let flagged = games.iter().any(|(_, rp)| !rp.flags.is_empty());
    Ok(Some(if flagged { Outcome::Flagged } else { Outcome::Clean }))
}

/// `show FILE`: the board of record `game` (1-based) after throw `at` (`0`: the start). A
/// damaged record's board is of what was read; what was not is said beside it.
/// With `points`, the throw's backgammon play in point numbers (`--points`).
pub fn show(
    con: &mut Console,
    file: &Path,
    (at, game): (u32, usize),
    format: Picture,
    points: bool,
) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    if let Some(n) = &one.not_read {
        con.warn(format_args!("soumille: {}: throws from {} on not read: {}\n", file.display(), n.from, n.error));
    }
    let picture = crate::render::show_in(&rp, &one.rec, &file.display().to_string(), at, format, points)?;
    con.out.write_all(picture.as_bytes())?;
    Ok(if one.damaged { Outcome::Failed } else { Outcome::Clean })
}
