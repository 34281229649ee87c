//! Moves in UCI notation: `e2e4`, `e7e8q`, castling as the king's two-square step (`e1g1`) or,
//! in Chess960, as the king taking its own rook (`e1h1`). Both castling forms are accepted.
//! A syntax error and an illegal move are different errors.

use crate::board::Board;
use crate::moves::Move;
use crate::piece::Role;
use crate::square::Square;
use core::fmt;

/// Why a UCI move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`, such as `e2e4` or `a7a8q` (or `0000`).
    Syntax,
    /// Well-formed, but no legal move of the position matches.
    Illegal,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax => f.write_str(
                "a UCI move is two squares and an optional promotion letter, such as e2e4 or a7a8q",
            ),
            UciError::Illegal => f.write_str("the UCI move is not legal in this position"),
        }
    }
}

impl core::error::Error for UciError {}

/// The parts of a UCI move: origin, destination, promotion.
fn split(text: &str) -> Result<(Square, Square, Option<Role>), UciError> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(UciError::Syntax);
    }
    let from: Square = text[0..2].parse().map_err(|_| UciError::Syntax)?;
    let to: Square = text[2..4].parse().map_err(|_| UciError::Syntax)?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(letter) => match *letter as char {
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            _ => return Err(UciError::Syntax),
        },
    };
    Ok((from, to, promotion))
}

impl Board {
    /// The legal move `text` names in UCI notation.
    ///
    /// ```
    /// use plyforge_chess::{Board, UciError};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = board.parse_uci("e1g1")?;
    /// assert_eq!(board.parse_uci("e1h1")?, castle);
    /// assert_eq!(board.parse_uci("e1e3"), Err(UciError::Illegal));
    /// assert_eq!(board.parse_uci("e1"), Err(UciError::Syntax));
    /// # Ok::<(), UciError>(())
    /// ```
    ///
    /// # Errors
    /// [`UciError::Syntax`] for text that is not a UCI move, [`UciError::Illegal`] when no
    /// legal move matches.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let (from, to, promotion) = split(text)?;
        self.legal_moves()
            .into_iter()
            .find(|mv| {
                mv.from() == from
                    && mv.promotion_role() == promotion
                    && (mv.to() == to
                        || (mv.is_castle()
                            && mv.castle_king_target() == to
                            && from.file().index().abs_diff(to.file().index()) >= 2))
            })
            .ok_or(UciError::Illegal)
    }
}
