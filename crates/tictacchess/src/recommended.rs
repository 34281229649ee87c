//! The settings that measured best for TicTacChess, one call per algorithm: what a program
//! playing this game should start from (the [`Ai`](crate::Ai) uses them). Measured at equal
//! time, 20 ms a move on one thread, by the self-play example:
//!
//! ```text
//! cargo run --release --example tictacchess_selfplay -- --ms 20 --games 200 --threads 1 \
//!     --strong-config <A> --weak-config <B>
//! ```
//!
//! (openings of two random plies, each played with both colours, a move limit of 100 plies,
//! threefold repetition; the score of `A` with its 95 % interval; 2026-11-28, a machine loaded
//! about tenfold, which slows both sides alike).

use plyforge_search::mcts::MctsConfig;
use plyforge_search::{Algorithm, Config};

/// The Monte Carlo tree search settings for TicTacChess: the search crate's defaults (UCT,
/// rollouts to the end, MCTS-Solver). Decisive and anti-decisive rollout moves, which Connect
/// Four gains from, changed nothing measurable here: with them MCTS scored 51.5 % [41.8, 61.1]
/// against itself without them (100 games, `--strong-config mcts-decisive --weak-config
/// mcts`), for rollouts that cost more.
pub fn mcts_config() -> MctsConfig {
    MctsConfig::default()
}

/// The search configuration of `algorithm` for TicTacChess: the search crate's default
/// techniques, with [`mcts_config`] for Monte Carlo tree search.
///
/// The default techniques scored 56.8 % [49.8, 63.4] (+27 =173 −0 in 200 games) against
/// [`Config::exact`] (`--strong-config default --weak-config exact`): the extra depth of the
/// reductions is worth more than the exactness they give up in this game.
/// Against [`Config::selective`] (the pruning for centipawn-scale evaluations) they scored
/// 51.0 % [44.1, 57.8] (+4 =196 −0 in 200 games, `--weak-config selective`): no measurable
/// difference, and the default needs no assumption about the evaluation's scale.
///
/// ```
/// use plyforge_search::{Algorithm, Limits, Searcher};
/// use plyforge_tictacchess::{Evaluation, TicTacChess, search_config};
///
/// let game = TicTacChess::new();
/// for algorithm in [Algorithm::AlphaBeta, Algorithm::MonteCarlo] {
///     let mut searcher = Searcher::new(search_config(algorithm).with_tt_mib(1));
///     let result = searcher.search(&game, &Evaluation::default(), &Limits::nodes(5_000), &[], |_| {})?;
///     assert!(game.position().legal_moves().contains(&result.best_move));
/// }
/// # Ok::<(), plyforge_search::SearchError>(())
/// ```
pub fn search_config(algorithm: Algorithm) -> Config {
    Config::default()
        .with_algorithm(algorithm)
        .with_mcts(mcts_config())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_search::Techniques;

    #[test]
    fn every_algorithm_gets_the_default_techniques_and_mcts_settings() {
        for algorithm in [Algorithm::AlphaBeta, Algorithm::MonteCarlo] {
            let config = search_config(algorithm);
            assert_eq!(config.algorithm, algorithm);
            assert_eq!(config.techniques, Techniques::DEFAULT);
            assert_eq!(config.mcts, MctsConfig::default());
        }
    }
}
