//! Properties of the reader and printer on generated records: parse∘print is the identity
//! (spans aside), printing is idempotent, JSON round-trips, letters convert losslessly.

use proptest::prelude::*;
use soumille::notation::{
    print_record, read, Anchor, Comment, CommentStyle, CubeAction, CubeAnswer, Decision, Game, Glyph, JanClaim, Mark,
    Move, OpponentPart, Origin, PartieClaim, Play, PrintOptions, Record, Tag, Target, Throw,
};
use soumille::{Dialect, Dice, JanCode, Point, Seat};

fn point() -> impl Strategy<Value = Point> {
    (1u8..=24).prop_map(|i| Point::new(i).unwrap())
}

fn a_move() -> impl Strategy<Value = Move> {
    (point(), proptest::option::of(point()), proptest::option::weighted(0.85, point()))
        .prop_map(|(from, rest, to)| Move::new(from, rest, to.map_or(Target::Off, Target::Point)))
}

/// A path of the other games (docs/games.md §0.3, §D.9): up to five points, `*` after any point
/// but the origin (not after `#`), `@` in Backgammon.
fn a_path(game: Game) -> impl Strategy<Value = Move> {
    let bar = game == Game::Backgammon;
    (
        proptest::option::weighted(0.85, point()),
        proptest::collection::vec(point(), 0..=3),
        proptest::option::weighted(0.85, point()),
        any::<u8>(),
    )
        .prop_map(move |(from, rests, to, hits)| {
            let to = to.map_or(Target::Off, Target::Point);
            let n = rests.len() + usize::from(to != Target::Off);
            let hits = if hits % 2 == 0 { 0 } else { hits & ((1u16 << n) - 1) as u8 };
            let from = match from {
                Some(p) => Origin::Point(p),
                None if bar => Origin::Bar,
                None => Origin::Point(rests.first().copied().unwrap_or(Point::new(1).unwrap())),
            };
            Move { from, rests: rests.into_iter().collect(), to, hits }
        })
}

fn mark_in(odd: bool) -> impl Strategy<Value = Mark> {
    (0i64..40, proptest::collection::vec((0usize..24, proptest::option::of(1u32..4)), 0..3)).prop_map(
        move |(p, jans)| Mark {
            points: if odd { p } else { p * 2 },
            jans: jans.into_iter().map(|(c, ways)| JanClaim { code: JanCode::all().nth(c).unwrap(), ways }).collect(),
        },
    )
}

fn mark() -> impl Strategy<Value = Mark> {
    mark_in(false)
}

fn comment_text(style: CommentStyle) -> impl Strategy<Value = String> {
    let re = match style {
        CommentStyle::Brace => "[ -|~éà’\n\t]{0,20}",
        CommentStyle::Line => "[ -~éà’\t]{0,20}",
    };
    proptest::string::string_regex(re).unwrap()
}

fn comment() -> impl Strategy<Value = (CommentStyle, String)> {
    prop_oneof![Just(CommentStyle::Brace), Just(CommentStyle::Line)].prop_flat_map(|s| (Just(s), comment_text(s)))
}

fn glyph() -> impl Strategy<Value = Glyph> {
    prop_oneof![
        Just(Glyph::Good),
        Just(Glyph::Mistake),
        Just(Glyph::Brilliant),
        Just(Glyph::Blunder),
        Just(Glyph::Interesting),
        Just(Glyph::Dubious)
    ]
}

/// The games a generated record may be of (Grand Trictrac most often).
const GAMES: [Game; 6] =
    [Game::GrandTrictrac, Game::GrandTrictrac, Game::Jacquet, Game::Moultezim, Game::Backgammon, Game::TricTrac];

