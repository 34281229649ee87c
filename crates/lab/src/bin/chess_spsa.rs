//! SPSA tuning of the chess engine's search parameters by self-play, as OpenBench tunes them:
//! each iteration plays pairs of games (one opening, colours reversed) between the engine with
//! the parameters moved by `+c_k` and by `−c_k` (random signs), and steps the parameters by the
//! result (`plyforge_lab::spsa`). Games are played in-process, node-limited by default, so that
//! a loaded machine plays the same games as an idle one and a seed gives the same run.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_spsa -- --iterations 2000 \
//!     --params reverse_futility_margin,futility_margin,lmr_divisor --nodes 6000 --seed 1
//! ```
//!
//! Options:
//! - `--openings FILE` (default `crates/lab/data/openings-8ply.epd`): an opening is drawn at
//!   random for each pair.
//! - `--params LIST`: comma-separated names of `SearchParameters` (default: the margins and
//!   reductions of `DEFAULT_PARAMS`); `name:min:max:c_end` sets the tuning range and the last
//!   perturbation, which are otherwise the default ÷ 2 to the default × 2 (within the declared
//!   range) and a tenth of the default (at least 1).
//! - `--start LIST`: the starting values, `name=value,...` (the defaults otherwise).
//! - `--iterations N` (default 1000), `--pairs N` game pairs per iteration (default 1).
//! - `--r-end R` (default 0.002, OpenBench's), `--stability-share S` (`A` as a share of the
//!   iterations, default 0.1).
//! - `--nodes N` per move (default 6000), or `--tc BASE+INC` in seconds for games on a clock.
//! - `--hash MIB` per engine (default 4), `--seed S` (default 1).
//! - `--report-every N` (default 25): the values go to standard output and to `--out FILE`
//!   (default `/tmp/chess_spsa-<seed>.txt`) every N iterations and at the end.
//!
//! Games end by the rules or by adjudication: a side both engines score at least
//! [`RESIGN_SCORE`] ahead for [`RESIGN_PLIES`] plies in a row wins; after [`DRAW_FROM_PLY`]
//! plies, [`DRAW_PLIES`] plies in a row within [`DRAW_SCORE`] of 0 are a draw; [`MAX_PLIES`]
//! plies are a draw.

use plyforge_chess::nnue::NnueEvaluation;
use plyforge_chess::{Board, GameHistory, Move};
use plyforge_lab::chess_games::{engine_position, points};
use plyforge_lab::progress;
use plyforge_lab::spsa::{Perturbation, Schedule, SplitMix64, Spsa, TunedParameter};
use plyforge_search::{Config, Game, Limits, SearchParameters, Searcher, score::Score};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The parameters tuned when none are named: the pruning margins and the reductions, the
/// numbers most likely to matter and continuous enough for SPSA's small steps.
const DEFAULT_PARAMS: &str = "reverse_futility_margin,futility_base,futility_margin,lmr_base,\
lmr_divisor,lmr_history_divisor,exchange_noisy_margin,exchange_quiet_margin,history_bonus_scale,\
aspiration_window";
/// A side both engines see this far ahead for [`RESIGN_PLIES`] plies wins.
const RESIGN_SCORE: Score = 800;
/// See [`RESIGN_SCORE`].
const RESIGN_PLIES: usize = 6;
/// Draw adjudication starts after this many plies...
const DRAW_FROM_PLY: usize = 80;
/// ... and needs this many plies in a row...
const DRAW_PLIES: usize = 10;
/// ... within this much of 0.
const DRAW_SCORE: Score = 10;
/// A game still running after this many plies is a draw.
const MAX_PLIES: usize = 400;
/// A clock's moves are given this share of the remaining time plus the increment.
const CLOCK_MOVES_LEFT: u32 = 25;

/// How each move is limited.
#[derive(Debug, Clone, Copy)]
enum Control {
    Nodes(u64),
    Clock { base: Duration, increment: Duration },
}

