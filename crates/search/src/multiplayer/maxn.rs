//! max^n search (Luckhardt and Irani, 1986) with shallow pruning (Korf, 1991).
//!
//! Every node's value is a [`ScoreVector`]; the player to move picks the child with the highest
//! score for itself, the first in generation order on ties. The previous iteration's move is
//! searched first along its line (and, with pruning, the other moves by their ordering hints),
//! and the tie rule still prefers generation order, so the result is exactly that of plain max^n
//! in generation order.
//!
//! Shallow pruning: if any two players' scores add up to at most `max_sum`, then once the player
//! `p` to move at a node has a child worth `s` to it, every value it will still choose gives its
//! parent's player `q` at most `max_sum - s`. When that cannot beat what `q` already has, the
//! node cannot be chosen and its remaining children are skipped. Deep pruning is not done: it is
//! unsound in max^n (Korf, 1991).

use super::context::Context;
use super::ordering::SearchOrder;
use super::player_move::{PlayerMove, outcome_scores};
use crate::game::{Evaluator, Game};
use crate::moves::MoveBuffer;
use crate::score::Score;
use crate::score_vector::ScoreVector;

/// What the parent of a node has already secured: its player, and the highest score for that
/// player a child may have and still not be chosen.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ParentBound {
    player: usize,
    not_above: Score,
}

impl<G: Game, E: Evaluator<G>> Context<'_, G, E> {
    /// The max^n value of `game` searched `depth` plies deep, `ply` plies below the root.
    /// `None` when the node was pruned (its parent will not choose it) or the iteration was
    /// aborted ([`ThreadClock::aborted`](crate::clock::ThreadClock::aborted) tells which).
    pub(crate) fn maxn(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: usize,
        parent: Option<ParentBound>,
        on_previous_line: bool,
    ) -> Option<ScoreVector> {
        self.clear_pv(ply);
        if let Some(outcome) = game.outcome_by_rule() {
            return Some(outcome_scores(outcome, self.players, ply));
        }
        if depth == 0 {
            self.reached_horizon = true;
            return Some(self.evaluate_all(game));
        }
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        self.restrict_root(ply, &mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            return Some(outcome_scores(
                game.outcome_without_moves(),
                self.players,
                ply,
            ));
        }
        let mover = game.player_to_move();
        let previous = if on_previous_line {
            self.previous_move_index(ply, mover, moves)
        } else {
            None
        };
        // Without pruning the order cannot save anything: skip the hints.
        let use_hints = self.order_hints && self.max_sum.is_some();
        let mut order = core::mem::take(&mut self.orders[ply]);
        {
            let hint = |index: usize| game.move_order_hint(moves[index]);
            order.fill(
                moves.len(),
                previous,
                [None, None],
                use_hints.then_some(&hint as &dyn Fn(usize) -> i32),
            );
        }
        let value = self.maxn_moves(game, moves, &mut order, depth, ply, parent, previous);
        self.orders[ply] = order;
        value
    }

    /// The children of a max^n node, in `order`.
    #[allow(clippy::too_many_arguments)] // the node's moves and its place in the tree
    fn maxn_moves(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        order: &mut SearchOrder,
        depth: u32,
        ply: usize,
        parent: Option<ParentBound>,
        previous: Option<usize>,
    ) -> Option<ScoreVector> {
        let mover = game.player_to_move();
        // The best child so far: its value and its index in generation order.
        let mut best: Option<(ScoreVector, usize)> = None;
        for k in 0..order.len() {
            let index = order.get(k);
            let mv = moves[index];
            let bound = match (self.max_sum, best) {
                (Some(_), Some((value, best_index))) => Some(ParentBound {
                    player: mover,
                    // A later move must beat the best; an earlier one (in generation order)
                    // wins ties, so it must only match it.
                    not_above: if index > best_index {
                        value[mover]
                    } else {
                        value[mover] - 1
                    },
                }),
                _ => None,
            };
            let on_line = previous == Some(index);
            let value = if self.clock.count_node() {
                None
            } else {
                game.visit_child(mv, |child| {
                    self.maxn(child, depth - 1, ply + 1, bound, on_line)
                })
            };
            if self.clock.aborted() {
                return None;
            }
            // `None`: the child was pruned, it cannot be better than the best.
            let Some(value) = value else { continue };
            let better = best.is_none_or(|(best_value, best_index)| {
                value[mover] > best_value[mover]
                    || (value[mover] == best_value[mover] && index < best_index)
            });
            if better {
                best = Some((value, index));
                let played = PlayerMove { player: mover, mv };
                self.update_pv(ply, played, &[played]);
                let cannot_be_chosen = match (self.max_sum, parent) {
                    (Some(max_sum), Some(parent)) => {
                        parent.player != mover
                            && max_sum.saturating_sub(value[mover]) <= parent.not_above
                    }
                    _ => false,
                };
                if cannot_be_chosen {
                    return None;
                }
            }
        }
        best.map(|(value, _)| value)
    }
}
