//! The JSON model of records (`soumille json`, `soumille fmt --from-json`).
//!
//! A document is `{"schema_version": 1, "records": [Record, ...]}`; the schema is
//! `schema/record.schema.json`. Points are Soumille letters whatever the record's
//! `Letters`; values are canonical, so `json(fmt(F)) == json(F)`. Byte offsets appear only
//! when asked for (`--spans`).

use crate::notation::{self, check, header, Record, SyntaxError};
use serde::{Deserialize, Serialize};

/// The version of the JSON model; bumped on any change of meaning.
pub const SCHEMA_VERSION: u32 = 1;

/// A JSON document: the records of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Always [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The records, in file order.
    pub records: Vec<Record>,
}

/// The document for `records`, with byte offsets only if `spans`.
pub fn to_document(records: impl IntoIterator<Item = Record>, spans: bool) -> Document {
    let records = records
        .into_iter()
        .map(|mut r| {
            if !spans {
                r.strip_spans();
            }
            r
        })
        .collect();
    Document { schema_version: SCHEMA_VERSION, records }
}

/// Pretty JSON text of a document, ending with a newline.
pub fn to_string(doc: &Document) -> String {
    let mut s = serde_json::to_string_pretty(doc).expect("records serialize");
    s.push('\n');
    s
}

/// An error reading a JSON document.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum JsonError {
    /// Not JSON of the model.
    #[error("not a soumille JSON document: {0}")]
    #[diagnostic(code(soumille::json::malformed))]
    Malformed(#[from] serde_json::Error),
    /// Another schema version.
    #[error("schema_version {0} is not supported (this soumille reads version {SCHEMA_VERSION})")]
    #[diagnostic(code(soumille::json::version))]
    Version(u32),
    /// Well-formed JSON that no record text could say.
    #[error("record {record}: {message}")]
    #[diagnostic(code(soumille::json::invalid))]
    Invalid {
        /// 1-based record number.
        record: usize,
        /// What is wrong.
        message: String,
    },
}

/// Reads a JSON document and checks its records as the text reader would: canonical tag
/// names and values, known tag values, even marks (but in Tric Trac), consecutive throws,
/// the forms of the record's game (GAMES.md §G: paths, `@`, `*`, cube, partie).
pub fn from_str(text: &str) -> Result<Vec<Record>, JsonError> {
    let doc: Document = serde_json::from_str(text)?;
    if doc.schema_version != SCHEMA_VERSION {
        return Err(JsonError::Version(doc.schema_version));
    }
    let mut out = Vec::with_capacity(doc.records.len());
    for (k, mut rec) in doc.records.into_iter().enumerate() {
        let invalid =
            |e: &SyntaxError| JsonError::Invalid { record: k + 1, message: format!("{} ({})", e.message, e.label) };
        rec.strip_spans();
        let (_, errors) = header::interpret(&mut rec.tags, false);
        if let Some(e) = errors.first() {
            return Err(invalid(e));
        }
        for t in &rec.tags {
            if t.value.contains(['\n', '\r'])
                || t.name.is_empty()
                || !t.name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
            {
                return Err(JsonError::Invalid {
                    record: k + 1,
                    message: format!("tag `{}` cannot be written in STN", t.name),
                });
            }
        }
        let mut errors = check::check_throws(&rec, None);
        errors.extend(check::check_numbering(&rec));
        errors.extend(check::check_forms(&rec));
        if let Some(e) = errors.first() {
            return Err(invalid(e));
        }
        for t in &mut rec.throws {
            for c in &t.comments {
                if (c.style == notation::CommentStyle::Brace && c.text.contains('}'))
                    || (c.style == notation::CommentStyle::Line && c.text.contains('\n'))
                {
                    return Err(JsonError::Invalid {
                        record: k + 1,
                        message: format!("throw {}: a comment that cannot be written back", t.number),
                    });
                }
            }
            if matches!(&t.play, Some(notation::Play::Moves(m)) if m.is_empty()) {
                t.play = None;
            }
            t.normalize_comments();
        }
        out.push(rec);
    }
    Ok(out)
}
