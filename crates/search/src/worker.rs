//! A search thread and what the threads share (Lazy SMP): the worker, its iterative deepening
//! with aspiration windows, and its look at the limits.
//!
//! Every thread owns its copy of the root position, its search path (for repetitions), its
//! killer and history tables and its principal-variation table; all threads share the
//! transposition table, the abort flag and the node counter. Helper threads run the same
//! iterative deepening as the main thread (the first helper, and every other one after it, one
//! ply deeper) and fill the table with results the main thread then finds ready. Only the main
//! thread checks the limits and reports progress, so one thread is deterministic for a depth or
//! node limit. Every thread keeps its last completed iteration, and the search returns the
//! deepest of them (the main thread's on a tie): a helper one ply ahead often completes the
//! depth limit before the main thread does, and then ends the search for all.

use crate::clock::{Clock, ThreadClock};
use crate::correction::CorrectionHistory;
use crate::eval_cache::EvalCache;
use crate::game::{Evaluator, Game, Outcome};
use crate::limits::MAX_DEPTH;
use crate::moves::MoveBuffer;
use crate::node_type::Root;
use crate::ordering::Ordering;
use crate::parameters::SearchParameters;
use crate::pv::PvTable;
use crate::report::{Info, Line, ScoreBound, SearchResult, per_second, players_of};
use crate::score::{DRAW, INFINITY, MAX_PLY, Score, is_decisive, plies_to_end};
use crate::techniques::Techniques;
use crate::tt::TranspositionTable;
/// Rows (depths) and columns (move numbers) of the late-move reduction table.
pub(crate) const LMR_TABLE_SIZE: usize = 64;
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

/// One root move of a thread's search: its score in the iteration in progress (or
/// `-INFINITY` where it did not raise its pass's alpha) and in the one before, with its line.
#[derive(Debug, Clone)]
pub(crate) struct RootLine<M> {
    pub mv: M,
    pub score: Score,
    /// Whether `score` is the move's exact value in the iteration in progress (it raised alpha
    /// and stayed below beta in one of the iteration's searches of the root): a later line of
    /// the iteration takes that value and line up instead of searching the move again.
    pub exact: bool,
    pub previous_score: Score,
    /// The least score this iteration's searches of the root returned for the move where it
    /// failed low (`INFINITY`: none yet), a bound on its value: a later search of the root
    /// whose alpha is at or above it need not search the move again.
    pub upper_bound: Score,
    pub pv: Vec<M>,
    pub seldepth: u32,
    /// Nodes this thread searched below the move in this search so far, every iteration.
    pub nodes: u64,
}

/// What a search thread learned that still holds in the next search of the same game: the
/// move-ordering tables and the correction history.
pub(crate) struct ThreadTables<M> {
    pub ordering: Ordering<M>,
    pub correction: CorrectionHistory,
}

/// How the alpha-beta engine groups players into the two sides of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Two players, each for themselves.
    Negamax,
    /// The root player against the coalition of the others.
    Paranoid,
}

/// What the alpha-beta threads read of the configuration.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    pub techniques: Techniques,
    pub mode: Mode,
}

impl Settings {
    /// Whether every technique of `techniques` is on.
    #[inline(always)]
    pub fn uses(&self, techniques: Techniques) -> bool {
        self.techniques.contains(techniques)
    }
}

/// State shared by all threads of one search.
pub(crate) struct Shared<'a, M> {
    pub tt: &'a TranspositionTable,
    pub settings: Settings,
    pub parameters: SearchParameters,
    /// The limits, the abort flag and the helpers' nodes.
    pub clock: Clock,
    /// The root moves to choose among (empty: all) and the number of best lines to search.
    pub search_moves: &'a [M],
    pub lines: usize,
}

