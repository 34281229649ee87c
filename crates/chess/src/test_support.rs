//! Positions the tests of several modules share: random playouts and colour-mirrored twins.

use crate::board::Board;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// `board` with ranks flipped and colours swapped: the same position for the other side.
pub(crate) fn mirrored(board: &Board) -> Board {
    let fen = board.to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let placement: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(fields[2]).chars().collect();
    castling.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let castling: String = castling.into_iter().collect();
    let en_passant = if fields[3] == "-" {
        "-".to_string()
    } else {
        let mut chars = fields[3].chars();
        let file = chars.next().expect("a file");
        let rank = if chars.next() == Some('3') { '6' } else { '3' };
        alloc::format!("{file}{rank}")
    };
    let fen = alloc::format!(
        "{} {side} {} {en_passant} {} {}",
        placement.join("/"),
        if castling.is_empty() { "-" } else { &castling },
        fields[4],
        fields[5]
    );
    fen.parse().expect("the mirrored FEN is valid")
}

/// The position after playing, from the start, the move at each index (modulo the legal moves).
pub(crate) fn playout(choices: &[u16]) -> Board {
    let mut board = Board::default();
    for &choice in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.play(moves[usize::from(choice) % moves.len()]);
    }
    board
}
