//! The 121-hole Sternhalma star on `u128` (`Line121`: hole `h` is bit `h`). The star is not a
//! grid, so shifts do not apply; instead the test builds, from the star's geometry in
//! `shared/docs/rules/sternhalma.md`, a neighbour table and per-hole neighbour masks, checks them
//! against the rules page (point masks, 2-neighbour tips, 5-neighbour hexagon corners), and
//! plays perft to depth 3 with marbles as `BitBoard<Line121>` sets, matching the published
//! counts for 2, 3, 4 and 6 players.

use plyforge_bitboard::geometries::Line121;
use plyforge_bitboard::{BitBoard, Square};

type Holes = BitBoard<Line121>;

const HOLES: usize = 121;
/// Holes per row, from the top point (row 0) to the bottom point (row 16).
const ROW_LENGTHS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
/// Doubled-unit column of a row's centre.
const CENTRE: i16 = 12;
/// The six directions as (row, doubled column) steps: east, west, north-east, south-west,
/// north-west, south-east. Direction `d` and `d ^ 1` are opposite.
const DIRECTIONS: [(i16, i16); 6] = [(0, 2), (0, -2), (-1, 1), (1, -1), (-1, -1), (1, 1)];

/// The star: each hole's (row, doubled column), and the neighbour table built from it.
struct Star {
    position: Vec<(i16, i16)>,
    neighbour: Vec<[Option<u8>; 6]>,
    neighbours: Vec<Holes>,
}

impl Star {
    fn new() -> Star {
        let mut position = Vec::with_capacity(HOLES);
        for (row, &length) in ROW_LENGTHS.iter().enumerate() {
            let first = CENTRE - (i16::from(length) - 1);
            for i in 0..i16::from(length) {
                position.push((row as i16, first + 2 * i));
            }
        }
        assert_eq!(position.len(), HOLES);
        let hole_at = |at: (i16, i16)| position.iter().position(|&p| p == at);
        let neighbour: Vec<[Option<u8>; 6]> = position
            .iter()
            .map(|&(row, column)| {
                DIRECTIONS.map(|(dr, dc)| hole_at((row + dr, column + dc)).map(|h| h as u8))
            })
            .collect();
        let neighbours = neighbour
            .iter()
            .map(|ways| ways.iter().flatten().map(|&h| hole(h)).collect())
            .collect();
        Star {
            position,
            neighbour,
            neighbours,
        }
    }

    /// Where a marble on `from` can go: steps to empty neighbours, and every hole reached by a
    /// chain of jumps over occupied holes. The start hole counts as empty during the move.
    fn destinations(&self, from: Square<Line121>, occupied: Holes) -> Holes {
        let occupied = occupied - Holes::from_square(from);
        let steps = self.neighbours[from.index() as usize] - occupied;
        let mut reached = Holes::from_square(from);
        let mut frontier = reached;
        while let Some(at) = frontier.pop_first() {
            for (way, over) in self.neighbour[at.index() as usize].iter().enumerate() {
                let Some(over) = *over else { continue };
                let Some(landing) = self.neighbour[over as usize][way] else {
                    continue;
                };
                let landing = hole(landing);
                if occupied.contains(hole(over))
                    && !occupied.contains(landing)
                    && !reached.contains(landing)
                {
                    reached.insert(landing);
                    frontier.insert(landing);
                }
            }
        }
        (steps | reached) - Holes::from_square(from)
    }
}

fn hole(index: u8) -> Square<Line121> {
    Square::from_index(index).unwrap()
}

/// The holes of point `Pk` (k = 0 top, clockwise), from the table on the rules page.
fn point(star: &Star, k: usize) -> Holes {
    let holes_of_row = |row: i16| {
        (0..HOLES as u8)
            .filter(move |&h| star.position[h as usize].0 == row)
            .map(hole)
    };
    let rightmost = |row: i16, count: usize| {
        let mut row: Vec<_> = holes_of_row(row).collect();
        row.split_off(row.len() - count)
    };
    let leftmost = |row: i16, count: usize| holes_of_row(row).take(count).collect::<Vec<_>>();
    match k {
        0 => (0..=3).flat_map(holes_of_row).collect(),
        1 => (4..=7)
            .flat_map(|row| rightmost(row, 8 - row as usize))
            .collect(),
        2 => (9..=12)
            .flat_map(|row| rightmost(row, row as usize - 8))
            .collect(),
        3 => (13..=16).flat_map(holes_of_row).collect(),
        4 => (9..=12)
            .flat_map(|row| leftmost(row, row as usize - 8))
            .collect(),
        5 => (4..=7)
            .flat_map(|row| leftmost(row, 8 - row as usize))
            .collect(),
        _ => unreachable!("six points"),
    }
}

