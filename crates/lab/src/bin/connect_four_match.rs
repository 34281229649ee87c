//! A match at equal time per move between `plyforge-search` and the `minimax` crate (0.6), on
//! Connect Four 7x6 with the same game, evaluation and centre-first move order on both sides:
//! what being faster to a depth is worth in play. Every opening of three plies is played twice,
//! each engine the first player once; each engine keeps its table through a game.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin connect_four_match                    # 10 ms, both pairings
//! cargo run --release -p plyforge-lab --bin connect_four_match -- 50 equivalent   # 50 ms per move
//! ```
//!
//! Pairings (the first two by default):
//! - `equivalent`: the benchmark's like-for-like settings (iterative deepening, the table,
//!   null-window search and aspiration on both sides);
//! - `full`: each engine with every technique it offers that Connect Four can use (minimax adds
//!   its countermoves, countermove history and null move; we use the Connect Four crate's
//!   `search_config(Algorithm::AlphaBeta)`, the search crate's default);
//! - `self`: our default configuration against our equivalent one;
//! - `full` and `self` with some of our techniques off, to see what each is worth in this game
//!   at equal time: `full-without-lmr`, `self-without-null-move-without-lmr`, ... (`lmr`,
//!   `null-move`, `killers`, `history`, `aspiration`, `pvs`).
//!
//! Prints, from our side, wins, draws and losses, the score, an Elo estimate with its 95 %
//! interval, and each engine's median depth in the opening (before the result is in sight).

use plyforge_connect_four::ThreatEvaluator;
use plyforge_lab::match_score::MatchScore;
use plyforge_lab::minimax_adaptor::{
    Board, MINIMAX_NULL_MOVE_REDUCTION, MinimaxEval, MinimaxEvalWithPass, TT_MIB,
    equivalent_config, minimax_full_options, minimax_options, openings,
};
use plyforge_lab::progress;
use plyforge_lab::techniques::{technique, technique_names};
use plyforge_search::Techniques;
use plyforge_search::{Algorithm, Config, Game, Limits, Outcome, Searcher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time per move when none is given, in milliseconds.
const DEFAULT_MOVE_MS: u64 = 10;
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: connect_four_match [<milliseconds per move> [pairing ...]]";
/// Depths are compared over the searches made with fewer stones than this on the board: later,
/// a search that has found the game's result runs on to the depth limit at once.
const EARLY_STONES: u32 = 12;
/// Plies of the openings: every sequence of this many columns is played twice.
const OPENING_PLIES: usize = 3;
/// Columns of the 7x6 board.
const COLUMNS: u8 = 7;

/// One side of the match: chooses a move within the time it is given.
trait Engine {
    /// Forgets the previous game (a fresh table).
    fn new_game(&mut self);
    /// The column to play and the depth of the search that chose it.
    fn choose(&mut self, board: &Board, time: Duration) -> (u8, u32);
}

/// `plyforge-search` with one configuration; the table lives through a game.
struct Ours {
    searcher: Searcher<Board>,
}

impl Engine for Ours {
    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn choose(&mut self, board: &Board, time: Duration) -> (u8, u32) {
        // Soft limit = hard limit: like minimax, search until the time is up (and return the
        // last completed iteration, or a better move the interrupted one found).
        let result = self
            .searcher
            .search(
                board,
                &ThreatEvaluator,
                &Limits::time(time, time),
                &[],
                |_| {},
            )
            .expect("the match only searches positions that are not over");
        (result.best_move, result.depth)
    }
}

/// The `minimax` crate's iterative search with some options; a fresh search (and table) per
/// game.
struct Minimax<E: minimax::Evaluator> {
    build: fn() -> minimax::IterativeSearch<E>,
    search: minimax::IterativeSearch<E>,
}

impl<E> Engine for Minimax<E>
where
    E: minimax::Evaluator,
    E::G: minimax::Game<S = Board, M = u8>,
{
    fn new_game(&mut self) {
        self.search = (self.build)();
    }

    fn choose(&mut self, board: &Board, time: Duration) -> (u8, u32) {
        use minimax::Strategy;
        self.search.set_timeout(time);
        let column = self
            .search
            .choose_move(board)
            .expect("the match only searches positions that are not over");
        // minimax tells its depth only in its statistics' text: "... nodes to depth N. ...".
        let mut state = *board;
        let depth = self
            .search
            .stats(&mut state)
            .split("to depth ")
            .nth(1)
            .and_then(|rest| rest.split('.').next())
            .and_then(|depth| depth.parse().ok())
            .unwrap_or(0);
        (column, depth)
    }
}

/// Plays one game from `opening` (columns, 1-based), our engine as the first player or the
/// second; returns our points (1, ½ or 0) and records both engines' depths.
fn play(
    opening: &str,
    ours_first: bool,
    ours: &mut dyn Engine,
    theirs: &mut dyn Engine,
    time: Duration,
    depths: &mut [Vec<u32>; 2],
) -> f64 {
    let mut board: Board = opening.parse().expect("the openings are legal");
    ours.new_game();
    theirs.new_game();
    let our_player = if ours_first { 0 } else { 1 };
    loop {
        if let Some(outcome) = board.outcome_by_rule() {
            return match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(player) if player == our_player => 1.0,
                Outcome::Win(_) => 0.0,
            };
        }
        let ours_to_move = board.player_to_move() == our_player;
        let (column, depth) = if ours_to_move {
            ours.choose(&board, time)
        } else {
            theirs.choose(&board, time)
        };
        if board.stones() < EARLY_STONES {
            depths[usize::from(!ours_to_move)].push(depth);
        }
        assert!(
            column < COLUMNS && board.can_play(column),
            "an engine chose the illegal column {column}"
        );
        board.play(column);
    }
}

