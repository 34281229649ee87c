//! What every search checks of a game before it starts: a player count the algorithm
//! searches, a player to move within that count, and a move to choose at the root.

use crate::algorithm::Algorithm;
use crate::game::{Game, MAX_PLAYERS, Outcome};
use crate::moves::MoveBuffer;
use crate::report::SearchError;

/// Refuses a game whose player count the algorithm does not search, and a root whose player
/// to move is beyond the game's count (a game that forgot [`Game::player_count`]).
pub(crate) fn check_players<G: Game>(game: &G, algorithm: Algorithm) -> Result<(), SearchError> {
    let players = game.player_count();
    if !algorithm.players().contains(&players) {
        return Err(SearchError::PlayerCount { algorithm, players });
    }
    let player = game.player_to_move();
    if player >= players {
        return Err(SearchError::PlayerIndex { player, players });
    }
    debug_assert!(players <= MAX_PLAYERS);
    Ok(())
}

/// Refuses a position without a move to choose: the game is won by its rules, or has no move.
/// A draw by rule that leaves moves (a draw to claim) is searched.
pub(crate) fn has_moves<G: Game>(game: &G) -> Result<(), SearchError> {
    let by_rule = game.outcome_by_rule();
    if let Some(outcome @ Outcome::Win(_)) = by_rule {
        return Err(SearchError::GameOver(outcome));
    }
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return Err(SearchError::GameOver(
            by_rule.unwrap_or_else(|| game.outcome_without_moves()),
        ));
    }
    Ok(())
}
