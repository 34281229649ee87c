//! The Monte Carlo tree search front end: checks the game and the budget, reuses or starts each
//! thread's tree, runs the threads (root parallelism), merges their root statistics and picks
//! the move.

use super::config::MctsConfig;
use super::report::{MctsInfo, MctsResult};
use super::rng::{Rng, mix};
use super::rollout::{RolloutPolicy, RolloutSettings, outcome_rewards};
use super::tree::{ROOT, Tree};
use super::worker::{Shared, Worker};
use crate::clock::Clock;
use crate::game::MAX_PLAYERS;
use crate::game::{Evaluator, Game, Outcome};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::{RootMove, SearchError, per_second};
use crate::threads::run_threads;
use core::fmt;
use std::sync::atomic::AtomicU64;

/// The longest principal variation reported.
const MAX_PV: usize = 64;

/// Monte Carlo tree search (UCT) for games of 2 to 6 players, on one tree per thread. It keeps
/// its trees between searches, so that the next search of the same game starts from what this
/// one learnt. The [`Searcher`](crate::Searcher) runs it for
/// [`Algorithm::MonteCarlo`](crate::Algorithm::MonteCarlo).
pub(crate) struct Mcts<G: Game> {
    config: MctsConfig,
    /// One tree per thread, each with the position at its root.
    pub(super) trees: Vec<Tree<G>>,
}

impl<G: Game> fmt::Debug for Mcts<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mcts")
            .field("config", &self.config)
            .field("tree_nodes", &self.tree_nodes())
            .finish()
    }
}

impl<G: Game> Mcts<G> {
    /// A search with `config` on `threads` threads (at least one) and empty trees.
    pub(crate) fn new(config: MctsConfig, threads: usize) -> Self {
        let threads = threads.max(1);
        let budget = config.max_nodes / threads;
        Mcts {
            trees: (0..threads)
                .map(|_| Tree::new(budget, config.implicit_weight > 0.0))
                .collect(),
            config,
        }
    }

    /// The configuration.
    pub(crate) fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Changes the iteration limit of the next searches (the trees are kept).
    #[cfg(test)]
    pub(crate) fn set_max_iterations(&mut self, iterations: Option<u64>) {
        self.config.max_iterations = iterations;
    }

    /// The number of threads (trees).
    pub(crate) fn threads(&self) -> usize {
        self.trees.len()
    }

    /// The `count` most visited root moves after a search, most visited first, each with its
    /// line of most-visited moves and its mean reward (in permille) for every player.
    pub(crate) fn lines(
        &self,
        game: &G,
        root_player: usize,
        count: usize,
    ) -> Vec<crate::report::Line<G::Move>> {
        let players = game.player_count();
        let mut moves = merge_root_moves(&self.trees, root_player, players);
        moves.sort_by_key(|root_move| core::cmp::Reverse(root_move.visits));
        moves
            .into_iter()
            .take(count)
            .filter_map(|root_move| {
                let index = self.trees[0].nodes[ROOT as usize]
                    .children()
                    .position(|child| self.trees[0].nodes[child].mv == Some(root_move.mv))?;
                let mut pv = vec![root_move.mv];
                if let Some((tree, child)) = self.deepest_owner(index) {
                    tree.line_from(child, MAX_PV, &mut pv);
                }
                let values = self.values(root_move.mv, players);
                let scores = super::report::reward_scores(&values);
                let score = match root_move.proven {
                    Some(Outcome::Win(winner)) if winner == root_player => {
                        crate::score::win_in(pv.len())
                    }
                    Some(Outcome::Win(_)) => crate::score::loss_in(pv.len()),
                    _ => scores.as_slice()[root_player],
                };
                let mut position = game.clone();
                let pv_players = pv
                    .iter()
                    .map(|&mv| {
                        let player = position.player_to_move();
                        position.play(mv);
                        player
                    })
                    .collect();
                Some(crate::report::Line {
                    score,
                    bound: crate::report::ScoreBound::Exact,
                    scores: Some(scores),
                    depth: pv.len() as u32,
                    seldepth: pv.len() as u32,
                    pv,
                    pv_players,
                })
            })
            .collect()
    }

