//! Iterations per second of `plyforge-search`'s Monte Carlo tree search with 1 and 2 threads
//! (root parallelism), on Connect Four 7x6 (uniform rollouts to the end) and three-player
//! Sternhalma (its `mcts_config()`): each search runs a fixed time from a few
//! positions, one thread and two in turn, and the median rates are printed with the median
//! speedup of the pairs.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin mcts_threads -- [--ms 200] [--runs 5]
//! ```

use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::minimax_adaptor::Board;
use plyforge_search::mcts::MctsConfig;
use plyforge_search::{Algorithm, Config, Evaluator, Game, Limits, Searcher};
use plyforge_sternhalma::{DistanceEvaluator, PlayerCount, Position, mcts_config};
use std::process::ExitCode;
use std::time::Duration;

/// A node budget that no run here fills (the search would stop early).
const NODES: usize = 1 << 24;
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: mcts_threads [--ms N] [--runs N]";

/// Iterations per second of one search of `time` from `position`.
fn rate<G: Game, E: Evaluator<G>>(
    config: &MctsConfig,
    threads: usize,
    position: &G,
    evaluator: &E,
    time: Duration,
) -> f64 {
    let config = Config::default()
        .with_algorithm(Algorithm::MonteCarlo)
        .with_threads(threads)
        .with_mcts(config.clone().with_tree_reuse(false));
    let result = Searcher::new(config)
        .search(position, evaluator, &Limits::time(time, time), &[], |_| {})
        .expect("the positions are not over");
    result.iterations as f64 / result.time.as_secs_f64()
}

/// The median of `values`.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs searches with 1 and 2 threads in turn (so that both see the same load on a shared
/// machine) from each of `positions`, `runs` times; prints the median rates and the median of
/// the paired speedups.
fn compare<G: Game, E: Evaluator<G>>(
    name: &str,
    config: &MctsConfig,
    positions: &[G],
    evaluator: &E,
    time: Duration,
    runs: usize,
) {
    let (mut one, mut two, mut speedups) = (Vec::new(), Vec::new(), Vec::new());
    for run in 0..runs {
        for position in positions {
            let config = config.clone().with_seed(run as u64);
            let single = rate(&config, 1, position, evaluator, time);
            let double = rate(&config, 2, position, evaluator, time);
            one.push(single);
            two.push(double);
            speedups.push(double / single);
        }
    }
    println!(
        "  {name}: 1 thread {:.0}, 2 threads {:.0} iterations per second; speedup {:.2} (median of pairs)",
        median(one),
        median(two),
        median(speedups)
    );
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut time = Duration::from_millis(200);
    let mut runs = 5;
    for pair in args.chunks(2) {
        match (
            pair[0].as_str(),
            pair.get(1).and_then(|v| v.parse::<u64>().ok()),
        ) {
            ("--ms", Some(ms)) => time = Duration::from_millis(ms),
            ("--runs", Some(count)) => runs = count as usize,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    let boards: Vec<Board> = ["", "44", "4453", "443322"]
        .iter()
        .map(|moves| moves.parse().expect("legal openings"))
        .collect();
    let mut stars = vec![Position::new(PlayerCount::Three)];
    let mut middle = Position::new(PlayerCount::Three);
    for _ in 0..30 {
        let moves = middle.legal_moves();
        middle.play(moves[moves.len() / 2]);
    }
    stars.push(middle);
    println!(
        "{} ms per search, {runs} runs per position, 1 and 2 threads in turn:",
        time.as_millis()
    );
    let four = MctsConfig::default().with_max_nodes(NODES);
    compare("Connect Four", &four, &boards, &ThreatEvaluator, time, runs);
    let star = mcts_config().with_max_nodes(NODES);
    let evaluator = DistanceEvaluator::default();
    compare(
        "Sternhalma (3 players)",
        &star,
        &stars,
        &evaluator,
        time,
        runs,
    );
    ExitCode::SUCCESS
}
