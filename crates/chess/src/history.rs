//! `GameHistory`: a board with the repetition keys of the positions before it, for standalone
//! play where the ends of the game that need the history (fivefold repetition, automatic;
//! threefold repetition, claimed) must be found. A search gets the same keys from its caller
//! instead, so the copy-make [`Board`] stays small.

use crate::board::Board;
use crate::generate::IllegalMoveError;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::san::SanError;
use alloc::vec::Vec;

/// Occurrences of a position that let a player claim a draw (FIDE 9.2).
const THREEFOLD: usize = 3;
/// Occurrences of a position that draw the game without a claim (FIDE 9.6.1).
const FIVEFOLD: usize = 5;

/// A game in progress: the current board and the repetition keys of every earlier position.
///
/// ```
/// use plyforge_chess::{GameHistory, Outcome};
/// let mut game = GameHistory::default();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
///     game.play_san(san)?;
/// }
/// game.play_uci("f6g8")?;
/// assert_eq!(game.repetitions(), 3);
/// // Threefold repetition is a claim: the game goes on until a player makes it.
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.claimable_draw(), Some(Outcome::Repetition));
/// assert_eq!(game.outcome_with_claims(), Some(Outcome::Repetition));
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     game.play_san(san)?;
/// }
/// assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct GameHistory {
    board: Board,
    earlier: Vec<u64>,
}

impl GameHistory {
    /// A game starting from `board`.
    pub fn new(board: Board) -> GameHistory {
        GameHistory {
            board,
            earlier: Vec::new(),
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The repetition keys ([`Board::repetition_key`], which is also the search's
    /// `Game::hash`) of the positions before the current one, oldest first: what a search
    /// needs as its pre-root history.
    pub fn earlier_hashes(&self) -> &[u64] {
        &self.earlier
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when it is not; nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let key = self.board.repetition_key();
        self.board.try_play(mv)?;
        self.earlier.push(key);
        Ok(())
    }

    /// Plays a move given in UCI notation, returning it.
    ///
    /// # Errors
    /// [`UciError`](crate::UciError) when it cannot be read or is not legal; nothing changes.
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, crate::UciError> {
        let mv = self.board.parse_uci(uci)?;
        self.play(mv).map_err(|_| crate::UciError::Illegal)?;
        Ok(mv)
    }

    /// Plays a move given in Standard Algebraic Notation (`Nf3`, `exd6`, `O-O`), returning it.
    ///
    /// # Errors
    /// [`SanError`] when it cannot be read, matches no legal move or several; nothing changes.
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        let mv = self.board.parse_san(san)?;
        self.play(mv).map_err(|_| SanError::Illegal)?;
        Ok(mv)
    }

    /// How many times the current position has occurred, counting this time, by
    /// [`Board::repetition_key`]. Only positions since the last capture or pawn move can
    /// repeat.
    pub fn repetitions(&self) -> usize {
        let key = self.board.repetition_key();
        let reach = usize::from(self.board.halfmove_clock()).min(self.earlier.len());
        1 + self.earlier[self.earlier.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&earlier| earlier == key)
            .count()
    }

    /// The automatic end of the game: checkmate, stalemate, insufficient material, the
    /// seventy-five-move rule or fivefold repetition; `None` while the game goes on (a draw
    /// that may be claimed leaves it going on: see [`GameHistory::claimable_draw`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.board
            .outcome()
            .or_else(|| (self.repetitions() >= FIVEFOLD).then_some(Outcome::FivefoldRepetition))
    }

    /// The draw the player to move (or the one who just moved) may claim now: threefold
    /// repetition ([`Outcome::Repetition`]) or the fifty-move rule ([`Outcome::FiftyMoves`]);
    /// `None` when there is none, or when the game is already over.
    pub fn claimable_draw(&self) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        if self.can_claim_threefold_repetition() {
            Some(Outcome::Repetition)
        } else if self.board.is_fifty_moves() {
            Some(Outcome::FiftyMoves)
        } else {
            None
        }
    }

    /// The draw the player to move may claim by declaring `mv` without playing it on the board
    /// (FIDE 9.2.1.1 and 9.3.1: a claim on a position about to appear): the position after
    /// `mv` would stand for the third time ([`Outcome::Repetition`]), or `mv` would complete
    /// fifty moves of each side without a capture or a pawn move ([`Outcome::FiftyMoves`]).
    /// `None` when `mv` gives neither, or when it ends the game by itself (checkmate,
    /// stalemate, a dead position, the seventy-five-move rule, fivefold repetition), which
    /// then stands instead of a claim.
    ///
    /// ```
    /// use plyforge_chess::{GameHistory, Outcome};
    /// let mut game = GameHistory::default();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.play_san(san)?;
    /// }
    /// // The start position has stood twice: Black may claim by declaring Ng8, its third time.
    /// assert_eq!(game.claimable_draw(), None);
    /// let ng8 = game.board().parse_san("Ng8")?;
    /// assert_eq!(game.claimable_draw_after(ng8)?, Some(Outcome::Repetition));
    /// let e5 = game.board().parse_san("e5")?;
    /// assert_eq!(game.claimable_draw_after(e5)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `mv` is not legal here.
    pub fn claimable_draw_after(&self, mv: Move) -> Result<Option<Outcome>, IllegalMoveError> {
        let mut after = self.clone();
        after.play(mv)?;
        if after.outcome().is_some() {
            return Ok(None);
        }
        Ok(if after.can_claim_threefold_repetition() {
            Some(Outcome::Repetition)
        } else if after.can_claim_fifty_moves() {
            Some(Outcome::FiftyMoves)
        } else {
            None
        })
    }

    /// [`GameHistory::claimable_draw_after`] for a move in Standard Algebraic Notation.
    ///
    /// # Errors
    /// [`SanError`] when the move cannot be read, matches no legal move or several.
    pub fn claimable_draw_after_san(&self, san: &str) -> Result<Option<Outcome>, SanError> {
        let mv = self.board.parse_san(san)?;
        self.claimable_draw_after(mv).map_err(|_| SanError::Illegal)
    }

    /// Whether the current position has occurred three times (or more), so that a draw may be
    /// claimed (FIDE 9.2).
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.repetitions() >= THREEFOLD
    }

    /// Whether a hundred plies have passed without capture or pawn move, so that a draw may be
    /// claimed (FIDE 9.3).
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.board.is_fifty_moves()
    }

    /// The end of the game when the players claim every draw they may: the automatic end, or
    /// else the claimable draw. What engine matches and self-play use, where a drawn position
    /// is not played on.
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        self.outcome().or_else(|| self.claimable_draw())
    }
}
