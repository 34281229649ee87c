//! Sternhalma (Chinese Checkers) for 2, 3, 4 or 6 players, on the 121-hole star held in a
//! `u128` bitboard, with the rules, hole numbering, seating and notation of the guide's Sternhalma
//! chapter (`docs/guide/sternhalma.md` in the repository), and the traits that let every search of
//! `plyforge-search` play it.
//!
//! ```
//! use plyforge_sternhalma::{Move, PlayerCount, Position};
//! use plyforge_search::perft;
//!
//! let mut position = Position::new(PlayerCount::Three);
//! assert_eq!(perft(&position, 2), 196);
//! let mv: Move = "7-15".parse()?;
//! position.try_play(mv)?;
//! let text = position.to_string();
//! assert_eq!(text.parse::<Position>()?.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Move generation treats a marble's chains of jumps as a reachability set on bitboards
//! (a frontier of landing holes grown until it stops), so every distinct (start, end) comes out
//! once, and [`Position::count_moves`] counts moves by popcount without listing them.
//!
//! The rules core (position, moves, notation, the star's tables) is `no_std` with `alloc`; the
//! `search` feature (on by default) adds the `Game` implementation, the evaluation and the AI,
//! which need `std`.
#![cfg_attr(not(feature = "search"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

#[cfg(feature = "search")]
mod ai;
pub mod distance;
mod error;
#[cfg(feature = "search")]
mod eval;
#[cfg(feature = "search")]
mod game;
mod movegen;
mod moves;
mod notation;
mod players;
mod position;
pub mod star;
mod zobrist;

#[cfg(feature = "search")]
pub use ai::{
    AI_TT_MIB, Ai, AiError, Choice, MCTS_EPSILON, MCTS_EVAL_SCALE, MCTS_EXPLORATION,
    MCTS_IMPLICIT_WEIGHT, MCTS_PRIOR_WEIGHT, MCTS_ROLLOUT_PLIES, ParseStrategyError, Strategy,
    mcts_config, search_config,
};
pub use error::{
    IllegalReason, MoveError, ParseHoleError, ParseMoveError, ParsePositionError, PlayerCountError,
};
#[cfg(feature = "search")]
pub use eval::{DistanceEvaluator, STRAGGLER_DIVISOR};
pub use movegen::{MAX_MOVES, Moves};
pub use moves::Move;
pub use players::{MARBLES_PER_PLAYER, MAX_PLAYERS, PlayerCount};
pub use position::{DEFAULT_MOVE_LIMIT, Position};
pub use star::Direction;

// Serde through notation: a position and a move as the rules page writes them.
#[cfg(feature = "serde")]
plyforge_bitboard::serde_as_notation!(Position, Move, PlayerCount);
#[cfg(all(feature = "serde", feature = "search"))]
plyforge_bitboard::serde_as_notation!(Strategy);

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
