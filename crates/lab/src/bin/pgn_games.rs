//! Writes games of engine self-play as PGN: the engine at a fixed node budget against itself
//! from a set of common openings, with now and then a random move in the first twenty plies so
//! that no two games are alike. Games end by the rules or are adjudicated a draw after
//! [`MAX_PLIES`]. The games of `examples/data/games.pgn` come from this driver.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin pgn_games -- --games 60 --nodes 4000 --seed 1 > games.pgn
//! ```

use plyforge_chess::pgn::{Game, GameResult, Ply};
use plyforge_chess::{Board, Color, Evaluation, GameHistory, Outcome, SanPlus};
use plyforge_search::{Config, Limits, Searcher};
use std::io::Write;
use std::process::ExitCode;

/// A game still running after this many plies is adjudicated a draw.
const MAX_PLIES: usize = 300;
/// Plies in which a random move may replace the engine's.
const OPENING_PLIES: usize = 20;
/// One move in this many of the opening plies is random.
const RANDOM_MOVE_ONE_IN: u64 = 12;

/// Common openings, in SAN, that the games start from.
const OPENINGS: [&str; 12] = [
    "e4 e5 Nf3 Nc6 Bb5",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4",
    "d4 d5 c4 e6 Nc3 Nf6",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4",
    "e4 e6 d4 d5",
    "e4 c6 d4 d5",
    "c4 e5 Nc3 Nf6",
    "Nf3 d5 g3 Nf6 Bg2",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "d4 d5 Bf4 Nf6 e3",
    "e4 d5 exd5 Qxd5 Nc3",
    "d4 Nf6 c4 e6 Nf3 b6",
];

const USAGE: &str = "usage: pgn_games [--games N] [--nodes N] [--seed N]

Writes N games (default 60) of engine self-play at N nodes a move (default 4000) to standard
output as PGN, seeded by --seed (default 1).";

/// A small xorshift generator: the games follow from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The options of a run.
struct Options {
    games: usize,
    nodes: u64,
    seed: u64,
}

fn parse_options(arguments: &[String]) -> Result<Options, String> {
    let mut options = Options {
        games: 60,
        nodes: 4_000,
        seed: 1,
    };
    let mut arguments = arguments.iter();
    while let Some(flag) = arguments.next() {
        let mut value = || {
            arguments
                .next()
                .and_then(|value| value.parse::<u64>().ok())
                .ok_or_else(|| format!("{flag} takes a number"))
        };
        match flag.as_str() {
            "--games" => options.games = value()? as usize,
            "--nodes" => options.nodes = value()?.max(1),
            "--seed" => options.seed = value()?.max(1),
            _ => return Err(format!("unknown argument {flag:?}")),
        }
    }
    Ok(options)
}

/// One game of self-play as a PGN record.
fn play_game(round: usize, options: &Options, rng: &mut Rng) -> Result<Game, String> {
    let mut history = GameHistory::default();
    let mut game = Game::default();
    let opening = OPENINGS[round % OPENINGS.len()];
    for san in opening.split(' ') {
        let board = *history.board();
        let mv = board
            .parse_san(san)
            .map_err(|error| format!("{san}: {error}"))?;
        game.moves
            .plies
            .push(Ply::new(SanPlus::from_move(&board, mv)));
        history.play(mv).map_err(|error| error.to_string())?;
    }
    let mut searcher = Searcher::new(Config::default().with_tt_mib(16));
    let limits = Limits::nodes(options.nodes);
    let mut termination = "normal";
    let outcome = loop {
        if let Some(outcome) = history.outcome() {
            break Some(outcome);
        }
        if game.moves.plies.len() >= MAX_PLIES {
            termination = "adjudication";
            break None;
        }
        let board = *history.board();
        let moves = board.legal_moves();
        let mv = if game.moves.plies.len() < OPENING_PLIES
            && rng.next().is_multiple_of(RANDOM_MOVE_ONE_IN)
        {
            moves[(rng.next() % moves.len() as u64) as usize]
        } else {
            searcher
                .search(
                    &board,
                    &Evaluation,
                    &limits,
                    history.earlier_hashes(),
                    |_| {},
                )
                .map_err(|error| error.to_string())?
                .best_move
        };
        game.moves
            .plies
            .push(Ply::new(SanPlus::from_move(&board, mv)));
        history.play(mv).map_err(|error| error.to_string())?;
    };
    game.result = match outcome.and_then(Outcome::winner) {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    };
    if let (Some(outcome), Some(last)) = (outcome, game.moves.plies.last_mut()) {
        last.comments.push(outcome.to_string());
    }
    let player = format!("Plyforge {} nodes", options.nodes);
    for (name, value) in [
        ("Event", "Plyforge self-play"),
        ("Site", "Plyforge lab"),
        ("Date", "2025.01.01"),
        ("Round", &(round + 1).to_string()),
        ("White", &player),
        ("Black", &player),
        ("Result", game.result.as_str()),
        ("PlyCount", &game.moves.plies.len().to_string()),
        ("Termination", termination),
    ] {
        game.set_tag(name, value);
    }
    debug_assert_eq!(Board::default(), game.starting_board().unwrap_or_default());
    Ok(game)
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_options(&arguments) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("{error}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = Rng(options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for round in 0..options.games {
        match play_game(round, &options, &mut rng) {
            Ok(game) => {
                if writeln!(out, "{game}").is_err() {
                    return ExitCode::FAILURE;
                }
            }
            Err(error) => {
                eprintln!("game {}: {error}", round + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
