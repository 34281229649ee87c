//! Training data for the evaluations' trainers (`chess_tune` for the classical weights,
//! `chess_nnue_train` for the network): self-play games of the engine (its search,
//! `Config::selective()`, with the network the chess crate ships unless told otherwise) at a
//! fixed node count per move from the openings of an EPD file, with a few random moves after
//! each opening so that 200 openings give hundreds of thousands of different games (the search
//! at a fixed node count is deterministic: a start played twice gives the same game twice).
//! Writes the quiet positions of every game with the game's result and the search's score, one
//! `FEN;result;score` line each (result 1.0 White won, 0.5 draw, 0.0 Black won; score in
//! centipawns from White's view). The tuner can blend the score into the result: a game gives
//! one result to all its positions, the score is a label of each position's own.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_datagen -- crates/lab/data/openings-8ply.epd data.txt --minutes 40
//! ```
//!
//! Options: `--games N` (stop after N games), `--minutes M` (stop after M minutes; the first
//! limit reached ends the run), `--nodes N` per move (default 6000), `--seed S`, `--append`,
//! `--network FILE` (search with that network instead of the one the chess crate ships) or
//! `--classical` (search with the classical evaluation, as the data of the classical weights
//! was made).
//!
//! A position is kept when the side to move is not in check, the engine's move is not a
//! capture or promotion (so the static evaluation is close to the position's worth, which is
//! what the tuner fits), the game has gone [`SKIP_PLIES`] past the opening, and the score is
//! not a mate. Games are adjudicated to save time: a side scored [`WIN_SCORE`] or more for
//! [`WIN_PLIES`] plies in a row wins, a score within [`DRAW_SCORE`] for [`DRAW_PLIES`] plies
//! after ply [`DRAW_FROM_PLY`] is a draw, and [`MAX_PLIES`] is a draw.

use plyforge_chess::nnue::{Network, NnueBoard, SearchEvaluation};
use plyforge_chess::{Board, GameHistory, Move, MoveKind};
use plyforge_lab::chess_games::play_random_moves;
use plyforge_lab::progress;
use plyforge_lab::spsa::SplitMix64;
use plyforge_search::score::is_decisive;
use plyforge_search::{Config, Game, Limits, Searcher};
use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes per move when none is given: about a depth of 7 to 8, a few milliseconds.
const DEFAULT_NODES: u64 = 6000;
/// Plies after the random moves whose positions are not kept (still book-like).
const SKIP_PLIES: usize = 8;
/// Random moves after the opening, by each side: between these two counts. At least one each,
/// so that a start repeats rarely (200 openings and two random plies give some 180,000 starts);
/// as many for both sides, so that neither starts a move behind (when half the starts gave
/// White one more random move than Black, Black won more of the games than White).
const MIN_RANDOM_MOVE_PAIRS: usize = 1;
/// See [`MIN_RANDOM_MOVE_PAIRS`].
const MAX_RANDOM_MOVE_PAIRS: usize = 2;
/// A game whose first search scores a side this far ahead after the random moves is not
/// played: its positions would teach little but a lost position.
const MAX_START_SCORE: i32 = 300;
/// A score (side to move's view) that decides a game when held for [`WIN_PLIES`] plies.
const WIN_SCORE: i32 = 1000;
const WIN_PLIES: usize = 6;
/// A score this close to 0 for [`DRAW_PLIES`] plies from [`DRAW_FROM_PLY`] on is a draw.
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: usize = 16;
const DRAW_FROM_PLY: usize = 80;
/// A game still running after this many plies is a draw.
const MAX_PLIES: usize = 400;

/// Whether `mv` on `board` takes a piece or promotes: the position before it is not quiet.
fn is_tactical(board: &Board, mv: Move) -> bool {
    matches!(mv.kind(), MoveKind::EnPassant | MoveKind::Promotion(_))
        || board.color_on(mv.to()) == Some(!board.side_to_move())
}

