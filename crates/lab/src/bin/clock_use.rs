//! How a UCI engine spends its clock: games of the engine against itself (two processes) at a
//! time control, clocks kept here by wall time as a GUI keeps them, from the openings of an EPD
//! file. Prints per game the time the first 20 moves of each side took, the lowest clock and
//! the longest move, and in all the time losses.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin clock_use -- target/release/plyforge 5+0.05 crates/lab/data/openings-8ply.epd 4 [overhead=MS]
//! ```
//!
//! `overhead=MS` sets the engines' `Move Overhead` option to MS milliseconds.

use plyforge_chess::{Board, Epd, GameHistory};
use plyforge_lab::uci_process::UciProcess;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Plies after which a game is stopped (adjudicated as unfinished).
const MAX_PLIES: usize = 300;
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: clock_use <engine> <base+increment seconds> <openings.epd> <games> \
                     [overhead=MS]";

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, control, openings, games, overhead) = match args.as_slice() {
        [path, control, openings, games] => (path, control, openings, games, None),
        [path, control, openings, games, option] => {
            match option.strip_prefix("overhead=").map(str::parse::<u64>) {
                Some(Ok(ms)) => (path, control, openings, games, Some(ms)),
                _ => {
                    eprintln!("{USAGE}");
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let Some((base, increment)) = control.split_once('+').and_then(|(b, i)| {
        Some((
            Duration::from_secs_f64(b.parse().ok()?),
            Duration::from_secs_f64(i.parse().ok()?),
        ))
    }) else {
        eprintln!("a time control is base+increment in seconds, such as 5+0.05");
        return ExitCode::FAILURE;
    };
    let games: usize = games.parse().unwrap_or(2);
    let openings: Vec<Board> = std::fs::read_to_string(openings)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.parse::<Epd>().ok().map(|epd| epd.board))
        .take(games)
        .collect();
    if openings.is_empty() {
        eprintln!("no openings read");
        return ExitCode::FAILURE;
    }
    let mut engines =
        [UciProcess::start(path), UciProcess::start(path)].map(|e| e.expect("the engine starts"));
    if let Some(ms) = overhead {
        for engine in &mut engines {
            engine.send(&format!("setoption name Move Overhead value {ms}"));
        }
    }
    let mut losses = 0;
    for (game, opening) in openings.iter().enumerate() {
        for engine in &mut engines {
            engine.send("ucinewgame");
            engine.send("isready");
            engine.wait_for("readyok", Duration::from_secs(10));
        }
        let mut history = GameHistory::new(*opening);
        let mut moves: Vec<String> = Vec::new();
        let mut clocks = [base, base];
        let (mut first_twenty, mut lowest, mut longest) =
            ([Duration::ZERO; 2], base, Duration::ZERO);
        let mut lost = None;
        while history.outcome_with_claims().is_none() && moves.len() < MAX_PLIES {
            let side = moves.len() % 2;
            let [w, b] = if history.board().side_to_move() == opening.side_to_move() {
                if side == 0 {
                    [clocks[0], clocks[1]]
                } else {
                    [clocks[1], clocks[0]]
                }
            } else if side == 0 {
                [clocks[1], clocks[0]]
            } else {
                [clocks[0], clocks[1]]
            };
            let engine = &mut engines[side];
            engine.send(&format!("position fen {opening} moves {}", moves.join(" ")));
            let started = Instant::now();
            engine.send(&format!(
                "go wtime {} btime {} winc {} binc {}",
                w.as_millis(),
                b.as_millis(),
                increment.as_millis(),
                increment.as_millis()
            ));
            let Some((_, line)) =
                engine.wait_for("bestmove", clocks[side] + Duration::from_secs(2))
            else {
                lost = Some(side);
                break;
            };
            let used = started.elapsed();
            if used > clocks[side] {
                lost = Some(side);
                break;
            }
            clocks[side] = clocks[side] - used + increment;
            lowest = lowest.min(clocks[side]);
            longest = longest.max(used);
            if moves.len() < 40 {
                first_twenty[side] += used;
            }
            let mv = line.split_whitespace().nth(1).unwrap_or("0000").to_string();
            if history.play_uci(&mv).is_err() {
                eprintln!("game {game}: illegal move {mv}");
                break;
            }
            moves.push(mv);
        }
        losses += usize::from(lost.is_some());
        println!(
            "game {:>3}: {:>3} plies, first 20 moves {:.2} s / {:.2} s, lowest clock {:.2} s, longest move {:.2} s{}",
            game + 1,
            moves.len(),
            first_twenty[0].as_secs_f64(),
            first_twenty[1].as_secs_f64(),
            lowest.as_secs_f64(),
            longest.as_secs_f64(),
            if lost.is_some() { ", LOST ON TIME" } else { "" }
        );
    }
    println!(
        "{} games at {control}: {losses} lost on time",
        openings.len()
    );
    ExitCode::SUCCESS
}
