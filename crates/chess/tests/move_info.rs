//! `Board::decode` against the board before and after the move, over random games.

use plyforge_chess::{Board, Piece, Role};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn decoded_moves_match_the_boards(
        start in 0usize..2,
        choices in proptest::collection::vec(any::<u16>(), 0..100),
    ) {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let mut board: Board = starts[start].parse().unwrap();
        for choice in choices {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let info = board.decode(mv).expect("a legal move decodes");
                let mut after = board;
                after.play(mv);
                let us = board.side_to_move();
                prop_assert_eq!(info.piece.color, us);
                prop_assert_eq!(board.piece_moved(mv), Some(info.piece));
                prop_assert_eq!(board.captured(mv), info.capture);
                let landed = Piece { color: us, role: info.promotion.unwrap_or(info.piece.role) };
                prop_assert_eq!(after.piece_on(info.to), Some(landed), "{} {}", board, mv);
                prop_assert_eq!(info.promotion.is_some(), mv.promotion_role().is_some());
                prop_assert_eq!(info.castling.is_some(), mv.is_castle());
                prop_assert_eq!(board.is_noisy(mv), info.is_capture() || info.promotion.is_some());
                match info.capture_square {
                    Some(square) => {
                        let victim = board.piece_on(square).unwrap();
                        prop_assert_eq!(Some(victim.role), info.capture);
                        prop_assert_eq!(victim.color, !us);
                        prop_assert_eq!(after.color_pieces(!us).len() + 1, board.color_pieces(!us).len());
                    }
                    None => prop_assert_eq!(after.color_pieces(!us), board.color_pieces(!us)),
                }
                prop_assert_eq!(info.is_zeroing(), after.halfmove_clock() == 0);
                prop_assert_eq!(info.en_passant, info.capture == Some(Role::Pawn) && info.capture_square != Some(info.to));
            }
            board.play(moves[usize::from(choice) % moves.len()]);
        }
    }
}
