//! An efficiently updatable neural network evaluation (NNUE): a perspective network
//! `(768 → H) × 2 → 1` (with a first layer per king bucket, an output layer per range of piece
//! counts) whose first layer is a sum of weight rows, one per piece on the board, so that a move
//! changes it by adding and removing a few rows instead of recomputing it.
//!
//! Each side sees the board from its own view ([`feature_index`]): 768 inputs, one per piece colour
//! relative to that side (its own or the opponent's) × piece kind × square, Black's view
//! mirrored vertically so that both sides see their own pieces start on the first ranks; a
//! network with king buckets has a set of 768 for each bucket of the side's own king's square
//! ([`king_bucket`]), and a king move into another bucket sums that view afresh. Each
//! view's sum of rows plus a bias is that side's *accumulator* ([`Accumulator`]); the output
//! layer reads the side to move's accumulator and then the other's, each through a squared
//! clipped ReLU, into one score in centipawns. Weights are integers (`i16`) so that an
//! accumulator updated move by move is exactly the one computed from scratch.
//!
//! A [`Network`] is read from bytes in the format [`Network::to_bytes`] writes, with a
//! [`NetworkError`] for a file that is not one. It is a
//! [`plyforge_search::Evaluator<Board>`](plyforge_search::Evaluator), computing both
//! accumulators from scratch at each call; a search that evaluates many positions runs on an
//! [`NnueBoard`] instead, a board that carries its accumulators and updates them move by move,
//! scored by [`NnueEvaluation`].
//!
//! ```
//! use plyforge_chess::Board;
//! use plyforge_chess::nnue::{Network, NetworkError};
//!
//! // A network whose weights are all zero but the output bias scores 0.
//! let network = Network::from_parts(8, vec![0; 768 * 8], vec![0; 8], vec![0; 16], vec![0])?;
//! assert_eq!(network.evaluate(&Board::default()), 0);
//! let bytes = network.to_bytes();
//! assert_eq!(Network::from_bytes(&bytes)?, network);
//! assert!(matches!(Network::from_bytes(&bytes[..20]), Err(NetworkError::WrongLength { .. })));
//! # Ok::<(), NetworkError>(())
//! ```

mod accumulator;
mod board;
mod features;
mod network;

pub use accumulator::Accumulator;
pub use board::{NnueBoard, NnueEvaluation, SearchEvaluation};
pub use features::{
    FEATURE_COUNT, KING_BUCKETS, feature_index, king_bucket, mirrored_feature, mirrors_view,
};
pub use network::{
    ACCUMULATOR_SCALE, EVALUATION_SCALE, FORMAT_VERSION, MAGIC, MAX_HIDDEN, MAX_OUTPUT_BUCKETS,
    MAX_OUTPUT_WEIGHT, MIRRORED_VIEWS, Network, NetworkError, OUTPUT_SCALE, output_bucket,
};

#[cfg(test)]
mod tests;
