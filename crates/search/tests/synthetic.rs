//! Searches on synthetic game trees against brute-force references of the same definition:
//! every exact technique (alpha-beta, PVS, aspiration windows, the transposition table, move
//! ordering) must return exactly the plain minimax value at a fixed depth, for two-player
//! negamax and for paranoid search with 3 and 4 players.

use plyforge_search::Techniques;
use plyforge_search::score::{EVAL_LIMIT, Score, loss_in, plies_to_end, win_in};
use plyforge_search::{
    Algorithm, Config, Evaluator, Game, Limits, MoveList, Outcome, ScoreBound, SearchError,
    SearchParameters, SearchResult, Searcher, StopFlag,
};
use proptest::prelude::*;

/// SplitMix64: the node hashes and everything derived from them.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Most children of a synthetic node.
const MAX_CHILDREN: usize = 6;

/// A random tree: each node's children, outcome and leaf values follow from its hash, which
/// mixes the path from the root into the tree's seed.
#[derive(Debug, Clone)]
struct Tree {
    hash: u64,
    player: usize,
    players: usize,
    ply: u32,
    last_mover: usize,
    branching: usize,
    /// No outcomes and no dead ends: a tree no search can finish.
    endless: bool,
}

impl Tree {
    fn new(seed: u64, players: usize, branching: usize) -> Self {
        Tree {
            hash: mix(seed),
            player: 0,
            players,
            ply: 0,
            last_mover: 0,
            branching,
            endless: false,
        }
    }

    fn endless(seed: u64) -> Self {
        Tree {
            endless: true,
            ..Tree::new(seed, 2, MAX_CHILDREN)
        }
    }
}

impl Game for Tree {
    type Move = u8;
    type Moves = MoveList<u8, MAX_CHILDREN>;

    fn player_count(&self) -> usize {
        self.players
    }

    fn player_to_move(&self) -> usize {
        self.player
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        // One node in eight below the root is a dead end (no moves: a draw).
        if !self.endless && self.ply > 0 && mix(self.hash ^ 1).is_multiple_of(8) {
            return;
        }
        let count = 1 + (mix(self.hash ^ 2) % self.branching as u64) as u8;
        for mv in 0..count {
            moves.push(mv);
        }
    }

    fn play(&mut self, mv: u8) {
        self.hash = mix(self.hash ^ (mv as u64 + 1).wrapping_mul(0x1000_0000_01b3));
        self.last_mover = self.player;
        self.player = (self.player + 1) % self.players;
        self.ply += 1;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        // One node in ten below the root ends the game: mostly a win for the last mover.
        if self.endless || self.ply == 0 || !mix(self.hash ^ 3).is_multiple_of(10) {
            return None;
        }
        Some(match mix(self.hash ^ 4) % 4 {
            0 => Outcome::Draw,
            1 => Outcome::Win(self.player),
            _ => Outcome::Win(self.last_mover),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_key(mv: u8) -> u16 {
        mv as u16
    }

    fn move_order_hint(&self, mv: u8) -> i32 {
        (mix(self.hash ^ mv as u64) % 100) as i32
    }
}

/// Leaf values from the hash; zero-sum for two players, independent per player otherwise.
struct TreeEval;

impl Evaluator<Tree> for TreeEval {
    fn evaluate(&self, game: &Tree, player: usize) -> Score {
        let value = |p: usize| (mix(game.hash ^ (0x55 + p as u64)) % 201) as Score - 100;
        if game.players == 2 {
            if player == 0 { value(0) } else { -value(0) }
        } else {
            value(player)
        }
    }
}

fn children(game: &Tree) -> Vec<Tree> {
    let mut moves = <Tree as Game>::Moves::default();
    game.generate_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            child
        })
        .collect()
}

/// Plain negamax, from the view of the player to move.
fn minimax(game: &Tree, depth: u32, ply: usize) -> Score {
    if let Some(outcome) = game.outcome_by_rule() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == game.player => win_in(ply),
            Outcome::Win(_) => loss_in(ply),
        };
    }
    if depth == 0 {
        return TreeEval
            .evaluate(game, game.player)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    let children = children(game);
    if children.is_empty() {
        return 0;
    }
    children
        .iter()
        .map(|child| -minimax(child, depth - 1, ply + 1))
        .max()
        .unwrap()
}

