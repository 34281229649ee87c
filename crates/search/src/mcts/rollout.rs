//! Rollouts: from a new leaf, moves chosen by a policy until the game ends or the rollout limit
//! is reached, where the evaluator scores the position, directly or through a max^n leaf search
//! (the crate's one max^n, `crate::maxn`, on the rewards). Either way the result is a reward
//! per player in `[0, 1]`, so one back-propagation serves two and more players.

use super::rng::Rng;
use crate::game::MAX_PLAYERS;
use crate::game::{Evaluator, Game, Outcome};
use crate::maxn::{self, ListOrder, MaxnWalk, Reach};
use crate::moves::MoveBuffer;
use crate::score::Score;

/// Rewards for every player (only the first `player_count` are used).
pub(crate) type Rewards = [f32; MAX_PLAYERS];

/// How a rollout chooses the next move. Implement it to give the search game knowledge (e.g.
/// "capture when you can"); [`Uniform`] and [`HintGreedy`] are built in.
///
/// ```
/// use plyforge_search::mcts::{RolloutPolicy, Rng};
/// use plyforge_search::nim::Nim;
///
/// /// Takes as many stones as it can.
/// struct Greedy;
/// impl RolloutPolicy<Nim> for Greedy {
///     fn choose(&self, _: &Nim, moves: &[u32], _: &mut Rng) -> usize {
///         moves.len() - 1
///     }
/// }
/// assert_eq!(Greedy.choose(&Nim::new(5), &[1, 2, 3], &mut Rng::new(0)), 2);
/// ```
pub trait RolloutPolicy<G: Game>: Sync {
    /// The index in `moves` (the legal moves of `game`, never empty) of the move to play.
    fn choose(&self, game: &G, moves: &[G::Move], rng: &mut Rng) -> usize;
}

/// Uniformly random legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct Uniform;

impl<G: Game> RolloutPolicy<G> for Uniform {
    #[inline]
    fn choose(&self, _: &G, moves: &[G::Move], rng: &mut Rng) -> usize {
        rng.below(moves.len())
    }
}

/// Epsilon-greedy on [`Game::move_order_hint`]: with probability `epsilon` a uniformly random
/// move, otherwise a random one among the moves with the highest hint.
#[derive(Debug, Clone, Copy)]
pub struct HintGreedy {
    /// The probability of a uniformly random move.
    pub epsilon: f32,
}

impl<G: Game> RolloutPolicy<G> for HintGreedy {
    fn choose(&self, game: &G, moves: &[G::Move], rng: &mut Rng) -> usize {
        if rng.unit() < self.epsilon {
            return rng.below(moves.len());
        }
        // Reservoir sampling over the best hints: one pass, a uniform choice among the ties.
        let mut best = (i32::MIN, 0);
        let mut ties = 0;
        for (index, &mv) in moves.iter().enumerate() {
            let hint = game.move_order_hint(mv);
            if hint > best.0 {
                best = (hint, index);
                ties = 1;
            } else if hint == best.0 {
                ties += 1;
                if rng.below(ties) == 0 {
                    best.1 = index;
                }
            }
        }
        best.1
    }
}

/// The end of the game at `game`, if it is over; otherwise `moves` holds its legal moves.
#[inline]
pub(crate) fn end_or_moves<G: Game>(game: &G, moves: &mut G::Moves) -> Option<Outcome> {
    moves.clear();
    if let Some(outcome) = game.outcome_by_rule() {
        return Some(outcome);
    }
    game.generate_moves(moves);
    if moves.is_empty() {
        return Some(game.outcome_without_moves());
    }
    None
}

/// The rewards of a finished game: 1 for the winner, 0 for the others; a draw shares the
/// winner's 1 equally.
pub(crate) fn outcome_rewards<G: Game>(outcome: Outcome, players: usize) -> Rewards {
    let mut rewards = [0.0; MAX_PLAYERS];
    match outcome {
        Outcome::Win(winner) if winner < players => rewards[winner] = 1.0,
        Outcome::Win(winner) => crate::checks::broken_player::<G>("Outcome::Win", winner, players),
        Outcome::Draw => rewards[..players].fill(1.0 / players as f32),
    }
    rewards
}

