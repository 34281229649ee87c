//! The one clock of every search: when the search started, its limits (nodes, soft and hard
//! time, the caller's stop flag), the abort flag and node counter its threads share (Lazy SMP,
//! root-parallel Monte Carlo tree search), and each thread's own count of nodes with its look at
//! the limits. A thread looks every [`POLL_INTERVAL`] nodes (and exactly at a node limit), so
//! that between two looks a node costs one comparison, and only once it is armed: the first
//! iteration of an iterative deepening always completes, so that there is a move to return.

use crate::limits::{Limits, MAX_DEPTH, SoftDeadline, StopFlag};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks at the time and the stop flags: reading the time costs about as much
/// as searching a node, so looking at every node would halve the speed.
const POLL_INTERVAL: u64 = 256;
/// Nodes a helper thread counts on its own before adding them to the shared counter.
const FLUSH_INTERVAL: u64 = 1024;

/// The limits a clock enforces, copied from the caller's [`Limits`].
#[derive(Debug, Clone, Default)]
pub(crate) struct ClockLimits {
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    pub(crate) soft_time: Option<Duration>,
    pub(crate) soft_deadline: Option<SoftDeadline>,
    pub(crate) hard_time: Option<Duration>,
    pub(crate) stop: Option<StopFlag>,
}

impl ClockLimits {
    /// The deepest iteration these limits allow: the depth limit, at least 1 and at most
    /// [`MAX_DEPTH`].
    pub(crate) fn deepest_iteration(&self) -> u32 {
        self.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
    }
}

/// What all threads of one search share about its limits.
pub(crate) struct Clock {
    start: Instant,
    pub(crate) limits: ClockLimits,
    /// For a search that started pondering: the time since the start at which it was seen to
    /// stop pondering, in nanoseconds (`u64::MAX` until then); its time limits count from there.
    ponder_hit: AtomicU64,
    /// Raised when the search must end for all threads: by the main thread at a limit or at
    /// its end, by a helper that completed the depth limit.
    abort: AtomicBool,
    /// Nodes added by the helper threads.
    helper_nodes: AtomicU64,
}

impl Clock {
    /// A clock started now for `limits`.
    pub(crate) fn new<M>(limits: &Limits<M>) -> Self {
        let pondering = limits.stop.as_ref().is_some_and(StopFlag::is_pondering);
        Clock {
            start: Instant::now(),
            limits: ClockLimits {
                depth: limits.depth,
                nodes: limits.nodes,
                soft_time: limits.soft_time,
                soft_deadline: limits.soft_deadline.clone(),
                hard_time: limits.hard_time,
                stop: limits.stop.clone(),
            },
            ponder_hit: AtomicU64::new(if pondering { u64::MAX } else { 0 }),
            abort: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        }
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Ends the search for every thread.
    pub(crate) fn raise_abort(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }

    /// Whether a thread ended the search.
    #[inline]
    pub(crate) fn abort_raised(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }

    /// Whether the caller's stop flag is raised.
    pub(crate) fn stop_flag_raised(&self) -> bool {
        self.limits.stop.as_ref().is_some_and(StopFlag::is_stopped)
    }

    /// The time that counts against the time limits at `elapsed` since the start: all of it,
    /// or for a search that pondered, the time since the ponder hit; `None` while it ponders.
    fn limit_time(&self, elapsed: Duration) -> Option<Duration> {
        let hit = self.ponder_hit.load(Ordering::Relaxed);
        if hit != u64::MAX {
            return Some(elapsed.saturating_sub(Duration::from_nanos(hit)));
        }
        if self
            .limits
            .stop
            .as_ref()
            .is_some_and(StopFlag::is_pondering)
        {
            return None;
        }
        let now = elapsed.as_nanos().min(u128::from(u64::MAX - 1)) as u64;
        // The first thread to see the hit fixes its time; the others read it.
        let hit = match self.ponder_hit.compare_exchange(
            u64::MAX,
            now,
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => now,
            Err(earlier) => earlier,
        };
        Some(elapsed.saturating_sub(Duration::from_nanos(hit)))
    }

    /// Whether the hard time limit has passed at `elapsed`.
    pub(crate) fn hard_time_passed(&self, elapsed: Duration) -> bool {
        self.limits.hard_time.is_some_and(|hard| {
            self.limit_time(elapsed)
                .is_some_and(|counted| counted >= hard)
        })
    }

    /// Whether the soft time limit (the caller's movable one where given) has passed at
    /// `elapsed`.
    pub(crate) fn soft_time_passed(&self, elapsed: Duration) -> bool {
        let soft = match &self.limits.soft_deadline {
            Some(deadline) => Some(deadline.get()),
            None => self.limits.soft_time,
        };
        soft.is_some_and(|soft| {
            self.limit_time(elapsed)
                .is_some_and(|counted| counted >= soft)
        })
    }

    /// A thread's `own` nodes and the nodes the helpers have added so far.
    pub(crate) fn total_nodes(&self, own: u64) -> u64 {
        own + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// Adds a helper thread's `nodes` to the shared count.
    pub(crate) fn add_helper_nodes(&self, nodes: u64) {
        self.helper_nodes.fetch_add(nodes, Ordering::Relaxed);
    }
}

/// One thread's count of nodes and its look at the [`Clock`].
pub(crate) struct ThreadClock<'a> {
    clock: &'a Clock,
    /// Nodes this thread searched.
    pub(crate) nodes: u64,
    /// A helper's nodes already added to the shared count.
    flushed: u64,
    /// The node count at which [`ThreadClock::count_node`] next looks at the limits.
    next_poll: u64,
    /// Set once this thread saw the abort flag (or raised it): the search unwinds. A plain
    /// field, so that a move loop does not load the shared atomic after every move.
    aborted: bool,
    /// Whether the limits apply (not during a first iteration, which always completes).
    armed: bool,
    /// The main thread looks at the limits and raises the abort flag; helpers only follow it.
    main: bool,
}

impl<'a> ThreadClock<'a> {
    /// A thread's view of `clock`, not armed yet.
    pub(crate) fn new(clock: &'a Clock, main: bool) -> Self {
        ThreadClock {
            clock,
            nodes: 0,
            flushed: 0,
            next_poll: 0,
            aborted: false,
            armed: false,
            main,
        }
    }

