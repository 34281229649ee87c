//! Zobrist keys: one random 64-bit key per (player, hole) and per player to move, generated at
//! compile time by SplitMix64 from a fixed seed, so hashes are the same in every build. The
//! position keeps its hash up to date in `play` by XOR-ing the keys that change.

use crate::players::MAX_PLAYERS;
use crate::star::HOLES;

/// `MARBLE_KEYS[p][h]`: a marble of player `p` on hole `h`.
pub static MARBLE_KEYS: [[u64; HOLES]; MAX_PLAYERS] = marble_keys();

/// `TO_MOVE_KEYS[p]`: player `p` to move.
pub static TO_MOVE_KEYS: [u64; MAX_PLAYERS] = to_move_keys();

/// The seed: any fixed value will do; this one is the first 64 bits of pi's fraction.
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// One step of SplitMix64: returns the next state and its output.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn marble_keys() -> [[u64; HOLES]; MAX_PLAYERS] {
    let mut keys = [[0u64; HOLES]; MAX_PLAYERS];
    let mut state = SEED;
    let mut player = 0;
    while player < MAX_PLAYERS {
        let mut hole = 0;
        while hole < HOLES {
            let (next, key) = split_mix(state);
            state = next;
            keys[player][hole] = key;
            hole += 1;
        }
        player += 1;
    }
    keys
}

const fn to_move_keys() -> [u64; MAX_PLAYERS] {
    let mut keys = [0u64; MAX_PLAYERS];
    // Continue from a different seed so these never repeat a marble key's stream.
    let mut state = !SEED;
    let mut player = 0;
    while player < MAX_PLAYERS {
        let (next, key) = split_mix(state);
        state = next;
        keys[player] = key;
        player += 1;
    }
    keys
}
