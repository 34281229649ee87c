//! Time management: turns the clock of a `go` command into the soft and hard limits of a search.
//! Each move gets a budget: its share of the remaining time plus most of the increment. The
//! soft limit is half the budget: the search starts no new iteration after it, because the next
//! iteration takes about as long as all the ones before it, so that a move takes the budget on
//! average instead of running iterations on past it and spending the clock early. The hard
//! limit ends an iteration that runs long: a few budgets, and never more than a fraction of
//! what is left, so that the clock always keeps a reserve.

use crate::command::Go;
use plyforge_chess::Move;
use plyforge_search::Limits;
use std::time::Duration;

/// Moves assumed to remain when the GUI does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Kept back from every limit for the GUI's and the operating system's delays, unless the
/// `Move Overhead` option says otherwise.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);
/// The soft limit is the budget divided by this.
const BUDGET_PER_SOFT: u32 = 2;
/// The hard limit is this many budgets, at most.
const HARD_PER_BUDGET: u32 = 3;
/// The hard limit never exceeds this fraction (1/n) of the remaining time.
const HARD_FRACTION_OF_CLOCK: u32 = 4;
/// Spent of each increment on this move (numerator over 4).
const INCREMENT_SHARE_QUARTERS: u32 = 3;

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
/// // A budget of two seconds: no iteration starts after one, none runs past six.
/// assert_eq!(limits.soft_time.unwrap().as_millis(), 999);
/// assert_eq!(limits.hard_time.unwrap().as_millis(), 5997);
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
            .clamp(1, DEFAULT_MOVES_TO_GO);
        let budget = available / moves_to_go + increment * INCREMENT_SHARE_QUARTERS / 4;
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
