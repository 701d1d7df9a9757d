//! The interop samples of GNU Backgammon (copied in `tests/data/interop/`): every file
//! converts to STN records that check clean, and converts back to an equivalent match.

use super::*;
use crate::notation::{print_record, read, PrintOptions};

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/interop/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn printed(records: &[Record]) -> Vec<String> {
    records.iter().map(|r| print_record(r, PrintOptions::default())).collect()
}

/// Reads a printed record back and replays it: its flags' names.
fn flags(text: &str) -> Vec<String> {
    let r = &read(text)[0];
    assert!(r.errors.is_empty(), "{:?}\n{text}", r.errors);
    let rp = crate::replay::replay(&r.record, &r.header, Some(text));
    rp.flags.iter().map(|f| format!("{:?} {} {}", f.throw, f.what(), f.message)).collect()
}

fn convert(name: &str) -> Vec<Record> {
    let text = sample(name);
    if name.ends_with(".sgf") {
        sgf_to_stn(&text).unwrap()
    } else {
        mat_to_stn(&text).unwrap()
    }
}

#[test]
fn every_sample_converts_and_checks_clean() {
    for name in ["match3.mat", "match3.sgf", "money.gam", "money.sgf", "short.sgf"] {
        let recs = convert(name);
        assert!(!recs.is_empty(), "{name}");
        for text in printed(&recs) {
            assert_eq!(flags(&text), Vec::<String>::new(), "{name}:\n{text}");
        }
    }
    // `.mat` cannot say a set-up position (README §1): gnubg wrote the discarded opening
    // roll as a first throw, and the game replays from the opening, wrongly
    for name in ["short.mat", "short.gam"] {
        let recs = convert(name);
        assert_eq!(recs.len(), 1, "{name}");
        assert!(!flags(&printed(&recs)[0]).is_empty(), "{name}");
    }
}

#[test]
fn the_match_reads_as_the_readme_says() {
    let recs = printed(&convert("match3.mat"));
    assert_eq!(recs.len(), 2);
    let g1 = &recs[0];
    for want in [
        "[Top \"gnubg\"]",
        "[Bottom \"root\"]",
        "[First \"bottom\"]",
        "[Result \"top 1 drop\"]",
        "[Match \"3\"]",
        "[Score \"top 0 bottom 0\"]",
        "[EventDate \"2026.11.22\"]",
        "1. bottom: 6-4 &SO",
        "2. top: 5-1 MR AB",
        "28. top: double 2 drop",
    ] {
        assert!(g1.contains(want), "{want} not in\n{g1}");
    }
    let g2 = &recs[1];
    for want in ["[Result \"top 4 resign\"]", "[Score \"top 1 bottom 0\"]", "4. bottom: double 2 take 4-2 NI* NL", "-"]
    {
        assert!(g2.contains(want), "{want} not in\n{g2}");
    }
    let short = printed(&convert("short.sgf"));
    for want in [
        "[Position \"Y4#11/E2F3#10 bottom\"]",
        "[Result \"bottom 2 single\"]",
        "[Match \"5\"]",
        "1. bottom: 6-5 F# E#",
        "2. top: 2-1 Y& YZ",
        "3. bottom: double 2 take 6-6 F# F# E#",
    ] {
        assert!(short[0].contains(want), "{want} not in\n{}", short[0]);
    }
}

/// The records without the comments that keep SGF move nodes' and roots' properties
/// (`{ sgf: … }`, `; sgf root: …`), which a `.mat` file has not.
fn unkept(mut records: Vec<Record>) -> Vec<Record> {
    for r in &mut records {
        r.tags.iter_mut().for_each(|t| t.comments.retain(|c| sgf::read_root(&c.text).is_none()));
    }
    for t in records.iter_mut().flat_map(|r| r.throws.iter_mut()) {
        t.comments.retain(|c| sgf::read_kept(&c.text).is_none());
    }
    records
}

