//! Self-play: the TicTacChess AI against itself at two strengths, colours alternating, each game
//! from a short random opening, and the table of results.
//!
//! ```text
//! cargo run --release --example tictacchess_selfplay -- [--games 1000] [--strong 4] [--weak 2]
//!     [--opening 2] [--limit 100] [--seed 1]
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::tictacchess::selfplay::{Series, Tally, play_series};
use plyforge::tictacchess::{Ai, Strength};
use std::process::ExitCode;
use std::time::Instant;

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess_selfplay [--games N] [--strong DEPTH] [--weak DEPTH] [--opening PLIES]
                            [--limit PLIES] [--seed N]
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
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        strong: 4,
        weak: 2,
        opening: 2,
        limit: 100,
        seed: 1,
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
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    if options.strong == 0 || options.weak == 0 {
        return Err("depths start at 1".into());
    }
    Ok(options)
}

fn row(name: &str, tally: Tally) {
    println!(
        "{name:<22} {:>6} {:>6} {:>6} {:>6} {:>7.1}%",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score()
    );
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
    let mut strong = Ai::new(Strength::Depth(options.strong));
    let mut weak = Ai::new(Strength::Depth(options.weak));
    let series = Series {
        games: options.games,
        opening_plies: options.opening,
        move_limit: options.limit,
        seed: options.seed,
    };
    println!(
        "{} games, depth {} (strong) against depth {} (weak), {} random opening plies, move limit {} plies",
        options.games, options.strong, options.weak, options.opening, options.limit
    );
    let start = Instant::now();
    let progress = ProgressBar::new(u64::from(options.games)).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg}, {eta} left")
            .expect("a valid template"),
    );
    let result = play_series(&mut strong, &mut weak, series, |so_far| {
        progress.inc(1);
        progress.set_message(format!(
            "strong side {:.1}%",
            100.0 * so_far.total().score()
        ));
    });
    progress.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    println!();
    println!(
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>8}",
        "strong side", "games", "wins", "draws", "losses", "score"
    );
    row("as White", result.as_white);
    row("as Black", result.as_black);
    row("total", result.total());
    let total = result.total();
    println!();
    println!(
        "the stronger side scores {:.1}% ({} wins, {} losses) in {seconds:.1} s",
        100.0 * total.score(),
        total.wins,
        total.losses
    );
    if total.score() > 0.5 {
        ExitCode::SUCCESS
    } else {
        eprintln!("the stronger side did not score better");
        ExitCode::FAILURE
    }
}
