//! Tests on games solved exactly here: Nim, random synthetic trees for 2 and 3 players (against
//! plain minimax and a forced-win search), and the searcher's contract (budget, reuse,
//! determinism, errors, limits).

use super::*;
use crate::game::{Game, Outcome};
use crate::limits::{Limits, StopFlag};
use crate::moves::MoveList;
use crate::nim::{Nim, NimEvaluator};
use crate::report::SearchError;
use crate::score::Score;

/// SplitMix64's finaliser: the synthetic trees' hashes.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A random game tree: `2..=4` moves per node, the game over at `depth` plies with a winner
/// (or a draw) drawn from the position's hash, players moving in turn.
#[derive(Debug, Clone)]
struct Synthetic {
    hash: u64,
    ply: u32,
    depth: u32,
    players: usize,
}

impl Synthetic {
    fn new(seed: u64, players: usize, depth: u32) -> Self {
        Synthetic {
            hash: mix(seed),
            ply: 0,
            depth,
            players,
        }
    }

    fn children(&self) -> Vec<Synthetic> {
        let mut moves = MoveList::default();
        self.generate_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play(mv);
                child
            })
            .collect()
    }
}

impl Game for Synthetic {
    type Move = u8;
    type Moves = MoveList<u8, 4>;

    fn player_count(&self) -> usize {
        self.players
    }

    fn player_to_move(&self) -> usize {
        self.ply as usize % self.players
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.ply < self.depth {
            moves.extend(0..2 + (self.hash % 3) as u8);
        }
    }

    fn play(&mut self, mv: u8) {
        self.hash = mix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0x1234_5678_9abc_def1));
        self.ply += 1;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        if self.ply < self.depth {
            return None;
        }
        // A draw one time in ten, otherwise a winner.
        let roll = (self.hash >> 32) % (10 * self.players as u64);
        if roll < self.players as u64 {
            Some(Outcome::Draw)
        } else {
            Some(Outcome::Win((roll % self.players as u64) as usize))
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_key(mv: u8) -> u16 {
        u16::from(mv)
    }
}

/// An evaluator that knows nothing: rollouts must find the results.
fn neutral<G: Game>(_: &G, _: usize) -> Score {
    0
}

/// Player 0's minimax value of a two-player synthetic tree: 1 win, 0 draw, -1 loss.
fn minimax(game: &Synthetic) -> i32 {
    if let Some(outcome) = game.outcome_by_rule() {
        return match outcome {
            Outcome::Win(0) => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        };
    }
    let values = game.children().iter().map(minimax).collect::<Vec<_>>();
    if game.player_to_move() == 0 {
        *values
            .iter()
            .max()
            .expect("a node before the end has moves")
    } else {
        *values
            .iter()
            .min()
            .expect("a node before the end has moves")
    }
}

/// Whether player 0 wins whatever the others do.
fn forced_win(game: &Synthetic) -> bool {
    if let Some(outcome) = game.outcome_by_rule() {
        return outcome == Outcome::Win(0);
    }
    let children = game.children();
    if game.player_to_move() == 0 {
        children.iter().any(forced_win)
    } else {
        children.iter().all(forced_win)
    }
}

fn iterations(count: u64) -> MctsConfig {
    MctsConfig::default().with_max_iterations(Some(count))
}

#[test]
fn solver_proves_nim() {
    for stones in 1..=14 {
        let mut mcts = Mcts::new(iterations(50_000).with_seed(stones.into()), 1);
        let result = mcts
            .search(&Nim::new(stones), &NimEvaluator, &Limits::default(), |_| {})
            .unwrap();
        let winner = if stones % 4 == 0 { 1 } else { 0 };
        assert_eq!(result.proven, Some(Outcome::Win(winner)), "{stones} stones");
        assert_eq!(result.stop, StopReason::Solved);
        if winner == 0 {
            assert_eq!(result.best_move, stones % 4, "{stones} stones");
            assert_eq!(result.values[0], 1.0, "a proven win is worth 1");
        }
    }
}

