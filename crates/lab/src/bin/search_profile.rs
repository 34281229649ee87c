//! A driver for instruction-count profiling: runs one Connect Four 7x6 search, by
//! `plyforge-search` or by the `minimax` crate (0.6), a fixed number of times, and prints the
//! nodes, the best move and the score (or minimax's move), so that runs before and after a change
//! can be compared node for node. Made for `valgrind --tool=callgrind`, whose instruction counts do
//! not depend on the machine's load.
//!
//! ```text
//! cargo build --release -p plyforge-lab --bin search_profile
//! valgrind --tool=callgrind target/release/search_profile ours plain 4453 1
//! valgrind --tool=callgrind target/release/search_profile minimax plain 4453 1
//! target/release/search_profile ours equivalent "" 20   # wall clock, best of 20
//! ```
//!
//! Arguments: engine (`ours` | `minimax`); search: `plain` (alpha-beta to depth 8, no table),
//! `equivalent` (iterative deepening to depth 12 with the table, null-window search and
//! aspiration), `ordering` (`equivalent` with killers and history), `default` (every technique,
//! depth 12), `parallel` and `equivalent-deep` (`equivalent` to depth 16 on 2 threads and on one),
//! `default-parallel` and `default-deep` (`default` to depth 20 on 2 threads and on one); minimax
//! runs `plain`, `equivalent`, `equivalent-deep` and `parallel`; position (columns played from the
//! empty board); repetitions; optionally the table size in MiB of both engines (default 16, the
//! benchmark's; e.g. 1 or 64 as in its `table_size` group). The settings are the benchmark's
//! (`benches/connect_four.rs`; `minimax_adaptor::equivalent_config` says which option corresponds
//! to which).

use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::minimax_adaptor::{
    Board, ITERATIVE_DEPTH, MINIMAX_NULL_MOVE_REDUCTION, MinimaxEval, MinimaxEvalWithPass,
    PLAIN_DEPTH, TT_MIB, equivalent_config, minimax_iterative_of, minimax_options_with_table,
    plain_config,
};
use plyforge_search::Techniques;
use plyforge_search::{Config, Limits, Searcher};
use std::process::ExitCode;
use std::time::Instant;

/// Threads of the `parallel` search (minimax's `ParallelSearch`, our Lazy SMP).
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: search_profile <ours|minimax> \
                     <plain|equivalent|ordering|shallow|tuned|default|default-shallow|default-tuned> \
                     <columns> <repetitions> [table MiB]";

const PARALLEL_THREADS: usize = 2;
/// Depth of the `parallel` search and of its one-thread counterpart `equivalent-deep`: long
/// enough for the threads' start-up not to dominate.
const PARALLEL_DEPTH: u32 = 16;
/// Depth of `default-parallel` (every technique, 2 threads) and of its one-thread counterpart
/// `default-deep`: the depth of the benchmark's Lazy SMP group from the empty board.
const PARALLEL_DEFAULT_DEPTH: u32 = 20;

/// Our configuration and depth for a search name.
fn our_search(search: &str) -> Option<(Config, u32)> {
    let equivalent = equivalent_config();
    Some(match search {
        "plain" => (plain_config(), PLAIN_DEPTH as u32),
        "equivalent" => (equivalent, ITERATIVE_DEPTH as u32),
        "parallel" => (
            equivalent.clone().with_threads(PARALLEL_THREADS),
            PARALLEL_DEPTH,
        ),
        "equivalent-deep" => (equivalent.clone(), PARALLEL_DEPTH),
        "ordering" => (
            equivalent
                .clone()
                .with_technique(Techniques::KILLERS, true)
                .with_technique(Techniques::HISTORY, true),
            ITERATIVE_DEPTH as u32,
        ),
        "default" => (
            Config::default().with_tt_mib(TT_MIB),
            ITERATIVE_DEPTH as u32,
        ),
        "default-deep" => (Config::default(), PARALLEL_DEFAULT_DEPTH),
        "default-parallel" => (
            Config::default().with_threads(PARALLEL_THREADS),
            PARALLEL_DEFAULT_DEPTH,
        ),
        _ => return None,
    })
}

