//! Connect Four on `u64`, column-major with a ghost cell on top of each column (the classic
//! height-plus-one layout): cell (column, row) is bit `7 * column + row`. The ghost row lets
//! `b & b >> s` work for every stride (1 up a column, 7 along a row, 6 and 8 along the
//! diagonals) and lets a move be played as `mask + bottom-of-column` without carrying into the
//! next column. Checked against a cell-by-cell reference on random positions and random games.

use plyforge_bitboard::geometries::Columns7x6;
use plyforge_bitboard::{BitBoard, Direction, Geometry, Square};
use proptest::prelude::*;

type Board = BitBoard<Columns7x6>;

const COLUMNS: u8 = 7;
const ROWS: u8 = 6;
/// Bits per column: six cells and the ghost.
const COLUMN_BITS: u32 = 7;
/// Bit distance between neighbours up a column, along a row, and along the two diagonals.
const STRIDES: [u32; 4] = [1, 7, 6, 8];
/// The bottom cell of every column.
const BOTTOM: u64 = 0x0000_0408_1020_4081;

/// Four in a row by raw shifts, in two steps per stride: pairs, then pairs of pairs.
fn has_four_raw(pieces: u64) -> bool {
    STRIDES.iter().any(|&stride| {
        let pairs = pieces & (pieces >> stride);
        pairs & (pairs >> (2 * stride)) != 0
    })
}

/// Four in a row cell by cell, through coordinates only.
fn has_four_reference(pieces: Board) -> bool {
    const WAYS: [(i8, i8); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    pieces.iter().any(|start| {
        WAYS.iter().any(|&(files, ranks)| {
            (1..4).all(|k| {
                start
                    .offset(files * k, ranks * k)
                    .is_some_and(|cell| pieces.contains(cell))
            })
        })
    })
}

/// Four in a row through the generic type.
fn has_four_generic(pieces: Board) -> bool {
    Direction::AXES
        .iter()
        .any(|&direction| !pieces.runs(direction, 4).is_empty())
}

#[test]
fn layout_is_height_plus_one() {
    assert_eq!(Columns7x6::FILE_STEP as u32, COLUMN_BITS);
    assert_eq!(Columns7x6::RANK_STEP, 1);
    assert_eq!(Board::rank(0).bits(), BOTTOM);
    assert_eq!(Board::FULL.bits(), BOTTOM * 0b11_1111);
    assert_eq!(Board::FULL.len(), u32::from(COLUMNS) * u32::from(ROWS));
    let top_of_last = Square::<Columns7x6>::new(COLUMNS - 1, ROWS - 1).unwrap();
    assert_eq!(top_of_last.index(), 47);
    // The ghost cell above column 0 is not a square.
    assert!(Square::<Columns7x6>::from_index(6).is_err());
    assert_eq!(
        STRIDES,
        [
            Direction::North,
            Direction::East,
            Direction::SouthEast,
            Direction::NorthEast
        ]
        .map(|direction| direction.bit_offset::<Columns7x6>() as u32)
    );
}

#[test]
fn known_positions() {
    let vertical: Board = ".......\n.......\n...x...\n...x...\n...x...\n...x..."
        .parse()
        .unwrap();
    let diagonal: Board = ".......\n.......\n...x...\n..x....\n.x.....\nx......"
        .parse()
        .unwrap();
    let anti: Board = "...x...\n....x..\n.....x.\n......x\n.......\n......."
        .parse()
        .unwrap();
    // Three at the top of column 0 and one at the bottom of column 1 are adjacent bits
    // (3, 4, 5 and 7 skip the ghost bit 6): not a line.
    let wrapped: Board = "x......\nx......\nx......\n.......\n.......\n.x....."
        .parse()
        .unwrap();
    for line in [vertical, diagonal, anti] {
        assert!(has_four_raw(line.bits()) && has_four_generic(line));
    }
    assert!(!has_four_raw(wrapped.bits()));
    assert!(!has_four_generic(wrapped) && !has_four_reference(wrapped));
}

/// A position reached by playing `moves` (column numbers) from the empty board, the classic
/// way: `mask + bottom-of-column` sets the lowest empty cell, and the ghost cell absorbs the
/// carry of a full column, which is why full columns are refused first.
struct Game {
    mask: u64,
    current: u64,
}

impl Game {
    fn can_play(&self, column: u8) -> bool {
        let top = 1u64 << (u32::from(column) * COLUMN_BITS + u32::from(ROWS) - 1);
        self.mask & top == 0
    }

    /// Plays in `column` and returns the stones of the player who moved.
    fn play(&mut self, column: u8) -> u64 {
        let bottom = 1u64 << (u32::from(column) * COLUMN_BITS);
        self.current ^= self.mask;
        self.mask |= self.mask + bottom;
        // `current` now holds the opponent's stones; the mover's are the rest of the mask.
        self.current ^ self.mask
    }
}

proptest! {
    /// Random sets of cells: raw shifts, the generic type and the reference agree.
    #[test]
    fn four_in_a_row_agrees(a in any::<u64>(), b in any::<u64>()) {
        // AND of two random words: about a quarter of the cells, so both outcomes are common.
        let pieces = Board::from_bits(a & b);
        let reference = has_four_reference(pieces);
        prop_assert_eq!(has_four_raw(pieces.bits()), reference);
        prop_assert_eq!(has_four_generic(pieces), reference);
    }

    /// Random games: after every move the stones stay on playable cells, each column fills from
    /// the bottom, and the raw win test agrees with the reference for the player who moved.
    #[test]
    fn random_games(choices in proptest::collection::vec(0u8..COLUMNS, 0..80)) {
        let mut game = Game { mask: 0, current: 0 };
        let mut heights = [0u8; COLUMNS as usize];
        for column in choices {
            if !game.can_play(column) {
                prop_assert_eq!(heights[column as usize], ROWS);
                continue;
            }
            let mover = game.play(column);
            let cell = Square::<Columns7x6>::new(column, heights[column as usize]).unwrap();
            heights[column as usize] += 1;
            prop_assert!(Board::from_bits(mover).contains(cell));
            prop_assert_eq!(game.mask & !Board::FULL.bits(), 0, "a stone reached a ghost cell");
            let stones = Board::from_bits(mover);
            prop_assert_eq!(stones.bits(), mover);
            let won = has_four_reference(stones);
            prop_assert_eq!(has_four_raw(mover), won);
            prop_assert_eq!(has_four_generic(stones), won);
            if won {
                break;
            }
        }
    }
}
