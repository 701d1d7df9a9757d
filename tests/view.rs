//! The step-through viewer (`soumille view`) in a real browser: headless Chromium loads the
//! page, the page drives itself from its URL fragment (`#step=K`, `keys=right,left,…`,
//! `clicks=next,prev,…`, dispatched as real keyboard and mouse events), and the test reads
//! the dumped DOM: the throw number, the men on every point and the score, against the
//! library's replay. The same page for every game: a record of each of the five games is
//! stepped through, its flagged throw clicked in the list of throws, the URL checked to
//! follow the step (`#throw-N`) and to open the page there (`#throw-N`, `?at=N`), the
//! comments of the throw and the men it moved checked on the page. A screenshot is taken too.
//!
//! Needs a browser: `CHROME`, else `chromium`, `chromium-browser` or `google-chrome` on the
//! `PATH` (Debian: `apt-get install -y chromium`; `scripts/test` installs it). Without one the
//! tests fail, saying how to install it: they never skip.

use crate::common;

use soumille::{frames, Frame};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const SAMPLE: &str = "samples/lepeintre-teaching-game.stn";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The browser (see [`common::browser`]), found once.
fn chromium() -> &'static Path {
    static FOUND: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    FOUND.get_or_init(common::browser)
}

/// A fresh folder under the system's temporary folder.
fn scratch(what: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "soumille-view-{}-{what}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `soumille view FILE` written to `dir/page.html`.
fn page_of(file: &Path, dir: &Path) -> PathBuf {
    let o = Command::new(env!("CARGO_BIN_EXE_soumille")).arg("view").arg(file).current_dir(root()).output().unwrap();
    assert!(matches!(o.status.code(), Some(0 | 1)), "soumille view failed: {}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.starts_with(b"<!DOCTYPE html>"));
    let page = dir.join("page.html");
    std::fs::write(&page, &o.stdout).unwrap();
    page
}

/// Runs headless Chromium with `args` and a fresh profile; its stdout. Fails after 90 s.
fn run_chromium(args: &[String]) -> Vec<u8> {
    run_chromium_logged(args).0
}

/// [`run_chromium`], with the page's console on stderr: (stdout, stderr).
fn run_chromium_logged(args: &[String]) -> (Vec<u8>, Vec<u8>) {
    let profile = scratch("profile");
    let mut cmd = Command::new(chromium());
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .args(["--enable-logging=stderr", "--v=0"])
    .args(args)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium().display()));
    // read the pipes on threads, so that a full pipe never blocks the browser
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).unwrap();
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).unwrap();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish in 90 s: {args:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = t_out.join().unwrap();
    let stderr = t_err.join().unwrap();
    assert!(status.success(), "chromium failed ({status}): {}", String::from_utf8_lossy(&stderr));
    let _ = std::fs::remove_dir_all(&profile);
    (stdout, stderr)
}

/// The DOM of `page` after it loaded with the URL fragment `fragment`.
fn dom(page: &Path, fragment: &str) -> Dom {
    dom_at(page, &format!("#{fragment}"))
}

/// The DOM of `page` after it loaded with `suffix` (`#…` or `?…`) after its URL.
fn dom_at(page: &Path, suffix: &str) -> Dom {
    let fragment = suffix;
    let url = format!("file://{}{suffix}", page.display());
    let (out, err) = run_chromium_logged(&["--dump-dom".to_string(), url]);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("id=\"throw-number\""), "no viewer in the dumped DOM:\n{text}");
    // a script error is written to the console, which Chromium logs on stderr
    let err = String::from_utf8_lossy(&err);
    let errors: Vec<&str> = err.lines().filter(|l| l.contains("CONSOLE") || l.contains("Uncaught")).collect();
    assert!(errors.is_empty(), "#{fragment}: the page wrote to the console: {errors:#?}");
    Dom(text)
}

/// The dumped DOM, read with plain string searches (ids and attributes the page promises).
struct Dom(String);

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

impl Dom {
    /// The text of the element with `id` (up to its first child tag).
    fn text(&self, id: &str) -> String {
        let key = format!("id=\"{id}\"");
        let at = self.0.find(&key).unwrap_or_else(|| panic!("no #{id}"));
        let rest = &self.0[at..];
        let open = rest.find('>').unwrap() + 1;
        let close = rest[open..].find('<').unwrap();
        unescape(&rest[open..open + close])
    }

    /// The value of attribute `attr` in the tag that holds `id="id"`.
    fn attr_of(&self, id: &str, attr: &str) -> Option<String> {
        let key = format!("id=\"{id}\"");
        let at = self.0.find(&key)?;
        let start = self.0[..at].rfind('<')?;
        let end = at + self.0[at..].find('>')?;
        attr_in(&self.0[start..end], attr)
    }

    /// Every point: (Soumille letter, top's men, bottom's men) from the `data-point` groups.
    fn points(&self) -> Vec<(String, u8, u8)> {
        let mut v = Vec::new();
        let mut rest = self.0.as_str();
        while let Some(k) = rest.find("<g data-point=") {
            let tag = &rest[k..k + rest[k..].find('>').unwrap()];
            let n = |a: &str| attr_in(tag, a).unwrap().parse::<u8>().unwrap();
            v.push((attr_in(tag, "data-point").unwrap(), n("data-top"), n("data-bottom")));
            rest = &rest[k + 1..];
        }
        v
    }

