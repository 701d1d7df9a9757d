//! What a roll is worth (docs/rules.md §4–§7): every jan with the seat that marks it, its ways,
//! its points and where it is. Points are fixed by the position, the roll and the relève's
//! history alone, before any man moves (§1).

use super::movegen::{jans, Board, Plays, OPP_CORNER, OWN_CORNER};
use crate::board::{Point, Seat};
use crate::dice::Dice;
use crate::games::grand_trictrac::options::{Anciens, HitPassage, RuleOptions};
use crate::notation::jan::JanCode;
use crate::position::{Position, OFF};
use serde::Serialize;

/// One jan of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Jan {
    /// Its code (docs/format.md §3).
    pub code: JanCode,
    /// The seat that marks it.
    pub seat: Seat,
    /// The number of ways.
    pub ways: u8,
    /// The points.
    pub points: u16,
    /// The point hit, for hits.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ser_point")]
    pub at: Option<Point>,
}

fn ser_point<S: serde::Serializer>(p: &Option<Point>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.serialize_str(&p.to_string()),
        None => s.serialize_none(),
    }
}

/// What the relève has seen before this throw (for the rare and obsolete jans).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Throws each seat has made in this relève before this one.
    pub throws: [u16; 2],
    /// This is the tour's first relève (for the jan de rencontre).
    pub first_releve: bool,
    /// The first roll of the relève (for the jan de rencontre).
    pub first_roll: Option<Dice>,
    /// Times each seat has kept its jan de retour par privilège (provincial method).
    pub privileges_used: [u8; 2],
}

/// The jans of a roll, in a fixed-capacity list (no allocation).
#[derive(Clone, Copy, Debug)]
pub struct RollJans {
    items: [Jan; 48],
    len: usize,
    /// The total each seat marks: `[top, bottom]`.
    pub points: [u16; 2],
}

impl RollJans {
    /// No jan yet (the filler is never read): a constant, copied in one piece.
    const EMPTY: [Jan; 48] = [Jan { code: JanCode::Vrai, seat: Seat::Top, ways: 0, points: 0, at: None }; 48];

    fn new() -> RollJans {
        RollJans { items: RollJans::EMPTY, len: 0, points: [0; 2] }
    }

    fn push(&mut self, j: Jan) {
        if j.points == 0 || self.len == self.items.len() {
            return;
        }
        self.points[j.seat.index()] += j.points;
        self.items[self.len] = j;
        self.len += 1;
    }

    /// The jans.
    pub fn iter(&self) -> impl Iterator<Item = &Jan> {
        self.items[..self.len].iter()
    }

    /// The points `seat` marks for this roll.
    pub fn points_of(&self, seat: Seat) -> u16 {
        self.points[seat.index()]
    }

    /// The points of one code for one seat.
    pub fn points_for(&self, seat: Seat, code: JanCode) -> u16 {
        self.iter().filter(|j| j.seat == seat && j.code == code).map(|j| j.points).sum()
    }
}

/// Per way: `single` for a singleton roll, `double` for a doublet.
#[inline]
fn tariff(dice: Dice, single: u16, double: u16) -> u16 {
    if dice.is_doublet() {
        double
    } else {
        single
    }
}

/// Points a way of a hit on my relative point `p` is worth (docs/rules.md §4): 2/4 in a grand
/// jan (p7–p18), 4/6 in a petit jan (p1–p6, p19–p24).
#[inline]
fn hit_value(p: usize, dice: Dice) -> u16 {
    if (7..=18).contains(&p) {
        tariff(dice, 2, 4)
    } else {
        tariff(dice, 4, 6)
    }
}

