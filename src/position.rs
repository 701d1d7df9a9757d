//! The shared board model (docs/games.md §0.1): a validated position held per seat along its
//! own route, the same for every tables game.
//!
//! The board is held per seat along its own route: `men[seat][p]` counts the seat's men on
//! its relative point `p` (1..=24), `men[seat][25]` those borne off. The route (relative
//! point ↔ letter) is data ([`Route`]), so that the other tables games can share the model
//! (docs/rules.md §14).
//!
//! Grand Trictrac's move generation (its `Board`, `Plays`, `MoveRules`, …) lives in its
//! folder, [`crate::games::grand_trictrac::movegen`]: the board model knows no game's rules.

use crate::board::{BySeat, Point, Seat, Setup};
use std::fmt;

/// A seat's route: which letter each relative point is (p1 = talon … p24), and where the
/// other seat's relative points fall on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// `letter[seat][p]`: Soumille letter index of relative point `p` (index 0 unused).
    pub letter: [[u8; 25]; 2],
    /// `mirror[p]`: the opponent's relative point that is my relative point `p`.
    pub mirror: [u8; 25],
}

/// The routes of Grand Trictrac (docs/format.md §1): top p = L, bottom p = 25 − L.
pub const GRAND_TRICTRAC: Route = {
    let mut letter = [[0u8; 25]; 2];
    let mut mirror = [0u8; 25];
    let mut p = 1;
    while p <= 24 {
        letter[0][p] = p as u8;
        letter[1][p] = 25 - p as u8;
        mirror[p] = 25 - p as u8;
        p += 1;
    }
    Route { letter, mirror }
};

/// The end rail: relative point 25 is "borne off".
pub const OFF: usize = 25;

/// The longest half of field 1 that [`Position::side_field_into`] writes: 24 points of a
/// letter and two digits, then `#` and two digits.
pub const SIDE_FIELD_MAX: usize = 24 * 3 + 3;

/// A count of men as [`Setup::men_field`] writes it: one digit, or two from ten on (the
/// second byte unused below ten).
const COUNT_DIGITS: [[u8; 2]; 256] = {
    let mut t = [[0u8; 2]; 256];
    let mut n = 0;
    while n < 256 {
        t[n] = if n >= 10 { [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8] } else { [b'0' + n as u8, b'0'] };
        n += 1;
    }
    t
};

/// How many digits [`COUNT_DIGITS`] gives a count.
const DIGITS_LEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut n = 0;
    while n < 256 {
        t[n] = if n >= 10 { 2 } else { 1 };
        n += 1;
    }
    t
};

/// The length of a point's piece of field 1 for a count of men: nothing for none, the
/// letter alone for one man, the letter and the count's digits for more.
const PIECE_LEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut n = 1;
    while n < 256 {
        t[n] = if n == 1 { 1 } else { 1 + DIGITS_LEN[n] };
        n += 1;
    }
    t
};

/// Soumille's letters in board order (docs/format.md §1), letter index 1 first: the bytes of
/// [`Point::letter`] in [`crate::board::Dialect::Soumille`].
const SOUMILLE_LETTERS: &[u8; 24] = b"ABCDEFGHIKLMNOPQRSTVXYZ&";

/// Why a setup is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side does not hold exactly fifteen men.
    #[error("{0} has {1} men; each side holds exactly 15")]
    Count(Seat, u32),
    /// A point holds men of both seats.
    #[error("point {0} holds men of both seats")]
    Shared(Point),
}

/// A validated position: fifteen men a side, no point shared, the seat to throw.
/// Positions that a kept fausse case can produce (a lone man on a rest corner, a man on the
/// opponent's corner) are accepted (docs/format.md §6).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) men: [[u8; 26]; 2],
    pub(crate) turn: Seat,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_setup())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_setup())
    }
}

impl Position {
    /// The opening: fifteen men on each talon.
    pub fn opening(first: Seat) -> Position {
        let mut men = [[0u8; 26]; 2];
        men[0][1] = 15;
        men[1][1] = 15;
        Position { men, turn: first }
    }

