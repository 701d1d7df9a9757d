//! Seeded self-play: complete games of random lawful play, as records (docs/commands.md `generate`).
//! The same seed gives the same games.

use crate::dice::Dice;
use crate::notation::Record;

/// Why a game could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The generator does not play this game.
    #[error("the generator does not play {0} yet")]
    NotPlayed(crate::notation::Game),
}

/// `count` complete games of `game` by seeded self-play under the game's default rules,
/// every play legal and every claim right, each ending with its `Result` (docs/commands.md
/// `generate`): the same game, count and seed give the same records. Grand Trictrac's
/// games are tours of one generator seeded once; another game's game `k` is played from
/// the seed `seed + k`.
///
/// ```
/// use soumille::notation::Game;
/// for game in [Game::GrandTrictrac, Game::Jacquet] {
///     let records: Vec<_> = soumille::generate(game, 2, 7).collect::<Result<_, _>>().unwrap();
///     assert_eq!(records.len(), 2);
/// }
/// ```
pub fn generate(game: crate::notation::Game, count: u32, seed: u64) -> Generated {
    if game == crate::notation::Game::GrandTrictrac {
        return Generated(Inner::Tours(Box::new(crate::games::grand_trictrac::generate::games_iter(count, seed))));
    }
    let rules = crate::games::Games::with_rules(game, &[]).expect("a game's defaults are its options");
    Generated(Inner::Seeded { game, rules, seed, next: 0, count })
}

/// The records of [`generate`], one by one; after an error, none.
pub struct Generated(Inner);

enum Inner {
    /// Grand Trictrac's tours.
    Tours(Box<dyn Iterator<Item = Record>>),
    /// Another game's games, one a seed: the game and its rules, the first game's seed, the
    /// next game's number (from 0) and how many.
    Seeded { game: crate::notation::Game, rules: crate::games::Games, seed: u64, next: u64, count: u32 },
}

impl Iterator for Generated {
    type Item = Result<Record, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.0 {
            Inner::Tours(tours) => tours.next().map(Ok),
            Inner::Seeded { game, rules, seed, next, count } => {
                if *next >= u64::from(*count) {
                    return None;
                }
                let k = *next;
                *next += 1;
                match rules.generate(seed.wrapping_add(k)) {
                    Some(rec) => Some(Ok(rec)),
                    None => {
                        *next = u64::from(*count);
                        Some(Err(GenerateError::NotPlayed(*game)))
                    }
                }
            }
        }
    }
}

/// A small, seeded, reproducible generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }

    /// A roll of two dice.
    pub fn dice(&mut self) -> Dice {
        Dice::new(1 + self.below(6) as u8, 1 + self.below(6) as u8).expect("1..=6")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grand_trictrac::generate::games_iter;
    use crate::notation::Game;

    /// The records of [`generate`], printed.
    fn printed(game: Game, count: u32, seed: u64) -> Vec<String> {
        generate(game, count, seed)
            .map(|r| crate::notation::print_record(&r.expect("generated"), Default::default()))
            .collect()
    }

    #[test]
    fn grand_trictrac_s_games_are_the_tours_of_one_seed() {
        let games = printed(Game::GrandTrictrac, 3, 5);
        let tours: Vec<String> =
            games_iter(3, 5).map(|r| crate::notation::print_record(&r, Default::default())).collect();
        assert_eq!(games, tours);
        assert!(games[0].starts_with("[Game \"grand-trictrac\"]"), "{}", games[0]);
    }

    #[test]
    fn another_game_s_games_are_one_a_seed_and_replay_clean() {
        for game in [Game::Jacquet, Game::Backgammon] {
            let games = printed(game, 2, 9);
            assert_eq!(games.len(), 2);
            assert_eq!(printed(game, 1, 10)[0], games[1], "{game}: game k is seed + k");
            for text in &games {
                let r = &crate::notation::read(text)[0];
                assert!(r.errors.is_empty(), "{game}: {:?}", r.errors);
                assert_eq!(r.header.game, game);
                let rp = crate::replay::replay(&r.record, &r.header, Some(text));
                assert!(rp.flags.is_empty(), "{game}: {:?}", rp.flags);
            }
        }
        assert_eq!(generate(Game::Jacquet, 0, 1).count(), 0);
    }
}
