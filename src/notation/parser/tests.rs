//! One test (at least) per grammar rule, on string literals.

use super::*;
use crate::notation::printer::{print_record, PrintOptions};

fn ctx(s: &str) -> Ctx {
    Ctx::new(s, Dialect::Soumille, Game::GrandTrictrac)
}

fn lep(s: &str) -> Ctx {
    Ctx::new(s, Dialect::Lepeintre, Game::GrandTrictrac)
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
    // the canonical form, `fmt`'s: the dice higher first
    print_record(&clean(src), PrintOptions { higher_die_first: true, ..PrintOptions::default() })
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
    let read = dice(&ctx(s), s).unwrap().1;
    assert_eq!(read, Dice::new(6, 5).unwrap());
    assert!(read.lower_first() && read.to_string() == "5-6", "the order written is kept");
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
    assert_eq!(m[1], Move::new(p('A'), Some(p('E')), Target::Point(p('K'))));
    assert_eq!(m[2].rest(), None);
    assert_eq!(m[3].to, Target::Off);
    let s = "- /";
    assert_eq!(play(&ctx(s), s, &mut Vec::new()).unwrap().1, Play::Pass);
    let s = "AJ";
    assert!(move_(&ctx(s), s).is_err());
    let s = "ab";
    assert_eq!(move_(&lep(s), s).unwrap().1, Move::new(p('&'), None, Target::Point(p('Z'))));
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
    let (_, (men, _, off)) = men_list(&ctx(s), s).unwrap();
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
    // the reader reads the form only: the game judges the keys and values
    assert!(rules_value("sortie=x").is_ok());
    assert!(rules_value("sortie").is_err());
    assert!(rules_value("sortie=x; sortie=y").is_err());
}

#[test]
fn record_canonical_forms() {
    assert_eq!(canon("1. 5-6 A-F A-E-K\n"), "1. 6-5 AF AEK\n");
    // without `higher_die_first` the dice are printed as written
    let kept = print_record(&clean("1. 5-6 A-F\n2. 4-5 AF\n3. bottom: 2-3 AF\n"), PrintOptions::default());
    assert_eq!(kept, "1. 5-6 AF\n2. 4-5 AF\n3. bottom: 2-3 AF\n");
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
        "1. 6-5 AF { c }\n",
        "2. 6-5 +4 (vrai) ; a note\r\n",
        "3. 6-5 AF AG \n{ on its own line }\n\n; and another\n",
        "4. 6-5 / +2 (faux) { c }  { d }\n",
        "5. 6-6 +4 (vrai) 1 trou tient { c }\n",
        "6. 4-4 - { c }\n",
        "1. top: 6-5 AF AG\n",
        "2. bas: sonnez AG AG\n",
        "9. double-deux / +4 (c2t) +6 (cmz)\n",
        "3. 2-1 &-Z-X\n",
        "13. 5-4 +4 (so) X-Z-# A-BC\n",
        "7. quines +6 (pj x2, cgj) 1 trou tient A-EK AE-K\n",
        "8. 5-4 XZ-# Y-# AE-K\n",
        "4. 6-4 &S &V?  { two more men down for bottom }\n",
        "2. bottom: 5-6 &S &T? / +2 (faux)\n",
        "1. top: 6-5 +4 (vrai x2) AG AF! { a comment\non two lines }\n",
        "5. 6-5 AG AF!! / +2 (faux) 1 trou\n",
        "5. 6-5 AG AF?!\r\n",
        "5. 6-5 AG AF!?\n",
        "5. 6-5 AG-F??\n",
        "12. 6-5 Y# Y-# / +2 (ec) 1 trou\n",
        "10. ambesas +2 (ecole) G-H GH\n",
        "1. haut: 5-6 &-T &-S ; bottom opens\n",
    ] {
        let c = ctx(line);
        let mut throws = Vec::new();
        let fast = fast_throw(&c, line, &mut throws);
        assert!(fast.is_some(), "not fast: {line:?}");
        assert_eq!(fast.map(|f| f.len), Some(line.len()));
        let (_, (slow, _)) = throw(&c, line).unwrap();
        assert_eq!(throws.len(), 1);
        let mut f = throws.remove(0);
        f.span = slow.span;
        assert_eq!(f, slow, "{line:?}");
    }
    for line in [
        "1. Top: 6-5 AF AG\n",
        "1. top:  6-5 AF AG\n",
        "1. 6-5 A--F AG\n",
        "1. 6-5 -AF AG\n",
        "1. 6-5 AF- AG\n",
        "1. Sonnez AG AG\n",
        "1. sonnezz AG AG\n",
        "1. 6-5 AF AG !\n",
        "1. 6-5 AF AG!!!\n",
        "1. 6-5 AF AG!x\n",
        "1. 6-5 AF! AG\n",
        "1. 6-5 AF AG! !\n",
        "1. 6-5 AF AG! / +2 (faux) !\n",
        "1. 6-5 - !\n",
        "1. 6-5 -!\n",
        "1. 6-5 AF {c} AG\n",
        "1. 6-51.\n",
        "1. 6-5\u{a0}AF\n",
        "1. 6-5 AF { c\n",
        "1. 6-5 AF AG /\n",
    ] {
        let mut throws = Vec::new();
        assert!(fast_throw(&ctx(line), line, &mut throws).is_none(), "{line:?}");
        assert!(throws.is_empty(), "{line:?}");
    }
}

