//! MCTS-Solver (Winands, Björnsson and Saito, 2008), for any number of players: a node whose
//! result is certain is marked proven, and the proofs climb the tree as the search finds them.
//! The player to move at a node takes a proven win whenever there is one, so the node is proven
//! won for that player as soon as one child is. Once every child is proven, the node takes the
//! best of them for the player to move: a win for it, else a draw, else (every child a win for
//! some other player) that win if all children agree on the winner. Children won by different
//! other players leave the node unproven: the player to move does not care which opponent wins,
//! and the search does not guess.

use super::tree::{NodeId, State, Tree};
use crate::game::{Game, Outcome};

/// Tries to prove `node` from its children; returns whether it is proven now.
pub(crate) fn update_proof<G: Game>(tree: &mut Tree<G>, node: NodeId) -> bool {
    let parent = &tree.nodes[node as usize];
    if parent.proven().is_some() {
        return true;
    }
    if parent.state != State::Expanded {
        return false;
    }
    let mut all_proven = true;
    let mut draw = false;
    let mut only_winner: Option<Option<usize>> = None;
    let mut proof = None;
    for index in parent.children() {
        let child = &tree.nodes[index];
        let to_move = child.mover as usize;
        match child.proven() {
            Some(Outcome::Win(winner)) if winner == to_move => {
                proof = Some(Outcome::Win(winner));
                break;
            }
            Some(Outcome::Win(winner)) => {
                only_winner = match only_winner {
                    None => Some(Some(winner)),
                    Some(Some(same)) if same == winner => Some(Some(winner)),
                    Some(_) => Some(None),
                };
            }
            Some(Outcome::Draw) => draw = true,
            None => all_proven = false,
        }
    }
    if proof.is_none() && all_proven {
        proof = if draw {
            Some(Outcome::Draw)
        } else {
            only_winner.flatten().map(Outcome::Win)
        };
    }
    tree.nodes[node as usize].set_proven(proof);
    proof.is_some()
}
