//! The public entry point: a [`Searcher`] for one game type owns the configuration, the
//! transposition table, the alpha-beta threads' move-ordering tables and Monte Carlo tree
//! search's trees (kept between searches, so that a game's next move starts with the previous
//! search's knowledge), and runs the configured algorithm with the same limits, root options,
//! progress reports, result and errors for all. What every algorithm shares lives here: the
//! checks of the game before a search, the clock, and the threads (their start, their join,
//! and a helper's panic carried to the caller).

use crate::algorithm::Algorithm;
use crate::checks::{check_players, has_moves};
use crate::clock::Clock;
use crate::config::{Config, TableSizeError};
use crate::correction::CorrectionHistory;
use crate::game::{Evaluator, Game, Outcome};
use crate::limits::Limits;
use crate::mcts::{HintGreedy, Mcts, RolloutPolicy, Uniform};
use crate::mcts::{MctsResult, REWARD_SCALE, Rollout, reward_scores};
use crate::multiplayer::{self, MultiplayerSettings};
use crate::ordering::{Ordering as MoveOrdering, Sources};
use crate::report::{Info, Line, ScoreBound, SearchError, SearchResult, players_of};
use crate::score::{Score, is_decisive, loss_in, win_in};
use crate::techniques::Techniques;
use crate::threads::run_threads;
use crate::tt::TranspositionTable;
use crate::worker::{Mode, Settings, Shared, ThreadTables, Worker};
use std::time::Instant;

/// A searcher for games of type `G`, with the algorithm its [`Config`] names.
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
pub struct Searcher<G: Game> {
    config: Config,
    tt: TranspositionTable,
    /// Monte Carlo tree search's trees, one per thread.
    mcts: Option<Mcts<G>>,
    /// The alpha-beta threads' move-ordering tables (killers, history, continuation and
    /// capture history) and correction histories, one per thread: what they learned about a
    /// game still holds after the move is played.
    tables: Vec<ThreadTables<G::Move>>,
    /// A rollout policy of the caller's own for Monte Carlo tree search, instead of the
    /// configured built-in one.
    rollout_policy: Option<Box<dyn RolloutPolicy<G> + Send>>,
}

