//! The binary on `samples/rules/`: records of the rules docs/rules.md states explicitly (the end
//! of the tour, fill ways by how the man travels, the corner hit with a man on the opponent's
//! corner, closed jans, the Result's optional bredouille). Each file says in its `Flagged`
//! tag every flag it must raise (`throw rule-or-kind [amount]`, `;`-separated, `-` for no
//! throw, empty for none) and, in an optional `Final` tag, the final score
//! (`top HOLES/POINTS bottom HOLES/POINTS`).

use crate::common;
use common::{bin, root};
use std::path::PathBuf;

fn tag<'a>(src: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[{name} \"");
    src.lines().find_map(|l| l.strip_prefix(open.as_str()).and_then(|l| l.strip_suffix("\"]")))
}

#[test]
fn rules_samples_raise_exactly_their_flags_and_end_on_their_score() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("samples/rules"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "stn"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let mut want: Vec<String> = tag(&src, "Flagged")
            .expect("a Flagged tag")
            .split(';')
            .map(|x| x.trim().to_string())
            .filter(|x| !x.is_empty())
            .collect();
        let o = bin().args(["check", "--format", "json"]).arg(f).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let game = &v["files"][0]["games"][0];
        let flags = game["flags"].as_array().unwrap();
        let mut got: Vec<String> = flags
            .iter()
            .map(|x| {
                let throw = x["throw"].as_u64().map_or("-".to_string(), |n| n.to_string());
                let what = x["rule"].as_str().or(x["kind"].as_str()).unwrap();
                match x["amount"].as_i64() {
                    Some(a) => format!("{throw} {what} {a}"),
                    None => format!("{throw} {what}"),
                }
            })
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}: {flags:#?}", f.display());
        assert_eq!(o.status.code(), Some(if want.is_empty() { 0 } else { 1 }), "{}", f.display());
        if let Some(fin) = tag(&src, "Final") {
            let s = &game["final"];
            let printed = format!(
                "top {}/{} bottom {}/{}",
                s["top"]["holes"], s["top"]["points"], s["bottom"]["holes"], s["bottom"]["points"]
            );
            assert_eq!(printed, fin, "{}", f.display());
        }
    }
}

