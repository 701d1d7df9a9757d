//! How well `repair` finds what the scribe meant (issue 19), and how fast.
//!
//! `cargo run --release --example repairbench [RECORDS_PER_GAME] [SEED]` takes clean
//! records — generated games of every game (the library's `generate`), the clean samples of
//! `samples/`, the Lepeintre game `samples/lepeintre-teaching-game.lep.stn` up to its fausse
//! case, and the real matches of `../shared/real-matches/fibs/` (or of the folder the
//! environment variable `REPAIRBENCH_REAL_MATCHES` names) imported as STN — injects
//! 1, 2 and 3 transcription errors drawn from the confusion model (seeded), each of which
//! adds flags (an error that leaves a lawful record cannot be seen),
//! runs `repair` on one core, and prints how often the original record is the first
//! candidate and among the first three, and the time per record (mean, p95), per game and
//! error count. Then, per kind of slip ([`KINDS`]: those of the model and those it has no
//! edit for yet — any letter for any, two or three throws lost at a page break, the two
//! letters of a move transposed), one slip of that kind in each record, and the same
//! figures per kind (issue 26).

use soumille::notation::{print_record, Game, Header, Play, Record, Target};
use soumille::repair::{self, Confusions, Edit, Options, Slot};
use soumille::Rng;
use soumille::{Dialect, Point, Seat};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A record and its tags as read.
struct Clean {
    source: String,
    rec: Record,
    header: Header,
}

fn read(text: &str, source: &str) -> Vec<Clean> {
    let r = soumille::FileReading::of_bytes(text.as_bytes());
    r.records
        .into_iter()
        .filter(|x| x.errors.is_empty() && !x.record.throws.is_empty())
        .map(|x| Clean { source: source.to_string(), rec: x.record, header: x.header })
        .filter(|c| soumille::replay_books(&c.rec, &c.header, None).flags.is_empty())
        .collect()
}

fn samples(dir: &std::path::Path, out: &mut Vec<Clean>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() && !p.ends_with("invalid") {
            samples(&p, out);
        } else if p.extension().is_some_and(|e| e == "stn") {
            if let Ok(t) = std::fs::read_to_string(&p) {
                out.extend(read(&t, "samples"));
            }
        }
    }
}