#[test]
fn mat_and_sgf_of_one_match_give_the_same_records() {
    // `.gam` has no date
    let undated = |v: Vec<String>| -> Vec<String> {
        v.iter().map(|r| r.lines().filter(|l| !l.starts_with("[EventDate")).collect::<Vec<_>>().join("\n")).collect()
    };
    // gnubg's SGF writes the higher die first, its `.mat` the dice as rolled: the same
    // match, the order of the dice aside
    let canonical = |records: &[Record]| -> Vec<String> {
        let higher_first = PrintOptions { higher_die_first: true, ..PrintOptions::default() };
        records.iter().map(|r| print_record(r, higher_first)).collect()
    };
    for (mat, sgf) in [("match3.mat", "match3.sgf"), ("money.gam", "money.sgf")] {
        let a = undated(canonical(&convert(mat)));
        let b = undated(canonical(&unkept(convert(sgf))));
        assert_eq!(a, b, "{mat} / {sgf}");
    }
}

#[test]
fn records_convert_back_to_an_equivalent_match() {
    for name in ["match3.mat", "match3.sgf", "money.gam", "money.sgf", "short.sgf", "short.mat", "short.gam"] {
        let recs = convert(name);
        let sgf = stn_to_sgf(&recs).unwrap();
        let back_sgf = sgf_to_stn(&sgf).unwrap();
        let want = printed(&recs);
        // `.mat` holds no set-up position: refused, not dropped
        if name.starts_with("short.sgf") {
            assert!(stn_to_mat(&recs).is_err(), "{name}");
        } else {
            // (the SGF analysis kept as throw comments: `.mat` holds them as the game's)
            let recs = unkept(recs.clone());
            let mat = stn_to_mat(&recs).unwrap();
            let back_mat = mat_to_stn(&mat).unwrap();
            assert_eq!(printed(&back_mat), printed(&recs), "{name} through .mat:\n{mat}");
        }
        assert_eq!(printed(&back_sgf), want, "{name} through SGF:\n{sgf}");
    }
}

#[test]
fn the_written_match_is_gnubgs_layout() {
    let text = sample("match3.mat");
    let mat = stn_to_mat(&convert("match3.mat")).unwrap();
    // the same lines but for trailing spaces
    let norm = |s: &str| s.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
    assert_eq!(norm(&mat), norm(&text));
}

#[test]
fn paths_with_unsaid_rests_are_written_die_by_die() {
    let text = "[Game \"backgammon\"]\n[First \"top\"]\n[Result \"*\"]\n\n1. top: 6-4 AL\n2. bottom: 5-5 NC NC\n";
    let rec = &read(text)[0].record;
    let mat = stn_to_mat(std::slice::from_ref(rec)).unwrap();
    assert!(mat.contains("64: 24/18 18/14") || mat.contains("64: 24/20 20/14"), "{mat}");
    assert!(mat.contains("55: 13/8 13/8 8/3 8/3"), "{mat}");
    let sgf = stn_to_sgf(std::slice::from_ref(rec)).unwrap();
    assert!(sgf.contains(";W[64"), "{sgf}");
    // not a backgammon record
    let gt = &read("[Game \"grand-trictrac\"]\n\n1. 6-5 AG AF\n")[0].record;
    assert!(stn_to_mat(std::slice::from_ref(gt)).is_err());
}

#[test]
fn broken_files_are_errors_not_panics() {
    for bad in ["  1) 7x: 13/8\n", " Game 1\n gnubg : 0   root : 0\n  1) 51: 13/8 24/99\n", "  1) 51: 13/8\n"] {
        assert!(mat_to_stn(bad).is_err(), "{bad:?}");
    }
    for bad in ["(;GM[6];W[5]", "(;GM[6];W[51mhx])", "(;GM[1])", ")", "(;GM[6];AW[c:a])"] {
        assert!(sgf_to_stn(bad).is_err(), "{bad:?}");
    }
}

/// Damaged files (bytes changed, lines cut) are read or refused, never a panic, and what is
/// read converts to records and back.
#[test]
fn damaged_files_never_panic() {
    let mut seed = 0x1982_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"0123456789/*:() ;[]abcxyzWBAEPL\n-";
    for name in ["match3.mat", "money.gam", "short.sgf", "money.sgf"] {
        let text = sample(name);
        for _ in 0..300 {
            let mut bytes = text.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let i = (next() % bytes.len() as u64) as usize;
                bytes[i] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            if next() % 4 == 0 {
                bytes.truncate((next() % bytes.len() as u64) as usize);
            }
            let damaged = String::from_utf8_lossy(&bytes);
            let recs = if name.ends_with(".sgf") { sgf_to_stn(&damaged) } else { mat_to_stn(&damaged) };
            if let Ok(recs) = recs {
                for text in printed(&recs) {
                    let r = &read(&text)[0];
                    let _ = crate::replay::replay(&r.record, &r.header, Some(&text));
                }
                let _ = stn_to_mat(&recs);
                let _ = stn_to_sgf(&recs);
            }
        }
    }
}

