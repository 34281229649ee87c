//! Move ordering: the transposition-table move first, then noisy moves by the game's hint
//! (e.g. most valuable victim, least valuable attacker), then the two killer moves of the ply,
//! then quiet moves by history score plus hint. Good ordering changes how many nodes alpha-beta
//! visits, never the value it returns.

use crate::score::MAX_PLY;

/// Order score of the transposition-table move.
const TT_MOVE_SCORE: i32 = 1 << 30;
/// Base order score of noisy moves (plus the game's hint).
const NOISY_SCORE: i32 = 1 << 29;
/// Base order score of noisy moves that lose their exchange: after every quiet move.
const LOSING_NOISY_SCORE: i32 = -(1 << 29);
/// Order score of the first killer; the second gets one less.
const KILLER_SCORE: i32 = 1 << 28;
/// History scores stay within ±this (the gravity formula below keeps them there).
const HISTORY_MAX: i32 = 1 << 14;
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
}

impl<M: Copy + Eq> Ordering<M> {
    /// Empty tables for a game of `players` players, with killers and the history heuristic
    /// each on or off. A switched-off source is never looked up and never recorded.
    pub fn new(players: usize, killers: bool, history: bool) -> Self {
        let players = players.max(1);
        Ordering {
            killers: Killers::new(MAX_PLY + 1),
            history: if history {
                vec![0; players * MOVE_KEYS]
            } else {
                Vec::new()
            },
            players,
            use_killers: killers,
            use_history: history,
        }
    }

    /// The order score of a move at `ply` for `player`; higher is searched first.
    #[inline]
    pub fn score(&self, mv: M, facts: &MoveFacts, ply: usize, player: usize) -> i32 {
        if facts.tt_move {
            TT_MOVE_SCORE
        } else if facts.noisy {
            if facts.losing {
                LOSING_NOISY_SCORE + facts.hint
            } else {
                NOISY_SCORE + facts.hint
            }
        } else if self.use_killers && self.killers.at(ply)[0] == Some(mv) {
            KILLER_SCORE + 1
        } else if self.use_killers && self.killers.at(ply)[1] == Some(mv) {
            KILLER_SCORE
        } else if self.use_history {
            self.history[self.index(player, facts.key)] + facts.hint
        } else {
            facts.hint
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
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    #[inline]
    fn index(&self, player: usize, key: u16) -> usize {
        // A player index is below the player count (no division in this hot path).
        debug_assert!(player < self.players, "player {player} of {}", self.players);
        player * MOVE_KEYS + key as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates() {
        let mut ordering = Ordering::<u8>::new(2, true, true);
        for _ in 0..1000 {
            ordering.update_history(1, 7, 400);
        }
        let facts = MoveFacts {
            tt_move: false,
            noisy: false,
            losing: false,
            hint: 0,
            key: 7,
        };
        let score = ordering.score(7, &facts, 0, 1);
        assert!(score > HISTORY_MAX - 400 && score <= HISTORY_MAX);
        assert_eq!(ordering.score(7, &facts, 0, 0), 0);
    }
}
