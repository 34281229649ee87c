//! The chess engine's search with a network evaluation (`plyforge_chess::nnue`, from a file
//! `chess_nnue_train` writes, its accumulators carried move by move on an `NnueBoard`) against
//! the same search with the crate's classical `Evaluation` (or another network, or other search
//! parameters), from the openings of an EPD file, each start played with both colours: at a
//! fixed node count per move (what the evaluation knows, whatever it costs) or at a fixed time
//! per move (what a user gets, its cost included). Also prints how many evaluations a second
//! each makes from scratch on the openings' positions, and each side's nodes a second in the
//! games.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_eval_match -- crates/lab/data/openings-8ply.epd network.pfnn --nodes 20000
//! # tuned search parameters against the defaults, both with the shipped network, 1,000 starts
//! cargo run --release -p plyforge-lab --bin chess_eval_match -- crates/lab/data/openings-8ply.epd \
//!     crates/chess/networks/default.pfnn --against crates/chess/networks/default.pfnn \
//!     --parameters reverse_futility_margin=72 --openings 1000 --random-plies 4 --parallel 2
//! ```
//!
//! Options: `--nodes N` (per move; default 20,000) or `--ms M` (per move, instead of nodes),
//! `--against FILE` (the other side searches with that network instead of the classical
//! evaluation: two networks compared), `--parameters LIST` and `--against-parameters LIST`
//! (`SearchParameters` of each side, `name=value,...`; the defaults otherwise), `--variant V`
//! and `--against-variant V` (each side's techniques: the engine's `Config::selective()` with
//! the techniques `V` switches, as `without-lmr-with-countermove`), `--openings N`
//! (starts, default 100: the first N openings of the file, or with `--random-plies R` the
//! file's openings in turn, as many times as needed, each followed by R random legal moves:
//! at a fixed node count a start gives the same game every time it is played, so many games
//! need many starts), `--seed S` (of the random moves, default 1), `--parallel P` (games played
//! at once, default 1: at a fixed time, each game needs a core of its own), `--phase-nodes
//! FROM-TO:F` (with `--nodes`: the first side searches F times the nodes on its moves FROM to
//! TO, counted from each start, the opening and its random plies, as move 1: a match then says
//! what more time is worth in one phase of the game, which a time manager decides). Prints the
//! network's wins, draws and losses and the Elo difference with its 95 % interval. Games end
//! by the rules or are adjudicated a draw after [`MAX_PLIES`].

use plyforge_chess::nnue::{Network, NnueBoard, NnueEvaluation};
use plyforge_chess::{Board, Evaluation};
use plyforge_lab::chess_games::{match_starts, play as play_game};
use plyforge_lab::match_score::{MatchScore, play_games};
use plyforge_lab::techniques::selective_variant;
use plyforge_search::{Config, Evaluator, Game, Limits, SearchParameters, Searcher};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game still running after this many plies is scored a draw.
const MAX_PLIES: usize = 400;
/// Nodes per move when neither nodes nor time is given.
const DEFAULT_NODES: u64 = 20_000;
/// Openings played when no count is given.
const DEFAULT_OPENINGS: usize = 100;
/// Evaluations of each position in the speed measure.
const SPEED_ROUNDS: usize = 200;

/// The first side's moves that search more nodes: `--phase-nodes FROM-TO:FACTOR`.
#[derive(Clone, Copy)]
struct PhaseNodes {
    /// The first and the last move number (the start, the opening and its random plies, is
    /// move 1).
    moves: (u16, u16),
    /// How many times the nodes of the other moves.
    factor: u64,
}

impl std::str::FromStr for PhaseNodes {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let malformed = || format!("--phase-nodes: FROM-TO:FACTOR, not {text:?}");
        let (moves, factor) = text.split_once(':').ok_or_else(malformed)?;
        let (from, to) = moves.split_once('-').ok_or_else(malformed)?;
        let number = |text: &str| text.parse::<u16>().map_err(|_| malformed());
        let (from, to) = (number(from)?, number(to)?);
        let factor = factor.parse::<u64>().map_err(|_| malformed())?;
        if from == 0 || from > to || factor == 0 {
            return Err(malformed());
        }
        Ok(PhaseNodes {
            moves: (from, to),
            factor,
        })
    }
}

/// Nodes searched and seconds spent by each side of a match: the network's, the classical's.
#[derive(Default)]
struct Effort {
    nodes: [u64; 2],
    seconds: [f64; 2],
}

