//! Tric Trac's options (docs/games.md §F): `plus-fort`, `pont`, `points-perdant`, defaults first.
//!
//! The `Rules` tag of a Tric Trac record comes as raw `key=value` pairs; this module reads
//! the keys Tric Trac knows and refuses any other key or value with an error naming the
//! accepted ones.

use crate::games::registry::{read_options, OptionError};
use crate::notation::{Game as GameTag, RulePair};
use std::fmt;

/// `plus-fort` (docs/games.md §E.5): whether, when only one die of a singleton can be used, it
/// must be the higher if the higher can be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlusFort {
    /// `oui` (default): the higher die, as in Backgammon (§D.6 `moderne`).
    #[default]
    Oui,
    /// `non`: either die.
    Non,
}

/// `pont` (docs/games.md §E.9): how often the grand pont scores its 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pont {
    /// `chaque-coup` (default): 2 points for every throw of the seat at the end of whose play
    /// the pont stands.
    #[default]
    ChaqueCoup,
    /// `une-fois`: 2 points when the pont is made, again only when made anew after being
    /// broken.
    UneFois,
}

/// `points-perdant` (docs/games.md §E.10): the loser's points when the winner prolongs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PointsPerdant {
    /// `remis` (default): set to 0.
    #[default]
    Remis,
    /// `gardes`: kept.
    Gardes,
}

/// The options of a Tric Trac record (docs/games.md §F).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// §E.5.
    pub plus_fort: PlusFort,
    /// §E.9.
    pub pont: Pont,
    /// §E.10.
    pub points_perdant: PointsPerdant,
}

impl Options {
    /// The keys, in the order of docs/games.md §F.
    pub const KEYS: [&'static str; 3] = ["plus-fort", "pont", "points-perdant"];

    /// The accepted values of each key of [`Options::KEYS`], default first.
    pub const VALUES: [&'static [&'static str]; 3] =
        [&["oui", "non"], &["chaque-coup", "une-fois"], &["remis", "gardes"]];

    /// Reads the `(key, value)` pairs of a `Rules` tag (keys and values case-insensitive).
    /// An unknown key, an unknown value or a key given twice is an [`OptionError`] naming
    /// the accepted keys or values.
    pub fn from_pairs(pairs: &[RulePair]) -> Result<Options, Vec<OptionError>> {
        let mut o = Options::default();
        read_options(GameTag::TricTrac, &Self::KEYS, &Self::VALUES, pairs, |k, v| match k {
            0 => o.plus_fort = [PlusFort::Oui, PlusFort::Non][v],
            1 => o.pont = [Pont::ChaqueCoup, Pont::UneFois][v],
            _ => o.points_perdant = [PointsPerdant::Remis, PointsPerdant::Gardes][v],
        })?;
        Ok(o)
    }

    fn value_index(&self, k: usize) -> usize {
        match k {
            0 => self.plus_fort as usize,
            1 => self.pont as usize,
            _ => self.points_perdant as usize,
        }
    }
}

impl fmt::Display for Options {
    /// The options that differ from the defaults, `key=value; …` (empty for the defaults).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (k, key) in Self::KEYS.iter().enumerate() {
            let v = self.value_index(k);
            if v != 0 {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{key}={}", Self::VALUES[k][v])?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<RulePair> {
        p.iter().map(|(k, v)| RulePair::new(*k, *v)).collect()
    }

    fn message(pairs_: &[(&str, &str)]) -> String {
        Options::from_pairs(&pairs(pairs_)).unwrap_err()[0].to_string()
    }

    #[test]
    fn defaults_first() {
        let o = Options::from_pairs(&[]).unwrap();
        assert_eq!(o, Options::default());
        assert_eq!(o.plus_fort, PlusFort::Oui);
        assert_eq!(o.pont, Pont::ChaqueCoup);
        assert_eq!(o.points_perdant, PointsPerdant::Remis);
        assert_eq!(o.to_string(), "");
    }

    #[test]
    fn every_key_and_value_is_read() {
        let o =
            Options::from_pairs(&pairs(&[("plus-fort", "non"), ("Pont", "UNE-FOIS"), ("points-perdant", "gardes")]))
                .unwrap();
        assert_eq!(o.plus_fort, PlusFort::Non);
        assert_eq!(o.pont, Pont::UneFois);
        assert_eq!(o.points_perdant, PointsPerdant::Gardes);
        assert_eq!(o.to_string(), "plus-fort=non; pont=une-fois; points-perdant=gardes");
        let o =
            Options::from_pairs(&pairs(&[("plus-fort", "oui"), ("pont", "chaque-coup"), ("points-perdant", "remis")]))
                .unwrap();
        assert_eq!(o, Options::default());
    }

    #[test]
    fn unknown_keys_and_values_name_the_accepted_ones() {
        let e = message(&[("cube", "oui")]);
        assert!(e.contains("`cube` for tric-trac") && e.contains("plus-fort, pont, points-perdant"), "{e}");
        let e = message(&[("pont", "toujours")]);
        assert!(e.contains("`toujours`") && e.contains("chaque-coup, une-fois"), "{e}");
        let e = message(&[("plus-fort", "peut-etre")]);
        assert!(e.contains("oui, non"), "{e}");
        let e = message(&[("points-perdant", "x")]);
        assert!(e.contains("remis, gardes"), "{e}");
        let e = message(&[("pont", "une-fois"), ("pont", "une-fois")]);
        assert!(e.contains("twice"), "{e}");
    }
}
