//! The TicTacChess moonshot, as far as it goes: a bounded proof of "no forced win".
//!
//! ```text
//! cargo run --release --example tictacchess_solve -- [--plies 11] [--seconds 600] [--position "<position>"]
//! ```
//!
//! For growing odd `N` it decides exactly whether the side to move can force four in a row
//! within `N` plies whatever the opponent does, and then whether the other side can do so within
//! `N + 1` plies whatever the first side does. The search is an AND/OR depth-first search over
//! the full move tree (every move of the side trying to win, one refutation per node for the
//! other side), with a table of proven facts keyed by the 64-bit Zobrist hash: "wins within `p`
//! plies" and "does not win within `p` plies" are facts about a position alone, so the table is
//! sound (up to hash collisions). Repetitions are ignored: the repetition draw only takes wins
//! away, so "no forced win within `N` plies" proven without it also holds under the full rules.
//!
//! It also prints the size of the whole state space, which is what a retrograde analysis (the
//! proof of the game's value) would have to enumerate; see `docs/tictacchess.md`.
//!
//! The search is generic over `plyforge_search::Game`; a generic bounded prover of this kind
//! would belong in `plyforge-search`, and is kept in this example until it moves there.

use plyforge::search::{Game, MoveBuffer, Outcome};
use plyforge::tictacchess::TicTacChess;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Entries of the table of proven facts (a power of two; 16 bytes each: 256 MiB).
const TABLE_ENTRIES: usize = 1 << 24;
/// How many nodes between two looks at the clock.
const DEADLINE_POLL: u64 = 1 << 16;
/// "Not known" for the win bound.
const UNKNOWN: u8 = u8::MAX;

/// What is proven about one position, for the side to move.
#[derive(Clone, Copy)]
struct Entry {
    hash: u64,
    /// It forces a line within this many plies (`UNKNOWN` if not proven).
    wins_within: u8,
    /// It cannot force a line within this many plies (0: nothing proven).
    no_win_within: u8,
}

const EMPTY: Entry = Entry {
    hash: 0,
    wins_within: UNKNOWN,
    no_win_within: 0,
};

/// The bounded prover.
struct Prover {
    table: Vec<Entry>,
    nodes: u64,
    deadline: Instant,
    out_of_time: bool,
}

impl Prover {
    fn new(deadline: Instant) -> Prover {
        Prover {
            table: vec![EMPTY; TABLE_ENTRIES],
            nodes: 0,
            deadline,
            out_of_time: false,
        }
    }

    fn slot(hash: u64) -> usize {
        (hash as usize) & (TABLE_ENTRIES - 1)
    }

    fn lookup<G: Game>(&self, game: &G, plies: u8) -> Option<bool> {
        let entry = self.table[Self::slot(game.hash())];
        if entry.hash != game.hash() {
            return None;
        }
        if entry.wins_within <= plies {
            Some(true)
        } else if entry.no_win_within >= plies {
            Some(false)
        } else {
            None
        }
    }

    fn store<G: Game>(&mut self, game: &G, plies: u8, wins: bool) {
        let slot = &mut self.table[Self::slot(game.hash())];
        if slot.hash != game.hash() {
            *slot = Entry {
                hash: game.hash(),
                ..EMPTY
            };
        }
        if wins {
            slot.wins_within = slot.wins_within.min(plies);
        } else {
            slot.no_win_within = slot.no_win_within.max(plies);
        }
    }

