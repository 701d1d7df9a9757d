//! `soumille show --format svg` for every game (Grand Trictrac, Jacquet, Moultezim,
//! Backgammon, Tric Trac; docs/games.md), one picture for all: every board of every sample is
//! well-formed SVG and shows the men of the replay's setup on every point, on the bar and
//! borne off, the cube, the score and the flags of its throw; the binary draws them; one
//! snapshot per game, and one per game at a flagged throw.

use crate::common;
use common::{run, sample_paths, text};
use soumille::Replay;
use soumille::{Point, Seat, Setup};

/// The games of docs/games.md (the registry's, but Grand Trictrac's): their samples are in
/// `samples/TAG/`.
fn games() -> impl Iterator<Item = &'static str> {
    soumille::games::registry::GAMES.iter().filter(|g| !g.is_grand_trictrac()).map(|g| g.tag())
}

/// Checks that `svg` is well-formed XML: one root element, every tag closed in order,
/// attributes quoted, `&` only in the five entities or a character reference, no `<` in
/// text or values. Returns the number of elements.
fn well_formed(svg: &str) -> Result<usize, String> {
    fn entity_ok(rest: &str) -> bool {
        let Some(end) = rest.find(';') else { return false };
        let name = &rest[1..end];
        matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || name.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    }
    let mut stack: Vec<&str> = Vec::new();
    let (mut roots, mut elements) = (0, 0);
    let mut i = 0;
    let b = svg.as_bytes();
    while i < b.len() {
        match b[i] {
            b'<' => {
                let end = svg[i..].find('>').ok_or("a tag is not closed")? + i;
                let tag = &svg[i + 1..end];
                if let Some(name) = tag.strip_prefix('/') {
                    let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
                    if open != name.trim() {
                        return Err(format!("<{open}> closed by </{name}>"));
                    }
                } else {
                    let self_closing = tag.ends_with('/');
                    let body = tag.trim_end_matches('/');
                    let name = body.split_whitespace().next().ok_or("an empty tag")?;
                    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                        return Err(format!("bad element name {name:?}"));
                    }
                    // attributes: name="value" pairs
                    let mut rest = body[name.len()..].trim_start();
                    while !rest.is_empty() {
                        let eq = rest.find('=').ok_or(format!("attribute without value in <{tag}>"))?;
                        let attr = &rest[..eq];
                        if attr.is_empty() || !attr.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                            return Err(format!("bad attribute name {attr:?} in <{tag}>"));
                        }
                        let after = &rest[eq + 1..];
                        if !after.starts_with('"') {
                            return Err(format!("unquoted attribute {attr} in <{tag}>"));
                        }
                        let close = after[1..].find('"').ok_or("an attribute value is not closed")? + 1;
                        let value = &after[1..close];
                        if value.contains('<') {
                            return Err(format!("`<` in the value of {attr}"));
                        }
                        for (k, _) in value.match_indices('&') {
                            if !entity_ok(&value[k..]) {
                                return Err(format!("a bare `&` in the value of {attr}: {value:?}"));
                            }
                        }
                        rest = after[close + 1..].trim_start();
                    }
                    elements += 1;
                    if stack.is_empty() {
                        roots += 1;
                    }
                    if !self_closing {
                        stack.push(name);
                    }
                }
                i = end + 1;
            }
            b'&' => {
                if !entity_ok(&svg[i..]) {
                    return Err(format!("a bare `&` in text near {:?}", &svg[i..(i + 20).min(svg.len())]));
                }
                i += 1;
            }
            c => {
                if stack.is_empty() && !c.is_ascii_whitespace() {
                    return Err("text outside the root element".into());
                }
                i += 1;
            }
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}

/// The value of `attr` in the first tag that holds `key` (e.g. `class="cube"`).
fn attr_of(svg: &str, key: &str, attr: &str) -> Option<String> {
    let at = svg.find(key)?;
    let start = svg[..at].rfind('<')?;
    let end = at + svg[at..].find('>')?;
    attr_in(&svg[start..end], attr)
}

