//! What a Monte Carlo tree search tells its caller: progress reports during the search and the
//! final result, with the statistics of every root move.

use crate::game::Outcome;
use std::time::Duration;

/// Why a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
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

/// One root move's statistics, all threads merged.
#[derive(Debug, Clone, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Iterations through it.
    pub visits: u64,
    /// Its mean reward for the player to move at the root, 0 to 1.
    pub value: f64,
    /// Its proven result, if the solver (or the end of the game) settled it.
    pub proven: Option<Outcome>,
}

/// Progress during a search, from the main thread's tree (iterations, nodes and time count
/// every thread).
#[derive(Debug, Clone, Copy)]
pub struct MctsInfo<'a, M> {
    /// Iterations so far, all threads (the helpers' as of their last report to the main one).
    pub iterations: u64,
    /// Positions reached by playing a move (in the tree and in rollouts) so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Nodes in the main thread's tree.
    pub tree_nodes: usize,
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
pub struct MctsResult<M> {
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