/// Brute-force paranoid value from the root player's view: the root player maximises, every
/// other player minimises.
fn paranoid(game: &Tree, root: usize, depth: u32, ply: usize) -> Score {
    if let Some(outcome) = game.outcome_by_rule() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == root => win_in(ply),
            Outcome::Win(_) => loss_in(ply),
        };
    }
    if depth == 0 {
        return TreeEval.evaluate(game, root);
    }
    let children = children(game);
    if children.is_empty() {
        return 0;
    }
    let values = children
        .iter()
        .map(|child| paranoid(child, root, depth - 1, ply + 1));
    if game.player == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The configurations that must all give the plain minimax value, each adding one technique.
/// Exact configurations whose lines after the first start with the narrowest window (so that
/// they fail and re-search often, and skip the moves an earlier line bounded) and with the
/// widest one (its bounds saturate).
fn later_line_windows() -> Vec<(&'static str, Config)> {
    let with_later_window = |window: Score| {
        let config = Config::exact().with_tt_mib(1).with_aspiration_window(3);
        let parameters = SearchParameters {
            aspiration_window_later_lines: window,
            ..config.parameters
        };
        config.with_parameters(parameters)
    };
    vec![
        ("later lines, narrowest window", with_later_window(1)),
        ("later lines, widest window", with_later_window(Score::MAX)),
    ]
}

fn exact_configs(mode: Algorithm) -> Vec<(&'static str, Config)> {
    let plain = Config::plain().with_algorithm(mode).with_tt_mib(1);
    let iterative = plain
        .clone()
        .with_technique(Techniques::ITERATIVE_DEEPENING, true);
    let pvs = iterative.clone().with_technique(Techniques::PVS, true);
    // Narrow, so that the windows fail and re-search often.
    let aspiration = pvs
        .clone()
        .with_technique(Techniques::ASPIRATION, true)
        .with_aspiration_window(3);
    let tt = aspiration.clone().with_technique(Techniques::TT, true);
    let ordered = Config::exact()
        .with_algorithm(mode)
        .with_tt_mib(1)
        .with_aspiration_window(3);
    // Any window a user may set: the widest (its bounds saturate) and a negative one (taken
    // as the narrowest).
    let widest_window = tt.clone().with_aspiration_window(Score::MAX);
    let negative_window = tt.clone().with_aspiration_window(Score::MIN);
    vec![
        ("aspiration, widest window", widest_window),
        ("aspiration, negative window", negative_window),
        ("alpha-beta", plain),
        ("iterative deepening", iterative),
        ("pvs", pvs),
        ("aspiration", aspiration),
        ("tt", tt),
        ("ordering", ordered),
    ]
}

/// The value of the line starting with `pv` by the reference, from the root view.
fn check_pv_legal(root: &Tree, pv: &[u8]) {
    let mut game = root.clone();
    for &mv in pv {
        let mut moves = <Tree as Game>::Moves::default();
        game.generate_moves(&mut moves);
        assert!(
            game.outcome_by_rule().is_none(),
            "pv continues after the end"
        );
        assert!(moves.as_slice().contains(&mv), "pv move {mv} is not legal");
        game.play(mv);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn negamax_equals_minimax(seed in any::<u64>(), depth in 1u32..=6, branching in 2usize..=MAX_CHILDREN) {
        let root = Tree::new(seed, 2, branching);
        prop_assume!(!children(&root).is_empty());
        let expected = minimax(&root, depth, 0);
        for (name, config) in exact_configs(Algorithm::AlphaBeta) {
            let mut searcher = Searcher::new(config);
            let result = searcher.search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {}).unwrap();
            prop_assert_eq!(result.score, expected, "{} differs", name);
            prop_assert_eq!(result.pv.first(), Some(&result.best_move));
            check_pv_legal(&root, &result.pv);
            // The chosen move achieves the value.
            let mut child = root.clone();
            child.play(result.best_move);
            prop_assert_eq!(-minimax(&child, depth - 1, 1), expected, "{} best move", name);
        }
    }

    #[test]
    fn paranoid_equals_brute_force(seed in any::<u64>(), depth in 1u32..=6, players in 3usize..=4, branching in 2usize..=5) {
        let root = Tree::new(seed, players, branching);
        prop_assume!(!children(&root).is_empty());
        let expected = paranoid(&root, 0, depth, 0);
        for (name, config) in exact_configs(Algorithm::Paranoid) {
            let mut searcher = Searcher::new(config);
            let result = searcher.search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {}).unwrap();
            prop_assert_eq!(result.score, expected, "{} differs", name);
            check_pv_legal(&root, &result.pv);
            let mut child = root.clone();
            child.play(result.best_move);
            prop_assert_eq!(paranoid(&child, 0, depth - 1, 1), expected, "{} best move", name);
        }
    }

    #[test]
    fn two_player_paranoid_is_negamax(seed in any::<u64>(), depth in 1u32..=5) {
        let root = Tree::new(seed, 2, 4);
        let negamax = Searcher::new(Config::exact()).search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {});
        let paranoid = Searcher::new(Config::exact().with_algorithm(Algorithm::Paranoid))
            .search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {});
        prop_assert_eq!(negamax.map(|r| r.score), paranoid.map(|r| r.score));
    }
}