#[test]
fn fast_path_survives_a_truncated_hole_claim() {
    for s in ["13. 5-4 +4 2", "13. 5-4 +4 2 ", "1. 6-5 +4 (", "1. 6-5 +4 (vrai x", "1. 6-5 / +2 1 tr", "1. 6-5 AF /"] {
        let mut throws = Vec::new();
        if fast_throw(&ctx(s), s, &mut throws).is_none() {
            assert!(throws.is_empty(), "{s:?}");
        }
        let _ = read(s);
    }
}

// ---- the other games (docs/games.md §0.3, §A.9, §D.9, §E.11, §G) ----

/// The fast path reads the other games' paths — hits, the bar, bearing off, more than three
/// points — and Tric Trac's marks after the play, to what the full reader reads; forms the
/// full reader refuses are left to it.
#[test]
fn fast_path_reads_paths_hits_bar_and_marks_after_the_play() {
    for (game, line) in [
        (Game::Backgammon, "7. top: 3-2 TX* TY\n"),
        (Game::Backgammon, "11. top: 1-1 @A* BC* VX YZ\n"),
        (Game::Backgammon, "12. bottom: 5-1 @&* @V\n"),
        (Game::Backgammon, "4. bottom: 3-3 &X OLH NK\n"),
        (Game::Backgammon, "5. top: 4-4 &TON MRX*\n"),
        (Game::Backgammon, "5. top: 4-4 @X*P A-B*-C\n"),
        (Game::Backgammon, "5. top: 6-6 NKGDA\n"),
        (Game::Backgammon, "5. top: 6-5 YX* Z#!\n"),
        (Game::Jacquet, "9. 6-6 AGMS T#\n"),
        (Game::TricTrac, "60. bottom: 5-2 NH* C# +1 (prise) +1 (retiree)\n"),
        (Game::TricTrac, "70. bottom: 5-1 QP*K +1 (prise)\n"),
        (Game::TricTrac, "72. bottom: 2-1 C# CB* +2 (prise x2)\n"),
        (Game::TricTrac, "72. bottom: 2-1 CB*! +2 (prise x2) / +1\n"),
        (Game::TricTrac, "72. bottom: 2-1 - +1\n"),
    ] {
        let c = game_ctx(line, game);
        let mut throws = Vec::new();
        let fast = fast_throw(&c, line, &mut throws);
        assert_eq!(fast.map(|f| f.len), Some(line.len()), "not fast: {line:?}");
        let (_, (slow, _)) = throw(&c, line).unwrap();
        let mut f = throws.remove(0);
        f.span = slow.span;
        assert_eq!(f, slow, "{line:?}");
    }
    for (game, line) in [
        (Game::GrandTrictrac, "1. 6-5 AF* AG\n"),
        (Game::Jacquet, "1. 6-5 @AF AG\n"),
        (Game::Backgammon, "1. 6-5 A*F AG\n"),
        (Game::Backgammon, "5. top: 6-5 X*Z#!\n"),
        (Game::Backgammon, "1. 6-5 A@F AG\n"),
        (Game::Backgammon, "1. 6-5 #AF AG\n"),
        (Game::Backgammon, "1. 6-5 A#F AG\n"),
        (Game::Backgammon, "1. 6-5 AF#* AG\n"),
        (Game::Backgammon, "1. 6-5 AF** AG\n"),
        (Game::Backgammon, "1. 6-5 AF-* AG\n"),
        (Game::Backgammon, "1. 6-5 ABCDEF\n"),
        (Game::Backgammon, "1. 6-5 HOLD\n"),
        (Game::Backgammon, "1. 6-5 DROP\n"),
        (Game::Backgammon, "1. 6-5 TX*\tTY\n"),
        (Game::TricTrac, "1. 6-5 +1 AF* +1\n"),
        (Game::TricTrac, "1. 6-5 AF* +1 AG\n"),
        (Game::TricTrac, "1. 6-5 AF* +1 partie\n"),
    ] {
        let mut throws = Vec::new();
        assert!(fast_throw(&game_ctx(line, game), line, &mut throws).is_none(), "{line:?}");
        assert!(throws.is_empty(), "{line:?}");
    }
}

fn game_ctx(s: &str, game: Game) -> Ctx {
    Ctx::new(s, Dialect::Soumille, game)
}

/// The first error of `src` with its line and column (1-based).
fn error_at(src: &str) -> (usize, usize, String, String) {
    let e = first_error(src);
    let (l, c) = e.line_column(src);
    (l, c, e.message, e.label)
}

fn bg(body: &str) -> String {
    format!("[Game \"backgammon\"]\n{body}")
}

#[test]
fn rule_origin() {
    let s = "@X";
    let bgc = game_ctx(s, Game::Backgammon);
    assert_eq!(origin(&bgc, s).unwrap(), ("X", Origin::Bar));
    assert_eq!(origin(&bgc, "MX").unwrap().1, Origin::Point(p('M')));
    assert!(matches!(origin(&game_ctx(s, Game::Jacquet), s), Err(nom::Err::Failure(_))));
    assert!(matches!(origin(&ctx(s), s), Err(nom::Err::Failure(_))));
    assert!(origin(&bgc, "#A").is_err());
}