fn repro(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/defect-repros/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn records_of(text: &str) -> Vec<Record> {
    read(text).into_iter().map(|r| r.record).collect()
}

/// A redouble written `double` (no value) is written with the cube's new value, not 2.
#[test]
fn a_redouble_is_exported_with_its_value() {
    let recs = records_of(&repro("export-mat-redouble-value.stn"));
    let mat = stn_to_mat(&recs).unwrap();
    assert!(mat.contains("Doubles => 2"), "{mat}");
    assert!(mat.contains("Doubles => 4"), "{mat}");
    // and it reads back as the same cube actions
    let back = printed(&mat_to_stn(&mat).unwrap());
    assert!(back[0].contains("double 4 drop") || back[0].contains("double drop"), "{}", back[0]);
    assert_eq!(flags(&back[0]), Vec::<String>::new());
}

/// What a format cannot hold is refused, or with `force` left out and said.
#[test]
fn export_refuses_what_the_format_cannot_hold() {
    let rules = records_of(&repro("export-drops-rules-tag.stn"));
    for format in [Format::Mat, Format::Sgf] {
        let e = export(&rules, format, false).unwrap_err();
        assert!(e.to_string().contains("premier-coup=relance"), "{e}");
        let w = export(&rules, format, true).unwrap();
        assert_eq!(w.dropped.len(), 1, "{:?}", w.dropped);
        assert!(!w.text.is_empty());
    }
    let position = records_of(&repro("export-drops-position.stn"));
    let e = export(&position, Format::Mat, false).unwrap_err();
    assert!(e.to_string().contains("Position"), "{e}");
    // SGF holds the men of a set-up start but not its cube's owner
    let e = export(&position, Format::Sgf, false).unwrap_err();
    assert!(e.to_string().contains("cube"), "{e}");
    assert_eq!(export(&position, Format::Sgf, true).unwrap().dropped.len(), 1);
}

/// A `.mat` header line that cannot be an STN tag (a bad name, a tag the importer writes
/// itself, a tag given twice) is kept as a comment and said; the record reads back clean.
#[test]
fn mat_header_lines_that_are_no_tags_are_kept_as_comments() {
    for (name, line) in
        [("import-mat-bad-tag-name.mat", "[E00: \"v\"]"), ("import-mat-duplicate-tag.mat", "[Result \"x\"]")]
    {
        let imported = import_mat(&repro(name)).unwrap();
        assert_eq!(imported.warnings.len(), 1, "{name}: {:?}", imported.warnings);
        assert!(imported.warnings[0].to_string().contains(line), "{name}: {:?}", imported.warnings);
        let text = printed(&imported.records).concat();
        assert!(text.contains(line), "{name}: {text}");
        let r = &read(&text)[0];
        assert!(r.errors.is_empty(), "{name}: {:?}\n{text}", r.errors);
        assert_eq!(flags(&text), Vec::<String>::new(), "{name}");
    }
    // eXtreme Gammon's `Player 1` (a name with spaces) is the top player's full name
    let text = "; [Player 1 \"Ann Lee\"]\n; [EventDate \"2026.11.22\"]\n\n 1 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
    let imported = import_mat(text).unwrap();
    let out = printed(&imported.records).concat();
    assert!(out.contains("[Top \"Ann Lee\"]") && out.contains("[EventDate \"2026.11.22\"]"), "{out}");
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    // BackgammonGalaxy's header
    let text = "; [Player 1 Elo \"2,00/0\"]\n; [Match ID \"1484923\"]\n\n 1 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n";
    let out = printed(&import_mat(text).unwrap().records).concat();
    assert!(out.contains("[TopElo \"2,00/0\"]") && out.contains("[MatchID \"1484923\"]"), "{out}");
}

/// gnubg and FIBS write `Wins` on the numbered line of a drop or a resignation, and FIBS
/// writes `Losses` and the players' ratings; lines not understood are kept, not refused.
#[test]
fn mat_dialects_of_gnubg_and_fibs_are_read() {
    let text = " 3 point match\n\n Game 1\n BlueNote,1780 : 0                   nori,1699 : 0\n  1)                                 42: 8/4 6/4\n  2)  Doubles => 2                    Drops\n  3)  Drops                       Wins 1 point\n\n Game 2\n BlueNote,1780 : 0                   nori,1699 : 1\n  1) 31: 8/5 6/5                     Doubles => 2\n  2)  Drops                       Wins 1 point\n\n Game 3\n BlueNote,1780 : 0                   nori,1699 : 2\n  1) 31: 8/5 6/5                     42: 8/4 6/4\n  2)  Losses 1 point                      Wins 1 point and the match\nsomething else entirely\n";
    let imported = import_mat(text).unwrap();
    assert_eq!(imported.records.len(), 3);
    let out = printed(&imported.records);
    assert!(out[0].contains("[Top \"BlueNote\"]") && out[0].contains("[TopElo \"1780\"]"), "{}", out[0]);
    assert!(out[1].contains("[Result \"bottom 1 drop\"]"), "{}", out[1]);
    assert!(out[2].contains("[Result \"bottom 1"), "{}", out[2]);
    // the line not understood is a comment of the game it stands in, and said
    assert!(out[2].contains("something else entirely"), "{}", out[2]);
    assert_eq!(imported.warnings.len(), 1, "{:?}", imported.warnings);
    for rec in &out {
        assert!(read(rec)[0].errors.is_empty(), "{rec}");
    }
}

/// Text that is no match file is refused with a message that says what a `.mat` holds.
#[test]
fn text_that_is_no_match_file_is_refused() {
    for text in ["hello\n", "", "; [Event \"x\"]\n", " 5 point match\n\n Game 1\n a : 0    b : 0\n"] {
        let e = import_mat(text).unwrap_err();
        assert!(e.to_string().contains("no match file"), "{text:?}: {e}");
    }
}

/// SGF's event, round, place and annotator are STN tags, written back by both exports.
#[test]
fn event_round_place_and_annotator_go_both_ways() {
    let sgf = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]EV[Open \\] 2026]RO[Final]PC[Lyon]AN[Ann]RE[W+1R]\n;W[31hefe]\n)\n";
    let recs = sgf_to_stn(sgf).unwrap();
    let text = printed(&recs).concat();
    for want in ["[Event \"Open ] 2026\"]", "[Site \"Lyon\"]", "[Annotator \"Ann\"]", "[Round \"Final\"]"] {
        assert!(text.contains(want), "{want}: {text}");
    }
    let back = stn_to_sgf(&records_of(&text)).unwrap();
    for want in ["EV[Open \\] 2026]", "RO[Final]", "PC[Lyon]", "AN[Ann]"] {
        assert!(back.contains(want), "{want}: {back}");
    }
    let mat = stn_to_mat(&records_of(&text)).unwrap();
    assert!(mat.contains("; [Event \"Open ] 2026\"]") && mat.contains("; [Site \"Lyon\"]"), "{mat}");
    assert_eq!(printed(&mat_to_stn(&mat).unwrap()), printed(&recs));
}

