//! The two symmetries of TicTacChess that the retrograde analysis relies on. The mirror
//! (files a<->d, b<->c) keeps every rule: lines map to lines, pawns keep their direction, the
//! knight's leaps and the sliders' rays map onto each other. The colour swap with a rank flip
//! (White's pieces become Black's on the rank mirrored about the middle, and the other way
//! round, with the other side to move) maps a pawn travelling north for White onto one
//! travelling south for Black, and each colour's starting direction onto the other's, so a
//! pawn's "turned" flag moves over with it; a position and its swapped image have the same
//! value for the side to move. The tests check both against move generation.

use crate::attacks::{BITS, SIDE, STRIDE};
use crate::position::Position;

/// A square's bit index under a map of (file, rank), for every bit index (ghost bits map to 0,
/// never used).
const fn square_map(mirror_files: bool, flip_ranks: bool) -> [u8; BITS] {
    let mut table = [0u8; BITS];
    let mut rank = 0;
    while rank < SIDE {
        let mut file = 0;
        while file < SIDE {
            let to_file = if mirror_files { SIDE - 1 - file } else { file };
            let to_rank = if flip_ranks { SIDE - 1 - rank } else { rank };
            table[(file + STRIDE * rank) as usize] = (to_file + STRIDE * to_rank) as u8;
            file += 1;
        }
        rank += 1;
    }
    table
}

/// Bit index to bit index under the mirror a<->d, b<->c.
static MIRROR: [u8; BITS] = square_map(true, false);
/// Bit index to bit index under the rank flip 1<->4, 2<->3.
static RANK_FLIP: [u8; BITS] = square_map(false, true);

/// A one-bit set (or 0 for a piece in hand) moved by `map`.
#[inline(always)]
fn map_bit(map: &[u8; BITS], bit: u32) -> u32 {
    if bit == 0 {
        0
    } else {
        1 << map[bit.trailing_zeros() as usize]
    }
}

/// Files a and b: the left half, which the mirror swaps with the right half.
#[cfg(feature = "search")]
const LEFT_HALF: u32 = 0b00011_00011_00011_00011;

impl Position {
    /// Whether this position is the representative of its mirror pair: the first piece on the
    /// board in the order White's P, N, B, R, Black's p, n, b, r stands on file a or b. The
    /// mirror moves every square to the other half, and no two pieces are alike, so a position
    /// is its own mirror image only when the board is empty; otherwise exactly one of the two
    /// is the representative. Costs a few instructions, where comparing indices costs two.
    /// (The retrograde analysis, behind the `search` feature, is its user.)
    #[cfg(feature = "search")]
    #[inline(always)]
    pub(crate) fn is_mirror_representative(&self) -> bool {
        let pieces = self.pieces.as_flattened();
        for &bit in pieces {
            if bit != 0 {
                return bit & LEFT_HALF != 0;
            }
        }
        true
    }

    /// Whether the board is empty (then, and only then, the position is its own mirror image).
    #[cfg(feature = "search")]
    #[inline(always)]
    pub(crate) fn board_is_empty(&self) -> bool {
        self.occupied[0] | self.occupied[1] == 0
    }

    /// The position mirrored left to right (files a<->d, b<->c); same side to move, same
    /// value. The hash is recomputed.
    pub fn mirrored(&self) -> Position {
        let mut image = self.mirrored_unhashed();
        image.hash = image.compute_hash();
        image
    }

    /// [`Position::mirrored`] with the hash left 0, for the retrograde analysis's inner loop.
    #[inline]
    pub(crate) fn mirrored_unhashed(&self) -> Position {
        let mut image = *self;
        image.hash = 0;
        for color in 0..2 {
            image.occupied[color] = 0;
            for piece in 0..self.pieces[color].len() {
                let bit = map_bit(&MIRROR, self.pieces[color][piece]);
                image.pieces[color][piece] = bit;
                image.occupied[color] |= bit;
            }
        }
        image
    }

    /// The position with the colours swapped and the ranks flipped: White's pieces become
    /// Black's (a2 becomes a3), the other side is to move, and the value for the side to move
    /// is the same. The hash is recomputed.
    pub fn swapped(&self) -> Position {
        let mut image = self.swapped_unhashed();
        image.hash = image.compute_hash();
        image
    }

    /// [`Position::swapped`] with the hash left 0, for the retrograde analysis's inner loop.
    #[inline]
    pub(crate) fn swapped_unhashed(&self) -> Position {
        let mut image = *self;
        image.hash = 0;
        for color in 0..2 {
            let other = 1 - color;
            image.occupied[other] = 0;
            for piece in 0..self.pieces[color].len() {
                let bit = map_bit(&RANK_FLIP, self.pieces[color][piece]);
                image.pieces[other][piece] = bit;
                image.occupied[other] |= bit;
            }
            image.turned[other] = self.turned[color];
        }
        image.side = self.side.opponent();
        image
    }
}

#[cfg(test)]
mod tests {
    use crate::index::StateIndex;

    #[test]
    fn exactly_one_of_each_mirror_pair_is_the_representative() {
        let index = StateIndex::new();
        let step = index.count() / 200_003;
        let mut empty_boards = 0;
        for number in (0..index.count()).step_by(step as usize).chain([1]) {
            let position = index.position(number).expect("in range");
            let image = position.mirrored();
            if position.board_is_empty() {
                empty_boards += 1;
                assert_eq!(image, position);
                assert!(position.is_mirror_representative());
            } else {
                assert_ne!(image, position);
                assert_ne!(
                    position.is_mirror_representative(),
                    image.is_mirror_representative(),
                    "{position}"
                );
            }
        }
        assert_eq!(empty_boards, 2);
    }
}
