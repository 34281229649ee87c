//! A match on the classic 7x6 Connect Four board: Monte Carlo tree search against alpha-beta,
//! both with the Connect Four crate's threat evaluation, at equal time per move. Every opening
//! of `--plies` plies (7 of one ply, 49 of two) is played once with each engine moving first,
//! games on `--threads` threads, a match of the search crate's [`Arena`]. Prints each engine's
//! score with its 95 % interval, wins, draws and losses.
//!
//! ```text
//! cargo run --release --example connect_four_match -- [--ms 100] [--plies 2] [--threads 2]
//!     [--decisive 0|1] [--tt-mib 16]
//! ```
//! `--decisive 1` has Monte Carlo tree search's rollouts take a winning move and block a
//! losing one (decisive and anti-decisive moves).

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::mcts::MctsConfig;
use plyforge::search::{Algorithm, Arena, Config, Entrant, Limits, Opening, SearchPlayer};
use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
use std::process::ExitCode;
use std::time::{Duration, Instant};

type Board = ConnectFour<Columns7x6>;

/// The columns of the board.
const COLUMNS: u8 = 7;

/// Settings from the command line.
struct Options {
    ms: u64,
    plies: u32,
    threads: usize,
    decisive: bool,
    tt_mib: usize,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        ms: 100,
        plies: 2,
        threads: 2,
        decisive: false,
        tt_mib: 16,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{flag} wants a whole number, got {value:?}"))
        };
        match flag.as_str() {
            "--ms" => options.ms = number()?.max(1),
            "--plies" => options.plies = number()?.min(4) as u32,
            "--threads" => options.threads = number()?.max(1) as usize,
            "--decisive" => options.decisive = number()? != 0,
            "--tt-mib" => options.tt_mib = number()?.max(1) as usize,
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(options)
}

const USAGE: &str = "usage: connect_four_match [--ms 100] [--plies 2] [--threads 2] \
                     [--decisive 0|1] [--tt-mib 16]";

/// Every line of `plies` columns from the empty board that leaves the game going.
fn openings(plies: u32) -> Vec<Opening<Board>> {
    let mut lines: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..plies {
        lines = lines
            .into_iter()
            .flat_map(|line| {
                (0..COLUMNS).map(move |column| {
                    let mut longer = line.clone();
                    longer.push(column);
                    longer
                })
            })
            .collect();
    }
    lines
        .iter()
        .filter_map(|line| Opening::line(&Board::new(), line).ok())
        .collect()
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let time = Duration::from_millis(options.ms);
    let limits = Limits::time(time, time);
    let mcts = Config::default()
        .with_algorithm(Algorithm::MonteCarlo)
        .with_mcts(MctsConfig::default().with_decisive_moves(options.decisive));
    let alphabeta = Config::default().with_tt_mib(options.tt_mib);
    let arena = Arena::new(vec![
        Entrant::new("mcts", |_| {
            SearchPlayer::new(mcts.clone(), ThreatEvaluator, limits.clone())
        }),
        Entrant::new("alpha-beta", |_| {
            SearchPlayer::new(alphabeta.clone(), ThreatEvaluator, limits.clone())
        }),
    ])
    .with_openings(openings(options.plies))
    .with_threads(options.threads);
    println!(
        "Connect Four 7x6, Monte Carlo tree search{} against alpha-beta ({} MiB), {} ms a move, \
         {} games ({}-ply openings, each with both engines first), {} threads",
        if options.decisive {
            " with decisive rollout moves"
        } else {
            ""
        },
        options.tt_mib,
        options.ms,
        arena.game_count(),
        options.plies,
        options.threads
    );
    let clock = Instant::now();
    let bar = ProgressBar::new(arena.game_count() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg}, {eta} left")
            .expect("a valid template"),
    );
    let result = arena.run(|progress| {
        bar.inc(1);
        bar.set_message(format!(
            "mcts {:.1} %",
            100.0 * progress.standings[0].score()
        ));
    });
    bar.finish_and_clear();
    let result = match result {
        Ok(result) => result,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    for standing in &result.standings {
        println!("{standing}");
    }
    println!("in {:.0} s", clock.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
