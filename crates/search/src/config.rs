//! The search configuration: which algorithm to search with, the size of the transposition
//! table, the number of threads, and one switch per technique, so that users can find out what
//! helps their game and tests can compare an engine with a technique against one without it.

use crate::mcts::MctsConfig;
use crate::score::Score;
use core::fmt;
use core::str::FromStr;

/// The search algorithm of a [`Searcher`](crate::Searcher): what a position's value is, for
/// 2 to 6 players. See `docs/search.md` for when to choose which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Two-player alpha-beta (negamax): each player for themselves, every technique of the
    /// [`Config`]. Games with another player count are refused with
    /// [`SearchError::PlayerCount`](crate::SearchError::PlayerCount).
    #[default]
    AlphaBeta,
    /// Paranoid search for 2 to 6 players: alpha-beta with the player to move at the root
    /// against a coalition of all the others, every technique of the [`Config`]. The
    /// evaluation is always asked for the root player's view.
    Paranoid,
    /// Max^n for 2 to 6 players: every player maximises their own score; with
    /// [`Config::max_sum`], shallow pruning.
    MaxN,
    /// Best-Reply Search for 3 to 6 players: the root player's moves against only the best
    /// reply among all the opponents (the others pass). Needs
    /// [`Game::set_player_to_move`](crate::Game::set_player_to_move).
    BestReply,
    /// BRS+: best-reply search where the opponents who do not give the best reply play their
    /// first ordered move instead of passing, so every position searched is reachable.
    BestReplyPlus,
    /// Monte Carlo tree search (UCT) for 2 to 6 players, configured by [`Config::mcts`].
    MonteCarlo,
}

impl Algorithm {
    /// Every algorithm, in the order of the enum.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::AlphaBeta,
        Algorithm::Paranoid,
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::MonteCarlo,
    ];

    /// The short name that [`Display`](fmt::Display) writes and [`FromStr`] reads: `alphabeta`,
    /// `paranoid`, `maxn`, `brs`, `brs+`, `mcts`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Paranoid => "paranoid",
            Algorithm::MaxN => "maxn",
            Algorithm::BestReply => "brs",
            Algorithm::BestReplyPlus => "brs+",
            Algorithm::MonteCarlo => "mcts",
        }
    }

    /// The player counts the algorithm searches.
    pub const fn players(self) -> core::ops::RangeInclusive<usize> {
        match self {
            Algorithm::AlphaBeta => 2..=2,
            _ => 2..=crate::searcher::MAX_PLAYERS,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`Algorithm`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseAlgorithmError(pub String);

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown search algorithm {:?}: expected alphabeta, paranoid, maxn, brs, brs+ or mcts",
            self.0
        )
    }
}

impl std::error::Error for ParseAlgorithmError {}

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    /// Reads a [`name`](Algorithm::name), ignoring ASCII case.
    ///
    /// ```
    /// use plyforge_search::Algorithm;
    /// assert_eq!("BRS+".parse(), Ok(Algorithm::BestReplyPlus));
    /// assert!("minimax".parse::<Algorithm>().is_err());
    /// for algorithm in Algorithm::ALL {
    ///     assert_eq!(algorithm.to_string().parse(), Ok(algorithm));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseAlgorithmError(text.to_string()))
    }
}

/// How the alpha-beta engine groups players into the two sides of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Two players, each for themselves.
    Negamax,
    /// The root player against the coalition of the others.
    Paranoid,
}

