//! Counts how often each player converts a won ending: reads a PGN of games started from
//! endings with a material edge (`crates/lab/data/endings.epd`, played by
//! `../shared/tools/gauntlet.py --openings`, each position once with each colour) and prints,
//! for each player, the games it began with more material and how many of them it won, the
//! plies its wins took, and the starting position and end of every game it did not win.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_conversions -- games.pgn
//! ```

use plyforge_chess::pgn::{Game, GameBuilder, GameResult, Reader};
use plyforge_chess::{Board, Color, Role};
use std::collections::BTreeMap;
use std::process::ExitCode;

const USAGE: &str = "usage: chess_conversions <games.pgn>";

/// Material in pawns by role, to tell the stronger side.
const MATERIAL: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// `color`'s material in pawns.
fn material(board: &Board, color: Color) -> i32 {
    Role::ALL
        .into_iter()
        .map(|role| board.pieces(color, role).len() as i32 * MATERIAL[role.index()])
        .sum()
}

/// One player's games with the stronger side.
#[derive(Default)]
struct Conversions {
    games: usize,
    /// The plies of each win.
    wins: Vec<usize>,
    /// The games not won: the start, the result, the termination.
    misses: Vec<String>,
}

fn run() -> Result<(), String> {
    let path = std::env::args().nth(1).ok_or(USAGE)?;
    let file =
        std::fs::File::open(&path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let mut reader = Reader::new(std::io::BufReader::new(file));
    let mut players: BTreeMap<String, Conversions> = BTreeMap::new();
    let mut number = 0;
    while let Some(game) = reader
        .read_game(&mut GameBuilder::default())
        .map_err(|error| format!("{path}: {error}"))?
    {
        number += 1;
        let game: Game = game.map_err(|error| format!("{path}, game {number}: {error}"))?;
        let start = game
            .starting_board()
            .map_err(|error| format!("{path}, game {number}: {error}"))?;
        let edge = material(&start, Color::White) - material(&start, Color::Black);
        let strong = match edge.signum() {
            1 => Color::White,
            -1 => Color::Black,
            _ => continue,
        };
        let name = game
            .tag(strong.fold("White", "Black"))
            .unwrap_or("?")
            .to_string();
        let won = game.result == strong.fold(GameResult::WhiteWins, GameResult::BlackWins);
        let plies = game
            .mainline()
            .map_err(|error| format!("{path}, game {number}: {error}"))?
            .len();
        let player = players.entry(name).or_default();
        player.games += 1;
        if won {
            player.wins.push(plies);
        } else {
            player.misses.push(format!(
                "game {number}: {start}: {} after {plies} plies ({})",
                game.result,
                game.tag("Termination").unwrap_or("no termination tag")
            ));
        }
    }
    for (name, player) in &mut players {
        player.wins.sort_unstable();
        println!(
            "{name}: converted {} of {} (plies of the wins: {:?})",
            player.wins.len(),
            player.games,
            player.wins
        );
        for miss in &player.misses {
            println!("  not won: {miss}");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}
