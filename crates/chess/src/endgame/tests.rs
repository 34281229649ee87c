use super::*;
use crate::Evaluation;
use crate::nnue::{Network, NnueBoard, NnueEvaluation};
use crate::test_support::mirrored;
use alloc::string::ToString;
use alloc::sync::Arc;
use plyforge_search::{Config, Evaluator, Limits, Searcher};
use proptest::prelude::*;

fn board(fen: &str) -> Board {
    fen.parse().expect("a valid FEN")
}

/// The adjusted score of `fen` for White, whoever is to move.
fn white(fen: &str, score_for_side_to_move: Score) -> Score {
    let board = board(fen);
    let score = adjust(&board, score_for_side_to_move);
    board.side_to_move().fold(score, -score)
}

#[test]
fn forced_wins_score_above_any_material() {
    for fen in [
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",    // rook
        "8/8/8/3k4/8/8/8/Q3K3 b - - 0 1",    // queen
        "8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1",  // two bishops
        "8/8/8/3k4/8/8/8/2B1K1N1 b - - 0 1", // bishop and knight
        "8/8/8/3k4/8/3r4/8/Q3K3 w - - 0 1",  // queen against rook
        "8/8/8/3k4/8/3b4/8/R2QK3 b - - 0 1", // queen and rook against bishop
    ] {
        let score = white(fen, 0);
        assert!(score > KNOWN_WIN, "{fen}: {score}");
        let mirror = mirrored(&board(fen)).to_string();
        assert_eq!(white(&mirror, 0), -score, "{fen} mirrored");
    }
}

#[test]
fn edges_below_decisive_or_without_mate_are_left_to_the_evaluation() {
    for fen in [
        "8/8/8/3k4/8/3b4/8/R3K3 w - - 0 1",   // rook against bishop
        "8/8/8/3k4/8/3r4/8/R1B1K3 w - - 0 1", // rook and bishop against rook
        "8/8/8/3k4/8/8/8/1N2KN2 w - - 0 1",   // two knights
        "8/8/8/3k4/8/4B3/8/2B1K3 w - - 0 1",  // bishops of one colour
        "8/8/8/3k4/8/3p4/8/R3K3 w - - 0 1",   // the defender has a pawn
    ] {
        let score = white(fen, 150);
        assert!(
            (150 / CANNOT_WIN_DIVISOR..=150).contains(&score),
            "{fen}: {score}"
        );
    }
    // Two knights or one-coloured bishops cannot mate: the evaluation's edge fades.
    assert_eq!(
        white("8/8/8/3k4/8/8/8/1N2KN2 w - - 0 1", 400),
        400 / CANNOT_WIN_DIVISOR
    );
    assert_eq!(
        white("8/8/8/3k4/8/4B3/8/2B1K3 w - - 0 1", 640),
        640 / CANNOT_WIN_DIVISOR
    );
    // The rook's side keeps its score; the defender with a pawn keeps the rook's side's score.
    assert_eq!(white("8/8/8/3k4/8/3b4/8/R3K3 w - - 0 1", 150), 150);
    assert_eq!(white("8/8/8/3k4/8/3p4/8/R3K3 w - - 0 1", 600), 600);
}

#[test]
fn a_side_without_pawns_or_mating_pieces_cannot_win() {
    // A bishop up, or a knight against pawns: never a win for the piece's side.
    assert_eq!(white("8/8/8/3k4/8/8/8/2B1K3 w - - 0 1", 320), 20);
    assert_eq!(white("8/8/8/3k4/8/8/6p1/2N1K3 b - - 0 1", -200), 12);
    // The side with the pawn may still be favoured.
    assert_eq!(white("8/8/8/3k4/8/8/6p1/2N1K3 b - - 0 1", 200), -200);
}

