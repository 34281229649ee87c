//! Move ordering: the transposition-table move first, then noisy moves by the game's hint
//! (e.g. most valuable victim, least valuable attacker) corrected by their capture history
//! (how often the same piece taking on the same square caused a cut-off), then the two killer
//! moves of the ply, then the countermove (the quiet move that last refuted the previous
//! move), then quiet moves by history score plus continuation history plus hint. Good
//! ordering changes how many nodes alpha-beta visits, never the value it returns.
//!
//! The countermove and the continuation history need
//! [`Game::continuation_key`](crate::Game::continuation_key): a small code of what a move moves
//! where (in chess, the piece and its target square). The continuation history scores a quiet
//! move by how often it refuted the position after the previous move and after the move before
//! that, one table for both: in chess the piece's colour tells the two apart.

use crate::score::MAX_PLY;

/// Order score of the transposition-table move.
const TT_MOVE_SCORE: i32 = 1 << 30;
/// Base order score of noisy moves (plus the game's hint).
const NOISY_SCORE: i32 = 1 << 29;
/// Base order score of noisy moves that lose their exchange: after every quiet move.
const LOSING_NOISY_SCORE: i32 = -(1 << 29);
/// Order score of the first killer; the second gets one less.
pub(crate) const KILLER_SCORE: i32 = 1 << 28;
/// Order score of the countermove: after the killers, before the other quiet moves.
const COUNTERMOVE_SCORE: i32 = KILLER_SCORE - 2;
/// History scores stay within ±this (the gravity formula below keeps them there).
const HISTORY_MAX: i32 = 1 << 14;
/// A noisy move's capture history counts this many times less than its hint's units: a
/// full history moves a capture past the captures of a piece or two more valuable (in chess,
/// whose hints are 16 a victim's pawn).
const CAPTURE_HISTORY_DIVISOR: i32 = 512;
/// Distinct [`Game::move_key`](crate::Game::move_key) codes.
const MOVE_KEYS: usize = 1 << 16;

/// What the move loop knows when scoring one move.
pub(crate) struct MoveFacts {
    /// The move is the transposition-table move.
    pub tt_move: bool,
    /// The move is noisy.
    pub noisy: bool,
    /// A noisy move that loses its exchange (static exchange evaluation below 0).
    pub losing: bool,
    /// The game's ordering hint (0 when hints are off).
    pub hint: i32,
    /// The move's 16-bit key.
    pub key: u16,
    /// The move's [`Game::continuation_key`](crate::Game::continuation_key) (0 when the
    /// heuristics that read it for a move of its kind are off).
    pub continuation: u32,
}

/// Which ordering sources a search uses.
#[derive(Clone, Copy)]
pub(crate) struct Sources {
    pub killers: bool,
    pub history: bool,
    pub countermove: bool,
    pub continuation_history: bool,
    pub capture_history: bool,
    /// The game's [`Game::CONTINUATION_KEYS`](crate::Game::CONTINUATION_KEYS): 0 turns the
    /// countermove and the continuation history off.
    pub continuation_keys: usize,
}

#[cfg(test)]
impl Sources {
    /// Killers and the history heuristic only, for the tests.
    pub fn killers_and_history() -> Self {
        Sources {
            killers: true,
            history: true,
            countermove: false,
            continuation_history: false,
            capture_history: false,
            continuation_keys: 0,
        }
    }
}

/// The killer moves: at each ply, the last two moves that caused a cut-off there, the newest
/// first, to try early in the ply's other nodes.
pub(crate) struct Killers<M>(Vec<[Option<M>; 2]>);

impl<M: Copy + Eq> Killers<M> {
    /// No killers yet, for plies `0..plies`.
    pub fn new(plies: usize) -> Self {
        Killers(vec![[None; 2]; plies])
    }

    /// The killers of `ply`, the newest first.
    #[inline]
    pub fn at(&self, ply: usize) -> &[Option<M>; 2] {
        &self.0[ply]
    }

    /// Records `mv`, which caused a cut-off at `ply`.
    pub fn add(&mut self, ply: usize, mv: M) {
        let slots = &mut self.0[ply];
        if slots[0] != Some(mv) {
            slots[1] = slots[0];
            slots[0] = Some(mv);
        }
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.0.iter_mut().for_each(|slots| *slots = [None; 2]);
    }
}

