//! Max^n and best-reply search for games of 2 to 6 players, knowing nothing of any particular
//! game: max^n (with shallow pruning when the evaluation is bounded), Best-Reply Search and BRS+,
//! each an [`Algorithm`](crate::Algorithm) of the one [`Searcher`](crate::Searcher). Paranoid
//! search is the alpha-beta engine's.
//!
//! Every algorithm deepens iteratively within [`Limits`](crate::Limits) (depth, nodes, time, a
//! [`StopFlag`](crate::StopFlag)), tries the previous iteration's line first (then, in
//! best-reply search, the transposition table's move and the killer moves; then the game's
//! ordering hints), reports each completed iteration and returns the last one. The result never
//! depends on the move order: ties go to the first move generated, as in the plain recursions
//! the tests compare with. Repetition draws
//! ([`Game::REPETITION_DRAWS`](crate::Game::REPETITION_DRAWS)) are not detected: these searches
//! are meant for games without them. The guide's chapter on choosing an algorithm
//! (`docs/guide/algorithms.md`) says when to use which.

mod brs;
mod context;
mod maxn;
mod ordering;
mod player_move;
mod replies;

mod searcher;
#[cfg(test)]
mod tests;

pub(crate) use context::MultiplayerSettings;
pub(crate) use searcher::search;
