//! Max^n (Luckhardt and Irani, 1986) with shallow pruning (Korf, 1991), written once for every
//! search that uses it: the multi-player searcher's max^n on integer score vectors and Monte
//! Carlo tree search's leaf search on reward vectors. A [`MaxnWalk`] supplies what differs
//! between them (the values and their pruning bound, the valuation of leaves and finished games,
//! the move order, node counting and stopping, the principal variation); the walk is a type
//! parameter, so each search gets its own compiled copy and hooks that do nothing cost nothing.
//!
//! Every node's value has one component per player; the player to move picks the child with the
//! highest component for itself, the first in the move list on ties (the list as the walk's
//! [`MaxnWalk::order`] leaves it), whatever order the children are searched in.
//!
//! Shallow pruning: if any two players' components add up to at most `max_sum`, then once the
//! player `p` to move at a node has a child worth `s` to it, every value it will still choose
//! gives its parent's player `q` at most `max_sum - s`. When that cannot beat what `q` already
//! has, the node cannot be chosen and its remaining children are skipped. Deep pruning is not
//! done: it is unsound in max^n (Korf, 1991).

use crate::game::{Game, Outcome};
use crate::moves::MoveBuffer;
use crate::score::Score;
use core::ops::Index;

#[cfg(test)]
mod tests;

/// One player's component of a max^n value: a score or a reward.
pub(crate) trait Component: Copy + PartialOrd {
    /// What `total` leaves for the other players when one player has `self`.
    fn left_of(self, total: Self) -> Self;
}

impl Component for Score {
    #[inline]
    fn left_of(self, total: Score) -> Score {
        total.saturating_sub(self)
    }
}

impl Component for f32 {
    #[inline]
    fn left_of(self, total: f32) -> f32 {
        total - self
    }
}

/// The order in which a node searches its children.
pub(crate) trait ChildOrder {
    /// The number of children.
    fn len(&self) -> usize;

    /// The index in the move list of the `k`-th child to search. Asked for `k = 0, 1, 2, ...` in
    /// turn.
    fn get(&mut self, k: usize) -> usize;
}

/// The children in the order of the move list.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ListOrder(pub usize);

impl ChildOrder for ListOrder {
    #[inline]
    fn len(&self) -> usize {
        self.0
    }

    #[inline]
    fn get(&mut self, k: usize) -> usize {
        k
    }
}

/// How far below a node the search goes: `depth` plies, then up to `extra` plies more while the
/// walk [waits](MaxnWalk::waits) at the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    pub depth: u32,
    pub extra: u32,
}

impl Reach {
    /// `depth` plies and no more.
    pub(crate) fn depth(depth: u32) -> Reach {
        Reach { depth, extra: 0 }
    }

    /// The reach of a node's children, or `None` when the node is a leaf.
    #[inline]
    fn below(self, waits: impl FnOnce() -> bool) -> Option<Reach> {
        if self.depth > 0 {
            Some(Reach {
                depth: self.depth - 1,
                extra: self.extra,
            })
        } else if self.extra > 0 && waits() {
            Some(Reach {
                depth: 0,
                extra: self.extra - 1,
            })
        } else {
            None
        }
    }
}

/// What the parent of a node has already secured: its player, that player's component of its
/// best child so far, and whether a child that only ties it would be chosen (it comes earlier in
/// the move list).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ParentBound<C> {
    player: usize,
    best: C,
    ties_chosen: bool,
}

impl<C: Component> ParentBound<C> {
    /// Whether a node whose value gives the parent's player at most `most` cannot be chosen.
    #[inline]
    fn rules_out(&self, most: C) -> bool {
        if self.ties_chosen {
            most < self.best
        } else {
            most <= self.best
        }
    }
}

/// What one max^n search supplies besides the recursion. The hooks with a default do nothing.
pub(crate) trait MaxnWalk<G: Game> {
    /// One player's component of a value.
    type Component: Component;
    /// A node's value: a component per player, indexed by player.
    type Value: Copy + Index<usize, Output = Self::Component>;
    /// The order a node searches its children in.
    type Order: ChildOrder;

    /// The shallow-pruning bound: no two players' components of a value add up to more. `None`
    /// when there is none (no pruning).
    fn max_sum(&self) -> Option<Self::Component>;

    /// The value of a game that ended `ply` plies below the root.
    fn outcome_value(&self, outcome: Outcome, ply: usize) -> Self::Value;

