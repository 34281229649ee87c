//! Perft from the start (the counts of the rules page) and from positions that exercise each
//! rule, every count cross-checked against the naive generator of `common/naive.rs`.

mod common;

use common::naive::Naive;
use plyforge_search::{divide, perft};
use plyforge_tictacchess::{Position, TicTacChess};

/// (name, position, counts at depth 1, 2, 3, ...). The start's counts are the rules page's;
/// the others were produced by this crate and agree with the naive generator (checked below).
const SUITE: &[(&str, &str, &[u64])] = &[
    (
        "start",
        "4/4/4/4 w PNBRpnbr ns",
        &[64, 3840, 173_920, 7_393_192],
    ),
    // White's pawn on b3 can step to b4 or take on a4, and turns round there.
    (
        "pawn turns round",
        "r3/1P2/n3/2B1 w NRpb ns",
        &[29, 854, 17_224, 373_993],
    ),
    // Black's pawn on b3 has turned (travels north) and turns again on rank 4.
    (
        "turned pawn",
        "4/1p2/2N1/4 b PBRnbr nn",
        &[43, 1_852, 53_075, 1_588_775],
    ),
    // White's pawn in hand turns at once when dropped on rank 4.
    (
        "pawn dropped on far rank",
        "2n1/1b2/4/R3 w PNBpr ns",
        &[45, 1_404, 44_073, 969_937],
    ),
    // Many captures, each sending a piece back to its hand (a black pawn that turned on a1).
    (
        "captures",
        "rn2/1B2/2Nb/p1R1 w P nn",
        &[19, 186, 3_384, 41_906],
    ),
    // White wins at once with P@d1, and the tree ends there; Black threatens r@d4.
    (
        "win ends the tree",
        "pnb1/4/4/RNB1 w Pr ns",
        &[19, 304, 4_043, 59_928],
    ),
    // A won position has no moves.
    ("already won", "4/4/4/RNBP b pnbr ns", &[0, 0, 0]),
];

#[test]
fn suite_counts() {
    for &(name, text, counts) in SUITE {
        let game: TicTacChess = text.parse().unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&game, depth),
                expected,
                "{name} ({text}) at depth {depth}"
            );
        }
    }
}

#[test]
fn suite_agrees_with_naive_generator() {
    // The naive generator is slow: depths up to 3 (all of the start's published counts).
    for &(name, text, counts) in SUITE {
        let position: Position = text.parse().unwrap();
        let naive = Naive::from_position(&position);
        for (depth, &expected) in counts.iter().enumerate().take(3) {
            let depth = depth as u32 + 1;
            assert_eq!(
                naive.perft(depth),
                expected,
                "{name} ({text}) naive at depth {depth}"
            );
        }
    }
}

#[test]
fn divide_sums_to_perft_and_lists_every_move_once() {
    for &(_, text, _) in SUITE {
        let game: TicTacChess = text.parse().unwrap();
        let split = divide(&game, 2);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&game, 2));
        let mut names: Vec<String> = split.iter().map(|(mv, _)| mv.to_string()).collect();
        names.sort();
        let mut naive = Naive::from_position(game.position()).moves();
        naive.sort();
        assert_eq!(names, naive, "{text}");
    }
}

/// The start at depths 4 and 5 through the naive generator and at depth 5 through the crate.
/// Slow (a minute or so): `cargo test --release -p plyforge-tictacchess --test perft -- --ignored`.
#[test]
#[ignore]
fn deep_start_agrees_with_naive_generator() {
    let game = TicTacChess::new();
    let naive = Naive::from_position(game.position());
    assert_eq!(naive.perft(4), 7_393_192);
    assert_eq!(perft(&game, 5), naive.perft(5));
}

#[test]
fn win_in_one_ends_the_branch() {
    let game: TicTacChess = "pnb1/4/4/RNB1 w Pr ns".parse().unwrap();
    let winning = divide(&game, 3)
        .into_iter()
        .find(|(mv, _)| mv.to_string() == "P@d1")
        .expect("P@d1 is legal");
    assert_eq!(winning.1, 0, "nothing is played after four in a row");
}