/// Whether the search completed the depth limit, or stopped short of it on a result no deeper
/// iteration can change, proven: a win or loss within the depth searched, or a draw of a tree
/// searched to its end.
fn reaches(result: &SearchResult<u8>, depth: u32) -> bool {
    let settled = match result.proven {
        Some(Outcome::Draw) => result.score == 0,
        Some(Outcome::Win(_)) => {
            plies_to_end(result.score).is_some_and(|plies| plies.unsigned_abs() <= result.depth)
        }
        None => false,
    };
    result.depth == depth || (result.depth < depth && settled)
}

/// The value of each root move by plain minimax, `depth` plies deep, from the root's view.
fn root_move_values(root: &Tree, depth: u32) -> Vec<(u8, Score)> {
    let mut moves = <Tree as Game>::Moves::default();
    root.generate_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let mut child = root.clone();
            child.play(mv);
            (mv, -minimax(&child, depth - 1, 1))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Several lines (MultiPV): the k best root moves by minimax, best first, each with its
    /// exact value, at every exact configuration.
    #[test]
    fn multi_pv_lines_are_the_best_root_moves_by_minimax(
        seed in any::<u64>(),
        depth in 1u32..=5,
        branching in 2usize..=MAX_CHILDREN,
        lines in 1usize..=4,
    ) {
        let root = Tree::new(seed, 2, branching);
        let values = root_move_values(&root, depth);
        prop_assume!(!values.is_empty());
        let mut expected: Vec<Score> = values.iter().map(|&(_, value)| value).collect();
        expected.sort_by(|a, b| b.cmp(a));
        expected.truncate(lines);
        for (name, config) in exact_configs(Algorithm::AlphaBeta).into_iter().chain(later_line_windows()) {
            let limits = Limits::depth(depth).with_multi_pv(lines);
            let result = Searcher::new(config).search(&root, &TreeEval, &limits, &[], |_| {}).unwrap();
            let scores: Vec<Score> = result.lines.iter().map(|line| line.score).collect();
            prop_assert_eq!(&scores, &expected, "{} lines", name);
            let mut firsts: Vec<u8> = result.lines.iter().map(|line| line.pv[0]).collect();
            for line in &result.lines {
                let value = values.iter().find(|&&(mv, _)| mv == line.pv[0]).unwrap().1;
                prop_assert_eq!(value, line.score, "{} line of {}", name, line.pv[0]);
                prop_assert_eq!(line.bound, ScoreBound::Exact);
                prop_assert!(reaches(&result, depth), "{} stopped at depth {}", name, result.depth);
                prop_assert_eq!(line.depth, result.depth);
                check_pv_legal(&root, &line.pv);
            }
            prop_assert_eq!(result.best_move, firsts[0]);
            prop_assert_eq!(result.score, expected[0]);
            firsts.sort_unstable();
            firsts.dedup();
            prop_assert_eq!(firsts.len(), result.lines.len(), "{} repeats a move", name);
        }
    }

    /// Every progress report carries a legal line, the reports of failed aspiration windows
    /// (a window that failed low has no line of its own) too.
    #[test]
    fn reports_after_failed_windows_carry_a_line(seed in any::<u64>(), lines in 1usize..=3) {
        let root = Tree::new(seed, 2, MAX_CHILDREN);
        let config = Config::exact().with_tt_mib(1).with_aspiration_window(1);
        let limits = Limits::depth(6).with_multi_pv(lines);
        let mut reports = Vec::new();
        Searcher::new(config)
            .search(&root, &TreeEval, &limits, &[], |info| {
                reports.push((info.bound, info.pv.to_vec()))
            })
            .unwrap();
        for (bound, pv) in &reports {
            prop_assert!(!pv.is_empty(), "a report with bound {:?} has no line", bound);
            check_pv_legal(&root, pv);
        }
    }

    /// A restricted root (`go searchmoves`) chooses the best of the moves it is given, on one
    /// thread and on two.
    #[test]
    fn search_moves_choose_the_best_of_the_given_moves(
        seed in any::<u64>(),
        depth in 1u32..=5,
        keep in 1u8..=63,
    ) {
        let root = Tree::new(seed, 2, MAX_CHILDREN);
        let values = root_move_values(&root, depth);
        let given: Vec<u8> = values
            .iter()
            .map(|&(mv, _)| mv)
            .filter(|&mv| keep & (1 << (mv % 6)) != 0)
            .collect();
        prop_assume!(!given.is_empty());
        let best = values
            .iter()
            .filter(|(mv, _)| given.contains(mv))
            .map(|&(_, value)| value)
            .max()
            .unwrap();
        for threads in [1, 2] {
            let config = Config::exact().with_tt_mib(1).with_threads(threads);
            let limits = Limits::depth(depth).with_search_moves(given.clone());
            let result = Searcher::new(config).search(&root, &TreeEval, &limits, &[], |_| {}).unwrap();
            prop_assert!(given.contains(&result.best_move), "{} threads", threads);
            prop_assert_eq!(result.score, best, "{} threads", threads);
        }
    }
}

