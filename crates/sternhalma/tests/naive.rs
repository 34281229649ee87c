//! Random playouts cross-checked against the naive reference generator of `common/mod.rs`:
//! at every ply both give the same set of moves, `count_moves` agrees with the list, and the
//! incrementally updated hash and distance sums equal those of the same position set up from
//! scratch. Half of the moves are greedy (most steps gained) so that playouts reach crowded
//! targets, blocked marbles and wins, not only the opening.

mod common;

use common::Naive;
use plyforge_search::Game;
use plyforge_sternhalma::{PlayerCount, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The most plies a playout runs.
const PLAYOUT_PLIES: usize = 400;

fn playout(players: PlayerCount, mut seed: u64) {
    let mut position = Position::new(players);
    let mut naive = Naive::parse(&position.to_string());
    let mut random = move || {
        // xorshift64*: plenty for picking moves.
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    for _ in 0..PLAYOUT_PLIES {
        let moves = position.legal_moves();
        let ours: BTreeSet<String> = moves.iter().map(|mv| mv.to_string()).collect();
        assert_eq!(ours.len(), moves.len(), "a move listed twice in {position}");
        assert_eq!(ours, naive.moves(), "moves of {position}");
        assert_eq!(position.count_moves(), moves.len() as u64, "{position}");
        let fresh: Position = position.to_string().parse().unwrap();
        assert_eq!(fresh.hash(), position.hash(), "hash of {position}");
        for player in 0..players.get() {
            assert_eq!(fresh.distance_sum(player), position.distance_sum(player));
            assert_eq!(fresh.square_sum(player), position.square_sum(player));
        }
        assert_eq!(position.winner(), naive.winner(), "{position}");
        if moves.is_empty() {
            break;
        }
        let mv = if random() % 2 == 0 {
            *moves
                .iter()
                .max_by_key(|&&mv| (position.move_order_hint(mv), random() % 8))
                .unwrap()
        } else {
            moves[(random() % moves.len() as u64) as usize]
        };
        position.play(mv);
        naive.play(&mv.to_string());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn playouts_agree_with_the_naive_generator(players in 0..4usize, seed in 1..u64::MAX) {
        playout(PlayerCount::ALL[players], seed);
    }
}

#[test]
fn a_greedy_playout_reaches_a_win() {
    // Some seed among the first few must finish a two-player game within the playout.
    let mut won = false;
    for seed in 1..=8 {
        let mut position = Position::new(PlayerCount::Two);
        for _ in 0..PLAYOUT_PLIES {
            let moves = position.legal_moves();
            let Some(&mv) = moves
                .iter()
                .max_by_key(|&&mv| (position.move_order_hint(mv), mv.key() as u64 * seed % 7))
            else {
                break;
            };
            position.play(mv);
        }
        won |= position.winner().is_some();
        playout(PlayerCount::Two, seed);
    }
    assert!(won, "no greedy two-player game finished");
}
