//! The positions the data generator writes (`chess_datagen`: a FEN, the game's result and the
//! search's score per line), as the trainers split them: a share of the positions is held out
//! to measure the error on positions not trained on, chosen by the position itself, so that a
//! position is held out in every file and every run it appears in and the held-out errors of
//! models trained on other files compare.

/// Whether the position of `fen` is held out, one in `every` (at least 1): by a hash of its
/// first four fields (the move counters left out, so that a position reached at another move is
/// the same position). A hash of the text rather than the engine's Zobrist keys: the split stays
/// the same whatever becomes of the keys. Positions of one game fall on both sides, so the
/// held-out error is lower than on unseen games, and the more so the more a model learns games
/// by heart (a model with more weights): models of different sizes compare on positions of
/// games none of them was trained on.
pub fn is_held_out(fen: &str, every: u64) -> bool {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let position = fen.split_whitespace().take(4);
    let mut hash = OFFSET;
    for (index, field) in position.enumerate() {
        let separator = (index > 0).then_some(b' ');
        for byte in separator.into_iter().chain(field.bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }
    // FNV-1a's low bits mix poorly (its prime is odd: the lowest bits of the hash depend only
    // on the lowest bits of the bytes); the finaliser of MurmurHash3 spreads every bit over
    // all of them before the remainder is taken.
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^= hash >> 33;
    let every = every.max(1);
    hash % every == every - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_chess::Board;

    #[test]
    fn one_position_in_twenty_is_held_out_whatever_its_move_counters() {
        let mut fens = Vec::new();
        let start = Board::default();
        for first in start.legal_moves() {
            let mut board = start;
            board.play(first);
            for second in board.legal_moves() {
                let mut next = board;
                next.play(second);
                fens.push(next.to_string());
            }
        }
        assert_eq!(fens.len(), 400);
        let held_out = fens.iter().filter(|fen| is_held_out(fen, 20)).count();
        assert!((8..=40).contains(&held_out), "{held_out} of 400 held out");
        let one_in_ten = fens.iter().filter(|fen| is_held_out(fen, 10)).count();
        assert!(
            (20..=70).contains(&one_in_ten),
            "{one_in_ten} of 400 held out"
        );
        for fen in &fens {
            let fields: Vec<&str> = fen.split(' ').take(4).collect();
            let counters_changed = format!("{} 7 31", fields.join(" "));
            assert_ne!(&counters_changed, fen);
            assert_eq!(is_held_out(&counters_changed, 20), is_held_out(fen, 20));
        }
    }
}
