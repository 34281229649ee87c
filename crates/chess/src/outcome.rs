//! How a game of chess ends, as the rules say: checkmate with its winner, or a draw with its
//! reason. [`Board::outcome`] answers from one position (checkmate, stalemate, the fifty-move
//! rule, insufficient material); [`GameHistory::outcome`](crate::GameHistory::outcome) adds
//! threefold repetition, which needs the positions before.

use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use core::fmt;

/// Plies without capture or pawn move after which the game is drawn (the 50-move rule).
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// The end of a game of chess.
///
/// ```
/// use plyforge_chess::{Board, Color, Outcome};
/// let fools_mate: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
/// assert!(fools_mate.is_checkmate());
/// assert_eq!(fools_mate.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
/// assert_eq!(fools_mate.outcome().unwrap().to_string(), "checkmate, Black wins");
/// # Ok::<(), plyforge_chess::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A hundred plies without a capture or a pawn move (and no mate on the last of them).
    FiftyMoves,
    /// Neither side has the material to mate in any line.
    InsufficientMaterial,
    /// The same position for the third time, same side to move, same rights.
    Repetition,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game is drawn.
    pub const fn is_draw(self) -> bool {
        self.winner().is_none()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::Stalemate => f.write_str("draw by stalemate"),
            Outcome::FiftyMoves => f.write_str("draw by the fifty-move rule"),
            Outcome::InsufficientMaterial => f.write_str("draw by insufficient material"),
            Outcome::Repetition => f.write_str("draw by threefold repetition"),
        }
    }
}

impl Board {
    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.count_moves() == 0
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.count_moves() == 0
    }

    /// Whether neither side has the material to checkmate in any line: bare kings, a king
    /// and one minor piece against a king, or only bishops all on squares of one color.
    pub fn is_insufficient_material(&self) -> bool {
        const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;
        let roles = &self.roles;
        if roles[Role::Pawn as usize] | roles[Role::Rook as usize] | roles[Role::Queen as usize]
            != 0
        {
            return false;
        }
        let knights = roles[Role::Knight as usize];
        let bishops = roles[Role::Bishop as usize];
        let minors = (knights | bishops).count_ones();
        if minors <= 1 {
            return true;
        }
        knights == 0 && (bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0)
    }

    /// Whether the fifty-move rule has drawn the game (a mate on the hundredth ply still wins:
    /// see [`Board::outcome`]).
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmove_clock >= FIFTY_MOVE_PLIES
    }

    /// The end of the game at this position by the rules that need no earlier positions:
    /// checkmate, stalemate, the fifty-move rule (a mate given on the hundredth ply stands) or
    /// insufficient material; `None` while the game goes on. Threefold repetition needs the
    /// game's history: [`GameHistory::outcome`](crate::GameHistory::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(self.outcome_without_legal_moves());
        }
        if self.is_fifty_moves() {
            Some(Outcome::FiftyMoves)
        } else if self.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else {
            None
        }
    }

    /// Checkmate or stalemate, for a position where the side to move has no legal move.
    pub(crate) fn outcome_without_legal_moves(&self) -> Outcome {
        if self.in_check() {
            Outcome::Checkmate { winner: !self.side }
        } else {
            Outcome::Stalemate
        }
    }
}
