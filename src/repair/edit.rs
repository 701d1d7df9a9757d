//! Transcription edits: what a scribe may have got wrong in one place of a record, as data.
//! Each edit is made on the parsed [`Record`]; throws are named by their number in the
//! record as it stands when the edit is made (an edit that adds or removes a throw numbers
//! the throws again from 1, docs/format.md §3).

use crate::board::{Dialect, Point, PointNames, Seat};
use crate::dice::Dice;
use crate::notation::{Anchor, Comment, CommentStyle, Mark, Play, Record, Target, Throw};
use serde::{Deserialize, Serialize};

/// Where a letter stands in a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slot {
    /// The point the man leaves.
    From,
    /// The i-th rest.
    Rest(usize),
    /// Where the man ends.
    To,
}

/// A throw supplied for one lost at a page break ([`Edit::PageBreak`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supplied {
    /// The roll supplied.
    pub dice: Dice,
    /// The play supplied, in Soumille's letters.
    pub play: String,
    /// The points it marks, when it scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marks: Option<i64>,
    /// When it wins a hole (Grand Trictrac, docs/rules.md §8): `true` the thrower goes
    /// (`va`), `false` holds (`tient`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes: Option<bool>,
}

/// One transcription edit. `written` is what the record has, `read` what the edit reads
/// instead; points are given in Soumille's letters in JSON (docs/format.md §1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "kebab-case")]
pub enum Edit {
    /// A letter read for a look-alike (`I` for `L`; `u` for `v` in Lepeintre's letters).
    Letter {
        /// The throw.
        throw: u32,
        /// The move of the play (from 0).
        #[serde(rename = "move")]
        mv: usize,
        /// Which letter of the move.
        slot: Slot,
        /// The letter written.
        written: Point,
        /// The letter meant.
        read: Point,
    },
    /// A die misread (6 for 5).
    Die {
        /// The throw.
        throw: u32,
        /// The dice written.
        written: Dice,
        /// The dice meant.
        read: Dice,
    },
    /// Two moves of a play swapped between the dice: each man ends where the other was
    /// written to end.
    SwapMoves {
        /// The throw.
        throw: u32,
        /// The first move (from 0).
        first: usize,
        /// The second move.
        second: usize,
    },
    /// The two letters of a move written in each other's place (`GA` for `AG`): the man
    /// goes from the point written as its end to the one written as its start.
    Transpose {
        /// The throw.
        throw: u32,
        /// The move (from 0).
        #[serde(rename = "move")]
        mv: usize,
    },
    /// A move left out of a throw's play: the move `read` (in Soumille's letters) put in as
    /// move `mv`, so that the play is one the dice allow (issue 26).
    LeftOut {
        /// The throw.
        throw: u32,
        /// Where the move goes in the play (from 0).
        #[serde(rename = "move")]
        mv: usize,
        /// The move put in, in Soumille's letters.
        read: String,
    },
    /// Two throws written in each other's place: the dice, marks and play of `throw` and
    /// `throw + 1` exchanged.
    SwapThrows {
        /// The first of the two throws.
        throw: u32,
    },
    /// The seat written wrong (or written where none belongs: `None`).
    Seat {
        /// The throw.
        throw: u32,
        /// The seat written.
        written: Option<Seat>,
        /// The seat meant.
        read: Option<Seat>,
    },
    /// A throw numbered wrong: it is throw `throw`, written `written`; with `through`, a
    /// run of throws numbered wrong alike (after a throw lost or written twice): throws
    /// `throw..=through`, each written `written` plus its distance from `throw`. One edit
    /// however long the run (issue 26: "say it once").
    Number {
        /// The throw's place (its right number), the run's first.
        throw: u32,
        /// The number written.
        written: u32,
        /// The run's last throw, when the edit is a run.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<u32>,
    },
    /// A throw missing (a lacuna): a roll and play consistent with what follows, put in as
    /// throw `throw`.
    Lacuna {
        /// The number the missing throw takes.
        throw: u32,
        /// The roll supplied.
        dice: Dice,
        /// The play supplied, in Soumille's letters.
        play: String,
        /// The points it marks (Grand Trictrac, Trictrac à écrire), when it scores.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        marks: Option<i64>,
    },
    /// Two or three consecutive throws missing (a page break, issue 26): the throws `lost`
    /// put in from throw `throw` on.
    PageBreak {
        /// The number the first missing throw takes.
        throw: u32,
        /// The throws supplied, in order.
        lost: Vec<Supplied>,
    },
    /// A throw written twice: the copy `throw` is taken out.
    Duplicate {
        /// The copy.
        throw: u32,
    },
    /// A mark's points misread (4 for 6).
    Mark {
        /// The throw.
        throw: u32,
        /// The opponent's mark (after `/`) rather than the thrower's.
        opponent: bool,
        /// Which mark (from 0).
        index: usize,
        /// The points written.
        written: i64,
        /// The points meant.
        read: i64,
    },
    /// A hole count misread, or a hole claim missing or extra.
    Holes {
        /// The throw.
        throw: u32,
        /// The opponent's claim (after `/`).
        opponent: bool,
        /// The holes written.
        written: Option<u32>,
        /// The holes meant.
        read: Option<u32>,
    },
    /// A hit claim `*` missing or extra (docs/format.md §10).
    Hit {
        /// The throw.
        throw: u32,
        /// The move (from 0).
        #[serde(rename = "move")]
        mv: usize,
        /// After which point of the move's path, counted after its start (see `Move::hits`).
        after: usize,
        /// Whether the record has the `*`.
        written: bool,
    },
    /// A `#` (borne off) missing or extra: the move's end read as the rail or as a point.
    Off {
        /// The throw.
        throw: u32,
        /// The move (from 0).
        #[serde(rename = "move")]
        mv: usize,
        /// The end written (`None`: `#`).
        written: Option<Point>,
        /// The end meant.
        read: Option<Point>,
    },
}

