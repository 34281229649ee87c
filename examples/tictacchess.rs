//! Play TicTacChess against the AI in the terminal, or watch the AI play itself.
//!
//! ```text
//! cargo run --release --example tictacchess -- [--depth 5 | --time 500] [--black] [--watch]
//!     [--position "<position>"] [--limit PLIES]
//! ```
//! Type a move (`N@c3` drops a knight on c3, `b1c3` moves a piece), or `moves`, `hint`, `undo`,
//! `board`, `position`, `help`, `quit`.

use plyforge::search::score::plies_to_end;
use plyforge::search::{Outcome, Score};
use plyforge::tictacchess::{
    Ai, Color, Match, Piece, Position, REPETITION_LIMIT, Square, Strength, TicTacChess,
};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess [--depth N | --time MILLISECONDS] [--black] [--watch]
                   [--position \"<position>\"] [--limit PLIES]
TicTacChess against the AI in the terminal (you play White unless --black), or the AI
against itself (--watch). The AI searches 5 plies unless --depth or --time says otherwise.";

/// The search depth when neither `--depth` nor `--time` is given.
const DEFAULT_DEPTH: u32 = 5;

struct Options {
    strength: Strength,
    human: Option<Color>,
    start: TicTacChess,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        strength: Strength::Depth(DEFAULT_DEPTH),
        human: Some(Color::White),
        start: TicTacChess::new(),
    };
    let mut limit = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--depth" => {
                let depth: u32 = value()?
                    .parse()
                    .map_err(|_| "--depth needs a whole number".to_string())?;
                if depth == 0 {
                    return Err("--depth starts at 1".into());
                }
                options.strength = Strength::Depth(depth);
            }
            "--time" => {
                let millis: u64 = value()?
                    .parse()
                    .map_err(|_| "--time needs milliseconds".to_string())?;
                options.strength = Strength::Time(Duration::from_millis(millis.max(1)));
            }
            "--black" => options.human = Some(Color::Black),
            "--watch" => options.human = None,
            "--position" => {
                let text = value()?;
                options.start = text.parse().map_err(|e| format!("--position: {e}"))?;
            }
            "--limit" => {
                limit = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--limit needs a number of plies".to_string())?,
                );
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    options.start = options.start.with_move_limit(limit);
    Ok(options)
}

/// The board with coordinates, the hands beside it and the pawns' directions below.
fn draw(position: &Position) -> String {
    let mut text = String::from("    a b c d\n");
    for rank in (0..4u8).rev() {
        text.push_str(&format!(" {}  ", rank + 1));
        for file in 0..4u8 {
            let square = Square::new(file, rank).expect("on the board");
            let cell = match position.piece_at(square) {
                Some((color, piece)) => piece.letter_of(color),
                None => '.',
            };
            text.push(cell);
            text.push(' ');
        }
        let hand = |color: Color| -> String {
            let letters: Vec<String> = position
                .hand(color)
                .map(|p: Piece| p.letter_of(color).to_string())
                .collect();
            if letters.is_empty() {
                "-".into()
            } else {
                letters.join(" ")
            }
        };
        match rank {
            3 => text.push_str(&format!("   Black in hand: {}", hand(Color::Black))),
            0 => text.push_str(&format!("   White in hand: {}", hand(Color::White))),
            _ => {}
        }
        text.push('\n');
    }
    let way = |color| match position.pawn_direction(color) {
        plyforge::tictacchess::PawnDirection::North => "towards rank 4",
        plyforge::tictacchess::PawnDirection::South => "towards rank 1",
    };
    text.push_str(&format!(
        "    pawns: White {}, Black {}; {} to move",
        way(Color::White),
        way(Color::Black),
        position.side_to_move()
    ));
    text
}

fn describe(game: &Match, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(player) => match Color::from_index(player) {
            Some(color) => format!("{color} wins with four in a row"),
            None => "a win".into(),
        },
        Outcome::Draw if game.occurrences() >= REPETITION_LIMIT => {
            "a draw by threefold repetition".into()
        }
        Outcome::Draw if game.position().legal_moves().is_empty() => {
            "a draw: the side to move has no legal move".into()
        }
        Outcome::Draw => "a draw by the move limit".into(),
    }
}

