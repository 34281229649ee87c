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
#![no_std]

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
