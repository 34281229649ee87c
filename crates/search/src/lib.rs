//! Game-tree search for any game: implement [`Game`] for your rules and an [`Evaluator`] for
//! your positions, and every search of this crate works on them.
//!
//! A [`Searcher`] runs iterative-deepening alpha-beta with principal variation search,
//! aspiration windows, a lock-free transposition table, null-move pruning, late-move
//! reductions, killer and history ordering, quiescence search and check extensions, each
//! switchable in its [`Config`]; limits by depth, nodes, soft and hard time and a [`StopFlag`];
//! Lazy SMP threads; and two team models: two-player negamax and paranoid search for 2 to 6
//! players ([`Mode`]).
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

mod alphabeta;
mod config;
mod game;
mod limits;
mod moves;
pub mod multiplayer;
pub mod nim;
mod ordering;
mod perft;
mod report;
pub mod score;
mod search;
mod thread;
mod tt;

pub use config::{Config, Mode};
pub use game::{Evaluator, Game, Outcome};
pub use limits::{Limits, StopFlag};
pub use moves::{ArrayVec, MoveBuffer, MoveList};
pub use perft::{divide, perft};
pub use report::{Info, SearchError, SearchResult};
pub use score::Score;
pub use search::{MAX_PLAYERS, Searcher};
