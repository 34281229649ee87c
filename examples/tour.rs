//! The Plyforge tour, the project's main job: every crate at work, with the figures it measures.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//! Chess: perft from the start and a timed search. TicTacChess: a deeper AI against a shallower
//! one, to the end. Sternhalma: three players, each with a different multi-player search, to the
//! end. Runs in well under a minute.

use plyforge::chess::{Board, Evaluation, GameHistory};
use plyforge::search::Algorithm;
use plyforge::search::{Config, Limits, Outcome, Searcher, perft};
use plyforge::sternhalma::{self, PlayerCount, Position, Strategy};
use plyforge::tictacchess::{self, Match, Strength};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The answer to `--help`.
const USAGE: &str = "\
usage: tour
Every crate at work, with the figures it measures: chess perft and a timed search, a
TicTacChess game between two AIs, a three-player Sternhalma game between three multi-player
searches. Takes no arguments.";

/// Depth of the chess perft.
const CHESS_PERFT_DEPTH: u32 = 5;
/// Thinking time of the chess search.
const CHESS_SEARCH_TIME: Duration = Duration::from_secs(2);
/// Search depths of the two TicTacChess players.
const TICTACCHESS_DEPTHS: [u32; 2] = [5, 2];
/// Nodes per move for every Sternhalma player.
const STERNHALMA_NODES: u64 = 5_000;

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unexpected argument {other:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    match chess()
        .and_then(|()| tictacchess())
        .and_then(|()| sternhalma())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn chess() -> Result<(), Box<dyn std::error::Error>> {
    println!("== Chess (plyforge-chess)");
    let board = Board::default();
    let clock = Instant::now();
    let nodes = perft(&board, CHESS_PERFT_DEPTH);
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "perft {CHESS_PERFT_DEPTH} from the start: {nodes} nodes in {seconds:.3} s ({:.0} Mnps)",
        nodes as f64 / seconds / 1e6
    );
    let game = GameHistory::default();
    let mut searcher = Searcher::new(Config::default().with_tt_mib(64));
    let limits = Limits::time(CHESS_SEARCH_TIME, CHESS_SEARCH_TIME * 2);
    let result = searcher.search(
        game.board(),
        &Evaluation,
        &limits,
        game.earlier_hashes(),
        |_| {},
    )?;
    let mut line = Vec::new();
    let mut position = *game.board();
    for &mv in &result.pv {
        line.push(position.san(mv));
        position.play(mv);
    }
    println!(
        "search for {:?}: depth {}, score {} cp, {} nodes ({:.2} Mnps), line {}",
        CHESS_SEARCH_TIME,
        result.depth,
        result.score,
        result.nodes,
        result.nodes as f64 / result.time.as_secs_f64() / 1e6,
        line.join(" ")
    );
    Ok(())
}

fn tictacchess() -> Result<(), Box<dyn std::error::Error>> {
    println!("\n== TicTacChess (plyforge-tictacchess)");
    let mut game = Match::new();
    let mut players = TICTACCHESS_DEPTHS.map(|depth| tictacchess::Ai::new(Strength::Depth(depth)));
    let mut moves = Vec::new();
    while game.outcome().is_none() {
        let side = game.moves().len() % 2;
        let result = players[side].choose(&game)?;
        moves.push(result.best_move.to_string());
        game.play(result.best_move)?;
    }
    println!(
        "White (depth {}) vs Black (depth {}): {}",
        TICTACCHESS_DEPTHS[0],
        TICTACCHESS_DEPTHS[1],
        moves.join(" ")
    );
    println!("final position {}", game.position());
    println!("result: {}", describe(game.outcome(), &["White", "Black"]));
    Ok(())
}

fn sternhalma() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "\n== Sternhalma (plyforge-sternhalma), three players, {STERNHALMA_NODES} nodes a move"
    );
    let seats = [
        Strategy::Search(Algorithm::BestReply),
        Strategy::Search(Algorithm::Paranoid),
        Strategy::Search(Algorithm::MaxN),
    ];
    let mut players =
        seats.map(|algorithm| sternhalma::Ai::new(algorithm, Limits::nodes(STERNHALMA_NODES)));
    let mut position = Position::new(PlayerCount::Three);
    let clock = Instant::now();
    let mut plies = 0;
    while position.outcome().is_none() {
        let choice = players[position.to_move()].choose(&position)?;
        position.try_play(choice.mv)?;
        plies += 1;
    }
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(seat, a)| format!("player {} ({a})", seat + 1))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    println!(
        "{plies} moves in {:.1} s; result: {}",
        clock.elapsed().as_secs_f64(),
        describe(position.outcome(), &names)
    );
    println!("final position {position}");
    Ok(())
}

fn describe(outcome: Option<Outcome>, names: &[&str]) -> String {
    match outcome {
        Some(Outcome::Win(player)) => format!("{} wins", names[player]),
        Some(Outcome::Draw) => "draw".to_string(),
        None => "unfinished".to_string(),
    }
}
