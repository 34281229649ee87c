//! Move-generation speed: perft leaves per second from the start for 2 and 6 players, counting
//! the last ply in bulk. `cargo run --release -p plyforge-sternhalma --example speed [depth]`.
//! (The criterion benchmark of the same thing is `cargo bench --bench sternhalma` in the
//! workspace root; this example builds in seconds because it needs only this crate.)

use plyforge_search::perft;
use plyforge_sternhalma::{PlayerCount, Position};
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    for (players, depth) in [(PlayerCount::Two, depth), (PlayerCount::Six, depth - 1)] {
        let start = Position::new(players);
        let clock = Instant::now();
        let leaves = perft(&start, depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "{players} players, depth {depth}: {leaves} leaves in {seconds:.3} s = {:.1} M leaves/s",
            leaves as f64 / seconds / 1e6
        );
    }
}
