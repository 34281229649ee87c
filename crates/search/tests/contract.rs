//! The contract checker against the newcomer's mistakes: two small games, a pile of stones for
//! 2 to 6 players and k in a row on a small grid for 2 or 3, each correct and then with one
//! mistake at a time. The correct games pass; each broken one is reported with the rule it
//! breaks and a line of moves that reaches a position showing it (replayed here to confirm).

use plyforge_search::contract::{CheckOptions, Checker, ContractViolation, Rule, check_game};
use plyforge_search::nim::{Nim, NimEvaluator};
use plyforge_search::score::{EVAL_LIMIT, WIN};
use plyforge_search::{Evaluator, Game, MoveBuffer, MoveList, Outcome, Score};
use proptest::prelude::*;
use std::cell::Cell;
use std::sync::atomic::{AtomicI32, Ordering};

/// One mistake of the pile game (or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slip {
    None,
    PlayerCountOutOfRange,
    PlayerCountChanges,
    WinnerOutOfRange,
    HashIgnoresPlayer,
    HashRemembersOrder,
    HashChangesOnEveryCall,
    HashAfterIgnoresPlayer,
    VisitChildForgetsTurn,
    VisitChildPlaysAnotherMove,
    SameKeyForEveryMove,
    CountsThreeMoves,
    NoisyMoveNotLegal,
    NullMoveKeepsPlayer,
    NullMoveLeaksIntoPosition,
    SetPlayerLeavesCounter,
    PanicsOnFive,
}

impl Slip {
    const ALL: [Slip; 16] = [
        Slip::PlayerCountOutOfRange,
        Slip::PlayerCountChanges,
        Slip::WinnerOutOfRange,
        Slip::HashIgnoresPlayer,
        Slip::HashRemembersOrder,
        Slip::HashChangesOnEveryCall,
        Slip::HashAfterIgnoresPlayer,
        Slip::VisitChildForgetsTurn,
        Slip::VisitChildPlaysAnotherMove,
        Slip::SameKeyForEveryMove,
        Slip::CountsThreeMoves,
        Slip::NoisyMoveNotLegal,
        Slip::NullMoveKeepsPlayer,
        Slip::NullMoveLeaksIntoPosition,
        Slip::SetPlayerLeavesCounter,
        Slip::PanicsOnFive,
    ];

    /// The rule the checker must name.
    fn rule(self) -> Rule {
        match self {
            Slip::None => unreachable!("a correct game breaks no rule"),
            Slip::PlayerCountOutOfRange | Slip::PlayerCountChanges => Rule::PlayerCount,
            Slip::WinnerOutOfRange => Rule::WinnerIndex,
            Slip::HashIgnoresPlayer => Rule::HashSeparates,
            Slip::HashRemembersOrder => Rule::HashTranspositions,
            Slip::HashChangesOnEveryCall => Rule::HashDeterministic,
            Slip::HashAfterIgnoresPlayer => Rule::HashAfter,
            Slip::VisitChildForgetsTurn | Slip::VisitChildPlaysAnotherMove => Rule::VisitChild,
            Slip::SameKeyForEveryMove => Rule::DistinctMoveKeys,
            Slip::CountsThreeMoves => Rule::CountMoves,
            Slip::NoisyMoveNotLegal => Rule::NoisyMoves,
            Slip::NullMoveKeepsPlayer | Slip::NullMoveLeaksIntoPosition => Rule::NullMove,
            Slip::SetPlayerLeavesCounter => Rule::SetPlayerToMove,
            Slip::PanicsOnFive => Rule::NoPanic,
        }
    }
}

/// A pile of stones; each player in turn takes 1, 2 or 3; whoever takes the last one wins.
/// Taking 3 is noisy; any player may pass (null move) and have the turn handed to them.
#[derive(Debug, Clone)]
struct Pile {
    stones: u32,
    players: usize,
    to_move: usize,
    last_mover: Option<usize>,
    /// The takes so far, mixed in order: not part of the position.
    history: u64,
    /// Turn handovers that were never taken back (a mistake's trace).
    handovers: u32,
    calls: Cell<u64>,
    slip: Slip,
}

