//! Time management: turns the clock of a `go` command into the limits of a search, and hands
//! a [`TimeManager`] the soft limit to move while the search runs. Each move gets a budget: an
//! even share of the time left for the coming moves (the clock and the increments expected
//! over a horizon of [`DEFAULT_MOVES_TO_GO`] moves where the GUI does not say how many). The
//! horizon is short, and the budget shrinks with the clock: the clock is spent in the opening
//! and the middlegame, where games are decided, and the increments carry the endgame, as strong
//! engines spend it. Before move [`EVEN_SPREAD_UNTIL_MOVE`] the horizon is longer by the moves
//! left until then: a horizon that short from the first move would give the first moves out of
//! the opening the most time, while more time is worth about as much on each of the moves up
//! to the 35th. The soft limit starts at half the budget: the search starts no
//! new iteration after it, because the next iteration takes about as long as all the ones before
//! it, so that a move takes about the budget. The time manager then scales it by what the
//! iterations find ([`adapt`]). The hard limit ends an iteration that runs long: a few
//! budgets, and never more than a fraction of what is left, so that the clock always keeps a
//! reserve.

pub mod adapt;

pub use adapt::TimeManager;

use crate::command::Go;
use plyforge_chess::{Board, Color, Move};
use plyforge_search::Limits;
use std::time::Duration;

/// Moves a budget plans for when the GUI does not say how many remain (`movestogo`), from move
/// [`EVEN_SPREAD_UNTIL_MOVE`] on: fewer than a game has left, so that the clock is spent where
/// games are decided, in the middlegame, and the increments carry the endgame.
pub const DEFAULT_MOVES_TO_GO: u32 = 10;
/// Before this move (the position's move number) the default horizon is longer by the moves
/// left until it, so that the clock is spread about evenly over the moves up to the 35th.
pub const EVEN_SPREAD_UNTIL_MOVE: u32 = 20;
/// The most moves a budget plans for when the GUI says how many remain.
const MAX_MOVES_TO_GO: u32 = 40;
/// Kept back from every limit for the GUI's and the operating system's delays, unless the
/// `Move Overhead` option says otherwise.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);
/// The soft limit is the budget divided by this (before the time manager scales it).
const BUDGET_PER_SOFT: u32 = 2;
/// The hard limit is this many budgets, at most.
const HARD_PER_BUDGET: u32 = 4;
/// The hard limit never exceeds this fraction (1/n) of the remaining time.
const HARD_FRACTION_OF_CLOCK: u32 = 4;
/// A budget never exceeds this fraction (1/n) of the remaining time, whatever the increments
/// promise: the increments of the coming moves are not on the clock yet.
const BUDGET_FRACTION_OF_CLOCK: u32 = 4;

/// The search limits for `go` in `position` (its side to move says whose clock counts, its move
/// number how far the default horizon reaches), keeping `move_overhead` back from every time
/// limit. A pondering search gets the same time limits:
/// its stop flag ([`StopFlag::pondering`](plyforge_search::StopFlag::pondering)) holds them
/// back until `ponderhit`, and they count from there.
///
/// ```
/// use plyforge_chess::Board;
/// use plyforge_uci::{time::limits_for, Command};
/// use std::time::Duration;
/// let Command::Go(go) = "go wtime 60000 btime 60000".parse().unwrap() else { unreachable!() };
/// let middlegame: Board = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R2QKB1R w KQ - 2 30"
///     .parse()
///     .unwrap();
/// let limits = limits_for(&go, &middlegame, Duration::from_millis(30));
/// // A budget of 6 s (a 10th of the clock): no iteration starts after 3 s (until a time
/// // manager moves that), none runs past 15 s (a quarter of the clock).
/// assert_eq!(limits.soft_time.unwrap().as_millis(), 2998);
/// assert_eq!(limits.hard_time.unwrap().as_millis(), 14992);
/// // At the first move the same clock is planned over 29 moves.
/// let limits = limits_for(&go, &Board::default(), Duration::from_millis(30));
/// assert_eq!(limits.soft_time.unwrap().as_millis(), 1033);
/// ```
pub fn limits_for(go: &Go, position: &Board, move_overhead: Duration) -> Limits<Move> {
    let white = position.side_to_move() == Color::White;
    let mut limits = Limits {
        depth: go.depth,
        nodes: go.nodes,
        ..Limits::default()
    };
    if go.infinite {
        return limits;
    }
    if let Some(move_time) = go.move_time {
        let time = move_time
            .saturating_sub(move_overhead)
            .max(Duration::from_millis(1));
        limits.soft_time = Some(time);
        limits.hard_time = Some(time);
        return limits;
    }
    let (clock, increment) = if white {
        (go.white_time, go.white_increment)
    } else {
        (go.black_time, go.black_increment)
    };
    // A clock given for the other side only is a game where ours has run out: move at once
    // rather than search without end (the GUI is waiting with a clock running).
    let other_clock = if white { go.black_time } else { go.white_time };
    let clock = clock.or(other_clock.map(|_| Duration::ZERO));
    if let Some(clock) = clock {
        let increment = increment.unwrap_or_default();
        let available = clock.saturating_sub(move_overhead);
        let moves_to_go = go
            .moves_to_go
            .unwrap_or_else(|| default_moves_to_go(position.fullmove_number()))
            .clamp(1, MAX_MOVES_TO_GO);
        let budget = move_budget(available, increment, moves_to_go);
        let hard_cap = available / HARD_FRACTION_OF_CLOCK;
        let hard = (budget * HARD_PER_BUDGET)
            .min(hard_cap)
            .max(Duration::from_millis(1));
        let soft = (budget / BUDGET_PER_SOFT)
            .min(hard)
            .max(Duration::from_millis(1));
        limits.soft_time = Some(soft);
        limits.hard_time = Some(hard);
    }
    limits
}

