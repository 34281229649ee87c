//! Self-play: the TicTacChess AI against itself at two strengths, a match of the search crate's
//! [`Arena`]: each short random opening played once with each colour, games on `--threads`
//! threads, and the table of results with 95 % intervals.
//!
//! ```text
//! cargo run --release --example tictacchess_selfplay -- [--games 1000] [--strong 4] [--weak 2]
//!     [--opening 2] [--limit 100] [--seed 1] [--threads 2]
//!     [--ms M] [--strong-config NAME] [--weak-config NAME]
//! ```
//! `--ms` gives both sides `M` milliseconds a move instead of the depths; the configurations
//! (`default`, `exact`, `selective`, `plain` alpha-beta, `mcts`, `mcts-decisive`, or
//! `recommended`: the crate's [`search_config`] for alpha-beta) compare settings at equal time.

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::mcts::MctsConfig;
use plyforge::search::{Algorithm, Config};
use plyforge::search::{
    Arena, Entrant, Game, GameRecord, Opening, Player, RandomPlayer, wilson_interval,
};
use plyforge::tictacchess::{
    AI_TT_MIB, Ai, Evaluation, Move, Strength, TicTacChess, search_config,
};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess_selfplay [--games N] [--strong DEPTH] [--weak DEPTH] [--opening PLIES]
                            [--limit PLIES] [--seed N] [--threads N]
                            [--ms M] [--strong-config NAME] [--weak-config NAME]
The TicTacChess AI against itself at two search depths (defaults: 1000 games, depths 4 and 2,
2 random opening plies, a 100-ply move limit, seed 1), colours alternating; prints the table
of results. --ms gives both sides M ms a move instead; a configuration is recommended (the
default), default, exact, selective, plain, mcts or mcts-decisive.";

/// The search configuration called `name` on the command line.
fn config(name: &str) -> Result<Config, String> {
    let monte_carlo = Config::default().with_algorithm(Algorithm::MonteCarlo);
    Ok(match name {
        "recommended" => search_config(Algorithm::AlphaBeta),
        "default" => Config::default(),
        "exact" => Config::exact(),
        "selective" => Config::selective(),
        "plain" => Config::plain(),
        "mcts" => monte_carlo,
        "mcts-decisive" => monte_carlo.with_mcts(MctsConfig::default().with_decisive_moves(true)),
        _ => return Err(format!("unknown configuration {name:?}")),
    }
    .with_tt_mib(AI_TT_MIB))
}

/// The settings, from the command line.
struct Options {
    games: u32,
    strong: u32,
    weak: u32,
    opening: u32,
    limit: u32,
    seed: u64,
    threads: usize,
    /// Milliseconds a move for both sides instead of the depths (0: the depths).
    ms: u64,
    strong_config: Config,
    weak_config: Config,
    /// The configurations' names, for the heading.
    config_names: [String; 2],
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        strong: 4,
        weak: 2,
        opening: 2,
        limit: 100,
        seed: 1,
        threads: 2,
        ms: 0,
        strong_config: config("recommended")?,
        weak_config: config("recommended")?,
        config_names: ["recommended".into(), "recommended".into()],
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{what} must be a whole number, got {value:?}"))
        };
        let small = |what: &str| -> Result<u32, String> {
            u32::try_from(number(what)?).map_err(|_| format!("{what} is too large"))
        };
        match flag.as_str() {
            "--games" => options.games = small("--games")?,
            "--strong" => options.strong = small("--strong")?,
            "--weak" => options.weak = small("--weak")?,
            "--opening" => options.opening = small("--opening")?,
            "--limit" => options.limit = small("--limit")?,
            "--seed" => options.seed = number("--seed")?,
            "--threads" => options.threads = small("--threads")? as usize,
            "--ms" => options.ms = number("--ms")?,
            "--strong-config" => {
                options.strong_config = config(&value)?;
                options.config_names[0] = value;
            }
            "--weak-config" => {
                options.weak_config = config(&value)?;
                options.config_names[1] = value;
            }
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    if options.strong == 0 || options.weak == 0 {
        return Err("depths start at 1".into());
    }
    Ok(options)
}

