//! Connect Four 7x6 searched to a fixed depth by `plyforge-search` and by the `minimax` crate
//! (0.6), on the same game, evaluation and positions; and Lazy SMP, 2 threads against 1.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench connect_four
//! ```
//!
//! Groups:
//! - `alphabeta`: minimax's `Negamax` (plain alpha-beta) against our `Config::plain()` with
//!   the same centre-first move order.
//! - `iterative`: minimax's `IterativeSearch` (iterative deepening, TT, null-window search,
//!   aspiration) against our search with the same techniques (`equivalent_config`: killers,
//!   history, `lmr`, `null_move`, `quiescence` and `check_extension` off; one table, probed at
//!   every node of depth 1 and more, like minimax's); both engines with quiet-move ordering (minimax's
//!   countermoves and countermove history, our killers and history); each engine with every
//!   technique it offers that Connect Four can use (minimax: the ordering pair's options and
//!   null move behind our zugzwang guard, `minimax_full`; ours: `Config::default()`,
//!   `plyforge_default`). Which option
//!   corresponds to which: `minimax_adaptor::equivalent_config`.
//! - `table_size`: the `iterative` pair (minimax's iterative search, our equivalent
//!   configuration) with 1 MiB tables, which stay in the processor's caches, and 64 MiB
//!   tables, well beyond them: how much of the difference is the handling of the table's
//!   memory (with a cache-resident table both engines do about the same work per node).
//! - `parallel`: both engines' parallel searches with the equivalent settings to depth 16:
//!   minimax's `ParallelSearch` (young brothers wait) and our Lazy SMP on 2 threads, each
//!   against its own one-thread search.
//! - `lazy_smp`: time to depth with 1 and 2 threads, searches of about 0.5-2 s (depth chosen
//!   per position), every technique on.
//!
//! Before the measurements, a summary runs the searches of each position in interleaved rounds
//! (each search once per round, so that a busy stretch of the shared machine falls on all of
//! them alike) and prints their median and fastest times, nodes, nodes/s and the median over
//! rounds of minimax's time divided by ours; Lazy SMP gives the fastest of three.
//! Both engines get a fresh transposition table for every search, built outside the timed part
//! (allocating and zeroing 16 MiB costs more than a depth-12 search on a busy machine).

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::minimax_adaptor::{
    Board, ITERATIVE_DEPTH, MINIMAX_NULL_MOVE_REDUCTION, MinimaxEval, MinimaxEvalWithPass,
    PLAIN_DEPTH, TABLE_SWEEP_MIB, TT_MIB, equivalent_config, equivalent_config_with_table,
    minimax_full_options, minimax_iterative_of, minimax_iterative_with, minimax_options,
    minimax_options_with_table, minimax_ordering_options, plain_config,
};
use plyforge_search::Techniques;
use plyforge_search::{Config, Limits, Searcher};
use std::hint::black_box;
use std::time::Instant;

/// The positions, as columns played from the empty board.
const POSITIONS: [&str; 3] = ["", "4453", "43443555"];
/// Depth of the Lazy SMP comparison per position: searches of about 0.5-2 s with one thread
/// (shorter ones mostly measure the start-up of the threads).
const SMP_DEPTHS: [u32; 3] = [20, 22, 26];
/// Threads of the comparison with minimax's parallel search (its `ParallelSearch`, young
/// brothers wait) and depth of its searches (long enough for the threads' start-up not to
/// dominate).
const PARALLEL_THREADS: usize = 2;
/// See [`PARALLEL_THREADS`].
const PARALLEL_DEPTH: u8 = 16;
/// Transposition table size of the Lazy SMP comparison (deeper searches).
const SMP_TT_MIB: usize = 64;

fn minimax_plain(board: &Board) -> Option<u8> {
    use minimax::Strategy;
    minimax::Negamax::new(MinimaxEval, PLAIN_DEPTH).choose_move(board)
}

/// minimax's iterative search with a fresh table (built outside the timed part).
fn minimax_iterative() -> minimax::IterativeSearch<MinimaxEval> {
    minimax_iterative_with(minimax_options())
}

/// minimax's iterative search with its two quiet-move ordering heuristics on: the countermove
/// table and the countermove history (the counterpart of our killers and history).
fn minimax_iterative_ordering() -> minimax::IterativeSearch<MinimaxEvalWithPass> {
    minimax_iterative_of(MinimaxEvalWithPass, minimax_ordering_options())
}

/// minimax with every technique it offers that Connect Four can use: the ordering pair's
/// options and null-move pruning behind our zugzwang guard.
fn minimax_iterative_full() -> minimax::IterativeSearch<MinimaxEvalWithPass> {
    minimax_iterative_of(
        MinimaxEvalWithPass,
        minimax_full_options(MINIMAX_NULL_MOVE_REDUCTION),
    )
}

