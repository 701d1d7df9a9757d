//! Seeded self-play of Jacquet and Moultezim (`generate --game jacquet`): the race games' one
//! generator ([`crate::games::race::generate`]) over a Jacquet board.

use super::board::Board;
use super::options::JacquetOptions;
use super::Jacquet;
use crate::notation::Record;

/// One generated game for `seed` under `options`: a complete game of random legal plays, as
/// a record ending with its correct `Result`; the same seed and options give the same record.
pub fn generate_record(seed: u64, options: &JacquetOptions) -> Record {
    crate::games::race::generate::generate::<Board>(&Jacquet::new(*options), seed)
}
