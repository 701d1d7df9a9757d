//! `grammar/stn.ebnf` and the parser read side by side: every lower-case rule of the
//! grammar has a parser function of its name with the same rule in a comment above it.

use std::collections::BTreeMap;

/// Rule name -> rule text (whitespace folded, `(* *)` comments removed).
fn rules(text: &str) -> BTreeMap<String, String> {
    let mut clean = String::new();
    let mut rest = text;
    while let Some(k) = rest.find("(*") {
        clean.push_str(&rest[..k]);
        rest = rest[k..].find("*)").map_or("", |e| &rest[k + e + 2..]);
    }
    clean.push_str(rest);
    let mut out = BTreeMap::new();
    let mut cur = String::new();
    let mut in_quote: Option<char> = None;
    for ch in clean.chars() {
        cur.push(ch);
        match in_quote {
            Some(q) if ch == q => in_quote = None,
            Some(_) => {}
            None if ch == '"' || ch == '\'' => in_quote = Some(ch),
            None if ch == ';' => {
                let rule = cur.split_whitespace().collect::<Vec<_>>().join(" ");
                if let Some((name, _)) = rule.split_once(" =") {
                    out.insert(name.trim().to_string(), rule.clone());
                }
                cur.clear();
            }
            None => {}
        }
    }
    out
}

#[test]
fn grammar_rules_have_parser_functions() {
    let ebnf = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/stn.ebnf")).unwrap();
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/notation/parser/mod.rs")).unwrap();
    let grammar = rules(&ebnf);
    assert!(grammar.len() > 30, "too few rules read: {}", grammar.len());
    let lines: Vec<&str> = src.lines().collect();
    let mut missing = Vec::new();
    for (name, rule) in &grammar {
        if name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            continue; // character classes, tested inline
        }
        // the comment block right above `fn name`
        let fn_names = [format!("fn {name}<"), format!("fn {name}("), format!("fn {name}_<"), format!("fn {name}_(")];
        let Some(at) = lines.iter().position(|l| {
            fn_names.iter().any(|f| l.trim_start().starts_with(f.as_str()) || l.contains(&format!("pub {f}")))
        }) else {
            missing.push(format!("{name}: no parser function"));
            continue;
        };
        let mut k = at;
        let mut block = Vec::new();
        while k > 0 && lines[k - 1].trim_start().starts_with("//") {
            k -= 1;
            let l = lines[k].trim_start();
            if !l.starts_with("///") {
                block.push(l.trim_start_matches("//").to_string());
            }
        }
        block.reverse();
        let comment = rules(&block.join("\n"));
        match comment.get(name) {
            Some(c) if c == rule => {}
            Some(c) => missing.push(format!("{name}: comment differs\n  grammar: {rule}\n  parser:  {c}")),
            None => missing.push(format!("{name}: no rule comment above its function")),
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
