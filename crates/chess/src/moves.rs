//! `Move`: a chess move packed in 16 bits (from, to, kind), the form the transposition table
//! stores. Castling is encoded as the king taking its own rook (the Chess960 convention), so
//! one encoding serves standard chess and Chess960 alike.

use crate::piece::Role;
use crate::square::{File, Square};
use crate::uci::UciMove;
use core::fmt;
use core::num::NonZeroU16;

/// Bits of the origin square.
const FROM_MASK: u16 = 0x3F;
/// Shift of the destination square.
const TO_SHIFT: u16 = 6;
/// Shift of the move kind.
const KIND_SHIFT: u16 = 12;

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture by any piece, including a pawn's double step.
    Normal,
    /// A pawn capturing en passant; the destination is the empty square behind the pawn taken.
    EnPassant,
    /// Castling; the destination is the castling rook's square.
    Castle,
    /// A pawn promoting (with or without a capture) to the given role.
    Promotion(Role),
}

// No kind is 0, so no move's code is 0 and `Option<Move>` takes the space of a `Move` (and
// compares as one number: the search compares moves with its killers and counter-moves).
pub(crate) const KIND_NORMAL: u16 = 1;
pub(crate) const KIND_EN_PASSANT: u16 = 2;
pub(crate) const KIND_CASTLE: u16 = 3;
/// Promotions use kinds 4..=7 for knight, bishop, rook and queen.
pub(crate) const KIND_PROMOTION: u16 = 4;
/// The kind of a promotion to a queen (the last kind).
pub(crate) const KIND_QUEEN_PROMOTION: u16 = KIND_PROMOTION + 3;

/// A move: origin, destination and kind in 16 bits.
///
/// ```
/// use plyforge_chess::{Move, Square};
/// let mv = Move::normal(Square::E2, Square::E4);
/// assert_eq!(mv.to_string(), "e2e4");
/// assert_eq!(Move::from_key(mv.key()), Some(mv));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU16);

impl Move {
    /// The move of these bits, whose kind is never 0 (the fallback is never taken, and folds
    /// away where the kind is a constant).
    #[inline(always)]
    const fn from_bits(bits: u16) -> Move {
        match NonZeroU16::new(bits) {
            Some(bits) => Move(bits),
            None => Move(NonZeroU16::MAX),
        }
    }

    /// The bits of the move: origin, destination and kind.
    #[inline(always)]
    const fn bits(self) -> u16 {
        self.0.get()
    }

