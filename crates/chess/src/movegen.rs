//! Strictly legal move generation from checkers and pins, with no make-and-test.
//!
//! One generator walks the position and hands each piece's destination set to a
//! [`Visitor`]; the visitors either expand the sets into moves (all, noisy or quiet ones) or
//! only count them with popcounts, which is what makes bulk-counted perft fast.
//!
//! Legality: the king steps only to squares the enemy does not attack with the king itself
//! lifted off the board; in double check only the king moves; in single check the other pieces
//! must capture the checker or block its line; pinned pieces stay on the line through their
//! king; en passant, which removes two pieces from one rank, is checked by looking at the
//! king's lines after the capture; castling checks every square the king crosses with both the
//! king and its rook lifted off the board (the Chess960 cases included).

use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::castling::{CastleRights, Wing};
use crate::color::Color;
use crate::moves::Move;
use crate::piece::Role;
use crate::square::{File, Square};

const FILE_A: Bits = 0x0101_0101_0101_0101;
const FILE_H: Bits = FILE_A << 7;
const RANK_3: Bits = 0xFF << 16;
const RANK_6: Bits = 0xFF << 40;
/// Up to this many king steps are tested square by square; more use an enemy attack map.
const KING_STEPS_TESTED_ONE_BY_ONE: u32 = 3;
/// Ranks where a pawn arrival is a promotion.
pub(crate) const PROMOTION_RANKS: Bits = 0xFF00_0000_0000_00FF;

/// Receives destination sets from the generator.
pub(crate) trait Visitor {
    /// Moves of a knight, bishop, rook, queen or king on `from` to each square of `targets`.
    fn piece(&mut self, role: Role, from: usize, targets: Bits);
    /// Pawn moves to each square of `targets`, each from the square `to - delta`.
    fn pawns(&mut self, targets: Bits, delta: i32);
    /// Moves of the pawn on `from` to each square of `targets`.
    fn pawn(&mut self, from: usize, targets: Bits);
    /// One castling or en-passant move.
    fn special(&mut self, mv: Move);
}

#[inline(always)]
fn squares(mut bits: Bits) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(square)
        }
    })
}

impl Board {
    /// Walks every legal move of the side to move into `visitor`.
    #[inline(always)]
    pub(crate) fn visit_moves<V: Visitor>(&self, visitor: &mut V) {
        let us = self.side();
        let them = !us;
        let own = self.colors[us.index()];
        let enemy = self.colors[them.index()];
        let occupied = own | enemy;
        let king = self.bits(us, Role::King).trailing_zeros() as usize;

        // King steps: the king is lifted off the board so that it cannot hide behind itself.
        let without_king = occupied ^ (1 << king);
        let candidates = attacks::king(king) & !own;
        let king_targets = if candidates.count_ones() > KING_STEPS_TESTED_ONE_BY_ONE {
            // Many steps (open positions, endgames): one map of the enemy's attacks is cheaper.
            candidates & !self.attacked_squares(them, without_king)
        } else {
            let mut safe = 0;
            for square in squares(candidates) {
                if !self.attacked_by(them, square, without_king) {
                    safe |= 1 << square;
                }
            }
            safe
        };
        visitor.piece(Role::King, king, king_targets);

        let (checkers, pinned) = self.checks();
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // Double check: only the king moves.
        }
        let target = if checkers != 0 {
            let checker = checkers.trailing_zeros() as usize;
            attacks::between(king, checker) | checkers
        } else {
            !own
        };
        let pinned = pinned & own;
        // In check a pinned piece can never help: it may not leave its line, and the check
        // comes from elsewhere.
        let movable = if checkers != 0 { own & !pinned } else { own };
        let roles = &self.roles;

        for from in squares(roles[Role::Knight as usize] & movable & !pinned) {
            visitor.piece(Role::Knight, from, attacks::knight(from) & target);
        }
        for from in squares(roles[Role::Bishop as usize] & movable) {
            let mut targets = attacks::bishop(from, occupied) & target;
            if pinned & (1 << from) != 0 {
                targets &= attacks::line(king, from);
            }
            visitor.piece(Role::Bishop, from, targets);
        }
        for from in squares(roles[Role::Rook as usize] & movable) {
            let mut targets = attacks::rook(from, occupied) & target;
            if pinned & (1 << from) != 0 {
                targets &= attacks::line(king, from);
            }
            visitor.piece(Role::Rook, from, targets);
        }
        for from in squares(roles[Role::Queen as usize] & movable) {
            let mut targets = attacks::queen(from, occupied) & target;
            if pinned & (1 << from) != 0 {
                targets &= attacks::line(king, from);
            }
            visitor.piece(Role::Queen, from, targets);
        }

