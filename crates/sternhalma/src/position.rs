//! `Position`: the marbles of every player on the star, the player to move, and what move
//! generation and evaluation keep up to date on every move (the occupied set, each hole's
//! possible jump directions, each player's distance sums, the Zobrist hash, the move count).
//! Move generation is in `movegen.rs`, the notation in `notation.rs`.

use crate::distance::DISTANCES;
use crate::moves::Move;
use crate::players::{MAX_PLAYERS, PlayerCount};
use crate::star::{
    ALL_HOLES, BITS, DIRECTIONS, HOLE_BITS, LANDINGS, NEIGHBOURS, NO_HOLE, POINT_HOLES, STEPS,
    opposite_point,
};
use crate::zobrist::{MARBLE_KEYS, TO_MOVE_KEYS};
use plyforge_bitboard::{BitBoard, geometries::Line121};
#[cfg(feature = "search")]
use plyforge_search::Outcome;

/// The off-board bit, always set in `Position::occupied`.
const OFF_BOARD: u128 = 1 << NO_HOLE;

/// The default move limit: after this many moves of every player without a winner, the game is
/// a draw.
pub const DEFAULT_MOVE_LIMIT: u32 = 300;

/// A Sternhalma position for 2, 3, 4 or 6 players.
///
/// ```
/// use plyforge_sternhalma::{PlayerCount, Position};
/// let mut position = Position::new(PlayerCount::Two);
/// assert_eq!(position.legal_moves().len(), 14);
/// position.try_play_str("7-15")?;
/// assert_eq!(position.to_move(), 1);
/// # Ok::<(), plyforge_sternhalma::MoveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// One set of holes per player in turn order; unused players stay empty.
    pub(crate) marbles: [u128; MAX_PLAYERS],
    /// Every marble, and the off-board bit [`NO_HOLE`] (see there).
    pub(crate) occupied: u128,
    /// Per hole (padded to 128 entries), bit `d` set when a jump from it in direction `d` is possible: the neighbour in
    /// `d` is occupied and the hole beyond it is empty (whatever stands on the hole itself).
    pub(crate) jump_directions: [u8; BITS],
    /// Per hole (padded to 128 entries), the number of its neighbours that are empty: the
    /// step count of a marble standing there, kept up to date so counting needs no popcount.
    pub(crate) free_neighbours: [u8; BITS],
    /// Per hole (padded to 128 entries, the off-board slot [`NO_HOLE`] always 1), 1 when it
    /// holds a marble: the occupied set as bytes. Play and undo test a dozen neighbours per
    /// move, and a byte load is cheaper than a variable shift of the `u128`.
    filled: [u8; BITS],
    /// Per player, the sum of its marbles' distances to its target's tip.
    distance_sums: [u16; MAX_PLAYERS],
    /// Per player, the sum of the squares of those distances (it weighs stragglers).
    square_sums: [u16; MAX_PLAYERS],
    hash: u64,
    plies: u32,
    move_limit: u32,
    players: PlayerCount,
    to_move: u8,
}

impl Position {
    /// The start: every player's marbles fill its home, player 1 (index 0) to move.
    pub fn new(players: PlayerCount) -> Position {
        let mut marbles = [0u128; MAX_PLAYERS];
        for (player, &home) in players.homes().iter().enumerate() {
            marbles[player] = POINT_HOLES[home];
        }
        Position::from_parts(players, marbles, 0)
    }

    /// A position from each player's marbles (already validated: disjoint, ten each, on the
    /// board) and the player to move (from 0).
    pub(crate) fn from_parts(
        players: PlayerCount,
        marbles: [u128; MAX_PLAYERS],
        to_move: usize,
    ) -> Position {
        let occupied = marbles.iter().fold(OFF_BOARD, |all, &set| all | set);
        let mut position = Position {
            marbles,
            occupied,
            jump_directions: [0; BITS],
            free_neighbours: [0; BITS],
            filled: [0; BITS],
            distance_sums: [0; MAX_PLAYERS],
            square_sums: [0; MAX_PLAYERS],
            hash: TO_MOVE_KEYS[to_move],
            plies: 0,
            move_limit: DEFAULT_MOVE_LIMIT,
            players,
            to_move: to_move as u8,
        };
        for (hole, &steps) in STEPS.iter().enumerate() {
            position.free_neighbours[hole] = (steps & !occupied).count_ones() as u8;
            position.filled[hole] = (occupied >> hole) as u8 & 1;
            for d in 0..DIRECTIONS {
                if position.can_jump(hole, d) {
                    position.jump_directions[hole] |= 1 << d;
                }
            }
        }
        position.filled[NO_HOLE as usize] = 1;
        for player in 0..players.get() {
            let target = players.target(player);
            for hole in holes(marbles[player]) {
                let distance = DISTANCES[target][hole as usize] as u16;
                position.distance_sums[player] += distance;
                position.square_sums[player] += distance * distance;
                position.hash ^= MARBLE_KEYS[player][hole as usize];
            }
        }
        position
    }

