//! Solved positions: a search that finds a forced win or loss with its exact value, or that
//! searched every line to the end of the game (a draw included), says so in `proven`, with the
//! result plain minimax gives, stops deepening once no deeper iteration can change it
//! (reporting the depth it reached), and says nothing where the result still stands on an
//! evaluation, a pruning decision or a table entry that was not solved.

use plyforge_search::nim::{Nim, NimEvaluator};
use plyforge_search::score::{Score, loss_in, plies_to_end, win_in};
use plyforge_search::{
    Algorithm, Config, Evaluator, Game, Limits, MoveList, Outcome, SearchResult, Searcher,
};
use proptest::prelude::*;

/// Plain minimax of Nim to the end of the game, from the view of the player to move, with the
/// distance to the end in the score.
fn minimax(game: &Nim, ply: usize) -> Score {
    if let Some(Outcome::Win(winner)) = game.outcome_by_rule() {
        return if winner == game.player_to_move() {
            win_in(ply)
        } else {
            loss_in(ply)
        };
    }
    let mut moves = MoveList::<u32, 3>::default();
    game.generate_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&take| {
            let mut child = *game;
            child.play(take);
            -minimax(&child, ply + 1)
        })
        .max()
        .expect("a pile with stones has moves")
}

#[test]
fn a_forced_result_is_proven_with_minimaxs_winner_and_value() {
    for stones in 1..=14 {
        let root = Nim::new(stones);
        let expected = minimax(&root, 0);
        let winner = if expected > 0 { 0 } else { 1 };
        for config in [Config::default(), Config::exact()] {
            let limit = stones + 20;
            let mut reported = Vec::new();
            let result = Searcher::new(config.with_tt_mib(1))
                .search(&root, &NimEvaluator, &Limits::depth(limit), &[], |info| {
                    reported.push(info.depth)
                })
                .unwrap();
            assert_eq!(result.score, expected, "{stones} stones");
            let plies = plies_to_end(expected).unwrap().unsigned_abs();
            assert_eq!(
                result.depth, plies,
                "{stones} stones: the depth of the proof"
            );
            assert_eq!(reported.last(), Some(&plies), "{stones} stones");
            assert!(!result.stopped);
            assert_eq!(result.proven, Some(Outcome::Win(winner)), "{stones} stones");
        }
    }
}

#[test]
fn an_open_result_is_not_proven() {
    let root = Nim::new(30);
    let result = Searcher::new(Config::default().with_tt_mib(1))
        .search(&root, &NimEvaluator, &Limits::depth(4), &[], |_| {})
        .unwrap();
    assert_eq!(result.proven, None);
    assert_eq!(result.depth, 4);
}

// ----------------------------------------------------------------------------------------------
// Tic-tac-toe for 2 or 3 players: solved as a draw, never proven short of its end.

/// Tic-tac-toe on 3x3 for `players` players in turn, three in a row wins; a full board draws.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct TicTacToe {
    /// 0 for an empty square, else the player's index plus one.
    board: [u8; 9],
    players: usize,
    to_move: usize,
}

const ROWS: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    fn new(players: usize) -> Self {
        TicTacToe {
            board: [0; 9],
            players,
            to_move: 0,
        }
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Moves = MoveList<u8, 9>;

    fn player_count(&self) -> usize {
        self.players
    }

    fn player_to_move(&self) -> usize {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.outcome_by_rule().is_some() {
            return;
        }
        for square in 0..9u8 {
            if self.board[square as usize] == 0 {
                moves.push(square);
            }
        }
    }

    fn play(&mut self, square: u8) {
        self.board[square as usize] = self.to_move as u8 + 1;
        self.to_move = (self.to_move + 1) % self.players;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        ROWS.iter()
            .find(|row| {
                self.board[row[0]] != 0 && row.iter().all(|&s| self.board[s] == self.board[row[0]])
            })
            .map(|row| Outcome::Win(self.board[row[0]] as usize - 1))
    }

    fn hash(&self) -> u64 {
        self.board
            .iter()
            .fold(self.to_move as u64 + 1, |hash, &square| {
                (hash ^ square as u64)
                    .wrapping_mul(0x0100_0000_01b3)
                    .rotate_left(7)
            })
    }

    fn move_key(square: u8) -> u16 {
        square as u16
    }

    fn set_player_to_move(&mut self, player: usize) -> bool {
        self.to_move = player;
        true
    }
}

