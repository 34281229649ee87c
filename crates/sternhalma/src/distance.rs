//! Distance-to-target tables: for every point of the star and every hole, the number of single
//! steps from the hole to the point's tip on an empty board, found by a breadth-first search at
//! compile time. The evaluation sums these per player, so a marble counts as home only once it
//! sits deep in its target, which keeps a target from filling from the front and jamming.

use crate::star::{DIRECTIONS, HOLES, NO_HOLE, POINT_TIPS, POINTS};

/// `DISTANCES[p][h]`: steps from hole `h` to the tip of point `p` on an empty board.
pub static DISTANCES: [[u8; HOLES]; POINTS] = all_distances();

/// The least possible sum of [`DISTANCES`] for ten marbles filling point `p` (the same for
/// every point by symmetry): 1 tip at 0, 2 holes at 1, 3 at 2, 4 at 3.
pub const HOME_DISTANCE_SUM: u32 = 2 + 3 * 2 + 4 * 3;

const fn all_distances() -> [[u8; HOLES]; POINTS] {
    let mut table = [[0u8; HOLES]; POINTS];
    let mut point = 0;
    while point < POINTS {
        table[point] = distances_from(POINT_TIPS[point]);
        point += 1;
    }
    table
}

/// Breadth-first search from `source` over single steps.
const fn distances_from(source: u8) -> [u8; HOLES] {
    let mut distance = [u8::MAX; HOLES];
    let mut queue = [0u8; HOLES];
    let (mut head, mut tail) = (0, 1);
    queue[0] = source;
    distance[source as usize] = 0;
    while head < tail {
        let hole = queue[head] as usize;
        head += 1;
        let mut d = 0;
        while d < DIRECTIONS {
            let next = NEIGHBOURS_CONST[hole][d];
            if next != NO_HOLE && distance[next as usize] == u8::MAX {
                distance[next as usize] = distance[hole] + 1;
                queue[tail] = next;
                tail += 1;
            }
            d += 1;
        }
    }
    distance
}

/// A `const` copy of the neighbour table: a `static` cannot be read during const evaluation of
/// another static's initialiser on every toolchain we support, a `const` always can.
const NEIGHBOURS_CONST: [[u8; DIRECTIONS]; HOLES] = crate::star::neighbour_table();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::star::{NEIGHBOURS, POINT_HOLES};

    #[test]
    fn distances_match_a_runtime_search() {
        // The same search at run time over the `static` table, to check the const version.
        for point in 0..POINTS {
            let mut distance = [usize::MAX; HOLES];
            let mut frontier = vec![POINT_TIPS[point] as usize];
            distance[frontier[0]] = 0;
            let mut steps = 0;
            while !frontier.is_empty() {
                steps += 1;
                let mut next = Vec::new();
                for &hole in &frontier {
                    for &n in &NEIGHBOURS[hole] {
                        if n != NO_HOLE && distance[n as usize] == usize::MAX {
                            distance[n as usize] = steps;
                            next.push(n as usize);
                        }
                    }
                }
                frontier = next;
            }
            for hole in 0..HOLES {
                assert_eq!(DISTANCES[point][hole] as usize, distance[hole]);
            }
        }
    }

    #[test]
    fn home_sum_is_the_filled_point() {
        for point in 0..POINTS {
            let sum: u32 = (0..HOLES)
                .filter(|&h| POINT_HOLES[point] >> h & 1 == 1)
                .map(|h| DISTANCES[point][h] as u32)
                .sum();
            assert_eq!(sum, HOME_DISTANCE_SUM);
        }
        // Tip to opposite tip: 16 rows apart.
        assert_eq!(DISTANCES[3][0], 16);
    }
}
