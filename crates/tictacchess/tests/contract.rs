//! TicTacChess keeps the contract of `plyforge_search::Game` and `Evaluator`, as the search
//! crate's checker sees it: from the empty board (drops only), with and without a move limit,
//! and along random games to their end.

use plyforge_search::contract::{CheckOptions, Checker};
use plyforge_tictacchess::{Evaluation, TicTacChess};

#[test]
fn the_empty_board_keeps_the_contract_with_and_without_a_move_limit() {
    for limit in [None, Some(40)] {
        let start = TicTacChess::new().with_move_limit(limit);
        let report = Checker::new(&start)
            .evaluator(&Evaluation::default())
            .compare_positions()
            .options(CheckOptions::default().depth(4).nodes(40_000).playouts(50))
            .run()
            .unwrap_or_else(|violation| panic!("limit {limit:?}:\n{violation}"));
        assert!(report.complete_depth >= Some(2), "{report}");
        assert!(
            report.wins_by_rule > 0 && report.hash_revisits > 0,
            "{report}"
        );
        if limit.is_some() {
            assert_eq!(report.playouts_ended, 50, "{report}");
        }
    }
}