#[test]
fn rule_move_paths_hits_and_bar() {
    let c = |s: &str| game_ctx(s, Game::Backgammon);
    let m = |s: &str| move_(&c(s), s).unwrap().1;
    assert_eq!(
        m("&TON"),
        Move {
            from: Origin::Point(p('&')),
            rests: [p('T'), p('O')].into_iter().collect(),
            to: Target::Point(p('N')),
            hits: 0
        }
    );
    assert_eq!(m("MRX*").hits, 0b10);
    assert_eq!(
        m("@X*P"),
        Move { from: Origin::Bar, rests: [p('X')].into_iter().collect(), to: Target::Point(p('P')), hits: 0b01 }
    );
    assert_eq!(
        m("A-B*-C*-D-E"),
        Move {
            from: Origin::Point(p('A')),
            rests: [p('B'), p('C'), p('D')].into_iter().collect(),
            to: Target::Point(p('E')),
            hits: 0b0011
        }
    );
    assert_eq!(m("T#"), Move::new(p('T'), None, Target::Off));
    assert_eq!(m("NKGDA").rests.len(), 3);
    // five points at most; `*` only after a point a man lands or rests on
    for bad in ["ABCDEF", "A*B", "@*X", "Y#*", "A@B", "A**B", "A-*B", "#A", "A#B", "A"] {
        assert!(move_(&c(bad), bad).is_err(), "{bad}");
    }
    // Jacquet: paths but no bar
    let s = "@X";
    assert!(move_(&game_ctx(s, Game::Jacquet), s).is_err());
    let s = "NKGDA";
    assert_eq!(move_(&game_ctx(s, Game::Jacquet), s).unwrap().1.rests.len(), 3);
    // Grand Trictrac keeps moves of two or three points, no `*`, no `@`
    for bad in ["AEKM", "AF*", "@AF", "AE*K"] {
        assert!(move_(&ctx(bad), bad).is_err(), "{bad}");
    }
}

#[test]
fn rule_cube_action_and_answer() {
    let c = |s: &str| game_ctx(s, Game::Backgammon);
    fn cube(s: &str) -> (&str, CubeAction, usize) {
        let mut cm = Vec::new();
        let (r, a) = cube_action(&Ctx::new(s, Dialect::Soumille, Game::Backgammon), s, &mut cm).unwrap();
        (r, a, cm.len())
    }
    assert_eq!(
        cube("double take 6-4"),
        (" 6-4", CubeAction { value: None, answer: Some(CubeAnswer::Take), after_dice: false }, 0)
    );
    assert_eq!(
        cube("double 4 take 6-4"),
        (" 6-4", CubeAction { value: Some(4), answer: Some(CubeAnswer::Take), after_dice: false }, 0)
    );
    assert_eq!(
        cube("doubler {c} 2 {d} prend"),
        ("", CubeAction { value: Some(2), answer: Some(CubeAnswer::Take), after_dice: false }, 2)
    );
    assert_eq!(cube("double 6-4").1, CubeAction { value: None, answer: None, after_dice: false });
    assert_eq!(cube("double\n23.").0, "\n23.");
    assert_eq!(cube("Double Drop").1.answer, Some(CubeAnswer::Drop));
    let s = "double 0 take";
    assert!(matches!(cube_action(&c(s), s, &mut Vec::new()), Err(nom::Err::Failure(_))));
    for (w, a) in [
        ("take", CubeAnswer::Take),
        ("prend", CubeAnswer::Take),
        ("drop", CubeAnswer::Drop),
        ("passe", CubeAnswer::Drop),
        ("abandonne", CubeAnswer::Drop),
    ] {
        assert_eq!(cube_answer(&c(w), w).unwrap().1, a);
    }
    assert!(cube_answer(&c("takes"), "takes").is_err());
    // `double-deux` is a doublet, not the cube
    let s = "double-deux AC";
    assert!(cube_action(&c(s), s, &mut Vec::new()).is_err());
}

#[test]
fn rule_partie_part_partie_and_decision() {
    let tc = |s: &str| game_ctx(s, Game::TricTrac);
    let s = "partie quadruple recommence";
    let (r, pc) = partie(&tc(s), s, &mut Vec::new()).unwrap();
    assert_eq!((r, pc.multiple), (" recommence", 4));
    let s = "partie prolonge";
    assert_eq!(partie(&tc(s), s, &mut Vec::new()).unwrap(), (" prolonge", PartieClaim { multiple: 1 }));
    let s = "partie {c} triple";
    let mut cm = Vec::new();
    assert_eq!(partie(&tc(s), s, &mut cm).unwrap().1.multiple, 3);
    assert_eq!(cm.len(), 1);
    assert_eq!(partie_decision(&tc("prolonge"), "prolonge").unwrap().1, Decision::Prolong);
    assert_eq!(partie_decision(&tc("Recommence"), "Recommence").unwrap().1, Decision::Restart);
    assert!(partie_decision(&tc("va"), "va").is_err());
    let s = "+2 (pont) +1 (rt) partie double prolonge\n2.";
    let mut t = Throw::new(1, Dice::new(6, 1).unwrap());
    let (mut sp, mut cm, mut a) = (ThrowSpans::default(), Vec::new(), Anchor::Dice);
    let r = partie_part(&tc(s), s, &mut t, &mut sp, &mut cm, &mut a).unwrap();
    assert_eq!(r, "2.");
    assert_eq!(t.marks.len(), 2);
    assert_eq!(t.marks[1].points, 1);
    assert_eq!(t.marks[1].jans[0].code, JanCode::Retiree);
    assert_eq!(t.partie, Some(PartieClaim { multiple: 2 }));
    assert_eq!(t.decision, Some(Decision::Prolong));
    assert!(sp.partie.is_some());
}

