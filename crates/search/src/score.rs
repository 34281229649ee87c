//! Scores: one `i32` scale for evaluations and for won/lost positions, where a win carries its
//! distance in plies so that the search prefers the fastest win and the slowest loss.

/// A score in the view of one player (or team): higher is better for that player.
pub type Score = i32;

/// The deepest ply any search reaches; also the margin that separates win scores from
/// evaluations.
pub const MAX_PLY: usize = 256;

/// The score of a draw.
pub const DRAW: Score = 0;

/// The score of winning at the current node (ply 0). A win found `n` plies below the root scores
/// `WIN - n`.
pub const WIN: Score = 1_000_000;

/// Evaluations must lie strictly within `-EVAL_LIMIT..=EVAL_LIMIT` so that they never look like
/// wins; the searches clamp them.
pub const EVAL_LIMIT: Score = WIN - 2 * MAX_PLY as Score;

/// Larger than every score: the initial window of a search.
pub const INFINITY: Score = WIN + 1;

/// The score of a win `ply` plies from the root.
///
/// ```
/// use plyforge_search::score::{win_in, WIN};
/// assert_eq!(win_in(3), WIN - 3);
/// ```
#[inline]
pub const fn win_in(ply: usize) -> Score {
    WIN - ply as Score
}

/// The score of a loss `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Score {
    -WIN + ply as Score
}

/// The score of a position in a two-player game, from the view of its player to move, when
/// the position after the move played there scores `child` from the view of its own player to
/// move (as a search rooted at that child reports it): negated, and a win or loss one ply
/// further away.
///
/// ```
/// use plyforge_search::score::{from_child, loss_in, win_in};
/// // The child's player is mated in 2 plies: the parent mates in 3.
/// assert_eq!(from_child(loss_in(2)), win_in(3));
/// assert_eq!(from_child(win_in(4)), loss_in(5));
/// assert_eq!(from_child(-35), 35);
/// ```
#[inline]
pub const fn from_child(child: Score) -> Score {
    if !is_decisive(child) {
        -child
    } else if child > 0 {
        -child + 1
    } else {
        -child - 1
    }
}

/// Whether `score` is a forced win or loss rather than an evaluation.
///
/// ```
/// use plyforge_search::score::{is_decisive, loss_in};
/// assert!(is_decisive(loss_in(10)));
/// assert!(!is_decisive(250));
/// ```
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score.abs() > EVAL_LIMIT
}

/// Plies to the end for a decisive score (positive when winning), or `None` for an evaluation.
///
/// ```
/// use plyforge_search::score::{plies_to_end, win_in, loss_in};
/// assert_eq!(plies_to_end(win_in(5)), Some(5));
/// assert_eq!(plies_to_end(loss_in(4)), Some(-4));
/// assert_eq!(plies_to_end(12), None);
/// ```
#[inline]
pub const fn plies_to_end(score: Score) -> Option<i32> {
    if !is_decisive(score) {
        None
    } else if score > 0 {
        Some(WIN - score)
    } else {
        Some(-(WIN + score))
    }
}