/// The same tree as a game whose end leaves no move, with [`Game::hash_after`] given as `FLAG`
/// says: the searches' prefetch of the children's buckets must not change any value.
#[derive(Debug, Clone)]
struct Shortcuts<const FLAG: bool>(Tree);

impl<const FLAG: bool> Game for Shortcuts<FLAG> {
    type Move = u8;
    type Moves = MoveList<u8, MAX_CHILDREN>;

    fn player_to_move(&self) -> usize {
        self.0.player
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.0.outcome_by_rule().is_some() {
            return;
        }
        self.0.generate_moves(moves);
    }

    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        self.0.outcome_by_rule()
    }

    fn hash(&self) -> u64 {
        self.0.hash
    }

    fn move_key(mv: u8) -> u16 {
        mv as u16
    }

    fn move_order_hint(&self, mv: u8) -> i32 {
        self.0.move_order_hint(mv)
    }

    fn hash_after(&self, mv: u8) -> Option<u64> {
        FLAG.then(|| {
            let mut child = self.0.clone();
            child.play(mv);
            child.hash
        })
    }
}

impl<const FLAG: bool> Evaluator<Shortcuts<FLAG>> for TreeEval {
    fn evaluate(&self, game: &Shortcuts<FLAG>, player: usize) -> Score {
        Evaluator::<Tree>::evaluate(self, &game.0, player)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// With the children's buckets asked for ahead (`hash_after`) and without, every exact
    /// configuration returns the plain minimax value.
    #[test]
    fn prefetching_children_keeps_values(seed in any::<u64>(), depth in 1u32..=6, branching in 2usize..=MAX_CHILDREN) {
        let tree = Tree::new(seed, 2, branching);
        prop_assume!(!children(&tree).is_empty());
        let expected = minimax(&tree, depth, 0);
        let hints_only = Config::exact().with_tt_mib(1).with_aspiration_window(3).with_technique(Techniques::KILLERS, false).with_technique(Techniques::HISTORY, false);
        let mut configs = exact_configs(Algorithm::AlphaBeta);
        // The hint as the only ordering source, with quiescence and check extensions off and
        // on (which change nothing on these trees).
        configs.push(("hints only", hints_only.clone()));
        configs.push((
            "hints only, full search",
            hints_only.clone().with_technique(Techniques::QUIESCENCE, true).with_technique(Techniques::CHECK_EXTENSION, true),
        ));
        for (name, config) in configs {
            let limits = Limits::depth(depth);
            let with = Searcher::new(config.clone())
                .search(&Shortcuts::<true>(tree.clone()), &TreeEval, &limits, &[], |_| {})
                .unwrap();
            let without = Searcher::new(config)
                .search(&Shortcuts::<false>(tree.clone()), &TreeEval, &limits, &[], |_| {})
                .unwrap();
            prop_assert_eq!(with.score, expected, "{} with hash_after", name);
            prop_assert_eq!(without.score, expected, "{} without it", name);
            let mut child = tree.clone();
            child.play(with.best_move);
            prop_assert_eq!(-minimax(&child, depth - 1, 1), expected, "{} best move", name);
        }
    }
}

/// Move ordering changes how many nodes are visited, never the value. (On random trees the
/// hints are noise, so the node count may go either way; Connect Four measures the gain.)
#[test]
fn ordering_changes_nodes_not_values() {
    let (mut unordered_nodes, mut ordered_nodes) = (0, 0);
    for seed in 0..40 {
        let root = Tree::new(seed, 2, MAX_CHILDREN);
        let depth = 6;
        let unordered = Searcher::new(
            Config::plain()
                .with_technique(Techniques::PVS, true)
                .with_technique(Techniques::TT, true),
        )
        .search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {})
        .unwrap();
        let ordered = Searcher::new(Config::exact())
            .search(&root, &TreeEval, &Limits::depth(depth), &[], |_| {})
            .unwrap();
        assert_eq!(unordered.score, ordered.score);
        assert_eq!(ordered.score, minimax(&root, depth, 0));
        unordered_nodes += unordered.nodes;
        ordered_nodes += ordered.nodes;
    }
    assert_ne!(unordered_nodes, ordered_nodes);
}

