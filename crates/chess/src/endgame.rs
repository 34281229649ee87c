//! Endgame knowledge both evaluations share, for endings that self-play data rarely holds and
//! that a search cannot see to the end of. A side without pawns against a side with a decisive
//! edge of pieces (a rook or a queen against a bare king, two bishops, bishop and knight, a
//! queen against a rook) loses by force: the score is a known win that grows as the defending
//! king is driven to the edge (to a corner of the bishop's colour when bishop and knight mate)
//! and as the kings come together, so that a search has a path to follow. A side without pawns
//! and without the pieces to mate cannot win, whatever the material says.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use crate::square::Square;
use plyforge_search::Score;

/// The pieces' worth in centipawns for these rules, by role (pawns and kings do not count).
const PIECE_VALUES: [i32; 6] = [0, 300, 300, 500, 900, 0];
/// The least edge of pieces that wins by force against a side without pawns: a queen against a
/// rook. A rook against a minor piece, or a minor piece more with a rook each, draws.
const DECISIVE_EDGE: i32 = 400;
/// The score of a forced win before the edge of pieces and the mating pattern are added: above
/// what the evaluations give for any material alone, below the search's mate scores.
const KNOWN_WIN: Score = 2000;
/// Per step the defending king is pushed toward the edge or the mating corner.
const EDGE_STEP: Score = 40;
/// How much more a step toward the mating corner of bishop and knight counts than a step toward
/// the edge: the defending king must be walked along the edge out of the wrong corner.
const CORNER_WEIGHT: Score = 5;
/// Per step the kings come closer.
const CLOSE_STEP: Score = 20;
/// A score favouring a side that cannot win is divided by this.
const CANNOT_WIN_DIVISOR: Score = 16;

/// `score` (centipawns, the side to move's view) corrected by the endgame knowledge above:
/// what the crate's evaluations ([`Evaluation`](crate::Evaluation) and the [`nnue`](crate::nnue)
/// evaluators) return, and what an evaluation of one's own can call last.
///
/// ```
/// use plyforge_chess::{Board, endgame};
///
/// // King and rook against king: a forced win, higher with the defending king on the edge.
/// let centre: Board = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1".parse()?;
/// let edge: Board = "3k4/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
/// assert!(endgame::adjust(&edge, 0) > endgame::adjust(&centre, 0));
/// assert!(endgame::adjust(&centre, 0) > 2000);
/// // A bishop alone cannot win: its side's score fades to almost nothing.
/// let bishop: Board = "8/8/8/3k4/8/8/8/2B1K3 w - - 0 1".parse()?;
/// assert!(endgame::adjust(&bishop, 300) < 20);
/// // Positions with pawns on both sides are left to the evaluation.
/// assert_eq!(endgame::adjust(&Board::default(), 25), 25);
/// # Ok::<(), plyforge_chess::FenError>(())
/// ```
#[inline]
pub fn adjust(board: &Board, score: Score) -> Score {
    let pawns = [
        board.pieces(Color::White, Role::Pawn),
        board.pieces(Color::Black, Role::Pawn),
    ];
    if pawns[0].is_empty() || pawns[1].is_empty() {
        pawnless_side(board, score, pawns)
    } else {
        score
    }
}

/// The score when at least one side has no pawns: a known win, or a score that cannot favour a
/// side without mating material, or `score` unchanged.
#[cold]
fn pawnless_side(board: &Board, score: Score, pawns: [Bitboard; 2]) -> Score {
    let us = board.side_to_move();
    if pawns[0].is_empty() && pawns[1].is_empty() {
        for strong in Color::ALL {
            if let Some(win) = forced_win(board, strong) {
                return if strong == us { win } else { -win };
            }
        }
    }
    let favoured = if score > 0 { us } else { !us };
    if pawns[favoured.index()].is_empty() && !can_mate(board, favoured) {
        score / CANNOT_WIN_DIVISOR
    } else {
        score
    }
}

/// The value of `color`'s pieces but pawns and the king, in centipawns.
fn piece_value(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| board.pieces(color, role).len() as i32 * PIECE_VALUES[role.index()])
        .sum()
}

/// Whether `color`'s pieces (pawns aside) can force mate on a bare king: a queen or a rook,
/// bishops on both colours, a bishop and a knight, or three knights.
fn can_mate(board: &Board, color: Color) -> bool {
    let bishops = board.pieces(color, Role::Bishop);
    let knights = board.pieces(color, Role::Knight).len();
    !(board.pieces(color, Role::Queen) | board.pieces(color, Role::Rook)).is_empty()
        || (!(bishops & Bitboard::LIGHT_SQUARES).is_empty()
            && !(bishops & Bitboard::DARK_SQUARES).is_empty())
        || (!bishops.is_empty() && knights > 0)
        || knights >= 3
}

/// The score for `strong` (its own view) when neither side has pawns and `strong` wins by
/// force, else `None`.
fn forced_win(board: &Board, strong: Color) -> Option<Score> {
    let edge = piece_value(board, strong) - piece_value(board, !strong);
    if edge < DECISIVE_EDGE || !can_mate(board, strong) {
        return None;
    }
    let (winner, loser) = (board.king_square(strong), board.king_square(!strong));
    let push = match mating_corners(board, strong) {
        Some(corners) => {
            let corner = corners.iter().map(|&corner| manhattan(loser, corner)).min();
            // Along the edge toward the right corner: 7 steps from the wrong corner.
            edge_distance(loser) + CORNER_WEIGHT * (7 - corner.unwrap_or(7).min(7))
        }
        None => edge_distance(loser),
    };
    let close = 7 - Score::from(winner.distance(loser));
    Some(KNOWN_WIN + edge + EDGE_STEP * push + CLOSE_STEP * close)
}

/// The corners a bishop and knight mate in, when those are `strong`'s only mating pieces: the
/// two of the bishops' colour.
fn mating_corners(board: &Board, strong: Color) -> Option<[Square; 2]> {
    let bishops = board.pieces(strong, Role::Bishop);
    let heavy = board.pieces(strong, Role::Queen) | board.pieces(strong, Role::Rook);
    if !heavy.is_empty() || bishops.is_empty() {
        return None;
    }
    if (bishops & Bitboard::DARK_SQUARES) == bishops {
        Some([Square::A1, Square::H8])
    } else if (bishops & Bitboard::LIGHT_SQUARES) == bishops {
        Some([Square::H1, Square::A8])
    } else {
        None
    }
}

/// How far `square` is from the centre toward the edge: 0 on the four centre squares, 6 in a
/// corner.
fn edge_distance(square: Square) -> Score {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    (3 - file).max(file - 4) + (3 - rank).max(rank - 4)
}

/// Files plus ranks between two squares.
fn manhattan(from: Square, to: Square) -> Score {
    (from.file() as i32).abs_diff(to.file() as i32) as Score
        + (from.rank() as i32).abs_diff(to.rank() as i32) as Score
}

#[cfg(test)]
mod tests;
