//! When a search stops: a depth, a node count, a soft and a hard time limit, and a stop flag
//! that any thread can raise. The search always returns the result of its last completed
//! iteration, so a stop never yields a move that was not searched.

use crate::score::MAX_PLY;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The deepest iteration of any search: one less than [`MAX_PLY`], so that every win score
/// stays decisive.
pub(crate) const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;

/// A flag that stops a running search from any thread, and the switch of a search that
/// ponders (searches on the opponent's time) to its own clock. Clones share the flag.
///
/// ```
/// use plyforge_search::StopFlag;
/// let flag = StopFlag::new();
/// let remote = flag.clone();
/// std::thread::spawn(move || remote.stop()).join().unwrap();
/// assert!(flag.is_stopped());
/// flag.reset();
/// assert!(!flag.is_stopped());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<Flags>);

#[derive(Debug, Default)]
struct Flags {
    stopped: AtomicBool,
    pondering: AtomicBool,
}

impl StopFlag {
    /// A flag that is not raised.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// A flag for a search that ponders: its time limits do not run until
    /// [`StopFlag::ponder_hit`], and from then on they count from that moment (the move
    /// pondered on was played, and the search's own clock runs). Depth and node limits apply
    /// throughout.
    ///
    /// ```
    /// use plyforge_search::StopFlag;
    /// let flag = StopFlag::pondering();
    /// assert!(flag.is_pondering());
    /// flag.ponder_hit();
    /// assert!(!flag.is_pondering() && !flag.is_stopped());
    /// ```
    pub fn pondering() -> Self {
        let flag = StopFlag::default();
        flag.0.pondering.store(true, Ordering::Relaxed);
        flag
    }

    /// Raises the flag: searches watching it return their last completed result.
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::Relaxed);
    }

    /// Switches a pondering search to its clock (see [`StopFlag::pondering`]).
    pub fn ponder_hit(&self) {
        self.0.pondering.store(false, Ordering::Relaxed);
    }

    /// Lowers the flag again, for the next search (and ends pondering).
    pub fn reset(&self) {
        self.0.stopped.store(false, Ordering::Relaxed);
        self.0.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed)
    }

    /// Whether the search still ponders: its time limits wait for [`StopFlag::ponder_hit`].
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.0.pondering.load(Ordering::Relaxed)
    }
}

/// A soft time limit that the caller can move while the search runs, for a time manager that
/// adapts a move's time to what the iterations find (a best move that keeps changing, a score
/// that falls). The search reads it where it decides whether to start another iteration, so
/// that a move set from the progress report of a completed iteration
/// ([`Searcher::search`](crate::Searcher::search)'s callback) decides about the next one. Like
/// [`Limits::soft_time`], it counts from the start of the search (or from the ponder hit).
/// Clones share the limit.
///
/// ```
/// use plyforge_search::SoftDeadline;
/// use std::time::Duration;
/// let deadline = SoftDeadline::new(Duration::from_millis(100));
/// let remote = deadline.clone();
/// std::thread::spawn(move || remote.set(Duration::from_millis(250))).join().unwrap();
/// assert_eq!(deadline.get(), Duration::from_millis(250));
/// ```
#[derive(Debug, Clone)]
pub struct SoftDeadline(Arc<AtomicU64>);

impl SoftDeadline {
    /// A soft limit at `time` after the start.
    pub fn new(time: Duration) -> Self {
        SoftDeadline(Arc::new(AtomicU64::new(nanos(time))))
    }

    /// Moves the limit to `time` after the start (earlier or later).
    pub fn set(&self, time: Duration) {
        self.0.store(nanos(time), Ordering::Relaxed);
    }

    /// The limit, as a time after the start.
    pub fn get(&self) -> Duration {
        Duration::from_nanos(self.0.load(Ordering::Relaxed))
    }
}

/// `time` in nanoseconds, saturated to what a `u64` holds (585 years).
fn nanos(time: Duration) -> u64 {
    u64::try_from(time.as_nanos()).unwrap_or(u64::MAX)
}