/// Alpha-beta visits fewer nodes than the full tree (a check that the cut-offs happen).
#[test]
fn alpha_beta_prunes() {
    let root = Tree::new(7, 2, MAX_CHILDREN);
    let full: u64 = (1..=6).map(|d| plyforge_search::perft(&root, d)).sum();
    let result = Searcher::new(Config::plain())
        .search(&root, &TreeEval, &Limits::depth(6), &[], |_| {})
        .unwrap();
    assert!(result.nodes * 2 < full, "{} nodes of {full}", result.nodes);
}

/// With one thread, a node limit gives the same result every time; the limit is respected to
/// within the first iteration.
#[test]
fn node_limit_is_deterministic() {
    let run = |root: &Tree| {
        Searcher::new(Config::default())
            .search(root, &TreeEval, &Limits::nodes(1_000), &[], |_| {})
            .unwrap()
    };
    // The first tree whose result is still open when the limit ends the search (a proven
    // result ends it before).
    let root = (99..)
        .map(|seed| Tree::new(seed, 2, MAX_CHILDREN))
        .find(|root| run(root).proven.is_none())
        .expect("an open tree");
    let run = || run(&root);
    let first = run();
    let mut second = run();
    second.time = first.time;
    assert_eq!(first, second);
    assert!(first.stopped);
    assert!(first.nodes <= 1_000 + 1, "{} nodes", first.nodes);
}

/// A raised stop flag still yields the completed first iteration, never an unsearched move.
#[test]
fn stopped_search_returns_first_iteration() {
    let root = Tree::new(5, 2, MAX_CHILDREN);
    let flag = StopFlag::new();
    flag.stop();
    let result = Searcher::new(Config::default())
        .search(&root, &TreeEval, &Limits::infinite(flag), &[], |_| {})
        .unwrap();
    assert_eq!(result.depth, 1);
    assert_eq!(result.score, minimax(&root, 1, 0));
    assert!(result.stopped);
}

/// Progress reports arrive once per completed iteration, with growing depth.
#[test]
fn reports_every_iteration() {
    let root = Tree::new(11, 2, 4);
    let mut depths = vec![];
    let result = Searcher::new(Config::default())
        .search(&root, &TreeEval, &Limits::depth(5), &[], |info| {
            assert!(!info.pv.is_empty());
            assert!(info.hashfull <= 1000);
            depths.push(info.depth)
        })
        .unwrap();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(result.depth, 5);
}

/// Lazy SMP returns a legal, searched move and the exact value where the search is exact
/// whatever the depth of shared entries: a tree shallow enough to be searched to its end.
#[test]
fn lazy_smp_finds_the_same_solved_value() {
    for seed in 0..10 {
        let root = Tree::new(seed, 2, 3);
        let config = Config::exact().with_threads(2);
        let result = Searcher::new(config)
            .search(&root, &TreeEval, &Limits::depth(4), &[], |_| {})
            .unwrap();
        check_pv_legal(&root, &result.pv);
        assert!(children(&root).len() > result.best_move as usize);
    }
}

/// Lazy SMP returns an iteration of the depth limit, whichever thread completes it first (a
/// helper one ply ahead often does), never a deeper one, and its value: without a table the
/// threads share nothing, so each thread's iteration of depth `d` is plain minimax to `d`.
#[test]
fn lazy_smp_returns_the_depth_limit_and_its_value() {
    for seed in 0..40 {
        let root = Tree::new(seed, 2, 5);
        if children(&root).is_empty() {
            continue;
        }
        for depth in 1..=5 {
            let config = Config::exact()
                .with_threads(2)
                .with_technique(Techniques::TT, false);
            let mut last_report = 0;
            let result = Searcher::new(config)
                .search(&root, &TreeEval, &Limits::depth(depth), &[], |info| {
                    last_report = info.depth
                })
                .unwrap();
            assert!(reaches(&result, depth), "seed {seed}");
            assert!(!result.stopped);
            assert_eq!(
                last_report, result.depth,
                "the returned iteration is reported"
            );
            let expected = minimax(&root, depth, 0);
            assert_eq!(result.score, expected, "seed {seed} depth {depth}");
            check_pv_legal(&root, &result.pv);
            let mut child = root.clone();
            child.play(result.best_move);
            assert_eq!(
                -minimax(&child, depth - 1, 1),
                expected,
                "seed {seed} best move"
            );
        }
    }
}

