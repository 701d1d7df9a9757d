//! A real client: Neovim, headless, starts `soumille lsp` on a record with a fausse case and
//! an école (tests/data/lsp/nvim.lua), waits for the diagnostics, asks a hover, the inlay
//! hints, the code actions (applying the repair, in a record not written canonically: only
//! the edited tokens change) and the completions after a throw's dice, and writes them to a
//! JSON file; the test asserts them. A second test runs docs/editors.md's
//! configuration for Neovim 0.7 as written and sees the diagnostics arrive.
//! Neovim is found as gnubg is (tests/common/mod.rs): `$SOUMILLE_NVIM`, else `nvim` on the
//! `PATH`, else Debian's `/usr/bin/nvim`; the test fails, saying how to install it, when
//! there is none (`scripts/test`, the README's test command, installs it).

use crate::common::{is_executable, root, run, scratch_dir};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Neovim's program: `$SOUMILLE_NVIM`, `nvim` on the `PATH`, Debian's `/usr/bin/nvim`.
fn nvim() -> PathBuf {
    let from_env = std::env::var_os("SOUMILLE_NVIM").filter(|v| !v.is_empty()).map(PathBuf::from);
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("nvim")).collect::<Vec<_>>())
        .unwrap_or_default();
    from_env
        .into_iter()
        .chain(on_path)
        .chain([PathBuf::from("/usr/bin/nvim")])
        .find(|p| is_executable(p))
        .unwrap_or_else(|| {
            panic!(
                "Neovim is not installed, and the language server's real-client test needs it \
                 (or set SOUMILLE_NVIM to an nvim binary): {}",
                crate::common::needs("neovim")
            )
        })
}

