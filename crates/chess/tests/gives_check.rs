//! `Board::gives_check` agrees with playing the move and asking `in_check`, for every legal move
//! of positions along random games and of the perft suites' tricky positions.

use plyforge_chess::Board;
use proptest::prelude::*;

/// Positions with discovered checks, promotions, en passant and castling into check.
const TRICKY: [&str; 5] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "3k4/8/8/2KPp2r/8/8/8/B7 w - e6 0 1",
];

fn agrees_on_every_move(board: &Board) -> Result<(), TestCaseError> {
    for &mv in board.legal_moves().iter() {
        let mut child = *board;
        child.play(mv);
        prop_assert_eq!(board.gives_check(mv), child.in_check(), "{} {}", board, mv);
    }
    Ok(())
}

#[test]
fn tricky_positions() {
    for fen in TRICKY {
        let board: Board = fen.parse().unwrap();
        agrees_on_every_move(&board).unwrap();
    }
}

proptest! {
    #[test]
    fn random_games(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut board = Board::start_position();
        for choice in choices {
            agrees_on_every_move(&board)?;
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves[choice as usize % moves.len()]);
        }
    }
}
