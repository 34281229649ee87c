//! The multi-player searches against brute-force references of the same definitions, on
//! synthetic game trees: 2 to 6 players, 0 to 4 moves per position (0: the game ends), wins and
//! draws scattered through the tree, and per-player scores drawn from a seed. The references
//! are plain recursions (max^n without pruning, best-reply minimax without alpha-beta), in
//! generation order, ties to the first found.

use plyforge_search::Techniques;
use plyforge_search::score::{EVAL_LIMIT, loss_in, win_in};
use plyforge_search::{Algorithm, Config, Limits, SearchError, SearchResult, Searcher, StopFlag};
use plyforge_search::{Evaluator, Game, MoveBuffer, MoveList, Outcome, Score};
use proptest::prelude::*;

// ----------------------------------------------------------------------------------------------
// The synthetic game.

/// The most moves a synthetic position has.
const MAX_BRANCHING: u64 = 4;

/// A finished game is drawn in this many of a hundred positions, won in the next `WIN_PERCENT`.
const DRAW_PERCENT: u64 = 2;
const WIN_PERCENT: u64 = 6;

/// A position with no moves in this many of a hundred (for the player to move).
const STUCK_PERCENT: u64 = 5;

/// A position of a random game tree: everything about it follows from a hash of its path.
#[derive(Debug, Clone)]
struct Tree {
    seed: u64,
    node: u64,
    to_move: usize,
    players: usize,
    plies_left: u32,
    /// Whether `set_player_to_move` works (best-reply search needs it).
    can_set_player: bool,
    /// Whether the same moves of each player in another order reach the same position (the
    /// position is then the set of moves played), for the transposition table.
    transposing: bool,
    /// Whether a win counts only for the player who moved last (as in Sternhalma), so that who
    /// is to move decides whether a position is won.
    last_mover_wins: bool,
}

impl Tree {
    fn new(seed: u64, players: usize, plies: u32) -> Self {
        Tree {
            seed,
            node: mix(seed, 0x5eed),
            to_move: 0,
            players,
            plies_left: plies,
            can_set_player: true,
            transposing: false,
            last_mover_wins: false,
        }
    }

    /// The same tree, but where each player's moves commute.
    fn transposing(mut self) -> Self {
        self.transposing = true;
        self
    }

    fn draw(&self, salt: u64) -> u64 {
        mix(self.node ^ self.seed.rotate_left(17), salt)
    }
}

/// SplitMix64's finaliser over two words: a well-spread hash.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Game for Tree {
    type Move = u8;
    type Moves = MoveList<u8, { MAX_BRANCHING as usize }>;

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
        let draw = self.draw(1 + self.to_move as u64);
        if draw % 100 < STUCK_PERCENT {
            return;
        }
        for mv in 0..1 + (draw >> 8) % MAX_BRANCHING {
            moves.push(mv as u8);
        }
    }

    fn play(&mut self, mv: u8) {
        let code = (self.to_move as u64) << 8 | mv as u64;
        self.node = if self.transposing {
            // Each player's moves commute (a move played twice cancels out).
            self.node ^ mix(self.seed, code)
        } else {
            mix(self.node, code)
        };
        self.plies_left -= 1;
        self.to_move = (self.to_move + 1) % self.players;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        let draw = self.draw(0);
        match draw % 100 {
            percent if percent < DRAW_PERCENT => Some(Outcome::Draw),
            percent if percent < DRAW_PERCENT + WIN_PERCENT => {
                let winner = (draw >> 8) as usize % self.players;
                let last_mover = (self.to_move + self.players - 1) % self.players;
                (!self.last_mover_wins || winner == last_mover).then_some(Outcome::Win(winner))
            }
            _ => None,
        }
    }

    fn outcome_without_moves(&self) -> Outcome {
        let draw = self.draw(7);
        if draw.is_multiple_of(3) {
            Outcome::Draw
        } else {
            Outcome::Win((draw >> 8) as usize % self.players)
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
        // Few values, so that ties are common.
        (mix(self.draw(11 + self.to_move as u64), mv as u64) % 3) as i32
    }

    fn set_player_to_move(&mut self, player: usize) -> bool {
        if self.can_set_player {
            self.to_move = player;
        }
        self.can_set_player
    }
}

/// The same trees played in place: `play` and `undo` instead of copies (as Sternhalma does).
#[derive(Debug, Clone)]
struct UndoTree {
    tree: Tree,
    /// The node and the player to move before each move played.
    history: Vec<(u64, usize)>,
}

