//! The node counter and the watch over the limits during one search: it counts every position
//! the search reaches and says when the running iteration must be abandoned.

use crate::limits::{Limits, StopFlag};
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the clock and the stop flag: reading the time costs
/// tens of nanoseconds, a node about as much, so looking every node would halve the speed.
const CHECK_INTERVAL: u64 = 256;

/// Counts nodes and decides when to abort.
pub(crate) struct Clock {
    start: Instant,
    nodes: u64,
    node_limit: Option<u64>,
    soft_time: Option<Duration>,
    hard_time: Option<Duration>,
    stop: Option<StopFlag>,
    /// Whether the limits apply yet: not during the first iteration, which always completes.
    armed: bool,
    aborted: bool,
}

impl Clock {
    /// A clock started now for `limits`.
    pub(crate) fn new(limits: &Limits) -> Self {
        Clock {
            start: Instant::now(),
            nodes: 0,
            node_limit: limits.nodes,
            soft_time: limits.soft_time,
            hard_time: limits.hard_time,
            stop: limits.stop.clone(),
            armed: false,
            aborted: false,
        }
    }

    /// Makes the limits apply from now on.
    pub(crate) fn arm(&mut self) {
        self.armed = true;
    }

    /// Counts one node; returns `true` when the search must abandon the iteration.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if !self.armed {
            return false;
        }
        if self.aborted {
            return true;
        }
        if self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.aborted = self.stop_requested()
                || self
                    .hard_time
                    .is_some_and(|hard| self.start.elapsed() >= hard);
        }
        self.aborted
    }

    /// Whether the iteration under way has been abandoned.
    #[inline]
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Whether another iteration may start: no limit is reached yet.
    pub(crate) fn may_start_iteration(&self) -> bool {
        let elapsed = self.start.elapsed();
        !self.aborted
            && !self.stop_requested()
            && self.node_limit.is_none_or(|limit| self.nodes < limit)
            && self.soft_time.is_none_or(|soft| elapsed < soft)
            && self.hard_time.is_none_or(|hard| elapsed < hard)
    }

    fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_stopped)
    }

    /// Nodes counted so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
