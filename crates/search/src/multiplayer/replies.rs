//! The candidates of best-reply search's MIN layers: each opponent's moves as replies, kept in
//! buffers per layer that are reused across the search.

use super::player_move::PlayerMove;
use crate::game::Game;

/// One candidate of a MIN layer: a move of one opponent, played after the first `after_round`
/// moves of the opponents' round (BRS+; 0 in BRS).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reply<M> {
    pub(crate) after_round: usize,
    pub(crate) key: PlayerMove<M>,
    /// The move's ordering hint where it is played (0 when hints are off).
    pub(crate) hint: i32,
}

/// The candidates of one MIN layer: per layer buffers, reused across the search so that a
/// layer does not allocate once they have grown.
pub(crate) struct ReplyBuffers<M> {
    /// BRS+: the most promising move of each opponent of the round, in turn order.
    pub(crate) round: Vec<PlayerMove<M>>,
    pub(crate) replies: Vec<Reply<M>>,
}

impl<M> Default for ReplyBuffers<M> {
    fn default() -> Self {
        ReplyBuffers {
            round: Vec::new(),
            replies: Vec::new(),
        }
    }
}

impl<M: Copy> ReplyBuffers<M> {
    /// Lists the `moves` of `opponent`, to move in `position` after the round so far, as
    /// replies, with their ordering hints when `hints`.
    pub(crate) fn push_replies<G: Game<Move = M>>(
        &mut self,
        position: &G,
        opponent: usize,
        moves: &[M],
        hints: bool,
    ) {
        let after_round = self.round.len();
        self.replies.extend(moves.iter().map(|&mv| Reply {
            after_round,
            key: PlayerMove {
                player: opponent,
                mv,
            },
            hint: if hints {
                position.move_order_hint(mv)
            } else {
                0
            },
        }));
    }
}
