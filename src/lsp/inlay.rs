//! Inlay hints: the running score after each throw the replay reached, written at the end of
//! the throw (docs/editors.md): Grand Trictrac's points and holes (docs/rules.md §8), Tric
//! Trac's points and parties (docs/games.md §E.11), backgammon's cube and its owner and the
//! match score the record's `Match` and `Score` tags give (docs/games.md §D.9, §I.1); with the
//! `points` setting (docs/editors.md), a backgammon throw's play in point numbers before it, as
//! GNU Backgammon writes it (docs/games.md §I).

use super::analysis::{Analysed, Analysis};
use crate::board::{BySeat, ScoreFields};
use crate::notation::Span;
use lsp_types::{InlayHint, InlayHintKind, InlayHintLabel};

/// The hints of the throws that end within bytes `range` of the document; with `numbers`, a
/// backgammon throw's play in point numbers first (`24/18 13/11* · cube 1`).
pub fn inlay_hints(a: &Analysis, range: Span, numbers: bool) -> Vec<InlayHint> {
    let mut out = Vec::new();
    for r in &a.records {
        if r.span().is_some_and(|s| s.end < range.start || s.start > range.end) {
            continue;
        }
        let tags = match_text(r);
        for t in &r.read.record.throws {
            let Some(span) = t.span else { continue };
            let end = throw_end(&a.text, span);
            if end < range.start as usize || end > range.end as usize {
                continue;
            }
            let Some(step) = r.step(t.number) else { continue };
            let score = kept_score(r.read.header.game, &step.after.score);
            let play = (r.point_names(numbers) == crate::board::PointNames::Numbers)
                .then(|| crate::output::step_play_in_points(step))
                .flatten();
            let label = match (play, score_label(&score, tags.as_deref())) {
                (Some(p), Some(l)) => format!("{p} · {l}"),
                (Some(p), None) => p,
                (None, Some(l)) => l,
                (None, None) => continue,
            };
            out.push(InlayHint {
                position: a.lines.position(&a.text, end),
                label: InlayHintLabel::String(label),
                kind: Some(InlayHintKind::PARAMETER),
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            });
        }
    }
    out
}

/// The score fields the game keeps, those not set yet at their start (a position leaves out
/// `0/0` and the cube at 1): Grand Trictrac's points and holes (docs/rules.md §8), Tric
/// Trac's points and parties (docs/games.md §E.11), backgammon's cube (§D.9).
fn kept_score(game: crate::notation::Game, score: &ScoreFields) -> ScoreFields {
    let mut s = score.clone();
    for field in game.score_fields() {
        match *field {
            "points" => s.points = s.points.or(Some(BySeat::new(0, 0))),
            "holes" => s.holes = s.holes.or(Some(BySeat::new(0, 0))),
            "parties" => s.parties = s.parties.or(Some(BySeat::new(0, 0))),
            "cube" => s.cube = s.cube.or(Some(1)),
            _ => {}
        }
    }
    s
}

/// The byte after a throw's last character that is not white space (its text runs to the
/// next throw).
fn throw_end(text: &str, span: Span) -> usize {
    let (s, e) = (span.start as usize, (span.end as usize).min(text.len()));
    text.get(s..e).map_or(e, |t| s + t.trim_end().len())
}

/// The score after a throw, in words: `points 4/0 · holes 1/0` (top/bottom), `cube 2
/// (bottom)`, then the match's score; `None` when the game keeps no score.
pub fn score_label(score: &ScoreFields, match_score: Option<&str>) -> Option<String> {
    let mut parts = Vec::new();
    let pair = |name: &str, v: [String; 2]| format!("{name} {}/{}", v[0], v[1]);
    if let Some(p) = &score.points {
        parts.push(pair("points", p.0.map(|x| x.to_string())));
    }
    if let Some(h) = &score.holes {
        parts.push(pair("holes", h.0.map(|x| x.to_string())));
    }
    if let Some(p) = &score.parties {
        parts.push(pair("parties", p.0.map(|x| x.to_string())));
    }
    if let Some(c) = score.cube {
        let owner = match score.owner {
            Some(Some(seat)) => format!(" ({})", seat.name()),
            _ => String::new(),
        };
        parts.push(format!("cube {c}{owner}"));
    }
    parts.extend(match_score.map(str::to_string));
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// A backgammon record's match score, from its `Match` and `Score` tags: `match 3: top 0
/// bottom 2` (docs/games.md §I.1); `None` for a money game or another game.
fn match_text(r: &Analysed) -> Option<String> {
    if r.read.header.game != crate::notation::Game::Backgammon {
        return None;
    }
    let rec = &r.read.record;
    let length = rec.tag("Match").filter(|m| m.trim() != "0")?;
    let score = rec.tag("Score").unwrap_or("top 0 bottom 0");
    Some(format!("match {}: {}", length.trim(), score.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_says_each_score_kept() {
        let mut s = ScoreFields::default();
        assert_eq!(score_label(&s, None), None);
        s.points = Some(crate::board::BySeat::new(4, 0));
        s.holes = Some(crate::board::BySeat::new(1, 2));
        assert_eq!(score_label(&s, None).unwrap(), "points 4/0 · holes 1/2");
        let mut b = ScoreFields { cube: Some(2), owner: Some(Some(crate::Seat::Bottom)), ..ScoreFields::default() };
        assert_eq!(
            score_label(&b, Some("match 3: top 0 bottom 2")).unwrap(),
            "cube 2 (bottom) · match 3: top 0 bottom 2"
        );
        b.owner = Some(None);
        assert_eq!(score_label(&b, None).unwrap(), "cube 2");
    }
}
