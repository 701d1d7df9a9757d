//! The words of Tric Trac's facts ([`crate::games::tric_trac::Fact`]).

use crate::board::Dialect;
use crate::games::tric_trac::Fact;

/// The message of a flag saying `fact`, in `letters`.
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match *fact {}
}
