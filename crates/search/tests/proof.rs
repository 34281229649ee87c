//! The bounded proof search against plain recursion: on Connect Four 4x4 positions (two
//! players) and on a three-player race, "the player to move forces a win within `p` plies" is
//! exactly what a brute-force AND/OR recursion without a table says, for every `p` tried.

use plyforge_connect_four::{Columns4x4, ConnectFour};
use plyforge_search::proof::{Proof, ProofSearch};
use plyforge_search::{Game, Limits, MoveBuffer, MoveList, Outcome, StopFlag};
use proptest::prelude::*;

type Four = ConnectFour<Columns4x4>;

/// Whether `attacker` forces a win within `plies` from `game` (not over), by plain recursion.
fn forces<G: Game>(game: &G, attacker: usize, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return game.outcome_without_moves() == Outcome::Win(attacker);
    }
    let child_wins = |&mv: &G::Move| {
        let mut child = game.clone();
        child.play(mv);
        match child.outcome_by_rule() {
            Some(outcome) => outcome == Outcome::Win(attacker),
            None => forces(&child, attacker, plies - 1),
        }
    };
    if game.player_to_move() == attacker {
        moves.as_slice().iter().any(child_wins)
    } else {
        moves.as_slice().iter().all(child_wins)
    }
}

fn expected<G: Game>(game: &G, plies: u32) -> Proof {
    if game.outcome_by_rule().is_none() && forces(game, game.player_to_move(), plies) {
        Proof::Wins
    } else {
        Proof::NoWin
    }
}

/// A position after the moves picked by `picks` from the start (stops where the game ends).
fn random_position<G: Game + Default>(picks: &[usize]) -> G {
    let mut game = G::default();
    for &pick in picks {
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        if moves.is_empty() || game.outcome_by_rule().is_some() {
            break;
        }
        let mv = moves.as_slice()[pick % moves.len()];
        let mut next = game.clone();
        next.play(mv);
        if next.outcome_by_rule().is_some() {
            break;
        }
        game = next;
    }
    game
}

/// Three players take turns adding 1 or 2 to a counter; whoever reaches `GOAL` wins; the
/// counter starts anywhere below it.
#[derive(Clone, Debug, Default)]
struct Race3 {
    total: u32,
    to_move: usize,
}

const GOAL: u32 = 12;

impl Game for Race3 {
    type Move = u32;
    type Moves = MoveList<u32, 2>;

    fn player_count(&self) -> usize {
        3
    }
    fn player_to_move(&self) -> usize {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.total < GOAL {
            moves.extend((1..=2).filter(|step| self.total + step <= GOAL));
        }
    }
    fn play(&mut self, step: u32) {
        self.total += step;
        self.to_move = (self.to_move + 1) % 3;
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        (self.total == GOAL).then_some(Outcome::Win((self.to_move + 2) % 3))
    }
    fn hash(&self) -> u64 {
        u64::from(self.total) << 2 | self.to_move as u64
    }
    fn move_key(step: u32) -> u16 {
        step as u16
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn connect_four_proofs_match_plain_recursion(picks in proptest::collection::vec(0..4usize, 0..10)) {
        let position: Four = random_position(&picks);
        let mut prover = ProofSearch::new(1 << 14);
        // Deepest first, so that shallower questions meet the table's facts from deeper ones.
        for plies in (1..=7).rev() {
            let proof = prover.forced_win(&position, plies, &Limits::default()).unwrap();
            prop_assert_eq!(proof, expected(&position, plies), "{} plies", plies);
        }
    }

    #[test]
    fn three_player_proofs_match_plain_recursion(total in 0..GOAL, to_move in 0..3usize) {
        let race = Race3 { total, to_move };
        let mut prover = ProofSearch::new(1 << 10);
        for plies in 1..=9 {
            let proof = prover.forced_win(&race, plies, &Limits::default()).unwrap();
            prop_assert_eq!(proof, expected(&race, plies), "{} plies", plies);
        }
    }
}

#[test]
fn a_forced_win_is_found_and_a_stop_is_reported() {
    // With the counter at 10, the player to move reaches 12 with a 2: a win in one ply.
    let race = Race3 {
        total: 10,
        to_move: 1,
    };
    let mut prover = ProofSearch::new(64);
    assert_eq!(
        prover.forced_win(&race, 1, &Limits::default()),
        Ok(Proof::Wins)
    );
    // A raised stop flag ends a search of the whole 4x4 board before it is proven.
    let stop = StopFlag::new();
    stop.stop();
    let limits = Limits::default().with_stop(stop);
    let mut prover = ProofSearch::new(1 << 12);
    let error = prover
        .forced_win(&Four::default(), 16, &limits)
        .unwrap_err();
    assert!(error.nodes > 0);
    assert!(error.to_string().contains("without an answer"));
}