/// The issue's own last line: a tour won on the twelfth hole with `2 trous va` and no play
/// checks clean, and `va` leaves no points in `final`.
#[test]
fn a_tour_ending_with_va_and_no_play_checks_clean() {
    let src = "[Position \"A13DF/I&14 top holes=10/5 points=8/0 bredouille=top pavillon=none\"]\n\n1. 5-3 +6 (vrai x3) 2 trous va\n";
    let dir = std::env::temp_dir().join(format!("soumille-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("va.stn");
    std::fs::write(&path, src).unwrap();
    let o = bin().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &v["files"][0]["games"][0];
    assert_eq!(game["flags"].as_array().unwrap().len(), 0, "{game:#}");
    assert_eq!(game["final"]["top"]["points"], 0);
    assert_eq!(game["final"]["top"]["holes"], 12);
    assert_eq!(o.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}

/// The line of `docs/options.md` after which the table is generated from the registry.
const GENERATED: &str =
    "<!-- generated from src/games/registry.rs (registry::options_markdown); do not edit below -->\n";

/// `docs/options.md` is the registry's table of every game and option (`SOUMILLE_BLESS=1`
/// writes it again), and lists every key and value.
#[test]
fn docs_options_lists_every_option_of_the_registry() {
    use soumille::games::registry::{options_markdown, GAMES};
    let path = root().join("docs/options.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (head, body) = doc.split_once(GENERATED).expect("the generated marker");
    let table = options_markdown();
    if body != table && std::env::var_os("SOUMILLE_BLESS").is_some() {
        std::fs::write(&path, format!("{head}{GENERATED}{table}")).unwrap();
        return;
    }
    assert_eq!(body, table, "docs/options.md is not the registry's table (SOUMILLE_BLESS=1 writes it)");
    for g in &GAMES {
        assert!(doc.contains(&format!("(`{}`)", g.tag())), "{}", g.tag());
        for o in g.options {
            let row = doc.lines().find(|l| l.starts_with(&format!("| `{}` |", o.key))).expect(o.key);
            for v in o.values {
                assert!(row.contains(&format!("`{v}`")), "{} {v}", o.key);
            }
        }
    }
}

/// A record of `game` with `rules` as its `Rules` tag, read and judged as `check` reads it.
fn judged(game: &str, rules: &str) -> (soumille::notation::Header, Vec<String>) {
    let text = format!("[Game \"{game}\"]\n[Rules \"{rules}\"]\n");
    let mut r = soumille::notation::read(&text).remove(0);
    soumille::games::registry::check_read(&mut r);
    (r.header, r.errors.into_iter().map(|e| e.message).collect())
}

/// The registry agrees with each game's options parser: every key and value it lists is
/// accepted, in any case; a value it does not list and a key of no game are refused, naming
/// what is accepted; its defaults are the parser's (all given, they depart from nothing).
#[test]
fn the_registry_agrees_with_each_games_options_parser() {
    use soumille::games::{registry::GAMES, rules_departing};
    for g in &GAMES {
        let defaults: Vec<String> = g.options.iter().map(|o| format!("{}={}", o.key, o.default)).collect();
        let (h, errors) = judged(g.tag(), &defaults.join("; "));
        assert!(errors.is_empty(), "{}: {errors:?}", g.tag());
        assert!(rules_departing(&h).is_empty(), "{}: {:?}", g.tag(), rules_departing(&h));
        for o in g.options {
            for v in o.values {
                let (h, errors) = judged(g.tag(), &format!("{}={}", o.key.to_uppercase(), v.to_uppercase()));
                assert!(errors.is_empty(), "{} {}={v}: {errors:?}", g.tag(), o.key);
                // a value other than the default departs from the defaults
                assert_eq!(rules_departing(&h).is_empty(), v == &o.default, "{} {}={v}", g.tag(), o.key);
            }
            let (_, errors) = judged(g.tag(), &format!("{}=nowhere", o.key));
            assert_eq!(errors.len(), 1, "{} {}", g.tag(), o.key);
            assert!(errors[0].ends_with(&format!("accepted: {}", o.values.join(", "))), "{}", errors[0]);
        }
        let keys: Vec<&str> = g.keys().collect();
        let (_, errors) = judged(g.tag(), "speed=fast");
        assert_eq!(
            errors,
            [format!("unknown rule option `speed` for {}; the options are {}", g.tag(), keys.join(", "))]
        );
    }
}

/// The reader reads a `Rules` tag as pairs with their spans and judges none: the game does,
/// and its errors keep their span (each at its option).
#[test]
fn the_reader_keeps_the_rules_as_pairs_and_the_game_judges_them() {
    let text = "[Game \"jacquet\"]\n[Rules \"postillon=immediat; blocage=total\"]\n\n1. 6-5 AG AF\n";
    let r = &soumille::notation::read(text)[0];
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let pairs: Vec<(&str, &str, &str)> = r
        .header
        .game_rules
        .iter()
        .map(|p| {
            let s = p.span.unwrap();
            (&*p.key, &*p.value, &text[s.start as usize..s.end as usize])
        })
        .collect();
    assert_eq!(pairs, [("postillon", "immediat", "postillon=immediat"), ("blocage", "total", "blocage=total")]);
    let mut r = r.clone();
    soumille::games::registry::check_read(&mut r);
    assert_eq!(r.errors.len(), 1);
    let s = r.errors[0].span.unwrap();
    assert_eq!(&text[s.start as usize..s.end as usize], "blocage=total");
    assert_eq!(r.errors[0].message, "unknown value `total` for `blocage`; accepted: libre, avance, avance-23, livret");
}

/// Grand Trictrac's `Rules` tag is written canonically once judged (docs/rules.md §13 order,
/// values in lower case), as `fmt` prints it; a bad option makes `fmt` fail as `check` does.
#[test]
fn fmt_writes_grand_trictracs_rules_canonically_and_refuses_bad_options() {
    let o = common::run_stdin(&["fmt", "-"], b"[Rules \" gains=pont ;sortie=Provinciale\"]\n\n1. 6-5 AG AF\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(common::text(&o.stdout), "[Rules \"sortie=provinciale; gains=pont\"]\n\n1. 6-5 AG AF\n");
    for src in [&b"[Rules \"gains=florins\"]\n\n1. 6-5 AG AF\n"[..], b"[Game \"tric-trac\"]\n[Rules \"cube=oui\"]\n"] {
        let o = common::run_stdin(&["fmt", "-"], src);
        assert_eq!(o.status.code(), Some(2), "{}", common::text(&o.stderr));
        assert!(common::text(&o.stderr).contains("this rule option"), "{}", common::text(&o.stderr));
    }
}

/// The layers (issue 17): the notation and the board model import no game, replay, words
/// nor renderer.
#[test]
fn the_notation_and_the_board_model_import_no_rules() {
    let model = ["src/board.rs", "src/dice.rs", "src/position.rs"].map(|f| root().join(f));
    let files: Vec<_> = source_files()
        .into_iter()
        .filter(|f| f.starts_with(root().join("src/notation")) || model.contains(f))
        .collect();
    let above = [
        "games", "replay", "words", "explain", "sheet", "show", "view", "report", "json", "render", "commands",
        "interop",
    ];
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for m in above {
            for pat in [format!("crate::{m}::"), format!("crate::{m};"), format!("crate::{m}}}")] {
                let found = src.lines().find(|l| l.contains(&pat) && !l.trim_start().starts_with("//"));
                assert!(found.is_none(), "{} imports {m}: {found:?}", f.display());
            }
        }
    }
}

/// Every `.rs` file under `src/`.
fn source_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root().join("src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    files
}

/// One house (issue 17): no code outside `src/games/` forks on Grand Trictrac; the games
/// are asked through the registry and the `Game` trait.
#[test]
fn no_game_fork_outside_the_games() {
    for f in source_files() {
        if f.starts_with(root().join("src/games")) {
            continue;
        }
        let src = std::fs::read_to_string(&f).unwrap();
        let found = src.lines().find(|l| l.contains("is_grand_trictrac()") && !l.trim_start().starts_with("//"));
        assert!(found.is_none(), "{} forks on the game: {found:?}", f.display());
    }
}

/// The command line is a thin layer (issue 17): `main.rs` parses, calls and prints.
#[test]
fn main_is_a_thin_layer() {
    let lines = std::fs::read_to_string(root().join("src/main.rs")).unwrap().lines().count();
    assert!(lines < 400, "src/main.rs has {lines} lines");
}

/// Each game's words in its folder (issue 17): `src/games/NAME/words.rs` for every game,
/// the replay's dispatch in `src/replay/words.rs`, no `src/words/` and nothing naming it.
#[test]
fn each_games_words_live_in_its_folder() {
    assert!(!root().join("src/words").exists(), "src/words/ is still there");
    for (_, game) in declared_engines() {
        let words = root().join(format!("src/games/{game}/words.rs"));
        let src = std::fs::read_to_string(&words).unwrap_or_else(|e| panic!("{}: {e}", words.display()));
        assert!(src.contains("pub fn message("), "{} has no message", words.display());
        // a game's words read the game, the board model and the notation, never a renderer
        for m in ["sheet", "show", "view", "report", "json", "render", "commands", "interop"] {
            let found = src.lines().find(|l| l.contains(&format!("crate::{m}::")) && !l.trim_start().starts_with("//"));
            assert!(found.is_none(), "{} names {m}: {found:?}", words.display());
        }
    }
    for f in source_files() {
        let src = std::fs::read_to_string(&f).unwrap();
        assert!(!src.contains("crate::words"), "{} names crate::words", f.display());
    }
}

/// No renderer reads a rule (issue 17): the sheet, the board picture, the viewer, the
/// one-record output, the check report and the JSON name no `games::` module but the registry;
/// what they ask of the games is the output model's (`src/replay/`, `src/output.rs`).
#[test]
fn no_renderer_names_a_rules_module() {
    let renderers = ["src/view.rs", "src/show.rs", "src/render.rs", "src/report.rs"].map(|f| root().join(f));
    let files: Vec<_> = source_files()
        .into_iter()
        .filter(|f| {
            f.starts_with(root().join("src/sheet")) || f.starts_with(root().join("src/json")) || renderers.contains(f)
        })
        .collect();
    assert!(files.len() >= 10, "{files:?}");
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for (n, line) in src.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let rest = line.split("games::").skip(1);
            for after in rest {
                assert!(after.starts_with("registry"), "{}:{}: names a rules module: {line}", f.display(), n + 1);
            }
            // `use crate::games;` or `use crate::games::{…}` would name the rules by another path
            assert!(!line.contains("crate::games;") && !line.contains("games::{"), "{}:{}: {line}", f.display(), n + 1);
        }
    }
}

/// One house (issues 17 and 27): no function in `src/` is over 80 lines (the code is rustfmt's: a
/// function ends at the first line that is its indentation and `}`).
#[test]
fn no_function_is_over_80_lines() {
    let mut long = Vec::new();
    for file in source_files() {
        let src = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = src.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            let indent = &line[..line.len() - code.len()];
            let code = code.strip_prefix("pub(crate) ").or_else(|| code.strip_prefix("pub ")).unwrap_or(code);
            let code = code.strip_prefix("const ").unwrap_or(code);
            if !code.starts_with("fn ") || line.trim_end().ends_with(';') {
                continue;
            }
            let end = lines[i..]
                .iter()
                .position(|l| l.len() == indent.len() + 1 && l.starts_with(indent) && l.ends_with('}'));
            if let Some(n) = end.filter(|n| n + 1 > 80) {
                long.push(format!("{}:{}: {} lines", file.strip_prefix(root()).unwrap().display(), i + 1, n + 1));
            }
        }
    }
    assert!(long.is_empty(), "functions over 80 lines:\n{}", long.join("\n"));
}

/// The library without its default features needs none of the command line's crates
/// (issue 24): each is optional and pulled in by the `fancy` feature only. (`cargo tree
/// --no-default-features -e normal` lists none of them.)
#[test]
fn the_library_needs_none_of_the_command_lines_crates() {
    let toml = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let section = |name: &str| -> String {
        let start = toml.find(&format!("\n[{name}]\n")).unwrap_or_else(|| panic!("no [{name}]"));
        let rest = &toml[start + name.len() + 4..];
        rest[..rest.find("\n[").unwrap_or(rest.len())].to_string()
    };
    let deps = section("dependencies");
    let features = section("features");
    for krate in ["clap", "clap_complete", "clap_mangen", "indicatif", "rayon", "lsp-server", "lsp-types"] {
        let line = deps.lines().find(|l| l.starts_with(&format!("{krate} ="))).unwrap_or_else(|| panic!("{krate}"));
        assert!(line.contains("optional = true"), "{krate} is not optional: {line}");
        assert!(features.contains(&format!("\"dep:{krate}\"")), "the fancy feature does not name {krate}");
    }
    let default = features.lines().find(|l| l.starts_with("default =")).unwrap();
    assert_eq!(default, "default = [\"fancy\"]");
}

/// The engines of the games' declaration (`src/declare.rs`, docs/adding-a-game.md): each
/// `Variant(module::Type) {` line, as `(Variant, module)`.
fn declared_engines() -> Vec<(String, String)> {
    let src = std::fs::read_to_string(root().join("src/declare.rs")).unwrap();
    src.lines()
        .filter_map(|l| {
            let l = l.trim().strip_suffix(") {")?;
            let (variant, path) = l.split_once('(')?;
            let (module, _) = path.split_once("::")?;
            Some((variant.to_string(), module.to_string()))
        })
        .collect()
}

/// Each game declared once (issue 27): outside the declaration (`src/declare.rs`), no
/// `match` arm and no `matches!` names a game by hand (a `Game`, `GameTag` or `Games`
/// variant); the one dispatch is derived from the declaration. (One game asked by name, as
/// `if let Games::GrandTrictrac(g)`, is a question to that game, not a list of the games.)
#[test]
fn no_game_is_named_by_hand_in_a_match() {
    let engines = declared_engines();
    assert!(engines.len() >= 4, "{engines:?}");
    let mut variants: Vec<String> = soumille::notation::Game::ALL.iter().map(|g| format!("{g:?}")).collect();
    variants.extend(engines.iter().map(|(v, _)| v.clone()));
    let names_a_game = |code: &str| {
        ["Game::", "GameTag::", "Games::"].iter().any(|p| {
            code.split(p).skip(1).any(|after| {
                let ident: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                variants.contains(&ident)
            })
        })
    };
    let mut named = Vec::new();
    for f in source_files() {
        if f.ends_with("src/declare.rs") || f.ends_with("tests.rs") {
            continue;
        }
        let src = std::fs::read_to_string(&f).unwrap();
        let code = src.split("\n#[cfg(test)]\nmod tests").next().unwrap();
        let name = f.strip_prefix(root()).unwrap().display().to_string();
        // the flags' facts of two games or more matched in one file: a list of the games
        let facts: std::collections::BTreeSet<&str> = engines
            .iter()
            .map(|(v, _)| v.as_str())
            .filter(|v| code.lines().any(|l| l.contains(&format!("Fact::{v}(")) && l.contains("=>")))
            .collect();
        if facts.len() > 1 {
            named.push(format!("{name}: the facts of {facts:?}"));
        }
        for (n, line) in code.lines().enumerate() {
            let l = line.trim_start();
            if l.starts_with("//") {
                continue;
            }
            let arm = l.contains("=>") && names_a_game(l.split("=>").next().unwrap());
            let listed = l.contains("matches!(") && l.matches(" | ").count() > 0 && names_a_game(l);
            if arm || listed {
                named.push(format!("{name}:{}: {l}", n + 1));
            }
        }
    }
    assert!(named.is_empty(), "games named by hand in a match:\n{}", named.join("\n"));
}

/// The code of a source file for the import graph: its lines that are not comments, up to
/// its unit tests (`#[cfg(test)] mod tests`: a test may import anything).
fn code_of(src: &str) -> String {
    let code = src.split("\n#[cfg(test)]\nmod tests").next().unwrap();
    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The source file a module path (`["games", "grand_trictrac", "books"]`, from the crate's
/// root) names, and how many of its segments name modules: the deepest file or `mod.rs` it
/// reaches; the name after it is an item of that file, or of the child module that defines
/// it (a re-export: `pub use ledger::*` in `replay/mod.rs` gives `replay::Ledger` to
/// `replay/ledger.rs`).
fn module_file(segments: &[&str]) -> Option<std::path::PathBuf> {
    let mut dir = root().join("src");
    let mut file = None;
    let mut rest = segments;
    while let Some((seg, tail)) = rest.split_first() {
        let (f, d) = (dir.join(format!("{seg}.rs")), dir.join(seg));
        if f.exists() {
            file = Some(f);
        } else if d.join("mod.rs").exists() {
            file = Some(d.join("mod.rs"));
        } else {
            break;
        }
        dir = d;
        rest = tail;
    }
    let file = file?;
    let Some(item) = rest.first() else { return Some(file) };
    let defines = |src: &str| {
        src.lines().any(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("pub(crate) ").or_else(|| l.strip_prefix("pub ")).unwrap_or(l);
            ["struct ", "enum ", "trait ", "fn ", "type ", "const ", "static ", "macro_rules! "].iter().any(|k| {
                l.strip_prefix(k).is_some_and(|r| {
                    r.strip_prefix(item).is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
                })
            })
        })
    };
    let own = std::fs::read_to_string(&file).unwrap();
    if defines(&code_of(&own)) || !dir.is_dir() {
        return Some(file);
    }
    let children: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && !p.ends_with("mod.rs"))
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|s| defines(&code_of(&s))))
        .collect();
    Some(if children.len() == 1 { children[0].clone() } else { file })
}

