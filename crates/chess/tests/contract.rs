//! Chess keeps the contract of `plyforge_search::Game` and `Evaluator`, as the search crate's
//! checker sees it: from the start position, from a middlegame with castling, en passant and
//! promotions near (Kiwipete), from an ending with promotions, and along random games to
//! their end (mate, stalemate, the 50-move rule or insufficient material).

use plyforge_chess::{Board, Evaluation};
use plyforge_search::contract::{CheckOptions, Checker};

fn check(fen: &str, options: CheckOptions) -> plyforge_search::contract::Report {
    let board: Board = fen.parse().unwrap();
    Checker::new(&board)
        .evaluator(&Evaluation)
        .compare_positions()
        .options(options)
        .run()
        .unwrap_or_else(|violation| panic!("{fen}:\n{violation}"))
}

#[test]
fn the_start_position_keeps_the_contract_to_the_end_of_random_games() {
    let report = check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CheckOptions::default().depth(3).nodes(12_000).playouts(30),
    );
    assert_eq!(report.complete_depth, Some(3), "{report}");
    assert_eq!(report.playouts_ended, 30, "{report}");
    assert!(
        report.null_moves > 0 && report.hash_after_positions == 0,
        "{report}"
    );
    assert!(report.ends_without_moves + report.draws_by_rule + report.wins_by_rule > 0);
}

#[test]
fn kiwipete_and_a_promotion_ending_keep_the_contract() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let report = check(
            fen,
            CheckOptions::default().depth(2).nodes(5_000).playouts(10),
        );
        assert!(report.noisy_positions > 0, "{report}");
    }
}