impl Game for UndoTree {
    type Move = u8;
    type Moves = MoveList<u8, { MAX_BRANCHING as usize }>;
    const COPY_MAKE: bool = false;

    fn player_count(&self) -> usize {
        self.tree.players
    }

    fn player_to_move(&self) -> usize {
        self.tree.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        self.tree.generate_moves(moves);
    }

    fn play(&mut self, mv: u8) {
        self.history.push((self.tree.node, self.tree.to_move));
        self.tree.play(mv);
    }

    fn visit_child<R>(&mut self, mv: u8, visit: impl FnOnce(&mut Self) -> R) -> R {
        self.play(mv);
        let result = visit(self);
        let (node, to_move) = self.history.pop().expect("undo without a move");
        self.tree.node = node;
        self.tree.to_move = to_move;
        self.tree.plies_left += 1;
        result
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        self.tree.outcome_by_rule()
    }

    fn outcome_without_moves(&self) -> Outcome {
        self.tree.outcome_without_moves()
    }

    fn hash(&self) -> u64 {
        self.tree.hash()
    }

    fn move_key(mv: u8) -> u16 {
        mv as u16
    }

    fn move_order_hint(&self, mv: u8) -> i32 {
        self.tree.move_order_hint(mv)
    }

    fn set_player_to_move(&mut self, player: usize) -> bool {
        self.tree.set_player_to_move(player)
    }
}

impl Evaluator<UndoTree> for Split {
    fn evaluate(&self, game: &UndoTree, player: usize) -> Score {
        Evaluator::<Tree>::evaluate(self, &game.tree, player)
    }

    fn evaluate_all(&self, game: &UndoTree, scores: &mut [Score]) {
        Evaluator::<Tree>::evaluate_all(self, &game.tree, scores);
    }
}

/// Per-player scores from 0 to `spread`, adding up to at most `spread` (so that `spread` bounds
/// the sum of any two players' scores, as shallow pruning needs).
#[derive(Debug, Clone, Copy)]
struct Split {
    spread: Score,
}

impl Evaluator<Tree> for Split {
    fn evaluate(&self, game: &Tree, player: usize) -> Score {
        let mut scores = [0; 6];
        self.evaluate_all(game, &mut scores[..game.players]);
        scores[player]
    }

    fn evaluate_all(&self, game: &Tree, scores: &mut [Score]) {
        let mut total = 0;
        for (player, score) in scores.iter_mut().enumerate() {
            *score = (game.draw(100 + player as u64) % (self.spread as u64 + 1)) as Score;
            total += *score;
        }
        for score in scores.iter_mut() {
            *score = *score * self.spread / total.max(1);
        }
    }
}

// ----------------------------------------------------------------------------------------------
// The references.

/// A move and the player who plays it: a best-reply line skips the players who pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PlayerMove<M> {
    player: usize,
    mv: M,
}

type Line = Vec<PlayerMove<u8>>;

/// A result's principal variation with the player of each move.
fn line_of(result: &SearchResult<u8>) -> Line {
    assert_eq!(result.pv.len(), result.pv_players.len());
    result
        .pv_players
        .iter()
        .zip(&result.pv)
        .map(|(&player, &mv)| PlayerMove { player, mv })
        .collect()
}

fn moves_of<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    moves.as_slice().to_vec()
}

fn outcome_vector(outcome: Outcome, players: usize, ply: usize) -> Vec<Score> {
    (0..players)
        .map(|player| outcome_value(outcome, player, ply))
        .collect()
}

fn outcome_value(outcome: Outcome, player: usize, ply: usize) -> Score {
    match outcome {
        Outcome::Win(winner) if winner == player => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
        Outcome::Draw => 0,
    }
}

