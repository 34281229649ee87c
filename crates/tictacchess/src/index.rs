//! A perfect index of the whole state space, the first step of a retrograde analysis: every
//! state (where each of the 8 pieces is, the pawns' directions, the side to move) gets a unique
//! number below [`StateIndex::count`] = 4,924,721,490, and every such number is a state, so a
//! table of values needs no gaps.
//!
//! The index is built from the inside out: the side to move (2); the two pawns' states together
//! (each in hand, on a rank-1 or rank-4 square with its one legal direction, or on a rank-2 or
//! rank-3 square with either direction: 25 states each, pairs on one square excluded); which of
//! the other six pieces are on the board (a subset, ranked by its bit mask); and where those
//! stand, as a mixed-radix number over the squares the pawns left free.

use crate::attacks::STRIDE;
use crate::piece::{Color, PawnDirection, Piece};
use crate::position::Position;
use alloc::vec;
use alloc::vec::Vec;

/// Squares on the board.
const SQUARES: usize = 16;
/// The pieces other than pawns, in index order: White's N, B, R, then Black's n, b, r.
const OTHERS: [(Color, Piece); 6] = [
    (Color::White, Piece::Knight),
    (Color::White, Piece::Bishop),
    (Color::White, Piece::Rook),
    (Color::Black, Piece::Knight),
    (Color::Black, Piece::Bishop),
    (Color::Black, Piece::Rook),
];

/// One pawn's state: in hand, or on a dense square (`file + 4 * rank`) with a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PawnState {
    InHand,
    On(u8, PawnDirection),
}

/// Every pawn state that a position can hold for `color` (a pawn never stands on the rank it
/// travels to; in hand it has its starting direction), 25 of them.
fn pawn_states() -> Vec<PawnState> {
    let mut states = vec![PawnState::InHand];
    for square in 0..SQUARES as u8 {
        let rank = square / 4;
        for direction in [PawnDirection::North, PawnDirection::South] {
            if rank != direction.far_rank() {
                states.push(PawnState::On(square, direction));
            }
        }
    }
    states
}

/// The number of ordered placements of `k` distinct pieces on `free` squares.
fn arrangements(free: u64, k: u32) -> u64 {
    (0..k as u64).map(|i| free - i).product()
}

/// The perfect index of TicTacChess states.
///
/// ```
/// use plyforge_tictacchess::{Position, StateIndex};
///
/// let index = StateIndex::new();
/// assert_eq!(index.count(), 4_924_721_490);
/// let start = Position::start();
/// let number = index.index(&start);
/// assert_eq!(index.position(number), Some(start));
/// ```
#[derive(Debug, Clone)]
pub struct StateIndex {
    /// The 25 pawn states (the same list serves both colours).
    states: Vec<PawnState>,
    /// Pawn-pair number by (White's state, Black's state), `None` when both stand on one square.
    pair_of: Vec<Vec<Option<usize>>>,
    /// By pair number: (White's state, Black's state, first index of the pair's block).
    pairs: Vec<(usize, usize, u64)>,
    /// By free squares (14..=16) and subset mask of [`OTHERS`]: first index of the subset's block.
    subset_start: Vec<[u64; 1 << OTHERS.len()]>,
    /// Index count for one side to move.
    per_side: u64,
    /// The fast path's pawn-state number by dense square and [`PawnDirection::index`]
    /// ([`NO_STATE`] where a pawn cannot stand); in hand is state 0.
    pawn_number: [[u8; 2]; SQUARES],
    /// The fast path's first index of each pawn pair's block by state numbers
    /// ([`NO_PAIR`] for two pawns on one square).
    pair_start: Vec<[u64; PAWN_STATES]>,
}

/// Pawn states per colour: in hand, or on one of 16 squares with one of its valid directions.
const PAWN_STATES: usize = 25;
/// Marks a (square, direction) where a pawn cannot stand.
const NO_STATE: u8 = u8::MAX;
/// Marks a pair of pawn states that share a square.
const NO_PAIR: u64 = u64::MAX;
/// The six non-pawn pieces as (colour index, piece index), in [`OTHERS`] order.
const OTHER_SLOTS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)];

