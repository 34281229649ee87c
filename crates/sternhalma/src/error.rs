//! The errors of this crate, one type per grammar: player counts, holes, moves (syntax), moves
//! (legality) and positions. Each names what was wrong, so a user interface can show it as is.

use crate::moves::Move;
use alloc::string::String;
use core::fmt;

/// A number of players other than 2, 3, 4 or 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerCountError {
    /// The text was not a whole number.
    NotANumber,
    /// A count the game is not played with.
    Unsupported(usize),
}

impl fmt::Display for PlayerCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerCountError::NotANumber => {
                write!(f, "the player count is not a number (2, 3, 4 or 6)")
            }
            PlayerCountError::Unsupported(n) => {
                write!(f, "{n} players: Sternhalma is played by 2, 3, 4 or 6")
            }
        }
    }
}

impl core::error::Error for PlayerCountError {}

/// A hole number that is not `0`..`120`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ParseHoleError {
    /// The text was not a whole number.
    NotANumber(String),
    /// A number past the last hole.
    OutOfRange(u64),
}

impl fmt::Display for ParseHoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseHoleError::NotANumber(text) => write!(f, "{text:?} is not a hole number"),
            ParseHoleError::OutOfRange(n) => {
                write!(f, "hole {n} does not exist (holes are 0 to 120)")
            }
        }
    }
}

impl core::error::Error for ParseHoleError {}

/// Text that is not a move (`FROM-TO` or `pass`): a syntax error, whatever the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ParseMoveError {
    /// No `-` between the two holes.
    MissingDash(String),
    /// The start hole is not a hole.
    From(ParseHoleError),
    /// The end hole is not a hole.
    To(ParseHoleError),
    /// Start and end are the same hole: that is no move.
    SameHole(u8),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::MissingDash(text) => {
                write!(
                    f,
                    "{text:?} is not a move (write FROM-TO, e.g. 35-57, or pass)"
                )
            }
            ParseMoveError::From(error) => write!(f, "bad start hole: {error}"),
            ParseMoveError::To(error) => write!(f, "bad end hole: {error}"),
            ParseMoveError::SameHole(hole) => {
                write!(f, "{hole}-{hole} starts and ends on the same hole")
            }
        }
    }
}

impl core::error::Error for ParseMoveError {}

/// A move that is well formed but not legal in the position: a legality error.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The text was not a move at all.
    Parse(ParseMoveError),
    /// The game is over: nothing may be played.
    GameOver,
    /// Not a legal move of the player to move here (with the reason).
    Illegal {
        /// The move tried.
        mv: Move,
        /// Why it is not legal.
        reason: IllegalReason,
    },
}

/// Why a move is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The start hole holds no marble of the player to move.
    NotYourMarble,
    /// The end hole is occupied.
    Occupied,
    /// No step or chain of jumps leads from start to end.
    Unreachable,
    /// `pass` while the player has a move.
    PassWithMoves,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(error) => error.fmt(f),
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::Illegal { mv, reason } => {
                let why = match reason {
                    IllegalReason::NotYourMarble => {
                        "the start hole holds no marble of the player to move"
                    }
                    IllegalReason::Occupied => "the end hole is occupied",
                    IllegalReason::Unreachable => {
                        "no step or chain of jumps leads from start to end"
                    }
                    IllegalReason::PassWithMoves => "pass is legal only without any other move",
                };
                write!(f, "illegal move {mv}: {why}")
            }
        }
    }
}

impl core::error::Error for MoveError {}

impl From<ParseMoveError> for MoveError {
    fn from(error: ParseMoveError) -> Self {
        MoveError::Parse(error)
    }
}

/// Text that is not a position in the notation of the rules page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ParsePositionError {
    /// Not three fields separated by single spaces.
    FieldCount(usize),
    /// The board field does not have 121 characters.
    BoardLength(usize),
    /// A board character other than `.` and `1`..`6`.
    BadCharacter {
        /// The hole (from 0).
        hole: usize,
        /// The character found.
        character: char,
    },
    /// The player count field.
    PlayerCount(PlayerCountError),
    /// A marble of a player past the player count.
    NoSuchPlayer {
        /// The hole (from 0).
        hole: usize,
        /// The player (from 1), as written.
        player: u8,
    },
    /// A player without exactly ten marbles.
    MarbleCount {
        /// The player, from 1.
        player: usize,
        /// The marbles found.
        count: u32,
    },
    /// The player to move is not one of `1..=n`.
    ToMove(String),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::FieldCount(n) => write!(
                f,
                "a position has 3 fields (board, players, player to move) separated by single spaces, found {n}"
            ),
            ParsePositionError::BoardLength(n) => {
                write!(f, "the board has 121 characters, found {n}")
            }
            ParsePositionError::BadCharacter { hole, character } => write!(
                f,
                "hole {hole}: {character:?} is neither '.' nor a player 1 to 6"
            ),
            ParsePositionError::PlayerCount(error) => error.fmt(f),
            ParsePositionError::NoSuchPlayer { hole, player } => {
                write!(f, "hole {hole}: no player {player} in this game")
            }
            ParsePositionError::MarbleCount { player, count } => write!(
                f,
                "player {player} has {count} marbles, every player must have exactly 10"
            ),
            ParsePositionError::ToMove(text) => {
                write!(f, "player to move {text:?} is not one of the players")
            }
        }
    }
}

impl core::error::Error for ParsePositionError {}
