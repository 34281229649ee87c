//! A short tour of `plyforge-bitboard`: one generic square set serving four very different
//! boards. Run it with `cargo run --release --example bitboard_demo`.
//!
//! 1. Chess (8x8 on `u64`, no ghost files): knight attacks and pawn pushes built from masked
//!    shifts.
//! 2. TicTacChess (4x4 on `u32` with one ghost file, stride 5): four in a row by raw shifts and
//!    `&`, checked on all 65 536 sets of squares, and why the ghost file is there.
//! 3. Connect Four (7x6 on `u64`, column-major with a ghost row): moves as `mask + bottom`, the
//!    win test by shifts 1, 7, 6 and 8.
//! 4. Sternhalma (121 holes on `u128`): the six points of the star as plain masks.

use plyforge::bitboard::geometries::{Columns7x6, Grid4x4Padded, Grid8x8, Line121};
use plyforge::bitboard::{BitBoard, Direction, Geometry, Square, geometry};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// The answer to `--help`.
const USAGE: &str = "\
usage: bitboard_demo
A printed tour of plyforge-bitboard on four boards (chess, TicTacChess, Connect Four,
Sternhalma). Takes no arguments.";

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unexpected argument {other:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    chess();
    tictacchess();
    connect_four();
    sternhalma();
    ExitCode::SUCCESS
}

fn heading(title: &str) {
    println!("\n== {title} ==");
}

/// Knight attacks: two masked one-square shifts per jump, so nothing wraps around an edge.
fn knight_attacks(knights: BitBoard<Grid8x8>) -> BitBoard<Grid8x8> {
    use Direction::*;
    let (north, south) = (knights.shift(North), knights.shift(South));
    let (east, west) = (knights.shift(East), knights.shift(West));
    north.shift(NorthEast)
        | north.shift(NorthWest)
        | south.shift(SouthEast)
        | south.shift(SouthWest)
        | east.shift(NorthEast)
        | east.shift(SouthEast)
        | west.shift(NorthWest)
        | west.shift(SouthWest)
}

fn chess() {
    heading("Chess: 8x8 on u64, masked shifts");
    let knights: BitBoard<Grid8x8> = ["b1", "g1"]
        .iter()
        .map(|name| name.parse::<Square<Grid8x8>>().expect("a square name"))
        .collect();
    let attacks = knight_attacks(knights);
    println!("knights on b1 and g1 attack {} squares:", attacks.len());
    println!("{attacks}");
    let total: u32 = Square::<Grid8x8>::all()
        .map(|square| knight_attacks(square.into()).len())
        .sum();
    println!("knight moves on an empty board, summed over the 64 squares: {total}");

    let white = BitBoard::<Grid8x8>::from_bits(0xffff);
    let black = BitBoard::<Grid8x8>::from_bits(0xffff << 48);
    let empty = !(white | black);
    let pawns = BitBoard::<Grid8x8>::rank(1);
    let single = pawns.shift(Direction::North) & empty;
    let double = (single & BitBoard::rank(2)).shift(Direction::North) & empty;
    println!(
        "white pawn pushes from the start: {} single + {} double",
        single.len(),
        double.len()
    );
}

/// The ten lines of four of a 4x4 board, from the geometry's line masks.
fn ten_lines() -> Vec<BitBoard<Grid4x4Padded>> {
    let mut lines: Vec<_> = (0..4).map(BitBoard::rank).collect();
    lines.extend((0..4).map(BitBoard::file));
    lines.push(BitBoard::diagonal(3));
    lines.push(BitBoard::anti_diagonal(3));
    lines
}

/// Four in a row as TicTacChess computes it: stride 1 along a rank, 5 along a file, 6 and 4
/// along the diagonals. The ghost file keeps a rank's run from continuing on the next rank.
fn four_in_a_row(b: u32) -> bool {
    [1, 5, 6, 4]
        .iter()
        .any(|&s| b & (b >> s) & (b >> (2 * s)) & (b >> (3 * s)) != 0)
}

geometry! {
    /// 4x4 without the ghost file, to show what goes wrong.
    struct Unpadded4x4: u16 { files: 4, ranks: 4, ghost_files: 0 }
}

