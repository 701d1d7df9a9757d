//! Files and folders on the binary (issue 16): `fmt --write` never loses a file (reached
//! twice, read-only, hard-linked, its owner and mode, stale temporary files), folders walked
//! once whatever their links, `.STN` in any case, one report per flag and per unreadable
//! file, empty input refused unless `--allow-empty`, `replay` of a folder, the manual's
//! commands, blank lines of `explain --batch`, `fmt --from-json` on JSON Lines, and the
//! browser of the viewer's tests found on the PATH.

use crate::common;
use common::{bin, generated, run, run_stdin, text};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("files", name)
}

/// A record that is not canonical (dashes, the lower die first), and its canonical text.
fn untidy() -> (&'static str, String) {
    let src = "[Game \"grand-trictrac\"]\n1. 5-6 A-G A-F\n";
    let o = run_stdin(&["fmt", "-"], src.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    (src, text(&o.stdout))
}

/// Runs the binary with `args` (paths as they are), failing the test after `limit`.
fn run_within(args: &[&std::ffi::OsStr], limit: Duration) -> Output {
    let mut child =
        bin().args(args).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    let t0 = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("soumille {args:?} still runs after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn os(p: &Path) -> &std::ffi::OsStr {
    p.as_os_str()
}

/// The names in `dir` that look like temporary files.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[cfg(unix)]
#[test]
fn fmt_write_on_a_folder_linking_to_itself_writes_the_file_once() {
    // the repro of issue 16 item 1: d/self -> . reaches d/x.stn through d/self/x.stn, …
    let d = scratch("selflink");
    let dir = d.join("d");
    std::fs::create_dir_all(&dir).unwrap();
    let big = generated(150, 7);
    let untidy = String::from_utf8(big.clone()).unwrap().replace(" AG ", " A-G ");
    std::fs::write(dir.join("x.stn"), &untidy).unwrap();
    std::os::unix::fs::symlink(".", dir.join("self")).unwrap();
    let o = bin().env("RAYON_NUM_THREADS", "2").args(["fmt", "--write"]).arg(&dir).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(dir.join("x.stn")).unwrap(), big, "the file is formatted whole");
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn fmt_write_of_one_file_given_many_times_and_through_a_link_writes_it_once() {
    let d = scratch("twice");
    let f = d.join("a.stn");
    let big = generated(60, 3);
    let untidy = String::from_utf8(big.clone()).unwrap().replace(" AG ", " A-G ");
    std::fs::write(&f, &untidy).unwrap();
    let link = d.join("link.stn");
    std::os::unix::fs::symlink(&f, &link).unwrap();
    for _ in 0..3 {
        std::fs::write(&f, &untidy).unwrap();
        let mut args: Vec<&std::ffi::OsStr> = vec!["fmt".as_ref(), "--write".as_ref()];
        for _ in 0..8 {
            args.push(os(&f));
        }
        args.push(os(&link));
        let o = run_within(&args, Duration::from_secs(60));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert_eq!(std::fs::read(&f).unwrap(), big);
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    }
    // reading: the file once too
    let o = run(&["check", f.to_str().unwrap(), f.to_str().unwrap(), link.to_str().unwrap()]);
    assert!(text(&o.stdout).lines().count() == 1, "{}", text(&o.stdout));
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn folders_with_links_to_themselves_are_walked_once() {
    // the repro of issue 16 item 3: one link made 41 paths, two never ended
    let d = scratch("loop");
    let one = d.join("one");
    let two = d.join("two");
    for (dir, links) in [(&one, &["self"][..]), (&two, &["s1", "s2"][..])] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::copy(common::root().join("samples/opening.stn"), dir.join("opening.stn")).unwrap();
        for l in links {
            std::os::unix::fs::symlink(".", dir.join(l)).unwrap();
        }
    }
    // a link to a parent folder, and one to a sibling folder already walked
    std::fs::create_dir_all(two.join("sub")).unwrap();
    std::os::unix::fs::symlink("..", two.join("sub/up")).unwrap();
    std::os::unix::fs::symlink(&one, two.join("sub/other")).unwrap();
    for dir in [&one, &two] {
        let o = run_within(&["check".as_ref(), os(dir)], Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let files = if dir == &one { 1 } else { 2 };
        assert_eq!(text(&o.stdout).lines().count(), files, "{}", text(&o.stdout));
        assert!(text(&o.stderr).contains(&format!("{files} file")), "{}", text(&o.stderr));
        let o = run_within(&["json".as_ref(), os(dir)], Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout).lines().count(), files);
        let o = run_within(&["fmt".as_ref(), os(dir)], Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout).matches("[Game ").count(), files);
        let o = run_within(&["fmt".as_ref(), "--write".as_ref(), os(dir)], Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn upper_case_extensions_are_found_in_folders() {
    let d = scratch("upper");
    std::fs::copy(common::root().join("samples/opening.stn"), d.join("GAME.STN")).unwrap();
    std::fs::copy(common::root().join("samples/opening.stn"), d.join("other.Stn")).unwrap();
    std::fs::write(d.join("notes.txt"), "not a record").unwrap();
    let o = run(&["check", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("GAME.STN") && out.contains("other.Stn"), "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn fmt_write_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let d = scratch("readonly");
    let (src, _) = untidy();
    let f = d.join("a.stn");
    std::fs::write(&f, src).unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = run(&["fmt", "--write", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("read-only") && err.contains("a.stn"), "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), src, "untouched");
    assert_eq!(std::fs::metadata(&f).unwrap().permissions().mode() & 0o777, 0o444);
    assert!(temporaries(&d).is_empty());
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn fmt_write_keeps_the_mode_and_the_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let d = scratch("mode");
    let (src, canonical) = untidy();
    let f = d.join("a.stn");
    std::fs::write(&f, src).unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    // another owner when this user may give it (root); else the user's own
    let other = std::os::unix::fs::chown(&f, Some(4242), Some(4243)).is_ok();
    let before = std::fs::metadata(&f).unwrap();
    let o = run(&["fmt", "--write", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), canonical);
    let after = std::fs::metadata(&f).unwrap();
    assert_ne!(after.ino(), before.ino(), "replaced by a rename");
    assert_eq!(after.permissions().mode() & 0o7777, 0o640);
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    if other {
        assert_eq!((after.uid(), after.gid()), (4242, 4243));
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn fmt_write_refuses_a_file_with_hard_links() {
    let d = scratch("hardlink");
    let (src, _) = untidy();
    let f = d.join("a.stn");
    std::fs::write(&f, src).unwrap();
    let twin = d.join("twin.stn");
    std::fs::hard_link(&f, &twin).unwrap();
    let o = run(&["fmt", "--write", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("hard link") && err.contains("a.stn"), "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), src);
    use std::os::unix::fs::MetadataExt;
    assert_eq!(std::fs::metadata(&twin).unwrap().nlink(), 2, "the link is not split");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn fmt_write_removes_the_temporary_files_of_killed_runs() {
    let d = scratch("stale");
    let (src, canonical) = untidy();
    let f = d.join("a.stn");
    std::fs::write(&f, src).unwrap();
    // left by processes that no longer run (pids above any pid_max), in the old and new forms
    let dead = [".a.stn.soumille-999999999-3.tmp", ".a.stn.soumille-999999998.tmp"];
    // a run in progress (this test's own process), and other files' temporaries
    let alive = format!(".a.stn.soumille-{}-0.tmp", std::process::id());
    let kept = [alive.as_str(), ".b.stn.soumille-999999999-0.tmp", ".a.stn.soumille-x.tmp", "a.stn.bak"];
    for n in dead.iter().chain(&kept) {
        std::fs::write(d.join(n), "half").unwrap();
    }
    let o = run(&["fmt", "--write", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), canonical);
    for n in dead {
        assert!(!d.join(n).exists(), "{n} is removed");
    }
    for n in kept {
        assert!(d.join(n).exists(), "{n} is kept");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// stdout and stderr of `args` as one text, as a terminal or `2>&1` shows them.
fn both(o: &Output) -> String {
    format!("{}{}", text(&o.stdout), text(&o.stderr))
}

#[test]
fn each_flag_and_each_unreadable_file_is_reported_once() {
    let flagged = "samples/fausse-cases/must-fill.stn";
    let message = "bottom could fill the petit jan";
    for style in ["narrated", "graphical"] {
        let o = run(&["--diagnostics", style, "check", flagged]);
        assert_eq!(o.status.code(), Some(1));
        let all = both(&o);
        assert_eq!(all.matches(message).count(), 1, "{style}: {all}");
        // the file's line says how many
        assert!(text(&o.stdout).contains("1 flag"), "{}", text(&o.stdout));
    }
    // with 2>&1 (one stream)
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' check {flagged} no/such/file.stn 2>&1", env!("CARGO_BIN_EXE_soumille")))
        .current_dir(common::root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let all = text(&o.stdout);
    assert_eq!(all.matches(message).count(), 1, "{all}");
    assert_eq!(all.matches("no/such/file.stn").count(), 1, "{all}");
    assert!(all.contains("1 flag") && all.contains("1 failed"), "{all}");
    for cmd in ["check", "json", "fmt", "replay", "sheet"] {
        let o = run(&[cmd, "no/such/file.stn"]);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert_eq!(both(&o).matches("no/such/file.stn").count(), 1, "{cmd}: {}", both(&o));
        // and no half document
        assert!(o.stdout.is_empty(), "{cmd}: {}", text(&o.stdout));
    }
}

#[test]
fn a_file_with_no_game_is_an_error_unless_allowed() {
    let d = scratch("empty");
    let comments = d.join("comments.stn");
    std::fs::write(&comments, "{ nothing but a comment }\n\n").unwrap();
    for f in ["/dev/null", comments.to_str().unwrap()] {
        for cmd in [&["check"][..], &["check", "--format", "json"], &["json"], &["fmt"]] {
            let mut args = cmd.to_vec();
            args.push(f);
            let o = run(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", both(&o));
            assert!(text(&o.stderr).contains("no game"), "{args:?}: {}", text(&o.stderr));
            args.insert(1, "--allow-empty");
            let o = run(&args);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", both(&o));
        }
    }
    let o = run(&["check", "--format", "json", "/dev/null"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["files"][0]["status"], "failed");
    assert!(v["files"][0]["errors"][0]["message"].as_str().unwrap().contains("no game"));
    // fmt --write leaves such a file alone
    let o = run(&["fmt", "--write", comments.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&comments).unwrap(), "{ nothing but a comment }\n\n");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn replay_of_a_folder_names_it() {
    for cmd in ["replay", "sheet", "show", "view"] {
        let o = run(&[cmd, "samples/jacquet"]);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let err = text(&o.stderr);
        assert!(err.contains("samples/jacquet") && err.contains("folder"), "{cmd}: {err}");
    }
}

#[test]
fn the_manual_names_no_page_that_does_not_exist() {
    let o = run(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let man = text(&o.stdout);
    // one page, soumille(1): no soumille-check(1) and the like
    assert!(!man.contains("(1)"), "{}", man.lines().filter(|l| l.contains("(1)")).collect::<Vec<_>>().join("\n"));
    assert!(man.contains("\\fBsoumille check\\fR"), "the commands are still listed");
}

#[test]
fn install_lines_make_their_folders_first() {
    for page in ["README.md", "docs/commands.md"] {
        let t = std::fs::read_to_string(common::root().join(page)).unwrap();
        let lines: Vec<&str> = t.lines().collect();
        for (k, l) in lines.iter().enumerate() {
            let Some((_, target)) = l.split_once(" > ~/") else { continue };
            if !l.starts_with("soumille ") {
                continue;
            }
            let target = target.split_whitespace().next().unwrap();
            let folder = &target[..target.rfind('/').unwrap()];
            let made = lines[..k].iter().any(|m| m.starts_with("mkdir -p") && m.contains(&format!("~/{folder}")));
            assert!(made, "{page}: `{l}` writes into ~/{folder}, which no `mkdir -p` makes before");
        }
    }
    // the README's Quick start says what the test command installs, and how long the first
    // run takes
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let quick = &readme[readme.find("## Quick start").unwrap()..];
    let quick = &quick[..quick[3..].find("\n## ").map_or(quick.len(), |e| e + 3)];
    assert!(quick.contains("\nscripts/test\n"), "the test command is scripts/test");
    for needed in ["chromium", "gnubg", "neovim", "first run"] {
        assert!(quick.to_lowercase().contains(needed), "the Quick start does not say `{needed}`");
    }
}

#[test]
fn explain_batch_skips_blank_lines() {
    let input = "\nA15/&15 top\t6-5\n   \n\r\nA15/&15 top\tnonsense\n\n";
    let o = run_stdin(&["explain", "--batch"], input.as_bytes());
    assert_eq!(o.status.code(), Some(2), "the bad line still counts");
    let out = text(&o.stdout);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0]["seat"], "top");
    assert_eq!(lines[1]["line"], 5, "lines keep their numbers: {out}");
    let o = run_stdin(&["explain", "--batch"], b"A15/&15 top\t6-5\n\n");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

#[test]
fn fmt_from_json_reads_the_json_lines_of_json() {
    let files = ["samples/opening.stn", "samples/two-records.stn", "samples/jacquet"];
    let mut args = vec!["json"];
    args.extend(files);
    let lines = run(&args);
    assert_eq!(lines.status.code(), Some(0), "{}", text(&lines.stderr));
    assert!(text(&lines.stdout).lines().count() > 2);
    let mut args = vec!["fmt"];
    args.extend(files);
    let want = run(&args);
    let got = run_stdin(&["fmt", "--from-json", "-"], &lines.stdout);
    assert_eq!(got.status.code(), Some(0), "{}", text(&got.stderr));
    assert_eq!(text(&got.stdout), text(&want.stdout));
    // one document a line, and one record a line
    let doc = run(&["json", "samples/two-records.stn"]);
    let v: serde_json::Value = serde_json::from_slice(&doc.stdout).unwrap();
    let mut jsonl = String::new();
    for r in v["records"].as_array().unwrap() {
        jsonl.push_str(&serde_json::to_string(r).unwrap());
        jsonl.push('\n');
    }
    let got = run_stdin(&["fmt", "--from-json", "-"], jsonl.as_bytes());
    assert_eq!(got.status.code(), Some(0), "{}", text(&got.stderr));
    assert_eq!(text(&got.stdout), text(&run(&["fmt", "samples/two-records.stn"]).stdout));
    // a bad line is named
    jsonl.push_str("{\"schema_version\": 2, \"records\": [{\"tags\": 3}]}\n");
    let got = run_stdin(&["fmt", "--from-json", "-"], jsonl.as_bytes());
    assert_eq!(got.status.code(), Some(2));
    assert!(text(&got.stderr).contains("line 3"), "{}", text(&got.stderr));
    // one pretty document still reads as before
    let got = run_stdin(&["fmt", "--from-json", "-"], &doc.stdout);
    assert_eq!(text(&got.stdout), text(&run(&["fmt", "samples/two-records.stn"]).stdout));
}

#[cfg(unix)]
#[test]
fn the_browser_is_found_on_the_path() {
    use std::ffi::OsString;
    use std::os::unix::fs::PermissionsExt;
    let d = scratch("browser");
    let bin1 = d.join("bin1");
    let bin2 = d.join("bin2");
    std::fs::create_dir_all(&bin1).unwrap();
    std::fs::create_dir_all(&bin2).unwrap();
    let exe = |p: &Path| {
        std::fs::write(p, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    exe(&bin2.join("chromium-browser"));
    exe(&bin1.join("google-chrome"));
    std::fs::write(bin1.join("chromium"), "not executable").unwrap();
    let path = std::env::join_paths([&bin1, &bin2]).unwrap();
    // chromium (not executable here) is skipped; chromium-browser comes before google-chrome
    assert_eq!(common::find_browser(None, Some(path.clone())), Some(bin2.join("chromium-browser")));
    // CHROME first: a path, or a name on the PATH
    let chrome = bin1.join("google-chrome");
    assert_eq!(common::find_browser(Some(chrome.clone().into()), Some(path.clone())), Some(chrome.clone()));
    assert_eq!(common::find_browser(Some(OsString::from("google-chrome")), Some(path.clone())), Some(chrome));
    assert_eq!(common::find_browser(Some(OsString::from("/no/such/chrome")), Some(path)), None);
    // nothing on the PATH: none (and `browser()` fails saying how to install one)
    assert_eq!(common::find_browser(None, Some(OsString::from(d.join("empty")))), None);
    assert_eq!(common::find_browser(None, None), None);
    std::fs::remove_dir_all(&d).unwrap();
}
