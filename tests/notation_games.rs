//! The writing of Jacquet, Moultezim, Backgammon and Tric Trac (docs/games.md §0.3, §A.9, §D.9,
//! §E.11, §G): the examples of docs/games.md read without error and print canonically, and
//! their JSON round-trips.

use soumille::notation::{
    print_record, read, CubeAction, CubeAnswer, Decision, Game, Move, Origin, PartieClaim, Play, PrintOptions, Record,
    ResultClaim, ResultKind, Target,
};
use soumille::{Dialect, Point, Seat};

fn p(c: char) -> Point {
    Point::from_letter(c, Dialect::Soumille).unwrap()
}

fn clean(src: &str) -> soumille::notation::ReadRecord {
    let mut r = read(src);
    assert_eq!(r.len(), 1, "{src}");
    let r = r.remove(0);
    assert!(r.errors.is_empty(), "{src}: {:#?}", r.errors);
    r
}

/// Reads, prints, reads the print again: the same record, and printing is idempotent.
fn round_trip(src: &str) -> (Record, String) {
    let mut rec = clean(src).record;
    rec.strip_spans();
    let text = print_record(&rec, PrintOptions::default());
    let mut back = clean(&text).record;
    back.strip_spans();
    assert_eq!(back, rec, "printed:\n{text}");
    assert_eq!(print_record(&back, PrintOptions::default()), text);
    let doc = soumille::json::to_document(vec![rec.clone()], false);
    let json = soumille::json::to_string(&doc);
    let from_json = soumille::json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(from_json[0], rec, "{json}");
    (rec, text)
}

fn moves(rec: &Record, k: usize) -> Vec<Move> {
    match &rec.throws[k].play {
        Some(Play::Moves(m)) => m.to_vec(),
        other => panic!("throw {}: {other:?}", k + 1),
    }
}

