//! Tric Trac's board (docs/games.md §E.1, §E.11): the shared [`Position`] (each seat's men along
//! its route, index 25 borne off), with the Grand Trictrac routes: white is bottom (start &,
//! &→N→M→A), black is top (start A); the bosse is each seat's p12 (N for bottom, M for top).
//!
//! Conversion from and to a [`Setup`] (absolute letters, the position string) checks what
//! Tric Trac adds to the shared checks: no man stands on its own arrival point p24 (a man
//! reaching it is borne off, §E.8), nobody on a bar (captured men are on p1, §E.11), and the
//! partie's points are 0–11 (`points=`).

use super::movegen::ARRIVAL;
use super::score::Score;
use crate::board::{BySeat, Seat, Setup};
use crate::position::{Position, PositionError};

/// Why a setup is not a Tric Trac position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The shared checks: fifteen men a side, no point shared.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Men on the seat's own arrival point, which a man reaching is borne off.
    #[error("{0} has men on {1}, its arrival point: a man reaching it is borne off (write them as #n)")]
    OnArrival(Seat, char),
    /// Men on a bar, which Tric Trac has not (captured men go back to p1, §E.6).
    #[error("{0} has men on the bar, which Tric Trac has not: captured men go back to the start point")]
    Bar(Seat),
    /// Points of a partie outside 0–11.
    #[error("{0} has {1} points; a partie's points are 0 to 11")]
    Points(Seat, u16),
}

/// The Tric Trac position of a setup (men and turn).
pub fn position_from_setup(s: &Setup) -> Result<Position, SetupError> {
    for seat in Seat::ALL {
        if s.bar[seat] > 0 {
            return Err(SetupError::Bar(seat));
        }
    }
    let pos = Position::from_setup(s)?;
    for seat in Seat::ALL {
        if pos.men(seat, ARRIVAL) > 0 {
            let letter = Position::point(seat, ARRIVAL).letter(crate::board::Dialect::Soumille);
            return Err(SetupError::OnArrival(seat, letter));
        }
    }
    Ok(pos)
}

/// The partie's points of a setup's `points=` field (0/0 when absent), checked 0–11.
pub fn points_from_setup(s: &Setup) -> Result<[u16; 2], SetupError> {
    let Some(p) = s.score.points else { return Ok([0, 0]) };
    let mut out = [0u16; 2];
    for seat in Seat::ALL {
        let v = p[seat] as u16;
        if v >= super::movegen::PARTIE_POINTS {
            return Err(SetupError::Points(seat, v));
        }
        out[seat.index()] = v;
    }
    Ok(out)
}

/// The setup of a position with the partie's points (`points=`) and the series' points
/// (`parties=`), each written when not 0/0.
pub fn setup_of(pos: &Position, score: &Score) -> Setup {
    let mut s = pos.to_setup();
    if score.points != [0, 0] {
        let [t, b] = score.points;
        s.score.points = Some(BySeat::new(t.min(255) as u8, b.min(255) as u8));
    }
    if score.parties != [0, 0] {
        let [t, b] = score.parties;
        s.score.parties = Some(BySeat::new(t, b));
    }
    s
}

/// The score of a setup: `points=` (checked 0–11) and `parties=`.
pub fn score_from_setup(s: &Setup) -> Result<Score, SetupError> {
    let points = points_from_setup(s)?;
    let parties = s.score.parties.map_or([0, 0], |p| [p[Seat::Top], p[Seat::Bottom]]);
    Ok(Score { points, parties })
}

/// A position from a position string, for tests: panics on a bad one.
#[cfg(test)]
pub fn position(s: &str) -> Position {
    let setup = crate::notation::parser::position_from_str(s).expect("a position string");
    position_from_setup(&setup).expect("a Tric Trac position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::notation::parser::position_from_str;

    #[test]
    fn the_opening_and_the_routes() {
        let pos = position("A15/&15 bottom");
        assert_eq!(pos, Position::opening(Seat::Bottom));
        // white = bottom starts on & and goes & → N → M → A; black = top starts on A
        let letter = |seat, p| Position::point(seat, p).letter(crate::board::Dialect::Soumille);
        assert_eq!([letter(Seat::Bottom, 1), letter(Seat::Bottom, 12), letter(Seat::Bottom, 13)], ['&', 'N', 'M']);
        assert_eq!([letter(Seat::Top, 1), letter(Seat::Top, 12), letter(Seat::Top, 24)], ['A', 'M', '&']);
        // the opponent's point of my p is 25 − p
        assert_eq!(Point::from_relative(Seat::Top, 13), Point::from_relative(Seat::Bottom, 12));
        assert_eq!(pos.to_setup().to_string(), "A15/&15 bottom");
    }

    #[test]
    fn the_example_position_round_trips() {
        let s = position_from_str("A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom").unwrap();
        let pos = position_from_setup(&s).unwrap();
        assert_eq!(pos.men(Seat::Bottom, 12), 2);
        assert_eq!(pos.men(Seat::Bottom, 23), 1);
        assert_eq!(pos.men(Seat::Top, 10), 1);
        let score = Score { points: [7, 9], parties: [0, 0] };
        assert_eq!(setup_of(&pos, &score).to_string(), "A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom points=7/9");
    }

    #[test]
    fn men_on_their_arrival_point_are_refused() {
        let s = position_from_str("B15/A#14 top").unwrap();
        let e = position_from_setup(&s).unwrap_err();
        assert_eq!(e, SetupError::OnArrival(Seat::Bottom, 'A'));
        assert!(e.to_string().contains("arrival"), "{e}");
        let s = position_from_str("&C14/X15 top").unwrap();
        assert_eq!(position_from_setup(&s).unwrap_err(), SetupError::OnArrival(Seat::Top, '&'));
        let s = position_from_str("A14#/&15 top").unwrap();
        assert!(position_from_setup(&s).is_ok());
    }

    #[test]
    fn points_are_zero_to_eleven() {
        let mut s = position_from_str("A15/&15 top").unwrap();
        assert_eq!(points_from_setup(&s).unwrap(), [0, 0]);
        s.score.points = Some(BySeat::new(11, 3));
        assert_eq!(points_from_setup(&s).unwrap(), [11, 3]);
        s.score.points = Some(BySeat::new(1, 12));
        assert_eq!(points_from_setup(&s).unwrap_err(), SetupError::Points(Seat::Bottom, 12));
    }
}
