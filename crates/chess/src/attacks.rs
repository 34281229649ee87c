//! Attack tables: knight, king and pawn steps, slider attacks by magic bitboards, and the
//! squares between and on a line through two squares. The public functions take and give the
//! crate's [`Square`] and [`Bitboard`]; the step tables are `const`, so their lookups are
//! `const fn` too.
//!
//! ```
//! use plyforge_chess::{Bitboard, Color, Square, attacks};
//! assert_eq!(attacks::knight_attacks(Square::A1).len(), 2);
//! const PAWN: Bitboard = attacks::pawn_attacks(Color::White, Square::E4);
//! assert_eq!(PAWN, Bitboard::from(Square::D5) | Bitboard::from(Square::F5));
//! let blockers = Bitboard::from(Square::E6);
//! assert!(attacks::rook_attacks(Square::E1, blockers).contains(Square::E6));
//! assert!(!attacks::rook_attacks(Square::E1, blockers).contains(Square::E7));
//! assert_eq!(attacks::squares_between(Square::A1, Square::D4).len(), 2);
//! assert_eq!(attacks::line_through(Square::A1, Square::D4).len(), 8);
//! ```
//!
//! Every table is computed by `const fn` into a `static`, so there is no start-up cost and
//! nothing to initialise. Slider attacks use "fancy" magic bitboards: the blockers that matter
//! for a square (its rays without the board edge) are masked, multiplied by the square's magic
//! number and shifted so that the top bits index that square's slice of one shared table.
//!
//! The magic numbers were found offline by a seeded random search (sparse random 64-bit numbers,
//! kept when no two blocker sets with different attacks share an index). The const fill checks
//! that property again for every blocker subset: a wrong magic is a compile-time error, never a
//! wrong attack.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::piece::{Piece, Role};
use crate::square::Square;

/// Raw square set of the 8×8 board, `a1` = bit 0.
pub(crate) type Bits = u64;

const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `files`, `ranks` away from `square`, or 64 when off the board.
const fn step(square: usize, files: i8, ranks: i8) -> usize {
    let file = (square % 8) as i8 + files;
    let rank = (square / 8) as i8 + ranks;
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        64
    } else {
        (rank * 8 + file) as usize
    }
}

const fn step_table(steps: &[(i8, i8)]) -> [Bits; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < steps.len() {
            let to = step(square, steps[i].0, steps[i].1);
            if to < 64 {
                table[square] |= 1 << to;
            }
            i += 1;
        }
        square += 1;
    }
    table
}

/// The slider attacks from `square` along `directions` with `blockers`, by walking the rays.
/// The slow reference the magic tables are tested against.
#[cfg(test)]
pub(crate) const fn slide(square: usize, blockers: Bits, directions: &[(i8, i8); 4]) -> Bits {
    let mut attacks = 0;
    let mut i = 0;
    while i < 4 {
        let mut at = square;
        loop {
            at = step(at, directions[i].0, directions[i].1);
            if at >= 64 {
                break;
            }
            attacks |= 1 << at;
            if blockers & (1 << at) != 0 {
                break;
            }
        }
        i += 1;
    }
    attacks
}

/// Ray directions as (file, rank) steps; the first four raise the square index, the last four
/// lower it.
const RAY_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];
/// Rays used by rooks and bishops, as indices into `RAY_STEPS`.
const ROOK_RAYS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_RAYS: [usize; 4] = [2, 3, 6, 7];

/// The open rays from every square in every direction (the square itself excluded).
const RAYS: [[Bits; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut direction = 0;
    while direction < 8 {
        let mut square = 0;
        while square < 64 {
            let mut at = square;
            loop {
                at = step(at, RAY_STEPS[direction].0, RAY_STEPS[direction].1);
                if at >= 64 {
                    break;
                }
                rays[direction][square] |= 1 << at;
            }
            square += 1;
        }
        direction += 1;
    }
    rays
};

/// Slider attacks by cutting each ray at its first blocker: the quick way to fill the tables
/// during const evaluation.
const fn slide_rays(square: usize, blockers: Bits, rays: &[usize; 4]) -> Bits {
    let mut attacks = 0;
    let mut i = 0;
    while i < 4 {
        let direction = rays[i];
        let ray = RAYS[direction][square];
        let hit = ray & blockers;
        if hit == 0 {
            attacks |= ray;
        } else {
            let first = if direction < 4 {
                hit.trailing_zeros() as usize
            } else {
                63 - hit.leading_zeros() as usize
            };
            attacks |= ray ^ RAYS[direction][first];
        }
        i += 1;
    }
    attacks
}

/// The blockers that can change the attacks of `square`: the rays without their last square.
const fn relevant_blockers(square: usize, directions: &[(i8, i8); 4]) -> Bits {
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        let mut at = square;
        loop {
            let next = step(at, directions[i].0, directions[i].1);
            if next >= 64 || step(next, directions[i].0, directions[i].1) >= 64 {
                break;
            }
            mask |= 1 << next;
            at = next;
        }
        i += 1;
    }
    mask
}

