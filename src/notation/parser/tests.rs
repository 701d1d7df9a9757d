//! One test (at least) per grammar rule, on string literals.

use super::*;
use crate::notation::printer::{print_record, PrintOptions};

fn ctx(s: &str) -> Ctx {
    Ctx { base: s.as_ptr() as usize, len: s.len(), dialect: Dialect::Soumille }
}

fn lep(s: &str) -> Ctx {
    Ctx { base: s.as_ptr() as usize, len: s.len(), dialect: Dialect::Lepeintre }
}

fn one(src: &str) -> ReadRecord {
    let mut r = read(src);
    assert_eq!(r.len(), 1, "{src}");
    r.remove(0)
}

fn clean(src: &str) -> Record {
    let r = one(src);
    assert!(r.errors.is_empty(), "{src}: {:?}", r.errors);
    r.record
}

fn canon(src: &str) -> String {
    print_record(&clean(src), PrintOptions::default())
}

fn first_error(src: &str) -> SyntaxError {
    let r = read(src);
    r.into_iter().flat_map(|r| r.errors).next().unwrap_or_else(|| panic!("no error in {src:?}"))
}

fn p(c: char) -> Point {
    Point::from_letter(c, Dialect::Soumille).unwrap()
}

#[test]
fn rule_ws_and_comments() {
    let s = "  {a} ;b\n x";
    let mut out = Vec::new();
    let (r, ()) = ws(&ctx(s), s, &mut out).unwrap();
    assert_eq!(r, "x");
    assert_eq!(out.len(), 2);
    assert_eq!(out[0].text, "a");
    assert_eq!(out[1].style, CommentStyle::Line);
}

#[test]
fn rule_comment() {
    let s = "{ two\r\nlines }rest";
    let (r, c) = comment(&ctx(s), s).unwrap();
    assert_eq!(r, "rest");
    assert_eq!(c.text, " two\nlines ");
    assert!(comment(&ctx("x"), "x").is_err());
}

#[test]
fn rule_brace_comment() {
    let s = "{ unterminated";
    assert!(matches!(brace_comment(&ctx(s), s), Err(nom::Err::Failure(_))));
}

#[test]
fn rule_line_comment() {
    let s = "; to the end\r\nnext";
    let (r, c) = line_comment(&ctx(s), s).unwrap();
    assert_eq!(c.text, " to the end");
    assert_eq!(r, "next");
}

