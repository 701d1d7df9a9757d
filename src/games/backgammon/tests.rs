//! Backgammon's [`Game`](super::Game) answers and books on records.