/// The Connect Four crate's recommended alpha-beta configuration (the search crate's default)
/// with the named techniques off, or the name that is not one.
fn our_default_without<'a>(techniques: impl Iterator<Item = &'a str>) -> Result<Config, &'a str> {
    let mut config = plyforge_connect_four::search_config(Algorithm::AlphaBeta).with_tt_mib(TT_MIB);
    for name in techniques {
        config.techniques.remove(technique(name).ok_or(name)?);
    }
    Ok(config)
}

/// Plays the whole match of one pairing and prints its result.
fn run_match(
    name: &str,
    ours: &mut dyn Engine,
    (their_name, theirs): (&str, &mut dyn Engine),
    time: Duration,
) {
    let start = Instant::now();
    let mut points = Vec::new();
    let mut depths = [Vec::new(), Vec::new()];
    let openings = openings(OPENING_PLIES);
    let progress = progress::bar(2 * openings.len() as u64, "games");
    for opening in openings {
        for ours_first in [true, false] {
            points.push(play(&opening, ours_first, ours, theirs, time, &mut depths));
            progress.inc(1);
            progress.set_message(MatchScore::new(points.clone()).to_string());
        }
    }
    progress.finish_and_clear();
    let median = |depths: &mut Vec<u32>| {
        depths.sort_unstable();
        depths.get(depths.len() / 2).copied().unwrap_or(0)
    };
    println!(
        "{name}: plyforge against {their_name}: {}; median depth before the {EARLY_STONES}th \
         stone: plyforge {}, {their_name} {} ({:.0} s)",
        MatchScore::new(points),
        median(&mut depths[0]),
        median(&mut depths[1]),
        start.elapsed().as_secs_f64(),
    );
}

/// What a pairing puts against what.
enum Pairing {
    /// The benchmark's like-for-like settings on both sides.
    Equivalent,
    /// This configuration of ours against minimax with every technique it offers.
    Full(Config),
    /// This configuration of ours against our equivalent one.
    AgainstEquivalent(Config),
}

/// Reads a pairing's name: `equivalent`, or `full` or `self` with `-without-<technique>`s.
fn parse_pairing(name: &str) -> Result<Pairing, String> {
    if name == "equivalent" {
        return Ok(Pairing::Equivalent);
    }
    let mut parts = name.split("-without-");
    let kind = parts.next().unwrap_or_default();
    let config = our_default_without(parts).map_err(|technique| {
        format!(
            "unknown technique {technique:?} in {name:?} ({})",
            technique_names().join(", ")
        )
    })?;
    if !config.uses(Techniques::ITERATIVE_DEEPENING) {
        return Err(format!(
            "{name:?}: a match at equal time needs iterative deepening (a search without it \
             has only a depth limit)"
        ));
    }
    match kind {
        "full" => Ok(Pairing::Full(config)),
        "self" => Ok(Pairing::AgainstEquivalent(config)),
        _ => Err(format!(
            "unknown pairing {name:?} (equivalent, full, self; full and self take \
             -without-<technique>)"
        )),
    }
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (milliseconds, names) = match args.split_first() {
        None => (DEFAULT_MOVE_MS, Vec::new()),
        Some((first, rest)) => match first.parse::<u64>() {
            Ok(ms) if ms > 0 => (ms, rest.to_vec()),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::FAILURE;
            }
        },
    };
    let names = if names.is_empty() {
        vec!["equivalent".to_string(), "full".to_string()]
    } else {
        names
    };
    let pairings = match names
        .iter()
        .map(|name| parse_pairing(name))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(pairings) => pairings,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let time = Duration::from_millis(milliseconds);
    println!(
        "Connect Four 7x6, {milliseconds} ms per move, {} openings of {OPENING_PLIES} plies x 2 \
         colours, {TT_MIB} MiB tables",
        openings(OPENING_PLIES).len()
    );
    for (name, pairing) in names.iter().zip(pairings) {
        match pairing {
            Pairing::Equivalent => {
                let build = || minimax::IterativeSearch::new(MinimaxEval, minimax_options());
                let ours = &mut Ours {
                    searcher: Searcher::new(equivalent_config()),
                };
                let minimax = &mut Minimax {
                    build,
                    search: build(),
                };
                run_match("equivalent settings", ours, ("minimax", minimax), time);
            }
            Pairing::Full(config) => {
                let build = || {
                    minimax::IterativeSearch::new(
                        MinimaxEvalWithPass,
                        minimax_full_options(MINIMAX_NULL_MOVE_REDUCTION),
                    )
                };
                let ours = &mut Ours {
                    searcher: Searcher::new(config),
                };
                let minimax = &mut Minimax {
                    build,
                    search: build(),
                };
                let title = format!("every technique each engine offers ({name})");
                run_match(&title, ours, ("minimax", minimax), time);
            }
            Pairing::AgainstEquivalent(config) => {
                let ours = &mut Ours {
                    searcher: Searcher::new(config),
                };
                let equivalent = &mut Ours {
                    searcher: Searcher::new(equivalent_config()),
                };
                let title =
                    format!("our default configuration against our equivalent one ({name})");
                run_match(&title, ours, ("plyforge equivalent", equivalent), time);
            }
        }
    }
    ExitCode::SUCCESS
}
