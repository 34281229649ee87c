//! Trains the chess crate's network evaluation (`plyforge_chess::nnue`, a perspective network
//! `(768 → H) × 2 → 1` with a squared clipped ReLU, a first layer per king bucket and an output
//! layer per bucket of piece counts) on self-play positions, and writes it in the network file
//! format.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_nnue_train -- data-1.txt data-2.txt --hidden 128 --epochs 20 --out net.pfnn
//! ```
//!
//! Reads `FEN;result;score` lines (what `chess_datagen` writes: the result from White's view, 1,
//! 0.5 or 0, and the search's score in centipawns from White's view) once into a compact form:
//! each position's active inputs in both views, its side to move and its target. The target
//! blends the result with the score: `W × result + (1 - W) × sigmoid(K × score)`, where `K` is
//! fitted to the data (the `K` for which the search's own scores best predict the results), so
//! that the network learns centipawns on the scale of the search that made the data and the
//! search's margins keep their meaning. The network predicts `sigmoid(K × its score)`; training
//! minimises the mean squared error with Adam on shuffled mini-batches in `f32`, one thread or
//! more (each sums the gradient of its share of a batch). One position in [`HOLD_OUT_EVERY`] is
//! held out, chosen by a hash of its placement, side, castling rights and en-passant square, so
//! that a position is held out in every file and every run it appears in and the held-out errors
//! of networks trained on other files compare; its error is printed after every epoch. The other
//! positions of a held-out position's game are trained on, so the held-out error rewards a
//! network that learns the games by heart: positions of games never trained on
//! (`--validation`, files of other seeds) measure what a network knows of positions it has not
//! seen, and their error is printed too. The network is written after every epoch, quantised,
//! so a run cut short leaves its latest network; each output bias takes back the shift that
//! rounding the output weights makes on average over the held-out positions
//! (`Parameters::with_rounded_output`), and the error of the network as written on the
//! positions of other games is printed below the epoch's.
//!
//! Options: `--hidden H` (default 128); `--king-buckets K` (1, the default, or
//! `plyforge_chess::nnue::KING_BUCKETS`: a first layer for each bucket of the side's own king's
//! square; trained as the sum of a weight set shared by every bucket and one of the bucket's own,
//! which starts at zero, so that a bucket seldom seen keeps what the shared set learns, and a
//! network of one king bucket given to `--start` is the shared set: training starts from the
//! network it was); `--buckets B` (output buckets by piece count, default 1: eight fitted the
//! held-out positions better but lost games at 20,000 nodes a move on 7 M positions);
//! `--mirrored-views` (a view whose own king stands on files a-d is mirrored left to right,
//! `plyforge_chess::nnue::mirrors_view`, so that the weights about a king's shelter serve both
//! wings; a network given to `--start` must mirror its views alike); `--mirror`
//! (also train on each position without castling rights mirrored left to right, which has the same
//! worth: more data from the same games; equal in games on 9 M positions); `--epochs N` (default
//! 20; 0 with `--start` prints the network's errors and trains nothing); `--rate R` (Adam's first
//! step, default 0.001, decaying geometrically to `--final-rate`, default a tenth of it, by the
//! last epoch); `--batch B` (default 16,384); `--result-weight W` (default 0.1: with 0.5 the
//! network lost by 193 Elo); `--scale K` (default: fitted); `--validation FILE` (repeatable:
//! positions of other games, none trained on, whose error is printed after every epoch);
//! `--threads T` (default 1: the threads that read and score the positions and that sum a
//! batch's gradient); `--seed S` (default 1); `--start FILE` (refine a network instead of
//! starting from random weights; a network of one bucket starts each of `B` buckets from its
//! output layer, and a network of fewer hidden values than `--hidden` is widened: the new values
//! start with random inputs and no weight in the output, so the wider network starts as the
//! narrower one was); `--teacher FILE` with `--teacher-data FILE` (repeatable: positions
//! scored by the teacher network's evaluation instead of the file's search score, trained on
//! beside the positions of the other files, so that a new layout learns what a network of the
//! lineage knows; `--teacher` repeatable too: the mean of several networks' evaluations, which
//! fits the positions of other games better than any one of them when the networks learned
//! differently); `--out FILE` (default `network.pfnn`).

use plyforge_chess::nnue::{
    ACCUMULATOR_SCALE, EVALUATION_SCALE, FEATURE_COUNT, KING_BUCKETS, MAX_HIDDEN,
    MAX_OUTPUT_BUCKETS, MAX_OUTPUT_WEIGHT, Network, OUTPUT_SCALE, feature_index, king_bucket,
    mirrored_feature, mirrors_view, output_bucket,
};
use plyforge_chess::{Board, Color, Role};
use plyforge_lab::spsa::SplitMix64;
use plyforge_lab::{progress, training_data};
use std::io::{BufRead, BufReader};
use std::process::ExitCode;
use std::time::Instant;

/// One position in this many is held out ([`training_data::is_held_out`]).
const HOLD_OUT_EVERY: u64 = 20;
/// The lines of a data file read at a time and shared among the reading threads.
const READ_CHUNK: usize = 1 << 16;
/// The positions of the held-out set at most that an output bias's correction averages over
/// ([`Parameters::with_rounded_output`]).
const CORRECTION_SAMPLE: usize = 200_000;
/// The largest magnitude of a first-layer weight or bias, so that an accumulator of 32 pieces
/// stays far inside `i16` once quantised (32 × 1.98 × 255 ≈ 16,000).
const FIRST_LAYER_LIMIT: f32 = 1.98;
/// The largest magnitude of an output weight, so that it quantises within
/// [`MAX_OUTPUT_WEIGHT`].
const OUTPUT_LIMIT: f32 = 1.98;

/// The training options.
struct Options {
    files: Vec<String>,
    validation: Vec<String>,
    hidden: usize,
    king_buckets: usize,
    buckets: usize,
    mirrored_views: bool,
    mirror: bool,
    epochs: usize,
    rate: f32,
    final_rate: Option<f32>,
    batch: usize,
    result_weight: f64,
    scale: Option<f64>,
    threads: usize,
    seed: u64,
    start: Option<String>,
    teachers: Vec<String>,
    teacher_files: Vec<String>,
    out: String,
}