/// Killer moves and history scores of one thread.
pub(crate) struct Ordering<M> {
    /// Kept between iterations, cleared between searches; only recorded with killers on.
    pub killers: Killers<M>,
    /// Empty when the history heuristic is off (nothing to allocate and zero per search).
    history: Vec<i32>,
    players: usize,
    use_killers: bool,
    use_history: bool,
    /// `countermoves[previous]`: the quiet move that last refuted the move with continuation
    /// key `previous` (empty when off).
    countermoves: Vec<Option<M>>,
    /// `continuation[earlier * keys + key]`: the continuation history (empty when off).
    continuation: Vec<i16>,
    /// `captures[player * keys + key]`: the capture history of the noisy moves (empty when
    /// off).
    captures: Vec<i16>,
    keys: usize,
    /// The continuation key of the move played at each ply of the current line, `None` for a
    /// null move (empty when both continuation heuristics are off).
    played: Vec<Option<u32>>,
}

impl<M: Copy + Eq> Ordering<M> {
    /// Empty tables for a game of `players` players with the `sources` switched on. A
    /// switched-off source is never looked up and never recorded.
    pub fn new(players: usize, sources: Sources) -> Self {
        let players = players.max(1);
        let keys = sources.continuation_keys;
        let countermove = sources.countermove && keys > 0;
        let continuation = sources.continuation_history && keys > 0;
        Ordering {
            killers: Killers::new(MAX_PLY + 1),
            history: if sources.history {
                vec![0; players * MOVE_KEYS]
            } else {
                Vec::new()
            },
            players,
            use_killers: sources.killers,
            use_history: sources.history,
            countermoves: if countermove {
                vec![None; keys]
            } else {
                Vec::new()
            },
            continuation: if continuation {
                vec![0; keys * keys]
            } else {
                Vec::new()
            },
            captures: if sources.capture_history && keys > 0 {
                vec![0; players * keys]
            } else {
                Vec::new()
            },
            keys,
            played: if countermove || continuation {
                vec![None; MAX_PLY + 1]
            } else {
                Vec::new()
            },
        }
    }

    /// The number of players the history is kept for.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether the countermove or the continuation history is on: the search then tells
    /// [`Ordering::set_played`] each move it plays.
    #[inline]
    pub fn tracks_continuation(&self) -> bool {
        !self.played.is_empty()
    }

    /// Records the move played at `ply` by its continuation key (`None`: a null move).
    #[inline]
    pub fn set_played(&mut self, ply: usize, continuation: Option<u32>) {
        if let Some(slot) = self.played.get_mut(ply) {
            *slot = continuation;
        }
    }

    /// The continuation keys of the moves `back` plies before `ply` (1: the move that led to
    /// this node).
    #[inline]
    fn played_before(&self, ply: usize, back: usize) -> Option<usize> {
        let earlier = ply.checked_sub(back)?;
        self.played
            .get(earlier)
            .copied()
            .flatten()
            .map(|key| key as usize)
    }

    /// Whether the capture history is on: noisy moves then need their continuation keys.
    #[inline]
    pub fn tracks_captures(&self) -> bool {
        !self.captures.is_empty()
    }

    /// The history of a quiet move (key `key`, continuation key `continuation`) of `player` at
    /// `ply`: the history heuristic plus the continuation history after the last two moves.
    #[inline]
    pub fn quiet_history(&self, player: usize, key: u16, continuation: u32, ply: usize) -> i32 {
        self.quiet_rows(ply, player).history(key, continuation)
    }

    /// The order score of a move at `ply` for `player`; higher is searched first.
    #[cfg(test)]
    pub fn score(&self, mv: M, facts: &MoveFacts, ply: usize, player: usize) -> i32 {
        self.at(ply, player).score(mv, facts)
    }