/// An evaluation that says "even" everywhere: a search that stops at its horizon scores a
/// draw, which it must not take for a proof.
struct Even;

impl Evaluator<TicTacToe> for Even {
    fn evaluate(&self, _: &TicTacToe, _: usize) -> Score {
        0
    }
}

/// Every algorithm that searches `players` players with a bounded tree, with its name.
fn configs(players: usize) -> Vec<(&'static str, Config)> {
    let mut configs = vec![
        (
            "paranoid",
            Config::default().with_algorithm(Algorithm::Paranoid),
        ),
        ("maxn", Config::default().with_algorithm(Algorithm::MaxN)),
    ];
    if players == 2 {
        configs.extend([
            ("alphabeta", Config::default()),
            ("alphabeta exact", Config::exact()),
            ("alphabeta two threads", Config::default().with_threads(2)),
            (
                "brs",
                Config::default().with_algorithm(Algorithm::BestReply),
            ),
            (
                "brs+",
                Config::default().with_algorithm(Algorithm::BestReplyPlus),
            ),
        ]);
    }
    configs
}

#[test]
fn tic_tac_toe_is_solved_as_a_draw_at_the_depth_it_needs() {
    // Three players: a draw by paranoid search and by max^n too (a brute force of both agrees).
    for players in [2, 3] {
        for (name, config) in configs(players) {
            let mut reported = Vec::new();
            let result = Searcher::new(config.with_tt_mib(1))
                .search(
                    &TicTacToe::new(players),
                    &Even,
                    &Limits::depth(40),
                    &[],
                    |info| reported.push(info.depth),
                )
                .unwrap();
            assert_eq!(
                result.proven,
                Some(Outcome::Draw),
                "{name}, {players} players"
            );
            assert_eq!(result.score, 0, "{name}");
            assert!(!result.stopped, "{name}");
            // Nine plies end every game: no deeper iteration.
            // Nine plies end every game, and a tenth sees that a full board has no move (at
            // the horizon, a position is not asked for its moves). The pruning of the default
            // alpha-beta needs a few plies more: its reductions reach the horizon first.
            let pruned =
                name == "paranoid" || (name.starts_with("alphabeta") && name != "alphabeta exact");
            let needed = if pruned { 20 } else { 10 };
            assert!(result.depth <= needed, "{name}: depth {}", result.depth);
            assert_eq!(reported.last(), Some(&result.depth), "{name}");
        }
    }
}

#[test]
fn tic_tac_toe_short_of_its_end_is_not_proven() {
    // No line of four plies (six with three players) ends the game: every value there is the
    // evaluation's "even", which proves nothing.
    for players in [2, 3] {
        let open = if players == 2 { 4 } else { 6 };
        for (name, config) in configs(players) {
            for depth in 1..=open {
                let result = Searcher::new(config.clone().with_tt_mib(1))
                    .search(
                        &TicTacToe::new(players),
                        &Even,
                        &Limits::depth(depth),
                        &[],
                        |_| {},
                    )
                    .unwrap();
                assert_eq!(
                    result.proven, None,
                    "{name}, {players} players, depth {depth}"
                );
                assert_eq!(result.depth, depth, "{name}");
            }
        }
    }
}

