//! GNU Backgammon's Position ID (interop-samples/README.md §3), to and from a [`Board`], and
//! its Match ID ([`MatchKey`]: the cube, the dice, the score, the match length, Crawford, who
//! is on roll; gnubg's manual, "A technical description of the Match ID").
//!
//! The ID is the base64 (no padding) of an 80-bit key: for the player **not** on roll,
//! then the player on roll, for his points 1..24 and then his bar, one `1` bit per man and a
//! `0` closing the point, bits taken least significant first in each byte. A player's
//! point n (pips to go) is his relative point p = 25 − n (docs/games.md §D.1), the bar p0; men
//! not on the board are borne off.

use super::board::{Board, BAR, MEN, OFF};
use super::cube::{Cube, Resignation};
use crate::board::{BySeat, Seat};
use crate::dice::Dice;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// gnubg's board arrays of `board` (as its Python `gnubg.board()` gives them): `[0]` the
/// player not on roll, `[1]` the player on roll; index i = his point i + 1, index 24 = his
/// bar.
pub fn gnubg_arrays(board: &Board) -> [[u8; 25]; 2] {
    let mut a = [[0u8; 25]; 2];
    for (k, seat) in [board.turn.other(), board.turn].into_iter().enumerate() {
        for (i, slot) in a[k].iter_mut().enumerate() {
            *slot = board.men(seat, 24 - i);
        }
    }
    a
}

/// The board of gnubg's arrays (see [`gnubg_arrays`]), `turn` the seat on roll; `None` when
/// a side has more than fifteen men.
pub fn from_gnubg_arrays(arrays: &[[u8; 25]; 2], turn: Seat) -> Option<Board> {
    let mut b = Board::empty(turn);
    for (k, seat) in [turn.other(), turn].into_iter().enumerate() {
        let mut total = 0u32;
        for (i, &c) in arrays[k].iter().enumerate() {
            b.men[seat.index()][24 - i] = c;
            total += u32::from(c);
        }
        b.men[seat.index()][OFF] = u8::try_from(u32::from(MEN).checked_sub(total)?).ok()?;
    }
    debug_assert_eq!(BAR, 0);
    Some(b)
}

