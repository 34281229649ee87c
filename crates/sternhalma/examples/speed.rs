//! Perft counts and move-generation speed from the start for 2, 3, 4 and 6 players, counting
//! the last ply in bulk (popcounts of destination sets, no move list):
//! `cargo run --release -p plyforge-sternhalma --example speed [depth]` (default 6).
//! Builds in seconds because it needs only this crate; the criterion benchmark of the same
//! thing is `cargo bench -p plyforge-lab --bench sternhalma` in the workspace root.

use plyforge_search::perft;
use plyforge_sternhalma::{PlayerCount, Position};
use std::process::ExitCode;
use std::time::Instant;

/// The answer to `--help`.
const USAGE: &str = "\
usage: speed [depth]
Perft counts and move-generation speed from the start for 2, 3, 4 and 6 players, to `depth`
plies (default 6).";

/// The depth measured when none is given.
const DEFAULT_DEPTH: u32 = 6;

fn main() -> ExitCode {
    let depth: u32 = match std::env::args().nth(1).as_deref() {
        None => DEFAULT_DEPTH,
        Some("--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(text) => match text.parse() {
            Ok(depth) if depth > 0 => depth,
            _ => {
                eprintln!("error: the depth must be a whole number from 1, got {text:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        },
    };
    for players in PlayerCount::ALL {
        let start = Position::new(players);
        let counts: Vec<String> = (1..depth).map(|d| perft(&start, d).to_string()).collect();
        let clock = Instant::now();
        let leaves = perft(&start, depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "{players} players: perft 1..{depth} = {}, {leaves}; depth {depth} in {seconds:.3} s = {:.1} M leaves/s",
            counts.join(", "),
            leaves as f64 / seconds / 1e6
        );
    }
    ExitCode::SUCCESS
}