const USAGE: &str = "usage: chess_nnue_train <data.txt>... [--hidden H] [--king-buckets K] \
                     [--buckets B] [--mirrored-views] \
                     [--mirror] [--epochs N] [--rate R] \
                     [--final-rate R] [--batch B] [--result-weight W] [--scale K] \
                     [--validation FILE] [--threads T] \
                     [--seed S] [--start network.pfnn] \
                     [--teacher network.pfnn... --teacher-data data.txt...] [--out network.pfnn]";

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            files: Vec::new(),
            validation: Vec::new(),
            hidden: 128,
            king_buckets: 1,
            buckets: 1,
            mirrored_views: false,
            mirror: false,
            epochs: 20,
            rate: 0.001,
            final_rate: None,
            batch: 16_384,
            result_weight: 0.1,
            scale: None,
            threads: 1,
            seed: 1,
            start: None,
            teachers: Vec::new(),
            teacher_files: Vec::new(),
            out: "network.pfnn".to_string(),
        };
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            if !arg.starts_with("--") {
                options.files.push(arg.clone());
                continue;
            }
            if arg == "--mirror" {
                options.mirror = true;
                continue;
            }
            if arg == "--mirrored-views" {
                options.mirrored_views = true;
                continue;
            }
            let value = rest
                .next()
                .ok_or_else(|| format!("{arg} needs a value; {USAGE}"))?;
            let bad = || format!("{arg}: not a valid value: {value:?}");
            match arg.as_str() {
                "--hidden" => options.hidden = value.parse().map_err(|_| bad())?,
                "--king-buckets" => options.king_buckets = value.parse().map_err(|_| bad())?,
                "--buckets" => options.buckets = value.parse().map_err(|_| bad())?,
                "--epochs" => options.epochs = value.parse().map_err(|_| bad())?,
                "--rate" => options.rate = value.parse().map_err(|_| bad())?,
                "--final-rate" => options.final_rate = Some(value.parse().map_err(|_| bad())?),
                "--batch" => options.batch = value.parse().map_err(|_| bad())?,
                "--result-weight" => options.result_weight = value.parse().map_err(|_| bad())?,
                "--scale" => options.scale = Some(value.parse().map_err(|_| bad())?),
                "--validation" => options.validation.push(value.clone()),
                "--threads" => options.threads = value.parse().map_err(|_| bad())?,
                "--seed" => options.seed = value.parse().map_err(|_| bad())?,
                "--start" => options.start = Some(value.clone()),
                "--teacher" => options.teachers.push(value.clone()),
                "--teacher-data" => options.teacher_files.push(value.clone()),
                "--out" => options.out = value.clone(),
                _ => return Err(format!("unknown option {arg:?}; {USAGE}")),
            }
        }
        if options.files.is_empty() && options.teacher_files.is_empty() {
            return Err(USAGE.to_string());
        }
        if options.teachers.is_empty() != options.teacher_files.is_empty() {
            return Err("--teacher and --teacher-data go together".to_string());
        }
        if options.hidden == 0 || options.hidden > MAX_HIDDEN {
            return Err(format!("--hidden: 1 to {MAX_HIDDEN}"));
        }
        if options.king_buckets != 1 && options.king_buckets != KING_BUCKETS {
            return Err(format!("--king-buckets: 1 or {KING_BUCKETS}"));
        }
        if options.buckets == 0 || options.buckets > MAX_OUTPUT_BUCKETS {
            return Err(format!("--buckets: 1 to {MAX_OUTPUT_BUCKETS}"));
        }
        if options.batch == 0 || options.threads == 0 {
            return Err("--batch and --threads must be at least 1".to_string());
        }
        if options.epochs == 0 && options.start.is_none() {
            return Err("--epochs 0 (only the errors of a network) needs --start".to_string());
        }
        if !(0.0..=1.0).contains(&options.result_weight) {
            return Err("--result-weight: between 0 and 1".to_string());
        }
        Ok(options)
    }

    /// How a position's pieces become the network's inputs.
    fn input_layout(&self) -> InputLayout {
        InputLayout {
            king_buckets: self.king_buckets,
            mirrored_views: self.mirrored_views,
        }
    }
}

/// How a position's pieces become inputs: the king buckets (1 or [`KING_BUCKETS`]) and whether a
/// view whose king stands on files a-d is mirrored.
#[derive(Debug, Clone, Copy)]
struct InputLayout {
    king_buckets: usize,
    mirrored_views: bool,
}

/// Positions in compact form: the active inputs of each position in White's and Black's view,
/// each in the king bucket of the view's own king (`bucket × FEATURE_COUNT + feature`).
#[derive(Default)]
struct Positions {
    /// Where each position's inputs start in `white` and `black` (one more than positions).
    offsets: Vec<u32>,
    white: Vec<u16>,
    black: Vec<u16>,
    white_to_move: Vec<bool>,
    /// The game's result from White's view.
    result: Vec<f32>,
    /// The search's score from White's view, in centipawns.
    score: Vec<f32>,
    /// What the prediction is fitted to, from White's view.
    target: Vec<f32>,
}

impl Positions {
    fn len(&self) -> usize {
        self.result.len()
    }

    /// Adds `board` with its inputs in `layout`.
    fn push(&mut self, board: &Board, layout: InputLayout, result: f32, score: f32) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let offset = |perspective: Color| {
            if layout.king_buckets == 1 {
                0
            } else {
                king_bucket(perspective, board.king_square(perspective)) * FEATURE_COUNT
            }
        };
        let mirrored = |perspective: Color| {
            layout.mirrored_views && mirrors_view(board.king_square(perspective))
        };
        let views = [Color::White, Color::Black].map(|side| (side, offset(side), mirrored(side)));
        let input = |(perspective, offset, mirrored): (Color, usize, bool), color, role, square| {
            (offset + mirrored_feature(feature_index(perspective, color, role, square), mirrored))
                as u16
        };
        for color in Color::ALL {
            for role in Role::ALL {
                for square in board.pieces(color, role) {
                    self.white.push(input(views[0], color, role, square));
                    self.black.push(input(views[1], color, role, square));
                }
            }
        }
        self.offsets.push(self.white.len() as u32);
        self.white_to_move
            .push(board.side_to_move() == Color::White);
        self.result.push(result);
        self.score.push(score);
        self.target.push(result);
    }

    /// The output bucket of `position` in a network of `buckets` buckets: one input per piece.
    fn bucket(&self, position: usize, buckets: usize) -> usize {
        let pieces = self.offsets[position + 1] - self.offsets[position];
        output_bucket(pieces as usize, buckets)
    }

    /// The inputs of `position` in the side to move's view and in the other's.
    fn views(&self, position: usize) -> (&[u16], &[u16]) {
        let range = self.offsets[position] as usize..self.offsets[position + 1] as usize;
        let (white, black) = (&self.white[range.clone()], &self.black[range]);
        if self.white_to_move[position] {
            (white, black)
        } else {
            (black, white)
        }
    }

    /// The target of `position` from the side to move's view.
    fn target_to_move(&self, position: usize) -> f32 {
        if self.white_to_move[position] {
            self.target[position]
        } else {
            1.0 - self.target[position]
        }
    }

    /// Blends each target: `weight` of the result, the rest `sigmoid(k × score)`.
    fn blend(&mut self, k: f64, weight: f64) {
        for ((target, &result), &score) in self.target.iter_mut().zip(&self.result).zip(&self.score)
        {
            *target = (weight * f64::from(result) + (1.0 - weight) * sigmoid(k * f64::from(score)))
                as f32;
        }
    }

    /// The mean squared error of `sigmoid(k × score)` against the results.
    fn score_error(&self, k: f64) -> f64 {
        let total: f64 = self
            .result
            .iter()
            .zip(&self.score)
            .map(|(&result, &score)| (sigmoid(k * f64::from(score)) - f64::from(result)).powi(2))
            .sum();
        total / self.len() as f64
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The FEN of `fen`'s position mirrored left to right (files a and h swapped), when it has no
/// castling rights (castling is not symmetric): a position of the same worth.
fn mirrored_fen(fen: &str) -> Option<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [placement, side, "-", en_passant, rest @ ..] = fields.as_slice() else {
        return None;
    };
    let placement: Vec<String> = placement
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let en_passant = match en_passant.as_bytes() {
        [file @ b'a'..=b'h', rank] => {
            format!("{}{}", char::from(b'h' - (file - b'a')), *rank as char)
        }
        _ => en_passant.to_string(),
    };
    Some(format!(
        "{} {side} - {en_passant} {}",
        placement.join("/"),
        rest.join(" ")
    ))
}

