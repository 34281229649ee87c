//! Solved positions: an alpha-beta search that finds a forced win or loss with its exact value
//! says so in `proven`, with the winner plain minimax gives, stops deepening once no deeper
//! iteration can change it (reporting the depth it reached), and says nothing where the result
//! is still open.

use plyforge_search::nim::{Nim, NimEvaluator};
use plyforge_search::score::{Score, loss_in, plies_to_end, win_in};
use plyforge_search::{Config, Game, Limits, MoveList, Outcome, Searcher};

/// Plain minimax of Nim to the end of the game, from the view of the player to move, with the
/// distance to the end in the score.
fn minimax(game: &Nim, ply: usize) -> Score {
    if let Some(Outcome::Win(winner)) = game.outcome_by_rule() {
        return if winner == game.player_to_move() {
            win_in(ply)
        } else {
            loss_in(ply)
        };
    }
    let mut moves = MoveList::<u32, 3>::default();
    game.generate_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&take| {
            let mut child = *game;
            child.play(take);
            -minimax(&child, ply + 1)
        })
        .max()
        .expect("a pile with stones has moves")
}

#[test]
fn a_forced_result_is_proven_with_minimaxs_winner_and_value() {
    for stones in 1..=14 {
        let root = Nim::new(stones);
        let expected = minimax(&root, 0);
        let winner = if expected > 0 { 0 } else { 1 };
        for config in [Config::default(), Config::exact()] {
            let limit = stones + 20;
            let mut reported = Vec::new();
            let result = Searcher::new(config.with_tt_mib(1))
                .search(&root, &NimEvaluator, &Limits::depth(limit), &[], |info| {
                    reported.push(info.depth)
                })
                .unwrap();
            assert_eq!(result.score, expected, "{stones} stones");
            let plies = plies_to_end(expected).unwrap().unsigned_abs();
            assert_eq!(
                result.depth, plies,
                "{stones} stones: the depth of the proof"
            );
            assert_eq!(reported.last(), Some(&plies), "{stones} stones");
            assert!(!result.stopped);
            assert_eq!(result.proven, Some(Outcome::Win(winner)), "{stones} stones");
        }
    }
}

#[test]
fn an_open_result_is_not_proven() {
    let root = Nim::new(30);
    let result = Searcher::new(Config::default().with_tt_mib(1))
        .search(&root, &NimEvaluator, &Limits::depth(4), &[], |_| {})
        .unwrap();
    assert_eq!(result.proven, None);
    assert_eq!(result.depth, 4);
}
