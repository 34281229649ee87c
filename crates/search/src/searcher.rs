//! The public entry point: a [`Searcher`] owns the configuration, the transposition table and
//! Monte Carlo tree search's tree (kept between searches, so that a game's next move starts with
//! the previous search's knowledge), and runs the configured algorithm: alpha-beta (two-player
//! or paranoid) on one or more threads, max^n, best-reply search or Monte Carlo tree search,
//! all with the same limits, reports, result and errors.

use crate::clock::Clock;
use crate::config::{Algorithm, Config, Mode, TableSizeError};
use crate::correction::CorrectionHistory;
use crate::game::{Evaluator, Game, Outcome};
use crate::limits::Limits;
use crate::mcts::{Mcts, MctsError, MctsResult};
use crate::moves::MoveBuffer;
use crate::multiplayer::{self, ScoreVector};
use crate::ordering::{Ordering as MoveOrdering, Sources};
use crate::report::{Info, ScoreBound, SearchError, SearchResult, players_of};
use crate::score::{Score, loss_in, win_in};
use crate::tt::TranspositionTable;
use crate::worker::{Shared, ThreadTables, Worker};
use std::any::Any;
use std::time::Instant;

/// Monte Carlo tree search's rewards (0 to 1) become scores in these units (permille).
const REWARD_SCALE: f64 = 1000.0;

/// The most players the searches handle.
pub const MAX_PLAYERS: usize = 6;

