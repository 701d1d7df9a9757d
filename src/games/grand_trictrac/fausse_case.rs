//! Fausse case: a recorded play that is not among the legal ones, and the rule it breaks
//! (docs/rules.md §10; the rule names of docs/commands.md).

use super::movegen::{jans, key_from_sides, Board, MoveRules, Play, PlayFault, Plays, OPP_CORNER, OWN_CORNER};
use crate::board::{Point, Seat};
use crate::dice::Dice;
use crate::notation::{Move, Play as RecordedPlay, Target};
use crate::position::{Position, Step, OFF};
use serde::Serialize;
use std::fmt;

/// The rule a fausse case breaks (docs/commands.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A move that no die (nor both) gives.
    DieMismatch,
    /// A landing on a point the opponent holds.
    Blocked,
    /// A tout d'une whose rest point is held by the opponent.
    RestPointBlocked,
    /// Both dice could be played, one was left.
    MustPlayBoth,
    /// Only one die could be played and the lower was, though the higher could.
    MustPlayHigher,
    /// More than two men (or moves) on a doublet.
    DoubletTooManyMen,
    /// A single man on a rest corner.
    CornerSingleMan,
    /// The corner taken par puissance when it could be taken naturally.
    CornerByForceWhenNatural,
    /// The last two men of a corner left it separately.
    CornerLeaveNotTogether,
    /// A man put on the opponent's rest corner.
    OpponentCorner,
    /// The jan could be filled and was not.
    MustFill,
    /// The full jan could be kept and was broken.
    MustPreserve,
    /// A man entered a part of the return run the passage rules close.
    ReturnPassage,
    /// An unlawful bearing off.
    BearOff,
    /// A move of a man that is not there.
    NotOwnMan,
}

impl Rule {
    /// Every rule, in the order of docs/rules.md §10.
    pub const ALL: [Rule; 15] = [
        Rule::DieMismatch,
        Rule::Blocked,
        Rule::RestPointBlocked,
        Rule::MustPlayBoth,
        Rule::MustPlayHigher,
        Rule::DoubletTooManyMen,
        Rule::CornerSingleMan,
        Rule::CornerByForceWhenNatural,
        Rule::CornerLeaveNotTogether,
        Rule::OpponentCorner,
        Rule::MustFill,
        Rule::MustPreserve,
        Rule::ReturnPassage,
        Rule::BearOff,
        Rule::NotOwnMan,
    ];

    /// The rule's name in reports (`must-fill`, …).
    pub fn name(self) -> &'static str {
        match self {
            Rule::DieMismatch => "die-mismatch",
            Rule::Blocked => "blocked",
            Rule::RestPointBlocked => "rest-point-blocked",
            Rule::MustPlayBoth => "must-play-both",
            Rule::MustPlayHigher => "must-play-higher",
            Rule::DoubletTooManyMen => "doublet-too-many-men",
            Rule::CornerSingleMan => "corner-single-man",
            Rule::CornerByForceWhenNatural => "corner-by-force-when-natural",
            Rule::CornerLeaveNotTogether => "corner-leave-not-together",
            Rule::OpponentCorner => "opponent-corner",
            Rule::MustFill => "must-fill",
            Rule::MustPreserve => "must-preserve",
            Rule::ReturnPassage => "return-passage",
            Rule::BearOff => "bear-off",
            Rule::NotOwnMan => "not-own-man",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fausse case: the rule broken, what the recorded play did that breaks it, and the lawful
/// plays. Its words are the reporting layer's ([`crate::games::grand_trictrac::words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: Rule,
    /// What the recorded play did that breaks the rule, with the points and dice at fault.
    pub breach: Breach,
    /// The play could not be applied at all: the replay stops (docs/rules.md §10).
    pub fatal: bool,
    /// The lawful plays the fault suggests, in the order of the legal plays: for a must-fill
    /// or must-preserve fault those that fill or keep the jan, for a corner taken par
    /// puissance those that take it naturally, else every legal play. (The reporting layer
    /// names three, nearest the recorded play first.)
    pub lawful: Vec<Play>,
}

/// One of the three jans a seat can fill and keep full (docs/rules.md §2, §5): the petit jan, the
/// grand jan, the jan de retour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FullJan {
    /// The petit jan (the seat's first table).
    Petit,
    /// The grand jan (the seat's second table).
    Grand,
    /// The jan de retour (the opponent's first table).
    Retour,
}

