//! SAN as a value: what the parser accepts and refuses (one table of inputs and expected
//! results, the lenient and the strict cases side by side), printing that reads back to the
//! same value, and resolution on boards with each kind of error.

use plyforge_chess::{Board, File, ParseSanError, Role, San, SanError, SanPlus, Square, Suffix};

/// What a SAN text should give on a board: the move in UCI, or the error.
enum Expected {
    Move(&'static str),
    Error(SanError),
}

use Expected::{Error, Move};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A white pawn on a7 that can push to a8 or take on b8.
const PROMOTION: &str = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
/// Knights on b1 and f3 that both reach d2.
const KNIGHTS: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
/// A black pawn on f3 that the g1 knight can take.
const PREY: &str = "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1";
/// White can take en passant on d6.
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
/// Chess960: king on b1, rooks on a1 and h1; both castles legal.
const CHESS960: &str = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

#[test]
fn inputs_and_expected_results() {
    let syntax = |error| Error(SanError::Syntax(error));
    let cases: &[(&str, &str, Expected)] = &[
        // Plain SAN.
        (START, "e4", Move("e2e4")),
        (START, "Nf3", Move("g1f3")),
        (KNIGHTS, "Nbd2", Move("b1d2")),
        (KNIGHTS, "Nfd2", Move("f3d2")),
        (KNIGHTS, "N1d2", Move("b1d2")),
        (PROMOTION, "a8=Q", Move("a7a8q")),
        (PROMOTION, "axb8=N", Move("a7b8n")),
        (EN_PASSANT, "exd6", Move("e5d6")),
        (CHESS960, "O-O", Move("b1h1")),
        (CHESS960, "O-O-O", Move("b1a1")),
        // Lenient where the intent is clear.
        (START, "Pe4", Move("e2e4")),
        (START, "e4!?", Move("e2e4")),
        (START, "e4!!", Move("e2e4")),
        (START, "Nf3+", Move("g1f3")),
        (START, "Nf3+?!", Move("g1f3")),
        (START, "Ng1f3", Move("g1f3")),
        (START, "e2e4", Move("e2e4")),
        (PROMOTION, "a8=q", Move("a7a8q")),
        (PROMOTION, "axb8=q", Move("a7b8q")),
        (PROMOTION, "a8Q", Move("a7a8q")),
        (PROMOTION, "a8=Q#", Move("a7a8q")),
        (PROMOTION, "xb8=R", Move("a7b8r")),
        (PREY, "Nf3", Move("g1f3")),
        (PREY, "Nxf3", Move("g1f3")),
        (CHESS960, "0-0", Move("b1h1")),
        (CHESS960, "0-0-0", Move("b1a1")),
        // Strict where it is not.
        (START, "Nxf3", Error(SanError::NothingToCapture)),
        (START, "exd3", Error(SanError::NothingToCapture)),
        (START, "Ncf3", Error(SanError::NoSuchPiece)),
        (PREY, "Qd1", Error(SanError::NoSuchPiece)),
        (START, "Nd4", Error(SanError::Illegal)),
        (START, "O-O", Error(SanError::Illegal)),
        (START, "Ke2", Error(SanError::Illegal)),
        (PROMOTION, "a8", Error(SanError::Illegal)),
        (KNIGHTS, "Nd2", Error(SanError::Ambiguous)),
        (
            PROMOTION,
            "a8q",
            syntax(ParseSanError::UnexpectedCharacter(2)),
        ),
        (PROMOTION, "a8=K", syntax(ParseSanError::Promotion)),
        (PROMOTION, "a8=P", syntax(ParseSanError::Promotion)),
        (START, "Nf3=Q", syntax(ParseSanError::Promotion)),
        (START, "e5=Q", syntax(ParseSanError::Promotion)),
        (START, "nf3", syntax(ParseSanError::MissingSquare)),
        (
            START,
            "e4!?!",
            syntax(ParseSanError::UnexpectedCharacter(2)),
        ),
        (START, "e9", syntax(ParseSanError::MissingSquare)),
        (START, "", syntax(ParseSanError::Empty)),
        (START, "+", syntax(ParseSanError::Empty)),
        (START, "O-O-", syntax(ParseSanError::Castling)),
        (START, "o-o", syntax(ParseSanError::MissingSquare)),
        (START, "Nf3 ", syntax(ParseSanError::UnexpectedCharacter(3))),
        (START, "é4", syntax(ParseSanError::MissingSquare)),
    ];
    for (fen, text, expected) in cases {
        let board: Board = fen.parse().unwrap();
        let got = board.parse_san(text);
        match expected {
            Move(uci) => {
                let mv = board.parse_uci(uci).unwrap();
                assert_eq!(got, Ok(mv), "{fen}: {text:?}");
            }
            Error(error) => assert_eq!(got, Err(*error), "{fen}: {text:?}"),
        }
    }
}

/// Every accepted text prints in canonical SAN, which parses back to the same value.
#[test]
fn printing_is_canonical_and_reads_back() {
    for (text, printed) in [
        ("e4", "e4"),
        ("Pe4", "e4"),
        ("e4!?", "e4"),
        ("0-0", "O-O"),
        ("0-0-0+", "O-O-O+"),
        ("b8Q", "b8=Q"),
        ("b8=q#", "b8=Q#"),
        ("Ng1xf3", "Ng1xf3"),
        ("R1a3", "R1a3"),
        ("xd5", "xd5"),
    ] {
        let san: SanPlus = text.parse().unwrap();
        assert_eq!(san.to_string(), printed, "{text}");
        assert_eq!(printed.parse::<SanPlus>(), Ok(san), "{text}");
    }
    assert_eq!(
        "exd8=N+".parse::<SanPlus>(),
        Ok(SanPlus {
            san: San::Normal {
                role: Role::Pawn,
                file: Some(File::E),
                rank: None,
                capture: true,
                to: Square::D8,
                promotion: Some(Role::Knight),
            },
            suffix: Some(Suffix::Check),
        })
    );
    // `San` alone drops the sign.
    assert_eq!("Nf3+".parse::<San>().unwrap().to_string(), "Nf3");
}

/// SAN from moves: disambiguation by file, then by rank, then by both, and the signs.
#[test]
fn from_move_disambiguates_as_little_as_needed() {
    for (fen, uci, san) in [
        (KNIGHTS, "b1d2", "Nbd2"),
        ("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"),
        ("k7/8/8/8/8/2Q1Q3/8/4Q1K1 w - - 0 1", "e3d2", "Qe3d2"),
        (PREY, "g1f3", "Nxf3"),
        (EN_PASSANT, "e5d6", "exd6"),
        (CHESS960, "b1a1", "O-O-O"),
        (
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4",
            "h5f7",
            "Qxf7#",
        ),
    ] {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        assert_eq!(SanPlus::from_move(&board, mv).to_string(), san, "{fen}");
        assert_eq!(board.san(mv), san, "{fen}");
        assert_eq!(san.parse::<SanPlus>().unwrap().to_move(&board), Ok(mv));
    }
}

/// The legal moves a SAN names, found the plain way: every legal move filtered.
fn reference_matches(board: &Board, san: San) -> Vec<plyforge_chess::Move> {
    let San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = san
    else {
        return Vec::new();
    };
    board
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            !mv.is_castle()
                && mv.to() == to
                && board.role_on(mv.from()) == Some(role)
                && file.is_none_or(|file| mv.from().file() == file)
                && rank.is_none_or(|rank| mv.from().rank() == rank)
                && mv.promotion_role() == promotion
        })
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// On positions of random games, every SAN of every piece to every square resolves as the
    /// plain filter of the legal moves says: the one move, ambiguous, or not legal.
    #[test]
    fn resolution_agrees_with_filtering_the_legal_moves(seed in proptest::prelude::any::<u64>()) {
        let mut state = seed | 1;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut board = Board::default();
        for _ in 0..next(120) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves[next(moves.len())]);
        }
        for _ in 0..200 {
            let role = Role::ALL[next(6)];
            let to = Square::ALL[next(64)];
            let file = [None, Some(File::ALL[next(8)])][next(2)];
            let rank = [None, Some(plyforge_chess::Rank::ALL[next(8)])][next(2)];
            let promotes = role == Role::Pawn && matches!(to.rank(), plyforge_chess::Rank::First | plyforge_chess::Rank::Eighth);
            let promotion = if promotes && next(4) != 0 { Some(Role::PROMOTIONS[next(4)]) } else { None };
            let san = San::Normal { role, file, rank, capture: false, to, promotion };
            let expected = reference_matches(&board, san);
            match san.to_move(&board) {
                Ok(mv) => proptest::prop_assert_eq!(expected, vec![mv], "{} {}", board, san),
                Err(SanError::Ambiguous) => proptest::prop_assert!(expected.len() > 1, "{} {}", board, san),
                Err(_) => proptest::prop_assert!(expected.is_empty(), "{} {}", board, san),
            }
        }
    }
}