prop_compose! {
    fn throw_body(game: Game)(
        seat in proptest::option::of(prop_oneof![Just(Seat::Top), Just(Seat::Bottom)]),
        a in 1u8..=6, b in 1u8..=6,
        marks in proptest::collection::vec(mark_in(game == Game::TricTrac), 0..3),
        holes in proptest::option::of(1u32..4),
        decision in proptest::option::of(prop_oneof![Just(Decision::Hold), Just(Decision::Go), Just(Decision::Prolong), Just(Decision::Restart)]),
        play in proptest::option::of(prop_oneof![1 => Just(None), 6 => proptest::collection::vec(prop_oneof![a_move(), a_path(game)], 1..5).prop_map(Some)]),
        opponent in proptest::option::of((proptest::collection::vec(mark(), 0..3), proptest::option::of(1u32..3))),
        glyph in proptest::option::of(glyph()),
        comments in proptest::collection::vec((0usize..40, comment()), 0..3),
        cube in proptest::option::weighted(0.3, (proptest::option::of(1u32..65), proptest::option::of(prop_oneof![Just(CubeAnswer::Take), Just(CubeAnswer::Drop)]), proptest::bool::weighted(0.2))),
        no_dice in proptest::bool::weighted(0.3),
        partie in proptest::option::weighted(0.3, 1u8..=4),
    ) -> Throw {
        // in the order drawn: `4-5` as well as `5-4` (docs/format.md §3), kept by the printer
        let mut t = Throw::new(0, Dice::as_written(a, b).unwrap());
        t.seat = seat;
        t.marks = marks.into_iter().collect();
        t.holes = holes;
        t.decision = decision.filter(|d| game == Game::TricTrac || !d.after_partie());
        t.play = play.map(|p| p.map_or(Play::Pass, |m| {
            Play::Moves(m.into_iter().filter(|m| game.has_paths() || m.is_plain()).take(4).collect())
        }));
        if matches!(&t.play, Some(Play::Moves(m)) if m.is_empty()) {
            t.play = None;
        }
        t.opponent = opponent.map(|(marks, holes)| OpponentPart { marks, holes });
        t.glyph = glyph;
        if game == Game::Backgammon {
            t.cube = cube.map(|(value, answer, after_dice)| CubeAction { value, answer, after_dice });
        }
        if game == Game::TricTrac {
            t.partie = partie.map(|multiple| PartieClaim { multiple });
        }
        if t.cube.is_some() && no_dice {
            // `22. top: double drop`: the cube action alone
            let (number, seat, cube) = (t.number, t.seat, t.cube);
            t = Throw::bare(number, None);
            t.seat = seat;
            t.cube = cube.map(|a| CubeAction { after_dice: false, ..a });
        }
        // comments on tokens that exist
        let mut anchors = vec![Anchor::Number];
        if t.dice.is_some() { anchors.push(Anchor::Dice); }
        if t.seat.is_some() { anchors.push(Anchor::Seat); }
        if t.cube.is_some() { anchors.push(Anchor::Cube); }
        anchors.extend((0..t.marks.len()).map(Anchor::Mark));
        if t.holes.is_some() { anchors.push(Anchor::Holes); }
        if t.decision.is_some() { anchors.push(Anchor::Decision); }
        match &t.play {
            Some(Play::Pass) => anchors.push(Anchor::Pass),
            Some(Play::Moves(m)) => anchors.extend((0..m.len()).map(Anchor::Move)),
            None => {}
        }
        if t.glyph.is_some() { anchors.push(Anchor::Glyph); }
        if t.partie.is_some() { anchors.push(Anchor::Partie); }
        if let Some(o) = &t.opponent {
            anchors.push(Anchor::Slash);
            anchors.extend((0..o.marks.len()).map(Anchor::OpponentMark));
            if o.holes.is_some() { anchors.push(Anchor::OpponentHoles); }
        }
        t.comments = comments
            .into_iter()
            .map(|(k, (style, text))| Comment { style, text, after: Some(anchors[k % anchors.len()]) })
            .collect();
        t.normalize_comments();
        t
    }
}

