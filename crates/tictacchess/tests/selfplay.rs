//! A small self-play series: every game finishes (four in a row, repetition or the move limit)
//! without error, and the deeper searcher scores better than the shallower one.

use plyforge_tictacchess::selfplay::{Series, play_series};
use plyforge_tictacchess::{Ai, Strength};

#[test]
fn deeper_search_scores_better() {
    let mut strong = Ai::new(Strength::Depth(4));
    let mut weak = Ai::new(Strength::Depth(1));
    let series = Series {
        games: 40,
        opening_plies: 2,
        move_limit: 80,
        seed: 6,
    };
    let mut reported = Vec::new();
    let result = play_series(&mut strong, &mut weak, series, |so_far| {
        reported.push(so_far.total().games());
    });
    // One report after each game, with the games played so far.
    assert_eq!(reported, (1..=40).collect::<Vec<u32>>());
    let total = result.total();
    println!("{result:?} score {:.3}", total.score());
    assert_eq!(total.games(), 40);
    assert!(
        total.score() > 0.5,
        "the deeper search scored {:.3}",
        total.score()
    );
    assert!(total.wins > total.losses);
}
