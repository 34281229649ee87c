//! Sternhalma keeps the contract of `plyforge_search::Game` and `Evaluator` for 2, 3, 4 and 6
//! players, as the search crate's checker sees it: player indices, hashes (with `hash_after`),
//! the in-place `visit_child` and `set_player_to_move` of best-reply search, and the
//! evaluation, from the start and along random games.

use plyforge_search::contract::{CheckOptions, Checker};
use plyforge_sternhalma::{DistanceEvaluator, PlayerCount, Position};

#[test]
fn every_player_count_keeps_the_contract() {
    for players in [
        PlayerCount::Two,
        PlayerCount::Three,
        PlayerCount::Four,
        PlayerCount::Six,
    ] {
        let start = Position::new(players);
        let report = Checker::new(&start)
            .evaluator(&DistanceEvaluator::default())
            .compare_positions()
            .options(
                CheckOptions::default()
                    .depth(3)
                    .nodes(4_000)
                    .playouts(4)
                    .playout_plies(300),
            )
            .run()
            .unwrap_or_else(|violation| panic!("{players:?}:\n{violation}"));
        assert_eq!(report.players, players.get(), "{report}");
        assert!(report.complete_depth >= Some(1), "{report}");
        assert!(
            report.turn_handovers > 0 && report.hash_after_positions > 0,
            "{report}"
        );
    }
}
