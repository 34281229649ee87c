//! The TicTacChess space's edge bookkeeping under the mirror symmetry (the solver itself is
//! tested in `plyforge-search`): for sampled states, the edges its predecessor lists report
//! into a state add up to that state's number of legal moves, the invariant the solver's
//! counts rely on.

use plyforge_search::retrograde::{Space, Start};
use plyforge_tictacchess::{Position, StateIndex, TicTacChessSpace};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The edges that the space's predecessor lists report into `entry`, over all the
/// representatives of its children.
fn reported_edges(space: &TicTacChessSpace, position: &Position, entry: u64) -> u64 {
    let children: BTreeSet<u64> = position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play(mv);
            space.entry(&next).entry
        })
        .collect();
    let mut total: HashMap<u64, u64> = HashMap::new();
    for child in children {
        space.predecessors(child, &mut |parent, edges| {
            *total.entry(parent).or_default() += u64::from(edges);
        });
    }
    total.get(&entry).copied().unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn edges_add_up_to_the_move_count(number in 0u64..2_462_360_745) {
        let space = TicTacChessSpace::new();
        let position = space.position(number, true);
        if let Start::Moves(count) = space.start(number) {
            prop_assert_eq!(reported_edges(&space, &position, number), u64::from(count), "{}", position);
        }
    }
}

#[test]
fn edges_add_up_on_symmetric_and_playout_states() {
    let space = TicTacChessSpace::new();
    let index = StateIndex::new();
    // Mirror-symmetric states (pieces on the b/c files in pairs, or in hand) and their
    // neighbours are the delicate case.
    let texts = [
        "4/4/4/4 w PNBRpnbr ns",
        "4/1Nn1/4/4 w PBRpbr ns",
        "4/4/1Rr1/4 w PNBpnb ns",
        "1pP1/4/4/1bB1 w NRnr ss",
        "4/4/4/1N2 w PBRpnbr ns",
    ];
    let mut checked = 0;
    for text in texts {
        let start: Position = text.parse().expect("a valid position");
        let mut frontier = vec![start];
        for _ in 0..3 {
            let mut next_frontier = Vec::new();
            for position in frontier {
                let entry = space.entry(&position).entry;
                let representative = space.position(entry, true);
                assert_eq!(index.index_fast(&representative), 2 * entry);
                if let Start::Moves(count) = space.start(entry) {
                    assert_eq!(
                        reported_edges(&space, &representative, entry),
                        u64::from(count),
                        "{representative}"
                    );
                    checked += 1;
                }
                for &mv in position.legal_moves().iter().take(8) {
                    let mut child = position;
                    child.play(mv);
                    next_frontier.push(child);
                }
            }
            frontier = next_frontier;
        }
    }
    assert!(checked > 100, "{checked}");
}
