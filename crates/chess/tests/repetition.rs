//! Repetition by the laws (FIDE 9.2.2): an en-passant square counts only when an en-passant
//! capture is legal, for both colours, for a pinned pawn and for a capture that would uncover
//! the king along its rank; where the capture is legal the positions differ.

use plyforge_chess::{Board, GameHistory, MoveKind, Outcome};
use proptest::prelude::*;

/// Plays the SAN moves from `fen`, returning the game.
fn play(fen: &str, moves: &str) -> GameHistory {
    let mut game = GameHistory::new(fen.parse().expect("a valid FEN"));
    for san in moves.split_whitespace() {
        let mv = game.board().parse_san(san).expect("a legal move");
        game.play(mv).expect("a legal move");
    }
    game
}

/// Four knight moves that bring both knights home (a cycle of the position).
const WHITE_AND_BLACK_KNIGHTS_G: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn capture_that_would_uncover_the_king_on_the_rank_does_not_count() {
    // After c5 the b5 pawn stands beside c5, but bxc6 would open the fifth rank to the h5 rook.
    let fen = "4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1";
    let after_double_step = play(fen, "c5");
    assert!(after_double_step.board().en_passant().is_some());
    assert!(!after_double_step.board().can_capture_en_passant());
    let twice = play(fen, &format!("c5 {WHITE_AND_BLACK_KNIGHTS_G}"));
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.outcome(), None);
    let game = play(
        fen,
        &format!("c5 {WHITE_AND_BLACK_KNIGHTS_G} {WHITE_AND_BLACK_KNIGHTS_G}"),
    );
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        None,
        "threefold is a claim, not an automatic end"
    );
    assert_eq!(game.claimable_draw(), Some(Outcome::Repetition));
    let cycles = [WHITE_AND_BLACK_KNIGHTS_G; 4].join(" ");
    let game = play(fen, &format!("c5 {cycles}"));
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
    assert_eq!(game.claimable_draw(), None, "the game is already over");
}

#[test]
fn the_same_with_colours_swapped() {
    let fen = "6n1/8/8/8/kp5R/8/2P5/4K1N1 w - - 0 1";
    let game = play(fen, "c4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert!(play(fen, "c4").board().en_passant().is_some());
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable_draw(), Some(Outcome::Repetition));
}

