//! Multi-player searches against each other at an equal node budget, as Schadd and Winands (2011)
//! compared them, or at equal time per move (`--ms`, which Monte Carlo tree search needs: its nodes
//! are not the other searches' nodes): for each pair of algorithms and each player count, every
//! assignment of the two algorithms to the seats (both present), each played `--repeat` times
//! (repeats after the first open with one random move per player, so that deterministic searches
//! play different games); a seat rotation is one of those assignments. Prints each algorithm's win
//! rate against the other with a 95 % confidence interval (normal approximation), and first the
//! two-player rate of the alpha-beta AI against a greedy one-ply player.
//!
//! ```text
//! cargo run --release --example sternhalma_tournament -- [--nodes N | --ms M] [--players 3,4,6]
//!     [--repeat R] [--greedy-games G] [--algorithms paranoid,maxn,brs,brs+,mcts] [--jobs J]
//!     [--mcts-c C] [--mcts-plies P] [--mcts-epsilon E] [--mcts-scale S] [--mcts-prior W]
//!     [--mcts-implicit A] [--mcts-leaf-depth D] [--mcts-root-turn 0|1]
//! ```
//! The `--mcts-*` options change Monte Carlo tree search's exploration constant, rollout plies
//! before the evaluation, share of random rollout moves, evaluation scale, progressive-bias
//! weight, implicit-minimax weight, the depth of the search that scores leaves and whether
//! rollouts are cut off only on the root player's turn (defaults:
//! `plyforge_sternhalma::mcts_config`).
//! There are `2^n - 2` assignments per pair: 6 for three players, 14 for four, 62 for six.

use plyforge::search::mcts::{MctsConfig, Rollout};
use plyforge::search::{Algorithm, Limits};
use plyforge::sternhalma::{
    Ai, MCTS_EPSILON, MCTS_EVAL_SCALE, MCTS_EXPLORATION, MCTS_IMPLICIT_WEIGHT, MCTS_PRIOR_WEIGHT,
    MCTS_ROLLOUT_PLIES, PlayerCount, Position, Strategy, mcts_config,
};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use std::time::Instant;

/// The answer to `--help`.
const USAGE: &str = "\
usage: sternhalma_tournament [--nodes N | --ms M] [--players 3,4,6] [--repeat R]
           [--greedy-games G] [--algorithms paranoid,maxn,brs,brs+,mcts] [--jobs J]
           [--mcts-c C] [--mcts-plies P] [--mcts-epsilon E] [--mcts-scale S] [--mcts-prior W]
           [--mcts-implicit A] [--mcts-leaf-depth D] [--mcts-root-turn 0|1]
The multi-player searches against each other, every pair in every seat assignment, at an
equal node budget (default 5000 nodes a move) or equal time (--ms); prints each algorithm's
win rate against the other with a 95 % interval, after the two-player alpha-beta AI against a
greedy player. The --mcts-* options change Monte Carlo tree search's settings.";

/// The z value of a two-sided 95 % confidence interval.
const Z_95: f64 = 1.96;

