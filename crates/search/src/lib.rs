//! Game-tree search for any game: implement [`Game`] for your rules and an [`Evaluator`] for
//! your positions, and every search of this crate works on them.
//!
//! ```
//! use plyforge_search::{nim::Nim, perft, Game, Outcome};
//!
//! let mut game = Nim::new(5);
//! assert_eq!(perft(&game, 2), 3 + 3 + 2);
//! game.play(3);
//! game.play(2);
//! assert_eq!(game.outcome(), Some(Outcome::Win(1)));
//! ```
#![forbid(unsafe_code)]

mod game;
mod moves;
pub mod multiplayer;
pub mod nim;
mod perft;
pub mod score;

pub use game::{Evaluator, Game, Outcome};
pub use moves::{ArrayVec, MoveBuffer, MoveList};
pub use perft::{divide, perft};
pub use score::Score;
