//! A table as Apache Parquet (the `parquet` feature, docs/data.md §3): the rows of each
//! window of files as one Arrow record batch, written by the `parquet` crate's Arrow writer
//! (row groups of up to a million rows, uncompressed).

use super::{Cell, Kind, Schema};
use arrow_array::builder::{BooleanBuilder, Float64Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field};
use std::io::{self, Write};
use std::sync::Arc;

/// A Parquet file being written.
pub struct ParquetSink<W: Write + Send> {
    writer: parquet::arrow::ArrowWriter<W>,
    schema: Arc<arrow_schema::Schema>,
    columns: Schema,
}

/// The Arrow schema of a table: every column nullable.
pub fn arrow_schema(columns: Schema) -> arrow_schema::Schema {
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, kind)| {
            let t = match kind {
                Kind::Text => DataType::Utf8,
                Kind::Int => DataType::Int64,
                Kind::Float => DataType::Float64,
                Kind::Bool => DataType::Boolean,
            };
            Field::new(*name, t, true)
        })
        .collect();
    arrow_schema::Schema::new(fields)
}

/// The rows as one Arrow record batch of the table's schema.
pub fn batch(columns: Schema, schema: Arc<arrow_schema::Schema>, rows: &[Vec<Cell>]) -> io::Result<RecordBatch> {
    let arrays: Vec<ArrayRef> = columns.iter().enumerate().map(|(k, (_, kind))| column(*kind, k, rows)).collect();
    RecordBatch::try_new(schema, arrays).map_err(io::Error::other)
}

/// Column `k` of the rows as an Arrow array (a cell of another kind is null).
fn column(kind: Kind, k: usize, rows: &[Vec<Cell>]) -> ArrayRef {
    let cells = rows.iter().map(|r| r.get(k).unwrap_or(&Cell::Null));
    match kind {
        Kind::Text => {
            let mut b = StringBuilder::with_capacity(rows.len(), rows.len() * 8);
            cells.for_each(|c| b.append_option(if let Cell::Text(s) = c { Some(s.as_str()) } else { None }));
            Arc::new(b.finish())
        }
        Kind::Int => {
            let mut b = Int64Builder::with_capacity(rows.len());
            cells.for_each(|c| b.append_option(if let Cell::Int(v) = c { Some(*v) } else { None }));
            Arc::new(b.finish())
        }
        Kind::Float => {
            let mut b = Float64Builder::with_capacity(rows.len());
            cells.for_each(|c| b.append_option(if let Cell::Float(v) = c { Some(*v) } else { None }));
            Arc::new(b.finish())
        }
        Kind::Bool => {
            let mut b = BooleanBuilder::with_capacity(rows.len());
            cells.for_each(|c| b.append_option(if let Cell::Bool(v) = c { Some(*v) } else { None }));
            Arc::new(b.finish())
        }
    }
}

impl<W: Write + Send> ParquetSink<W> {
    /// A Parquet file of the table `columns`, written into `w`.
    pub fn new(w: W, columns: Schema) -> io::Result<ParquetSink<W>> {
        let schema = Arc::new(arrow_schema(columns));
        let writer = parquet::arrow::ArrowWriter::try_new(w, schema.clone(), None).map_err(io::Error::other)?;
        Ok(ParquetSink { writer, schema, columns })
    }

    /// Rows of the table.
    pub fn write(&mut self, rows: &[Vec<Cell>]) -> io::Result<()> {
        if rows.is_empty() {
            return Ok(());
        }
        let b = batch(self.columns, self.schema.clone(), rows)?;
        self.writer.write(&b).map_err(io::Error::other)
    }

    /// A batch of the table's rows, made by [`batch`].
    pub fn write_batch(&mut self, b: &RecordBatch) -> io::Result<()> {
        self.writer.write(b).map_err(io::Error::other)
    }

    /// The file's footer written: the file is whole.
    pub fn finish(self) -> io::Result<()> {
        let mut w = self.writer.into_inner().map_err(io::Error::other)?;
        w.flush()
    }
}