/// The horizon of a budget at move `move_number` when the GUI does not say how many moves
/// remain: [`DEFAULT_MOVES_TO_GO`], and before move [`EVEN_SPREAD_UNTIL_MOVE`] the moves left
/// until it as well.
fn default_moves_to_go(move_number: u16) -> u32 {
    DEFAULT_MOVES_TO_GO + EVEN_SPREAD_UNTIL_MOVE.saturating_sub(u32::from(move_number))
}

/// The time one move may take on average: the time left for the coming `moves_to_go` moves
/// (`available` now, and the increment after every move but the last) shared evenly, and
/// never more than [`BUDGET_FRACTION_OF_CLOCK`] of `available` (unless `moves_to_go` says the
/// time control ends sooner).
fn move_budget(available: Duration, increment: Duration, moves_to_go: u32) -> Duration {
    let coming = available + increment * (moves_to_go - 1);
    let cap = available / BUDGET_FRACTION_OF_CLOCK.min(moves_to_go);
    (coming / moves_to_go).min(cap)
}

/// The search limits for `go` with a [`TimeManager`] where the search plays on a clock: the
/// limits of [`limits_for`] with a soft limit the manager moves from the search's progress
/// reports ([`TimeManager::observe`]). A `go` with `movetime`, `infinite` or no clock gets no
/// manager.
pub fn managed_limits_for(
    go: &Go,
    position: &Board,
    move_overhead: Duration,
) -> (Limits<Move>, Option<TimeManager>) {
    let mut limits = limits_for(go, position, move_overhead);
    let on_clock = !go.infinite && go.move_time.is_none();
    let manager = match (limits.soft_time, limits.hard_time) {
        (Some(soft), Some(hard)) if on_clock => {
            let manager = TimeManager::new(soft, hard);
            limits.soft_deadline = Some(manager.deadline());
            Some(manager)
        }
        _ => None,
    };
    (limits, manager)
}

