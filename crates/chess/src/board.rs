//! `Board`: a chess position that is cheap to copy (copy-make), with its Zobrist hash updated
//! incrementally by [`Board::play`]; checkers and pins are found when moves are generated, and
//! the key of the pawns is mixed from the pawn bitboards when asked, so a leaf that is only
//! played costs no attack lookups and no second key.

use crate::attacks::{self, Bits};
use crate::bitboard::Bitboard;
use crate::castling::{CastleRights, Wing};
use crate::color::Color;
use crate::moves::{KIND_CASTLE, KIND_EN_PASSANT, KIND_NORMAL, KIND_PROMOTION, Move};
use crate::piece::{Piece, Role};
use crate::setup::CastlingMode;
use crate::square::{File, Rank, Square};
use crate::zobrist;

/// One ply in [`Board::clocks`].
const PLY: u64 = 1;
/// One halfmove in [`Board::clocks`].
const HALFMOVE: u64 = 1 << 32;
/// The ply count's bits in [`Board::clocks`].
const PLIES: u64 = HALFMOVE - 1;

/// The castling rook files (short wing, long wing) recorded where a side has no such right:
/// the standard corners, so that a board's fields depend only on its position.
const DEFAULT_CASTLE_FILES: [File; 2] = [File::H, File::A];
/// White's first rank.
const FIRST_RANK: Bits = 0xFF;
/// Black's first rank.
const EIGHTH_RANK: Bits = 0xFF << 56;

/// A chess position: pieces, side to move, castling rights, en-passant square and clocks.
///
/// A `Board` is `Copy` (96 bytes); searches clone it and [`play`](Board::play) moves on
/// the copy. Every `Board` comes from a FEN or from playing legal moves on one, so its fields
/// always describe a position the move generator can handle.
///
/// The en-passant square is kept only when a pawn of the side to move stands next to the pawn
/// that just made its double step (the Polyglot rule), so positions that differ only in a
/// capture nobody can make compare and hash equal.
///
/// ```
/// use plyforge_chess::{Board, Square};
/// let mut board = Board::default();
/// let mv = board.parse_uci("e2e4")?;
/// board.play(mv);
/// assert_eq!(board.hash(), 0x823c9b50fd114196);
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// # Ok::<(), plyforge_chess::UciError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Board {
    pub(crate) roles: [Bits; 6],
    pub(crate) colors: [Bits; 2],
    pub(crate) hash: u64,
    /// Castling rook files by color and wing; meaningful only where `rights` has the flag.
    pub(crate) castle_files: [[File; 2]; 2],
    pub(crate) rights: CastleRights,
    /// The squares of the kings and rooks that still have castling rights: a move from or to
    /// one of them changes the rights.
    pub(crate) castle_squares: Bits,
    pub(crate) en_passant: Option<Square>,
    /// The side to move and both clocks in one word, so that a move updates them with one
    /// store: the plies from the game's start (`2 × (move number − 1)`, plus 1 with Black to
    /// move, so bit 0 is the side to move) in the low 32 bits, the halfmove clock in the high
    /// 32 bits.
    pub(crate) clocks: u64,
    /// Standard chess or Chess960: how castling is written (not part of the position, so
    /// left out of equality and hashing).
    pub(crate) castling_mode: CastlingMode,
}

/// Boards are equal when their positions are: pieces, side to move, castling rights with
/// their rooks, en-passant square and clocks. The castling mode, a notation, is not compared.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.roles == other.roles
            && self.colors == other.colors
            && self.hash == other.hash
            && self.castle_files == other.castle_files
            && self.rights == other.rights
            && self.castle_squares == other.castle_squares
            && self.en_passant == other.en_passant
            && self.clocks == other.clocks
    }
}

impl Eq for Board {}

/// Hashes what equality compares.
impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.roles.hash(state);
        self.colors.hash(state);
        self.hash.hash(state);
        self.castle_files.hash(state);
        self.rights.hash(state);
        self.castle_squares.hash(state);
        self.en_passant.hash(state);
        self.clocks.hash(state);
    }
}

impl Default for Board {
    /// The standard start position.
    fn default() -> Board {
        Board::start_position()
    }
}

impl Board {
    /// The standard start position.
    pub fn start_position() -> Board {
        crate::fen::START_FEN
            .parse()
            .expect("the start position FEN is valid")
    }