#[test]
fn rule_tag_pair_name_value() {
    let s = r#"[Top "Abbé \"S\" \\ ***"]x"#;
    let (r, t) = tag_pair(&ctx(s), s).unwrap();
    assert_eq!(r, "x");
    assert_eq!(t.name, "Top");
    assert_eq!(t.value, r#"Abbé "S" \ ***"#);
    let s = "Game \"x\"";
    assert_eq!(tag_name(&ctx(s), s).unwrap().1, "Game");
    let s = "\"v\"]";
    assert_eq!(tag_value(&ctx(s), s).unwrap().1 .0, "v");
    let s = "\"bad \\n\"";
    assert!(tag_value(&ctx(s), s).is_err());
}

#[test]
fn rule_throw_number() {
    let s = "12. 6-5";
    assert_eq!(throw_number(&ctx(s), s).unwrap().1, 12);
    let s = "12 6-5";
    assert!(throw_number(&ctx(s), s).is_err());
}

#[test]
fn rule_seat_prefix_and_seat() {
    for (s, seat_) in [("top:", Seat::Top), ("bas:", Seat::Bottom), ("haut:", Seat::Top), ("bottom:", Seat::Bottom)] {
        assert_eq!(seat_prefix(&ctx(s), s).unwrap().1, seat_);
    }
    let s = "top 6-5";
    assert!(seat_prefix(&ctx(s), s).is_err());
    let s = "bas";
    assert_eq!(seat(&ctx(s), s).unwrap().1, Seat::Bottom);
}

#[test]
fn rule_dice_die_doublet_name() {
    let s = "5-6 ";
    assert_eq!(dice(&ctx(s), s).unwrap().1, Dice::new(6, 5).unwrap());
    let s = "sonnez";
    assert_eq!(dice(&ctx(s), s).unwrap().1, Dice::new(6, 6).unwrap());
    let s = "ambesas";
    assert_eq!(doublet_name(&ctx(s), s).unwrap().1, Dice::new(1, 1).unwrap());
    let s = "7-1";
    assert!(matches!(dice(&ctx(s), s), Err(nom::Err::Failure(_))));
    let s = "3";
    assert_eq!(die(&ctx(s), s).unwrap().1, 3);
    let s = "0";
    assert!(die(&ctx(s), s).is_err());
}

#[test]
fn rule_mark_jan_list_item_code_ways() {
    let s = "+6 (vrai x2, coin) x";
    let mut cm = Vec::new();
    let (r, m) = mark(&ctx(s), s, &mut cm).unwrap();
    assert_eq!(r, " x");
    assert_eq!(m.points, 6);
    assert_eq!(
        m.jans.to_vec(),
        vec![JanClaim { code: JanCode::Vrai, ways: Some(2) }, JanClaim { code: JanCode::Coin, ways: None }]
    );
    let s = "(pj x3 {c} cpj)";
    let (_, l) = jan_list(&ctx(s), s, &mut cm).unwrap();
    assert_eq!(l.len(), 2);
    assert_eq!(cm.len(), 1);
    let s = "CONSERVE-GRAND-JAN";
    assert_eq!(jan_code(&ctx(s), s).unwrap().1, JanCode::ConserveGrandJan);
    let s = "vrai x2";
    assert_eq!(jan_item(&ctx(s), s).unwrap().1.ways, Some(2));
    let s = "x3";
    assert_eq!(ways(&ctx(s), s).unwrap().1, 3);
    let s = "frob";
    assert!(jan_code(&ctx(s), s).is_err());
}

#[test]
fn rule_holes() {
    for (s, n) in [("trou", 1), ("1 trou", 1), ("2 trous", 2), ("hole", 1), ("3 holes", 3)] {
        assert_eq!(holes(&ctx(s), s).unwrap().1, n, "{s}");
    }
    let s = "2. 6-5";
    assert!(holes(&ctx(s), s).is_err());
}

#[test]
fn rule_decision() {
    for (s, d) in [
        ("tient", Decision::Hold),
        ("va", Decision::Go),
        ("hold", Decision::Hold),
        ("go", Decision::Go),
        ("je tiens", Decision::Hold),
        ("je m'en vais", Decision::Go),
        ("je m’en vais", Decision::Go),
    ] {
        assert_eq!(decision(&ctx(s), s).unwrap().1, d, "{s}");
    }
    let s = "vais";
    assert!(decision(&ctx(s), s).is_err());
}

#[test]
fn rule_play_move_point_target() {
    let s = "AF A-E-K AK Y# Y-# ?";
    let (r, pl) = play(&ctx(s), s, &mut Vec::new()).unwrap();
    assert_eq!(r, " ?");
    let Play::Moves(m) = pl else { panic!() };
    assert_eq!(m.len(), 5);
    assert_eq!(m[1], Move { from: p('A'), rest: Some(p('E')), to: Target::Point(p('K')) });
    assert_eq!(m[2].rest, None);
    assert_eq!(m[3].to, Target::Off);
    let s = "- /";
    assert_eq!(play(&ctx(s), s, &mut Vec::new()).unwrap().1, Play::Pass);
    let s = "AJ";
    assert!(move_(&ctx(s), s).is_err());
    let s = "ab";
    assert_eq!(move_(&lep(s), s).unwrap().1, Move { from: p('&'), rest: None, to: Target::Point(p('Z')) });
    let s = "&";
    assert_eq!(point(&ctx(s), s).unwrap().1, p('&'));
    let s = "A#B";
    assert!(move_(&ctx(s), s).is_err());
}

#[test]
fn rule_glyph() {
    for g in ["!", "?", "!!", "??", "!?", "?!"] {
        assert_eq!(glyph(&ctx(g), g).unwrap().1.text(), g);
    }
    let s = "!!!";
    assert!(glyph(&ctx(s), s).is_err());
}

#[test]
fn rule_opponent_part() {
    let s = "/ +2 (faux) +4 (impuissance x2) 1 trou";
    let mut sp = ThrowSpans::default();
    let (r, o) = opponent_part(&ctx(s), s, &mut Vec::new(), &mut sp).unwrap();
    assert_eq!(r, "");
    assert_eq!(o.marks.len(), 2);
    assert_eq!(o.holes, Some(1));
}

#[test]
fn rule_throw() {
    let s = "3. top: 6-5 +4 (vrai x2) 2 trous tient AG AF! / +2 (faux)\n4.";
    let (r, (t, _)) = throw(&ctx(s), s).unwrap();
    assert_eq!(r, "4.");
    assert_eq!(t.seat, Some(Seat::Top));
    assert_eq!(t.holes, Some(2));
    assert_eq!(t.decision, Some(Decision::Hold));
    assert_eq!(t.glyph, Some(Glyph::Good));
    assert_eq!(t.opponent.unwrap().marks[0].points, 2);
}

#[test]
fn rule_position_men_list_entry_field() {
    let s = "A11F2G2/S2T2&11 bottom holes=3/1 points=4/10 throws=3/2 bredouille=top pavillon=none";
    let (r, setup) = position(&ctx(s), s).unwrap();
    assert_eq!(r, "");
    assert_eq!(setup.turn, Seat::Bottom);
    assert_eq!(setup.score.points, Some(BySeat::new(4, 10)));
    assert_eq!(setup.score.bredouille, Some(Some(Seat::Top)));
    assert_eq!(setup.to_string(), s);
    let s = "A13#2";
    let (_, (men, off)) = men_list(&ctx(s), s).unwrap();
    assert_eq!((men[0], off), (13, 2));
    let s = "holes=1/2";
    let mut sc = ScoreFields::default();
    position_field(&ctx(s), s, &mut sc).unwrap();
    assert_eq!(sc.holes, Some(BySeat::new(1, 2)));
    for bad in [
        "A14/&15 top",
        "A15/A15 top",
        "A13FG/&15",
        "A13FG/&15 top colour=red",
        "A13FG/&15 top points=3/0",
        "A13F3/&15 top",
    ] {
        assert!(parse_position(bad, Dialect::Soumille).is_err(), "{bad}");
    }
    let e = parse_position("A14/&15 top", Dialect::Soumille).unwrap_err();
    assert!(e.message.contains("14 men"), "{e:?}");
    assert_eq!(parse_position("y13st/a15 top", Dialect::Lepeintre).unwrap().to_string(), "A13EF/&15 top");
}

#[test]
fn rule_result_and_rules_value() {
    let r = parse_result("top 12-7 grande-bredouille stakes=1.5").unwrap();
    assert_eq!(r.to_string(), "top 12-7 grande-bredouille stakes=1.5");
    assert_eq!(parse_result("*").unwrap(), ResultClaim::Unfinished);
    assert_eq!(parse_result("bas 13-2 stakes=1½").unwrap().to_string(), "bottom 13-2 stakes=1.5");
    assert!(parse_result("top twelve").is_err());
    assert!(rules_value("sortie=provinciale").is_ok());
    assert!(rules_value("sortie=x").is_err());
}

#[test]
fn record_canonical_forms() {
    assert_eq!(canon("1. 5-6 A-F A-E-K\n"), "1. 6-5 AF AEK\n");
    assert_eq!(canon("1. bezas AB AB\n"), "1. 1-1 AB AB\n");
    assert_eq!(canon("1. 6-5 +4 trou je tiens AG\n"), "1. 6-5 +4 1 trou tient AG\n");
    assert_eq!(canon("1. 6-5 AG AF {c} ? / +2 (BF)\n"), "1. 6-5 AG AF? {c} / +2 (faux)\n");
    assert_eq!(canon("1. 6-5 AG ;line\n AF\n2. 3-1 -\n"), "1. 6-5 AG ;line\n    AF\n2. 3-1 -\n");
    assert_eq!(
        canon("[premier \"haut\"]\n[Jeu \"Grand-Trictrac\"]\n[Zed \"a\\\"b\"]\n1. 6-5 AG AF"),
        "[Game \"grand-trictrac\"]\n[First \"top\"]\n[Zed \"a\\\"b\"]\n\n1. 6-5 AG AF\n"
    );
}

#[test]
fn lepeintre_go_is_a_move_unless_after_holes() {
    let r = clean("[Letters \"lepeintre\"]\n1. 4-3 go\n2. 6-5 +12 1 trou va\n");
    assert_eq!(r.throws[0].decision, None);
    assert!(matches!(&r.throws[0].play, Some(Play::Moves(m)) if m.len() == 1));
    assert_eq!(r.throws[1].decision, Some(Decision::Go));
    // Soumille: `go` is only a decision
    let r = clean("1. 4-3 go\n");
    assert_eq!(r.throws[0].decision, Some(Decision::Go));
}

#[test]
fn errors_are_all_reported_with_places() {
    let src = "[Game \"chess\"]\n1. 6-5 AG AF\n2. 9-9 &S\n3. 6-5 +3 &S\n5. 2-1 AJ\n6. 1-1 xx\n";
    let r = one(src);
    let msgs: Vec<_> = r.errors.iter().map(|e| (e.line_column(src).0, e.message.clone())).collect();
    assert_eq!(msgs.len(), 6, "{msgs:#?}");
    assert_eq!(msgs[0].0, 1);
    assert!(msgs[0].1.contains("unknown Game value"));
    assert_eq!(msgs[1].0, 3);
    assert!(msgs[1].1.contains("impossible die"));
    assert_eq!(msgs[2].0, 4);
    assert!(msgs[2].1.contains("odd mark"));
    assert_eq!(msgs[3].0, 5);
    assert!(msgs[3].1.contains("throw 5 where throw 4"), "{msgs:?}");
    assert!(msgs[4].1.contains("J is no Soumille letter"));
    assert!(msgs[5].1.contains("Lepeintre letter"));
}

#[test]
fn several_records_in_one_file() {
    let r = read("[Game \"jacquet\"]\n1. 6-5 AG AF\n[Game \"grand-trictrac\"]\n1. 2-1 AB AC\n");
    assert_eq!(r.len(), 2);
    assert!(r.iter().all(|x| x.errors.is_empty()));
}

#[test]
fn never_panics_on_odd_bytes() {
    for s in [
        "",
        "[",
        "{",
        ";",
        "1.",
        "1. ",
        "1. 6-",
        "1. 6-5 +",
        "1. 6-5 (",
        "[a \"",
        "\u{feff}",
        "1. 6-5 A-",
        "1. 6-5 /",
        "9999999999999. 6-5",
        "1. 6-5 +99999999999999999999",
        "[Position \"A15/&15 top points=\"]",
        "1. 6-5 é",
        "[Position \"é\"]",
    ] {
        let _ = read(s);
    }
    assert!(read_bytes(&[0xff, 0xfe, 0x31]).is_err());
}

#[test]
fn position_errors_point_inside_the_value() {
    let src = "[Position \"A14/&15 top\"]\n";
    let e = first_error(src);
    let sp = e.span.unwrap();
    assert_eq!(&src[sp.range()], "A14");
}

#[test]
fn carriage_returns_before_line_ends_go_and_stay_gone() {
    assert_eq!(strip_cr_before_lf("a\r\r\nb\rc\r"), "a\nb\rc\r");
    let r = clean("1. 6-5 AG AF { x\r\r\ny } ; z\r\r\n2. 2-1 &Z &Y\n");
    assert_eq!(r.throws[0].comments[0].text, " x\ny ");
    assert_eq!(r.throws[0].comments[1].text, " z");
    let printed = print_record(&r, PrintOptions::default());
    let mut again = clean(&printed);
    again.strip_spans();
    let mut r2 = r.clone();
    r2.strip_spans();
    assert_eq!(again, r2);
}

#[test]
fn fast_path_reads_the_printers_forms() {
    for line in [
        "12. 6-5 AF AG\n",
        "3. 6-3 +4 (vrai x2) DE FH\n",
        "4. 2-1 +6 (petit-jan) 1 trou tient &X &S / +2 (faux)\n",
        "5. 4-4 -\n",
        "6. 5-5 +12 (vrai, vrai x2) 2 trous va\n",
        "7. 6-1 &Z &S / +4 (faux) 1 trou\n",
    ] {
        let c = ctx(line);
        let fast = fast_throw(&c, line);
        assert!(fast.is_some(), "not fast: {line:?}");
        let (_, (slow, _)) = throw(&c, line).unwrap();
        let (_, mut f) = fast.unwrap();
        f.span = slow.span;
        assert_eq!(f, slow, "{line:?}");
    }
    for line in [
        "1. top: 6-5 AF AG\n",
        "1. 6-5 A-F AG\n",
        "1. 6-5 AF AG!\n",
        "1. 6-5 AF { c }\n",
        "1. sonnez AG AG\n",
        "1. 6-5 AF AG /\n",
    ] {
        assert!(fast_throw(&ctx(line), line).is_none(), "{line:?}");
    }
}

#[test]
fn fast_path_survives_a_truncated_hole_claim() {
    for s in ["13. 5-4 +4 2", "13. 5-4 +4 2 ", "1. 6-5 +4 (", "1. 6-5 +4 (vrai x", "1. 6-5 / +2 1 tr", "1. 6-5 AF /"] {
        let _ = fast_throw(&ctx(s), s);
        let _ = read(s);
    }
}