/// The Position ID of `board` (the seat on roll is `board.turn`).
pub fn position_id(board: &Board) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in gnubg_arrays(board) {
        for c in side {
            for _ in 0..c {
                if let Some(byte) = key.get_mut(bit / 8) {
                    *byte |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    let mut out = String::with_capacity(14);
    let mut acc = 0u32;
    let mut nbits = 0;
    for &byte in &key {
        acc = acc << 8 | u32::from(byte);
        nbits += 8;
        while nbits >= 6 {
            nbits -= 6;
            out.push(BASE64[(acc >> nbits & 63) as usize] as char);
        }
    }
    if nbits > 0 {
        out.push(BASE64[(acc << (6 - nbits) & 63) as usize] as char);
    }
    out
}

/// The board of a Position ID, `turn` the seat on roll; `None` when the text is no ID.
pub fn from_position_id(id: &str, turn: Seat) -> Option<Board> {
    let id = id.trim();
    if id.len() != 14 {
        return None;
    }
    let mut key = [0u8; 10];
    let mut acc = 0u32;
    let mut nbits = 0;
    let mut k = 0;
    for c in id.bytes() {
        let v = BASE64.iter().position(|&b| b == c)? as u32;
        acc = (acc << 6 | v) & 0xFFFF;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            if let Some(byte) = key.get_mut(k) {
                *byte = (acc >> nbits) as u8;
            }
            k += 1;
        }
    }
    let mut arrays = [[0u8; 25]; 2];
    let mut bit = 0usize;
    let get = |bit: usize| key.get(bit / 8).map(|b| b >> (bit % 8) & 1 == 1);
    for side in arrays.iter_mut() {
        for slot in side.iter_mut() {
            while get(bit)? {
                *slot = slot.checked_add(1)?;
                bit += 1;
            }
            bit += 1;
        }
    }
    from_gnubg_arrays(&arrays, turn)
}

/// gnubg's two IDs of a backgammon `setup` (the seat on roll its turn, `dice` when thrown)
/// in money play under `options` (Jacoby): `(Position ID, Match ID)`; `None` when the setup
/// is no backgammon board or its cube does not fit the Match ID (above 2^15).
pub fn ids_of_setup(
    setup: &crate::board::Setup,
    dice: Option<Dice>,
    options: &super::Options,
) -> Option<(String, String)> {
    let board = Board::from_setup(setup).ok()?;
    let cube = Cube { value: setup.score.cube.unwrap_or(1), owner: setup.score.owner.flatten() };
    let key = MatchKey { jacoby: options.jacoby, ..MatchKey::playing(cube, setup.turn, dice, 0, BySeat::default()) };
    Some((position_id(&board), match_id(&key)?))
}

/// The state of the game in gnubg's Match ID (its field "game state", bits 9–11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// No game started.
    NoGame,
    /// A game being played.
    Playing,
    /// The game is over (a seat bore off its men).
    Over,
    /// The game was resigned (docs/games.md §I.5).
    Resigned,
    /// The game ended on a dropped double (§D.7).
    Dropped,
}

/// What gnubg's Match ID says: a game's cube, who is on roll and who decides, the dice, the
/// match's length and score and whether it is the Crawford game (docs/games.md §I). Top is
/// gnubg's player 0 (the `.mat` file's left column), bottom its player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchKey {
    /// The cube (value 1 to 2^15; owner `None` when centred).
    pub cube: Cube,
    /// The seat on roll, or that rolled.
    pub on_roll: Seat,
    /// The Crawford game (§I.2).
    pub crawford: bool,
    /// The game's state.
    pub state: GameState,
    /// The seat to make the next decision (the opponent after a double).
    pub turn: Seat,
    /// A double offered and not answered.
    pub doubled: bool,
    /// A resignation offered.
    pub resigned: Option<Resignation>,
    /// The dice rolled, if any (the first die first, as gnubg keeps them).
    pub dice: Option<(u8, u8)>,
    /// The match length; 0 for money play.
    pub length: u32,
    /// The score before the game.
    pub score: BySeat<u32>,
    /// The Jacoby rule is played (money play, `jacoby=oui`, docs/games.md §I.4).
    pub jacoby: bool,
}

impl MatchKey {
    /// The key of a game being played at `cube` with `on_roll` to throw (`dice` when rolled,
    /// the higher die first), in a match of `length` at `score` (money play: 0 and 0-0).
    pub fn playing(cube: Cube, on_roll: Seat, dice: Option<Dice>, length: u32, score: BySeat<u32>) -> MatchKey {
        MatchKey {
            cube,
            on_roll,
            crawford: false,
            state: GameState::Playing,
            turn: on_roll,
            doubled: false,
            resigned: None,
            dice: dice.map(|d| (d.high(), d.low())),
            length,
            score,
            jacoby: false,
        }
    }
}

/// The bits of the match key: (first bit, width), in gnubg's order.
const CUBE: (usize, usize) = (0, 4);
const OWNER: (usize, usize) = (4, 2);
const ON_ROLL: (usize, usize) = (6, 1);
const CRAWFORD: (usize, usize) = (7, 1);
const STATE: (usize, usize) = (8, 3);
const TURN: (usize, usize) = (11, 1);
const DOUBLED: (usize, usize) = (12, 1);
const RESIGNED: (usize, usize) = (13, 2);
const DIE1: (usize, usize) = (15, 3);
const DIE2: (usize, usize) = (18, 3);
const LENGTH: (usize, usize) = (21, 15);
const SCORE0: (usize, usize) = (36, 15);
const SCORE1: (usize, usize) = (51, 15);
/// Set when the Jacoby rule is *not* played.
const NO_JACOBY: (usize, usize) = (66, 1);

/// gnubg's player number of a seat: top 0, bottom 1.
fn player(seat: Seat) -> u32 {
    u32::from(seat == Seat::Bottom)
}

fn seat_of(player: u32) -> Seat {
    if player == 0 {
        Seat::Top
    } else {
        Seat::Bottom
    }
}

