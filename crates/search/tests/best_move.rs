//! `best_move` with limits that bound nothing returns (after its default time) instead of
//! searching toward the deepest depth of a tree that never ends.

use plyforge_search::{Game, Limits, MoveList, Outcome, best_move};

/// A game that never ends: eight moves everywhere, and (almost) never the same position twice.
#[derive(Clone, Debug)]
struct Endless(u64);

impl Game for Endless {
    type Move = u8;
    type Moves = MoveList<u8, 8>;

    fn player_to_move(&self) -> usize {
        (self.0 % 2) as usize
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        moves.extend(1..=8);
    }
    fn play(&mut self, mv: u8) {
        // The low bit is the player to move; the rest a hash of the line.
        let mixed = mix(self.0 ^ u64::from(mv) << 56);
        self.0 = (mixed & !1) | (self.0 & 1 ^ 1);
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        None
    }
    fn hash(&self) -> u64 {
        self.0
    }
    fn move_key(mv: u8) -> u16 {
        mv.into()
    }
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn best_move_with_default_limits_returns_a_move() {
    // A noisy evaluation, so that no iteration is cheap: without the default time the search
    // would run toward depth 255 on a tree of 8^255 leaves and this test would not end.
    let evaluator = |game: &Endless, player: usize| {
        let score = (mix(game.0) % 201) as i32 - 100;
        if player == 0 { score } else { -score }
    };
    let mv = best_move(&Endless(0), &evaluator, &Limits::default()).unwrap();
    assert!((1..=8).contains(&mv));
}
