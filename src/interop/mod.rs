//! Backgammon records of other programs, to and from STN (docs/games.md §D.9,
//! `interop-samples/README.md`):
//!
//! * [`mat`]: the Jellyfish `.mat` text transcript (and its one-game `.gam` form) as GNU
//!   Backgammon writes it;
//! * [`sgf`]: GNU Backgammon's SGF (`GM[6]`).
//!
//! Each game of a match becomes one STN record: `[Game "backgammon"]`, the players as
//! `Top` (the `.mat` left column, gnubg's player 0, SGF White) and `Bottom`, `First`, a
//! `Position` for a game set up, its `Result` (`top 4 resign`, `bottom 1 drop`, …), and the
//! match in unknown tags `[Match "3"]` (match length) and `[Score "top 1 bottom 0"]` (the
//! score before the game). The moves are written in STN paths, one per man (a man moved
//! twice in a row is one path with its rest), hits with `*`; cube actions as `double V
//! take|drop` before the doubler's dice. Exports read the STN records back through the
//! rules engine, so that a path with unsaid rests is written die by die.
//!
//! Both directions go through [`MatchGame`], the game as the programs see it: events in
//! order, moves as single-die steps in the mover's relative points.

pub mod mat;
pub mod sgf;

use crate::board::Seat;
use crate::dice::Dice;
use crate::games::backgammon::board::{Board, BAR, OFF};
use crate::games::backgammon::books::recorded_paths;
use crate::games::backgammon::cube::{end_of, Cube, EndKind};
use crate::games::backgammon::judge::judge;
use crate::games::backgammon::movegen::{legal_plays_into, Path, Plays};
use crate::games::backgammon::options::{Options, UnSeulDe};
use crate::notation::{
    Anchor, Comment, CommentStyle, CubeAction, CubeAnswer, Header, Play as RecordedPlay, Record, ResultClaim,
    ResultKind, Tag, Throw,
};

/// Why a file or a record could not be converted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InteropError {
    /// The text is not in the expected format: where and what.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line (SGF: the line of the offending byte).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The STN record cannot be written in the format.
    #[error("{0}")]
    Record(String),
}

/// Why a header line of a file is kept as a comment of the record instead of a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptWhy {
    /// Its name is no STN tag name (docs/format.md: letters, digits, `_`, `-`).
    NoTagName,
    /// The importer writes the tag itself, or the tag would change the game (`Rules`, …).
    WrittenByTheImporter,
    /// The tag was given before in the header.
    GivenTwice,
    /// Its value runs over several lines.
    SeveralLines,
}

impl std::fmt::Display for KeptWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            KeptWhy::NoTagName => "no tag name",
            KeptWhy::WrittenByTheImporter => "a tag the record writes itself",
            KeptWhy::GivenTwice => "given twice",
            KeptWhy::SeveralLines => "a value over several lines",
        })
    }
}

/// What the importer kept as a comment of a game instead of reading it: nothing of a file
/// is dropped silently (docs/games.md §I.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A line (or the words of a line) the reader did not understand.
    NotRead {
        /// The 1-based line of the file.
        line: usize,
        /// What was not read.
        text: String,
    },
    /// A header line `[Name "value"]` that cannot be a tag of the record.
    HeaderLine {
        /// The tag's name as the file writes it.
        name: String,
        /// Its value.
        value: String,
        /// Why it is no tag of the record.
        why: KeptWhy,
    },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::NotRead { line, text } => write!(f, "line {line}: `{text}` not read"),
            Note::HeaderLine { name, value, why } => {
                write!(f, "header line [{name} \"{value}\"] kept as a comment: {why}")
            }
        }
    }
}

/// A [`Note`] of one game of an imported file: `game 2: line 14: `…` not read`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The game's number in the file, from 1.
    pub game: u32,
    /// What was kept as a comment.
    pub note: Note,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.game, self.note)
    }
}

/// What of a record a format cannot hold (see [`export`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unheld {
    /// A `Rules` tag other than the default rules (its value).
    Rules(String),
    /// A `Position` tag: a `.mat` file starts every game from the opening.
    MatPosition,
    /// The cube of a `Position` tag: SGF set-up holds the men only.
    SgfCube,
    /// A record after the first that is another match (other players or match length):
    /// a `.mat` file holds one match (docs/games.md §I.8).
    OtherMatch,
}

/// What of record `record` (from 1) the format cannot hold: `record 2: the Position tag (…)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// The record's number in the file, from 1.
    pub record: usize,
    /// What the format cannot hold.
    pub what: Unheld,
}

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "record {}: ", self.record)?;
        match &self.what {
            Unheld::Rules(rules) => write!(f, "the Rules tag `{rules}` (the format holds the default rules only)"),
            Unheld::MatPosition => f.write_str("the Position tag (a .mat file starts every game from the opening)"),
            Unheld::SgfCube => f.write_str("the cube of the Position tag (SGF set-up holds the men only)"),
            Unheld::OtherMatch => f.write_str(
                "another match than record 1's (other players or match length: a .mat file holds one match)",
            ),
        }
    }
}

/// One die's move: from and to in the mover's relative points (0 = bar, 25 = off), and
/// whether it hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepMove {
    /// The point left.
    pub from: u8,
    /// The point reached.
    pub to: u8,
    /// Whether a lone opposing man was hit there.
    pub hit: bool,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A roll and the moves made with it (none: nothing could be played).
    Throw {
        /// Who threw.
        seat: Seat,
        /// The roll.
        dice: Dice,
        /// One step per die, in the order played.
        steps: Vec<StepMove>,
    },
    /// A double, with the new value when known.
    Double {
        /// The doubler.
        seat: Seat,
        /// The cube's new value.
        value: Option<u32>,
    },
    /// The double taken.
    Take,
    /// The double dropped: the game ends.
    Drop,
    /// The taker beavers (docs/games.md §I.4: gnubg's `.mat` ` Beavers => V`, its SGF's
    /// `double` answering a double): the cube goes to `value`, the beaverer owning it.
    Beaver {
        /// The seat that beavers (the taker).
        seat: Seat,
        /// The cube's new value (twice the double's), when known.
        value: Option<u32>,
    },
}

