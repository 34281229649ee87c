//! Square sets for board games, generic over `u16`, `u32`, `u64` and `u128`.
//!
//! A [`Geometry`] lays `FILES` × `RANKS` playable squares out in an integer, optionally padded
//! with ghost files (or ghost ranks) so that shifts never wrap from one row to the next. A
//! [`BitBoard<G>`] is a set of those squares with the set algebra of the integer itself, and a
//! [`Square<G>`] is always a playable square of its geometry.
//!
//! ```
//! use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard, Direction, Square};
//!
//! // Four in a rank, found by shifts: the ghost file keeps rank 1 apart from rank 2.
//! let pieces: BitBoard<Grid4x4Padded> = "....\nxxxx\n....\nx...".parse()?;
//! let starts = pieces.runs(Direction::East, 4);
//! assert_eq!(starts.first(), Some(Square::new(0, 2).unwrap()));
//! # Ok::<(), plyforge_bitboard::ParseBitBoardError>(())
//! ```
//!
//! Where to start:
//! - a ready-made layout from [`geometries`] (chess [`Grid8x8`](geometries::Grid8x8),
//!   TicTacChess [`Grid4x4Padded`](geometries::Grid4x4Padded), Connect Four
//!   [`Columns7x6`](geometries::Columns7x6), the Sternhalma star's holes
//!   [`Line121`](geometries::Line121)) or your own with [`geometry!`](crate::geometry!); a layout that does not
//!   fit its integer does not compile;
//! - [`Square::new`] / [`Square::from_index`] / `"e4".parse()` for squares (typed
//!   [`SquareError`]s), [`BitBoard::rank`], [`BitBoard::file`], [`BitBoard::diagonal`],
//!   [`BitBoard::line`] for masks, [`BitBoard::shift`] and [`BitBoard::runs`] for moves and
//!   k-in-a-row, and the `Display`/`FromStr` picture (typed [`ParseBitBoardError`]s).
//!
//! The crate is `no_std`, allocates nothing and has no `unsafe`. Everything is `#[inline]` and
//! the geometry's masks are compile-time constants, so the generic code compiles to what you
//! would write on the raw integer (the root benchmark `cargo bench -p plyforge-lab --bench bitboard` checks it).
#![no_std]
#![forbid(unsafe_code)]

mod bitboard;
mod error;
pub mod geometries;
pub mod geometry;
#[cfg(feature = "serde")]
pub mod notation_serde;
mod square;
mod storage;

pub use bitboard::{BitBoard, Iter, Subsets};
pub use error::{ParseBitBoardError, SquareError};
pub use geometry::{Direction, Geometry};
pub use square::Square;
pub use storage::Storage;

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
