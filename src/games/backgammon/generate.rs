//! Seeded self-play of backgammon: a complete game of random legal plays, with now and then
//! a double taken or dropped, as a record ending with its correct `Result` (`generate --game
//! backgammon`). The same seed and options give the same record.

use super::board::Board;
use super::books::play_moves;
use super::cube::{end_of, Answer, CubeBooks, Double, End};
use super::movegen::{legal_plays_into, Plays};
use super::options::{Options, PremierCoup};
use crate::board::Seat;
use crate::generate::Rng;
use crate::notation::{CubeAction, CubeAnswer, Record, Tag, Throw};

/// The most throws a generated game is given (random play ends long before).
pub const MAX_THROWS: u32 = 5000;

/// One in this many throws, when the seat may double, starts with a double.
const DOUBLE_ODDS: u64 = 30;

/// One generated game for `seed` under `options` (see the [module docs](self)).
pub fn generate_record(seed: u64, options: &Options) -> Record {
    let mut rng = Rng::new(seed);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let mut board = Board::opening(first);
    let mut cube = CubeBooks::default();
    let mut plays = Plays::new();
    let mut throws = Vec::new();
    let mut end: Option<End> = None;
    for number in 1..=MAX_THROWS {
        let seat = board.turn;
        let mut t = Throw::bare(number, None);
        t.seat = Some(seat);
        if options.cube && cube.started && cube.cube.may_double(seat) && rng.below(DOUBLE_ODDS) == 0 {
            let answer = if rng.below(4) == 0 { Answer::Drop } else { Answer::Take };
            let value = cube.cube.value.saturating_mul(2);
            cube.double(
                &Double { doubler: seat, after_dice: false, value: Some(value), answer: Some(answer) },
                options,
            );
            let written = if answer == Answer::Take { CubeAnswer::Take } else { CubeAnswer::Drop };
            t.cube = Some(CubeAction { value: Some(value), answer: Some(written), after_dice: false });
            if cube.dropped.is_some() {
                throws.push(t);
                end = cube.dropped;
                break;
            }
        }
        let mut dice = rng.dice();
        while number == 1 && options.premier_coup == PremierCoup::Tirage && dice.is_doublet() {
            dice = rng.dice();
        }
        t.dice = Some(dice);
        let _ = cube.throw();
        legal_plays_into(&board, dice, options.un_seul_de, &mut plays);
        let Some(&play) = plays.as_slice().get(rng.below(plays.len().max(1) as u64) as usize) else { break };
        t.play = Some(play_moves(seat, &play));
        throws.push(t);
        board = play.apply(&board);
        end = end_of(&board, &cube.cube, options);
        if end.is_some() {
            break;
        }
    }
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags =
        vec![tag("Game", "backgammon".into()), tag("Event", "generated".into()), tag("First", first.name().into())];
    let rules = options.to_string();
    if !rules.is_empty() {
        tags.push(tag("Rules", rules));
    }
    tags.push(tag("Result", end.map_or("*".into(), |e| format!("{} {} {}", e.winner, e.points, e.kind.name()))));
    tags.push(tag("Source", format!("soumille generate --game backgammon --seed {seed}")));
    Record { comments: Vec::new(), tags, throws, span: None }
}
