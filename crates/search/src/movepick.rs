//! The move picker: hands a node its moves one at a time, best first. It puts the
//! transposition-table move first, scores the others only when they are needed (a table move
//! that cuts off leaves them unscored, and the quiet moves are scored only when no noisy move
//! is left to come before them: a capture that cuts off leaves them unscored too), picks the
//! best remaining one by selection (a cut-off usually comes before the list is exhausted, so a
//! full sort would be wasted), drops the
//! quiet moves when the node prunes all the rest of them, and starts loading the children's
//! table buckets before they are searched, so that they arrive in the meantime.
//!
//! The children's buckets are asked for in one of two ways. A game that gives
//! [`Game::hash_after`] has every child's bucket asked for at once, when the picker is made:
//! their waits overlap, and even a child searched right after a sibling cut off by the table
//! finds its bucket on the way. A copy-make game without it has each child built one move
//! early, when the next move is already known, and its bucket asked for then; the picker hands
//! that child over with its move. (A child's own probe comes too soon after its move for a
//! prefetch there to help.)

use crate::game::Game;
use crate::ordering::{MoveFacts, Ordering};
use crate::tt::TranspositionTable;

/// Order score of noisy moves when the game's hint is the only source (plus the hint).
const NOISY_HINT_SCORE: i32 = 1 << 29;
/// The place of a quiet move not scored yet: below every noisy move that keeps its exchange
/// and above the killers, the first quiet moves, so that it is picked exactly when the quiet
/// moves' turn comes.
const QUIET_PENDING: i32 = crate::ordering::KILLER_SCORE + 2;

/// How a picker orders the moves after the table move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// In generation order.
    Generation,
    /// By the game's hint, noisy moves first, sorted once (the order is fixed once scored).
    SortedHints,
    /// By the game's raw hint, picked by selection (quiescence search).
    Hints,
    /// By [`Ordering::score`]: table move, noisy moves, killers, history, picked by selection;
    /// the quiet moves are scored when the first of them is picked.
    Scored {
        /// Give [`Ordering::score`] the game's hints (otherwise 0).
        hints: bool,
        /// Order the noisy moves that lose their exchange after the quiet ones.
        exchanges: bool,
    },
}

/// The next move of a node, with the position after it when the picker built it early.
pub(crate) struct Picked<G: Game> {
    pub mv: G::Move,
    pub child: Option<G>,
}

/// The transposition table whose buckets a picker prefetches, and the mix of its keys.
#[derive(Clone, Copy)]
pub(crate) struct Prefetch<'a> {
    pub tt: &'a TranspositionTable,
    pub key_mix: u64,
}

/// What a node tells its picker besides the moves.
pub(crate) struct PickerSetup<'a> {
    /// The transposition table's move, if any: first.
    pub tt_move: Option<u16>,
    pub order: Order,
    pub ply: usize,
    /// The player to move (the history is kept per player).
    pub player: usize,
    /// Where to prefetch the children's buckets, if anywhere.
    pub prefetch: Option<Prefetch<'a>>,
}

/// The moves of one node, handed out best first by [`MovePicker::next`].
pub(crate) struct MovePicker<'m, 'a, G: Game> {
    moves: &'m mut [G::Move],
    /// The scores of the moves after the first `first` (the ply's reusable list, at least that
    /// long; given back by [`MovePicker::finish`]).
    scores: Vec<i32>,
    /// The index of the next move to hand out.
    next: usize,
    /// Moves before this index (the table move) are not scored.
    first: usize,
    /// The moves are scored when the move at this index is asked for (`usize::MAX`: never, or
    /// done).
    score_from: usize,
    /// Pick by selection (otherwise the order is fixed once scored).
    selects: bool,
    /// The quiet moves' scores are [`QUIET_PENDING`] until the first of them is picked.
    quiets_pending: bool,
    order: Order,
    tt_move: Option<u16>,
    ply: usize,
    player: usize,
    /// Where to prefetch the next child's bucket when building it early (`None`: no early
    /// builds).
    build_ahead: Option<Prefetch<'a>>,
    ahead: Option<G>,
    /// The move at `next` was already selected (when its child was built early).
    selected_ahead: bool,
}

