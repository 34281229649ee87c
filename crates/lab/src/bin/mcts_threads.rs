//! Iterations per second of `plyforge-search`'s Monte Carlo tree search with 1 and 2 threads
//! (root parallelism), on Connect Four 7x6 (uniform rollouts to the end) and three-player
//! Sternhalma (the `Algorithm::Mcts` configuration): each search runs a fixed time from a few
//! positions, and the median rate is printed with the speedup.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin mcts_threads -- [--ms 200] [--runs 5]
//! ```

use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::minimax_adaptor::Board;
use plyforge_search::mcts::{Mcts, MctsConfig};
use plyforge_search::{Evaluator, Game, Limits};
use plyforge_sternhalma::{DistanceEvaluator, PlayerCount, Position, mcts_config};
use std::process::ExitCode;
use std::time::Duration;

/// A node budget that no run here fills (the search would stop early).
const NODES: usize = 1 << 24;

/// The median iterations per second of `runs` searches of `time` from each of `positions`.
fn rate<G: Game, E: Evaluator<G>>(
    config: &MctsConfig,
    positions: &[G],
    evaluator: &E,
    time: Duration,
    runs: usize,
) -> f64 {
    let mut rates = Vec::new();
    for run in 0..runs {
        for position in positions {
            let config = config.clone().with_seed(run as u64).with_tree_reuse(false);
            let result = Mcts::new(config)
                .search(position, evaluator, &Limits::time(time, time), |_| {})
                .expect("the positions are not over");
            rates.push(result.iterations as f64 / result.time.as_secs_f64());
        }
    }
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn main() -> ExitCode {
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
                eprintln!("usage: mcts_threads [--ms N] [--runs N]");
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
        "{} ms per search, {runs} runs per position, median iterations per second:",
        time.as_millis()
    );
    for threads in [1, 2] {
        let four = MctsConfig::default()
            .with_max_nodes(NODES)
            .with_threads(threads);
        let star = mcts_config().with_max_nodes(NODES).with_threads(threads);
        println!(
            "  {threads} thread(s): Connect Four {:.0}, Sternhalma (3 players) {:.0}",
            rate(&four, &boards, &ThreatEvaluator, time, runs),
            rate(&star, &stars, &DistanceEvaluator::default(), time, runs)
        );
    }
    ExitCode::SUCCESS
}
