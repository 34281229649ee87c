//! A bounded proof search: whether the player to move can force a win within a number of plies,
//! whatever the others do, decided exactly. It is an AND/OR depth-first search over the whole
//! move tree (every move of the attacker, one refutation per defence), with a table of proven
//! facts keyed by the position's hash: "wins within `p` plies" and "does not win within `p`
//! plies" are facts about a position alone, so the table is sound up to hash collisions.
//!
//! Draws by rule that depend on the history (repetitions) are not looked at: they only take
//! wins away, so "no forced win within `p` plies" proven without them also holds under the full
//! rules, while a proven win may in rare cases rely on repeating a position.
//!
//! ```
//! use plyforge_search::nim::Nim;
//! use plyforge_search::proof::{ProofSearch, Proof};
//! use plyforge_search::Limits;
//!
//! let mut prover = ProofSearch::new(1 << 10);
//! let limits = Limits::default();
//! // Nim with 5 stones, taking 1 to 3: take 1, then answer x with 4 - x: a win in 3 plies.
//! assert_eq!(prover.forced_win(&Nim::new(5), 3, &limits), Ok(Proof::Wins));
//! assert_eq!(prover.forced_win(&Nim::new(5), 2, &limits), Ok(Proof::NoWin));
//! // With 4 stones the player to move loses: no win however long.
//! assert_eq!(prover.forced_win(&Nim::new(4), 9, &limits), Ok(Proof::NoWin));
//! ```

use crate::clock::{Clock, ThreadClock};
use crate::game::{Game, Outcome};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use core::fmt;

/// "Not proven" for the win bound.
const UNKNOWN: u32 = u32::MAX;
/// Mixed into a position's key, one per attacker (see [`ProofSearch::proves`]).
const ATTACKER_KEYS: [u64; 6] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
    0x4528_21e6_38d0_1377,
    0xbe54_66cf_34e9_0c6c,
];

/// What a proof search proved about the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The player to move can force a win within the plies asked for.
    Wins,
    /// The player to move cannot force a win within the plies asked for.
    NoWin,
}

/// A proof search ended by its limits (time, nodes or the stop flag) before it proved either
/// answer. What it proved on the way stays in its table for the next call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofStopped {
    /// Positions searched before the stop.
    pub nodes: u64,
}

impl fmt::Display for ProofStopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the proof search reached its limits after {} nodes without an answer",
            self.nodes
        )
    }
}

impl std::error::Error for ProofStopped {}

/// What is proven about one position, for one attacker.
#[derive(Clone, Copy)]
struct Entry {
    /// The position's hash mixed with the attacker's key.
    hash: u64,
    /// The attacker forces a win within this many plies (`UNKNOWN` if not proven).
    wins_within: u32,
    /// The attacker cannot force a win within this many plies (0: nothing proven).
    no_win_within: u32,
}

const EMPTY: Entry = Entry {
    hash: 0,
    wins_within: UNKNOWN,
    no_win_within: 0,
};

/// A bounded proof search with its table of proven facts, kept between calls (facts about a
/// position stay true, so a deeper proof reuses a shallower one's work).
pub struct ProofSearch {
    table: Vec<Entry>,
    /// Positions searched by the last call.
    nodes: u64,
}