#[test]
fn uct_converges_to_the_minimax_move() {
    let mut tested = 0;
    for seed in 0..200 {
        let root = Synthetic::new(seed, 2, 6);
        let values: Vec<i32> = root.children().iter().map(minimax).collect();
        let best = *values.iter().max().unwrap();
        // Only trees with one best move tell a right answer from a lucky one.
        if values.iter().filter(|&&v| v == best).count() != 1 {
            continue;
        }
        tested += 1;
        let config = iterations(30_000).with_solver(false).with_seed(seed);
        let result = Mcts::new(config, 1)
            .search(&root, &neutral, &Limits::default(), |_| {})
            .unwrap();
        let chosen = values[usize::from(result.best_move)];
        assert_eq!(chosen, best, "seed {seed}: values {values:?}, {result:?}");
        if tested == 12 {
            break;
        }
    }
    assert_eq!(tested, 12);
}

#[test]
fn solver_agrees_with_minimax_on_synthetic_trees() {
    for seed in 0..12 {
        let root = Synthetic::new(seed, 2, 6);
        let result = Mcts::new(iterations(100_000).with_seed(seed), 1)
            .search(&root, &neutral, &Limits::default(), |_| {})
            .unwrap();
        let expected = match minimax(&root) {
            1 => Outcome::Win(0),
            -1 => Outcome::Win(1),
            _ => Outcome::Draw,
        };
        assert_eq!(result.proven, Some(expected), "seed {seed}");
        let mut child = root.clone();
        child.play(result.best_move);
        assert_eq!(minimax(&child), minimax(&root), "seed {seed}: a best move");
    }
}

#[test]
fn three_players_forced_win_is_found() {
    let mut tested = 0;
    for seed in 0..400 {
        let root = Synthetic::new(seed, 3, 4);
        let children = root.children();
        let winning: Vec<bool> = children.iter().map(forced_win).collect();
        // A forced win four plies deep, and a wrong move to choose.
        if !winning.iter().any(|&w| w) || winning.iter().all(|&w| w) {
            continue;
        }
        tested += 1;
        for solver in [true, false] {
            let config = iterations(40_000).with_solver(solver).with_seed(seed);
            let result = Mcts::new(config, 1)
                .search(&root, &neutral, &Limits::default(), |_| {})
                .unwrap();
            assert!(
                winning[usize::from(result.best_move)],
                "seed {seed}, solver {solver}: {winning:?} {result:?}"
            );
            if solver {
                assert_eq!(result.proven, Some(Outcome::Win(0)), "seed {seed}");
            }
        }
        if tested == 6 {
            break;
        }
    }
    assert_eq!(tested, 6);
}

#[test]
fn one_thread_and_a_seed_are_deterministic() {
    let search = |seed| {
        let config = iterations(3_000).with_seed(seed).with_solver(false);
        Mcts::new(config, 1)
            .search(
                &Synthetic::new(5, 3, 12),
                &neutral,
                &Limits::default(),
                |_| {},
            )
            .unwrap()
    };
    let (a, b, c) = (search(1), search(1), search(2));
    assert_eq!(a.root_moves, b.root_moves);
    assert_eq!(a.pv, b.pv);
    assert_eq!(a.nodes, b.nodes);
    assert_ne!(a.root_moves, c.root_moves, "another seed, other rollouts");
}

#[test]
fn a_full_tree_stops_the_search_with_a_move() {
    let config = iterations(100_000).with_max_nodes(200).with_solver(false);
    let root = Synthetic::new(3, 2, 30);
    let result = Mcts::new(config, 1)
        .search(&root, &neutral, &Limits::default(), |_| {})
        .unwrap();
    assert_eq!(result.stop, StopReason::NodeBudget);
    assert!(result.tree_nodes <= 200);
    assert!(result.iterations < 100_000);
    assert!(root.children().len() > usize::from(result.best_move));
}

#[test]
fn a_budget_too_small_is_an_error() {
    let root = Nim::new(10);
    let error = Mcts::new(MctsConfig::default().with_max_nodes(3), 1)
        .search(&root, &NimEvaluator, &Limits::default(), |_| {})
        .unwrap_err();
    assert_eq!(
        error,
        SearchError::NodeBudget {
            per_thread: 3,
            needed: 4
        }
    );
    // Two threads share the budget: 7 nodes leave 3 each.
    let error = Mcts::new(MctsConfig::default().with_max_nodes(7), 2)
        .search(&root, &NimEvaluator, &Limits::default(), |_| {})
        .unwrap_err();
    assert!(matches!(
        error,
        SearchError::NodeBudget { per_thread: 3, .. }
    ));
}