/// How a game ended as a program wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Won {
    /// The winner.
    pub winner: Seat,
    /// Points won, the cube included.
    pub points: u32,
    /// The program says the loser resigned (SGF `RE[W+4R]`); `.mat` never says.
    pub resigned: bool,
}

/// One game as the programs hold it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchGame {
    /// Top's name (the `.mat` left column, gnubg's player 0, SGF White).
    pub top: String,
    /// Bottom's name.
    pub bottom: String,
    /// The match length; `None` for money play.
    pub match_length: Option<u32>,
    /// The game's number in the match, from 1.
    pub number: u32,
    /// The score before the game (top, bottom), in a match.
    pub score: Option<(u32, u32)>,
    /// A set-up start (SGF `AE`/`AW`/`AB`), the seat to throw in it.
    pub start: Option<Board>,
    /// The events in order.
    pub events: Vec<Event>,
    /// How the game ended, when the file says.
    pub won: Option<Won>,
    /// Other tags, kept as they are (`EventDate`, …).
    pub tags: Vec<(String, String)>,
    /// The Crawford rule is played in the match (docs/games.md §I.2; SGF `RU[Crawford]`, the
    /// default `crawford=oui` of a record).
    pub crawford_rule: bool,
    /// The file's own comment lines (`.mat`: `; text` that is no tag), as written after the
    /// `;`: STN comments of the record, written back on export (docs/games.md §I.7).
    pub comments: Vec<String>,
    /// SGF properties of a move node other than its move (`C[…]`, gnubg's analysis `A[…]`,
    /// `DA[…]`, …), as SGF text, with the index in `events` of the node's event: kept as STN
    /// comments `{ sgf: … }` and written back on the same node (docs/commands.md, import and export).
    pub kept: Vec<(usize, String)>,
    /// Lines of the file kept as comments of the record, each with why it was not taken
    /// (a header tag whose name is no STN tag name, given twice, or one the importer writes
    /// itself): nothing of the file is dropped silently.
    pub notes: Vec<Note>,
}

/// Tags the importer writes itself, or that would change the game if copied from a file's
/// header (`Rules`, `Position`, …): such a header line is kept as a comment instead.
const RESERVED_TAGS: [&str; 12] = [
    "Game", "Top", "Bottom", "First", "Letters", "Rules", "Marques", "Position", "Result", "Match", "Score", "Flagged",
];

/// Whether `name` can be written as an STN tag name (docs/format.md: letters, digits, `_`, `-`).
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Records read from another program's file, and what the reader could not take as it was
/// written (kept as comments in the records).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// One record per game.
    pub records: Vec<Record>,
    /// One per thing kept as a comment instead of being read.
    pub warnings: Vec<Warning>,
}

/// A match file written out, and what the format could not hold (only with `force`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The file's text.
    pub text: String,
    /// One per thing of the records the file does not hold.
    pub dropped: Vec<Dropped>,
}

/// The formats soumille writes for other programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Jellyfish `.mat` / `.gam`, as GNU Backgammon writes it.
    Mat,
    /// GNU Backgammon's SGF.
    Sgf,
}

/// The mover's relative point `p` as a point of the mover's own numbering (pips to go,
/// `.mat` and gnubg): 25 − p, the bar 25, off 0.
pub fn number_of(p: u8) -> u8 {
    match usize::from(p) {
        BAR => 25,
        OFF => 0,
        _ => 25 - p,
    }
}

/// A point of the mover's own numbering as its relative point.
pub fn relative_of(n: u8) -> Option<u8> {
    match n {
        25 => Some(BAR as u8),
        0 => Some(OFF as u8),
        1..=24 => Some(25 - n),
        _ => None,
    }
}

/// Applies `steps` of `board.turn` as written, hitting lone opposing men where a step
/// lands; sets each step's `hit`. `None` when a man is not there.
pub fn apply_steps(board: &Board, steps: &mut [StepMove]) -> Option<Board> {
    let seat = board.turn;
    let (me, them) = (seat.index(), seat.other().index());
    let mut b = *board;
    for s in steps.iter_mut() {
        let (from, to) = (usize::from(s.from), usize::from(s.to).min(OFF));
        if from >= OFF || b.men[me][from] == 0 {
            return None;
        }
        b.men[me][from] -= 1;
        b.men[me][to] += 1;
        s.hit = false;
        if (1..OFF).contains(&to) && b.men[them][25 - to] == 1 {
            b.men[them][25 - to] = 0;
            b.men[them][BAR] += 1;
            s.hit = true;
        }
    }
    b.turn = seat.other();
    Some(b)
}

fn tag(name: impl Into<std::borrow::Cow<'static, str>>, value: String) -> Tag {
    Tag { name: name.into(), value, comments: Vec::new(), spans: None }
}

/// The anchor of a throw's last token, for a comment written after it.
fn last_anchor(t: &Throw) -> Option<Anchor> {
    Some(match &t.play {
        Some(RecordedPlay::Moves(m)) if !m.is_empty() => Anchor::Move(m.len() - 1),
        Some(_) => Anchor::Pass,
        None if t.dice.is_some() => Anchor::Dice,
        None => Anchor::Cube,
    })
}

