//! Monte Carlo tree search for games of 2 to 6 players: UCT (Kocsis and Szepesvári, 2006) with a
//! reward per player, so that one search serves two-player and multi-player games alike.
//!
//! - **Rollouts** by a policy (uniform, epsilon-greedy on the game's move-order hints, or the
//!   caller's own [`RolloutPolicy`]), optionally with decisive and anti-decisive moves, cut
//!   off after [`MctsConfig::rollout_limit`] plies where the [`Evaluator`](crate::Evaluator)
//!   scores the position (0: MCTS with evaluation at the leaf). Rewards lie in `[0, 1]` per
//!   player: 1 for a win, a share for a draw, a softmax of the scores at a cut-off.
//! - **Progressive bias** (optional): the evaluator's view of each child guides selection while
//!   the child's own statistics are few.
//! - **Implicit minimax backups** (optional, an MCTS hybrid): each node also keeps the
//!   evaluator's values, backed up max^n style through the tree, and selection mixes them with
//!   the mean rewards ([`MctsConfig::implicit_weight`]).
//! - **MCTS-Solver**: proven wins and losses are marked and climb the tree.
//! - **A node budget**: each tree is one arena of nodes with `u32` indices; the search stops
//!   gracefully when it is full, and refuses to start when it cannot hold the root's children.
//! - **Tree reuse**: the next search keeps the subtree of the position it is asked about.
//! - **Root parallelism**: each thread grows its own tree from its own random numbers, and the
//!   trees are merged at the root. No locks, no atomics in the tree, and deterministic per
//!   thread; on few cores it is reported as strong as tree parallelism with virtual loss
//!   (Chaslot, Winands and van den Herik, 2008).
//! - The crate's [`Limits`](crate::Limits) and [`StopFlag`](crate::StopFlag), an iteration limit,
//!   and progress reports at intervals.
//!
//! ```
//! use plyforge_search::mcts::MctsConfig;
//! use plyforge_search::nim::{Nim, NimEvaluator};
//! use plyforge_search::{Algorithm, Config, Limits, Outcome, Searcher};
//!
//! let mcts = MctsConfig::default().with_max_iterations(Some(5_000)).with_seed(1);
//! let config = Config::default().with_algorithm(Algorithm::MonteCarlo).with_mcts(mcts);
//! let mut searcher = Searcher::new(config);
//! let result = searcher.search(&Nim::new(6), &NimEvaluator, &Limits::default(), &[], |_| {})?;
//! assert_eq!(result.best_move, 2); // leave four stones
//! // The solver proves the win in this small game.
//! assert_eq!(result.proven, Some(Outcome::Win(0)));
//! # Ok::<(), plyforge_search::SearchError>(())
//! ```

mod config;
mod report;
mod rng;
mod rollout;
mod searcher;
mod select;
mod solver;
#[cfg(test)]
mod tests;
mod tree;
mod worker;

pub use config::{DEFAULT_MAX_NODES, MctsConfig, Rollout};
pub(crate) use report::{MctsInfo, MctsResult, REWARD_SCALE, StopReason, reward_scores};
pub use rng::Rng;
pub use rollout::{HintGreedy, RolloutPolicy, Uniform};
pub(crate) use searcher::Mcts;