/// The configuration of a [`Searcher`](crate::Searcher). Every technique can be switched off.
/// Built from [`Config::default`] (or [`Config::exact`], [`Config::plain`]) with the `with_`
/// methods; new fields may come in later versions, so it is not built as a struct literal.
///
/// ```
/// use plyforge_search::{Algorithm, Config};
/// let config = Config::default()
///     .with_algorithm(Algorithm::Paranoid)
///     .with_tt_mib(64)
///     .with_threads(2);
/// assert!(config.lmr && config.null_move);
/// // Only the techniques that never change the value of a fixed-depth search:
/// let exact = Config::exact();
/// assert!(!exact.lmr && !exact.null_move && exact.tt);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Config {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Transposition-table size in MiB (rounded down to whole 64-byte buckets; at least one).
    pub tt_mib: usize,
    /// Search threads (Lazy SMP for alpha-beta and paranoid search, root parallelism for Monte
    /// Carlo tree search; max^n and best-reply search use one); 0 counts as 1. 1 gives
    /// deterministic results for depth and node limits.
    pub threads: usize,
    /// Iterative deepening: search depth 1, 2, 3, … up to the limit, each iteration ordering
    /// the next. Off: the depth limit is searched at once (a plain fixed-depth search; time and
    /// node limits and the stop flag then have no completed iteration to fall back on, so that
    /// one iteration always runs to its end). A search without it therefore needs a depth
    /// limit: without one it returns
    /// [`SearchError::DepthLimitRequired`](crate::SearchError::DepthLimitRequired).
    pub iterative_deepening: bool,
    /// Use the transposition table (probe, cut-offs, move ordering). Off: nothing is stored.
    pub tt: bool,
    /// Principal variation search: later moves first get a null window.
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// The half-width of the first aspiration window, in evaluation units.
    pub aspiration_window: Score,
    /// Null-move pruning, only where [`Game::visit_null_move`](crate::Game::visit_null_move)
    /// passes.
    pub null_move: bool,
    /// Late-move reductions of quiet moves ordered late.
    pub lmr: bool,
    /// Killer moves (two quiet cut-off moves per ply).
    pub killers: bool,
    /// The history heuristic (quiet moves that caused cut-offs before are tried earlier).
    pub history: bool,
    /// The countermove heuristic: the quiet move that last refuted the previous move is tried
    /// right after the killers (only where the game gives
    /// [`Game::continuation_key`](crate::Game::continuation_key)). Off by default: chess
    /// self-play showed no gain (docs/measurements.md).
    pub countermove: bool,
    /// Continuation history: quiet moves are also ordered by how often they refuted the last
    /// move and the move before it (only where the game gives
    /// [`Game::continuation_key`](crate::Game::continuation_key)). Off by default, on in
    /// [`Config::selective`] (docs/strength.md).
    pub continuation_history: bool,
    /// Capture history: noisy moves are also ordered by how often the same piece taking on the
    /// same square caused a cut-off (only where the game gives
    /// [`Game::continuation_key`](crate::Game::continuation_key)).
    pub capture_history: bool,
    /// Use [`Game::move_order_hint`](crate::Game::move_order_hint) when ordering moves.
    pub order_hints: bool,
    /// Correct the static evaluation by how far searches of positions with the same
    /// [`Game::correction_key`](crate::Game::correction_key) found theirs off, before the
    /// pruning and quiescence search read it (only where the game gives the key).
    pub correction_history: bool,
    /// Keep the static evaluations of the positions each thread evaluated last, by
    /// [`Game::hash`](crate::Game::hash), and look a position up before evaluating it again.
    /// Changes no value where the hash covers everything the evaluation reads.
    pub eval_cache: bool,
    /// Quiescence search over [`Game::generate_noisy_moves`](crate::Game::generate_noisy_moves).
    pub quiescence: bool,
    /// Search one ply deeper where [`Game::in_check`](crate::Game::in_check) says so.
    pub check_extension: bool,
    /// Mate-distance pruning: a node cannot score better than a win right there or worse than
    /// a loss right there, so its window shrinks to that (never changes a value).
    pub mate_distance: bool,
    // The next four are off by default: their margins and move counts suit evaluations on a
    // centipawn scale in games with noisy and quiet moves (chess); in a game of quiet moves
    // only, or with another scale, they lose forced wins. `Config::selective()` turns on those
    // that games showed help in chess.
    /// Reverse futility pruning: at shallow non-PV nodes whose static evaluation beats beta by
    /// a margin per ply, return the evaluation.
    pub reverse_futility: bool,
    /// Futility pruning: at shallow nodes whose static evaluation plus a margin per ply cannot
    /// reach alpha, skip the quiet moves.
    pub futility: bool,
    /// Late-move pruning: at shallow nodes, skip the quiet moves ordered after a number that
    /// grows with the depth.
    pub late_move_pruning: bool,
    /// Internal iterative reduction: a node without a table move is searched a ply shallower
    /// (its move ordering is poor; the next iteration finds the table filled).
    pub internal_iterative_reduction: bool,
    /// Static exchange evaluation through
    /// [`Game::static_exchange_at_least`](crate::Game::static_exchange_at_least): losing noisy
    /// moves ordered after the quiet ones and skipped in quiescence search, and moves that lose
    /// more than a margin skipped at shallow depth.
    pub static_exchange: bool,
    /// Singular extensions: the table move gets a ply more where a shallower search without
    /// it shows every other move failing well below its score, and a node where even the
    /// others reach beta is cut.
    pub singular_extension: bool,
    /// Reverse futility pruning, futility pruning and the null move's condition read the
    /// table's score instead of the static evaluation where the table's bound says the
    /// evaluation is wrong. Off by default: through the null move it loses forced wins in
    /// games of quiet moves only (Connect Four); on in [`Config::selective`].
    pub table_score_pruning: bool,
    /// For max^n: a bound on the sum of any two players' scores in one evaluation, which turns
    /// shallow pruning on; `None` (the default, for unbounded evaluations) turns it off. An
    /// evaluation whose scores are all non-negative and add up to at most `S` satisfies it with
    /// `S`. It must be at least 0. A bound that the evaluation breaks makes max^n return wrong
    /// results; a loose bound only prunes less.
    pub max_sum: Option<Score>,
    /// Monte Carlo tree search's own settings, for [`Algorithm::MonteCarlo`] (its thread count
    /// is [`Config::threads`]).
    pub mcts: MctsConfig,
}