    /// Whether a jump from `hole` in direction `d` is possible now.
    fn can_jump(&self, hole: usize, d: usize) -> bool {
        let over = NEIGHBOURS[hole][d];
        let landing = LANDINGS[hole][d];
        landing != NO_HOLE && self.is_occupied(over) && !self.is_occupied(landing)
    }

    #[inline(always)]
    fn is_occupied(&self, hole: u8) -> bool {
        self.occupied >> hole & 1 == 1
    }

    /// The same position with a different move limit (moves per player before a draw).
    pub fn with_move_limit(mut self, moves_per_player: u32) -> Position {
        self.move_limit = moves_per_player;
        self
    }

    /// The number of players.
    #[inline]
    pub fn players(&self) -> PlayerCount {
        self.players
    }

    /// The player to move, from 0.
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// The player who moved last (the one before the player to move, in turn order).
    #[inline]
    pub fn last_mover(&self) -> usize {
        self.players.previous(self.to_move as usize)
    }

    /// The marbles of `player` (from 0).
    #[inline]
    pub fn marbles(&self, player: usize) -> BitBoard<Line121> {
        BitBoard::from_bits(self.marbles[player])
    }

    /// Every marble on the board.
    #[inline]
    pub fn occupied(&self) -> BitBoard<Line121> {
        BitBoard::from_bits(self.occupied & ALL_HOLES)
    }

    /// The player whose marble stands on `hole`, if any.
    pub fn owner(&self, hole: u8) -> Option<usize> {
        (0..self.players.get()).find(|&p| self.marbles[p] >> hole & 1 == 1)
    }

    /// Plies played since this position was set up.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Moves per player before the game is a draw.
    #[inline]
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The Zobrist hash of the marbles and the player to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position will have after `mv` (without playing it): the search prefetches
    /// the transposition-table entry of a child with it.
    #[inline]
    pub fn hash_after(&self, mv: Move) -> u64 {
        let player = self.to_move as usize;
        let mut hash = self.hash;
        if !mv.is_pass() {
            hash ^= MARBLE_KEYS[player][mv.start_hole() as usize]
                ^ MARBLE_KEYS[player][mv.end_hole() as usize];
        }
        let next = self.players.next(player);
        hash ^ TO_MOVE_KEYS[player] ^ TO_MOVE_KEYS[next]
    }

    /// The sum of `player`'s marbles' step distances to its target's tip (20 when home).
    #[inline]
    pub fn distance_sum(&self, player: usize) -> u32 {
        self.distance_sums[player] as u32
    }

    /// The sum of the squares of those distances.
    #[inline]
    pub fn square_sum(&self, player: usize) -> u32 {
        self.square_sums[player] as u32
    }

    /// How many of `player`'s marbles stand in its target.
    #[inline]
    pub fn marbles_home(&self, player: usize) -> u32 {
        (self.marbles[player] & self.players.target_holes(player)).count_ones()
    }

    /// Whether `player` meets the winning condition: its target full, with at least one of its
    /// own marbles among those.
    #[inline]
    pub fn target_filled(&self, player: usize) -> bool {
        let target = self.players.target_holes(player);
        self.occupied & target == target && self.marbles[player] & target != 0
    }

    /// The winner, if the player who moved last has won. A won position has no moves.
    #[inline]
    pub fn winner(&self) -> Option<usize> {
        let last = self.last_mover();
        self.target_filled(last).then_some(last)
    }

    /// Whether the game is drawn by the move limit (each player has made that many moves and
    /// nobody has won).
    pub fn move_limit_reached(&self) -> bool {
        self.winner().is_none()
            && self.plies >= self.move_limit.saturating_mul(self.players.get() as u32)
    }