/// Plays one game from `opening`, the network as the player to move at the start or the
/// other, against the `against` network or else the classical evaluation, each side with its
/// search configuration (the network's first) and `limits` (the network's `phase_limits` on the
/// moves of the phase); returns the network's points (1, ½ or 0) and adds each side's work to
/// `effort`.
fn play(
    opening: &Board,
    network_first: bool,
    (network, against): (&Arc<Network>, Option<&Arc<Network>>),
    configs: &[Config; 2],
    limits: &Limits<<Board as Game>::Move>,
    phase_limits: Option<(PhaseNodes, &Limits<<Board as Game>::Move>)>,
    effort: &Mutex<Effort>,
) -> f64 {
    let config = |side: usize| configs[side].clone();
    let mut network_searcher = Searcher::new(config(0));
    let mut other_searcher = Searcher::new(config(1));
    let mut classical_searcher = Searcher::new(config(1));
    play_game(
        opening,
        network_first,
        MAX_PLIES,
        |board, history, network_to_move| {
            let start = Instant::now();
            let move_number = board.fullmove_number() + 1 - opening.fullmove_number();
            let limits = match phase_limits {
                Some((phase, phase_limits))
                    if network_to_move
                        && (phase.moves.0..=phase.moves.1).contains(&move_number) =>
                {
                    phase_limits
                }
                _ => limits,
            };
            let result = match (network_to_move, against) {
                (true, _) => {
                    let position = NnueBoard::new(*board, Arc::clone(network));
                    network_searcher.search(&position, &NnueEvaluation, limits, history, |_| {})
                }
                (false, Some(other)) => {
                    let position = NnueBoard::new(*board, Arc::clone(other));
                    other_searcher.search(&position, &NnueEvaluation, limits, history, |_| {})
                }
                (false, None) => {
                    classical_searcher.search(board, &Evaluation, limits, history, |_| {})
                }
            }
            .expect("the game is not over");
            let side = usize::from(!network_to_move);
            let mut effort = effort.lock().expect("no game thread panics");
            effort.nodes[side] += result.nodes;
            effort.seconds[side] += start.elapsed().as_secs_f64();
            result.best_move
        },
    )
}

/// A variant as the summary line names it: the engine's own techniques when empty.
fn variant_name(variant: &str) -> &str {
    if variant.is_empty() {
        "selective"
    } else {
        variant
    }
}

