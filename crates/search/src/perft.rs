//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, for any [`Game`].
//! It tests move generation against published counts and measures its speed. The last ply is
//! counted in bulk through [`Game::count_moves`].

use crate::game::Game;
use crate::limits::StopFlag;
use crate::moves::MoveBuffer;

/// The number of leaves of the move tree of `game`, `depth` plies deep.
///
/// A position with no moves contributes nothing below it, so a finished game ends its branch.
///
/// ```
/// use plyforge_search::{nim::Nim, perft};
/// // Nim with 4 stones, take 1 to 3: 3 moves, leaving piles of 3, 2 and 1.
/// assert_eq!(perft(&Nim::new(4), 1), 3);
/// assert_eq!(perft(&Nim::new(4), 2), 3 + 2 + 1);
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    perft_in_place(&mut game.clone(), depth, None)
}

/// [`perft`] that ends early when `stop` is raised (it looks at interior nodes): `None` then.
///
/// ```
/// use plyforge_search::{nim::Nim, perft_until, StopFlag};
/// let stop = StopFlag::new();
/// assert_eq!(perft_until(&Nim::new(4), 2, &stop), Some(6));
/// stop.stop();
/// assert_eq!(perft_until(&Nim::new(40), 12, &stop), None);
/// ```
pub fn perft_until<G: Game>(game: &G, depth: u32, stop: &StopFlag) -> Option<u64> {
    let nodes = perft_in_place(&mut game.clone(), depth, Some(stop));
    (!stop.is_stopped()).then_some(nodes)
}

/// Perft split by root move: each legal move with the leaf count below it, in generation order.
///
/// ```
/// use plyforge_search::{divide, nim::Nim};
/// let split = divide(&Nim::new(4), 2);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 6);
/// ```
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut game = game.clone();
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            (
                mv,
                if depth == 0 {
                    1
                } else {
                    perft_child(&mut game, mv, depth - 1, None)
                },
            )
        })
        .collect()
}

fn perft_in_place<G: Game>(game: &mut G, depth: u32, stop: Option<&StopFlag>) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves(),
        _ => {
            if stop.is_some_and(StopFlag::is_stopped) {
                return 0;
            }
            let mut moves = G::Moves::default();
            game.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in moves.as_slice() {
                nodes += perft_child(game, mv, depth - 1, stop);
            }
            nodes
        }
    }
}

/// Counts below `mv` and leaves `game` as it was.
#[inline]
fn perft_child<G: Game>(game: &mut G, mv: G::Move, depth: u32, stop: Option<&StopFlag>) -> u64 {
    game.visit_child(mv, |child| perft_in_place(child, depth, stop))
}
