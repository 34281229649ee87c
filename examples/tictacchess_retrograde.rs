//! The TicTacChess moonshot: the value of the start position by a retrograde analysis of the
//! whole state space (2,462,360,745 White-to-move states, each mirror pair analysed once), with
//! progress per level, the figures, a local-consistency check of the finished table and,
//! optionally, the table saved for later queries.
//!
//! ```text
//! cargo run --release --example tictacchess_retrograde -- [--threads 2] [--verify 20000000]
//!     [--save /work/retro/table.bin]
//! cargo run --release --example tictacchess_retrograde -- --measure 2000000
//! cargo run --release --example tictacchess_retrograde -- --load /work/retro/table.bin [--verify N] [--bounded N]
//! ```
//!
//! `--load` reads a saved table instead of solving, then runs the checks: the local consistency
//! of `--verify N` entries spread over the table, and `--bounded N` sampled entries compared with
//! a plain depth-limited minimax written here (independent of the solver: wins within 5 plies,
//! losses within 4). With `--line "<position>"` it instead prints the value of each move there
//! and a line of best play (fastest win, slowest loss) to the end.
//!
//! The full run needs about 5 GB of memory (two bytes per White-to-move state). `--measure N`
//! only times the two inner loops (the initial pass and un-move pushing) on `N` states and
//! projects the full run. The run and its figures: `docs/guide/tictacchess.md`.

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::search::retrograde::{Solution, Space, Start, Value, solve};
use plyforge::tictacchess::{Position, TicTacChessSpace};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The settings, from the command line.
struct Options {
    threads: usize,
    verify: u64,
    save: Option<String>,
    measure: Option<u64>,
    load: Option<String>,
    bounded: u64,
    line: Option<String>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        threads: 2,
        verify: 20_000_000,
        save: None,
        measure: None,
        load: None,
        bounded: 5_000,
        line: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--threads" => {
                options.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?
            }
            "--verify" => {
                options.verify = value()?.parse().map_err(|e| format!("--verify: {e}"))?
            }
            "--save" => options.save = Some(value()?),
            "--load" => options.load = Some(value()?),
            "--line" => options.line = Some(value()?),
            "--bounded" => {
                options.bounded = value()?.parse().map_err(|e| format!("--bounded: {e}"))?
            }
            "--measure" => {
                options.measure = Some(value()?.parse().map_err(|e| format!("--measure: {e}"))?)
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

/// Peak resident memory of this process in MiB (Linux), if known.
fn peak_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Times the initial pass and the un-move pushes on `count` states spread over the space.
fn measure(space: &TicTacChessSpace, count: u64) {
    let len = space.len();
    let block = 1 << 16;
    let blocks = (count / block).max(1);
    let clock = Instant::now();
    let mut analysed = 0u64;
    let mut moves = 0u64;
    let mut samples = Vec::new();
    for b in 0..blocks {
        let first = (len / blocks) * b;
        for entry in first..(first + block).min(len) {
            if let Start::Moves(n) = space.start(entry) {
                analysed += 1;
                moves += u64::from(n);
                if entry % 16 == 0 {
                    samples.push(entry);
                }
            }
        }
    }
    let init = clock.elapsed().as_secs_f64();
    let per_state = init / (blocks * block) as f64;
    println!(
        "initial pass: {} states in {init:.2} s ({:.0} ns/state), {analysed} analysed, {:.1} moves each",
        blocks * block,
        per_state * 1e9,
        moves as f64 / analysed.max(1) as f64
    );
    let clock = Instant::now();
    let mut edges = 0u64;
    let mut sink = 0u64;
    for &entry in &samples {
        space.predecessors(entry, &mut |parent, weight| {
            edges += u64::from(weight);
            sink ^= parent;
        });
    }
    let push = clock.elapsed().as_secs_f64();
    let per_push = push / samples.len().max(1) as f64;
    println!(
        "un-move push (no table): {} states in {push:.2} s ({:.0} ns/state, {:.1} edges each) [{sink}]",
        samples.len(),
        per_push * 1e9,
        edges as f64 / samples.len().max(1) as f64
    );
    let analysed_share = analysed as f64 / (blocks * block) as f64;
    println!(
        "projection for one thread: initial pass {:.0} s, pushing every analysed state once {:.0} s (plus table misses)",
        per_state * len as f64,
        per_push * len as f64 * analysed_share
    );
}

/// Checks the solved value of `entry` against its children's values; `None` when consistent.
fn check(space: &TicTacChessSpace, solution: &Solution, entry: u64) -> Option<String> {
    if !solution.is_analysed(entry) {
        return None;
    }
    let position = space.position(entry, true);
    let value = solution.value(entry);
    let children: Vec<Value> = position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = position;
            next.play(mv);
            space.value(solution, &next)
        })
        .collect();
    let losses: Vec<u16> = children
        .iter()
        .filter_map(|v| {
            if let Value::Loss(d) = v {
                Some(*d)
            } else {
                None
            }
        })
        .collect();
    let wins: Vec<u16> = children
        .iter()
        .filter_map(|v| {
            if let Value::Win(d) = v {
                Some(*d)
            } else {
                None
            }
        })
        .collect();
    let draws = children.len() - losses.len() - wins.len();
    let ok = match value {
        Value::Loss(0) => position.is_won() && children.is_empty(),
        Value::Loss(d) => {
            !children.is_empty()
                && wins.len() == children.len()
                && wins.iter().max() == Some(&(d - 1))
        }
        Value::Win(d) => d >= 1 && losses.iter().min() == Some(&(d - 1)),
        Value::Draw => {
            !position.is_won()
                && losses.is_empty()
                && (draws > 0 || (children.is_empty() && solution.is_stalemate(entry)))
        }
    };
    (!ok).then(|| format!("{position}: {value:?} with children {children:?}"))
}

