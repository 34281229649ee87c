//! `Setup`: a position being put together (pieces placed and removed, side to move, castling
//! rights, en-passant square, clocks) and its validation into a [`Board`]. Validation lists
//! every rule the setup breaks, not only the first; [`Relax`] names the rules a caller may
//! waive (the ones move generation does not need), and [`CastlingMode`] says whether castling
//! rights must be those of standard chess or may be Chess960's. FEN parsing reads into a
//! `Setup` and validates it the same way.

use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::castling::{CastleRights, Wing};
use crate::color::Color;
use crate::piece::{Piece, Role};
use crate::square::{File, Rank, Square};
use crate::{FenError, PositionError};
use alloc::vec::Vec;
use core::fmt;

/// The most pieces one side can have.
const MAX_PIECES: u32 = 16;
/// The most pawns one side can have.
const MAX_PAWNS: u32 = 8;

/// Which castling rights a position may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: a right needs the king on the e-file and its rook in the corner (the
    /// h-file for the king's side, the a-file for the queen's side) of its first rank.
    Standard,
    /// Chess960 (which includes the standard start): a right needs the king between the b- and
    /// g-files of its first rank and a rook on that wing.
    #[default]
    Chess960,
}

bitflags::bitflags! {
    /// Rules of a legal position that validation may waive: those a position no game can
    /// reach may break while move generation still handles it (the perft suites hold such
    /// positions). The kings, the material, pawns off the back ranks and the side not to move
    /// out of check are always required.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct Relax: u8 {
        /// Castling rights without their king and rook in place are dropped, and a right with
        /// the king in a corner is kept, instead of being errors.
        const CASTLING_RIGHTS = 1;
        /// An en-passant square no double step explains is dropped instead of being an error.
        const EN_PASSANT = 2;
        /// Checks no last move could have given are accepted.
        const IMPOSSIBLE_CHECK = 4;
        /// Every rule that can be waived: what [`Board::from_fen_lenient`] accepts.
        const LENIENT = 7;
    }
}

/// Every rule a [`Setup`] breaks, in the order validation checks them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    errors: Vec<PositionError>,
}

impl SetupError {
    /// The broken rules (never empty).
    pub fn errors(&self) -> &[PositionError] {
        &self.errors
    }

    /// The first broken rule.
    pub fn first(&self) -> PositionError {
        self.errors[0]
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl core::error::Error for SetupError {}

impl From<SetupError> for FenError {
    /// The first broken rule.
    fn from(error: SetupError) -> FenError {
        FenError::Position(error.first())
    }
}

/// A position being put together, not yet checked.
///
/// ```
/// use plyforge_chess::{CastleRights, CastlingMode, Color, Piece, PositionError, Relax, Role, Setup, Square};
/// let mut setup = Setup::empty();
/// setup.put(Square::E1, Piece { color: Color::White, role: Role::King });
/// setup.put(Square::H1, Piece { color: Color::White, role: Role::Rook });
/// setup.put(Square::E8, Piece { color: Color::Black, role: Role::King });
/// setup.set_castle_rights(CastleRights::WHITE_SHORT);
/// let board = setup.to_board(CastlingMode::Standard, Relax::empty())?;
/// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
///
/// // Every broken rule is listed; chosen ones can be waived.
/// setup.remove(Square::E8);
/// setup.put(Square::A8, Piece { color: Color::White, role: Role::Pawn });
/// setup.set_castle_rights(CastleRights::all());
/// let error = setup.to_board(CastlingMode::Standard, Relax::empty()).unwrap_err();
/// assert_eq!(
///     error.errors(),
///     [
///         PositionError::MissingKing(Color::Black),
///         PositionError::PawnOnBackRank,
///         PositionError::InvalidCastlingRights(Color::White),
///         PositionError::InvalidCastlingRights(Color::Black),
///     ]
/// );
/// # Ok::<(), plyforge_chess::SetupError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces (the other fields of this board are unused).
    pieces: Board,
    side_to_move: Color,
    castle_rights: CastleRights,
    /// The rook file of each right (by color and wing), or `None` for the outermost rook on
    /// that wing (X-FEN's `KQkq`).
    castle_files: [[Option<File>; 2]; 2],
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
}

impl Default for Setup {
    /// The standard start position.
    fn default() -> Setup {
        Setup::from_board(&Board::default())
    }
}

impl Setup {
    /// An empty board, White to move, no rights, clocks at 0 and 1.
    pub fn empty() -> Setup {
        Setup {
            pieces: Board::empty(),
            side_to_move: Color::White,
            castle_rights: CastleRights::empty(),
            castle_files: [[None; 2]; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The setup of `board` (which validates back into an equal board).
    pub fn from_board(board: &Board) -> Setup {
        let mut setup = Setup::empty();
        for square in board.occupied() {
            setup.put(square, board.piece_on(square).expect("an occupied square"));
        }
        setup.side_to_move = board.side_to_move();
        for color in Color::ALL {
            for wing in Wing::ALL {
                if let Some(rook) = board.castle_rook(color, wing) {
                    setup.set_castling_rook(color, wing, Some(rook.file()));
                }
            }
        }
        setup.en_passant = board.en_passant();
        setup.halfmove_clock = board.halfmove_clock();
        setup.fullmove_number = board.fullmove_number();
        setup
    }

    /// The piece on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.pieces.piece_on(square)
    }

    /// Puts `piece` on `square`, returning the piece it replaces.
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(square);
        self.pieces.toggle(piece.color, piece.role, square.index());
        old
    }

    /// Removes the piece on `square`, returning it.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_on(square)?;
        self.pieces.toggle(piece.color, piece.role, square.index());
        Some(piece)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side_to_move = color;
    }