/// Steps as STN paths: a step from where an earlier path of this throw ended continues it
/// (one path per man, its rests written), else it starts a path.
fn moves_of(seat: Seat, steps: &[StepMove]) -> RecordedPlay {
    if steps.is_empty() {
        return RecordedPlay::Pass;
    }
    // a roll moves at most four men, one a die: four paths kept inline
    let mut paths: smallvec::SmallVec<[Path; 4]> = smallvec::SmallVec::new();
    for s in steps {
        let at = paths.iter().rposition(|p| {
            p.points().last() == Some(&s.from) && usize::from(s.from) != OFF && p.len < 5 && s.from != BAR as u8
        });
        let k = match at {
            Some(k) => k,
            None => {
                paths.push(Path { points: [s.from, 0, 0, 0, 0], len: 1, hits: 0 });
                paths.len() - 1
            }
        };
        let p = &mut paths[k];
        p.points[usize::from(p.len)] = s.to;
        p.len += 1;
        if s.hit {
            p.hits |= 1 << (p.len - 2);
        }
    }
    let moves: crate::notation::Moves = paths.iter().filter_map(|p| p.to_move(seat)).collect();
    // no step on the board (points no board has): written as no move, which prints and reads
    // back as itself; the check then flags the throw
    if moves.is_empty() {
        RecordedPlay::Pass
    } else {
        RecordedPlay::Moves(moves)
    }
}

impl MatchGame {
    /// The game as an STN record (see the [module docs](self)). The result's kind is the
    /// replay's: a drop, a finished game's single, gammon or backgammon, else a resignation.
    pub fn to_record(&self) -> Record {
        let mut w = Writing {
            throws: Vec::new(),
            board: self.start.unwrap_or_else(|| Board::opening(self.first_seat().unwrap_or(Seat::Top))),
            cube: Cube::default(),
            notes: Vec::new(),
            pending: None,
            dropped: false,
            first: None,
            plays: None,
        };
        let last = self.events.len().saturating_sub(1);
        // a node's kept SGF properties, until the throw that holds its event is written
        let mut kept: Vec<String> = Vec::new();
        for (k, e) in self.events.iter().enumerate() {
            let before = w.throws.len();
            match e {
                Event::Double { seat, value } => w.double(*seat, *value),
                Event::Take => w.take(),
                Event::Drop => w.drop_double(),
                Event::Beaver { value, .. } => w.beaver(*value),
                Event::Throw { seat, dice, steps } => w.throw(self, e, (*seat, *dice, steps), k == last),
            }
            kept.extend(self.kept.iter().filter(|(i, _)| *i == k).map(|(_, p)| sgf::kept_comment(e, p)));
            if w.throws.len() > before {
                w.keep(&mut kept);
            }
        }
        if let Some((seat, a)) = w.pending.take() {
            let mut t = Throw::bare(w.throws.len() as u32 + 1, None);
            t.seat = Some(seat);
            t.cube = Some(a);
            w.throws.push(t);
        }
        w.keep(&mut kept);
        let mut tags = self.record_tags(&w);
        let (kept, notes) = self.header_tags();
        tags.extend(kept);
        // what could not be read, as comments of the Game tag (in STN only a file's first
        // record has comments before its tags): the file's own comments first, as written
        let header = notes.iter().map(|n| format!(" {n}"));
        let others = w.notes.iter().map(|n| format!(" {n}")).chain(self.notes.iter().map(|n| format!(" {n}")));
        tags[0].comments = self
            .comments
            .iter()
            .cloned()
            .chain(header)
            .chain(others)
            .map(|text| Comment { style: CommentStyle::Line, text, after: None })
            .collect();
        Record { comments: Vec::new(), tags, throws: w.throws, span: None }
    }

    /// The tags the importer writes itself: game, players, first seat or position, result,
    /// match length and score.
    fn record_tags(&self, w: &Writing) -> Vec<Tag> {
        let mut tags =
            vec![tag("Game", "backgammon".into()), tag("Top", self.top.clone()), tag("Bottom", self.bottom.clone())];
        let first = self.start.map(|b| b.turn).or(w.first);
        if let Some(f) = first {
            if self.start.is_none() {
                tags.push(tag("First", f.name().into()));
            }
        }
        if let Some(b) = &self.start {
            let mut s = b.to_setup();
            if let Some(f) = first {
                s.turn = f;
            }
            tags.push(tag("Position", s.to_string()));
        }
        let result = match self.won {
            None => "*".to_string(),
            Some(won) => {
                let kind = if w.dropped {
                    EndKind::Drop
                } else if won.resigned {
                    EndKind::Resign
                } else {
                    match end_of(&w.board, &w.cube, &Options::default()) {
                        Some(e) if e.winner == won.winner => e.kind,
                        _ => EndKind::Resign,
                    }
                };
                format!("{} {} {}", won.winner, won.points, kind.name())
            }
        };
        tags.push(tag("Result", result));
        if self.events.iter().any(|e| matches!(e, Event::Beaver { .. })) {
            // the program played with beavers (docs/games.md §I.4)
            tags.push(tag("Rules", "beaver=oui".into()));
        }
        if let Some(l) = self.match_length {
            tags.push(tag("Match", l.to_string()));
            if let Some((t, b)) = self.score {
                tags.push(tag("Score", format!("top {t} bottom {b}")));
            }
        }
        tags
    }
}

/// A match game's events being written as STN throws, and the board and cube they leave.
struct Writing {
    throws: Vec<Throw>,
    board: Board,
    cube: Cube,
    /// Notes for the Game tag's comments (a last roll never played, with no throw before it).
    notes: Vec<String>,
    /// A double not answered yet, and who offered it.
    pending: Option<(Seat, CubeAction)>,
    dropped: bool,
    /// The first seat to act.
    first: Option<Seat>,
    /// The legal plays of a roll written with no play (made at the first: most games have
    /// none, and the list is large).
    plays: Option<Plays>,
}

impl Writing {
    /// The kept SGF properties (`kept`, as comments) onto the last throw written; onto the
    /// record's notes when no throw is written.
    fn keep(&mut self, kept: &mut Vec<String>) {
        for text in kept.drain(..) {
            match self.throws.last_mut() {
                Some(t) => {
                    let after = last_anchor(t);
                    t.comments.push(Comment { style: CommentStyle::Brace, text, after })
                }
                None => self.notes.push(text.trim().to_string()),
            }
        }
    }

    fn double(&mut self, seat: Seat, value: Option<u32>) {
        let value = value.unwrap_or(self.cube.value.saturating_mul(2));
        self.pending = Some((seat, CubeAction { value: Some(value), answer: None, after_dice: false }));
        self.first.get_or_insert(seat);
    }