#[test]
fn finished_games_and_player_counts_are_refused() {
    let mut mcts = Mcts::new(MctsConfig::default(), 1);
    let over = Nim::new(0);
    assert!(matches!(
        mcts.search(&over, &NimEvaluator, &Limits::default(), |_| {}),
        Err(SearchError::GameOver(_))
    ));
    for players in [1, 7] {
        let game = Synthetic::new(0, players, 4);
        let error = Mcts::new(MctsConfig::default(), 1)
            .search(&game, &neutral, &Limits::default(), |_| {})
            .unwrap_err();
        assert_eq!(
            error,
            SearchError::PlayerCount {
                algorithm: crate::Algorithm::MonteCarlo,
                players
            }
        );
    }
}

#[test]
fn tree_reuse_keeps_the_visits_below_the_played_moves() {
    let root_visits =
        |result: &MctsResult<u8>| result.root_moves.iter().map(|m| m.visits).sum::<u64>();
    for reuse in [true, false] {
        let config = iterations(4_000).with_solver(false).with_tree_reuse(reuse);
        let mut mcts = Mcts::new(config, 1);
        let mut game = Synthetic::new(11, 3, 40);
        let first = mcts
            .search(&game, &neutral, &Limits::default(), |_| {})
            .unwrap();
        // Follow the principal variation for one round of play.
        for &mv in &first.pv[..3] {
            game.play(mv);
        }
        mcts.set_max_iterations(Some(1));
        let next = mcts
            .search(&game, &neutral, &Limits::default(), |_| {})
            .unwrap();
        if reuse {
            assert!(
                root_visits(&next) > 50,
                "the subtree's visits are kept: {next:?}"
            );
        } else {
            assert_eq!(root_visits(&next), 1, "a fresh tree");
        }
    }
}

#[test]
fn limits_end_the_search() {
    let game = Synthetic::new(2, 2, 60);
    let mut mcts = Mcts::new(MctsConfig::default().with_solver(false), 1);
    let result = mcts
        .search(&game, &neutral, &Limits::nodes(5_000), |_| {})
        .unwrap();
    assert_eq!(result.stop, StopReason::Nodes);
    assert!((5_000..5_100).contains(&result.nodes), "{}", result.nodes);
    let flag = StopFlag::new();
    flag.stop();
    let result = Mcts::new(MctsConfig::default(), 1)
        .search(&game, &neutral, &Limits::infinite(flag), |_| {})
        .unwrap();
    assert_eq!(result.stop, StopReason::Flag);
    let time = std::time::Duration::from_millis(30);
    let result = Mcts::new(MctsConfig::default(), 1)
        .search(&game, &neutral, &Limits::time(time, time), |_| {})
        .unwrap();
    assert_eq!(result.stop, StopReason::Time);
    assert!(result.time < 4 * time);
    let result = Mcts::new(iterations(2_000).with_solver(false), 1)
        .search(&game, &neutral, &Limits::depth(2), |_| {})
        .unwrap();
    assert!(result.depth <= 2);
}

#[test]
fn reports_come_at_intervals_and_at_the_end() {
    let game = Synthetic::new(2, 2, 60);
    let config = MctsConfig::default().with_report_interval(std::time::Duration::from_millis(5));
    // Long enough for three reports even on a loaded machine.
    let time = std::time::Duration::from_millis(300);
    let mut reports = Vec::new();
    let result = Mcts::new(config, 1)
        .search(&game, &neutral, &Limits::time(time, time), |info| {
            reports.push((info.nodes, info.pv.len()));
        })
        .unwrap();
    assert!(reports.len() >= 3, "{reports:?}");
    assert!(reports.windows(2).all(|pair| pair[0].0 <= pair[1].0));
    assert_eq!(reports.last().unwrap().0, result.nodes);
}

#[test]
fn two_threads_merge_their_trees() {
    let config = iterations(8_000).with_solver(false);
    let root = Synthetic::new(9, 2, 8);
    let result = Mcts::new(config, 2)
        .search(&root, &neutral, &Limits::default(), |_| {})
        .unwrap();
    assert_eq!(result.iterations, 8_000);
    let visits: u64 = result.root_moves.iter().map(|m| m.visits).sum();
    // Each tree's first iteration expands its root without visiting a child.
    assert!((7_990..=8_000).contains(&visits), "{visits}");
    let mut position = root.clone();
    for &mv in &result.pv {
        let mut moves = MoveList::<u8, 4>::default();
        position.generate_moves(&mut moves);
        assert!(moves.as_slice().contains(&mv), "the PV is legal");
        position.play(mv);
    }
}