impl Pile {
    fn new(stones: u32, players: usize, slip: Slip) -> Self {
        Pile {
            stones,
            players,
            to_move: 0,
            last_mover: None,
            history: 0,
            handovers: 0,
            calls: Cell::new(0),
            slip,
        }
    }

    fn correct_hash(&self) -> u64 {
        u64::from(self.stones) << 8 | (self.to_move as u64) << 4 | u64::from(self.handovers)
    }
}

impl PartialEq for Pile {
    /// The position: stones and players (how it was reached and the call counter aside).
    fn eq(&self, other: &Self) -> bool {
        (self.stones, self.players, self.to_move, self.handovers)
            == (other.stones, other.players, other.to_move, other.handovers)
    }
}

impl Game for Pile {
    type Move = u32;
    type Moves = MoveList<u32, 3>;

    fn player_count(&self) -> usize {
        match self.slip {
            Slip::PlayerCountOutOfRange => 7,
            Slip::PlayerCountChanges if self.last_mover.is_some() => self.players + 1,
            _ => self.players,
        }
    }

    fn player_to_move(&self) -> usize {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.slip == Slip::PanicsOnFive && self.stones == 5 {
            panic!("five stones");
        }
        for take in 1..=self.stones.min(3) {
            MoveBuffer::push(moves, take);
        }
    }

    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.last_mover = Some(self.to_move);
        self.to_move = (self.to_move + 1) % self.players;
        self.history = self.history.rotate_left(7) ^ u64::from(take);
    }

    fn visit_child<R>(&mut self, take: u32, visit: impl FnOnce(&mut Self) -> R) -> R {
        let saved = (self.stones, self.to_move, self.last_mover, self.history);
        match self.slip {
            Slip::VisitChildPlaysAnotherMove => self.play(take.min(self.stones.min(2))),
            _ => self.play(take),
        }
        let result = visit(self);
        (self.stones, self.last_mover, self.history) = (saved.0, saved.2, saved.3);
        if self.slip != Slip::VisitChildForgetsTurn {
            self.to_move = saved.1;
        }
        result
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        match (self.stones, self.last_mover) {
            (0, Some(_)) if self.slip == Slip::WinnerOutOfRange => Some(Outcome::Win(self.players)),
            (0, Some(winner)) => Some(Outcome::Win(winner)),
            (0, None) => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        match self.slip {
            Slip::HashIgnoresPlayer => u64::from(self.stones),
            Slip::HashRemembersOrder => self.correct_hash() ^ self.history << 20,
            Slip::HashChangesOnEveryCall => {
                self.calls.set(self.calls.get() + 1);
                self.correct_hash() ^ self.calls.get() << 40
            }
            _ => self.correct_hash(),
        }
    }

    fn hash_after(&self, take: u32) -> Option<u64> {
        let mut child = self.clone();
        child.play(take);
        if self.slip == Slip::HashAfterIgnoresPlayer {
            child.to_move = self.to_move;
        }
        Some(child.hash())
    }

    fn move_key(take: u32) -> u16 {
        take as u16
    }

    fn count_moves(&self) -> u64 {
        if self.slip == Slip::CountsThreeMoves {
            return 3;
        }
        u64::from(self.stones.min(3))
    }

    fn generate_noisy_moves(&self, moves: &mut Self::Moves) {
        if self.stones >= 3 || self.slip == Slip::NoisyMoveNotLegal {
            MoveBuffer::push(moves, 3);
        }
    }

    fn is_noisy(&self, take: u32) -> bool {
        take == 3
    }

    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        if self.slip == Slip::NullMoveLeaksIntoPosition {
            self.to_move = (self.to_move + 1) % self.players;
            return Some(visit(self));
        }
        let mut child = self.clone();
        if self.slip != Slip::NullMoveKeepsPlayer {
            child.to_move = (child.to_move + 1) % self.players;
        }
        Some(visit(&mut child))
    }

    fn set_player_to_move(&mut self, player: usize) -> bool {
        if self.slip == Slip::SetPlayerLeavesCounter {
            self.handovers += 1;
        }
        self.to_move = player;
        true
    }
}

