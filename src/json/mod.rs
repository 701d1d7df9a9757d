//! The JSON model of records (`soumille json`, `soumille fmt --from-json`).
//!
//! A document is `{"schema_version": 2, "records": [Record, ...]}`; the schema is
//! `schema/record.schema.json`, the change from version 1 `docs/json-migration.md`. Points
//! are Soumille letters whatever the record's `Letters`; values are canonical, so
//! `json(fmt(F)) == json(F)`. Byte offsets appear only when asked for (`--spans`).
//!
//! What is written and read are the wire types of [`wire`], never the syntax tree: the
//! format changes only when they do.

pub mod wire;

use crate::notation::{self, check, header, Record, SyntaxError};
pub use wire::{WireDocument, WireMove, WirePlay, WireRecord, WireTag, WireThrow};

/// The version of the JSON model written; bumped on any change of meaning.
pub const SCHEMA_VERSION: u32 = 2;

/// The oldest version read: version 1 documents are read as they were written (see
/// `docs/json-migration.md`).
pub const OLDEST_SCHEMA_VERSION: u32 = 1;

/// A JSON document: the records of one file.
pub type Document = WireDocument;

/// The document for `records`, with byte offsets only if `spans`.
pub fn to_document(records: impl IntoIterator<Item = Record>, spans: bool) -> Document {
    let records = records
        .into_iter()
        .map(|mut r| {
            if !spans {
                r.strip_spans();
            }
            WireRecord::from(&r)
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
    #[error(
        "schema_version {0} is not supported (this soumille writes version {SCHEMA_VERSION} and reads versions {OLDEST_SCHEMA_VERSION} to {SCHEMA_VERSION}; docs/json-migration.md)"
    )]
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
    /// A record whose fields no record can hold (a letter of no point, impossible dice, …).
    #[error("record {record}: {error}")]
    #[diagnostic(code(soumille::json::invalid))]
    Wire {
        /// 1-based record number.
        record: usize,
        /// The field and what is wrong with it (written in the message, not as a cause, so
        /// that the error reads as one line).
        error: wire::WireError,
    },
}

/// Reads a JSON document and checks its records as the text reader would: canonical tag
/// names and values, known tag values, even marks (but in Tric Trac), consecutive throws,
/// the forms of the record's game (docs/games.md §G: paths, `@`, `*`, cube, partie).
pub fn from_str(text: &str) -> Result<Vec<Record>, JsonError> {
    let doc: Document = serde_json::from_str(text)?;
    let version = doc.schema_version;
    if !(OLDEST_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&version) {
        return Err(JsonError::Version(version));
    }
    let mut out = Vec::with_capacity(doc.records.len());
    for (k, w) in doc.records.into_iter().enumerate() {
        let invalid =
            |e: &SyntaxError| JsonError::Invalid { record: k + 1, message: format!("{} ({})", e.message, e.label) };
        let mut rec = wire::record_of(w, version).map_err(|error| JsonError::Wire { record: k + 1, error })?;
        let (h, mut errors) = header::interpret(&mut rec.tags, false);
        if errors.is_empty() {
            // the options of its `Rules` tag, judged by its game
            errors = crate::games::registry::check_tags(&h, &mut rec.tags);
        }
        if let Some(e) = errors.first() {
            return Err(invalid(e));
        }
        if let Err(message) = writable_text(&rec) {
            return Err(JsonError::Invalid { record: k + 1, message });
        }
        let mut errors = check::check_throws(&rec, None);
        errors.extend(check::check_numbering(&rec));
        errors.extend(check::check_forms(&rec));
        if let Some(e) = errors.first() {
            return Err(invalid(e));
        }
        for t in &mut rec.throws {
            if matches!(&t.play, Some(notation::Play::Moves(m)) if m.is_empty()) {
                t.play = None;
            }
            t.normalize_comments();
        }
        out.push(rec);
    }
    reads_back(&out)?;
    Ok(out)
}