impl FullJan {
    /// The jan of a bit of [`jans`] (the petit jan for any other).
    pub fn of_bit(bit: u8) -> FullJan {
        match bit {
            jans::GRAND => FullJan::Grand,
            jans::RETOUR => FullJan::Retour,
            _ => FullJan::Petit,
        }
    }

    /// Its bit of [`jans`].
    pub fn bit(self) -> u8 {
        match self {
            FullJan::Petit => jans::PETIT,
            FullJan::Grand => jans::GRAND,
            FullJan::Retour => jans::RETOUR,
        }
    }

    /// The first of the jans in `bits` (petit, grand, retour), the petit jan if none.
    pub fn first_of(bits: u8) -> FullJan {
        [FullJan::Petit, FullJan::Grand, FullJan::Retour]
            .into_iter()
            .find(|j| bits & j.bit() != 0)
            .unwrap_or(FullJan::Petit)
    }
}

/// The dice still unplayed when a move could not be given one (docs/rules.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceLeft {
    /// No die is left.
    None,
    /// One die is left.
    One(u8),
    /// Both dice are left (the higher first).
    Two(u8, u8),
}

/// The rest points of a tout d'une found held (docs/rules.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldRest {
    /// The rest point the record gives (or the only one).
    One(Point),
    /// Both rest points, nearer the seat's talon first.
    Both(Point, Point),
}

/// What a recorded play did that breaks its rule (docs/rules.md §2–§3, §10): the facts of a fausse
/// case, points as absolute points, a move at fault by its index in the recorded play (kept
/// small: a judgement is moved on every throw). One variant per way a rule is broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// [`Rule::NotOwnMan`]: `mv` moves a man from a point where the seat has none;
    /// `opponent_there`: the other seat's men are there.
    NoManThere {
        /// The recorded move at fault: its index in the play.
        mv: u32,
        /// The other seat has men on the point.
        opponent_there: bool,
    },
    /// [`Rule::Blocked`]: `mv` lands on `at`, which the other seat holds.
    LandsOnHeld {
        /// The recorded move at fault: its index in the play.
        mv: u32,
        /// The point landed on.
        at: Point,
    },
    /// [`Rule::DieMismatch`]: `mv` goes backwards.
    Backwards {
        /// The recorded move at fault: its index in the play.
        mv: u32,
    },
    /// [`Rule::DieMismatch`]: no die left gives the `points` that `mv` goes.
    NoDieFor {
        /// The recorded move at fault: its index in the play.
        mv: u32,
        /// How far it goes.
        points: u8,
        /// The dice left for it.
        left: DiceLeft,
    },
    /// [`Rule::DieMismatch`]: a corner taken par puissance that the position does not allow
    /// (both corners empty, two men each a die from the other's corner `corner`).
    PuissanceImpossible {
        /// The other seat's rest corner.
        corner: Point,
    },
    /// [`Rule::CornerByForceWhenNatural`]: the corner taken par puissance though the roll
    /// takes it naturally.
    PuissanceWhenNatural,
    /// [`Rule::RestPointBlocked`]: `mv`, a tout d'une, rests on a held point.
    RestHeld {
        /// The recorded move at fault: its index in the play.
        mv: u32,
        /// The rest point(s) held.
        held: HeldRest,
    },
    /// [`Rule::DoubletTooManyMen`] (a doublet) or [`Rule::DieMismatch`]: more moves than the
    /// dice give.
    TooManyMoves,
    /// [`Rule::CornerSingleMan`]: a single man on the rest corner `corner`.
    CornerSingleMan {
        /// The seat's rest corner.
        corner: Point,
    },
    /// [`Rule::CornerLeaveNotTogether`]: the last two men of `corner` left it separately.
    CornerLeaveNotTogether {
        /// The seat's rest corner.
        corner: Point,
    },
    /// [`Rule::OpponentCorner`]: a man put on the other seat's rest corner `corner`.
    OpponentCorner {
        /// The other seat's rest corner.
        corner: Point,
    },
    /// [`Rule::ReturnPassage`]: a man lands (or, a tout d'une, rests) on `at`, a point of the
    /// other seat's `jan` that it can still fill (docs/rules.md §3).
    ReturnPassage {
        /// The point.
        at: Point,
        /// It was the rest of a tout d'une.
        rest: bool,
        /// The other seat's jan (petit or grand).
        jan: FullJan,
        /// `passage-rest=forbidden`: no rest on the grand jan either.
        rest_forbidden: bool,
    },
    /// [`Rule::BearOff`]: in the provincial manner a man goes off only when the die cannot be
    /// played on the board, and then the man nearest the rail.
    ProvincialBearOff,
    /// [`Rule::BearOff`]: men still outside the jan de retour.
    BearOffNotHome,
    /// [`Rule::BearOff`]: a man borne off from `from` by excédant, not the farthest.
    ExcedantNotFarthest {
        /// The point it left.
        from: Point,
    },
    /// [`Rule::BearOff`]: a man borne off by excédant though the dice could be played without.
    NeedlessExcedant,
    /// [`Rule::MustPlayBoth`]: fewer dice played than `playable` could be.
    MustPlayBoth {
        /// How many dice (moves of a doublet) could be played.
        playable: u8,
    },
    /// [`Rule::MustPlayHigher`]: the lower die played though only one could be and the higher
    /// could.
    MustPlayHigher,
    /// [`Rule::MustFill`] or [`Rule::MustPreserve`] (`keep`): the jan could be filled (kept
    /// full) and was not.
    MissedJan {
        /// The jan.
        jan: FullJan,
        /// It was full and could be kept.
        keep: bool,
    },
    /// [`Rule::DieMismatch`]: no lawful play of the dice.
    NotLawful,
}

