//! The games' tags (the `Game` tag's values, docs/format.md §2) and the syntax each allows
//! (docs/games.md §0.3), from the games' declaration (`crate::declare::games!`): the board
//! model's, below the notation, so that a position string's `game=` field
//! ([`crate::board::ScoreFields::game`]) names a game without the board importing the
//! notation. The notation re-exports both (`crate::notation::Game`, `crate::notation::Forms`)
//! and adds what reading a tag needs.

/// The syntax a record of a game may use (docs/format.md, docs/games.md §0.3): what the
/// reader asks of a game, declared with it (`crate::declare::games!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forms {
    /// Grand Trictrac's strict forms: moves of at most three points, no `@`, `*`, cube,
    /// `partie`.
    Trictrac,
    /// Paths of up to five points and `*` hit claims (docs/games.md §0.3).
    Paths,
    /// Paths, and the bar (`@`) and the doubling cube (docs/games.md §D.9).
    BarAndCube,
    /// Paths, and Tric Trac's marks after the play, `partie`, `prolonge` / `recommence`
    /// (docs/games.md §E.11).
    TricTrac,
    /// Paths and `*` claims (of a pin), no bar; a result's kind `single`, `gammon` or `mana`
    /// (Plakoto, docs/games.md §J.7).
    Pins,
}

/// The `Game` tag's values, from the games' declaration (`crate::declare::games!`).
macro_rules! game_tags {
    ($( $(#[$gdoc:meta])* $engine:ident($module:ident::$ty:ident) {
        $( $(#[$doc:meta])* $tag:ident {
            name: $name:literal, aliases: [$($alias:literal),*], shared: $shared:literal, forms: $forms:ident,
            fields: [$($field:literal),*], results: $results:literal, row: $row:path,
        }, )+
    } )*) => {
        /// The game a record is of (`Game` tag).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Game {
            $($( $(#[$doc])* $tag, )+)*
        }

        impl Game {
            /// Every game, in the order of the declaration (the first is the default).
            pub const ALL: &'static [Game] = &[$($(Game::$tag,)+)*];

            /// The canonical tag value.
            pub const fn name(self) -> &'static str {
                match self { $($(Game::$tag => $name,)+)* }
            }

            /// Other spellings of the tag the reader accepts (besides any case and accents).
            pub const fn aliases(self) -> &'static [&'static str] {
                match self { $($(Game::$tag => &[$($alias),*],)+)* }
            }

            /// Whether the reader keeps a position with both seats' men on a point, for the
            /// game to judge (Jacquet's `position` claim, docs/games.md §A.10).
            pub const fn keeps_shared_points(self) -> bool {
                match self { $($(Game::$tag => $shared,)+)* }
            }

            /// The syntax its records may use.
            pub const fn forms(self) -> Forms {
                match self { $($(Game::$tag => Forms::$forms,)+)* }
            }

            /// The score fields its position strings may carry after the seat.
            pub const fn score_fields(self) -> &'static [&'static str] {
                match self { $($(Game::$tag => &[$($field),*],)+)* }
            }

            /// What a malformed `Result` of the game expects, in words.
            pub const fn results_expected(self) -> &'static str {
                match self { $($(Game::$tag => $results,)+)* }
            }
        }
    };
}

crate::declare::games!(game_tags);

impl Default for Game {
    /// The first game of the declaration: Grand Trictrac.
    fn default() -> Game {
        Game::ALL[0]
    }
}
