//! Seeded self-play: complete games of random lawful play, as records (CLI.md `generate`).
//! The same seed gives the same games.

use crate::board::Seat;
use crate::dice::Dice;
use crate::notation::{Move, Play as RecordedPlay, Record, Tag, Target, Throw};
use crate::position::{MoveRules, Position, OFF};

/// A small, seeded, reproducible generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }

    /// A roll of two dice.
    pub fn dice(&mut self) -> Dice {
        Dice::new(1 + self.below(6) as u8, 1 + self.below(6) as u8).expect("1..=6")
    }
}

/// A legal play as record moves, canonical (tout d'une written origin and end only).
pub fn record_moves(pos: &Position, play: &crate::position::Play) -> RecordedPlay {
    let seat = pos.turn();
    let text = play.notation(seat);
    if text == "-" {
        return RecordedPlay::Pass;
    }
    let moves = text
        .split(' ')
        .map(|m| {
            let b: Vec<char> = m.chars().collect();
            let from = crate::board::Point::from_letter(b[0], crate::board::Dialect::Soumille).expect("letter");
            let to = if b[1] == '#' {
                Target::Off
            } else {
                Target::Point(crate::board::Point::from_letter(b[1], crate::board::Dialect::Soumille).expect("letter"))
            };
            Move { from, rest: None, to }
        })
        .collect();
    RecordedPlay::Moves(moves)
}

/// One relève of random lawful play from the opening, until a seat bears off all its men
/// (or `max_throws`): the throws, numbered from `first_number`.
pub fn releve(rng: &mut Rng, first: Seat, first_number: u32, max_throws: u32) -> Vec<Throw> {
    let rules = MoveRules::default();
    let mut pos = Position::opening(first);
    let mut out = Vec::new();
    for n in 0..max_throws {
        let dice = rng.dice();
        let plays = pos.legal_plays(dice, rules);
        let k = rng.below(plays.len() as u64) as usize;
        let play = *plays.iter().nth(k).expect("a play");
        let mut t = Throw::new(first_number + n, dice);
        t.play = Some(record_moves(&pos, &play));
        out.push(t);
        let seat = pos.turn();
        pos = pos.after(&play);
        if pos.men(seat, OFF) == 15 {
            break;
        }
    }
    out
}

/// `n` generated games for `seed`: each one relève of random lawful play to the sortie.
pub fn games(n: u32, seed: u64) -> Vec<Record> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|k| {
            let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
            let tag = |name: &str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
            let tags = vec![
                tag("Game", "grand-trictrac".into()),
                tag("Event", "generated".into()),
                tag("First", first.name().into()),
                tag("Source", format!("soumille generate --seed {seed}, game {}", k + 1)),
            ];
            let throws = releve(&mut rng, first, 1, 2000);
            Record { comments: Vec::new(), tags, throws, span: None }
        })
        .collect()
}