/// The value of `attr` in one tag.
fn attr_in(tag: &str, attr: &str) -> Option<String> {
    let k = format!(" {attr}=\"");
    let a = tag.find(&k)? + k.len();
    Some(tag[a..a + tag[a..].find('"')?].to_string())
}

/// Every point of the picture: (Soumille letter, top's men, bottom's men).
fn points(svg: &str) -> Vec<(String, u8, u8)> {
    svg.match_indices("<g data-point=")
        .map(|(k, _)| {
            let tag = &svg[k..k + svg[k..].find('>').unwrap()];
            let get = |a: &str| attr_in(tag, a).unwrap();
            (
                get("data-point").replace("&amp;", "&"),
                get("data-top").parse().unwrap(),
                get("data-bottom").parse().unwrap(),
            )
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// The picture shows `setup`: the men of each seat on every point, on the bar, borne off,
/// and the cube.
fn assert_shows(svg: &str, setup: &Setup, how: &str) {
    let pts = points(svg);
    assert_eq!(pts.len(), 24, "{how}: 24 points");
    for p in Point::all() {
        let letter = p.to_string();
        let got = pts.iter().find(|x| x.0 == letter).unwrap_or_else(|| panic!("{how}: no point {letter}"));
        assert_eq!((got.1, got.2), (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p)), "{how}: {letter}");
    }
    for seat in Seat::ALL {
        let count = |what: &str| attr_of(svg, &format!("class=\"{what}\" data-seat=\"{seat}\""), "data-count");
        assert_eq!(count("bar"), Some(setup.bar[seat].to_string()), "{how}: {seat}'s men on the bar");
        assert_eq!(count("off"), Some(setup.off[seat].to_string()), "{how}: {seat}'s men borne off");
    }
    match setup.score.cube {
        Some(v) => {
            assert_eq!(attr_of(svg, "class=\"cube\"", "data-value"), Some(v.to_string()), "{how}: the cube");
            let owner = setup.score.owner.flatten().map_or("none", Seat::name);
            assert_eq!(attr_of(svg, "class=\"cube\"", "data-owner").as_deref(), Some(owner), "{how}: the cube's owner");
        }
        None => assert!(!svg.contains("class=\"cube\""), "{how}: no cube"),
    }
}

fn replay_of(path: &std::path::Path) -> Vec<(soumille::notation::ReadRecord, Replay)> {
    let src = std::fs::read_to_string(path).unwrap();
    soumille::notation::read(&src)
        .into_iter()
        .map(|r| {
            let rp = soumille::replay(&r.record, &r.header, Some(&src));
            (r, rp)
        })
        .collect()
}

/// Every board of every sample of the four games, through the library: well-formed, showing
/// the replay's setup and the flags of its throw with their messages.
#[test]
fn every_board_of_every_sample_shows_its_setup() {
    let mut boards = 0;
    for game in games() {
        let files = sample_paths(&format!("samples/{game}"));
        assert!(!files.is_empty(), "{game}: samples");
        for path in files {
            for (r, rp) in replay_of(&path) {
                let name = path.display();
                let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref());
                let svg = soumille::picture_after(&rp, &r.record, &r.header, 0);
                assert_eq!(svg.is_some(), start.is_some(), "{name}: a board at the start");
                if let (Some(svg), Some(start)) = (svg, start) {
                    well_formed(&svg).unwrap_or_else(|e| panic!("{name} at 0: {e}"));
                    assert_shows(&svg, start, &format!("{name} at 0"));
                    boards += 1;
                }
                for st in &rp.steps {
                    let how = format!("{name} at {}", st.number);
                    let svg = soumille::picture_after(&rp, &r.record, &r.header, st.number)
                        .unwrap_or_else(|| panic!("{how}: no board"));
                    well_formed(&svg).unwrap_or_else(|e| panic!("{how}: {e}\n{svg}"));
                    assert_shows(&svg, &st.after, &how);
                    assert!(svg.contains(&format!("data-game=\"{game}\"")), "{how}: the game");
                    let shown = unescape(&svg);
                    for f in rp.flags.iter().filter(|f| f.throw == Some(st.number)) {
                        // the message is wrapped into lines at its spaces
                        let first = f.body().split_whitespace().take(4).collect::<Vec<_>>().join(" ");
                        assert!(shown.contains(&format!("[{}] {first}", f.what())), "{how}: the flag {}", f.what());
                    }
                    boards += 1;
                }
            }
        }
    }
    assert!(boards > 400, "{boards} boards drawn");
}

/// The binary draws the board of each game, exits 0, and 2 for a throw it has no board of.
#[test]
fn the_binary_draws_every_game() {
    for (file, at, want) in [
        // the bar: top's man hit on X by 6-4 @X*P
        (
            "samples/backgammon/gnubg-money.stn",
            "3",
            vec!["class=\"bar\" data-seat=\"top\" data-count=\"1\"", ">64</text>"],
        ),
        // the cube redoubled to 4, owned by top, with its note; the flag of throw 4
        (
            "samples/backgammon/cube-owner.stn",
            "4",
            vec!["data-value=\"4\" data-owner=\"top\"", "cube 4, owned by top", "double, take: cube 4", "[cube-owner]"],
        ),
        // a drop: no dice, the cube still at 2
        ("samples/backgammon/cube-take-and-drop.stn", "5", vec!["after top&#39;s throw without dice", "double, drop"]),
        // Tric Trac: the partie won, its points and parties
        (
            "samples/tric-trac/hand-written.stn",
            "4",
            vec!["Blanc (bottom): 1 borne off, 0 points, 1 partie (+1 this throw)", "partie prolonge"],
        ),
        (
            "samples/tric-trac/hand-written.stn",
            "3",
            vec!["Noir (top): 0 borne off, 10 points, 0 parties (+2 this throw)"],
        ),
        // Jacquet: the postillon's flag with its message
        ("samples/jacquet/postillon.stn", "1", vec!["[postillon] ", "class=\"flag\""]),
        // Moultezim: the last throw of a game, fifteen men off
        ("samples/moultezim/generated.stn", "96", vec!["class=\"off\" data-seat=\"top\" data-count=\"15\"", "off 15"]),
    ] {
        let o = run(&["show", file, "--at", at, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(0), "{file} --at {at}: {}", text(&o.stderr));
        let svg = text(&o.stdout);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{file}");
        well_formed(&svg).unwrap_or_else(|e| panic!("{file} --at {at}: {e}"));
        for w in want {
            assert!(svg.contains(w), "{file} --at {at}: missing {w}\n{svg}");
        }
    }
    // no board after a throw the record does not have, nor after the replay stopped
    for (file, at) in [("samples/jacquet/postillon.stn", "2"), ("samples/jacquet/not-there.stn", "1")] {
        let o = run(&["show", file, "--at", at, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(2), "{file} --at {at}");
        assert!(o.stdout.is_empty());
        assert!(text(&o.stderr).contains("no board after throw"), "{}", text(&o.stderr));
    }
}

/// The men each seat has, counted from the picture, make fifteen at every throw of a game.
#[test]
fn fifteen_men_a_side_in_every_picture() {
    for file in ["samples/backgammon/generated.stn", "samples/tric-trac/generated.stn"] {
        let o = run(&["replay", file, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let throws: Vec<u64> = v["rows"].as_array().unwrap().iter().map(|r| r["throw"].as_u64().unwrap()).collect();
        assert!(throws.len() > 50, "{file}");
        for at in throws.iter().step_by(9) {
            let o = run(&["show", file, "--at", &at.to_string(), "--format", "svg"]);
            let svg = text(&o.stdout);
            for seat in ["top", "bottom"] {
                let on_points: u32 =
                    points(&svg).iter().map(|p| u32::from(if seat == "top" { p.1 } else { p.2 })).sum();
                let n = |what: &str| -> u32 {
                    attr_of(&svg, &format!("class=\"{what}\" data-seat=\"{seat}\""), "data-count")
                        .unwrap()
                        .parse()
                        .unwrap()
                };
                assert_eq!(on_points + n("bar") + n("off"), 15, "{file} at {at}: {seat}'s men");
            }
        }
    }
}

#[test]
fn the_checker_refuses_bad_svg() {
    assert!(well_formed("<svg><g data-point=\"&\"></g></svg>").is_err());
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg><text>a & b</text></svg>").is_err());
    assert!(well_formed("<svg/><svg/>").is_err());
    assert_eq!(well_formed("<svg a=\"&amp;&#39;\"><g/><text>x &lt; y</text></svg>\n"), Ok(3));
}

/// One board of each game, as the snapshot of its picture (clean records: no flag message).
#[test]
fn one_board_of_each_game() {
    for (name, file, at) in [
        ("jacquet_endgame_2", "samples/jacquet/endgame-annotated.stn", "2"),
        ("moultezim_generated_40", "samples/moultezim/generated.stn", "40"),
        ("backgammon_gnubg_money_3", "samples/backgammon/gnubg-money.stn", "3"),
        ("backgammon_take_and_drop_4", "samples/backgammon/cube-take-and-drop.stn", "4"),
        ("tric_trac_hand_written_4", "samples/tric-trac/hand-written.stn", "4"),
    ] {
        let o = run(&["show", file, "--at", at, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(0), "{file}");
        insta::assert_snapshot!(format!("board_svg__{name}"), text(&o.stdout));
    }
}

/// One board of each of the five games at a flagged throw, as the snapshot of its picture:
/// the flags under the board with their messages, the men the throw moved outlined.
#[test]
fn one_flagged_board_of_each_game() {
    for (name, file, at, what) in [
        ("grand_trictrac_teaching_13", "samples/lepeintre-teaching-game.stn", "13", "must-fill"),
        ("jacquet_postillon_1", "samples/jacquet/postillon.stn", "1", "postillon"),
        ("moultezim_postillon_1", "samples/moultezim/postillon.stn", "1", "postillon"),
        ("backgammon_cube_owner_4", "samples/backgammon/cube-owner.stn", "4", "cube-owner"),
        ("tric_trac_claim_marks_1", "samples/tric-trac/claim-marks.stn", "1", "marks"),
    ] {
        let o = run(&["show", file, "--at", at, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(0), "{file}");
        let svg = text(&o.stdout);
        well_formed(&svg).unwrap_or_else(|e| panic!("{file} --at {at}: {e}"));
        assert!(svg.contains(&format!("class=\"flag\" fill=\"#8b1a1a\">[{what}] ")), "{file}: the flag {what}");
        assert!(svg.contains("class=\"moved\""), "{file}: the men moved");
        insta::assert_snapshot!(format!("flagged_svg__{name}"), svg);
    }
}

/// A Grand Trictrac board is drawn by the same picture: its points, its tray, its score.
#[test]
fn grand_trictrac_boards_are_the_same_picture() {
    for (r, rp) in
        replay_of(&std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/lepeintre-teaching-game.stn"))
    {
        for st in rp.steps.iter().step_by(5) {
            let svg = soumille::picture_after(&rp, &r.record, &r.header, st.number).unwrap();
            well_formed(&svg).unwrap();
            assert_shows(&svg, &st.after, &format!("throw {}", st.number));
            assert!(svg.contains("data-game=\"grand-trictrac\""));
            assert!(svg.contains(" holes</text>") || svg.contains(" holes, "), "the holes of each seat");
        }
    }
}