    /// Nodes in all trees.
    pub(crate) fn tree_nodes(&self) -> usize {
        self.trees.iter().map(|tree| tree.nodes.len()).sum()
    }

    /// Searches `game` for the player to move with the configuration's built-in rollout policy;
    /// see [`Mcts::search_with_policy`].
    ///
    /// # Errors
    /// As [`Mcts::search_with_policy`].
    #[cfg(test)]
    pub(crate) fn search<E, R>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits<G::Move>,
        report: R,
    ) -> Result<MctsResult<G::Move>, SearchError>
    where
        E: Evaluator<G>,
        R: FnMut(&MctsInfo<'_, G::Move>),
    {
        use super::config::Rollout;
        use super::rollout::{HintGreedy, Uniform};
        match self.config.rollout {
            Rollout::Uniform => self.search_with_policy(game, evaluator, &Uniform, limits, report),
            Rollout::HintGreedy { epsilon } => {
                let policy = HintGreedy { epsilon };
                self.search_with_policy(game, evaluator, &policy, limits, report)
            }
        }
    }

    /// Searches `game` for the player to move, with rollouts chosen by `policy` and `evaluator`
    /// scoring them at the rollout limit, within `limits` and the configuration's iteration
    /// limit, calling `report` every [`MctsConfig::report_interval`] and once at the end.
    ///
    /// The limits mean: `nodes` counts positions reached by playing a move, in the tree and in
    /// rollouts (each thread gets an equal share, as of the iteration limit); `hard_time` ends
    /// the search; past `soft_time` it ends as soon as the most visited move also has the best
    /// mean among its close rivals (at once without a hard limit); `depth` is the deepest tree
    /// node (rollouts go on below it); the stop flag ends it. The first iteration always runs.
    /// Without any limit the search ends when a tree is full or the root is proven.
    ///
    /// # Errors
    /// `SearchError::GameOver` when there is no move to choose, `SearchError::PlayerCount`
    /// for fewer than 2 or more than 6 players, `SearchError::NodeBudget` when a thread's share
    /// of the node budget cannot hold the root and its children.
    pub(crate) fn search_with_policy<E, P, R>(
        &mut self,
        game: &G,
        evaluator: &E,
        policy: &P,
        limits: &Limits<G::Move>,
        mut report: R,
    ) -> Result<MctsResult<G::Move>, SearchError>
    where
        E: Evaluator<G>,
        P: RolloutPolicy<G> + ?Sized,
        R: FnMut(&MctsInfo<'_, G::Move>),
    {
        let shared = Shared {
            clock: Clock::new(limits),
            helper_iterations: AtomicU64::new(0),
        };
        let players = game.player_count();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SearchError::PlayerCount {
                algorithm: crate::algorithm::Algorithm::MonteCarlo,
                players,
            });
        }
        let mut moves = G::Moves::default();
        if let Some(outcome) = super::rollout::end_or_moves(game, &mut moves) {
            return Err(SearchError::GameOver(outcome));
        }
        let root_filter: Vec<G::Move> = limits
            .search_moves
            .iter()
            .copied()
            .filter(|mv| moves.as_slice().contains(mv))
            .collect();
        let threads = self.trees.len();
        let per_thread = self.config.max_nodes / threads;
        let needed = 1 + moves.len();
        if per_thread < needed {
            return Err(SearchError::NodeBudget { per_thread, needed });
        }
        for tree in &mut self.trees {
            // A restricted root starts a fresh tree: a kept one has the other moves expanded.
            if self.config.reuse_tree && root_filter.is_empty() {
                tree.reuse_for(game, 2 * players, per_thread / 2);
            } else {
                tree.reset(game);
            }
        }
        let config = &self.config;
        let seed = mix(config.seed ^ mix(game.hash()));
        let root_player = game.player_to_move();
        let make_worker = |index: usize, tree, root| Worker {
            tree,
            root,
            rollout: RolloutSettings {
                evaluator,
                policy,
                players,
                limit: config.rollout_limit,
                eval_scale: config.eval_scale,
                decisive_moves: config.decisive_moves,
                leaf_search_depth: config.leaf_search_depth,
                cut_off_player: config.cut_off_on_root_turn.then_some(root_player),
                _game: core::marker::PhantomData,
            },
            config,
            shared: &shared,
            rng: Rng::new(mix(seed.wrapping_add(index as u64))),
            iteration_quota: config
                .max_iterations
                .map(|limit| limit.div_ceil(threads as u64)),
            node_limit: limits.nodes,
            root_filter: &root_filter,
            max_depth: limits.depth.unwrap_or(u32::MAX).max(1),
            main: index == 0,
            iterations: 0,
            nodes: 0,
            depth: 0,
            published: (0, 0),
            path: Vec::new(),
            moves: G::Moves::default(),
            priors: Vec::new(),
            safe: Vec::new(),
        };
        let (main_tree, helper_trees) = self
            .trees
            .split_first_mut()
            .expect("a search has at least one thread");
        let mut pv = Vec::new();
        // Each thread plays on its own copy of the root position.
        let helper_states: Vec<_> = helper_trees
            .iter_mut()
            .map(|tree| (tree, game.clone()))
            .collect();
        let (main_done, helpers_done) = run_threads(
            helper_states,
            |index, (tree, root)| make_worker(index + 1, tree, root).run(&mut |_| {}),
            || {
                let mut main = make_worker(0, main_tree, game.clone());
                main.run(&mut |worker| {
                    let info = progress(worker, &mut pv);
                    report(&info);
                })
            },
        );
        let root_moves = merge_root_moves(&self.trees, game.player_to_move(), players);
        let (best_index, best) = choose(&root_moves, game.player_to_move());
        // A proven move is worth its result, whatever its rollouts averaged.
        let values = match best.proven {
            Some(outcome) => outcome_rewards::<G>(outcome, players)[..players]
                .iter()
                .map(|&reward| f64::from(reward))
                .collect(),
            None => self.values(best.mv, players),
        };
        pv.clear();
        pv.push(best.mv);
        if let Some((tree, child)) = self.deepest_owner(best_index) {
            tree.line_from(child, MAX_PV, &mut pv);
        }
        let all = core::iter::once(&main_done).chain(&helpers_done);
        let iterations = all.clone().map(|done| done.iterations).sum();
        let nodes = all.clone().map(|done| done.nodes).sum();
        let depth = all.map(|done| done.depth).max().unwrap_or(0);
        let result = MctsResult {
            best_move: best.mv,
            values,
            proven: self.trees[0].nodes[ROOT as usize].proven(),
            root_moves,
            pv,
            iterations,
            nodes,
            tree_nodes: self.tree_nodes(),
            depth,
            time: shared.clock.elapsed(),
            stop: main_done.stop,
        };
        report(&MctsInfo {
            nodes,
            nps: per_second(nodes, result.time),
            depth,
            time: result.time,
            value: result.values[game.player_to_move()],
            pv: &result.pv,
        });
        // A proof of the root in any tree is a proof.
        let proven = self
            .trees
            .iter()
            .find_map(|tree| tree.nodes[ROOT as usize].proven());
        Ok(MctsResult { proven, ..result })
    }

    /// The mean rewards of root move `mv` for each player, all trees merged.
    fn values(&self, mv: G::Move, players: usize) -> Vec<f64> {
        let mut sums = [0.0f64; MAX_PLAYERS];
        let mut visits = 0u64;
        for tree in &self.trees {
            if let Some(child) = root_child(tree, mv) {
                let node = &tree.nodes[child];
                visits += u64::from(node.visits);
                for (sum, &reward) in sums.iter_mut().zip(&node.rewards) {
                    *sum += f64::from(reward);
                }
            }
        }
        (0..players)
            .map(|player| {
                if visits == 0 {
                    1.0 / players as f64
                } else {
                    sums[player] / visits as f64
                }
            })
            .collect()
    }

    /// The tree in which root move number `index` has the most visits, with that child.
    fn deepest_owner(&self, index: usize) -> Option<(&Tree<G>, u32)> {
        let mv = self.trees[0].nodes
            [self.trees[0].nodes[ROOT as usize].first_child as usize + index]
            .mv?;
        self.trees
            .iter()
            .filter_map(|tree| root_child(tree, mv).map(|child| (tree, child)))
            .max_by_key(|(tree, child)| tree.nodes[*child].visits)
            .map(|(tree, child)| (tree, child as u32))
    }
}

