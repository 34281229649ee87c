//! The errors of this crate. Syntax errors (text that is not a move or not a position) are kept
//! apart from legality errors (a well-formed move that is not legal here, a well-formed position
//! that breaks the rules).

use crate::Square;
use crate::piece::{Color, Piece};
use core::fmt;

/// Text that is not a move in the notation (`b1c3` or `N@c3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParseMoveError {
    /// The text has a character outside ASCII.
    NotAscii,
    /// A move must be four characters (`b1c3`) or a drop (`N@c3`).
    WrongLength {
        /// The length found, in bytes.
        found: usize,
    },
    /// A square is not `a1`..`d4`.
    BadSquare,
    /// The piece of a drop is not one of the upper-case letters `P`, `N`, `B`, `R`.
    BadPieceLetter,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::NotAscii => f.write_str("a move is plain ASCII, like b1c3 or N@c3"),
            ParseMoveError::WrongLength { found } => write!(
                f,
                "a move is four characters like b1c3, or a drop like N@c3 (found {found} characters)"
            ),
            ParseMoveError::BadSquare => f.write_str("squares go from a1 to d4"),
            ParseMoveError::BadPieceLetter => {
                f.write_str("a drop starts with one of the letters P, N, B, R, then @")
            }
        }
    }
}

impl core::error::Error for ParseMoveError {}

/// A well-formed move that the position does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMoveError {
    /// The game is over: somebody has four in a row.
    GameOver,
    /// The piece to drop is not in the mover's hand.
    NotInHand {
        /// The side to move.
        color: Color,
        /// The piece asked for.
        piece: Piece,
    },
    /// The target of a drop is not empty.
    Occupied {
        /// The square asked for.
        square: Square,
    },
    /// The square a move starts from holds no piece of the side to move.
    NoOwnPiece {
        /// The square asked for.
        square: Square,
    },
    /// The piece cannot go there (not its way of moving, blocked, or onto an own piece).
    Unreachable {
        /// The piece that was to move.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
    },
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMoveError::GameOver => f.write_str("the game is over: there are no moves"),
            IllegalMoveError::NotInHand { color, piece } => {
                write!(f, "{color} has no {piece} in hand")
            }
            IllegalMoveError::Occupied { square } => {
                write!(f, "{square} is not empty: drops go on empty squares")
            }
            IllegalMoveError::NoOwnPiece { square } => {
                write!(f, "there is no piece of the side to move on {square}")
            }
            IllegalMoveError::Unreachable { piece, from, to } => {
                write!(f, "the {piece} on {from} cannot move to {to}")
            }
        }
    }
}

impl core::error::Error for IllegalMoveError {}

/// Why text given as a move in a position was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The text is not a move.
    Syntax(ParseMoveError),
    /// The move is not legal in the position.
    Illegal(IllegalMoveError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(error) => write!(f, "not a move: {error}"),
            MoveError::Illegal(error) => write!(f, "illegal move: {error}"),
        }
    }
}

impl core::error::Error for MoveError {}

impl From<ParseMoveError> for MoveError {
    fn from(error: ParseMoveError) -> Self {
        MoveError::Syntax(error)
    }
}

impl From<IllegalMoveError> for MoveError {
    fn from(error: IllegalMoveError) -> Self {
        MoveError::Illegal(error)
    }
}

