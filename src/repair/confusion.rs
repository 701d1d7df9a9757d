//! The confusion model: which letter, die or figure a scribe writes for which, with what
//! weight. The tables are data (`data/confusions/*.txt`, embedded), and a historian may add
//! a file of their own (`--confusions FILE`) in the same form:
//!
//! ```text
//! # a comment
//! [soumille]      # the table the lines below go to: soumille, lepeintre, dice, digits
//! I L 0.30        # I and L read for one another, weight 0.30
//! other 0.004     # the weight of any pair not listed
//! ```
//!
//! Letters are those of docs/format.md §1 (Soumille's capitals A..&, Lepeintre's lower case
//! a..y); dice are 1..6; figures 0..9.

use crate::board::{Dialect, Point};
use std::collections::HashMap;

/// A table of the built-in model, with its text.
const BUILT_IN: [&str; 4] = [
    include_str!("../../data/confusions/soumille.txt"),
    include_str!("../../data/confusions/lepeintre.txt"),
    include_str!("../../data/confusions/dice.txt"),
    include_str!("../../data/confusions/digits.txt"),
];

/// What is wrong with a confusion file: the line and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct ConfusionError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// One table: symmetric pairs with weights, and the weight of any other pair.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// `(written, meant) → weight`, both ways.
    pairs: HashMap<(char, char), f64>,
    /// For each symbol, the symbols it is confused with, heaviest first.
    partners: HashMap<char, Vec<(char, f64)>>,
    /// The weight of a pair not listed.
    pub other: f64,
}

impl Table {
    fn add(&mut self, a: char, b: char, w: f64) {
        self.pairs.insert((a, b), w);
        self.pairs.insert((b, a), w);
        for (x, y) in [(a, b), (b, a)] {
            let list = self.partners.entry(x).or_default();
            list.retain(|(c, _)| *c != y);
            list.push((y, w));
            list.sort_by(|p, q| q.1.total_cmp(&p.1));
        }
    }

    /// The weight of `written` standing for `meant`.
    pub fn weight(&self, written: char, meant: char) -> f64 {
        self.pairs.get(&(written, meant)).copied().unwrap_or(self.other)
    }

    /// The symbols listed as confused with `c`, heaviest first.
    pub fn partners(&self, c: char) -> &[(char, f64)] {
        self.partners.get(&c).map_or(&[], Vec::as_slice)
    }
}

/// The whole model: a table per alphabet, the dice, the figures of marks and holes.
#[derive(Clone, Debug, PartialEq)]
pub struct Confusions {
    /// Soumille's capitals.
    pub soumille: Table,
    /// Lepeintre's lower case.
    pub lepeintre: Table,
    /// Dice 1..6.
    pub dice: Table,
    /// Figures 0..9 of marks and hole counts.
    pub digits: Table,
}

impl Confusions {
    /// No confusion at all: every table empty.
    fn empty() -> Confusions {
        Confusions {
            soumille: Table::default(),
            lepeintre: Table::default(),
            dice: Table::default(),
            digits: Table::default(),
        }
    }
}

impl Default for Confusions {
    /// The built-in model (`data/confusions/`).
    fn default() -> Confusions {
        let mut c = Confusions::empty();
        for text in BUILT_IN {
            // the built-in files are tested to read (tests below): an error leaves the table as it is
            let _ = c.add_text(text);
        }
        c
    }
}

impl Confusions {
    /// The table of a record's letters.
    pub fn letters(&self, d: Dialect) -> &Table {
        match d {
            Dialect::Soumille => &self.soumille,
            Dialect::Lepeintre => &self.lepeintre,
        }
    }

    /// The weight of point `written` standing for `meant`, in the letters `d`.
    pub fn letter_weight(&self, d: Dialect, written: Point, meant: Point) -> f64 {
        self.letters(d).weight(written.letter(d), meant.letter(d))
    }