    /// Makes the limits apply (or not) from the next node on, which looks at them at once.
    pub(crate) fn arm(&mut self, armed: bool) {
        self.armed = armed;
        self.next_poll = 0;
    }

    /// Counts a node and tells whether the search must unwind now.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.nodes >= self.next_poll && self.poll()
    }

    /// Looks at the abort flag and, on the main thread, the limits; schedules the next look.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        if self.aborted {
            // Unwinding: every further node is refused at once.
            return true;
        }
        self.next_poll = self.nodes + POLL_INTERVAL;
        if !self.armed {
            return false;
        }
        let clock = self.clock;
        if clock.abort_raised() {
            return self.unwind();
        }
        if self.main {
            if let Some(limit) = clock.limits.nodes {
                let total = clock.total_nodes(self.nodes);
                if total >= limit {
                    return self.raise_abort();
                }
                // Look again exactly when this thread alone could reach the limit.
                self.next_poll = self.next_poll.min(self.nodes + (limit - total));
            }
            if clock.stop_flag_raised() || clock.hard_time_passed(clock.elapsed()) {
                return self.raise_abort();
            }
        } else if self.nodes - self.flushed >= FLUSH_INTERVAL {
            self.flush();
        }
        false
    }

    /// Raises the shared abort flag and unwinds this thread; returns `true` (unwind).
    pub(crate) fn raise_abort(&mut self) -> bool {
        self.clock.raise_abort();
        self.unwind()
    }

    /// Unwinds this thread: every further node polls, and is refused.
    fn unwind(&mut self) -> bool {
        self.aborted = true;
        self.next_poll = 0;
        true
    }

    /// Whether this thread is unwinding because the search was aborted (the running iteration
    /// is then not to be trusted).
    #[inline]
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Adds this helper's uncounted nodes to the shared count.
    pub(crate) fn flush(&mut self) {
        self.clock.add_helper_nodes(self.nodes - self.flushed);
        self.flushed = self.nodes;
    }

    /// This thread's nodes and the helpers' so far.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.clock.total_nodes(self.nodes)
    }

    /// Whether another iteration may start after the one just completed: no limit is reached,
    /// and nobody stopped the search.
    pub(crate) fn may_start_iteration(&self) -> bool {
        let clock = self.clock;
        let elapsed = clock.elapsed();
        !self.aborted
            && !clock.stop_flag_raised()
            && (clock.limits.nodes).is_none_or(|limit| self.total_nodes() < limit)
            && !clock.soft_time_passed(elapsed)
            && !clock.hard_time_passed(elapsed)
    }
}
