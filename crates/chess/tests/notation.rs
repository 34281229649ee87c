//! Text formats and invariants: Polyglot hashes from the format's published examples, FEN /
//! UCI / SAN / EPD round trips over random games, typed errors for bad input, and proptests
//! feeding random strings to every parser (none may panic).

use plyforge_chess::{
    Board, Color, Epd, FenError, GameHistory, Move, MoveKind, Outcome as ChessOutcome,
    PositionError, SanError, Square, UciError, UciMove,
};
use plyforge_search::{Game, Outcome};
use proptest::prelude::*;

/// The example positions of the Polyglot book format specification and their keys.
#[test]
fn polyglot_published_hashes() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
            0x652a607ca3f242c1,
        ),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
            0x00fdd303c946bdd9,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
            0x3c8123ea7b067637,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
            0x5c3f9b829b279560,
        ),
    ];
    for (moves, expected) in cases {
        let mut board = Board::default();
        for uci in moves {
            board.play(board.parse_uci(uci).unwrap());
        }
        assert_eq!(board.hash(), expected, "after {moves:?}");
        assert_eq!(board.hash_from_scratch(), expected);
    }
}

#[test]
fn fen_errors_name_the_field() {
    let cases: [(&str, FenError); 14] = [
        ("", FenError::MissingField("board")),
        ("8/8/8/8/8/8/8/8", FenError::MissingField("side to move")),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -",
            FenError::WrongRankCount(7),
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            FenError::InvalidPiece('x'),
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            FenError::WrongRankLength(plyforge_chess::Rank::Seventh),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -",
            FenError::InvalidSideToMove,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz -",
            FenError::InvalidCastling('z'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4",
            FenError::InvalidEnPassantSquare,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenError::InvalidHalfmoveClock,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenError::InvalidFullmoveNumber,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            FenError::TooManyFields,
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ -",
            FenError::Position(PositionError::MissingKing(Color::Black)),
        ),
        (
            "4k3/8/8/8/8/8/8/R3K1kR w KQ -",
            FenError::Position(PositionError::TooManyKings(Color::Black)),
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - -",
            FenError::Position(PositionError::PawnOnBackRank),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Board::from_fen(fen), Err(expected), "{fen:?}");
        // Every error names its problem in words.
        assert!(!expected.to_string().is_empty());
    }
    assert_eq!(
        Board::from_fen("4k3/4Q3/8/8/8/8/8/4K3 w - -"),
        Err(FenError::Position(PositionError::OppositeCheck))
    );
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6"),
        Err(FenError::Position(PositionError::InvalidEnPassant))
    );
    assert_eq!(
        Board::from_fen("QQQQQk2/8/8/8/8/8/PPPPPPPP/4K3 w - -"),
        Err(FenError::Position(PositionError::TooMuchMaterial(
            Color::White
        )))
    );
}

