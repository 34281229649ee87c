//! TicTacChess: tic-tac-toe with chess pieces on a 4x4 board, played by the rules of
//! `docs/rules/tictacchess.md` in the Plyforge repository. Each side owns a pawn, a knight, a
//! bishop and a rook, all in hand at the start; a turn drops a piece from the hand or moves one
//! on the board (captured pieces go back to their owner's hand); four of one's pieces in a rank,
//! file or long diagonal win.
//!
//! The board is a `u32` with one ghost file (stride 5), so four in a row is found with shifts
//! and `&`. [`TicTacChess`] implements `plyforge-search`'s `Game`, so every search of that
//! crate plays it with the [`Evaluation`] of this one.
//!
//! ```
//! use plyforge_search::perft;
//! use plyforge_tictacchess::{Match, Position, TicTacChess};
//!
//! let game: TicTacChess = "4/4/4/4 w PNBRpnbr ns".parse()?;
//! assert_eq!(perft(&game, 3), 173_920);
//!
//! let mut play = Match::new();
//! play.play_text("P@b3")?;
//! assert_eq!(play.position().to_string(), "4/1P2/4/4 b NBRpnbr ns");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod ai;
mod attacks;
mod error;
mod eval;
mod game;
mod history;
mod lines;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
pub mod selfplay;
mod zobrist;

pub use ai::{AI_TT_MIB, Ai, Strength};
pub use error::{
    IllegalMoveError, InvalidPositionError, MoveError, NotationError, ParseMoveError,
    ParsePositionError,
};
pub use eval::Evaluation;
pub use game::TicTacChess;
pub use history::{Match, REPETITION_LIMIT};
pub use lines::LINES;
pub use movegen::{MAX_MOVES, Moves};
pub use moves::Move;
pub use piece::{Color, PawnDirection, Piece};
pub use position::Position;

/// The board geometry: 4x4 on a `u32` with one ghost file.
pub type Geometry = plyforge_bitboard::geometries::Grid4x4Padded;
/// A square of the board.
pub type Square = plyforge_bitboard::Square<Geometry>;
/// A set of squares.
pub type Board = plyforge_bitboard::BitBoard<Geometry>;
