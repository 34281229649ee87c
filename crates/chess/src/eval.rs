//! A first evaluation: material and piece-square tables, each with a middlegame and an
//! endgame value, blended by the material left on the board (a tapered evaluation). The
//! tables are simple shapes written out as formulas (centralisation, pawn advance, king
//! shelter in the middlegame and king activity in the endgame), meant as a baseline for the
//! engine to improve.

use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use plyforge_search::{Evaluator, Score};

/// Material in centipawns by role: (middlegame, endgame).
const MATERIAL: [(i32, i32); 6] = [
    (100, 120),
    (320, 300),
    (330, 320),
    (480, 540),
    (950, 1000),
    (0, 0),
];

/// Phase weight by role: the full phase is all minor and major pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the start position's material.
const FULL_PHASE: i32 = 24;

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

/// The piece-square bonus of `role` on `square` seen from White (a1 = 0): (middlegame, endgame).
const fn square_bonus(role: usize, square: usize) -> (i32, i32) {
    let rank = (square / 8) as i32;
    let file = (square % 8) as i32;
    let centre = centre_distance(square);
    match role {
        0 => {
            let central = if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                15
            } else {
                0
            };
            ((rank - 1) * 5 + central, (rank - 1) * 12)
        }
        1 => (20 - centre * 12, 15 - centre * 10),
        2 => (10 - centre * 5, 10 - centre * 5),
        3 => {
            let seventh = if rank == 6 { 20 } else { 0 };
            let central = if file == 3 || file == 4 { 5 } else { 0 };
            (seventh + central, seventh / 2)
        }
        4 => (5 - centre * 3, 10 - centre * 5),
        _ => {
            // Middlegame: stay home and off the centre files; endgame: come to the centre.
            let shelter = if rank == 0 { 20 } else { -15 * rank };
            let wing = if file <= 2 || file >= 6 { 15 } else { -15 };
            (shelter + wing, 30 - centre * 15)
        }
    }
}

/// Middlegame and endgame values (material + square) by role and square, from White's view.
static TABLES: [[(i32, i32); 64]; 6] = {
    let mut tables = [[(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut square = 0;
        while square < 64 {
            let (middle, end) = square_bonus(role, square);
            tables[role][square] = (MATERIAL[role].0 + middle, MATERIAL[role].1 + end);
            square += 1;
        }
        role += 1;
    }
    tables
};

/// Material and tapered piece-square tables.
///
/// ```
/// use plyforge_chess::{Board, Evaluation};
/// use plyforge_search::Evaluator;
/// let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
/// assert!(Evaluation.evaluate(&board, 0) > 800); // White, a queen up
/// assert_eq!(Evaluation.evaluate(&board, 1), -Evaluation.evaluate(&board, 0));
/// # Ok::<(), plyforge_chess::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Evaluation;

/// The terms of an evaluation, from White's view in centipawns: what [`Evaluation::trace`]
/// returns for a UCI `eval` or a user who wants to see why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvaluationTrace {
    /// Material: (middlegame, endgame).
    pub material: (i32, i32),
    /// Piece placement (the piece-square tables): (middlegame, endgame).
    pub placement: (i32, i32),
    /// The game phase, from 0 (bare kings and pawns) to [`EvaluationTrace::FULL_PHASE`] (all
    /// pieces on the board): the middlegame's weight in the blend.
    pub phase: i32,
    /// The blended score: what [`Evaluation::white_score`] returns.
    pub score: Score,
}

impl EvaluationTrace {
    /// The phase of the start position's material.
    pub const FULL_PHASE: i32 = FULL_PHASE;
}

impl Evaluation {
    /// The terms of the evaluation of `board`; their blend is [`Evaluation::white_score`].
    ///
    /// ```
    /// use plyforge_chess::{Board, Evaluation};
    /// let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
    /// let trace = Evaluation::trace(&board);
    /// assert_eq!(trace.material, (950, 1000));
    /// assert_eq!(trace.score, Evaluation::white_score(&board));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn trace(board: &Board) -> EvaluationTrace {
        let mut material = (0, 0);
        for color in Color::ALL {
            let sign = color.fold(1, -1);
            for role in Role::ALL {
                let count = board.bits(color, role).count_ones() as i32;
                material.0 += sign * count * MATERIAL[role.index()].0;
                material.1 += sign * count * MATERIAL[role.index()].1;
            }
        }
        let (total, phase) = Self::blend_parts(board);
        EvaluationTrace {
            material,
            placement: (total.0 - material.0, total.1 - material.1),
            phase,
            score: Self::white_score(board),
        }
    }

    /// The middlegame and endgame sums of the tables, and the phase.
    #[inline]
    fn blend_parts(board: &Board) -> ((i32, i32), i32) {
        let (mut middle, mut end, mut phase) = (0, 0, 0);
        for color in Color::ALL {
            let sign = color.fold(1, -1);
            for role in Role::ALL {
                let mut bits = board.bits(color, role);
                phase += PHASE_WEIGHT[role.index()] * bits.count_ones() as i32;
                while bits != 0 {
                    let square = bits.trailing_zeros() as usize;
                    // Black's squares are mirrored onto White's tables.
                    let seen = color.fold(square, square ^ 56);
                    let (m, e) = TABLES[role.index()][seen];
                    middle += sign * m;
                    end += sign * e;
                    bits &= bits - 1;
                }
            }
        }
        ((middle, end), phase.min(FULL_PHASE))
    }

    /// The score from White's view in centipawns.
    pub fn white_score(board: &Board) -> Score {
        let ((middle, end), phase) = Self::blend_parts(board);
        (middle * phase + end * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

impl Evaluator<Board> for Evaluation {
    fn evaluate(&self, board: &Board, player: usize) -> Score {
        let score = Evaluation::white_score(board);
        if player == Color::White.index() {
            score
        } else {
            -score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_mirrors_agree() {
        assert_eq!(Evaluation::white_score(&Board::default()), 0);
        let white: Board = "4k3/8/8/8/3N4/8/2P5/4K3 w - - 0 1".parse().unwrap();
        let black: Board = "4k3/2p5/8/3n4/8/8/8/4K3 b - - 0 1".parse().unwrap();
        assert_eq!(
            Evaluation.evaluate(&white, 0),
            Evaluation.evaluate(&black, 1)
        );
        assert!(Evaluation.evaluate(&white, 0) > 300);
    }
}
