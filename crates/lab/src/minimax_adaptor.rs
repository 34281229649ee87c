//! Connect Four 7x6 through the `minimax` crate's (0.6) traits, so that the benchmark
//! (`benches/connect_four.rs`), the profiling driver (`search_profile`) and the match
//! (`connect_four_match`) run the very same game, evaluation and move order through both
//! engines.

use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
use plyforge_search::Techniques;
use plyforge_search::{Config, Evaluator as _, Game as _, Outcome};

/// The 7x6 board both engines search.
pub type Board = ConnectFour<Columns7x6>;

/// Columns from the centre out: the move order both engines see (ours from the hint).
pub const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// minimax's aspiration window, in evaluation units (ours is
/// `SearchParameters::aspiration_window`, 50).
pub const ASPIRATION_WINDOW: i16 = 50;

/// Depth of the plain alpha-beta comparison (no table: exponential).
pub const PLAIN_DEPTH: u8 = 8;
/// Depth of the iterative-deepening comparison.
pub const ITERATIVE_DEPTH: u8 = 12;
/// minimax's null-move reduction in its full configuration ([`minimax_full_options`]).
pub const MINIMAX_NULL_MOVE_REDUCTION: u8 = 3;
/// Transposition table size for both engines, MiB.
pub const TT_MIB: usize = 16;

/// Table sizes, MiB, of the benchmark's comparison across table sizes: one that stays in this
/// machine's caches (its level 2 cache is 1 MiB per core) and one well beyond its 32 MiB level
/// 3 cache, beside the main comparison's [`TT_MIB`].
pub const TABLE_SWEEP_MIB: [usize; 2] = [1, 64];

/// minimax's options for its iterative search: a table of [`TT_MIB`], null-window search and
/// aspiration (the rest at its defaults).
pub fn minimax_options() -> minimax::IterativeOptions {
    minimax_options_with_table(TT_MIB)
}

/// [`minimax_options`] with a table of `table_mib` MiB.
pub fn minimax_options_with_table(table_mib: usize) -> minimax::IterativeOptions {
    minimax::IterativeOptions::new()
        .with_table_byte_size(table_mib << 20)
        .with_null_window_search(true)
        .with_aspiration_window(ASPIRATION_WINDOW)
}

/// minimax's iterative search to [`ITERATIVE_DEPTH`] with `options` and a fresh table.
pub fn minimax_iterative_with(
    options: minimax::IterativeOptions,
) -> minimax::IterativeSearch<MinimaxEval> {
    minimax_iterative_of(MinimaxEval, options)
}

/// minimax's iterative search with `evaluator` (which picks the game: [`MinimaxEval`] or
/// [`MinimaxEvalWithPass`]) to [`ITERATIVE_DEPTH`], with `options` and a fresh table.
pub fn minimax_iterative_of<E>(
    evaluator: E,
    options: minimax::IterativeOptions,
) -> minimax::IterativeSearch<E>
where
    E: minimax::Evaluator,
    E::G: minimax::Game<S = Board, M = u8>,
{
    use minimax::Strategy;
    let mut search = minimax::IterativeSearch::new(evaluator, options);
    search.set_max_depth(ITERATIVE_DEPTH);
    search
}

/// minimax's options with its two quiet-move ordering heuristics on: the countermove table and
/// the countermove history (the counterpart of our killers and history). They need the game
/// with a pass ([`MinimaxEvalWithPass`]): minimax allocates its countermove table only when
/// `Game::null_move` gives a move at the root, and without one its countermoves do nothing.
pub fn minimax_ordering_options() -> minimax::IterativeOptions {
    minimax_options()
        .with_countermoves()
        .with_countermove_history()
}

/// minimax with everything it offers that Connect Four can use: [`minimax_ordering_options`]
/// and null-move pruning `reduction` plies shallower, behind the same zugzwang guard as ours
/// (`Game::null_move_allowed`); quiescence stays off (Connect Four has no noisy moves).
pub fn minimax_full_options(reduction: u8) -> minimax::IterativeOptions {
    minimax_ordering_options().with_null_move_depth(reduction)
}

