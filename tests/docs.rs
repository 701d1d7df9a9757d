//! The examples of `docs/*.md` are tested: every ```` ```stn ```` block reads without a syntax
//! error and replays without a flag, every ```` ```position ```` line is a position string
//! the reader accepts, and every ```` ```console ```` block of `$ soumille …` lines followed
//! by their output is run against the binary and compared. Also: the README and the docs link
//! to pages that exist, and the completions and the man page come out of the binary.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every fenced block of the docs: (file, line of the fence, info string, text).
fn blocks() -> Vec<(String, usize, String, String)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "docs/ has {} pages", files.len());
    for f in files {
        let name = f.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&f).unwrap();
        let mut open: Option<(usize, String, String)> = None;
        for (k, line) in text.lines().enumerate() {
            match (&mut open, line.strip_prefix("```")) {
                (None, Some(info)) => open = Some((k + 1, info.trim().to_string(), String::new())),
                (Some(_), Some("")) => {
                    let (at, info, body) = open.take().unwrap();
                    out.push((name.clone(), at, info, body));
                }
                (Some((_, _, body)), _) => {
                    body.push_str(line);
                    body.push('\n');
                }
                (None, None) => {}
            }
        }
        assert!(open.is_none(), "{name}: a fenced block is not closed");
    }
    out
}

#[test]
fn stn_examples_read_and_replay_clean() {
    let mut n = 0;
    for (file, at, info, body) in blocks() {
        if info != "stn" {
            continue;
        }
        let recs = soumille::notation::read(&body);
        assert!(!recs.is_empty(), "{file}:{at}: no record");
        for r in &recs {
            assert!(r.errors.is_empty(), "{file}:{at}: {:?}\n{body}", r.errors);
            let rp = soumille::replay(&r.record, &r.header, Some(&body));
            assert!(rp.flags.is_empty(), "{file}:{at}: flagged: {:?}\n{body}", rp.flags);
        }
        n += 1;
    }
    assert!(n >= 5, "{n} stn examples");
}

#[test]
fn position_examples_read() {
    let mut n = 0;
    for (file, at, info, body) in blocks() {
        if info != "position" {
            continue;
        }
        for line in body.lines().filter(|l| !l.trim().is_empty()) {
            // as `explain` reads one: its game and letters from the string
            let read = soumille::notation::read_position(line, soumille::notation::Game::GrandTrictrac)
                .unwrap_or_else(|e| panic!("{file}:{at}: `{line}`: {}", e.message));
            // printed back the same (the examples are canonical)
            assert_eq!(read.setup.to_string_in(read.dialect), line, "{file}:{at}");
            n += 1;
        }
    }
    assert!(n >= 3, "{n} position examples");
}

/// Splits a command line as a POSIX shell would for plain words and quotes.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut has = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                has = true;
            }
            (None, ' ') => {
                if has || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                has = false;
            }
            (None, c) => cur.push(c),
        }
    }
    assert!(quote.is_none(), "unclosed quote in `{line}`");
    if has || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn console_examples_print_what_the_docs_say() {
    let mut n = 0;
    for (file, at, info, body) in blocks() {
        if info != "console" {
            continue;
        }
        // `$ command` lines, each followed by its expected output
        let mut runs: Vec<(String, String)> = Vec::new();
        for line in body.lines() {
            match line.strip_prefix("$ ") {
                Some(cmd) => runs.push((cmd.to_string(), String::new())),
                None => {
                    let (_, want) = runs.last_mut().unwrap_or_else(|| panic!("{file}:{at}: output before a `$` line"));
                    want.push_str(line);
                    want.push('\n');
                }
            }
        }
        assert!(!runs.is_empty(), "{file}:{at}: no `$ soumille` line");
        for (cmd, want) in runs {
            let w = words(&cmd);
            assert_eq!(w[0], "soumille", "{file}:{at}: only soumille is run: `{cmd}`");
            let o = Command::new(env!("CARGO_BIN_EXE_soumille")).args(&w[1..]).current_dir(root()).output().unwrap();
            assert!(
                o.status.code().is_some_and(|c| c < 2),
                "{file}:{at}: `{cmd}` failed: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(String::from_utf8_lossy(&o.stdout), want, "{file}:{at}: `{cmd}`");
            n += 1;
        }
    }
    assert!(n >= 3, "{n} console examples");
}

#[test]
fn links_of_the_readme_and_the_docs_lead_somewhere() {
    let mut pages = vec![root().join("README.md")];
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        pages.push(e.unwrap().path());
    }
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(!text.contains("../shared/"), "{}: points outside the repository", page.display());
        let mut rest = text.as_str();
        while let Some(k) = rest.find("](") {
            let after = &rest[k + 2..];
            let end = after.find(')').unwrap();
            let target = after[..end].split('#').next().unwrap();
            if !target.is_empty() && !target.contains("://") {
                let p = page.parent().unwrap().join(target);
                assert!(p.exists(), "{}: link to {target}, which does not exist", page.display());
            }
            rest = &after[end..];
        }
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for d in [
        "docs/format.md",
        "docs/commands.md",
        "docs/rules.md",
        "docs/games.md",
        "docs/adding-a-game.md",
        "cargo install --path .",
    ] {
        assert!(readme.contains(d), "README.md does not mention {d}");
    }
}

