//! The `serde` feature: value types written as their notation (run with `--features serde`).
#![cfg(feature = "serde")]

use plyforge_chess::{Board, CastleRights, Color, Epd, Piece, Role, Square, UciMove};

#[test]
fn values_serialise_as_their_notation_and_back() {
    let square: Square = "e4".parse().unwrap();
    assert_eq!(serde_json::to_string(&square).unwrap(), r#""e4""#);
    assert_eq!(serde_json::from_str::<Square>(r#""e4""#).unwrap(), square);
    assert_eq!(serde_json::to_string(&Color::Black).unwrap(), r#""b""#);
    assert_eq!(serde_json::to_string(&Role::Knight).unwrap(), r#""n""#);
    let piece: Piece = serde_json::from_str(r#""Q""#).unwrap();
    assert_eq!((piece.color, piece.role), (Color::White, Role::Queen));
    let rights: CastleRights = serde_json::from_str(r#""Kq""#).unwrap();
    assert_eq!(serde_json::to_string(&rights).unwrap(), r#""Kq""#);

    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let board: Board = kiwipete.parse().unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(json, format!("\"{kiwipete}\""));
    assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
    let promotion: UciMove = serde_json::from_str(r#""e7e8q""#).unwrap();
    assert_eq!(serde_json::to_string(&promotion).unwrap(), r#""e7e8q""#);
    assert_eq!(serde_json::to_string(&UciMove::Null).unwrap(), r#""0000""#);
    let castle = board.parse_uci("e1g1").unwrap();
    let json = serde_json::to_string(&castle.to_uci(false)).unwrap();
    assert_eq!(json, r#""e1g1""#);
    let read: UciMove = serde_json::from_str(&json).unwrap();
    assert_eq!(read.to_move(&board), Ok(castle));
    assert!(serde_json::from_str::<UciMove>(r#""e7e9""#).is_err());
    let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - id \"bare kings\";"
        .parse()
        .unwrap();
    let json = serde_json::to_string(&epd).unwrap();
    assert_eq!(
        serde_json::from_str::<Epd>(&json).unwrap().to_string(),
        epd.to_string()
    );
}

#[test]
fn bad_notation_is_a_deserialisation_error_with_the_parse_message() {
    let error = serde_json::from_str::<Square>(r#""z9""#).unwrap_err();
    assert!(!error.to_string().is_empty());
    let error = serde_json::from_str::<Board>(r#""8/8/8 w - -""#).unwrap_err();
    assert!(error.to_string().contains("rank"), "{error}");
    assert!(serde_json::from_str::<Square>("42").is_err());
}
