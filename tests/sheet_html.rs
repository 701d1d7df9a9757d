//! The score sheet as a historian reads it (HTML, markdown, text) and the SVG board: the
//! binary on the samples and on records written here, with snapshots and assertions.

use crate::common;
use common::*;
use std::process::Output;

/// Text escaped as the HTML sheet escapes it.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The page with every `title="…"` attribute removed: what shows on paper.
fn without_titles(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find("title=\"") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 7..];
        let j = after.find('"').expect("attribute closed");
        rest = &after[j + 1..];
    }
    out.push_str(rest);
    out
}

fn sheet_html(file: &str) -> (Output, String) {
    let o = run(&["sheet", file, "--format", "html"]);
    let h = text(&o.stdout);
    (o, h)
}

/// The flags of a file, as `check --format json` lists them: (throw, message).
fn flags(file: &str) -> Vec<(Option<u64>, String)> {
    let o = run(&["check", "--format", "json", file]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["files"][0]["games"][0]["flags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            // written beside its throw (and in the list, after a link to it) without the throw again
            let m = f["message"].as_str().unwrap();
            let body = match f["throw"].as_u64() {
                Some(n) => {
                    let rest = m.strip_prefix(&format!("throw {n}")).unwrap_or(m);
                    rest.strip_prefix(": ")
                        .or_else(|| rest.strip_prefix(" (").and_then(|r| r.split_once("): ")).map(|x| x.1))
                        .unwrap_or(m)
                }
                None => m,
            };
            (f["throw"].as_u64(), body.to_string())
        })
        .collect()
}

