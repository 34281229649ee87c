use super::*;
use crate::board::Board;
use crate::test_support::{mirrored, playout};
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use plyforge_search::{Evaluator, Game, MoveBuffer};
use proptest::prelude::*;

/// A deterministic stream of numbers (SplitMix64), so that a failing test shows the same network
/// again.
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A whole number in `-limit..=limit`.
    fn within(&mut self, limit: i32) -> i16 {
        ((self.next() % (2 * limit as u64 + 1)) as i32 - limit) as i16
    }
}

/// A network of `hidden` values with random weights of the size a trained one has.
fn random_network(hidden: usize, seed: u64) -> Network {
    random_bucketed_network(hidden, 1, seed)
}

/// A network of `hidden` values and `buckets` output buckets with random weights.
fn random_bucketed_network(hidden: usize, buckets: usize, seed: u64) -> Network {
    random_king_bucketed_network(hidden, 1, buckets, seed)
}

/// A network of `hidden` values, `king_buckets` king buckets and `buckets` output buckets with
/// random weights.
fn random_king_bucketed_network(
    hidden: usize,
    king_buckets: usize,
    buckets: usize,
    seed: u64,
) -> Network {
    let mut numbers = Numbers(seed);
    let feature_weights = (0..king_buckets * FEATURE_COUNT * hidden)
        .map(|_| numbers.within(60))
        .collect();
    let hidden_bias = (0..hidden).map(|_| numbers.within(120)).collect();
    let output_weights = (0..buckets * 2 * hidden)
        .map(|_| numbers.within(127))
        .collect();
    let output_biases = (0..buckets)
        .map(|_| i32::from(numbers.within(30_000)))
        .collect();
    Network::from_parts(
        hidden,
        feature_weights,
        hidden_bias,
        output_weights,
        output_biases,
    )
    .expect("the parts have the right sizes")
}

/// The network's score computed in floating point from the weights it was quantised from:
/// what training optimises.
fn reference_score(network: &Network, board: &Board) -> f64 {
    let hidden = network.hidden_size();
    let accumulator_scale = f64::from(ACCUMULATOR_SCALE);
    let output_scale = f64::from(OUTPUT_SCALE);
    let bucket = output_bucket(board.occupied().len() as usize, network.bucket_count());
    let output_weights = &network.output_weights()[bucket * 2 * hidden..][..2 * hidden];
    let output_bias = f64::from(network.output_biases()[bucket]);
    let view = |perspective: Color| -> Vec<f64> {
        let mut values: Vec<f64> = network
            .hidden_bias()
            .iter()
            .map(|&bias| f64::from(bias) / accumulator_scale)
            .collect();
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    let feature = mirrored_feature(
                        feature_index(perspective, color, role, square),
                        network.view_mirrored(perspective, board),
                    );
                    let row =
                        network.feature_row(network.king_bucket_of(perspective, board), feature);
                    for (value, &weight) in values.iter_mut().zip(row) {
                        *value += f64::from(weight) / accumulator_scale;
                    }
                }
            }
        }
        values
    };
    let us = board.side_to_move();
    let mut output = output_bias / (accumulator_scale * output_scale);
    for (side, weights) in [
        (us, &output_weights[..hidden]),
        (!us, &output_weights[hidden..]),
    ] {
        for (value, &weight) in view(side).iter().zip(weights) {
            let clipped = value.clamp(0.0, 1.0);
            output += clipped * clipped * f64::from(weight) / output_scale;
        }
    }
    output * f64::from(EVALUATION_SCALE)
}

use crate::color::Color;
use crate::piece::Role;

/// `board` mirrored left to right (a1 ↔ h1), without castling rights (a mirrored position has
/// none that make sense) and with its en-passant square mirrored.
fn left_to_right(board: &Board) -> Board {
    let fen = board.to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let en_passant: String = fields[3]
        .chars()
        .map(|c| match c {
            'a'..='h' => char::from(b'a' + b'h' - c as u8),
            _ => c,
        })
        .collect();
    let mirrored = alloc::format!(
        "{} {} - {} {} {}",
        ranks.join("/"),
        fields[1],
        en_passant,
        fields[4],
        fields[5]
    );
    mirrored.parse().expect("a mirrored position is a position")
}

