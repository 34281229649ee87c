use super::*;
use crate::test_support::{mirrored, playout};
use crate::tuning;
use alloc::vec::Vec;
use proptest::prelude::*;

fn board(fen: &str) -> Board {
    fen.parse().expect("a valid FEN")
}

/// The evaluation with the pawn table equals the evaluation counted from scratch, on a miss
/// and on the hit that follows.
fn assert_cache_agrees(board: &Board) {
    let expected = uncached_white_score(board);
    assert_eq!(Evaluation::white_score(board), expected, "{board}");
    assert_eq!(Evaluation::white_score(board), expected, "{board}");
    let pawns = pawn_entry(board);
    let mut sums = Sums::default();
    let facts = terms::count_pawns(terms::pawns_of(board), &mut sums);
    assert_eq!(
        (pawns.middle, pawns.end),
        (sums.middle, sums.end),
        "{board}"
    );
    assert_eq!(pawns.facts, facts, "{board}");
}

/// The test positions of `crates/chess/tests/data`: the two EPD suites and the perft suite
/// (read leniently, as it holds impossible positions on purpose).
fn data_positions() -> Vec<Board> {
    let suites = [
        include_str!("../../tests/data/wac.epd"),
        include_str!("../../tests/data/bratko-kopec.epd"),
        include_str!("../../tests/data/perftsuite.epd"),
    ];
    let mut boards = Vec::new();
    for line in suites.iter().flat_map(|suite| suite.lines()) {
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        if fields.len() == 4 {
            let fen = alloc::format!("{} 0 1", fields.join(" "));
            boards.push(Board::from_fen_lenient(&fen).expect("a valid test position"));
        }
    }
    boards
}

#[test]
fn pawn_table_agrees_on_the_test_positions_and_their_children() {
    let boards = data_positions();
    assert!(boards.len() > 400, "{} positions", boards.len());
    for board in boards {
        assert_cache_agrees(&board);
        for mv in board.legal_moves() {
            let mut child = board;
            child.play(mv);
            assert_cache_agrees(&child);
        }
    }
}

proptest! {
    #[test]
    fn pawn_table_agrees_along_random_games(choices in proptest::collection::vec(any::<u16>(), 0..160)) {
        let mut board = Board::default();
        for &choice in &choices {
            assert_cache_agrees(&board);
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves[usize::from(choice) % moves.len()]);
        }
    }

    #[test]
    fn mirrored_position_scores_negated(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let board = playout(&choices);
        let mirror = mirrored(&board);
        prop_assert_eq!(Evaluation::white_score(&mirror), -Evaluation::white_score(&board), "{}", board);
        prop_assert_eq!(
            Evaluation.evaluate(&board, board.side_to_move().index()),
            Evaluation.evaluate(&mirror, mirror.side_to_move().index())
        );
    }

    #[test]
    fn features_dotted_with_weights_are_the_evaluation(
        choices in proptest::collection::vec(any::<u16>(), 0..120)
    ) {
        let board = playout(&choices);
        let features = tuning::features(&board);
        prop_assert_eq!(tuning::score(&features, tuning::weights()), Evaluation::white_score(&board));
        let trace = Evaluation::trace(&board);
        prop_assert_eq!(trace.score, Evaluation::white_score(&board));
        prop_assert_eq!(trace.phase, features.phase);
    }
}

#[test]
fn start_position_is_balanced_but_for_the_tempo() {
    let start = Board::default();
    assert_eq!(Evaluation::white_score(&start), weights::TEMPO.0);
    let trace = Evaluation::trace(&start);
    assert_eq!(trace.material, (0, 0));
    assert_eq!(trace.phase, FULL_PHASE);
}

#[test]
fn side_to_move_views_agree() {
    let white = board("4k3/8/8/8/3N4/8/2P5/4K3 w - - 0 1");
    let black = board("4k3/2p5/8/3n4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        Evaluation.evaluate(&white, 0),
        Evaluation.evaluate(&black, 1)
    );
    // A knight and a pawn up: well over two pawns.
    assert!(Evaluation.evaluate(&white, 0) > 200);
}

