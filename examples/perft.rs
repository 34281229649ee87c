//! Perft and divide for any Plyforge game, through the generic perft of `plyforge-search`.
//!
//! ```text
//! cargo run --release --example perft -- <game> "<position>" <depth>
//! ```
//! prints `<move>: <count>` for every root move, then `Nodes searched: <N>`, then the time and
//! the speed in million nodes per second.

use plyforge::search::{Game, divide};
use std::fmt::Display;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

/// The games this example knows, with the name that selects each.
const GAMES: &[&str] = &["chess", "tictacchess", "sternhalma"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, position, depth] = args.as_slice() else {
        eprintln!(
            "usage: perft <game> \"<position>\" <depth>   (games: {})",
            GAMES.join(", ")
        );
        return ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("depth must be a whole number, got {depth:?}");
        return ExitCode::FAILURE;
    };
    let result = match game.as_str() {
        "chess" => run::<plyforge::chess::Board>(position, depth),
        "tictacchess" => run::<plyforge::tictacchess::TicTacChess>(position, depth),
        "sternhalma" => run::<plyforge::sternhalma::Position>(position, depth),
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

/// Parses `position` as a `G`, prints the divide and the totals.
#[allow(dead_code)]
fn run<G>(position: &str, depth: u32) -> Result<(), String>
where
    G: Game + FromStr,
    G::Err: Display,
    G::Move: Display,
{
    let game: G = position
        .parse()
        .map_err(|error: G::Err| format!("bad position: {error}"))?;
    let start = Instant::now();
    let split = divide(&game, depth.max(1));
    let elapsed = start.elapsed();
    let mut nodes = 0;
    for (mv, count) in &split {
        let count = if depth == 0 { 1 } else { *count };
        println!("{mv}: {count}");
        nodes += count;
    }
    if depth == 0 {
        nodes = 1;
    }
    let seconds = elapsed.as_secs_f64();
    println!();
    println!("Nodes searched: {nodes}");
    println!(
        "Time: {:.3} s, {:.1} Mnps",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