    /// Gives the move to the other side.
    pub fn swap_turn(&mut self) {
        self.side_to_move = !self.side_to_move;
    }

    /// The castling rights.
    pub fn castle_rights(&self) -> CastleRights {
        self.castle_rights
    }

    /// Sets the castling rights, each with the outermost rook on its wing (X-FEN's `KQkq`).
    pub fn set_castle_rights(&mut self, rights: CastleRights) {
        self.castle_rights = rights;
        self.castle_files = [[None; 2]; 2];
    }

    /// Gives `color` the right to castle on `wing` with the rook on `file` of its first rank
    /// (`None`: the outermost rook on that wing), as Shredder-FEN's file letters do.
    pub fn set_castling_rook(&mut self, color: Color, wing: Wing, file: Option<File>) {
        self.castle_rights |= CastleRights::of(color, wing);
        self.castle_files[color.index()][wing as usize] = file;
    }

    /// The en-passant square, if any.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Sets the en-passant square (the square a pawn skipped with its double step).
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        self.en_passant = square;
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// Sets the plies since the last capture or pawn move.
    pub fn set_halfmove_clock(&mut self, plies: u16) {
        self.halfmove_clock = plies;
    }

    /// The move number.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// Sets the move number (0 is read as 1).
    pub fn set_fullmove_number(&mut self, number: u16) {
        self.fullmove_number = number.max(1);
    }

    /// Validates the setup into a [`Board`]: every rule of [`PositionError`], castling rights
    /// by `mode`, except the rules in `relax` (whose offending rights and en-passant square
    /// are dropped instead). The en-passant square is kept only where a pawn could take (the
    /// Polyglot rule), as everywhere in the crate.
    ///
    /// # Errors
    /// [`SetupError`] with every rule the setup breaks.
    pub fn to_board(&self, mode: CastlingMode, relax: Relax) -> Result<Board, SetupError> {
        let mut errors = Vec::new();
        let mut board = self.pieces;
        board.set_clocks(self.side_to_move, self.halfmove_clock, self.fullmove_number);
        let mut kings_in_place = true;
        let mut one_king = [false; 2];
        for color in Color::ALL {
            match board.bits(color, Role::King).count_ones() {
                0 => errors.push(PositionError::MissingKing(color)),
                1 => {}
                _ => errors.push(PositionError::TooManyKings(color)),
            }
            one_king[color.index()] = board.bits(color, Role::King).count_ones() == 1;
            kings_in_place &= one_king[color.index()];
            if !material_is_reachable(&board, color) {
                errors.push(PositionError::TooMuchMaterial(color));
            }
        }
        if board.roles[Role::Pawn as usize] & crate::movegen::PROMOTION_RANKS != 0 {
            errors.push(PositionError::PawnOnBackRank);
        }
        self.place_castling_rooks(&mut board, one_king, mode, relax, &mut errors);
        if kings_in_place {
            let them = !board.side();
            let their_king = board.king_square(them) as usize;
            if board.attacked_by(board.side(), their_king, board.occupied_bits()) {
                errors.push(PositionError::OppositeCheck);
            }
        }
        let en_passant = self
            .en_passant
            .filter(|&square| explained_en_passant(&board, square));
        if en_passant != self.en_passant && !relax.contains(Relax::EN_PASSANT) {
            errors.push(PositionError::InvalidEnPassant);
        }
        if kings_in_place
            && !relax.contains(Relax::IMPOSSIBLE_CHECK)
            && !checks_are_possible(&board, en_passant)
        {
            errors.push(PositionError::ImpossibleCheck);
        }
        if !errors.is_empty() {
            return Err(SetupError { errors });
        }
        // Keep the en-passant square only when a pawn could take (the Polyglot rule).
        let them = !board.side();
        board.en_passant = en_passant.filter(|&square| {
            attacks::pawn(them.index(), square as usize) & board.bits(board.side(), Role::Pawn) != 0
        });
        board.update_castle_squares();
        board.castling_mode = mode;
        board.hash = board.hash_from_scratch();
        Ok(board)
    }