#[test]
fn unknown_flags_are_refused() {
    let mut bytes = random_network(8, 14).with_mirrored_views(true).to_bytes();
    assert_eq!(bytes[20], 1);
    bytes[20] = 3;
    assert_eq!(
        Network::from_bytes(&bytes),
        Err(NetworkError::UnknownFlags(3))
    );
}

#[test]
fn feature_indices_cover_every_input_once_per_view() {
    for perspective in Color::ALL {
        let mut seen = vec![false; FEATURE_COUNT];
        for color in Color::ALL {
            for role in Role::ALL {
                for square in crate::Bitboard::FULL {
                    let index = feature_index(perspective, color, role, square);
                    assert!(!seen[index], "{perspective:?} {color:?} {role:?} {square}");
                    seen[index] = true;
                }
            }
        }
        assert!(seen.iter().all(|&seen| seen));
    }
}

#[test]
fn the_file_format_round_trips() {
    for ((king_buckets, buckets), mirrored) in
        [(1, 1), (1, 3), (KING_BUCKETS, 1), (KING_BUCKETS, 8)]
            .into_iter()
            .flat_map(|sizes| [(sizes, false), (sizes, true)])
    {
        let network = random_king_bucketed_network(24, king_buckets, buckets, 1)
            .with_mirrored_views(mirrored);
        assert_eq!(network.king_bucket_count(), king_buckets);
        assert_eq!(network.has_mirrored_views(), mirrored);
        let bytes = network.to_bytes();
        assert_eq!(
            bytes.len(),
            24 + 2 * (king_buckets * 768 * 24 + 24 + buckets * 48) + 4 * buckets
        );
        assert_eq!(bytes[20..24], u32::from(mirrored).to_le_bytes());
        assert_eq!(&bytes[..4], b"PFNN");
        assert_eq!(bytes[4..8], FORMAT_VERSION.to_le_bytes());
        let read = Network::from_bytes(&bytes).expect("a network's own bytes");
        assert_eq!(read, network);
        assert_eq!(read.to_bytes(), bytes);
    }
}

#[test]
fn older_versions_read_as_one_king_bucket() {
    let network = random_network(16, 11);
    let current = network.to_bytes();
    // Version 1: no bucket counts in the header, the same weights after it; version 2: no king
    // bucket count; version 3: no flags.
    let older = |version: u32, header: core::ops::Range<usize>| {
        let mut bytes = b"PFNN".to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&current[header]);
        bytes.extend_from_slice(&current[24..]);
        bytes
    };
    for old in [older(1, 8..12), older(2, 8..16), older(3, 8..20)] {
        assert_eq!(Network::from_bytes(&old), Ok(network.clone()));
        for cut in 0..old.len() {
            assert!(matches!(
                Network::from_bytes(&old[..cut]),
                Err(NetworkError::WrongLength { .. })
            ));
        }
    }
}

#[test]
fn king_buckets_cover_the_board_alike_for_both_sides() {
    let mut used = [false; KING_BUCKETS];
    for square in crate::Bitboard::FULL {
        let bucket = king_bucket(Color::White, square);
        used[bucket] = true;
        let mirrored = crate::Square::from_index(square.index() as u8 ^ 56);
        assert_eq!(king_bucket(Color::Black, mirrored), bucket, "{square}");
    }
    assert!(used.iter().all(|&used| used));
    // A network of one king bucket reads bucket 0 wherever the kings stand.
    let board = playout(&[5, 30, 12, 7, 19, 3, 44, 8]);
    let network = random_network(8, 12);
    assert_eq!(network.king_bucket_of(Color::White, &board), 0);
    assert_eq!(network.king_bucket_of(Color::Black, &board), 0);
}

