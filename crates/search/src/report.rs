//! What a search tells its caller: a progress report per completed iteration (what a UCI `info`
//! line needs), the final result, and the errors for positions that cannot be searched.

use crate::algorithm::Algorithm;
use crate::game::Outcome;
use crate::score::Score;
use crate::score_vector::ScoreVector;
use core::fmt;
use std::time::Duration;

/// Progress: one line after a completed iteration of iterative deepening (one report per line
/// when several are searched, [`Limits::multi_pv`](crate::Limits::multi_pv)), after a failed
/// aspiration window, or at intervals of Monte Carlo tree search.
#[derive(Debug, Clone, Copy)]
pub struct Info<'a, M> {
    /// Which line this is, from 1 (the best) to [`Limits::multi_pv`](crate::Limits::multi_pv).
    pub multi_pv: usize,
    /// The depth of the completed iteration.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the player to move at the root (for paranoid: the root player; for Monte
    /// Carlo tree search the best move's mean reward in permille, or a win or loss score once
    /// proven).
    pub score: Score,
    /// The score of every player, where the algorithm has one per player (max^n, Monte Carlo
    /// tree search).
    pub scores: Option<ScoreVector>,
    /// Whether `score` is the iteration's value or, in a report sent when an aspiration window
    /// failed, only a bound on it (the iteration then goes on with a wider window).
    pub bound: ScoreBound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// How full the transposition table is with this search's entries, in permille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// In the report of a completed alpha-beta iteration's best line: the share of the main
    /// thread's nodes of the search so far that were searched below the best root move, in
    /// permille (a time manager's measure of how clear the choice is); `None` elsewhere.
    pub best_move_node_share: Option<u32>,
    /// The principal variation, legal from the root.
    pub pv: &'a [M],
    /// The player of each move of `pv`: players take turns, except in best-reply search, where
    /// the opponents who do not reply pass.
    pub pv_players: &'a [usize],
}

/// How a reported score bounds the value it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// The value of a completed iteration.
    Exact,
    /// The value is at least the score: the search failed high of its aspiration window.
    Lower,
    /// The value is at most the score: the search failed low of its aspiration window.
    Upper,
}

/// One of the best lines of a search ([`Limits::multi_pv`](crate::Limits::multi_pv)), with
/// its own score.
#[derive(Debug, Clone, PartialEq)]
pub struct Line<M> {
    /// The score for the player to move at the root (as [`Info::score`]).
    pub score: Score,
    /// Whether `score` is the line's value or only a bound on it.
    pub bound: ScoreBound,
    /// The score of every player, where the algorithm has one per player.
    pub scores: Option<ScoreVector>,
    /// The depth the line was searched to.
    pub depth: u32,
    /// The deepest ply reached below its first move.
    pub seldepth: u32,
    /// The line, starting with its root move; legal from the root.
    pub pv: Vec<M>,
    /// The player of each move of `pv` (as [`Info::pv_players`]).
    pub pv_players: Vec<usize>,
}

/// Monte Carlo tree search's statistics of one root move, all threads merged.
#[derive(Debug, Clone, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Iterations through it.
    pub visits: u64,
    /// Its mean reward for the player to move at the root, 0 to 1.
    pub value: f64,
    /// Its proven result, if the solver (or the end of the game) settled it.
    pub proven: Option<Outcome>,
}

