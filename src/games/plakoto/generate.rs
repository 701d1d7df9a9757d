//! Seeded self-play of Plakoto (`generate --game plakoto`): random lawful plays from the
//! opening until the game ends (docs/games.md §J.5, §J.6), as a record whose every play is
//! lawful, every pin claimed (`*`) and whose `Result` is right.

use super::board::Board;
use super::end::{outcome, Outcome};
use super::movegen::{legal_plays_into, Plays};
use super::options::Options;
use crate::board::Seat;
use crate::generate::Rng;
use crate::notation::{Record, Tag, Throw};

/// The most throws of a generated game (a game ends long before).
pub const MAX_THROWS: u32 = 5000;

/// One generated game for `seed` under `options`.
pub fn generate_record(seed: u64, options: &Options) -> Record {
    let mut rng = Rng::new(seed);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut board = Board::opening(first);
    let mut plays = Plays::new();
    let mut throws = Vec::new();
    let mut end = None;
    for number in 1..=MAX_THROWS {
        let dice = rng.dice();
        let seat = board.turn;
        legal_plays_into(&board, dice, &mut plays);
        let mut t = Throw::new(number, dice);
        match plays.as_slice().get(rng.below(plays.as_slice().len().max(1) as u64) as usize) {
            Some(play) => {
                t.play = Some(play.to_recorded(seat));
                board = super::judge::apply(&play.after);
            }
            None => {
                t.play = Some(crate::notation::Play::Pass);
                board.turn = seat.other();
            }
        }
        throws.push(t);
        end = outcome(&board, options.mana);
        if end.is_some() {
            break;
        }
    }
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags =
        vec![tag("Game", "plakoto".into()), tag("Event", "generated".into()), tag("First", first.name().into())];
    let rules = options.to_string();
    if !rules.is_empty() {
        tags.push(tag("Rules", rules));
    }
    let result = match end {
        Some(o @ Outcome::Win { .. }) => o.to_string(),
        Some(Outcome::Draw) | None => "*".into(),
    };
    tags.push(tag("Result", result));
    tags.push(tag("Source", format!("soumille generate --game plakoto --seed {seed}")));
    Record { comments: Vec::new(), tags, throws, span: None }
}