/// Whether the side to move can make four in a row within `plies` plies whatever the other
/// side does (plain minimax, no table, no repetitions).
fn wins_within(position: &Position, plies: u16) -> bool {
    if plies == 0 || position.is_won() {
        return false;
    }
    position.legal_moves().iter().any(|&mv| {
        let mut next = *position;
        next.play(mv);
        next.is_won() || (plies >= 2 && loses_within(&next, plies - 1))
    })
}

/// Whether the side to move cannot avoid the other side's four in a row within `plies` plies.
fn loses_within(position: &Position, plies: u16) -> bool {
    if position.is_won() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    let moves = position.legal_moves();
    !moves.is_empty()
        && moves.iter().all(|&mv| {
            let mut next = *position;
            next.play(mv);
            wins_within(&next, plies - 1)
        })
}

/// The value for the side to move after each legal move of `position`, by move.
fn move_values(
    space: &TicTacChessSpace,
    solution: &Solution,
    position: &Position,
) -> Vec<(plyforge::tictacchess::Move, Value)> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play(mv);
            (mv, space.value(solution, &next))
        })
        .collect()
}

/// Prints the value of every move of `position` and a line of best play to the end.
fn print_line(space: &TicTacChessSpace, solution: &Solution, mut position: Position) {
    let values = move_values(space, solution, &position);
    let mut summary: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (mv, value) in &values {
        summary
            .entry(format!("{value:?}"))
            .or_default()
            .push(mv.to_string());
    }
    println!(
        "{position}: {:?} for the side to move",
        space.value(solution, &position)
    );
    for (value, moves) in &summary {
        println!(
            "  moves leaving the opponent {value}: {} ({})",
            moves.len(),
            moves.join(" ")
        );
    }
    let mut line = Vec::new();
    while let value @ (Value::Win(_) | Value::Loss(_)) = space.value(solution, &position) {
        // Fastest win: a child lost in d - 1; slowest loss: the child won in the most plies.
        let best = move_values(space, solution, &position)
            .into_iter()
            .filter_map(|(mv, child)| match (value, child) {
                (Value::Win(d), Value::Loss(c)) if c + 1 == d => Some((0, mv)),
                (Value::Loss(_), Value::Win(c)) => Some((u16::MAX - c, mv)),
                _ => None,
            })
            .min_by_key(|&(rank, _)| rank);
        let Some((_, mv)) = best else { break };
        line.push(mv.to_string());
        position.play(mv);
    }
    println!(
        "line of best play ({} plies): {}",
        line.len(),
        line.join(" ")
    );
    println!("final position: {position}");
}

/// Entries per block of the parallel consistency check.
const VERIFY_BLOCK: u64 = 1 << 22;

/// The deepest win and loss the bounded comparison decides by plain minimax.
const BOUNDED_WIN: u16 = 5;
const BOUNDED_LOSS: u16 = 4;

