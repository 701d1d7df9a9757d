//! One open document as the server knows it: its text, every record read from it with its
//! syntax errors, and each record's replay with its steps and flags (as `check` gets them:
//! the reader's errors, the game's options judged, the replay's flags, and the match's flags
//! across the backgammon records of a file, docs/games.md §I.1).
//!
//! A change re-reads the text (the reader is fast) and replays again only the records whose
//! text or place changed: a record untouched by an edit keeps its replay, and a record
//! edited at throw N, whose tags and throws before N stand where they stood, is replayed
//! from throw N only (issue 19, [`crate::replay::replay_from`]).

use super::lines::Lines;
use crate::notation::{ReadRecord, Span, SyntaxError, Throw};
use crate::replay::{Flag, Replay, Step};

/// A document read and replayed.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The text.
    pub text: String,
    /// Its line starts.
    pub lines: Lines,
    /// Errors that belong to no record.
    pub file_errors: Vec<SyntaxError>,
    /// Each record, in order.
    pub records: Vec<Analysed>,
}

/// One record of a document, read and replayed.
#[derive(Debug)]
pub struct Analysed {
    /// The record as read, with its header and syntax errors.
    pub read: ReadRecord,
    /// Its replay (with steps): of its throws before the first syntax error when it has
    /// errors (issue 16: a damaged record still gives its first throws).
    pub replay: Replay,
    /// The flags of the match its file plays (backgammon, docs/games.md §I.1).
    pub match_flags: Vec<Flag>,
}

impl Analysed {
    /// How the answers about this record name its points: with `numbers` (the server's
    /// `points` setting, docs/editors.md) a backgammon record's in point numbers from the side
    /// of the player on roll (docs/games.md §I); else, and for the other games, its letters.
    pub fn point_names(&self, numbers: bool) -> crate::board::PointNames {
        if numbers && self.read.header.game == crate::notation::Game::Backgammon {
            crate::board::PointNames::Numbers
        } else {
            self.read.header.letters.into()
        }
    }

    /// Every flag of the record: its replay's, then its match's.
    pub fn flags(&self) -> impl Iterator<Item = &Flag> {
        self.replay.flags.iter().chain(&self.match_flags)
    }

    /// The bytes of the text the record stands on.
    pub fn span(&self) -> Option<Span> {
        self.read.record.span
    }

    /// The throw written at byte `at` (from its number to the next throw).
    pub fn throw_at(&self, at: usize) -> Option<&Throw> {
        self.read.record.throws.iter().find(|t| t.span.is_some_and(|s| s.start as usize <= at && at < s.end as usize))
    }

    /// The step of throw `n`, when the replay reached it.
    pub fn step(&self, n: u32) -> Option<&Step> {
        // the steps are in the order of their throws, whose numbers the reader checks rise
        // one by one: a binary search, so that a code action over a whole record is linear
        let steps = &self.replay.steps;
        steps.get(steps.partition_point(|s| s.number < n)).filter(|s| s.number == n)
    }

    /// The position (with the game's score fields) before throw `n`: its step's, else where
    /// the replay of the throws before it ended (a throw being written is not read yet).
    pub fn setup_before(&self, n: u32) -> Option<crate::board::Setup> {
        if let Some(s) = self.step(n) {
            return Some(s.before.clone());
        }
        match self.replay.steps.iter().rev().find(|s| s.number < n) {
            Some(s) if s.number + 1 == n => Some(s.after.clone()),
            Some(_) => None,
            None if n <= 1 => self.replay.last.clone().filter(|_| self.replay.steps.is_empty()),
            None => None,
        }
    }
}