/// Why `c` cannot be written in STN so that the reader gives it back as it is.
fn unwritable_comment(c: &notation::Comment) -> Option<&'static str> {
    if c.text.contains('\0') {
        return Some("a NUL byte (the reader takes the file for binary data)");
    }
    match c.style {
        notation::CommentStyle::Brace if c.text.contains('}') => Some("a `}`, which would end the brace comment"),
        notation::CommentStyle::Brace if c.text.contains("\r\n") => {
            Some("a carriage return before a line end (line ends are not text: the reader drops it)")
        }
        notation::CommentStyle::Line if c.text.contains('\n') => Some("a line end, which would end the line comment"),
        notation::CommentStyle::Line if c.text.ends_with('\r') => {
            Some("a carriage return at its end (the line's end: the reader drops it)")
        }
        _ => None,
    }
}

/// Checks that the texts of `rec` (tag names and values, comments) can be written in STN
/// and read back as they are: the message names the first field that cannot.
pub(crate) fn writable_text(rec: &Record) -> Result<(), String> {
    // the field's name is written only for the message: most records have no comment at all,
    // and a throw's name written for every throw took most of an import's check
    fn comments(field: impl Fn() -> String, cs: &[notation::Comment]) -> Result<(), String> {
        match cs.iter().enumerate().find_map(|(j, c)| unwritable_comment(c).map(|why| (j, why))) {
            Some((j, why)) => Err(format!("{}comments[{j}].text holds {why}: it cannot be written in STN", field())),
            None => Ok(()),
        }
    }
    comments(String::new, &rec.comments)?;
    for (j, t) in rec.tags.iter().enumerate() {
        if t.name.is_empty() || !t.name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
            return Err(format!(
                "tags[{j}].name `{}` is not a tag name (letters, digits, `_`, `-`): it cannot be written in STN",
                notation::escape_controls(&t.name)
            ));
        }
        let why = if t.value.contains('\n') {
            Some("a line end (a tag value stands on one line)")
        } else if t.value.contains('\0') {
            Some("a NUL byte (the reader takes the file for binary data)")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(format!("tags[{j}].value (tag {}) holds {why}: it cannot be written in STN", t.name));
        }
        comments(|| format!("tags[{j}]."), &t.comments)?;
    }
    for (j, t) in rec.throws.iter().enumerate() {
        comments(|| format!("throws[{j}]."), &t.comments).map_err(|e| format!("{e} (throw {})", t.number))?;
    }
    Ok(())
}

/// Checks that `records`, printed, read back as they are (what one side accepts, the other
/// writes back): the last guard of [`from_str`], after the checks that name the field.
fn reads_back(records: &[Record]) -> Result<(), JsonError> {
    match unwritable(records) {
        Some((k, message)) => Err(JsonError::Invalid { record: k + 1, message }),
        None => Ok(()),
    }
}

/// Why `records`, printed in STN one after the other, would not read back as they are: the
/// index of the first record concerned and what is wrong; `None` if they read back the same
/// (spans aside). For whatever makes records from elsewhere (JSON, the importers).
pub fn unwritable(records: &[Record]) -> Option<(usize, String)> {
    for (k, rec) in records.iter().enumerate() {
        let what = if k > 0 && !rec.comments.is_empty() {
            "its `comments` would belong to the record before it (in STN only a file's first record has comments before its tags)"
        } else if k > 0 && rec.tags.is_empty() {
            "it has no tag, and in STN a record after the first starts with its tags"
        } else if k + 1 < records.len() && rec.throws.is_empty() {
            "it has no throw, and in STN its tags and the next record's would be one record"
        } else {
            continue;
        };
        return Some((k, format!("the record cannot be written in STN: {what}")));
    }
    let text = notation::print_records(records, notation::PrintOptions::default());
    let back = notation::read(&text);
    for (k, rec) in records.iter().enumerate() {
        let Some(r) = back.get(k) else {
            return Some((k, "the record cannot be written in STN: printed, it is not read as a record".into()));
        };
        if let Some(e) = r.errors.first() {
            return Some((
                k,
                format!(
                    "the record cannot be written in STN: printed, it reads with an error: {} ({})",
                    e.message, e.label
                ),
            ));
        }
        let mut got = r.record.clone();
        got.strip_spans();
        let mut want = rec.clone();
        want.strip_spans();
        if got != want {
            return Some((k, "the record cannot be written in STN: printed, it reads back as another record".into()));
        }
    }
    if back.len() > records.len() {
        let k = records.len().saturating_sub(1);
        return Some((
            k,
            format!("the records cannot be written in STN: printed, they read as {} records", back.len()),
        ));
    }
    None
}