/// The rewards of an evaluated position: a softmax over every player's score on `scale`.
pub(crate) fn eval_rewards<G: Game, E: Evaluator<G>>(
    game: &G,
    evaluator: &E,
    players: usize,
    scale: f32,
) -> Rewards {
    let mut scores: [Score; MAX_PLAYERS] = [0; MAX_PLAYERS];
    evaluator.evaluate_all(game, &mut scores[..players]);
    let top = scores[..players].iter().copied().max().unwrap_or(0);
    let mut rewards = [0.0; MAX_PLAYERS];
    let mut sum = 0.0;
    for (reward, &score) in rewards.iter_mut().zip(&scores[..players]) {
        // Shifted by the top score so that no exponential overflows.
        *reward = ((score - top) as f32 / scale).exp();
        sum += *reward;
    }
    for reward in &mut rewards[..players] {
        *reward /= sum;
    }
    rewards
}

/// What a rollout needs besides the position.
pub(crate) struct RolloutSettings<'a, G: Game, E, P: ?Sized> {
    pub evaluator: &'a E,
    pub policy: &'a P,
    pub players: usize,
    pub limit: Option<u32>,
    pub eval_scale: f32,
    pub decisive_moves: bool,
    /// The depth of the search that scores a position instead of the bare evaluation (0: the
    /// evaluation).
    pub leaf_search_depth: u32,
    /// With [`MctsConfig::cut_off_on_root_turn`](super::MctsConfig::cut_off_on_root_turn), the
    /// root's player to move, whose turn a rollout waits for before its cut-off.
    pub cut_off_player: Option<usize>,
    pub _game: core::marker::PhantomData<G>,
}

impl<G, E, P> RolloutSettings<'_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: RolloutPolicy<G> + ?Sized,
{
    /// Plays out `game` (not over, with its legal `moves`), counting each ply in `nodes`.
    /// `safe` is scratch space for decisive moves.
    pub fn run(
        &self,
        mut game: G,
        moves: &mut G::Moves,
        safe: &mut Vec<G::Move>,
        rng: &mut Rng,
        nodes: &mut u64,
    ) -> Rewards {
        let mut plies = 0;
        loop {
            if let Some(limit) = self.limit
                && plies >= limit
                && self.cut_off_player.is_none_or(|player| {
                    // At most a round of extra plies, in case the turn order skips the player.
                    game.player_to_move() == player || plies + 1 >= limit + self.players as u32
                })
            {
                return self.evaluate(&mut game, nodes);
            }
            let list = moves.as_slice();
            let mv = if self.decisive_moves {
                match decisive_or_safe(&game, list, safe) {
                    Some(win) => win,
                    None if safe.is_empty() => list[self.policy.choose(&game, list, rng)],
                    None => safe[self.policy.choose(&game, safe, rng)],
                }
            } else {
                list[self.policy.choose(&game, list, rng)]
            };
            game.play(mv);
            *nodes += 1;
            plies += 1;
            if let Some(outcome) = end_or_moves(&game, moves) {
                return outcome_rewards::<G>(outcome, self.players);
            }
        }
    }
}

impl<G, E, P> RolloutSettings<'_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: ?Sized,
{
    /// The rewards of `game` (not over): its evaluation's, or with a leaf search those of a
    /// max^n search of `leaf_search_depth` plies below it; with cut-offs on the root player's
    /// turn, the search goes on (at most a round of plies) until that player is to move. Each
    /// ply is counted in `nodes`.
    pub fn evaluate(&self, game: &mut G, nodes: &mut u64) -> Rewards {
        let reach = Reach {
            depth: self.leaf_search_depth,
            extra: self.players as u32 - 1,
        };
        let mut search = LeafSearch {
            settings: self,
            nodes,
        };
        maxn::value(&mut search, game, reach, 0, None, false)
            .expect("a search without a parent bound is never pruned")
    }
}

/// The rewards' shallow-pruning bound: rewards are at least 0 and add up to 1.
const REWARD_SUM: f32 = 1.0;

/// A leaf search: max^n on the rewards' scale, with shallow pruning by [`REWARD_SUM`] (with two
/// players this is alpha-beta at depths 1 and 2, and prunes less than alpha-beta deeper down,
/// where only deep pruning would prune more; deep pruning is unsound with more players). The
/// moves are searched in the game's hint order, highest first, since a good first move prunes
/// the most; ties go to the first in that order. Each ply is counted in `nodes`.
struct LeafSearch<'s, 'a, G: Game, E, P: ?Sized> {
    settings: &'s RolloutSettings<'a, G, E, P>,
    nodes: &'s mut u64,
}

