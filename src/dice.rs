//! The dice of one throw (docs/format.md §3).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A roll of two dice, and the order a record wrote them in (docs/format.md §3: `6-5` and
/// `5-6` are read, the canonical form is higher first).
///
/// The written order is kept so that a record prints back as it was read and an imported
/// file's `45:` goes back as `45:` (docs/games.md §I.8), but it is no part of the roll: two
/// `Dice` are equal (and hash alike) when they are the same roll, in whichever order
/// written, and the rules see only [`Dice::high`] and [`Dice::low`].
#[derive(Clone, Copy, Debug)]
pub struct Dice {
    hi: u8,
    lo: u8,
    /// Written lower die first (`4-5`).
    lower_first: bool,
}

impl PartialEq for Dice {
    /// The same roll, the written order aside.
    #[inline]
    fn eq(&self, other: &Dice) -> bool {
        self.hi == other.hi && self.lo == other.lo
    }
}

impl Eq for Dice {}

impl std::hash::Hash for Dice {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.hi, self.lo).hash(state);
    }
}

/// The period names of the doublets, by die value (index 0 = aces).
pub const DOUBLET_NAMES: [&str; 6] = ["bezas", "double-deux", "ternes", "carmes", "quines", "sonnez"];

impl Dice {
    /// Two dice of 1..=6 in any order, to be written higher first (the canonical order);
    /// `None` for an impossible value.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        Dice::as_written(a.max(b), a.min(b))
    }

    /// Two dice of 1..=6 in the order a record or a file wrote them (`4-5`, `45:`), which
    /// they print back in; `None` for an impossible value.
    #[inline]
    pub fn as_written(a: u8, b: u8) -> Option<Dice> {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return None;
        }
        Some(Dice { hi: a.max(b), lo: a.min(b), lower_first: a < b })
    }

    /// The die written first.
    #[inline]
    pub fn first(self) -> u8 {
        if self.lower_first {
            self.lo
        } else {
            self.hi
        }
    }

    /// The die written second.
    #[inline]
    pub fn second(self) -> u8 {
        if self.lower_first {
            self.hi
        } else {
            self.lo
        }
    }

    /// Whether the record wrote the lower die first (`4-5`).
    #[inline]
    pub fn lower_first(self) -> bool {
        self.lower_first
    }

    /// The same roll written higher first (the canonical order, `fmt`'s).
    #[inline]
    pub fn canonical(self) -> Dice {
        Dice { lower_first: false, ..self }
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
        (1..=6u8).flat_map(|h| (1..=h).map(move |l| Dice { hi: h, lo: l, lower_first: false }))
    }
}

impl fmt::Display for Dice {
    /// In the order written (`6-5`, `4-5`), doublets as digits (`2-2`); [`Dice::canonical`]
    /// first for the higher die first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first(), self.second())
    }
}

impl Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // higher first, as the JSON documents say (docs/commands.md, `json` and `replay`)
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

    #[test]
    fn the_written_order_is_kept_but_is_no_part_of_the_roll() {
        let written = Dice::as_written(4, 5).unwrap();
        assert_eq!(written.to_string(), "4-5");
        assert_eq!((written.first(), written.second(), written.high(), written.low()), (4, 5, 5, 4));
        assert!(written.lower_first());
        assert_eq!(written.canonical().to_string(), "5-4");
        assert_eq!(Dice::as_written(5, 4).unwrap().to_string(), "5-4");
        assert_eq!(Dice::as_written(3, 3).unwrap().to_string(), "3-3");
        // the same roll: equal, hashed alike
        assert_eq!(written, Dice::new(5, 4).unwrap());
        let hash = |d: Dice| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(d)
        };
        assert_eq!(hash(written), hash(Dice::new(5, 4).unwrap()));
        assert!(Dice::as_written(0, 3).is_none() && Dice::as_written(3, 7).is_none());
        // JSON writes the higher die first (docs/commands.md)
        assert_eq!(serde_json::to_string(&written).unwrap(), "[5,4]");
    }
}