    /// What the element with `id` holds, up to its closing tag (elements not nested in one
    /// of their own kind).
    fn inner(&self, id: &str) -> &str {
        let key = format!("id=\"{id}\"");
        let at = self.0.find(&key).unwrap_or_else(|| panic!("no #{id}"));
        let start = self.0[..at].rfind('<').unwrap();
        let name: String = self.0[start + 1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let open = at + self.0[at..].find('>').unwrap() + 1;
        let close = open + self.0[open..].find(&format!("</{name}>")).unwrap_or(0);
        &self.0[open..close]
    }

    /// The Soumille letters of the points drawn as just moved.
    fn moved(&self) -> Vec<String> {
        let mut v = Vec::new();
        let mut rest = self.0.as_str();
        while let Some(k) = rest.find("<g data-point=") {
            let tag = &rest[k..k + rest[k..].find('>').unwrap()];
            if attr_in(tag, "class").as_deref() == Some("moved") {
                v.push(attr_in(tag, "data-point").unwrap());
            }
            rest = &rest[k + 1..];
        }
        v
    }

    fn n(&self, id: &str) -> u32 {
        self.text(id).trim().parse().unwrap_or_else(|_| panic!("#{id} is not a number: {:?}", self.text(id)))
    }
}

fn attr_in(tag: &str, attr: &str) -> Option<String> {
    let key = format!(" {attr}=\"");
    let a = tag.find(&key)? + key.len();
    let b = a + tag[a..].find('"')?;
    Some(unescape(&tag[a..b]))
}

/// The library's replay of the sample: its frames and the throw number of each.
fn expected() -> (Vec<Frame>, Vec<u32>) {
    let text = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    let recs = soumille::notation::read(&text);
    let r = &recs[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&text));
    let fr = frames(&rp, &r.header);
    let numbers = std::iter::once(0).chain(rp.steps.iter().map(|s| s.number)).collect();
    (fr, numbers)
}

/// The page shows frame `k` of the replay: throw number, men on each point, borne off,
/// score.
fn assert_frame(d: &Dom, k: usize, fr: &[Frame], numbers: &[u32], how: &str) {
    let f = &fr[k];
    assert_eq!(d.attr_of("main", "data-step").as_deref(), Some(k.to_string().as_str()), "{how}");
    assert_eq!(d.n("step-index"), k as u32, "{how}");
    assert_eq!(d.n("throw-number"), numbers[k], "{how}");
    let setup = f.position.to_setup();
    let points = d.points();
    assert_eq!(points.len(), 24, "{how}: 24 points drawn");
    for p in soumille::Point::all() {
        let letter = p.letter(soumille::Dialect::Soumille).to_string();
        let got = points.iter().find(|x| x.0 == letter).unwrap_or_else(|| panic!("{how}: no point {letter}"));
        let want = (setup.count(soumille::Seat::Top, p), setup.count(soumille::Seat::Bottom, p));
        assert_eq!((got.1, got.2), want, "{how}: men on {letter} at frame {k}");
    }
    assert_eq!(d.attr_of("off-top", "data-count"), Some(setup.off[soumille::Seat::Top].to_string()), "{how}");
    assert_eq!(d.attr_of("off-bottom", "data-count"), Some(setup.off[soumille::Seat::Bottom].to_string()), "{how}");
    assert_eq!(d.n("score-top-points"), f.score.points[0] as u32, "{how}: top's points");
    assert_eq!(d.n("score-top-holes"), f.score.holes[0] as u32, "{how}: top's holes");
    assert_eq!(d.n("score-bottom-points"), f.score.points[1] as u32, "{how}: bottom's points");
    assert_eq!(d.n("score-bottom-holes"), f.score.holes[1] as u32, "{how}: bottom's holes");
    assert_eq!(d.text("position"), f.position_string(), "{how}");
}

#[test]
fn viewer_steps_through_the_teaching_game_in_chromium() {
    let dir = scratch("teaching");
    let page = page_of(&root().join(SAMPLE), &dir);
    let html = std::fs::read_to_string(&page).unwrap();
    // self-contained: no network, no external resource
    for bad in ["http://", "https://", "<link", "src=\""] {
        let outside_svg_ns = html.replace("http://www.w3.org/2000/svg", "");
        assert!(!outside_svg_ns.contains(bad), "the page refers to something outside itself: {bad}");
    }
    let (fr, numbers) = expected();
    let last = fr.len() - 1;
    assert!(last >= 20, "the teaching game has {last} throws replayed");
    // (fragment, the frame it must show)
    let cases: Vec<(String, usize)> = vec![
        (String::new(), 0),
        ("step=1".into(), 1),
        ("keys=right,right,right".into(), 3),
        ("clicks=next,next,prev,next".into(), 2),
        ("step=15".into(), 15),
        ("step=15&keys=right,left,left&clicks=next,next".into(), 16),
        (format!("throw={}", numbers[10]), 10),
        ("keys=end".into(), last),
        ("keys=end,left".into(), last - 1),
        ("clicks=last,prev,prev".into(), last - 2),
        ("keys=end,home,right".into(), 1),
        ("keys=left,left".into(), 0),
        ("clicks=first,prev".into(), 0),
        ("keys=end,right,right".into(), last),
    ];
    for (fragment, k) in &cases {
        let d = dom(&page, fragment);
        assert_frame(&d, *k, &fr, &numbers, &format!("#{fragment}"));
        if *k == 15 {
            // the jans of throw 15 (the petit jan for bottom) are listed
            assert!(d.0.contains("data-code=\"petit-jan\""), "#{fragment}: jans of throw 15");
        }
    }
    // the flags of the game are on the page at their throw (throw 13: a fausse case)
    let k13 = numbers.iter().position(|&n| n == 13).unwrap();
    let d = dom(&page, &format!("step={k13}"));
    assert!(d.0.contains("data-kind=\"must-fill\""), "the fausse case of throw 13 is shown");
    // a screenshot
    let shot = dir.join("shot.png");
    run_chromium(&[
        format!("--screenshot={}", shot.display()),
        "--window-size=1200,900".into(),
        format!("file://{}#step=15", page.display()),
    ]);
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    assert!(png.len() > 5_000, "screenshot of {} bytes", png.len());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library's replay of a record of another game: the setup of each frame (the start,
/// then after each throw) and its throw number.
fn expected_setups(file: &str) -> (Vec<soumille::Setup>, Vec<u32>, soumille::Replay) {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let recs = soumille::notation::read(&text);
    let r = &recs[0];
    let rp = soumille::replay(&r.record, &r.header, Some(&text));
    let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref()).expect("a start").clone();
    // with the game and rules their position strings say (docs/games.md §H.7)
    let setups = std::iter::once(start)
        .chain(rp.steps.iter().map(|s| s.after.clone()))
        .map(|mut s| {
            soumille::stamp_position(&mut s, &r.header);
            s
        })
        .collect();
    let numbers = std::iter::once(0).chain(rp.steps.iter().map(|s| s.number)).collect();
    (setups, numbers, rp)
}

