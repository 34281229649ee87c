//! Connect Four searched by `plyforge-search` and checked against a plain
//! minimax solver: on 4x4 and 5x4 boards the exact search (alpha-beta, PVS, aspiration, TT,
//! ordering) returns the exact game value, with its distance to the end, from the start and
//! from random positions, and proves the result (a draw too), as the full search does; the full search (null move with the game's zugzwang guard, LMR) plays
//! a winning move wherever a forced win lies within its depth. Perft on 7x6 matches the
//! published counts.

use plyforge_bitboard::Geometry;
use plyforge_connect_four::{
    Columns4x4, Columns5x4, Columns7x6, ConnectFour, ParseError, ThreatEvaluator,
};
use plyforge_search::score::{Score, from_child, is_decisive, loss_in, win_in};
use plyforge_search::{Config, Game, Limits, Outcome, Searcher, perft};
use proptest::prelude::*;
use std::collections::HashMap;

/// Plain minimax (negamax) over the whole game, memoised by position: the exact value for the
/// player to move, wins and losses counted in plies from this position.
struct Solver<G: Geometry<Bits = u64>> {
    memo: HashMap<u64, Score>,
    board: std::marker::PhantomData<G>,
}

impl<G: Geometry<Bits = u64>> Solver<G> {
    fn new() -> Self {
        Solver {
            memo: HashMap::new(),
            board: std::marker::PhantomData,
        }
    }

    fn value(&mut self, game: &ConnectFour<G>) -> Score {
        if let Some(outcome) = game.outcome_by_rule() {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(p) if p == game.player_to_move() => win_in(0),
                Outcome::Win(_) => loss_in(0),
            };
        }
        if let Some(&value) = self.memo.get(&game.hash()) {
            return value;
        }
        let mut moves = <ConnectFour<G> as Game>::Moves::default();
        game.generate_moves(&mut moves);
        let mut best = -Score::MAX;
        for &column in moves.as_slice() {
            let mut child = *game;
            child.play(column);
            best = best.max(from_child(self.value(&child)));
        }
        self.memo.insert(game.hash(), best);
        best
    }
}

/// A deterministic random playout of up to `plies` moves from the start (stopping before the
/// game ends).
fn random_position<G: Geometry<Bits = u64>>(seed: u64, plies: u32) -> ConnectFour<G> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut game = ConnectFour::<G>::new();
    for _ in 0..plies {
        let mut moves = <ConnectFour<G> as Game>::Moves::default();
        game.generate_moves(&mut moves);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let column = moves.as_slice()[(state % moves.len() as u64) as usize];
        let mut next = game;
        next.play(column);
        if next.outcome_by_rule().is_some() {
            break;
        }
        game = next;
    }
    game
}

fn empty_cells<G: Geometry<Bits = u64>>(game: &ConnectFour<G>) -> u32 {
    (G::FILES as u32 * G::RANKS as u32) - game.stones()
}

/// The result a value gives, for the player to move in `game`.
fn outcome_of<G: Geometry<Bits = u64>>(game: &ConnectFour<G>, value: Score) -> Outcome {
    match value.signum() {
        0 => Outcome::Draw,
        1 => Outcome::Win(game.player_to_move()),
        _ => Outcome::Win(1 - game.player_to_move()),
    }
}

/// The exact search to the end of the game from `game` returns the solver's value, proven, at
/// no more depth than the empty cells, and its move keeps that value. Every technique on, a
/// result the search proves is the solver's; where the board is half full, so that no null
/// move is tried (its cut-offs are estimates, and its reduction grows with the depth), the
/// search proves it within a few plies more than the empty cells.
fn check_exact<G: Geometry<Bits = u64>>(solver: &mut Solver<G>, game: &ConnectFour<G>) {
    let depth = empty_cells(game);
    let result = Searcher::new(Config::exact())
        .search(game, &ThreatEvaluator, &Limits::depth(depth), &[], |_| {})
        .unwrap();
    let expected = solver.value(game);
    assert_eq!(result.score, expected, "exact value of\n{game}");
    assert_eq!(
        result.proven,
        Some(outcome_of(game, expected)),
        "proof of\n{game}"
    );
    assert!(result.depth <= depth);
    let limit = depth + 12;
    let full = Searcher::new(Config::default())
        .search(game, &ThreatEvaluator, &Limits::depth(limit), &[], |_| {})
        .unwrap();
    if let Some(proven) = full.proven {
        assert_eq!(proven, outcome_of(game, expected), "full search of\n{game}");
    }
    if !game.null_move_allowed() {
        assert!(full.proven.is_some(), "full search of\n{game}");
        assert!(full.depth < limit, "depth {} on\n{game}", full.depth);
    }
    let mut child = *game;
    child.play(result.best_move);
    assert_eq!(
        from_child(solver.value(&child)),
        expected,
        "best move {} of\n{game}",
        result.best_move + 1
    );
}

#[test]
fn exact_search_solves_4x4() {
    let mut solver = Solver::<Columns4x4>::new();
    check_exact(&mut solver, &ConnectFour::new());
    for seed in 0..60 {
        check_exact(&mut solver, &random_position(seed, (seed % 12) as u32));
    }
}

#[test]
fn exact_search_solves_5x4() {
    let mut solver = Solver::<Columns5x4>::new();
    check_exact(&mut solver, &ConnectFour::new());
    for seed in 0..40 {
        check_exact(&mut solver, &random_position(seed, 2 + (seed % 12) as u32));
    }
}

