//! Chess move generation against an independent implementation: on random reachable positions
//! (random games from the standard perft suite's and the Chess960 suite's positions), the
//! divide to depth 3 of `plyforge-chess` equals shakmaty's, root move by root move, with every
//! move named in UCI's Chess960 form by each library itself.

use plyforge_chess::Board;
use plyforge_search::{divide, perft};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The divide depth.
const DEPTH: u32 = 3;
/// Positions drawn from each suite.
const POSITIONS_PER_SUITE: usize = 500;

fn suite(name: &str) -> Vec<Board> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../chess/tests/data")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(|line| line.split(';').next()?.trim().parse().ok())
        .collect()
}

/// Ours: each root move (Chess960 UCI) with the leaves below it.
fn ours(board: &Board) -> BTreeMap<String, u64> {
    divide(board, 1)
        .into_iter()
        .map(|(mv, _)| {
            let mut child = *board;
            child.play(mv);
            (mv.to_uci(true).to_string(), perft(&child, DEPTH - 1))
        })
        .collect()
}

/// Shakmaty's: the same, from the board's FEN.
fn theirs(board: &Board) -> BTreeMap<String, u64> {
    let fen: Fen = board.to_string().parse().unwrap();
    let position: Chess = fen
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|error| panic!("shakmaty refuses {board}: {error}"));
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (
                mv.to_uci(CastlingMode::Chess960).to_string(),
                shakmaty::perft(&child, DEPTH - 1),
            )
        })
        .collect()
}

#[test]
fn divide_to_depth_three_matches_shakmaty_on_random_positions() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut compared = 0;
    for name in ["perftsuite.epd", "frcperftsuite.epd"] {
        let starts = suite(name);
        for _ in 0..POSITIONS_PER_SUITE {
            let mut board = starts[next(starts.len())];
            for _ in 0..next(30) {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play(moves[next(moves.len())]);
            }
            assert_eq!(ours(&board), theirs(&board), "{board}");
            compared += 1;
        }
    }
    assert_eq!(compared, 2 * POSITIONS_PER_SUITE);
}
