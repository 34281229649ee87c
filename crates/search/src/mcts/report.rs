//! What a Monte Carlo tree search tells the searcher, which turns it into the common progress
//! reports and result: its progress during the search, its final result with the statistics of
//! every root move, and why it ended.

use crate::game::Outcome;
use crate::report::RootMove;
use crate::score::Score;
use crate::score_vector::ScoreVector;
use std::time::Duration;

/// Why a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum StopReason {
    /// [`MctsConfig::max_iterations`](super::MctsConfig::max_iterations) was reached.
    Iterations,
    /// The node limit of the [`Limits`](crate::Limits) was reached.
    Nodes,
    /// A time limit was reached.
    Time,
    /// The [`StopFlag`](crate::StopFlag) was raised.
    Flag,
    /// A tree filled its share of [`MctsConfig::max_nodes`](super::MctsConfig::max_nodes).
    NodeBudget,
    /// The solver proved the root's result: more search cannot change the move.
    Solved,
}

/// Progress during a search, from the main thread's tree (iterations, nodes and time count
/// every thread).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MctsInfo<'a, M> {
    /// Positions reached by playing a move (in the tree and in rollouts) so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// The deepest tree node reached, in plies from the root.
    pub depth: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The most visited root move's mean reward for the player to move, 0 to 1.
    pub value: f64,
    /// The line of most-visited moves, starting with the current best move.
    pub pv: &'a [M],
}

/// The result of a Monte Carlo tree search.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MctsResult<M> {
    /// The move to play: a proven win if there is one, otherwise the most visited root move
    /// not proven lost.
    pub best_move: M,
    /// The best move's mean reward for each player (index = player), 0 to 1 and adding up to
    /// 1: the chance of winning, for rollouts played to the end.
    pub values: Vec<f64>,
    /// Every root move with its statistics, in generation order.
    pub root_moves: Vec<RootMove<M>>,
    /// The line of most-visited moves, starting with `best_move`; legal from the root.
    pub pv: Vec<M>,
    /// The root's result when the solver proved it.
    pub proven: Option<Outcome>,
    /// Iterations, all threads, in this search.
    pub iterations: u64,
    /// Positions reached by playing a move (in the tree and in rollouts), all threads.
    pub nodes: u64,
    /// Nodes in all trees at the end (the reused ones included).
    pub tree_nodes: usize,
    /// The deepest tree node reached, in plies from the root.
    pub depth: u32,
    /// Time spent.
    pub time: Duration,
    /// Why the search ended (the main thread's reason).
    pub stop: StopReason,
}

/// Monte Carlo tree search's rewards (0 to 1) become scores in these units (permille).
pub(crate) const REWARD_SCALE: f64 = 1000.0;

/// Monte Carlo tree search's mean rewards (0 to 1 per player) as scores in permille.
pub(crate) fn reward_scores(values: &[f64]) -> ScoreVector {
    let scores: Vec<Score> = values
        .iter()
        .map(|&value| (value * REWARD_SCALE).round() as Score)
        .collect();
    ScoreVector::from_slice(&scores)
}