#[test]
fn rule_result_kind_and_game_results() {
    let c = ctx("");
    assert_eq!(result_kind(&c, "gammon").unwrap().1, ResultKind::Gammon);
    assert_eq!(result_kind(&c, "RESIGN").unwrap().1, ResultKind::Resign);
    assert!(result_kind(&c, "gammons").is_err());
    let pts = |w, n, k| ResultClaim::Points { winner: w, points: n, kind: k };
    assert_eq!(parse_result_of("top 2", Game::Jacquet).unwrap(), pts(Seat::Top, 2, None));
    assert_eq!(parse_result_of("bas 1", Game::Moultezim).unwrap(), pts(Seat::Bottom, 1, None));
    assert_eq!(parse_result_of("top 2 gammon", Game::Backgammon).unwrap(), pts(Seat::Top, 2, Some(ResultKind::Gammon)));
    assert_eq!(parse_result_of("top 2 Gammon", Game::Backgammon).unwrap().to_string(), "top 2 gammon");
    assert_eq!(parse_result_of("top 4", Game::Backgammon).unwrap().to_string(), "top 4");
    assert_eq!(parse_result_of("top 5-2", Game::TricTrac).unwrap().to_string(), "top 5-2");
    assert_eq!(parse_result_of("*", Game::TricTrac).unwrap(), ResultClaim::Unfinished);
    for (bad, g) in [
        ("top 2", Game::GrandTrictrac),
        ("top 12-7 gammon", Game::GrandTrictrac),
        ("top 2 gammon", Game::Jacquet),
        ("top 2-1", Game::Jacquet),
        ("top 2-1", Game::Backgammon),
        ("top 2 gammon drop", Game::Backgammon),
        ("top 2 bredouille", Game::Backgammon),
        ("top 5", Game::TricTrac),
        ("top 5-2 bredouille", Game::TricTrac),
    ] {
        assert!(parse_result_of(bad, g).is_err(), "{bad} in {g}");
    }
}

#[test]
fn positions_of_the_other_games() {
    let pos = |s, g| parse_position_of(s, Dialect::Soumille, g);
    // Backgammon: the bar counts among the fifteen, cube and owner
    let s = "A2M4R3T5@/F5H3N5X2 top cube=2 owner=bottom";
    let setup = pos(s, Game::Backgammon).unwrap();
    assert_eq!(setup.bar, BySeat::new(1, 0));
    assert_eq!(setup.total(Seat::Top), 15);
    assert_eq!(setup.score.cube, Some(2));
    assert_eq!(setup.score.owner, Some(Some(Seat::Bottom)));
    assert_eq!(setup.to_string(), s);
    assert_eq!(
        pos("A2M4R3T4@2/F5H3N5X2 top owner=none", Game::Backgammon).unwrap().to_string(),
        "A2M4R3T4@2/F5H3N5X2 top owner=none"
    );
    assert_eq!(pos("M@2#12/&15 bottom", Game::Backgammon).unwrap().to_string(), "M@2#12/&15 bottom");
    // Tric Trac: points 0..=11 of any parity, parties
    let s = "A5E2G3H2KM2/BC2N2OP2Q2R2S2V bottom points=7/9 parties=3/1";
    let setup = pos(s, Game::TricTrac).unwrap();
    assert_eq!(setup.score.points, Some(BySeat::new(7, 9)));
    assert_eq!(setup.score.parties, Some(BySeat::new(3, 1)));
    assert_eq!(setup.to_string(), s);
    // Jacquet: letters only
    assert_eq!(pos("M15/&15 bottom", Game::Jacquet).unwrap().to_string(), "M15/&15 bottom");
    // a point holding men of both seats: read for Jacquet and Moultezim, whose replay flags
    // it as a `position` claim (docs/games.md §A.10); an error in the other games
    for g in [Game::Jacquet, Game::Moultezim] {
        assert_eq!(pos("L14G/&14G bottom", g).unwrap().to_string(), "GL14/G&14 bottom", "{g}");
    }
    for g in [Game::GrandTrictrac, Game::TrictracAEcrire, Game::Backgammon, Game::TricTrac] {
        let e = pos("L14G/&14G bottom", g).unwrap_err();
        assert_eq!(e.message, "point G holds men of both seats", "{g}");
    }
    for (bad, g, what) in [
        ("A14@/&15 top", Game::GrandTrictrac, "bar"),
        ("A14@/&15 top", Game::TricTrac, "bar"),
        ("A14@/&15 top", Game::Jacquet, "bar"),
        ("A15@/&15 top", Game::Backgammon, "16 men"),
        ("A14@@/&15 top", Game::Backgammon, "twice"),
        ("A15/&15 top cube=3", Game::Backgammon, "cube value"),
        ("A15/&15 top cube=2", Game::GrandTrictrac, "unknown position field"),
        ("A15/&15 top owner=red", Game::Backgammon, "owner"),
        ("A15/&15 top points=12/0", Game::TricTrac, "points"),
        ("A15/&15 top points=3/0", Game::GrandTrictrac, "points"),
        ("A15/&15 top points=2/0", Game::Jacquet, "unknown position field"),
        ("A15/&15 top parties=1", Game::TricTrac, "parties"),
        ("A15/&15 top holes=1/0", Game::TricTrac, "unknown position field"),
    ] {
        let e = pos(bad, g).unwrap_err();
        assert!(e.message.contains(what), "{bad} in {g}: {e:?}");
    }
    // the error points at the `@`
    let e = pos("A14@/&15 top", Game::TricTrac).unwrap_err();
    assert_eq!(e.at, 3..4);
}

