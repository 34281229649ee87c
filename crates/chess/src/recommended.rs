//! The settings that measured best for chess, one call per algorithm: what a program playing
//! chess should start from (the `plyforge` UCI engine uses them). Alpha-beta with
//! [`Config::selective`]: every technique it adds was measured in games, self-play at 20 ms a
//! move (`cargo run --release -p plyforge-lab --bin chess_selfplay --
//! crates/lab/data/openings-8ply.epd 20 100 without-<technique>`) or the engine against itself
//! without it at 3+0.03 (`../shared/tools/gauntlet.py`), and kept only when it won; the figures
//! are in `docs/strength.md`.

use plyforge_search::{Algorithm, Config};

/// The search configuration of `algorithm` for chess: the selective techniques
/// ([`Config::selective`]: the pruning that needs an evaluation on a centipawn scale, which
/// this crate's [`Evaluation`](crate::Evaluation) is).
///
/// Alpha-beta is the algorithm measured and recommended; with two players the multi-player
/// searches reduce to it. Monte Carlo tree search gets the search crate's default settings,
/// which have not been measured in chess (its rollouts play random moves to the end).
///
/// ```
/// use plyforge_chess::{Board, Evaluation, search_config};
/// use plyforge_search::{Algorithm, Limits, Searcher};
///
/// let mut searcher = Searcher::new(search_config(Algorithm::AlphaBeta).with_tt_mib(16));
/// let result = searcher.search(&Board::default(), &Evaluation, &Limits::depth(6), &[], |_| {})?;
/// assert!(Board::default().legal_moves().contains(&result.best_move));
/// # Ok::<(), plyforge_search::SearchError>(())
/// ```
pub fn search_config(algorithm: Algorithm) -> Config {
    Config::selective().with_algorithm(algorithm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_search::Techniques;

    #[test]
    fn every_algorithm_gets_the_selective_techniques() {
        for algorithm in [Algorithm::AlphaBeta, Algorithm::MonteCarlo] {
            let config = search_config(algorithm);
            assert_eq!(config.algorithm, algorithm);
            assert_eq!(config.techniques, Techniques::SELECTIVE);
        }
    }
}
