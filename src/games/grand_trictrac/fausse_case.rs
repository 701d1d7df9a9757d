//! Fausse case: a recorded play that is not among the legal ones, and the rule it breaks
//! (RULES.md §10; the rule names of CLI.md).

use super::movegen::{jans, key_from_sides, Board, MoveRules, Play, PlayFault, Plays, OPP_CORNER, OWN_CORNER};
use crate::board::{Dialect, Point, Seat};
use crate::dice::Dice;
use crate::notation::{Move, Play as RecordedPlay, Target};
use crate::position::{Position, Step, OFF};
use serde::Serialize;
use std::fmt;

/// The rule a fausse case breaks (CLI.md).
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
/// plays. Its words are the reporting layer's ([`crate::words::grand_trictrac`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: Rule,
    /// What the recorded play did that breaks the rule, with the points and dice at fault.
    pub breach: Breach,
    /// The play could not be applied at all: the replay stops (RULES.md §10).
    pub fatal: bool,
    /// The lawful plays the fault suggests, in the order of the legal plays: for a must-fill
    /// or must-preserve fault those that fill or keep the jan, for a corner taken par
    /// puissance those that take it naturally, else every legal play. (The reporting layer
    /// names three, nearest the recorded play first.)
    pub lawful: Vec<Play>,
}

/// One of the three jans a seat can fill and keep full (RULES.md §2, §5): the petit jan, the
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

/// The dice still unplayed when a move could not be given one (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceLeft {
    /// No die is left.
    None,
    /// One die is left.
    One(u8),
    /// Both dice are left (the higher first).
    Two(u8, u8),
}

/// The rest points of a tout d'une found held (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldRest {
    /// The rest point the record gives (or the only one).
    One(Point),
    /// Both rest points, nearer the seat's talon first.
    Both(Point, Point),
}

/// What a recorded play did that breaks its rule (RULES.md §2–§3, §10): the facts of a fausse
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
    /// other seat's `jan` that it can still fill (RULES.md §3).
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

/// The recorded play in canonical notation, in the letters of `dialect`.
pub fn recorded_text(play: &RecordedPlay, dialect: Dialect) -> String {
    match play {
        RecordedPlay::Pass => "-".into(),
        RecordedPlay::Moves(m) => {
            m.iter().map(|m| crate::notation::printer::move_text(m, dialect)).collect::<Vec<_>>().join(" ")
        }
    }
}

/// Judges a recorded play of `dice` by the seat to throw in `pos` (RULES.md §10).
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