    /// Whether the side to move in `game` can force four in a row within `plies` plies.
    /// Returns `false` (unproven) once the deadline has passed; the caller checks
    /// `out_of_time` before trusting a `false`.
    fn wins<G: Game>(&mut self, game: &G, plies: u8) -> bool {
        if plies == 0 || self.out_of_time {
            return false;
        }
        if let Some(known) = self.lookup(game, plies) {
            return known;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(DEADLINE_POLL) && Instant::now() > self.deadline {
            self.out_of_time = true;
            return false;
        }
        let me = game.player_to_move();
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for &mv in moves.as_slice() {
            let mut child = game.clone();
            child.play(mv);
            match child.outcome() {
                Some(Outcome::Win(winner)) if winner == me => {
                    self.store(game, plies, true);
                    return true;
                }
                Some(_) => {}
                None => children.push(child),
            }
        }
        if plies < 3 {
            self.store(game, plies, false);
            return false;
        }
        for child in &children {
            if self.defence_fails(child, plies - 1) {
                self.store(game, plies, true);
                return true;
            }
            if self.out_of_time {
                return false;
            }
        }
        if !self.out_of_time {
            self.store(game, plies, false);
        }
        false
    }

    /// Whether every defence of the side to move in `game` (the defender) loses within `plies`
    /// plies (the attacker to move after each reply, with `plies - 1` left).
    fn defence_fails<G: Game>(&mut self, game: &G, plies: u8) -> bool {
        let defender = game.player_to_move();
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return false; // no legal move: a draw
        }
        let mut replies = Vec::with_capacity(moves.len());
        for &mv in moves.as_slice() {
            let mut child = game.clone();
            child.play(mv);
            match child.outcome() {
                Some(Outcome::Win(winner)) if winner == defender => return false,
                Some(_) => return false, // a draw by rule holds too
                None => {}
            }
            // Replies that allow a win in one are no defence: skip them cheaply first.
            if !self.wins(&child, 1) {
                replies.push(child);
            }
        }
        for child in &replies {
            if !self.wins(child, plies - 1) {
                return false;
            }
        }
        !self.out_of_time
    }
}

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

fn main() -> ExitCode {
    let mut max_plies: u8 = 11;
    let mut seconds = 600;
    let mut start = TicTacChess::new();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next() else {
            eprintln!("error: {flag} needs a value");
            return ExitCode::FAILURE;
        };
        let parsed = match flag.as_str() {
            "--plies" => value
                .parse()
                .map(|v| max_plies = v)
                .map_err(|_| "a number up to 254".to_string()),
            "--seconds" => value
                .parse()
                .map(|v| seconds = v)
                .map_err(|_| "a number of seconds".to_string()),
            "--position" => value.parse().map(|p| start = p).map_err(|e| format!("{e}")),
            _ => Err("unknown option".to_string()),
        };
        if let Err(message) = parsed {
            eprintln!("error: {flag} {value:?}: {message}");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "states of the game (all placements, pawn directions, side to move): {}",
        state_count()
    );
    println!("position: {start}");
    let began = Instant::now();
    let mut prover = Prover::new(began + Duration::from_secs(seconds));
    let mover = start.side_to_move();
    let other = mover.opponent();
    let mut plies = 1u8;
    while plies <= max_plies {
        let mover_wins = prover.wins(&start, plies);
        if prover.out_of_time {
            println!("out of time while proving {plies} plies for {mover}");
            break;
        }
        println!(
            "{mover} {} force a win within {plies} plies   ({:.1} s, {} nodes)",
            if mover_wins { "CAN" } else { "cannot" },
            began.elapsed().as_secs_f64(),
            prover.nodes
        );
        if mover_wins {
            break;
        }
        // The other side wins within plies + 1 if every first move of the mover loses to it.
        let mut moves = <TicTacChess as Game>::Moves::default();
        start.generate_moves(&mut moves);
        let mut other_wins = !moves.as_slice().is_empty();
        for &mv in moves.as_slice() {
            let mut child = start;
            child.play(mv);
            if child.outcome().is_some() || !prover.wins(&child, plies) {
                other_wins = false;
                break;
            }
        }
        if prover.out_of_time {
            println!("out of time while proving {} plies for {other}", plies + 1);
            break;
        }
        println!(
            "{other} {} force a win within {} plies   ({:.1} s, {} nodes)",
            if other_wins { "CAN" } else { "cannot" },
            plies + 1,
            began.elapsed().as_secs_f64(),
            prover.nodes
        );
        if other_wins {
            break;
        }
        plies += 2;
    }
    ExitCode::SUCCESS
}
