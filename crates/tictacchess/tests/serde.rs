//! The `serde` feature: positions and moves written as their notation (run with
//! `--features serde`).
#![cfg(feature = "serde")]

use plyforge_tictacchess::{Move, Position};

#[test]
fn positions_and_moves_serialise_as_their_notation_and_back() {
    let start = Position::start();
    let json = serde_json::to_string(&start).unwrap();
    assert_eq!(json, format!("\"{start}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), start);
    for mv in start.legal_moves() {
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("\"{mv}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    assert!(serde_json::from_str::<Position>(r#""not a position""#).is_err());
    assert!(serde_json::from_str::<Move>(r#""Zz9""#).is_err());
}
