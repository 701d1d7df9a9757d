//! What the integration tests share: the binary, the project's root, running a command.
#![allow(dead_code)] // each test file uses some of these

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_soumille"));
    c.current_dir(root()).env_remove("NO_COLOR");
    c
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

/// Runs with `input` on standard input, written from a thread (large inputs do not block).
pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child =
        bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let t = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().unwrap();
    t.join().unwrap();
    o
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

pub fn samples(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "stn"))
        .map(|p| p.strip_prefix(root()).unwrap().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The `.stn` files of a sample folder, as full paths, sorted.
#[allow(dead_code)]
pub fn sample_paths(dir: &str) -> Vec<std::path::PathBuf> {
    samples(dir).into_iter().map(|f| root().join(f)).collect()
}

/// The value of the tag `name` in a record's text (`[Name "value"]` on a line of its own).
#[allow(dead_code)]
pub fn tag<'a>(src: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[{name} \"");
    src.lines().find_map(|l| l.strip_prefix(open.as_str()).and_then(|l| l.strip_suffix("\"]")))
}

/// Runs `check --format json` on a sample and asserts that it raises exactly the flags of its
/// `Flagged` tag (`throw rule-or-kind`, `;`-separated, `-` for the record as a whole, empty
/// for none), with no syntax error and the exit code that goes with them; the flags, sorted.
#[allow(dead_code)]
pub fn assert_sample_flags(path: &std::path::Path) -> Vec<String> {
    let src = std::fs::read_to_string(path).unwrap();
    let mut want: Vec<String> = tag(&src, "Flagged")
        .unwrap_or_else(|| panic!("{}: a Flagged tag", path.display()))
        .split(';')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect();
    want.sort();
    let o = bin().args(["check", "--format", "json"]).arg(path).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &v["files"][0]["games"][0];
    assert_eq!(game["errors"].as_array().map_or(0, Vec::len), 0, "{}: {game:#}", path.display());
    let mut got: Vec<String> = game["flags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let throw = x["throw"].as_u64().map_or("-".to_string(), |n| n.to_string());
            format!("{throw} {}", x["rule"].as_str().or(x["kind"].as_str()).unwrap())
        })
        .collect();
    got.sort();
    assert_eq!(got, want, "{}: {game:#}", path.display());
    assert_eq!(o.status.code(), Some(if want.is_empty() { 0 } else { 1 }), "{}", path.display());
    got
}

/// The browser of the tests that load pages (headless Chromium or Chrome): the `CHROME`
/// variable when it is set, else the first of `chromium`, `chromium-browser`,
/// `google-chrome` found on the `PATH`. Panics, saying how to install one, when there is
/// none: a browser test never skips.
pub fn browser() -> PathBuf {
    find_browser(std::env::var_os("CHROME"), std::env::var_os("PATH")).unwrap_or_else(|| {
        panic!(
            "no browser found for the viewer's tests: set CHROME to a Chromium or Chrome binary, or \
             install one on the PATH as chromium, chromium-browser or google-chrome (Debian: \
             `apt-get install -y chromium`; Ubuntu: `apt-get install -y chromium-browser`; Fedora: \
             `dnf install chromium`; macOS: `brew install --cask chromium`): {}",
            needs("chromium")
        )
    })
}

/// [`browser`] with the values of `CHROME` and `PATH` given: `CHROME` (an executable file, or
/// a name looked up on `path`), else `chromium`, `chromium-browser`, `google-chrome` on `path`.
pub fn find_browser(chrome: Option<std::ffi::OsString>, path: Option<std::ffi::OsString>) -> Option<PathBuf> {
    let dirs: Vec<PathBuf> = path.map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    let on_path = |name: &std::ffi::OsStr| dirs.iter().map(|d| d.join(name)).find(|p| is_executable(p));
    if let Some(c) = chrome.filter(|c| !c.is_empty()) {
        let p = PathBuf::from(&c);
        if p.components().count() > 1 {
            return is_executable(&p).then_some(p);
        }
        return on_path(&c);
    }
    ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|n| on_path(std::ffi::OsStr::new(n)))
}

/// Whether `p` is a file that can be run.
pub fn is_executable(p: &std::path::Path) -> bool {
    let Ok(m) = std::fs::metadata(p) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        m.is_file() && m.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        m.is_file()
    }
}

/// A fresh directory for one test, named after the test file (`what`) and `name`.
pub fn scratch_dir(what: &str, name: &str) -> PathBuf {
    // one directory a call: tests run in parallel in one process, and two calls with the same
    // names (a helper shared by tests) must not empty each other's directory
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("soumille-{what}-{name}-{}-{call}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `games` generated Grand Trictrac games (`generate --seed`): canonical STN.
pub fn generated(games: u32, seed: u64) -> Vec<u8> {
    let o = run(&["generate", "--games", &games.to_string(), "--seed", &seed.to_string()]);
    assert_eq!(o.status.code(), Some(0));
    o.stdout
}

/// GNU Backgammon's program, where Debian puts it or on the `PATH`.
pub fn gnubg() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("/usr/games/gnubg"), PathBuf::from("/usr/bin/gnubg")];
    if let Some(paths) = std::env::var_os("PATH") {
        candidates.extend(std::env::split_paths(&paths).map(|d| d.join("gnubg")));
    }
    candidates.into_iter().find(|p| p.is_file())
}

/// Runs GNU Backgammon (found as [`gnubg`]; a missing gnubg fails the test with how to
/// install it) on `commands`, its command language one a line, and gives its output.
pub fn gnubg_session(commands: &str) -> Output {
    use std::io::Write;
    let exe =
        gnubg().unwrap_or_else(|| panic!("gnubg is not installed (Debian puts it in /usr/games): {}", needs("gnubg")));
    let mut child = Command::new(exe)
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("gnubg runs");
    child.stdin.take().unwrap().write_all(commands.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// GNU Backgammon's program for a test that needs it ([`gnubg`]); a missing gnubg fails the
/// test, naming `scripts/test`, which installs it (a test never installs nor skips).
pub fn gnubg_required(what: &str) -> PathBuf {
    gnubg().unwrap_or_else(|| panic!("{what} needs GNU Backgammon, which is not installed: {}", needs("gnubg")))
}

/// How to get a program the tests need: the README's test command installs it.
pub fn needs(debian_package: &str) -> String {
    format!(
        "run the tests with `scripts/test` (the README's test command), which installs what is \
         missing, or install it yourself (Debian: `apt-get install -y {debian_package}`)"
    )
}

/// The real matches and the interop samples (`tests/data/real-matches/*`, `tests/data/interop`),
/// as `dir/name` and path, sorted.
pub fn real_match_files() -> Vec<(String, PathBuf)> {
    let data = root().join("tests/data");
    let mut out = Vec::new();
    for sub in [
        "real-matches/fibs",
        "real-matches/galaxy",
        "real-matches/gnubg-scripts",
        "real-matches/gnubgparser",
        "real-matches/studio",
        "real-matches/xg",
        "interop",
    ] {
        for e in std::fs::read_dir(data.join(sub)).unwrap().flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x != "md" && x != "py") {
                let short = sub.trim_start_matches("real-matches/");
                out.push((format!("{short}/{}", e.file_name().to_string_lossy()), p));
            }
        }
    }
    out.sort();
    out
}
