//! Monte Carlo tree search on Connect Four boards small enough to solve exactly here (by
//! memoised minimax): MCTS-Solver must prove each won or lost position's result, and play a
//! move that keeps every position's value.

use plyforge_connect_four::{Columns4x4, Columns5x4, ConnectFour, ThreatEvaluator};
use plyforge_search::mcts::MctsConfig;
use plyforge_search::{Algorithm, Config, Game, Limits, MoveBuffer, Outcome, Searcher};
use std::collections::HashMap;

type Four = ConnectFour<Columns4x4>;
type FiveByFour = ConnectFour<Columns5x4>;

/// The value for the player to move (1 win, 0 draw, -1 loss), by negamax with a memo.
fn solve<G: Game>(game: &G, memo: &mut HashMap<u64, i8>) -> i8 {
    if let Some(&value) = memo.get(&game.hash()) {
        return value;
    }
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    let value = if moves.is_empty() {
        match game
            .outcome_by_rule()
            .unwrap_or_else(|| game.outcome_without_moves())
        {
            Outcome::Draw => 0,
            Outcome::Win(winner) if winner == game.player_to_move() => 1,
            Outcome::Win(_) => -1,
        }
    } else {
        moves
            .as_slice()
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.play(mv);
                -solve(&child, memo)
            })
            .max()
            .expect("moves is not empty")
    };
    memo.insert(game.hash(), value);
    value
}

/// The proven outcome for a value of the player to move.
fn outcome_of<G: Game>(game: &G, value: i8) -> Outcome {
    let mover = game.player_to_move();
    match value {
        1 => Outcome::Win(mover),
        -1 => Outcome::Win(1 - mover),
        _ => Outcome::Draw,
    }
}

/// Every position reached by `plies` columns from the empty board (1-based strings).
fn openings(columns: u32, plies: usize) -> Vec<String> {
    let mut openings = vec![String::new()];
    for _ in 0..plies {
        openings = openings
            .iter()
            .flat_map(|o| (1..=columns).map(move |c| format!("{o}{c}")))
            .collect();
    }
    openings
}

/// Checks that the solver proves the result of `game`, a won or lost position, and that in a
/// won one it plays a winning move. (Drawn positions are left out: a draw is proven only when
/// every other move is proven no better in all lines, which without transpositions takes far
/// more iterations than a test should, and random rollouts can long prefer a move that loses
/// only after a deep zugzwang.)
fn check_proof<G: Game + std::fmt::Debug>(
    game: &G,
    value: i8,
    seed: u64,
    memo: &mut HashMap<u64, i8>,
) where
    ThreatEvaluator: plyforge_search::Evaluator<G>,
{
    let config = MctsConfig::default()
        .with_max_iterations(Some(300_000))
        .with_seed(seed);
    let config = Config::default()
        .with_algorithm(Algorithm::MonteCarlo)
        .with_mcts(config);
    let result = Searcher::new(config)
        .search(game, &ThreatEvaluator, &Limits::default(), &[], |_| {})
        .unwrap();
    // Solved before the iteration limit.
    assert!(result.iterations < 300_000, "{game:?}");
    assert_eq!(result.proven, Some(outcome_of(game, value)), "{game:?}");
    if value == 1 {
        let mut child = game.clone();
        child.play(result.best_move);
        assert_eq!(solve(&child, memo), -1, "{game:?}: a winning move");
    }
}

/// Checks the won and lost positions among every `step`-th opening of `plies` plies on board
/// `G` of `columns` columns; returns how many were won and lost.
fn check_openings<G: Game + std::fmt::Debug + std::str::FromStr>(
    columns: u32,
    plies: usize,
    step: usize,
    memo: &mut HashMap<u64, i8>,
) -> [usize; 2]
where
    ThreatEvaluator: plyforge_search::Evaluator<G>,
{
    let mut counts = [0; 2];
    for (index, opening) in openings(columns, plies).iter().enumerate().step_by(step) {
        let Ok(game) = opening.parse::<G>() else {
            continue;
        };
        if game.outcome_by_rule().is_some() {
            continue;
        }
        let value = solve(&game, memo);
        if value != 0 {
            counts[usize::from(value == 1)] += 1;
            check_proof(&game, value, index as u64, memo);
        }
    }
    counts
}

#[test]
fn solver_proves_four_by_four_positions() {
    let mut memo = HashMap::new();
    let mut counts = [0; 2];
    for plies in 3..=6 {
        let [lost, won] = check_openings::<Four>(4, plies, 3, &mut memo);
        counts[0] += lost;
        counts[1] += won;
    }
    // Positions won and lost for the player to move are both among them.
    assert!(counts.iter().all(|&count| count >= 5), "{counts:?}");
}

#[test]
fn solver_proves_five_by_four_positions() {
    let mut memo = HashMap::new();
    let counts = check_openings::<FiveByFour>(5, 8, 4_999, &mut memo);
    assert!(counts.iter().all(|&count| count >= 5), "{counts:?}");
}

/// Monte Carlo tree search through the one front end: the `Searcher` of `Algorithm::MonteCarlo`
/// proves won positions (a win score, a winning move), reports per-player scores, names the
/// player of each move of its line, and keeps its tree for the next search of the game.
#[test]
fn the_searcher_runs_monte_carlo_tree_search() {
    use plyforge_search::score::is_decisive;
    let mut memo = HashMap::new();
    let mcts = MctsConfig::default()
        .with_max_iterations(Some(300_000))
        .with_seed(3);
    let config = Config::default()
        .with_algorithm(Algorithm::MonteCarlo)
        .with_mcts(mcts);
    let mut searcher = Searcher::new(config);
    let mut won = 0;
    for opening in (3..=6).flat_map(|plies| openings(4, plies)) {
        if won == 4 {
            break;
        }
        let Ok(game) = opening.parse::<Four>() else {
            continue;
        };
        if game.outcome_by_rule().is_some() || solve(&game, &mut memo) != 1 {
            continue;
        }
        won += 1;
        let mut reports = 0;
        let result = searcher
            .search(&game, &ThreatEvaluator, &Limits::default(), &[], |info| {
                reports += 1;
                assert_eq!(info.pv.len(), info.pv_players.len());
            })
            .unwrap();
        assert!(reports >= 1);
        assert!(is_decisive(result.score) && result.score > 0, "{game:?}");
        let mut child = game;
        child.play(result.best_move);
        assert_eq!(solve(&child, &mut memo), -1, "{game:?}: a winning move");
        assert_eq!(result.scores.map(|scores| scores.players()), Some(2));
        let mut replay = game;
        for (&player, &mv) in result.pv_players.iter().zip(&result.pv) {
            assert_eq!(player, replay.player_to_move());
            replay.play(mv);
        }
        // Every legal root move with its visits; the winning move proven won.
        assert_eq!(result.root_moves.len(), game.count_moves() as usize);
        assert!(result.root_moves.iter().any(|root| root.visits > 0));
        let best = result
            .root_moves
            .iter()
            .find(|root| root.mv == result.best_move)
            .expect("the best move is a root move");
        assert_eq!(best.proven, Some(Outcome::Win(game.player_to_move())));
    }
    assert_eq!(won, 4, "won openings tried");
}