/// The pile with only the six methods every game writes, and with one key for all moves when
/// `SAME_KEYS` (an associated function cannot read the slip).
#[derive(Debug, Clone, PartialEq)]
struct Plain<const SAME_KEYS: bool>(Pile);

impl<const SAME_KEYS: bool> Game for Plain<SAME_KEYS> {
    type Move = u32;
    type Moves = MoveList<u32, 3>;
    fn player_to_move(&self) -> usize {
        self.0.player_to_move()
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        self.0.generate_moves(moves);
    }
    fn play(&mut self, take: u32) {
        self.0.play(take);
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        self.0.outcome_by_rule()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn move_key(take: u32) -> u16 {
        if SAME_KEYS { 0 } else { take as u16 }
    }
}

/// The pile with `slip`; the move-key slip needs its own type.
fn check_pile(stones: u32, players: usize, slip: Slip) -> Result<(), ContractViolation> {
    let options = CheckOptions::default().depth(8).nodes(20_000).playouts(20);
    if slip == Slip::SameKeyForEveryMove {
        let start = Plain::<true>(Pile::new(stones, players, Slip::None));
        return Checker::new(&start)
            .compare_positions()
            .options(options)
            .run()
            .map(drop);
    }
    let start = Pile::new(stones, players, slip);
    let report = Checker::new(&start)
        .evaluator(&Exact)
        .compare_positions()
        .options(options)
        .run()?;
    assert!(report.null_moves > 0 && report.turn_handovers > 0 && report.hash_after_positions > 0);
    assert!(report.evaluations > 0 && report.noisy_positions > 0 && report.wins_by_rule > 0);
    Ok(())
}

/// Replays `violation`'s line from `start`: every move legal where it is played.
fn replay<G: Game>(start: &G, violation: &ContractViolation) -> G {
    let mut game = start.clone();
    for written in &violation.line {
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let mv = *moves
            .as_slice()
            .iter()
            .find(|mv| format!("{mv:?}") == *written)
            .unwrap_or_else(|| panic!("{written} is not a legal move in the line of {violation}"));
        game.play(mv);
    }
    game
}

/// The two-player pile's exact evaluation (the player to move wins unless the stones are a
/// multiple of four); with more players it is merely a deterministic score in range, which is
/// all the contract asks.
struct Exact;

impl Evaluator<Pile> for Exact {
    fn evaluate(&self, game: &Pile, player: usize) -> Score {
        let mover_wins = !game.stones.is_multiple_of(4);
        if mover_wins == (player == game.to_move) {
            100
        } else {
            -100
        }
    }
}

#[test]
fn nim_keeps_the_contract() {
    let start = Nim::new(12);
    let report = Checker::new(&start)
        .evaluator(&NimEvaluator)
        .compare_positions()
        .options(CheckOptions::default().depth(12))
        .run()
        .unwrap_or_else(|violation| panic!("{violation}"));
    // The whole game is walked: every line ends within 12 plies.
    assert_eq!(report.complete_depth, Some(12), "{report}");
    assert_eq!(report.playouts_ended, report.playouts);
    assert!(
        report.wins_by_rule > 0 && report.hash_revisits > 0,
        "{report}"
    );
}

#[test]
fn the_node_budget_bounds_the_walk_and_a_depth_counts_only_when_complete() {
    let start = Nim::new(9);
    let options = CheckOptions::default().depth(9).playouts(0);
    let whole = check_game(&start, &options).unwrap();
    assert_eq!(whole.complete_depth, Some(9), "{whole}");
    let exact = check_game(&start, &options.clone().nodes(whole.walk_positions)).unwrap();
    assert_eq!(exact.complete_depth, Some(9));
    let short = check_game(&start, &options.clone().nodes(whole.walk_positions - 1)).unwrap();
    assert_eq!(short.complete_depth, Some(8));
    assert_eq!(short.walk_positions, whole.walk_positions - 1);
    let tiny = check_game(&start, &options.nodes(3)).unwrap();
    assert_eq!((tiny.complete_depth, tiny.walk_positions), (Some(0), 3));
}

#[test]
fn a_correct_pile_passes_for_every_player_count() {
    for players in 2..=6 {
        check_pile(13, players, Slip::None).unwrap_or_else(|violation| panic!("{violation}"));
    }
}

#[test]
fn each_slip_of_the_pile_is_named_by_its_rule_with_a_line_that_reaches_it() {
    for slip in Slip::ALL {
        let violation = check_pile(13, 3, slip).expect_err(&format!("{slip:?} passed"));
        assert_eq!(violation.rule, slip.rule(), "{slip:?}:\n{violation}");
        let text = violation.to_string();
        assert!(
            text.contains(violation.rule.statement()) && text.contains("expected:"),
            "{text}"
        );
        if slip != Slip::SameKeyForEveryMove {
            let reached = replay(&Pile::new(13, 3, Slip::None), &violation);
            assert!(reached.stones <= 13);
        }
    }
}

#[test]
fn a_hash_that_ignores_the_player_is_caught_by_a_null_move_and_by_a_transposition() {
    let violation = check_pile(12, 2, Slip::HashIgnoresPlayer).unwrap_err();
    assert_eq!(violation.rule, Rule::HashSeparates);
    assert!(violation.line.is_empty(), "{violation}");
    assert!(
        violation
            .expected
            .contains("after a null move, with player 1 to move instead of player 0")
    );
    // Without null moves, two lines reach the same pile with different players to move.
    let start = Plain::<false>(Pile::new(12, 2, Slip::HashIgnoresPlayer));
    let violation = check_game(&start, &CheckOptions::default()).unwrap_err();
    assert_eq!(violation.rule, Rule::HashSeparates, "{violation}");
    let here = replay(&start, &violation);
    assert!(
        violation
            .found
            .contains(&format!("player {} to move and 3 moves", here.0.to_move)),
        "{violation}"
    );
    assert!(
        violation
            .expected
            .contains(&format!("player {} to move", 1 - here.0.to_move))
    );
    assert!(violation.expected.contains("after "), "{violation}");
}

#[test]
fn a_panic_in_the_game_becomes_a_violation_at_its_position() {
    let violation = check_pile(13, 2, Slip::PanicsOnFive).unwrap_err();
    assert_eq!(violation.rule, Rule::NoPanic);
    assert_eq!(replay(&Pile::new(13, 2, Slip::None), &violation).stones, 5);
    assert!(violation.found.contains("five stones"), "{violation}");
    // Where it happened: the game's own code.
    assert!(
        violation.found.contains("tests/contract.rs:"),
        "{violation}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the pile and the players, the correct game passes and each slip is caught by
    /// its own rule.
    #[test]
    fn any_pile_passes_and_any_slip_is_caught(
        stones in 9u32..30,
        players in 2usize..=6,
        slip in proptest::sample::select(Slip::ALL.to_vec()),
    ) {
        prop_assert!(check_pile(stones, players, Slip::None).is_ok());
        let violation = check_pile(stones, players, slip).expect_err("a slip passed");
        prop_assert_eq!(violation.rule, slip.rule());
    }
}

// ---------------------------------------------------------------------------------------------
// k in a row on a small grid, for the mistakes of the trial of an m,n,k game.

/// One mistake of the grid game (or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mistake {
    None,
    /// Three players, and `player_count` left at its default of 2.
    ForgetsPlayerCount,
    /// `Outcome::Win(self.player_to_move())`.
    WinsForPlayerToMove,
    /// Moves generated after a line is made.
    MovesAfterWin,
    /// A hash of which cells are taken, not by whom.
    HashIgnoresOwners,
}

/// Three in a row on a 3x3 grid (or on 4x4 for a bigger move list), for `players` players.
/// `CAPACITY` is the move list's, which a correct game sizes to its cells.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Grid<const CAPACITY: usize> {
    size: usize,
    cells: [Option<u8>; 16],
    players: usize,
    to_move: usize,
    mistake: Mistake,
}

