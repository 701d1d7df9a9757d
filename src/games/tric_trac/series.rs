//! A Tric Trac record's throws in turn, with their claims (docs/games.md §E.10–§E.12): the
//! seat to throw (the same after a doublet, the loser after a partie), the play judged, the
//! points it scores against the marks written, the partie won against the `partie` claim,
//! the winner's decision, and the series' result.
//!
//! This is the books' logic in the engine's terms (relative paths, points, seats); the
//! replay turns its findings ([`Claim`]) into flags with words.

use super::judge::{judge_lazy, Judgement, Path};
use super::movegen::{legal_plays_into, Plays};
use super::options::Options;
use super::score::{next_turn, put_back_if_all_off, Choice, PartieWon, Score};
use crate::board::Seat;
use crate::dice::Dice;
use crate::position::Position;

/// One throw as a record gives it, in the engine's terms.
#[derive(Clone, Copy, Debug)]
pub struct ThrowRecord<'a> {
    /// The throw's number.
    pub number: u32,
    /// The seat written, if any.
    pub seat: Option<Seat>,
    /// The dice.
    pub dice: Dice,
    /// The paths of the play, in the thrower's relative points (empty: `-` or none).
    pub paths: &'a [Path],
    /// The points the marks claim (0 when none is written).
    pub marks: u16,
    /// The `partie` claim's multiple, 1 to 4.
    pub partie: Option<u8>,
    /// Whether the `partie` claim is checked: a record with no marks and no `partie` at
    /// all claims nothing.
    pub claims: bool,
    /// Whether the marks are claims (docs/games.md §H.3): only when the record writes `+` marks
    /// somewhere; a record with none at all is scored, not schooled, as Grand Trictrac's
    /// records without marks (docs/rules.md §9), even when it writes `partie` claims; nor is a
    /// missing decision after a partie won flagged there (it is `recommence`).
    pub marks_claimed: bool,
    /// The decision written after a partie won.
    pub decision: Option<Choice>,
}

/// A wrong claim of a record (docs/games.md §E.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The recorded thrower is not the seat to throw (after a doublet the same seat throws).
    Seat {
        /// Whose turn it was.
        expected: Seat,
        /// Who the record says threw.
        recorded: Seat,
    },
    /// The marks' points differ from what the play scored.
    Marks {
        /// Points claimed (0 when no mark is written).
        claimed: u16,
        /// Points scored: captures, men borne off, pont.
        computed: u16,
    },
    /// A `*` where no man was captured, or a capture without one.
    Hit,
    /// The `partie` claim differs from the partie won (or none was won).
    Partie {
        /// The multiple claimed (`None`: no claim).
        claimed: Option<u8>,
        /// The value of the partie won (`None`: none won).
        computed: Option<u8>,
    },
    /// `prolonge`/`recommence` after a throw that won no partie.
    DecisionWithoutPartie(Choice),
    /// No decision after the partie won by throw `number`, and more throws follow
    /// (`recommence` was taken).
    DecisionMissing {
        /// The throw that won the partie.
        number: u32,
    },
}

/// What one throw did.
#[derive(Clone, Debug)]
pub struct ThrowOutcome {
    /// The seat that threw (the recorded one, else the seat to throw).
    pub seat: Seat,
    /// The position before the throw (turn: the thrower).
    pub before: Position,
    /// The play judged (its `after` is the board right after the moves).
    pub judgement: Judgement,
    /// What the throw scored for the thrower.
    pub points: u16,
    /// The partie it won.
    pub won: Option<PartieWon>,
    /// Whether fifteen men borne off went back to the start point.
    pub put_back: bool,
    /// The claims that were wrong.
    pub claims: smallvec::SmallVec<[Claim; 2]>,
    /// The play could not be made: the replay stops here.
    pub stopped: bool,
}