/// The module path (from the crate's root) of a source file: `src/games/jacquet/mod.rs` is
/// `["games", "jacquet"]`.
fn module_of(file: &std::path::Path) -> Vec<String> {
    let rel = file.strip_prefix(root().join("src")).unwrap().with_extension("");
    let mut segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if segs.last().is_some_and(|s| s == "mod" || s == "lib" || s == "main") {
        segs.pop();
    }
    segs
}

/// Every path a piece of code names from the crate's root: `crate::a::b`, `super::a`,
/// `self::a` and, in a `use`, a child module's name (`use ledger::Ledger`); `use` groups
/// (`crate::{a::B, c::D}`) are expanded. A `pub use` of a child is left out (see below).
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let here: Vec<String> = module.to_vec();
    let mut paths = Vec::new();
    // expand `a::{b, c::{d}}` into `a::b`, `a::c::d`
    fn expand(prefix: &str, body: &str, out: &mut Vec<String>) {
        let (mut depth, mut start) = (0, 0);
        let mut parts = Vec::new();
        for (i, c) in body.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&body[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&body[start..]);
        for p in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
            match p.split_once("::{") {
                Some((head, inner)) => {
                    expand(&format!("{prefix}{head}::"), inner.strip_suffix('}').unwrap_or(inner), out)
                }
                None if p.starts_with('{') => expand(prefix, &p[1..p.len() - 1], out),
                None => out.push(format!("{prefix}{}", p.split(" as ").next().unwrap().trim())),
            }
        }
    }
    let mut uses = Vec::new();
    for stmt in code.split(';') {
        let s = stmt.trim_start();
        let public = s.starts_with("pub");
        let s = s.strip_prefix("pub(crate) ").or_else(|| s.strip_prefix("pub ")).unwrap_or(s);
        if let Some(body) = s.strip_prefix("use ") {
            let body: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
            // a module's re-export of its own child (`pub use ledger::*`) is its interface,
            // not an import: the files that name the item depend on the child
            let own_child = !["crate::", "super::", "crate::{", "::"].iter().any(|p| body.starts_with(p));
            if public && own_child {
                continue;
            }
            expand("", &body, &mut uses);
        }
    }
    let mut raw: Vec<String> = uses;
    // paths anywhere in the code
    for (i, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let p: String = code[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        raw.push(p.trim_end_matches(':').to_string());
    }
    for p in raw {
        let mut segs: Vec<&str> = p.split("::").filter(|s| !s.is_empty()).collect();
        let mut base: Vec<String> = match segs.first() {
            Some(&"crate") => {
                segs.remove(0);
                Vec::new()
            }
            Some(&"super") => {
                let mut b = here.clone();
                while segs.first() == Some(&"super") {
                    segs.remove(0);
                    b.pop();
                }
                b
            }
            Some(&"self") => {
                segs.remove(0);
                here.clone()
            }
            // a child module named in a `use` (`use ledger::Ledger`)
            Some(first) => {
                let mut dir = root().join("src");
                here.iter().for_each(|s| dir.push(s));
                if !(dir.join(format!("{first}.rs")).exists() || dir.join(first).join("mod.rs").exists()) {
                    continue;
                }
                here.clone()
            }
            None => continue,
        };
        base.extend(segs.iter().map(|s| s.to_string()));
        paths.push(base);
    }
    paths
}

