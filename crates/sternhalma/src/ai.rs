//! Computer players: `plyforge-search`'s [`Searcher`] with this crate's [`DistanceEvaluator`],
//! one per [`Strategy`]: an [`Algorithm`] of the search crate (paranoid, max^n, best-reply
//! search, BRS+, Monte Carlo tree search with this crate's evaluation at the rollout cut-off, see
//! [`mcts_config`]) within the search crate's [`Limits`] (depth, nodes, time), or the greedy
//! player (best evaluation after one ply), the baseline the tests and tournaments measure the
//! searches against. This is glue only.

use crate::eval::DistanceEvaluator;
use crate::moves::Move;
use crate::position::Position;
use core::fmt;
use core::str::FromStr;
use plyforge_search::Techniques;
use plyforge_search::mcts::{MctsConfig, Rollout};
use plyforge_search::{
    Algorithm, Config, Evaluator, Limits, Player, PlayerError, Score, SearchError, Searcher,
};

/// The transposition-table size of an [`Ai`] in MiB: enough for the node budgets used here.
pub const AI_TT_MIB: usize = 16;

/// How a computer player chooses its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// A search of `plyforge-search`, with this crate's evaluation (and, for Monte Carlo tree
    /// search, [`mcts_config`]).
    Search(Algorithm),
    /// No search: the move with the best evaluation one ply ahead.
    Greedy,
}

/// The Monte Carlo tree search of [`Algorithm::MonteCarlo`] here: short rollouts, greedy on the
/// move hint (steps gained) most of the time, then the [`DistanceEvaluator`] turned into rewards,
/// and implicit minimax backups of the same evaluation mixed into selection (the MCTS hybrid
/// that scored best against best-reply search in the Sternhalma tournament). Random
/// rollouts to the end would take hundreds of aimless moves in this game.
pub fn mcts_config() -> MctsConfig {
    MctsConfig::default()
        .with_exploration(MCTS_EXPLORATION)
        .with_rollout_limit(Some(MCTS_ROLLOUT_PLIES))
        .with_rollout(Rollout::HintGreedy {
            epsilon: MCTS_EPSILON,
        })
        .with_eval_scale(MCTS_EVAL_SCALE)
        .with_prior_weight(MCTS_PRIOR_WEIGHT)
        .with_implicit_weight(MCTS_IMPLICIT_WEIGHT)
}

/// [`mcts_config`]'s exploration constant: 0.15 beats best-reply search with 2 players, where
/// 0.3 lost, and is no worse with 3 and 4 (the tournament: `docs/guide/algorithms.md`).
pub const MCTS_EXPLORATION: f32 = 0.15;
/// [`mcts_config`]'s rollout plies before the evaluation.
pub const MCTS_ROLLOUT_PLIES: u32 = 4;
/// [`mcts_config`]'s share of random moves in rollouts.
pub const MCTS_EPSILON: f32 = 0.2;
/// [`mcts_config`]'s weight of progressive bias (0: off).
pub const MCTS_PRIOR_WEIGHT: f32 = 0.0;
/// [`mcts_config`]'s weight of implicit minimax backups (0: off).
pub const MCTS_IMPLICIT_WEIGHT: f32 = 0.4;
/// [`mcts_config`]'s evaluation scale (evaluation units per factor e of a reward ratio).
pub const MCTS_EVAL_SCALE: f32 = 100.0;

impl Strategy {
    /// Every strategy of the tournaments, searches first.
    pub const ALL: [Strategy; 6] = [
        Strategy::Search(Algorithm::Paranoid),
        Strategy::Search(Algorithm::MaxN),
        Strategy::Search(Algorithm::BestReply),
        Strategy::Search(Algorithm::BestReplyPlus),
        Strategy::Search(Algorithm::MonteCarlo),
        Strategy::Greedy,
    ];

    /// The name used on command lines and in tables: the search crate's
    /// [`name`](Algorithm::name) (`paranoid`, `maxn`, `brs`, `brs+`, `mcts`, `alphabeta`) or
    /// `greedy`.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Search(algorithm) => algorithm.name(),
            Strategy::Greedy => GREEDY_NAME,
        }
    }
}

/// The name of [`Strategy::Greedy`].
const GREEDY_NAME: &str = "greedy";

impl From<Algorithm> for Strategy {
    fn from(algorithm: Algorithm) -> Strategy {
        Strategy::Search(algorithm)
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Strategy`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseStrategyError(pub String);

impl fmt::Display for ParseStrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm {:?} (paranoid, maxn, brs, brs+, mcts, alphabeta, greedy)",
            self.0
        )
    }
}

impl std::error::Error for ParseStrategyError {}

impl FromStr for Strategy {
    type Err = ParseStrategyError;

    /// Reads a [`name`](Strategy::name), ignoring ASCII case like the search crate does.
    ///
    /// ```
    /// use plyforge_search::Algorithm;
    /// use plyforge_sternhalma::Strategy;
    /// assert_eq!("BRS+".parse(), Ok(Strategy::Search(Algorithm::BestReplyPlus)));
    /// assert_eq!("greedy".parse(), Ok(Strategy::Greedy));
    /// assert!("minimax".parse::<Strategy>().is_err());
    /// for strategy in Strategy::ALL {
    ///     assert_eq!(strategy.to_string().parse(), Ok(strategy));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.eq_ignore_ascii_case(GREEDY_NAME) {
            return Ok(Strategy::Greedy);
        }
        text.parse::<Algorithm>()
            .map(Strategy::Search)
            .map_err(|_| ParseStrategyError(text.to_string()))
    }
}

/// Why an [`Ai`] found no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiError {
    /// From the search (game over, player count, a node budget too small).
    Search(SearchError),
    /// The game is over.
    GameOver,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::Search(error) => error.fmt(f),
            AiError::GameOver => write!(f, "the game is over: there is no move to choose"),
        }
    }
}

