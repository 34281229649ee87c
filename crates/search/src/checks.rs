//! What every search checks of a game before it starts, and the checks it keeps making on the
//! way: a player count the algorithm searches, players and winners named within that count,
//! and a move to choose at the root. Before a search, a short walk from the root (each root
//! move, and the line of first moves for two rounds of the players) finds a game that names a
//! player beyond its count and returns [`SearchError::PlayerIndex`]; during the search, a
//! player or winner out of range ends it with a panic that names the game, the rule and the
//! fix, never an index panic inside the library.

use crate::algorithm::Algorithm;
use crate::game::{Game, MAX_PLAYERS, Outcome};
use crate::moves::MoveBuffer;
use crate::report::SearchError;

/// How many plies of the line of first moves the check before a search walks: two rounds of
/// the most players, so that every player of a game has moved at least once.
const PROBE_PLIES: usize = 2 * MAX_PLAYERS;

/// Refuses a game whose player count the algorithm does not search, and a game that names a
/// player or a winner beyond its count near the root (a game of three players or more that
/// forgot [`Game::player_count`], whose default says 2).
pub(crate) fn check_players<G: Game>(game: &G, algorithm: Algorithm) -> Result<(), SearchError> {
    let players = game.player_count();
    if !algorithm.players().contains(&players) {
        return Err(SearchError::PlayerCount { algorithm, players });
    }
    debug_assert!(players <= MAX_PLAYERS);
    check_position(game, players)?;
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    for &mv in moves.as_slice() {
        let mut child = game.clone();
        child.play(mv);
        check_position(&child, players)?;
    }
    let mut position = game.clone();
    for _ in 0..PROBE_PLIES {
        let mut moves = G::Moves::default();
        position.generate_moves(&mut moves);
        let Some(&first) = moves.as_slice().first() else {
            break;
        };
        position.play(first);
        check_position(&position, players)?;
    }
    Ok(())
}

/// The player to move and the winner by rule of `game` are below `players`.
fn check_position<G: Game>(game: &G, players: usize) -> Result<(), SearchError> {
    let player = game.player_to_move();
    if player >= players {
        return Err(SearchError::PlayerIndex { player, players });
    }
    match game.outcome_by_rule() {
        Some(Outcome::Win(winner)) if winner >= players => Err(SearchError::PlayerIndex {
            player: winner,
            players,
        }),
        _ => Ok(()),
    }
}

/// The player to move of `game`, checked against its count: a search reads it at every node
/// to index its tables by player.
#[inline(always)]
pub(crate) fn player_to_move<G: Game>(game: &G) -> usize {
    let player = game.player_to_move();
    if player >= game.player_count() {
        broken_player::<G>("player_to_move", player, game.player_count());
    }
    player
}

/// `winner`, checked against the player count of `game`.
#[inline(always)]
pub(crate) fn winner<G: Game>(game: &G, winner: usize) -> usize {
    if winner >= game.player_count() {
        broken_player::<G>("Outcome::Win", winner, game.player_count());
    }
    winner
}

/// The panic of a player index beyond the count met during a search, out of the hot path.
#[cold]
#[inline(never)]
pub(crate) fn broken_player<G>(source: &str, player: usize, players: usize) -> ! {
    panic!(
        "game {}: {source} named player {player}, but Game::player_count says {players} \
         players; players are numbered 0 to player_count - 1, and a game of more than two \
         players must override Game::player_count (its default is 2)",
        core::any::type_name::<G>()
    )
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