/// One search thread.
pub(crate) struct Worker<'a, G: Game, E> {
    pub shared: &'a Shared<'a, G::Move>,
    pub evaluator: &'a E,
    pub settings: Settings,
    /// The search's numbers, a copy of the shared ones at hand in the hot path.
    pub parameters: SearchParameters,
    /// Hashes of the positions before the root, oldest first.
    pub history: &'a [u64],
    pub is_main: bool,
    /// Added to every transposition-table key (the root player in paranoid mode).
    pub key_mix: u64,
    pub mode: Mode,
    pub root_player: usize,
    /// `path[ply]`: the hash of the position at `ply` on the current line.
    pub path: Vec<u64>,
    pub ordering: Ordering<G::Move>,
    pub correction: CorrectionHistory,
    /// The principal variation below each ply of the current line.
    pub pv: PvTable<G::Move>,
    /// The root's principal variation after the last completed iteration.
    pub root_pv: Vec<G::Move>,
    /// Move-ordering scores, one reusable list per ply, for quiescence nodes and for move
    /// lists too long for the interior nodes' fixed array.
    pub order_scores: Vec<Vec<i32>>,
    /// The side to move and its static evaluation at each ply of the current line (`None` in
    /// check), for the "improving" signal.
    pub static_evals: Vec<Option<(usize, Score)>>,
    /// The move (by its key) a node at each ply leaves out, in the search that tests whether
    /// the table move is singular.
    pub excluded: Vec<Option<u16>>,
    /// Reductions by depth and move number (empty when late-move reductions are off).
    pub lmr_table: Vec<[u8; LMR_TABLE_SIZE]>,
    /// This thread's nodes and its look at the limits.
    pub clock: ThreadClock<'a>,
    /// How many times this thread's search took a value from anything but the end of the
    /// game: an evaluation (at the horizon, in quiescence, at the ply limit), a repetition, a
    /// pruning decision (null move, futility and the like), or a table entry not solved itself.
    /// A search during which the count did not change computed the game's result with best
    /// play, with nothing left to change at any depth: a node stores that in the table
    /// ([`Entry::solved`](crate::tt::Entry::solved)), an iteration proves the root's result
    /// and ends the deepening. A search whose result is thrown away (a null move that failed
    /// low, the test of a singular move) takes its count back.
    pub estimates: u64,
    pub seldepth: usize,
    /// The best root move of the last iteration, searched first.
    pub root_best: Option<G::Move>,
    /// The score (with its bound) and line of the root move that last raised alpha in the
    /// iteration in progress (kept across its aspiration re-searches): an interrupted iteration
    /// that found a better move than the last completed one plays it.
    pub iteration_best: Option<(Score, ScoreBound, Vec<G::Move>)>,
    /// The evaluations of the positions this thread evaluated last.
    pub eval_cache: EvalCache,
    /// The root moves this thread searches, ordered best first after each iteration.
    pub root_moves: Vec<RootLine<G::Move>>,
    /// The line being searched: the root searches only `root_moves[pv_index..]`.
    pub pv_index: usize,
    /// Whether the root leaves moves out (several lines, or a restricted root).
    pub restricted_root: bool,
    /// Whether the last completed iteration settled the search: deeper ones cannot change its
    /// lines (wins or losses within its depth, or values that met no estimate).
    pub settled: bool,
    /// Whether the caller's search moves leave none of the root's legal moves out: only then
    /// is the best line's value the root's.
    pub every_root_move: bool,
}