#[test]
fn evaluation_at_the_leaf_follows_the_evaluator() {
    // With the rollout cut off at the leaf and an exact evaluator, Nim is played perfectly.
    let config = iterations(3_000)
        .with_rollout_limit(Some(0))
        .with_solver(false);
    for stones in [5, 6, 7, 9, 10, 11] {
        let result = Mcts::new(config.clone(), 1)
            .search(&Nim::new(stones), &NimEvaluator, &Limits::default(), |_| {})
            .unwrap();
        assert_eq!(result.best_move, stones % 4, "{stones} stones");
    }
}

#[test]
fn hint_greedy_and_decisive_rollouts_search() {
    let config = iterations(5_000)
        .with_rollout(Rollout::HintGreedy { epsilon: 0.2 })
        .with_decisive_moves(true)
        .with_solver(false);
    let result = Mcts::new(config, 1)
        .search(&Nim::new(7), &NimEvaluator, &Limits::default(), |_| {})
        .unwrap();
    assert_eq!(result.best_move, 3);
}

#[test]
fn progressive_bias_guides_the_search_with_the_evaluation() {
    // Rollouts to the end, and an exact evaluation as the prior only: with few iterations the
    // prior finds every winning move, plain UCT does not.
    let config = iterations(60).with_solver(false);
    let right = |config: &MctsConfig| {
        [17, 18, 19, 21, 22, 23, 25, 26, 27]
            .iter()
            .filter(|&&stones| {
                let result = Mcts::new(config.clone(), 1)
                    .search(&Nim::new(stones), &NimEvaluator, &Limits::default(), |_| {})
                    .unwrap();
                result.best_move == stones % 4
            })
            .count()
    };
    assert_eq!(right(&config.clone().with_prior_weight(10.0)), 9);
    assert!(right(&config) < 9);
}

#[test]
fn zero_limits_still_search_one_iteration() {
    for threads in [1, 2] {
        let config = iterations(0);
        let result = Mcts::new(config, threads)
            .search(&Nim::new(10), &NimEvaluator, &Limits::nodes(0), |_| {})
            .unwrap();
        assert_eq!(result.iterations, threads as u64);
        assert!((1..=3).contains(&result.best_move));
    }
}

#[test]
fn a_node_stays_small() {
    // The figure the configuration's documentation gives for the node budget's memory.
    assert!(core::mem::size_of::<super::tree::Node<u8>>() <= 44);
}

/// A heuristic for the synthetic trees: scores drawn from the position's hash, different for
/// every player, so that the evaluator has a definite max^n value at every depth.
fn hashed(game: &Synthetic, player: usize) -> Score {
    (mix(game.hash ^ player as u64) % 601) as Score - 300
}

/// The evaluation's rewards at `game`, as the search turns them (scale 100).
fn evaluated(game: &Synthetic) -> [f32; crate::game::MAX_PLAYERS] {
    super::rollout::eval_rewards(game, &hashed, game.players, 100.0)
}

/// The max^n value vector of `game` searched `depth` plies with [`hashed`] at the leaves (the
/// games here do not end that soon); ties go to the first move.
fn max_n(game: &Synthetic, depth: u32) -> [f32; crate::game::MAX_PLAYERS] {
    if depth == 0 {
        return evaluated(game);
    }
    let mover = game.player_to_move();
    game.children()
        .iter()
        .map(|child| max_n(child, depth - 1))
        .reduce(|best, value| {
            if value[mover] > best[mover] {
                value
            } else {
                best
            }
        })
        .expect("the synthetic games here do not end within the depth")
}

/// Checks, over the whole tree below `node` (at `game`), that each expanded node's implicit
/// value is the max^n backup of its visited children's and each visited leaf's is its
/// evaluation. Returns the nodes checked: the visited ones.
fn check_implicit_values(
    tree: &super::tree::Tree<Synthetic>,
    node: usize,
    game: &Synthetic,
) -> usize {
    let parent = &tree.nodes[node];
    if parent.visits == 0 {
        return 0;
    }
    if parent.state != super::tree::State::Expanded {
        assert_eq!(
            tree.values[node],
            evaluated(game),
            "a leaf's value is its evaluation"
        );
        return 1;
    }
    let mover = game.player_to_move();
    let mut best: Option<usize> = None;
    let mut checked = 1;
    for index in parent.children() {
        let visited = tree.nodes[index].visits > 0;
        if visited && best.is_none_or(|best| tree.values[index][mover] > tree.values[best][mover]) {
            best = Some(index);
        }
        let mut child = game.clone();
        child.play(tree.nodes[index].mv.unwrap());
        checked += check_implicit_values(tree, index, &child);
    }
    let best = best.expect("a visited expanded node has a visited child");
    assert_eq!(
        tree.values[node], tree.values[best],
        "max^n backup at ply {}",
        game.ply
    );
    checked
}