/// One square's magic: its blocker mask, multiplier, shift and slice of the shared table.
#[derive(Clone, Copy)]
struct Magic {
    mask: Bits,
    factor: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, blockers: Bits) -> usize {
        self.offset + ((blockers & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

#[rustfmt::skip]
const ROOK_FACTORS: [u64; 64] = [
    0x0980008011400020, 0x8340004410002000, 0x0880200090008268, 0x0080080080100004,
    0x8100110004020800, 0x0300010004000822, 0x08801A0029000080, 0x8100050001204882,
    0x0844800081400320, 0x0804402010004000, 0x0108802003100480, 0x0004808008001000,
    0x0003001801001014, 0x0002000200041008, 0x0004008108042210, 0x0105000100009042,
    0x0400808000400021, 0xC100404010002000, 0x0060008010002088, 0x0400808008001000,
    0x4440808008000400, 0x1002008004000280, 0x40024400300D1248, 0x0010020000408104,
    0x0101008200204200, 0x8020002040005000, 0x4100100080802000, 0x4008006A80100280,
    0x1020080080040080, 0x0004010040020040, 0x0018A12400080290, 0x6140004200008104,
    0x4000400020800090, 0x2020002080804000, 0x0000408202002010, 0x0080100501000820,
    0x0000800400800800, 0x000A200408014010, 0x0100800200800100, 0xA00800570200008C,
    0x008000406000C010, 0x1040100028002000, 0x0048200100110040, 0x0068490210030020,
    0x1009080005010010, 0x2142000804010100, 0x1001080110840002, 0x1801004400820001,
    0x010440208D020200, 0x0000400020008080, 0x0200200080100280, 0x0000100020090100,
    0x0204008008020480, 0x8104010040020040, 0x78000201B0080400, 0x0040800051002880,
    0x0050108001002041, 0x208A801100614003, 0x0006002042089082, 0x0011090004201001,
    0x1002001004200802, 0x0005000208040001, 0x0002002701AC0822, 0x000010250184004A,
];

#[rustfmt::skip]
const BISHOP_FACTORS: [u64; 64] = [
    0xC0A0012206040EA0, 0x8010228200420001, 0x0110008220400400, 0x02445C0080106000,
    0x0044042004008100, 0x0880900420408C05, 0x0201080110080002, 0x0000108094202000,
    0x0000042002040108, 0x0000623024110042, 0x0086100094811002, 0x0000044502002080,
    0x0100460211400040, 0x0008109004200004, 0x0202320084844000, 0x8040042421041009,
    0x201010C05102008C, 0x1020888208024080, 0x0108000C80290200, 0x8048000420425203,
    0x0005000090402000, 0x2080400201104100, 0x8820420111101000, 0x4AC0302208821802,
    0x000440001002A840, 0x2002200010041080, 0x1012080201004400, 0x8440040002410120,
    0x1090820084010400, 0x2084852012021000, 0x12040062C1011003, 0x02008205E1090080,
    0x088C102808042080, 0x0802102200904280, 0x8020209002080020, 0x2200080800060A00,
    0x20C0004010010100, 0x0802004100821003, 0x0008024400008080, 0x0000840102008090,
    0x0030A40420244007, 0x0A19084210011282, 0x0004082090019806, 0x6108004208020080,
    0x0081200410110100, 0x1040810701010208, 0x0282047832012080, 0x0010020099000020,
    0x000E010422400840, 0x10204208B0089090, 0x081004440C048000, 0x88C0180084040001,
    0x3100020803040080, 0x890070A041210C00, 0x0020200101010A09, 0x0004100240410400,
    0x0006004402080200, 0x0801062484042000, 0x00010002D7441004, 0x0810080000208800,
    0x0000020808030411, 0x1450001020014440, 0x004060081081A288, 0x0044011404108A00,
];

/// The magics of one slider, with their slices laid out from `start` in the shared table.
const fn magics(directions: &[(i8, i8); 4], factors: &[u64; 64], start: usize) -> [Magic; 64] {
    let mut magics = [Magic {
        mask: 0,
        factor: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut square = 0;
    while square < 64 {
        let mask = relevant_blockers(square, directions);
        let bits = mask.count_ones();
        magics[square] = Magic {
            mask,
            factor: factors[square],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        square += 1;
    }
    magics
}

const fn table_end(magics: &[Magic; 64]) -> usize {
    magics[63].offset + (1 << (64 - magics[63].shift))
}

static ROOK_MAGICS: [Magic; 64] = magics(&ROOK_DIRECTIONS, &ROOK_FACTORS, 0);
static BISHOP_MAGICS: [Magic; 64] = magics(
    &BISHOP_DIRECTIONS,
    &BISHOP_FACTORS,
    table_end(&magics(&ROOK_DIRECTIONS, &ROOK_FACTORS, 0)),
);

/// Entries of the shared rook-and-bishop table (102,400 rook + 5,248 bishop).
const SLIDER_TABLE_LEN: usize = table_end(&magics(
    &BISHOP_DIRECTIONS,
    &BISHOP_FACTORS,
    table_end(&magics(&ROOK_DIRECTIONS, &ROOK_FACTORS, 0)),
));

/// The table's allocated length: the next power of two, so that a masked index needs no
/// bounds check in the lookups (the padding is never read).
const SLIDER_TABLE_SIZE: usize = SLIDER_TABLE_LEN.next_power_of_two();

const fn fill(table: &mut [Bits; SLIDER_TABLE_SIZE], magics: &[Magic; 64], rays: &[usize; 4]) {
    let mut square = 0;
    while square < 64 {
        let magic = magics[square];
        // Carry-rippler walk over every subset of the mask.
        let mut blockers: Bits = 0;
        loop {
            let attacks = slide_rays(square, blockers, rays);
            let index = magic.index(blockers);
            // Slider attacks are never empty, so 0 marks a free entry.
            assert!(
                table[index] == 0 || table[index] == attacks,
                "magic collision"
            );
            table[index] = attacks;
            blockers = blockers.wrapping_sub(magic.mask) & magic.mask;
            if blockers == 0 {
                break;
            }
        }
        square += 1;
    }
}

// Filling ~100k entries is a long const evaluation by design.
#[allow(long_running_const_eval)]
static SLIDER_TABLE: [Bits; SLIDER_TABLE_SIZE] = {
    let mut table = [0; SLIDER_TABLE_SIZE];
    fill(&mut table, &ROOK_MAGICS, &ROOK_RAYS);
    fill(&mut table, &BISHOP_MAGICS, &BISHOP_RAYS);
    table
};

const KNIGHT_TABLE: [Bits; 64] = step_table(&KNIGHT_STEPS);
static KNIGHT_ATTACKS: [Bits; 64] = KNIGHT_TABLE;

const fn empty_board_table(rays: &[usize; 4]) -> [Bits; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        table[square] = slide_rays(square, 0, rays);
        square += 1;
    }
    table
}

/// Rook and bishop attacks on an empty board, for finding pinners and checkers.
static ROOK_EMPTY: [Bits; 64] = empty_board_table(&ROOK_RAYS);
static BISHOP_EMPTY: [Bits; 64] = empty_board_table(&BISHOP_RAYS);
const KING_TABLE: [Bits; 64] = step_table(&KING_STEPS);
static KING_ATTACKS: [Bits; 64] = KING_TABLE;
/// Pawn captures by color: White's go up the board.
const PAWN_TABLE: [[Bits; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];
static PAWN_ATTACKS: [[Bits; 64]; 2] = PAWN_TABLE;

const fn line_tables() -> ([[Bits; 64]; 64], [[Bits; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let b_bit: Bits = 1 << b;
            let a_bit: Bits = 1 << a;
            let mut pass = 0;
            while pass < 2 {
                let rays = if pass == 0 { &ROOK_RAYS } else { &BISHOP_RAYS };
                if a != b && slide_rays(a, 0, rays) & b_bit != 0 {
                    between[a][b] = slide_rays(a, b_bit, rays) & slide_rays(b, a_bit, rays);
                    line[a][b] = (slide_rays(a, 0, rays) & slide_rays(b, 0, rays)) | a_bit | b_bit;
                }
                pass += 1;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bits; 64]; 64], [[Bits; 64]; 64]) = line_tables();

/// Knight moves from `square`.
#[inline(always)]
pub(crate) fn knight(square: usize) -> Bits {
    KNIGHT_ATTACKS[square & 63]
}

/// King steps from `square`.
#[inline(always)]
pub(crate) fn king(square: usize) -> Bits {
    KING_ATTACKS[square & 63]
}

/// The squares a pawn of color index `color` on `square` attacks.
#[inline(always)]
pub(crate) fn pawn(color: usize, square: usize) -> Bits {
    PAWN_ATTACKS[color & 1][square & 63]
}

/// Rook attacks from `square` with `occupied` blocking.
#[inline(always)]
pub(crate) fn rook(square: usize, occupied: Bits) -> Bits {
    SLIDER_TABLE[ROOK_MAGICS[square & 63].index(occupied) & (SLIDER_TABLE_SIZE - 1)]
}

/// Bishop attacks from `square` with `occupied` blocking.
#[inline(always)]
pub(crate) fn bishop(square: usize, occupied: Bits) -> Bits {
    SLIDER_TABLE[BISHOP_MAGICS[square & 63].index(occupied) & (SLIDER_TABLE_SIZE - 1)]
}

/// Rook attacks from `square` on an empty board.
#[inline(always)]
pub(crate) fn rook_empty(square: usize) -> Bits {
    ROOK_EMPTY[square & 63]
}

/// Bishop attacks from `square` on an empty board.
#[inline(always)]
pub(crate) fn bishop_empty(square: usize) -> Bits {
    BISHOP_EMPTY[square & 63]
}

/// Queen attacks from `square` with `occupied` blocking.
#[inline(always)]
pub(crate) fn queen(square: usize, occupied: Bits) -> Bits {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal, else none.
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> Bits {
    LINES.0[a & 63][b & 63]
}

/// The whole rank, file or diagonal through `a` and `b` (both included), or none.
#[inline(always)]
pub(crate) fn line(a: usize, b: usize) -> Bits {
    LINES.1[a & 63][b & 63]
}

// ----------------------------------------------------------------------------------------------
// The public, typed queries.

/// The squares a knight on `square` attacks.
#[inline(always)]
pub const fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(KNIGHT_TABLE[square.index()])
}

/// The squares a king on `square` attacks.
#[inline(always)]
pub const fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING_TABLE[square.index()])
}

/// The squares a pawn of `color` on `square` attacks (its captures, not its pushes).
#[inline(always)]
pub const fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN_TABLE[color.index()][square.index()])
}

/// The squares a bishop on `square` attacks, its diagonals stopped by the first piece of
/// `occupied` on each (that square included).
#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(bishop(square.index(), occupied.0))
}

/// The squares a rook on `square` attacks, its ranks and files stopped by the first piece of
/// `occupied` on each (that square included).
#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook(square.index(), occupied.0))
}

/// The squares a queen on `square` attacks with `occupied` blocking.
#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(queen(square.index(), occupied.0))
}