/// The import graph of `src/`: for each source file, the other files its code names.
fn import_graph() -> std::collections::BTreeMap<std::path::PathBuf, std::collections::BTreeSet<std::path::PathBuf>> {
    let mut graph = std::collections::BTreeMap::new();
    for f in source_files() {
        if f.ends_with("tests.rs") || f.components().any(|c| c.as_os_str() == "tests") {
            continue;
        }
        // the declaration's paths are its callers': the macro names the rows it hands them
        let code =
            if f.ends_with("src/declare.rs") { String::new() } else { code_of(&std::fs::read_to_string(&f).unwrap()) };
        let module = module_of(&f);
        let mut to = std::collections::BTreeSet::new();
        for p in named_paths(&code, &module) {
            let segs: Vec<&str> = p.iter().map(String::as_str).collect();
            if let Some(t) = module_file(&segs).filter(|t| *t != f && !t.ends_with("lib.rs")) {
                to.insert(t);
            }
        }
        graph.insert(f, to);
    }
    graph
}

/// The import circles of `src/`: each strongly connected set of two files or more of the
/// import graph, its files from `src/`, sorted.
fn import_circles() -> Vec<Vec<String>> {
    let graph = import_graph();
    let nodes: Vec<&std::path::PathBuf> = graph.keys().collect();
    let index: std::collections::HashMap<&std::path::PathBuf, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> =
        nodes.iter().map(|n| graph[*n].iter().filter_map(|t| index.get(t).copied()).collect()).collect();
    // reachability by depth-first search from each node (a few hundred files)
    let reach = |from: usize| {
        let mut seen = vec![false; nodes.len()];
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            for &t in &edges[n] {
                if !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        seen
    };
    let reaches: Vec<Vec<bool>> = (0..nodes.len()).map(reach).collect();
    let mut done = vec![false; nodes.len()];
    let mut circles = Vec::new();
    for i in 0..nodes.len() {
        if done[i] || !reaches[i][i] {
            continue;
        }
        let mut circle: Vec<String> = (0..nodes.len())
            .filter(|&j| reaches[i][j] && reaches[j][i])
            .inspect(|&j| done[j] = true)
            .map(|j| nodes[j].strip_prefix(root()).unwrap().display().to_string())
            .collect();
        circle.sort();
        if circle.len() > 1 {
            circles.push(circle);
        }
    }
    circles
}

/// The files still in an import circle (issue 27: "no import circle and no back-arrow in
/// `src/`"), each a file of a circle [`import_circles`] finds: the list only shrinks. The big
/// one is the games and the replay: the games' books keep their claims on the replay's
/// `Ledger` and give its `Step`s, while the replay asks `Games::of` (`replay/mod.rs`,
/// `resume.rs`), the `Ledger` the games' options (`rules_departing`), and the output model
/// names backgammon's `EndKind`, Grand Trictrac's `Bredouille` and `Jan` and every game's
/// facts (`Fact`). The others: Grand Trictrac's generator and `generate.rs`; backgammon's
/// books and session, its movegen and brute-force check; the notation's reader, header and
/// syntax check.
const STILL_IN_A_CIRCLE: &[&str] = &[
    "src/games/backgammon/books.rs",
    "src/games/backgammon/brute.rs",
    "src/games/backgammon/cube.rs",
    "src/games/backgammon/movegen.rs",
    "src/games/backgammon/options.rs",
    "src/games/backgammon/session.rs",
    "src/games/grand_trictrac/facts.rs",
    "src/games/grand_trictrac/fausse_case.rs",
    "src/games/grand_trictrac/generate.rs",
    "src/games/grand_trictrac/movegen.rs",
    "src/games/grand_trictrac/options.rs",
    "src/games/grand_trictrac/output.rs",
    "src/games/grand_trictrac/score.rs",
    "src/games/grand_trictrac/scoring.rs",
    "src/games/mod.rs",
    "src/games/registry.rs",
    "src/games/tric_trac/mod.rs",
    "src/games/tric_trac/movegen.rs",
    "src/games/tric_trac/options.rs",
    "src/games/tric_trac/output.rs",
    "src/games/tric_trac/score.rs",
    "src/generate.rs",
    "src/notation/check.rs",
    "src/notation/header.rs",
    "src/notation/parser/mod.rs",
    "src/replay/flag.rs",
    "src/replay/ledger.rs",
    "src/replay/mod.rs",
    "src/replay/model.rs",
    "src/replay/resume.rs",
    "src/replay/run.rs",
    "src/replay/words.rs",
];

/// No import circle in `src/` (issue 27) but those left to undo ([`STILL_IN_A_CIRCLE`]): a
/// file that enters a circle fails, and so does a file of the list that left every circle
/// (take it off the list). The import graph is read from the code: every `use` (its groups
/// expanded), every `crate::`, `super::` and `self::` path, each resolved to the file that
/// defines the item (through a module's `pub use` of a child); `src/declare.rs`'s paths are
/// its callers', unit tests are left out.
#[test]
fn no_import_circle_but_those_left() {
    let circles = import_circles();
    let in_circles: std::collections::BTreeSet<&str> = circles.iter().flatten().map(String::as_str).collect();
    let new: Vec<_> = circles.iter().filter(|c| c.iter().any(|f| !STILL_IN_A_CIRCLE.contains(&f.as_str()))).collect();
    assert!(new.is_empty(), "import circles:\n{new:#?}");
    let left: Vec<_> = STILL_IN_A_CIRCLE.iter().filter(|f| !in_circles.contains(**f)).collect();
    assert!(left.is_empty(), "in no circle any more (take them off STILL_IN_A_CIRCLE): {left:?}");
}

/// The board model is below everything (issue 27, docs/design.md "The layers"): `board.rs`
/// (with the games' tags, `board/game.rs`), `dice.rs` and `position.rs` name nothing of the
/// crate but each other and the games' declaration, and are in no import circle.
#[test]
fn the_board_model_imports_nothing_above_it() {
    let model = ["src/board.rs", "src/board/game.rs", "src/dice.rs", "src/position.rs"];
    let graph = import_graph();
    for f in model {
        let to: Vec<String> = graph[&root().join(f)]
            .iter()
            .map(|t| t.strip_prefix(root()).unwrap().display().to_string())
            .filter(|t| !model.contains(&t.as_str()) && t != "src/declare.rs")
            .collect();
        assert!(to.is_empty(), "{f} imports {to:?}");
    }
    // and the graph sees the imports it must: the notation names the board
    assert!(graph[&root().join("src/notation/ast.rs")].contains(&root().join("src/board.rs")));
    assert!(graph[&root().join("src/replay/ledger.rs")].contains(&root().join("src/replay/flag.rs")));
}