fn sources(per_game: u32, seed: u64) -> Vec<Clean> {
    let mut all = Vec::new();
    let games =
        [Game::GrandTrictrac, Game::TrictracAEcrire, Game::Jacquet, Game::Moultezim, Game::TricTrac, Game::Backgammon];
    for g in games {
        for rec in soumille::generate(g, per_game, seed).flatten() {
            all.extend(read(&print_record(&rec, Default::default()), "generated"));
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    samples(&root.join("samples"), &mut all);
    if let Ok(t) = std::fs::read_to_string(root.join("samples/lepeintre-teaching-game.lep.stn")) {
        // clean up to its fausse case at throw 13
        let cut: String = t.lines().take_while(|l| !l.starts_with("13.")).map(|l| format!("{l}\n")).collect();
        all.extend(read(&cut, "lepeintre"));
    }
    // the real matches beside the checkout, or where REPAIRBENCH_REAL_MATCHES says (a git
    // worktree has none beside it)
    let real = std::env::var_os("REPAIRBENCH_REAL_MATCHES")
        .map_or_else(|| root.join("../shared/real-matches"), std::path::PathBuf::from);
    let fibs = real.join("fibs");
    if let Ok(entries) = std::fs::read_dir(&fibs) {
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths.iter().take(per_game as usize) {
            let Ok(t) = std::fs::read_to_string(p) else { continue };
            let Ok(imp) = soumille::interop::import(&t, soumille::interop::guess_format(&t)) else { continue };
            for rec in imp.records.iter().take(3) {
                all.extend(read(&print_record(rec, Default::default()), "real-matches"));
            }
        }
    }
    all
}

/// A weighted choice among `(item, weight)`.
fn pick<T: Copy>(rng: &mut Rng, items: &[(T, f64)]) -> Option<T> {
    let total: f64 = items.iter().map(|x| x.1).sum();
    if items.is_empty() || total <= 0.0 {
        return None;
    }
    let mut r = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
    for &(x, w) in items {
        if r < w {
            return Some(x);
        }
        r -= w;
    }
    items.last().map(|x| x.0)
}

/// The kinds of slip, by the number `slip` draws them with, and their names.
const KINDS: [&str; 13] = [
    "look-alike letter",
    "die",
    "moves swapped",
    "one throw lost",
    "throw copied twice",
    "mark",
    "seat",
    "`*`",
    "any letter (no look-alike)",
    "2-3 throws lost (page break)",
    "two letters transposed",
    "move left out",
    "mark or holes miscounted",
];

/// One slip drawn from the model, made on `rec` (throws numbered from 1); `false` when the
/// drawn slip does not fit.
fn slip(rec: &mut Record, game: Game, d: Dialect, conf: &Confusions, rng: &mut Rng) -> bool {
    let kinds = [(0, 0.30), (1, 0.15), (2, 0.05), (3, 0.06), (4, 0.05), (5, 0.08), (6, 0.05), (7, 0.05)];
    match pick(rng, &kinds) {
        Some(kind) => slip_of(kind, rec, game, d, conf, rng),
        None => false,
    }
}

/// A slip of kind `kind` ([`KINDS`]) at a throw drawn at random; `false` when it does not fit.
fn slip_of(kind: usize, rec: &mut Record, game: Game, d: Dialect, conf: &Confusions, rng: &mut Rng) -> bool {
    let n = rec.throws.len() as u64;
    if n < 3 {
        return false;
    }
    let throw = 2 + rng.below(n - 1) as u32;
    match kind {
        8 | 10 => other_letter(kind == 10, rec, throw, rng),
        11 => {
            let Some(Play::Moves(ms)) = &mut rec.throws[throw as usize - 1].play else { return false };
            if ms.len() < 2 {
                return false;
            }
            ms.remove(rng.below(ms.len() as u64) as usize);
            true
        }
        12 => miscount(rec, game, rng),
        9 => {
            let lost = 2 + rng.below(2) as usize;
            if throw as usize - 1 + lost > rec.throws.len() {
                return false;
            }
            rec.throws.drain(throw as usize - 1..throw as usize - 1 + lost);
            for (k, t) in rec.throws.iter_mut().enumerate() {
                t.number = k as u32 + 1;
            }
            true
        }
        _ => slip_listed(kind, rec, throw, game, d, conf, rng),
    }
}

/// The record's text with one character of a throw drawn at random made unreadable: a die
/// written 7–9, a letter written in the other alphabet's case, or a letter that is no
/// point of the record's alphabet.
fn unreadable_text(rec: &Record, d: Dialect, rng: &mut Rng) -> Option<String> {
    let text = print_record(rec, Default::default());
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let throws: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.split('.').next().is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n > 1)))
        .map(|(k, _)| k)
        .collect();
    let k = *throws.get(rng.below(throws.len().max(1) as u64) as usize)?;
    let body: Vec<char> = lines[k].chars().collect();
    let start = body.iter().position(|&c| c == '.')? + 1;
    let dice: Vec<usize> = (start + 1..body.len().saturating_sub(1))
        .filter(|&i| body[i] == '-' && body[i - 1].is_ascii_digit() && body[i + 1].is_ascii_digit())
        .take(1)
        .flat_map(|i| [i - 1, i + 1])
        .collect();
    let letters: Vec<usize> = (start..body.len()).filter(|&i| Point::from_letter(body[i], d).is_some()).collect();
    let other = if matches!(d, Dialect::Soumille) { Dialect::Lepeintre } else { Dialect::Soumille };
    let no_point: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .filter(|&c| Point::from_letter(c, d).is_none() && Point::from_letter(c, other).is_none())
        .collect();
    let mut out = body.clone();
    match rng.below(3) {
        0 if !dice.is_empty() => out[dice[rng.below(dice.len() as u64) as usize]] = (b'7' + rng.below(3) as u8) as char,
        1 if !letters.is_empty() => {
            let i = letters[rng.below(letters.len() as u64) as usize];
            let c = body[i];
            out[i] = if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
        }
        2 if !letters.is_empty() && !no_point.is_empty() => {
            let i = letters[rng.below(letters.len() as u64) as usize];
            let same_case: Vec<char> =
                no_point.iter().copied().filter(|c| c.is_ascii_uppercase() == body[i].is_ascii_uppercase()).collect();
            let pool = if same_case.is_empty() { &no_point } else { &same_case };
            out[i] = pool[rng.below(pool.len() as u64) as usize];
        }
        _ => return None,
    }
    lines[k] = out.into_iter().collect();
    Some(lines.join("\n") + "\n")
}