/// The squares a bishop on `square` attacks on an empty board (its two diagonals).
#[inline(always)]
pub fn bishop_rays(square: Square) -> Bitboard {
    Bitboard(bishop_empty(square.index()))
}

/// The squares a rook on `square` attacks on an empty board (its rank and file).
#[inline(always)]
pub fn rook_rays(square: Square) -> Bitboard {
    Bitboard(rook_empty(square.index()))
}

/// The squares `piece` on `square` attacks with `occupied` blocking sliders.
#[inline]
pub fn piece_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, square),
        Role::Knight => knight_attacks(square),
        Role::Bishop => bishop_attacks(square, occupied),
        Role::Rook => rook_attacks(square, occupied),
        Role::Queen => queen_attacks(square, occupied),
        Role::King => king_attacks(square),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; empty
/// otherwise (and for neighbours).
#[inline(always)]
pub fn squares_between(a: Square, b: Square) -> Bitboard {
    Bitboard(between(a.index(), b.index()))
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge (both included); empty
/// when they share none, or are the same square.
#[inline(always)]
pub fn line_through(a: Square, b: Square) -> Bitboard {
    Bitboard(line(a.index(), b.index()))
}

/// Whether `a`, `b` and `c` stand on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line_through(a, b).contains(c)
}

/// Rook attacks by walking the rays (the slow reference).
#[cfg(test)]
pub(crate) fn rook_slow(square: usize, occupied: Bits) -> Bits {
    slide(square, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks by walking the rays (the slow reference).
#[cfg(test)]
pub(crate) fn bishop_slow(square: usize, occupied: Bits) -> Bits {
    slide(square, occupied, &BISHOP_DIRECTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_ray_walks() {
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & (state >> 3);
            let square = (state >> 58) as usize;
            assert_eq!(rook(square, occupied), rook_slow(square, occupied));
            assert_eq!(bishop(square, occupied), bishop_slow(square, occupied));
        }
    }

    #[test]
    fn table_sizes_and_lines() {
        assert_eq!(SLIDER_TABLE_LEN, 102_400 + 5_248);
        // a1-h8 diagonal: between a1 and h8 are b2..g7.
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(line(0, 9).count_ones(), 8);
        assert_eq!(between(0, 10), 0);
        assert_eq!(knight(0).count_ones(), 2);
        assert_eq!(king(27).count_ones(), 8);
        assert_eq!(pawn(0, 8), 1 << 17);
    }
}
