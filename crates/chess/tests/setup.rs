//! `Setup`: boards round-trip through it, validation lists every broken rule, chosen rules can
//! be waived, and the castling mode decides which rights are legal.

use plyforge_chess::{
    Board, CastleRights, CastlingMode, Color, FenError, Piece, PositionError, Relax, Role, Setup,
    Square, Wing,
};
use proptest::prelude::*;

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

#[test]
fn castling_mode_decides_which_rights_are_legal() {
    let off_centre = "4k3/8/8/8/8/8/8/3K3R w K - 0 1";
    assert_eq!(
        Board::from_fen_with(off_centre, CastlingMode::Standard, Relax::empty()),
        Err(FenError::Position(PositionError::InvalidCastlingRights(
            Color::White
        )))
    );
    let board = Board::from_fen_with(off_centre, CastlingMode::Chess960, Relax::empty()).unwrap();
    assert_eq!(
        board.castle_rook(Color::White, Wing::Short),
        Some(Square::H1)
    );
    // The default parser accepts Chess960 positions.
    assert_eq!(off_centre.parse::<Board>(), Ok(board));
    // Standard mode with the castling rule waived drops the right.
    let relaxed =
        Board::from_fen_with(off_centre, CastlingMode::Standard, Relax::CASTLING_RIGHTS).unwrap();
    assert!(relaxed.castle_rights().is_empty());
    // A rook off its corner is not a standard right either.
    let inner_rook = "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1";
    assert!(Board::from_fen_with(inner_rook, CastlingMode::Standard, Relax::empty()).is_err());
    assert!(Board::from_fen_with(inner_rook, CastlingMode::Chess960, Relax::empty()).is_ok());
    let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert!(Board::from_fen_with(chess960, CastlingMode::Standard, Relax::empty()).is_err());
    assert!(Board::from_fen_with(chess960, CastlingMode::Chess960, Relax::empty()).is_ok());
    let start = Board::default().to_string();
    assert_eq!(
        Board::from_fen_with(&start, CastlingMode::Standard, Relax::empty()),
        Ok(Board::default())
    );
}

#[test]
fn every_broken_rule_is_listed() {
    let mut setup = Setup::empty();
    setup.put(Square::E1, piece(Color::White, Role::King));
    setup.put(Square::D1, piece(Color::White, Role::King));
    setup.put(Square::H8, piece(Color::White, Role::Pawn));
    for square in [
        Square::A3,
        Square::B3,
        Square::C3,
        Square::D3,
        Square::E3,
        Square::F3,
    ] {
        setup.put(square, piece(Color::Black, Role::Queen));
    }
    for square in [Square::A4, Square::B4, Square::C4, Square::D4] {
        setup.put(square, piece(Color::Black, Role::Pawn));
    }
    setup.set_castle_rights(CastleRights::BLACK_SHORT);
    setup.set_en_passant(Some(Square::C3));
    let error = setup
        .to_board(CastlingMode::Chess960, Relax::empty())
        .unwrap_err();
    assert_eq!(
        error.errors(),
        [
            PositionError::TooManyKings(Color::White),
            PositionError::MissingKing(Color::Black),
            PositionError::TooMuchMaterial(Color::Black),
            PositionError::PawnOnBackRank,
            PositionError::InvalidCastlingRights(Color::Black),
            PositionError::InvalidEnPassant,
        ]
    );
    assert_eq!(error.first(), PositionError::TooManyKings(Color::White));
    assert!(
        error.to_string().contains("; Black has no king;"),
        "{error}"
    );
    // Waiving rules takes them off the list; the others stay.
    let relaxed = setup
        .to_board(CastlingMode::Chess960, Relax::LENIENT)
        .unwrap_err();
    assert_eq!(relaxed.errors().len(), 4);
}

#[test]
fn each_relaxable_rule_alone() {
    // An en-passant square no double step explains.
    let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(
        setup
            .to_board(CastlingMode::Chess960, Relax::empty())
            .unwrap_err()
            .errors(),
        [PositionError::InvalidEnPassant]
    );
    let board = setup
        .to_board(CastlingMode::Chess960, Relax::EN_PASSANT)
        .unwrap();
    assert_eq!(board.en_passant(), None);
    // Two checkers on one line with the king: no move gives that.
    setup = Setup::from_fen("4k3/8/8/8/8/8/8/r1r1K3 w - - 0 1").unwrap();
    setup.put(Square::A1, piece(Color::Black, Role::Rook));
    setup.put(Square::E8, piece(Color::Black, Role::King));
    setup.put(Square::E5, piece(Color::Black, Role::Rook));
    setup.put(Square::H4, piece(Color::Black, Role::Bishop));
    setup.remove(Square::C1);
    assert_eq!(
        setup
            .to_board(CastlingMode::Chess960, Relax::empty())
            .unwrap_err()
            .errors(),
        [PositionError::ImpossibleCheck]
    );
    assert!(
        setup
            .to_board(CastlingMode::Chess960, Relax::IMPOSSIBLE_CHECK)
            .is_ok()
    );
    // A right without its rook.
    setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w Q - 0 1").unwrap();
    assert_eq!(
        setup
            .to_board(CastlingMode::Standard, Relax::empty())
            .unwrap_err()
            .errors(),
        [PositionError::InvalidCastlingRights(Color::White)]
    );
    assert!(
        setup
            .to_board(CastlingMode::Standard, Relax::CASTLING_RIGHTS)
            .unwrap()
            .castle_rights()
            .is_empty()
    );
}

