//! TicTacChess as a [`Space`] for the retrograde solver. Only White-to-move states are stored
//! (a Black-to-move state has the value of its colour-swapped, rank-flipped image), numbered
//! by [`StateIndex`] (entry = index / 2), and of each mirror pair only the representative (the
//! first piece on the board, in the order `PNBRpnbr`, stands on file a or b) is analysed; the
//! other is [`Start::Excluded`] and read through its image. The mirror moves every square, and
//! the eight pieces are all different, so only the empty board is its own mirror image.
//! Excluded too are the states where White, to move, already has four in a row (no move can
//! have made it).
//!
//! Edges under the mirror: a state's count is its number of legal moves. A decided child `z`
//! stands for itself and its mirror image `m(z)`; the moves into that pair from analysed states
//! are the un-moves of `z` (parents `x`) and their images (`m(x)` into `m(z)`). So each parent
//! `x` of `z` gives one edge to its representative, or two when `x` is its own mirror image
//! (it has moves to `z` and to `m(z)`); when `z` is its own image, `m(x)` is itself a parent
//! of `z` and only the representative parents are counted.

use crate::Color;
use crate::index::StateIndex;
use crate::lines::has_line;
use crate::position::Position;
use plyforge_search::retrograde::{Solution, Space, Start, Value};

/// The TicTacChess state space as the solver sees it.
#[derive(Debug, Clone, Default)]
pub struct TicTacChessSpace {
    index: StateIndex,
}

/// Where a position's value is stored: the table entry of its representative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The table entry (index of the White-to-move representative / 2).
    pub entry: u64,
    /// Whether the position is its own mirror image (after the colour swap if Black is to move).
    pub symmetric: bool,
}

impl TicTacChessSpace {
    /// The space over [`StateIndex`]'s numbering.
    pub fn new() -> TicTacChessSpace {
        TicTacChessSpace {
            index: StateIndex::new(),
        }
    }

    /// The White-to-move state stored at `entry` (hash left 0 unless `hashed`).
    pub fn position(&self, entry: u64, hashed: bool) -> Position {
        let mut position = self.index.position_fast(2 * entry);
        if hashed {
            position.hash = position.compute_hash();
        }
        position
    }

    /// The entry that holds `position`'s value (for its side to move).
    pub fn entry(&self, position: &Position) -> Entry {
        self.entry_and_own(position).0
    }

    /// [`TicTacChessSpace::entry`] and the entry of the position itself (its White-to-move
    /// form, before the mirror).
    #[inline]
    fn entry_and_own(&self, position: &Position) -> (Entry, u64) {
        let white = if position.side_to_move() == Color::White {
            *position
        } else {
            position.swapped_unhashed()
        };
        self.white_entry_and_own(&white)
    }

    /// [`TicTacChessSpace::entry_and_own`] for a White-to-move position.
    #[inline(always)]
    fn white_entry_and_own(&self, white: &Position) -> (Entry, u64) {
        debug_assert_eq!(white.side_to_move(), Color::White);
        let symmetric = white.board_is_empty();
        if white.is_mirror_representative() {
            let own = self.index.index_fast(white) / 2;
            (
                Entry {
                    entry: own,
                    symmetric,
                },
                own,
            )
        } else {
            let entry = self.index.index_fast(&white.mirrored_unhashed()) / 2;
            // Not the representative: its own entry is never used, only told apart.
            (Entry { entry, symmetric }, u64::MAX)
        }
    }

    /// `position`'s value for its side to move, read from a solved table. A position where
    /// somebody has four in a row is a loss in 0 for the side to move if the other side has
    /// it, and a draw (not reachable) if only the side to move has it.
    pub fn value(&self, solution: &Solution, position: &Position) -> Value {
        solution.value(self.entry(position).entry)
    }
}

impl Space for TicTacChessSpace {
    fn len(&self) -> u64 {
        self.index.count() / 2
    }

    fn start(&self, entry: u64) -> Start {
        let position = self.position(entry, false);
        if !position.is_mirror_representative() {
            return Start::Excluded;
        }
        let white = position.occupied[Color::White.index()];
        let black = position.occupied[Color::Black.index()];
        if has_line(white) {
            Start::Excluded
        } else if has_line(black) {
            Start::Lost
        } else {
            match position.count_moves() {
                0 => Start::Stalemate,
                count => Start::Moves(count as u16),
            }
        }
    }

    fn predecessors(&self, entry: u64, visit: &mut dyn FnMut(u64, u16)) {
        let child = self.position(entry, false);
        let child_symmetric = child.board_is_empty();
        // Un-moving White in the swapped child gives the swapped parents, White to move, as
        // they are stored.
        child
            .swapped_unhashed()
            .for_each_predecessor_unhashed(|parent| {
                let (
                    Entry {
                        entry: parent_entry,
                        symmetric,
                    },
                    own,
                ) = self.white_entry_and_own(&parent);
                if child_symmetric {
                    if own == parent_entry {
                        visit(parent_entry, 1);
                    }
                } else {
                    visit(parent_entry, 1 + u16::from(symmetric));
                }
            });
    }
}
