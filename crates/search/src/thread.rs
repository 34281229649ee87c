//! Search threads and what they share (Lazy SMP).
//!
//! Every thread owns its copy of the root position, its search path (for repetitions), its
//! killer and history tables and its principal-variation table; all threads share the
//! transposition table, the abort flag and the node counter. Helper threads run the same
//! iterative deepening as the main thread (the first helper, and every other one after it, one
//! ply deeper) and fill the table with results the main thread then finds ready. Only the main
//! thread checks the limits and reports progress, so one thread is deterministic for a depth or
//! node limit. Every thread keeps its last completed iteration, and the search returns the
//! deepest of them (the main thread's on a tie): a helper one ply ahead often completes the
//! depth limit before the main thread does, and then ends the search for all. In the lean
//! search, a thread defers the moves another thread is busy with ([`Searching`]), so that
//! threads with nothing else to tell them apart do not search the same subtree side by side.

use crate::config::{Config, Mode};
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::ordering::Ordering;
use crate::report::{Info, SearchResult};
use crate::score::{INFINITY, MAX_PLY, Score, is_decisive};
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as MemoryOrder};
use std::time::Instant;

/// Nodes between two looks at the clock and the stop flag by the main thread.
const POLL_INTERVAL: u64 = 256;
/// Nodes a helper counts locally before adding them to the shared counter.
const FLUSH_INTERVAL: u64 = 1024;
/// Rows (depths) and columns (move numbers) of the late-move reduction table.
pub(crate) const LMR_TABLE_SIZE: usize = 64;
/// The first depth searched with an aspiration window.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Keys mixed into the transposition-table key in paranoid mode, one per root player, so that
/// the scores of searches for different root players never meet.
const ROOT_PLAYER_KEYS: [u64; 6] = [
    0x9e37_79b9_7f4a_7c15,
    0xc2b2_ae3d_27d4_eb4f,
    0x1656_67b1_9e37_79f9,
    0x85eb_ca77_c2b2_ae63,
    0x27d4_eb2f_1656_67c5,
    0xff51_afd7_ed55_8ccd,
];

/// Where row `ply` of the flat triangular principal-variation table starts: rows `0..ply` hold
/// `MAX_PLY + 1`, `MAX_PLY`, … moves.
#[inline]
pub(crate) const fn pv_start(ply: usize) -> usize {
    ply * (MAX_PLY + 1) - ply * ply.saturating_sub(1) / 2
}

/// Slots of [`Searching`]: a few pairs per thread and ply are in use at once.
const SEARCHING_SLOTS: usize = 4096;

/// The (position, move) pairs that threads are searching right now, so that a thread that
/// meets a move another thread is busy with searches its other moves first (the deferral of
/// ABDADA). Without it, threads with nothing else to set them apart (a fixed move order, no
/// killers or history) walk the same tree in the same order and Lazy SMP gains nothing.
/// Lossy and lock-free: a slot holds one pair's tag, and a collision or a race only changes
/// the order in which a node searches its moves, never a value.
pub(crate) struct Searching {
    slots: Vec<AtomicU64>,
    /// Tests only: every pair counts as taken by another thread, so that even one thread
    /// defers every move it can (see [`tests::DEFER_EVERY_MOVE`]).
    #[cfg(test)]
    all_taken: bool,
}

impl Searching {
    /// Empty (and never consulted) for one thread.
    pub fn new(threads: usize) -> Self {
        let slots = if threads > 1 {
            (0..SEARCHING_SLOTS).map(|_| AtomicU64::new(0)).collect()
        } else {
            Vec::new()
        };
        Searching {
            slots,
            #[cfg(test)]
            all_taken: tests::DEFER_EVERY_MOVE.get(),
        }
    }

    /// Whether moves are deferred at all (more than one thread).
    #[inline]
    pub fn enabled(&self) -> bool {
        #[cfg(test)]
        if self.all_taken {
            return true;
        }
        !self.slots.is_empty()
    }