    #[inline(always)]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move::from_bits(from as u16 | (to as u16) << TO_SHIFT | kind << KIND_SHIFT)
    }

    /// A normal move or capture (pawn double steps included).
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_NORMAL)
    }

    /// A normal move between square indices (each below 64), for the generator's inner loops.
    #[inline(always)]
    pub(crate) const fn normal_from_indices(from: usize, to: usize) -> Move {
        Move::from_bits(
            (from as u16 & FROM_MASK)
                | (to as u16 & FROM_MASK) << TO_SHIFT
                | KIND_NORMAL << KIND_SHIFT,
        )
    }

    /// A promotion between square indices (each below 64) to the role with promotion offset
    /// `offset` (0 knight, 1 bishop, 2 rook, 3 queen).
    #[inline(always)]
    const fn promotion_from_indices(from: usize, to: usize, offset: u16) -> Move {
        Move::from_bits(
            (from as u16 & FROM_MASK)
                | (to as u16 & FROM_MASK) << TO_SHIFT
                | (KIND_PROMOTION + (offset & 3)) << KIND_SHIFT,
        )
    }

    /// The four promotions of a pawn step between square indices (each below 64), in the
    /// generator's order: queen, knight, rook, bishop.
    #[inline(always)]
    pub(crate) const fn promotions_from_indices(from: usize, to: usize) -> [Move; 4] {
        [
            Move::promotion_from_indices(from, to, 3),
            Move::promotion_from_indices(from, to, 0),
            Move::promotion_from_indices(from, to, 2),
            Move::promotion_from_indices(from, to, 1),
        ]
    }

    /// A pawn capture en passant landing on `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EN_PASSANT)
    }

    /// Castling, written as the king on `king` taking its rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE)
    }

    /// A promotion to `role` (knight, bishop, rook or queen; anything else means queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        let offset = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        Move::pack(from, to, KIND_PROMOTION + offset)
    }

    /// The origin square (the king's square for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.bits() & FROM_MASK) as u8)
    }

    /// The destination square (the rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.bits() >> TO_SHIFT & FROM_MASK) as u8)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.bits() >> KIND_SHIFT {
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            kind if kind >= KIND_PROMOTION => {
                MoveKind::Promotion(Role::PROMOTIONS[(kind - KIND_PROMOTION) as usize & 3])
            }
            _ => MoveKind::Normal,
        }
    }

    /// The origin square's index, for the hot paths.
    #[inline(always)]
    pub(crate) const fn origin_index(self) -> usize {
        (self.bits() & FROM_MASK) as usize
    }

    /// The destination square's index, for the hot paths.
    #[inline(always)]
    pub(crate) const fn target_index(self) -> usize {
        (self.bits() >> TO_SHIFT & FROM_MASK) as usize
    }

    /// The raw kind bits: 1 normal, 2 en passant, 3 castling, 4..=7 promotions.
    #[inline(always)]
    pub(crate) const fn kind_bits(self) -> u16 {
        self.bits() >> KIND_SHIFT
    }

    /// The promotion role, if any.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Whether the move is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.bits() >> KIND_SHIFT == KIND_CASTLE
    }

    /// The 16-bit code of the move (unique among all moves, not just the legal ones; never 0).
    #[inline(always)]
    pub const fn key(self) -> u16 {
        self.bits()
    }

    /// The move with code `key`, or `None` for a code no move has (below `0x1000` or from
    /// `0x8000`: no kind, or a kind that does not exist).
    pub const fn from_key(key: u16) -> Option<Move> {
        match key >> KIND_SHIFT {
            KIND_NORMAL..=KIND_QUEEN_PROMOTION => Some(Move::from_bits(key)),
            _ => None,
        }
    }

    /// Where the king ends up when this move castles.
    pub const fn castle_king_target(self) -> Square {
        let rank = self.from().rank();
        if (self.to() as u8) > (self.from() as u8) {
            Square::new(File::G, rank)
        } else {
            Square::new(File::C, rank)
        }
    }

    /// The move in UCI notation (see [`UciMove`]). With `chess960` false, castling is written
    /// as the king's step to its target square (`e1g1`) where that names the castle
    /// unambiguously: the king moves at least two files. Where it would not (a Chess960 king
    /// that stays on its square, or steps one file, which reads as an ordinary king move),
    /// castling is written as the king taking its own rook (`b8a8`), the form GUIs accept. With
    /// `chess960` true it is always king-takes-rook. [`Board::parse_uci`](crate::Board::parse_uci)
    /// reads every form back to the same move.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        let king_step = self.is_castle() && !chess960 && self.castle_king_steps_two_files();
        UciMove::Normal {
            from: self.from(),
            to: if king_step {
                self.castle_king_target()
            } else {
                self.to()
            },
            promotion: self.promotion_role(),
        }
    }

    /// Whether this castle moves the king at least two files (always in standard chess), so
    /// that the king's step names it unambiguously.
    fn castle_king_steps_two_files(self) -> bool {
        self.from()
            .file()
            .index()
            .abs_diff(self.castle_king_target().file().index())
            >= 2
    }
}

/// UCI notation. Castling is written in the standard form (`e1g1`) when the king starts on the
/// e-file and its rook on a corner, as in standard chess, and as king-takes-rook otherwise.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = self.is_castle()
            && self.from().file() == File::E
            && matches!(self.to().file(), File::A | File::H);
        write!(f, "{}", self.to_uci(!standard))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_uci(true))?;
        match self.kind() {
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castle => write!(f, "(castle)"),
            _ => Ok(()),
        }
    }
}