/// A recorded play judged against the legal plays: [`crate::games::Judged`] with Grand
/// Trictrac's plays and faults.
pub type Judgement = crate::games::Judged<Play, FausseCase>;

/// The absolute point of `seat`'s relative point `p`.
fn point_of(seat: Seat, p: usize) -> Point {
    Position::point(seat, p)
}

/// Judges a recorded play of `dice` by the seat to throw in `pos` (docs/rules.md §10).
pub fn judge(pos: &Position, dice: Dice, play: &RecordedPlay, rules: MoveRules) -> Judgement {
    let board = Board::new(pos, rules);
    let legal = board.legal_plays(dice);
    judge_with(&board, &legal, dice, play)
}

/// [`judge`] with the board and the legal plays already computed. A lawful play costs no
/// allocation: its result is looked up among the legal plays first.
pub fn judge_with(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay) -> Judgement {
    lawful(board.position(), legal, play).unwrap_or_else(|| judge_fault(board, legal, dice, play))
}

/// [`judge`] with the legal plays already computed: the [`Board`] is built only when the
/// play is not lawful.
pub fn judge_in(pos: &Position, rules: MoveRules, legal: &Plays, dice: Dice, play: &RecordedPlay) -> Judgement {
    lawful(pos, legal, play).unwrap_or_else(|| judge_fault(&Board::new(pos, rules), legal, dice, play))
}

/// The thrower's side after the recorded moves, applied as written (each from a point
/// holding one of his men, forward, onto a point no opposing man holds), or `None`: the
/// reading of the judge's lookup among the legal plays.
#[inline]
pub(crate) fn moved_side(pos: &Position, play: &RecordedPlay) -> Option<[u8; 26]> {
    let seat = pos.turn();
    let mut side = *pos.side(seat);
    let moves: &[Move] = match play {
        RecordedPlay::Pass => &[],
        RecordedPlay::Moves(m) => m,
    };
    for m in moves {
        let f = m.from_point().map_or(0, |p| Position::relative(seat, p));
        let t = match m.to {
            Target::Point(p) => Position::relative(seat, p),
            Target::Off => OFF,
        };
        if side[f] == 0 || (t <= 24 && pos.opposing(seat, t) > 0) || t <= f {
            return None;
        }
        side[f] -= 1;
        side[t] += 1;
    }
    Some(side)
}

