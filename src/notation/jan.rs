//! Jans: the scoring events of Grand Trictrac (docs/rules.md §4–§7), by their codes (docs/format.md §3),
//! and the three point codes of Tric Trac (docs/games.md §E.11).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The code of a jan as written in a mark list (docs/format.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JanCode {
    /// Jan de six tables (de trois coups), docs/rules.md §6.
    SixTables,
    /// Jan de deux tables, docs/rules.md §6.
    DeuxTables,
    /// Contre-jan de deux tables, docs/rules.md §6.
    ContreDeuxTables,
    /// Jan de mézéas, docs/rules.md §6.
    Mezeas,
    /// Contre-jan de mézéas, docs/rules.md §6.
    ContreMezeas,
    /// Filling the petit jan, docs/rules.md §5.
    PetitJan,
    /// Filling the grand jan, docs/rules.md §5.
    GrandJan,
    /// Filling the jan de retour, docs/rules.md §5.
    Retour,
    /// Preserving the petit jan, docs/rules.md §5.
    ConservePetitJan,
    /// Preserving the grand jan, docs/rules.md §5.
    ConserveGrandJan,
    /// Preserving the jan de retour, docs/rules.md §5.
    ConserveRetour,
    /// True hit (battre à vrai), docs/rules.md §4.
    Vrai,
    /// False hit (battre à faux), marked by the opponent, docs/rules.md §4.
    Faux,
    /// Hitting the opponent's empty rest corner, docs/rules.md §4.
    Coin,
    /// A helpless man (unplayable die), marked by the opponent, docs/rules.md §7.
    Impuissance,
    /// First to bear off all fifteen men, docs/rules.md §7.
    Sortie,
    /// School points, docs/rules.md §9.
    Ecole,
    /// Jan de rencontre (obsolete, `anciens=oui`), docs/rules.md §7.
    Rencontre,
    /// Margot la fendue (obsolete), docs/rules.md §7.
    Margot,
    /// Pile de misère (obsolete), docs/rules.md §7.
    Misere,
    /// Preserving the pile de misère (obsolete), docs/rules.md §7.
    ConserveMisere,
    /// Tric Trac: a capture, 1 point a man (docs/games.md §E.9, §E.11).
    Prise,
    /// Tric Trac: a man borne off, 1 point (docs/games.md §E.9, §E.11).
    Retiree,
    /// Tric Trac: the grand pont, 2 points (docs/games.md §E.9, §E.11).
    Pont,
}

/// (code, canonical name, short alias)
const CODES: [(JanCode, &str, &str); 24] = [
    (JanCode::SixTables, "six-tables", "6t"),
    (JanCode::DeuxTables, "deux-tables", "2t"),
    (JanCode::ContreDeuxTables, "contre-deux-tables", "c2t"),
    (JanCode::Mezeas, "mezeas", "mz"),
    (JanCode::ContreMezeas, "contre-mezeas", "cmz"),
    (JanCode::PetitJan, "petit-jan", "pj"),
    (JanCode::GrandJan, "grand-jan", "gj"),
    (JanCode::Retour, "retour", "jr"),
    (JanCode::ConservePetitJan, "conserve-petit-jan", "cpj"),
    (JanCode::ConserveGrandJan, "conserve-grand-jan", "cgj"),
    (JanCode::ConserveRetour, "conserve-retour", "cjr"),
    (JanCode::Vrai, "vrai", "bv"),
    (JanCode::Faux, "faux", "bf"),
    (JanCode::Coin, "coin", "bc"),
    (JanCode::Impuissance, "impuissance", "imp"),
    (JanCode::Sortie, "sortie", "so"),
    (JanCode::Ecole, "ecole", "ec"),
    (JanCode::Rencontre, "rencontre", "rencontre"),
    (JanCode::Margot, "margot", "margot"),
    (JanCode::Misere, "misere", "misere"),
    (JanCode::ConserveMisere, "conserve-misere", "conserve-misere"),
    (JanCode::Prise, "prise", "pr"),
    (JanCode::Retiree, "retiree", "rt"),
    (JanCode::Pont, "pont", "gp"),
];

