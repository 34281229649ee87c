//! A tapered evaluation: every term has a middlegame and an endgame weight, and the two sums
//! are blended by the material left on the board. Terms: material, piece-square tables,
//! mobility by piece kind, passed pawns (more with a free or unguarded path, and by the kings'
//! distances to them), isolated, doubled, backward, supported and side-by-side pawns, king
//! danger from attacks on the king zone, safe checks, weak squares next to the king, the pawn
//! shield of a castled king and the open files around it, the bishop pair and its own pawns on
//! its colour, rooks on open and half-open files and on the seventh, knight and bishop outposts,
//! minor pieces behind pawns, threats (pieces attacked by lesser ones, by a pawn push, or
//! attacked and not defended), and a tempo for the side to move.
//!
//! The evaluation is linear in its weights (`weights.rs`, fitted by `chess_tune` in the lab
//! crate), and [`crate::tuning`] hands the tuner the same feature counts the engine weighs. The
//! engine's score takes the pawn-only part from a table keyed by the pawn key
//! (`pawn_table.rs`); the trace and the tuner count every feature.

mod layout;
mod pawn_table;
mod terms;
mod weights;

pub mod tuning;

use crate::board::Board;
use layout::{FEATURE_COUNT, S, Term, WEIGHTS};
use pawn_table::PawnEntry;
use plyforge_search::{Evaluator, Score};
use terms::{FULL_PHASE, Sink};

/// The tapered evaluation; as an [`Evaluator`] its score is corrected by the
/// [`endgame`](crate::endgame) knowledge ([`Evaluation::white_score`] is the terms' sum alone).
///
/// ```
/// use plyforge_chess::{Board, Evaluation};
/// use plyforge_search::Evaluator;
/// let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
/// assert!(Evaluation.evaluate(&board, 0) > 500); // White, a queen up
/// assert_eq!(Evaluation.evaluate(&board, 1), -Evaluation.evaluate(&board, 0));
/// # Ok::<(), plyforge_chess::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Evaluation;

/// The terms of an evaluation, from White's view in centipawns, each as (middlegame, endgame):
/// what [`Evaluation::trace`] returns for a UCI `eval` or a user who wants to see why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvaluationTrace {
    /// Material.
    pub material: (i32, i32),
    /// Piece placement (the piece-square tables).
    pub placement: (i32, i32),
    /// Mobility of knights, bishops, rooks and queens.
    pub mobility: (i32, i32),
    /// Passed pawns, with the extras for a free path and one the enemy does not guard.
    pub passed_pawns: (i32, i32),
    /// Isolated, doubled, backward, supported and side-by-side pawns.
    pub pawn_structure: (i32, i32),
    /// King danger from attacks on the king zone, safe checks and weak squares next to the
    /// king, the pawn shield and the open files around the king.
    pub king_safety: (i32, i32),
    /// Bishop pair, a bishop's pawns on its colour, rooks on open and half-open files and on the
    /// seventh, outposts, minor pieces behind pawns.
    pub pieces: (i32, i32),
    /// Pieces attacked by lesser ones (by pawns, rooks and queens by minor pieces, queens by
    /// rooks), by a pawn push, and pieces attacked and not defended.
    pub threats: (i32, i32),
    /// The tempo of the side to move.
    pub tempo: (i32, i32),
    /// The game phase, from 0 (bare kings and pawns) to [`EvaluationTrace::FULL_PHASE`] (all
    /// pieces on the board): the middlegame's weight in the blend.
    pub phase: i32,
    /// The scale of the endgame sum in the blend, out of [`EvaluationTrace::SCALE_FULL`]: less
    /// where the side the endgame sum favours can hardly win (no pawns and at most a minor
    /// piece ahead, or bishops of opposite colours alone).
    pub end_scale: i32,
    /// The blended score, the endgame sum scaled: what [`Evaluation::white_score`] returns.
    pub score: Score,
}

impl EvaluationTrace {
    /// The phase of the start position's material.
    pub const FULL_PHASE: i32 = FULL_PHASE;
    /// The endgame sum's full scale.
    pub const SCALE_FULL: i32 = terms::SCALE_FULL;

    /// The (middlegame, endgame) sum of every term, before the blend.
    pub fn total(&self) -> (i32, i32) {
        [
            self.material,
            self.placement,
            self.mobility,
            self.passed_pawns,
            self.pawn_structure,
            self.king_safety,
            self.pieces,
            self.threats,
            self.tempo,
        ]
        .into_iter()
        .fold((0, 0), |sum, term| (sum.0 + term.0, sum.1 + term.1))
    }
}

/// The engine's sink: the weighted middlegame and endgame sums.
#[derive(Default)]
struct Sums {
    middle: i32,
    end: i32,
}

