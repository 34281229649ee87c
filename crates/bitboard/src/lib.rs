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
#![no_std]
#![forbid(unsafe_code)]

mod bitboard;
mod error;
pub mod geometries;
pub mod geometry;
mod square;
mod storage;

pub use bitboard::{BitBoard, Iter, Subsets};
pub use error::{ParseBitBoardError, SquareError};
pub use geometry::{Direction, Geometry};
pub use square::Square;
pub use storage::Storage;
