//! PGN reading speed, ours against `pgn-reader` (with shakmaty), side by side in one run: a
//! large PGN text of random games (tags, comments, NAGs, variations) is generated in memory by
//! our writer, then each reader goes through it, alternating, several times; the medians are
//! printed as games/s and MB/s with their ratio. Two tasks: reading the moves alone (each
//! reader parses every SAN token, variations skipped), and validating them (each main-line move
//! resolved on a board and played).
//!
//! ```text
//! cargo bench -p plyforge-lab --bench pgn_read            # 20,000 games
//! cargo bench -p plyforge-lab --bench pgn_read -- 100000  # as many games as given
//! ```

use plyforge_chess::pgn::{self, Game, GameResult, Line, Nag, Ply};
use plyforge_chess::{Board, SanPlus};
use std::ops::ControlFlow;
use std::time::Instant;

/// Games in the text when no count is given.
const DEFAULT_GAMES: usize = 20_000;
/// Runs of each reader; the median is reported.
const RUNS: usize = 5;
/// The longest random game, in plies.
const MAX_PLIES: usize = 160;

/// A small xorshift generator: the text follows from the seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// A random line from `board`, with now and then a comment, a NAG or a one-move variation.
fn random_line(board: &Board, rng: &mut Rng) -> Line {
    let mut line = Line::default();
    let mut board = *board;
    for _ in 0..20 + rng.below(MAX_PLIES - 20) {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut ply = Ply::new(SanPlus::from_move(&board, mv));
        match rng.below(20) {
            0 => ply
                .comments
                .push("a comment of some length on this move".to_string()),
            1 => ply.nags.push(Nag(1 + rng.below(6) as u8)),
            2 => {
                let other = moves[rng.below(moves.len())];
                let variation = Line {
                    comments: Vec::new(),
                    plies: vec![Ply::new(SanPlus::from_move(&board, other))],
                };
                ply.variations.push(variation);
            }
            _ => {}
        }
        line.plies.push(ply);
        board.play(mv);
    }
    line
}

/// `games` random games as PGN text.
fn generate(games: usize) -> Vec<u8> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut text = String::new();
    for round in 0..games {
        let mut game = Game {
            moves: random_line(&Board::default(), &mut rng),
            result: [
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
            ][round % 3],
            ..Game::default()
        };
        for (name, value) in [
            ("Event", "Random games"),
            ("Site", "Plyforge lab"),
            ("Date", "2025.01.01"),
            ("Round", &(round + 1).to_string()),
            ("White", "Random, A"),
            ("Black", "Random, B"),
            ("Result", game.result.as_str()),
        ] {
            game.set_tag(name, value);
        }
        text.push_str(&game.to_string());
        text.push('\n');
    }
    text.into_bytes()
}

/// Ours, moves only: counts the SAN tokens of the main lines.
#[derive(Default)]
struct OurCount(u64);

impl pgn::Visitor for OurCount {
    type Output = ();
    fn san(&mut self, _: SanPlus) {
        self.0 += 1;
    }
    fn begin_variation(&mut self) -> pgn::Skip {
        pgn::Skip(true)
    }
    fn end_game(&mut self) {}
}

/// Ours, validating: plays each main-line move on the board.
#[derive(Default)]
struct OurReplay {
    board: Board,
    plies: u64,
    errors: u64,
}

impl pgn::Visitor for OurReplay {
    type Output = ();
    fn begin_game(&mut self) {
        self.board = Board::default();
    }
    fn san(&mut self, san: SanPlus) {
        match san.to_move(&self.board) {
            Ok(mv) => {
                self.board.play(mv);
                self.plies += 1;
            }
            Err(_) => self.errors += 1,
        }
    }
    fn begin_variation(&mut self) -> pgn::Skip {
        pgn::Skip(true)
    }
    fn end_game(&mut self) {}
}

/// pgn-reader, moves only.
#[derive(Default)]
struct TheirCount(u64);

