//! Four in a row: the test that ends the game, done with shifts and `&` on the ghost-column
//! `u32`. The ghost bit after each rank is never set, so a run of four set bits at stride 1
//! cannot span two ranks, and at stride 4 (the anti-diagonal d1-c2-b3-a4) the only run of four
//! playable squares is the anti-diagonal itself: every other start hits a ghost bit or leaves the
//! board. Ranks are stride 1, files stride 5, the long diagonal a1-d4 stride 6.

use crate::attacks::STRIDE;

/// Bit distance between neighbours on a rank, a file, the diagonal and the anti-diagonal.
const LINE_STEPS: [u32; 4] = [1, STRIDE as u32, STRIDE as u32 + 1, STRIDE as u32 - 1];

/// Whether `pieces` (a set on the ghost-column layout, no ghost bit set) holds four squares in
/// one rank, file or long diagonal.
#[inline(always)]
pub(crate) const fn has_line(pieces: u32) -> bool {
    let mut found = 0;
    let mut i = 0;
    while i < LINE_STEPS.len() {
        let step = LINE_STEPS[i];
        found |= pieces & (pieces >> step) & (pieces >> (2 * step)) & (pieces >> (3 * step));
        i += 1;
    }
    found != 0
}

/// The ten winning lines as explicit masks: four ranks, four files, two diagonals. The
/// reference for tests and the evaluation's line scan.
pub const LINES: [u32; 10] = {
    let mut lines = [0u32; 10];
    let mut i = 0;
    while i < 4 {
        lines[i] = 0b1111 << (STRIDE as u32 * i as u32);
        lines[4 + i] = (1 | 1 << 5 | 1 << 10 | 1 << 15) << i;
        i += 1;
    }
    lines[8] = 1 | 1 << 6 | 1 << 12 | 1 << 18;
    lines[9] = 1 << 3 | 1 << 7 | 1 << 11 | 1 << 15;
    lines
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::FULL;

    fn by_masks(pieces: u32) -> bool {
        let mut found = false;
        for line in LINES {
            found |= pieces & line == line;
        }
        found
    }

    #[test]
    fn masks_are_ten_distinct_lines_of_four() {
        for (i, line) in LINES.iter().enumerate() {
            assert_eq!(line.count_ones(), 4);
            assert_eq!(line & !FULL, 0);
            assert!(LINES[..i].iter().all(|other| other != line));
            assert!(has_line(*line));
        }
    }

    #[test]
    fn shifts_agree_with_masks_on_every_set_of_squares() {
        // All 2^16 subsets of the board, spread from a dense 16-bit index onto the
        // ghost layout: the shift test must agree with the explicit masks on each one.
        let spread = |dense: u32| {
            (0..16)
                .filter(|i| dense >> i & 1 == 1)
                .map(|i| 1u32 << (i + i / 4))
                .fold(0, |a, b| a | b)
        };
        for dense in 0u32..1 << 16 {
            let pieces = spread(dense);
            assert_eq!(has_line(pieces), by_masks(pieces), "{pieces:#b}");
        }
    }
}