/// [`TreeEval`], slow on every thread: long enough for two threads to be inside the same nodes
/// at once.
struct SlowEverywhere;

impl Evaluator<Shortcuts<true>> for SlowEverywhere {
    fn evaluate(&self, game: &Shortcuts<true>, player: usize) -> Score {
        std::thread::sleep(std::time::Duration::from_micros(10));
        Evaluator::<Tree>::evaluate(&TreeEval, &game.0, player)
    }
}

/// Lazy SMP with the shared table: at a fixed depth, in trees without transpositions (so the
/// shared table only holds results of the depth the probing node needs), two threads give
/// exactly minimax's value and a legal principal variation, whatever order the threads took the
/// moves in. The game gives `hash_after`, so every child's bucket is prefetched; the slow
/// evaluation keeps both threads in the tree together, so each finds the other's entries.
#[test]
fn lazy_smp_with_a_shared_table_keeps_the_value() {
    let (_, with_table) = exact_configs(Algorithm::AlphaBeta)
        .into_iter()
        .find(|(name, _)| *name == "tt")
        .expect("the configuration with the table");
    for seed in 0..12 {
        let tree = Tree::new(seed, 2, MAX_CHILDREN);
        if children(&tree).is_empty() {
            continue;
        }
        let depth = 6;
        let config = with_table.clone().with_threads(2);
        let root = Shortcuts::<true>(tree.clone());
        let result = Searcher::new(config)
            .search(&root, &SlowEverywhere, &Limits::depth(depth), &[], |_| {})
            .unwrap();
        assert!(reaches(&result, depth), "seed {seed}");
        assert_eq!(result.score, minimax(&tree, depth, 0), "seed {seed}");
        check_pv_legal(&tree, &result.pv);
    }
}

/// [`TreeEval`], slow on one thread: the thread that calls the search, where the main search
/// thread runs.
struct SlowOnCaller {
    caller: std::thread::ThreadId,
}

