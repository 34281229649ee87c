//! The `Game` trait: the rules of a game as the searches see them, for 2 to 6 players, and the
//! `Evaluator` trait that scores positions, kept apart from the rules so that one game can be
//! searched with several evaluations.
//!
//! A simple game implements six methods (`player_to_move`, `generate_moves`, `play`, `outcome`,
//! `hash`, `move_key`); everything else is an optional hook with a default that turns the matching
//! technique off. The searches work by copy-make (`Clone` + `play`) unless the game sets
//! [`Game::UNDO`] and implements [`Game::undo`], in which case they play and undo in place.

use crate::moves::MoveBuffer;
use crate::score::Score;
use core::fmt::Debug;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player with this index (from 0, in turn order) won.
    Win(usize),
    /// Nobody won.
    Draw,
}

/// The rules of a game, for the searches.
///
/// Players are numbered from 0 in turn order. Scores and outcomes are always given from a named
/// player's view, so the same game serves two-player negamax and the multi-player searches.
pub trait Game: Clone + Send + 'static {
    /// A move. Small and `Copy`: the searches store many of them.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The list that move generation writes into: a [`MoveList`](crate::MoveList) sized for the
    /// game's worst case, or a `Vec`.
    type Moves: MoveBuffer<Self::Move>;

    /// Whether the searches should call [`Game::undo`] after [`Game::play`] instead of cloning
    /// the position before each move. Set it when `undo` is cheaper than `clone`.
    const UNDO: bool = false;

    /// Whether the same position recurring is a draw (chess, TicTacChess). The searches then
    /// score a position that repeats one on the current search path, or one of the game's
    /// earlier positions that the caller hands to the search (their hashes: the history lives
    /// with the caller, so a copy-make position stays small), as a draw. Games with no
    /// repetition rule (Sternhalma) leave it `false`.
    const REPETITION_DRAWS: bool = false;

    /// The number of players, 2 to 6 for the searches of this crate.
    #[inline]
    fn player_count(&self) -> usize {
        2
    }

    /// The player to move, from 0.
    fn player_to_move(&self) -> usize;

    /// Appends every legal move to `moves` (which the caller has cleared). A position that is
    /// over by the rules of play (a line made, a player home, checkmate) has no moves. Draws by
    /// rule (repetition, move limits) do not remove moves: they belong to [`Game::outcome`].
    fn generate_moves(&self, moves: &mut Self::Moves);

    /// Plays a legal move of the player to move.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played. Called only when [`Game::UNDO`] is `true`; the
    /// default is never called.
    #[inline]
    fn undo(&mut self, mv: Self::Move) {
        let _ = mv;
        unreachable!("Game::undo called on a game that does not set Game::UNDO");
    }

    /// The result if the game is over at this position without looking at the moves: a line
    /// made, a player home, a draw by rule (50 moves, a move limit, insufficient material).
    /// Positions where [`Game::generate_moves`] finds nothing are resolved by
    /// [`Game::outcome_without_moves`] instead.
    fn outcome(&self) -> Option<Outcome>;

    /// The result when the player to move has no legal move and [`Game::outcome`] said nothing:
    /// a draw by default (stalemate); chess reports a checkmate here.
    #[inline]
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }

    /// A 64-bit hash of everything that decides the future of the game (the position, the player
    /// to move, rights). The transposition table and repetition detection rely on it.
    fn hash(&self) -> u64;

    /// A 16-bit code for `mv`, unique among the legal moves of any one position. The
    /// transposition table stores it; a stored code is only used after it matched a generated
    /// move, so a stale or colliding entry can never make the search play an illegal move.
    fn move_key(mv: Self::Move) -> u16;

    // ------------------------------------------------------------------------------------------
    // Optional hooks. Each default turns its technique off or makes it neutral.

    /// The number of legal moves; perft counts the last ply with it. Override when the game can
    /// count without generating (e.g. popcounts of destination sets).
    #[inline]
    fn count_moves(&self) -> u64 {
        let mut moves = Self::Moves::default();
        self.generate_moves(&mut moves);
        moves.len() as u64
    }

    /// Appends the noisy moves (captures, promotions: the moves quiescence search follows).
    /// The default appends none, which turns quiescence search into a plain evaluation.
    #[inline]
    fn generate_noisy_moves(&self, moves: &mut Self::Moves) {
        let _ = moves;
    }

    /// Whether `mv` is noisy. Noisy moves are ordered first and are never reduced; quiet moves
    /// feed the killer and history tables.
    #[inline]
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// The [`Game::hash`] of the position after `mv`, if the game can tell without playing it
    /// (e.g. from incremental Zobrist keys). A game that gives it has the transposition-table
    /// buckets of all children of a node asked for at once, as soon as the moves are generated,
    /// so that the children's probes find them in the cache (what it gains depends on the game
    /// and the table size: docs/measurements.md). Without it (`None`, the default) a copy-make game has
    /// each child built one move early for its bucket, and a make/unmake game ([`Game::UNDO`])
    /// has no prefetch. It must equal `hash()` after `play(mv)`.
    #[inline]
    fn hash_after(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }

    /// A hint for ordering `mv`, higher first (e.g. victim value × 16 − attacker value for a
    /// capture). Applied after the transposition-table move and before killers and history.
    #[inline]
    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether the player to move is in check (or faces another threat the search should look
    /// at one ply deeper). Such nodes are extended, never pruned by null move, and not reduced.
    #[inline]
    fn in_check(&self) -> bool {
        false
    }

    /// Whether passing the turn (a null move) is a sound test here: `false` in zugzwang-prone
    /// positions (chess with pawns only) or for games where passing is never safe. The default
    /// `false` turns null-move pruning off.
    #[inline]
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// Passes the turn to the next player. Only called when [`Game::null_move_allowed`] is true.
    #[inline]
    fn play_null(&mut self) {}

    /// Takes back [`Game::play_null`]. Only called when [`Game::UNDO`] is `true`.
    #[inline]
    fn undo_null(&mut self) {}

    /// Makes `player` the player to move as if the players in between had passed, for
    /// best-reply search. Returns `false` (the default) when the game cannot do that.
    #[inline]
    fn set_player_to_move(&mut self, player: usize) -> bool {
        let _ = player;
        false
    }

    /// How many plies back a repetition can reach from this position (the 50-move counter in
    /// chess). Only read when [`Game::REPETITION_DRAWS`] is set.
    #[inline]
    fn reversible_plies(&self) -> usize {
        usize::MAX
    }
}

/// Scores positions for the searches. A position is scored from the view of `player`: higher is
/// better for that player, and the score must lie within
/// `-EVAL_LIMIT..=EVAL_LIMIT` ([`score::EVAL_LIMIT`](crate::score::EVAL_LIMIT)).
///
/// The searches never evaluate a position that has an [`Outcome`].
pub trait Evaluator<G: Game>: Send + Sync {
    /// The score of `game` for `player`.
    fn evaluate(&self, game: &G, player: usize) -> Score;

    /// The score of `game` for every player at once (max^n search). The default calls
    /// [`Evaluator::evaluate`] once per player; override it when one pass can score everyone.
    #[inline]
    fn evaluate_all(&self, game: &G, scores: &mut [Score]) {
        for (player, score) in scores.iter_mut().enumerate() {
            *score = self.evaluate(game, player);
        }
    }
}

/// Any `Fn(&G, usize) -> Score` is an evaluator.
impl<G: Game, F: Fn(&G, usize) -> Score + Send + Sync> Evaluator<G> for F {
    #[inline]
    fn evaluate(&self, game: &G, player: usize) -> Score {
        self(game, player)
    }
}
