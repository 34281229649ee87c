//! Legal chess for Plyforge: magic-bitboard move generation that is exact on the standard and
//! Chess960 perft suites, FEN / X-FEN / Shredder-FEN, EPD, UCI and SAN moves, Polyglot Zobrist
//! hashing, and an implementation of `plyforge-search`'s [`Game`](plyforge_search::Game) with
//! an evaluation, so that any search of that crate plays chess with no glue code.
//!
//! ```
//! use plyforge_chess::Board;
//! use plyforge_search::perft;
//!
//! let board = Board::default();
//! assert_eq!(perft(&board, 3), 8_902);
//! assert_eq!(board.hash(), 0x463b96181691fc9c);
//! let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -".parse()?;
//! assert_eq!(perft(&kiwipete, 2), 2_039);
//! # Ok::<(), plyforge_chess::FenError>(())
//! ```
//!
//! Main types: [`Board`] (a `Copy` position: [`Board::play`], [`Board::legal_moves`],
//! [`Board::count_moves`], FEN through `FromStr`/`Display`, [`Board::from_fen_lenient`]),
//! [`Move`] (16 bits; UCI through `Display` and [`Board::parse_uci`], SAN through
//! [`Board::san`] and [`Board::parse_san`]), [`Epd`], [`GameHistory`] (threefold repetition)
//! and [`Evaluation`] (`plyforge_search::Evaluator<Board>`).
//!
//! Slider attacks use magic bitboards whose tables are computed by `const fn` at compile time
//! (no start-up cost, nothing to initialise, `no_std`); see the crate README for the design
//! and the benchmark.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod attacks;
mod board;
mod castling;
mod check;
mod color;
mod diagram;
mod epd;
#[cfg(feature = "search")]
mod eval;
mod fen;
#[cfg(feature = "search")]
mod game;
mod generate;
mod history;
mod movegen;
mod moves;
mod outcome;
mod piece;
mod san;
mod see;
mod square;
mod uci;
mod zobrist;

pub use board::Board;
pub use castling::{CastleRights, ParseCastleRightsError, Wing};
pub use color::{Color, ParseColorError};
pub use diagram::Diagram;
pub use epd::{Epd, EpdError, Operation};
#[cfg(feature = "search")]
pub use eval::{Evaluation, EvaluationTrace, tuning};
pub use fen::{FenError, PositionError, START_FEN};
pub use generate::{IllegalMoveError, MAX_MOVES, MoveList};
pub use history::GameHistory;
pub use moves::{Move, MoveKind};
pub use outcome::{FIFTY_MOVE_PLIES, Outcome};
pub use piece::{ParsePieceError, Piece, Role};
pub use plyforge_bitboard::BitBoard;
pub use plyforge_bitboard::geometries::Grid8x8;
pub use san::SanError;
pub use square::{File, ParseFileError, ParseRankError, ParseSquareError, Rank, Square};
pub use uci::{UciError, UciMove};

// Serde through notation: a square as `"e4"`, a board as its FEN, an EPD record as its text,
// a move in UCI notation as `"e7e8q"`. `Move` itself is left out: its notation names it only on
// a board (castling, en passant and the piece moved come from the position), so a `Move` read
// from text alone could not be the move that was written; `UciMove` carries the notation and
// `UciMove::to_move` finds the move on a board.
#[cfg(feature = "serde")]
plyforge_bitboard::serde_as_notation!(
    Square,
    File,
    Rank,
    Color,
    Role,
    Piece,
    CastleRights,
    Board,
    Epd,
    UciMove
);

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