impl<G: Game> core::fmt::Debug for Searcher<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Searcher<G> {
    /// A searcher with `config` and an empty transposition table of `config.tt_mib` MiB.
    ///
    /// # Panics
    /// When the table cannot be allocated; [`Searcher::try_new`] returns an error instead (for
    /// sizes that come from a user).
    pub fn new(config: Config) -> Self {
        Self::try_new(config).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with `config` and an empty transposition table of `config.tt_mib` MiB, or
    /// [`TableSizeError`] when the system does not give that much memory. A table of up to
    /// [`EAGER_BACKING_MIB`] MiB (the default's 16) is backed at once, so that the first search
    /// runs as fast as the next; a larger one is backed at its first touch, on the clock of the
    /// searches that touch it, unless [`Searcher::populate_table`] backs it before (a size the
    /// system promises but cannot back may then still end the program, as any allocation
    /// would).
    pub fn try_new(config: Config) -> Result<Self, TableSizeError> {
        // Max^n and Monte Carlo tree search keep no table.
        let uses_table = config.uses(Techniques::TT)
            && !matches!(config.algorithm, Algorithm::MaxN | Algorithm::MonteCarlo);
        let mib = if uses_table { config.tt_mib } else { 0 };
        let mut tt = TranspositionTable::new(mib).ok_or(TableSizeError { mib: config.tt_mib })?;
        if mib <= EAGER_BACKING_MIB {
            // A small table is backed now, in a few milliseconds, so that the first search does
            // not pay its page faults on its own clock.
            tt.populate(Instant::now() + EAGER_BACKING_TIME);
        }
        Ok(Searcher {
            config,
            tt,
            mcts: None,
            tables: Vec::new(),
            rollout_policy: None,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Monte Carlo tree search with rollouts chosen by `policy` instead of the configured
    /// built-in one ([`MctsConfig::rollout`](crate::mcts::MctsConfig::rollout)).
    #[must_use]
    pub fn with_rollout_policy(mut self, policy: impl RolloutPolicy<G> + Send + 'static) -> Self {
        self.rollout_policy = Some(Box::new(policy));
        self
    }

    /// Forgets everything learned (call it between unrelated games, or when the evaluator
    /// changes: stored values are the old evaluator's).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.mcts = None;
        self.tables.clear();
    }

    /// Has the system back the transposition table's memory now, until all of it is or
    /// `deadline` passes (a later call goes on where this one stopped); returns whether all
    /// is. A new searcher's table is fresh memory that the operating system backs (zeroing
    /// each page) only when a search first writes it, on that search's clock; this pays for
    /// it up front, once: [`Searcher::clear`] writes the populated part in place, which stays
    /// backed, and populating goes on after it. A UCI engine calls it while it waits for
    /// commands. The entries stay as they are.
    pub fn populate_table(&mut self, deadline: Instant) -> bool {
        self.tt.populate(deadline)
    }

    /// Searches `game` for the player to move with the configured algorithm within `limits`,
    /// and returns the best move of the last completed iteration (in alpha-beta, a root move
    /// that the interrupted iteration found better than it, if any), with the
    /// [`Limits::multi_pv`] best lines among the [`Limits::search_moves`].
    ///
    /// `history` holds the hashes ([`Game::hash`]) of the positions played before `game`,
    /// oldest first; with [`Game::REPETITION_DRAWS`], a position of an alpha-beta search that
    /// repeats one of them (within [`Game::reversible_plies`]) or one on the search path scores
    /// as a draw (the other algorithms are meant for games without repetition draws).
    /// `report` is called after every completed iteration, once per line (for Monte Carlo tree
    /// search, at the configured interval and at the end). In alpha-beta it is called once
    /// more, with the result, when a limit or the stop flag ended the search (with the nodes
    /// and time of the whole search, and the line of the move it returns, which may come from
    /// the interrupted iteration) and, in Lazy SMP, when the search returns a deeper iteration
    /// that a helper thread completed (the result is the deepest completed iteration of any
    /// thread, the main thread's on a tie).
    ///
    /// A position that a rule has drawn but that still has moves (a draw a player must claim,
    /// as chess's fifty-move rule) is searched: a player may still choose a move there.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when `game` is won or has no move, [`SearchError::PlayerCount`]
    /// when the algorithm does not search the game's number of players,
    /// [`SearchError::PlayerIndex`] when the game names a player beyond its count,
    /// [`SearchError::DepthLimitRequired`] when alpha-beta without iterative deepening has no
    /// depth limit, [`SearchError::SetPlayerUnsupported`] for best-reply search on a game
    /// without [`Game::set_player_to_move`], [`SearchError::NegativeMaxSum`], and
    /// [`SearchError::NodeBudget`] when Monte Carlo tree search's budget cannot hold the root.
    pub fn search<E, R>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits<G::Move>,
        history: &[u64],
        mut report: R,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        E: Evaluator<G>,
        R: FnMut(&Info<'_, G::Move>),
    {
        let algorithm = self.config.algorithm;
        check_players(game, algorithm)?;
        match algorithm {
            Algorithm::AlphaBeta | Algorithm::Paranoid => {
                self.search_alphabeta(game, evaluator, limits, history, &mut report)
            }
            Algorithm::MaxN | Algorithm::BestReply | Algorithm::BestReplyPlus => {
                let settings = MultiplayerSettings {
                    algorithm,
                    techniques: self.config.techniques,
                    max_sum: self.config.max_sum,
                };
                let tt = (algorithm != Algorithm::MaxN && self.config.uses(Techniques::TT))
                    .then_some(&mut self.tt);
                multiplayer::search(&settings, tt, game, evaluator, limits, &mut report)
            }
            Algorithm::MonteCarlo => self.search_monte_carlo(game, evaluator, limits, &mut report),
        }
    }

    /// Monte Carlo tree search, its trees kept for the next search.
    fn search_monte_carlo<E: Evaluator<G>>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits<G::Move>,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let threads = self.config.threads.max(1);
        let fresh = self
            .mcts
            .as_ref()
            .is_none_or(|mcts| mcts.threads() != threads || mcts.config() != &self.config.mcts);
        if fresh {
            self.mcts = Some(Mcts::new(self.config.mcts.clone(), threads));
        }
        let mcts = self.mcts.as_mut().expect("the trees were just made");
        let root_player = game.player_to_move();
        let mut pv_players = Vec::new();
        let mut on_progress = |info: &crate::mcts::MctsInfo<'_, G::Move>| {
            pv_players = players_of(game, info.pv);
            report(&Info {
                multi_pv: 1,
                depth: info.depth,
                seldepth: info.depth,
                score: (info.value * REWARD_SCALE).round() as Score,
                bound: ScoreBound::Exact,
                scores: None,
                nodes: info.nodes,
                nps: info.nps,
                hashfull: 0,
                time: info.time,
                best_move_node_share: None,
                pv: info.pv,
                pv_players: &pv_players,
            });
        };
        let result = match (&self.rollout_policy, self.config.mcts.rollout) {
            (Some(policy), _) => {
                mcts.search_with_policy(game, evaluator, &**policy, limits, &mut on_progress)
            }
            (None, Rollout::Uniform) => {
                mcts.search_with_policy(game, evaluator, &Uniform, limits, &mut on_progress)
            }
            (None, Rollout::HintGreedy { epsilon }) => {
                let policy = HintGreedy { epsilon };
                mcts.search_with_policy(game, evaluator, &policy, limits, &mut on_progress)
            }
        }?;
        let wanted = limits.lines();
        let lines = mcts.lines(game, root_player, wanted);
        let result = monte_carlo_result(game, root_player, result, lines, wanted);
        if result.lines.len() > 1 {
            result.report_lines(0, report);
        }
        Ok(result)
    }

    /// Alpha-beta: negamax or paranoid, on the configured threads.
    fn search_alphabeta<E: Evaluator<G>>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits<G::Move>,
        history: &[u64],
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let clock = Clock::new(limits);
        if !self.config.uses(Techniques::ITERATIVE_DEEPENING) && limits.depth.is_none() {
            return Err(SearchError::DepthLimitRequired);
        }
        has_moves(game)?;
        self.tt.new_search();
        let threads = self.config.threads.max(1);
        let mode = if self.config.algorithm == Algorithm::Paranoid {
            Mode::Paranoid
        } else {
            Mode::Negamax
        };
        // In paranoid mode a score's view changes with the root player: no correction there.
        let corrects = mode == Mode::Negamax && game.correction_key().is_some();
        let mut tables = self
            .take_tables(game.player_count(), threads, corrects)
            .into_iter();
        let shared = Shared {
            tt: &self.tt,
            settings: Settings {
                techniques: self.config.techniques,
                mode,
            },
            parameters: self.config.parameters.clamped(),
            clock,
            search_moves: &limits.search_moves,
            lines: limits.lines(),
        };
        let main_tables = tables.next().expect("tables for every thread");
        // Each thread owns its copy of the root (a `Game` is `Send`, not `Sync`).
        let helper_states: Vec<_> = tables.map(|tables| (tables, game.clone())).collect();
        let ((main_result, main_nodes, main_tables), helpers) = run_threads(
            helper_states,
            |helper, (tables, root)| {
                let mut worker = Worker::new(&shared, evaluator, history, &root, false, tables);
                // The first helper (and every other one after it) searches one ply deeper
                // than the main thread, so that the threads diverge.
                let offset = ((helper + 1) % 2) as u32;
                let result = worker.iterate(&root, &mut |_| {}, offset);
                let settled = worker.settled;
                (result.map(|result| (result, settled)), worker.into_tables())
            },
            || {
                let mut worker = Worker::new(&shared, evaluator, history, game, true, main_tables);
                let result = worker.iterate(game, report, 0);
                let nodes = worker.clock.nodes;
                (result, nodes, worker.into_tables())
            },
        );
        self.tables.push(main_tables);
        let mut helper_results = Vec::with_capacity(helpers.len());
        for (result, tables) in helpers {
            helper_results.extend(result);
            self.tables.push(tables);
        }
        let main_result = main_result.expect("the first iteration always completes with a move");
        let stopped = main_result.stopped;
        // The deepest completed iteration of any thread, the main thread's on a tie; but a
        // proven result before one that is not (a helper's deeper iteration may have met an
        // estimate, a null move say, where the main thread's solved the root).
        let rank = |result: &SearchResult<G::Move>| (result.proven.is_some(), result.depth);
        // Whether a helper's iteration was taken, and whether it settled the search.
        let mut from_helper = None;
        let mut result = main_result;
        for (helper, settled) in helper_results {
            if rank(&helper) > rank(&result) {
                result = helper;
                from_helper = Some(settled);
            }
        }
        // The helpers have flushed their last nodes now that they are joined.
        result.nodes = shared.clock.total_nodes(main_nodes);
        result.time = shared.clock.elapsed();
        if let Some(settled) = from_helper {
            // A helper's iteration: stopped only if a limit ended the search short of its depth
            // and of a result no deeper iteration changes.
            result.stopped =
                stopped && !settled && limits.depth.is_none_or(|limit| result.depth < limit.max(1));
        }
        // A better move of an interrupted iteration with the exact value of a win proves the
        // win its completed iteration did not.
        if result.proven.is_none()
            && result.bound == ScoreBound::Exact
            && is_decisive(result.score)
            && result.score > 0
        {
            result.proven = Some(Outcome::Win(game.player_to_move()));
        }
        if from_helper.is_some() || result.stopped {
            // The last report came at the end of an iteration: this one has the nodes and
            // time of the whole search, and every line of the iteration it returns (a
            // helper's iteration carries as many lines as the main thread's).
            result.report_lines(self.tt.hashfull(), report);
        }
        Ok(result)
    }

    /// The move-ordering tables and correction histories of the last search for `threads`
    /// threads, if it searched with as many players; fresh ones where it did not. A game gives
    /// a correction key in every position or in none (`corrects`).
    fn take_tables(
        &mut self,
        players: usize,
        threads: usize,
        corrects: bool,
    ) -> Vec<ThreadTables<G::Move>> {
        let mut tables = core::mem::take(&mut self.tables);
        let fits = tables.first().is_some_and(|first| {
            first.ordering.players() == players && first.correction.enabled() == corrects
        });
        if !fits {
            tables.clear();
        }
        let config = &self.config;
        tables.truncate(threads);
        tables.resize_with(threads, || ThreadTables {
            ordering: MoveOrdering::new(
                players,
                Sources {
                    killers: config.uses(Techniques::KILLERS),
                    history: config.uses(Techniques::HISTORY),
                    countermove: config.uses(Techniques::COUNTERMOVE),
                    continuation_history: config.uses(Techniques::CONTINUATION_HISTORY),
                    capture_history: config.uses(Techniques::CAPTURE_HISTORY),
                    continuation_keys: G::CONTINUATION_KEYS,
                },
            ),
            correction: CorrectionHistory::new(
                players,
                config.uses(Techniques::CORRECTION_HISTORY) && corrects,
            ),
        });
        tables
    }
}

/// The largest transposition table, in MiB, that [`Searcher::new`] backs at once (zeroing
/// 16 MiB takes a few milliseconds).
pub const EAGER_BACKING_MIB: usize = 16;

/// The most time [`Searcher::new`] spends backing a small table.
const EAGER_BACKING_TIME: core::time::Duration = core::time::Duration::from_millis(200);

/// The time [`best_move`] gives itself when its limits bound nothing: a hard limit of one
/// second, so that `Limits::default()` cannot search for minutes by surprise.
pub const BEST_MOVE_DEFAULT_TIME: core::time::Duration = core::time::Duration::from_secs(1);

/// The best move for the player to move: the one-call way for the common case. It searches
/// with [`Config::default`] (every technique on, a 16 MiB table, one thread), as negamax for two
/// players and paranoid search for three to six, within `limits`, with no earlier positions
/// for repetitions and no progress reports. Limits that bound nothing (no depth, nodes, time
/// or stop flag, as `Limits::default()`) get a hard limit of [`BEST_MOVE_DEFAULT_TIME`] (one
/// second) rather than a search toward the deepest depth. For anything more (a table kept between moves,
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
    limits: &Limits<G::Move>,
) -> Result<G::Move, SearchError> {
    let algorithm = if game.player_count() == 2 {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Paranoid
    };
    let unbounded = limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.soft_time.is_none()
        && limits.hard_time.is_none()
        && limits.stop.is_none();
    let bounded;
    let limits = if unbounded {
        bounded = limits.clone().with_hard_time(BEST_MOVE_DEFAULT_TIME);
        &bounded
    } else {
        limits
    };
    let mut searcher = Searcher::new(Config::default().with_algorithm(algorithm));
    searcher
        .search(game, evaluator, limits, &[], |_| {})
        .map(|result| result.best_move)
}

/// A Monte Carlo tree search's result in the common terms: the root player's score is its mean
/// reward in permille, or a win or loss score at the end of the principal variation once the
/// solver proved the root.
fn monte_carlo_result<G: Game>(
    game: &G,
    root_player: usize,
    result: MctsResult<G::Move>,
    mut lines: Vec<Line<G::Move>>,
    wanted: usize,
) -> SearchResult<G::Move> {
    let scores = reward_scores(&result.values);
    let score = match result.proven {
        Some(Outcome::Win(winner)) if winner == root_player => win_in(result.pv.len()),
        Some(Outcome::Win(_)) => loss_in(result.pv.len()),
        _ => scores.as_slice()[root_player],
    };
    let best = Line {
        score,
        bound: ScoreBound::Exact,
        scores: Some(scores),
        depth: result.depth,
        seldepth: result.depth,
        pv_players: players_of(game, &result.pv),
        pv: result.pv.clone(),
    };
    lines.retain(|line| line.pv.first() != Some(&result.best_move));
    lines.insert(0, best);
    lines.truncate(wanted);
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
        lines,
        proven: result.proven,
        root_moves: result.root_moves,
        iterations: result.iterations,
    }
}