impl Sink for Sums {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let (middle, end) = WEIGHTS[feature];
        self.middle += middle * count;
        self.end += end * count;
    }
}

/// The trace's sink: the weighted sums by term.
struct Terms(EvaluationTrace);

impl Sink for Terms {
    fn add(&mut self, feature: usize, count: i32) {
        let trace = &mut self.0;
        let term = match layout::group_of(feature).term {
            Term::Material => &mut trace.material,
            Term::Placement => &mut trace.placement,
            Term::Mobility => &mut trace.mobility,
            Term::PassedPawns => &mut trace.passed_pawns,
            Term::PawnStructure => &mut trace.pawn_structure,
            Term::KingSafety => &mut trace.king_safety,
            Term::Pieces => &mut trace.pieces,
            Term::Threats => &mut trace.threats,
            Term::Tempo => &mut trace.tempo,
        };
        let (middle, end) = WEIGHTS[feature];
        term.0 += middle * count;
        term.1 += end * count;
    }
}

/// The tuner's sink: the raw feature counts.
struct Counts([i32; FEATURE_COUNT]);

impl Sink for Counts {
    fn add(&mut self, feature: usize, count: i32) {
        self.0[feature] += count;
    }
}

impl Evaluation {
    /// The terms of the evaluation of `board`; their blend is [`Evaluation::white_score`].
    ///
    /// ```
    /// use plyforge_chess::{Board, Evaluation};
    /// let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse()?;
    /// let trace = Evaluation::trace(&board);
    /// assert!(trace.material.0 > 800 && trace.material.1 > 500); // a queen, more so in the middlegame
    /// assert_eq!(trace.score, Evaluation::white_score(&board));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn trace(board: &Board) -> EvaluationTrace {
        let mut terms = Terms(EvaluationTrace::default());
        let blend = terms::count(board, &mut terms);
        let mut trace = terms.0;
        let (middle, end) = trace.total();
        trace.phase = blend.phase;
        trace.end_scale = blend.end_scale[usize::from(end < 0)];
        trace.score = blend.score(middle, end);
        trace
    }

    /// The score from White's view in centipawns.
    ///
    /// The pawn-only terms come from the process's pawn table when it holds the board's pawn
    /// key, and are stored there otherwise; the score is the same either way.
    #[inline]
    pub fn white_score(board: &Board) -> Score {
        let pawns = pawn_entry(board);
        let mut sums = Sums {
            middle: pawns.middle,
            end: pawns.end,
        };
        let blend = terms::count_pieces(board, &pawns.facts, &mut sums);
        blend.score(sums.middle, sums.end)
    }
}

/// The pawn-only sums and facts of `board`, from the pawn table or counted (and stored).
#[inline(always)]
fn pawn_entry(board: &Board) -> PawnEntry {
    let key = board.pawn_key();
    let slot = pawn_table::slot(&pawn_table::TABLE, key);
    if let Some(entry) = slot.load(key) {
        return entry;
    }
    let entry = count_pawn_entry(board);
    slot.store(key, &entry);
    entry
}

/// The pawn-only sums and facts of `board`, counted. Kept out of line: the table usually
/// answers, and the evaluation's hot path stays short.
#[inline(never)]
fn count_pawn_entry(board: &Board) -> PawnEntry {
    let mut sums = Sums::default();
    let facts = terms::count_pawns(terms::pawns_of(board), &mut sums);
    PawnEntry {
        middle: sums.middle,
        end: sums.end,
        facts,
    }
}

/// The score from White's view counted without the pawn table: what
/// [`Evaluation::white_score`] must always equal.
#[cfg(test)]
fn uncached_white_score(board: &Board) -> Score {
    let mut sums = Sums::default();
    let blend = terms::count(board, &mut sums);
    blend.score(sums.middle, sums.end)
}

/// The feature counts of `board` (White's minus Black's) and how they blend.
fn feature_counts(board: &Board) -> ([i32; FEATURE_COUNT], terms::Blend) {
    let mut counts = Counts([0; FEATURE_COUNT]);
    let blend = terms::count(board, &mut counts);
    (counts.0, blend)
}

/// The weights as the feature vector.
fn weights() -> &'static [S; FEATURE_COUNT] {
    &WEIGHTS
}

impl Evaluator<Board> for Evaluation {
    fn evaluate(&self, board: &Board, player: usize) -> Score {
        let white = Evaluation::white_score(board);
        let to_move = crate::endgame::adjust(board, board.side_to_move().fold(white, -white));
        if player == board.side_to_move().index() {
            to_move
        } else {
            -to_move
        }
    }
}

#[cfg(test)]
mod tests;
