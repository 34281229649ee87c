//! The `Game` and `Evaluator` implementations: undo restores a position exactly, `hash_after`
//! foretells the hash of every move, the move limit
//! makes a draw, best-reply search can hand the turn to anyone, and the evaluation is zero-sum
//! for two players with `evaluate_all` agreeing with `evaluate`.

use plyforge_search::{Evaluator, Game, Outcome, Score};
use plyforge_sternhalma::{DistanceEvaluator, Move, PlayerCount, Position};
use proptest::prelude::*;

fn random_line(players: PlayerCount, picks: &[usize]) -> (Position, Vec<Position>, Vec<Move>) {
    let mut position = Position::new(players);
    let (mut before, mut line) = (Vec::new(), Vec::new());
    for &pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick % moves.len()];
        before.push(position.clone());
        line.push(mv);
        Game::play(&mut position, mv);
    }
    (position, before, line)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_restores_every_position(players in 0..4usize, picks in proptest::collection::vec(0..1000usize, 0..80)) {
        let (mut position, before, line) = random_line(PlayerCount::ALL[players], &picks);
        for (mv, expected) in line.iter().rev().zip(before.iter().rev()) {
            position.undo(*mv);
            prop_assert_eq!(&position, expected);
        }
    }

    #[test]
    fn visiting_a_child_leaves_the_position_as_it_was(players in 0..4usize, picks in proptest::collection::vec(0..1000usize, 0..80)) {
        let (mut position, _, _) = random_line(PlayerCount::ALL[players], &picks);
        let before = position.clone();
        for mv in before.legal_moves() {
            let mut copy = before.clone();
            Game::play(&mut copy, mv);
            let seen = position.visit_child(mv, |child| child.clone());
            prop_assert_eq!(&seen, &copy);
            prop_assert_eq!(&position, &before);
        }
    }

    #[test]
    fn hash_after_is_the_hash_after_playing(players in 0..4usize, picks in proptest::collection::vec(0..1000usize, 0..80)) {
        let (position, _, _) = random_line(PlayerCount::ALL[players], &picks);
        for mv in position.legal_moves() {
            let mut child = position.clone();
            Game::play(&mut child, mv);
            prop_assert_eq!(Game::hash_after(&position, mv), Some(child.hash()));
        }
    }

    #[test]
    fn evaluations_agree(players in 0..4usize, picks in proptest::collection::vec(0..1000usize, 0..80)) {
        let (position, _, _) = random_line(PlayerCount::ALL[players], &picks);
        let evaluator = DistanceEvaluator::default();
        let n = position.player_count();
        let mut all = vec![0 as Score; n];
        evaluator.evaluate_all(&position, &mut all);
        for (player, &score) in all.iter().enumerate() {
            prop_assert_eq!(score, evaluator.evaluate(&position, player));
            prop_assert!(score.abs() < plyforge_search::score::EVAL_LIMIT);
        }
        if n == 2 {
            prop_assert_eq!(all[0], -all[1]);
        }
    }
}

#[test]
fn the_move_limit_makes_a_draw() {
    let mut position = Position::new(PlayerCount::Three).with_move_limit(2);
    for _ in 0..5 {
        assert_eq!(position.outcome(), None);
        let mv = position.legal_moves()[0];
        position.play(mv);
    }
    assert_eq!(position.plies(), 5);
    assert_eq!(position.outcome(), None);
    let mv = position.legal_moves()[0];
    position.play(mv);
    // Two moves per player: a draw, but the moves are still there (the rule decides, not
    // move generation).
    assert_eq!(position.outcome(), Some(Outcome::Draw));
    assert!(!position.legal_moves().is_empty());
}

#[test]
fn best_reply_search_can_hand_the_turn_to_anyone() {
    let mut position = Position::new(PlayerCount::Four);
    assert!(position.set_player_to_move(2));
    assert_eq!(position.player_to_move(), 2);
    let fresh: Position = position.to_string().parse().unwrap();
    assert_eq!(fresh.hash(), position.hash());
    assert!(!position.set_player_to_move(4));
    assert_eq!(position.player_to_move(), 2);
}

#[test]
fn move_keys_are_unique_per_position() {
    let (position, _, _) = random_line(PlayerCount::Six, &[3, 1, 4, 1, 5, 9, 2, 6]);
    let moves = position.legal_moves();
    let mut keys: Vec<u16> = moves.iter().map(|&mv| Position::move_key(mv)).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), moves.len());
}

/// `plyforge_search::best_move`, the one-call search, plays any player count: paranoid search
/// for three and six players, negamax for two; each answer is legal, and a finished game is an
/// error.
#[test]
fn the_one_call_search_plays_every_player_count() {
    use plyforge_search::{Limits, SearchError, best_move};
    for players in PlayerCount::ALL {
        let position = Position::new(players);
        let mv = best_move(&position, &DistanceEvaluator::default(), &Limits::depth(2)).unwrap();
        assert!(
            position.legal_moves().contains(&mv),
            "{players} players: {mv}"
        );
    }
    let mut position = Position::new(PlayerCount::Two);
    while position.outcome().is_none() {
        let mv = best_move(&position, &DistanceEvaluator::default(), &Limits::depth(1)).unwrap();
        position.play(mv);
    }
    assert!(matches!(
        best_move(&position, &DistanceEvaluator::default(), &Limits::depth(1)),
        Err(SearchError::GameOver(_))
    ));
}
