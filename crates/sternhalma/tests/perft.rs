//! Perft from the start for every player count (the rules page's table), and from positions
//! that exercise long jump chains, a blocked target, a win that ends the tree and a forced
//! pass. The counts of the special positions are checked against the naive reference generator
//! of `common/mod.rs` as well as against the numbers recorded here.

mod common;

use common::{Naive, at, point, position};
use plyforge_search::perft;
use plyforge_sternhalma::{Move, PlayerCount, Position};

#[test]
fn start_positions_match_the_rules_page() {
    let table = [
        (PlayerCount::Two, [14, 196, 4760]),
        (PlayerCount::Three, [14, 196, 2744]),
        (PlayerCount::Four, [14, 199, 2786]),
        (PlayerCount::Six, [14, 199, 2828]),
    ];
    for (players, counts) in table {
        let start = Position::new(players);
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&start, depth as u32 + 1),
                expected,
                "{players} players, depth {}",
                depth + 1
            );
        }
    }
}

/// Three players: player 1 on row 4 at every fourth column, players 2 and 3 in a lattice on
/// rows 5, 7, 9 and 11, so that chains of jumps zig-zag down the board.
fn long_chains() -> String {
    let mut lattice = Vec::new();
    for row in [5, 7, 9, 11] {
        for column in [5, 9, 13, 17, 21] {
            lattice.push(at(row, column));
        }
    }
    let mut first: Vec<usize> = (0..5).collect();
    first.extend([4, 8, 12, 16, 20].map(|column| at(4, column)));
    position(3, &[&first, &lattice[..10], &lattice[10..]], 1)
}

/// Two players: three marbles of player 2 never left its home (player 1's target) and sit at
/// its tip; player 1 has six marbles in the target and four near it.
fn blocked_target_position() -> String {
    let first = [111, 112, 113, 114, 115, 116, 102, 103, 104, 60];
    let mut second: Vec<usize> = vec![118, 119, 120];
    second.extend([0, 1, 2, 3, 4, 5, 6]);
    position(2, &[&first, &second], 1)
}

/// Two players: player 1 has nine marbles in its target and wins with the step 102-111.
fn win_in_one() -> String {
    let mut first: Vec<usize> = (112..=120).collect();
    first.push(102);
    let mut second: Vec<usize> = (0..9).collect();
    second.push(60);
    position(2, &[&first, &second], 1)
}

/// Three players: player 1 fills its home and players 2 and 3 hold every hole it could step or
/// jump to, so it must pass.
fn forced_pass() -> String {
    let first: Vec<usize> = point(0);
    let wall: Vec<usize> = [8, 10, 12, 14, 16]
        .map(|column| at(4, column))
        .into_iter()
        .chain([7, 9, 11, 13, 15, 17].map(|column| at(5, column)))
        .collect();
    let mut second = wall[..6].to_vec();
    second.extend(point(2).into_iter().take(4));
    let mut third = wall[6..].to_vec();
    third.extend(point(4).into_iter().take(5));
    position(3, &[&first, &second, &third], 1)
}

fn check(text: &str, expected: &[u64]) {
    let position: Position = text.parse().unwrap();
    let naive = Naive::parse(text);
    for (depth, &count) in expected.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(naive.perft(depth), count, "naive, depth {depth}: {text}");
        assert_eq!(perft(&position, depth), count, "depth {depth}: {text}");
    }
}

#[test]
fn long_jump_chains() {
    let text = long_chains();
    check(&text, &[56, 3154, 186_795]);
    // Some chain carries a marble from row 4 to row 10 or beyond: at least three jumps.
    let position: Position = text.parse().unwrap();
    let deepest = position
        .legal_moves()
        .iter()
        .filter_map(|mv| mv.to())
        .map(|to| common::coordinates()[to as usize].0)
        .max();
    assert!(deepest >= Some(10), "{deepest:?}");
}

#[test]
fn blocked_target() {
    let text = blocked_target_position();
    check(&text, &[32, 478, 17_115]);
    // Filling the last hole wins although three of the target's marbles are the opponent's.
    let mut position: Position = text.parse().unwrap();
    position.try_play_str("104-117").unwrap();
    assert_eq!(position.winner(), Some(0));
}

#[test]
fn a_win_ends_the_tree() {
    let text = win_in_one();
    check(&text, &[23, 462, 12_873]);
    let mut position: Position = text.parse().unwrap();
    position.try_play_str("102-111").unwrap();
    assert_eq!(position.winner(), Some(0));
    assert_eq!(position.count_moves(), 0);
    assert_eq!(perft(&position, 2), 0);
    assert_eq!(position.outcome(), Some(plyforge_search::Outcome::Win(0)));
}

#[test]
fn a_forced_pass() {
    let text = forced_pass();
    check(&text, &[1, 35, 1152]);
    let mut position: Position = text.parse().unwrap();
    assert_eq!(position.legal_moves().as_slice(), &[Move::PASS]);
    position.try_play_str("pass").unwrap();
    assert_eq!(position.to_move(), 1);
    // With a move available, pass is illegal.
    assert!(position.try_play_str("pass").is_err());
}

/// The start positions one ply deeper than the rules page lists, cross-checked against the
/// naive generator.
#[test]
fn start_positions_depth_four_match_the_naive_generator() {
    for players in PlayerCount::ALL {
        let start = Position::new(players);
        let naive = Naive::parse(&start.to_string());
        assert_eq!(perft(&start, 4), naive.perft(4), "{players} players");
    }
}
