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
//! [`Board::count_moves`], FEN through `FromStr`/`Display`, [`Board::from_fen_with`] and
//! [`Board::from_fen_lenient`]), [`Setup`] (a position built piece by piece and validated with
//! every broken rule listed, [`Relax`] and [`CastlingMode`]),
//! [`Move`] (16 bits; UCI through `Display` and [`Board::parse_uci`]), [`San`] and [`SanPlus`]
//! (SAN without a board, resolved on one by [`San::to_move`]; [`Board::san`] and
//! [`Board::parse_san`] in one call), [`pgn`] (reading, writing and a game record; needs
//! the `std` feature, on by default), [`Epd`], [`GameHistory`] (repetitions, the automatic
//! ends and the draw claims), [`Evaluation`] (`plyforge_search::Evaluator<Board>`) and
//! [`nnue`] (a neural network evaluation, with a board that updates it move by move), both
//! corrected by the [`endgame`] rules (forced wins, sides that cannot mate). Square
//! sets are [`Bitboard`]s of the crate's [`Square`]; [`attacks`] has the attack tables,
//! [`Board::attackers_to`] the pieces attacking a square.
//!
//! Slider attacks use magic bitboards whose tables are computed by `const fn` at compile time
//! (no start-up cost, nothing to initialise, `no_std`); see the crate README for the design
//! and the benchmark.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod attackers;
pub mod attacks;
mod bitboard;
mod board;
mod by_piece;
mod castling;
mod check;
mod color;
mod diagram;
#[cfg(feature = "search")]
pub mod endgame;
mod epd;
#[cfg(feature = "search")]
mod eval;
mod fen;
#[cfg(feature = "search")]
mod game;
mod generate;
mod history;
mod move_info;
mod movegen;
mod moves;
#[cfg(feature = "search")]
pub mod nnue;
mod outcome;
#[cfg(feature = "std")]
pub mod pgn;
mod piece;
#[cfg(feature = "search")]
mod recommended;
mod repetition;
mod san;
mod see;
mod setup;
mod square;
#[cfg(test)]
mod test_support;
mod uci;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::Board;
pub use by_piece::{ByColor, ByRole};
pub use castling::{CastleRights, ParseCastleRightsError, Wing};
pub use color::{Color, ParseColorError};
pub use diagram::Diagram;
pub use epd::{Epd, EpdError, Operation};
#[cfg(feature = "search")]
pub use eval::{Evaluation, EvaluationTrace, tuning};
pub use fen::{FenError, PositionError, START_FEN};
pub use generate::{IllegalMoveError, MAX_MOVES, MoveList, NullMoveError};
pub use history::GameHistory;
pub use move_info::MoveInfo;
pub use moves::{Move, MoveKind};
pub use outcome::{FIFTY_MOVE_PLIES, Outcome, SEVENTY_FIVE_MOVE_PLIES};
pub use piece::{ParsePieceError, Piece, Role};
#[cfg(feature = "search")]
pub use recommended::search_config;
pub use san::{ParseSanError, San, SanError, SanPlus, Suffix};
pub use setup::{CastlingMode, Relax, Setup, SetupError};
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