impl<G, E, P> MaxnWalk<G> for LeafSearch<'_, '_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: ?Sized,
{
    type Component = f32;
    type Value = Rewards;
    type Order = ListOrder;

    #[inline]
    fn max_sum(&self) -> Option<f32> {
        Some(REWARD_SUM)
    }

    #[inline]
    fn outcome_value(&self, outcome: Outcome, _ply: usize) -> Rewards {
        outcome_rewards::<G>(outcome, self.settings.players)
    }

    #[inline]
    fn leaf_value(&mut self, game: &G) -> Rewards {
        let settings = self.settings;
        eval_rewards(
            game,
            settings.evaluator,
            settings.players,
            settings.eval_scale,
        )
    }

    #[inline]
    fn waits(&self, game: &G) -> bool {
        self.settings
            .cut_off_player
            .is_some_and(|player| game.player_to_move() != player)
    }

    #[inline]
    fn order(
        &mut self,
        game: &G,
        _ply: usize,
        moves: &mut G::Moves,
        _on_line: bool,
    ) -> (ListOrder, Option<usize>) {
        moves
            .as_mut_slice()
            .sort_by_key(|&mv| core::cmp::Reverse(game.move_order_hint(mv)));
        (ListOrder(moves.len()), None)
    }

    #[inline]
    fn count_node(&mut self) -> bool {
        *self.nodes += 1;
        false
    }
}

/// Decisive and anti-decisive moves (Teytaud and Teytaud, 2010): a move among `moves` that
/// wins at once for the player to move, if there is one; otherwise `None`, with `safe` holding
/// the moves after which the next player cannot win at once (empty when there are none, or all
/// moves are safe: the policy then chooses among all of them).
fn decisive_or_safe<G: Game>(
    game: &G,
    moves: &[G::Move],
    safe: &mut Vec<G::Move>,
) -> Option<G::Move> {
    let mover = game.player_to_move();
    let mut replies = G::Moves::default();
    let mut scratch = G::Moves::default();
    safe.clear();
    for &mv in moves {
        let mut child = game.clone();
        child.play(mv);
        match end_or_moves(&child, &mut replies) {
            Some(Outcome::Win(winner)) if winner == mover => return Some(mv),
            Some(_) => safe.push(mv),
            None => {
                let next = child.player_to_move();
                let loses = replies.as_slice().iter().any(|&reply| {
                    let mut grandchild = child.clone();
                    grandchild.play(reply);
                    end_or_moves(&grandchild, &mut scratch) == Some(Outcome::Win(next))
                });
                if !loses {
                    safe.push(mv);
                }
            }
        }
    }
    if safe.len() == moves.len() {
        safe.clear();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

    #[test]
    fn decisive_moves_win_and_avoid_handing_over_a_win() {
        let mut safe = Vec::new();
        // Three stones: taking them all wins.
        assert_eq!(
            decisive_or_safe(&Nim::new(3), &[1, 2, 3], &mut safe),
            Some(3)
        );
        // Five: leaving 3 or 2 lets the opponent take the rest; only taking 1 is safe.
        assert_eq!(decisive_or_safe(&Nim::new(5), &[1, 2, 3], &mut safe), None);
        assert_eq!(safe, [1]);
        // Eight: every move leaves the opponent a win; the policy chooses among all.
        assert_eq!(decisive_or_safe(&Nim::new(8), &[1, 2, 3], &mut safe), None);
        assert!(safe.is_empty());
    }

    #[test]
    fn evaluations_become_rewards_that_add_up_to_one() {
        let scores = |_: &Nim, player: usize| -> Score { [300, -300][player] };
        let rewards = eval_rewards(&Nim::new(4), &scores, 2, 100.0);
        assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-6);
        // A lead of 600 on a scale of 100 is a factor e^6 in the rewards' ratio.
        assert!(((rewards[0] / rewards[1]).ln() - 6.0).abs() < 1e-3);
        assert_eq!(
            outcome_rewards::<crate::nim::Nim>(Outcome::Draw, 3)[..3],
            [1.0 / 3.0; 3]
        );
        assert_eq!(
            outcome_rewards::<crate::nim::Nim>(Outcome::Win(1), 2)[..2],
            [0.0, 1.0]
        );
    }
}
