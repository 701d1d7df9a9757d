//! The doubling cube (docs/games.md §D.7) and the end of a game (§D.8).
//!
//! * The cube has a value V (1 at the start, "the cube showing 64") and an owner (nobody
//!   at the start, then the seat that last took).
//! * Before throwing, once the game has started (not before throw 1), the seat to throw may
//!   double if the cube is centred or its own. The opponent takes (V becomes 2V, the taker
//!   owns the cube, the doubler then throws) or drops (the game ends, the doubler wins V).
//! * The first seat to bear off all fifteen men wins V (single), 2V (gammon: the loser bore
//!   off none) or 3V (backgammon: a gammon, and the loser has a man on the bar or in his Q1;
//!   with `backgammon=livret` the man on the bar or in Q1 alone makes it).
//!
//! * Money play (docs/games.md §I.4): with `jacoby=oui`, gammons and backgammons count
//!   single while the cube has not been turned; with `beaver=oui`, the taker of a double may
//!   beaver (`double beaver`): the cube goes to twice the new value, and the taker keeps it.
//! * A resignation (§I.5) ends a game at 1, 2 or 3 times the cube ([`Resignation`]).
//!
//! Unlawful cube actions are named by the rules of §D.10: `cube-off`, `cube-owner`,
//! `cube-timing`, `cube-value`, `cube-answer`, `after-drop`; `beaver` (a beaver under
//! `beaver=non`, or in a match, §I.4); and `cube-limit`, a double
//! beyond the highest value soumille represents ([`MAX_CUBE`], 2^30; §D.7 sets no limit):
//! it is flagged and kept as far as it can be (a take gives the cube to the taker, its value
//! stays at [`MAX_CUBE`]), so that no value is ever saturated into agreeing with a claim.

use super::board::{Board, BAR, OFF};
use super::options::{Options, Triple};
use crate::board::Seat;
pub use crate::board::MAX_CUBE;
use std::fmt;

/// The cube rules of docs/games.md §D.10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CubeRule {
    /// A cube action under `cube=non`.
    Off,
    /// A double by the seat that does not own a cube that is not centred.
    Owner,
    /// A double before throw 1 (or written after the dice).
    Timing,
    /// A written value that is not twice the cube's.
    Value,
    /// A double with no `take` or `drop`.
    Answer,
    /// A throw or a double after a drop ended the game.
    AfterDrop,
    /// A double beyond the highest cube value soumille represents ([`MAX_CUBE`]).
    Limit,
    /// A beaver under `beaver=non`, or in a match (docs/games.md §I.4).
    Beaver,
}

impl CubeRule {
    /// The rule's report name.
    pub fn name(self) -> &'static str {
        match self {
            CubeRule::Off => "cube-off",
            CubeRule::Owner => "cube-owner",
            CubeRule::Timing => "cube-timing",
            CubeRule::Value => "cube-value",
            CubeRule::Answer => "cube-answer",
            CubeRule::AfterDrop => "after-drop",
            CubeRule::Limit => "cube-limit",
            CubeRule::Beaver => "beaver",
        }
    }
}

impl fmt::Display for CubeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The game goes on at twice the stake, the taker owning the cube.
    Take,
    /// The game ends; the doubler wins the stake before the double.
    Drop,
    /// The taker takes and redoubles at once (docs/games.md §I.4): the cube goes to twice
    /// the new value, the taker owning it.
    Beaver,
}

/// The cube: its value and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// The value V (1, 2, 4, … up to [`MAX_CUBE`]).
    pub value: u32,
    /// The seat that owns it; `None` while centred.
    pub owner: Option<Seat>,
}

impl Default for Cube {
    fn default() -> Self {
        Cube { value: 1, owner: None }
    }
}

impl Cube {
    /// Whether the cube lets `seat` double: centred, or its own (§D.7).
    pub fn may_double(&self, seat: Seat) -> bool {
        self.owner.is_none_or(|o| o == seat)
    }
}

/// How a game ended (docs/games.md §D.8, §D.9's result kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// V × 1.
    Single,
    /// V × 2: the loser bore off no man.
    Gammon,
    /// V × 3.
    Backgammon,
    /// A double dropped: V before the double.
    Drop,
    /// A resignation whose kind is not known (its points are no multiple 1, 2 or 3 of the
    /// cube: flagged `result`, docs/games.md §I.5).
    Resign,
    /// A resignation of a single, a gammon or a backgammon (§I.5; imported from programs,
    /// not a rule of the booklet).
    Resigned(Resignation),
}

