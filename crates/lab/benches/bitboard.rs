//! Zero-cost check of `plyforge-bitboard`: shifts, iteration and popcount through the generic
//! `BitBoard<G>` against the same algorithm written on raw integers, for the 4x4 stride-5 board
//! on `u32` (TicTacChess) and the 8x8 board on `u64` (chess), plus four-in-a-row by shifts on
//! the stride-5 board.
//!
//! Run with `cargo bench -p plyforge-lab --bench bitboard`. Each benchmark processes one batch of
//! [`BOARDS`] random boards; after Criterion's own report, the run prints the ratio of the
//! generic median to the raw median for every pair measured in this run (target: within 5 %).
//!
//! Because the machine may be shared (CI, other builds), the run then measures each pair again
//! interleaved, generic and raw alternating in short stretches, and prints the median of the
//! per-round ratios: load that comes and goes hits both sides alike.
//!
//! On 8x8, `raw` is the same algorithm written on `u64` (one masked shift per direction, as in
//! Stockfish's `shift<D>`); LLVM compiles it to exactly the generic code. The extra pair
//! `shift_u64_vs_shared_masks` compares against a hand-tuned version that computes `b & !FILE_H`
//! once for its three eastward shifts, which the generic `shift` (one direction at a time) does
//! not do.
//!
//! `shift_u32_stride5` ORs eight `shift` calls, each masked with the playable squares; raw code
//! masks once at the end, and LLVM does not always merge the eight masks (after vectorising the
//! batch it keeps some). `neighbours_u32_stride5` uses `BitBoard::neighbours`, which masks once.
//!
//! Both sides read the batch through `black_box` (so the boards are unknown to the optimiser)
//! and fold their results into one value that goes through `black_box` (so no work can be
//! dropped); the folding is the same cheap operation on both sides.

use criterion::Criterion;
use plyforge_bitboard::geometries::{Grid4x4Padded, Grid8x8};
use plyforge_bitboard::{BitBoard, Direction, Geometry};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// Boards per batch: enough to hide the loop overhead, small enough to stay in L1.
const BOARDS: usize = 1024;
/// The raw form of the stride-5 board's playable squares.
const PADDED_FULL: u32 = 0b01111_01111_01111_01111;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
/// Bit distance between neighbours along a rank, a file and the two diagonals (stride 5).
const PADDED_STRIDES: [u32; 4] = [1, 5, 6, 4];
/// Rounds of the interleaved measurement; the median of their ratios is reported.
const ROUNDS: usize = 41;
/// Batches per timed stretch of the interleaved measurement.
const BATCHES_PER_ROUND: u32 = 64;