/// The fast path: apply the moves and look the result up among the legal plays.
#[inline]
fn lawful(pos: &Position, legal: &Plays, play: &RecordedPlay) -> Option<Judgement> {
    let seat = pos.turn();
    let before = *pos.side(seat);
    let side = moved_side(pos, play)?;
    let p = key_from_sides(&before, &side).and_then(|k| legal.find(k))?;
    Some(Judgement { after: Some(rebuild(pos, seat, &side)), fault: None, legal: Some(*p) })
}

/// The full judgement of a play that is not lawful: which rule, what the play did, and the
/// lawful plays the fault suggests.
fn judge_fault(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay) -> Judgement {
    let mut j = judge_breach(board, legal, dice, play);
    if let Some(f) = j.fault.as_mut() {
        f.lawful = match f.breach {
            Breach::PuissanceWhenNatural => legal.iter().filter(|p| takes_corner_naturally(p)).copied().collect(),
            Breach::MissedJan { jan, .. } => legal.iter().filter(|p| p.full & jan.bit() != 0).copied().collect(),
            _ => legal.iter().copied().collect(),
        };
    }
    j
}

/// Whether a play takes the own rest corner naturally: two men, each by its die.
fn takes_corner_naturally(p: &Play) -> bool {
    !p.par_puissance && p.len == 2 && p.steps().iter().all(|s| s.to as usize == OWN_CORNER)
}

/// A recorded play applied move by move to the thrower's side (relative points, 0 the
/// talon, [`OFF`] borne off), with the first rule its moves themselves break (docs/rules.md §2–§3).
struct Applied {
    /// The thrower's side after the recorded moves.
    side: [u8; 26],
    /// The single-die steps the moves were read as.
    steps: Vec<Step>,
    /// The dice not used yet.
    dice_left: Vec<u8>,
    /// The first rule a move breaks by itself (a die that does not fit, a held rest point).
    structural: Option<(Rule, Breach)>,
    /// The play takes the own rest corner par puissance (docs/rules.md §3).
    par_puissance: bool,
}

/// Relative points of a recorded move: from, its rest point if written, to.
fn relative_move(seat: Seat, m: &Move) -> (usize, Option<usize>, usize) {
    let f = m.from_point().map_or(0, |p| Position::relative(seat, p));
    let r = m.rest().map(|r| Position::relative(seat, r));
    let t = match m.to {
        Target::Point(p) => Position::relative(seat, p),
        Target::Off => OFF,
    };
    (f, r, t)
}

/// Takes one die `d` out of `left`, if it is there.
fn take_die(left: &mut Vec<u8>, d: u8) -> bool {
    if let Some(i) = left.iter().position(|&x| x == d) {
        left.remove(i);
        true
    } else {
        false
    }
}

impl Applied {
    /// The first rule broken wins: later ones are not noted.
    fn note(&mut self, rule: Rule, breach: Breach) {
        if self.structural.is_none() {
            self.structural = Some((rule, breach));
        }
    }

    /// The corner par puissance: two men to the own corner, each one point short of its die
    /// (docs/rules.md §3); noted when the corner could be taken naturally or not by force at all.
    fn corner_par_puissance(&mut self, board: &Board, dice: Dice, moves: &[Move]) {
        let [m1, m2] = moves else { return };
        let seat = board.position().turn();
        let (f1, r1, t1) = relative_move(seat, m1);
        let (f2, r2, t2) = relative_move(seat, m2);
        let d = (dice.high() as usize, dice.low() as usize);
        let dist = ((t1 as isize - f1 as isize), (t2 as isize - f2 as isize));
        let wants =
            |x: usize, y: usize| dist == (x as isize - 1, y as isize - 1) || dist == (y as isize - 1, x as isize - 1);
        if t1 == OWN_CORNER && t2 == OWN_CORNER && r1.is_none() && r2.is_none() && wants(d.0, d.1) {
            self.par_puissance = true;
            let before = board.position().side(seat);
            if board.corner_natural_possible(before, dice) {
                self.note(Rule::CornerByForceWhenNatural, Breach::PuissanceWhenNatural);
            } else if !board.puissance_possible(before, dice) {
                self.note(Rule::DieMismatch, Breach::PuissanceImpossible { corner: point_of(seat, OPP_CORNER) });
            }
            self.dice_left.clear();
        }
    }

