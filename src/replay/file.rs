//! A whole file of records replayed as `check` replays it (issue 24): each record read,
//! checked against its game's tags, replayed, a damaged record up to its first syntax error,
//! and the backgammon records of a match judged as a match (docs/games.md §I.1–§I.3: the
//! score from game to game, the Crawford game, play after the match is over).

use crate::games::backgammon::session::MatchGame;
use crate::notation::{ReadRecord, Record};

/// One record of a file as [`replay_file`] replays it.
#[derive(Clone, Debug)]
pub struct ReplayedRecord {
    /// The record as read, with its header and its syntax errors.
    pub read: ReadRecord,
    /// Its replay, with the match's flags among its flags (as `check` reports them).
    pub replay: super::Replay,
    /// The game of a match it is, as the file's earlier games leave the match: its length,
    /// the score before it, whether it is the Crawford game (`None`: money play, another
    /// game, or a record with syntax errors).
    pub match_game: Option<MatchGame>,
}

/// Replays every record of `text`, one after the other, as the command line does: each
/// record under its own game and rules, the throws of a damaged record up to its first
/// syntax error (the rest marked `not-read`), and the backgammon games of a match with the
/// match's checks — the `Score` each game should start from, the Crawford game, a game
/// played after the match was won (docs/games.md §I). A record's `Match` and `Score` tags
/// need not be repeated by the caller: they are the records'.
///
/// ```
/// let text = "[Game \"backgammon\"]\n[Match \"3\"]\n[Score \"top 0 bottom 0\"]\n\n1. top: 6-5 AGM\n";
/// let games = soumille::replay_file(text);
/// assert_eq!(games.len(), 1);
/// assert_eq!(games[0].match_game.map(|m| m.length), Some(3));
/// assert!(games[0].replay.flags.is_empty());
/// ```
pub fn replay_file(text: &str) -> Vec<ReplayedRecord> {
    replay_match(crate::notation::read(text), Some(text))
}

/// Replays a match (or any list of records) already read, one record after the other, with
/// the checks [`replay_file`] makes: each record's `Rules` judged by its game, a damaged
/// record up to its first syntax error, the backgammon games judged as a match (the `Score`
/// each game should start from, the Crawford game, a game played after the match was won:
/// docs/games.md §I). `text` is the source the records were read from, for the flags'
/// places (`None` for records made in memory). [`replay_file`] is this function after
/// [`crate::notation::read`]; records imported from another program go through
/// [`read_records`] first.
///
/// ```
/// let mat = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/interop/match3.mat"));
/// let records = soumille::interop::mat_to_stn(mat).unwrap();
/// let games = soumille::replay_match(soumille::read_records(records), None);
/// // every game of the 3-point match, each with the score the games before it left
/// assert!(games.iter().all(|g| g.match_game.is_some_and(|m| m.length == 3)));
/// assert!(games.iter().all(|g| g.replay.flags.is_empty()));
/// ```
pub fn replay_match(reads: impl IntoIterator<Item = ReadRecord>, text: Option<&str>) -> Vec<ReplayedRecord> {
    let mut session = crate::games::backgammon::Session::new();
    let mut out = Vec::new();
    for mut read in reads {
        crate::games::registry::check_read(&mut read);
        if read.record.tags.is_empty() && read.record.throws.is_empty() && read.errors.is_empty() {
            continue; // comments alone: no game
        }
        let damaged = !read.errors.is_empty();
        let mut rec = read.clone();
        let not_read = super::readable_prefix(&mut rec.record, &rec.errors);
        let mut replay = super::replay(&rec.record, &rec.header, text);
        if let Some(n) = &not_read {
            replay.mark_not_read(n, rec.header.letters);
        }
        let match_game = if damaged {
            session.skip();
            None
        } else {
            session.judge(&read.record, &read.header, &mut replay);
            session.last_game()
        };
        out.push(ReplayedRecord { read, replay, match_game });
    }
    out
}

/// Records made in memory (by [`crate::interop::mat_to_stn`], [`crate::interop::sgf_to_stn`]
/// or by hand) as the reader would give them: each with the [`crate::Header`] its tags say
/// (positions in Soumille letters, as a [`Record`] holds them) and the tags' errors, ready
/// for [`replay_match`] or [`crate::replay()`].
pub fn read_records(records: impl IntoIterator<Item = Record>) -> Vec<ReadRecord> {
    records
        .into_iter()
        .map(|mut record| {
            let (header, errors) = crate::notation::header::interpret(&mut record.tags, false);
            ReadRecord { record, header, errors, spilled: 0 }
        })
        .collect()
}
