#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod ai;
mod analysis;
mod attacks;
mod error;
mod eval;
mod game;
mod history;
mod index;
mod lines;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
pub mod selfplay;
mod symmetry;
mod unmove;
mod zobrist;

pub use ai::{AI_TT_MIB, Ai, Strength};
pub use analysis::{Entry, TicTacChessSpace};
pub use error::{
    IllegalMoveError, InvalidPositionError, MoveError, NotationError, ParseMoveError,
    ParsePositionError,
};
pub use eval::Evaluation;
pub use game::TicTacChess;
pub use history::{Match, REPETITION_LIMIT};
pub use index::StateIndex;
pub use lines::LINES;
pub use movegen::{MAX_MOVES, Moves};
pub use moves::Move;
pub use piece::{Color, PawnDirection, Piece};
pub use position::Position;

// Serde through notation: a position and a move as the rules page writes them.
#[cfg(feature = "serde")]
plyforge_bitboard::serde_as_notation!(Position, Move);

/// The board geometry: 4x4 on a `u32` with one ghost file.
pub type Geometry = plyforge_bitboard::geometries::Grid4x4Padded;
/// A square of the board.
pub type Square = plyforge_bitboard::Square<Geometry>;
/// A set of squares.
pub type Board = plyforge_bitboard::BitBoard<Geometry>;