/// A mark's points or a hole count miscounted (one mark's worth more or less: 2 points, 1
/// in Tric Trac; a hole more or less), at a throw drawn among those that have them.
fn miscount(rec: &mut Record, game: Game, rng: &mut Rng) -> bool {
    let with: Vec<usize> =
        (1..rec.throws.len()).filter(|&k| !rec.throws[k].marks.is_empty() || rec.throws[k].holes.is_some()).collect();
    if with.is_empty() {
        return false;
    }
    let t = &mut rec.throws[with[rng.below(with.len() as u64) as usize]];
    let up = rng.below(2) == 0;
    if let (Some(m), true) = (t.marks.first_mut(), t.holes.is_none() || rng.below(2) == 0) {
        let step = if game.is_tric_trac() { 1 } else { 2 };
        let read = if up { m.points + step } else { m.points - step };
        if read <= 0 {
            return false;
        }
        m.points = read;
        return true;
    }
    match t.holes {
        Some(h) if up || h > 1 => {
            t.holes = Some(if up { h + 1 } else { h - 1 });
            true
        }
        _ => false,
    }
}

/// A letter of throw `throw` written as any other letter (`transpose`: the from and to
/// letters of a move written in each other's place).
fn other_letter(transpose: bool, rec: &mut Record, throw: u32, rng: &mut Rng) -> bool {
    let t = &mut rec.throws[throw as usize - 1];
    let Some(Play::Moves(ms)) = &mut t.play else { return false };
    let mv = rng.below(ms.len() as u64) as usize;
    let m = &mut ms[mv];
    let (Some(from), Target::Point(to)) = (m.from_point(), m.to) else { return false };
    if transpose {
        m.from = soumille::notation::Origin::Point(to);
        m.to = Target::Point(from);
    } else {
        let all: Vec<Point> = Point::all().filter(|&p| p != to).collect();
        m.to = Target::Point(all[rng.below(all.len() as u64) as usize]);
    }
    true
}

/// The slips of the confusion model (kinds 0 to 7).
fn slip_listed(
    kind: usize,
    rec: &mut Record,
    throw: u32,
    game: Game,
    d: Dialect,
    conf: &Confusions,
    rng: &mut Rng,
) -> bool {
    let t = &rec.throws[throw as usize - 1];
    let edit = match Some(kind) {
        Some(0) => {
            let Some(Play::Moves(ms)) = &t.play else { return false };
            let mv = rng.below(ms.len() as u64) as usize;
            let m = ms[mv];
            let mut slots = vec![];
            if let Some(p) = m.from_point() {
                slots.push((Slot::From, p));
            }
            if let Target::Point(p) = m.to {
                slots.push((Slot::To, p));
            }
            if slots.is_empty() {
                return false;
            }
            let (slot, written) = slots[rng.below(slots.len() as u64) as usize];
            let table = conf.letters(d);
            let options: Vec<(char, f64)> = table.partners(written.letter(d)).to_vec();
            let Some(c) = pick(rng, &options) else { return false };
            let Some(read) = Point::from_letter(c, d) else { return false };
            Edit::Letter { throw, mv, slot, written, read }
        }
        Some(1) => {
            let Some(dice) = t.dice else { return false };
            let die = if rng.below(2) == 0 { dice.high() } else { dice.low() };
            let keep = if die == dice.high() { dice.low() } else { dice.high() };
            let options: Vec<(char, f64)> = conf.dice.partners(char::from(b'0' + die)).to_vec();
            let Some(c) = pick(rng, &options) else { return false };
            let Some(read) = soumille::Dice::new(c as u8 - b'0', keep) else { return false };
            Edit::Die { throw, written: dice, read }
        }
        Some(2) => {
            let Some(Play::Moves(ms)) = &t.play else { return false };
            if ms.len() < 2 {
                return false;
            }
            Edit::SwapMoves { throw, first: 0, second: 1 }
        }
        Some(3) => Edit::Duplicate { throw }, // a throw left out: a lacuna
        Some(4) => {
            let mut copy = rec.throws[throw as usize - 2].clone();
            copy.comments.clear();
            rec.throws.insert(throw as usize - 1, copy);
            for (k, t) in rec.throws.iter_mut().enumerate() {
                t.number = k as u32 + 1;
            }
            return true;
        }
        Some(5) => {
            let Some(m) = t.marks.first() else { return false };
            let s = m.points.to_string();
            let c = s.chars().last().unwrap_or('0');
            let options: Vec<(char, f64)> = conf.digits.partners(c).to_vec();
            let Some(o) = pick(rng, &options) else { return false };
            let read: i64 = format!("{}{o}", &s[..s.len() - 1]).parse().unwrap_or(0);
            if read == 0 || (!game.is_tric_trac() && read % 2 != 0) {
                return false;
            }
            Edit::Mark { throw, opponent: false, index: 0, written: m.points, read }
        }
        Some(6) => match t.seat {
            Some(s) => Edit::Seat { throw, written: Some(s), read: Some(Seat::other(s)) },
            None => return false,
        },
        _ => {
            if !(game.has_paths() || game.has_bar_and_cube()) {
                return false;
            }
            let Some(Play::Moves(ms)) = &t.play else { return false };
            let mv = rng.below(ms.len() as u64) as usize;
            let m = ms[mv];
            if m.to == Target::Off {
                return false;
            }
            Edit::Hit { throw, mv, after: m.rests.len(), written: m.hit_after(m.rests.len()) }
        }
    };
    edit.apply(rec, None)
}

