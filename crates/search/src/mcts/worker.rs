//! One search thread: iterations of selection, expansion, rollout and back-propagation on its
//! own tree, until a limit, the node budget, a proof of the root, or the main thread's stop.

use super::config::MctsConfig;
use super::report::StopReason;
use super::rng::Rng;
use super::rollout::{Rewards, RolloutPolicy, RolloutSettings, end_or_moves, outcome_rewards};
use super::select::{SelectSettings, select};
use super::solver::update_proof;
use super::tree::{NodeId, ROOT, State, Tree};
use crate::clock::Clock;
use crate::game::{Evaluator, Game};
use crate::moves::MoveBuffer;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Iterations between two looks at the clock and the stop flags, and between two reports of a
/// helper's counts: an iteration costs microseconds, reading the clock tens of nanoseconds.
const CHECK_INTERVAL: u64 = 16;

/// What the threads of one search share.
pub(crate) struct Shared {
    /// The limits, the helpers' nodes as of their last check, and the abort flag, raised by the
    /// main thread when the whole search must end (time, flag, proof).
    pub clock: Clock,
    /// The helpers' iterations as of their last check (for progress reports).
    pub helper_iterations: AtomicU64,
}

/// What one thread did.
pub(crate) struct Done {
    pub stop: StopReason,
    pub iterations: u64,
    pub nodes: u64,
    pub depth: u32,
}

/// One thread's search.
pub(crate) struct Worker<'a, G: Game, E, P: ?Sized> {
    pub tree: &'a mut Tree<G>,
    pub root: G,
    pub rollout: RolloutSettings<'a, G, E, P>,
    pub config: &'a MctsConfig,
    pub shared: &'a Shared,
    pub rng: Rng,
    /// This thread's share of the iteration limit (an equal share each, so that the count
    /// is exact), and the node limit of all threads together.
    pub iteration_quota: Option<u64>,
    pub node_limit: Option<u64>,
    /// The root moves to choose among; empty for all.
    pub root_filter: &'a [G::Move],
    /// Nodes this many plies below the root are not expanded.
    pub max_depth: u32,
    /// The main thread checks the soft time, reports, and stops the others.
    pub main: bool,
    pub iterations: u64,
    pub nodes: u64,
    pub depth: u32,
    /// A helper's counts already added to the shared ones.
    pub published: (u64, u64),
    pub path: Vec<NodeId>,
    pub moves: G::Moves,
    /// The priors of `moves` at an expansion with progressive bias.
    pub priors: Vec<f32>,
    /// Scratch space of the rollouts' decisive moves.
    pub safe: Vec<G::Move>,
}

impl<G, E, P> Worker<'_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: RolloutPolicy<G> + ?Sized,
{
    /// Iterates until a limit; `report` is called on the main thread at the configured
    /// interval.
    pub fn run(&mut self, report: &mut dyn FnMut(&Self)) -> Done {
        let mut next_report = self.config.report_interval;
        let stop = loop {
            if let Some(reason) = self.limit_reached(&mut next_report, report) {
                break reason;
            }
            let full = self.iterate();
            self.iterations += 1;
            if self.config.solver && self.tree.nodes[ROOT as usize].proven().is_some() {
                break StopReason::Solved;
            }
            if full {
                break StopReason::NodeBudget;
            }
        };
        if self.main
            && matches!(
                stop,
                StopReason::Time | StopReason::Flag | StopReason::Solved
            )
        {
            self.shared.clock.raise_abort();
        }
        self.publish();
        Done {
            stop,
            iterations: self.iterations,
            nodes: self.nodes,
            depth: self.depth,
        }
    }

    /// Adds a helper's counts since its last check to the shared ones.
    fn publish(&mut self) {
        if self.main {
            return;
        }
        let (iterations, nodes) = self.published;
        self.shared
            .helper_iterations
            .fetch_add(self.iterations - iterations, Ordering::Relaxed);
        self.shared.clock.add_helper_nodes(self.nodes - nodes);
        self.published = (self.iterations, self.nodes);
    }

    /// Which limit ends the search before the next iteration, if any.
    fn limit_reached(
        &mut self,
        next_report: &mut Duration,
        report: &mut dyn FnMut(&Self),
    ) -> Option<StopReason> {
        // The first iteration always runs, so that the root has children to choose from.
        if self.iterations == 0 {
            return None;
        }
        if self
            .iteration_quota
            .is_some_and(|quota| self.iterations >= quota)
        {
            return Some(StopReason::Iterations);
        }
        // The node limit counts every thread: the others' nodes as of their last check.
        let nodes = self.shared.clock.total_nodes(self.nodes)
            - if self.main { 0 } else { self.published.1 };
        if self.node_limit.is_some_and(|limit| nodes >= limit) {
            return Some(StopReason::Nodes);
        }
        if !self.iterations.is_multiple_of(CHECK_INTERVAL) {
            return None;
        }
        self.publish();
        let clock = &self.shared.clock;
        if clock.abort_raised() || clock.stop_flag_raised() {
            return Some(StopReason::Flag);
        }
        let elapsed = clock.elapsed();
        if clock.hard_time_passed(elapsed) {
            return Some(StopReason::Time);
        }
        if self.main {
            if clock.soft_time_passed(elapsed)
                && (clock.limits.hard_time.is_none() || self.best_is_settled())
            {
                return Some(StopReason::Time);
            }
            if elapsed >= *next_report {
                report(self);
                *next_report = elapsed + self.config.report_interval;
            }
        }
        None
    }

