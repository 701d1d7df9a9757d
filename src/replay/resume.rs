//! Resuming a replay (issue 19): the checkpoints a resumable replay keeps ([`Checkpoint`]),
//! and the replay of an edited record from its first changed throw ([`replay_from`]).

use super::{Books, End, Replay, State, ThrowFeed};
use crate::games::Games;
use crate::notation::{Header, Record};
use std::borrow::Cow;

/// What a replay kept before one throw ([`replay_resumable`]): the game's state, and how much
/// of the output was made before it (the flags, the steps, the end and the game's own books set
/// during the throws before; the position reached is set only before the first throw and
/// at the end).
#[derive(Clone)]
pub struct Checkpoint {
    /// The throw's index in the record's throws (0: the first).
    pub index: usize,
    flags: usize,
    steps: usize,
    end: Option<End>,
    /// How much of the game's own books were made ([`Replay::game_books_len`]: they are only
    /// added to during the throws).
    books: usize,
    state: State,
}

impl std::fmt::Debug for Checkpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkpoint").field("index", &self.index).field("flags", &self.flags).finish_non_exhaustive()
    }
}

/// The checkpoints of a replay ([`Replay::checkpoints`]): one before each throw replayed,
/// in order (`at[i].index == i`), with what the replay read of the whole record.
#[derive(Clone, Debug, Default)]
pub struct Checkpoints {
    /// One before each throw replayed.
    pub at: Vec<Checkpoint>,
    /// The record's claims as a whole (marks, opponent marks, parties): the games read them
    /// before the first throw.
    pub(super) claims: Option<[bool; 3]>,
    /// The replay kept its steps.
    pub(super) keep_steps: bool,
}

/// Takes the checkpoint before the throw of index `index` (when asked: never in the ordinary
/// replay).
#[cold]
pub(super) fn checkpoint<'r, B: Books<'r>>(books: &mut B, index: usize) {
    let Some(state) = books.save() else { return };
    let out = &mut books.ledger().out;
    let cp = Checkpoint {
        index,
        flags: out.flags.len(),
        steps: out.steps.len(),
        end: out.end,
        books: out.game_books_len(),
        state,
    };
    out.checkpoints.at.push(cp);
}

/// Rebuilds `books` (just built from the same tags) as `earlier` left them before the throw
/// of index `from`, and skips the feed's first `from` throws: how many were skipped. Nothing
/// changes (the replay runs whole, 0 skipped) when `earlier` has no checkpoint there, read
/// other claims from its record, kept steps differently, or its state is not this game's.
/// `earlier` taken ([`Cow::Owned`]) gives its flags and steps up; borrowed, they are copied.
pub(super) fn resume<'r, B: Books<'r>>(
    books: &mut B,
    feed: &mut ThrowFeed<'_>,
    earlier: Cow<'_, Replay>,
    from: usize,
) -> usize {
    let Some(cp) = earlier.checkpoints.at.get(from) else { return 0 };
    let keep_steps = books.ledger().keep_steps;
    let same = earlier.checkpoints.claims == Some(feed.claims()) && earlier.checkpoints.keep_steps == keep_steps;
    let short = earlier.flags.len() < cp.flags || earlier.steps.len() < cp.steps || earlier.game_books_len() < cp.books;
    if cp.index != from || !same || short || !books.restore(&cp.state) {
        return 0;
    }
    let (flags, steps, books_len, end) = (cp.flags, cp.steps, cp.books, cp.end);
    let checkpoints = feed.checkpoints;
    let out = &mut books.ledger().out;
    match earlier {
        Cow::Owned(mut e) => {
            out.take_game_books(&mut e, books_len);
            e.flags.truncate(flags);
            e.steps.truncate(steps);
            out.flags = e.flags;
            out.steps = e.steps;
            if checkpoints {
                e.checkpoints.at.truncate(from);
                out.checkpoints.at = e.checkpoints.at;
            }
        }
        Cow::Borrowed(e) => {
            out.flags = e.flags[..flags].to_vec();
            out.steps = e.steps[..steps].to_vec();
            out.copy_game_books(e, books_len);
            if checkpoints {
                out.checkpoints.at = e.checkpoints.at[..from].to_vec();
            }
        }
    }
    out.end = end;
    for _ in 0..from {
        feed.next();
    }
    from
}