/// The index of the root's child for `mv` in `tree`.
fn root_child<G: Game>(tree: &Tree<G>, mv: G::Move) -> Option<usize> {
    let root = tree.nodes.first()?;
    if root.state != super::tree::State::Expanded {
        return None;
    }
    root.children()
        .find(|&index| tree.nodes[index].mv == Some(mv))
}

/// The root moves of all trees with their statistics summed, in the main tree's order.
fn merge_root_moves<G: Game>(
    trees: &[Tree<G>],
    player: usize,
    players: usize,
) -> Vec<RootMove<G::Move>> {
    let main = &trees[0];
    let root = &main.nodes[ROOT as usize];
    root.children()
        .map(|index| {
            let mv = main.nodes[index].mv.expect("only the root has no move");
            let mut visits = 0u64;
            let mut sum = 0.0f64;
            let mut proven = None;
            for tree in trees {
                if let Some(child) = root_child(tree, mv) {
                    let node = &tree.nodes[child];
                    visits += u64::from(node.visits);
                    sum += f64::from(node.rewards[player]);
                    proven = proven.or(node.proven());
                }
            }
            let value = if let Some(outcome) = proven {
                f64::from(outcome_rewards::<G>(outcome, players)[player])
            } else if visits == 0 {
                1.0 / players as f64
            } else {
                sum / visits as f64
            };
            RootMove {
                mv,
                visits,
                value,
                proven,
            }
        })
        .collect()
}