#[test]
fn the_bucket_follows_the_number_of_pieces() {
    // Every piece count from 2 to 32 has a bucket, the buckets in order, each bucket used.
    for buckets in 1..=MAX_OUTPUT_BUCKETS {
        let chosen: Vec<usize> = (2..=32)
            .map(|pieces| output_bucket(pieces, buckets))
            .collect();
        assert_eq!(chosen[0], 0);
        assert_eq!(chosen[30], buckets - 1);
        assert!(chosen.windows(2).all(|pair| pair[1] - pair[0] <= 1));
    }
    // A network whose buckets differ only in their bias scores a position by its bucket's.
    let hidden = 8;
    let network = Network::from_parts(
        hidden,
        vec![0; FEATURE_COUNT * hidden],
        vec![0; hidden],
        vec![0; 8 * 2 * hidden],
        (0..8).map(|bucket| bucket * 64 * 255).collect(),
    )
    .expect("the parts have the right sizes");
    let start = Board::default();
    assert_eq!(network.evaluate(&start), 7 * EVALUATION_SCALE);
    let kings: Board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().expect("a FEN");
    assert_eq!(network.evaluate(&kings), 0);
    let seventeen: Board = "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1"
        .parse()
        .expect("a FEN");
    assert_eq!(network.evaluate(&seventeen), 3 * EVALUATION_SCALE);
}

#[test]
fn broken_files_give_their_error() {
    let bytes = random_network(8, 2).to_bytes();
    for cut in 0..bytes.len() {
        let error = Network::from_bytes(&bytes[..cut]).expect_err("a cut file");
        assert!(
            matches!(error, NetworkError::WrongLength { .. }),
            "cut at {cut}: {error}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        Network::from_bytes(&longer),
        Err(NetworkError::WrongLength {
            expected: bytes.len(),
            found: bytes.len() + 1
        })
    );
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(Network::from_bytes(&magic), Err(NetworkError::BadMagic));
    assert_eq!(Network::from_bytes(b"hello"), Err(NetworkError::BadMagic));
    let mut version = bytes.clone();
    version[4] = 9;
    assert_eq!(
        Network::from_bytes(&version),
        Err(NetworkError::UnsupportedVersion(9))
    );
    for hidden in [0u32, MAX_HIDDEN as u32 + 1, u32::MAX] {
        let mut size = bytes.clone();
        size[8..12].copy_from_slice(&hidden.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&size),
            Err(NetworkError::BadHiddenSize(hidden))
        );
    }
    let mut heavy = bytes.clone();
    for buckets in [0u32, MAX_OUTPUT_BUCKETS as u32 + 1] {
        let mut count = bytes.clone();
        count[12..16].copy_from_slice(&buckets.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&count),
            Err(NetworkError::BadBucketCount(buckets))
        );
    }
    for king_buckets in [0u32, 2, KING_BUCKETS as u32 + 1] {
        let mut count = bytes.clone();
        count[16..20].copy_from_slice(&king_buckets.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&count),
            Err(NetworkError::BadKingBucketCount(king_buckets))
        );
    }
    let first_output_weight = 24 + 2 * (768 * 8 + 8);
    heavy[first_output_weight..first_output_weight + 2].copy_from_slice(&128i16.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&heavy),
        Err(NetworkError::OutputWeightOutOfRange {
            index: 0,
            value: 128
        })
    );
    assert_eq!(
        Network::from_parts(4, vec![0; 768 * 4], vec![0; 3], vec![0; 8], vec![0]),
        Err(NetworkError::WrongPartLength {
            part: "hidden bias",
            expected: 4,
            found: 3
        })
    );
}

