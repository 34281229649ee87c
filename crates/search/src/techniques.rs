//! The techniques of the alpha-beta searches, each a switch in one set: users find out what
//! helps their game by switching one off, and tests compare a search with a technique against
//! one without it. Best-reply search reads the table, killer, PVS and ordering-hint switches
//! too. The set is declared once here; its names (`iter_names`, `from_name`) serve command
//! lines and the lab's drivers.

use bitflags::bitflags;

bitflags! {
    /// A set of search techniques. [`Techniques::DEFAULT`] is the default of
    /// [`Config`](crate::Config); [`Techniques::EXACT`], [`Techniques::SELECTIVE`] and the empty
    /// set are the other starting points.
    ///
    /// ```
    /// use plyforge_search::Techniques;
    /// let without_lmr = Techniques::DEFAULT - Techniques::LMR;
    /// assert!(without_lmr.contains(Techniques::NULL_MOVE));
    /// assert_eq!(Techniques::from_name("LMR"), Some(Techniques::LMR));
    /// // Every technique by name, in declaration order.
    /// assert_eq!(Techniques::all().iter_names().count(), 28);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Techniques: u32 {
        /// Iterative deepening: search depth 1, 2, 3, … up to the limit, each iteration
        /// ordering the next. Off: the depth limit is searched at once (a plain fixed-depth
        /// search; time and node limits and the stop flag then have no completed iteration to
        /// fall back on, so that one iteration always runs to its end), and a search without a
        /// depth limit returns [`SearchError::DepthLimitRequired`](crate::SearchError::DepthLimitRequired).
        const ITERATIVE_DEEPENING = 1 << 0;
        /// The transposition table (probe, cut-offs, move ordering). Off: nothing is stored.
        const TT = 1 << 1;
        /// Principal variation search: later moves first get a null window.
        const PVS = 1 << 2;
        /// Aspiration windows around the previous iteration's score (at first
        /// [`SearchParameters::aspiration_window`](crate::SearchParameters::aspiration_window)
        /// wide either way).
        const ASPIRATION = 1 << 3;
        /// Null-move pruning, only where [`Game::visit_null_move`](crate::Game::visit_null_move)
        /// passes.
        const NULL_MOVE = 1 << 4;
        /// Late-move reductions of quiet moves ordered late.
        const LMR = 1 << 5;
        /// Killer moves (two quiet cut-off moves per ply).
        const KILLERS = 1 << 6;
        /// The history heuristic: quiet moves that caused cut-offs before are tried earlier.
        const HISTORY = 1 << 7;
        /// The countermove heuristic: the quiet move that last refuted the previous move is
        /// tried right after the killers (only where the game gives
        /// [`Game::continuation_key`](crate::Game::continuation_key)). Off by default: chess
        /// self-play showed no gain.
        const COUNTERMOVE = 1 << 8;
        /// Continuation history: quiet moves are also ordered by how often they refuted the
        /// last move and the move before it (only where the game gives
        /// [`Game::continuation_key`](crate::Game::continuation_key)). In
        /// [`Techniques::SELECTIVE`].
        const CONTINUATION_HISTORY = 1 << 9;
        /// Capture history: noisy moves are also ordered by how often the same piece taking on
        /// the same square caused a cut-off (only where the game gives
        /// [`Game::continuation_key`](crate::Game::continuation_key)).
        const CAPTURE_HISTORY = 1 << 10;
        /// [`Game::move_order_hint`](crate::Game::move_order_hint) orders moves.
        const ORDER_HINTS = 1 << 11;
        /// The static evaluation is corrected by how far searches of positions with the same
        /// [`Game::correction_key`](crate::Game::correction_key) found theirs off, before the
        /// pruning and quiescence search read it (only where the game gives the key).
        const CORRECTION_HISTORY = 1 << 12;
        /// Each thread keeps the static evaluations of the positions it evaluated last, by
        /// [`Game::hash`](crate::Game::hash). Changes no value where the hash covers everything
        /// the evaluation reads.
        const EVAL_CACHE = 1 << 13;
        /// Quiescence search over
        /// [`Game::generate_noisy_moves`](crate::Game::generate_noisy_moves).
        const QUIESCENCE = 1 << 14;
        /// One ply deeper where [`Game::in_check`](crate::Game::in_check) says so.
        const CHECK_EXTENSION = 1 << 15;
        /// Mate-distance pruning: a node cannot score better than a win right there or worse
        /// than a loss right there, so its window shrinks to that (never changes a value).
        const MATE_DISTANCE = 1 << 16;
        /// Reverse futility pruning: at shallow non-PV nodes whose static evaluation beats
        /// beta by a margin per ply, return the evaluation. Its margins suit evaluations on a
        /// centipawn scale in games with noisy and quiet moves (chess): in
        /// [`Techniques::SELECTIVE`], not in the default.
        const REVERSE_FUTILITY = 1 << 17;
        /// Futility pruning: at shallow nodes whose static evaluation plus a margin per ply
        /// cannot reach alpha, skip the quiet moves; in quiescence search, skip a capture
        /// whose exchange cannot lift the stand-pat score to alpha (centipawn margins, as
        /// above).
        const FUTILITY = 1 << 18;
        /// Late-move pruning: at shallow nodes, skip the quiet moves ordered after a number
        /// that grows with the depth (move counts tuned for chess, as above).
        const LATE_MOVE_PRUNING = 1 << 19;
        /// Internal iterative reduction: a node without a table move is searched a ply
        /// shallower (its move ordering is poor; the next iteration finds the table filled).
        /// Off everywhere by default: chess self-play showed no gain.
        const INTERNAL_ITERATIVE_REDUCTION = 1 << 20;
        /// Static exchange evaluation through
        /// [`Game::static_exchange_at_least`](crate::Game::static_exchange_at_least): losing
        /// noisy moves ordered after the quiet ones and skipped in quiescence search, and moves
        /// that lose more than a margin skipped at shallow depth.
        const STATIC_EXCHANGE = 1 << 21;
        /// Singular extensions: the table move gets a ply more where a shallower search without
        /// it shows every other move failing well below its score, and a node where even the
        /// others reach beta is cut. Needs the depth of longer games to pay: in
        /// [`Techniques::SELECTIVE`].
        const SINGULAR_EXTENSION = 1 << 22;
        /// Reverse futility pruning, futility pruning and the null move's condition read the
        /// table's score instead of the static evaluation where the table's bound says the
        /// evaluation is wrong. Through the null move it loses forced wins in games of quiet
        /// moves only (Connect Four): in [`Techniques::SELECTIVE`].
        const TABLE_SCORE_PRUNING = 1 << 23;
        /// Late quiet moves of a null-window node expected to fail high (a cut node: the
        /// first child of a node expected to fail low, or a reduced move's child) are reduced
        /// [`SearchParameters::lmr_cut_node`](crate::SearchParameters::lmr_cut_node) plies
        /// more. It hides wins from fixed-depth searches of games of quiet moves only
        /// (Connect Four): in [`Techniques::SELECTIVE`].
        const CUT_NODE_REDUCTION = 1 << 24;
        /// Quiescence search reads the transposition table (a cut-off by any stored result,
        /// the stored move first) and stores its own results at depth 0 where the table
        /// holds nothing of the position. Needs [`Techniques::TT`].
        const QUIESCENCE_TABLE = 1 << 25;
        /// History pruning: at shallow nodes, skip the quiet moves whose history says they
        /// have failed again and again (margins tuned for chess: in [`Techniques::SELECTIVE`]).
        const HISTORY_PRUNING = 1 << 26;
        /// Late-move reductions of noisy moves ordered late that lose their exchange
        /// ([`Game::static_exchange_at_least`](crate::Game::static_exchange_at_least)).
        const LOSING_NOISY_REDUCTION = 1 << 27;
    }
}

