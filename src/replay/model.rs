//! The output model: one throw as replayed ([`Step`]), how a game ended ([`End`]), the
//! replayed record ([`Replay`]), and the indexes renderers read it through.

use super::{Checkpoints, Fact, Flag, FlagKind, GrandTrictracBooks, GrandTrictracStep, PartieStep, Stop};
use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::notation::{Play as RecordedPlay, Record, Throw};
use crate::position::Position;

/// One throw as replayed, whatever the game: who threw what, the play as written, whether it
/// was lawful, the position before and after it (as setups with the game's score fields,
/// docs/format.md §6, docs/games.md §H.7), what it scored, and the game's own data ([`StepDetail`]).
/// Renderers read only this: they never ask the rules again.
#[derive(Clone, Debug)]
pub struct Step {
    /// The throw number.
    pub number: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll (`None`: no dice were thrown, a double dropped, docs/games.md §D.9).
    pub dice: Option<Dice>,
    /// The play as recorded (`Pass` for `-` or none; a `va` plays nothing, docs/rules.md §8).
    pub play: RecordedPlay,
    /// The legal play the recorded one was found to be, written out canonically (every man's
    /// path, each rest and hit), when the play was lawful and the rules named it; `None`
    /// for an unlawful play or none (a `va`, a double dropped). Jacquet's plainly lawful
    /// plays are given as recorded.
    pub applied: Option<RecordedPlay>,
    /// Whether the play was lawful (docs/rules.md §10, docs/games.md §A.10, §D.10, §E.12).
    pub lawful: bool,
    /// The position before the throw (its turn: the thrower), with the game's score fields:
    /// Grand Trictrac's holes, points, throws, bredouille and pavillon; backgammon's cube
    /// and owner; Tric Trac's points and parties.
    pub before: Setup,
    /// The position after it (after a relève or a partie recommencée: the new opening), with
    /// the score after the throw.
    pub after: Setup,
    /// The points each seat scored with the throw (`[top, bottom]`): Grand Trictrac's marks
    /// as the books have them, Tric Trac's; 0 in the games that score no points.
    pub points: [u16; 2],
    /// What the game adds to a throw, as data (its words are [`crate::replay::words`]').
    pub detail: StepDetail,
}

/// What a game adds to a replayed throw, typed: the words of it are the reporting layer's
/// ([`crate::replay::words::step_note`]), written when a renderer asks.
#[derive(Clone, Debug)]
pub enum StepDetail {
    /// Grand Trictrac: the jans, the marks, the holes, the tient/va, the relève (docs/rules.md
    /// §4–§9).
    GrandTrictrac(Box<GrandTrictracStep>),
    /// Jacquet or Moultezim: nothing more than the play (docs/games.md §A–§C).
    Jacquet,
    /// Backgammon: the cube action of the throw, if any (docs/games.md §D.9).
    Backgammon {
        /// The double offered before the throw and its answer.
        cube: Option<CubeAction>,
        /// The thrower resigned after the dice (`5-2 resign`, docs/games.md §I.5).
        resigned: bool,
    },
    /// Tric Trac: the partie the throw won and the men put back (docs/games.md §E.10).
    TricTrac {
        /// The partie won with this throw, and the winner's choice for the next.
        partie: Option<PartieStep>,
        /// Fifteen men borne off went back to the start point (docs/games.md §E.10).
        put_back: bool,
    },
}

/// A double and its answer (backgammon, docs/games.md §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeAction {
    /// The answer (`None`: the record does not say).
    pub answer: Option<crate::notation::CubeAnswer>,
    /// The cube's value after the action.
    pub value: u32,
}

impl Step {
    /// The position before the throw on Grand Trictrac's route ([`Position`]), for the
    /// renderers that draw it so.
    pub fn position_before(&self) -> Position {
        position_of(&self.before)
    }

    /// The position after the throw on Grand Trictrac's route.
    pub fn position_after(&self) -> Position {
        position_of(&self.after)
    }
}

/// A setup as a [`Position`] (its men on Grand Trictrac's route and its turn); a setup that
/// is no such position (never one a replay made) gives the opening.
pub fn position_of(s: &Setup) -> Position {
    Position::from_setup(s).unwrap_or_else(|_| {
        let mut p = Position::opening(s.turn);
        p.set_turn(s.turn);
        p
    })
}

/// How a game ended, whatever the game: the winner, what the win is worth, and how it was
/// won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct End {
    /// The winner.
    pub winner: Seat,
    /// What the win is worth: Grand Trictrac's stakes under the `Rules` tag's scheme
    /// (docs/rules.md §8), the points of the other games (backgammon: the cube included, docs/games.md
    /// §D.8; Tric Trac: the series' points, §E.11).
    pub value: f64,
    /// How it was won.
    pub how: How,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// Grand Trictrac: twelve holes (docs/rules.md §8).
    Tour {
        /// The winner's holes.
        winner_holes: u16,
        /// The loser's holes.
        loser_holes: u16,
        /// Grande bredouille or not.
        bredouille: crate::games::grand_trictrac::score::Bredouille,
    },
    /// Jacquet or Moultezim: every man borne off (docs/games.md §A.9).
    BorneOff,
    /// Backgammon: a single, gammon, backgammon, drop or resignation (docs/games.md §D.8).
    Backgammon(crate::games::backgammon::EndKind),
    /// Another game's way of winning, in a word (Plakoto's `single`, `gammon`, `mana`,
    /// docs/games.md §J.6).
    Kind(&'static str),
    /// Tric Trac: the series, and the value of the partie that ended it when its winner
    /// won it (docs/games.md §E.11).
    Series {
        /// The last partie's value (1 to 4), when the series' winner won it.
        last: Option<u8>,
    },
}

