//! The retrograde solver against a plain minimax-by-depth reference on random game graphs
//! (lost nodes, draws without moves, parallel moves, cycles), on one and two threads, and the
//! solution's file format round trip.

use plyforge_search::retrograde::{Solution, Space, Start, Value, solve};
use proptest::prelude::*;

/// A game graph: each node is lost at once, or has a list of children (maybe none: a draw;
/// maybe repeated: parallel moves).
#[derive(Debug, Clone)]
struct Graph {
    children: Vec<Option<Vec<usize>>>,
}

impl Space for Graph {
    fn len(&self) -> u64 {
        self.children.len() as u64
    }

    fn start(&self, index: u64) -> Start {
        match &self.children[index as usize] {
            None => Start::Lost,
            Some(list) if list.is_empty() => Start::Stalemate,
            Some(list) => Start::Moves(list.len() as u16),
        }
    }

    fn predecessors(&self, index: u64, visit: &mut dyn FnMut(u64, u16)) {
        for (parent, list) in self.children.iter().enumerate() {
            if let Some(list) = list {
                let edges = list.iter().filter(|&&c| c as u64 == index).count();
                if edges > 0 {
                    visit(parent as u64, edges as u16);
                }
            }
        }
    }
}

/// Values by minimax over growing depths: won within `d` plies if some child is lost within
/// `d - 1`, lost within `d` if over, or if it has moves and every child is won within `d - 1`.
fn reference(graph: &Graph) -> Vec<Value> {
    let n = graph.children.len();
    let mut value = vec![Value::Draw; n];
    let mut won = vec![false; n];
    let mut lost: Vec<bool> = graph.children.iter().map(Option::is_none).collect();
    for (i, over) in lost.iter().enumerate() {
        if *over {
            value[i] = Value::Loss(0);
        }
    }
    for depth in 1..=(2 * n as u16 + 2) {
        let (mut next_won, mut next_lost) = (won.clone(), lost.clone());
        for (i, list) in graph.children.iter().enumerate() {
            let Some(list) = list else { continue };
            if !won[i] && list.iter().any(|&c| lost[c]) {
                next_won[i] = true;
                value[i] = Value::Win(depth);
            }
            if !lost[i] && !list.is_empty() && list.iter().all(|&c| won[c]) {
                next_lost[i] = true;
                value[i] = Value::Loss(depth);
            }
        }
        won = next_won;
        lost = next_lost;
    }
    value
}

fn graph_strategy() -> impl Strategy<Value = Graph> {
    (2usize..40).prop_flat_map(|n| {
        proptest::collection::vec(
            prop_oneof![
                1 => Just(None),
                8 => proptest::collection::vec(0..n, 0..5).prop_map(Some),
            ],
            n,
        )
        .prop_map(|children| Graph { children })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn solver_equals_minimax_by_depth(graph in graph_strategy(), threads in 1usize..3) {
        let solution = solve(&graph, threads, |_| {});
        let expected = reference(&graph);
        for (i, &value) in expected.iter().enumerate() {
            prop_assert_eq!(solution.value(i as u64), value, "node {}", i);
        }
        let mut bytes = Vec::new();
        solution.write_to(&mut bytes).unwrap();
        prop_assert_eq!(bytes.len() as u64, 2 * graph.len());
        let reread = Solution::read_from(&mut bytes.as_slice(), graph.len()).unwrap();
        for i in 0..graph.len() {
            prop_assert_eq!(reread.value(i), solution.value(i));
            prop_assert_eq!(reread.is_stalemate(i), solution.is_stalemate(i));
        }
        prop_assert!(Solution::read_from(&mut &bytes[1..], graph.len()).is_err());
    }
}
