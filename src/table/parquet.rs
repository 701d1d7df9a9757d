//! A table as Apache Parquet (the `parquet` feature, docs/data.md §3): the rows of each
//! window of files as Arrow record batches, gathered into row groups of about half a million
//! rows, each row group's columns encoded on every core at once (the `parquet` crate's
//! column writers, one per column) and appended in order: the file is the same whatever the
//! number of threads. Uncompressed; the columns whose values are nearly all different (the
//! positions, the plays, the messages) are written plain, the others dictionary-encoded.

use super::{Cell, Kind, RowSink, Schema, Val};
use arrow_array::builder::{BooleanBuilder, Float64Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field};
use parquet::arrow::arrow_writer::{compute_leaves, ArrowColumnChunk, ArrowRowGroupWriterFactory, ArrowWriterOptions};
use parquet::arrow::ArrowWriter;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use rayon::prelude::*;
use std::io::{self, Write};
use std::sync::Arc;

/// Rows gathered before a row group is encoded, unless the sink is told otherwise.
const ROW_GROUP: usize = 1 << 19;

/// The columns written without a dictionary: their values are nearly all different, so a
/// dictionary costs time and gives nothing back.
const PLAIN: &[&str] = &["play", "applied", "before", "after", "message"];

/// A Parquet file being written.
pub struct ParquetSink<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: Arc<arrow_schema::Schema>,
    columns: Schema,
    /// The batches of the row group being gathered, and their rows.
    pending: Vec<RecordBatch>,
    rows: usize,
    groups: usize,
    /// The rows of a row group (at least: a group holds whole batches).
    group_rows: usize,
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
            let bytes = rows.iter().map(|r| if let Some(Cell::Text(s)) = r.get(k) { s.len() } else { 0 }).sum();
            let mut b = StringBuilder::with_capacity(rows.len(), bytes);
            cells.for_each(|c| b.append_option(if let Cell::Text(s) = c { Some(&**s) } else { None }));
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

/// Rows made straight into Arrow columns, a builder a column: no row is kept as cells.
pub struct ArrowRows {
    schema: Arc<arrow_schema::Schema>,
    columns: Vec<Builder>,
    /// The column the next value goes to.
    at: usize,
    rows: usize,
}

/// The builder of one column.
enum Builder {
    Text(StringBuilder),
    Int(Int64Builder),
    Float(Float64Builder),
    Bool(BooleanBuilder),
}

impl Builder {
    fn new(kind: Kind) -> Builder {
        match kind {
            Kind::Text => Builder::Text(StringBuilder::new()),
            Kind::Int => Builder::Int(Int64Builder::new()),
            Kind::Float => Builder::Float(Float64Builder::new()),
            Kind::Bool => Builder::Bool(BooleanBuilder::new()),
        }
    }

    /// The value, or a null when it is of another kind than the column.
    fn put(&mut self, v: Val) {
        match (self, v) {
            (Builder::Text(b), Val::Text(s)) => b.append_value(s),
            (Builder::Int(b), Val::Int(v)) => b.append_value(v),
            (Builder::Float(b), Val::Float(v)) => b.append_value(v),
            (Builder::Bool(b), Val::Bool(v)) => b.append_value(v),
            (b, _) => b.null(),
        }
    }

    fn null(&mut self) {
        match self {
            Builder::Text(b) => b.append_null(),
            Builder::Int(b) => b.append_null(),
            Builder::Float(b) => b.append_null(),
            Builder::Bool(b) => b.append_null(),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Int(b) => Arc::new(b.finish()),
            Builder::Float(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
        }
    }
}

impl ArrowRows {
    /// No rows yet, of the table `columns`.
    pub fn new(columns: Schema) -> ArrowRows {
        ArrowRows {
            schema: Arc::new(arrow_schema(columns)),
            columns: columns.iter().map(|(_, kind)| Builder::new(*kind)).collect(),
            at: 0,
            rows: 0,
        }
    }

    /// The rows made so far.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether no row was made.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// The last row's missing values as nulls.
    fn fill_row(&mut self) {
        if self.rows > 0 {
            while self.at < self.columns.len() {
                self.columns[self.at].null();
                self.at += 1;
            }
        }
    }

    /// The rows as one record batch; the builders are empty again.
    pub fn finish(&mut self) -> io::Result<RecordBatch> {
        self.fill_row();
        let arrays: Vec<ArrayRef> = self.columns.iter_mut().map(Builder::finish).collect();
        (self.at, self.rows) = (0, 0);
        RecordBatch::try_new(self.schema.clone(), arrays).map_err(io::Error::other)
    }
}

impl RowSink for ArrowRows {
    fn start_row(&mut self) {
        self.fill_row();
        self.at = 0;
        self.rows += 1;
    }
    fn put(&mut self, v: Val) {
        if let Some(b) = self.columns.get_mut(self.at) {
            b.put(v);
            self.at += 1;
        }
    }
}

/// The writer's settings: no compression, and neither dictionary nor statistics for the
/// [`PLAIN`] columns (a position's least and greatest text help no query).
fn properties(columns: Schema) -> WriterProperties {
    let mut p = WriterProperties::builder();
    for (name, _) in columns.iter().filter(|(name, _)| PLAIN.contains(name)) {
        let path = ColumnPath::from(*name);
        p = p.set_column_dictionary_enabled(path.clone(), false);
        p = p.set_column_statistics_enabled(path, EnabledStatistics::None);
    }
    p.build()
}

impl<W: Write + Send> ParquetSink<W> {
    /// A Parquet file of the table `columns`, written into `w`.
    pub fn new(w: W, columns: Schema) -> io::Result<ParquetSink<W>> {
        let schema = Arc::new(arrow_schema(columns));
        let options = ArrowWriterOptions::new().with_properties(properties(columns));
        let (writer, factory) = ArrowWriter::try_new_with_options(w, schema.clone(), options)
            .and_then(ArrowWriter::into_serialized_writer)
            .map_err(io::Error::other)?;
        Ok(ParquetSink {
            writer,
            factory,
            schema,
            columns,
            pending: Vec::new(),
            rows: 0,
            groups: 0,
            group_rows: ROW_GROUP,
        })
    }

