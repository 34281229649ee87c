//! The search algorithms by name: which value a search computes for 2 to 6 players, with the
//! player counts each one searches, and their short names for command lines and options.

use core::fmt;
use core::str::FromStr;

/// The search algorithm of a [`Searcher`](crate::Searcher): what a position's value is, for 2 to 6
/// players. The guide's chapter on choosing an algorithm (`docs/guide/algorithms.md`, rendered as
/// `plyforge::guide::algorithms`) says when to choose which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Two-player alpha-beta (negamax): each player for themselves, every technique of the
    /// [`Config`](crate::Config). Games with another player count are refused with
    /// [`SearchError::PlayerCount`](crate::SearchError::PlayerCount).
    #[default]
    AlphaBeta,
    /// Paranoid search for 2 to 6 players: alpha-beta with the player to move at the root
    /// against a coalition of all the others, every technique of the [`Config`](crate::Config). The
    /// evaluation is always asked for the root player's view.
    Paranoid,
    /// Max^n for 2 to 6 players: every player maximises their own score; with
    /// [`Config::max_sum`](crate::Config::max_sum), shallow pruning.
    MaxN,
    /// Best-Reply Search for 3 to 6 players: the root player's moves against only the best
    /// reply among all the opponents (the others pass). Needs
    /// [`Game::set_player_to_move`](crate::Game::set_player_to_move).
    BestReply,
    /// BRS+: best-reply search where the opponents who do not give the best reply play their
    /// first ordered move instead of passing, so every position searched is reachable.
    BestReplyPlus,
    /// Monte Carlo tree search (UCT) for 2 to 6 players, configured by [`Config::mcts`](crate::Config::mcts).
    MonteCarlo,
}

impl Algorithm {
    /// Every algorithm, in the order of the enum.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::AlphaBeta,
        Algorithm::Paranoid,
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::MonteCarlo,
    ];

    /// The short name that [`Display`](fmt::Display) writes and [`FromStr`] reads: `alphabeta`,
    /// `paranoid`, `maxn`, `brs`, `brs+`, `mcts`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Paranoid => "paranoid",
            Algorithm::MaxN => "maxn",
            Algorithm::BestReply => "brs",
            Algorithm::BestReplyPlus => "brs+",
            Algorithm::MonteCarlo => "mcts",
        }
    }

    /// The player counts the algorithm searches.
    pub const fn players(self) -> core::ops::RangeInclusive<usize> {
        match self {
            Algorithm::AlphaBeta => 2..=2,
            _ => 2..=crate::game::MAX_PLAYERS,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`Algorithm`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseAlgorithmError(pub String);

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown search algorithm {:?}: expected alphabeta, paranoid, maxn, brs, brs+ or mcts",
            self.0
        )
    }
}

impl std::error::Error for ParseAlgorithmError {}

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    /// Reads a [`name`](Algorithm::name), ignoring ASCII case.
    ///
    /// ```
    /// use plyforge_search::Algorithm;
    /// assert_eq!("BRS+".parse(), Ok(Algorithm::BestReplyPlus));
    /// assert!("minimax".parse::<Algorithm>().is_err());
    /// for algorithm in Algorithm::ALL {
    ///     assert_eq!(algorithm.to_string().parse(), Ok(algorithm));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseAlgorithmError(text.to_string()))
    }
}
