//! How a game of chess ends, as the FIDE Laws have it: checkmate with its winner, or a draw
//! with its reason. Some ends are automatic (checkmate, stalemate, a dead position, the
//! seventy-five-move rule, fivefold repetition); two draws only end the game when a player
//! claims them (the fifty-move rule, threefold repetition). [`Board::outcome`] answers the
//! automatic ends one position tells; [`GameHistory`](crate::GameHistory) adds those that need
//! the positions before and the claims.

use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use core::fmt;

/// Plies without capture or pawn move after which either player may claim a draw (the
/// fifty-move rule, FIDE 9.3).
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// Plies without capture or pawn move after which the game is drawn without a claim (the
/// seventy-five-move rule, FIDE 9.6.2), unless the last move mated.
pub const SEVENTY_FIVE_MOVE_PLIES: u16 = 150;

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
    /// Neither side has the material to mate in any line (a dead position). Automatic.
    InsufficientMaterial,
    /// A hundred and fifty plies without a capture or a pawn move, and no mate on the last of
    /// them (FIDE 9.6.2). Automatic.
    SeventyFiveMoves,
    /// The same position for the fifth time (FIDE 9.6.1). Automatic.
    FivefoldRepetition,
    /// A hundred plies without a capture or a pawn move (FIDE 9.3): a draw once claimed.
    FiftyMoves,
    /// The same position for the third time, by [`Board::repetition_key`] (FIDE 9.2): a draw
    /// once claimed.
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

    /// Whether this end needs a player's claim (the fifty-move rule, threefold repetition);
    /// every other end is automatic.
    pub const fn is_claim(self) -> bool {
        matches!(self, Outcome::FiftyMoves | Outcome::Repetition)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::Stalemate => f.write_str("draw by stalemate"),
            Outcome::FiftyMoves => f.write_str("draw by the fifty-move rule"),
            Outcome::InsufficientMaterial => f.write_str("draw by insufficient material"),
            Outcome::SeventyFiveMoves => f.write_str("draw by the seventy-five-move rule"),
            Outcome::FivefoldRepetition => f.write_str("draw by fivefold repetition"),
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

    /// Whether either player may claim a draw by the fifty-move rule (a hundred plies without
    /// capture or pawn move); the game goes on until one does.
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmove_clock() >= FIFTY_MOVE_PLIES
    }

    /// Whether the seventy-five-move rule draws the game (a hundred and fifty plies without
    /// capture or pawn move), unless the last move mated: see [`Board::outcome`].
    pub fn is_seventy_five_moves(&self) -> bool {
        self.halfmove_clock() >= SEVENTY_FIVE_MOVE_PLIES
    }

    /// The automatic end of the game at this position, by the rules that need no earlier
    /// positions: checkmate, stalemate, the seventy-five-move rule (a mate given on its last
    /// ply stands) or insufficient material; `None` while the game goes on. The fifty-move
    /// rule only gives a claim ([`Board::is_fifty_moves`],
    /// [`GameHistory::claimable_draw`](crate::GameHistory::claimable_draw)); repetitions need
    /// the game's history ([`GameHistory::outcome`](crate::GameHistory::outcome)).
    ///
    /// ```
    /// use plyforge_chess::{Board, Outcome};
    /// let fifty: Board = "7k/8/8/8/8/8/8/KR6 w - - 100 80".parse()?;
    /// assert_eq!(fifty.outcome(), None);
    /// assert!(fifty.is_fifty_moves());
    /// let seventy_five: Board = "7k/8/8/8/8/8/8/KR6 w - - 150 105".parse()?;
    /// assert_eq!(seventy_five.outcome(), Some(Outcome::SeventyFiveMoves));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(self.outcome_without_legal_moves());
        }
        if self.is_seventy_five_moves() {
            Some(Outcome::SeventyFiveMoves)
        } else if self.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else {
            None
        }
    }

    /// Checkmate or stalemate, for a position where the side to move has no legal move.
    pub(crate) fn outcome_without_legal_moves(&self) -> Outcome {
        if self.in_check() {
            Outcome::Checkmate {
                winner: !self.side(),
            }
        } else {
            Outcome::Stalemate
        }
    }
}