#[test]
fn neighbour_table_matches_the_rules_page() {
    let star = Star::new();
    // Symmetric: each step can be taken back the opposite way.
    for (h, ways) in star.neighbour.iter().enumerate() {
        for (way, next) in ways.iter().enumerate() {
            if let Some(next) = next {
                assert_eq!(star.neighbour[*next as usize][way ^ 1], Some(h as u8));
            }
        }
    }
    let degree = |h: usize| star.neighbours[h].len();
    let tips: Vec<usize> = (0..HOLES).filter(|&h| degree(h) == 2).collect();
    let corners: Vec<usize> = (0..HOLES).filter(|&h| degree(h) == 5).collect();
    // The tips: the top and bottom holes and the ends of the 13-hole rows (holes 10, 22, 98, 110).
    assert_eq!(tips, [0, 10, 22, 98, 110, 120]);
    assert_eq!(corners.len(), 6, "hexagon corners: {corners:?}");
    // The board is symmetric under the half turn h -> 120 - h.
    for h in 0..HOLES {
        let turned: Holes = star.neighbours[120 - h]
            .iter()
            .map(|n| hole(120 - n.index()))
            .collect();
        assert_eq!(turned, star.neighbours[h]);
    }
    // Each hole's mask holds exactly the table's neighbours, and none is the hole itself.
    for h in 0..HOLES {
        assert!(!star.neighbours[h].contains(hole(h as u8)));
        assert_eq!(
            star.neighbours[h].len() as usize,
            star.neighbour[h].iter().flatten().count()
        );
    }
}

#[test]
fn point_masks() {
    let star = Star::new();
    let points: Vec<Holes> = (0..6).map(|k| point(&star, k)).collect();
    assert_eq!(points[0].bits(), (1 << 10) - 1);
    assert_eq!(points[3].bits(), ((1 << 10) - 1) << 111);
    let mut all_points = Holes::EMPTY;
    for (k, &point) in points.iter().enumerate() {
        assert_eq!(point.len(), 10, "P{k}");
        assert!(point.is_disjoint(all_points));
        all_points |= point;
        // Opposite points are half-turns of each other.
        let turned: Holes = point.iter().map(|h| hole(120 - h.index())).collect();
        assert_eq!(turned, points[(k + 3) % 6]);
    }
    // What is left is the hexagon of 61 holes, 5 to 9 per row.
    let hexagon = !all_points;
    assert_eq!(hexagon.len(), 61);
    let per_row: Vec<usize> = (4..=12)
        .map(|row| {
            hexagon
                .iter()
                .filter(|h| star.position[h.index() as usize].0 == row)
                .count()
        })
        .collect();
    assert_eq!(per_row, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    // The ten marbles of a point reach at most one step out of it.
    let spill: Holes = points[0].iter().fold(Holes::EMPTY, |spill, h| {
        spill | star.neighbours[h.index() as usize]
    }) - points[0];
    assert_eq!(spill.len(), 5);
}

/// Perft over the star with one `Holes` set per player, turn by turn.
fn perft(star: &Star, marbles: &mut [Holes], to_move: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let occupied = marbles.iter().fold(Holes::EMPTY, |all, &m| all | m);
    let next = (to_move + 1) % marbles.len();
    let mut count = 0;
    for from in marbles[to_move] {
        for to in star.destinations(from, occupied) {
            let before = marbles[to_move];
            marbles[to_move] = (before - Holes::from_square(from)) | Holes::from_square(to);
            count += perft(star, marbles, next, depth - 1);
            marbles[to_move] = before;
        }
    }
    // No game is won and nobody is stuck within three plies of the start, so there are no
    // passes or ends to count here.
    assert!(count > 0);
    count
}

#[test]
fn perft_from_the_start_matches_the_rules_page() {
    let star = Star::new();
    let cases: [(&[usize], [u64; 3]); 4] = [
        (&[0, 3], [14, 196, 4760]),
        (&[0, 2, 4], [14, 196, 2744]),
        (&[1, 2, 4, 5], [14, 199, 2786]),
        (&[0, 1, 2, 3, 4, 5], [14, 199, 2828]),
    ];
    for (homes, expected) in cases {
        let mut marbles: Vec<Holes> = homes.iter().map(|&k| point(&star, k)).collect();
        for depth in 1..=3 {
            assert_eq!(
                perft(&star, &mut marbles, 0, depth),
                expected[depth as usize - 1],
                "{} players, depth {depth}",
                homes.len()
            );
        }
    }
}