impl fmt::Debug for ProofSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProofSearch")
            .field("entries", &self.table.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl ProofSearch {
    /// A proof search with a table of `entries` facts, rounded up to a power of two (16 bytes
    /// each).
    pub fn new(entries: usize) -> Self {
        ProofSearch {
            table: vec![EMPTY; entries.max(1).next_power_of_two()],
            nodes: 0,
        }
    }

    /// Positions searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move in `game` can force a win within `plies` plies whatever the
    /// other players do, within `limits` (its node limit, hard time and stop flag; depth is not
    /// read).
    ///
    /// # Errors
    /// [`ProofStopped`] when a limit ends the search before an answer is proven.
    pub fn forced_win<G: Game>(
        &mut self,
        game: &G,
        plies: u32,
        limits: &Limits<G::Move>,
    ) -> Result<Proof, ProofStopped> {
        self.forced_win_for(game, game.player_to_move(), plies, limits)
    }

    /// Whether `player` (to move or not) can force a win within `plies` plies from `game`
    /// whatever the other players do, within `limits`.
    ///
    /// # Errors
    /// [`ProofStopped`] when a limit ends the search before an answer is proven.
    pub fn forced_win_for<G: Game>(
        &mut self,
        game: &G,
        player: usize,
        plies: u32,
        limits: &Limits<G::Move>,
    ) -> Result<Proof, ProofStopped> {
        let shared = Clock::new(limits);
        let mut clock = ThreadClock::new(&shared, true);
        // No iterations here: the limits apply from the first node.
        clock.arm(true);
        let mut root = game.clone();
        let wins =
            root.outcome_by_rule().is_none() && self.proves(&mut root, player, plies, &mut clock);
        self.nodes = clock.nodes;
        if clock.aborted() {
            Err(ProofStopped { nodes: self.nodes })
        } else if wins {
            Ok(Proof::Wins)
        } else {
            Ok(Proof::NoWin)
        }
    }

    fn slot(&self, hash: u64) -> usize {
        (hash as usize) & (self.table.len() - 1)
    }

    fn lookup(&self, key: u64, plies: u32) -> Option<bool> {
        let entry = self.table[self.slot(key)];
        if entry.hash != key {
            None
        } else if entry.wins_within <= plies {
            Some(true)
        } else if entry.no_win_within >= plies {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, key: u64, plies: u32, wins: bool) {
        let slot = self.slot(key);
        let entry = &mut self.table[slot];
        if entry.hash != key {
            *entry = Entry { hash: key, ..EMPTY };
        }
        if wins {
            entry.wins_within = entry.wins_within.min(plies);
        } else {
            entry.no_win_within = entry.no_win_within.max(plies);
        }
    }

    /// Whether `attacker` can force a win within `plies` plies from `game` (where the game is
    /// not over): on its own moves one move must do, on the others' moves every move must fail.
    /// `false` (unproven) once stopped.
    fn proves<G: Game>(
        &mut self,
        game: &mut G,
        attacker: usize,
        plies: u32,
        clock: &mut ThreadClock<'_>,
    ) -> bool {
        if plies == 0 || clock.aborted() {
            return false;
        }
        // Facts about the other players' moves hold for one attacker: the key says which.
        let key = game.hash() ^ ATTACKER_KEYS[attacker % ATTACKER_KEYS.len()];
        if let Some(known) = self.lookup(key, plies) {
            return known;
        }
        if clock.count_node() {
            return false;
        }
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let proven = if moves.is_empty() {
            game.outcome_without_moves() == Outcome::Win(attacker)
        } else if game.player_to_move() == attacker {
            self.some_move_wins(game, moves.as_slice(), attacker, plies, clock)
        } else {
            self.every_move_loses(game, moves.as_slice(), attacker, plies, clock)
        };
        if !clock.aborted() {
            self.store(key, plies, proven);
        }
        proven
    }

    /// Whether one of `moves`, the attacker's, forces the win: a win at once first, the
    /// cheapest proof, then the others searched.
    fn some_move_wins<G: Game>(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        attacker: usize,
        plies: u32,
        clock: &mut ThreadClock<'_>,
    ) -> bool {
        let wins_at_once = |child: &mut G| child.outcome_by_rule() == Some(Outcome::Win(attacker));
        if moves.iter().any(|&mv| game.visit_child(mv, wins_at_once)) {
            return true;
        }
        moves.iter().any(|&mv| {
            game.visit_child(mv, |child| {
                child.outcome_by_rule().is_none() && self.proves(child, attacker, plies - 1, clock)
            })
        })
    }

    /// Whether every one of `moves`, a defender's, still lets the attacker force the win.
    fn every_move_loses<G: Game>(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        attacker: usize,
        plies: u32,
        clock: &mut ThreadClock<'_>,
    ) -> bool {
        moves.iter().all(|&mv| {
            game.visit_child(mv, |child| match child.outcome_by_rule() {
                Some(outcome) => outcome == Outcome::Win(attacker),
                None => self.proves(child, attacker, plies - 1, clock),
            })
        })
    }
}