/// The result of a search: the last completed iteration, or in alpha-beta its depth with a
/// better root move that the interrupted iteration found (its score and line).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// The best move found; always a move the search completed.
    pub best_move: M,
    /// Its score for the player to move at the root (as [`Info::score`]).
    pub score: Score,
    /// Whether `score` is the value of a completed iteration ([`ScoreBound::Exact`]) or only
    /// a lower bound: the move is one the interrupted iteration found failing high of its
    /// aspiration window.
    pub bound: ScoreBound,
    /// The score of every player, where the algorithm has one per player (max^n, Monte Carlo
    /// tree search).
    pub scores: Option<ScoreVector>,
    /// The depth of the last completed iteration. Where that iteration settled the result (a
    /// win or loss within its depth, or a tree searched to its end: see `proven`), the search
    /// stops there, whatever the depth limit: this is then the depth the proof needed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The principal variation, starting with `best_move`; legal from the root.
    pub pv: Vec<M>,
    /// The player of each move of `pv` (as [`Info::pv_players`]).
    pub pv_players: Vec<usize>,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Whether a node or time limit or the stop flag ended the search before its depth limit.
    pub stopped: bool,
    /// The best lines, best first, as many as [`Limits::multi_pv`](crate::Limits::multi_pv)
    /// asked for and the root has moves; the first is the line of `best_move`.
    pub lines: Vec<Line<M>>,
    /// The result of the game from the root with best play, where the search proved it;
    /// `None` where it still stands on an estimate.
    ///
    /// - Alpha-beta and paranoid search prove a forced win or loss found with its exact
    ///   score, and any result, a draw included, of an iteration that searched every line to
    ///   the end of the game: no evaluation at a horizon, no repetition, no pruning decision
    ///   (a null move, futility and the like) and no table entry that was not solved itself
    ///   stood in for the rest of a line. Draws by repetition depend on the path to the
    ///   position and are never proven; nor, in a game with them
    ///   ([`Game::REPETITION_DRAWS`](crate::Game::REPETITION_DRAWS)), are draws by rule, which
    ///   there hang on counters the position's hash leaves out (chess's fifty moves). A position without moves at the horizon is not asked
    ///   for them, so a game that ends that way is proven one ply past its end; pruning that
    ///   reduces lines (most of all null moves, whose reduction grows with the depth) may keep
    ///   a search from proving a draw at any depth.
    /// - Max^n and best-reply search prove the result of an iteration that reached no
    ///   position at its depth.
    /// - Monte Carlo tree search's solver proves wins and losses.
    ///
    /// A draw or a loss is proven only where every root move was searched (not among
    /// [`Limits::search_moves`](crate::Limits::search_moves) that leave moves out); a win by
    /// any move searched. With more than two players, best play is the algorithm's model:
    /// paranoid search's opponents play together against the root player (its proven win is
    /// forced whatever they do, its draw or loss holds against them all); max^n's players
    /// each maximise their own score, ties to the first move generated; best-reply search
    /// lets one opponent reply in each round (the others pass in BRS and play their most
    /// promising move in BRS+), and proves the result of that tree.
    pub proven: Option<Outcome>,
    /// Monte Carlo tree search's statistics of every root move (visits, mean reward, proven
    /// result), in generation order; empty for the other algorithms.
    pub root_moves: Vec<RootMove<M>>,
    /// Monte Carlo tree search's iterations, all threads; 0 for the other algorithms.
    pub iterations: u64,
}

/// Why a position cannot be searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over at the root: there is no move to choose.
    GameOver(Outcome),
    /// The algorithm does not search games of this many players (see
    /// [`Algorithm::players`]).
    PlayerCount {
        /// The configured algorithm.
        algorithm: Algorithm,
        /// The game's player count.
        players: usize,
    },
    /// The game names a player beyond its [`Game::player_count`](crate::Game::player_count)
    /// (often a game of more than two players that does not override `player_count`, whose
    /// default is 2).
    PlayerIndex {
        /// The player named.
        player: usize,
        /// The game's player count.
        players: usize,
    },
    /// Best-reply search needs [`Game::set_player_to_move`](crate::Game::set_player_to_move),
    /// which the game does not support (BRS+ and max^n do not need it).
    SetPlayerUnsupported,
    /// [`Config::max_sum`](crate::Config::max_sum) is below 0.
    NegativeMaxSum(Score),
    /// Monte Carlo tree search: a thread's share of the node budget cannot hold the root and
    /// its children.
    NodeBudget {
        /// Nodes per thread.
        per_thread: usize,
        /// Nodes needed: the root and one per legal move.
        needed: usize,
    },
    /// The configuration has no iterative deepening and the limits no depth: the search would
    /// be one iteration to the deepest possible depth, which no time or node limit and no stop
    /// flag can end (there would be no completed iteration to return).
    DepthLimitRequired,
}

