//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, for any [`Game`].
//! It tests move generation against published counts and measures its speed. The last ply is
//! counted in bulk through [`Game::count_moves`].

use crate::game::Game;
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
    perft_in_place(&mut game.clone(), depth)
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
                    perft_child(&mut game, mv, depth - 1)
                },
            )
        })
        .collect()
}

fn perft_in_place<G: Game>(game: &mut G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves(),
        _ => {
            let mut moves = G::Moves::default();
            game.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in moves.as_slice() {
                nodes += perft_child(game, mv, depth - 1);
            }
            nodes
        }
    }
}

/// Plays `mv`, counts below it, and leaves `game` as it was: by undo where the game has it,
/// otherwise on a copy.
#[inline]
fn perft_child<G: Game>(game: &mut G, mv: G::Move, depth: u32) -> u64 {
    if G::UNDO {
        game.play(mv);
        let nodes = perft_in_place(game, depth);
        game.undo(mv);
        nodes
    } else {
        let mut child = game.clone();
        child.play(mv);
        perft_in_place(&mut child, depth)
    }
}
