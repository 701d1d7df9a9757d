//! Seeded self-play of backgammon: a complete game of random legal plays, with doubles taken
//! or dropped by a simple pip-count policy ([`DOUBLE_LEAD`]), as a record ending with its
//! correct `Result` (`generate --game backgammon`). The same seed and options give the same
//! record.

use super::board::Board;
use super::cube::{end_of, Answer, CubeBooks, Double, End};
use super::movegen::{legal_plays_into, Plays};
use super::options::{Options, PremierCoup};
use crate::board::Seat;
use crate::generate::Rng;
use crate::notation::{CubeAction, CubeAnswer, Record, Tag, Throw};

/// The most throws a generated game is given (random play ends long before).
pub const MAX_THROWS: u32 = 5000;

/// The cube policy of generated games (a pip-count rule of thumb of race play): the seat to
/// throw doubles when its lead in the pip count is at least `DOUBLE_LEAD` percent of its own
/// count (`REDOUBLE_LEAD` to redouble a cube it owns), but not when it is "too good" (a lead
/// beyond `TOO_GOOD` percent: it plays on for more), nor once the cube stands at
/// `CUBE_CEILING`; the opponent takes when the lead is at most `TAKE_LEAD` percent, and
/// drops otherwise.
const DOUBLE_LEAD: u32 = 8;
/// See [`DOUBLE_LEAD`].
const REDOUBLE_LEAD: u32 = 9;
/// See [`DOUBLE_LEAD`].
const TAKE_LEAD: u32 = 12;
/// See [`DOUBLE_LEAD`].
const TOO_GOOD: u32 = 14;
/// See [`DOUBLE_LEAD`].
const CUBE_CEILING: u32 = 16;

/// Whether the seat to throw in `board` doubles the cube `cube`, and the answer it gets
/// (see [`DOUBLE_LEAD`]).
fn cube_policy(board: &Board, cube: &super::cube::Cube) -> Option<Answer> {
    let seat = board.turn;
    if !cube.may_double(seat) || cube.value >= CUBE_CEILING {
        return None;
    }
    let (mine, theirs) = (board.pips(seat), board.pips(seat.other()));
    let lead = theirs.checked_sub(mine)? * 100;
    let need = if cube.owner.is_some() { REDOUBLE_LEAD } else { DOUBLE_LEAD };
    if lead < need * mine || lead > TOO_GOOD * mine {
        return None;
    }
    Some(if lead <= TAKE_LEAD * mine { Answer::Take } else { Answer::Drop })
}

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
        let decision = if options.cube && cube.started { cube_policy(&board, &cube.cube) } else { None };
        if let Some(answer) = decision {
            let value = cube.cube.value * 2;
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
        t.play = Some(play.into_recorded(seat));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The cube of generated games follows the pip-count policy: no game doubles beyond
    /// `CUBE_CEILING`, most stay at 1 or 2, some double and some do not; a drop only when
    /// the doubler's lead is beyond the take point.
    #[test]
    fn generated_games_double_by_the_pip_count() {
        let o = Options::default();
        let (mut highest, mut low, mut doubled, mut drops) = (0u32, 0, 0, 0);
        let n = 60;
        for seed in 0..n {
            let rec = generate_record(seed, &o);
            let top = rec.throws.iter().filter_map(|t| t.cube.and_then(|c| c.value)).max().unwrap_or(1);
            highest = highest.max(top);
            low += usize::from(top <= 2);
            doubled += usize::from(top > 1);
            drops += usize::from(rec.throws.iter().any(|t| t.cube.is_some_and(|c| c.answer == Some(CubeAnswer::Drop))));
        }
        assert!(highest <= CUBE_CEILING * 2, "{highest}");
        assert!(low * 2 > n as usize, "{low} of {n} games at 1 or 2");
        assert!(doubled > 0 && doubled < n as usize, "{doubled} of {n} games doubled");
        assert!(drops > 0 && drops * 2 < n as usize, "{drops} of {n} games dropped");
        // the policy itself: at the opening nobody leads
        let board = super::super::movegen::tests::board;
        let centred = super::super::cube::Cube::default();
        assert_eq!(cube_policy(&board("A2M5R3T5/F5H3N5&2 top"), &centred), None);
        // top (15 on S: 105 pips) against bottom (H: 8 pips a man, G: 7, I: 9)
        let policy = |bottom: &str, cube| cube_policy(&board(&format!("S15/{bottom} top")), &cube);
        assert_eq!(policy("G5H10", centred), Some(Answer::Take)); // 115: a lead of 9.5%
        assert_eq!(policy("GH14", centred), Some(Answer::Drop)); // 119: 13.3%
        assert_eq!(policy("H10I5", centred), None); // 125: 19%, too good
        assert_eq!(policy("G6H9", centred), Some(Answer::Take)); // 114: 8.6% doubles…
        let owned = super::super::cube::Cube { value: 2, owner: Some(Seat::Top) };
        assert_eq!(policy("G6H9", owned), None); // …but does not redouble
        assert_eq!(policy("G5H10", owned), Some(Answer::Take));
        // bottom's cube, or the ceiling reached: no double
        assert_eq!(policy("G5H10", super::super::cube::Cube { value: 2, owner: Some(Seat::Bottom) }), None);
        assert_eq!(policy("G5H10", super::super::cube::Cube { value: CUBE_CEILING, owner: Some(Seat::Top) }), None);
        // level (105 each) or behind: no double
        assert_eq!(cube_policy(&board("S15/G15 top"), &centred), None);
        assert_eq!(cube_policy(&board("S15/G15 bottom"), &centred), None);
        assert_eq!(cube_policy(&board("S15/G5H10 bottom"), &centred), None);
    }
}