impl End {
    /// The kind of win in a word (`gammon`, `drop`, `partie double`, …), when it has one:
    /// what `check --format json` writes.
    pub fn kind(&self) -> Option<&'static str> {
        match self.how {
            How::Tour { .. } | How::BorneOff => None,
            How::Backgammon(k) => Some(k.name()),
            How::Kind(k) => Some(k),
            How::Series { last } => last.map(|v| match v {
                2 => "partie double",
                3 => "partie triple",
                4 => "partie quadruple",
                _ => "partie",
            }),
        }
    }

    /// The points won (the other games; Grand Trictrac's stakes rounded down).
    pub fn points(&self) -> u32 {
        self.value as u32
    }
}

/// A replayed record, whatever its game.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// The game replayed (the record's `Game` tag).
    pub game: crate::notation::Game,
    /// Each throw replayed, in order (when steps are kept).
    pub steps: Vec<Step>,
    /// Every flag, in throw order.
    pub flags: Vec<Flag>,
    /// The throw at which the replay stopped, if it did.
    pub stopped_at: Option<u32>,
    /// The position at the end (or where the replay stopped), with the game's score fields.
    pub last: Option<Setup>,
    /// How the game (the tour, the Tric Trac series) ended, when it did.
    pub end: Option<End>,
    /// Grand Trictrac's books as a whole, for a Grand Trictrac record.
    pub grand_trictrac: Option<GrandTrictracBooks>,
    /// The game's state before each throw, kept only when asked ([`replay_resumable`]), for
    /// [`replay_from`] to resume from; empty otherwise.
    pub checkpoints: Checkpoints,
}

/// The flags of a replay grouped by throw number, each throw's in replay order, built in one
/// pass: renderers walking the steps look a throw's flags up here rather than searching every
/// flag at every step, so that they stay linear in the record's length (issue 16).
pub struct FlagsByThrow<'a> {
    at: std::collections::HashMap<u32, Vec<&'a Flag>>,
}

impl<'a> FlagsByThrow<'a> {
    /// The index of `flags`.
    pub fn new(flags: &'a [Flag]) -> FlagsByThrow<'a> {
        let mut at: std::collections::HashMap<u32, Vec<&'a Flag>> = std::collections::HashMap::new();
        for f in flags {
            if let Some(n) = f.throw {
                at.entry(n).or_default().push(f);
            }
        }
        FlagsByThrow { at }
    }

    /// The flags raised at throw `n`, in replay order.
    pub fn at(&self, n: u32) -> &[&'a Flag] {
        self.at.get(&n).map_or(&[], Vec::as_slice)
    }
}

/// The record's throws by number (the first throw of each number, as a search from the start
/// finds it), built in one pass: for renderers that look a step's throw up (issue 16).
pub fn throws_by_number(rec: &Record) -> std::collections::HashMap<u32, &Throw> {
    let mut by = std::collections::HashMap::with_capacity(rec.throws.len());
    for t in &rec.throws {
        by.entry(t.number).or_insert(t);
    }
    by
}

/// Where a record with syntax errors stops being readable: the first throw not read and the
/// first error, in words (issue 16: a damaged record still gives its first throws).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRead {
    /// The number of the first throw not read (the one after the last throw kept).
    pub from: u32,
    /// The first syntax error, in words.
    pub error: String,
}

/// Keeps of a record read with `errors` only the throws that stand wholly before the first
/// error, and says where reading stopped; `None` (the record untouched) when it has no error.
/// An error in the tags keeps no throw.
pub fn readable_prefix(rec: &mut Record, errors: &[crate::notation::SyntaxError]) -> Option<NotRead> {
    let first = errors.iter().min_by_key(|e| e.span.map_or(0, |s| s.start))?;
    let at = first.span.map_or(0, |s| s.start);
    let keep = rec.throws.iter().take_while(|t| t.span.is_some_and(|s| s.end <= at)).count();
    rec.throws.truncate(keep);
    let from = rec.throws.last().map_or(1, |t| t.number.saturating_add(1));
    let error = if first.label.is_empty() || first.message.contains(first.label.as_str()) {
        first.message.to_string()
    } else {
        format!("{} ({})", first.message, first.label)
    };
    Some(NotRead { from, error })
}

impl Replay {
    /// Marks the throws of a damaged record that were not read ([`readable_prefix`]): a
    /// `not-replayed` flag `not-read` saying from which throw on and why, and the replay
    /// stopped there unless it stopped before.
    pub fn mark_not_read(&mut self, not_read: &NotRead, letters: Dialect) {
        let fact = Fact::Stop {
            throw: not_read.from,
            why: Stop::NotRead { error: not_read.error.clone() },
            last: not_read.from,
        };
        let at = match self.stopped_at {
            None => {
                self.stopped_at = Some(not_read.from);
                Some(not_read.from)
            }
            Some(_) => None,
        };
        let mut flag = Flag::of(at, FlagKind::NotReplayed, None, fact, letters, None);
        flag.rule = Some("not-read");
        self.flags.push(flag);
    }
}
