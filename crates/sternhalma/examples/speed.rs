//! Perft counts and move-generation speed from the start for 2, 3, 4 and 6 players, counting
//! the last ply in bulk (popcounts of destination sets, no move list):
//! `cargo run --release -p plyforge-sternhalma --example speed [depth]` (default 6).
//! Builds in seconds because it needs only this crate; the criterion benchmark of the same
//! thing is `cargo bench -p plyforge-lab --bench sternhalma` in the workspace root.

use plyforge_search::perft;
use plyforge_sternhalma::{PlayerCount, Position};
use std::time::Instant;

/// The depth measured when none is given.
const DEFAULT_DEPTH: u32 = 6;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(DEFAULT_DEPTH);
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
}