/// Evaluations a second of `evaluator` over `positions`, and the sum of its scores (so that the
/// work is not optimised away).
fn speed(evaluator: &impl Evaluator<Board>, positions: &[Board]) -> (f64, i64) {
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..SPEED_ROUNDS {
        for board in positions {
            sum += i64::from(evaluator.evaluate(board, 0));
        }
    }
    let count = (SPEED_ROUNDS * positions.len()) as f64;
    (count / start.elapsed().as_secs_f64(), sum)
}

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: chess_eval_match <openings.epd> <network.pfnn> [--nodes N | --ms M] \
                     [--against other.pfnn] [--parameters LIST] [--against-parameters LIST] \
                     [--variant V] [--against-variant V] \
                     [--openings N] [--random-plies R] [--seed S] [--parallel P] \
                     [--phase-nodes FROM-TO:F]";

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [openings_path, network_path, rest @ ..] = args.as_slice() else {
        return Err(USAGE.to_string());
    };
    let (mut nodes, mut milliseconds, mut count, mut parallel) =
        (DEFAULT_NODES, None, DEFAULT_OPENINGS, 1usize);
    let mut against_path = None;
    let mut parameters = [SearchParameters::default(); 2];
    let mut variants = [String::new(), String::new()];
    let mut techniques = [Config::selective().techniques; 2];
    let (mut random_plies, mut seed) = (0usize, 1u64);
    let mut phase = None;
    for (flag, value) in plyforge_lab::option_pairs(rest, USAGE)? {
        let number = || plyforge_lab::positive_number(flag, value);
        match flag {
            "--against" => against_path = Some(value.to_string()),
            "--nodes" => nodes = number()?,
            "--ms" => milliseconds = Some(number()?),
            "--parameters" | "--against-parameters" => {
                parameters[usize::from(flag == "--against-parameters")] =
                    value.parse().map_err(|error| format!("{flag}: {error}"))?;
            }
            "--variant" | "--against-variant" => {
                let side = usize::from(flag == "--against-variant");
                techniques[side] = selective_variant(value)
                    .map_err(|error| format!("{flag}: {error}"))?
                    .techniques;
                variants[side] = value.to_string();
            }
            "--openings" => count = number()? as usize,
            "--random-plies" => random_plies = number()? as usize,
            "--seed" => {
                seed = value
                    .parse()
                    .map_err(|_| format!("--seed: a whole number, not {value:?}"))?;
            }
            "--parallel" => parallel = number()? as usize,
            "--phase-nodes" => phase = Some(value.parse::<PhaseNodes>()?),
            _ => return Err(format!("unknown option {flag:?}; {USAGE}")),
        }
    }
    let read_network = |path: &str| -> Result<Arc<Network>, String> {
        let bytes = std::fs::read(path).map_err(|error| format!("cannot read {path}: {error}"))?;
        Ok(Arc::new(
            Network::from_bytes(&bytes).map_err(|error| format!("{path}: {error}"))?,
        ))
    };
    let network = read_network(network_path)?;
    let against = against_path.as_deref().map(read_network).transpose()?;
    let opponent = against_path.as_deref().unwrap_or("classical");
    let openings = match_starts(
        plyforge_lab::read_openings(openings_path)?,
        count,
        random_plies,
        seed,
    );

    let (network_speed, network_sum) = speed(&*network, &openings);
    let (classical_speed, classical_sum) = speed(&Evaluation, &openings);
    println!(
        "evaluations a second on the {} openings: network (hidden {}) {:.2} M, classical {:.2} M \
         ({:.2}x); mean scores {:.0} and {:.0} cp",
        openings.len(),
        network.hidden_size(),
        network_speed / 1e6,
        classical_speed / 1e6,
        network_speed / classical_speed,
        network_sum as f64 / (SPEED_ROUNDS * openings.len()) as f64,
        classical_sum as f64 / (SPEED_ROUNDS * openings.len()) as f64,
    );

    let limits = match milliseconds {
        Some(ms) => Limits::time(Duration::from_millis(ms), Duration::from_millis(ms)),
        None => Limits::nodes(nodes),
    };
    if phase.is_some() && milliseconds.is_some() {
        return Err("--phase-nodes needs --nodes, not --ms".to_string());
    }
    let phase_limits = phase.map(|phase| (phase, Limits::nodes(nodes * phase.factor)));
    let mut per_move = milliseconds.map_or(format!("{nodes} nodes"), |ms| format!("{ms} ms"));
    if let Some(phase) = phase {
        per_move.push_str(&format!(
            " ({} on the network's moves {} to {})",
            nodes * phase.factor,
            phase.moves.0,
            phase.moves.1
        ));
    }
    // Each side's parameters by what differs from the defaults.
    let configs = [0, 1].map(|side| {
        Config::selective()
            .with_techniques(techniques[side])
            .with_parameters(parameters[side])
    });
    let [ours, theirs] = parameters.map(|side| {
        let defaults = SearchParameters::default();
        let changed: Vec<String> = SearchParameters::SPECS
            .iter()
            .filter_map(|spec| {
                let value = side.get(spec.name)?;
                (Some(value) != defaults.get(spec.name)).then(|| format!("{}={value}", spec.name))
            })
            .collect();
        if changed.is_empty() {
            "default".to_string()
        } else {
            changed.join(",")
        }
    });
    println!(
        "network against {opponent}, {per_move} a move, {} starts ({random_plies} random plies \
         after each opening) x 2 colours, {parallel} at once; search parameters {ours} against \
         {theirs}; techniques {} against {}",
        openings.len(),
        variant_name(&variants[0]),
        variant_name(&variants[1]),
    );
    let effort = Mutex::new(Effort::default());
    let start = Instant::now();
    let points = play_games(
        2 * openings.len(),
        parallel,
        || (),
        |(), game| {
            play(
                &openings[game / 2],
                game.is_multiple_of(2),
                (&network, against.as_ref()),
                &configs,
                &limits,
                phase_limits
                    .as_ref()
                    .map(|(phase, limits)| (*phase, limits)),
                &effort,
            )
        },
    );
    let effort = effort.into_inner().expect("no game thread panics");
    let speed = |side: usize| effort.nodes[side] as f64 / effort.seconds[side].max(1e-9) / 1e6;
    println!(
        "network: {} ({:.0} s); nodes a second in the games: network {:.2} M, {opponent} \
         {:.2} M ({:.2}x)",
        MatchScore::new(points),
        start.elapsed().as_secs_f64(),
        speed(0),
        speed(1),
        speed(0) / speed(1)
    );
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}

#[cfg(test)]
mod tests {
    use super::PhaseNodes;

    #[test]
    fn phase_nodes_read_a_range_of_moves_and_a_factor() {
        let phase: PhaseNodes = "11-20:2".parse().unwrap();
        assert_eq!((phase.moves, phase.factor), ((11, 20), 2));
        let one_move: PhaseNodes = "7-7:3".parse().unwrap();
        assert_eq!((one_move.moves, one_move.factor), ((7, 7), 3));
        for wrong in [
            "", "11-20", "11:2", "20-11:2", "0-10:2", "1-10:0", "a-10:2", "1-10:x",
        ] {
            assert!(wrong.parse::<PhaseNodes>().is_err(), "{wrong:?}");
        }
    }
}
