//! Connect Four on the classic 7x6 board against the `plyforge-search` engine, or an analysis
//! of a position.
//!
//! ```text
//! cargo run --release --example connect_four                  # play (you move first)
//! cargo run --release --example connect_four -- play second   # play, the engine moves first
//! cargo run --release --example connect_four -- analyse 4453 [depth]
//! ```
//!
//! Positions are the columns played from the empty board, 1-based (`4453`). While playing,
//! type a column number, `undo`, `hint`, or `quit`.

use plyforge::search::score::plies_to_end;
use plyforge::search::{Config, Game, Info, Limits, Outcome, Score, SearchResult, Searcher};
use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

type Board = ConnectFour<Columns7x6>;

/// The engine's thinking time per move when playing.
const MOVE_TIME: Duration = Duration::from_millis(1000);
/// The default analysis depth.
const ANALYSIS_DEPTH: u32 = 18;
/// The players' names: their stones on the board (X moves first).
const NAMES: [&str; 2] = ["X", "O"];

/// The answer to `--help`.
const USAGE: &str = "\
usage: connect_four [play [second]]
       connect_four analyse <columns> [depth]
Connect Four on the 7x6 board: play against the engine (you are X and move first; with
`second` the engine does; type a column, undo, hint or quit), or analyse a position given as
the columns played from the empty board, 1-based (4453), to a depth (default 18).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["--help" | "-h" | "help"] => {
            println!("{USAGE}");
            Ok(())
        }
        [] | ["play"] => play(false),
        ["play", "second"] => play(true),
        ["analyse" | "analyze", position] => analyse(position, ANALYSIS_DEPTH),
        ["analyse" | "analyze", position, depth] => match depth.parse() {
            Ok(depth) => analyse(position, depth),
            Err(_) => Err(format!("depth must be a whole number, got {depth:?}")),
        },
        _ => Err(format!("unexpected arguments {args:?}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A score of `player` (the player to move) in words: who wins in how many of their own moves,
/// or the evaluation for `player`.
fn describe(score: Score, player: usize) -> String {
    let stones = |count: i32| match count {
        1 => "with the next move".to_string(),
        count => format!("in {count} moves"),
    };
    match plies_to_end(score) {
        Some(plies) if plies > 0 => format!("{} wins {}", NAMES[player], stones((plies + 1) / 2)),
        Some(plies) => format!("{} wins {}", NAMES[1 - player], stones(-plies / 2)),
        None => format!("eval {score:+} for {}", NAMES[player]),
    }
}

/// What a search found for `player` (the player to move), in words: a proven draw, or its
/// score as [`describe`] says it (a win or loss is proven as soon as it is found).
fn describe_result(result: &SearchResult<u8>, player: usize) -> String {
    match result.proven {
        Some(Outcome::Draw) => "a draw with best play, proven".to_string(),
        _ => describe(result.score, player),
    }
}

/// The end of the game in words, with `engine` the engine's player (if it plays).
fn describe_end(outcome: Outcome, engine: Option<usize>) -> String {
    match (outcome, engine) {
        (Outcome::Win(winner), Some(engine)) if winner == engine => {
            format!("the engine ({}) wins with four in a row", NAMES[winner])
        }
        (Outcome::Win(winner), Some(_)) => {
            format!("you ({}) win with four in a row", NAMES[winner])
        }
        (Outcome::Win(winner), None) => format!("{} wins with four in a row", NAMES[winner]),
        (Outcome::Draw, _) => "a draw: the board is full".to_string(),
    }
}

fn print_info(player: usize, info: &Info<'_, u8>) {
    let pv: Vec<String> = info.pv.iter().map(|c| (c + 1).to_string()).collect();
    println!(
        "depth {:2} seldepth {:2} score {:>16} nodes {:>10} nps {:>9} hashfull {:4} pv {}",
        info.depth,
        info.seldepth,
        describe(info.score, player),
        info.nodes,
        info.nps,
        info.hashfull,
        pv.join(" ")
    );
}

/// Every technique and a 64 MiB table. (The table's buckets are prefetched for every
/// child, so a cache-resident part for shallow results would gain nothing.)
fn engine_config() -> Config {
    Config::default().with_tt_mib(64)
}

fn analyse(position: &str, depth: u32) -> Result<(), String> {
    let game: Board = position.parse().map_err(|e| format!("bad position: {e}"))?;
    let player = game.player_to_move();
    println!("{game}\n{} stones played\n", game.stones());
    if let Some(outcome) = game.outcome() {
        println!("the game is over: {}", describe_end(outcome, None));
        return Ok(());
    }
    println!("{} to move", NAMES[player]);
    let mut searcher = Searcher::new(engine_config());
    let result = searcher
        .search(
            &game,
            &ThreatEvaluator,
            &Limits::depth(depth),
            &[],
            |info| print_info(player, info),
        )
        .map_err(|e| e.to_string())?;
    println!(
        "best column {} ({}), {} nodes in {:.2?}",
        result.best_move + 1,
        describe_result(&result, player),
        result.nodes,
        result.time
    );
    Ok(())
}

fn play(engine_first: bool) -> Result<(), String> {
    let mut searcher = Searcher::new(engine_config());
    let engine = if engine_first { 0 } else { 1 };
    let mut history: Vec<Board> = vec![Board::new()];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let game = *history
            .last()
            .expect("the history starts with the empty board");
        println!("\n{game}\n");
        if let Some(outcome) = game.outcome() {
            println!("game over: {}", describe_end(outcome, Some(engine)));
            return Ok(());
        }
        if game.player_to_move() == engine {
            let result = searcher
                .search(
                    &game,
                    &ThreatEvaluator,
                    &Limits::time(MOVE_TIME / 2, MOVE_TIME),
                    &[],
                    |_| {},
                )
                .map_err(|e| e.to_string())?;
            println!(
                "engine ({}) plays {} ({}, depth {}, {} nodes)",
                NAMES[engine],
                result.best_move + 1,
                describe_result(&result, engine),
                result.depth,
                result.nodes
            );
            let mut next = game;
            next.play(result.best_move);
            history.push(next);
            continue;
        }
        print!("your move (1-7, undo, hint, quit): ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line.map_err(|e| e.to_string())?;
        match line.trim() {
            "quit" | "q" => return Ok(()),
            "undo" => {
                // Take back the engine's reply and your move.
                if history.len() > 2 {
                    history.truncate(history.len() - 2);
                } else {
                    println!("nothing to undo");
                }
            }
            "hint" => analyse_quietly(&mut searcher, &game)?,
            text => match text.parse::<u8>() {
                Ok(column @ 1..=7) if game.can_play(column - 1) => {
                    let mut next = game;
                    next.play(column - 1);
                    history.push(next);
                }
                Ok(column @ 1..=7) => println!("column {column} is full"),
                _ => println!("type a column number from 1 to 7, undo, hint or quit"),
            },
        }
    }
}

fn analyse_quietly(searcher: &mut Searcher<Board>, game: &Board) -> Result<(), String> {
    let result = searcher
        .search(
            game,
            &ThreatEvaluator,
            &Limits::time(MOVE_TIME / 2, MOVE_TIME),
            &[],
            |_| {},
        )
        .map_err(|e| e.to_string())?;
    println!(
        "hint: column {} ({})",
        result.best_move + 1,
        describe_result(&result, game.player_to_move())
    );
    Ok(())
}