/// Whether a candidate gives back the original record: every throw the same, but a throw
/// the candidate supplied for a lacuna, whose roll and play no record can tell (any that
/// fits what follows is as good), and the order of the moves of a play a move was put back
/// in.
fn same(original: &Record, c: &repair::Candidate) -> bool {
    let supplied: Vec<u32> = c
        .edits
        .iter()
        .flat_map(|e| match e {
            Edit::Lacuna { throw, .. } => vec![*throw],
            Edit::PageBreak { throw, lost } => (*throw..*throw + lost.len() as u32).collect(),
            _ => vec![],
        })
        .collect();
    // a move put back where it was left out: where it stood among the play's moves no
    // record can tell (the same moves in any order are the same play)
    let put_in: Vec<u32> =
        c.edits.iter().filter_map(|e| matches!(e, Edit::LeftOut { .. }).then_some(e.throw())).collect();
    let moves = |p: &Option<Play>| -> Option<Vec<String>> {
        let Some(Play::Moves(ms)) = p else { return None };
        let mut v: Vec<String> = ms.iter().map(|m| format!("{m:?}")).collect();
        v.sort();
        Some(v)
    };
    original.throws.len() == c.record.throws.len()
        && original.throws.iter().zip(&c.record.throws).all(|(a, b)| {
            supplied.contains(&b.number)
                || (put_in.contains(&b.number)
                    && moves(&a.play) == moves(&b.play)
                    && (a.dice, &a.marks, a.seat, a.holes, &a.opponent)
                        == (b.dice, &b.marks, b.seat, b.holes, &b.opponent))
                || (a.dice, &a.play, &a.marks, a.seat, a.holes, &a.opponent)
                    == (b.dice, &b.play, &b.marks, b.seat, b.holes, &b.opponent)
        })
}

#[derive(Default)]
struct Tally {
    records: u32,
    first: u32,
    three: u32,
    cut: u32,
    throws: u64,
    times: Vec<Duration>,
    cpu: Vec<Duration>,
}

