//! The network's weights, their file format, and the score of a position.
//!
//! The first layer has `K` sets of feature weights, one per *king bucket* (1 or
//! [`KING_BUCKETS`]): each view reads the set its own king's square selects ([`king_bucket`]).
//! The output layer has `B` *buckets*, each its own weights and bias, chosen by the number of
//! pieces on the board ([`output_bucket`]): the accumulators are shared, and the output can
//! weigh them differently in the middlegame and in the endgame. A network may mirror a view
//! horizontally where the side's own king stands on files a-d ([`mirrors_view`]).
//!
//! The format, all little-endian: the four bytes [`MAGIC`], the format version (`u32`,
//! [`FORMAT_VERSION`]), the hidden size `H` (`u32`, 1 to [`MAX_HIDDEN`]), the output bucket count
//! `B` (`u32`, 1 to [`MAX_OUTPUT_BUCKETS`]), the king bucket count `K` (`u32`, 1 or
//! [`KING_BUCKETS`]), the flags (`u32`: [`MIRRORED_VIEWS`] or none); then the feature weights (`K × 768 × H` `i16`, king bucket by king bucket,
//! input by input), the hidden bias (`H` `i16`), the output weights (`B × 2 × H` `i16`, bucket by
//! bucket, each the side to move's accumulator first, then the other's) and the output biases
//! (`B` `i32`). Nothing follows. Versions 1 to 3, still read, had no flags (no mirrored views);
//! versions 1 and 2 one king bucket and no king bucket count; version 1 no output bucket count
//! and one output bucket.

use super::accumulator::Accumulator;
use super::features::{FEATURE_COUNT, KING_BUCKETS, king_bucket, mirrors_view};
use crate::board::Board;
use crate::color::Color;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use plyforge_search::{Evaluator, Score};
use wide::{i16x16, i32x8};

/// The first four bytes of a network file.
pub const MAGIC: [u8; 4] = *b"PFNN";
/// The version of the format this crate reads and writes.
pub const FORMAT_VERSION: u32 = 4;
/// The flag of a network that mirrors its views horizontally ([`mirrors_view`]).
pub const MIRRORED_VIEWS: u32 = 1;
/// The version before flags: read as a network that mirrors no view.
const UNFLAGGED_VERSION: u32 = 3;
/// The version before output buckets: read as a network of one output bucket and one king
/// bucket.
const SINGLE_BUCKET_VERSION: u32 = 1;
/// The version before king buckets: read as a network of one king bucket.
const SINGLE_KING_BUCKET_VERSION: u32 = 2;
/// The most output buckets a network may have.
pub const MAX_OUTPUT_BUCKETS: usize = 8;
/// The most pieces a position has: the buckets divide `2..=MOST_PIECES` evenly.
const MOST_PIECES: usize = 32;
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

/// Bytes before the weights: magic, version, hidden size, output and king bucket counts, flags.
const HEADER_LENGTH: usize = 24;
/// Bytes before the weights in a version 3 file: magic, version, hidden size, output and king
/// bucket counts.
const UNFLAGGED_HEADER_LENGTH: usize = 20;
/// Bytes before the weights in a version 2 file: magic, version, hidden size, bucket count.
const SINGLE_KING_BUCKET_HEADER_LENGTH: usize = 16;
/// Bytes before the weights in a version 1 file: magic, version, hidden size.
const SINGLE_BUCKET_HEADER_LENGTH: usize = 12;
/// The largest output weight a network may have (about 2.0): an activated value (at most
/// [`ACCUMULATOR_SCALE`]) times it fits an `i16`, so that the output multiplies in 16 bits and
/// sums adjacent pairs of products in 32 (`pmaddwd` on x86-64), and each 32-bit lane of that
/// sum stays below 2³¹ for [`MAX_HIDDEN`] values.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;
/// Hidden values the output reads at once: a 256-bit vector of `i16` (two 128-bit ones where
/// the target has no AVX2).
const OUTPUT_LANES: usize = 16;

