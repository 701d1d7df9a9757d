//! Grand Trictrac's part of the output model (docs/design.md, "The output model"): what a
//! replayed throw adds ([`GrandTrictracStep`]), the books of a whole record
//! ([`GrandTrictracBooks`], Trictrac à écrire's [`MarqueResult`]), how a tour ended
//! ([`Outcome`]), and the two rules the shared model asks of the game: the school a fact
//! raises (what an école's flag says of it, [`school_of`]) and the score a record starts from
//! ([`start_score`]). The shared model (`src/replay/`) names no game; these are re-exported
//! there so that `crate::replay::GrandTrictracStep` and the others keep their paths.

use crate::board::Seat;
use crate::games::grand_trictrac::score::Score;
use crate::games::grand_trictrac::scoring::RollJans;
use crate::notation::{Decision, Header};
use crate::replay::{End, Fact, How, Replay, Step, StepDetail};
use serde::Serialize;

/// Grand Trictrac's part of a throw (docs/rules.md §4–§9).
#[derive(Clone, Copy, Debug)]
pub struct GrandTrictracStep {
    /// The relève ended with this throw (`va` or a sortie).
    pub releve: bool,
    /// Every jan the roll makes (before any man moved).
    pub jans: RollJans,
    /// What each seat marked in the books (`[top, bottom]`; claims where the record has them).
    pub marked: [u16; 2],
    /// What each seat should have marked (`[top, bottom]`).
    pub expected: [u16; 2],
    /// Holes each seat won with this throw (`[top, bottom]`).
    pub holes_won: [u16; 2],
    /// The thrower held (`tient`) or went (`va`) after a hole; `None` when no hole.
    pub decision: Option<Decision>,
    /// The score after the throw (the books' points, which may pass what a position string
    /// holds).
    pub score: Score,
}

impl Step {
    /// Grand Trictrac's part of the throw, for a Grand Trictrac record.
    pub fn grand_trictrac(&self) -> Option<&GrandTrictracStep> {
        match &self.detail {
            StepDetail::GrandTrictrac(g) => Some(g),
            _ => None,
        }
    }

    /// The relève ended with this throw (Grand Trictrac); `false` in the other games.
    pub fn releve(&self) -> bool {
        self.grand_trictrac().is_some_and(|g| g.releve)
    }
}

impl End {
    /// A Grand Trictrac tour's outcome, for a tour.
    pub fn tour(&self) -> Option<Outcome> {
        match self.how {
            How::Tour { winner_holes, loser_holes, bredouille } => {
                Some(Outcome { winner: self.winner, winner_holes, loser_holes, bredouille, stakes: self.value })
            }
            _ => None,
        }
    }
}

impl From<Outcome> for End {
    fn from(o: Outcome) -> End {
        End {
            winner: o.winner,
            value: o.stakes,
            how: How::Tour { winner_holes: o.winner_holes, loser_holes: o.loser_holes, bredouille: o.bredouille },
        }
    }
}

/// Grand Trictrac's books as a whole (docs/rules.md §8, §9, §12).
#[derive(Clone, Debug, Default)]
pub struct GrandTrictracBooks {
    /// The score at the end, as the record's claims leave it (docs/rules.md §9).
    pub score: Score,
    /// Whether the record has claims (`+` marks); without them the computed marks are used.
    pub has_claims: bool,
    /// Whose marks the record's claims are, `[top, bottom]` (docs/rules.md §9: the
    /// `MarksKept` tag, else the seats that write marks); a seat whose marks were not kept is
    /// scored from the computed marks, with no école against it.
    pub marks_kept: [bool; 2],
    /// A record without the `MarksKept` tag in which only one seat writes marks: the seat
    /// that never does (the one note said of it, docs/rules.md §9).
    pub silent_seat: Option<Seat>,
    /// Trictrac à écrire: the marqués played (winner's and loser's holes).
    pub marques: Vec<MarqueResult>,
    /// Whether the queue des jetons is counted (`queue-jetons`).
    pub queue_jetons: bool,
}

impl Replay {
    /// The tour's outcome (Grand Trictrac), when it ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.and_then(|e| e.tour())
    }

    /// Grand Trictrac's score at the end (the default for the other games).
    pub fn score(&self) -> Score {
        self.grand_trictrac.as_ref().map_or_else(Score::default, |g| g.score)
    }
}