#[test]
fn throws_of_the_other_games_read() {
    let r = clean(&bg("1. bottom: 4-3 NI &X\n2. top: 5-4 MRX*\n3. bottom: 6-4 @X*P\n4. top: double 2 take 6-1 @AG\n5. bottom: double passe\n"));
    assert_eq!(
        r.throws[3].cube,
        Some(CubeAction { value: Some(2), answer: Some(CubeAnswer::Take), after_dice: false })
    );
    assert_eq!(r.throws[4].dice, None);
    let t = clean("[Game \"tric-trac\"]\n1. 5-3 +1 OK* AC! partie triple recommence / +2\n2. 3-3 - +2 (gp)\n");
    assert_eq!(t.throws[0].glyph, Some(Glyph::Good));
    assert_eq!(t.throws[0].partie, Some(PartieClaim { multiple: 3 }));
    assert_eq!(t.throws[0].opponent.as_ref().map(|o| o.marks.len()), Some(1));
    assert_eq!(t.throws[1].marks[0].points, 2);
    assert_eq!(t.throws[1].play, Some(Play::Pass));
    // odd marks are Tric Trac's
    let r = one("1. 6-5 +1 AF\n");
    assert!(r.errors[0].message.contains("odd mark"), "{:?}", r.errors);
    let r = one("[Game \"tric-trac\"]\n1. 6-5 AF AG +1 (prise) +3\n");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    // Rules of the other games are kept as written, for the game to judge
    let r = one("[Game \"backgammon\"]\n[Rules \" cube=non ;backgammon=livret\"]\n1. 6-5 AG\n");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let pairs: Vec<(&str, &str)> = r.header.game_rules.iter().map(|p| (&*p.key, &*p.value)).collect();
    assert_eq!(pairs, [("cube", "non"), ("backgammon", "livret")]);
    assert_eq!(r.record.tag("Rules"), Some("cube=non; backgammon=livret"));
    // a comment anywhere in the new parts stays with its token
    assert_eq!(
        canon(&bg("1. top: double {a} take {b} 6-4 @X*P {c}\n2. double drop {d}\n")),
        "[Game \"backgammon\"]\n\n1. top: double take {a} {b} 6-4 @X*P {c}\n2. double drop {d}\n"
    );
    assert_eq!(
        canon("[Game \"tric-trac\"]\n1. 6-1 +2 {m} VO {v} B# partie {p} double {q} prolonge {r}\n"),
        "[Game \"tric-trac\"]\n\n1. 6-1 VO {v} B# +2 {m} partie double {p} {q} prolonge {r}\n"
    );
}

#[test]
fn errors_of_the_other_games_with_places() {
    // Grand Trictrac keeps its forms strictly
    let (l, c, m, _) = error_at("1. 6-5 AG\n2. 4-1 AF* AB\n");
    assert_eq!((l, c), (2, 10), "{m}");
    assert!(m.contains("Grand Trictrac records write no `*`"), "{m}");
    let (l, c, m, _) = error_at("1. 6-5 @AG\n");
    assert_eq!((l, c), (1, 8));
    assert!(m.contains("only Backgammon has a bar"), "{m}");
    let (l, c, m, _) = error_at("1. 6-5 AEKM\n");
    assert_eq!((l, c), (1, 8));
    assert!(m.contains("two or three points"), "{m}");
    let (l, c, m, _) = error_at("[Game \"trictrac-a-ecrire\"]\n1. top: double take 6-5 AG\n");
    assert_eq!((l, c), (2, 9));
    assert!(m.contains("Backgammon's"), "{m}");
    let (l, c, m, _) = error_at("1. 6-5 AG AF partie\n");
    assert_eq!((l, c), (1, 14));
    assert!(m.contains("Tric Trac claim"), "{m}");
    let (l, c, m, _) = error_at("1. top: AG\n");
    assert_eq!((l, c), (1, 9));
    assert!(m.contains("without dice"), "{m}");
    // Jacquet: no bar, no cube, paths of five points at most
    let (l, c, m, _) = error_at("[Game \"jacquet\"]\n1. 6-5 @AG\n");
    assert_eq!((l, c), (2, 8));
    assert!(m.contains("only Backgammon has a bar"), "{m}");
    let (l, c, m, _) = error_at("[Game \"jacquet\"]\n1. 2-1 &ZYXVT\n");
    assert_eq!((l, c), (2, 8));
    assert!(m.contains("two to five points"), "{m}");
    let (l, c, m, _) = error_at("[Game \"moultezim\"]\n1. double take 6-5 &S\n");
    assert_eq!((l, c), (2, 4));
    assert!(m.contains("Backgammon's"), "{m}");
}

