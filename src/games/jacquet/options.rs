//! The options of Jacquet and Moultezim (docs/games.md §F), read from the raw `Rules` pairs of a
//! record (`Header.game_rules`), defaults first.

use crate::games::registry::{OptionError, OptionFault};
use crate::notation::{Game as GameTag, RulePair};
use std::fmt;

/// Which of the two games of the engine (docs/games.md §A, §C).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Jacquet (`[Game "jacquet"]`), basic or advanced rules.
    #[default]
    Jacquet,
    /// Moultezim (`[Game "moultezim"]`): release in the third quarter, first quarter never
    /// closed (docs/games.md §C).
    Moultezim,
}

impl Variant {
    /// The game's tag.
    pub fn tag(self) -> GameTag {
        match self {
            Variant::Jacquet => GameTag::Jacquet,
            Variant::Moultezim => GameTag::Moultezim,
        }
    }

    /// The game's tag value.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Jacquet => "jacquet",
            Variant::Moultezim => "moultezim",
        }
    }

    /// The first relative point whose occupation ends the postillon phase: p19 in Jacquet
    /// (A.5.2), p13 in Moultezim (C.1).
    #[inline]
    pub fn release_point(self) -> usize {
        match self {
            Variant::Jacquet => 19,
            Variant::Moultezim => 13,
        }
    }
}

macro_rules! jacquet_option {
    ($(#[$m:meta])* $name:ident, $key:literal, $section:literal, [$($variant:ident = $text:literal),+ $(,)?]) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum $name {
            #[default]
            $(
                #[doc = concat!("`", $key, "=", $text, "` (docs/games.md ", $section, ")")]
                $variant
            ),+
        }

        impl $name {
            /// The key in the `Rules` tag.
            pub const KEY: &'static str = $key;
            /// The accepted values, default first.
            pub const VALUES: &'static [&'static str] = &[$($text),+];

            /// The value's text.
            pub fn text(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// Reads a value (case-insensitive).
            pub fn from_text(s: &str) -> Option<Self> {
                $(if s.eq_ignore_ascii_case($text) { return Some($name::$variant); })+
                None
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.text())
            }
        }
    };
}

jacquet_option!(
    /// The shorthand for the basic or the advanced rules of Jacquet.
    Level, "jacquet", "§B", [Base = "base", Avance = "avance"]);
jacquet_option!(
    /// When the other men may move after the postillon arrives.
    Postillon, "postillon", "§A.5.3", [TourSuivant = "tour-suivant", Immediat = "immediat"]);
jacquet_option!(
    /// Whether the postillon rests on each intermediate point (`oui`) or jumps the whole
    /// throw (`non`: its intermediate rests may be held by the opponent).
    PostillonRepos, "postillon-repos", "§A.5.4", [Oui = "oui", Non = "non"]);
jacquet_option!(
    /// Which blocks of six a play may not create.
    Blocage, "blocage", "§B.1", [Libre = "libre", Avance = "avance", Avance23 = "avance-23", Livret = "livret"]);
jacquet_option!(
    /// Where men are borne off: over the border, or onto the opponent's talon.
    Retrait, "retrait", "§A.7, §B.2", [Bord = "bord", Talon = "talon"]);
jacquet_option!(
    /// Whether men are borne off farthest first.
    OrdreSortie, "ordre-sortie", "§A.7.5", [Libre = "libre", Lointaine = "lointaine"]);
jacquet_option!(
    /// The winnings: 1 or 2 points, or 1 to 5.
    Victoire, "victoire", "§A.8, §B.3", [UnDeux = "1-2", UnCinq = "1-5"]);

/// The options in force for a Jacquet or Moultezim record (docs/games.md §F).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct JacquetOptions {
    /// Jacquet or Moultezim.
    pub variant: Variant,
    /// `jacquet=base|avance` as given (Jacquet only; it sets the defaults of `blocage` and
    /// `victoire`).
    pub level: Level,
    /// A.5.3.
    pub postillon: Postillon,
    /// A.5.4.
    pub postillon_repos: PostillonRepos,
    /// B.1 (always [`Blocage::Libre`] in Moultezim, whose own rule of the first quarter,
    /// §C.2, is fixed).
    pub blocage: Blocage,
    /// A.7, B.2.
    pub retrait: Retrait,
    /// A.7.5.
    pub ordre_sortie: OrdreSortie,
    /// A.8, B.3.
    pub victoire: Victoire,
}