impl std::error::Error for AiError {}

/// The move an [`Ai`] chose and what its search saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its score for the player to move (in the algorithm's own view; for Monte Carlo tree
    /// search its mean reward in permille).
    pub score: Score,
    /// The depth of the last completed iteration (1 for greedy, the deepest tree node for
    /// Monte Carlo tree search).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// A computer player.
///
/// ```
/// use plyforge_sternhalma::{Ai, PlayerCount, Position, Strategy};
/// use plyforge_search::{Algorithm, Limits};
///
/// let mut position = Position::new(PlayerCount::Three);
/// let mut ai = Ai::new(Strategy::Search(Algorithm::BestReply), Limits::depth(2));
/// let choice = ai.choose(&position)?;
/// position.try_play(choice.mv)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ai {
    strategy: Strategy,
    limits: Limits<Move>,
    evaluator: DistanceEvaluator,
    /// `None` for the greedy player.
    searcher: Option<Box<Searcher<Position>>>,
}

impl Ai {
    /// A player using `strategy` within `limits`, with the default evaluation.
    pub fn new(strategy: Strategy, limits: Limits<Move>) -> Ai {
        Ai::with_evaluator(strategy, limits, DistanceEvaluator::default())
    }

    /// A player with an evaluation of the caller's choice.
    pub fn with_evaluator(
        strategy: Strategy,
        limits: Limits<Move>,
        evaluator: DistanceEvaluator,
    ) -> Ai {
        let searcher = match strategy {
            Strategy::Search(algorithm) => Some(Box::new(Searcher::new(search_config(algorithm)))),
            Strategy::Greedy => None,
        };
        Ai {
            strategy,
            limits,
            evaluator,
            searcher,
        }
    }

    /// A Monte Carlo tree search player with a configuration of the caller's choice (the
    /// default evaluation at the rollout cut-off).
    pub fn mcts(config: MctsConfig, limits: Limits<Move>) -> Ai {
        let config = search_config(Algorithm::MonteCarlo).with_mcts(config);
        Ai {
            strategy: Strategy::Search(Algorithm::MonteCarlo),
            limits,
            evaluator: DistanceEvaluator::default(),
            searcher: Some(Box::new(Searcher::new(config))),
        }
    }

    /// The strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Forgets what earlier searches learned (between unrelated games).
    pub fn clear(&mut self) {
        if let Some(searcher) = &mut self.searcher {
            searcher.clear();
        }
    }

    /// Chooses a move for the player to move.
    ///
    /// # Errors
    /// [`AiError::GameOver`] (or the search's own game-over error) when there is no move.
    pub fn choose(&mut self, position: &Position) -> Result<Choice, AiError> {
        let Some(searcher) = &mut self.searcher else {
            return greedy(position, &self.evaluator);
        };
        let result = searcher
            .search(position, &self.evaluator, &self.limits, &[], |_| {})
            .map_err(AiError::Search)?;
        Ok(Choice {
            mv: result.best_move,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        })
    }
}

/// The search configuration of `algorithm` for Sternhalma, the one [`Ai`] plays with: a table
/// of [`AI_TT_MIB`]; best-reply search without PVS (evaluations tie often here, and every tie
/// with an earlier move fails the probe and is searched again); Monte Carlo tree search as
/// [`mcts_config`].
///
/// ```
/// use plyforge_search::{Algorithm, Limits, Searcher};
/// use plyforge_sternhalma::{DistanceEvaluator, PlayerCount, Position, search_config};
///
/// let position = Position::new(PlayerCount::Three);
/// for algorithm in [Algorithm::MaxN, Algorithm::BestReply, Algorithm::MonteCarlo] {
///     let mut searcher = Searcher::new(search_config(algorithm));
///     let limits = Limits::nodes(5_000);
///     let result = searcher.search(&position, &DistanceEvaluator::default(), &limits, &[], |_| {})?;
///     assert!(position.legal_moves().contains(&result.best_move));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_config(algorithm: Algorithm) -> Config {
    let best_reply = matches!(algorithm, Algorithm::BestReply | Algorithm::BestReplyPlus);
    Config::default()
        .with_algorithm(algorithm)
        .with_tt_mib(AI_TT_MIB)
        .with_technique(Techniques::PVS, !best_reply)
        .with_mcts(mcts_config())
}

/// The move after which the mover's evaluation is best (a win beats everything); ties go to
/// the first in generation order.
fn greedy(position: &Position, evaluator: &DistanceEvaluator) -> Result<Choice, AiError> {
    let player = position.to_move();
    let moves = position.legal_moves();
    let mut best: Option<(Score, Move)> = None;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        let score = if child.winner() == Some(player) {
            Score::MAX
        } else {
            evaluator.evaluate(&child, player)
        };
        if best.is_none_or(|(best_score, _)| score > best_score) {
            best = Some((score, mv));
        }
    }
    let (score, mv) = best.ok_or(AiError::GameOver)?;
    Ok(Choice {
        mv,
        score,
        depth: 1,
        nodes: moves.len() as u64,
    })
}

/// An AI is a [`Player`] of the search crate's matches ([`Arena`](plyforge_search::Arena)),
/// forgetting what it learned between games.
impl Player<Position> for Ai {
    fn choose(&mut self, position: &Position, _history: &[u64]) -> Result<Move, PlayerError> {
        match Ai::choose(self, position) {
            Ok(choice) => Ok(choice.mv),
            Err(AiError::Search(error)) => Err(PlayerError::Search(error)),
            Err(AiError::GameOver) => Err(PlayerError::NoMove),
        }
    }

    fn new_game(&mut self) {
        self.clear();
    }
}