    /// The result: the winner, a draw once the move limit is reached, or `None` while the game
    /// goes on.
    #[cfg(feature = "search")]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            Some(Outcome::Win(winner))
        } else if self.move_limit_reached() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Plays `mv`, which must be legal (see [`Position::try_play`] for a checked version).
    #[inline]
    pub fn play(&mut self, mv: Move) {
        if !mv.is_pass() {
            let player = self.to_move as usize;
            debug_assert!(
                self.marbles[player] >> mv.start_hole() & 1 == 1,
                "{mv} moves no marble"
            );
            debug_assert!(!self.is_occupied(mv.end_hole()), "{mv} lands on a marble");
            self.move_marble(player, mv.start_hole(), mv.end_hole());
        }
        let next = self.players.next(self.to_move as usize);
        self.hand_turn_to(next);
        self.plies += 1;
    }

    /// Takes back `mv`, the last move played.
    #[inline]
    pub fn undo(&mut self, mv: Move) {
        let previous = self.players.previous(self.to_move as usize);
        self.hand_turn_to(previous);
        self.plies -= 1;
        if !mv.is_pass() {
            self.move_marble(previous, mv.end_hole(), mv.start_hole());
        }
    }

    /// Moves `player`'s marble from `from` to the empty hole `to`, keeping every derived field
    /// (occupied set, jump directions, distance sums, hash) up to date.
    #[inline(always)]
    fn move_marble(&mut self, player: usize, from: u8, to: u8) {
        let (from_bit, to_bit) = (
            HOLE_BITS[from as usize & (BITS - 1)],
            HOLE_BITS[to as usize & (BITS - 1)],
        );
        self.marbles[player] ^= from_bit | to_bit;
        self.occupied ^= from_bit | to_bit;
        // `fill` reads the bytes of the neighbours of `to`, which may include `from`.
        self.filled[from as usize & (BITS - 1)] = 0;
        self.vacate(from);
        self.filled[to as usize & (BITS - 1)] = 1;
        self.fill(to);
        // Off-board updates land in the scratch slot; keep it clean so equal positions compare
        // equal.
        self.jump_directions[NO_HOLE as usize] = 0;
        self.free_neighbours[NO_HOLE as usize] = 0;
        let target = self.players.target_fast(player);
        let (was, now) = (
            DISTANCES[target][from as usize] as u16,
            DISTANCES[target][to as usize] as u16,
        );
        self.distance_sums[player] = self.distance_sums[player] + now - was;
        self.square_sums[player] = self.square_sums[player] + now * now - was * was;
        self.hash ^= MARBLE_KEYS[player][from as usize] ^ MARBLE_KEYS[player][to as usize];
    }

    /// Makes `player` the player to move, keeping the hash up to date.
    #[inline(always)]
    fn hand_turn_to(&mut self, player: usize) {
        self.hash ^= TO_MOVE_KEYS[self.to_move as usize] ^ TO_MOVE_KEYS[player];
        self.to_move = player as u8;
    }

    /// Makes `player` the player to move, as if everybody in between had passed (for best-reply
    /// search); the move count does not change. Returns `false` for a player not in the game.
    pub fn set_to_move(&mut self, player: usize) -> bool {
        if player >= self.players.get() {
            return false;
        }
        self.hand_turn_to(player);
        true
    }

    /// Updates the jump directions and free-neighbour counts after `hole` became empty
    /// (`filled` already says so).
    /// Off the board, [`NO_HOLE`] indexes the scratch slot and counts as occupied, so no
    /// branch is needed.
    #[inline(always)]
    fn vacate(&mut self, hole: u8) {
        let (neighbours, landings) = (&NEIGHBOURS[hole as usize], &LANDINGS[hole as usize]);
        for e in 0..DIRECTIONS {
            // Holes in direction `e` look back at `hole` in direction `d`.
            let d = (e + DIRECTIONS / 2) % DIRECTIONS;
            let next = neighbours[e] as usize & (BITS - 1);
            let beyond = landings[e] as usize & (BITS - 1);
            self.free_neighbours[next] = self.free_neighbours[next].wrapping_add(1);
            // `next` can no longer jump over `hole`.
            self.jump_directions[next] &= !(1 << d);
            // `beyond` can now jump over `next` into `hole` if `next` holds a marble.
            self.jump_directions[beyond] |= self.filled[next] << d;
        }
    }

    /// Updates the jump directions and free-neighbour counts after `hole` became occupied
    /// (`filled` already says so).
    #[inline(always)]
    fn fill(&mut self, hole: u8) {
        let (neighbours, landings) = (&NEIGHBOURS[hole as usize], &LANDINGS[hole as usize]);
        for e in 0..DIRECTIONS {
            let d = (e + DIRECTIONS / 2) % DIRECTIONS;
            let next = neighbours[e] as usize & (BITS - 1);
            let beyond = landings[e] as usize & (BITS - 1);
            self.free_neighbours[next] = self.free_neighbours[next].wrapping_sub(1);
            // `next` may jump over `hole` if the hole on the other side is free.
            let other_side = neighbours[d] as usize & (BITS - 1);
            self.jump_directions[next] |= (self.filled[other_side] ^ 1) << d;
            // `beyond` can no longer land on `hole`.
            self.jump_directions[beyond] &= !(1 << d);
        }
    }

    /// The set of empty holes.
    #[inline(always)]
    pub(crate) fn empty(&self) -> u128 {
        !self.occupied & ALL_HOLES
    }

    /// The target point of `player`, for the evaluation.
    #[inline]
    pub fn target_point(&self, player: usize) -> usize {
        opposite_point(self.players.home(player))
    }
}

/// Calls `visit` with every hole of a raw set, lowest first, one 64-bit half at a time: the
/// bit scan and clear of a `u128` take twice the instructions of a `u64`'s, and the hot loops
/// (counting, generating) run over ten marbles per node.
#[inline(always)]
pub(crate) fn for_each_hole(set: u128, mut visit: impl FnMut(usize)) {
    const HALF: u32 = u64::BITS;
    for (half, offset) in [(set as u64, 0), ((set >> HALF) as u64, HALF)] {
        let mut bits = half;
        while bits != 0 {
            visit((bits.trailing_zeros() + offset) as usize);
            bits &= bits - 1;
        }
    }
}

/// The holes of a raw set, lowest first.
#[inline(always)]
pub(crate) fn holes(mut set: u128) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let hole = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(hole)
        }
    })
}
