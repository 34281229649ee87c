//! The 121-hole star: hole numbering, coordinates, the six directions, and the per-hole tables
//! that move generation reads (neighbours, jumped-over and landing holes, step masks). Every
//! table is computed by a `const fn` at compile time from the geometry of the rules page: hole
//! `h` sits in row `r` at doubled column `x`, and two holes are adjacent when they differ by
//! `(0, ±2)` or `(±1, ±1)`.

/// The number of holes on the board.
pub const HOLES: usize = 121;

/// The number of rows, from the top point (row 0) to the bottom point (row 16).
pub const ROWS: usize = 17;

/// The number of holes in each row, top to bottom.
pub const ROW_LENGTHS: [u8; ROWS] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

/// The doubled column of the middle of every row: a row of length `L` spans
/// `CENTRE_COLUMN - (L - 1) ..= CENTRE_COLUMN + (L - 1)` in steps of 2.
const CENTRE_COLUMN: i8 = 12;

/// Marks "no hole" in the byte tables (off the board): bit 127, the one bit of the `u128`
/// past the last hole. The position keeps this bit set in its occupied set, so "the hole
/// beyond is empty" is false off the board without a branch, and per-hole arrays padded to
/// 128 entries give it a scratch slot.
pub const NO_HOLE: u8 = 127;

/// The bits of the board's integer: tables indexed by a hole found by a bit scan have this many
/// entries, so the index is in bounds by construction (`hole & (BITS - 1)`).
pub const BITS: usize = 128;

/// Every hole of the board.
pub const ALL_HOLES: u128 = (1u128 << HOLES) - 1;

/// The number of directions on the star.
pub const DIRECTIONS: usize = 6;

/// One of the six directions between adjacent holes, counter-clockwise from east, so that the
/// opposite of direction `d` is `(d + 3) % 6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Same row, two doubled columns right: `(0, +2)`.
    East,
    /// One row up, one column right: `(-1, +1)`.
    NorthEast,
    /// One row up, one column left: `(-1, -1)`.
    NorthWest,
    /// Same row, two doubled columns left: `(0, -2)`.
    West,
    /// One row down, one column left: `(+1, -1)`.
    SouthWest,
    /// One row down, one column right: `(+1, +1)`.
    SouthEast,
}

impl Direction {
    /// All six, in index order.
    pub const ALL: [Direction; DIRECTIONS] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The change of (row, doubled column) for one step.
    ///
    /// ```
    /// use plyforge_sternhalma::Direction;
    /// assert_eq!(Direction::SouthWest.delta(), (1, -1));
    /// ```
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::East => (0, 2),
            Direction::NorthEast => (-1, 1),
            Direction::NorthWest => (-1, -1),
            Direction::West => (0, -2),
            Direction::SouthWest => (1, -1),
            Direction::SouthEast => (1, 1),
        }
    }

    /// The reverse direction.
    ///
    /// ```
    /// use plyforge_sternhalma::Direction;
    /// assert_eq!(Direction::NorthEast.opposite(), Direction::SouthWest);
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + DIRECTIONS / 2) % DIRECTIONS]
    }
}

/// The index of the first hole of every row.
pub const ROW_STARTS: [u8; ROWS] = row_starts();

const fn row_starts() -> [u8; ROWS] {
    let mut starts = [0u8; ROWS];
    let mut row = 1;
    while row < ROWS {
        starts[row] = starts[row - 1] + ROW_LENGTHS[row - 1];
        row += 1;
    }
    starts
}

/// The row and doubled column of every hole.
pub const COORDINATES: [(u8, u8); HOLES] = coordinates();

const fn coordinates() -> [(u8, u8); HOLES] {
    let mut table = [(0u8, 0u8); HOLES];
    let mut row = 0;
    while row < ROWS {
        let length = ROW_LENGTHS[row] as i8;
        let mut i = 0;
        while i < length {
            let column = CENTRE_COLUMN - (length - 1) + 2 * i;
            table[ROW_STARTS[row] as usize + i as usize] = (row as u8, column as u8);
            i += 1;
        }
        row += 1;
    }
    table
}

