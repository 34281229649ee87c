//! Game-tree search for any game: implement [`Game`] for your rules and an [`Evaluator`] for
//! your positions, and every search of this crate works on them.
//!
//! [`best_move`] picks a move in one call; a [`Searcher`] runs the [`Algorithm`] its
//! [`Config`] names, with one kind of limits (depth, nodes, soft and hard time, a [`StopFlag`]),
//! progress report ([`Info`]), result ([`SearchResult`]) and error ([`SearchError`]) for all:
//! iterative-deepening alpha-beta for two players or paranoid for 2 to 6, with principal
//! variation search, aspiration windows, a lock-free transposition table, null-move pruning,
//! late-move reductions, killer, history and capture-history ordering, a correction history
//! of the static evaluation, quiescence search and check extensions, each switchable, on Lazy
//! SMP threads; max^n, Best-Reply Search and BRS+ for 2 to 6 players; and Monte Carlo tree
//! search ([`mcts`] has its settings and its lower-level interface, with
//! rollout policies of the game's own). [`perft`] and [`divide`] count
//! the move tree of any game; [`retrograde::solve`] solves a whole, perfectly indexed state
//! space backwards from its ends; [`proof`] decides whether a player can force a win within a
//! number of plies. A [`Player`] chooses moves (a [`SearchPlayer`] of any algorithm, a
//! [`RandomPlayer`], a closure), and an [`Arena`] plays players against each other on threads,
//! seats rotated, with each one's score and its 95 % interval.
//!
//! A whole game in a few lines: a race to 21, each player adding 1, 2 or 3; whoever reaches
//! 21 wins.
//!
//! ```
//! use plyforge_search::{Config, Game, Limits, MoveList, Outcome, Score, Searcher};
//! use plyforge_search::score::win_in;
//!
//! #[derive(Clone)]
//! struct Race { total: u32, to_move: usize }
//!
//! impl Game for Race {
//!     type Move = u32; // how much to add
//!     type Moves = MoveList<u32, 3>;
//!
//!     fn player_to_move(&self) -> usize { self.to_move }
//!     fn generate_moves(&self, moves: &mut Self::Moves) {
//!         if self.total < 21 {
//!             moves.extend((1..=3).filter(|step| self.total + step <= 21));
//!         }
//!     }
//!     fn play(&mut self, step: u32) {
//!         self.total += step;
//!         self.to_move ^= 1;
//!     }
//!     fn outcome_by_rule(&self) -> Option<Outcome> {
//!         // The player who just moved reached 21.
//!         (self.total == 21).then_some(Outcome::Win(self.to_move ^ 1))
//!     }
//!     fn hash(&self) -> u64 { (self.total as u64) << 1 | self.to_move as u64 }
//!     fn move_key(step: u32) -> u16 { step as u16 }
//! }
//!
//! // A neutral evaluation: the search must find the wins by itself.
//! let evaluator = |_: &Race, _: usize| -> Score { 0 };
//! let mut searcher = Searcher::new(Config::default());
//! let start = Race { total: 0, to_move: 0 };
//! let result = searcher
//!     .search(&start, &evaluator, &Limits::depth(24), &[], |info| {
//!         println!("depth {} score {} pv {:?}", info.depth, info.score, info.pv);
//!     })
//!     .unwrap();
//! // Leave a multiple of 4 to the opponent: 1, then answer x with 4 - x, win on move 11.
//! assert_eq!(result.best_move, 1);
//! assert_eq!(result.score, win_in(11));
//! ```
// `unsafe` only for the transposition table's memory: its prefetch (tt.rs), a hint that changes
// no value, and its own mapping on huge pages (pages.rs: mmap, madvise, the slice over the
// zeroed mapping, munmap); each block says why it is sound and has a test that runs it.
#![deny(unsafe_code)]

mod algorithm;
mod arena;
mod checks;
mod clock;
mod config;
pub mod contract;
mod correction;
mod eval_cache;
mod game;
mod limits;
mod maxn;
pub mod mcts;
mod movepick;
mod moves;
mod multiplayer;
pub mod nim;
mod node;
mod node_type;
mod ordering;
mod pages;
mod parameters;
mod perft;
mod player;
pub mod proof;
mod pv;
mod quiescence;
mod report;
pub mod retrograde;
pub mod score;
mod score_vector;
mod searcher;
mod techniques;
mod threads;
mod tt;
mod worker;

pub use algorithm::{Algorithm, ParseAlgorithmError};
pub use arena::{
    Arena, Entrant, Forfeit, GameEnd, GameRecord, MatchError, MatchResult, Opening, Progress,
    REPETITION_LIMIT, Standing, every_assignment, rotations, wilson_interval,
};
pub use config::{Config, TableSizeError};
pub use game::{Evaluator, Game, MAX_PLAYERS, Outcome};
pub use limits::{Limits, SoftDeadline, StopFlag};
pub use moves::{MoveBuffer, MoveList, MoveListIntoIter};
pub use parameters::{ParameterError, ParameterSpec, SearchParameters};
pub use perft::{divide, perft, perft_until};
pub use player::{HumanPlayer, MoveNamer, Player, PlayerError, RandomPlayer, SearchPlayer};
pub use report::{Info, Line, RootMove, ScoreBound, SearchError, SearchResult};
pub use score::Score;
pub use score_vector::ScoreVector;
pub use searcher::{BEST_MOVE_DEFAULT_TIME, EAGER_BACKING_MIB, Searcher, best_move};
pub use techniques::Techniques;

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