impl<const CAPACITY: usize> Grid<CAPACITY> {
    fn new(size: usize, players: usize, mistake: Mistake) -> Self {
        Grid {
            size,
            cells: [None; 16],
            players,
            to_move: 0,
            mistake,
        }
    }

    /// The player with three in a row, if any.
    fn line_owner(&self) -> Option<usize> {
        let at = |row: usize, column: usize| self.cells[row * self.size + column];
        let n = self.size as isize;
        for row in 0..n {
            for column in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let (end_r, end_c) = (row + 2 * dr, column + 2 * dc);
                    if !(0..n).contains(&end_r) || !(0..n).contains(&end_c) {
                        continue;
                    }
                    let first = at(row as usize, column as usize);
                    if first.is_some()
                        && (1..3).all(|step| {
                            at((row + step * dr) as usize, (column + step * dc) as usize) == first
                        })
                    {
                        return first.map(usize::from);
                    }
                }
            }
        }
        None
    }
}

impl<const CAPACITY: usize> Game for Grid<CAPACITY> {
    type Move = u8;
    type Moves = MoveList<u8, CAPACITY>;

    fn player_count(&self) -> usize {
        if self.mistake == Mistake::ForgetsPlayerCount {
            2
        } else {
            self.players
        }
    }

    fn player_to_move(&self) -> usize {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.mistake != Mistake::MovesAfterWin && self.line_owner().is_some() {
            return;
        }
        for cell in 0..self.size * self.size {
            if self.cells[cell].is_none() {
                // The list's inherent `push`, as a newcomer writes it.
                moves.push(cell as u8);
            }
        }
    }