impl JacquetOptions {
    /// The keys of Jacquet, in canonical order (docs/games.md §F).
    pub const JACQUET_KEYS: [&'static str; 7] =
        [Level::KEY, Postillon::KEY, PostillonRepos::KEY, Blocage::KEY, Retrait::KEY, OrdreSortie::KEY, Victoire::KEY];

    /// The keys of Moultezim (no `jacquet`, no `blocage`: docs/games.md §C.2, §F).
    pub const MOULTEZIM_KEYS: [&'static str; 5] =
        [Postillon::KEY, PostillonRepos::KEY, Retrait::KEY, OrdreSortie::KEY, Victoire::KEY];

    /// The defaults of a game.
    pub fn new(variant: Variant) -> JacquetOptions {
        JacquetOptions { variant, ..JacquetOptions::default() }
    }

    /// The keys a game accepts.
    pub fn keys(variant: Variant) -> &'static [&'static str] {
        match variant {
            Variant::Jacquet => &Self::JACQUET_KEYS,
            Variant::Moultezim => &Self::MOULTEZIM_KEYS,
        }
    }

    /// The accepted values of each key of [`JacquetOptions::JACQUET_KEYS`], default first.
    pub const VALUES: [&'static [&'static str]; 7] = [
        Level::VALUES,
        Postillon::VALUES,
        PostillonRepos::VALUES,
        Blocage::VALUES,
        Retrait::VALUES,
        OrdreSortie::VALUES,
        Victoire::VALUES,
    ];

    /// Reads the `Rules` pairs (key, value as written) of a record of `variant`. Keys and
    /// values are case-insensitive; an unknown key, an unknown value, a key of Jacquet's
    /// that Moultezim refuses, or a key given twice is an [`OptionError`] naming what is
    /// accepted (one per fault). `jacquet=avance` sets `blocage=avance` and `victoire=1-5`
    /// unless those keys are given (docs/games.md §B).
    pub fn parse(variant: Variant, pairs: &[RulePair]) -> Result<JacquetOptions, Vec<OptionError>> {
        let mut o = JacquetOptions::new(variant);
        let mut errors = Vec::new();
        let (game, keys) = (variant.tag(), Self::keys(variant));
        let mut given = [false; 7];
        for p in pairs {
            let (k, v) = (p.key.trim(), p.value.trim());
            let Some(ki) = Self::JACQUET_KEYS.iter().position(|key| key.eq_ignore_ascii_case(k)) else {
                errors.push(OptionError::new(game, OptionFault::UnknownKey, p, keys));
                continue;
            };
            let key = Self::JACQUET_KEYS[ki];
            if !keys.contains(&key) {
                let why = if key == Blocage::KEY {
                    " (its first quarter is never closed, docs/games.md §C.2)"
                } else {
                    " (the advanced rules are Jacquet's)"
                };
                errors.push(OptionError::new(game, OptionFault::NotForGame(why), p, keys).key(key));
                continue;
            }
            if given[ki] {
                errors.push(OptionError::new(game, OptionFault::Twice, p, keys).key(key));
                continue;
            }
            given[ki] = true;
            if !o.set(ki, v) {
                errors.push(OptionError::new(game, OptionFault::UnknownValue, p, Self::VALUES[ki]).key(key));
            }
        }
        if o.level == Level::Avance {
            if !given[3] {
                o.blocage = Blocage::Avance;
            }
            if !given[6] {
                o.victoire = Victoire::UnCinq;
            }
        }
        if errors.is_empty() {
            Ok(o)
        } else {
            Err(errors)
        }
    }

    /// Sets key `ki` of [`JacquetOptions::JACQUET_KEYS`] to `v`: whether it is one of its
    /// values.
    fn set(&mut self, ki: usize, v: &str) -> bool {
        match ki {
            0 => Level::from_text(v).map(|x| self.level = x).is_some(),
            1 => Postillon::from_text(v).map(|x| self.postillon = x).is_some(),
            2 => PostillonRepos::from_text(v).map(|x| self.postillon_repos = x).is_some(),
            3 => Blocage::from_text(v).map(|x| self.blocage = x).is_some(),
            4 => Retrait::from_text(v).map(|x| self.retrait = x).is_some(),
            5 => OrdreSortie::from_text(v).map(|x| self.ordre_sortie = x).is_some(),
            _ => Victoire::from_text(v).map(|x| self.victoire = x).is_some(),
        }
    }
}