/// Deterministic pseudo-random words (SplitMix64), so every run measures the same boards.
fn random_words(seed: u64) -> Vec<u64> {
    let mut state = seed;
    (0..BOARDS)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

// ---- generic side -----------------------------------------------------------------------

/// Every square next to a square of the set (king steps): eight masked shifts.
#[inline(always)]
fn neighbours<G: Geometry>(set: BitBoard<G>) -> BitBoard<G> {
    Direction::ALL
        .iter()
        .fold(BitBoard::EMPTY, |all, &direction| {
            all | set.shift(direction)
        })
}

fn shift_generic<G: Geometry>(boards: &[BitBoard<G>]) -> BitBoard<G> {
    boards
        .iter()
        .fold(BitBoard::EMPTY, |all, &set| all ^ neighbours(set))
}

fn iterate_generic<G: Geometry>(boards: &[BitBoard<G>]) -> u32 {
    let mut sum = 0;
    for &set in boards {
        for square in set {
            sum += u32::from(square.index());
        }
    }
    sum
}

fn popcount_generic<G: Geometry>(boards: &[BitBoard<G>]) -> u32 {
    boards.iter().map(|set| set.len()).sum()
}

fn four_in_a_row_generic<G: Geometry>(boards: &[BitBoard<G>]) -> u32 {
    boards
        .iter()
        .map(|&set| {
            let starts = Direction::AXES
                .iter()
                .fold(BitBoard::EMPTY, |all, &axis| all | set.runs(axis, 4));
            u32::from(!starts.is_empty())
        })
        .sum()
}

// ---- raw side ---------------------------------------------------------------------------

/// King steps on the stride-5 board: shift every way, then drop what landed on a ghost bit.
#[inline(always)]
fn neighbours_u32_stride5(b: u32) -> u32 {
    ((b << 1) | (b >> 1) | (b << 5) | (b >> 5) | (b << 6) | (b >> 6) | (b << 4) | (b >> 4))
        & PADDED_FULL
}

/// One masked shift on 8x8, written per direction as engines do (Stockfish's `shift<D>`).
#[inline(always)]
fn shift_u64(b: u64, direction: Direction) -> u64 {
    match direction {
        Direction::North => b << 8,
        Direction::NorthEast => (b & !FILE_H) << 9,
        Direction::East => (b & !FILE_H) << 1,
        Direction::SouthEast => (b & !FILE_H) >> 7,
        Direction::South => b >> 8,
        Direction::SouthWest => (b & !FILE_A) >> 9,
        Direction::West => (b & !FILE_A) >> 1,
        Direction::NorthWest => (b & !FILE_A) << 7,
    }
}

/// King steps on 8x8, the same algorithm as the generic side: eight masked shifts.
#[inline(always)]
fn neighbours_u64(b: u64) -> u64 {
    Direction::ALL
        .iter()
        .fold(0, |all, &direction| all | shift_u64(b, direction))
}

/// King steps on 8x8, hand-tuned: the edge-file masks are computed once and shared by the
/// three shifts that need each (a different algorithm; see the module docs).
#[inline(always)]
fn neighbours_u64_shared_masks(b: u64) -> u64 {
    let not_a = b & !FILE_A;
    let not_h = b & !FILE_H;
    (b << 8)
        | (b >> 8)
        | (not_h << 1)
        | (not_a >> 1)
        | (not_h << 9)
        | (not_a << 7)
        | (not_h >> 7)
        | (not_a >> 9)
}

fn iterate_raw_u32(boards: &[u32]) -> u32 {
    let mut sum = 0;
    for &board in boards {
        let mut bits = board;
        while bits != 0 {
            sum += bits.trailing_zeros();
            bits &= bits - 1;
        }
    }
    sum
}

fn iterate_raw_u64(boards: &[u64]) -> u32 {
    let mut sum = 0;
    for &board in boards {
        let mut bits = board;
        while bits != 0 {
            sum += bits.trailing_zeros();
            bits &= bits - 1;
        }
    }
    sum
}

fn four_in_a_row_raw(boards: &[u32]) -> u32 {
    boards
        .iter()
        .map(|&b| {
            let starts = PADDED_STRIDES.iter().fold(0, |all, &s| {
                all | (b & (b >> s) & (b >> (2 * s)) & (b >> (3 * s)))
            });
            u32::from(starts != 0)
        })
        .sum()
}

// ---- benchmarks -------------------------------------------------------------------------

/// A measured pair: the generic code and the raw code, each running one batch and returning a
/// value that depends on all the work.
struct Pair {
    name: &'static str,
    generic: Box<dyn Fn() -> u64>,
    raw: Box<dyn Fn() -> u64>,
}

fn pairs() -> Vec<Pair> {
    let raw_u32: Vec<u32> = random_words(1)
        .iter()
        .map(|&w| w as u32 & PADDED_FULL)
        .collect();
    let raw_u64 = random_words(2);
    let padded: Vec<BitBoard<Grid4x4Padded>> =
        raw_u32.iter().map(|&w| BitBoard::from_bits(w)).collect();
    let chess: Vec<BitBoard<Grid8x8>> = raw_u64.iter().map(|&w| BitBoard::from_bits(w)).collect();
    let shared = |boards: &[u64]| {
        boards
            .iter()
            .fold(0, |all, &board| all ^ neighbours_u64_shared_masks(board))
    };
    // The two sides must compute the same thing, or the comparison means nothing.
    assert_eq!(
        shift_generic(&padded).bits(),
        raw_u32
            .iter()
            .fold(0, |all, &b| all ^ neighbours_u32_stride5(b))
    );
    assert_eq!(
        shift_generic(&chess).bits(),
        raw_u64.iter().fold(0, |all, &b| all ^ neighbours_u64(b))
    );
    assert_eq!(shift_generic(&chess).bits(), shared(&raw_u64));
    assert_eq!(
        padded
            .iter()
            .fold(0, |all, set| all ^ set.neighbours().bits()),
        shift_generic(&padded).bits()
    );
    assert_eq!(iterate_generic(&padded), iterate_raw_u32(&raw_u32));
    assert_eq!(iterate_generic(&chess), iterate_raw_u64(&raw_u64));
    assert_eq!(four_in_a_row_generic(&padded), four_in_a_row_raw(&raw_u32));

    // Each closure owns a copy of its boards and reads them through `black_box`.
    macro_rules! pair {
        ($name:expr, $generic_boards:expr, $generic:expr, $raw_boards:expr, $raw:expr) => {{
            let generic_boards = $generic_boards.clone();
            let raw_boards = $raw_boards.clone();
            Pair {
                name: $name,
                generic: Box::new(move || u64::from($generic(black_box(&generic_boards[..])))),
                raw: Box::new(move || u64::from($raw(black_box(&raw_boards[..])))),
            }
        }};
    }
    vec![
        pair!(
            "shift_u32_stride5",
            padded,
            |b| shift_generic(b).bits(),
            raw_u32,
            |b: &[u32]| b
                .iter()
                .fold(0, |all, &board| all ^ neighbours_u32_stride5(board))
        ),
        pair!(
            "neighbours_u32_stride5",
            padded,
            |b: &[BitBoard<Grid4x4Padded>]| b
                .iter()
                .fold(BitBoard::EMPTY, |all, &set| all ^ set.neighbours())
                .bits(),
            raw_u32,
            |b: &[u32]| b
                .iter()
                .fold(0, |all, &board| all ^ neighbours_u32_stride5(board))
        ),
        pair!(
            "shift_u64",
            chess,
            |b| shift_generic(b).bits(),
            raw_u64,
            |b: &[u64]| b.iter().fold(0, |all, &board| all ^ neighbours_u64(board))
        ),
        pair!(
            "shift_u64_vs_shared_masks",
            chess,
            |b| shift_generic(b).bits(),
            raw_u64,
            shared
        ),
        pair!(
            "iterate_u32_stride5",
            padded,
            iterate_generic,
            raw_u32,
            iterate_raw_u32
        ),
        pair!(
            "iterate_u64",
            chess,
            iterate_generic,
            raw_u64,
            iterate_raw_u64
        ),
        pair!(
            "popcount_u32_stride5",
            padded,
            popcount_generic,
            raw_u32,
            |b: &[u32]| b.iter().map(|w| w.count_ones()).sum::<u32>()
        ),
        pair!(
            "popcount_u64",
            chess,
            popcount_generic,
            raw_u64,
            |b: &[u64]| b.iter().map(|w| w.count_ones()).sum::<u32>()
        ),
        pair!(
            "four_in_a_row_u32_stride5",
            padded,
            four_in_a_row_generic,
            raw_u32,
            four_in_a_row_raw
        ),
    ]
}

fn bench(c: &mut Criterion, pairs: &[Pair]) {
    for pair in pairs {
        let mut group = c.benchmark_group(pair.name);
        group.bench_function("generic", |b| b.iter(|| black_box((pair.generic)())));
        group.bench_function("raw", |b| b.iter(|| black_box((pair.raw)())));
        group.finish();
    }
}

/// Runs the benchmarks with a short warm-up and measurement (what `criterion_group!` would
/// generate, written out so that it carries documentation).
fn benches(pairs: &[Pair]) {
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench(&mut criterion, pairs);
}

/// Where Criterion writes its results: the same rule Criterion itself follows
/// (`$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else the target directory that
/// holds this executable, `<target>/<profile>/deps/<bench>`).
fn criterion_directory() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return Some(PathBuf::from(home));
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return Some(PathBuf::from(target).join("criterion"));
    }
    let executable = std::env::current_exe().ok()?;
    Some(executable.parent()?.parent()?.parent()?.join("criterion"))
}

