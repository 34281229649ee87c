//! When a search stops: a depth, a node count, a soft and a hard time limit, and a stop flag
//! that any thread can raise. The search always returns the result of its last completed
//! iteration, so a stop never yields a move that was not searched.

use crate::score::MAX_PLY;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The deepest iteration of any search: one less than [`MAX_PLY`], so that every win score
/// stays decisive.
pub(crate) const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;

/// A flag that stops a running search from any thread. Clones share the flag.
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
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Raises the flag: searches watching it return their last completed result.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The limits of one search. Every limit is optional; with none, the search runs until the stop
/// flag is raised or the maximum depth is reached.
///
/// The first iteration (depth 1) always completes, whatever the limits, so that there is a
/// searched move to return.
///
/// ```
/// use plyforge_search::Limits;
/// use std::time::Duration;
/// let limits = Limits::depth(8).with_nodes(1_000_000);
/// assert_eq!(limits.depth, Some(8));
/// let timed = Limits::time(Duration::from_millis(50), Duration::from_millis(200));
/// assert_eq!(timed.soft_time, Some(Duration::from_millis(50)));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
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
    /// Abort the running iteration at this time.
    pub hard_time: Option<Duration>,
    /// A flag that stops the search when raised.
    pub stop: Option<StopFlag>,
}

impl Limits {
    /// The deepest iteration these limits allow: the depth limit, at least 1 and at most
    /// [`MAX_DEPTH`].
    pub(crate) fn deepest_iteration(&self) -> u32 {
        self.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
    }

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

    /// These limits with a stop flag.
    pub fn with_stop(mut self, flag: StopFlag) -> Self {
        self.stop = Some(flag);
        self
    }
}
