//! What every multi-player search names: a move with the player who plays it (a best-reply
//! line skips the players who pass), and the scores of a finished game for each player.

use crate::game::Outcome;
use crate::score::{Score, loss_in, win_in};
use crate::score_vector::ScoreVector;

/// A move and the player who plays it: the multi-player lines name the player of each move,
/// because a best-reply line skips players (the opponents who pass).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PlayerMove<M> {
    pub player: usize,
    pub mv: M,
}

/// The score of a finished game `ply` plies (layers) below the root for `player`: a win for the
/// winner, a loss for the others, both nearer zero the further away they are; 0 for a draw.
pub(crate) fn outcome_score(outcome: Outcome, player: usize, ply: usize) -> Score {
    match outcome {
        Outcome::Win(winner) if winner == player => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
        Outcome::Draw => 0,
    }
}

/// [`outcome_score`] for every player.
pub(crate) fn outcome_scores(outcome: Outcome, players: usize, ply: usize) -> ScoreVector {
    let mut scores = ScoreVector::new(players);
    for (player, score) in scores.as_mut_slice().iter_mut().enumerate() {
        *score = outcome_score(outcome, player, ply);
    }
    scores
}