impl JanCode {
    /// The canonical code (`vrai`, `petit-jan`, …).
    pub fn name(self) -> &'static str {
        CODES[self as usize].1
    }

    /// Reads a code or its short alias, case-insensitively.
    pub fn from_code(s: &str) -> Option<JanCode> {
        JanCode::from_code_bytes(s.as_bytes())
    }

    /// [`JanCode::from_code`] on bytes, in any case: read by its length, then by a `match`
    /// on its bytes (the reader calls it for every jan of every mark; a test checks it
    /// against the table of codes); folded to lower case only when it has capitals.
    pub fn from_code_bytes(s: &[u8]) -> Option<JanCode> {
        if let Some(code) = JanCode::from_lower_code(s) {
            return Some(code);
        }
        if s.len() > 18 || !s.iter().any(u8::is_ascii_uppercase) {
            return None;
        }
        let mut folded = [0u8; 18];
        let low = folded.get_mut(..s.len())?;
        for (l, &b) in low.iter_mut().zip(s) {
            *l = b.to_ascii_lowercase();
        }
        JanCode::from_lower_code(low)
    }

    /// A code or alias written in lower case, as the printer writes them.
    #[inline]
    pub fn from_lower_code(low: &[u8]) -> Option<JanCode> {
        use JanCode::*;
        fn fixed<const N: usize>(low: &[u8]) -> [u8; N] {
            let mut a = [0u8; N];
            a.copy_from_slice(&low[..N]);
            a
        }
        Some(match low.len() {
            2 => match &fixed::<2>(low) {
                b"bv" => Vrai,
                b"bf" => Faux,
                b"bc" => Coin,
                b"6t" => SixTables,
                b"2t" => DeuxTables,
                b"mz" => Mezeas,
                b"pj" => PetitJan,
                b"gj" => GrandJan,
                b"jr" => Retour,
                b"so" => Sortie,
                b"ec" => Ecole,
                b"pr" => Prise,
                b"rt" => Retiree,
                b"gp" => Pont,
                _ => return None,
            },
            3 => match &fixed::<3>(low) {
                b"c2t" => ContreDeuxTables,
                b"cmz" => ContreMezeas,
                b"cpj" => ConservePetitJan,
                b"cgj" => ConserveGrandJan,
                b"cjr" => ConserveRetour,
                b"imp" => Impuissance,
                _ => return None,
            },
            4 => {
                // one comparison of a number each (the most frequent codes)
                const VRAI: u32 = u32::from_le_bytes(*b"vrai");
                const FAUX: u32 = u32::from_le_bytes(*b"faux");
                const COIN: u32 = u32::from_le_bytes(*b"coin");
                const PONT: u32 = u32::from_le_bytes(*b"pont");
                match u32::from_le_bytes(fixed::<4>(low)) {
                    VRAI => Vrai,
                    FAUX => Faux,
                    COIN => Coin,
                    PONT => Pont,
                    _ => return None,
                }
            }
            5 => match &fixed::<5>(low) {
                b"ecole" => Ecole,
                b"prise" => Prise,
                _ => return None,
            },
            _ => match low {
                b"six-tables" => SixTables,
                b"deux-tables" => DeuxTables,
                b"contre-deux-tables" => ContreDeuxTables,
                b"mezeas" => Mezeas,
                b"contre-mezeas" => ContreMezeas,
                b"petit-jan" => PetitJan,
                b"grand-jan" => GrandJan,
                b"retour" => Retour,
                b"conserve-petit-jan" => ConservePetitJan,
                b"conserve-grand-jan" => ConserveGrandJan,
                b"conserve-retour" => ConserveRetour,
                b"impuissance" => Impuissance,
                b"sortie" => Sortie,
                b"rencontre" => Rencontre,
                b"margot" => Margot,
                b"misere" => Misere,
                b"conserve-misere" => ConserveMisere,
                b"retiree" => Retiree,
                _ => return None,
            },
        })
    }

    /// Every code, in table order.
    pub fn all() -> impl Iterator<Item = JanCode> {
        CODES.iter().map(|c| c.0)
    }
}

impl fmt::Display for JanCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_aliases() {
        for (i, c) in JanCode::all().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(JanCode::from_code(c.name()), Some(c));
        }
        assert_eq!(JanCode::from_code("CPJ"), Some(JanCode::ConservePetitJan));
        assert_eq!(JanCode::from_code("bv"), Some(JanCode::Vrai));
        assert_eq!(JanCode::from_code("nope"), None);
        assert_eq!(JanCode::from_code("pr"), Some(JanCode::Prise));
        assert_eq!(JanCode::from_code("Retiree"), Some(JanCode::Retiree));
        assert_eq!(JanCode::from_code("gp"), Some(JanCode::Pont));
        assert_eq!(JanCode::Pont.name(), "pont");
    }

    /// The `match` of `from_code_bytes` reads every code and alias of the table, in lower,
    /// upper and mixed case, and nothing else close to them.
    #[test]
    fn the_match_is_the_table() {
        for (code, name, alias) in CODES {
            for w in [name, alias] {
                let upper = w.to_ascii_uppercase();
                let mixed: String =
                    w.chars().enumerate().map(|(k, c)| if k % 2 == 0 { c.to_ascii_uppercase() } else { c }).collect();
                for v in [w.to_string(), upper, mixed] {
                    assert_eq!(JanCode::from_code(&v), Some(code), "{v}");
                    assert_eq!(JanCode::from_code(&format!("{v}s")), None, "{v}s");
                    assert_eq!(JanCode::from_code(&v[..v.len() - 1]).filter(|&c| c == code), None, "{v}");
                }
            }
        }
        assert_eq!(JanCode::from_code(""), None);
        assert_eq!(JanCode::from_code("contre-deux-tables-"), None);
        assert_eq!(JanCode::from_code("vraì"), None);
    }
}