    /// The double pending beavered (docs/games.md §I.4): the cube at `value` (twice the
    /// double's), the taker owning it.
    fn beaver(&mut self, value: Option<u32>) {
        if let Some((seat, a)) = &mut self.pending {
            a.answer = Some(CubeAnswer::Beaver);
            let value = value.unwrap_or(a.value.unwrap_or(2).saturating_mul(2));
            self.cube = Cube { value, owner: Some(seat.other()) };
        }
    }

    fn take(&mut self) {
        if let Some((seat, a)) = &mut self.pending {
            if a.answer == Some(CubeAnswer::Beaver) {
                // the doubler accepts the beaver: the cube stays with the beaverer
                return;
            }
            a.answer = Some(CubeAnswer::Take);
            self.cube = Cube { value: a.value.unwrap_or(2), owner: Some(seat.other()) };
        }
    }

    /// A dropped double: a throw of its own, with no dice.
    fn drop_double(&mut self) {
        if let Some((seat, mut a)) = self.pending.take() {
            a.answer = Some(CubeAnswer::Drop);
            let mut t = Throw::bare(self.throws.len() as u32 + 1, None);
            t.seat = Some(seat);
            t.cube = Some(a);
            self.throws.push(t);
            self.dropped = true;
        }
    }

    /// A roll and its play (`e`); a play the log left out is filled when forced (docs/games.md
    /// §I.6), and the file's last roll never played becomes a comment (§I.5).
    fn throw(&mut self, game: &MatchGame, e: &Event, (seat, dice, steps): (Seat, Dice, &[StepMove]), last: bool) {
        self.first.get_or_insert(seat);
        let mut t = Throw::bare(self.throws.len() as u32 + 1, Some(dice));
        t.seat = Some(seat);
        if let Some((doubler, a)) = self.pending.take() {
            if doubler == seat {
                t.cube = Some(a);
            }
        }
        let mut steps = steps.to_vec();
        self.board.turn = seat;
        let mut note = None;
        if steps.is_empty() {
            let plays = self.plays.get_or_insert_with(Plays::new);
            legal_plays_into(&self.board, dice, UnSeulDe::Moderne, plays);
            if plays.max_moves() > 0 {
                let won = game.won.map(|w| w.winner == seat);
                let last_men = if last && won == Some(true) { self.last_men_off() } else { None };
                if let Some(play) = last_men {
                    // the roller's last men borne off, which the log did not write
                    steps = play;
                    note = Some(" the last men borne off, filled in by the importer: the file wrote none ");
                } else if last && t.cube.is_none() {
                    if won == Some(false) {
                        // rolled, then resigned (docs/games.md §I.5): the dice alone, then
                        // `resign`, which export writes back as the file had it
                        t.resign = true;
                        self.throws.push(t);
                    } else {
                        self.unplayed_last_roll(game, seat, dice);
                    }
                    return;
                } else if let [only] = self.plays.as_ref().map_or(&[][..], |p| p.as_slice()) {
                    // a forced play the log left out (docs/games.md §I.6)
                    steps = only.steps().iter().map(|s| StepMove { from: s.from, to: s.to, hit: s.hit }).collect();
                    note = Some(" forced play filled in by the importer: the file wrote none ");
                }
            }
        }
        if let Some(after) = apply_steps(&self.board, &mut steps) {
            match self.dice_path(dice, &steps, &after) {
                // one man's moves over several dice written as one: the dice's path
                // (docs/games.md §I.11), its hits found
                Some(path) => steps = path,
                // the hits as written (`.mat`), else as found
                None => {
                    for (s, w) in steps.iter_mut().zip(game.written_hits(e)) {
                        s.hit |= w;
                    }
                }
            }
            self.board = after;
        }
        t.play = Some(moves_of(seat, &steps));
        if let Some(text) = note {
            let after = last_anchor(&t);
            t.comments.push(Comment { style: CommentStyle::Brace, text: text.into(), after });
        }
        self.throws.push(t);
    }

    /// The steps of the lawful play, one a die, that leaves the position `after` that the
    /// written `steps` leave, when they are fewer than the dice's moves (a man moved over
    /// several dice written as one: `24/13`, `6/off` with 4-4; docs/games.md §I.11). `None`
    /// when the steps are one a die already, or no lawful play leaves that position (the
    /// play is kept as written, for the check to judge).
    fn dice_path(&mut self, dice: Dice, steps: &[StepMove], after: &Board) -> Option<Vec<StepMove>> {
        let moves = if dice.is_doublet() { 4 } else { 2 };
        if steps.is_empty() || steps.len() >= moves {
            return None;
        }
        let plays = self.plays.get_or_insert_with(Plays::new);
        legal_plays_into(&self.board, dice, UnSeulDe::Moderne, plays);
        let play = plays.as_slice().iter().find(|p| p.moves() > steps.len() && p.apply(&self.board) == *after)?;
        Some(play.steps().iter().map(|s| StepMove { from: s.from, to: s.to, hit: s.hit }).collect())
    }

    /// The steps of a lawful play of the legal plays made (`self.plays`) that bears off the
    /// roller's last men, when every such play leaves the same board: the game's last roll,
    /// which the roller won with and the log wrote with no play (FIBS). `None` otherwise.
    fn last_men_off(&self) -> Option<Vec<StepMove>> {
        let me = self.board.turn.index();
        let plays = self.plays.as_ref()?;
        let mut ending = plays
            .as_slice()
            .iter()
            .filter(|p| p.apply(&self.board).men[me][OFF] == crate::games::backgammon::board::MEN);
        let first = ending.next()?;
        let after = first.apply(&self.board);
        if ending.any(|p| p.apply(&self.board) != after) {
            return None;
        }
        Some(first.steps().iter().map(|s| StepMove { from: s.from, to: s.to, hit: s.hit }).collect())
    }