fn tictacchess() {
    heading("TicTacChess: 4x4 on u32 with one ghost file (stride 5)");
    let pieces: BitBoard<Grid4x4Padded> = "..x.\n.x..\nx...\nxxx.".parse().expect("a picture");
    println!("{pieces}");
    println!(
        "raw bits {:#027b} (bits 4, 9, 14, 19 are the ghost file)",
        pieces.bits()
    );
    println!(
        "four in a row by shifts: {}; three-square runs east: {}, north-west: {}",
        four_in_a_row(pieces.bits()),
        pieces.runs(Direction::East, 3).len(),
        pieces.runs(Direction::NorthWest, 3).len()
    );

    // Every set of squares: the shifts against the ten explicit lines.
    let lines = ten_lines();
    let all_sets: Vec<u32> = (0..1u32 << 16)
        .map(|subset| {
            Square::<Grid4x4Padded>::all()
                .enumerate()
                .filter(|&(position, _)| subset >> position & 1 == 1)
                .fold(0, |bits, (_, square)| bits | 1 << square.index())
        })
        .collect();
    let start = Instant::now();
    let by_shifts = black_box(&all_sets)
        .iter()
        .filter(|&&b| four_in_a_row(b))
        .count();
    let shift_time = start.elapsed();
    let start = Instant::now();
    let by_lines = black_box(&all_sets)
        .iter()
        .filter(|&&b| {
            let set = BitBoard::<Grid4x4Padded>::from_bits(b);
            lines.iter().any(|&line| line.is_subset(set))
        })
        .count();
    let line_time = start.elapsed();
    println!(
        "sets of squares holding four in a row: {by_shifts} by shifts ({:.2} ns/set), \
         {by_lines} by the ten line masks ({:.2} ns/set)",
        shift_time.as_nanos() as f64 / all_sets.len() as f64,
        line_time.as_nanos() as f64 / all_sets.len() as f64
    );

    let wrapped: BitBoard<Unpadded4x4> = "....\n....\nxx..\n..xx".parse().expect("a picture");
    let raw = wrapped.bits();
    println!(
        "without the ghost file, c1 d1 a2 b2 are bits 2..=5 and the raw rank test says {} \
         (the generic masked shift still says {})",
        raw & (raw >> 1) & (raw >> 2) & (raw >> 3) != 0,
        !wrapped.runs(Direction::East, 4).is_empty()
    );
}

/// Four in a row on the Connect Four layout: pairs, then pairs of pairs, for each stride.
fn connect_four_win(stones: u64) -> bool {
    [1, 7, 6, 8].iter().any(|&s| {
        let pairs = stones & (stones >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

fn connect_four() {
    heading("Connect Four: 7x6 on u64, column-major with a ghost row");
    let bottom = BitBoard::<Columns7x6>::rank(0).bits();
    println!(
        "column step {} bits, bottom row {bottom:#x}",
        Columns7x6::FILE_STEP
    );
    // Columns played alternately by X and O; X completes a diagonal with its fourth stone.
    let columns = [0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3];
    let (mut mask, mut stones) = (0u64, [0u64; 2]);
    for (ply, &column) in columns.iter().enumerate() {
        let before = mask;
        // Adding the column's bottom bit carries up to its lowest empty cell; the ghost cell
        // on top would take the carry of a full column instead of the next column's bottom.
        mask |= mask + (1 << (7 * column));
        stones[ply % 2] |= mask ^ before;
        if connect_four_win(stones[ply % 2]) {
            println!(
                "{} wins with its move in column {column} (ply {}):",
                ["X", "O"][ply % 2],
                ply + 1
            );
            println!("{}", BitBoard::<Columns7x6>::from_bits(stones[ply % 2]));
            break;
        }
    }
}

/// Holes per row of the star, from the top point to the bottom one.
const ROW_LENGTHS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

fn sternhalma() {
    heading("Sternhalma: the 121-hole star on u128");
    // (row, first hole) of every row; hole numbers run row by row from the top.
    let mut first = [0u8; 17];
    for row in 1..17 {
        first[row] = first[row - 1] + ROW_LENGTHS[row - 1];
    }
    let hole = |index: u8| Square::<Line121>::from_index(index).expect("a hole");
    let row_holes =
        |row: usize, skip: u8, take: u8| (first[row] + skip..first[row] + skip + take).map(hole);
    let length = |row: usize| ROW_LENGTHS[row];
    let mut points = [BitBoard::<Line121>::EMPTY; 6];
    for k in 0..4u8 {
        let (top, bottom) = (k as usize, 13 + k as usize);
        points[0].extend(row_holes(top, 0, length(top)));
        points[3].extend(row_holes(bottom, 0, length(bottom)));
        let (upper, lower) = (4 + k as usize, 12 - k as usize);
        points[1].extend(row_holes(upper, length(upper) - (4 - k), 4 - k));
        points[5].extend(row_holes(upper, 0, 4 - k));
        points[2].extend(row_holes(lower, length(lower) - (4 - k), 4 - k));
        points[4].extend(row_holes(lower, 0, 4 - k));
    }
    let all_points = points.iter().fold(BitBoard::EMPTY, |all, &p| all | p);
    let hexagon = !all_points;
    for (k, point) in points.iter().enumerate() {
        println!(
            "P{k}: {:>2} holes, mask {:#034x}",
            point.len(),
            point.bits()
        );
    }
    println!(
        "the six points hold {} holes; the hexagon, their complement on the board, {}",
        all_points.len(),
        hexagon.len()
    );
    // Draw the star from the masks: `0`..`5` for the points, `o` for the hexagon.
    for row in 0..17 {
        let indent = 13 - length(row) as usize;
        let cells: Vec<String> = row_holes(row, 0, length(row))
            .map(|h| match points.iter().position(|p| p.contains(h)) {
                Some(k) => k.to_string(),
                None => "o".to_string(),
            })
            .collect();
        println!("  {}{}", " ".repeat(indent), cells.join(" "));
    }
}
