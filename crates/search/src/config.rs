//! The configuration of a search: which algorithm, the size of the transposition table, the
//! number of threads, and each algorithm's own settings, gathered in one value.

use crate::algorithm::Algorithm;
use crate::mcts::MctsConfig;
use crate::parameters::SearchParameters;
use crate::score::Score;
use crate::techniques::Techniques;
use core::fmt;

/// The configuration of a [`Searcher`](crate::Searcher): the algorithm, the transposition
/// table's size, the threads, and the settings of each algorithm (the alpha-beta techniques,
/// max^n's pruning bound, Monte Carlo tree search's own settings). Built from
/// [`Config::default`] (or [`Config::exact`], [`Config::selective`], [`Config::plain`]) with the
/// `with_` methods; new fields may come in later versions, so it is not built as a struct
/// literal.
///
/// ```
/// use plyforge_search::{Algorithm, Config, Techniques};
/// let config = Config::default()
///     .with_algorithm(Algorithm::Paranoid)
///     .with_tt_mib(64)
///     .with_threads(2)
///     .without(Techniques::NULL_MOVE);
/// assert!(config.uses(Techniques::LMR) && !config.uses(Techniques::NULL_MOVE));
/// // Only the techniques that never change the value of a fixed-depth search:
/// let exact = Config::exact();
/// assert!(!exact.uses(Techniques::LMR) && exact.uses(Techniques::TT));
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
    /// The switches of the alpha-beta searches (and of best-reply search's table, killers,
    /// PVS and ordering hints).
    pub techniques: Techniques,
    /// The numbers of the alpha-beta searches: depths, margins, reductions (margins in
    /// evaluation units: a game whose evaluation has another scale than centipawns sets its
    /// own).
    pub parameters: SearchParameters,
    /// For max^n: a bound on the sum of any two players' scores in one evaluation, which turns
    /// shallow pruning on; `None` (the default, for unbounded evaluations) turns it off. An
    /// evaluation whose scores are all non-negative and add up to at most `S` satisfies it with
    /// `S`. It must be at least 0. A bound that the evaluation breaks makes max^n return wrong
    /// results; a loose bound only prunes less.
    pub max_sum: Option<Score>,
    /// Monte Carlo tree search's own settings, for [`Algorithm::MonteCarlo`].
    pub mcts: MctsConfig,
}

impl Default for Config {
    /// Two-player alpha-beta, 16 MiB, one thread, [`Techniques::DEFAULT`].
    fn default() -> Self {
        Config {
            algorithm: Algorithm::AlphaBeta,
            tt_mib: 16,
            threads: 1,
            techniques: Techniques::DEFAULT,
            parameters: SearchParameters::default(),
            max_sum: None,
            mcts: MctsConfig::default(),
        }
    }
}

impl Config {
    /// The default with [`Techniques::EXACT`]: a depth-`d` search returns exactly the minimax
    /// value at depth `d` (the transposition table may add knowledge from deeper searches of
    /// transposed positions).
    pub fn exact() -> Self {
        Config::default().with_techniques(Techniques::EXACT)
    }

    /// The default with [`Techniques::SELECTIVE`], for games like chess, with noisy and quiet
    /// moves and an evaluation on a centipawn scale.
    pub fn selective() -> Self {
        Config::default().with_techniques(Techniques::SELECTIVE)
    }

    /// Plain fixed-depth alpha-beta in generation order: every technique off.
    pub fn plain() -> Self {
        Config::default().with_techniques(Techniques::empty())
    }

    /// This configuration with the first aspiration window `window` wide either way
    /// ([`SearchParameters::aspiration_window`]; any positive value).
    #[must_use]
    pub fn with_aspiration_window(mut self, window: Score) -> Self {
        self.parameters.aspiration_window = window;
        self
    }

    /// Whether every technique of `techniques` is on.
    #[inline]
    pub fn uses(&self, techniques: Techniques) -> bool {
        self.techniques.contains(techniques)
    }

    /// This configuration with `techniques` on as well.
    #[must_use]
    pub fn with(mut self, techniques: Techniques) -> Self {
        self.techniques |= techniques;
        self
    }

    /// This configuration with `techniques` off.
    #[must_use]
    pub fn without(mut self, techniques: Techniques) -> Self {
        self.techniques -= techniques;
        self
    }

    /// This configuration with `techniques` switched on or off.
    #[must_use]
    pub fn with_technique(mut self, techniques: Techniques, on: bool) -> Self {
        self.techniques.set(techniques, on);
        self
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
    with_techniques(techniques: Techniques);
    with_parameters(parameters: SearchParameters);
    with_max_sum(max_sum: Option<Score>);
    with_mcts(mcts: MctsConfig);
}

/// The transposition table a configuration asks for cannot be allocated (more memory than the
/// system gives the program). Returned by [`Searcher::try_new`](crate::Searcher::try_new):
/// the searcher then does not exist, and nothing else changed.
///
/// ```
/// use plyforge_search::{nim::Nim, Config, Searcher, TableSizeError};
/// // A pebibyte: beyond the address space of any machine this runs on.
/// let config = Config::default().with_tt_mib(1 << 30);
/// assert_eq!(Searcher::<Nim>::try_new(config).err(), Some(TableSizeError { mib: 1 << 30 }));
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
