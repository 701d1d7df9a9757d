//! A position string with wildcards (docs/data.md §1), matched against the positions a
//! replay reached: each a [`crate::Setup`] written as its position string (docs/format.md
//! §6).
//!
//! * the men: `?` for a count (`A?` any number of men on A), a side `*` for any men,
//!   `...` at the end of a side for "and any others";
//! * the seat: `top`, `bottom` or `*` (left out: any);
//! * fields: `key=value`, each part of a `T/B` value may be `*` (`holes=*/3`), `key=*`
//!   any; a field not written is not compared. `game=` and `rules=` are not compared.

use crate::replay::Replay;
use crate::{Dialect, Point, Setup};

/// What is wrong with a position pattern.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position pattern {pattern:?}: {message}")]
pub struct PatternError {
    /// The pattern.
    pub pattern: String,
    /// What is wrong.
    pub message: String,
}

/// A count of men in a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Exactly(u32),
    Any,
}

/// One side of the men field.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Side {
    /// Any men.
    Any,
    /// These points with these counts; `more`: others may hold men too.
    Points { entries: Vec<(char, Count)>, more: bool },
}

/// A position string with wildcards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionPattern {
    sides: [Side; 2],
    seat: Option<String>,
    fields: Vec<(String, String)>,
}

impl PositionPattern {
    /// Reads a pattern.
    pub fn parse(s: &str) -> Result<PositionPattern, PatternError> {
        let err = |m: &str| PatternError { pattern: s.to_string(), message: m.to_string() };
        let mut words = s.split_whitespace();
        let men = words.next().ok_or_else(|| err("empty"))?;
        let (top, bottom) = men.split_once('/').ok_or_else(|| err("the men need a `/` between the seats"))?;
        let sides = [side(top).map_err(|m| err(&m))?, side(bottom).map_err(|m| err(&m))?];
        let mut seat = None;
        let mut fields = Vec::new();
        for w in words {
            match w.split_once('=') {
                Some(("game" | "rules", _)) => {}
                Some((k, v)) => fields.push((k.to_string(), v.to_string())),
                None if matches!(w, "top" | "bottom") => seat = Some(w.to_string()),
                None if w == "*" => {}
                None => return Err(err(&format!("{w:?} is no seat nor field"))),
            }
        }
        Ok(PositionPattern { sides, seat, fields })
    }

    /// Whether the setup's position string matches.
    pub fn matches(&self, setup: &Setup) -> bool {
        let text = setup.to_string();
        let mut words = text.split_whitespace();
        let Some((top, bottom)) = words.next().and_then(|m| m.split_once('/')) else { return false };
        if !side_matches(&self.sides[0], top) || !side_matches(&self.sides[1], bottom) {
            return false;
        }
        let seat = words.next();
        if self.seat.as_deref().is_some_and(|s| Some(s) != seat) {
            return false;
        }
        let have: Vec<(&str, &str)> = words.filter_map(|w| w.split_once('=')).collect();
        self.fields.iter().all(|(k, v)| {
            v == "*"
                || have.iter().find(|(hk, _)| hk == k).is_some_and(|(_, hv)| {
                    let (ps, hs): (Vec<&str>, Vec<&str>) = (v.split('/').collect(), hv.split('/').collect());
                    ps.len() == hs.len() && ps.iter().zip(&hs).all(|(p, h)| *p == "*" || p == h)
                })
        })
    }

    /// Whether the replay reached a matching position: its start or the position after any
    /// throw (with no step kept: the last position).
    pub fn reached(&self, rp: &Replay) -> bool {
        if let Some(first) = rp.steps.first() {
            if self.matches(&first.before) {
                return true;
            }
        }
        rp.steps.iter().any(|s| self.matches(&s.after))
            || (rp.steps.is_empty() && rp.last.as_ref().is_some_and(|l| self.matches(l)))
    }
}

/// One side of a pattern's men; Lepeintre's letters are read as Soumille's.
fn side(s: &str) -> Result<Side, String> {
    if s == "*" {
        return Ok(Side::Any);
    }
    let (s, more) = match s.strip_suffix("...").or_else(|| s.strip_suffix('…')) {
        Some(rest) => (rest, true),
        None => (s, false),
    };
    let mut entries = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let letter = match c {
            '#' | '@' => c,
            c => Point::from_letter(c, Dialect::Soumille)
                .or_else(|| Point::from_letter(c, Dialect::Lepeintre))
                .map(|p| p.letter(Dialect::Soumille))
                .ok_or_else(|| format!("{c:?} is no point"))?,
        };
        let mut count = String::new();
        while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '?') {
            count.push(d);
            chars.next();
        }
        let count = match count.as_str() {
            "" => Count::Exactly(1),
            "?" => Count::Any,
            n => Count::Exactly(n.parse().map_err(|_| format!("{n:?} is no count"))?),
        };
        entries.push((letter, count));
    }
    Ok(Side::Points { entries, more })
}

/// Whether a side of a position string (Soumille's letters) matches the pattern's.
fn side_matches(p: &Side, text: &str) -> bool {
    let Side::Points { entries, more } = p else { return true };
    let mut have: Vec<(char, u32)> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let mut n = 0u32;
        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d);
            chars.next();
        }
        have.push((c, if n == 0 { 1 } else { n }));
    }
    let found = entries.iter().all(|(c, want)| {
        have.iter().find(|(h, _)| h == c).is_some_and(|(_, n)| *want == Count::Any || *want == Count::Exactly(*n))
    });
    found && (*more || have.iter().all(|(h, _)| entries.iter().any(|(c, _)| c == h)))
}