/// Plain max^n: the vector and the line, ties to the first move generated.
fn reference_maxn(game: &Tree, evaluator: &Split, depth: u32, ply: usize) -> (Vec<Score>, Line) {
    if let Some(outcome) = game.outcome_by_rule() {
        return (outcome_vector(outcome, game.players, ply), Vec::new());
    }
    if depth == 0 {
        let mut scores = vec![0; game.players];
        evaluator.evaluate_all(game, &mut scores);
        return (
            scores
                .iter()
                .map(|score| (*score).clamp(-EVAL_LIMIT, EVAL_LIMIT))
                .collect(),
            Vec::new(),
        );
    }
    let moves = moves_of(game);
    if moves.is_empty() {
        let outcome = game.outcome_without_moves();
        return (outcome_vector(outcome, game.players, ply), Vec::new());
    }
    let mover = game.player_to_move();
    let mut best: Option<(Vec<Score>, Line)> = None;
    for mv in moves {
        let mut child = game.clone();
        child.play(mv);
        let (scores, line) = reference_maxn(&child, evaluator, depth - 1, ply + 1);
        if best
            .as_ref()
            .is_none_or(|(best_scores, _)| scores[mover] > best_scores[mover])
        {
            let mut full = vec![PlayerMove { player: mover, mv }];
            full.extend(line);
            best = Some((scores, full));
        }
    }
    best.unwrap()
}

/// Plain best-reply minimax (BRS+ when `plus`): the root player's value and the line played.
fn reference_brs(
    game: &Tree,
    evaluator: &Split,
    root: usize,
    depth: u32,
    ply: usize,
    plus: bool,
) -> (Score, Line) {
    if let Some(outcome) = game.outcome_by_rule() {
        return (outcome_value(outcome, root, ply), Vec::new());
    }
    if depth == 0 {
        let score = evaluator.evaluate(game, root);
        return (score.clamp(-EVAL_LIMIT, EVAL_LIMIT), Vec::new());
    }
    // Each candidate: the moves played, then the position reached or how the game ended.
    let mut candidates: Vec<(Line, Result<Tree, Outcome>)> = Vec::new();
    if ply.is_multiple_of(2) {
        let mover = game.player_to_move();
        for mv in moves_of(game) {
            let mut child = game.clone();
            child.play(mv);
            candidates.push((vec![PlayerMove { player: mover, mv }], Ok(child)));
        }
    } else if !plus {
        for offset in 1..game.players {
            let opponent = (root + offset) % game.players;
            let mut position = game.clone();
            assert!(position.set_player_to_move(opponent));
            for mv in moves_of(&position) {
                let mut child = position.clone();
                child.play(mv);
                let played = vec![PlayerMove {
                    player: opponent,
                    mv,
                }];
                // A reply that ends the game is judged before the others pass.
                match child.outcome_by_rule() {
                    Some(outcome) => candidates.push((played, Err(outcome))),
                    None => {
                        child.set_player_to_move(root);
                        candidates.push((played, Ok(child)));
                    }
                }
            }
        }
    } else {
        // BRS+: walk the opponents' round; from each opponent's turn, each of its moves
        // followed by the most promising move of every later opponent.
        let mut position = game.clone();
        let mut round: Line = Vec::new();
        while position.player_to_move() != root && position.outcome_by_rule().is_none() {
            let opponent = position.player_to_move();
            let moves = moves_of(&position);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let mut played = round.clone();
                played.push(PlayerMove {
                    player: opponent,
                    mv,
                });
                let mut child = position.clone();
                child.play(mv);
                let mut ended = None;
                while child.player_to_move() != root && child.outcome_by_rule().is_none() {
                    let player = child.player_to_move();
                    let Some(promising) = most_promising(&child) else {
                        ended = Some(child.outcome_without_moves());
                        break;
                    };
                    child.play(promising);
                    played.push(PlayerMove {
                        player,
                        mv: promising,
                    });
                }
                candidates.push((played, ended.map_or(Ok(child), Err)));
            }
            let promising = most_promising(&position).unwrap();
            round.push(PlayerMove {
                player: opponent,
                mv: promising,
            });
            position.play(promising);
        }
    }
    if candidates.is_empty() {
        let outcome = game.outcome_without_moves();
        return (outcome_value(outcome, root, ply), Vec::new());
    }
    let maximising = ply.is_multiple_of(2);
    let mut best: Option<(Score, Line)> = None;
    for (played, after) in candidates {
        let (value, below) = match after {
            Ok(child) => reference_brs(&child, evaluator, root, depth - 1, ply + 1, plus),
            Err(outcome) => (outcome_value(outcome, root, ply + 1), Vec::new()),
        };
        let better = best.as_ref().is_none_or(|(best_value, _)| {
            if maximising {
                value > *best_value
            } else {
                value < *best_value
            }
        });
        if better {
            let mut line = played;
            line.extend(below);
            best = Some((value, line));
        }
    }
    best.unwrap()
}

