//! Zobrist keys for the whole state: every piece's location (one of the 16 squares, or the
//! hand, so the hands are hashed explicitly), each pawn that has turned away from its starting
//! direction, and the side to move. The keys come from a fixed SplitMix64 stream at compile
//! time, so hashes are the same in every run and on every machine.

use crate::attacks::BITS;

/// The location index that stands for "in hand" (after the 19 bit indices of the board).
pub(crate) const HAND: usize = BITS;

/// One step of SplitMix64.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The seed of the key stream.
const SEED: u64 = 0x7469_6374_6163_6873; // "tictachs"

/// All keys of the game.
pub(crate) struct Keys {
    /// By colour, piece, then location (bit index, or [`HAND`]).
    pub(crate) piece: [[[u64; BITS + 1]; 4]; 2],
    /// By colour: the pawn travels against its starting direction.
    pub(crate) pawn_turned: [u64; 2],
    /// Black is to move.
    pub(crate) black_to_move: u64,
}

const fn keys() -> Keys {
    let mut state = SEED;
    let mut piece = [[[0; BITS + 1]; 4]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 4 {
            let mut l = 0;
            while l <= BITS {
                let (next, key) = split_mix(state);
                state = next;
                piece[c][p][l] = key;
                l += 1;
            }
            p += 1;
        }
        c += 1;
    }
    let (state, white_turned) = split_mix(state);
    let (state, black_turned) = split_mix(state);
    let (_, black_to_move) = split_mix(state);
    Keys {
        piece,
        pawn_turned: [white_turned, black_turned],
        black_to_move,
    }
}

/// The keys, built at compile time.
pub(crate) static KEYS: Keys = keys();