/// A searcher for any [`Game`], with the algorithm its [`Config`] names.
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
    /// Monte Carlo tree search's trees, for the game type of the last search (an `Mcts<G>`;
    /// the searcher itself is not generic).
    mcts: Option<Box<dyn Any + Send>>,
    /// The alpha-beta threads' move-ordering tables (killers, history, continuation and
    /// capture history) and correction histories, one per thread, for the game type of the last search (a
    /// `Vec<ThreadTables<G::Move>>`): what they learned about a game still holds after the
    /// move is played.
    tables: Option<Box<dyn Any + Send>>,
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
        // Max^n and Monte Carlo tree search keep no table.
        let uses_table =
            config.tt && !matches!(config.algorithm, Algorithm::MaxN | Algorithm::MonteCarlo);
        let tt = if uses_table {
            TranspositionTable::new(config.tt_mib)
        } else {
            TranspositionTable::new(0)
        }
        .ok_or(TableSizeError { mib: config.tt_mib })?;
        Ok(Searcher {
            config,
            tt,
            mcts: None,
            tables: None,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Forgets everything learned (call it between unrelated games, or when the evaluator
    /// changes: stored values are the old evaluator's).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.mcts = None;
        self.tables = None;
    }

    /// Has the system back the transposition table's memory now, until all of it is or
    /// `deadline` passes (a later call goes on where this one stopped); returns whether all
    /// is. A new searcher's table is fresh memory that the operating system backs (zeroing
    /// each page) only when a search first writes it, on that search's clock; this pays for
    /// it up front, once: [`Searcher::clear`] writes the populated part in place, which stays
    /// backed, and populating goes on after it. A UCI engine calls it before answering
    /// `isready`. The entries stay as they are.
    pub fn populate_table(&mut self, deadline: Instant) -> bool {
        self.tt.populate(deadline)
    }

    /// Searches `game` for the player to move with the configured algorithm within `limits`,
    /// and returns the best move of the last completed iteration (in alpha-beta, a root move
    /// that the interrupted iteration found better than it, if any).
    ///
    /// `history` holds the hashes ([`Game::hash`]) of the positions played before `game`,
    /// oldest first; with [`Game::REPETITION_DRAWS`], a position of an alpha-beta search that
    /// repeats one of them (within [`Game::reversible_plies`]) or one on the search path scores
    /// as a draw (the other algorithms are meant for games without repetition draws).
    /// `report` is called after every completed iteration (for Monte Carlo tree search, at the
    /// configured interval and at the end). In alpha-beta it is called once more, with the
    /// result, when a limit or the stop flag ended the search (with the nodes and time of the
    /// whole search, and the line of the move it returns, which may come from the interrupted
    /// iteration) and, in Lazy SMP, when the search returns a deeper iteration that a helper
    /// thread completed (the result is the deepest completed iteration of any thread, the
    /// main thread's on a tie).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when `game` is over, [`SearchError::PlayerCount`] when the
    /// algorithm does not search the game's number of players,
    /// [`SearchError::DepthLimitRequired`] when alpha-beta without iterative deepening has no
    /// depth limit, [`SearchError::SetPlayerUnsupported`] for best-reply search on a game
    /// without [`Game::set_player_to_move`], [`SearchError::NegativeMaxSum`], and
    /// [`SearchError::NodeBudget`] when Monte Carlo tree search's budget cannot hold the root.
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
        let (algorithm, players) = (self.config.algorithm, game.player_count());
        if !algorithm.players().contains(&players) {
            return Err(SearchError::PlayerCount { algorithm, players });
        }
        match algorithm {
            Algorithm::AlphaBeta | Algorithm::Paranoid => {
                self.search_alphabeta(game, evaluator, limits, history, &mut report)
            }
            Algorithm::MaxN | Algorithm::BestReply | Algorithm::BestReplyPlus => {
                let best_reply = self.config.algorithm != Algorithm::MaxN;
                let tt = (best_reply && self.config.tt).then_some(&mut self.tt);
                multiplayer::search(&self.config, tt, game, evaluator, limits, &mut report)
            }
            Algorithm::MonteCarlo => self.search_monte_carlo(game, evaluator, limits, &mut report),
        }
    }

    /// Monte Carlo tree search, its tree kept for the next search of the same game type.
    fn search_monte_carlo<G, E>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
    {
        let config = &self.config;
        let mcts = self
            .mcts
            .take()
            .and_then(|trees| trees.downcast::<Mcts<G>>().ok())
            .unwrap_or_else(|| {
                let threads = config.threads.max(1);
                Box::new(Mcts::new(config.mcts.clone().with_threads(threads)))
            });
        let mcts = self.mcts.insert(mcts);
        let mcts = mcts
            .downcast_mut::<Mcts<G>>()
            .expect("the trees just put in place are of this game");
        let root_player = game.player_to_move();
        let mut pv_players = Vec::new();
        let result = mcts.search(game, evaluator, limits, |info| {
            pv_players = players_of(game, info.pv);
            report(&Info {
                depth: info.depth,
                seldepth: info.depth,
                score: (info.value * REWARD_SCALE).round() as Score,
                bound: ScoreBound::Exact,
                scores: None,
                nodes: info.nodes,
                nps: info.nps,
                hashfull: 0,
                time: info.time,
                pv: info.pv,
                pv_players: &pv_players,
            });
        });
        let result = result.map_err(|error| match error {
            MctsError::GameOver(outcome) => SearchError::GameOver(outcome),
            MctsError::PlayerCount(players) => SearchError::PlayerCount {
                algorithm: Algorithm::MonteCarlo,
                players,
            },
            MctsError::NodeBudget { per_thread, needed } => {
                SearchError::NodeBudget { per_thread, needed }
            }
        })?;
        Ok(monte_carlo_result(game, root_player, result))
    }

    /// Alpha-beta: negamax or paranoid, on the configured threads.
    fn search_alphabeta<G, E>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits,
        history: &[u64],
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
    {
        let clock = Clock::new(limits);
        if !self.config.iterative_deepening && limits.depth.is_none() {
            return Err(SearchError::DepthLimitRequired);
        }
        has_moves(game)?;
        self.tt.new_search();
        let threads = self.config.threads.max(1);
        // In paranoid mode a score's view changes with the root player: no correction there.
        let corrects = self.config.mode() == Mode::Negamax && game.correction_key().is_some();
        let mut tables = self
            .take_tables::<G>(game.player_count(), threads, corrects)
            .into_iter();
        let shared = Shared {
            tt: &self.tt,
            config: &self.config,
            clock,
        };
        let main_tables = tables.next().expect("tables for every thread");
        let (main_result, main_nodes, helper_results, kept_tables) = std::thread::scope(|scope| {
            let handles: Vec<_> = tables
                .enumerate()
                .map(|(helper, tables)| {
                    let shared = &shared;
                    // Each thread owns its copy of the root (a `Game` is `Send`, not `Sync`).
                    let root = game.clone();
                    scope.spawn(move || {
                        let mut worker =
                            Worker::new(shared, evaluator, history, &root, false, tables);
                        // The first helper (and every other one after it) searches one ply
                        // deeper than the main thread, so that the threads diverge.
                        let offset = ((helper + 1) % 2) as u32;
                        let result = worker.iterate(&root, &mut |_| {}, offset);
                        (result, worker.into_tables())
                    })
                })
                .collect();
            let mut worker = Worker::new(&shared, evaluator, history, game, true, main_tables);
            let result = worker.iterate(game, report, 0);
            let nodes = worker.clock.nodes;
            let mut kept = Vec::with_capacity(threads);
            let mut helper_results = Vec::with_capacity(threads - 1);
            for handle in handles {
                let (result, tables) = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                helper_results.extend(result);
                kept.push(tables);
            }
            kept.insert(0, worker.into_tables());
            (result, nodes, helper_results, kept)
        });
        self.tables = Some(Box::new(kept_tables));
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
        result.nodes = shared.clock.total_nodes(main_nodes);
        result.time = shared.clock.elapsed();
        if result.depth > main_depth {
            // A helper's iteration: stopped only if a limit ended the search short of its depth.
            result.stopped =
                stopped && limits.depth.is_none_or(|limit| result.depth < limit.max(1));
        }
        if result.depth > main_depth || result.stopped {
            // The last report came at the end of an iteration: this one has the nodes and
            // time of the whole search, and the line of the move it returns.
            report(&result.info(self.tt.hashfull()));
        }
        Ok(result)
    }

    /// The move-ordering tables and correction histories of the last search for `threads`
    /// threads, if it searched the same game type with as many players; fresh ones where it
    /// did not. A game gives a correction key in every position or in none (`corrects`).
    fn take_tables<G: Game>(
        &mut self,
        players: usize,
        threads: usize,
        corrects: bool,
    ) -> Vec<ThreadTables<G::Move>> {
        let mut tables = self
            .tables
            .take()
            .and_then(|kept| kept.downcast::<Vec<ThreadTables<G::Move>>>().ok())
            .map(|kept| *kept)
            .filter(|kept| {
                kept.first().is_some_and(|first| {
                    first.ordering.players() == players && first.correction.enabled() == corrects
                })
            })
            .unwrap_or_default();
        let config = &self.config;
        tables.truncate(threads);
        tables.resize_with(threads, || ThreadTables {
            ordering: MoveOrdering::new(
                players,
                Sources {
                    killers: config.killers,
                    history: config.history,
                    countermove: config.countermove,
                    continuation_history: config.continuation_history,
                    capture_history: config.capture_history,
                    continuation_keys: G::CONTINUATION_KEYS,
                },
            ),
            correction: CorrectionHistory::new(players, config.correction_history && corrects),
        });
        tables
    }
}

