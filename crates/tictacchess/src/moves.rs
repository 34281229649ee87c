//! A move: a drop from the hand (`N@c3`) or a piece moving on the board (`b1c3`), with the
//! notation of the rules page. Parsing here checks only the syntax; whether a move is legal in a
//! position is [`Position::parse_move`](crate::Position::parse_move)'s job.

use crate::Square;
use crate::error::ParseMoveError;
use crate::piece::Piece;
use core::fmt;
use core::str::FromStr;

/// A move of the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Put `piece` from the hand on the empty square `to`.
    Drop {
        /// The piece taken from the hand.
        piece: Piece,
        /// The empty square it goes to.
        to: Square,
    },
    /// Move the piece on `from` to `to`, capturing what stands there.
    Step {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to (empty, or an enemy piece captured).
        to: Square,
    },
}

/// The bit that sets a drop's [`Move::key`] apart from every step's (whose two 5-bit square
/// indices fill bits 0 to 9).
const DROP_KEY: u16 = 1 << 10;

impl Move {
    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        match self {
            Move::Drop { to, .. } | Move::Step { to, .. } => to,
        }
    }

    /// The square left, or `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Drop { .. } => None,
            Move::Step { from, .. } => Some(from),
        }
    }

    /// A 16-bit code unique among all moves: steps carry both squares' bit indices (below 32
    /// each, so bits 0 to 9), drops set bit 10, above every step, and carry the piece.
    #[inline(always)]
    pub const fn key(self) -> u16 {
        match self {
            Move::Drop { piece, to } => DROP_KEY | (piece as u16) << 5 | to.index() as u16,
            Move::Step { from, to } => (from.index() as u16) << 5 | to.index() as u16,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Drop { piece, to } => write!(f, "{}@{to}", piece.letter()),
            Move::Step { from, to } => write!(f, "{from}{to}"),
        }
    }
}

/// Reads one square name `a1`..`d4` from exactly two bytes.
fn square(text: &str) -> Result<Square, ParseMoveError> {
    let bytes = text.as_bytes();
    let [file, rank] = bytes else {
        return Err(ParseMoveError::BadSquare);
    };
    if !(b'a'..=b'd').contains(file) || !(b'1'..=b'4').contains(rank) {
        return Err(ParseMoveError::BadSquare);
    }
    Square::new(file - b'a', rank - b'1').map_err(|_| ParseMoveError::BadSquare)
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `b1c3` or `N@c3` (upper-case piece letter, as for either side), strictly;
    /// `Display` prints the same, which reads back to an equal move.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if !text.is_ascii() {
            return Err(ParseMoveError::NotAscii);
        }
        if let Some((letter, to)) = text.split_once('@') {
            let mut chars = letter.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return Err(ParseMoveError::BadPieceLetter);
            };
            let piece = Piece::from_letter(letter).ok_or(ParseMoveError::BadPieceLetter)?;
            return Ok(Move::Drop {
                piece,
                to: square(to)?,
            });
        }
        if text.len() != 4 {
            return Err(ParseMoveError::WrongLength { found: text.len() });
        }
        let (from, to) = text.split_at(2);
        Ok(Move::Step {
            from: square(from)?,
            to: square(to)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use std::collections::HashSet;

    #[test]
    fn every_drop_and_step_has_its_own_key() {
        let squares: Vec<String> = "abcd"
            .chars()
            .flat_map(|file| "1234".chars().map(move |rank| format!("{file}{rank}")))
            .collect();
        let mut moves: Vec<Move> = Vec::new();
        for to in &squares {
            for piece in Piece::ALL {
                moves.push(format!("{}@{to}", piece.letter()).parse().unwrap());
            }
            for from in squares.iter().filter(|from| *from != to) {
                moves.push(format!("{from}{to}").parse().unwrap());
            }
        }
        let keys: HashSet<u16> = moves.iter().map(|mv| mv.key()).collect();
        assert_eq!(moves.len(), 16 * 4 + 16 * 15);
        assert_eq!(keys.len(), moves.len());
    }
}