#[test]
fn chess960_castling_in_shredder_and_x_fen() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let board = Board::from_fen(fen).unwrap();
    assert_eq!(board.to_shredder_fen(), fen);
    // X-FEN writes KQkq when each right's rook is the outermost on its wing.
    assert_eq!(
        board.to_string(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    // An inner rook needs its file letter.
    let inner: Board = "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1".parse().unwrap();
    assert_eq!(inner.to_string(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(Board::from_fen(&board.to_string()), Ok(board));
    // King-takes-rook castling in UCI, and the standard form for the same move.
    let standard: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let castle = standard.parse_uci("e1c1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(standard.parse_uci("e1a1"), Ok(castle));
    assert_eq!(castle.to_string(), "e1c1");
    assert_eq!(castle.to_uci(true).to_string(), "e1a1");
    assert_eq!(standard.san(castle), "O-O-O");
}

#[test]
fn san_disambiguation_and_suffixes() {
    let board: Board = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    let mv = board.parse_san("Rd1").unwrap();
    assert_eq!(mv.to_string(), "a1d1");
    let rooks: Board = "4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
    assert_eq!(rooks.parse_san("Ra3"), Err(SanError::Ambiguous));
    let mv = rooks.parse_san("R1a3").unwrap();
    assert_eq!(rooks.san(mv), "R1a3");
    let knights: Board = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse().unwrap();
    let mv = knights.parse_san("Nbd2").unwrap();
    assert_eq!(knights.san(mv), "Nbd2");
    let promotion: Board = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    let mv = promotion.parse_san("axb8=Q+").unwrap();
    assert_eq!(promotion.san(mv), "axb8=Q+");
    assert_eq!(promotion.parse_san("axb8"), Err(SanError::Illegal));
    assert_eq!(promotion.parse_san("a8N"), promotion.parse_san("a8=N"));
    let en_passant: Board = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1".parse().unwrap();
    assert_eq!(
        en_passant.san(en_passant.parse_san("dxe6").unwrap()),
        "dxe6"
    );
}

#[test]
fn epd_operations_and_suites() {
    let epd: Epd =
        r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#
            .parse()
            .unwrap();
    assert_eq!(epd.id(), Some("WAC.001"));
    let best = epd.best_moves().unwrap();
    assert_eq!(epd.board.san(best[0]), "Qg6");
    assert_eq!(epd.to_string().parse::<Epd>(), Ok(epd.clone()));
    let perft: Epd = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66"
        .parse()
        .unwrap();
    assert_eq!(perft.perft_counts(), vec![(1, 15), (2, 66)]);
    // Every `bm` of the WAC and Bratko-Kopec suites (tests/data) is legal SAN.
    for name in ["wac.epd", "bratko-kopec.epd"] {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let epd: Epd = line
                .parse()
                .unwrap_or_else(|error| panic!("{line}: {error}"));
            let best = epd
                .best_moves()
                .unwrap_or_else(|error| panic!("{line}: {error}"));
            assert!(!best.is_empty(), "{line}");
            for mv in best {
                // Printing and parsing agree.
                assert_eq!(epd.board.parse_san(&epd.board.san(mv)), Ok(mv));
            }
        }
    }
}

#[test]
fn outcomes() {
    let mate: Board = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(mate.is_checkmate() && !mate.is_stalemate());
    assert_eq!(
        mate.outcome(),
        Some(ChessOutcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(mate.outcome().unwrap().winner(), Some(Color::White));
    let stalemate: Board = "7k/8/6QK/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
    assert_eq!(stalemate.outcome(), Some(ChessOutcome::Stalemate));
    assert!(stalemate.outcome().unwrap().is_draw());
    let bare: Board = "7k/8/8/8/8/8/8/KB6 w - - 0 1".parse().unwrap();
    assert!(bare.is_insufficient_material());
    assert_eq!(bare.outcome(), Some(ChessOutcome::InsufficientMaterial));
    assert_eq!(Game::outcome_by_rule(&bare), Some(Outcome::Draw));
    // The fifty-move rule gives a claim, which the search takes (an engine expects its
    // opponent to claim); seventy-five moves end the game.
    let fifty: Board = "7k/8/8/8/8/8/8/KR6 w - - 100 80".parse().unwrap();
    assert_eq!(fifty.outcome(), None);
    assert!(fifty.is_fifty_moves() && !fifty.is_seventy_five_moves());
    assert_eq!(
        GameHistory::new(fifty).claimable_draw(),
        Some(ChessOutcome::FiftyMoves)
    );
    assert_eq!(Game::outcome_by_rule(&fifty), Some(Outcome::Draw));
    let seventy_five: Board = "7k/8/8/8/8/8/8/KR6 w - - 150 105".parse().unwrap();
    assert_eq!(seventy_five.outcome(), Some(ChessOutcome::SeventyFiveMoves));
    assert_eq!(GameHistory::new(seventy_five).claimable_draw(), None);
    // Mate on the hundred-and-fiftieth ply stands.
    let latest_mate: Board = "7k/6Q1/6K1/8/8/8/8/8 b - - 150 105".parse().unwrap();
    assert_eq!(
        latest_mate.outcome(),
        Some(ChessOutcome::Checkmate {
            winner: Color::White
        })
    );
    // Mate on the hundredth ply stands.
    let late_mate: Board = "7k/6Q1/6K1/8/8/8/8/8 b - - 100 80".parse().unwrap();
    assert_eq!(
        late_mate.outcome(),
        Some(ChessOutcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(Game::outcome_by_rule(&late_mate), Some(Outcome::Win(0)));
    // Where the game goes on, neither view sees an end.
    let start = Board::default();
    assert_eq!(
        (start.outcome(), Game::outcome_by_rule(&start)),
        (None, None)
    );
    // No null move in a pawn ending (zugzwang) or in check; one elsewhere, passing the turn.
    let mut pawn_ending: Board = "7k/p7/8/8/8/8/P7/K7 w - - 0 1".parse().unwrap();
    assert_eq!(pawn_ending.visit_null_move(|_| ()), None);
    let mut in_check: Board = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1".parse().unwrap();
    assert_eq!(in_check.visit_null_move(|_| ()), None);
    let mut rook_ending: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    let before = rook_ending;
    let after = rook_ending.visit_null_move(|child| child.to_string());
    assert_eq!(after.as_deref(), Some("4k3/8/8/8/8/8/8/R3K3 b - - 1 1"));
    assert_eq!(rook_ending, before);
    let mut history = GameHistory::default();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        history.play_uci(uci).unwrap();
    }
    assert_eq!(history.repetitions(), 2);
    assert_eq!(history.outcome(), None);
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        history.play_uci(uci).unwrap();
    }
    assert_eq!(history.outcome(), None);
    assert_eq!(history.claimable_draw(), Some(ChessOutcome::Repetition));
    assert!(history.can_claim_threefold_repetition() && !history.can_claim_fifty_moves());
    assert_eq!(history.play_uci("e2e5"), Err(UciError::Illegal));
}

/// A deterministic random game from `seed`, at most `plies` long, with every board on the way.
fn random_game(seed: u64, plies: usize) -> Vec<(Board, Move)> {
    let mut state = seed | 1;
    let mut board = Board::default();
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        line.push((board, mv));
        board.play(mv);
    }
    line
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = Board::from_fen(&text);
        let _ = Board::from_fen_lenient(&text);
        let _ = text.parse::<Epd>();
        let _ = Epd::parse_lenient(&text);
        let _ = text.parse::<Square>();
        let _ = text.parse::<Color>();
        let _ = text.parse::<plyforge_chess::Piece>();
        let _ = text.parse::<plyforge_chess::Role>();
        let _ = text.parse::<plyforge_chess::File>();
        let _ = text.parse::<plyforge_chess::Rank>();
        let board = Board::default();
        let _ = board.parse_uci(&text);
        let _ = board.parse_san(&text);
    }

    #[test]
    fn fen_like_strings_never_panic(text in "[pnbrqkPNBRQK1-9/]{0,70} [wbx] [KQkqA-Ha-h-]{1,5} [a-h1-8-]{1,2} [0-9]{1,6} [0-9]{1,6}") {
        if let Ok(board) = Board::from_fen_lenient(&text) {
            let _ = board.count_moves();
        }
        let _ = Board::from_fen(&text);
    }

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        for (board, mv) in random_game(seed, 120) {
            // FEN round trip.
            prop_assert_eq!(Board::from_fen(&board.to_string()), Ok(board));
            // Incremental hash equals the hash from scratch.
            prop_assert_eq!(board.hash(), board.hash_from_scratch());
            // Bulk count equals the list; noisy and quiet moves split the list.
            let all = board.legal_moves();
            prop_assert_eq!(board.count_moves(), all.len() as u64);
            let mut noisy = plyforge_chess::MoveList::new();
            let mut quiet = plyforge_chess::MoveList::new();
            board.generate_noisy_moves_into(&mut noisy);
            board.generate_quiet_moves_into(&mut quiet);
            prop_assert_eq!(noisy.len() + quiet.len(), all.len());
            for &m in noisy.as_slice() {
                prop_assert!(board.is_noisy(m) && all.contains(&m));
            }
            for &m in quiet.as_slice() {
                prop_assert!(!board.is_noisy(m) && all.contains(&m));
            }
            // UCI, SAN and move keys round trip.
            prop_assert_eq!(board.parse_uci(&mv.to_string()), Ok(mv));
            prop_assert_eq!(board.parse_san(&board.san(mv)), Ok(mv));
            prop_assert_eq!(Move::from_key(<Board as Game>::move_key(mv)), Some(mv));
        }
    }
}

/// Every legal move, printed in UCI notation in either form (standard or Chess960), parses back
/// to itself on its board, and the context-free `UciMove` round-trips through its text: over
/// all 960 Chess960 start positions and every position one move later, where castles that
/// standard notation cannot express (the king staying on its square, or stepping one file)
/// occur.
#[test]
fn uci_notation_round_trips_in_both_forms() {
    let suite = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/frcperftsuite.epd"),
    )
    .unwrap();
    let mut castles = 0;
    let mut check = |board: &Board| {
        for mv in board.legal_moves() {
            for chess960 in [false, true] {
                let uci = mv.to_uci(chess960);
                let text = uci.to_string();
                assert_eq!(text.parse::<UciMove>(), Ok(uci), "{text}");
                assert_eq!(board.parse_uci(&text), Ok(mv), "{text} on {board}");
            }
            castles += usize::from(mv.is_castle());
        }
    };
    for line in suite.lines().filter(|line| !line.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let board: Board = fen.parse().unwrap();
        check(&board);
        for mv in board.legal_moves() {
            let mut child = board;
            child.play(mv);
            check(&child);
        }
    }
    assert!(castles > 0);
}

/// The two castles of the fuzzing report: standard notation printed them as `g1g1` (refused
/// by the parser) and `b8c8` (read as an ordinary king move); they are written as the king
/// taking its rook instead.
#[test]
fn chess960_castles_that_standard_notation_cannot_express() {
    for (fen, expected) in [
        (
            "2nnrrk1/b3ppp1/pp5p/2p5/PPB2P1P/2BPp1P1/3PP1b1/3QR1KR w K - 6 1",
            "g1h1",
        ),
        (
            "rk5r/R3p3/3p2pp/1pp2pn1/1Pb2P2/3P4/1KPBP1PP/1NNQRB2 b q - 0 16",
            "b8a8",
        ),
    ] {
        let board: Board = fen.parse().unwrap();
        let castle = board
            .legal_moves()
            .into_iter()
            .find(|mv| mv.is_castle())
            .unwrap();
        assert_eq!(castle.to_uci(false).to_string(), expected);
        assert_eq!(board.parse_uci(expected), Ok(castle));
    }
    // Where the king steps two files, standard notation stays the king's step.
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let short = board.parse_uci("e1h1").unwrap();
    assert_eq!(short.to_uci(false).to_string(), "e1g1");
    assert_eq!(short.to_uci(true).to_string(), "e1h1");
    assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
    assert_eq!(board.parse_uci("0000"), Err(UciError::Illegal));
}

/// EPD operands holding quotes print so that they parse back (fuzzing report, finding 1), and
/// clocks given in a record survive printing (finding 2).
#[test]
fn epd_records_round_trip_with_quotes_and_clocks() {
    for text in [
        r#"4k3/8/8/8/8/8/8/4K3 w - - c0 a"b;c";"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - bm Ke7" am Kg8; id 38";"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - c1 "say \"hi\"" "back\\slash" "" x;"#,
        "4k3/8/8/8/8/8/8/4K3 w - - 17 42 id \"with clocks\";",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 0;",
    ] {
        let epd: Epd = text
            .parse()
            .unwrap_or_else(|error| panic!("{text}: {error}"));
        let printed = epd.to_string();
        let again: Epd = printed
            .parse()
            .unwrap_or_else(|error| panic!("{text} printed as {printed}: {error}"));
        assert_eq!(again, epd, "{text} printed as {printed}");
    }
    let quoted: Epd = r#"4k3/8/8/8/8/8/8/4K3 w - - c0 a"b;c";"#.parse().unwrap();
    assert_eq!(quoted.operation("c0"), Some(&[r#"a"b;c""#.to_string()][..]));
    let escaped: Epd = r#"4k3/8/8/8/8/8/8/4K3 w - - c1 "say \"hi\"";"#.parse().unwrap();
    assert_eq!(
        escaped.operation("c1"),
        Some(&[r#"say "hi""#.to_string()][..])
    );
    let clocks: Epd = "4k3/8/8/8/8/8/8/4K3 w - - 17 42 id x;".parse().unwrap();
    assert_eq!(
        (
            clocks.board.halfmove_clock(),
            clocks.board.fullmove_number()
        ),
        (17, 42)
    );
    assert!(
        clocks
            .to_string()
            .starts_with("4k3/8/8/8/8/8/8/4K3 w - - 17 42 id x;")
    );
    assert_eq!(
        r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "open\"#.parse::<Epd>(),
        Err(plyforge_chess::EpdError::UnterminatedQuote)
    );
}

/// A board reached by play equals the board read from its own FEN: no field outlives what the
/// position says (fuzzing report, finding 3: a castling rook file kept after its right was
/// gone made such boards unequal, and unequal map keys). Over random games from every Chess960
/// suite position and from the position of the report.
#[test]
fn boards_reached_by_play_equal_their_fen() {
    let reported: Board = "4k3/8/8/8/8/8/8/1K1R4 w K - 0 1".parse().unwrap();
    let mut after = reported;
    after.play(reported.parse_uci("b1a1").unwrap());
    let read: Board = after.to_string().parse().unwrap();
    assert_eq!(read, after);
    assert_eq!(read.hash(), after.hash());

    let suite = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/frcperftsuite.epd"),
    )
    .unwrap();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for line in suite.lines().filter(|line| !line.trim().is_empty()) {
        let mut board: Board = line.split(';').next().unwrap().trim().parse().unwrap();
        for _ in 0..40 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            board.play(moves[(state % moves.len() as u64) as usize]);
            let read: Board = board.to_string().parse().unwrap();
            assert_eq!(read, board, "{board}");
        }
    }
}

/// Every 16-bit code is either the key of exactly the move rebuilt from its parts or no move:
/// codes of kind 0 (below `0x1000`) and of kinds from 8 (from `0x8000`) are no move, and every
/// other code is one, of the kind its bits name.
#[test]
fn move_keys_decode_to_the_move_of_their_parts_or_to_none() {
    let mut moves = 0;
    for code in 0..=u16::MAX {
        let kind = code >> 12;
        let Some(mv) = Move::from_key(code) else {
            assert!(
                kind == 0 || kind >= 8,
                "code {code:#06x} of kind {kind} is no move"
            );
            continue;
        };
        moves += 1;
        assert_eq!(mv.key(), code);
        let (from, to) = (mv.from(), mv.to());
        assert_eq!(from as u16 | (to as u16) << 6 | kind << 12, code);
        let rebuilt = match mv.kind() {
            MoveKind::Normal => Move::normal(from, to),
            MoveKind::EnPassant => Move::en_passant(from, to),
            MoveKind::Castle => Move::castle(from, to),
            MoveKind::Promotion(role) => Move::promotion(from, to, role),
        };
        assert_eq!(rebuilt, mv, "code {code:#06x}");
    }
    assert_eq!(moves, 7 * 64 * 64);
}
