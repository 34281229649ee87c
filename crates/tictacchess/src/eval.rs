//! The evaluation: how close each side is to four in a row. A line still open for a side (no
//! enemy piece on it) is worth more the more of the side's pieces stand in it; pieces that can
//! move to many squares and pieces in hand (which can be dropped anywhere) add a little; the
//! side to move gets a tempo bonus, since it is the one that can complete a line first.

use crate::attacks::FULL;
use crate::game::TicTacChess;
use crate::lines::LINES;
use crate::piece::{Color, Piece};
use crate::position::Position;
use plyforge_search::{Evaluator, Score};

/// The weights of the evaluation. [`Default`] gives the tuned values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// The value of an open line holding 0, 1, 2 or 3 of the side's pieces.
    pub open_line: [Score; 4],
    /// Per square a piece on the board can move to.
    pub mobility: Score,
    /// Per piece in hand.
    pub in_hand: Score,
    /// For the side to move.
    pub tempo: Score,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation {
            open_line: [1, 4, 16, 64],
            mobility: 2,
            in_hand: 6,
            tempo: 10,
        }
    }
}

impl Evaluation {
    /// The score of `position` for `color` (higher is better for `color`).
    pub fn score(&self, position: &Position, color: Color) -> Score {
        let mut score = self.side(position, color) - self.side(position, color.opponent());
        if position.side_to_move() == color {
            score += self.tempo;
        } else {
            score -= self.tempo;
        }
        score
    }

    /// What `color` has, before subtracting the opponent's.
    fn side(&self, position: &Position, color: Color) -> Score {
        let own = position.occupied[color.index()];
        let enemy = position.occupied[color.opponent().index()];
        let mut score = 0;
        for line in LINES {
            if line & enemy == 0 {
                // Four own pieces in a line is a win, decided before any evaluation.
                score += self.open_line[((line & own).count_ones() as usize).min(3)];
            }
        }
        let occupied = own | enemy;
        let mut in_hand = 0;
        for piece in Piece::ALL {
            let bit = position.pieces[color.index()][piece.index()];
            if bit == 0 {
                in_hand += 1;
            } else {
                let reach = position.reach(color, piece, bit.trailing_zeros() as usize, occupied);
                score += self.mobility * (reach & FULL & !own).count_ones() as Score;
            }
        }
        score + self.in_hand * in_hand
    }
}

impl Evaluator<TicTacChess> for Evaluation {
    #[inline]
    fn evaluate(&self, game: &TicTacChess, player: usize) -> Score {
        match Color::from_index(player) {
            Some(color) => self.score(game.position(), color),
            None => 0,
        }
    }
}