/// Reads every file into `train` and `held_out` (with their mirror images when `mirror` is
/// set), with their inputs in `layout`; with `hold_out` false, every position goes to `train`.
/// With `teachers`, each position's score is their mean evaluation of it instead of the
/// file's. The lines are parsed (and scored) by `threads` threads, [`READ_CHUNK`] at a time,
/// and kept in the files' order.
fn read(
    files: &[String],
    mirror: bool,
    layout: InputLayout,
    hold_out: bool,
    teachers: &[Network],
    threads: usize,
    (train, held_out): (&mut Positions, &mut Positions),
) -> Result<(), String> {
    let bar = progress::bar(files.len() as u64, "files");
    for path in files {
        let file =
            std::fs::File::open(path).map_err(|error| format!("cannot read {path}: {error}"))?;
        let reader = LineReader {
            path,
            mirror,
            hold_out,
            teachers,
        };
        let mut lines = BufReader::new(file).lines().enumerate();
        loop {
            let chunk = lines
                .by_ref()
                .take(READ_CHUNK)
                .map(|(index, line)| {
                    line.map(|line| (index + 1, line))
                        .map_err(|error| format!("{path}, line {}: {error}", index + 1))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if chunk.is_empty() {
                break;
            }
            for sample in reader.samples(&chunk, threads)? {
                let positions = if sample.held_out {
                    &mut *held_out
                } else {
                    &mut *train
                };
                positions.push(&sample.board, layout, sample.result, sample.score);
            }
        }
        bar.inc(1);
        bar.set_message(format!("{} positions", train.len() + held_out.len()));
    }
    bar.finish_and_clear();
    Ok(())
}

/// A position of a data file, parsed and scored, before its inputs are stored.
struct Sample {
    board: Board,
    result: f32,
    score: f32,
    held_out: bool,
}

/// How the lines of one data file become [`Sample`]s.
#[derive(Clone, Copy)]
struct LineReader<'a> {
    path: &'a str,
    mirror: bool,
    hold_out: bool,
    teachers: &'a [Network],
}

impl LineReader<'_> {
    /// The samples of `lines` (numbered from 1) in their order, parsed by `threads` threads.
    fn samples(self, lines: &[(usize, String)], threads: usize) -> Result<Vec<Sample>, String> {
        let share = lines.len().div_ceil(threads.max(1)).max(1);
        std::thread::scope(|scope| {
            let workers: Vec<_> = lines
                .chunks(share)
                .map(|lines| {
                    scope.spawn(move || {
                        let mut samples = Vec::with_capacity(lines.len());
                        for (number, line) in lines {
                            self.parse(*number, line, &mut samples)?;
                        }
                        Ok::<_, String>(samples)
                    })
                })
                .collect();
            let mut samples = Vec::with_capacity(lines.len());
            for worker in workers {
                let part = worker
                    .join()
                    .map_err(|_| format!("{}: a reading thread failed", self.path))??;
                samples.extend(part);
            }
            Ok(samples)
        })
    }

    /// Appends the position of line `number` (and its mirror image) to `samples`.
    fn parse(self, number: usize, line: &str, samples: &mut Vec<Sample>) -> Result<(), String> {
        if line.trim().is_empty() {
            return Ok(());
        }
        let bad = |what: &str| format!("{}, line {number}: {what}", self.path);
        let mut fields = line.split(';');
        let (Some(fen), Some(result), Some(score)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("not FEN;result;score"));
        };
        let board: Board = fen
            .trim()
            .parse()
            .map_err(|error| bad(&format!("{error}")))?;
        let result: f32 = result.trim().parse().map_err(|_| bad("bad result"))?;
        let score: f32 = score.trim().parse().map_err(|_| bad("bad score"))?;
        let held_out = self.hold_out && training_data::is_held_out(fen, HOLD_OUT_EVERY);
        let score_of = |board: &Board| {
            if self.teachers.is_empty() {
                score
            } else {
                mean_white_score(self.teachers, board)
            }
        };
        samples.push(Sample {
            board,
            result,
            score: score_of(&board),
            held_out,
        });
        if let Some(fen) = self.mirror.then(|| mirrored_fen(fen)).flatten() {
            let board: Board = fen
                .parse()
                .map_err(|error| bad(&format!("mirrored to {fen}: {error}")))?;
            samples.push(Sample {
                board,
                result,
                score: score_of(&board),
                held_out,
            });
        }
        Ok(())
    }
}

/// `network`'s evaluation of `board` in centipawns from White's view, as the data files give
/// the search's score.
fn white_score(network: &Network, board: &Board) -> f32 {
    let score = network.evaluate(board) as f32;
    if board.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

/// The mean of `networks`' evaluations of `board` (at least one network), from White's view.
fn mean_white_score(networks: &[Network], board: &Board) -> f32 {
    let sum: f32 = networks
        .iter()
        .map(|network| white_score(network, board))
        .sum();
    sum / networks.len() as f32
}

/// Reads the network file at `path`.
fn read_network(path: &str) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    Network::from_bytes(&bytes).map_err(|error| format!("{path}: {error}"))
}

/// The `k` in `[low, high]` for which `sigmoid(k × score)` best predicts the results, by
/// golden-section search.
fn fit_scale(positions: &Positions, mut low: f64, mut high: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if positions.score_error(a) < positions.score_error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The network's parameters in `f32` (or their gradients, or Adam's moments: the same shape).
/// With king buckets, an input's row in the network is its bucket's row plus its row in the
/// shared set (`factor_weights`).
#[derive(Clone)]
struct Parameters {
    hidden: usize,
    buckets: usize,
    /// `king_buckets × FEATURE_COUNT × hidden`, king bucket by king bucket, input by input.
    feature_weights: Vec<f32>,
    /// `FEATURE_COUNT × hidden` with king buckets, the rows every bucket shares; empty without.
    factor_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    /// `buckets × 2 × hidden`: per bucket, the side to move's accumulator, then the other's.
    output_weights: Vec<f32>,
    /// One per bucket.
    output_biases: Vec<f32>,
}

impl Parameters {
    fn zeros(hidden: usize, king_buckets: usize, buckets: usize) -> Parameters {
        let factor_rows = if king_buckets > 1 { FEATURE_COUNT } else { 0 };
        Parameters {
            hidden,
            buckets,
            feature_weights: vec![0.0; king_buckets * FEATURE_COUNT * hidden],
            factor_weights: vec![0.0; factor_rows * hidden],
            hidden_bias: vec![0.0; hidden],
            output_weights: vec![0.0; buckets * 2 * hidden],
            output_biases: vec![0.0; buckets],
        }
    }

