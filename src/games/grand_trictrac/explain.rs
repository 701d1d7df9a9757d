//! Grand Trictrac's explanation of a roll (docs/commands.md `explain`): every legal play (docs/rules.md
//! §2–§3) and every jan with its ways and points (docs/rules.md §4–§7), as a value or straight
//! as the JSON bytes `explain --batch` writes.

use crate::board::{letters_in, men_field_in, Seat};
use crate::dice::Dice;
use crate::games::grand_trictrac::movegen::MoveRules;
use crate::position::Position;
use serde::Serialize;

/// One legal play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayEntry {
    /// Canonical notation (docs/commands.md).
    pub notation: String,
    /// Field 1 of the position string after the play.
    pub result: String,
}

/// The points each seat marks for the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatPoints {
    /// Top's.
    pub top: u16,
    /// Bottom's.
    pub bottom: u16,
}

/// The plays and the jans of a roll in a position.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The position string as given, canonical.
    pub position: String,
    /// The roll, higher die first.
    pub dice: [u8; 2],
    /// The seat to throw.
    pub seat: Seat,
    /// Every legal play, sorted as ASCII strings.
    pub plays: Vec<PlayEntry>,
    /// Every jan the roll makes, for either seat.
    pub jans: Vec<crate::games::grand_trictrac::scoring::Jan>,
    /// The total each seat marks for the roll.
    pub points: SeatPoints,
}

/// A jan as an [`Explanation`] in some letters has it: the point hit written in them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LetteredJan {
    /// Its code (docs/format.md §3).
    pub code: crate::notation::jan::JanCode,
    /// The seat that marks it.
    pub seat: Seat,
    /// The number of ways.
    pub ways: u8,
    /// The points.
    pub points: u16,
    /// The letter of the point hit, for hits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// An [`Explanation`] written in one alphabet's letters (the position's, docs/format.md §1):
/// the same fields, serialized alike; the plays sorted again as ASCII strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LetteredExplanation {
    /// The position string, men and seat, in the letters.
    pub position: String,
    /// The roll, higher die first.
    pub dice: [u8; 2],
    /// The seat to throw.
    pub seat: Seat,
    /// Every legal play, in the letters, sorted as ASCII strings.
    pub plays: Vec<PlayEntry>,
    /// Every jan the roll makes, for either seat.
    pub jans: Vec<LetteredJan>,
    /// The total each seat marks for the roll.
    pub points: SeatPoints,
}

impl Explanation {
    /// This explanation in `dialect`'s letters.
    pub fn in_letters(&self, dialect: crate::board::Dialect) -> LetteredExplanation {
        let mut plays: Vec<PlayEntry> = self
            .plays
            .iter()
            .map(|p| PlayEntry { notation: letters_in(&p.notation, dialect), result: men_field_in(&p.result, dialect) })
            .collect();
        plays.sort_by(|a, b| a.notation.cmp(&b.notation));
        let position = match self.position.split_once(' ') {
            Some((men, rest)) => format!("{} {rest}", men_field_in(men, dialect)),
            None => men_field_in(&self.position, dialect),
        };
        let jans = self
            .jans
            .iter()
            .map(|j| LetteredJan {
                code: j.code,
                seat: j.seat,
                ways: j.ways,
                points: j.points,
                at: j.at.map(|p| p.letter(dialect).to_string()),
            })
            .collect();
        LetteredExplanation { position, dice: self.dice, seat: self.seat, plays, jans, points: self.points }
    }
}

/// The relève history a position string gives (its `throws=` field).
pub fn history_of(setup: &crate::board::Setup) -> crate::games::grand_trictrac::scoring::History {
    let throws = setup.score.throws.map_or([0, 0], |t| [t[Seat::Top], t[Seat::Bottom]]);
    crate::games::grand_trictrac::scoring::History { throws, ..Default::default() }
}

/// Every legal play of `dice` in `pos`, and every jan, with the default options.
pub fn explain(pos: &Position, dice: Dice, rules: MoveRules) -> Explanation {
    let options = crate::games::grand_trictrac::options::RuleOptions {
        sortie: rules.sortie,
        passage_rest: rules.passage_rest,
        ..Default::default()
    };
    explain_with(pos, dice, &options, &crate::games::grand_trictrac::scoring::History::default())
}