/// gnubg's SGF says the Crawford rule (`RU[Crawford]`) and the Crawford game
/// (`RU[Crawford:CrawfordGame]`): read as a `[Crawford "yes"]` claim, written back.
#[test]
fn the_crawford_game_goes_both_ways_through_sgf() {
    let game = |k: u32, ws: u32, bs: u32, ru: &str, re: &str| {
        format!("(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:3][game:{k}][ws:{ws}][bs:{bs}]PW[a]PB[b]RU[{ru}]RE[{re}]\n;W[31hefe]\n)\n")
    };
    let sgf = [
        game(0, 0, 0, "Crawford", "W+2R"),
        game(1, 2, 0, "Crawford:CrawfordGame", "B+1R"),
        game(2, 2, 1, "Crawford", "W+1R"),
    ]
    .concat();
    let recs = sgf_to_stn(&sgf).unwrap();
    let text = printed(&recs);
    assert!(!text[0].contains("[Crawford") && text[1].contains("[Crawford \"yes\"]") && !text[2].contains("[Crawford"));
    let back = stn_to_sgf(&recs).unwrap();
    assert_eq!(back.matches("RU[Crawford:CrawfordGame]").count(), 1, "{back}");
    assert_eq!(back.matches("RU[Crawford]").count(), 2, "{back}");
    assert_eq!(printed(&sgf_to_stn(&back).unwrap()), text);
    // the match checks clean: the claim agrees with the score
    let mut session = crate::games::backgammon::Session::new();
    for t in &text {
        let r = &read(t)[0];
        let mut rp = crate::replay::replay(&r.record, &r.header, Some(t));
        session.judge(&r.record, &r.header, &mut rp);
        assert!(rp.flags.is_empty(), "{t}: {:?}", rp.flags);
    }
}

