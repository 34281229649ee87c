//! Self-play: the TicTacChess AI against itself at two strengths, a match of the search crate's
//! [`Arena`]: each short random opening played once with each colour, games on `--threads`
//! threads, and the table of results with 95 % intervals.
//!
//! ```text
//! cargo run --release --example tictacchess_selfplay -- [--games 1000] [--strong 4] [--weak 2]
//!     [--opening 2] [--limit 100] [--seed 1] [--threads 2]
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::{
    Arena, Entrant, Game, GameRecord, Opening, Player, RandomPlayer, wilson_interval,
};
use plyforge::tictacchess::{Ai, Move, Strength, TicTacChess};
use std::process::ExitCode;
use std::time::Instant;

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess_selfplay [--games N] [--strong DEPTH] [--weak DEPTH] [--opening PLIES]
                            [--limit PLIES] [--seed N] [--threads N]
The TicTacChess AI against itself at two search depths (defaults: 1000 games, depths 4 and 2,
2 random opening plies, a 100-ply move limit, seed 1), colours alternating; prints the table
of results.";

/// The settings, from the command line.
struct Options {
    games: u32,
    strong: u32,
    weak: u32,
    opening: u32,
    limit: u32,
    seed: u64,
    threads: usize,
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
    let (strong_depth, weak_depth) = (options.strong, options.weak);
    let arena = Arena::new(vec![
        Entrant::new("strong", move |_| Ai::new(Strength::Depth(strong_depth))),
        Entrant::new("weak", move |_| Ai::new(Strength::Depth(weak_depth))),
    ])
    .with_openings(openings(&options))
    .with_threads(options.threads);
    println!(
        "{} games, depth {} (strong) against depth {} (weak), {} random opening plies, move limit {} plies",
        arena.game_count(),
        options.strong,
        options.weak,
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
    if total.score() > 0.5 {
        ExitCode::SUCCESS
    } else {
        eprintln!("the stronger side did not score better");
        ExitCode::FAILURE
    }
}