    /// What the ordering knows at `ply` for `player`, looked up once for all the moves of a
    /// node: its killers, its countermove and the rows of the tables its moves read.
    #[inline]
    pub fn at(&self, ply: usize, player: usize) -> PlyOrdering<'_, M> {
        PlyOrdering {
            killers: if self.use_killers {
                *self.killers.at(ply)
            } else {
                [None; 2]
            },
            countermove: if self.countermoves.is_empty() {
                None
            } else {
                self.played_before(ply, 1)
                    .and_then(|previous| self.countermoves[previous])
            },
            quiet: self.quiet_rows(ply, player),
            captures: if self.captures.is_empty() {
                &[]
            } else {
                &self.captures[player * self.keys..][..self.keys]
            },
        }
    }

    /// The rows that score the quiet moves of `player` at `ply`: the player's history and the
    /// continuation history after the move one and two plies up.
    #[inline]
    fn quiet_rows(&self, ply: usize, player: usize) -> QuietRows<'_> {
        let keys = self.keys;
        let continuation_row = |back| {
            if self.continuation.is_empty() {
                return &[][..];
            }
            self.played_before(ply, back).map_or(&[][..], |earlier| {
                &self.continuation[earlier * keys..][..keys]
            })
        };
        QuietRows {
            history: if self.use_history {
                &self.history[self.index(player, 0)..][..MOVE_KEYS]
            } else {
                &[]
            },
            continuation: [continuation_row(1), continuation_row(2)],
        }
    }

    /// Whether `mv` is a killer at `ply`.
    #[inline]
    pub fn is_killer(&self, mv: M, ply: usize) -> bool {
        self.use_killers && self.killers.at(ply).contains(&Some(mv))
    }

    /// Rewards (positive `bonus`) or punishes a quiet move of `player`. The gravity term makes
    /// the score saturate at ±`HISTORY_MAX` and lets old results fade. Only called with the
    /// history heuristic on.
    pub fn update_history(&mut self, player: usize, key: u16, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let index = self.index(player, key);
        let entry = &mut self.history[index];
        *entry = with_gravity(*entry, bonus);
    }

    /// Records the quiet move `mv` (continuation key `continuation`) that caused a cut-off at
    /// `ply` (positive `bonus`), or one searched in vain before it (negative): the countermove
    /// of the previous move becomes `mv` on a cut-off, and the continuation history after the
    /// last two moves moves by `bonus`.
    pub fn update_continuation(&mut self, mv: M, continuation: u32, ply: usize, bonus: i32) {
        if bonus > 0
            && !self.countermoves.is_empty()
            && let Some(previous) = self.played_before(ply, 1)
        {
            self.countermoves[previous] = Some(mv);
        }
        if self.continuation.is_empty() {
            return;
        }
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        for back in [1, 2] {
            if let Some(earlier) = self.played_before(ply, back) {
                let entry = &mut self.continuation[earlier * self.keys + continuation as usize];
                *entry = with_gravity(i32::from(*entry), bonus) as i16;
            }
        }
    }

    /// Rewards (positive `bonus`) or punishes the noisy move of `player` with continuation key
    /// `continuation`. Only called with the capture history on.
    pub fn update_capture(&mut self, player: usize, continuation: u32, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.captures[player * self.keys + continuation as usize];
        *entry = with_gravity(i32::from(*entry), bonus) as i16;
    }

    #[inline]
    fn index(&self, player: usize, key: u16) -> usize {
        // A player index is below the player count (no division in this hot path).
        debug_assert!(player < self.players, "player {player} of {}", self.players);
        player * MOVE_KEYS + key as usize
    }
}

/// The ordering of one node: what [`Ordering::at`] looked up for its ply and player. A table
/// that is off, or a move before the root, gives an empty row, read as 0.
pub(crate) struct PlyOrdering<'a, M> {
    killers: [Option<M>; 2],
    countermove: Option<M>,
    quiet: QuietRows<'a>,
    /// The player's capture history, by continuation key.
    captures: &'a [i16],
}

/// The table rows that score a node's quiet moves (empty where a table is off).
struct QuietRows<'a> {
    /// The player's history, by move key.
    history: &'a [i32],
    /// The continuation history after the move one and two plies up, by continuation key.
    continuation: [&'a [i16]; 2],
}

impl QuietRows<'_> {
    /// The history of a quiet move with key `key` and continuation key `continuation`: the
    /// history heuristic plus the continuation history after the last two moves.
    #[inline(always)]
    fn history(&self, key: u16, continuation: u32) -> i32 {
        let read = |row: &[i16]| {
            row.get(continuation as usize)
                .map_or(0, |&value| i32::from(value))
        };
        self.history.get(key as usize).copied().unwrap_or(0)
            + read(self.continuation[0])
            + read(self.continuation[1])
    }
}