/// One row of the table: the stronger side's results in `games`.
fn row(name: &str, games: &[&GameRecord<Move>]) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in games {
        match game.winner() {
            Some(STRONG) => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    let count = games.len();
    let (low, high) = wilson_interval(wins as f64 + draws as f64 / 2.0, count as f64);
    let score = (wins as f64 + draws as f64 / 2.0) / count.max(1) as f64;
    println!(
        "{name:<22} {count:>6} {wins:>6} {draws:>6} {losses:>6} {:>7.1}% [{:.1}, {:.1}]",
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
}

/// The stronger entrant's index.
const STRONG: usize = 0;

/// `games / 2` openings of `plies` random plies each (each is played with both colours).
fn openings(options: &Options) -> Vec<Opening<TicTacChess>> {
    let start = TicTacChess::new().with_move_limit(Some(options.limit));
    let mut random = RandomPlayer::new(options.seed);
    (0..options.games.div_ceil(2))
        .map(|_| {
            let mut opening = Opening::position(start);
            for _ in 0..options.opening {
                if opening.position.outcome().is_some() {
                    break;
                }
                let mv = random
                    .choose(&opening.position, &opening.history)
                    .expect("a position that goes on has a move");
                opening.history.push(opening.position.hash());
                opening.position.play(mv);
            }
            opening
        })
        .filter(|opening| opening.position.outcome().is_none())
        .collect()
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let (strong, weak) = if options.ms > 0 {
        let time = Strength::Time(Duration::from_millis(options.ms));
        (time, time)
    } else {
        (
            Strength::Depth(options.strong),
            Strength::Depth(options.weak),
        )
    };
    let (strong_config, weak_config) = (&options.strong_config, &options.weak_config);
    let arena = Arena::new(vec![
        Entrant::new("strong", move |_| {
            Ai::with_config(strong, strong_config.clone(), Evaluation::default())
        }),
        Entrant::new("weak", move |_| {
            Ai::with_config(weak, weak_config.clone(), Evaluation::default())
        }),
    ])
    .with_openings(openings(&options))
    .with_threads(options.threads);
    let [strong_name, weak_name] = &options.config_names;
    let sides = if options.ms > 0 {
        format!(
            "{strong_name} (strong) against {weak_name} (weak), {} ms a move",
            options.ms
        )
    } else {
        format!(
            "depth {} {strong_name} (strong) against depth {} {weak_name} (weak)",
            options.strong, options.weak
        )
    };
    println!(
        "{} games, {sides}, {} random opening plies, move limit {} plies",
        arena.game_count(),
        options.opening,
        options.limit
    );
    let start = Instant::now();
    let progress = ProgressBar::new(arena.game_count() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg}, {eta} left")
            .expect("a valid template"),
    );
    let result = match arena.run(|so_far| {
        progress.inc(1);
        progress.set_message(format!(
            "strong side {:.1}%",
            100.0 * so_far.standings[STRONG].score()
        ));
    }) {
        Ok(result) => result,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    progress.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    println!();
    println!(
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>8}",
        "strong side", "games", "wins", "draws", "losses", "score"
    );
    let white = STRONG;
    let seated = |seat: usize| -> Vec<&GameRecord<Move>> {
        result
            .games
            .iter()
            .filter(|game| game.seating[seat] == STRONG)
            .collect()
    };
    row("as White", &seated(white));
    row("as Black", &seated(1 - white));
    row("total", &result.games.iter().collect::<Vec<_>>());
    let total = &result.standings[STRONG];
    println!();
    println!("the stronger side: {total} in {seconds:.1} s");
    // Only a deeper search on the same settings has to score better.
    let deeper = options.ms == 0 && options.strong > options.weak && strong_name == weak_name;
    if !deeper || total.score() > 0.5 {
        ExitCode::SUCCESS
    } else {
        eprintln!("the stronger side did not score better");
        ExitCode::FAILURE
    }
}
