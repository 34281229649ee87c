//! The 8x8 chess board on `u64` with no ghost files: a1 is bit 0, h8 bit 63, and shifts mask the
//! edge files instead. Knight attacks and pawn pushes built from shifts are checked against
//! coordinate arithmetic, against the classic raw-`u64` formulas, and against known counts.

use plyforge_bitboard::geometries::Grid8x8;
use plyforge_bitboard::{BitBoard, Direction, Square};
use proptest::prelude::*;

type Board = BitBoard<Grid8x8>;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;
const RANK_2: u64 = 0xff << 8;
const RANK_3: u64 = 0xff << 16;
const RANK_7: u64 = 0xff << 48;

/// The (file, rank) jumps of a knight.
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Knight attacks of every square of `knights`, as two masked one-square shifts per jump: each
/// shift drops what would leave the board, so no jump can wrap around an edge.
fn knight_attacks(knights: Board) -> Board {
    use Direction::*;
    let north = knights.shift(North);
    let south = knights.shift(South);
    let east = knights.shift(East);
    let west = knights.shift(West);
    north.shift(NorthEast)
        | north.shift(NorthWest)
        | south.shift(SouthEast)
        | south.shift(SouthWest)
        | east.shift(NorthEast)
        | east.shift(SouthEast)
        | west.shift(NorthWest)
        | west.shift(SouthWest)
}

/// The textbook raw-integer version with explicit file masks.
fn knight_attacks_raw(knights: u64) -> u64 {
    let not_a = !FILE_A;
    let not_ab = !(FILE_A | FILE_B);
    let not_h = !FILE_H;
    let not_gh = !(FILE_G | FILE_H);
    ((knights << 17) & not_a)
        | ((knights << 15) & not_h)
        | ((knights << 10) & not_ab)
        | ((knights << 6) & not_gh)
        | ((knights >> 17) & not_h)
        | ((knights >> 15) & not_a)
        | ((knights >> 10) & not_gh)
        | ((knights >> 6) & not_ab)
}

/// Knight attacks by coordinates.
fn knight_attacks_naive(knights: Board) -> Board {
    knights
        .iter()
        .flat_map(|square| {
            KNIGHT_JUMPS
                .iter()
                .filter_map(move |&(files, ranks)| square.offset(files, ranks))
        })
        .collect()
}

#[test]
fn knight_attack_counts() {
    let corner = Board::from_square(Square::new(0, 0).unwrap());
    assert_eq!(knight_attacks(corner).to_string(), {
        "........\n........\n........\n........\n........\n.x......\n..x.....\n........"
    });
    let total: u32 = Square::<Grid8x8>::all()
        .map(|square| knight_attacks(square.into()).len())
        .sum();
    // 336 knight moves on an empty board: a well-known figure.
    assert_eq!(total, 336);
    let e4 = Square::<Grid8x8>::new(4, 3).unwrap();
    assert_eq!(knight_attacks(e4.into()).len(), 8);
}

#[test]
fn knight_attacks_of_each_square() {
    for square in Square::<Grid8x8>::all() {
        let set = Board::from_square(square);
        assert_eq!(knight_attacks(set), knight_attacks_naive(set), "{square}");
        assert_eq!(knight_attacks(set).bits(), knight_attacks_raw(set.bits()));
    }
}

/// White pawn single pushes, double pushes and captures, by shifts.
fn white_pawn_targets(pawns: Board, occupied: Board, black: Board) -> (Board, Board, Board) {
    let empty = !occupied;
    let single = pawns.shift(Direction::North) & empty;
    let double = (single & Board::rank(2)).shift(Direction::North) & empty;
    let captures = (pawns.shift(Direction::NorthEast) | pawns.shift(Direction::NorthWest)) & black;
    (single, double, captures)
}

#[test]
fn pawn_pushes_from_the_start() {
    let white = Board::from_bits(0xffff);
    let black = Board::from_bits(0xffff << 48);
    let (single, double, captures) = white_pawn_targets(Board::rank(1), white | black, black);
    assert_eq!(single, Board::rank(2));
    assert_eq!(double, Board::rank(3));
    assert!(captures.is_empty());
    // 16 pawn moves of the 20 legal first moves.
    assert_eq!(single.len() + double.len(), 16);
}

#[test]
fn pawn_pushes_are_blocked_and_captures_do_not_wrap() {
    let pawns: Board =
        "........\n........\n........\n........\n........\n........\nx..x...x\n........"
            .parse()
            .unwrap();
    // Black pieces on a4, d3 and g3: d3 stops both pushes of the d-pawn, a4 only the double push
    // of the a-pawn; the h-pawn takes g3, and its raw `<< 9` (bit 15 to bit 24, a4) must not wrap.
    let blockers: Board =
        "........\n........\n........\n........\nx.......\n...x..x.\n........\n........"
            .parse()
            .unwrap();
    let black = blockers;
    let (single, double, captures) = white_pawn_targets(pawns, pawns | blockers, black);
    assert_eq!(
        single.to_string(),
        "........\n........\n........\n........\n........\nx......x\n........\n........"
    );
    assert_eq!(
        double.to_string(),
        "........\n........\n........\n........\n.......x\n........\n........\n........"
    );
    assert_eq!(
        captures.to_string(),
        "........\n........\n........\n........\n........\n......x.\n........\n........"
    );
}

proptest! {
    /// Any set of knights: shifts, raw formulas and coordinates agree.
    #[test]
    fn knight_attacks_agree(raw in any::<u64>()) {
        let knights = Board::from_bits(raw);
        prop_assert_eq!(knight_attacks(knights), knight_attacks_naive(knights));
        prop_assert_eq!(knight_attacks(knights).bits(), knight_attacks_raw(raw));
    }

    /// Pawn targets against the raw formulas with their file masks.
    #[test]
    fn pawn_targets_agree_with_raw(pawns in any::<u64>(), occupied in any::<u64>(), black in any::<u64>()) {
        let pawns = pawns & !(0xff | 0xff << 56);
        let occupied = occupied | pawns;
        let black = black & occupied & !pawns;
        let (single, double, captures) =
            white_pawn_targets(Board::from_bits(pawns), Board::from_bits(occupied), Board::from_bits(black));
        let single_raw = (pawns << 8) & !occupied;
        let double_raw = ((single_raw & RANK_3) << 8) & !occupied;
        let captures_raw = (((pawns << 9) & !FILE_A) | ((pawns << 7) & !FILE_H)) & black;
        prop_assert_eq!(single.bits(), single_raw);
        prop_assert_eq!(double.bits(), double_raw);
        prop_assert_eq!(captures.bits(), captures_raw);
        // Black's pushes are the mirror image: the same shifts the other way.
        let black_single = Board::from_bits(pawns).shift(Direction::South);
        prop_assert_eq!(black_single.bits(), pawns >> 8);
        prop_assert_eq!(Board::from_bits(RANK_7).shift(Direction::South).bits(), RANK_7 >> 8);
        prop_assert!(Board::from_bits(RANK_2).shift(Direction::South).shift(Direction::South).is_empty());
    }
}