/// Text that is not a position in the notation of the rules page (a syntax error).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NotationError {
    /// A position is four fields separated by single spaces.
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// Two spaces in a row, or white space at either end.
    ExtraSpace,
    /// The board has four ranks separated by `/`.
    RankCount {
        /// The number of ranks found.
        found: usize,
    },
    /// A rank does not describe exactly four squares.
    RankLength {
        /// The rank, from 1.
        rank: u8,
        /// The squares it describes.
        squares: usize,
    },
    /// A board character that is neither a piece letter nor a digit 1-4.
    BoardCharacter {
        /// The character found.
        found: char,
    },
    /// Two digits next to each other: one run of empty squares is one digit.
    AdjacentDigits {
        /// The rank, from 1.
        rank: u8,
    },
    /// The side to move is `w` or `b`.
    SideToMove,
    /// A character in the hands field that is not a piece letter.
    HandCharacter {
        /// The character found.
        found: char,
    },
    /// A White letter after a Black one: White's hand comes first.
    HandOrder {
        /// The White letter found after Black's hand began.
        found: char,
    },
    /// The hands field is `-` or at least one letter; it was `-` together with letters.
    HandDash,
    /// The pawn directions are two letters `n`/`s`, White's then Black's.
    PawnDirections,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotationError::FieldCount { found } => write!(
                f,
                "a position has 4 fields (board, side, hands, pawn directions), found {found}"
            ),
            NotationError::ExtraSpace => {
                f.write_str("fields are separated by single spaces, with none at the ends")
            }
            NotationError::RankCount { found } => {
                write!(f, "the board has 4 ranks separated by '/', found {found}")
            }
            NotationError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares instead of 4")
            }
            NotationError::BoardCharacter { found } => write!(
                f,
                "{found:?} is not a piece (PNBR, pnbr) or a run of empty squares (1-4)"
            ),
            NotationError::AdjacentDigits { rank } => {
                write!(
                    f,
                    "rank {rank} has two digits in a row: write one run as one digit"
                )
            }
            NotationError::SideToMove => f.write_str("the side to move is 'w' or 'b'"),
            NotationError::HandCharacter { found } => write!(
                f,
                "{found:?} in the hands is not a piece letter (PNBR for White, pnbr for Black)"
            ),
            NotationError::HandOrder { found } => {
                write!(
                    f,
                    "White's hand comes before Black's, but {found:?} follows a black piece"
                )
            }
            NotationError::HandDash => {
                f.write_str("the hands are '-' when both are empty, otherwise the piece letters")
            }
            NotationError::PawnDirections => f.write_str(
                "the pawn directions are two letters, White's then Black's, each 'n' or 's'",
            ),
        }
    }
}

impl core::error::Error for NotationError {}

/// A well-formed position that breaks the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvalidPositionError {
    /// A piece is on the board twice, in hand twice, or both on the board and in hand.
    DuplicatePiece {
        /// Its owner.
        color: Color,
        /// The piece.
        piece: Piece,
    },
    /// A piece is neither on the board nor in hand.
    MissingPiece {
        /// Its owner.
        color: Color,
        /// The piece.
        piece: Piece,
    },
    /// A pawn stands on the rank it is moving towards (it would already have turned round).
    PawnOnFarRank {
        /// The pawn's owner.
        color: Color,
    },
    /// A pawn in hand must be written with its starting direction.
    PawnInHandTurned {
        /// The pawn's owner.
        color: Color,
    },
}

impl fmt::Display for InvalidPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InvalidPositionError::DuplicatePiece { color, piece } => {
                write!(f, "{color} has more than one {piece}")
            }
            InvalidPositionError::MissingPiece { color, piece } => {
                write!(f, "{color}'s {piece} is neither on the board nor in hand")
            }
            InvalidPositionError::PawnOnFarRank { color } => write!(
                f,
                "{color}'s pawn stands on the rank it is moving towards (it would have turned)"
            ),
            InvalidPositionError::PawnInHandTurned { color } => write!(
                f,
                "{color}'s pawn is in hand, so its direction must be its starting one"
            ),
        }
    }
}

impl core::error::Error for InvalidPositionError {}

/// Why text was refused as a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParsePositionError {
    /// The text is not in the notation.
    Syntax(NotationError),
    /// The position it describes breaks the rules.
    Invalid(InvalidPositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Syntax(error) => write!(f, "bad notation: {error}"),
            ParsePositionError::Invalid(error) => write!(f, "invalid position: {error}"),
        }
    }
}

impl core::error::Error for ParsePositionError {}

impl From<NotationError> for ParsePositionError {
    fn from(error: NotationError) -> Self {
        ParsePositionError::Syntax(error)
    }
}

impl From<InvalidPositionError> for ParsePositionError {
    fn from(error: InvalidPositionError) -> Self {
        ParsePositionError::Invalid(error)
    }
}