/// minimax's iterative search to [`PARALLEL_DEPTH`] on one thread.
fn minimax_deep() -> minimax::IterativeSearch<MinimaxEval> {
    use minimax::Strategy;
    let mut search = minimax_iterative();
    search.set_max_depth(PARALLEL_DEPTH);
    search
}

/// minimax's parallel search with the equivalent options on [`PARALLEL_THREADS`] threads, to
/// [`PARALLEL_DEPTH`].
fn minimax_parallel() -> minimax::ParallelSearch<MinimaxEval> {
    use minimax::Strategy;
    let mut search = minimax::ParallelSearch::new(
        MinimaxEval,
        minimax_options(),
        minimax::ParallelOptions::new().with_num_threads(PARALLEL_THREADS),
    );
    search.set_max_depth(PARALLEL_DEPTH);
    search
}

/// Our equivalent configuration on `threads` threads (Lazy SMP).
fn equivalent_threads(threads: usize) -> Config {
    equivalent_config().with_threads(threads)
}

/// Our default configuration (every technique) with the benchmark's table size.
fn default_config() -> Config {
    Config::default().with_tt_mib(TT_MIB)
}

/// Our counterpart of `minimax_iterative_ordering`: the equivalent configuration with killers
/// and the history heuristic on.
fn equivalent_ordering() -> Config {
    equivalent_config()
        .with_technique(Techniques::KILLERS, true)
        .with_technique(Techniques::HISTORY, true)
}

fn ours(searcher: &mut Searcher<Board>, board: &Board, depth: u32) -> (u8, u64) {
    let result = searcher
        .search(board, &ThreatEvaluator, &Limits::depth(depth), &[], |_| {})
        .expect("the positions are not over");
    (result.best_move, result.nodes)
}

fn boards() -> Vec<(&'static str, Board)> {
    POSITIONS
        .iter()
        .map(|p| (*p, p.parse().expect("the positions are legal")))
        .collect()
}

/// Rounds of the interleaved summary: every contender runs once per round, so that a slower or
/// faster stretch of a shared machine falls on all of them alike.
const SUMMARY_ROUNDS: usize = 15;
/// Repetitions of each Lazy SMP search in the summary (they are long).
const SMP_REPETITIONS: usize = 3;

/// The fastest of `repetitions` runs of `search` (after `setup`, untimed), in seconds, and the
/// nodes it reported.
fn fastest<T>(
    repetitions: usize,
    mut setup: impl FnMut() -> T,
    mut search: impl FnMut(&mut T) -> u64,
) -> (f64, u64) {
    let mut best = (f64::INFINITY, 0);
    for _ in 0..repetitions {
        let (seconds, nodes) = timed(&mut setup, &mut search);
        if seconds < best.0 {
            best = (seconds, nodes);
        }
    }
    best
}

/// One run of `search` after `setup` (untimed): seconds and the nodes it reported.
fn timed<T>(setup: &mut impl FnMut() -> T, search: &mut impl FnMut(&mut T) -> u64) -> (f64, u64) {
    let mut engine = setup();
    let start = Instant::now();
    let nodes = search(&mut engine);
    (start.elapsed().as_secs_f64(), nodes)
}

/// A search in the interleaved summary: a label and one timed run (seconds, nodes; 0 nodes when
/// the engine does not say).
type Contender<'a> = (String, Box<dyn FnMut() -> (f64, u64) + 'a>);

/// Our search with `config` to `depth` from `board`, a fresh searcher (and table) per run.
fn our_contender<'a>(label: &str, config: Config, board: &'a Board, depth: u32) -> Contender<'a> {
    (
        format!("plyforge {label}"),
        Box::new(move || {
            timed(
                &mut || Searcher::new(config.clone()),
                &mut |searcher: &mut Searcher<Board>| ours(searcher, board, depth).1,
            )
        }),
    )
}

/// minimax's search built by `build` (untimed), then timed.
fn minimax_contender<'a, G, S>(
    label: &str,
    build: impl Fn() -> S + 'a,
    board: &'a Board,
) -> Contender<'a>
where
    G: minimax::Game<S = Board, M = u8>,
    S: minimax::Strategy<G> + 'a,
{
    (
        format!("minimax {label}"),
        Box::new(move || {
            timed(&mut || build(), &mut |search: &mut S| {
                search.choose_move(board);
                0
            })
        }),
    )
}