/// A record of Grand Trictrac (the only game when `gt_only`) or of one of the other games.
fn record_of(gt_only: bool) -> impl Strategy<Value = Record> {
    (0usize..if gt_only { 1 } else { GAMES.len() })
        .prop_flat_map(|g| {
            let game = GAMES[g];
            (
                Just(game),
                proptest::bool::ANY,
                proptest::option::of(prop_oneof![Just("top"), Just("bottom")]),
                proptest::collection::vec(("[A-Z][a-z0-9_]{0,6}", "[ -~é\"\\\\]{0,12}"), 0..3),
                proptest::collection::vec(throw_body(game), 0..12),
                proptest::collection::vec(comment(), 0..2),
            )
        })
        .prop_map(|(game, lep, first, extra, throws, leading)| {
            let lep = lep && game.is_trictrac();
            let mut tags = vec![Tag { name: "Game".into(), value: game.name().into(), comments: vec![], spans: None }];
            if let Some(f) = first {
                tags.push(Tag { name: "First".into(), value: f.into(), comments: vec![], spans: None });
            }
            if lep {
                tags.push(Tag { name: "Letters".into(), value: "lepeintre".into(), comments: vec![], spans: None });
            }
            for (name, value) in extra {
                if soumille::notation::canonical_tag_name(&name).is_none() && !tags.iter().any(|t| t.name == name) {
                    tags.push(Tag { name: name.into(), value, comments: vec![], spans: None });
                }
            }
            let throws = throws
                .into_iter()
                .enumerate()
                .map(|(k, mut t)| {
                    t.number = k as u32 + 1;
                    t
                })
                .collect();
            let comments = leading.into_iter().map(|(style, text)| Comment { style, text, after: None }).collect();
            Record { comments, tags, throws, span: None }
        })
}

/// A record of any game.
fn record() -> impl Strategy<Value = Record> {
    record_of(false)
}

fn reread(text: &str) -> Record {
    let mut recs = read(text);
    assert_eq!(recs.len(), 1, "{text}");
    let r = recs.remove(0);
    assert!(r.errors.is_empty(), "errors {:?} in\n{text}", r.errors);
    let mut rec = r.record;
    rec.strip_spans();
    rec
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    #[test]
    fn parse_print_is_identity(rec in record()) {
        let text = print_record(&rec, PrintOptions::default());
        let back = reread(&text);
        prop_assert_eq!(&back, &rec, "printed:\n{}", text);
        prop_assert_eq!(print_record(&back, PrintOptions::default()), text);
    }

    #[test]
    fn letters_convert_losslessly(rec in record()) {
        let lep = print_record(&rec, PrintOptions { letters: Some(Dialect::Lepeintre), ..Default::default() });
        let back = reread(&lep);
        let soum = print_record(&back, PrintOptions { letters: Some(Dialect::Soumille), ..Default::default() });
        let again = reread(&soum);
        prop_assert_eq!(&again.throws, &rec.throws, "lepeintre:\n{}", lep);
    }

    #[test]
    fn json_round_trips(rec in record()) {
        let doc = soumille::json::to_document(vec![rec.clone()], false);
        let text = soumille::json::to_string(&doc);
        let back = soumille::json::from_str(&text).expect("own JSON reads back");
        prop_assert_eq!(&back[0], &rec);
    }

    #[test]
    fn reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = soumille::notation::read_bytes(&bytes);
    }

    #[test]
    fn reader_never_panics_on_near_stn(s in "[0-9A-Z&a-z .:+\\-/(){};\\[\\]\"!?#xéà’\r\n]{0,120}") {
        let recs = read(&s);
        let all: Vec<_> = recs.iter().flat_map(|r| r.errors.iter().cloned()).collect();
        let _ = soumille::notation::render_errors("t", &s, &all, soumille::notation::Style::Plain);
        for r in recs {
            // every error points inside the text
            for e in r.errors {
                if let Some(sp) = e.span {
                    prop_assert!(sp.start <= sp.end && sp.end as usize <= s.len());
                }
            }
        }
    }
}