impl Analysis {
    /// Reads and replays `text`, keeping from `old` the replay of every record whose text
    /// and place are the same.
    pub fn of(text: String, old: Option<Analysis>) -> Analysis {
        let reading = crate::report::FileReading::of_bytes(text.as_bytes());
        let mut old = old.unwrap_or_default();
        let mut session = crate::games::backgammon::Session::new();
        let mut records = Vec::with_capacity(reading.records.len());
        for read in reading.records {
            let kept = old.take_same(&text, read.record.span);
            let replay = match kept {
                Some(replay) => replay,
                None => {
                    let earlier = old.take_edited(&read);
                    replay_of(&read, &text, earlier)
                }
            };
            let match_flags = match_flags(&mut session, &read, &replay);
            records.push(Analysed { read, replay, match_flags });
        }
        Analysis { lines: Lines::of(&text), text, file_errors: reading.file_errors, records }
    }

    /// Takes out the replay of the record that stood on the same bytes with the same text.
    fn take_same(&mut self, text: &str, span: Option<Span>) -> Option<Replay> {
        let span = span?;
        let range = span.start as usize..span.end as usize;
        let k = self.records.iter().position(|r| r.span() == Some(span))?;
        (self.text.get(range.clone())? == text.get(range)?).then(|| std::mem::take(&mut self.records[k].replay))
    }

    /// Takes out the replay of the record that started at the same byte as `read` with the
    /// same tags (the record being edited), and how many of its replayed throws `read` keeps
    /// unchanged (the same throws at the same bytes): the replay resumes after them.
    fn take_edited(&mut self, read: &ReadRecord) -> Option<(Replay, usize)> {
        let start = read.record.span?.start;
        let k = self.records.iter().position(|r| r.span().is_some_and(|s| s.start == start))?;
        let old = &self.records[k];
        let same = crate::replay::first_change(&old.read.record, &read.record);
        let from = same.min(readable_len(&old.read)).min(readable_len(read));
        Some((std::mem::take(&mut self.records[k].replay), from))
    }

    /// The record written at byte `at`: the one whose span holds it, else the last that
    /// starts before it.
    pub fn record_at(&self, at: usize) -> Option<&Analysed> {
        self.records
            .iter()
            .find(|r| r.span().is_some_and(|s| s.start as usize <= at && at <= s.end as usize))
            .or_else(|| self.records.iter().rev().find(|r| r.span().is_some_and(|s| s.start as usize <= at)))
            .or(self.records.first())
    }
}

/// A record's replay, with its steps and checkpoints: of the throws before its first syntax
/// error when it has errors. Given the `earlier` replay of the same record before an edit
/// and how many of its throws the edit left, it resumes from the first throw changed.
fn replay_of(read: &ReadRecord, text: &str, earlier: Option<(Replay, usize)>) -> Replay {
    let resumed = |rec: &crate::notation::Record| match earlier {
        Some((replay, from)) => crate::replay::replay_from_owned(rec, &read.header, Some(text), replay, from),
        None => crate::replay::replay_resumable(rec, &read.header, Some(text)),
    };
    if read.errors.is_empty() {
        return resumed(&read.record);
    }
    let mut rec = read.record.clone();
    crate::replay::readable_prefix(&mut rec, &read.errors);
    resumed(&rec)
}

/// How many throws of a record are replayed: those before its first syntax error
/// ([`crate::replay::readable_prefix`]).
fn readable_len(read: &ReadRecord) -> usize {
    let Some(at) = read.errors.iter().map(|e| e.span.map_or(0, |s| s.start)).min() else {
        return read.record.throws.len();
    };
    read.record.throws.iter().take_while(|t| t.span.is_some_and(|s| s.end <= at)).count()
}

