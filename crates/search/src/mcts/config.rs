//! The settings of Monte Carlo tree search (exploration, rollouts, the solver, the node budget,
//! the seed), built from [`MctsConfig::default`] with `with_*` methods; the thread count is the
//! [`Config`](crate::Config)'s.

use std::time::Duration;

/// How rollouts choose their moves, among the built-in policies. A game can bring its own
/// through [`RolloutPolicy`](super::RolloutPolicy) and
/// [`Searcher::with_rollout_policy`](crate::Searcher::with_rollout_policy).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Rollout {
    /// Uniformly random legal moves.
    Uniform,
    /// Epsilon-greedy on [`Game::move_order_hint`](crate::Game::move_order_hint): with
    /// probability `epsilon` a uniformly random move, otherwise one of the moves with the
    /// highest hint (chosen at random among equal hints).
    HintGreedy {
        /// The probability of a random move, 0 to 1.
        epsilon: f32,
    },
}

/// The settings of Monte Carlo tree search, for [`Config::mcts`](crate::Config::mcts).
///
/// ```
/// use plyforge_search::mcts::{MctsConfig, Rollout};
/// let config = MctsConfig::default()
///     .with_exploration(0.7)
///     .with_rollout_limit(Some(0)) // evaluate at the leaf
///     .with_rollout(Rollout::HintGreedy { epsilon: 0.1 })
///     .with_seed(7);
/// assert_eq!(config.rollout_limit, Some(0));
/// assert!(config.solver);
/// assert_eq!(config.implicit_weight, 0.0); // implicit minimax backups are off by default
/// assert_eq!(config.leaf_search_depth, 0); // and so is the search at the leaves
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln(parent visits) / visits)`, for
    /// rewards in `[0, 1]`. Higher explores more.
    pub exploration: f32,
    /// The most plies a rollout plays before the [`Evaluator`](crate::Evaluator) scores its
    /// position; `Some(0)` scores the new leaf at once (MCTS with evaluation, no random play),
    /// `None` plays every rollout to the end of the game.
    pub rollout_limit: Option<u32>,
    /// How the evaluation at a rollout cut-off becomes rewards: player `p` gets
    /// `exp(s_p / eval_scale) / sum_q exp(s_q / eval_scale)` (a softmax over the players'
    /// scores from [`Evaluator::evaluate_all`](crate::Evaluator::evaluate_all)), so rewards lie
    /// in `[0, 1]` and add up to 1 like a win's. The scale is in evaluation units: larger makes
    /// the rewards of different positions closer.
    pub eval_scale: f32,
    /// The built-in rollout policy (unless the searcher has one of the caller's own).
    pub rollout: Rollout,
    /// Decisive and anti-decisive moves (Teytaud and Teytaud, 2010): a rollout plays a move
    /// that wins at once when the player to move has one, and otherwise lets the policy choose
    /// only among the moves after which the next player cannot win at once (when some move
    /// avoids that). Costs a trial of every move and every reply at each rollout ply.
    pub decisive_moves: bool,
    /// Progressive bias (Chaslot, Winands, van den Herik, Uiterwijk and Bouzy, 2008): when a
    /// node is expanded, the [`Evaluator`](crate::Evaluator) scores each child (its reward for
    /// the player who moves into it, as at a rollout cut-off); children are tried in that order,
    /// and selection adds `prior_weight * prior / (visits + 1)` to a child's bound, a bias that
    /// fades as its own statistics grow. 0 (the default) turns it off; each expansion then costs
    /// one evaluation per child.
    pub prior_weight: f32,
    /// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, 2014): each node also
    /// keeps a heuristic value per player, on the rewards' scale. A node's first visit scores it
    /// with the [`Evaluator`](crate::Evaluator) (as at a rollout cut-off; a finished game gets
    /// its result's rewards), and after each iteration the expanded nodes of its path take,
    /// max^n style, the values of their visited child that is best for the player to move there.
    /// Selection then ranks a child by `(1 - implicit_weight) * mean reward + implicit_weight *
    /// implicit value` for its mover, plus the exploration term: the rollouts' averages and a
    /// max^n search of the evaluation over the tree, mixed. 0 (the default) turns it off; on,
    /// it costs one evaluation per new node and 24 bytes per node beside the node (the node
    /// budget counts nodes, not bytes). The paper found weights of 0.2 to 0.5 good; 1 is a
    /// best-first max^n search of the evaluation.
    pub implicit_weight: f32,
    /// Minimax at the leaves (an MCTS-minimax hybrid after Baier and Winands, 2014, "MCTS-Minimax
    /// Hybrids with State Evaluations"): wherever the search scores a position with the
    /// [`Evaluator`](crate::Evaluator) (at a rollout cut-off, a new node's implicit value, and
    /// the priors of progressive bias),
    /// it scores it instead by a search `leaf_search_depth` plies deep: max^n on the rewards
    /// (each player to move takes the child best for itself, a finished game its result), with
    /// shallow pruning, so for two players it is alpha-beta. Moves are searched in
    /// [`Game::move_order_hint`](crate::Game::move_order_hint) order. 0 (the default) turns it
    /// off; each ply of depth multiplies the cost of a scored position by up to the number of
    /// moves, and the plies it plays count as nodes.
    pub leaf_search_depth: u32,
    /// The evaluator scores positions only on the turn of the root's player to move: past
    /// `rollout_limit` plies a rollout goes on (for at most a round of plies) until that player
    /// is to move, and a new node's implicit value (or prior) is a max^n search down to that
    /// turn (as [`MctsConfig::leaf_search_depth`] searches, with at most a round of extra
    /// plies). Every evaluated position then has the same player to move, as the leaves of a
    /// fixed-depth search have, so that an evaluation which does not value the right to move
    /// (the tempo) compares like with like. Off by default; on, the implicit values cost up to
    /// a round of plies of search per new node.
    pub cut_off_on_root_turn: bool,
    /// MCTS-Solver (Winands, Björnsson and Saito, 2008): positions whose result is proven (a
    /// move that wins for the player to move, or every move proven) are marked, never searched
    /// again, and their proven result is what they back up. Sound for any number of players;
    /// it proves most in two-player games, where every fully proven node has one result.
    pub solver: bool,
    /// A node is expanded (its children created) on its `expand_after + 1`-th visit; before
    /// that, visits roll out from it. 1 (the default) saves the memory of children for leaves
    /// visited once.
    pub expand_after: u32,
    /// The most nodes all threads' trees may hold together (each thread's tree gets an equal
    /// share). The search stops when a tree is full. A node takes about 44 bytes with a one-byte
    /// move.
    pub max_nodes: usize,
    /// Stop after this many iterations (selection, expansion, rollout, back-propagation), all
    /// threads together; `None` for no such limit.
    pub max_iterations: Option<u64>,
    /// Keep the part of the previous search's tree that the new position is in (found by
    /// hash, up to two rounds of moves below the old root).
    pub reuse_tree: bool,
    /// The seed of the random numbers; with one thread, equal seeds give equal searches.
    pub seed: u64,
    /// How often the progress callback is called during a search (and once at its end).
    pub report_interval: Duration,
}

