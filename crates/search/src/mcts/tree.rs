//! The search tree in an arena: one `Vec` of nodes addressed by `u32` indices, the children of
//! a node side by side (created together when it is expanded), so a tree is one allocation that
//! a node budget bounds, and dropping it frees everything at once. Tree reuse copies the subtree
//! of the new root into a fresh arena, which also drops everything outside it. With implicit
//! minimax backups, a second `Vec` beside the nodes holds each node's heuristic value vector;
//! the node itself stays small for the searches that do not use it.

use crate::game::MAX_PLAYERS;
use crate::game::{Game, Outcome};

/// A node's index in its tree's arena.
pub(crate) type NodeId = u32;

/// The root's index: reuse rebuilds the arena with the new root first.
pub(crate) const ROOT: NodeId = 0;

/// What is known of a node beyond its statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Not yet expanded: no children, and not yet known to be an end of the game.
    Leaf,
    /// Its children exist (`first_child .. first_child + child_count`).
    Expanded,
    /// The game is over here.
    Terminal,
}

/// One position of the tree: the move that led to it, its visits and reward sums.
#[derive(Debug, Clone)]
pub(crate) struct Node<M> {
    /// The move from the parent; `None` only at the root.
    pub mv: Option<M>,
    /// The first child's index; meaningful when expanded.
    pub first_child: NodeId,
    /// Times an iteration passed through this node.
    pub visits: u32,
    /// How many children it has; meaningful when expanded.
    pub child_count: u16,
    /// The player who played `mv` (whose reward selection at the parent maximises).
    pub mover: u8,
    pub state: State,
    /// The result of the game from here if it is proven (terminal, or by the solver), packed
    /// in a byte (see [`Node::proven`]) to keep the node small.
    proof: u8,
    /// The evaluation's reward for `mover` right after `mv`, for progressive bias (0 when
    /// it is off).
    pub prior: f32,
    /// The sum of the rewards each player received through this node. `f32` keeps the node
    /// small; sums of millions of visits keep about six significant digits.
    pub rewards: [f32; MAX_PLAYERS],
}

impl<M: Copy> Node<M> {
    fn new(mv: Option<M>, mover: usize) -> Self {
        Node {
            mv,
            first_child: 0,
            visits: 0,
            child_count: 0,
            mover: mover as u8,
            state: State::Leaf,
            proof: UNPROVEN,
            prior: 0.0,
            rewards: [0.0; MAX_PLAYERS],
        }
    }

    /// The result of the game from here if it is proven.
    #[inline]
    pub fn proven(&self) -> Option<Outcome> {
        match self.proof {
            UNPROVEN => None,
            DRAW => Some(Outcome::Draw),
            winner => Some(Outcome::Win(usize::from(winner - WIN_BASE))),
        }
    }

    /// Records the proven result.
    #[inline]
    pub fn set_proven(&mut self, outcome: Option<Outcome>) {
        self.proof = match outcome {
            None => UNPROVEN,
            Some(Outcome::Draw) => DRAW,
            Some(Outcome::Win(winner)) => WIN_BASE + winner as u8,
        };
    }

    /// The children's index range.
    #[inline]
    pub fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }

    /// The mean reward of `player` through this node (0 when unvisited).
    #[inline]
    pub fn mean(&self, player: usize) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.rewards[player] / self.visits as f32
        }
    }
}

/// [`Node::proof`]: not proven, a draw, or a win of player `proof - WIN_BASE`.
const UNPROVEN: u8 = 0;
const DRAW: u8 = 1;
const WIN_BASE: u8 = 2;

/// One thread's tree and the position at its root.
#[derive(Debug, Clone)]
pub(crate) struct Tree<G: Game> {
    pub nodes: Vec<Node<G::Move>>,
    /// With implicit minimax backups, `values[i]` is node `i`'s heuristic value for each player:
    /// the max^n backup of its visited children's, or its own evaluation while it has none
    /// (zero, and never read, before its first visit). Empty when they are off.
    pub values: Vec<[f32; MAX_PLAYERS]>,
    /// Whether `values` is kept.
    implicit: bool,
    /// The most nodes this tree may hold.
    pub budget: usize,
    /// The root's position; `None` before the first search.
    pub root_position: Option<G>,
}

impl<G: Game> Tree<G> {
    /// An empty tree with room for `budget` nodes (allocated as it grows), keeping implicit
    /// minimax values when `implicit`.
    pub fn new(budget: usize, implicit: bool) -> Self {
        Tree {
            nodes: Vec::new(),
            values: Vec::new(),
            implicit,
            budget,
            root_position: None,
        }
    }

    /// Starts over at `root` with no statistics.
    pub fn reset(&mut self, root: &G) {
        self.nodes.clear();
        self.values.clear();
        // The root's `mover` is never read: nothing selects the root.
        self.nodes.push(Node::new(None, root.player_to_move()));
        if self.implicit {
            // Never read before the root's first expansion backs its children's values up.
            self.values.push([0.0; MAX_PLAYERS]);
        }
        self.root_position = Some(root.clone());
    }

    /// Whether `count` more nodes fit in the budget.
    #[inline]
    pub fn has_room(&self, count: usize) -> bool {
        self.nodes.len() + count <= self.budget
    }

