//! Plyforge: reusable game-engine crates, re-exported as modules of one facade.
//!
//! | module | crate |
//! |---|---|
//! | [`bitboard`] | `plyforge-bitboard`: square sets and board geometries |
//! | [`search`] | `plyforge-search`: the `Game` trait and the searches over it |
//! | [`chess`] | `plyforge-chess`: legal chess |
//! | [`tictacchess`] | `plyforge-tictacchess`: TicTacChess |
//! | [`sternhalma`] | `plyforge-sternhalma`: Chinese Checkers for 2 to 6 players |
//! | [`uci`] | `plyforge-uci`: the UCI protocol |
//!
//! Each module sits behind a default feature of the same name.
//!
//! The [`guide`] explains the crates in order, from the first program to the engine and the
//! solved games; every example in it is compiled and run by `cargo test`.
#![no_std]

/// The guide to Plyforge: chapters to read in order. Each chapter is a page of `docs/guide/` in
/// the repository; its Rust examples are doc tests of this crate.
///
/// 1. [`getting_started`](guide::getting_started): the crates, which to depend on, features.
/// 2. [`embedding`](guide::embedding): your own game: the `Game` and `Evaluator` traits, the
///    contract checker, choosing a move, limits, threads, progress reports, players and
///    matches.
/// 3. [`algorithms`](guide::algorithms): choosing a search, with the measured tournaments.
/// 4. [`chess`](guide::chess): the chess crate for shakmaty and cozy-chess users: positions,
///    FEN, moves, SAN, PGN, Chess960, attacks, hashes, game ends, perft, the evaluation and
///    its tuning.
/// 5. [`engine`](guide::engine): the `plyforge` UCI chess engine: building, options, GUIs,
///    python-chess, lichess-bot, OpenBench, strength.
/// 6. [`tictacchess`](guide::tictacchess): TicTacChess, solved: the start is a draw.
/// 7. [`sternhalma`](guide::sternhalma): Chinese Checkers for 2 to 6 players.
#[cfg(all(feature = "search", feature = "chess"))]
pub mod guide {
    #[doc = include_str!("../docs/guide/getting-started.md")]
    pub mod getting_started {}
    #[doc = include_str!("../docs/guide/embedding.md")]
    pub mod embedding {}
    #[doc = include_str!("../docs/guide/algorithms.md")]
    #[cfg(feature = "sternhalma")]
    pub mod algorithms {}
    #[doc = include_str!("../docs/guide/chess.md")]
    pub mod chess {}
    #[doc = include_str!("../docs/guide/engine.md")]
    #[cfg(feature = "uci")]
    pub mod engine {}
    #[doc = include_str!("../docs/guide/tictacchess.md")]
    #[cfg(feature = "tictacchess")]
    pub mod tictacchess {}
    #[doc = include_str!("../docs/guide/sternhalma.md")]
    #[cfg(feature = "sternhalma")]
    pub mod sternhalma {}
}

#[cfg(feature = "bitboard")]
pub use plyforge_bitboard as bitboard;
#[cfg(feature = "chess")]
pub use plyforge_chess as chess;
#[cfg(feature = "search")]
pub use plyforge_search as search;
#[cfg(feature = "sternhalma")]
pub use plyforge_sternhalma as sternhalma;
#[cfg(feature = "tictacchess")]
pub use plyforge_tictacchess as tictacchess;
#[cfg(feature = "uci")]
pub use plyforge_uci as uci;

/// The code blocks of the README, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