    /// Records on `board` the castling rights whose king and rook are in place, and an error
    /// per side with a right that is not (unless relaxed, when the right is dropped).
    fn place_castling_rooks(
        &self,
        board: &mut Board,
        one_king: [bool; 2],
        mode: CastlingMode,
        relax: Relax,
        errors: &mut Vec<PositionError>,
    ) {
        let strict = !relax.contains(Relax::CASTLING_RIGHTS);
        for color in Color::ALL {
            let rights = self.castle_rights & CastleRights::color(color);
            if !one_king[color.index()] {
                // No king to castle with: every right of this side is broken.
                if !rights.is_empty() && strict {
                    errors.push(PositionError::InvalidCastlingRights(color));
                }
                continue;
            }
            let mut broken = false;
            let back_rank = Rank::First.relative_to(color);
            let king = board.king_square(color);
            let king_file = king.file();
            for wing in Wing::ALL {
                if !self.castle_rights.contains(CastleRights::of(color, wing)) {
                    continue;
                }
                let rook_file = match self.castle_files[color.index()][wing as usize] {
                    None => outermost_rook(board, color, wing),
                    Some(file) => {
                        let rook_here =
                            board.bits(color, Role::Rook) & Square::new(file, back_rank).bit() != 0;
                        let on_wing = match wing {
                            Wing::Short => file > king_file,
                            Wing::Long => file < king_file,
                        };
                        (rook_here && on_wing).then_some(file)
                    }
                };
                // Chess960 starts the king between its rooks, so never in a corner.
                let king_allowed = king.rank() == back_rank
                    && match mode {
                        CastlingMode::Standard => king_file == File::E,
                        CastlingMode::Chess960 => {
                            !strict || !matches!(king_file, File::A | File::H)
                        }
                    };
                let rook_allowed = |file: File| match mode {
                    CastlingMode::Standard => {
                        file == match wing {
                            Wing::Short => File::H,
                            Wing::Long => File::A,
                        }
                    }
                    CastlingMode::Chess960 => true,
                };
                match rook_file {
                    Some(file) if king_allowed && rook_allowed(file) => {
                        board.rights |= CastleRights::of(color, wing);
                        board.castle_files[color.index()][wing as usize] = file;
                    }
                    _ => broken = true,
                }
            }
            if broken && strict {
                errors.push(PositionError::InvalidCastlingRights(color));
            }
        }
    }
}

impl Board {
    /// Whether the board is played as standard chess or as Chess960. It decides how castling
    /// is written in UCI notation ([`Board::to_uci`]: the king's two-square step in standard
    /// chess, the king taking its rook in Chess960). [`Board::from_fen`] and
    /// [`Board::from_fen_lenient`] choose standard chess when every castling right is one
    /// standard chess allows (so always when no right is left), Chess960 otherwise;
    /// [`Board::from_fen_with`] and [`Setup::to_board`] keep the mode they are given; moves
    /// keep the mode of the board they are played on. Equality and hashing leave it out.
    ///
    /// ```
    /// use plyforge_chess::{Board, CastlingMode};
    /// assert_eq!(Board::default().castling_mode(), CastlingMode::Standard);
    /// let shuffled: Board = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1".parse()?;
    /// assert_eq!(shuffled.castling_mode(), CastlingMode::Chess960);
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.castling_mode
    }

