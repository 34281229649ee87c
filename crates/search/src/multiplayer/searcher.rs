//! The driver of max^n and best-reply search: checks the game and the configuration, then
//! deepens one layer at a time with the chosen algorithm, reports each completed iteration, and
//! returns the last completed one when a limit or the stop flag ends the search.

use super::context::{Context, MultiplayerSettings};
use crate::algorithm::Algorithm;
use crate::clock::{Clock, ThreadClock};
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::{Info, Line, ScoreBound, SearchError, SearchResult};
use crate::tt::TranspositionTable;

/// Searches `game` for the player to move with max^n, BRS or BRS+ (`settings.algorithm`), by
/// iterative deepening within `limits`, calling `report` after each completed iteration (once
/// per line). Each iteration searches the [`Limits::multi_pv`] best lines in turn, each among
/// the root moves (of [`Limits::search_moves`]) that the lines before it did not take. The
/// first iteration always completes, so the result holds a searched move whatever the limits;
/// the search also ends when an iteration reached no position at its depth (the whole tree was
/// searched). `tt` is best-reply search's table, if any.
pub(crate) fn search<G, E>(
    settings: &MultiplayerSettings,
    mut tt: Option<&mut TranspositionTable>,
    game: &G,
    evaluator: &E,
    limits: &Limits<G::Move>,
    report: &mut dyn FnMut(&Info<'_, G::Move>),
) -> Result<SearchResult<G::Move>, SearchError>
where
    G: Game,
    E: Evaluator<G>,
{
    let players = game.player_count();
    let root_player = game.player_to_move();
    check(settings, game, players, root_player)?;
    let clock = Clock::new(limits);
    let max_depth = clock.limits.deepest_iteration();
    let mut thread_clock = ThreadClock::new(&clock, true);
    thread_clock.count_node();
    if let Some(tt) = tt.as_deref_mut() {
        tt.new_search();
    }
    let root_choices = root_choices(game, &limits.search_moves);
    let lines = limits.lines().min(root_choices.len());
    // One line over every root move needs no list; the root is counted once, not per pass.
    let whole_root = lines == 1 && root_choices.len() == game.count_moves() as usize;
    let mut context = Context::new(
        evaluator,
        root_player,
        players,
        settings,
        thread_clock,
        tt.as_deref(),
        max_depth as usize,
    );
    let mut completed: Option<SearchResult<G::Move>> = None;
    let mut stopped = false;
    'deepening: for depth in 1..=max_depth {
        if depth > 1 {
            if !context.clock.may_start_iteration() {
                stopped = true;
                break;
            }
            context.clock.arm(true);
        }
        let mut found: Vec<Line<G::Move>> = Vec::with_capacity(lines);
        let mut reached_horizon = false;
        let mut previous_keys = Vec::new();
        for pv_index in 0..lines {
            // A pass over every root move needs no list; later lines leave the earlier out.
            context.root_moves = if whole_root {
                Vec::new()
            } else {
                root_choices
                    .iter()
                    .copied()
                    .filter(|mv| found.iter().all(|line| line.pv[0] != *mv))
                    .collect()
            };
            context.prepare_iteration(depth);
            let mut root = game.clone();
            let (score, scores) = match settings.algorithm {
                Algorithm::MaxN => match context.maxn(&mut root, depth) {
                    Some(scores) => (scores[root_player], Some(scores)),
                    None => (0, None),
                },
                Algorithm::BestReply | Algorithm::BestReplyPlus => {
                    let plus = settings.algorithm == Algorithm::BestReplyPlus;
                    let score = context.best_reply(&mut root, depth, plus);
                    (score, None)
                }
                _ => unreachable!("the alpha-beta engine and MCTS search the other algorithms"),
            };
            if context.clock.aborted() {
                stopped = true;
                break 'deepening;
            }
            reached_horizon |= context.reached_horizon;
            if pv_index == 0 {
                previous_keys.extend(context.pv_keys.line(0));
            }
            let pv: Vec<G::Move> = context.pv.line(0).map(|played| played.mv).collect();
            if pv.is_empty() {
                break;
            }
            found.push(Line {
                score,
                bound: ScoreBound::Exact,
                scores,
                depth,
                seldepth: depth,
                pv_players: context.pv.line(0).map(|played| played.player).collect(),
                pv,
            });
        }
        context.previous_keys = previous_keys;
        // A later line may score above an earlier one where the earlier pass's pruning cut
        // it short: the lines are reported best first.
        found.sort_by_key(|line| core::cmp::Reverse(line.score));
        let best = &found[0];
        let iteration = completed.insert(SearchResult {
            best_move: best.pv[0],
            score: best.score,
            bound: ScoreBound::Exact,
            scores: best.scores,
            depth,
            seldepth: depth,
            pv_players: best.pv_players.clone(),
            pv: best.pv.clone(),
            nodes: context.clock.nodes,
            time: clock.elapsed(),
            stopped: false,
            lines: found,
            proven: None,
            root_moves: Vec::new(),
            iterations: 0,
        });
        iteration.report_lines(context.tt.map_or(0, TranspositionTable::hashfull), report);
        if !reached_horizon {
            break;
        }
    }
    let mut result = completed.expect("the first iteration always completes");
    result.nodes = context.clock.nodes;
    result.time = clock.elapsed();
    result.stopped = stopped;
    Ok(result)
}

/// The root moves to choose among: the legal ones of `wanted`, or all when none of them is.
fn root_choices<G: Game>(game: &G, wanted: &[G::Move]) -> Vec<G::Move> {
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    let legal = moves.as_slice();
    let chosen: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|mv| wanted.contains(mv))
        .collect();
    if chosen.is_empty() {
        legal.to_vec()
    } else {
        chosen
    }
}

/// Refuses what the search cannot handle, before it starts.
fn check<G: Game>(
    settings: &MultiplayerSettings,
    game: &G,
    players: usize,
    root: usize,
) -> Result<(), SearchError> {
    if let Some(sum) = settings.max_sum.filter(|&sum| sum < 0) {
        return Err(SearchError::NegativeMaxSum(sum));
    }
    crate::checks::has_moves(game)?;
    if settings.algorithm == Algorithm::BestReply
        && !game.clone().set_player_to_move((root + 1) % players)
    {
        return Err(SearchError::SetPlayerUnsupported);
    }
    Ok(())
}