/// minimax's iterative search with `evaluator` and `options` to `depth` from `board` (the
/// search built before the clock starts): its time in seconds and its move; with `stats`,
/// prints minimax's own statistics (its node count among them) after the clock stopped.
fn time_minimax<E>(
    evaluator: E,
    options: minimax::IterativeOptions,
    depth: u8,
    board: &Board,
    stats: bool,
) -> (f64, Option<u8>)
where
    E: minimax::Evaluator,
    E::G: minimax::Game<S = Board, M = u8>,
{
    use minimax::Strategy;
    let mut iterative = minimax_iterative_of(evaluator, options);
    iterative.set_max_depth(depth);
    let start = Instant::now();
    let best = iterative.choose_move(board);
    let seconds = start.elapsed().as_secs_f64();
    if stats {
        let mut state = *board;
        println!("{}", iterative.stats(&mut state));
    }
    (seconds, best)
}

fn run(
    engine: &str,
    search: &str,
    board: &Board,
    repetitions: usize,
    table_mib: usize,
) -> Result<(), String> {
    let mut fastest = f64::INFINITY;
    for _ in 0..repetitions {
        let (seconds, line) = match engine {
            "ours" => {
                let (config, depth) =
                    our_search(search).ok_or_else(|| format!("unknown search {search:?}"))?;
                let mut searcher = Searcher::new(config.clone().with_tt_mib(table_mib));
                let start = Instant::now();
                let result = searcher
                    .search(board, &ThreatEvaluator, &Limits::depth(depth), &[], |_| {})
                    .map_err(|error| error.to_string())?;
                let seconds = start.elapsed().as_secs_f64();
                let line = format!(
                    "ours {search} depth {depth}: move {} score {} nodes {} pv {:?}",
                    result.best_move + 1,
                    result.score,
                    result.nodes,
                    result.pv.iter().map(|c| c + 1).collect::<Vec<_>>()
                );
                (seconds, line)
            }
            "minimax" => {
                use minimax::Strategy;
                let (seconds, best) = match search {
                    "plain" => {
                        let mut negamax = minimax::Negamax::new(MinimaxEval, PLAIN_DEPTH);
                        let start = Instant::now();
                        let best = negamax.choose_move(board);
                        (start.elapsed().as_secs_f64(), best)
                    }
                    "equivalent" | "equivalent-deep" => {
                        let depth = if search == "equivalent" {
                            ITERATIVE_DEPTH
                        } else {
                            PARALLEL_DEPTH as u8
                        };
                        let options = minimax_options_with_table(table_mib);
                        time_minimax(MinimaxEval, options, depth, board, repetitions == 1)
                    }
                    "parallel" => {
                        let mut parallel = minimax::ParallelSearch::new(
                            MinimaxEval,
                            minimax_options_with_table(table_mib),
                            minimax::ParallelOptions::new().with_num_threads(PARALLEL_THREADS),
                        );
                        parallel.set_max_depth(PARALLEL_DEPTH as u8);
                        let start = Instant::now();
                        let best = parallel.choose_move(board);
                        (start.elapsed().as_secs_f64(), best)
                    }
                    "ordering" | "full" => {
                        let options = minimax_options_with_table(table_mib)
                            .with_countermoves()
                            .with_countermove_history();
                        let options = if search == "full" {
                            options.with_null_move_depth(MINIMAX_NULL_MOVE_REDUCTION)
                        } else {
                            options
                        };
                        time_minimax(
                            MinimaxEvalWithPass,
                            options,
                            ITERATIVE_DEPTH,
                            board,
                            repetitions == 1,
                        )
                    }
                    _ => return Err(format!("minimax has no search {search:?}")),
                };
                (
                    seconds,
                    format!("minimax {search}: move {:?}", best.map(|c| c + 1)),
                )
            }
            _ => return Err(format!("unknown engine {engine:?}")),
        };
        if seconds < fastest {
            fastest = seconds;
        }
        if repetitions == 1 {
            println!("{line}");
        } else if fastest == seconds {
            println!("{line} ({:.3} ms)", seconds * 1e3);
        }
    }
    println!("fastest of {repetitions}: {:.3} ms", fastest * 1e3);
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (engine, search, position, repetitions, table_mib) = match args.as_slice() {
        [engine, search, position, repetitions] => (engine, search, position, repetitions, None),
        [engine, search, position, repetitions, table_mib] => {
            (engine, search, position, repetitions, Some(table_mib))
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = position
        .parse::<Board>()
        .map_err(|error| error.to_string())
        .and_then(|board| {
            let repetitions = repetitions
                .parse()
                .map_err(|_| format!("repetitions must be a whole number, got {repetitions:?}"))?;
            let table_mib = match table_mib {
                None => TT_MIB,
                Some(mib) => mib.parse().ok().filter(|&mib| mib > 0).ok_or_else(|| {
                    format!("the table size must be a positive whole number of MiB, got {mib:?}")
                })?,
            };
            run(engine, search, &board, repetitions, table_mib)
        });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
