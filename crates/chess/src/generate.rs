//! The public move-generation API of [`Board`]: all, noisy and quiet moves into a
//! [`MoveList`], bulk counting, and checked play.

use crate::board::Board;
use crate::movegen::{Collect, Count, SpecialFilter};
use crate::moves::Move;
use arrayvec::ArrayVec;
use core::fmt;

/// The move-list capacity. No position reachable from the start has more than 218 legal moves
/// (the known maximum, e.g. `R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1`); the
/// lenient constructor also accepts unreachable placements of reachable material, and 256 leaves
/// room for those.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, large enough for any position. The searches (`Game::Moves`,
/// with the `search` feature) use `plyforge_search::MoveList<Move, MAX_MOVES>` of the same
/// capacity; the generators take any `Extend<Move>`, so they fill either.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMoveError(pub Move);

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a legal move here", self.0)
    }
}

impl core::error::Error for IllegalMoveError {}

/// A null move asked for while the side to move is in check: passing would leave the king
/// where it can be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NullMoveError;

impl fmt::Display for NullMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no null move in check: the king would stand en prise")
    }
}

impl core::error::Error for NullMoveError {}

impl Board {
    /// Appends every legal move to `moves`.
    #[inline]
    pub fn generate_moves_into(&self, moves: &mut impl Extend<Move>) {
        self.visit_moves(&mut Collect {
            list: moves,
            filter: !0,
            promotions: true,
            specials: SpecialFilter::All,
        });
    }

    /// Every legal move.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// assert_eq!(Board::default().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves_into(&mut moves);
        moves
    }

    /// Appends the legal captures (en passant included) and promotions to `moves`.
    #[inline]
    pub fn generate_noisy_moves_into(&self, moves: &mut impl Extend<Move>) {
        self.visit_moves(&mut Collect {
            list: moves,
            filter: self.colors[(!self.side()).index()],
            promotions: true,
            specials: SpecialFilter::Noisy,
        });
    }

    /// Appends the legal moves that are neither captures nor promotions to `moves`.
    #[inline]
    pub fn generate_quiet_moves_into(&self, moves: &mut impl Extend<Move>) {
        self.visit_moves(&mut Collect {
            list: moves,
            filter: !self.occupied_bits(),
            promotions: false,
            specials: SpecialFilter::Quiet,
        });
    }

    /// The number of legal moves, counted with popcounts without making a list.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// assert_eq!(Board::default().count_moves(), 20);
    /// ```
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut count = Count(0);
        self.visit_moves(&mut count);
        count.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when it is not; the board is left unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMoveError(mv))
        }
    }

    /// Passes the turn (a null move) unless the side to move is in check: only the side to
    /// move, the en-passant square and the clocks change.
    ///
    /// ```
    /// use plyforge_chess::{Board, NullMoveError};
    /// let mut board: Board = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1".parse()?;
    /// assert_eq!(board.play_null(), Err(NullMoveError));
    /// board.play(board.parse_uci("e8d8")?);
    /// board.play_null()?;
    /// assert_eq!(board.to_string(), "3k4/8/8/8/8/8/8/4R1K1 b - - 2 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NullMoveError`] when the side to move is in check; the board is unchanged.
    pub fn play_null(&mut self) -> Result<(), NullMoveError> {
        if self.in_check() {
            return Err(NullMoveError);
        }
        self.play_null_unchecked();
        Ok(())
    }

    /// Whether `mv` captures a piece or promotes.
    #[inline]
    pub fn is_noisy(&self, mv: Move) -> bool {
        use crate::moves::{KIND_CASTLE, KIND_EN_PASSANT, KIND_PROMOTION};
        // From the bits, as the search asks for every move (decoding the kind costs more).
        match mv.kind_bits() {
            KIND_CASTLE => false,
            KIND_EN_PASSANT | KIND_PROMOTION.. => true,
            _ => self.enemy_on(mv.target_index()),
        }
    }
}