#[test]
fn errors_of_backgammon_with_places() {
    // Backgammon: where `*`, `@` and the cube may stand
    let (l, c, m, _) = error_at(&bg("1. 6-5 A*G\n"));
    assert_eq!((l, c), (2, 9));
    assert!(m.contains("after the point a man leaves"), "{m}");
    let (l, c, m, _) = error_at(&bg("1. 6-5 Y#*\n"));
    assert_eq!((l, c), (2, 10));
    assert!(m.contains("after `#`"), "{m}");
    let (l, c, m, _) = error_at(&bg("1. 6-5 A@G\n"));
    assert_eq!((l, c), (2, 9));
    assert!(m.contains("`@` (the bar) inside"), "{m}");
    let (l, c, m, l2) = error_at(&bg("1. 6-5 AG double take\n"));
    assert_eq!((l, c), (2, 11));
    assert!(m.contains("after the play") && l2.contains("before the dice"), "{m}");
    // right after the dice it is read (too late: the replay flags `cube-timing`)
    let r = crate::notation::read(&bg("1. 6-5 AG\n2. 6-4 double take { late } AB\n")).remove(0);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let late = CubeAction { value: None, answer: Some(CubeAnswer::Take), after_dice: true };
    assert_eq!(r.record.throws[1].cube, Some(late));
    assert_eq!(r.record.throws[1].comments[0].after, Some(Anchor::Cube));
    let printed = crate::notation::print_record(&r.record, crate::notation::PrintOptions::default());
    assert!(printed.contains("2. 6-4 double take { late } AB"), "{printed}");
    let (l, c, m, _) = error_at(&bg("1. double take AG\n"));
    assert_eq!((l, c), (2, 16));
    assert!(m.contains("without dice"), "{m}");
    let (l, c, m, _) = error_at(&bg("1. double 0 take 6-5 AG\n"));
    assert_eq!((l, c), (2, 11));
    assert!(m.contains("cube value"), "{m}");
    let (l, c, m, _) = error_at(&bg("1. 6-5 AG partie\n"));
    assert_eq!((l, c), (2, 11));
    assert!(m.contains("Tric Trac claim"), "{m}");
}

#[test]
fn errors_of_tric_trac_results_and_positions_with_places() {
    // Tric Trac: marks on one side of the play, one decision
    let (l, c, m, _) = error_at("[Game \"tric-trac\"]\n1. 6-1 +1 VO B# +2\n");
    assert_eq!((l, c), (2, 17));
    assert!(m.contains("both sides"), "{m}");
    let (l, c, m, _) = error_at("[Game \"tric-trac\"]\n1. 6-1 1 trou tient VO partie prolonge\n");
    assert_eq!((l, c), (2, 31));
    assert!(m.contains("one decision") || m.contains("after `tient`"), "{m}");
    let (l, c, m, _) = error_at("[Game \"tric-trac\"]\n1. 6-1 VO / +2 partie\n");
    assert_eq!((l, c), (2, 16));
    assert!(m.contains("out of place"), "{m}");
    let (l, c, m, _) = error_at("[Game \"tric-trac\"]\n1. 6-1 VO +1 {c} tient\n");
    assert_eq!((l, c), (2, 18));
    assert!(m.contains("out of place"), "{m}");
    // the Lepeintre dialect is Grand Trictrac's
    let (l, c, m, _) = error_at("[Game \"backgammon\"]\n[Letters \"lepeintre\"]\n1. 6-5 AG\n");
    assert_eq!((l, c), (2, 11));
    assert!(m.contains("Lepeintre's letters are for Grand Trictrac"), "{m}");
    // results and positions of the game
    let (l, c, m, _) = error_at("[Game \"jacquet\"]\n[Result \"top 2-0\"]\n1. 6-5 &SN\n");
    assert_eq!((l, c), (2, 10));
    assert!(m.contains("points won"), "{m}");
    let (l, c, m, _) = error_at("[Game \"backgammon\"]\n[Position \"A15/&15 top cube=3\"]\n");
    assert_eq!((l, c), (2, 24));
    assert!(m.contains("cube value"), "{m}");
    let (l, c, m, _) = error_at("[Game \"backgammon\"]\n[Rules \"cube\"]\n");
    assert_eq!((l, c), (2, 9));
    assert!(m.contains("key=value"), "{m}");
}

#[test]
fn paths_that_spell_keywords_stay_paths() {
    // HOLE, HOLES, HOLD, TIENT are paths in the other games' letters, never holes or a decision
    let r = clean(&bg("1. 6-5 HOLE HOLES\n2. 3-1 HOLD TIENT\n"));
    let Some(Play::Moves(m)) = &r.throws[0].play else { panic!("{:?}", r.throws[0]) };
    assert_eq!((m.len(), m[0].rests.len(), m[1].rests.len()), (2, 2, 3));
    assert_eq!(r.throws[0].holes, None);
    assert_eq!(r.throws[1].decision, None);
    // after a hole claim the printer keeps such a first move a move with a dash
    let src = bg("1. 6-5 1 trou H-OLD\n2. 6-5 2 trous tient TIENT\n");
    let r = clean(&src);
    assert_eq!(r.throws[0].decision, None);
    assert_eq!(r.throws[1].decision, Some(Decision::Hold));
    assert_eq!(canon(&src), "[Game \"backgammon\"]\n\n1. 6-5 1 trou H-OLD\n2. 6-5 2 trous tient TIENT\n");
    // the cube's words in capitals are paths too
    let r = clean(&bg("1. 6-5 DROP TAKE\n"));
    assert!(matches!(&r.throws[0].play, Some(Play::Moves(m)) if m.len() == 2));
    // Grand Trictrac is unchanged: `hole` is a hole claim
    assert_eq!(clean("1. 6-5 +4 hole AG\n").throws[0].holes, Some(1));
}