    fn play(&mut self, cell: u8) {
        self.cells[usize::from(cell)] = Some(self.to_move as u8);
        self.to_move = (self.to_move + 1) % self.players;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        if let Some(owner) = self.line_owner() {
            return Some(if self.mistake == Mistake::WinsForPlayerToMove {
                Outcome::Win(self.player_to_move())
            } else {
                Outcome::Win(owner)
            });
        }
        None
    }

    fn hash(&self) -> u64 {
        let owners = self.mistake != Mistake::HashIgnoresOwners;
        let board = self.cells.iter().fold(0u64, |hash, cell| {
            let code = match cell {
                None => 0,
                Some(owner) if owners => u64::from(*owner) + 1,
                Some(_) => 1,
            };
            hash.wrapping_mul(7) + code
        });
        board.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ self.to_move as u64
    }

    fn move_key(cell: u8) -> u16 {
        cell.into()
    }
}

/// Everything but the rows: each player's stones in the centre rows of the grid.
fn centre(game: &Grid<9>, player: usize) -> Score {
    game.cells[3..6]
        .iter()
        .filter(|cell| **cell == Some(player as u8))
        .count() as Score
}

fn check_grid<const CAPACITY: usize>(
    size: usize,
    players: usize,
    mistake: Mistake,
) -> Result<plyforge_search::contract::Report, ContractViolation> {
    let start = Grid::<CAPACITY>::new(size, players, mistake);
    Checker::new(&start)
        .compare_positions()
        .options(CheckOptions::default().depth(4).nodes(50_000))
        .run()
}

#[test]
fn tic_tac_toe_for_two_and_three_players_passes() {
    for players in [2, 3] {
        let report = check_grid::<9>(3, players, Mistake::None)
            .unwrap_or_else(|violation| panic!("{players} players: {violation}"));
        assert_eq!(report.players, players);
        assert!(
            report.wins_by_rule > 0 && report.hash_revisits > 0,
            "{report}"
        );
    }
    let start = Grid::<9>::new(3, 2, Mistake::None);
    let report = Checker::new(&start).evaluator(&centre).run().unwrap();
    assert!(report.evaluations > 0);
}

