//! Hand-set starting weights, (middlegame, endgame) centipawns, before any tuning. `chess_tune`
//! (crates/lab) replaces this file with fitted values in the same names.

use super::layout::{
    BISHOP_MOBILITY, KING_DANGER_LEN, KNIGHT_MOBILITY, QUEEN_MOBILITY, ROOK_MOBILITY, S,
};

/// Distance of a square to the board's centre, 0 (d4, e4, d5, e5) to 3 (the edge).
const fn centre_distance(square: usize) -> i32 {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let file_distance = if file < 4 { 3 - file } else { file - 4 };
    let rank_distance = if rank < 4 { 3 - rank } else { rank - 4 };
    if file_distance > rank_distance {
        file_distance
    } else {
        rank_distance
    }
}

/// The placement of `role` on `square` seen from White: centralisation, pawn advance, king
/// shelter in the middlegame and king activity in the endgame.
const fn square_bonus(role: usize, square: usize) -> S {
    let rank = (square / 8) as i32;
    let file = (square % 8) as i32;
    let centre = centre_distance(square);
    match role {
        0 => {
            if rank == 0 || rank == 7 {
                return (0, 0);
            }
            let central = if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                15
            } else {
                0
            };
            ((rank - 1) * 5 + central, (rank - 1) * 8)
        }
        1 => (20 - centre * 12, 15 - centre * 10),
        2 => (10 - centre * 5, 10 - centre * 5),
        3 => {
            let seventh = if rank == 6 { 20 } else { 0 };
            (seventh, seventh / 2)
        }
        4 => (5 - centre * 3, 10 - centre * 5),
        _ => {
            let shelter = if rank == 0 { 20 } else { -15 * rank };
            let wing = if file <= 2 || file >= 6 { 15 } else { -15 };
            (shelter + wing, 30 - centre * 15)
        }
    }
}

/// A list that grows by (`middle`, `end`) per step from (0, 0) at `zero`.
const fn linear<const N: usize>(zero: i32, middle: i32, end: i32) -> [S; N] {
    let mut list = [(0, 0); N];
    let mut i = 0;
    while i < N {
        list[i] = ((i as i32 - zero) * middle, (i as i32 - zero) * end);
        i += 1;
    }
    list
}

/// Material by role (pawn, knight, bishop, rook, queen): one per piece.
pub(super) const MATERIAL: [S; 5] = [(100, 120), (320, 300), (330, 320), (480, 540), (950, 1000)];
/// Piece-square tables by role (pawn .. king), a1 = 0, from White's side.
pub(super) const PST: [[S; 64]; 6] = {
    let mut tables = [[(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut square = 0;
        while square < 64 {
            tables[role][square] = square_bonus(role, square);
            square += 1;
        }
        role += 1;
    }
    tables
};
/// Knight by the number of reachable squares (not own pieces, not attacked by enemy pawns).
pub(super) const MOBILITY_KNIGHT: [S; KNIGHT_MOBILITY] = linear(4, 4, 4);
/// Bishop by reachable squares.
pub(super) const MOBILITY_BISHOP: [S; BISHOP_MOBILITY] = linear(6, 5, 5);
/// Rook by reachable squares.
pub(super) const MOBILITY_ROOK: [S; ROOK_MOBILITY] = linear(6, 2, 4);
/// Queen by reachable squares.
pub(super) const MOBILITY_QUEEN: [S; QUEEN_MOBILITY] = linear(13, 1, 2);
/// Passed pawn by its rank from its own side (rank 1 = 0).
pub(super) const PASSED: [S; 8] = [
    (0, 0),
    (5, 10),
    (5, 15),
    (10, 25),
    (20, 45),
    (35, 75),
    (60, 120),
    (0, 0),
];
/// Extra for a passed pawn whose squares up to promotion are empty, by rank.
pub(super) const PASSED_FREE: [S; 8] = [
    (0, 0),
    (0, 0),
    (0, 5),
    (5, 10),
    (10, 20),
    (15, 35),
    (25, 60),
    (0, 0),
];
/// A pawn with no own pawn on the files beside it.
pub(super) const ISOLATED: S = (-10, -15);
/// A pawn with an own pawn in front of it on its file.
pub(super) const DOUBLED: S = (-10, -20);
/// A pawn no own pawn beside or behind can support, whose next square an enemy pawn attacks.
pub(super) const BACKWARD: S = (-8, -10);
/// A king by the attack units of enemy pieces on its zone, capped.
pub(super) const KING_DANGER: [S; KING_DANGER_LEN] = {
    let mut list = [(0, 0); KING_DANGER_LEN];
    let mut i = 0;
    while i < KING_DANGER_LEN {
        let units = i as i32;
        list[i] = (-(units * units) / 2, -units);
        i += 1;
    }
    list
};
/// Own pawns in front of a castled king: on the second rank, on the third.
pub(super) const SHIELD: [S; 2] = [(15, 0), (8, 0)];
/// Two bishops or more.
pub(super) const BISHOP_PAIR: S = (30, 50);
/// A rook on a file with no pawn.
pub(super) const ROOK_OPEN_FILE: S = (25, 10);
/// A rook on a file with enemy pawns only.
pub(super) const ROOK_HALF_OPEN_FILE: S = (12, 5);
/// A knight on ranks 4 to 6, protected by an own pawn, that no enemy pawn can ever attack.
pub(super) const KNIGHT_OUTPOST: S = (20, 10);
/// A bishop on such an outpost.
pub(super) const BISHOP_OUTPOST: S = (12, 5);
/// The side to move.
pub(super) const TEMPO: S = (15, 5);
