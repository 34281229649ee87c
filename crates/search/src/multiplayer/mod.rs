//! Multi-player search for games of 2 to 6 players, knowing nothing of any particular game:
//! max^n (with shallow pruning when the evaluation is bounded), Best-Reply Search and BRS+, each
//! a configuration choice of one [`MultiSearch`]. Paranoid search is the main alpha-beta
//! engine's [`Mode::Paranoid`](crate::Mode::Paranoid), not part of this module.
//!
//! Every algorithm deepens iteratively within [`Limits`] (depth, nodes, time, a [`StopFlag`]),
//! tries the previous iteration's line first (then, in best-reply search, the transposition
//! table's move and the killer moves; then the game's ordering hints), reports each completed
//! iteration and returns the last one. The result never depends on the move order: ties go to
//! the first move generated, as in the plain recursions the tests compare with. Repetition draws
//! ([`Game::REPETITION_DRAWS`](crate::Game::REPETITION_DRAWS)) are not detected: these searches
//! are meant for games without them. See `docs/multiplayer-search.md` for when to use which.
//!
//! ```
//! use plyforge_search::multiplayer::{Algorithm, Limits, MultiConfig, MultiSearch};
//! use plyforge_search::nim::{Nim, NimEvaluator};
//!
//! let config = MultiConfig { algorithm: Algorithm::BestReplyPlus, ..MultiConfig::default() };
//! let mut search = MultiSearch::new(config);
//! let mut depths = Vec::new();
//! let result = search
//!     .search(&Nim::new(9), &NimEvaluator, &Limits::depth(6), |info| depths.push(info.depth))
//!     .unwrap();
//! assert_eq!(result.best_move, 1); // leave 8 stones
//! assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
//! ```

mod brs;
mod clock;
mod config;
mod context;
mod maxn;
mod ordering;
mod report;
mod score_vector;
mod searcher;
#[cfg(test)]
mod tests;

/// The crate's limits and stop flag, the same for every search.
pub use crate::limits::{Limits, StopFlag};
pub use config::{Algorithm, DEFAULT_TT_MIB, MultiConfig, MultiError, ParseAlgorithmError};
pub use report::{MultiInfo, MultiResult, PlayerMove};
pub use score_vector::ScoreVector;
pub use searcher::{MAX_DEPTH, MultiSearch};
