//! The words of Jacquet and Moultezim's facts ([`crate::games::jacquet::Fact`]).

use crate::board::Dialect;
use crate::games::jacquet::Fact;

/// The message of a flag saying `fact`, in `letters`.
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match *fact {}
}