/// Why bytes are not a network.
///
/// Non-exhaustive: a later version of the format may be refused for reasons of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetworkError {
    /// The bytes do not start with [`MAGIC`].
    BadMagic,
    /// A version of the format this crate does not read.
    UnsupportedVersion(u32),
    /// A hidden size of 0 or above [`MAX_HIDDEN`].
    BadHiddenSize(u32),
    /// A bucket count of 0 or above [`MAX_OUTPUT_BUCKETS`].
    BadBucketCount(u32),
    /// A king bucket count other than 1 or [`KING_BUCKETS`].
    BadKingBucketCount(u32),
    /// Flags other than [`MIRRORED_VIEWS`] or none.
    UnknownFlags(u32),
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
                "network format version {version} (this build reads versions \
                 {SINGLE_BUCKET_VERSION} to {FORMAT_VERSION})"
            ),
            NetworkError::BadHiddenSize(size) => write!(
                formatter,
                "hidden size {size} (a network has 1 to {MAX_HIDDEN} hidden values)"
            ),
            NetworkError::BadBucketCount(count) => write!(
                formatter,
                "{count} output buckets (a network has 1 to {MAX_OUTPUT_BUCKETS})"
            ),
            NetworkError::BadKingBucketCount(count) => write!(
                formatter,
                "{count} king buckets (a network has 1 or {KING_BUCKETS})"
            ),
            NetworkError::UnknownFlags(flags) => write!(
                formatter,
                "flags {flags:#x} (this build knows {MIRRORED_VIEWS:#x}, mirrored views)"
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

/// The output bucket of a position with `pieces` pieces (kings included) in a network of
/// `buckets` buckets: `2..=32` pieces in `buckets` equal ranges, the fewest pieces first.
///
/// ```
/// use plyforge_chess::nnue::output_bucket;
/// assert_eq!(output_bucket(32, 8), 7);
/// assert_eq!(output_bucket(2, 8), 0);
/// assert_eq!(output_bucket(17, 8), 3);
/// assert_eq!(output_bucket(32, 1), 0);
/// ```
#[inline]
pub const fn output_bucket(pieces: usize, buckets: usize) -> usize {
    let per_bucket = MOST_PIECES.div_ceil(buckets);
    let bucket = pieces.saturating_sub(2) / per_bucket;
    if bucket < buckets {
        bucket
    } else {
        buckets - 1
    }
}

/// The weights of a `(768 → H) × 2 → 1` network with `K` king buckets and `B` output buckets,
/// quantised.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    /// 1 or [`KING_BUCKETS`].
    king_buckets: usize,
    /// Whether a view whose own king stands on files a-d is mirrored ([`mirrors_view`]).
    mirrored_views: bool,
    /// `king_buckets × FEATURE_COUNT × hidden`, king bucket by king bucket, input by input.
    feature_weights: Vec<i16>,
    hidden_bias: Vec<i16>,
    /// `buckets × 2 × hidden`: per bucket, the side to move's accumulator, then the other's.
    output_weights: Vec<i16>,
    /// One per bucket.
    output_biases: Vec<i32>,
}

impl fmt::Debug for Network {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Network")
            .field("hidden", &self.hidden)
            .field("king_buckets", &self.king_buckets)
            .field("mirrored_views", &self.mirrored_views)
            .field("buckets", &self.output_biases.len())
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
    /// let queen_up: Board = "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1".parse()?;
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

