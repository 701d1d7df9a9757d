//! Grand Trictrac's rule options, from the `Rules` tag's pairs (docs/rules.md §13), defaults
//! first; shared by Trictrac à écrire.

use crate::games::registry::{read_options, OptionError};
use crate::notation::{Game as GameTag, RulePair, RulesError};
use std::fmt;

macro_rules! option_enum {
    ($(#[$m:meta])* $name:ident, $key:literal, $section:literal, [$($variant:ident = $text:literal),+ $(,)?]) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum $name {
            #[default]
            $(
                #[doc = concat!("`", $key, "=", $text, "` (docs/rules.md ", $section, ")")]
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

option_enum!(
    /// Bearing off: Parisian or provincial method.
    Sortie, "sortie", "§3", [Parisienne = "parisienne", Provinciale = "provinciale"]);
option_enum!(
    /// Whether a tout d'une may rest in a closed grand jan to pass beyond it.
    PassageRest, "passage-rest", "§3", [Allowed = "allowed", Forbidden = "forbidden"]);
option_enum!(
    /// Whether hits respect the passage rules.
    HitPassage, "hit-passage", "§4", [Ignored = "ignored", Checked = "checked"]);
option_enum!(
    /// The obsolete jans (rencontre, Margot la fendue, pile de misère).
    Anciens, "anciens", "§7", [Non = "non", Oui = "oui"]);
option_enum!(
    /// The scheme of winnings.
    Gains, "gains", "§8", [Guiton = "guiton", Ancien = "ancien", Pont = "pont"]);
option_enum!(
    /// How a broken fill or preservation is charged as a school.
    EcolePlein, "ecole-plein", "§9", [Guiton = "guiton", Lepeintre = "lepeintre"]);
option_enum!(
    /// The consolation after refaits in Trictrac à écrire.
    Consolation, "consolation", "§12", [Lineaire = "lineaire", Double = "double"]);
option_enum!(
    /// Whether the queue des jetons is paid.
    QueueJetons, "queue-jetons", "§12", [Oui = "oui", Non = "non"]);
option_enum!(
    /// Who throws first in the next marqué.
    Primaute, "primaute", "§12", [Gagnant = "gagnant", Alterne = "alterne"]);

/// The options in force, with which of them the tag gave explicitly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// §3 bearing off.
    pub sortie: Sortie,
    /// §3 resting in a closed jan.
    pub passage_rest: PassageRest,
    /// §4 hits and passage.
    pub hit_passage: HitPassage,
    /// §7 obsolete jans.
    pub anciens: Anciens,
    /// §8 winnings.
    pub gains: Gains,
    /// §9 schools for a broken fill or preservation.
    pub ecole_plein: EcolePlein,
    /// §12 consolation.
    pub consolation: Consolation,
    /// §12 queue des jetons.
    pub queue_jetons: QueueJetons,
    /// §12 primauté.
    pub primaute: Primaute,
    /// Which keys were given (bit per key, in [`RuleOptions::KEYS`] order).
    pub given: u16,
}

impl RuleOptions {
    /// The keys, in canonical order (docs/rules.md §13).
    pub const KEYS: [&'static str; 9] = [
        Sortie::KEY,
        PassageRest::KEY,
        HitPassage::KEY,
        Anciens::KEY,
        Gains::KEY,
        EcolePlein::KEY,
        Consolation::KEY,
        QueueJetons::KEY,
        Primaute::KEY,
    ];

    /// The accepted values of each key of [`RuleOptions::KEYS`], default first.
    pub const VALUES: [&'static [&'static str]; 9] = [
        Sortie::VALUES,
        PassageRest::VALUES,
        HitPassage::VALUES,
        Anciens::VALUES,
        Gains::VALUES,
        EcolePlein::VALUES,
        Consolation::VALUES,
        QueueJetons::VALUES,
        Primaute::VALUES,
    ];

    fn value_text(&self, key: usize) -> &'static str {
        match key {
            0 => self.sortie.text(),
            1 => self.passage_rest.text(),
            2 => self.hit_passage.text(),
            3 => self.anciens.text(),
            4 => self.gains.text(),
            5 => self.ecole_plein.text(),
            6 => self.consolation.text(),
            7 => self.queue_jetons.text(),
            _ => self.primaute.text(),
        }
    }

    fn set(&mut self, key: usize, v: &str) {
        macro_rules! put {
            ($field:ident, $ty:ident) => {
                if let Some(x) = $ty::from_text(v) {
                    self.$field = x;
                }
            };
        }
        match key {
            0 => put!(sortie, Sortie),
            1 => put!(passage_rest, PassageRest),
            2 => put!(hit_passage, HitPassage),
            3 => put!(anciens, Anciens),
            4 => put!(gains, Gains),
            5 => put!(ecole_plein, EcolePlein),
            6 => put!(consolation, Consolation),
            7 => put!(queue_jetons, QueueJetons),
            _ => put!(primaute, Primaute),
        }
    }

    /// Reads the `Rules` pairs of a record of `game` (Grand Trictrac or Trictrac à écrire):
    /// keys and values in any case. Every unknown key or value, and a key given twice, is an
    /// [`OptionError`] naming the accepted ones.
    pub fn from_pairs(game: GameTag, pairs: &[RulePair]) -> Result<RuleOptions, Vec<OptionError>> {
        let mut o = RuleOptions::default();
        let given = read_options(game, &Self::KEYS, &Self::VALUES, pairs, |k, v| o.set(k, Self::VALUES[k][v]))?;
        o.given = given as u16;
        Ok(o)
    }

    /// The options of a Grand Trictrac record's `Rules` tag (the defaults when the game
    /// refuses them, or for a record of another game).
    pub fn of(header: &crate::notation::Header) -> RuleOptions {
        Self::from_pairs(header.game, &header.game_rules).unwrap_or_default()
    }

    /// Reads a `Rules` value: `key=value` pairs separated by `;` (spaces allowed), as a
    /// Grand Trictrac record's. Malformed parts, unknown keys and values are errors naming
    /// the accepted ones (each at its part of `text`); so is a key given twice.
    pub fn parse(text: &str) -> Result<RuleOptions, Vec<RulesError>> {
        let pairs = crate::notation::rule_pairs(text)?;
        let pairs: Vec<RulePair> = pairs
            .into_iter()
            .map(|(mut p, at)| {
                // the span of an option is its range in `text`
                p.span = Some(crate::notation::Span::new(at.start, at.end));
                p
            })
            .collect();
        Self::from_pairs(GameTag::GrandTrictrac, &pairs).map_err(|es| {
            es.into_iter()
                .map(|e| {
                    let at = e.span.map_or(0..text.len(), |s| s.range());
                    RulesError { at, message: e.to_string() }
                })
                .collect()
        })
    }
}

impl RuleOptions {
    /// The same options, marked given where they differ from the defaults only: its
    /// [`fmt::Display`] writes the options that make these rules other than the defaults,
    /// in §13 order (what a position string's `rules=` carries, docs/games.md §H.7).
    pub fn departures(&self) -> RuleOptions {
        let d = RuleOptions::default();
        let mut o = *self;
        o.given = 0;
        for i in 0..Self::KEYS.len() {
            if self.value_text(i) != d.value_text(i) {
                o.given |= 1 << i;
            }
        }
        o
    }
}

impl fmt::Display for RuleOptions {
    /// The canonical `Rules` value: the given keys in §13 order, `; `-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, key) in Self::KEYS.iter().enumerate() {
            if self.given & (1 << i) != 0 {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{key}={}", self.value_text(i))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_canonically() {
        let o = RuleOptions::parse(" gains=pont ;sortie=Provinciale").unwrap();
        assert_eq!(o.sortie, Sortie::Provinciale);
        assert_eq!(o.gains, Gains::Pont);
        assert_eq!(o.passage_rest, PassageRest::Allowed);
        assert_eq!(o.to_string(), "sortie=provinciale; gains=pont");
        assert_eq!(RuleOptions::parse("").unwrap().to_string(), "");
    }

    #[test]
    fn departures_are_the_options_other_than_the_defaults() {
        let o = RuleOptions::parse("gains=guiton; sortie=provinciale; primaute=alterne").unwrap();
        assert_eq!(o.departures().to_string(), "sortie=provinciale; primaute=alterne");
        assert_eq!(RuleOptions::parse("gains=guiton").unwrap().departures().to_string(), "");
    }

    #[test]
    fn errors_name_accepted_values() {
        let e = RuleOptions::parse("sortie=anglaise;foo=bar;gains").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].at, 24..29);
        let e = RuleOptions::parse("sortie=anglaise;foo=bar").unwrap_err();
        assert_eq!(e.len(), 2);
        assert!(e[0].message.contains("parisienne, provinciale"), "{}", e[0].message);
        assert!(e[1].message.contains("unknown rule option `foo` for grand-trictrac"), "{}", e[1].message);
        assert_eq!(e[1].at, 16..23);
        let e = RuleOptions::parse("gains=pont;gains=ancien").unwrap_err();
        assert!(e[0].message.contains("twice"));
        let pairs = [RulePair::new("Gains", "PONT"), RulePair::new("primaute", "alterne")];
        let o = RuleOptions::from_pairs(GameTag::TrictracAEcrire, &pairs).unwrap();
        assert_eq!(o.to_string(), "gains=pont; primaute=alterne");
        let e = RuleOptions::from_pairs(GameTag::TrictracAEcrire, &[RulePair::new("cube", "oui")]).unwrap_err();
        assert!(e[0].to_string().contains("`cube` for trictrac-a-ecrire"), "{}", e[0]);
    }
}
