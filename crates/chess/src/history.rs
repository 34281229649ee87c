//! `GameHistory`: a board with the hashes of the positions before it, for standalone play
//! where threefold repetition must be detected (a search gets the same hashes from its
//! caller instead, so the copy-make [`Board`] stays small).

use crate::board::Board;
use crate::generate::IllegalMoveError;
use crate::moves::Move;
use crate::outcome::Outcome;
use alloc::vec::Vec;

/// Times a position must occur for the game to be drawn by repetition.
const REPETITION_DRAW_COUNT: usize = 3;

/// A game in progress: the current board and the hashes of every earlier position.
///
/// ```
/// use plyforge_chess::{GameHistory, Outcome};
/// let mut game = GameHistory::default();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
///     game.play_uci(uci)?;
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Repetition));
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

    /// Plays a move given in UCI notation.
    ///
    /// # Errors
    /// [`UciError`](crate::UciError) when it cannot be read or is not legal.
    pub fn play_uci(&mut self, uci: &str) -> Result<(), crate::UciError> {
        let mv = self.board.parse_uci(uci)?;
        self.play(mv).map_err(|_| crate::UciError::Illegal)
    }

    /// How many times the current position has occurred, counting this time. Only positions
    /// since the last capture or pawn move can repeat.
    pub fn repetitions(&self) -> usize {
        let hash = self.board.repetition_key();
        let reach = usize::from(self.board.halfmove_clock()).min(self.earlier.len());
        1 + self.earlier[self.earlier.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&earlier| earlier == hash)
            .count()
    }

    /// The outcome: checkmate, stalemate, threefold repetition, the 50-move rule or
    /// insufficient material; `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.outcome().or_else(|| {
            (self.repetitions() >= REPETITION_DRAW_COUNT).then_some(Outcome::Repetition)
        })
    }
}
