//! Players: anything that chooses a move in a position of a [`Game`], given the hashes of the
//! positions played before it (for repetitions). A [`SearchPlayer`] runs a [`Searcher`] of any
//! algorithm with its evaluator and limits, a [`RandomPlayer`] picks uniformly from the legal
//! moves with a seeded generator, and any closure `FnMut(&G, &[u64]) -> Result<G::Move,
//! PlayerError>` is a player too. An [`Arena`](crate::Arena) plays them against each other.

use crate::config::Config;
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::SearchError;
use crate::searcher::Searcher;
use core::fmt;

/// Chooses moves in positions of `G`.
///
/// ```
/// use plyforge_search::{Game, Player, PlayerError, RandomPlayer, nim::Nim};
///
/// // A closure is a player: always take one stone.
/// let mut cautious = |_: &Nim, _: &[u64]| -> Result<u32, PlayerError> { Ok(1) };
/// assert_eq!(cautious.choose(&Nim::new(5), &[]), Ok(1));
/// let mut random = RandomPlayer::new(7);
/// let take = random.choose(&Nim::new(5), &[])?;
/// assert!((1..=3).contains(&take));
/// # Ok::<(), PlayerError>(())
/// ```
pub trait Player<G: Game> {
    /// The move to play in `game`, whose earlier positions had the hashes `history` (oldest
    /// first). It must be one of the position's legal moves: an [`Arena`](crate::Arena) scores
    /// any other as a lost game for the player.
    ///
    /// # Errors
    /// Why the player has no move to give (the game is over, its search refused the position,
    /// a human quit).
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError>;

    /// A new game starts: forget what belonged to the last one. The default does nothing.
    fn new_game(&mut self) {}
}

/// Why a [`Player`] gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerError {
    /// Its search refused the position.
    Search(SearchError),
    /// The position has no legal move.
    NoMove,
    /// The player gave up (a human who quit).
    Quit,
    /// Anything else, in words.
    Other(String),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Search(error) => write!(f, "the search failed: {error}"),
            PlayerError::NoMove => f.write_str("the position has no legal move"),
            PlayerError::Quit => f.write_str("the player quit"),
            PlayerError::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PlayerError {}

impl From<SearchError> for PlayerError {
    fn from(error: SearchError) -> Self {
        PlayerError::Search(error)
    }
}

/// Any closure `FnMut(&G, &[u64]) -> Result<G::Move, PlayerError>` is a player.
impl<G: Game, F> Player<G> for F
where
    F: FnMut(&G, &[u64]) -> Result<G::Move, PlayerError>,
{
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError> {
        self(game, history)
    }
}

/// A [`Searcher`] of any algorithm with its evaluator and the limits of each move.
///
/// ```
/// use plyforge_search::{Config, Limits, Player, SearchPlayer, nim::{Nim, NimEvaluator}};
/// let mut player = SearchPlayer::new(Config::default(), NimEvaluator, Limits::depth(8));
/// assert_eq!(player.choose(&Nim::new(5), &[]), Ok(1));
/// ```
pub struct SearchPlayer<G: Game, E> {
    searcher: Searcher<G>,
    evaluator: E,
    limits: Limits<G::Move>,
    /// Whether [`Player::new_game`] clears the searcher's table and trees.
    clear_between_games: bool,
}

impl<G: Game, E: Evaluator<G>> SearchPlayer<G, E> {
    /// A player that searches with `config` and `evaluator` within `limits` at every move.
    ///
    /// # Panics
    /// When the configured table cannot be allocated (as [`Searcher::new`]).
    pub fn new(config: Config, evaluator: E, limits: Limits<G::Move>) -> Self {
        Self::with_searcher(Searcher::new(config), evaluator, limits)
    }

    /// A player with a searcher of the caller's (with a rollout policy of its own, say).
    pub fn with_searcher(searcher: Searcher<G>, evaluator: E, limits: Limits<G::Move>) -> Self {
        SearchPlayer {
            searcher,
            evaluator,
            limits,
            clear_between_games: true,
        }
    }

    /// Whether to keep what the searcher learned from one game to the next (by default it
    /// forgets, so that every game of a match starts alike).
    #[must_use]
    pub fn keeping_knowledge(mut self, keep: bool) -> Self {
        self.clear_between_games = !keep;
        self
    }

    /// The searcher.
    pub fn searcher_mut(&mut self) -> &mut Searcher<G> {
        &mut self.searcher
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for SearchPlayer<G, E> {
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError> {
        let result = self
            .searcher
            .search(game, &self.evaluator, &self.limits, history, |_| {})?;
        Ok(result.best_move)
    }

    fn new_game(&mut self) {
        if self.clear_between_games {
            self.searcher.clear();
        }
    }
}

/// Plays a legal move chosen uniformly at random, from a seeded generator (SplitMix64): the
/// same seed gives the same moves.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    state: u64,
}

impl RandomPlayer {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomPlayer { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound`, which must not be 0 (uniform up to a bias below
    /// `bound / 2^64`).
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(&mut self, game: &G, _history: &[u64]) -> Result<G::Move, PlayerError> {
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            return Err(PlayerError::NoMove);
        }
        Ok(moves[self.below(moves.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

    #[test]
    fn a_random_player_plays_every_legal_move_and_repeats_from_its_seed() {
        let mut seen = [0u32; 4];
        let mut player = RandomPlayer::new(3);
        let first: Vec<u32> = (0..200)
            .map(|_| player.choose(&Nim::new(9), &[]).unwrap())
            .collect();
        for &take in &first {
            seen[take as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&count| count > 40), "{seen:?}");
        let mut again = RandomPlayer::new(3);
        let second: Vec<u32> = (0..200)
            .map(|_| again.choose(&Nim::new(9), &[]).unwrap())
            .collect();
        assert_eq!(first, second);
    }

    #[test]
    fn a_random_player_without_moves_says_so() {
        let mut nim = Nim::new(1);
        nim.play(1);
        assert_eq!(
            RandomPlayer::new(1).choose(&nim, &[]),
            Err(PlayerError::NoMove)
        );
    }
}