fn target_of(p: Option<Point>) -> Target {
    p.map_or(Target::Off, Target::Point)
}

/// A run of throws numbered `by` off: "throws 6–9 numbered one less (5–8)".
fn renumbered(throw: u32, written: u32, last: u32) -> String {
    let by = i64::from(written) - i64::from(throw);
    let how = match by {
        -1 => "one less".to_string(),
        1 => "one more".to_string(),
        b if b < 0 => format!("{} less", -b),
        b => format!("{b} more"),
    };
    format!("throws {throw}–{last} numbered {how} ({written}–{})", i64::from(last) + by)
}

/// Throws lost at a page break, each with the dice, marks, hole decision and play supplied
/// (its play written by `play_in`).
fn page_break(throw: u32, lost: &[Supplied], play_in: &dyn Fn(&Play) -> String) -> String {
    let each: Vec<String> = lost
        .iter()
        .map(|s| {
            let play = s.play.parse::<Play>().map_or_else(|_| s.play.clone(), |p| play_in(&p));
            let marks = s.marks.map(|m| format!("+{m} ")).unwrap_or_default();
            let hole = match s.goes {
                Some(true) => "va ",
                Some(false) => "tient ",
                None => "",
            };
            format!("{} {marks}{hole}{play}", s.dice)
        })
        .collect();
    let last = throw + lost.len().saturating_sub(1) as u32;
    format!("throws {throw}–{last} missing (a page break): {} supplied", each.join("; "))
}

impl Edit {
    /// The throw the edit is at (its number when the edit is made).
    pub fn throw(&self) -> u32 {
        match *self {
            Edit::Letter { throw, .. }
            | Edit::Die { throw, .. }
            | Edit::SwapMoves { throw, .. }
            | Edit::Transpose { throw, .. }
            | Edit::LeftOut { throw, .. }
            | Edit::SwapThrows { throw }
            | Edit::Seat { throw, .. }
            | Edit::Number { throw, .. }
            | Edit::Lacuna { throw, .. }
            | Edit::PageBreak { throw, .. }
            | Edit::Duplicate { throw }
            | Edit::Mark { throw, .. }
            | Edit::Holes { throw, .. }
            | Edit::Hit { throw, .. }
            | Edit::Off { throw, .. } => throw,
        }
    }