#[test]
fn throw_spans_read_the_throw_as_its_game_did() {
    for (src, decision) in [("1. 6-5 HOLD\n", true), ("[Game \"backgammon\"]\n1. 6-5 HOLD\n", false)] {
        let r = clean(src);
        let t = &r.throws[0];
        assert_eq!(t.decision.is_some(), decision, "{src}");
        let sp = throw_spans(src, t, Dialect::Soumille).unwrap();
        assert_eq!(sp.decision.is_some(), decision, "{src}");
        assert_eq!(sp.play.is_some(), !decision, "{src}");
    }
    let src = "[Game \"tric-trac\"]\n1. 6-1 VO B# +2 (pont) +1 partie\n";
    let mut rr = one(src);
    fill_spans(src, &mut rr);
    let sp = rr.record.throws[0].spans.as_deref().unwrap();
    assert_eq!(sp.marks.len(), 2);
    assert_eq!(&src[sp.partie.unwrap().range()], "partie");
    let src = "[Game \"backgammon\"]\n1. top: double 2 take 6-1 @AG\n";
    let t = &clean(src).throws[0];
    let sp = throw_spans(src, t, Dialect::Soumille).unwrap();
    assert_eq!(&src[sp.cube.unwrap().range()], "double 2 take");
    assert_eq!(&src[sp.play.unwrap().range()], "@AG");
}

#[test]
fn a_word_read_outside_the_records_text_is_read_to_its_end() {
    // `dialect_reads_move` reads words that need not lie in the record's text; a word placed
    // before that text once made the path loop forever (offsets taken from the record's text)
    let buf = "MRX* &TON AF [Game \"backgammon\"]";
    let text = &buf[13..];
    for game in [Game::Backgammon, Game::Jacquet, Game::GrandTrictrac] {
        let c = Ctx::new(text, Dialect::Soumille, game);
        assert_eq!(c.dialect_reads_move(&buf[..4]), game != Game::GrandTrictrac, "{game}");
        assert_eq!(c.dialect_reads_move(&buf[5..9]), game != Game::GrandTrictrac, "{game}");
        assert!(c.dialect_reads_move(&buf[10..12]), "{game}");
    }
}

// ---- the fast path against the full reader, on printed records with comments and damage ----

