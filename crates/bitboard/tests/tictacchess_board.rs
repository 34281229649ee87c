//! The TicTacChess board: 4x4 on `u32` with one ghost file, so square (file, rank) is bit
//! `5 * rank + file` and bits 4, 9, 14, 19 stay clear. Four in a row is found with raw shifts and
//! `&` (stride 1 along a rank, 5 along a file, 6 and 4 along the diagonals) and checked, over all
//! 2^16 sets of squares, against the ten explicit line masks.

use plyforge_bitboard::geometries::Grid4x4Padded;
use plyforge_bitboard::{BitBoard, Direction, Geometry, Square, geometry};

type Board = BitBoard<Grid4x4Padded>;

/// Bit distance between neighbours along a rank, a file, the diagonal and the anti-diagonal.
const STRIDES: [u32; 4] = [1, 5, 6, 4];

/// The ten lines of four, written out bit by bit: four ranks, four files, two diagonals.
const LINES: [u32; 10] = [
    0b00000_00000_00000_01111,
    0b00000_00000_01111_00000,
    0b00000_01111_00000_00000,
    0b01111_00000_00000_00000,
    0b00001_00001_00001_00001,
    0b00010_00010_00010_00010,
    0b00100_00100_00100_00100,
    0b01000_01000_01000_01000,
    0b01000_00100_00010_00001, // a1 b2 c3 d4
    0b00001_00010_00100_01000, // d1 c2 b3 a4
];

/// Four in a row by raw shifts, the way the game's hot path does it: a bit survives
/// `b & b >> s & b >> 2s & b >> 3s` only if the three squares after it along stride `s` are set,
/// and the ghost file stops a run from continuing onto the next rank.
fn has_four_raw(pieces: u32) -> bool {
    STRIDES.iter().any(|&stride| {
        pieces & (pieces >> stride) & (pieces >> (2 * stride)) & (pieces >> (3 * stride)) != 0
    })
}

/// Four in a row by the explicit masks.
fn has_four_by_lines(pieces: u32) -> bool {
    LINES.iter().any(|&line| line & !pieces == 0)
}

/// Four in a row through the generic type.
fn has_four_generic(pieces: Board) -> bool {
    Direction::AXES
        .iter()
        .any(|&direction| !pieces.runs(direction, 4).is_empty())
}

/// The 16 squares' bits in square order, to spread a 16-bit number over the padded board.
fn spread(subset: u32) -> u32 {
    Square::<Grid4x4Padded>::all()
        .enumerate()
        .filter(|&(position, _)| subset >> position & 1 == 1)
        .fold(0, |bits, (_, square)| bits | 1 << square.index())
}

#[test]
fn layout_has_stride_five() {
    assert_eq!(Grid4x4Padded::RANK_STEP, 5);
    assert_eq!(Board::FULL.bits(), 0b01111_01111_01111_01111);
    let c3 = Square::<Grid4x4Padded>::new(2, 2).unwrap();
    assert_eq!(c3.index(), 12);
    assert_eq!(STRIDES, {
        [
            Direction::East,
            Direction::North,
            Direction::NorthEast,
            Direction::NorthWest,
        ]
        .map(|direction| direction.bit_offset::<Grid4x4Padded>() as u32)
    });
}

#[test]
fn line_masks_match_the_geometry() {
    let mut from_geometry = Vec::new();
    for rank in 0..4 {
        from_geometry.push(Board::rank(rank));
    }
    for file in 0..4 {
        from_geometry.push(Board::file(file));
    }
    from_geometry.push(Board::diagonal(3));
    from_geometry.push(Board::anti_diagonal(3));
    let bits: Vec<u32> = from_geometry.iter().map(|line| line.bits()).collect();
    assert_eq!(bits, LINES);
    // Every line through a square of length 4 is one of the ten, and there are no others.
    let mut through_squares: Vec<u32> = Square::<Grid4x4Padded>::all()
        .flat_map(|square| Direction::AXES.map(|axis| BitBoard::line(square, axis)))
        .filter(|line| line.len() == 4)
        .map(|line| line.bits())
        .collect();
    through_squares.sort_unstable();
    through_squares.dedup();
    let mut sorted = LINES;
    sorted.sort_unstable();
    assert_eq!(through_squares, sorted);
}

/// Every one of the 65 536 sets of squares: raw shifts, masks and the generic type agree.
#[test]
fn four_in_a_row_by_shifts_matches_the_ten_lines() {
    let mut wins = 0;
    for subset in 0..1u32 << 16 {
        let pieces = spread(subset);
        let by_lines = has_four_by_lines(pieces);
        assert_eq!(has_four_raw(pieces), by_lines, "{:#b}", pieces);
        assert_eq!(has_four_generic(Board::from_bits(pieces)), by_lines);
        wins += u32::from(by_lines);
    }
    // 27 382 of the 65 536 sets hold a complete line: the figure inclusion-exclusion over the
    // ten lines gives (sum over k of (-1)^(k+1) * 2^(16 - |union of k lines|)), worked out apart.
    assert_eq!(wins, 27_382);
}

geometry! {
    /// The same board without the ghost file (stride 4 on `u16`).
    struct Unpadded4x4: u16 { files: 4, ranks: 4, ghost_files: 0 }
}

/// Why the ghost file is there: without it the raw rank test sees c1 d1 a2 b2 as four in a row,
/// while the masked shifts of the generic type still get it right.
#[test]
fn without_the_ghost_file_raw_shifts_wrap() {
    let wrapped: BitBoard<Unpadded4x4> = "....\n....\nxx..\n..xx".parse().unwrap();
    let raw = wrapped.bits();
    assert_ne!(raw & (raw >> 1) & (raw >> 2) & (raw >> 3), 0);
    assert!(wrapped.runs(Direction::East, 4).is_empty());
    let padded: Board = "....\n....\nxx..\n..xx".parse().unwrap();
    assert!(!has_four_raw(padded.bits()));
}