/// Runs the contenders in `SUMMARY_ROUNDS` interleaved rounds and prints, per contender, the
/// median and fastest time, nodes and nodes/s, and the median over rounds of the first
/// contender's time divided by this one's (the ratio of two runs made side by side).
fn print_interleaved(position: &str, title: &str, contenders: &mut [Contender<'_>]) {
    let mut seconds = vec![Vec::with_capacity(SUMMARY_ROUNDS); contenders.len()];
    let mut nodes = vec![0; contenders.len()];
    for _ in 0..SUMMARY_ROUNDS {
        for (index, (_, run)) in contenders.iter_mut().enumerate() {
            let (time, count) = run();
            seconds[index].push(time);
            nodes[index] = count;
        }
    }
    let median = |values: &[f64]| {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        sorted[sorted.len() / 2]
    };
    println!("position {position:?}, {title}, {SUMMARY_ROUNDS} interleaved rounds:");
    for (index, (label, _)) in contenders.iter().enumerate() {
        let ratios: Vec<f64> = seconds[0]
            .iter()
            .zip(&seconds[index])
            .map(|(first, this)| first / this)
            .collect();
        let time = median(&seconds[index]);
        let rate = if nodes[index] > 0 {
            format!(
                "{:>8} nodes, {:>5.2} Mnps",
                nodes[index],
                nodes[index] as f64 / time / 1e6
            )
        } else {
            String::new()
        };
        println!(
            "  {label:<44} median {:>7.2} ms, fastest {:>7.2} ms; {rate:<30} {} / this: {:.2}",
            time * 1e3,
            seconds[index].iter().copied().fold(f64::INFINITY, f64::min) * 1e3,
            contenders[0].0,
            median(&ratios)
        );
    }
}

/// Prints, per position, the interleaved comparisons of the iterative searches, of the
/// quiet-move ordering pair and of plain alpha-beta (criterion below measures each search
/// alone).
fn print_summary() {
    let depth = ITERATIVE_DEPTH as u32;
    for (name, board) in boards() {
        print_interleaved(
            name,
            &format!("iterative deepening to depth {depth}"),
            &mut [
                minimax_contender("iterative", minimax_iterative, &board),
                our_contender("equivalent", equivalent_config(), &board, depth),
                our_contender("default", default_config(), &board, depth),
            ],
        );
        print_interleaved(
            name,
            &format!("quiet-move ordering, depth {depth}"),
            &mut [
                minimax_contender(
                    "countermoves + countermove history",
                    minimax_iterative_ordering,
                    &board,
                ),
                our_contender("killers + history", equivalent_ordering(), &board, depth),
            ],
        );
        print_interleaved(
            name,
            &format!("every technique each engine offers, depth {depth}"),
            &mut [
                minimax_contender(
                    "iterative + countermoves + countermove history + null move",
                    minimax_iterative_full,
                    &board,
                ),
                our_contender("default", default_config(), &board, depth),
            ],
        );
        for table_mib in TABLE_SWEEP_MIB {
            print_interleaved(
                name,
                &format!("iterative deepening to depth {depth}, {table_mib} MiB tables"),
                &mut [
                    minimax_contender(
                        &format!("iterative, {table_mib} MiB"),
                        move || minimax_iterative_with(minimax_options_with_table(table_mib)),
                        &board,
                    ),
                    our_contender(
                        &format!("equivalent, {table_mib} MiB"),
                        equivalent_config_with_table(table_mib),
                        &board,
                        depth,
                    ),
                ],
            );
        }
        let plain_board = board;
        print_interleaved(
            name,
            &format!("plain alpha-beta, depth {PLAIN_DEPTH}"),
            &mut [
                (
                    "minimax negamax".to_string(),
                    Box::new(move || {
                        timed(&mut || (), &mut |_: &mut ()| {
                            minimax_plain(&plain_board);
                            0
                        })
                    }),
                ),
                our_contender("plain", plain_config(), &board, PLAIN_DEPTH as u32),
            ],
        );
    }
}

/// The Lazy SMP configuration for `threads` threads.
fn smp_config(threads: usize) -> Config {
    default_config()
        .with_threads(threads)
        .with_tt_mib(SMP_TT_MIB)
}

/// Prints the fastest time to depth, nodes and nodes/s with 1 and 2 threads per position.
fn print_smp_summary() {
    let depth = PARALLEL_DEPTH as u32;
    for (name, board) in boards() {
        print_interleaved(
            name,
            &format!("equivalent settings to depth {depth}, 1 and {PARALLEL_THREADS} threads"),
            &mut [
                minimax_contender("iterative, 1 thread", minimax_deep, &board),
                minimax_contender(
                    &format!("parallel (young brothers wait), {PARALLEL_THREADS} threads"),
                    minimax_parallel,
                    &board,
                ),
                our_contender("equivalent, 1 thread", equivalent_threads(1), &board, depth),
                our_contender(
                    &format!("equivalent, Lazy SMP {PARALLEL_THREADS} threads"),
                    equivalent_threads(PARALLEL_THREADS),
                    &board,
                    depth,
                ),
            ],
        );
    }
    for ((name, board), depth) in boards().into_iter().zip(SMP_DEPTHS) {
        let mut times = vec![];
        for threads in [1, 2] {
            let config = smp_config(threads);
            let (seconds, nodes) = fastest(
                SMP_REPETITIONS,
                || Searcher::new(config.clone()),
                |searcher| ours(searcher, &board, depth).1,
            );
            println!(
                "position {name:>10?} plyforge {threads} thread(s) depth {depth}: {:>8.1} ms; {nodes:>10} nodes, {:>6.2} Mnps",
                seconds * 1e3,
                nodes as f64 / seconds / 1e6
            );
            times.push(seconds);
        }
        println!(
            "position {name:>10?} Lazy SMP speed-up to depth {depth}, 1 thread time / 2 threads time: {:.2}",
            times[0] / times[1]
        );
    }
}

/// Benchmarks our search with `config` to `depth` on every position in `group`.
fn bench_ours(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    config: &Config,
    depth: u32,
) {
    for (name, board) in boards() {
        group.bench_with_input(BenchmarkId::new(id, name), &board, |b, board| {
            b.iter_batched_ref(
                || Searcher::new(config.clone()),
                |searcher| ours(searcher, black_box(board), depth),
                BatchSize::PerIteration,
            )
        });
    }
}

/// Benchmarks minimax's search built by `build` (untimed, a fresh table per run) on every
/// position in `group`.
fn bench_minimax<G, S>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    build: impl Fn() -> S,
) where
    G: minimax::Game<S = Board, M = u8>,
    S: minimax::Strategy<G>,
{
    for (name, board) in boards() {
        group.bench_with_input(BenchmarkId::new(id, name), &board, |b, board| {
            b.iter_batched_ref(
                &build,
                |search| search.choose_move(black_box(board)),
                BatchSize::PerIteration,
            )
        });
    }
}