impl<'m, 'a, G: Game> MovePicker<'m, 'a, G> {
    /// A picker over `moves` (generated at `game`) as `setup` says. `spill` is the ply's
    /// reusable score list.
    #[inline(always)]
    pub fn new(
        game: &G,
        moves: &'m mut [G::Move],
        setup: PickerSetup<'a>,
        spill: &mut Vec<i32>,
    ) -> Self {
        let PickerSetup {
            tt_move,
            order,
            ply,
            player,
            prefetch,
        } = setup;
        let all_at_once =
            prefetch.is_some_and(|prefetch| prefetch_all_children(game, moves, prefetch));
        let build_ahead = prefetch.filter(|_| G::COPY_MAKE && !all_at_once);
        let mut first = 0;
        let mut ahead = None;
        if let Some(at) =
            tt_move.and_then(|key| moves.iter().position(|&mv| G::move_key(mv) == key))
        {
            if order == Order::Generation {
                // The others keep their generated order.
                moves[..=at].rotate_right(1);
            } else {
                // The scoring reorders the rest anyway.
                moves.swap(0, at);
            }
            first = 1;
            if let Some(prefetch) = build_ahead {
                ahead = Some(build_and_prefetch(game, moves[0], prefetch));
            }
        }
        let score_from = match order {
            Order::Generation => usize::MAX,
            _ => first,
        };
        let mut scores = std::mem::take(spill);
        if order != Order::Generation && scores.len() < moves.len() {
            // Grows once per ply to the longest list seen; the scores are written before
            // they are read, so the list is never cleared.
            scores.resize(moves.len(), 0);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            first,
            score_from,
            selects: matches!(order, Order::Scored { .. } | Order::Hints),
            quiets_pending: false,
            order,
            tt_move,
            ply,
            player,
            build_ahead,
            ahead,
            selected_ahead: false,
        }
    }

    /// The next move, best first, or `None` when every move was handed out.
    #[inline(always)]
    pub fn next(&mut self, game: &G, ordering: &Ordering<G::Move>) -> Option<Picked<G>> {
        let index = self.next;
        let count = self.moves.len();
        if index >= count {
            return None;
        }
        if index >= self.score_from {
            self.score(game, ordering);
        }
        if self.selects && index >= self.first && !self.selected_ahead {
            self.select(index, game, ordering);
        }
        self.selected_ahead = false;
        let mv = self.moves[index];
        let child = self.ahead.take();
        // The order of the next move is known once the moves are scored.
        if let Some(prefetch) = self.build_ahead
            && index + 1 < count
            && (self.order == Order::Generation || self.score_from == usize::MAX)
        {
            if self.selects {
                self.select(index + 1, game, ordering);
                self.selected_ahead = true;
            }
            self.ahead = Some(build_and_prefetch(game, self.moves[index + 1], prefetch));
        }
        self.next = index + 1;
        Some(Picked { mv, child })
    }

    /// The moves handed out so far, in the order they were handed out (the last one included).
    #[inline]
    pub fn picked(&self) -> &[G::Move] {
        &self.moves[..self.next]
    }

    /// Drops the quiet moves not handed out yet: the node prunes them all (late-move
    /// pruning), so they need neither picking nor asking whether they check. The noisy ones
    /// keep their order.
    pub fn skip_quiets(&mut self, game: &G) {
        if self.ahead.is_some() {
            // A child built early is already on its way: the list stays as it is, and the
            // node skips its quiet moves one by one.
            return;
        }
        let start = self.next.max(self.first);
        let scored = self.score_from == usize::MAX && self.order != Order::Generation;
        let mut kept = start;
        for read in start..self.moves.len() {
            let mv = self.moves[read];
            if game.is_noisy(mv) {
                self.moves[kept] = mv;
                if scored {
                    self.scores[kept - self.first] = self.scores[read - self.first];
                }
                kept += 1;
            }
        }
        let moves = std::mem::take(&mut self.moves);
        self.moves = &mut moves[..kept];
    }

    /// Gives the ply's score list back.
    #[inline]
    pub fn finish(self, spill: &mut Vec<i32>) {
        *spill = self.scores;
    }

