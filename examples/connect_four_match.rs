//! A match on the classic 7x6 Connect Four board: Monte Carlo tree search against alpha-beta,
//! both with the Connect Four crate's threat evaluation, at equal time per move. Every opening
//! of `--plies` plies (7 of one ply, 49 of two) is played once with each engine moving first,
//! games on `--threads` threads, a match of the search crate's [`Arena`]. Prints each engine's
//! score with its 95 % interval, wins, draws and losses.
//!
//! ```text
//! cargo run --release --example connect_four_match -- [--ms 100] [--plies 2] [--threads 2]
//!     [--decisive 1|0] [--tt-mib 16]
//! ```
//! Both engines play the Connect Four crate's recommended settings (`search_config`): for
//! Monte Carlo tree search, rollouts that take a winning move and block a losing one (decisive
//! and anti-decisive moves); `--decisive 0` switches those off.
//!
//! `--human mcts` or `--human alpha-beta` (and `--second` to let the engine start) plays one
//! game of yours against that engine instead, at the same time a move: you are a
//! [`HumanPlayer`] of the search crate reading columns from the terminal, the engine the same
//! [`SearchPlayer`] as in the match.

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::{
    Algorithm, Arena, Entrant, Game, HumanPlayer, Limits, Opening, Outcome, Player, PlayerError,
    SearchPlayer,
};
use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator, search_config};
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
    /// The engine a person plays one game against, instead of the match.
    human: Option<Opponent>,
    /// Whether that engine moves first.
    engine_first: bool,
}

/// The engine a person plays against.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Opponent {
    Mcts,
    AlphaBeta,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        ms: 100,
        plies: 2,
        threads: 2,
        decisive: true,
        tt_mib: 16,
        human: None,
        engine_first: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Err(String::new());
        }
        if flag == "--second" {
            options.engine_first = true;
            continue;
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
            "--human" => {
                options.human = Some(match value.as_str() {
                    "mcts" => Opponent::Mcts,
                    "alpha-beta" | "alphabeta" => Opponent::AlphaBeta,
                    _ => return Err(format!("--human wants mcts or alpha-beta, got {value:?}")),
                })
            }
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(options)
}

const USAGE: &str = "\
usage: connect_four_match [--ms 100] [--plies 2] [--threads 2] [--decisive 1|0] [--tt-mib 16]
       connect_four_match --human mcts|alpha-beta [--second] [--ms 100] [--decisive 1|0]
Monte Carlo tree search against alpha-beta on every opening of --plies plies, each played
with both engines first; or one game of yours against either engine (--second: it starts).";

/// One game of a person at the terminal against `engine`: columns are typed 1 to 7.
fn play_human(mut engine: impl Player<Board>, engine_first: bool) -> Result<(), String> {
    let parse = |_: &Board, text: &str| match text.parse::<u8>() {
        Ok(column @ 1..=COLUMNS) => Ok(column - 1),
        _ => Err(format!("type a column from 1 to {COLUMNS}")),
    };
    let mut human = HumanPlayer::new(std::io::stdin().lock(), std::io::stdout(), parse)
        .with_prompt(format!(
            "your column (1-{COLUMNS}, ? lists the open ones, quit): "
        ))
        .with_move_names(|_, column| (column + 1).to_string());
    let engine_seat = usize::from(!engine_first);
    let mut game = Board::new();
    let mut history = Vec::new();
    loop {
        println!("\n{game}\n");
        match game.outcome() {
            Some(Outcome::Win(winner)) if winner == engine_seat => {
                println!("The engine wins.");
                return Ok(());
            }
            Some(Outcome::Win(_)) => {
                println!("You win.");
                return Ok(());
            }
            Some(Outcome::Draw) => {
                println!("A draw: the board is full.");
                return Ok(());
            }
            None => {}
        }
        let column = if game.player_to_move() == engine_seat {
            let column = engine.choose(&game, &history).map_err(|e| e.to_string())?;
            println!("the engine plays column {}", column + 1);
            column
        } else {
            match human.choose(&game, &history) {
                Ok(column) => column,
                Err(PlayerError::Quit | PlayerError::EndOfInput) => {
                    println!("\nYou resign: the engine wins.");
                    return Ok(());
                }
                Err(error) => return Err(error.to_string()),
            }
        };
        history.push(game.hash());
        game.play(column);
    }
}

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
    let recommended = search_config(Algorithm::MonteCarlo);
    let mcts_settings = recommended
        .mcts
        .clone()
        .with_decisive_moves(options.decisive);
    let mcts = recommended.with_mcts(mcts_settings);
    let alphabeta = search_config(Algorithm::AlphaBeta).with_tt_mib(options.tt_mib);
    if let Some(opponent) = options.human {
        let config = match opponent {
            Opponent::Mcts => mcts,
            Opponent::AlphaBeta => alphabeta,
        };
        let engine = SearchPlayer::new(config, ThreatEvaluator, limits);
        return match play_human(engine, options.engine_first) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        };
    }
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