#[test]
fn pinned_pawn_does_not_count() {
    // The e5 pawn is pinned on the long diagonal by the h8 bishop: exd6 would leave it.
    let fen = "4k1nb/3p4/8/4P3/8/8/8/K5N1 b - - 0 1";
    assert!(!play(fen, "d5").board().can_capture_en_passant());
    let game = play(fen, "d5 Nf3 Nh6 Ng1 Ng8 Nf3 Nh6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 3);
    // A pawn pinned on its own file may push but not capture.
    let file_pin = "4r1kn/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1";
    assert!(!play(file_pin, "d5").board().can_capture_en_passant());
    let game = play(file_pin, "d5 Nf3 Ng6 Ng1 Nh8 Nf3 Ng6 Ng1 Nh8");
    assert_eq!(game.repetitions(), 3);
    // Black's pawn pinned, White's double step.
    let black_pinned = "k5n1/8/8/8/4p3/8/3P4/4K1NB w - - 0 1";
    assert!(!play(black_pinned, "d4").board().can_capture_en_passant());
    let game = play(black_pinned, "d4 Nh6 Nf3 Ng8 Ng1 Nh6 Nf3 Ng8 Ng1");
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn legal_capture_makes_the_positions_differ() {
    // The f5 pawn's double step can be taken: exf6 stays on the pin's diagonal.
    let fen = "4k1nb/5p2/8/4P3/8/8/8/K5N1 b - - 0 1";
    assert!(play(fen, "f5").board().can_capture_en_passant());
    let game = play(fen, "f5 Nf3 Nh6 Ng1 Ng8 Nf3 Nh6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 2, "the first position had exf6 as well");
    assert_eq!(game.claimable_draw(), None);
    let game = play(fen, "f5 Nf3 Nh6 Ng1 Ng8 Nf3 Nh6 Ng1 Ng8 Nf3 Nh6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 3);
    // An ordinary double step beside an enemy pawn.
    let open = play(Board::default().to_string().as_str(), "e4 a6 e5 d5");
    assert!(open.board().can_capture_en_passant());
    assert_eq!(open.board().repetition_key(), open.board().hash());
}

#[test]
fn capture_that_does_not_answer_a_check_does_not_count() {
    // d7-d5 uncovered the e8 bishop's check: exd6 would not block it.
    let board: Board = "4b2k/8/8/3pP3/K7/8/8/8 w - d6 0 2".parse().unwrap();
    assert!(board.in_check());
    assert!(board.en_passant().is_some());
    assert!(!board.can_capture_en_passant());
    let without: Board = "4b2k/8/8/3pP3/K7/8/8/8 w - - 0 2".parse().unwrap();
    assert_eq!(board.repetition_key(), without.repetition_key());
    assert_ne!(
        board.hash(),
        without.hash(),
        "the Polyglot hash keeps the square"
    );
}

/// The slow reference: the repetition key from the generated legal moves.
fn reference_key(board: &Board) -> u64 {
    let legal_en_passant = board
        .legal_moves()
        .iter()
        .any(|mv| mv.kind() == MoveKind::EnPassant);
    match board.en_passant() {
        Some(square) if !legal_en_passant => {
            let without: Board = board
                .to_string()
                .replacen(&format!(" {square} "), " - ", 1)
                .parse()
                .expect("the same FEN without its en-passant square");
            without.hash()
        }
        _ => board.hash(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Along random games, the key agrees with the legal moves.
    #[test]
    fn key_agrees_with_the_legal_moves(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut board = Board::default();
        for choice in choices {
            prop_assert_eq!(board.repetition_key(), reference_key(&board), "{}", board);
            prop_assert_eq!(
                board.can_capture_en_passant(),
                board.legal_moves().iter().any(|mv| mv.kind() == MoveKind::EnPassant)
            );
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Pawn moves first, half of the time, so that double steps meet often.
            let pawn_moves: Vec<_> = moves
                .iter()
                .filter(|mv| board.role_on(mv.from()) == Some(plyforge_chess::Role::Pawn))
                .collect();
            let mv = if choice & 1 == 0 && !pawn_moves.is_empty() {
                *pawn_moves[usize::from(choice >> 1) % pawn_moves.len()]
            } else {
                moves[usize::from(choice >> 1) % moves.len()]
            };
            board.play(mv);
        }
    }
}

/// FIDE 9.2.1.1 and 9.3.1: a draw claimed on a position about to appear, by declaring the move
/// that produces it.
#[test]
fn a_draw_may_be_claimed_by_declaring_the_move_that_produces_it() {
    // The third occurrence of a position whose first had an en-passant square no pawn could
    // use (the b5 pawn is pinned): the declared Ng8 produces it.
    let fen = "4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1";
    let game = play(fen, "c5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(
        game.claimable_draw_after_san("Ng8"),
        Ok(Some(Outcome::Repetition))
    );
    assert_eq!(game.claimable_draw_after_san("Kd8"), Ok(None));
    // Declaring does not play: the position has still stood twice.
    assert_eq!(game.repetitions(), 2);

    // The fiftieth move of each side without capture or pawn move: declaring a rook move
    // claims, a pawn move resets the count and leaves no claim.
    let game = play("4k3/8/8/8/8/8/4P3/4K2R w - - 99 80", "");
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(
        game.claimable_draw_after_san("Rh2"),
        Ok(Some(Outcome::FiftyMoves))
    );
    assert_eq!(game.claimable_draw_after_san("e3"), Ok(None));

    // A move that mates ends the game by itself, whatever the count.
    let game = play("7k/8/6K1/8/8/8/8/R7 w - - 99 80", "");
    assert_eq!(
        game.claimable_draw_after_san("Rb1"),
        Ok(Some(Outcome::FiftyMoves))
    );
    assert_eq!(game.claimable_draw_after_san("Ra8"), Ok(None));

    // A move that would make the fifth occurrence draws by itself: no claim either.
    let mut game = GameHistory::default();
    for _ in 0..3 {
        for san in WHITE_AND_BLACK_KNIGHTS_G.split_whitespace() {
            game.play_san(san).unwrap();
        }
    }
    for san in "Nf3 Nf6 Ng1".split_whitespace() {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.claimable_draw(), Some(Outcome::Repetition));
    assert_eq!(game.claimable_draw_after_san("Ng8"), Ok(None));
    let ng8 = game.board().parse_san("Ng8").unwrap();
    game.play(ng8).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));

    // An illegal move is an error.
    let game = GameHistory::default();
    assert!(game.claimable_draw_after_san("Ke2").is_err());
    let illegal =
        plyforge_chess::Move::normal(plyforge_chess::Square::E1, plyforge_chess::Square::E2);
    assert!(game.claimable_draw_after(illegal).is_err());
}