/// Waits for Neovim to quit (five minutes at most, for a debug build on a busy machine: then
/// it is killed and the test fails).
fn quit(mut child: std::process::Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("nvim did not quit within five minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The record of tests/data/lsp/grand-trictrac.stn written as a scribe would, not as the
/// printer does: spaces doubled in throws 1 and 3, a comment put at the end of throw 2.
fn non_canonical() -> String {
    let text = std::fs::read_to_string(root().join("tests/data/lsp/grand-trictrac.stn")).unwrap();
    let odd = text
        .replace("\n1. 1-1 AB AB\n", "\n1.  1-1   AB  AB\n")
        .replace("\n2. 3-1 &V\n", "\n2. 3-1 &V  { two men from the talon }\n")
        .replace("\n3. 4-3 AH AE\n", "\n3. 4-3 AH   AE  \n");
    assert_eq!(odd.matches("  ").count(), 6, "{odd}");
    odd
}

#[test]
fn neovim_gets_the_diagnostics_a_hover_the_inlay_hints_the_repair_and_the_completions() {
    let dir = scratch_dir("lsp-nvim", "record");
    let file = dir.join("record.stn");
    let written = non_canonical();
    std::fs::write(&file, &written).unwrap();
    let out = dir.join("out.json");
    let script = root().join("tests/data/lsp/nvim.lua");
    let child = std::process::Command::new(nvim())
        .args(["--headless", "--clean", "-n", "-i", "NONE", "-u", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("SOUMILLE_FILE", &file)
        .env("SOUMILLE_BIN", env!("CARGO_BIN_EXE_soumille"))
        .env("SOUMILLE_OUT", &out)
        .env("HOME", &dir)
        .env("XDG_STATE_HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = quit(child);
    assert!(status.success(), "nvim: {status}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("nvim wrote its answers")).unwrap();
    assert_eq!(v["errors"], serde_json::json!([]), "{v:#}");
    assert_eq!(v["waited"], true, "{v:#}");
    assert_eq!(v["stopped"], true, "the server stops on shutdown and exit: {v:#}");
    // the diagnostics: the fausse case and the école, where they are
    let diags = v["diagnostics"].as_array().unwrap();
    let got: Vec<(u64, u64, &str)> = diags
        .iter()
        .map(|d| (d["line"].as_u64().unwrap(), d["col"].as_u64().unwrap(), d["code"].as_str().unwrap()))
        .collect();
    assert_eq!(got, [(8, 7, "die-mismatch"), (10, 7, "ecole")], "{v:#}");
    assert!(diags[0]["message"].as_str().unwrap().contains("lawful plays were AD AE, AE BE, AH"), "{v:#}");
    assert_eq!(diags[0]["severity"], 2); // a warning
    assert_eq!(diags[0]["source"], "soumille");
    // the hover of throw 4: both boards, the position string after it
    let hover = v["hover"].as_str().unwrap();
    assert!(hover.starts_with("**Throw 4**: bottom 4-2\n\nBefore:\n```text\n"), "{hover}");
    let position = run(&["show", "--format", "position", "--at", "4", "tests/data/lsp/grand-trictrac.stn"]);
    let position = String::from_utf8(position.stdout).unwrap();
    assert!(hover.contains(&format!("Position after: `{}`", position.trim())), "{hover}");
    assert_eq!(hover.matches("&  Z  Y  X  V  T |  S  R  Q  P  O  N").count(), 2, "{hover}");
    // the inlay hints: the score after each of the six throws, at the end of its line
    let hints = v["inlay"].as_array().unwrap();
    assert_eq!(hints.len(), 6, "{v:#}");
    let position = run(&["show", "--format", "position", "--at", "5", "tests/data/lsp/grand-trictrac.stn"]);
    let position = String::from_utf8(position.stdout).unwrap();
    let field = |k: &str| position.split_whitespace().find_map(|f| f.strip_prefix(k)).unwrap().to_string();
    let want = format!("points {} · holes {}", field("points="), field("holes="));
    assert_eq!((hints[4]["line"].as_u64(), hints[4]["label"].as_str()), (Some(10), Some(want.as_str())), "{v:#}");
    assert_eq!(hints[4]["character"], 22, "{v:#}"); // after `5. 6-3 +2 (vrai) AG BE`
                                                    // the code actions at throw 3: the fausse case's lawful plays, and the repair, which
                                                    // applied leaves no flag
    let actions: Vec<&str> = v["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    let repair = actions.iter().find(|a| a.starts_with("Repair: ")).unwrap_or_else(|| panic!("{v:#}"));
    assert_eq!(*repair, "Repair: throw 3: `A` read for `E` (move 2) (removes 2 flags)", "{v:#}");
    // applied in Neovim, the repair changed the edited tokens of throw 3 only: the buffer is
    // the file as `repair --apply 1` writes it, every other line as the scribe wrote it
    let repaired = format!("{}\n", v["repaired"].as_str().unwrap());
    let o = run(&["repair", file.to_str().unwrap(), "--apply", "1", "--budget", "60s"]);
    assert_eq!(repaired, String::from_utf8(o.stdout).unwrap(), "{v:#}");
    let want = written
        .replace("\n3. 4-3 AH   AE  \n", "\n3. 4-3 { repaired: throw 3: `A` read for `E` (move 2) } AH   AA  \n");
    assert_eq!(repaired, want, "{v:#}");
    assert_eq!(v["repair_cleared"], true, "{v:#}");
    assert_eq!(v["after_repair"], serde_json::json!([]), "{v:#}");
    // the completions after `7. 6-3 `: the lawful plays, as explain lists them
    let mut plays: Vec<&str> = v["completion"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == 12)
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    plays.sort();
    let o = run(&["explain", "tests/data/lsp/grand-trictrac.stn", "--at", "6", "--dice", "6-3", "--format", "json"]);
    let e: Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut want: Vec<&str> = e["plays"].as_array().unwrap().iter().map(|p| p["notation"].as_str().unwrap()).collect();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(plays, want, "{v:#}");
    assert!(v["completion"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["detail"].as_str().is_some_and(|d| d.contains("6-3"))));
}

/// The Lua block of docs/editors.md that follows the line starting with `heading`.
fn docs_lua(heading: &str) -> String {
    let docs = std::fs::read_to_string(root().join("docs/editors.md")).unwrap();
    let from = docs.find(heading).unwrap_or_else(|| panic!("docs/editors.md: {heading}"));
    let block = &docs[from..];
    let start = block.find("```lua\n").unwrap() + "```lua\n".len();
    let end = start + block[start..].find("```").unwrap();
    block[start..end].to_string()
}

/// docs/editors.md's configuration for Neovim 0.7 (Debian's), as a user would put it in their
/// init.lua (the program's name replaced by its path): opening a record starts the server,
/// whose diagnostics arrive.
#[test]
fn the_documented_neovim_configuration_starts_the_server() {
    let dir = scratch_dir("lsp-nvim", "documented");
    let file = dir.join("record.stn");
    std::fs::copy(root().join("tests/data/lsp/grand-trictrac.stn"), &file).unwrap();
    let out = dir.join("out.json");
    let bin = env!("CARGO_BIN_EXE_soumille").replace('\\', "\\\\");
    let config = docs_lua("**Neovim 0.7**").replace("{ \"soumille\", \"lsp\" }", &format!("{{ \"{bin}\", \"lsp\" }}"));
    assert!(config.contains(&bin), "{config}");
    let init = dir.join("init.lua");
    let probe = r#"
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SOUMILLE_FILE")))
local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local codes = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(codes, d.code or lsp.code)
end
local f = io.open(os.getenv("SOUMILLE_OUT"), "w")
f:write(vim.fn.json_encode({ waited = got, codes = codes, filetype = vim.bo.filetype }))
f:close()
vim.cmd("qa!")
"#;
    std::fs::write(&init, format!("{config}\n{probe}")).unwrap();
    let child = std::process::Command::new(nvim())
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .env("SOUMILLE_FILE", &file)
        .env("SOUMILLE_OUT", &out)
        .env("HOME", &dir)
        .env("XDG_CONFIG_HOME", &dir)
        .env("XDG_STATE_HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = quit(child);
    assert!(status.success(), "nvim: {status}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("nvim wrote its answers")).unwrap();
    assert_eq!(v["filetype"], "stn", "{v}");
    assert_eq!(v["waited"], true, "{v}");
    assert_eq!(v["codes"], serde_json::json!(["die-mismatch", "ecole"]), "{v}");
}
