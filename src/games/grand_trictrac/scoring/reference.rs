//! What a roll is worth, as [`super::roll_jans`] computed it before its bit-mask hits and
//! shortcuts (issue 7). Test-only: the differential tests compare both jan by jan.

#![allow(clippy::all)]

use super::*;

/// Everything `dice` is worth to each seat on `board` (the seat to throw is the thrower):
/// docs/rules.md §4–§7. `plays` are the plays the dice obligations allow ([`Board::dice_plays`]).
pub fn roll_jans(board: &Board, dice: Dice, plays: &Plays, history: &History, options: &RuleOptions) -> RollJans {
    let pos = board.position();
    let board = *board;
    let me = pos.turn();
    let opp = me.other();
    let side = *pos.side(me);
    let mut out = RollJans::new();
    rare_jans(&board, &side, dice, history, options, &mut out);
    hits(&board, &side, dice, options, &mut out);
    corner_hit(&board, &side, dice, &mut out);
    fills(&board, &side, dice, plays, &mut out, me);
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
    // the sortie: the roll can bear off all the remaining men
    if side[OFF] < 15
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
        obsolete_jans(&board, &side, dice, plays, history, &mut out);
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

/// True and false hits (docs/rules.md §4).
fn hits(board: &Board, side: &[u8; 26], dice: Dice, options: &RuleOptions, out: &mut RollJans) {
    let me = board.seat();
    let (a, b) = (dice.high() as usize, dice.low() as usize);
    let sum = a + b;
    // a rest point serves an indirect hit unless the opponent holds it with two men or more
    let rest_ok = |q: usize| q <= 24 && board.opp(q) < 2;
    for t in 1..=24usize {
        if board.opp(t) != 1 {
            continue;
        }
        if options.hit_passage == HitPassage::Checked && board.closed(t) {
            continue;
        }
        let man_at = |d: usize| t > d && side[t - d] > 0;
        let mut ways = 0u8;
        if man_at(a) {
            ways += 1;
        }
        if !dice.is_doublet() && man_at(b) {
            ways += 1;
        }
        let mut false_hit = false;
        if man_at(sum) {
            let from = t - sum;
            let open = if dice.is_doublet() { rest_ok(from + a) } else { rest_ok(from + a) || rest_ok(from + b) };
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
    for (bit, first) in jans::ALL {
        let range = first..first + 6;
        let full_now = Position::jan_full(side, first);
        let can_end_full = plays.iter().any(|p| p.full & bit != 0);
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
