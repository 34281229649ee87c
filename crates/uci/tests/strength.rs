//! The strength options (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`) through the engine, as a
//! GUI sets them. Every search here has a node or depth limit and the random choices a fixed
//! seed, so the moves are the same on every run.

mod common;

use common::{Lines, bestmove, take, wait_for_bestmove};
use plyforge_chess::Board;
use plyforge_uci::Engine;
use plyforge_uci::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, Strength};
use std::time::Duration;

/// Middlegame and endgame positions with several playable moves each.
const POSITIONS: [&str; 10] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bq1rk1/ppp1bppp/2n2n2/3pp3/8/2NP1NP1/PPP1PPBP/R1BQ1RK1 w - - 0 7",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PBPN2/P2NQPPP/R4RK1 w - - 4 13",
    "r4rk1/1pp2ppp/p1np1q2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 10",
    "8/5pk1/6p1/3R4/7P/5PK1/r5P1/8 w - - 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r3k2r/ppp2ppp/2n5/3qp3/8/2N2N2/PPP2PPP/R2QK2R w KQkq - 0 10",
];

/// An engine whose random choices are seeded, with its answers captured.
fn engine() -> (Engine, Lines) {
    let (mut engine, lines) = common::engine();
    engine.seed_random(7);
    (engine, lines)
}

/// Sends `go` for `fen` from a cleared table and returns the move of `bestmove`.
fn best_move(engine: &mut Engine, lines: &Lines, fen: &str, go: &str) -> String {
    engine.handle_line("ucinewgame");
    engine.handle_line(&format!("position fen {fen}"));
    engine.handle_line(go);
    wait_for_bestmove(lines);
    let mv = bestmove(&take(lines)).to_string();
    let board: Board = fen.parse().unwrap();
    assert!(board.parse_uci(&mv).is_ok(), "{fen}: illegal {mv}");
    mv
}

#[test]
fn uci_announces_the_strength_options() {
    let (mut engine, lines) = engine();
    engine.handle_line("uci");
    let lines = take(&lines);
    for option in [
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {MIN_ELO} min {MIN_ELO} max {MAX_ELO}"),
        format!(
            "option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max {MAX_SKILL_LEVEL}"
        ),
    ] {
        assert!(lines.contains(&option), "{option}: {lines:?}");
    }
    assert_eq!(engine.strength(), Strength::FULL);
}

#[test]
fn the_options_set_the_strength() {
    let (mut engine, _lines) = engine();
    engine.handle_line("setoption name Skill Level value 5");
    assert_eq!(engine.strength(), Strength::from_skill_level(5).unwrap());
    engine.handle_line("setoption name UCI_Elo value 1800");
    // UCI_Elo counts only with UCI_LimitStrength on.
    assert_eq!(engine.strength(), Strength::from_skill_level(5).unwrap());
    engine.handle_line("setoption name UCI_LimitStrength value true");
    assert_eq!(engine.strength(), Strength::from_elo(1800).unwrap());
    engine.handle_line("setoption name UCI_LimitStrength value false");
    engine.handle_line("setoption name Skill Level value 20");
    assert!(engine.strength().is_full());
}

#[test]
fn bad_values_get_a_message_and_change_nothing() {
    let (mut engine, lines) = engine();
    engine.handle_line("setoption name Skill Level value 12");
    engine.handle_line("setoption name UCI_Elo value 1800");
    let (skill, elo) = (Strength::from_skill_level(12), Strength::from_elo(1800));
    for (option, value, message) in [
        (
            "Skill Level",
            "21",
            "Skill Level takes a number from 0 to 20",
        ),
        ("Skill Level", "-1", "Skill Level takes"),
        ("Skill Level", "weak", "Skill Level takes"),
        (
            "UCI_Elo",
            &(MIN_ELO - 1).to_string(),
            "UCI_Elo takes a rating from",
        ),
        (
            "UCI_Elo",
            &(MAX_ELO + 1).to_string(),
            "UCI_Elo takes a rating from",
        ),
        ("UCI_Elo", "1500.5", "UCI_Elo takes"),
        (
            "UCI_LimitStrength",
            "yes",
            "UCI_LimitStrength takes true or false",
        ),
    ] {
        engine.handle_line(&format!("setoption name {option} value {value}"));
        let answer = take(&lines);
        assert!(
            answer.len() == 1
                && answer[0].starts_with("info string error: ")
                && answer[0].contains(message),
            "{option} {value}: {answer:?}"
        );
    }
    engine.handle_line("setoption name Skill Level");
    assert!(take(&lines)[0].contains("Skill Level takes"));
    assert_eq!(Some(engine.strength()), skill);
    engine.handle_line("setoption name UCI_LimitStrength value true");
    assert_eq!(Some(engine.strength()), elo);
    engine.handle_line("isready");
    assert_eq!(take(&lines), ["readyok"]);
}

#[test]
fn skill_level_20_plays_the_full_strength_move() {
    let (mut full, full_lines) = engine();
    let (mut twenty, twenty_lines) = engine();
    twenty.handle_line("setoption name Skill Level value 20");
    for fen in POSITIONS {
        assert_eq!(
            best_move(&mut full, &full_lines, fen, "go nodes 20000"),
            best_move(&mut twenty, &twenty_lines, fen, "go nodes 20000"),
            "{fen}"
        );
    }
}

#[test]
fn skill_level_0_does_not_always_play_the_full_strength_move() {
    let (mut full, full_lines) = engine();
    let (mut weak, weak_lines) = engine();
    weak.handle_line("setoption name Skill Level value 0");
    let differences = POSITIONS
        .iter()
        .filter(|fen| {
            best_move(&mut full, &full_lines, fen, "go nodes 20000")
                != best_move(&mut weak, &weak_lines, fen, "go nodes 20000")
        })
        .count();
    assert!(differences >= 3, "{differences} of {}", POSITIONS.len());
}

#[test]
fn the_same_seed_plays_the_same_moves() {
    let moves = |seed: u64| -> Vec<String> {
        let (mut engine, lines) = engine();
        engine.seed_random(seed);
        engine.handle_line("setoption name UCI_LimitStrength value true");
        engine.handle_line(&format!("setoption name UCI_Elo value {MIN_ELO}"));
        POSITIONS
            .iter()
            .map(|fen| best_move(&mut engine, &lines, fen, "go depth 3"))
            .collect()
    };
    assert_eq!(moves(3), moves(3));
}

#[test]
fn a_weak_level_keeps_the_clock_and_waits_for_stop_when_infinite() {
    let (mut engine, lines) = engine();
    engine.handle_line("setoption name Skill Level value 3");
    let mv = best_move(
        &mut engine,
        &lines,
        POSITIONS[3],
        "go wtime 1000 btime 1000 winc 10 binc 10",
    );
    assert!(!mv.is_empty());
    engine.handle_line("setoption name Skill Level value 0");
    engine.handle_line(&format!("position fen {}", POSITIONS[3]));
    engine.handle_line("go infinite");
    // Level 0 ranks the moves one round deep: wait for that round, then give a bestmove that
    // should not come a moment to show up.
    for _ in 0..1000 {
        if lines
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.starts_with("info depth 1 "))
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(50));
    assert!(
        !lines
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.starts_with("bestmove")),
        "{:?}",
        lines.lock().unwrap()
    );
    engine.handle_line("stop");
    assert!(
        take(&lines)
            .iter()
            .any(|line| line.starts_with("bestmove "))
    );
}
