//! The multi-player search driver: checks the game and the configuration, then deepens one
//! layer at a time with the chosen algorithm, reports each completed iteration, and returns the
//! last completed one when a limit or the stop flag ends the search.

use super::clock::Clock;
use super::config::{Algorithm, MultiConfig, MultiError};
use super::context::Context;
use super::report::{MultiInfo, MultiResult, PlayerMove};
use super::score_vector::ScoreVector;
use crate::config::{Config, Mode, TableSizeError};
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::SearchError;
use crate::score::{INFINITY, MAX_PLY, Score};
use crate::searcher::MAX_PLAYERS;
use crate::searcher::Searcher;
use crate::tt::TranspositionTable;
use core::fmt;
use std::time::Duration;

/// The deepest iteration: one less than [`MAX_PLY`] so that every win score stays decisive.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;

/// A multi-player search: max^n, Best-Reply Search or BRS+, chosen by its [`MultiConfig`] (or
/// paranoid search, handed to the main engine).
///
/// ```
/// use plyforge_search::multiplayer::{Algorithm, Limits, MultiConfig, MultiSearch};
/// use plyforge_search::nim::{Nim, NimEvaluator};
///
/// // Nim is a 2-player game, the smallest case of a multi-player one.
/// let config = MultiConfig { algorithm: Algorithm::MaxN, ..MultiConfig::default() };
/// let mut search = MultiSearch::new(config);
/// let result = search.search(&Nim::new(7), &NimEvaluator, &Limits::depth(8), |_| {}).unwrap();
/// assert_eq!(result.best_move, 3); // leave a multiple of four
/// assert!(result.score > 0);
/// ```
pub struct MultiSearch {
    config: MultiConfig,
    /// Best-reply search's table; kept across searches, so a game's searches share knowledge.
    tt: Option<TranspositionTable>,
    /// The main engine, for [`Algorithm::Paranoid`].
    paranoid: Option<Searcher>,
}

impl Default for MultiSearch {
    /// [`MultiConfig::default`].
    fn default() -> Self {
        MultiSearch::new(MultiConfig::default())
    }
}

impl fmt::Debug for MultiSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MultiSearch")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// What one completed iteration found.
struct Iteration {
    depth: u32,
    score: Score,
    scores: Option<ScoreVector>,
}

