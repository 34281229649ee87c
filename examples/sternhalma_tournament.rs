//! Multi-player searches against each other at an equal node budget, as Schadd and Winands (2011)
//! compared them, or at equal time per move (`--ms`, which Monte Carlo tree search needs: its nodes
//! are not the other searches' nodes): for each pair of algorithms and each player count, every
//! assignment of the two algorithms to the seats (both present), each played `--repeat` times
//! (repeats after the first open with one random move per player, so that deterministic searches
//! play different games); a seat rotation is one of those assignments. Each pair is a match of
//! the search crate's [`Arena`] on `--jobs` threads. Prints each algorithm's score against the
//! other with its 95 % interval (Wilson), and first the two-player score of the alpha-beta AI
//! against a greedy one-ply player.
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
//! There are `2^n - 2` assignments per pair: 2 for two players, 6 for three, 14 for four, 62
//! for six. `--players all` is 2,3,4,6 and `--algorithms all` every strategy (the five
//! searches and the greedy one-ply player): every player count among every algorithm in one
//! command, e.g. `-- --players all --algorithms all --ms 20 --greedy-games 0`.

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::mcts::{MctsConfig, Rollout};
use plyforge::search::{
    Algorithm, Arena, Entrant, Limits, MatchResult, Opening, Player, RandomPlayer, Standing,
    every_assignment,
};
use plyforge::sternhalma::{
    Ai, MCTS_EPSILON, MCTS_EVAL_SCALE, MCTS_EXPLORATION, MCTS_IMPLICIT_WEIGHT, MCTS_PRIOR_WEIGHT,
    MCTS_ROLLOUT_PLIES, Move, PlayerCount, Position, Strategy, mcts_config,
};
use std::process::ExitCode;
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
greedy player. --players all is 2,3,4,6; --algorithms all adds mcts and greedy to the four
minimax searches. The --mcts-* options change Monte Carlo tree search's settings.";

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
            "--players" if value == "all" => {
                options.players = vec![
                    PlayerCount::Two,
                    PlayerCount::Three,
                    PlayerCount::Four,
                    PlayerCount::Six,
                ];
            }
            "--algorithms" if value == "all" => options.algorithms = Strategy::ALL.to_vec(),
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

/// The limits of every move.
fn limits(options: &Options) -> Limits<Move> {
    if options.ms > 0 {
        let time = Duration::from_millis(options.ms);
        Limits::time(time, time)
    } else {
        Limits::nodes(options.nodes)
    }
}

/// An entrant playing `strategy` within the options' limits.
fn entrant(strategy: Strategy, options: &Options) -> Entrant<'_, Position> {
    Entrant::new(strategy.name(), move |_| match strategy {
        Strategy::Search(Algorithm::MonteCarlo) => Ai::mcts(options.mcts.clone(), limits(options)),
        _ => Ai::new(strategy, limits(options)),
    })
}

/// The start position, then `repeats - 1` openings of one random move per player.
fn openings(players: PlayerCount, repeats: usize) -> Vec<Opening<Position>> {
    (0..repeats)
        .map(|repeat| {
            let mut opening = Opening::position(Position::new(players));
            let mut random = RandomPlayer::new(repeat as u64 * 104_729);
            for _ in 0..if repeat == 0 { 0 } else { players.get() } {
                let mv = random
                    .choose(&opening.position, &opening.history)
                    .expect("the start has moves");
                opening.history.push(opening.position.hash());
                opening.position.play(mv);
            }
            opening
        })
        .collect()
}

/// Plays the arena with a progress bar; `None` (said on standard error) when it cannot run.
fn run(arena: &Arena<'_, Position>) -> Option<MatchResult<Move>> {
    let bar = ProgressBar::new(arena.game_count() as u64).with_style(
        ProgressStyle::with_template("  {bar:30} {pos}/{len} games, {msg}, {eta} left")
            .expect("a valid template"),
    );
    let result = arena.run(|progress| {
        bar.inc(1);
        bar.set_message(format!(
            "{} {:.1} %",
            progress.standings[0].name,
            100.0 * progress.standings[0].score()
        ));
    });
    bar.finish_and_clear();
    result.map_err(|error| eprintln!("error: {error}")).ok()
}

/// A standing as a percentage with its 95 % interval.
fn rate(standing: &Standing) -> String {
    let (low, high) = standing.interval();
    format!(
        "{:5.1} % [{:4.1}, {:4.1}]",
        100.0 * standing.score(),
        100.0 * low,
        100.0 * high
    )
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
    // Each opening with the AI as player 1 and as player 2.
    let arena = Arena::new(vec![
        entrant(Strategy::Search(Algorithm::Paranoid), options),
        entrant(Strategy::Greedy, options),
    ])
    .with_openings(openings(PlayerCount::Two, options.greedy_games.div_ceil(2)))
    .with_threads(options.jobs);
    let Some(result) = run(&arena) else { return };
    let ai = &result.standings[0];
    println!(
        "2 players, alpha-beta ({} per move) against greedy one-ply: won {} of {} games ({}), {} draws  [{:.0} s]",
        budget(options),
        ai.wins,
        ai.games(),
        rate(ai),
        ai.draws,
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
             (score of the first algorithm of the pair against the second, 95 % interval; draws \
             count half):",
            options.repeat
        );
        let mut totals = vec![Standing::default(); options.algorithms.len()];
        for (a, &first) in options.algorithms.iter().enumerate() {
            for (b, &second) in options.algorithms.iter().enumerate().skip(a + 1) {
                let clock = Instant::now();
                let arena = Arena::new(vec![entrant(first, &options), entrant(second, &options)])
                    .with_openings(openings(players, options.repeat))
                    .with_seatings(every_assignment(2, n))
                    .with_threads(options.jobs);
                let Some(result) = run(&arena) else {
                    return ExitCode::FAILURE;
                };
                for (total, standing) in [(a, &result.standings[0]), (b, &result.standings[1])] {
                    let total = &mut totals[total];
                    total.wins += standing.wins;
                    total.draws += standing.draws;
                    total.losses += standing.losses;
                    total.points += standing.points;
                }
                let standing = &result.standings[0];
                println!(
                    "  {first:>8} vs {second:<8} {:4} games: {first} {}  ({} draws)  [{:.0} s]",
                    standing.games(),
                    rate(standing),
                    standing.draws,
                    clock.elapsed().as_secs_f64()
                );
            }
        }
        println!("  overall, against every other algorithm:");
        for (algorithm, total) in options.algorithms.iter().zip(&totals) {
            println!(
                "  {algorithm:>8}: {} of {} games",
                rate(total),
                total.games()
            );
        }
    }
    ExitCode::SUCCESS
}
