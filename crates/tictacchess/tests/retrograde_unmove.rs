//! The un-move generator and the symmetries, checked against forward move generation: every
//! predecessor it lists has exactly one legal move to the position, every legal move of every
//! position is found back as an un-move of its result (edges, not only states), and the
//! mirror and the colour swap map successors onto successors. States come from the whole index
//! (random numbers, so also positions no game reaches) and from random playouts.

mod common;

use common::Rng;
use plyforge_tictacchess::{Position, StateIndex};
use proptest::prelude::*;
use std::collections::HashSet;

/// Every position of some random playouts from the start, the final (won or stuck) ones too.
fn playout_positions(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut found = Vec::new();
    for _ in 0..games {
        let mut position = Position::start();
        for _ in 0..60 {
            found.push(position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play(moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    found
}

/// Checks that each predecessor of `position` is listed once, is not over, and has exactly one
/// legal move to `position`.
fn check_predecessors(position: &Position) {
    let mut seen = HashSet::new();
    for parent in position.predecessors() {
        assert!(seen.insert(parent), "{parent} listed twice for {position}");
        assert!(!parent.is_won(), "{parent} is over");
        assert_eq!(parent.side_to_move(), position.side_to_move().opponent());
        let reached: Vec<_> = parent
            .legal_moves()
            .iter()
            .filter(|&&mv| {
                let mut next = parent;
                next.play(mv);
                next == *position
            })
            .copied()
            .collect();
        assert_eq!(reached.len(), 1, "{parent} -> {position}: {reached:?}");
    }
}

/// Checks that every legal successor of `position` lists it as a predecessor exactly once.
fn check_successors(position: &Position) {
    for &mv in position.legal_moves().iter() {
        let mut next = *position;
        next.play(mv);
        let found = next
            .predecessors()
            .iter()
            .filter(|&&parent| parent == *position)
            .count();
        assert_eq!(found, 1, "{position} --{mv}--> {next}");
    }
}

/// The successor set of `position`, as the positions themselves.
fn successors(position: &Position) -> HashSet<Position> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play(mv);
            next
        })
        .collect()
}

/// Checks that `image` is a symmetry: an involution that commutes with the moves and keeps the
/// winner (with colours swapped when `swaps_colours`).
fn check_symmetry(position: &Position, image: impl Fn(&Position) -> Position, swaps_colours: bool) {
    let mapped = image(position);
    assert_eq!(image(&mapped), *position);
    assert_eq!(mapped.compute_hash(), mapped.hash());
    let winner = position
        .winner()
        .map(|c| if swaps_colours { c.opponent() } else { c });
    if !position.is_won() || !mapped.is_won() {
        assert_eq!(mapped.is_won(), position.is_won());
    } else {
        assert_eq!(mapped.winner(), winner);
    }
    let direct: HashSet<Position> = successors(position).iter().map(&image).collect();
    assert_eq!(direct, successors(&mapped), "{position} / {mapped}");
    let parents: HashSet<Position> = position.predecessors().iter().map(&image).collect();
    assert_eq!(parents, mapped.predecessors().into_iter().collect());
}

#[test]
fn known_predecessors() {
    let start = Position::start();
    // After N@b1: the drop from the start, or the knight came from a3, c3 or d2, quietly or
    // capturing one of the four black pieces in hand (the pawn on b1 travelling north only).
    let after: Position = "4/4/4/1N2 b PBRpnbr ns".parse().unwrap();
    let parents = after.predecessors();
    assert_eq!(parents.len(), 1 + 3 * (1 + 4));
    assert!(parents.contains(&start));
    assert!(parents.contains(&"4/N3/4/1p2 w PBRnbr nn".parse().unwrap()));
    // The start has no predecessor (nothing on the board).
    assert!(start.predecessors().is_empty());
    // A black pawn moving north on a1 was dropped there (turning at once), or came from a2
    // moving south and turned on arrival (a straight step: no capture), or came from b2
    // capturing one of the white pieces in hand (the white pawn on a1 travels north).
    let turned: Position = "4/4/4/p3 w PNBRnbr nn".parse().unwrap();
    let parents: HashSet<String> = turned
        .predecessors()
        .iter()
        .map(|p| p.to_string())
        .collect();
    let expected: HashSet<String> = [
        "4/4/4/4 b PNBRpnbr ns",
        "4/4/p3/4 b PNBRnbr ns",
        "4/4/1p2/N3 b PBRnbr ns",
        "4/4/1p2/B3 b PNRnbr ns",
        "4/4/1p2/R3 b PNBnbr ns",
        "4/4/1p2/P3 b NBRnbr ns",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(parents, expected);
}

#[test]
fn playout_positions_agree_with_move_generation() {
    for position in playout_positions(150, 6) {
        check_predecessors(&position);
        if !position.is_won() {
            check_successors(&position);
        }
        check_symmetry(&position, Position::mirrored, false);
        check_symmetry(&position, Position::swapped, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn indexed_states_agree_with_move_generation(number in 0u64..4_924_721_490) {
        let index = StateIndex::new();
        let position = index.position(number).unwrap();
        check_predecessors(&position);
        if !position.is_won() {
            check_successors(&position);
        }
        check_symmetry(&position, Position::mirrored, false);
        check_symmetry(&position, Position::swapped, true);
        prop_assert_eq!(index.index_fast(&position), number);
        let mut fast = index.position_fast(number);
        fast = fast.mirrored().mirrored();
        prop_assert_eq!(fast, position);
    }
}
