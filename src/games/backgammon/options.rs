//! Backgammon's options, from the `Rules` tag's `key=value` pairs (docs/games.md §F), defaults
//! first.

use crate::games::registry::{read_options, OptionError};
use crate::notation::{Game as GameTag, RulePair};
use std::fmt;

/// Who plays the opening dice (docs/games.md §D.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PremierCoup {
    /// `tirage`: the opener plays the two dice thrown separately; throw 1 is no doublet.
    #[default]
    Tirage,
    /// `relance`: the opener throws both dice again; throw 1 may be a doublet.
    Relance,
}

/// When only one die of a singleton can be played (docs/games.md §D.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum UnSeulDe {
    /// `moderne`: the higher if it can be played, else the lower (GNU Backgammon).
    #[default]
    Moderne,
    /// `livret`: the higher if it can be played, else nothing (003:90, 003:116).
    Livret,
}

/// When a gammon is a backgammon (docs/games.md §D.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Triple {
    /// `moderne`: a gammon, and the loser has a man on the bar or in his Q1.
    #[default]
    Moderne,
    /// `livret`: the loser has a man on the bar or in his Q1 (003:150), borne off or not.
    Livret,
}

/// Backgammon's options (docs/games.md §F).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// `premier-coup` (§D.3).
    pub premier_coup: PremierCoup,
    /// `un-seul-de` (§D.6).
    pub un_seul_de: UnSeulDe,
    /// `backgammon` (§D.8).
    pub backgammon: Triple,
    /// `cube=oui|non` (§D.7): whether the doubling cube is in play.
    pub cube: bool,
    /// `crawford=oui|non` (docs/games.md §I.2): in a match, no double in the game after a seat
    /// first reaches one point short of the match.
    pub crawford: bool,
    /// `jacoby=oui|non` (docs/games.md §I.4, money play): gammons and backgammons count
    /// single while the cube has not been turned.
    pub jacoby: bool,
    /// `beaver=oui|non` (docs/games.md §I.4, money play): the taker of a double may beaver
    /// (redouble at once and keep the cube).
    pub beaver: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            premier_coup: PremierCoup::Tirage,
            un_seul_de: UnSeulDe::Moderne,
            backgammon: Triple::Moderne,
            cube: true,
            crawford: true,
            jacoby: false,
            beaver: false,
        }
    }
}

impl Options {
    /// The keys, in docs/games.md §F order.
    pub const KEYS: [&'static str; 7] =
        ["premier-coup", "un-seul-de", "backgammon", "cube", "crawford", "jacoby", "beaver"];

    /// The accepted values of each key of [`Options::KEYS`], default first.
    pub const VALUES: [&'static [&'static str]; 7] = [
        &["tirage", "relance"],
        &["moderne", "livret"],
        &["moderne", "livret"],
        &["oui", "non"],
        &["oui", "non"],
        &["non", "oui"],
        &["non", "oui"],
    ];

    /// Reads the `Rules` pairs (key, value as written; case-insensitive, trimmed). Every
    /// wrong pair is an [`OptionError`] naming the accepted keys or values.
    pub fn from_pairs(pairs: &[RulePair]) -> Result<Options, Vec<OptionError>> {
        let mut o = Options::default();
        read_options(GameTag::Backgammon, &Self::KEYS, &Self::VALUES, pairs, |ki, vi| {
            let first = vi == 0;
            match ki {
                0 => o.premier_coup = if first { PremierCoup::Tirage } else { PremierCoup::Relance },
                1 => o.un_seul_de = if first { UnSeulDe::Moderne } else { UnSeulDe::Livret },
                2 => o.backgammon = if first { Triple::Moderne } else { Triple::Livret },
                3 => o.cube = first,
                4 => o.crawford = first,
                5 => o.jacoby = !first,
                _ => o.beaver = !first,
            }
        })?;
        Ok(o)
    }

    /// The options as played in a match (`[Match "N"]`, N > 0): Jacoby and beavers are money
    /// play's (docs/games.md §I.4): no Jacoby rule, and a beaver breaks `beaver=non`.
    pub fn in_match(self) -> Options {
        Options { jacoby: false, beaver: false, ..self }
    }

