//! Computer players: `plyforge-search`'s searches with this crate's [`DistanceEvaluator`], one
//! per [`Algorithm`], within the search crate's [`Limits`] (depth, nodes, time). This is glue
//! only: alpha-beta and paranoid search are the main engine's [`Searcher`], max^n and best-reply
//! search are its [`MultiSearch`]; the greedy player (best evaluation after one ply) is the
//! baseline the tests and tournaments measure the searches against.

use crate::eval::DistanceEvaluator;
use crate::moves::Move;
use crate::position::Position;
use core::fmt;
use core::str::FromStr;
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
    /// No search: the move with the best evaluation one ply ahead.
    Greedy,
}

impl Algorithm {
    /// Every algorithm, searches first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Paranoid,
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::Greedy,
    ];

    /// The search crate's algorithm behind this one; `None` for [`Algorithm::Greedy`], which
    /// does not search.
    pub const fn search(self) -> Option<multiplayer::Algorithm> {
        match self {
            Algorithm::Paranoid => Some(multiplayer::Algorithm::Paranoid),
            Algorithm::MaxN => Some(multiplayer::Algorithm::MaxN),
            Algorithm::BestReply => Some(multiplayer::Algorithm::BestReply),
            Algorithm::BestReplyPlus => Some(multiplayer::Algorithm::BestReplyPlus),
            Algorithm::Greedy => None,
        }
    }

    /// The name used on command lines and in tables: the search crate's
    /// [`name`](multiplayer::Algorithm::name) (`paranoid`, `maxn`, `brs`, `brs+`), or `greedy`.
    pub const fn name(self) -> &'static str {
        match self.search() {
            Some(search) => search.name(),
            None => GREEDY_NAME,
        }
    }
}

/// The name of [`Algorithm::Greedy`], the one algorithm the search crate does not have.
const GREEDY_NAME: &str = "greedy";

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
            "unknown algorithm {:?} (paranoid, maxn, brs, brs+, greedy)",
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
    /// The game is over.
    GameOver,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::Search(error) => error.fmt(f),
            AiError::Multi(error) => error.fmt(f),
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
    /// Its score for the player to move (in the algorithm's own view).
    pub score: Score,
    /// The depth of the last completed iteration (1 for greedy).
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
            Some(multiplayer::Algorithm::Paranoid) => {
                Engine::AlphaBeta(Box::new(Searcher::new(Config {
                    mode: Mode::Paranoid,
                    tt_mib: AI_TT_MIB,
                    ..Config::default()
                })))
            }
            Some(search) => multi(search),
            None => Engine::Greedy,
        };
        Ai {
            algorithm,
            limits,
            evaluator,
            engine,
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