/// The move with the highest ordering hint, the first on ties.
fn most_promising(game: &Tree) -> Option<u8> {
    let mut best: Option<(u8, i32)> = None;
    for mv in moves_of(game) {
        let hint = game.move_order_hint(mv);
        if best.is_none_or(|(_, best_hint)| hint > best_hint) {
            best = Some((mv, hint));
        }
    }
    best.map(|(mv, _)| mv)
}

// ----------------------------------------------------------------------------------------------
// Helpers.

fn search(
    algorithm: Algorithm,
    max_sum: Option<Score>,
    game: &Tree,
    evaluator: &Split,
    limits: &Limits<u8>,
) -> Result<SearchResult<u8>, SearchError> {
    search_ordered(algorithm, max_sum, true, game, evaluator, limits)
}

fn search_ordered(
    algorithm: Algorithm,
    max_sum: Option<Score>,
    order_hints: bool,
    game: &Tree,
    evaluator: &Split,
    limits: &Limits<u8>,
) -> Result<SearchResult<u8>, SearchError> {
    let config = Config::default()
        .with_algorithm(algorithm)
        .with_max_sum(max_sum)
        .with_technique(Techniques::ORDER_HINTS, order_hints)
        .with_technique(Techniques::KILLERS, order_hints)
        .with_technique(Techniques::PVS, order_hints)
        .with_technique(Techniques::TT, false);
    Searcher::new(config).search(game, evaluator, limits, &[], |_| {})
}

/// A best-reply search with a transposition table of 1 MiB.
fn search_with_tt(
    algorithm: Algorithm,
    game: &Tree,
    evaluator: &Split,
    limits: &Limits<u8>,
) -> SearchResult<u8> {
    let config = Config::default()
        .with_algorithm(algorithm)
        .with_technique(Techniques::PVS, false)
        .with_tt_mib(1);
    let mut search = Searcher::new(config);
    search.search(game, evaluator, limits, &[], |_| {}).unwrap()
}

/// Whether the root has a move to search.
fn searchable(game: &Tree) -> bool {
    game.outcome_by_rule().is_none() && !moves_of(game).is_empty()
}

fn check_maxn(game: &Tree, evaluator: &Split, depth: u32, max_sum: Option<Score>) {
    let (scores, line) = reference_maxn(game, evaluator, depth, 0);
    for order_hints in [false, true] {
        let limits = Limits::depth(depth);
        let result = search_ordered(
            Algorithm::MaxN,
            max_sum,
            order_hints,
            game,
            evaluator,
            &limits,
        )
        .unwrap();
        assert_eq!(result.scores.unwrap().as_slice(), &scores[..]);
        assert_eq!(result.score, scores[game.to_move]);
        assert_eq!(result.best_move, line[0].mv);
        assert_eq!(line_of(&result), line);
        assert!(result.depth <= depth);
    }
}

fn check_brs(game: &Tree, evaluator: &Split, depth: u32, plus: bool) {
    let algorithm = if plus {
        Algorithm::BestReplyPlus
    } else {
        Algorithm::BestReply
    };
    let (score, line) = reference_brs(game, evaluator, game.to_move, depth, 0, plus);
    for order_hints in [false, true] {
        let limits = Limits::depth(depth);
        let result =
            search_ordered(algorithm, None, order_hints, game, evaluator, &limits).unwrap();
        assert_eq!(result.score, score);
        assert_eq!(result.best_move, line[0].mv);
        assert_eq!(line_of(&result), line);
        assert!(result.scores.is_none());
    }
    // With a table, the line may stop at a position whose value came from it.
    let result = search_with_tt(algorithm, game, evaluator, &Limits::depth(depth));
    assert_eq!(result.score, score);
    assert_eq!(result.best_move, line[0].mv);
    assert!(
        line.starts_with(&line_of(&result)),
        "{:?} is not a start of {line:?}",
        result.pv
    );
}

/// A synthetic tree with its root player somewhere in the turn order, with or without
/// transpositions.
fn tree_strategy() -> impl Strategy<Value = (Tree, Split, u32)> {
    (
        any::<u64>(),
        2usize..=6,
        1u32..=8,
        1u32..=5,
        0usize..6,
        prop_oneof![Just(4), Just(100)],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(seed, players, plies, depth, root, spread, transposing, last_mover_wins)| {
                let mut tree = Tree::new(seed, players, plies);
                tree.to_move = root % players;
                tree.transposing = transposing;
                tree.last_mover_wins = last_mover_wins;
                (tree, Split { spread }, depth)
            },
        )
}