/// The limits of one search, and what it searches at its root: every limit is optional; with
/// none, the search runs until the stop flag is raised or the maximum depth is reached. `M` is
/// the game's move type (for [`Limits::search_moves`]); it is inferred where the limits are
/// handed to a search.
///
/// The first iteration (depth 1) always completes, whatever the limits, so that there is a
/// searched move to return.
///
/// ```
/// use plyforge_search::Limits;
/// use std::time::Duration;
/// let limits: Limits<u8> = Limits::depth(8).with_nodes(1_000_000).with_multi_pv(3);
/// assert_eq!(limits.depth, Some(8));
/// let timed: Limits<u8> = Limits::time(Duration::from_millis(50), Duration::from_millis(200));
/// assert_eq!(timed.soft_time, Some(Duration::from_millis(50)));
/// ```
#[derive(Debug, Clone)]
pub struct Limits<M> {
    /// The deepest iteration, in plies. Every search completes its first iteration, so 0 searches
    /// as 1 (a move is always returned), and a depth above `MAX_PLY - 1` as that
    /// ([`MAX_PLY`](crate::score::MAX_PLY)).
    pub depth: Option<u32>,
    /// Stop after about this many nodes. With one thread the search stops at the same node every
    /// time (from the same state of its table); the count may end a few nodes past the limit,
    /// as positions where the game ends are counted without a look at the limits.
    pub nodes: Option<u64>,
    /// Do not start a new iteration after this time.
    pub soft_time: Option<Duration>,
    /// A soft limit the caller may move during the search: where given, it replaces
    /// [`Limits::soft_time`].
    pub soft_deadline: Option<SoftDeadline>,
    /// Abort the running iteration at this time.
    pub hard_time: Option<Duration>,
    /// A flag that stops the search when raised (and that switches a pondering search to its
    /// clock: [`StopFlag::pondering`]).
    pub stop: Option<StopFlag>,
    /// The root moves to choose among (UCI's `go searchmoves`); empty for every legal move.
    /// Moves that are not legal at the root are ignored; when none is, the search chooses
    /// among all.
    pub search_moves: Vec<M>,
    /// How many best lines to search and report (UCI's `MultiPV`), each with its own score:
    /// at most the number of root moves; 0 counts as 1. Alpha-beta and the multi-player
    /// searches search the k best lines in turn in each iteration, each excluding the ones
    /// before it; Monte Carlo tree search reports its k most visited moves.
    pub multi_pv: usize,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            soft_time: None,
            soft_deadline: None,
            hard_time: None,
            stop: None,
            search_moves: Vec::new(),
            multi_pv: 1,
        }
    }
}

impl<M> Limits<M> {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A time manager's pair: start no iteration after `soft`, abort at `hard`.
    pub fn time(soft: Duration, hard: Duration) -> Self {
        Limits {
            soft_time: Some(soft),
            hard_time: Some(hard),
            ..Limits::default()
        }
    }

    /// Until `flag` is raised (or the maximum depth is reached).
    pub fn infinite(flag: StopFlag) -> Self {
        Limits {
            stop: Some(flag),
            ..Limits::default()
        }
    }

    /// These limits with a depth limit.
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// These limits with a node limit.
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// These limits with a hard time limit (the search is aborted then).
    pub fn with_hard_time(mut self, hard: Duration) -> Self {
        self.hard_time = Some(hard);
        self
    }

    /// These limits with a soft limit the caller may move during the search.
    pub fn with_soft_deadline(mut self, deadline: SoftDeadline) -> Self {
        self.soft_deadline = Some(deadline);
        self
    }

    /// These limits with a stop flag.
    pub fn with_stop(mut self, flag: StopFlag) -> Self {
        self.stop = Some(flag);
        self
    }

    /// These limits with the root restricted to `moves` (empty: every legal move).
    pub fn with_search_moves(mut self, moves: Vec<M>) -> Self {
        self.search_moves = moves;
        self
    }

    /// These limits with `lines` best lines searched and reported.
    pub fn with_multi_pv(mut self, lines: usize) -> Self {
        self.multi_pv = lines;
        self
    }

    /// The number of lines asked for: at least one.
    pub(crate) fn lines(&self) -> usize {
        self.multi_pv.max(1)
    }
}