/// The dense square (`file + 4 * rank`) of a one-bit set on the ghost-column layout.
#[inline(always)]
fn dense_of(bit: u32) -> u32 {
    let square = bit.trailing_zeros();
    square - square / STRIDE as u32
}

/// The ghost-column bit of a dense square.
#[inline(always)]
fn bit_of(dense: u32) -> u32 {
    1 << (dense + dense / 4)
}

impl Default for StateIndex {
    fn default() -> Self {
        StateIndex::new()
    }
}

impl StateIndex {
    /// Builds the offset tables (a few thousand numbers).
    pub fn new() -> StateIndex {
        let states = pawn_states();
        let mut subset_start = vec![[0u64; 1 << OTHERS.len()]; SQUARES + 1];
        let mut subset_total = [0u64; SQUARES + 1];
        for free in SQUARES - 2..=SQUARES {
            let mut start = 0;
            for (mask, first) in subset_start[free].iter_mut().enumerate() {
                *first = start;
                start += arrangements(free as u64, mask.count_ones());
            }
            subset_total[free] = start;
        }
        let mut pair_of = vec![vec![None; states.len()]; states.len()];
        let mut pairs = Vec::new();
        let mut start = 0;
        for (white, &white_state) in states.iter().enumerate() {
            for (black, &black_state) in states.iter().enumerate() {
                let used = |state| match state {
                    PawnState::InHand => None,
                    PawnState::On(square, _) => Some(square),
                };
                let (w, b) = (used(white_state), used(black_state));
                if w.is_some() && w == b {
                    continue;
                }
                pair_of[white][black] = Some(pairs.len());
                pairs.push((white, black, start));
                let free = SQUARES - w.is_some() as usize - b.is_some() as usize;
                start += subset_total[free];
            }
        }
        let mut pawn_number = [[NO_STATE; 2]; SQUARES];
        for (number, state) in states.iter().enumerate() {
            if let PawnState::On(square, direction) = *state {
                pawn_number[square as usize][direction.index()] = number as u8;
            }
        }
        let mut pair_start = vec![[NO_PAIR; PAWN_STATES]; PAWN_STATES];
        for &(white, black, first) in &pairs {
            pair_start[white][black] = first;
        }
        StateIndex {
            states,
            pair_of,
            pairs,
            subset_start,
            per_side: start,
            pawn_number,
            pair_start,
        }
    }

    /// The number of states: every index is below it.
    pub fn count(&self) -> u64 {
        2 * self.per_side
    }

    fn pawn_state(position: &Position, color: Color) -> PawnState {
        match position.pieces[color.index()][Piece::Pawn.index()] {
            0 => PawnState::InHand,
            bit => {
                let square = bit.trailing_zeros() as u8;
                let dense = square % STRIDE as u8 + 4 * (square / STRIDE as u8);
                PawnState::On(dense, position.pawn_direction(color))
            }
        }
    }

    /// The index of `position`.
    pub fn index(&self, position: &Position) -> u64 {
        let find = |state| {
            self.states
                .iter()
                .position(|&s| s == state)
                .expect("positions only hold valid pawn states")
        };
        let white = Self::pawn_state(position, Color::White);
        let black = Self::pawn_state(position, Color::Black);
        let pair = self.pair_of[find(white)][find(black)].expect("pawns on distinct squares");
        let mut free: Vec<u8> = (0..SQUARES as u8)
            .filter(|&s| {
                ![white, black]
                    .iter()
                    .any(|p| matches!(p, PawnState::On(q, _) if *q == s))
            })
            .collect();
        let mut mask = 0;
        let mut rank = 0u64;
        let free_count = free.len();
        for (i, &(color, piece)) in OTHERS.iter().enumerate() {
            let bit = position.pieces[color.index()][piece.index()];
            if bit == 0 {
                continue;
            }
            mask |= 1 << i;
            let square = bit.trailing_zeros() as u8;
            let dense = square % STRIDE as u8 + 4 * (square / STRIDE as u8);
            let at = free
                .iter()
                .position(|&s| s == dense)
                .expect("squares are distinct");
            rank = rank * free.len() as u64 + at as u64;
            free.remove(at);
        }
        let within = self.pairs[pair].2 + self.subset_start[free_count][mask] + rank;
        2 * within + position.side_to_move().index() as u64
    }