/// The median (in ns) of one benchmark, if it was measured by this run.
fn fresh_median(directory: &Path, since: SystemTime) -> Option<f64> {
    let path = directory.join("new").join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    let json = std::fs::read_to_string(path).ok()?;
    // `{"mean":{...},"median":{"confidence_interval":{...},"point_estimate":X,...},...}`
    let median = &json[json.find("\"median\"")?..];
    let value = &median[median.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

/// Seconds for `BATCHES_PER_ROUND` batches of `work`.
fn time(work: &dyn Fn() -> u64) -> f64 {
    let start = Instant::now();
    for _ in 0..BATCHES_PER_ROUND {
        black_box(work());
    }
    start.elapsed().as_secs_f64()
}

/// Median over `ROUNDS` of generic time / raw time, the two timed back to back (which one goes
/// first alternates).
fn interleaved_ratio(pair: &Pair) -> f64 {
    time(&pair.generic);
    time(&pair.raw);
    let mut ratios: Vec<f64> = (0..ROUNDS)
        .map(|round| {
            if round % 2 == 0 {
                let generic = time(&pair.generic);
                generic / time(&pair.raw)
            } else {
                let raw = time(&pair.raw);
                time(&pair.generic) / raw
            }
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ROUNDS / 2]
}

fn print_ratios(pairs: &[Pair], since: SystemTime) {
    let directory = criterion_directory();
    println!(
        "\ngeneric / raw ({BOARDS} boards per batch; criterion medians of this run, then the \
         median ratio of {ROUNDS} interleaved rounds):"
    );
    for pair in pairs {
        let medians = directory.as_ref().and_then(|directory| {
            let generic = fresh_median(&directory.join(pair.name).join("generic"), since)?;
            let raw = fresh_median(&directory.join(pair.name).join("raw"), since)?;
            Some((generic, raw))
        });
        let criterion = match medians {
            Some((generic, raw)) => format!(
                "generic {generic:>9.1} ns  raw {raw:>9.1} ns  ratio {:.3}",
                generic / raw
            ),
            None => "(not measured by criterion in this run)".to_string(),
        };
        println!(
            "  {:<27} {criterion}  interleaved {:.3}",
            pair.name,
            interleaved_ratio(pair)
        );
    }
}

fn main() {
    let started = SystemTime::now();
    let pairs = pairs();
    benches(&pairs);
    Criterion::default().configure_from_args().final_summary();
    // `cargo test --benches` runs this binary in test mode: one pass of each, no summary.
    if std::env::args().any(|argument| argument == "--bench") {
        print_ratios(&pairs, started);
    }
}