/// Plays one game; returns the quiet positions as FENs with the search's score from White's
/// view, and the result from White's view; `None` when the random moves left a start too
/// one-sided to play ([`MAX_START_SCORE`]).
fn play_game(
    opening: &Board,
    random: &mut SplitMix64,
    nodes: u64,
    (network, evaluation): (&Arc<Network>, SearchEvaluation),
) -> Option<(Vec<(String, i32)>, f64)> {
    // The engine's configuration, so the scores are those of the search the network serves.
    let mut searcher = Searcher::new(Config::selective());
    let mut game = GameHistory::new(*opening);
    let random_plies = 2
        * (MIN_RANDOM_MOVE_PAIRS + random.below(MAX_RANDOM_MOVE_PAIRS - MIN_RANDOM_MOVE_PAIRS + 1));
    play_random_moves(&mut game, random_plies, random);
    let mut kept = Vec::new();
    let (mut winning_streak, mut drawn_streak) = (0usize, 0usize);
    let mut last_winner = None;
    for ply in 0..MAX_PLIES {
        let board = *game.board();
        if let Some(outcome) = game.outcome_with_claims() {
            let result = match outcome.winner() {
                None => 0.5,
                Some(winner) => winner.fold(1.0, 0.0),
            };
            return Some((kept, result));
        }
        let result = searcher
            .search(
                &NnueBoard::new(board, Arc::clone(network)),
                &evaluation,
                &Limits::nodes(nodes),
                game.earlier_hashes(),
                |_| {},
            )
            .expect("the game is not over");
        let score = result.score;
        // White's view of the score, for the data and the adjudication.
        let white = if board.player_to_move() == 0 {
            score
        } else {
            -score
        };
        if ply == 0 && white.abs() > MAX_START_SCORE {
            return None;
        }
        if ply >= SKIP_PLIES
            && !board.in_check()
            && !is_tactical(&board, result.best_move)
            && !is_decisive(score)
        {
            kept.push((board.to_string(), white));
        }
        let leader = if white >= WIN_SCORE {
            Some(1.0)
        } else if white <= -WIN_SCORE {
            Some(0.0)
        } else {
            None
        };
        if leader.is_some() && leader == last_winner {
            winning_streak += 1;
        } else {
            winning_streak = usize::from(leader.is_some());
        }
        last_winner = leader;
        if let Some(result) = leader.filter(|_| winning_streak >= WIN_PLIES) {
            return Some((kept, result));
        }
        drawn_streak = if ply >= DRAW_FROM_PLY && white.abs() <= DRAW_SCORE {
            drawn_streak + 1
        } else {
            0
        };
        if drawn_streak >= DRAW_PLIES {
            return Some((kept, 0.5));
        }
        game.play(result.best_move)
            .expect("the search returns a legal move");
    }
    Some((kept, 0.5))
}

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: chess_datagen <openings.epd> <out.txt> [--games N] [--minutes M] \
                     [--nodes N] [--seed S] [--append] [--network FILE | --classical]";

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(out)) = (args.first(), args.get(1)) else {
        return Err(USAGE.to_string());
    };
    let (mut games, mut minutes, mut nodes, mut seed, mut append) =
        (u64::MAX, f64::INFINITY, DEFAULT_NODES, 1u64, false);
    let (mut network, mut evaluation) = (Network::embedded(), SearchEvaluation::Network);
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        if flag == "--append" {
            append = true;
            continue;
        }
        if flag == "--classical" {
            evaluation = SearchEvaluation::Classical;
            continue;
        }
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?;
        let bad = || format!("{flag}: not a number: {value:?}");
        match flag.as_str() {
            "--games" => games = value.parse().map_err(|_| bad())?,
            "--minutes" => minutes = value.parse().map_err(|_| bad())?,
            "--nodes" => nodes = value.parse().map_err(|_| bad())?,
            "--seed" => seed = value.parse().map_err(|_| bad())?,
            "--network" => {
                let bytes = std::fs::read(value)
                    .map_err(|error| format!("cannot read {value}: {error}"))?;
                network = Arc::new(
                    Network::from_bytes(&bytes).map_err(|error| format!("{value}: {error}"))?,
                );
            }
            _ => return Err(format!("unknown option {flag:?}; {USAGE}")),
        }
    }
    let openings = plyforge_lab::read_openings(path)?;
    if openings.is_empty() {
        return Err(format!("{path} holds no opening"));
    }
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(out)
        .map_err(|error| format!("cannot open {out}: {error}"))?;
    let mut writer = BufWriter::new(file);
    let deadline = Duration::from_secs_f64((minutes * 60.0).min(1e9));
    let start = Instant::now();
    let mut random = SplitMix64(seed);
    let bar = progress::bar(
        if games == u64::MAX {
            deadline.as_secs()
        } else {
            games
        },
        if games == u64::MAX { "s" } else { "games" },
    );
    let (mut played, mut positions, mut skipped) = (0u64, 0usize, 0u64);
    let mut score = [0u64; 3];
    while played < games && start.elapsed() < deadline {
        let opening = &openings[random.below(openings.len())];
        let Some((kept, result)) = play_game(opening, &mut random, nodes, (&network, evaluation))
        else {
            skipped += 1;
            continue;
        };
        for (fen, score) in &kept {
            writeln!(writer, "{fen};{result:.1};{score}").map_err(|error| error.to_string())?;
        }
        writer.flush().map_err(|error| error.to_string())?;
        positions += kept.len();
        played += 1;
        score[(result * 2.0) as usize] += 1;
        if games == u64::MAX {
            bar.set_position(start.elapsed().as_secs());
        } else {
            bar.inc(1);
        }
        bar.set_message(format!(
            "{played} games (+{} ={} -{}), {positions} positions, {skipped} starts skipped",
            score[2], score[1], score[0]
        ));
    }
    bar.finish_and_clear();
    println!(
        "{played} games (White +{} ={} -{}), {positions} positions, {skipped} one-sided starts \
         skipped, {nodes} nodes per move, {:.0} s, written to {out}",
        score[2],
        score[1],
        score[0],
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}