impl Evaluator<Tree> for SlowOnCaller {
    fn evaluate(&self, game: &Tree, player: usize) -> Score {
        if std::thread::current().id() == self.caller {
            // Slow enough that the helper gets there first even on a loaded machine.
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        TreeEval.evaluate(game, player)
    }
}

/// When a helper completes the depth limit first, the search ends and returns the helper's
/// iteration, reported, with its value: here the main thread evaluates slowly, so the helper
/// (one ply ahead, and fast) always gets there first.
#[test]
fn lazy_smp_takes_a_helpers_iteration_of_the_depth_limit() {
    let slow_main = SlowOnCaller {
        caller: std::thread::current().id(),
    };
    let mut open_trees = 0;
    for seed in 0..16 {
        let root = Tree::new(seed, 2, 4);
        if children(&root).is_empty() {
            continue;
        }
        let depth = 5;
        let config = Config::exact()
            .with_threads(2)
            .with_technique(Techniques::TT, false);
        let mut reported = vec![];
        let result = Searcher::new(config)
            .search(&root, &slow_main, &Limits::depth(depth), &[], |info| {
                reported.push(info.depth)
            })
            .unwrap();
        assert!(reaches(&result, depth), "seed {seed}");
        if result.depth < depth {
            // Settled before the limit: no thread had to get there.
            continue;
        }
        open_trees += 1;
        assert!(!result.stopped);
        assert_eq!(reported.last(), Some(&depth));
        // The main thread did not get there itself: its own iterations stop short.
        assert!(reported.len() < depth as usize, "seed {seed}: {reported:?}");
        let expected = minimax(&root, depth, 0);
        assert_eq!(result.score, expected, "seed {seed}");
        check_pv_legal(&root, &result.pv);
        assert_eq!(result.pv.first(), Some(&result.best_move));
    }
    assert!(open_trees >= 2, "{open_trees} trees left open at depth 5");
}

/// With several lines and two threads, the result and the last reports carry every line of
/// one depth, each with its exact value, also when a helper's iteration is the one returned.
#[test]
fn lazy_smp_with_several_lines_reports_every_line_of_the_returned_depth() {
    let slow_main = SlowOnCaller {
        caller: std::thread::current().id(),
    };
    let mut from_helpers = 0;
    for seed in 0..16 {
        let root = Tree::new(seed, 2, 4);
        let values = root_move_values(&root, 5);
        if values.is_empty() {
            continue;
        }
        let lines = 3;
        let config = Config::exact()
            .with_threads(2)
            .with_technique(Techniques::TT, false);
        let mut reported = vec![];
        let result = Searcher::new(config)
            .search(
                &root,
                &slow_main,
                &Limits::depth(5).with_multi_pv(lines),
                &[],
                |info| reported.push((info.multi_pv, info.depth, info.bound)),
            )
            .unwrap();
        let wanted = lines.min(values.len());
        assert_eq!(result.lines.len(), wanted, "seed {seed}");
        for line in &result.lines {
            assert_eq!(line.depth, result.depth, "seed {seed}");
            assert_eq!(line.bound, ScoreBound::Exact, "seed {seed}");
            check_pv_legal(&root, &line.pv);
        }
        // The last reports: lines 1 to `wanted` of the returned depth, in order.
        let last: Vec<_> = reported[reported.len() - wanted..].to_vec();
        let expected: Vec<_> = (1..=wanted)
            .map(|multi_pv| (multi_pv, result.depth, ScoreBound::Exact))
            .collect();
        assert_eq!(last, expected, "seed {seed}: {reported:?}");
        // Only the final reports at the returned depth: a helper's iteration.
        if reported
            .iter()
            .filter(|report| report.1 == result.depth)
            .count()
            == wanted
        {
            from_helpers += 1;
        }
    }
    assert!(
        from_helpers >= 2,
        "{from_helpers} searches returned a helper's iteration"
    );
}

#[test]
fn wrong_player_count_is_an_error() {
    let root = Tree::new(1, 3, 3);
    let error = Searcher::new(Config::default())
        .search(&root, &TreeEval, &Limits::depth(2), &[], |_| {})
        .unwrap_err();
    assert_eq!(
        error,
        SearchError::PlayerCount {
            algorithm: Algorithm::AlphaBeta,
            players: 3
        }
    );
    assert!(error.to_string().contains("3 players"));
}

/// Without iterative deepening a search is one iteration to its depth limit, which nothing can
/// end early: without a depth limit it is refused, whatever else limits it (before, a node or
/// time limit alone ran a search to the deepest ply, for ever in practice), and with one it
/// runs as asked.
#[test]
fn a_search_without_iterative_deepening_needs_a_depth_limit() {
    let root = Tree::endless(3);
    let flag = StopFlag::new();
    flag.stop();
    for limits in [
        Limits::nodes(100),
        Limits::time(
            std::time::Duration::from_millis(1),
            std::time::Duration::from_millis(2),
        ),
        Limits::infinite(flag),
    ] {
        let error = Searcher::new(Config::plain())
            .search(&root, &TreeEval, &limits, &[], |_| {})
            .unwrap_err();
        assert_eq!(error, SearchError::DepthLimitRequired);
        assert!(error.to_string().contains("depth limit"));
    }
    let result = Searcher::new(Config::plain())
        .search(
            &root,
            &TreeEval,
            &Limits::depth(4).with_nodes(10),
            &[],
            |_| {},
        )
        .unwrap();
    assert_eq!(result.depth, 4);
    assert_eq!(result.score, minimax(&root, 4, 0));
}

/// A search without limits ends when another thread raises the stop flag, on one and on two
/// threads, with a completed, legal result.
#[test]
fn stop_flag_from_another_thread_ends_an_infinite_search() {
    let root = Tree::endless(3);
    for threads in [1, 2] {
        let flag = StopFlag::new();
        let remote = flag.clone();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(30));
            remote.stop();
        });
        let result = Searcher::new(Config::default().with_threads(threads))
            .search(&root, &TreeEval, &Limits::infinite(flag), &[], |_| {})
            .unwrap();
        stopper.join().unwrap();
        assert!(result.stopped);
        assert!(result.depth >= 1);
        check_pv_legal(&root, &result.pv);
    }
}

/// A hard time limit ends a search without other limits.
#[test]
fn hard_time_limit_ends_the_search() {
    let root = Tree::endless(4);
    let millis = std::time::Duration::from_millis;
    let result = Searcher::new(Config::default())
        .search(
            &root,
            &TreeEval,
            &Limits::time(millis(20), millis(40)),
            &[],
            |_| {},
        )
        .unwrap();
    assert!(result.stopped);
    check_pv_legal(&root, &result.pv);
}

