//! Fausse case: a recorded play that is not among the legal ones, and the rule it breaks
//! (RULES.md §10; the rule names of CLI.md).

use super::movegen::{jans, key_from_sides, Board, MoveRules, Play, PlayFault, Plays, OPP_CORNER, OWN_CORNER};
use crate::board::{Dialect, Seat};
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

/// A fausse case: the rule and a message saying what a lawful play would have been.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FausseCase {
    /// The rule broken.
    pub rule: Rule,
    /// What happened and what was lawful.
    pub message: String,
    /// The play could not be applied at all: the replay stops (RULES.md §10).
    pub fatal: bool,
    /// The lawful plays the message suggests, nearest the recorded play first (all of them;
    /// the message names three): for a must-fill or must-preserve fault those that fill or
    /// keep the jan, for a corner taken par puissance those that take it naturally, else
    /// every legal play.
    pub lawful: Vec<Play>,
}

/// A recorded play judged against the legal plays: [`crate::games::Judged`] with Grand
/// Trictrac's plays and faults.
pub type Judgement = crate::games::Judged<Play, FausseCase>;

fn letter_in(seat: Seat, p: usize, d: Dialect) -> char {
    Position::point(seat, p).letter(d)
}

fn jan_name(bit: u8) -> &'static str {
    match bit {
        jans::PETIT => "petit jan",
        jans::GRAND => "grand jan",
        _ => "jan de retour",
    }
}

/// A few lawful plays, for messages, those nearest the recorded play first:
/// `AF AG, AF BG or 3 more`.
pub fn some_plays(
    plays: &Plays,
    seat: Seat,
    dialect: Dialect,
    recorded: &str,
    filter: impl Fn(&Play) -> bool,
) -> String {
    plays_text(
        ordered_plays(plays, seat, dialect, recorded, filter)
            .into_iter()
            .map(|p| p.notation_in(seat, dialect))
            .collect(),
    )
}

/// The lawful plays that pass `filter`, those nearest the recorded play first, in the order
/// [`some_plays`] names them.
pub fn ordered_plays(
    plays: &Plays,
    seat: Seat,
    dialect: Dialect,
    recorded: &str,
    filter: impl Fn(&Play) -> bool,
) -> Vec<Play> {
    let rec: Vec<&str> = recorded.split(' ').collect();
    let near = |n: &str| crate::games::nearness(&rec, n);
    let mut v: Vec<(usize, String, Play)> = plays
        .iter()
        .filter(|p| filter(p))
        .map(|p| (p.notation_in(seat, dialect), *p))
        .map(|(n, p)| (near(&n), n, p))
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    v.into_iter().map(|x| x.2).collect()
}