/// The flags of the match the file's backgammon records play, for this record (none for a
/// record with syntax errors: the match's score is then taken as written next).
fn match_flags(session: &mut crate::games::backgammon::Session, read: &ReadRecord, rp: &Replay) -> Vec<Flag> {
    if !read.errors.is_empty() {
        session.skip();
        return Vec::new();
    }
    let mut books = Replay {
        game: rp.game,
        steps: Vec::new(),
        flags: Vec::new(),
        stopped_at: rp.stopped_at,
        last: rp.last.clone(),
        end: rp.end,
        grand_trictrac: rp.grand_trictrac.clone(),
        checkpoints: crate::replay::Checkpoints::default(),
    };
    session.judge(&read.record, &read.header, &mut books);
    books.flags
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flags and errors of every record, as the diagnostics say them.
    fn said(a: &Analysis) -> Vec<String> {
        let mut v: Vec<String> = a.file_errors.iter().map(|e| e.message.clone()).collect();
        for r in &a.records {
            v.extend(r.read.errors.iter().map(|e| format!("{:?} {}", e.span, e.message)));
            v.extend(r.flags().map(|f| format!("{:?} {:?} {}", f.span, f.throw, f.message)));
            v.push(format!("{} steps", r.replay.steps.len()));
        }
        v
    }

    /// Edits inside the throws of a long record (a die, a letter, a mark changed; a throw
    /// removed; a change undone): the record is replayed from the throw changed
    /// ([`crate::replay::replay_from`]) and says what a fresh analysis says.
    #[test]
    fn a_record_edited_at_a_throw_is_replayed_from_it() {
        use crate::notation::Game;
        let mut text = String::new();
        for (game, seed) in [(Game::TrictracAEcrire, 2), (Game::Backgammon, 5), (Game::TricTrac, 1)] {
            let rec = crate::generate(game, 1, seed).next().unwrap().unwrap();
            text.push_str(&crate::notation::print_record(&rec, Default::default()));
            text.push('\n');
        }
        let mut a = Analysis::of(text.clone(), None);
        let throws: Vec<(usize, usize)> = a
            .records
            .iter()
            .flat_map(|r| {
                r.read.record.throws.iter().filter_map(|t| t.span).map(|s| (s.start as usize, s.end as usize))
            })
            .collect();
        assert!(throws.len() > 100);
        for (k, &(start, end)) in throws.iter().enumerate().step_by(7) {
            let throw = &text[start..end];
            // the dice's first digit, a letter of the play, the whole throw
            let die = throw
                .as_bytes()
                .windows(3)
                .position(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit());
            let die = start + die.expect("dice written d-d");
            let edits: Vec<(usize, usize, &str)> =
                vec![(die, die + 1, "3"), (end.saturating_sub(2), end.saturating_sub(1), "C"), (start, end, "")];
            for (from, to, with) in edits {
                let Some(cut) = text.get(..from).zip(text.get(to..)) else { continue };
                let t = format!("{}{}{}", cut.0, with, cut.1);
                let fresh = Analysis::of(t.clone(), None);
                a = Analysis::of(t, Some(a));
                assert_eq!(said(&a), said(&fresh), "throw {k}, {from}..{to} -> {with:?}");
                // undone
                let fresh = Analysis::of(text.clone(), None);
                a = Analysis::of(text.clone(), Some(a));
                assert_eq!(said(&a), said(&fresh), "throw {k} undone");
            }
        }
    }

    /// Edits anywhere in a file of several records (a backgammon match, whose records are
    /// judged together, and records of two games): the analysis that keeps the untouched
    /// records' replays says what a fresh one says.
    #[test]
    fn keeping_the_untouched_records_changes_nothing() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
        let mut text = std::fs::read_to_string(format!("{dir}/backgammon/gnubg-match3-game2.stn")).unwrap();
        text.push('\n');
        text.push_str(&std::fs::read_to_string(format!("{dir}/two-records.stn")).unwrap());
        let mut a = Analysis::of(text.clone(), None);
        assert!(a.records.len() >= 3);
        let lines: Vec<usize> = text.match_indices("\n1").map(|(i, _)| i + 1).collect();
        for (k, &at) in lines.iter().enumerate() {
            // a throw's number broken, then mended; a blank line added before a record
            for edit in ["x", "", "\n"] {
                let mut t = a.text.clone();
                let at = at.min(t.len());
                if edit == "x" {
                    t.insert(at, 'x');
                } else if edit.is_empty() {
                    t = text.clone();
                } else {
                    t.insert_str(at, edit);
                }
                let fresh = Analysis::of(t.clone(), None);
                a = Analysis::of(t, Some(a));
                assert_eq!(said(&a), said(&fresh), "line {k}, edit {edit:?}");
            }
        }
    }
}
