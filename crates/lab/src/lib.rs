//! The Plyforge lab: benchmarks against other crates, and the drivers that measure the search
//! (profiling runs, matches at equal time, stop latency). Nothing here is published; it is where
//! the competitor crates (`minimax`, `cozy-chess`, `shakmaty`) and `criterion` live, so that the
//! published crates and the user examples never build them.
//!
//! ```text
//! cargo bench -p plyforge-lab --bench connect_four
//! cargo run --release -p plyforge-lab --bin connect_four_match
//! cargo run --release -p plyforge-lab --bin chess_selfplay -- crates/lab/data/openings-8ply.epd 20 100 without-lmr
//! cargo run --release -p plyforge-lab --bin search_profile -- ours equivalent 4453 20
//! cargo run --release -p plyforge-lab --bin search_stop
//! cargo run --release -p plyforge-lab --bin chess_datagen -- crates/lab/data/openings-8ply.epd data.txt --minutes 40
//! cargo run --release -p plyforge-lab --bin chess_tune -- data.txt --out crates/chess/src/eval/weights.rs
//! cargo run --release -p plyforge-lab --bin chess_nnue_train -- data.txt --result-weight 0.1 --out network.pfnn
//! cargo run --release -p plyforge-lab --bin chess_eval_match -- crates/lab/data/openings-8ply.epd network.pfnn --nodes 20000
//! cargo run --release -p plyforge-lab --bin chess_spsa -- --iterations 2000 --nodes 8000 --seed 1
//! cargo run --release -p plyforge-lab --bin chess_perft_ratio
//! cargo run --release -p plyforge-lab --bin epd_suite -- crates/chess/tests/data/wac.epd 1000
//! python3 crates/lab/scripts/python_chess.py target/release/plyforge
//! ```

pub mod chess_games;
pub mod chess_perft;
pub mod match_score;
pub mod minimax_adaptor;
pub mod progress;
pub mod spsa;
pub mod techniques;
pub mod training_data;
pub mod uci_process;

/// The exit of a driver whose work is `result`: success, or the error on standard error and
/// failure.
pub fn exit_with(result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Answers `--help` or `-h` anywhere on a driver's command line: prints `usage` on standard
/// output and returns true, and the driver exits successfully without running.
pub fn answered_help(usage: &str) -> bool {
    let asked = std::env::args()
        .skip(1)
        .any(|argument| argument == "--help" || argument == "-h");
    if asked {
        println!("{usage}");
    }
    asked
}

/// A driver's options after its positional arguments, as `(flag, value)` pairs: every flag takes
/// a value; a flag at the end without one is an error that shows `usage`.
pub fn option_pairs<'a>(
    rest: &'a [String],
    usage: &str,
) -> Result<Vec<(&'a str, &'a str)>, String> {
    rest.chunks(2)
        .map(|pair| match pair {
            [flag, value] => Ok((flag.as_str(), value.as_str())),
            [flag] => Err(format!("{flag} needs a value; {usage}")),
            _ => unreachable!("chunks of two hold one or two arguments"),
        })
        .collect()
}

/// The value of `flag` as a positive whole number, or an error that says so.
pub fn positive_number(flag: &str, value: &str) -> Result<u64, String> {
    value
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{flag}: a positive whole number, not {value:?}"))
}

/// The positions of an EPD file of chess openings (blank lines skipped), or what is wrong with it
/// (the file, or the line that does not parse).
pub fn read_openings(path: &str) -> Result<Vec<plyforge_chess::Board>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(index, line)| {
            line.parse::<plyforge_chess::Epd>()
                .map(|epd| epd.board)
                .map_err(|error| format!("{path}, line {}: {error}", index + 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn options_come_in_pairs_and_numbers_are_positive() {
        let arguments: Vec<String> = ["--nodes", "12", "--seed", "0"].map(String::from).into();
        assert_eq!(
            super::option_pairs(&arguments, "usage"),
            Ok(vec![("--nodes", "12"), ("--seed", "0")])
        );
        assert_eq!(
            super::option_pairs(&arguments[..3], "usage"),
            Err("--seed needs a value; usage".to_string())
        );
        assert_eq!(super::positive_number("--nodes", "12"), Ok(12));
        assert!(super::positive_number("--nodes", "0").is_err());
        assert!(super::positive_number("--nodes", "x").is_err());
    }

    #[test]
    fn the_lab_openings_read_and_a_bad_file_is_an_error() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings-8ply.epd");
        let openings = super::read_openings(path).unwrap();
        assert!(openings.len() >= 100, "{} openings", openings.len());
        assert!(super::read_openings("no/such/file.epd").is_err());
    }
}
