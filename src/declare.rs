//! The games, each declared once (docs/adding-a-game.md).
//!
//! [`games!`] holds the one list of the games: each rules engine (its variant of
//! `games::Games`, its module and type) and the `Game` tag values it plays (the variant of
//! `notation::Game`, the tag and its other spellings, the forms its records may use, the score
//! fields of its position strings, what a malformed `Result` expects, its row of the game
//! registry). It imports nothing: the layers that need the list expand it with a macro of
//! their own, `notation` its tags (`notation::header`), `games` its engines and their one
//! dispatch (`games::Games`) and the registry's rows (`games::registry::GAMES`). A sixth game
//! is its folder and one entry here.
//!
//! The entries are in the order of the tag values (the first is the default game).

/// Calls the macro `$then!` with the list of the games (see the [module docs](self)).
///
/// Each entry: `Variant(module::Type) { Tag { … }, … }`, the engine then its tags, each with
/// `name` (the tag value), `aliases`, `shared` (whether the reader keeps a position with
/// both seats' men on a point, for the game to judge), `forms` (a `notation::Forms`: what
/// the reader allows a record of it), `fields` (its position strings' score fields after the seat), `results`
/// (what a malformed `Result` expects) and `row` (its `games::registry::GameRow`).
macro_rules! games {
    ($then:ident) => {
        $then! {
            /// Grand Trictrac, or Trictrac à écrire (docs/rules.md).
            GrandTrictrac(grand_trictrac::GrandTrictrac) {
                /// `grand-trictrac` (the default).
                GrandTrictrac {
                    name: "grand-trictrac", aliases: [], shared: false, forms: Trictrac,
                    fields: ["holes", "points", "throws", "bredouille", "pavillon"],
                    results: "expected `*` or a result such as `top 12-7`",
                    row: crate::games::registry::GRAND_TRICTRAC_ROW,
                },
                /// `trictrac-a-ecrire`: the written-score match form (docs/rules.md §12).
                TrictracAEcrire {
                    name: "trictrac-a-ecrire", aliases: ["trictrac-à-écrire"], shared: false, forms: Trictrac,
                    fields: ["holes", "points", "throws", "bredouille", "pavillon"],
                    results: "expected `*` or a result such as `top 12-7`",
                    row: crate::games::registry::TRICTRAC_A_ECRIRE_ROW,
                },
            }
            /// Jacquet or Moultezim (docs/games.md §A–§C).
            Jacquet(jacquet::Jacquet) {
                /// `jacquet` (docs/games.md §A, §B).
                Jacquet {
                    name: "jacquet", aliases: [], shared: true, forms: Paths, fields: [],
                    results: "expected `*` or a result such as `top 2`",
                    row: crate::games::registry::JACQUET_ROW,
                },
                /// `moultezim` (docs/games.md §C).
                Moultezim {
                    name: "moultezim", aliases: [], shared: true, forms: Paths, fields: [],
                    results: "expected `*` or a result such as `top 2`",
                    row: crate::games::registry::MOULTEZIM_ROW,
                },
            }
            /// Backgammon of the 1982 booklet, with the cube (docs/games.md §D).
            Backgammon(backgammon::Backgammon) {
                /// `backgammon` (docs/games.md §D, §I).
                Backgammon {
                    name: "backgammon", aliases: [], shared: false, forms: BarAndCube, fields: ["cube", "owner"],
                    results: "expected `*` or a result such as `top 2` or `top 2 gammon`",
                    row: crate::games::registry::BACKGAMMON_ROW,
                },
            }
            /// Tric Trac of the 1982 booklet (docs/games.md §E).
            TricTrac(tric_trac::TricTrac) {
                /// `tric-trac`: the simplified game of the 1982 booklet (docs/games.md §E).
                TricTrac {
                    name: "tric-trac", aliases: [], shared: false, forms: TricTrac, fields: ["points", "parties"],
                    results: "expected `*` or the series' points such as `top 5-2`",
                    row: crate::games::registry::TRIC_TRAC_ROW,
                },
            }
            /// Plakoto, the Greek tables game of pinning (docs/games.md §J).
            Plakoto(plakoto::Plakoto) {
                /// `plakoto` (docs/games.md §J).
                Plakoto {
                    name: "plakoto", aliases: [], shared: true, forms: Pins, fields: ["pinned"],
                    results: "expected `*` or a result such as `top 1 single` or `top 2 mana`",
                    row: crate::games::plakoto::ROW,
                },
            }
        }
    };
}

pub(crate) use games;
