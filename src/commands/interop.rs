//! `import` and `export`: backgammon matches of other programs, from and to STN.

use super::{CommandError, Console, Outcome};
use crate::interop::Format;
use std::io::{self, Write};
use std::path::Path;

/// `import FILE`: a match file (`format`, else told from the text) as STN records; the
/// lines it cannot read are warned of.
pub fn import(con: &mut Console, file: &Path, format: Option<Format>) -> Result<Outcome, CommandError> {
    let bytes = super::read_input(file).map_err(|source| CommandError::Read { path: file.to_path_buf(), source })?;
    let text = String::from_utf8_lossy(&bytes);
    // --from, else the text tells
    let format = format.unwrap_or_else(|| crate::interop::guess_format(&text));
    let crate::interop::Imported { records, warnings } = crate::interop::import(&text, format)
        .map_err(|error| CommandError::Import { path: file.to_path_buf(), error })?;
    for w in &warnings {
        con.warn(format_args!("soumille import: warning: {}: {w}\n", file.display()));
    }
    let mut o = io::BufWriter::new(&mut *con.out);
    for (k, rec) in records.iter().enumerate() {
        if k > 0 {
            o.write_all(b"\n")?;
        }
        o.write_all(crate::notation::print_record(rec, Default::default()).as_bytes())?;
    }
    o.flush()?;
    Ok(Outcome::Clean)
}

/// `export FILE`: the STN records of a file as one match in `format`; what the format
/// cannot hold is refused, or with `force` left out and warned of.
pub fn export(con: &mut Console, file: &Path, format: Format, force: bool) -> Result<Outcome, CommandError> {
    let Some(r) = super::read_stn_full(con, file)? else { return Ok(Outcome::Failed) };
    let records: Vec<_> = r.records.into_iter().map(|x| x.record).collect();
    let crate::interop::Written { text, dropped } = crate::interop::export(&records, format, force)
        .map_err(|error| CommandError::Export { path: file.to_path_buf(), error })?;
    for d in &dropped {
        con.warn(format_args!("soumille export: warning: {}: {d} left out\n", file.display()));
    }
    con.out.write_all(text.as_bytes())?;
    Ok(Outcome::Clean)
}