#[test]
fn the_score_follows_the_floating_point_network() {
    for (seed, hidden, king_buckets, buckets, mirrored) in [
        (3, 16, 1, 1, false),
        (4, 64, 1, 8, false),
        (5, 130, KING_BUCKETS, 3, false),
        (6, 40, 1, 2, true),
        (7, 72, KING_BUCKETS, 1, true),
    ] {
        let network = random_king_bucketed_network(hidden, king_buckets, buckets, seed)
            .with_mirrored_views(mirrored);
        // The start, a playout, and kings on both wings and on opposite wings.
        let boards = [
            playout(&[]),
            playout(&[7, 100, 3, 55, 21, 9, 14, 2, 80, 33]),
            "2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 1"
                .parse()
                .expect("a valid FEN"),
            "2kr3r/ppp2ppp/2n5/8/8/5N2/PPP2PPP/R4RK1 b - - 0 1"
                .parse()
                .expect("a valid FEN"),
        ];
        for board in boards {
            let reference = reference_score(&network, &board);
            let score = f64::from(network.evaluate(&board));
            // Rounding: the output sum is divided by the accumulator scale and then by both
            // scales, each division truncating less than a unit of the quantity divided.
            assert!(
                (score - reference).abs() <= 2.0,
                "hidden {hidden}, {board}: {score} against {reference}"
            );
        }
    }
}

#[test]
fn the_evaluator_scores_for_either_player() {
    let network = random_network(16, 6);
    let board = playout(&[4, 9, 13]);
    let score = network.evaluate(&board);
    let us = board.side_to_move().index();
    assert_eq!(Evaluator::evaluate(&network, &board, us), score);
    assert_eq!(Evaluator::evaluate(&network, &board, 1 - us), -score);
}

/// The squared clipped ReLU times the weights, summed one value at a time in `i64`.
fn plain_activated_dot(values: &[i16], weights: &[i16]) -> i64 {
    values
        .iter()
        .zip(weights)
        .map(|(&value, &weight)| {
            let clipped = i64::from(value).clamp(0, i64::from(ACCUMULATOR_SCALE));
            clipped * clipped * i64::from(weight)
        })
        .sum()
}

#[test]
fn the_output_sum_holds_at_its_bounds() {
    // Every value clipped at the top and every weight at the bound, at the largest hidden size:
    // the most any 32-bit lane of the vectorised sum holds.
    for weight in [MAX_OUTPUT_WEIGHT, -MAX_OUTPUT_WEIGHT] {
        let (values, weights) = (vec![i16::MAX; MAX_HIDDEN], vec![weight; MAX_HIDDEN]);
        assert_eq!(
            network::activated_dot(&values, &weights),
            255 * 255 * i64::from(weight) * MAX_HIDDEN as i64
        );
    }
}