/// A record's series being replayed.
#[derive(Clone, Debug)]
pub struct Series {
    /// The board; its turn is the seat to throw.
    pub pos: Position,
    /// The points and parties.
    pub score: Score,
    /// The options.
    pub options: Options,
    /// The legal plays of the last roll, when `filled` ([`Series::legal_plays`]).
    plays: Plays,
    /// Whether `plays` holds the legal plays of `roll`: a play judged lawful needs none.
    filled: bool,
    /// The last throw's position (turn: the thrower), thrower's points and dice.
    roll: Option<(Position, u16, Dice)>,
    /// A partie won with no decision written: its throw number.
    pending_decision: Option<u32>,
}

impl Series {
    /// A series from `pos` (the seat to throw first as its turn) and `score`.
    pub fn new(pos: Position, score: Score, options: Options) -> Series {
        Series { pos, score, options, plays: Plays::default(), filled: false, roll: None, pending_decision: None }
    }

    /// The legal plays of the last throw's roll (docs/games.md §E.5), generated now if judging it
    /// did not need them.
    pub fn legal_plays(&mut self) -> &Plays {
        if let (false, Some((pos, points, dice))) = (self.filled, self.roll) {
            legal_plays_into(&pos, points, dice, &self.options, &mut self.plays);
            self.filled = true;
        }
        &self.plays
    }

    /// Whether `seat` could play `dice` from `pos` (its turn: `seat`): a throw with no play
    /// written passes only when it could not.
    pub fn could_play(&mut self, pos: &Position, seat: Seat, dice: Dice) -> bool {
        legal_plays_into(pos, self.score.points[seat.index()], dice, &self.options, &mut self.plays);
        self.filled = false;
        self.plays.max_moves > 0
    }

    /// Plays one throw of the record.
    pub fn throw(&mut self, t: &ThrowRecord) -> ThrowOutcome {
        let mut claims = smallvec::SmallVec::new();
        if let Some(number) = self.pending_decision.take() {
            claims.push(Claim::DecisionMissing { number });
        }
        let expected = self.pos.turn();
        let seat = t.seat.unwrap_or(expected);
        if seat != expected {
            claims.push(Claim::Seat { expected, recorded: seat });
            self.pos.set_turn(seat);
        }
        let before = self.pos;
        let points_before = self.score.points[seat.index()];
        let (judgement, filled) = judge_lazy(&before, points_before, t.dice, &self.options, &mut self.plays, t.paths);
        self.filled = filled;
        self.roll = Some((before, points_before, t.dice));
        let points = judgement.points();
        if !judgement.hits_ok {
            claims.push(Claim::Hit);
        }
        if t.marks_claimed && t.marks != points {
            claims.push(Claim::Marks { claimed: t.marks, computed: points });
        }
        let Some(after) = judgement.after else {
            return ThrowOutcome { seat, before, judgement, points, won: None, put_back: false, claims, stopped: true };
        };
        self.pos = after;
        let won = self.score.add(seat, points);
        let computed = won.map(|w| w.value);
        if t.claims && t.partie != computed {
            claims.push(Claim::Partie { claimed: t.partie, computed });
        }
        let put_back = put_back_if_all_off(&mut self.pos, seat);
        match &won {
            Some(w) => {
                // a missing decision is `recommence`; flagged when throws follow, but not in a
                // record without marks (docs/games.md §H.3, as docs/rules.md §9's missing `tient`)
                if t.decision.is_none() && t.marks_claimed {
                    self.pending_decision = Some(t.number);
                }
                self.score.next_partie(&mut self.pos, w, t.decision.unwrap_or_default(), &self.options);
            }
            None => {
                if let Some(d) = t.decision {
                    claims.push(Claim::DecisionWithoutPartie(d));
                }
                self.pos.set_turn(next_turn(seat, t.dice.is_doublet(), None));
            }
        }
        ThrowOutcome { seat, before, judgement, points, won, put_back, claims, stopped: false }
    }

    /// Whether a `Result` claim of the series (`winner w-l`) is the one computed; `None`
    /// claims an unfinished series and is never wrong.
    pub fn result_right(&self, claimed: Option<(Seat, u32, u32)>) -> bool {
        let Some((winner, w, l)) = claimed else { return true };
        let [t, b] = self.score.parties.map(u32::from);
        match winner {
            Seat::Top => (t, b) == (w, l),
            Seat::Bottom => (b, t) == (w, l),
        }
    }
}
