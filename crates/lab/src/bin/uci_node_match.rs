//! Two UCI engines against each other at a fixed node count a move (`go nodes N`), from the
//! openings of an EPD file, each start played with both colours: two builds of the engine
//! compared by what their searches find in the same number of nodes, whatever else the machine
//! is doing. A change that makes the search faster or slower shows here only through its tree;
//! its speed is measured apart (`plyforge bench`, cachegrind). `chess_eval_match` compares
//! networks and search settings of one build in one process; this compares builds.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin uci_node_match -- new/plyforge old/plyforge \
//!     crates/lab/data/openings-8ply.epd --openings 500 --random-plies 4 --nodes 12000 --parallel 2
//! ```
//!
//! Options: `--nodes N` (per move, default 12,000), `--openings N` (starts, default 100: the
//! first N openings of the file, or with `--random-plies R` the file's openings in turn, each
//! followed by R random legal moves: at a fixed node count a start gives the same game every
//! time, so many games need many starts), `--seed S` (of the random moves, default 1),
//! `--hash MIB` (each engine's table, default 16), `--parallel P` (games at once, default 1;
//! each game runs both engines, one searching at a time). Each engine gets `ucinewgame` before
//! every game. Prints the first engine's wins, draws and losses and the Elo difference with its
//! 95 % interval, and every fault (no `bestmove` within [`ANSWER_LIMIT`], an illegal move),
//! which loses the game for the engine at fault. Games end by the rules (a draw claim ends
//! them) or are adjudicated a draw after [`MAX_PLIES`].

use plyforge_chess::{Board, GameHistory};
use plyforge_lab::chess_games::{match_starts, points};
use plyforge_lab::match_score::{MatchScore, play_games};
use plyforge_lab::uci_process::UciProcess;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A game still running after this many plies is scored a draw.
const MAX_PLIES: usize = 400;
/// Nodes per move when none are given.
const DEFAULT_NODES: u64 = 12_000;
/// Openings played when no count is given.
const DEFAULT_OPENINGS: usize = 100;
/// Each engine's transposition table when none is given, in MiB.
const DEFAULT_HASH: u64 = 16;
/// How long an engine may take for a move (a fixed node count takes milliseconds) or to get
/// ready: past it the engine has hung, loses the game and is started afresh.
const ANSWER_LIMIT: Duration = Duration::from_secs(60);

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: uci_node_match <engine> <other engine> <openings.epd> [--nodes N] \
                     [--openings N] [--random-plies R] [--seed S] [--hash MIB] [--parallel P]";

/// One engine of a worker: its command and, once started and ready, its process.
struct Player {
    path: String,
    hash: u64,
    process: Option<UciProcess>,
}

impl Player {
    /// The engine, started and ready for a new game; `None` when it cannot be started or does
    /// not answer.
    fn ready(&mut self) -> Option<&mut UciProcess> {
        if self.process.is_none() {
            let mut process = UciProcess::start(&self.path).ok()?;
            process.try_send("uci").ok()?;
            process.wait_for("uciok", ANSWER_LIMIT)?;
            let hash = format!("setoption name Hash value {}", self.hash);
            process.try_send(&hash).ok()?;
            self.process = Some(process);
        }
        let process = self.process.as_mut()?;
        let ready = process.try_send("ucinewgame").is_ok()
            && process.try_send("isready").is_ok()
            && process.wait_for("readyok", ANSWER_LIMIT).is_some();
        if !ready {
            self.process = None;
        }
        self.process.as_mut()
    }

    /// The move the engine names for the game so far, as UCI text; `None` (and the engine
    /// dropped, to be started afresh) when it names none in time.
    fn best_move(&mut self, position: &str, nodes: u64) -> Option<String> {
        let process = self.process.as_mut()?;
        let sent = process.try_send(position).is_ok()
            && process.try_send(&format!("go nodes {nodes}")).is_ok();
        let answer = sent
            .then(|| process.wait_for("bestmove", ANSWER_LIMIT))
            .flatten()
            .and_then(|(_, line)| line.split_whitespace().nth(1).map(str::to_string));
        if answer.is_none() {
            self.process = None;
        }
        answer
    }
}