/// Our counterpart of minimax's iterative search with [`minimax_options`] (a technique that
/// only one side has stays off on both): iterative deepening, the transposition table (one
/// table, probed at every node of depth 1 and more) and its move first, null-window search
/// (PVS), aspiration, the same centre-first move order (minimax's generation order; ours, the
/// game's hint order). Off on both sides: null move (minimax's needs `Game::null_move`, which
/// the adaptor does not give), quiescence (minimax's depth is 0), killers/history (countermoves
/// off), and what minimax does not have: LMR and check extension.
pub fn equivalent_config() -> Config {
    equivalent_config_with_table(TT_MIB)
}

/// [`equivalent_config`] with a table of `table_mib` MiB.
pub fn equivalent_config_with_table(table_mib: usize) -> Config {
    Config::default()
        .with_tt_mib(table_mib)
        .with_technique(Techniques::LMR, false)
        .with_technique(Techniques::NULL_MOVE, false)
        .with_technique(Techniques::KILLERS, false)
        .with_technique(Techniques::HISTORY, false)
        .with_technique(Techniques::QUIESCENCE, false)
        .with_technique(Techniques::CHECK_EXTENSION, false)
}

/// Our counterpart of `minimax::Negamax`: fixed-depth alpha-beta in the same centre-first
/// order (our hint), nothing else.
pub fn plain_config() -> Config {
    Config::plain().with_technique(Techniques::ORDER_HINTS, true)
}

/// The game through the `minimax` crate's traits; with `PASS`, it also gives minimax a null
/// move (a pass, [`PASS`]) where our game allows one. Without it (the like-for-like pair)
/// minimax's per-node test for a null move costs nothing.
pub struct MinimaxFour<const PASS: bool>;

/// The pass, as a move of [`MinimaxFour`]: past the last column.
pub const PASS: u8 = 7;

impl<const WITH_PASS: bool> minimax::Game for MinimaxFour<WITH_PASS> {
    type S = Board;
    type M = u8;

    fn generate_moves(state: &Board, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        moves.extend(CENTRE_FIRST.iter().filter(|&&c| state.can_play(c)));
        None
    }

    fn apply(state: &mut Board, column: u8) -> Option<Board> {
        let mut next = *state;
        if WITH_PASS && column == PASS {
            next.play_null();
        } else {
            next.play(column);
        }
        Some(next)
    }

    fn null_move(state: &Board) -> Option<u8> {
        (WITH_PASS && state.null_move_allowed()).then_some(PASS)
    }

    fn get_winner(state: &Board) -> Option<minimax::Winner> {
        state.outcome_by_rule().map(|outcome| match outcome {
            Outcome::Draw => minimax::Winner::Draw,
            Outcome::Win(_) => minimax::Winner::PlayerJustMoved,
        })
    }

    fn zobrist_hash(state: &Board) -> u64 {
        state.hash()
    }

    fn table_index(column: u8) -> u16 {
        column as u16
    }

    fn max_table_index() -> u16 {
        6
    }
}

/// Our `ThreatEvaluator` as a minimax evaluator (for the side to move, as negamax wants).
/// `Clone` for minimax's `ParallelSearch`, which gives every thread its own.
#[derive(Clone)]
pub struct MinimaxEval;

impl minimax::Evaluator for MinimaxEval {
    type G = MinimaxFour<false>;

    fn evaluate(&self, state: &Board) -> minimax::Evaluation {
        ThreatEvaluator.evaluate(state, state.player_to_move()) as minimax::Evaluation
    }
}

/// [`MinimaxEval`] for the game with a pass (minimax's countermoves and null move).
pub struct MinimaxEvalWithPass;

impl minimax::Evaluator for MinimaxEvalWithPass {
    type G = MinimaxFour<true>;

    fn evaluate(&self, state: &Board) -> minimax::Evaluation {
        MinimaxEval.evaluate(state)
    }
}

/// Every sequence of `plies` columns of the 7x6 board, 1-based ("111" to "777" for 3): the
/// openings of the matches.
pub fn openings(plies: usize) -> Vec<String> {
    let mut openings = vec![String::new()];
    for _ in 0..plies {
        openings = openings
            .iter()
            .flat_map(|opening| (1..=7).map(move |column| format!("{opening}{column}")))
            .collect();
    }
    openings
}