/// Every legal play of `dice` in `pos`, and every jan under `options` and `history`.
pub fn explain_with(
    pos: &Position,
    dice: Dice,
    options: &crate::games::grand_trictrac::options::RuleOptions,
    history: &crate::games::grand_trictrac::scoring::History,
) -> Explanation {
    let (plays, roll) = plays_and_jans(pos, dice, options, history);
    let seat = pos.turn();
    let mut entries: Vec<PlayEntry> =
        plays.iter().map(|p| PlayEntry { notation: p.notation(seat), result: pos.after(p).men_field() }).collect();
    entries.sort_by(|a, b| a.notation.cmp(&b.notation));
    let jans: Vec<crate::games::grand_trictrac::scoring::Jan> = roll.iter().copied().collect();
    let points = SeatPoints { top: roll.points_of(Seat::Top), bottom: roll.points_of(Seat::Bottom) };
    Explanation { position: pos.to_string(), dice: [dice.high(), dice.low()], seat, plays: entries, jans, points }
}

/// The legal plays of a roll and every jan it makes (docs/rules.md §2–§7): what `explain` reports.
fn plays_and_jans(
    pos: &Position,
    dice: Dice,
    options: &crate::games::grand_trictrac::options::RuleOptions,
    history: &crate::games::grand_trictrac::scoring::History,
) -> (crate::games::grand_trictrac::movegen::Plays, crate::games::grand_trictrac::scoring::RollJans) {
    let board = crate::games::grand_trictrac::movegen::Board::new(pos, MoveRules::from(options));
    let mut plays = board.dice_plays(dice);
    let roll = crate::games::grand_trictrac::scoring::roll_jans(&board, dice, &plays, history, options);
    plays.apply_jan_obligations();
    (plays, roll)
}

/// Lists reused from line to line by [`write_explanation`]: nothing is allocated once they
/// have grown to the largest roll seen.
#[derive(Default)]
pub struct Scratch {
    /// The legal plays of the roll.
    plays: crate::games::grand_trictrac::movegen::Plays,
    /// Each play's notation and index: the notation's bytes from the highest byte (see
    /// [`notation_of`]) above the index, in the three low bytes.
    order: Vec<u64>,
}

/// The index of a play in [`Scratch::order`]'s numbers.
const INDEX_BITS: u64 = 0xff_ffff;

/// The longest notation of a Grand Trictrac play: two men's moves (`AB CD`).
const NOTATION_MAX: usize = 5;

/// Where a play's notation starts in its JSON object: after `{"notation":"`.
const NOTATION_AT: usize = 13;

/// The longest JSON object of a play (`{"notation":"…","result":"…/…"}`), with room for
/// whole words and arrays copied past each part's end.
const PLAY_MAX: usize = NOTATION_AT + NOTATION_MAX + 12 + 2 * crate::position::SIDE_FIELD_MAX + 1 + 2 + 8;

/// A play's canonical notation for `seat` (docs/commands.md) as the bytes of a number, big-endian from
/// its highest byte, and their number: the bytes of [`crate::games::grand_trictrac::movegen::Play::notation`] (each
/// man's move from its origin to its end, a man moved by both dice tout d'une, the moves in
/// order of origin then end along the route, `-` for no move), allocating nothing. Held in a
/// register, the bytes sort the notations as ASCII strings.
fn notation_of(play: &crate::games::grand_trictrac::movegen::Play, seat: Seat) -> (u64, usize) {
    if play.len == 0 {
        return (u64::from(b'-') << 56, 1);
    }
    // a man's move as origin × 256 + end: ordered by origin then end
    let man = |from: u8, to: u8| u16::from(from) << 8 | u16::from(to);
    // each man's move: one origin and one end, or two of each as the steps went
    let (o, d) = play.endpoints();
    let (first, second) = match (o[0] != 0, o[1] != 0, d[0] != 0, d[1] != 0) {
        (true, false, true, false) => (Some(man(o[0], d[0])), None),
        (true, true, true, true) => match play.steps() {
            [a] => (Some(man(a.from, a.to)), None),
            [a, b, ..] => {
                let (a, b) = (man(a.from, a.to), man(b.from, b.to));
                (Some(a.min(b)), Some(a.max(b)))
            }
            [] => (None, None),
        },
        _ => (None, None),
    };
    // a move's two letters, `#` for a man borne off
    let letters = |m: u16| {
        let (from, to) = (usize::from(m >> 8), usize::from(m & 0xff));
        let end = if to >= crate::position::OFF { b'#' } else { Position::letter_byte(seat, to) };
        u64::from(Position::letter_byte(seat, from)) << 8 | u64::from(end)
    };
    match (first, second) {
        (Some(a), Some(b)) => (letters(a) << 48 | u64::from(b' ') << 40 | letters(b) << 24, NOTATION_MAX),
        (Some(a), None) => (letters(a) << 48, 2),
        _ => (0, 0),
    }
}

