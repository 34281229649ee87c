//! The rules a [`Game`](crate::Game) and its [`Evaluator`](crate::Evaluator) must keep for the
//! searches to be right, and the report of one broken: which rule, the line of moves from the
//! start position that reaches the position where it broke, what the rule expected there and
//! what the game did.

use core::fmt;

/// A rule of the [`Game`](crate::Game) and [`Evaluator`](crate::Evaluator) contract that
/// the searches rely on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `player_count` lies within 2 to [`MAX_PLAYERS`](crate::MAX_PLAYERS) and is the same in
    /// every position.
    PlayerCount,
    /// `player_to_move` is below `player_count`.
    PlayerToMove,
    /// `Outcome::Win(player)` names a player below `player_count`, from `outcome_by_rule` and
    /// from `outcome_without_moves`.
    WinnerIndex,
    /// A position won by rule has no moves: `generate_moves` adds none and `count_moves` says 0.
    NoMovesAfterWin,
    /// A win by rule names the player who made the winning move, not the player to move after
    /// it (the common slip `Outcome::Win(self.player_to_move())`).
    WinnerJustMoved,
    /// The move list holds every move of a position: no push past its capacity.
    MoveListCapacity,
    /// No call of the game or the evaluator panics on a position the rules reach.
    NoPanic,
    /// `count_moves` equals the number of moves `generate_moves` adds.
    CountMoves,
    /// `move_key` differs among the moves of one position.
    DistinctMoveKeys,
    /// Every move of `generate_noisy_moves` is a legal move that `is_noisy` calls noisy.
    NoisyMoves,
    /// `hash` gives the same value on every call and for a clone.
    HashDeterministic,
    /// Positions that differ in their player to move, their moves or their evaluations have
    /// different hashes.
    HashSeparates,
    /// Equal positions reached by different lines of moves have equal hashes.
    HashTranspositions,
    /// `hash_after(mv)`, where it gives a value, equals `hash` after `play(mv)`.
    HashAfter,
    /// `visit_child` shows the position that `play` makes on a copy and leaves the position as
    /// it was.
    VisitChild,
    /// `visit_null_move` hands the turn to the next player and leaves the position as it was.
    NullMove,
    /// `set_player_to_move` hands the turn to the player asked for, and setting the player
    /// back restores the position exactly.
    SetPlayerToMove,
    /// Evaluations lie within `-EVAL_LIMIT..=EVAL_LIMIT`
    /// ([`EVAL_LIMIT`](crate::score::EVAL_LIMIT)).
    EvaluationRange,
    /// An evaluation depends on the position only: equal on every call and for a clone.
    EvaluationDeterministic,
    /// `evaluate_all` gives each player the score `evaluate` gives.
    EvaluateAll,
}

impl Rule {
    /// Every rule, in the order the checker tells them.
    pub const ALL: [Rule; 20] = [
        Rule::PlayerCount,
        Rule::PlayerToMove,
        Rule::WinnerIndex,
        Rule::NoMovesAfterWin,
        Rule::WinnerJustMoved,
        Rule::MoveListCapacity,
        Rule::NoPanic,
        Rule::CountMoves,
        Rule::DistinctMoveKeys,
        Rule::NoisyMoves,
        Rule::HashDeterministic,
        Rule::HashSeparates,
        Rule::HashTranspositions,
        Rule::HashAfter,
        Rule::VisitChild,
        Rule::NullMove,
        Rule::SetPlayerToMove,
        Rule::EvaluationRange,
        Rule::EvaluationDeterministic,
        Rule::EvaluateAll,
    ];

    /// What the rule says, in one sentence.
    pub const fn statement(self) -> &'static str {
        match self {
            Rule::PlayerCount => {
                "Game::player_count is within 2..=6 and the same in every position (its default \
                 is 2: a game of more players must override it)"
            }
            Rule::PlayerToMove => "Game::player_to_move is below Game::player_count",
            Rule::WinnerIndex => "Outcome::Win(player) names a player below Game::player_count",
            Rule::NoMovesAfterWin => {
                "a position that Game::outcome_by_rule calls won has no moves (generate_moves \
                 adds none, count_moves says 0)"
            }
            Rule::WinnerJustMoved => {
                "a win by rule names the player who made the winning move, not the player to \
                 move after it (write Outcome::Win(the previous player), not \
                 Outcome::Win(self.player_to_move()))"
            }
            Rule::MoveListCapacity => {
                "the move list (Game::Moves) holds every move of a position: raise its capacity"
            }
            Rule::NoPanic => "no call of the game or its evaluator panics",
            Rule::CountMoves => {
                "Game::count_moves equals the number of moves Game::generate_moves adds"
            }
            Rule::DistinctMoveKeys => "Game::move_key differs among the moves of one position",
            Rule::NoisyMoves => {
                "every move of Game::generate_noisy_moves is a legal move that Game::is_noisy \
                 calls noisy"
            }
            Rule::HashDeterministic => {
                "Game::hash gives the same value on every call and for a clone"
            }
            Rule::HashSeparates => {
                "positions with different players to move, moves or evaluations have different \
                 hashes (Game::hash covers the player to move and everything that decides the \
                 moves and the evaluation)"
            }
            Rule::HashTranspositions => {
                "equal positions reached by different lines have equal hashes (Game::hash \
                 depends on the position only, not on the way to it)"
            }
            Rule::HashAfter => "Game::hash_after(mv) equals Game::hash after Game::play(mv)",
            Rule::VisitChild => {
                "Game::visit_child (and visit_child_announcing, which announces the child's \
                 hash first) shows the position Game::play makes on a copy and leaves the \
                 position as it was"
            }
            Rule::NullMove => {
                "Game::visit_null_move hands the turn to the next player and leaves the \
                 position as it was"
            }
            Rule::SetPlayerToMove => {
                "Game::set_player_to_move hands the turn to the player asked for, and setting \
                 the player back restores the position exactly"
            }
            Rule::EvaluationRange => {
                "Evaluator::evaluate lies within -EVAL_LIMIT..=EVAL_LIMIT (score::EVAL_LIMIT)"
            }
            Rule::EvaluationDeterministic => {
                "Evaluator::evaluate depends on the position only: equal on every call and for a \
                 clone"
            }
            Rule::EvaluateAll => {
                "Evaluator::evaluate_all gives each player the score Evaluator::evaluate gives"
            }
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.statement())
    }
}

/// A rule of the contract that the game or its evaluator broke, where and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractViolation {
    /// The rule broken.
    pub rule: Rule,
    /// The moves from the start position to the position where the rule broke, each written
    /// as its `Debug`; empty at the start position.
    pub line: Vec<String>,
    /// What the rule expected there.
    pub expected: String,
    /// What the game (or evaluator) did.
    pub found: String,
}

impl ContractViolation {
    pub(super) fn new(
        rule: Rule,
        line: Vec<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Self {
        ContractViolation {
            rule,
            line,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Writes a line of moves, or says it is the start position.
pub(super) fn write_line(f: &mut fmt::Formatter<'_>, line: &[String]) -> fmt::Result {
    if line.is_empty() {
        f.write_str("the start position")
    } else {
        write!(f, "the start position, then {}", line.join(" "))
    }
}

impl fmt::Display for ContractViolation {
    /// Four lines: the rule, where, what was expected and what was found.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "rule broken: {}", self.rule)?;
        f.write_str("at:          ")?;
        write_line(f, &self.line)?;
        writeln!(f, " ({} plies)", self.line.len())?;
        writeln!(f, "expected:    {}", self.expected)?;
        write!(f, "found:       {}", self.found)
    }
}

impl std::error::Error for ContractViolation {}
