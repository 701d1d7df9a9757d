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
pub fn sheet(con: &mut Console, file: &Path, game: usize, format: SheetFormat) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::sheet(&rp, &one.rec, format)?.as_bytes())?;
    Ok(one.outcome(&rp))
}

/// `view FILE`: the HTML page that steps through record `game` (1-based).
pub fn view(con: &mut Console, file: &Path, game: usize) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    con.out.write_all(crate::render::view(&rp, &one.rec).as_bytes())?;
    Ok(one.outcome(&rp))
}

/// `show FILE`: the board of record `game` (1-based) after throw `at` (`0`: the start). A
/// damaged record's board is of what was read; what was not is said beside it.
pub fn show(con: &mut Console, file: &Path, at: u32, game: usize, format: Picture) -> Result<Outcome, CommandError> {
    let (rp, one) = OneRecord::replayed(con, file, game)?;
    if let Some(n) = &one.not_read {
        con.warn(format_args!("soumille: {}: throws from {} on not read: {}\n", file.display(), n.from, n.error));
    }
    let picture = crate::render::show(&rp, &one.rec, &file.display().to_string(), at, format)?;
    con.out.write_all(picture.as_bytes())?;
    Ok(if one.damaged { Outcome::Failed } else { Outcome::Clean })
}