/// The page of another game shows frame `k`: the throw, the men on every point, on the bar
/// and borne off, the cube, Tric Trac's points and parties, the position; its script ran
/// to the end without an error.
fn assert_setup_frame(d: &Dom, k: usize, setups: &[soumille::Setup], numbers: &[u32], how: &str) {
    use soumille::Seat;
    let body = &d.0[d.0.find("<body").unwrap()..];
    let body_tag = &body[..body.find('>').unwrap()];
    assert!(body_tag.contains("data-ready=\"1\""), "{how}: the script did not run to its end");
    assert!(!body_tag.contains("data-script-error"), "{how}: {body_tag}");
    assert_eq!(d.attr_of("main", "data-step").as_deref(), Some(k.to_string().as_str()), "{how}");
    assert_eq!(d.n("step-index"), k as u32, "{how}");
    assert_eq!(d.n("throw-number"), numbers[k], "{how}");
    let setup = &setups[k];
    let points = d.points();
    assert_eq!(points.len(), 24, "{how}: 24 points drawn");
    for p in soumille::Point::all() {
        let letter = p.letter(soumille::Dialect::Soumille).to_string();
        let got = points.iter().find(|x| x.0 == letter).unwrap_or_else(|| panic!("{how}: no point {letter}"));
        assert_eq!((got.1, got.2), (setup.count(Seat::Top, p), setup.count(Seat::Bottom, p)), "{how}: men on {letter}");
    }
    for seat in Seat::ALL {
        let count = |id: String| d.attr_of(&id, "data-count");
        assert_eq!(count(format!("bar-{seat}")), Some(setup.bar[seat].to_string()), "{how}: {seat}'s bar");
        assert_eq!(count(format!("off-{seat}")), Some(setup.off[seat].to_string()), "{how}: {seat}'s men off");
        assert_eq!(d.n(&format!("score-{seat}-off")), u32::from(setup.off[seat]), "{how}");
        assert_eq!(d.n(&format!("score-{seat}-bar")), u32::from(setup.bar[seat]), "{how}");
        let points = setup.score.points.map_or(0, |p| u32::from(p[seat]));
        assert_eq!(d.n(&format!("score-{seat}-points")), points, "{how}: {seat}'s points");
        let parties = setup.score.parties.map_or(0, |p| u32::from(p[seat]));
        assert_eq!(d.n(&format!("score-{seat}-parties")), parties, "{how}: {seat}'s parties");
    }
    match setup.score.cube {
        Some(v) => {
            assert_eq!(d.attr_of("cube", "data-value"), Some(v.to_string()), "{how}: the cube");
            let owner = setup.score.owner.flatten().map_or("none", Seat::name);
            assert_eq!(d.attr_of("cube", "data-owner").as_deref(), Some(owner), "{how}: the cube's owner");
        }
        None => assert!(d.attr_of("cube", "data-value").is_none(), "{how}: no cube"),
    }
    assert_eq!(d.text("position"), setup.to_string(), "{how}");
}