/// `.mat` as gnubg reads it: a money session of several games has the ` 0 point match`
/// and ` Game n` headers, and the right player's win after the left player's drop stands
/// on the drop's numbered line (on a line of its own gnubg reads it as a next action).
#[test]
fn the_written_mat_is_what_gnubg_reads() {
    let game = |first: &str, throws: &str, result: &str| {
        format!("[Game \"backgammon\"]\n[First \"{first}\"]\n[Result \"{result}\"]\n\n{throws}")
    };
    let recs = records_of(
        &[
            game("top", "1. top: 4-3 AE MP\n2. bottom: double drop\n", "bottom 1 drop"),
            game("top", "1. top: 4-3 AE MP\n2. bottom: 6-5 &SN\n3. top: double drop\n", "top 1 drop"),
        ]
        .join("\n"),
    );
    let mat = stn_to_mat(&recs).unwrap();
    assert!(mat.starts_with(" 0 point match\n\n Game 1\n"), "{mat}");
    assert!(mat.contains("\n Game 2\n"), "{mat}");
    assert!(mat.contains(")  Drops                       Wins 1 point\n"), "{mat}");
    assert!(!mat.contains("\n                                  Wins"), "{mat}");
    // read back: the same results, the same throws (the double with its value written)
    let back = printed(&mat_to_stn(&mat).unwrap());
    for (b, r) in back.iter().zip(printed(&recs)) {
        let tail = |t: &str| t.split_once("\n\n").unwrap().1.replace("double 2", "double");
        assert_eq!(tail(b), tail(&r));
        let result = |t: &str| t.lines().find(|l| l.starts_with("[Result")).unwrap().to_string();
        assert_eq!(result(b), result(&r));
        assert_eq!(flags(b), Vec::<String>::new(), "{b}");
    }
}

/// The import's guard ([`writable`]) refuses, as the whole round trip did, what would not
/// read back: a comment that ends itself, a tag value over two lines, a tag name the
/// reader refuses, a record with no throw before another.
#[test]
fn the_guard_refuses_what_would_not_read_back() {
    let base = convert("match3.mat");
    assert!(writable(base.clone()).is_ok());
    let refused = |records: Vec<Record>, what: &str| {
        let e = writable(records).expect_err(what).to_string();
        assert!(e.contains("cannot be written in STN"), "{what}: {e}");
    };
    let mut r = base.clone();
    r[0].throws[2].comments.push(Comment { style: CommentStyle::Brace, text: " a } ".into(), after: None });
    refused(r, "a brace comment holding `}`");
    let mut r = base.clone();
    r[1].tags.push(tag("Event", "two\nlines".into()));
    refused(r, "a tag value over two lines");
    let mut r = base.clone();
    r[1].tags.push(tag("Two words", "x".into()));
    refused(r, "a tag name with a space");
    let mut r = base.clone();
    r[0].throws.clear();
    refused(r, "a record with no throw before another");
    let mut r = base.clone();
    r[1].comments.push(Comment { style: CommentStyle::Line, text: " x".into(), after: None });
    refused(r, "comments before the tags of a record after the first");
    // a known tag whose value the reader refuses: the header read back says so
    let mut r = base;
    r[0].tags.push(tag("Letters", "klingon".into()));
    refused(r, "a Letters tag the reader refuses");
}

