//! Computer players: `plyforge-search`'s searches with this crate's [`DistanceEvaluator`], one per
//! [`Algorithm`], within the search crate's [`Limits`] (depth, nodes, time). This is glue only:
//! alpha-beta and paranoid search are the main engine's [`Searcher`], max^n and best-reply search
//! are its [`MultiSearch`], Monte Carlo tree search its [`Mcts`] (with this crate's evaluation at
//! the rollout cut-off, see [`mcts_config`]); the greedy player (best evaluation after one ply) is
//! the baseline the tests and tournaments measure the searches against.

use crate::eval::DistanceEvaluator;
use crate::moves::Move;
use crate::position::Position;
use core::fmt;
use core::str::FromStr;
use plyforge_search::mcts::{Mcts, MctsConfig, MctsError, Rollout};
use plyforge_search::multiplayer::{self, MultiConfig, MultiError, MultiSearch};
use plyforge_search::{Config, Evaluator, Limits, Mode, Score, SearchError, Searcher};

/// The transposition-table size of an [`Ai`] in MiB: enough for the node budgets used here.
pub const AI_TT_MIB: usize = 16;

/// How a computer player chooses its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Alpha-beta: negamax for two players, paranoid (the root player against a coalition of
    /// all others) for more.
    Paranoid,
    /// max^n: every player maximises its own component of a score vector.
    MaxN,
    /// Best-Reply Search (Schadd and Winands, 2011): only the single best reply among all
    /// opponents is searched between two moves of the root player.
    BestReply,
    /// BRS+: as BRS, but the other opponents play their best move by ordering instead of passing.
    BestReplyPlus,
    /// Monte Carlo tree search (UCT for every player), rollouts cut off after a few plies
    /// where the distance evaluation scores the position ([`mcts_config`]).
    Mcts,
    /// No search: the move with the best evaluation one ply ahead.
    Greedy,
}

/// The Monte Carlo tree search of [`Algorithm::Mcts`]: short rollouts, greedy on the move
/// hint (steps gained) most of the time, then the [`DistanceEvaluator`] turned into rewards.
/// Random rollouts to the end would take hundreds of aimless moves in this game.
pub fn mcts_config() -> MctsConfig {
    MctsConfig::default()
        .with_exploration(MCTS_EXPLORATION)
        .with_rollout_limit(Some(MCTS_ROLLOUT_PLIES))
        .with_rollout(Rollout::HintGreedy {
            epsilon: MCTS_EPSILON,
        })
        .with_eval_scale(MCTS_EVAL_SCALE)
        .with_prior_weight(MCTS_PRIOR_WEIGHT)
}

/// [`mcts_config`]'s exploration constant.
pub const MCTS_EXPLORATION: f32 = 0.3;
/// [`mcts_config`]'s rollout plies before the evaluation.
pub const MCTS_ROLLOUT_PLIES: u32 = 4;
/// [`mcts_config`]'s share of random moves in rollouts.
pub const MCTS_EPSILON: f32 = 0.2;
/// [`mcts_config`]'s weight of progressive bias (0: off).
pub const MCTS_PRIOR_WEIGHT: f32 = 0.0;
/// [`mcts_config`]'s evaluation scale (evaluation units per factor e of a reward ratio).
pub const MCTS_EVAL_SCALE: f32 = 100.0;

impl Algorithm {
    /// Every algorithm, searches first.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Paranoid,
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::Mcts,
        Algorithm::Greedy,
    ];

    /// The search crate's multi-player algorithm behind this one; `None` for
    /// [`Algorithm::Mcts`] (the search crate's [`Mcts`]) and [`Algorithm::Greedy`], which does
    /// not search.
    pub const fn search(self) -> Option<multiplayer::Algorithm> {
        match self {
            Algorithm::Paranoid => Some(multiplayer::Algorithm::Paranoid),
            Algorithm::MaxN => Some(multiplayer::Algorithm::MaxN),
            Algorithm::BestReply => Some(multiplayer::Algorithm::BestReply),
            Algorithm::BestReplyPlus => Some(multiplayer::Algorithm::BestReplyPlus),
            Algorithm::Mcts | Algorithm::Greedy => None,
        }
    }

    /// The name used on command lines and in tables: the search crate's
    /// [`name`](multiplayer::Algorithm::name) (`paranoid`, `maxn`, `brs`, `brs+`), `mcts` or
    /// `greedy`.
    pub const fn name(self) -> &'static str {
        match self.search() {
            Some(search) => search.name(),
            None if matches!(self, Algorithm::Mcts) => MCTS_NAME,
            None => GREEDY_NAME,
        }
    }
}

/// The name of [`Algorithm::Greedy`], the one algorithm the search crate does not have.
const GREEDY_NAME: &str = "greedy";
/// The name of [`Algorithm::Mcts`].
const MCTS_NAME: &str = "mcts";