#[test]
fn rules_page_has_the_contract_sections() {
    let text = std::fs::read_to_string(root().join("docs/rules.md")).unwrap();
    assert!(text.contains("in-repo copy of the RULES contract"));
    for k in 1..=14 {
        assert!(text.contains(&format!("\n## {k}. ")), "docs/rules.md has no section {k}");
    }
    let format = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    for k in 1..=9 {
        assert!(format.contains(&format!("\n## {k}. ")), "docs/format.md has no section {k}");
    }
}

fn run(args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_soumille")).args(args).output().unwrap();
    (o.status.code(), String::from_utf8(o.stdout).unwrap())
}

#[test]
fn completions_and_man_page() {
    let (code, bash) = run(&["completions", "bash"]);
    assert_eq!(code, Some(0));
    assert!(bash.contains("soumille"));
    for cmd in ["check", "replay", "sheet", "show", "explain", "fmt", "json", "generate", "view", "completions", "man"]
    {
        assert!(bash.contains(cmd), "bash completions lack {cmd}");
    }
    assert!(bash.contains("--format") && bash.contains("position"), "option values are completed");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let (code, s) = run(&["completions", shell]);
        assert_eq!(code, Some(0), "{shell}");
        assert!(s.contains("soumille") && s.contains("explain"), "{shell}");
    }
    assert_eq!(run(&["completions", "tcsh"]).0, Some(2));
    let (code, man) = run(&["man"]);
    assert_eq!(code, Some(0));
    assert!(man.starts_with(".TH "), "{}", &man[..man.len().min(200)]);
    assert!(man.contains(".SH NAME") && man.contains(".SH SYNOPSIS"));
    for cmd in ["CHECK", "SHOW", "EXPLAIN", "VIEW"] {
        assert!(man.contains(&format!(".SH \"SOUMILLE {cmd}\"")), "man page lacks {cmd}");
    }
}

/// The commands `soumille --help` lists (but `help`).
fn commands_of_the_help() -> Vec<String> {
    let (code, help) = run(&["--help"]);
    assert_eq!(code, Some(0));
    let list = help.split_once("Commands:\n").expect("a list of commands").1;
    let names: Vec<String> = list
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

/// A `## ` section of docs/commands.md that names `cmd` as a word of its heading, and its text.
fn command_section<'d>(doc: &'d str, cmd: &str) -> Option<&'d str> {
    let at = doc.split_inclusive('\n').scan(0, |pos, l| {
        let here = *pos;
        *pos += l.len();
        Some((here, l))
    });
    let (start, _) = at
        .filter(|(_, l)| l.starts_with("## "))
        .find(|(_, l)| l[3..].split(|c: char| !c.is_alphanumeric() && c != '-').any(|w| w == cmd))?;
    let rest = &doc[start..];
    Some(&rest[..rest[3..].find("\n## ").map_or(rest.len(), |e| e + 4)])
}

/// Every command of `soumille --help` has its section in docs/commands.md (issue 29: `select`
/// and `table` had none), and the sections of `select` and `table` name every option of their
/// `--help` and their exit status.
#[test]
fn every_command_has_its_section_in_the_commands_page() {
    let doc = std::fs::read_to_string(root().join("docs/commands.md")).unwrap();
    for cmd in commands_of_the_help() {
        assert!(command_section(&doc, &cmd).is_some(), "docs/commands.md has no `## {cmd}` section");
    }
    for cmd in ["select", "table"] {
        let section = command_section(&doc, cmd).unwrap();
        let (code, help) = run(&[cmd, "--help"]);
        assert_eq!(code, Some(0));
        let flags = help.split_whitespace().filter_map(|w| w.strip_prefix("--")).map(|f| {
            let end = f.find(|c: char| !c.is_ascii_lowercase() && c != '-').unwrap_or(f.len());
            &f[..end]
        });
        for flag in flags.filter(|f| !f.is_empty() && !["help", "diagnostics"].contains(f)) {
            assert!(section.contains(&format!("--{flag}")), "the `## {cmd}` section does not name --{flag}");
        }
        assert!(section.contains("Exit status"), "the `## {cmd}` section has no exit status");
    }
}

