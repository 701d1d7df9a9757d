//! Seeded self-play of Jacquet and Moultezim: a complete game of random legal plays, as a
//! record ending with its correct `Result` (`generate --game jacquet`). The same seed and
//! options give the same record.

use super::board::Board;
use super::movegen::{legal_plays_into, Plays};
use super::options::JacquetOptions;
use crate::board::Seat;
use crate::generate::Rng;
use crate::notation::{Record, Tag, Throw};

/// The most throws a generated game is given; a game not over by then (both seats held up
/// for good, which the rules allow) ends with `Result "*"`.
pub const MAX_THROWS: u32 = 5000;

/// One generated game for `seed` under `options` (see the [module docs](self)).
pub fn generate_record(seed: u64, options: &JacquetOptions) -> Record {
    let mut rng = Rng::new(seed);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut board = Board::opening(first);
    let mut plays = Plays::new();
    let mut throws = Vec::new();
    let mut end = None;
    for number in 1..=MAX_THROWS {
        let dice = rng.dice();
        let seat = board.turn;
        legal_plays_into(options, &board, dice, &mut plays);
        let Some(play) = plays.get(rng.below(plays.len().max(1) as u64) as usize) else { break };
        let mut t = Throw::new(number, dice);
        t.play = Some(play.into_recorded(seat));
        throws.push(t);
        board.men[seat.index()] = play.after;
        board.turn = seat.other();
        end = board.end(options);
        if end.is_some() {
            break;
        }
    }
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags = vec![
        tag("Game", options.variant.name().into()),
        tag("Event", "generated".into()),
        tag("First", first.name().into()),
    ];
    let rules = options.to_string();
    if !rules.is_empty() {
        tags.push(tag("Rules", rules));
    }
    tags.push(tag("Result", end.map_or("*".into(), |e| format!("{} {}", e.winner, e.points))));
    tags.push(tag("Source", format!("soumille generate --game {} --seed {seed}", options.variant.name())));
    Record { comments: Vec::new(), tags, throws, span: None }
}