#[test]
fn editing_a_setup() {
    let mut setup = Setup::default();
    assert_eq!(
        setup.remove(Square::E2),
        Some(piece(Color::White, Role::Pawn))
    );
    assert_eq!(setup.remove(Square::E2), None);
    assert_eq!(setup.put(Square::E4, piece(Color::White, Role::Pawn)), None);
    setup.swap_turn();
    setup.set_en_passant(Some(Square::E3));
    setup.set_fullmove_number(0);
    assert_eq!(setup.fullmove_number(), 1);
    let board = setup
        .to_board(CastlingMode::Standard, Relax::empty())
        .unwrap();
    // No black pawn beside e4: the square is dropped by the Polyglot rule.
    assert_eq!(
        board.to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(Board::from_setup(&setup, CastlingMode::Standard), Ok(board));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Board → setup → board, and FEN → setup → board → FEN, along random games (standard and
    /// Chess960 starts).
    #[test]
    fn boards_round_trip_through_setups(
        start in 0usize..3,
        choices in proptest::collection::vec(any::<u16>(), 0..100),
    ) {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut board: Board = starts[start].parse().unwrap();
        for choice in choices {
            let setup = Setup::from_board(&board);
            prop_assert_eq!(setup.to_board(CastlingMode::Chess960, Relax::empty()), Ok(board));
            let fen = board.to_string();
            let read = Setup::from_fen(&fen).unwrap();
            let again = read.to_board(CastlingMode::Chess960, Relax::empty()).unwrap();
            prop_assert_eq!(again, board);
            prop_assert_eq!(again.to_string(), fen.clone());
            prop_assert_eq!(Setup::from_fen(&board.to_shredder_fen()).unwrap()
                .to_board(CastlingMode::Chess960, Relax::empty()), Ok(board));
            if start == 0 {
                prop_assert_eq!(Board::from_fen_with(&fen, CastlingMode::Standard, Relax::empty()), Ok(board));
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves[usize::from(choice) % moves.len()]);
        }
    }

    /// Random placements: validation never panics, and what it accepts reads back from its FEN.
    #[test]
    fn random_setups_validate_or_list_errors(
        placements in proptest::collection::vec((0u8..64, 0usize..12), 0..20),
        black in any::<bool>(),
        rights in 0u8..16,
        en_passant in proptest::option::of(0u8..64),
    ) {
        let mut setup = Setup::empty();
        for (square, index) in placements {
            let color = Color::ALL[index / 6];
            let role = Role::ALL[index % 6];
            setup.put(Square::from_index(square), Piece { color, role });
        }
        if black {
            setup.swap_turn();
        }
        setup.set_castle_rights(CastleRights::from_bits_truncate(rights));
        setup.set_en_passant(en_passant.map(Square::from_index));
        for relax in [Relax::empty(), Relax::LENIENT] {
            match setup.to_board(CastlingMode::Chess960, relax) {
                Ok(board) => {
                    let read = Board::from_fen_with(&board.to_string(), CastlingMode::Chess960, relax);
                    prop_assert_eq!(read, Ok(board));
                }
                Err(error) => prop_assert!(!error.errors().is_empty()),
            }
        }
    }
}

/// The board remembers whether it is played as standard chess or as Chess960: reading
/// chooses it from the rights (or takes it as given), moves keep it, UCI notation follows it,
/// and equality leaves it out.
#[test]
fn the_castling_mode_is_remembered_and_written() {
    let standard: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    assert_eq!(standard.castling_mode(), CastlingMode::Standard);
    assert_eq!(Board::default().castling_mode(), CastlingMode::Standard);
    let castle = standard.parse_uci("e1h1").unwrap();
    assert_eq!(standard.to_uci(castle).to_string(), "e1g1");

    // The same position read as Chess960 writes castling as the king taking its rook.
    let chess960 = Board::from_fen_with(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        CastlingMode::Chess960,
        Relax::empty(),
    )
    .unwrap();
    assert_eq!(chess960.castling_mode(), CastlingMode::Chess960);
    assert_eq!(chess960.to_uci(castle).to_string(), "e1h1");
    assert_eq!(chess960, standard, "the mode is not part of the position");
    assert_eq!(chess960.to_string(), standard.to_string());

    // A shuffled start is Chess960 when read, and stays so after its rights are gone.
    let fen = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1";
    let mut shuffled: Board = fen.parse().unwrap();
    assert_eq!(shuffled.castling_mode(), CastlingMode::Chess960);
    assert_eq!(Board::from_fen(&shuffled.to_string()), Ok(shuffled));
    assert_eq!(
        Board::from_fen(&shuffled.to_string())
            .unwrap()
            .castling_mode(),
        CastlingMode::Chess960
    );
    for uci in ["g2g3", "g7g6", "g1g2", "g8g7"] {
        shuffled.play(shuffled.parse_uci(uci).unwrap());
    }
    assert!(shuffled.castle_rook(Color::White, Wing::Short).is_none());
    assert_eq!(shuffled.castling_mode(), CastlingMode::Chess960);

    // Strictness follows the mode: a standard board cannot hold Chess960 rights.
    let king_on_d1: Board = "4k3/8/8/8/8/8/8/3K3R w K - 0 1".parse().unwrap();
    assert_eq!(king_on_d1.castling_mode(), CastlingMode::Chess960);
    assert_eq!(
        king_on_d1.with_castling_mode(CastlingMode::Standard),
        Err(PositionError::InvalidCastlingRights(Color::White))
    );
    assert!(
        Board::from_fen_with(
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            CastlingMode::Standard,
            Relax::empty()
        )
        .is_err()
    );
    // Chess960 castling with the king beside its rook is written king-takes-rook either way.
    let castle = king_on_d1.parse_uci("d1h1").unwrap();
    assert_eq!(king_on_d1.to_uci(castle).to_string(), "d1h1");
}
