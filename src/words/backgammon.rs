//! The words of Backgammon's facts ([`crate::games::backgammon::Fact`]).

use crate::board::Dialect;
use crate::games::backgammon::Fact;

/// The message of a flag saying `fact`, in `letters`.
pub fn message(fact: &Fact, _letters: Dialect) -> String {
    match *fact {}
}
