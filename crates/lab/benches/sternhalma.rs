//! Sternhalma speed: perft from the start for 2 and 6 players (leaf nodes per second, the last
//! ply counted in bulk by popcounts of destination sets, no move list) and search nodes per
//! second for the two-player alpha-beta engine and the multi-player searches.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench sternhalma
//! ```
//! Criterion prints the throughput in elements per second: leaves for perft, visited nodes for
//! the searches. The issue's target is 150 M leaves/s from the 2-player start on one core.

use criterion::{Criterion, Throughput, criterion_main};
use plyforge_search::Algorithm;
use plyforge_search::{Limits, perft};
use plyforge_sternhalma::{Ai, PlayerCount, Position, Strategy};
use std::hint::black_box;

/// Perft depths from the start: 2 players depth 6 (88.0 M leaves), 6 players depth 6.
const PERFT: [(PlayerCount, u32); 2] = [(PlayerCount::Two, 6), (PlayerCount::Six, 6)];

/// Node budget of one search in the search benchmark.
const SEARCH_NODES: u64 = 200_000;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("sternhalma perft");
    group.sample_size(10);
    for (players, depth) in PERFT {
        let start = Position::new(players);
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{players} players, start, depth {depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("sternhalma search");
    group.sample_size(10);
    let cases = [
        (PlayerCount::Two, Strategy::Search(Algorithm::Paranoid)),
        (PlayerCount::Three, Strategy::Search(Algorithm::Paranoid)),
        (PlayerCount::Three, Strategy::Search(Algorithm::MaxN)),
        (PlayerCount::Three, Strategy::Search(Algorithm::BestReply)),
        (PlayerCount::Six, Strategy::Search(Algorithm::BestReply)),
    ];
    for (players, algorithm) in cases {
        let start = Position::new(players);
        let limits = Limits::nodes(SEARCH_NODES);
        // The node count of one search, for the throughput (a node budget is a soft stop).
        // One player for every search: its transposition table is allocated once, and a node
        // budget makes every search visit about as many nodes, warm table or not.
        let mut ai = Ai::new(algorithm, limits);
        let nodes = ai.choose(&start).expect("the start has moves").nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{players} players, {algorithm}, start"), |b| {
            b.iter(|| ai.choose(black_box(&start)).expect("the start has moves"))
        });
    }
    group.finish();
}

fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_perft(&mut criterion);
    bench_search(&mut criterion);
}

criterion_main!(benches);
