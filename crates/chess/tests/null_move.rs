//! The checked null move: refused in check (the board unchanged), and otherwise a board on
//! which no legal move takes a king, along random games.

use plyforge_chess::{Board, NullMoveError, Role};
use proptest::prelude::*;

#[test]
fn refused_in_check() {
    let mut board: Board = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1".parse().unwrap();
    let before = board;
    assert_eq!(board.play_null(), Err(NullMoveError));
    assert_eq!(board, before);
    assert!(
        !board
            .legal_moves()
            .iter()
            .any(|mv| board.role_on(mv.to()) == Some(Role::King))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn never_leaves_a_king_en_prise(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let mut board = Board::default();
        for choice in choices {
            let mut passed = board;
            match passed.play_null() {
                Err(NullMoveError) => prop_assert!(board.in_check()),
                Ok(()) => {
                    prop_assert!(!board.in_check());
                    prop_assert_ne!(passed.side_to_move(), board.side_to_move());
                    prop_assert_eq!(passed.hash(), passed.hash_from_scratch());
                    let takes_king = passed
                        .legal_moves()
                        .iter()
                        .any(|mv| passed.role_on(mv.to()) == Some(Role::King));
                    prop_assert!(!takes_king, "{}", passed);
                    // The passed board reads back from its FEN.
                    prop_assert_eq!(passed.to_string().parse::<Board>().ok(), Some(passed));
                }
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves[usize::from(choice) % moves.len()]);
        }
    }
}