// ----------------------------------------------------------------------------------------------
// The searches equal their references.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn maxn_equals_plain_maxn((game, evaluator, depth) in tree_strategy()) {
        prop_assume!(searchable(&game));
        check_maxn(&game, &evaluator, depth, None);
    }

    /// Games that undo moves are searched in place by max^n: the same results as by copies.
    #[test]
    fn maxn_in_place_equals_plain_maxn(
        (game, evaluator, depth) in tree_strategy(),
        max_sum in prop_oneof![Just(None), Just(Some(100))],
    ) {
        prop_assume!(searchable(&game));
        let (scores, line) = reference_maxn(&game, &evaluator, depth, 0);
        let in_place = UndoTree { tree: game, history: Vec::new() };
        let config = Config::default()
            .with_algorithm(Algorithm::MaxN)
            .with_max_sum(max_sum.map(|_| evaluator.spread));
        let limits = Limits::depth(depth);
        let result = Searcher::new(config).search(&in_place, &evaluator, &limits, &[], |_| {});
        let result = result.unwrap();
        let found = result.scores.unwrap();
        prop_assert_eq!(found.as_slice(), &scores[..]);
        prop_assert_eq!(line_of(&result), line);
    }

    #[test]
    fn shallow_pruning_never_changes_maxn((game, evaluator, depth) in tree_strategy()) {
        prop_assume!(searchable(&game));
        check_maxn(&game, &evaluator, depth, Some(evaluator.spread));
        // A loose bound is as correct.
        check_maxn(&game, &evaluator, depth, Some(3 * evaluator.spread));
    }

    #[test]
    fn best_reply_equals_plain_best_reply((game, evaluator, depth) in tree_strategy()) {
        prop_assume!(searchable(&game));
        check_brs(&game, &evaluator, depth, false);
    }

    #[test]
    fn brs_plus_equals_plain_brs_plus((game, evaluator, depth) in tree_strategy()) {
        prop_assume!(searchable(&game));
        check_brs(&game, &evaluator, depth, true);
    }

}

