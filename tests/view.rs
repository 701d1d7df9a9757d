//! The step-through viewer (`soumille view`) in a real browser: headless Chromium loads the
//! page, the page drives itself from its URL fragment (`#step=K`, `keys=right,left,…`,
//! `clicks=next,prev,…`, dispatched as real keyboard and mouse events), and the test reads
//! the dumped DOM: the throw number, the men on every point and the score, against the
//! library's replay. A screenshot is taken too.
//!
//! Needs `/usr/bin/chromium` (Debian: `apt-get install -y chromium`; `.ci/run` installs it).
//! Without it the tests fail, saying so: they never skip.

use soumille::view::{frames, Frame};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const SAMPLE: &str = "samples/lepeintre-teaching-game.stn";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn chromium() -> &'static str {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: the viewer tests need headless Chromium. Install it with \
         `DEBIAN_FRONTEND=noninteractive apt-get install -y chromium` (as .ci/run does)"
    );
    CHROMIUM
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
    .args(args)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("cannot start {CHROMIUM}: {e}"));
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
    stdout
}

/// The DOM of `page` after it loaded with the URL fragment `fragment`.
fn dom(page: &Path, fragment: &str) -> Dom {
    let url = format!("file://{}#{fragment}", page.display());
    let out = run_chromium(&["--dump-dom".to_string(), url]);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("id=\"throw-number\""), "no viewer in the dumped DOM:\n{text}");
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
    let rp = soumille::replay::replay(&r.record, &r.header, Some(&text));
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

#[test]
fn the_viewer_sends_other_games_to_the_html_sheet() {
    let dir = scratch("jacquet");
    let file = dir.join("jacquet.stn");
    std::fs::write(&file, "[Game \"jacquet\"]\n[First \"bottom\"]\n\n1. 6-5 &SN\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_soumille")).arg("view").arg(&file).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("jacquet") && err.contains("sheet --format html"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