/// The run's settings, from the command line.
struct Options {
    openings: String,
    params: String,
    start: SearchParameters,
    iterations: u64,
    pairs: u64,
    r_end: f64,
    stability_share: f64,
    control: Control,
    hash_mib: usize,
    seed: u64,
    report_every: u64,
    out: Option<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        openings: "crates/lab/data/openings-8ply.epd".to_string(),
        params: DEFAULT_PARAMS.to_string(),
        start: SearchParameters::default(),
        iterations: 1000,
        pairs: 1,
        r_end: plyforge_lab::spsa::DEFAULT_R_END,
        stability_share: plyforge_lab::spsa::DEFAULT_STABILITY_SHARE,
        control: Control::Nodes(6000),
        hash_mib: 4,
        seed: 1,
        report_every: 25,
        out: None,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let positive = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{what} must be a positive whole number, got {value:?}"))
        };
        let real = |what: &str| -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|r| r.is_finite() && *r >= 0.0)
                .ok_or_else(|| format!("{what} must be a number at least 0, got {value:?}"))
        };
        match flag.as_str() {
            "--openings" => options.openings = value.clone(),
            "--params" => options.params = value.clone(),
            "--start" => {
                options.start = value.parse().map_err(|error| format!("--start: {error}"))?;
            }
            "--iterations" => options.iterations = positive("--iterations")?,
            "--pairs" => options.pairs = positive("--pairs")?,
            "--r-end" => options.r_end = real("--r-end")?,
            "--stability-share" => options.stability_share = real("--stability-share")?,
            "--nodes" => options.control = Control::Nodes(positive("--nodes")?),
            "--tc" => options.control = parse_clock(value)?,
            "--hash" => options.hash_mib = positive("--hash")? as usize,
            "--seed" => {
                options.seed = value
                    .parse()
                    .map_err(|_| format!("--seed must be a whole number, got {value:?}"))?;
            }
            "--report-every" => options.report_every = positive("--report-every")?,
            "--out" => options.out = Some(value.clone()),
            _ => {
                return Err(format!(
                    "unknown option {flag:?} (see the source's doc comment)"
                ));
            }
        }
    }
    Ok(options)
}

/// `base+increment` in seconds.
fn parse_clock(text: &str) -> Result<Control, String> {
    let error = || format!("--tc takes BASE+INC in seconds (3+0.03), got {text:?}");
    let (base, increment) = text.split_once('+').ok_or_else(error)?;
    let seconds = |part: &str| {
        part.parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64)
            .ok_or_else(error)
    };
    let (base, increment) = (seconds(base)?, seconds(increment)?);
    if base.is_zero() {
        return Err(error());
    }
    Ok(Control::Clock { base, increment })
}

/// The parameters to tune from `list` (`name` or `name:min:max:c_end`), starting at `start`.
fn tuned_parameters(
    list: &str,
    start: &SearchParameters,
    r_end: f64,
) -> Result<Vec<TunedParameter>, String> {
    let mut tuned: Vec<TunedParameter> = Vec::new();
    for item in list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let mut fields = item.split(':');
        let name = fields.next().unwrap_or_default();
        let spec = SearchParameters::spec(name)
            .ok_or_else(|| format!("no search parameter is named {name:?}"))?;
        if tuned.iter().any(|earlier| earlier.name == name) {
            return Err(format!("{name} is named twice"));
        }
        let default = f64::from(spec.default);
        let (declared_min, declared_max) = (f64::from(spec.min), f64::from(spec.max));
        let (mut min, mut max) = if default > 0.0 {
            (
                (default / 2.0).max(declared_min),
                (default * 2.0).min(declared_max),
            )
        } else {
            (declared_min, declared_max)
        };
        let mut c_end = (default.abs() / 10.0).max(1.0);
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            let numbers: Vec<f64> = rest
                .iter()
                .map(|text| text.parse::<f64>().ok().filter(|x| x.is_finite()))
                .collect::<Option<_>>()
                .filter(|numbers: &Vec<f64>| numbers.len() == 3)
                .ok_or_else(|| format!("{item:?}: expected name:min:max:c_end"))?;
            (min, max, c_end) = (numbers[0], numbers[1], numbers[2]);
            if !(declared_min <= min && min <= max && max <= declared_max && c_end > 0.0) {
                return Err(format!(
                    "{item:?}: the range must lie within {}..={} and c_end be positive",
                    spec.min, spec.max
                ));
            }
        }
        let value = f64::from(start.get(name).expect("a declared name")).clamp(min, max);
        tuned.push(TunedParameter {
            name: name.to_string(),
            value,
            min,
            max,
            c_end,
            r_end,
        });
    }
    if tuned.is_empty() {
        return Err("no parameters to tune".to_string());
    }
    Ok(tuned)
}

/// `base` with the tuned parameters at `values`, rounded.
fn with_values(
    base: &SearchParameters,
    tuned: &[TunedParameter],
    values: &[f64],
) -> SearchParameters {
    let mut parameters = *base;
    for (parameter, value) in tuned.iter().zip(values) {
        parameters
            .set(&parameter.name, value.round() as i32)
            .expect("tuned values stay within the declared ranges");
    }
    parameters
}