/// A number in decimal, as serde_json writes it.
fn write_number(out: &mut Vec<u8>, n: u16) {
    out.extend_from_slice(crate::board::Decimal::new(u32::from(n)).as_bytes());
}

/// One jan as serde_json writes a [`crate::games::grand_trictrac::scoring::Jan`]: its fields in order, `at` only
/// for a hit. Codes, seat names and letters hold nothing that JSON escapes.
fn write_jan(out: &mut Vec<u8>, j: &crate::games::grand_trictrac::scoring::Jan) {
    out.extend_from_slice(b"{\"code\":\"");
    out.extend_from_slice(j.code.name().as_bytes());
    out.extend_from_slice(b"\",\"seat\":\"");
    out.extend_from_slice(j.seat.name().as_bytes());
    out.extend_from_slice(b"\",\"ways\":");
    write_number(out, u16::from(j.ways));
    out.extend_from_slice(b",\"points\":");
    write_number(out, j.points);
    if let Some(p) = j.at {
        out.extend_from_slice(b",\"at\":\"");
        let mut b = [0u8; 4];
        out.extend_from_slice(p.letter(crate::board::Dialect::Soumille).encode_utf8(&mut b).as_bytes());
        out.push(b'"');
    }
    out.push(b'}');
}

/// Writes the JSON of [`explain_with`] (the same bytes as `serde_json::to_writer` of the
/// [`Explanation`]) straight into `out`, building no [`Explanation`] and no string: for
/// `explain --batch`. The plays (docs/rules.md §2) and jans (docs/rules.md §4–§7) are those of
/// [`explain_with`]; each play's notation is written once into `scratch` to be sorted, and
/// each result straight into `out`, the other seat's half of it written once.
pub fn write_explanation(
    out: &mut Vec<u8>,
    scratch: &mut Scratch,
    pos: &Position,
    dice: Dice,
    options: &crate::games::grand_trictrac::options::RuleOptions,
    history: &crate::games::grand_trictrac::scoring::History,
) {
    let board = crate::games::grand_trictrac::movegen::Board::new(pos, MoveRules::from(options));
    let plays = &mut scratch.plays;
    board.dice_plays_into(dice, plays);
    let roll = crate::games::grand_trictrac::scoring::roll_jans(&board, dice, plays, history, options);
    plays.apply_jan_obligations();
    let seat = pos.turn();
    // the notations, sorted as ASCII strings (the order of explain_with's stable sort): as
    // big-endian numbers, zeros after the end, above the play's index (fewer than 2^24
    // plays) that breaks ties; the notation's five bytes at most leave the three low bytes
    scratch.order.clear();
    for (k, p) in plays.iter().enumerate() {
        scratch.order.push(notation_of(p, seat).0 | (k as u64 & INDEX_BITS));
    }
    scratch.order.sort_unstable();
    let fields = SideFields::of(pos);
    // a line's length at most, reserved once
    out.reserve(96 + scratch.order.len() * (PLAY_MAX + 1) + roll.iter().count() * 80);
    // position strings, notations and men fields hold letters, digits, `/&#=` and spaces:
    // nothing that JSON escapes
    out.extend_from_slice(b"{\"position\":\"");
    out.extend_from_slice(fields.get(Seat::Top));
    out.push(b'/');
    out.extend_from_slice(fields.get(Seat::Bottom));
    out.push(b' ');
    out.extend_from_slice(seat.name().as_bytes());
    out.extend_from_slice(b"\",\"dice\":[");
    write_number(out, u16::from(dice.high()));
    out.push(b',');
    write_number(out, u16::from(dice.low()));
    out.extend_from_slice(b"],\"seat\":\"");
    out.extend_from_slice(seat.name().as_bytes());
    out.extend_from_slice(b"\",\"plays\":[");
    write_plays(out, &scratch.order, &scratch.plays, pos, &fields);
    out.extend_from_slice(b"],\"jans\":[");
    for (k, j) in roll.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        write_jan(out, j);
    }
    out.extend_from_slice(b"],\"points\":{\"top\":");
    write_number(out, roll.points_of(Seat::Top));
    out.extend_from_slice(b",\"bottom\":");
    write_number(out, roll.points_of(Seat::Bottom));
    out.extend_from_slice(b"}}");
}

