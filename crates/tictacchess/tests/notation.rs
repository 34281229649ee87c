//! The notation: positions and moves round-trip, every malformed input is a precise syntax
//! error, every well-formed but impossible position a precise legality error, and no input
//! makes the parsers panic.

use plyforge_tictacchess::{
    Color, IllegalMoveError, InvalidPositionError, Move, MoveError, NotationError, ParseMoveError,
    ParsePositionError, PawnDirection, Piece, Position, Square,
};
use proptest::prelude::*;

fn syntax(text: &str) -> NotationError {
    match text.parse::<Position>() {
        Err(ParsePositionError::Syntax(error)) => error,
        other => panic!("{text:?} gave {other:?}, expected a syntax error"),
    }
}

fn invalid(text: &str) -> InvalidPositionError {
    match text.parse::<Position>() {
        Err(ParsePositionError::Invalid(error)) => error,
        other => panic!("{text:?} gave {other:?}, expected a legality error"),
    }
}

#[test]
fn start_round_trips() {
    let start: Position = "4/4/4/4 w PNBRpnbr ns".parse().unwrap();
    assert_eq!(start, Position::start());
    assert_eq!(start.to_string(), "4/4/4/4 w PNBRpnbr ns");
}

#[test]
fn fields_are_read() {
    let position: Position = "r3/1P2/n3/2B1 w NRpb ss".parse().unwrap();
    let square = |name: &str| name.parse::<Square>().unwrap();
    assert_eq!(
        position.piece_at(square("a4")),
        Some((Color::Black, Piece::Rook))
    );
    assert_eq!(
        position.piece_at(square("b3")),
        Some((Color::White, Piece::Pawn))
    );
    assert_eq!(
        position.piece_at(square("c1")),
        Some((Color::White, Piece::Bishop))
    );
    assert_eq!(position.pawn_direction(Color::White), PawnDirection::South);
    assert_eq!(
        position.hand(Color::White).collect::<Vec<_>>(),
        [Piece::Knight, Piece::Rook]
    );
    assert_eq!(
        position.hand(Color::Black).collect::<Vec<_>>(),
        [Piece::Pawn, Piece::Bishop]
    );
}

#[test]
fn hands_are_accepted_in_any_order_within_a_side_and_printed_in_order() {
    let position: Position = "4/4/4/4 w RBNPrbnp ns".parse().unwrap();
    assert_eq!(position.to_string(), "4/4/4/4 w PNBRpnbr ns");
    let full: Position = "RNB1/pnbr/3P/4 b - ns".parse().unwrap();
    assert_eq!(full.to_string(), "RNB1/pnbr/3P/4 b - ns");
}

#[test]
fn syntax_errors_are_precise() {
    assert_eq!(syntax(""), NotationError::FieldCount { found: 0 });
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbr"),
        NotationError::FieldCount { found: 3 }
    );
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbr ns x"),
        NotationError::FieldCount { found: 5 }
    );
    assert_eq!(syntax("4/4/4/4  w PNBRpnbr ns"), NotationError::ExtraSpace);
    assert_eq!(syntax(" 4/4/4/4 w PNBRpnbr ns"), NotationError::ExtraSpace);
    assert_eq!(
        syntax("4/4/4 w PNBRpnbr ns"),
        NotationError::RankCount { found: 3 }
    );
    assert_eq!(
        syntax("4/4/4/3 w PNBRpnbr ns"),
        NotationError::RankLength {
            rank: 1,
            squares: 3
        }
    );
    assert_eq!(
        syntax("4/4/5/4 w PNBRpnbr ns"),
        NotationError::BoardCharacter { found: '5' }
    );
    assert_eq!(
        syntax("4/4/4/RNBPp w nbr ns"),
        NotationError::RankLength {
            rank: 1,
            squares: 5
        }
    );
    assert_eq!(
        syntax("4/4/4/4K w PNBRpnbr ns"),
        NotationError::BoardCharacter { found: 'K' }
    );
    assert_eq!(
        syntax("4/4/4/13 w PNBRpnbr ns"),
        NotationError::AdjacentDigits { rank: 1 }
    );
    assert_eq!(syntax("4/4/4/4 W PNBRpnbr ns"), NotationError::SideToMove);
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbx ns"),
        NotationError::HandCharacter { found: 'x' }
    );
    assert_eq!(
        syntax("4/4/4/4 w pnbrPNBR ns"),
        NotationError::HandOrder { found: 'P' }
    );
    assert_eq!(syntax("4/4/4/4 w -P ns"), NotationError::HandDash);
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbr n"),
        NotationError::PawnDirections
    );
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbr nss"),
        NotationError::PawnDirections
    );
    assert_eq!(
        syntax("4/4/4/4 w PNBRpnbr ne"),
        NotationError::PawnDirections
    );
}