#[test]
fn the_defending_king_is_driven_to_the_edge_and_the_kings_together() {
    let corner = white("k7/8/8/8/8/8/7R/4K3 w - - 0 1", 0);
    let edge = white("3k4/8/8/8/8/8/7R/4K3 w - - 0 1", 0);
    let inner = white("8/3k4/8/8/8/8/7R/4K3 w - - 0 1", 0);
    assert!(corner > edge && edge > inner, "{corner} {edge} {inner}");
    let near = white("8/8/8/8/8/3k4/8/R3K3 w - - 0 1", 0);
    let far = white("8/8/8/8/8/3k4/8/R6K w - - 0 1", 0);
    assert!(near > far, "{near} {far}");
}

#[test]
fn bishop_and_knight_drive_the_king_to_a_corner_of_the_bishop_colour() {
    // A dark-squared bishop (c1) mates in a1 or h8, not in a8 or h1; the white king is as far
    // from h8 as from a8.
    let right = white("7k/8/8/8/8/8/8/2B1KN2 w - - 0 1", 0);
    let wrong = white("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1", 0);
    assert!(right > wrong + 4 * EDGE_STEP, "{right} {wrong}");
    // Along the a-file the way to a1 is the way up.
    let low = white("8/8/8/8/8/8/8/k1B1KN2 w - - 0 1", 0);
    let high = white("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1", 0);
    assert!(low > high, "{low} {high}");
    // Light-squared bishop: the other two corners.
    let light_right = white("k7/8/8/8/8/8/8/3BKN2 w - - 0 1", 0);
    let light_wrong = white("7k/8/8/8/8/8/8/3BKN2 w - - 0 1", 0);
    assert!(
        light_right > light_wrong + 4 * EDGE_STEP,
        "{light_right} {light_wrong}"
    );
}

proptest! {
    /// Positions with pawns on both sides keep the evaluation's score, whatever the clock.
    #[test]
    fn pawns_on_both_sides_keep_the_score(score in -3000i32..3000, clock in 0u16..=100) {
        let fen = alloc::format!("4k3/p7/8/8/8/8/P7/R3K3 w - - {clock} 60");
        prop_assert_eq!(white(&fen, score), score);
    }
}

/// Plays `start` out with `evaluation`'s search at `nodes` a move for both sides; returns the
/// plies to checkmate, or `None` if the game ended otherwise or took 200 plies.
fn plies_to_mate<E: Evaluator<G>, G: plyforge_search::Game<Move = crate::Move> + Clone>(
    start: G,
    evaluation: &E,
    nodes: u64,
    board_of: impl Fn(&G) -> Board,
) -> Option<usize> {
    let mut history = crate::GameHistory::new(board_of(&start));
    let mut position = start;
    let mut searcher = Searcher::new(Config::selective());
    for ply in 0..200 {
        if let Some(outcome) = history.outcome_with_claims() {
            return outcome.winner().map(|_| ply);
        }
        let result = searcher
            .search(
                &position,
                evaluation,
                &Limits::nodes(nodes),
                history.earlier_hashes(),
                |_| {},
            )
            .ok()?;
        history.play(result.best_move).ok()?;
        plyforge_search::Game::play(&mut position, result.best_move);
    }
    None
}

#[test]
fn the_search_mates_within_the_fifty_move_rule() {
    for fen in [
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        // Bishop and knight, each colour, from the centre and from the wrong corner.
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
        "8/8/8/4K3/8/8/8/2b1kn2 b - - 0 1",
        "k7/8/8/8/3K4/8/8/2B2N2 w - - 0 1",
        // Queen against rook, from a game the engine drew by the fifty-move rule.
        "8/8/8/8/6k1/R7/7K/5q2 w - - 0 1",
    ] {
        let start = board(fen);
        let plies = plies_to_mate(start, &Evaluation, 20_000, |board| *board);
        assert!(plies.is_some_and(|plies| plies < 100), "{fen}: {plies:?}");
        let network = Network::embedded();
        let start = NnueBoard::new(start, Arc::clone(&network));
        let plies = plies_to_mate(start, &NnueEvaluation, 20_000, |position| *position.board());
        assert!(
            plies.is_some_and(|plies| plies < 100),
            "{fen} (network): {plies:?}"
        );
    }
}