    /// Scores every move after the first `first`.
    #[inline(always)]
    fn score(&mut self, game: &G, ordering: &Ordering<G::Move>) {
        self.score_from = usize::MAX;
        let (ply, player, tt_move) = (self.ply, self.player, self.tt_move);
        let moves = &mut self.moves[self.first..];
        let scores = &mut self.scores[..moves.len()];
        let slots = scores.iter_mut().zip(moves.iter());
        match self.order {
            Order::Generation => {}
            Order::SortedHints => {
                for (slot, &mv) in slots {
                    let hint = game.move_order_hint(mv);
                    *slot = if game.is_noisy(mv) {
                        NOISY_HINT_SCORE + hint
                    } else {
                        hint
                    };
                }
                sort_by_scores(moves, scores);
            }
            Order::Hints => {
                for (slot, &mv) in slots {
                    *slot = game.move_order_hint(mv);
                }
            }
            Order::Scored { hints, exchanges } => {
                let captures = ordering.tracks_captures();
                let ordering = ordering.at(ply, player);
                for (slot, &mv) in slots {
                    let key = G::move_key(mv);
                    if !game.is_noisy(mv) && tt_move != Some(key) {
                        *slot = QUIET_PENDING;
                        continue;
                    }
                    let facts = MoveFacts {
                        tt_move: tt_move == Some(key),
                        noisy: true,
                        losing: exchanges && !game.static_exchange_at_least(mv, 0),
                        hint: if hints { game.move_order_hint(mv) } else { 0 },
                        key,
                        continuation: if captures {
                            game.continuation_key(mv)
                        } else {
                            0
                        },
                    };
                    *slot = ordering.score(mv, &facts);
                }
                self.quiets_pending = true;
            }
        }
    }

    /// Scores the quiet moves not handed out yet (those still at [`QUIET_PENDING`]).
    #[inline(always)]
    fn score_quiets(&mut self, game: &G, ordering: &Ordering<G::Move>) {
        self.quiets_pending = false;
        let Order::Scored { hints, .. } = self.order else {
            return;
        };
        let continuation = ordering.tracks_continuation();
        let ordering = ordering.at(self.ply, self.player);
        let start = self.next.max(self.first);
        let moves = &self.moves[start..];
        let scores = &mut self.scores[start - self.first..][..moves.len()];
        for (slot, &mv) in scores.iter_mut().zip(moves) {
            if *slot != QUIET_PENDING {
                continue;
            }
            let facts = MoveFacts {
                tt_move: false,
                noisy: false,
                losing: false,
                hint: if hints { game.move_order_hint(mv) } else { 0 },
                key: G::move_key(mv),
                continuation: if continuation {
                    game.continuation_key(mv)
                } else {
                    0
                },
            };
            *slot = ordering.score(mv, &facts);
        }
    }

    /// Moves the best remaining move to `index` (at or after `first`), scoring the quiet moves
    /// first when their turn has come.
    #[inline(always)]
    fn select(&mut self, index: usize, game: &G, ordering: &Ordering<G::Move>) {
        let offset = index - self.first;
        let count = self.moves.len() - self.first;
        pick_next(
            &mut self.moves[self.first..],
            &mut self.scores[..count],
            offset,
        );
        if self.quiets_pending && self.scores[offset] == QUIET_PENDING {
            self.score_quiets(game, ordering);
            pick_next(
                &mut self.moves[self.first..],
                &mut self.scores[..count],
                offset,
            );
        }
    }
}

/// Builds the child after `mv` and starts loading its table bucket.
#[inline]
fn build_and_prefetch<G: Game>(game: &G, mv: G::Move, prefetch: Prefetch<'_>) -> G {
    let mut child = game.clone();
    child.play(mv);
    prefetch.tt.prefetch(child.hash() ^ prefetch.key_mix);
    child
}

/// Starts loading the table buckets of all children of `game` at once, so that their waits
/// overlap; false (and nothing done) when the game gives no [`Game::hash_after`].
#[inline]
fn prefetch_all_children<G: Game>(game: &G, moves: &[G::Move], prefetch: Prefetch<'_>) -> bool {
    let Some(hash) = moves.first().and_then(|&mv| game.hash_after(mv)) else {
        return false;
    };
    prefetch.tt.prefetch(hash ^ prefetch.key_mix);
    for &mv in &moves[1..] {
        if let Some(hash) = game.hash_after(mv) {
            prefetch.tt.prefetch(hash ^ prefetch.key_mix);
        }
    }
    true
}

