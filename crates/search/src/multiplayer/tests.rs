//! Unit tests of the pieces of the multi-player search; the searches themselves are tested
//! against brute-force references in `tests/multiplayer.rs`.

use super::player_move::{outcome_score, outcome_scores};
use crate::game::Outcome;
use crate::score::{loss_in, win_in};

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