fn bench(c: &mut Criterion) {
    print_summary();
    print_smp_summary();
    let mut group = c.benchmark_group("alphabeta");
    for (name, board) in boards() {
        group.bench_with_input(BenchmarkId::new("minimax", name), &board, |b, board| {
            b.iter(|| minimax_plain(black_box(board)))
        });
    }
    bench_ours(&mut group, "plyforge", &plain_config(), PLAIN_DEPTH as u32);
    group.finish();

    let mut group = c.benchmark_group("iterative");
    bench_minimax(&mut group, "minimax", minimax_iterative);
    bench_minimax(
        &mut group,
        "minimax_countermoves",
        minimax_iterative_ordering,
    );
    bench_minimax(&mut group, "minimax_full", minimax_iterative_full);
    let depth = ITERATIVE_DEPTH as u32;
    bench_ours(
        &mut group,
        "plyforge_equivalent",
        &equivalent_config(),
        depth,
    );
    bench_ours(
        &mut group,
        "plyforge_equivalent_killers_history",
        &equivalent_ordering(),
        depth,
    );
    bench_ours(&mut group, "plyforge_default", &default_config(), depth);
    group.finish();

    // The same pair with tables that stay in the caches and tables well beyond them.
    let mut group = c.benchmark_group("table_size");
    for table_mib in TABLE_SWEEP_MIB {
        bench_minimax(&mut group, &format!("minimax_{table_mib}_mib"), || {
            minimax_iterative_with(minimax_options_with_table(table_mib))
        });
        bench_ours(
            &mut group,
            &format!("plyforge_equivalent_{table_mib}_mib"),
            &equivalent_config_with_table(table_mib),
            depth,
        );
    }
    group.finish();

    // Both engines' parallel searches with the equivalent settings.
    let mut group = c.benchmark_group("parallel");
    bench_minimax(&mut group, "minimax_iterative_1_thread", minimax_deep);
    bench_minimax(
        &mut group,
        &format!("minimax_parallel_{PARALLEL_THREADS}_threads"),
        minimax_parallel,
    );
    for threads in [1, PARALLEL_THREADS] {
        bench_ours(
            &mut group,
            &format!("plyforge_equivalent_{threads}_threads"),
            &equivalent_threads(threads),
            PARALLEL_DEPTH as u32,
        );
    }
    group.finish();

    let mut group = c.benchmark_group("lazy_smp");
    for ((name, board), depth) in boards().into_iter().zip(SMP_DEPTHS) {
        for threads in [1, 2] {
            let config = smp_config(threads);
            group.bench_with_input(
                BenchmarkId::new(format!("threads_{threads}_depth_{depth}"), name),
                &board,
                |b, board| {
                    b.iter_batched_ref(
                        || Searcher::new(config.clone()),
                        |searcher| ours(searcher, black_box(board), depth),
                        BatchSize::PerIteration,
                    )
                },
            );
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
