//! Move generation. A marble's destinations are one set: its steps (a table lookup `& empty`)
//! united with every hole its chains of jumps reach. The chains are found as a reachability set
//! on bitboards: a frontier of landing holes is expanded until it stops growing, with the
//! visited set as a bitboard, so each destination comes out once whatever the number of chains
//! that reach it, with no recursion and no hash map. Counting moves is the popcount of those
//! sets, with no move list at all.

use crate::error::{IllegalReason, MoveError};
use crate::moves::Move;
use crate::position::{Position, for_each_hole, holes};
use crate::star::{BITS, DIRECTION_SUBSETS, HOLES, LANDING_SETS, STEPS};
use arrayvec::ArrayVec;

/// The most moves a position can have: ten marbles, each with at most every empty hole
/// (101 with two players) as a destination. Real positions stay far below it.
pub const MAX_MOVES: usize = 10 * (HOLES - 20);

/// A move list that holds every position's moves without touching the heap.
pub type Moves = ArrayVec<Move, MAX_MOVES>;

impl Position {
    /// The holes the marble on `from` can move to (a marble of any player, for the rules are the
    /// same for all): its steps and the landings of its chains of jumps.
    #[inline(always)]
    pub(crate) fn destinations(&self, from: u8) -> u128 {
        let from = from as usize & (BITS - 1);
        let steps = STEPS[from % HOLES] & self.empty();
        let first = self.jump_directions[from];
        if first == 0 {
            steps
        } else {
            self.jump_destinations(from, first).0 | steps
        }
    }

    /// The holes reached by chains of jumps from `from` (which is excluded), given the
    /// directions `first` of its own jumps: a frontier of landing holes grown until it stops;
    /// and how many there are. Every reached hole is in exactly one frontier and every
    /// frontier is scanned hole by hole, so counting the scanned holes gives the number
    /// without a popcount (a software one, a few dozen instructions for a `u128`, unless the
    /// build targets a CPU with `popcnt`).
    #[inline(always)]
    fn jump_destinations(&self, from: usize, first: u8) -> (u128, u32) {
        // The marble has left `from`, yet `jump_directions` still sees it there. That changes
        // nothing: a jump moves two holes along a line, so every landing is an even offset of
        // the lattice from `from` (twice a sum of unit steps), while a jump over `from` would
        // start on one of its neighbours (an odd offset); and a jump back onto `from`, which
        // `from` counting as occupied excludes, would reach nothing new: the chains from
        // `from` are the first frontier. So the chains never touch `from`, and `reached`
        // starts empty.
        let mut reached = 0;
        let mut frontier = landings(from, first);
        let mut count = 0;
        while frontier != 0 {
            reached |= frontier;
            let mut next = 0;
            for_each_hole(frontier, |hole| {
                let hole = hole & (BITS - 1);
                next |= landings(hole, self.jump_directions[hole]);
                count += 1;
            });
            frontier = next & !reached;
        }
        debug_assert_eq!(reached & (1 << from | STEPS[from % HOLES]), 0);
        (reached, count)
    }

    /// Whether the player who moved last has won (then nobody may move).
    #[inline(always)]
    fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// Appends every legal move of the player to move: marble moves by start hole then end
    /// hole, or the single pass when there is none; nothing once the game is won.
    pub fn generate_moves(&self, moves: &mut impl Extend<Move>) {
        if self.is_over() {
            return;
        }
        let mut any = false;
        for_each_hole(self.marbles[self.to_move()], |from| {
            let from = from as u8;
            for_each_hole(self.destinations(from), |to| {
                moves.extend(core::iter::once(Move::between(from, to as u8)));
                any = true;
            });
        });
        if !any {
            moves.extend(core::iter::once(Move::PASS));
        }
    }

    /// The legal moves, in generation order.
    pub fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves, counted without listing them: the popcounts of the
    /// destination sets (a pass counts as one move).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let mut count = 0;
        for_each_hole(self.marbles[self.to_move()], |from| {
            let from = from & (BITS - 1);
            let first = self.jump_directions[from];
            // A jump moves two holes along a line, so every chain lands at an even offset of
            // the lattice from `from`, never on a neighbour: steps and jumps are disjoint and
            // their counts add up.
            count += self.free_neighbours[from] as u64;
            if first != 0 {
                let (jumps, jump_count) = self.jump_destinations(from, first);
                debug_assert_eq!(jumps.count_ones(), jump_count);
                debug_assert_eq!(
                    jumps & STEPS[from % HOLES],
                    0,
                    "a jump lands next to {from}"
                );
                count += jump_count as u64;
            }
        });
        count.max(1)
    }

    /// Checks that `mv` is legal for the player to move, saying why not.
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let illegal = |reason| Err(MoveError::Illegal { mv, reason });
        let own = self.marbles[self.to_move()];
        let Some((from, to)) = mv.from().zip(mv.to()) else {
            let has_moves = holes(own).any(|from| self.destinations(from) != 0);
            return if has_moves {
                illegal(IllegalReason::PassWithMoves)
            } else {
                Ok(())
            };
        };
        if own >> from & 1 == 0 {
            illegal(IllegalReason::NotYourMarble)
        } else if self.occupied >> to & 1 == 1 {
            illegal(IllegalReason::Occupied)
        } else if self.destinations(from) >> to & 1 == 0 {
            illegal(IllegalReason::Unreachable)
        } else {
            Ok(())
        }
    }

    /// Plays `mv` if it is legal, otherwise leaves the position unchanged and says why not.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check_move(mv)?;
        self.play(mv);
        Ok(())
    }

    /// Parses `text` (`FROM-TO` or `pass`) and plays it if it is legal.
    pub fn try_play_str(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse()?;
        self.try_play(mv)?;
        Ok(mv)
    }
}

/// The landing holes of the jumps from `hole` in the directions of `directions`: one table
/// load, no loop and no branch.
#[inline(always)]
fn landings(hole: usize, directions: u8) -> u128 {
    LANDING_SETS[hole & (BITS - 1)][directions as usize & (DIRECTION_SUBSETS - 1)]
}