    /// The log stops after a roll, or its roller wins with no play written (docs/games.md
    /// §I.5): no throw, a comment.
    fn unplayed_last_roll(&mut self, game: &MatchGame, seat: Seat, dice: Dice) {
        let then = if game.won.is_some() { "won with no play written" } else { "the file stops" };
        let text = format!(" {seat} rolled {dice}, then {then} (the file's last roll) ");
        match self.throws.last_mut() {
            Some(prev) => {
                let after = last_anchor(prev);
                prev.comments.push(Comment { style: CommentStyle::Brace, text, after })
            }
            None => self.notes.push(text.trim().to_string()),
        }
    }
}

impl MatchGame {
    /// The file's own header tags as STN tags, and the lines that cannot be tags (each
    /// with why): a name that is no tag name, a tag the importer writes itself or that
    /// would change the game, a tag given twice.
    fn header_tags(&self) -> (Vec<Tag>, Vec<Note>) {
        let mut kept: Vec<Tag> = Vec::new();
        let mut notes = Vec::new();
        for (k, v) in &self.tags {
            let name = crate::notation::header::canonical_tag_name(k).unwrap_or(k.as_str());
            let why = if !is_tag_name(k) {
                Some(KeptWhy::NoTagName)
            } else if RESERVED_TAGS.iter().any(|r| r.eq_ignore_ascii_case(name)) {
                Some(KeptWhy::WrittenByTheImporter)
            } else if kept.iter().any(|t| t.name.eq_ignore_ascii_case(name)) {
                Some(KeptWhy::GivenTwice)
            } else if v.contains(['\n', '\r', '\0']) {
                Some(KeptWhy::SeveralLines)
            } else {
                None
            };
            match why {
                Some(why) => notes.push(Note::HeaderLine { name: k.clone(), value: v.clone(), why }),
                None => kept.push(tag(name.to_string(), v.clone())),
            }
        }
        (kept, notes)
    }

    /// What the importer keeps as comments instead of reading it.
    pub fn warnings(&self) -> Vec<Note> {
        let (_, mut notes) = self.header_tags();
        notes.extend(self.notes.iter().cloned());
        notes
    }

    fn written_hits<'a>(&self, e: &'a Event) -> impl Iterator<Item = bool> + 'a {
        let steps: &[StepMove] = match e {
            Event::Throw { steps, .. } => steps,
            _ => &[],
        };
        steps.iter().map(|s| s.hit)
    }

    /// The seat of the first event.
    pub fn first_seat(&self) -> Option<Seat> {
        self.events.iter().find_map(|e| match e {
            Event::Throw { seat, .. } | Event::Double { seat, .. } => Some(*seat),
            _ => None,
        })
    }

    /// The game of an STN backgammon record: its players, match tags, start, events (each
    /// play read through the rules: a path's unsaid rests found, the hits where they
    /// happened) and result.
    pub fn from_record(rec: &Record) -> Result<MatchGame, InteropError> {
        let header = Header::of_tags(&rec.tags).map_err(|e| {
            InteropError::Record(format!(
                "the record's tags: {}",
                e.iter().map(|x| x.message.clone()).collect::<Vec<_>>().join("; ")
            ))
        })?;
        if header.game != crate::notation::Game::Backgammon {
            return Err(InteropError::Record(format!("a {} record is no backgammon game", header.game)));
        }
        let mut g = MatchGame::of_tags(rec, &header);
        let first = crate::games::backgammon::books::first_seat(rec, &header);
        let mut board = match &header.position {
            Some(s) => {
                let b = Board::from_setup(s).map_err(|e| InteropError::Record(format!("the Position tag: {e}")))?;
                g.start = Some(b);
                b
            }
            None => Board::opening(first),
        };
        let options = Options::from_pairs(&header.game_rules).unwrap_or_default();
        // the cube's value as the game goes: a `double` written without its value doubles it
        let mut cube = header.position.as_ref().and_then(|s| s.score.cube).unwrap_or(1);
        let mut plays = Plays::new();
        for t in &rec.throws {
            let seat = t.seat.unwrap_or(board.turn);
            board.turn = seat;
            if let Some(a) = &t.cube {
                if g.cube_events(rec, t, (seat, a), &mut cube)? {
                    break;
                }
            }
            let Some(dice) = t.dice else { continue };
            let play = t.play.clone().unwrap_or(RecordedPlay::Pass);
            legal_plays_into(&board, dice, options.un_seul_de, &mut plays);
            let mut steps = steps_of_play(&board, dice, &plays, &play)
                .ok_or_else(|| InteropError::Record(format!("throw {}: a path of more than five points", t.number)))?;
            let written = steps.clone();
            match apply_steps(&board, &mut steps) {
                Some(after) => {
                    board = after;
                    // the hits claimed as well as those made (`13/9*(2)` comes back so)
                    steps.iter_mut().zip(&written).for_each(|(s, w)| s.hit |= w.hit);
                }
                None => {
                    // a play that cannot be made is written as recorded; the board stays
                    steps = written;
                    board.turn = seat.other();
                }
            }
            g.events.push(Event::Throw { seat, dice, steps });
            g.keep(t, "", 1);
        }
        g.won = match &header.result {
            Some(ResultClaim::Points { winner, points, kind }) => {
                Some(Won { winner: *winner, points: *points, resigned: kind.is_some_and(ResultKind::is_resign) })
            }
            _ => None,
        };
        Ok(g)
    }
}