/// The hole at (row, doubled column), if there is one.
///
/// ```
/// use plyforge_sternhalma::star::hole_at;
/// assert_eq!(hole_at(0, 12), Some(0));
/// assert_eq!(hole_at(4, 0), Some(10));
/// assert_eq!(hole_at(4, 1), None);
/// ```
pub const fn hole_at(row: i8, column: i8) -> Option<u8> {
    if row < 0 || row >= ROWS as i8 {
        return None;
    }
    let length = ROW_LENGTHS[row as usize] as i8;
    let first = CENTRE_COLUMN - (length - 1);
    let offset = column - first;
    if offset < 0 || offset % 2 != 0 || offset / 2 >= length {
        return None;
    }
    Some(ROW_STARTS[row as usize] + (offset / 2) as u8)
}

/// The neighbour of `hole` one step in `direction`, if it exists.
const fn step_from(hole: u8, direction: Direction, steps: i8) -> Option<u8> {
    let (row, column) = COORDINATES[hole as usize];
    let (rows, columns) = direction.delta();
    hole_at(row as i8 + steps * rows, column as i8 + steps * columns)
}

/// `NEIGHBOURS[h][d]`: the hole next to `h` in direction `d`, or [`NO_HOLE`].
pub static NEIGHBOURS: [[u8; DIRECTIONS]; HOLES] = line_table(1);

/// `LANDINGS[h][d]`: the hole two steps from `h` in direction `d` (where a jump over
/// `NEIGHBOURS[h][d]` lands), or [`NO_HOLE`].
pub static LANDINGS: [[u8; DIRECTIONS]; HOLES] = line_table(2);

/// The neighbour table as a `const fn`, for other compile-time tables.
pub(crate) const fn neighbour_table() -> [[u8; DIRECTIONS]; HOLES] {
    line_table(1)
}

const fn line_table(steps: i8) -> [[u8; DIRECTIONS]; HOLES] {
    let mut table = [[NO_HOLE; DIRECTIONS]; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let mut d = 0;
        while d < DIRECTIONS {
            // Two steps exist only if the one in between does too: the star has no holes in it.
            if let Some(target) = step_from(hole as u8, Direction::ALL[d], steps) {
                table[hole][d] = target;
            }
            d += 1;
        }
        hole += 1;
    }
    table
}

/// `STEPS[h]`: the set of holes adjacent to `h`.
pub static STEPS: [u128; HOLES] = step_masks();

const fn step_masks() -> [u128; HOLES] {
    let neighbours = line_table(1);
    let mut masks = [0u128; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let mut d = 0;
        while d < DIRECTIONS {
            if neighbours[hole][d] != NO_HOLE {
                masks[hole] |= 1u128 << neighbours[hole][d];
            }
            d += 1;
        }
        hole += 1;
    }
    masks
}

/// `HOLE_BITS[h]`: the set of the one hole `h` (padded to [`BITS`] entries). A load is cheaper
/// than `1 << h` on a `u128`, a variable shift across two 64-bit registers.
pub static HOLE_BITS: [u128; BITS] = hole_bits();

const fn hole_bits() -> [u128; BITS] {
    let mut table = [0u128; BITS];
    let mut hole = 0;
    while hole < BITS {
        table[hole] = 1 << hole;
        hole += 1;
    }
    table
}

/// The number of subsets of the six directions: the values of a jump-direction mask.
pub const DIRECTION_SUBSETS: usize = 1 << DIRECTIONS;

/// `LANDING_SETS[h][s]`: the landing holes of the jumps from `h` in the directions of the
/// subset `s` (bit `d` for direction `d`), as a set. A chain search finds the landings of a
/// hole's jump-direction mask with one load instead of a loop over the directions. The table
/// is 128 KB; two tables of the halves (directions 0-2 and 3-5, 32 KB, two loads and an OR)
/// took more instructions and were no faster in wall clock. Padded to [`BITS`] holes (the
/// padding is empty), and jumps off the board land nowhere.
pub static LANDING_SETS: [[u128; DIRECTION_SUBSETS]; BITS] = landing_sets();

const fn landing_sets() -> [[u128; DIRECTION_SUBSETS]; BITS] {
    let landings = line_table(2);
    let mut table = [[0u128; DIRECTION_SUBSETS]; BITS];
    let mut hole = 0;
    while hole < HOLES {
        let mut subset = 0;
        while subset < DIRECTION_SUBSETS {
            let mut d = 0;
            while d < DIRECTIONS {
                let landing = landings[hole][d];
                if subset >> d & 1 == 1 && landing != NO_HOLE {
                    table[hole][subset] |= 1u128 << landing;
                }
                d += 1;
            }
            subset += 1;
        }
        hole += 1;
    }
    table
}

