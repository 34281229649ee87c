//! Perft from the start for every player count (the rules page's table), and from positions
//! that exercise long jump chains, a blocked target, a win that ends the tree and a forced
//! pass.

use plyforge_search::perft;
use plyforge_sternhalma::{PlayerCount, Position};

#[test]
fn start_positions_match_the_rules_page() {
    let table = [
        (PlayerCount::Two, [14, 196, 4760]),
        (PlayerCount::Three, [14, 196, 2744]),
        (PlayerCount::Four, [14, 199, 2786]),
        (PlayerCount::Six, [14, 199, 2828]),
    ];
    for (players, counts) in table {
        let start = Position::new(players);
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&start, depth as u32 + 1),
                expected,
                "{players} players, depth {}",
                depth + 1
            );
        }
    }
}