/// The first engine's points in one game from `start`, the first engine White when
/// `first_white`; a fault is pushed to `faults` and loses the game for the engine at fault.
fn play(
    players: &mut [Player; 2],
    start: &Board,
    first_white: bool,
    nodes: u64,
    faults: &Mutex<Vec<String>>,
) -> f64 {
    let first_player = if first_white { 0 } else { 1 };
    let fault = |side: usize, what: String| {
        let name = players_name(side);
        faults
            .lock()
            .expect("no game thread panics")
            .push(format!("{name}: {what} from {start}"));
        if side == 0 { 0.0 } else { 1.0 }
    };
    for (side, player) in players.iter_mut().enumerate() {
        if player.ready().is_none() {
            return fault(side, "no answer to ucinewgame".to_string());
        }
    }
    let mut game = GameHistory::new(*start);
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..MAX_PLIES {
        if let Some(outcome) = game.outcome_with_claims() {
            return points(outcome, first_player);
        }
        let color = game.board().side_to_move().index();
        let side = usize::from(color != first_player);
        let position = if moves.is_empty() {
            format!("position fen {start}")
        } else {
            format!("position fen {start} moves {}", moves.join(" "))
        };
        let Some(answer) = players[side].best_move(&position, nodes) else {
            return fault(side, "no bestmove".to_string());
        };
        if game.play_uci(&answer).is_err() {
            return fault(
                side,
                format!("illegal move {answer} after {}", moves.join(" ")),
            );
        }
        moves.push(answer);
    }
    0.5
}

/// How a side is named in the faults: the order of the command line.
fn players_name(side: usize) -> &'static str {
    if side == 0 { "engine" } else { "other engine" }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [first, second, openings_path, rest @ ..] = args.as_slice() else {
        return Err(USAGE.to_string());
    };
    let (mut nodes, mut count, mut parallel, mut hash) =
        (DEFAULT_NODES, DEFAULT_OPENINGS, 1usize, DEFAULT_HASH);
    let (mut random_plies, mut seed) = (0usize, 1u64);
    for (flag, value) in plyforge_lab::option_pairs(rest, USAGE)? {
        let number = || plyforge_lab::positive_number(flag, value);
        match flag {
            "--nodes" => nodes = number()?,
            "--openings" => count = number()? as usize,
            "--random-plies" => random_plies = number()? as usize,
            "--seed" => {
                seed = value
                    .parse()
                    .map_err(|_| format!("--seed: a whole number, not {value:?}"))?;
            }
            "--hash" => hash = number()?,
            "--parallel" => parallel = number()? as usize,
            _ => return Err(format!("unknown option {flag:?}; {USAGE}")),
        }
    }
    for path in [first, second] {
        let mut player = Player {
            path: path.clone(),
            hash,
            process: None,
        };
        if player.ready().is_none() {
            return Err(format!(
                "{path}: cannot be started, or does not answer as UCI"
            ));
        }
    }
    let openings = match_starts(
        plyforge_lab::read_openings(openings_path)?,
        count,
        random_plies,
        seed,
    );
    println!(
        "{first} against {second}, {nodes} nodes a move, {} starts ({random_plies} random plies \
         after each opening) x 2 colours, {parallel} at once, {hash} MiB each",
        openings.len(),
    );
    let faults = Mutex::new(Vec::new());
    let start = Instant::now();
    let points = play_games(
        2 * openings.len(),
        parallel,
        || {
            [first, second].map(|path| Player {
                path: path.clone(),
                hash,
                process: None,
            })
        },
        |players, game| {
            play(
                players,
                &openings[game / 2],
                game.is_multiple_of(2),
                nodes,
                &faults,
            )
        },
    );
    let faults = faults.into_inner().expect("no game thread panics");
    println!(
        "engine: {} ({:.0} s); faults: {}",
        MatchScore::new(points),
        start.elapsed().as_secs_f64(),
        if faults.is_empty() {
            "none".to_string()
        } else {
            faults.len().to_string()
        }
    );
    for fault in faults {
        println!("  {fault}");
    }
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}