/// The Match ID of `key`: 12 characters; `None` when a value does not fit its field (a cube
/// above 2^15, a length or a score above 32767).
pub fn match_id(key: &MatchKey) -> Option<String> {
    let mut bits = [0u8; 9];
    let mut put = |(at, width): (usize, usize), v: u32| -> Option<()> {
        if v >> width != 0 {
            return None;
        }
        for k in 0..width {
            if v >> k & 1 == 1 {
                bits[(at + k) / 8] |= 1 << ((at + k) % 8);
            }
        }
        Some(())
    };
    if !key.cube.value.is_power_of_two() {
        return None;
    }
    put(CUBE, key.cube.value.trailing_zeros())?;
    put(OWNER, key.cube.owner.map_or(3, player))?;
    put(ON_ROLL, player(key.on_roll))?;
    put(CRAWFORD, u32::from(key.crawford))?;
    let state = match key.state {
        GameState::NoGame => 0,
        GameState::Playing => 1,
        GameState::Over => 2,
        GameState::Resigned => 3,
        GameState::Dropped => 4,
    };
    put(STATE, state)?;
    put(TURN, player(key.turn))?;
    put(DOUBLED, u32::from(key.doubled))?;
    put(RESIGNED, key.resigned.map_or(0, Resignation::times))?;
    let (d1, d2) = key.dice.unwrap_or((0, 0));
    put(DIE1, u32::from(d1))?;
    put(DIE2, u32::from(d2))?;
    put(LENGTH, key.length)?;
    put(SCORE0, key.score[Seat::Top])?;
    put(SCORE1, key.score[Seat::Bottom])?;
    put(NO_JACOBY, u32::from(!key.jacoby))?;
    let mut out = String::with_capacity(12);
    for chunk in bits.chunks(3) {
        let acc = u32::from(chunk[0]) << 16 | u32::from(chunk[1]) << 8 | u32::from(chunk[2]);
        for k in (0..4).rev() {
            out.push(BASE64[(acc >> (6 * k) & 63) as usize] as char);
        }
    }
    Some(out)
}

