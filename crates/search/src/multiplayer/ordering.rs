//! The order in which a node searches its candidates: the previous iteration's choice first
//! (along the previous principal variation) or else the transposition table's, then the killer
//! moves (best-reply search), then, where it can help, the highest
//! [`Game::move_order_hint`](crate::Game::move_order_hint) first, and generation order among
//! equals. The searches keep their results independent of this order (ties always go to the
//! first candidate in generation order), so ordering only changes how much they prune.

use crate::maxn::ChildOrder;

/// How many candidates are picked one by one (a scan for the best remaining) before the rest is
/// sorted at once: most nodes with a cut-off end within the first few candidates, and then a
/// full sort would be wasted work; nodes that search everything pay one sort.
const PICKED_ONE_BY_ONE: usize = 4;

/// A node's search order: candidate indices, filled per node into a buffer reused per ply, and
/// put in order lazily as the node asks for its candidates.
#[derive(Debug, Default)]
pub(crate) struct SearchOrder {
    /// (sort key, candidate index): lower keys first. Unique, since the indices are.
    entries: Vec<(i64, u32)>,
    /// How many leading entries are already in their final order.
    ordered: usize,
}

impl SearchOrder {
    /// Orders `len` candidates: `lead` first, then the `killers` in their order, then by `hint`
    /// (highest first) when given, else in generation order; generation order among equal
    /// hints.
    pub(crate) fn fill(
        &mut self,
        len: usize,
        lead: Option<usize>,
        killers: [Option<usize>; 2],
        hint: Option<&dyn Fn(usize) -> i32>,
    ) {
        self.entries.clear();
        self.entries.extend((0..len).map(|index| {
            let key = if lead == Some(index) {
                i64::MIN
            } else if let Some(slot) = killers.iter().position(|&k| k == Some(index)) {
                i64::MIN + 1 + slot as i64
            } else {
                hint.map_or(0, |hint| -i64::from(hint(index)))
            };
            (key, index as u32)
        }));
        if hint.is_some() || killers.iter().any(Option::is_some) {
            self.ordered = 0;
        } else {
            if let Some(lead) = lead {
                // Only the lead moves: rotate it to the front, the others keep their order.
                self.entries[..=lead].rotate_right(1);
            }
            self.ordered = len;
        }
    }

    /// The number of candidates.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The index of the `k`-th candidate to search. Ask for `k = 0, 1, 2, ...` in turn.
    #[inline]
    pub(crate) fn get(&mut self, k: usize) -> usize {
        debug_assert!(k <= self.ordered, "candidates are asked for in order");
        if k >= self.ordered {
            if k < PICKED_ONE_BY_ONE {
                let rest = &mut self.entries[k..];
                let best = (0..rest.len()).min_by_key(|&i| rest[i]).unwrap_or(0);
                rest.swap(0, best);
                self.ordered = k + 1;
            } else {
                self.entries[k..].sort_unstable();
                self.ordered = self.entries.len();
            }
        }
        self.entries[k].1 as usize
    }
}

impl ChildOrder for SearchOrder {
    #[inline]
    fn len(&self) -> usize {
        SearchOrder::len(self)
    }

    #[inline]
    fn get(&mut self, k: usize) -> usize {
        SearchOrder::get(self, k)
    }
}

#[cfg(test)]
mod tests {
    use super::SearchOrder;

    fn order(len: usize, lead: Option<usize>, hints: Option<&[i32]>) -> Vec<usize> {
        let mut order = SearchOrder::default();
        let lookup = hints.map(|hints| move |index: usize| hints[index]);
        let hint: Option<&dyn Fn(usize) -> i32> = lookup.as_ref().map(|f| f as _);
        order.fill(len, lead, [None, None], hint);
        (0..order.len()).map(|k| order.get(k)).collect()
    }

    #[test]
    fn the_lead_goes_first_and_the_rest_keep_generation_order() {
        assert_eq!(order(5, None, None), [0, 1, 2, 3, 4]);
        assert_eq!(order(5, Some(3), None), [3, 0, 1, 2, 4]);
        assert_eq!(order(5, Some(0), None), [0, 1, 2, 3, 4]);
        assert_eq!(order(5, Some(4), None), [4, 0, 1, 2, 3]);
    }

    #[test]
    fn hints_order_the_rest_highest_first_ties_in_generation_order() {
        let hints = [1, 5, 1, i32::MIN, i32::MAX];
        assert_eq!(order(5, None, Some(&hints)), [4, 1, 0, 2, 3]);
        assert_eq!(order(5, Some(2), Some(&hints)), [2, 4, 1, 0, 3]);
        // Past the candidates picked one by one, the rest is sorted.
        let hints = [3, 9, 3, 7, 1, 9, 0, 3, 8];
        assert_eq!(order(9, Some(4), Some(&hints)), [4, 1, 5, 8, 3, 0, 2, 7, 6]);
    }

    #[test]
    fn killers_follow_the_lead() {
        let mut order = SearchOrder::default();
        order.fill(6, Some(5), [Some(3), Some(0)], None);
        let found: Vec<usize> = (0..order.len()).map(|k| order.get(k)).collect();
        assert_eq!(found, [5, 3, 0, 1, 2, 4]);
        let hints = |index: usize| index as i32;
        order.fill(6, None, [Some(1), None], Some(&hints));
        let found: Vec<usize> = (0..order.len()).map(|k| order.get(k)).collect();
        assert_eq!(found, [1, 5, 4, 3, 2, 0]);
    }
}