#[test]
fn a_draw_among_some_root_moves_is_not_the_roots() {
    // X in a corner, O in the centre, X in the opposite corner: every move of O draws but the
    // corners, which lose. Restricted to a losing corner the search proves no loss of the
    // position, and restricted to the edges no draw of it (both are the restricted moves').
    let mut game = TicTacToe::new(2);
    for square in [0, 4, 8] {
        game.play(square);
    }
    let full = Searcher::new(Config::default().with_tt_mib(1))
        .search(&game, &Even, &Limits::depth(20), &[], |_| {})
        .unwrap();
    assert_eq!(full.proven, Some(Outcome::Draw));
    for (moves, score_sign) in [(vec![2u8], -1), (vec![1, 3, 5, 7], 0)] {
        let limits = Limits::depth(20).with_search_moves(moves.clone());
        let result = Searcher::new(Config::default().with_tt_mib(1))
            .search(&game, &Even, &limits, &[], |_| {})
            .unwrap();
        assert_eq!(result.score.signum(), score_sign, "{moves:?}");
        assert_eq!(result.proven, None, "{moves:?}");
    }
}

/// Tic-tac-toe whose full board is a draw by rule, in a game that says whether it has
/// repetition draws (`PATH_DRAWS`): there, draws by rule are taken to hang on counters the hash
/// leaves out, and prove nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RuledDraws<const PATH_DRAWS: bool>(TicTacToe);

impl<const PATH_DRAWS: bool> Game for RuledDraws<PATH_DRAWS> {
    type Move = u8;
    type Moves = MoveList<u8, 9>;
    const REPETITION_DRAWS: bool = PATH_DRAWS;

    fn player_to_move(&self) -> usize {
        self.0.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        self.0.generate_moves(moves);
    }

    fn play(&mut self, square: u8) {
        self.0.play(square);
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        let full = self.0.board.iter().all(|&square| square != 0);
        self.0.outcome_by_rule().or(full.then_some(Outcome::Draw))
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn move_key(square: u8) -> u16 {
        square as u16
    }
}

impl<const PATH_DRAWS: bool> Evaluator<RuledDraws<PATH_DRAWS>> for Even {
    fn evaluate(&self, _: &RuledDraws<PATH_DRAWS>, _: usize) -> Score {
        0
    }
}

#[test]
fn draws_by_rule_prove_nothing_in_a_game_with_repetition_draws() {
    let limits = Limits::depth(30);
    let result = Searcher::new(Config::default().with_tt_mib(1))
        .search(
            &RuledDraws::<false>(TicTacToe::new(2)),
            &Even,
            &limits,
            &[],
            |_| {},
        )
        .unwrap();
    assert_eq!(result.proven, Some(Outcome::Draw));
    // A full board by rule is seen at the ninth ply already.
    let exact = Searcher::new(Config::exact().with_tt_mib(1))
        .search(
            &RuledDraws::<false>(TicTacToe::new(2)),
            &Even,
            &limits,
            &[],
            |_| {},
        )
        .unwrap();
    assert_eq!((exact.proven, exact.depth), (Some(Outcome::Draw), 9));
    let result = Searcher::new(Config::default().with_tt_mib(1))
        .search(
            &RuledDraws::<true>(TicTacToe::new(2)),
            &Even,
            &limits,
            &[],
            |_| {},
        )
        .unwrap();
    assert_eq!(result.proven, None);
    assert_eq!(result.depth, 30);
}

// ----------------------------------------------------------------------------------------------
// Random finite trees against plain minimax to their end.

/// A random game tree that ends within `plies_left` plies: everything about a position follows
/// from a hash of its moves. With `transposing`, each player's moves commute (the position is
/// the set of moves each player played), so that the table meets positions again; the player to
/// move may pass (a null move, not a move of the game), which the null-move pruning tries.
#[derive(Debug, Clone)]
struct RandomTree {
    seed: u64,
    node: u64,
    players: usize,
    to_move: usize,
    plies_left: u32,
    /// Whether a move was played: the root never ends the game.
    moved: bool,
    transposing: bool,
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl RandomTree {
    fn draw(&self, salt: u64) -> u64 {
        mix(self.hash(), salt ^ self.seed)
    }
}

impl Game for RandomTree {
    type Move = u8;
    type Moves = MoveList<u8, 4>;