impl pgn_reader::Visitor for TheirCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _: pgn_reader::SanPlus) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// pgn-reader with shakmaty, validating.
#[derive(Default)]
struct TheirReplay {
    plies: u64,
    errors: u64,
}

impl pgn_reader::Visitor for TheirReplay {
    type Tags = ();
    type Movetext = shakmaty::Chess;
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), shakmaty::Chess> {
        ControlFlow::Continue(shakmaty::Chess::default())
    }
    fn san(&mut self, position: &mut shakmaty::Chess, san: pgn_reader::SanPlus) -> ControlFlow<()> {
        use shakmaty::Position;
        match san.san.to_move(position) {
            Ok(mv) => {
                position.play_unchecked(mv);
                self.plies += 1;
            }
            Err(_) => self.errors += 1,
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: shakmaty::Chess) {}
}

/// Games read and seconds taken by one run.
fn time(run: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let games = run();
    (games, start.elapsed().as_secs_f64())
}

fn ours<V: pgn::Visitor<Output = ()> + Default>(text: &[u8]) -> (u64, V) {
    let mut reader = pgn::Reader::new(text);
    let mut visitor = V::default();
    let mut games = 0;
    while reader
        .read_game(&mut visitor)
        .expect("reading memory")
        .is_some()
    {
        games += 1;
    }
    (games, visitor)
}

fn theirs<V: pgn_reader::Visitor<Output = ()> + Default>(text: &[u8]) -> (u64, V) {
    let mut reader = pgn_reader::Reader::new(text);
    let mut visitor = V::default();
    let mut games = 0;
    while reader
        .read_game(&mut visitor)
        .expect("reading memory")
        .is_some()
    {
        games += 1;
    }
    (games, visitor)
}

fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

fn main() {
    let games: usize = std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse().ok())
        .unwrap_or(DEFAULT_GAMES);
    let start = Instant::now();
    let text = generate(games);
    let megabytes = text.len() as f64 / 1e6;
    println!(
        "{games} random games, {megabytes:.1} MB of PGN, generated in {:.1} s; median of {RUNS} runs each, alternating",
        start.elapsed().as_secs_f64()
    );

    // The readers agree before they are timed.
    let (our_games, our_count) = ours::<OurCount>(&text);
    let (their_games, their_count) = theirs::<TheirCount>(&text);
    assert_eq!((our_games, our_count.0), (their_games, their_count.0));
    let (_, our_replay) = ours::<OurReplay>(&text);
    let (_, their_replay) = theirs::<TheirReplay>(&text);
    assert_eq!(our_replay.errors + their_replay.errors, 0);
    assert_eq!(our_replay.plies, their_replay.plies);
    println!("{} main-line plies", our_replay.plies);

    for (task, run_ours, run_theirs) in [
        (
            "moves only",
            (|text: &[u8]| ours::<OurCount>(text).0) as fn(&[u8]) -> u64,
            (|text: &[u8]| theirs::<TheirCount>(text).0) as fn(&[u8]) -> u64,
        ),
        (
            "validated",
            |text: &[u8]| ours::<OurReplay>(text).0,
            |text: &[u8]| theirs::<TheirReplay>(text).0,
        ),
    ] {
        let (mut our_times, mut their_times) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            our_times.push(time(|| run_ours(&text)).1);
            their_times.push(time(|| run_theirs(&text)).1);
        }
        let (our_time, their_time) = (median(our_times), median(their_times));
        for (name, seconds) in [("plyforge pgn", our_time), ("pgn-reader", their_time)] {
            println!(
                "{task:<11} {name:<13} {:>9.0} games/s {:>7.1} MB/s ({seconds:.3} s)",
                games as f64 / seconds,
                megabytes / seconds
            );
        }
        println!(
            "{task:<11} ratio         {:.2}x (pgn-reader's time / ours)",
            their_time / our_time
        );
    }
}