    /// Applies move `k`; a move of a man that is not there or onto a held point is fatal (the
    /// play cannot be applied at all).
    fn apply_move(&mut self, board: &Board, k: usize, m: &Move) -> Result<(), FausseCase> {
        let seat = board.position().turn();
        let (f, r, t) = relative_move(seat, m);
        let mv = u32::try_from(k).unwrap_or(u32::MAX);
        let fatal = |rule, breach| FausseCase { rule, breach, fatal: true, lawful: Vec::new() };
        if self.side[f] == 0 {
            return Err(fatal(Rule::NotOwnMan, Breach::NoManThere { mv, opponent_there: board.opp(f) > 0 }));
        }
        if t <= 24 && board.opp(t) > 0 {
            return Err(fatal(Rule::Blocked, Breach::LandsOnHeld { mv, at: point_of(seat, t) }));
        }
        if !self.par_puissance {
            if t <= f {
                self.note(Rule::DieMismatch, Breach::Backwards { mv });
            } else {
                self.read_dice(board, mv, m, (f, r, t));
            }
        }
        self.side[f] -= 1;
        self.side[t] += 1;
        Ok(())
    }

    /// The dice a forward move `f → t` (by `r` if written) uses: its steps are noted, or the
    /// die that does not fit, or a held rest point.
    fn read_dice(&mut self, board: &Board, mv: u32, m: &Move, (f, r, t): (usize, Option<usize>, usize)) {
        let dist = t - f;
        let (ok, rest) = match r {
            Some(r) => match self.dice_by_rest(f, r, t) {
                Some(rest) => (true, Some(rest)),
                None => (false, None),
            },
            None => self.dice_of_move(board, f, t),
        };
        if !ok {
            let left = match self.dice_left.as_slice() {
                [] => DiceLeft::None,
                [d] => DiceLeft::One(*d),
                [x, y, ..] => DiceLeft::Two(*x, *y),
            };
            let points = dist.min(u8::MAX as usize) as u8;
            self.note(Rule::DieMismatch, Breach::NoDieFor { mv, points, left });
        }
        if let Some((q, x, y)) = rest {
            self.check_rest(board, mv, m, (f, q, t));
            self.steps.push(Step { from: f as u8, to: q as u8, die: x });
            self.steps.push(Step { from: q as u8, to: t as u8, die: y });
        }
    }

    /// A tout d'une written with its rest point `r`: the two dice it uses, when it has them.
    fn dice_by_rest(&mut self, f: usize, r: usize, t: usize) -> Option<(usize, u8, u8)> {
        let mut dl = self.dice_left.clone();
        if r <= f || r >= t || r - f > 6 || !take_die(&mut dl, (r - f) as u8) {
            return None;
        }
        let y = t - r;
        let second = if y <= 6 && take_die(&mut dl, y as u8) {
            Some(y as u8)
        } else if t == OFF {
            dl.iter().copied().filter(|&d| d as usize > y).min().inspect(|&d| {
                take_die(&mut dl, d);
            })
        } else {
            None
        };
        let d2 = second?;
        self.dice_left = dl;
        Some((r, (r - f) as u8, d2))
    }

    /// A move written without a rest point: one die, one die borne off by excédant, or a tout
    /// d'une (the rest point unsaid: either lawful one will do). `(fits, the rest of a tout
    /// d'une)`.
    fn dice_of_move(&mut self, board: &Board, f: usize, t: usize) -> (bool, Option<(usize, u8, u8)>) {
        let dist = t - f;
        let left = &mut self.dice_left;
        if dist <= 6 && take_die(left, dist as u8) {
            self.steps.push(Step { from: f as u8, to: t as u8, die: dist as u8 });
            return (true, None);
        }
        if let Some(d) = (t == OFF).then(|| left.iter().copied().filter(|&d| d as usize > dist).min()).flatten() {
            // bearing off by excédant with one die
            take_die(left, d);
            self.steps.push(Step { from: f as u8, to: t as u8, die: d });
            return (true, None);
        }
        if left.len() >= 2 && (left[0] + left[1]) as usize == dist
            || left.len() >= 2 && t == OFF && (left[0] + left[1]) as usize > dist
        {
            let (x, y) = (left[0], left[1]);
            let pick =
                [x, y].into_iter().find(|&d| f + (d as usize) <= 24 && board.opp(f + d as usize) == 0).unwrap_or(x);
            let other = if pick == x { y } else { x };
            left.drain(..2);
            return (true, Some((f + pick as usize, pick, other)));
        }
        (false, None)
    }

