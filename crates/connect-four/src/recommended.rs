//! The settings that measured best for Connect Four, one call per algorithm: what a program
//! playing this game should start from. Monte Carlo tree search plays its rollouts with decisive
//! and anti-decisive moves (a rollout takes a win in one and avoids handing the opponent one):
//! against the `minimax` crate's Monte Carlo tree search at 100 ms a move, one thread each, it
//! scored 75.9 % (95 % interval 72.8 to 79.1 %) in 686 games where plain UCT scored 71.1 %
//! (67.8 to 74.3 %), although it runs fewer rollouts a second (`connect_four_mcts` in the lab
//! crate, `--ms 100 --plies 3`, with `--ours recommended` and `--ours uct`).
//! The alpha-beta searches keep the search crate's defaults, every technique on
//! (`connect_four_match` in the lab crate plays them against the `minimax` crate's).

use plyforge_search::mcts::MctsConfig;
use plyforge_search::{Algorithm, Config};

/// The Monte Carlo tree search settings for Connect Four: the search crate's UCT (rollouts to
/// the end, MCTS-Solver, `c` = 1/√2) with decisive and anti-decisive rollout moves.
///
/// ```
/// use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator, mcts_config};
/// use plyforge_search::{Algorithm, Config, Limits, Searcher};
///
/// let game: ConnectFour<Columns7x6> = "444".parse()?;
/// let config = Config::default()
///     .with_algorithm(Algorithm::MonteCarlo)
///     .with_mcts(mcts_config().with_max_iterations(Some(2_000)));
/// let result = Searcher::new(config).search(&game, &ThreatEvaluator, &Limits::default(), &[], |_| {})?;
/// assert!(game.can_play(result.best_move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mcts_config() -> MctsConfig {
    MctsConfig::default().with_decisive_moves(true)
}

/// The search configuration of `algorithm` for Connect Four: the search crate's defaults with
/// [`mcts_config`] for Monte Carlo tree search.
///
/// ```
/// use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator, search_config};
/// use plyforge_search::{Algorithm, Limits, Searcher};
///
/// let game: ConnectFour<Columns7x6> = "4453".parse()?;
/// for algorithm in [Algorithm::AlphaBeta, Algorithm::MonteCarlo] {
///     let mut searcher = Searcher::new(search_config(algorithm));
///     let limits = Limits::nodes(20_000);
///     let result = searcher.search(&game, &ThreatEvaluator, &limits, &[], |_| {})?;
///     assert!(game.can_play(result.best_move));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_config(algorithm: Algorithm) -> Config {
    Config::default()
        .with_algorithm(algorithm)
        .with_mcts(mcts_config())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monte_carlo_plays_decisive_rollout_moves_and_the_rest_is_the_default() {
        assert!(mcts_config().decisive_moves);
        assert_eq!(
            mcts_config().with_decisive_moves(false),
            MctsConfig::default()
        );
        let config = search_config(Algorithm::MonteCarlo);
        assert_eq!(config.algorithm, Algorithm::MonteCarlo);
        assert_eq!(config.mcts, mcts_config());
        assert_eq!(
            search_config(Algorithm::AlphaBeta).algorithm,
            Algorithm::AlphaBeta
        );
    }
}