/// Sorts `moves` by `scores` (the same length), highest first, equal scores in their present
/// order: an insertion sort, the fastest for the few moves of a node.
#[inline]
fn sort_by_scores<M: Copy>(moves: &mut [M], scores: &mut [i32]) {
    debug_assert_eq!(moves.len(), scores.len());
    for i in 1..scores.len().min(moves.len()) {
        let (mv, score) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < score {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        scores[j] = score;
    }
}

/// Moves the best remaining move (by `scores`, the first of equals) to position `i`: a
/// selection sort done lazily. `moves` and `scores` have the same length.
#[inline]
fn pick_next<M>(moves: &mut [M], scores: &mut [i32], i: usize) {
    debug_assert_eq!(moves.len(), scores.len());
    let Some(remaining) = scores.get(i..) else {
        return;
    };
    // Iterating (not indexing) keeps bounds checks out of the loop.
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (j, &score) in remaining.iter().enumerate() {
        if score > best_score {
            best = j;
            best_score = score;
        }
    }
    if best != 0 {
        moves.swap(i, i + best);
        scores.swap(i, i + best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::ordering::Sources;
    use crate::score::Score;

    /// Twelve numbered moves, the multiples of three noisy, each hinted by its number; the
    /// noisy moves 0 and 3 lose their exchange.
    #[derive(Clone)]
    struct Row;

    impl Game for Row {
        type Move = u8;
        type Moves = Vec<u8>;

        fn player_to_move(&self) -> usize {
            0
        }

        fn generate_moves(&self, moves: &mut Self::Moves) {
            moves.extend(0..12);
        }

        fn play(&mut self, _: u8) {}

        fn outcome_by_rule(&self) -> Option<Outcome> {
            None
        }

        fn hash(&self) -> u64 {
            0
        }

        fn move_key(mv: u8) -> u16 {
            mv.into()
        }

        fn is_noisy(&self, mv: u8) -> bool {
            mv.is_multiple_of(3)
        }

        fn move_order_hint(&self, mv: u8) -> i32 {
            mv.into()
        }

        fn static_exchange_at_least(&self, mv: u8, _: Score) -> bool {
            mv > 3
        }
    }

    #[test]
    fn skipping_quiets_leaves_the_noisy_moves_in_order() {
        let ordering = Ordering::new(1, Sources::killers_and_history());
        let mut moves: Vec<u8> = (0..12).collect();
        let mut spill = Vec::new();
        let setup = PickerSetup {
            tt_move: Some(4),
            order: Order::Scored {
                hints: true,
                exchanges: true,
            },
            ply: 0,
            player: 0,
            prefetch: None,
        };
        let mut picker = MovePicker::new(&Row, &mut moves, setup, &mut spill);
        let next = |picker: &mut MovePicker<Row>| picker.next(&Row, &ordering).map(|p| p.mv);
        // The table move, the winning captures, then the quiet moves by hint.
        let first: Vec<u8> = (0..5).filter_map(|_| next(&mut picker)).collect();
        assert_eq!(first, [4, 9, 6, 11, 10]);
        picker.skip_quiets(&Row);
        let rest: Vec<u8> = std::iter::from_fn(|| next(&mut picker)).collect();
        // Only the losing captures are left, best first.
        assert_eq!(rest, [3, 0]);
        assert_eq!(picker.picked(), [4, 9, 6, 11, 10, 3, 0]);
    }

    #[test]
    fn sorts_stably_by_score() {
        let mut moves = [1, 2, 3, 4, 5, 6];
        let mut scores = [5, 9, -1, 7, 9, 5];
        sort_by_scores(&mut moves, &mut scores);
        assert_eq!(moves, [2, 5, 4, 1, 6, 3]);
        assert_eq!(scores, [9, 9, 7, 5, 5, -1]);
    }

    #[test]
    fn picks_in_score_order() {
        let mut moves = [1, 2, 3, 4];
        let mut scores = [5, 9, -1, 7];
        let mut order = vec![];
        for i in 0..4 {
            pick_next(&mut moves, &mut scores, i);
            order.push(moves[i]);
        }
        assert_eq!(order, [2, 4, 1, 3]);
    }
}
