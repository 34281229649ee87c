//! The first layer's output for both views of one position: for each side, the hidden bias plus
//! the weight row of every input its view switches on, in the king bucket its own king selects
//! and mirrored where its network mirrors the view.

use super::features::{feature_index, mirrored_feature};
use super::network::{MAX_HIDDEN, Network};
use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use crate::square::Square;

/// A piece on a square: what a move adds to or removes from the board.
pub(crate) type PlacedPiece = (Color, Role, Square);

/// Both sides' accumulators (White's first), `hidden` values each of at most [`MAX_HIDDEN`], and
/// the king bucket each was summed in and whether its view was mirrored.
///
/// The values wrap on overflow rather than panic: a network trained with bounded weights never
/// comes near the `i16` limits (at most 32 pieces add to a bias), and one that does gives a wrong
/// score, not a crash.
#[derive(Clone)]
pub struct Accumulator {
    values: [[i16; MAX_HIDDEN]; 2],
    king_buckets: [u8; 2],
    mirrored: [bool; 2],
}

impl Accumulator {
    /// The accumulators of `board` under `network`, computed from every piece.
    pub fn new(network: &Network, board: &Board) -> Accumulator {
        let mut accumulator = Accumulator {
            values: [[0; MAX_HIDDEN]; 2],
            king_buckets: [0; 2],
            mirrored: [false; 2],
        };
        accumulator.refresh(network, board);
        accumulator
    }

    /// Recomputes both accumulators of `board` from every piece.
    pub fn refresh(&mut self, network: &Network, board: &Board) {
        for perspective in Color::ALL {
            self.refresh_view(network, board, perspective);
        }
    }

    /// Recomputes `perspective`'s accumulator of `board` from every piece.
    fn refresh_view(&mut self, network: &Network, board: &Board, perspective: Color) {
        let hidden = network.hidden_size();
        let king_bucket = network.king_bucket_of(perspective, board);
        let mirrored = network.view_mirrored(perspective, board);
        self.king_buckets[perspective.index()] = king_bucket as u8;
        self.mirrored[perspective.index()] = mirrored;
        let values = &mut self.values[perspective.index()][..hidden];
        values.copy_from_slice(network.hidden_bias());
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    let feature =
                        mirrored_feature(feature_index(perspective, color, role, square), mirrored);
                    add(values, network.feature_row(king_bucket, feature));
                }
            }
        }
    }

    /// Sets both accumulators to those of `child`, the board after a move, from `parent`'s, the
    /// accumulators before it, and the pieces the move `added` and `removed`. A quiet move adds
    /// and removes one piece, a capture removes two: each of those updates the values in one
    /// pass. A view whose king moved into another king bucket, or (in a network that mirrors
    /// its views) between the d- and e-files, is summed afresh.
    pub(crate) fn update(
        &mut self,
        parent: &Accumulator,
        network: &Network,
        child: &Board,
        added: &[PlacedPiece],
        removed: &[PlacedPiece],
    ) {
        let hidden = network.hidden_size();
        for perspective in Color::ALL {
            let king_bucket = network.king_bucket_of(perspective, child);
            let mirrored = network.view_mirrored(perspective, child);
            if king_bucket != usize::from(parent.king_buckets[perspective.index()])
                || mirrored != parent.mirrored[perspective.index()]
            {
                self.refresh_view(network, child, perspective);
                continue;
            }
            self.king_buckets[perspective.index()] = king_bucket as u8;
            self.mirrored[perspective.index()] = mirrored;
            let parent = &parent.values[perspective.index()][..hidden];
            let values = &mut self.values[perspective.index()][..hidden];
            let row = |&(color, role, square): &PlacedPiece| {
                let feature = feature_index(perspective, color, role, square);
                network.feature_row(king_bucket, mirrored_feature(feature, mirrored))
            };
            match (added, removed) {
                ([add], [remove]) => {
                    let (add, remove) = (row(add), row(remove));
                    update_values(values, parent, [add, remove], |[add, remove]| {
                        add.wrapping_sub(remove)
                    });
                }
                ([add], [first, second]) => {
                    let rows = [row(add), row(first), row(second)];
                    update_values(values, parent, rows, |[add, first, second]| {
                        add.wrapping_sub(first).wrapping_sub(second)
                    });
                }
                _ => {
                    values.copy_from_slice(parent);
                    for piece in added {
                        add(values, row(piece));
                    }
                    for piece in removed {
                        subtract(values, row(piece));
                    }
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

/// The values the update loops take at a time: a block of fixed length compiles to a few vector
/// instructions with no length checks and no loop counter between them (the hidden sizes of
/// trained networks are multiples of it; other sizes finish with a plain loop).
const BLOCK: usize = 32;

/// Sets each of `values` to its `parent` value plus `change` of the weight `rows` at its index
/// (all of one length), wrapping on overflow.
#[inline(always)]
fn update_values<const N: usize>(
    values: &mut [i16],
    parent: &[i16],
    rows: [&[i16]; N],
    change: impl Fn([i16; N]) -> i16,
) {
    let (value_blocks, value_rest) = values.as_chunks_mut::<BLOCK>();
    let (parent_blocks, parent_rest) = parent.as_chunks::<BLOCK>();
    let row_blocks = rows.map(|row| row.as_chunks::<BLOCK>());
    for (block, (values, parent)) in value_blocks.iter_mut().zip(parent_blocks).enumerate() {
        let rows = row_blocks.map(|(blocks, _)| &blocks[block]);
        for index in 0..BLOCK {
            values[index] = parent[index].wrapping_add(change(rows.map(|row| row[index])));
        }
    }
    for (index, (value, &parent)) in value_rest.iter_mut().zip(parent_rest).enumerate() {
        *value = parent.wrapping_add(change(row_blocks.map(|(_, rest)| rest[index])));
    }
}

/// Subtracts a weight row from an accumulator.
#[inline(always)]
fn subtract(accumulator: &mut [i16], row: &[i16]) {
    for (value, &weight) in accumulator.iter_mut().zip(row) {
        *value = value.wrapping_sub(weight);
    }
}

/// Adds a weight row to an accumulator.
#[inline(always)]
fn add(accumulator: &mut [i16], row: &[i16]) {
    for (value, &weight) in accumulator.iter_mut().zip(row) {
        *value = value.wrapping_add(weight);
    }
}