    /// Whether the edit touches the same token as `earlier` (the same letter, die, mark, hole
    /// count, `*`, `#` or seat of the same throw, the same pair of moves or throws, a throw
    /// put in where one was taken out): a candidate never makes both, so none holds an
    /// edit and its inverse (issue 26).
    pub fn same_token(&self, earlier: &Edit) -> bool {
        use Edit::*;
        match (self, earlier) {
            (Letter { throw: a, mv: m, slot: s, .. }, Letter { throw: b, mv: n, slot: t, .. }) => {
                (a, m, s) == (b, n, t)
            }
            (Die { throw: a, .. }, Die { throw: b, .. })
            | (SwapThrows { throw: a }, SwapThrows { throw: b })
            | (Seat { throw: a, .. }, Seat { throw: b, .. })
            | (Lacuna { throw: a, .. }, Duplicate { throw: b })
            | (Duplicate { throw: a }, Lacuna { throw: b, .. }) => a == b,
            (SwapMoves { throw: a, first: f, second: g }, SwapMoves { throw: b, first: h, second: k }) => {
                (a, f, g) == (b, h, k)
            }
            (Mark { throw: a, opponent: o, index: i, .. }, Mark { throw: b, opponent: p, index: j, .. }) => {
                (a, o, i) == (b, p, j)
            }
            (Holes { throw: a, opponent: o, .. }, Holes { throw: b, opponent: p, .. }) => (a, o) == (b, p),
            (Hit { throw: a, mv: m, after: f, .. }, Hit { throw: b, mv: n, after: g, .. }) => (a, m, f) == (b, n, g),
            (Transpose { throw: a, mv: m }, Transpose { throw: b, mv: n })
            | (Transpose { throw: a, mv: m }, Letter { throw: b, mv: n, .. })
            | (Letter { throw: a, mv: m, .. }, Transpose { throw: b, mv: n }) => (a, m) == (b, n),
            (Off { throw: a, mv: m, .. }, Off { throw: b, mv: n, .. }) => (a, m) == (b, n),
            (LeftOut { throw: a, .. }, LeftOut { throw: b, .. }) => a == b,
            _ => false,
        }
    }