/// Everything `dice` is worth to each seat on `board` (the seat to throw is the thrower):
/// docs/rules.md §4–§7. `plays` are the plays the dice obligations allow ([`Board::dice_plays`]).
pub fn roll_jans(board: &Board, dice: Dice, plays: &Plays, history: &History, options: &RuleOptions) -> RollJans {
    let pos = board.position();
    let me = pos.turn();
    let opp = me.other();
    let side = *pos.side(me);
    let mut out = RollJans::new();
    rare_jans(board, &side, dice, history, options, &mut out);
    hits(board, &side, dice, options, &mut out);
    corner_hit(board, &side, dice, &mut out);
    fills(board, &side, dice, plays, &mut out, me);
    // helpless men: each die (each move of a doublet) that cannot be played
    let unplayable = 2 - plays.max_dice.min(2);
    if unplayable > 0 {
        out.push(Jan {
            code: JanCode::Impuissance,
            seat: opp,
            ways: unplayable,
            points: 2 * unplayable as u16,
            at: None,
        });
    }
    // the sortie: the roll can bear off all the remaining men (two at most: thirteen or
    // more off already)
    if (13..15).contains(&side[OFF])
        && plays.iter().any(|p| {
            let mut s = side;
            for st in p.steps() {
                s[st.from as usize] -= 1;
                s[st.to as usize] += 1;
            }
            s[OFF] == 15
        })
    {
        out.push(Jan { code: JanCode::Sortie, seat: me, ways: 1, points: tariff(dice, 4, 6), at: None });
    }
    if options.anciens == Anciens::Oui {
        obsolete_jans(board, &side, dice, plays, history, &mut out);
    }
    out
}

/// Six tables, deux tables, mézéas and the two contre-jans (docs/rules.md §6).
fn rare_jans(board: &Board, side: &[u8; 26], dice: Dice, history: &History, _o: &RuleOptions, out: &mut RollJans) {
    let me = board.seat();
    let opp = me.other();
    let off_talon = 15 - side[1] as u32;
    if off_talon != 4 && off_talon != 2 || side[OFF] != 0 {
        return;
    }
    // six tables: third throw, four men alone on four points of p2–p7, the dice bring two
    // talon men to the two points still empty
    if history.throws[me.index()] == 2
        && !dice.is_doublet()
        && off_talon == 4
        && (2..=7).filter(|&p| side[p] == 1).count() == 4
    {
        let mut empty = (2..=7).filter(|&p| side[p] == 0);
        let (e1, e2) = (empty.next(), empty.next());
        let (a, b) = (1 + dice.high() as usize, 1 + dice.low() as usize);
        if let (Some(x), Some(y)) = (e1, e2) {
            if (x == a && y == b) || (x == b && y == a) {
                out.push(Jan { code: JanCode::SixTables, seat: me, ways: 1, points: 4, at: None });
            }
        }
    }
    if off_talon == 2 {
        let opp_corner_taken = board.opp(OPP_CORNER) > 0;
        let (d1, d2) = (dice.high() as usize, dice.low() as usize);
        // deux tables: one die brings one of the two men to p12, the other die the other to p13
        let mut men = [0usize; 2];
        let mut n = 0;
        for (p, &c) in side.iter().enumerate().take(25).skip(2) {
            for _ in 0..c {
                if n < 2 {
                    men[n] = p;
                }
                n += 1;
            }
        }
        if n == 2 && side[OWN_CORNER] == 0 && side[OPP_CORNER] == 0 {
            let (x, y) = (men[0], men[1]);
            let reach = |m: usize, d: usize, t: usize| m + d == t;
            let two_tables = (reach(x, d1, OWN_CORNER) && reach(y, d2, OPP_CORNER))
                || (reach(x, d2, OWN_CORNER) && reach(y, d1, OPP_CORNER))
                || (reach(y, d1, OWN_CORNER) && reach(x, d2, OPP_CORNER))
                || (reach(y, d2, OWN_CORNER) && reach(x, d1, OPP_CORNER));
            if two_tables {
                let (code, seat) =
                    if opp_corner_taken { (JanCode::ContreDeuxTables, opp) } else { (JanCode::DeuxTables, me) };
                out.push(Jan { code, seat, ways: 1, points: tariff(dice, 4, 6), at: None });
            }
        }
        // mézéas: both men on the own corner, and an ace
        if side[OWN_CORNER] == 2 && dice.low() == 1 {
            let (code, seat) = if opp_corner_taken { (JanCode::ContreMezeas, opp) } else { (JanCode::Mezeas, me) };
            let points = if dice.high() == 1 { 6 } else { 4 };
            out.push(Jan { code, seat, ways: 1, points, at: None });
        }
    }
}