    /// The tag of `move_key` played from the position of table key `key`; never 0 (a free
    /// slot).
    #[inline]
    pub fn tag(key: u64, move_key: u16) -> u64 {
        (key ^ (u64::from(move_key) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    #[inline]
    fn slot(&self, tag: u64) -> &AtomicU64 {
        &self.slots[(tag >> 32) as usize % self.slots.len()]
    }

    /// Whether another thread is searching the pair of `tag`.
    #[inline]
    pub fn is_taken(&self, tag: u64) -> bool {
        #[cfg(test)]
        if self.all_taken {
            tests::DEFERRED_MOVES.set(tests::DEFERRED_MOVES.get() + 1);
            return true;
        }
        self.slot(tag).load(MemoryOrder::Relaxed) == tag
    }

    /// Marks the pair of `tag` as being searched.
    #[inline]
    pub fn take(&self, tag: u64) {
        self.slot(tag).store(tag, MemoryOrder::Relaxed);
    }

    /// Frees the slot of `tag` unless another pair has taken it since.
    #[inline]
    pub fn release(&self, tag: u64) {
        let _ = self
            .slot(tag)
            .compare_exchange(tag, 0, MemoryOrder::Relaxed, MemoryOrder::Relaxed);
    }
}

/// State shared by all threads of one search.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub limits: &'a Limits,
    pub config: &'a Config,
    pub start: Instant,
    /// Raised by the main thread when a limit is reached or the search is over, and by a
    /// helper that completed the depth limit.
    pub abort: AtomicBool,
    /// Nodes flushed by helper threads.
    pub helper_nodes: AtomicU64,
    /// The moves being searched, for the threads to spread over a node's moves.
    pub searching: Searching,
}

impl Shared<'_> {
    /// Whether the main thread raised the abort flag.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.abort.load(MemoryOrder::Relaxed)
    }
}

