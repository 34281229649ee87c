//! [`Match`]: a game played move by move, as a user or a program plays it. It keeps what the
//! copy-make position leaves out, the earlier positions, so that it can take moves back and
//! apply the threefold-repetition draw of the rules, and hands their hashes to a search.

use crate::error::{IllegalMoveError, MoveError};
use crate::game::TicTacChess;
use crate::moves::Move;
use crate::position::Position;
use plyforge_search::{Game, Outcome};

/// How many times a position must occur for the game to be drawn.
pub const REPETITION_LIMIT: usize = 3;

/// A game in progress, with its history.
///
/// ```
/// use plyforge_search::Outcome;
/// use plyforge_tictacchess::Match;
///
/// let mut game = Match::new();
/// for mv in ["R@a1", "R@d4", "a1a2", "d4d3", "a2a1", "d3d4", "a1a2", "d4d3", "a2a1", "d3d4"] {
///     assert_eq!(game.outcome(), None);
///     game.play_text(mv)?;
/// }
/// // The position after R@d4 has now occurred three times.
/// assert_eq!(game.outcome(), Some(Outcome::Draw));
/// # Ok::<(), plyforge_tictacchess::MoveError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Match {
    /// The game before each move played, oldest first.
    earlier: Vec<TicTacChess>,
    /// The moves played, one per entry of `earlier`.
    moves: Vec<Move>,
    current: TicTacChess,
}

impl Match {
    /// A match from the start position, no move limit.
    pub fn new() -> Match {
        Match::from_game(TicTacChess::new())
    }

    /// A match from `game` (a position, its ply count and move limit).
    pub fn from_game(game: TicTacChess) -> Match {
        Match {
            earlier: Vec::new(),
            moves: Vec::new(),
            current: game,
        }
    }

    /// The game now.
    pub fn game(&self) -> &TicTacChess {
        &self.current
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.current.position()
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The hashes of the earlier positions, oldest first: what a search needs to see
    /// repetitions of positions before its root.
    pub fn history_hashes(&self) -> Vec<u64> {
        self.earlier.iter().map(Game::hash).collect()
    }

    /// How often the current position has occurred, counting itself.
    pub fn occurrences(&self) -> usize {
        let hash = self.current.hash();
        1 + self
            .earlier
            .iter()
            .filter(|game| game.hash() == hash && game.position() == self.current.position())
            .count()
    }

    /// The result if the game is over: four in a row, the move limit, a position repeated for
    /// the third time, or no legal move (a draw).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.current.outcome_by_rule() {
            return Some(outcome);
        }
        if self.occurrences() >= REPETITION_LIMIT {
            return Some(Outcome::Draw);
        }
        if self.current.count_moves() == 0 {
            return Some(self.current.outcome_without_moves());
        }
        None
    }

    /// Plays `mv` if the game goes on and the move is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] once the game has ended (also by repetition or the move
    /// limit), otherwise the reason the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        self.current.position().legality(mv)?;
        self.earlier.push(self.current);
        self.moves.push(mv);
        self.current.play(mv);
        Ok(())
    }

    /// Reads a move in the notation and plays it.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is not a move, [`MoveError::Illegal`] otherwise.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse()?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes the last move back; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let previous = self.earlier.pop()?;
        self.current = previous;
        self.moves.pop()
    }
}
