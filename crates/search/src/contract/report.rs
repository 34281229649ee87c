//! What a contract check that found nothing wrong looked at: how many positions, how deep, the
//! ends of the game it met, and which optional hooks the game offers, so that a user can see
//! whether the check reached the parts of the game that matter.

use core::fmt;

/// What a passed contract check covered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The number of players.
    pub players: usize,
    /// Positions checked by the walk, all its depths together (each depth walks the plies
    /// above it again; the counts below count a position each time it is checked).
    pub walk_positions: u64,
    /// The deepest ply the walk covered completely (`None`: not even the first ply within the
    /// node budget).
    pub complete_depth: Option<u32>,
    /// Random playouts played.
    pub playouts: u32,
    /// Positions checked in the playouts.
    pub playout_positions: u64,
    /// Playouts that reached the end of the game (the others stopped at the ply limit).
    pub playouts_ended: u32,
    /// Positions won by rule.
    pub wins_by_rule: u64,
    /// Positions drawn by rule.
    pub draws_by_rule: u64,
    /// Positions without moves and without an outcome by rule (`outcome_without_moves`).
    pub ends_without_moves: u64,
    /// Positions met again with the same hash (transpositions, or a position seen in an
    /// earlier depth of the walk): each one's player to move and moves were compared.
    pub hash_revisits: u64,
    /// Pairs of positions compared with `==` for [`Rule::HashTranspositions`] (0 without
    /// [`Checker::compare_positions`]).
    ///
    /// [`Rule::HashTranspositions`]: super::Rule::HashTranspositions
    /// [`Checker::compare_positions`]: super::Checker::compare_positions
    pub positions_compared: u64,
    /// Evaluations checked (0 without an evaluator).
    pub evaluations: u64,
    /// Positions where the game offered `hash_after`.
    pub hash_after_positions: u64,
    /// Positions where `visit_null_move` passed.
    pub null_moves: u64,
    /// Positions where `set_player_to_move` handed the turn on.
    pub turn_handovers: u64,
    /// Positions with noisy moves.
    pub noisy_positions: u64,
}

impl fmt::Display for Report {
    /// A few lines a person reads: what was walked, what ends were met, which hooks were
    /// exercised.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "contract kept ({} players)", self.players)?;
        write!(f, "  walk:      {} positions, ", self.walk_positions)?;
        match self.complete_depth {
            Some(depth) => writeln!(f, "every line to ply {depth}")?,
            None => writeln!(f, "not one ply complete")?,
        }
        writeln!(
            f,
            "  playouts:  {} ({} to the end), {} positions",
            self.playouts, self.playouts_ended, self.playout_positions
        )?;
        writeln!(
            f,
            "  ends:      {} won by rule, {} drawn by rule, {} without moves",
            self.wins_by_rule, self.draws_by_rule, self.ends_without_moves
        )?;
        writeln!(
            f,
            "  hashes:    {} revisits compared, {} position pairs compared with ==",
            self.hash_revisits, self.positions_compared
        )?;
        writeln!(f, "  evaluator: {} evaluations", self.evaluations)?;
        write!(
            f,
            "  hooks:     hash_after in {} positions, null move in {}, set_player_to_move in \
             {}, noisy moves in {}",
            self.hash_after_positions, self.null_moves, self.turn_handovers, self.noisy_positions
        )
    }
}
