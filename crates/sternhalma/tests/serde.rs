//! The `serde` feature: positions, moves, player counts and algorithms written as their
//! notation (run with `--features serde`).
#![cfg(feature = "serde")]

use plyforge_sternhalma::{Move, PlayerCount, Position, Strategy};

#[test]
fn values_serialise_as_their_notation_and_back() {
    for players in PlayerCount::ALL {
        let position = Position::new(players);
        let json = serde_json::to_string(&position).unwrap();
        assert_eq!(json, format!("\"{position}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
        assert_eq!(
            serde_json::from_str::<PlayerCount>(&serde_json::to_string(&players).unwrap()).unwrap(),
            players
        );
        for mv in position.legal_moves() {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        }
    }
    for algorithm in Strategy::ALL {
        let json = serde_json::to_string(&algorithm).unwrap();
        assert_eq!(json, format!("\"{algorithm}\""));
        assert_eq!(serde_json::from_str::<Strategy>(&json).unwrap(), algorithm);
    }
    assert!(serde_json::from_str::<PlayerCount>(r#""5""#).is_err());
    assert!(serde_json::from_str::<Move>(r#""0-200""#).is_err());
}