/// The warnings are typed ([`Warning`], [`Note`], [`Dropped`]); their text is the one
/// `import` and `export` have always written on stderr.
#[test]
fn warnings_are_typed_and_say_what_they_said() {
    let w = Warning { game: 2, note: Note::NotRead { line: 14, text: "x y".into() } };
    assert_eq!(w.to_string(), "game 2: line 14: `x y` not read");
    let h = Note::HeaderLine { name: "E00:".into(), value: "v".into(), why: KeptWhy::NoTagName };
    assert_eq!(h.to_string(), "header line [E00: \"v\"] kept as a comment: no tag name");
    for (why, text) in [
        (KeptWhy::WrittenByTheImporter, "a tag the record writes itself"),
        (KeptWhy::GivenTwice, "given twice"),
        (KeptWhy::SeveralLines, "a value over several lines"),
    ] {
        assert_eq!(why.to_string(), text);
    }
    let d = Dropped { record: 3, what: Unheld::Rules("cube=non".into()) };
    assert_eq!(d.to_string(), "record 3: the Rules tag `cube=non` (the format holds the default rules only)");
    assert_eq!(
        Dropped { record: 1, what: Unheld::MatPosition }.to_string(),
        "record 1: the Position tag (a .mat file starts every game from the opening)"
    );
    assert_eq!(
        Dropped { record: 1, what: Unheld::SgfCube }.to_string(),
        "record 1: the cube of the Position tag (SGF set-up holds the men only)"
    );
    // from a file: a line not understood, and a header line that can be no tag
    let text = "; [E00: \"v\"]\n 1 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5\nsomething else\n      Wins 1 point\n";
    let imported = import_mat(text).unwrap();
    assert_eq!(
        imported.warnings,
        [
            Warning {
                game: 1,
                note: Note::HeaderLine { name: "E00:".into(), value: "v".into(), why: KeptWhy::NoTagName }
            },
            Warning { game: 1, note: Note::NotRead { line: 7, text: "something else".into() } },
        ]
    );
}

/// A roll with no move, as gnubg writes a throw whose play was not recorded (`PL[B]DI[61]`,
/// how it saves a `.mat` line `61:` where a play was lawful): a throw with no play (`-`),
/// kept through SGF both ways; a roll written before its own move is no second throw.
#[test]
fn a_roll_with_no_move_is_a_throw_with_no_play() {
    let root = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1]";
    let sgf = format!("{root}\n;PL[B]DI[61]\n;W[65hchb]\n;PL[B]DI[62]\n;B[62lnlr]\n;W[double]\n;B[drop])\n");
    let recs = sgf_to_stn(&sgf).unwrap();
    let text = &printed(&recs)[0];
    assert!(text.contains("1. bottom: 6-1 -\n2. top: 6-5 RY RZ\n3. bottom: 6-2 NL NG\n4. top: double"), "{text}");
    let back = stn_to_sgf(&recs).unwrap();
    assert_eq!(printed(&sgf_to_stn(&back).unwrap()), printed(&recs), "{back}");
    let mat = stn_to_mat(&recs).unwrap();
    assert_eq!(printed(&mat_to_stn(&mat).unwrap()), printed(&recs), "{mat}");
    // the last roll of a game, never played, then the other seat wins: the dice, then
    // `resign` (docs/games.md §I.5), written back as the roll alone
    let last = format!("{root}\n;W[65hchb]\n;PL[B]DI[33])\n");
    let recs = sgf_to_stn(&last).unwrap();
    assert!(printed(&recs)[0].contains("\n2. bottom: 3-3 resign\n"), "{}", printed(&recs)[0]);
    assert!(stn_to_sgf(&recs).unwrap().contains(";B[33]\n"));
    assert_eq!(printed(&sgf_to_stn(&stn_to_sgf(&recs).unwrap()).unwrap()), printed(&recs));
    assert_eq!(printed(&mat_to_stn(&stn_to_mat(&recs).unwrap()).unwrap()), printed(&recs));
}

/// A cube value that is not the cube's next one is refused on export, naming it, never
/// written as the right one (docs/games.md §I.8).
#[test]
fn a_wrong_cube_value_is_refused_not_corrected() {
    let text = "[Game \"backgammon\"]\n[First \"bottom\"]\n[Result \"top 1 drop\"]\n\n1. bottom: 6-1 NG HG\n2. top: double 4 drop\n";
    let recs = records_of(text);
    for format in [Format::Mat, Format::Sgf] {
        let e = export(&recs, format, false).unwrap_err().to_string();
        assert!(e.contains('4') && e.contains("double"), "{format:?}: {e}");
    }
}