/// A failed aspiration window is reported with its bound, and the bound holds: at each depth,
/// the completed iteration's value is at least a `Lower` report's score and at most an `Upper`
/// one's (fail-soft bounds). Over many trees with a narrow window some windows do fail.
#[test]
fn failed_aspiration_windows_are_reported_with_bounds_that_hold() {
    let config = Config::exact().with_tt_mib(1).with_aspiration_window(1);
    let mut bounds_seen = 0;
    for seed in 0..60 {
        let tree = Tree::new(seed, 2, MAX_CHILDREN);
        if children(&tree).is_empty() {
            continue;
        }
        let mut reports = Vec::new();
        Searcher::new(config.clone())
            .search(&tree, &TreeEval, &Limits::depth(7), &[], |info| {
                reports.push((info.depth, info.score, info.bound));
            })
            .unwrap();
        for &(depth, score, bound) in &reports {
            let exact = reports
                .iter()
                .find(|&&(d, _, b)| d == depth && b == ScoreBound::Exact)
                .map(|&(_, s, _)| s);
            let Some(exact) = exact else { continue };
            match bound {
                ScoreBound::Exact => {}
                ScoreBound::Lower => assert!(exact >= score, "seed {seed} depth {depth}"),
                ScoreBound::Upper => assert!(exact <= score, "seed {seed} depth {depth}"),
            }
            bounds_seen += usize::from(bound != ScoreBound::Exact);
        }
    }
    assert!(bounds_seen > 10, "{bounds_seen} failed windows reported");
}

/// A search that a limit stops reports once more at its end: the move it returns with its
/// line, its score and bound, and the nodes of the whole search. A score reported as a lower
/// bound (a move of the interrupted iteration that failed high of its window) holds.
#[test]
fn a_stopped_search_reports_the_move_it_returns() {
    let mut lower_bounds = 0;
    for seed in 0..40 {
        let root = Tree::endless(seed);
        for budget in [300, 700, 1_500, 3_000, 6_000] {
            let mut last = None;
            let result = Searcher::new(Config::exact().with_tt_mib(1))
                .search(&root, &TreeEval, &Limits::nodes(budget), &[], |info| {
                    last = Some((
                        info.depth,
                        info.score,
                        info.bound,
                        info.nodes,
                        info.pv.to_vec(),
                    ));
                })
                .unwrap();
            assert!(result.stopped, "seed {seed}, budget {budget}");
            let (depth, score, bound, nodes, pv) = last.unwrap();
            assert_eq!(
                (depth, score, bound, nodes),
                (result.depth, result.score, result.bound, result.nodes),
                "seed {seed}, budget {budget}"
            );
            assert_eq!(pv, result.pv);
            assert_eq!(pv.first(), Some(&result.best_move));
            if result.bound == ScoreBound::Lower {
                lower_bounds += 1;
                // Found by the interrupted iteration, one ply deeper than the last completed.
                let mut child = root.clone();
                child.play(result.best_move);
                let value = -minimax(&child, result.depth, 1);
                assert!(value >= result.score, "seed {seed}, budget {budget}");
            }
        }
    }
    assert!(
        lower_bounds > 0,
        "no stopped search returned a move that failed high"
    );
}

/// A search stopped in the middle of an iteration plays the move that iteration found better
/// than the last completed iteration's best, and only such a move: its value at the
/// interrupted depth beats the old move's, and its score is no more than its value.
#[test]
fn an_interrupted_iteration_keeps_a_better_move_it_found() {
    let mut replaced = 0;
    for seed in 0..40 {
        let root = Tree::endless(seed);
        let config = Config::exact().with_tt_mib(1);
        for budget in [300, 700, 1_500, 3_000, 6_000] {
            let stopped = Searcher::new(config.clone())
                .search(&root, &TreeEval, &Limits::nodes(budget), &[], |_| {})
                .unwrap();
            let completed = Searcher::new(config.clone())
                .search(&root, &TreeEval, &Limits::depth(stopped.depth), &[], |_| {})
                .unwrap();
            if stopped.best_move == completed.best_move {
                assert_eq!(stopped.score, completed.score);
                continue;
            }
            replaced += 1;
            let value_at = |mv: u8, depth: u32| {
                let mut child = root.clone();
                child.play(mv);
                -minimax(&child, depth, 1)
            };
            let new_value = value_at(stopped.best_move, stopped.depth);
            assert!(
                new_value > value_at(completed.best_move, stopped.depth),
                "seed {seed}, budget {budget}"
            );
            assert!(stopped.score <= new_value, "seed {seed}, budget {budget}");
            assert_eq!(stopped.pv.first(), Some(&stopped.best_move));
            check_pv_legal(&root, &stopped.pv);
        }
    }
    assert!(
        replaced > 0,
        "no search was interrupted after finding a better move"
    );
}