/// The result at the end of a reference line, played as the search plays it: in best-reply
/// search (not BRS+) an opponent's reply that does not end the game hands the turn back to the
/// root player.
fn outcome_at_end(game: &Tree, line: &Line, algorithm: Algorithm) -> Option<Outcome> {
    let root = game.to_move;
    let mut position = game.clone();
    for step in line {
        position.set_player_to_move(step.player);
        position.play(step.mv);
        if algorithm == Algorithm::BestReply
            && step.player != root
            && position.outcome_by_rule().is_none()
        {
            position.set_player_to_move(root);
        }
    }
    position.outcome()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A tree searched to its end (one layer more than it has plies: a position without moves
    /// at the horizon is not asked for them) is proven, with the result at the end of the
    /// reference's line to the end, and the search goes no deeper; a search that proves a
    /// result short of that has the reference's value to the end. With a table, the line may
    /// stop at an entry: a loss of the root player among three or more then has no winner to
    /// name.
    #[test]
    fn proven_results_are_the_references_to_the_end(
        (game, evaluator, depth) in tree_strategy(),
        algorithm in prop_oneof![
            Just(Algorithm::MaxN),
            Just(Algorithm::BestReply),
            Just(Algorithm::BestReplyPlus),
        ],
        with_table in any::<bool>(),
    ) {
        prop_assume!(searchable(&game));
        let end = game.plies_left + 1;
        let limits = Limits::depth(depth + 2);
        let result = if with_table && algorithm != Algorithm::MaxN {
            search_with_tt(algorithm, &game, &evaluator, &limits)
        } else {
            search(algorithm, None, &game, &evaluator, &limits).unwrap()
        };
        let (line, matches) = if algorithm == Algorithm::MaxN {
            let (scores, line) = reference_maxn(&game, &evaluator, end, 0);
            (line, result.scores.unwrap().as_slice() == &scores[..])
        } else {
            let plus = algorithm == Algorithm::BestReplyPlus;
            let (score, line) = reference_brs(&game, &evaluator, game.to_move, end, 0, plus);
            (line, result.score == score)
        };
        let expected = outcome_at_end(&game, &line, algorithm);
        prop_assert!(expected.is_some(), "the reference to the end ends the game");
        if let Some(proven) = result.proven {
            prop_assert_eq!(Some(proven), expected, "{:?}", algorithm);
            prop_assert!(matches, "{:?} proved a value that is not the reference's", algorithm);
        }
        let nameless_loss = with_table && game.players > 2 && result.score < 0;
        if depth + 2 >= end && !nameless_loss {
            prop_assert_eq!(result.proven, expected, "{:?} searched to the end", algorithm);
        }
        prop_assert!(result.depth <= end, "{:?} went on to depth {}", algorithm, result.depth);
    }
}

proptest! {
    // The references at the depth a node limit reached are expensive (best-reply minimax without
    // alpha-beta branches over every opponent's moves): fewer cases, smaller budgets.
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A node limit ends the search with the last completed iteration, which is exactly the
    /// reference at its depth.
    #[test]
    fn node_limits_return_a_completed_iteration(
        seed in any::<u64>(),
        players in 3usize..=4,
        nodes in 1u64..400,
        algorithm in prop_oneof![
            Just(Algorithm::MaxN),
            Just(Algorithm::BestReply),
            Just(Algorithm::BestReplyPlus),
        ],
    ) {
        let game = Tree::new(seed, players, 40);
        prop_assume!(searchable(&game));
        let evaluator = Split { spread: 100 };
        let result = search(algorithm, None, &game, &evaluator, &Limits::nodes(nodes)).unwrap();
        prop_assert!(result.depth >= 1);
        prop_assert!(moves_of(&game).contains(&result.best_move));
        match algorithm {
            Algorithm::MaxN => {
                let (scores, line) = reference_maxn(&game, &evaluator, result.depth, 0);
                let found = result.scores.unwrap();
                prop_assert_eq!(found.as_slice(), &scores[..]);
                prop_assert_eq!(line_of(&result), line);
            }
            _ => {
                let plus = algorithm == Algorithm::BestReplyPlus;
                let (score, line) = reference_brs(&game, &evaluator, 0, result.depth, 0, plus);
                prop_assert_eq!(result.score, score);
                prop_assert_eq!(line_of(&result), line);
            }
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Pruning, limits, the stop flag and errors.

/// Seeds of the deterministic tests below.
const SEEDS: u64 = 200;

#[test]
fn shallow_pruning_saves_nodes() {
    let evaluator = Split { spread: 10 };
    let (mut pruned, mut plain) = (0, 0);
    for seed in 0..SEEDS {
        let game = Tree::new(seed, 3, 8);
        if !searchable(&game) {
            continue;
        }
        let limits = Limits::depth(6);
        plain += search(Algorithm::MaxN, None, &game, &evaluator, &limits)
            .unwrap()
            .nodes;
        pruned += search(Algorithm::MaxN, Some(10), &game, &evaluator, &limits)
            .unwrap()
            .nodes;
    }
    assert!(pruned < plain, "pruned {pruned} nodes, plain {plain}");
}

#[test]
fn the_transposition_table_saves_nodes_and_survives_a_change_of_root_player() {
    let evaluator = Split { spread: 100 };
    for algorithm in [Algorithm::BestReply, Algorithm::BestReplyPlus] {
        let (mut with_table, mut without) = (0, 0);
        for seed in 0..SEEDS {
            let game = Tree::new(seed, 3, 12).transposing();
            if !searchable(&game) {
                continue;
            }
            let limits = Limits::depth(5);
            with_table += search_with_tt(algorithm, &game, &evaluator, &limits).nodes;
            without += search(algorithm, None, &game, &evaluator, &limits)
                .unwrap()
                .nodes;
        }
        assert!(
            with_table < without,
            "{algorithm:?}: {with_table} nodes with the table, {without} without"
        );

        // One search object for a whole game: the table's entries from earlier searches, some
        // for another root player, never change a result.
        let plus = algorithm == Algorithm::BestReplyPlus;
        let config = Config::default().with_algorithm(algorithm).with_tt_mib(1);
        let mut search = Searcher::new(config);
        let mut game = Tree::new(3, 3, 14).transposing();
        while searchable(&game) {
            let result = search
                .search(&game, &evaluator, &Limits::depth(4), &[], |_| {})
                .unwrap();
            let (score, line) = reference_brs(&game, &evaluator, game.to_move, 4, 0, plus);
            assert_eq!((result.score, result.best_move), (score, line[0].mv));
            game.play(result.best_move);
        }
    }
}

#[test]
fn a_finite_tree_is_searched_to_its_end_and_no_further() {
    let evaluator = Split { spread: 100 };
    for seed in 0..SEEDS {
        let game = Tree::new(seed, 4, 5);
        if !searchable(&game) {
            continue;
        }
        for algorithm in [
            Algorithm::MaxN,
            Algorithm::BestReply,
            Algorithm::BestReplyPlus,
        ] {
            let result = search(algorithm, None, &game, &evaluator, &Limits::default()).unwrap();
            assert!(!result.stopped);
            // Five plies of play end the tree; best-reply layers are at least a ply each.
            assert!(
                result.depth <= 5 + 1,
                "{algorithm:?} went to {}",
                result.depth
            );
        }
    }
}

#[test]
fn the_stop_flag_ends_the_search_after_the_iteration_that_raised_it() {
    let evaluator = Split { spread: 100 };
    let seed = (0..)
        .find(|&seed| searchable(&Tree::new(seed, 4, 200)))
        .unwrap();
    let game = Tree::new(seed, 4, 200);
    for algorithm in [
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
    ] {
        let flag = StopFlag::new();
        let raise = flag.clone();
        let limits = Limits::infinite(flag);
        let mut depths = Vec::new();
        let result = Searcher::new(Config::default().with_algorithm(algorithm))
            .search(&game, &evaluator, &limits, &[], |info| {
                depths.push(info.depth);
                if info.depth == 3 {
                    raise.stop();
                }
            })
            .unwrap();
        assert_eq!(depths, [1, 2, 3]);
        assert_eq!(result.depth, 3);
        assert!(result.stopped);
    }
}

#[test]
fn the_stop_flag_interrupts_a_running_iteration() {
    let evaluator = Split { spread: 100 };
    let seed = (0..)
        .find(|&seed| searchable(&Tree::new(seed, 6, 200)))
        .unwrap();
    let game = Tree::new(seed, 6, 200);
    let flag = StopFlag::new();
    let remote = flag.clone();
    // The stop arrives from another thread while the search runs; without it, the search
    // would run to depth 254 of a tree with up to 4^254 leaves.
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        remote.stop();
    });
    let result = search(
        Algorithm::MaxN,
        None,
        &game,
        &evaluator,
        &Limits::infinite(flag),
    )
    .unwrap();
    stopper.join().unwrap();
    assert!(result.stopped);
    assert!(moves_of(&game).contains(&result.best_move));
}

#[test]
fn a_time_limit_ends_the_search() {
    let evaluator = Split { spread: 100 };
    let seed = (0..)
        .find(|&seed| searchable(&Tree::new(seed, 3, 200)))
        .unwrap();
    let game = Tree::new(seed, 3, 200);
    let limits = Limits::time(
        std::time::Duration::from_millis(5),
        std::time::Duration::from_millis(10),
    );
    for algorithm in [
        Algorithm::MaxN,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
    ] {
        let result = search(algorithm, None, &game, &evaluator, &limits).unwrap();
        assert!(result.stopped);
        assert!(moves_of(&game).contains(&result.best_move));
    }
}

#[test]
fn games_that_cannot_be_searched_are_refused() {
    let evaluator = Split { spread: 100 };
    let limits = Limits::depth(2);
    let seed = (0..)
        .find(|&seed| searchable(&Tree::new(seed, 3, 4)))
        .unwrap();
    for players in [1, 7] {
        let game = Tree::new(seed, players, 4);
        assert_eq!(
            search(Algorithm::MaxN, None, &game, &evaluator, &limits),
            Err(SearchError::PlayerCount {
                algorithm: Algorithm::MaxN,
                players
            })
        );
    }
    let game = Tree::new(seed, 3, 0);
    assert_eq!(
        search(Algorithm::BestReply, None, &game, &evaluator, &limits),
        Err(SearchError::GameOver(game.outcome_without_moves()))
    );
    let game = Tree::new(seed, 3, 4);
    assert_eq!(
        search(Algorithm::MaxN, Some(-1), &game, &evaluator, &limits),
        Err(SearchError::NegativeMaxSum(-1))
    );
    let mut fixed_turns = Tree::new(seed, 3, 4);
    fixed_turns.can_set_player = false;
    assert_eq!(
        search(
            Algorithm::BestReply,
            None,
            &fixed_turns,
            &evaluator,
            &limits
        ),
        Err(SearchError::SetPlayerUnsupported)
    );
    // BRS+ and max^n do not need to set the player to move.
    for algorithm in [Algorithm::BestReplyPlus, Algorithm::MaxN] {
        assert!(search(algorithm, None, &fixed_turns, &evaluator, &limits).is_ok());
    }
    for error in [
        SearchError::PlayerCount {
            algorithm: Algorithm::MaxN,
            players: 7,
        },
        SearchError::SetPlayerUnsupported,
        SearchError::NegativeMaxSum(-1),
        SearchError::GameOver(Outcome::Draw),
    ] {
        assert!(!error.to_string().is_empty());
    }
}

// ----------------------------------------------------------------------------------------------
// Agreement with the main engine.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// With two players, best-reply search, BRS+ and the main engine's paranoid alpha-beta are
    /// all plain minimax over the root player's evaluation: the same score at the same depth.
    #[test]
    fn with_two_players_best_reply_is_the_main_engines_paranoid_search(
        seed in any::<u64>(),
        plies in 1u32..=8,
        depth in 1u32..=6,
    ) {
        let game = Tree::new(seed, 2, plies);
        prop_assume!(searchable(&game));
        let evaluator = Split { spread: 100 };
        let limits = Limits::depth(depth);
        let config = Config::plain().with_algorithm(Algorithm::Paranoid);
        let paranoid = plyforge_search::Searcher::new(config)
            .search(&game, &evaluator, &limits, &[], |_| {})
            .unwrap();
        for algorithm in [Algorithm::BestReply, Algorithm::BestReplyPlus] {
            let result = search(algorithm, None, &game, &evaluator, &limits).unwrap();
            prop_assert_eq!(result.score, paranoid.score, "{:?}", algorithm);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50))]

    /// Paranoid search's line names the player of each move, as every algorithm's does.
    #[test]
    fn paranoid_lines_name_their_players(
        seed in any::<u64>(),
        players in 2usize..=6,
        plies in 1u32..=8,
        depth in 1u32..=4,
    ) {
        let game = Tree::new(seed, players, plies);
        prop_assume!(searchable(&game));
        let evaluator = Split { spread: 100 };
        let limits = Limits::depth(depth);
        let config = Config::default().with_algorithm(Algorithm::Paranoid);
        let mut reports = 0;
        let result = Searcher::new(config)
            .search(&game, &evaluator, &limits, &[], |info| {
                reports += 1;
                assert!(info.scores.is_none());
                assert_eq!(info.pv.len(), info.pv_players.len());
            })
            .unwrap();
        prop_assert!(reports >= 1);
        let mut replay = game.clone();
        for step in line_of(&result) {
            prop_assert_eq!(step.player, replay.player_to_move());
            replay.play(step.mv);
        }
    }
}

