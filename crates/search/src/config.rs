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
///
/// ```
/// use plyforge_search::{Config, Mode};
/// let config = Config { mode: Mode::Paranoid, tt_mib: 64, threads: 2, ..Config::default() };
/// assert!(config.lmr && config.null_move);
/// // Only the techniques that never change the value of a fixed-depth search:
/// let exact = Config::exact();
/// assert!(!exact.lmr && !exact.null_move && exact.tt);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The least remaining depth at which a node probes and stores the transposition table
    /// (at least 1). Raising it to 2 spares depth-1 nodes a probe that may wait for a cache
    /// miss, where re-searching their children costs less. Connect Four to depth 12: 1.05-1.16
    /// times faster with the techniques of the `minimax` crate, 0.90-1.19 times with every
    /// technique, at 16 and 64 MiB (docs/search.md): measure it on your game.
    pub tt_min_depth: i32,
    /// Results searched to at most this depth go to a small part of the table (256 KiB of
    /// `tt_mib`) that stays in the processor's cache, deeper ones to the main part; 0 keeps one
    /// table. It helps only where a probe of the main part would wait for memory and shallow
    /// subtrees are cheap to search again. Connect Four to depth 12 with 2: 0.87-0.96 times the
    /// speed of one table at 16 MiB and 1.03-1.07 times at 64 MiB with the `minimax` crate's
    /// techniques, 0.80-1.12 times with every technique (it was 1.2-1.7 times before the search
    /// asked for the children's buckets ahead, [`Game::hash_after`](crate::Game::hash_after)).
    /// Chess loses by it (60 % more nodes to depth 11: its depth-1 and depth-2 nodes carry
    /// quiescence searches and profit from the deeper entries of the main part).
    pub tt_shallow_depth: i32,
    /// Principal variation search: later moves first get a null window.
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// The half-width of the first aspiration window, in evaluation units.
    pub aspiration_window: Score,
    /// Null-move pruning, only where [`Game::null_move_allowed`](crate::Game::null_move_allowed).
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
            tt_min_depth: 1,
            tt_shallow_depth: 0,
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

    /// The names of the switchable techniques, as [`Config::technique_mut`] takes them: each
    /// field's name in kebab case.
    pub const TECHNIQUES: [&'static str; 11] = [
        "iterative-deepening",
        "tt",
        "pvs",
        "aspiration",
        "null-move",
        "lmr",
        "killers",
        "history",
        "order-hints",
        "quiescence",
        "check-extension",
    ];

    /// The switch of the technique called `name` (one of [`Config::TECHNIQUES`]), for tools
    /// that take techniques by name, such as a match of a configuration against itself with
    /// one technique off; `None` for any other name.
    ///
    /// ```
    /// use plyforge_search::Config;
    /// let mut config = Config::default();
    /// *config.technique_mut("null-move").unwrap() = false;
    /// assert!(!config.null_move && config.lmr);
    /// assert!(config.technique_mut("futility").is_none());
    /// ```
    pub fn technique_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "iterative-deepening" => &mut self.iterative_deepening,
            "tt" => &mut self.tt,
            "pvs" => &mut self.pvs,
            "aspiration" => &mut self.aspiration,
            "null-move" => &mut self.null_move,
            "lmr" => &mut self.lmr,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            "order-hints" => &mut self.order_hints,
            "quiescence" => &mut self.quiescence,
            "check-extension" => &mut self.check_extension,
            _ => return None,
        })
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

/// The transposition table a configuration asks for cannot be allocated (more memory than the
/// system gives the program). Returned by [`Searcher::try_new`](crate::Searcher::try_new) and
/// [`MultiSearch::try_new`](crate::multiplayer::MultiSearch::try_new); the searcher then does
/// not exist, and nothing else changed.
///
/// ```
/// use plyforge_search::{Config, Searcher, TableSizeError};
/// // A pebibyte: beyond the address space of any machine this runs on.
/// let config = Config { tt_mib: 1 << 30, ..Config::default() };
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reaches its own switch: all of them off is `Config::plain()`, each one alone
    /// off changes exactly one field of the default.
    #[test]
    fn every_technique_has_its_switch() {
        let mut all_off = Config::default();
        for name in Config::TECHNIQUES {
            *all_off.technique_mut(name).unwrap() = false;
            let mut one_off = Config::default();
            *one_off.technique_mut(name).unwrap() = false;
            let changed = Config::TECHNIQUES
                .iter()
                .filter(|&&other| !*one_off.technique_mut(other).unwrap())
                .count();
            assert_eq!(changed, 1, "{name}");
        }
        assert_eq!(all_off, Config::plain());
        assert!(Config::default().technique_mut("").is_none());
    }
}
