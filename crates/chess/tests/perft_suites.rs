//! Perft against the suites in `tests/data`: `perftsuite.epd` (standard), `frcperftsuite.epd`
//! (Chess960, Shredder-FEN) and `tricky.perft` (hand-picked traps, some of them impossible
//! positions that strict parsing must reject and the lenient constructor must still count).
//!
//! The normal tests run each position up to a node budget so CI stays fast. The full suites,
//! every depth of every position, run with:
//!
//! ```text
//! cargo test --release -p plyforge-chess --test perft_suites -- --ignored
//! ```
//!
//! The Chess960 suite alone is 524 billion nodes at depth 6 (hours on one core);
//! `PLYFORGE_PERFT_NODE_LIMIT=10000000` caps each (position, depth) count for a shorter sweep.

use plyforge_chess::{Board, FenError, PositionError};
use plyforge_search::perft;
use std::path::PathBuf;

/// Node budget per position and depth in the CI subset.
const CI_NODE_LIMIT: u64 = 2_000_000;
/// Chess960 positions are many: a smaller budget each.
const CI_FRC_NODE_LIMIT: u64 = 200_000;

/// The test data, inside the crate (tests/data/README.md says where each file comes from).
fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn read(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// A position with its expected counts by depth.
struct Case {
    name: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads the `FEN ;D1 n ;D2 n` lines of an EPD perft suite.
fn epd_suite(name: &str) -> Vec<Case> {
    read(name)
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|part| {
                    let mut words = part.split_whitespace();
                    let depth = words
                        .next()
                        .unwrap()
                        .trim_start_matches('D')
                        .parse()
                        .unwrap();
                    let nodes = words.next().unwrap().parse().unwrap();
                    (depth, nodes)
                })
                .collect();
            Case {
                name: format!("{name}:{}", number + 1),
                fen,
                counts,
            }
        })
        .collect()
}

/// Reads the `id` / `epd` / `perft DEPTH NODES` blocks of `tricky.perft`.
fn tricky_suite() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in read("tricky.perft").lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case {
                name: id.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.last_mut().unwrap().fen = epd.to_string();
        } else if let Some(perft) = line.strip_prefix("perft ") {
            let mut words = perft.split_whitespace();
            let depth = words.next().unwrap().parse().unwrap();
            let nodes = words.next().unwrap().parse().unwrap();
            cases.last_mut().unwrap().counts.push((depth, nodes));
        }
    }
    cases
}

/// Runs every case to every depth whose count is within `limit` and returns the nodes counted.
/// The cases are shared out over the machine's threads.
fn run(cases: &[Case], limit: u64, parse: fn(&str) -> Result<Board, FenError>) -> u64 {
    let threads = std::thread::available_parallelism().map_or(1, |count| count.get());
    let chunk = cases.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = cases
            .chunks(chunk)
            .map(|part| scope.spawn(move || run_part(part, limit, parse)))
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a perft worker panicked"))
            .sum()
    })
}

fn run_part(cases: &[Case], limit: u64, parse: fn(&str) -> Result<Board, FenError>) -> u64 {
    let mut total = 0;
    for case in cases {
        let board = parse(&case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.name));
        for &(depth, expected) in &case.counts {
            if expected > limit {
                continue;
            }
            assert_eq!(
                perft(&board, depth),
                expected,
                "{} ({}) depth {depth}",
                case.name,
                case.fen
            );
            total += expected;
        }
    }
    total
}

/// Line 51 of `perftsuite.epd` is an impossible double check (two bishops on one diagonal):
/// the strict parser refuses it, so the suite goes through the lenient constructor, and the
/// verdicts are checked here.
#[test]
fn standard_suite_strict_verdicts() {
    for case in epd_suite("perftsuite.epd") {
        let verdict = Board::from_fen(&case.fen).map(|_| ());
        if case.name == "perftsuite.epd:51" {
            assert_eq!(
                verdict,
                Err(FenError::Position(PositionError::ImpossibleCheck))
            );
        } else {
            assert_eq!(verdict, Ok(()), "{}", case.name);
        }
    }
}

#[test]
fn standard_suite_subset() {
    let cases = epd_suite("perftsuite.epd");
    assert_eq!(cases.len(), 126);
    assert!(run(&cases, CI_NODE_LIMIT, Board::from_fen_lenient) > 0);
}

#[test]
fn chess960_suite_subset() {
    let cases = epd_suite("frcperftsuite.epd");
    assert_eq!(cases.len(), 960);
    assert!(run(&cases, CI_FRC_NODE_LIMIT, Board::from_fen) > 0);
}

/// The tricky positions: the impossible ones are refused by the strict parser with the reason,
/// and counted exactly through the lenient one.
#[test]
fn tricky_suite_with_strict_verdicts() {
    let cases = tricky_suite();
    assert_eq!(cases.len(), 19);
    for case in &cases {
        let strict = Board::from_fen(&case.fen);
        let expected = if case.name.starts_with("align-") || case.name.starts_with("ep-") {
            Err(FenError::Position(PositionError::ImpossibleCheck))
        } else if case.name == "asymmetrical-and-king-on-h" {
            Err(FenError::Position(PositionError::InvalidCastlingRights(
                plyforge_chess::Color::Black,
            )))
        } else {
            Ok(())
        };
        assert_eq!(strict.map(|_| ()), expected, "{}", case.name);
    }
    assert!(run(&cases, u64::MAX, Board::from_fen_lenient) > 0);
}

/// The per-count cap of the full runs: `PLYFORGE_PERFT_NODE_LIMIT`, or none.
fn full_run_limit() -> u64 {
    std::env::var("PLYFORGE_PERFT_NODE_LIMIT")
        .ok()
        .and_then(|limit| limit.parse().ok())
        .unwrap_or(u64::MAX)
}

/// Every depth of every position of `perftsuite.epd`.
#[test]
#[ignore = "minutes in release mode: cargo test --release -p plyforge-chess --test perft_suites -- --ignored"]
fn standard_suite_full() {
    let nodes = run(
        &epd_suite("perftsuite.epd"),
        full_run_limit(),
        Board::from_fen_lenient,
    );
    println!("perftsuite.epd: {nodes} nodes checked");
}

/// Every depth of every position of `frcperftsuite.epd`.
#[test]
#[ignore = "long in release mode: cargo test --release -p plyforge-chess --test perft_suites -- --ignored"]
fn chess960_suite_full() {
    let nodes = run(
        &epd_suite("frcperftsuite.epd"),
        full_run_limit(),
        Board::from_fen,
    );
    println!("frcperftsuite.epd: {nodes} nodes checked");
}