/// Inputs the fuzzer once broke: each reads, prints and reads back to the same records.
/// A throw without its spans.
fn spanless(t: &Throw) -> Throw {
    Throw { span: None, spans: None, ..t.clone() }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
    ))]

    /// `Display` is the printer's text and `FromStr` reads it back: records, throws (as the
    /// record writes them), plays and moves, in the record's letters.
    #[test]
    fn display_parse_is_identity(rec in record()) {
        let text = rec.to_string();
        prop_assert_eq!(&text, &print_record(&rec, PrintOptions::default()));
        let mut back: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}:\n{text}")))?;
        back.strip_spans();
        prop_assert_eq!(&back, &rec, "printed:\n{}", text);
        let game = soumille::notation::record_game(&rec);
        let letters = if game.is_trictrac() { soumille::notation::record_dialect(&rec) } else { Dialect::Soumille };
        for t in &rec.throws {
            let line = t.in_letters(letters).of_game(game).to_string();
            prop_assert!(text.contains(&line), "{} not in\n{}", line, text);
            let back = Throw::read_of(&line, letters, game).map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
            prop_assert_eq!(spanless(&back), spanless(t), "{}", line);
            let Some(play) = &t.play else { continue };
            let written = play.in_letters(letters).to_string();
            let read = Play::read_in(&written, letters);
            prop_assert_eq!(read.as_ref(), Ok(play), "{}", written);
            if let Play::Moves(moves) = play {
                for m in moves {
                    prop_assert_eq!(m.to_string().parse::<Move>(), Ok(*m));
                    prop_assert_eq!(Move::read_in(&m.in_letters(letters).to_string(), letters), Ok(*m));
                }
            }
        }
    }
}

