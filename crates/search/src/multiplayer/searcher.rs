//! The driver of max^n and best-reply search: checks the game and the configuration, then
//! deepens one layer at a time with the chosen algorithm, reports each completed iteration, and
//! returns the last completed one when a limit or the stop flag ends the search.

use super::context::{Context, MultiplayerSettings};
use super::player_move::outcome_score;
use crate::algorithm::Algorithm;
use crate::clock::{Clock, ThreadClock};
use crate::game::{Evaluator, Game, Outcome};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::{Info, Line, ScoreBound, SearchError, SearchResult};
use crate::score::{DRAW, Score};
use crate::tt::TranspositionTable;

/// Searches `game` for the player to move with max^n, BRS or BRS+ (`settings.algorithm`), by
/// iterative deepening within `limits`, calling `report` after each completed iteration (once
/// per line). Each iteration searches the [`Limits::multi_pv`] best lines in turn, each among
/// the root moves (of [`Limits::search_moves`]) that the lines before it did not take. The
/// first iteration always completes, so the result holds a searched move whatever the limits;
/// the search also ends when an iteration reached no position at its depth (the whole tree was
/// searched: its depth is the one the tree needed), and then gives the result it proved (a
/// draw or loss only where every root move was searched). `tt` is best-reply search's table,
/// if any.
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
    let whole_tree = root_choices.len() == game.count_moves() as usize;
    let whole_root = lines == 1 && whole_tree;
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
        // A win by one of the moves searched is the root's; a draw or loss only where they
        // are all its moves.
        let proven = (!reached_horizon)
            .then(|| proven_outcome(game, settings.algorithm, best))
            .flatten()
            .filter(|&outcome| whole_tree || outcome == Outcome::Win(root_player));
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
            proven,
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

/// The result of the game that the best line of a tree searched to its end proves: the one at
/// the end of the line, replayed as the search played it (in best-reply search, the opponents
/// who do not reply pass) where it agrees with the line's score, else the one its score
/// gives: a win for the root player, a draw, or in a two-player game a win for the other;
/// `None` for a loss of the root player whose winner the line does not show (cut short by a
/// table entry).
fn proven_outcome<G: Game>(
    game: &G,
    algorithm: Algorithm,
    best: &Line<G::Move>,
) -> Option<Outcome> {
    let root_player = game.player_to_move();
    let mut position = game.clone();
    let mut replayed = true;
    for (&mv, &player) in best.pv.iter().zip(&best.pv_players) {
        if position.player_to_move() != player && !position.set_player_to_move(player) {
            replayed = false;
            break;
        }
        position.play(mv);
        // A reply that does not end the game hands the turn back to the root player.
        if algorithm == Algorithm::BestReply
            && player != root_player
            && position.outcome_by_rule().is_none()
        {
            position.set_player_to_move(root_player);
        }
    }
    // The line's end names the result only where it agrees with the score: a line cut short
    // by a table entry may stop where the player to move has no move, which ends the game,
    // while best-reply search lets the other opponents reply there.
    if replayed
        && let Some(outcome) = position.outcome()
        && outcome_agrees(outcome, root_player, best)
    {
        return Some(outcome);
    }
    match best.scores {
        Some(scores) => {
            let winner = scores.as_slice().iter().position(|&score| score > 0);
            match winner {
                Some(winner) => Some(Outcome::Win(winner)),
                None if scores.as_slice().iter().all(|&score| score == DRAW) => Some(Outcome::Draw),
                None => None,
            }
        }
        None if best.score > 0 => Some(Outcome::Win(root_player)),
        None if best.score == DRAW => Some(Outcome::Draw),
        None if game.player_count() == 2 => Some(Outcome::Win(1 - root_player)),
        None => None,
    }
}

/// Whether `outcome` is the result `best`'s score gives: each score [`outcome_score`] would
/// give that player (every player's where the search keeps them, else the root player's) is
/// a win, a draw or a loss as the outcome's is.
fn outcome_agrees<M>(outcome: Outcome, root_player: usize, best: &Line<M>) -> bool {
    let agrees =
        |player: usize, score: Score| score.signum() == outcome_score(outcome, player, 0).signum();
    match best.scores {
        Some(scores) => {
            (scores.as_slice().iter().enumerate()).all(|(player, &score)| agrees(player, score))
        }
        None => agrees(root_player, best.score),
    }
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