impl<M: Copy + Eq> PlyOrdering<'_, M> {
    /// The order score of a move; higher is searched first.
    #[inline(always)]
    pub fn score(&self, mv: M, facts: &MoveFacts) -> i32 {
        if facts.tt_move {
            TT_MOVE_SCORE
        } else if facts.noisy {
            let history = self
                .captures
                .get(facts.continuation as usize)
                .map_or(0, |&value| i32::from(value) / CAPTURE_HISTORY_DIVISOR);
            if facts.losing {
                LOSING_NOISY_SCORE + facts.hint + history
            } else {
                NOISY_SCORE + facts.hint + history
            }
        } else if self.killers[0] == Some(mv) {
            KILLER_SCORE + 1
        } else if self.killers[1] == Some(mv) {
            KILLER_SCORE
        } else if self.countermove == Some(mv) {
            COUNTERMOVE_SCORE
        } else {
            self.quiet.history(facts.key, facts.continuation) + facts.hint
        }
    }
}

/// A history score `value` after `bonus` (within ±`HISTORY_MAX`): the gravity term shrinks the
/// step as the score nears the bound of its sign, so that scores stay within ±`HISTORY_MAX`
/// (an `i16` holds them) and old results fade.
#[inline]
fn with_gravity(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates() {
        let mut ordering = Ordering::<u8>::new(2, Sources::killers_and_history());
        for _ in 0..1000 {
            ordering.update_history(1, 7, 400);
        }
        let facts = MoveFacts {
            tt_move: false,
            noisy: false,
            losing: false,
            hint: 0,
            key: 7,
            continuation: 0,
        };
        let score = ordering.score(7, &facts, 0, 1);
        assert!(score > HISTORY_MAX - 400 && score <= HISTORY_MAX);
        assert_eq!(ordering.score(7, &facts, 0, 0), 0);
    }

    #[test]
    fn capture_history_reorders_captures_within_their_class_only() {
        let sources = Sources {
            killers: false,
            history: false,
            countermove: false,
            continuation_history: false,
            capture_history: true,
            continuation_keys: 10,
        };
        let mut ordering = Ordering::<u8>::new(2, sources);
        let noisy = |key: u16, continuation: u32, hint: i32, losing: bool| MoveFacts {
            tt_move: false,
            noisy: true,
            losing,
            hint,
            key,
            continuation,
        };
        // Two captures with the same hint: the one that cut off goes first, the one searched
        // in vain last; for the other player nothing changed.
        for _ in 0..100 {
            ordering.update_capture(0, 3, 1000);
            ordering.update_capture(0, 4, -1000);
        }
        let good = ordering.score(1, &noisy(1, 3, 20, false), 0, 0);
        let bad = ordering.score(2, &noisy(2, 4, 20, false), 0, 0);
        assert!(good > NOISY_SCORE + 20 && bad < NOISY_SCORE + 20);
        assert_eq!(
            ordering.score(1, &noisy(1, 3, 20, false), 0, 1),
            NOISY_SCORE + 20
        );
        // A capture that loses its exchange stays behind the winning ones.
        assert!(ordering.score(1, &noisy(1, 3, 20, true), 0, 0) < bad);
    }

    #[test]
    fn countermove_and_continuation_history_follow_the_previous_moves() {
        let sources = Sources {
            killers: false,
            history: false,
            countermove: true,
            continuation_history: true,
            capture_history: false,
            continuation_keys: 10,
        };
        let mut ordering = Ordering::<u8>::new(2, sources);
        let quiet = |key: u16, continuation: u32| MoveFacts {
            tt_move: false,
            noisy: false,
            losing: false,
            hint: 0,
            key,
            continuation,
        };
        // Move 3 (continuation key 4) refutes move key 7 played at ply 1; 9 was tried first.
        ordering.set_played(0, Some(2));
        ordering.set_played(1, Some(7));
        ordering.update_continuation(9, 5, 2, -100);
        ordering.update_continuation(3, 4, 2, 100);
        assert_eq!(ordering.score(3, &quiet(3, 4), 2, 0), COUNTERMOVE_SCORE);
        assert!(ordering.score(9, &quiet(9, 5), 2, 0) < 0);
        // After another move at ply 1 the countermove is gone, but the history two plies
        // back (ply 0's move) still speaks for move 3.
        ordering.set_played(1, Some(8));
        assert!((1..COUNTERMOVE_SCORE).contains(&ordering.score(3, &quiet(3, 4), 2, 0)));
        // After a null move at ply 1 only ply 0's move counts.
        ordering.set_played(1, None);
        assert_eq!(
            ordering.score(3, &quiet(3, 4), 2, 0),
            ordering.quiet_history(0, 3, 4, 2)
        );
    }
}