#[test]
fn implicit_values_are_the_max_n_backup_of_the_children() {
    for players in [2, 3, 4] {
        let config = iterations(3_000)
            .with_rollout_limit(Some(2))
            .with_implicit_weight(0.4)
            .with_seed(players as u64);
        let mut mcts = Mcts::new(config, 1);
        let mut game = Synthetic::new(5, players, 60);
        let first = mcts
            .search(&game, &hashed, &Limits::default(), |_| {})
            .unwrap();
        let tree = &mcts.trees[0];
        assert_eq!(tree.values.len(), tree.nodes.len());
        let visited = tree.nodes.iter().filter(|node| node.visits > 0).count();
        assert!(visited > 1_000);
        assert_eq!(check_implicit_values(tree, 0, &game), visited);
        // After one round of play the kept subtree keeps its values beside its nodes.
        for &mv in &first.pv[..players] {
            game.play(mv);
        }
        mcts.set_max_iterations(Some(500));
        mcts.search(&game, &hashed, &Limits::default(), |_| {})
            .unwrap();
        let tree = &mcts.trees[0];
        assert!(tree.nodes[0].visits > 500, "the subtree was kept");
        let visited = tree.nodes.iter().filter(|node| node.visits > 0).count();
        assert_eq!(check_implicit_values(tree, 0, &game), visited);
    }
}

#[test]
fn implicit_weight_one_finds_the_max_n_move_of_the_evaluator() {
    // With the tree limited to 3 plies, the nodes at its bottom evaluated, and the implicit
    // value alone guiding selection, the search is a best-first max^n search of the evaluation:
    // with enough iterations to visit the whole small tree, the root's value is the depth-3
    // max^n value and the most visited move the max^n move.
    for players in [2, 3] {
        for (seed, root, values, best) in roots_with_a_clear_best_move(players) {
            // Exploration high enough for every node of the small tree to be visited: a
            // subtree seen in part has a partial max^n value.
            let config = iterations(50_000)
                .with_exploration(2.0)
                .with_rollout_limit(Some(0))
                .with_implicit_weight(1.0)
                .with_solver(false)
                .with_seed(seed);
            let mut mcts = Mcts::new(config, 1);
            let result = mcts
                .search(&root, &hashed, &Limits::depth(3), |_| {})
                .unwrap();
            let chosen = values[usize::from(result.best_move)];
            assert_eq!(chosen, best, "{players} players, seed {seed}: {values:?}");
            assert_eq!(mcts.trees[0].values[0], max_n(&root, 3), "the root's value");
        }
    }
}

/// The first ten synthetic roots of `players` (seeds from 0) with a clear best move by the
/// depth-3 max^n value, each with its seed, its moves' values and the best of them: a near tie
/// is a coin toss for any search.
fn roots_with_a_clear_best_move(players: usize) -> Vec<(u64, Synthetic, Vec<f32>, f32)> {
    let roots: Vec<_> = (0..100)
        .filter_map(|seed| {
            let root = Synthetic::new(seed, players, 60);
            let values: Vec<f32> = root
                .children()
                .iter()
                .map(|child| max_n(child, 2)[0])
                .collect();
            let mut sorted = values.clone();
            sorted.sort_by(|a, b| b.total_cmp(a));
            (sorted[0] - sorted[1] >= 0.05).then_some((seed, root, values, sorted[0]))
        })
        .take(10)
        .collect();
    assert_eq!(roots.len(), 10, "{players} players");
    roots
}

#[test]
fn implicit_values_are_off_by_default() {
    let mut mcts = Mcts::new(iterations(500), 1);
    mcts.search(
        &Synthetic::new(3, 3, 60),
        &hashed,
        &Limits::default(),
        |_| {},
    )
    .unwrap();
    assert!(mcts.trees[0].nodes.len() > 100);
    assert!(mcts.trees[0].values.is_empty(), "no memory spent on them");
}