/// The time this thread has run on a core (Linux: `/proc/thread-self/schedstat`), so that
/// the figures hold on a busy machine; zero elsewhere.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// Mean and 95th percentile, in milliseconds.
fn mean_p95(times: &[Duration]) -> (f64, f64) {
    let mut times = times.to_vec();
    times.sort();
    let mean = times.iter().map(Duration::as_secs_f64).sum::<f64>() / times.len().max(1) as f64 * 1e3;
    let p95 =
        times.get((times.len() * 95 / 100).min(times.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1e3);
    (mean, p95)
}

fn family(c: &Clean) -> String {
    format!("{} ({})", c.header.game.name(), c.source)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let per_game: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(19);
    let clean = sources(per_game, seed);
    let opts = Options::default();
    let mut rng = Rng::new(seed);
    let mut tally: BTreeMap<(String, usize), Tally> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, Tally> = BTreeMap::new();
    // REPAIRBENCH_KINDS=page,left: only the kinds whose names hold one of these words (no
    // mixed slips, no unreadable text), to look into a kind
    let only: Option<Vec<String>> =
        std::env::var("REPAIRBENCH_KINDS").ok().map(|v| v.split(',').map(String::from).collect());
    let wanted = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|w| name.contains(w.as_str())));
    for (k, c) in clean.iter().enumerate() {
        for errors in (1..=3usize).filter(|_| only.is_none()) {
            let mut tries = 0;
            let bad = loop {
                tries += 1;
                if tries > 30 {
                    break None;
                }
                // each slip must be seen: it adds flags (a slip that leaves a lawful record,
                // such as two moves swapped to the same position, cannot be told)
                let mut r = c.rec.clone();
                let mut seen = 0;
                let made = (0..errors).all(|_| {
                    let fits = slip(&mut r, c.header.game, c.header.letters, &opts.confusions, &mut rng);
                    let now = soumille::replay_books(&r, &c.header, None).flags.len();
                    let more = fits && now > seen;
                    seen = now;
                    more
                });
                if made {
                    break Some(r);
                }
            };
            let Some(bad) = bad else { continue };
            let (start, cpu) = (Instant::now(), cpu_time());
            let Ok(found) = repair::candidates(&bad, &c.header, &opts) else { continue };
            let took = start.elapsed();
            let cpu = cpu_time().saturating_sub(cpu);
            let rank = found.candidates.iter().position(|x| x.left == 0 && same(&c.rec, x));
            if rank != Some(0) && std::env::var_os("REPAIRBENCH_VERBOSE").is_some() {
                let best = found.candidates.first().map(|x| (x.left, x.edits.clone()));
                eprintln!("{} {errors} error(s): rank {rank:?}; found {best:?}", family(c));
                let (want, got) = (print_record(&c.rec, Default::default()), print_record(&bad, Default::default()));
                for (a, b) in want.lines().zip(got.lines()).filter(|(a, b)| a != b).take(4) {
                    eprintln!("    {a}  ->  {b}");
                }
            }
            let t = tally.entry((family(c), errors)).or_default();
            t.records += 1;
            t.first += u32::from(rank == Some(0));
            t.three += u32::from(rank.is_some_and(|r| r < 3));
            t.cut += u32::from(found.cut);
            t.throws += bad.throws.len() as u64;
            t.times.push(took);
            t.cpu.push(cpu);
        }
        for (kind, name) in KINDS.iter().enumerate().filter(|(_, n)| wanted(n)) {
            // one slip of each kind that is seen (adds flags), up to 10 tries
            let bad = (0..10).find_map(|_| {
                let mut r = c.rec.clone();
                let seen = slip_of(kind, &mut r, c.header.game, c.header.letters, &opts.confusions, &mut rng)
                    && !soumille::replay_books(&r, &c.header, None).flags.is_empty();
                seen.then_some(r)
            });
            let Some(bad) = bad else { continue };
            let (start, cpu) = (Instant::now(), cpu_time());
            let Ok(found) = repair::candidates(&bad, &c.header, &opts) else { continue };
            let took = start.elapsed();
            let cpu = cpu_time().saturating_sub(cpu);
            let rank = found.candidates.iter().position(|x| x.left == 0 && same(&c.rec, x));
            if rank.is_none_or(|r| r > 2) && std::env::var_os("REPAIRBENCH_VERBOSE").is_some() {
                miss(c, &bad, &found, name, rank);
            }
            let t = by_kind.entry(name.to_string()).or_default();
            t.records += 1;
            t.first += u32::from(rank == Some(0));
            t.three += u32::from(rank.is_some_and(|r| r < 3));
            t.cut += u32::from(found.cut);
            t.throws += bad.throws.len() as u64;
            t.times.push(took);
            t.cpu.push(cpu);
        }
        if only.is_none() {
            unreadable(c, &opts, &mut rng, &mut by_kind);
        }
        if k % 20 == 19 {
            eprintln!("{} / {} records", k + 1, clean.len());
        }
    }
    print(&tally);
    println!();
    println!("| one slip of the kind | n | throws (mean) | first | first three | cut | CPU ms mean | CPU ms p95 |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, t) in &by_kind {
        let (mean, p95) = mean_p95(&t.cpu);
        let pc = |x: u32| 100.0 * f64::from(x) / f64::from(t.records.max(1));
        println!(
            "| {name} | {} | {} | {:.0} % | {:.0} % | {} | {mean:.0} | {p95:.0} |",
            t.records,
            t.throws / u64::from(t.records.max(1)),
            pc(t.first),
            pc(t.three),
            t.cut
        );
    }
}

