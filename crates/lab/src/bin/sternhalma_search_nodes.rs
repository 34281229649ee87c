//! Deterministic searches whose node counts and moves identify the search's behaviour, so that
//! two builds can be compared node for node and timed side by side: max^n to a fixed depth
//! (plain and with shallow pruning) and Monte Carlo tree search with a fixed seed and iteration
//! count (the Sternhalma crate's configuration, and with a max^n leaf search with and without cut-offs on
//! the root player's turn), on one thread, for 3, 4 and 6 players:
//! `cargo run --release -p plyforge-lab --bin sternhalma_search_nodes -- [repetitions [search]]`
//! (default 1, every search). Each line prints the nodes, the move and the median time of the
//! repetitions.

use plyforge_search::mcts::MctsConfig;
use plyforge_search::{Algorithm, Config, Limits, Score, Searcher};
use plyforge_sternhalma::{DistanceEvaluator, Move, PlayerCount, Position, mcts_config};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The answer to `--help`.
const USAGE: &str = "\
usage: sternhalma_search_nodes [repetitions [search]]
Fixed max^n and Monte Carlo tree searches of Sternhalma positions for 3, 4 and 6 players: the
nodes, the move and the median time of `repetitions` runs (default 1) of each, or only of the
search named (maxn, maxn-pruned, mcts, mcts-leaf-search, mcts-leaf-search-root-turn).";

/// The depth of the max^n searches.
const MAXN_DEPTH: u32 = 5;
/// The shallow-pruning bound of the pruned max^n searches: not a true bound of this
/// evaluation (the moves may differ from plain max^n's), but one that prunes, which is what a
/// comparison of builds needs.
const MAXN_SUM: Score = 0;
/// The iterations of the Monte Carlo tree search with rollouts.
const MCTS_ITERATIONS: u64 = 20_000;
/// The iterations of the Monte Carlo tree searches with a leaf search.
const LEAF_SEARCH_ITERATIONS: u64 = 2_000;
/// The iterations of the Monte Carlo tree search whose leaf searches wait for the root
/// player's turn: each searches up to a round of plies more.
const ROOT_TURN_ITERATIONS: u64 = 300;
/// The seed of each Monte Carlo tree search.
const MCTS_SEED: u64 = 7;
/// The depth of the leaf searches.
const LEAF_SEARCH_DEPTH: u32 = 2;
/// The depth of the leaf searches that wait for the root player's turn.
const ROOT_TURN_LEAF_SEARCH_DEPTH: u32 = 1;
/// Plies played from the start (the first legal move each time, rotating through the list) to
/// reach the middle-game position searched besides the start.
const OPENING_PLIES: usize = 12;

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let only = std::env::args().nth(2);
    let repetitions: usize = match std::env::args().nth(1).as_deref() {
        None => 1,
        Some(text) => match text.parse() {
            Ok(count) if count > 0 => count,
            _ => {
                eprintln!(
                    "error: the repetitions must be a whole number from 1, got {text:?}\n{USAGE}"
                );
                return ExitCode::from(2);
            }
        },
    };
    let evaluator = DistanceEvaluator::default();
    for players in [PlayerCount::Three, PlayerCount::Four, PlayerCount::Six] {
        for (place, position) in [
            ("start", Position::new(players)),
            ("middle", middle(players)),
        ] {
            for (name, config, limits) in &searches(players) {
                if only.as_deref().is_some_and(|only| only != *name) {
                    continue;
                }
                let mut times = Vec::with_capacity(repetitions);
                let mut found = None;
                for _ in 0..repetitions {
                    let mut searcher = Searcher::new(config.clone());
                    let clock = Instant::now();
                    let result = match searcher.search(&position, &evaluator, limits, &[], |_| {}) {
                        Ok(result) => result,
                        Err(error) => {
                            eprintln!("error: {name} at the {place} for {players}: {error}");
                            return ExitCode::FAILURE;
                        }
                    };
                    times.push(clock.elapsed());
                    found = Some((result.nodes, result.best_move, result.score));
                }
                let (nodes, best_move, score) = found.expect("at least one repetition");
                times.sort();
                let median: Duration = times[times.len() / 2];
                println!(
                    "{players} {place:6} {name:26} nodes {nodes:>10} move {best_move} score {score:>6} median {:.3} s",
                    median.as_secs_f64()
                );
            }
        }
    }
    ExitCode::SUCCESS
}

/// The Monte Carlo tree search configuration of `mcts` on one thread with a fixed seed and
/// `iterations`.
fn mcts(mcts: MctsConfig, iterations: u64) -> Config {
    Config::default()
        .with_algorithm(Algorithm::MonteCarlo)
        .with_mcts(
            mcts.with_seed(MCTS_SEED)
                .with_max_iterations(Some(iterations)),
        )
}

/// The searches made for `players`: the waits for the root player's turn only with 3 players,
/// where a leaf search waits at most 2 plies (more players take too long).
fn searches(players: PlayerCount) -> Vec<(&'static str, Config, Limits<Move>)> {
    let mut searches = vec![
        (
            "maxn",
            Config::default().with_algorithm(Algorithm::MaxN),
            Limits::depth(MAXN_DEPTH),
        ),
        (
            "maxn-pruned",
            Config::default()
                .with_algorithm(Algorithm::MaxN)
                .with_max_sum(Some(MAXN_SUM)),
            Limits::depth(MAXN_DEPTH),
        ),
        (
            "mcts",
            mcts(mcts_config(), MCTS_ITERATIONS),
            Limits::default(),
        ),
        (
            "mcts-leaf-search",
            mcts(
                mcts_config().with_leaf_search_depth(LEAF_SEARCH_DEPTH),
                LEAF_SEARCH_ITERATIONS,
            ),
            Limits::default(),
        ),
    ];
    if players == PlayerCount::Three {
        searches.push((
            "mcts-leaf-search-root-turn",
            mcts(
                mcts_config()
                    .with_leaf_search_depth(ROOT_TURN_LEAF_SEARCH_DEPTH)
                    .with_cut_off_on_root_turn(true),
                ROOT_TURN_ITERATIONS,
            ),
            Limits::default(),
        ));
    }
    searches
}

/// The start for `players` after [`OPENING_PLIES`] plies.
fn middle(players: PlayerCount) -> Position {
    let mut position = Position::new(players);
    for ply in 0..OPENING_PLIES {
        let moves = position.legal_moves();
        position.play(moves[(ply * 7) % moves.len()]);
    }
    position
}
