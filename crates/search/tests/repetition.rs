//! Repetition draws against a brute-force reference: a small random graph game whose positions
//! recur, searched with `REPETITION_DRAWS`. A position that repeats one on the search path or
//! in the caller's pre-root history scores as a draw. The reference and the search agree
//! exactly without the transposition table (with it, a stored draw can leak into another path:
//! the known graph-history interaction, so only legality is checked there); the play/undo path
//! gives the same results as copy-make.

use plyforge_search::Techniques;
use plyforge_search::score::{EVAL_LIMIT, Score, loss_in, win_in};
use plyforge_search::{Config, Evaluator, Game, Limits, MoveList, Outcome, Searcher};
use proptest::prelude::*;

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Nodes of the graph.
const NODES: u64 = 7;
/// The node that wins for whoever moves onto it.
const GOAL: u64 = 6;

/// A token on a directed graph drawn from a seed; players take turns moving it along an edge.
/// `previous` is the undo stack of the play/undo variant.
#[derive(Debug, Clone)]
struct Graph<const UNDO: bool> {
    seed: u64,
    node: u64,
    player: usize,
    previous: Vec<(u64, usize)>,
}

impl<const UNDO: bool> Graph<UNDO> {
    fn new(seed: u64, node: u64) -> Self {
        Graph {
            seed,
            node,
            player: 0,
            previous: Vec::new(),
        }
    }
}

impl<const UNDO: bool> Game for Graph<UNDO> {
    type Move = u8;
    type Moves = MoveList<u8, 3>;
    const COPY_MAKE: bool = !UNDO;
    const REPETITION_DRAWS: bool = true;

    fn player_to_move(&self) -> usize {
        self.player
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.node == GOAL {
            return;
        }
        // Two or three edges; edge `k` leads to a node drawn from (seed, node, k).
        let edges = 2 + mix(self.seed ^ self.node) % 2;
        for edge in 0..edges as u8 {
            moves.push(edge);
        }
    }

    fn play(&mut self, edge: u8) {
        if UNDO {
            self.previous.push((self.node, self.player));
        }
        // The goal is reached rarely: one edge in five leads there.
        let draw = mix(self.seed ^ (self.node << 8) ^ (edge as u64 + 1));
        self.node = if draw.is_multiple_of(5) {
            GOAL
        } else {
            draw % (NODES - 1)
        };
        self.player ^= 1;
    }

    fn visit_child<R>(&mut self, edge: u8, visit: impl FnOnce(&mut Self) -> R) -> R {
        if !UNDO {
            let mut child = self.clone();
            child.play(edge);
            return visit(&mut child);
        }
        self.play(edge);
        let result = visit(self);
        (self.node, self.player) = self.previous.pop().expect("undo after play");
        result
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        (self.node == GOAL).then_some(Outcome::Win(self.player ^ 1))
    }

    fn hash(&self) -> u64 {
        self.node << 1 | self.player as u64
    }

    fn move_key(edge: u8) -> u16 {
        edge as u16
    }
}

struct GraphEval;

impl<const UNDO: bool> Evaluator<Graph<UNDO>> for GraphEval {
    fn evaluate(&self, game: &Graph<UNDO>, player: usize) -> Score {
        let value = (mix(game.seed ^ game.node ^ 0xabc) % 41) as Score - 20;
        if player == 0 { value } else { -value }
    }
}

/// Negamax where a position repeating one in `path` (earlier positions, the pre-root history
/// first) is a draw.
fn reference(game: &Graph<false>, depth: u32, ply: usize, path: &mut Vec<u64>) -> Score {
    if ply > 0 {
        if let Some(Outcome::Win(p)) = game.outcome_by_rule() {
            return if p == game.player {
                win_in(ply)
            } else {
                loss_in(ply)
            };
        }
        if path.contains(&game.hash()) {
            return 0;
        }
    }
    if depth == 0 {
        return GraphEval
            .evaluate(game, game.player)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    let mut moves = MoveList::<u8, 3>::new();
    game.generate_moves(&mut moves);
    path.push(game.hash());
    let mut best = -Score::MAX;
    for &mv in &moves {
        let mut child = game.clone();
        child.play(mv);
        best = best.max(-reference(&child, depth - 1, ply + 1, path));
    }
    path.pop();
    best
}

fn no_tt() -> Config {
    Config::exact()
        .with_technique(Techniques::TT, false)
        .with_aspiration_window(3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn repetitions_are_draws(seed in any::<u64>(), start in 0..NODES - 1, depth in 1u32..=8, history_len in 0usize..3) {
        let root = Graph::<false>::new(seed, start);
        // A pre-root history of other nodes, with the player to move alternating back.
        let history: Vec<u64> = (0..history_len as u64)
            .map(|i| (((start + 1 + i) % (NODES - 1)) << 1) | ((history_len as u64 - i) % 2))
            .collect();
        let expected = reference(&root, depth, 0, &mut history.clone());
        for config in [Config::plain(), no_tt()] {
            let result = Searcher::new(config)
                .search(&root, &GraphEval, &Limits::depth(depth), &history, |_| {})
                .unwrap();
            prop_assert_eq!(result.score, expected);
        }
        // Play/undo gives the same search as copy-make, node for node.
        let copy = Searcher::new(Config::default())
            .search(&root, &GraphEval, &Limits::depth(depth), &history, |_| {})
            .unwrap();
        let undo = Searcher::new(Config::default())
            .search(&Graph::<true>::new(seed, start), &GraphEval, &Limits::depth(depth), &history, |_| {})
            .unwrap();
        prop_assert_eq!((copy.score, copy.best_move, copy.nodes, copy.pv), (undo.score, undo.best_move, undo.nodes, undo.pv));
    }
}

/// A history entry equal to the only reachable position makes a position that is not a draw
/// without history a draw.
#[test]
fn history_repetition_is_a_draw() {
    // Find a seed and node where every move leads to one same non-goal node.
    for seed in 0..10_000u64 {
        let root = Graph::<false>::new(seed, 0);
        let mut moves = MoveList::<u8, 3>::new();
        root.generate_moves(&mut moves);
        let children: Vec<Graph<false>> = moves
            .iter()
            .map(|&mv| {
                let mut child = root.clone();
                child.play(mv);
                child
            })
            .collect();
        let first = children[0].hash();
        let free_value = reference(&root, 4, 0, &mut vec![]);
        if free_value != 0 && children.iter().all(|c| c.hash() == first && c.node != GOAL) {
            let result = Searcher::new(Config::default())
                .search(&root, &GraphEval, &Limits::depth(4), &[first], |_| {})
                .unwrap();
            assert_eq!(result.score, 0);
            let without = Searcher::new(Config::default())
                .search(&root, &GraphEval, &Limits::depth(4), &[], |_| {})
                .unwrap();
            assert_eq!(without.score, free_value);
            return;
        }
    }
    panic!("no seed with a single successor found");
}