/// The default node budget: about 44 MiB of nodes for one-byte moves.
pub const DEFAULT_MAX_NODES: usize = 1 << 20;

impl Default for MctsConfig {
    /// Plain UCT with `c` = 1/√2 (Kocsis and Szepesvári's constant for rewards in `[0, 1]`),
    /// uniform rollouts to the end of the game, the solver on, expansion on the second visit,
    /// [`DEFAULT_MAX_NODES`], tree reuse on, seed 0, a report every 200 ms.
    fn default() -> Self {
        MctsConfig {
            exploration: core::f32::consts::FRAC_1_SQRT_2,
            rollout_limit: None,
            eval_scale: 100.0,
            rollout: Rollout::Uniform,
            decisive_moves: false,
            prior_weight: 0.0,
            implicit_weight: 0.0,
            leaf_search_depth: 0,
            cut_off_on_root_turn: false,
            solver: true,
            expand_after: 1,
            max_nodes: DEFAULT_MAX_NODES,
            max_iterations: None,
            reuse_tree: true,
            seed: 0,
            report_interval: Duration::from_millis(200),
        }
    }
}

impl MctsConfig {
    /// With exploration constant `c`.
    pub fn with_exploration(mut self, c: f32) -> Self {
        self.exploration = c;
        self
    }

    /// With rollouts cut off after `limit` plies (`Some(0)`: evaluate at the leaf; `None`:
    /// play to the end).
    pub fn with_rollout_limit(mut self, limit: Option<u32>) -> Self {
        self.rollout_limit = limit;
        self
    }

    /// With evaluations mapped to rewards on this scale (see [`MctsConfig::eval_scale`]).
    pub fn with_eval_scale(mut self, scale: f32) -> Self {
        self.eval_scale = scale;
        self
    }

    /// With this built-in rollout policy.
    pub fn with_rollout(mut self, rollout: Rollout) -> Self {
        self.rollout = rollout;
        self
    }

    /// With or without decisive moves in rollouts.
    pub fn with_decisive_moves(mut self, on: bool) -> Self {
        self.decisive_moves = on;
        self
    }

    /// With progressive bias of this weight (0: off).
    pub fn with_prior_weight(mut self, weight: f32) -> Self {
        self.prior_weight = weight;
        self
    }

    /// With implicit minimax backups of this weight, 0 to 1 (0: off; see
    /// [`MctsConfig::implicit_weight`]).
    pub fn with_implicit_weight(mut self, weight: f32) -> Self {
        self.implicit_weight = weight.clamp(0.0, 1.0);
        self
    }

    /// With leaf positions scored by a search of this depth (0: by the evaluation; see
    /// [`MctsConfig::leaf_search_depth`]).
    pub fn with_leaf_search_depth(mut self, depth: u32) -> Self {
        self.leaf_search_depth = depth;
        self
    }

    /// With or without rollout cut-offs only on the root player's turn (see
    /// [`MctsConfig::cut_off_on_root_turn`]).
    pub fn with_cut_off_on_root_turn(mut self, on: bool) -> Self {
        self.cut_off_on_root_turn = on;
        self
    }

    /// With or without MCTS-Solver.
    pub fn with_solver(mut self, on: bool) -> Self {
        self.solver = on;
        self
    }

    /// With nodes expanded on their `visits + 1`-th visit.
    pub fn with_expand_after(mut self, visits: u32) -> Self {
        self.expand_after = visits;
        self
    }

    /// With a node budget of `nodes` for all trees together.
    pub fn with_max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes;
        self
    }

    /// With an iteration limit.
    pub fn with_max_iterations(mut self, iterations: Option<u64>) -> Self {
        self.max_iterations = iterations;
        self
    }

    /// With or without tree reuse between searches.
    pub fn with_tree_reuse(mut self, on: bool) -> Self {
        self.reuse_tree = on;
        self
    }

    /// With this random seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// With progress reports this often.
    pub fn with_report_interval(mut self, interval: Duration) -> Self {
        self.report_interval = interval;
        self
    }
}
