//! Checks of a record that need no rules engine (issue: the reader's own errors):
//! marks even (but in Tric Trac) and not negative, ways at least one, throw numbers
//! consecutive, and for records from JSON the forms their game writes.

use super::ast::{Decision, Mark, Origin, Play, Record, Span, Target, ThrowSpans, MAX_RESTS};
use super::error::SyntaxError;
use super::header::Game;
use crate::board::Dialect;

/// Marks that are odd (but in Tric Trac, docs/games.md §E.11) or negative (points are marked two
/// by two, docs/rules.md §8). With the source, errors point at the marks.
pub fn check_throws(rec: &Record, src: Option<(&str, Dialect)>) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    let game = rec.tag("Game").and_then(Game::from_name).unwrap_or_default();
    let odd_allowed = game.is_tric_trac();
    for t in &rec.throws {
        let bad =
            |m: &Mark| m.points < 0 || (m.points % 2 != 0 && !odd_allowed) || m.jans.iter().any(|j| j.ways == Some(0));
        let suspect = t.marks.iter().any(bad)
            || t.holes == Some(0)
            || t.opponent.as_ref().is_some_and(|o| o.holes == Some(0) || o.marks.iter().any(bad));
        if !suspect {
            continue;
        }
        let found: Option<ThrowSpans> = match src {
            Some((s, d)) => super::parser::throw_spans_of(s, t, d, game),
            None => t.spans.as_deref().cloned(),
        };
        let spans = found.as_ref();
        let mut check = |m: &Mark, span: Option<Span>, whose: &str| {
            if m.points < 0 {
                errors.push(SyntaxError::new(
                    span,
                    format!("throw {}: a negative mark", t.number),
                    "marks are never negative",
                ));
            } else if m.points % 2 != 0 && !odd_allowed {
                errors.push(
                    SyntaxError::new(
                        span,
                        format!("throw {}: an odd mark +{} by {whose}", t.number, m.points),
                        "expected an even number of points",
                    )
                    .with_help("points are always even: jans score 2, 4 or 6 a way"),
                );
            }
            for j in &m.jans {
                if j.ways == Some(0) {
                    errors.push(SyntaxError::new(
                        span,
                        format!("throw {}: `{} x0`", t.number, j.code),
                        "a jan is made at least one way",
                    ));
                }
            }
        };
        for (k, m) in t.marks.iter().enumerate() {
            check(m, spans.and_then(|s| s.marks.get(k).copied()), "the thrower");
        }
        if let Some(o) = &t.opponent {
            for (k, m) in o.marks.iter().enumerate() {
                check(m, spans.and_then(|s| s.opponent_marks.get(k).copied()), "the opponent");
            }
        }
        if t.holes == Some(0) || t.opponent.as_ref().is_some_and(|o| o.holes == Some(0)) {
            errors.push(SyntaxError::new(
                spans.and_then(|s| s.holes),
                format!("throw {}: a claim of no holes", t.number),
                "expected 1 trou or more",
            ));
        }
    }
    errors
}

/// The forms a record's game does not write (docs/games.md §G), for records that did not come
/// from text (JSON), whose reader rejects them as it reads: moves of more points than the
/// game allows, `@` and cube actions outside Backgammon, hit claims in Grand Trictrac,
/// Tric Trac's partie part elsewhere, throws without dice.
pub fn check_forms(rec: &Record) -> Vec<SyntaxError> {
    let game = rec.tag("Game").and_then(Game::from_name).unwrap_or_default();
    let mut errors = Vec::new();
    for t in &rec.throws {
        // (in the play, what is wrong, what was expected)
        let mut found: Vec<(bool, String, &'static str)> = Vec::new();
        let mut bad = |message: String, label: &'static str| found.push((false, message, label));
        if let Some(a) = t.cube {
            if !game.has_bar_and_cube() {
                bad(format!("a cube action in a {game} record"), "the doubling cube is Backgammon's");
            }
            if a.value == Some(0) {
                bad("a cube value of 0".into(), "expected 2, 4, 8, …");
            }
            if a.after_dice && t.dice.is_none() {
                bad(
                    "a cube action after dice that are not there".into(),
                    "a cube action alone is written before the dice",
                );
            }
        }
        if t.dice.is_none() {
            if t.cube.is_none() || !game.has_bar_and_cube() {
                bad("no dice".into(), "a throw without dice is a cube action alone (`double drop`)");
            }
            let more = !t.marks.is_empty()
                || t.holes.is_some()
                || t.decision.is_some()
                || t.play.is_some()
                || t.opponent.is_some()
                || t.glyph.is_some()
                || t.partie.is_some();
            if more {
                bad("a throw without dice holding more than its cube action".into(), "expected dice before the play");
            }
        }
        let mut bad_play = Vec::new();
        if let Some(Play::Moves(ms)) = &t.play {
            for m in ms {
                let mut wrong = |message: String, label: &'static str| bad_play.push((true, message, label));
                let rests_allowed = if game.has_paths() { MAX_RESTS } else { 1 };
                if m.rests.len() > rests_allowed {
                    wrong(
                        format!("a move with {} rests", m.rests.len()),
                        "a path has at most five points (three in Grand Trictrac)",
                    );
                }
                if m.from == Origin::Bar && !game.has_bar_and_cube() {
                    wrong(format!("a move from the bar in a {game} record"), "only Backgammon has a bar");
                }
                if m.hits != 0 && !game.has_paths() {
                    wrong("a hit claim in a Grand Trictrac record".into(), "Grand Trictrac records write no `*`");
                }
                let last = m.rests.len().min(7);
                let allowed: u16 = if m.to == Target::Off { (1 << last) - 1 } else { (1 << (last + 1)) - 1 };
                if u16::from(m.hits) & !allowed != 0 {
                    wrong("a hit claim after no point".into(), "bit i of `hits` is the i-th point after `from`");
                }
            }
        }
        if t.partie.is_some_and(|p| !game.is_tric_trac() || !(1..=4).contains(&p.multiple)) {
            bad("an impossible partie claim".into(), "`partie` (multiple 1 to 4) is Tric Trac's");
        }
        if t.decision.is_some_and(Decision::after_partie) && !game.is_tric_trac() {
            bad("`prolonge` / `recommence` outside Tric Trac".into(), "Tric Trac's decisions after a partie");
        }
        for (in_play, message, label) in found.into_iter().chain(bad_play) {
            let span = t.spans.as_ref().and_then(|s| if in_play { s.play } else { s.whole });
            errors.push(SyntaxError::new(span, format!("throw {}: {message}", t.number), label));
        }
    }
    errors
}

/// Throw numbers consecutive from 1 (for records that did not come from text, whose
/// reader checks this as it goes).
pub fn check_numbering(rec: &Record) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    for (k, t) in rec.throws.iter().enumerate() {
        let expected = k as u64 + 1;
        if t.number as u64 != expected {
            errors.push(SyntaxError::new(
                t.spans.as_ref().and_then(|s| s.number),
                format!("throw {} where throw {expected} was expected", t.number),
                format!("expected {expected}."),
            ));
            break;
        }
    }
    errors
}