#[test]
fn fuzz_regressions_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz-regressions");
    let mut n = 0;
    // the files here are the `read` target's; the folders, the other targets' (fuzz_regressions.rs)
    for path in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()) {
        let bytes = std::fs::read(path).unwrap();
        let Ok((_, recs)) = soumille::notation::read_bytes(&bytes) else { continue };
        for r in recs.into_iter().filter(|r| r.errors.is_empty()) {
            let mut rec = r.record;
            rec.strip_spans();
            let text = print_record(&rec, PrintOptions::default());
            assert_eq!(reread(&text), rec);
            n += 1;
        }
    }
    assert!(n > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    /// Any readable record, lawful or not, replays and renders without panicking.
    #[test]
    fn replay_and_renderers_never_panic(mut rec in record(), start in 0usize..6, a_ecrire in any::<bool>()) {
        let positions = [
            None,
            Some("A15/&15 bottom"),
            Some("A13DF/I&14 top holes=11/3 points=8/0"),
            Some("T2V3X3Y3Z2&2/A15 top"),
            Some("A3B3C3D2E2F2/G2H2I2K2L2M2&3 top points=10/10 holes=6/6"),
            Some("&#14/A15 bottom throws=3/2"),
        ];
        if let Some(p) = positions[start] {
            rec.tags.push(Tag { name: "Position".into(), value: p.into(), comments: vec![], spans: None });
        }
        if a_ecrire {
            rec.tags[0].value = "trictrac-a-ecrire".into();
        }
        let text = print_record(&rec, PrintOptions::default());
        for r in read(&text) {
            let rp = soumille::replay(&r.record, &r.header, Some(&text));
            let sheet = soumille::Sheet::new(&rp, None, None);
            let _ = sheet.text();
            let _ = sheet.markdown();
            let _ = sheet.html();
            let _ = serde_json::to_string(&sheet).unwrap();
            let _ = soumille::replay_text(&rp, r.header.letters);
            let flags: Vec<_> = rp.flags.iter().map(|f| f.diagnostic()).collect();
            let _ = soumille::notation::render_errors("t", &text, &flags, soumille::notation::Style::Plain);
            if let Some(p) = rp.last.as_ref().map(soumille::position_of) {
                let _ = soumille::board_text(&p, r.header.letters);
                let setup = soumille::trictrac_setup(&p, &Default::default());
                let _ = soumille::board_picture(&setup, &Default::default(), r.header.letters);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    /// The fast path for plain throws reads exactly what the full reader reads.
    #[test]
    fn fast_path_agrees_with_the_full_reader(rec in record(), seed in 0u64..10_000, damage in any::<u64>()) {
        let mut texts = vec![print_record(&rec, PrintOptions::default())];
        for g in soumille::games::grand_trictrac::generate::games(1, seed) {
            let mut t = print_record(&g, PrintOptions::default());
            // a little damage now and then
            if damage % 3 == 0 && !t.is_empty() {
                let k = (damage as usize / 3) % t.len();
                if t.is_char_boundary(k) {
                    t.insert(k, ['+', '/', ' ', '7', 'J', '\n', '(', '-'][(damage % 8) as usize]);
                }
            }
            texts.push(t);
        }
        for text in texts {
            let fast = read(&text);
            let slow = soumille::notation::read_without_fast_path(&text);
            prop_assert_eq!(fast.len(), slow.len());
            for (a, b) in fast.iter().zip(&slow) {
                prop_assert_eq!(a.record.throws.len(), b.record.throws.len(), "{}", text);
                for (x, y) in a.record.throws.iter().zip(&b.record.throws) {
                    let line = x.span.map(|s| &text[s.range()]).unwrap_or("");
                    prop_assert_eq!(x, y, "the throw {:?}", line);
                }
                prop_assert_eq!(&a.record, &b.record);
                prop_assert_eq!(&a.errors, &b.errors);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    /// Pieces of throws in any order and cut anywhere: no panic, and the fast path agrees.
    #[test]
    fn pieces_of_throws_never_panic(pieces in proptest::collection::vec(0usize..22, 0..40), cut in any::<usize>()) {
        const P: [&str; 22] = [
            "1. ", "12. ", "6-5", "2-2", " +4", " +6 (vrai x2, coin)", " (", "vrai", " x2", ")", " 2 trous", " 1 trou",
            " tient", " va", " AF", " AEK", " Y#", " /", "\n", " ", "-", "{c}",
        ];
        let s: String = pieces.iter().map(|&k| P[k]).collect();
        let s = &s[..cut % (s.len() + 1)];
        let fast = read(s);
        let slow = soumille::notation::read_without_fast_path(s);
        prop_assert_eq!(fast.len(), slow.len());
        for (a, b) in fast.iter().zip(&slow) {
            prop_assert_eq!(&a.record, &b.record, "{:?}", s);
            prop_assert_eq!(&a.errors, &b.errors, "{:?}", s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    /// Pieces of the other games' throws in any order: whatever reads without error prints
    /// canonically and reads back to the same record (the fuzz target's property), and the
    /// fast path agrees with the full reader.
    #[test]
    fn pieces_of_the_other_games_round_trip(
        game in 0usize..Game::ALL.len(),
        throws in proptest::collection::vec(
            (
                proptest::collection::vec(proptest::option::weighted(0.3, 0usize..16), 13),
                proptest::collection::vec(0usize..16, 0..4),
                proptest::collection::vec(proptest::option::weighted(0.1, any::<bool>()), 13),
                proptest::bool::weighted(0.9),
            ),
            0..5,
        ),
    ) {
        // the parts of a throw in their order, each with its written forms
        const SLOTS: [&[&str]; 13] = [
            &["top: ", "bas: "],
            &["double ", "doubler 2 ", "double take ", "DOUBLE 4 prend ", "double drop ", "double {c} passe "],
            &["6-5", "5-6", "4-4", "sonnez", "1-1"],
            &[" +2 (pont)", " +1 (pr)", " +4 (vrai x2)", " +3", " +2 +1 (rt)"],
            &[" 1 trou", " hole", " 2 trous"],
            &[" tient", " va", " hold"],
            &[],
            &["!", " ?!"],
            &[" +2 (pont)", " +1 (pr)", " +4 (vrai x2)", " +3", " +2 +1 (rt)"],
            &[" partie", " partie double", " Partie {c} quadruple", " partie triple"],
            &[" prolonge", " recommence"],
            &[" / +2", " / +2 (faux) 1 trou"],
            &[" !"],
        ];
        const MOVES: [&str; 16] = [
            " &TON", " MRX*", " @X*P", " T#", " HOLE", " HOLD", " TIENT", " AF", " AEK", " A-B*-C", " GO", " H-OLD", " -",
            " DROP", " NKGDA", " Y-#",
        ];
        let mut s = format!("[Game \"{}\"]\n", Game::ALL[game]);
        for (k, (picks, moves, comments, dice)) in throws.iter().enumerate() {
            s.push_str(&format!("{}. ", k + 1));
            for (slot, forms) in SLOTS.iter().enumerate() {
                match slot {
                    2 if *dice || picks[1].is_none() => s.push_str(forms[picks[2].unwrap_or(0) % forms.len()]),
                    6 => s.extend(moves.iter().map(|&m| MOVES[m])),
                    _ => {
                        if let Some(x) = picks[slot] {
                            if !forms.is_empty() {
                                s.push_str(forms[x % forms.len()]);
                            }
                        }
                    }
                }
                match comments[slot] {
                    Some(true) => s.push_str(" {c}"),
                    Some(false) => s.push_str(" ;l\n"),
                    None => {}
                }
            }
            s.push('\n');
        }
        let fast = read(&s);
        let slow = soumille::notation::read_without_fast_path(&s);
        prop_assert_eq!(fast.len(), slow.len());
        for (a, b) in fast.iter().zip(&slow) {
            prop_assert_eq!(&a.record, &b.record, "{:?}", s);
            prop_assert_eq!(&a.errors, &b.errors, "{:?}", s);
        }
        for r in fast.into_iter().filter(|r| r.errors.is_empty()) {
            let mut rec = r.record;
            rec.strip_spans();
            let text = print_record(&rec, PrintOptions::default());
            prop_assert_eq!(&reread(&text), &rec, "read {:?}, printed\n{}", s, text);
            let doc = soumille::json::to_document(vec![rec.clone()], false);
            let back = soumille::json::from_str(&soumille::json::to_string(&doc));
            prop_assert!(back.is_ok(), "{:?}", back);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48)
    ))]

    /// Generated games of every game (hits, the bar, bearing off, long paths, Tric Trac's
    /// marks after the play), whole and with a byte changed: the fast path reads them as
    /// the full reader does.
    #[test]
    fn fast_path_agrees_on_every_games_generated_records(
        game in 0usize..Game::ALL.len(),
        seed in 0u64..1_000_000,
        damage in proptest::collection::vec((any::<usize>(), 0usize..12), 0..4),
    ) {
        let rec = soumille::generate(Game::ALL[game], 1, seed).next().unwrap().unwrap();
        let mut text = print_record(&rec, PrintOptions::default());
        for (pos, what) in damage {
            let mut k = pos % (text.len() + 1);
            while !text.is_char_boundary(k) {
                k -= 1;
            }
            text.insert_str(k, ["*", "@", "#", "-", " ", "A", "+1", " +1 (prise)", "\t", "!", "/", "Z*"][what]);
        }
        let fast = read(&text);
        let slow = soumille::notation::read_without_fast_path(&text);
        prop_assert_eq!(fast.len(), slow.len());
        for (a, b) in fast.iter().zip(&slow) {
            prop_assert_eq!(&a.record, &b.record, "{}", text);
            prop_assert_eq!(&a.errors, &b.errors, "{}", text);
        }
    }
}