/// The late-move reductions by depth and move number: `base + ln(depth) ln(index) / divisor`
/// (both in hundredths), 0 at depth 0 and for the first move. Each search builds it, so the
/// logarithms are taken once per number rather than once per cell.
fn reduction_table(lmr_base: i32, lmr_divisor: i32) -> Vec<[u8; LMR_TABLE_SIZE]> {
    let base = f64::from(lmr_base) / 100.0;
    let divisor = f64::from(lmr_divisor) / 100.0;
    let logs: [f64; LMR_TABLE_SIZE] = std::array::from_fn(|n| (n as f64).ln());
    (0..LMR_TABLE_SIZE)
        .map(|depth| {
            let mut row = [0u8; LMR_TABLE_SIZE];
            if depth > 0 {
                for (index, reduction) in row.iter_mut().enumerate().skip(1) {
                    *reduction = (base + logs[depth] * logs[index] / divisor) as u8;
                }
            }
            row
        })
        .collect()
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    pub fn new(
        shared: &'a Shared<'a, G::Move>,
        evaluator: &'a E,
        history: &'a [u64],
        root: &G,
        is_main: bool,
        tables: ThreadTables<G::Move>,
    ) -> Self {
        let settings = shared.settings;
        let parameters = shared.parameters;
        let root_player = root.player_to_move();
        Worker {
            shared,
            evaluator,
            settings,
            parameters,
            history,
            is_main,
            key_mix: match settings.mode {
                Mode::Negamax => 0,
                Mode::Paranoid => ROOT_PLAYER_KEYS[root_player % ROOT_PLAYER_KEYS.len()],
            },
            mode: settings.mode,
            root_player,
            path: vec![0; MAX_PLY + 1],
            ordering: tables.ordering,
            correction: tables.correction,
            pv: PvTable::new(MAX_PLY + 1, 1),
            root_pv: Vec::new(),
            order_scores: vec![Vec::new(); MAX_PLY + 1],
            static_evals: vec![None; MAX_PLY + 1],
            excluded: vec![None; MAX_PLY + 1],
            lmr_table: if settings.uses(Techniques::LMR) {
                reduction_table(parameters.lmr_base, parameters.lmr_divisor)
            } else {
                Vec::new()
            },
            clock: ThreadClock::new(&shared.clock, is_main),
            estimates: 0,
            seldepth: 0,
            root_best: None,
            iteration_best: None,
            eval_cache: EvalCache::new(settings.uses(Techniques::EVAL_CACHE)),
            root_moves: Vec::new(),
            pv_index: 0,
            restricted_root: false,
            every_root_move: true,
            settled: false,
        }
    }

    /// The root's moves: the legal ones, or those of them the caller restricted the search to.
    fn init_root_moves(&mut self, root: &G) {
        let mut moves = G::Moves::default();
        root.generate_moves(&mut moves);
        let legal = moves.as_slice();
        let wanted = self.shared.search_moves;
        let restricted: Vec<G::Move> = legal
            .iter()
            .copied()
            .filter(|mv| wanted.contains(mv))
            .collect();
        let chosen = if restricted.is_empty() {
            legal.to_vec()
        } else {
            restricted
        };
        self.every_root_move = chosen.len() == legal.len();
        self.restricted_root = !self.every_root_move || self.shared.lines > 1;
        self.root_moves = chosen
            .into_iter()
            .map(|mv| RootLine {
                mv,
                score: -INFINITY,
                exact: false,
                previous_score: -INFINITY,
                upper_bound: INFINITY,
                pv: vec![mv],
                seldepth: 0,
                nodes: 0,
            })
            .collect();
    }

    /// Whether the root searches `mv` in the line being searched: a move of a line not yet
    /// found, whose exact value this iteration has not found yet either.
    #[inline]
    pub(crate) fn root_allows(&self, mv: G::Move) -> bool {
        !self.restricted_root
            || self.root_moves[self.pv_index..]
                .iter()
                .any(|line| line.mv == mv && !line.exact)
    }

    /// The best of the line's candidate root moves whose exact value an earlier search of the
    /// root in this iteration found (an earlier line, or a pass whose window failed high after
    /// it), with that value; its line becomes the root's principal variation. The root starts
    /// from it as from a move searched first: the others need only show they are not better.
    pub(crate) fn exact_root_line(&mut self) -> Option<(G::Move, Score)> {
        if !self.restricted_root {
            return None;
        }
        let best = self.root_moves[self.pv_index..]
            .iter()
            .filter(|line| line.exact)
            .max_by_key(|line| line.score)?;
        self.pv.set_line(0, &best.pv);
        self.seldepth = self.seldepth.max(best.seldepth as usize);
        Some((best.mv, best.score))
    }

    /// The bound on `mv`'s value this iteration's searches of the root found where it failed
    /// low (`INFINITY`: none).
    #[inline]
    pub(crate) fn root_upper_bound(&self, mv: G::Move) -> Score {
        self.root_moves
            .iter()
            .find(|line| line.mv == mv)
            .map_or(INFINITY, |line| line.upper_bound)
    }

    /// Notes a root move's score in the line being searched: its value and line where it
    /// raised alpha (`exact` where it stayed below beta), its score where it was the first move
    /// searched, `-INFINITY` where it only bounds it from above (it then sorts after the moves
    /// that were searched to a value, and the bound is kept for the later searches of the
    /// root).
    pub(crate) fn note_root_score(
        &mut self,
        mv: G::Move,
        score: Score,
        raised: bool,
        first: bool,
        exact: bool,
    ) {
        let pv: Option<Vec<G::Move>> = raised.then(|| self.pv.line(0).collect());
        let seldepth = self.seldepth as u32;
        if let Some(line) = self.root_moves.iter_mut().find(|line| line.mv == mv) {
            line.score = if raised || first { score } else { -INFINITY };
            if !raised {
                line.upper_bound = line.upper_bound.min(score);
            }
            line.exact = exact;
            if let Some(pv) = pv.filter(|pv| pv.first() == Some(&mv)) {
                line.pv = pv;
                line.seldepth = seldepth;
            }
        }
    }

    /// Adds `nodes` searched below the root move `mv` to its count.
    pub(crate) fn note_root_nodes(&mut self, mv: G::Move, nodes: u64) {
        if let Some(line) = self.root_moves.iter_mut().find(|line| line.mv == mv) {
            line.nodes += nodes;
        }
    }

    /// The share of this thread's nodes of the search so far that were searched below the best
    /// root move, in permille: a time manager spends less on a move that takes nearly all the
    /// effort (its rivals are refuted quickly) and more where the effort is spread.
    fn best_move_node_share(&self) -> u32 {
        let best = self.root_moves.first().map_or(0, |line| line.nodes);
        (u128::from(best) * 1000)
            .checked_div(u128::from(self.clock.nodes))
            .map_or(0, |share| share.min(1000) as u32)
    }

    /// What this thread learned, for the next search.
    pub fn into_tables(self) -> ThreadTables<G::Move> {
        ThreadTables {
            ordering: self.ordering,
            correction: self.correction,
        }
    }

    /// Searches the root to `depth` with aspiration windows around `previous`; the main thread
    /// reports each failed window with its bound.
    fn search_root(
        &mut self,
        root: &mut G,
        depth: u32,
        previous: Option<Score>,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) -> Score {
        let settings = self.settings;
        // A later line's window is narrower: its top is capped by the line before it anyway,
        // and a narrow window keeps the search of its first move cheap.
        let mut delta = if self.pv_index > 0 {
            self.parameters.aspiration_window_later_lines
        } else {
            self.parameters.aspiration_window
        }
        .max(1);
        let (mut alpha, mut beta) = match previous {
            Some(score)
                if settings.uses(Techniques::ASPIRATION)
                    && i64::from(depth) >= i64::from(self.parameters.aspiration_min_depth)
                    && !is_decisive(score) =>
            {
                // Saturating: the window is the user's, any `Score`.
                (
                    score.saturating_sub(delta).max(-INFINITY),
                    score.saturating_add(delta).min(INFINITY),
                )
            }
            _ => (-INFINITY, INFINITY),
        };
        // A later line scores no more than the line before it (an unstable search that finds
        // more fails high and widens the window as any other).
        if self.pv_index > 0 && beta < INFINITY {
            let above = self.root_moves[self.pv_index - 1].score;
            beta = beta.min(above.saturating_add(1)).max(alpha + 1);
        }
        loop {
            let score = self.alphabeta::<Root>(root, depth as i32, 0, alpha, beta, true, false);
            if self.clock.aborted() {
                return score;
            }
            let bound = if score <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = score.saturating_sub(delta).max(-INFINITY);
                ScoreBound::Upper
            } else if score >= beta && beta < INFINITY {
                beta = score.saturating_add(delta).min(INFINITY);
                // The move that failed high is searched first in the wider window: an
                // iteration interrupted in that search still knows it is the better move.
                if let Some(mv) = self.pv.line(0).next() {
                    self.root_best = Some(mv);
                }
                ScoreBound::Lower
            } else {
                return score;
            };
            if self.is_main {
                self.report_bound(root, depth, score, bound, report);
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// When the root move that last raised alpha in the interrupted iteration is not the last
    /// completed iteration's best (a sacrifice seen at last, a refutation of the old move), it
    /// replaces that move, with its score and line; the depth stays the completed one.
    fn keep_interrupted_best(&mut self, root: &G, result: Option<&mut SearchResult<G::Move>>) {
        if let (Some(result), Some((score, bound, pv))) = (result, self.iteration_best.take())
            && let Some(&best_move) = pv.first()
            && best_move != result.best_move
        {
            result.best_move = best_move;
            result.score = score;
            result.bound = bound;
            result.pv_players = players_of(root, &pv);
            result.pv = pv;
            // The new best line replaces the first; a later line with the same move goes.
            if let Some(first) = result.lines.first_mut() {
                first.score = result.score;
                first.bound = result.bound;
                first.pv = result.pv.clone();
                first.pv_players = result.pv_players.clone();
            }
            result
                .lines
                .retain(|line| line.pv.first() != Some(&best_move));
            result.lines.insert(
                0,
                Line {
                    score: result.score,
                    bound: result.bound,
                    scores: None,
                    depth: result.depth,
                    seldepth: result.seldepth,
                    pv: result.pv.clone(),
                    pv_players: result.pv_players.clone(),
                },
            );
            result.lines.truncate(self.shared.lines.max(1));
        }
    }

    /// Notes a root move that raised alpha: its score (a lower bound where it reached the
    /// window's top) and the line now at the root.
    pub(crate) fn note_root_improvement(&mut self, score: Score, bound: ScoreBound) {
        // Only the best line's pass can replace the best move.
        if self.pv_index == 0 {
            self.iteration_best = Some((score, bound, self.pv.line(0).collect()));
        }
    }

    /// Reports a failed aspiration window: its score as a bound, and the line searched so far.
    fn report_bound(
        &self,
        root: &G,
        depth: u32,
        score: Score,
        bound: ScoreBound,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
    ) {
        // A window that failed low leaves no line at the root: the line's last complete one
        // stands for it.
        let mut pv: Vec<G::Move> = self.pv.line(0).collect();
        if pv.is_empty() {
            pv.clone_from(&self.root_moves[self.pv_index].pv);
        }
        let time = self.shared.clock.elapsed();
        let nodes = self.clock.total_nodes();
        report(&Info {
            multi_pv: self.pv_index + 1,
            depth,
            seldepth: self.seldepth as u32,
            score,
            bound,
            nodes,
            nps: per_second(nodes, time),
            hashfull: self.shared.tt.hashfull(),
            time,
            scores: None,
            best_move_node_share: None,
            pv_players: &players_of(root, &pv),
            pv: &pv,
        });
    }

    /// The result of the game the best line proves: a win or loss found with its exact value
    /// (a decisive score comes only from ends of the game, with every defence searched: the
    /// shallow pruning stops at a node that is lost so far), or any value of an iteration that
    /// was `solved` (it met no estimate, so its value is a draw or a win or loss). The winner
    /// is the one at the end of the line, or, where the line stops short of it, the root
    /// player or (in a two-player game) the other one. A draw or a loss is the root's only
    /// where every root move was searched.
    fn proven_outcome(&self, root: &G, solved: bool) -> Option<Outcome> {
        let best = self.root_moves.first()?;
        let root_value = self.every_root_move;
        if solved && best.score == DRAW && root_value {
            return Some(Outcome::Draw);
        }
        if !is_decisive(best.score) || (best.score < 0 && !root_value) {
            return None;
        }
        let mut end = root.clone();
        for &mv in &best.pv {
            end.play(mv);
        }
        match end.outcome() {
            Some(Outcome::Win(winner)) => Some(Outcome::Win(winner)),
            _ if best.score > 0 => Some(Outcome::Win(self.root_player)),
            _ if self.mode == Mode::Negamax && root.player_count() == 2 => {
                Some(Outcome::Win(1 - self.root_player))
            }
            _ => None,
        }
    }

    /// Whether deeper iterations can no longer change the first `lines` lines: each is a win
    /// or a loss within the depth searched (a shorter win would have been found, and every
    /// move of a lost root is a proven loss no longer than its line's).
    fn lines_settled(&self, lines: usize, depth: u32) -> bool {
        self.root_moves[..lines]
            .iter()
            .all(|line| plies_to_end(line.score).is_some_and(|plies| plies.unsigned_abs() <= depth))
    }

    /// Iterative deepening from the root, returning the last completed iteration. Each
    /// iteration searches the configured number of best lines in turn, each leaving out the
    /// root moves of the lines before it (Stockfish's MultiPV scheme), each with its own
    /// aspiration window. The main thread reports each one; helpers search until the abort
    /// flag is raised, and raise it themselves when they complete the depth limit.
    pub fn iterate(
        &mut self,
        root: &G,
        report: &mut dyn FnMut(&Info<'_, G::Move>),
        helper_offset: u32,
    ) -> Option<SearchResult<G::Move>> {
        let mut root = root.clone();
        let depth_limit = self.shared.clock.limits.deepest_iteration();
        let max_depth = if self.is_main { depth_limit } else { MAX_DEPTH };
        self.ordering.killers.clear();
        self.init_root_moves(&root);
        let lines = self.shared.lines.clamp(1, self.root_moves.len().max(1));
        let mut result: Option<SearchResult<G::Move>> = None;
        // Without iterative deepening the main thread searches its depth limit at once.
        let mut depth = if self.is_main && !self.settings.uses(Techniques::ITERATIVE_DEEPENING) {
            max_depth
        } else {
            1
        };
        let first_depth = depth;
        'deepening: while depth <= max_depth {
            let search_depth = (depth + helper_offset).min(depth_limit);
            let estimates_before = self.estimates;
            // The main thread's first iteration always completes: it yields the move.
            self.clock.arm(depth > first_depth || !self.is_main);
            self.iteration_best = None;
            for line in &mut self.root_moves {
                line.previous_score = line.score;
                line.exact = false;
                line.upper_bound = INFINITY;
            }
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.seldepth = 0;
                for line in self.root_moves[pv_index..]
                    .iter_mut()
                    .filter(|line| !line.exact)
                {
                    line.score = -INFINITY;
                }
                let line = &self.root_moves[pv_index];
                // The window's centre: the move's value where this iteration already found it,
                // else its last iteration's score, but no more than the line before it nor
                // than the bound an earlier line of this iteration found for the move.
                let previous = if line.exact {
                    Some(line.score)
                } else {
                    let above = pv_index
                        .checked_sub(1)
                        .map_or(INFINITY, |above| self.root_moves[above].score);
                    (line.previous_score > -INFINITY)
                        .then_some(line.previous_score.min(above).min(line.upper_bound))
                };
                // The line's move of the last iteration is searched first.
                self.root_best = (previous.is_some() || lines > 1 || pv_index > 0)
                    .then_some(line.mv)
                    .or(self.root_best);
                let score = self.search_root(&mut root, search_depth, previous, report);
                if self.clock.aborted() {
                    self.keep_interrupted_best(&root, result.as_mut());
                    break 'deepening;
                }
                let pv: Vec<G::Move> = self.pv.line(0).collect();
                let Some(&best_move) = pv.first() else {
                    break 'deepening;
                };
                if let Some(line) = self.root_moves.iter_mut().find(|line| line.mv == best_move) {
                    line.score = score;
                    line.exact = true;
                    line.pv = pv;
                    line.seldepth = self.seldepth as u32;
                }
                self.root_moves[pv_index..].sort_by_key(|line| core::cmp::Reverse(line.score));
            }
            self.root_moves[..lines].sort_by_key(|line| core::cmp::Reverse(line.score));
            self.root_pv.clear();
            self.root_pv.extend(self.root_moves[0].pv.iter().copied());
            self.root_best = self.root_pv.first().copied();
            let time = self.shared.clock.elapsed();
            let nodes = self.clock.total_nodes();
            let lines_found: Vec<Line<G::Move>> = self.root_moves[..lines]
                .iter()
                .map(|line| Line {
                    score: line.score,
                    bound: ScoreBound::Exact,
                    scores: None,
                    depth: search_depth,
                    seldepth: line.seldepth,
                    pv_players: players_of(&root, &line.pv),
                    pv: line.pv.clone(),
                })
                .collect();
            // An iteration that met no estimate searched every line to the end of the game:
            // deeper ones would find the same values.
            let solved = self.estimates == estimates_before;
            let best = &self.root_moves[0];
            let iteration = result.insert(SearchResult {
                best_move: best.mv,
                score: best.score,
                bound: ScoreBound::Exact,
                depth: search_depth,
                seldepth: best.seldepth,
                scores: None,
                pv_players: players_of(&root, &self.root_pv),
                pv: self.root_pv.clone(),
                nodes,
                time,
                stopped: false,
                lines: lines_found,
                proven: self.proven_outcome(&root, solved),
                root_moves: Vec::new(),
                iterations: 0,
            });
            let settled = solved || self.lines_settled(lines, search_depth);
            self.settled = settled;
            if self.is_main {
                let share = Some(self.best_move_node_share());
                iteration.report_lines(self.shared.tt.hashfull(), &mut |info| {
                    let mut info = *info;
                    if info.multi_pv == 1 {
                        info.best_move_node_share = share;
                    }
                    report(&info);
                });
                if settled {
                    break;
                }
                if !self.clock.may_start_iteration() {
                    iteration.stopped = depth < max_depth;
                    break;
                }
            } else if search_depth >= depth_limit || settled {
                // The search's depth is reached: the main thread need not get there too.
                self.clock.raise_abort();
                break;
            } else if self.shared.clock.abort_raised() {
                break;
            }
            depth += 1;
        }
        if self.is_main {
            if let Some(result) = result.as_mut() {
                result.stopped |= self.clock.aborted();
                result.nodes = self.clock.total_nodes();
                result.time = self.shared.clock.elapsed();
            }
            self.clock.raise_abort();
        } else {
            self.clock.flush();
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduction_table_follows_its_formula() {
        let table = reduction_table(50, 225);
        assert_eq!(table.len(), LMR_TABLE_SIZE);
        assert!(table[0].iter().all(|&r| r == 0), "depth 0 reduces nothing");
        assert!(
            table.iter().all(|row| row[0] == 0),
            "nor does the first move"
        );
        for (depth, index) in [(1, 1), (3, 7), (10, 10), (20, 40), (63, 63)] {
            let expected = 0.5 + (depth as f64).ln() * (index as f64).ln() / 2.25;
            assert_eq!(
                table[depth][index], expected as u8,
                "depth {depth}, move {index}"
            );
        }
        // ln 10 · ln 10 / 2.25 + 0.5 = 2.86: two plies.
        assert_eq!(table[10][10], 2);
        assert_eq!(reduction_table(150, 225)[10][10], 3);
    }
}