impl Default for Config {
    /// Two-player alpha-beta, 16 MiB, one thread, every technique on except the selective
    /// ones for chess-like games (see [`Config::selective`]).
    fn default() -> Self {
        Config {
            algorithm: Algorithm::AlphaBeta,
            tt_mib: 16,
            threads: 1,
            iterative_deepening: true,
            tt: true,
            pvs: true,
            aspiration: true,
            aspiration_window: 50,
            null_move: true,
            lmr: true,
            killers: true,
            history: true,
            countermove: false,
            continuation_history: false,
            capture_history: true,
            order_hints: true,
            correction_history: true,
            eval_cache: true,
            quiescence: true,
            check_extension: true,
            mate_distance: true,
            reverse_futility: false,
            futility: false,
            late_move_pruning: false,
            internal_iterative_reduction: false,
            static_exchange: true,
            singular_extension: false,
            table_score_pruning: false,
            max_sum: None,
            mcts: MctsConfig::default(),
        }
    }
}

impl Config {
    /// The alpha-beta engine's grouping of players, for the two alpha-beta algorithms.
    pub(crate) fn mode(&self) -> Mode {
        if self.algorithm == Algorithm::Paranoid {
            Mode::Paranoid
        } else {
            Mode::Negamax
        }
    }

    /// Every technique that never changes the value of a fixed-depth search on: alpha-beta,
    /// PVS, aspiration, the transposition table, move ordering and mate-distance pruning; null
    /// move, LMR, the pruning, quiescence and extensions off. A depth-`d` search then returns
    /// exactly the minimax value at depth `d` (the transposition table may add knowledge from
    /// deeper searches of transposed positions).
    pub fn exact() -> Self {
        // The selective techniques are off in the default already.
        Config {
            null_move: false,
            lmr: false,
            quiescence: false,
            check_extension: false,
            static_exchange: false,
            ..Config::default()
        }
    }

    /// The default with the selective techniques for games like chess, with noisy and quiet
    /// moves and an evaluation on a centipawn scale (a pawn about 100): reverse futility,
    /// futility and late-move pruning, which games showed help in chess, and singular
    /// extensions, which need the depth of longer games to pay (docs/strength.md); and the
    /// continuation history and the table's score in the pruning, which games showed help
    /// chess too. Internal iterative reduction stays off: in chess self-play it showed no gain.
    pub fn selective() -> Self {
        Config {
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            continuation_history: true,
            singular_extension: true,
            table_score_pruning: true,
            ..Config::default()
        }
    }

    /// Plain fixed-depth alpha-beta in generation order: every technique off.
    pub fn plain() -> Self {
        Config {
            iterative_deepening: false,
            tt: false,
            pvs: false,
            aspiration: false,
            killers: false,
            history: false,
            capture_history: false,
            order_hints: false,
            correction_history: false,
            eval_cache: false,
            mate_distance: false,
            ..Config::exact()
        }
    }
}

/// `with_` methods, one per field: each returns the configuration with that field set.
macro_rules! builder {
    ($($name:ident($field:ident: $type:ty);)*) => {
        impl Config {
            $(
                #[doc = concat!("This configuration with [`Config::", stringify!($field), "`] set.")]
                #[must_use]
                pub fn $name(mut self, $field: $type) -> Self {
                    self.$field = $field;
                    self
                }
            )*
        }
    };
}

builder! {
    with_algorithm(algorithm: Algorithm);
    with_tt_mib(tt_mib: usize);
    with_threads(threads: usize);
    with_iterative_deepening(iterative_deepening: bool);
    with_tt(tt: bool);
    with_pvs(pvs: bool);
    with_aspiration(aspiration: bool);
    with_aspiration_window(aspiration_window: Score);
    with_null_move(null_move: bool);
    with_lmr(lmr: bool);
    with_killers(killers: bool);
    with_history(history: bool);
    with_countermove(countermove: bool);
    with_continuation_history(continuation_history: bool);
    with_capture_history(capture_history: bool);
    with_order_hints(order_hints: bool);
    with_correction_history(correction_history: bool);
    with_eval_cache(eval_cache: bool);
    with_quiescence(quiescence: bool);
    with_check_extension(check_extension: bool);
    with_mate_distance(mate_distance: bool);
    with_reverse_futility(reverse_futility: bool);
    with_futility(futility: bool);
    with_late_move_pruning(late_move_pruning: bool);
    with_internal_iterative_reduction(internal_iterative_reduction: bool);
    with_static_exchange(static_exchange: bool);
    with_singular_extension(singular_extension: bool);
    with_table_score_pruning(table_score_pruning: bool);
    with_max_sum(max_sum: Option<Score>);
    with_mcts(mcts: MctsConfig);
}

/// The transposition table a configuration asks for cannot be allocated (more memory than the
/// system gives the program). Returned by [`Searcher::try_new`](crate::Searcher::try_new):
/// the searcher then does not exist, and nothing else changed.
///
/// ```
/// use plyforge_search::{Config, Searcher, TableSizeError};
/// // A pebibyte: beyond the address space of any machine this runs on.
/// let config = Config::default().with_tt_mib(1 << 30);
/// assert_eq!(Searcher::try_new(config).err(), Some(TableSizeError { mib: 1 << 30 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableSizeError {
    /// The requested size in MiB.
    pub mib: usize,
}

impl fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a transposition table of {} MiB cannot be allocated",
            self.mib
        )
    }
}

impl std::error::Error for TableSizeError {}