/// The move to play: a proven win for `player` if there is one (the most visited of them),
/// otherwise the most visited move not proven lost (all of them if every move is lost); ties
/// go to the higher value, then to the first.
fn choose<M: Copy>(moves: &[RootMove<M>], player: usize) -> (usize, &RootMove<M>) {
    let won = |m: &RootMove<M>| m.proven == Some(Outcome::Win(player));
    let lost = |m: &RootMove<M>| matches!(m.proven, Some(Outcome::Win(w)) if w != player);
    let any_won = moves.iter().any(won);
    let all_lost = moves.iter().all(lost);
    let mut best: Option<(usize, &RootMove<M>)> = None;
    for (index, candidate) in moves.iter().enumerate() {
        let eligible = if any_won {
            won(candidate)
        } else {
            all_lost || !lost(candidate)
        };
        if !eligible {
            continue;
        }
        let better =
            best.is_none_or(|(_, b)| (candidate.visits, candidate.value) > (b.visits, b.value));
        if better {
            best = Some((index, candidate));
        }
    }
    best.expect("the root has at least one move")
}

/// The main thread's progress report.
fn progress<'p, G, E, P>(
    worker: &Worker<'_, G, E, P>,
    pv: &'p mut Vec<G::Move>,
) -> MctsInfo<'p, G::Move>
where
    G: Game,
    E: Evaluator<G>,
    P: RolloutPolicy<G> + ?Sized,
{
    let tree = &*worker.tree;
    pv.clear();
    tree.line_from(ROOT, MAX_PV, pv);
    let value = tree.most_visited_child(ROOT).map_or(0.0, |child| {
        let node = &tree.nodes[child as usize];
        f64::from(node.mean(node.mover as usize))
    });
    let time = worker.shared.clock.elapsed();
    let nodes = worker.shared.clock.total_nodes(worker.nodes);
    MctsInfo {
        nodes,
        nps: per_second(nodes, time),
        depth: worker.depth,
        time,
        value,
        pv,
    }
}