/// What a resigning player gives (docs/games.md §I.5): 1, 2 or 3 times the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resignation {
    /// A single game: the cube's value.
    Single,
    /// A gammon: twice the cube.
    Gammon,
    /// A backgammon: three times the cube.
    Backgammon,
}

impl Resignation {
    /// The resignation worth `times` the cube (1, 2, 3).
    pub fn of_times(times: u32) -> Option<Resignation> {
        match times {
            1 => Some(Resignation::Single),
            2 => Some(Resignation::Gammon),
            3 => Some(Resignation::Backgammon),
            _ => None,
        }
    }

    /// The multiple of the cube it is worth.
    pub fn times(self) -> u32 {
        match self {
            Resignation::Single => 1,
            Resignation::Gammon => 2,
            Resignation::Backgammon => 3,
        }
    }

    /// `single`, `gammon`, `backgammon`.
    pub fn name(self) -> &'static str {
        match self {
            Resignation::Single => "single",
            Resignation::Gammon => "gammon",
            Resignation::Backgammon => "backgammon",
        }
    }
}

impl EndKind {
    /// The kind's name in a `Result` (`single`, `gammon`, …).
    pub fn name(self) -> &'static str {
        match self {
            EndKind::Single => "single",
            EndKind::Gammon => "gammon",
            EndKind::Backgammon => "backgammon",
            EndKind::Drop => "drop",
            EndKind::Resign => "resign",
            EndKind::Resigned(Resignation::Single) => "resign single",
            EndKind::Resigned(Resignation::Gammon) => "resign gammon",
            EndKind::Resigned(Resignation::Backgammon) => "resign backgammon",
        }
    }

    /// The resignation, when the game was resigned.
    pub fn resigned(self) -> Option<Option<Resignation>> {
        match self {
            EndKind::Resign => Some(None),
            EndKind::Resigned(r) => Some(Some(r)),
            _ => None,
        }
    }
}

/// The end of a game: who won, how many points, how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// The winner.
    pub winner: Seat,
    /// Points won (the cube included).
    pub points: u32,
    /// How.
    pub kind: EndKind,
}

/// The end of the game on `board` if a seat has borne off all its men (§D.8); with
/// `jacoby=oui` (money play, docs/games.md §I.4) a gammon or backgammon counts single while
/// the cube has not been turned (value 1).
pub fn end_of(board: &Board, cube: &Cube, options: &Options) -> Option<End> {
    let winner = Seat::ALL.into_iter().find(|&s| board.all_off(s))?;
    let loser = board.side(winner.other());
    let gammon = loser[OFF] == 0;
    // the loser's bar and Q1 are the winner's home quarter
    let back = loser[BAR..=6].iter().any(|&c| c > 0);
    let kind = match options.backgammon {
        Triple::Moderne if gammon && back => EndKind::Backgammon,
        Triple::Livret if back => EndKind::Backgammon,
        _ if gammon => EndKind::Gammon,
        _ => EndKind::Single,
    };
    let kind = if options.jacoby && cube.value == 1 { EndKind::Single } else { kind };
    let times = match kind {
        EndKind::Backgammon => 3,
        EndKind::Gammon => 2,
        _ => 1,
    };
    // at most 3 × MAX_CUBE: never saturated
    Some(End { winner, points: cube.value.min(MAX_CUBE) * times, kind })
}

/// A cube action as recorded before a throw (`double [V] take|drop`, §D.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Double {
    /// The seat that doubles (the seat to throw).
    pub doubler: Seat,
    /// Written after the dice: too late (`cube-timing`, §D.10).
    pub after_dice: bool,
    /// The value written, if any.
    pub value: Option<u32>,
    /// The answer written, if any.
    pub answer: Option<Answer>,
}

/// The faults of one cube action (a few rules at most), in §D.10's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CubeFaults {
    rules: [Option<CubeRule>; 8],
}

impl CubeFaults {
    fn add(&mut self, r: CubeRule) {
        if let Some(slot) = self.rules.iter_mut().find(|s| s.is_none()) {
            *slot = Some(r);
        }
    }

    /// The rules broken.
    pub fn iter(&self) -> impl Iterator<Item = CubeRule> + '_ {
        self.rules.iter().flatten().copied()
    }

    /// Whether the action broke no rule.
    pub fn is_empty(&self) -> bool {
        self.rules[0].is_none()
    }

    /// Whether `rule` was broken.
    pub fn contains(&self, rule: CubeRule) -> bool {
        self.iter().any(|r| r == rule)
    }
}