impl MatchGame {
    /// The events of throw `t`'s cube action `a` by `seat`, the cube's value kept in `cube`;
    /// whether the double was dropped (the game ends there: a throw written after it is
    /// refused, docs/games.md §I.8).
    fn cube_events(
        &mut self,
        rec: &Record,
        t: &crate::notation::Throw,
        (seat, a): (Seat, &crate::notation::CubeAction),
        cube_now: &mut u32,
    ) -> Result<bool, InteropError> {
        let cube = *cube_now;
        let value = a.value.or_else(|| cube.checked_mul(2));
        if value != cube.checked_mul(2) {
            // the files say a double, never its value: it would be read as twice the cube
            let v = value.map_or("?".into(), |v| v.to_string());
            return Err(InteropError::Record(format!(
                "throw {}: a double to {v} with the cube at {cube} (the file can only say a double to {})",
                t.number,
                u64::from(cube) * 2
            )));
        }
        self.events.push(Event::Double { seat, value });
        self.keep(t, "double", 1);
        match a.answer {
            Some(CubeAnswer::Take) => {
                *cube_now = value.unwrap_or(cube);
                self.events.push(Event::Take);
                self.keep(t, "take", 1);
            }
            Some(CubeAnswer::Drop) => {
                self.events.push(Event::Drop);
                self.keep(t, "drop", 1);
                // what follows the drop would be lost: refused (docs/games.md §I.8)
                if let Some(after) = rec.throws.iter().find(|a| a.number > t.number) {
                    return Err(InteropError::Record(format!(
                        "throw {}: written after the game ended (a double dropped at throw {}); the file cannot hold it",
                        after.number, t.number
                    )));
                }
                return Ok(true);
            }
            // a beaver (docs/games.md §I.4), which the doubler accepts (gnubg's SGF)
            Some(CubeAnswer::Beaver) => {
                let beavered = value.and_then(|v| v.checked_mul(2));
                *cube_now = beavered.unwrap_or(cube);
                self.events.extend([Event::Beaver { seat: seat.other(), value: beavered }, Event::Take]);
                self.keep(t, "beaver", 2);
                self.keep(t, "take", 1);
            }
            None => {}
        }
        Ok(false)
    }

    /// The SGF properties that throw `t`'s comments keep for its event of `kind` (`""` the
    /// play, `double`, `take`, …; docs/commands.md, import and export), onto the event `back` from the last.
    fn keep(&mut self, t: &Throw, kind: &str, back: usize) {
        let at = self.events.len().saturating_sub(back);
        let props = t.comments.iter().filter_map(|c| sgf::read_kept(&c.text)).filter(|(k, _)| *k == kind);
        self.kept.extend(props.map(|(_, p)| (at, p)));
    }

    /// A game with the record's players, match length, score, Crawford rule and the tags
    /// that say where it was played (docs/games.md §I.7); no event yet.
    fn of_tags(rec: &Record, header: &Header) -> MatchGame {
        let value = |name: &str| rec.tags.iter().find(|t| t.name == name).map(|t| t.value.clone());
        let mut g = MatchGame {
            top: value("Top").unwrap_or_else(|| "top".into()),
            bottom: value("Bottom").unwrap_or_else(|| "bottom".into()),
            ..MatchGame::default()
        };
        g.match_length = value("Match").and_then(|v| v.trim().parse().ok());
        g.score = value("Score").and_then(|v| parse_score(&v));
        g.crawford_rule = Options::from_pairs(&header.game_rules).is_ok_and(|o| o.crawford);
        g.number = 1;
        // the comments before the throws (the file's comments and what the importer noted),
        // one line each (docs/games.md §I.7)
        g.comments = rec
            .comments
            .iter()
            .chain(rec.tags.iter().flat_map(|t| &t.comments))
            .flat_map(|c| c.text.lines())
            .map(String::from)
            .collect();
        // a throw's comments, which the files hold as the game's: kept, the throw named
        let throws = rec.throws.iter().flat_map(|t| t.comments.iter().map(move |c| (t.number, c)));
        g.comments.extend(throws.flat_map(|(n, c)| c.text.lines().map(move |l| format!(" throw {n}: {}", l.trim()))));
        const OWN: [&str; 4] = ["Match", "Score", "Flagged", "Crawford"];
        // the known tags that say where the match was played or comes from, kept (docs/games.md §I.7)
        const PLACE: [&str; 5] = ["Event", "Site", "Date", "Annotator", "Source"];
        // the players' ratings (`.mat` headers of eXtreme Gammon, FIBS's `name,rating`)
        const ELO: [&str; 2] = ["TopElo", "BottomElo"];
        for t in &rec.tags {
            let known = crate::notation::header::canonical_tag_name(&t.name);
            // eXtreme Gammon's `[Crawford "On"]` names the rule: no claim of this game
            let rule = t.name == "Crawford" && ["on", "off"].iter().any(|v| t.value.eq_ignore_ascii_case(v));
            if rule || (known.is_none_or(|k| PLACE.contains(&k) || ELO.contains(&k)) && !OWN.contains(&&*t.name)) {
                g.tags.push((t.name.to_string(), t.value.clone()));
            }
        }
        g
    }
}

/// The single-die steps of a recorded play (`None`: a path of more than five points): the
/// legal play it is — in the order the record wrote its moves when it can be played so
/// ([`in_written_order`]), else in the rules' order (for a doublet the farthest men first)
/// — or else its written stretches, one a die.
fn steps_of_play(board: &Board, dice: Dice, plays: &Plays, play: &RecordedPlay) -> Option<Vec<StepMove>> {
    let paths = recorded_paths(board.turn, play)?;
    let j = judge(board, dice, plays, &paths);
    Some(match j.played {
        Some(p) => {
            let judged: Vec<StepMove> =
                p.steps().iter().map(|s| StepMove { from: s.from, to: s.to, hit: s.hit }).collect();
            in_written_order(board, (dice, play), &paths, &judged).unwrap_or_else(|| {
                let mut steps = judged;
                if dice.is_doublet() {
                    // the farthest men first: a lawful order of one die's moves
                    steps.sort_by_key(|s| s.from);
                }
                steps
            })
        }
        // an unlawful play: its written stretches, one a die
        None => paths
            .iter()
            .flat_map(|p| {
                p.points()
                    .windows(2)
                    .enumerate()
                    .map(|(k, w)| StepMove { from: w[0], to: w[1], hit: p.hits >> k & 1 == 1 })
                    .collect::<Vec<_>>()
            })
            .collect(),
    })
}