impl Techniques {
    /// The default: every technique except the selective ones for chess-like games (see
    /// [`Techniques::SELECTIVE`]), the countermove heuristic, the continuation history and
    /// internal iterative reduction.
    pub const DEFAULT: Techniques = Techniques::all()
        .difference(Techniques::COUNTERMOVE)
        .difference(Techniques::CONTINUATION_HISTORY)
        .difference(Techniques::REVERSE_FUTILITY)
        .difference(Techniques::FUTILITY)
        .difference(Techniques::LATE_MOVE_PRUNING)
        .difference(Techniques::INTERNAL_ITERATIVE_REDUCTION)
        .difference(Techniques::SINGULAR_EXTENSION)
        .difference(Techniques::TABLE_SCORE_PRUNING)
        .difference(Techniques::CUT_NODE_REDUCTION)
        .difference(Techniques::HISTORY_PRUNING);

    /// Every technique that never changes the value of a fixed-depth search: alpha-beta, PVS,
    /// aspiration, the transposition table, move ordering and mate-distance pruning; null move,
    /// LMR, the pruning, quiescence and extensions off. A depth-`d` search then returns exactly
    /// the minimax value at depth `d` (the transposition table may add knowledge from deeper
    /// searches of transposed positions).
    pub const EXACT: Techniques = Techniques::DEFAULT
        .difference(Techniques::NULL_MOVE)
        .difference(Techniques::LMR)
        .difference(Techniques::QUIESCENCE)
        .difference(Techniques::CHECK_EXTENSION)
        .difference(Techniques::STATIC_EXCHANGE)
        .difference(Techniques::LOSING_NOISY_REDUCTION);

    /// The default with the selective techniques for games like chess, with noisy and quiet
    /// moves and an evaluation on a centipawn scale (a pawn about 100), which games showed
    /// help in chess: reverse futility, futility and late-move pruning, singular extensions,
    /// the continuation history, the table's score in the pruning, the cut nodes' deeper
    /// reductions and history pruning.
    pub const SELECTIVE: Techniques = Techniques::DEFAULT
        .union(Techniques::CUT_NODE_REDUCTION)
        .union(Techniques::REVERSE_FUTILITY)
        .union(Techniques::FUTILITY)
        .union(Techniques::LATE_MOVE_PRUNING)
        .union(Techniques::CONTINUATION_HISTORY)
        .union(Techniques::SINGULAR_EXTENSION)
        .union(Techniques::TABLE_SCORE_PRUNING)
        .union(Techniques::HISTORY_PRUNING);

    /// A technique's name in kebab case (`null-move`, `lmr`), as command lines write it; the
    /// names of the set's flags joined by `+` for several.
    ///
    /// ```
    /// use plyforge_search::Techniques;
    /// assert_eq!(Techniques::NULL_MOVE.kebab_name(), "null-move");
    /// for (_, technique) in Techniques::all().iter_names() {
    ///     assert_eq!(Techniques::from_kebab_name(&technique.kebab_name()), Some(technique));
    /// }
    /// ```
    pub fn kebab_name(self) -> String {
        self.iter_names()
            .map(|(name, _)| name.to_ascii_lowercase().replace('_', "-"))
            .collect::<Vec<_>>()
            .join("+")
    }

    /// The one technique called `name` in kebab case (see [`Techniques::kebab_name`]).
    pub fn from_kebab_name(name: &str) -> Option<Techniques> {
        Techniques::from_name(&name.to_ascii_uppercase().replace('-', "_"))
    }
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::DEFAULT
    }
}