/// A search's score in words, for `side`, the player it was searched for: who wins in how
/// many of their own moves, or the evaluation.
fn score_words(score: Score, side: Color) -> String {
    let moves = |count: i32| match count {
        1 => "1 move".to_string(),
        count => format!("{count} moves"),
    };
    match plies_to_end(score) {
        Some(plies) if plies > 0 => format!("{side} wins in {}", moves((plies + 1) / 2)),
        Some(plies) => format!("{} wins in {}", side.opponent(), moves(-plies / 2)),
        None => format!("score {score:+} for {side}"),
    }
}

const HELP: &str = "commands: a move (N@c3 drops a knight on c3, b1c3 moves a piece), \
moves (list the legal moves), hint (ask the AI), undo (take back your last move), \
board, position (the notation), help, quit";

/// The AI's move, printed; `false` if the game was already over.
fn ai_move(ai: &mut Ai, game: &mut Match) -> bool {
    match ai.choose(game) {
        Ok(result) => {
            let side = game.position().side_to_move();
            println!(
                "AI ({side}) plays {}   ({}, depth {}, {} nodes, {} ms)",
                result.best_move,
                score_words(result.score, side),
                result.depth,
                result.nodes,
                result.time.as_millis()
            );
            game.play(result.best_move)
                .expect("the search returns legal moves");
            true
        }
        Err(_) => false,
    }
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        // `--help` comes back as an empty message.
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let mut ai = Ai::new(options.strength);
    let mut game = Match::from_game(options.start);
    println!("TicTacChess: four of your pieces in a rank, file or long diagonal win.");
    let Some(human) = options.human else {
        // Watch the AI play itself.
        println!("{}\n", draw(game.position()));
        while ai_move(&mut ai, &mut game) {
            println!("{}\n", draw(game.position()));
        }
        if let Some(outcome) = game.outcome() {
            println!("Game over: {}.", describe(&game, outcome));
        }
        return ExitCode::SUCCESS;
    };
    println!("You play {human}. {HELP}\n");
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if game.outcome().is_none() && game.position().side_to_move() != human {
            ai_move(&mut ai, &mut game);
        }
        println!("{}", draw(game.position()));
        if let Some(outcome) = game.outcome() {
            println!("Game over: {}. (undo, or quit)", describe(&game, outcome));
        }
        loop {
            print!("> ");
            let _ = io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                println!();
                return ExitCode::SUCCESS;
            };
            let command = line.trim();
            match command {
                "" => continue,
                "quit" | "exit" => return ExitCode::SUCCESS,
                "help" => println!("{HELP}"),
                "board" => println!("{}", draw(game.position())),
                "position" => println!("{}", game.position()),
                "moves" => {
                    let moves: Vec<String> = game
                        .position()
                        .legal_moves()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    if moves.is_empty() || game.outcome().is_some() {
                        println!("no moves: the game is over");
                    } else {
                        println!("{} moves: {}", moves.len(), moves.join(" "));
                    }
                }
                "hint" => match ai.choose(&game) {
                    Ok(result) => println!(
                        "hint: {} ({})",
                        result.best_move,
                        score_words(result.score, game.position().side_to_move())
                    ),
                    Err(error) => println!("no hint: {error}"),
                },
                "undo" => {
                    // Take back the AI's reply as well, so that it is the human's turn again.
                    let mut undone = Vec::new();
                    while let Some(mv) = game.undo() {
                        undone.push(mv.to_string());
                        if game.position().side_to_move() == human {
                            break;
                        }
                    }
                    if undone.is_empty() {
                        println!("nothing to undo");
                    } else {
                        println!("took back {}", undone.join(", "));
                        break;
                    }
                }
                text => match game.position().parse_move(text) {
                    Ok(mv) => match game.play(mv) {
                        Ok(()) => break,
                        Err(error) => println!("illegal move: {error}"),
                    },
                    Err(error) => {
                        println!("{error} (type 'moves' for the legal moves, 'help' for commands)")
                    }
                },
            }
        }
    }
}