    /// Random weights; with king buckets, random shared rows and buckets of their own at zero.
    fn random(
        hidden: usize,
        king_buckets: usize,
        buckets: usize,
        random: &mut SplitMix64,
    ) -> Parameters {
        let mut parameters = Parameters::zeros(hidden, king_buckets, buckets);
        let mut uniform = |limit: f64| ((random.unit() * 2.0 - 1.0) * limit) as f32;
        let input_limit = 1.0 / (FEATURE_COUNT as f64).sqrt();
        let first_layer = if king_buckets > 1 {
            &mut parameters.factor_weights
        } else {
            &mut parameters.feature_weights
        };
        for weight in first_layer {
            *weight = uniform(input_limit);
        }
        let output_limit = 1.0 / (2.0 * hidden as f64).sqrt();
        for weight in &mut parameters.output_weights {
            *weight = uniform(output_limit);
        }
        parameters
    }

    /// Every parameter, in one order, for Adam.
    fn values_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.feature_weights
            .iter_mut()
            .chain(&mut self.factor_weights)
            .chain(&mut self.hidden_bias)
            .chain(&mut self.output_weights)
            .chain(&mut self.output_biases)
    }

    fn values(&self) -> impl Iterator<Item = &f32> {
        self.feature_weights
            .iter()
            .chain(&self.factor_weights)
            .chain(&self.hidden_bias)
            .chain(&self.output_weights)
            .chain(&self.output_biases)
    }

    fn fill_zero(&mut self) {
        self.values_mut().for_each(|value| *value = 0.0);
    }

    fn add(&mut self, other: &Parameters) {
        for (value, &add) in self.values_mut().zip(other.values()) {
            *value += add;
        }
    }

    /// The parameters of a quantised network, as far as quantising keeps them, with
    /// `king_buckets` king buckets and `buckets` output buckets: the network's own, or each
    /// output bucket a copy of its only one, and a network of one king bucket as the shared rows
    /// of `king_buckets` (each bucket's own rows at zero).
    fn from_network(
        network: &Network,
        king_buckets: usize,
        buckets: usize,
    ) -> Result<Parameters, String> {
        let network_buckets = network.bucket_count();
        if network_buckets != buckets && network_buckets != 1 {
            return Err(format!(
                "the network has {network_buckets} output buckets, not --buckets {buckets}"
            ));
        }
        let network_king_buckets = network.king_bucket_count();
        if network_king_buckets != king_buckets && network_king_buckets != 1 {
            return Err(format!(
                "the network has {network_king_buckets} king buckets, not --king-buckets \
                 {king_buckets}"
            ));
        }
        let copies = buckets / network_buckets;
        let accumulator = ACCUMULATOR_SCALE as f32;
        let output = OUTPUT_SCALE as f32;
        let scaled = |values: &[i16], scale: f32| -> Vec<f32> {
            values
                .iter()
                .map(|&value| f32::from(value) / scale)
                .collect()
        };
        let mut parameters = Parameters::zeros(network.hidden_size(), king_buckets, buckets);
        let weights = scaled(network.feature_weights(), accumulator);
        if network_king_buckets == king_buckets {
            parameters.feature_weights = weights;
        } else {
            parameters.factor_weights = weights;
        }
        parameters.hidden_bias = scaled(network.hidden_bias(), accumulator);
        parameters.output_weights = scaled(network.output_weights(), output).repeat(copies);
        parameters.output_biases = network
            .output_biases()
            .iter()
            .map(|&bias| bias as f32 / (accumulator * output))
            .collect::<Vec<f32>>()
            .repeat(copies);
        Ok(parameters)
    }

    /// These parameters with `hidden` hidden values, at least as many as they have: each new
    /// value gets random input rows, as a network from random weights does, and output weights
    /// of zero, so that the wider network starts with this one's output and learns what the new
    /// values add (a network grows without forgetting what it was trained on).
    fn widened(&self, hidden: usize, random: &mut SplitMix64) -> Parameters {
        let old = self.hidden;
        let input_limit = 1.0 / (FEATURE_COUNT as f64).sqrt();
        let mut uniform = |limit: f64| ((random.unit() * 2.0 - 1.0) * limit) as f32;
        let mut widen = |values: &[f32], random_rows: bool| -> Vec<f32> {
            values
                .chunks(old)
                .flat_map(|row| {
                    let added: Vec<f32> = (old..hidden)
                        .map(|_| {
                            if random_rows {
                                uniform(input_limit)
                            } else {
                                0.0
                            }
                        })
                        .collect();
                    row.iter().copied().chain(added)
                })
                .collect()
        };
        let shared_rows = !self.factor_weights.is_empty();
        Parameters {
            hidden,
            buckets: self.buckets,
            feature_weights: widen(&self.feature_weights, !shared_rows),
            factor_weights: widen(&self.factor_weights, true),
            hidden_bias: widen(&self.hidden_bias, false),
            output_weights: widen(&self.output_weights, false),
            output_biases: self.output_biases.clone(),
        }
    }

    /// These parameters with each output weight rounded to what quantising keeps of it, and
    /// each output bucket's bias moved by the output that rounding takes away on average over
    /// the bucket's positions in `sample` (at most [`CORRECTION_SAMPLE`] of them).
    ///
    /// Late in training Adam moves the output weights by less than the quantisation step
    /// (`1 / OUTPUT_SCALE`), often all the same way; rounding undoes those moves together, and
    /// since every activation is positive the output shifts by a sum over the hidden values that
    /// is about the same for every position: the written network would score every position a
    /// few centipawns off what was trained. Its bias takes that shift back.
    fn with_rounded_output(&self, sample: &Positions) -> Parameters {
        let output = OUTPUT_SCALE as f32;
        let mut rounded = self.clone();
        for weight in &mut rounded.output_weights {
            *weight = f32::from(quantise(*weight, output, MAX_OUTPUT_WEIGHT)) / output;
        }
        let hidden = self.hidden;
        let mut shift = vec![0.0_f64; self.buckets];
        let mut count = vec![0_usize; self.buckets];
        let mut scratch = Scratch::new(hidden);
        let step = sample.len().div_ceil(CORRECTION_SAMPLE).max(1);
        for position in (0..sample.len()).step_by(step) {
            let inputs = Inputs::of(sample, position, self.buckets);
            forward(self, &inputs, &mut scratch);
            let lost = |values: &[f32], offset: usize| -> f32 {
                let start = inputs.bucket * 2 * hidden + offset;
                activated_dot(values, &self.output_weights[start..][..hidden])
                    - activated_dot(values, &rounded.output_weights[start..][..hidden])
            };
            shift[inputs.bucket] +=
                f64::from(lost(&scratch.ours, 0) + lost(&scratch.theirs, hidden));
            count[inputs.bucket] += 1;
        }
        for ((bias, shift), count) in rounded.output_biases.iter_mut().zip(shift).zip(count) {
            if count > 0 {
                *bias += (shift / count as f64) as f32;
            }
        }
        rounded
    }

    /// The quantised network.
    fn to_network(&self) -> Network {
        let accumulator = ACCUMULATOR_SCALE as f32;
        let output = OUTPUT_SCALE as f32;
        Network::from_parts(
            self.hidden,
            self.merged_feature_weights()
                .map(|w| quantise(w, accumulator, i16::MAX))
                .collect(),
            self.hidden_bias
                .iter()
                .map(|&w| quantise(w, accumulator, i16::MAX))
                .collect(),
            self.output_weights
                .iter()
                .map(|&w| quantise(w, output, MAX_OUTPUT_WEIGHT))
                .collect(),
            self.output_biases
                .iter()
                .map(|&bias| (bias * accumulator * output).round() as i32)
                .collect(),
        )
        .expect("the parts have the network's sizes")
    }

    /// The feature weights of the network: each bucket's rows plus the shared rows.
    fn merged_feature_weights(&self) -> impl Iterator<Item = f32> + '_ {
        let row_values = FEATURE_COUNT * self.hidden;
        self.feature_weights
            .iter()
            .enumerate()
            .map(move |(index, &weight)| {
                weight
                    + self
                        .factor_weights
                        .get(index % row_values)
                        .copied()
                        .unwrap_or(0.0)
            })
    }

    /// Keeps every parameter where quantisation represents it: with king buckets, the shared
    /// rows and each bucket's sum of its rows and the shared ones.
    fn clip(&mut self) {
        for value in self
            .feature_weights
            .iter_mut()
            .chain(&mut self.factor_weights)
            .chain(&mut self.hidden_bias)
        {
            *value = value.clamp(-FIRST_LAYER_LIMIT, FIRST_LAYER_LIMIT);
        }
        if !self.factor_weights.is_empty() {
            for rows in self.feature_weights.chunks_mut(self.factor_weights.len()) {
                for (value, &shared) in rows.iter_mut().zip(&self.factor_weights) {
                    *value = value.clamp(-FIRST_LAYER_LIMIT - shared, FIRST_LAYER_LIMIT - shared);
                }
            }
        }
        for value in &mut self.output_weights {
            *value = value.clamp(-OUTPUT_LIMIT, OUTPUT_LIMIT);
        }
    }
}

