//! The network's inputs: which of the 768 inputs a piece on a square switches on, seen from
//! one side.

use crate::color::Color;
use crate::piece::Role;
use crate::square::Square;

/// Inputs of one view: 2 colours × 6 kinds × 64 squares.
pub const FEATURE_COUNT: usize = 768;

/// Inputs per piece colour (6 kinds × 64 squares).
const COLOR_STRIDE: usize = 384;
/// Inputs per piece kind.
const ROLE_STRIDE: usize = 64;
/// XOR with a square's index mirrors it vertically (a1 ↔ a8).
const VERTICAL_MIRROR: usize = 56;

/// The input a `color` `role` on `square` switches on in `perspective`'s view: the side's own
/// pieces first, then the opponent's; each by kind (pawn first) and square (a1 first), the
/// squares mirrored vertically in Black's view.
///
/// ```
/// use plyforge_chess::nnue::feature_index;
/// use plyforge_chess::{Color, Role, Square};
/// // White's king on e1 seen by White is Black's king on e8 seen by Black.
/// assert_eq!(
///     feature_index(Color::White, Color::White, Role::King, Square::E1),
///     feature_index(Color::Black, Color::Black, Role::King, Square::E8),
/// );
/// ```
#[inline(always)]
pub const fn feature_index(perspective: Color, color: Color, role: Role, square: Square) -> usize {
    let relative = (color as usize) ^ (perspective as usize);
    let square = match perspective {
        Color::White => square.index(),
        Color::Black => square.index() ^ VERTICAL_MIRROR,
    };
    relative * COLOR_STRIDE + role.index() * ROLE_STRIDE + square
}