    fn player_count(&self) -> usize {
        self.players
    }

    fn player_to_move(&self) -> usize {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.plies_left == 0 || self.outcome_by_rule().is_some() {
            return;
        }
        for mv in 0..1 + self.draw(1) % 4 {
            moves.push(mv as u8);
        }
    }

    fn play(&mut self, mv: u8) {
        let code = mix(self.seed, (self.to_move as u64) << 8 | mv as u64);
        self.node = if self.transposing {
            self.node ^ code
        } else {
            mix(self.node, code)
        };
        self.plies_left -= 1;
        self.to_move = (self.to_move + 1) % self.players;
        self.moved = true;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        if !self.moved {
            return None;
        }
        let draw = self.draw(2);
        match draw % 100 {
            0..10 => Some(Outcome::Draw),
            10..30 => Some(Outcome::Win((draw >> 8) as usize % self.players)),
            _ => None,
        }
    }

    fn outcome_without_moves(&self) -> Outcome {
        let draw = self.draw(3);
        match draw % 3 {
            0 => Outcome::Win((draw >> 8) as usize % self.players),
            _ => Outcome::Draw,
        }
    }

    fn hash(&self) -> u64 {
        mix(
            self.node,
            (self.plies_left as u64) << 8 | self.to_move as u64,
        )
    }

    fn move_key(mv: u8) -> u16 {
        mv as u16
    }

    fn move_order_hint(&self, mv: u8) -> i32 {
        (mix(self.draw(4), mv as u64) % 3) as i32
    }

    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        let mut passed = self.clone();
        passed.to_move = (self.to_move + 1) % self.players;
        Some(visit(&mut passed))
    }