/// A game's result for the engine that moved first: 1, ½ or 0.
fn play(opening: &Board, first: &Config, second: &Config, control: Control) -> f64 {
    let mut searchers = [Searcher::new(first.clone()), Searcher::new(second.clone())];
    let first_player = opening.player_to_move();
    let mut clocks = match control {
        Control::Clock { base, .. } => [base, base],
        Control::Nodes(_) => [Duration::ZERO; 2],
    };
    let mut game = GameHistory::new(*opening);
    // The score of the last moves, each from the first engine's view.
    let mut scores: Vec<Score> = Vec::new();
    for ply in 0..MAX_PLIES {
        if let Some(outcome) = game.outcome_with_claims() {
            return points(outcome, first_player);
        }
        let board = *game.board();
        let mover = usize::from(board.player_to_move() != first_player);
        let limits = match control {
            Control::Nodes(nodes) => Limits::nodes(nodes),
            Control::Clock { increment, .. } => {
                let budget = clocks[mover] / CLOCK_MOVES_LEFT + increment;
                let hard = budget.min(clocks[mover].mul_f64(0.8));
                Limits::time(hard / 2, hard)
            }
        };
        let started = Instant::now();
        let result = searchers[mover]
            .search(
                &engine_position(board),
                &NnueEvaluation,
                &limits,
                game.earlier_hashes(),
                |_| {},
            )
            .expect("the game is not over");
        if let Control::Clock { increment, .. } = control {
            let used = started.elapsed();
            if used > clocks[mover] {
                return if mover == 0 { 0.0 } else { 1.0 };
            }
            clocks[mover] = clocks[mover] - used + increment;
        }
        let mv: Move = result.best_move;
        scores.push(if mover == 0 {
            result.score
        } else {
            -result.score
        });
        if let Some(verdict) = adjudicate(&scores, ply + 1) {
            return verdict;
        }
        game.play(mv).expect("the search returns a legal move");
    }
    0.5
}

/// The adjudicated result for the first engine from the last scores, if any.
fn adjudicate(scores: &[Score], plies: usize) -> Option<f64> {
    let recent = |count: usize| scores.len().checked_sub(count).map(|from| &scores[from..]);
    if let Some(last) = recent(RESIGN_PLIES) {
        if last.iter().all(|&score| score >= RESIGN_SCORE) {
            return Some(1.0);
        }
        if last.iter().all(|&score| score <= -RESIGN_SCORE) {
            return Some(0.0);
        }
    }
    if plies >= DRAW_FROM_PLY
        && let Some(last) = recent(DRAW_PLIES)
        && last.iter().all(|score| score.abs() <= DRAW_SCORE)
    {
        return Some(0.5);
    }
    None
}

/// The values of a run as `name=value` lines: rounded as the engine gets them, and exact.
fn values_text(spsa: &Spsa) -> String {
    let rounded: Vec<String> = spsa
        .parameters()
        .iter()
        .map(|p| format!("{}={}", p.name, p.value.round() as i32))
        .collect();
    let exact: Vec<String> = spsa
        .parameters()
        .iter()
        .map(|p| format!("{}={:.2}", p.name, p.value))
        .collect();
    format!("{}\n{}\n", rounded.join(","), exact.join(" "))
}

/// What `--help` prints.
const USAGE: &str = "\
usage: chess_spsa [--openings FILE] [--params NAME[:MIN:MAX:C_END],...] [--start NAME=VALUE,...]
                  [--iterations N] [--pairs N] [--r-end R] [--stability-share S]
                  [--nodes N | --tc BASE+INC] [--hash MIB] [--seed S] [--report-every N] [--out FILE]
