//! A record's names and comments may hold any character: the pictures and pages drawn from
//! them stay well-formed XML (SVG) or hold only characters XML 1.0 allows (HTML), and the
//! text written for a terminal holds no control character (issue 16, item 17).

use crate::common;
use common::*;

/// Whether XML 1.0 allows `c` in a document (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// The first character XML 1.0 refuses in `s`, with its offset.
fn bad_xml_char(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|&(_, c)| !xml_char(c))
}

/// Text or an attribute value: `<` nowhere, `&` only to start a known or numeric reference.
fn check_text(s: &str) -> Result<(), String> {
    if s.contains('<') {
        return Err(format!("`<` in text {s:?}"));
    }
    let mut rest = s;
    while let Some(k) = rest.find('&') {
        let after = &rest[k + 1..];
        let end = after.find(';').ok_or_else(|| format!("unterminated reference in {s:?}"))?;
        let name = &after[..end];
        let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || name.strip_prefix("#x").is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || name.strip_prefix('#').is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
        if !ok {
            return Err(format!("unknown reference &{name}; in {s:?}"));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

/// A small well-formedness check of an XML document (what an SVG viewer's parser demands):
/// allowed characters, elements nested and closed, attributes quoted, references known.
fn well_formed_xml(doc: &str) -> Result<(), String> {
    if let Some((k, c)) = bad_xml_char(doc) {
        return Err(format!("character U+{:04X} at byte {k}, which XML 1.0 refuses", c as u32));
    }
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = doc;
    let mut roots = 0;
    while !rest.is_empty() {
        let Some(k) = rest.find('<') else {
            check_text(rest)?;
            if !rest.trim().is_empty() {
                return Err(format!("text after the root: {rest:?}"));
            }
            break;
        };
        check_text(&rest[..k])?;
        if stack.is_empty() && !rest[..k].trim().is_empty() {
            return Err(format!("text outside the root: {:?}", &rest[..k]));
        }
        rest = &rest[k..];
        if let Some(r) = rest.strip_prefix("<!--") {
            let e = r.find("-->").ok_or("unclosed comment")?;
            rest = &r[e + 3..];
            continue;
        }
        if let Some(r) = rest.strip_prefix("<?") {
            let e = r.find("?>").ok_or("unclosed processing instruction")?;
            rest = &r[e + 2..];
            continue;
        }
        let e = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..e];
        rest = &rest[e + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => continue,
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        }
        let empty = tag.ends_with('/');
        let tag = tag.strip_suffix('/').unwrap_or(tag);
        let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')) {
            return Err(format!("bad element name in <{tag}>"));
        }
        // attributes: name="value" or name='value'
        let mut a = tag[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a.find('=').ok_or_else(|| format!("attribute without value in <{tag}>"))?;
            let q = a[eq + 1..].chars().next().ok_or("attribute without value")?;
            if q != '"' && q != '\'' {
                return Err(format!("unquoted attribute in <{tag}>"));
            }
            let v = &a[eq + 2..];
            let close = v.find(q).ok_or_else(|| format!("unclosed attribute in <{tag}>"))?;
            check_text(&v[..close])?;
            a = v[close + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
        }
        if !empty {
            stack.push(name);
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_checker_refuses_what_xml_refuses() {
    assert!(well_formed_xml("<svg a=\"1\"><text>x &amp; y</text><g/></svg>\n").is_ok());
    assert!(well_formed_xml("<svg><text>a\u{1}b</text></svg>").is_err());
    assert!(well_formed_xml("<svg><text>a\u{ffff}</text></svg>").is_err());
    assert!(well_formed_xml("<svg><text>a & b</text></svg>").is_err());
    assert!(well_formed_xml("<svg><text>a</svg></text>").is_err());
    assert!(well_formed_xml("<svg a=1></svg>").is_err());
    assert!(well_formed_xml("<svg></svg><svg></svg>").is_err());
}

const SVG_REPRO: &str = "tests/data/defect-repros/svg-control-char-in-name.stn";
const SHEET_REPRO: &str = "tests/data/defect-repros/sheet-raw-terminal-escapes.stn";

/// A Grand Trictrac record (the other renderers) with controls and noncharacters in its
/// names, tags and comments.
const TRICTRAC: &[u8] = b"[Top \"a\x01b\x0cc\x1b[31md\"]\n[Bottom \"\xef\xbf\xbf\xc2\x9b2J\x7f\"]\n[Event \"e\x1b]0;t\x07\"]\n\n1. 6-5 AG AF { \x1b[2J \x08 } ; \x1b[1m\n2. 4-2 AE AC\n";

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("soumille-escapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn svg_boards_are_well_formed_xml_whatever_the_names_hold() {
    let gt = temp_file("controls.stn", TRICTRAC);
    let gt = gt.to_str().unwrap();
    for (file, at) in [(SVG_REPRO, "0"), (SVG_REPRO, "1"), (SHEET_REPRO, "1"), (gt, "0"), (gt, "1")] {
        let o = run(&["show", file, "--at", at, "--format", "svg"]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", text(&o.stderr));
        let svg = text(&o.stdout);
        if let Err(e) = well_formed_xml(&svg) {
            panic!("show {file} --at {at} --format svg is not well-formed XML: {e}\n{svg}");
        }
        assert!(svg.contains("\\u{1b}"), "{file}: the escape is shown\n{svg}");
    }
}

#[test]
fn html_pages_hold_only_characters_xml_allows() {
    let gt = temp_file("controls-html.stn", TRICTRAC);
    let gt = gt.to_str().unwrap();
    for file in [SVG_REPRO, SHEET_REPRO, gt] {
        for args in [vec!["sheet", file, "--format", "html"], vec!["view", file]] {
            let o = run(&args);
            let page = text(&o.stdout);
            assert!(!page.is_empty(), "{args:?}: {}", text(&o.stderr));
            if let Some((k, c)) = bad_xml_char(&page) {
                panic!("{args:?}: U+{:04X} at byte {k}: {}", c as u32, &page[k.saturating_sub(80)..k]);
            }
            // no C1 control either (HTML's parse error), no raw DEL
            assert!(!page.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\t')), "{args:?}");
        }
    }
}

#[test]
fn text_for_a_terminal_holds_no_control_character() {
    let gt = temp_file("controls-text.stn", TRICTRAC);
    let gt = gt.to_str().unwrap();
    for file in [SHEET_REPRO, SVG_REPRO, gt] {
        for args in [
            vec!["sheet", file],
            vec!["sheet", file, "--format", "markdown"],
            vec!["replay", file],
            vec!["show", file, "--at", "1"],
        ] {
            let o = run(&args);
            let out = &o.stdout;
            assert!(!out.is_empty(), "{args:?}: {}", text(&o.stderr));
            assert!(!out.contains(&0x1b), "{args:?} prints an ESC byte:\n{}", text(out));
            let s = text(out);
            assert!(
                !s.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\t')),
                "{args:?} prints a control character:\n{s:?}"
            );
        }
    }
    // the escapes are those of `check`
    let o = run(&["sheet", SHEET_REPRO]);
    let s = text(&o.stdout);
    assert!(s.contains("top (\\u{1b}[31mRED)") && s.contains("{ \\u{1b}[2J }"), "{s}");
}