    /// Row groups of at least `rows` rows (about half a million unless told).
    pub fn with_row_group(mut self, rows: usize) -> ParquetSink<W> {
        self.group_rows = rows.max(1);
        self
    }

    /// Rows of the table.
    pub fn write(&mut self, rows: &[Vec<Cell>]) -> io::Result<()> {
        if rows.is_empty() {
            return Ok(());
        }
        let b = batch(self.columns, self.schema.clone(), rows)?;
        self.write_batch(&b)
    }

    /// A batch of the table's rows, made by [`batch`]: kept until a row group is full.
    pub fn write_batch(&mut self, b: &RecordBatch) -> io::Result<()> {
        if b.num_rows() == 0 {
            return Ok(());
        }
        self.rows += b.num_rows();
        self.pending.push(b.clone());
        if self.rows >= self.group_rows {
            self.flush_group()?;
        }
        Ok(())
    }

    /// The gathered batches as one row group: each column encoded on its own thread of the
    /// pool, the column chunks appended in the schema's order.
    fn flush_group(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let writers = self.factory.create_column_writers(self.groups).map_err(io::Error::other)?;
        let (pending, fields) = (&self.pending, self.schema.fields());
        let chunks: Vec<ArrowColumnChunk> = writers
            .into_par_iter()
            .enumerate()
            .map(|(k, mut w)| {
                for b in pending {
                    for leaf in compute_leaves(&fields[k], b.column(k))? {
                        w.write(&leaf)?;
                    }
                }
                w.close()
            })
            .collect::<Result<_, _>>()
            .map_err(io::Error::other)?;
        let mut group = self.writer.next_row_group().map_err(io::Error::other)?;
        for c in chunks {
            c.append_to_row_group(&mut group).map_err(io::Error::other)?;
        }
        group.close().map_err(io::Error::other)?;
        self.groups += 1;
        self.pending.clear();
        self.rows = 0;
        Ok(())
    }

    /// The last row group and the file's footer written: the file is whole.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush_group()?;
        let mut w = self.writer.into_inner().map_err(io::Error::other)?;
        w.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{rows, Replayed, Table};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    /// The rows of every table of a sample, made as cells and as Arrow columns.
    fn both(table: Table) -> (Vec<Vec<Cell>>, Vec<RecordBatch>) {
        let texts = [
            include_str!("../../samples/backgammon-match/crawford-match.stn"),
            include_str!("../../samples/lepeintre-teaching-game.stn"),
            include_str!("../../samples/tric-trac/claim-marks.stn"),
        ];
        let (mut cells, mut batches) = (Vec::new(), Vec::new());
        for (k, (r, text)) in texts.iter().flat_map(|t| crate::notation::records(t).map(move |r| (r, *t))).enumerate() {
            let rp = crate::replay(&r.record, &r.header, Some(text));
            let one = Replayed { path: "m.stn", number: k + 1, rec: &r.record, header: &r.header, rp: &rp };
            let mut columns = ArrowRows::new(table.schema());
            rows(table, &one, &mut cells);
            rows(table, &one, &mut columns);
            batches.push(columns.finish().unwrap());
        }
        (cells, batches)
    }

    #[test]
    fn columns_made_straight_are_the_cells_rows_and_row_groups_keep_the_order() {
        for table in [Table::Throws, Table::Flags, Table::Games] {
            let (cells, batches) = both(table);
            assert!(!cells.is_empty(), "{table:?}");
            let path = std::env::temp_dir().join(format!("soumille-parquet-{}-{table:?}", std::process::id()));
            let mut sink = ParquetSink::new(std::fs::File::create(&path).unwrap(), table.schema()).unwrap();
            sink = sink.with_row_group(2);
            batches.iter().try_for_each(|b| sink.write_batch(b)).unwrap();
            sink.finish().unwrap();
            let reader = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&path).unwrap()).unwrap();
            let groups = reader.metadata().num_row_groups();
            // a row group of 2 rows at least, of whole batches (a record's rows each)
            let per_record: Vec<usize> = batches.iter().map(RecordBatch::num_rows).collect();
            assert!(groups >= 2 || cells.len() < 3, "{table:?}: {groups} row groups for {per_record:?}");
            let expected = batch(table.schema(), Arc::new(arrow_schema(table.schema())), &cells).unwrap();
            let mut at = 0;
            for b in reader.build().unwrap().map(Result::unwrap) {
                assert_eq!(b, expected.slice(at, b.num_rows()), "{table:?} at row {at}");
                at += b.num_rows();
            }
            assert_eq!(at, cells.len(), "{table:?}");
            let _ = std::fs::remove_file(&path);
        }
    }
}
