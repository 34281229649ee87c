//! Time management: turns the clock of a `go` command into the limits of a search, and hands
//! a [`TimeManager`] the soft limit to move while the search runs. Each move gets a budget: an
//! even share of the time left for the coming moves (the clock and the increments expected
//! over a horizon of [`DEFAULT_MOVES_TO_GO`] moves where the GUI does not say how many). The
//! horizon is short, and the budget shrinks with the clock: the clock is spent most in the
//! opening and the middlegame, where games are decided, and the increments carry the endgame,
//! as strong engines spend it. The soft limit starts at half the budget: the search starts no
//! new iteration after it, because the next iteration takes about as long as all the ones before
//! it, so that a move takes about the budget. The time manager then scales it by what the
//! iterations find ([`adapt`]). The hard limit ends an iteration that runs long: a few
//! budgets, and never more than a fraction of what is left, so that the clock always keeps a
//! reserve.

pub mod adapt;

pub use adapt::TimeManager;

use crate::command::Go;
use plyforge_chess::Move;
use plyforge_search::Limits;
use std::time::Duration;

/// Moves a budget plans for when the GUI does not say how many remain (`movestogo`): fewer
/// than a game has left, so that the clock is spent where games are decided, in the
/// middlegame, and the increments carry the endgame.
pub const DEFAULT_MOVES_TO_GO: u32 = 12;
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
const BUDGET_FRACTION_OF_CLOCK: u32 = 8;

/// The search limits for `go`, for the side whose clock is White's when `white` is true, keeping
/// `move_overhead` back from every time limit. A pondering search gets the same time limits:
/// its stop flag ([`StopFlag::pondering`](plyforge_search::StopFlag::pondering)) holds them
/// back until `ponderhit`, and they count from there.
///
/// ```
/// use plyforge_uci::{time::limits_for, Command};
/// use std::time::Duration;
/// let Command::Go(go) = "go wtime 60000 btime 60000".parse().unwrap() else { unreachable!() };
/// let limits = limits_for(&go, true, Duration::from_millis(30));
/// // A budget of 5 s (a 12th of the clock): no iteration starts after 2.5 s (until a time
/// // manager moves that), none runs past 15 s (a quarter of the clock).
/// assert_eq!(limits.soft_time.unwrap().as_millis(), 2498);
/// assert_eq!(limits.hard_time.unwrap().as_millis(), 14992);
/// ```
pub fn limits_for(go: &Go, white: bool, move_overhead: Duration) -> Limits<Move> {
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
            .unwrap_or(DEFAULT_MOVES_TO_GO)
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
    white: bool,
    move_overhead: Duration,
) -> (Limits<Move>, Option<TimeManager>) {
    let mut limits = limits_for(go, white, move_overhead);
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
        let limits = limits_for(&go("go wtime 1000 winc 10"), false, DEFAULT_MOVE_OVERHEAD);
        assert_eq!(limits.hard_time, Some(Duration::from_millis(1)));
        let limits = limits_for(&go("go btime 1000"), true, DEFAULT_MOVE_OVERHEAD);
        assert_eq!(limits.hard_time, Some(Duration::from_millis(1)));
    }

    #[test]
    fn no_clock_at_all_leaves_the_search_unlimited_by_time() {
        let limits = limits_for(&go("go depth 5"), true, DEFAULT_MOVE_OVERHEAD);
        assert_eq!((limits.soft_time, limits.hard_time), (None, None));
    }
}

#[cfg(test)]
mod allocation {
    use super::*;
    use crate::Command;

    fn limits(line: &str) -> (Duration, Duration) {
        let Ok(Command::Go(go)) = line.parse() else {
            panic!("{line}")
        };
        let limits = limits_for(&go, true, Duration::ZERO);
        (limits.soft_time.unwrap(), limits.hard_time.unwrap())
    }

    #[test]
    fn the_budget_shares_the_clock_and_the_increments_over_the_horizon() {
        // 40 s and the 11 increments of 1 s to come over 12 moves: (40 + 11) / 12 s a move;
        // the hard limit is a quarter of the clock, less than four budgets.
        let (soft, hard) = limits("go wtime 40000 winc 1000");
        assert_eq!(soft, Duration::from_millis(4250) / 2);
        assert_eq!(hard, Duration::from_secs(10));
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
        // 1 s on the clock, 10 s increments: the budget is at most an eighth of the clock.
        let (soft, _) = limits("go wtime 1000 winc 10000");
        assert_eq!(soft, Duration::from_millis(1000) / 8 / 2);
    }

    #[test]
    fn managed_limits_come_with_a_manager_on_a_clock_only() {
        let go = |line: &str| match line.parse() {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        };
        let (limits, manager) =
            managed_limits_for(&go("go wtime 9000 btime 9000"), true, DEFAULT_MOVE_OVERHEAD);
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
                managed_limits_for(&go(line), true, DEFAULT_MOVE_OVERHEAD)
                    .1
                    .is_none(),
                "{line}"
            );
        }
    }
}