    /// The edit's kind, as its JSON names it (`letter`, `die`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Edit::Letter { .. } => "letter",
            Edit::Die { .. } => "die",
            Edit::SwapMoves { .. } => "swap-moves",
            Edit::Transpose { .. } => "transpose",
            Edit::LeftOut { .. } => "left-out",
            Edit::SwapThrows { .. } => "swap-throws",
            Edit::Seat { .. } => "seat",
            Edit::Number { .. } => "number",
            Edit::Lacuna { .. } => "lacuna",
            Edit::PageBreak { .. } => "page-break",
            Edit::Duplicate { .. } => "duplicate",
            Edit::Mark { .. } => "mark",
            Edit::Holes { .. } => "holes",
            Edit::Hit { .. } => "hit",
            Edit::Off { .. } => "off",
        }
    }

    /// What the edit says, in the record's letters: `L read for I in move 2`.
    pub fn describe(&self, d: Dialect) -> String {
        self.describe_in(PointNames::Letters(d), None)
    }

    /// What the edit says, its points and plays named by `names`: the record's letters, or
    /// (`repair --points`, docs/games.md §I) the point numbers of `seat`, the thrower at the
    /// edit's throw, as a backgammon player counts them (`13/9*`, `20` for the letter E of
    /// bottom); with no seat known, Soumille's letters.
    pub fn describe_in(&self, names: PointNames, seat: Option<Seat>) -> String {
        let numbers = match (names, seat) {
            (PointNames::Numbers, Some(s)) => Some(s),
            _ => None,
        };
        let d = names.dialect();
        let l = |p: &Point| numbers.map_or_else(|| p.letter(d).to_string(), |s| p.number(s).to_string());
        let end = |p: &Option<Point>| match (p, numbers) {
            (None, Some(_)) => "off".to_string(),
            (None, None) => "#".to_string(),
            (Some(p), _) => l(p),
        };
        let play_in = |p: &Play, d: Dialect| match numbers {
            Some(s) => crate::games::backgammon::points::written_in_points(s, p),
            None => play_in(p, d),
        };
        let seat = |s: &Option<Seat>| s.map_or("no seat".to_string(), |s| s.name().to_string());
        match self {
            Edit::Letter { throw, mv, written, read, .. } if numbers.is_some() => {
                let (r, w) = (read.letter(Dialect::Soumille), written.letter(Dialect::Soumille));
                format!(
                    "throw {throw}: point {} (`{r}`) read for point {} (`{w}`) (move {})",
                    l(read),
                    l(written),
                    mv + 1
                )
            }
            Edit::Letter { throw, mv, written, read, .. } => {
                format!("throw {throw}: `{}` read for `{}` (move {})", l(read), l(written), mv + 1)
            }
            Edit::Die { throw, written, read } => format!("throw {throw}: dice {read} read for {written}"),
            Edit::SwapMoves { throw, first, second } => {
                format!("throw {throw}: moves {} and {} swapped between the dice", first + 1, second + 1)
            }
            Edit::SwapThrows { throw } => format!("throws {throw} and {} written in each other's place", throw + 1),
            Edit::Transpose { throw, mv } => {
                format!("throw {throw}: the two letters of move {} written in each other's place", mv + 1)
            }
            Edit::LeftOut { throw, mv, read } => {
                let shown = read.parse::<Play>().map_or_else(|_| read.clone(), |p| play_in(&p, d));
                format!("throw {throw}: move {} `{shown}` left out, put in", mv + 1)
            }
            Edit::Seat { throw, written, read } => format!("throw {throw}: {} read for {}", seat(read), seat(written)),
            Edit::Number { throw, written, through: None } => format!("throw {throw}: numbered {written}"),
            Edit::Number { throw, written, through: Some(last) } => renumbered(*throw, *written, *last),
            Edit::Lacuna { throw, dice, play, marks } => {
                let play = play.parse::<Play>().map_or_else(|_| play.clone(), |p| play_in(&p, d));
                let marks = marks.map(|m| format!("+{m} ")).unwrap_or_default();
                format!("throw {throw} missing: {dice} {marks}{play} supplied")
            }
            Edit::PageBreak { throw, lost } => page_break(*throw, lost, &|p: &Play| play_in(p, d)),
            Edit::Duplicate { throw } => format!("throw {throw} written twice: the copy taken out"),
            Edit::Mark { throw, opponent, written, read, .. } => {
                let whose = if *opponent { "the opponent's mark" } else { "mark" };
                format!("throw {throw}: {whose} +{read} read for +{written}")
            }
            Edit::Holes { throw, written, read, .. } => {
                let h = |h: &Option<u32>| h.map_or("no hole".to_string(), |h| format!("{h} holes"));
                format!("throw {throw}: {} read for {}", h(read), h(written))
            }
            Edit::Hit { throw, mv, written, .. } => {
                let what = if *written { "extra" } else { "missing" };
                format!("throw {throw}: a `*` {what} in move {}", mv + 1)
            }
            Edit::Off { throw, mv, written, read } => {
                format!("throw {throw}: `{}` read for `{}` (move {})", end(read), end(written), mv + 1)
            }
        }
    }

    /// Makes the edit on `rec`; `false` (the record left as it was or unusable) when it does
    /// not fit the record. With `note`, a `{ repaired: … }` comment in `d`'s letters is left
    /// at the edit, so that nothing of the source is lost silently.
    pub fn apply(&self, rec: &mut Record, note: Option<Dialect>) -> bool {
        let i = self.throw() as usize;
        let ok = match self {
            Edit::SwapThrows { .. } => swap_throws(rec, i),
            Edit::Lacuna { dice, play, marks, .. } => lacuna(rec, i, *dice, play, *marks, None),
            Edit::PageBreak { lost, .. } => {
                // put in last first: each takes the other seat of the throw after it
                let fits = (1..=rec.throws.len() + 1).contains(&i) && !lost.is_empty();
                fits && lost.iter().rev().all(|s| lacuna(rec, i, s.dice, &s.play, s.marks, s.goes))
            }
            Edit::Duplicate { .. } => duplicate(rec, i, note),
            Edit::Number { throw, through, .. } => renumber_run(rec, *throw, through.unwrap_or(*throw)),
            _ => match rec.throws.get_mut(i.wrapping_sub(1)) {
                Some(t) => self.apply_in(t),
                None => false,
            },
        };
        if ok {
            if let (Some(d), Some(t)) = (note, rec.throws.get_mut(i.wrapping_sub(1))) {
                if !matches!(self, Edit::Duplicate { .. }) {
                    t.comments.push(self.comment(d, anchor_of(t)));
                }
            }
        }
        ok
    }

    fn comment(&self, d: Dialect, after: Anchor) -> Comment {
        Comment { style: CommentStyle::Brace, text: format!(" repaired: {} ", self.describe(d)), after: Some(after) }
    }

    /// An edit within one throw.
    fn apply_in(&self, t: &mut Throw) -> bool {
        match *self {
            Edit::Letter { mv, slot, written, read, .. } => {
                let Some(m) = moves(t).and_then(|ms| ms.get_mut(mv)) else { return false };
                match slot {
                    Slot::From if m.from_point() == Some(written) => m.from = crate::notation::Origin::Point(read),
                    Slot::To if m.to == Target::Point(written) => m.to = Target::Point(read),
                    Slot::Rest(k) if m.rests.get(k) == Some(&written) => {
                        let mut rests: Vec<Point> = m.rests.to_vec();
                        rests[k] = read;
                        m.rests = rests.into_iter().collect();
                    }
                    _ => return false,
                }
                true
            }
            Edit::Die { written, read, .. } => {
                t.dice == Some(written) && {
                    t.dice = Some(read);
                    true
                }
            }
            Edit::SwapMoves { first, second, .. } => {
                let Some(ms) = moves(t) else { return false };
                if first >= ms.len() || second >= ms.len() || first == second {
                    return false;
                }
                let (a, b) = (ms[first].to, ms[second].to);
                ms[first].to = b;
                ms[second].to = a;
                true
            }
            Edit::Transpose { mv, .. } => {
                let Some(m) = moves(t).and_then(|ms| ms.get_mut(mv)) else { return false };
                let (Some(from), Target::Point(to)) = (m.from_point(), m.to) else { return false };
                if from == to || !m.rests.is_empty() {
                    return false;
                }
                m.from = crate::notation::Origin::Point(to);
                m.to = Target::Point(from);
                m.hits = 0;
                true
            }
            Edit::LeftOut { mv, ref read, .. } => {
                let Ok(Play::Moves(added)) = read.parse::<Play>() else { return false };
                let (Some(m), Some(ms)) = (added.first().copied(), moves(t)) else { return false };
                if added.len() != 1 || mv > ms.len() {
                    return false;
                }
                let mut v: Vec<crate::notation::Move> = ms.to_vec();
                v.insert(mv, m);
                *ms = v.into_iter().collect();
                true
            }
            Edit::Seat { written, read, .. } => {
                t.seat == written && {
                    t.seat = read;
                    true
                }
            }
            Edit::Mark { .. } | Edit::Holes { .. } => self.apply_to_score(t),
            Edit::Hit { mv, after, written, .. } => {
                let Some(m) = moves(t).and_then(|ms| ms.get_mut(mv)) else { return false };
                if after > m.rests.len() || m.hit_after(after) != written {
                    return false;
                }
                m.hits ^= 1 << after;
                true
            }
            Edit::Off { mv, written, read, .. } => {
                let Some(m) = moves(t).and_then(|ms| ms.get_mut(mv)) else { return false };
                if m.to != target_of(written) {
                    return false;
                }
                m.to = target_of(read);
                true
            }
            _ => false,
        }
    }

    /// A mark or hole count edited within one throw (a part of [`Edit::apply_in`]).
    fn apply_to_score(&self, t: &mut Throw) -> bool {
        match *self {
            Edit::Mark { opponent, index, written, read, .. } => {
                let marks: Option<&mut [Mark]> = if opponent {
                    t.opponent.as_mut().map(|o| o.marks.as_mut_slice())
                } else {
                    Some(t.marks.as_mut_slice())
                };
                match marks.and_then(|ms| ms.get_mut(index)) {
                    Some(m) if m.points == written => {
                        m.points = read;
                        true
                    }
                    _ => false,
                }
            }
            Edit::Holes { opponent, written, read, .. } => {
                let holes = if opponent { t.opponent.as_mut().map(|o| &mut o.holes) } else { Some(&mut t.holes) };
                match holes {
                    Some(h) if *h == written => {
                        *h = read;
                        true
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }
}

/// A play in `d`'s letters.
pub fn play_in(p: &Play, d: Dialect) -> String {
    crate::notation::printer::play_text(p, d)
}

/// The moves of a throw's play.
fn moves(t: &mut Throw) -> Option<&mut crate::notation::Moves> {
    match &mut t.play {
        Some(Play::Moves(ms)) => Some(ms),
        _ => None,
    }
}

/// Where a repair comment goes in a throw: after its dice (or its number).
fn anchor_of(t: &Throw) -> Anchor {
    if t.dice.is_some() {
        Anchor::Dice
    } else {
        Anchor::Number
    }
}

/// Numbers the throws again from 1.
fn renumber(rec: &mut Record) {
    for (k, t) in rec.throws.iter_mut().enumerate() {
        t.number = k as u32 + 1;
    }
}

/// Numbers throws `first..=last` by their places; `false` when the run is not in the record.
fn renumber_run(rec: &mut Record, first: u32, last: u32) -> bool {
    let (a, b) = (first as usize, last as usize);
    if a == 0 || b < a || b > rec.throws.len() {
        return false;
    }
    for (k, t) in rec.throws[a - 1..b].iter_mut().enumerate() {
        t.number = first + k as u32;
    }
    true
}

fn swap_throws(rec: &mut Record, i: usize) -> bool {
    if i == 0 || i >= rec.throws.len() {
        return false;
    }
    let (a, b) = rec.throws.split_at_mut(i);
    let (x, y) = (&mut a[i - 1], &mut b[0]);
    std::mem::swap(&mut x.dice, &mut y.dice);
    std::mem::swap(&mut x.play, &mut y.play);
    std::mem::swap(&mut x.marks, &mut y.marks);
    std::mem::swap(&mut x.holes, &mut y.holes);
    std::mem::swap(&mut x.opponent, &mut y.opponent);
    true
}

fn lacuna(rec: &mut Record, i: usize, dice: Dice, play: &str, marks: Option<i64>, goes: Option<bool>) -> bool {
    let Ok(play) = play.parse::<Play>() else { return false };
    if i == 0 || i > rec.throws.len() + 1 {
        return false;
    }
    let mut t = Throw::new(i as u32, dice);
    // a record that names its seats names the missing throw's (the other of the next one's)
    t.seat = rec.throws.get(i - 1).and_then(|n| n.seat).map(Seat::other);
    t.play = Some(play);
    if let Some(points) = marks {
        t.marks.push(Mark { points, jans: Default::default() });
    }
    t.decision = goes.map(|g| if g { crate::notation::Decision::Go } else { crate::notation::Decision::Hold });
    rec.throws.insert(i - 1, t);
    renumber(rec);
    true
}

fn duplicate(rec: &mut Record, i: usize, note: Option<Dialect>) -> bool {
    if i == 0 || i > rec.throws.len() {
        return false;
    }
    let mut gone = rec.throws.remove(i - 1);
    // the copy's own repair notes are not quoted in the note that it was taken out
    gone.comments.retain(|c| !c.text.trim_start().starts_with("repaired:"));
    renumber(rec);
    if let Some(d) = note {
        let text = crate::notation::printer::throw_text(&gone, d, crate::notation::printer::record_game(rec));
        let keep = i.saturating_sub(2).min(rec.throws.len().saturating_sub(1));
        if let Some(t) = rec.throws.get_mut(keep) {
            let after = if keep + 1 == i { Anchor::Dice } else { anchor_of(t) };
            let after = if t.dice.is_some() { after } else { Anchor::Number };
            let c = Comment {
                style: CommentStyle::Brace,
                text: format!(
                    " repaired: throw {i} written twice, the copy `{}` taken out ",
                    text.trim().replace(['{', '}'], "")
                ),
                after: Some(after),
            };
            t.comments.push(c);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(text: &str) -> Record {
        crate::notation::read(text).remove(0).record
    }

    fn p(c: char) -> Point {
        Point::from_letter(c, Dialect::Soumille).unwrap()
    }

    fn printed(r: &Record) -> String {
        crate::notation::print_record(r, Default::default())
    }

    #[test]
    fn each_edit_changes_what_it_says_and_nothing_else() {
        let base = rec("[Game \"jacquet\"]\n\n1. 6-5 AG AF\n2. 4-2 &X &Z\n3. 3-1 GK* F#\n");
        let cases: Vec<(Edit, &str)> = vec![
            (Edit::Letter { throw: 1, mv: 1, slot: Slot::To, written: p('F'), read: p('E') }, "1. 6-5 AG AE\n"),
            (
                Edit::Die { throw: 2, written: Dice::new(4, 2).unwrap(), read: Dice::new(5, 2).unwrap() },
                "2. 5-2 &X &Z\n",
            ),
            (Edit::SwapMoves { throw: 1, first: 0, second: 1 }, "1. 6-5 AF AG\n"),
            (Edit::Transpose { throw: 1, mv: 0 }, "1. 6-5 GA AF\n"),
            (Edit::SwapThrows { throw: 1 }, "1. 4-2 &X &Z\n2. 6-5 AG AF\n"),
            (Edit::Hit { throw: 3, mv: 0, after: 0, written: true }, "3. 3-1 GK F#\n"),
            (Edit::Off { throw: 3, mv: 1, written: None, read: Some(p('G')) }, "3. 3-1 GK* FG\n"),
            (Edit::Duplicate { throw: 2 }, "2. 3-1 GK* F#\n"),
            (
                Edit::Lacuna { throw: 2, dice: Dice::new(1, 1).unwrap(), play: "&Z".into(), marks: None },
                "2. 1-1 &Z\n3. 4-2 &X &Z\n",
            ),
            (
                Edit::Lacuna { throw: 2, dice: Dice::new(1, 1).unwrap(), play: "&Z".into(), marks: Some(4) },
                "2. 1-1 +4 &Z\n",
            ),
        ];
        for (e, want) in cases {
            let mut r = base.clone();
            assert!(e.apply(&mut r, None), "{e:?}");
            assert!(printed(&r).contains(want), "{e:?}: {}", printed(&r));
            assert!(r.throws.iter().enumerate().all(|(k, t)| t.number == k as u32 + 1));
            // an edit that does not fit the record is refused
            let mut r = base.clone();
            let wrong = match e {
                Edit::Letter { throw, mv, slot, written, read } => {
                    Edit::Letter { throw, mv, slot, written: read, read: written }
                }
                Edit::Die { throw, written, read } => Edit::Die { throw: throw + 1, written, read },
                other => Edit::Duplicate { throw: other.throw() + 10 },
            };
            assert!(!wrong.apply(&mut r, None), "{wrong:?}");
            assert_eq!(r, base);
        }
    }

    #[test]
    fn a_note_is_a_comment_at_the_edit_and_edits_read_back() {
        let mut r = rec("[Letters \"lepeintre\"]\n\n1. 6-5 yr ys\n2. 4-2 ae ac\n");
        let e = Edit::Letter { throw: 2, mv: 0, slot: Slot::To, written: p('V'), read: p('X') };
        assert!(e.apply(&mut r, Some(Dialect::Lepeintre)));
        let text = crate::notation::print_record(&r, Default::default());
        assert!(text.contains("2. 4-2 { repaired: throw 2: `d` read for `e` (move 1) } ad ac"), "{text}");
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(json, r#"{"edit":"letter","throw":2,"move":0,"slot":"to","written":"V","read":"X"}"#);
        assert_eq!(serde_json::from_str::<Edit>(&json).unwrap(), e);
        let mut r = rec("1. 6-5 AG AF\n2. 6-5 AG AF { twice }\n3. 4-2 &X &Z\n");
        assert!(Edit::Duplicate { throw: 2 }.apply(&mut r, Some(Dialect::Soumille)));
        let text = crate::notation::print_record(&r, Default::default());
        assert!(
            text.contains(
                "1. 6-5 { repaired: throw 2 written twice, the copy `2. 6-5 AG AF  twice ` taken out } AG AF"
            ),
            "{text}"
        );
    }
}
