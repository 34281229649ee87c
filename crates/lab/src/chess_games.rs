//! What the lab's chess drivers share when they play games with the engine's search: the
//! position the engine searches (the board with the shipped network's accumulators, as the
//! `plyforge` engine has it) and a finished game's points for one player.

use plyforge_chess::nnue::{Network, NnueBoard};
use plyforge_chess::{Board, Outcome};

/// `board` as the engine searches it: with the accumulators of the network the chess crate
/// ships (evaluate it with `plyforge_chess::nnue::NnueEvaluation`).
pub fn engine_position(board: Board) -> NnueBoard {
    NnueBoard::new(board, Network::embedded())
}

/// The points of `player` (a colour's index) in a game that ended with `outcome`: 1 for a win,
/// ½ for a draw, 0 for a loss.
pub fn points(outcome: Outcome, player: usize) -> f64 {
    match outcome.winner() {
        None => 0.5,
        Some(winner) if winner.index() == player => 1.0,
        Some(_) => 0.0,
    }
}