/// The cube over one game: its state, whether the game has started (throw 1 played), and
/// the end by a drop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CubeBooks {
    /// The cube.
    pub cube: Cube,
    /// Whether a throw has been played (a double before it breaks `cube-timing`).
    pub started: bool,
    /// The end of the game by a dropped double.
    pub dropped: Option<End>,
}

impl CubeBooks {
    /// Judges a double (§D.7) and applies it as recorded: a take doubles the cube and gives
    /// it to the taker, a drop ends the game at the value before the double; a double with
    /// no answer changes nothing.
    pub fn double(&mut self, d: &Double, options: &Options) -> CubeFaults {
        let mut faults = CubeFaults::default();
        if self.dropped.is_some() {
            faults.add(CubeRule::AfterDrop);
        }
        if !options.cube {
            faults.add(CubeRule::Off);
        }
        if !self.started || d.after_dice {
            faults.add(CubeRule::Timing);
        }
        if !self.cube.may_double(d.doubler) {
            faults.add(CubeRule::Owner);
        }
        let doubled = u64::from(self.cube.value) * 2;
        if d.value.is_some_and(|v| u64::from(v) != doubled) {
            faults.add(CubeRule::Value);
        }
        if d.answer == Some(Answer::Beaver) && !options.beaver {
            faults.add(CubeRule::Beaver);
        }
        // a beaver doubles the new value again (§I.4)
        let doubled = if d.answer == Some(Answer::Beaver) { doubled * 2 } else { doubled };
        // a drop ends the game at V: nothing goes beyond the limit
        if doubled > u64::from(MAX_CUBE) && d.answer != Some(Answer::Drop) {
            faults.add(CubeRule::Limit);
        }
        match d.answer {
            None => faults.add(CubeRule::Answer),
            Some(Answer::Take | Answer::Beaver) => {
                if self.dropped.is_none() {
                    let value = doubled.min(u64::from(MAX_CUBE)) as u32;
                    self.cube = Cube { value, owner: Some(d.doubler.other()) };
                }
            }
            Some(Answer::Drop) => {
                if self.dropped.is_none() {
                    self.dropped = Some(End { winner: d.doubler, points: self.cube.value, kind: EndKind::Drop });
                }
            }
        }
        faults
    }

    /// A throw played: `after-drop` if a drop had ended the game.
    pub fn throw(&mut self) -> Result<(), CubeRule> {
        self.started = true;
        match self.dropped {
            Some(_) => Err(CubeRule::AfterDrop),
            None => Ok(()),
        }
    }

