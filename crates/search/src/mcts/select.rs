//! Selection by UCT (Kocsis and Szepesvári, 2006): at each expanded node the player to move
//! picks the child with the highest upper confidence bound on its own mean reward. Unvisited
//! children come first, in generation order (the game's hint order where it generates in it).

use super::tree::{Node, NodeId, Tree};
use crate::game::{Game, Outcome};

/// The child of `node` to descend into. With the solver, a child proven won for the player to
/// move is taken at once and children proven lost for it are passed over while any other
/// remains.
pub(crate) fn select<G: Game>(tree: &Tree<G>, node: NodeId, settings: &SelectSettings) -> NodeId {
    let SelectSettings {
        exploration,
        prior_weight,
        implicit_weight,
        solver,
        players,
    } = *settings;
    let parent = &tree.nodes[node as usize];
    let log_visits = (parent.visits.max(1) as f32).ln();
    let mut best = (f32::NEG_INFINITY, parent.first_child);
    let mut fallback = (f32::NEG_INFINITY, parent.first_child);
    for index in parent.children() {
        let child = &tree.nodes[index];
        let mover = child.mover as usize;
        if solver && child.proven() == Some(Outcome::Win(mover)) {
            return index as NodeId;
        }
        if child.visits == 0 {
            if solver && lost_for_mover(child) {
                continue;
            }
            return index as NodeId;
        }
        // A proven child's value is exact: it needs no exploration bonus, and so it is chosen
        // only while it beats the unproven siblings' bounds, which leaves the iterations to
        // the moves still in doubt.
        let bound = match child.proven() {
            Some(outcome) if solver => exact_reward(outcome, mover, players),
            _ => {
                let visits = child.visits as f32;
                let value = if implicit_weight > 0.0 {
                    (1.0 - implicit_weight) * child.mean(mover)
                        + implicit_weight * tree.values[index][mover]
                } else {
                    child.mean(mover)
                };
                value
                    + exploration * (log_visits / visits).sqrt()
                    + prior_weight * child.prior / (visits + 1.0)
            }
        };
        let slot = if solver && lost_for_mover(child) {
            &mut fallback
        } else {
            &mut best
        };
        if bound > slot.0 {
            *slot = (bound, index as NodeId);
        }
    }
    if best.0 == f32::NEG_INFINITY {
        fallback.1
    } else {
        best.1
    }
}

/// What selection needs from the configuration.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SelectSettings {
    pub exploration: f32,
    /// Progressive bias (Chaslot et al., 2008): the weight of a child's prior, which fades as
    /// `1 / (visits + 1)`.
    pub prior_weight: f32,
    /// Implicit minimax backups (Lanctot et al., 2014): the weight of a child's backed-up
    /// heuristic value against its mean reward.
    pub implicit_weight: f32,
    pub solver: bool,
    pub players: usize,
}

/// The reward of `outcome` for `player`.
fn exact_reward(outcome: Outcome, player: usize, players: usize) -> f32 {
    match outcome {
        Outcome::Win(winner) if winner == player => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 1.0 / players as f32,
    }
}

/// Whether `node` is proven to end in a win of a player other than the one who moved into it.
#[inline]
pub(crate) fn lost_for_mover<M: Copy>(node: &Node<M>) -> bool {
    matches!(node.proven(), Some(Outcome::Win(winner)) if winner != node.mover as usize)
}