/// The fast path: apply the moves and look the result up among the legal plays.
#[inline]
fn lawful(pos: &Position, legal: &Plays, play: &RecordedPlay) -> Option<Judgement> {
    let seat = pos.turn();
    let before = *pos.side(seat);
    let mut side = before;
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

/// The rule a play that is not lawful breaks, and what the play did that breaks it.
fn judge_breach(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay) -> Judgement {
    let pos = board.position();
    let seat = pos.turn();
    let legal = *legal;
    let before = *pos.side(seat);

    // apply the record, noting what the moves themselves break
    let mut side = before;
    let mut structural: Option<(Rule, Breach)> = None;
    let note = |r: Rule, b: Breach, s: &mut Option<(Rule, Breach)>| {
        if s.is_none() {
            *s = Some((r, b));
        }
    };
    let mut steps: Vec<Step> = Vec::with_capacity(4);
    let mut dice_left: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 2] } else { vec![dice.high(), dice.low()] };
    let moves: &[Move] = match play {
        RecordedPlay::Pass => &[],
        RecordedPlay::Moves(m) => m,
    };
    let rel = |m: &Move| -> (usize, Option<usize>, usize) {
        let f = m.from_point().map_or(0, |p| Position::relative(seat, p));
        let r = m.rest().map(|r| Position::relative(seat, r));
        let t = match m.to {
            Target::Point(p) => Position::relative(seat, p),
            Target::Off => OFF,
        };
        (f, r, t)
    };
    let mut par_puissance = false;
    // the corner par puissance: two men to the own corner, each one less than its die
    if moves.len() == 2 {
        let (f1, r1, t1) = rel(&moves[0]);
        let (f2, r2, t2) = rel(&moves[1]);
        let d = (dice.high() as usize, dice.low() as usize);
        let dist = ((t1 as isize - f1 as isize), (t2 as isize - f2 as isize));
        let wants =
            |x: usize, y: usize| dist == (x as isize - 1, y as isize - 1) || dist == (y as isize - 1, x as isize - 1);
        if t1 == OWN_CORNER && t2 == OWN_CORNER && r1.is_none() && r2.is_none() && wants(d.0, d.1) {
            par_puissance = true;
            if board.corner_natural_possible(&before, dice) {
                note(Rule::CornerByForceWhenNatural, Breach::PuissanceWhenNatural, &mut structural);
            } else if !board.puissance_possible(&before, dice) {
                note(
                    Rule::DieMismatch,
                    Breach::PuissanceImpossible { corner: point_of(seat, OPP_CORNER) },
                    &mut structural,
                );
            }
            dice_left.clear();
        }
    }
    for (k, m) in moves.iter().enumerate() {
        let (f, r, t) = rel(m);
        let mv = u32::try_from(k).unwrap_or(u32::MAX);
        if side[f] == 0 {
            let fault = FausseCase {
                rule: Rule::NotOwnMan,
                breach: Breach::NoManThere { mv, opponent_there: board.opp(f) > 0 },
                fatal: true,
                lawful: Vec::new(),
            };
            return Judgement { after: None, fault: Some(fault), legal: None };
        }
        if t <= 24 && board.opp(t) > 0 {
            let fault = FausseCase {
                rule: Rule::Blocked,
                breach: Breach::LandsOnHeld { mv, at: point_of(seat, t) },
                fatal: true,
                lawful: Vec::new(),
            };
            return Judgement { after: None, fault: Some(fault), legal: None };
        }
        if par_puissance {
            side[f] -= 1;
            side[t] += 1;
            continue;
        }
        if t <= f {
            note(Rule::DieMismatch, Breach::Backwards { mv }, &mut structural);
            side[f] -= 1;
            side[t] += 1;
            continue;
        }
        let dist = t - f;
        let take = |dl: &mut Vec<u8>, d: u8| -> bool {
            if let Some(i) = dl.iter().position(|&x| x == d) {
                dl.remove(i);
                true
            } else {
                false
            }
        };
        let mut rest = None;
        let ok = if let Some(r) = r {
            let mut dl = dice_left.clone();
            if r <= f || r >= t || r - f > 6 || !take(&mut dl, (r - f) as u8) {
                false
            } else {
                let y = t - r;
                let second = if y <= 6 && take(&mut dl, y as u8) {
                    Some(y as u8)
                } else if t == OFF {
                    dl.iter().copied().filter(|&d| d as usize > y).min().inspect(|&d| {
                        take(&mut dl, d);
                    })
                } else {
                    None
                };
                match second {
                    Some(d2) => {
                        dice_left = dl;
                        rest = Some((r, (r - f) as u8, d2));
                        true
                    }
                    None => false,
                }
            }
        } else if dist <= 6 && take(&mut dice_left, dist as u8) {
            steps.push(Step { from: f as u8, to: t as u8, die: dist as u8 });
            true
        } else if let Some(d) =
            (t == OFF).then(|| dice_left.iter().copied().filter(|&d| d as usize > dist).min()).flatten()
        {
            // bearing off by excédant with one die
            take(&mut dice_left, d);
            steps.push(Step { from: f as u8, to: t as u8, die: d });
            true
        } else if dice_left.len() >= 2 && (dice_left[0] + dice_left[1]) as usize == dist
            || dice_left.len() >= 2 && t == OFF && (dice_left[0] + dice_left[1]) as usize > dist
        {
            // tout d'une, the rest point unsaid: either lawful rest will do
            let (x, y) = (dice_left[0], dice_left[1]);
            let pick =
                [x, y].into_iter().find(|&d| f + (d as usize) <= 24 && board.opp(f + d as usize) == 0).unwrap_or(x);
            let other = if pick == x { y } else { x };
            dice_left.drain(..2);
            rest = Some((f + pick as usize, pick, other));
            true
        } else {
            false
        };
        if !ok {
            let left = match dice_left.as_slice() {
                [] => DiceLeft::None,
                [d] => DiceLeft::One(*d),
                [x, y, ..] => DiceLeft::Two(*x, *y),
            };
            let points = dist.min(u8::MAX as usize) as u8;
            note(Rule::DieMismatch, Breach::NoDieFor { mv, points, left }, &mut structural);
        }
        if let Some((q, x, y)) = rest {
            if q <= 24 && board.opp(q) > 0 {
                // the given (or every) rest point is held
                let other = if t < OFF && t - q <= 6 { f + (t - q) } else { 0 };
                let other_free = other > 0 && other <= 24 && board.opp(other) == 0;
                if m.rest().is_some() || !other_free {
                    let held = if m.rest().is_none() && other > 0 && other <= 24 {
                        HeldRest::Both(point_of(seat, q.min(other)), point_of(seat, q.max(other)))
                    } else {
                        HeldRest::One(point_of(seat, q))
                    };
                    note(Rule::RestPointBlocked, Breach::RestHeld { mv, held }, &mut structural);
                }
            }
            steps.push(Step { from: f as u8, to: q as u8, die: x });
            steps.push(Step { from: q as u8, to: t as u8, die: y });
        }
        side[f] -= 1;
        side[t] += 1;
    }
    let n_steps = if par_puissance { 2 } else { steps.len() };
    if n_steps > 2 || moves.len() > 2 {
        let r = if dice.is_doublet() { Rule::DoubletTooManyMen } else { Rule::DieMismatch };
        structural = Some((r, Breach::TooManyMoves));
    }
    let after = rebuild(pos, seat, &side);
    let key = key_from_sides(&before, &side);
    if let Some(k) = key {
        if let Some(p) = legal.find(k) {
            return Judgement { after: Some(after), fault: None, legal: Some(*p) };
        }
    }
    let fault = |rule: Rule, breach: Breach| Judgement {
        after: Some(after),
        fault: Some(FausseCase { rule, breach, fatal: false, lawful: Vec::new() }),
        legal: None,
    };
    if let Some((r, b)) = structural {
        return fault(r, b);
    }
    if !par_puissance {
        if let Some(pf) = board.play_fault(&before, &side, &steps) {
            let (rule, breach) = match pf {
                PlayFault::CornerSingleMan => {
                    (Rule::CornerSingleMan, Breach::CornerSingleMan { corner: point_of(seat, OWN_CORNER) })
                }
                PlayFault::CornerLeaveNotTogether => (
                    Rule::CornerLeaveNotTogether,
                    Breach::CornerLeaveNotTogether { corner: point_of(seat, OWN_CORNER) },
                ),
                PlayFault::OpponentCorner => {
                    (Rule::OpponentCorner, Breach::OpponentCorner { corner: point_of(seat, OPP_CORNER) })
                }
                PlayFault::ReturnPassage { at, rest } => {
                    let at = at as usize;
                    let jan = if at >= 19 { FullJan::Petit } else { FullJan::Grand };
                    let rest_forbidden = board.rules().passage_rest == crate::options::PassageRest::Forbidden;
                    (Rule::ReturnPassage, Breach::ReturnPassage { at: point_of(seat, at), rest, jan, rest_forbidden })
                }
            };
            return fault(rule, breach);
        }
    }
    // bearing off
    let home_before = before[1..19].iter().all(|&c| c == 0);
    let provincial = board.rules().sortie == crate::options::Sortie::Provinciale;
    if provincial && home_before && steps.iter().any(|s| s.to as usize == OFF) && legal.max_dice > 0 {
        return fault(Rule::BearOff, Breach::ProvincialBearOff);
    }
    if steps.iter().any(|s| s.to as usize == OFF) {
        let mut sim = before;
        for s in &steps {
            let (f, t) = (s.from as usize, s.to as usize);
            if t == OFF {
                let home = sim[1..19].iter().all(|&c| c == 0);
                let exact = f + s.die as usize == OFF;
                let farthest = (1..=24).find(|&p| sim[p] > 0) == Some(f);
                if !home {
                    return fault(Rule::BearOff, Breach::BearOffNotHome);
                }
                if !exact && !farthest {
                    return fault(Rule::BearOff, Breach::ExcedantNotFarthest { from: point_of(seat, f) });
                }
            }
            sim[f] -= 1;
            sim[t] += 1;
        }
        let dice_level = board.dice_plays(dice);
        if dice_level.iter().all(|p| !p.excedant)
            && steps.iter().any(|s| s.to as usize == OFF && s.from + s.die > OFF as u8)
        {
            return fault(Rule::BearOff, Breach::NeedlessExcedant);
        }
    }
    // the dice obligations
    let used = if par_puissance { 2 } else { steps.len() as u8 };
    let all_off = side[OFF] == 15;
    if used < legal.max_dice && !all_off {
        return fault(Rule::MustPlayBoth, Breach::MustPlayBoth { playable: legal.max_dice });
    }
    if used == 1
        && legal.max_dice == 1
        && !dice.is_doublet()
        && steps[0].die == dice.low()
        && legal.iter().any(|p| p.steps[0].die == dice.high())
    {
        return fault(Rule::MustPlayHigher, Breach::MustPlayHigher);
    }
    // the jans: fill or preserve
    let full_before = Position::full_jans(&before);
    let full_after = Position::full_jans(&side);
    let missed = legal.obligations & !full_after;
    if missed != 0 {
        let jan = FullJan::first_of(missed);
        if full_before & jan.bit() != 0 {
            return fault(Rule::MustPreserve, Breach::MissedJan { jan, keep: true });
        }
        return fault(Rule::MustFill, Breach::MissedJan { jan, keep: false });
    }
    fault(Rule::DieMismatch, Breach::NotLawful)
}

/// `pos` with the thrower's men as in `side`, the turn passed.
fn rebuild(pos: &Position, seat: Seat, side: &[u8; 26]) -> Position {
    let mut p = *pos;
    p.set_side(seat, side);
    p.set_turn(seat.other());
    p
}