/// Refuses a position without a move to choose: the game is over, by its rules or for want of
/// moves.
pub(crate) fn has_moves<G: Game>(game: &G) -> Result<(), SearchError> {
    if let Some(outcome) = game.outcome_by_rule() {
        return Err(SearchError::GameOver(outcome));
    }
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return Err(SearchError::GameOver(game.outcome_without_moves()));
    }
    Ok(())
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
    let algorithm = if game.player_count() == 2 {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Paranoid
    };
    let mut searcher = Searcher::new(Config::default().with_algorithm(algorithm));
    searcher
        .search(game, evaluator, limits, &[], |_| {})
        .map(|result| result.best_move)
}

/// Monte Carlo tree search's mean rewards (0 to 1 per player) as scores in permille.
fn reward_scores(values: &[f64]) -> ScoreVector {
    let scores: Vec<Score> = values
        .iter()
        .map(|&value| (value * REWARD_SCALE).round() as Score)
        .collect();
    ScoreVector::from_slice(&scores)
}

/// A Monte Carlo tree search's result in the common terms: the root player's score is its mean
/// reward in permille, or a win or loss score at the end of the principal variation once the
/// solver proved the root.
fn monte_carlo_result<G: Game>(
    game: &G,
    root_player: usize,
    result: MctsResult<G::Move>,
) -> SearchResult<G::Move> {
    let scores = reward_scores(&result.values);
    let score = match result.proven {
        Some(Outcome::Win(winner)) if winner == root_player => win_in(result.pv.len()),
        Some(Outcome::Win(_)) => loss_in(result.pv.len()),
        _ => scores.as_slice()[root_player],
    };
    SearchResult {
        best_move: result.best_move,
        score,
        bound: ScoreBound::Exact,
        scores: Some(scores),
        depth: result.depth,
        seldepth: result.depth,
        pv_players: players_of(game, &result.pv),
        pv: result.pv,
        nodes: result.nodes,
        time: result.time,
        stopped: matches!(
            result.stop,
            crate::mcts::StopReason::Nodes
                | crate::mcts::StopReason::Time
                | crate::mcts::StopReason::Flag
        ),
        root_moves: result.root_moves,
    }
}