/// The sections of docs/games.md: the number each heading starts with (`### §A.5 The
/// postillon` is `A.5`).
fn games_sections() -> std::collections::BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("docs/games.md")).unwrap();
    text.lines()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| l.trim_start_matches('#').trim_start().strip_prefix('§'))
        .filter_map(|l| l.split(' ').next())
        .map(str::to_string)
        .collect()
}

/// A section number at the start of `s` (`0`, `0.3`, `A`, `A.5.3`, `E.11`), and its length;
/// a letter must be one of the page's (A to I) and not start a word.
fn section_at(s: &str) -> Option<(String, usize)> {
    let b = s.as_bytes();
    let mut n = match b.first() {
        Some(c) if c.is_ascii_digit() => b.iter().take_while(|c| c.is_ascii_digit()).count(),
        Some(b'A'..=b'I') => 1,
        _ => return None,
    };
    while b.get(n) == Some(&b'.') && b.get(n + 1).is_some_and(u8::is_ascii_digit) {
        n += 1 + b[n + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    }
    if b.get(n).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    Some((s[..n].to_string(), n))
}

/// The sections cited right after each `games.md` of `text` (`games.md §A.5`, `§E.11's`,
/// `§0.3, §D.9`, `§I.1–§I.3`, `§I.5–6`, `A.10`, `C.2, F`), with their line numbers.
fn games_citations(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (k, _) in text.match_indices("games.md") {
        let line = text[..k].matches('\n').count() + 1;
        let mut rest = text[k + "games.md".len()..].trim_start_matches([')', '`']);
        let Some(r) = rest.strip_prefix(' ') else { continue };
        let marked = r.starts_with('§');
        rest = r.strip_prefix('§').unwrap_or(r);
        let Some((mut last, n)) = section_at(rest) else { continue };
        rest = &rest[n..];
        out.push((line, last.clone()));
        // more sections: `, §X`, ` and §X`, `–§X` (and `, X`, `-X` when the first had no §),
        // or the end of a range in the same section (`§I.5–6`)
        loop {
            let seps: &[&str] = if marked {
                &[", §", " and §", "–§", "-§"]
            } else {
                &[", §", " and §", "–§", "-§", ", ", "-", "–"]
            };
            let Some(sep) = seps.iter().find(|s| rest.starts_with(**s)) else {
                let short = rest.strip_prefix('–').or_else(|| rest.strip_prefix('-'));
                if let Some((tail, n)) = short.and_then(section_at).filter(|(t, _)| !t.contains('.')) {
                    if let Some((head, _)) = last.rsplit_once('.') {
                        last = format!("{head}.{tail}");
                        out.push((line, last.clone()));
                        rest = &short.unwrap()[n..];
                        continue;
                    }
                }
                break;
            };
            let Some((next, n)) = section_at(&rest[sep.len()..]) else { break };
            rest = &rest[sep.len() + n..];
            last = next;
            out.push((line, last.clone()));
        }
    }
    out
}

/// Every file under `dirs` of the repository (recursively), with the README.
fn repository_files(dirs: &[&str]) -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    let mut todo: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// docs/games.md has a heading for every section of the contract it copies.
#[test]
fn games_page_has_the_contract_sections() {
    let text = std::fs::read_to_string(root().join("docs/games.md")).unwrap();
    assert!(text.contains("in-repo copy of the GAMES contract"));
    let sections = games_sections();
    let mut want: Vec<String> = ["0", "A", "B", "C", "D", "E", "F", "G", "H", "I"].map(String::from).to_vec();
    for (part, n) in [("0", 3), ("A", 10), ("B", 3), ("C", 3), ("D", 10), ("E", 12), ("H", 7), ("I", 8)] {
        want.extend((1..=n).map(|k| format!("{part}.{k}")));
    }
    want.extend(["A.5.1", "A.5.2", "A.5.3", "A.5.4", "A.7.1", "A.7.3", "A.7.5"].map(String::from));
    for s in want {
        assert!(sections.contains(&s), "docs/games.md has no heading §{s}");
    }
}

#[test]
fn the_parser_of_citations_reads_every_form() {
    let cited = |t: &str| games_citations(t).into_iter().map(|(_, s)| s).collect::<Vec<_>>();
    assert_eq!(cited("(docs/games.md §E.11's example)"), ["E.11"]);
    assert_eq!(cited("docs/games.md §0.3, §D.9 and §E.11."), ["0.3", "D.9", "E.11"]);
    assert_eq!(cited("docs/games.md §I.1–§I.3; docs/games.md §I.5–6"), ["I.1", "I.3", "I.5", "I.6"]);
    assert_eq!(cited("docs/games.md §A–§C, the rest"), ["A", "C"]);
    assert_eq!(cited("(docs/games.md C.2, F)"), ["C.2", "F"]);
    assert_eq!(cited("(docs/games.md I.1-I.2, as checked)"), ["I.1", "I.2"]);
    assert_eq!(cited("[games.md](games.md) §A.5.3, the release"), ["A.5.3"]);
    assert_eq!(cited("docs/games.md, §10 below; docs/games.md's; docs/games.md Jacquet"), [] as [&str; 0]);
}

/// Nothing cites the contract's `docs/games.md`, which is not in the repository: every citation
/// of the other games' rules is `docs/games.md §…`, and names a section that page has.
#[test]
fn citations_of_the_games_page_name_its_sections() {
    let sections = games_sections();
    let bare = ["GAMES", ".md"].concat();
    let mut n = 0;
    for file in repository_files(&["src", "docs", "tests", "grammar", "samples"]) {
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        if name != "docs/games.md" {
            if let Some(k) = text.find(&bare) {
                let line = text[..k].matches('\n').count() + 1;
                panic!("{name}:{line} cites {bare}, which is not in the repository: cite docs/games.md");
            }
        }
        for (line, s) in games_citations(&text) {
            assert!(sections.contains(&s), "{name}:{line}: docs/games.md has no section §{s}");
            n += 1;
        }
    }
    assert!(n >= 100, "{n} citations of docs/games.md");
}

/// The contract's file names, which are not in the repository (built here so that this file
/// does not cite them itself).
fn contract_names() -> [String; 5] {
    ["RULES", "NOTATION", "CLI", "GAMES", "STYLE"].map(|n| format!("{n}.md"))
}

/// Nothing cites a file that is not in the repository: outside `docs/`, no file names the
/// contract's documents (the code cites `docs/rules.md`, `docs/format.md`, `docs/commands.md`,
/// `docs/games.md`), but for at most one line of the README saying where the contract came
/// from; in `docs/`, a page names its contract only in its opening, before its first section.
#[test]
fn nothing_cites_the_contract_files() {
    let names = contract_names();
    // what git ignores (.gitignore, fuzz/.gitignore: built or found by fuzzing) and scratch
    let skip = ["target", ".git", "scratch", "artifacts", "coverage", "corpus"];
    let mut files = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if p.is_dir() {
                if !skip.contains(&name.as_str()) {
                    dirs.push(p);
                }
            } else {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 200, "{} files", files.len());
    for file in files {
        let rel = file.strip_prefix(root()).unwrap().display().to_string();
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        let citing: Vec<(usize, &str)> =
            text.lines().enumerate().filter(|(_, l)| names.iter().any(|n| l.contains(n.as_str()))).collect();
        if rel.starts_with("docs/") {
            let opening = text.find("\n## ").map_or(0, |k| text[..k].lines().count());
            for (n, line) in citing {
                assert!(n < opening, "{rel}:{}: names a contract file after its opening: {line}", n + 1);
            }
        } else if rel == "README.md" {
            assert!(citing.len() <= 1, "README.md names the contract files on {} lines: {citing:?}", citing.len());
        } else {
            assert!(
                citing.is_empty(),
                "{rel}:{}: cites a file not in the repository: {}",
                citing[0].0 + 1,
                citing[0].1
            );
        }
    }
}

/// Every `docs/rules.md §N` and `docs/format.md §N` cited in the code and the docs is a
/// section of that page (`## N. …`).
#[test]
fn citations_of_the_rules_and_the_format_name_their_sections() {
    let mut n = 0;
    for page in ["rules", "format"] {
        let doc = std::fs::read_to_string(root().join(format!("docs/{page}.md"))).unwrap();
        let cite = format!("{page}.md §");
        for file in repository_files(&["src", "docs", "tests", "grammar", "samples"]) {
            let rel = file.strip_prefix(root()).unwrap().display().to_string();
            let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
            for (k, _) in text.match_indices(&cite) {
                let digits: String = text[k + cite.len()..].chars().take_while(char::is_ascii_digit).collect();
                if digits.is_empty() {
                    continue;
                }
                let line = text[..k].matches('\n').count() + 1;
                assert!(doc.contains(&format!("\n## {digits}. ")), "{rel}:{line}: docs/{page}.md has no §{digits}");
                n += 1;
            }
        }
    }
    assert!(n >= 200, "{n} citations");
}

/// `--help`, the man page, the crate description and the README's first paragraph say in one
/// line that soumille reads every game of the registry and backgammon players' files (issue
/// 24, issue 27).
#[test]
fn every_front_page_names_every_game() {
    let games: Vec<&str> = soumille::games::registry::GAMES.iter().map(|g| g.title).collect();
    let says_all = |what: &str, s: &str| {
        for g in &games {
            assert!(s.contains(g), "{what} does not name {g}: {s}");
        }
        assert!(s.contains("backgammon players' files"), "{what}: {s}");
    };
    let (code, help) = run(&["--help"]);
    assert_eq!(code, Some(0));
    says_all("--help", help.lines().next().unwrap());
    let (_, man) = run(&["man"]);
    let name = man.lines().skip_while(|l| *l != ".SH NAME").nth(1).unwrap().replace("\\*(Aq", "'");
    says_all("the man page", &name);
    says_all("the crate description", env!("CARGO_PKG_DESCRIPTION"));
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let first = readme.split("\n\n").nth(1).unwrap().replace('\n', " ");
    says_all("the README's first paragraph", &first);
}

/// Every `.rs` file's text under `dir`.
fn rust_sources(dir: &std::path::Path) -> String {
    let mut text = String::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            text.push_str(&rust_sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            text.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
    text
}

/// `docs/adding-a-game.md` is the real contract (issue 27): every type, function, method,
/// variant or field it writes as code (`Ledger::raise`, `Forms::Pins`, `from_rules`) is
/// defined in `src/`, every file it names exists, and the names that went are not in it.
#[test]
fn adding_a_game_names_only_what_exists() {
    let page = std::fs::read_to_string(root().join("docs/adding-a-game.md")).unwrap();
    for gone in ["BoardStep", "end_setup", "game_end", "GameEnd", "GAME_NAMES", "check_rules", "game_byte"] {
        assert!(!page.contains(gone), "docs/adding-a-game.md names `{gone}`, which is gone");
    }
    // the names src/ defines (items, variants, fields), the tests' functions, the keys of
    // the games' declaration
    let src = rust_sources(&root().join("src")) + &rust_sources(&root().join("tests"));
    let item = regex::Regex::new(
        r"(?m)\b(?:const\s+fn|fn|struct|enum|trait|type|const|static|mod|macro_rules!)\s+(\w+)|^\s*(?:pub\s+)?(\w+)(?:\s*[:({,]|$)",
    )
    .unwrap();
    let mut known: std::collections::HashSet<String> =
        item.captures_iter(&src).filter_map(|c| c.get(1).or(c.get(2))).map(|m| m.as_str().to_string()).collect();
    let declare = std::fs::read_to_string(root().join("src/declare.rs")).unwrap();
    let key = regex::Regex::new(r"\b(\w+): ").unwrap();
    known.extend(key.captures_iter(&declare).map(|c| c[1].to_string()));
    // a game's module is declared by the games' declaration (`pub mod $module;`)
    let defined = |name: &str| known.contains(name) || root().join("src/games").join(name).is_dir();
    // the code spans, out of the fenced blocks
    let prose: String = page.split("```").step_by(2).collect::<Vec<_>>().join(" ");
    let path = regex::Regex::new(r"^[A-Za-z_]\w*(::[A-Za-z_]\w*)*(\(.*\))?$").unwrap();
    let (mut names, mut files, mut missing) = (0, 0, Vec::new());
    // the standard library's and the placeholders
    let skip = ["NAME", "Name", "name", "crate", "Display", "None", "Some", "Default", "Copy"];
    for span in prose.split('`').skip(1).step_by(2) {
        if let Some(f) =
            ["src/", "tests/", "samples/", "fuzz/", "docs/", "grammar/"].iter().find(|p| span.starts_with(**p))
        {
            let file = span.split([' ', ':']).next().unwrap();
            if !file.contains("NAME") && !f.is_empty() {
                assert!(root().join(file).exists(), "docs/adding-a-game.md names `{file}`, which does not exist");
                files += 1;
            }
            continue;
        }
        if !path.is_match(span) {
            continue;
        }
        let head = span.split('(').next().unwrap();
        for seg in head.split("::").filter(|s| !skip.contains(s)) {
            if !defined(seg) {
                missing.push(format!("`{seg}` (in `{span}`)"));
            }
            names += 1;
        }
    }
    assert!(missing.is_empty(), "docs/adding-a-game.md names what src/ does not define: {}", missing.join(", "));
    assert!(names > 60 && files > 10, "{names} names, {files} files checked");
}