    /// Whether the most visited root move also has the best mean among the moves with at
    /// least half its visits: past the soft time, the search goes on (to the hard time) only
    /// while a rival might still overtake it.
    fn best_is_settled(&self) -> bool {
        let Some(best) = self.tree.most_visited_child(ROOT) else {
            return true;
        };
        let nodes = &self.tree.nodes;
        let best = &nodes[best as usize];
        let player = best.mover as usize;
        nodes[nodes[ROOT as usize].children()]
            .iter()
            .filter(|child| 2 * child.visits >= best.visits)
            .all(|child| child.mean(player) <= best.mean(player))
    }

    /// One iteration; returns whether a node could not be expanded for lack of room.
    fn iterate(&mut self) -> bool {
        let players = self.rollout.players;
        let implicit = self.config.implicit_weight > 0.0;
        let mut game = self.root.clone();
        self.path.clear();
        self.path.push(ROOT);
        let mut node = ROOT;
        let mut depth = 0;
        let mut full = false;
        let rewards: Rewards = loop {
            let current = &self.tree.nodes[node as usize];
            if let Some(outcome) = current.proven() {
                break outcome_rewards::<G>(outcome, players);
            }
            if current.state == State::Expanded {
                let settings = SelectSettings {
                    exploration: self.config.exploration,
                    prior_weight: self.config.prior_weight,
                    implicit_weight: self.config.implicit_weight,
                    solver: self.config.solver,
                    players,
                };
                node = select(self.tree, node, &settings);
                let mv = self.tree.nodes[node as usize].mv;
                game.play(mv.expect("only the root has no move"));
                self.nodes += 1;
                depth += 1;
                self.path.push(node);
                continue;
            }
            if let Some(outcome) = end_or_moves(&game, &mut self.moves) {
                let leaf = &mut self.tree.nodes[node as usize];
                leaf.state = State::Terminal;
                leaf.set_proven(Some(outcome));
                let rewards = outcome_rewards::<G>(outcome, players);
                if implicit {
                    self.tree.values[node as usize] = rewards;
                }
                break rewards;
            }
            let expand = node == ROOT
                || (current.visits >= self.config.expand_after && depth < self.max_depth);
            if node == ROOT && !self.root_filter.is_empty() {
                let kept: Vec<G::Move> = self
                    .moves
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|mv| self.root_filter.contains(mv))
                    .collect();
                self.moves.clear();
                for mv in kept {
                    self.moves.push(mv);
                }
            }
            if expand {
                if self.tree.has_room(self.moves.len()) {
                    let mover = game.player_to_move();
                    if self.config.prior_weight > 0.0 {
                        self.order_by_priors(&mut game, mover);
                    } else {
                        order_by_hints(&game, &mut self.moves);
                        self.priors.clear();
                    }
                    self.tree
                        .expand(node, self.moves.as_slice(), &self.priors, mover);
                    continue;
                }
                full = true;
            }
            if implicit && current.visits == 0 {
                // A new leaf: its implicit value is its evaluation (or its leaf search's), on the
                // rollouts' scale.
                let value = self.rollout.evaluate(&mut game, &mut self.nodes);
                self.tree.values[node as usize] = value;
                if self.rollout.limit == Some(0) {
                    // The rollout would score the same position again.
                    break value;
                }
            }
            break self.rollout.run(
                game,
                &mut self.moves,
                &mut self.safe,
                &mut self.rng,
                &mut self.nodes,
            );
        };
        self.depth = self.depth.max(depth);
        for &id in &self.path {
            let node = &mut self.tree.nodes[id as usize];
            node.visits += 1;
            for (sum, reward) in node.rewards[..players].iter_mut().zip(&rewards) {
                *sum += reward;
            }
        }
        if implicit {
            // Only the nodes of the path have a child whose value may have changed.
            for &id in self.path.iter().rev() {
                if self.tree.nodes[id as usize].state == State::Expanded {
                    self.tree.back_up_value(id);
                }
            }
        }
        if self.config.solver {
            for &id in self.path.iter().rev() {
                if !update_proof(self.tree, id) {
                    break;
                }
            }
        }
        full
    }
}

impl<G, E, P> Worker<'_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: RolloutPolicy<G> + ?Sized,
{
    /// Scores each of `moves` by the evaluation's reward for `mover` after it, or its leaf
    /// search's (the prior of progressive bias), and sorts them best first, so that unvisited children are tried in
    /// that order too.
    fn order_by_priors(&mut self, game: &mut G, mover: usize) {
        let settings = &self.rollout;
        let nodes = &mut self.nodes;
        let mut scratch = G::Moves::default();
        let mut scored: Vec<(f32, G::Move)> = self
            .moves
            .as_slice()
            .iter()
            .map(|&mv| {
                let prior = game.visit_child(mv, |child| match end_or_moves(child, &mut scratch) {
                    Some(outcome) => outcome_rewards::<G>(outcome, settings.players)[mover],
                    None => settings.evaluate(child, nodes)[mover],
                });
                (prior, mv)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        self.moves.clear();
        self.priors.clear();
        for (prior, mv) in scored {
            self.moves.push(mv);
            self.priors.push(prior);
        }
    }
}

/// Puts `moves` in the order in which selection tries unvisited children: the game's hint
/// order, highest first (stable, so equal hints keep the generation order).
fn order_by_hints<G: Game>(game: &G, moves: &mut G::Moves) {
    moves
        .as_mut_slice()
        .sort_by_key(|&mv| core::cmp::Reverse(game.move_order_hint(mv)));
}