/// One thread's scratch space: the two accumulators, their activations and their gradients.
struct Scratch {
    ours: Vec<f32>,
    theirs: Vec<f32>,
    ours_gradient: Vec<f32>,
    theirs_gradient: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch {
            ours: vec![0.0; hidden],
            theirs: vec![0.0; hidden],
            ours_gradient: vec![0.0; hidden],
            theirs_gradient: vec![0.0; hidden],
        }
    }
}

/// `bias + Σ rows of the inputs` (each its bucket's row and the shared one): one view's
/// accumulator.
fn accumulate(parameters: &Parameters, inputs: &[u16], accumulator: &mut [f32]) {
    let hidden = parameters.hidden;
    accumulator.copy_from_slice(&parameters.hidden_bias);
    for &input in inputs {
        let row = &parameters.feature_weights[usize::from(input) * hidden..][..hidden];
        for (value, &weight) in accumulator.iter_mut().zip(row) {
            *value += weight;
        }
    }
    if !parameters.factor_weights.is_empty() {
        for &input in inputs {
            let feature = usize::from(input) % FEATURE_COUNT;
            let row = &parameters.factor_weights[feature * hidden..][..hidden];
            for (value, &weight) in accumulator.iter_mut().zip(row) {
                *value += weight;
            }
        }
    }
}

/// `value × scale` rounded to the nearest integer within `±limit`: a parameter as the network
/// file keeps it.
fn quantise(value: f32, scale: f32, limit: i16) -> i16 {
    (value * scale)
        .round()
        .clamp(-f32::from(limit), f32::from(limit)) as i16
}

/// `Σ clamp(value, 0, 1)² × weight`.
fn activated_dot(values: &[f32], weights: &[f32]) -> f32 {
    values
        .iter()
        .zip(weights)
        .map(|(&value, &weight)| {
            let clipped = value.clamp(0.0, 1.0);
            clipped * clipped * weight
        })
        .sum()
}

/// One position's inputs: its active features in the side to move's view and in the other's,
/// and its output bucket.
struct Inputs<'a> {
    ours: &'a [u16],
    theirs: &'a [u16],
    bucket: usize,
}

impl Inputs<'_> {
    fn of(positions: &Positions, position: usize, buckets: usize) -> Inputs<'_> {
        let (ours, theirs) = positions.views(position);
        Inputs {
            ours,
            theirs,
            bucket: positions.bucket(position, buckets),
        }
    }
}

/// The network's output (in units of [`EVALUATION_SCALE`] centipawns) for the side to move;
/// leaves the accumulators in `scratch`.
fn forward(parameters: &Parameters, inputs: &Inputs, scratch: &mut Scratch) -> f32 {
    let hidden = parameters.hidden;
    accumulate(parameters, inputs.ours, &mut scratch.ours);
    accumulate(parameters, inputs.theirs, &mut scratch.theirs);
    let weights = &parameters.output_weights[inputs.bucket * 2 * hidden..][..2 * hidden];
    let (our_weights, their_weights) = weights.split_at(hidden);
    activated_dot(&scratch.ours, our_weights)
        + activated_dot(&scratch.theirs, their_weights)
        + parameters.output_biases[inputs.bucket]
}

/// Adds the gradient of `slope × output` to `gradient`, from the accumulators `forward` left.
fn backward(
    parameters: &Parameters,
    inputs: &Inputs,
    slope: f32,
    scratch: &mut Scratch,
    gradient: &mut Parameters,
) {
    let hidden = parameters.hidden;
    let bucket = inputs.bucket;
    gradient.output_biases[bucket] += slope;
    let weights = &parameters.output_weights[bucket * 2 * hidden..][..2 * hidden];
    let (our_weights, their_weights) = weights.split_at(hidden);
    let output_gradient = &mut gradient.output_weights[bucket * 2 * hidden..][..2 * hidden];
    let (our_output, their_output) = output_gradient.split_at_mut(hidden);
    for (values, weights, output_gradient, value_gradient) in [
        (
            &scratch.ours,
            our_weights,
            our_output,
            &mut scratch.ours_gradient,
        ),
        (
            &scratch.theirs,
            their_weights,
            their_output,
            &mut scratch.theirs_gradient,
        ),
    ] {
        for index in 0..hidden {
            let value = values[index];
            let clipped = value.clamp(0.0, 1.0);
            output_gradient[index] += slope * clipped * clipped;
            value_gradient[index] = if value > 0.0 && value < 1.0 {
                slope * weights[index] * 2.0 * value
            } else {
                0.0
            };
        }
    }
    for ((bias, &ours_gradient), &theirs_gradient) in gradient
        .hidden_bias
        .iter_mut()
        .zip(&scratch.ours_gradient)
        .zip(&scratch.theirs_gradient)
    {
        *bias += ours_gradient + theirs_gradient;
    }
    for (view, value_gradient) in [
        (inputs.ours, &scratch.ours_gradient),
        (inputs.theirs, &scratch.theirs_gradient),
    ] {
        for &input in view {
            let row = &mut gradient.feature_weights[usize::from(input) * hidden..][..hidden];
            for (weight, &add) in row.iter_mut().zip(value_gradient.iter()) {
                *weight += add;
            }
            if !gradient.factor_weights.is_empty() {
                let feature = usize::from(input) % FEATURE_COUNT;
                let row = &mut gradient.factor_weights[feature * hidden..][..hidden];
                for (weight, &add) in row.iter_mut().zip(value_gradient.iter()) {
                    *weight += add;
                }
            }
        }
    }
}

