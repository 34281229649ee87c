//! The errors of this crate: naming a square that is not on the board, and reading a board
//! picture that does not fit the geometry.

use core::fmt;

/// A square that does not exist on the board, or text that does not name one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareError {
    /// The file is not below the number of files.
    FileOutOfRange {
        /// The file asked for.
        file: u8,
        /// The number of files of the geometry.
        files: u8,
    },
    /// The rank is not below the number of ranks.
    RankOutOfRange {
        /// The rank asked for.
        rank: u8,
        /// The number of ranks of the geometry.
        ranks: u8,
    },
    /// The bit index is a ghost bit or lies outside the integer.
    NotPlayable {
        /// The bit index asked for.
        index: u8,
    },
    /// The text is not of the form `e4` (or `file,rank` on boards wider than 26 files).
    Syntax,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareError::FileOutOfRange { file, files } => {
                write!(f, "file {file} is off the board (it has {files} files)")
            }
            SquareError::RankOutOfRange { rank, ranks } => {
                write!(f, "rank {rank} is off the board (it has {ranks} ranks)")
            }
            SquareError::NotPlayable { index } => write!(f, "bit {index} is not a playable square"),
            SquareError::Syntax => f.write_str("not a square name"),
        }
    }
}

impl core::error::Error for SquareError {}

/// A board picture (as printed by `BitBoard`'s `Display`) that does not fit the geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParseBitBoardError {
    /// The picture has the wrong number of rows.
    WrongRankCount {
        /// Rows the geometry has.
        expected: u8,
        /// Rows found.
        found: usize,
    },
    /// A row has the wrong number of cells.
    WrongFileCount {
        /// The rank of the row (from 0; the picture's last row is rank 0).
        rank: u8,
        /// Cells the geometry has per row.
        expected: u8,
        /// Cells found.
        found: usize,
    },
    /// A cell is neither `.` nor `x`.
    InvalidCell {
        /// The character found.
        found: char,
    },
}

impl fmt::Display for ParseBitBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseBitBoardError::WrongRankCount { expected, found } => {
                write!(f, "expected {expected} rows, found {found}")
            }
            ParseBitBoardError::WrongFileCount {
                rank,
                expected,
                found,
            } => {
                write!(
                    f,
                    "row of rank {} has {found} cells, expected {expected}",
                    rank as u32 + 1
                )
            }
            ParseBitBoardError::InvalidCell { found } => {
                write!(
                    f,
                    "cell {found:?} is neither '.' (empty) nor 'x' (in the set)"
                )
            }
        }
    }
}

impl core::error::Error for ParseBitBoardError {}