    /// A tout d'une `f → q → t` whose given (or every) rest point is held by the opponent.
    fn check_rest(&mut self, board: &Board, mv: u32, m: &Move, (f, q, t): (usize, usize, usize)) {
        if q > 24 || board.opp(q) == 0 {
            return;
        }
        let seat = board.position().turn();
        let other = if t < OFF && t - q <= 6 { f + (t - q) } else { 0 };
        let other_free = other > 0 && other <= 24 && board.opp(other) == 0;
        if m.rest().is_some() || !other_free {
            let held = if m.rest().is_none() && other > 0 && other <= 24 {
                HeldRest::Both(point_of(seat, q.min(other)), point_of(seat, q.max(other)))
            } else {
                HeldRest::One(point_of(seat, q))
            };
            self.note(Rule::RestPointBlocked, Breach::RestHeld { mv, held });
        }
    }
}

/// The recorded play applied to the thrower's side; `Err` when a move cannot be made at all.
fn apply_recorded(board: &Board, dice: Dice, play: &RecordedPlay) -> Result<Applied, FausseCase> {
    let seat = board.position().turn();
    let moves: &[Move] = match play {
        RecordedPlay::Pass => &[],
        RecordedPlay::Moves(m) => m,
    };
    let mut a = Applied {
        side: *board.position().side(seat),
        steps: Vec::with_capacity(4),
        dice_left: if dice.is_doublet() { vec![dice.high(); 2] } else { vec![dice.high(), dice.low()] },
        structural: None,
        par_puissance: false,
    };
    a.corner_par_puissance(board, dice, moves);
    for (k, m) in moves.iter().enumerate() {
        a.apply_move(board, k, m)?;
    }
    let n_steps = if a.par_puissance { 2 } else { a.steps.len() };
    if n_steps > 2 || moves.len() > 2 {
        let r = if dice.is_doublet() { Rule::DoubletTooManyMen } else { Rule::DieMismatch };
        a.structural = Some((r, Breach::TooManyMoves));
    }
    Ok(a)
}

/// The rule a play that is not lawful breaks, and what the play did that breaks it.
fn judge_breach(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay) -> Judgement {
    let pos = board.position();
    let seat = pos.turn();
    let before = *pos.side(seat);
    let a = match apply_recorded(board, dice, play) {
        Ok(a) => a,
        Err(fatal) => return Judgement { after: None, fault: Some(fatal), legal: None },
    };
    let after = rebuild(pos, seat, &a.side);
    if let Some(p) = key_from_sides(&before, &a.side).and_then(|k| legal.find(k)) {
        return Judgement { after: Some(after), fault: None, legal: Some(*p) };
    }
    let (rule, breach) = breach_of(board, legal, dice, &before, a);
    Judgement {
        after: Some(after),
        fault: Some(FausseCase { rule, breach, fatal: false, lawful: Vec::new() }),
        legal: None,
    }
}

/// Which rule an applied play that is no legal play breaks, in the order of docs/rules.md §10:
/// its moves, the whole play's rules, bearing off, the dice obligations, the jans.
fn breach_of(board: &Board, legal: &Plays, dice: Dice, before: &[u8; 26], a: Applied) -> (Rule, Breach) {
    if let Some(s) = a.structural {
        return s;
    }
    if !a.par_puissance {
        if let Some(pf) = board.play_fault(before, &a.side, &a.steps) {
            return play_fault_breach(board, pf);
        }
    }
    if let Some(b) = bear_off_breach(board, legal, dice, before, &a.steps) {
        return b;
    }
    if let Some(b) = dice_breach(legal, dice, &a) {
        return b;
    }
    let missed = legal.obligations & !Position::full_jans(&a.side);
    if missed != 0 {
        let jan = FullJan::first_of(missed);
        if Position::full_jans(before) & jan.bit() != 0 {
            return (Rule::MustPreserve, Breach::MissedJan { jan, keep: true });
        }
        return (Rule::MustFill, Breach::MissedJan { jan, keep: false });
    }
    (Rule::DieMismatch, Breach::NotLawful)
}

