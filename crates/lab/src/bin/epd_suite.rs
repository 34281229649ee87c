//! A test suite of positions with best moves (`bm`) or moves to avoid (`am`), such as Win At
//! Chess or Bratko-Kopec: the engine's configuration searches each position for a fixed time
//! and the tool counts the positions where it chose a best move (and no move to avoid),
//! printing each miss as it comes.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin epd_suite -- crates/chess/tests/data/wac.epd 1000 [threads] [variant]
//! ```
//!
//! Arguments: the EPD file, milliseconds per position (default 1000) or `nodes=N` (a node budget:
//! with one thread the same answers on any machine, however loaded), threads (default 1), and
//! optionally a variant of the engine's configuration with techniques off or on
//! (`without-static-exchange`, `with-countermove`, as `chess_selfplay` takes them).
//!
//! With `--curve` anywhere among the arguments it also prints, for each position solved, how
//! many nodes the search had taken when it first reported the best move it then kept to the
//! end, and at the end how many positions were solved that way by fractions of the budget. One
//! long run then tells what shorter budgets would solve, and two engines can be compared by
//! their whole curves rather than by one count at one budget, which moves by several positions
//! for any small change of the search.

use plyforge_chess::{Epd, Evaluation};
use plyforge_lab::progress;
use plyforge_lab::techniques::selective_variant;
use plyforge_search::{Config, Limits, Searcher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time per position when none is given, in milliseconds.
const DEFAULT_MOVE_MS: u64 = 1000;
/// The table of each search, in MiB.
const TABLE_MIB: usize = 64;
/// The fractions of the budget at which `--curve` counts the positions solved, in tenths.
const CURVE_TENTHS: [u64; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

fn main() -> ExitCode {
    plyforge_lab::exit_with(run())
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let curve = args.iter().any(|arg| arg == "--curve");
    args.retain(|arg| arg != "--curve");
    let mut args = args.into_iter();
    let path = args.next().ok_or(
        "usage: epd_suite <file.epd> [ms per position | nodes=N] [threads] [variant] [--curve]",
    )?;
    let number = |text: Option<String>, default: u64| -> Result<u64, String> {
        text.map_or(Ok(default), |text| {
            text.parse().map_err(|_| format!("not a number: {text:?}"))
        })
    };
    let budget = args.next();
    let node_budget = match budget
        .as_deref()
        .and_then(|text| text.strip_prefix("nodes="))
    {
        Some(nodes) => Some(
            nodes
                .parse::<u64>()
                .map_err(|_| format!("not a number of nodes: {nodes:?}"))?,
        ),
        None => None,
    };
    let milliseconds = if node_budget.is_some() {
        0
    } else {
        number(budget, DEFAULT_MOVE_MS)?
    };
    let threads = number(args.next(), 1)? as usize;
    let config = match args.next() {
        Some(variant) => selective_variant(&variant)?,
        None => Config::selective(),
    };
    let text = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
    let positions = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            Epd::parse_lenient(line).map_err(|error| format!("{path}, line {}: {error}", index + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let time = Duration::from_millis(milliseconds);
    let mut searcher = Searcher::new(config.with_tt_mib(TABLE_MIB).with_threads(threads));
    let bar = progress::bar(positions.len() as u64, "positions");
    let started = Instant::now();
    let mut solved = 0;
    // For `--curve`: the nodes at which each solved position's search found its answer for good.
    let mut solved_at = Vec::new();
    for (index, epd) in positions.iter().enumerate() {
        let id = epd.id().unwrap_or("?").to_string();
        let best = epd.best_moves().map_err(|error| format!("{id}: {error}"))?;
        let avoid = epd
            .avoid_moves()
            .map_err(|error| format!("{id}: {error}"))?;
        let is_good = |mv| (best.is_empty() || best.contains(&mv)) && !avoid.contains(&mv);
        searcher.clear();
        // The nodes of the first report of the run of good moves that lasts to the last report.
        let mut good_since = None;
        let result = searcher
            .search(
                &epd.board,
                &Evaluation,
                &node_budget.map_or(Limits::time(time, time), Limits::nodes),
                &[],
                |info| {
                    if let Some(&mv) = info.pv.first() {
                        good_since = if is_good(mv) {
                            good_since.or(Some(info.nodes))
                        } else {
                            None
                        };
                    }
                },
            )
            .map_err(|error| format!("{id}: {error}"))?;
        let chosen = result.best_move;
        let good = is_good(chosen);
        if good {
            solved += 1;
            if curve {
                // A move an interrupted iteration found, never reported, counts at the end.
                let nodes = good_since.unwrap_or(result.nodes);
                solved_at.push(nodes);
                bar.suspend(|| println!("solved {id} at {nodes} nodes"));
            }
        } else {
            // Printed beside the bar, and also when the bar is hidden (output not a terminal).
            bar.suspend(|| {
                println!(
                    "missed {id}: played {} (score {}, depth {})",
                    epd.board.san(chosen),
                    result.score,
                    result.depth
                )
            });
        }
        bar.set_position(index as u64 + 1);
    }
    bar.finish_and_clear();
    let budget = match node_budget {
        Some(nodes) => format!("{nodes} nodes"),
        None => format!("{milliseconds} ms"),
    };
    println!(
        "{solved} of {} solved at {budget} a position, {threads} thread(s), {:.0} s",
        positions.len(),
        started.elapsed().as_secs_f64()
    );
    if curve {
        print_curve(&solved_at, node_budget);
    }
    Ok(())
}

/// The positions solved for good by each fraction of the budget: by node counts, the budget's
/// own or, for a time budget, the most nodes any solved position took.
fn print_curve(solved_at: &[u64], node_budget: Option<u64>) {
    let Some(full) = node_budget.or_else(|| solved_at.iter().copied().max()) else {
        return;
    };
    println!("solved for good by nodes:");
    for tenths in CURVE_TENTHS {
        let nodes = full * tenths / 10;
        let count = solved_at.iter().filter(|&&at| at <= nodes).count();
        println!("  {nodes:>10} nodes: {count}");
    }
}