SPSA tuning of the search parameters by in-process self-play: each iteration plays pairs of
games on one opening, colours reversed, between the parameters moved up and down; the values
are printed (and written to --out) every --report-every iterations. Defaults: the openings of
crates/lab/data/openings-8ply.epd, the margins and reductions, 1000 iterations of one pair,
6000 nodes a move, seed 1.";

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = parse_options(&args)?;
    let openings = plyforge_lab::read_openings(&options.openings)?;
    if openings.is_empty() {
        return Err(format!("{} holds no openings", options.openings));
    }
    let tuned = tuned_parameters(&options.params, &options.start, options.r_end)?;
    let mut schedule = Schedule::new(options.iterations);
    schedule.stability = options.stability_share * options.iterations as f64;
    let mut spsa = Spsa::new(tuned, schedule, options.seed);
    let mut openings_rng = SplitMix64(options.seed ^ 0x5eed_0f0e_4e11_5a11);
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| format!("/tmp/chess_spsa-{}.txt", options.seed));
    let base = Config::selective().with_tt_mib(options.hash_mib);
    println!(
        "SPSA over {} iterations of {} pair(s), {:?} a move, {} openings, seed {}; values to {out}",
        options.iterations,
        options.pairs,
        options.control,
        openings.len(),
        options.seed
    );
    for p in spsa.parameters() {
        println!(
            "  {}: start {}, range {}..={}, c_end {}, r_end {}",
            p.name, p.value, p.min, p.max, p.c_end, p.r_end
        );
    }
    let started = Instant::now();
    let progress = progress::bar(options.iterations, "iterations");
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    for _ in 0..options.iterations {
        let perturbation: Perturbation = spsa.perturb();
        let plus = base.clone().with_parameters(with_values(
            &options.start,
            spsa.parameters(),
            &perturbation.plus,
        ));
        let minus = base.clone().with_parameters(with_values(
            &options.start,
            spsa.parameters(),
            &perturbation.minus,
        ));
        let mut result = 0.0;
        for _ in 0..options.pairs {
            let opening = &openings[openings_rng.below(openings.len())];
            let points = [
                play(opening, &plus, &minus, options.control),
                1.0 - play(opening, &minus, &plus, options.control),
            ];
            for point in points {
                match point {
                    1.0 => wins += 1,
                    0.0 => losses += 1,
                    _ => draws += 1,
                }
                result += 2.0 * point - 1.0;
            }
        }
        spsa.update(&perturbation, result);
        progress.inc(1);
        progress.set_message(format!("+{wins} ={draws} -{losses} (plus against minus)"));
        let k = spsa.iteration();
        if k.is_multiple_of(options.report_every) || k == options.iterations {
            let text = values_text(&spsa);
            let mut report = String::new();
            let _ = write!(
                report,
                "# iteration {k} of {}, {:.0} s, plus against minus +{wins} ={draws} -{losses}\n{text}",
                options.iterations,
                started.elapsed().as_secs_f64()
            );
            std::fs::write(&out, &report)
                .map_err(|error| format!("cannot write {out}: {error}"))?;
            progress.suspend(|| print!("{report}"));
        }
    }
    progress.finish_and_clear();
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
    use super::*;

    #[test]
    fn tuned_parameters_take_defaults_ranges_and_overrides_and_reject_nonsense() {
        let start = SearchParameters::default();
        let tuned = tuned_parameters("futility_margin, lmr_base:0:120:8", &start, 0.002).unwrap();
        assert_eq!(tuned[0].value, 90.0);
        assert_eq!(
            (tuned[0].min, tuned[0].max, tuned[0].c_end),
            (45.0, 180.0, 9.0)
        );
        assert_eq!(
            (tuned[1].min, tuned[1].max, tuned[1].c_end),
            (0.0, 120.0, 8.0)
        );
        assert!(tuned_parameters("futility", &start, 0.002).is_err());
        assert!(tuned_parameters("lmr_base:0:120", &start, 0.002).is_err());
        assert!(tuned_parameters("null_depth_divisor:0:4:1", &start, 0.002).is_err());
        assert!(tuned_parameters("lmr_base,lmr_base", &start, 0.002).is_err());
        assert!(tuned_parameters("", &start, 0.002).is_err());
        assert!(tuned_parameters(DEFAULT_PARAMS, &start, 0.002).is_ok());
    }

    #[test]
    fn options_parse_and_bad_ones_are_errors() {
        let args = |text: &str| {
            text.split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let options =
            parse_options(&args("--iterations 9 --tc 3+0.03 --start lmr_base=40")).unwrap();
        assert_eq!(options.iterations, 9);
        assert_eq!(options.start.lmr_base, 40);
        assert!(matches!(options.control, Control::Clock { .. }));
        assert!(parse_options(&args("--nodes 0")).is_err());
        assert!(parse_options(&args("--tc 3")).is_err());
        assert!(parse_options(&args("--iterations")).is_err());
        assert!(parse_options(&args("--start nothing=1")).is_err());
        assert!(parse_options(&args("--frobnicate 1")).is_err());
    }

    #[test]
    fn adjudication_needs_agreement_for_long_enough() {
        assert_eq!(adjudicate(&[900; RESIGN_PLIES], 30), Some(1.0));
        assert_eq!(adjudicate(&[-900; RESIGN_PLIES], 30), Some(0.0));
        assert_eq!(adjudicate(&[900; RESIGN_PLIES - 1], 30), None);
        assert_eq!(adjudicate(&[0; DRAW_PLIES], DRAW_FROM_PLY), Some(0.5));
        assert_eq!(adjudicate(&[0; DRAW_PLIES], DRAW_FROM_PLY - 1), None);
    }

    #[test]
    fn the_parameters_reach_the_search() {
        // A search with other margins searches another tree: the value set in the
        // configuration is the value the node function reads.
        let board = Board::default();
        let nodes = |parameters: SearchParameters| {
            let config = Config::selective()
                .with_tt_mib(1)
                .with_parameters(parameters);
            Searcher::new(config)
                .search(
                    &engine_position(board),
                    &NnueEvaluation,
                    &Limits::depth(8),
                    &[],
                    |_| {},
                )
                .unwrap()
                .nodes
        };
        let defaults = nodes(SearchParameters::default());
        let tuned = [
            "futility_margin=30",
            "lmr_divisor=150",
            "reverse_futility_margin=20",
        ];
        for change in tuned {
            assert_ne!(nodes(change.parse().unwrap()), defaults, "{change}");
        }
    }
}
