//! Ranking the root moves by searching the position after each of them, in rounds of growing
//! depth: what `go searchmoves`, `MultiPV` above 1 and a limited strength need, as the search
//! has no root-move restriction or multiple principal variations of its own. A round counts
//! only when every root move was searched to its depth: a node or time limit or `stop` in the
//! middle of a round ends the ranking with the round before, so the moves are always compared
//! at one depth (the first round always completes, so there is a move to play). A ranking may
//! keep only the best few moves of each round for the next, which makes the rounds after the
//! first several times cheaper where only the best lines matter.

use plyforge_chess::{Board, Evaluation, Move};
use plyforge_search::score::{MAX_PLY, from_child, win_in};
use plyforge_search::{
    Game, Limits, Outcome, Score, ScoreBound, SearchError, SearchResult, Searcher,
};
use std::time::{Duration, Instant};

/// One root move's line in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedLine {
    /// The score for the side to move at the root.
    pub score: Score,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
    /// The deepest ply reached, counted from the root.
    pub seldepth: u32,
}

/// The root moves after the last complete round, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    /// The round: the position after each root move was searched this many plies deep.
    pub depth: u32,
    /// The line of every root move still ranked, best first; equal scores keep the order of
    /// the root moves. Never empty.
    pub lines: Vec<RankedLine>,
    /// Nodes searched so far, by all rounds.
    pub nodes: u64,
    /// Time since the ranking started.
    pub time: Duration,
    /// The player to move at the root.
    pub mover: usize,
}

impl Ranking {
    /// The line at `index` (0 is the best) as the result of a search; the best line when
    /// `index` is out of range.
    pub fn result(&self, index: usize) -> SearchResult<Move> {
        let line = self.lines.get(index).unwrap_or(&self.lines[0]);
        SearchResult {
            best_move: line.pv[0],
            score: line.score,
            bound: ScoreBound::Exact,
            scores: None,
            depth: self.depth,
            seldepth: line.seldepth,
            pv_players: players_of(&line.pv, self.mover),
            pv: line.pv.clone(),
            nodes: self.nodes,
            time: self.time,
            stopped: false,
            root_moves: Vec::new(),
        }
    }
}

/// The player of each move of a line that the player `mover` starts: chess players take turns.
pub fn players_of(pv: &[Move], mover: usize) -> Vec<usize> {
    (0..pv.len()).map(|ply| (mover + ply) % 2).collect()
}

/// Ranks `root_moves` (all legal moves when empty) in rounds of growing depth until `limits`
/// end them, each round after the first searching only the best `keep` moves of the round
/// before (`usize::MAX` for all); calls `on_round` after each complete round and returns the
/// last. The error is the search's own, e.g. [`SearchError::GameOver`] when there is no legal
/// move.
pub fn rank_root_moves(
    searcher: &mut Searcher,
    board: &Board,
    history: &[u64],
    root_moves: &[Move],
    keep: usize,
    limits: &Limits,
    mut on_round: impl FnMut(&Ranking),
) -> Result<Ranking, SearchError> {
    let mut root_moves = if root_moves.is_empty() {
        board.legal_moves().to_vec()
    } else {
        root_moves.to_vec()
    };
    if root_moves.is_empty() {
        return Err(SearchError::GameOver(Game::outcome_without_moves(board)));
    }
    let mut round = Round {
        searcher,
        board,
        history: [history, &[board.repetition_key()]].concat(),
        start: Instant::now(),
        nodes: 0,
    };
    // The first round always completes: it has no limit but its depth, so that there is a
    // move to play.
    let (lines, _) = round.run(&root_moves, 1, None)?;
    let mut best = round.ranking(1, lines);
    on_round(&best);
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1);
    for depth in 2..=max_depth {
        let stopped = limits.stop.as_ref().is_some_and(|stop| stop.is_stopped());
        let past_soft = limits
            .soft_time
            .is_some_and(|soft| round.start.elapsed() >= soft);
        let out_of_nodes = limits.nodes.is_some_and(|limit| round.nodes >= limit);
        if stopped || past_soft || out_of_nodes {
            break;
        }
        root_moves = best
            .lines
            .iter()
            .take(keep.max(1))
            .map(|line| line.pv[0])
            .collect();
        let (lines, complete) = round.run(&root_moves, depth, Some(limits))?;
        if !complete {
            break;
        }
        best = round.ranking(depth, lines);
        on_round(&best);
    }
    best.nodes = round.nodes;
    best.time = round.start.elapsed();
    Ok(best)
}

/// What every round of one ranking shares.
struct Round<'a> {
    searcher: &'a mut Searcher,
    board: &'a Board,
    /// The earlier positions of the game and the root: the children's history.
    history: Vec<u64>,
    start: Instant,
    /// Nodes searched by all rounds so far.
    nodes: u64,
}

