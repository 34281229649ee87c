//! The `plyforge_search::Game` implementation: the searches of `plyforge-search` (two-player
//! alpha-beta, paranoid, max^n, best-reply search) play Sternhalma through it. Players are the
//! position's players from 0; a move's key is `from * 128 + to`; best-reply search may hand the
//! turn to any player (`set_player_to_move`), as if the players in between had passed.

use crate::distance::DISTANCES;
use crate::movegen::MAX_MOVES;
use crate::moves::Move;
use crate::position::Position;
use plyforge_search::{Game, MoveList, Outcome};

/// The search's list of a position's moves: the capacity of the crate's own [`Moves`](crate::Moves),
/// with the search crate's message should it ever overflow.
type SearchMoves = MoveList<Move, MAX_MOVES>;

impl Game for Position {
    type Move = Move;
    type Moves = SearchMoves;

    /// Children are visited in place (`visit_child`).
    const COPY_MAKE: bool = false;

    #[inline]
    fn player_count(&self) -> usize {
        self.players().get()
    }

    #[inline]
    fn player_to_move(&self) -> usize {
        self.to_move()
    }

    #[inline]
    fn generate_moves(&self, moves: &mut SearchMoves) {
        Position::generate_moves(self, moves);
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    /// Plays, visits and takes back in place: undo replays the move backwards with the same
    /// few table updates as `play`, cheaper than copying the position's ~540 bytes.
    #[inline(always)]
    fn visit_child<R>(&mut self, mv: Move, visit: impl FnOnce(&mut Self) -> R) -> R {
        Position::play(self, mv);
        let result = visit(self);
        Position::undo(self, mv);
        result
    }

    #[inline]
    fn outcome_by_rule(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline]
    fn hash_after(&self, mv: Move) -> Option<u64> {
        Some(Position::hash_after(self, mv))
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        mv.key()
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        Position::count_moves(self)
    }

    /// Steps gained towards the target's tip: long forward jumps first.
    #[inline]
    fn move_order_hint(&self, mv: Move) -> i32 {
        match mv.from().zip(mv.to()) {
            Some((from, to)) => {
                let distances = &DISTANCES[self.target_point(self.to_move())];
                distances[from as usize] as i32 - distances[to as usize] as i32
            }
            None => 0,
        }
    }

    #[inline]
    fn set_player_to_move(&mut self, player: usize) -> bool {
        self.set_to_move(player)
    }
}
