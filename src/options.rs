//! Grand Trictrac's rule options, now in its folder ([`crate::games::grand_trictrac::options`]);
//! re-exported here for the paths of earlier versions.

pub use crate::games::grand_trictrac::options::*;
pub use crate::notation::RulesError;

/// Reads a `Rules` value as `(key, value)` pairs, trimmed, in the order written: its form
/// only (each part a `key=value` of words, each key once), as the reader reads a `Rules`
/// tag ([`crate::notation::rule_pairs`]); the game judges the keys and values.
pub fn raw_pairs(text: &str) -> Result<Vec<(String, String)>, Vec<RulesError>> {
    crate::notation::rule_pairs(text).map(|pairs| pairs.into_iter().map(|(p, _)| (p.key, p.value)).collect())
}
