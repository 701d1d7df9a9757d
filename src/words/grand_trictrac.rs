//! The words of Grand Trictrac's facts ([`crate::games::grand_trictrac::Fact`]).

use crate::board::Dialect;
use crate::games::grand_trictrac::Fact;

/// The message of a flag saying `fact`, in `letters`.
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match *fact {}
}