/// `AF AG, AF BG or 3 more`: the first three of a list of plays written out.
fn plays_text(v: Vec<String>) -> String {
    let n = v.len();
    let mut s = v.into_iter().take(3).collect::<Vec<_>>().join(", ");
    if n > 3 {
        s.push_str(&format!(" or {} more", n - 3));
    }
    s
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

/// Judges a recorded play of `dice` by the seat to throw in `pos` (RULES.md §10); messages
/// name points in the letters of `dialect`.
pub fn judge(pos: &Position, dice: Dice, play: &RecordedPlay, rules: MoveRules, dialect: Dialect) -> Judgement {
    let board = Board::new(pos, rules);
    let legal = board.legal_plays(dice);
    judge_with(&board, &legal, dice, play, dialect)
}

/// [`judge`] with the board and the legal plays already computed. A lawful play costs no
/// allocation: its result is looked up among the legal plays first.
pub fn judge_with(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay, dialect: Dialect) -> Judgement {
    lawful(board.position(), legal, play).unwrap_or_else(|| judge_fault(board, legal, dice, play, dialect))
}

/// [`judge`] with the legal plays already computed: the [`Board`] is built only when the
/// play is not lawful.
pub fn judge_in(
    pos: &Position,
    rules: MoveRules,
    legal: &Plays,
    dice: Dice,
    play: &RecordedPlay,
    dialect: Dialect,
) -> Judgement {
    lawful(pos, legal, play).unwrap_or_else(|| judge_fault(&Board::new(pos, rules), legal, dice, play, dialect))
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

/// The full judgement of a play that is not lawful: which rule, and the lawful plays the
/// message suggests as structured facts.
fn judge_fault(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay, dialect: Dialect) -> Judgement {
    let mut j = judge_fault_text(board, legal, dice, play, dialect);
    let seat = board.seat();
    if let Some(f) = j.fault.as_mut() {
        let played = recorded_text(play, dialect);
        let full_after = j.after.map_or(0, |a| Position::full_jans(a.side(seat)));
        f.lawful = match f.rule {
            Rule::CornerByForceWhenNatural => ordered_plays(legal, seat, dialect, &played, |p| {
                !p.par_puissance && p.len == 2 && p.steps().iter().all(|s| s.to as usize == OWN_CORNER)
            }),
            Rule::MustFill | Rule::MustPreserve => {
                // the jan the message names: the first obligation the play missed
                let missed = legal.obligations & !full_after;
                let bit = [jans::PETIT, jans::GRAND, jans::RETOUR]
                    .into_iter()
                    .find(|b| missed & b != 0)
                    .unwrap_or(jans::PETIT);
                ordered_plays(legal, seat, dialect, &played, |p| p.full & bit != 0)
            }
            _ => ordered_plays(legal, seat, dialect, &played, |_| true),
        };
    }
    j
}

/// The rule a play that is not lawful breaks, and the message saying what was lawful.
fn judge_fault_text(board: &Board, legal: &Plays, dice: Dice, play: &RecordedPlay, dialect: Dialect) -> Judgement {
    let letter = |seat: Seat, p: usize| letter_in(seat, p, dialect);
    let pos = board.position();
    let seat = pos.turn();
    let legal = *legal;
    let before = *pos.side(seat);
    let played = recorded_text(play, dialect);
    let suggest = |f: &dyn Fn(&Play) -> bool| some_plays(&legal, seat, dialect, &played, f);
    let any = |_: &Play| true;

    // apply the record, noting what the moves themselves break
    let mut side = before;
    let mut structural: Option<(Rule, String)> = None;
    let note = |r: Rule, m: String, s: &mut Option<(Rule, String)>| {
        if s.is_none() {
            *s = Some((r, m));
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
                note(
                    Rule::CornerByForceWhenNatural,
                    format!(
                        "{seat} took the corner par puissance ({played}) though the roll takes it naturally ({})",
                        suggest(&|p| !p.par_puissance
                            && p.len == 2
                            && p.steps().iter().all(|s| s.to as usize == OWN_CORNER))
                    ),
                    &mut structural,
                );
            } else if !board.puissance_possible(&before, dice) {
                note(
                    Rule::DieMismatch,
                    format!(
                        "{played} is a corner par puissance, which needs both corners empty and two men each a die from {}: lawful plays were {}",
                        letter(seat, OPP_CORNER),
                        suggest(&any)
                    ),
                    &mut structural,
                );
            }
            dice_left.clear();
        }
    }
    for m in moves {
        let (f, r, t) = rel(m);
        let text = crate::notation::printer::move_text(m, dialect);
        if side[f] == 0 {
            let whose =
                if board.opp(f) > 0 { format!("no {seat} man, only {}'s", seat.other()) } else { "no man".into() };
            let fault = FausseCase {
                rule: Rule::NotOwnMan,
                message: format!(
                    "{seat} moved {text} but there is {whose} on {}: lawful plays were {}",
                    m.from_point().map_or('@', |p| p.letter(dialect)),
                    suggest(&any)
                ),
                fatal: true,
                lawful: Vec::new(),
            };
            return Judgement { after: None, fault: Some(fault), legal: None };
        }
        if t <= 24 && board.opp(t) > 0 {
            let fault = FausseCase {
                rule: Rule::Blocked,
                message: format!(
                    "{seat} moved {text} but {} holds {}: lawful plays were {}",
                    seat.other(),
                    letter(seat, t),
                    suggest(&any)
                ),
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
            note(Rule::DieMismatch, format!("{seat} moved {text} backwards"), &mut structural);
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
        } else if t == OFF && dice_left.iter().any(|&d| d as usize > dist) {
            // bearing off by excédant with one die
            let d = *dice_left.iter().filter(|&&d| d as usize > dist).min().expect("some die");
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
                [] => "no die is left for it".to_string(),
                [d] => format!("the die left is {d}"),
                [x, y, ..] => format!("the dice are {x} and {y}"),
            };
            note(
                Rule::DieMismatch,
                format!("{seat} moved {text}, {dist} points, but {left}: lawful plays were {}", suggest(&any)),
                &mut structural,
            );
        }
        if let Some((q, x, y)) = rest {
            if q <= 24 && board.opp(q) > 0 {
                // the given (or every) rest point is held
                let other = if t < OFF && t - q <= 6 { f + (t - q) } else { 0 };
                let other_free = other > 0 && other <= 24 && board.opp(other) == 0;
                if m.rest().is_some() || !other_free {
                    let held = if m.rest().is_none() && other > 0 && other <= 24 {
                        format!("both rest points, {} and {}", letter(seat, q.min(other)), letter(seat, q.max(other)))
                    } else {
                        format!("the rest point {}", letter(seat, q))
                    };
                    note(
                        Rule::RestPointBlocked,
                        format!(
                            "{seat} played {text} tout d'une but {} holds {held}: lawful plays were {}",
                            seat.other(),
                            suggest(&any)
                        ),
                        &mut structural,
                    );
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
        let what = if dice.is_doublet() {
            "a doublet moves at most two men, one die each"
        } else {
            "more moves than the dice give"
        };
        structural = Some((r, format!("{seat} played {played}: {what}; lawful plays were {}", suggest(&any))));
    }
    let after = rebuild(pos, seat, &side);
    let key = key_from_sides(&before, &side);
    if let Some(k) = key {
        if let Some(p) = legal.find(k) {
            return Judgement { after: Some(after), fault: None, legal: Some(*p) };
        }
    }
    let fault = |rule: Rule, message: String| Judgement {
        after: Some(after),
        fault: Some(FausseCase { rule, message, fatal: false, lawful: Vec::new() }),
        legal: None,
    };
    if let Some((r, m)) = structural {
        return fault(r, m);
    }
    if !par_puissance {
        if let Some(pf) = board.play_fault(&before, &side, &steps) {
            let (rule, why) = match pf {
                PlayFault::CornerSingleMan => {
                    (Rule::CornerSingleMan, format!("a single man on the corner {}", letter(seat, OWN_CORNER)))
                }
                PlayFault::CornerLeaveNotTogether => (
                    Rule::CornerLeaveNotTogether,
                    format!("the last two men of the corner {} must leave it together", letter(seat, OWN_CORNER)),
                ),
                PlayFault::OpponentCorner => (
                    Rule::OpponentCorner,
                    format!("no man may go to {}'s corner {}", seat.other(), letter(seat, OPP_CORNER)),
                ),
                PlayFault::ReturnPassage { at, rest } => {
                    let at = at as usize;
                    let (jan, may) = if at >= 19 {
                        ("petit jan", "no man may land or rest there")
                    } else if board.rules().passage_rest == crate::options::PassageRest::Forbidden {
                        ("grand jan", "no man may land or rest there (passage-rest=forbidden)")
                    } else {
                        ("grand jan", "no man may land there, and a tout d'une rests only on an empty point of it")
                    };
                    let how = if rest { "rests on" } else { "lands on" };
                    (
                        Rule::ReturnPassage,
                        format!(
                            "it {how} {}, a point of {}'s {jan}, which {} can still fill: {may}",
                            letter(seat, at),
                            seat.other(),
                            seat.other()
                        ),
                    )
                }
            };
            return fault(rule, format!("{seat} played {played}: {why}; lawful plays were {}", suggest(&any)));
        }
    }
    // bearing off
    let home_before = before[1..19].iter().all(|&c| c == 0);
    let provincial = board.rules().sortie == crate::options::Sortie::Provinciale;
    if provincial && home_before && steps.iter().any(|s| s.to as usize == OFF) && legal.max_dice > 0 {
        return fault(
            Rule::BearOff,
            format!(
                "{seat} played {played}: in the provincial manner a man goes off only when the die cannot be played on the board, and then the man nearest the rail; lawful plays were {}",
                suggest(&any)
            ),
        );
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
                    return fault(
                        Rule::BearOff,
                        format!(
                            "{seat} bore off with men still outside the jan de retour: lawful plays were {}",
                            suggest(&any)
                        ),
                    );
                }
                if !exact && !farthest {
                    return fault(
                        Rule::BearOff,
                        format!(
                            "{seat} bore off from {} by excédant, which may take only the man farthest from the rail: lawful plays were {}",
                            letter(seat, f),
                            suggest(&any)
                        ),
                    );
                }
            }
            sim[f] -= 1;
            sim[t] += 1;
        }
        let dice_level = board.dice_plays(dice);
        if dice_level.iter().all(|p| !p.excedant)
            && steps.iter().any(|s| s.to as usize == OFF && s.from + s.die > OFF as u8)
        {
            return fault(
                Rule::BearOff,
                format!(
                    "{seat} bore a man off by excédant though the dice could be played without: lawful plays were {}",
                    suggest(&any)
                ),
            );
        }
    }
    let _ = home_before;
    // the dice obligations
    let used = if par_puissance { 2 } else { steps.len() as u8 };
    let all_off = side[OFF] == 15;
    if used < legal.max_dice && !all_off {
        let what = match (legal.max_dice, dice.is_doublet()) {
            (2, true) => "both moves of the doublet could be played",
            (2, false) => "both dice could be played",
            _ => "a die could be played",
        };
        return fault(
            Rule::MustPlayBoth,
            format!("{seat} played {played} but {what}: lawful plays were {}", suggest(&any)),
        );
    }
    if used == 1
        && legal.max_dice == 1
        && !dice.is_doublet()
        && steps[0].die == dice.low()
        && legal.iter().any(|p| p.steps[0].die == dice.high())
    {
        return fault(
            Rule::MustPlayHigher,
            format!(
                "{seat} played the {} ({played}) but only one die could be played and the {} could: lawful plays were {}",
                dice.low(),
                dice.high(),
                suggest(&any)
            ),
        );
    }
    // the jans: fill or preserve
    let full_before = Position::full_jans(&before);
    let full_after = Position::full_jans(&side);
    let missed = legal.obligations & !full_after;
    if missed != 0 {
        let bit = [jans::PETIT, jans::GRAND, jans::RETOUR].into_iter().find(|b| missed & b != 0).unwrap_or(jans::PETIT);
        let keeps = |p: &Play| p.full & bit != 0;
        if full_before & bit != 0 {
            return fault(
                Rule::MustPreserve,
                format!("{seat} could keep the {} full ({}) but played {played}", jan_name(bit), suggest(&keeps)),
            );
        }
        return fault(
            Rule::MustFill,
            format!("{seat} could fill the {} ({}) but played {played}", jan_name(bit), suggest(&keeps)),
        );
    }
    fault(
        Rule::DieMismatch,
        format!("{seat} played {played}, which is not a lawful play of {dice}: lawful plays were {}", suggest(&any)),
    )
}

/// `pos` with the thrower's men as in `side`, the turn passed.
fn rebuild(pos: &Position, seat: Seat, side: &[u8; 26]) -> Position {
    let mut p = *pos;
    p.set_side(seat, side);
    p.set_turn(seat.other());
    p
}
