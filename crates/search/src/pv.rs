//! The principal-variation table of every search: a triangular table in one flat allocation,
//! where row `ply` holds the best line found below the node at `ply`. A node empties its row on
//! entry and, when a child becomes its best, writes its own moves (one, or several where a
//! layer plays more than one: a BRS+ opponents' round) followed by the child's row. No list
//! operations per node, no allocation after the table is made.

/// A triangular table of lines of `T` (a move, or a move with its player).
pub(crate) struct PvTable<T> {
    /// Row `ply` starts at [`PvTable::row_start`] and has room for `(rows - ply) * width`
    /// entries (every entry of a line is `Some`).
    entries: Vec<Option<T>>,
    /// The length of each row.
    lengths: Vec<usize>,
    rows: usize,
    /// The most entries one node adds to its child's line.
    width: usize,
}

impl<T: Copy> PvTable<T> {
    /// A table for nodes at plies `0..rows`, each adding at most `width` entries to its line.
    pub(crate) fn new(rows: usize, width: usize) -> Self {
        let mut table = PvTable {
            entries: Vec::new(),
            lengths: vec![0; rows],
            rows,
            width,
        };
        table.entries = vec![None; table.row_start(rows)];
        table
    }

    /// Makes room for nodes at plies `0..rows` (the lines are lost when the table grows; it at
    /// least doubles, so that growing one row per iteration costs little).
    pub(crate) fn ensure_rows(&mut self, rows: usize) {
        if rows > self.rows {
            *self = PvTable::new(rows.max(2 * self.rows), self.width);
        }
    }

    /// Where row `ply` starts: rows `0..ply` have room for `rows`, `rows - 1`, ... lines of
    /// `width`.
    #[inline]
    fn row_start(&self, ply: usize) -> usize {
        self.width * (ply * self.rows - ply * ply.saturating_sub(1) / 2)
    }

    /// Empties the line of the node at `ply` (on entering it).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// The line of the node at `ply` becomes `head` (at most `width` entries) and the line of
    /// its child.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, head: &[T]) {
        debug_assert!(head.len() <= self.width);
        let (start, child_start) = (self.row_start(ply), self.row_start(ply + 1));
        let child_len = self.lengths[ply + 1];
        let (rows, below) = self.entries.split_at_mut(child_start);
        let line = &mut rows[start..];
        // Lines are short: plain loops beat calls to `memmove`.
        for (to, from) in line.iter_mut().zip(head) {
            *to = Some(*from);
        }
        for (to, from) in line[head.len()..].iter_mut().zip(&below[..child_len]) {
            *to = *from;
        }
        self.lengths[ply] = head.len() + child_len;
    }

    /// The line of the node at `ply` becomes `line` (as much of it as the row holds): a line
    /// found earlier, taken up again.
    pub(crate) fn set_line(&mut self, ply: usize, line: &[T]) {
        let start = self.row_start(ply);
        let room = (self.rows - ply) * self.width;
        let length = line.len().min(room);
        for (to, from) in self.entries[start..start + length].iter_mut().zip(line) {
            *to = Some(*from);
        }
        self.lengths[ply] = length;
    }

    /// The line of the node at `ply`.
    pub(crate) fn line(&self, ply: usize) -> impl Iterator<Item = T> + '_ {
        let start = self.row_start(ply);
        self.entries[start..start + self.lengths[ply]]
            .iter()
            .flatten()
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::PvTable;

    #[test]
    fn a_line_is_its_head_and_the_childs_line() {
        let mut table = PvTable::new(3, 2);
        table.ensure_rows(4);
        table.clear(3);
        table.update(2, &[7]);
        table.update(1, &[5, 6]);
        table.update(0, &[1]);
        assert_eq!(table.line(0).collect::<Vec<_>>(), [1, 5, 6, 7]);
        table.clear(1);
        table.update(0, &[2, 3]);
        assert_eq!(table.line(0).collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn a_line_set_whole_is_kept_as_far_as_the_row_holds() {
        let mut table = PvTable::new(3, 1);
        table.set_line(0, &[4, 5]);
        assert_eq!(table.line(0).collect::<Vec<_>>(), [4, 5]);
        table.set_line(1, &[6, 7, 8]);
        assert_eq!(table.line(1).collect::<Vec<_>>(), [6, 7]);
        table.update(0, &[9]);
        assert_eq!(table.line(0).collect::<Vec<_>>(), [9, 6, 7]);
    }
}
