//! Speed of the backgammon move generator: the legal plays of one roll per position, on
//! generated positions (random play from the opening, and random scatters with men on the
//! bar and bear-offs), one random roll each (doublets included, one in six).
//!
//! `cargo run --release --example bgbench [POSITIONS]` prints the median and mean time per
//! position (each position timed over repeated runs), and the same for doublets alone; then
//! the replay's cost of one throw: what the roll allows ([`allowance`]) and a legal play,
//! written as a record writes it, judged against it ([`judge_allowed`]).

use soumille::games::backgammon::board::{Board, BAR, OFF};
use soumille::games::backgammon::judge::judge_allowed;
use soumille::games::backgammon::movegen::{allowance, legal_plays_into, Plays};
use soumille::games::backgammon::options::UnSeulDe;
use soumille::{Dice, Seat};
use std::hint::black_box;
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn dice(&mut self) -> Dice {
        Dice::new(self.below(6) as u8 + 1, self.below(6) as u8 + 1).expect("1..=6")
    }
}

fn scatter(rng: &mut Rng) -> Board {
    loop {
        let mut b = Board::empty(if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom });
        let mut ok = true;
        for seat in Seat::ALL {
            let home = rng.below(4) == 0;
            let mut left = 15u8;
            if home {
                let off = rng.below(15) as u8;
                b.men[seat.index()][OFF] = off;
                left -= off;
            } else {
                let bar = [0, 0, 0, 1, 1, 2, 3][rng.below(7) as usize];
                b.men[seat.index()][BAR] = bar;
                left -= bar;
            }
            let mut tries = 0;
            while left > 0 && tries < 1000 {
                tries += 1;
                let p = if home { 19 + rng.below(6) as usize } else { 1 + rng.below(24) as usize };
                if b.opposing(seat, p) > 0 {
                    continue;
                }
                b.men[seat.index()][p] += 1;
                left -= 1;
            }
            ok &= left == 0;
        }
        if ok {
            return b;
        }
    }
}

fn game_positions(rng: &mut Rng, plays: &mut Plays, out: &mut Vec<Board>, want: usize) {
    while out.len() < want {
        let mut b = Board::opening(Seat::Top);
        loop {
            legal_plays_into(&b, rng.dice(), UnSeulDe::Moderne, plays);
            let k = rng.below(plays.len() as u64) as usize;
            let next = plays.as_slice()[k].apply(&b);
            if next.all_off(Seat::Top) || next.all_off(Seat::Bottom) || out.len() >= want {
                break;
            }
            b = next;
            out.push(b);
        }
    }
}

fn summary(name: &str, times: &mut [f64]) {
    if times.is_empty() {
        return;
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let median = times[times.len() / 2];
    let p90 = times[times.len() * 9 / 10];
    let max = times[times.len() - 1];
    println!(
        "{name:<10} {:>7} positions  median {median:>7.3} µs  mean {mean:>7.3} µs  p90 {p90:>7.3} µs  max {max:>8.3} µs",
        times.len()
    );
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mut rng = Rng(0x0bac_6a33_0198_2000);
    let mut plays = Plays::new();
    let mut boards = Vec::with_capacity(n);
    game_positions(&mut rng, &mut plays, &mut boards, n * 3 / 4);
    while boards.len() < n {
        boards.push(scatter(&mut rng));
    }
    let rolls: Vec<Dice> = (0..n).map(|_| rng.dice()).collect();
    const REPS: u32 = 20;
    let mut all = Vec::with_capacity(n);
    let mut doublets = Vec::new();
    let mut total_plays = 0usize;
    let start = Instant::now();
    for (b, &d) in boards.iter().zip(&rolls) {
        let t = Instant::now();
        for _ in 0..REPS {
            legal_plays_into(black_box(b), black_box(d), UnSeulDe::Moderne, &mut plays);
            black_box(plays.len());
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / f64::from(REPS);
        total_plays += plays.len();
        all.push(us);
        if d.is_doublet() {
            doublets.push(us);
        }
    }
    let wall = start.elapsed().as_secs_f64();
    println!("backgammon legal plays: one roll per position, {REPS} runs each ({wall:.2} s)");
    summary("all", &mut all);
    summary("doublets", &mut doublets);
    println!("plays per roll: {:.1} on average", total_plays as f64 / n as f64);
    // one throw replayed: the allowance, and the last legal play's paths judged
    let mut judged = Vec::with_capacity(n);
    let mut lawful = 0usize;
    for (b, &d) in boards.iter().zip(&rolls) {
        legal_plays_into(b, d, UnSeulDe::Moderne, &mut plays);
        let Some(play) = plays.as_slice().last() else { continue };
        let (paths, k) = play.paths();
        let t = Instant::now();
        for _ in 0..REPS {
            let allowed = allowance(black_box(b), black_box(d), UnSeulDe::Moderne);
            black_box(judge_allowed(b, d, allowed, black_box(&paths[..k])));
        }
        judged.push(t.elapsed().as_secs_f64() * 1e6 / f64::from(REPS));
        let allowed = allowance(b, d, UnSeulDe::Moderne);
        lawful += usize::from(judge_allowed(b, d, allowed, &paths[..k]).fault.is_none());
    }
    println!("a legal play judged (allowance and judgement), {lawful} of {} lawful:", judged.len());
    summary("judged", &mut judged);
}