/// A miss told on standard error (`REPAIRBENCH_VERBOSE`): the lines the slip changed and
/// the first candidates.
fn miss(c: &Clean, bad: &Record, found: &repair::Repairs, name: &str, rank: Option<usize>) {
    let d = c.header.letters;
    eprintln!("{} {name}: rank {rank:?}, cut {}, {} ms", family(c), found.cut, found.millis);
    let (want, got) = (print_record(&c.rec, Default::default()), print_record(bad, Default::default()));
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    if let Some(k) = w.iter().zip(&g).position(|(a, b)| a != b) {
        for l in &w[k..(k + 4).min(w.len())] {
            eprintln!("    was {l}");
        }
        for l in &g[k..(k + 2).min(g.len())] {
            eprintln!("    got {l}");
        }
    }
    for x in found.candidates.iter().take(3) {
        let e: Vec<String> = x.edits.iter().map(|e| e.describe(d)).collect();
        eprintln!("    {:.1} left {} unrepl {}: {}", x.score, x.left, x.unreplayed, e.join("; "));
    }
}

/// One unreadable character in `c`'s text (up to 10 tries for one the reader refuses): the
/// original is first when the likeliest reading, with its first candidate when flagged,
/// gives the clean record back.
fn unreadable(c: &Clean, opts: &Options, rng: &mut Rng, by_kind: &mut BTreeMap<String, Tally>) {
    let bad = (0..10).find_map(|_| {
        let t = unreadable_text(&c.rec, c.header.letters, rng)?;
        let read = soumille::FileReading::of_bytes(t.as_bytes());
        read.records.first().is_some_and(|r| !r.errors.is_empty()).then_some(t)
    });
    let Some(bad) = bad else { return };
    let (start, cpu) = (Instant::now(), cpu_time());
    let past = repair::unread::read_past(&bad, 0, opts);
    let rank = past.as_ref().and_then(|(_, read)| {
        let found = repair::candidates(&read.record, &read.header, opts).ok()?;
        if found.flags == 0 {
            return (read.record.throws == c.rec.throws || same_throws(&c.rec, &read.record)).then_some(0);
        }
        found.candidates.iter().position(|x| x.left == 0 && same(&c.rec, x))
    });
    let took = start.elapsed();
    let cpu = cpu_time().saturating_sub(cpu);
    let t = by_kind.entry("unreadable text (die 7-9, other alphabet, no point)".to_string()).or_default();
    t.records += 1;
    t.first += u32::from(rank == Some(0));
    t.three += u32::from(rank.is_some_and(|r| r < 3));
    t.throws += c.rec.throws.len() as u64;
    t.times.push(took);
    t.cpu.push(cpu);
}

/// Whether two records have the same throws (their spans aside).
fn same_throws(a: &Record, b: &Record) -> bool {
    a.throws.len() == b.throws.len()
        && a.throws.iter().zip(&b.throws).all(|(x, y)| {
            (x.dice, &x.play, &x.marks, x.seat, x.holes, &x.opponent)
                == (y.dice, &y.play, &y.marks, y.seat, y.holes, &y.opponent)
        })
}

fn print(tally: &BTreeMap<(String, usize), Tally>) {
    println!("| records | errors | n | throws (mean) | first | first three | cut | CPU ms mean | CPU ms p95 | wall ms mean / p95 |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut sums: BTreeMap<usize, (u32, u32, u32)> = BTreeMap::new();
    for ((fam, errors), t) in tally {
        let (mean, p95) = mean_p95(&t.cpu);
        let (wall, wall95) = mean_p95(&t.times);
        let pc = |x: u32| 100.0 * f64::from(x) / f64::from(t.records.max(1));
        println!(
            "| {fam} | {errors} | {} | {} | {:.0} % | {:.0} % | {} | {mean:.0} | {p95:.0} | {wall:.0} / {wall95:.0} |",
            t.records,
            t.throws / u64::from(t.records.max(1)),
            pc(t.first),
            pc(t.three),
            t.cut
        );
        let s = sums.entry(*errors).or_default();
        s.0 += t.records;
        s.1 += t.first;
        s.2 += t.three;
    }
    for (errors, (n, first, three)) in sums {
        let pc = |x: u32| 100.0 * f64::from(x) / f64::from(n.max(1));
        println!("| all | {errors} | {n} | | {:.0} % | {:.0} % | | | | |", pc(first), pc(three));
    }
}