/// The throws that must have a board on the HTML sheet: each relève's first throw and each
/// flagged throw (one board when both).
fn board_throws(file: &str) -> Vec<u64> {
    let o = run(&["sheet", file, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let mut want = Vec::new();
    for (k, r) in rows.iter().enumerate() {
        let start = k == 0 || rows[k - 1]["releve"] == true;
        let flagged = !r["flags"].as_array().unwrap().is_empty();
        if start || flagged {
            want.push(r["throw"].as_u64().unwrap());
        }
    }
    want
}

#[test]
fn html_sheet_snapshots() {
    for (name, file) in [
        ("must_fill", "samples/fausse-cases/must-fill.stn"),
        ("end_of_a_marque", "samples/a-ecrire/end-of-a-marque.stn"),
    ] {
        let (o, h) = sheet_html(file);
        assert!(o.status.code() == Some(0) || o.status.code() == Some(1), "{file}: {}", text(&o.stderr));
        insta::assert_snapshot!(format!("sheet_html__{name}"), h);
    }
}

#[test]
fn svg_board_snapshots() {
    let o = run(&["show", "samples/lepeintre-teaching-game.stn", "--at", "15", "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!("board_svg__lepeintre_15", text(&o.stdout));
    let o = run(&["show", "samples/a-ecrire/end-of-a-marque.stn", "--at", "0", "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!("board_svg__end_of_a_marque_start", text(&o.stdout));
}

#[test]
fn every_flag_is_written_out_beside_its_throw_and_listed() {
    for file in
        ["samples/lepeintre-teaching-game.stn", "samples/fausse-cases/must-fill.stn", "samples/ecoles/par-trop.stn"]
    {
        let (o, h) = sheet_html(file);
        assert_eq!(o.status.code(), Some(1), "{file}");
        let paper = without_titles(&h);
        let fl = flags(file);
        assert!(!fl.is_empty(), "{file}");
        for (k, (throw, message)) in fl.iter().enumerate() {
            let k = k + 1;
            let m = esc(message);
            // once beside the throw, once in the list at the end
            assert!(paper.matches(&m).count() >= 2, "{file}: flag {k} `{message}` not written out");
            // linked both ways: the throw row to the list, the list back to the throw
            assert!(h.contains(&format!("href=\"#flag-{k}\"")), "{file}: flag {k}");
            assert!(h.contains(&format!("<li id=\"flag-{k}\">")), "{file}: flag {k}");
            assert!(h.contains(&format!("id=\"at-flag-{k}\"")), "{file}: flag {k}");
            if let Some(n) = throw {
                assert!(h.contains(&format!("<tr id=\"throw-{n}\"")), "{file}: throw {n}");
                assert!(h.contains(&format!("href=\"#throw-{n}\"")), "{file}: back to throw {n}");
            }
        }
    }
}

#[test]
fn html_sheet_has_what_the_text_sheet_has_and_more() {
    let file = "samples/lepeintre-teaching-game.stn";
    let (_, h) = sheet_html(file);
    // self-contained
    assert!(
        !h.contains("http://")
            || h.matches("http://").count() == h.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    assert!(!h.contains("https://") && !h.contains("<link") && !h.contains("<script"));
    // the title block
    for s in [
        "<h1>the author (top) against Kermadeuc (bottom)</h1>",
        "<dt>Event</dt><dd>Teaching game, first relève</dd>",
        "<dt>Source</dt><dd>Lepeintre 1818, première partie §I (LEP-GAME-1)</dd>",
        "<dt>Rules</dt><dd><span class=\"default\">the game's defaults</span></dd>",
    ] {
        assert!(h.contains(s), "missing {s}");
    }
    // labelled columns
    for label in ["Throw", "Seat", "Dice", "Play", "Jans", "Mark", "Points", "Holes", "Notes"] {
        assert!(
            h.contains(&format!("<th>{label}</th>")) || h.contains(&format!("<th rowspan=\"2\">{label}</th>")),
            "{label}"
        );
    }
    assert!(
        h.contains("<th colspan=\"3\">the author (top)</th>")
            && h.contains("<th colspan=\"3\">Kermadeuc (bottom)</th>")
    );
    // marks, jans, holes, bredouille, decisions, relève
    assert!(h.contains("six-tables (bottom) 4"));
    // top's marks are not kept (docs/rules.md §9): his jans are scored, not schooled, once noted
    assert!(!h.contains("<span class=\"wrong\">0≠2</span>"));
    assert!(h.contains("<dd class=\"marks-note\">only bottom writes marks"));
    assert!(h.contains("0<b>+2</b>"));
    assert!(h.contains("<abbr title=\"en bredouille\">b</abbr>"));
    assert!(h.contains("<td>tient</td>"));
    assert!(h.contains("<td>va; relève ends; <a class=\"flag\" href=\"#flag-5\">ecole [5]</a>"));
    // the record's comments: the head's and the throws'
    assert!(h.contains("Lepeintre, Cours complet de trictrac (1818)"));
    assert!(h.contains("<p class=\"comment\">jan de six tables on the third throw</p>"));
    assert!(h.contains(&esc("\"ensemble en D\": tout d'une from the talon, rest point unsaid")));
    // print
    assert!(h.contains("@media print"));
    assert!(h.contains("thead{display:table-header-group}"));
    assert!(h.contains("tr{break-inside:avoid"));
    assert!(h.contains("<thead>"));
    // a board at each relève start and each flagged throw
    let want = board_throws(file);
    assert!(want.len() >= 4, "{want:?}");
    // and the final position (issue 24)
    assert_eq!(h.matches("<svg").count(), want.len() + 1, "{want:?}");
    assert!(h.contains("<p><b>The final position</b>.</p>"));
    for n in want.iter().skip(1) {
        assert!(h.contains(&format!("Throw {n}: before the throw")), "no board at throw {n}");
    }
}

#[test]
fn a_ecrire_sheet_has_the_marques_and_the_totals() {
    let (o, h) = sheet_html("samples/a-ecrire/end-of-a-marque.stn");
    assert_eq!(o.status.code(), Some(0));
    assert!(h.contains("Trictrac à écrire: score sheet"));
    assert!(h.contains("<h2>The marqués</h2>"));
    assert!(h.contains("<td class=\"l\">top</td>"));
    assert!(h.contains("<tr><th class=\"l\">Total</th><td>33</td><td>0</td></tr>"));
    assert!(h.contains("<b>Match gain:</b> top, 30"));
    assert!(h.contains("marqué 1 ends"));
    // the options the record gives, not nine lines of defaults (issue 24)
    assert!(!h.contains("consolation=lineaire") && !h.contains("(default)"));
    let (o, h) = sheet_html("samples/a-ecrire.stn");
    assert_eq!(o.status.code(), Some(0));
    assert!(h.contains("<h1>A. (top) against B. (bottom)</h1>"));
    assert!(h.contains("queue-jetons=oui</li>") && h.contains("consolation=double</li>"));
    assert!(h.contains("every other option: the game's default</li>"));
    assert!(!h.contains("sortie=parisienne"));
    assert!(h.contains("Trictrac à écrire"));
}

const NASTY: &str = "[Event \"Club <b>night</b> & more\"]\n[Top \"Pipe|<i>Jo</i> & Co\"]\n[Bottom \"Bob\"]\n\n\
1. 6-5 AG AF { <script>x</script> & | }\n2. 6-4 &S &V\n";

#[test]
fn names_and_comments_are_escaped() {
    let o = run_stdin(&["sheet", "--format", "html", "-"], NASTY.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let h = text(&o.stdout);
    assert!(!h.contains("<i>") && !h.contains("<script>") && !h.contains("<b>night"));
    assert!(h.contains("Pipe|&lt;i&gt;Jo&lt;/i&gt; &amp; Co (top)"));
    assert!(h.contains("Club &lt;b&gt;night&lt;/b&gt; &amp; more"));
    assert!(h.contains("&lt;script&gt;x&lt;/script&gt; &amp; |"));
    let o = run_stdin(&["sheet", "--format", "markdown", "-"], NASTY.as_bytes());
    let md = text(&o.stdout);
    // `&` is written as it is where it starts no entity (issue 24), `&amp;` where it would
    assert!(md.contains("top (Pipe\\|&lt;i&gt;Jo&lt;/i&gt; & Co) mark"), "{md}");
    let o = run_stdin(&["sheet", "--format", "markdown", "-"], b"[Event \"a &amp; b\"]\n\n1. 6-5 AG AF\n");
    assert!(text(&o.stdout).contains("a &amp;amp; b"), "{}", text(&o.stdout));
    assert!(!md.contains("<i>"));
    // every table line has the same number of unescaped cell separators
    let cells = |l: &str| l.replace("\\|", "").matches('|').count();
    let lines: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert!(lines.len() >= 4);
    assert!(lines.iter().all(|l| cells(l) == cells(lines[0])), "{md}");
    let o = run_stdin(&["show", "--at", "1", "--format", "svg", "-"], NASTY.as_bytes());
    let svg = text(&o.stdout);
    assert!(svg.contains("Pipe|&lt;i&gt;Jo&lt;/i&gt; &amp; Co (top)") && !svg.contains("<i>"));
}

#[test]
fn long_names_keep_the_text_sheet_aligned() {
    let rec = "[Top \"Monseigneur le duc de La Rochefoucauld-Liancourt\"]\n[Bottom \"B\"]\n\n\
1. 6-5 AG AF\n2. 6-4 &S &V\n3. 2-1 AB AC\n";
    let o = run_stdin(&["sheet", "-"], rec.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let s = text(&o.stdout);
    assert!(s.contains("Monseigneur le duc de La Rochefoucauld-Liancourt"));
    let bars = |l: &str| -> Vec<usize> { l.chars().enumerate().filter(|(_, c)| *c == '|').map(|(i, _)| i).collect() };
    let table: Vec<&str> = s.lines().filter(|l| l.contains('|')).collect();
    assert_eq!(table.len(), 5, "{s}");
    for l in &table {
        assert_eq!(bars(l), bars(table[0]), "misaligned:\n{s}");
    }
    let rule = s.lines().find(|l| l.starts_with("---")).unwrap();
    assert!(rule.chars().count() >= table[0].chars().count(), "{s}");
}

#[test]
fn svg_board_shows_the_score_throw_names_and_men_off() {
    let o = run(&["show", "samples/lepeintre-teaching-game.stn", "--at", "15", "--format", "svg"]);
    let svg = text(&o.stdout);
    for s in [
        "the author (top): 0 points, 0 holes",
        "Kermadeuc (bottom): 4 points, 2 holes, en bredouille",
        "Throw 15: after bottom threw 3-2",
        "the author (top) (dark men) against Kermadeuc (bottom) (light men)",
        "borne off: top 0, bottom 0",
        ">off 0<",
        "coin</tspan>",
        "talon</tspan>",
    ] {
        assert!(svg.contains(s), "missing {s}");
    }
    // en bredouille: two jetons on the rail
    assert_eq!(svg.matches("r=\"7\"").count(), 2);
    // the central bar stops at the board; the caption is below it
    let bar_end: f64 = svg
        .lines()
        .find(|l| l.contains("stroke-width=\"6\""))
        .and_then(|l| l.split("y2=\"").nth(1))
        .and_then(|v| v.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    let caption_y: f64 = svg
        .lines()
        .find(|l| l.contains("Throw 15:"))
        .and_then(|l| l.split(" y=\"").nth(1))
        .and_then(|v| v.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(caption_y > bar_end + 20.0, "bar {bar_end}, caption {caption_y}");
    // holes and pavillon from a position with them
    let rec = "[Position \"A13DF/I&14 top holes=6/2 points=8/0 pavillon=bottom\"]\n\n1. 2-1 AB AC\n";
    let o = run_stdin(&["show", "--at", "0", "--format", "svg", "-"], rec.as_bytes());
    let svg = text(&o.stdout);
    assert!(svg.contains("top: 8 points, 6 holes, en bredouille"), "{svg}");
    assert!(svg.contains("bottom: 0 points, 2 holes, pavillon"));
    assert!(svg.contains(">pavillon</text>"));
    assert_eq!(svg.matches("fill=\"#5a3b1e\" stroke=\"#333\"/>").count(), 8, "eight holes pegged");
}

#[test]
fn svg_board_counts_men_borne_off() {
    let rec = "[Position \"Z#14/&15 top\"]\n\n1. 6-5 AG AF\n";
    let o = run_stdin(&["show", "--at", "0", "--format", "svg", "-"], rec.as_bytes());
    let svg = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(svg.contains("borne off: top 14, bottom 0"), "{svg}");
    assert!(svg.contains(">off 14<"));
}

/// The boards of a fiche are drawn at their own size, a unit of the picture to a CSS pixel,
/// on screen and on paper, and no text of theirs is under 13 units: 9.75 pt printed (they
/// were printed at 36em of the table's 9.2 pt, the captions at about 5 pt; measured in
/// Chromium by `view::every_games_boards_print_their_text_at_9_pt_in_chromium`); and the
/// viewer's position string breaks between its fields, not inside a word (issue 24).
#[test]
fn boards_print_readably_and_the_position_string_breaks_between_words() {
    let (_, h) = sheet_html("samples/fausse-cases/must-fill.stn");
    let rules: Vec<&str> = h.split("svg.board{").skip(1).map(|r| r.split('}').next().unwrap()).collect();
    assert!(!rules.is_empty(), "a style for the boards");
    for r in &rules {
        let shrinks =
            r.split(';').any(|d| d.starts_with("width:") || (d.starts_with("max-width:") && d.ends_with("em")));
        assert!(!shrinks, "a board scaled below its size: {r}");
    }
    let sizes: Vec<f64> =
        h.split("font-size=\"").skip(1).map(|r| r.split('"').next().unwrap().parse().unwrap()).collect();
    assert!(sizes.len() > 24, "the boards' texts");
    let least = sizes.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(least * 0.75 >= 9.0, "a board's text at {least} units, {} pt printed", least * 0.75);
    let o = run(&["view", "samples/opening.stn"]);
    let v = text(&o.stdout);
    let rule = v.lines().find(|l| l.starts_with("#position")).unwrap();
    assert!(!rule.contains("break-all") && !rule.contains("anywhere"), "{rule}");
}
