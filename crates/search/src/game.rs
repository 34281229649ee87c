//! The `Game` trait: the rules of a game as the searches see them, for 2 to 6 players, and the
//! `Evaluator` trait that scores positions, kept apart from the rules so that one game can be
//! searched with several evaluations.
//!
//! A simple game implements six methods (`player_to_move`, `generate_moves`, `play`,
//! `outcome_by_rule`, `hash`, `move_key`); everything else is an optional hook with a default that turns the matching
//! technique off. Every search reaches a child position through [`Game::visit_child`]: by
//! copy-make (`Clone` + `play`) by default, or in place where the game overrides it to play and
//! take back, so a game that takes moves back has to write its own take-back to get there.

use crate::moves::MoveBuffer;
use crate::score::Score;
use core::fmt::Debug;

/// The most players the searches handle.
pub const MAX_PLAYERS: usize = 6;

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

    /// Whether [`Game::visit_child`] copies the position (the default). The alpha-beta search
    /// then builds each child one move ahead, when it also has to be copied anyway, and starts
    /// loading its table bucket early. Set it to `false` when you override `visit_child` to
    /// play and take back in place: a copy made only for that would cost more than it saves.
    /// It changes speed only, never a result.
    const COPY_MAKE: bool = true;

    /// Whether the same position recurring is a draw (chess, TicTacChess). The searches then
    /// score a position that repeats one on the current search path, or one of the game's
    /// earlier positions that the caller hands to the search (their hashes: the history lives
    /// with the caller, so a copy-make position stays small), as a draw. Games with no
    /// repetition rule (Sternhalma) leave it `false`.
    const REPETITION_DRAWS: bool = false;

    /// How many distinct [`Game::continuation_key`]s the game has (their tables grow with its
    /// square). The default 0 turns the countermove and continuation-history heuristics off.
    const CONTINUATION_KEYS: usize = 0;

    /// The number of players, 2 to 6 for the searches of this crate.
    #[inline]
    fn player_count(&self) -> usize {
        2
    }

    /// The player to move, from 0.
    fn player_to_move(&self) -> usize;

    /// Appends every legal move to `moves` (which the caller has cleared). A position that is
    /// over by the rules of play (a line made, a player home, checkmate) has no moves. Draws by
    /// rule (repetition, move limits) do not remove moves: they belong to
    /// [`Game::outcome_by_rule`].
    fn generate_moves(&self, moves: &mut Self::Moves);

    /// Plays a legal move of the player to move.
    fn play(&mut self, mv: Self::Move);

    /// Plays `mv`, lets `visit` look at the position after it, and leaves `self` as it was:
    /// the one way every search goes down a move. The default plays on a copy (copy-make).
    /// A game whose moves are cheaper to take back than its position is to copy overrides it to
    /// play, visit and take back in place (and sets [`Game::COPY_MAKE`] to `false`):
    ///
    /// ```
    /// use plyforge_search::{Game, MoveList, Outcome, perft};
    ///
    /// /// Stones on a heap; each player adds 1 or 2; whoever reaches 10 wins. The list of moves
    /// /// played stands for a big position: copying it costs, taking a move back does not.
    /// #[derive(Clone, Default)]
    /// struct Heap { played: Vec<u8>, total: u8 }
    ///
    /// impl Game for Heap {
    ///     type Move = u8;
    ///     type Moves = MoveList<u8, 2>;
    ///     const COPY_MAKE: bool = false;
    ///
    ///     fn player_to_move(&self) -> usize { self.played.len() % 2 }
    ///     fn generate_moves(&self, moves: &mut Self::Moves) {
    ///         if self.total < 10 { moves.extend([1, 2]) }
    ///     }
    ///     fn play(&mut self, mv: u8) { self.played.push(mv); self.total += mv; }
    ///     fn visit_child<R>(&mut self, mv: u8, visit: impl FnOnce(&mut Self) -> R) -> R {
    ///         self.play(mv);
    ///         let result = visit(self);
    ///         self.played.pop();
    ///         self.total -= mv;
    ///         result
    ///     }
    ///     fn outcome_by_rule(&self) -> Option<Outcome> {
    ///         (self.total >= 10).then(|| Outcome::Win(1 - self.player_to_move()))
    ///     }
    ///     fn hash(&self) -> u64 { u64::from(self.total) << 1 | self.player_to_move() as u64 }
    ///     fn move_key(mv: u8) -> u16 { mv.into() }
    /// }
    ///
    /// let mut heap = Heap::default();
    /// assert_eq!(perft(&heap, 2), 4);
    /// assert_eq!(heap.visit_child(2, |child| child.total), 2);
    /// assert_eq!(heap.total, 0); // taken back
    /// ```
    #[inline(always)]
    fn visit_child<R>(&mut self, mv: Self::Move, visit: impl FnOnce(&mut Self) -> R) -> R {
        let mut child = self.clone();
        child.play(mv);
        visit(&mut child)
    }

    /// [`Game::visit_child`], telling `announce` the [`Game::hash`] of the position after `mv`
    /// as soon as it is known: the search starts loading the child's transposition-table
    /// bucket there, so that the load overlaps the rest of the move's work. The default
    /// announces at the start of `visit`; a game whose `visit_child` works on after the hash is
    /// known (an evaluation updated move by move, say) overrides it to announce before that
    /// work.
    #[inline(always)]
    fn visit_child_announcing<R>(
        &mut self,
        mv: Self::Move,
        announce: impl FnOnce(u64),
        visit: impl FnOnce(&mut Self) -> R,
    ) -> R {
        self.visit_child(mv, |child| {
            announce(child.hash());
            visit(child)
        })
    }

    /// The result decided at this position without looking at the moves: a line made, a
    /// player home, a draw by rule (50 moves, a move limit, insufficient material). Not the
    /// whole answer: positions where [`Game::generate_moves`] finds nothing (checkmate,
    /// stalemate) go through [`Game::outcome_without_moves`], so a game's own `outcome` (such
    /// as chess's `Board::outcome`) may say more.
    fn outcome_by_rule(&self) -> Option<Outcome>;

    /// The result when the player to move has no legal move and [`Game::outcome_by_rule`] said
    /// nothing: a draw by default (stalemate); chess reports a checkmate here.
    #[inline]
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }

    /// The result if the game is over at this position, the way a game loop asks it: the
    /// result by rule ([`Game::outcome_by_rule`], draws by rule included), or, when the player
    /// to move has no legal move, [`Game::outcome_without_moves`]; `None` while the game goes
    /// on. (Repetitions need the game's history, which a position does not hold: a loop that
    /// keeps it, as an `Arena` does, checks them itself.)
    ///
    /// ```
    /// use plyforge_search::{Game, Outcome, nim::Nim};
    /// let mut nim = Nim::new(2);
    /// assert_eq!(nim.outcome(), None);
    /// nim.play(2);
    /// assert_eq!(nim.outcome(), Some(Outcome::Win(0)));
    /// ```
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.outcome_by_rule() {
            return Some(outcome);
        }
        (self.count_moves() == 0).then(|| self.outcome_without_moves())
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

    /// The [`Game::hash`] of the position after `mv`, if the game can tell without playing it (e.g.
    /// from incremental Zobrist keys). A game that gives it has the transposition-table buckets of
    /// all children of a node asked for at once, as soon as the moves are generated, so that the
    /// children's probes find them in the cache (it pays most where the table does not stay in the
    /// caches, and little where the game's own work per node dominates). Without it (`None`, the
    /// default) a copy-make game has each child built one move early for its bucket, and a game
    /// that takes moves back in place ([`Game::COPY_MAKE`] false) has no prefetch. It must equal
    /// `hash()` after `play(mv)`.
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

    /// Whether `mv` puts the opponent in check, told before it is played. Futility and
    /// exchange pruning keep checking moves (late-move pruning drops them with the other quiet
    /// moves). The default `false` prunes them like any other move.
    #[inline]
    fn gives_check(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// A small code of what `mv` moves where, below [`Game::CONTINUATION_KEYS`]: in chess the
    /// piece with its colour and the target square. The countermove and continuation-history
    /// heuristics remember quiet moves by it: which move refuted which, and which move is good
    /// one and two plies after which. Called before `mv` is played.
    #[inline]
    fn continuation_key(&self, mv: Self::Move) -> u32 {
        let _ = mv;
        0
    }

    /// Whether `mv` wins at least `threshold` (in evaluation units) once the exchange it starts
    /// is played out (static exchange evaluation: in chess, both sides capturing on the
    /// destination square with their least valuable pieces). The search orders the noisy moves
    /// that fail `threshold` 0 after the quiet ones, skips them in quiescence search, and skips
    /// moves that lose more than a margin at low depth. The default `true` (nothing known)
    /// turns all of that off.
    #[inline]
    fn static_exchange_at_least(&self, mv: Self::Move, threshold: Score) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// Whether the player to move is in check (or faces another threat the search should look
    /// at one ply deeper). Such nodes are extended, never pruned by null move, and not reduced.
    #[inline]
    fn in_check(&self) -> bool {
        false
    }

    /// Passes the turn to the next player (a null move) where that is a sound test of the
    /// position, lets `visit` look at the position after the pass, leaves `self` as it was and
    /// returns what `visit` returned; `None` where passing proves nothing (zugzwang-prone
    /// positions such as chess endings with pawns only, or a player in check). Null-move
    /// pruning asks for it; the default `None` turns it off.
    #[inline]
    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        let _ = visit;
        None
    }

    /// Makes `player` the player to move as if the players in between had passed, for
    /// best-reply search. Returns `false` (the default) when the game cannot do that. The
    /// search hands the turn around in place, also in a position it visits with
    /// [`Game::visit_child`], and sets the player it found back before it leaves: setting the
    /// player back must restore the position exactly.
    #[inline]
    fn set_player_to_move(&mut self, player: usize) -> bool {
        let _ = player;
        false
    }

    /// A key of the part of the position whose misjudgement by the evaluation carries over to
    /// other positions (in chess, a hash of the pawns), for the correction history: the search
    /// corrects the static evaluation of a position by how far searches of earlier positions
    /// with the same key found theirs off. The default `None` turns the correction off.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        None
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
