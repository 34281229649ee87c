//! Monte Carlo tree search against Monte Carlo tree search: `plyforge-search`'s Monte Carlo tree search against
//! the `minimax` crate's (0.6) `MonteCarloTreeSearch`, on Connect Four 7x6 at equal time per
//! move, one thread each, each side keeping nothing between moves but what its own design
//! keeps (ours reuses its tree). Every opening of `--plies` columns is played twice, each engine
//! the first player once.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin connect_four_mcts -- [--ms 20] [--plies 2]
//!     [--ours recommended|uct|decisive|eval|hints] [--c 0.707] [--minimax-expand 0] [--threads 1]
//!     [--opponent minimax|ours] [--prior W] [--scale S]
//! ```
//!
//! `--prior W` adds progressive bias of weight `W` with the `ThreatEvaluator` at each expansion,
//! its scores mapped to rewards on `--scale S` (default 20) evaluation units.
//!
//! `--opponent ours` puts our own configuration with one thread against ours with `--threads`:
//! what a second thread is worth at equal time.
//!
//! Our configurations: `recommended` (the default: the Connect Four crate's `mcts_config`, with
//! `--c` and `--threads` applied), `uct` (uniform rollouts to the end, MCTS-Solver), `decisive`
//! (as `uct`, with decisive and anti-decisive moves in the rollouts), `eval` (no rollouts: the
//! Connect Four `ThreatEvaluator` at the leaf), `hints` (epsilon-greedy rollouts on the
//! centre-first hint). minimax runs with its solver (always on), its default rollout depth (100,
//! beyond any Connect Four game) and `--minimax-expand` rollouts before a node is expanded.

use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::match_score::MatchScore;
use plyforge_lab::minimax_adaptor::{Board, MinimaxFour, openings};
use plyforge_lab::progress;
use plyforge_search::mcts::{MctsConfig, Rollout};
use plyforge_search::{Algorithm, Config, Searcher};
use plyforge_search::{Game, Limits, Outcome};
use std::process::ExitCode;

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: connect_four_mcts [--ms 20] [--plies 2] \
                     [--ours recommended|uct|decisive|eval|hints] [--c 0.707] \
                     [--minimax-expand 0] [--threads 1] [--opponent minimax|ours] [--prior W] \
                     [--scale S]";
use std::time::{Duration, Instant};

/// Settings from the command line.
struct Options {
    ms: u64,
    plies: usize,
    ours: String,
    exploration: f32,
    minimax_expand: u32,
    threads: usize,
    /// Whether the opponent is our own search with one thread instead of minimax's.
    against_ourselves: bool,
    prior: f32,
    scale: f32,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        ms: 20,
        plies: 2,
        ours: "recommended".to_string(),
        exploration: core::f32::consts::FRAC_1_SQRT_2,
        minimax_expand: 0,
        threads: 1,
        against_ourselves: false,
        prior: 0.0,
        scale: 20.0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} needs a value", pair[0]));
        };
        let bad = |error: String| format!("{name}: cannot read {value:?}: {error}");
        match name.as_str() {
            "--ms" => options.ms = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--plies" => options.plies = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--ours" => options.ours = value.clone(),
            "--c" => options.exploration = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--minimax-expand" => {
                options.minimax_expand = value.parse().map_err(|e| bad(format!("{e}")))?
            }
            "--threads" => options.threads = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--prior" => options.prior = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--scale" => options.scale = value.parse().map_err(|e| bad(format!("{e}")))?,
            "--opponent" => {
                options.against_ourselves = match value.as_str() {
                    "minimax" => false,
                    "ours" => true,
                    _ => return Err(format!("unknown opponent {value:?} (minimax, ours)")),
                }
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(options)
}

/// Our configuration called `name`.
fn our_config(name: &str, exploration: f32) -> Result<MctsConfig, String> {
    let base = MctsConfig::default().with_exploration(exploration);
    match name {
        "recommended" => Ok(plyforge_connect_four::mcts_config().with_exploration(exploration)),
        "uct" => Ok(base),
        "decisive" => Ok(base.with_decisive_moves(true)),
        "eval" => Ok(base.with_rollout_limit(Some(0))),
        "hints" => Ok(base
            .with_decisive_moves(true)
            .with_rollout(Rollout::HintGreedy { epsilon: 0.5 })),
        _ => Err(format!(
            "unknown configuration {name:?} (recommended, uct, decisive, eval, hints)"
        )),
    }
}

