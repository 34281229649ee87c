//! The `Game` side: outcomes, the move limit, hashing of the whole state, the match history
//! with undo and the threefold-repetition draw.

use plyforge_search::{Game, Outcome};
use plyforge_tictacchess::{Match, Position, TicTacChess};

fn play(game: &mut TicTacChess, moves: &[&str]) {
    for text in moves {
        let mv = game.position().parse_move(text).unwrap();
        game.play(mv);
    }
}

#[test]
fn four_in_a_row_wins_for_the_mover() {
    let mut game: TicTacChess = "pnb1/4/4/RNB1 w Pr ns".parse().unwrap();
    assert_eq!(game.outcome_by_rule(), None);
    play(&mut game, &["P@d1"]);
    assert_eq!(game.outcome_by_rule(), Some(Outcome::Win(0)));
    let mut moves = <TicTacChess as Game>::Moves::default();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn move_limit_draws() {
    let mut game = TicTacChess::new().with_move_limit(Some(2));
    play(&mut game, &["N@a1"]);
    assert_eq!(game.outcome_by_rule(), None);
    play(&mut game, &["N@d4"]);
    assert_eq!(game.outcome_by_rule(), Some(Outcome::Draw));
    assert_eq!(game.plies(), 2);
}

#[test]
fn transpositions_share_a_hash_and_every_part_of_the_state_changes_it() {
    let mut one = TicTacChess::new();
    let mut two = TicTacChess::new();
    play(&mut one, &["N@a1", "R@d4", "B@b2", "N@c4"]);
    play(&mut two, &["B@b2", "N@c4", "N@a1", "R@d4"]);
    assert_eq!(one.position(), two.position());
    assert_eq!(one.hash(), two.hash());
    // Same board, different pawn direction, side to move or hands: different hashes.
    let texts = [
        "4/1P2/4/4 w NBRpnbr ns",
        "4/1P2/4/4 w NBRpnbr ss",
        "4/1P2/4/4 b NBRpnbr ns",
        "4/1P2/4/n3 w NBRpbr ns",
        "4/1P2/4/4 w NBRpnbr ns",
    ];
    let hashes: Vec<u64> = texts
        .iter()
        .map(|t| t.parse::<Position>().unwrap().hash())
        .collect();
    assert_ne!(hashes[0], hashes[1]);
    assert_ne!(hashes[0], hashes[2]);
    assert_ne!(hashes[0], hashes[3]);
    assert_eq!(hashes[0], hashes[4]);
}

#[test]
fn a_captured_pawn_comes_back_with_its_starting_direction() {
    // White's pawn on c3 has turned (travels south); Black's knight takes it.
    let mut game: TicTacChess = "4/2P1/4/1n2 b NBRpbr ss".parse().unwrap();
    play(&mut game, &["b1c3"]);
    assert_eq!(game.to_string(), "4/2n1/4/4 w PNBRpbr ns");
    // Dropped on rank 4, it turns at once.
    play(&mut game, &["P@a4"]);
    assert_eq!(game.to_string(), "P3/2n1/4/4 b NBRpbr ss");
}

#[test]
fn match_undoes_and_knows_its_history() {
    let mut game = Match::new();
    game.play_text("N@b1").unwrap();
    game.play_text("B@c3").unwrap();
    assert_eq!(game.history_hashes().len(), 2);
    assert_eq!(game.history_hashes()[0], Position::start().hash());
    assert_eq!(game.undo().map(|m| m.to_string()), Some("B@c3".to_string()));
    assert_eq!(game.position().to_string(), "4/4/4/1N2 b PBRpnbr ns");
    assert!(game.undo().is_some());
    assert!(game.undo().is_none());
    assert_eq!(*game.position(), Position::start());
}

#[test]
fn match_refuses_moves_after_the_end() {
    let position: Position = "pnb1/4/4/RNB1 w Pr ns".parse().unwrap();
    let mut game = Match::from_game(TicTacChess::from_position(position));
    game.play_text("P@d1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(0)));
    assert!(game.play_text("R@d4").is_err());
    let limited = TicTacChess::new().with_move_limit(Some(0));
    let mut game = Match::from_game(limited);
    assert_eq!(
        game.play_text("N@a1").unwrap_err().to_string(),
        "illegal move: the game is over: there are no moves"
    );
}
