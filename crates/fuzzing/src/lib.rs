//! The properties every parser of Plyforge keeps, in one place for two runners: the cargo-fuzz
//! targets in `fuzz/` (coverage-guided, nightly) and the stable smoke test in `tests/smoke.rs`
//! (a deterministic sample of generated and mutated inputs, inside `cargo test`).
//!
//! Each [`Parser`] has a check that takes any bytes, feeds them to the parser (as text when
//! they are UTF-8) and panics when a property fails: a parser must never panic and must give a
//! typed error for bad input; what it accepts must print back to text that parses to an equal
//! value (UCI commands included, through `Command`'s canonical line); and a parsed position must
//! survive move generation, play and undo (each legal move legal, hashes kept incrementally
//! equal to hashes from scratch, notation of each move read back, and a Sternhalma move taken
//! back by `Position::undo` or a TicTacChess move by `Match::undo` restoring the position and
//! its hash).
//! [`inputs`] makes the smoke test's inputs: valid texts from random reachable positions and
//! mutations of them.

pub mod inputs;
mod properties;

pub use properties::Parser;
