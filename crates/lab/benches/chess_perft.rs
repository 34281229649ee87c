//! Perft speed of `plyforge-chess` against `cozy-chess` and `shakmaty`, measured in one run
//! with the same flags on the perft page's positions (`plyforge_lab::chess_perft::POSITIONS`:
//! the start position, Kiwipete and positions 3, 4 and 5), each with bulk counting at the last
//! ply (count the legal moves of each depth-1 node) and without it (full: play every leaf
//! move). Criterion's throughput line (`Melem/s`) is million leaves per second. The
//! `chess_perft_ratio` driver times the same functions alternated in one process and prints the
//! ratios.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench chess_perft
//! cargo bench -p plyforge-lab --bench chess_perft -- perft-full
//! RUSTFLAGS="-C target-cpu=native" cargo bench -p plyforge-lab --bench chess_perft
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use plyforge_lab::chess_perft::{Mode, POSITIONS, Perft};
use std::hint::black_box;
use std::time::Duration;

/// One library's group member for a position and mode, after checking its count.
fn bench_library<P: Perft>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    fen: &str,
    depth: u32,
    nodes: u64,
    mode: Mode,
) {
    let board = P::from_fen(fen);
    assert_eq!(board.perft(depth, mode), nodes, "{}", P::NAME);
    group.bench_function(BenchmarkId::from_parameter(P::NAME), |b| {
        b.iter(|| black_box(&board).perft(depth, mode))
    });
}

/// Every position, both modes, the three libraries.
fn perft_benchmarks(c: &mut Criterion) {
    for position in POSITIONS {
        for mode in Mode::ALL {
            let mut group = c.benchmark_group(format!("perft-{}/{}", mode.name(), position.name));
            group.throughput(Throughput::Elements(position.nodes));
            group.sample_size(10);
            group.warm_up_time(Duration::from_secs(1));
            group.measurement_time(Duration::from_secs(4));
            let (fen, depth, nodes) = (position.fen, position.depth, position.nodes);
            bench_library::<plyforge_chess::Board>(&mut group, fen, depth, nodes, mode);
            bench_library::<cozy_chess::Board>(&mut group, fen, depth, nodes, mode);
            bench_library::<shakmaty::Chess>(&mut group, fen, depth, nodes, mode);
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