/// One record of each of the other games in Chromium: the page loads, the buttons, the keys
/// and the URL step through it, every frame shows the replay's setup, and no script fails.
#[test]
fn viewer_steps_through_every_game_in_chromium() {
    for (file, game) in [
        ("samples/jacquet/opening-annotated.stn", "jacquet"),
        ("samples/moultezim/generated.stn", "moultezim"),
        ("samples/backgammon/gnubg-money.stn", "backgammon"),
        ("samples/tric-trac/hand-written.stn", "tric-trac"),
    ] {
        let dir = scratch(game);
        let page = page_of(&root().join(file), &dir);
        let html = std::fs::read_to_string(&page).unwrap();
        let outside_svg_ns = html.replace("http://www.w3.org/2000/svg", "");
        for bad in ["http://", "https://", "<link", "src=\""] {
            assert!(!outside_svg_ns.contains(bad), "{file}: the page refers to something outside itself: {bad}");
        }
        let (setups, numbers, _) = expected_setups(file);
        let last = setups.len() - 1;
        assert!(last >= 5, "{file}: {last} throws");
        for (fragment, k) in [
            (String::new(), 0),
            ("keys=right,right,right,left".to_string(), 2),
            ("clicks=next,next,next,prev,next".to_string(), 3),
            (format!("throw={}", numbers[last - 1]), last - 1),
            ("keys=end".to_string(), last),
            ("clicks=last,prev&keys=home,right".to_string(), 1),
        ] {
            let d = dom(&page, &fragment);
            assert_setup_frame(&d, k, &setups, &numbers, &format!("{file} #{fragment}"));
            assert!(d.text("game-line").starts_with(game), "{file}: {}", d.text("game-line"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// What only some games show: the men on the bar, the cube, Tric Trac's points, the flags
/// with their messages at their throw, the record's own flags, the end of the game.
#[test]
fn viewer_shows_bar_cube_points_and_flags_in_chromium() {
    let dir = scratch("features");
    // (file, fragment, what the dumped page holds)
    let cases: [(&str, &str, &[&str]); 7] = [
        // top's man hit on X by 6-4 @X*P waits on the bar
        ("samples/backgammon/gnubg-money.stn", "step=3", &["id=\"bar-top\" data-count=\"1\"", "cube 1, centred"]),
        ("samples/backgammon/gnubg-money.stn", "keys=end", &["top (gnubg) wins 1 point (drop)", "double, drop"]),
        // the cube redoubled by the seat that does not own it: the flag, with its message
        (
            "samples/backgammon/cube-owner.stn",
            "keys=end",
            &["data-value=\"4\" data-owner=\"top\"", "data-kind=\"cube-owner\""],
        ),
        ("samples/backgammon/cube-owner.stn", "step=3", &["data-value=\"2\" data-owner=\"top\""]),
        // Tric Trac: the partie won, the points scored
        ("samples/tric-trac/hand-written.stn", "throw=4", &["partie prolonge", "id=\"scored-bottom\">+1<"]),
        // a flag at its throw (a fausse case of Jacquet)
        ("samples/jacquet/seat.stn", "keys=end", &["data-kind=\"seat\""]),
        // a record the replay stopped at its first throw: the start and the record's flags
        ("samples/jacquet/not-there.stn", "", &["data-flag=\"not-replayed\"", "data-kind=\"not-there\""]),
    ];
    for (file, fragment, want) in cases {
        let page = page_of(&root().join(file), &dir);
        let d = dom(&page, fragment);
        let body = &d.0[d.0.find("<body").unwrap()..];
        assert!(body[..body.find('>').unwrap()].contains("data-ready=\"1\""), "{file} #{fragment}");
        let shown = unescape(&d.0);
        for w in want {
            assert!(shown.contains(w) || d.0.contains(w), "{file} #{fragment}: missing {w}");
        }
        // every flag of the frame shown is there with its message
        let (_, numbers, rp) = expected_setups(file);
        let step = d.n("step-index") as usize;
        for f in rp.flags.iter().filter(|f| f.throw.is_some_and(|n| n == numbers[step])) {
            // beside its throw, without the throw again
            assert!(shown.contains(&format!("{} — {}", f.what(), f.body())), "{file} #{fragment}: {}", f.message);
        }
    }
    // the flags of the Jacquet record are listed at their throw only (and in the list of all)
    let page = page_of(&root().join("samples/jacquet/seat.stn"), &dir);
    let d = dom(&page, "step=1");
    assert!(!d.inner("flags").contains("data-kind=\"seat\""), "the seat flag belongs to throw 2");
    assert!(d.inner("all-flags").contains("data-kind=\"seat\""), "every flag is listed");
    // a screenshot of a backgammon board with a man on the bar
    let page = page_of(&root().join("samples/backgammon/gnubg-money.stn"), &dir);
    let shot = dir.join("shot.png");
    run_chromium(&[
        format!("--screenshot={}", shot.display()),
        "--window-size=1200,900".into(),
        format!("file://{}#step=3", page.display()),
    ]);
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    assert!(png.len() > 5_000, "screenshot of {} bytes", png.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `view` of another game writes the page and exits as `check` does: 0 clean, 1 flagged.
#[test]
fn the_viewer_draws_other_games() {
    let dir = scratch("jacquet");
    let file = dir.join("jacquet.stn");
    std::fs::write(&file, "[Game \"jacquet\"]\n[First \"bottom\"]\n\n1. 6-5 &SN\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_soumille")).arg("view").arg(&file).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("\"game\":\"jacquet\""));
    assert!(page.contains("\"play\":\"\\u0026SN\""), "the play, its `&` escaped in the script");
    for (file, code) in [("samples/backgammon/cube-owner.stn", 1), ("samples/tric-trac/generated.stn", 0)] {
        let o =
            Command::new(env!("CARGO_BIN_EXE_soumille")).arg("view").arg(file).current_dir(root()).output().unwrap();
        assert_eq!(o.status.code(), Some(code), "{file}");
        assert!(o.stdout.starts_with(b"<!DOCTYPE html>"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of each game, with comments and a flagged throw (a claim the replay refuses),
/// written from a sample: (name, text, the flagged throw, what its flag is).
fn flagged_records() -> Vec<(&'static str, String, u32, &'static str)> {
    let sample = |f: &str| std::fs::read_to_string(root().join(f)).unwrap();
    let edit = |text: String, from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    vec![
        ("grand-trictrac", sample(SAMPLE), 13, "must-fill"),
        ("jacquet", edit(sample("samples/jacquet/opening-annotated.stn"), "2. 4-2 MHF ", "2. 4-2 MHF* "), 2, "hit"),
        ("moultezim", edit(sample("samples/moultezim/release.stn"), "2. 6-5 MFA ", "2. 6-5 MFA* "), 2, "hit"),
        (
            "backgammon",
            edit(
                edit(
                    sample("samples/backgammon/gnubg-match3-game2.stn"),
                    "2. bottom: 4-2 FD HD\n",
                    "2. bottom: 4-2 FD HD* { a hit claimed where there is none }\n",
                ),
                "4. bottom: double 2 take 4-2 NI* NL\n",
                "4. bottom: double 2 take 4-2 NI* NL { bottom doubles, top takes }\n",
            ),
            2,
            "hit",
        ),
        (
            "tric-trac",
            edit(sample("samples/tric-trac/hand-written.stn"), "1. bottom: 6-4 &V QK* +1", "1. bottom: 6-4 &V QK* +2"),
            1,
            "marks",
        ),
    ]
}

/// The viewer of every game in Chromium, as a reader uses it: the fiche, stepping forward
/// with the men just moved outlined and the comments of the throw shown, the URL following
/// the step, a click on a flagged throw of the list, a page opened at `#throw-N` or `?at=N`.
#[test]
fn the_viewer_of_every_game_follows_the_url_and_shows_comments_and_moves_in_chromium() {
    let dir = scratch("five");
    for (game, text, flagged, what) in flagged_records() {
        let file = dir.join(format!("{game}.stn"));
        std::fs::write(&file, &text).unwrap();
        let page = page_of(&file, &dir);
        let recs = soumille::notation::read(&text);
        let r = &recs[0];
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        assert!(rp.flags.iter().any(|f| f.throw == Some(flagged) && f.what() == what), "{game}: the flag");
        let (setups, numbers, _) = expected_setups(file.to_str().unwrap());
        let comments_of = |n: u32| -> Vec<String> {
            let t = r.record.throws.iter().find(|t| t.number == n).unwrap();
            t.comments.iter().map(|c| c.text.trim().to_string()).collect()
        };
        // stepping forward: the step, the URL, the men moved, the throw's comments
        let d = dom(&page, "keys=right,right&clicks=next,prev");
        let how = format!("{game} #keys=right,right");
        assert_setup_frame(&d, 2, &setups, &numbers, &how);
        assert_eq!(d.attr_of("main", "data-url"), Some(format!("#throw-{}", numbers[2])), "{how}: the URL");
        let st = &rp.steps[1];
        let moved: Vec<String> = soumille::moved_points(&st.before, &st.after).iter().map(|p| p.to_string()).collect();
        assert!(!moved.is_empty(), "{how}: men moved");
        assert_eq!(d.moved(), moved, "{how}: the men just moved are outlined");
        let shown = unescape(d.inner("comments"));
        for c in comments_of(numbers[2]) {
            assert!(shown.contains(&c), "{how}: the comment {c:?} in {shown}");
        }
        // the fiche: the tags, the rules, the record's own comments
        let tag = &r.record.tags[0];
        assert!(
            unescape(d.inner("fiche")).contains(&format!("<tr><th>{}</th><td>{}</td></tr>", tag.name, tag.value)),
            "{how}: the fiche"
        );
        assert!(!d.text("rules").is_empty(), "{how}: the rules in force");
        for c in r.record.comments.iter() {
            assert!(unescape(d.inner("head-comments")).contains(c.text.trim()), "{how}: the head comment");
        }
        // the flagged throw is marked in the list of throws; a click on it shows it
        let list = d.inner("throw-list");
        let key = format!("<li value=\"{flagged}\" data-throw=\"{flagged}\"");
        let at = list.find(&key).unwrap_or_else(|| panic!("{how}: no throw {flagged} in {list}"));
        let li = &list[at..at + list[at..].find('>').unwrap()];
        assert!(attr_in(li, "class").is_some_and(|c| c.split(' ').any(|c| c == "flagged")), "{how}: {li}");
        assert!(attr_in(li, "data-flags").is_some_and(|c| c.split(' ').any(|c| c == what)), "{how}: {li}");
        let k = numbers.iter().position(|&n| n == flagged).unwrap();
        for at in [format!("#clicks=throw-{flagged}"), format!("#throw-{flagged}"), format!("?at={flagged}")] {
            let d = dom_at(&page, &at);
            let how = format!("{game} {at}");
            assert_setup_frame(&d, k, &setups, &numbers, &how);
            assert_eq!(d.attr_of("main", "data-url"), Some(format!("#throw-{flagged}")), "{how}: the URL");
            assert!(d.inner("flags").contains(&format!("data-kind=\"{what}\"")), "{how}: the flag");
            let shown = unescape(d.inner("comments"));
            for c in comments_of(flagged) {
                assert!(shown.contains(&c), "{how}: the comment {c:?}");
            }
        }
        // a click on the flag in the list of flags goes to its throw too
        let j = rp.flags.iter().position(|f| f.throw == Some(flagged) && f.what() == what).unwrap() + 1;
        let d = dom(&page, &format!("clicks=flag-{j}"));
        assert_setup_frame(&d, k, &setups, &numbers, &format!("{game} #clicks=flag-{j}"));
        if game == "backgammon" {
            let d = dom(&page, "throw=4");
            assert!(d.text("match-line").contains("match to 3"), "the match: {}", d.text("match-line"));
            assert_eq!(d.attr_of("cube", "data-value").as_deref(), Some("2"), "the cube taken");
            assert!(unescape(d.inner("comments")).contains("bottom doubles, top takes"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fiche of every game, as Chromium lays it out and prints it (issue 24): the boards
/// where something happens and the final position are in the page Chromium renders, and it
/// prints to a PDF of at least one page.
#[test]
fn every_games_fiche_prints_with_its_boards_in_chromium() {
    let files = [
        "samples/lepeintre-teaching-game.stn",
        "samples/a-ecrire/end-of-a-marque.stn",
        "samples/jacquet/endgame-annotated.stn",
        "samples/moultezim/bear-off.stn",
        "samples/tric-trac/hand-written.stn",
        "samples/backgammon/gnubg-match3-game2.stn",
    ];
    for file in files {
        let dir = scratch("fiche");
        let o = Command::new(env!("CARGO_BIN_EXE_soumille"))
            .args(["sheet", "--format", "html", file])
            .current_dir(root())
            .output()
            .unwrap();
        assert!(matches!(o.status.code(), Some(0 | 1)), "{file}: {}", String::from_utf8_lossy(&o.stderr));
        let page = dir.join("fiche.html");
        std::fs::write(&page, &o.stdout).unwrap();
        let dom =
            String::from_utf8(run_chromium(&["--dump-dom".to_string(), format!("file://{}", page.display())])).unwrap();
        assert!(dom.contains("<b>The final position</b>"), "{file}: no final position");
        assert!(dom.matches("<svg").count() >= 2, "{file}: the start and the end at least");
        if file.contains("backgammon") {
            assert!(dom.contains("a man hit</b>"), "{file}: a board where a man is hit");
        }
        let pdf = dir.join("fiche.pdf");
        let _ = run_chromium(&[
            format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer".to_string(),
            format!("file://{}", page.display()),
        ]);
        let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{file}: no PDF: {e}"));
        assert!(bytes.starts_with(b"%PDF"), "{file}");
        let pages = bytes.windows(10).filter(|w| w == b"/Type /Pag" || w == b"/Type/Page").count();
        assert!(pages >= 1, "{file}: {pages} pages");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A script that measures the text of the boards as Chromium lays the page out: every `text`
/// and `tspan` of a board (`svg.board`, the viewer's `svg#board`) with characters of its own,
/// its computed font size times the scale of its screen matrix (the SVG's viewBox scaled
/// into the page), in points (a CSS pixel is 0.75 pt in print). It writes `fonts N min P at
/// TEXT` into the page's title when the page is laid out for print (Chromium writes the title
/// into the PDF), and into `<pre id="font-probe">` once the page has loaded.
const FONT_PROBE: &str = r#"<script>
(function () {
  function probe() {
    var min = 1e9, at = "", n = 0;
    document.querySelectorAll("svg.board text, svg.board tspan, svg#board text, svg#board tspan").forEach(function (t) {
      var own = Array.prototype.some.call(t.childNodes, function (c) { return c.nodeType === 3 && c.textContent.trim() !== ""; });
      var m = t.getScreenCTM();
      if (!own || !m) return;
      var px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(m.a * m.a + m.b * m.b);
      n++;
      if (px < min) { min = px; at = t.textContent.trim().slice(0, 24).replace(/[^A-Za-z0-9 +]/g, "_"); }
    });
    return "fonts " + n + " min " + (min * 0.75).toFixed(2) + " at " + at;
  }
  matchMedia("print").addListener(function (e) { if (e.matches) document.title = probe(); });
  addEventListener("load", function () {
    var p = document.createElement("pre");
    p.id = "font-probe";
    p.textContent = probe();
    document.body.appendChild(p);
  });
})();
</script>
"#;

/// `fonts N min P at TEXT` → (N, P, TEXT).
fn read_probe(s: &str) -> (usize, f64, String) {
    let w: Vec<&str> = s.splitn(6, ' ').collect();
    assert!(w.len() >= 5 && w[0] == "fonts" && w[2] == "min" && w[4] == "at", "not a probe: {s:?}");
    (w[1].parse().unwrap(), w[3].parse().unwrap(), w.get(5).unwrap_or(&"").to_string())
}

/// `html` with the font probe, written to `dir/name`.
fn probed(html: &str, dir: &Path, name: &str) -> PathBuf {
    let at = html.rfind("</body>").unwrap_or(html.len());
    let page = dir.join(name);
    std::fs::write(&page, format!("{}{FONT_PROBE}{}", &html[..at], &html[at..])).unwrap();
    page
}

/// The probe of `page` printed to PDF by Chromium: read from the PDF's `/Title`.
fn printed_fonts(page: &Path) -> (usize, f64, String) {
    let pdf = page.with_extension("pdf");
    let _ = run_chromium(&[
        format!("--print-to-pdf={}", pdf.display()),
        "--no-pdf-header-footer".to_string(),
        format!("file://{}", page.display()),
    ]);
    let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{}: no PDF: {e}", page.display()));
    let text = String::from_utf8_lossy(&bytes);
    let title = text.split("/Title (").nth(1).and_then(|t| t.split(')').next());
    read_probe(title.unwrap_or_else(|| panic!("{}: no title in the PDF", page.display())))
}

/// The probe of `page` laid out on a screen `width` pixels wide.
fn screen_fonts(page: &Path, width: u32) -> (usize, f64, String) {
    let dom = run_chromium(&[
        format!("--window-size={width},900"),
        "--dump-dom".to_string(),
        format!("file://{}", page.display()),
    ]);
    let dom = String::from_utf8(dom).unwrap();
    let probe = dom.split("<pre id=\"font-probe\">").nth(1).and_then(|p| p.split("</pre>").next());
    read_probe(&unescape(probe.unwrap_or_else(|| panic!("{}: no probe in the DOM", page.display()))))
}

/// The text of the boards of every game is printed at 9 pt at least, as the body text of a
/// printed page (issue 24: the captions printed at about 5 pt): the fiche (`sheet --format
/// html`) and the SVG of `show` printed to PDF by Chromium, the viewer on a screen 1,280
/// pixels wide. Measured in Chromium's own layout (see [`FONT_PROBE`]).
#[test]
fn every_games_boards_print_their_text_at_9_pt_in_chromium() {
    let files = [
        ("samples/lepeintre-teaching-game.stn", 15),
        ("samples/a-ecrire/end-of-a-marque.stn", 2),
        ("samples/jacquet/endgame-annotated.stn", 2),
        ("samples/moultezim/bear-off.stn", 1),
        ("samples/tric-trac/hand-written.stn", 4),
        ("samples/backgammon/gnubg-match3-game2.stn", 4),
    ];
    let soumille = |args: &[&str]| -> String {
        let o = Command::new(env!("CARGO_BIN_EXE_soumille")).args(args).current_dir(root()).output().unwrap();
        assert!(matches!(o.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let mut least = Vec::new();
    for (file, at) in files {
        let dir = scratch("fonts");
        let fiche = probed(&soumille(&["sheet", "--format", "html", file]), &dir, "fiche.html");
        let svg = soumille(&["show", file, "--at", &at.to_string(), "--format", "svg"]);
        let svg = probed(&format!("<!DOCTYPE html>\n<html><body>\n{svg}</body></html>\n"), &dir, "svg.html");
        let viewer = probed(&soumille(&["view", file]), &dir, "view.html");
        for (what, (n, pt, text)) in
            [("fiche", printed_fonts(&fiche)), ("svg", printed_fonts(&svg)), ("viewer", screen_fonts(&viewer, 1280))]
        {
            assert!(n >= 24, "{file}: {what}: {n} texts measured: the boards are not all there");
            least.push((format!("{file}: {what}: the text {text:?} of a board is {pt} pt"), pt));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    let all: Vec<&str> = least.iter().map(|(s, _)| s.as_str()).collect();
    eprintln!("the least text of the boards:\n{}", all.join("\n"));
    let small: Vec<&str> = least.iter().filter(|(_, pt)| *pt < 9.0).map(|(s, _)| s.as_str()).collect();
    assert!(small.is_empty(), "less than 9 pt:\n{}", small.join("\n"));
}

/// The library's replay of every record of `file` one after the other, as the page of a whole
/// file steps through them: the setups (each game's start, then after each throw), their throw
/// numbers, and the index of each game's start.
fn expected_file_setups(file: &Path) -> (Vec<soumille::Setup>, Vec<u32>, Vec<usize>) {
    let text = std::fs::read_to_string(file).unwrap();
    let (mut setups, mut numbers, mut starts) = (Vec::new(), Vec::new(), Vec::new());
    for r in soumille::notation::read(&text) {
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        let start = rp.steps.first().map(|s| &s.before).or(rp.last.as_ref()).expect("a start").clone();
        starts.push(setups.len());
        for mut s in std::iter::once(start).chain(rp.steps.iter().map(|s| s.after.clone())) {
            soumille::stamp_position(&mut s, &r.header);
            setups.push(s);
        }
        numbers.extend(std::iter::once(0).chain(rp.steps.iter().map(|s| s.number)));
    }
    (setups, numbers, starts)
}

/// `view` of a real backgammon match (a FIBS log imported) in Chromium: one page steps through
/// every game; the right arrow and Next go on from game 1's last throw to game 2's start, the
/// left arrow back; Page Down and the game buttons and the game list go from game to game; the
/// URL names the game and the throw (`#game-3-throw-2`); each frame shows the replay's board,
/// the game's number and the match score (before the game, after it at its last throw: 5-1 at
/// the end, the Crawford game said).
#[test]
fn viewer_of_a_match_steps_across_its_games_in_chromium() {
    let dir = scratch("match");
    let file = crate::records::imported_match(&dir);
    let page = page_of(&file, &dir);
    let (setups, numbers, starts) = expected_file_setups(&file);
    assert_eq!(starts.len(), 5);
    let (g2, last) = (starts[1], setups.len() - 1);
    let cases = [
        (String::new(), 0, 1, "bgnori 0, i1awin 0 before game 1"),
        (format!("step={}&keys=right", g2 - 1), g2, 2, "bgnori 1, i1awin 0 before game 2"),
        (format!("step={}&clicks=next", g2 - 1), g2, 2, "bgnori 1, i1awin 0 before game 2"),
        (format!("step={g2}&keys=left"), g2 - 1, 1, "bgnori 1, i1awin 0 after game 1"),
        ("keys=pagedown,pagedown".to_string(), starts[2], 3, "bgnori 3, i1awin 0 before game 3"),
        ("clicks=next-game,next-game,prev-game".to_string(), g2, 2, "before game 2"),
        ("clicks=game-4".to_string(), starts[3], 4, "bgnori 3, i1awin 1 before game 4"),
        ("game-3-throw-2".to_string(), starts[2] + 2, 3, "before game 3"),
        ("keys=end".to_string(), last, 5, "bgnori 5, i1awin 1 after game 5 (the Crawford game)"),
    ];
    for (fragment, k, game, score) in cases {
        let d = dom(&page, &fragment);
        let how = format!("#{fragment}");
        assert_setup_frame(&d, k, &setups, &numbers, &how);
        assert_eq!(d.attr_of("main", "data-game"), Some(game.to_string()), "{how}");
        assert_eq!(d.n("game-number"), game as u32, "{how}");
        assert!(d.text("match-score").contains(score), "{how}: {}", d.text("match-score"));
        assert!(d.text("board-caption").contains(score), "{how}: the score with the board");
        let current = d.0.find(&format!("<tr data-game=\"{game}\" class=\"current\"")).is_some();
        assert!(current, "{how}: game {game} is marked in the list");
        assert_eq!(d.0.matches("<tr data-game=").count(), 5, "{how}: the five games listed");
        let url = d.attr_of("main", "data-url").unwrap();
        let first = starts[game - 1] == k;
        let want = if first { format!("#game-{game}") } else { format!("#game-{game}-throw-{}", numbers[k]) };
        if !fragment.is_empty() {
            assert_eq!(url, want, "{how}: the URL follows the step");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `soumille ARGS FILE` (exit 0 or 1) written to `dir/name`.
fn written(args: &[&str], file: &Path, dir: &Path, name: &str) -> PathBuf {
    let o = Command::new(env!("CARGO_BIN_EXE_soumille")).args(args).arg(file).current_dir(root()).output().unwrap();
    assert!(matches!(o.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let page = dir.join(name);
    std::fs::write(&page, &o.stdout).unwrap();
    page
}

/// The name drawn on each point of a board, in the board's order: (its Soumille letter, the
/// text of the first `<text>` in its group).
fn point_labels(board: &str) -> Vec<(String, String)> {
    let mut v = Vec::new();
    let mut rest = board;
    while let Some(k) = rest.find("<g data-point=") {
        let tag = &rest[k..k + rest[k..].find('>').unwrap()];
        let t = k + rest[k..].find("<text").unwrap();
        let open = t + rest[t..].find('>').unwrap() + 1;
        let close = open + rest[open..].find('<').unwrap();
        v.push((attr_in(tag, "data-point").unwrap(), rest[open..close].to_string()));
        rest = &rest[k + 1..];
    }
    v
}

/// What each point of `setup` is called by the player on roll there, as GNU Backgammon and
/// FIBS number it: letter → number (docs/games.md §I).
fn numbered(setup: &soumille::Setup, letters: &[(String, String)]) -> Vec<(String, String)> {
    let turn = setup.turn;
    letters
        .iter()
        .map(|(l, _)| {
            let p = soumille::Point::from_letter(l.chars().next().unwrap(), soumille::Dialect::Soumille).unwrap();
            (l.clone(), p.number(turn).to_string())
        })
        .collect()
}

/// The `y` of the first `<rect` after `at` in `s`.
fn rect_y(s: &str, at: usize) -> f64 {
    let r = at + s[at..].find("<rect").unwrap();
    let tag = &s[r..r + s[r..].find('>').unwrap()];
    attr_in(tag, "y").unwrap().parse().unwrap()
}

/// Where a cube drawn at `y` (36 units high) stands on a board whose playing area starts at
/// `y0` and is 460 high: at its owner's side, top's above the middle and bottom's below it,
/// in the middle when no one owns it.
fn assert_cube_at_owners_side(owner: &str, y: f64, y0: f64, how: &str) {
    let mid = y0 + 230.0;
    match owner {
        "top" => assert!(y + 36.0 <= mid && y >= y0, "{how}: top's cube at {y}, the middle at {mid}"),
        "bottom" => assert!(y >= mid && y + 36.0 <= y0 + 460.0, "{how}: bottom's cube at {y}, the middle at {mid}"),
        _ => assert_eq!(y, mid - 18.0, "{how}: the centred cube"),
    }
}

/// `view --points` of a real backgammon match in Chromium (issue 25 §4): the board's points
/// are numbered 1–24 from the side of the player on roll, and the numbers turn with him as the
/// page steps (game 2 after its throw 10, bottom on roll, and after throw 11, top); the cube
/// stands at its owner's side (bottom took at throw 10), in the middle before; a flagged
/// record's play and flag are in point numbers too.
#[test]
fn viewer_of_a_match_in_point_numbers_in_chromium() {
    let dir = scratch("points-view");
    let file = crate::records::imported_match(&dir);
    let page = written(&["view", "--points"], &file, &dir, "view.html");
    let (setups, numbers, starts) = expected_file_setups(&file);
    let k10 = (starts[1]..starts[2]).find(|&k| numbers[k] == 10).expect("game 2 has a throw 10");
    assert_ne!(setups[k10].turn, setups[k10 + 1].turn, "two players on roll");
    let mut seen = Vec::new();
    for k in [0, k10, k10 + 1] {
        let d = dom(&page, &format!("step={k}"));
        let how = format!("step {k}");
        let board = d.inner("board-box").to_string();
        let labels = point_labels(&board);
        assert_eq!(labels.len(), 24, "{how}");
        assert_eq!(labels, numbered(&setups[k], &labels), "{how}: numbered from {}'s side", setups[k].turn);
        let mut all: Vec<u32> = labels.iter().map(|(_, n)| n.parse().unwrap()).collect();
        all.sort_unstable();
        assert_eq!(all, (1..=24).collect::<Vec<u32>>(), "{how}");
        seen.push(labels);
        let owner = setups[k].score.owner.flatten().map_or("none", |s| s.name());
        assert_eq!(d.attr_of("cube", "data-owner").as_deref(), Some(owner), "{how}");
        let at = d.0.find("id=\"cube\"").unwrap();
        assert_cube_at_owners_side(owner, rect_y(&d.0, at), 0.0, &how);
    }
    assert_eq!(setups[k10].score.owner.flatten(), Some(soumille::Seat::Bottom), "bottom took");
    assert_ne!(seen[1], seen[2], "the numbers turn with the player on roll");
    // a flagged record: its play and its flag in numbers
    let flagged =
        written(&["view", "--points"], &root().join("samples/backgammon/rule-occupied.stn"), &dir, "flag.html");
    let d = dom(&flagged, "step=1");
    assert_eq!(d.text("play"), "24/20/19");
    assert!(
        d.inner("flags").contains("`24/20/19` is not lawful, lawful plays were 24/23 13/9"),
        "{}",
        d.inner("flags")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fiche of a real backgammon match in point numbers (`sheet --format html --points`), as
/// Chromium renders it: every board of games 1 and 2 numbers its points from the side of the
/// player on roll there (both players' sides among them), and the cube bottom took in game 2
/// stands at bottom's side.
#[test]
fn fiche_of_a_match_in_point_numbers_in_chromium() {
    let dir = scratch("points-fiche");
    let file = crate::records::imported_match(&dir);
    let page = written(&["sheet", "--format", "html", "--points"], &file, &dir, "fiche.html");
    let (setups, numbers, starts) = expected_file_setups(&file);
    let dom =
        String::from_utf8(run_chromium(&["--dump-dom".to_string(), format!("file://{}", page.display())])).unwrap();
    let (mut game, mut boards, mut turns, mut owned) = (0usize, 0, Vec::new(), 0);
    for chunk in dom.split("<svg").skip(1) {
        let label = attr_in(&chunk[..chunk.find('>').unwrap()], "aria-label").unwrap_or_default();
        if label.contains("The game begins") {
            game += 1;
        }
        if game == 0 || game > 2 {
            continue;
        }
        let range = starts[game - 1]..starts.get(game).copied().unwrap_or(setups.len());
        let k = if label.contains("The game begins") {
            range.start
        } else if label.contains("The final position") {
            range.end - 1
        } else {
            let n: u32 = label.split("After throw ").nth(1).and_then(|r| r.split(':').next()).unwrap().parse().unwrap();
            range.clone().find(|&k| numbers[k] == n && k > range.start).unwrap()
        };
        let labels = point_labels(chunk);
        assert_eq!(labels.len(), 24, "game {game}: {label}");
        assert_eq!(labels, numbered(&setups[k], &labels), "game {game}: {label}");
        turns.push(setups[k].turn);
        boards += 1;
        if let Some(at) = chunk.find("<g class=\"cube\"") {
            let owner = attr_in(&chunk[at..at + chunk[at..].find('>').unwrap()], "data-owner").unwrap();
            let y0 = rect_y(chunk, chunk.find("<rect").unwrap() + 1);
            assert_cube_at_owners_side(&owner, rect_y(chunk, at), y0, &format!("game {game}: {label}"));
            owned += usize::from(owner == "bottom");
        }
    }
    assert!(boards >= 10, "{boards} boards");
    assert!(turns.contains(&soumille::Seat::Top) && turns.contains(&soumille::Seat::Bottom), "{turns:?}");
    assert!(owned > 0, "a board of game 2 with the cube bottom owns");
    let _ = std::fs::remove_dir_all(&dir);
}
