//! Seeded self-play of a race game (`generate --game jacquet`, `moultezim`, `plakoto`): a
//! complete game of random legal plays from the opening, as a record whose every play is
//! lawful and whose `Result` is right. The same seed and options give the same record.

use super::RacePosition;
use crate::board::Seat;
use crate::games::Game;
use crate::generate::Rng;
use crate::notation::{Record, Tag, Throw};

/// The most throws a generated game is given; a game not over by then (both seats held up
/// for good, which Jacquet's rules allow) ends with `Result "*"`.
pub const MAX_THROWS: u32 = 5000;

/// One generated game of `game` for `seed`.
pub fn generate<P: RacePosition>(game: &P::Game, seed: u64) -> Record
where
    P::Game: Game,
{
    let mut rng = Rng::new(seed);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut pos = P::opening(first);
    let mut scratch = P::scratch();
    let mut throws = Vec::new();
    let mut end = None;
    for number in 1..=MAX_THROWS {
        let dice = rng.dice();
        let n = pos.legal_plays(game, dice, &mut scratch);
        let k = rng.below(n.max(1) as u64) as usize;
        let Some((play, after)) = pos.nth_play(&scratch, k) else { break };
        let mut t = Throw::new(number, dice);
        t.play = Some(play);
        throws.push(t);
        pos = after;
        end = pos.end(game);
        if end.is_some() {
            break;
        }
    }
    let name = game.tag().name();
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags = vec![tag("Game", name.into()), tag("Event", "generated".into()), tag("First", first.name().into())];
    let rules = game.departing_rules();
    if !rules.is_empty() {
        tags.push(tag("Rules", rules));
    }
    tags.push(tag("Result", P::result(end)));
    tags.push(tag("Source", format!("soumille generate --game {name} --seed {seed}")));
    Record { comments: Vec::new(), tags, throws, span: None }
}