#[test]
fn a_passed_pawn_scores_more_than_a_blocked_one() {
    // The same pawns on d5 and a black one on the d-file or the h-file: facing each other
    // neither is passed, apart White's pawn is a passer on the fifth rank.
    let passed = board("4k3/7p/8/3P4/8/8/8/4K3 w - - 0 1");
    let blocked = board("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
    let (passed_trace, blocked_trace) = (Evaluation::trace(&passed), Evaluation::trace(&blocked));
    assert!(passed_trace.passed_pawns.1 > blocked_trace.passed_pawns.1);
    assert!(Evaluation::white_score(&passed) > Evaluation::white_score(&blocked));
    // A passer whose path is free scores more than the same passer with a piece in its way.
    let free = board("4k3/8/8/3P4/8/8/8/2n1K3 w - - 0 1");
    let stopped = board("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1");
    assert!(Evaluation::trace(&free).passed_pawns.1 > Evaluation::trace(&stopped).passed_pawns.1);
}

#[test]
fn pawn_structure_counts_isolated_doubled_and_backward() {
    // White: a2 (behind a3) is doubled, a2, a3 and d5 are isolated. Black: c7 is backward,
    // its neighbour d6 is already ahead and White's d5 covers its next square c6.
    let features = tuning::features(&board("4k3/2p5/3p4/3P4/8/P7/P7/4K3 w - - 0 1")).counts;
    assert_eq!(features[layout::DOUBLED], 1);
    assert_eq!(features[layout::ISOLATED], 3);
    assert_eq!(features[layout::BACKWARD], -1);
}

#[test]
fn pawn_structure_counts_supported_pawns_and_phalanxes() {
    // White: d4 defends e5 (on its fifth rank); b2 and c2 stand side by side on the second.
    // Black: f7 and g7 side by side on its second rank, h6 defended by g7 on its third.
    let features = tuning::features(&board("4k3/5pp1/7p/4P3/3P4/8/1PP5/4K3 w - - 0 1")).counts;
    assert_eq!(features[layout::PAWN_SUPPORTED + 4], 1, "e5");
    assert_eq!(features[layout::PAWN_SUPPORTED + 2], -1, "h6");
    assert_eq!(
        features[layout::PAWN_PHALANX + 1],
        2 - 2,
        "b2 c2 against f7 g7"
    );
    let white_only = tuning::features(&board("4k3/8/8/8/8/8/1PP5/4K3 w - - 0 1")).counts;
    assert_eq!(white_only[layout::PAWN_PHALANX + 1], 2);
    assert_eq!(white_only[layout::PAWN_SUPPORTED + 1], 0);
}

#[test]
fn king_safety_counts_the_open_files_around_the_king() {
    // White's king on g1 has f, g and h without a White pawn; the f-file has a Black pawn,
    // g and h none. Black's king on b8 has its a, b and c pawns.
    let features = tuning::features(&board("1k6/ppp2p2/8/8/8/8/PPP5/6K1 w - - 0 1")).counts;
    assert_eq!(features[layout::KING_FILES], 3);
    assert_eq!(features[layout::KING_FILES + 1], 2);
    // A king on the a-file has two files around it.
    let corner = tuning::features(&board("7k/6pp/8/8/8/8/8/K7 w - - 0 1")).counts;
    assert_eq!(
        corner[layout::KING_FILES],
        2,
        "Black's g and h pawns shelter its king"
    );
    assert_eq!(corner[layout::KING_FILES + 1], 2);
}

#[test]
fn king_safety_sees_attackers_and_the_shield() {
    let sheltered = board("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    let features = tuning::features(&sheltered).counts;
    assert_eq!(
        features[layout::SHIELD],
        0,
        "both shields are full and cancel"
    );
    let exposed = board("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert_eq!(tuning::features(&exposed).counts[layout::SHIELD], 3);
    // A queen and a rook bearing on Black's king zone put that king in a higher danger entry
    // (Black's features count -1; with no attacks on either zone both kings' entries are 0
    // and cancel).
    let danger = |fen: &str| {
        let counts = tuning::features(&board(fen)).counts;
        (0..layout::KING_DANGER_LEN)
            .find(|&units| counts[layout::KING_DANGER + units] < 0)
            .unwrap_or(0)
    };
    let calm = danger("6k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1");
    let attacked = danger("6k1/5ppp/8/6Q1/8/8/5PPP/4R1K1 w - - 0 1");
    assert!(attacked > calm, "{attacked} units against {calm}");
}

#[test]
fn rooks_bishops_and_outposts() {
    let features = tuning::features(&board("4k3/pp6/8/4N3/3P4/8/8/R3K2B w - - 0 1")).counts;
    assert_eq!(features[layout::ROOK_HALF_OPEN_FILE], 1);
    assert_eq!(features[layout::KNIGHT_OUTPOST], 1);
    assert_eq!(features[layout::BISHOP_PAIR], 0);
    let features = tuning::features(&board("4k3/8/8/8/8/8/8/R1B1KB2 w - - 0 1")).counts;
    assert_eq!(features[layout::ROOK_OPEN_FILE], 1);
    assert_eq!(features[layout::BISHOP_PAIR], 1);
}

#[test]
fn threats_count_pieces_attacked_by_lesser_ones() {
    // White's d4 pawn attacks the knight on c5 and the bishop on e5, White's knight on d5 the
    // rook on c7 and the queen on e7, White's rook on h7 the queen; Black's pieces attack no
    // White rook or queen.
    let features = tuning::features(&board("4k3/2r1q2R/8/2nNb3/3P4/8/8/4K3 w - - 0 1")).counts;
    assert_eq!(features[layout::THREAT_BY_PAWN], 1, "knight");
    assert_eq!(features[layout::THREAT_BY_PAWN + 1], 1, "bishop");
    assert_eq!(features[layout::THREAT_BY_PAWN + 2], 0, "rook");
    assert_eq!(features[layout::THREAT_BY_MINOR], 1, "rook by a minor");
    assert_eq!(features[layout::THREAT_BY_MINOR + 1], 1, "queen by a minor");
    assert_eq!(features[layout::THREAT_BY_ROOK], 1, "queen by a rook");
    // Every Black piece White attacks is defended; White's rook on h7, which Black's queen
    // attacks, is not.
    assert_eq!(features[layout::THREAT_HANGING], -1, "White's rook hangs");
    // The same threats by Black count negative: its d5 pawn attacks the knight on c4 (and the
    // bishop on e4), its knight on d4 the queen on e2, its rook on h2 the queen too.
    let mirrored = tuning::features(&board("4k3/8/8/3p4/2NnB3/8/2R1Q2r/4K3 b - - 0 1")).counts;
    assert_eq!(mirrored[layout::THREAT_BY_PAWN], -1);
    assert_eq!(mirrored[layout::THREAT_BY_MINOR + 1], -1);
    assert_eq!(mirrored[layout::THREAT_BY_ROOK], -1);
    assert_eq!(
        mirrored[layout::THREAT_HANGING],
        1,
        "Black's rook on h2 hangs"
    );
}

#[test]
fn passed_pawns_weigh_the_kings_distances() {
    // White's passed pawn on e6 (rank 5 counted from 0, so a factor of 4): its next square e7
    // is 4 king moves from Black's king on a3 and 6 from White's on e1.
    let features = tuning::features(&board("8/8/4P3/8/8/k7/8/4K3 w - - 0 1")).counts;
    assert_eq!(
        features[layout::PASSED_KING],
        4 * 4,
        "the enemy king's distance to e7"
    );
    assert_eq!(
        features[layout::PASSED_KING + 1],
        4 * 6,
        "the own king's distance to e7"
    );
    // A pawn on its second rank is not counted.
    let start = tuning::features(&board("8/8/8/8/8/k7/4P3/4K3 w - - 0 1")).counts;
    assert_eq!(start[layout::PASSED_KING], 0);
}

#[test]
fn weights_source_round_trips_the_names() {
    let source = tuning::weights_source(tuning::weights(), "test");
    for (name, _, _) in tuning::groups() {
        assert!(source.contains(&alloc::format!("const {name}:")), "{name}");
    }
}

#[test]
fn king_safety_counts_safe_checks_and_weak_squares() {
    // White's knight on g4 could check from f6 and h6, which Black does not attack (one count
    // for the role); a pawn on g7 takes both squares away.
    let knight = |fen: &str| tuning::features(&board(fen)).counts[layout::SAFE_CHECK];
    assert_eq!(knight("6k1/8/8/8/6N1/8/8/4K3 w - - 0 1"), 1);
    assert_eq!(knight("6k1/6p1/8/8/6N1/8/8/4K3 w - - 0 1"), 0);
    // White's rook on a1 could check from a8 and g1.
    let rook = tuning::features(&board("6k1/8/8/8/8/8/8/R6K w - - 0 1")).counts;
    assert_eq!(rook[layout::SAFE_CHECK + 2], 1);
    assert_eq!(rook[layout::SAFE_CHECK], 0);
    // White's queen on g4 gives check and attacks g7, next to Black's king and defended by it alone; a knight on
    // e8 defends it.
    let weak = |fen: &str| tuning::features(&board(fen)).counts[layout::KING_ZONE_WEAK];
    assert_eq!(weak("6k1/8/8/8/6Q1/8/8/4K3 b - - 0 1"), 1);
    assert_eq!(weak("4n1k1/8/8/8/6Q1/8/8/4K3 b - - 0 1"), 0);
}

#[test]
fn threats_count_pawn_pushes_that_attack_pieces() {
    // e2-e4 would attack the knight on d5.
    let push = |fen: &str| tuning::features(&board(fen)).counts[layout::THREAT_PAWN_PUSH];
    assert_eq!(push("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1"), 1);
    // Not when a Black pawn guards e4, nor when e3 is blocked.
    assert_eq!(push("4k3/8/8/3n1p2/8/8/4P3/4K3 w - - 0 1"), 0);
    assert_eq!(push("4k3/8/8/3n4/8/4b3/4P3/4K3 w - - 0 1"), 0);
    // Black's pushes count negative: d7-d6 would attack the bishop on e5.
    assert_eq!(push("4k3/3p4/8/4B3/8/8/8/4K3 w - - 0 1"), -1);
}

#[test]
fn passed_pawns_with_a_path_no_enemy_piece_guards() {
    // The a2 pawn's path is out of reach of Black's king on e8, not of one on b8.
    let safe = |fen: &str| tuning::features(&board(fen)).counts[layout::PASSED_SAFE + 1];
    assert_eq!(safe("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), 1);
    assert_eq!(safe("1k6/8/8/8/8/8/P7/4K3 w - - 0 1"), 0);
}

#[test]
fn rooks_on_the_seventh_bishops_and_their_pawns_minors_behind_pawns() {
    let features = |fen: &str| tuning::features(&board(fen)).counts;
    assert_eq!(
        features("6k1/R7/8/8/8/8/8/6K1 w - - 0 1")[layout::ROOK_SEVENTH],
        1
    );
    assert_eq!(
        features("8/R5k1/8/8/8/8/8/6K1 b - - 0 1")[layout::ROOK_SEVENTH],
        0,
        "no king on the eighth, no pawns on the seventh"
    );
    assert_eq!(
        features("8/R5kp/8/8/8/8/8/6K1 b - - 0 1")[layout::ROOK_SEVENTH],
        1
    );
    // The bishop on c1 stands on dark squares, as the pawns on d2 and e3 do; a2 is light.
    assert_eq!(
        features("4k3/8/8/8/8/4P3/P2P4/2B1K3 w - - 0 1")[layout::BISHOP_PAWNS],
        2
    );
    // The knight on d3 stands behind the pawn on d4, the bishop on f5 behind Black's f6 pawn
    // (Black's own pieces count negative: its knight on b6 behind b5).
    let behind = features("4k3/8/1n3p2/1p3B2/3P4/3N4/8/4K3 w - - 0 1");
    assert_eq!(behind[layout::MINOR_BEHIND_PAWN], 2 - 1);
}

#[test]
fn endgames_a_side_can_hardly_win_are_scaled_down() {
    let scale = |fen: &str| tuning::features(&board(fen)).end_scale;
    // A rook against a bishop, no pawns: the rook's lead counts a quarter, the bishop's none.
    assert_eq!(scale("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1"), [16, 0]);
    // A knight against a pawn: the knight's side cannot win, the pawn's side can.
    assert_eq!(scale("4k3/8/8/3p4/8/8/8/1N2K3 w - - 0 1"), [0, 64]);
    // Bishops of opposite colours with pawns: half; of the same colour: full.
    assert_eq!(
        scale("4k3/5p2/8/3b4/8/8/2PB4/4K3 w - - 0 1"),
        [32, 32],
        "d5 is light, d2 dark"
    );
    assert_eq!(scale("4k3/5p2/8/3b4/8/8/2P5/4KB2 w - - 0 1"), [64, 64]);
    // A queen against a rook wins: full for the queen's side, a quarter for the rook's.
    assert_eq!(scale("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1"), [64, 16]);
    // The score follows: White's rook against a bishop is worth a quarter of the endgame sum.
    let rook_bishop = board("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
    let trace = Evaluation::trace(&rook_bishop);
    assert_eq!(trace.end_scale, 16);
    assert_eq!(
        trace.score,
        tuning::blend(trace.total().0, trace.total().1 * 16 / 64, trace.phase)
    );
}