/// The rollout settings of a leaf search of `depth` plies with [`hashed`] on the scale 100.
fn leaf_search(
    players: usize,
    depth: u32,
) -> super::rollout::RolloutSettings<'static, Synthetic, fn(&Synthetic, usize) -> Score, Uniform> {
    super::rollout::RolloutSettings {
        evaluator: &(hashed as fn(&Synthetic, usize) -> Score),
        policy: &Uniform,
        players,
        limit: Some(0),
        eval_scale: 100.0,
        decisive_moves: false,
        leaf_search_depth: depth,
        cut_off_player: None,
        _game: core::marker::PhantomData,
    }
}

#[test]
fn leaf_search_is_max_n_and_prunes_two_players() {
    for players in [2, 3, 4] {
        for depth in 0..=3 {
            let (mut searched, mut full) = (0, 0);
            for seed in 0..50 {
                let root = Synthetic::new(seed, players, 60);
                let mut nodes = 0;
                let value = leaf_search(players, depth).evaluate(&mut root.clone(), &mut nodes);
                assert_eq!(
                    value,
                    max_n(&root, depth),
                    "{players} players, depth {depth}, seed {seed}"
                );
                searched += nodes;
                full += (1..=depth).map(|ply| count_plies(&root, ply)).sum::<u64>();
            }
            if depth == 0 {
                assert_eq!(searched, 0);
            } else if depth >= 2 && players == 2 {
                // Alpha-beta: the rewards of two players add up to 1.
                assert!(
                    searched < full,
                    "{searched} plies of {full} at depth {depth}"
                );
            } else {
                assert!(searched <= full);
            }
        }
    }
}

/// The positions `ply` plies below `game`.
fn count_plies(game: &Synthetic, ply: u32) -> u64 {
    if ply == 0 {
        return 1;
    }
    game.children()
        .iter()
        .map(|child| count_plies(child, ply - 1))
        .sum()
}

#[test]
fn leaf_search_scores_the_leaves_of_the_tree() {
    // Leaves scored by a 2-ply search and backed up by implicit minimax with weight 1 over a
    // tree of 1 ply: the search finds the depth-3 max^n move and value, as a search of a tree
    // of 3 plies with bare evaluations does.
    for players in [2, 3] {
        for (seed, root, values, best) in roots_with_a_clear_best_move(players) {
            // No exploration: once every move is visited the best value takes the visits.
            let config = iterations(100)
                .with_exploration(0.0)
                .with_rollout_limit(Some(0))
                .with_implicit_weight(1.0)
                .with_leaf_search_depth(2)
                .with_solver(false)
                .with_seed(seed);
            let mut mcts = Mcts::new(config, 1);
            let result = mcts
                .search(&root, &hashed, &Limits::depth(1), |_| {})
                .unwrap();
            assert_eq!(
                values[usize::from(result.best_move)],
                best,
                "{players} players, seed {seed}: {values:?}"
            );
            assert_eq!(mcts.trees[0].values[0], max_n(&root, 3), "the root's value");
            // The leaf searches' plies count as nodes: more than the tree's own.
            assert!(result.nodes > 2 * values.len() as u64);
        }
    }
}

#[test]
fn cut_offs_on_the_root_turn_evaluate_only_there() {
    // Evaluations are counted by the player to move at the evaluated position.
    use std::sync::atomic::{AtomicU64, Ordering};
    for (players, implicit) in [(2, 0.0), (3, 0.0), (2, 0.4), (3, 0.4)] {
        let root = Synthetic::new(5, players, 60);
        let root_player = root.player_to_move();
        for on in [false, true] {
            let (root_turn, other_turn) = (AtomicU64::new(0), AtomicU64::new(0));
            let evaluator = |game: &Synthetic, player: usize| {
                let count = if game.player_to_move() == root_player {
                    &root_turn
                } else {
                    &other_turn
                };
                count.fetch_add(1, Ordering::Relaxed);
                hashed(game, player)
            };
            // Rollouts of one ply: without the option, most cut-offs are on another turn, and
            // so are most new nodes, whose implicit values are evaluations too.
            let config = iterations(300)
                .with_rollout_limit(Some(1))
                .with_implicit_weight(implicit)
                .with_cut_off_on_root_turn(on);
            Mcts::new(config, 1)
                .search(&root, &evaluator, &Limits::default(), |_| {})
                .unwrap();
            let (root_turn, other_turn) = (root_turn.into_inner(), other_turn.into_inner());
            assert!(root_turn > 0, "{players} players, on: {on}");
            assert_eq!(other_turn == 0, on, "{players} players: {other_turn}");
        }
    }
}
