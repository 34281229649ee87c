#![doc = include_str!("../README.md")]
// The rules core (position, moves, notation, the state index) is `no_std` with `alloc`; the
// `search` feature (on by default) adds the `Game` implementation, the evaluation, the AI, the
// retrograde analysis, which need `std`.
#![cfg_attr(not(feature = "search"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

#[cfg(feature = "search")]
mod ai;
#[cfg(feature = "search")]
mod analysis;
mod attacks;
mod error;
#[cfg(feature = "search")]
mod eval;
#[cfg(feature = "search")]
mod game;
#[cfg(feature = "search")]
mod history;
mod index;
mod lines;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
#[cfg(feature = "search")]
mod recommended;
#[cfg(feature = "search")]
mod symmetry;
mod unmove;
mod zobrist;

#[cfg(feature = "search")]
pub use ai::{AI_TT_MIB, Ai, Strength};
#[cfg(feature = "search")]
pub use analysis::{Entry, TicTacChessSpace};
pub use error::{
    IllegalMoveError, InvalidPositionError, MoveError, NotationError, ParseMoveError,
    ParsePositionError,
};
#[cfg(feature = "search")]
pub use eval::Evaluation;
#[cfg(feature = "search")]
pub use game::TicTacChess;
#[cfg(feature = "search")]
pub use history::{Match, REPETITION_LIMIT};
pub use index::StateIndex;
pub use lines::LINES;
pub use movegen::{MAX_MOVES, Moves};
pub use moves::Move;
pub use piece::{Color, PawnDirection, Piece};
pub use position::Position;
#[cfg(feature = "search")]
pub use recommended::{mcts_config, search_config};

// Serde through notation: a position and a move as the rules page writes them.
#[cfg(feature = "serde")]
plyforge_bitboard::serde_as_notation!(Position, Move);

/// The board geometry: 4x4 on a `u32` with one ghost file.
pub type Geometry = plyforge_bitboard::geometries::Grid4x4Padded;
/// A square of the board.
pub type Square = plyforge_bitboard::Square<Geometry>;
/// A set of squares.
pub type Board = plyforge_bitboard::BitBoard<Geometry>;