    /// Adds the pairs of a confusion file (a historian's own, or a built-in one): a pair
    /// listed again takes its new weight.
    pub fn add_text(&mut self, text: &str) -> Result<(), ConfusionError> {
        let mut table: Option<&str> = None;
        for (k, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let err = |why: String| ConfusionError { line: k + 1, why };
            if line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                table = Some(match name.trim() {
                    n @ ("soumille" | "lepeintre" | "dice" | "digits") => n,
                    n => return Err(err(format!("unknown table `{}` (soumille, lepeintre, dice, digits)", shown(n)))),
                });
                continue;
            }
            let Some(name) = table else {
                return Err(err("a pair before any `[table]` line".into()));
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let weight = |w: &str| {
                w.parse::<f64>()
                    .ok()
                    .filter(|w| w.is_finite() && *w > 0.0 && *w <= 1.0)
                    .ok_or_else(|| err(format!("`{}` is not a weight in (0, 1]", shown(w))))
            };
            let t = match name {
                "soumille" => &mut self.soumille,
                "lepeintre" => &mut self.lepeintre,
                "dice" => &mut self.dice,
                _ => &mut self.digits,
            };
            match words.as_slice() {
                ["other", w] => t.other = weight(w)?,
                [a, b, w] => {
                    let (a, b) = (symbol(name, a).map_err(&err)?, symbol(name, b).map_err(&err)?);
                    t.add(a, b, weight(w)?);
                }
                _ => return Err(err(format!("`{}` is not `X Y weight` nor `other weight`", shown(line)))),
            }
        }
        Ok(())
    }
}

/// A piece of a confusion file as an error shows it: control characters escaped as `check`
/// writes them ([`crate::notation::escape_controls`]) and cut to [`crate::notation::WINDOW`]
/// characters, so that a line of terminal escapes or of 20 MB stays one short line.
fn shown(s: &str) -> String {
    let cut: String = s.chars().take(crate::notation::WINDOW).collect();
    let more = if cut.len() < s.len() { "…" } else { "" };
    format!("{}{more}", crate::notation::escape_controls(&cut))
}

/// One symbol of table `name`, checked.
fn symbol(name: &str, word: &str) -> Result<char, String> {
    let mut cs = word.chars();
    let (Some(c), None) = (cs.next(), cs.next()) else {
        return Err(format!("`{}` is not one symbol", shown(word)));
    };
    let ok = match name {
        "soumille" => Point::from_letter(c, Dialect::Soumille).is_some(),
        "lepeintre" => Point::from_letter(c, Dialect::Lepeintre).is_some(),
        "dice" => ('1'..='6').contains(&c),
        _ => c.is_ascii_digit(),
    };
    if ok {
        Ok(c)
    } else {
        Err(format!("`{}` is not a symbol of the {name} table", shown(&c.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_tables_read() {
        let mut c = Confusions::empty();
        for text in BUILT_IN {
            c.add_text(text).unwrap();
        }
        assert_eq!(c, Confusions::default());
        assert_eq!(c.soumille.weight('I', 'L'), 0.30);
        assert_eq!(c.soumille.weight('L', 'I'), 0.30);
        assert_eq!(c.soumille.weight('A', 'B'), c.soumille.other);
        assert_eq!(c.lepeintre.partners('u')[0], ('v', 0.35));
        assert_eq!(c.dice.weight('6', '5'), 0.35);
    }

    #[test]
    fn a_historians_file_adds_and_overrides() {
        let mut c = Confusions::default();
        c.add_text("[soumille]\nA H 0.5 # open tops\nI L 0.9\n").unwrap();
        assert_eq!(c.soumille.weight('H', 'A'), 0.5);
        assert_eq!(c.soumille.partners('I')[0], ('L', 0.9));
        let e = c.add_text("[soumille]\nA W 0.5\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(c.add_text("A B 0.5").is_err());
        assert!(c.add_text("[dice]\n7 1 0.5").is_err());
        assert!(c.add_text("[dice]\n6 1 2").is_err());
    }

    #[test]
    fn an_error_shows_the_line_escaped_and_cut() {
        let mut c = Confusions::default();
        let e = c.add_text("[soumille]\nI L 0.3 \u{1b}]0;PWNED\u{7}\u{1b}[2J\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(!e.why.contains('\u{1b}') && !e.why.contains('\u{7}'), "{}", e.why);
        assert!(e.why.contains("\\u{1b}]0;PWNED\\u{7}"), "{}", e.why);
        let long = format!("[soumille]\nI L 0.3 {}\n", "x".repeat(20_000_000));
        let e = c.add_text(&long).unwrap_err();
        assert!(e.why.len() < 400 && e.why.contains('…'), "{}", e.why.len());
        let e = c.add_text(&format!("[{}]\n", "\u{1b}[2J".repeat(1000))).unwrap_err();
        assert!(e.why.len() < 400 && !e.why.contains('\u{1b}'), "{}", e.why);
    }
}