    /// The state with index `index`, or `None` when `index` is not below [`StateIndex::count`].
    pub fn position(&self, index: u64) -> Option<Position> {
        if index >= self.count() {
            return None;
        }
        let side = if index.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let within = index / 2;
        let pair = self.pairs.partition_point(|&(_, _, start)| start <= within) - 1;
        let (white, black, start) = self.pairs[pair];
        let mut rest = within - start;
        let mut position = Position::start();
        position.side = side;
        let mut free: Vec<u8> = (0..SQUARES as u8).collect();
        for (color, state) in [
            (Color::White, self.states[white]),
            (Color::Black, self.states[black]),
        ] {
            if let PawnState::On(square, direction) = state {
                free.retain(|&s| s != square);
                place(&mut position, color, Piece::Pawn, square);
                position.turned[color.index()] = direction != color.pawn_start();
            }
        }
        let starts = &self.subset_start[free.len()];
        let mask = starts.partition_point(|&s| s <= rest) - 1;
        rest -= starts[mask];
        // Undo the mixed radix: the last placed piece is the least significant digit.
        let placed: Vec<usize> = (0..OTHERS.len()).filter(|i| mask >> i & 1 == 1).collect();
        let mut digits = vec![0u64; placed.len()];
        for (j, digit) in digits.iter_mut().enumerate().rev() {
            let radix = (free.len() - j) as u64;
            *digit = rest % radix;
            rest /= radix;
        }
        for (&i, &digit) in placed.iter().zip(&digits) {
            let square = free.remove(digit as usize);
            let (color, piece) = OTHERS[i];
            place(&mut position, color, piece, square);
        }
        position.hash = position.compute_hash();
        Some(position)
    }
}

impl StateIndex {
    /// The index of `position`, equal to [`StateIndex::index`] but without allocation or
    /// searching: table lookups, and for each of the other six pieces its rank among the
    /// squares still free, read off a 16-bit occupancy mask with one popcount. This is the
    /// retrograde analysis's inner loop.
    #[inline]
    pub fn index_fast(&self, position: &Position) -> u64 {
        let mut used = 0u32;
        let mut numbers = [0usize; 2];
        for (color, number) in numbers.iter_mut().enumerate() {
            let bit = position.pieces[color][Piece::Pawn.index()];
            if bit != 0 {
                let dense = dense_of(bit);
                let direction = usize::from(position.turned[color]) ^ color;
                *number = self.pawn_number[dense as usize][direction] as usize;
                used |= 1 << dense;
            }
        }
        let mut free = SQUARES as u64 - u64::from(used.count_ones());
        let free_count = free as usize;
        let mut mask = 0;
        let mut rank = 0u64;
        for (i, &(color, piece)) in OTHER_SLOTS.iter().enumerate() {
            let bit = position.pieces[color][piece];
            if bit == 0 {
                continue;
            }
            mask |= 1 << i;
            let dense = dense_of(bit);
            let at = dense - (used & ((1 << dense) - 1)).count_ones();
            rank = rank * free + u64::from(at);
            free -= 1;
            used |= 1 << dense;
        }
        let within =
            self.pair_start[numbers[0]][numbers[1]] + self.subset_start[free_count][mask] + rank;
        2 * within + position.side_to_move().index() as u64
    }

