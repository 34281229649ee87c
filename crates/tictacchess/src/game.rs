//! [`TicTacChess`]: a position with a ply count and an optional move limit, the type that
//! implements `plyforge-search`'s [`Game`] so that every search (and the generic perft) runs on
//! it. Repetitions along the search path and before the root are left to the searches
//! ([`Game::REPETITION_DRAWS`]); the game's own history lives in [`Match`](crate::Match).

use crate::error::ParsePositionError;
use crate::movegen::MAX_MOVES;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;
use core::fmt;
use core::str::FromStr;
use plyforge_search::{Game, MoveList, Outcome};

/// The search's list of a position's moves: the capacity of the crate's own [`Moves`](crate::Moves),
/// with the search crate's message should it ever overflow.
type SearchMoves = MoveList<Move, MAX_MOVES>;

/// Ordering hint of a move that makes four in a row: above every capture.
const WIN_HINT: i32 = 1 << 12;
/// Ordering hint of a capture, plus [`VICTIM_VALUE`] of the piece taken.
const CAPTURE_HINT: i32 = 1 << 8;
/// How much capturing each piece is worth for ordering, by [`Piece::index`]: the sliders keep
/// more lines under control than the pawn.
const VICTIM_VALUE: [i32; Piece::NUM] = [1, 2, 3, 4];

/// A game of TicTacChess: the [`Position`], the plies played since it was set up, and an
/// optional move limit (a draw once that many plies have been played; none by default, as the
/// rules say).
///
/// ```
/// use plyforge_search::{perft, Game};
/// use plyforge_tictacchess::TicTacChess;
///
/// let game = TicTacChess::new();
/// assert_eq!(perft(&game, 2), 3840);
/// assert_eq!(game.player_to_move(), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TicTacChess {
    position: Position,
    plies: u32,
    move_limit: Option<u32>,
}

impl TicTacChess {
    /// The start position, no move limit.
    pub fn new() -> TicTacChess {
        TicTacChess::from_position(Position::start())
    }

    /// A game from `position`, no move limit.
    pub fn from_position(position: Position) -> TicTacChess {
        TicTacChess {
            position,
            plies: 0,
            move_limit: None,
        }
    }

    /// The same game with a move limit: drawn once `plies` plies have been played in total
    /// (`None` for no limit).
    pub fn with_move_limit(mut self, plies: Option<u32>) -> TicTacChess {
        self.move_limit = plies;
        self
    }

    /// The move limit, in plies.
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// The plies played since the game was set up.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The colour to move.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }
}

impl From<Position> for TicTacChess {
    fn from(position: Position) -> Self {
        TicTacChess::from_position(position)
    }
}

impl FromStr for TicTacChess {
    type Err = ParsePositionError;

    /// Reads a position (see [`Position`]'s `FromStr`); no move limit.
    fn from_str(text: &str) -> Result<Self, ParsePositionError> {
        text.parse().map(TicTacChess::from_position)
    }
}

/// Prints the position in the notation (ply count and limit are not part of it).
impl fmt::Display for TicTacChess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
    }
}

impl Game for TicTacChess {
    type Move = Move;
    type Moves = SearchMoves;
    const REPETITION_DRAWS: bool = true;

    #[inline(always)]
    fn player_to_move(&self) -> usize {
        self.position.side_to_move().index()
    }

    #[inline(always)]
    fn generate_moves(&self, moves: &mut SearchMoves) {
        self.position.generate(moves);
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        self.position.play(mv);
        self.plies += 1;
    }

    #[inline]
    fn outcome_by_rule(&self) -> Option<Outcome> {
        if let Some(winner) = self.position.winner() {
            return Some(Outcome::Win(winner.index()));
        }
        match self.move_limit {
            Some(limit) if self.plies >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.position.hash()
    }

    #[inline(always)]
    fn move_key(mv: Move) -> u16 {
        mv.key()
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        self.position.count_moves()
    }

    #[inline]
    fn generate_noisy_moves(&self, moves: &mut SearchMoves) {
        self.position.generate_captures(moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        self.position.is_capture(mv)
    }

    #[inline]
    fn move_order_hint(&self, mv: Move) -> i32 {
        let mut hint = 0;
        if self.position.wins_at_once(mv) {
            hint += WIN_HINT;
        }
        if let Move::Step { to, .. } = mv {
            match self.position.piece_at(to) {
                Some((color, piece)) if color != self.position.side_to_move() => {
                    hint += CAPTURE_HINT + VICTIM_VALUE[piece.index()];
                }
                _ => {}
            }
        }
        hint
    }
}