/// `TOWARDS[from][h]`: the direction bits `d` with `NEIGHBOURS[h][d] == from`, i.e. the jumps
/// from `h` that would pass over hole `from`. A moving marble has left `from`, so those jumps
/// are impossible during its move.
/// Rows are padded to [`BITS`] entries.
pub static TOWARDS: [[u8; BITS]; HOLES] = towards();

const fn towards() -> [[u8; BITS]; HOLES] {
    let neighbours = line_table(1);
    let mut table = [[0u8; BITS]; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let mut d = 0;
        while d < DIRECTIONS {
            let next = neighbours[hole][d];
            if next != NO_HOLE {
                table[next as usize][hole] |= 1 << d;
            }
            d += 1;
        }
        hole += 1;
    }
    table
}

/// The number of points (triangles) of the star.
pub const POINTS: usize = 6;

/// The holes of each point, clockwise from the top: P0 top, P1 upper right, P2 lower right,
/// P3 bottom, P4 lower left, P5 upper left.
pub static POINT_HOLES: [u128; POINTS] = point_masks();

pub(crate) const fn point_masks() -> [u128; POINTS] {
    let mut masks = [0u128; POINTS];
    let mut row = 0;
    while row < ROWS {
        let start = ROW_STARTS[row] as u32;
        let length = ROW_LENGTHS[row] as u32;
        let row_mask = ((1u128 << length) - 1) << start;
        if row <= 3 {
            masks[0] |= row_mask;
        } else if row >= 13 {
            masks[3] |= row_mask;
        } else if row <= 7 {
            // Rows 4..=7 give 4, 3, 2, 1 holes to each upper point.
            let count = 8 - row as u32;
            masks[5] |= ((1u128 << count) - 1) << start;
            masks[1] |= ((1u128 << count) - 1) << (start + length - count);
        } else if row >= 9 {
            // Rows 9..=12 give 1, 2, 3, 4 holes to each lower point.
            let count = row as u32 - 8;
            masks[4] |= ((1u128 << count) - 1) << start;
            masks[2] |= ((1u128 << count) - 1) << (start + length - count);
        }
        row += 1;
    }
    masks
}

/// The tip of each point: its hole farthest from the centre.
pub const POINT_TIPS: [u8; POINTS] = [0, 22, 110, 120, 98, 10];

/// The point opposite `point`, the target of the player whose home it is.
///
/// ```
/// use plyforge_sternhalma::star::opposite_point;
/// assert_eq!(opposite_point(1), 4);
/// ```
pub const fn opposite_point(point: usize) -> usize {
    (point + POINTS / 2) % POINTS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_cover_the_holes() {
        assert_eq!(
            ROW_LENGTHS.iter().map(|&l| l as usize).sum::<usize>(),
            HOLES
        );
        assert_eq!(ROW_STARTS[16], 120);
        assert_eq!(COORDINATES[0], (0, 12));
        assert_eq!(COORDINATES[120], (16, 12));
        // Row 8 spans x = 4..=20.
        assert_eq!(COORDINATES[ROW_STARTS[8] as usize], (8, 4));
    }

    #[test]
    fn neighbour_counts_match_the_rules_page() {
        let count = |h: usize| NEIGHBOURS[h].iter().filter(|&&n| n != NO_HOLE).count();
        for tip in POINT_TIPS {
            assert_eq!(count(tip as usize), 2, "tip {tip}");
        }
        // The six corners of the hexagon: ends of rows 4, 12 and the rows' ends at row 8.
        let corners: Vec<usize> = (0..HOLES).filter(|&h| count(h) == 5).collect();
        assert_eq!(corners.len(), 6, "{corners:?}");
        for (h, row) in NEIGHBOURS.iter().enumerate() {
            for (d, &n) in row.iter().enumerate() {
                if n != NO_HOLE {
                    assert_eq!(NEIGHBOURS[n as usize][(d + 3) % 6], h as u8);
                }
            }
        }
    }

    #[test]
    fn points_have_ten_holes_and_tips() {
        for (point, &mask) in POINT_HOLES.iter().enumerate() {
            assert_eq!(mask.count_ones(), 10, "point {point}");
            assert_ne!(mask & (1 << POINT_TIPS[point]), 0);
            for other in &POINT_HOLES[..point] {
                assert_eq!(mask & other, 0);
            }
        }
        assert_eq!(POINT_HOLES[0], (1 << 10) - 1);
        assert_eq!(POINT_HOLES[3], ((1u128 << 10) - 1) << 111);
    }
}