    /// The state with index `index`, equal to [`StateIndex::position`] but without
    /// allocation, and without the Zobrist hash (left 0: the retrograde analysis never needs
    /// it; [`Position::compute_hash`] fills it in). `index` must be below [`StateIndex::count`].
    #[inline]
    pub fn position_fast(&self, index: u64) -> Position {
        debug_assert!(index < self.count());
        let within = index / 2;
        let pair = self.pairs.partition_point(|&(_, _, start)| start <= within) - 1;
        let (white, black, start) = self.pairs[pair];
        let mut rest = within - start;
        let mut position = Position {
            pieces: [[0; Piece::NUM]; 2],
            occupied: [0; 2],
            turned: [false; 2],
            side: if index.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
            hash: 0,
        };
        let mut used = 0u32;
        for (color, state) in [(0, self.states[white]), (1, self.states[black])] {
            if let PawnState::On(square, direction) = state {
                let bit = bit_of(u32::from(square));
                position.pieces[color][Piece::Pawn.index()] = bit;
                position.occupied[color] |= bit;
                position.turned[color] = direction.index() != color;
                used |= 1 << square;
            }
        }
        let free = SQUARES - used.count_ones() as usize;
        let starts = &self.subset_start[free];
        let mask = starts.partition_point(|&s| s <= rest) - 1;
        rest -= starts[mask];
        // The mixed-radix digits, least significant (last placed piece) first.
        let placed = (mask as u32).count_ones() as usize;
        let mut digits = [0u32; OTHERS.len()];
        for j in (0..placed).rev() {
            let radix = (free - j) as u64;
            digits[j] = (rest % radix) as u32;
            rest /= radix;
        }
        let mut j = 0;
        for (i, &(color, piece)) in OTHER_SLOTS.iter().enumerate() {
            if mask >> i & 1 == 0 {
                continue;
            }
            // The digit-th free square: skip that many free squares from a1 up.
            let mut open = !used & 0xFFFF;
            for _ in 0..digits[j] {
                open &= open - 1;
            }
            let dense = open.trailing_zeros();
            used |= 1 << dense;
            let bit = bit_of(dense);
            position.pieces[color][piece] = bit;
            position.occupied[color] |= bit;
            j += 1;
        }
        position
    }
}

/// Puts `color`'s `piece` on the dense square `square` of `position`.
fn place(position: &mut Position, color: Color, piece: Piece, square: u8) {
    let bit = 1u32 << (square % 4 + STRIDE as u8 * (square / 4));
    position.pieces[color.index()][piece.index()] = bit;
    position.occupied[color.index()] |= bit;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_matches_the_closed_form() {
        assert_eq!(StateIndex::new().count(), 4_924_721_490);
        assert_eq!(pawn_states().len(), 25);
    }

    #[test]
    fn ends_and_samples_round_trip() {
        let index = StateIndex::new();
        let last = index.count() - 1;
        let step = index.count() / 10_007;
        for i in (0..index.count())
            .step_by(step as usize)
            .chain([1, last - 1, last])
        {
            let position = index.position(i).expect("in range");
            assert_eq!(index.index(&position), i, "{position}");
            let reread: Position = position.to_string().parse().expect("a valid state");
            assert_eq!(reread, position);
        }
        assert_eq!(index.position(index.count()), None);
    }

    #[test]
    fn fast_paths_equal_the_reference() {
        let index = StateIndex::new();
        let step = index.count() / 100_003;
        for i in (0..index.count()).step_by(step as usize).chain([
            0,
            1,
            index.count() - 2,
            index.count() - 1,
        ]) {
            let position = index.position(i).expect("in range");
            let mut fast = index.position_fast(i);
            assert_eq!(index.index_fast(&position), i, "{position}");
            fast.hash = fast.compute_hash();
            assert_eq!(fast, position);
        }
    }

    #[test]
    fn positions_from_playouts_round_trip() {
        let index = StateIndex::new();
        let mut seen = std::collections::HashSet::new();
        let mut position = Position::start();
        let mut choice = 7usize;
        for _ in 0..5_000 {
            let number = index.index(&position);
            assert!(number < index.count());
            assert_eq!(index.index_fast(&position), number);
            assert_eq!(index.position(number), Some(position));
            seen.insert(number);
            let moves = position.legal_moves();
            if moves.is_empty() {
                position = Position::start();
                continue;
            }
            choice = choice
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            position.play(moves[(choice >> 33) % moves.len()]);
        }
        assert!(seen.len() > 1_000);
    }
}