/// The rule of the whole play that the move generator names ([`PlayFault`]), as a breach.
fn play_fault_breach(board: &Board, pf: PlayFault) -> (Rule, Breach) {
    let seat = board.position().turn();
    match pf {
        PlayFault::CornerSingleMan => {
            (Rule::CornerSingleMan, Breach::CornerSingleMan { corner: point_of(seat, OWN_CORNER) })
        }
        PlayFault::CornerLeaveNotTogether => {
            (Rule::CornerLeaveNotTogether, Breach::CornerLeaveNotTogether { corner: point_of(seat, OWN_CORNER) })
        }
        PlayFault::OpponentCorner => {
            (Rule::OpponentCorner, Breach::OpponentCorner { corner: point_of(seat, OPP_CORNER) })
        }
        PlayFault::ReturnPassage { at, rest } => {
            let at = at as usize;
            let jan = if at >= 19 { FullJan::Petit } else { FullJan::Grand };
            let rest_forbidden =
                board.rules().passage_rest == crate::games::grand_trictrac::options::PassageRest::Forbidden;
            (Rule::ReturnPassage, Breach::ReturnPassage { at: point_of(seat, at), rest, jan, rest_forbidden })
        }
    }
}

/// An unlawful bearing off (docs/rules.md §3): provincial sortie, a man borne off before all are
/// home, an excédant not from the farthest man or not needed.
fn bear_off_breach(
    board: &Board,
    legal: &Plays,
    dice: Dice,
    before: &[u8; 26],
    steps: &[Step],
) -> Option<(Rule, Breach)> {
    let seat = board.position().turn();
    if !steps.iter().any(|s| s.to as usize == OFF) {
        return None;
    }
    let home_before = before[1..19].iter().all(|&c| c == 0);
    let provincial = board.rules().sortie == crate::games::grand_trictrac::options::Sortie::Provinciale;
    if provincial && home_before && legal.max_dice > 0 {
        return Some((Rule::BearOff, Breach::ProvincialBearOff));
    }
    let mut sim = *before;
    for s in steps {
        let (f, t) = (s.from as usize, s.to as usize);
        if t == OFF {
            let home = sim[1..19].iter().all(|&c| c == 0);
            let exact = f + s.die as usize == OFF;
            let farthest = (1..=24).find(|&p| sim[p] > 0) == Some(f);
            if !home {
                return Some((Rule::BearOff, Breach::BearOffNotHome));
            }
            if !exact && !farthest {
                return Some((Rule::BearOff, Breach::ExcedantNotFarthest { from: point_of(seat, f) }));
            }
        }
        sim[f] -= 1;
        sim[t] += 1;
    }
    let dice_level = board.dice_plays(dice);
    if dice_level.iter().all(|p| !p.excedant)
        && steps.iter().any(|s| s.to as usize == OFF && s.from + s.die > OFF as u8)
    {
        return Some((Rule::BearOff, Breach::NeedlessExcedant));
    }
    None
}

/// The dice obligations (docs/rules.md §2): both dice when both can be played, else the higher.
fn dice_breach(legal: &Plays, dice: Dice, a: &Applied) -> Option<(Rule, Breach)> {
    let used = if a.par_puissance { 2 } else { a.steps.len() as u8 };
    let all_off = a.side[OFF] == 15;
    if used < legal.max_dice && !all_off {
        return Some((Rule::MustPlayBoth, Breach::MustPlayBoth { playable: legal.max_dice }));
    }
    if used == 1
        && legal.max_dice == 1
        && !dice.is_doublet()
        && a.steps[0].die == dice.low()
        && legal.iter().any(|p| p.steps[0].die == dice.high())
    {
        return Some((Rule::MustPlayHigher, Breach::MustPlayHigher));
    }
    None
}

/// `pos` with the thrower's men as in `side`, the turn passed.
fn rebuild(pos: &Position, seat: Seat, side: &[u8; 26]) -> Position {
    let mut p = *pos;
    p.set_side(seat, side);
    p.set_turn(seat.other());
    p
}
