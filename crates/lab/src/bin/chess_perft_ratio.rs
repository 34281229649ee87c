//! Perft speed of `plyforge-chess` against `shakmaty` and `cozy-chess` in one process: full
//! perft (every leaf played) and bulk perft (the last ply counted) on the perft page's
//! positions, the libraries alternated run by run so that the machine's load falls on all of
//! them alike. Each run is timed by the thread's CPU clock where the system has one (Linux),
//! which stops while the thread waits for a core (on a shared machine the wall clock counts
//! the queue too), and by the wall clock elsewhere. Prints each library's median time and speed per position and mode, and the
//! speed ratio plyforge-chess / shakmaty (above 1: ours is faster) per position, with the
//! median and the ratio of the total times over the positions.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_perft_ratio           # 11 rounds
//! cargo run --release -p plyforge-lab --bin chess_perft_ratio -- 21     # rounds
//! ```

use plyforge_lab::chess_perft::{Mode, POSITIONS, Perft, PerftPosition, thread_cpu_time};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Rounds when none is given: each round times every library once per position and mode.
const DEFAULT_ROUNDS: usize = 11;
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: chess_perft_ratio [rounds, default 11]";
/// The libraries, in the order of the table's columns.
const LIBRARIES: [&str; 3] = [
    <plyforge_chess::Board as Perft>::NAME,
    <shakmaty::Chess as Perft>::NAME,
    <cozy_chess::Board as Perft>::NAME,
];

/// One position in the three libraries' forms.
struct Boards {
    plyforge: plyforge_chess::Board,
    shakmaty: shakmaty::Chess,
    cozy: cozy_chess::Board,
}

impl Boards {
    fn new(fen: &str) -> Boards {
        Boards {
            plyforge: Perft::from_fen(fen),
            shakmaty: Perft::from_fen(fen),
            cozy: Perft::from_fen(fen),
        }
    }

    /// The leaves counted by library `library` (an index into [`LIBRARIES`]).
    fn perft(&self, library: usize, depth: u32, mode: Mode) -> u64 {
        match library {
            0 => black_box(&self.plyforge).perft(depth, mode),
            1 => black_box(&self.shakmaty).perft(depth, mode),
            _ => black_box(&self.cozy).perft(depth, mode),
        }
    }
}

/// A stopwatch on the thread's CPU clock, or on the wall clock where there is none.
enum Stopwatch {
    Cpu(Duration),
    Wall(Instant),
}

impl Stopwatch {
    fn start() -> Stopwatch {
        match thread_cpu_time() {
            Some(time) => Stopwatch::Cpu(time),
            None => Stopwatch::Wall(Instant::now()),
        }
    }

    fn elapsed(&self) -> Duration {
        match self {
            Stopwatch::Cpu(start) => thread_cpu_time().map_or(Duration::ZERO, |now| now - *start),
            Stopwatch::Wall(start) => start.elapsed(),
        }
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn median_f64(values: &mut [f64]) -> f64 {
    values.sort_unstable_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len().is_multiple_of(2) {
        (values[middle - 1] + values[middle]) / 2.0
    } else {
        values[middle]
    }
}

fn run(rounds: usize) -> Result<(), String> {
    let boards: Vec<Boards> = POSITIONS.iter().map(|p| Boards::new(p.fen)).collect();
    // Every library counts the published figure in both modes before anything is timed.
    for (position, board) in POSITIONS.iter().zip(&boards) {
        for mode in Mode::ALL {
            for (library, name) in LIBRARIES.iter().enumerate() {
                let nodes = board.perft(library, position.depth, mode);
                if nodes != position.nodes {
                    return Err(format!(
                        "{name} counts {nodes} leaves in {} ({}), not {}",
                        position.name,
                        mode.name(),
                        position.nodes
                    ));
                }
            }
        }
    }

    // times[mode][position][library]
    let mut times = vec![vec![vec![Vec::<Duration>::new(); 3]; POSITIONS.len()]; 2];
    for round in 0..rounds {
        for (mode_index, mode) in Mode::ALL.into_iter().enumerate() {
            for (position_index, position) in POSITIONS.iter().enumerate() {
                // The order rotates each round, so no library always runs first or last.
                for offset in 0..LIBRARIES.len() {
                    let library = (round + offset) % LIBRARIES.len();
                    let stopwatch = Stopwatch::start();
                    let nodes = boards[position_index].perft(library, position.depth, mode);
                    let elapsed = stopwatch.elapsed();
                    assert_eq!(nodes, position.nodes);
                    times[mode_index][position_index][library].push(elapsed);
                }
            }
        }
    }

    let clock = match thread_cpu_time() {
        Some(_) => "thread CPU time",
        None => "wall clock",
    };
    println!(
        "chess_perft_ratio: {rounds} rounds, medians of the {clock}; speed in million leaves per second"
    );
    for (mode_index, mode) in Mode::ALL.into_iter().enumerate() {
        println!();
        println!(
            "{:<14} {:>24} {:>24} {:>24} {:>9}",
            format!("{} perft", mode.name()),
            LIBRARIES[0],
            LIBRARIES[1],
            LIBRARIES[2],
            "ours/shak"
        );
        let mut ratios = Vec::new();
        let mut totals = [Duration::ZERO; 3];
        for (position_index, position) in POSITIONS.iter().enumerate() {
            let medians: Vec<Duration> = (0..3)
                .map(|library| median(&mut times[mode_index][position_index][library]))
                .collect();
            let cells: Vec<String> = medians.iter().map(|time| cell(position, *time)).collect();
            let ratio = medians[1].as_secs_f64() / medians[0].as_secs_f64();
            ratios.push(ratio);
            for (total, time) in totals.iter_mut().zip(&medians) {
                *total += *time;
            }
            println!(
                "{:<14} {:>24} {:>24} {:>24} {:>9.2}",
                position.name, cells[0], cells[1], cells[2], ratio
            );
        }
        let total_ratio = totals[1].as_secs_f64() / totals[0].as_secs_f64();
        println!(
            "{:<14} {:>24} {:>24} {:>24} {:>9.2}",
            "total",
            format!("{:.1} ms", totals[0].as_secs_f64() * 1e3),
            format!("{:.1} ms", totals[1].as_secs_f64() * 1e3),
            format!("{:.1} ms", totals[2].as_secs_f64() * 1e3),
            total_ratio
        );
        println!(
            "{} perft, plyforge-chess / shakmaty: median over the positions {:.2}, total {:.2}",
            mode.name(),
            median_f64(&mut ratios),
            total_ratio
        );
    }
    Ok(())
}

/// A median time and its speed.
fn cell(position: &PerftPosition, time: Duration) -> String {
    let seconds = time.as_secs_f64();
    format!(
        "{:.1} ms {:6.1} M/s",
        seconds * 1e3,
        position.nodes as f64 / seconds / 1e6
    )
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let rounds = match std::env::args().nth(1) {
        None => Ok(DEFAULT_ROUNDS),
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|&rounds| rounds > 0)
            .ok_or(format!("rounds must be a positive number, not {text:?}")),
    };
    plyforge_lab::exit_with(rounds.and_then(run))
}