        self.visit_pawns(visitor, movable, pinned, target, king);
        if self.en_passant.is_some() {
            self.visit_en_passant(visitor, king, checkers);
        }
        if checkers == 0 && !(self.rights & CastleRights::color(us)).is_empty() {
            self.visit_castling(visitor, king, occupied);
        }
    }

    #[inline(always)]
    fn visit_pawns<V: Visitor>(
        &self,
        visitor: &mut V,
        movable: Bits,
        pinned: Bits,
        target: Bits,
        king: usize,
    ) {
        let us = self.side();
        let pawns = self.roles[Role::Pawn as usize] & movable;
        let free = pawns & !pinned;
        let empty = !self.occupied_bits();
        let enemy = self.colors[(!us).index()];
        match us {
            Color::White => {
                let single = (free << 8) & empty;
                visitor.pawns(single & target, 8);
                visitor.pawns(((single & RANK_3) << 8) & empty & target, 16);
                visitor.pawns(((free & !FILE_A) << 7) & enemy & target, 7);
                visitor.pawns(((free & !FILE_H) << 9) & enemy & target, 9);
            }
            Color::Black => {
                let single = (free >> 8) & empty;
                visitor.pawns(single & target, -8);
                visitor.pawns(((single & RANK_6) >> 8) & empty & target, -16);
                visitor.pawns(((free & !FILE_A) >> 9) & enemy & target, -9);
                visitor.pawns(((free & !FILE_H) >> 7) & enemy & target, -7);
            }
        }
        for from in squares(pawns & pinned) {
            let bit: Bits = 1 << from;
            let (single, double_rank) = match us {
                Color::White => ((bit << 8) & empty, RANK_3),
                Color::Black => ((bit >> 8) & empty, RANK_6),
            };
            let double = match us {
                Color::White => ((single & double_rank) << 8) & empty,
                Color::Black => ((single & double_rank) >> 8) & empty,
            };
            let captures = attacks::pawn(us.index(), from) & enemy;
            let targets = (single | double | captures) & target & attacks::line(king, from);
            visitor.pawn(from, targets);
        }
    }

    /// En passant, checked by recomputing the king's lines: the capture removes two pawns from
    /// one rank and may uncover a rook or queen, or fail to answer a check.
    #[cold]
    fn visit_en_passant<V: Visitor>(&self, visitor: &mut V, king: usize, checkers: Bits) {
        let Some(square) = self.en_passant else {
            return;
        };
        let us = self.side();
        let them = !us;
        let to = square as usize;
        let captured = match us {
            Color::White => to - 8,
            Color::Black => to + 8,
        };
        let enemy = self.colors[them.index()];
        let roles = &self.roles;
        let diagonal = (roles[Role::Bishop as usize] | roles[Role::Queen as usize]) & enemy;
        let straight = (roles[Role::Rook as usize] | roles[Role::Queen as usize]) & enemy;
        // Checks by a knight or a pawn other than the one taken survive any en-passant capture.
        let stepping_checkers = checkers
            & !(1 << captured)
            & (roles[Role::Knight as usize] | roles[Role::Pawn as usize]);
        if stepping_checkers != 0 {
            return;
        }
        for from in squares(attacks::pawn(them.index(), to) & self.bits(us, Role::Pawn)) {
            let occupied = (self.occupied_bits() ^ (1 << from) ^ (1 << captured)) | (1 << to);
            let exposed = (attacks::bishop(king, occupied) & diagonal)
                | (attacks::rook(king, occupied) & straight);
            if exposed == 0 {
                visitor.special(Move::en_passant(
                    Square::from_index(from as u8),
                    Square::from_index(to as u8),
                ));
            }
        }
    }

    /// Whether the side to move has a legal en-passant capture. The en-passant square is kept
    /// by the Polyglot rule (a pawn of the side to move beside the pawn that just made a double
    /// step), which does not ask whether that pawn may capture.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        if self.en_passant.is_none() {
            return false;
        }
        let (checkers, _) = self.checks();
        if checkers & checkers.wrapping_sub(1) != 0 {
            return false; // Double check: only the king moves.
        }
        let king = self.bits(self.side(), Role::King).trailing_zeros() as usize;
        let mut found = Count(0);
        self.visit_en_passant(&mut found, king, checkers);
        found.0 != 0
    }

    #[inline(always)]
    fn visit_castling<V: Visitor>(&self, visitor: &mut V, king: usize, occupied: Bits) {
        let us = self.side();
        let back_rank = king & !7;
        for wing in Wing::ALL {
            let Some(rook) = self.castle_rook(us, wing) else {
                continue;
            };
            let rook = rook as usize;
            let (king_to, rook_to) = match wing {
                Wing::Short => (back_rank + File::G as usize, back_rank + File::F as usize),
                Wing::Long => (back_rank + File::C as usize, back_rank + File::D as usize),
            };
            let king_path = attacks::between(king, king_to) | (1 << king_to);
            let rook_path = attacks::between(rook, rook_to) | (1 << rook_to);
            let movers: Bits = (1 << king) | (1 << rook);
            if (king_path | rook_path) & occupied & !movers != 0 {
                continue;
            }
            let lifted = occupied & !movers;
            if squares(king_path).any(|square| self.attacked_by(!us, square, lifted)) {
                continue;
            }
            visitor.special(Move::castle(
                Square::from_index(king as u8),
                Square::from_index(rook as u8),
            ));
        }
    }
}

