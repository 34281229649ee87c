//! Un-move generation, the backward step of the retrograde analysis: every position from which
//! one legal move leads to a given position, each listed once (a move and its result determine
//! each other, so these are exactly the edges into the position). The side that just moved
//! (the opponent of the side to move) either
//! - dropped one of its pieces now on the board (a pawn dropped on its far rank has turned at
//!   once, so a pawn is only un-dropped when its direction is the one a drop there gives);
//! - moved a piece from an empty square that reaches it (sliders run back over empty squares,
//!   a pawn steps or captures backwards, or, if it stands on the rank it came from's far end,
//!   it had turned round on arrival and comes from the square in front of it); or
//! - did the same while capturing, which puts one of the side to move's pieces from its hand back
//!   on the destination (a captured pawn forgot its direction, so each direction valid on that
//!   square gives its own predecessor). Pawns capture only diagonally and step only straight.
//!
//! A predecessor in which either side has four in a row is over and had no moves: it is left out.

use crate::attacks::{self, FULL, KNIGHT, PAWN_CAPTURE, PAWN_PUSH, far_rank};
use crate::lines::has_line;
use crate::piece::{PawnDirection, Piece};
use crate::position::Position;
use alloc::vec::Vec;

impl Position {
    /// Every position with a legal move to this one, each once, with its Zobrist hash.
    ///
    /// ```
    /// use plyforge_tictacchess::Position;
    ///
    /// // N@b1 from the start, or the knight came from a3, c3 or d2, quietly or capturing one of
    /// // Black's four pieces in hand on b1.
    /// let position: Position = "4/4/4/1N2 b PBRpnbr ns".parse()?;
    /// let parents = position.predecessors();
    /// assert_eq!(parents.len(), 1 + 3 * (1 + 4));
    /// assert!(parents.contains(&Position::start()));
    /// assert!(parents.contains(&"4/N3/4/1r2 w PBRpnb ns".parse()?));
    /// # Ok::<(), plyforge_tictacchess::ParsePositionError>(())
    /// ```
    pub fn predecessors(&self) -> Vec<Position> {
        let mut list = Vec::new();
        self.for_each_predecessor_unhashed(|mut position| {
            position.hash = position.compute_hash();
            list.push(position);
        });
        list
    }

    /// Calls `visit` with every position that has a legal move to this one, each once, with
    /// the hash left 0 (the retrograde analysis indexes them and never needs it).
    #[inline]
    pub(crate) fn for_each_predecessor_unhashed(&self, mut visit: impl FnMut(Position)) {
        let to_move = self.side.index();
        // A line for the side to move cannot come from the opponent's move: no predecessor.
        if has_line(self.occupied[to_move]) {
            return;
        }
        let mover = 1 - to_move;
        let empty = FULL & !(self.occupied[0] | self.occupied[1]);
        let occupied = self.occupied[0] | self.occupied[1];
        let mut base = *self;
        base.hash = 0;
        base.side = self.side.opponent();
        for piece in Piece::ALL {
            let at = self.pieces[mover][piece.index()];
            if at == 0 {
                continue;
            }
            let square = at.trailing_zeros() as usize;
            // Un-drop.
            let mut dropped = base;
            dropped.pieces[mover][piece.index()] = 0;
            dropped.occupied[mover] ^= at;
            if piece == Piece::Pawn {
                let start = self.side.opponent().pawn_start();
                let after_drop = if at & far_rank(start) != 0 {
                    start.reversed()
                } else {
                    start
                };
                if self.pawn_direction(self.side.opponent()) == after_drop {
                    dropped.turned[mover] = false;
                    emit(&dropped, &mut visit);
                }
            } else {
                emit(&dropped, &mut visit);
            }
            // Un-moves, as (origins of quiet moves, origins of captures, pawn turned flag in
            // the predecessor) groups.
            let mut groups: [(u32, u32, bool); 2] = [(0, 0, self.turned[mover]); 2];
            match piece {
                Piece::Pawn => {
                    let now = self.pawn_direction(self.side.opponent());
                    let back = now.reversed().index();
                    groups[0].0 = PAWN_PUSH[back][square] & empty;
                    groups[0].1 = PAWN_CAPTURE[back][square] & empty;
                    // Turned round on arrival: it travelled `now.reversed()` and this square is
                    // that direction's far rank, so it came from the square in front.
                    if at & far_rank(now.reversed()) != 0 {
                        groups[1] = (
                            PAWN_PUSH[now.index()][square] & empty,
                            PAWN_CAPTURE[now.index()][square] & empty,
                            !self.turned[mover],
                        );
                    }
                }
                Piece::Knight => groups[0].0 = KNIGHT[square] & empty,
                Piece::Bishop => groups[0].0 = attacks::bishop(square, occupied) & empty,
                Piece::Rook => groups[0].0 = attacks::rook(square, occupied) & empty,
            }
            if piece != Piece::Pawn {
                groups[0].1 = groups[0].0;
            }
            for (quiet, capturing, turned) in groups {
                let mut moved = base;
                moved.turned[mover] = turned;
                moved.occupied[mover] ^= at;
                let mut from_set = quiet;
                while from_set != 0 {
                    let from = from_set & from_set.wrapping_neg();
                    from_set ^= from;
                    let mut before = moved;
                    before.pieces[mover][piece.index()] = from;
                    before.occupied[mover] |= from;
                    emit(&before, &mut visit);
                }
                let mut from_set = capturing;
                while from_set != 0 {
                    let from = from_set & from_set.wrapping_neg();
                    from_set ^= from;
                    let mut before = moved;
                    before.pieces[mover][piece.index()] = from;
                    before.occupied[mover] |= from;
                    un_capture(&before, to_move, at, &mut visit);
                }
            }
        }
    }
}

/// Emits `before` with each piece of `victim`'s hand put back on `square` (a pawn once per
/// direction it may have had there).
#[inline(always)]
fn un_capture(before: &Position, victim: usize, square: u32, visit: &mut impl FnMut(Position)) {
    for piece in Piece::ALL {
        if before.pieces[victim][piece.index()] != 0 {
            continue;
        }
        let mut back = *before;
        back.pieces[victim][piece.index()] = square;
        back.occupied[victim] |= square;
        if piece == Piece::Pawn {
            for direction in [PawnDirection::North, PawnDirection::South] {
                if square & far_rank(direction) == 0 {
                    back.turned[victim] = direction.index() != victim;
                    emit(&back, visit);
                }
            }
        } else {
            emit(&back, visit);
        }
    }
}

/// Emits `before` unless somebody has four in a row there (the game would have been over).
#[inline(always)]
fn emit(before: &Position, visit: &mut impl FnMut(Position)) {
    if !has_line(before.occupied[0]) && !has_line(before.occupied[1]) {
        visit(*before);
    }
}
