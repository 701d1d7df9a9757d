//! Position strings say their game and rules (docs/games.md §H.7), `explain` reads them back under
//! those rules (and `explain FILE --at N` needs no string), a Lepeintre record is shown in
//! its own letters everywhere its reader looks, and a flag's words say each thing once.

use crate::common;
use common::{run, run_stdin, text};
use serde_json::Value;
use std::path::PathBuf;

/// A record of `game` by seeded self-play (Trictrac à écrire: Grand Trictrac's game under
/// its tag) with the `Rules` tag `rules`, written to a file of its own.
fn record_with_rules(game: &str, rules: &str) -> PathBuf {
    let generated = game;
    let o = run(&["generate", "--game", generated, "--seed", "3"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stn = text(&o.stdout).replacen(
        &format!("[Game \"{generated}\"]"),
        &format!("[Game \"{game}\"]\n[Rules \"{rules}\"]"),
        1,
    );
    let path =
        std::env::temp_dir().join(format!("soumille-position-{}-{game}-{}.stn", std::process::id(), rules.len()));
    std::fs::write(&path, stn).unwrap();
    path
}

/// `explain … --format json` (exit 0), as JSON.
fn explain_json(args: &[&str]) -> Value {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{all:?}: {}", text(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The position string of `show FILE --at N --format position`.
fn shown(file: &str, at: u32) -> String {
    let o = run(&["show", file, "--at", &at.to_string(), "--format", "position"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout).trim_end().to_string()
}

/// A position string without its `game=` and `rules=` fields.
fn without_game(p: &str) -> String {
    p.split(' ').filter(|f| !f.starts_with("game=") && !f.starts_with("rules=")).collect::<Vec<_>>().join(" ")
}

/// Every game, with rules other than its defaults: `show --format position` writes the
/// game and the rules, `explain` of that string answers under them (as `--game` and
/// `--rules` given by hand do), and `explain FILE --at N` answers the same.
#[test]
fn every_game_s_position_string_carries_its_game_and_rules_to_explain() {
    let cases = [
        ("jacquet", "postillon=immediat; retrait=talon", "game=jacquet rules=postillon:immediat,retrait:talon"),
        ("moultezim", "retrait=talon", "game=moultezim rules=retrait:talon"),
        (
            "backgammon",
            "backgammon=livret; premier-coup=relance",
            "game=backgammon rules=premier-coup:relance,backgammon:livret",
        ),
        ("tric-trac", "pont=une-fois", "game=tric-trac rules=pont:une-fois"),
        ("grand-trictrac", "gains=pont; sortie=provinciale; primaute=gagnant", "rules=sortie:provinciale,gains:pont"),
        ("trictrac-a-ecrire", "consolation=double", "game=trictrac-a-ecrire rules=consolation:double"),
    ];
    for (game, rules, fields) in cases {
        let path = record_with_rules(game, rules);
        let file = path.to_str().unwrap();
        for at in [0, 4] {
            let p = shown(file, at);
            assert!(p.contains(&format!(" {fields}")), "{game}: {p}");
            if game == "grand-trictrac" {
                assert!(!p.contains("game="), "{p}");
            }
            let from_string = explain_json(&[&p, "--dice", "5-2"]);
            let from_file = explain_json(&[file, "--at", &at.to_string(), "--dice", "5-2"]);
            assert_eq!(from_string, from_file, "{game} at {at}");
            let by_hand = explain_json(&[&without_game(&p), "--game", game, "--rules", rules, "--dice", "5-2"]);
            assert_eq!(from_string["plays"], by_hand["plays"], "{game} at {at}: {p}");
            // the game and rules the string says agree with themselves when given again
            let again = explain_json(&[&p, "--game", game, "--rules", rules, "--dice", "5-2"]);
            assert_eq!(from_string, again, "{game}");
            let o = run(&["explain", &p, "--dice", "5-2"]);
            assert!(text(&o.stdout).lines().next().unwrap().contains(game) || game == "grand-trictrac");
        }
        std::fs::remove_file(&path).unwrap();
    }
}

/// The defect of the issue: a Jacquet position explained as Grand Trictrac's (1 play
/// instead of 12).
#[test]
fn a_jacquet_position_from_show_is_explained_as_jacquet() {
    let p = shown("samples/jacquet/generated.stn", 9);
    assert!(p.ends_with(" game=jacquet"), "{p}");
    let jacquet = explain_json(&[&without_game(&p), "--game", "jacquet", "--dice", "6-5"]);
    let grand = explain_json(&[&without_game(&p), "--dice", "6-5"]);
    assert_ne!(jacquet["plays"], grand["plays"]);
    let answered = explain_json(&[&p, "--dice", "6-5"]);
    assert_eq!(answered["game"], "jacquet");
    assert_eq!(answered["plays"], jacquet["plays"]);
    assert_eq!(answered["plays"].as_array().unwrap().len(), 12);
}

/// The rules a position string carries are the ones applied: a bear-off order Jacquet's
/// defaults do not have.
#[test]
fn the_rules_of_the_string_are_applied() {
    let p = shown("samples/jacquet/bear-off-order.stn", 0);
    assert_eq!(p, "M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine");
    let plays = |v: Value| -> Vec<String> {
        v["plays"].as_array().unwrap().iter().map(|p| p["notation"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(plays(explain_json(&[&p, "--dice", "2-1"])), ["DB CB", "DBA"]);
    assert_eq!(plays(explain_json(&["M15/A13CD bottom game=jacquet", "--dice", "2-1"])).len(), 4);
    // docs/games.md §H.7's example reads
    explain_json(&["M13A2/&14Z bottom game=jacquet rules=postillon:immediat", "--dice", "1-1"]);
}

#[test]
fn a_game_or_rules_that_contradict_the_string_are_refused() {
    let cases: [&[&str]; 5] = [
        &["explain", "M15/A13CD bottom game=jacquet", "--game", "backgammon", "--dice", "2-1"],
        &["explain", "M15/A13CD bottom game=jacquet", "--game", "grand-trictrac", "--dice", "2-1"],
        &["explain", "M15/A13CD bottom game=jacquet", "--rules", "ordre-sortie=lointaine", "--dice", "2-1"],
        &[
            "explain",
            "M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine",
            "--rules",
            "retrait=talon",
            "--dice",
            "2-1",
        ],
        &["explain", "A15/&15 top rules=sortie:provinciale", "--rules", "gains=pont", "--dice", "2-1"],
    ];
    for args in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        let err = text(&o.stderr);
        let flag = if args.contains(&"--game") { "--game" } else { "--rules" };
        assert!(err.contains(flag) && err.contains("the position"), "{args:?}: {err}");
    }
    // the same rules written otherwise, or the defaults said again, agree
    explain_json(&["M15/A13CD bottom game=jacquet", "--rules", "ordre-sortie=libre", "--dice", "2-1"]);
    explain_json(&[
        "M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine",
        "--rules",
        " ordre-sortie = lointaine",
        "--dice",
        "2-1",
    ]);
    // a game= that is none, or a rules= that is no KEY:VALUE list, is a bad position; a
    // rules= that is no option of the game is refused by the game, naming it
    for (p, says) in [
        (
            "M15/A13CD bottom game=jacquet rules=sortie:provinciale",
            "the position's rules: unknown rule option `sortie`",
        ),
        ("M15/A13CD bottom game=dames", "bad position"),
        ("A15/&15 top rules=sortie", "bad position"),
    ] {
        let o = run(&["explain", p, "--dice", "2-1"]);
        assert_eq!(o.status.code(), Some(2), "{p}");
        assert!(text(&o.stderr).contains(says), "{p}: {}", text(&o.stderr));
    }
}

/// `explain --batch`: each line under its own game and rules; a contradiction is that
/// line's error.
#[test]
fn batch_lines_say_their_own_game() {
    let input = "A15/&15 top\t6-5\n\
                 M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine\t2-1\n\
                 M15/A13CD bottom game=jacquet\t2-1\n\
                 y15/a15 top\t6-5\n";
    let o = run_stdin(&["explain", "--batch"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let lines: Vec<Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["plays"][0]["notation"], "AF AG");
    assert_eq!(lines[1]["game"], "jacquet");
    assert_eq!(lines[1]["plays"].as_array().unwrap().len(), 2);
    assert_eq!(lines[2]["plays"].as_array().unwrap().len(), 4);
    assert_eq!(lines[3]["plays"][0]["notation"], "ys yr");
    let o = run_stdin(&["explain", "--batch", "--game", "backgammon"], b"M15/A13CD bottom game=jacquet\t2-1\n");
    assert_eq!(o.status.code(), Some(2));
    let line: Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    assert_eq!(line["line"], 1);
    assert!(line["error"].as_str().unwrap().contains("--game"), "{line}");
}

/// Soumille's letters are capitals and `&`: a text holds none of them.
fn no_soumille_letter(s: &str) -> bool {
    !s.chars().any(|c| c.is_ascii_uppercase() || c == '&')
}

const LEP: &str = "samples/lepeintre-teaching-game.lep.stn";
const SOU: &str = "samples/lepeintre-teaching-game.stn";

/// A Lepeintre record's position string is in Lepeintre's letters, `explain` reads it and
/// answers in them, the same plays as the record in Soumille's letters gives.
#[test]
fn a_lepeintre_position_is_written_read_and_answered_in_its_letters() {
    for at in [0, 5, 17] {
        let (lep, sou) = (shown(LEP, at), shown(SOU, at));
        let (men, rest) = lep.split_once(' ').unwrap();
        assert!(no_soumille_letter(men), "{lep}");
        assert_eq!(rest, sou.split_once(' ').unwrap().1);
        assert_eq!(men, soumille::men_field_in(sou.split_once(' ').unwrap().0, soumille::Dialect::Lepeintre));
        let (a, b) = (explain_json(&[&lep, "--dice", "6-5"]), explain_json(&[&sou, "--dice", "6-5"]));
        let from_file = explain_json(&[LEP, "--at", &at.to_string(), "--dice", "6-5"]);
        assert_eq!(a, from_file);
        let mut translated: Vec<(String, String)> = b["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let d = soumille::Dialect::Lepeintre;
                (
                    soumille::letters_in(p["notation"].as_str().unwrap(), d),
                    soumille::men_field_in(p["result"].as_str().unwrap(), d),
                )
            })
            .collect();
        translated.sort();
        let lettered: Vec<(String, String)> = a["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["notation"].as_str().unwrap().to_string(), p["result"].as_str().unwrap().to_string()))
            .collect();
        assert_eq!(lettered, translated, "at {at}");
        assert_eq!(a["points"], b["points"]);
        for j in a["jans"].as_array().unwrap() {
            if let Some(at) = j["at"].as_str() {
                assert!(no_soumille_letter(at), "{j}");
            }
        }
    }
}

/// The sheets of a Lepeintre record write its plays, hits and boards in its letters.
#[test]
fn a_lepeintre_record_s_sheets_are_in_its_letters() {
    let sheet = |format: &str| text(&run(&["sheet", LEP, "--format", format]).stdout);
    let rows: Vec<String> = sheet("text")
        .lines()
        .filter(|l| l.trim_start().split(' ').next().is_some_and(|n| n.parse::<u32>().is_ok()))
        .map(|l| l.split('|').next().unwrap().to_string())
        .collect();
    assert_eq!(rows.len(), 23);
    for r in &rows {
        let play = r.split_whitespace().skip(3).collect::<Vec<_>>().join(" ");
        assert!(no_soumille_letter(&play), "{r}");
    }
    assert!(rows[0].contains("ab ac"), "{}", rows[0]);
    let md = sheet("markdown");
    let md_rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| 1")).collect();
    assert!(!md_rows.is_empty());
    for r in md_rows {
        assert!(no_soumille_letter(r.split('|').nth(4).unwrap()), "{r}");
    }
    let html = sheet("html");
    let plays: Vec<&str> = html.split("class=\"play\">").skip(1).map(|p| p.split('<').next().unwrap()).collect();
    assert_eq!(plays.len(), 23);
    assert!(plays.iter().all(|p| no_soumille_letter(p)), "{plays:?}");
    // the points hit (throw 18: top's true hit on k) and the boards' letters
    assert!(html.contains(" at k"), "hits in Lepeintre's letters");
    for board in html.split("<svg").skip(1) {
        let board = board.split("</svg>").next().unwrap();
        assert!(
            board.contains(">a<") && board.contains(">y<") && !board.contains(">A<"),
            "a board in Soumille's letters"
        );
    }
}

/// The view, the replay and the board of a Lepeintre record are in its letters.
#[test]
fn a_lepeintre_record_s_view_show_and_replay_are_in_its_letters() {
    let view = text(&run(&["view", LEP]).stdout);
    for key in ["\"position\":\"", "\"play\":\""] {
        let values: Vec<&str> = view.split(key).skip(1).map(|v| v.split('"').next().unwrap()).collect();
        assert!(values.len() >= 23, "{key}");
        for v in values {
            let men = v.split(' ').next().unwrap();
            assert!(no_soumille_letter(men), "{key}{v}");
        }
    }
    let replay = text(&run(&["replay", LEP]).stdout);
    assert!(replay.contains("1. bottom 2-1  ab ac"), "{replay}");
    let board = text(&run(&["show", LEP, "--at", "5"]).stdout);
    assert!(board.contains("a  b  c  d  e  f"), "{board}");
    let svg = text(&run(&["show", LEP, "--at", "5", "--format", "svg"]).stdout);
    assert!(svg.contains(">a<") && !svg.contains(">&amp;<"), "a board in Soumille's letters");
}

/// Each piece of a flag's words is said once: the rule, the throw.
#[test]
fn a_flag_says_its_rule_and_throw_once() {
    // check draws each flag once, on stderr: its message, then the rule as the label
    let o = run(&["check", "--diagnostics", "narrated", "samples/jacquet/postillon-path.stn"]);
    let err = text(&o.stderr);
    let line = err.lines().find(|l| l.starts_with("throw 1")).unwrap_or_else(|| panic!("{err}"));
    assert_eq!(line.matches("postillon-path").count(), 0, "{line}");
    assert_eq!(line.matches("throw 1").count(), 1, "{line}");
    // the view names the throw beside the message: the message does not again
    let view = text(&run(&["view", "samples/ecoles/par-moins.stn"]).stdout);
    assert!(view.contains("\"message\":\"top marked 4"), "the message after its throw");
    assert!(!view.contains("\"message\":\"throw "), "a message naming its throw again");
    // the sheet's list of flags links the throw, and its message does not repeat it
    let html = text(&run(&["sheet", "samples/ecoles/par-moins.stn", "--format", "html"]).stdout);
    let item = html.lines().find(|l| l.starts_with("<li id=\"flag-1\">")).unwrap();
    assert_eq!(item.matches("hrow 1").count(), 1, "{item}");
    // the replay's text lists a flag under its throw, without the throw again
    let replay = text(&run(&["replay", "samples/ecoles/par-moins.stn"]).stdout);
    assert!(replay.contains("[ecole] top marked 4"), "{replay}");
}

/// An école whose marks agree (`claimed` = `expected`) says how it came about and who may
/// mark it.
#[test]
fn an_ecole_s_json_says_who_is_schooled_and_why() {
    let o = run(&["check", "--format", "json", LEP]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let flags = v["files"][0]["games"][0]["flags"].as_array().unwrap();
    let plein = flags.iter().find(|f| f["kind"] == "ecole" && f["throw"] == 13).unwrap();
    assert_eq!((plein["claimed"].as_i64(), plein["expected"].as_i64()), (Some(0), Some(0)));
    assert_eq!(plein["amount"], 6);
    assert_eq!(plein["school"], "plein");
    assert_eq!(plein["seat"], "bottom");
    assert_eq!(plein["school_for"], "top");
    // top's unmarked jans are schooled only when both seats' marks are kept (docs/rules.md §9)
    let both = format!("[MarksKept \"both\"]\n{}", std::fs::read_to_string(LEP).unwrap());
    let o = crate::common::run_stdin(&["check", "--format", "json", "-"], both.as_bytes());
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let both_flags = v["files"][0]["games"][0]["flags"].as_array().unwrap();
    let moins = both_flags.iter().find(|f| f["kind"] == "ecole" && f["throw"] == 18).unwrap();
    assert_eq!(moins["school"], "par-moins");
    assert_eq!(moins["school_for"], "bottom");
    let o = run(&["check", "--format", "json", "samples/ecoles/par-trop.stn"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let trop = &v["files"][0]["games"][0]["flags"][0];
    assert_eq!(trop["school"], "par-trop", "{trop}");
    assert!(trop["claimed"].as_i64() > trop["expected"].as_i64());
    // a fausse case has none of these
    let f = flags.iter().find(|f| f["kind"] == "fausse-case").unwrap();
    assert!(f.get("school").is_none() && f.get("school_for").is_none());
}

/// A record's `Position` tag may say its game and rules: they must be the record's.
#[test]
fn a_position_tag_s_game_and_rules_are_the_record_s() {
    // the game is syntax (a read error); the rules are the game's to judge: the replay's
    // claim `position`, flagged with both
    let read_errors = |rules: &str, position: &str| {
        let text = format!("[Game \"jacquet\"]\n{rules}[Position \"{position}\"]\n\n1. 2-1 DB CB\n");
        soumille::notation::read(&text).remove(0).errors.len()
    };
    let position_flags = |rules: &str, position: &str| {
        let text = format!("[Game \"jacquet\"]\n{rules}[Position \"{position}\"]\n\n1. 2-1 DB CB\n");
        let r = soumille::notation::read(&text).remove(0);
        assert!(r.errors.is_empty(), "{position}: {:?}", r.errors);
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        rp.flags.iter().filter(|f| f.rule == Some("position")).map(|f| f.message.clone()).collect::<Vec<_>>()
    };
    let rules = "[Rules \"ordre-sortie=lointaine\"]\n";
    assert!(position_flags(rules, "M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine").is_empty());
    assert!(position_flags(rules, "M15/A13CD bottom").is_empty());
    assert!(position_flags("", "M15/A13CD bottom game=jacquet").is_empty());
    for (rules, position) in [
        ("", "M15/A13CD bottom game=jacquet rules=ordre-sortie:lointaine"),
        (rules, "M15/A13CD bottom game=jacquet rules=retrait:talon"),
        (rules, "M15/A13CD bottom game=jacquet rules=sortie:parisienne"),
    ] {
        let flags = position_flags(rules, position);
        assert_eq!(flags.len(), 1, "{rules} {position}");
        assert!(flags[0].contains("the Position tag says the rules"), "{flags:?}");
    }
    assert_eq!(read_errors("", "M15/A13CD bottom game=moultezim"), 1);
}

/// `replay --format json` gives each throw's position before it with the record's rules, so
/// that `explain` reads it back under them.
#[test]
fn the_replay_s_positions_say_their_rules() {
    let path = record_with_rules("grand-trictrac", "sortie=provinciale");
    let o = run(&["replay", path.to_str().unwrap(), "--format", "json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let p = v["rows"][3]["position_before"].as_str().unwrap().to_string();
    assert!(p.contains(" rules=sortie:provinciale "), "{p}");
    assert_eq!(p, shown(path.to_str().unwrap(), v["rows"][2]["throw"].as_u64().unwrap() as u32));
    std::fs::remove_file(&path).unwrap();
}

/// `fmt --letters` converts a `Position` tag that says its game and rules as any other.
#[test]
fn fmt_converts_a_position_that_says_its_game() {
    let stn = "[Game \"trictrac-a-ecrire\"]\n[Letters \"lepeintre\"]\n[Rules \"consolation=double\"]\n\
               [Position \"y13st/a15 bottom game=trictrac-a-ecrire rules=consolation:double\"]\n\n1. 2-1 ab ac\n";
    let o = run_stdin(&["fmt", "-", "--letters", "soumille"], stn.as_bytes());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("[Position \"A13EF/&15 bottom game=trictrac-a-ecrire rules=consolation:double\"]"),
        "{}",
        text(&o.stdout)
    );
    let o = run_stdin(&["fmt", "-"], stn.as_bytes());
    assert!(text(&o.stdout).contains("[Position \"sty13/a15 bottom game=trictrac-a-ecrire"), "{}", text(&o.stdout));
}
