//! The AI over generated positions: it never misses a win in one, and when the opponent
//! threatens to win it always plays a move that stops every such win, if there is one.

mod common;

use common::Rng;
use plyforge_search::{Config, Game};
use plyforge_tictacchess::{Ai, Evaluation, Match, Move, Position, Strength, TicTacChess};

/// Positions from random playouts (not over, with moves), one per ply.
fn positions(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut found = Vec::new();
    for _ in 0..games {
        let mut position = Position::start();
        for _ in 0..40 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            found.push(position);
            position.play(moves[rng.next() as usize % moves.len()]);
        }
    }
    found
}

fn opponent_can_win_after(position: &Position, mv: Move) -> bool {
    let mut after = *position;
    after.play(mv);
    after
        .legal_moves()
        .iter()
        .any(|&reply| after.wins_at_once(reply))
}

/// Checks the AI at `depth` over the generated positions; returns (wins taken, threats met).
fn check(depth: u32, games: usize, seed: u64) -> (usize, usize) {
    // A small table: it is cleared before every position, so that each search stands alone.
    let config = Config::default().with_tt_mib(1);
    let mut ai = Ai::with_config(Strength::Depth(depth), config, Evaluation::default());
    let (mut wins, mut blocks) = (0, 0);
    for position in positions(games, seed) {
        let moves = position.legal_moves();
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| position.wins_at_once(m))
            .collect();
        let safe: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| !opponent_can_win_after(&position, m))
            .collect();
        let threatened = safe.len() < moves.len();
        if winning.is_empty() && (!threatened || safe.is_empty()) {
            continue;
        }
        ai.clear();
        let chosen = ai
            .choose_for(&TicTacChess::from_position(position))
            .unwrap()
            .best_move;
        if !winning.is_empty() {
            assert!(
                winning.contains(&chosen),
                "depth {depth}: missed a win in {position}: played {chosen}, wins {winning:?}"
            );
            wins += 1;
        } else {
            assert!(
                safe.contains(&chosen),
                "depth {depth}: did not block in {position}: played {chosen}, safe {safe:?}"
            );
            blocks += 1;
        }
    }
    (wins, blocks)
}

#[test]
fn never_misses_a_win_in_one_and_always_blocks() {
    for (depth, seed) in [(2, 1), (3, 2), (4, 3)] {
        let (wins, blocks) = check(depth, 60, seed);
        println!("depth {depth}: {wins} wins in one taken, {blocks} threats blocked");
        // The generated positions must actually contain both situations.
        assert!(
            wins >= 20 && blocks >= 20,
            "depth {depth}: only {wins} wins and {blocks} blocks tested"
        );
    }
}

#[test]
fn a_timed_search_returns_a_legal_move() {
    let mut ai = Ai::new(Strength::Time(std::time::Duration::from_millis(20)));
    let game = Match::new();
    let result = ai.choose(&game).unwrap();
    assert!(game.position().is_legal(result.best_move));
}

#[test]
fn the_ai_refuses_a_finished_game() {
    let position: Position = "4/4/4/RNBP b pnbr ns".parse().unwrap();
    let game = Match::from_game(TicTacChess::from_position(position));
    assert!(Ai::new(Strength::Depth(2)).choose(&game).is_err());
    assert!(
        TicTacChess::from_position(position)
            .outcome_by_rule()
            .is_some()
    );
}
