//! The public entry point: a [`Searcher`] owns the configuration and the transposition table
//! (kept between searches, so that a game's next move starts with the previous search's
//! knowledge) and runs iterative-deepening alpha-beta on one or more threads.

use crate::config::{Config, Mode, TableSizeError};
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::{Info, SearchError, SearchResult};
use crate::tt::TranspositionTable;
use crate::worker::{Shared, Worker};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The most players the searches handle.
pub const MAX_PLAYERS: usize = 6;

/// An alpha-beta searcher for any [`Game`].
///
/// ```
/// use plyforge_search::{nim::{Nim, NimEvaluator}, Config, Limits, Searcher, score::win_in};
///
/// let mut searcher = Searcher::new(Config::default());
/// // Five stones: take one, leave a multiple of four, and win in 5 plies at most.
/// let result = searcher
///     .search(&Nim::new(5), &NimEvaluator, &Limits::depth(8), &[], |_| {})
///     .unwrap();
/// assert_eq!(result.best_move, 1);
/// assert!(result.score >= win_in(5));
/// ```
pub struct Searcher {
    config: Config,
    tt: TranspositionTable,
}

impl Searcher {
    /// A searcher with `config` and an empty transposition table of `config.tt_mib` MiB.
    ///
    /// # Panics
    /// When the table cannot be allocated; [`Searcher::try_new`] returns an error instead (for
    /// sizes that come from a user).
    pub fn new(config: Config) -> Self {
        Self::try_new(config).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with `config` and an empty transposition table of `config.tt_mib` MiB, or
    /// [`TableSizeError`] when the system does not give that much memory. (The table's pages are
    /// backed at their first touch, during searches, so a size the system promises but cannot
    /// back may still end the program then, as any allocation would.)
    pub fn try_new(config: Config) -> Result<Self, TableSizeError> {
        let tt = if config.tt {
            TranspositionTable::new(config.tt_mib)
        } else {
            TranspositionTable::new(0)
        }
        .ok_or(TableSizeError { mib: config.tt_mib })?;
        Ok(Searcher { config, tt })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Forgets everything learned (call it between unrelated games).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `game` within `limits` and returns the best move of the last completed
    /// iteration.
    ///
    /// `history` holds the hashes ([`Game::hash`]) of the positions played before `game`,
    /// oldest first; with [`Game::REPETITION_DRAWS`], a position of the search that repeats one
    /// of them (within [`Game::reversible_plies`]) or one on the search path scores as a draw.
    /// `report` is called by the main thread after every completed iteration, and once more
    /// when the search returns a deeper iteration that a helper thread completed (Lazy SMP: the
    /// result is the deepest completed iteration of any thread, the main thread's on a tie).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when `game` is over, [`SearchError::PlayerCount`] when the mode
    /// does not fit the game's number of players, [`SearchError::DepthLimitRequired`] when the
    /// configuration turns iterative deepening off and `limits` has no depth.
    pub fn search<G, E, R>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits,
        history: &[u64],
        mut report: R,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
        R: FnMut(&Info<'_, G::Move>),
    {
        let start = Instant::now();
        if !self.config.iterative_deepening && limits.depth.is_none() {
            return Err(SearchError::DepthLimitRequired);
        }
        let players = game.player_count();
        let fits = match self.config.mode {
            Mode::Negamax => players == 2,
            Mode::Paranoid => (2..=MAX_PLAYERS).contains(&players),
        };
        if !fits {
            return Err(SearchError::PlayerCount {
                mode: self.config.mode,
                players,
            });
        }
        if let Some(outcome) = game.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(SearchError::GameOver(game.outcome_without_moves()));
        }
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            limits,
            config: &self.config,
            start,
            abort: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let helpers = self.config.threads.max(1) - 1;
        let (main_result, main_nodes, helper_results) = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..helpers)
                .map(|helper| {
                    let shared = &shared;
                    // Each thread owns its copy of the root (a `Game` is `Send`, not `Sync`).
                    let root = game.clone();
                    scope.spawn(move || {
                        let mut worker = Worker::new(shared, evaluator, history, &root, false);
                        // The first helper (and every other one after it) searches one ply
                        // deeper than the main thread, so that the threads diverge.
                        let offset = ((helper + 1) % 2) as u32;
                        worker.iterate(&root, &mut |_| {}, offset)
                    })
                })
                .collect();
            let mut worker = Worker::new(&shared, evaluator, history, game, true);
            let result = worker.iterate(game, &mut report, 0);
            let helper_results: Vec<_> = handles
                .into_iter()
                .filter_map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            (result, worker.nodes, helper_results)
        });
        let main_result = main_result.expect("the first iteration always completes with a move");
        let main_depth = main_result.depth;
        let stopped = main_result.stopped;
        // The deepest completed iteration of any thread, the main thread's on a tie.
        let mut result = helper_results
            .into_iter()
            .fold(main_result, |best, helper| {
                if helper.depth > best.depth {
                    helper
                } else {
                    best
                }
            });
        // The helpers have flushed their last nodes now that they are joined.
        result.nodes = main_nodes + shared.helper_nodes.load(Ordering::Relaxed);
        result.time = start.elapsed();
        if result.depth > main_depth {
            // A helper's iteration: stopped only if a limit ended the search short of its depth.
            result.stopped =
                stopped && limits.depth.is_none_or(|limit| result.depth < limit.max(1));
            report(&result.info(self.tt.hashfull()));
        }
        Ok(result)
    }
}

/// The best move for the player to move: the one-call way for the common case. It searches
/// with [`Config::default`] (every technique on, a 16 MiB table, one thread), as negamax for two
/// players and paranoid search for three to six, within `limits`, with no earlier positions
/// for repetitions and no progress reports. For anything more (a table kept between moves,
/// threads, the game's history, the score and the line), build a [`Searcher`].
///
/// ```
/// use plyforge_search::{Limits, best_move, nim::{Nim, NimEvaluator}};
/// // Nim with 5 stones, taking 1 to 3: taking 1 leaves the opponent a multiple of 4.
/// assert_eq!(best_move(&Nim::new(5), &NimEvaluator, &Limits::depth(8)), Ok(1));
/// ```
///
/// # Errors
/// As [`Searcher::search`]: [`SearchError::GameOver`] when the game is over,
/// [`SearchError::PlayerCount`] for more than six players.
pub fn best_move<G: Game, E: Evaluator<G>>(
    game: &G,
    evaluator: &E,
    limits: &Limits,
) -> Result<G::Move, SearchError> {
    let mode = if game.player_count() == 2 {
        Mode::Negamax
    } else {
        Mode::Paranoid
    };
    let mut searcher = Searcher::new(Config::default().with_mode(mode));
    searcher
        .search(game, evaluator, limits, &[], |_| {})
        .map(|result| result.best_move)
}