/// Settings from the command line.
struct Options {
    nodes: u64,
    /// Time per move in milliseconds instead of the node budget (0: nodes).
    ms: u64,
    mcts: MctsConfig,
    players: Vec<PlayerCount>,
    repeat: usize,
    greedy_games: usize,
    algorithms: Vec<Strategy>,
    jobs: usize,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        nodes: 5_000,
        ms: 0,
        mcts: mcts_config(),
        players: vec![PlayerCount::Three, PlayerCount::Four, PlayerCount::Six],
        repeat: 1,
        greedy_games: 20,
        algorithms: vec![
            Strategy::Search(Algorithm::Paranoid),
            Strategy::Search(Algorithm::MaxN),
            Strategy::Search(Algorithm::BestReply),
            Strategy::Search(Algorithm::BestReplyPlus),
        ],
        jobs: 2,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut c, mut plies, mut epsilon, mut scale, mut prior, mut implicit) = (
        MCTS_EXPLORATION,
        MCTS_ROLLOUT_PLIES,
        MCTS_EPSILON,
        MCTS_EVAL_SCALE,
        MCTS_PRIOR_WEIGHT,
        MCTS_IMPLICIT_WEIGHT,
    );
    let mut leaf_depth = mcts_config().leaf_search_depth;
    let mut root_turn = mcts_config().cut_off_on_root_turn;
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{} wants a whole number, got {value:?}", args[i]))
        };
        let real = || {
            value
                .parse::<f32>()
                .map_err(|_| format!("{} wants a number, got {value:?}", args[i]))
        };
        match args[i].as_str() {
            "--nodes" => options.nodes = number()?.max(1),
            "--ms" => options.ms = number()?,
            "--mcts-c" => c = real()?,
            "--mcts-plies" => plies = number()? as u32,
            "--mcts-epsilon" => epsilon = real()?,
            "--mcts-scale" => scale = real()?,
            "--mcts-prior" => prior = real()?,
            "--mcts-implicit" => implicit = real()?,
            "--mcts-leaf-depth" => leaf_depth = number()? as u32,
            "--mcts-root-turn" => root_turn = number()? != 0,
            "--repeat" => options.repeat = number()?.max(1) as usize,
            "--greedy-games" => options.greedy_games = number()? as usize,
            "--jobs" => options.jobs = number()?.max(1) as usize,
            "--players" => {
                options.players = value
                    .split(',')
                    .map(|p| p.parse::<PlayerCount>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
            }
            "--algorithms" => {
                options.algorithms = value
                    .split(',')
                    .map(|a| a.parse::<Strategy>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        i += 2;
    }
    options.mcts = mcts_config()
        .with_exploration(c)
        .with_rollout_limit(Some(plies))
        .with_rollout(Rollout::HintGreedy { epsilon })
        .with_eval_scale(scale)
        .with_prior_weight(prior)
        .with_implicit_weight(implicit)
        .with_leaf_search_depth(leaf_depth)
        .with_cut_off_on_root_turn(root_turn);
    Ok(options)
}

/// One game to play: the algorithm of each seat and the seed of its opening (0: none).
#[derive(Clone)]
struct Match {
    seats: Vec<Strategy>,
    seed: u64,
}

/// How a game ended: the winning seat, or `None` for a draw by the move limit.
fn play(players: PlayerCount, game: &Match, options: &Options) -> Option<usize> {
    let mut position = Position::new(players);
    let limits = if options.ms > 0 {
        let time = Duration::from_millis(options.ms);
        Limits::time(time, time)
    } else {
        Limits::nodes(options.nodes)
    };
    let mut ais: Vec<Ai> = game
        .seats
        .iter()
        .map(|&algorithm| match algorithm {
            Strategy::Search(Algorithm::MonteCarlo) => {
                Ai::mcts(options.mcts.clone(), limits.clone())
            }
            _ => Ai::new(algorithm, limits.clone()),
        })
        .collect();
    if game.seed != 0 {
        let mut state = game.seed;
        for _ in 0..players.get() {
            // xorshift64*: one random opening move per player.
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let moves = position.legal_moves();
            let pick = state.wrapping_mul(0x2545_F491_4F6C_DD1D) % moves.len() as u64;
            position.play(moves[pick as usize]);
        }
    }
    while position.outcome().is_none() {
        let seat = position.to_move();
        let choice = ais[seat]
            .choose(&position)
            .expect("a position without an outcome has a move");
        position.play(choice.mv);
    }
    position.winner()
}

/// Plays `games` on `jobs` threads; returns each game's result in order.
fn play_all(players: PlayerCount, games: &[Match], options: &Options) -> Vec<Option<usize>> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; games.len()]);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(game) = games.get(index) else { break };
                    let winner = play(players, game, options);
                    results.lock().expect("no thread panics while holding it")[index] = winner;
                }
            });
        }
    });
    results.into_inner().expect("no thread panicked")
}