    /// An empty board (no piece at all) with White to move: the starting point for
    /// [`Board::put`]-style setup through FEN. Not a playable position.
    pub(crate) const fn empty() -> Board {
        Board {
            roles: [0; 6],
            colors: [0; 2],
            hash: zobrist::WHITE_TO_MOVE,
            castle_files: [DEFAULT_CASTLE_FILES; 2],
            rights: CastleRights::empty(),
            castle_squares: 0,
            en_passant: None,
            clocks: 0,
            castling_mode: CastlingMode::Standard,
        }
    }

    // ------------------------------------------------------------------------------------------
    // Reading the position.

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side()
    }

    /// The side to move: bit 0 of the ply count.
    #[inline(always)]
    pub(crate) const fn side(&self) -> Color {
        if self.clocks & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Sets the side to move, the halfmove clock and the move number (0 read as 1).
    pub(crate) fn set_clocks(&mut self, side: Color, halfmove_clock: u16, fullmove_number: u16) {
        let plies = 2 * (u64::from(fullmove_number.max(1)) - 1) + side as u64;
        self.clocks = plies | (u64::from(halfmove_clock) * HALFMOVE);
    }

    /// The pieces of `color` with `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        Bitboard(self.colors[color.index()] & self.roles[role.index()])
    }

    /// Every piece of `color`.
    #[inline(always)]
    pub fn color_pieces(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color.index()])
    }

    /// Every piece of `role`, both colors.
    #[inline(always)]
    pub fn role_pieces(&self, role: Role) -> Bitboard {
        Bitboard(self.roles[role.index()])
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occupied_bits())
    }

    #[inline(always)]
    pub(crate) fn occupied_bits(&self) -> Bits {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub(crate) fn bits(&self, color: Color, role: Role) -> Bits {
        self.colors[color.index()] & self.roles[role.index()]
    }

    /// The piece on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        let color = self.color_on(square)?;
        let role = self.role_on(square)?;
        Some(Piece { color, role })
    }

    /// The color of the piece on `square`, if any.
    #[inline]
    pub fn color_on(&self, square: Square) -> Option<Color> {
        if self.colors[0] & square.bit() != 0 {
            Some(Color::White)
        } else if self.colors[1] & square.bit() != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    pub fn role_on(&self, square: Square) -> Option<Role> {
        let bit = square.bit();
        Role::ALL
            .into_iter()
            .find(|role| self.roles[role.index()] & bit != 0)
    }

    /// Whether a piece of the side not to move stands on `square` (a move there captures it).
    #[inline(always)]
    pub(crate) fn enemy_on(&self, square: usize) -> bool {
        self.colors[(!self.side()).index()] & 1 << square != 0
    }

    /// The role on a square known to be occupied.
    #[inline(always)]
    pub(crate) fn occupied_role(&self, square: usize) -> Role {
        let bit = 1 << square;
        if self.roles[Role::Pawn as usize] & bit != 0 {
            Role::Pawn
        } else if self.roles[Role::Knight as usize] & bit != 0 {
            Role::Knight
        } else if self.roles[Role::Bishop as usize] & bit != 0 {
            Role::Bishop
        } else if self.roles[Role::Rook as usize] & bit != 0 {
            Role::Rook
        } else if self.roles[Role::Queen as usize] & bit != 0 {
            Role::Queen
        } else {
            Role::King
        }
    }

    /// The king of `color`'s square.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index(self.bits(color, Role::King).trailing_zeros() as u8)
    }

    /// The enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        Bitboard(self.checks().0)
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        let king = self.bits(self.side(), Role::King).trailing_zeros() as usize;
        self.attacked_by(!self.side(), king, self.occupied_bits())
    }

    /// The pieces that stand alone between the king of the side to move and an enemy slider.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        Bitboard(self.checks().1)
    }

    /// The castling rights still held.
    #[inline(always)]
    pub fn castle_rights(&self) -> CastleRights {
        self.rights
    }

    /// The square of the rook `color` may castle with on `wing`, if it still has that right.
    pub fn castle_rook(&self, color: Color, wing: Wing) -> Option<Square> {
        self.rights
            .contains(CastleRights::of(color, wing))
            .then(|| {
                Square::new(
                    self.castle_files[color.index()][wing as usize],
                    Rank::First.relative_to(color),
                )
            })
    }

    /// The square a pawn may capture en passant on (only when a pawn of the side to move stands
    /// next to the pawn that just made a double step).
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move (the 50-move rule counter).
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        u16::try_from(self.clocks / HALFMOVE).unwrap_or(u16::MAX)
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        u16::try_from((self.clocks & PLIES) / 2 + 1).unwrap_or(u16::MAX)
    }

    /// The Polyglot Zobrist hash of the position.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (what [`Board::hash`] keeps up to date incrementally).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let mut bits = self.bits(color, role);
                while bits != 0 {
                    hash ^= zobrist::piece(color, role, bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
        hash ^= zobrist::castling(self.rights);
        if let Some(square) = self.en_passant {
            hash ^= zobrist::en_passant(square.file().index());
        }
        if self.side() == Color::White {
            hash ^= zobrist::WHITE_TO_MOVE;
        }
        hash
    }

    /// A 64-bit key of the pawns alone (both colors): equal for positions with the same pawns
    /// whatever the other pieces, the side to move or the rights, so it keys a table of
    /// pawn-structure terms. It is mixed from the two pawn bitboards on each call (three
    /// multiplications), so playing a move has no pawn key to update; the position without
    /// pawns has key 0.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// let mut board = Board::default();
    /// let before = board.pawn_key();
    /// board.play(board.parse_uci("g1f3")?);
    /// assert_eq!(board.pawn_key(), before);
    /// board.play(board.parse_uci("e7e5")?);
    /// assert_ne!(board.pawn_key(), before);
    /// # Ok::<(), plyforge_chess::UciError>(())
    /// ```
    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        // Odd multipliers (each multiplication is a bijection), the black half turned by half
        // a word so the colors do not cancel, and the high bits folded down, since tables
        // index by the low bits.
        const WHITE: u64 = 0x9e37_79b9_7f4a_7c15;
        const BLACK: u64 = 0xbf58_476d_1ce4_e5b9;
        const FOLD: u64 = 0x94d0_49bb_1331_11eb;
        let white = self.bits(Color::White, Role::Pawn).wrapping_mul(WHITE);
        let black = self.bits(Color::Black, Role::Pawn).wrapping_mul(BLACK);
        let mixed = white ^ black.rotate_left(32);
        let mixed = (mixed ^ mixed >> 29).wrapping_mul(FOLD);
        mixed ^ mixed >> 32
    }

    /// Whether `square` is attacked by a piece of `attacker`, with `occupied` blocking sliders.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, attacker: Color, square: usize, occupied: Bits) -> bool {
        let them = self.colors[attacker.index()];
        let roles = &self.roles;
        let diagonal = (roles[Role::Bishop as usize] | roles[Role::Queen as usize]) & them;
        let straight = (roles[Role::Rook as usize] | roles[Role::Queen as usize]) & them;
        (attacks::knight(square) & roles[Role::Knight as usize] & them) != 0
            || (attacks::pawn((!attacker).index(), square) & roles[Role::Pawn as usize] & them) != 0
            || (attacks::king(square) & roles[Role::King as usize] & them) != 0
            || (attacks::bishop(square, occupied) & diagonal) != 0
            || (attacks::rook(square, occupied) & straight) != 0
    }

    /// Every square `attacker` attacks, with `occupied` blocking sliders.
    #[inline(always)]
    pub(crate) fn attacked_squares(&self, attacker: Color, occupied: Bits) -> Bits {
        const FILE_A: Bits = 0x0101_0101_0101_0101;
        const FILE_H: Bits = FILE_A << 7;
        let them = self.colors[attacker.index()];
        let roles = &self.roles;
        let pawns = roles[Role::Pawn as usize] & them;
        let mut attacked = match attacker {
            Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
            Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
        };
        let mut knights = roles[Role::Knight as usize] & them;
        while knights != 0 {
            attacked |= attacks::knight(knights.trailing_zeros() as usize);
            knights &= knights - 1;
        }
        let mut diagonal = (roles[Role::Bishop as usize] | roles[Role::Queen as usize]) & them;
        while diagonal != 0 {
            attacked |= attacks::bishop(diagonal.trailing_zeros() as usize, occupied);
            diagonal &= diagonal - 1;
        }
        let mut straight = (roles[Role::Rook as usize] | roles[Role::Queen as usize]) & them;
        while straight != 0 {
            attacked |= attacks::rook(straight.trailing_zeros() as usize, occupied);
            straight &= straight - 1;
        }
        let king = (roles[Role::King as usize] & them).trailing_zeros() as usize;
        attacked | attacks::king(king)
    }

    /// The pieces of `attacker` attacking `square` with `occupied` blocking sliders.
    pub(crate) fn attackers(&self, attacker: Color, square: usize, occupied: Bits) -> Bits {
        let roles = &self.roles;
        let diagonal = roles[Role::Bishop as usize] | roles[Role::Queen as usize];
        let straight = roles[Role::Rook as usize] | roles[Role::Queen as usize];
        ((attacks::knight(square) & roles[Role::Knight as usize])
            | (attacks::pawn((!attacker).index(), square) & roles[Role::Pawn as usize])
            | (attacks::king(square) & roles[Role::King as usize])
            | (attacks::bishop(square, occupied) & diagonal)
            | (attacks::rook(square, occupied) & straight))
            & self.colors[attacker.index()]
    }

    /// The checkers of the side to move's king, and the pieces (of either color) that stand
    /// alone between that king and an enemy slider.
    #[inline(always)]
    pub(crate) fn checks(&self) -> (Bits, Bits) {
        let us = self.side();
        let them = !us;
        let king = self.bits(us, Role::King).trailing_zeros() as usize;
        let enemy = self.colors[them.index()];
        let occupied = self.occupied_bits();
        let roles = &self.roles;
        let mut checkers = ((attacks::knight(king) & roles[Role::Knight as usize])
            | (attacks::pawn(us.index(), king) & roles[Role::Pawn as usize]))
            & enemy;
        let diagonal = (roles[Role::Bishop as usize] | roles[Role::Queen as usize]) & enemy;
        let straight = (roles[Role::Rook as usize] | roles[Role::Queen as usize]) & enemy;
        let mut snipers =
            (attacks::bishop_empty(king) & diagonal) | (attacks::rook_empty(king) & straight);
        let mut pinned = 0;
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as usize;
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers == 0 {
                checkers |= 1 << sniper;
            } else if blockers & (blockers - 1) == 0 {
                pinned |= blockers;
            }
            snipers &= snipers - 1;
        }
        (checkers, pinned)
    }

    /// Adds or removes a piece, keeping the hash in step.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, color: Color, role: Role, square: usize) {
        let bit = 1 << square;
        self.colors[color.index()] ^= bit;
        self.roles[role.index()] ^= bit;
        self.hash ^= zobrist::piece(color, role, square);
    }

    /// Plays `mv`, which must be legal in this position (as every generated move is).
    /// Playing an illegal move leaves a board that may break later calls (never memory
    /// safety); use [`Board::try_play`] for moves from outside.
    #[inline(always)]
    pub fn play(&mut self, mv: Move) {
        let us = self.side();
        let from = mv.origin_index();
        let to = mv.target_index();
        let role = self.occupied_role(from);

        // Copy-make plays every move on a fresh copy, written field by field: the hash is
        // built in a register and stored once, the en-passant square written only when there
        // was one, and the side to move and the clocks share one word.
        let mut hash = self.hash ^ zobrist::WHITE_TO_MOVE;
        if let Some(square) = self.en_passant {
            self.en_passant = None;
            hash ^= zobrist::en_passant(square.file().index());
        }
        if mv.kind_bits() == KIND_NORMAL {
            hash ^= self.play_normal(role, from, to);
            self.hash = hash;
        } else {
            self.hash = hash;
            self.play_special(mv, role);
        }

        let touched = (1u64 << from) | (1u64 << to);
        if touched & self.castle_squares != 0 {
            self.update_rights(us, role, touched);
        }
    }

    /// The pieces and clocks of a move of kind normal (a move or capture, a pawn's double step
    /// included) by `role` from `from` to `to`; returns the change to the hash, which the
    /// caller stores.
    #[inline(always)]
    fn play_normal(&mut self, role: Role, from: usize, to: usize) -> u64 {
        let us = self.side();
        let them = !us;
        let from_bit: Bits = 1 << from;
        let to_bit: Bits = 1 << to;
        // One more ply, and one more halfmove unless a capture or a pawn move resets it.
        let mut clocks = self.clocks + PLY + HALFMOVE;
        let mut hash = zobrist::piece(us, role, from) ^ zobrist::piece(us, role, to);
        if self.colors[them.index()] & to_bit != 0 {
            let captured = self.occupied_role(to);
            self.colors[them.index()] ^= to_bit;
            self.roles[captured.index()] ^= to_bit;
            hash ^= zobrist::piece(them, captured, to);
            clocks &= PLIES;
        }
        // One update per board for the move itself, not a remove and an add.
        self.colors[us.index()] ^= from_bit | to_bit;
        self.roles[role.index()] ^= from_bit | to_bit;
        if role == Role::Pawn {
            clocks &= PLIES;
            if from ^ to == 16 {
                let skipped = (from + to) / 2;
                if attacks::pawn(us.index(), skipped) & self.bits(them, Role::Pawn) != 0 {
                    self.en_passant = Some(Square::from_index(skipped as u8));
                    hash ^= zobrist::en_passant(skipped & 7);
                }
            }
        }
        self.clocks = clocks;
        hash
    }

    /// The pieces and clocks of castling, en passant or a promotion by `role` (the king for
    /// castling, a pawn otherwise).
    #[inline]
    fn play_special(&mut self, mv: Move, role: Role) {
        let us = self.side();
        let them = !us;
        let from = mv.origin_index();
        let to = mv.target_index();
        match mv.kind_bits() {
            KIND_CASTLE => {
                let back_rank = from & !7;
                let (king_to, rook_to) = if to > from {
                    (back_rank + File::G as usize, back_rank + File::F as usize)
                } else {
                    (back_rank + File::C as usize, back_rank + File::D as usize)
                };
                self.toggle(us, Role::King, from);
                self.toggle(us, Role::Rook, to);
                self.toggle(us, Role::King, king_to);
                self.toggle(us, Role::Rook, rook_to);
                self.clocks += PLY + HALFMOVE;
            }
            KIND_EN_PASSANT => {
                // The captured pawn stands beside the origin, on the destination's file.
                let captured = (from & !7) | (to & 7);
                self.toggle(them, Role::Pawn, captured);
                self.toggle(us, Role::Pawn, from);
                self.toggle(us, Role::Pawn, to);
                self.clocks = (self.clocks & PLIES) + PLY;
            }
            kind => {
                debug_assert!(kind >= KIND_PROMOTION && role == Role::Pawn);
                let to_bit: Bits = 1 << to;
                if self.colors[them.index()] & to_bit != 0 {
                    let captured = self.occupied_role(to);
                    self.toggle(them, captured, to);
                }
                let promoted = Role::PROMOTIONS[usize::from(kind - KIND_PROMOTION) & 3];
                self.toggle(us, Role::Pawn, from);
                self.toggle(us, promoted, to);
                self.clocks = (self.clocks & PLIES) + PLY;
            }
        }
    }

    /// Drops the castling rights a move from or to the squares in `touched` loses.
    #[inline]
    fn update_rights(&mut self, mover: Color, role: Role, touched: Bits) {
        let old = self.rights.bits();
        // A king move (castling included, where the king may land off `touched`) loses both.
        let mut lost = if role == Role::King {
            CastleRights::color(mover).bits()
        } else {
            0
        };
        // Otherwise a right is lost when its rook moves or is taken. Every square of
        // `castle_squares` is on a first rank (index below 8 for White, from 56 for Black), and
        // a king's square there is left only by a king move, handled above.
        let mut squares = touched & self.castle_squares;
        while squares != 0 {
            let square = squares.trailing_zeros() as usize;
            let color = square >> 5;
            let file = square & 7;
            let [short, long] = self.castle_files[color];
            let wings = u8::from(file == short as usize) | u8::from(file == long as usize) << 1;
            lost |= wings << (color * 2);
            squares &= squares - 1;
        }
        let rights = old & !lost;
        if rights != old {
            self.rights = CastleRights::from_bits_truncate(rights);
            self.hash ^= zobrist::castling(CastleRights::from_bits_truncate(old))
                ^ zobrist::castling(self.rights);
            // A lost right forgets its rook's file, so that two boards of one position (one
            // reached by play, one read from its FEN) are equal and hash alike as map keys.
            let gone = old & lost;
            for right in 0..4 {
                if gone & (1 << right) != 0 {
                    self.castle_files[right >> 1][right & 1] = DEFAULT_CASTLE_FILES[right & 1];
                }
            }
            // The squares of the rooks moved or taken go; a side with no right left loses its
            // king's square (and every other) too.
            let mut squares = self.castle_squares & !touched;
            if rights & CastleRights::color(Color::White).bits() == 0 {
                squares &= !FIRST_RANK;
            }
            if rights & CastleRights::color(Color::Black).bits() == 0 {
                squares &= !EIGHTH_RANK;
            }
            self.castle_squares = squares;
        }
    }

    /// For each castling right (in flag order), the rook square (and the king's) whose move or
    /// capture loses it.
    fn castle_masks(&self) -> [Bits; 4] {
        let mut masks = [0; 4];
        for (right, mask) in masks.iter_mut().enumerate() {
            let color = right >> 1;
            let back_rank = if color == 0 { 0 } else { 56 };
            let rook = back_rank + self.castle_files[color][right & 1] as usize;
            let king = self.roles[Role::King as usize] & self.colors[color];
            *mask = (1 << rook) | king;
        }
        masks
    }

    /// Recomputes [`Board::castle_squares`] from the rights.
    pub(crate) fn update_castle_squares(&mut self) {
        let masks = self.castle_masks();
        let mut squares = 0;
        for (right, mask) in masks.iter().enumerate() {
            if self.rights.bits() & (1 << right) != 0 {
                squares |= mask;
            }
        }
        self.castle_squares = squares;
    }

    /// Passes the turn (a null move): only the side to move, the en-passant square and the
    /// clocks change.
    ///
    /// Precondition: the side to move is not in check (a pass in check would leave a board
    /// where the king can be taken). The search's null-move hook tests it before every pass;
    /// every other caller goes through the checked [`Board::play_null`].
    pub(crate) fn play_null_unchecked(&mut self) {
        debug_assert!(
            !self.in_check(),
            "a null move in check leaves the king en prise"
        );
        if let Some(square) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(square.file().index());
        }
        self.clocks += PLY + HALFMOVE;
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// The side to move and the clocks share one word: they advance and reset as the rules
    /// say, and the move number stops at its largest FEN value.
    #[test]
    fn clocks_follow_the_moves() {
        let mut board: Board = "4k3/4p3/8/8/8/8/8/4K2R b K - 99 65535".parse().unwrap();
        assert_eq!(board.side_to_move(), Color::Black);
        board.play(board.parse_uci("e8d8").unwrap());
        assert_eq!(board.side_to_move(), Color::White);
        assert_eq!(
            (board.halfmove_clock(), board.fullmove_number()),
            (100, 65535)
        );
        board.play(board.parse_uci("e1g1").unwrap());
        assert_eq!(
            (board.halfmove_clock(), board.fullmove_number()),
            (101, 65535)
        );
        board.play(board.parse_uci("e7e5").unwrap());
        assert_eq!(
            (board.halfmove_clock(), board.fullmove_number()),
            (0, 65535)
        );
        assert_eq!(board.to_string(), "3k4/8/8/4p3/8/8/8/5RK1 w - - 0 65535");

        let mut board = Board::default();
        board.play(board.parse_uci("g1f3").unwrap());
        assert_eq!(board.to_string().split(' ').nth(1), Some("b"));
        assert_eq!((board.halfmove_clock(), board.fullmove_number()), (1, 1));
        board.play_null().unwrap();
        assert_eq!((board.halfmove_clock(), board.fullmove_number()), (2, 2));
        assert_eq!(board.side_to_move(), Color::White);
    }

    /// Copy-make copies the board at every node: keep it small (96 bytes, six 16-byte words).
    #[test]
    fn board_is_small_and_copy() {
        assert_eq!(core::mem::size_of::<Board>(), 96);
        let board = Board::default();
        let copy = board;
        assert_eq!(copy, board);
        assert_eq!(board.pieces(Color::White, Role::Pawn).len(), 8);
        assert_eq!(board.occupied().len(), 32);
        assert_eq!(board.king_square(Color::Black), Square::E8);
        assert!(!board.in_check() && board.checkers().is_empty());
    }
}
