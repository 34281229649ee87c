//! Serde through notation (the `serde` feature): a value is written as the text its `Display`
//! prints and read back through its `FromStr`, so a square is `"e4"`, a position its FEN, in
//! JSON as in any other format. The game crates derive their implementations from the macro
//! here, so every value type of the workspace serialises the same way.

#[doc(hidden)]
pub use serde;

/// Implements `serde::Serialize` through `Display` and `serde::Deserialize` through `FromStr`
/// for each type given; a parse error becomes the deserializer's custom error, with the
/// `FromStr` error's message.
///
/// ```
/// use core::fmt;
/// use core::str::FromStr;
///
/// #[derive(Debug, PartialEq)]
/// struct Column(u8);
/// impl fmt::Display for Column {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{}", (b'a' + self.0) as char)
///     }
/// }
/// impl FromStr for Column {
///     type Err = &'static str;
///     fn from_str(text: &str) -> Result<Self, Self::Err> {
///         match text.as_bytes() {
///             [letter @ b'a'..=b'h'] => Ok(Column(letter - b'a')),
///             _ => Err("not a column from a to h"),
///         }
///     }
/// }
/// plyforge_bitboard::serde_as_notation!(Column);
///
/// use serde::de::{IntoDeserializer, value::{Error, StrDeserializer}};
/// use serde::Deserialize;
/// let text: StrDeserializer<Error> = "c".into_deserializer();
/// assert_eq!(Column::deserialize(text), Ok(Column(2)));
/// let bad: StrDeserializer<Error> = "z".into_deserializer();
/// assert!(Column::deserialize(bad).is_err());
/// ```
#[macro_export]
macro_rules! serde_as_notation {
    ($($type:ty),+ $(,)?) => {$(
        impl $crate::notation_serde::serde::Serialize for $type {
            fn serialize<S>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error>
            where
                S: $crate::notation_serde::serde::Serializer,
            {
                serializer.collect_str(self)
            }
        }

        impl<'de> $crate::notation_serde::serde::Deserialize<'de> for $type {
            fn deserialize<D>(deserializer: D) -> ::core::result::Result<Self, D::Error>
            where
                D: $crate::notation_serde::serde::Deserializer<'de>,
            {
                struct NotationVisitor;
                impl $crate::notation_serde::serde::de::Visitor<'_> for NotationVisitor {
                    type Value = $type;
                    fn expecting(
                        &self,
                        formatter: &mut ::core::fmt::Formatter<'_>,
                    ) -> ::core::fmt::Result {
                        formatter.write_str(concat!("the notation of ", stringify!($type)))
                    }
                    fn visit_str<E>(self, text: &str) -> ::core::result::Result<$type, E>
                    where
                        E: $crate::notation_serde::serde::de::Error,
                    {
                        text.parse().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(NotationVisitor)
            }
        }
    )+};
}