/// The written paths' steps, one a die, with their hit claims, in an order that the reader
/// joins back into the same paths (`play`), when every rest is written (the steps are those
/// of the legal play `judged`) and the men can be moved in that order: so a file goes back
/// with its moves as it had them (docs/games.md §I.8). The order tried first is, for a
/// doublet, the farthest men first (as gnubg and FIBS write them), then the written one.
/// `None` when there is none.
fn in_written_order(
    board: &Board,
    (dice, play): (Dice, &RecordedPlay),
    paths: &[Path],
    judged: &[StepMove],
) -> Option<Vec<StepMove>> {
    // each step with its path's index, path by path
    let written: Vec<(usize, StepMove)> = paths
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.points()
                .windows(2)
                .enumerate()
                .map(move |(k, w)| (i, StepMove { from: w[0], to: w[1], hit: p.hits >> k & 1 == 1 }))
        })
        .collect();
    let moves = |steps: &mut dyn Iterator<Item = &StepMove>| {
        let mut m: Vec<(u8, u8)> = steps.map(|s| (s.from, s.to)).collect();
        m.sort_unstable();
        m
    };
    if moves(&mut written.iter().map(|w| &w.1)) != moves(&mut judged.iter()) {
        return None;
    }
    // the steps in `order`, if each path keeps its own order and they read back as `play`
    let try_order = |order: &[usize]| -> Option<Vec<StepMove>> {
        let keeps_paths = order
            .iter()
            .enumerate()
            .all(|(k, &i)| order[k + 1..].iter().all(|&j| written[j].0 != written[i].0 || j > i));
        if !keeps_paths {
            return None;
        }
        let claims: Vec<StepMove> = order.iter().map(|&i| written[i].1).collect();
        let mut steps = claims.clone();
        apply_steps(board, &mut steps)?;
        // the hits made and those claimed, as the reader takes them
        steps.iter_mut().zip(&claims).for_each(|(s, c)| s.hit |= c.hit);
        (moves_of(board.turn, &steps) == *play).then_some(steps)
    };
    let mut order: Vec<usize> = (0..written.len()).collect();
    if dice.is_doublet() {
        let mut farthest = order.clone();
        farthest.sort_by_key(|&i| written[i].1.from);
        if let Some(steps) = try_order(&farthest) {
            return Some(steps);
        }
    }
    // at most four steps: every order, the written one first
    loop {
        if let Some(steps) = try_order(&order) {
            return Some(steps);
        }
        if !next_order(&mut order) {
            return None;
        }
    }
}

/// The next permutation of `v` in lexicographic order; `false` after the last.
fn next_order(v: &mut [usize]) -> bool {
    let Some(i) = v.windows(2).rposition(|w| w[0] < w[1]) else { return false };
    let j = v.iter().rposition(|&x| x > v[i]).unwrap_or(i);
    v.swap(i, j);
    v[i + 1..].reverse();
    true
}

/// `top 1 bottom 0` → (1, 0).
fn parse_score(v: &str) -> Option<(u32, u32)> {
    let w: Vec<&str> = v.split_whitespace().collect();
    let mut top = None;
    let mut bottom = None;
    for pair in w.chunks(2) {
        if let [seat, n] = pair {
            match Seat::from_name(seat) {
                Some(Seat::Top) => top = n.parse().ok(),
                Some(Seat::Bottom) => bottom = n.parse().ok(),
                None => return None,
            }
        }
    }
    Some((top?, bottom?))
}

/// Reads a Jellyfish `.mat` or `.gam` file into STN records, one per game (see
/// [`import_mat`] for the warnings).
pub fn mat_to_stn(text: &str) -> Result<Vec<Record>, InteropError> {
    import_mat(text).map(|i| i.records)
}

/// Reads a gnubg SGF file into STN records, one per game.
pub fn sgf_to_stn(text: &str) -> Result<Vec<Record>, InteropError> {
    import_sgf(text).map(|i| i.records)
}

/// The records imported, if they print as STN that reads back as they are (a game with no
/// throw before another, a tag the STN reader refuses, a comment holding its own end,
/// cannot).
///
/// The importer builds every throw from typed parts (dice, seat, cube action, moves of at
/// most five points, numbered from 1), which the printer writes and the reader reads back
/// as they are; what can go wrong is the file's own text and the records' order. So the
/// guard checks, record by record: the order ([`misplaced`]), every tag name, tag value
/// and comment text (`json::writable_text`), and the tags with their comments printed and
/// read back (a header of a few lines) — not the whole file printed and read again, which
/// took more than half of an import's time. `tests/selfplay.rs` checks that the whole
/// round trip (`json::unwritable`) agrees on every file of the corpus, the samples and the
/// real matches.
fn writable(mut records: Vec<Record>) -> Result<Vec<Record>, InteropError> {
    let n = records.len();
    for (k, r) in records.iter_mut().enumerate() {
        // in the canonical order, as the STN reader gives them
        r.tags.sort_by_key(|t| crate::notation::header::tag_rank(&t.name));
        let why = misplaced(r, k, n)
            .map(str::to_string)
            .or_else(|| crate::json::writable_text(r).err())
            .or_else(|| header_reads_back(r, k == 0).err());
        if let Some(why) = why {
            return Err(InteropError::Record(format!("game {}: the record cannot be written in STN: {why}", k + 1)));
        }
    }
    Ok(records)
}

/// Why record `k` of `n` cannot stand there in an STN file (`None`: it can): the reasons of
/// `json::unwritable`.
fn misplaced(r: &Record, k: usize, n: usize) -> Option<&'static str> {
    if k > 0 && !r.comments.is_empty() {
        Some("its comments would belong to the record before it (in STN only a file's first record has comments before its tags)")
    } else if k > 0 && r.tags.is_empty() {
        Some("it has no tag, and in STN a record after the first starts with its tags")
    } else if k + 1 < n && r.throws.is_empty() {
        Some("it has no throw, and in STN its tags and the next record's would be one record")
    } else {
        None
    }
}

