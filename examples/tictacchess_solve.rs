//! The TicTacChess moonshot, as far as it goes: a bounded proof of "no forced win".
//!
//! ```text
//! cargo run --release --example tictacchess_solve -- [--plies 11] [--seconds 600] [--position "<position>"]
//! ```
//!
//! For growing odd `N` it decides exactly whether the side to move can force four in a row
//! within `N` plies whatever the opponent does, and then whether the other side can do so within
//! `N + 1` plies whatever the first side does, with the bounded proof search of
//! `plyforge-search` (`plyforge::search::proof`): an AND/OR search over the full move tree with a
//! table of proven facts, kept from one bound to the next. Repetitions are ignored: the
//! repetition draw only takes wins away, so "no forced win within `N` plies" proven without it
//! also holds under the full rules.
//!
//! It also prints the size of the whole state space, which is what a retrograde analysis (the
//! proof of the game's value) would have to enumerate; see `docs/guide/tictacchess.md`.

use plyforge::search::Limits;
use plyforge::search::proof::{Proof, ProofSearch};
use plyforge::tictacchess::TicTacChess;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Facts in the proof table (16 bytes each: 256 MiB).
const TABLE_ENTRIES: usize = 1 << 24;

/// The number of states of the game: every way to put each of the 8 pieces in hand or on its
/// own square, times the pawns' possible directions (one in hand or on rank 1 or 4, two on
/// ranks 2 and 3), times the side to move.
fn state_count() -> u128 {
    let falling = |n: u128, k: u128| (0..k).map(|i| n - i).product::<u128>();
    let choose = |n: u128, k: u128| falling(n, k) / (1..=k).product::<u128>();
    let others = |free: u128| {
        (0..=6u128)
            .map(|k| choose(6, k) * falling(free, k))
            .sum::<u128>()
    };
    // A pawn's location: None (hand) or (file, rank); its number of directions there.
    let locations: Vec<Option<(u8, u8)>> = std::iter::once(None)
        .chain((0..16u8).map(|i| Some((i % 4, i / 4))))
        .collect();
    let directions = |at: Option<(u8, u8)>| match at {
        Some((_, rank)) if rank == 1 || rank == 2 => 2,
        _ => 1,
    };
    let mut total = 0;
    for &white in &locations {
        for &black in &locations {
            if white.is_some() && white == black {
                continue;
            }
            let used = white.is_some() as u128 + black.is_some() as u128;
            total += directions(white) * directions(black) * others(16 - used);
        }
    }
    2 * total
}

/// The answer to `--help`.
const USAGE: &str = "\
usage: tictacchess_solve [--plies 11] [--seconds 600] [--position \"<position>\"]
Decides, for growing odd N up to --plies, whether the side to move can force four in a row
within N plies, and whether the other side can within N + 1, within --seconds in all.";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut max_plies: u32 = 11;
    let mut seconds = 600;
    let mut start = TicTacChess::new();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next() else {
            eprintln!("error: {flag} needs a value\n{USAGE}");
            return ExitCode::FAILURE;
        };
        let parsed = match flag.as_str() {
            "--plies" => value
                .parse()
                .map(|v| max_plies = v)
                .map_err(|_| "a number of plies".to_string()),
            "--seconds" => value
                .parse()
                .map(|v| seconds = v)
                .map_err(|_| "a number of seconds".to_string()),
            "--position" => value.parse().map(|p| start = p).map_err(|e| format!("{e}")),
            _ => Err("unknown option".to_string()),
        };
        if let Err(message) = parsed {
            eprintln!("error: {flag} {value:?}: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "states of the game (all placements, pawn directions, side to move): {}",
        state_count()
    );
    println!("position: {start}");
    let began = Instant::now();
    let deadline = began + Duration::from_secs(seconds);
    let mut prover = ProofSearch::new(TABLE_ENTRIES);
    let mover = start.side_to_move();
    let other = mover.opponent();
    let mut plies = 1u32;
    while plies <= max_plies {
        // Each question gets the time left.
        let limits =
            || Limits::default().with_hard_time(deadline.saturating_duration_since(Instant::now()));
        for (player, bound) in [(mover, plies), (other, plies + 1)] {
            match prover.forced_win_for(&start, player.index(), bound, &limits()) {
                Err(_) => {
                    println!("out of time while proving {bound} plies for {player}");
                    return ExitCode::SUCCESS;
                }
                Ok(proof) => {
                    println!(
                        "{player} {} force a win within {bound} plies   ({:.1} s, {} nodes)",
                        if proof == Proof::Wins {
                            "CAN"
                        } else {
                            "cannot"
                        },
                        began.elapsed().as_secs_f64(),
                        prover.nodes()
                    );
                    if proof == Proof::Wins {
                        return ExitCode::SUCCESS;
                    }
                }
            }
        }
        plies += 2;
    }
    ExitCode::SUCCESS
}
