//! The notation: positions and moves round-trip through `Display`/`FromStr`, and every kind of
//! bad input is a typed error, never a panic (random strings included).

use plyforge_search::Game;
use plyforge_sternhalma::{
    IllegalReason, Move, MoveError, ParseHoleError, ParseMoveError, ParsePositionError,
    PlayerCount, PlayerCountError, Position,
};
use proptest::prelude::*;

const TWO_PLAYER_START: &str = concat!(
    "1111111111",
    ".....................................................................................................",
    "2222222222 2 1"
);

#[test]
fn the_start_is_written_as_the_rules_page_says() {
    assert_eq!(
        Position::new(PlayerCount::Two).to_string(),
        TWO_PLAYER_START
    );
    assert_eq!(
        TWO_PLAYER_START.parse::<Position>().unwrap(),
        Position::new(PlayerCount::Two)
    );
}

#[test]
fn bad_positions_are_named() {
    let start = TWO_PLAYER_START;
    let cases: Vec<(String, ParsePositionError)> = vec![
        ("".into(), ParsePositionError::FieldCount(1)),
        (
            start.replace(" 2 1", " 2  1"),
            ParsePositionError::FieldCount(4),
        ),
        (
            start.replacen('.', "", 1),
            ParsePositionError::BoardLength(120),
        ),
        (
            start.replacen('.', "x", 1),
            ParsePositionError::BadCharacter {
                hole: 10,
                character: 'x',
            },
        ),
        (
            start.replace(" 2 1", " 5 1"),
            ParsePositionError::PlayerCount(PlayerCountError::Unsupported(5)),
        ),
        (
            start.replace(" 2 1", " two 1"),
            ParsePositionError::PlayerCount(PlayerCountError::NotANumber),
        ),
        (
            start.replacen('.', "3", 1),
            ParsePositionError::NoSuchPlayer {
                hole: 10,
                player: 3,
            },
        ),
        (
            start.replacen('.', "1", 1),
            ParsePositionError::MarbleCount {
                player: 1,
                count: 11,
            },
        ),
        (
            start.replace(" 2 1", " 2 3"),
            ParsePositionError::ToMove("3".into()),
        ),
        (
            start.replace(" 2 1", " 2 +1"),
            ParsePositionError::ToMove("+1".into()),
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Position>(), Err(error.clone()), "{text:?}");
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn bad_moves_are_named() {
    assert_eq!(
        "35".parse::<Move>(),
        Err(ParseMoveError::MissingDash("35".into()))
    );
    assert_eq!(
        "121-3".parse::<Move>(),
        Err(ParseMoveError::From(ParseHoleError::OutOfRange(121)))
    );
    assert_eq!(
        "3-x".parse::<Move>(),
        Err(ParseMoveError::To(ParseHoleError::NotANumber("x".into())))
    );
    assert_eq!("7-7".parse::<Move>(), Err(ParseMoveError::SameHole(7)));
    let mut position = Position::new(PlayerCount::Two);
    let illegal = |text: &str, reason| MoveError::Illegal {
        mv: text.parse().unwrap(),
        reason,
    };
    assert_eq!(
        position.try_play_str("60-61"),
        Err(illegal("60-61", IllegalReason::NotYourMarble))
    );
    assert_eq!(
        position.try_play_str("111-100"),
        Err(illegal("111-100", IllegalReason::NotYourMarble))
    );
    assert_eq!(
        position.try_play_str("0-1"),
        Err(illegal("0-1", IllegalReason::Occupied))
    );
    assert_eq!(
        position.try_play_str("9-60"),
        Err(illegal("9-60", IllegalReason::Unreachable))
    );
    assert_eq!(
        position.try_play_str("pass"),
        Err(MoveError::Illegal {
            mv: Move::PASS,
            reason: IllegalReason::PassWithMoves
        })
    );
    // Nothing changed.
    assert_eq!(position, Position::new(PlayerCount::Two));
}

#[test]
fn player_counts() {
    for n in 0..10 {
        let count = PlayerCount::new(n);
        assert_eq!(count.is_ok(), [2, 3, 4, 6].contains(&n), "{n}");
        if let Ok(count) = count {
            assert_eq!(Position::new(count).player_count(), n);
            assert_eq!(count.to_string().parse::<PlayerCount>(), Ok(count));
        }
    }
}

proptest! {
    #[test]
    fn random_strings_never_panic(text in ".{0,140}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = Position::new(PlayerCount::Three).try_play_str(&text);
    }

    #[test]
    fn near_misses_never_panic(
        board in "[.1-7x]{119,123}",
        players in "[0-9]{1,2}",
        to_move in "[0-9+-]{1,3}",
    ) {
        let _ = format!("{board} {players} {to_move}").parse::<Position>();
    }

    #[test]
    fn moves_round_trip(from in 0..121u8, to in 0..121u8) {
        prop_assume!(from != to);
        let mv = Move::new(from, to).unwrap();
        prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }

    #[test]
    fn positions_round_trip(players in 0..4usize, picks in proptest::collection::vec(0..1000usize, 0..60)) {
        let mut position = Position::new(PlayerCount::ALL[players]);
        for pick in picks {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play(moves[pick % moves.len()]);
        }
        let text = position.to_string();
        let parsed: Position = text.parse().unwrap();
        prop_assert_eq!(parsed.to_string(), text);
        prop_assert_eq!(parsed.hash(), position.hash());
    }
}
