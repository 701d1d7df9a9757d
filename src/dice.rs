//! The dice of one throw (docs/format.md §3).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A roll of two dice, kept higher first (the canonical order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    hi: u8,
    lo: u8,
}

/// The period names of the doublets, by die value (index 0 = aces).
pub const DOUBLET_NAMES: [&str; 6] = ["bezas", "double-deux", "ternes", "carmes", "quines", "sonnez"];

impl Dice {
    /// Two dice of 1..=6 in any order; `None` for an impossible value.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return None;
        }
        Some(Dice { hi: a.max(b), lo: a.min(b) })
    }

    /// The higher die.
    #[inline]
    pub fn high(self) -> u8 {
        self.hi
    }

    /// The lower die.
    #[inline]
    pub fn low(self) -> u8 {
        self.lo
    }

    /// Whether both dice show the same number.
    #[inline]
    pub fn is_doublet(self) -> bool {
        self.hi == self.lo
    }

    /// The sum of the dice.
    #[inline]
    pub fn sum(self) -> u8 {
        self.hi + self.lo
    }

    /// Reads a doublet name (`bezas`, `ambesas`, `double-deux`, `ternes`, `carmes`,
    /// `quines`, `sonnez`; case-insensitive).
    pub fn from_doublet_name(s: &str) -> Option<Dice> {
        // compared in any case without building the lower-case word
        let v = if s.eq_ignore_ascii_case("ambesas") {
            1
        } else {
            DOUBLET_NAMES.iter().position(|n| n.eq_ignore_ascii_case(s))? as u8 + 1
        };
        Dice::new(v, v)
    }

    /// All 21 distinct rolls, singletons and doublets.
    pub fn all() -> impl Iterator<Item = Dice> {
        (1..=6u8).flat_map(|h| (1..=h).map(move |l| Dice { hi: h, lo: l }))
    }
}

impl fmt::Display for Dice {
    /// Canonical: higher die first, doublets as digits (`6-5`, `2-2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.hi, self.lo)
    }
}

impl Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.hi, self.lo].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [a, b] = <[u8; 2]>::deserialize(d)?;
        Dice::new(a, b).ok_or_else(|| serde::de::Error::custom(format!("impossible dice {a}-{b}: each die is 1 to 6")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order_and_names() {
        assert_eq!(Dice::new(5, 6).unwrap().to_string(), "6-5");
        assert_eq!(Dice::from_doublet_name("Sonnez"), Dice::new(6, 6));
        assert_eq!(Dice::from_doublet_name("ambesas"), Dice::new(1, 1));
        assert_eq!(Dice::from_doublet_name("double-deux"), Dice::new(2, 2));
        assert!(Dice::new(0, 3).is_none());
        assert!(Dice::new(7, 3).is_none());
        assert_eq!(Dice::all().count(), 21);
    }
}
