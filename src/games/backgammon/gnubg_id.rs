//! GNU Backgammon's Position ID (interop-samples/README.md §3), to and from a [`Board`].
//!
//! The ID is the base64 (no padding) of an 80-bit key: for the player **not** on roll,
//! then the player on roll, for his points 1..24 and then his bar, one `1` bit per man and a
//! `0` closing the point, bits taken least significant first in each byte. A player's
//! point n (pips to go) is his relative point p = 25 − n (docs/games.md §D.1), the bar p0; men
//! not on the board are borne off.

use super::board::{Board, BAR, MEN, OFF};
use crate::board::Seat;

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

#[cfg(test)]
mod tests {
    use super::*;

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
