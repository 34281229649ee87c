//! The move-ordering facts the search asks for every move (`Game::move_order_hint`,
//! `Game::is_noisy`), computed from a move's bits for speed, against their definitions on
//! decoded moves: MVV-LVA, and captures or promotions.

use plyforge_chess::{Board, Move, MoveKind, Role};
use plyforge_search::Game;
use std::path::PathBuf;

/// Ordering values by role: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 0.
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Victim × 16 − attacker for a capture (en passant takes a pawn), plus 8 × 16 for a queen
/// promotion; 0 for quiet moves and castling.
fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let role_value = |square| board.role_on(square).map_or(0, value);
    let captures = board.color_on(mv.to()) == Some(!board.side_to_move());
    let victim = match mv.kind() {
        MoveKind::Castle => return 0,
        MoveKind::EnPassant => value(Role::Pawn),
        _ if captures => role_value(mv.to()),
        _ => 0,
    };
    let promotion = match mv.kind() {
        MoveKind::Promotion(Role::Queen) => 8 * 16,
        _ => 0,
    };
    if victim == 0 && promotion == 0 {
        0
    } else {
        victim * 16 - role_value(mv.from()) + promotion
    }
}

/// Captures (en passant included) and promotions; castling, which the encoding writes as the
/// king taking its own rook, is quiet.
fn noisy(board: &Board, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::Castle => false,
        MoveKind::EnPassant | MoveKind::Promotion(_) => true,
        MoveKind::Normal => board.color_on(mv.to()) == Some(!board.side_to_move()),
    }
}

/// Every legal move of every position of the perft suite and of the positions one move later.
#[test]
fn ordering_facts_match_their_definitions() {
    // The perft suite of tests/data; some of its positions are impossible on purpose and refused
    // by the parser.
    let suite = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perftsuite.epd");
    let suite = std::fs::read_to_string(suite).unwrap();
    let (mut checked, mut captures) = (0, 0);
    for line in suite.lines().filter(|line| !line.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let Ok(board) = fen.parse::<Board>() else {
            continue;
        };
        for mv in board.legal_moves() {
            assert_eq!(board.move_order_hint(mv), mvv_lva(&board, mv), "{fen} {mv}");
            assert_eq!(board.is_noisy(mv), noisy(&board, mv), "{fen} {mv}");
            let mut child = board;
            child.play(mv);
            for reply in child.legal_moves() {
                let hint = child.move_order_hint(reply);
                assert_eq!(hint, mvv_lva(&child, reply), "{fen} {mv} {reply}");
                assert_eq!(
                    child.is_noisy(reply),
                    noisy(&child, reply),
                    "{fen} {mv} {reply}"
                );
                checked += 1;
                captures += (hint != 0) as u32;
            }
        }
    }
    assert!(
        checked > 10_000 && captures > 1_000,
        "{checked} moves, {captures} hinted"
    );
}
