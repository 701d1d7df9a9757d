//! `lsp`: the Language Server on standard input and output ([`crate::lsp`], docs/editors.md).

use super::{CommandError, Outcome};

/// `lsp`: serves one editor on standard input and output until it says `exit`.
pub fn lsp() -> Result<Outcome, CommandError> {
    crate::lsp::serve_stdio()?;
    Ok(Outcome::Clean)
}