/// Resolution looks only at the pieces of the named role that reach the square, and checks
/// legality on those: on positions with pins, checks, en passant and promotions (the perft
/// page's and a pinned en-passant pawn), and on every position of a few games from each, a SAN
/// naming the origin square in full resolves exactly when a legal move (castling aside) goes
/// from there to there, and to that move.
#[test]
fn resolution_agrees_with_the_legal_moves() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k1n1/8/8/KPp4r/8/8/8/6N1 w - c6 0 2",
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    ];
    let mut positions = 0;
    for fen in fens {
        let mut board: Board = fen.parse().unwrap();
        for ply in 0..40 {
            check_every_origin_and_target(&board);
            positions += 1;
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // A fixed, varied walk: the move at a position that changes with the ply.
            board.play(moves[(ply * 7 + 3) % moves.len()]);
        }
    }
    assert!(positions > 100);
}

fn check_every_origin_and_target(board: &Board) {
    let legal = board.legal_moves();
    for from in Square::ALL {
        let Some(piece) = board.piece_on(from) else {
            continue;
        };
        if piece.color != board.side_to_move() {
            continue;
        }
        for to in Square::ALL {
            let last_rank = to.rank() == plyforge_chess::Rank::First
                || to.rank() == plyforge_chess::Rank::Eighth;
            let promotes = piece.role == Role::Pawn && last_rank;
            let letter = if piece.role == Role::Pawn {
                String::new()
            } else {
                piece.role.upper_char().to_string()
            };
            let text = format!("{letter}{from}{to}{}", if promotes { "=Q" } else { "" });
            let expected = legal.iter().copied().find(|mv| {
                !mv.is_castle()
                    && mv.from() == from
                    && mv.to() == to
                    && (!promotes || mv.promotion_role() == Some(Role::Queen))
            });
            assert_eq!(board.parse_san(&text).ok(), expected, "{board}: {text}");
        }
    }
}