const JACQUET: &str = "[Game \"jacquet\"]
[First \"bottom\"]
[Result \"*\"]

1. 6-5 &SN          { bottom's postillon, resting on S }
2. 4-2 MHF          { top's postillon M -> H -> F }
3. 3-3 NKGDA        { jumps over M (top's talon); four moves, one man }
4. 6-4 FBV          { top: the 6 first would land on &, bottom's talon }
5. 2-1 &YX          { bottom's postillon is home (A): other men move }
";

#[test]
fn jacquet_example_of_a9() {
    let (rec, text) = round_trip(JACQUET);
    let m = moves(&rec, 2);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].from, Origin::Point(p('N')));
    assert_eq!(m[0].rests.as_slice(), &[p('K'), p('G'), p('D')]);
    assert_eq!(m[0].to, Target::Point(p('A')));
    assert_eq!(m[0].hits, 0);
    assert!(text.contains("3. 3-3 NKGDA { jumps over M"), "{text}");
    let h = clean(JACQUET).header;
    assert_eq!(h.game, Game::Jacquet);
    assert_eq!(h.result, Some(ResultClaim::Unfinished));
}

const GNUBG: &str = "[Game \"backgammon\"]
[Top \"gnubg\"]
[Bottom \"root\"]
[First \"bottom\"]
[Result \"top 1 drop\"]

1. bottom: 4-3 NI &X
2. top: 5-4 MRX*
3. bottom: 6-4 @X*P
4. top: 6-1 @AG
";

#[test]
fn backgammon_gnubg_excerpt_of_d9() {
    // the excerpt's throws 1-4, then its last two
    let src = format!("{GNUBG}5. bottom: 3-3 GDA EB EB\n6. top: double drop\n");
    let (rec, text) = round_trip(&src);
    assert_eq!(
        moves(&rec, 1)[0],
        Move {
            from: Origin::Point(p('M')),
            rests: [p('R')].into_iter().collect(),
            to: Target::Point(p('X')),
            hits: 0b10
        }
    );
    assert_eq!(
        moves(&rec, 2)[0],
        Move { from: Origin::Bar, rests: [p('X')].into_iter().collect(), to: Target::Point(p('P')), hits: 0b01 }
    );
    let last = &rec.throws[5];
    assert_eq!(last.dice, None);
    assert_eq!(last.cube, Some(CubeAction { value: None, answer: Some(CubeAnswer::Drop), after_dice: false }));
    assert!(text.ends_with("6. top: double drop\n"), "{text}");
    let h = clean(&src).header;
    assert_eq!(h.result, Some(ResultClaim::Points { winner: Seat::Top, points: 1, kind: Some(ResultKind::Drop) }));
}

#[test]
fn backgammon_cube_forms_and_french_aliases() {
    let src = "[Game \"backgammon\"]\n\n1. top: doubler 4 prend 6-4 AG AE\n2. bottom: DOUBLE passe\n";
    let (rec, text) = round_trip(src);
    assert_eq!(
        rec.throws[0].cube,
        Some(CubeAction { value: Some(4), answer: Some(CubeAnswer::Take), after_dice: false })
    );
    assert_eq!(rec.throws[1].cube, Some(CubeAction { value: None, answer: Some(CubeAnswer::Drop), after_dice: false }));
    assert!(text.contains("1. top: double 4 take 6-4 AG AE\n2. bottom: double drop\n"), "{text}");
    let (rec, _) = round_trip("[Game \"backgammon\"]\n\n1. 3-1 AD AB\n2. double abandonne\n");
    assert_eq!(rec.throws[1].cube.and_then(|c| c.answer), Some(CubeAnswer::Drop));
    // `double` alone (the validator flags the missing answer)
    let (rec, _) = round_trip("[Game \"backgammon\"]\n\n1. double 6-5 AG\n");
    assert_eq!(rec.throws[0].cube, Some(CubeAction { value: None, answer: None, after_dice: false }));
}

const TRIC_TRAC: &str = "[Game \"tric-trac\"]
[Position \"A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom points=7/9\"]

1. bottom: 6-1 VO B# +2 (pont) +1 (retiree) partie recommence
";

/// docs/games.md §E.11's example, numbered 17 there (an excerpt): read here as throw 1.
#[test]
fn tric_trac_example_of_e11() {
    let (rec, text) = round_trip(TRIC_TRAC);
    let t = &rec.throws[0];
    assert_eq!(t.marks.len(), 2);
    assert_eq!(t.marks[1].points, 1);
    assert_eq!(t.partie, Some(PartieClaim { multiple: 1 }));
    assert_eq!(t.decision, Some(Decision::Restart));
    assert!(text.contains("1. bottom: 6-1 VO B# +2 (pont) +1 (retiree) partie recommence\n"), "{text}");
    let h = clean(TRIC_TRAC).header;
    let pos = h.position.unwrap();
    assert_eq!(pos.score.points.map(|p| p.0), Some([7, 9]));
    // marks before the play are read too, and printed after it
    let before = "[Game \"tric-trac\"]\n\n1. 4-2 +1 (pr) OK* AB partie double prolonge\n";
    let (rec, text) = round_trip(before);
    assert_eq!(rec.throws[0].partie, Some(PartieClaim { multiple: 2 }));
    assert_eq!(rec.throws[0].decision, Some(Decision::Prolong));
    assert!(text.contains("1. 4-2 OK* AB +1 (prise) partie double prolonge\n"), "{text}");
}

/// The ```` ```stn-game ```` blocks of docs/format.md §10 read without error, print back
/// canonically and round-trip through JSON.
#[test]
fn format_md_examples_of_the_other_games() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/format.md")).unwrap();
    let mut n = 0;
    let mut body: Option<String> = None;
    for line in text.lines() {
        match (&mut body, line) {
            (None, "```stn-game") => body = Some(String::new()),
            (Some(b), "```") => {
                let (rec, _) = round_trip(b);
                assert!(!rec.throws.is_empty(), "{b}");
                assert!(!clean(b).header.game.is_trictrac(), "{b}");
                n += 1;
                body = None;
            }
            (Some(b), l) => {
                b.push_str(l);
                b.push('\n');
            }
            _ => {}
        }
    }
    assert!(n >= 3, "{n} stn-game blocks");
}
