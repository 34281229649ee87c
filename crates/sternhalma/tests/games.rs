//! Whole games: the computer players finish their games (nobody wanders forever: the
//! evaluation's straggler term brings the last marbles home), and the two-player alpha-beta AI
//! beats the greedy one-ply player. The full rate over 40 games is printed by
//! `cargo run --release --example sternhalma_tournament` (its first line).

use plyforge_search::Algorithm;
use plyforge_search::Limits;
use plyforge_sternhalma::{Ai, PlayerCount, Position, Strategy};

/// Node budget per move: small, so the tests stay fast, and still enough to beat greedy.
const NODES: u64 = 3_000;
/// Monte Carlo tree search's budget: its nodes include rollout plies, each far cheaper than an
/// alpha-beta node with its evaluation and ordering.
const MCTS_NODES: u64 = 30_000;

/// Plays a game between the seats' algorithms after `opening` (moves by index into the move
/// list, for variety); returns the final position.
fn play(players: PlayerCount, seats: &[Strategy], opening: &[usize]) -> Position {
    let mut position = Position::new(players);
    for &pick in opening {
        let moves = position.legal_moves();
        position.play(moves[pick % moves.len()]);
    }
    let mut ais: Vec<Ai> = seats
        .iter()
        .map(|&algorithm| match algorithm {
            Strategy::Search(Algorithm::MonteCarlo) => {
                Ai::new(algorithm, Limits::nodes(MCTS_NODES))
            }
            _ => Ai::new(algorithm, Limits::nodes(NODES)),
        })
        .collect();
    while position.outcome().is_none() {
        let choice = ais[position.to_move()].choose(&position).unwrap();
        position.try_play(choice.mv).unwrap();
    }
    position
}

#[test]
fn two_player_self_play_ends_with_a_winner() {
    for opening in [&[][..], &[3, 5], &[8, 1]] {
        let end = play(
            PlayerCount::Two,
            &[
                Strategy::Search(Algorithm::Paranoid),
                Strategy::Search(Algorithm::Paranoid),
            ],
            opening,
        );
        let winner = end
            .winner()
            .expect("a winner, not a draw by the move limit");
        assert!(end.target_filled(winner));
        assert!(end.plies() < 2 * 150, "took {} plies", end.plies());
    }
}

#[test]
fn alpha_beta_beats_greedy() {
    for (seat, opening) in [(0, &[][..]), (1, &[][..]), (0, &[2, 7]), (1, &[5, 4])] {
        let mut seats = [Strategy::Greedy; 2];
        seats[seat] = Strategy::Search(Algorithm::Paranoid);
        let end = play(PlayerCount::Two, &seats, opening);
        assert_eq!(end.winner(), Some(seat), "{end}");
    }
}

#[test]
fn multi_player_games_end_with_a_winner() {
    for (players, seats) in [
        (
            PlayerCount::Three,
            &[
                Strategy::Search(Algorithm::MaxN),
                Strategy::Search(Algorithm::BestReply),
                Strategy::Search(Algorithm::Paranoid),
            ][..],
        ),
        (
            PlayerCount::Four,
            &[Strategy::Search(Algorithm::BestReplyPlus); 4][..],
        ),
        (
            PlayerCount::Six,
            &[Strategy::Search(Algorithm::BestReply); 6][..],
        ),
    ] {
        let end = play(players, seats, &[]);
        assert!(end.winner().is_some(), "{players} players: {end}");
    }
}

#[test]
fn mcts_beats_greedy_and_finishes_multi_player_games() {
    for (seat, opening) in [(0, &[][..]), (1, &[][..]), (0, &[2, 7])] {
        let mut seats = [Strategy::Greedy; 2];
        seats[seat] = Strategy::Search(Algorithm::MonteCarlo);
        let end = play(PlayerCount::Two, &seats, opening);
        assert_eq!(end.winner(), Some(seat), "{end}");
    }
    let seats = [
        Strategy::Search(Algorithm::MonteCarlo),
        Strategy::Search(Algorithm::BestReply),
        Strategy::Search(Algorithm::MonteCarlo),
    ];
    let end = play(PlayerCount::Three, &seats, &[]);
    assert!(end.winner().is_some(), "{end}");
}
