//! The README's two commands on a fresh machine (issue 30): the test command is one script,
//! `scripts/test`, which installs what the tests need and runs them; `.ci/run` calls exactly
//! it; the tests themselves never install anything and name the script when a program is
//! missing.

use crate::common::{needs, root};
use std::process::Command;

/// The README's shell block of the quick start: its commands, one a line.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("## Quick start").expect("README has a Quick start");
    let block = &readme[start..];
    let open = block.find("```sh\n").expect("a shell block in the Quick start") + 6;
    let close = open + block[open..].find("```").unwrap();
    block[open..close].lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
}

#[test]
fn the_readme_has_two_commands_and_ci_runs_the_second_exactly() {
    let cmds = readme_commands();
    assert_eq!(cmds.len(), 2, "the Quick start is two commands: {cmds:?}");
    assert!(cmds[0].starts_with("cargo run --release -- check samples/"), "{}", cmds[0]);
    assert_eq!(cmds[1], "scripts/test");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let code: Vec<&str> = ci.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    assert!(code.contains(&"scripts/test"), ".ci/run calls scripts/test as a command of its own");
    // CI installs nothing by itself: the script does, as it does for a new user
    assert!(!ci.contains("apt-get"), ".ci/run installs nothing the README's command would not");
    let first_suite = code.iter().position(|l| l.starts_with("cargo")).unwrap();
    assert!(code.iter().position(|l| *l == "scripts/test").unwrap() < first_suite, "the tests run first");
}

#[test]
fn the_tests_never_install_anything() {
    // only scripts/test may install: no test runs a package manager
    for entry in std::fs::read_dir(root().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("setup.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for forbidden in ["Command::new(\"apt-get\")", "Command::new(\"sudo\")", "\"apt\""] {
            assert!(!text.contains(forbidden), "{} runs {forbidden}", path.display());
        }
    }
    // and the message of a missing program names the script
    assert!(needs("gnubg").contains("scripts/test"));
    assert!(needs("gnubg").contains("apt-get install -y gnubg"));
}

/// scripts/test with a browser that is not there and installs refused: it stops before
/// building anything, exit 2, naming the package to install.
#[test]
fn the_test_script_says_what_is_missing_and_stops_when_it_may_not_install() {
    let o = Command::new("bash")
        .arg(root().join("scripts/test"))
        .env("CHROME", "/nonexistent/soumille-test/chromium")
        .env("SOUMILLE_NVIM", "/nonexistent/soumille-test/nvim")
        .env("SOUMILLE_TEST_NO_INSTALL", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("the tests need: chromium"), "{err}");
    assert!(err.contains("neovim"), "{err}");
    assert!(err.contains("apt-get install -y chromium"), "{err}");
    assert!(!err.contains("cargo test"), "nothing was run: {err}");
}

/// Without root and without sudo, the script cannot install: it says so and how.
#[test]
fn the_test_script_without_root_or_sudo_says_how_to_install() {
    // a PATH with what the script runs before installing (dirname, cargo), an apt-get, no
    // sudo, and an id(1) that says "not root"
    let dir = crate::common::scratch_dir("setup", "nosudo");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::write(bin.join("id"), "#!/bin/sh\necho 1000\n").unwrap();
    std::fs::write(bin.join("apt-get"), "#!/bin/sh\nexit 0\n").unwrap();
    for tool in ["id", "apt-get"] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(bin.join(tool), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::os::unix::fs::symlink(which("dirname"), bin.join("dirname")).unwrap();
    std::os::unix::fs::symlink(which("cargo"), bin.join("cargo")).unwrap();
    let path = bin.display().to_string();
    let o = Command::new("/bin/bash")
        .arg(root().join("scripts/test"))
        .env("PATH", path)
        .env("CHROME", "/nonexistent/soumille-test/chromium")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("needs root"), "{err}");
    assert!(err.contains("apt-get install -y chromium"), "{err}");
}

fn which(name: &str) -> std::path::PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} on the PATH"))
}
