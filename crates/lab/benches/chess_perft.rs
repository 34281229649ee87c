//! Perft speed of `plyforge-chess` against `cozy-chess` and `shakmaty`, measured in one run
//! with the same flags: start position depth 5, Kiwipete depth 4 and position 3 depth 6, each
//! with bulk counting at the last ply (count the legal moves of each depth-1 node) and without
//! it (play every leaf move). Criterion's throughput line (`Melem/s`) is million nodes per second.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench chess_perft
//! RUSTFLAGS="-C target-cpu=native" cargo bench -p plyforge-lab --bench chess_perft
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// (name, FEN, depth, leaf count).
const POSITIONS: [(&str, &str, u32, u64); 3] = [
    (
        "startpos-d5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete-d4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position3-d6",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
];

mod plyforge_perft {
    use plyforge_chess::{Board, MoveList};
    use plyforge_search::Game;

    /// Every leaf move played.
    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = *board;
                child.play(mv);
                full(&child, depth - 1)
            })
            .sum()
    }

    /// The last ply counted by popcounts, through the generic perft of `plyforge-search`.
    pub fn bulk(board: &Board, depth: u32) -> u64 {
        plyforge_search::perft(board, depth)
    }
}

mod cozy_perft {
    use cozy_chess::Board;

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += full(&child, depth - 1);
            }
            false
        });
        nodes
    }

    pub fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth <= 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            return if depth == 0 { 1 } else { nodes };
        }
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += bulk(&child, depth - 1);
            }
            false
        });
        nodes
    }
}

mod shakmaty_perft {
    use shakmaty::{Chess, Position};

    pub fn full(position: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                full(&child, depth - 1)
            })
            .sum()
    }

    pub fn bulk(position: &Chess, depth: u32) -> u64 {
        shakmaty::perft(position, depth)
    }
}

/// Every position, both modes, the three libraries.
fn perft_benchmarks(c: &mut Criterion) {
    for (name, fen, depth, nodes) in POSITIONS {
        let plyforge_board: plyforge_chess::Board = fen.parse().expect("valid FEN");
        let cozy_board: cozy_chess::Board = fen.parse().expect("valid FEN");
        let shakmaty_position: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("valid FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal position");

        // The three agree before they are timed.
        assert_eq!(plyforge_perft::bulk(&plyforge_board, depth), nodes);
        assert_eq!(plyforge_perft::full(&plyforge_board, depth), nodes);
        assert_eq!(cozy_perft::bulk(&cozy_board, depth), nodes);
        assert_eq!(shakmaty_perft::bulk(&shakmaty_position, depth), nodes);

        for mode in ["bulk", "full"] {
            let mut group = c.benchmark_group(format!("perft-{mode}/{name}"));
            group.throughput(Throughput::Elements(nodes));
            group.sample_size(10);
            group.warm_up_time(Duration::from_secs(1));
            group.measurement_time(Duration::from_secs(4));
            let bulk = mode == "bulk";
            group.bench_function(BenchmarkId::from_parameter("plyforge-chess"), |b| {
                b.iter(|| {
                    if bulk {
                        plyforge_perft::bulk(black_box(&plyforge_board), depth)
                    } else {
                        plyforge_perft::full(black_box(&plyforge_board), depth)
                    }
                })
            });
            group.bench_function(BenchmarkId::from_parameter("cozy-chess"), |b| {
                b.iter(|| {
                    if bulk {
                        cozy_perft::bulk(black_box(&cozy_board), depth)
                    } else {
                        cozy_perft::full(black_box(&cozy_board), depth)
                    }
                })
            });
            group.bench_function(BenchmarkId::from_parameter("shakmaty"), |b| {
                b.iter(|| {
                    if bulk {
                        shakmaty_perft::bulk(black_box(&shakmaty_position), depth)
                    } else {
                        shakmaty_perft::full(black_box(&shakmaty_position), depth)
                    }
                })
            });
            group.finish();
        }
    }
}

/// Runs the benchmarks (what `criterion_group!` and `criterion_main!` would generate, written
/// out so that it carries documentation).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    perft_benchmarks(&mut criterion);
    criterion.final_summary();
}