/// How a tour ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// The seat that reached twelve holes.
    pub winner: Seat,
    /// Its holes.
    pub winner_holes: u16,
    /// The loser's holes.
    pub loser_holes: u16,
    /// Grande bredouille or not.
    pub bredouille: crate::games::grand_trictrac::score::Bredouille,
    /// The winnings under the scheme of the `Rules` tag.
    pub stakes: f64,
}

/// One marqué of Trictrac à écrire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MarqueResult {
    /// The throw that ended it.
    pub throw: u32,
    /// Holes of each seat.
    pub holes: [u16; 2],
    /// The winner (more holes); `None` for a refait.
    pub winner: Option<Seat>,
    /// Petite or grande bredouille.
    pub bredouille: crate::games::grand_trictrac::score::MarqueBredouille,
    /// The consolation counted (docs/rules.md §12).
    pub consolation: i64,
    /// The marqué's points for its winner.
    pub value: i64,
}

/// How a Grand Trictrac école came about and the seat that may mark it (see
/// [`Flag::school`]), from the fact that raises it.
pub(crate) fn school_of(fact: &Fact) -> Option<(&'static str, Seat)> {
    use crate::games::grand_trictrac::Fact as F;
    match fact {
        Fact::GrandTrictrac(F::Ecole { seat, claimed, worth, .. }) => {
            Some((if claimed < worth { "par-moins" } else { "par-trop" }, seat.other()))
        }
        Fact::GrandTrictrac(F::JanNotKept { seat, .. }) => Some(("plein", seat.other())),
        Fact::GrandTrictrac(F::MarkedAfterGo { went, .. }) => Some(("par-trop", *went)),
        Fact::GrandTrictrac(F::MoreHoles { seat, .. }) => Some(("holes", seat.other())),
        _ => None,
    }
}

/// The score a record starts from: the score fields of its `Position` tag (docs/format.md §6),
/// or nothing. Without `bredouille=`, the only seat holding points is en bredouille, if just
/// one does.
pub fn start_score(header: &Header) -> Score {
    let mut score = Score::default();
    let Some(sc) = header.position.as_ref().map(|s| &s.score) else { return score };
    if let Some(p) = sc.points {
        score.points = [p[Seat::Top] as u16, p[Seat::Bottom] as u16];
    }
    if let Some(h) = sc.holes {
        score.holes = [h[Seat::Top], h[Seat::Bottom]];
    }
    score.bredouille = match sc.bredouille {
        Some(b) => [b == Some(Seat::Top), b == Some(Seat::Bottom)],
        None => [score.points[0] > 0 && score.points[1] == 0, score.points[1] > 0 && score.points[0] == 0],
    };
    if let Some(p) = sc.pavillon {
        score.pavillon = p;
    }
    score
}

impl Fact {
    /// How the école a fact raises came about and the seat that may mark it (Grand
    /// Trictrac's, [`school_of`]); `None` for every other fact.
    #[inline]
    pub(crate) fn school(&self) -> Option<(&'static str, Seat)> {
        school_of(self)
    }
}

impl Replay {
    /// How much of the game's own books the throws made: Trictrac à écrire's marqués played
    /// (they are only added to during the throws); 0 in the other games. A checkpoint counts
    /// it, so that a resumed replay keeps the books made before it ([`crate::replay::replay_from`]).
    pub(crate) fn game_books_len(&self) -> usize {
        self.grand_trictrac.as_ref().map_or(0, |g| g.marques.len())
    }

    /// Takes `earlier`'s own books, its first `len` ([`Replay::game_books_len`]), into this
    /// replay's.
    pub(crate) fn take_game_books(&mut self, earlier: &mut Replay, len: usize) {
        if let (Some(g), Some(eg)) = (self.grand_trictrac.as_mut(), earlier.grand_trictrac.as_mut()) {
            let mut marques = std::mem::take(&mut eg.marques);
            marques.truncate(len);
            g.marques = marques;
        }
    }

    /// Copies `earlier`'s own books, its first `len`, into this replay's.
    pub(crate) fn copy_game_books(&mut self, earlier: &Replay, len: usize) {
        if let (Some(g), Some(eg)) = (self.grand_trictrac.as_mut(), earlier.grand_trictrac.as_ref()) {
            g.marques = eg.marques[..len].to_vec();
        }
    }
}
