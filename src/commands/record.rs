//! The commands that show one record of a file: `replay`, `sheet`, `show`, `view`. Each
//! reads the record, replays it, and writes what [`crate::render`] draws of it.

use super::{CommandError, Console, OneRecord, Outcome};
use crate::render::{Picture, ReplayFormat, SheetFormat};
use std::path::Path;

/// `replay FILE`: record `game` (1-based) throw by throw, as text or JSON.
pub fn replay(con: &mut Console, file: &Path, game: usize, format: ReplayFormat) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::replay(&rp, &one.rec, format)?.as_bytes())?;
    Ok(one.outcome(&rp))
}

/// `sheet FILE`: the score sheet of record `game` (1-based).
/// With `points`, backgammon's plays in point numbers (`--points`).
pub fn sheet(
    con: &mut Console,
    file: &Path,
    game: usize,
    format: SheetFormat,
    points: bool,
) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::sheet_in(&rp, &one.rec, format, points)?.as_bytes())?;
    Ok(one.outcome(&rp))
}

/// `view FILE`: the HTML page that steps through record `game` (1-based).
/// With `points`, backgammon's plays in point numbers (`--points`).
pub fn view(con: &mut Console, file: &Path, game: usize, points: bool) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::view_in(&rp, &one.rec, points).as_bytes())?;
    Ok(one.outcome(&rp))
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
