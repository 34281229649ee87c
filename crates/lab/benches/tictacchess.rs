//! TicTacChess speed: perft from the start position (leaf nodes per second, the last ply counted
//! in bulk by popcounts) and alpha-beta search nodes per second with the crate's evaluation.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench tictacchess
//! ```
//! Criterion prints the throughput in elements per second: leaves for perft, searched nodes for
//! the search.

use criterion::{Criterion, Throughput, criterion_main};
use plyforge_search::{Config, Limits, Searcher, perft};
use plyforge_tictacchess::{Evaluation, Position, TicTacChess};
use std::hint::black_box;

/// Perft depths measured from the start (7.4 and 230.7 million leaves).
const PERFT_DEPTHS: [u32; 2] = [4, 5];
/// Depth of the perft that plays its leaves.
const PLAYED_DEPTH: u32 = 4;
/// Search depth of the search benchmark.
const SEARCH_DEPTH: u32 = 7;
/// Positions searched: the start and a middle game with pieces on the board and in hand.
const SEARCH_POSITIONS: [(&str, &str); 2] = [
    ("start", "4/4/4/4 w PNBRpnbr ns"),
    ("middle game", "r3/1P2/n3/2B1 w NRpb ns"),
];

/// Perft that plays every leaf move instead of counting the last ply in bulk: the speed of
/// move generation plus copy-make.
fn perft_played(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in position.legal_moves().iter() {
        let mut child = *position;
        child.play(mv);
        nodes += perft_played(&child, depth - 1);
    }
    nodes
}

fn bench_perft(c: &mut Criterion) {
    let game = TicTacChess::new();
    let mut group = c.benchmark_group("tictacchess perft");
    group.sample_size(10);
    for depth in PERFT_DEPTHS {
        group.throughput(Throughput::Elements(perft(&game, depth)));
        group.bench_function(format!("start depth {depth}"), |b| {
            b.iter(|| perft(black_box(&game), depth))
        });
    }
    let start = Position::start();
    group.throughput(Throughput::Elements(perft(&game, PLAYED_DEPTH)));
    group.bench_function(
        format!("start depth {PLAYED_DEPTH}, every leaf played"),
        |b| b.iter(|| perft_played(black_box(&start), PLAYED_DEPTH)),
    );
    group.finish();
}

/// One search from scratch (a fresh table), returning the nodes searched.
fn search(game: &TicTacChess) -> u64 {
    let mut searcher = Searcher::new(Config::default().with_tt_mib(16));
    searcher
        .search(
            game,
            &Evaluation::default(),
            &Limits::depth(SEARCH_DEPTH),
            &[],
            |_| {},
        )
        .expect("the position is not over")
        .nodes
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictacchess search");
    group.sample_size(10);
    for (name, text) in SEARCH_POSITIONS {
        let game: TicTacChess = text.parse().expect("valid position");
        group.throughput(Throughput::Elements(search(&game)));
        group.bench_function(format!("{name} depth {SEARCH_DEPTH}"), |b| {
            b.iter(|| search(black_box(&game)))
        });
    }
    group.finish();
}

/// Runs every benchmark of this file (what `criterion_group!` generates, written out so that it
/// carries documentation).
fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_perft(&mut criterion);
    bench_search(&mut criterion);
}

criterion_main!(benches);
