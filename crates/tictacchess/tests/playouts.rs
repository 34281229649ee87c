//! Random playouts: at every position along them the crate's generator and the naive one give
//! the same move set, playing a move gives the same position in both, the incremental hash
//! equals the hash computed from scratch, and the notation round-trips.

mod common;

use common::naive::Naive;
use plyforge_tictacchess::{Color, Position};
use proptest::prelude::*;

/// Plies per playout: long enough for pieces to be captured, dropped again and pawns to turn.
const MAX_PLIES: usize = 120;

fn check(position: &Position, naive: &Naive) {
    let text = position.to_string();
    assert_eq!(text, naive.notation());
    let reread: Position = text.parse().expect("printed positions parse");
    assert_eq!(&reread, position);
    assert_eq!(position.hash(), position.compute_hash());
    let mut fast: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut slow = naive.moves();
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "{text}");
    assert_eq!(position.count_moves(), slow.len() as u64, "{text}");
    let winner = position.winner();
    assert_eq!(winner == Some(Color::White), naive.has_line(true), "{text}");
    assert_eq!(
        winner == Some(Color::Black),
        naive.has_line(false),
        "{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generators_agree_along_random_playouts(choices in prop::collection::vec(any::<u32>(), 1..MAX_PLIES)) {
        let mut position = Position::start();
        let mut naive = Naive::from_position(&position);
        for choice in choices {
            check(&position, &naive);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            position.play(mv);
            naive.play(&mv.to_string());
        }
        check(&position, &naive);
    }

    /// Playouts that prefer captures and pawn moves, so captured pawns and turned pawns are
    /// common rather than occasional.
    #[test]
    fn generators_agree_along_capture_heavy_playouts(choices in prop::collection::vec(any::<u32>(), 1..MAX_PLIES)) {
        let mut position = Position::start();
        let mut naive = Naive::from_position(&position);
        for choice in choices {
            check(&position, &naive);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().copied().filter(|&m| position.is_capture(m)).collect();
            let pool = if !captures.is_empty() && choice % 4 != 0 { captures } else { moves.to_vec() };
            let mv = pool[(choice / 4) as usize % pool.len()];
            position.play(mv);
            naive.play(&mv.to_string());
        }
        check(&position, &naive);
    }
}
