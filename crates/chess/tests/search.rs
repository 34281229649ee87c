//! `plyforge-search` plays chess through the `Game` impl with no glue: it finds forced mates at
//! their exact distance and the captures a material evaluation sees, and repetitions handed in
//! as history score as draws.

use plyforge_chess::{Board, Evaluation};
use plyforge_search::Techniques;
use plyforge_search::score::win_in;
use plyforge_search::{Config, Limits, Searcher};

fn search(fen: &str, depth: u32, history: &[u64]) -> (String, i32) {
    let board: Board = fen.parse().unwrap();
    let mut searcher = Searcher::new(Config::default());
    let result = searcher
        .search(&board, &Evaluation, &Limits::depth(depth), history, |_| {})
        .unwrap();
    (board.san(result.best_move), result.score)
}

#[test]
fn finds_mate_in_one_and_two() {
    let (mv, score) = search(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4",
        3,
        &[],
    );
    assert_eq!((mv.as_str(), score), ("Qxf7#", win_in(1)));
    let (mv, score) = search(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        5,
        &[],
    );
    assert_eq!((mv.as_str(), score), ("Nf6+", win_in(3)));
}

#[test]
fn wins_a_hanging_queen() {
    let (mv, score) = search("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4, &[]);
    assert_eq!(mv, "Rxd5");
    assert!(score > 300);
}

#[test]
fn the_evaluation_cache_changes_no_node_and_no_value() {
    // The selective search, whose re-searches and verification searches meet positions again,
    // from an opening, a middlegame with a sacrifice to find (WAC.071) and an endgame.
    for fen in [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1",
        "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    ] {
        let board: Board = fen.parse().unwrap();
        let [cached, uncached] = [true, false].map(|eval_cache| {
            let config = Config::selective().with_technique(Techniques::EVAL_CACHE, eval_cache);
            let result = Searcher::new(config)
                .search(&board, &Evaluation, &Limits::depth(9), &[], |_| {})
                .unwrap();
            (result.nodes, result.score, result.pv)
        });
        assert_eq!(cached, uncached, "{fen}");
    }
}

/// The techniques of the selective search that game results decided on each change the search
/// (its node count in at least one of the positions: history pruning acts on quiet moves that
/// failed again and again, which at depth 10 are few, and leaves some trees as they are), and
/// none of them loses the solution of a tactical position from Win At Chess (a queen sacrifice
/// with check, a pawn thrust, a knight sacrifice) at depth 10.
#[test]
fn each_selective_technique_changes_the_search_and_keeps_the_solutions() {
    let techniques = [
        Techniques::QUIESCENCE_TABLE,
        Techniques::HISTORY_PRUNING,
        Techniques::LOSING_NOISY_REDUCTION,
    ];
    let mut changes = [false; 3];
    for (fen, solution) in [
        (
            "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1",
            "Qxf8+",
        ),
        (
            "r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - - 0 1",
            "c6",
        ),
        (
            "r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1",
            "Nxf7",
        ),
    ] {
        let board: Board = fen.parse().unwrap();
        let run = |config: Config| {
            let result = Searcher::new(config)
                .search(&board, &Evaluation, &Limits::depth(10), &[], |_| {})
                .unwrap();
            (board.san(result.best_move), result.nodes)
        };
        let (best, nodes) = run(Config::selective());
        assert_eq!(best, solution, "{fen}");
        for (technique, changed) in techniques.iter().zip(&mut changes) {
            let (best, nodes_without) = run(Config::selective().without(*technique));
            assert_eq!(best, solution, "{fen} without {technique:?}");
            *changed |= nodes != nodes_without;
        }
    }
    for (technique, changed) in techniques.iter().zip(changes) {
        assert!(changed, "{technique:?} changes no search");
    }
}