    /// Gives `node` the children `moves`, all played by `mover`, with their `priors` (empty
    /// without progressive bias). The caller checked the room.
    pub fn expand(&mut self, node: NodeId, moves: &[G::Move], priors: &[f32], mover: usize) {
        let first = self.nodes.len() as NodeId;
        self.nodes
            .extend(moves.iter().enumerate().map(|(index, &mv)| Node {
                prior: priors.get(index).copied().unwrap_or(0.0),
                ..Node::new(Some(mv), mover)
            }));
        if self.implicit {
            // A child's value is set on its first visit.
            self.values.resize(self.nodes.len(), [0.0; MAX_PLAYERS]);
        }
        let parent = &mut self.nodes[node as usize];
        parent.first_child = first;
        parent.child_count = moves.len() as u16;
        parent.state = State::Expanded;
    }

    /// Sets the implicit minimax value of `node` (expanded, visited through a child) to that of
    /// its visited child best for the player who moves into the children (max^n; ties go to the
    /// first child). Unvisited children have no value yet.
    pub fn back_up_value(&mut self, node: NodeId) {
        let mut best: Option<usize> = None;
        for index in self.nodes[node as usize].children() {
            let child = &self.nodes[index];
            let mover = child.mover as usize;
            if child.visits > 0
                && best.is_none_or(|best| self.values[index][mover] > self.values[best][mover])
            {
                best = Some(index);
            }
        }
        if let Some(best) = best {
            self.values[node as usize] = self.values[best];
        }
    }

    /// The child of `node` with the most visits (ties: the higher mean for its mover, then the
    /// first), or `None` for a node without children.
    pub fn most_visited_child(&self, node: NodeId) -> Option<NodeId> {
        let parent = &self.nodes[node as usize];
        if parent.state != State::Expanded {
            return None;
        }
        let mut best: Option<(u32, f32, usize)> = None;
        for index in parent.children() {
            let child = &self.nodes[index];
            let key = (child.visits, child.mean(child.mover as usize));
            if best.is_none_or(|(visits, mean, _)| key > (visits, mean)) {
                best = Some((key.0, key.1, index));
            }
        }
        best.filter(|&(visits, _, _)| visits > 0)
            .map(|(_, _, index)| index as NodeId)
    }

    /// The line of most-visited children from `node`, at most `max_len` moves.
    pub fn line_from(&self, mut node: NodeId, max_len: usize, line: &mut Vec<G::Move>) {
        while line.len() < max_len {
            let Some(child) = self.most_visited_child(node) else {
                break;
            };
            line.extend(self.nodes[child as usize].mv);
            node = child;
        }
    }

    /// Makes the tree's root the position `target` if it lies at most `max_plies` below the current
    /// root in the expanded tree (found by hash), keeping its subtree when that fills at most
    /// `max_kept` nodes and its root is expanded. Returns whether a subtree was kept; otherwise the
    /// tree starts over at `target`.
    pub fn reuse_for(&mut self, target: &G, max_plies: usize, max_kept: usize) -> bool {
        let found = match &self.root_position {
            Some(root) if !self.nodes.is_empty() => {
                self.find(root.clone(), ROOT, target.hash(), max_plies)
            }
            _ => None,
        };
        match found {
            // A kept root must have its children: the search never expands a full tree.
            Some(node)
                if self.nodes[node as usize].state == State::Expanded
                    && self.subtree_size(node, max_kept + 1) <= max_kept =>
            {
                self.compact(node);
                self.root_position = Some(target.clone());
                true
            }
            _ => {
                self.reset(target);
                false
            }
        }
    }

    /// The node below `node` (whose position is `position`) with position hash `hash`, searched
    /// depth-first through expanded nodes to `plies` plies.
    fn find(&self, position: G, node: NodeId, hash: u64, plies: usize) -> Option<NodeId> {
        if position.hash() == hash {
            return Some(node);
        }
        let parent = &self.nodes[node as usize];
        if plies == 0 || parent.state != State::Expanded {
            return None;
        }
        for index in parent.children() {
            let child = &self.nodes[index];
            if child.visits == 0 {
                continue;
            }
            let mut next = position.clone();
            next.play(child.mv.expect("only the root has no move"));
            if let Some(found) = self.find(next, index as NodeId, hash, plies - 1) {
                return Some(found);
            }
        }
        None
    }

    /// The nodes of the subtree of `node`, counting no further than `cap`.
    fn subtree_size(&self, node: NodeId, cap: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![node];
        while let Some(next) = stack.pop() {
            count += 1;
            if count >= cap {
                return count;
            }
            let parent = &self.nodes[next as usize];
            if parent.state == State::Expanded {
                stack.extend(parent.children().map(|index| index as NodeId));
            }
        }
        count
    }

    /// Rebuilds the arena with the subtree of `node` alone, `node` as the root, breadth first
    /// so that siblings stay side by side.
    fn compact(&mut self, node: NodeId) {
        let mut kept: Vec<Node<G::Move>> = Vec::new();
        let mut kept_values = Vec::new();
        let mut root = self.nodes[node as usize].clone();
        root.mv = None;
        kept.push(root);
        if self.implicit {
            kept_values.push(self.values[node as usize]);
        }
        // `kept[i]` still points at its children in the old arena until it is visited here.
        let mut next = 0;
        while next < kept.len() {
            if kept[next].state == State::Expanded {
                let old = kept[next].children();
                let first = kept.len() as NodeId;
                if self.implicit {
                    kept_values.extend_from_slice(&self.values[old.clone()]);
                }
                kept.extend(self.nodes[old].iter().cloned());
                kept[next].first_child = first;
            }
            next += 1;
        }
        self.nodes = kept;
        self.values = kept_values;
    }
}
