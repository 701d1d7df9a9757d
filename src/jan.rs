//! Jans: the scoring events of Grand Trictrac (RULES.md §4–§7), by their codes (NOTATION.md §3),
//! and the three point codes of Tric Trac (GAMES.md §E.11).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The code of a jan as written in a mark list (NOTATION.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JanCode {
    /// Jan de six tables (de trois coups), RULES.md §6.
    SixTables,
    /// Jan de deux tables, RULES.md §6.
    DeuxTables,
    /// Contre-jan de deux tables, RULES.md §6.
    ContreDeuxTables,
    /// Jan de mézéas, RULES.md §6.
    Mezeas,
    /// Contre-jan de mézéas, RULES.md §6.
    ContreMezeas,
    /// Filling the petit jan, RULES.md §5.
    PetitJan,
    /// Filling the grand jan, RULES.md §5.
    GrandJan,
    /// Filling the jan de retour, RULES.md §5.
    Retour,
    /// Preserving the petit jan, RULES.md §5.
    ConservePetitJan,
    /// Preserving the grand jan, RULES.md §5.
    ConserveGrandJan,
    /// Preserving the jan de retour, RULES.md §5.
    ConserveRetour,
    /// True hit (battre à vrai), RULES.md §4.
    Vrai,
    /// False hit (battre à faux), marked by the opponent, RULES.md §4.
    Faux,
    /// Hitting the opponent's empty rest corner, RULES.md §4.
    Coin,
    /// A helpless man (unplayable die), marked by the opponent, RULES.md §7.
    Impuissance,
    /// First to bear off all fifteen men, RULES.md §7.
    Sortie,
    /// School points, RULES.md §9.
    Ecole,
    /// Jan de rencontre (obsolete, `anciens=oui`), RULES.md §7.
    Rencontre,
    /// Margot la fendue (obsolete), RULES.md §7.
    Margot,
    /// Pile de misère (obsolete), RULES.md §7.
    Misere,
    /// Preserving the pile de misère (obsolete), RULES.md §7.
    ConserveMisere,
    /// Tric Trac: a capture, 1 point a man (GAMES.md §E.9, §E.11).
    Prise,
    /// Tric Trac: a man borne off, 1 point (GAMES.md §E.9, §E.11).
    Retiree,
    /// Tric Trac: the grand pont, 2 points (GAMES.md §E.9, §E.11).
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

    /// [`JanCode::from_code`] on bytes: the canonical spelling first, then any case.
    pub fn from_code_bytes(s: &[u8]) -> Option<JanCode> {
        if s.len() > 18 {
            return None;
        }
        if let Some(c) = CODES.iter().find(|(_, n, a)| n.as_bytes() == s || a.as_bytes() == s) {
            return Some(c.0);
        }
        CODES
            .iter()
            .find(|(_, n, a)| n.as_bytes().eq_ignore_ascii_case(s) || a.as_bytes().eq_ignore_ascii_case(s))
            .map(|c| c.0)
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
}