/// Expands destination sets into moves, keeping those whose destination is in `filter`
/// (promotions pass when `promotions` is set, whatever their destination).
pub(crate) struct Collect<'a, L: Extend<Move>> {
    pub(crate) list: &'a mut L,
    pub(crate) filter: Bits,
    pub(crate) promotions: bool,
    pub(crate) specials: SpecialFilter,
}

/// Which castling and en-passant moves a [`Collect`] keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpecialFilter {
    /// Both.
    All,
    /// Only en passant (a capture).
    Noisy,
    /// Only castling (quiet).
    Quiet,
}

impl<L: Extend<Move>> Collect<'_, L> {
    /// Appends one move (through `Extend`, so that a `MoveList`, a `Vec` or the search's move
    /// buffers all serve).
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.list.extend(core::iter::once(mv));
    }

    #[inline(always)]
    fn push_pawn(&mut self, from: usize, to: usize) {
        if (1u64 << to) & PROMOTION_RANKS != 0 {
            if self.promotions {
                self.list.extend(Move::promotions_from_indices(from, to));
            }
        } else if (1u64 << to) & self.filter != 0 {
            self.push(Move::normal_from_indices(from, to));
        }
    }
}

impl<L: Extend<Move>> Collect<'_, L> {
    /// The promotions of pawn steps to each square of `targets`, each from `to - delta`.
    #[inline(always)]
    fn promotions_to(&mut self, targets: Bits, delta: i32) {
        for to in squares(targets) {
            self.push_pawn((to as i32 - delta) as usize, to);
        }
    }
}

impl<L: Extend<Move>> Visitor for Collect<'_, L> {
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: usize, targets: Bits) {
        // One `extend` per piece, so that a list keeps its length in a register meanwhile.
        self.list
            .extend(squares(targets & self.filter).map(|to| Move::normal_from_indices(from, to)));
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bits, delta: i32) {
        // Square order as ever: Black's promotions (first rank) come before its other moves,
        // White's (eighth rank) after.
        let promotions = targets & PROMOTION_RANKS;
        if delta < 0 {
            self.promotions_to(promotions, delta);
        }
        self.list.extend(
            squares(targets & !PROMOTION_RANKS & self.filter)
                .map(|to| Move::normal_from_indices((to as i32 - delta) as usize, to)),
        );
        if delta > 0 {
            self.promotions_to(promotions, delta);
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: usize, targets: Bits) {
        for to in squares(targets) {
            self.push_pawn(from, to);
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        let keep = match self.specials {
            SpecialFilter::All => true,
            SpecialFilter::Noisy => !mv.is_castle(),
            SpecialFilter::Quiet => mv.is_castle(),
        };
        if keep {
            self.push(mv);
        }
    }
}

/// Counts moves with popcounts.
pub(crate) struct Count(pub(crate) u64);

impl Visitor for Count {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: usize, targets: Bits) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bits, _delta: i32) {
        self.0 += u64::from(targets.count_ones())
            + 3 * u64::from((targets & PROMOTION_RANKS).count_ones());
    }

    #[inline(always)]
    fn pawn(&mut self, _from: usize, targets: Bits) {
        self.pawns(targets, 0);
    }

    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}
