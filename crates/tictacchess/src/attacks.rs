//! Precomputed attack tables on the ghost-column `u32` (square (file, rank) is bit
//! `file + 5 * rank`; bits 4, 9, 14 are the ghost file): knight leaps, pawn steps and pawn
//! captures by direction, and the rays from which rook and bishop attacks are read with one bit
//! scan per direction. Every table is built by a `const fn` at compile time.

use crate::piece::PawnDirection;

/// The number of files and ranks.
pub(crate) const SIDE: i32 = 4;
/// Bits per rank: four squares and the ghost bit.
pub(crate) const STRIDE: i32 = 5;
/// One past the highest square's bit (d4 = bit 18): the length of the tables.
pub(crate) const BITS: usize = 19;
/// Every playable square.
pub(crate) const FULL: u32 = 0b01111_01111_01111_01111;
/// The squares of rank 1 and rank 4, where pawns turn round.
pub(crate) const RANK_1: u32 = 0b1111;
pub(crate) const RANK_4: u32 = 0b1111 << (3 * STRIDE);

/// The bit of (`file`, `rank`), or `None` off the board.
const fn bit(file: i32, rank: i32) -> Option<u32> {
    if file < 0 || rank < 0 || file >= SIDE || rank >= SIDE {
        None
    } else {
        Some(1 << (file + STRIDE * rank))
    }
}

/// Builds a table that gives each square the union of the squares at `steps` from it.
const fn leaper(steps: &[(i32, i32)]) -> [u32; BITS] {
    let mut table = [0; BITS];
    let mut rank = 0;
    while rank < SIDE {
        let mut file = 0;
        while file < SIDE {
            let mut set = 0;
            let mut i = 0;
            while i < steps.len() {
                if let Some(b) = bit(file + steps[i].0, rank + steps[i].1) {
                    set |= b;
                }
                i += 1;
            }
            table[(file + STRIDE * rank) as usize] = set;
            file += 1;
        }
        rank += 1;
    }
    table
}

/// Knight destinations from each square.
pub(crate) static KNIGHT: [u32; BITS] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// The square a pawn steps to, by [`PawnDirection::index`] then square.
pub(crate) static PAWN_PUSH: [[u32; BITS]; 2] = [leaper(&[(0, 1)]), leaper(&[(0, -1)])];

/// The squares a pawn captures on, by [`PawnDirection::index`] then square.
pub(crate) static PAWN_CAPTURE: [[u32; BITS]; 2] =
    [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];

/// The rook's four ray directions, those that raise the bit index first.
const ROOK_STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's four ray directions, those that raise the bit index first.
const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// How many of the steps above raise the bit index (north, east; north-east, north-west).
const RISING: usize = 2;

/// For each of four directions and each square, the squares from it (excluded) to the edge.
const fn rays(steps: [(i32, i32); 4]) -> [[u32; BITS]; 4] {
    let mut table = [[0; BITS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut rank = 0;
        while rank < SIDE {
            let mut file = 0;
            while file < SIDE {
                let mut set = 0;
                let (mut f, mut r) = (file + steps[d].0, rank + steps[d].1);
                while let Some(b) = bit(f, r) {
                    set |= b;
                    f += steps[d].0;
                    r += steps[d].1;
                }
                table[d][(file + STRIDE * rank) as usize] = set;
                file += 1;
            }
            rank += 1;
        }
        d += 1;
    }
    table
}

static ROOK_RAYS: [[u32; BITS]; 4] = rays(ROOK_STEPS);
static BISHOP_RAYS: [[u32; BITS]; 4] = rays(BISHOP_STEPS);

/// The squares a slider on `square` reaches along `rays` with `occupied` blocking: each ray up
/// to and including its first occupied square, found by one bit scan (lowest for rising rays,
/// highest for falling ones) and cut off with the ray that continues behind it.
#[inline(always)]
fn slide(rays: &[[u32; BITS]; 4], square: usize, occupied: u32) -> u32 {
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let ray = rays[d][square];
        let blockers = ray & occupied;
        attacks |= if blockers == 0 {
            ray
        } else {
            let first = if d < RISING {
                blockers.trailing_zeros()
            } else {
                31 - blockers.leading_zeros()
            };
            ray ^ rays[d][first as usize]
        };
        d += 1;
    }
    attacks
}

/// Rook attacks from `square` (a bit index) with `occupied` blocking.
#[inline(always)]
pub(crate) fn rook(square: usize, occupied: u32) -> u32 {
    slide(&ROOK_RAYS, square, occupied)
}

/// Bishop attacks from `square` (a bit index) with `occupied` blocking.
#[inline(always)]
pub(crate) fn bishop(square: usize, occupied: u32) -> u32 {
    slide(&BISHOP_RAYS, square, occupied)
}

/// The far rank of a pawn travelling `direction`, as a mask.
#[inline(always)]
pub(crate) const fn far_rank(direction: PawnDirection) -> u32 {
    match direction {
        PawnDirection::North => RANK_4,
        PawnDirection::South => RANK_1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        (b[0] - b'a') as usize + STRIDE as usize * (b[1] - b'1') as usize
    }

    fn set(names: &[&str]) -> u32 {
        names.iter().map(|n| 1u32 << sq(n)).fold(0, |a, b| a | b)
    }

    #[test]
    fn knight_from_corner_and_centre() {
        assert_eq!(KNIGHT[sq("a1")], set(&["b3", "c2"]));
        assert_eq!(KNIGHT[sq("b2")], set(&["a4", "c4", "d3", "d1"]));
    }

    #[test]
    fn pawns_by_direction() {
        let north = PawnDirection::North.index();
        let south = PawnDirection::South.index();
        assert_eq!(PAWN_PUSH[north][sq("b2")], set(&["b3"]));
        assert_eq!(PAWN_CAPTURE[north][sq("a2")], set(&["b3"]));
        assert_eq!(PAWN_CAPTURE[south][sq("c3")], set(&["b2", "d2"]));
        assert_eq!(PAWN_PUSH[south][sq("c1")], 0);
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        let occupied = set(&["b3", "c1"]);
        assert_eq!(rook(sq("b1"), occupied), set(&["a1", "c1", "b2", "b3"]));
        assert_eq!(bishop(sq("a4"), set(&["c2"])), set(&["b3", "c2"]));
        assert_eq!(bishop(sq("c2"), 0), set(&["b1", "d3", "d1", "b3", "a4"]));
        assert_eq!(rook(sq("d4"), 0) & FULL, rook(sq("d4"), 0));
    }
}