/// The key of a Match ID; `None` when the text is no Match ID.
pub fn from_match_id(id: &str) -> Option<MatchKey> {
    let id = id.trim().as_bytes();
    if id.len() != 12 {
        return None;
    }
    let mut bits = [0u8; 9];
    for (k, chunk) in id.chunks(4).enumerate() {
        let mut acc = 0u32;
        for &c in chunk {
            acc = acc << 6 | BASE64.iter().position(|&b| b == c)? as u32;
        }
        bits[3 * k] = (acc >> 16) as u8;
        bits[3 * k + 1] = (acc >> 8) as u8;
        bits[3 * k + 2] = acc as u8;
    }
    let get = |(at, width): (usize, usize)| -> u32 {
        (0..width).filter(|k| bits[(at + k) / 8] >> ((at + k) % 8) & 1 == 1).map(|k| 1 << k).sum()
    };
    let owner = match get(OWNER) {
        3 => None,
        p => Some(seat_of(p)),
    };
    let state = match get(STATE) {
        0 => GameState::NoGame,
        1 => GameState::Playing,
        2 => GameState::Over,
        3 => GameState::Resigned,
        4 => GameState::Dropped,
        _ => return None,
    };
    let dice = match (get(DIE1), get(DIE2)) {
        (0, 0) => None,
        (a @ 1..=6, b @ 1..=6) => Some((a as u8, b as u8)),
        _ => return None,
    };
    Some(MatchKey {
        cube: Cube { value: 1 << get(CUBE), owner },
        on_roll: seat_of(get(ON_ROLL)),
        crawford: get(CRAWFORD) == 1,
        state,
        turn: seat_of(get(TURN)),
        doubled: get(DOUBLED) == 1,
        resigned: Resignation::of_times(get(RESIGNED)),
        dice,
        length: get(LENGTH),
        score: BySeat::new(get(SCORE0), get(SCORE1)),
        jacoby: get(NO_JACOBY) == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Match IDs written by gnubg 1.07 (`show board` after the commands in each comment).
    #[test]
    fn match_ids_are_gnubgs() {
        // `new match 7`, `set score 3 2`, `set cube value 4`, `set cube owner 1`, `set dice 3 1`
        let key =
            MatchKey::playing(Cube { value: 4, owner: Some(Seat::Bottom) }, Seat::Bottom, None, 7, BySeat::new(3, 2));
        let k = from_match_id("UonlADAAEAAE").unwrap();
        assert_eq!((k.cube, k.length, k.score, k.dice), (key.cube, 7, key.score, Some((3, 1))));
        assert_eq!(match_id(&k).as_deref(), Some("UonlADAAEAAE"));
        // before `set score`
        assert_eq!(from_match_id("cInpAAAAAAAE").and_then(|k| match_id(&k)).as_deref(), Some("cInpAAAAAAAE"));
        // money play (`new session`): centred cube at 1, top (player 0) on roll, no dice;
        // `set jacoby off`, then on
        let money = MatchKey::playing(Cube::default(), Seat::Top, None, 0, BySeat::new(0, 0));
        assert_eq!(match_id(&money).as_deref(), Some("MAEAAAAAAAAE"));
        assert_eq!(from_match_id("MAEAAAAAAAAE"), Some(money));
        let jacoby = MatchKey { jacoby: true, ..money };
        assert_eq!(match_id(&jacoby).as_deref(), Some("MAEAAAAAAAAA"));
        // the opening roll 5-4 of player 0
        let rolled = MatchKey::playing(Cube::default(), Seat::Top, Dice::new(4, 5), 0, BySeat::new(0, 0));
        assert_eq!(match_id(&rolled).as_deref(), Some("MIESAAAAAAAE"));
    }

    #[test]
    fn match_ids_refuse_what_they_cannot_hold() {
        let big = MatchKey::playing(Cube { value: 1 << 16, owner: None }, Seat::Top, None, 0, BySeat::new(0, 0));
        assert_eq!(match_id(&big), None);
        let long = MatchKey::playing(Cube::default(), Seat::Top, None, 40_000, BySeat::new(0, 0));
        assert_eq!(match_id(&long), None);
        assert_eq!(from_match_id("cAgAAAAAAA"), None);
        assert_eq!(from_match_id("cAgAAAAAAA!A"), None);
    }

    #[test]
    fn the_opening_is_gnubgs() {
        // interop-samples/README.md §3
        for seat in Seat::ALL {
            let b = Board::opening(seat);
            assert_eq!(position_id(&b), "4HPwATDgc/ABMA");
            assert_eq!(from_position_id("4HPwATDgc/ABMA", seat), Some(b));
            let a = gnubg_arrays(&b);
            assert_eq!(a[1][5], 5); // six point
            assert_eq!(a[1][23], 2); // 24 point: the back men
        }
    }

    #[test]
    fn a_position_with_the_bar_round_trips() {
        // checked with gnubg 1.07: `set board Y2bwATDgc/ABYA` shows these arrays
        let mut me = [0u8; 25];
        me[24] = 2;
        me[5] = 5;
        me[7] = 3;
        me[12] = 5;
        let mut op = [0u8; 25];
        op[5] = 2;
        op[3] = 2;
        op[0] = 2;
        op[23] = 2;
        op[12] = 5;
        op[7] = 2;
        let b = from_gnubg_arrays(&[op, me], Seat::Bottom).unwrap();
        assert_eq!(b.men(Seat::Bottom, BAR), 2);
        assert_eq!(position_id(&b), "Y2bwATDgc/ABYA");
        assert_eq!(from_position_id("Y2bwATDgc/ABYA", Seat::Bottom), Some(b));
        assert_eq!(gnubg_arrays(&b), [op, me]);
    }

    #[test]
    fn nonsense_is_refused() {
        assert_eq!(from_position_id("4HPwATDgc/AB", Seat::Top), None);
        assert_eq!(from_position_id("4HPwATDgc/AB!A", Seat::Top), None);
        assert_eq!(from_position_id("//////////////", Seat::Top), None);
    }
}