proptest! {
    /// Algorithm names round-trip, and any other string is a typed error, never a panic.
    #[test]
    fn algorithm_names_parse_or_are_refused(text in ".{0,12}") {
        match text.parse::<Algorithm>() {
            Ok(algorithm) => prop_assert!(algorithm.name().eq_ignore_ascii_case(&text)),
            Err(error) => {
                prop_assert!(Algorithm::ALL.iter().all(|a| !a.name().eq_ignore_ascii_case(&text)));
                prop_assert!(error.to_string().contains("maxn, brs, brs+ or mcts"));
            }
        }
    }
}

/// A table the system cannot give is a typed error from `try_new` for every algorithm that
/// keeps one (alpha-beta, paranoid, best-reply), not an abort; the same configuration with a
/// small table builds and searches.
#[test]
fn impossible_table_sizes_are_errors() {
    use plyforge_search::TableSizeError;
    // A pebibyte: beyond any machine's address space.
    let impossible = 1 << 30;
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::Paranoid,
        Algorithm::BestReply,
        Algorithm::BestReplyPlus,
    ] {
        let config = Config::default()
            .with_algorithm(algorithm)
            .with_tt_mib(impossible);
        assert_eq!(
            Searcher::<Tree>::try_new(config).err(),
            Some(TableSizeError { mib: impossible })
        );
        let small = Config::default().with_algorithm(algorithm).with_tt_mib(1);
        assert!(Searcher::<Tree>::try_new(small).is_ok());
    }
    // Max^n and Monte Carlo tree search keep no table: any size builds.
    for algorithm in [Algorithm::MaxN, Algorithm::MonteCarlo] {
        let config = Config::default()
            .with_algorithm(algorithm)
            .with_tt_mib(impossible);
        assert!(Searcher::<Tree>::try_new(config).is_ok());
    }
}
