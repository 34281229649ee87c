//! Nim, the smallest complete [`Game`]: a reference for implementing the trait, and the game of
//! this crate's doc examples and tests. A pile of stones; each turn a player takes one, two or
//! three; whoever takes the last stone wins.

use crate::game::{Evaluator, Game, Outcome};
use crate::moves::MoveList;
use crate::score::Score;

/// A Nim position: the stones left and the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nim {
    stones: u32,
    to_move: usize,
    last_mover: Option<usize>,
}

impl Nim {
    /// A pile of `stones` with player 0 to move.
    pub fn new(stones: u32) -> Self {
        Nim {
            stones,
            to_move: 0,
            last_mover: None,
        }
    }

    /// The stones left.
    pub fn stones(&self) -> u32 {
        self.stones
    }
}

impl Game for Nim {
    /// How many stones to take.
    type Move = u32;
    type Moves = MoveList<u32, 3>;

    fn player_to_move(&self) -> usize {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        for take in 1..=self.stones.min(3) {
            moves.push(take);
        }
    }

    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.last_mover = Some(self.to_move);
        self.to_move ^= 1;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        match (self.stones, self.last_mover) {
            (0, Some(winner)) => Some(Outcome::Win(winner)),
            (0, None) => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        (self.stones as u64) << 1 | self.to_move as u64
    }

    fn move_key(take: u32) -> u16 {
        take as u16
    }
}

/// Scores Nim exactly: the player to move wins when the pile is not a multiple of four.
#[derive(Debug, Clone, Copy, Default)]
pub struct NimEvaluator;

impl Evaluator<Nim> for NimEvaluator {
    fn evaluate(&self, game: &Nim, player: usize) -> Score {
        let mover_wins = !game.stones.is_multiple_of(4);
        if mover_wins == (player == game.to_move) {
            100
        } else {
            -100
        }
    }
}