/// `wins` out of `games` as a percentage with the half-width of its 95 % interval.
fn rate(wins: f64, games: usize) -> String {
    if games == 0 {
        return "-".to_string();
    }
    let p = wins / games as f64;
    let half = Z_95 * (p * (1.0 - p) / games as f64).sqrt();
    format!("{:5.1} % ± {:4.1}", 100.0 * p, 100.0 * half)
}

/// The budget per move in words.
fn budget(options: &Options) -> String {
    if options.ms > 0 {
        format!("{} ms", options.ms)
    } else {
        format!("{} nodes", options.nodes)
    }
}

fn greedy_baseline(options: &Options) {
    if options.greedy_games == 0 {
        return;
    }
    let clock = Instant::now();
    // Half the games with the AI as player 1, half as player 2; every game after the first two
    // opens with random moves.
    let games: Vec<Match> = (0..options.greedy_games)
        .map(|i| Match {
            seats: if i % 2 == 0 {
                vec![Strategy::Search(Algorithm::Paranoid), Strategy::Greedy]
            } else {
                vec![Strategy::Greedy, Strategy::Search(Algorithm::Paranoid)]
            },
            seed: (i / 2) as u64 * 7919,
        })
        .collect();
    let results = play_all(PlayerCount::Two, &games, options);
    let wins = results
        .iter()
        .zip(&games)
        .filter(|(winner, game)| {
            winner.is_some_and(|seat| game.seats[seat] == Strategy::Search(Algorithm::Paranoid))
        })
        .count();
    let draws = results.iter().filter(|winner| winner.is_none()).count();
    println!(
        "2 players, alpha-beta ({} per move) against greedy one-ply: won {wins} of {} games ({}), {draws} draws  [{:.0} s]",
        budget(options),
        games.len(),
        rate(wins as f64, games.len()),
        clock.elapsed().as_secs_f64()
    );
}

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    greedy_baseline(&options);
    for &players in &options.players {
        let n = players.get();
        println!();
        let budget = budget(&options);
        println!(
            "{n} players, {budget} per move, every assignment of two algorithms to the seats × {} \
             (win rate of the first algorithm of the pair against the second; draws count half):",
            options.repeat
        );
        let mut totals: Vec<(f64, usize)> = vec![(0.0, 0); options.algorithms.len()];
        for (a, &first) in options.algorithms.iter().enumerate() {
            for (b, &second) in options.algorithms.iter().enumerate().skip(a + 1) {
                let clock = Instant::now();
                let mut games = Vec::new();
                // Seat masks: bit s set means seat s plays `first`; both algorithms present.
                for mask in 1..(1u32 << n) - 1 {
                    for repeat in 0..options.repeat {
                        let seats = (0..n)
                            .map(|s| if mask >> s & 1 == 1 { first } else { second })
                            .collect();
                        let seed = repeat as u64 * 104_729 + mask as u64;
                        games.push(Match {
                            seats,
                            seed: if repeat == 0 { 0 } else { seed },
                        });
                    }
                }
                let results = play_all(players, &games, &options);
                let mut score_first = 0.0;
                let mut draws = 0;
                for (winner, game) in results.iter().zip(&games) {
                    match winner {
                        Some(seat) if game.seats[*seat] == first => score_first += 1.0,
                        Some(_) => {}
                        None => {
                            score_first += 0.5;
                            draws += 1;
                        }
                    }
                }
                let count = games.len();
                totals[a].0 += score_first;
                totals[a].1 += count;
                totals[b].0 += count as f64 - score_first;
                totals[b].1 += count;
                println!(
                    "  {first:>8} vs {second:<8} {count:4} games: {first} {}  ({draws} draws)  [{:.0} s]",
                    rate(score_first, count),
                    clock.elapsed().as_secs_f64()
                );
            }
        }
        println!("  overall, against every other algorithm:");
        for (algorithm, (score, count)) in options.algorithms.iter().zip(&totals) {
            println!(
                "  {algorithm:>8}: {} of {count} games",
                rate(*score, *count)
            );
        }
    }
    ExitCode::SUCCESS
}