/// A position at move 30, White or Black to move: past the longer horizon of the first moves.
#[cfg(test)]
fn middlegame(white: bool) -> Board {
    let side = if white { "w" } else { "b" };
    format!("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R2QKB1R {side} KQ - 2 30")
        .parse()
        .expect("a legal position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Command;

    fn go(line: &str) -> Go {
        match line.parse() {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_clock_for_the_other_side_only_means_moving_at_once() {
        let black_to_move = middlegame(false);
        let limits = limits_for(
            &go("go wtime 1000 winc 10"),
            &black_to_move,
            DEFAULT_MOVE_OVERHEAD,
        );
        assert_eq!(limits.hard_time, Some(Duration::from_millis(1)));
        let limits = limits_for(
            &go("go btime 1000"),
            &middlegame(true),
            DEFAULT_MOVE_OVERHEAD,
        );
        assert_eq!(limits.hard_time, Some(Duration::from_millis(1)));
    }

    #[test]
    fn no_clock_at_all_leaves_the_search_unlimited_by_time() {
        let limits = limits_for(&go("go depth 5"), &middlegame(true), DEFAULT_MOVE_OVERHEAD);
        assert_eq!((limits.soft_time, limits.hard_time), (None, None));
    }
}

#[cfg(test)]
mod allocation {
    use super::*;
    use crate::Command;

    /// The limits of `line` at move 30, White to move.
    fn limits(line: &str) -> (Duration, Duration) {
        limits_at(line, &middlegame(true))
    }

    fn limits_at(line: &str, position: &Board) -> (Duration, Duration) {
        let Ok(Command::Go(go)) = line.parse() else {
            panic!("{line}")
        };
        let limits = limits_for(&go, position, Duration::ZERO);
        (limits.soft_time.unwrap(), limits.hard_time.unwrap())
    }

    #[test]
    fn the_budget_shares_the_clock_and_the_increments_over_the_horizon() {
        // 40 s and the 9 increments of 1 s to come over 10 moves: (40 + 9) / 10 s a move;
        // the hard limit is a quarter of the clock, less than four budgets.
        let (soft, hard) = limits("go wtime 40000 winc 1000");
        assert_eq!(soft, Duration::from_millis(4900) / 2);
        assert_eq!(hard, Duration::from_secs(10));
    }

    #[test]
    fn the_first_moves_plan_over_a_longer_horizon() {
        assert_eq!(default_moves_to_go(1), 29);
        assert_eq!(default_moves_to_go(19), 11);
        for move_number in [20, 21, 80, u16::MAX] {
            assert_eq!(default_moves_to_go(move_number), DEFAULT_MOVES_TO_GO);
        }
        // The same clock at the first move and at the 30th: 60 s over 29 moves, then over 10.
        let line = "go wtime 60000 btime 60000";
        let (first_soft, _) = limits_at(line, &Board::default());
        let (later_soft, _) = limits(line);
        assert_eq!(first_soft, Duration::from_millis(60_000) / 29 / 2);
        assert_eq!(later_soft, Duration::from_secs(3));
        // A GUI's movestogo replaces the default horizon at any move.
        let (soft, _) = limits_at("go wtime 60000 movestogo 10", &Board::default());
        assert_eq!(soft, Duration::from_secs(3));
    }

    #[test]
    fn moves_to_go_sets_the_horizon_up_to_forty_moves() {
        // 40 s for 40 moves: a second a move; more moves are planned as 40.
        for line in [
            "go wtime 40000 movestogo 40",
            "go wtime 40000 movestogo 100",
        ] {
            let (soft, hard) = limits(line);
            assert_eq!(
                (soft, hard),
                (Duration::from_millis(500), Duration::from_secs(4)),
                "{line}"
            );
        }
        // The last move before the time control has the whole clock to plan for, and still
        // keeps three quarters of it.
        let (soft, hard) = limits("go wtime 40000 movestogo 1");
        assert_eq!(
            (soft, hard),
            (Duration::from_secs(10), Duration::from_secs(10))
        );
    }

    #[test]
    fn the_limits_keep_a_reserve_of_the_clock() {
        for clock in [1u64, 20, 100, 1_000, 10_000, 60_000, 600_000] {
            for increment in [0u64, 10, 100, 1_000, 10_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(10), Some(40), Some(100)] {
                    let mut line = format!("go wtime {clock} winc {increment}");
                    if let Some(moves) = moves_to_go {
                        line.push_str(&format!(" movestogo {moves}"));
                    }
                    let (soft, hard) = limits(&line);
                    let clock = Duration::from_millis(clock);
                    assert!(soft <= hard, "{line}");
                    assert!(
                        hard <= (clock / HARD_FRACTION_OF_CLOCK).max(Duration::from_millis(1)),
                        "{line}: {hard:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_large_increment_does_not_spend_more_than_a_share_of_the_clock() {
        // 1 s on the clock, 10 s increments: the budget is at most a quarter of the clock.
        let (soft, _) = limits("go wtime 1000 winc 10000");
        assert_eq!(soft, Duration::from_millis(1000) / 4 / 2);
    }

    #[test]
    fn managed_limits_come_with_a_manager_on_a_clock_only() {
        let go = |line: &str| match line.parse() {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        };
        let position = middlegame(true);
        let (limits, manager) = managed_limits_for(
            &go("go wtime 9000 btime 9000"),
            &position,
            DEFAULT_MOVE_OVERHEAD,
        );
        let manager = manager.expect("a clock");
        assert_eq!(
            limits.soft_deadline.map(|deadline| deadline.get()),
            limits.soft_time
        );
        assert_eq!(manager.hard_time(), limits.hard_time.unwrap());
        for line in [
            "go movetime 100",
            "go infinite",
            "go depth 4",
            "go nodes 1000",
        ] {
            assert!(
                managed_limits_for(&go(line), &position, DEFAULT_MOVE_OVERHEAD)
                    .1
                    .is_none(),
                "{line}"
            );
        }
    }
}
