//! The standard FEN castling field: every set of rights round-trips, and random text never panics.

use plyforge_chess::CastleRights;
use proptest::prelude::*;

#[test]
fn every_set_of_rights_round_trips() {
    for bits in 0..16u8 {
        let rights = CastleRights::from_bits_truncate(bits);
        let text = rights.to_string();
        assert_eq!(text.parse::<CastleRights>(), Ok(rights), "{text}");
    }
    for bad in ["", "--", "KK", "kQ", "KQkqK", "x", "K-"] {
        assert!(bad.parse::<CastleRights>().is_err(), "{bad:?}");
    }
}

proptest! {
    #[test]
    fn random_text_never_panics(text in "[KQkq\\-x ]{0,6}") {
        if let Ok(rights) = text.parse::<CastleRights>() {
            prop_assert_eq!(rights.to_string(), text);
        }
    }
}