    /// Validates a setup (docs/format.md §6).
    #[allow(clippy::needless_range_loop)]
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let route = &GRAND_TRICTRAC;
        for seat in Seat::ALL {
            let n = s.total(seat);
            if n != 15 {
                return Err(PositionError::Count(seat, n));
            }
        }
        let mut men = [[0u8; 26]; 2];
        for seat in Seat::ALL {
            for p in 1..=24 {
                let letter = route.letter[seat.index()][p];
                men[seat.index()][p] = s.men[seat][letter as usize - 1];
            }
            men[seat.index()][OFF] = s.off[seat];
        }
        for p in Point::all() {
            if s.count(Seat::Top, p) > 0 && s.count(Seat::Bottom, p) > 0 {
                return Err(PositionError::Shared(p));
            }
        }
        Ok(Position { men, turn: s.turn })
    }

    /// The unchecked setup of this position (no score fields).
    #[allow(clippy::needless_range_loop)]
    pub fn to_setup(&self) -> Setup {
        let route = &GRAND_TRICTRAC;
        let mut s = Setup::opening(self.turn);
        s.men = BySeat::new([0; 24], [0; 24]);
        for seat in Seat::ALL {
            for p in 1..=24 {
                let letter = route.letter[seat.index()][p];
                s.men[seat][letter as usize - 1] = self.men[seat.index()][p];
            }
            s.off[seat] = self.men[seat.index()][OFF];
        }
        s
    }

    /// The seat to throw.
    #[inline]
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Sets the seat to throw.
    #[inline]
    pub fn set_turn(&mut self, s: Seat) {
        self.turn = s;
    }

    /// Men of `seat` on its relative point `p` (25: borne off).
    #[inline]
    pub fn men(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.index()][p]
    }

    /// Men of `seat`'s opponent on `seat`'s relative point `p` (1..=24).
    #[inline]
    pub fn opposing(&self, seat: Seat, p: usize) -> u8 {
        self.men[seat.other().index()][GRAND_TRICTRAC.mirror[p] as usize]
    }

    /// The men array of a seat along its route.
    #[inline]
    pub fn side(&self, seat: Seat) -> &[u8; 26] {
        &self.men[seat.index()]
    }

    /// One seat's half of field 1 of a position string (docs/format.md §6) for the men `side`
    /// (along `seat`'s route, index 25 borne off), in Soumille's letters and board order,
    /// appended to `out`: as [`crate::Setup::men_field`] writes it, allocating nothing.
    pub fn write_side_field(seat: Seat, side: &[u8; 26], out: &mut Vec<u8>) {
        let mut buf = [0u8; SIDE_FIELD_MAX];
        let n = Position::side_field_into(seat, side, &mut buf);
        out.extend_from_slice(&buf[..n]);
    }

    /// [`Position::write_side_field`] into a fixed buffer: the number of bytes written.
    pub fn side_field_into(seat: Seat, side: &[u8; 26], buf: &mut [u8; SIDE_FIELD_MAX]) -> usize {
        Position::side_field_with(seat, side, Position::occupied_letters(seat, side), buf, 0)
    }

    /// The bit of relative point `p` (1..=24) of `seat` in [`Position::occupied_letters`]:
    /// bit L − 1 for the point of letter index L (along top's route L = p, along bottom's
    /// L = 25 − p), so that the bits run in board order (A … &).
    #[inline]
    pub fn letter_bit(seat: Seat, p: usize) -> u32 {
        match seat {
            Seat::Top => p as u32 - 1,
            Seat::Bottom => 24 - p as u32,
        }
    }

    /// The Soumille letter of relative point `p` (1..=24) of `seat`, as a byte (`?` for
    /// no point).
    #[inline]
    pub fn letter_byte(seat: Seat, p: usize) -> u8 {
        if !(1..=24).contains(&p) {
            return b'?';
        }
        SOUMILLE_LETTERS.get(Position::letter_bit(seat, p) as usize).copied().unwrap_or(b'?')
    }

    /// The points of `side` (along `seat`'s route) that hold men, as [`Position::letter_bit`]s.
    pub fn occupied_letters(seat: Seat, side: &[u8; 26]) -> u32 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // points 1..=24 as three words of eight bytes; a byte's high bit set if it is not zero
        let mut along = 0u32;
        for k in 0..3 {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&side[1 + 8 * k..9 + 8 * k]);
            let w = u64::from_le_bytes(bytes);
            let nonzero = (((w & LOW7) + LOW7) | w) & !LOW7;
            // gather the eight high bits: byte i's to bit i
            let bits = ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
            along |= bits << (8 * k);
        }
        // `along` has bit p − 1 for point p: top's letter bits; bottom's run the other way
        match seat {
            Seat::Top => along,
            Seat::Bottom => along.reverse_bits() >> 8,
        }
    }

    /// [`Position::side_field_into`] given the points that may hold men (`occupied`, as
    /// [`Position::letter_bit`]s: every point holding men and perhaps some empty ones), which
    /// a play changes in a few bits only: the letters in board order, each with its count
    /// unless one, then the men borne off. Written into `buf` from `at`, which must leave
    /// [`SIDE_FIELD_MAX`] bytes (the bytes after the end written may be overwritten too);
    /// the end is returned.
    pub fn side_field_with(seat: Seat, side: &[u8; 26], occupied: u32, buf: &mut [u8], at: usize) -> usize {
        // each point's piece (letter, digits) is written whole, three bytes, and the length
        // moves on by its own length only (none for an empty point): no branch on the count
        let mut k = at;
        let mut occupied = occupied & ((1 << 24) - 1);
        while occupied != 0 {
            let bit = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let p = match seat {
                Seat::Top => bit + 1,
                Seat::Bottom => 24 - bit,
            };
            let c = usize::from(side[p]);
            let [first, second] = COUNT_DIGITS[c];
            // at most 23 pieces of three before this one: within the buffer
            if let Some(piece) = buf.get_mut(k..k + 3) {
                piece.copy_from_slice(&[SOUMILLE_LETTERS[bit], first, second]);
            }
            k += usize::from(PIECE_LEN[c]);
        }
        let off = usize::from(side[OFF]);
        if off > 0 {
            let [first, second] = COUNT_DIGITS[off];
            if let Some(piece) = buf.get_mut(k..k + 3) {
                piece.copy_from_slice(&[b'#', first, second]);
            }
            // `#` and the count, even for one man
            k += 1 + usize::from(DIGITS_LEN[off]);
        }
        k
    }

    /// Field 1 of the position string (docs/format.md §6), top's men then bottom's, appended
    /// to `out`: the bytes of [`Position::men_field`], allocating nothing.
    pub fn write_men_field(&self, out: &mut Vec<u8>) {
        Position::write_side_field(Seat::Top, &self.men[Seat::Top.index()], out);
        out.push(b'/');
        Position::write_side_field(Seat::Bottom, &self.men[Seat::Bottom.index()], out);
    }

    /// The point (letter) of `seat`'s relative point `p`.
    #[inline]
    pub fn point(seat: Seat, p: usize) -> Point {
        Point::new(GRAND_TRICTRAC.letter[seat.index()][p]).expect("route letters are points")
    }

    /// `seat`'s relative point of a letter.
    #[inline]
    pub fn relative(seat: Seat, point: Point) -> usize {
        point.relative(seat) as usize
    }

    /// Applies a recorded man's move along `seat`'s route without any check but that the
    /// man is there: `from` loses one man, `to` (25 = off) gains one.
    pub(crate) fn shift(&mut self, seat: Seat, from: usize, to: usize) {
        let side = &mut self.men[seat.index()];
        side[from] -= 1;
        side[to.min(OFF)] += 1;
    }

    /// Replaces the men of `seat` (along its route; index 25: borne off).
    pub(crate) fn set_side(&mut self, seat: Seat, side: &[u8; 26]) {
        self.men[seat.index()] = *side;
    }

    /// Whether all fifteen men of `seat` are borne off.
    #[inline]
    pub fn all_off(&self, seat: Seat) -> bool {
        self.men[seat.index()][OFF] == 15
    }
}