    /// The end of the game: the drop, or the men of `board` all borne off.
    pub fn end(&self, board: &Board, options: &Options) -> Option<End> {
        self.dropped.or_else(|| end_of(board, &self.cube, options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn double(doubler: Seat, value: Option<u32>, answer: Option<Answer>) -> Double {
        Double { doubler, after_dice: false, value, answer }
    }

    fn rules(f: CubeFaults) -> Vec<&'static str> {
        f.iter().map(CubeRule::name).collect()
    }

    #[test]
    fn a_take_doubles_and_gives_the_cube_to_the_taker() {
        let o = Options::default();
        let mut b = CubeBooks::default();
        assert_eq!(b.throw(), Ok(()));
        assert!(b.double(&double(Seat::Top, Some(2), Some(Answer::Take)), &o).is_empty());
        assert_eq!(b.cube, Cube { value: 2, owner: Some(Seat::Bottom) });
        // only the owner redoubles (003:152)
        let f = b.double(&double(Seat::Top, None, Some(Answer::Take)), &o);
        assert_eq!(rules(f), ["cube-owner"]);
        let mut b2 = CubeBooks { cube: Cube { value: 2, owner: Some(Seat::Bottom) }, started: true, dropped: None };
        assert!(b2.double(&double(Seat::Bottom, Some(4), Some(Answer::Take)), &o).is_empty());
        assert_eq!(b2.cube, Cube { value: 4, owner: Some(Seat::Top) });
        assert!(b2.cube.may_double(Seat::Top) && !b2.cube.may_double(Seat::Bottom));
    }

    #[test]
    fn a_drop_ends_the_game_at_the_value_before_the_double() {
        let o = Options::default();
        let mut b = CubeBooks { cube: Cube { value: 4, owner: Some(Seat::Top) }, started: true, dropped: None };
        assert!(b.double(&double(Seat::Top, None, Some(Answer::Drop)), &o).is_empty());
        let end = End { winner: Seat::Top, points: 4, kind: EndKind::Drop };
        assert_eq!(b.dropped, Some(end));
        assert_eq!(b.end(&Board::opening(Seat::Top), &o), Some(end));
        // nothing after a drop
        assert_eq!(b.throw(), Err(CubeRule::AfterDrop));
        let f = b.double(&double(Seat::Bottom, None, Some(Answer::Take)), &o);
        assert!(f.contains(CubeRule::AfterDrop));
        assert_eq!(b.cube.value, 4);
    }

    #[test]
    fn cube_off_timing_value_and_answer() {
        let off = Options { cube: false, ..Options::default() };
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        assert_eq!(rules(b.double(&double(Seat::Top, None, Some(Answer::Take)), &off)), ["cube-off"]);
        let o = Options::default();
        let mut b = CubeBooks::default();
        assert_eq!(rules(b.double(&double(Seat::Top, None, Some(Answer::Take)), &o)), ["cube-timing"]);
        // written after the dice: too late, whenever it comes; applied as written
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        let late = Double { after_dice: true, ..double(Seat::Top, None, Some(Answer::Take)) };
        assert_eq!(rules(b.double(&late, &o)), ["cube-timing"]);
        assert_eq!(b.cube, Cube { value: 2, owner: Some(Seat::Bottom) });
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        assert_eq!(rules(b.double(&double(Seat::Top, Some(4), Some(Answer::Take)), &o)), ["cube-value"]);
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        assert_eq!(rules(b.double(&double(Seat::Top, Some(2), None), &o)), ["cube-answer"]);
        assert_eq!(b.cube, Cube::default());
        assert_eq!(b.dropped, None);
    }

    fn end(text: &str, cube: u32, o: &Options) -> Option<(Seat, u32, &'static str)> {
        let b = super::super::movegen::tests::board(text);
        end_of(&b, &Cube { value: cube, owner: None }, o).map(|e| (e.winner, e.points, e.kind.name()))
    }

    /// The cube stops at MAX_CUBE (2^30): a take beyond it is flagged `cube-limit`, the
    /// taker owns the cube at 2^30; a drop ends the game at 2^30, unflagged; a backgammon at
    /// the limit is worth 3 × 2^30, no saturation.
    #[test]
    fn the_cube_stops_at_its_highest_value() {
        let o = Options::default();
        let mut b =
            CubeBooks { cube: Cube { value: MAX_CUBE / 2, owner: Some(Seat::Top) }, started: true, dropped: None };
        assert!(b.double(&double(Seat::Top, Some(MAX_CUBE), Some(Answer::Take)), &o).is_empty());
        assert_eq!(b.cube, Cube { value: MAX_CUBE, owner: Some(Seat::Bottom) });
        let f = b.double(&double(Seat::Bottom, Some(MAX_CUBE * 2), Some(Answer::Take)), &o);
        assert_eq!(rules(f), ["cube-limit"]);
        assert_eq!(b.cube, Cube { value: MAX_CUBE, owner: Some(Seat::Top) });
        // a written value of twice the cube is no cube-value fault; another one is
        let f = b.double(&double(Seat::Top, Some(2), Some(Answer::Take)), &o);
        assert_eq!(rules(f), ["cube-value", "cube-limit"]);
        let f = b.double(&double(Seat::Bottom, None, Some(Answer::Drop)), &o);
        assert!(f.is_empty());
        assert_eq!(b.dropped.map(|e| e.points), Some(MAX_CUBE));
        assert_eq!(end("AT14/#15 top", MAX_CUBE, &o), Some((Seat::Bottom, 3 * MAX_CUBE, "backgammon")));
        assert!(3 * u64::from(MAX_CUBE) < u64::from(u32::MAX));
    }

    /// A beaver (docs/games.md §I.4): the cube goes to twice the new value, the taker keeps
    /// it; flagged `beaver` under `beaver=non` (the default, and a match's), applied all the same.
    #[test]
    fn a_beaver_redoubles_and_the_taker_keeps_the_cube() {
        let money = Options { beaver: true, ..Options::default() };
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        assert!(b.double(&double(Seat::Top, Some(2), Some(Answer::Beaver)), &money).is_empty());
        assert_eq!(b.cube, Cube { value: 4, owner: Some(Seat::Bottom) });
        // the cube owned by bottom at 4: bottom redoubles, top beavers to 16
        assert!(b.double(&double(Seat::Bottom, Some(8), Some(Answer::Beaver)), &money).is_empty());
        assert_eq!(b.cube, Cube { value: 16, owner: Some(Seat::Top) });
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        let f = b.double(&double(Seat::Top, None, Some(Answer::Beaver)), &Options::default());
        assert_eq!(rules(f), ["beaver"]);
        assert_eq!(b.cube, Cube { value: 4, owner: Some(Seat::Bottom) });
        let mut b = CubeBooks { started: true, ..CubeBooks::default() };
        assert_eq!(rules(b.double(&double(Seat::Top, None, Some(Answer::Beaver)), &money.in_match())), ["beaver"]);
        // a beaver beyond the cube's highest value
        let mut b =
            CubeBooks { cube: Cube { value: MAX_CUBE / 2, owner: Some(Seat::Top) }, started: true, dropped: None };
        assert_eq!(rules(b.double(&double(Seat::Top, None, Some(Answer::Beaver)), &money)), ["cube-limit"]);
        assert_eq!(b.cube, Cube { value: MAX_CUBE, owner: Some(Seat::Bottom) });
    }

    /// Jacoby (docs/games.md §I.4): a gammon or a backgammon counts single while the cube is
    /// at 1; once turned, in full.
    #[test]
    fn jacoby_counts_gammons_single_on_an_unturned_cube() {
        let jacoby = Options { jacoby: true, ..Options::default() };
        assert_eq!(end("T15/#15 top", 1, &jacoby), Some((Seat::Bottom, 1, "single")));
        assert_eq!(end("AT14/#15 top", 1, &jacoby), Some((Seat::Bottom, 1, "single")));
        assert_eq!(end("T15/#15 top", 2, &jacoby), Some((Seat::Bottom, 4, "gammon")));
        assert_eq!(end("AT14/#15 top", 2, &jacoby), Some((Seat::Bottom, 6, "backgammon")));
        assert_eq!(end("T15/#15 top", 1, &jacoby.in_match()), Some((Seat::Bottom, 2, "gammon")));
    }

    #[test]
    fn resignations_are_one_two_or_three_cubes() {
        for (t, r, name) in [
            (1, Resignation::Single, "resign single"),
            (2, Resignation::Gammon, "resign gammon"),
            (3, Resignation::Backgammon, "resign backgammon"),
        ] {
            assert_eq!(Resignation::of_times(t), Some(r));
            assert_eq!(r.times(), t);
            assert_eq!(EndKind::Resigned(r).name(), name);
            assert_eq!(EndKind::Resigned(r).resigned(), Some(Some(r)));
        }
        assert_eq!(Resignation::of_times(4), None);
        assert_eq!(EndKind::Resign.resigned(), Some(None));
        assert_eq!(EndKind::Gammon.resigned(), None);
    }

    #[test]
    fn single_gammon_backgammon_times_the_cube() {
        let o = Options::default();
        let livret = Options { backgammon: Triple::Livret, ..o };
        assert_eq!(end("A2M5R3T5/F5H3N5&2 top", 1, &o), None);
        // bottom has borne off all; top bore off one: single
        assert_eq!(end("T14#1/#15 top", 2, &o), Some((Seat::Bottom, 2, "single")));
        // top bore off none: gammon
        assert_eq!(end("T15/#15 top", 2, &o), Some((Seat::Bottom, 4, "gammon")));
        // a man in top's Q1 (A..F), none borne off: backgammon; on the bar too
        assert_eq!(end("AT14/#15 top", 1, &o), Some((Seat::Bottom, 3, "backgammon")));
        assert_eq!(end("T14@/#15 top", 4, &o), Some((Seat::Bottom, 12, "backgammon")));
        // a man in Q1 after bearing off one: single (moderne), backgammon (livret)
        assert_eq!(end("AT13#1/#15 top", 1, &o), Some((Seat::Bottom, 1, "single")));
        assert_eq!(end("AT13#1/#15 top", 1, &livret), Some((Seat::Bottom, 3, "backgammon")));
        assert_eq!(end("T15/#15 top", 1, &livret), Some((Seat::Bottom, 2, "gammon")));
        // top wins the same way
        assert_eq!(end("#15/&15 bottom", 1, &o), Some((Seat::Top, 3, "backgammon")));
        assert_eq!(end("#15/S15 bottom", 1, &o), Some((Seat::Top, 2, "gammon")));
    }
}
