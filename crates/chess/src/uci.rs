//! Moves in UCI notation: [`UciMove`], a move as text without a board (`e2e4`, `e7e8q`, the null
//! move `0000`), parsed by `FromStr` and printed by `Display`, and turned into a legal [`Move`]
//! of a position by [`UciMove::to_move`] (or [`Board::parse_uci`] in one step). Castling is read
//! in both forms GUIs send: the king's two-square step (`e1g1`) and the king taking its own
//! rook (`e1h1`, the Chess960 form). A syntax error and an illegal move are different errors.

use crate::board::Board;
use crate::moves::Move;
use crate::piece::Role;
use crate::square::Square;
use core::fmt;
use core::str::FromStr;

/// Why a UCI move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`, such as `e2e4` or `a7a8q`, nor `0000`.
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

/// A move in UCI notation, read without a board: what the text says, not yet whether it is
/// legal anywhere. Parsing is strict: lower-case squares and promotion letter, nothing around
/// them; `0000` is the null move. `Display` prints exactly what `FromStr` reads, so every value
/// round-trips. [`Move::to_uci`] gives the notation of a move.
///
/// ```
/// use plyforge_chess::{Board, Role, Square, UciError, UciMove};
/// let text: UciMove = "e7e8q".parse()?;
/// assert_eq!(
///     text,
///     UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) }
/// );
/// assert_eq!(text.to_string(), "e7e8q");
/// assert_eq!("e7e9".parse::<UciMove>(), Err(UciError::Syntax));
/// let board = Board::default();
/// let mv = "g1f3".parse::<UciMove>()?.to_move(&board)?;
/// assert_eq!(mv.to_uci(false).to_string(), "g1f3");
/// assert_eq!("e2e5".parse::<UciMove>()?.to_move(&board), Err(UciError::Illegal));
/// # Ok::<(), UciError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with the promotion piece if any.
    Normal {
        /// The origin.
        from: Square,
        /// The destination (for castling: the king's target square or its rook's square).
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// `0000`: no move (UCI's null move; no position has it as a legal move).
    Null,
}

impl UciMove {
    /// The legal move of `board` that this notation names.
    ///
    /// # Errors
    /// [`UciError::Illegal`] when no legal move matches (always for [`UciMove::Null`]).
    pub fn to_move(&self, board: &Board) -> Result<Move, UciError> {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(UciError::Illegal);
        };
        board
            .legal_moves()
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

impl FromStr for UciMove {
    type Err = UciError;

    fn from_str(text: &str) -> Result<UciMove, UciError> {
        if text == "0000" {
            return Ok(UciMove::Null);
        }
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(UciError::Syntax);
        }
        let from: Square = text[0..2].parse().map_err(|_| UciError::Syntax)?;
        let to: Square = text[2..4].parse().map_err(|_| UciError::Syntax)?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Bishop),
            Some(b'r') => Some(Role::Rook),
            Some(b'q') => Some(Role::Queen),
            Some(_) => return Err(UciError::Syntax),
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    Some(role) => write!(f, "{}", role.char()),
                    None => Ok(()),
                }
            }
            UciMove::Null => f.write_str("0000"),
        }
    }
}

impl Board {
    /// The legal move `text` names in UCI notation: [`UciMove`]'s `FromStr`, then
    /// [`UciMove::to_move`].
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
        text.parse::<UciMove>()?.to_move(self)
    }

    /// `mv` in UCI notation as the board's [castling mode](Board::castling_mode) writes it:
    /// castling as the king's two-square step (`e1g1`) in standard chess, as the king taking
    /// its rook (`e1h1`) in Chess960 ([`Move::to_uci`]). [`Board::parse_uci`] reads both
    /// forms in either mode.
    ///
    /// ```
    /// use plyforge_chess::{Board, CastlingMode};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// let castle = board.parse_uci("e1g1")?;
    /// assert_eq!(board.to_uci(castle).to_string(), "e1g1");
    /// let chess960 = board.with_castling_mode(CastlingMode::Chess960)?;
    /// assert_eq!(chess960.to_uci(castle).to_string(), "e1h1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uci(&self, mv: Move) -> UciMove {
        mv.to_uci(self.castling_mode == crate::setup::CastlingMode::Chess960)
    }
}
