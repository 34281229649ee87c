//! Moves: a marble's start and end hole, or a pass. Two chains of jumps that end on the same
//! hole are one move, so the pair of holes is all a move needs. Written `FROM-TO` (`35-57`) or
//! `pass`.

use crate::error::{ParseHoleError, ParseMoveError};
use crate::star::HOLES;
use alloc::string::ToString;
use core::fmt;
use core::str::FromStr;

/// The byte a pass stores in both holes: not a hole of the board.
const PASS_HOLE: u8 = 127;

/// A move: a marble from one hole to another, or a pass.
///
/// ```
/// use plyforge_sternhalma::Move;
/// let mv: Move = "35-57".parse()?;
/// assert_eq!((mv.from(), mv.to()), (Some(35), Some(57)));
/// assert_eq!(mv.to_string(), "35-57");
/// assert!("pass".parse::<Move>()?.is_pass());
/// # Ok::<(), plyforge_sternhalma::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The pass, legal only when the player to move has no other move.
    pub const PASS: Move = Move {
        from: PASS_HOLE,
        to: PASS_HOLE,
    };

    /// The move of the marble on `from` to `to`, or an error when either is not a hole or both
    /// are the same.
    pub fn new(from: u8, to: u8) -> Result<Move, ParseMoveError> {
        let from = check_hole(from as u64).map_err(ParseMoveError::From)?;
        let to = check_hole(to as u64).map_err(ParseMoveError::To)?;
        if from == to {
            return Err(ParseMoveError::SameHole(from));
        }
        Ok(Move { from, to })
    }

    /// A move between two distinct holes known to be on the board (move generation).
    #[inline(always)]
    pub(crate) const fn between(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Whether this is the pass.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.from == PASS_HOLE
    }

    /// The start hole (`None` for a pass).
    #[inline]
    pub const fn from(self) -> Option<u8> {
        if self.is_pass() {
            None
        } else {
            Some(self.from)
        }
    }

    /// The end hole (`None` for a pass).
    #[inline]
    pub const fn to(self) -> Option<u8> {
        if self.is_pass() { None } else { Some(self.to) }
    }

    /// The raw start hole (the pass marker for a pass).
    #[inline(always)]
    pub(crate) const fn start_hole(self) -> u8 {
        self.from
    }

    /// The raw end hole (the pass marker for a pass).
    #[inline(always)]
    pub(crate) const fn end_hole(self) -> u8 {
        self.to
    }

    /// A 14-bit code, unique per move: `from * 128 + to` (the pass is `127 * 128 + 127`).
    ///
    /// ```
    /// use plyforge_sternhalma::Move;
    /// assert_eq!(Move::new(35, 57).unwrap().key(), 35 * 128 + 57);
    /// ```
    #[inline(always)]
    pub const fn key(self) -> u16 {
        (self.from as u16) << 7 | self.to as u16
    }
}

/// Parses a hole number `0..=120`.
pub(crate) fn parse_hole(text: &str) -> Result<u8, ParseHoleError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseHoleError::NotANumber(text.to_string()));
    }
    // Too many digits for a u64 is simply out of range.
    let number = text.parse::<u64>().unwrap_or(u64::MAX);
    check_hole(number)
}

fn check_hole(number: u64) -> Result<u8, ParseHoleError> {
    if number < HOLES as u64 {
        Ok(number as u8)
    } else {
        Err(ParseHoleError::OutOfRange(number))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            write!(f, "pass")
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `from-to` (two hole numbers, 0 to 120, distinct) or `pass`, strictly; `Display`
    /// prints the same, which reads back to an equal move.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "pass" {
            return Ok(Move::PASS);
        }
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| ParseMoveError::MissingDash(text.to_string()))?;
        let from = parse_hole(from).map_err(ParseMoveError::From)?;
        let to = parse_hole(to).map_err(ParseMoveError::To)?;
        Move::new(from, to)
    }
}