#[test]
fn a_three_player_game_that_forgets_player_count_is_caught_at_the_third_player() {
    let violation = check_grid::<9>(3, 3, Mistake::ForgetsPlayerCount).unwrap_err();
    assert_eq!(violation.rule, Rule::PlayerToMove, "{violation}");
    assert_eq!(violation.line.len(), 2, "{violation}");
    assert!(
        violation.found.contains("player_to_move() = 2"),
        "{violation}"
    );
}

#[test]
fn a_win_for_the_player_to_move_is_caught() {
    for players in [2, 3] {
        let violation = check_grid::<9>(3, players, Mistake::WinsForPlayerToMove).unwrap_err();
        assert_eq!(violation.rule, Rule::WinnerJustMoved, "{violation}");
        let end = replay(&Grid::<9>::new(3, players, Mistake::None), &violation);
        assert!(end.line_owner().is_some());
    }
}

#[test]
fn a_hash_blind_to_who_holds_a_cell_is_caught_by_the_evaluations() {
    let start = Grid::<9>::new(3, 2, Mistake::HashIgnoresOwners);
    // Before any line is made, such positions look alike without an evaluator: the same
    // player to move, the same moves.
    let opening = CheckOptions::default().depth(3).playouts(0);
    assert!(check_game(&start, &opening).is_ok());
    let violation = Checker::new(&start)
        .evaluator(&centre)
        .options(opening)
        .run()
        .unwrap_err();
    assert_eq!(violation.rule, Rule::HashSeparates, "{violation}");
    assert!(violation.found.contains("the evaluations"), "{violation}");
    let here = replay(&Grid::<9>::new(3, 2, Mistake::None), &violation);
    assert!(here.cells[3..6].iter().any(Option::is_some));
}

#[test]
fn a_misere_game_may_allow_wins_for_the_player_to_move() {
    let start = Grid::<9>::new(3, 2, Mistake::WinsForPlayerToMove);
    let options = CheckOptions::default()
        .depth(4)
        .winner_may_be_player_to_move(true);
    assert!(check_game(&start, &options).is_ok());
}

#[test]
fn moves_after_a_win_are_caught_where_the_line_is_made() {
    let violation = check_grid::<9>(3, 2, Mistake::MovesAfterWin).unwrap_err();
    assert_eq!(violation.rule, Rule::NoMovesAfterWin, "{violation}");
    // The fifth stone makes the first possible line.
    assert!(violation.line.len() >= 5, "{violation}");
    let end = replay(&Grid::<9>::new(3, 2, Mistake::None), &violation);
    assert!(end.line_owner().is_some());
}

#[test]
fn a_move_list_too_small_is_reported_not_panicked() {
    // The list's inherent push on a 4x4 grid with room for 9 moves.
    let violation = check_grid::<9>(4, 2, Mistake::None).unwrap_err();
    assert_eq!(violation.rule, Rule::MoveListCapacity, "{violation}");
    assert!(violation.found.contains("move list full"), "{violation}");
    assert!(violation.line.is_empty());
    // The search crate's push, through `MoveBuffer`.
    let violation = check_pile_list();
    assert_eq!(violation.rule, Rule::MoveListCapacity, "{violation}");
    assert!(violation.found.contains("move list full"), "{violation}");
}

/// A pile whose move list holds two of its three moves.
fn check_pile_list() -> ContractViolation {
    #[derive(Debug, Clone)]
    struct Narrow(Pile);
    impl Game for Narrow {
        type Move = u32;
        type Moves = MoveList<u32, 2>;
        fn player_to_move(&self) -> usize {
            self.0.to_move
        }
        fn generate_moves(&self, moves: &mut Self::Moves) {
            for take in 1..=self.0.stones.min(3) {
                MoveBuffer::push(moves, take);
            }
        }
        fn play(&mut self, take: u32) {
            self.0.play(take);
        }
        fn outcome_by_rule(&self) -> Option<Outcome> {
            self.0.outcome_by_rule()
        }
        fn hash(&self) -> u64 {
            self.0.hash()
        }
        fn move_key(take: u32) -> u16 {
            take as u16
        }
    }
    check_game(
        &Narrow(Pile::new(9, 2, Slip::None)),
        &CheckOptions::default(),
    )
    .unwrap_err()
}

