//! What the engine's search scores positions with: the chess crate's network on the
//! accumulators an [`NnueBoard`] carries (the default; `EvalFile` names another network file),
//! or the classical evaluation of the board (`Use NNUE` off), for comparison and for users who
//! want its explainable terms.

use plyforge_chess::Evaluation;
use plyforge_chess::nnue::{NnueBoard, NnueEvaluation};
use plyforge_search::{Evaluator, Score};

/// The engine's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineEvaluation {
    /// The network of the position's accumulators.
    Network,
    /// The classical evaluation of the position's board.
    Classical,
}

impl Evaluator<NnueBoard> for EngineEvaluation {
    #[inline]
    fn evaluate(&self, position: &NnueBoard, player: usize) -> Score {
        match self {
            EngineEvaluation::Network => NnueEvaluation.evaluate(position, player),
            EngineEvaluation::Classical => Evaluation.evaluate(position.board(), player),
        }
    }
}