/// Like [`replay`], keeping a checkpoint of the game's state before each throw
/// ([`Replay::checkpoints`]), so that [`replay_from`] can replay an edited copy of the record
/// from its first changed throw only.
pub fn replay_resumable(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    replay_resumed(Games::of(header), rec, header, src, None, Keep { steps: true, checkpoints: true })
}

/// Replays `rec` (read from `src`) from its throw of index `from` (0: the first throw) on,
/// given `earlier`, the [`replay_resumable`] of a record with the same tags (`header`) and the
/// same first `from` throws at the same places in the text: `earlier`'s flags, steps and
/// books before that throw are kept, and the replay resumes from the game's state there
/// (issue 19; the replay itself is docs/rules.md §10, §11). The result is the one
/// [`replay_resumable`] gives of `rec` (the same flags,
/// steps, end and position reached), with its checkpoints, so that edits can follow.
///
/// Every game resumes exactly (each game's books save their state between throws:
/// Grand Trictrac's position, score, relève history, schools due and marqués; Jacquet's and
/// Moultezim's board and end; Backgammon's board, cube, ends and throw count; Tric Trac's
/// series, parties and doublet). The record is replayed whole when `earlier` cannot be
/// resumed from there: it kept no checkpoint at `from` (it stopped before, or it was not
/// a [`replay_resumable`]), or the whole-record claims the games read before the first throw
/// (whether any throw claims marks, opponent marks or a partie, docs/games.md §H.3) differ.
pub fn replay_from(rec: &Record, header: &Header, src: Option<&str>, earlier: &Replay, from: usize) -> Replay {
    let keep = Keep { steps: true, checkpoints: true };
    replay_resumed(Games::of(header), rec, header, src, Some((Cow::Borrowed(earlier), from)), keep)
}

/// [`replay_from`] taking the earlier replay: its steps and flags before throw `from` are
/// moved into the result, not copied (the editor's case: the record's last replay is
/// replaced by the new one).
pub fn replay_from_owned(rec: &Record, header: &Header, src: Option<&str>, earlier: Replay, from: usize) -> Replay {
    let keep = Keep { steps: true, checkpoints: true };
    replay_resumed(Games::of(header), rec, header, src, Some((Cow::Owned(earlier), from)), keep)
}

/// What a replay keeps ([`replay_resumed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    /// Each throw's step (`false`: the flags, the books and the end only, as
    /// [`replay_books`]).
    pub steps: bool,
    /// A checkpoint before each throw, to resume from later ([`Replay::checkpoints`]).
    pub checkpoints: bool,
}

/// [`replay_resumable`] (`earlier`: `None`) or [`replay_from`] (`Some((earlier, from))`)
/// under the rules of `games`, keeping what `keep` says. `earlier` must have kept its steps
/// as this replay does, or the record is replayed whole.
pub fn replay_resumed(
    games: Games,
    rec: &Record,
    header: &Header,
    src: Option<&str>,
    earlier: Option<(Cow<'_, Replay>, usize)>,
    keep: Keep,
) -> Replay {
    let mut feed = ThrowFeed::of(rec);
    feed.checkpoints = keep.checkpoints;
    feed.resume = earlier.filter(|(_, from)| *from > 0 && *from <= rec.throws.len());
    games.replay_fed(rec, feed, header, src, keep.steps)
}

/// The index of the first throw of `new` that is not the same as `old`'s (the same throw
/// at the same place in the text), `old`'s length or `new`'s when one is the start of the
/// other: where [`replay_from`] resumes after an edit. 0 when the tags differ.
pub fn first_change(old: &Record, new: &Record) -> usize {
    if old.tags != new.tags {
        return 0;
    }
    old.throws.iter().zip(&new.throws).take_while(|(a, b)| a == b).count()
}