/// A throw written after a dropped double ended the game is refused on export, naming the
/// throw, never left out without a word (docs/games.md §I.8).
#[test]
fn a_throw_after_a_drop_is_refused_not_lost() {
    let text = "[Game \"backgammon\"]\n[First \"bottom\"]\n[Result \"top 1 drop\"]\n\n1. bottom: 6-1 NG HG\n2. top: double 2 drop\n3. top: double 2 drop\n";
    let recs = records_of(text);
    for format in [Format::Mat, Format::Sgf] {
        let e = export(&recs, format, false).unwrap_err().to_string();
        assert!(
            e.contains("record 1") && e.contains("throw 3") && e.contains("after the game ended"),
            "{format:?}: {e}"
        );
    }
}

/// A move node's comment and gnubg's analysis properties become STN comments of the throw
/// (`{ sgf: … }`, `{ sgf double: … }`) and go back on the same nodes on SGF export;
/// a `}` and a line end in them come back as they were.
#[test]
fn a_move_nodes_comments_and_analysis_go_both_ways() {
    let sgf = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1]\n;B[61lrqr]C[nice {move}\ntwo lines]A[0][ver:2]DA[x\\]y]\n;W[double]C[too soon]\n;B[drop]\n)\n";
    let recs = sgf_to_stn(sgf).unwrap();
    let text = &printed(&recs)[0];
    assert!(text.contains("6-1 NG HG { sgf: C[nice {move\\7d\\0atwo lines]A[0][ver:2]DA[x\\]y] }"), "{text}");
    assert!(text.contains("double 2 drop { sgf double: C[too soon] }"), "{text}");
    // through the printed record, as `export` reads it
    let back = stn_to_sgf(&records_of(text)).unwrap();
    let nodes: Vec<&str> = back.lines().skip(1).collect();
    assert_eq!(nodes, sgf.lines().skip(1).collect::<Vec<_>>(), "{back}");
    assert_eq!(printed(&sgf_to_stn(&back).unwrap()), printed(&recs));
}

/// The dice in the order the file wrote them (`45:`, `;W[45…]`) are the STN throw's `4-5`
/// and go back so; a doublet's moves go back in the file's order (docs/games.md §I.8).
#[test]
fn the_files_roll_order_and_moves_order_are_kept() {
    let mat = " 1 point match\n\n Game 1\n a : 0                          b : 0\n  1) 45: 24/20 13/8               13: 6/3 8/7\n  2) 44: 13/9 13/9 9/5 9/5\n";
    let recs = mat_to_stn(mat).unwrap();
    let text = &printed(&recs)[0];
    assert!(text.contains("1. top: 4-5 AE MR\n2. bottom: 1-3 FC HG\n3. top: 4-4 MQV MQV\n"), "{text}");
    assert!(flags(text).is_empty(), "{:?}", flags(text));
    let moves = |s: &str| -> Vec<String> {
        s.lines().filter(|l| l.contains(')')).map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
    };
    assert_eq!(moves(&stn_to_mat(&recs).unwrap()), moves(mat));
    // SGF: the roll as written, and the root's properties no tag holds, back on the root
    let sgf = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1]GS[M:1 2]XX[odd\\]]\n;W[45xtmh]\n;B[13svqr]\n;W[double]\n;B[drop]\n)\n";
    let recs = sgf_to_stn(sgf).unwrap();
    let text = &printed(&recs)[0];
    assert!(text.contains("; sgf root: AP[GNU Backgammon:1.07]GS[M:1 2]XX[odd\\]]\n"), "{text}");
    assert!(text.contains("1. top: 4-5 AE MR\n2. bottom: 1-3 FC HG\n"), "{text}");
    let back = stn_to_sgf(&recs).unwrap();
    assert!(back.contains(";W[45xtmh]\n;B[13svqr]\n"), "{back}");
    assert!(back.contains("AP[GNU Backgammon:1.07]") && !back.contains("soumille"), "{back}");
    assert!(back.contains("GS[M:1 2]XX[odd\\]]"), "{back}");
    assert_eq!(printed(&sgf_to_stn(&back).unwrap()), printed(&recs));
    // the canonical form writes the higher die first
    let canonical = print_record(&recs[0], PrintOptions { higher_die_first: true, ..PrintOptions::default() });
    assert!(canonical.contains("1. top: 5-4 AE MR\n2. bottom: 3-1 FC HG\n"), "{canonical}");
}
