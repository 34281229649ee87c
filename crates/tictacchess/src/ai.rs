//! The computer player: `plyforge-search`'s [`Searcher`] with this crate's [`Evaluation`],
//! limited by depth or by time, and fed the match's earlier positions so that it sees
//! threefold repetitions. This is glue only: the search itself lives in `plyforge-search`.

use crate::eval::Evaluation;
use crate::game::TicTacChess;
use crate::history::Match;
use crate::moves::Move;
use plyforge_search::{
    Algorithm, Config, Limits, Player, PlayerError, SearchError, SearchResult, Searcher,
};
use std::time::Duration;

/// How hard the AI thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// Search this many plies (iterative deepening up to it).
    Depth(u32),
    /// Search for about this long (a soft limit; the hard limit is twice as long).
    Time(Duration),
}

/// The transposition-table size of an [`Ai`], in MiB: TicTacChess searches are small.
pub const AI_TT_MIB: usize = 16;

/// A computer player.
///
/// ```
/// use plyforge_tictacchess::{Ai, Match, Strength};
///
/// let mut game = Match::new();
/// let mut ai = Ai::new(Strength::Depth(3));
/// let result = ai.choose(&game)?;
/// game.play(result.best_move)?;
/// assert_eq!(game.moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ai {
    searcher: Searcher<TicTacChess>,
    evaluation: Evaluation,
    strength: Strength,
}

impl Ai {
    /// An AI of `strength` with the recommended alpha-beta configuration
    /// ([`search_config`](crate::search_config)) and the default evaluation.
    pub fn new(strength: Strength) -> Ai {
        Ai::with_config(
            strength,
            crate::search_config(Algorithm::AlphaBeta).with_tt_mib(AI_TT_MIB),
            Evaluation::default(),
        )
    }

    /// An AI with a search configuration and evaluation of the caller's choice.
    pub fn with_config(strength: Strength, config: Config, evaluation: Evaluation) -> Ai {
        Ai {
            searcher: Searcher::new(config),
            evaluation,
            strength,
        }
    }

    /// The strength.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Changes the strength for the next searches.
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
    }

    /// Forgets what earlier searches learned (between unrelated games).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    fn limits(&self) -> Limits<Move> {
        match self.strength {
            Strength::Depth(depth) => Limits::depth(depth),
            Strength::Time(soft) => Limits::time(soft, soft * 2),
        }
    }

    /// Searches the current position of `game` (its earlier positions count for repetition).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when the game has ended (including by repetition).
    pub fn choose(&mut self, game: &Match) -> Result<SearchResult<Move>, SearchError> {
        if let Some(outcome) = game.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        let limits = self.limits();
        self.searcher.search(
            game.game(),
            &self.evaluation,
            &limits,
            &game.history_hashes(),
            |_| {},
        )
    }

    /// Searches a lone position with no history.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when the game is over.
    pub fn choose_for(&mut self, game: &TicTacChess) -> Result<SearchResult<Move>, SearchError> {
        let limits = self.limits();
        self.searcher
            .search(game, &self.evaluation, &limits, &[], |_| {})
    }
}

/// An AI is a [`Player`] of the search crate's matches ([`Arena`](plyforge_search::Arena)): it
/// searches the position with the match's earlier positions for repetitions, and forgets what
/// it learned between games.
impl Player<TicTacChess> for Ai {
    fn choose(&mut self, game: &TicTacChess, history: &[u64]) -> Result<Move, PlayerError> {
        let limits = self.limits();
        let result = self
            .searcher
            .search(game, &self.evaluation, &limits, history, |_| {})?;
        Ok(result.best_move)
    }

    fn new_game(&mut self) {
        self.clear();
    }
}
