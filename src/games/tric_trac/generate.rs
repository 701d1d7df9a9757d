//! Seeded self-play of Tric Trac (`generate --game tric-trac`): a series of one to three
//! parties of random legal plays, every claim written (marks after the play, `partie …`,
//! `prolonge`/`recommence`), ending with the series' `Result`. The same seed gives the
//! same record.

use super::judge::{paths_of, Path};
use super::movegen::{legal_plays_into, Play, Plays};
use super::options::Options;
use super::score::{Choice, Score};
use super::series::{Series, ThrowRecord};
use crate::board::Seat;
use crate::generate::Rng;
use crate::notation::jan::JanCode;
use crate::notation::{Decision, JanClaim, Mark, PartieClaim, Record, Tag, Throw};
use crate::position::Position;

/// The most throws a generated record holds (a series is far shorter).
const MAX_THROWS: u32 = 5000;

/// The marks of a play (docs/games.md §E.11): `+2 (prise x2)`, `+1 (retiree)`, `+2 (pont)`.
pub fn marks_of(play: &Play) -> crate::notation::Marks {
    let mut marks = crate::notation::Marks::new();
    for (n, code) in [(play.captures, JanCode::Prise), (play.borne_off, JanCode::Retiree)] {
        if n > 0 {
            let mut jans = crate::notation::JanClaims::new();
            jans.push(JanClaim { code, ways: (n > 1).then_some(u32::from(n)) });
            marks.push(Mark { points: i64::from(n), jans });
        }
    }
    if play.pont > 0 {
        let mut jans = crate::notation::JanClaims::new();
        jans.push(JanClaim { code: JanCode::Pont, ways: None });
        marks.push(Mark { points: i64::from(play.pont), jans });
    }
    marks
}

/// One generated series for `seed` under `options`.
pub fn generate_record(seed: u64, options: Options) -> Record {
    let mut rng = Rng::new(seed ^ 0x7121_c7ac);
    let first = if rng.below(2) == 0 { Seat::Top } else { Seat::Bottom };
    let wanted = 1 + rng.below(3) as u16;
    let mut series = Series::new(Position::opening(first), Score::default(), options);
    let mut plays = Plays::default();
    let mut throws = Vec::new();
    let mut parties = 0u16;
    let mut paths: smallvec::SmallVec<[Path; 4]> = smallvec::SmallVec::new();
    for number in 1..=MAX_THROWS {
        let dice = rng.dice();
        let seat = series.pos.turn();
        let points = series.score.points[seat.index()];
        legal_plays_into(&series.pos, points, dice, &options, &mut plays);
        let Some(play) = plays.as_slice().get(rng.below(plays.len().max(1) as u64) as usize).copied() else {
            break;
        };
        let moves = play.moves(seat);
        paths.clear();
        paths_of(seat, &moves, &mut paths);
        let wins = points + play.points() >= super::movegen::PARTIE_POINTS;
        let choice = wins.then(|| if rng.below(3) == 0 { Choice::Prolonge } else { Choice::Recommence });
        let o = series.throw(&ThrowRecord {
            number,
            seat: Some(seat),
            dice,
            paths: &paths,
            marks: play.points(),
            partie: None,
            claims: false,
            marks_claimed: false,
            decision: choice,
        });
        let mut t = Throw::new(number, dice);
        t.seat = Some(seat);
        t.play = Some(moves);
        t.marks = marks_of(&play);
        if let Some(w) = o.won {
            parties += 1;
            t.partie = Some(PartieClaim { multiple: w.value });
            t.decision = Some(match choice.unwrap_or_default() {
                Choice::Prolonge => Decision::Prolong,
                Choice::Recommence => Decision::Restart,
            });
        }
        throws.push(t);
        if parties >= wanted && series.score.series().is_some() {
            break;
        }
    }
    let tag = |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
    let mut tags =
        vec![tag("Game", "tric-trac".into()), tag("Event", "generated".into()), tag("First", first.name().into())];
    let rules = options.to_string();
    if !rules.is_empty() {
        tags.push(tag("Rules", rules));
    }
    let result = match series.score.series() {
        Some((w, wp, lp)) if parties >= wanted => format!("{w} {wp}-{lp}"),
        _ => "*".into(),
    };
    tags.push(tag("Result", result));
    tags.push(tag("Source", format!("soumille generate --game tric-trac --seed {seed}")));
    Record { comments: Vec::new(), tags, throws, span: None }
}