/// One man moved by one die (or two dice for a Grand Trictrac corner taken par puissance,
/// see [`Play::par_puissance`]): a step of a play, in relative points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// Relative point left.
    pub from: u8,
    /// Relative point reached (25: borne off).
    pub to: u8,
    /// The die played.
    pub die: u8,
}

impl Position {
    /// Field 1 of the position string (docs/format.md §6).
    pub fn men_field(&self) -> String {
        let mut out = Vec::with_capacity(2 * SIDE_FIELD_MAX + 1);
        self.write_men_field(&mut out);
        // letters, digits, `#` and `/`: ASCII
        String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dialect;

    /// `n` positions of fifteen men a seat spread at random (no game's rules: any spread).
    fn spread_positions(n: usize) -> Vec<Position> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m) as usize
        };
        (0..n)
            .map(|k| {
                let mut pos = Position::opening(if k % 2 == 0 { Seat::Top } else { Seat::Bottom });
                for seat in Seat::ALL {
                    let mut side = [0u8; 26];
                    for _ in 0..15 {
                        side[1 + next(25)] += 1;
                    }
                    pos.men[seat.index()] = side;
                }
                pos
            })
            .collect()
    }

    #[test]
    fn the_letter_table_is_soumille_s() {
        for (l, &c) in SOUMILLE_LETTERS.iter().enumerate() {
            let point = Point::new(l as u8 + 1).expect("a letter index");
            assert_eq!(point.letter(Dialect::Soumille), c as char);
        }
    }

    #[test]
    fn the_men_written_are_the_setup_s() {
        for pos in spread_positions(500) {
            let mut out = Vec::new();
            pos.write_men_field(&mut out);
            assert_eq!(String::from_utf8(out).unwrap(), pos.to_setup().men_field(Dialect::Soumille));
        }
        // the widest: every point with ten men or more on both sides
        let mut pos = Position::opening(Seat::Top);
        for seat in Seat::ALL {
            pos.men[seat.index()] = [99; 26];
        }
        let mut buf = [0u8; SIDE_FIELD_MAX];
        assert_eq!(Position::side_field_into(Seat::Bottom, pos.side(Seat::Bottom), &mut buf), SIDE_FIELD_MAX);
        let mut out = Vec::new();
        pos.write_men_field(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), pos.to_setup().men_field(Dialect::Soumille));
        // counts from a hundred, as Setup::men_field writes them
        for c in [100, 200, 255] {
            pos.men = [[c; 26]; 2];
            let mut out = Vec::new();
            pos.write_men_field(&mut out);
            assert_eq!(out, pos.to_setup().men_field(Dialect::Soumille).into_bytes());
        }
    }

    #[test]
    fn the_occupied_letters_are_the_points_holding_men() {
        let mut side = [0u8; 26];
        for k in 0..2000u32 {
            // every pattern of empty and held points, counts up to 255
            let x = k.wrapping_mul(2_654_435_761);
            for (p, c) in side.iter_mut().enumerate() {
                *c = if x >> (p % 32) & 1 == 1 { (x >> (p % 7)) as u8 | 1 } else { 0 };
            }
            side[(k % 24) as usize + 1] = 128 + (k % 128) as u8;
            for seat in Seat::ALL {
                let want = (1..=24).filter(|&p| side[p] != 0).fold(0u32, |m, p| m | 1 << Position::letter_bit(seat, p));
                assert_eq!(Position::occupied_letters(seat, &side), want, "{side:?}");
            }
        }
    }

    #[test]
    fn empty_points_among_the_occupied_are_skipped() {
        for pos in spread_positions(200) {
            for seat in Seat::ALL {
                let (mut exact, mut more) = ([0u8; SIDE_FIELD_MAX], [0u8; SIDE_FIELD_MAX]);
                let n = Position::side_field_into(seat, pos.side(seat), &mut exact);
                let m = Position::side_field_with(seat, pos.side(seat), u32::MAX, &mut more, 0);
                assert_eq!(exact[..n], more[..m]);
            }
        }
    }
}
