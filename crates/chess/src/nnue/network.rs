//! The network's weights, their file format, and the score of a position.
//!
//! The format, all little-endian: the four bytes [`MAGIC`], the format version (`u32`,
//! [`FORMAT_VERSION`]), the hidden size `H` (`u32`, 1 to [`MAX_HIDDEN`]); then the feature
//! weights (`768 × H` `i16`, input by input), the hidden bias (`H` `i16`), the output weights
//! (`2 × H` `i16`: the side to move's accumulator first, then the other's) and the output bias
//! (`i32`). Nothing follows.

use super::accumulator::Accumulator;
use super::features::FEATURE_COUNT;
use crate::board::Board;
use crate::color::Color;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use plyforge_search::{Evaluator, Score};

/// The first four bytes of a network file.
pub const MAGIC: [u8; 4] = *b"PFNN";
/// The version of the format this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;
/// The largest hidden size the evaluation supports (its accumulators live on the stack).
pub const MAX_HIDDEN: usize = 512;
/// What 1.0 is in the accumulator: its weights and bias are the trained values times this, and
/// the activation clips at it.
pub const ACCUMULATOR_SCALE: i32 = 255;
/// What 1.0 is in the output weights.
pub const OUTPUT_SCALE: i32 = 64;
/// Centipawns per unit of the network's output: the trained network predicts
/// `score / EVALUATION_SCALE`.
pub const EVALUATION_SCALE: i32 = 400;

/// The network the crate ships: trained by the lab's `chess_nnue_train` on the engine's
/// self-play (`docs/strength.md` says on what and how it plays).
const EMBEDDED: &[u8] = include_bytes!("../../networks/default.pfnn");

/// Bytes before the weights: magic, version, hidden size.
const HEADER_LENGTH: usize = 12;
/// The largest output weight a network may have (8.0): with it, each term of the output's sum
/// is at most 255² × 512 < 2³¹ / 64, so the output sums 64 terms at a time in `i32`.
pub const MAX_OUTPUT_WEIGHT: i16 = 512;
/// Hidden values summed in `i32` before the sum widens to `i64`.
const OUTPUT_CHUNK: usize = 64;

