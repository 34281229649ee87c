//! What the lab's chess drivers share when they play games with the engine's search: the
//! position the engine searches (the board with the shipped network's accumulators, as the
//! `plyforge` engine has it), starts varied by random moves, the game loop, and a finished
//! game's points for one player.

use crate::spsa::SplitMix64;
use plyforge_chess::nnue::{Network, NnueBoard};
use plyforge_chess::{Board, GameHistory, Move, Outcome};
use plyforge_search::Game;

/// `board` as the engine searches it: with the accumulators of the network the chess crate
/// ships (evaluate it with `plyforge_chess::nnue::NnueEvaluation`).
pub fn engine_position(board: Board) -> NnueBoard {
    NnueBoard::new(board, Network::embedded())
}

/// `game` after `plies` random legal moves (fewer where the game ends first), drawn from
/// `random`: many starts from a few openings.
pub fn play_random_moves(game: &mut GameHistory, plies: usize, random: &mut SplitMix64) {
    for _ in 0..plies {
        let moves = game.board().legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[random.below(moves.len())];
        game.play(mv).expect("a legal move");
    }
}

/// The starts of a match: the first `count` of `openings`, or, with `random_plies` above 0, the
/// openings in turn (as many times as `count` needs), each followed by that many random legal
/// moves drawn from `seed`: at a fixed node count a start gives the same game every time it is
/// played, so many games need many starts.
pub fn match_starts(
    mut openings: Vec<Board>,
    count: usize,
    random_plies: usize,
    seed: u64,
) -> Vec<Board> {
    if random_plies == 0 || openings.is_empty() {
        openings.truncate(count);
        return openings;
    }
    let mut random = SplitMix64(seed);
    (0..count)
        .map(|index| {
            let mut game = GameHistory::new(openings[index % openings.len()]);
            play_random_moves(&mut game, random_plies, &mut random);
            *game.board()
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_moves_are_legal_and_follow_the_seed() {
        let start = |seed| {
            let mut game = GameHistory::default();
            play_random_moves(&mut game, 6, &mut SplitMix64(seed));
            game
        };
        let game = start(7);
        // Six plies played from the start: White to move again, each move made on a board.
        assert_eq!(game.board().fullmove_number(), 4);
        assert_eq!(game.board().side_to_move(), plyforge_chess::Color::White);
        assert_eq!(start(7).board(), game.board());
        let others = (8..16).filter(|&seed| start(seed).board() != game.board());
        assert!(others.count() >= 7, "other seeds give other starts");
    }

    #[test]
    fn match_starts_cycle_the_openings_and_follow_the_seed() {
        let openings: Vec<Board> = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        ]
        .map(|fen| fen.parse().unwrap())
        .into();
        // Without random plies: the first openings, as they are.
        assert_eq!(match_starts(openings.clone(), 1, 0, 3), openings[..1]);
        assert_eq!(match_starts(openings.clone(), 5, 0, 3), openings);
        // With them: as many starts as asked, each two plies after its opening, in turn.
        let starts = match_starts(openings.clone(), 6, 2, 3);
        assert_eq!(starts.len(), 6);
        for (index, start) in starts.iter().enumerate() {
            assert_eq!(start.side_to_move(), plyforge_chess::Color::Black);
            assert_eq!(start.fullmove_number(), 2);
            let opening = openings[index % 2];
            let moved = opening.legal_moves().into_iter().any(|mv| {
                let mut after = opening;
                after.play(mv);
                after.legal_moves().into_iter().any(|reply| {
                    let mut end = after;
                    end.play(reply);
                    end == *start
                })
            });
            assert!(moved, "start {index} is two legal plies after its opening");
        }
        assert_eq!(match_starts(openings.clone(), 6, 2, 3), starts);
        assert_ne!(match_starts(openings, 6, 2, 4), starts);
    }

    #[test]
    fn random_moves_stop_where_the_game_ends() {
        // Black is checkmated: no move to play.
        let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
        let mut game = GameHistory::new(mated);
        play_random_moves(&mut game, 4, &mut SplitMix64(1));
        assert_eq!(*game.board(), mated);
    }
}
