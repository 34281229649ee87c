//! A small self-play match on the search crate's `Arena`: every game finishes (four in a row,
//! repetition or the move limit) without a forfeit, and the deeper searcher scores better than
//! the shallower one.

use plyforge_search::{Arena, Entrant, Game, Opening, Player, RandomPlayer};
use plyforge_tictacchess::{Ai, Strength, TicTacChess};

/// `count` openings of two random plies from the start, with a move limit of 80 plies.
fn openings(count: usize, seed: u64) -> Vec<Opening<TicTacChess>> {
    let start = TicTacChess::new().with_move_limit(Some(80));
    let mut random = RandomPlayer::new(seed);
    (0..count)
        .map(|_| {
            let mut opening = Opening::position(start);
            for _ in 0..2 {
                let mv = random
                    .choose(&opening.position, &opening.history)
                    .expect("no game ends in two plies");
                opening.history.push(opening.position.hash());
                opening.position.play(mv);
            }
            opening
        })
        .collect()
}

#[test]
fn deeper_search_scores_better() {
    let arena = Arena::new(vec![
        Entrant::new("depth 4", |_| Ai::new(Strength::Depth(4))),
        Entrant::new("depth 1", |_| Ai::new(Strength::Depth(1))),
    ])
    .with_openings(openings(20, 6))
    .with_threads(1);
    // Each opening with each colour.
    assert_eq!(arena.game_count(), 40);
    let mut reported = Vec::new();
    let result = arena
        .run(|so_far| reported.push(so_far.done))
        .expect("the match runs");
    // One report after each game, with the games played so far.
    assert_eq!(reported, (1..=40).collect::<Vec<usize>>());
    let [strong, weak] = &result.standings[..] else {
        panic!("two standings")
    };
    println!("{strong}\n{weak}");
    assert_eq!(strong.games(), 40);
    assert_eq!(strong.forfeits + weak.forfeits, 0);
    assert!(strong.score() > 0.5, "the deeper search scored {strong}");
    assert!(strong.wins > strong.losses);
}
