//! The shared max^n search against a plain recursion without pruning, on random game trees whose
//! values tie often (small integer components, wins and draws): with and without the pruning
//! bound, with the children searched in the move list's order, in hint order (ties still to the
//! first in the list) and with the list rearranged by hint, and with extra plies that wait for a
//! player's turn.

use super::{ChildOrder, MaxnWalk, Reach, value};
use crate::game::{Game, Outcome};
use crate::moves::{MoveBuffer, MoveList};
use crate::score::Score;
use proptest::prelude::*;

/// The most players of the trees here.
const PLAYERS: usize = 4;

/// Every leaf component is below this.
const LEAF_RANGE: u64 = 3;

/// A win is worth this to the winner and 0 to the others; a draw 1 to everyone. No two
/// components of any value add up to more: the pruning bound.
const WIN: Score = 4;

type Value = [Score; PLAYERS];

fn mix(a: u64, b: u64) -> u64 {
    let mut x = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A position of a random tree: 1 to 4 moves, sometimes none (a draw), games won or drawn by
/// rule here and there, players in turn; everything drawn from a hash of the path.
#[derive(Debug, Clone)]
struct Branches {
    hash: u64,
    ply: u32,
    plies: u32,
    players: usize,
}

impl Game for Branches {
    type Move = u8;
    type Moves = MoveList<u8, 4>;

    fn player_count(&self) -> usize {
        self.players
    }

    fn player_to_move(&self) -> usize {
        self.ply as usize % self.players
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.ply < self.plies && !self.hash.is_multiple_of(13) {
            for mv in 0..1 + (self.hash >> 4) % 4 {
                moves.push(mv as u8);
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.hash = mix(self.hash, u64::from(mv) + 1);
        self.ply += 1;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        if self.ply == 0 || !(self.hash >> 8).is_multiple_of(11) {
            return None;
        }
        let roll = (self.hash >> 16) % (self.players as u64 + 1);
        Some(if roll == self.players as u64 {
            Outcome::Draw
        } else {
            Outcome::Win(roll as usize)
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_key(mv: u8) -> u16 {
        mv.into()
    }

    fn move_order_hint(&self, mv: u8) -> i32 {
        (mix(self.hash, 100 + u64::from(mv)) % 3) as i32
    }
}

/// How the walk orders a node's children.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ordering {
    /// In the list's order.
    List,
    /// Highest hint first, the list untouched (ties to the first in the list).
    Hints,
    /// The list sorted by hint, highest first (ties to the first in the sorted list).
    Sorted,
}

/// The children's indices in a fixed order.
struct Indices(Vec<usize>);

impl ChildOrder for Indices {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn get(&mut self, k: usize) -> usize {
        self.0[k]
    }
}

/// A walk over [`Branches`] with small integer values.
struct Walk {
    players: usize,
    max_sum: Option<Score>,
    ordering: Ordering,
    /// The player whose turn leaves wait for, within the extra plies.
    cut_off: Option<usize>,
    nodes: u64,
}

fn outcome_value(outcome: Outcome, players: usize) -> Value {
    let mut value = [0; PLAYERS];
    match outcome {
        Outcome::Win(winner) => value[winner] = WIN,
        Outcome::Draw => value[..players].fill(1),
    }
    value
}

fn leaf_value(game: &Branches) -> Value {
    let mut value = [0; PLAYERS];
    for (player, component) in value[..game.players].iter_mut().enumerate() {
        *component = (mix(game.hash, 200 + player as u64) % LEAF_RANGE) as Score;
    }
    value
}

impl MaxnWalk<Branches> for Walk {
    type Component = Score;
    type Value = Value;
    type Order = Indices;

    fn max_sum(&self) -> Option<Score> {
        self.max_sum
    }

    fn outcome_value(&self, outcome: Outcome, _ply: usize) -> Value {
        outcome_value(outcome, self.players)
    }

    fn leaf_value(&mut self, game: &Branches) -> Value {
        leaf_value(game)
    }

    fn waits(&self, game: &Branches) -> bool {
        self.cut_off
            .is_some_and(|player| game.player_to_move() != player)
    }

    fn order(
        &mut self,
        game: &Branches,
        _ply: usize,
        moves: &mut MoveList<u8, 4>,
        _on_line: bool,
    ) -> (Indices, Option<usize>) {
        let mut indices: Vec<usize> = (0..moves.len()).collect();
        match self.ordering {
            Ordering::List => {}
            Ordering::Hints => {
                indices.sort_by_key(|&index| core::cmp::Reverse(game.move_order_hint(moves[index])))
            }
            Ordering::Sorted => moves
                .as_mut_slice()
                .sort_by_key(|&mv| core::cmp::Reverse(game.move_order_hint(mv))),
        }
        (Indices(indices), None)
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        false
    }
}

/// Plain max^n to `depth` plies, then up to `extra` more while `cut_off` is not to move, ties
/// to the first child in the list (sorted by hint when `sorted`): the value and the children
/// searched.
fn plain_maxn(
    game: &Branches,
    depth: u32,
    extra: u32,
    cut_off: Option<usize>,
    sorted: bool,
) -> (Value, u64) {
    if let Some(outcome) = game.outcome_by_rule() {
        return (outcome_value(outcome, game.players), 0);
    }
    let waiting = extra > 0 && cut_off.is_some_and(|player| game.player_to_move() != player);
    if depth == 0 && !waiting {
        return (leaf_value(game), 0);
    }
    let (depth, extra) = if depth > 0 {
        (depth - 1, extra)
    } else {
        (0, extra - 1)
    };
    let mut moves = MoveList::<u8, 4>::default();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return (outcome_value(game.outcome_without_moves(), game.players), 0);
    }
    if sorted {
        moves
            .as_mut_slice()
            .sort_by_key(|&mv| core::cmp::Reverse(game.move_order_hint(mv)));
    }
    let mover = game.player_to_move();
    let mut best: Option<Value> = None;
    let mut nodes = 0;
    for &mv in moves.as_slice() {
        let mut child = game.clone();
        child.play(mv);
        let (value, below) = plain_maxn(&child, depth, extra, cut_off, sorted);
        nodes += 1 + below;
        if best.is_none_or(|best| value[mover] > best[mover]) {
            best = Some(value);
        }
    }
    (best.expect("a node with moves has a best child"), nodes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_search_is_plain_maxn_with_or_without_pruning(
        seed in any::<u64>(),
        players in 2usize..=PLAYERS,
        plies in 1u32..=7,
        depth in 0u32..=5,
        extra in 0u32..=3,
        cut_off in prop_oneof![Just(None), (0usize..PLAYERS).prop_map(Some)],
        ordering in prop_oneof![Just(Ordering::List), Just(Ordering::Hints), Just(Ordering::Sorted)],
        max_sum in prop_oneof![Just(None), Just(Some(WIN)), Just(Some(3 * WIN))],
    ) {
        let cut_off = cut_off.map(|player| player % players);
        let root = Branches { hash: mix(seed, 0), ply: 0, plies, players };
        let (expected, plain_nodes) =
            plain_maxn(&root, depth, extra, cut_off, ordering == Ordering::Sorted);
        let mut walk = Walk { players, max_sum, ordering, cut_off, nodes: 0 };
        let found = value(&mut walk, &mut root.clone(), Reach { depth, extra }, 0, None, false);
        prop_assert_eq!(found, Some(expected));
        if max_sum.is_some() {
            prop_assert!(walk.nodes <= plain_nodes);
        } else {
            prop_assert_eq!(walk.nodes, plain_nodes);
        }
    }
}

#[test]
fn shallow_pruning_saves_nodes_with_three_players() {
    let (mut pruned, mut plain) = (0, 0);
    for seed in 0..200 {
        let root = Branches {
            hash: mix(seed, 0),
            ply: 0,
            plies: 6,
            players: 3,
        };
        for (max_sum, total) in [(Some(WIN), &mut pruned), (None, &mut plain)] {
            let mut walk = Walk {
                players: 3,
                max_sum,
                ordering: Ordering::Hints,
                cut_off: None,
                nodes: 0,
            };
            value(
                &mut walk,
                &mut root.clone(),
                Reach::depth(5),
                0,
                None,
                false,
            );
            *total += walk.nodes;
        }
    }
    assert!(
        pruned < plain,
        "{pruned} nodes pruned against {plain} plain"
    );
}