/// The player of each move of `line` played from `game`, found by replaying it (players take
/// turns there).
pub(crate) fn players_of<G: crate::game::Game>(game: &G, line: &[G::Move]) -> Vec<usize> {
    let mut position = game.clone();
    line.iter()
        .map(|&mv| {
            let player = position.player_to_move();
            position.play(mv);
            player
        })
        .collect()
}

/// Nodes (or iterations) per second, 0 before any time has passed.
pub(crate) fn per_second(count: u64, time: Duration) -> u64 {
    (u128::from(count) * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |rate| rate as u64)
}

impl<M: Clone> SearchResult<M> {
    /// The progress report of this iteration's best line, with the table `hashfull` permille
    /// full.
    pub(crate) fn info(&self, hashfull: u32) -> Info<'_, M> {
        Info {
            multi_pv: 1,
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            bound: self.bound,
            nodes: self.nodes,
            nps: per_second(self.nodes, self.time),
            hashfull,
            time: self.time,
            scores: self.scores,
            best_move_node_share: None,
            pv: &self.pv,
            pv_players: &self.pv_players,
        }
    }

    /// The progress report of line `index` (from 0) of this result.
    pub(crate) fn line_info(&self, index: usize, hashfull: u32) -> Info<'_, M> {
        let line = &self.lines[index];
        Info {
            multi_pv: index + 1,
            depth: line.depth,
            seldepth: line.seldepth,
            score: line.score,
            bound: line.bound,
            nodes: self.nodes,
            nps: per_second(self.nodes, self.time),
            hashfull,
            time: self.time,
            scores: line.scores,
            best_move_node_share: None,
            pv: &line.pv,
            pv_players: &line.pv_players,
        }
    }

    /// Reports every line of this result, best first.
    pub(crate) fn report_lines(&self, hashfull: u32, report: &mut dyn FnMut(&Info<'_, M>)) {
        if self.lines.len() <= 1 {
            report(&self.info(hashfull));
        } else {
            for index in 0..self.lines.len() {
                report(&self.line_info(index, hashfull));
            }
        }
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::GameOver(outcome) => {
                write!(
                    f,
                    "the game is over ({outcome:?}): there is no move to search"
                )
            }
            SearchError::PlayerCount { algorithm, players } => {
                let range = algorithm.players();
                write!(
                    f,
                    "{algorithm} search cannot play a game of {players} players (it plays {} to {})",
                    range.start(),
                    range.end()
                )
            }
            SearchError::PlayerIndex { player, players } => write!(
                f,
                "the game names player {player}, but Game::player_count says it has {players} \
                 players (players are numbered from 0; a game of more than two players must \
                 override player_count)"
            ),
            SearchError::SetPlayerUnsupported => write!(
                f,
                "best-reply search needs Game::set_player_to_move, which this game does not \
                 support: use BRS+ or max^n"
            ),
            SearchError::NegativeMaxSum(sum) => write!(
                f,
                "max_sum must be at least 0 for shallow pruning, not {sum}"
            ),
            SearchError::NodeBudget { per_thread, needed } => write!(
                f,
                "a node budget of {per_thread} nodes per thread cannot hold the root and its \
                 children ({needed} nodes)"
            ),
            SearchError::DepthLimitRequired => write!(
                f,
                "a search without iterative deepening needs a depth limit: its one iteration \
                 cannot be ended by a time or node limit or the stop flag"
            ),
        }
    }
}

impl std::error::Error for SearchError {}