    /// A network from its quantised parts: `feature_weights` (`K` × 768 × `hidden`, king bucket
    /// by king bucket, input by input: their length says whether `K` is 1 or [`KING_BUCKETS`]),
    /// `hidden_bias` (`hidden`), `output_weights` (`B` × 2 × `hidden`, bucket by bucket, each the
    /// side to move's first) and `output_biases` (`B`, one per bucket: their number is the
    /// bucket count), in the scales [`ACCUMULATOR_SCALE`] and [`OUTPUT_SCALE`] (the output
    /// biases in their product). The output weights are at most [`MAX_OUTPUT_WEIGHT`] either way.
    pub fn from_parts(
        hidden: usize,
        feature_weights: Vec<i16>,
        hidden_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_biases: Vec<i32>,
    ) -> Result<Network, NetworkError> {
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetworkError::BadHiddenSize(
                u32::try_from(hidden).unwrap_or(u32::MAX),
            ));
        }
        let buckets = output_biases.len();
        if buckets == 0 || buckets > MAX_OUTPUT_BUCKETS {
            return Err(NetworkError::BadBucketCount(
                u32::try_from(buckets).unwrap_or(u32::MAX),
            ));
        }
        // More weights than one set of inputs calls for: a set per king bucket.
        let king_buckets = if feature_weights.len() > FEATURE_COUNT * hidden {
            KING_BUCKETS
        } else {
            1
        };
        for (part, expected, found) in [
            (
                "feature weights",
                king_buckets * FEATURE_COUNT * hidden,
                feature_weights.len(),
            ),
            ("hidden bias", hidden, hidden_bias.len()),
            ("output weights", buckets * 2 * hidden, output_weights.len()),
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
            king_buckets,
            mirrored_views: false,
            feature_weights,
            hidden_bias,
            output_weights,
            output_biases,
        })
    }

    /// Reads a network in the format [`Network::to_bytes`] writes (or an earlier version of it).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let word = |at: usize| -> Option<u32> {
            Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
        };
        if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let cut_header = |length: usize| NetworkError::WrongLength {
            expected: length,
            found: bytes.len(),
        };
        let Some(version) = word(4) else {
            return Err(cut_header(SINGLE_BUCKET_HEADER_LENGTH));
        };
        let header_length = match version {
            SINGLE_BUCKET_VERSION => SINGLE_BUCKET_HEADER_LENGTH,
            SINGLE_KING_BUCKET_VERSION => SINGLE_KING_BUCKET_HEADER_LENGTH,
            UNFLAGGED_VERSION => UNFLAGGED_HEADER_LENGTH,
            FORMAT_VERSION => HEADER_LENGTH,
            _ => return Err(NetworkError::UnsupportedVersion(version)),
        };
        let Some(hidden) = word(8) else {
            return Err(cut_header(header_length));
        };
        let hidden_size = hidden as usize;
        if hidden_size == 0 || hidden_size > MAX_HIDDEN {
            return Err(NetworkError::BadHiddenSize(hidden));
        }
        let buckets = if version == SINGLE_BUCKET_VERSION {
            1
        } else {
            let Some(buckets) = word(12) else {
                return Err(cut_header(header_length));
            };
            if buckets == 0 || buckets as usize > MAX_OUTPUT_BUCKETS {
                return Err(NetworkError::BadBucketCount(buckets));
            }
            buckets as usize
        };
        let king_buckets = if version >= UNFLAGGED_VERSION {
            let Some(king_buckets) = word(16) else {
                return Err(cut_header(header_length));
            };
            if king_buckets != 1 && king_buckets as usize != KING_BUCKETS {
                return Err(NetworkError::BadKingBucketCount(king_buckets));
            }
            king_buckets as usize
        } else {
            1
        };
        let mirrored_views = if version == FORMAT_VERSION {
            let Some(flags) = word(20) else {
                return Err(cut_header(header_length));
            };
            if flags & !MIRRORED_VIEWS != 0 {
                return Err(NetworkError::UnknownFlags(flags));
            }
            flags == MIRRORED_VIEWS
        } else {
            false
        };
        let expected = header_length + Network::weights_length(hidden_size, king_buckets, buckets);
        if bytes.len() != expected {
            return Err(NetworkError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = bytes[header_length..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut take = |count: usize| values.by_ref().take(count).collect::<Vec<i16>>();
        let feature_weights = take(king_buckets * FEATURE_COUNT * hidden_size);
        let hidden_bias = take(hidden_size);
        let output_weights = take(buckets * 2 * hidden_size);
        let output_biases = bytes[expected - 4 * buckets..]
            .chunks_exact(4)
            .map(|word| i32::from_le_bytes([word[0], word[1], word[2], word[3]]))
            .collect();
        Ok(Network::from_parts(
            hidden_size,
            feature_weights,
            hidden_bias,
            output_weights,
            output_biases,
        )?
        .with_mirrored_views(mirrored_views))
    }

    /// This network mirroring its views horizontally where `mirrored` ([`mirrors_view`]), or
    /// none: the same weights, read for other inputs.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// use plyforge_chess::nnue::{MAX_OUTPUT_WEIGHT, Network};
    /// // Weights that count White's pawns on the queen's wing, from each side's view.
    /// let mut weights = vec![0; 768];
    /// for square in [8, 9, 10, 11] {
    ///     weights[square] = 10;
    ///     weights[384 + (square ^ 56)] = -10;
    /// }
    /// let plain = Network::from_parts(1, weights, vec![100], vec![MAX_OUTPUT_WEIGHT, 0], vec![0])?;
    /// let mirrored = plain.clone().with_mirrored_views(true);
    /// assert!(mirrored.has_mirrored_views() && !plain.has_mirrored_views());
    /// // Kings on c1 and f8: White's view is mirrored, and sees the pawns on the other wing.
    /// let board: Board = "5k2/8/8/8/8/8/PPPP4/2K5 w - - 0 1".parse()?;
    /// assert!(plain.evaluate(&board) > mirrored.evaluate(&board));
    /// assert_eq!(Network::from_bytes(&mirrored.to_bytes())?, mirrored);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_mirrored_views(mut self, mirrored: bool) -> Network {
        self.mirrored_views = mirrored;
        self
    }

    /// Whether this network mirrors a view whose own king stands on files a-d ([`mirrors_view`]).
    #[inline]
    pub fn has_mirrored_views(&self) -> bool {
        self.mirrored_views
    }

    /// Whether `perspective`'s view of `board` is mirrored: in a network with mirrored views,
    /// where its own king stands on files a-d.
    #[inline(always)]
    pub fn view_mirrored(&self, perspective: Color, board: &Board) -> bool {
        self.mirrored_views && mirrors_view(board.king_square(perspective))
    }

    /// The network in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let buckets = self.output_biases.len();
        let mut bytes = Vec::with_capacity(
            HEADER_LENGTH + Network::weights_length(self.hidden, self.king_buckets, buckets),
        );
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.king_buckets as u32).to_le_bytes());
        let flags = if self.mirrored_views {
            MIRRORED_VIEWS
        } else {
            0
        };
        bytes.extend_from_slice(&flags.to_le_bytes());
        for value in self
            .feature_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights)
        {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for bias in &self.output_biases {
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        bytes
    }

    /// The bytes after the header of a network with `hidden` hidden values, `king_buckets`
    /// king buckets and `buckets` output buckets.
    const fn weights_length(hidden: usize, king_buckets: usize, buckets: usize) -> usize {
        2 * (king_buckets * FEATURE_COUNT * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
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

    /// The number of king buckets `K`: 1, or [`KING_BUCKETS`] for a network whose views read
    /// the feature weights their own king's square selects.
    #[inline]
    pub fn king_bucket_count(&self) -> usize {
        self.king_buckets
    }

    /// The king bucket `perspective`'s view of `board` reads: [`king_bucket`] of its king's
    /// square, or 0 in a network of one king bucket.
    #[inline(always)]
    pub fn king_bucket_of(&self, perspective: Color, board: &Board) -> usize {
        if self.king_buckets == 1 {
            0
        } else {
            king_bucket(perspective, board.king_square(perspective))
        }
    }

    /// The feature weights, `K × FEATURE_COUNT × H`, king bucket by king bucket, input by input.
    #[inline]
    pub fn feature_weights(&self) -> &[i16] {
        &self.feature_weights
    }

    /// The number of output buckets `B`.
    #[inline]
    pub fn bucket_count(&self) -> usize {
        self.output_biases.len()
    }

    /// The output weights, `B × 2 × H`: per bucket, the side to move's accumulator first, then
    /// the other's.
    #[inline]
    pub fn output_weights(&self) -> &[i16] {
        &self.output_weights
    }

    /// The output biases, one per bucket, in the scale `ACCUMULATOR_SCALE × OUTPUT_SCALE`.
    #[inline]
    pub fn output_biases(&self) -> &[i32] {
        &self.output_biases
    }

    /// The weight row of input `feature` (below [`FEATURE_COUNT`]) in king bucket `king_bucket`
    /// (below [`Network::king_bucket_count`]), `H` values.
    #[inline(always)]
    pub fn feature_row(&self, king_bucket: usize, feature: usize) -> &[i16] {
        let row = king_bucket * FEATURE_COUNT + feature;
        &self.feature_weights[row * self.hidden..(row + 1) * self.hidden]
    }

    /// The score of `board` for the side to move, in centipawns, with both accumulators
    /// computed from scratch.
    pub fn evaluate(&self, board: &Board) -> Score {
        let accumulator = Accumulator::new(self, board);
        self.output(&accumulator, board)
    }

    /// The score for the side to move of `board`, whose accumulators are `accumulator`.
    pub fn output(&self, accumulator: &Accumulator, board: &Board) -> Score {
        let bucket = output_bucket(board.occupied().len() as usize, self.bucket_count());
        let weights = &self.output_weights[bucket * 2 * self.hidden..][..2 * self.hidden];
        let (ours, theirs) = weights.split_at(self.hidden);
        let side_to_move = board.side_to_move();
        let sum = activated_dot(accumulator.side(side_to_move, self.hidden), ours)
            + activated_dot(accumulator.side(!side_to_move, self.hidden), theirs);
        let scaled = sum / i64::from(ACCUMULATOR_SCALE) + i64::from(self.output_biases[bucket]);
        (scaled * i64::from(EVALUATION_SCALE) / i64::from(ACCUMULATOR_SCALE * OUTPUT_SCALE))
            as Score
    }
}

/// `Σ clamp(value, 0, ACCUMULATOR_SCALE)² × weight`: the squared clipped ReLU of each value
/// times its output weight.
///
/// [`OUTPUT_LANES`] values at a time: each clipped value `c` times its weight `w` in 16 bits
/// (`|c × w| ≤ 255 × 127 < 2¹⁵`), then `(c × w) × c` in 32 bits with adjacent pairs summed
/// (`pmaddwd`), so each 32-bit lane gains two terms of at most `255² × 127` per step: at most
/// `MAX_HIDDEN / OUTPUT_LANES × 2 × 255² × 127 < 2³¹` in all. The lanes widen to `i64` for the
/// total. Values past the last multiple of [`OUTPUT_LANES`] are summed one by one.
#[inline]
pub(super) fn activated_dot(values: &[i16], weights: &[i16]) -> i64 {
    const {
        let scale = ACCUMULATOR_SCALE as usize;
        let term = scale * scale * MAX_OUTPUT_WEIGHT as usize;
        assert!(MAX_HIDDEN / OUTPUT_LANES * 2 * term < i32::MAX as usize);
        assert!(ACCUMULATOR_SCALE as usize * MAX_OUTPUT_WEIGHT as usize <= i16::MAX as usize);
    };
    let (values, values_tail) = values.as_chunks::<OUTPUT_LANES>();
    let (weights, weights_tail) = weights.as_chunks::<OUTPUT_LANES>();
    let (low, high) = (i16x16::splat(0), i16x16::splat(ACCUMULATOR_SCALE as i16));
    let mut lanes = i32x8::splat(0);
    for (values, weights) in values.iter().zip(weights) {
        let clipped = i16x16::new(*values).max(low).min(high);
        lanes += (clipped * i16x16::new(*weights)).dot(clipped);
    }
    let tail: i64 = values_tail
        .iter()
        .zip(weights_tail)
        .map(|(&value, &weight)| {
            let clipped = i64::from(value).clamp(0, i64::from(ACCUMULATOR_SCALE));
            clipped * i64::from(weight) * clipped
        })
        .sum();
    lanes.to_array().into_iter().map(i64::from).sum::<i64>() + tail
}

impl Evaluator<Board> for Network {
    fn evaluate(&self, board: &Board, player: usize) -> Score {
        let score = crate::endgame::adjust(board, Network::evaluate(self, board));
        if player == board.side_to_move().index() {
            score
        } else {
            -score
        }
    }
}