/// Plies the full search gets beyond the distance of the win. Reductions (LMR, null move)
/// search late moves shallower than the nominal depth, so at exactly the win's distance they
/// can miss the longest wins (a win in 19 on 5x4 searched to depth 19 was missed with either one
/// alone on); two more plies find every win of these boards.
const MARGIN: u32 = 2;

/// Every technique on: where the side to move can force a win within the search depth, the
/// chosen move keeps the forced win. Returns how many winning positions were tried.
fn check_full_search_wins<G: Geometry<Bits = u64>>(
    seeds: std::ops::Range<u64>,
    config: &Config,
) -> usize {
    let mut solver = Solver::<G>::new();
    let mut wins = 0;
    for seed in seeds {
        let game = random_position::<G>(seed, (seed % 14) as u32);
        let value = solver.value(&game);
        if !(is_decisive(value) && value > 0) {
            continue;
        }
        wins += 1;
        let plies = (win_in(0) - value) as u32;
        let result = Searcher::new(config.clone())
            .search(
                &game,
                &ThreatEvaluator,
                &Limits::depth(plies + MARGIN),
                &[],
                |_| {},
            )
            .unwrap();
        let mut child = game;
        child.play(result.best_move);
        let child_value = solver.value(&child);
        assert!(
            is_decisive(child_value) && child_value < 0,
            "column {} throws away the win in {plies} of\n{game}",
            result.best_move + 1
        );
        assert!(
            result.score >= win_in(plies as usize),
            "win in {plies} not found in\n{game}"
        );
    }
    wins
}

#[test]
fn full_search_keeps_forced_wins_4x4() {
    assert!(check_full_search_wins::<Columns4x4>(0..150, &Config::default()) > 10);
}

#[test]
fn full_search_keeps_forced_wins_5x4() {
    assert!(check_full_search_wins::<Columns5x4>(0..120, &Config::default()) > 10);
}

/// Published Connect Four perft counts on 7x6 (OEIS A212693); depth 8 is the first with
/// finished games below it.
#[test]
fn perft_7x6() {
    let start = ConnectFour::<Columns7x6>::new();
    let expected = [7, 49, 343, 2401, 16807, 117649, 823536, 5673234];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&start, depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn position_strings() {
    let game: ConnectFour<Columns7x6> = "4453".parse().unwrap();
    assert_eq!(game.stones(), 4);
    assert_eq!(
        "9".parse::<ConnectFour<Columns7x6>>(),
        Err(ParseError::BadColumn('9'))
    );
    assert_eq!(
        "1111111".parse::<ConnectFour<Columns7x6>>(),
        Err(ParseError::FullColumn(6))
    );
    // Four in column 1 for the first player ends the game.
    assert_eq!(
        "121212121".parse::<ConnectFour<Columns7x6>>(),
        Err(ParseError::GameOver(7))
    );
    assert!(ParseError::FullColumn(6).to_string().contains("move 7"));
}

proptest! {
    #[test]
    fn parsing_never_panics(text in "\\PC{0,50}") {
        let _ = text.parse::<ConnectFour<Columns7x6>>();
    }

    /// `hash_after` (the search's prefetch of every child's table bucket) is the hash of the
    /// child, for every move of random positions on two boards.
    #[test]
    fn hash_after_is_the_hash_after_playing(seed in any::<u64>(), plies in 0u32..40) {
        fn check<G: Geometry<Bits = u64>>(game: ConnectFour<G>) -> Result<(), TestCaseError> {
            let mut moves = <ConnectFour<G> as Game>::Moves::default();
            game.generate_moves(&mut moves);
            for &column in moves.as_slice() {
                let mut child = game;
                child.play(column);
                prop_assert_eq!(game.hash_after(column), Some(child.hash()));
            }
            Ok(())
        }
        check(random_position::<Columns7x6>(seed, plies))?;
        check(random_position::<Columns5x4>(seed, plies))?;
    }

    #[test]
    fn parsing_any_column_sequence(columns in proptest::collection::vec(1u8..=7, 0..42)) {
        let text: String = columns.iter().map(|c| char::from(b'0' + c)).collect();
        if let Ok(game) = text.parse::<ConnectFour<Columns7x6>>() {
            prop_assert_eq!(game.stones() as usize, columns.len());
        }
    }
}

/// On 7x6, a search takes an immediate win and blocks the opponent's.
#[test]
fn takes_and_blocks_wins_7x6() {
    let mut searcher = Searcher::new(Config::default());
    // X has columns 1, 2, 3 on the bottom row: column 4 wins.
    let game: ConnectFour<Columns7x6> = "112233".parse().unwrap();
    let result = searcher
        .search(&game, &ThreatEvaluator, &Limits::depth(6), &[], |_| {})
        .unwrap();
    assert_eq!(result.best_move, 3);
    assert_eq!(result.score, win_in(1));
    // O to move must block column 4.
    let game: ConnectFour<Columns7x6> = "11223".parse().unwrap();
    let result = searcher
        .search(&game, &ThreatEvaluator, &Limits::depth(6), &[], |_| {})
        .unwrap();
    assert_eq!(result.best_move, 3);
}

/// Lazy SMP (two threads sharing the table) keeps the forced wins too.
#[test]
fn lazy_smp_keeps_forced_wins_4x4() {
    let config = Config::default().with_threads(2);
    assert!(check_full_search_wins::<Columns4x4>(0..150, &config) > 10);
}