    /// The board played in `mode`.
    ///
    /// ```
    /// use plyforge_chess::{Board, CastlingMode, Color, PositionError};
    /// let board = Board::default().with_castling_mode(CastlingMode::Chess960)?;
    /// assert_eq!(board.to_uci(board.parse_uci("e2e4")?).to_string(), "e2e4");
    /// let shuffled: Board = "4k3/8/8/8/8/8/8/3K3R w K - 0 1".parse()?;
    /// assert_eq!(
    ///     shuffled.with_castling_mode(CastlingMode::Standard),
    ///     Err(PositionError::InvalidCastlingRights(Color::White))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PositionError::InvalidCastlingRights`] (for the first side concerned) when `mode` is
    /// standard chess and a castling right is not one standard chess allows.
    pub fn with_castling_mode(mut self, mode: CastlingMode) -> Result<Board, PositionError> {
        if let (CastlingMode::Standard, Some(color)) = (mode, self.non_standard_castling()) {
            return Err(PositionError::InvalidCastlingRights(color));
        }
        self.castling_mode = mode;
        Ok(self)
    }

    /// The mode FEN reading chooses: standard chess unless a castling right is not one
    /// standard chess allows.
    pub(crate) fn detected_castling_mode(&self) -> CastlingMode {
        match self.non_standard_castling() {
            None => CastlingMode::Standard,
            Some(_) => CastlingMode::Chess960,
        }
    }

    /// The first side with a castling right standard chess does not allow (the king off the
    /// e-file, or the rook off its corner).
    fn non_standard_castling(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&color| {
            Wing::ALL.into_iter().any(|wing| {
                self.castle_rook(color, wing).is_some_and(|rook| {
                    let corner = match wing {
                        Wing::Short => File::H,
                        Wing::Long => File::A,
                    };
                    rook.file() != corner || self.king_square(color).file() != File::E
                })
            })
        })
    }

    /// Validates `setup` with every rule ([`Setup::to_board`] with `mode`, nothing relaxed).
    ///
    /// # Errors
    /// [`SetupError`] with every rule the setup breaks.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Board, SetupError> {
        setup.to_board(mode, Relax::empty())
    }
}

/// Whether a double step explains the en-passant `square`: it is on the sixth rank of the side
/// to move, an enemy pawn stands in front of it, and it and the square behind are empty.
fn explained_en_passant(board: &Board, square: Square) -> bool {
    if square.rank() != Rank::Sixth.relative_to(board.side()) {
        return false;
    }
    let (ahead, behind) = match board.side() {
        Color::White => (square as usize - 8, square as usize + 8),
        Color::Black => (square as usize + 8, square as usize - 8),
    };
    board.bits(!board.side(), Role::Pawn) & (1 << ahead) != 0
        && board.occupied_bits() & ((1 << behind) | square.bit()) == 0
}

/// The outermost rook of `color` on `wing` of its king on its first rank.
pub(crate) fn outermost_rook(board: &Board, color: Color, wing: Wing) -> Option<File> {
    let king = board.king_square(color);
    let rank = Rank::First.relative_to(color);
    let rooks = board.bits(color, Role::Rook);
    let mut files = File::ALL.into_iter().filter(|&file| {
        rooks & Square::new(file, rank).bit() != 0
            && match wing {
                Wing::Short => file > king.file(),
                Wing::Long => file < king.file(),
            }
    });
    match wing {
        Wing::Short => files.next_back(),
        Wing::Long => files.next(),
    }
}

/// Whether the checks on the side to move could follow from some last move, given the
/// double step `en_passant` says was just made.
fn checks_are_possible(board: &Board, en_passant: Option<Square>) -> bool {
    let checkers = board.checks().0;
    let king = board.king_square(board.side()) as usize;
    match checkers.count_ones() {
        0 => return true,
        1 => {}
        2 => {
            let first = checkers.trailing_zeros() as usize;
            let second = 63 - checkers.leading_zeros() as usize;
            if attacks::line(first, second) & (1 << king) != 0 {
                return false;
            }
        }
        _ => return false,
    }
    if let Some(square) = en_passant {
        let (pushed, origin) = match board.side() {
            Color::White => (square as usize - 8, square as usize + 8),
            Color::Black => (square as usize + 8, square as usize - 8),
        };
        let mut remaining: Bits = checkers;
        while remaining != 0 {
            let checker = remaining.trailing_zeros() as usize;
            let explained =
                checker == pushed || attacks::between(king, checker) & (1 << origin) != 0;
            if !explained {
                return false;
            }
            remaining &= remaining - 1;
        }
    }
    true
}

/// Whether `color`'s material could come from the starting set by promotions.
fn material_is_reachable(board: &Board, color: Color) -> bool {
    let count = |role| board.bits(color, role).count_ones();
    let pawns = count(Role::Pawn);
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Bishop).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2);
    board.colors[color.index()].count_ones() <= MAX_PIECES
        && pawns <= MAX_PAWNS
        && promoted <= MAX_PAWNS - pawns
}