/// Compares the table with plain minimax on `entry`; `None` when they agree.
fn bounded_check(space: &TicTacChessSpace, solution: &Solution, entry: u64) -> Option<String> {
    let position = space.position(entry, true);
    let value = solution.value(entry);
    let win_by_minimax = (1..=BOUNDED_WIN)
        .step_by(2)
        .find(|&d| wins_within(&position, d));
    let loss_by_minimax = (0..=BOUNDED_LOSS)
        .step_by(2)
        .find(|&d| loses_within(&position, d));
    let expected_win = match value {
        Value::Win(d) if d <= BOUNDED_WIN => Some(d),
        _ => None,
    };
    let expected_loss = match value {
        Value::Loss(d) if d <= BOUNDED_LOSS => Some(d),
        _ => None,
    };
    (win_by_minimax != expected_win || loss_by_minimax != expected_loss).then(|| {
        format!(
            "{position}: table {value:?}, minimax win {win_by_minimax:?} loss {loss_by_minimax:?}"
        )
    })
}

/// Runs the two checks on a solved table; whether both passed.
fn verify(space: &TicTacChessSpace, solution: &Solution, options: &Options) -> bool {
    // Plain minimax on analysed entries spread over the table, odd steps to vary the mix.
    let clock = Instant::now();
    let step = (solution.len() / options.bounded.max(1)).max(1) | 1;
    let (mut compared, mut disagreements) = (0u64, 0u64);
    let mut by_kind: BTreeMap<String, u64> = BTreeMap::new();
    let mut entry = step / 2;
    while entry < solution.len() {
        if solution.is_analysed(entry) {
            compared += 1;
            let kind = match solution.value(entry) {
                Value::Win(d) if d <= BOUNDED_WIN => format!("win {d}"),
                Value::Loss(d) if d <= BOUNDED_LOSS => format!("loss {d}"),
                _ => "deeper or draw".to_string(),
            };
            *by_kind.entry(kind).or_default() += 1;
            if let Some(problem) = bounded_check(space, solution, entry) {
                disagreements += 1;
                if disagreements <= 10 {
                    println!("DISAGREES: {problem}");
                }
            }
        }
        entry += step;
    }
    println!(
        "plain minimax (wins within {BOUNDED_WIN}, losses within {BOUNDED_LOSS} plies): {compared} entries, {disagreements} disagreements, {:.1} s; sample {by_kind:?}",
        clock.elapsed().as_secs_f64()
    );
    // Local consistency on a sample spread over the table (every entry when --verify >= len),
    // on the threads, in blocks handed out in order.
    let step = (solution.len() / options.verify.max(1)).max(1);
    let clock = Instant::now();
    let blocks = solution.len().div_ceil(VERIFY_BLOCK);
    let next_block = AtomicU64::new(0);
    let (blocks_done, checked_so_far, failures_so_far) =
        (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let (checked, failures) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..options.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let (mut checked, mut failures, mut reported) = (0u64, 0u64, 0u64);
                    loop {
                        let block = next_block.fetch_add(1, Ordering::Relaxed);
                        if block >= blocks {
                            break (checked, failures);
                        }
                        let first = (block * VERIFY_BLOCK).div_ceil(step) * step;
                        let end = ((block + 1) * VERIFY_BLOCK).min(solution.len());
                        for entry in (first..end).step_by(step as usize) {
                            if !solution.is_analysed(entry) {
                                continue;
                            }
                            checked += 1;
                            if let Some(problem) = check(space, solution, entry) {
                                failures += 1;
                                failures_so_far.fetch_add(1, Ordering::Relaxed);
                                if failures <= 10 {
                                    println!("INCONSISTENT: {problem}");
                                }
                            }
                        }
                        let done = blocks_done.fetch_add(1, Ordering::Relaxed) + 1;
                        let so_far = checked_so_far.fetch_add(checked - reported, Ordering::Relaxed)
                            + checked
                            - reported;
                        reported = checked;
                        if blocks >= 50 && done.is_multiple_of(blocks / 50) {
                            println!(
                                "  consistency: {done} of {blocks} blocks, {so_far} analysed entries checked, {} inconsistent so far, {:.0} s",
                                failures_so_far.load(Ordering::Relaxed),
                                clock.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().fold((0, 0), |(c, f), worker| {
            let (checked, failures) = worker.join().expect("a checking thread panicked");
            (c + checked, f + failures)
        })
    });
    println!(
        "local consistency: {checked} analysed entries checked (every {step}th entry), {failures} inconsistent, {:.1} s",
        clock.elapsed().as_secs_f64()
    );
    failures == 0 && disagreements == 0
}

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess_retrograde [--threads 2] [--verify 20000000] [--save FILE]
       tictacchess_retrograde --measure STATES
       tictacchess_retrograde --load FILE [--verify N] [--bounded N] [--line \"<position>\"]
Solves TicTacChess by retrograde analysis of the whole state space (about 10 minutes on two
threads and 5 GB of memory), or times its inner loops on STATES states (--measure), or loads a
saved table, checks it and, with --line, prints the value of every move from a position and a
line of best play.";

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
    let space = TicTacChessSpace::new();
    if let Some(count) = options.measure {
        measure(&space, count);
        return ExitCode::SUCCESS;
    }
    if let Some(path) = &options.load {
        let loaded = std::fs::File::open(path)
            .map(std::io::BufReader::new)
            .and_then(|mut input| Solution::read_from(&mut input, space.len()));
        let solution = match loaded {
            Ok(solution) => solution,
            Err(error) => {
                eprintln!("error: cannot read {path}: {error}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(text) = &options.line {
            return match text.parse::<Position>() {
                Ok(position) => {
                    print_line(&space, &solution, position);
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("error: {text}: {error}");
                    ExitCode::FAILURE
                }
            };
        }
        let start = Position::start();
        println!(
            "start position {start}: {:?} for White",
            space.value(&solution, &start)
        );
        return if verify(&space, &solution, &options) {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    println!(
        "TicTacChess retrograde analysis: {} White-to-move states, {} threads",
        space.len(),
        options.threads
    );
    let clock = Instant::now();
    // The number of levels is known only at the end: a spinner with the time so far, and each
    // level's line printed as it ends.
    let spinner = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
            .expect("a valid template"),
    );
    spinner.set_message("initial pass over every state");
    spinner.enable_steady_tick(Duration::from_millis(200));
    let solution = solve(&space, options.threads, |level| {
        // `suspend`, not `println`: the line must print when the spinner is hidden too.
        spinner.suspend(|| {
            println!(
                "level {:>3}: pushed {:>12}, new wins {:>12}, new losses {:>12}  [{:>8.1} s, peak {} MiB]",
                level.plies,
                level.decided,
                level.new_wins,
                level.new_losses,
                level.seconds,
                peak_mib().unwrap_or(0)
            )
        });
        spinner.set_message(format!("pushing level {}", level.plies + 1));
    });
    spinner.finish_and_clear();
    let solved = clock.elapsed().as_secs_f64();
    let start = Position::start();
    println!(
        "solved in {solved:.1} s; start position {start}: {:?} for White",
        space.value(&solution, &start)
    );
    // Counts by value over the analysed representatives.
    let mut by_value: BTreeMap<String, u64> = BTreeMap::new();
    let mut longest = (0u16, 0u64);
    let (mut wins, mut losses, mut draws, mut stalemates, mut analysed) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    for entry in 0..solution.len() {
        if !solution.is_analysed(entry) {
            continue;
        }
        analysed += 1;
        match solution.value(entry) {
            Value::Win(d) => {
                wins += 1;
                *by_value.entry(format!("win {d:>3}")).or_default() += 1;
                if d > longest.0 {
                    longest = (d, entry);
                }
            }
            Value::Loss(d) => {
                losses += 1;
                *by_value.entry(format!("loss {d:>3}")).or_default() += 1;
            }
            Value::Draw => {
                draws += 1;
                stalemates += u64::from(solution.is_stalemate(entry));
            }
        }
    }
    println!(
        "analysed representatives {analysed}: win {wins}, loss {losses}, draw {draws} (of which no legal move {stalemates})"
    );
    for (label, count) in &by_value {
        println!("  {label}: {count}");
    }
    println!(
        "longest forced win: {} plies, e.g. {}",
        longest.0,
        space.position(longest.1, true)
    );
    println!("peak memory {} MiB", peak_mib().unwrap_or(0));
    if let Some(path) = &options.save {
        let written = std::fs::File::create(path)
            .map(std::io::BufWriter::new)
            .and_then(|mut out| solution.write_to(&mut out));
        match written {
            Ok(()) => println!("table saved to {path} (u16 little-endian per entry)"),
            Err(error) => eprintln!("could not save the table: {error}"),
        }
    }
    if verify(&space, &solution, &options) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