impl From<multiplayer::Algorithm> for Algorithm {
    fn from(search: multiplayer::Algorithm) -> Algorithm {
        match search {
            multiplayer::Algorithm::Paranoid => Algorithm::Paranoid,
            multiplayer::Algorithm::MaxN => Algorithm::MaxN,
            multiplayer::Algorithm::BestReply => Algorithm::BestReply,
            multiplayer::Algorithm::BestReplyPlus => Algorithm::BestReplyPlus,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`Algorithm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseAlgorithmError(pub String);

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm {:?} (paranoid, maxn, brs, brs+, mcts, greedy)",
            self.0
        )
    }
}

impl std::error::Error for ParseAlgorithmError {}

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    /// Reads a [`name`](Algorithm::name), ignoring ASCII case like the search crate does.
    ///
    /// ```
    /// use plyforge_sternhalma::Algorithm;
    /// assert_eq!("BRS+".parse(), Ok(Algorithm::BestReplyPlus));
    /// assert_eq!("greedy".parse(), Ok(Algorithm::Greedy));
    /// assert!("minimax".parse::<Algorithm>().is_err());
    /// for algorithm in Algorithm::ALL {
    ///     assert_eq!(algorithm.to_string().parse(), Ok(algorithm));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.eq_ignore_ascii_case(GREEDY_NAME) {
            return Ok(Algorithm::Greedy);
        }
        if text.eq_ignore_ascii_case(MCTS_NAME) {
            return Ok(Algorithm::Mcts);
        }
        text.parse::<multiplayer::Algorithm>()
            .map(Algorithm::from)
            .map_err(|_| ParseAlgorithmError(text.to_string()))
    }
}

/// Why an [`Ai`] found no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiError {
    /// From the alpha-beta engine (game over, player count).
    Search(SearchError),
    /// From the multi-player searches.
    Multi(MultiError),
    /// From Monte Carlo tree search.
    Mcts(MctsError),
    /// The game is over.
    GameOver,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::Search(error) => error.fmt(f),
            AiError::Multi(error) => error.fmt(f),
            AiError::Mcts(error) => error.fmt(f),
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
/// use plyforge_sternhalma::{Ai, Algorithm, PlayerCount, Position};
/// use plyforge_search::Limits;
///
/// let mut position = Position::new(PlayerCount::Three);
/// let mut ai = Ai::new(Algorithm::BestReply, Limits::depth(2));
/// let choice = ai.choose(&position)?;
/// position.try_play(choice.mv)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ai {
    algorithm: Algorithm,
    limits: Limits,
    evaluator: DistanceEvaluator,
    engine: Engine,
}

enum Engine {
    AlphaBeta(Box<Searcher>),
    Multi(Box<MultiSearch>),
    Mcts(Box<Mcts<Position>>),
    Greedy,
}

impl Ai {
    /// A player using `algorithm` within `limits`, with the default evaluation.
    pub fn new(algorithm: Algorithm, limits: Limits) -> Ai {
        Ai::with_evaluator(algorithm, limits, DistanceEvaluator::default())
    }

    /// A player with an evaluation of the caller's choice.
    pub fn with_evaluator(
        algorithm: Algorithm,
        limits: Limits,
        evaluator: DistanceEvaluator,
    ) -> Ai {
        let multi = |algorithm| {
            Engine::Multi(Box::new(MultiSearch::new(MultiConfig {
                algorithm,
                tt_mib: AI_TT_MIB,
                ..MultiConfig::default()
            })))
        };
        let engine = match algorithm.search() {
            Some(multiplayer::Algorithm::Paranoid) => Engine::AlphaBeta(Box::new(Searcher::new(
                Config::default()
                    .with_mode(Mode::Paranoid)
                    .with_tt_mib(AI_TT_MIB),
            ))),
            Some(search) => multi(search),
            None if algorithm == Algorithm::Mcts => {
                Engine::Mcts(Box::new(Mcts::new(mcts_config())))
            }
            None => Engine::Greedy,
        };
        Ai {
            algorithm,
            limits,
            evaluator,
            engine,
        }
    }

    /// A Monte Carlo tree search player with a configuration of the caller's choice (the
    /// default evaluation at the rollout cut-off).
    pub fn mcts(config: MctsConfig, limits: Limits) -> Ai {
        Ai {
            algorithm: Algorithm::Mcts,
            limits,
            evaluator: DistanceEvaluator::default(),
            engine: Engine::Mcts(Box::new(Mcts::new(config))),
        }
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Forgets what earlier searches learned (between unrelated games).
    pub fn clear(&mut self) {
        match &mut self.engine {
            Engine::AlphaBeta(searcher) => searcher.clear(),
            Engine::Multi(search) => search.clear(),
            Engine::Mcts(search) => search.clear(),
            Engine::Greedy => {}
        }
    }

    /// Chooses a move for the player to move.
    ///
    /// # Errors
    /// [`AiError::GameOver`] (or the search's own game-over error) when there is no move.
    pub fn choose(&mut self, position: &Position) -> Result<Choice, AiError> {
        match &mut self.engine {
            Engine::AlphaBeta(searcher) => {
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
            Engine::Multi(search) => {
                let result = search
                    .search(position, &self.evaluator, &self.limits, |_| {})
                    .map_err(AiError::Multi)?;
                Ok(Choice {
                    mv: result.best_move,
                    score: result.score,
                    depth: result.depth,
                    nodes: result.nodes,
                })
            }
            Engine::Mcts(search) => {
                let result = search
                    .search(position, &self.evaluator, &self.limits, |_| {})
                    .map_err(AiError::Mcts)?;
                Ok(Choice {
                    mv: result.best_move,
                    score: (result.values[position.to_move()] * 1000.0).round() as Score,
                    depth: result.depth,
                    nodes: result.nodes,
                })
            }
            Engine::Greedy => greedy(position, &self.evaluator),
        }
    }
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