/// The network's prediction's scale: `sigmoid(logit_scale × output)` is the expected result.
fn logit_scale(k: f64) -> f32 {
    (k * f64::from(EVALUATION_SCALE)) as f32
}

/// Adds the gradient of the summed squared error over `batch` to `gradient`; returns that error.
fn batch_gradient(
    parameters: &Parameters,
    positions: &Positions,
    batch: &[u32],
    k: f64,
    gradient: &mut Parameters,
    scratch: &mut Scratch,
) -> f64 {
    let scale = logit_scale(k);
    let mut error = 0.0;
    for &position in batch {
        let inputs = Inputs::of(positions, position as usize, parameters.buckets);
        let output = forward(parameters, &inputs, scratch);
        let predicted = 1.0 / (1.0 + (-scale * output).exp());
        let difference = predicted - positions.target_to_move(position as usize);
        error += f64::from(difference * difference);
        let slope = 2.0 * difference * predicted * (1.0 - predicted) * scale;
        backward(parameters, &inputs, slope, scratch, gradient);
    }
    error
}

/// The mean squared error over `positions` against their targets and against their results.
fn evaluate(parameters: &Parameters, positions: &Positions, k: f64) -> (f64, f64) {
    let scale = logit_scale(k);
    let mut scratch = Scratch::new(parameters.hidden);
    let (mut target_error, mut result_error) = (0.0, 0.0);
    for position in 0..positions.len() {
        let inputs = Inputs::of(positions, position, parameters.buckets);
        let output = forward(parameters, &inputs, &mut scratch);
        let predicted = 1.0 / (1.0 + (-scale * output).exp());
        let (target, result) = if positions.white_to_move[position] {
            (positions.target[position], positions.result[position])
        } else {
            (
                1.0 - positions.target[position],
                1.0 - positions.result[position],
            )
        };
        target_error += f64::from((predicted - target).powi(2));
        result_error += f64::from((predicted - result).powi(2));
    }
    let count = positions.len().max(1) as f64;
    (target_error / count, result_error / count)
}

/// The errors on the positions of other games, as printed after the held-out ones: empty
/// without such positions.
fn validation_errors(parameters: &Parameters, validation: &Positions, k: f64) -> String {
    if validation.len() == 0 {
        return String::new();
    }
    let (target_error, result_error) = evaluate(parameters, validation, k);
    format!(", other games {target_error:.6} (targets) {result_error:.6} (results)")
}

/// Adam's state: the moving averages of the gradient and of its square.
struct Adam {
    moment: Parameters,
    velocity: Parameters,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new(hidden: usize, king_buckets: usize, buckets: usize) -> Adam {
        Adam {
            moment: Parameters::zeros(hidden, king_buckets, buckets),
            velocity: Parameters::zeros(hidden, king_buckets, buckets),
            steps: 0,
        }
    }

