//! The network's inputs: which input a piece on a square switches on, seen from one side, and
//! which set of inputs (*king bucket*) the side's own king's square selects.
//!
//! A network has one or [`KING_BUCKETS`] sets of 768 inputs per view. With one set a piece's
//! input is the same wherever the kings stand; with [`KING_BUCKETS`] the side's own king picks
//! the set ([`king_bucket`]), so that the network can weigh a piece by where the king it shields
//! or attacks stands: castled on either wing, still in the centre, or out in the open.
//!
//! A network may also mirror a view horizontally ([`mirrors_view`]): where the side's own king
//! stands on files a-d, its view is mirrored left to right, so that every view sees its king
//! on files e-h. A king castled long and one castled short then read the same weights about
//! their shelter and their attackers, learned from the positions of both wings.

use crate::color::Color;
use crate::piece::Role;
use crate::square::Square;

/// Inputs of one view and one king bucket: 2 colours × 6 kinds × 64 squares.
pub const FEATURE_COUNT: usize = 768;
/// The king buckets of a network that has them (a network has 1 or this many).
pub const KING_BUCKETS: usize = 4;

/// Inputs per piece colour (6 kinds × 64 squares).
const COLOR_STRIDE: usize = 384;
/// Inputs per piece kind.
const ROLE_STRIDE: usize = 64;
/// XOR with a square's index mirrors it vertically (a1 ↔ a8).
const VERTICAL_MIRROR: usize = 56;
/// XOR with a square's index, or with an input's, mirrors it horizontally (a1 ↔ h1): the inputs
/// of a kind count its squares in 64s, so the square's file is the input's last three bits.
const HORIZONTAL_MIRROR: usize = 7;

/// The king bucket of each square of the side's own king, seen from its side (its first rank
/// first, a-file first): on the first two ranks, the queen's wing (files a-c), the centre (d, e)
/// and the king's wing (f-h); anywhere further up, one bucket.
const KING_BUCKET_OF_SQUARE: [u8; 64] = {
    let mut buckets = [3; 64];
    let mut square = 0;
    while square < 16 {
        buckets[square] = match square % 8 {
            0..=2 => 0,
            3 | 4 => 1,
            _ => 2,
        };
        square += 1;
    }
    buckets
};

/// The square as `perspective` sees it: Black's view is mirrored vertically.
#[inline(always)]
const fn relative_square(perspective: Color, square: Square) -> usize {
    match perspective {
        Color::White => square.index(),
        Color::Black => square.index() ^ VERTICAL_MIRROR,
    }
}

/// The input a `color` `role` on `square` switches on in `perspective`'s view, within one king
/// bucket: the side's own pieces first, then the opponent's; each by kind (pawn first) and
/// square (a1 first), the squares mirrored vertically in Black's view.
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
    relative * COLOR_STRIDE + role.index() * ROLE_STRIDE + relative_square(perspective, square)
}

/// The king bucket (below [`KING_BUCKETS`]) of `perspective`'s view when its own king stands on
/// `king`: a network of one bucket uses bucket 0 whatever this says.
///
/// ```
/// use plyforge_chess::nnue::king_bucket;
/// use plyforge_chess::{Color, Square};
/// // Castled short, either side: the king's wing.
/// assert_eq!(king_bucket(Color::White, Square::G1), 2);
/// assert_eq!(king_bucket(Color::Black, Square::G8), 2);
/// assert_eq!(king_bucket(Color::White, Square::E1), 1);
/// assert_eq!(king_bucket(Color::Black, Square::B7), 0);
/// assert_eq!(king_bucket(Color::White, Square::E4), 3);
/// ```
#[inline(always)]
pub const fn king_bucket(perspective: Color, king: Square) -> usize {
    KING_BUCKET_OF_SQUARE[relative_square(perspective, king)] as usize
}

/// Whether a network that mirrors its views horizontally mirrors the view of a side whose own
/// king stands on `king`: on files a-d, so that the king is seen on files e-h. Both sides alike
/// (Black's view is mirrored vertically only, which keeps the files).
///
/// ```
/// use plyforge_chess::Square;
/// use plyforge_chess::nnue::mirrors_view;
/// assert!(mirrors_view(Square::C1));
/// assert!(mirrors_view(Square::D8));
/// assert!(!mirrors_view(Square::E1));
/// assert!(!mirrors_view(Square::G8));
/// ```
#[inline(always)]
pub const fn mirrors_view(king: Square) -> bool {
    king.index() & HORIZONTAL_MIRROR < 4
}

/// `feature` (an input of [`feature_index`]) in a view mirrored horizontally where `mirrored`:
/// the same piece on the square of the other wing.
///
/// ```
/// use plyforge_chess::nnue::{feature_index, mirrored_feature};
/// use plyforge_chess::{Color, Role, Square};
/// let on_b2 = feature_index(Color::White, Color::White, Role::Pawn, Square::B2);
/// let on_g2 = feature_index(Color::White, Color::White, Role::Pawn, Square::G2);
/// assert_eq!(mirrored_feature(on_b2, true), on_g2);
/// assert_eq!(mirrored_feature(on_b2, false), on_b2);
/// ```
#[inline(always)]
pub const fn mirrored_feature(feature: usize, mirrored: bool) -> usize {
    // Without a branch: the accumulator update reads it for every piece a move changes.
    feature ^ (HORIZONTAL_MIRROR * mirrored as usize)
}
