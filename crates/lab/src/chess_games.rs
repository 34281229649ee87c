//! What the lab's chess drivers share when they play games with the engine's search: the
//! position the engine searches (the board with the shipped network's accumulators, as the
//! `plyforge` engine has it), the game loop, and a finished game's points for one player.

use plyforge_chess::nnue::{Network, NnueBoard};
use plyforge_chess::{Board, GameHistory, Move, Outcome};
use plyforge_search::Game;

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

/// Plays a game from `opening` to its end by the rules (a draw claim ends it), or to a draw
/// after `max_plies`; `choose(board, earlier_hashes, ours)` gives each move, `ours` true for
/// the side whose points are returned: the side to move at the start when `ours_first`, else
/// the other.
pub fn play(
    opening: &Board,
    ours_first: bool,
    max_plies: usize,
    mut choose: impl FnMut(&Board, &[u64], bool) -> Move,
) -> f64 {
    let our_player = if ours_first {
        opening.player_to_move()
    } else {
        1 - opening.player_to_move()
    };
    let mut game = GameHistory::new(*opening);
    for _ in 0..max_plies {
        if let Some(outcome) = game.outcome_with_claims() {
            return points(outcome, our_player);
        }
        let board = *game.board();
        let mv = choose(
            &board,
            game.earlier_hashes(),
            board.player_to_move() == our_player,
        );
        game.play(mv).expect("the engine plays a legal move");
    }
    0.5
}
