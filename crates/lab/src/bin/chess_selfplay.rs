//! Chess self-play at equal time per move: the chess engine's configuration (`Config::selective()`,
//! evaluating with the network the chess crate ships) against itself with some
//! techniques switched off, from the openings of an EPD file, each opening played with both
//! colours. What a search technique is worth in chess, measured the way engine authors measure
//! it (Elo at equal time, not nodes to a depth).
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_selfplay -- crates/lab/data/openings-8ply.epd 20 100 without-lmr
//! ```
//!
//! Arguments: the EPD file, milliseconds per move (default 20), openings to play (default
//! 100), then the variants, each a row of `without-<technique>` (off) and `with-<technique>`
//! (on) joined by `-` (`without-lmr-without-null-move`, `with-countermove`; the techniques are
//! `plyforge_lab::techniques::TECHNIQUES`). Prints, for each variant, its wins,
//! draws and losses against the engine's configuration and the Elo difference with its 95 %
//! interval. Games end by the rules (mate, stalemate, repetition, the 50-move rule,
//! insufficient material) or are adjudicated a draw after [`MAX_PLIES`].

use plyforge_chess::Board;
use plyforge_chess::nnue::NnueEvaluation;
use plyforge_lab::chess_games::{engine_position, play as play_game};
use plyforge_lab::match_score::MatchScore;
use plyforge_lab::progress;
use plyforge_lab::techniques::selective_variant;
use plyforge_search::Techniques;
use plyforge_search::{Config, Limits, Searcher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time per move when none is given, in milliseconds.
const DEFAULT_MOVE_MS: u64 = 20;
/// Openings played when no count is given.
const DEFAULT_OPENINGS: usize = 100;
/// A game still running after this many plies is scored a draw.
const MAX_PLIES: usize = 400;

/// The chess engine's configuration with the techniques `variant` switches.
fn variant_config(variant: &str) -> Result<Config, String> {
    let config = selective_variant(variant)?;
    if !config.uses(Techniques::ITERATIVE_DEEPENING) {
        return Err(format!(
            "{variant:?}: a game at equal time needs iterative deepening (a search without it \
             has only a depth limit)"
        ));
    }
    Ok(config)
}

/// Plays one game from `opening`, `variant` as the player to move at the start or the other;
/// returns the variant's points (1, ½ or 0).
fn play(opening: &Board, variant_first: bool, variant: &Config, time: Duration) -> f64 {
    let mut searchers = [
        Searcher::new(variant.clone()),
        Searcher::new(Config::selective()),
    ];
    play_game(
        opening,
        variant_first,
        MAX_PLIES,
        |board, history, variant_to_move| {
            searchers[usize::from(!variant_to_move)]
                .search(
                    &engine_position(*board),
                    &NnueEvaluation,
                    &Limits::time(time, time),
                    history,
                    |_| {},
                )
                .expect("the game is not over")
                .best_move
        },
    )
}

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: chess_selfplay <openings.epd> [ms per move] [openings] [variant ...]";

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((path, rest)) = args.split_first() else {
        return Err(USAGE.to_string());
    };
    let number = |index: usize, default: u64, what: &str| -> Result<u64, String> {
        rest.get(index).map_or(Ok(default), |text| {
            text.parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{what} must be a positive whole number, got {text:?}"))
        })
    };
    let milliseconds = number(0, DEFAULT_MOVE_MS, "the time per move")?;
    let count = number(1, DEFAULT_OPENINGS as u64, "the number of openings")? as usize;
    let names = if rest.len() > 2 {
        rest[2..].to_vec()
    } else {
        vec!["without-lmr".to_string(), "without-null-move".to_string()]
    };
    let variants = names
        .iter()
        .map(|name| variant_config(name))
        .collect::<Result<Vec<_>, _>>()?;
    let mut openings = plyforge_lab::read_openings(path)?;
    openings.truncate(count);
    let time = Duration::from_millis(milliseconds);
    println!(
        "chess, {milliseconds} ms per move, {} openings x 2 colours, each variant against \
         Config::selective()",
        openings.len()
    );
    for (name, variant) in names.iter().zip(&variants) {
        let start = Instant::now();
        let progress = progress::bar(2 * openings.len() as u64, "games");
        let mut points = Vec::new();
        for opening in &openings {
            for variant_first in [true, false] {
                points.push(play(opening, variant_first, variant, time));
                progress.inc(1);
                progress.set_message(MatchScore::new(points.clone()).to_string());
            }
        }
        progress.finish_and_clear();
        println!(
            "{name}: {} ({:.0} s)",
            MatchScore::new(points),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}
