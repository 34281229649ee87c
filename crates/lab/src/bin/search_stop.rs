//! How fast a raised [`StopFlag`] ends a running search: Connect Four 7x6 searched without a
//! depth limit on 1 and 2 threads, stopped from another thread after a while; prints the time
//! from raising the flag to the search returning its last completed result.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin search_stop
//! ```

use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
use plyforge_search::{Config, Limits, Searcher, StopFlag};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What `--help` prints.
const USAGE: &str = "usage: search_stop (no arguments)";

/// Searches per thread count.
const RUNS: usize = 20;
/// The first search runs this long before the flag is raised; each next one 7 ms longer, so
/// that the stop falls at different points of the iterations.
const FIRST_DELAY: Duration = Duration::from_millis(20);
const DELAY_STEP: Duration = Duration::from_millis(7);

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let board: ConnectFour<Columns7x6> = "4453".parse().expect("a legal position");
    for threads in [1, 2] {
        let mut searcher = Searcher::new(Config::default().with_threads(threads).with_tt_mib(64));
        let mut latencies = Vec::with_capacity(RUNS);
        let mut depths = Vec::with_capacity(RUNS);
        for run in 0..RUNS {
            searcher.clear();
            let flag = StopFlag::new();
            let delay = FIRST_DELAY + DELAY_STEP * run as u32;
            let remote = flag.clone();
            let stopper = std::thread::spawn(move || {
                std::thread::sleep(delay);
                remote.stop();
                Instant::now()
            });
            let result = searcher
                .search(
                    &board,
                    &ThreatEvaluator,
                    &Limits::infinite(flag),
                    &[],
                    |_| {},
                )
                .expect("the position is not over");
            let returned = Instant::now();
            let raised = stopper.join().expect("the stopping thread does not panic");
            latencies.push(returned.saturating_duration_since(raised));
            depths.push(result.depth);
        }
        latencies.sort();
        println!(
            "{threads} thread(s), {RUNS} searches stopped after {:?}..{:?}: stop latency median {:?}, max {:?}; completed depths {}..{}",
            FIRST_DELAY,
            FIRST_DELAY + DELAY_STEP * (RUNS as u32 - 1),
            latencies[RUNS / 2],
            latencies[RUNS - 1],
            depths.iter().min().unwrap_or(&0),
            depths.iter().max().unwrap_or(&0),
        );
    }
    ExitCode::SUCCESS
}
