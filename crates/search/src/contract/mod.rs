//! A check of a [`Game`] (and optionally its [`Evaluator`]) against every rule the searches of
//! this crate rely on, for users who embed their own game: run it in a test before the first
//! search. It walks the tree of moves from a start position, one ply deeper at a time within a
//! node budget, then plays random games to the end, and puts every position it meets through
//! the rules of [`Rule`]: player indices below `player_count` everywhere, no moves after a
//! win, a win given to the player who made it, hashes that are deterministic, separate
//! positions and agree with `hash_after`, `visit_child`, null moves and `set_player_to_move`
//! that restore the position, distinct move keys, noisy moves among the legal ones,
//! `count_moves` that counts, move lists that do not overflow, and an evaluator that is
//! deterministic, within [`EVAL_LIMIT`](crate::score::EVAL_LIMIT) and consistent with
//! `evaluate_all`. The first rule broken comes back as a [`ContractViolation`] naming the
//! rule, the line of moves that reaches it, what was expected and what was found; a panic in
//! the game's code (a move list past its capacity above all) is caught and reported the same
//! way, with where it happened (a panic hook installed on the first check keeps the panics of
//! the checked calls quiet and passes every other panic on to the hook before it).
//!
//! ```
//! use plyforge_search::contract::{CheckOptions, check_game};
//! use plyforge_search::nim::Nim;
//!
//! let report = check_game(&Nim::new(12), &CheckOptions::default())?;
//! assert!(report.wins_by_rule > 0);
//! println!("{report}");
//! # Ok::<(), plyforge_search::contract::ContractViolation>(())
//! ```
//!
//! A game whose positions implement `PartialEq` can also be checked for equal positions with
//! different hashes ([`Rule::HashTranspositions`]) and for `visit_child` restoring the
//! position exactly, not only its hash, with [`Checker::compare_positions`]:
//!
//! ```
//! use plyforge_search::contract::{CheckOptions, Checker};
//! use plyforge_search::nim::{Nim, NimEvaluator};
//!
//! let start = Nim::new(12);
//! let report = Checker::new(&start)
//!     .evaluator(&NimEvaluator)
//!     .compare_positions()
//!     .options(CheckOptions::default().depth(6))
//!     .run()?;
//! assert!(report.evaluations > 0);
//! # Ok::<(), plyforge_search::contract::ContractViolation>(())
//! ```

mod catch;
mod options;
mod report;
mod rule;
mod walk;

pub use options::CheckOptions;
pub use report::Report;
pub use rule::{ContractViolation, Rule};

use crate::game::{Evaluator, Game};
use walk::Walk;

/// A contract check of a game from a start position, with what it may also check: an
/// evaluator, and positions compared with `==`.
pub struct Checker<'a, G: Game> {
    start: &'a G,
    evaluator: Option<&'a dyn Evaluator<G>>,
    equality: Option<fn(&G, &G) -> bool>,
    options: CheckOptions,
}

impl<'a, G: Game> Checker<'a, G> {
    /// A check of the game from `start` with the default [`CheckOptions`].
    pub fn new(start: &'a G) -> Self {
        Checker {
            start,
            evaluator: None,
            equality: None,
            options: CheckOptions::default(),
        }
    }

    /// Also checks `evaluator` in every position that has no outcome (the positions a search
    /// evaluates).
    pub fn evaluator(mut self, evaluator: &'a dyn Evaluator<G>) -> Self {
        self.evaluator = Some(evaluator);
        self
    }

    /// The depth, node budget and playouts of the check.
    pub fn options(mut self, options: CheckOptions) -> Self {
        self.options = options;
        self
    }

    /// Runs the check.
    ///
    /// # Errors
    /// The first rule broken, with the line of moves that reaches it.
    pub fn run(&self) -> Result<Report, ContractViolation> {
        Walk::new(self.evaluator, self.equality, &self.options).run(self.start)
    }
}

impl<G: Game + PartialEq> Checker<'_, G> {
    /// Also compares positions with `==`: equal positions met on different lines must have
    /// equal hashes, and `visit_child`, null moves and `set_player_to_move` must leave a
    /// position equal to what it was, not only with the same hash. `==` must then say whether
    /// two positions are the same for the game's future (counters it leaves out of the hash,
    /// such as a move number, may make equal positions compare unequal, which only makes the
    /// check see fewer of them).
    pub fn compare_positions(mut self) -> Self {
        self.equality = Some(|a: &G, b: &G| a == b);
        self
    }
}

/// Checks the game from `start` against the contract of [`Game`].
///
/// # Errors
/// The first rule broken, with the line of moves that reaches it.
pub fn check_game<G: Game>(start: &G, options: &CheckOptions) -> Result<Report, ContractViolation> {
    Checker::new(start).options(options.clone()).run()
}

/// Checks the game from `start` and `evaluator` against the contracts of [`Game`] and
/// [`Evaluator`].
///
/// # Errors
/// The first rule broken, with the line of moves that reaches it.
pub fn check_game_and_evaluator<G: Game, E: Evaluator<G>>(
    start: &G,
    evaluator: &E,
    options: &CheckOptions,
) -> Result<Report, ContractViolation> {
    Checker::new(start)
        .evaluator(evaluator)
        .options(options.clone())
        .run()
}
