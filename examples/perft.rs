//! Perft and divide for any Plyforge game, through the generic perft of `plyforge-search`.
//!
//! ```text
//! cargo run --release --example perft -- <game> "<position>" <depth>
//! cargo run --release --example perft -- chess startpos 6
//! cargo run --release --example perft -- sternhalma start3 4
//! ```
//! `start` (or `startpos`) names each game's start position; Sternhalma's is for two players,
//! and `start3`, `start4` and `start6` name the others. The divide streams: `<move>: <count>`
//! as each root move is counted (with a progress bar and the time left on a terminal), then
//! `Nodes searched: <N>`, the time and the speed in million nodes per second.

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::{Game, divide, perft};
use plyforge::sternhalma::PlayerCount;
use std::fmt::Display;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

/// The games this example knows, with the name that selects each.
const GAMES: &[&str] = &["chess", "tictacchess", "sternhalma"];

/// The answer to `--help`.
const USAGE: &str = "\
usage: perft <game> \"<position>\"|start <depth>
Perft with a divide for any Plyforge game: chess (a FEN), tictacchess (\"4/4/4/4 w PNBRpnbr ns\"),
sternhalma (the rules page's notation; start3, start4 and start6 for more players).
example: perft chess startpos 6";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let [game, position, depth] = args.as_slice() else {
        eprintln!("error: perft takes three arguments\n{USAGE}");
        return ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("depth must be a whole number, got {depth:?}");
        return ExitCode::FAILURE;
    };
    let result = match game.as_str() {
        "chess" => run(parse(position, plyforge::chess::Board::default), depth),
        "tictacchess" => run(
            parse(position, plyforge::tictacchess::TicTacChess::new),
            depth,
        ),
        "sternhalma" => run(sternhalma(position), depth),
        _ => Err(format!(
            "unknown game {game:?} (games: {})",
            GAMES.join(", ")
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `position` parsed as a `G`, or the game's start for `start`/`startpos`.
fn parse<G>(position: &str, start: fn() -> G) -> Result<G, String>
where
    G: FromStr,
    G::Err: Display,
{
    match position {
        "start" | "startpos" => Ok(start()),
        _ => position
            .parse()
            .map_err(|error: G::Err| format!("bad position: {error}")),
    }
}

/// A Sternhalma position: `start`, `startpos` or `startN` for N players, or the notation.
fn sternhalma(position: &str) -> Result<plyforge::sternhalma::Position, String> {
    let players = match position {
        "start" | "startpos" => Some("2"),
        _ => position.strip_prefix("start"),
    };
    match players {
        Some(count) => {
            let players: PlayerCount = count
                .parse()
                .map_err(|error| format!("bad start position {position:?}: {error}"))?;
            Ok(plyforge::sternhalma::Position::new(players))
        }
        None => parse(position, || {
            unreachable!("start positions are handled above")
        }),
    }
}

/// Prints the divide of `game` one root move at a time, then the totals.
fn run<G>(game: Result<G, String>, depth: u32) -> Result<(), String>
where
    G: Game,
    G::Move: Display,
{
    let game = game?;
    let start = Instant::now();
    let mut nodes = 0;
    if depth == 0 {
        nodes = 1;
    } else {
        let root_moves = divide(&game, 1);
        let progress = ProgressBar::new(root_moves.len() as u64).with_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} root moves, {eta} left")
                .expect("a valid template"),
        );
        for (mv, _) in root_moves {
            let mut child = game.clone();
            child.play(mv);
            let count = perft(&child, depth - 1);
            progress.suspend(|| println!("{mv}: {count}"));
            progress.inc(1);
            nodes += count;
        }
        progress.finish_and_clear();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!();
    println!("Nodes searched: {nodes}");
    println!(
        "Time: {:.3} s, {:.1} Mnps",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