/// One search thread.
pub(crate) struct Worker<'a, G: Game, E> {
    pub shared: &'a Shared<'a>,
    pub evaluator: &'a E,
    pub config: &'a Config,
    /// Hashes of the positions before the root, oldest first.
    pub history: &'a [u64],
    pub is_main: bool,
    /// Added to every transposition-table key (the root player in paranoid mode).
    pub key_mix: u64,
    pub mode: Mode,
    /// Whether the configuration can run the lean search (see [`Config::is_lean`]).
    pub lean: bool,
    pub root_player: usize,
    /// `path[ply]`: the hash of the position at `ply` on the current line.
    pub path: Vec<u64>,
    pub ordering: Ordering<G::Move>,
    /// The triangular principal-variation table, flat: the line from `ply` is
    /// `pv[pv_start(ply)..][..pv_len[ply]]` (row `ply` has room for `MAX_PLY + 1 - ply`
    /// moves). One allocation per search, no list operations per node.
    pub pv: Vec<Option<G::Move>>,
    /// The length of each row of [`Worker::pv`].
    pub pv_len: Vec<usize>,
    /// The root's principal variation after the last completed iteration.
    pub root_pv: Vec<G::Move>,
    /// Move-ordering scores, one reusable list per ply, for quiescence nodes and for move
    /// lists too long for the interior nodes' fixed array.
    pub order_scores: Vec<Vec<i32>>,
    /// Reductions by depth and move number (empty when late-move reductions are off).
    pub lmr_table: Vec<[u8; LMR_TABLE_SIZE]>,
    pub nodes: u64,
    flushed: u64,
    /// The node count at which [`Worker::count_node_and_check_abort`] next looks at the limits:
    /// between two looks a node costs one comparison.
    next_poll: u64,
    /// Set once this thread saw the abort flag (or raised it): the search unwinds. A plain
    /// field, so that the move loop does not load the shared atomic after every move.
    stopped: bool,
    pub seldepth: usize,
    /// False during the first iteration, which always completes.
    pub can_abort: bool,
    /// The best root move of the last iteration, searched first.
    pub root_best: Option<G::Move>,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    pub fn new(
        shared: &'a Shared<'a>,
        evaluator: &'a E,
        history: &'a [u64],
        root: &G,
        is_main: bool,
    ) -> Self {
        let config = shared.config;
        let root_player = root.player_to_move();
        Worker {
            shared,
            evaluator,
            config,
            history,
            is_main,
            key_mix: match config.mode {
                Mode::Negamax => 0,
                Mode::Paranoid => ROOT_PLAYER_KEYS[root_player % ROOT_PLAYER_KEYS.len()],
            },
            mode: config.mode,
            lean: config.is_lean(),
            root_player,
            path: vec![0; MAX_PLY + 1],
            ordering: Ordering::new(root.player_count(), config.killers, config.history),
            pv: vec![None; pv_start(MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 1],
            root_pv: Vec::new(),
            order_scores: vec![Vec::new(); MAX_PLY + 1],
            // Thousands of logarithms: only when late-move reductions are on.
            lmr_table: (0..if config.lmr { LMR_TABLE_SIZE } else { 0 })
                .map(|depth| {
                    let mut row = [0u8; LMR_TABLE_SIZE];
                    for (index, r) in row.iter_mut().enumerate().skip(1) {
                        if depth > 0 {
                            let ln = (depth as f64).ln() * (index as f64).ln();
                            *r = (0.5 + ln / 2.25) as u8;
                        }
                    }
                    row
                })
                .collect(),
            nodes: 0,
            flushed: 0,
            next_poll: 0,
            stopped: false,
            seldepth: 0,
            can_abort: false,
            root_best: None,
        }
    }

    /// Counts a node and tells whether the search must unwind now. The limits are looked at
    /// every [`POLL_INTERVAL`] nodes (and exactly at a node limit), not at every node.
    #[inline]
    pub fn count_node_and_check_abort(&mut self) -> bool {
        self.nodes += 1;
        self.nodes >= self.next_poll && self.poll()
    }

    /// Looks at the abort flag and, on the main thread, the limits; schedules the next look.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        if self.stopped {
            // Unwinding: every further node is refused at once.
            return true;
        }
        self.next_poll = self.nodes + POLL_INTERVAL;
        if !self.can_abort {
            return false;
        }
        if self.shared.aborted() {
            return self.stop();
        }
        if self.is_main {
            let limits = self.shared.limits;
            if let Some(limit) = limits.nodes {
                let total = self.nodes + self.shared.helper_nodes.load(MemoryOrder::Relaxed);
                if total >= limit {
                    return self.raise_abort();
                }
                // Look again exactly when this thread alone could reach the limit.
                self.next_poll = self.next_poll.min(self.nodes + (limit - total));
            }
            if limits.stop.as_ref().is_some_and(|flag| flag.is_stopped()) {
                return self.raise_abort();
            }
            if limits
                .hard_time
                .is_some_and(|hard| self.shared.start.elapsed() >= hard)
            {
                return self.raise_abort();
            }
        } else if self.nodes - self.flushed >= FLUSH_INTERVAL {
            self.flush_nodes();
        }
        false
    }

    /// Raises the shared abort flag (main thread) and unwinds this thread.
    fn raise_abort(&mut self) -> bool {
        self.shared.abort.store(true, MemoryOrder::Relaxed);
        self.stop()
    }

    /// Unwinds this thread: every further node polls, and is refused.
    fn stop(&mut self) -> bool {
        self.stopped = true;
        self.next_poll = 0;
        true
    }

    /// Adds this helper's uncounted nodes to the shared counter.
    pub fn flush_nodes(&mut self) {
        self.shared
            .helper_nodes
            .fetch_add(self.nodes - self.flushed, MemoryOrder::Relaxed);
        self.flushed = self.nodes;
    }

    /// Whether this thread is unwinding because the search was aborted (the running iteration
    /// is then not to be trusted).
    #[inline]
    pub fn aborted(&self) -> bool {
        self.stopped
    }

    /// Searches the root to `depth` with aspiration windows around `previous`.
    fn search_root(&mut self, root: &mut G, depth: u32, previous: Option<Score>) -> Score {
        let config = self.config;
        let mut delta = config.aspiration_window.max(1);
        let (mut alpha, mut beta) = match previous {
            Some(score)
                if config.aspiration && depth >= ASPIRATION_MIN_DEPTH && !is_decisive(score) =>
            {
                // Saturating: the window is the user's, any `Score`.
                (
                    score.saturating_sub(delta).max(-INFINITY),
                    score.saturating_add(delta).min(INFINITY),
                )
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            // The lean search defers moves only with several threads, in a copy compiled for
            // them: the one-thread copy has nothing of it (its mere presence cost the
            // one-thread search 4 % more instructions). The full search never defers.
            let score = if !self.lean {
                self.alphabeta::<true, false>(root, depth as i32, 0, alpha, beta, true)
            } else if self.shared.searching.enabled() {
                self.alphabeta::<false, true>(root, depth as i32, 0, alpha, beta, true)
            } else {
                self.alphabeta::<false, false>(root, depth as i32, 0, alpha, beta, true)
            };
            if self.aborted() {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = score.saturating_sub(delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = score.saturating_add(delta).min(INFINITY);
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// Iterative deepening from the root, returning the last completed iteration. The main
    /// thread reports each one; helpers search until the abort flag is raised, and raise it
    /// themselves when they complete the depth limit.
    pub fn iterate(
        &mut self,
        root: &G,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
        helper_offset: u32,
    ) -> Option<SearchResult<G::Move>> {
        let mut root = root.clone();
        let depth_limit = self
            .shared
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let max_depth = if self.is_main {
            depth_limit
        } else {
            MAX_PLY as u32 - 1
        };
        self.ordering.clear_killers();
        let mut result: Option<SearchResult<G::Move>> = None;
        let mut previous = None;
        // Without iterative deepening the main thread searches its depth limit at once.
        let mut depth = if self.is_main && !self.config.iterative_deepening {
            max_depth
        } else {
            1
        };
        let first_depth = depth;
        while depth <= max_depth {
            let search_depth = (depth + helper_offset).min(depth_limit);
            // The main thread's first iteration always completes: it yields the move.
            self.can_abort = depth > first_depth || !self.is_main;
            // Look at the limits at the iteration's first node (a node limit may be reached).
            self.next_poll = 0;
            self.seldepth = 0;
            let score = self.search_root(&mut root, search_depth, previous);
            if self.aborted() {
                break;
            }
            previous = Some(score);
            self.root_pv.clear();
            self.root_pv
                .extend(self.pv[..self.pv_len[0]].iter().map_while(|mv| *mv));
            self.root_best = self.root_pv.first().copied();
            let Some(&best_move) = self.root_pv.first() else {
                break;
            };
            let time = self.shared.start.elapsed();
            let nodes = self.nodes + self.shared.helper_nodes.load(MemoryOrder::Relaxed);
            let iteration = result.insert(SearchResult {
                best_move,
                score,
                depth: search_depth,
                seldepth: self.seldepth as u32,
                pv: self.root_pv.clone(),
                nodes,
                time,
                stopped: false,
            });
            if self.is_main {
                report(&iteration.info(self.shared.tt.hashfull()));
                let limits = self.shared.limits;
                if limits.soft_time.is_some_and(|soft| time >= soft)
                    || limits.stop.as_ref().is_some_and(|flag| flag.is_stopped())
                    || limits.nodes.is_some_and(|limit| nodes >= limit)
                {
                    iteration.stopped = depth < max_depth;
                    break;
                }
            } else if search_depth >= depth_limit {
                // The search's depth is reached: the main thread need not get there too.
                self.raise_abort();
                break;
            } else if self.shared.aborted() {
                break;
            }
            depth += 1;
        }
        if self.is_main {
            if let Some(result) = result.as_mut() {
                result.stopped |= self.aborted();
                result.nodes = self.nodes + self.shared.helper_nodes.load(MemoryOrder::Relaxed);
                result.time = self.shared.start.elapsed();
            }
            self.raise_abort();
        } else {
            self.flush_nodes();
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::nim::{Nim, NimEvaluator};
    use crate::{Config, Evaluator, Game, Limits, Outcome, Score, Searcher};
    use std::cell::Cell;

    thread_local! {
        /// Set: the searches this thread starts count every move as taken by another thread.
        pub(super) static DEFER_EVERY_MOVE: Cell<bool> = const { Cell::new(false) };
        /// Moves this thread deferred so far.
        pub(super) static DEFERRED_MOVES: Cell<u64> = const { Cell::new(0) };
    }

    /// Nim that gives `hash_after`, so that the lean search with the table runs its lean move
    /// loop (where moves are deferred).
    #[derive(Debug, Clone, Copy)]
    struct Prefetching(Nim);

    impl Game for Prefetching {
        type Move = u32;
        type Moves = <Nim as Game>::Moves;

        fn player_to_move(&self) -> usize {
            self.0.player_to_move()
        }

        fn generate_moves(&self, moves: &mut Self::Moves) {
            self.0.generate_moves(moves);
        }

        fn play(&mut self, take: u32) {
            self.0.play(take);
        }

        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }

        fn hash(&self) -> u64 {
            self.0.hash()
        }

        fn move_key(take: u32) -> u16 {
            Nim::move_key(take)
        }

        fn hash_after(&self, take: u32) -> Option<u64> {
            let mut child = self.0;
            child.play(take);
            Some(child.hash())
        }
    }

    impl Evaluator<Prefetching> for NimEvaluator {
        fn evaluate(&self, game: &Prefetching, player: usize) -> Score {
            self.evaluate(&game.0, player)
        }
    }

    /// A thread that finds every move after the first taken defers them all and then searches
    /// them in their order: the same search, node for node, as without deferring. Fails when
    /// deferred moves are dropped or searched in another order.
    #[test]
    fn deferring_every_move_searches_them_all_in_order() {
        // No ordering source but the table's move, so the lean move loop runs.
        let lean_with_table = Config {
            tt_mib: 1,
            killers: false,
            history: false,
            order_hints: false,
            ..Config::exact()
        };
        assert!(lean_with_table.is_lean());
        for stones in [13, 21, 30] {
            let game = Prefetching(Nim::new(stones));
            let search = || {
                Searcher::new(lean_with_table.clone())
                    .search(&game, &NimEvaluator, &Limits::depth(9), &[], |_| {})
                    .unwrap()
            };
            let plain = search();
            DEFER_EVERY_MOVE.set(true);
            DEFERRED_MOVES.set(0);
            let deferring = search();
            DEFER_EVERY_MOVE.set(false);
            assert!(
                DEFERRED_MOVES.get() > 100,
                "{stones} stones: moves were deferred"
            );
            let summary = |r: &crate::SearchResult<u32>| {
                (r.score, r.best_move, r.depth, r.nodes, r.pv.clone())
            };
            assert_eq!(summary(&deferring), summary(&plain), "{stones} stones");
        }
    }
}