/// Each side's half of field 1 of a position string, written once.
struct SideFields {
    /// The bytes, by seat index.
    fields: [[u8; crate::position::SIDE_FIELD_MAX]; 2],
    /// Their lengths.
    lens: [usize; 2],
}

impl SideFields {
    fn of(pos: &Position) -> SideFields {
        let mut f = SideFields { fields: [[0u8; crate::position::SIDE_FIELD_MAX]; 2], lens: [0; 2] };
        for side in Seat::ALL {
            f.lens[side.index()] = Position::side_field_into(side, pos.side(side), &mut f.fields[side.index()]);
        }
        f
    }

    fn get(&self, side: Seat) -> &[u8] {
        &self.fields[side.index()][..self.lens[side.index()]]
    }
}

/// The plays of [`write_explanation`], in `order` (see [`Scratch::order`]), each as
/// `{"notation":"…","result":"…"}`, separated by commas.
fn write_plays(
    out: &mut Vec<u8>,
    order: &[u64],
    plays: &crate::games::grand_trictrac::movegen::Plays,
    pos: &Position,
    fields: &SideFields,
) {
    use crate::position::{OFF, SIDE_FIELD_MAX};
    let seat = pos.turn();
    // each play's object is put together in `piece`, copying whole words and arrays (the
    // bytes after each part's end are overwritten by the next), then appended at once
    let (other, other_len) = (&fields.fields[seat.other().index()], fields.lens[seat.other().index()]);
    let base = Position::occupied_letters(seat, pos.side(seat));
    let mut piece = [0u8; PLAY_MAX];
    piece[..NOTATION_AT].copy_from_slice(b"{\"notation\":\"");
    for (n, &key) in order.iter().enumerate() {
        let Some(play) = plays.iter().nth((key & INDEX_BITS) as usize) else { continue };
        if n > 0 {
            out.push(b',');
        }
        // the notation's bytes are not zero: its length is where the zeros start
        let notation = key & !INDEX_BITS;
        piece[NOTATION_AT..NOTATION_AT + 8].copy_from_slice(&notation.to_be_bytes());
        let mut k = NOTATION_AT + 8 - (notation.trailing_zeros() / 8) as usize;
        piece[k..k + 12].copy_from_slice(b"\",\"result\":\"");
        k += 12;
        // the men moved: the points reached may hold men now, those left are skipped if empty
        let mut side = *pos.side(seat);
        let mut occupied = base;
        for st in play.steps() {
            side[st.from as usize] -= 1;
            let to = (st.to as usize).min(OFF);
            side[to] += 1;
            if to < OFF {
                occupied |= 1 << Position::letter_bit(seat, to);
            }
        }
        if seat == Seat::Top {
            k = Position::side_field_with(seat, &side, occupied, &mut piece, k);
            piece[k] = b'/';
            piece[k + 1..k + 1 + SIDE_FIELD_MAX].copy_from_slice(other);
            k += 1 + other_len;
        } else {
            piece[k..k + SIDE_FIELD_MAX].copy_from_slice(other);
            piece[k + other_len] = b'/';
            k = Position::side_field_with(seat, &side, occupied, &mut piece, k + other_len + 1);
        }
        piece[k..k + 2].copy_from_slice(b"\"}");
        out.extend_from_slice(&piece[..k + 2]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The batch writer's bytes and serde_json's of [`explain_with`], for one roll.
    fn both(
        scratch: &mut Scratch,
        pos: &Position,
        dice: Dice,
        options: &crate::games::grand_trictrac::options::RuleOptions,
        history: &crate::games::grand_trictrac::scoring::History,
    ) -> (String, String) {
        let mut out = b"left from the line before".to_vec();
        out.clear();
        write_explanation(&mut out, scratch, pos, dice, options, history);
        let e = explain_with(pos, dice, options, history);
        (String::from_utf8(out).expect("ASCII"), serde_json::to_string(&e).expect("serializes"))
    }

    /// Every roll: the 21 dice.
    fn every_roll() -> impl Iterator<Item = Dice> {
        (1..=6u8).flat_map(|a| (1..=a).filter_map(move |b| Dice::new(a, b)))
    }

    #[test]
    fn the_batch_writer_writes_what_serde_writes() {
        let options = crate::games::grand_trictrac::options::RuleOptions::default();
        let history = crate::games::grand_trictrac::scoring::History::default();
        let mut scratch = Scratch::default();
        for (pos, dice) in crate::games::grand_trictrac::generate::positions(300) {
            let (mine, serde) = both(&mut scratch, &pos, dice, &options, &history);
            assert_eq!(mine, serde);
        }
    }

    #[test]
    fn the_batch_writer_writes_what_serde_writes_for_every_roll_and_rules() {
        let mut scratch = Scratch::default();
        let rules = ["", "sortie=provinciale; passage-rest=forbidden; hit-passage=checked; anciens=oui"];
        for (k, (pos, _)) in crate::games::grand_trictrac::generate::positions(400).into_iter().enumerate() {
            let options = crate::games::grand_trictrac::options::RuleOptions::parse(rules[k % 2]).expect("valid rules");
            let history = crate::games::grand_trictrac::scoring::History {
                throws: [k as u16 % 4, k as u16 % 3],
                ..Default::default()
            };
            for dice in every_roll() {
                let (mine, serde) = both(&mut scratch, &pos, dice, &options, &history);
                assert_eq!(mine, serde, "{pos:?} {dice}");
            }
        }
    }

    #[test]
    fn a_play_s_notation_is_the_play_s() {
        let options = crate::games::grand_trictrac::options::RuleOptions::default();
        for (pos, _) in crate::games::grand_trictrac::generate::positions(300) {
            let board = crate::games::grand_trictrac::movegen::Board::new(&pos, MoveRules::from(&options));
            for dice in every_roll() {
                for p in board.dice_plays(dice).iter() {
                    let (bytes, n) = notation_of(p, pos.turn());
                    assert_eq!(std::str::from_utf8(&bytes.to_be_bytes()[..n]).unwrap(), p.notation(pos.turn()));
                }
            }
        }
    }

    #[test]
    fn an_explanation_in_soumille_s_letters_is_written_as_it_is() {
        let options = crate::games::grand_trictrac::options::RuleOptions::default();
        let history = crate::games::grand_trictrac::scoring::History::default();
        for (pos, dice) in crate::games::grand_trictrac::generate::positions(200) {
            let e = explain_with(&pos, dice, &options, &history);
            let lettered = e.in_letters(crate::board::Dialect::Soumille);
            assert_eq!(serde_json::to_string(&lettered).unwrap(), serde_json::to_string(&e).unwrap());
        }
    }

    #[test]
    fn an_explanation_in_lepeintre_s_letters_is_the_same_board() {
        use crate::board::Dialect;
        let options = crate::games::grand_trictrac::options::RuleOptions::default();
        let history = crate::games::grand_trictrac::scoring::History::default();
        for (pos, dice) in crate::games::grand_trictrac::generate::positions(200) {
            let e = explain_with(&pos, dice, &options, &history);
            let l = e.in_letters(Dialect::Lepeintre);
            // the position and each result read back in Lepeintre's letters as the same men
            let (men, seat) = l.position.split_once(' ').unwrap();
            let back = crate::notation::parser::parse_position(&l.position, Dialect::Lepeintre).unwrap();
            assert_eq!(back.to_string(), e.position);
            assert_eq!(back.men_field(Dialect::Lepeintre), men, "canonical order");
            for p in &l.plays {
                let s = crate::notation::parser::parse_position(&format!("{} {seat}", p.result), Dialect::Lepeintre)
                    .unwrap();
                assert_eq!(s.men_field(Dialect::Lepeintre), p.result);
                assert!(e.plays.iter().any(|q| q.result == s.men_field(Dialect::Soumille)));
            }
            assert!(l.plays.windows(2).all(|w| w[0].notation <= w[1].notation));
            assert!(l.plays.iter().all(|p| !p.notation.contains(|c: char| c.is_ascii_uppercase() || c == '&')));
        }
    }

    #[test]
    fn every_jan_code_is_written_as_serde_writes_it() {
        for code in crate::notation::jan::JanCode::all() {
            for at in [None, crate::board::Point::new(24), crate::board::Point::new(1)] {
                let j =
                    crate::games::grand_trictrac::scoring::Jan { code, seat: Seat::Bottom, ways: 3, points: 65535, at };
                let mut out = Vec::new();
                write_jan(&mut out, &j);
                assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&j).unwrap());
            }
        }
    }

    /// A position: the 24 points shared out between the seats (`owners`: bit L for top's
    /// letter L), each seat's fifteen men on its own points or borne off.
    fn a_position() -> impl Strategy<Value = Position> {
        (any::<u32>(), prop::collection::vec(0u8..=30, 30), any::<bool>()).prop_map(|(owners, picks, top)| {
            let mut men = [[0u8; 26]; 2];
            for (k, &pick) in picks.iter().enumerate() {
                let seat = if k < 15 { Seat::Top } else { Seat::Bottom };
                let own: Vec<u8> = (1..=24u8).filter(|l| (owners >> l & 1 == 1) == (seat == Seat::Top)).collect();
                // mostly on the board, sometimes borne off
                let p = match own.get(pick as usize % (own.len() + 2)) {
                    Some(&l) => Position::relative(seat, crate::board::Point::new(l).expect("a letter")),
                    None => crate::position::OFF,
                };
                men[seat.index()][p] += 1;
            }
            Position { men, turn: if top { Seat::Top } else { Seat::Bottom } }
        })
    }

    fn some_rules() -> impl Strategy<Value = crate::games::grand_trictrac::options::RuleOptions> {
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c, d)| {
            let words = [
                if a { "sortie=provinciale" } else { "" },
                if b { "passage-rest=forbidden" } else { "" },
                if c { "hit-passage=checked" } else { "" },
                if d { "anciens=oui" } else { "" },
            ];
            let text: Vec<&str> = words.into_iter().filter(|w| !w.is_empty()).collect();
            crate::games::grand_trictrac::options::RuleOptions::parse(&text.join("; ")).expect("valid rules")
        })
    }

    fn a_history() -> impl Strategy<Value = crate::games::grand_trictrac::scoring::History> {
        (0u16..4, 0u16..4, any::<bool>(), proptest::option::of((1u8..=6, 1u8..=6)), 0u8..3, 0u8..3).prop_map(
            |(t, b, first_releve, roll, p, q)| crate::games::grand_trictrac::scoring::History {
                throws: [t, b],
                first_releve,
                first_roll: roll.and_then(|(a, b)| Dice::new(a, b)),
                privileges_used: [p, q],
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Whatever the position, roll, rules and history, the batch writer writes the bytes
        /// serde_json writes for explain_with's Explanation.
        #[test]
        fn the_batch_writer_is_serde_for_any_position(
            pos in a_position(), a in 1u8..=6, b in 1u8..=6, options in some_rules(), history in a_history(),
        ) {
            let dice = Dice::new(a, b).expect("dice");
            let mut scratch = Scratch::default();
            let (mine, serde) = both(&mut scratch, &pos, dice, &options, &history);
            prop_assert_eq!(mine, serde);
        }
    }
}
