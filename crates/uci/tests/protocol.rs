//! The engine driven line by line as a GUI would, with its answers captured.

mod common;

use common::{bestmove, engine, take, wait_for, wait_for_bestmove};
use plyforge_chess::Board;
use plyforge_uci::{Command, CommandError, Flow, InputLine};
use proptest::prelude::*;

#[test]
fn handshake_lists_options_and_answers_ready() {
    let (mut engine, lines) = engine();
    engine.handle_line("uci");
    engine.handle_line("isready");
    let lines = take(&lines);
    assert!(lines[0].starts_with("id name Plyforge"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Threads type spin"))
    );
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn bestmove_is_legal_after_moves() {
    let (mut engine, lines) = engine();
    engine.handle_line("position startpos moves e2e4 e7e5 g1f3");
    engine.handle_line("go depth 5");
    engine.handle_line("isready");
    wait_for_bestmove(&lines);
    let lines = take(&lines);
    let mut board = Board::default();
    for mv in ["e2e4", "e7e5", "g1f3"] {
        board.play(board.parse_uci(mv).unwrap());
    }
    assert!(board.parse_uci(bestmove(&lines)).is_ok(), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 5 ")),
        "{lines:?}"
    );
}

#[test]
fn finds_mate_in_one_and_reports_it() {
    let (mut engine, lines) = engine();
    // Back-rank mate: Re8#.
    engine.handle_line("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    engine.handle_line("go depth 4");
    wait_for_bestmove(&lines);
    let lines = take(&lines);
    assert_eq!(bestmove(&lines), "e1e8");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

/// Draws that are only claims (threefold repetition, the fifty-move rule) leave the game going
/// on: the engine searches and plays a move in them.
#[test]
fn plays_on_where_only_a_draw_claim_exists() {
    let threefold = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let fifty = "position fen 7k/8/8/8/8/8/1r6/K1R5 w - - 100 80";
    for position in [threefold, fifty] {
        let (mut engine, lines) = engine();
        engine.handle_line(position);
        assert!(engine.board().count_moves() > 0);
        engine.handle_line("go depth 3");
        wait_for_bestmove(&lines);
        let lines = take(&lines);
        let mv = bestmove(&lines);
        assert!(
            engine.board().parse_uci(mv).is_ok(),
            "{position}: {lines:?}"
        );
    }
}

#[test]
fn bad_input_is_reported_and_the_position_kept() {
    let (mut engine, lines) = engine();
    engine.handle_line("position startpos moves e2e4");
    let before = *engine.board();
    for bad in [
        "position startpos moves e2e4 e7e6 e1e3",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position",
        "go perft",
        "go perft x",
        "setoption name Hash value 0",
        "setoption name Threads value many",
        "setoption name Colour value blue",
        "setoption name SearchParameters value futility=3",
        "setoption name SearchParameters value null_depth_divisor=0",
        "frobnicate",
        "isready now",
    ] {
        assert_eq!(engine.handle_line(bad), Flow::Continue);
        let said = take(&lines);
        assert!(
            said.len() == 1 && said[0].starts_with("info string error: "),
            "{bad}: {said:?}"
        );
        assert_eq!(*engine.board(), before, "{bad} changed the position");
    }
}

/// `SearchParameters` reaches the search: other margins search another tree, and `<empty>`
/// brings the defaults back.
#[test]
fn search_parameters_change_the_search_and_reset_to_the_defaults() {
    let (mut engine, lines) = engine();
    let mut nodes_at_depth_7 = |setting: Option<&str>| -> String {
        if let Some(setting) = setting {
            engine.handle_line(&format!("setoption name SearchParameters value {setting}"));
        }
        engine.handle_line("position startpos moves e2e4");
        engine.handle_line("go depth 7");
        wait_for_bestmove(&lines);
        let said = take(&lines);
        assert!(said.iter().all(|l| !l.contains("error")), "{said:?}");
        let line = said
            .iter()
            .rfind(|l| l.starts_with("info depth 7 "))
            .expect("an info line of depth 7");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").unwrap();
        words[at + 1].to_string()
    };
    let defaults = nodes_at_depth_7(None);
    let wide = nodes_at_depth_7(Some("futility_margin=300,reverse_futility_margin=300"));
    assert_ne!(defaults, wide);
    assert_eq!(nodes_at_depth_7(Some("<empty>")), defaults);
}

#[test]
fn the_evaluation_options_switch_the_evaluation_and_reject_bad_files() {
    let (mut engine, lines) = engine();
    let mut search = |settings: &[&str]| -> (Vec<String>, String) {
        for setting in settings {
            engine.handle_line(setting);
        }
        // A cleared table, so that equal node counts mean equal evaluations.
        engine.handle_line("ucinewgame");
        engine.handle_line("position startpos moves e2e4");
        engine.handle_line("eval");
        engine.handle_line("go depth 6");
        wait_for_bestmove(&lines);
        let said = take(&lines);
        let line = said
            .iter()
            .rfind(|l| l.starts_with("info depth 6 "))
            .expect("an info line of depth 6");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").unwrap();
        (said.clone(), words[at + 1].to_string())
    };
    let (said, network_nodes) = search(&[]);
    assert!(
        said.iter()
            .any(|l| l.ends_with("the search uses the network")),
        "{said:?}"
    );
    let (said, classical_nodes) = search(&["setoption name Use NNUE value false"]);
    assert!(
        said.iter()
            .any(|l| l.ends_with("the search uses the classical evaluation"))
    );
    assert_ne!(network_nodes, classical_nodes);
    let not_a_network = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let (said, nodes) = search(&[
        "setoption name Use NNUE value true",
        &format!("setoption name EvalFile value {not_a_network}"),
    ]);
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string error: EvalFile")
                && l.contains("not a network file")),
        "{said:?}"
    );
    assert_eq!(nodes, network_nodes, "the network stays");
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess/networks/default.pfnn"
    );
    let (said, nodes) = search(&[&format!("setoption name EvalFile value {shipped}")]);
    assert!(said.iter().all(|l| !l.contains("error")), "{said:?}");
    assert_eq!(nodes, network_nodes, "the same network from its file");
    let (_, nodes) = search(&["setoption name EvalFile value <embedded>"]);
    assert_eq!(nodes, network_nodes);
}

#[test]
fn a_malformed_go_searches_with_its_valid_parameters() {
    let (mut engine, lines) = engine();
    for (bad, errors, defaulted) in [
        ("go depth", 1, true),
        ("go depth -3", 1, true),
        ("go sideways depth 2", 1, false),
        ("go searchmoves", 1, true),
        ("go nodes 99999999999999999999999", 1, true),
        ("go depth x movetime 50 searchmoves", 2, false),
        ("go depth movetime 50", 1, false),
        ("go wtime soon btime 1000", 1, true),
    ] {
        engine.handle_line("position startpos");
        engine.handle_line(bad);
        wait_for_bestmove(&lines);
        let said = take(&lines);
        let complaints = said
            .iter()
            .filter(|line| line.starts_with("info string error: "))
            .count();
        assert_eq!(complaints, errors, "{bad}: {said:?}");
        assert_eq!(
            said.iter()
                .any(|line| line.starts_with("info string no valid limit left")),
            defaulted,
            "{bad}: {said:?}"
        );
        assert!(Board::default().parse_uci(bestmove(&said)).is_ok(), "{bad}");
    }
    // The valid searchmoves are kept: only a2a3 is searched.
    engine.handle_line("go depth x searchmoves a2a3 depth 2");
    wait_for_bestmove(&lines);
    assert_eq!(bestmove(&take(&lines)), "a2a3");
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let (mut engine, lines) = engine();
    engine.handle_line("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(50));
    engine.handle_line("stop");
    let lines = take(&lines);
    assert!(Board::default().parse_uci(bestmove(&lines)).is_ok());
}

#[test]
fn an_infinite_search_that_ends_early_waits_for_stop() {
    let (mut engine, lines) = engine();
    // A depth limit ends the search at once, but `infinite` holds the answer until `stop`.
    engine.handle_line("go depth 1 infinite");
    wait_for(&lines, "info depth 1 ");
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert!(
        !lines
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.starts_with("bestmove")),
        "a bestmove before stop"
    );
    engine.handle_line("stop");
    let lines = take(&lines);
    assert!(Board::default().parse_uci(bestmove(&lines)).is_ok());
}

#[test]
fn an_idle_engine_takes_back_an_ended_search_but_not_one_that_waits_for_stop() {
    let (mut engine, lines) = engine();
    engine.handle_line("setoption name Hash value 32");
    // A new table is backed a slice at a time; then nothing is left to do.
    let mut slices = 0;
    while engine.work_while_idle().is_some() {
        slices += 1;
        assert!(slices < 100_000, "backing 32 MiB never ends");
    }
    engine.handle_line("go depth 6");
    wait_for_bestmove(&lines);
    // The search thread may still be handing its searcher back; a few polls take it.
    let mut polls = 0;
    while let Some(wait) = engine.work_while_idle() {
        polls += 1;
        assert!(polls < 1000, "the ended search is never taken back");
        std::thread::sleep(wait);
    }
    // A search waiting for `stop` keeps the engine polling, and `stop` still answers.
    take(&lines);
    engine.handle_line("go depth 1 infinite");
    wait_for(&lines, "info depth 1 ");
    for _ in 0..5 {
        let wait = engine.work_while_idle().expect("the search waits for stop");
        std::thread::sleep(wait);
    }
    engine.handle_line("stop");
    assert!(Board::default().parse_uci(bestmove(&take(&lines))).is_ok());
    assert_eq!(engine.work_while_idle(), None);
}

#[test]
fn serve_answers_in_order_and_ends_with_its_input() {
    let (mut engine, lines) = engine();
    let (send, input) = std::sync::mpsc::channel();
    let written = std::sync::Arc::clone(&lines);
    let feeder = std::thread::spawn(move || {
        for line in [
            "uci",
            "setoption name Hash value 16",
            "isready",
            "go depth 4",
        ] {
            send.send(InputLine::Text(line.into())).unwrap();
        }
        // Idle time after the move, as when a person is to move.
        wait_for_bestmove(&written);
        std::thread::sleep(std::time::Duration::from_millis(100));
        send.send(InputLine::NotUtf8).unwrap();
        send.send(InputLine::Text("isready".into())).unwrap();
        // The end of input ends `serve`.
    });
    engine.serve(&input);
    feeder.join().unwrap();
    let lines = take(&lines);
    let position = |wanted: &str| {
        lines
            .iter()
            .position(|line| line.starts_with(wanted))
            .unwrap_or_else(|| panic!("no {wanted:?} in {lines:?}"))
    };
    assert!(position("uciok") < position("readyok"));
    assert!(position("readyok") < position("bestmove "));
    assert!(position("bestmove ") < position("info string error: the line is not UTF-8"));
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn perft_command_counts_the_start_position() {
    let (mut engine, lines) = engine();
    engine.handle_line("perft 3");
    wait_for(&lines, "Nodes searched");
    let lines = take(&lines);
    assert_eq!(lines.len(), 21);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    let (mut engine, lines) = engine();
    engine.handle_line("setoption name UCI_Chess960 value true");
    engine.handle_line("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    engine.handle_line("perft 1");
    wait_for(&lines, "Nodes searched");
    let said = take(&lines);
    assert!(said.iter().any(|l| l == "e1h1: 1"), "{said:?}");
    engine.handle_line("setoption name UCI_Chess960 value false");
    engine.handle_line("perft 1");
    wait_for(&lines, "Nodes searched");
    assert!(take(&lines).iter().any(|l| l == "e1g1: 1"));
}

#[test]
fn parser_errors_are_precise() {
    assert_eq!("".parse::<Command>(), Err(CommandError::Empty));
    assert_eq!(
        "jump".parse::<Command>(),
        Err(CommandError::Unknown("jump".into()))
    );
    assert_eq!(
        "go nodes".parse::<Command>(),
        Err(CommandError::MissingValue("nodes"))
    );
    assert_eq!(
        "go movetime soon".parse::<Command>(),
        Err(CommandError::BadNumber {
            parameter: "movetime",
            found: "soon".into()
        })
    );
    assert_eq!(
        "setoption name Clear Hash".parse::<Command>(),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
}

proptest! {
    #[test]
    fn random_lines_never_panic_and_round_trip(line in "\\PC{0,40}") {
        if let Ok(command) = line.parse::<Command>() {
            prop_assert_eq!(command.to_string().parse::<Command>(), Ok(command));
        }
    }

    #[test]
    fn random_command_words_never_panic_and_round_trip(words in proptest::collection::vec(
        prop_oneof![
            Just("go"), Just("position"), Just("fen"), Just("moves"), Just("startpos"),
            Just("depth"), Just("wtime"), Just("setoption"), Just("name"), Just("value"),
            Just("-1"), Just("7"), Just("e2e4"), Just("debug"), Just("on"), Just("perft"),
            Just("searchmoves"), Just("infinite"), Just("movetime"), Just("bench"), Just("Hash"),
        ],
        0..8,
    )) {
        // Whatever parses prints as a line that parses to the same command.
        if let Ok(command) = words.join(" ").parse::<Command>() {
            let printed = command.to_string();
            prop_assert_eq!(printed.parse::<Command>(), Ok(command), "{}", printed);
        }
    }
}

#[test]
fn commands_print_as_their_canonical_line() {
    for (line, canonical) in [
        ("uci", "uci"),
        ("debug   on", "debug on"),
        ("setoption name Clear  Hash", "setoption name Clear Hash"),
        (
            "setoption name Hash value  64",
            "setoption name Hash value 64",
        ),
        ("setoption name Book value", "setoption name Book value "),
        (
            "position fen 8/8/8/4k3/8/8/3QK3/8 w - - 100 80 moves d2d3",
            "position fen 8/8/8/4k3/8/8/3QK3/8 w - - 100 80 moves d2d3",
        ),
        ("position startpos moves", "position startpos"),
        ("go", "go"),
        (
            "go searchmoves e2e4 mate 3 ponder infinite movetime 5 nodes 9 depth 2 \
             movestogo 4 binc 3 winc 2 btime 1 wtime -5",
            "go wtime 0 btime 1 winc 2 binc 3 movestogo 4 depth 2 nodes 9 movetime 5 infinite \
             ponder mate 3 searchmoves e2e4",
        ),
        ("go perft 3", "perft 3"),
        ("bench", "bench"),
        ("bench 7", "bench 7"),
        ("ponderhit", "ponderhit"),
    ] {
        let command: Command = line.parse().unwrap();
        assert_eq!(command.to_string(), canonical, "{line}");
        assert_eq!(canonical.parse::<Command>(), Ok(command), "{line}");
    }
}