/// The record's tags (and, for a file's first record, the comments before them) printed in
/// STN and read back: the same, or why not.
fn header_reads_back(r: &Record, first: bool) -> Result<(), String> {
    let head = Record {
        comments: if first { r.comments.clone() } else { Vec::new() },
        tags: r.tags.clone(),
        throws: Vec::new(),
        span: None,
    };
    let text = crate::notation::print_records([&head], crate::notation::PrintOptions::default());
    let back = crate::notation::read(&text);
    let [one] = back.as_slice() else {
        return Err(format!("its tags, printed, read as {} records", back.len()));
    };
    if let Some(e) = one.errors.first() {
        return Err(format!("its tags, printed, read with an error: {} ({})", e.message, e.label));
    }
    let mut got = one.record.clone();
    got.strip_spans();
    if got.tags != head.tags || got.comments != head.comments || !got.throws.is_empty() {
        return Err("its tags, printed, read back as other tags".into());
    }
    Ok(())
}

/// The format of a match file told from its text: SGF starts with `(;` (after blanks),
/// anything else is read as `.mat` (whose reader says clearly when it is no match file).
pub fn guess_format(text: &str) -> Format {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('(') {
        Format::Sgf
    } else {
        Format::Mat
    }
}

/// Reads a match file in `format` (see [`import_mat`], [`import_sgf`]).
pub fn import(text: &str, format: Format) -> Result<Imported, InteropError> {
    match format {
        Format::Mat => import_mat(text),
        Format::Sgf => import_sgf(text),
    }
}

/// Reads a Jellyfish `.mat` or `.gam` file into STN records, with the lines kept as
/// comments said as warnings.
pub fn import_mat(text: &str) -> Result<Imported, InteropError> {
    imported(mat::read(text)?)
}

/// Reads a gnubg SGF file into STN records, with the lines kept as comments said.
pub fn import_sgf(text: &str) -> Result<Imported, InteropError> {
    imported(sgf::read(text)?)
}

/// The records of `games` and what was kept as comments; refused when they would not read
/// back as they are ([`writable`]).
fn imported(games: Vec<MatchGame>) -> Result<Imported, InteropError> {
    let mut warnings = Vec::new();
    for g in &games {
        warnings.extend(g.warnings().into_iter().map(|note| Warning { game: g.number, note }));
    }
    Ok(Imported { records: writable(games.iter().map(MatchGame::to_record).collect())?, warnings })
}

/// What of `rec` the format cannot hold, one line each: a set-up start (`.mat`), the
/// cube of a set-up start (SGF), options other than the defaults (both).
fn unwritable(rec: &Record, format: Format) -> Vec<Unheld> {
    let mut out = Vec::new();
    let Ok(header) = Header::of_tags(&rec.tags) else { return out };
    // beavers are written as the program writes them (docs/games.md §I.4), and read back
    // as the rule only from a beaver played
    let beavered = rec.throws.iter().any(|t| t.cube.as_ref().is_some_and(|a| a.answer == Some(CubeAnswer::Beaver)));
    let written = |o: Options| Options { beaver: o.beaver && !beavered, ..o };
    if !header.game_rules.is_empty()
        && Options::from_pairs(&header.game_rules).ok().map(written) != Some(Options::default())
    {
        let rules = rec.tags.iter().find(|t| t.name == "Rules").map_or(String::new(), |t| t.value.clone());
        out.push(Unheld::Rules(rules));
    }
    if let Some(s) = &header.position {
        match format {
            Format::Mat => out.push(Unheld::MatPosition),
            Format::Sgf => {
                if s.score.cube.is_some_and(|c| c != 1) || s.score.owner.is_some_and(|o| o.is_some()) {
                    out.push(Unheld::SgfCube);
                }
            }
        }
    }
    out
}

/// Writes STN backgammon records as a match file. What the format cannot hold (see
/// [`unwritable`]) is refused, or with `force` left out and listed in [`Written::dropped`].
pub fn export(records: &[Record], format: Format, force: bool) -> Result<Written, InteropError> {
    let mut dropped = Vec::new();
    for (k, rec) in records.iter().enumerate() {
        for what in unwritable(rec, format) {
            let line = Dropped { record: k + 1, what };
            if !force {
                return Err(InteropError::Record(format!("{line} cannot be written; --force writes the rest")));
            }
            dropped.push(line);
        }
    }
    if format == Format::Mat {
        if let Some(k) = other_match(records) {
            let line = Dropped { record: k + 1, what: Unheld::OtherMatch };
            return Err(InteropError::Record(format!("{line}: export each match to a file of its own")));
        }
    }
    let games = records
        .iter()
        .enumerate()
        .map(|(k, r)| {
            MatchGame::from_record(r).map_err(|e| match e {
                InteropError::Record(why) => InteropError::Record(format!("record {}: {why}", k + 1)),
                e => e,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let text = match format {
        Format::Mat => mat::write(&games)?,
        Format::Sgf => sgf::write(&games),
    };
    Ok(Written { text, dropped })
}

/// The first record (from 0) that is not of record 0's match: other players, another
/// match length, or a match's score back at 0–0 (in a match, every game after the first
/// starts with points won).
fn other_match(records: &[Record]) -> Option<usize> {
    let first = records.first()?;
    let same = |r: &Record, name: &str| r.tag(name) == first.tag(name);
    records.iter().enumerate().skip(1).find_map(|(k, r)| {
        let restart = r.tag("Match").is_some() && r.tag("Score").and_then(parse_score) == Some((0, 0));
        (restart || !["Top", "Bottom", "Match"].iter().all(|n| same(r, n))).then_some(k)
    })
}

/// Writes STN backgammon records as a Jellyfish `.mat` (with a `Match` tag) or `.gam` file;
/// refuses what `.mat` cannot hold.
pub fn stn_to_mat(records: &[Record]) -> Result<String, InteropError> {
    export(records, Format::Mat, false).map(|w| w.text)
}

/// Writes STN backgammon records as a gnubg SGF file (one game tree per record); refuses
/// what SGF cannot hold.
pub fn stn_to_sgf(records: &[Record]) -> Result<String, InteropError> {
    export(records, Format::Sgf, false).map(|w| w.text)
}

#[cfg(test)]
mod tests;