impl fmt::Display for JacquetOptions {
    /// The options that differ from the game's defaults, as a `Rules` value (`key=value`,
    /// `; `-separated, canonical key order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = JacquetOptions::new(self.variant);
        let mut parts: Vec<String> = Vec::new();
        let mut put = |k: &str, v: &str, dv: &str| {
            if v != dv {
                parts.push(format!("{k}={v}"));
            }
        };
        put(Postillon::KEY, self.postillon.text(), d.postillon.text());
        put(PostillonRepos::KEY, self.postillon_repos.text(), d.postillon_repos.text());
        put(Blocage::KEY, self.blocage.text(), d.blocage.text());
        put(Retrait::KEY, self.retrait.text(), d.retrait.text());
        put(OrdreSortie::KEY, self.ordre_sortie.text(), d.ordre_sortie.text());
        put(Victoire::KEY, self.victoire.text(), d.victoire.text());
        f.write_str(&parts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<RulePair> {
        list.iter().map(|(k, v)| RulePair::new(*k, *v)).collect()
    }

    fn errors(variant: Variant, list: &[(&str, &str)]) -> Vec<String> {
        JacquetOptions::parse(variant, &pairs(list)).unwrap_err().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn defaults_are_the_basic_rules() {
        let o = JacquetOptions::parse(Variant::Jacquet, &[]).unwrap();
        assert_eq!(o, JacquetOptions::default());
        assert_eq!(o.blocage, Blocage::Libre);
        assert_eq!(o.victoire, Victoire::UnDeux);
        assert_eq!(o.postillon, Postillon::TourSuivant);
        assert_eq!(o.postillon_repos, PostillonRepos::Oui);
        assert_eq!(o.retrait, Retrait::Bord);
        assert_eq!(o.ordre_sortie, OrdreSortie::Libre);
        assert_eq!(o.to_string(), "");
    }

    #[test]
    fn every_key_is_read() {
        let o = JacquetOptions::parse(
            Variant::Jacquet,
            &pairs(&[
                ("postillon", "immediat"),
                ("postillon-repos", "non"),
                ("blocage", "livret"),
                ("retrait", "talon"),
                ("ordre-sortie", "Lointaine"),
                ("victoire", "1-5"),
            ]),
        )
        .unwrap();
        assert_eq!(o.postillon, Postillon::Immediat);
        assert_eq!(o.postillon_repos, PostillonRepos::Non);
        assert_eq!(o.blocage, Blocage::Livret);
        assert_eq!(o.retrait, Retrait::Talon);
        assert_eq!(o.ordre_sortie, OrdreSortie::Lointaine);
        assert_eq!(o.victoire, Victoire::UnCinq);
        assert_eq!(
            o.to_string(),
            "postillon=immediat; postillon-repos=non; blocage=livret; retrait=talon; ordre-sortie=lointaine; victoire=1-5"
        );
    }

    #[test]
    fn the_advanced_shorthand_sets_blocks_and_wins_unless_given() {
        let o = JacquetOptions::parse(Variant::Jacquet, &pairs(&[("jacquet", "avance")])).unwrap();
        assert_eq!((o.blocage, o.victoire), (Blocage::Avance, Victoire::UnCinq));
        let o = JacquetOptions::parse(Variant::Jacquet, &pairs(&[("blocage", "avance-23"), ("jacquet", "avance")]))
            .unwrap();
        assert_eq!((o.blocage, o.victoire), (Blocage::Avance23, Victoire::UnCinq));
        let o = JacquetOptions::parse(Variant::Jacquet, &pairs(&[("jacquet", "avance"), ("victoire", "1-2")])).unwrap();
        assert_eq!((o.blocage, o.victoire), (Blocage::Avance, Victoire::UnDeux));
        let o = JacquetOptions::parse(Variant::Jacquet, &pairs(&[("jacquet", "base")])).unwrap();
        assert_eq!((o.blocage, o.victoire), (Blocage::Libre, Victoire::UnDeux));
    }

    #[test]
    fn errors_name_the_accepted_keys_and_values() {
        let e = errors(Variant::Jacquet, &[("sortie", "parisienne")]);
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("`sortie`") && e[0].contains("postillon, postillon-repos, blocage"), "{}", e[0]);
        let e = errors(Variant::Jacquet, &[("blocage", "total")]);
        assert!(e[0].contains("libre, avance, avance-23, livret"), "{}", e[0]);
        let e = errors(Variant::Jacquet, &[("victoire", "1-2"), ("victoire", "1-5")]);
        assert!(e[0].contains("twice"), "{}", e[0]);
        let e = errors(Variant::Jacquet, &[("postillon", "x"), ("retrait", "y")]);
        assert_eq!(e.len(), 2);
        assert!(e[0].contains("tour-suivant, immediat") && e[1].contains("bord, talon"));
    }

    #[test]
    fn moultezim_takes_no_blocage_nor_jacquet_key() {
        let e = errors(Variant::Moultezim, &[("blocage", "libre")]);
        assert!(e[0].contains("may not be given for moultezim"), "{}", e[0]);
        assert!(!e[0].ends_with("blocage"), "{}", e[0]);
        let e = errors(Variant::Moultezim, &[("jacquet", "avance")]);
        assert!(e[0].contains("postillon, postillon-repos, retrait, ordre-sortie, victoire"), "{}", e[0]);
        let o =
            JacquetOptions::parse(Variant::Moultezim, &pairs(&[("retrait", "talon"), ("victoire", "1-5")])).unwrap();
        assert_eq!(o.variant, Variant::Moultezim);
        assert_eq!((o.retrait, o.victoire, o.blocage), (Retrait::Talon, Victoire::UnCinq, Blocage::Libre));
    }
}