#[test]
fn legality_errors_are_precise() {
    assert_eq!(
        invalid("R3/4/4/4 w PNBRpnbr ns"),
        InvalidPositionError::DuplicatePiece {
            color: Color::White,
            piece: Piece::Rook
        }
    );
    assert_eq!(
        invalid("n3/4/4/n3 w PNBRpbr ns"),
        InvalidPositionError::DuplicatePiece {
            color: Color::Black,
            piece: Piece::Knight
        }
    );
    assert_eq!(
        invalid("4/4/4/4 w PPNBRpnbr ns"),
        InvalidPositionError::DuplicatePiece {
            color: Color::White,
            piece: Piece::Pawn
        }
    );
    assert_eq!(
        invalid("4/4/4/4 w PNBpnbr ns"),
        InvalidPositionError::MissingPiece {
            color: Color::White,
            piece: Piece::Rook
        }
    );
    assert_eq!(
        invalid("1P2/4/4/4 w NBRpnbr ns"),
        InvalidPositionError::PawnOnFarRank {
            color: Color::White
        }
    );
    assert_eq!(
        invalid("4/4/4/2p1 w PNBRnbr ns"),
        InvalidPositionError::PawnOnFarRank {
            color: Color::Black
        }
    );
    assert_eq!(
        invalid("4/4/4/4 w PNBRpnbr nn"),
        InvalidPositionError::PawnInHandTurned {
            color: Color::Black
        }
    );
    // A pawn on its own first rank travelling away from it is fine, as is a turned pawn.
    assert!("4/4/4/2P1 w NBRpnbr ns".parse::<Position>().is_ok());
    assert!("1P2/4/4/4 w NBRpnbr ss".parse::<Position>().is_ok());
}

#[test]
fn moves_round_trip_and_refuse_bad_text() {
    for text in ["b1c3", "N@c3", "P@a4", "d4a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    assert_eq!(
        "b1c".parse::<Move>(),
        Err(ParseMoveError::WrongLength { found: 3 })
    );
    assert_eq!(
        "b1c3x".parse::<Move>(),
        Err(ParseMoveError::WrongLength { found: 5 })
    );
    assert_eq!("e1c3".parse::<Move>(), Err(ParseMoveError::BadSquare));
    assert_eq!("b0c3".parse::<Move>(), Err(ParseMoveError::BadSquare));
    assert_eq!("K@c3".parse::<Move>(), Err(ParseMoveError::BadPieceLetter));
    assert_eq!("n@c3".parse::<Move>(), Err(ParseMoveError::BadPieceLetter));
    assert_eq!("N@c5".parse::<Move>(), Err(ParseMoveError::BadSquare));
    assert_eq!("NN@c3".parse::<Move>(), Err(ParseMoveError::BadPieceLetter));
    assert_eq!("b1ç3".parse::<Move>(), Err(ParseMoveError::NotAscii));
}

#[test]
fn illegal_moves_are_named() {
    let position: Position = "r3/1P2/n3/2B1 w NRpb ns".parse().unwrap();
    let illegal = |text: &str| match position.parse_move(text) {
        Err(MoveError::Illegal(error)) => error,
        other => panic!("{text} gave {other:?}"),
    };
    let square = |name: &str| name.parse::<Square>().unwrap();
    assert_eq!(
        illegal("P@a1"),
        IllegalMoveError::NotInHand {
            color: Color::White,
            piece: Piece::Pawn
        }
    );
    assert_eq!(
        illegal("N@c1"),
        IllegalMoveError::Occupied {
            square: square("c1")
        }
    );
    assert_eq!(
        illegal("a1a2"),
        IllegalMoveError::NoOwnPiece {
            square: square("a1")
        }
    );
    assert_eq!(
        illegal("a4a3"),
        IllegalMoveError::NoOwnPiece {
            square: square("a4")
        }
    );
    assert_eq!(
        illegal("c1c2"),
        IllegalMoveError::Unreachable {
            piece: Piece::Bishop,
            from: square("c1"),
            to: square("c2")
        }
    );
    assert_eq!(
        illegal("b3c4"),
        IllegalMoveError::Unreachable {
            piece: Piece::Pawn,
            from: square("b3"),
            to: square("c4")
        }
    );
    assert!(position.parse_move("b3a4").is_ok());
    let won: Position = "4/4/4/RNBP b pnbr ns".parse().unwrap();
    assert_eq!(
        won.parse_move("N@a2"),
        Err(MoveError::Illegal(IllegalMoveError::GameOver))
    );
}

proptest! {
    #[test]
    fn random_text_never_panics(text in ".{0,40}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = Position::start().parse_move(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in "[1-5PNBRpnbrKx/]{0,20} [wbx] [-PNBRpnbr]{0,9} [nsx]{0,3}") {
        if let Ok(position) = text.parse::<Position>() {
            let printed = position.to_string();
            prop_assert_eq!(printed.parse::<Position>(), Ok(position));
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-eNPBRK@0-5]{0,6}") {
        if let Ok(mv) = text.parse::<Move>() {
            prop_assert_eq!(mv.to_string(), text);
        }
    }
}