    /// The value of `game` (not over) at the horizon.
    fn leaf_value(&mut self, game: &G) -> Self::Value;

    /// Whether a node at the depth horizon searches on while extra plies remain (to stop on a
    /// particular player's turn).
    #[inline]
    fn waits(&self, _game: &G) -> bool {
        false
    }

    /// The search enters the node at `ply`.
    #[inline]
    fn enter(&mut self, _ply: usize) {}

    /// Leaves out of the node's `moves` those it does not choose among.
    #[inline]
    fn restrict(&self, _ply: usize, _moves: &mut G::Moves) {}

    /// The order in which the node at `ply` of `game` searches its `moves` (not empty; they may
    /// be rearranged, ties then go to the first in the new list), and, when the node is
    /// `on_line` (on the previous search's principal variation), the index of that line's move,
    /// whose child is on the line in turn.
    fn order(
        &mut self,
        game: &G,
        ply: usize,
        moves: &mut G::Moves,
        on_line: bool,
    ) -> (Self::Order, Option<usize>);

    /// Takes back the node's order once its children are searched.
    #[inline]
    fn release(&mut self, _ply: usize, _order: Self::Order) {}

    /// Counts the child about to be searched: `true` when the search must stop instead.
    fn count_node(&mut self) -> bool;

    /// Whether the search stopped: every node then returns `None` at once.
    #[inline]
    fn aborted(&self) -> bool {
        false
    }

    /// `player`, to move at the node at `ply`, prefers `mv` to every child searched so far.
    #[inline]
    fn chose(&mut self, _ply: usize, _player: usize, _mv: G::Move) {}
}

/// The max^n value of `game`, `ply` plies below the root, searched as far as `reach`; `None`
/// when `parent` shows that the parent will not choose the node, or the walk
/// [stopped](MaxnWalk::aborted).
pub(crate) fn value<G: Game, W: MaxnWalk<G>>(
    walk: &mut W,
    game: &mut G,
    reach: Reach,
    ply: usize,
    parent: Option<ParentBound<W::Component>>,
    on_line: bool,
) -> Option<W::Value> {
    walk.enter(ply);
    if let Some(outcome) = game.outcome_by_rule() {
        return Some(walk.outcome_value(outcome, ply));
    }
    let Some(below) = reach.below(|| walk.waits(game)) else {
        return Some(walk.leaf_value(game));
    };
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    walk.restrict(ply, &mut moves);
    if moves.is_empty() {
        return Some(walk.outcome_value(game.outcome_without_moves(), ply));
    }
    let (mut order, previous) = walk.order(game, ply, &mut moves, on_line);
    let value = children(
        walk,
        game,
        moves.as_slice(),
        &mut order,
        below,
        ply,
        parent,
        previous,
    );
    walk.release(ply, order);
    value
}

/// The children of a max^n node, in `order`: the value of the best, or `None` as [`value`].
#[allow(clippy::too_many_arguments)] // the node's moves and its place in the tree
fn children<G: Game, W: MaxnWalk<G>>(
    walk: &mut W,
    game: &mut G,
    moves: &[G::Move],
    order: &mut W::Order,
    reach: Reach,
    ply: usize,
    parent: Option<ParentBound<W::Component>>,
    previous: Option<usize>,
) -> Option<W::Value> {
    let mover = game.player_to_move();
    let max_sum = walk.max_sum();
    // The best child so far: its value and its index in the move list.
    let mut best: Option<(W::Value, usize)> = None;
    for k in 0..order.len() {
        let index = order.get(k);
        let mv = moves[index];
        let bound = match (max_sum, best) {
            (Some(_), Some((value, best_index))) => Some(ParentBound {
                player: mover,
                best: value[mover],
                // An earlier move in the list wins ties, so it must only match the best; a
                // later one must beat it.
                ties_chosen: index < best_index,
            }),
            _ => None,
        };
        let on_line = previous == Some(index);
        let value = if walk.count_node() {
            None
        } else {
            game.visit_child(mv, |child| {
                self::value(walk, child, reach, ply + 1, bound, on_line)
            })
        };
        if walk.aborted() {
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
            walk.chose(ply, mover, mv);
            if let (Some(max_sum), Some(parent)) = (max_sum, parent)
                && parent.player != mover
                && parent.rules_out(value[mover].left_of(max_sum))
            {
                return None;
            }
        }
    }
    best.map(|(value, _)| value)
}