/// True and false hits (docs/rules.md §4), target by target along my route.
fn hits(board: &Board, side: &[u8; 26], dice: Dice, options: &RuleOptions, out: &mut RollJans) {
    let me = board.seat();
    let (a, b) = (dice.high() as usize, dice.low() as usize);
    let sum = a + b;
    let doublet = dice.is_doublet();
    let (opp_men, opp_full) = board.opp_masks();
    // the opponent's half-points, less those in a closed jan with `hit-passage=checked`
    let mut half = opp_men & !opp_full;
    if options.hit_passage == HitPassage::Checked {
        half &= !(board.closed_mask());
    }
    // bit t of `by(d)`: a man of mine stands d points behind t
    let mine = Board::points_with(side, 1);
    let by = |d: usize| mine << d;
    let (by_a, by_b, by_sum) = (by(a), if doublet { 0 } else { by(b) }, by(sum));
    let mut targets = half & (by_a | by_b | by_sum);
    // a rest point serves an indirect hit unless the opponent holds it with two men or more
    let rest_ok = |q: usize| opp_full & (1 << q) == 0;
    while targets != 0 {
        let t = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let mut ways = ((by_a >> t) & 1) as u8 + ((by_b >> t) & 1) as u8;
        let mut false_hit = false;
        if (by_sum >> t) & 1 != 0 {
            let from = t - sum;
            let open = if doublet { rest_ok(from + a) } else { rest_ok(from + a) || rest_ok(from + b) };
            if open {
                ways += 1;
            } else {
                false_hit = true;
            }
        }
        let at = Some(Position::point(me, t));
        if ways > 0 {
            out.push(Jan { code: JanCode::Vrai, seat: me, ways, points: ways as u16 * hit_value(t, dice), at });
        } else if false_hit {
            out.push(Jan { code: JanCode::Faux, seat: me.other(), ways: 1, points: hit_value(t, dice), at });
        }
    }
}

/// Hitting the opponent's empty corner (docs/rules.md §4).
fn corner_hit(board: &Board, side: &[u8; 26], dice: Dice, out: &mut RollJans) {
    // the opponent's corner must be empty: no man of either seat (a man of the thrower's
    // kept there by a fausse case makes it not empty)
    if side[OWN_CORNER] < 2 || board.opp(OPP_CORNER) > 0 || side[OPP_CORNER] > 0 {
        return;
    }
    // the two men holding the corner never count; its builders do
    let avail = |p: usize| if p == OWN_CORNER { side[p].saturating_sub(2) } else { side[p] };
    let (a, b) = (dice.high() as usize, dice.low() as usize);
    let ok = if a == b { avail(OPP_CORNER - a) >= 2 } else { avail(OPP_CORNER - a) >= 1 && avail(OPP_CORNER - b) >= 1 };
    if ok {
        let at = Some(Position::point(board.seat(), OPP_CORNER));
        out.push(Jan { code: JanCode::Coin, seat: board.seat(), ways: 1, points: tariff(dice, 4, 6), at });
    }
}

