//! The Plyforge lab: benchmarks against other crates, and the drivers that measure the search
//! (profiling runs, matches at equal time, stop latency). Nothing here is published; it is where
//! the competitor crates (`minimax`, `cozy-chess`, `shakmaty`) and `criterion` live, so that the
//! published crates and the user examples never build them.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench connect_four
//! cargo run --release -p plyforge-lab --bin connect_four_match
//! cargo run --release -p plyforge-lab --bin chess_selfplay -- crates/lab/data/openings-8ply.epd 20 100 without-lmr
//! cargo run --release -p plyforge-lab --bin search_profile -- ours equivalent 4453 20
//! cargo run --release -p plyforge-lab --bin search_stop
//! cargo run --release -p plyforge-lab --bin chess_datagen -- crates/lab/data/openings-8ply.epd data.txt --minutes 40
//! cargo run --release -p plyforge-lab --bin chess_tune -- data.txt --out crates/chess/src/eval/weights.rs
//! cargo run --release -p plyforge-lab --bin epd_suite -- ../shared/data/chess/wac.epd 1000
//! ```

pub mod match_score;
pub mod minimax_adaptor;
pub mod progress;
pub mod techniques;
pub mod uci_process;

/// The exit of a driver whose work is `result`: success, or the error on standard error and
/// failure.
pub fn exit_with(result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}