    /// One step of `rate` along `gradient` (the batch's mean).
    fn step(&mut self, parameters: &mut Parameters, gradient: &Parameters, rate: f32) {
        self.steps += 1;
        let moment_correction = 1.0 - Adam::BETA1.powi(self.steps);
        let velocity_correction = 1.0 - Adam::BETA2.powi(self.steps);
        let step = rate * velocity_correction.sqrt() / moment_correction;
        for (((value, &gradient), moment), velocity) in parameters
            .values_mut()
            .zip(gradient.values())
            .zip(self.moment.values_mut())
            .zip(self.velocity.values_mut())
        {
            *moment = Adam::BETA1 * *moment + (1.0 - Adam::BETA1) * gradient;
            *velocity = Adam::BETA2 * *velocity + (1.0 - Adam::BETA2) * gradient * gradient;
            *value -= step * *moment / (velocity.sqrt() + Adam::EPSILON);
        }
        parameters.clip();
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = Options::parse(&args)?;
    let start = Instant::now();
    let layout = options.input_layout();
    let (mut train, mut held_out) = (Positions::default(), Positions::default());
    read(
        &options.files,
        options.mirror,
        layout,
        true,
        &[],
        options.threads,
        (&mut train, &mut held_out),
    )?;
    if !options.teachers.is_empty() {
        let teachers = options
            .teachers
            .iter()
            .map(|path| read_network(path))
            .collect::<Result<Vec<_>, _>>()?;
        read(
            &options.teacher_files,
            options.mirror,
            layout,
            true,
            &teachers,
            options.threads,
            (&mut train, &mut held_out),
        )?;
    }
    if train.len() == 0 || held_out.len() == 0 {
        return Err("too few positions to train and hold out".to_string());
    }
    let (mut validation, mut unused) = (Positions::default(), Positions::default());
    read(
        &options.validation,
        false,
        layout,
        false,
        &[],
        options.threads,
        (&mut validation, &mut unused),
    )?;
    let k = match options.scale {
        Some(k) => k,
        None => fit_scale(&train, 0.0005, 0.05),
    };
    train.blend(k, options.result_weight);
    held_out.blend(k, options.result_weight);
    validation.blend(k, options.result_weight);
    println!(
        "{} positions ({} to train, {} held out) read in {:.0} s; K = {k:.6} (1 / {:.0} cp), \
         result weight {}",
        train.len() + held_out.len(),
        train.len(),
        held_out.len(),
        start.elapsed().as_secs_f64(),
        1.0 / k,
        options.result_weight
    );

    let mut random = SplitMix64(options.seed);
    let mut parameters = match &options.start {
        Some(path) => {
            let network = read_network(path)?;
            if network.has_mirrored_views() != options.mirrored_views {
                return Err(format!(
                    "{path} {} its views: give --mirrored-views with it {}",
                    if network.has_mirrored_views() {
                        "mirrors"
                    } else {
                        "does not mirror"
                    },
                    if network.has_mirrored_views() {
                        "too"
                    } else {
                        "only for a network that does"
                    }
                ));
            }
            if network.hidden_size() > options.hidden {
                return Err(format!(
                    "{path} has {} hidden values, more than --hidden {}",
                    network.hidden_size(),
                    options.hidden
                ));
            }
            Parameters::from_network(&network, options.king_buckets, options.buckets)
                .map_err(|error| format!("{path}: {error}"))?
                .widened(options.hidden, &mut random)
        }
        None => Parameters::random(
            options.hidden,
            options.king_buckets,
            options.buckets,
            &mut random,
        ),
    };
    let (target_error, result_error) = evaluate(&parameters, &held_out, k);
    println!(
        "{} positions of other games to validate on{}",
        validation.len(),
        validation_errors(&parameters, &validation, k)
    );
    println!(
        "hidden {}, {} king buckets, {} output buckets, batch {}, {} threads; held out before: \
         {target_error:.6} (targets), {result_error:.6} (results)",
        options.hidden, options.king_buckets, options.buckets, options.batch, options.threads
    );
    if options.epochs == 0 {
        return Ok(());
    }

    let mut adam = Adam::new(options.hidden, options.king_buckets, options.buckets);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut gradients: Vec<Parameters> = (0..options.threads)
        .map(|_| Parameters::zeros(options.hidden, options.king_buckets, options.buckets))
        .collect();
    let mut scratches: Vec<Scratch> = (0..options.threads)
        .map(|_| Scratch::new(options.hidden))
        .collect();
    let final_rate = options.final_rate.unwrap_or(options.rate / 10.0);
    let batches = train.len().div_ceil(options.batch);
    for epoch in 0..options.epochs {
        let progress_through = epoch as f32 / (options.epochs.max(2) - 1) as f32;
        let rate = options.rate * (final_rate / options.rate).powf(progress_through);
        for index in (1..order.len()).rev() {
            order.swap(index, random.below(index + 1));
        }
        let bar = progress::bar(batches as u64, "batches");
        let epoch_start = Instant::now();
        let mut error = 0.0;
        for batch in order.chunks(options.batch) {
            let share = batch.len().div_ceil(options.threads);
            error += std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(share)
                    .zip(gradients.iter_mut())
                    .zip(scratches.iter_mut())
                    .map(|((part, gradient), scratch)| {
                        let (parameters, train) = (&parameters, &train);
                        scope.spawn(move || {
                            gradient.fill_zero();
                            batch_gradient(parameters, train, part, k, gradient, scratch)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|handle| handle.join().expect("a training thread does not panic"))
                    .sum::<f64>()
            });
            let used = batch.len().div_ceil(share);
            let (first, others) = gradients.split_at_mut(1);
            for other in &others[..used - 1] {
                first[0].add(other);
            }
            let mean = 1.0 / batch.len() as f32;
            first[0].values_mut().for_each(|value| *value *= mean);
            adam.step(&mut parameters, &first[0], rate);
            bar.inc(1);
        }
        bar.finish_and_clear();
        let (target_error, result_error) = evaluate(&parameters, &held_out, k);
        println!(
            "epoch {:>3}: rate {rate:.6}, train {:.6}, held out {target_error:.6} (targets) \
             {result_error:.6} (results){}, {:.0} s",
            epoch + 1,
            error / train.len() as f64,
            validation_errors(&parameters, &validation, k),
            epoch_start.elapsed().as_secs_f64()
        );
        let network = parameters
            .with_rounded_output(&held_out)
            .to_network()
            .with_mirrored_views(options.mirrored_views);
        if validation.len() > 0 {
            let written =
                Parameters::from_network(&network, options.king_buckets, options.buckets)?;
            println!(
                "  as written{}",
                validation_errors(&written, &validation, k)
            );
        }
        std::fs::write(&options.out, network.to_bytes())
            .map_err(|error| format!("cannot write {}: {error}", options.out))?;
    }
    println!(
        "wrote {} after {:.0} s",
        options.out,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, String> {
        Options::parse(
            &line
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn no_epochs_only_reads_the_errors_of_a_start_network() {
        let options = parse("data.txt --epochs 0 --start net.pfnn").expect("valid");
        assert_eq!(options.epochs, 0);
        assert!(parse("data.txt --epochs 0").is_err());
        assert!(parse("data.txt --epochs 0 --start net.pfnn --batch 0").is_err());
    }

    #[test]
    fn a_teacher_scores_from_whites_view() {
        assert!(parse("--teacher net.pfnn --teacher-data data.txt").is_ok());
        assert!(parse("data.txt --teacher net.pfnn").is_err());
        assert!(parse("data.txt --teacher-data other.txt").is_err());
        // The same position with the colours swapped: the side to move scores the same, so
        // White's score changes sign.
        let network = Network::embedded();
        let black_to_move: Board =
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9"
                .parse()
                .expect("a valid FEN");
        let white_to_move: Board =
            "2kr1b1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 3 9"
                .parse()
                .expect("a valid FEN");
        let score = white_score(&network, &white_to_move);
        assert_ne!(score, 0.0);
        assert_eq!(score, network.evaluate(&white_to_move) as f32);
        assert_eq!(white_score(&network, &black_to_move), -score);
    }

    #[test]
    fn several_teachers_score_with_their_mean() {
        let options =
            parse("--teacher a.pfnn --teacher b.pfnn --teacher-data data.txt").expect("valid");
        assert_eq!(options.teachers, ["a.pfnn", "b.pfnn"]);
        let board: Board = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9"
            .parse()
            .expect("a valid FEN");
        let shipped = Network::embedded();
        // A network of one hidden value whose every input and the bias weigh 1: it scores the
        // position by its piece count alone, far from the shipped network's score.
        let counting =
            Network::from_parts(1, vec![1; FEATURE_COUNT], vec![1], vec![64, 64], vec![0])
                .expect("a valid network");
        let (first, second) = (
            white_score(&shipped, &board),
            white_score(&counting, &board),
        );
        assert_ne!(first, second);
        let networks = [(*shipped).clone(), counting];
        assert_eq!(mean_white_score(&networks, &board), (first + second) / 2.0);
        assert_eq!(mean_white_score(&networks[..1], &board), first);
    }

    #[test]
    fn threads_read_the_lines_as_one_does_in_their_order() {
        let fens = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "8/5k2/8/3K4/8/8/4Q3/8 w - - 0 60",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4rrk1/pp3ppp/8/8/8/8/PPP2PPP/4RRK1 b - - 5 30",
        ];
        let lines: Vec<(usize, String)> = fens
            .iter()
            .enumerate()
            .map(|(index, fen)| (index + 1, format!("{fen};0.5;{}", 10 * index as i32 - 20)))
            .chain(std::iter::once((6, String::new())))
            .collect();
        let shipped = Network::embedded();
        let teachers = [(*shipped).clone()];
        let summary = |samples: Vec<Sample>| -> Vec<(String, f32, bool)> {
            samples
                .into_iter()
                .map(|sample| (sample.board.to_string(), sample.score, sample.held_out))
                .collect()
        };
        for (mirror, teachers) in [(false, &[][..]), (true, &teachers[..])] {
            let reader = LineReader {
                path: "data.txt",
                mirror,
                hold_out: true,
                teachers,
            };
            let one = summary(reader.samples(&lines, 1).expect("valid lines"));
            // The mirror images of the positions without castling rights follow them.
            assert_eq!(one.len(), if mirror { 8 } else { 5 });
            assert_eq!(one[0].0, fens[0]);
            if teachers.is_empty() {
                assert_eq!(one[1].1, -10.0);
            } else {
                let board: Board = fens[0].parse().expect("a valid FEN");
                assert_eq!(one[0].1, white_score(&shipped, &board));
            }
            for threads in [2, 3, 8] {
                assert_eq!(
                    summary(reader.samples(&lines, threads).expect("valid")),
                    one
                );
            }
        }
        let mut broken = lines.clone();
        broken[3].1 = "8/8/8 w - - 0 1;0.5;0".to_string();
        let reader = LineReader {
            path: "data.txt",
            mirror: false,
            hold_out: true,
            teachers: &[],
        };
        let error = reader.samples(&broken, 3).err().expect("a broken FEN");
        assert!(error.starts_with("data.txt, line 4:"), "{error}");
    }

    #[test]
    fn a_mirrored_position_swaps_the_files() {
        let fen = "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1";
        let mirrored = mirrored_fen(fen).expect("no castling rights");
        assert_eq!(mirrored, "8/5p2/4p3/r5PK/k1pP2R1/8/1P6/8 b - d3 0 1");
        let board: Board = mirrored.parse().expect("a legal position");
        assert_eq!(board.legal_moves().len(), {
            let original: Board = fen.parse().expect("a legal position");
            original.legal_moves().len()
        });
        assert_eq!(mirrored_fen(&mirrored).as_deref(), Some(fen));
        let castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(mirrored_fen(castling), None);
    }

    #[test]
    fn a_network_refined_into_king_buckets_starts_as_it_was() {
        let network = Network::embedded();
        let parameters = Parameters::from_network(&network, KING_BUCKETS, 1)
            .expect("one king bucket into several");
        let bucketed = parameters.to_network();
        assert_eq!(bucketed.king_bucket_count(), KING_BUCKETS);
        // Kings on each wing, in the centre and up the board, for both sides.
        for fen in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/5k2/8/3K4/8/8/8/8 w - - 0 1",
        ] {
            let board: Board = fen.parse().expect("a valid FEN");
            assert_eq!(bucketed.evaluate(&board), network.evaluate(&board), "{fen}");
            let layout = InputLayout {
                king_buckets: KING_BUCKETS,
                mirrored_views: false,
            };
            assert_forward_pass_agrees(&parameters, layout, &network, &board);
        }
        assert!(Parameters::from_network(&bucketed, 1, 1).is_err());
    }

    /// The training's own forward pass of `board` with its inputs in `layout` agrees with
    /// `network`, the quantised `parameters`.
    fn assert_forward_pass_agrees(
        parameters: &Parameters,
        layout: InputLayout,
        network: &Network,
        board: &Board,
    ) {
        let mut positions = Positions::default();
        positions.push(board, layout, 0.5, 0.0);
        let mut scratch = Scratch::new(parameters.hidden);
        let output = forward(parameters, &Inputs::of(&positions, 0, 1), &mut scratch);
        let score = output * EVALUATION_SCALE as f32;
        assert!(
            (score - network.evaluate(board) as f32).abs() <= 2.0,
            "{board}: {score} against {}",
            network.evaluate(board)
        );
    }

    #[test]
    fn rounding_the_output_weights_keeps_the_mean_output() {
        let mut parameters =
            Parameters::from_network(&Network::embedded(), 1, 1).expect("its own size");
        // Moves smaller than the quantisation step, all the same way, as late training makes.
        let step = 1.0 / OUTPUT_SCALE as f32;
        for weight in &mut parameters.output_weights {
            *weight += 0.3 * step;
        }
        let layout = InputLayout {
            king_buckets: 1,
            mirrored_views: false,
        };
        let mut sample = Positions::default();
        for fen in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "2kr1b1r/pp3ppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R4RK1 w - - 3 9",
            "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - - 0 1",
        ] {
            sample.push(&fen.parse().expect("a valid FEN"), layout, 0.5, 0.0);
        }
        let mean_output = |parameters: &Parameters| -> f32 {
            let mut scratch = Scratch::new(parameters.hidden);
            (0..sample.len())
                .map(|position| {
                    forward(parameters, &Inputs::of(&sample, position, 1), &mut scratch)
                })
                .sum::<f32>()
                / sample.len() as f32
        };
        let corrected = parameters.with_rounded_output(&sample);
        let mut plain = corrected.clone();
        plain.output_biases = parameters.output_biases.clone();
        for weight in &corrected.output_weights {
            assert_eq!((weight / step).round() * step, *weight, "on the grid");
        }
        let centipawns = |output: f32| output * EVALUATION_SCALE as f32;
        let trained = centipawns(mean_output(&parameters));
        let lost = (centipawns(mean_output(&plain)) - trained).abs();
        assert!(lost > 2.0, "rounding alone moves the mean by {lost} cp");
        let kept = (centipawns(mean_output(&corrected)) - trained).abs();
        assert!(
            kept < 0.01,
            "the corrected bias keeps the mean within {kept} cp"
        );
        // The written network keeps that bias.
        let network = corrected.to_network();
        let board: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            .parse()
            .expect("a valid FEN");
        assert_forward_pass_agrees(&corrected, layout, &network, &board);
    }

    #[test]
    fn the_training_reads_mirrored_views_as_the_network_does() {
        let parameters = Parameters::from_network(&Network::embedded(), 1, 1).expect("its size");
        let network = parameters.to_network().with_mirrored_views(true);
        let layout = InputLayout {
            king_buckets: 1,
            mirrored_views: true,
        };
        // Kings on the same wing and on opposite wings, White's or Black's mirrored.
        for fen in [
            "2kr1b1r/pp3ppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
            "2kr1b1r/pp3ppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R4RK1 w - - 3 9",
            "8/5k2/8/3K4/8/8/8/8 w - - 0 1",
        ] {
            let board: Board = fen.parse().expect("a valid FEN");
            assert_forward_pass_agrees(&parameters, layout, &network, &board);
        }
        // The same weights read without mirroring score a position with a king on files a-d
        // otherwise.
        let board: Board = "2kr1b1r/pp3ppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9"
            .parse()
            .expect("a valid FEN");
        assert_ne!(
            network.evaluate(&board),
            parameters.to_network().evaluate(&board)
        );
    }

    #[test]
    fn a_widened_network_starts_as_it_was_and_learns_with_its_new_values() {
        let network = Network::embedded();
        let mut random = SplitMix64(7);
        for king_buckets in [1, KING_BUCKETS] {
            let narrow = Parameters::from_network(&network, king_buckets, 1).expect("its own size");
            let hidden = network.hidden_size() + 32;
            let wide = narrow.widened(hidden, &mut random);
            let widened = wide.to_network();
            assert_eq!(widened.hidden_size(), hidden);
            for fen in [
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/2KR1B1R b - - 3 9",
                "8/5k2/8/3K4/8/8/8/8 w - - 0 1",
            ] {
                let board: Board = fen.parse().expect("a valid FEN");
                assert_eq!(widened.evaluate(&board), network.evaluate(&board), "{fen}");
            }
            // The new values have inputs to learn from, and no say in the output yet.
            let new_rows = |values: &[f32]| -> Vec<f32> {
                values
                    .chunks(hidden)
                    .flat_map(|row| row[network.hidden_size()..].to_vec())
                    .collect()
            };
            let first_layer = if king_buckets > 1 {
                &wide.factor_weights
            } else {
                &wide.feature_weights
            };
            assert!(new_rows(first_layer).iter().any(|&weight| weight != 0.0));
            assert!(
                new_rows(&wide.output_weights)
                    .iter()
                    .all(|&weight| weight == 0.0)
            );
        }
    }
}
