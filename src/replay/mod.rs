//! The replay: a record folded throw by throw over the engine (docs/rules.md §10, §11), with a
//! flag for every fausse case, wrong seat and unreplayable play. It never stops at the
//! first flag; only a play that cannot be applied at all stops the game's replay.
//!
//! Game-neutral: the output ([`Replay`], its steps, [`Flag`] with its [`Fact`]), the books
//! every game keeps ([`Ledger`]), the first seat, and the entry points; each game's books
//! ([`Game::books`], e.g. [`crate::games::grand_trictrac::books`]) hold its claims.

use crate::board::Seat;
use crate::games::{Game, Games};
use crate::notation::{Header, Play as RecordedPlay, Record};
use crate::position::Position;

mod file;
mod flag;
mod ledger;
mod model;
mod resume;
mod run;
pub mod words;
pub use file::{read_records, replay_file, replay_match, ReplayedRecord};
pub use flag::*;
pub use ledger::*;
pub use model::*;
pub use resume::*;
pub use run::*;
// The games' parts of the model live in their folders; their paths under `crate::replay` kept.
pub use crate::games::grand_trictrac::output::{
    start_score, GrandTrictracBooks, GrandTrictracStep, MarqueResult, Outcome,
};
pub use crate::games::tric_trac::output::PartieStep;

/// The seat that throws first: the Position tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men the first recorded move takes (docs/rules.md §11); top
/// when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    let opening = Position::opening(Seat::Top);
    first_seat_by(rec, header, |s, p| opening.men(s, Position::relative(s, p)) > 0)
}

/// [`first_seat`] for any game: `starts_on(seat, point)` tells whether `seat` has men on
/// `point` at the game's opening (its talon, its start), which decides when the first move
/// is all the record says (docs/games.md §A.2, §D.3, §E.3).
pub fn first_seat_by(rec: &Record, header: &Header, starts_on: impl Fn(Seat, crate::board::Point) -> bool) -> Seat {
    if let Some(p) = &header.position {
        return p.turn;
    }
    if let Some(s) = header.first {
        return s;
    }
    if let Some(t) = rec.throws.first() {
        if let Some(s) = t.seat {
            return s;
        }
        if let Some(RecordedPlay::Moves(m)) = &t.play {
            if let Some(p) = m.first().and_then(|m| m.from_point()) {
                if let Some(s) = Seat::ALL.into_iter().find(|&s| starts_on(s, p)) {
                    return s;
                }
            }
        }
    }
    Seat::Top
}

/// Replays a record (docs/rules.md §10, §11) and keeps its books (§8, §9). `src` (the text it
/// was read from) lets flags point at the play or the marks. The game is chosen once, from
/// the `Game` tag ([`Games::of`]).
pub fn replay(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, true)
}

/// Like [`replay`], keeping no step (`steps` stays empty): the flags, the score, the end and
/// the outcome only, for checking many records in little memory.
pub fn replay_books(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, false)
}

/// Replays a record under the rules of `game`, keeping each throw's step or not. A game the
/// engine does not know ([`Game::replayable`]) gives one `not-replayed` flag at the first
/// throw.
pub fn replay_game<G: Game>(game: &G, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    replay_fed(game, rec, ThrowFeed::of(rec), header, src, keep_steps)
}

/// [`replay_game`] over the throws of `feed` (`rec`'s tags, and its first throw at least:
/// the games read the first seat from it).
pub fn replay_fed<G: Game>(
    game: &G,
    rec: &Record,
    feed: ThrowFeed<'_>,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    if game.replayable() {
        return game.books_fed(rec, feed, header, src, keep_steps);
    }
    // a game whose rules are not known: its records are read, printed and converted
    let mut ledger = Ledger::new(rec, header, src, keep_steps);
    if let Some(t) = rec.throws.first() {
        ledger.stop(t, None, Stop::UnknownRules { game: game.tag() }, None);
    }
    ledger.out
}