proptest! {
    #[test]
    fn the_output_sum_is_the_plain_sum(
        pairs in proptest::collection::vec(
            (any::<i16>(), -MAX_OUTPUT_WEIGHT..=MAX_OUTPUT_WEIGHT),
            0..=MAX_HIDDEN,
        ),
    ) {
        // Any length: whole vectors and the values past them.
        let (values, weights): (Vec<i16>, Vec<i16>) = pairs.into_iter().unzip();
        prop_assert_eq!(
            network::activated_dot(&values, &weights),
            plain_activated_dot(&values, &weights)
        );
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move(
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let board = playout(&choices);
        for mirrored_views in [false, true] {
            let network = random_king_bucketed_network(32, KING_BUCKETS, 8, 7)
                .with_mirrored_views(mirrored_views);
            prop_assert_eq!(network.evaluate(&board), network.evaluate(&mirrored(&board)), "{}", board);
        }
    }

    #[test]
    fn a_mirrored_view_reads_the_other_wing(
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        // Where both kings stand on files a-d, a network with mirrored views scores the
        // position as the same weights without mirroring score its image left to right (both
        // views mirrored); where both stand on files e-h, as they score the position itself.
        let board = playout(&choices);
        let plain = random_king_bucketed_network(24, 1, 2, 13);
        let mirroring = plain.clone().with_mirrored_views(true);
        let wings = [Color::White, Color::Black].map(|side| mirrors_view(board.king_square(side)));
        match wings {
            [true, true] => prop_assert_eq!(
                mirroring.evaluate(&board),
                plain.evaluate(&left_to_right(&board)),
                "{}", board
            ),
            [false, false] => prop_assert_eq!(mirroring.evaluate(&board), plain.evaluate(&board)),
            _ => {}
        }
    }

    #[test]
    fn any_bytes_read_without_panic(tail in proptest::collection::vec(any::<u8>(), 0..64)) {
        for version in [1u8, 2, 3, 4] {
            let mut bytes = b"PFNN".to_vec();
            bytes.extend_from_slice(&[version, 0, 0, 0]);
            bytes.extend_from_slice(&tail);
            let _ = Network::from_bytes(&bytes);
        }
        let _ = Network::from_bytes(&tail);
    }
}

/// Walks every line of `depth` plies from `position` through the search's `visit_child` (and a
/// null move at each node of depth 2 or more where it is allowed), calling `check` at each node;
/// returns the nodes visited.
fn walk<G: Game>(position: &mut G, depth: u32, check: &impl Fn(&G)) -> u64 {
    check(position);
    if depth == 0 {
        return 1;
    }
    let mut moves = G::Moves::default();
    position.generate_moves(&mut moves);
    let mut nodes = 1;
    for &mv in moves.as_slice() {
        nodes += position.visit_child(mv, |child| walk(child, depth - 1, check));
    }
    if depth >= 2 {
        nodes += position
            .visit_null_move(|child| walk(child, 1, check))
            .unwrap_or(0);
    }
    nodes
}

#[test]
fn accumulators_updated_move_by_move_equal_fresh_ones() {
    let fresh = |position: &NnueBoard| {
        let score = position.network().evaluate(position.board());
        assert_eq!(position.evaluate(), score, "{}", position.board());
    };
    // Castling both ways, en passant, promotions with and without capture, kings crossing
    // from one king bucket to another; a hidden size below the update's block and one of two
    // blocks and a rest.
    for (fen, hidden) in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ]
    .into_iter()
    .flat_map(|fen| [(fen, 1, false), (fen, KING_BUCKETS, false), (fen, 1, true)])
    .zip([24, 72].into_iter().cycle())
    {
        let (fen, king_buckets, mirrored) = fen;
        let network = alloc::sync::Arc::new(
            random_king_bucketed_network(hidden, king_buckets, 8, 8).with_mirrored_views(mirrored),
        );
        let mut board: Board = fen.parse().expect("a valid FEN");
        let mut position = NnueBoard::new(board, network.clone());
        let nodes = walk(&mut position, 3, &fresh);
        assert_eq!(
            position.board(),
            &board,
            "the walk leaves the position as it was"
        );
        assert_eq!(nodes, walk(&mut board, 3, &|_| {}), "{fen}");
        assert!(nodes > plyforge_search::perft(&board, 3), "{fen}");
    }
}

#[test]
fn a_search_on_the_carried_accumulators_equals_one_on_fresh_ones() {
    let network = alloc::sync::Arc::new(random_king_bucketed_network(32, KING_BUCKETS, 4, 9));
    let board = playout(&[3, 17, 8, 40, 2, 11]);
    let config = plyforge_search::Config::default();
    let limits = plyforge_search::Limits::depth(4);
    let carried = plyforge_search::Searcher::new(config.clone())
        .search(
            &NnueBoard::new(board, network.clone()),
            &NnueEvaluation,
            &limits,
            &[],
            |_| {},
        )
        .expect("a position with moves");
    let fresh = plyforge_search::Searcher::new(config)
        .search(&board, &*network, &limits, &[], |_| {})
        .expect("a position with moves");
    assert_eq!(
        (carried.best_move, carried.score),
        (fresh.best_move, fresh.score)
    );
}

#[test]
fn the_embedded_network_reads_and_knows_material() {
    let network = Network::embedded();
    let queen_up: Board = "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1"
        .parse()
        .expect("a valid FEN");
    assert!(network.evaluate(&queen_up) > 500);
    let knight_down: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"
        .parse()
        .expect("a valid FEN");
    assert!(network.evaluate(&knight_down) < -150);
    assert!(network.evaluate(&Board::default()).abs() < 100);
}
