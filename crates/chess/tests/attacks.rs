//! The public attack tables and `Board::attackers_to`, against references that walk the board
//! square by square, over random positions and random occupancies.

use plyforge_chess::{Bitboard, Board, Color, Piece, Role, Square, attacks};
use proptest::prelude::*;

const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn steps(square: Square, steps: &[(i8, i8)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(files, ranks)| square.offset(files, ranks))
        .collect()
}

fn slide(square: Square, occupied: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for &(files, ranks) in directions {
        let mut at = square;
        while let Some(next) = at.offset(files, ranks) {
            set.insert(next);
            if occupied.contains(next) {
                break;
            }
            at = next;
        }
    }
    set
}

/// The squares `piece` on `square` attacks, by walking.
fn slow_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    let all: Vec<(i8, i8)> = ROOK_DIRECTIONS
        .iter()
        .chain(&BISHOP_DIRECTIONS)
        .copied()
        .collect();
    match piece.role {
        Role::Pawn => {
            let forward = if piece.color == Color::White { 1 } else { -1 };
            steps(square, &[(-1, forward), (1, forward)])
        }
        Role::Knight => steps(square, &KNIGHT_STEPS),
        Role::Bishop => slide(square, occupied, &BISHOP_DIRECTIONS),
        Role::Rook => slide(square, occupied, &ROOK_DIRECTIONS),
        Role::Queen => slide(square, occupied, &all),
        Role::King => steps(square, &all),
    }
}

/// Which pieces of `attacker` in `occupied` attack `square`, by walking from each of them.
fn slow_attackers(board: &Board, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
    (board.color_pieces(attacker) & occupied)
        .into_iter()
        .filter(|&from| {
            let piece = board.piece_on(from).expect("a piece");
            slow_attacks(piece, from, occupied).contains(square)
        })
        .collect()
}

fn random_board(choices: &[u16]) -> Board {
    let mut board = Board::default();
    for &choice in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.play(moves[usize::from(choice) % moves.len()]);
    }
    board
}

#[test]
fn step_tables_are_exact_on_every_square() {
    for square in Square::ALL {
        for color in Color::ALL {
            for role in [Role::Pawn, Role::Knight, Role::King] {
                let piece = Piece { color, role };
                assert_eq!(
                    attacks::piece_attacks(piece, square, Bitboard::EMPTY),
                    slow_attacks(piece, square, Bitboard::EMPTY),
                    "{piece:?} on {square}"
                );
            }
        }
        assert_eq!(
            attacks::rook_rays(square),
            slow_attacks(
                Piece {
                    color: Color::White,
                    role: Role::Rook
                },
                square,
                Bitboard::EMPTY
            )
        );
        assert_eq!(
            attacks::bishop_rays(square),
            slow_attacks(
                Piece {
                    color: Color::White,
                    role: Role::Bishop
                },
                square,
                Bitboard::EMPTY
            )
        );
    }
}

#[test]
fn between_and_lines() {
    assert_eq!(attacks::squares_between(Square::E1, Square::E8).len(), 6);
    assert!(attacks::squares_between(Square::E1, Square::F3).is_empty());
    assert!(attacks::squares_between(Square::E1, Square::E2).is_empty());
    assert!(attacks::line_through(Square::E1, Square::F3).is_empty());
    assert!(attacks::line_through(Square::E4, Square::E4).is_empty());
    assert!(attacks::aligned(Square::A1, Square::C3, Square::H8));
    assert!(!attacks::aligned(Square::A1, Square::C3, Square::H7));
    for a in Square::ALL {
        for b in Square::ALL {
            let between = attacks::squares_between(a, b);
            let line = attacks::line_through(a, b);
            assert_eq!(between, attacks::squares_between(b, a));
            assert_eq!(line, attacks::line_through(b, a));
            // Between lies on the line, and is what a slider from a sees up to b.
            assert!((between - line).is_empty());
            if !line.is_empty() {
                let queen = Piece {
                    color: Color::White,
                    role: Role::Queen,
                };
                let from_a = slow_attacks(queen, a, Bitboard::from(b));
                let from_b = slow_attacks(queen, b, Bitboard::from(a));
                assert_eq!(between, from_a & from_b & line, "{a} {b}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sliders_agree_with_walking(square in 0u8..64, occupied in any::<u64>()) {
        let square = Square::from_index(square);
        let occupied = Bitboard(occupied);
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            let piece = Piece { color: Color::Black, role };
            prop_assert_eq!(
                attacks::piece_attacks(piece, square, occupied),
                slow_attacks(piece, square, occupied)
            );
        }
    }

    #[test]
    fn attackers_to_agrees_with_walking(
        choices in proptest::collection::vec(any::<u16>(), 0..80),
        lifted in any::<u64>(),
    ) {
        let board = random_board(&choices);
        // Lift some pieces (never the kings, which are not needed either way).
        let occupied = board.occupied() - (Bitboard(lifted) & Bitboard(lifted >> 7));
        for square in Square::ALL {
            for color in Color::ALL {
                prop_assert_eq!(
                    board.attackers_to(square, color),
                    slow_attackers(&board, square, color, board.occupied()),
                    "{} {} {:?}", board, square, color
                );
                prop_assert_eq!(
                    board.attackers_to_with(square, color, occupied),
                    slow_attackers(&board, square, color, occupied)
                );
                prop_assert_eq!(
                    board.is_attacked(square, color),
                    !board.attackers_to(square, color).is_empty()
                );
            }
        }
        let king = board.king_square(board.side_to_move());
        prop_assert_eq!(board.checkers(), board.attackers_to(king, !board.side_to_move()));
    }
}