/// Filling and preserving the three jans (docs/rules.md §5).
fn fills(board: &Board, side: &[u8; 26], dice: Dice, plays: &Plays, out: &mut RollJans, me: Seat) {
    let per_way = tariff(dice, 4, 6);
    let fulls = plays.full_any();
    for (bit, first) in jans::ALL {
        let can_end_full = fulls & bit != 0;
        if !can_end_full {
            // neither kept nor made full by any play
            continue;
        }
        let range = first..first + 6;
        let full_now = Position::jan_full(side, first);
        if full_now {
            if can_end_full {
                let code = match bit {
                    jans::PETIT => JanCode::ConservePetitJan,
                    jans::GRAND => JanCode::ConserveGrandJan,
                    _ => JanCode::ConserveRetour,
                };
                out.push(Jan { code, seat: me, ways: 1, points: per_way, at: None });
            }
            continue;
        }
        if !can_end_full {
            continue;
        }
        let code = match bit {
            jans::PETIT => JanCode::PetitJan,
            jans::GRAND => JanCode::GrandJan,
            _ => JanCode::Retour,
        };
        let n_missing = range.clone().filter(|&p| side[p] < 2).count();
        let half = range.clone().find(|&p| side[p] == 1);
        let ways = match (n_missing, half) {
            (1, Some(target)) => fill_ways(board, side, dice, plays, bit, first, target),
            // two half-points, or a whole point to cover: one way
            _ => 1,
        };
        if ways > 0 {
            out.push(Jan { code, seat: me, ways, points: ways as u16 * per_way, at: None });
        }
    }
}