/// A searcher running Monte Carlo tree search with `config` on `threads` threads.
fn monte_carlo(config: MctsConfig, threads: usize) -> Searcher<Board> {
    Searcher::new(
        Config::default()
            .with_algorithm(Algorithm::MonteCarlo)
            .with_threads(threads)
            .with_mcts(config),
    )
}

/// The other side: minimax's search (a fresh one per game) or ours.
enum Opponent {
    Minimax(minimax::MCTSOptions),
    Ours(Box<Searcher<Board>>),
}

/// Our search's move within `time`; records its iterations per second.
fn our_move(
    search: &mut Searcher<Board>,
    board: &Board,
    time: Duration,
    rates: &mut Vec<f64>,
) -> u8 {
    let result = search
        .search(
            board,
            &ThreatEvaluator,
            &Limits::time(time, time),
            &[],
            |_| {},
        )
        .expect("the match only searches positions that are not over");
    rates.push(result.iterations as f64 / result.time.as_secs_f64());
    result.best_move
}

/// Plays one game from `opening`; returns our points, recording our iterations per second.
fn play(
    opening: &str,
    ours_first: bool,
    ours: &mut Searcher<Board>,
    opponent: &mut Opponent,
    time: Duration,
    rates: &mut Vec<f64>,
) -> f64 {
    use minimax::Strategy;
    let mut board: Board = opening.parse().expect("the openings are legal");
    ours.clear();
    let mut minimax = match opponent {
        Opponent::Minimax(options) => {
            let mut search =
                minimax::MonteCarloTreeSearch::<MinimaxFour<false>>::new(options.clone());
            search.set_timeout(time);
            Some(search)
        }
        Opponent::Ours(search) => {
            search.clear();
            None
        }
    };
    let mut their_rates = Vec::new();
    let our_player = if ours_first { 0 } else { 1 };
    loop {
        if let Some(outcome) = board.outcome_by_rule() {
            return match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(player) if player == our_player => 1.0,
                Outcome::Win(_) => 0.0,
            };
        }
        let column = if board.player_to_move() == our_player {
            our_move(ours, &board, time, rates)
        } else {
            match (&mut minimax, &mut *opponent) {
                (Some(search), _) => search
                    .choose_move(&board)
                    .expect("the match only searches positions that are not over"),
                (None, Opponent::Ours(search)) => our_move(search, &board, time, &mut their_rates),
                (None, Opponent::Minimax(_)) => unreachable!("minimax's search is made above"),
            }
        };
        assert!(
            board.can_play(column),
            "an engine chose the illegal column {column}"
        );
        board.play(column);
    }
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let config = match our_config(&options.ours, options.exploration) {
        Ok(config) => config
            .with_prior_weight(options.prior)
            .with_eval_scale(options.scale),
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let minimax_options = minimax::MCTSOptions::default()
        .with_num_threads(options.threads)
        .with_rollouts_before_expanding(options.minimax_expand);
    let time = Duration::from_millis(options.ms);
    let openings = openings(options.plies);
    println!(
        "Connect Four 7x6, {} ms per move, {} thread(s) each, {} openings of {} plies x 2 colours; \
         ours: {} (c = {}, prior weight {}, scale {}), minimax: {} rollouts before expanding",
        options.ms,
        options.threads,
        openings.len(),
        options.plies,
        options.ours,
        options.exploration,
        options.prior,
        options.scale,
        options.minimax_expand
    );
    let start = Instant::now();
    let mut opponent = if options.against_ourselves {
        Opponent::Ours(Box::new(monte_carlo(config.clone(), 1)))
    } else {
        Opponent::Minimax(minimax_options)
    };
    let their_name = if options.against_ourselves {
        "plyforge mcts with one thread"
    } else {
        "minimax mcts"
    };
    let mut ours = monte_carlo(config, options.threads);
    let mut points = Vec::new();
    let mut rates = Vec::new();
    let bar = progress::bar(2 * openings.len() as u64, "games");
    for opening in &openings {
        for ours_first in [true, false] {
            points.push(play(
                opening,
                ours_first,
                &mut ours,
                &mut opponent,
                time,
                &mut rates,
            ));
            bar.inc(1);
            bar.set_message(MatchScore::new(points.clone()).to_string());
        }
    }
    bar.finish_and_clear();
    rates.sort_by(f64::total_cmp);
    println!(
        "plyforge mcts against {their_name}: {}; our median iterations per second {:.0} ({:.0} s)",
        MatchScore::new(points),
        rates.get(rates.len() / 2).copied().unwrap_or(0.0),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
