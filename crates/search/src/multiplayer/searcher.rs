//! The driver of max^n and best-reply search: checks the game and the configuration, then
//! deepens one layer at a time with the chosen algorithm, reports each completed iteration, and
//! returns the last completed one when a limit or the stop flag ends the search.

use super::context::Context;
use crate::clock::{Clock, ThreadClock};
use crate::config::{Algorithm, Config};
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::report::{Info, ScoreBound, SearchError, SearchResult};
use crate::tt::TranspositionTable;

/// Searches `game` for the player to move with max^n, BRS or BRS+ (`config.algorithm`), by
/// iterative deepening within `limits`, calling `report` after each completed iteration. The
/// first iteration always completes, so the result holds a searched move whatever the limits;
/// the search also ends when an iteration reached no position at its depth (the whole tree was
/// searched). `tt` is best-reply search's table, if any.
pub(crate) fn search<G, E>(
    config: &Config,
    mut tt: Option<&mut TranspositionTable>,
    game: &G,
    evaluator: &E,
    limits: &Limits,
    report: &mut dyn FnMut(&Info<'_, G::Move>),
) -> Result<SearchResult<G::Move>, SearchError>
where
    G: Game,
    E: Evaluator<G>,
{
    let players = game.player_count();
    let root_player = game.player_to_move();
    check(config, game, players, root_player)?;
    let max_depth = limits.deepest_iteration();
    let clock = Clock::new(limits);
    let mut thread_clock = ThreadClock::new(&clock, true);
    thread_clock.count_node();
    if let Some(tt) = tt.as_deref_mut() {
        tt.new_search();
    }
    let mut context = Context::new(
        evaluator,
        root_player,
        players,
        config,
        thread_clock,
        tt.as_deref(),
        max_depth as usize,
    );
    let mut completed: Option<SearchResult<G::Move>> = None;
    let mut stopped = false;
    for depth in 1..=max_depth {
        if depth > 1 {
            if !context.clock.may_start_iteration() {
                stopped = true;
                break;
            }
            context.clock.arm(true);
        }
        context.prepare_iteration(depth);
        let mut root = game.clone();
        let (score, scores) = match config.algorithm {
            Algorithm::MaxN => match context.maxn(&mut root, depth, 0, None, true) {
                Some(scores) => (scores[root_player], Some(scores)),
                None => (0, None),
            },
            Algorithm::BestReply | Algorithm::BestReplyPlus => {
                let plus = config.algorithm == Algorithm::BestReplyPlus;
                let score = context.best_reply(&mut root, depth, plus);
                (score, None)
            }
            _ => unreachable!("the alpha-beta engine and MCTS search the other algorithms"),
        };
        if context.clock.aborted() {
            stopped = true;
            break;
        }
        context.previous_keys.clear();
        context.previous_keys.extend(context.pv_keys.line(0));
        let pv: Vec<G::Move> = context.pv.line(0).map(|played| played.mv).collect();
        let iteration = completed.insert(SearchResult {
            best_move: pv[0],
            score,
            bound: ScoreBound::Exact,
            scores,
            depth,
            seldepth: depth,
            pv_players: context.pv.line(0).map(|played| played.player).collect(),
            pv,
            nodes: context.clock.nodes,
            time: clock.elapsed(),
            stopped: false,
            root_moves: Vec::new(),
        });
        report(&iteration.info(context.tt.map_or(0, TranspositionTable::hashfull)));
        if !context.reached_horizon {
            break;
        }
    }
    let mut result = completed.expect("the first iteration always completes");
    result.nodes = context.clock.nodes;
    result.time = clock.elapsed();
    result.stopped = stopped;
    Ok(result)
}

/// Refuses what the search cannot handle, before it starts.
fn check<G: Game>(
    config: &Config,
    game: &G,
    players: usize,
    root: usize,
) -> Result<(), SearchError> {
    if let Some(sum) = config.max_sum.filter(|&sum| sum < 0) {
        return Err(SearchError::NegativeMaxSum(sum));
    }
    crate::searcher::has_moves(game)?;
    if config.algorithm == Algorithm::BestReply
        && !game.clone().set_player_to_move((root + 1) % players)
    {
        return Err(SearchError::SetPlayerUnsupported);
    }
    Ok(())
}