    fn set_player_to_move(&mut self, player: usize) -> bool {
        self.to_move = player;
        true
    }
}

/// Evaluations from the hash, zero in one position of three (a horizon that looks drawn),
/// zero-sum for two players.
struct TreeEval;

impl Evaluator<RandomTree> for TreeEval {
    fn evaluate(&self, game: &RandomTree, player: usize) -> Score {
        let value = |p: usize| match game.draw(10 + p as u64) % 300 {
            raw if raw < 100 => 0,
            raw => raw as Score - 200,
        };
        if game.players == 2 && player == 1 {
            -value(0)
        } else {
            value(player)
        }
    }
}

fn outcome_value(outcome: Outcome, player: usize, ply: usize) -> Score {
    match outcome {
        Outcome::Win(winner) if winner == player => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
        Outcome::Draw => 0,
    }
}

/// Plain paranoid minimax to the end of the game for `root` (negamax with two players): the
/// root player's value, its distance included.
fn paranoid_to_the_end(game: &RandomTree, root: usize, ply: usize) -> Score {
    if let Some(outcome) = game.outcome_by_rule() {
        return outcome_value(outcome, root, ply);
    }
    let mut moves = <RandomTree as Game>::Moves::default();
    game.generate_moves(&mut moves);
    if moves.is_empty() {
        return outcome_value(game.outcome_without_moves(), root, ply);
    }
    let values = moves.as_slice().iter().map(|&mv| {
        let mut child = game.clone();
        child.play(mv);
        paranoid_to_the_end(&child, root, ply + 1)
    });
    if game.to_move == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Checks a search's claim against the tree's value to its end: a proven result is the one
/// minimax gives (a draw where the value is 0, else a win for the root player or an opponent);
/// a draw is proven only with the score of one.
fn check_claim(
    game: &RandomTree,
    result: &SearchResult<u8>,
    name: &str,
) -> Result<(), TestCaseError> {
    let root = game.to_move;
    let value = paranoid_to_the_end(game, root, 0);
    match result.proven {
        None => {}
        Some(Outcome::Draw) => {
            prop_assert_eq!(value, 0, "{} proved a draw", name);
            prop_assert_eq!(result.score, 0, "{}", name);
        }
        Some(Outcome::Win(winner)) if winner == root => {
            prop_assert!(
                value > 0,
                "{} proved a win of the root, value {}",
                name,
                value
            )
        }
        Some(Outcome::Win(_)) => {
            prop_assert!(
                value < 0,
                "{} proved a loss of the root, value {}",
                name,
                value
            )
        }
    }
    Ok(())
}

fn random_tree() -> impl Strategy<Value = RandomTree> {
    (any::<u64>(), 2usize..=3, 1u32..=9, any::<bool>()).prop_map(
        |(seed, players, plies, transposing)| RandomTree {
            seed,
            node: mix(seed, 0x5eed),
            players,
            to_move: 0,
            plies_left: plies,
            moved: false,
            transposing,
        },
    )
}

fn searchable(game: &RandomTree) -> bool {
    game.outcome_by_rule().is_none() && game.count_moves() > 0
}

/// The alpha-beta configurations: every technique (pruning that may be wrong included) and the
/// exact ones; paranoid for three players.
fn alphabeta_configs(players: usize) -> Vec<(&'static str, Config)> {
    let algorithm = if players == 2 {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Paranoid
    };
    vec![
        ("default", Config::default().with_algorithm(algorithm)),
        ("exact", Config::exact().with_algorithm(algorithm)),
        (
            "two threads",
            Config::default().with_algorithm(algorithm).with_threads(2),
        ),
        (
            "eager pruning",
            Config::default()
                .with_algorithm(algorithm)
                .with_parameters(EAGER_PRUNING.parse().expect("known parameters")),
        ),
    ]
}

/// Pruning that cuts early and often, so that its mistakes meet positions near the end of the
/// tree, where the searches after them are solved: a null move searched one ply shallower and
/// never verified, futility margins of a few points, singular tests from depth 2.
const EAGER_PRUNING: &str = "null_min_depth=1,null_base_reduction=1,null_depth_divisor=16,\
    null_verify_min_depth=64,reverse_futility_margin=5,futility_base=0,futility_margin=5,\
    late_move_base=0,singular_min_depth=2,singular_margin=0,lmr_min_depth=1,lmr_min_moves=1";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Whatever the depth, a proven result is the tree's; searched deep enough, a finite tree
    /// is proven, one ply deeper than it has plies at most. A searcher kept for a child's search
    /// brings the table of the root's search: its entries that were not solved prove nothing.
    #[test]
    fn alpha_beta_proves_only_the_tree_value(game in random_tree(), depth in 1u32..=12) {
        prop_assume!(searchable(&game));
        let plies = game.plies_left;
        for (name, config) in alphabeta_configs(game.players) {
            let mut searcher = Searcher::new(config.with_tt_mib(1));
            let result = searcher.search(&game, &TreeEval, &Limits::depth(depth), &[], |_| {}).unwrap();
            check_claim(&game, &result, name)?;
            if name == "exact" && result.proven.is_some() {
                // Without pruning a proof carries minimax's distance to the end too.
                prop_assert_eq!(result.score, paranoid_to_the_end(&game, game.to_move, 0));
            }
            // One ply more than the tree has: the last positions are asked for their moves.
            if name == "exact" && depth > plies {
                prop_assert!(result.proven.is_some(), "{} searched to the end, unproven", name);
                prop_assert!(result.depth <= plies + 1, "{} went on to depth {}", name, result.depth);
            }
            let mut child = game.clone();
            child.play(result.best_move);
            if searchable(&child) {
                let shallow = Limits::depth(depth / 2 + 1);
                let result = searcher.search(&child, &TreeEval, &shallow, &[], |_| {}).unwrap();
                check_claim(&child, &result, name)?;
            }
        }
    }
}