// ---------------------------------------------------------------------------------------------
// Evaluators.

/// A win score where an evaluation belongs.
struct OutOfRange;
impl Evaluator<Pile> for OutOfRange {
    fn evaluate(&self, game: &Pile, _: usize) -> Score {
        if game.stones == 7 { WIN - 3 } else { 0 }
    }
}

/// Different on every call.
struct Drifting(AtomicI32);
impl Evaluator<Pile> for Drifting {
    fn evaluate(&self, _: &Pile, _: usize) -> Score {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

/// `evaluate_all` with the players in the wrong order.
struct Reversed;
impl Evaluator<Pile> for Reversed {
    fn evaluate(&self, game: &Pile, player: usize) -> Score {
        if player == game.to_move { 10 } else { -10 }
    }
    fn evaluate_all(&self, game: &Pile, scores: &mut [Score]) {
        let count = scores.len();
        for (player, score) in scores.iter_mut().enumerate() {
            *score = self.evaluate(game, count - 1 - player);
        }
    }
}

#[test]
fn evaluators_out_of_range_drifting_or_inconsistent_are_caught() {
    let start = Pile::new(13, 2, Slip::None);
    let check = |evaluator: &dyn Evaluator<Pile>| {
        Checker::new(&start).evaluator(evaluator).run().unwrap_err()
    };
    let violation = check(&OutOfRange);
    assert_eq!(violation.rule, Rule::EvaluationRange, "{violation}");
    assert_eq!(replay(&start, &violation).stones, 7);
    assert!(violation.found.contains(&(WIN - 3).to_string()));
    assert!(violation.expected.contains(&EVAL_LIMIT.to_string()));
    assert_eq!(
        check(&Drifting(AtomicI32::new(0))).rule,
        Rule::EvaluationDeterministic
    );
    let violation = check(&Reversed);
    assert_eq!(violation.rule, Rule::EvaluateAll, "{violation}");
    assert!(violation.line.is_empty());
}

#[test]
fn a_violation_reads_as_rule_place_expected_and_found() {
    let violation = check_grid::<9>(3, 3, Mistake::ForgetsPlayerCount).unwrap_err();
    let text = violation.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("rule broken: Game::player_to_move is below"),
        "{text}"
    );
    assert_eq!(
        lines[1],
        "at:          the start position, then 0 1 (2 plies)"
    );
    assert!(
        lines[2].starts_with("expected:    a player below player_count() = 2"),
        "{text}"
    );
    assert_eq!(lines[3], "found:       player_to_move() = 2");
}

#[test]
fn every_rule_is_shown_broken_by_one_of_the_games_here() {
    let mut shown = std::collections::HashSet::new();
    for slip in Slip::ALL {
        shown.insert(check_pile(13, 3, slip).unwrap_err().rule);
    }
    for mistake in [
        Mistake::ForgetsPlayerCount,
        Mistake::WinsForPlayerToMove,
        Mistake::MovesAfterWin,
    ] {
        shown.insert(check_grid::<9>(3, 3, mistake).unwrap_err().rule);
    }
    shown.insert(check_pile_list().rule);
    let start = Pile::new(13, 2, Slip::None);
    let evaluators: [&dyn Evaluator<Pile>; 3] =
        [&OutOfRange, &Drifting(AtomicI32::new(0)), &Reversed];
    for evaluator in evaluators {
        shown.insert(
            Checker::new(&start)
                .evaluator(evaluator)
                .run()
                .unwrap_err()
                .rule,
        );
    }
    let missing: Vec<Rule> = Rule::ALL
        .into_iter()
        .filter(|rule| !shown.contains(rule))
        .collect();
    assert!(missing.is_empty(), "no broken game shows {missing:?}");
}