mod fast_path_props {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// The Grand Trictrac records of a few samples, printed canonically (read once; the
    /// reader's tests use no game's rules).
    fn printed() -> &'static [String] {
        static PRINTED: OnceLock<Vec<String>> = OnceLock::new();
        PRINTED.get_or_init(|| {
            ["lepeintre-teaching-game.stn", "tour-and-position.stn", "a-ecrire.stn", "two-records.stn"]
                .iter()
                .flat_map(|f| {
                    let text = std::fs::read_to_string(format!("{}/samples/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap();
                    crate::notation::read(&text)
                })
                .filter(|r| r.errors.is_empty() && r.header.game == Game::GrandTrictrac)
                .map(|r| print_record(&r.record, PrintOptions::default()))
                .collect()
        })
    }

    const GAMES: &[Game] = Game::ALL;

    /// What is put into the text: comments, white space, pieces of tokens, a tag.
    const BITS: [&str; 27] = [
        " { c }",
        " ; l",
        "\n{ own line }",
        "{ a\r\nb }",
        "{",
        "}",
        ";",
        "\t",
        "\r",
        "\r\n",
        " ",
        "\u{a0}",
        "\u{2003}{ em }",
        "1.",
        " /",
        " -",
        " +3",
        " +2 (vrai)",
        " 1 trou",
        " va",
        " GO",
        " tient",
        "#",
        "?",
        "[",
        "\n[Game \"tric-trac\"]\n",
        "\n\n",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
        ))]

        /// Comments and white space at the ends of throws (which the fast path reads), and
        /// bits anywhere (which it leaves to the full reader): both read the same records
        /// with the same errors.
        #[test]
        fn fast_path_agrees_with_the_full_reader_on_comments(
            game in 0usize..GAMES.len(),
            which in 0usize..4,
            edits in proptest::collection::vec((any::<usize>(), 0usize..BITS.len()), 0..8),
            at_line_ends in any::<bool>(),
        ) {
            let mut text = printed()[which % printed().len()].replacen("grand-trictrac", GAMES[game].name(), 1);
            for (pos, bit) in edits {
                let k = if at_line_ends {
                    let ends: Vec<usize> = text.match_indices('\n').map(|(k, _)| k).collect();
                    ends.get(pos % ends.len().max(1)).copied().unwrap_or(text.len())
                } else {
                    char_floor(&text, pos % (text.len() + 1))
                };
                text.insert_str(k, BITS[bit]);
            }
            readers_agree(&text)?;
        }

        /// Seats, doublets' names, dashes inside moves and glyphs, in the spellings the fast path
        /// reads and in others (capitals, other spacing, misplaced dashes): both readers
        /// read the same records with the same errors.
        #[test]
        fn fast_path_agrees_with_the_full_reader_on_seats_names_and_dashes(
            game in 0usize..GAMES.len(),
            which in 0usize..4,
            choices in proptest::collection::vec(any::<u32>(), 64),
            bits in proptest::collection::vec((any::<usize>(), 0usize..BITS.len()), 0..3),
        ) {
            const SEATS: [&str; 9] = ["top: ", "bottom: ", "haut: ", "bas: ", "Top: ", "top:  ", "top:", "bas :", "hauts: "];
            const NAMES: [&str; 11] =
                ["bezas", "ambesas", "double-deux", "ternes", "carmes", "quines", "sonnez", "Sonnez", "bezas-", "sonne", "ternes+"];
            let text = printed()[which % printed().len()].replacen("grand-trictrac", GAMES[game].name(), 1);
            let mut n = 0usize;
            let mut pick = |k: u32| {
                n += 1;
                choices[n % choices.len()] % k
            };
            let mut out = String::new();
            for line in text.split_inclusive('\n') {
                let mut first = true;
                let mut after_number = false;
                for w in line.split(' ') {
                    if !first {
                        out.push(' ');
                    }
                    first = false;
                    let bytes = w.trim_end().as_bytes();
                    if after_number && pick(3) == 0 {
                        out.push_str(SEATS[pick(SEATS.len() as u32) as usize]);
                    }
                    let dice = matches!(bytes, [a, b'-', b] if a.is_ascii_digit() && b.is_ascii_digit());
                    let is_move = (2..=3).contains(&bytes.len())
                        && bytes.iter().all(|&b| b.is_ascii_uppercase() || matches!(b, b'&' | b'#'));
                    if after_number && dice && bytes[0] == bytes[2] && pick(2) == 0 {
                        out.push_str(NAMES[pick(NAMES.len() as u32) as usize]);
                        out.push_str(&w[3..]);
                    } else if is_move && pick(2) == 0 {
                        // a dash before, between or after the letters, one or two
                        let mut m = String::new();
                        for (k, ch) in w.char_indices() {
                            if k > 0 || pick(8) == 0 {
                                match pick(4) {
                                    0 | 1 => m.push('-'),
                                    2 if pick(4) == 0 => m.push_str("--"),
                                    _ => {}
                                }
                            }
                            m.push(ch);
                        }
                        out.push_str(&m);
                        if pick(3) == 0 {
                            out.push_str(["!", "?", "!!", "??", "!?", "?!", "!!!", "! "][pick(8) as usize]);
                        }
                    } else {
                        out.push_str(w);
                    }
                    after_number = bytes.last() == Some(&b'.') && bytes[..bytes.len() - 1].iter().all(u8::is_ascii_digit);
                }
            }
            let mut text = out;
            for (pos, bit) in bits {
                text.insert_str(char_floor(&text, pos % (text.len() + 1)), BITS[bit]);
            }
            readers_agree(&text)?;
        }
    }
}

#[test]
fn fast_tags_are_the_tags_read_in_full() {
    for s in [
        "[Game \"grand-trictrac\"]",
        "[Source \"soumille generate --seed 7, game 1\"]\n1. 6-5 AF",
        "[Result \"top 12-5 stakes=2\"]",
        "[x_y-Z9 \"\"]",
        "[Event \"a\rb\"] [Top \"x\"]",
    ] {
        let c = ctx(s);
        let fast = fast_tag(&c, s).unwrap_or_else(|| panic!("not fast: {s:?}"));
        assert_eq!(tag_pair_any(&c, s).ok(), Some(fast), "{s:?}");
    }
    for s in [
        "[Game  \"x\"]",
        "[ Game \"x\"]",
        "[Game \"x\" ]",
        "[Game \"a\\\"b\"]",
        "[Game \"x\n\"]",
        "[Jeu\u{e9} \"x\"]",
        "[Game \"x\"",
        "[Game \"x",
        "[Game",
        "[\"x\"]",
        "[Game {c} \"x\"]",
        "[Game \"x\"{c}]",
    ] {
        assert!(fast_tag(&ctx(s), s).is_none(), "{s:?}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
    ))]

    /// Whatever the fast path reads as a tag, the full reader reads to the same tag.
    #[test]
    fn fast_tag_agrees_with_the_full_reader(s in "\\[[A-Za-z_\\-é ]{0,6}[ \"]{0,2}[a-z\"\\\\\\]\\n\r é{}]{0,8}\\]?[ \\]]?") {
        let c = ctx(&s);
        if let Some(fast) = fast_tag(&c, &s) {
            proptest::prop_assert_eq!(tag_pair_any(&c, &s).ok(), Some(fast), "{:?}", s);
        }
    }
}

/// The fast path and the full reader read `text` to the same records and errors.
fn readers_agree(text: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    let fast = read(text);
    let slow = read_without_fast_path(text);
    proptest::prop_assert_eq!(fast.len(), slow.len());
    for (a, b) in fast.iter().zip(&slow) {
        proptest::prop_assert_eq!(&a.record, &b.record, "{:?}", text);
        proptest::prop_assert_eq!(&a.errors, &b.errors, "{:?}", text);
    }
    Ok(())
}

/// `k`, or the start of the character it falls in.
fn char_floor(text: &str, mut k: usize) -> usize {
    while !text.is_char_boundary(k) {
        k -= 1;
    }
    k
}
