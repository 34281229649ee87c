//! The search configuration: which team model to search with, the size of the transposition
//! table, the number of threads, and one switch per technique, so that users can find out what
//! helps their game and tests can compare an engine with a technique against one without it.

use crate::score::Score;
use core::fmt;

/// How players are grouped into the two sides of an alpha-beta search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Two players, each for themselves: the side of a node is its player to move. Games with
    /// another player count are refused with
    /// [`SearchError::PlayerCount`](crate::SearchError::PlayerCount).
    #[default]
    Negamax,
    /// Paranoid search for 2 to 6 players: the player to move at the root against a coalition of
    /// all the others. The evaluation is always asked for the root player's view.
    Paranoid,
}

/// The configuration of a [`Searcher`](crate::Searcher). Every technique can be switched off.
/// Built from [`Config::default`] (or [`Config::exact`], [`Config::plain`]) with the `with_`
/// methods; new fields may come in later versions, so it is not built as a struct literal.
///
/// ```
/// use plyforge_search::{Config, Mode};
/// let config = Config::default().with_mode(Mode::Paranoid).with_tt_mib(64).with_threads(2);
/// assert!(config.lmr && config.null_move);
/// // Only the techniques that never change the value of a fixed-depth search:
/// let exact = Config::exact();
/// assert!(!exact.lmr && !exact.null_move && exact.tt);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// The team model.
    pub mode: Mode,
    /// Transposition-table size in MiB (rounded down to whole 64-byte buckets; at least one).
    pub tt_mib: usize,
    /// Search threads (Lazy SMP); 0 counts as 1. 1 gives deterministic results for depth and
    /// node limits.
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
    /// Use [`Game::move_order_hint`](crate::Game::move_order_hint) when ordering moves.
    pub order_hints: bool,
    /// Quiescence search over [`Game::generate_noisy_moves`](crate::Game::generate_noisy_moves).
    pub quiescence: bool,
    /// Search one ply deeper where [`Game::in_check`](crate::Game::in_check) says so.
    pub check_extension: bool,
}

impl Default for Config {
    /// Negamax, 16 MiB, one thread, every technique on.
    fn default() -> Self {
        Config {
            mode: Mode::Negamax,
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
            order_hints: true,
            quiescence: true,
            check_extension: true,
        }
    }
}

impl Config {
    /// Every technique that never changes the value of a fixed-depth search on: alpha-beta,
    /// PVS, aspiration, the transposition table and move ordering; null move, LMR, quiescence
    /// and extensions off. A depth-`d` search then returns exactly the minimax value at depth `d`
    /// (the transposition table may add knowledge from deeper searches of transposed positions).
    pub fn exact() -> Self {
        Config {
            null_move: false,
            lmr: false,
            quiescence: false,
            check_extension: false,
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
            null_move: false,
            lmr: false,
            killers: false,
            history: false,
            order_hints: false,
            quiescence: false,
            check_extension: false,
            ..Config::default()
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
    with_mode(mode: Mode);
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
    with_order_hints(order_hints: bool);
    with_quiescence(quiescence: bool);
    with_check_extension(check_extension: bool);
}

/// The transposition table a configuration asks for cannot be allocated (more memory than the
/// system gives the program). Returned by [`Searcher::try_new`](crate::Searcher::try_new) and
/// [`MultiSearch::try_new`](crate::multiplayer::MultiSearch::try_new); the searcher then does
/// not exist, and nothing else changed.
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
