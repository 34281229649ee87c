//! Connect Four keeps the contract of `plyforge_search::Game` and `Evaluator` on every board,
//! as the search crate's checker sees it, from the empty board and along random games to a
//! line or a full board.

use plyforge_connect_four::{Columns4x4, Columns5x4, Columns7x6, ConnectFour, ThreatEvaluator};
use plyforge_search::Game;
use plyforge_search::contract::{CheckOptions, Checker, Report};

fn check<G: Game + PartialEq>(start: &G, evaluator: &dyn plyforge_search::Evaluator<G>) -> Report {
    Checker::new(start)
        .evaluator(evaluator)
        .compare_positions()
        .options(CheckOptions::default().depth(5).nodes(30_000).playouts(100))
        .run()
        .unwrap_or_else(|violation| panic!("{violation}"))
}

#[test]
fn every_board_keeps_the_contract() {
    let reports = [
        check(&ConnectFour::<Columns4x4>::new(), &ThreatEvaluator),
        check(&ConnectFour::<Columns5x4>::new(), &ThreatEvaluator),
        check(&ConnectFour::<Columns7x6>::new(), &ThreatEvaluator),
    ];
    for report in reports {
        assert_eq!(report.playouts_ended, 100, "{report}");
        assert!(report.wins_by_rule > 0 && report.null_moves > 0, "{report}");
        assert!(
            report.hash_revisits > 0 && report.positions_compared > 0,
            "{report}"
        );
    }
}
