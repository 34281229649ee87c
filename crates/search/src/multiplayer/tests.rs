//! Unit tests of the pieces of the multi-player search; the searches themselves are tested
//! against brute-force references in `tests/multiplayer.rs`.

use super::context::{ordered_index, outcome_score, outcome_scores};
use crate::game::Outcome;
use crate::score::{loss_in, win_in};

#[test]
fn ordered_index_is_a_permutation_with_the_lead_first() {
    for len in 1..8 {
        for lead in 0..len {
            let order: Vec<usize> = (0..len).map(|k| ordered_index(k, lead)).collect();
            assert_eq!(order[0], lead);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..len).collect::<Vec<_>>());
            // The others keep their generation order.
            assert!(order[1..].windows(2).all(|pair| pair[0] < pair[1]));
        }
    }
}

#[test]
fn outcomes_score_the_winner_up_and_everyone_else_down() {
    let scores = outcome_scores(Outcome::Win(2), 4, 3);
    assert_eq!(
        scores.as_slice(),
        &[loss_in(3), loss_in(3), win_in(3), loss_in(3)]
    );
    assert_eq!(outcome_scores(Outcome::Draw, 3, 5).as_slice(), &[0, 0, 0]);
    assert_eq!(outcome_score(Outcome::Win(1), 1, 2), win_in(2));
    assert_eq!(outcome_score(Outcome::Win(1), 0, 2), loss_in(2));
    assert_eq!(outcome_score(Outcome::Draw, 0, 2), 0);
}
