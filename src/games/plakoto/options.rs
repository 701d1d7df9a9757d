//! Plakoto's options, from the `Rules` tag's `key=value` pairs (docs/games.md §J.5), defaults
//! first.

use crate::games::registry::{read_options, OptionError, OptionSpec};
use crate::notation::{Game as GameTag, RulePair};
use std::fmt;

/// What a pinned mother is worth (docs/games.md §J.5, `mana=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mana {
    /// `double`: the game ends, the pinned seat loses 2.
    #[default]
    Double,
    /// `simple`: the game ends, the pinned seat loses 1.
    Simple,
    /// `non`: no such rule; play goes on.
    Non,
}

impl Mana {
    /// The points a pinned mother loses; `None` with `mana=non`.
    pub fn points(self) -> Option<u32> {
        match self {
            Mana::Double => Some(2),
            Mana::Simple => Some(1),
            Mana::Non => None,
        }
    }
}

/// Plakoto's options (docs/games.md §J.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// `mana` (§J.5).
    pub mana: Mana,
}

/// The options of the game's future registry row (docs/games.md §J), defaults first.
pub const OPTION_SPECS: &[OptionSpec] = &[OptionSpec {
    key: "mana",
    values: &["double", "simple", "non"],
    default: "double",
    about: "a mother pinned on its starting point ends the game: worth 2, 1, or no such rule",
    section: "§J.5",
}];

impl Options {
    /// The keys.
    pub const KEYS: [&'static str; 1] = ["mana"];

    /// The accepted values of each key of [`Options::KEYS`], default first.
    pub const VALUES: [&'static [&'static str]; 1] = [&["double", "simple", "non"]];

    /// Reads the `Rules` pairs (key, value as written; case-insensitive, trimmed) of a record
    /// of `game` (the tag the errors name). Every wrong pair is an [`OptionError`] naming the
    /// accepted keys or values.
    pub fn from_pairs(game: GameTag, pairs: &[RulePair]) -> Result<Options, Vec<OptionError>> {
        let mut o = Options::default();
        read_options(game, &Self::KEYS, &Self::VALUES, pairs, |_, vi| {
            o.mana = [Mana::Double, Mana::Simple, Mana::Non][vi];
        })?;
        Ok(o)
    }
}

impl fmt::Display for Options {
    /// The options that differ from the defaults, `key=value`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vi = [Mana::Double, Mana::Simple, Mana::Non].iter().position(|&m| m == self.mana).unwrap_or(0);
        if vi != 0 {
            write!(f, "{}={}", Self::KEYS[0], Self::VALUES[0][vi])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(k: &str, v: &str) -> RulePair {
        RulePair { key: k.into(), value: v.into(), span: None }
    }

    #[test]
    fn mana_reads_each_value_and_defaults_to_double() {
        let read = |v: &str| Options::from_pairs(GameTag::Backgammon, &[pair("mana", v)]).map(|o| o.mana);
        assert_eq!(Options::from_pairs(GameTag::Backgammon, &[]).unwrap().mana, Mana::Double);
        assert_eq!(read("simple").unwrap(), Mana::Simple);
        assert_eq!(read(" NON ").unwrap(), Mana::Non);
        assert!(read("triple").is_err());
        assert!(Options::from_pairs(GameTag::Backgammon, &[pair("cube", "oui")]).is_err());
        assert_eq!(Options { mana: Mana::Simple }.to_string(), "mana=simple");
        assert_eq!(Options::default().to_string(), "");
    }

    #[test]
    fn the_spec_row_matches_the_parser() {
        assert_eq!(OPTION_SPECS.len(), Options::KEYS.len());
        assert_eq!(OPTION_SPECS[0].key, Options::KEYS[0]);
        assert_eq!(OPTION_SPECS[0].values, Options::VALUES[0]);
        assert_eq!(OPTION_SPECS[0].default, Options::VALUES[0][0]);
    }
}
