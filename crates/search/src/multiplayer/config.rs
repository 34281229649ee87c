//! The configuration of a multi-player search (which algorithm, and the bound that enables
//! shallow pruning in max^n) and the errors for positions or games it cannot search.

use crate::game::Outcome;
use crate::score::Score;
use crate::searcher::MAX_PLAYERS;
use core::fmt;
use core::str::FromStr;

/// Which multi-player search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// max^n (Luckhardt and Irani, 1986): every node holds a score per player and the player to
    /// move picks the child that maximises its own score. With
    /// [`MultiConfig::max_sum`] set, shallow pruning (Korf, 1991) skips siblings that cannot
    /// change the result.
    #[default]
    MaxN,
    /// Best-Reply Search (Schadd and Winands, 2011): layers of the root player's moves alternate
    /// with one layer where only the single opponent with the best reply against the root player
    /// moves (the others pass). Alpha-beta over the root player's evaluation. Needs
    /// [`Game::set_player_to_move`](crate::Game::set_player_to_move).
    BestReply,
    /// BRS+ (Esser, Gras, Winands, Schadd and Lanctot, 2013): as Best-Reply Search, but in the
    /// opponents' layer the opponents that do not give the best reply play their most promising
    /// move (the highest [`Game::move_order_hint`](crate::Game::move_order_hint), the first
    /// generated on ties) instead of passing, in turn order. Every position it searches is
    /// reachable by legal play, and it does not need `set_player_to_move`.
    BestReplyPlus,
    /// Paranoid search (Sturtevant and Korf, 2000): the root player against a coalition of all
    /// the others. Not implemented here but handed to the main alpha-beta engine, a
    /// [`Searcher`](crate::Searcher) in [`Mode::Paranoid`](crate::Mode::Paranoid) with its
    /// default configuration (one thread, every technique on) and a table of
    /// [`MultiConfig::tt_mib`] MiB, so that one API runs all four searches (for tournaments).
    /// Use the `Searcher` directly for its other options. `max_sum`, `order_hints` and
    /// `killers` do not apply; its node counts are the main engine's.
    Paranoid,
}

impl Algorithm {
    /// Every algorithm, in declaration order.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
        Algorithm::Paranoid,
    ];

    /// The short name that [`Display`](fmt::Display) writes and [`FromStr`] reads: `maxn`,
    /// `brs`, `brs+` or `paranoid`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::MaxN => "maxn",
            Algorithm::BestReply => "brs",
            Algorithm::BestReplyPlus => "brs+",
            Algorithm::Paranoid => "paranoid",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no [`Algorithm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseAlgorithmError(String);

impl fmt::Display for ParseAlgorithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown multi-player search {:?}: expected maxn, brs, brs+ or paranoid",
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
    /// use plyforge_search::multiplayer::Algorithm;
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

/// The configuration of a [`MultiSearch`](super::MultiSearch).
///
/// ```
/// use plyforge_search::multiplayer::{Algorithm, MultiConfig};
/// let config = MultiConfig {
///     algorithm: Algorithm::MaxN,
///     max_sum: Some(100),
///     ..MultiConfig::default()
/// };
/// assert!(config.order_hints);
/// assert_eq!(MultiConfig::default().algorithm, Algorithm::MaxN);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MultiConfig {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// For max^n: a bound on the sum of ANY TWO players' scores in one evaluation, which turns
    /// shallow pruning on; `None` (the default, for unbounded evaluations) turns it off. An
    /// evaluation whose scores are all non-negative and add up to at most `S` satisfies it with
    /// `S`. It must be at least 0 (two players' win and loss scores add up to 0). A bound that
    /// the evaluation breaks makes max^n return wrong results; a loose bound only prunes less.
    /// Ignored by the other algorithms.
    pub max_sum: Option<Score>,
    /// Order moves by [`Game::move_order_hint`](crate::Game::move_order_hint) (highest first,
    /// after the previous iteration's move) where the order can prune more: everywhere in BRS
    /// and BRS+, and in max^n when `max_sum` is set. Never changes a result, only node counts.
    pub order_hints: bool,
    /// Killer moves in best-reply search: the last two moves (of any player) that caused a
    /// cut-off in a layer are tried early in the layer's other nodes. Never changes a result.
    pub killers: bool,
    /// Principal variation search in best-reply search: every move after the first is probed
    /// with a null window and searched again with the full window only if it may be better.
    /// Never changes a result. Off by default: on Sternhalma middle games it saved nothing with
    /// the table and cost nodes without it (evaluations tie often, and every tie with a move
    /// generated earlier fails the probe and is searched again).
    pub pvs: bool,
    /// The size of the transposition table in MiB, 0 for none. Best-reply search (BRS and BRS+)
    /// uses it for cut-offs and to try the stored best move first; with it, a principal
    /// variation may end early at a position whose value came from the table. Paranoid search
    /// hands it to the main engine. max^n uses none.
    pub tt_mib: usize,
}

/// The transposition table's default size in MiB.
pub const DEFAULT_TT_MIB: usize = 16;

impl Default for MultiConfig {
    /// max^n without shallow pruning, with move-order hints, killers, no PVS, and a table of
    /// [`DEFAULT_TT_MIB`] MiB (used by best-reply search only).
    fn default() -> Self {
        MultiConfig {
            algorithm: Algorithm::MaxN,
            max_sum: None,
            order_hints: true,
            killers: true,
            pvs: false,
            tt_mib: DEFAULT_TT_MIB,
        }
    }
}

/// Why a multi-player search cannot run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MultiError {
    /// The game is over at the root, or the player to move has no legal move.
    GameOver(Outcome),
    /// The game has fewer than 2 or more than [`MAX_PLAYERS`](crate::MAX_PLAYERS) players.
    PlayerCount(usize),
    /// Best-Reply Search needs [`Game::set_player_to_move`](crate::Game::set_player_to_move),
    /// and this game does not implement it. BRS+ or max^n work without it.
    SetPlayerUnsupported,
    /// [`MultiConfig::max_sum`] is negative.
    NegativeMaxSum(Score),
}

impl fmt::Display for MultiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MultiError::GameOver(outcome) => {
                write!(
                    f,
                    "the game is over ({outcome:?}): there is no move to search"
                )
            }
            MultiError::PlayerCount(players) => write!(
                f,
                "multi-player search handles 2 to {MAX_PLAYERS} players, not {players}"
            ),
            MultiError::SetPlayerUnsupported => write!(
                f,
                "best-reply search needs Game::set_player_to_move, which this game does not \
                 support: use BRS+ or max^n"
            ),
            MultiError::NegativeMaxSum(sum) => {
                write!(
                    f,
                    "max_sum must be at least 0 for shallow pruning, not {sum}"
                )
            }
        }
    }
}

impl std::error::Error for MultiError {}
