//! Sternhalma keeps the contract of `plyforge_search::Game` and `Evaluator` for 2, 3, 4 and 6
//! players, as the search crate's checker sees it: player indices, hashes (with `hash_after`),
//! the in-place `visit_child` and `set_player_to_move` of best-reply search, and the
//! evaluation, from the start and along random games to the move limit.

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
        // A short move limit, so that random games reach an end (a draw by the limit).
        let start = Position::new(players).with_move_limit(40);
        let report = Checker::new(&start)
            .evaluator(&DistanceEvaluator::default())
            .compare_positions()
            .options(
                CheckOptions::default()
                    .depth(3)
                    .nodes(20_000)
                    .playouts(10)
                    .playout_plies(400),
            )
            .run()
            .unwrap_or_else(|violation| panic!("{players:?}:\n{violation}"));
        assert_eq!(report.players, players.get(), "{report}");
        assert_eq!(report.playouts_ended, 10, "{report}");
        assert!(report.draws_by_rule > 0, "{report}");
        assert!(report.complete_depth >= Some(1), "{report}");
        assert!(
            report.turn_handovers > 0 && report.hash_after_positions > 0,
            "{report}"
        );
    }
}