    fn values(&self) -> [usize; 7] {
        [
            usize::from(self.premier_coup == PremierCoup::Relance),
            usize::from(self.un_seul_de == UnSeulDe::Livret),
            usize::from(self.backgammon == Triple::Livret),
            usize::from(!self.cube),
            usize::from(!self.crawford),
            usize::from(self.jacoby),
            usize::from(self.beaver),
        ]
    }
}

impl fmt::Display for Options {
    /// The options that differ from the defaults, `key=value; …` in §F order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (ki, vi) in self.values().into_iter().enumerate() {
            if vi != 0 {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{}={}", Self::KEYS[ki], Self::VALUES[ki][vi])?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::registry::OptionFault;

    fn pairs(p: &[(&str, &str)]) -> Vec<RulePair> {
        p.iter().map(|(k, v)| RulePair::new(*k, *v)).collect()
    }

    #[test]
    fn defaults_and_every_value() {
        assert_eq!(Options::from_pairs(&[]).unwrap(), Options::default());
        let o = Options::default();
        assert_eq!(
            (o.premier_coup, o.un_seul_de, o.backgammon, o.cube),
            (PremierCoup::Tirage, UnSeulDe::Moderne, Triple::Moderne, true)
        );
        let o = Options::from_pairs(&pairs(&[
            ("premier-coup", "relance"),
            ("Un-Seul-De", " LIVRET"),
            ("backgammon", "livret"),
            ("cube", "non"),
        ]))
        .unwrap();
        assert_eq!(
            (o.premier_coup, o.un_seul_de, o.backgammon, o.cube),
            (PremierCoup::Relance, UnSeulDe::Livret, Triple::Livret, false)
        );
        assert_eq!(o.to_string(), "premier-coup=relance; un-seul-de=livret; backgammon=livret; cube=non");
        let o = Options::from_pairs(&pairs(&[("cube", "oui"), ("premier-coup", "tirage")])).unwrap();
        assert_eq!(o, Options::default());
        assert_eq!(o.to_string(), "");
    }

    /// `jacoby` and `beaver` (docs/games.md §I.4): off by default, on with `oui`, both off in
    /// a match.
    #[test]
    fn jacoby_and_beaver() {
        let o = Options::default();
        assert!(!o.jacoby && !o.beaver);
        let o = Options::from_pairs(&pairs(&[("jacoby", "oui"), ("beaver", "OUI")])).unwrap();
        assert!(o.jacoby && o.beaver);
        assert_eq!(o.to_string(), "jacoby=oui; beaver=oui");
        assert_eq!(o.in_match(), Options::default());
        let o = Options::from_pairs(&pairs(&[("jacoby", "non"), ("beaver", "non")])).unwrap();
        assert_eq!((o, o.to_string()), (Options::default(), String::new()));
    }

    #[test]
    fn errors_name_the_accepted_keys_and_values() {
        let e = Options::from_pairs(&pairs(&[("sortie", "parisienne"), ("cube", "peut-etre"), ("cube", "oui")]))
            .unwrap_err();
        assert_eq!(e.len(), 3);
        assert_eq!(
            e[0].to_string(),
            "unknown rule option `sortie` for backgammon; the options are premier-coup, un-seul-de, backgammon, cube, crawford, jacoby, beaver"
        );
        assert_eq!(e[1].to_string(), "unknown value `peut-etre` for `cube`; accepted: oui, non");
        assert_eq!((e[2].fault, e[2].key.as_str()), (OptionFault::Twice, "cube"));
        let e = Options::from_pairs(&pairs(&[("beaver", "peut-etre")])).unwrap_err();
        assert_eq!(e[0].to_string(), "unknown value `peut-etre` for `beaver`; accepted: non, oui");
        let e = Options::from_pairs(&pairs(&[("un-seul-de", "ancien")])).unwrap_err();
        assert_eq!(e[0].to_string(), "unknown value `ancien` for `un-seul-de`; accepted: moderne, livret");
    }
}