impl MultiSearch {
    /// A search with `config`.
    ///
    /// # Panics
    /// When its transposition table cannot be allocated; [`MultiSearch::try_new`] returns an
    /// error instead.
    pub fn new(config: MultiConfig) -> Self {
        Self::try_new(config).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A search with `config`, or [`TableSizeError`] when its transposition table of
    /// `config.tt_mib` MiB cannot be allocated.
    pub fn try_new(config: MultiConfig) -> Result<Self, TableSizeError> {
        let best_reply = matches!(
            config.algorithm,
            Algorithm::BestReply | Algorithm::BestReplyPlus
        );
        let too_large = TableSizeError { mib: config.tt_mib };
        let paranoid = if config.algorithm == Algorithm::Paranoid {
            Some(Searcher::try_new(
                Config::default()
                    .with_mode(Mode::Paranoid)
                    .with_tt(config.tt_mib > 0)
                    .with_tt_mib(config.tt_mib),
            )?)
        } else {
            None
        };
        let tt = if best_reply && config.tt_mib > 0 {
            Some(TranspositionTable::new(config.tt_mib).ok_or(too_large)?)
        } else {
            None
        };
        Ok(MultiSearch {
            config,
            tt,
            paranoid,
        })
    }

    /// Forgets everything learnt in earlier searches (the transposition table). Call it when
    /// the evaluator changes: stored values are the old evaluator's.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        if let Some(searcher) = &mut self.paranoid {
            searcher.clear();
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MultiConfig {
        &self.config
    }

    /// Searches `game` for the player to move, by iterative deepening within `limits`, calling
    /// `report` after each completed iteration. The first iteration always completes, so the
    /// result holds a searched move whatever the limits; the search also ends when an iteration
    /// reached no position at its depth (the whole tree was searched).
    ///
    /// # Errors
    /// [`MultiError::GameOver`] when there is no move to choose, [`MultiError::PlayerCount`]
    /// for fewer than 2 or more than 6 players, [`MultiError::SetPlayerUnsupported`] for
    /// best-reply search on a game without [`Game::set_player_to_move`], and
    /// [`MultiError::NegativeMaxSum`].
    pub fn search<G, E, R>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: &Limits,
        mut report: R,
    ) -> Result<MultiResult<G::Move>, MultiError>
    where
        G: Game,
        E: Evaluator<G>,
        R: FnMut(&MultiInfo<'_, G::Move>),
    {
        let players = game.player_count();
        let root_player = game.player_to_move();
        self.check(game, players, root_player)?;
        if let Some(searcher) = &mut self.paranoid {
            return search_paranoid(searcher, game, evaluator, limits, report);
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut clock = Clock::new(limits);
        clock.count_node();
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        let mut context = Context::new(
            evaluator,
            root_player,
            players,
            &self.config,
            clock,
            self.tt.as_ref(),
            max_depth as usize,
        );
        let mut completed: Option<Iteration> = None;
        let mut pv = Vec::new();
        let mut stopped = false;
        for depth in 1..=max_depth {
            if depth > 1 {
                if !context.clock.may_start_iteration() {
                    stopped = true;
                    break;
                }
                context.clock.arm();
            }
            context.reached_horizon = false;
            let mut root = game.clone();
            let (score, scores) = match self.config.algorithm {
                Algorithm::MaxN => match context.maxn(&mut root, depth, 0, None, true) {
                    Some(scores) => (scores[root_player], Some(scores)),
                    None => (0, None),
                },
                Algorithm::BestReply | Algorithm::BestReplyPlus => {
                    let plus = self.config.algorithm == Algorithm::BestReplyPlus;
                    let score = context.best_reply(&root, depth, 0, -INFINITY, INFINITY, plus);
                    (score, None)
                }
                Algorithm::Paranoid => unreachable!("paranoid search is the main engine's"),
            };
            if context.clock.aborted() {
                stopped = true;
                break;
            }
            pv.clear();
            pv.extend_from_slice(context.pv.root_line());
            context.previous_keys.clear();
            context
                .previous_keys
                .extend_from_slice(context.pv.root_keys());
            let time = context.clock.elapsed();
            report(&MultiInfo {
                depth,
                score,
                scores,
                nodes: context.clock.nodes(),
                nps: nodes_per_second(context.clock.nodes(), time),
                time,
                pv: &pv,
            });
            completed = Some(Iteration {
                depth,
                score,
                scores,
            });
            if !context.reached_horizon {
                break;
            }
        }
        let iteration = completed.expect("the first iteration always completes");
        Ok(MultiResult {
            best_move: pv[0].mv,
            score: iteration.score,
            scores: iteration.scores,
            depth: iteration.depth,
            pv,
            nodes: context.clock.nodes(),
            time: context.clock.elapsed(),
            stopped,
        })
    }

    /// Refuses what the search cannot handle, before it starts.
    fn check<G: Game>(&self, game: &G, players: usize, root: usize) -> Result<(), MultiError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(MultiError::PlayerCount(players));
        }
        if let Some(sum) = self.config.max_sum.filter(|&sum| sum < 0) {
            return Err(MultiError::NegativeMaxSum(sum));
        }
        if let Some(outcome) = game.outcome() {
            return Err(MultiError::GameOver(outcome));
        }
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(MultiError::GameOver(game.outcome_without_moves()));
        }
        if self.config.algorithm == Algorithm::BestReply
            && !game.clone().set_player_to_move((root + 1) % players)
        {
            return Err(MultiError::SetPlayerUnsupported);
        }
        Ok(())
    }
}

/// Paranoid search by the main engine, its reports and result in this module's terms.
fn search_paranoid<G, E, R>(
    searcher: &mut Searcher,
    game: &G,
    evaluator: &E,
    limits: &Limits,
    mut report: R,
) -> Result<MultiResult<G::Move>, MultiError>
where
    G: Game,
    E: Evaluator<G>,
    R: FnMut(&MultiInfo<'_, G::Move>),
{
    let mut line = Vec::new();
    // Multi-player games of this module have no repetition draws: no earlier positions.
    let result = searcher.search(game, evaluator, limits, &[], |info| {
        with_players(game, info.pv, &mut line);
        report(&MultiInfo {
            depth: info.depth,
            score: info.score,
            scores: None,
            nodes: info.nodes,
            nps: info.nps,
            time: info.time,
            pv: &line,
        });
    });
    let result = result.map_err(|error| match error {
        SearchError::GameOver(outcome) => MultiError::GameOver(outcome),
        SearchError::PlayerCount { players, .. } => MultiError::PlayerCount(players),
        // `MultiSearch::try_new` builds this searcher with iterative deepening.
        SearchError::DepthLimitRequired => {
            unreachable!("the paranoid searcher of a MultiSearch deepens iteratively")
        }
    })?;
    with_players(game, &result.pv, &mut line);
    Ok(MultiResult {
        best_move: result.best_move,
        score: result.score,
        scores: None,
        depth: result.depth,
        pv: line,
        nodes: result.nodes,
        time: result.time,
        stopped: result.stopped,
    })
}

/// `pv`, a line of play from `game`, with the player of each move (found by replaying it).
fn with_players<G: Game>(game: &G, pv: &[G::Move], line: &mut Vec<PlayerMove<G::Move>>) {
    line.clear();
    let mut position = game.clone();
    for &mv in pv {
        line.push(PlayerMove {
            player: position.player_to_move(),
            mv,
        });
        position.play(mv);
    }
}

/// Nodes per second, 0 before any time has passed.
fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |nps| nps as u64)
}