/// Why bytes are not a network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// The bytes do not start with [`MAGIC`].
    BadMagic,
    /// A version of the format this crate does not read.
    UnsupportedVersion(u32),
    /// A hidden size of 0 or above [`MAX_HIDDEN`].
    BadHiddenSize(u32),
    /// The bytes are not as long as the header says (or too short for a header).
    WrongLength {
        /// The length the header calls for (the header's own where it is cut).
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`].
    OutputWeightOutOfRange {
        /// Its index among the output weights.
        index: usize,
        /// Its value.
        value: i16,
    },
    /// A part given to [`Network::from_parts`] has the wrong number of values.
    WrongPartLength {
        /// Which part: `feature weights`, `hidden bias` or `output weights`.
        part: &'static str,
        /// The length the hidden size calls for.
        expected: usize,
        /// The length given.
        found: usize,
    },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::BadMagic => write!(formatter, "not a network file (no PFNN header)"),
            NetworkError::UnsupportedVersion(version) => write!(
                formatter,
                "network format version {version} (this build reads version {FORMAT_VERSION})"
            ),
            NetworkError::BadHiddenSize(size) => write!(
                formatter,
                "hidden size {size} (a network has 1 to {MAX_HIDDEN} hidden values)"
            ),
            NetworkError::WrongLength { expected, found } => write!(
                formatter,
                "a network file of {found} bytes where its header calls for {expected}"
            ),
            NetworkError::OutputWeightOutOfRange { index, value } => write!(
                formatter,
                "output weight {index} is {value} (at most {MAX_OUTPUT_WEIGHT} either way)"
            ),
            NetworkError::WrongPartLength {
                part,
                expected,
                found,
            } => write!(
                formatter,
                "{found} {part} where the hidden size calls for {expected}"
            ),
        }
    }
}

impl core::error::Error for NetworkError {}

/// The weights of a `(768 → H) × 2 → 1` network, quantised.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    /// `FEATURE_COUNT × hidden`, input by input.
    feature_weights: Vec<i16>,
    hidden_bias: Vec<i16>,
    /// `2 × hidden`: the side to move's accumulator, then the other's.
    output_weights: Vec<i16>,
    output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Network")
            .field("hidden", &self.hidden)
            .field("output_bias", &self.output_bias)
            .finish_non_exhaustive()
    }
}

impl Network {
    /// The network the crate ships, read once.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// use plyforge_chess::nnue::Network;
    /// let network = Network::embedded();
    /// let queen_up: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
    /// assert!(network.evaluate(&queen_up) > 500);
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn embedded() -> Arc<Network> {
        static EMBEDDED_NETWORK: std::sync::OnceLock<Arc<Network>> = std::sync::OnceLock::new();
        Arc::clone(EMBEDDED_NETWORK.get_or_init(|| {
            Arc::new(
                Network::from_bytes(EMBEDDED)
                    .expect("the embedded network is a valid file (a test reads it)"),
            )
        }))
    }

    /// A network from its quantised parts: `feature_weights` (768 × `hidden`, input by input),
    /// `hidden_bias` (`hidden`), `output_weights` (2 × `hidden`, the side to move's first) and
    /// `output_bias`, in the scales [`ACCUMULATOR_SCALE`] and [`OUTPUT_SCALE`] (the output bias
    /// in their product). The output weights are at most [`MAX_OUTPUT_WEIGHT`] either way.
    pub fn from_parts(
        hidden: usize,
        feature_weights: Vec<i16>,
        hidden_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Result<Network, NetworkError> {
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetworkError::BadHiddenSize(
                u32::try_from(hidden).unwrap_or(u32::MAX),
            ));
        }
        for (part, expected, found) in [
            (
                "feature weights",
                FEATURE_COUNT * hidden,
                feature_weights.len(),
            ),
            ("hidden bias", hidden, hidden_bias.len()),
            ("output weights", 2 * hidden, output_weights.len()),
        ] {
            if expected != found {
                return Err(NetworkError::WrongPartLength {
                    part,
                    expected,
                    found,
                });
            }
        }
        if let Some((index, &value)) = output_weights
            .iter()
            .enumerate()
            .find(|(_, weight)| weight.unsigned_abs() > MAX_OUTPUT_WEIGHT.unsigned_abs())
        {
            return Err(NetworkError::OutputWeightOutOfRange { index, value });
        }
        Ok(Network {
            hidden,
            feature_weights,
            hidden_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads a network in the format [`Network::to_bytes`] writes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let word = |at: usize| -> Option<u32> {
            Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
        };
        if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let (Some(version), Some(hidden)) = (word(4), word(8)) else {
            return Err(if bytes.starts_with(&MAGIC) || bytes.len() < MAGIC.len() {
                NetworkError::WrongLength {
                    expected: HEADER_LENGTH,
                    found: bytes.len(),
                }
            } else {
                NetworkError::BadMagic
            });
        };
        if version != FORMAT_VERSION {
            return Err(NetworkError::UnsupportedVersion(version));
        }
        let hidden_size = hidden as usize;
        if hidden_size == 0 || hidden_size > MAX_HIDDEN {
            return Err(NetworkError::BadHiddenSize(hidden));
        }
        let expected = Network::file_length(hidden_size);
        if bytes.len() != expected {
            return Err(NetworkError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = bytes[HEADER_LENGTH..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut take = |count: usize| values.by_ref().take(count).collect::<Vec<i16>>();
        let feature_weights = take(FEATURE_COUNT * hidden_size);
        let hidden_bias = take(hidden_size);
        let output_weights = take(2 * hidden_size);
        let tail = &bytes[expected - 4..];
        let output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Network::from_parts(
            hidden_size,
            feature_weights,
            hidden_bias,
            output_weights,
            output_bias,
        )
    }

    /// The network in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(Network::file_length(self.hidden));
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for value in self
            .feature_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights)
        {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// The length of a file of a network with `hidden` hidden values.
    const fn file_length(hidden: usize) -> usize {
        HEADER_LENGTH + 2 * (FEATURE_COUNT * hidden + hidden + 2 * hidden) + 4
    }

    /// The hidden size `H`: values in each side's accumulator.
    #[inline]
    pub fn hidden_size(&self) -> usize {
        self.hidden
    }

    /// The accumulator bias, `H` values.
    #[inline]
    pub fn hidden_bias(&self) -> &[i16] {
        &self.hidden_bias
    }

    /// The feature weights, `FEATURE_COUNT × H`, input by input.
    #[inline]
    pub fn feature_weights(&self) -> &[i16] {
        &self.feature_weights
    }

    /// The output weights, `2 × H`: the side to move's accumulator first, then the other's.
    #[inline]
    pub fn output_weights(&self) -> &[i16] {
        &self.output_weights
    }

    /// The output bias, in the scale `ACCUMULATOR_SCALE × OUTPUT_SCALE`.
    #[inline]
    pub fn output_bias(&self) -> i32 {
        self.output_bias
    }

    /// The weight row of input `feature` (below [`FEATURE_COUNT`]), `H` values.
    #[inline(always)]
    pub fn feature_row(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The score of `board` for the side to move, in centipawns, with both accumulators
    /// computed from scratch.
    pub fn evaluate(&self, board: &Board) -> Score {
        let accumulator = Accumulator::new(self, board);
        self.output(&accumulator, board.side_to_move())
    }

    /// The score for `side_to_move` of the position whose accumulators are `accumulator`.
    pub fn output(&self, accumulator: &Accumulator, side_to_move: Color) -> Score {
        let (ours, theirs) = self.output_weights.split_at(self.hidden);
        let sum = activated_dot(accumulator.side(side_to_move, self.hidden), ours)
            + activated_dot(accumulator.side(!side_to_move, self.hidden), theirs);
        let scaled = sum / i64::from(ACCUMULATOR_SCALE) + i64::from(self.output_bias);
        (scaled * i64::from(EVALUATION_SCALE) / i64::from(ACCUMULATOR_SCALE * OUTPUT_SCALE))
            as Score
    }
}

/// `Σ clamp(value, 0, ACCUMULATOR_SCALE)² × weight`: the squared clipped ReLU of each value
/// times its output weight.
#[inline]
fn activated_dot(values: &[i16], weights: &[i16]) -> i64 {
    values
        .chunks(OUTPUT_CHUNK)
        .zip(weights.chunks(OUTPUT_CHUNK))
        .map(|(values, weights)| {
            let chunk: i32 = values
                .iter()
                .zip(weights)
                .map(|(&value, &weight)| {
                    let clipped = i32::from(value).clamp(0, ACCUMULATOR_SCALE);
                    clipped * i32::from(weight) * clipped
                })
                .sum();
            i64::from(chunk)
        })
        .sum()
}

impl Evaluator<Board> for Network {
    fn evaluate(&self, board: &Board, player: usize) -> Score {
        let score = Network::evaluate(self, board);
        if player == board.side_to_move().index() {
            score
        } else {
            -score
        }
    }
}