/// The ways of filling the jan starting at `first` whose one missing half-point is
/// `target` (docs/rules.md §5): counted by how the filling man travels — by one die (a surplus
/// man, the other die played by another man), by the other die, by the sum (one man tout
/// d'une) —, each way once whatever the men that could do it, and only when a lawful play
/// of the dice obligations realizes it and ends with the jan full. Plays are not looked at
/// by their resulting position: a chain (A→F, F→G) and a tout d'une (A→G) that end alike
/// are two ways.
fn fill_ways(board: &Board, side: &[u8; 26], dice: Dice, plays: &Plays, bit: u8, first: usize, target: usize) -> u8 {
    let range = first..first + 6;
    // a man filling by one die must be surplus: from outside the jan, or from a point of it
    // holding three or more before the throw
    let surplus = |s: usize| side[s] > 0 && (!range.contains(&s) || side[s] >= 3);
    // the moves, in order, are lawful, end with the jan full and are a play the dice
    // obligations allow
    let realizes = |moves: &[(usize, u8)]| {
        board.try_moves(moves).is_some_and(|(after, key, excedant)| {
            Position::jan_full(&after, first)
                && plays.find(key).is_some_and(|p| p.full & bit != 0 && (!excedant || p.excedant))
        })
    };
    let (a, b) = (dice.high(), dice.low());
    let dies: &[(u8, u8)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
    let mut ways = 0u8;
    for &(d, e) in dies {
        let Some(s) = target.checked_sub(d as usize).filter(|&s| s >= 1 && surplus(s)) else { continue };
        let found = if plays.max_dice < 2 {
            realizes(&[(s, d)])
        } else {
            // the other die by another man, before or after the filling man
            (1..=24).any(|o| {
                let there = side[o] + u8::from(o == target) > 0;
                there && (realizes(&[(s, d), (o, e)]) || (side[o] > 0 && realizes(&[(o, e), (s, d)])))
            })
        };
        if found {
            ways += 1;
        }
    }
    // the sum: one man tout d'une, resting on either die's point
    if plays.max_dice == 2 {
        if let Some(s) = target.checked_sub(dice.sum() as usize).filter(|&s| s >= 1 && side[s] > 0) {
            if dies.iter().any(|&(d, e)| realizes(&[(s, d), (s + d as usize, e)])) {
                ways += 1;
            }
        }
    }
    ways
}

/// The obsolete jans behind `anciens=oui` (docs/rules.md §7).
fn obsolete_jans(board: &Board, side: &[u8; 26], dice: Dice, plays: &Plays, history: &History, out: &mut RollJans) {
    let me = board.seat();
    // jan de rencontre: in the first relève, the second player's first roll equals the first's
    let (mine, theirs) = (history.throws[me.index()], history.throws[me.other().index()]);
    if history.first_releve && mine == 0 && theirs == 1 && history.first_roll == Some(dice) {
        out.push(Jan { code: JanCode::Rencontre, seat: me, ways: 1, points: tariff(dice, 4, 6), at: None });
    }
    // Margot la fendue: a lone man of the thrower between two opposing half-points
    let margot = (2..=23).any(|p| side[p] == 1 && board.opp(p - 1) == 1 && board.opp(p + 1) == 1);
    if margot {
        out.push(Jan { code: JanCode::Margot, seat: me.other(), ways: 1, points: tariff(dice, 2, 4), at: None });
    }
    // pile de misère: all fifteen men on the rest corner
    if side[OWN_CORNER] == 15 {
        if plays.iter().any(|p| p.len == 0) || plays.max_dice == 0 {
            out.push(Jan { code: JanCode::ConserveMisere, seat: me, ways: 1, points: tariff(dice, 4, 6), at: None });
        }
    } else if plays.iter().any(|p| {
        let mut s = *side;
        for st in p.steps() {
            s[st.from as usize] -= 1;
            s[st.to as usize] += 1;
        }
        s[OWN_CORNER] == 15
    }) {
        out.push(Jan { code: JanCode::Misere, seat: me, ways: 1, points: tariff(dice, 4, 6), at: None });
    }
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{explain_with, history_of, parse_dice, parse_setup};

    /// (code, seat, ways, points) of every jan, sorted.
    fn jans(pos: &str, dice: &str) -> Vec<(String, Seat, u8, u16)> {
        let (setup, p) = parse_setup(pos).unwrap();
        let e = explain_with(&p, parse_dice(dice).unwrap(), &RuleOptions::default(), &history_of(&setup));
        let mut v: Vec<_> = e.jans.iter().map(|j| (j.code.name().to_string(), j.seat, j.ways, j.points)).collect();
        v.sort();
        v
    }

    fn one(code: &str, seat: Seat, ways: u8, points: u16) -> Vec<(String, Seat, u8, u16)> {
        vec![(code.to_string(), seat, ways, points)]
    }

    use Seat::{Bottom, Top};

    // The scoring table of seed 000 (after Lalanne), row by row, singleton and doublet.

    #[test]
    fn six_tables_4_never_with_a_doublet() {
        assert_eq!(jans("A13G2/&11ZYXV bottom throws=0/2", "6-5"), one("six-tables", Bottom, 1, 4));
        // not on the second throw, not with a doublet
        assert!(jans("A13G2/&11ZYXV bottom throws=0/1", "6-5").is_empty());
        assert!(jans("A13G2/&11ZYXV bottom throws=0/2", "5-5").iter().all(|j| j.0 != "six-tables"));
    }

    #[test]
    fn deux_tables_4_6_and_its_contre_jan() {
        assert_eq!(jans("A13FH/&15 top", "6-5"), one("deux-tables", Top, 1, 4));
        assert_eq!(jans("A13FG/&15 top", "6-6"), one("deux-tables", Top, 1, 6));
        assert_eq!(jans("A13FH/N2&13 top", "6-5"), one("contre-deux-tables", Bottom, 1, 4));
    }

    #[test]
    fn mezeas_4_6_and_its_contre_jan() {
        assert_eq!(jans("A13M2/&15 top", "6-1"), one("mezeas", Top, 1, 4));
        assert_eq!(jans("A13M2/&15 top", "1-1"), one("mezeas", Top, 1, 6));
        assert_eq!(jans("A13M2/N2&13 top", "5-1"), one("contre-mezeas", Bottom, 1, 4));
        assert!(jans("A13M2/&15 top", "6-2").is_empty());
    }

    #[test]
    fn true_hits_2_4_in_a_grand_jan_4_6_in_a_petit_jan_per_way() {
        // I (top's p9): by the sum from A, rests D and F free
        assert_eq!(jans("A15/I&14 top", "5-3"), vec![("vrai".into(), Top, 1, 2)]);
        assert_eq!(jans("A15/I&14 top", "4-4"), vec![("vrai".into(), Top, 1, 4)]);
        // three ways: 5 from D, 3 from F, 8 from A
        assert_eq!(jans("A13DF/I&14 top", "5-3"), vec![("vrai".into(), Top, 3, 6)]);
        // E (top's p5), a petit jan point
        assert_eq!(jans("A15/E&14 top", "4-1"), vec![("vrai".into(), Top, 1, 4)]);
        assert_eq!(jans("A15/E&14 top", "2-2"), vec![("vrai".into(), Top, 1, 6)]);
        // the treatise's example (docs/commands.md): G and H, a way each
        assert_eq!(
            jans("A9BC2DGH/N2VX&11 bottom", "5-1"),
            vec![("vrai".into(), Bottom, 1, 2), ("vrai".into(), Bottom, 1, 2)]
        );
    }

    #[test]
    fn a_rest_point_held_by_a_lone_man_still_serves() {
        // sum from A to K (9) resting on E (a lone bottom man, hit too) or F (full)
        let v = jans("A15/EF2K&11 top", "5-4");
        assert!(v.contains(&("vrai".into(), Top, 1, 2)), "{v:?}"); // K by the sum through E
        assert!(v.contains(&("vrai".into(), Top, 1, 4)), "{v:?}"); // E by the 4
    }

    #[test]
    fn false_hits_to_the_opponent_2_4_and_4_6() {
        assert_eq!(jans("A14B/E2F2K&10 top", "5-4"), one("faux", Bottom, 1, 2));
        // L by 5-5 from A, resting on F, a full point: false; nothing can be played either
        assert_eq!(
            jans("A15/F2L&12 top", "5-5"),
            vec![("faux".into(), Bottom, 1, 4), ("impuissance".into(), Bottom, 2, 4)]
        );
        // Lepeintre fig. 8: F only by the sum, both rests (M, R) top's full points
        assert_eq!(jans("A4BCFG2H2L2M2/&7T2S2O2N2 bottom", "6-1"), one("faux", Top, 1, 4));
    }

    #[test]
    fn hitting_the_corner_4_6_builders_only() {
        assert_eq!(jans("A11GHM2/&15 top", "6-5"), one("coin", Top, 1, 4));
        assert_eq!(jans("A11G2M2/&15 top", "6-6"), one("coin", Top, 1, 6));
        // an ace needs a third man on the corner
        assert!(jans("A11GHM2/&15 top", "6-1").iter().all(|j| j.0 != "coin"));
        assert!(jans("A10GHM3/&15 top", "6-1").iter().any(|j| j.0 == "coin"));
        // never with the opponent's corner taken
        assert!(jans("A11GHM2/N2&13 top", "6-5").iter().all(|j| j.0 != "coin"));
    }

    #[test]
    fn helpless_men_2_a_die_to_the_opponent() {
        assert_eq!(jans("A15/F2G2&11 top", "6-5"), one("impuissance", Bottom, 2, 4));
        // only the 6 (the 5 then finds M alone): one helpless die
        assert_eq!(jans("A15/F2&13 top", "6-5"), one("impuissance", Bottom, 1, 2));
    }

    #[test]
    fn filling_4_6_a_way() {
        assert_eq!(jans("A15/&3Z4Y2X3V2T bottom", "5-4"), one("petit-jan", Bottom, 2, 8));
        assert_eq!(jans("A15/&3Z4Y2X3V2T bottom", "4-1"), one("petit-jan", Bottom, 2, 8));
        assert_eq!(jans("A15/&3Z4Y2X3V2T bottom", "3-1"), one("petit-jan", Bottom, 1, 4));
        assert_eq!(jans("A15/&3Z4Y2X3V2T bottom", "2-2"), one("petit-jan", Bottom, 2, 12));
        // two half-points missing: one way
        assert_eq!(jans("A15/&6Z3Y2X2VT bottom", "5-4"), one("petit-jan", Bottom, 1, 4));
        // the Lepeintre game, throw 15: three ways
        assert_eq!(jans("A5B3C3G2I2/&3Z2Y3X3V2TS bottom", "3-2"), one("petit-jan", Bottom, 3, 12));
    }

    /// Fill ways are counted by how the filling man travels (docs/rules.md §5): a chain of two
    /// men (X→Y by one die, Y→target by the other) and the tout d'une X→target end in the
    /// same position, yet are two ways when each is lawful and fills; a chain whose filling
    /// man comes from a point of two of the jan is no way. All three jans, singleton and
    /// doublet: (position, dice, jan, ways, points).
    #[test]
    fn fill_ways_by_how_the_man_travels() {
        let table: &[(&str, &str, &str, Seat, u8, u16)] = &[
            // grand jan: the 1 (F→G, A→F by the 5) and the sum (A→G)
            ("A3FGH2I2K2L2M2/&15 top", "5-1", "grand-jan", Top, 2, 8),
            // grand jan, doublet: the 3 (D→G, A→D) and the sum (A→D→G)
            ("A3DGH2I2K2L2M2/&15 top", "3-3", "grand-jan", Top, 2, 12),
            // petit jan: the 1 (a surplus man of E to F, A→E by the 4) and the sum (A→F)
            ("A3B2C2D2E3FG2/&15 top", "4-1", "petit-jan", Top, 2, 8),
            // petit jan, doublet: only the sum (B→D→F); the chain's filling man would come
            // from D, a point of two
            ("A2B3C2D2E2FG3/&15 top", "2-2", "petit-jan", Top, 1, 6),
            // the same with 3-1: the sum only (neither C nor E has a surplus man)
            ("A2B3C2D2E2FG3/&15 top", "3-1", "petit-jan", Top, 1, 4),
            // jan de retour: the 1 (S→T, Q→S by the 2) and the sum (Q→T)
            ("P2QSTV2X2Y2Z2&2/A5B5C5 top", "2-1", "retour", Top, 2, 8),
            // jan de retour, doublet: the 2 (R→T, P→R) and the sum (P→R→T)
            ("P2QRTV2X2Y2Z2&2/A5B5C5 top", "2-2", "retour", Top, 2, 12),
            // bottom's side, the treatise's table (Lelasseux fig. 8)
            ("A15/&3Z4Y2X3V2T bottom", "4-1", "petit-jan", Bottom, 2, 8),
        ];
        for &(pos, dice, code, seat, ways, points) in table {
            let got: Vec<_> = jans(pos, dice).into_iter().filter(|j| j.0 == code).collect();
            assert_eq!(got, one(code, seat, ways, points), "{pos} {dice}");
        }
    }

    #[test]
    fn no_corner_hit_with_a_man_of_the_thrower_on_the_opponents_corner() {
        // docs/rules.md §4: the opponent's corner must hold no man of either seat
        assert!(jans("A10GHM2N/&15 top", "6-5").iter().all(|j| j.0 != "coin"));
        assert_eq!(jans("A11GHM2/&15 top", "6-5"), one("coin", Top, 1, 4));
    }

    #[test]
    fn preserving_4_6_once() {
        assert_eq!(jans("A15/&4Z2Y2X2V2T2S bottom", "2-1"), one("conserve-petit-jan", Bottom, 1, 4));
        assert_eq!(jans("A15/&4Z2Y2X2V2T2S bottom", "1-1"), one("conserve-petit-jan", Bottom, 1, 6));
        // par impuissance: nothing can move, the jan stays full, the helpless men are marked too
        let v = jans("A3B3C3D2E2F2/G2H2I2K2L2M2&3 top", "6-6");
        assert!(v.contains(&("conserve-petit-jan".into(), Top, 1, 6)), "{v:?}");
    }

    #[test]
    fn the_sortie_4_6() {
        assert_eq!(jans("&#14/A15 top", "6-5"), one("sortie", Top, 1, 4));
        assert_eq!(jans("&#14/A15 top", "6-6"), one("sortie", Top, 1, 6));
    }
}

#[cfg(test)]
mod obsolete_tests {
    use super::*;
    use crate::explain::{explain_with, parse_dice, parse_setup};

    fn jans_with(pos: &str, dice: &str, history: &History) -> Vec<(String, Seat, u16)> {
        let (_, p) = parse_setup(pos).unwrap();
        let options = RuleOptions::parse("anciens=oui").unwrap();
        let e = explain_with(&p, parse_dice(dice).unwrap(), &options, history);
        let mut v: Vec<_> = e.jans.iter().map(|j| (j.code.name().to_string(), j.seat, j.points)).collect();
        v.sort();
        v
    }

    #[test]
    fn jan_de_rencontre_in_the_first_releve() {
        let h = History {
            throws: [1, 0],
            first_releve: true,
            first_roll: Some(Dice::new(6, 5).unwrap()),
            ..History::default()
        };
        let v = jans_with("A13FG/&15 bottom", "6-5", &h);
        assert!(v.contains(&("rencontre".into(), Seat::Bottom, 4)), "{v:?}");
        let v = jans_with("A13FG/&15 bottom", "6-4", &h);
        assert!(!v.iter().any(|j| j.0 == "rencontre"));
        // not without the option
        let (_, p) = parse_setup("A13FG/&15 bottom").unwrap();
        let e = explain_with(&p, parse_dice("6-5").unwrap(), &RuleOptions::default(), &h);
        assert!(e.jans.is_empty());
    }

    #[test]
    fn margot_la_fendue_to_the_opponent() {
        // top's lone man on F between bottom's lone men on E and G
        let v = jans_with("A14F/EG&13 top", "6-6", &History::default());
        assert!(v.contains(&("margot".into(), Seat::Bottom, 4)), "{v:?}");
    }

    #[test]
    fn pile_de_misere() {
        let v = jans_with("M15/&15 top", "6-5", &History::default());
        assert!(v.contains(&("conserve-misere".into(), Seat::Top, 4)), "{v:?}");
    }
}

#[cfg(test)]
mod differential_tests {
    use super::*;
    use crate::games::grand_trictrac::movegen::{reference::random_position, MoveRules};

    /// [`roll_jans`] gives what its earlier form gave, jan by jan and in order, on generated
    /// and random positions, every roll, under the options and histories that change jans.
    #[test]
    fn roll_jans_matches_the_earlier_form() {
        // fewer in a debug build; `cargo test --release` runs them all
        let k = if cfg!(debug_assertions) { 2_000 } else { 8_000 };
        let mut positions: Vec<Position> =
            crate::games::grand_trictrac::generate::positions(k / 4).into_iter().map(|(p, _)| p).collect();
        positions.extend((0..k as u64).map(random_position));
        let options = ["", "hit-passage=checked", "anciens=oui", "sortie=provinciale"].map(|o| {
            if o.is_empty() {
                RuleOptions::default()
            } else {
                RuleOptions::parse(o).unwrap()
            }
        });
        let histories = [
            History::default(),
            History { throws: [2, 2], ..History::default() },
            History { throws: [0, 1], first_releve: true, first_roll: Dice::new(6, 5), ..History::default() },
            History { throws: [1, 0], first_releve: true, first_roll: Dice::new(3, 3), ..History::default() },
        ];
        let mut n = 0;
        for pos in &positions {
            for o in &options {
                let board = Board::new(pos, MoveRules::from(o));
                for dice in Dice::all() {
                    let plays = board.dice_plays(dice);
                    for h in &histories {
                        let want = reference::roll_jans(&board, dice, &plays, h, o);
                        let got = roll_jans(&board, dice, &plays, h, o);
                        let (w, g): (Vec<Jan>, Vec<Jan>) =
                            (want.iter().copied().collect(), got.iter().copied().collect());
                        assert_eq!(g, w, "{pos} {dice} {h:?} {o:?}");
                        assert_eq!(got.points, want.points);
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 500_000);
    }
}