impl Round<'_> {
    /// Searches the position after each of `root_moves` `depth` plies deep, within what
    /// `limits` (of the whole ranking; none for the first round) leave, and sorts the lines,
    /// best first; `false` with the lines so far when a limit or the stop flag cut the round
    /// short (it does not count then).
    fn run(
        &mut self,
        root_moves: &[Move],
        depth: u32,
        limits: Option<&Limits>,
    ) -> Result<(Vec<RankedLine>, bool), SearchError> {
        let mut lines = Vec::with_capacity(root_moves.len());
        for &mv in root_moves {
            let mut child = *self.board;
            child.play(mv);
            // Each search counts its nodes and time from its own start: it gets what the
            // ranking's limits leave now.
            let limits = match limits {
                None => Limits::depth(depth),
                Some(limits) => {
                    let elapsed = self.start.elapsed();
                    let nodes_left = limits.nodes.map(|limit| limit.saturating_sub(self.nodes));
                    let time_left = limits.hard_time.map(|hard| hard.saturating_sub(elapsed));
                    let stopped = limits.stop.as_ref().is_some_and(|stop| stop.is_stopped());
                    if stopped || nodes_left == Some(0) || time_left == Some(Duration::ZERO) {
                        return Ok((lines, false));
                    }
                    Limits {
                        nodes: nodes_left,
                        hard_time: time_left,
                        stop: limits.stop.clone(),
                        ..Limits::depth(depth)
                    }
                }
            };
            let searched =
                self.searcher
                    .search(&child, &Evaluation, &limits, &self.history, |_| {});
            let line = match searched {
                Ok(result) => {
                    self.nodes += result.nodes;
                    if result.stopped {
                        return Ok((lines, false));
                    }
                    let mut pv = result.pv;
                    pv.insert(0, mv);
                    RankedLine {
                        // A mate found from the child is a ply further from the root.
                        score: from_child(result.score),
                        pv,
                        seldepth: result.seldepth + 1,
                    }
                }
                Err(SearchError::GameOver(outcome)) => {
                    self.nodes += 1;
                    let score = match outcome {
                        Outcome::Draw => 0,
                        // Only the root's mover can have won by moving.
                        Outcome::Win(_) => win_in(1),
                    };
                    RankedLine {
                        score,
                        pv: vec![mv],
                        seldepth: 1,
                    }
                }
                Err(error) => return Err(error),
            };
            lines.push(line);
        }
        lines.sort_by_key(|line| std::cmp::Reverse(line.score));
        Ok((lines, true))
    }

    fn ranking(&self, depth: u32, lines: Vec<RankedLine>) -> Ranking {
        Ranking {
            depth,
            lines,
            nodes: self.nodes,
            time: self.start.elapsed(),
            mover: self.board.side_to_move().index(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_search::Config;

    fn searcher() -> Searcher {
        Searcher::new(Config::selective().with_tt_mib(1))
    }

    /// The `keep` best root moves of `board` to `depth`, by a fresh searcher, every move
    /// searched, no earlier positions.
    fn rank_to_depth(board: &Board, keep: usize, depth: u32) -> Result<Ranking, SearchError> {
        rank_root_moves(
            &mut searcher(),
            board,
            &[],
            &[],
            keep,
            &Limits::depth(depth),
            |_| {},
        )
    }

    #[test]
    fn every_move_is_ranked_and_a_round_cut_short_does_not_count() {
        let board = Board::default();
        let mut searcher = searcher();
        let mut nodes_after = Vec::new();
        let full = rank_root_moves(
            &mut searcher,
            &board,
            &[],
            &[],
            usize::MAX,
            &Limits::depth(3),
            |ranking| nodes_after.push(ranking.nodes),
        )
        .unwrap();
        assert_eq!(
            (full.depth, full.lines.len(), nodes_after.len()),
            (3, 20, 3)
        );
        assert!(
            full.lines
                .windows(2)
                .all(|pair| pair[0].score >= pair[1].score)
        );
        // A node limit in the middle of the third round: the second decides.
        searcher.clear();
        let limit = (nodes_after[1] + nodes_after[2]) / 2;
        let cut = rank_root_moves(
            &mut searcher,
            &board,
            &[],
            &[],
            usize::MAX,
            &Limits::depth(3).with_nodes(limit),
            |_| {},
        )
        .unwrap();
        assert_eq!(
            (cut.depth, cut.lines.len()),
            (2, 20),
            "{nodes_after:?} {limit} {}",
            cut.nodes
        );
        // Each move's search completes its first iteration whatever the limit, so the count
        // may pass the limit by one move's depth-1 search: less than the whole first round.
        assert!(
            cut.nodes > nodes_after[1] && cut.nodes <= limit + nodes_after[0],
            "{nodes_after:?} {limit} {}",
            cut.nodes
        );
    }

    #[test]
    fn later_rounds_keep_the_best_moves_and_no_move_is_an_error() {
        let board = Board::default();
        let kept = rank_to_depth(&board, 4, 3).unwrap();
        assert_eq!((kept.depth, kept.lines.len()), (3, 4));
        assert_eq!(kept.result(0).pv, kept.lines[0].pv);
        let mated: Board = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
        let error = rank_to_depth(&mated, 4, 3);
        assert!(matches!(error, Err(SearchError::GameOver(_))), "{error:?}");
    }

    #[test]
    fn a_mate_found_after_a_root_move_counts_that_move() {
        // 1. Kb6 (or Kc7) and 2. Rh8# (or Ra1#): mate in 2 moves, 3 plies from the root.
        let board: Board = "k7/8/2K5/8/8/8/8/7R w - - 0 1".parse().unwrap();
        let ranking = rank_to_depth(&board, usize::MAX, 5).unwrap();
        assert_eq!(ranking.lines[0].score, win_in(3), "{:?}", ranking.lines[0]);
        assert_eq!(ranking.lines[0].pv.len(), 3);
    }
}
