//! What a multi-player search tells its caller: a progress report after each completed
//! iteration and the final result. Principal variations name the player of each move, because a
//! best-reply line skips players (the opponents who pass).

use crate::score::Score;
use std::time::Duration;

use super::score_vector::ScoreVector;

/// A move and the player who plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerMove<M> {
    /// The player, from 0.
    pub player: usize,
    /// The move.
    pub mv: M,
}

/// Progress after one completed iteration of iterative deepening.
#[derive(Debug, Clone, Copy)]
pub struct MultiInfo<'a, M> {
    /// The depth of the completed iteration.
    pub depth: u32,
    /// The root player's score.
    pub score: Score,
    /// Every player's score (max^n only).
    pub scores: Option<ScoreVector>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation. For max^n and BRS+ it is a legal line of play from the root;
    /// for best-reply search the players who pass are left out.
    pub pv: &'a [PlayerMove<M>],
}

/// The result of a multi-player search: its last completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiResult<M> {
    /// The best move for the player to move at the root; always a move the search completed.
    pub best_move: M,
    /// The root player's score: its component of the max^n vector, or the best-reply value.
    pub score: Score,
    /// Every player's score (max^n only).
    pub scores: Option<ScoreVector>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The principal variation, starting with `best_move` (see [`MultiInfo::pv`]).
    pub pv: Vec<PlayerMove<M>>,
    /// Nodes searched: the root and every position reached by playing a move.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Whether a node or time limit or the stop flag ended the search before its depth limit
    /// (or before it had searched the whole tree).
    pub stopped: bool,
}
