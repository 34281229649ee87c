//! The first layer's output for both views of one position: for each side, the hidden bias plus
//! the weight row of every input its view switches on.

use super::features::feature_index;
use super::network::{MAX_HIDDEN, Network};
use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;

/// Both sides' accumulators (White's first), `hidden` values each of at most [`MAX_HIDDEN`].
///
/// The values wrap on overflow rather than panic: a network trained with bounded weights never
/// comes near the `i16` limits (at most 32 pieces add to a bias), and one that does gives a wrong
/// score, not a crash.
#[derive(Clone)]
pub struct Accumulator {
    values: [[i16; MAX_HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulators of `board` under `network`, computed from every piece.
    pub fn new(network: &Network, board: &Board) -> Accumulator {
        let mut accumulator = Accumulator {
            values: [[0; MAX_HIDDEN]; 2],
        };
        accumulator.refresh(network, board);
        accumulator
    }

    /// Recomputes both accumulators of `board` from every piece.
    pub fn refresh(&mut self, network: &Network, board: &Board) {
        let hidden = network.hidden_size();
        let [white, black] = &mut self.values;
        let (white, black) = (&mut white[..hidden], &mut black[..hidden]);
        white.copy_from_slice(network.hidden_bias());
        black.copy_from_slice(network.hidden_bias());
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    add(
                        white,
                        network.feature_row(feature_index(Color::White, color, role, square)),
                    );
                    add(
                        black,
                        network.feature_row(feature_index(Color::Black, color, role, square)),
                    );
                }
            }
        }
    }

    /// `side`'s accumulator: `hidden` values for a network of that hidden size.
    #[inline]
    pub fn side(&self, side: Color, hidden: usize) -> &[i16] {
        &self.values[side.index()][..hidden]
    }
}

impl core::fmt::Debug for Accumulator {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str("Accumulator { .. }")
    }
}

/// Adds a weight row to an accumulator.
#[inline(always)]
fn add(accumulator: &mut [i16], row: &[i16]) {
    for (value, &weight) in accumulator.iter_mut().zip(row) {
        *value = value.wrapping_add(weight);
    }
}
